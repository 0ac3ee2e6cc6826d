"""Мяури: one or more tests per rule of the rulebook as implemented.

Each docstring cites the rulebook heading the test checks (and the tutor's ruling where the rulebook
is silent). Seats are 0-based here; the rulebook's "игрок 1" is seat 0.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import kit
from tutor.core.rules import section
from tutor.games import maui
from tutor.games.maui import components as C
from tutor.games.maui.rules import Dive, Jellyfish

FISH = ["catfish-%d" % i for i in range(1, 8)] + ["tiger-%d" % i for i in range(1, 9)] + \
       ["tuna-%d" % i for i in range(1, 9)]


# --------------------------------------------------------------------------- helpers

def play(state, dives):
    """Lay one dive card per seat (in seat order); returns the state and the events of the last dive."""
    events = []
    for seat, card in enumerate(dives):
        state, ev = maui.apply(state, Dive(seat, card))
        events += ev
    return state, events


def leaks(state, viewer):
    """Secret ids that appear (as whole JSON strings) in the viewer's view."""
    dumped = json.dumps(maui.view(state, viewer))
    return [x for x in maui.secrets(state, viewer) if json.dumps(x) in dumped]


def kinds(events):
    return [e.kind for e in events]


def hands_for(players, round_, extra=()):
    """Hands for a position at `round_`: the highest 13 - round cards (plus nothing else)."""
    n = C.ROUNDS - round_ + 1
    return [list(range(13 - n, 13)) for _ in range(players)]


def refused(state, action, slug=None):
    """Apply an illegal action: RuleViolation naming a rule, and the state equal to a copy decoded beforehand."""
    exc = kit.check_refused(maui, state, action, ("en", "ru"))
    check_names_rule(exc, slug)
    return exc


def check_names_rule(exc, slug=None):
    sec = section(exc.rule)
    if slug is not None:
        assert exc.rule == f"maui:{slug}"
    for lang in ("en", "ru"):
        message = exc.explain(lang)
        assert sec.heading in message, (lang, message)
        assert exc.reason(lang) in message
    assert exc.explain("ru") != exc.explain("en")


def game_policy(state, seat):
    hand = state.hands[seat]
    return hand[(seat * 5 + state.round) % len(hand)]


def play_game(state):
    """Play to the end with a fixed policy (answering every jellyfish offer with discard)."""
    while not maui.is_over(state):
        if state.pending:
            state, _ = maui.apply(state, Jellyfish(state.pending[0], True))
            continue
        for seat in maui.to_move(state):
            state, _ = maui.apply(state, Dive(seat, game_policy(state, seat)))
        assert maui.check_invariants(state) == []
    return state


# --------------------------------------------------------------------------- the rulebook text

def test_every_rule_reference_names_a_heading():
    """Every rule reference points at a rulebook heading (checked against the rulebook when the
    headings were copied; the rulebook itself is not shipped, so tests cannot read it)."""
    headings = [sec.heading for sec in maui.SECTIONS]
    assert len(set(sec.id for sec in maui.SECTIONS)) == len(headings)
    assert all(h.strip() for h in headings)
    for ruling in maui.RULINGS:
        assert section(ruling.rule)
        assert ruling.say("en") and ruling.say("ru")


# --------------------------------------------------------------------------- setup

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_gives_each_player_a_dive_set(players):
    """ПОДГОТОВКА К ИГРЕ, 2 / СОСТАВ ИГРЫ: every player takes one set of dive cards 1..12."""
    s = maui.setup(players, seed=players)
    assert s.players == players and s.round == 1
    assert s.hands == (tuple(range(1, 13)),) * players
    assert s.discards == ((),) * players
    assert s.chosen == (None,) * players
    assert s.piles == ((),) * players
    assert maui.check_invariants(s) == []


@pytest.mark.parametrize("seed", range(8))
def test_setup_boxes_one_catch_card_unseen(seed):
    """ПОДГОТОВКА К ИГРЕ, 4: 37 catch cards shuffled, the top one boxed unseen, the rest a face-down deck."""
    s = maui.setup(4, seed=seed)
    assert len(s.removed) == 1
    assert len(s.deck) == 33 and all(len(cell) == 1 for cell in s.lagoon)
    every = list(s.deck) + list(s.removed) + list(s.boxed) + [c for cell in s.lagoon for c in cell]
    assert sorted(every) == sorted(C.ALL_CATCH)
    hidden = s.removed[0]
    for viewer in [None, 0, 1, 2, 3]:
        assert hidden not in json.dumps(maui.view(s, viewer))
    assert hidden in maui.secrets(s, 0)


def test_setup_is_reproducible_from_a_seed():
    """ПОДГОТОВКА К ИГРЕ, 4 (shuffle): the same seed gives the same game; another seed another deck."""
    assert maui.setup(5, seed=11) == maui.setup(5, seed=11)
    assert maui.to_json(maui.setup(5, seed=11)) == maui.to_json(maui.setup(5, seed=11))
    assert len({maui.setup(5, seed=i).deck for i in range(5)}) > 1


def test_kiti_starts_left_of_the_youngest():
    """ПОДГОТОВКА К ИГРЕ, 3 + ruling kiti-start: Kiti's right hand points to the youngest (default seat 0)."""
    assert maui.setup(4, seed=1).kiti == 0
    s = maui.setup(4, seed=1, youngest=2)
    assert s.kiti == 2
    assert maui.dispute_order(s, "right")[0] == 2
    assert maui.dispute_order(s, "left")[0] == 3
    assert maui.setup(4, seed=1, youngest=2, kiti=1).kiti == 1


@pytest.mark.parametrize("players", [0, 1, 2, 7, 8, -3, True, "4", 4.0, None])
def test_player_count_outside_3_to_6_is_refused(players):
    """СОСТАВ ИГРЫ + ruling player-count: six dive sets, at least three players."""
    with pytest.raises(maui.RuleViolation) as info:
        maui.setup(players)
    check_names_rule(info.value, "components")
    assert list(maui.PLAYERS) == [3, 4, 5, 6]


def test_unknown_variant_is_refused():
    """ВАРИАНТЫ ИГРЫ: only the two printed variants exist."""
    with pytest.raises(maui.RuleViolation) as info:
        maui.setup(4, variant=("sharks",))
    check_names_rule(info.value, "variants")


def test_setup_refuses_impossible_positions():
    """СОСТАВ ИГРЫ: a catch card exists once; a hand holds distinct cards 1..12, one per remaining round."""
    bad = [
        dict(lagoon={"deep": "tuna-1", "middle": "tuna-1", "shallow": "catfish-1"}),
        dict(lagoon={"deep": "shark-1", "middle": "tuna-2", "shallow": "catfish-1"}),
        dict(hands=[[1, 2]] * 4, round=2),
        dict(round=3),
        dict(round=0),
        dict(round=13),
        dict(piles=[[], []]),
        dict(kiti=9),
        dict(lagoon=["tuna-1", "tuna-2"]),
        # last round's card must be one the player has used, one per player (1 is still in hand here)
        dict(hands=[list(range(1, 12))] * 4, round=2, last=[1, 12, 12, 12]),
        dict(hands=[list(range(1, 12))] * 4, round=2, last=[12]),
    ]
    for kwargs in bad:
        with pytest.raises(maui.RuleViolation) as info:
            maui.setup(4, seed=1, **kwargs)
        check_names_rule(info.value)


def test_a_position_mid_game_may_show_last_rounds_cards():
    """A lesson's round-4 position said the boards keep last round's cards in view, under «last», and every box was
    empty (a reader, stop 60): setup(last=…) lays them there, and the scenario key does too."""
    s = maui.setup(3, seed=1, hands=[list(range(1, 12))] * 3, round=2, last=[12, None, 12])
    assert s.revealed == (12, None, 12)
    from pathlib import Path
    from tutor.core.scenario import load_file, replay
    root = Path(__file__).resolve().parents[2]
    first = replay(load_file(root / "lessons" / "maui" / "scenarios" / "information.yaml")).frames[0]
    assert all(c is not None for c in first.state.revealed)


