"""The served lessons in a real browser: the index, and stepping through each game's worked example in
both languages with the scenario player's own buttons."""

from __future__ import annotations

import contextlib
import os
import re

import pytest
import yaml

from tutor.core.svg import LAYOUTS

from voila_harness import ROOT, require_notebook, new_context, tap_when_still, wait_next_view
from helpers import languages

# per lesson: the worked example the browser steps through (the rulebook's own, where it has one)
WORKED = {"maui": "four-player-round", "aqua_fest": "battle-won"}
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# What a failing cell, widget or page leaves in a Voilà page
ERROR_TEXTS = ("Traceback", "There was an error when executing", "Error displaying widget",
               "Voilà could not", "Kernel error")
ERROR_SELECTORS = (
    ".tutor-error",
    '[data-mime-type="application/vnd.jupyter.stderr"]',
    ".jp-OutputArea-output.jp-mod-error",
    ".jupyter-widgets-error-widget",
)


def assert_no_errors(page) -> None:
    assert_no_error_text(page)
    assert not page.js_errors, f"JavaScript errors on {page.url}: {page.js_errors}"


def assert_no_error_text(page) -> None:
    """No error words on the page and no error box shown."""
    body = page.locator("body").inner_text()
    for text in ERROR_TEXTS:
        assert text not in body, f"{text!r} on {page.url}:\n{body[:2000]}"
    for selector in ERROR_SELECTORS:
        shown = [el.inner_text() for el in page.locator(selector).all() if el.is_visible()]
        assert not shown, f"{selector} visible on {page.url}: {shown}"


def scenario_title(game: str, lang: str, name: str = "") -> str:
    path = ROOT / "lessons" / game / "scenarios" / f"{name or WORKED[game]}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))["title"][lang]


def find_player(page, game: str, lang: str, name: str = ""):
    """The scenario player of the worked example (or of scenario `name`): its lazy part is scrolled to, so the page
    builds it."""
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    # held as first found (element_handle waits for it): once the page opens it, its button's words turn to
    # "Setting up…" and the title a locator finds it by is gone (a loaded CI run)
    part = page.locator(".tutor-lazy").filter(has_text=scenario_title(game, lang, name)).first.element_handle()
    part.scroll_into_view_if_needed()
    # a part's extra waits folded behind its button (tutor/lesson.py `extra`): pressed as a learner would, in one
    # step in the page (a part in view may have opened by itself)
    part.evaluate("(p) => { const b = p.querySelector('.tutor-reveal-button'); if (b && !b.disabled) b.click(); }")
    built = part.wait_for_selector(".tutor-scenario", state="visible")
    # a locator for that very player (the callers' Locator API), by a mark of its own on its root
    mark = f"{game}-{lang}-{name or 'worked'}"
    built.evaluate("(s, mark) => { s.dataset.testPlayer = mark; }", mark)
    return page.locator(f'.tutor-scenario[data-test-player="{mark}"]').first


def svg_and_narration(player) -> tuple[str, str]:
    svg = player.locator(".tutor-svg svg").first
    svg.wait_for(state="visible")
    return svg.evaluate("el => el.outerHTML"), player.locator(".tutor-narration").first.inner_text()


# the scenario player's buttons by their accessible names, as a learner reads them
BUTTONS = {
    "en": {"first": "|◀ First", "back": "◀ Back", "next": "Next ▶", "last": "Last ▶|"},
    "ru": {"first": "|◀ В начало", "back": "◀ Назад", "next": "Дальше ▶", "last": "В конец ▶|"},
}


