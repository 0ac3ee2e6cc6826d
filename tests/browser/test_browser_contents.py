"""A lesson you can move through (issue #33, part 0; tutor/widgets/static/contents.js): on a 390x844 phone one button
opens the contents, a part is two taps away and the way back is kept; each part ends with a link to the next; the
reference parts are folded until opened; on a laptop the contents sit beside the text and may be hidden, which the
device remembers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from test_browser_pages import close_tab
from tutor.widgets.common import ui
from voila_harness import new_context, tap_when_still

PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parents[2]
LAPTOP = {"width": 1366, "height": 768}

# the page's parts as the lesson's headings say them ("7. Disputes and Kiti"), in order
HEADINGS = """() => [...document.querySelectorAll('a[id^="part-"]')]
  .map((a) => (a.parentElement.tagName === 'P' ? a.parentElement : a).nextElementSibling)
  .filter((h) => h && h.tagName === 'H2')
  .map((h) => h.textContent.replace('\\u00b6', '').replace(/\\s+/g, ' ').trim())"""
# where a part's heading is on the screen (px from the top of the window)
HEADING_TOP = """(id) => { const a = document.getElementById(id);
  return (a.parentElement.tagName === 'P' ? a.parentElement : a).nextElementSibling.getBoundingClientRect().top; }"""
SCROLL_TOP = "() => document.querySelector('#rendered_cells').scrollTop"


def open_page(browser, server, name, viewport, **options):
    context = new_context(browser, viewport=viewport, **options)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(server.render_url(name))
    page.locator(".tutor-contents").wait_for(state="attached")
    page.wait_for_function("() => document.querySelectorAll('.tutor-contents-list a').length >= 10")
    page.wait_for_timeout(500)          # the last cells' parts join the contents a moment after they arrive
    return context, page


def part_id(page, number: int) -> str:
    return page.evaluate("""(n) => [...document.querySelectorAll('.tutor-contents-list a')]
      .find((a) => a.textContent.startsWith(n + '.')).getAttribute('href').slice(1)""", number)


def test_on_a_phone_a_part_is_two_taps_away_and_the_way_back_is_kept(voila_server, browser):
    context, page = open_page(browser, voila_server, "maui.ru.ipynb", PHONE, is_mobile=True, has_touch=True)
    try:
        toggle = page.locator(".tutor-contents-toggle")
        assert toggle.is_visible(), "the contents' button is not on a phone's screen"
        listed = page.locator(".tutor-contents-list a").all_inner_texts()
        assert listed == page.evaluate(HEADINGS), "the contents do not list the page's parts in order"
        assert len(listed) >= 12 and listed[0].startswith("1.")
        # the learner has read a little: the button says where they are
        page.evaluate("(id) => document.getElementById(id).scrollIntoView({block: 'start'})", part_id(page, 3))
        page.wait_for_timeout(400)
        at = toggle.locator(".tutor-contents-at")
        assert re.fullmatch(r"☰ 3/\d+", at.inner_text()), toggle.inner_text()
        # the bar along the bottom edge names the part too, and spans the screen (no round button over the text)
        assert toggle.locator(".tutor-contents-here").inner_text() == listed[2].split(". ", 1)[1]
        bar = toggle.bounding_box()
        assert bar["width"] >= PHONE["width"] - 2 and bar["y"] + bar["height"] >= PHONE["height"] - 2, bar
        assert re.search(r"часть 3 из \d+", toggle.get_attribute("aria-label")), toggle.get_attribute("aria-label")
        was = page.evaluate(SCROLL_TOP)

        toggle.tap()                                                # tap 1: the contents
        sheet = page.locator(".tutor-contents-sheet")
        assert sheet.is_visible()
        here = page.locator('.tutor-contents-list a[aria-current="location"]')
        assert here.inner_text().startswith("3."), "the contents do not mark the part being read"
        # the page under the open sheet holds still: a finger's scroll moved the lesson behind it (a reader, stop 59)
        page.mouse.wheel(0, 900)
        page.wait_for_timeout(300)
        assert abs(page.evaluate(SCROLL_TOP) - was) < 5, "the page scrolled under the open contents"
        page.locator(".tutor-contents-list a").nth(6).tap()         # tap 2: part 7
        page.wait_for_timeout(600)
        target = part_id(page, 7)
        assert not sheet.is_visible(), "the contents stay open over the part the learner chose"
        assert 0 <= page.evaluate(HEADING_TOP, target) < 200, "part 7's heading is not at the top of the screen"
        assert re.fullmatch(r"☰ 7/\d+", at.inner_text()), toggle.inner_text()
        chip = page.locator(".tutor-contents-return")      # the way back, on screen after the jump
        assert chip.is_visible() and chip.inner_text() == "↩ назад к 3", chip.inner_text()
        assert page.evaluate("location.hash") == f"#{target}"
        # reading on past the part jumped to keeps the way back (a reader lost it one part on, stop 57)
        # (once the jump's target is no longer held in place: two seconds, contents.js pin)
        page.wait_for_timeout(2500)
        page.evaluate(f"document.getElementById('{part_id(page, 8)}').scrollIntoView()")
        page.wait_for_timeout(1500)
        assert chip.is_visible(), "the way back went once the learner read on"
        # ... and goes once they read further on (it stayed through ten parts, a reader, stop 57): the contents keep it
        page.evaluate(f"document.getElementById('{part_id(page, 10)}').scrollIntoView()")
        page.wait_for_timeout(1500)
        assert not chip.is_visible(), "the way back stayed on screen three parts on"
        page.evaluate(f"document.getElementById('{target}').scrollIntoView()")
        page.wait_for_timeout(400)

        toggle.tap()                                                # and back to where they were
        back = page.locator(".tutor-contents-back")
        assert back.is_visible() and "3." in back.inner_text(), back.inner_text()
        back.tap()
        page.wait_for_timeout(400)
        assert abs(page.evaluate(SCROLL_TOP) - was) < 5, "'back to where you were' did not bring the learner back"
        assert page.evaluate("location.hash") != f"#{target}", "the address kept the part jumped to"
        assert not chip.is_visible()

        # the browser's own Back after a jump does the same
        page.locator(".tutor-contents-toggle").tap()
        page.locator(".tutor-contents-list a").nth(9).tap()
        page.wait_for_timeout(400)
        assert page.evaluate(SCROLL_TOP) > was + 1000
        page.go_back()
        page.wait_for_timeout(600)
        assert abs(page.evaluate(SCROLL_TOP) - was) < 5, "the browser's Back did not bring the learner back"
    finally:
        close_tab(context, page)


def test_each_part_ends_with_the_way_on_and_reference_parts_are_folded(voila_server, browser):
    context, page = open_page(browser, voila_server, "maui.ru.ipynb", PHONE, is_mobile=True, has_touch=True)
    try:
        titles = page.evaluate(HEADINGS)
        nexts = page.locator(".tutor-next-part")
        # every part but the first has its link at the end of the part before; a folded part's is hidden with it
        assert nexts.count() == len(titles) - 1
        link = nexts.filter(has_text=titles[3]).first
        assert link.inner_text().startswith("Дальше") and titles[3] in link.inner_text()
        tap_when_still(page, link)
        # the jump holds its part at the top while the parts above it are built (contents.js `pin`)
        heading = part_id(page, 4)
        try:
            page.wait_for_function(f"(id) => {{ const y = ({HEADING_TOP})(id); return 0 <= y && y < 200; }}",
                                   arg=heading, timeout=2500)
        except PlaywrightTimeout:
            pass
        assert 0 <= page.evaluate(HEADING_TOP, heading) < 200, "'next part' did not lead to the next part"
        # reading on is no jump away: no "back to where you were" after it (three readers of stop 59 found it
        # through four parts read on by these links)
        assert not page.locator(".tutor-contents-return").is_visible()

        # what is in the box (part 2) is folded: its heading and an opener, not its table
        components = page.locator("#part-components").locator("xpath=ancestor::div[contains(@class,'jp-Cell')]")
        opener = components.locator(".tutor-fold-opener")
        assert opener.is_visible() and opener.get_attribute("aria-expanded") == "false"
        citation = components.locator("h2 ~ p").first
        assert not citation.is_visible(), "a folded part shows its text"
        # its card table is a code cell's output, in a cell of its own: folded with the part
        assert page.locator("table").first.bounding_box() is None, "a folded part shows its table"
        opener.tap()
        assert citation.is_visible() and opener.get_attribute("aria-expanded") == "true"
        page.locator(".tutor-static table, table").first.wait_for(state="visible")
        opener.tap()
        assert not citation.is_visible()

        # a jump to a folded part (the rulings) opens it
        rulings = page.locator("#part-rulings").locator("xpath=ancestor::div[contains(@class,'jp-Cell')]")
        assert not rulings.locator("h2 ~ p").first.is_visible()
        page.locator(".tutor-contents-toggle").tap()
        page.locator(".tutor-contents-list a[href='#part-rulings']").tap()
        page.wait_for_timeout(400)
        assert rulings.locator("h2 ~ p").first.is_visible(), "a jump to a folded part left it folded"
        # ... and the way back folds it again: the reference is not left open on the path to the game
        page.locator(".tutor-contents-return").tap()
        page.wait_for_timeout(400)
        assert not rulings.locator("h2 ~ p").first.is_visible(), "the way back left the part the jump opened open"
    finally:
        close_tab(context, page)


def test_on_a_laptop_the_contents_sit_beside_the_text_and_may_be_hidden(voila_server, browser):
    context, page = open_page(browser, voila_server, "aqua_fest.ipynb", LAPTOP)
    try:
        side = page.locator(".tutor-contents-sheet")
        assert side.is_visible() and not page.locator(".tutor-contents-toggle").is_visible()
        box = side.bounding_box()
        text = page.locator(".jp-RenderedMarkdown").first.bounding_box()
        assert box["x"] + box["width"] <= text["x"], "the contents cover the lesson's text"
        assert page.locator(".tutor-contents-list a").all_inner_texts() == page.evaluate(HEADINGS)
        page.locator(".tutor-contents-fold").click()
        assert not side.is_visible() and page.locator(".tutor-contents-toggle").is_visible()
        assert page.locator(".jp-RenderedMarkdown").first.bounding_box()["x"] < text["x"] - 150, \
            "the text did not take the width the contents left"
        page.reload()
        page.locator(".tutor-contents").wait_for(state="attached")
        page.wait_for_timeout(500)
        assert not page.locator(".tutor-contents-sheet").is_visible(), "hiding the contents was not remembered"
        page.locator(".tutor-contents-toggle").click()
        assert page.locator(".tutor-contents-sheet").is_visible()
    finally:
        close_tab(context, page)


def test_stored_progress_it_cannot_read_never_breaks_the_page(voila_server, browser):
    context = new_context(browser, viewport=PHONE)
    context.add_init_script("localStorage.setItem('tutor.progress', '{\"v\": 1, \"answers\": [{\"game\": 5}, null], "
                            "\"read\": {\"maui/ru\": [\"part-setup\", 7], \"<script>\": 1}}')")
    page = context.new_page()
    page.set_default_timeout(90_000)
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    try:
        page.goto(voila_server.render_url("maui.ru.ipynb"))
        page.wait_for_function("() => document.querySelectorAll('.tutor-contents-list a').length >= 10")
        page.wait_for_timeout(500)
        assert page.locator(".tutor-contents-list a.tutor-part-read").count() == 1
        assert any("could not be understood" in w for w in warnings), warnings
    finally:
        close_tab(context, page)


def test_the_index_shows_what_this_browser_remembers_of_each_game(voila_server, browser):
    context = new_context(browser, viewport=PHONE)
    context.add_init_script("""localStorage.setItem('tutor.progress', JSON.stringify({v: 1,
      read: {'maui/ru': ['part-story', 'part-setup', 'part-round'], 'maui/en': ['part-story']},
      parts: {'maui/ru': 15, 'maui/en': 15},
      answers: [1, 2, 3, 4].map((i) => ({v: 1, game: 'maui', lang: 'ru', part: 'part-depths', kind: 'drill',
        item: 'maui/who-takes', rules: ['maui:deep'], right: i !== 4, first: true, shown: false, time: i}))}))""")
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(voila_server.render_url("index.ipynb"))
        russian = page.locator('#ru .tutor-progress-of[data-game="maui"]')
        russian.wait_for(state="attached")
        page.wait_for_function("() => document.querySelector('#ru .tutor-progress-of').textContent !== ''")
        assert russian.inner_text() == ("прочитано частей: 3 из 15, верно с первого раза: 75 % ответов"
                                        " · повторить ошибки")
        # the English row: the English lesson's figures (one part read, no answers), not the Russian one's
        english = page.locator('#en .tutor-progress-of[data-game="maui"]').inner_text()
        assert english == "1 of 15 parts read", english
        untouched = page.locator('#en .tutor-progress-of[data-game="trump_whales"]').inner_text()
        assert untouched == "not started yet"
        # a way into a practise session, from the index straight to the lesson's session
        go = page.locator('#ru .tutor-progress-of[data-game="maui"] a')
        assert go.inner_text() == "повторить ошибки" and go.get_attribute("href") == "maui.ru.ipynb#practise"
        go.click()
        page.locator(".tutor-practise-session").wait_for(state="visible")
        assert "1 из 1" in page.locator(".tutor-practise-session h3").first.inner_text()
    finally:
        close_tab(context, page)


@pytest.mark.parametrize("locale,first", [("ru-RU", "ru"), ("uk-UA", "uk"), ("en-GB", "en"), ("de-DE", "en")])
def test_the_index_opens_in_the_visitors_language(voila_server, browser, locale, first):
    """A Russian visitor met a page of English with one line sending them further down: the section of the
    browser's language comes first (another language keeps the English first), the others follow in order."""
    context = new_context(browser, viewport=PHONE, locale=locale)
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(voila_server.render_url("index.ipynb"))
        page.locator("#uk").wait_for(state="attached")
        page.wait_for_function("(first) => document.querySelector('div[lang][id]').id === first", arg=first)
        order = page.evaluate("() => [...document.querySelectorAll('div[lang][id]')].map((e) => e.id)")
        assert order == [first] + [lang for lang in ("en", "ru", "uk") if lang != first]
        # what is seen first is that section's heading, on the screen
        heading = next(line[2:] for line in (ROOT / "lessons" / f"index.{first}.md").read_text(encoding="utf-8")
                       .splitlines() if line.startswith("# "))
        top = page.locator("h1").first
        top.wait_for(state="visible")       # the page is shown once its cells are in
        assert top.inner_text().rstrip("¶") == heading
        box = top.bounding_box()
        assert box is not None and box["y"] < 300, box
    finally:
        close_tab(context, page)


