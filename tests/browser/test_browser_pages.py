"""Whole lesson pages as learners open them: every part of a page, and several pages at once.

`scroll_through` scrolls a whole page, so every lazy part is built, and `check_page` fails on "Error displaying
widget", on any console error, on a friendly error box, or on a part without its board or its controls (the review
that started this: the old suite stepped through one example and stayed green while most loads lost widgets).
Every lesson page in every language is scrolled and checked so on a phone and on a laptop or projector by
test_browser_layouts.py. Here, a game's pages are opened by CONCURRENT learners at once (its languages side by side,
as in a club where learners read different languages), the second of them on a phone, whose boards must stay
readable.
"""

from __future__ import annotations

import os
import re
import time

import pytest

from test_browser_lessons import ERROR_TEXTS
from test_notebooks import LESSONS
from voila_harness import RENDER_TIMEOUT_MS, require_notebook, new_context

# each page scrolled whole is about 10 s on 2 cores (several times that on a loaded machine); a crowd of 2 (a game's
# two languages side by side, the second on a phone) for one game, the one with the most to draw, is what `make test`
# affords beside the layouts' ten pages and the static site's test (it had two games, then had to fit CI's time): the
# crowd checks the server under several learners, which any game loads alike. The soak scales by count:
# TUTOR_PAGE_CONCURRENT=6 TUTOR_PAGE_CROWDS=all for a longer one.
CONCURRENT = int(os.environ.get("TUTOR_PAGE_CONCURRENT", "2"))
CROWD_GAMES = os.environ.get("TUTOR_PAGE_CROWDS", "aqua_fest")

# Every built part: its board and at least one enabled control; a list of what is missing, per part
PARTS_REPORT = """() => [...document.querySelectorAll('.tutor-lazy')].map((part, i) => {
    const reveal = part.querySelector('.tutor-reveal');
    const built = reveal === null || getComputedStyle(reveal).display === 'none';
    const title = reveal ? reveal.innerText : '';
    const missing = [];
    if (!built) missing.push('not built');
    if (!part.querySelector('svg')) missing.push('no board');
    const controls = [...part.querySelectorAll('button, input, select')].filter(
        (el) => !el.disabled && !el.closest('.tutor-reveal'));
    if (controls.length === 0) missing.push('no controls');
    return {i, title, missing};
}).filter((p) => p.missing.length > 0)"""


def open_page(browser, url: str, viewport=None, kernel_socket=None, throttle: float = 1, **options):
    """Open `url` in a new context; `kernel_socket`, if given, routes the page's kernel websocket (a
    Playwright WebSocketRoute handler); `throttle` slows the page's CPU that many times (Chromium's CPU
    throttling), from before it loads; `options` go to the context (a phone's touch)."""
    context = new_context(browser, viewport=viewport or {"width": 1280, "height": 900}, **options)
    if kernel_socket is not None:
        context.route_web_socket(re.compile(r"/api/kernels/[^/?]+/channels"), kernel_socket)
    page = context.new_page()
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.set_default_timeout(RENDER_TIMEOUT_MS)
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text[:300]))
    # a page loads everything from the tutor's own server: nothing from a CDN (a club may be offline)
    base = url.split("/voila/", 1)[0]
    page.outside = []
    page.on("request", lambda r: not r.url.startswith((base, "data:", "blob:", "about:"))
            and page.outside.append(r.url))
    page.on("pageerror", lambda exc: page.console_errors.append(str(exc)[:300]))
    response = page.goto(url)
    assert response.ok, f"{url}: HTTP {response.status}"
    return context, page


def close_tab(context, page) -> None:
    """Close the page as a learner closing the tab does (its goodbye shuts its kernel down), then the context."""
    try:
        page.close(run_before_unload=True)
    finally:
        context.close()