# --------------------------------------------------------------------------- components

def test_catch_cards_match_the_rulebook():
    """ВИДЫ РЫБ В ЛАГУНЕ: counts and value ranges of every kind (37 cards in all)."""
    assert len(C.ALL_CATCH) == 37
    count = Counter(c.kind for c in C.CATCH_CARDS.values())
    assert count == {"catfish": 7, "tiger": 8, "tuna": 8, "lantern": 4, "jellyfish": 4, "seagull": 6}
    ranges = {"catfish": range(1, 6), "tiger": range(6, 10), "tuna": range(10, 16)}
    for c in C.CATCH_CARDS.values():
        if c.kind in ranges:
            assert c.value in ranges[c.kind], c
        elif c.kind == "jellyfish":
            assert c.value in (-10, -15)
        elif c.kind == "seagull":
            assert c.value == 0
    assert sorted(C.value(c) for c in C.ALL_CATCH if C.kind(c) == "lantern") == [1, 3, 5, 7]
    assert {C.value(c) for c in C.ALL_CATCH if C.kind(c) == "jellyfish"} == {-10, -15}
    assert all(c.provenance in (C.RULEBOOK, C.ASSUMED) for c in C.CATCH_CARDS.values())


# --------------------------------------------------------------------------- playing a round

def test_lagoon_filled_bottom_to_top_from_the_deck():
    """ХОД ИГРЫ: three new catch cards each round, laid deep -> middle -> shallow (bottom to top)."""
    deck = FISH[:6]
    s = maui.setup(3, deck=deck)
    assert s.lagoon == (("catfish-1",), ("catfish-2",), ("catfish-3",))
    assert s.deck == tuple(deck[3:])
    s, ev = play(s, [12, 6, 1])
    laid = [e for e in ev if e.kind == "maui.laid"]
    assert [(e.data["depth"], e.data["card"]) for e in laid] == [
        ("deep", "catfish-4"), ("middle", "catfish-5"), ("shallow", "catfish-6")]
    assert s.round == 2 and s.deck == ()


def test_game_lasts_twelve_rounds():
    """ХОД ИГРЫ / КОНЕЦ ИГРЫ: 12 rounds, one dive card each; the game ends after the 12th."""
    s = maui.setup(4, seed=3)
    rounds = 0
    while not maui.is_over(s):
        r = s.round
        s = play_round_policy(s)
        rounds += 1
        assert s.round == r + 1
    assert rounds == 12
    assert s.deck == () and all(h == () for h in s.hands)
    assert all(len(d) == 12 for d in s.discards)


def play_round_policy(s):
    r = s.round
    while s.round == r and not s.over:
        if s.pending:
            s, _ = maui.apply(s, Jellyfish(s.pending[0], True))
        else:
            seat = maui.to_move(s)[0]
            s, _ = maui.apply(s, Dive(seat, game_policy(s, seat)))
    return s


@pytest.mark.parametrize("seed", range(12))
def test_first_round_seagull_is_replaced(seed):
    """ХОД ИГРЫ, «Исключение!» + ruling first-round-seagull: no seagull in the round-1 lagoon."""
    deck = ["seagull-1", "tuna-1", "seagull-2", "tiger-1", "catfish-1", "tuna-2"]
    s = maui.setup(3, seed=seed, deck=deck)
    assert all(C.kind(cell[0]) != "seagull" for cell in s.lagoon)
    assert {"seagull-1", "seagull-2"} <= set(s.deck)
    assert sorted(s.deck + tuple(c for cell in s.lagoon for c in cell)) == sorted(deck)
    assert maui.check_invariants(s) == []


def test_first_round_seagull_replacement_repeats():
    """ХОД ИГРЫ, «Исключение!» + ruling first-round-seagull: a seagull replacement is replaced again."""
    deck = [f"seagull-{i}" for i in range(1, 7)] + ["tuna-1", "tiger-1", "catfish-1"]
    repeated = False
    for seed in range(10):
        s = maui.setup(3, seed=seed, deck=deck)
        assert sorted(c for cell in s.lagoon for c in cell) == ["catfish-1", "tiger-1", "tuna-1"]
        assert sorted(s.deck) == sorted(deck[:6])
    # the replacement events are visible in the events of a round-1 fill
    from tutor.games.maui.rules import _fill
    s0 = replace(maui.setup(3, seed=0, deck=deck), lagoon=((), (), ()), deck=tuple(deck))
    s1, ev = _fill(s0)
    replaced = [e for e in ev if e.kind == "maui.first_seagull_replaced"]
    repeated = len(replaced) >= 2
    assert repeated
    assert all(e.rule == "maui:play" for e in replaced)


def test_later_rounds_keep_seagulls():
    """ХОД ИГРЫ: the seagull exception is for round 1 only."""
    s = maui.setup(3, lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"},
                   deck=["seagull-1", "seagull-2", "seagull-3"])
    s, _ = play(s, [12, 6, 1])
    assert s.round == 2
    assert s.lagoon == (("seagull-1",), ("seagull-2",), ("seagull-3",))
    s2 = maui.setup(3, round=2, hands=hands_for(3, 2), deck=["seagull-4", "tuna-2", "tiger-2"])
    assert s2.lagoon[0] == ("seagull-4",)


# --------------------------------------------------------------------------- dives

def test_dives_are_simultaneous_and_hidden():
    """ХОД ИГРЫ: everyone lays one dive card face down, in any order; nobody sees another's choice."""
    s = maui.setup(4, seed=2)
    assert maui.to_move(s) == [0, 1, 2, 3]
    assert maui.legal_actions(s, 2) == [Dive(2, n) for n in range(1, 13)]
    s, ev = maui.apply(s, Dive(2, 7))
    assert kinds(ev) == ["maui.dive_chosen"]
    assert "7" not in json.dumps(ev[0].data)
    assert maui.to_move(s) == [0, 1, 3]
    assert maui.legal_actions(s, 2) == []
    assert maui.view(s, 2)["seats"][2]["chosen"]["value"] == 7
    for viewer in (0, 1, 3):
        assert maui.view(s, viewer)["seats"][2]["chosen"] == {"hidden": True}
        assert "dive-3-7" not in json.dumps(maui.view(s, viewer))
    assert s.round == 1  # nothing resolves before every card is down
    s, ev = maui.apply(s, Dive(0, 1))
    s, ev = maui.apply(s, Dive(3, 12))
    s, ev = maui.apply(s, Dive(1, 5))
    assert "maui.revealed" in kinds(ev) and s.round == 2
    assert s.revealed == (1, 5, 7, 12)
    assert maui.view(s, 0)["seats"][2]["revealed"]["value"] == 7


def test_choosing_twice_is_refused():
    """ХОД ИГРЫ: one dive card per player per round."""
    s = maui.setup(4, seed=2)
    s, _ = maui.apply(s, Dive(1, 7))
    refused(s, Dive(1, 8), "play")
    refused(s, Dive(1, 7), "play")


def test_used_dive_card_cannot_be_replayed():
    """ХОД ИГРЫ: used dive cards go to the discard pile and cannot be played again."""
    s = maui.setup(3, seed=2)
    s, _ = play(s, [12, 6, 1])
    assert s.discards == ((12,), (6,), (1,))
    assert 12 not in s.hands[0]
    exc = refused(s, Dive(0, 12), "play")
    assert exc.key == "maui.err.card_used"
    assert Dive(0, 12) not in maui.legal_actions(s, 0)


