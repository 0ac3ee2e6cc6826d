"""Nothing on the board or a button tells a learner the answer before they choose (issue #32's give-aways).

A "your turn" task offers every move the position allows a player to try, the illegal ones too (the engine then
says why not), and offers them all alike: a move drawn dashed or greyed, a card with no ring while its neighbours
have one, or a button styled apart, answers "which of these may I do?" before the learner has thought. The play
table may mark them (there it is help during a game, not the question)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.core import task as T
from tutor.core.game import ready_games, spec
from tutor.widgets.your_turn import YourTurn

ROOT = Path(__file__).resolve().parents[1]
TASKS = [(g, p) for g in ready_games() for p in T.task_files(g, ROOT / "lessons")]


def marks_apart(widget) -> list[str]:
    """What sets some offered moves apart from the others on the task's first screen."""
    found = []
    svg = widget._svg
    if re.search(r'class="choice-ring unavailable"', svg):
        found.append("the board draws some moves dashed (not allowed) and others solid")
    apart = [c.description for c in widget._offered.values() if "tutor-action-unavailable" in getattr(c, "classes", ())]
    if apart:
        found.append(f"buttons styled as not allowed: {', '.join(apart[:4])}")
    return found


ALIKE = [(g, p) for g, p in TASKS if not spec(g).parts().task_moves_apart]
APART = [(g, p) for g, p in TASKS if spec(g).parts().task_moves_apart]


@pytest.mark.parametrize("game, path", ALIKE, ids=[f"{g}/{p.stem}" for g, p in ALIKE])
def test_a_task_offers_its_moves_alike(game, path):
    widget = YourTurn(T.load_file(path)["id"], lang="en")
    assert not widget.errors.message, widget.errors.message
    problems = marks_apart(widget)
    assert not problems, "; ".join(problems)


@pytest.mark.parametrize("game, path", APART, ids=[f"{g}/{p.stem}" for g, p in APART])
def test_a_task_of_a_game_whose_tasks_never_ask_the_next_step_sets_apart_exactly_the_illegal_moves(game, path):
    """Паперові океани (GameUI.task_moves_apart): a move offered but not legal now is set apart, "Not now", and
    no legal one is; the task's answer, a legal move, is never among those set apart."""
    data = T.load_file(path)
    widget = YourTurn(data["id"], lang="en")
    assert not widget.errors.message, widget.errors.message
    g = spec(game)
    legal = set(g.legal_actions(widget.state, T.seat(data)))
    for c in widget._offered.values():
        action = getattr(c, "action", None)
        if action is None or getattr(c, "board_only", False):
            continue
        assert ("tutor-action-unavailable" in c.classes) == (action not in legal), c.description


@pytest.mark.parametrize("game, path", APART, ids=[f"{g}/{p.stem}" for g, p in APART])
def test_pressing_a_move_set_apart_reads_its_reason_and_uses_no_try(game, path):
    """Fresh reader ZA2 (stop 48): "Not now (press one to read why)" answered the press with the red verdict of a
    failed try, and the moves went until "Try again". The reason now shows as the play table's refusal does; the
    task stays open with its moves, and no try is counted."""
    data = T.load_file(path)
    widget = YourTurn(data["id"], lang="en")
    apart = [c for c in widget._offered.values() if "tutor-action-unavailable" in c.classes]
    if not apart:
        pytest.skip("nothing set apart on this task's first screen")
    offered = len(widget._offered)
    apart[0].click()
    assert widget.outcome is None and widget.tries == 0
    assert widget.errors.message and "Traceback" not in widget.errors.message
    assert len(widget._offered) == offered and not widget.verdict


# --------------------------------------------------------------------------- drills and a task's first step
# A board element drawn to point at where a move could go (Aqua Fest's destination dots) carries `data-suggests`
# naming the element it points at; a drill option that names a board element says which (`Option.on_board`). A
# question's board marks none of its options (no mark points at one, no highlight rings one), and a task's board
# draws no such mark after a first step (a card chosen).

from tutor.core import drill as D          # noqa: E402

from tutor.widgets.common import render   # noqa: E402

DRILLS = [d for game in ready_games() for d in D.drills(game)]
SEEDS = range(6)


def question_board(d, q) -> str:
    """The question's board as the drill widget draws it (tutor.widgets.drill.DrillPlayer._board)."""
    game = spec(d.id.split("/")[0])
    return render(game, game.view(q.state, q.viewer), highlight=q.highlight, events=(), lang="en")