UNBUILT_JS = """() => [...document.querySelectorAll('.tutor-lazy')].map((part, i) => {
        const reveal = part.querySelector('.tutor-reveal');
        const built = (reveal === null || getComputedStyle(reveal).display === 'none') && part.querySelector('svg');
        return built ? -1 : i;
    }).filter((i) => i >= 0)"""


# Scroll to each given part in turn, pausing as a reader's scroll does (the page builds a part when it comes near
# the screen). One script for the pass: Playwright's own scrolling waits for every part to stop moving, and
# parts above keep growing while they are built, so it took seconds a page.
SCROLL_JS = """async ([indices, pause]) => {
    const parts = document.querySelectorAll('.tutor-lazy');
    for (const i of indices) {
        if (!parts[i]) continue;
        parts[i].scrollIntoView({block: 'center'});
        await new Promise((resolve) => setTimeout(resolve, pause));
    }
}"""
SCROLL_PAUSE_MS = 60


# What an unbuilt part's placeholder says when the page gives up on it: whether the page asked the kernel
# (the button shows "loading" and is busy) or never did (its label), and whether the page lost its kernel.
STALL_JS = """(indices) => ({
    lost: !!document.querySelector('.tutor-connection-lost:not([hidden])'),
    parts: indices.map((i) => {
        const part = document.querySelectorAll('.tutor-lazy')[i];
        const button = part && part.querySelector('.tutor-reveal-button');
        const box = part && part.getBoundingClientRect();
        return {i, text: button ? button.textContent.slice(0, 40) : null,
                busy: button ? button.getAttribute('aria-busy') : null,
                top: box ? Math.round(box.top + window.scrollY) : null, height: box ? Math.round(box.height) : null,
                // what the part holds (its placeholder, and the built widget once its view is drawn), and the
                // nearest element that hides it (a part under display: none never comes near the screen)
                holds: part ? [...part.children].map((c) => c.className.split(' ').filter(
                    (k) => k.startsWith('tutor-') || k.startsWith('widget-')).slice(0, 3).join('.')) : null,
                hidden: (() => {
                    for (let el = part; el; el = el.parentElement) {
                        if (getComputedStyle(el).display === 'none') return el.className.slice(0, 60) || el.tagName;
                    }
                    return null;
                })()};
    }),
})"""


# the reference parts a lesson shows folded and the next steps of a chained task shown only once the step before is
# solved (tutor/widgets/static/contents.js), opened as a learner opens them: with their buttons
OPEN_FOLDED_JS = """() => {
    for (const b of document.querySelectorAll('.tutor-fold-opener[aria-expanded="false"]')) b.click();
    for (const b of document.querySelectorAll('.tutor-after:not(.tutor-unlocked) .tutor-unlock')) b.click();
    for (const b of document.querySelectorAll('.tutor-lazy-manual .tutor-reveal button:not([disabled])')) b.click();
}"""


def errors_of(page) -> list[str]:
    """The console and page errors a page collected: open_page's pages keep `console_errors`, the `page` fixture's
    (tests/browser/conftest.py) `js_errors`."""
    return getattr(page, "console_errors", None) or getattr(page, "js_errors", [])


def scroll_through(page) -> int:
    """Scroll part by part to the end, as a learner reading the page does, until every lazy part is built;
    returns the number of lazy parts. A placeholder the page had not drawn yet when it was scrolled past is
    reached again on the next pass (as a learner scrolling back would). Fails when no part has been built for
    RENDER_TIMEOUT_MS."""
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    parts = page.locator(".tutor-lazy")
    parts.first.wait_for(state="attached")
    n = parts.count()
    pending = list(range(n))
    # A page fails when its parts stop getting built: RENDER_TIMEOUT_MS without one more part built, not for the
    # whole page (on a machine loaded 10-14 deep a page's two dozen parts took longer, each of them still coming)
    deadline, fewest = time.monotonic() + RENDER_TIMEOUT_MS / 1000, n
    while pending:
        page.evaluate(OPEN_FOLDED_JS)       # a reader of the whole page opens the folded reference parts too
        page.evaluate(SCROLL_JS, [pending, SCROLL_PAUSE_MS])
        page.wait_for_timeout(500)
        pending = page.evaluate(UNBUILT_JS)
        if len(pending) < fewest:       # fewer unbuilt than ever before (a part shown and hidden again is no news)
            deadline, fewest = time.monotonic() + RENDER_TIMEOUT_MS / 1000, len(pending)
        if pending and time.monotonic() >= deadline:
            try:
                said = page.evaluate(STALL_JS, pending)
            except Exception as exc:        # the report must not hide the failure it reports
                said = f"(no report: {exc})"
            raise AssertionError(f"parts never built on {page.url}: {pending}; the page says {said}; "
                                 f"console errors: {errors_of(page)[:5]}")
    return n