@pytest.mark.parametrize("card", [0, 13, -1, 99, "7", None, 7.5])
def test_dive_card_outside_1_to_12_is_refused(card):
    """СОСТАВ ИГРЫ: dive cards are numbered 1 to 12."""
    s = maui.setup(3, seed=2)
    refused(s, Dive(0, card), "components")


@pytest.mark.parametrize("seat", [-1, 3, 10, True, "0", None])
def test_dive_for_a_seat_not_at_the_table_is_refused(seat):
    """ПОДГОТОВКА К ИГРЕ: only the seated players dive."""
    s = maui.setup(3, seed=2)
    refused(s, Dive(seat, 5), "setup")


def test_unknown_action_is_refused():
    """ХОД ИГРЫ: only dives and jellyfish answers exist."""
    s = maui.setup(3, seed=2)
    refused(s, "pass", "play")
    refused(s, Jellyfish(0, True), "jellyfish")


# --------------------------------------------------------------------------- resolution

LAGOON = {"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"}


def test_deep_middle_shallow_without_ties():
    """1. Большая глубина / 2. Средняя глубина / 3. Малая глубина: highest, second highest, lowest."""
    s = maui.setup(5, kiti=0, lagoon=LAGOON)
    s, ev = play(s, [10, 12, 2, 11, 3])
    assert [p[-1] if p else None for p in s.piles] == [None, "tuna-1", "catfish-1", "tiger-1", None]
    catches = [e for e in ev if e.kind == "maui.catch"]
    assert [(e.data["depth"], e.data["player"], e.rule) for e in catches] == [
        ("deep", 1, "maui:deep"), ("middle", 3, "maui:middle"), ("shallow", 2, "maui:shallow")]
    assert sorted(e.data["player"] for e in ev if e.kind == "maui.empty_handed") == [0, 4]
    assert "maui.dispute" not in kinds(ev)


def test_middle_goes_to_highest_still_without_catch():
    """2. Средняя глубина + ruling resolution: a tied loser of the deep takes the middle before a lower card."""
    s = maui.setup(4, kiti=0, lagoon=LAGOON)
    s, _ = play(s, [9, 9, 5, 1])
    assert s.piles[0] == ("tuna-1",) and s.piles[1] == ("tiger-1",)
    assert s.piles[3] == ("catfish-1",) and s.piles[2] == ()


def test_shallow_goes_to_lowest_still_without_catch():
    """3. Малая глубина + ruling resolution: one catch per player, so three equal cards share the three cells."""
    s = maui.setup(3, kiti=0, lagoon=LAGOON)
    s, _ = play(s, [4, 4, 4])
    # right hand: 0 then 2 (counter-clockwise); the shallows go to the one left
    assert s.piles == (("tuna-1",), ("catfish-1",), ("tiger-1",))


def test_one_catch_per_player_per_round():
    """ХОД ИГРЫ: no player receives more than one catch card in a round."""
    for seed in range(6):
        s = maui.setup(3, seed=seed)
        while not s.over:
            before = [len(p) for p in s.piles]
            s = play_round_policy(s)
            grown = [len(p) - b for p, b in zip(s.piles, before)]
            assert all(g <= 1 for g in grown)


def test_dispute_order_geometry():
    """СПОРНЫЕ СИТУАЦИИ + ruling seating: right hand counter-clockwise, left hand clockwise."""
    s = maui.setup(4, kiti=0, lagoon=LAGOON)
    assert maui.dispute_order(s, "right") == [0, 3, 2, 1]
    assert maui.dispute_order(s, "left") == [1, 2, 3, 0]
    s = maui.setup(6, kiti=4, seed=1)
    assert maui.dispute_order(s, "right") == [4, 3, 2, 1, 0, 5]
    assert maui.dispute_order(s, "left") == [5, 0, 1, 2, 3, 4]


def test_dispute_order_without_kiti_says_why():
    """No fights: Kiti is not on the table, so there is no dispute order; asking names that (mypy found the
    seat None reaching the arithmetic, a bare TypeError)."""
    s = maui.setup(4, variant=[maui.NO_FIGHTS], lagoon=LAGOON)
    with pytest.raises(ValueError, match="Kiti"):
        maui.dispute_order(s, "right")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_kiti_right_hand_breaks_deep_and_middle_ties(players):
    """СПОРНЫЕ СИТУАЦИИ: for the deep and the middle, the tied diver nearest Kiti's right hand wins."""
    for k in range(players):
        s = maui.setup(players, kiti=k, lagoon=LAGOON)
        s, ev = play(s, [8] * players)
        right = maui.dispute_order(replace(s, kiti=k), "right")
        assert s.piles[right[0]] == ("tuna-1",)
        assert s.piles[right[1]] == ("tiger-1",)
        disputes = [e for e in ev if e.kind == "maui.dispute"]
        assert disputes[0].data["hand"] == "right" and disputes[0].rule == "maui:disputes"


@pytest.mark.parametrize("players", [4, 5, 6])
def test_kiti_left_hand_breaks_shallow_ties(players):
    """СПОРНЫЕ СИТУАЦИИ: for the shallows, the tied diver nearest Kiti's left hand wins."""
    for k in range(players):
        s = maui.setup(players, kiti=k, lagoon=LAGOON)
        dives = [2] * players
        dives[0], dives[1] = 12, 11
        s, ev = play(s, dives)
        tied = set(range(2, players))
        left = [x for x in maui.dispute_order(replace(s, kiti=k), "left") if x in tied]
        assert s.piles[left[0]] == ("catfish-1",)
        assert all(s.piles[x] == () for x in left[1:])
        shallow = [e for e in ev if e.kind == "maui.dispute" and e.data["depth"] == "shallow"]
        assert shallow[0].data["hand"] == "left"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_kiti_moves_one_seat_clockwise_each_round(players):
    """ХОД ИГРЫ: Kiti steps one place clockwise as each new round starts; after round 12 there is none, and she
    stays where round 12 was settled (a reader saw her step on after the last round)."""
    s = maui.setup(players, seed=4, kiti=players - 2)
    seen = [s.kiti]
    while not s.over:
        s = play_round_policy(s)
        seen.append(s.kiti)
    assert seen == [(players - 2 + i) % players for i in range(12)] + [(players - 2 + 11) % players]


