"""Choosing on the board in a real browser: play Мяури and Aqua Fest by clicking the SVG (mouse, then the
keyboard: Tab to an offered element, Enter or Space), check the game moved on as the engine says, that a click
on something not offered does nothing, and that each sandbox's board clicks too."""

from __future__ import annotations

import re

import pytest

from test_browser_lessons import assert_no_errors
from test_browser_play import board_of, open_table
from voila_harness import require_notebook


@pytest.fixture
def served(voila_server, page):
    page.server_url = voila_server.render_url
    return page


def lesson(page, game: str, lang: str, selector: str = ".tutor-play:not(.tutor-your-turn)"):
    notebook = f"{game}.ipynb" if lang == "en" else f"{game}.{lang}.ipynb"
    require_notebook(notebook)
    return open_table(page, notebook, selector)


def offered(table, prefix: str = ""):
    """The board's offered elements (whose key starts with `prefix`)."""
    return table.locator(f'.tutor-svg [data-choice][data-key^="{prefix}"]')


def at(table, key: str):
    """The board's offered element at exactly `key`."""
    return table.locator(f'.tutor-svg [data-choice][data-key="{key}"]')


def wait_next_view(page, table, version: str) -> None:
    page.wait_for_function("([root, v]) => root.dataset.v !== v", arg=[table.element_handle(), version])


def click_and_wait(page, table, element) -> None:
    version = table.get_attribute("data-v")
    element.click()
    wait_next_view(page, table, version)


def key_and_wait(page, table, key: str) -> None:
    version = table.get_attribute("data-v")
    page.keyboard.press(key)
    wait_next_view(page, table, version)


def focused_key(page) -> str:
    return page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-key') || ''")


def board_svg(table):
    return table.locator(".tutor-svg svg").first


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_maui_dives_by_clicking_and_by_keyboard(served, lang):
    page = served
    table = lesson(page, "maui", lang)
    cards = offered(table, "card:dive-1-")
    assert cards.count() >= 3, "the learner's dive cards are not clickable"
    assert table.locator("button.tutor-action").count() >= 3, "the buttons stay as the fallback"

    # a click on the board where nothing is offered (the header) does nothing
    version = table.get_attribute("data-v")
    board_svg(table).click(position={"x": 20, "y": 10})
    page.wait_for_timeout(400)
    assert table.get_attribute("data-v") == version

    # the mouse: the card clicked is the card dived (it lies turned up as "last"; it left the hand)
    round0 = int(board_svg(table).get_attribute("data-round"))
    card = cards.last
    key = card.get_attribute("data-key")
    click_and_wait(page, table, card)
    assert int(board_svg(table).get_attribute("data-round")) == round0 + 1, "the round did not resolve"
    number = key.rsplit("-", 1)[1]
    assert table.locator(f'.tutor-svg [data-card="dive-1-{number}"].revealed').count() == 1
    assert at(table, key).count() == 0, "a dived card is still offered"
    assert table.locator(".tutor-log").inner_text().strip()

    # the keyboard: Tab from one offered card to the next, Enter dives it; the focus stays on the board
    offered(table, "card:dive-1-").first.focus()
    page.keyboard.press("Tab")
    key = focused_key(page)
    assert key.startswith("card:dive-1-"), f"Tab left the board's cards ({key!r})"
    key_and_wait(page, table, "Enter")
    assert int(board_svg(table).get_attribute("data-round")) == round0 + 2
    assert at(table, key).count() == 0
    assert focused_key(page).startswith("card:dive-1-"), "the keyboard lost its place after the move"
    key = focused_key(page)
    key_and_wait(page, table, " ")
    assert int(board_svg(table).get_attribute("data-round")) == round0 + 3 and at(table, key).count() == 0
    assert_no_errors(page)


FINISH = re.compile(r"^(End turn|Закончить ход|Draw 2|Взять 2 карты)$|^(End turn|Закончить ход) ")


def moved_to(table, cell: str) -> bool:
    return table.locator(f'.tutor-svg line.move-arrow[data-seat="0"][data-to="{cell}"]').count() == 1


