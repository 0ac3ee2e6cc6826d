"""Every action the rulebook teaches a player has a "your turn" task, in the part that teaches it, on a position
that is not a worked example's (issue #23).

The actions are data: lessons/<game>/actions.yaml lists them in lesson order, each with its part and its tasks.

    actions:
      - id: first-bonus
        part: part-bonuses
        name: {en: "Lay your first bonus card", ru: "Выложить первый бонус"}
        tasks: [first-bonus]            # lessons/<game>/tasks/<name>.yaml
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tutor.core import task as T
from tutor.core.game import ready_games, spec
from tutor.core.scenario import lesson_files, load_file as load_scenario, replay
from tutor.lesson_source import parts

ROOT = Path(__file__).resolve().parents[1]
GAMES = ready_games()


def actions(game: str) -> list[dict]:
    data = yaml.safe_load((ROOT / "lessons" / game / "actions.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict) and isinstance(data.get("actions"), list), f"{game}: actions.yaml needs 'actions:'"
    return data["actions"]


def shown_in(game: str) -> dict[str, str]:
    """task id -> the lesson part whose code shows it."""
    out = {}
    for p in parts(game, spec(game).lesson_langs[0]):
        for task_id in re.findall(r'lesson\.your_turn\("([^"]+)"', "\n".join(p.code)):
            out[task_id] = p.anchor
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_taught_action_has_a_task_in_its_part(game):
    listed = actions(game)
    assert len(listed) >= 5, f"{game}: only {len(listed)} actions listed"
    shown = shown_in(game)
    anchors = {p.anchor for p in parts(game, spec(game).lesson_langs[0])}
    ids = [a.get("id") for a in listed]
    assert len(set(ids)) == len(ids), f"{game}: an action is listed twice"
    for a in listed:
        assert set(a) <= {"id", "part", "name", "tasks"}, (game, a)
        assert a["part"] in anchors, f"{game}/{a['id']}: no lesson part {a['part']}"
        for lang in spec(game).lesson_langs:
            assert a["name"][lang].strip(), (game, a["id"], lang)
        assert a.get("tasks"), f"{game}: the action {a['id']!r} has no your-turn task"
        for name in a["tasks"]:
            file = ROOT / "lessons" / game / "tasks" / f"{name}.yaml"
            assert file.exists(), f"{game}/{a['id']}: no task file {file.name}"
            task = T.load_file(file)
            assert task["part"] == a["part"], f"{task['id']} is in {task['part']}, its action in {a['part']}"
            assert shown.get(task["id"]) == a["part"], f"{task['id']} is not shown in {a['part']}"


@pytest.mark.parametrize("game", GAMES)
def test_every_task_of_the_lesson_is_a_listed_action(game):
    listed = {f"{game}/{name}" for a in actions(game) for name in a["tasks"]}
    for task_id in shown_in(game):
        assert task_id in listed, f"{task_id} is shown but practises no action of actions.yaml"


def _scenario_views(game: str, seat: int) -> set:
    eng = spec(game)
    out = set()
    for file in lesson_files(game, ROOT / "lessons"):
        for frame in replay(load_scenario(file)).frames:
            out.add(repr(eng.view(frame.state, seat)))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_task_is_a_worked_example_position(game):
    eng = spec(game)
    for path in T.task_files(game, ROOT / "lessons"):
        task = T.load_file(path)
        me = T.seat(task)
        seen = _scenario_views(game, me)
        same = repr(eng.view(T.start(task), me)) in seen
        assert not same, f"{task['id']} repeats a worked example's position: the learner must decide afresh"