def pointed_at(svg: str) -> set[str]:
    """The board elements the board's marks point at (their `data-suggests`: "cell:19")."""
    return set(re.findall(r'data-suggests="([^"]+)"', svg))


def singled_out(d, q) -> set[str]:
    """The options the question's board marks before the answer: pointed at, or ringed by its highlight."""
    marked = pointed_at(question_board(d, q)) | set(q.highlight)
    return {o.key for o in q.options if o.on_board and o.on_board in marked}


@pytest.mark.parametrize("d", DRILLS, ids=[d.id for d in DRILLS])
def test_a_drill_question_board_marks_none_of_its_options(d):
    for seed in SEEDS:
        q = D.question(d, seed)
        marked = singled_out(d, q)
        assert not marked, f"seed {seed}: the board marks options {sorted(marked)} before the answer"


def test_the_check_sees_destination_dots():
    """Without the drill's "hide:preview" the where-to board draws its destinations: the check must see them."""
    d = D.find("aqua_fest/where-to")
    q = D.question(d, 0)
    shown = D.Question(**{**q.__dict__, "highlight": tuple(h for h in q.highlight if not h.startswith("hide:"))})
    assert singled_out(d, shown) == set(q.answer)


@pytest.mark.parametrize("game, path", TASKS, ids=[f"{g}/{p.stem}" for g, p in TASKS])
def test_a_task_draws_no_destination_once_a_piece_is_chosen(game, path):
    widget = YourTurn(T.load_file(path)["id"], lang="en")
    steps = [c for c in widget.board_choices().values() if "tutor-board-step" in getattr(c, "classes", ())]
    for step in steps[:3]:
        widget.new_game()
        step.click()
        assert "data-suggests" not in widget._svg, f"after choosing {step.then}: the board points at choices"


# --------------------------------------------------------------------------- what a task shows once it is solved
MARKED = [(g, p) for g, p in TASKS if T.load_file(p).get("done_marks")]


@pytest.mark.parametrize("game, path", MARKED, ids=[f"{g}/{p.stem}" for g, p in MARKED])
def test_a_tasks_done_marks_are_drawn_only_once_it_is_solved(game, path):
    """Острів котів' take-a-tile draws where the tile taken fits (a reader, stop 46, was told "either of two gaps"
    and shown neither): with the verdict, never before it, nor after a wrong move until "Show the answer and why"."""
    data = T.load_file(path)
    widget = YourTurn(data["id"], lang="en")
    marks = data["done_marks"]
    assert not widget.board_marks() and 'class="fit"' not in widget._svg
    before = widget._svg
    state = T.start(data)
    g = spec(game)
    moves = g.legal_actions(state, T.seat(data))
    # (a task the learner goes on in, `go_on`: its right line of moves; a miss is a move that neither meets the goal
    # nor goes on towards it)
    right = list(T.right_line(data))
    wrong = [a for a in moves if T.judge(data, state, a)[2] and T.going_on(data, state, a) is None]
    assert right, "the task has no solution"
    if wrong:
        widget.act(wrong[0])
        assert widget.outcome == "missed" and not widget.board_marks()
        # "Show the answer and why": the explanation points at the marks, so they are drawn with it (a reader who
        # asked found no gaps drawn, stop 57)
        widget.show_why()
        assert set(marks) <= set(widget.board_marks()) and widget._svg.count('class="fit"') >= len(marks)
        widget.new_game()
    for action in right:
        assert not widget.board_marks(), "the marks were drawn before the task was done"
        widget.act(action)
    assert widget.outcome == "done" and widget.board_marks() == tuple(marks)
    assert widget._svg != before and widget._svg.count('class="fit"') == len(marks), "the marks were not drawn"


def test_a_quiz_heading_does_not_name_the_rule_that_decides():
    """A quiz's heading cited its deciding rule ("Can this tile go here? (rule: Every later tile)") and a reader took
    it as a pointer to the answer: the rule is named in the hint and the answer, never over the question."""
    from pathlib import Path
    from tutor.core.rules import cite
    from tutor.widgets.quiz import Quiz
    import yaml
    root = Path(__file__).resolve().parents[1] / "lessons"
    files = sorted(root.glob("*/quizzes/*.yaml"))
    assert len(files) >= 10
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        game = path.parts[-3]
        rule = data.get("rule", "")
        quiz = Quiz(f"{game}/{path.stem}", lang="en")
        heading = quiz.heading.value
        assert "tutor-cite" not in heading and (not rule or cite(rule, "en") not in heading), (path.name, heading)