def test_rulebook_worked_round():
    """ПРИМЕР РАУНДА ИГРЫ: P1 9, P2 6, P3 9, P4 9 -> P1 tuna, P4 tiger, P2 catfish, P3 nothing; Kiti to P2."""
    s = maui.setup(4, kiti=0, lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"})
    s, ev = play(s, [9, 6, 9, 9])
    assert s.piles == (("tuna-1",), ("catfish-1",), (), ("tiger-1",))
    assert s.kiti == 1
    assert s.discards == ((9,), (6,), (9,), (9,))
    disputes = [e for e in ev if e.kind == "maui.dispute"]
    assert [(e.data["depth"], e.data["players"], e.data["player"]) for e in disputes] == [
        ("deep", [0, 2, 3], 0), ("middle", [2, 3], 3)]
    assert [e.data["player"] for e in ev if e.kind == "maui.empty_handed"] == [2]
    for e in ev:
        assert section(e.rule)
        assert e.narrate("en") and e.narrate("ru")


def test_catch_pile_order():
    """ХОД ИГРЫ / ОТКРЫТАЯ И ЗАКРЫТАЯ ИНФОРМАЦИЯ: each catch goes on top of the pile; order is kept."""
    s = maui.setup(3, kiti=0, lagoon=LAGOON, deck=["tuna-2", "tiger-2", "catfish-2", "tuna-3", "tiger-3", "catfish-3"])
    s, _ = play(s, [12, 11, 1])
    s, _ = play(s, [2, 10, 3])
    s, _ = play(s, [10, 2, 9])
    assert s.piles == (("tuna-1", "catfish-2", "tuna-3"), ("tiger-1", "tuna-2", "catfish-3"),
                       ("catfish-1", "tiger-2", "tiger-3"))
    v = maui.view(s, 1)
    assert [seat["pile_top"]["id"] for seat in v["seats"]] == ["tuna-3", "catfish-3", "tiger-3"]
    assert [c["id"] for c in v["seats"][1]["pile"]] == list(s.piles[1])


# --------------------------------------------------------------------------- lantern fish

def lantern_position(**kw):
    return maui.setup(3, kiti=0, lagoon={"deep": "lantern-1", "middle": "tiger-1", "shallow": "catfish-1"},
                      deck=["tuna-1", "tuna-2", "tuna-3", "tiger-2", "tiger-3", "tiger-4"], **kw)


def test_lantern_makes_next_card_face_down_for_the_taker_only():
    """Морской фонарик: the next card in that cell lies face down; only the lantern's taker may look."""
    s = lantern_position()
    s, ev = play(s, [12, 6, 1])
    assert s.piles[0] == ("lantern-1",)
    assert s.face_down == ((0, 0),)
    laid = [e for e in ev if e.kind == "maui.laid"]
    assert laid[0].data == {"depth": "deep", "card": None, "face_down": True, "round": 2}
    assert laid[1].data["card"] == "tuna-2"
    mine = maui.view(s, 0)["lagoon"][0]["cards"]
    assert mine == [{"id": "tuna-1", "kind": "tuna", "value": C.value("tuna-1"), "face_down": True}]
    for viewer in (1, 2):
        v = maui.view(s, viewer)
        assert v["lagoon"][0]["cards"] == [{"hidden": True}]
        assert "tuna-1" not in json.dumps(v)
        assert "tuna-1" in maui.secrets(s, viewer)
    assert "tuna-1" not in maui.secrets(s, 0)
    assert maui.view(s)["lagoon"][0]["cards"][0]["id"] == "tuna-1"


def test_lantern_card_revealed_with_the_dives():
    """Морской фонарик + ruling lantern-reveal: the face-down card turns up when dive cards are revealed."""
    s = lantern_position()
    s, _ = play(s, [12, 6, 1])
    s, ev = maui.apply(s, Dive(1, 2))
    s, ev = maui.apply(s, Dive(2, 3))
    assert [c for c, _ in s.face_down] == [0]
    s, ev = maui.apply(s, Dive(0, 11))
    k = kinds(ev)
    assert k.index("maui.revealed") < k.index("maui.face_down_revealed") < k.index("maui.catch")
    reveal = ev[k.index("maui.face_down_revealed")]
    assert reveal.data == {"depth": "deep", "card": "tuna-1"} and reveal.rule == "maui:lantern"
    assert s.piles[0] == ("lantern-1", "tuna-1")
    assert s.face_down == ()


def test_lantern_in_middle_or_shallow_cell():
    """Морской фонарик: the face-down card goes in whichever cell held the lantern fish."""
    s = maui.setup(3, kiti=0, lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "lantern-2"},
                   deck=["tuna-2", "tuna-3", "tiger-2"])
    s, _ = play(s, [12, 6, 1])
    assert s.face_down == ((2, 2),)
    assert maui.view(s, 0)["lagoon"][2]["cards"] == [{"hidden": True}]
    assert maui.view(s, 2)["lagoon"][2]["cards"][0]["id"] == "tiger-2"


def test_lantern_taken_in_round_twelve_has_no_effect():
    """Морской фонарик + ruling lantern-reveal: after round 12 no card is laid, so nothing happens."""
    s = maui.setup(3, kiti=0, round=12, hands=[[5], [6], [7]],
                   lagoon={"deep": "lantern-1", "middle": "tiger-1", "shallow": "catfish-1"}, deck=[])
    s, ev = play(s, [5, 6, 7])
    assert s.over and s.face_down == ()
    assert s.piles[2] == ("lantern-1",)
    assert "maui.game_over" in kinds(ev)


def test_secrets_while_lantern_cell_waits_for_refill():
    """Морской фонарик + Медуза: with a jellyfish offer pending the lantern's cell is empty; views still work."""
    s = maui.setup(3, kiti=0, round=11, hands=[[1, 12], [1, 5], [1, 2]],
                   lagoon={"deep": "lantern-1", "middle": "jellyfish-3", "shallow": "tuna-2"},
                   piles=[[], ["jellyfish-1", "jellyfish-2"], []], deck=["catfish-1", "catfish-2", "catfish-3"])
    s, _ = play(s, [12, 5, 1])
    assert s.phase == "jellyfish" and [c for c, _ in s.face_down] == [0] and s.lagoon[0] == ()
    for viewer in (None, 0, 1, 2):
        assert leaks(s, viewer) == []
    s, _ = maui.apply(s, Jellyfish(1, True))
    assert maui.view(s, 1)["lagoon"][0]["cards"] == [{"hidden": True}]
    assert maui.view(s, 0)["lagoon"][0]["cards"][0]["id"] == "catfish-1"


def test_two_lanterns_in_one_round_mark_both_cells():
    """Морской фонарик: each cell that held a lantern gets its next card face down."""
    s = maui.setup(3, kiti=0, round=11, hands=[[11, 12], [1, 5], [3, 2]],
                   lagoon={"deep": "lantern-1", "middle": "catfish-2", "shallow": "lantern-2"},
                   deck=["tuna-1", "tuna-2", "tuna-3"])
    s, _ = play(s, [12, 5, 2])
    assert maui.view(s, 1)["lagoon"][0]["cards"] == [{"hidden": True}]
    assert maui.view(s, 1)["lagoon"][2]["cards"] == [{"hidden": True}]


# --------------------------------------------------------------------------- jellyfish

def jelly_position(players=3, **kw):
    kw.setdefault("piles", [["jellyfish-1", "tuna-2", "jellyfish-2"]] + [[]] * (players - 1))
    return maui.setup(players, kiti=0, lagoon={"deep": "jellyfish-3", "middle": "tiger-1", "shallow": "catfish-1"},
                      deck=["jellyfish-4", "tuna-3", "catfish-2", "tiger-2", "tiger-3", "catfish-3",
                            "tiger-4", "tiger-5", "tiger-6"], **kw)


def test_third_jellyfish_brings_the_offer():
    """Медуза: with three jellyfish in the pile the owner may discard them; play waits for the answer."""
    s = jelly_position()
    s, ev = play(s, [12, 6, 1])
    assert s.phase == "jellyfish" and s.pending == (0,)
    assert s.round == 1 and s.kiti == 0  # Kiti waits for the answer
    offer = [e for e in ev if e.kind == "maui.jellyfish_offer"]
    assert offer[0].data == {"player": 0, "count": 3} and offer[0].rule == "maui:jellyfish"
    assert maui.to_move(s) == [0]
    assert maui.legal_actions(s, 0) == [Jellyfish(0, True), Jellyfish(0, False)]
    assert maui.legal_actions(s, 1) == []
    refused(s, Dive(1, 5), "jellyfish")
    refused(s, Jellyfish(1, True), "jellyfish")
    assert maui.view(s, 2)["phase"] == "jellyfish"


def test_discarding_boxes_three_jellyfish():
    """Медуза: Jellyfish(p, True) puts three jellyfish in the box, the rest of the pile stays in order."""
    s = jelly_position()
    s, _ = play(s, [12, 6, 1])
    s, ev = maui.apply(s, Jellyfish(0, True))
    assert s.piles[0] == ("tuna-2",)
    assert {"jellyfish-1", "jellyfish-2", "jellyfish-3"} <= set(s.boxed)
    assert kinds(ev)[0] == "maui.jellyfish_discarded"
    assert ev[0].data["points"] == 35
    assert s.round == 2 and s.kiti == 1 and s.phase == "dive"
    assert maui.check_invariants(s) == []


