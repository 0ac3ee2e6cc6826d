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


def test_a_practise_session_asks_the_missed_drills_first_then_drills_of_the_missed_rules():
    from tutor.core import drill as core_drill
    from tutor.widgets.practise import MAX_QUESTIONS, PractiseArea, PractisePlayer, plan
    maui = {d.id: d for d in core_drill.drills("maui")}
    first, second = sorted(maui)[:2]
    rule_of_another = next(d for d in maui.values() if d.id not in (first, second))
    session = plan("maui", [second, first, second, "maui/no-such", 7, "trump_whales/may-play"],
                   [rule_of_another.rule], [rule_of_another.part])
    assert [d.id for d in session[:2]] == [second, first], "the browser's order (the most missed first) was lost"
    assert rule_of_another in session and len(session) <= MAX_QUESTIONS
    assert all(d.game == "maui" for d in session)
    assert plan("maui", [], [rule_of_another.rule], []) == [], "a rule brought a drill from a part not practised"

    player = PractisePlayer(session[:2], lang="ru", seed=1)
    assert player.drill.id == second and "1 из 2" in player.heading.value
    player.show_why()
    player.new_question()
    assert player.drill.id == first and "2 из 2" in player.heading.value
    player.show_why()
    player.new_question()
    assert "0 из 2" in player.heading.value and not player.options.children, "the session did not end"

    area = PractiseArea("en")
    area.start({"game": "maui", "drills": [first]})
    assert isinstance(area.children[0], PractisePlayer)
    area.start({"game": "<script>", "drills": "x"})
    assert "Nothing to practise yet" in area.children[0].value


def test_a_session_links_to_the_tasks_and_quizzes_missed_and_nothing_the_browser_made_up():
    """The end of a session (and the word that nothing is due) links to the quizzes and tasks the learner missed last
    time, by their titles, to their place on the page; an id that is no quiz or task of this game, or a part that is
    no anchor, makes no link."""
    from tutor.core import drill as core_drill
    from tutor.widgets.practise import PractiseArea, PractisePlayer
    drill = next(iter(core_drill.drills("maui")))
    again = [{"item": "maui/win-the-deep", "part": "part-depths"}, {"item": "maui/seagull-takes", "part": "part-seagull"},
             {"item": "maui/no-such", "part": "part-x"}, {"item": "trump_whales/play-low", "part": "part-turn"},
             {"item": "maui/win-the-deep", "part": "javascript:x"}, "x"]
    area = PractiseArea("ru")
    area.start({"game": "maui", "drills": [drill.id], "again": again})
    player = area.children[0]
    assert isinstance(player, PractisePlayer)
    player.show_why()
    player.new_question()
    end = player.prompt.value
    assert 'href="#part-depths" data-item="maui/win-the-deep"' in end and "Нырните за императорским тунцом" in end
    assert 'href="#part-seagull" data-item="maui/seagull-takes"' in end
    assert end.count("tutor-practise-again\"") == 2 and "javascript" not in end and "trump_whales" not in end
    area.start({"game": "maui", "drills": [], "again": again[:1], "seen": [drill.id]})
    assert 'data-item="maui/win-the-deep"' in area.children[0].value
    area.start({"game": "maui", "drills": [], "seen": [drill.id]})
    assert "tutor-practise-again" not in area.children[0].value


