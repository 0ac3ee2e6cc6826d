"""Мяури at the play table (issue #34): the summaries, the score panel, the coach's hints and the first-game tips,
checked over seeded bot games against the engine (tutor.games.maui.table, tutor.games.maui.coaching)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import lru_cache
from html import escape

import pytest

from tutor.core.events import for_viewer
from tutor.core.i18n import number, player_name, text
from tutor.games import maui
from tutor.games.maui import components as C
from tutor.games.maui.rules import Dive, Jellyfish, dispute_order
from tutor.games.maui.ui import UI

LANGS = ("en", "ru")
# (seed, players, variants): every player count, each variant alone and both together
GAMES = [(seed, players, variants)
         for seed, (players, variants) in enumerate([(3, ()), (4, ()), (5, ()), (6, ()), (4, ("open-baskets",)),
                                                     (5, ("no-fights",)), (3, ("no-fights", "open-baskets"))] * 2)]
ROW = re.compile(r'<tr data-seat="(\d+)"(?: data-dive="(\d+)")? data-round="(-?\d+)"(?: data-total="(-?\d+)")?>')
LINE = re.compile(r'<li data-seat="(\d+)" data-points="(-?\d+)">')
PANEL_ROW = re.compile(r'<tr data-seat="(\d+)" data-cards="(\d+)"(?: data-total="(-?\d+)")?>')


@lru_cache(maxsize=None)
def game(seed: int, players: int, variants: tuple[str, ...]) -> tuple:
    """Every action of a bot game: (position before, action, events, position after)."""
    state = maui.setup(players, seed=seed, variant=variants)
    bots, rng = maui.SPEC.bots(), random.Random(seed)
    steps = []
    while not maui.is_over(state):
        seat = maui.to_move(state)[0]
        action = bots.choose(state, seat, rng)
        after, events = maui.apply(state, action)
        steps.append((state, action, tuple(events), after))
        state = after
    return tuple(steps)


def every_step():
    for g in GAMES:
        yield from game(*g)


def totals(state) -> list[int]:
    return [b.total for b in maui.score(state)]


def countable(state, viewer, seat) -> bool:
    """Independently of the module: a pile may be counted by its owner, the teacher, with open baskets, at the end,
    or while it is at most one card, face up (nothing lies hidden under it)."""
    return (viewer is None or viewer == seat or "open-baskets" in state.variants or state.round > C.ROUNDS
            or len(state.piles[seat]) <= 1)


# every id a card can have: catch cards ("tuna-3") and dive cards ("dive-2-11")
CARD_ID = re.compile(r"\b(?:(?:%s)-\d+|dive-\d+-\d+)\b" % "|".join(C.KINDS))


def leaks(html: str, state, viewer) -> list[str]:
    """The secret ids (SPEC.secrets) written anywhere in `html`."""
    return sorted(set(CARD_ID.findall(html)) & maui.SPEC.secrets(state, viewer))


def test_the_leak_check_finds_an_id():
    state = maui.setup(4, seed=2)
    hidden = sorted(maui.SPEC.secrets(state, 0))
    assert leaks(f'<svg data-card="{hidden[0]}"/>', state, 0) == [hidden[0]] and not leaks("tuna-", state, 0)


# --------------------------------------------------------------------------- the summary

@pytest.mark.parametrize("lang", LANGS)
def test_a_summary_comes_exactly_at_a_reveal_a_round_s_end_and_the_game_s_end(lang):
    """Non-empty for the dive that turns the cards up (the last seat to lay one) and for the action after which
    the round number moves on; empty for every other action; never a secret id in it."""
    shown = {"reveal": 0, "round": 0, "game": 0}
    for before, action, events, after in every_step():
        reveal = isinstance(action, Dive) and sum(c is None for c in before.chosen) == 1
        ends = after.round != before.round
        for viewer in (0, 1, None):
            told = for_viewer(events, viewer)
            out = UI.summary(before, told, after, viewer, lang)
            assert bool(out) == (reveal or ends), (action, out[:200])
            if not out:
                continue
            assert out.startswith("<h4>"), out[:80]
            assert not leaks(out, after, viewer), leaks(out, after, viewer)
        if reveal or ends:
            shown["game" if after.round > C.ROUNDS else "round" if ends else "reveal"] += 1
    assert all(shown.values()), shown      # each kind of moment was met (a reveal alone: a jellyfish offer)


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_table_s_dive_cards_points_and_totals_are_the_engine_s(lang):
    """Each row: the dive card the engine turned up, the points the action gained or lost (the engine's scores
    before and after), the running total only where the viewer may count that pile; each score line's points add
    up to its row."""
    for before, action, events, after in every_step():
        for viewer in (0, 2, None):
            out = UI.summary(before, list(events), after, viewer, lang)
            if not out:
                continue
            rows = ROW.findall(out)
            assert [int(r[0]) for r in rows] == list(range(after.players))
            gained = [a - b for a, b in zip(totals(after), totals(before))]
            lines: dict[int, int] = {}
            for seat, points in LINE.findall(out):
                lines[int(seat)] = lines.get(int(seat), 0) + int(points)
            for seat, dive, points, total in rows:
                s = int(seat)
                assert int(points) == gained[s] == lines.get(s, 0), (s, points, gained, lines)
                if isinstance(action, Dive):
                    assert int(dive) == after.revealed[s]
                if countable(after, viewer, s):
                    assert int(total) == totals(after)[s]
                else:
                    assert total == "", (s, viewer)      # another's closed pile: not counted
            if any(not countable(after, viewer, s) for s in range(after.players)):
                assert escape(text("ui.maui.table.note.closed", lang, hidden="?")) in out


@pytest.mark.parametrize("lang", LANGS)
def test_kiti_s_disputes_the_lantern_and_the_jellyfish_are_told_in_the_summary(lang):
    """What Kiti decided (a dispute), a card turned up after a lantern fish, an offer of jellyfish: each event is
    told in the summary of its action, with its rule."""
    told = set()
    for before, action, events, after in every_step():
        out = UI.summary(before, list(events), after, 0, lang)
        for e in events:
            if e.kind in ("maui.dispute", "maui.tie_no_catch", "maui.face_down_revealed", "maui.jellyfish_offer"):
                assert escape(maui.SPEC.narrate(e, lang)) in out, e
                told.add(e.kind)
            if e.kind == "maui.kiti_moved" and after.round <= C.ROUNDS:
                assert escape(maui.SPEC.narrate(e, lang)) in out
                told.add(e.kind)
    assert told == {"maui.dispute", "maui.tie_no_catch", "maui.face_down_revealed", "maui.jellyfish_offer",
                    "maui.kiti_moved"}, told


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_s_end_names_the_winners_and_every_score_line(lang):
    ends = [step for step in every_step() if step[3].round > C.ROUNDS]
    assert len(ends) == len(GAMES)
    for before, action, events, after in ends:
        out = UI.summary(before, list(events), after, 0, lang)
        won = maui.winners(after)
        assert re.search(rf'data-winners="{" ".join(map(str, won))}"', out)
        for b in maui.score(after):
            listed = re.search(rf'<ul class="tutor-events" data-seat="{b.player}">(.*?)</ul>', out).group(1)
            assert listed.count("<li>") == max(1, len(b.lines))
            for line in b.lines:
                assert escape(line.label(lang)) in listed
            who = player_name(b.player, lang) + (f" ({text('ui.maui.table.you', lang)})" if b.player == 0 else "")
            assert f"<b>{escape(who)} · {number(b.total)}</b>" in out


@pytest.mark.parametrize("lang", LANGS)
def test_a_tie_is_named_and_shared(lang):
    """Round 12 from a set position: Players 1 and 2 end on the same total. The rules have no tie-break: the
    summary says so and names both."""
    state = maui.setup(3, round=12, hands=[[12], [1], [5]], piles=[["tuna-1"], ["tuna-2"], []],
                       lagoon={"deep": "catfish-1", "middle": "tiger-1", "shallow": "catfish-2"})
    before = maui.apply(maui.apply(state, Dive(0, 12))[0], Dive(1, 1))[0]
    after, events = maui.apply(before, Dive(2, 5))
    assert maui.winners(after) == [0, 1]
    out = UI.summary(before, events, after, 2, lang)
    best = totals(after)[0]
    names = text("core.list_and", lang, items=player_name(0, lang), last=player_name(1, lang))
    from tutor.games.maui.table import points_words
    assert escape(text("ui.maui.table.final.tie", lang, players=names, points=points_words(best, lang))) in out
    assert 'data-winners="0 1"' in out


def test_a_reveal_before_a_jellyfish_offer_is_summed_up_and_the_answer_ends_the_round():
    """Three jellyfish in a pile: the dive's summary shows the catches (the round goes on: the offer); the answer's
    summary ends the round with the jellyfish thrown away, worth what the engine says."""
    state = maui.setup(3, round=5, hands=[[1, 2, 3, 4, 5, 6, 7, 12]] * 3,
                       piles=[["jellyfish-1", "jellyfish-3"], [], []],
                       lagoon={"deep": "jellyfish-4", "middle": "tiger-1", "shallow": "catfish-2"})
    for seat, card in ((0, 12), (1, 6)):
        state = maui.apply(state, Dive(seat, card))[0]
    before = state
    mid, events = maui.apply(before, Dive(2, 1))
    assert mid.pending == (0,) and mid.round == before.round
    out = UI.summary(before, events, mid, 0, "en")
    assert out.startswith("<h4>" + escape(text("ui.maui.table.title.reveal", "en", round=5, rounds=C.ROUNDS)))
    end, events = maui.apply(mid, Jellyfish(0, True))
    out = UI.summary(mid, events, end, 0, "en")
    assert out.startswith("<h4>" + escape(text("ui.maui.table.title.round", "en", round=5, rounds=C.ROUNDS)))
    (seat, points), = LINE.findall(out)
    assert int(seat) == 0 and int(points) == totals(end)[0] - totals(mid)[0] > 0


# --------------------------------------------------------------------------- the score panel

@pytest.mark.parametrize("lang", LANGS)
def test_the_score_panel_counts_what_the_viewer_may_count_and_hides_the_rest(lang):
    for g in GAMES[:7]:
        for before, action, events, after in game(*g):
            for viewer in (0, 1, None):
                out = UI.score_panel(after, viewer, lang)
                assert not leaks(out, after, viewer)
                rows = PANEL_ROW.findall(out)
                assert [int(r[0]) for r in rows] == list(range(after.players))
                for seat, cards, total in rows:
                    s = int(seat)
                    assert int(cards) == len(after.piles[s])
                    if countable(after, viewer, s):
                        assert int(total) == totals(after)[s]
                    else:
                        assert total == ""
                if viewer is not None and after.round <= C.ROUNDS and after.piles[viewer]:
                    mine = re.search(rf'<ul class="tutor-events" data-seat="{viewer}">(.*?)</ul>', out).group(1)
                    lines = maui.score(after)[viewer].lines
                    assert mine.count("<li>") == len(lines)
                    assert all(escape(line.label(lang)) in mine for line in lines)


# --------------------------------------------------------------------------- the coach

def take(state, seat, depth):
    """`state` with fresh hands laid so that `seat` alone wins `depth` (no tie anywhere): the catch as it would
    happen, through the engine."""
    n = state.players
    others = [s for s in range(n) if s != seat]
    cards = {"deep": 12, "middle": 11, "shallow": 1}
    laid = {seat: cards[depth]}
    spare = iter([12, 10, 9, 8, 7, 6] if depth == "middle" else [10, 9, 8, 7, 6])
    for s in others:
        laid[s] = next(spare)
    state = replace(state, hands=tuple((laid[s],) for s in range(n)), chosen=(None,) * n)
    events = []
    for s in range(n):
        state, ev = maui.apply(state, Dive(s, laid[s]))
        events += ev
    return state, events


def tie_all(state):
    """Every diver lays the same number: the catches show how ties are settled this round."""
    n = state.players
    state = replace(state, hands=((7,),) * n, chosen=(None,) * n)
    events = []
    for s in range(n):
        state, ev = maui.apply(state, Dive(s, 7))
        events += ev
    return events


def check_hint(state, seat, hint):
    f = hint.facts
    assert hint.text and maui.SPEC.section(hint.rule)
    # a fact and what the rules allow, never advice
    advice = r"\b(should|best|better|must play|стоит|лучше|следует)\b"
    assert not re.search(advice, hint.text), hint.text
    if hint.kind == "hand":
        assert f["hand"] == sorted(a.card for a in maui.legal_actions(state, seat))
        assert f["rounds_left"] == C.ROUNDS - state.round + 1
    elif hint.kind == "ties" and state.kiti is not None:
        caught = {e.data["depth"]: e.data["player"] for e in tie_all(state) if e.kind == "maui.catch"}
        assert caught["deep"] == f["right_order"][0] and caught["middle"] == f["right_order"][1]
        if state.players <= len(C.DEPTHS):
            # three divers: the last one left takes the shallows, no tie, and the hint names no left-hand order (it
            # told a three-player table who would win a tie for the shallows, a reader of wave 20)
            assert "left_order" not in f and caught["shallow"] == f["right_order"][2]
            assert f["right_order"][f["right_place"] - 1] == seat
        else:
            assert caught["shallow"] == next(s for s in f["left_order"] if s not in (caught["deep"], caught["middle"]))
            assert f["right_order"][f["right_place"] - 1] == seat == f["left_order"][f["left_place"] - 1]
    elif hint.kind == "ties":
        assert f == {"tie_catches": False}
        assert not [e for e in tie_all(state) if e.kind == "maui.catch"]
    elif hint.kind == "top-card":
        assert f["card"] in state.hands[seat] and all(f["card"] >= n for n in C.DIVE_CARDS)
    elif hint.kind == "bottom-card":
        assert f["card"] in state.hands[seat] and all(f["card"] <= n for n in C.DIVE_CARDS)
    elif hint.kind == "pile-worth":
        assert f == {"points": totals(state)[seat], "cards": len(state.piles[seat])}
    elif hint.kind == "seagull" and not f["alone"]:
        cells = [state.lagoon[C.DEPTHS.index(d)] for d in f["depths"]]
        assert "no-fights" in state.variants and any(len(c) > 1 for c in cells)
        assert all(any(C.kind(x) == "seagull" for x in c) for c in cells)
    elif hint.kind == "seagull":
        for depth in f["depths"]:
            _, events = take(state, seat, depth)
            ate = [e for e in events if e.kind in ("maui.seagull_ate", "maui.seagull_hungry")
                   and e.data["player"] == seat]
            assert ate, (depth, events)
            if f["top_kind"] is None:
                assert ate[0].kind == "maui.seagull_hungry"
            else:
                assert C.kind(ate[0].data["card"]) == f["top_kind"]
                assert C.value(ate[0].data["card"]) == f["top_value"]
    elif hint.kind == "jellyfish":
        assert f["yours"] == sum(C.kind(c) == "jellyfish" for c in state.piles[seat])
        for depth, value in zip(f["depths"], f["values"]):
            after, events = take(state, seat, depth)
            caught = [e for e in events if e.kind == "maui.catch" and e.data["player"] == seat]
            assert value in [C.value(c) for c in caught[0].data["cards"] if C.kind(c) == "jellyfish"]
    elif hint.kind == "lantern-peek":
        cell = C.DEPTHS.index(f["depth"])
        assert (cell, seat) in state.face_down
        card = state.lagoon[cell][-1]
        assert (C.kind(card), C.value(card)) == (f["kind"], f["value"])
        assert card in maui.SPEC.secrets(state, next(s for s in range(state.players) if s != seat))
    elif hint.kind == "lantern-peeked":
        cell = C.DEPTHS.index(f["depth"])
        assert (cell, f["peeker"]) in state.face_down and f["peeker"] != seat
        assert state.lagoon[cell][-1] in maui.SPEC.secrets(state, seat)
    elif hint.kind == "jellyfish-offer":
        after, _ = maui.apply(state, Jellyfish(seat, True))
        assert (f["now"], f["then"]) == (totals(state)[seat], totals(after)[seat])
        assert f["count"] == sum(C.kind(c) == "jellyfish" for c in state.piles[seat]) >= C.JELLYFISH_SET
    else:
        raise AssertionError(f"a hint kind the test does not check: {hint.kind}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_coach_hint_is_true_in_its_position(lang):
    """For every seat to move in every position: each hint's facts, recomputed through the engine; none names a
    secret id; every kind of hint was met."""
    kinds = set()
    for before, action, events, after in every_step():
        for seat in maui.to_move(before):
            hints = UI.coach(before, seat, lang)
            assert hints
            for hint in hints:
                check_hint(before, seat, hint)
                assert not leaks(hint.text, before, seat)
                kinds.add(hint.kind)
    assert kinds == {"hand", "ties", "top-card", "bottom-card", "pile-worth", "seagull", "jellyfish", "lantern-peek",
                     "lantern-peeked", "jellyfish-offer"}, kinds


def test_no_hint_for_a_seat_with_nothing_to_decide():
    state = maui.setup(4, seed=1)
    state = maui.apply(state, Dive(0, 5))[0]
    assert UI.coach(state, 0, "en") == [] and UI.coach(state, 1, "en")


# --------------------------------------------------------------------------- the tips

@pytest.mark.parametrize("lang", LANGS)
def test_three_to_five_first_game_tips(lang):
    tips = UI.tips(lang)
    assert 3 <= len(tips) <= 5 and all(t.strip() for t in tips) and len(set(tips)) == len(tips)
    assert str(C.ROUNDS) in tips[0]          # the number comes from the components


def test_the_tips_are_translated():
    assert all(en != ru for en, ru in zip(UI.tips("en"), UI.tips("ru")))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_components_table_says_seagulls_score_nothing(lang):
    """A reader of wave 23 read the seagulls' "0, 0, 0, 0, 0, 0", marked "rulebook", as values the rulebook prints:
    it prints none (a seagull goes to the box with the top catch). A kind that scores nothing says so."""
    import re as _re

    from tutor.core.i18n import text
    from tutor.games.maui.ui import components
    table = components(lang)
    row = _re.search(r'<tr data-kind="seagull"[^>]*>(.*?)</tr>', table, flags=_re.S)
    assert row and text("ui.values_none", lang) in row.group(1) and "0, 0" not in row.group(1), table
    tuna = _re.search(r'<tr data-kind="tuna"[^>]*>(.*?)</tr>', table, flags=_re.S)
    assert tuna and text("ui.values_none", lang) not in tuna.group(1)
