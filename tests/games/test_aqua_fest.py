"""Aqua Fest: one or more tests per rule of the rulebook as implemented.

Each docstring cites the rulebook heading the test checks (and the tutor's ruling from sections.RULINGS
where the rulebook is silent). Seats are 0-based here; the rulebook's first player is seat 0.
Cells are named like the lesson files: column letter A..E, row 1..5, row 1 = north; a south pawn's
start tile lies below row 5.

Card data is assumed (components.py): crab = orthogonal 1..2, octopus = any straight line 1..3,
seahorse = knight jump, turtle = any direction 1 and takes both layers, dolphin = straight 1..4 jumping
over obstacles, played alone. Strengths: crab-1 1, crab-3 2, crab-10 5, octopus-1 2, octopus-10 6,
seahorse-1 1, turtle-1 3, turtle-10 7, dolphin-1 5, dolphin-10 9.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import kit
from tutor.core.rules import section
from tutor.games import aqua_fest as A
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest import scenario
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move
from tutor.games.aqua_fest.shells import best_assembly

CORALS = [t for t in C.ALL_TILES if C.tile(t).coral]
UPPERS = [t for t in C.FRAGMENTS if C.tile(t).kind == "upper"]


# --------------------------------------------------------------------------- helpers

def cell(name: str) -> int:
    return scenario.cell_index(name)


def cells(*names) -> list[int]:
    return sorted(cell(n) for n in names)


def rc(name: str) -> tuple[int, int]:
    return B.coords(cell(name))


def position(players=2, *, upper=None, lower=None, empty=(), open_=(), pawns=None, hands=None, deck=None,
             collected=None, spare_to=None, **kw):
    """A fully conserved position: named tiles where asked, every other tile filled in a fixed order.

    upper/lower: {cell: id}; empty: cells with no tile at all; open_: cells whose (filler) lower tile lies
    face up with nothing on it. Filler corals go to the lower layer of the first free cells (A1, B1, ...,
    under upper fragments: harmless until turned up); filler fragments fill the rest. Tiles that find no
    cell go to the collection of seat `spare_to` (default: the last seat).
    pawns: {seat: cell}; hands: {seat: [cards]}; deck: cards (others are in the discard).
    """
    upper = {cell(k): v for k, v in (upper or {}).items()}
    lower = {cell(k): v for k, v in (lower or {}).items()}
    empty = {cell(k) for k in empty}
    open_ = {cell(k) for k in open_}
    collected = [list(c) for c in (collected or [[] for _ in range(players)])]
    used = set(upper.values()) | set(lower.values()) | {t for c in collected for t in c}
    filler = [t for t in CORALS if t not in used] + [t for t in C.FRAGMENTS if t not in used]
    up, low = [None] * 25, [None] * 25
    for i in range(25):
        if i in lower:
            low[i] = lower[i]
    for i in range(25):          # the lower layer first (corals first), then the upper
        if i not in empty and i not in lower and filler:
            low[i] = filler.pop(0)
    for i in range(25):
        if i in upper:
            up[i] = upper[i]
        elif i not in empty and i not in open_ and not (i in lower and i not in upper) and filler \
                and low[i] is not None:
            # uppers: never a coral from the filler (filler corals are all used in the lower layer first)
            up[i] = filler.pop(0)
    collected[players - 1 if spare_to is None else spare_to] += filler
    hands = hands or {}
    hand_list = [list(hands.get(s, [])) for s in range(players)]
    held = {c for h in hand_list for c in h}
    if deck is None:
        deck = [c for c in C.ALL_CARDS if c not in held][:10]
    pawn_list = [None] * players
    for s, where in (pawns or {}).items():
        pawn_list[s] = rc(where)
    return A.setup(players, seed=kw.pop("seed", 1), upper=up, lower=low, pawns=pawn_list, hands=hand_list,
                   deck=list(deck), collected=collected, **kw)


def go(state, *actions):
    """Apply legal actions in turn; returns the last state and all events."""
    events = []
    for action in actions:
        assert action in A.legal_actions(state, action.player), (action, A.legal_actions(state, action.player))
        state, ev = A.apply(state, action)
        events += ev
        assert A.check_invariants(state) == []
    return state, events


def kinds(events):
    return [e.kind.split(".", 1)[1] for e in events]


def check_names_rule(exc, slug=None):
    sec = section(exc.rule)
    if slug is not None:
        assert exc.rule == f"aqua_fest:{slug}", exc.rule
    for lang in ("en", "ru"):
        message = exc.explain(lang)
        assert sec.heading in message, (lang, message)
        assert exc.reason(lang) in message
    assert exc.explain("ru") != exc.explain("en")


def refused(state, action, slug=None, key=None):
    """An illegal action: RuleViolation naming a heading, the state equal to a copy decoded beforehand, not among
    the legal actions."""
    if isinstance(getattr(action, "player", None), int) and 0 <= action.player < state.players:
        assert action not in A.legal_actions(state, action.player)
    exc = kit.check_refused(A, state, action, ("en", "ru"))
    check_names_rule(exc, slug)
    if key is not None:
        assert exc.key == f"aqua_fest.err.{key}", exc.key
    return exc


def leaks(state, viewer):
    dumped = json.dumps(A.view(state, viewer))
    return [x for x in A.secrets(state, viewer) if json.dumps(x) in dumped]


# --------------------------------------------------------------------------- the rulebook text

def test_every_rule_reference_names_a_heading():
    """Every rule reference points at a rulebook heading (checked against the rulebook when the
    headings were copied; the rulebook itself is not shipped, so tests cannot read it)."""
    headings = [sec.heading for sec in A.SECTIONS]
    assert len(set(sec.id for sec in A.SECTIONS)) == len(headings)
    assert all(h.strip() for h in headings)
    for ruling in A.RULINGS:
        assert section(ruling.rule)
        assert ruling.say("en") and ruling.say("ru")


def test_component_counts():
    """Что входит в игровой набор?: 50 tiles, 50 cards, four start tiles and bonus tokens 1..4."""
    assert len(C.ALL_TILES) == 50 and len(C.ALL_CARDS) == 50
    assert C.BONUS_TOKENS == (1, 2, 3, 4)
    assert {C.tile(t).stars for t in C.FRAGMENTS} == {1, 2, 3}
    assert {C.tile(t).colour for t in C.FRAGMENTS} == set(C.COLOURS)


# --------------------------------------------------------------------------- setup

@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_five_cards_and_lays_two_layers(players):
    """Цель игры + ruling setup: 5 cards each; 25 lower tiles face down, 25 upper face up; pawns at home."""
    s = A.setup(players, seed=players)
    assert s.players == players
    assert all(len(h) == C.HAND_SIZE for h in s.hands)
    assert len(s.deck) == 50 - C.HAND_SIZE * players and s.discard == ()
    assert all(t is not None for t in s.upper) and all(t is not None for t in s.lower)
    assert not any(s.lower_open)
    assert s.pawns == (None,) * players and s.homes == (2,) * players
    assert s.turn == 0 and s.moves == 0 and not s.over
    assert A.check_invariants(s) == []
    v = A.view(s, 0)
    assert all(c["lower"] == {"hidden": True} for c in v["cells"])
    assert all(c["upper"]["id"] == s.upper[i] for i, c in enumerate(v["cells"]))
    teacher = A.view(s, None)
    assert [c["lower"]["id"] for c in teacher["cells"]] == list(s.lower)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_one_start_tile_per_side(players):
    """Цель игры + ruling setup."""
    s = A.setup(players, seed=1)
    assert len(set(s.sides)) == players and set(s.sides) <= set(C.SIDES)
    if players == 2:
        assert s.sides == ("south", "north")
    homes = {A.rules.position(s, p) for p in range(players)}
    assert len(homes) == players and all(not B.on_board(*h) for h in homes)
    with pytest.raises(A.RuleViolation) as info:
        A.setup(2, seed=1, sides=["south", "south"])
    check_names_rule(info.value, "goal")
    with pytest.raises(A.RuleViolation):
        A.setup(3, seed=1, sides=["south", "north", "up"])
    with pytest.raises(A.RuleViolation):
        A.setup(2, seed=1, homes=[2, 5])


@pytest.mark.parametrize("bad", [0, 1, 5, True, "2", None, 2.0])
def test_setup_refuses_player_counts_outside_2_to_4(bad):
    """Что входит в игровой набор? + ruling player-count: four pawns, four start tiles, 2..4 players."""
    with pytest.raises(A.RuleViolation) as info:
        A.setup(bad, seed=1)
    check_names_rule(info.value, "contents")


@pytest.mark.parametrize("players,first,want", [
    (2, 0, (1, 2)), (2, 1, (2, 1)), (3, 2, (2, 3, 1)), (4, 1, (4, 1, 2, 3)), (4, 3, (2, 3, 4, 1)),
])
def test_bonus_tokens_go_round_from_the_first_player(players, first, want):
    """Конец игры и подсчёт баллов (жетон 1..4) + ruling setup: the first player takes 1, the next 2, ..."""
    s = A.setup(players, seed=5, first=first)
    assert s.bonus == want and s.turn == first
    assert A.to_move(s) == [first]


def test_setup_is_reproducible_from_a_seed():
    """Цель игры (shuffled tiles and cards): the same seed gives the same opening, others differ."""
    assert A.setup(3, seed=11) == A.setup(3, seed=11)
    assert A.to_json(A.setup(3, seed=11)) == A.to_json(A.setup(3, seed=11))
    assert len({A.setup(3, seed=i).upper for i in range(5)}) > 1


def test_setup_refuses_broken_positions():
    """Цель игры: a position the box cannot make is refused with the reason."""
    s = A.setup(2, seed=1)
    bad_upper = list(s.upper)
    bad_upper[0] = s.upper[1]
    for kwargs in (dict(upper=bad_upper, lower=list(s.lower)),
                   dict(upper=list(s.upper), lower=list(s.lower)[:24]),
                   dict(pawns=[(2, 2), (2, 2)]),
                   dict(hands=[["crab-1"], ["crab-1"]], deck=[]),
                   dict(hands=[["nope"], []], deck=[])):
        with pytest.raises(A.RuleViolation) as info:
            A.setup(2, seed=1, **kwargs)
        check_names_rule(info.value, "goal")


# --------------------------------------------------------------------------- movement

def test_octopus_moves_exactly_two_in_straight_lines_any_direction():
    """Сила · Вид · Способ перемещения, «Важно!» (exactly the card's number of cells) + ruling straight-lines:
    the assumed octopus goes exactly 2 cells along any of the 8 lines."""
    assert C.MOVES["octopus"].reach == 2
    s = position(pawns={0: "C3"}, hands={0: ["octopus-1"]})
    want = cells("C1", "C5", "A3", "E3", "A1", "E1", "A5", "E5")
    assert sorted(A.destinations(s, 0, "octopus-1")) == want


def test_crab_moves_orthogonally_exactly_two():
    """Сила · Вид · Способ перемещения (assumed crab: across or up-down, exactly 2 cells)."""
    assert C.MOVES["crab"].reach == 2
    s = position(pawns={0: "C3"}, hands={0: ["crab-1"]})
    assert sorted(A.destinations(s, 0, "crab-1")) == cells("C1", "C5", "A3", "E3")
    refused(s, Move(0, "crab-1", cell("D4")), "cards", "out_of_reach")


def test_a_two_cell_crab_cannot_stop_after_one_cell():
    """Сила · Вид · Способ перемещения, «Важно!»: a card that moves a number of cells moves that number, so a
    2-cell crab may neither stop after 1 cell nor, at the edge, fall short because the seabed ends."""
    s = position(pawns={0: "C3"}, hands={0: ["crab-1"]})
    for short in ("C2", "B3", "D3", "C4"):
        assert cell(short) not in A.destinations(s, 0, "crab-1")
        refused(s, Move(0, "crab-1", cell(short)), "cards", "not_exact")
    edge = position(pawns={0: "B2"}, hands={0: ["crab-1"]})      # one cell from the north and west edges
    assert sorted(A.destinations(edge, 0, "crab-1")) == cells("D2", "B4")
    refused(edge, Move(0, "crab-1", cell("A2")), "cards", "not_exact")
    refused(edge, Move(0, "crab-1", cell("B1")), "cards", "not_exact")


def test_a_line_whose_last_cell_is_free_is_still_blocked_by_a_coral_before_it():
    """В подводном мире запрещено (перемещаться через препятствие): the exact cell is free, the cell before it is
    not, so a straight mover has no move that way, and stopping short before the coral is no move either."""
    s = position(upper={"C2": CORALS[0]}, pawns={0: "C3"}, hands={0: ["crab-1"]})
    assert cell("C1") not in A.destinations(s, 0, "crab-1")
    refused(s, Move(0, "crab-1", cell("C1")), "forbidden", "path_blocked")


def test_seahorse_jumps_like_a_knight_over_corals_and_pawns():
    """Сила · Вид · Способ перемещения + ruling straight-lines: the seahorse jumps like a chess knight."""
    ring = {n: CORALS[i] for i, n in enumerate(["B2", "C2", "D2", "B3", "D3", "B4", "C4"])}
    s = position(upper=ring, pawns={0: "C3", 1: "D4"}, hands={0: ["seahorse-1"], 1: ["crab-1"]})
    want = cells("B1", "D1", "A2", "E2", "A4", "E4", "B5", "D5")
    assert sorted(A.destinations(s, 0, "seahorse-1")) == want


def test_turtle_moves_one_cell_any_direction():
    """Сила · Вид · Способ перемещения (assumed turtle: one cell in any of the 8 directions)."""
    s = position(pawns={0: "C3"}, hands={0: ["turtle-1"]})
    assert sorted(A.destinations(s, 0, "turtle-1")) == cells("B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4")


def test_first_step_from_the_start_tile_enters_the_cell_beside_it():
    """Цель игры (start tile beside a seabed tile) + ruling moves-on-seabed."""
    s = position(hands={0: ["octopus-1", "crab-1", "seahorse-1", "turtle-1"]})    # south, beside C5
    assert sorted(A.destinations(s, 0, "crab-1")) == cells("C4")
    assert sorted(A.destinations(s, 0, "octopus-1")) == cells("C4", "A4", "E4")
    assert sorted(A.destinations(s, 0, "seahorse-1")) == cells("A5", "E5", "B4", "D4")
    assert sorted(A.destinations(s, 0, "turtle-1")) == cells("C5", "B5", "D5")
    north = position(first=1, hands={1: ["crab-1"]}, homes=[2, 0])  # north, beside A1
    assert sorted(A.destinations(north, 1, "crab-1")) == cells("A2")


def test_corals_cannot_be_stopped_on_or_passed():
    """Компоненты игры (кораллы — препятствия) + В подводном мире запрещено (останавливаться / перемещаться через)."""
    s = position(upper={"C2": CORALS[0], "D4": CORALS[1]}, pawns={0: "C3"}, hands={0: ["octopus-1"]})
    dests = A.destinations(s, 0, "octopus-1")
    for name in ("C2", "C1", "D4", "E5"):
        assert cell(name) not in dests
    assert cell("A1") in dests
    refused(s, Move(0, "octopus-1", cell("C2")), "forbidden", "stop_coral")
    refused(s, Move(0, "octopus-1", cell("C1")), "forbidden", "path_blocked")
    refused(s, Move(0, "octopus-1", cell("E5")), "forbidden", "path_blocked")


def test_pawns_are_obstacles_too():
    """В подводном мире запрещено (препятствие: тайл, занятый фишкой другого игрока)."""
    s = position(pawns={0: "C3", 1: "C2"}, hands={0: ["octopus-1"], 1: ["crab-1"]})
    dests = A.destinations(s, 0, "octopus-1")
    assert cell("C2") not in dests and cell("C1") not in dests
    refused(s, Move(0, "octopus-1", cell("C2")), "forbidden", "stop_pawn")
    refused(s, Move(0, "octopus-1", cell("C1")), "forbidden", "path_blocked")


def test_dolphin_jumps_over_corals_and_pawns_but_never_stops_on_them():
    """В подводном мире запрещено + ruling straight-lines (the dolphin flies over obstacles)."""
    s = position(upper={"C2": CORALS[0]}, pawns={0: "C4", 1: "C3"}, hands={0: ["dolphin-1"], 1: ["crab-1"]})
    dests = A.destinations(s, 0, "dolphin-1")
    assert cell("C1") in dests and cell("C2") not in dests and cell("C3") not in dests
    after, ev = go(s, Move(0, "dolphin-1", cell("C1")))
    assert after.pawns[0] == cell("C1") and "collected" in kinds(ev)


def test_another_players_start_tile_is_unreachable():
    """В подводном мире запрещено (перемещаться на стартовые тайлы других игроков) + ruling moves-on-seabed."""
    s = position(pawns={0: "C2"}, hands={0: ["dolphin-1", "octopus-1", "crab-1", "seahorse-1", "turtle-1"]})
    for card in s.hands[0]:
        assert all(0 <= d < 25 for d in A.destinations(s, 0, card))
    for to in (-1, 25, 99):
        refused(s, Move(0, "dolphin-1", to), "forbidden", "off_board")


def test_back_on_the_turns_starting_cell_its_tile_is_not_taken():
    """В подводном мире запрещено (забирать тайл, на котором стоит вначале хода) + ruling start-cell: the
    second move may end there (the rulebook forbids the taking, not the stop), and nothing is taken."""
    s = position(pawns={0: "C3"}, hands={0: ["crab-1", "crab-3"]}, lower={"C3": "u-white-1"})
    s, _ = go(s, Move(0, "crab-1", cell("C5")))
    assert s.lower_open[cell("C3")]           # the lower tile turned up when the pawn left
    assert cell("C3") in A.destinations(s, 0, "crab-3")
    back, events = go(s, Move(0, "crab-3", cell("C3")))
    assert back.pawns[0] == cell("C3") and "u-white-1" not in back.collected[0]
    assert back.lower[cell("C3")] == "u-white-1" and back.lower_open[cell("C3")]
    assert "start_tile_kept" in kinds(events) and "collected" not in kinds(events)


def test_empty_seabed_stop_is_allowed_and_takes_nothing():
    """В подводном мире запрещено: empty seabed may be crossed and stopped on by the usual rules; nothing to take."""
    s = position(empty=["C1"], pawns={0: "C3"}, hands={0: ["crab-1"]})
    s2, ev = go(s, Move(0, "crab-1", cell("C1")))
    assert s2.collected[0] == s.collected[0] and "empty_seabed" in kinds(ev)
    s3 = position(empty=["C2"], pawns={0: "C3"}, hands={0: ["crab-1"]})
    assert cell("C1") in A.destinations(s3, 0, "crab-1")       # an empty cell is no obstacle


# --------------------------------------------------------------------------- taking tiles

def test_taking_the_upper_tile_leaves_the_pawn_on_the_face_down_lower_tile():
    """Как играть?: the mover takes the tile where the move ends and the pawn waits on the face-down
    lower tile."""
    s = position(upper={"C4": "u-pink-2"}, lower={"C4": "ll-black-1"}, hands={0: ["crab-1"]})
    s, ev = go(s, Move(0, "crab-1", cell("C4")))
    assert s.collected[0][-1] == "u-pink-2" and s.upper[cell("C4")] is None
    assert s.lower[cell("C4")] == "ll-black-1" and not s.lower_open[cell("C4")]
    for viewer in (0, 1):
        assert A.view(s, viewer)["cells"][cell("C4")]["lower"] == {"hidden": True}
        assert "ll-black-1" not in json.dumps(A.view(s, viewer))
    assert A.view(s, None)["cells"][cell("C4")]["lower"]["id"] == "ll-black-1"


def test_lower_tile_turns_up_when_the_pawn_moves_away():
    """Как играть?."""
    s = position(lower={"C3": "ll-black-1"}, pawns={0: "C3"}, hands={0: ["crab-1"], 1: ["crab-3"]})
    assert not s.lower_open[cell("C3")]
    s, ev = go(s, Move(0, "crab-1", cell("C5")))
    assert s.lower_open[cell("C3")] and "tile_turned" in kinds(ev)
    assert A.view(s, 1)["cells"][cell("C3")]["lower"]["id"] == "ll-black-1"


def test_a_turned_up_lower_tile_is_collected_by_the_next_visitor():
    """Как играть? (a face-up lower tile is a shell fragment like any other)."""
    s = position(first=1, lower={"C5": "lr-black-2"}, open_=[], pawns={1: "C3"},
                 hands={1: ["crab-1"]})
    assert s.lower_open[cell("C5")]
    s, ev = go(s, Move(1, "crab-1", cell("C5")))
    assert "lr-black-2" in s.collected[1] and s.lower[cell("C5")] is None


def test_lower_tile_turns_up_when_the_pawn_goes_home_by_drawing_two():
    """Как играть? + ruling turn-over (any way of leaving)."""
    s = position(lower={"C3": "ll-black-1"}, pawns={0: "C3"})
    s, ev = go(s, DrawTwo(0, 4))
    assert s.pawns[0] is None and s.homes[0] == 4 and s.lower_open[cell("C3")]
    assert "tile_turned" in kinds(ev) and "went_home" in kinds(ev)


def test_lower_tile_turns_up_when_the_pawn_loses_a_battle():
    """Как происходит атака + ruling turn-over."""
    s = position(lower={"C3": "ll-black-1"}, pawns={0: "C4", 1: "C3"},
                 hands={0: ["dolphin-10"], 1: ["crab-1"]})
    s, ev = go(s, Attack(0, 1, "dolphin-10"), Defend(1, "crab-1"))
    assert s.pawns[1] is None and s.lower_open[cell("C3")] and "tile_turned" in kinds(ev)


def test_turtle_takes_both_layers_when_a_fragment_lies_beneath():
    """Как играть? + ruling both-layers."""
    s = position(upper={"C5": "u-pink-2"}, lower={"C5": "ll-black-1"}, hands={0: ["turtle-1"]})
    s, ev = go(s, Move(0, "turtle-1", cell("C5")))
    assert set(s.collected[0]) >= {"u-pink-2", "ll-black-1"}
    assert s.upper[cell("C5")] is None and s.lower[cell("C5")] is None
    s, ev = go(s, EndTurn(0))
    assert "tile_turned" not in kinds(ev)


def test_turtle_leaves_a_coral_beneath_face_down_until_the_pawn_leaves():
    """Компоненты игры + ruling both-layers: a coral beneath stays under the pawn, then turns up as an obstacle."""
    s = position(upper={"C5": "u-pink-2"}, lower={"C5": CORALS[0]}, hands={0: ["turtle-1", "turtle-3"]})
    s, _ = go(s, Move(0, "turtle-1", cell("C5")))
    assert "u-pink-2" in s.collected[0] and CORALS[0] not in s.collected[0]
    assert s.lower[cell("C5")] == CORALS[0] and not s.lower_open[cell("C5")]
    assert CORALS[0] not in json.dumps(A.view(s, 1))
    s, ev = go(s, Move(0, "turtle-3", cell("C4")))
    assert s.lower_open[cell("C5")] and A.rules.is_coral(s, cell("C5"))
    assert "tile_turned" in kinds(ev)


def test_turtle_on_an_open_lower_tile_takes_it():
    """Как играть? (turtle on a single face-up tile takes that tile)."""
    s = position(lower={"C4": "lr-black-2"}, pawns={0: "C3"}, hands={0: ["turtle-1"]})
    s, _ = go(s, Move(0, "turtle-1", cell("C4")))
    assert "lr-black-2" in s.collected[0] and s.lower[cell("C4")] is None


def test_coral_on_the_upper_layer_seals_the_tile_under_it():
    """Компоненты игры: the fragment under an
    upper coral never counts as left to collect, and nobody but the teacher sees it."""
    s = position(upper={"C3": CORALS[0]}, lower={"C3": "ll-white-3"})
    on_board = [t for t in s.upper + s.lower if t is not None and not C.tile(t).coral]
    assert "ll-white-3" in on_board
    assert A.fragments_left(s) == len(on_board) - 1
    for viewer in (0, 1):
        c3 = A.view(s, viewer)["cells"][cell("C3")]
        assert c3["sealed"] and c3["lower"] == {"hidden": True}
    assert A.view(s, None)["cells"][cell("C3")]["lower"]["id"] == "ll-white-3"
    assert A.rules.is_coral(s, cell("C3"))


# --------------------------------------------------------------------------- second card, drawing

def test_second_card_of_the_same_species_moves_again():
    """Как играть?."""
    s = position(upper={"C4": "u-pink-2", "C2": "u-white-2"}, hands={0: ["crab-1", "crab-3", "crab-5"]})
    s, _ = go(s, Move(0, "crab-1", cell("C4")), Move(0, "crab-3", cell("C2")))
    assert s.moves == 2 and {"u-pink-2", "u-white-2"} <= set(s.collected[0])
    assert not any(isinstance(a, Move) for a in A.legal_actions(s, 0))
    refused(s, Move(0, "crab-5", cell("C3")), "play", "two_moves")


def test_second_card_of_another_species_is_refused():
    """Как играть? (second card only of the same species) + ruling second-card."""
    s = position(hands={0: ["crab-1", "octopus-1"]})
    s, _ = go(s, Move(0, "crab-1", cell("C4")))
    assert not any(isinstance(a, Move) for a in A.legal_actions(s, 0))
    e = refused(s, Move(0, "octopus-1", cell("C3")), "play", "species")
    assert "crab" in e.explain("en")


def test_play_alone_card_blocks_a_second_card():
    """Как играть?."""
    s = position(hands={0: ["dolphin-1", "dolphin-3"]})
    s, _ = go(s, Move(0, "dolphin-1", cell("C3")))
    assert s.alone
    assert [a for a in A.legal_actions(s, 0) if isinstance(a, Move)] == []
    refused(s, Move(0, "dolphin-3", cell("C2")), "play", "alone_played")


def test_play_alone_card_cannot_be_the_second_card():
    """Как играть? (play-alone cards) + ruling second-card."""
    s = position(hands={0: ["crab-1", "dolphin-1"]})
    s, _ = go(s, Move(0, "crab-1", cell("C4")))
    refused(s, Move(0, "dolphin-1", cell("C2")), "play", "alone_second")


def test_end_turn_draws_one_card():
    """Как играть?."""
    s = position(hands={0: ["crab-1"]}, deck=["octopus-1", "octopus-3"])
    s, ev = go(s, Move(0, "crab-1", cell("C4")), EndTurn(0))
    assert s.hands[0] == ("octopus-1",) and s.deck == ("octopus-3",)
    assert s.turn == 1 and s.moves == 0 and "drew" in kinds(ev)


def test_end_turn_without_a_move_is_refused():
    """Как играть? (one of two actions: move then draw 1, or draw 2)."""
    s = position(hands={0: ["crab-1"]})
    refused(s, EndTurn(0), "play", "end_without_move")


def test_draw_two_after_a_move_is_refused():
    """Как играть? (moving and drawing two are alternative actions)."""
    s = position(hands={0: ["crab-1"]})
    s, _ = go(s, Move(0, "crab-1", cell("C4")))
    refused(s, DrawTwo(0), "play", "draw_two_after_move")
    refused(s, DrawTwo(0, 1), "play", "draw_two_after_move")


def test_draw_two_keeps_the_pawn_in_place():
    """Как играть?."""
    s = position(pawns={0: "C3"}, deck=["octopus-1", "octopus-3", "crab-1"])
    s, ev = go(s, DrawTwo(0))
    assert s.pawns[0] == cell("C3") and s.hands[0] == ("octopus-1", "octopus-3") and s.turn == 1
    assert not s.lower_open[cell("C3")]


def test_draw_two_home_slides_the_start_tile():
    """Как играть?."""
    s = position(pawns={0: "C3"}, hands={1: ["crab-1"]}, deck=["octopus-1", "octopus-3", "crab-5", "crab-7"])
    s, _ = go(s, DrawTwo(0, 0), DrawTwo(1))
    assert s.pawns[0] is None and s.homes[0] == 0
    assert sorted(A.destinations(s, 0, "octopus-1")) == cells("A4", "C4")
    refused(s, DrawTwo(0, 5), "play", "home_place")


def test_hand_size_is_unlimited():
    """Как играть?."""
    s = position(deck=list(C.ALL_CARDS[:20]))
    for _ in range(4):
        s, _ = go(s, DrawTwo(s.turn))
    assert len(s.hands[0]) == 4 and len(s.hands[1]) == 4
    s, _ = go(s, DrawTwo(0), DrawTwo(1), DrawTwo(0))
    assert len(s.hands[0]) == 8


def test_deck_is_reshuffled_from_the_discard_when_empty():
    """Как играть? + ruling empty-deck."""
    s = position(hands={0: ["crab-1"]}, deck=[])
    assert len(s.discard) == 49
    s2, ev = go(s, Move(0, "crab-1", cell("C4")), EndTurn(0))
    assert "reshuffled" in kinds(ev) and len(s2.hands[0]) == 1
    assert len(s2.deck) == 49 and s2.discard == ()
    again, _ = go(s, Move(0, "crab-1", cell("C4")), EndTurn(0))
    assert again == s2                                    # the shuffle comes from the state's seed


def test_drawing_from_an_empty_deck_and_discard_takes_what_there_is():
    """Ruling empty-deck: both empty -> draw what there is (nothing); the turn still passes."""
    every = list(C.ALL_CARDS)
    s = position(hands={0: every[:25], 1: every[25:]}, deck=[])
    assert s.deck == () and s.discard == ()
    s, ev = go(s, DrawTwo(0))
    assert len(s.hands[0]) == 25 and s.turn == 1


def test_out_of_turn_and_unknown_actions_are_refused():
    """Как играть? (players act in turn)."""
    s = position(hands={0: ["crab-1"], 1: ["crab-3"]})
    refused(s, Move(1, "crab-3", cell("C1")), "play", "not_your_turn")
    refused(s, DrawTwo(1), "play", "not_your_turn")
    refused(s, Move(0, "crab-3", cell("C5")), "play", "not_in_hand")
    refused(s, DrawTwo(7), "play", "no_seat")
    refused(s, Defend(0, "crab-1"), "attack", "no_battle")
    with pytest.raises(A.RuleViolation) as info:
        A.apply(s, "move")
    check_names_rule(info.value, "play")


# --------------------------------------------------------------------------- battles

@pytest.mark.parametrize("where", ["B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"])
def test_attack_reaches_all_eight_neighbours(where):
    """Подводные сражения."""
    s = position(pawns={0: "C3", 1: where}, hands={0: ["crab-1"], 1: ["crab-3"]})
    assert A.attackable(s, 0) == [1]
    assert Attack(0, 1, "crab-1") in A.legal_actions(s, 0)


@pytest.mark.parametrize("where", ["A1", "C1", "E3", "C5", "A3"])
def test_attack_needs_adjacency(where):
    """Подводные сражения (only a neighbouring pawn)."""
    s = position(pawns={0: "C3", 1: where}, hands={0: ["crab-1"], 1: ["crab-3"]})
    assert A.attackable(s, 0) == []
    refused(s, Attack(0, 1, "crab-1"), "battles", "not_adjacent")


def test_pawn_on_its_start_tile_cannot_be_attacked():
    """Подводные сражения."""
    s = position(first=1, pawns={1: "C5"}, hands={0: ["crab-1"], 1: ["crab-3"]})
    assert A.attackable(s, 1) == []
    refused(s, Attack(1, 0, "crab-3"), "battles", "target_home")


def test_a_pawn_at_home_may_attack_a_pawn_beside_its_start_tile():
    """Подводные сражения: only the pawn on a start tile is protected; nothing stops it attacking. Player 1
    (south, start tile beside C5) may attack player 2 on C5 or diagonally beside it, not farther away."""
    s = position(pawns={1: "C5"}, hands={0: ["crab-1"], 1: ["crab-3"]})
    assert s.pawns[0] is None and s.homes[0] == 2
    assert A.attackable(s, 0) == [1]
    s2, events = go(s, Attack(0, 1, "crab-1"))
    assert s2.battle == (0, 1, "crab-1") and [e.kind for e in events] == ["aqua_fest.attack"]
    # ... and the narration says it comes from the start tile, under the tutor's ruling (a learner took a bot's attack
    # from there for a wrong move, a reader, stop 60); an attack from the seabed says nothing of it
    from tutor.games.aqua_fest.text import narrate
    assert "start tile" in narrate(events[0], "en") and "ruling" in narrate(events[0], "en")
    assert "стартового тайла" in narrate(events[0], "ru")
    on_bed = position(pawns={0: "C4", 1: "C5"}, hands={0: ["crab-1"], 1: ["crab-3"]})
    assert "start tile" not in narrate(go(on_bed, Attack(0, 1, "crab-1"))[1][0], "en")
    for cell_name in ("B5", "D5"):
        assert A.attackable(position(pawns={1: cell_name}, hands={0: ["crab-1"], 1: ["crab-3"]}), 0) == [1]
    far = position(pawns={1: "C4"}, hands={0: ["crab-1"], 1: ["crab-3"]})
    assert A.attackable(far, 0) == []
    refused(far, Attack(0, 1, "crab-1"), "battles", "not_adjacent")


def test_target_without_cards_cannot_be_attacked():
    """Как происходит атака (both lay a card) + ruling battle-cards."""
    s = position(pawns={0: "C3", 1: "C4"}, hands={0: ["crab-1"], 1: []})
    assert A.attackable(s, 0) == []
    refused(s, Attack(0, 1, "crab-1"), "battles", "target_no_cards")
    refused(s, Attack(0, 0, "crab-1"), "battles", "attack_self")
    refused(s, Attack(0, 1, "crab-3"), "play", "not_in_hand")


def test_attack_card_is_hidden_until_the_defence():
    """Как происходит атака."""
    s = position(3, pawns={0: "C3", 1: "C4"}, hands={0: ["dolphin-10", "crab-1"], 1: ["crab-3"], 2: ["crab-5"]})
    s, ev = go(s, Attack(0, 1, "dolphin-10"))
    assert A.to_move(s) == [1] and s.battle == (0, 1, "dolphin-10")
    for viewer in (1, 2):
        assert "dolphin-10" not in json.dumps(A.view(s, viewer))
        assert A.view(s, viewer)["battle"]["card"] == {"hidden": True}
        assert leaks(s, viewer) == []
    assert A.view(s, 0)["battle"]["card"]["id"] == "dolphin-10"
    assert A.legal_actions(s, 0) == [] and A.legal_actions(s, 1) == [Defend(1, "crab-3")]
    refused(s, Move(0, "crab-1", cell("C2")), "attack", "await_defence")
    refused(s, EndTurn(0), "attack", "await_defence")
    refused(s, Defend(2, "crab-5"), "attack", "await_defence")
    refused(s, Defend(1, "crab-5"), "play", "not_in_hand")
    s, ev = go(s, Defend(1, "crab-3"))
    for viewer in (0, 1, 2):
        last = A.view(s, viewer)["last_battle"]
        assert last["attack_card"]["id"] == "dolphin-10" and last["defence_card"]["id"] == "crab-3"


def test_stronger_card_wins_a_random_fragment_and_sends_the_loser_home():
    """Как происходит атака (большее значение силы побеждает; случайный тайл; фишка проигравшего — домой;
    обе карты в сброс) + ruling battle-prize."""
    prizes = set()
    for seed in range(12):
        s = position(pawns={0: "C3", 1: "C4"}, hands={0: ["dolphin-10"], 1: ["crab-1"]}, seed=seed,
                     collected=[[], ["u-white-1", "u-pink-2", "u-black-3"]], spare_to=0)
        after, ev = go(s, Attack(0, 1, "dolphin-10"), Defend(1, "crab-1"))
        again, _ = go(s, Attack(0, 1, "dolphin-10"), Defend(1, "crab-1"))
        assert after == again                                   # the seeded dice are part of the state
        prize = [t for t in after.collected[0] if t not in s.collected[0]]
        assert len(prize) == 1 and prize[0] in s.collected[1] and prize[0] not in after.collected[1]
        assert len(after.collected[1]) == 2
        prizes.add(prize[0])
        assert after.pawns[1] is None and after.pawns[0] == cell("C3")
        assert after.discard[-2:] == ("dolphin-10", "crab-1")
        assert "battle_won" in kinds(ev)
        assert after.turn == 0 and after.battle is None
    assert len(prizes) > 1                                      # the prize is random, not fixed


def test_defender_can_win_the_battle():
    """Как происходит атака: whoever shows more strength wins, attacker or defender."""
    s = position(pawns={0: "C3", 1: "C4"}, hands={0: ["crab-1"], 1: ["dolphin-10"]},
                 collected=[["u-white-1"], []], spare_to=1)
    s, _ = go(s, Attack(0, 1, "crab-1"), Defend(1, "dolphin-10"))
    assert s.pawns[0] is None and s.pawns[1] == cell("C4")
    assert "u-white-1" in s.collected[1] and "u-white-1" not in s.collected[0]


def test_loser_without_fragments_gives_nothing_but_goes_home():
    """Ruling battle-prize: a loser with no fragments still goes home."""
    s = position(pawns={0: "C3", 1: "C4"}, hands={0: ["dolphin-10"], 1: ["crab-1"]}, spare_to=0)
    s2, ev = go(s, Attack(0, 1, "dolphin-10"), Defend(1, "crab-1"))
    assert s2.collected == s.collected and s2.pawns[1] is None


def test_equal_strength_sends_both_home():
    """Как происходит атака."""
    s = position(pawns={0: "C3", 1: "C4"}, hands={0: ["crab-3"], 1: ["octopus-1"]},
                 lower={"C3": "ll-black-1", "C4": "ll-black-2"},
                 collected=[["u-white-1"], ["u-pink-1"]], spare_to=1)
    assert not s.lower_open[cell("C3")] and not s.lower_open[cell("C4")]
    s2, ev = go(s, Attack(0, 1, "crab-3"), Defend(1, "octopus-1"))
    assert s2.pawns == (None, None) and s2.collected == s.collected
    assert set(s2.discard[-2:]) == {"crab-3", "octopus-1"} and "battle_tied" in kinds(ev)
    assert s2.lower_open[cell("C3")] and s2.lower_open[cell("C4")]


def test_attacker_may_move_after_a_battle():
    """Подводные сражения."""
    s = position(pawns={0: "C3", 1: "C4"}, hands={0: ["dolphin-10", "crab-1"], 1: ["crab-3"]})
    s, _ = go(s, Attack(0, 1, "dolphin-10"), Defend(1, "crab-3"))
    s, _ = go(s, Move(0, "crab-1", cell("C5")))      # across C4, which the beaten pawn left
    s, _ = go(s, EndTurn(0))
    assert s.turn == 1


def test_attacker_may_attack_again_and_after_moving():
    """Подводные сражения."""
    s = position(3, pawns={0: "C3", 1: "C4", 2: "B2"},
                 hands={0: ["dolphin-10", "dolphin-9", "crab-1"], 1: ["crab-3"], 2: ["crab-5"]})
    s, _ = go(s, Move(0, "crab-1", cell("C1")))
    assert A.attackable(s, 0) == [2]
    s, _ = go(s, Attack(0, 2, "dolphin-10"), Defend(2, "crab-5"))
    s2 = position(3, pawns={0: "C3", 1: "C4", 2: "B3"},
                  hands={0: ["dolphin-10", "dolphin-9"], 1: ["crab-3"], 2: ["crab-5"]})
    s2, _ = go(s2, Attack(0, 1, "dolphin-10"), Defend(1, "crab-3"), Attack(0, 2, "dolphin-9"), Defend(2, "crab-5"))
    assert s2.pawns[1] is None and s2.pawns[2] is None and s2.turn == 0


def test_after_an_attack_the_turn_ends_with_one_card_even_without_a_move():
    """Как происходит атака: after an attack the player may move, attack again or end the turn drawing a
    card; ruling attack-then-draw: drawing two (the other kind of turn) is not offered after an attack."""
    s = position(pawns={0: "C3", 1: "C4"}, hands={0: ["dolphin-10", "crab-1"], 1: ["crab-3"]}, deck=["turtle-1"])
    s, _ = go(s, Attack(0, 1, "dolphin-10"), Defend(1, "crab-3"))
    assert s.turn == 0 and s.moves == 0 and s.attacked
    legal = A.legal_actions(s, 0)
    assert EndTurn(0) in legal and DrawTwo(0) not in legal and not any(isinstance(a, DrawTwo) for a in legal)
    refused(s, DrawTwo(0), "battles", "draw_two_after_attack")
    before = len(s.hands[0])
    s, events = go(s, EndTurn(0))
    assert s.turn == 1 and not s.attacked and len(s.hands[1 - 1]) == before + 1
    assert [e.kind for e in events][:1] == ["aqua_fest.drew"]


def test_without_a_move_or_an_attack_a_turn_cannot_end_with_one_card():
    s = position(pawns={0: "C3", 1: "A1"}, hands={0: ["crab-1"], 1: ["crab-3"]})
    refused(s, EndTurn(0), "play", "end_without_move")


def test_no_attack_after_drawing():
    """Подводные сражения: an attack comes before the player starts drawing."""
    s = position(pawns={0: "C3", 1: "C4"}, hands={0: ["dolphin-10", "dolphin-9"], 1: ["crab-3"]})
    s, _ = go(s, DrawTwo(0))
    refused(s, Attack(0, 1, "dolphin-10"), "play", "not_your_turn")


# --------------------------------------------------------------------------- end and scoring

def _endgame(last_cell="C4", last="u-white-1", sealed=True):
    """Every fragment collected but `last` (at `last_cell`) and one sealed under a coral at A1."""
    keep = {last, "ll-white-3", CORALS[0]}
    corals = [c for c in CORALS if c != CORALS[0]]
    others = [t for t in C.FRAGMENTS if t not in keep]
    upper, lower = {last_cell: last}, {last_cell: corals[0]}
    upper["A1"], lower["A1"] = CORALS[0], "ll-white-3"
    # the remaining corals face up on the lower layer of the far row
    for name, coral in zip(["B1", "C1", "D1", "E1", "A2", "B2"], corals[1:]):
        lower[name] = coral
    empty = [f"{c}{r}" for c in "ABCDE" for r in "12345" if f"{c}{r}" not in set(upper) | set(lower)]
    return dict(upper=upper, lower=lower, empty=empty,
                collected=[others[: len(others) // 2], others[len(others) // 2:]])


def test_game_ends_the_moment_the_last_collectable_fragment_is_taken():
    """Конец игры и подсчёт баллов + ruling end-at-once."""
    s = position(pawns={0: "C2"}, hands={0: ["crab-1", "crab-3"], 1: ["crab-5"]}, **_endgame())
    assert A.check_invariants(s) == []
    assert A.fragments_left(s) == 1                  # the fragment under the coral at A1 never counts
    s, ev = go(s, Move(0, "crab-1", cell("C4")))
    assert s.over and A.is_over(s) and "game_over" in kinds(ev)
    assert A.to_move(s) == [] and A.legal_actions(s, 0) == [] and A.legal_actions(s, 1) == []
    assert s.lower[cell("A1")] == "ll-white-3" and not s.lower_open[cell("A1")]
    refused(s, Move(0, "crab-3", cell("C5")), "end", "over")
    refused(s, EndTurn(0), "end", "over")
    assert all(c["lower"] == {"hidden": True} for c in [A.view(s, 0)["cells"][cell("A1")]])


def test_a_face_down_fragment_under_a_pawn_is_still_to_collect():
    """Конец игры и подсчёт баллов: a fragment under a pawn is still on the seabed; the game goes on."""
    setup_ = _endgame(last_cell="C4", last="u-white-1")
    setup_["lower"]["C4"] = setup_["upper"].pop("C4")       # the last fragment lies face down under pawn 2
    setup_["empty"] = [c for c in setup_["empty"]]
    s = position(first=1, pawns={0: "C2", 1: "C4"}, hands={0: ["crab-1"], 1: ["crab-3"]}, **setup_)
    assert not s.lower_open[cell("C4")] and A.fragments_left(s) == 1 and not s.over
    s, _ = go(s, Move(1, "crab-3", cell("E4")), EndTurn(1))
    assert s.lower_open[cell("C4")] and not s.over
    s, ev = go(s, Move(0, "crab-1", cell("C4")))
    assert s.over and "u-white-1" in s.collected[0]


def test_score_is_best_assembly_plus_bonus():
    """Как посчитать баллы: whole shells + the bonus token."""
    example = ["u-white-7", "u-pink-1", "u-black-7", "u-white-4", "ll-white-3", "lr-pink-1", "u-pink-4",
               "u-black-8", "ll-pink-1", "lr-pink-3", "u-pink-5", "u-pink-8"]
    s = position(first=1, collected=[example, []])
    board = A.score(s)
    assert s.bonus == (2, 1)
    assert board[0].total == best_assembly(example).points + 2 == 36
    for b in board:
        assert b.total == best_assembly(s.collected[b.player]).points + s.bonus[b.player]
        for line in b.lines:
            assert line.label("en") and line.label("ru")


def test_unused_fragments_score_nothing():
    """Ценность ракушек."""
    s = position(collected=[["u-white-1", "u-white-2", "ll-pink-1"], []], spare_to=1)
    assert A.score(s)[0].total == s.bonus[0] == 1


def test_equal_scores_are_broken_by_strength_in_hand_then_shared():
    """Конец игры и подсчёт баллов
    + ruling tie (still level: shared)."""
    c0 = ["u-white-1", "u-white-2", "u-white-3", "u-white-4"]   # 1+1+1+2 = 5, bonus 1 -> 6
    c1 = ["u-pink-1", "u-pink-2", "u-pink-3", "u-pink-9"]       # 1+1+1+1 = 4, bonus 2 -> 6
    assert sum(C.tile(t).stars for t in c0) == 5 and sum(C.tile(t).stars for t in c1) == 4
    for hand0, hand1, want in ((["crab-10"], ["crab-1"], [0]), (["crab-1"], ["crab-10"], [1]),
                               (["crab-3"], ["octopus-1"], [0, 1]), ([], [], [0, 1])):
        s = position(collected=[c0, c1], hands={0: hand0, 1: hand1}, spare_to=1)
        s = A.rules.replace(s, collected=(tuple(c0), tuple(c1)))   # only the shells matter for scores
        assert [b.total for b in A.score(s)] == [6, 6]
        assert A.winners(s) == want, (hand0, hand1)


# --------------------------------------------------------------------------- hidden information

@pytest.mark.parametrize("seed", range(3))
def test_views_hide_hands_collections_and_face_down_tiles(seed):
    """Как играть? + ruling turn-over."""
    s = A.setup(3, seed=seed)
    r = __import__("random").Random(seed)
    for _ in range(60):
        if s.over:
            break
        p = A.to_move(s)[0]
        s, _ = A.apply(s, r.choice(A.legal_actions(s, p)))
        for viewer in range(3):
            v = A.view(s, viewer)
            assert leaks(s, viewer) == []
            for seat in v["seats"]:
                if seat["seat"] == viewer:
                    assert [c["id"] for c in seat["hand"]] == list(s.hands[viewer])
                    assert [t["id"] for t in seat["collected"]] == list(s.collected[viewer])
                else:
                    assert seat["hand"] is None and seat["collected"] is None
                    assert seat["hand_count"] == len(s.hands[seat["seat"]])
        teacher = json.dumps(A.view(s, None))
        for t in s.lower:
            if t is not None:
                assert json.dumps(t) in teacher


def test_view_shows_destinations_only_to_the_player_to_move():
    """Как играть? (the player to move sees where each card can go; others see no one's hand)."""
    s = position(hands={0: ["crab-1"], 1: ["crab-3"]})
    assert A.view(s, 0)["destinations"] == {"crab-1": [list(rc("C4"))]}
    assert A.view(s, 1)["destinations"] == {}


# --------------------------------------------------------------------------- saved positions

def test_json_round_trip_is_exact_through_a_game():
    """Engine contract: to_json / state_from_json round-trip exactly, including battles and the end."""
    r = __import__("random").Random(3)
    s = A.setup(4, seed=3)
    seen_battle = False
    while not s.over:
        text = A.to_json(s)
        back = A.state_from_json(text)
        assert back == s and A.to_json(back) == text
        seen_battle |= s.battle is not None
        s, _ = A.apply(s, r.choice(A.legal_actions(s, A.to_move(s)[0])))
    assert A.state_from_json(A.to_json(s)) == s


def _saved(mutate):
    data = json.loads(A.to_json(position(3, pawns={0: "C3", 1: "C4"}, hands={0: ["crab-1"], 1: ["crab-3"]})))
    mutate(data)
    return json.dumps(data)


CORRUPTIONS = {
    "not json": lambda d: None,
    "format": lambda d: d.__setitem__("format", "tutor/maui/1"),
    "missing field": lambda d: d.pop("deck"),
    "unknown field": lambda d: d.__setitem__("colour", 1),
    "players": lambda d: d.__setitem__("players", 5),
    "players bool": lambda d: d.__setitem__("players", True),
    "sides twice": lambda d: d.__setitem__("sides", ["south", "south", "north"]),
    "homes": lambda d: d["homes"].__setitem__(0, 7),
    "bonus": lambda d: d.__setitem__("bonus", [1, 1, 2]),
    "upper length": lambda d: d["upper"].pop(),
    "upper type": lambda d: d["upper"].__setitem__(0, ["u-white-1"]),
    "tile twice": lambda d: d["upper"].__setitem__(0, d["upper"][1]),
    "unknown tile": lambda d: d["upper"].__setitem__(0, "u-green-1"),
    "hand not list": lambda d: d["hands"].__setitem__(0, 5),
    "deck null": lambda d: d.__setitem__("deck", None),
    "card lost": lambda d: d["deck"].pop(),
    "unknown card": lambda d: d["deck"].__setitem__(0, "shark-1"),
    "pawn cell": lambda d: d["pawns"].__setitem__(0, 25),
    "pawns together": lambda d: d["pawns"].__setitem__(1, d["pawns"][0]),
    "turn": lambda d: d.__setitem__("turn", 3),
    "moves": lambda d: d.__setitem__("moves", 3),
    "moves bool": lambda d: d.__setitem__("moves", True),
    "species": lambda d: d.__setitem__("species", "shark"),
    "alone": lambda d: d.__setitem__("alone", "no"),
    "lower_open": lambda d: d["lower_open"].__setitem__(0, 1),
    "turn_start": lambda d: d.__setitem__("turn_start", -3),
    "battle": lambda d: d.__setitem__("battle", [0, 0, "x"]),
    "last_battle": lambda d: d.__setitem__("last_battle", [0]),
    "rng": lambda d: d.__setitem__("rng", -1),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_malformed_saved_positions_are_refused_with_a_reason(name):
    """Engine contract: a malformed saved position raises SavedStateError saying what is wrong."""
    text = "{not json" if name == "not json" else _saved(CORRUPTIONS[name])
    with pytest.raises(A.SavedStateError) as info:
        A.state_from_json(text)
    assert str(info.value).startswith("This saved position cannot be loaded: ") and info.value.problem


@pytest.mark.parametrize("text", ["", "null", "[]", '"x"', "42"])
def test_non_object_saved_positions_are_refused(text):
    with pytest.raises(A.SavedStateError):
        A.state_from_json(text)


def test_actions_round_trip_through_json():
    """Engine contract: actions serialise for logs and replays."""
    for action in (Move(0, "crab-1", 12), Attack(1, 0, "dolphin-1"), Defend(0, "crab-3"), EndTurn(1),
                   DrawTwo(0), DrawTwo(1, 4)):
        assert A.action_from_json(json.dumps(action.to_json())) == action


# --------------------------------------------------------------------------- the scenario adapter

def test_scenario_setup_accepts_sparse_cells_and_players_from_one():
    """Lesson files: players counted from 1, cells A1..E5 (row 1 north), sparse upper/lower/empty."""
    s = scenario.setup({"players": 2, "upper": {"C3": "u-white-1"}, "lower": {"C3": "ll-white-1", "B2": "lr-pink-1"},
                        "empty": ["E5", "A5"], "pawns": {1: "D4"},
                        "collected": {2: ["u-black-1", "u-black-2", "u-black-3", "u-black-4", "u-black-5"]}, "hands": {1: ["crab-1"], 2: ["crab-3"]},
                        "deck": ["octopus-1"], "first": 2, "homes": {1: 1}})
    assert s.upper[cell("C3")] == "u-white-1" and s.lower[cell("C3")] == "ll-white-1"
    assert s.upper[cell("B2")] is None and s.lower_open[cell("B2")]
    assert s.upper[cell("E5")] is None and s.lower[cell("E5")] is None
    assert s.pawns[0] == cell("D4") and s.turn == 1 and s.homes == (0, 2)
    assert s.hands == (("crab-1",), ("crab-3",)) and s.deck == ("octopus-1",)
    assert A.check_invariants(s) == []
    with pytest.raises(ValueError):
        scenario.cell_index("F1")
    with pytest.raises(ValueError):
        scenario.setup({"players": 2, "colour": 1})


def test_scenario_rulebook_example_replays():
    """Как посчитать баллы: the rulebook's 36-point example as a lesson scenario."""
    import yaml
    path = Path(__file__).resolve().parents[2] / "lessons" / "aqua_fest" / "scenarios" / "scoring-36.yaml"
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    s = scenario.setup(spec["setup"])
    for step in spec["steps"]:
        assert scenario.expect(s, s, [], step["expect"]) == []


def test_scenario_actions_and_expectations():
    """Lesson files: actions by player number and cell name; expectations report what differs."""
    s = scenario.setup({"players": 2, "upper": {"C4": "u-white-1"}, "hands": {1: ["crab-1"]}, "deck": ["crab-3"]})
    acts = scenario.actions([{"move": {"player": 1, "card": "crab-1", "to": "C4"}}, {"end_turn": 1}], s)
    before = s
    events = []
    for a in acts:
        s, ev = A.apply(s, a)
        events += ev
    assert scenario.expect(before, s, events, {"collected": {1: ["u-white-1"]}, "pawn": {1: "C4"}, "turn": 2,
                                               "hand_count": {1: 1}, "events": ["collected", "drew"]}) == []
    assert scenario.expect(before, s, events, {"pawn": {1: "home"}})


def test_setup_refuses_a_pawn_on_an_upper_coral():
    """Компоненты игры (игроки не могут останавливаться на кораллах): no lesson may start a pawn on one."""
    with pytest.raises(A.RuleViolation) as info:
        position(upper={"C3": CORALS[0]}, pawns={0: "C3"})
    check_names_rule(info.value, "goal")
    # a face-down coral under a pawn is a real position (a turtle took the tile above it)
    s = position(lower={"C3": CORALS[0]}, pawns={0: "C3"})
    assert not s.lower_open[cell("C3")] and A.check_invariants(s) == []


@pytest.mark.parametrize("seed", range(30))
def test_scenario_filler_never_puts_a_coral_under_a_named_pawn(seed):
    """Lesson files: tiles not named are filled in seeded order, never a coral under a pawn."""
    s = scenario.setup({"players": 3, "seed": seed, "upper": {"C3": "u-white-1"},
                        "pawns": {1: "D4", 2: "B2", 3: "E5"}})
    assert A.check_invariants(s) == []


# --------------------------------------------------------------------------- laying the start tiles

def test_start_tiles_are_laid_in_turn_before_the_first_move():
    """Цель игры + ruling setup: from the first player round the table, each lays a start tile beside a
    cell of their side; nothing else may happen until all are down."""
    s = A.setup(3, seed=2, first=1, place_starts=True)
    assert s.placing == (1, 2, 0) and A.to_move(s) == [1]
    assert A.legal_actions(s, 1) == [A.PlaceStart(1, h) for h in range(5)]
    assert A.legal_actions(s, 0) == []
    refused(s, A.DrawTwo(1), "goal", "still_placing")
    refused(s, A.PlaceStart(0, 2), "goal", "place_in_turn")
    refused(s, A.PlaceStart(1, 5), "goal", "home_place")
    s, ev = go(s, A.PlaceStart(1, 0))
    assert s.homes[1] == 0 and s.placing == (2, 0)
    assert [e.kind for e in ev] == ["aqua_fest.start_placed"]
    s, _ = go(s, A.PlaceStart(2, 4))
    s, ev = go(s, A.PlaceStart(0, 3))
    assert s.placing == () and s.homes == (3, 0, 4) and A.to_move(s) == [1]
    assert [e.kind for e in ev] == ["aqua_fest.start_placed", "aqua_fest.turn"]
    assert s.bonus == (3, 1, 2)          # tokens still go round from the first player
    refused(s, A.PlaceStart(1, 2), "goal", "already_placed")
    assert A.state_from_json(A.to_json(s)) == s


def test_start_tile_narration_names_the_cell_beside_it():
    s = A.setup(2, seed=2, place_starts=True)
    s, ev = A.apply(s, A.PlaceStart(0, 1))
    assert "B5" in ev[0].narrate("en") and "B5" in ev[0].narrate("ru")
    s, ev = A.apply(s, A.PlaceStart(1, 4))
    assert "E1" in ev[0].narrate("en")


def test_unplaced_start_tiles_are_drawn_waiting():
    s = A.setup(2, seed=2, place_starts=True)
    svg = A.render(A.view(s, 0))
    assert svg.count('data-placed="no"') == 2
    s, _ = A.apply(s, A.PlaceStart(0, 1))
    svg = A.render(A.view(s, 0))
    assert svg.count('data-placed="no"') == 1 and svg.count('data-placed="yes"') == 1


def test_a_position_saved_before_attacks_were_tracked_still_loads():
    """Format 2 had no "attacked" flag: such a saved position loads as a turn without an attack."""
    s = position(pawns={0: "C3", 1: "A1"}, hands={0: ["crab-1"], 1: ["crab-3"]})
    data = json.loads(A.to_json(s))
    assert data.pop("attacked") is False and data.pop("arranged") is True and data["format"] == "tutor/aqua_fest/6"
    assert data.pop("aside") == len(s.discard) > 0 and data.pop("fought") == []
    data["format"] = "tutor/aqua_fest/2"
    assert A.state_from_json(json.dumps(data)) == dataclasses.replace(s, arranged=False, aside=0)


def test_a_position_saved_before_arranged_decks_were_marked_still_loads():
    """Format 3 had no "arranged" flag: such a saved position loads as a dealt deck, not a lesson's."""
    s = position(pawns={0: "C3", 1: "A1"}, hands={0: ["crab-1"], 1: ["crab-3"]})
    data = json.loads(A.to_json(dataclasses.replace(s, arranged=True)))
    assert data.pop("arranged") is True and data.pop("aside") > 0 and data.pop("fought") == []
    data["format"] = "tutor/aqua_fest/3"
    assert A.state_from_json(json.dumps(data)) == dataclasses.replace(s, arranged=False, aside=0)


def test_a_player_attacked_this_turn_may_not_be_attacked_again_till_the_next_turn():
    """Ruling another-player («атаковать другого игрока», a reader, stop 53: a bot that lost went home and attacked
    the same player again from its start tile): after a battle the attacker may attack another player, not the one
    just fought; the refusal says so, the state is unchanged, and the next turn starts afresh; a saved position
    of format 5, which had no such record, loads as a turn with nobody fought."""
    # player 1 (seat 0) sits south, its start tile beside C5; player 2 stands on C5, player 1 on C4 above it
    s = position(3, pawns={0: "C4", 1: "C5", 2: "A1"}, hands={0: ["crab-1", "crab-2", "crab-5"],
                                                             1: ["dolphin-10", "crab-3"], 2: ["crab-9"]})
    s, _ = A.apply(s, A.Attack(0, 1, "crab-1"))
    s, _ = A.apply(s, A.Defend(1, "dolphin-10"))       # 1 against 9: player 1 loses and goes home, beside C5
    assert s.pawns[0] is None and s.pawns[1] is not None and 1 in s.fought and s.turn == 0
    assert 1 not in A.attackable(s, 0)
    with pytest.raises(A.RuleViolation) as refused:
        A.apply(s, A.Attack(0, 1, "crab-2"))
    assert "another player" in refused.value.reason("en")
    assert not any(isinstance(a, A.Attack) and a.target == 1 for a in A.legal_actions(s, 0))
    s2, _ = A.apply(s, A.EndTurn(0))
    assert s2.fought == ()
    data = json.loads(A.to_json(s))
    data.pop("fought")
    data["format"] = "tutor/aqua_fest/5"
    assert A.state_from_json(json.dumps(data)) == dataclasses.replace(s, fought=())


def test_an_arranged_examples_left_out_cards_are_neither_shown_nor_counted_in_the_discard():
    """A "fresh" example showed 35 cards and a face-up dolphin in the discard pile (review 2026-12-04): the cards the
    example leaves out lie under the pile (State.aside), not counted, until the deck runs out and they are shuffled
    back in with the discards; a saved position claiming more of them than the pile holds is refused."""
    s = position(pawns={0: "C3", 1: "A1"}, hands={0: ["crab-1"], 1: ["crab-3"]}, deck=["octopus-1"])
    assert s.aside == len(s.discard) > 30
    v = A.view(s, 0)
    assert v["discard_count"] == 0 and v["discard_top"] is None
    s2, _ = A.apply(s, Move(0, "crab-1", cell("C5")))     # the crab card goes to the discard pile
    v2 = A.view(s2, 0)
    assert v2["discard_count"] == 1 and v2["discard_top"]["id"] == "crab-1" and s2.aside == s.aside
    data = json.loads(A.to_json(s))
    data["aside"] = len(data["discard"]) + 1
    with pytest.raises(A.SavedStateError):
        A.state_from_json(json.dumps(data))


# --------------------------------------------------------------------------- random games

def moving_on(actions, r):
    """A random policy that mostly moves, defends and ends turns (so that games reach their end)."""
    moves = [a for a in actions if isinstance(a, (Move, EndTurn, Defend))]
    return r.choice(moves if moves and r.random() < 0.8 else actions)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2 ** 32), first=st.integers(0, 3),
       late=st.sampled_from([0, 0, 20, 34, 38]))
def test_random_games_take_fragments_fight_and_end_when_the_seabed_is_bare(players, seed, first, late):
    """Random games, most of them late (`late` fragments already shared out) so that they reach the end, every
    step checked against the contract (tests/kit.py): fragments only leave the seabed, and the game ends exactly
    when none is left; a move lands on its cell, discards its card and takes what the seabed lost (two at most);
    a battle sends the loser home with a fragment fewer (both pawns on a tie); drawing or ending passes the turn;
    every score is at least the bonus token."""
    r = random.Random(seed)
    collected = None
    if late:
        taken = r.sample(C.FRAGMENTS, late)
        collected = [taken[p::players] for p in range(players)]
    state = A.setup(players, seed=seed, first=first % players, collected=collected)
    for before, action, new, events in kit.walk(A, state, r, steps=120, choose=moving_on, check=4,
                                                langs=("en", "ru")):
        left_before, left_after = A.fragments_left(before), A.fragments_left(new)
        assert left_after <= left_before and new.over == (left_after == 0)
        if isinstance(action, Move):
            assert new.pawns[action.player] == action.to and action.card in new.discard
            gained = len(new.collected[action.player]) - len(before.collected[action.player])
            assert 0 <= gained <= 2 and gained == left_before - left_after
        elif isinstance(action, Defend):
            attacker, defender, _ = before.battle
            sa, sd = (C.card(c).strength for c in new.last_battle[2:])
            if sa == sd:
                assert new.pawns[attacker] is None and new.pawns[defender] is None
            else:
                loser = defender if sa > sd else attacker
                assert new.pawns[loser] is None
                assert len(new.collected[loser]) == max(0, len(before.collected[loser]) - 1)
            event("battle fought")
        elif isinstance(action, (EndTurn, DrawTwo)):
            assert new.turn == (before.turn + 1) % before.players and new.moves == 0
        assert all(b.total >= new.bonus[b.player] for b in A.score(new))
    event(f"game over: {A.is_over(new)}")


# --------------------------------------------------------------------------- lesson positions a game could reach

def _pawn_problems(state) -> list[str]:
    """Where the rules could not have put a pawn: on a tile still face up on top (a pawn takes the upper tile where
    it stops and stands on the one beneath), on a coral showing, or two on one cell; and a face-down lower tile with
    no pawn on it (it turns up when its pawn leaves). A face-up lower fragment under a pawn is possible: a pawn may
    come back to the cell it began its turn on, and that tile is not taken («В подводном мире запрещено»)."""
    out = []
    on_board = [at for at in state.pawns if at is not None]
    if len(on_board) != len(set(on_board)):
        out.append("two pawns share a cell")
    for s, at in enumerate(state.pawns):
        if at is None:
            continue
        name = scenario._name(at)
        if state.upper[at] is not None:
            out.append(f"player {s + 1} stands on {name} over a tile still on top")
        elif state.lower[at] is not None and state.lower_open[at] and C.tile(state.lower[at]).coral:
            out.append(f"player {s + 1} stands on the coral of {name}")
    for i in range(B.N * B.N):
        if state.upper[i] is None and state.lower[i] is not None and not state.lower_open[i] and i not in on_board:
            out.append(f"the tile of {scenario._name(i)} lies face down with no pawn on it")
    return out


def _lesson_setups():
    import yaml
    from tutor.core.scenario import load_file, replay
    root = Path(__file__).resolve().parents[2] / "lessons" / "aqua_fest"
    for path in sorted(root.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "setup" not in data:
            continue
        yield f"{path.parent.name}/{path.stem}", scenario.setup(data["setup"])
        if path.parent.name == "scenarios":
            for frame in replay(load_file(path)).frames:
                yield f"{path.parent.name}/{path.stem} step {frame.index}", frame.state


def test_every_lesson_position_has_its_pawns_where_the_rules_let_them_stand():
    """Tasks, quizzes and worked examples set pawns on cells the rules could have brought them to (the club-teacher
    review saw pawns standing on face-up tiles they would have taken)."""
    seen, bad = 0, []
    for name, state in _lesson_setups():
        seen += any(at is not None for at in state.pawns)
        bad += [f"{name}: {p}" for p in _pawn_problems(state)]
    assert seen >= 8, "the lesson's positions with pawns on the seabed were checked"
    assert bad == []


def test_the_pawn_check_sees_a_pawn_on_a_tile_it_would_have_taken():
    state = A.setup(2, seed=3, pawns=[(2, 2), None])       # the engine's own setup leaves the tile on top
    assert any("over a tile still on top" in p for p in _pawn_problems(state))


def test_a_lesson_setup_puts_no_tile_on_top_under_a_pawn():
    """A lesson names where pawns stand; the cell's upper tile is the one its pawn took, so it is not on the seabed
    (with no bare cell to fill, it is in that player's collection), and a tile named on top of it is refused."""
    state = scenario.setup({"players": 2, "seed": 5, "upper": {"A1": "u-white-1"}, "pawns": {1: "C3", 2: "D4"}})
    for at in state.pawns:
        assert state.upper[at] is None and state.lower[at] is not None and not state.lower_open[at]
    assert sum(len(c) for c in state.collected) == 2          # every cell was filled: each pawn holds what it took
    every = [t for layer in (state.upper, state.lower) for t in layer if t] + [t for c in state.collected for t in c]
    assert sorted(every) == sorted(C.ALL_TILES)                # each tile once: none lost, none twice
    with pytest.raises(ValueError, match="C3"):
        scenario.setup({"players": 2, "seed": 5, "upper": {"C3": "u-white-1"}, "pawns": {1: "C3"}})


def test_a_lessons_arranged_deck_is_said_on_the_board_and_a_dealt_one_is_not():
    """A lesson's deck is short and its discard pile full from the first move: the board says the deck was set for
    the example (under the piles, in every layout, and in the words a screen reader gets); a dealt game says nothing."""
    arranged = A.setup(2, seed=3, hands=[["crab-1"], ["crab-3"]], deck=["crab-4", "crab-5"])
    dealt = A.setup(2, seed=3)
    assert arranged.arranged and not dealt.arranged and len(arranged.discard) > 0 == len(dealt.discard)
    for layout in ("phone", "laptop", "projector"):
        assert 'class="arranged"' in A.render(A.view(arranged, 0), lang="ru", layout=layout)
        assert 'class="arranged"' not in A.render(A.view(dealt, 0), lang="ru", layout=layout)
    assert "колода для примера" in A.render(A.view(arranged, 0), lang="ru")
    assert "Колода подобрана для примера" in A.render(A.view(arranged, 0), lang="ru")     # the description
    # a saved position keeps it
    assert A.state_from_json(A.to_json(arranged)).arranged


def test_a_deck_given_whole_is_not_called_arranged():
    """A drill built on a dealt game passes its whole deck on (drills.py): nothing is left out, nothing to say."""
    dealt = A.setup(2, seed=5)
    again = A.setup(2, seed=dealt.rng, hands=dealt.hands, deck=dealt.deck)
    assert not again.arranged and not again.discard


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_move_back_to_the_turns_first_cell_says_it_takes_nothing(lang):
    """A reader (stop 57): the second move back to the cell the turn began on was offered like any other cell though
    it takes nothing there (ruling start-cell). Its choice says so; another cell's choice does not."""
    from tutor.core.i18n import text
    from tutor.games.aqua_fest import ui
    s = position(pawns={0: "C3"}, hands={0: ["crab-1", "crab-3"]}, lower={"C3": "u-white-1"})
    s, _ = go(s, Move(0, "crab-1", cell("C5")))
    said = ui.label_in(s, Move(0, "crab-3", cell("C3")), lang)
    assert said == text("ui.af.to_turn_start", lang, cell="C3")
    assert ui.label_in(s, Move(0, "crab-3", cell("E5")), lang) is None


def test_a_turtle_that_leaves_a_coral_beneath_says_so():
    """A reader played a turtle, read "takes both layers" and got one fragment, with nothing said why (wave 24): the
    event says the tile beneath is a coral, left face down, in words everyone reads (it takes every fragment there,
    so the table knows)."""
    from tutor.core.scenario import replay
    from tutor.widgets.scenario import scenario_data
    frames = replay(scenario_data("aqua_fest/turtle")).frames
    said = [(e, e.narrate("en"), e.for_viewer(1).narrate("ru")) for f in frames for e in f.events
            if e.kind == "aqua_fest.collected" and e.data.get("coral_beneath")]
    assert said, "the turtle example leaves no coral beneath"
    for event, en, ru in said:
        assert event.data["beneath"] == [] and "coral" in en and "коралл" in ru
