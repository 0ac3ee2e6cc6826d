"""The drill player (tutor.widgets.drill) driven as the page drives it: answer right, answer wrong, the hint
first, "show me why", try again, next; the streak and history; no position asked twice; both kinds of
question (one pick, pick all). The drills here are made for the test from Мяури's engine, so the widget is
tested apart from the games' own drills (tests/test_drills.py checks those)."""

from __future__ import annotations

import html
import re

import pytest

from tutor.core import drill as D
from tutor.core.i18n import player_name, plural
from tutor.core.scenario import before_next_deal
from tutor.games import maui
from tutor.widgets.drill import DrillPlayer


def _who_takes_the_deep(rng):
    """Three divers reveal; who takes the deep? (answered by the engine's catch events)"""
    state = maui.setup(3, seed=rng.randrange(10**6))
    cards = [rng.randint(1, 12) for _ in range(3)]
    after, events = state, []
    for seat, card in enumerate(cards[:-1]):
        after, _ = maui.apply(after, maui.Dive(seat, card))
    _after, all_events, shown, told = before_next_deal(maui, after, maui.Dive(2, cards[-1]))
    takers = [e.data["player"] for e in told if e.kind == "maui.catch" and e.data.get("depth") == "deep"]
    if len(takers) != 1:
        return None
    options = tuple(D.Option(f"p{s}", lambda lang, s=s: player_name(s, lang)) for s in range(3))
    revealed = ", ".join(str(c) for c in cards)
    return D.Question(
        drill="maui/test-deep", key=f"{cards}/{state.lagoon}", state=state,
        prompt={"en": f"The divers reveal {revealed}. Who takes the deep?",
                "ru": f"Открыты карты {revealed}. Кто забирает большую глубину?"},
        options=options, answer=frozenset({f"p{takers[0]}"}), rule="maui:deep",
        hint={"en": "Which number dives deepest?", "ru": "Какое число ныряет глубже всех?"},
        explain={"en": "The highest card takes the deep.", "ru": "Самая большая карта забирает большую глубину."},
        why=tuple(e for e in told if e.kind in ("maui.catch", "maui.dispute")), viewer=None,
        after=shown, events=tuple(told))


def _which_cards(rng):
    """Which of these numbers may player 1 still play? (pick all; legal_actions answers)"""
    state = maui.setup(3, seed=rng.randrange(10**6))
    for _ in range(rng.randint(1, 4)):
        for seat in range(3):
            options = [a for a in maui.legal_actions(state, seat) if isinstance(a, maui.Dive)]
            if not options:
                return None
            state, _ = maui.apply(state, rng.choice(options))
        while maui.to_move(state) and state.pending:
            seat = maui.to_move(state)[0]
            state, _ = maui.apply(state, maui.legal_actions(state, seat)[0])
    legal = {a.card for a in maui.legal_actions(state, 0) if isinstance(a, maui.Dive)}
    shown = sorted(rng.sample(range(1, 13), 5))
    right = {f"c{c}" for c in shown if c in legal}
    if not right or len(right) == len(shown):
        return None
    return D.Question(
        drill="maui/test-cards", key=f"{state.round}/{shown}/{sorted(legal)}", state=state,
        prompt={"en": "Which of these may player 1 dive with now?", "ru": "Какими из этих карт игрок 1 может нырнуть?"},
        options=tuple(D.Option(f"c{c}", str(c)) for c in shown), answer=frozenset(right), rule="maui:play",
        hint={"en": "Each number is played once a game.", "ru": "Каждое число играют раз за игру."},
        explain="", viewer=0, multi=True)


DEEP = D.Drill("maui/test-deep", "part-depths", {"en": "The deep", "ru": "Глубина"}, "maui:deep", _who_takes_the_deep)
CARDS = D.Drill("maui/test-cards", "part-round", {"en": "Cards", "ru": "Карты"}, "maui:play", _which_cards)


def text_of(w: DrillPlayer) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", w.verdict.value))


def wrong_key(q) -> str:
    return next(o.key for o in q.options if o.key not in q.answer)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_answer_gets_the_hint_first_then_show_me_why_gives_the_engines_reasons(lang):
    w = DrillPlayer(DEEP, lang=lang, seed=3)
    q = w.question
    assert w.svg.value.startswith("<svg")
    w.pick(wrong_key(q))
    said = text_of(w)
    assert D.said(q.hint, lang) in said
    answer = ", ".join(D.said(o.label, lang) for o in q.options if o.key in q.answer)
    # nothing gives the answer away before "Show me why"
    assert "data-kind" not in w.verdict.value and D.said(q.explain, lang) not in said
    assert w.why.layout.display is None and w.again.layout.display is None
    assert w.streak == 0 and w.history == [False]
    board_before = w.svg.value
    w.show_why()
    said = text_of(w)
    assert answer in said and D.said(q.explain, lang) in said
    assert 'data-kind="maui.catch"' in w.verdict.value
    assert w.svg.value != board_before        # the board after the reveal
    assert all(b.disabled for b in w.buttons.values())
    assert w.next.layout.display is None and w.why.layout.display == "none"