def test_practise_brings_back_the_two_missed_drills_first(voila_server, browser):
    from tutor.core import drill as core_drill
    titles = {d.id: core_drill.said(d.title, "ru") for d in core_drill.drills("maui")}
    context = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    # this learner missed "Kiti decides" twice and "who takes" once, and got "pile worth" right
    context.add_init_script("""(() => { const a = (item, time, right) => ({v: 1, game: 'maui', lang: 'ru',
        part: 'part-depths', kind: 'drill', item, rules: ['maui:play'], right, first: true, shown: false, time});
      localStorage.setItem('tutor.progress', JSON.stringify({v: 1, read: {}, parts: {}, answers: [
        a('maui/kiti-decides', 1, false), a('maui/who-takes', 2, false), a('maui/kiti-decides', 3, false),
        a('maui/pile-worth', 4, true)]})); })()""")
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(voila_server.render_url("maui.ru.ipynb"))
        page.wait_for_function("() => document.querySelectorAll('.tutor-contents-list a').length >= 10")
        top = page.locator(".tutor-practise-top")
        top.wait_for(state="visible")
        top.tap()
        session = page.locator(".tutor-practise-session")
        session.wait_for(state="visible")
        heading = session.locator("h3").first
        assert "1 из 3" in heading.inner_text() and titles["maui/kiti-decides"] in heading.inner_text()
        # the page scrolls to the session once it is built (a loaded run measured it 9 px short at the first look)
        try:
            page.wait_for_function("(el) => el.getBoundingClientRect().top < 400", arg=session.element_handle(),
                                   timeout=5_000)
        except PlaywrightTimeout:
            pass
        assert session.bounding_box()["y"] < 400, "the page did not bring the session into view"
        choice = session.locator(".tutor-choices button").first
        choice.wait_for(state="visible")
        choice.click()                              # an answer, right or wrong, then the next question
        if session.locator(".tutor-drill-pick-all").count():
            session.get_by_role("button", name=ui("drill.check", "ru"), exact=True).click()
        session.get_by_role("button", name=ui("drill.next", "ru"), exact=True).click()
        page.wait_for_function("() => document.querySelector('.tutor-practise-session h3').innerText.includes('2 из 3')")
        assert titles["maui/who-takes"] in heading.inner_text()
    finally:
        close_tab(context, page)


