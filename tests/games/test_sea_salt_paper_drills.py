"""Паперові океани's drills (tutor/games/sea_salt_paper/drills.py): over many seeds each question is fit, its answer
is worked out again here with the engine (apply the move asked about, read what it did), the answers vary, the
reasons cite rules the game knows, every text speaks each lesson language without an internal id, a session never
repeats a position, and a question is made in well under 50 ms of processor time."""

from __future__ import annotations

import re
import time
from collections import Counter

import pytest

from tutor.core import drill as D
from tutor.core.errors import RuleViolation
from tutor.core.game import info
from tutor.core.rules import cite
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.rules import (
    CrabPile, EndTurn, PlayDuo, Steal, Stop, apply, legal_actions,
)
from tutor.games.sea_salt_paper.scoring import breakdown

GAME = "sea_salt_paper"
SEEDS = 150
LANGS = info(GAME).lesson_langs
NAMES = ("what-pair-does", "may-end", "colour-bonus", "bet-outcome", "card-points")
ID = re.compile(r"\b[a-z_]+-\d+\b")          # crab-3, shoal_of_fish-1: never said to a learner


def questions(name: str):
    d = D.find(f"{GAME}/{name}")
    return [D.question(d, seed) for seed in range(SEEDS)]


_CACHE: dict = {}


def asked(name: str):
    if name not in _CACHE:
        _CACHE[name] = questions(name)
    return _CACHE[name]


def test_the_game_has_its_drills():
    assert {d.id for d in D.drills(GAME)} >= {f"{GAME}/{n}" for n in NAMES}


# --------------------------------------------------------------------------- the answers, worked out again

def _pair(q) -> tuple:
    cards = [h.split(":", 1)[1] for h in q.highlight if h.startswith("card:")]
    assert len(cards) == 2, q.highlight
    return tuple(cards)


def test_what_a_pair_does_is_what_the_engine_does_with_it():
    for q in asked("what-pair-does"):
        seat, (a, b) = q.viewer, _pair(q)
        assert C.duo_of(a, b), (a, b)
        hand = q.state.hands[seat]
        after, events = apply(q.state, PlayDuo(seat, a, b))
        kinds = [e.kind.split(".", 1)[1] for e in events]
        if "boat" in kinds:
            seen = "boat"
        elif "fish_drew" in kinds:
            assert sorted(after.hands[seat]) == sorted([c for c in hand if c not in (a, b)] + [q.state.deck[0]])
            seen = "fish"
        elif any(k.endswith("_nothing") for k in kinds):
            assert sorted(after.hands[seat]) == sorted(c for c in hand if c not in (a, b))
            seen = "nothing"
        elif any(isinstance(x, CrabPile) for x in legal_actions(after, seat)):
            seen = "crab"
        elif any(isinstance(x, Steal) for x in legal_actions(after, seat)):
            seen = "steal"
        else:
            raise AssertionError(f"the pair did something the test does not know: {kinds}")
        assert q.answer == {seen}, (q.key, q.answer, seen)


def test_may_end_is_whether_the_engine_takes_a_stop():
    for q in asked("may-end"):
        seat = q.viewer
        assert q.state.turn == seat and q.state.phase == "play"
        try:
            apply(q.state, Stop(seat))
            may = True
        except RuleViolation:
            may = False
        assert (Stop(seat) in legal_actions(q.state, seat)) == may
        assert q.answer == {"yes" if may else "no"}, q.key


def test_the_bet_outcome_is_what_the_round_scored():
    for q in asked("bet-outcome"):
        s = q.state
        assert s.caller is not None and not s.last_turns and s.phase == "play", q.key
        who = q.prompt.params["p"] - 1
        after, events = apply(s, EndTurn(s.turn))
        row = next(r for r in after.history if r[0] == s.round)
        assert q.answer == {str(row[1 + who])}, (q.key, q.answer, row)
        settled = [e for e in events if e.kind in ("sea_salt_paper.bet_won", "sea_salt_paper.bet_lost")]
        assert settled and settled[0] in q.why


def test_card_points_are_the_breakdowns_lines_added_up():
    for q in asked("card-points"):
        seat = q.viewer
        cards = q.state.hands[seat] + q.state.zones[seat]
        lines = breakdown(cards, seat).lines
        assert q.answer == {str(sum(line.points for line in lines))}, q.key
        assert "hide:points" in q.highlight, "the board would show the answer"
        assert [b.total for b in q.why] == [sum(line.points for line in lines)], "show me why adds up to the answer"
        assert "colour_bonus" not in " ".join(line.key for b in q.why for line in b.lines)


def test_the_colour_bonus_is_the_count_of_the_colour_held_most():
    for q in asked("colour-bonus"):
        seat = q.viewer
        cards = q.state.hands[seat] + q.state.zones[seat]
        most = Counter(C.COLOUR[c] for c in cards).most_common(1)[0][1]     # mermaids are white cards
        assert q.answer == {str(most)}, q.key
        assert "hide:points" in q.highlight, "the board would show the answer"
        [why] = q.why
        assert [line.points for line in why.lines] == [most] and ".colour_bonus." in why.lines[0].key


# --------------------------------------------------------------------------- fit, varied, cited, said

@pytest.mark.parametrize("name", NAMES)
def test_questions_are_fit_and_not_trivial(name):
    answers, places = Counter(), Counter()
    for q in asked(name):
        assert D.problems(q) == [], (q.key, D.problems(q))
        keys = [o.key for o in q.options]
        [right] = q.answer
        answers[right] += 1
        places[keys.index(right)] += 1
    assert len(answers) > 1, f"{name}: always {answers}"
    assert len(places) > 1, f"{name}: the right option is always in place {places}"
    top = answers.most_common(1)[0][1]
    assert top < 0.7 * SEEDS, f"{name}: one answer in {top} of {SEEDS} questions: {answers}"


@pytest.mark.parametrize("name", NAMES)
def test_reasons_cite_rules_and_texts_speak_every_language_without_ids(name):
    for q in asked(name)[:60]:
        assert q.why, q.key
        assert cite(q.rule, "en")
        for item in q.why:
            rules = [item.rule] if hasattr(item, "narrate") else [line.rule for line in item.lines]
            assert rules, (q.key, item)
            for rule in rules:
                assert cite(rule, "en"), rule
        for lang in LANGS:
            texts = [D.said(q.prompt, lang), D.said(q.hint, lang), D.said(q.explain, lang)]
            texts += [D.said(o.label, lang) for o in q.options]
            texts += [item.narrate(lang) for item in q.why if hasattr(item, "narrate")]
            for text in texts:
                assert text.strip(), (q.key, lang)
                assert not ID.search(text), (q.key, lang, text)
                assert "{" not in text, (q.key, lang, text)
            if lang != "en":
                assert D.said(q.prompt, lang) != D.said(q.prompt, "en")


@pytest.mark.parametrize("name", NAMES)
def test_a_session_of_thirty_never_repeats_a_position(name):
    d = D.find(f"{GAME}/{name}")
    seen: set = set()
    for n in range(30):
        q = D.question(d, n, skip=seen)
        assert q.key not in seen
        seen.add(q.key)
    assert len(seen) == 30


@pytest.mark.parametrize("name", NAMES)
def test_a_question_takes_well_under_50_ms(name):
    d = D.find(f"{GAME}/{name}")
    start = time.process_time()
    for seed in range(1000, 1040):
        D.question(d, seed)
    per = (time.process_time() - start) / 40
    assert per < 0.05, f"{name}: {per * 1000:.1f} ms of processor time a question"