def test_try_again_then_right_keeps_the_first_answer_in_the_streak():
    w = DrillPlayer(DEEP, lang="en", seed=5)
    q = w.question
    w.pick(wrong_key(q))
    w.try_again()
    assert w.verdict.value == "" and not any(b.disabled for b in w.buttons.values())
    w.pick(next(iter(q.answer)))
    assert "tutor-verdict right" in w.verdict.value
    assert w.streak == 0 and w.history == [False]
    assert "Only a first answer counts towards the streak." in w.verdict.value   # why the streak still reads 0
    w.new_question()
    w.pick(next(iter(w.question.answer)))
    assert w.streak == 1 and w.history == [False, True]
    assert "tutor-drill-retry" not in w.verdict.value
    assert "✓" in w.score.value and "✗" in w.score.value


def test_next_never_asks_the_same_position_twice():
    w = DrillPlayer(DEEP, lang="en", seed=11)
    keys = [w.question.key]
    for _ in range(25):
        w.new_question()
        keys.append(w.question.key)
    assert len(set(keys)) == len(keys)
    assert len(w.history) == 0


def test_a_pick_all_question_toggles_then_checks():
    w = DrillPlayer(CARDS, lang="en", seed=2)
    q = w.question
    assert q.multi and w.check.layout.display is None
    w.submit()                                  # nothing picked: asked to pick, not judged
    assert w.history == [] and "Pick at least one" in text_of(w)
    right = sorted(q.answer)
    w.pick(right[0])
    w.pick(wrong_key(q))
    w.pick(wrong_key(q))                        # toggled off again
    assert w.picked == {right[0]}
    assert w.buttons[right[0]].description.startswith("☑")
    for key in right[1:]:
        w.pick(key)
    w.submit()
    assert "tutor-verdict right" in w.verdict.value and w.streak == 1


def test_a_broken_drill_is_a_friendly_message_not_a_traceback():
    broken = D.Drill("maui/broken", "part-round", "x", "maui:play", lambda rng: None)
    w = DrillPlayer(broken, lang="en", seed=1)
    assert "could not make a question" in w.errors.value and "maui/broken" in w.errors.value
    assert "Traceback" not in w.errors.value


def test_a_pick_all_answer_says_which_way_it_missed():
    w = DrillPlayer(CARDS, lang="en", seed=4)
    while len(w.question.answer) < 2:        # a question with two right answers or more: one can be left out
        w.new_question()
    q = w.question
    right = sorted(q.answer)
    w.pick(right[0])
    w.submit()
    said = text_of(w)
    assert "not picked" in said and "are wrong" not in said
    w.try_again()
    # the ticks stay for the second try (a reader re-ticked four of five): only what was missing is added
    assert w.picked == {right[0]} and "☑" in w.buttons[right[0]].description
    for key in right[1:]:
        w.pick(key)
    w.pick(wrong_key(q))
    w.submit()
    said = text_of(w)
    assert "1 of your picks is wrong" in said and "not picked" not in said


def test_a_wrong_pick_all_answer_counts_its_misses_and_marks_no_option():
    """A club teacher found every wrong pick marked ✗ after "Check", so "Try again" was only unticking them: the
    answer says how many picks are wrong and how many right ones are missing, and marks nothing until "Show me
    why"."""
    w = DrillPlayer(CARDS, lang="ru", seed=4)
    while len(w.question.answer) < 2 or len(w.question.options) - len(w.question.answer) < 2:
        w.new_question()
    q = w.question
    wrong = [o.key for o in q.options if o.key not in q.answer]
    w.pick(sorted(q.answer)[0])
    w.pick(wrong[0])
    w.pick(wrong[1])
    w.submit()
    said = text_of(w)
    missing = len(q.answer) - 1
    assert "Среди отмеченных 2 неверных ответа." in said, said
    assert plural("ui.drill.picks_missing", missing, "ru") in said, said
    marked = [k for k, b in w.buttons.items() if "✗" in b.description or "✓" in b.description
              or {"tutor-quiz-wrong", "tutor-quiz-right"} & set(b._dom_classes)]
    assert marked == [], f"options marked before the answer is shown: {marked}"
    w.show_why()
    assert all("✗" in w.buttons[k].description for k in wrong[:2])
    assert all("✓" in w.buttons[k].description for k in q.answer)



def test_the_question_comes_before_its_board():
    """Two readers (stop 44): under a board a phone screen tall, a learner scrolled through a position without knowing
    what to look for. As a task and a quiz do, a drill says its question first, then draws the board, then the
    choices."""
    w = DrillPlayer(DEEP, lang="en", seed=1)
    kids = list(w.children)
    assert kids.index(w.prompt) < kids.index(w.svg) < kids.index(w.options)


def test_a_right_count_comes_with_its_lines_at_once_and_only_once():
    """A reader guessed a boat's score right in Острів котів' part 9 drill and learnt nothing: the page said only
    that it added up to 4, and the lines of the count waited behind "How it is counted". A right answer to a
    question with a count shows its lines at once; "How it is counted" then adds the rest without repeating them."""
    from tutor.core.drill import Breakdown, find
    from tutor.widgets.drill import DrillPlayer
    player = DrillPlayer(find("isle_of_cats/boat-score"), lang="en", seed=3)
    q = player.question
    assert any(isinstance(b, Breakdown) for b in q.why), "the drill's questions carry their count"
    player.pick(next(iter(q.answer)))
    if q.multi:
        player.submit()
    lines = player.verdict.value.count('tutor-quiz-score')
    assert 'data-correct="true"' in player.verdict.value and lines >= 1
    player.show_why()
    assert player.verdict.value.count('tutor-quiz-score') == lines, "the count was told twice"