def test_a_chains_next_step_stays_folded_until_the_step_before_is_solved(voila_server, browser):
    """Паперові океани's «Краби, крок 2» said, under the buttons of step 1, which pile the crabs look through: the
    answer to step 1. A step with `after` is folded, with a word why, until this device has a right answer to the
    step before (or the learner asks to see it)."""
    context, page = open_page(browser, voila_server, "sea_salt_paper.uk.ipynb", PHONE, is_mobile=True, has_touch=True)
    try:
        # the page's crab chain: «Get the shell back», then step 1 (the pile), then step 2 (the card)
        first = page.locator(".tutor-after.tutor-after-sea_salt_paper--play-the-crabs")
        step = page.locator(".tutor-after.tutor-after-sea_salt_paper--finish-the-crabs")
        step.wait_for(state="attached")
        note = first.locator(".tutor-locked-note")
        note.scroll_into_view_if_needed()
        assert note.is_visible() and "завдання вище" in note.inner_text(), note.inner_text()
        assert not first.locator(".tutor-lazy").is_visible(), "step 1 shows before the task above is solved"
        # the step after it waits unseen, not a second alike note under the first (a reader of wave 20)
        later = step.locator(".tutor-locked-note")
        assert not later.is_visible(), "the step after a folded step shows its own note too"
        note.locator("button.tutor-unlock").tap()
        # (step 1 shown: its placeholder, or the task it is built into once on the screen, which a loaded CI run found
        # built already and the placeholder gone)
        shown = first.locator(".tutor-lazy, .tutor-your-turn").first
        shown.wait_for(state="visible", timeout=10000)
        assert shown.is_visible() and not note.is_visible()
        # ... and now step 2 says why it is folded, until it is asked for
        later.wait_for(state="visible", timeout=5000)
        assert not step.locator(".tutor-lazy").is_visible(), "step 2 shows before step 1 is solved"
        later.locator("button.tutor-unlock").tap()
        shown = step.locator(".tutor-lazy, .tutor-your-turn").first
        shown.wait_for(state="visible", timeout=10000)
        assert not later.is_visible()

        # on the next visit, a right answer to step 1 kept on the device opens it by itself
        page.evaluate("""() => localStorage.setItem('tutor.progress', JSON.stringify({v: 1, answers: [{v: 1,
          game: 'sea_salt_paper', lang: 'uk', part: 'part-duos', kind: 'task', item: 'sea_salt_paper/finish-the-crabs',
          rules: ['sea_salt_paper:duos'], right: true, first: true, shown: false, time: 1}], read: {}, parts: {},
          at: {}}))""")
        page.reload()
        step = page.locator(".tutor-after.tutor-after-sea_salt_paper--finish-the-crabs")
        step.wait_for(state="attached")
        # (the page has two chains: the crabs' step 1 folds step 2 too; this is the step after step 2)
        page.wait_for_function("() => document.querySelector("
                               "'.tutor-after-sea_salt_paper--finish-the-crabs').classList.contains('tutor-unlocked')")
        step.scroll_into_view_if_needed()
        assert step.locator(".tutor-lazy").is_visible() and not step.locator(".tutor-locked-note").is_visible()
    finally:
        close_tab(context, page)


