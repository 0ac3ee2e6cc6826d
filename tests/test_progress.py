"""The learner's progress record (tutor/widgets/progress.py): one small record per answer, made in one place by the
quiz, the task, the drill and the scenario player, holding no name and no position, told to every listener."""

from __future__ import annotations

import json

import pytest

from tutor.widgets import progress
from tutor.widgets.drill import DrillPlayer
from tutor.widgets.page import PageStatus
from tutor.widgets.quiz import Quiz

FIELDS = {"v", "game", "lang", "part", "kind", "item", "rules", "right", "first", "shown", "time"}


@pytest.fixture
def heard():
    got: list[progress.Answer] = []
    progress.listen(got.append)
    yield got
    progress._listeners.clear()


def test_a_quiz_answered_wrong_then_right_makes_two_records_in_its_part(heard):
    quiz = Quiz("maui/seagull-takes", lang="ru")
    wrong = next(o.index for o in quiz.outcomes if not o.correct)
    quiz.answer(wrong)
    quiz.reset()
    quiz.answer(quiz.right_index)
    assert [(a.right, a.first) for a in heard] == [(False, True), (True, False)]
    a = heard[0]
    assert (a.game, a.lang, a.kind, a.item) == ("maui", "ru", "quiz", "maui/seagull-takes")
    assert a.part == "part-seagull" and a.rules == ("maui:seagull",)
    assert set(a.as_json()) == FIELDS and json.loads(json.dumps(a.as_json())) == a.as_json()


def test_a_drill_records_its_part_and_rule_and_a_shown_answer(heard):
    drill = DrillPlayer("maui/who-takes", lang="en", seed=3)
    q = drill.question
    wrong = next(o.key for o in q.options if o.key not in q.answer)
    drill.pick(wrong) if not q.multi else (drill.pick(wrong), drill.submit())
    drill.show_why()
    assert [(a.kind, a.right, a.first, a.shown) for a in heard] == [("drill", False, True, False),
                                                                   ("drill", False, False, True)]
    assert heard[0].part == drill.drill.part and heard[0].rules


def test_a_record_holds_no_name_and_no_position(heard):
    quiz = Quiz("maui/seagull-takes", lang="en")
    quiz.answer(quiz.right_index)
    text = json.dumps(heard[0].as_json())
    assert "setup" not in text and "hands" not in text and len(text) < 300


def test_the_page_widget_hands_each_record_to_the_browser_and_a_failing_listener_harms_nothing(monkeypatch):
    page = PageStatus("en")
    sent = []
    monkeypatch.setattr(page, "send", sent.append)

    def broken(_answer):
        raise RuntimeError("a listener that fails")
    progress.listen(broken)
    try:
        answer = progress.record("task", "maui", "en", "maui/take-the-shallows", ["maui:shallow"], right=True,
                                 first=True)
    finally:
        progress._listeners.clear()
    assert sent == [{"record": answer.as_json()}]
    assert answer.part == "part-depths"      # found in the lesson that shows it


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="kind"):
        progress.record("guess", "maui", "en", "x/y", [], right=True, first=True)