def test_declining_stands_until_another_jellyfish():
    """Медуза + ruling jellyfish-choice: a refusal holds until a fourth jellyfish arrives; then the biggest
    three penalties go."""
    s = jelly_position()
    s, _ = play(s, [12, 6, 1])
    s, ev = maui.apply(s, Jellyfish(0, False))
    assert kinds(ev)[0] == "maui.jellyfish_kept"
    assert s.round == 2 and s.pending == () and len(s.piles[0]) == 4
    s, _ = play(s, [1, 5, 12])     # round 2: seat 0 takes the shallows (catfish-2): no new offer
    assert s.piles[0][-1] == "catfish-2"
    assert s.pending == () and s.round == 3
    # the same, but seat 0 takes the fourth jellyfish in round 2
    s = jelly_position()
    s, _ = play(s, [12, 6, 1])
    s, _ = maui.apply(s, Jellyfish(0, False))
    s, _ = play(s, [11, 5, 2])     # seat 0 takes jellyfish-4 from the deep
    assert s.piles[0][-1] == "jellyfish-4"
    assert s.pending == (0,)
    s, _ = maui.apply(s, Jellyfish(0, True))
    left = [c for c in s.piles[0] if C.kind(c) == "jellyfish"]
    assert len(left) == 1
    assert C.value(left[0]) == max(C.value(c) for c in C.ALL_CATCH if C.kind(c) == "jellyfish")


def test_declined_offer_reopens_after_seagull_ate_a_jellyfish():
    """Медуза + Чайка + ruling jellyfish-choice: a new jellyfish re-opens the offer even if a seagull
    ate one of the earlier three."""
    s = maui.setup(3, kiti=0, round=11, hands=[[11, 12], [1, 5], [3, 2]],
                   lagoon={"deep": "seagull-1", "middle": "catfish-2", "shallow": "catfish-3"},
                   piles=[["jellyfish-1", "jellyfish-2", "jellyfish-3"], [], []],
                   deck=["jellyfish-4", "tiger-1", "tiger-2"])
    s = replace(s, declined=(3, 0, 0))   # the offer was declined earlier
    s, _ = play(s, [12, 5, 3])
    assert s.piles[0] == ("jellyfish-1", "jellyfish-2")
    s, _ = play(s, [11, 1, 2])
    assert s.piles[0][-1] == "jellyfish-4"
    assert s.pending == (0,)


def test_offer_in_round_twelve_is_answered_before_the_end():
    """Медуза + КОНЕЦ ИГРЫ: a third jellyfish in the last round is still offered; the game then ends."""
    s = maui.setup(3, kiti=0, round=12, hands=[[12], [6], [1]], deck=[],
                   lagoon={"deep": "jellyfish-3", "middle": "tiger-1", "shallow": "catfish-1"},
                   piles=[["jellyfish-1", "tuna-2", "jellyfish-2"], [], []])
    s, _ = play(s, [12, 6, 1])
    assert not s.over and s.pending == (0,)
    s, ev = maui.apply(s, Jellyfish(0, True))
    assert s.over and s.piles[0] == ("tuna-2",)
    assert maui.score(s)[0].total == C.value("tuna-2")


# --------------------------------------------------------------------------- seagull

def test_seagull_eats_the_top_of_the_pile_even_a_jellyfish():
    """Чайка: the seagull and the top card of the taker's pile go to the box, even a jellyfish."""
    s = maui.setup(3, kiti=0, round=2, hands=hands_for(3, 2),
                   lagoon={"deep": "seagull-1", "middle": "tiger-1", "shallow": "catfish-1"},
                   piles=[["tuna-1", "jellyfish-1"], [], []], deck=["tuna-2", "tuna-3", "tuna-4"])
    s, ev = play(s, [12, 6, 2])
    assert s.piles[0] == ("tuna-1",)
    assert s.boxed[-2:] == ("seagull-1", "jellyfish-1")
    ate = [e for e in ev if e.kind == "maui.seagull_ate"][0]
    assert ate.data == {"player": 0, "seagull": "seagull-1", "card": "jellyfish-1"} and ate.rule == "maui:seagull"
    assert all(C.kind(c) != "seagull" for p in s.piles for c in p)


def test_seagull_on_an_empty_pile_flies_off_hungry():
    """Чайка: with an empty pile only the seagull goes to the box."""
    s = maui.setup(3, kiti=0, round=2, hands=hands_for(3, 2),
                   lagoon={"deep": "tuna-1", "middle": "seagull-1", "shallow": "catfish-1"},
                   deck=["tuna-2", "tuna-3", "tuna-4"])
    boxed = s.boxed
    s, ev = play(s, [12, 6, 2])
    assert s.piles[1] == ()
    assert s.boxed == boxed + ("seagull-1",)
    assert [e.data for e in ev if e.kind == "maui.seagull_hungry"] == [{"player": 1, "seagull": "seagull-1"}]


# --------------------------------------------------------------------------- information

def test_open_and_hidden_information():
    """ОТКРЫТАЯ И ЗАКРЫТАЯ ИНФОРМАЦИЯ: pile tops open, own pile private, hands and discards hidden."""
    s = maui.setup(4, kiti=0, lagoon=LAGOON, deck=["tuna-2", "tiger-2", "catfish-2", "tiger-3", "tiger-4", "tiger-5"])
    s, _ = play(s, [12, 11, 1, 5])
    s, _ = play(s, [10, 9, 3, 2])
    for viewer in range(4):
        v = maui.view(s, viewer)
        assert v["viewer"] == viewer
        for seat in v["seats"]:
            assert seat["pile_top"]["id"] == s.piles[seat["seat"]][-1]
            assert seat["pile_count"] == len(s.piles[seat["seat"]])
            assert seat["discards"] is None and seat["discard_count"] == 2
            if seat["seat"] == viewer:
                assert [c["id"] for c in seat["pile"]] == list(s.piles[viewer])
                assert [d["value"] for d in seat["hand"]] == list(s.hands[viewer])
            else:
                assert seat["pile"] is None and seat["hand"] is None
                assert seat["hand_count"] == 10
        assert leaks(s, viewer) == []
        assert "deck" not in v or v.get("deck") is None
        assert v["deck_count"] == len(s.deck) and v["boxed"] is None
    # under-the-top cards of another pile are secrets
    assert s.piles[1][0] in maui.secrets(s, 0)
    teacher = maui.view(s)
    assert all(seat["pile"] is not None and seat["hand"] is not None for seat in teacher["seats"])
    assert maui.secrets(s, None) == set()


# --------------------------------------------------------------------------- end and scoring

def test_game_ends_after_round_twelve():
    """КОНЕЦ ИГРЫ: after the 12th round nothing more can be done."""
    s = play_game(maui.setup(4, seed=9))
    assert maui.is_over(s) and s.phase == "over" and s.round == 13
    assert maui.to_move(s) == []
    assert all(maui.legal_actions(s, p) == [] for p in range(4))
    refused(s, Dive(0, 1), "end")
    refused(s, Jellyfish(0, True), "end")
    assert maui.view(s, 0)["round"] == 12 and maui.view(s, 0)["over"] is True
    assert maui.check_invariants(s) == []


def test_scoring_sums_the_pile_one_line_per_kind():
    """КОНЕЦ ИГРЫ / ВИДЫ РЫБ В ЛАГУНЕ: each player scores the cards in their pile; each line holds one kind's."""
    s = maui.setup(3, kiti=0, round=12, hands=[[1], [2], [3]],
                   lagoon={"deep": "tuna-8", "middle": "tiger-1", "shallow": "catfish-1"}, deck=[],
                   piles=[["tuna-1", "jellyfish-3", "lantern-4"], ["catfish-7", "tiger-8"], ["jellyfish-1"]])
    s, _ = play(s, [1, 2, 3])
    board = maui.score(s)
    for b in board:
        assert b.total == sum(C.value(c) for c in s.piles[b.player])
        for line in b.lines:
            kind = line.key.rsplit(".", 1)[1]
            assert line.points == sum(C.value(c) for c in s.piles[b.player] if C.kind(c) == kind)
            assert section(line.rule) and line.label("en") and line.label("ru")
    assert [b.total for b in board] == [sum(C.value(c) for c in p) for p in s.piles]
    best = max(b.total for b in board)
    assert maui.winners(s) == [b.player for b in board if b.total == best]