def test_continue_leads_back_to_a_game_and_to_the_next_exercise_of_a_part(voila_server, browser):
    """Three phone readers left mid-game and were sent on past the game to the quick reference, and one who had
    answered the first quiz of a part was sent to the next part with five of its exercises still to do. A part with
    a game in it is never done with; a part whose exercise was answered right leads to its next one still to do."""
    def banner(seed: str) -> tuple[str, str | None]:
        context = new_context(browser, viewport=PHONE)
        context.add_init_script("localStorage.setItem('tutor.progress', JSON.stringify(" + seed + "))")
        page = context.new_page()
        page.set_default_timeout(90_000)
        try:
            page.goto(voila_server.render_url("maui.ru.ipynb"))
            page.wait_for_function("() => document.querySelectorAll('.tutor-contents-list a').length >= 10")
            page.wait_for_timeout(800)
            link = page.locator(".tutor-continue:not(.tutor-continue-unread)")
            link.wait_for(state="visible")
            unread = page.locator(".tutor-continue-unread").first
            unread = unread.get_attribute("href") if unread.is_visible() else None
            said = (link.get_attribute("href"), link.get_attribute("data-item"))
            return said + (unread,) if unread else said
        finally:
            close_tab(context, page)
    read = ["part-story", "part-setup", "part-round", "part-depths", "part-information", "part-disputes",
            "part-end", "part-example", "part-catch", "part-sandbox", "part-play"]
    answer = ("{v: 1, game: 'maui', lang: 'ru', part: 'part-disputes', kind: 'quiz', item: 'maui/who-takes-the-deep',"
              " rules: [], right: true, first: true, shown: false, time: 1}")
    left_playing = (f"{{v: 1, answers: [], read: {{'maui/ru': {read}}}, parts: {{}}, at: {{'maui/ru': 'part-play'}},"
                    " item: {}}")
    assert banner(left_playing) == ("#part-play", None)
    # gone to the table with parts still unread before it (two readers were offered the table and not where they had
    # stopped reading): both, the place first
    skipped_to_play = (f"{{v: 1, answers: [], read: {{'maui/ru': {read[:4]}}}, parts: {{}},"
                       " at: {'maui/ru': 'part-play'}, item: {}}")
    assert banner(skipped_to_play) == ("#part-play", None, "#part-information")
    left_after_a_quiz = (f"{{v: 1, answers: [{answer}], read: {{'maui/ru': {read}}}, parts: {{}},"
                         " at: {'maui/ru': 'part-disputes'}, item: {'maui/ru': 'maui/who-takes-the-deep'}}")
    # (the next one the part keeps open: its second question waits folded as an extra, tutor/lesson.py `extra`)
    assert banner(left_after_a_quiz) == ("#part-disputes", "maui/right-hand")
    # a part read, with nothing in it still to do (its only exercise answered right): on to the next part
    done = answer.replace("part-disputes", "part-round").replace("maui/who-takes-the-deep", "maui/win-the-deep")
    left_done = (f"{{v: 1, answers: [{done}], read: {{'maui/ru': {read}}}, parts: {{}},"
                 " at: {'maui/ru': 'part-round'}, item: {'maui/ru': 'maui/win-the-deep'}}")
    assert banner(left_done) == ("#part-depths", None)


