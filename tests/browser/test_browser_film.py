"""The play table's film in a real browser (issue #34): after the learner's move the others' turns are shown one at
a time, each its own board, at the pace the learner chose (kept on the device); "To my move" ends it at once, ↺
shows it again, and Undo says why it cannot go back past a card that was shown."""

from __future__ import annotations

import pytest

from test_browser_lessons import assert_no_errors
from test_browser_play import board_of
from voila_harness import require_notebook

PACE = "tutor.play.speed"


@pytest.fixture
def stepping(voila_server, browser):
    """A page whose film goes step by step ("Next" for every frame): the pace a learner may choose."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    # set once: a reload keeps what the learner chose since
    context.add_init_script(f"try {{ if (!localStorage.getItem('{PACE}')) localStorage.setItem('{PACE}', 'step'); }}"
                            " catch (e) {}")
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    page.server_url = voila_server.render_url
    try:
        yield page
    finally:
        context.close()


def lesson_table(page, game: str, lang: str):
    """The lesson's play table, built and on screen (a phone page is long: it is scrolled to in big steps)."""
    notebook = f"{game}.ipynb" if lang == "en" else f"{game}.{lang}.ipynb"
    require_notebook(notebook)
    page.goto(page.server_url(notebook))
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    table = page.locator(".tutor-play:not(.tutor-your-turn)")
    for _ in range(200):
        if table.count() and table.first.locator(".tutor-svg svg").count():
            break
        page.mouse.wheel(0, 1500)
        page.wait_for_timeout(100)
    table = table.first
    table.scroll_into_view_if_needed()
    table.locator(".tutor-svg svg").first.wait_for(state="visible")
    return table


def first_legal(table):
    return table.locator(".tutor-actions:not([hidden]) button.tutor-action").first


@pytest.mark.parametrize("game", ["maui", "aqua_fest", "sea_salt_paper", "trump_whales", "isle_of_cats"])
def test_the_others_turns_are_shown_one_at_a_time_until_my_move(stepping, game):
    page = stepping
    table = lesson_table(page, game, "en")
    bar, caption = table.locator(".tutor-film"), table.locator(".tutor-film-caption")
    boards, captions = [], []
    for _ in range(8):       # Aqua Fest and Острів котів open with moves the bots answer only later
        first_legal(table).click()
        try:
            bar.wait_for(state="visible", timeout=4000)
            break
        except Exception:
            continue
    assert bar.is_visible(), "no film after the learner's moves"
    assert table.locator(".tutor-actions").is_hidden(), "the choices show over the film"
    for _ in range(60):
        caption.wait_for(state="visible")
        text = caption.inner_text()
        if not captions or text != captions[-1]:
            captions.append(text)
            boards.append(board_of(table))
        nxt = table.locator(".tutor-film-next")
        if not bar.is_visible():
            break
        nxt.click()
        page.wait_for_timeout(150)
        if not bar.is_visible():
            break
    assert len(captions) >= 2 and " 1 " in captions[0], captions
    assert len(set(boards)) >= 2, "the board did not change between the others' turns"
    first_legal(table).wait_for(state="visible")       # the film over, the learner's choices are back
    assert table.locator(".tutor-see-again").is_visible(), "no way to see the turns again"
    table.locator(".tutor-see-again").click()
    bar.wait_for(state="visible")
    table.locator(".tutor-film-skip").click()
    first_legal(table).wait_for(state="visible")
    assert bar.is_hidden()
    assert_no_errors(page)


def test_the_pace_is_kept_on_the_device_and_normal_pace_plays_by_itself(stepping):
    page = stepping
    table = lesson_table(page, "trump_whales", "en")
    pace = table.locator(".tutor-pace select")
    assert pace.input_value() == "step"
    pace.select_option("fast")
    assert page.evaluate(f"localStorage.getItem('{PACE}')") == "fast"
    first_legal(table).click()
    table.locator(".tutor-film").wait_for(state="visible")
    # nobody presses "Next": the frames go by themselves, up to a summary (which waits) or the learner's move
    page.wait_for_function(
        """(root) => root.querySelector('.tutor-film').hidden
                     || root.querySelector('.tutor-film-caption').textContent.includes(' 2 ')""",
        arg=table.element_handle(), timeout=15000)
    undo = table.locator("button.tutor-undo")
    # the others' cards were shown: Undo cannot take the move back, and its tip says why
    assert undo.is_disabled() and "seen" in undo.get_attribute("title")
    page.reload()
    table = lesson_table(page, "trump_whales", "en")
    assert table.locator(".tutor-pace select").input_value() == "fast", "the pace was not kept on the device"
    assert_no_errors(page)