def next_turn(page, table) -> None:
    """End the learner's turn with its button (the board does not offer it; drawing two if the pawn has not
    moved); the bots play theirs. An attack on the learner is answered by clicking a card."""
    click_and_wait(page, table, table.locator("button.tutor-action", has_text=FINISH).first)
    while table.locator(".tutor-svg g.battle").count() and offered(table, "card:").count():
        click_and_wait(page, table, offered(table, "card:").first)
    assert offered(table, "card:").count(), "the learner's next turn offers no card on the board"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_aqua_fest_places_chooses_a_card_then_a_cell_by_clicking_and_by_keyboard(served, lang):
    page = served
    table = lesson(page, "aqua_fest", lang)
    # the start tile: click one of the places beside the learner's side
    places = offered(table, "place:0:")
    if places.count():
        click_and_wait(page, table, places.nth(places.count() // 2))
        assert offered(table, "place:").count() == 0
    assert offered(table, "card:").count(), "no card to click on the learner's first turn"

    # the keyboard: Enter on a card chooses it and takes the focus to its first cell; Enter moves there
    moved = False
    for i in range(offered(table, "card:").count()):
        card = offered(table, "card:").nth(i)
        key = card.get_attribute("data-key")
        card.focus()
        key_and_wait(page, table, "Enter")
        assert table.locator(f'.tutor-svg [data-key="{key}"]').get_attribute("aria-pressed") == "true"
        if focused_key(page).startswith("cell:"):
            cell = focused_key(page).split(":")[1]
            key_and_wait(page, table, "Enter")
            assert moved_to(table, cell), "the pawn did not move to the cell Enter was pressed on"
            moved = True
            break
        table.locator(f'.tutor-svg [data-key="{key}"]').focus()     # no move with this card: take it back
        key_and_wait(page, table, "Enter")
        assert table.locator(f'.tutor-svg [data-key="{key}"]').get_attribute("aria-pressed") == "false"
    assert moved, "no card in hand could move"

    # the mouse, on the next turn: a card (pressed on the board and among the buttons), then a cell
    next_turn(page, table)
    moved = False
    for _turn in range(4):
        for i in range(offered(table, "card:").count()):
            card = offered(table, "card:").nth(i)
            key = card.get_attribute("data-key")
            click_and_wait(page, table, card)
            chosen = table.locator(f'.tutor-svg [data-key="{key}"]')
            assert chosen.get_attribute("aria-pressed") == "true"
            assert table.locator("button.tutor-card-chosen").count() == 1, "the board and the card buttons disagree"
            cells = offered(table, "cell:")
            if cells.count():
                cell = cells.first.get_attribute("data-key").split(":")[1]
                click_and_wait(page, table, cells.first)
                assert moved_to(table, cell), "the pawn did not move to the clicked cell"
                moved = True
                break
            click_and_wait(page, table, chosen)       # no move with this card: take it back
        if moved:
            break
        next_turn(page, table)
    assert moved, "no card could move in four turns"
    assert_no_errors(page)


def test_sandboxes_click_on_their_boards(served):
    page = served
    sandbox = lesson(page, "maui", "en", ".tutor-sandbox")
    card = sandbox.locator('.tutor-svg [data-key="card:dive-2-4"]')
    assert card.get_attribute("aria-pressed") == "false"
    card.click()
    page.wait_for_function("() => { const c = document.querySelector('.tutor-sandbox [data-key=\"card:dive-2-4\"]');"
                           " return !!c && c.getAttribute('aria-pressed') === 'true'; }")
    assert sandbox.locator('.tutor-svg [aria-pressed="true"][data-key^="card:dive-2-"]').count() == 1

    shells = lesson(page, "aqua_fest", "en", ".tutor-shells")
    example = shells.locator("button", has_text="Rulebook example")
    example.click()
    page.wait_for_function("() => document.querySelectorAll('.tutor-shells [data-choice]').length === 12")
    shells.locator(".tutor-svg [data-choice]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('.tutor-shells [data-choice]').length === 11")
    assert "11" in shells.inner_text()
    assert_no_errors(page)