# the part's last drawn cell and where the next part begins, px from the top of #rendered_cells' content
LAST_CELL = """(ids) => {
  const box = document.querySelector('#rendered_cells');
  // a cell's unit: the cell, or the wrapper holding it alone (as contents.js walks the page)
  const cellOf = (id) => {
    let unit = document.getElementById(id).closest('.jp-Cell');
    while (unit.parentElement && unit.parentElement !== document.body
           && unit.parentElement.querySelectorAll('.jp-Cell').length === 1) unit = unit.parentElement;
    return unit;
  };
  const first = cellOf(ids[0]), next = cellOf(ids[1]);
  let last = null;
  for (let c = first.nextElementSibling; c && c !== next; c = c.nextElementSibling) {
    if (c.getBoundingClientRect().height > 0) last = c;
  }
  const at = (el) => el.getBoundingClientRect().top + box.scrollTop - box.getBoundingClientRect().top;
  return {last: at(last), height: last.getBoundingClientRect().height, end: at(next)};
}"""


def test_a_part_is_not_ticked_read_before_its_last_exercise_shows(voila_server, browser):
    """A reader on a projector saw part 3 of Острів котів ticked read after its first worked example, its quiz, task
    and drill still below the screen, folded small: its end lay within the half screen allowed for a tall last
    widget (contents.js). A part counts as read only once its last thing has begun to show."""
    context, page = open_page(browser, voila_server, "isle_of_cats.uk.ipynb", {"width": 1920, "height": 1080})
    try:
        ids = [part_id(page, 3), part_id(page, 4)]
        link = page.locator(f".tutor-contents-list a[href='#{ids[0]}']")
        height = page.evaluate("() => window.innerHeight")
        # stand with the last cell's top 120 px under the screen, the part's end within half a screen of it
        for _ in range(8):      # lazy cells grow as they come near: place again until the figures hold still
            at = page.evaluate(LAST_CELL, ids)
            page.evaluate("(y) => document.querySelector('#rendered_cells').scrollTo(0, y)",
                          at["last"] - height - 120)
            page.wait_for_timeout(1500)
            at = page.evaluate(LAST_CELL, ids)
            top = page.evaluate(SCROLL_TOP)
            if at["last"] - top == height + 120:
                break
        assert at["last"] - top > height, "the part's last cell is on screen: nothing is tested"
        assert at["end"] - top <= height * 1.5, f"the part's end is more than half a screen under: {at}, {top}"
        page.wait_for_timeout(14_000)    # longer than any part needs (READ_MOST)
        assert "tutor-part-read" not in (link.get_attribute("class") or ""), "ticked read before its end showed"
        # on to the part's end (its last cell, drawn in full as it comes near, is taller now): ticked
        for _ in range(8):
            at = page.evaluate(LAST_CELL, ids)
            page.evaluate("(y) => document.querySelector('#rendered_cells').scrollTo(0, y)", at["end"] - height)
            page.wait_for_timeout(1500)
            if page.evaluate(LAST_CELL, ids) == at:
                break
        page.wait_for_function("(id) => document.querySelector(`.tutor-contents-list a[href='#${id}']`)"
                               ".classList.contains('tutor-part-read')", arg=ids[0], timeout=40_000)
    finally:
        close_tab(context, page)


def test_a_part_read_on_into_the_next_after_long_enough_is_ticked(voila_server, browser):
    """Two readers of wave 23 read a part from its top, then scrolled through its end into the next part within a
    second, and found it never ticked: the check each second looked for its end on the screen while they were still
    in it. A part the learner stayed in long enough and read on out of, into the next one, is read."""
    context, page = open_page(browser, voila_server, "aqua_fest.ru.ipynb", PHONE, is_mobile=True, has_touch=True)
    try:
        ids = [part_id(page, 3), part_id(page, 4)]
        top = "(id) => document.getElementById(id).getBoundingClientRect().top"
        for _ in range(6):      # the parts near the screen are built as they come: placed again until they hold still
            page.evaluate("(id) => document.getElementById(id).scrollIntoView({block: 'start'})", ids[0])
            page.wait_for_timeout(1500)
            if abs(page.evaluate(top, ids[0])) <= 2:
                break
        height = page.evaluate("() => innerHeight")
        assert page.evaluate(top, ids[1]) > 1.6 * height, "part 3 is not tall enough: nothing is tested"
        page.wait_for_timeout(14_000)    # longer than any part needs (READ_MOST), its end never near the screen
        link = page.locator(f".tutor-contents-list a[href='#{ids[0]}']")
        assert "tutor-part-read" not in (link.get_attribute("class") or ""), "ticked with its end far below"
        page.evaluate("(id) => document.getElementById(id).scrollIntoView({block: 'start'})", ids[1])
        page.wait_for_function("(id) => document.querySelector(`.tutor-contents-list a[href='#${id}']`)"
                               ".classList.contains('tutor-part-read')", arg=ids[0], timeout=5_000)
    finally:
        close_tab(context, page)