def step_through(page, game: str, lang: str) -> list[str]:
    player = find_player(page, game, lang)
    button = lambda name: player.get_by_role("button", name=name, exact=True)  # noqa: E731
    names = BUTTONS[lang]
    for name in names.values():
        assert button(name).count() == 1, f"no {name!r} button in the scenario player"

    first_svg, first_text = svg_and_narration(player)
    assert first_text.strip(), "the narration is empty before the first step"

    button(names["next"]).click()
    # the SVG and the narration are separate widgets, updated by separate messages: wait for both
    page.wait_for_function(
        """([root, oldSvg, oldText]) => {
               const s = root.querySelector('.tutor-svg svg');
               const n = root.querySelector('.tutor-narration');
               return s !== null && s.outerHTML !== oldSvg && n !== null && n.innerText !== oldText; }""",
        arg=[player.element_handle(), first_svg, first_text])
    # the click re-renders the SVG; take the new one fresh from the page
    second_svg, second_text = svg_and_narration(player)
    assert second_svg != first_svg, "the board did not change after Next"
    assert second_text != first_text, "the narration did not change after Next"

    narrations = [first_text, second_text]
    button(names["last"]).click()
    page.wait_for_function(
        "([root, old]) => root.querySelector('.tutor-narration').innerText !== old",
        arg=[player.element_handle(), first_text])
    last_svg, last_text = svg_and_narration(player)
    narrations.append(last_text)
    button(names["first"]).click()
    page.wait_for_function(  # back at the start: the first narration again
        "([root, want]) => root.querySelector('.tutor-narration').innerText === want",
        arg=[player.element_handle(), first_text])
    assert_no_errors(page)
    return narrations


def test_index_renders_and_links_every_ready_lesson(voila_server, page):
    require_notebook("index.ipynb")
    response = page.goto(voila_server.url + "/")  # "/" redirects to the index
    assert response.ok
    assert page.url.endswith("/voila/render/index.ipynb")
    for stem, name in (("maui", r"Мяури|Maui"), ("aqua_fest", r"Aqua Fest|Аква Фест")):
        link = page.locator(f'a[href$="{stem}.ipynb"]').first
        link.wait_for(state="visible")
        assert re.search(name, link.inner_text()), link.inner_text()
        ru = page.locator(f'a[href$="{stem}.ru.ipynb"]')
        assert ru.count() >= 1, f"the index does not link the Russian {stem} lesson"
    # the page is lang="en"; its Russian and Ukrainian sections (each with its table) are read in their own
    for lang, head in (("ru", "Игра"), ("uk", "Гра")):
        assert page.locator(f'[lang="{lang}"] table th').first.inner_text() == head
    assert page.title() != "tutor"
    assert_no_errors(page)


@pytest.mark.parametrize("game, lang", [("maui", lang) for lang in languages("en", "ru", chosen="en")]
                         + [("aqua_fest", lang) for lang in languages("en", "ru", chosen="ru")])
def test_step_through_worked_example(voila_server, page, game, lang):
    notebook = f"{game}.ipynb" if lang == "en" else f"{game}.{lang}.ipynb"
    require_notebook(notebook)
    response = page.goto(voila_server.render_url(notebook))
    assert response.ok
    narrations = step_through(page, game, lang)
    if lang == "ru":
        for text in narrations:
            assert CYRILLIC.search(text), f"narration is not in Russian: {text!r}"


# A board's on-screen width, and its column's: the lazy part's inner width, capped by the widget's max-width
BOARD_WIDTH_JS = """(root) => {
    const svg = root.querySelector('.tutor-svg svg');
    const part = root.closest('.tutor-lazy');
    const cap = parseFloat(getComputedStyle(root).maxWidth) || Infinity;
    return {board: svg.getBoundingClientRect().width, column: Math.min(part.clientWidth, cap),
            text: root.querySelector('.tutor-narration').innerText.length,
            hint: getComputedStyle(root.querySelector('.tutor-svg'), '::before').content};
}"""


