"""Острів котів in a real browser: take a tile by clicking it on the island, turn it with R, point at a square
where it does not fit (red preview, the engine's reason, nothing placed), then click where it fits (it lands).
Serves a small notebook of its own: one play table in a known position (the lesson pages are soaked elsewhere)."""

from __future__ import annotations

import json
import re

import pytest

from tutor.widgets.common import PAGE_CSS

from voila_harness import Server, new_context, wait_next_view

from tutor.games import isle_of_cats as ioc
from tutor.games.isle_of_cats.placing import placing_data

KEPT = (("card-151", "card-152"), ("card-165", "card-166"))
FIRST = ("cat-blue-13", 0, 7, 3)
ISLAND = ("cat-green-15", "rare-O-1", "cat-red-16", "cat-orange-2")
CODE = f"""from tutor.widgets.play import PlayTable
PlayTable("isle_of_cats", players=2, seat=0, lang="en", bots=True, first=0, kept={KEPT!r},
          placed=[[{FIRST!r}], []], island={ISLAND!r}, bag=())"""

# the score helper with an orange family of 3 on its boat: the family's label is drawn on the boat
HELPER = """from tutor.games.isle_of_cats.sandbox import ScoreHelper
ScoreHelper(lang="en", placed=[("cat-orange-16", 0, 7, 0), ("cat-orange-9", 0, 8, 0), ("cat-orange-10", 0, 9, 0)])"""

# part 4's task in Ukrainian, as the lesson page shows it
TASK = """from tutor.widgets.your_turn import YourTurn, task_data
YourTurn(task_data("isle_of_cats/cover-rats", None, "uk"), lang="uk")"""


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ioc_nb")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": CODE}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "ioc_place.ipynb").write_text(json.dumps(nb))
    nb["cells"][0]["source"] = HELPER
    (folder / "ioc_helper.ipynb").write_text(json.dumps(nb))
    nb["cells"][0]["source"] = TASK
    (folder / "ioc_task.ipynb").write_text(json.dumps(nb))
    nb["cells"][0]["source"] = "print(1)"
    (folder / "index.ipynb").write_text(json.dumps(nb))     # the server wants an index
    s = Server(folder, tmp_path_factory.mktemp("voila") / "voila.log")
    try:
        s.wait_ready()
        yield s
    finally:
        s.stop()


def square_point(page, table, gx: int, gy: int):
    """The page coordinates of the middle of boat square (gx, gy) of seat 0."""
    return page.evaluate("""([root, gx, gy]) => {
        const boat = root.querySelector('[data-board-seat="0"]');
        const svg = boat.ownerSVGElement, m = boat.getScreenCTM(), c = parseFloat(boat.getAttribute('data-cell'));
        const p = svg.createSVGPoint(); p.x = (gx + 0.5) * c; p.y = (gy + 0.5) * c;
        const q = p.matrixTransform(m); return [q.x, q.y]; }""", [table.element_handle(), gx, gy])