def test_next_at_a_parts_end_ticks_the_part_read(voila_server, browser):
    """Three readers of stop 63 read parts 1 and 2 to their "Next" and pressed it, and found them unticked: the part
    had not been on screen for the time its words take. Pressing a part's own "Next", after a moment in it, says the
    learner has come to its end: the part is ticked read at once."""
    context, page = open_page(browser, voila_server, "aqua_fest.ipynb", PHONE, is_mobile=True, has_touch=True)
    try:
        # the first part taller than the screen (a shorter one wholly on screen is read without Next)
        for number in range(1, 6):
            ids = [part_id(page, number), part_id(page, number + 1)]
            nxt = page.locator(f"a.tutor-next-part[href='#{ids[1]}']")
            nxt.wait_for(state="attached")
            # its Next link at the screen's foot; the part's words take longer to read than this stay
            page.evaluate("(id) => document.querySelector(`a.tutor-next-part[href='#${id}']`)"
                          ".scrollIntoView({block: 'end'})", ids[1])
            page.wait_for_timeout(2600)
            if page.evaluate(HEADING_TOP, ids[0]) < 0:
                break
        assert page.evaluate(HEADING_TOP, ids[0]) < 0, "no part of the first five is taller than a phone's screen"
        link = page.locator(f".tutor-contents-list a[href='#{ids[0]}']")
        assert "tutor-part-read" not in (link.get_attribute("class") or ""), "ticked read before Next was pressed"
        nxt.click()
        page.wait_for_function("(id) => document.querySelector(`.tutor-contents-list a[href='#${id}']`)"
                               ".classList.contains('tutor-part-read')", arg=ids[0], timeout=3000)
    finally:
        close_tab(context, page)


def test_a_page_opened_at_a_part_stays_there_while_the_parts_above_it_are_built(voila_server, browser):
    """A reload in part 15 left two readers in part 14 (the parts above the one named in the address grew as they
    were built, and the address, which follows the reader, then named part 14 for the next reload; stop 52). A page
    opened at #part-play keeps that part's heading at the screen's top, and its address, while the page builds."""
    context = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(voila_server.render_url("aqua_fest.ipynb") + "#part-play")
        page.locator(".tutor-contents").wait_for(state="attached")
        page.wait_for_function("() => document.querySelectorAll('.tutor-contents-list a').length >= 10")
        page.wait_for_timeout(7000)          # the hold lasts 6 s; the parts near the screen are built meanwhile
        top = page.evaluate(HEADING_TOP, "part-play")
        assert -4 <= top <= 120, f"part 15's heading at {top} px after the page was built"
        assert page.evaluate("() => window.location.hash") == "#part-play"
    finally:
        context.close()


def test_the_bar_follows_a_part_moved_by_a_build_with_no_scroll(voila_server, browser):
    """A part built as it came into view moved the headings under the phone's bar with no scroll of the learner's,
    and the bar named the part before until the next swipe (two readers of wave 21): it follows without one."""
    context, page = open_page(browser, voila_server, "maui.ru.ipynb", PHONE, is_mobile=True, has_touch=True)
    try:
        page.evaluate("(id) => document.getElementById(id).scrollIntoView({block: 'start'})", part_id(page, 4))
        # (the bar's words looked up at each try: a part marked builds them anew, and a handle taken before that
        # held the old words for ever, CI's Chromium 156.0.8078.129 marking a moment later)
        at = "(n) => new RegExp(`☰ ${n}/`).test(document.querySelector('.tutor-contents-toggle').textContent)"
        page.wait_for_function(at, arg=4)
        # part 4's heading pushed down a screen and a half by something built above it, the page not scrolled
        # (scroll anchoring off: it would scroll the page itself)
        page.evaluate("""(id) => { const box = document.querySelector('#rendered_cells');
          box.style.overflowAnchor = 'none';
          const cell = document.getElementById(id).closest('.jp-Cell, .jp-OutputArea-output, .jp-RenderedHTMLCommon');
          const tall = document.createElement('div'); tall.style.height = '1300px'; tall.className = 'grown';
          cell.before(tall); }""", part_id(page, 4))
        page.wait_for_function(at, arg=3, timeout=3000)
    finally:
        close_tab(context, page)


def test_a_rulings_mark_opens_the_ruling_under_it_and_closes_again(voila_server, browser):
    """Three readers found the tutor's rulings, written out where each rule is taught, read as hedging (stop 52): a
    rule now carries one small "⚖" mark. A tap on it opens that ruling, its reason included, under the line, from the
    page's own list (folded at the page's end), without leaving the part; a second tap closes it."""
    context, page = open_page(browser, voila_server, "sea_salt_paper.ipynb", PHONE, is_mobile=True, has_touch=True)
    try:
        mark = page.locator('a[href="#ruling-hand-limit"]').first
        mark.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        before = page.evaluate(SCROLL_TOP)
        mark.tap()
        note = page.locator('.tutor-ruling-note[data-ruling-note="hand-limit"]')
        note.wait_for(state="visible")
        listed = page.locator("#ruling-hand-limit").evaluate("(e) => e.textContent")
        said = note.locator("span").inner_text()
        assert said and said.strip() in listed, (said, listed)
        assert note.evaluate("(e) => e.getBoundingClientRect().top < innerHeight && e.getBoundingClientRect().bottom > 0")
        assert abs(page.evaluate(SCROLL_TOP) - before) < 50, "the tap left the part"
        assert page.evaluate("() => window.location.hash") != "#ruling-hand-limit"
        assert mark.get_attribute("aria-expanded") == "true"
        mark.tap()
        note.wait_for(state="detached")
        assert mark.get_attribute("aria-expanded") == "false"
    finally:
        context.close()