def test_a_board_takes_its_width_from_the_column_not_from_its_text(voila_server, page):
    """A board is as wide as its column (up to its layout's widest drawing), at every step. Boards once shared a shrink-to-fit box with the text beside
    them: Sea Salt & Paper's two-fish example was 764 px beside its first narration and 1,100 px after Next (the
    newcomer walk-through's W4; print down to about 7 px)."""
    require_notebook("sea_salt_paper.ipynb")
    response = page.goto(voila_server.render_url("sea_salt_paper.ipynb"))
    assert response.ok
    player = find_player(page, "sea_salt_paper", "en", "fish-duo")
    _, first_text = svg_and_narration(player)
    before = player.evaluate(BOARD_WIDTH_JS)
    player.get_by_role("button", name=BUTTONS["en"]["next"], exact=True).click()
    page.wait_for_function("([root, old]) => root.querySelector('.tutor-narration').innerText !== old",
                           arg=[player.element_handle(), first_text])
    after = player.evaluate(BOARD_WIDTH_JS)
    assert before["text"] != after["text"], "the two steps' narrations are alike: the test proves nothing"
    # (the lesson's contents take the window's first 262 px: tutor/widgets/static/contents.js)
    assert before["column"] >= 950, f"a 1280 px window gives a column of {before['column']} px"
    # a laptop board fills its column up to its layout's widest drawing (tutor.core.svg.LAYOUTS: 760 units, 1.05x)
    widest = LAYOUTS["laptop"].width * LAYOUTS["laptop"].max_scale
    for when, m in (("first step", before), ("after Next", after)):
        assert abs(m["board"] - min(m["column"], widest)) <= 1, \
            f"{when}: the board is {m['board']:.0f} px wide in a {m['column']:.0f} px column"
    assert before["hint"] == "none", f"a laptop's board says {before['hint']!r} (the phone's pan hint)"
    assert_no_errors(page)


# The focused board element's ring as drawn: its colour and its width on screen
FOCUS_RING_JS = """() => {
    const hit = document.activeElement, ring = hit && hit.querySelector('.choice-ring');
    if (!ring) return null;
    const style = getComputedStyle(ring), m = ring.getScreenCTM();
    const scale = style.vectorEffect === 'non-scaling-stroke' ? 1 : Math.hypot(m.a, m.b);
    return {stroke: style.stroke, px: parseFloat(style.strokeWidth) * scale, name: hit.getAttribute('aria-label')};
}"""
PAGE_FOCUS_BLUE = "rgb(46, 134, 171)"       # #2e86ab, the focus ring of every button on the page (tutor.css)


def test_a_focused_board_element_shows_the_page_focus_ring(voila_server, page):
    """Tabbing onto a card on a board rings it in the page's focus blue, at least 3 px on screen: it was a dark
    4-unit stroke drawn at the board's scale, a thin line a reviewer could hardly see."""
    require_notebook("sea_salt_paper.ipynb")
    response = page.goto(voila_server.render_url("sea_salt_paper.ipynb"))
    assert response.ok
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    choice = page.locator(".tutor-your-turn [data-choice]").first
    for i in range(page.locator(".tutor-lazy").count()):      # the page builds a part when it is scrolled to
        lazy = page.locator(".tutor-lazy").nth(i)
        # a chain's step not yet unlocked is hidden until the step before is answered: passed over, not waited for
        # (on a loaded machine the first task was still building when the loop reached one, and timed out on it)
        if not lazy.is_visible():
            continue
        lazy.scroll_into_view_if_needed()
        if choice.count():
            break
    choice.wait_for(state="visible")
    choice.focus()
    page.keyboard.press("Shift+Tab")       # focus by the keyboard, as :focus-visible wants
    page.keyboard.press("Tab")
    ring = page.evaluate(FOCUS_RING_JS)
    assert ring is not None, "Tab did not land on a board element"
    assert ring["stroke"] == PAGE_FOCUS_BLUE, f"{ring['name']!r} is ringed in {ring['stroke']}"
    assert ring["px"] >= 3, f"{ring['name']!r}'s focus ring is {ring['px']:.1f} px wide"