def test_tie_for_the_win_is_shared():
    """КОНЕЦ ИГРЫ: a tie for the most points is a shared victory."""
    s = maui.setup(3, kiti=0, round=12, hands=[[3], [2], [1]],
                   lagoon={"deep": "tuna-1", "middle": "tuna-2", "shallow": "catfish-1"}, deck=[],
                   piles=[["tiger-1"], ["tiger-2"], ["catfish-2"]])
    s, _ = play(s, [3, 2, 1])
    # tuna-1 and tuna-2 are both 10, tiger-1 and tiger-2 both 6
    assert C.value("tuna-1") == C.value("tuna-2") and C.value("tiger-1") == C.value("tiger-2")
    assert maui.winners(s) == [0, 1]


@pytest.mark.parametrize("seed", range(6))
def test_full_games_keep_invariants(seed):
    """Every rule together: random seeds play to the end, cards conserved, scores are the piles' values."""
    for players in (3, 6):
        for variant in ((), ("open-baskets",), ("no-fights",), ("no-fights", "open-baskets")):
            s = play_game(maui.setup(players, seed=seed, variant=variant))
            assert maui.check_invariants(s) == []
            assert [b.total for b in maui.score(s)] == [sum(C.value(c) for c in p) for p in s.piles]
            assert maui.winners(s)


# --------------------------------------------------------------------------- variants

def test_open_baskets_shows_all_discards_and_piles():
    """ОТКРЫТЫЕ КОРЗИНЫ + ruling open-baskets: used dive cards and every pile, in order, visible to all."""
    s = maui.setup(4, kiti=0, lagoon=LAGOON, variant="open-baskets",
                   deck=["tuna-2", "tiger-2", "catfish-2", "tiger-3", "tiger-4", "tiger-5"])
    assert s.variants == ("open-baskets",) and s.kiti == 0
    s, _ = play(s, [12, 11, 1, 5])
    s, _ = play(s, [10, 9, 2, 3])
    v = maui.view(s, 2)
    for seat in v["seats"]:
        assert [d["value"] for d in seat["discards"]] == list(s.discards[seat["seat"]])
        assert [c["id"] for c in seat["pile"]] == list(s.piles[seat["seat"]])
        if seat["seat"] != 2:
            assert seat["hand"] is None
    assert leaks(s, 2) == []
    assert s.piles[0][0] not in maui.secrets(s, 2)


def nf(players=4, **kw):
    kw.setdefault("lagoon", LAGOON)
    return maui.setup(players, variant="no-fights", **kw)


def test_no_fights_has_no_kiti():
    """БЕЗ ДРАК: Kiti goes back in the box."""
    s = nf(seed=1)
    assert s.kiti is None and maui.view(s, 0)["kiti"] is None
    s = play_round_policy(s)
    assert s.kiti is None


def test_no_fights_tie_leaves_the_card_and_the_tied_get_nothing():
    """БЕЗ ДРАК + ruling no-fights-ties: a tie takes nothing; the next depth goes to the next card."""
    s = nf(deck=["tuna-2", "tiger-2", "catfish-2", "tiger-3", "tiger-4", "tiger-5"])
    s, ev = play(s, [9, 6, 9, 2])
    tie = [e for e in ev if e.kind == "maui.tie_no_catch"]
    assert tie[0].data == {"depth": "deep", "players": [0, 2], "card": 9} and tie[0].rule == "maui:no-fights"
    assert s.piles == ((), ("tiger-1",), (), ("catfish-1",))
    assert [e.data["player"] for e in ev if e.kind == "maui.empty_handed"] == []  # told by the tie event
    assert all(e.data["player"] not in (0, 2) for e in ev if e.kind == "maui.catch")
    assert s.lagoon == (("tuna-1", "tuna-2"), ("tiger-2",), ("catfish-2",))
    assert s.deck == ("tiger-3", "tiger-4", "tiger-5")
    v = maui.view(s, 1)
    assert [c["id"] for c in v["lagoon"][0]["cards"]] == ["tuna-1", "tuna-2"]
    # the taker of the cell takes both, oldest first
    s, ev = play(s, [12, 1, 5, 3])
    assert s.piles[0] == ("tuna-1", "tuna-2")
    catch = [e for e in ev if e.kind == "maui.catch" and e.data["player"] == 0][0]
    assert catch.data["cards"] == ["tuna-1", "tuna-2"]
    assert maui.check_invariants(s) == []


def test_no_fights_tie_at_shallow_and_middle():
    """БЕЗ ДРАК: ties at every depth leave those cells untouched."""
    s = nf(deck=["tuna-2", "tiger-2", "catfish-2"])
    s, ev = play(s, [5, 5, 5, 5])
    assert s.piles == ((),) * 4
    assert [len(c) for c in s.lagoon] == [2, 2, 2]
    assert [e.data["depth"] for e in ev if e.kind == "maui.tie_no_catch"] == ["deep"]
    s2 = nf(deck=["tuna-2", "tiger-2", "catfish-2"])
    s2, ev = play(s2, [12, 7, 7, 1])
    assert s2.piles == (("tuna-1",), (), (), ("catfish-1",))
    assert s2.lagoon[1] == ("tiger-1", "tiger-2")
    s3 = nf(deck=["tuna-2", "tiger-2", "catfish-2"])
    s3, ev = play(s3, [12, 11, 2, 2])
    assert s3.piles == (("tuna-1",), ("tiger-1",), (), ())
    assert s3.lagoon[2] == ("catfish-1", "catfish-2")


def test_no_fights_seagull_in_a_pile_eats_the_top_as_it_stands():
    """БЕЗ ДРАК + Чайка + ruling no-fights-pile: cards join oldest first; a seagull eats the top then."""
    s = nf(round=2, hands=hands_for(4, 2), lagoon={"deep": ["tuna-1", "seagull-1", "tiger-2"],
                                                   "middle": "tiger-1", "shallow": "catfish-1"},
           piles=[["catfish-2"], [], [], []], deck=["tuna-2", "tuna-3", "tuna-4"])
    s, ev = play(s, [12, 6, 3, 2])
    assert s.piles[0] == ("catfish-2", "tiger-2")
    assert {"seagull-1", "tuna-1"} <= set(s.boxed) and "catfish-2" not in s.boxed
    s = nf(round=2, hands=hands_for(4, 2), lagoon={"deep": ["seagull-1", "tuna-1"],
                                                   "middle": "tiger-1", "shallow": "catfish-1"},
           piles=[["catfish-2"], [], [], []], deck=["tuna-2", "tuna-3", "tuna-4"])
    s, ev = play(s, [12, 6, 3, 2])
    assert s.piles[0] == ("tuna-1",)
    assert {"seagull-1", "catfish-2"} <= set(s.boxed)


def test_no_fights_lantern_inside_a_pile():
    """БЕЗ ДРАК + Морской фонарик + ruling no-fights-pile: a lantern among several cards still works."""
    s = nf(round=2, hands=hands_for(4, 2), lagoon={"deep": ["lantern-1", "tuna-1"],
                                                   "middle": "tiger-1", "shallow": "catfish-1"},
           deck=["tuna-2", "tuna-3", "tuna-4"])
    s, _ = play(s, [12, 6, 3, 2])
    assert s.piles[0] == ("lantern-1", "tuna-1")
    assert s.face_down == ((0, 0),)
    assert maui.view(s, 1)["lagoon"][0]["cards"] == [{"hidden": True}]


