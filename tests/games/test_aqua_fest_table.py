"""Aqua Fest at the play table (issue #34): the battle and game-end summaries, the score panel, the coach's hints
and the first-game tips (tutor/games/aqua_fest/table.py), checked over seeded bot games in English and Russian
against the engine, each claim worked out again another way, and nothing hidden given away."""

from __future__ import annotations

import dataclasses
import functools
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import helpers
import pytest
import yaml

from tutor.core.coach import Hint
from tutor.core.errors import RuleViolation
from tutor.core.events import for_viewer
from tutor.core.i18n import player_name, plural, text
from tutor.games import aqua_fest as A
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import bots, table, ui
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Attack, DrawTwo, EndTurn, Move, PlaceStart
from tutor.games.aqua_fest.text import cell_name, species_name, tile_name
from tutor.widgets.common import safe_cite

LANGS = ("en", "ru")
GAMES = ((2, 1), (3, 5), (4, 7), (2, 12), (3, 21))      # (players, seed): whole games the bots play
ROOT = Path(__file__).resolve().parent.parent.parent
SVG = "{http://www.w3.org/2000/svg}"


@functools.lru_cache(maxsize=None)
def bot_game(players: int, seed: int) -> tuple[tuple, ...]:
    """Every step of a game the bots play from the laying of the start tiles: (before, action, events, after)."""
    state = A.setup(players, seed=seed, place_starts=True)
    rng = random.Random(seed)
    steps = []
    while not A.is_over(state):
        seat = A.to_move(state)[0]
        action = bots.choose(state, seat, rng)
        after, events = A.apply(state, action)
        steps.append((state, action, tuple(events), after))
        state = after
        assert len(steps) < 3000, "a bot game ends"
    return tuple(steps)


def all_steps():
    for players, seed in GAMES:
        yield from bot_game(players, seed)


def viewers(state) -> tuple:
    return (None, *range(state.players))


def parsed(html: str) -> ET.Element:
    """The HTML as a tree (it is well-formed: every element closed, every attribute quoted)."""
    return ET.fromstring(f"<div>{html}</div>")


def leaked(html: str, state, viewer) -> list[str]:
    return sorted(c for c in A.secrets(state, viewer) if helpers.mentions(html, c))


def said(root: ET.Element) -> str:
    return " ".join("".join(root.itertext()).split())


# --------------------------------------------------------------------------- summary

def _ends(before, after) -> str:
    """What an action ends, from the states alone: a battle (one was waiting for its defence and no longer is), the
    game, or nothing."""
    if after.over and not before.over:
        return "end"
    if before.battle is not None and after.battle is None:
        return "battle"
    return ""


def test_a_summary_comes_exactly_when_a_battle_or_the_game_ends():
    seen = {"battle": 0, "end": 0, "": 0}
    for before, _action, events, after in all_steps():
        ends = _ends(before, after)
        seen[ends] += 1
        for viewer in viewers(before):
            for lang in LANGS:
                out = A.SPEC.parts().summary(before, for_viewer(events, viewer), after, viewer, lang)
                assert bool(out) == bool(ends), (ends, out[:80])
                if out:
                    root = parsed(out)
                    assert root[0].tag == "h4" and root[0].get("data-moment") == ends
                    assert not leaked(out, after, viewer), leaked(out, after, viewer)
    # (the bots finish sooner since they no longer spend cards going back where a turn began: 488 plain steps)
    assert seen["battle"] >= 10 and seen["end"] == len(GAMES) and seen[""] > 400, seen


