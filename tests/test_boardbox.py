"""One scale for the boards shown in turn in one place (tutor.widgets.boardbox): a worked example's frames and a
task's boards share one box, so the page's height cap draws them all at one width."""

from __future__ import annotations

import re

from tutor.widgets.boardbox import box_of, even_boards
from tutor.widgets.scenario import ScenarioPlayer
from tutor.widgets.your_turn import YourTurn

ROOT_TAG = re.compile(r"<svg\b[^>]*>")


def sizes(svg: str) -> tuple:
    tag = ROOT_TAG.search(svg).group(0)
    return (re.search(r'viewBox="([^"]+)"', tag).group(1).replace(",", " ").split(),
            re.findall(r"--tutor-[a-z-]+: \d+px", tag))


def test_every_frame_of_an_example_has_one_box(phone_screen):
    """Острів котів's treasure map on a laptop and on a projector: each frame's board has a height of its own (the
    boats grow with the tiles on them)."""
    for name, width in (("isle_of_cats/treasure-map", 1000), ("isle_of_cats/treasure-map", 1700)):
        phone_screen.set_width(width)
        player = ScenarioPlayer(name)
        raw = [player._board(f) for f in player.frames]
        assert len({str(sizes(s)) for s in raw}) > 1, f"{name}: the frames are alike as drawn"
        shown = {str(sizes(player.frame(i)["svg"])) for i in range(player.count)}
        assert len(shown) == 1, f"{name}: {shown}"
        box = box_of(raw)
        assert sizes(player.frame(0)["svg"])[0][3] == f"{box['height']:g}"


def test_the_box_is_the_tallest_and_the_largest_floor_at_that_height():
    short = '<svg viewBox="0 0 900 400" style="--tutor-min-height: 500px"></svg>'
    tall = '<svg viewBox="0 0 900 800" style="--tutor-min-height: 900px"></svg>'
    assert box_of([short, tall]) == {"width": 900, "height": 800, "floor": 1000}
    evened = even_boards([short, tall])
    assert sizes(evened[0]) == sizes(evened[1]) == (
        ["0", "0", "900", "800"], ["--tutor-min-height: 1000px"])
    other = '<svg viewBox="0 0 760 600"></svg>'
    assert box_of([short, other]) is None and even_boards([short, other]) == [short, other]
    assert even_boards(["", short]) == ["", short]      # a board that failed to draw is left as it is


def test_a_task_sends_the_box_of_its_position_and_every_move(phone_screen):
    """Острів котів's 'take a tile' on a laptop and on a projector grows when the tile is laid: the box is the
    tallest. On a phone no box is sent (the page holds none there: a phone board is as wide as the screen)."""
    for name, width in (("isle_of_cats/take-a-tile", 1000), ("isle_of_cats/take-a-tile", 1700)):
        phone_screen.set_width(width)
        task = YourTurn(name)
        start = box_of([task._svg])
        box = task.view["board_box"]
        assert box["width"] == start["width"] and box["height"] > start["height"], (name, start, box)
    phone_screen.set_width(390)
    assert YourTurn("trump_whales/lead-next").view["board_box"] is None


def test_a_phone_example_keeps_each_frame_its_own_height(phone_screen):
    """On a phone a board is as wide as the screen whatever its height (one scale) and its words are above it: a
    frame padded to the tallest one only left a blank under it, so each keeps its own height."""
    phone_screen.set_width(390)
    player = ScenarioPlayer("trump_whales/tie-at-30")
    raw = [player._board(f) for f in player.frames]
    assert len({str(sizes(s)) for s in raw}) > 1, "the frames are alike as drawn: the test tests nothing"
    assert [player.frame(i)["svg"] for i in range(player.count)] == raw