TABLE_ALIGN = """() => [...document.querySelectorAll('.tutor-static th, .tutor-static td')]
    .filter((c) => getComputedStyle(c).textAlign !== (
      c.matches('td.num') ? 'right'
      // a grid of cards (Козырные киты's 36: a family a column) reads down its columns: centred, its 5s' row left
      : c.matches('.tutor-card-grid :is(td, th):not(.tutor-fives)') ? 'center' : 'left'))
    .map((c) => `${getComputedStyle(c).textAlign}: ${c.innerText.slice(0, 30)}`)"""


def check_page(page) -> None:
    assert not page.outside, f"{page.url} loaded from elsewhere: {page.outside[:5]}"
    lang = "ru" if ".ru." in page.url else "uk" if ".uk." in page.url else "en"
    assert page.evaluate("document.documentElement.lang") == lang, f"{page.url} does not declare lang={lang}"
    missing = page.evaluate(PARTS_REPORT)
    assert not missing, f"parts without board or controls on {page.url}: {missing}"
    body = page.locator("body").inner_text()
    for text in ERROR_TEXTS:
        assert text not in body, f"{text!r} on {page.url}"
    shown = [el.inner_text() for el in page.locator(".tutor-error, .jupyter-widgets-error-widget").all()
             if el.is_visible()]
    assert not shown, f"error boxes on {page.url}: {shown}"
    assert not page.console_errors, f"console errors on {page.url}: {page.console_errors}"
    live = page.evaluate("""() => [...document.querySelectorAll('.tutor-live')]
                                  .map(el => el.getAttribute('aria-live'))""")
    assert live and set(live) == {"polite"}, f"result areas not announced on {page.url}: {live}"
    # a table's text reads from the left, its numbers (td.num) line up on the right (the notebook's own CSS
    # right-aligned every cell)
    askew = page.evaluate(TABLE_ALIGN)
    assert not askew, f"table cells aligned against their kind on {page.url}: {askew[:5]}"


# Every lesson page, scrolled through part by part and checked (check_page), on every screen it meets: that is
# test_browser_layouts.py's whole-page test, which also checks each board's layout on the way (one load of a page
# served both, at twice the cost).


def crowds() -> dict[str, list[str]]:
    """Per game, the pages its CONCURRENT learners open at once: the game's pages in turn."""
    pages: dict[str, list[str]] = {}
    for name in sorted(LESSONS):
        pages.setdefault(name.split(".", 1)[0], []).append(name)
    chosen = set(pages) if CROWD_GAMES == "all" else set(CROWD_GAMES.split(","))
    return {game: [names[i % len(names)] for i in range(CONCURRENT)] for game, names in pages.items()
            if game in chosen}


CROWDS = crowds()


PHONE = {"width": 390, "height": 844}
ON_A_PHONE = 1      # which learner of a crowd reads on a phone: the one reading the game's other language


