"""Паперові океани in a real browser: the score helper's card buttons (one kind's at a time, chosen in a list) tell a
screen reader which are pressed (aria-pressed, kept in step by the page widget), and name their card, not only its
colour."""

from __future__ import annotations

import pytest

from tutor.games.sea_salt_paper import components as C

from test_browser_lessons import assert_no_errors
from voila_harness import require_notebook


@pytest.fixture
def served(voila_server, page):
    page.server_url = voila_server.render_url
    return page


def test_the_score_helpers_card_buttons_say_whether_they_are_pressed(served):
    page = served
    require_notebook("sea_salt_paper.uk.ipynb")
    # part 8's helper with Andriy's cards waits folded behind its button (a part's helper, stop 51): pressed as a
    # learner would, once the page has drawn it
    page.goto(page.server_url("sea_salt_paper.uk.ipynb"))
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    page.wait_for_function("""() => { const a = document.getElementById('part-cards');
        const part = a && [...document.querySelectorAll('.tutor-lazy')]
          .find((p) => a.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING);
        const b = part && part.querySelector('.tutor-reveal-button');
        if (!b) return false;
        part.scrollIntoView({block: 'center'});
        if (!b.disabled) b.click();
        return true; }""")
    helper = page.locator(".tutor-ssp-score").first
    helper.locator("button.widget-toggle-button").first.wait_for(state="visible")
    cards = helper.locator("button.widget-toggle-button", has_text="(")       # «краб (синій)», not «синій»
    crabs = sum(1 for c in C.ALL_CARDS if C.KIND[c] == "crab")
    assert cards.count() == crabs, cards.count()        # one kind's cards at a time: the first kind, the crabs
    page.wait_for_function("(root) => root.querySelectorAll('button.widget-toggle-button[aria-pressed]').length"
                           " === root.querySelectorAll('button.widget-toggle-button').length",
                           arg=helper.element_handle())
    pressed = helper.locator('button.widget-toggle-button[aria-pressed="true"]', has_text="(")
    assert pressed.count() == 2, [b.inner_text() for b in pressed.all()]      # Andriy's two crabs
    helper.locator("select").first.select_option(label="мушля")
    shell = helper.locator('button.widget-toggle-button[aria-pressed="false"]', has_text="мушля (синя)")
    shell.wait_for(state="visible")
    assert shell.count() == 1
    handle = shell.element_handle()
    handle.click()
    page.wait_for_function("(b) => b.getAttribute('aria-pressed') === 'true'", arg=handle)
    # the kernel answers with the card's place in its words and colour
    page.wait_for_function("(b) => b.textContent.includes('на руці') && b.classList.contains('mod-info')", arg=handle)
    assert "на руці" in handle.inner_text()
    assert_no_errors(page)


def test_a_tap_on_a_card_names_it_and_a_card_face_down_says_nothing(served):
    """A phone shows no tooltip: a tap on a card shows its <title> ("краб (жовтий)") over it for a few seconds
    (tutor/widgets/static/page.js); a tap on the deck, face down, shows nothing."""
    page = served
    require_notebook("sea_salt_paper.uk.ipynb")
    page.goto(page.server_url("sea_salt_paper.uk.ipynb"))
    page.locator(".tutor-page").first.wait_for(state="attached")
    board = page.locator(".tutor-position svg:visible").first        # part 2: the table as the game begins
    board.scroll_into_view_if_needed()
    card = board.locator("g.card[data-card]").first
    name = card.locator("title").first.text_content()
    assert name and "(" in name                                        # kind and colour, never an id
    card.click()
    caption = page.locator(".tutor-card-name")
    caption.wait_for(state="visible")
    assert caption.inner_text() == name
    board.locator("g.card.back").first.click()
    caption.wait_for(state="hidden")
    assert_no_errors(page)