# Records, as each widget output appears, whether its text is visible: ipywidgets' renderer writes "Loading
# widget..." into the output first, then the widget (or "Error displaying widget", with the class jupyter-widgets)
WATCH_LOADING_JS = """
window.__loading = [];
new MutationObserver(() => {
    for (const out of document.querySelectorAll('.jp-OutputArea-output')) {
        if (out.__seen || !out.textContent.startsWith('Loading widget')) continue;
        out.__seen = true;
        window.__loading.push(getComputedStyle(out).color);
    }
}).observe(document, {childList: true, subtree: true, characterData: true});
"""


def test_the_widget_loading_words_do_not_show(voila_server, page):
    """ipywidgets writes "Loading widget..." (in English, whatever the page's language) under a lesson's intro for a
    moment; the page template hides those words (a part shows its own placeholder once its model arrives)."""
    require_notebook("sea_salt_paper.ipynb")
    page.add_init_script(WATCH_LOADING_JS)
    response = page.goto(voila_server.render_url("sea_salt_paper.ipynb"))
    assert response.ok
    page.locator(".tutor-lazy").first.wait_for(state="attached")
    colours = page.evaluate("window.__loading")
    assert colours, "no 'Loading widget...' seen: the test proves nothing"
    assert set(colours) == {"rgba(0, 0, 0, 0)"}, f"'Loading widget...' shown in {colours}"
    # a failure's words stay readable: the same output as ipywidgets marks it when a widget cannot be shown
    failed = page.evaluate("""() => {
        const out = document.createElement('div');
        out.className = 'lm-Widget lm-Panel jp-OutputArea-output jupyter-widgets';
        out.textContent = 'Error displaying widget';
        document.body.append(out);
        const colour = getComputedStyle(out).color;
        out.remove();
        return colour; }""")
    assert failed != "rgba(0, 0, 0, 0)"