@pytest.mark.parametrize("game", sorted(CROWDS))
def test_every_part_renders_with_several_learners_at_once(voila_server, browser, game):
    for name in set(CROWDS[game]):
        require_notebook(name)
    opened = []
    try:
        for i, name in enumerate(CROWDS[game]):      # every page is requested before any is scrolled
            viewport = PHONE if i == ON_A_PHONE else None
            opened.append(open_page(browser, voila_server.render_url(name), viewport=viewport))
        for i, (_, page) in enumerate(opened):
            scroll_through(page)
            check_page(page)
            if i == ON_A_PHONE:
                check_phone(page)
            else:
                check_desk(page)
    finally:
        for context, page in opened:
            close_tab(context, page)


# Every board on the page as drawn: its layout (data-layout), whether it is wider than its box, the smallest printed
# text in on-screen pixels (its font size times the scale the board is drawn at), and the smallest tap target (a board
# element the learner chooses, [data-choice]) on screen; and whether the page itself is wider than the screen.
LAYOUT_REPORT = """() => {
  let smallest = Infinity, where = "", boards = 0, smallTap = Infinity, tapWhere = "";
  const layouts = new Set(), wide = [];
  for (const svg of document.querySelectorAll('.tutor-svg svg')) {
    const r = svg.getBoundingClientRect();
    if (!r.width || !svg.checkVisibility()) continue;
    boards += 1;
    // a picker drawn the same on every screen (Острів котів' tray of tile shapes) is no board laid out for one
    if (svg.getAttribute('data-layout') !== 'any') layouts.add(svg.getAttribute('data-layout'));
    const box = svg.closest('.tutor-svg').getBoundingClientRect();
    if (r.width > box.width + 1 || r.right > document.documentElement.clientWidth + 1)
      wide.push(`${svg.getAttribute('aria-label')}: ${Math.round(r.width)} px in ${Math.round(box.width)}`);
    for (const t of svg.querySelectorAll('text')) {
      if (t.closest('defs, symbol') || !t.textContent.trim()) continue;
      const m = t.getScreenCTM();
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px < smallest) { smallest = px; where = t.textContent.trim().slice(0, 30); }
    }
    for (const c of svg.querySelectorAll('[data-choice]')) {
      const b = c.getBoundingClientRect();
      if (!b.width || !b.height) continue;
      const side = Math.min(b.width, b.height);
      if (side < smallTap) { smallTap = side; tapWhere = c.getAttribute('aria-label') || c.getAttribute('data-choice'); }
    }
  }
  return {smallest, where, boards, smallTap, tapWhere, layouts: [...layouts].sort(), wide,
          // Voilà's page scrolls in its own box (lm-BoxPanel-child), not the document: a wide list panned the lesson
          // there while the document stayed as wide as the screen
          pageWidth: Math.max(document.documentElement.scrollWidth, ...[...document.querySelectorAll(
            'body, .lm-BoxPanel-child, .jp-Notebook, main')].map((e) => e.scrollWidth > e.clientWidth + 1
            ? window.innerWidth + e.scrollWidth - e.clientWidth : 0)),
          screen: window.innerWidth};
}"""


def check_desk(page) -> None:
    """On a laptop (1280 × 900) every board is laid out for a laptop, fits its box, and prints at 9 px or more."""
    report = page.evaluate(LAYOUT_REPORT)
    assert report["boards"] >= 5, report
    assert report["layouts"] == ["laptop"], report["layouts"]
    assert not report["wide"], report["wide"][:3]
    assert report["smallest"] >= 9, f"a board prints {report['smallest']:.1f} px: {report['where']!r}"


def check_phone(page) -> None:
    """At 390 px wide every board is laid out for a phone: no board wider than the screen, nothing pans, the
    smallest print is 9 px or more."""
    report = page.evaluate(LAYOUT_REPORT)
    assert report["boards"] >= 5, report
    assert report["layouts"] == ["phone"], report["layouts"]
    assert not report["wide"], report["wide"][:3]
    assert report["pageWidth"] <= 400, f"the page is {report['pageWidth']} px wide on a 390 px screen"
    assert report["smallest"] >= 9, f"a board label is {report['smallest']:.1f} px on a phone: {report['where']!r}"