def test_on_a_projector_the_contents_begin_folded_and_a_choice_is_kept(voila_server, browser):
    """Projected, the contents' column took 330 px of the boards' width (three readers): on a 1,920-px screen it
    begins folded, the ☰ button opens it, and the opened column is kept at the next visit."""
    context, page = open_page(browser, voila_server, "trump_whales.ipynb", {"width": 1920, "height": 1080})
    try:
        side = page.locator(".tutor-contents-sheet")
        toggle = page.locator(".tutor-contents-toggle")
        page.wait_for_timeout(500)
        assert not side.is_visible() and toggle.is_visible(), "the projected page begins with its contents open"
        # ... its button in a gutter of its own at the right edge: over the text it covered the ends of lines (two
        # readers, stop 60)
        edge = page.evaluate("""() => { const c = document.querySelector('#rendered_cells');
            const r = c.getBoundingClientRect();
            return r.left + c.clientWidth - parseFloat(getComputedStyle(c).paddingRight); }""")
        assert toggle.bounding_box()["x"] >= edge, (toggle.bounding_box(), edge)
        toggle.click()
        assert side.is_visible()
        # a part chosen in it folds it again: it stayed open after the jump and took 330 px from the boats (a reader,
        # stop 60)
        page.locator(".tutor-contents-list a").nth(3).click()
        page.wait_for_timeout(400)
        assert not side.is_visible(), "the column opened to jump stays open after the jump"
        # ... and the way back stands over its button, in the same gutter: beside it, it lay over the button's ☰ and
        # the ends of the lines (three readers, stop 60)
        chip = page.locator(".tutor-contents-return")
        assert chip.is_visible(), "no way back after a jump"
        back, button = chip.bounding_box(), toggle.bounding_box()
        assert back["x"] >= edge - 1 and back["y"] + back["height"] <= button["y"], (back, button, edge)
        toggle.click()
        assert side.is_visible()
        page.reload()
        page.locator(".tutor-contents").wait_for(state="attached")
        page.wait_for_timeout(500)
        assert page.locator(".tutor-contents-sheet").is_visible(), "opening the contents was not remembered"
    finally:
        close_tab(context, page)


def first_built(page, widget: str):
    """Down the page as a reader goes until the first `widget` (".tutor-quiz") has its board built (parts are built as
    they come near): the widget and its board, brought into view."""
    for _ in range(80):
        if page.locator(f"{widget} .tutor-svg svg").count():
            break
        page.evaluate("document.querySelector('#rendered_cells').scrollBy(0, 900)")
        page.wait_for_timeout(700)
    found = page.locator(f"{widget}:has(.tutor-svg svg)").first
    board = found.locator(".tutor-svg:has(svg)").first
    board.scroll_into_view_if_needed()
    return found, board


def test_on_a_projector_a_board_opens_on_the_whole_screen(voila_server, browser):
    """Three teachers found the projected boards' print too small from the back and asked for a way to enlarge one:
    the board's "⤢ Whole screen" shows it as large as the screen allows, over the page; it shows only while the
    pointer is over the board (it covers no corner of it otherwise), and Escape closes it."""
    context, page = open_page(browser, voila_server, "trump_whales.ipynb", {"width": 1920, "height": 1080})
    try:
        example, board = first_built(page, ".tutor-scenario")
        board.locator("svg").first.wait_for(state="visible")
        # a worked example's button: at the end of its step buttons' row, in sight and over no part of the board (over
        # the board's corner it hid the end of the board's header, two readers, stop 57)
        button = example.locator(".tutor-nav-row .tutor-zoom")
        button.wait_for(state="visible")
        shown = board.locator("svg").first.bounding_box()
        at = button.bounding_box()
        assert at["y"] + at["height"] <= shown["y"] + 1, (at, shown)
        button.click()
        copy = page.locator(".tutor-zoom-sheet .tutor-zoom-area > svg")
        copy.wait_for(state="visible")
        big = copy.bounding_box()
        # never smaller than on the page, and as large as the screen allows (its width, or its height under the bar
        # and over a worked example's words)
        assert big["width"] >= shown["width"] * 0.99, (shown, big)
        assert big["width"] >= 1800 or big["height"] >= 780, big
        assert big["x"] >= 0 and big["x"] + big["width"] <= 1920 and big["y"] + big["height"] <= 1080, big
        # a worked example is walked through on the whole screen: the arrow key steps it, the board and the words
        # follow (two teachers closed it and opened it again at every step)
        counter = example.locator(".tutor-counter")
        before, board_before = counter.inner_text(), copy.inner_html()
        said = page.locator(".tutor-zoom-sheet .tutor-zoom-said")
        assert said.inner_text().strip(), "the step's words are not on the whole screen"
        page.keyboard.press("ArrowRight")
        page.wait_for_function("([c, t]) => c.innerText !== t", arg=[counter.element_handle(), before])
        page.wait_for_function("([s, h]) => s.innerHTML !== h",
                               arg=[page.locator(".tutor-zoom-sheet .tutor-zoom-area").element_handle(), board_before])
        assert page.locator(".tutor-zoom-sheet button.tutor-zoom-step").count() == 2
        # with the step's refusal and rule, as the page shows them under its board (a room saw a refused move's try
        # and not its reason, stop 57)
        page.wait_for_timeout(300)
        for sel in (".tutor-say", ".tutor-refusal", ".tutor-rule"):
            on_page = example.locator(f".tutor-narration {sel}")
            if on_page.count():
                assert on_page.first.inner_text().strip() in said.inner_text(), (sel, said.inner_text())
        # magnified further, a part at a time (a board as wide as the projector grew only 5-8% on the whole screen,
        # four readers of waves 19 and 20): "+" (or the key) 1.5 times, twice, from its top-left corner (a reader of wave
        # 23 had the board's title and deck off the screen), then about its middle; "−" back
        fitted = copy.bounding_box()
        area = page.locator(".tutor-zoom-sheet .tutor-zoom-area")
        page.locator(".tutor-zoom-sheet .tutor-zoom-magnify").nth(1).click()
        page.wait_for_function("(w) => document.querySelector('.tutor-zoom-area > svg').getBoundingClientRect()"
                               ".width > w * 1.4", arg=fitted["width"])
        corner = area.evaluate("(a) => [a.scrollLeft, a.scrollTop, a.scrollWidth > a.clientWidth]")
        assert corner == [0, 0, True], corner
        page.keyboard.press("+")
        page.wait_for_function("(w) => document.querySelector('.tutor-zoom-area > svg').getBoundingClientRect()"
                               ".width > w * 1.9", arg=fitted["width"])
        scrolled = area.evaluate("(a) => [a.scrollWidth > a.clientWidth, a.scrollLeft > 0, getComputedStyle(a).overflow]")
        assert scrolled[0] and scrolled[1] and "auto" in scrolled[2], scrolled
        # ... and the next step is drawn as large
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(600)
        assert copy.bounding_box()["width"] > fitted["width"] * 1.9, "a step drawn again lost the magnifying"
        page.keyboard.press("-")
        page.keyboard.press("-")
        page.wait_for_function("(w) => Math.abs(document.querySelector('.tutor-zoom-area > svg')"
                               ".getBoundingClientRect().width - w) < 2", arg=fitted["width"])
        page.keyboard.press("Escape")
        page.locator(".tutor-zoom-sheet").wait_for(state="detached")
    finally:
        close_tab(context, page)