def test_a_session_adds_a_drill_never_answered_from_a_part_read_and_links_back_to_the_learners_place():
    """A drill the learner never answered would never come back (the schedule knows only answers): one of a part
    read joins the session. Its end links back to the part the learner left (a reader was left at part 1), and a
    session reopened with nothing due says when to come back, not how to start."""
    from tutor.core import drill as core_drill
    from tutor.widgets.practise import PractiseArea, PractisePlayer, plan
    maui = list(core_drill.drills("maui"))
    unseen = maui[0]
    others = [d.id for d in maui if d.part == unseen.part and d is not unseen]
    session = plan("maui", [], [], [], [unseen.part], others)
    assert [d.id for d in session] == [unseen.id]
    assert plan("maui", [], [], [], [unseen.part], [d.id for d in maui]) == [], "an answered drill came as new"
    assert plan("maui", [], [], [], [], []) == [], "a drill came from a part not read"

    area = PractiseArea("en")
    area.start({"game": "maui", "drills": [unseen.id], "back": {"id": "part-round", "title": "5. A round"}})
    player = area.children[0]
    assert isinstance(player, PractisePlayer)
    player.show_why()
    player.new_question()
    assert 'href="#part-round"' in player.prompt.value and "5. A round" in player.prompt.value
    area.start({"game": "maui", "drills": [unseen.id], "back": {"id": "javascript:alert(1)", "title": "x"}})
    area.children[0].show_why()
    area.children[0].new_question()
    assert "href" not in area.children[0].prompt.value, "a link was made to something not a part"
    area.start({"game": "maui", "drills": [], "seen": [unseen.id]})
    assert "Nothing to practise right now" in area.children[0].value
    # each question says why it came back: the browser's count of misses, or new
    area.start({"game": "maui", "drills": [unseen.id, maui[1].id], "why": {unseen.id: 2, maui[1].id: "<b>"},
                "read": [maui[2].part], "seen": [unseen.id, maui[1].id]})
    player = area.children[0]
    assert "missed it before (2×)" in player.heading.value, player.heading.value
    player.show_why()
    player.new_question()
    assert "keep it fresh" in player.heading.value and "<b>" not in player.heading.value


@pytest.fixture
def nothing_put_back():
    progress.forget_restored()
    yield
    progress.forget_restored()
    progress._restore_listeners.clear()


def _right_move_of(task):
    return task._right_moves()[0]


def test_a_task_solved_keeps_its_moves_and_a_miss_keeps_none(heard, nothing_put_back):
    from tutor.widgets.your_turn import YourTurn
    task = YourTurn("maui/take-the-shallows", lang="en")
    right = _right_move_of(task)
    wrong = next(a for a in task.game.legal_actions(task.state, task.seat) if a not in task._right_moves())
    task.act(wrong)
    task.new_game()
    task.act(right)
    assert [(a.right, a.moves) for a in heard] == [(False, ()), (True, (right.to_json(),))]
    assert heard[1].as_json()["moves"] == [right.to_json()] and "moves" not in heard[0].as_json()


def test_what_was_solved_before_is_shown_solved_again_and_nothing_is_recorded(heard, nothing_put_back):
    from tutor.widgets.your_turn import YourTurn
    page = PageStatus("en")
    early = Quiz("maui/seagull-takes", lang="en")        # built before the page tells: put back when told
    move = _right_move_of(YourTurn("maui/take-the-shallows", lang="en")).to_json()
    page._answer(page, {"restore": {"maui/seagull-takes": [], "maui/take-the-shallows": [move],
                                    "maui/left-hand": [], "Not An Id": [], "maui/x": "nonsense"}}, [])
    assert early.answered == early.right_index and "tutor-quiz-right" in early.buttons[early.right_index]._dom_classes
    later = Quiz("maui/seagull-takes", lang="en")
    assert later.answered == later.right_index
    task = YourTurn("maui/take-the-shallows", lang="en")
    assert task.outcome == "done" and 'data-outcome="done"' in task.verdict
    assert heard == [], "putting back an earlier answer recorded it again"
    assert progress.solved_before("Not An Id") is None and progress.solved_before("maui/x") is None
    later.reset()                                       # "Ask again" opens it as before
    assert later.answered is None
    page._answer(page, {"forget": True}, [])
    assert Quiz("maui/seagull-takes", lang="en").answered is None


def test_moves_that_no_longer_solve_a_task_leave_it_open(heard, nothing_put_back):
    from tutor.widgets.your_turn import YourTurn
    task = YourTurn("maui/take-the-shallows", lang="en")
    wrong = next(a for a in task.game.legal_actions(task.state, task.seat) if a not in task._right_moves())
    progress.restore({"maui/take-the-shallows": [wrong.to_json()]})
    progress.restore({"maui/left-hand": [{"kind": "no such move"}]})
    for fresh in (YourTurn("maui/take-the-shallows", lang="en"), YourTurn("maui/left-hand", lang="en")):
        assert fresh.outcome is None and fresh.verdict == "" and fresh.errors.message == ""
    assert heard == []