def test_a_battle_summary_shows_both_cards_the_winner_and_the_prize_as_the_viewer_may_know_it():
    kinds = set()
    for before, action, events, after in all_steps():
        if _ends(before, after) != "battle":
            continue
        attacker, defender, a_card = before.battle
        d_card = action.card
        sa, sd = C.card(a_card).strength, C.card(d_card).strength
        winner = None if sa == sd else attacker if sa > sd else defender
        loser = None if winner is None else defender if winner == attacker else attacker
        prize = None if winner is None else set(after.collected[winner]) - set(before.collected[winner])
        for viewer in viewers(before):
            for lang in LANGS:
                root = parsed(A.SPEC.parts().summary(before, for_viewer(events, viewer), after, viewer, lang))
                rows = {r.get("data-role"): r for r in root.iter("tr") if r.get("data-role")}
                for role, seat, card in (("attacker", attacker, a_card), ("defender", defender, d_card)):
                    cells = [td.text for td in rows[role].iter("td")]
                    assert player_name(seat, lang) in cells[0]
                    assert cells[1:] == [species_name(C.card(card).species, lang), str(C.card(card).strength)]
                picture = root.find(f"{SVG}svg")
                assert picture is not None and {str(sa), str(sd)} <= {t.text for t in picture.iter(f"{SVG}text")}
                outcome = root.find("p[@class='tutor-summary-outcome']")
                words = said(root)
                assert outcome.get("data-winner") == ("tie" if winner is None else str(winner))
                if winner is None:
                    kinds.add("tie")
                    assert after.pawns[attacker] is None and after.pawns[defender] is None
                    assert text("ui.aqua_fest.table.battle.tied", lang, strength=sa) in words
                    continue
                assert text("ui.aqua_fest.table.battle.won", lang, winner=player_name(winner, lang),
                            high=max(sa, sd), low=min(sa, sd)) in words
                assert after.pawns[loser] is None
                if not prize:
                    kinds.add("nothing to take")
                    assert not before.collected[loser]
                    assert text("ui.aqua_fest.table.battle.prize.none", lang, loser=player_name(loser, lang)) in words
                    continue
                (tile,) = prize
                if viewer in (None, winner, loser):      # the two players (and the teacher) know which it was
                    kinds.add("named")
                    assert tile_name(tile, lang) in words
                else:
                    kinds.add("hidden")
                    assert tile_name(tile, lang) not in words
                    assert text("ui.aqua_fest.table.battle.prize.hidden", lang, winner=player_name(winner, lang),
                                loser=player_name(loser, lang)) in words
                assert safe_cite("aqua_fest:attack", lang) in said(root)
    assert kinds >= {"named", "hidden", "tie"}, kinds


def _final_checked(after, html: str, lang: str) -> ET.Element:
    """The game's end as summed up: the winners are the engine's, each player's total its breakdown's, every score
    line there with its points and a footnote citing its rule."""
    root = parsed(html)
    assert root.find("p[@class='tutor-summary-winners']").get("data-winners") == ",".join(
        map(str, A.winners(after)))
    for b in A.score(after):
        head = root.find(f".//tr[@class='player'][@data-seat='{b.player}']")
        assert head is not None and head.get("data-total") == str(b.total)
        lines = [tr for tr in root.iter("tr") if tr.get("class") == "line" and tr.get("data-seat") == str(b.player)]
        notes = [said(li) for li in root.find("ol")]      # the rules, in the order their marks number them
        assert [(tr[0].text, tr[1].text, notes[int(tr[2].text) - 1]) for tr in lines] == [
            (line.label(lang).strip(), str(line.points), safe_cite(line.rule, lang)) for line in b.lines]
        assert all(tr.get("data-rule") == line.rule for tr, line in zip(lines, b.lines))
        total = root.find(f".//tr[@class='total'][@data-seat='{b.player}']")
        assert said(total[1]) == str(b.total)
    return root


def test_the_game_end_gives_the_final_breakdown_with_each_lines_rule_and_the_winners():
    ends = 0
    for players, seed in GAMES:
        before, _action, events, after = bot_game(players, seed)[-1]
        for viewer in viewers(after):
            for lang in LANGS:
                html = A.SPEC.parts().summary(before, for_viewer(events, viewer), after, viewer, lang)
                root = _final_checked(after, html, lang)
                totals = sorted((b.total for b in A.score(after)), reverse=True)
                tied = totals[0] == totals[1]
                assert (root.find("p[@class='tutor-summary-tiebreak']") is not None) == tied
                ends += 1
    assert ends == sum(p + 1 for p, _s in GAMES) * len(LANGS)


def _tie_break_game():
    """The lesson's tie-break example (lessons/aqua_fest/scenarios/tie-break.yaml): one fragment left; player 1 takes
    it and the two are level on points."""
    spec = yaml.safe_load((ROOT / "lessons/aqua_fest/scenarios/tie-break.yaml").read_text(encoding="utf-8"))
    before = ui.position(spec["setup"])
    action = Move(0, "crab-3", B.cell(2, 2))
    after, events = A.apply(before, action)
    assert after.over
    return before, events, after