def test_no_fights_leftover_cards_score_nothing():
    """БЕЗ ДРАК + ruling no-fights-pile: cards still in the lagoon after round 12 score nothing."""
    s = nf(round=12, hands=[[5], [5], [1], [2]], deck=[])
    s, ev = play(s, [5, 5, 1, 2])
    assert s.over
    assert s.lagoon[0] == ("tuna-1",)
    over = [e for e in ev if e.kind == "maui.game_over"][0]
    assert over.data["leftover"] == ["tuna-1"]
    assert all("tuna-1" not in p for p in s.piles)
    assert maui.check_invariants(s) == []


def test_combined_variants():
    """ВАРИАНТЫ ИГРЫ: the two variants can be played together."""
    s = maui.setup(4, variant=("open-baskets", "no-fights"), lagoon=LAGOON,
                   deck=["tuna-2", "tiger-2", "catfish-2"])
    assert s.variants == ("no-fights", "open-baskets") and s.kiti is None
    assert maui.setup(4, seed=1, variant=("no-fights", "open-baskets")) == \
        maui.setup(4, seed=1, variant=["open-baskets", "no-fights"])
    s, _ = play(s, [9, 9, 4, 1])
    assert s.lagoon[0] == ("tuna-1", "tuna-2")
    assert s.piles == ((), (), ("tiger-1",), ("catfish-1",))
    v = maui.view(s, 0)
    assert [[d["value"] for d in seat["discards"]] for seat in v["seats"]] == [[9], [9], [4], [1]]
    assert v["seats"][2]["pile"][0]["id"] == "tiger-1"


# --------------------------------------------------------------------------- refusals

def illegal_cases():
    base = maui.setup(4, seed=5)
    dived, _ = maui.apply(base, Dive(0, 3))
    after, _ = play(base, [12, 11, 1, 5])
    jelly, _ = play(jelly_position(), [12, 6, 1])
    over = play_game(maui.setup(3, seed=2))
    return [
        (base, Dive(4, 1)), (base, Dive(-1, 1)), (base, Dive(0, 0)), (base, Dive(0, 13)),
        (dived, Dive(0, 4)), (after, Dive(0, 12)), (base, Jellyfish(0, False)),
        (jelly, Dive(1, 2)), (jelly, Jellyfish(2, True)), (jelly, Jellyfish(7, True)),
        (over, Dive(0, 1)), (over, Jellyfish(0, True)), (base, None),
    ]


@pytest.mark.parametrize("case", range(13))
def test_every_refusal_leaves_the_state_and_names_a_rule(case):
    """Every RuleViolation leaves the state as it was; its message names the rulebook heading."""
    state, action = illegal_cases()[case]
    refused(state, action)


# --------------------------------------------------------------------------- saved positions

def test_json_round_trip_through_a_game():
    """Saved positions: `to_json` / `state_from_json` round-trip exactly at every step."""
    for variant in ((), ("no-fights", "open-baskets")):
        s = maui.setup(5, seed=21, variant=variant)
        while True:
            text = maui.to_json(s)
            back = maui.state_from_json(text)
            assert back == s and maui.to_json(back) == text
            assert maui.state_from_json(json.loads(text)) == s
            if s.over:
                break
            if s.pending:
                s, _ = maui.apply(s, Jellyfish(s.pending[0], False))
            else:
                seat = maui.to_move(s)[-1]
                s, _ = maui.apply(s, Dive(seat, game_policy(s, seat)))


def test_actions_round_trip():
    for a in (Dive(2, 7), Jellyfish(1, True), Jellyfish(0, False)):
        assert maui.action_from_json(a.to_json()) == a
        assert maui.action_from_json(json.dumps(a.to_json())) == a
    with pytest.raises(ValueError):
        maui.action_from_json({"type": "swim"})


def _broken(mutate):
    data = json.loads(maui.to_json(maui.setup(4, seed=8)))
    mutate(data)
    return json.dumps(data)


def _dup(d):
    d["deck"][0] = d["deck"][1]


def _missing_card(d):
    d["deck"].pop()


def _swap_players(d):
    d["players"] = 5


def _seven(d):
    d["players"] = 7


def _bad_hand(d):
    d["hands"][0] = d["hands"][0][1:]


def _unknown_card(d):
    d["deck"][0] = "shark-1"


def _extra_field(d):
    d["sharks"] = 1


def _bad_round(d):
    d["round"] = 14


def _bad_variant(d):
    d["variants"] = ["sharks"]


def _no_kiti(d):
    d["kiti"] = None


def _kiti_without_fights(d):
    d["variants"] = ["no-fights"]


@pytest.mark.parametrize("text, words", [
    ("{not json", "not JSON"),
    ("[1, 2]", "object"),
    ('{"format": "chess"}', "not a saved position of"),
    (_broken(lambda d: d.pop("piles")), "'piles' is missing"),
    (_broken(lambda d: d.pop("kiti")), "'kiti' is missing"),
    (_broken(_seven), "players"),
    (_broken(_swap_players), "per player"),
    (_broken(_dup), "twice"),
    (_broken(_missing_card), "missing"),
    (_broken(_unknown_card), "no catch card"),
    (_broken(_bad_hand), "dive cards"),
    (_broken(_extra_field), "unknown"),
    (_broken(_bad_round), "round"),
    (_broken(_bad_variant), "variants"),
    (_broken(_no_kiti), "kiti"),
    (_broken(_kiti_without_fights), "kiti"),
])
def test_malformed_saved_positions_are_refused(text, words):
    """Saved positions: a malformed position is refused with SavedStateError saying what is wrong."""
    with pytest.raises(maui.SavedStateError) as info:
        maui.state_from_json(text)
    assert words in str(info.value)
    assert str(info.value).startswith("This saved position cannot be loaded")
    assert not isinstance(info.value, maui.RuleViolation)


def test_saved_position_must_be_consistent_not_just_well_formed():
    """A save that parses but could not arise is refused with what is wrong: the round must match the
    used dive cards, and no seagull ever sits in a catch pile (the invariants, minus a full lagoon)."""
    s = maui.setup(4, seed=3)
    s, _ = maui.apply(s, Dive(0, 5))
    good = json.loads(maui.to_json(s))
    late = dict(good, round=5)
    gull = next(c for c in good["deck"] if c.startswith("seagull"))
    nested = dict(good, deck=[c for c in good["deck"] if c != gull],
                  piles=[[gull]] + good["piles"][1:])
    for bad, words in ((late, "by round 5"), (nested, "Player 1: a seagull lies in the catch pile")):
        with pytest.raises(maui.SavedStateError) as info:
            maui.state_from_json(json.dumps(bad))
        assert words in str(info.value)
    assert maui.state_from_json(json.dumps(good)) == s


# --------------------------------------------------------------------------- stages (question before answer)

@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4), (4, 11)])
def test_stages_cut_apply_where_a_teacher_pauses_and_end_where_apply_ends(players, seed):
    """For whole games: every action's stages end in apply's position with apply's events in order;
    the pauses are valid positions (every card accounted for), round trip through JSON, and refuse
    any action."""
    r = random.Random(seed)
    state = maui.setup(players, seed=seed)
    names_seen = set()
    while not maui.is_over(state):
        seat = maui.to_move(state)[0]
        action = r.choice(maui.legal_actions(state, seat))
        after, events = maui.apply(state, action)
        stages = maui.stages(state, action)
        assert stages[-1][0] == "done" and stages[-1][1] == after
        assert [e for _, _, more in stages for e in more] == events
        for name, position, _ in stages[:-1]:
            names_seen.add(name)
            assert position.stage == name and maui.check_invariants(position, full_lagoon=False) == []
            assert maui.to_move(position) == []
            assert maui.state_from_json(maui.to_json(position)) == position
            with pytest.raises(maui.RuleViolation) as refused:
                maui.apply(position, maui.Dive(0, 1))
            assert refused.value.rule in ("maui:play", "maui:end")
        state = after
    assert {"reveal", "deep", "middle", "shallow", "kiti"} <= names_seen