def test_a_phone_gets_a_board_laid_out_for_it(voila_server, browser):
    """On a phone the worked example's board is laid out for a phone (issue #24): as wide as the screen's column, no
    sideways panning, its smallest print 9 px or more (a reviewer saw only the deck and the piles: the hands were
    off to the right)."""
    require_notebook("maui.ru.ipynb")
    context = new_context(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        assert page.goto(voila_server.render_url("maui.ru.ipynb")).ok
        player = find_player(page, "maui", "ru")
        player.locator(".tutor-svg svg").first.wait_for(state="visible")
        box = player.locator(".tutor-svg").first
        seen = box.evaluate("""(el) => { const svg = el.querySelector('svg');
            return {layout: svg.getAttribute('data-layout'), pans: el.scrollWidth > el.clientWidth + 1,
                    width: svg.getBoundingClientRect().width, page: document.documentElement.scrollWidth}; }""")
        assert seen["layout"] == "phone" and not seen["pans"], seen
        assert seen["width"] <= 390 and seen["page"] <= 392, seen
        assert_no_errors(page)
    finally:
        context.close()


# A board's drawing as wide as it shows on screen: the SVG's box is the column's width, but under the height cap
# (tutor.css) the drawing inside is fitted to the box's height (preserveAspectRatio "meet")
DRAWN_WIDTH_JS = """(root) => {
    const svg = root.querySelector('.tutor-svg svg'), box = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
    return {drawn: Math.min(box.width, box.height * vb.width / vb.height), box: box.width,
            text: root.querySelector('.tutor-narration').innerText};
}"""


def test_a_worked_example_keeps_its_board_scale_from_step_to_step(voila_server, page):
    """Every frame of a worked example is drawn at one scale. Острів котів's treasure map differs in height from step
    to step (the boats fill up), and a page that fitted each frame on its own drew them at different widths (as
    Козырные киты's tie at 30 was, 853 px then 1,100 px, in a fresh reader's report on issue #22)."""
    import re as _re
    from tutor.widgets.scenario import ScenarioPlayer
    raw = ScenarioPlayer("isle_of_cats/treasure-map")
    heights = {_re.search(r'viewBox="0 0 [0-9.]+ ([0-9.]+)"', raw._board(f)).group(1) for f in raw.frames}
    assert len(heights) > 1, "the example's boards are alike as drawn: the test proves nothing"

    require_notebook("isle_of_cats.ipynb")
    assert page.goto(voila_server.render_url("isle_of_cats.ipynb")).ok
    player = find_player(page, "isle_of_cats", "en", "treasure-map")
    player.locator(".tutor-svg svg").first.wait_for(state="visible")
    widths = [player.evaluate(DRAWN_WIDTH_JS)]
    for _ in range(len(raw.frames) - 1):
        player.get_by_role("button", name=BUTTONS["en"]["next"], exact=True).click()
        page.wait_for_function("([root, old]) => root.querySelector('.tutor-narration').innerText !== old"
                               " && root.dataset.ready === 'true'",
                               arg=[player.element_handle(), widths[-1]["text"]])
        widths.append(player.evaluate(DRAWN_WIDTH_JS))
        player.scroll_into_view_if_needed()
        screenshot(page, f"treasure-map-step-{len(widths)}")
    drawn = [round(w["drawn"]) for w in widths]
    assert max(drawn) - min(drawn) <= 1, f"the board is drawn {drawn} px wide, step by step"
    assert widths[0]["drawn"] >= 760, f"a 1280 px window draws the laptop board {widths[0]['drawn']:.0f} px wide"
    assert_no_errors(page)


# the play table's board: what it offers now, and its "not now" elements (dashed rings), which the engine refuses
OFFERED = ".tutor-svg [data-choice]:not(:has(.choice-ring.unavailable))"
NOT_NOW = ".tutor-svg [data-choice]:has(.choice-ring.unavailable)"
IN_VIEW_JS = """(el) => { const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, height: innerHeight, live: el.getAttribute('role')}; }"""


def tap_offered(page, table) -> None:
    """Tap the board's first offered element and wait for the next view; a choice that takes a second tap on a phone
    (GameUI.confirm_board: Козырные киты' card to play) is tapped again."""
    version = table.get_attribute("data-v")
    element = table.locator(OFFERED).first
    tap_when_still(page, element)
    armed = table.locator(".tutor-svg .tutor-armed")
    if armed.count():
        # brought clear of the words at the screen's edge (a smooth scroll): tapped again once nothing covers it
        armed.evaluate("(e) => e.scrollIntoView({block: 'center'})")
        page.wait_for_function("""(e) => { const r = e.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit && e.contains(hit); }""", arg=armed.element_handle())
        armed.tap()
    wait_next_view(page, table, version)


def refused_on_the_board(page, table):
    """Play the first offered board element until the board shows a "not now" one, then tap it (and, if it opens a
    next step, tap a "not now" element of that step): the engine's refusal. Returns the refusal box."""
    alert = table.locator(".tutor-error [role=alert]")
    for _ in range(40):
        barred = table.locator(NOT_NOW)
        if barred.count():
            for _step in range(2):
                version = table.get_attribute("data-v")
                # once it stops moving: the table scrolls a new view clear of the words (a smooth scroll), and a tap
                # made meanwhile landed beside the card (CI once: no refusal, no new view in 30 s)
                tap_when_still(page, barred.first)
                wait_next_view(page, table, version, also="root.querySelector('.tutor-error [role=alert]')")
                if alert.count():
                    return alert
                barred = table.locator(NOT_NOW)
                assert barred.count(), "a 'not now' element led to a step that offers nothing to refuse"
        tap_offered(page, table)
    pytest.fail("forty moves and the board never showed a move it would refuse")


PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}