def test_a_tie_on_points_names_the_tie_break_and_who_it_favours():
    before, events, after = _tie_break_game()
    totals = [b.total for b in A.score(after)]
    assert totals[0] == totals[1]
    strengths = [sum(C.card(c).strength for c in after.hands[s]) for s in range(2)]
    for viewer in (None, 0, 1):
        for lang in LANGS:
            html = A.SPEC.parts().summary(before, for_viewer(events, viewer), after, viewer, lang)
            root = _final_checked(after, html, lang)
            note = root.find("p[@class='tutor-summary-tiebreak']")
            assert note.get("data-tiebreak") == "hand-strength"
            words = said(note)
            assert A.winners(after) == [1] and player_name(1, lang) in words.split(";")[-1].split(":")[-1]
            for s in range(2):
                assert f"{player_name(s, lang)}: {strengths[s]}" in words
            assert safe_cite("aqua_fest:end", lang) in words


def test_players_level_on_strength_too_share_the_victory_by_the_tutors_ruling():
    before, events, after = _tie_break_game()
    after = dataclasses.replace(after, hands=(("crab-1",), ("crab-2",)))     # strength 1 each
    assert A.winners(after) == [0, 1]
    ruling = next(r for r in A.RULINGS if r.id == "aqua_fest/tie")
    for lang in LANGS:
        root = _final_checked(after, A.SPEC.parts().summary(before, events, after, None, lang), lang)
        note = root.find("p[@class='tutor-summary-tiebreak']")
        assert note.get("data-tiebreak") == "shared" and ruling.say(lang) in said(note)
        assert text("ui.aqua_fest.table.end.winners", lang, players=text(
            "ui.aqua_fest.table.and", lang, first=player_name(0, lang), last=player_name(1, lang))) in said(root)


# --------------------------------------------------------------------------- score panel

def test_the_score_panel_counts_what_the_engine_counts_and_hides_the_others_points_until_the_end():
    checked = 0
    for n, (_before, _action, _events, state) in enumerate(all_steps()):
        if n % 7 and not state.over:
            continue
        totals = {b.player: b.total for b in A.score(state)}
        for viewer in viewers(state):
            for lang in LANGS:
                html = A.SPEC.parts().score_panel(state, viewer, lang)
                assert not leaked(html, state, viewer)
                root = parsed(html)
                for seat in range(state.players):
                    row = root.find(f".//tr[@data-seat='{seat}']")
                    assert row.find("td[@data-fragments]").text == str(len(state.collected[seat]))
                    assert row.find("td[@data-bonus]").get("data-bonus") == str(state.bonus[seat])
                    points = row.find("td[@data-points]")
                    if viewer in (None, seat) or state.over:
                        assert points.get("data-points") == points.text == str(totals[seat])
                    else:
                        assert points is None and "?" in [td.text for td in row.iter("td")]
                mine = root.find("p[@class='tutor-score-mine']")
                if viewer is None or state.over:
                    assert mine is None
                    continue
                b = A.score(state)[viewer]
                shells = sum(1 for line in b.lines if line.key.rsplit(".", 1)[-1] in ("ordinary", "rare", "unique"))
                words = said(mine)
                assert plural("ui.aqua_fest.table.points", b.total, lang) in words
                if shells:
                    assert plural("ui.aqua_fest.table.shells", shells, lang) in words
                view = A.view(state, viewer)
                strength = sum(c["strength"] for c in view["seats"][viewer]["hand"])
                assert root.find("p[@class='tutor-score-hand']").get("data-strength") == str(strength)
                checked += 1
    assert checked > 200


# --------------------------------------------------------------------------- coach

def _tries(state, seat, make) -> list:
    """The actions `make(card, target)` builds for every card in hand and every target that the engine accepts
    (each applied, not looked up in legal_actions): what the rules allow, found by trying."""
    found = []
    for card in state.hands[seat]:
        for target in range(B.N * B.N):
            action = make(card, target)
            if action is None:
                continue
            try:
                _after, events = A.apply(state, action)
            except RuleViolation:
                continue
            found.append((action, events))
    return found


def _moves_tried(state, seat):
    return _tries(state, seat, lambda card, to: Move(seat, card, to))


def _fragments_tried(state, seat) -> dict[int, str]:
    """cell -> the face-up fragment a move there takes (a turtle's face-down second tile is not counted: only
    the taker sees it, once taken)."""
    out = {}
    for action, events in _moves_tried(state, seat):
        for e in events:
            if e.kind == "aqua_fest.collected" and e.data["tiles"]:
                (tile,) = e.data["tiles"]
                out[action.to] = tile
    return out