def test_a_round_pauses_after_the_reveal_with_every_catch_still_in_the_lagoon():
    state = maui.setup(4, kiti=0, lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"}, seed=2021)
    for seat, card in ((0, 9), (1, 6), (2, 9)):
        state, _ = maui.apply(state, maui.Dive(seat, card))
    stages = dict((name, (pos, ev)) for name, pos, ev in maui.stages(state, maui.Dive(3, 9)))
    reveal, _ = stages["reveal"]
    assert reveal.lagoon == (("tuna-1",), ("tiger-1",), ("catfish-1",)) and reveal.revealed == (9, 6, 9, 9)
    deep, events = stages["deep"]
    assert deep.lagoon[0] == () and deep.lagoon[1] == ("tiger-1",) and deep.piles[0] == ("tuna-1",)
    assert [e.kind for e in events] == ["maui.dispute", "maui.catch"]
    kiti, _ = stages["kiti"]
    assert kiti.kiti == 1 and kiti.round == 1 and kiti.lagoon == ((), (), ())


def test_setup_stages_lay_the_table_out_and_end_at_setup():
    stages = maui.setup_stages(4, youngest=2, seed=1)
    assert [name for name, _, _ in stages] == ["seated", "kiti", "boxed", "lagoon"]
    seated, kiti, boxed, laid = (pos for _, pos, _ in stages)
    assert seated.kiti is None and seated.lagoon == ((), (), ()) and kiti.kiti == 2
    assert len(kiti.deck) == 37 and kiti.removed == () and len(boxed.deck) == 36 and len(boxed.removed) == 1
    assert laid == maui.setup(4, youngest=2, seed=1)
    assert all(maui.check_invariants(p, full_lagoon=False) == [] for p in (seated, kiti, boxed))


# --------------------------------------------------------------------------- random games

VARIANT_SETS = [(), ("open-baskets",), ("no-fights",), ("no-fights", "open-baskets")]


def jellyfish_position(players):
    """Two jellyfish already caught, a third and a lantern fish in the lagoon: the jellyfish offer (rare in random
    play) and the lantern's face-down card come at once (a round-2 position: round 1's catches are in the piles,
    everyone used a 1)."""
    return dict(round=2, hands=[range(2, 13)] * players,
                piles=[["jellyfish-1", "jellyfish-2"], ["tuna-8"]] + [[]] * (players - 2),
                lagoon={"deep": "jellyfish-3", "middle": "lantern-1", "shallow": "catfish-1"})


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 6), variant=st.sampled_from(VARIANT_SETS), seed=st.integers(0, 2 ** 32),
       youngest=st.integers(0, 5), jellyfish=st.booleans())
def test_random_games_lay_dives_move_kiti_on_and_catch_once_a_round(players, variant, seed, youngest, jellyfish):
    """Whole random games, half of them through the jellyfish offer, every step checked against the contract
    (tests/kit.py): a laid dive card leaves the hand and lies chosen until the round resolves; each round Kiti
    moves one seat on (and stays away without fights); with fights a pile grows by one catch a round at most."""
    state = maui.setup(players, seed=seed, variant=variant, youngest=youngest % players,
                       **(jellyfish_position(players) if jellyfish else {}))
    offered = False
    for before, action, new, _ in kit.walk(maui, state, random.Random(seed), check=1, langs=("en", "ru")):
        offered |= bool(new.pending)
        if isinstance(action, Dive):
            if new.round == before.round and not (new.pending and not before.pending):
                assert new.chosen[action.player] == action.card
            assert action.card not in new.hands[action.player]
        if new.round != before.round:
            assert new.round == before.round + 1
            step = 0 if new.over else 1        # no step after the last round: no round follows
            assert new.kiti == (None if before.kiti is None else (before.kiti + step) % before.players)
            if not before.has("no-fights"):
                assert all(len(a) <= len(b) + 1 for b, a in zip(before.piles, new.piles))
    assert maui.is_over(new)
    event(f"jellyfish offer: {offered}")


def test_setup_refuses_dive_cards_that_are_not_whole_numbers():
    """Dive cards are the numbers 1..12; a hand given as 1.0 or True is refused, not taken for 1."""
    hands = [list(range(1, 13))] * 4
    for odd in (1.0, True):
        bad = [[odd] + list(range(2, 13))] + hands[1:]
        with pytest.raises(maui.RuleViolation, match="all different, numbered 1 to 12"):
            maui.setup(4, seed=1, hands=bad)


def test_a_round_given_as_a_float_deals_as_before():
    """setup(round=2.0) was dealt the general way before the usual deal got its fast path; it still is (the fast
    path looks events up by round, which must be a plain int)."""
    s = maui.setup(3, round=2.0, hands=[list(range(2, 13))] * 3, seed=1)
    t = maui.setup(3, round=2, hands=[list(range(2, 13))] * 3, seed=1)
    assert s.lagoon == t.lagoon and s.deck == t.deck


@pytest.mark.parametrize("seed", [5, None])
def test_undo_at_the_play_table_does_not_reroll_the_bots_cards(seed):
    """Issue #32: round 3 before Undo, bots 10/9/11; after Undo and the same card, bots 10/12/2, so a learner
    could fish for a better result. Now (issue #34) a dive cannot be undone at all, since the reveal showed the
    others' cards; and a bot's dive follows from the table's salt and the position alone."""
    from tutor.core.session import Session, bot_action, bot_rng
    table = Session("maui", players=4, seat=0, seed=seed)
    for card in (12, 1):
        table.act(Dive(0, card))
    table.act(Dive(0, 7))
    first = table.state.revealed
    assert table.barrier and table.undo() is False and table.state.revealed == first
    while table.state.pending:   # a learner holding three jellyfish answers the offer first (any seed may deal it)
        table.act(Jellyfish(table.state.pending[0], False))
    table.act(Dive(0, 6))
    bots = [st for st in table.steps if not st.human]
    assert len(bots) >= 9
    for st in bots:      # what each bot laid is what its position and the table's salt give, nothing else
        again = bot_action(table.game, st.before, st.seat, bot_rng(table.salt, table.game, st.before, st.seat))
        assert table.game.apply(st.before, again)[0] == st.after, "a bot's dive did not follow from its position"


def test_a_dealt_lagoon_carries_no_arrow_from_last_round():
    """Issue #32: after a round the play table drew '1 → emperor tuna 14' from a cell that now holds next round's
    card. The arrows show where a round's catches went only while the lagoon still shows that round."""
    from tutor.games.maui.render import render
    s = maui.setup(3, kiti=0, lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"},
              deck=["tuna-2", "tiger-2", "catfish-2"])
    s, _ = maui.apply(s, Dive(0, 9))
    s, _ = maui.apply(s, Dive(1, 5))
    stages = maui.stages(s, Dive(2, 1))
    before_deal = [e for _, _, more in stages[:-1] for e in more]
    every = before_deal + list(stages[-1][2])
    assert any(e.kind == "maui.laid" for e in every) and not any(e.kind == "maui.laid" for e in before_deal)
    for layout in ("phone", "laptop"):
        shown = render(maui.view(stages[-2][1], None), events=before_deal, layout=layout)
        assert shown.count("data-depth=") >= 3 and 'class="event arrows"' in shown
        dealt = render(maui.view(stages[-1][1], None), events=every, layout=layout)
        assert 'class="event arrows"' not in dealt