@contextlib.contextmanager
def lesson_table(browser, voila_server, notebook: str, viewport: dict):
    """(page, the lesson's play table, built and on screen) in a window of `viewport` (a phone's is a touch screen)."""
    require_notebook(notebook)
    phone = viewport["width"] < 760
    context = new_context(browser, viewport=viewport, is_mobile=phone, has_touch=True)
    try:
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        assert page.goto(voila_server.render_url(notebook)).ok
        page.locator(".tutor-page-status").first.wait_for(state="attached")
        table = page.locator(".tutor-play:not(.tutor-your-turn)")
        lazy = page.locator(".tutor-lazy")
        for i in reversed(range(lazy.count())):     # a lazy part is built when scrolled to; the table is near the end
            lazy.nth(i).scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            if table.count():
                break
        table = table.first
        table.scroll_into_view_if_needed()
        table.locator(".tutor-svg svg").first.wait_for(state="visible")
        yield page, table
    finally:
        context.close()


def screenshot(page, name: str) -> None:
    """A picture for a person checking the layout by eye (TUTOR_SCREENSHOTS=folder)."""
    folder = os.environ.get("TUTOR_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_refused_tap_on_a_play_table_is_answered_in_view(voila_server, browser, viewport):
    """An illegal tap on a table's board is answered where the learner looks: the refusal box stays in the window
    while the table is on screen. On a phone it sat some 1,500 px below the tapped card, under the table's
    buttons, and the tap seemed to do nothing. It is still an alert (read out at once)."""
    with lesson_table(browser, voila_server, "trump_whales.ipynb", viewport) as (page, table):
        alert = refused_on_the_board(page, table)
        alert.wait_for(state="visible")
        page.wait_for_timeout(200)
        box = alert.evaluate(IN_VIEW_JS)
        screenshot(page, f"refusal-{'phone' if viewport is PHONE else 'desktop'}")
        assert box["live"] == "alert"
        assert 0 <= box["top"] and box["bottom"] <= box["height"], \
            f"the refusal is drawn from {box['top']:.0f} to {box['bottom']:.0f} px in a {box['height']} px window"
        assert alert.inner_text().strip()
        # stuck to the window's edge it may lie over the table's buttons: a tap puts it away until the next refusal
        alert.click()
        alert.wait_for(state="detached")
        assert not page.js_errors, page.js_errors


def test_a_refused_paste_is_answered_in_view_on_a_phone(voila_server, browser):
    """A bad saved position is refused while the learner is at the saved-position box, under the board and the log:
    the refusal's place is above the window there (a reader saw it 124 px above the screen and thought nothing had
    happened); it sticks to the window's top edge instead."""
    with lesson_table(browser, voila_server, "trump_whales.ru.ipynb", PHONE) as (page, table):
        table.locator("details.tutor-saving > summary").tap()
        box = table.locator("textarea.tutor-saved")
        box.fill('{"x": 1}')
        # the learner reads the box at the top of the screen: the table's buttons, score and log are above it
        box.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        table.locator("button.tutor-load").tap()
        alert = table.locator(".tutor-error [role=alert]")
        alert.wait_for(state="visible")
        page.wait_for_timeout(200)
        seen = alert.evaluate(IN_VIEW_JS)
        assert 0 <= seen["top"] and seen["bottom"] <= seen["height"], \
            f"the refusal is drawn from {seen['top']:.0f} to {seen['bottom']:.0f} px in a {seen['height']} px window"
        assert "Козырные киты" in alert.inner_text()
        assert not page.js_errors, page.js_errors


# The log's summary line ("The game so far") against every box round it that clips, up to the log; and how tall
# the log's first part (its heading and what just happened) is as written out
SUMMARY_JS = """(log) => {
    const summary = log.querySelector('details > summary');
    if (!summary) return null;
    const r = summary.getBoundingClientRect(), cut = [];
    for (let e = summary.parentElement; e && log.contains(e); e = e.parentElement) {
        const s = getComputedStyle(e), b = e.getBoundingClientRect();
        if (s.overflowY !== 'visible' && (r.top < b.top - 1 || r.bottom > b.bottom + 1)) cut.push(e.className);
    }
    const head = log.querySelector(':scope > h4'), list = log.querySelector(':scope > .tutor-events');
    return {cut, first: (head ? head.getBoundingClientRect().height : 0) + (list ? list.scrollHeight : 0),
            em: parseFloat(getComputedStyle(log).fontSize), text: summary.innerText};
}"""


def test_the_table_logs_summary_line_is_never_cut(voila_server, browser):
    """The line that opens the rest of the game, «Вся партия» / "The game so far", shows whole under a long "what
    just happened": the log was one box cut at 18em, and the line under a long list was shown half."""
    with lesson_table(browser, voila_server, "trump_whales.ru.ipynb", PHONE) as (page, table):
        log = table.locator(".tutor-log")
        seen = None
        for _ in range(40):
            seen = log.evaluate(SUMMARY_JS)
            if seen and seen["first"] > 18 * seen["em"]:
                break
            tap_offered(page, table)
        assert seen and seen["first"] > 18 * seen["em"], f"the log never got long: the test proves nothing ({seen})"
        log.locator("details > summary").scroll_into_view_if_needed()
        screenshot(page, "log-summary-phone")
        assert CYRILLIC.search(seen["text"]), seen["text"]
        assert not seen["cut"], f"the summary {seen['text']!r} is cut by {seen['cut']}"
        assert not page.js_errors, page.js_errors


TASK_DRAWN_WIDTH_JS = """(root) => {
    const svg = root.querySelector('.tutor-svg svg'), box = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
    return Math.round(Math.min(box.width, box.height * vb.width / vb.height));
}"""


def test_a_task_keeps_its_board_scale_before_and_after_the_move(voila_server, page):
    """A "your turn" board is drawn at one scale whatever the learner does: in Козырные киты's 'Keep the lead' the
    board after a missed pick has smaller print and the one after the right pick larger, so it was drawn 1,057 px
    wide, then 1,100 px after the miss and 982 px after the right pick. Every move on offer is tried in turn."""
    require_notebook("trump_whales.ipynb")
    assert page.goto(voila_server.render_url("trump_whales.ipynb")).ok
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    data = yaml.safe_load((ROOT / "lessons/trump_whales/tasks/lead-next.yaml").read_text(encoding="utf-8"))
    # the part's placeholder names the task; the task built in its place says only its prompt (gone once solved)
    part = page.locator(".tutor-lazy").filter(has_text=data["title"]["en"]).first.element_handle()
    part.scroll_into_view_if_needed()
    part.wait_for_selector(".tutor-your-turn .tutor-svg svg", state="visible")
    task = part.query_selector(".tutor-your-turn")
    keys = [e.get_attribute("data-key") for e in task.query_selector_all(OFFERED)]
    assert len(keys) >= 2, keys
    widths = [task.evaluate(TASK_DRAWN_WIDTH_JS)]

    def press(selector: str) -> None:
        version = task.get_attribute("data-v")
        task.query_selector(selector).click()
        page.wait_for_function("([root, v]) => root.dataset.v !== v", arg=[task, version])
        widths.append(task.evaluate(TASK_DRAWN_WIDTH_JS))

    for key in keys:
        press(f'.tutor-svg [data-choice][data-key="{key}"]')
        if task.query_selector('.tutor-task-verdict[data-outcome="refused"]'):
            continue            # a refused move changed nothing: the next one is made at once
        if not task.query_selector("button.tutor-task-again"):
            break
        press("button.tutor-task-again")
    assert len(widths) >= 4, f"fewer moves tried than offered: {keys}, {widths}"
    assert max(widths) - min(widths) <= 1, f"the task's board is drawn {widths} px wide, move by move"
    assert_no_errors(page)