def _seabed_counted(state) -> tuple[int, int]:
    """Fragments face up, and face-down tiles not sealed under a coral, counted from the view anyone has."""
    view = A.view(state, 0)
    up = down = 0
    for cell in view["cells"]:
        top = cell["upper"] or (cell["lower"] if cell["lower_open"] else None)
        up += top is not None and not top.get("coral", False) and not top.get("hidden", False)
        down += cell["lower"] is not None and not cell["lower_open"] and not cell["sealed"]
    return up, down


def _check_hint(state, seat, hint: Hint, lang: str) -> None:
    """Each fact a hint states, worked out again through the engine (its actions tried, its score, its view)."""
    view = A.view(state, seat)
    mine = view["seats"][seat]
    legal = A.legal_actions(state, seat)
    strongest = max((c["strength"] for c in mine["hand"]), default=None)
    f, kind = hint.facts, hint.kind
    if kind == "place-start":
        assert f["places"] == sum(isinstance(a, PlaceStart) for a in legal) == B.N
        assert str(f["places"]) in hint.text
    elif kind == "defend":
        assert state.battle is not None and f["attacker"] == view["battle"]["attacker"]
        assert f["strongest"] == strongest and str(strongest) in hint.text
        assert player_name(f["attacker"], lang) in hint.text
    elif kind == "at-stake":
        assert f["fragments"] == mine["collected_count"]
    elif kind in ("alone", "turn-done"):
        assert not _moves_tried(state, seat) and f["second_move"] is False
        assert state.moves == (2 if kind == "turn-done" else 1) or state.alone
    elif kind == "second-move":
        same = sum(1 for c in mine["hand"] if c["species"] == f["species"])
        assert state.moves == 1 and f["species"] == view["species"] and f["same"] == same
        assert f["destinations"] == len({a.to for a, _e in _moves_tried(state, seat)})
    elif kind == "after-attack":
        assert state.attacked and not any(isinstance(a, DrawTwo) for a in legal) and EndTurn(seat) in legal
        assert f["can_move"] == bool(_moves_tried(state, seat))
    elif kind == "no-cards":
        assert not mine["hand"] and all(isinstance(a, DrawTwo) for a in legal)
    elif kind == "no-move":
        assert mine["hand"] and not _moves_tried(state, seat) and any(isinstance(a, DrawTwo) for a in legal)
    elif kind == "reach":
        taken = _fragments_tried(state, seat)
        assert f["fragments"] == len(taken)
        if taken:
            assert f["most_stars"] == max(C.tile(t).stars for t in taken.values())
            assert C.tile(taken[B.cell(*_cell(f["cell"]))]).stars == f["most_stars"] and f["cell"] in hint.text
            # and none of them would add to the seat's shells (else the coach says which would)
            base = A.score(state)[seat].total
            assert all(_scored_with(state, seat, t) == base for t in taken.values())
        else:
            assert _moves_tried(state, seat)
    elif kind == "complete":
        taken = _fragments_tried(state, seat)
        tile = taken[B.cell(*_cell(f["cell"]))]
        total = A.score(state)[seat].total
        assert f["stars"] == C.tile(tile).stars and f["cell"] in hint.text
        assert f["points_now"] == total - state.bonus[seat]
        assert f["gain"] == _scored_with(state, seat, tile) - total > 0
        assert f["points_then"] == f["points_now"] + f["gain"]
        assert tile_name(tile, lang) in hint.text
    elif kind == "attack":
        targets = sorted({a.target for a, _e in _tries(state, seat, lambda card, t: Attack(seat, t, card)
                                                        if t < state.players else None)})
        assert f["targets"] == targets and targets and f["strongest"] == strongest
        assert all(player_name(t, lang) in hint.text for t in targets)
    elif kind == "hand":
        counts: dict[str, int] = {}
        for c in mine["hand"]:
            counts[c["species"]] = counts.get(c["species"], 0) + 1
        assert f["species"] == counts and f["reach"] == {s: C.DECK[s][0].reach for s in counts}
        assert all(species_name(s, lang) in hint.text for s in counts)
    elif kind == "shells":
        b = A.score(state)[seat]
        shells = sum(1 for line in b.lines if line.key.rsplit(".", 1)[-1] in ("ordinary", "rare", "unique"))
        unused = next((dict(line.params)["count"] for line in b.lines if line.key == "aqua_fest.score.unused"), 0)
        assert (f["fragments"], f["shells"], f["points"], f["bonus"], f["unused"]) == (
            mine["collected_count"], shells, b.total - state.bonus[seat], state.bonus[seat], unused)
    elif kind == "left":
        assert (f["face_up"], f["face_down"]) == _seabed_counted(state)
        assert str(f["face_up"]) in hint.text
    else:
        raise AssertionError(f"a hint of an unknown kind: {kind}")


