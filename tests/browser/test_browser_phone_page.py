"""A lesson page on a phone (390×844, touch), as two club teachers read it (issue #32): no table breaks a word or a
number inside (their cells squeezed to a letter or two: "кра б", "Оч ки", 11 as "1 1"; a wide table scrolls in
its own box instead), and no board box scrolls sideways when its content fits (ipywidgets' margins made every
drill's and quiz's board box 4 px wider than its column: a wobble under the thumb). One page of each game, in the
rulebook's language."""

from __future__ import annotations

import pytest

from test_browser_pages import close_tab, scroll_through
from test_notebooks import LESSONS

PHONE = {"width": 390, "height": 844}

# one page per game: the rulebook's language (the pages the reviewers read on a phone)
PAGES = sorted(name for name in LESSONS if name.count(".") > 1)

# Every word of every visible table cell, by its line boxes: a word (a run of letters, digits and signs, cut after
# a hyphen, where a break is allowed) whose text lies on two lines or more was broken inside.
BROKEN_WORDS = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('td, th')) {
    if (!cell.checkVisibility()) continue;
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const words = /[^\\s\\-\\u2010]+[\\-\\u2010]?/gu;
      for (let m = words.exec(node.data); m; m = words.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`${m[0]} (in "${cell.innerText.slice(0, 40)}")`);
      }
    }
  }
  return out;
}"""

# Every box round a board that could scroll sideways (overflow auto or scroll) and does, though nothing in it is
# wider than the screen's column: it wobbles under a thumb. (A table's own box may scroll: it is not round a board.)
WOBBLY_BOXES = """() => [...document.querySelectorAll('.tutor-svg, .tutor-widget, .widget-box, .tutor-lazy')]
  .filter((box) => box.checkVisibility() && box.querySelector('svg, .tutor-svg')
    && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX) && box.scrollWidth > box.clientWidth)
  .map((box) => `${String(box.className).split(' ').filter((c) => c.startsWith('tutor-')).join('.') || box.tagName}: `
    + `${box.scrollWidth} px in ${box.clientWidth}`)"""


@pytest.mark.parametrize("name", PAGES)
def test_phone_tables_keep_words_whole_and_boards_hold_still(voila_server, browser, name):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(voila_server.render_url(name))
        scroll_through(page)
        assert page.locator("td").count() > 0, f"no table on {name}"
        broken = page.evaluate(BROKEN_WORDS)
        assert not broken, f"{len(broken)} words broken inside in the tables of {name}: {broken[:8]}"
        wobbly = page.evaluate(WOBBLY_BOXES)
        assert not wobbly, f"board boxes that scroll sideways on {name}: {wobbly[:5]}"
    finally:
        close_tab(context, page)