def on_the_whole_screen(page, widget: str):
    """The first built `widget` of the page and its board opened on the projector's whole screen (its sheet)."""
    found, board = first_built(page, widget)
    board.hover()
    opener = found.locator(".tutor-zoom").first
    opener.wait_for(state="visible")
    opener.click()
    sheet = page.locator(".tutor-zoom-sheet")
    sheet.locator(".tutor-zoom-area > svg").wait_for(state="visible")
    return found, sheet


def test_on_a_projector_a_quiz_is_asked_on_the_whole_screen(voila_server, browser):
    """A teacher found the whole screen for worked examples only (a reader, stop 59): a quiz's board on the whole
    screen carries its question and its answers, an answer pressed there is the page's own, and its verdict follows."""
    context, page = open_page(browser, voila_server, "trump_whales.ipynb", {"width": 1920, "height": 1080})
    try:
        quiz, sheet = on_the_whole_screen(page, ".tutor-quiz")
        answers = sheet.locator(".tutor-zoom-answers button")
        real = quiz.locator(".tutor-choices button")
        assert answers.count() == real.count() >= 2, (answers.count(), real.count())
        question = quiz.locator(".tutor-question").first.inner_text().strip()
        assert question[:40] in sheet.locator(".tutor-zoom-said").inner_text()
        answers.first.click()
        sheet.locator(".tutor-zoom-said .tutor-verdict").wait_for(state="visible")
        assert quiz.locator(".tutor-verdict").count() == 1, "the answer pressed on the whole screen is not the page's"
        page.keyboard.press("Escape")
        sheet.wait_for(state="detached")
    finally:
        close_tab(context, page)


def test_on_a_projector_a_task_is_played_on_the_whole_screen(voila_server, browser):
    """A teacher found the whole screen a picture to close before every move of a task (a reader of wave 18): a task's
    board on the whole screen carries what it asks and the moves under the board; a card tapped on the whole screen's
    board is tapped on the page's, and the verdict and "Try again" follow."""
    context, page = open_page(browser, voila_server, "trump_whales.ipynb", {"width": 1920, "height": 1080})
    try:
        task, sheet = on_the_whole_screen(page, ".tutor-your-turn")
        said = sheet.locator(".tutor-zoom-said")
        asked = task.locator(".tutor-task-prompt").first.inner_text().strip()
        assert asked[:40] in said.inner_text(), said.inner_text()
        real = [b.inner_text().strip() for b in task.locator(".tutor-actions button").all() if b.is_visible()]
        copies = [b.inner_text().strip() for b in sheet.locator(".tutor-zoom-answers button").all()]
        assert copies == real, (copies, real)
        # a card of the hand tapped on the whole screen's board: the page's task judges it
        cards = sheet.locator('.tutor-zoom-area [data-choice][data-key^="card:"]')
        assert cards.count() >= 2
        cards.first.click()
        task.locator(".tutor-status [data-outcome]").first.wait_for(state="visible")
        verdict = task.locator(".tutor-status").inner_text().strip()
        page.wait_for_function("([s, v]) => s.innerText.includes(v)", arg=[said.element_handle(), verdict[:30]])
        if task.locator('.tutor-status [data-outcome="missed"]').count():
            again = sheet.locator(".tutor-zoom-answers button", has_text=task.locator("button.tutor-task-again").inner_text().strip())
            assert again.count() == 1, "no Try again on the whole screen"
        assert sheet.locator(".tutor-zoom-area > svg").is_visible()
        page.keyboard.press("Escape")
        sheet.wait_for(state="detached")
    finally:
        close_tab(context, page)


def test_on_a_phone_a_step_brings_its_move_above_the_contents_bar(voila_server, browser):
    """Острів котів' first worked example on a phone: step 2 lays the first tile across the boat, below the fold; its
    ring's top 28 px lay under the contents bar at the screen's foot, counted as seen, and the step left it there (a
    reader, stop 60). After Next the step's mark is on the screen above the bar."""
    context, page = open_page(browser, voila_server, "isle_of_cats.ipynb", PHONE, is_mobile=True, has_touch=True)
    try:
        example, board = first_built(page, ".tutor-scenario")
        example.evaluate("(e) => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(500)
        before = example.get_attribute("data-index")
        example.locator("button.tutor-nav-next").tap()
        page.wait_for_function("([e, i]) => e.dataset.index !== i && e.dataset.ready === 'true'",
                               arg=[example.element_handle(), before])
        page.wait_for_timeout(1200)
        bar = page.locator(".tutor-contents-toggle").bounding_box()["y"]
        marks = example.evaluate("""(e) => [...e.querySelectorAll('.tutor-svg .event[data-target]')]
            .map((m) => m.getBoundingClientRect()).filter((r) => r.height > 0).map((r) => [r.top, r.bottom])""")
        assert marks and all(top >= 0 and bottom <= bar for top, bottom in marks), (bar, marks)
    finally:
        close_tab(context, page)