def _cell(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, "ABCDE".index(name[0])


def _scored_with(state, seat, tile: str) -> int:
    """The seat's score with one more fragment, by the engine's scoring."""
    collected = list(state.collected)
    collected[seat] = collected[seat] + (tile,)
    return A.score(dataclasses.replace(state, collected=tuple(collected)))[seat].total


# a hint says what is true and what the rules allow, never which move to make
_ORDERS = {"en": ("play ", "take ", "move to", "attack ", "you should", "best move"),
           "ru": ("сыграйте", "возьмите", "идите", "атакуйте", "лучше всего", "стоит сходить")}


def test_every_coach_hint_is_true_in_its_position():
    kinds: dict[str, int] = {}
    for before, _action, _events, _after in all_steps():
        seat = A.to_move(before)[0]
        for lang in LANGS:
            hints = A.SPEC.parts().coach(before, seat, lang)
            assert len(hints) >= 2, before
            for hint in hints:
                assert isinstance(hint, Hint) and hint.text.strip()
                assert safe_cite(hint.rule, lang) != hint.rule, hint.rule       # a section of the rulebook
                assert not leaked(hint.text + repr(hint.facts), before, seat)
                assert not any(hint.text.lower().startswith(word) for word in _ORDERS[lang]), hint.text
                assert "you should" not in hint.text.lower() and "лучше всего" not in hint.text.lower()
                _check_hint(before, seat, hint, lang)
                kinds[hint.kind] = kinds.get(hint.kind, 0) + 1
    assert set(kinds) >= {"place-start", "defend", "at-stake", "second-move", "reach", "complete", "attack", "hand",
                          "shells", "left", "no-move"}, kinds


def test_the_check_of_a_hint_can_fail():
    """A hint whose facts are off is caught: one fragment too many in reach, a wrong strongest card."""
    for before, _action, _events, _after in all_steps():
        seat = A.to_move(before)[0]
        for hint in A.SPEC.parts().coach(before, seat, "en"):
            if hint.kind in ("reach", "attack", "shells"):
                key = {"reach": "fragments", "attack": "strongest", "shells": "points"}[hint.kind]
                wrong = dataclasses.replace(hint, facts={**hint.facts, key: hint.facts[key] + 1})
                with pytest.raises(AssertionError):
                    _check_hint(before, seat, wrong, "en")
                return
    raise AssertionError("no hint to spoil")


def test_the_coach_speaks_only_to_the_seat_to_move():
    for before, _action, _events, after in list(all_steps())[::25]:
        mover = A.to_move(before)[0]
        for seat in range(before.players):
            if seat != mover:
                assert A.SPEC.parts().coach(before, seat, "en") == []
    before, _action, _events, after = bot_game(*GAMES[0])[-1]
    assert A.SPEC.parts().coach(after, 0, "en") == []


def _unknowns_reshuffled(state, viewer: int, rng: random.Random):
    """The same position as `viewer` knows it, with everything they cannot see dealt again: the face-down tiles
    among their cells, the others' fragments with the face-down fragments, the others' hands with the deck."""
    lower = list(state.lower)
    down = [i for i in range(B.N * B.N) if lower[i] is not None and not state.lower_open[i]]
    tiles = [lower[i] for i in down]
    rng.shuffle(tiles)
    for i, t in zip(down, tiles):
        lower[i] = t
    others = [s for s in range(state.players) if s != viewer]
    slots = [("cell", i) for i in down if not C.tile(lower[i]).coral]
    slots += [(s, k) for s in others for k in range(len(state.collected[s]))]
    collected = {s: list(state.collected[s]) for s in range(state.players)}
    pool = [lower[i] if kind == "cell" else collected[kind][i] for kind, i in slots]
    rng.shuffle(pool)
    for (kind, i), t in zip(slots, pool):
        if kind == "cell":
            lower[i] = t
        else:
            collected[kind][i] = t
    hands = {s: list(state.hands[s]) for s in range(state.players)}
    cards = list(state.deck) + [c for s in others for c in hands[s]]
    rng.shuffle(cards)
    deck = cards[:len(state.deck)]
    rest = cards[len(state.deck):]
    for s in others:
        hands[s], rest = rest[:len(hands[s])], rest[len(hands[s]):]
    return dataclasses.replace(state, lower=tuple(lower), deck=tuple(deck),
                               hands=tuple(tuple(hands[s]) for s in range(state.players)),
                               collected=tuple(tuple(collected[s]) for s in range(state.players)))


def test_nothing_hidden_changes_what_the_coach_or_the_score_panel_says():
    """Dealing again everything a seat cannot see (face-down tiles, the others' fragments and hands, the deck)
    changes no hint, no fact and no word of its score panel: they are made from what the seat may know."""
    rng = random.Random(34)
    checked = changed = 0
    for n, (before, _action, _events, _after) in enumerate(all_steps()):
        if n % 3 or before.placing or before.battle is not None:
            continue
        seat = A.to_move(before)[0]
        other = _unknowns_reshuffled(before, seat, rng)
        changed += other != before
        for lang in LANGS:
            assert A.SPEC.parts().coach(other, seat, lang) == A.SPEC.parts().coach(before, seat, lang)
            assert [h.facts for h in A.SPEC.parts().coach(other, seat, lang)] == [
                h.facts for h in A.SPEC.parts().coach(before, seat, lang)]
            assert A.SPEC.parts().score_panel(other, seat, lang) == A.SPEC.parts().score_panel(before, seat, lang)
        checked += 1
    assert checked > 100 and changed > checked * 0.9


# --------------------------------------------------------------------------- tips, and the hooks registered

@pytest.mark.parametrize("lang", LANGS)
def test_three_to_five_first_game_tips_in_each_language(lang):
    tips = A.SPEC.parts().tips(lang)
    assert 3 <= len(tips) <= 5 and all(isinstance(t, str) and len(t.split()) >= 8 for t in tips)
    assert len(set(tips)) == len(tips)
    if lang != "en":
        assert not set(tips) & set(A.SPEC.parts().tips("en"))


def test_the_table_hooks_are_the_games():
    parts = A.SPEC.parts()
    assert parts.summary is ui.summary and parts.coach is ui.coach
    assert parts.score_panel is ui.score_panel and parts.tips is ui.tips
    assert table.LAST_FEW >= 1


def _face_down_under_pawns(state) -> list[int]:
    return [at for at in state.pawns if at is not None and state.upper[at] is None
            and state.lower[at] is not None and not state.lower_open[at]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_says_a_face_down_tile_under_a_pawn_is_a_coral(lang):
    """At the end only corals and the tiles under them are left («Конец игры и подсчёт баллов»), so a face-down tile
    under a pawn is a coral: the end's words say so, with its cell, and no longer say every fragment is turned up
    (club-teacher review 2026-12-02: «все осколки открыты» while a face-down tile lay under a pawn)."""
    coral = next(t for t in C.ALL_TILES if C.tile(t).coral)
    fragment = next(t for t in C.ALL_TILES if not C.tile(t).coral)
    upper, lower = [None] * 25, [None] * 25
    lower[B.cell(0, 0)], lower[B.cell(2, 2)] = coral, fragment      # A1 under player 2's pawn; the last fragment, C3
    crab = next(c for c in C.ALL_CARDS if C.card(c).species == "crab")
    before = A.setup(2, seed=1, upper=upper, lower=lower, pawns=[(4, 2), (0, 0)], hands=[[crab], []], deck=[])
    assert _face_down_under_pawns(before) == [B.cell(0, 0)] and not A.is_over(before)
    state, _events = A.apply(before, Move(0, crab, B.cell(2, 2)))
    assert state.over and _face_down_under_pawns(state) == [B.cell(0, 0)]
    under = text("ui.aqua_fest.table.end.under_pawn", lang, player=player_name(1, lang), player_plain=2, cell="A1")
    for words in (said(parsed(table.score_panel(state, 0, lang))), said(parsed(table._final(state, lang)))):
        assert under in words and "A1" in under
        assert text("ui.aqua_fest.table.end.left", lang) in words
    assert under not in said(parsed(table._final(A.setup(2, seed=1), lang)))      # said only where it is so
