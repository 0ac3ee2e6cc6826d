"""Boards laid out for the page's screen (tutor.widgets.screen, issue #24): the page widget reports its column's width,
the kernel picks the layout, and every kind of part on the page draws its board again when the layout changes."""

from __future__ import annotations

import re

import pytest

from tutor import lesson
from tutor.core.game import ready_games
from tutor.widgets import screen
from tutor.widgets.drill import DrillPlayer
from tutor.widgets.page import PageStatus
from tutor.widgets.play import PlayTable
from tutor.widgets.quiz import Quiz
from tutor.widgets.scenario import ScenarioPlayer
from tutor.widgets.your_turn import YourTurn

LAYOUT = re.compile(r'data-layout="(\w+)"')


@pytest.fixture(autouse=True)
def fresh_screen(phone_screen, guard_spy):
    yield phone_screen


def layouts(markup: str) -> set:
    return set(LAYOUT.findall(markup))


def test_the_page_widget_tells_the_width_and_nonsense_changes_nothing():
    page = PageStatus("en")
    assert screen.layout() == "laptop"
    for nonsense in ("wide", None, -5, 0, 1e9, [390]):
        page._answer(page, {"width": nonsense}, [])
        assert screen.layout() == "laptop"
    page._answer(page, {"width": 390}, [])
    assert screen.layout() == "phone" and screen.width() == 390
    page._answer(page, {"width": 1700}, [])
    assert screen.layout() == "projector"
    page._answer(page, {"width": 1000}, [])
    assert screen.layout() == "laptop"


@pytest.mark.parametrize("game", ready_games())
def test_every_game_draws_each_layout(game):
    from tutor.core.game import spec
    from tutor.widgets.common import render
    g = spec(game)
    view = g.view(g.setup(min(g.players), seed=1), 0)
    for name in ("phone", "laptop", "projector"):
        assert layouts(render(g, view, layout=name)) == {name}
    screen.set_width(390)
    assert layouts(render(g, view)) == {"phone"}


def test_every_part_on_the_page_draws_its_board_again_for_a_new_screen():
    drill = DrillPlayer("maui/who-takes", lang="ru", seed=1)
    quiz = Quiz("maui/catfish-in-the-shallows", lang="ru")
    task = YourTurn("maui/left-hand", lang="ru")
    table = PlayTable("trump_whales", players=3, lang="ru", seed=2)
    player = ScenarioPlayer("maui/plain-round", lang="ru")
    sent = []
    player.send = lambda content, buffers=None: sent.append(content)
    player._on_msg(player, {"want": "frames", "frames": [0]}, [])
    assert layouts(drill.svg.value) == layouts(quiz.svg.value) == {"laptop"}
    assert layouts(task.view["board"]) == layouts(table.view["board"]) == {"laptop"}
    assert sent[-1]["frame"]["layout"] == "laptop" and layouts(sent[-1]["frame"]["svg"]) == {"laptop"}

    screen.set_width(390)
    assert layouts(drill.svg.value) == layouts(quiz.svg.value) == {"phone"}
    assert layouts(task.view["board"]) == layouts(table.view["board"]) == {"phone"}
    assert player.board_layout == "phone"
    player._on_msg(player, {"want": "frames", "frames": [0]}, [])
    assert sent[-1]["frame"]["layout"] == "phone" and layouts(sent[-1]["frame"]["svg"]) == {"phone"}


def test_a_quiz_answered_then_turned_keeps_its_outcome_and_try_again_its_opening():
    quiz = Quiz("maui/catfish-in-the-shallows", lang="en")
    opening = quiz.svg.value
    quiz.answer(quiz.right_index)
    answered = quiz.svg.value
    screen.set_width(390)
    assert layouts(quiz.svg.value) == {"phone"} and quiz.svg.value != opening
    quiz.reset()
    assert layouts(quiz.svg.value) == {"phone"}
    assert answered != opening


def test_a_static_position_carries_a_board_for_each_screen():
    part = lesson.position("maui", {"players": 4, "kiti": 0, "lagoon": {"deep": "tuna-1"}}, "en")
    assert all(f'class="tutor-for-{where}"' in part.value for where in ("phone", "wide", "projector"))
    assert layouts(part.value) == {"phone", "laptop", "projector"}


def test_a_widget_gone_is_no_longer_told():
    import gc
    drill = DrillPlayer("maui/who-takes", lang="en", seed=1)
    del drill
    gc.collect()
    assert screen.set_width(390) is True          # no error from the dead widget's watcher


def test_no_widget_takes_the_name_of_its_layout_model():
    """`layout` is every widget's Layout model: a widget that used the name for its board layout broke every view of
    it in the page ('Cannot read properties of undefined (reading "then")' as the page made its layout view)."""
    import ipywidgets as W
    player = ScenarioPlayer("maui/plain-round", lang="en")
    drill = DrillPlayer("maui/who-takes", lang="en", seed=1)
    table = PlayTable("maui", players=3, lang="en", seed=1)
    for widget in (player, drill, table, PageStatus("en")):
        assert isinstance(widget.layout, W.Layout), type(widget).__name__



def _helpers():
    """Each game's score helper or sandbox, and where its picture is."""
    from tutor.games.aqua_fest.shells_widget import ShellsHelper
    from tutor.games.isle_of_cats.sandbox import ScoreHelper as CatsHelper
    from tutor.games.maui.sandbox import LagoonSandbox
    from tutor.games.sea_salt_paper.sandbox import ScoreHelper as PaperHelper
    from tutor.games.trump_whales.sandbox import ScoreHelper as WhalesHelper
    return [(ShellsHelper(lang="en", seed=1), lambda w: w.svg.value),
            (CatsHelper(lang="uk"), lambda w: w.board.value),
            (LagoonSandbox(players=3, lang="ru"), lambda w: w.svg.value),
            (PaperHelper(lang="uk", preset=None), lambda w: w.svg.value),
            (WhalesHelper(lang="ru", pearls=3, bonuses=2), lambda w: w.svg.value)]


def test_every_score_helper_draws_its_picture_again_for_a_new_screen():
    helpers = _helpers()
    for widget, picture in helpers:
        assert layouts(picture(widget)) == {"laptop"}, type(widget).__name__
    dived = helpers[2][0]
    dived.dive()
    after = dived.svg.value
    screen.set_width(390)
    for widget, picture in helpers:
        assert layouts(picture(widget)) == {"phone"}, type(widget).__name__
    assert dived.after is not None and dived.svg.value != after, "Мяури's sandbox lost its dive when turned"
    assert 'data-layout="phone"' in dived.svg.value