def holding_green(server, page, touch: bool = False):
    """The table after the green cat is taken by a click on the island (a tap, on a touch screen): (table, its
    board, the engine's state then, the placing data the kernel sent for it)."""
    page.goto(server.render_url("ioc_place.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator(".tutor-svg svg").first.wait_for(state="visible")
    version = table.get_attribute("data-v")
    tile = table.locator('.tutor-svg [data-choice][data-key="tile:cat-green-15"]')
    tile.tap() if touch else tile.click()
    wait_next_view(page, table, version)
    table.locator(".tutor-placing").wait_for(state="visible")
    s, _ = ioc.apply(ioc.setup(2, first=0, kept=KEPT, placed=[[FIRST], []], island=ISLAND, bag=()),
                     ioc.Take(0, "cat-green-15"))
    return table, table.locator(".tutor-svg").first, s, placing_data(s, 0, "en")


def test_place_by_pointing_rotate_refuse_then_land(server, page):
    table, board, s, d = holding_green(server, page)
    o0 = d["start"][0]
    # hover a square, focus the board, press R: the preview turns a quarter
    x, y = square_point(page, table, 3, 4)
    page.mouse.move(x, y)
    board.focus()
    page.keyboard.press("r")
    o = d["rotate"][o0]
    assert board.get_attribute("data-preview").split(",")[0] == str(o)
    px, py = d["orients"][o][0]
    # refused: a square where the turned tile touches nothing
    far = next(i for i, c in enumerate(d["codes"][o]) if c == "n")
    ax, ay = far % 22, far // 22
    x, y = square_point(page, table, ax + px, ay + py)
    page.mouse.move(x, y)
    assert board.get_attribute("data-preview") == f"{o},{ax},{ay},0"
    assert table.locator(".tutor-place-reason").inner_text() == d["reasons"]["n"]
    assert table.locator(".tutor-place-preview").get_attribute("data-fits") == "false"
    version = table.get_attribute("data-v")
    page.mouse.click(x, y)
    table.locator(".tutor-error [role=alert]").wait_for(state="visible")
    assert d["reasons"]["n"] in table.locator(".tutor-error").inner_text()
    # said once: the line under the buttons gave way to the error box, and comes back when the preview moves
    assert table.locator(".tutor-place-reason").inner_text() == ""
    board.focus()
    step = -1 if ax else 1     # a square aside that is still on the grid
    page.keyboard.press("ArrowLeft" if step < 0 else "ArrowRight")
    assert table.locator(".tutor-place-reason").inner_text() == d["reasons"].get(d["codes"][o][far + step], "")
    # the refusal of the place it left goes with it (it stayed beside the new place's words, a projector reader)
    assert table.locator(".tutor-error [role=alert]").count() == 0
    page.keyboard.press("ArrowRight" if step < 0 else "ArrowLeft")
    assert table.locator(".tutor-place-reason").inner_text() == d["reasons"]["n"]
    assert table.get_attribute("data-v") == version
    assert table.locator('[data-board-seat="0"] .placed-tile').count() == 1
    # never two previews (a refusal redraws the rows, not the board); the refused one says so by a glyph too
    assert table.locator(".tutor-place-preview").count() == 1
    assert table.locator(".tutor-place-preview .tutor-place-mark").text_content() == "✗"
    # legal: green, and a click lands it
    ok = d["codes"][o].index("1")
    ax, ay = ok % 22, ok // 22
    x, y = square_point(page, table, ax + px, ay + py)
    page.mouse.move(x, y)
    assert table.locator(".tutor-place-preview").get_attribute("data-fits") == "true"
    assert table.locator(".tutor-place-preview").count() == 1
    assert table.locator(".tutor-place-preview .tutor-place-mark").text_content() == "✓"
    page.mouse.click(x, y)
    wait_next_view(page, table, version)
    page.wait_for_function("(r) => r.querySelectorAll('[data-board-seat=\"0\"] .placed-tile').length === 2",
                           arg=table.element_handle())
    assert not page.js_errors


def test_list_shows_the_chosen_place_and_r_f_work_by_pointing_on_any_layout(server, page):
    """Newcomer walkthrough W1-W3. W1: after a choice in "Where it fits" the list shows that choice (it jumped back
    to its first option while "Place it as listed" placed the chosen one), and the board's preview goes there too.
    W2: pointing at the boat is enough for R and F, even while the list has the keyboard (where "Try again" leaves
    it). W3: the physical key counts, so a Ukrainian layout's «к» (the R key) and «а» (the F key) turn and flip too."""
    table, board, s, d = holding_green(server, page)

    # W1: choose the fourth place; the list, drawn anew from the kernel's answer, shows it. It is folded away
    # (pointing is the way, #32): opened, it stays open across the table's redraws
    assert not table.locator(".tutor-pick select").first.is_visible()
    table.locator("details.tutor-fold > summary").first.click()
    select = table.locator(".tutor-pick select").first
    select.evaluate("(s) => { s.dataset.old = '1'; }")
    wanted = select.locator("option").nth(3).get_attribute("value")
    select.select_option(index=3)
    page.wait_for_function("(r) => { const s = r.querySelector('.tutor-pick select'); return s && !s.dataset.old; }",
                           arg=table.element_handle())
    select = table.locator(".tutor-pick select").first
    assert select.evaluate("(s) => s.selectedIndex") == 3
    assert select.evaluate("(s) => s.value") == wanted
    # ... and the board's preview moved there too (it stayed where the pointer had left it)
    lo, lx, ly = json.loads(wanted)
    assert board.get_attribute("data-preview") == f"{lo},{lx},{ly},1"

    # W2: the pointer over the boat, the keyboard in the list (as after "Try again"): R turns the preview, and the
    # list keeps its choice (the letter is not its type-ahead)
    x, y = square_point(page, table, 3, 4)
    page.mouse.move(x, y)
    page.mouse.move(x + 2, y + 1)
    select.focus()
    o0 = int(board.get_attribute("data-preview").split(",")[0])
    page.keyboard.press("r")
    o1 = int(board.get_attribute("data-preview").split(",")[0])
    assert o1 == d["rotate"][o0]
    assert select.evaluate("(s) => s.value") == wanted
    # W3: a Ukrainian layout: the R key gives «к», the F key «а»
    press = """([key, code]) => document.activeElement.dispatchEvent(new KeyboardEvent('keydown',
        {key, code, bubbles: true, cancelable: true}))"""
    page.evaluate(press, ["к", "KeyR"])
    o2 = int(board.get_attribute("data-preview").split(",")[0])
    assert o2 == d["rotate"][o1]
    page.evaluate(press, ["а", "KeyF"])
    assert int(board.get_attribute("data-preview").split(",")[0]) == d["flip"][o2]
    # with the board focused and no pointer over it, «к» turns it too
    page.mouse.move(1, 1)
    board.focus()
    page.evaluate(press, ["к", "KeyR"])
    assert int(board.get_attribute("data-preview").split(",")[0]) == d["rotate"][d["flip"][o2]]

    # W1 again: "Place it as listed" lays the tile where the list says
    o, ax, ay = json.loads(wanted)
    version = table.get_attribute("data-v")
    table.locator(".tutor-place-listed").click()
    wait_next_view(page, table, version)
    page.wait_for_function("(r) => r.querySelectorAll('[data-board-seat=\"0\"] .placed-tile').length === 2",
                           arg=table.element_handle())
    # the tile lies where the engine puts that listed place (the same drawing, square for square)
    s2, _ = ioc.apply(s, ioc.Place(0, o, ax, ay))
    seat0 = re.search(r'data-board-seat="0".*', ioc.render(ioc.view(s2, 0), lang="en"), re.S).group(0)
    drawn = re.findall(r'class="placed-tile"[^>]*transform="([^"]+)"', seat0)[:2]
    shown = table.locator('[data-board-seat="0"] .placed-tile').evaluate_all(
        "(gs) => gs.map((g) => g.getAttribute('transform'))")
    assert shown == drawn
    assert not page.js_errors


def test_a_family_label_fades_while_the_preview_is_over_the_boat(server, page):
    """The known leftover: a family's white label sat over the placing preview in the score helper. While the
    pointer is over the boat the labels fade; they come back when it leaves."""
    page.goto(server.render_url("ioc_helper.ipynb"))
    board = page.locator(".tutor-placeboard").first
    board.locator('.family > rect').first.wait_for(state="attached")
    page.wait_for_function("(r) => r.querySelector('.tutor-place-preview')", arg=board.element_handle())
    opacity = "(r) => r.querySelector('.family > rect').style.opacity"
    assert board.evaluate(opacity) == ""
    box = board.locator('[data-board-seat="0"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.5)
    page.mouse.move(box["x"] + box["width"] * 0.5 + 3, box["y"] + box["height"] * 0.5 + 2)
    assert board.evaluate(opacity) == "0.25"
    page.mouse.move(1, 1)
    assert board.evaluate(opacity) == ""
    assert not page.js_errors


def test_after_try_again_pointing_and_the_ukrainian_r_key_still_turn_the_tile(server, page):
    """Newcomer W2 and W3 on the lesson's own task: a miss, "Try again", then the pointer over the boat and the R key
    of a Ukrainian layout («к») turn the preview, wherever the keyboard focus went."""
    from tutor.core.task import start
    from tutor.widgets.your_turn import task_data
    page.goto(server.render_url("ioc_task.ipynb"))
    task = page.locator(".tutor-play").first
    task.locator(".tutor-placing").wait_for(state="visible")
    data = task_data("isle_of_cats/cover-rats", None, "uk")
    d = placing_data(start(data), 0, "uk")
    board = task.locator(".tutor-svg").first
    # a legal place that misses the goal: the first fitting anchor of the start orientation, placed by the list
    version = task.get_attribute("data-v")
    task.locator("details.tutor-fold > summary").first.click()
    task.locator(".tutor-place-listed").click()
    wait_next_view(page, task, version)
    again = task.locator(".tutor-task-again")
    again.wait_for(state="visible")
    version = task.get_attribute("data-v")
    again.click()
    wait_next_view(page, task, version)
    task.locator(".tutor-placing").wait_for(state="visible")
    x, y = square_point(page, task, 5, 4)
    page.mouse.move(x, y)
    page.mouse.move(x + 2, y + 1)
    o0 = int(board.get_attribute("data-preview").split(",")[0])
    page.evaluate("""() => (document.activeElement || document.body).dispatchEvent(new KeyboardEvent('keydown',
        {key: 'к', code: 'KeyR', bubbles: true, cancelable: true}))""")
    assert int(board.get_attribute("data-preview").split(",")[0]) == d["rotate"][o0]
    assert not page.js_errors


def test_placing_by_touch_tap_moves_drag_slides_tap_again_places(server, browser):
    """Issue #24 on a touch phone: a tap moves the preview (nothing placed), a finger on the preview drags it,
    Rotate turns it, and a tap on the preview where it stands places the tile; the words speak of taps, not keys."""
    context = new_context(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        table, board, _s, d = holding_green(server, page, touch=True)
        assert table.locator(".tutor-placing-help").inner_text() == d["words"]["help_touch"]
        assert table.locator(".tutor-place-rotate").inner_text() == d["words"]["rotate_touch"]
        assert table.locator(".tutor-place-here").inner_text() == d["words"]["place_touch"]
        table.locator('[data-board-seat="0"]').scroll_into_view_if_needed()
        o, sx, sy = d["start"]
        px, py = d["orients"][o][0]
        version = table.get_attribute("data-v")

        # a first tap on the preview where it starts shows it there and places nothing (a first tap placed the tile
        # at once: club-teacher review 2026-12-02); nor does a tap the browser reports as a mouse click
        page.touchscreen.tap(*square_point(page, table, sx + px, sy + py))
        assert board.get_attribute("data-preview").startswith(f"{o},{sx},{sy},")
        page.wait_for_timeout(300)
        assert table.locator('[data-board-seat="0"] .placed-tile').count() == 1, "the first tap placed the tile"
        fit = next(i for i, c in enumerate(d["codes"][o]) if c == "1" and abs(i % 22 - sx) + abs(i // 22 - sy) > 5)
        page.mouse.click(*square_point(page, table, fit % 22 + px, fit // 22 + py))
        assert board.get_attribute("data-preview") == f"{o},{fit % 22},{fit // 22},1"
        page.wait_for_timeout(300)
        placed = table.locator('[data-board-seat="0"] .placed-tile').count()
        assert placed == 1, "a first tap placed the tile"

        # (with the lesson page's sheet, which this bare page lacks)
        page.add_style_tag(content=PAGE_CSS)
        # a tap away from the preview moves it there (its first square under the finger) and places nothing
        far = next(i for i, c in enumerate(d["codes"][o]) if c == "n" and abs(i % 22 - sx) + abs(i // 22 - sy) > 5)
        ax, ay = far % 22, far // 22
        page.touchscreen.tap(*square_point(page, table, ax + px, ay + py))
        assert board.get_attribute("data-preview") == f"{o},{ax},{ay},0"
        assert table.locator(".tutor-place-reason").inner_text() == d["reasons"]["n"]
        rotate_at = table.locator(".tutor-place-rotate").bounding_box()["y"]

        # a finger on the preview drags it, keeping its grip, to a place where it fits; lifting it places nothing
        ok = d["codes"][o].index("1")
        bx, by = ok % 22, ok // 22
        cdp = context.new_cdp_session(page)
        x0, y0 = square_point(page, table, ax + px, ay + py)
        x1, y1 = square_point(page, table, bx + px, by + py)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for k in range(1, 9):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * k / 8, "y": y0 + (y1 - y0) * k / 8}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert board.get_attribute("data-preview") == f"{o},{bx},{by},1", "the drag did not bring the piece along"
        assert table.get_attribute("data-v") == version
        # the fit's shorter words leave Rotate where it was: it moved 40 px under the finger (a reader, stop 58)
        assert table.locator(".tutor-place-reason").inner_text() != d["reasons"]["n"]
        assert abs(table.locator(".tutor-place-rotate").bounding_box()["y"] - rotate_at) <= 1, "Rotate moved"
        # (in its place on the page, not riding the screen's foot: there no room is kept, the buttons holding still
        # anyway, and the room kept was a blank band over Rotate, a reader, stop 60)
        riding = table.evaluate("""(t) => { const bar = t.parentElement.querySelector('.tutor-placing');
            const s = getComputedStyle(bar), r = t.parentElement.querySelector('.tutor-place-reason');
            return [s.position, Math.round(innerHeight - parseFloat(s.bottom || 0) - bar.getBoundingClientRect().bottom),
                    Math.round(r.getBoundingClientRect().height), parseFloat(getComputedStyle(r).lineHeight) || 20]; }""")
        assert riding[:2] != ["sticky", 0], "the bar sits in its place on the page here, not at the screen's foot"
        assert riding[2] > 2 * riding[3], "in its place the bar keeps the refusal's room"

        # Rotate four times: around and back where it was
        turns = [board.get_attribute("data-preview")]
        for _ in range(4):
            table.locator(".tutor-place-rotate").tap()
            turns.append(board.get_attribute("data-preview"))
        assert turns[1].split(",")[0] == str(d["rotate"][o]) and turns[4] == turns[0], turns

        # a tap on another square of the preview moves its ✓ there and places nothing (a learner aiming at a square
        # the piece happened to cover placed the tile where it stood: a reader, stop 44)
        qx, qy = d["orients"][o][1]
        page.touchscreen.tap(*square_point(page, table, bx + qx, by + qy))
        assert board.get_attribute("data-preview").startswith(f"{o},{bx + qx - px},{by + qy - py},")
        page.wait_for_timeout(300)
        assert table.locator('[data-board-seat="0"] .placed-tile').count() == 1, "a tap off the ✓ placed the tile"
        page.touchscreen.tap(*square_point(page, table, bx + px, by + py))       # the ✓ back where it fits
        assert board.get_attribute("data-preview") == f"{o},{bx},{by},1"

        # a tap on the preview's ✓ where it stands places the tile
        page.touchscreen.tap(*square_point(page, table, bx + px, by + py))
        wait_next_view(page, table, version)
        page.wait_for_function("(r) => r.querySelectorAll('[data-board-seat=\"0\"] .placed-tile').length === 2",
                               arg=table.element_handle())
        assert not errors, errors
    finally:
        context.close()
