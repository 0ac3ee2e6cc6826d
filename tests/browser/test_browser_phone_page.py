"""A lesson page on a phone (390×844, touch), as two club teachers read it (issue #32): no table breaks a word or a
number inside (their cells squeezed to a letter or two: "кра б", "Оч ки", 11 as "1 1"; a wide table scrolls in
its own box instead), and no board box scrolls sideways when its content fits (ipywidgets' margins made every
drill's and quiz's board box 4 px wider than its column: a wobble under the thumb). One page of each game, in the
rulebook's language."""

from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from test_browser_pages import close_tab, scroll_through
from test_notebooks import LESSONS
from voila_harness import new_context, tap_when_still, wait_next_view

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
    context = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
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


# A play table and a task of their own, on a page with the lesson's CSS (lesson.page), so that a known position is
# reached in a few taps: Острів котів with the green cat taken next (as tests/browser/test_browser_isle_of_cats_place
# sets it), and Мяури's first task, whose right answer has the longest explanation.
KEPT = (("card-151", "card-152"), ("card-165", "card-166"))
FIRST = ("cat-blue-13", 0, 7, 3)
ISLAND = ("cat-green-15", "rare-O-1", "cat-red-16", "cat-orange-2")
PAGES_OF_OUR_OWN = {
    "ioc_table.ipynb": ("uk", f"""from tutor.widgets.play import PlayTable
PlayTable("isle_of_cats", players=2, seat=0, lang="uk", bots=True, first=0, kept={KEPT!r},
          placed=[[{FIRST!r}], []], island={ISLAND!r}, bag=())"""),
    "maui_task.ipynb": ("ru", """from tutor.widgets.your_turn import YourTurn
YourTurn("maui/win-the-deep", lang="ru")"""),
    "trump_task.ipynb": ("en", """from tutor.widgets.your_turn import YourTurn
YourTurn("trump_whales/follow-and-win", lang="en")"""),
    # ... and its first bonus: the card tapped in the hand goes to the bonus row
    "trump_bonus.ipynb": ("ru", """from tutor.widgets.your_turn import YourTurn
YourTurn("trump_whales/first-bonus", lang="ru")"""),
    # Паперові океани' crab task: a card taken with a button under the board goes to the hand at the board's foot
    "ssp_task.ipynb": ("uk", """from tutor.widgets.your_turn import YourTurn
YourTurn("sea_salt_paper/take-the-octopus", lang="uk")"""),
    # ... and its keep-one task: four "keep" moves, where a miss leaves two buttons
    "ssp_keep.ipynb": ("en", """from tutor.widgets.your_turn import YourTurn
YourTurn("sea_salt_paper/keep-the-shell", lang="en")"""),
    "aqua_task.ipynb": ("ru", """from tutor.widgets.your_turn import YourTurn
YourTurn("aqua_fest/octopus-diagonal", lang="ru")"""),
    # ... and its second-move task: "Take 2 cards" is refused after a move, the move's words far above the button
    "aqua_second.ipynb": ("ru", """from tutor.widgets.your_turn import YourTurn
YourTurn("aqua_fest/second-move", lang="ru")"""),
    "aqua_table.ipynb": ("ru", """from tutor.widgets.play import PlayTable
PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang="ru", seed=1)"""),
    "maui_table.ipynb": ("en", """from tutor.widgets.play import PlayTable
PlayTable("maui", players=3, seat=0, lang="en", seed=2)"""),
    # Козырные киты' table at the learner's first card to play (the first bonus laid in Python)
    "trump_table.ipynb": ("en", """from tutor.widgets.play import PlayTable
t = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=2)
t.act(t.game.legal_actions(t.state, 0)[0])
t"""),
    # Козырные киты' table at a reward the learner picks (their own card offered under "Not now")
    "trump_pick.ipynb": ("ru", """import random
from tutor.widgets.play import PlayTable
from tutor.games.trump_whales.rules import Pick
t = PlayTable("trump_whales", players=3, seat=0, lang="ru", seed=0)
r = random.Random(1)
for _ in range(60):
    acts = t.game.legal_actions(t.state, 0)
    if not acts or any(isinstance(a, Pick) for a in acts):
        break
    t.act(r.choice(acts))
t"""),
    # the two widest tables a reviewer scrolled on a phone: Мяури's and Козырные киты' components, "assumed" on the right
    "wide_tables.ipynb": ("ru", """from IPython.display import display
from tutor import lesson
display(lesson.components("maui", "ru"))
display(lesson.components("trump_whales", "ru"))"""),
    # a whole game of Мяури played out (the first legal dive each round): the end screen's score table
    "maui_end.ipynb": ("ru", """from tutor.widgets.play import PlayTable
t = PlayTable("maui", players=4, seat=0, lang="ru", seed=5)
for _ in range(40):
    if t.game.is_over(t.state):
        break
    t.act(t.game.legal_actions(t.state, 0)[0])
t"""),
    # a four-player worked example whose steps mark bonuses two screens under the words (a reader)
    "tw_bonuses.ipynb": ("en", """from tutor import lesson
lesson.scenario("trump_whales/first-bonuses", lang="en")"""),
    # Козырные киты' quiz whose board, once answered, shows every card face up: 530 px taller on a phone
    "tw_who_chooses.ipynb": ("en", """from tutor import lesson
lesson.quiz("trump_whales/who-chooses", lang="en")"""),
    # Острів котів' quiz of three places on a boat 620 px tall on a phone
    "ioc_quiz.ipynb": ("en", """from tutor import lesson
lesson.quiz("isle_of_cats/can-it-go", lang="en")"""),
    # ... and Aqua Fest's battle quiz under a board 990 px tall with its players' panels
    "aqua_quiz.ipynb": ("en", """from tutor import lesson
lesson.quiz("aqua_fest/who-wins-the-battle", lang="en")"""),
    # Мяури's plain round: its last step marks the lagoon and all four players, taller than a phone's room
    "maui_plain.ipynb": ("en", """from tutor import lesson
lesson.scenario("maui/plain-round", lang="en")"""),
    # Мяури's moves the game refuses: a step's point is its refusal, under its words
    "maui_refused.ipynb": ("ru", """from tutor import lesson
lesson.scenario("maui/refused-moves", lang="ru")"""),
    # a page (its own widget starts the closer look, static/zoom.js) with Острів котів' first worked example
    "ioc_zoom.ipynb": ("uk", """from IPython.display import display
from tutor import lesson
display(lesson.page("uk"))
lesson.scenario("isle_of_cats/first-tile", lang="uk")"""),
    # the two forms a reader found broken on a phone: Мяури's sandbox, Паперові океани's score helper
    "forms.ipynb": ("ru", """from IPython.display import display
from tutor.games.maui.sandbox import LagoonSandbox
from tutor.games.sea_salt_paper.sandbox import ScoreHelper
display(LagoonSandbox(players=4, lang="ru"))
display(ScoreHelper("uk", preset="andriy", part="part-cards"))"""),
}


@pytest.fixture(scope="session")
def own_pages(tmp_path_factory):
    from voila_harness import Server, new_context
    folder = tmp_path_factory.mktemp("phone_nb")

    def cell(kind, source):
        return {"cell_type": kind, "metadata": {}, "source": source,
                **({"outputs": [], "execution_count": None} if kind == "code" else {})}
    for name, (lang, code) in {**PAGES_OF_OUR_OWN, "index.ipynb": ("en", "print(1)")}.items():
        nb = {"cells": [cell("code", f'from tutor import lesson\nlesson.page("{lang}")'),
                        cell("markdown", "Text before. " * 150), cell("code", code),
                        cell("markdown", "Text after. " * 300)],
              "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                           "tutor": {"lang": lang}},
              "nbformat": 4, "nbformat_minor": 5}
        (folder / name).write_text(json.dumps(nb))
    server = Server(folder, tmp_path_factory.mktemp("voila") / "voila.log")
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


@pytest.fixture
def phone(browser):
    context = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    try:
        yield page
    finally:
        close_tab(context, page)


# Is `el` on screen and the topmost thing at a few points along its text (nothing sticky lies over it)?
UNOBSCURED = """(el) => {
  const r = el.getBoundingClientRect();
  if (!r.height || r.top < 0 || r.bottom > innerHeight) return {shown: false, top: r.top, bottom: r.bottom};
  const points = [0.2, 0.5, 0.8].flatMap((fy) => [0.1, 0.5, 0.9].map((fx) => [r.left + fx * r.width, r.top + fy * r.height]));
  const covered = points.map(([x, y]) => document.elementFromPoint(x, y))
    .filter((hit) => !hit || !(el === hit || el.contains(hit)))
    .map((hit) => hit ? String(hit.className).slice(0, 40) || hit.tagName : 'nothing');
  return {shown: true, covered, top: r.top, bottom: r.bottom};
}"""


def test_placing_controls_ride_along_in_view_and_a_red_place_is_not_offered_on_a_phone(own_pages, phone):
    """Острів котів on a phone: the fit, the placing buttons and the red explanation lay a screen below the square
    tapped, past the other boats (two phone readers scrolled down to read it and up to move the tile), and Place on a
    red spot seemed to do nothing. A tap where the held cat touches nothing, with the boat's top at the screen's top:
    the reason, Rotate, Flip, Place and the arrows are each in view with nothing over them; Place is not offered
    there; an arrow moves the piece one square (nothing placed); and on a spot where it fits, Place places it."""
    from tutor.games import isle_of_cats as ioc
    from tutor.games.isle_of_cats.placing import placing_data
    from test_browser_isle_of_cats_place import square_point
    page = phone
    page.goto(own_pages.render_url("ioc_table.ipynb"))
    table = page.locator(".tutor-play").first
    # the board as the phone's layout draws it: a board drawn before the page told the kernel its width is drawn
    # again, and a tap on it then (a loaded CI run) fell on a tile being replaced and took nothing
    table.locator(".tutor-svg svg[data-layout=phone]").first.wait_for(state="visible")
    page.wait_for_timeout(500)
    version = table.get_attribute("data-v")
    tile = table.locator('.tutor-svg [data-choice][data-key="tile:cat-green-15"]')
    tile.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    tile.tap()
    wait_next_view(page, table, version)
    table.locator(".tutor-placing").wait_for(state="visible")
    s, _ = ioc.apply(ioc.setup(2, first=0, kept=KEPT, placed=[[FIRST], []], island=ISLAND, bag=()),
                     ioc.Take(0, "cat-green-15"))
    d = placing_data(s, 0, "uk")
    o = d["start"][0]
    px, py = d["orients"][o][0]
    far = next(i for i, c in enumerate(d["codes"][o])
               if c == "n" and 0 < i % 22 < 21 and i >= 22 and d["codes"][o][i - 22] != "1")   # → : a row back
    # the tile just taken with a tap: the bar rides at the screen's foot at once (below the other boats until a tap on
    # the boat, nothing said it was there, a reader of wave 21)
    bar = table.locator(".tutor-placing")
    page.wait_for_timeout(300)
    riding = bar.evaluate("(e) => [getComputedStyle(e).position, e.getBoundingClientRect().bottom, innerHeight]")
    assert riding[0] == "sticky" and riding[1] >= riding[2] - 80, f"the bar is not at the screen's foot: {riding}"
    # the learner looks at their boat, its first squares at the top of the screen, and taps a square
    table.locator('[data-board-seat="0"]').evaluate("(e) => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    x, y = square_point(page, table, far % 22 + px, far // 22 + py)
    page.touchscreen.tap(x, y)
    reason = table.locator(".tutor-place-reason")
    page.wait_for_function("(e) => e.textContent.length > 0", arg=reason.element_handle())
    page.wait_for_timeout(300)
    assert reason.inner_text() == d["reasons"]["n"]
    # the preview just shown lies above the bar, not under it
    assert table.locator(".tutor-place-preview").evaluate(
        "(e) => e.getBoundingClientRect().bottom <= document.querySelector('.tutor-placing').getBoundingClientRect().top"), \
        "the bar covers the piece just tapped"
    # ... and the square tapped stays under the finger, for the second tap that places (the page moved by the piece's
    # height, 190 px, and that tap landed on another square, a reader of wave 18)
    assert abs(square_point(page, table, far % 22 + px, far // 22 + py)[1] - y) <= 4, "the square tapped moved"
    place = table.locator(".tutor-place-here")
    controls = (("the reason", reason), ("Rotate", table.locator(".tutor-place-rotate")),
                ("Flip", table.locator(".tutor-place-flip")), ("Place", place),
                *((f"the arrow {way}", table.locator(f'.tutor-place-nudge[data-nudge="{way}"]'))
                  for way in ("left", "up", "down", "right")))
    for what, where in controls:
        seen = where.evaluate(UNOBSCURED)
        assert seen["shown"] and not seen["covered"], f"{what} after a red tap: {seen}"
    assert place.is_disabled(), "Place is offered where the cat does not fit"
    board = table.locator(".tutor-svg").first
    ax, ay = far % 22, far // 22
    assert board.get_attribute("data-preview") == f"{o},{ax},{ay},0"
    # an arrow moves the piece the way it points on the screen: the phone's boat lies on its side (a quarter turn
    # clockwise: its columns run down the screen, its rows from right to left), so → is a row back on the boat
    turned = table.locator('[data-board-seat="0"]').get_attribute("data-turned") == "true"
    step = ({"right": (0, -1), "left": (0, 1), "down": (1, 0), "up": (-1, 0)} if turned else
            {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)})
    assert turned, "a phone's own boat lies on its side"
    table.locator('.tutor-place-nudge[data-nudge="right"]').tap()
    ax, ay = ax + step["right"][0], ay + step["right"][1]
    assert board.get_attribute("data-preview") == f"{o},{ax},{ay},0"
    assert table.locator('.tutor-place-nudge[data-nudge="right"]').get_attribute("aria-label") == \
        d["words"]["nudges"]["right"]
    # a spot where it fits, reached square by square with the arrows from where the last one left it
    fit = d["codes"][o].index("1")
    fx, fy = fit % 22, fit // 22
    x, y = ax, ay
    while (x, y) != (fx, fy):
        want = (1, 0) if fx > x else (-1, 0) if fx < x else (0, 1) if fy > y else (0, -1)
        way = next(w for w, q in step.items() if q == want)
        table.locator(f'.tutor-place-nudge[data-nudge="{way}"]').tap()
        x, y = x + want[0], y + want[1]
    assert board.get_attribute("data-preview") == f"{o},{fx},{fy},1"
    assert not place.is_disabled()
    # a tap that comes just as the bar rises over the boat is a square's, not Place's: aimed at a square, it landed on
    # Place, come under the finger, and the tile went down where the learner had not looked (a reader of wave 23)
    before = table.get_attribute("data-v")
    other = next(i for i, c in enumerate(d["codes"][o]) if c == "1" and abs(i % 22 - fx) + abs(i // 22 - fy) >= 3)
    gx, gy = other % 22, other // 22
    bar.evaluate("(e) => e.classList.remove('tutor-placing-live')")
    x, y = square_point(page, table, gx + px, gy + py)
    page.touchscreen.tap(x, y)
    place.evaluate("(b) => b.click()")
    page.wait_for_timeout(900)
    assert table.get_attribute("data-v") == before, "a tap as the bar rose placed the tile"
    assert board.get_attribute("data-preview") == f"{o},{gx},{gy},1"
    place.tap()
    wait_next_view(page, table, before)
    page.wait_for_function("(r) => r.querySelectorAll('[data-board-seat=\"0\"] .placed-tile').length === 2",
                           arg=table.element_handle())
    assert not page.js_errors, page.js_errors


def open_example(page, own_pages, name: str):
    """The first worked example of our own page `name`, built (it is built when it comes into view) and drawn."""
    page.goto(own_pages.render_url(name))
    page.locator(".tutor-lazy, .tutor-scenario").first.scroll_into_view_if_needed()
    example = page.locator(".tutor-scenario").first
    example.locator(".tutor-svg svg[data-layout=phone]").first.wait_for(state="visible")
    return example


def next_step(page, example) -> None:
    """A finger's tap on the example's Next, and its next step drawn."""
    before = example.get_attribute("data-index")
    example.locator("button.tutor-nav-next").tap()
    page.wait_for_function("([e, i]) => e.dataset.index !== i && e.dataset.ready === 'true'",
                           arg=[example.element_handle(), before])


def open_task(page, own_pages, name: str):
    """A "your turn" task of our own pages, its board drawn."""
    page.goto(own_pages.render_url(name))
    task = page.locator(".tutor-your-turn").first
    task.locator(".tutor-svg svg").first.wait_for(state="visible")
    return task


# What a task's move changed on its board (its marks) and, of them, those the verdict's line covers (or, with
# `whole`, those not wholly on the screen above it): [how many marks, [the ones at fault]]
UNDER_VERDICT = """(t, whole) => { const line = t.querySelector('.tutor-status').getBoundingClientRect();
    const marks = [...t.querySelectorAll('.tutor-svg .event[data-target]')].map((m) => m.getBoundingClientRect())
        .filter((r) => r.height > 0 && (whole || (r.bottom > 0 && r.top < innerHeight)));
    return [marks.length, marks.filter((r) => r.bottom > line.top + 4 || (whole && r.top < 0))
                               .map((r) => [r.top, r.bottom, line.top])]; }"""


def test_a_tasks_verdict_is_a_line_kept_in_view_and_its_explanation_is_never_cut(own_pages, phone):
    """Мяури's first task on a phone: the verdict stuck to the screen's edge was capped at 30% of the screen and cut
    its explanation mid-sentence («…выигрывайте самой маленькой»). The line in view is the verdict alone, with
    nothing cut; the whole explanation is under it in the page, reached by "Подробнее"."""
    page = phone
    task = open_task(page, own_pages, "maui_task.ipynb")
    card = task.locator("button.tutor-action", has_text=re.compile("^12$"))
    # the learner taps the card with the board above it on screen, the verdict's place below the screen
    card.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    version = task.get_attribute("data-v")
    tap_when_still(page, card)
    wait_next_view(page, task, version)
    status = task.locator(".tutor-status")
    status.locator("[data-outcome]").first.wait_for(state="visible")
    assert status.locator('[data-outcome="done"]').count() == 1, f"the 12 was not taken: {status.inner_text()}"
    page.wait_for_timeout(300)
    cut = status.evaluate("(e) => ({scroll: e.scrollHeight, client: e.clientHeight, "
                          "height: e.getBoundingClientRect().height, screen: innerHeight})")
    assert cut["scroll"] <= cut["client"] + 1, f"the verdict line is cut: {cut}"
    assert cut["height"] <= 0.2 * cut["screen"], f"the verdict kept in view is not a line: {cut}"
    # ... and it covers nothing the move changed on the board (the card laid, its marks): a move pressed under the
    # board had its card under the verdict (two readers, stop 60)
    covered = task.evaluate(UNDER_VERDICT, False)
    assert covered[0] and not covered[1], covered
    more = task.locator(".tutor-status-more")
    explain = "выигрывайте самой маленькой достаточной картой, а двенадцатку берегите для будущей глубины"
    assert explain in more.inner_text() and explain not in status.inner_text()
    status.locator("button.tutor-status-more-button").tap()
    # (it glides there: given up to 10 s on a loaded machine, then judged)
    try:
        page.wait_for_function("(e) => { const r = e.getBoundingClientRect(); return r.top >= -1 && r.bottom <= innerHeight + 1; }",
                               arg=more.element_handle(), timeout=10000)
    except PlaywrightTimeout:
        pass
    seen = more.evaluate("(e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, "
                         "screen: innerHeight}; }")
    assert seen["top"] >= -1 and seen["bottom"] <= seen["screen"] + 1, f"'More' leaves the explanation out of view: {seen}"
    # with its words on the screen the line goes back to its place over them, "more" with it (a reader read the line
    # stuck over the words it had just brought, "more" still offered, stop 57)
    page.wait_for_function("(e) => getComputedStyle(e).position === 'static'", arg=status.element_handle())
    assert not status.locator("button.tutor-status-more-button").count()
    # a tap elsewhere (the learner goes back to the board) lets a stuck line go to its place under the board: stuck to
    # the screen's edge it lay over the board being read (two readers)
    status.evaluate("(e) => e.classList.remove('tutor-status-settled')")
    assert status.evaluate("(e) => getComputedStyle(e).position") == "sticky"
    more.tap()
    page.wait_for_function("(e) => getComputedStyle(e).position === 'static'", arg=status.element_handle())
    assert explain in more.inner_text()
    # ... and so does the learner scrolling back up to the board (two readers of stop 48 scrolled and it followed
    # them over the rows the task was about): stuck again as a new verdict would be, a finger's scroll lets it go
    status.evaluate("(e) => e.classList.remove('tutor-status-settled')")
    assert status.evaluate("(e) => getComputedStyle(e).position") == "sticky"
    page.evaluate("() => document.dispatchEvent(new TouchEvent('touchmove', {bubbles: true}))")
    page.wait_for_function("(e) => getComputedStyle(e).position === 'static'", arg=status.element_handle())
    assert not page.js_errors, page.js_errors


def test_a_tasks_verdict_covers_nothing_a_move_pressed_under_the_board_changed(own_pages, phone):
    """Паперові океани' crab task on a phone: the penguin taken with "Взяти: пінгвін" under the board went to the hand at
    the board's foot, and the verdict stuck to the screen's edge lay over it (two readers, stop 60). What the move
    changed on the board (its marks) is brought above the verdict."""
    page = phone
    task = open_task(page, own_pages, "ssp_task.ipynb")
    take = task.locator("button.tutor-choice", has_text=re.compile("пінгвін"))
    # the page as a learner had it: the hand low on the screen, where the verdict will stick (the move pressed by its
    # button, wherever that is)
    take.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    page.evaluate("document.querySelector('#rendered_cells').scrollBy(0, -300)")
    page.wait_for_timeout(300)
    version = task.get_attribute("data-v")
    take.evaluate("(e) => e.click()")
    wait_next_view(page, task, version)
    status = task.locator(".tutor-status")
    status.locator("[data-outcome]").first.wait_for(state="visible")
    page.wait_for_timeout(400)
    assert status.evaluate("(e) => getComputedStyle(e).position") == "sticky"
    # (the page brings the marks up once the verdict is laid out: a loaded run took longer than 400 ms)
    for _ in range(10):
        covered = task.evaluate(UNDER_VERDICT, True)
        if covered[0] and not covered[1]:
            break
        page.wait_for_timeout(500)
    assert covered[0] and not covered[1], covered
    assert not page.js_errors, page.js_errors


def test_a_tasks_verdict_covers_nothing_of_where_a_tapped_card_went(own_pages, phone):
    """Козырные киты' first bonus on a phone: the card tapped in the hand went to the bonus row, and the verdict stuck
    to the screen's edge lay over it there (a reader of wave 18). What the move changed is brought above the verdict,
    as for a move pressed under the board."""
    page = phone
    task = open_task(page, own_pages, "trump_bonus.ipynb")
    card = task.locator('.tutor-svg [data-choice][data-key="card:narwhal-3"]')
    # the hand low on the screen, where the verdict will stick (a card that takes a finger's second tap gets it)
    card.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)
    version = task.get_attribute("data-v")
    tap_when_still(page, card)
    page.wait_for_timeout(600)
    if task.get_attribute("data-v") == version and task.locator(".tutor-arm-note").is_visible():
        tap_when_still(page, card)
    wait_next_view(page, task, version)
    status = task.locator(".tutor-status")
    status.locator("[data-outcome]").first.wait_for(state="visible")
    assert status.locator('[data-outcome="done"]').count() == 1, status.inner_text()
    page.wait_for_timeout(400)
    assert status.evaluate("(e) => getComputedStyle(e).position") == "sticky"
    covered = task.evaluate(UNDER_VERDICT, True)
    assert covered[0] and not covered[1], covered
    assert not page.js_errors, page.js_errors


def test_a_missed_task_keeps_no_room_for_the_moves_it_took_away(own_pages, phone):
    """Паперові океани' keep-one task on a phone: after a miss its four "keep" moves give way to "Try again", and the
    height they had stood as 300 px of white before the next part, which a reader took for the page's end (stop 60)."""
    page = phone
    task = open_task(page, own_pages, "ssp_keep.ipynb")
    keep = task.locator("button.tutor-choice", has_text=re.compile("fish")).first
    keep.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    version = task.get_attribute("data-v")
    keep.evaluate("(e) => e.click()")
    wait_next_view(page, task, version)
    task.locator('.tutor-status [data-outcome="missed"]').wait_for(state="visible")
    page.wait_for_timeout(400)
    blank = task.evaluate("""(root) => { const boxes = [...root.children].filter((e) => e.offsetParent !== null)
        .map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
      return root.getBoundingClientRect().bottom - Math.max(...boxes.map((r) => r.bottom)); }""")
    assert blank < 40, f"{blank:.0f} px of white under a missed task"
    assert not page.js_errors, page.js_errors


def test_a_tasks_refusal_leaves_the_move_pressed_under_the_finger(own_pages, phone):
    """Козырные киты' part 4 task on a phone: a refused move's verdict, said above the moves, pushed them 200-400 px
    down, and the next tap in the same place landed on another move (a reader, stop 59). The move pressed stays where
    it was on the screen, the refusal over it and in view."""
    page = phone
    page.goto(own_pages.render_url("trump_task.ipynb"))
    task = page.locator(".tutor-your-turn").first
    # (the board laid out for the phone: the view that brings it draws the moves again, and a move found before it
    # was gone from the page, a run under load)
    task.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    page.wait_for_timeout(300)
    refused = next(b for b in task.locator("button.tutor-choice").element_handles()
                   if b.inner_text().startswith("Play Orca"))
    refused.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)
    words, before = refused.inner_text(), refused.bounding_box()["y"]
    version = task.get_attribute("data-v")
    tap_when_still(page, refused)
    wait_next_view(page, task, version)
    task.locator('.tutor-status [data-outcome="refused"]').wait_for(state="visible")
    page.wait_for_timeout(600)
    again = task.locator("button.tutor-choice", has_text=words).first
    after = again.bounding_box()["y"]
    assert abs(after - before) <= 30, f"the move pressed moved from {before:.0f} to {after:.0f} px under the finger"
    verdict = task.locator('.tutor-status [data-outcome="refused"]').bounding_box()
    assert verdict["y"] >= -1 and verdict["y"] + verdict["height"] <= after + 1, verdict
    assert not page.js_errors, page.js_errors


def test_the_end_of_games_score_table_keeps_words_and_numbers_whole_on_a_phone(own_pages, phone):
    """Мяури's end screen on a phone read «Игр ок 4» and «−3 0»: the score table's words and numbers are whole, and
    the table stays within the screen (scrolling in its own box if it must)."""
    page = phone
    page.goto(own_pages.render_url("maui_end.ipynb"))
    play = page.locator(".tutor-play").first
    play.locator(".tutor-svg svg").first.wait_for(state="visible")
    # the game's last round comes summed up first (the film, even with the pace off): "Go on" to the end screen
    wait_next_view(page, play, "")
    table = page.locator(".tutor-play > .tutor-score table").first     # the final score, not the running one
    table.wait_for(state="visible")
    # a game played to its end marks its table done, and the contents tick its part read (a reader, stop 58)
    assert "tutor-game-done" in (play.get_attribute("class") or "")
    table.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    assert table.locator("td.num").count() > 8
    broken = page.evaluate(BROKEN_WORDS)
    assert not broken, f"words broken inside in the score table: {broken[:8]}"
    box = table.evaluate("(e) => ({right: e.getBoundingClientRect().right, page: document.documentElement.clientWidth,"
                         " inside: e.scrollWidth - e.clientWidth})")
    assert box["right"] <= box["page"], box
    # and it fits whole: each line's rule under its words (a fourth column of rules lay past the screen's edge)
    assert box["inside"] <= 1, box
    assert not page.js_errors, page.js_errors


# How dark (0 white .. 255 black) a strip of an element's screenshot is on average: its left or right `part` of the
# width, a little in from the edge (the table's own border is left out). Decoded by the page itself (a canvas).
DARKNESS = """async ([png, side, part]) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width; canvas.height = img.height;
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  const w = Math.max(2, Math.round(img.width * part)), inset = Math.round(img.width * 0.006) + 2;
  const x = side === 'left' ? inset : img.width - inset - w;
  const d = g.getImageData(x, 0, w, img.height).data;
  let sum = 0;
  for (let i = 0; i < d.length; i += 4) sum += (d[i] + d[i + 1] + d[i + 2]) / 3;
  return 255 - sum / (d.length / 4);
}"""


def test_a_wide_table_shows_on_a_phone_that_it_scrolls(own_pages, phone):
    """Мяури's and Козырные киты' components tables scroll sideways in their own box on a phone, and nothing said so
    (a phone hides the scroll bar until touched): the "assumed" column lay out of sight. An edge beyond which more of
    the table lies is shaded: the right one at first, the left one (and not the right) once scrolled to the end.
    Each edge is compared with the same table drawn without the cue, so the cells' own text does not count."""
    page = phone
    # The narrowest phone still sold (320 px): on 390 px most tables now fit, and the cue is what is checked here.
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(own_pages.render_url("wide_tables.ipynb"))
    tables = page.locator(".tutor-components table")
    tables.first.wait_for()
    assert tables.count() >= 2
    checked = 0
    for i in range(tables.count()):
        table = tables.nth(i)
        table.scroll_into_view_if_needed()
        if not table.evaluate("(t) => t.scrollWidth > t.clientWidth + 20"):
            continue

        def shade(side: str) -> float:
            with_cue = page.evaluate(DARKNESS, [base64.b64encode(table.screenshot()).decode(), side, 0.02])
            table.evaluate("(t) => { t.dataset.cue = t.style.background; t.style.background = 'none'; }")
            without = page.evaluate(DARKNESS, [base64.b64encode(table.screenshot()).decode(), side, 0.02])
            table.evaluate("(t) => { t.style.background = t.dataset.cue; }")
            return with_cue - without

        right, left = shade("right"), shade("left")
        assert right > 15 and abs(left) < 3, f"table {i} at its start: right edge {right:+.1f}, left {left:+.1f}"
        table.evaluate("(t) => { t.scrollLeft = t.scrollWidth; }")
        page.wait_for_timeout(200)
        right, left = shade("right"), shade("left")
        assert left > 15 and abs(right) < 3, f"table {i} at its end: right edge {right:+.1f}, left {left:+.1f}"
        checked += 1
    # (Козырные киты' card grid fits a 320 px phone within a few px since its cells were tightened: Мяури's is wider)
    assert checked >= 1, f"{checked} components tables wider than a 320 px phone: the check needs Мяури's"


def test_the_trump_whales_card_grid_fits_a_390_px_phone(own_pages, phone):
    """Козырные киты' 36 cards as one grid was 368 px in a 360 px box on a 390 px phone: its last column behind the
    fade and the table moving sideways under the thumb (a reader, stop 49). It fits."""
    page = phone
    page.goto(own_pages.render_url("wide_tables.ipynb"))
    grid = page.locator(".tutor-components table.tutor-card-grid").first
    grid.wait_for()
    grid.scroll_into_view_if_needed()
    sizes = grid.evaluate("(t) => [t.scrollWidth, t.clientWidth]")
    assert sizes[0] <= sizes[1] + 1, sizes
    assert not page.js_errors, page.js_errors


# Each control line of a form (a list with its label, a row of toggles, a number box, a button): its box and what it
# holds, with every control's own box, in page px.
FORM_LINES = """(form) => [...form.querySelectorAll('.widget-dropdown, .widget-toggle-buttons, .widget-text, .widget-checkbox,'
    + ' .widget-toggle-button, .widget-button')].filter((e) => e.checkVisibility()).map((e) => {
  const r = e.getBoundingClientRect();
  const inner = [...e.querySelectorAll('select, button, input')].map((c) => c.getBoundingClientRect());
  return {name: String(e.className).split(' ').filter((c) => c.startsWith('widget-')).join('.') + ' '
            + (e.innerText || '').slice(0, 30).replace(/\\s+/g, ' '),
          top: r.top, bottom: Math.max(r.bottom, ...inner.map((c) => c.bottom)), left: r.left,
          right: Math.max(r.right, ...inner.map((c) => c.right)), inside: e.parentElement.closest('.widget-toggle-buttons') !== null};
})"""


@pytest.mark.parametrize("form", [".tutor-sandbox", ".tutor-ssp-score"])
def test_a_forms_controls_keep_to_the_screen_and_to_their_own_lines_on_a_phone(own_pages, phone, form):
    """Мяури's sandbox: its lists ran past the screen's edge (cut at «императорский тунец (10) —»); Паперові
    океани's score helper: the kind's list (a 44 px tap target in a 28 px line) hung over the first card buttons.
    Every control lies inside the screen, and no two of them overlap."""
    page = phone
    page.goto(own_pages.render_url("forms.ipynb"))
    box = page.locator(form).first
    box.locator("select").first.wait_for(state="visible")
    box.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    lines = [x for x in box.evaluate(FORM_LINES) if not x["inside"]]
    assert len(lines) > 5, lines
    # the form's own box clips what runs past it (the lists' right edge was cut off 2 px inside the screen)
    edge = min(page.evaluate("() => document.documentElement.clientWidth"),
               box.evaluate("(e) => e.getBoundingClientRect().right"))
    wide = [(x["name"], round(x["right"])) for x in lines if x["right"] > edge + 0.5 or x["left"] < -0.5]
    assert not wide, f"controls past the form's edge at {edge:.0f} px: {wide}"
    overlaps = [(a["name"], b["name"]) for i, a in enumerate(lines) for b in lines[i + 1:]
                if a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1
                and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1]
    assert not overlaps, f"controls over each other: {overlaps[:5]}"
    if form == ".tutor-ssp-score":
        # the picture right under the cards to tap, the score under it (it lay 1,000 px under the buttons that change
        # it, a reader of wave 20)
        at = box.evaluate("""(h) => ['picker', 'picture', 'result'].map((n) => {
          const r = h.querySelector('.tutor-ssp-score-' + n).getBoundingClientRect(); return [r.top, r.bottom]; })""")
        (_, picker_end), (picture_top, picture_end), (result_top, _) = at
        assert abs(picture_top - picker_end) < 80 and picture_end <= result_top + 1, at     # (48: its "Larger" strip)
    assert not page.js_errors, page.js_errors


def test_a_card_chosen_under_the_board_brings_the_board_into_view(own_pages, phone):
    """Aqua Fest's move tasks on a phone: the card buttons lie under the board, 900 px below its top, and after a
    card was chosen a reader scrolled up to find where it could go. The board comes into view, its top on screen."""
    page = phone
    page.goto(own_pages.render_url("aqua_task.ipynb"))
    task = page.locator(".tutor-your-turn").first
    task.locator(".tutor-svg svg").first.wait_for(state="visible")
    card = task.locator("button.tutor-card-choice").first
    board = task.locator(".tutor-svg").first
    # the task laid out (its board's symbols arrive a moment after it shows): its height the same twice running
    page.wait_for_function("""(e) => { const h = Math.round(e.getBoundingClientRect().height);
      const same = h > 0 && e.dataset.lastHeight === String(h); e.dataset.lastHeight = String(h); return same; }""",
                           arg=task.element_handle(), polling=400)
    card.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)
    assert board.evaluate("(e) => e.getBoundingClientRect().top < 0"), "the board was already in view"
    version = task.get_attribute("data-v")
    card.tap()
    wait_next_view(page, task, version)
    page.wait_for_function("(e) => { const r = e.getBoundingClientRect(); return r.top >= -2 && r.top < innerHeight / 2; }",
                           arg=board.element_handle(), timeout=5_000)
    assert task.locator('.tutor-svg [data-choice][data-key^="cell:"]').count(), "no cell is offered for the card"
    # what to do now comes right under the board, first of the moves: "tap a cell on the board" lay under the hand,
    # a screen below (a reader, stop 50)
    said = task.locator(".tutor-picker-caption", has_text="доске").first
    page.wait_for_timeout(800)
    gap = said.bounding_box()["y"] - (board.bounding_box()["y"] + board.bounding_box()["height"])
    assert 0 <= gap < 120, f"the words to tap a cell lie {gap:.0f} px under the board"
    assert not page.js_errors, page.js_errors


def open_aqua_table(page, own_pages):
    """Aqua Fest's table of our own pages, once its board is laid out for the phone: the page tells the kernel its
    width and the board comes back in the phone's layout; tapped before that, the move's answer and the new layout
    raced (CI: the view that came next was the layout's, with no cell offered yet)."""
    page.goto(own_pages.render_url("aqua_table.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    return table


def test_a_move_made_under_the_board_shows_what_it_changed_on_the_board(own_pages, phone):
    """Aqua Fest's table on a phone: a card and its cell pressed with the buttons under the board, the page stayed at
    the buttons and the learner never saw the fragment taken or where their piece stood, at every move (a reader,
    stop 60). What the move changed on the board comes into view."""
    page = phone
    table = open_aqua_table(page, own_pages)
    version = table.get_attribute("data-v")
    card = table.locator(".tutor-actions button.tutor-card-choice").first
    card.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    tap_when_still(page, card)
    wait_next_view(page, table, version)
    cell = table.locator(".tutor-actions button.tutor-action", has_text=re.compile(r"^[A-E][1-5]$")).first
    cell.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)
    assert table.locator(".tutor-svg svg").first.bounding_box()["y"] + 300 < 0, "the board is on the screen already"
    version = table.get_attribute("data-v")
    tap_when_still(page, cell)
    wait_next_view(page, table, version)
    page.wait_for_timeout(800)
    seen = table.evaluate("""(t) => [...t.querySelectorAll('.tutor-svg .event[data-target]')]
        .map((m) => m.getBoundingClientRect()).filter((r) => r.height > 0).map((r) => [r.top, r.bottom])""")
    assert seen and any(0 <= top and bottom <= PHONE["height"] for top, bottom in seen), seen
    assert not page.js_errors, page.js_errors


def test_a_tap_beside_the_cells_a_chosen_card_may_reach_is_answered_in_words(own_pages, phone):
    """Aqua Fest's table on a phone: a card chosen, a tap on a cell it cannot reach did nothing, and a reader could
    not tell a missed tap from a refused move. The table says so (ui board.not_offered), and nothing is played."""
    from tutor.widgets.common import ui
    page = phone
    table = open_aqua_table(page, own_pages)
    version = table.get_attribute("data-v")
    card = table.locator('.tutor-svg [data-choice][data-key^="card:"]').first
    # a fragment tapped before any card: the table says what comes first (a reader's tap met nothing)
    from tutor.core.i18n import text
    cell = table.locator(".tutor-svg svg [data-cell]").nth(12)
    cell.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    spot = cell.bounding_box()
    page.touchscreen.tap(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
    # (in a note, not a red refusal: nothing was refused, a reader, stop 59)
    first = table.locator(".tutor-arm-note")
    first.wait_for(state="visible")
    assert first.inner_text() == text("ui.aqua_fest.first_step", "ru")
    assert table.locator(".tutor-error [role=alert]").count() == 0
    assert table.get_attribute("data-v") == version, "a tap on a cell with no card chosen played something"
    card.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    card.tap()
    wait_next_view(page, table, version, also="!!root.querySelector('.tutor-svg [data-choice][data-key^=\"cell:\"]')")
    cells = table.locator('.tutor-svg [data-choice][data-key^="cell:"]')
    try:
        cells.first.wait_for(state="attached", timeout=10000)
    except PlaywrightTimeout:
        pass                # the assertion below says what is wrong
    offered = {el.get_attribute("data-key") for el in cells.all()}
    assert offered, "the card reaches no cell"
    version = table.get_attribute("data-v")
    box = table.locator(".tutor-svg svg").first.bounding_box()
    find = """([x0, y0, w, h, onCell]) => { for (let fy = 0.05; fy < 1; fy += 0.05) for (let fx = 0.05; fx < 1;
        fx += 0.05) { const el = document.elementFromPoint(x0 + fx * w, y0 + fy * h); if (el && el.closest('svg')
        && !el.closest('[data-choice]') && !!el.closest('[data-cell]') === onCell) return [x0 + fx * w, y0 + fy * h,
        onCell ? el.closest('[data-cell]').dataset.cell : null]; } return null; }"""
    area = [box["x"], max(box["y"], 0), box["width"], min(box["height"], 700)]
    alert = table.locator(".tutor-error [role=alert]")
    # a cell the card cannot reach: the engine's own reason for that very cell (a reader, stop 44), with its rule
    spot = page.evaluate(find, area + [True])
    assert spot, "no cell of the seabed is out of the card's reach"
    page.touchscreen.tap(spot[0], spot[1])
    alert.wait_for(state="visible")
    said = alert.inner_text()
    assert ui("board.not_offered", "ru") not in said and "«" in said, said
    assert table.get_attribute("data-v") == version, "a tap on a cell out of reach played something"
    # a finger on the card's faint direction line, over a cell it does not stop on: that cell's reason too (a reader
    # tapped C5 under the crab's line and read only "not one of the marked places")
    on_line = page.evaluate("""(root) => { for (const line of root.querySelectorAll('.tutor-svg .moves .dir')) {
        const r = line.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const cells = [...root.querySelectorAll('.tutor-svg [data-cell]')].filter((c) => { const b =
          c.getBoundingClientRect(); return b.left <= x && x <= b.right && b.top <= y && y <= b.bottom; });
        const hit = document.elementFromPoint(x, y);
        if (cells.length && !(hit && hit.closest('[data-choice]'))) return [x, y]; } return null; }""",
        table.element_handle())
    if on_line:         # (a card whose lines cross no cell it skips has nothing to show here)
        table.locator(".tutor-error").evaluate("(e) => e.replaceChildren()")
        page.touchscreen.tap(on_line[0], on_line[1])
        alert.wait_for(state="visible")
        said = alert.inner_text()
        assert ui("board.not_offered", "ru") not in said and "«" in said, said
        assert table.get_attribute("data-v") == version, "a tap on the card's line played something"
    # a spot of the board that is no cell at all: the table's own words
    spot = page.evaluate(find, area + [False])
    assert spot, "no spot of the board offers nothing"
    page.touchscreen.tap(spot[0], spot[1])
    page.wait_for_function("([root, text]) => (root.querySelector('.tutor-error [role=alert]') || {}).innerText"
                           " && root.querySelector('.tutor-error [role=alert]').innerText.includes(text)",
                           arg=[table.element_handle(), ui("board.not_offered", "ru")])
    assert table.get_attribute("data-v") == version, "a tap beside the offered cells played something"
    assert not page.js_errors, page.js_errors


def test_a_finger_lays_a_dive_card_only_with_a_second_tap(own_pages, phone):
    """Мяури's dive card can never be taken back, and a reader laid their 12 with a tap meant for looking at the
    board (stop 46). A finger's first tap marks the card and says so; a tap on another card moves the mark; a second
    tap on the marked card lays it (GameUI.confirm_board)."""
    from tutor.widgets.common import ui
    page = phone
    page.goto(own_pages.render_url("maui_table.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    cards = table.locator('.tutor-svg [data-choice][data-key^="card:dive-1-"]')
    assert cards.count() >= 3
    version = table.get_attribute("data-v")
    note = table.locator(".tutor-arm-note")
    first, second = cards.nth(0), cards.nth(1)
    # the hand's last row at the screen's foot, where the words stick: they go to the screen's top rather than over
    # the cards one may switch to (its second row, 7 to 12, lay under them, a reader of wave 19)
    cards.last.evaluate("""(e) => { e.scrollIntoView({block: 'end'});
        let box = e.parentElement;
        while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)))
          box = box.parentElement;
        (box || document.scrollingElement).scrollBy(0, e.getBoundingClientRect().bottom - (innerHeight - 90)); }""")
    page.wait_for_timeout(300)
    first.tap()
    note.wait_for(state="visible")
    assert note.inner_text() == ui("board.confirm", "en")
    covered = table.evaluate("""(t) => { const n = t.querySelector('.tutor-arm-note').getBoundingClientRect();
        return [...t.querySelectorAll('.tutor-svg [data-choice]')].map((c) => c.getBoundingClientRect())
          .filter((r) => r.height > 0 && r.bottom > n.top + 2 && r.top < n.bottom - 2).length; }""")
    assert covered == 0, f"the words lie over {covered} of the cards offered"
    assert table.locator(".tutor-armed").count() == 1 and "tutor-armed" in first.get_attribute("class")
    page.wait_for_timeout(500)
    assert table.get_attribute("data-v") == version, "one tap laid the card"
    second.tap()
    assert "tutor-armed" in second.get_attribute("class") and "tutor-armed" not in (first.get_attribute("class") or "")
    assert table.get_attribute("data-v") == version
    key = second.get_attribute("data-key")
    second.tap()
    wait_next_view(page, table, version)
    assert table.locator(f'.tutor-svg [data-choice][data-key="{key}"]').count() == 0, "the marked card was not laid"
    assert note.is_hidden() and table.locator(".tutor-armed").count() == 0
    assert not page.js_errors, page.js_errors


def test_a_finger_plays_a_trick_card_only_with_a_second_tap(own_pages, phone):
    """Козырные киты: a card played stands once the others answer it, and a reader mis-tapped one (stop 48). A card
    to play takes the second tap (GameUI.confirm_board as a test of the action; tests/test_board_click.py says which
    others do: the first bonus and the reward, not a bonus used)."""
    from tutor.widgets.common import ui
    page = phone
    page.goto(own_pages.render_url("trump_table.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    cards = table.locator('.tutor-svg [data-choice][data-key^="card:"]')
    assert cards.count() >= 2
    # the same table in Python (its deal is the seed's): which of the keys are cards to play
    from tutor.widgets.play import PlayTable
    same = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=2)
    same.act(same.game.legal_actions(same.state, 0)[0])
    to_play = same.view["confirm_board"]
    keys = [cards.nth(i).get_attribute("data-key") for i in range(cards.count())]
    assert to_play and set(to_play) < set(keys), (to_play, keys)
    note = table.locator(".tutor-arm-note")
    version = table.get_attribute("data-v")
    card = table.locator(f'.tutor-svg [data-choice][data-key="{to_play[0]}"]')
    card.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    card.tap()
    note.wait_for(state="visible")
    assert note.inner_text() == ui("board.confirm", "en")
    page.wait_for_timeout(500)
    assert table.get_attribute("data-v") == version, "one tap played the card"
    card.tap()
    wait_next_view(page, table, version)
    # the view moved on (a play: the card lies in the trick now, where a trick's winner may pick it)
    assert table.get_attribute("data-v") != version
    assert note.is_hidden() and table.locator(".tutor-armed").count() == 0
    assert not page.js_errors, page.js_errors


def test_a_marked_card_at_the_screens_foot_stays_under_the_finger(own_pages, phone):
    """Козырные киты on a phone: a card near the screen's bottom edge was brought up to the middle when the first
    tap marked it, 330 px, and the second tap, where the card had been, landed on another panel (a reader, stop
    50). The card stays where it is, the words go to the screen's top, and a second tap there plays it."""
    page = phone
    page.goto(own_pages.render_url("trump_table.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    from tutor.widgets.play import PlayTable
    same = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=2)
    same.act(same.game.legal_actions(same.state, 0)[0])
    card = table.locator(f'.tutor-svg [data-choice][data-key="{same.view["confirm_board"][0]}"]')
    # the card's foot 100 px over the screen's, clear of the contents bar: where the words would stick
    card.evaluate("""(e) => { e.scrollIntoView({block: 'end'});
        let box = e.parentElement;
        while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)))
          box = box.parentElement;
        (box || document.scrollingElement).scrollBy(0, e.getBoundingClientRect().bottom - (innerHeight - 100)); }""")
    page.wait_for_timeout(300)
    before = card.bounding_box()
    assert 844 - 140 < before["y"] + before["height"] < 844 - 60, f"the card is not at the screen's foot: {before}"
    version = table.get_attribute("data-v")
    x, y = before["x"] + before["width"] / 2, before["y"] + before["height"] * 0.3
    hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); return e && e.closest('[data-choice]') ? e.closest('[data-choice]').getAttribute('data-key') : (e ? e.className.baseVal || e.className : null); }", [x, y])
    assert hit == card.get_attribute("data-key"), f"the card is covered at its foot by {hit}"
    page.touchscreen.tap(x, y)
    note = table.locator(".tutor-arm-note")
    note.wait_for(state="visible")
    page.wait_for_timeout(600)
    after = card.bounding_box()         # (the mark's ring adds a few px round it: its middle stays)
    assert abs(after["y"] + after["height"] / 2 - before["y"] - before["height"] / 2) <= 2, (before, after)
    box = note.bounding_box()
    assert box["y"] + box["height"] < y, f"the words lie over the card: {box}"
    assert table.get_attribute("data-v") == version, "one tap played the card"
    page.touchscreen.tap(x, y)
    wait_next_view(page, table, version)
    assert note.is_hidden()
    assert not page.js_errors, page.js_errors


def test_a_reward_of_ones_own_card_says_why_not_when_pressed(own_pages, phone):
    """Козырные киты: after winning a trick the learner's own card is offered under "Not now (press to read why)";
    a reader pressed it, and its greyed card on the board, and read nothing (stop 49). Both say the rule."""
    page = phone
    page.goto(own_pages.render_url("trump_pick.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    later = table.locator("button.tutor-action-unavailable")
    assert later.count() >= 1, "no own card under 'Not now'"
    version = table.get_attribute("data-v")
    later.first.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)
    later.first.tap()
    alert = table.locator(".tutor-error [role=alert]")
    alert.wait_for(state="visible")
    assert "свою" in alert.inner_text(), alert.inner_text()
    # said under the moves, where the finger is: its place under the board lay above the screen for a press low down,
    # and it stuck over the first move at the screen's top (a reader of wave 23)
    assert table.evaluate("(r) => r.querySelector(':scope > .tutor-actions + .tutor-error') !== null")
    assert alert.bounding_box()["y"] > page.evaluate("innerHeight") * 0.3, alert.bounding_box()
    assert table.get_attribute("data-v") == version
    # put away, then the same press again: said again
    alert.click()
    alert.wait_for(state="detached")
    later.first.tap()
    alert.wait_for(state="visible")
    assert not page.js_errors, page.js_errors


# a phone example's dock and what it leaves on the screen: the dock's and the buttons' boxes, the screen's foot above the
# contents bar, the step's marks (what it changed, else what it points at) and whether one is on the screen above the dock
DOCK = """(e) => {
  const r = (el) => { const b = el.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, height: b.height}; };
  const dock = e.querySelector('.tutor-dock'), nav = dock.querySelector('.tutor-nav-row');
  const words = dock.querySelector('.tutor-narration');
  const all = (sel) => [...e.querySelectorAll(sel)].map((m) => m.getBoundingClientRect()).filter((m) => m.height > 0);
  const done = all('.tutor-svg .event[data-target]');
  const rings = done.length ? done : all('.tutor-svg [data-target]');
  const d = dock.getBoundingClientRect();
  const seen = (m) => Math.min(m.bottom, d.top) - Math.max(m.top, 0) >= Math.min(m.height * 0.6, 60);
  const foot = innerHeight - (parseFloat(getComputedStyle(e).getPropertyValue('--tutor-bar-space')) || 0);
  return {dock: r(dock), nav: r(nav), words: r(words), board: r(e.querySelector('.tutor-svg')), foot,
          whole: words.scrollHeight <= words.clientHeight + 1 || getComputedStyle(words).overflowY === 'auto',
          marks: rings.length, seen: rings.some(seen), screen: innerHeight,
          said: e.querySelector('.tutor-nav-said').hidden, below: e.querySelector('.tutor-nav-below').hidden};
}"""


def test_a_phones_dock_waits_in_its_place_until_the_board_comes_up(own_pages, phone):
    """The dock rode at the screen's foot as soon as the example's heading came up from below, over the heading, no
    board yet to show (a reader of wave 23). It stays in its place under the board until the board's top is in the
    screen's upper half, and rides at the foot from then on."""
    page = phone
    example = open_example(page, own_pages, "tw_bonuses.ipynb")
    box = "document.querySelector('#rendered_cells')"
    for at, riding in ((0.75, False), (0.3, True), (0.8, False)):
        example.evaluate(f"(e) => {{ e.scrollIntoView({{block: 'start'}}); {box}.scrollBy(0, -innerHeight * {at}); }}")
        page.wait_for_timeout(400)
        now = example.evaluate(DOCK)
        title = example.locator(".tutor-scenario-title").evaluate("(e) => e.getBoundingClientRect().bottom")
        if riding:
            assert abs(now["dock"]["bottom"] - now["foot"]) <= 14, f"the dock does not ride at the foot: {now}"
        else:
            assert now["dock"]["top"] > now["foot"] and now["dock"]["top"] > title, \
                f"the dock left its place with the board's top at {at:.0%} of the screen: {now}"
    assert not page.js_errors, page.js_errors


def test_on_a_phone_a_steps_words_and_buttons_ride_at_the_screens_foot(own_pages, phone):
    """Козырные киты' setup on a phone: the step's words and its buttons are a dock under the board that rides at the
    screen's foot while the board is on it. Over the board's top, a copy of the words stuck under the buttons hid the
    row a step was about and was cut at six lines (five readers of waves 20 and 21), and a step's scroll moved Next
    from under the finger (a reader of wave 21). After each Next: the button is where it was, what the step changed
    is on the screen above the dock (the first bonuses lie two screens under the words, and a reader pressed Next and
    never saw them, stop 51), and the words are whole."""
    page = phone
    example = open_example(page, own_pages, "tw_bonuses.ipynb")
    example.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    start = example.evaluate(DOCK)
    assert start["board"]["bottom"] > start["foot"], f"the board fits the screen: nothing to test with {start}"
    assert abs(start["dock"]["bottom"] - start["foot"]) <= 14, f"the dock is not at the screen's foot: {start}"
    assert start["words"]["bottom"] <= start["nav"]["top"] + 1, f"the words are not over the buttons: {start}"
    moved_to = 0
    for _ in range(3):
        before = example.evaluate(DOCK)
        scrolled = page.evaluate("() => document.querySelector('#rendered_cells').scrollTop")
        next_step(page, example)
        page.wait_for_timeout(900)
        now = example.evaluate(DOCK)
        assert abs(now["nav"]["top"] - before["nav"]["top"]) <= 2, f"Next moved under the finger: {before} {now}"
        if now["marks"]:
            assert now["seen"], f"what the step changed is not on the screen above the dock: {now}"
        assert now["whole"] and now["dock"]["height"] <= 0.5 * now["screen"], f"the step's words are cut: {now}"
        assert now["said"] and now["below"], "a second copy of the words or a 'What changed' button on a phone"
        moved_to += page.evaluate("() => document.querySelector('#rendered_cells').scrollTop") != scrolled
    assert moved_to, "no step of the setup had its marks off the screen"
    # read, the words make room for the board once the learner scrolls to it by hand: three lines of them (the whole
    # dock took 40% of the screen over the rows a step was about, a reader of wave 22); a tap opens them again
    page.wait_for_timeout(1000)
    page.mouse.wheel(0, 40)             # a nudge to see a row keeps them open (they shrank mid-sentence, a reader)
    page.wait_for_timeout(500)
    dock = example.locator(".tutor-dock")
    assert not dock.evaluate("(d) => d.classList.contains('tutor-dock-low')"), "a nudge shrank the words"
    page.mouse.wheel(0, 120)
    page.wait_for_timeout(100)
    page.mouse.wheel(0, 120)
    page.wait_for_function("(d) => d.classList.contains('tutor-dock-low')", arg=dock.element_handle())
    low = example.evaluate(DOCK)
    assert low["words"]["height"] <= 3 * 1.32 * 15 + 10 and low["dock"]["height"] <= 140, low
    example.locator(".tutor-dock .tutor-narration").tap()
    page.wait_for_function("(d) => !d.classList.contains('tutor-dock-low')", arg=dock.element_handle())
    next_step(page, example) if not example.locator("button.tutor-nav-next").is_disabled() else None
    # a long step's words scroll inside the dock, a third of the screen at most
    tall = example.evaluate("""(e) => { const n = e.querySelector('.tutor-dock .tutor-narration .tutor-say');
      const kept = n.textContent; n.textContent = 'words of a long step '.repeat(60);
      const w = e.querySelector('.tutor-dock .tutor-narration');
      const got = [w.getBoundingClientRect().height, w.scrollHeight > w.clientHeight, getComputedStyle(w).overflowY];
      n.textContent = kept; return got; }""")
    assert tall[0] <= 0.34 * 844 and tall[1] and tall[2] == "auto", tall
    # read on past the board: the dock goes back to its place under it, not over what follows the example
    example.evaluate("""(e) => { const b = e.querySelector('.tutor-svg').getBoundingClientRect();
      document.querySelector('#rendered_cells').scrollBy(0, b.bottom - 200); }""")
    page.wait_for_timeout(300)
    past = example.evaluate(DOCK)
    assert past["dock"]["top"] >= past["board"]["bottom"] - 2, f"the dock lies over the board's end: {past}"
    assert past["dock"]["bottom"] <= example.bounding_box()["y"] + example.bounding_box()["height"] + 1, past
    assert not page.js_errors, page.js_errors


def test_on_a_phone_the_coach_speaks_right_under_the_moves(own_pages, phone):
    """Паперові океани on a phone: the coach's hint about the two cards just drawn lay under the moves and the
    table's controls, two screens under the cards (a reader of wave 23). It comes right after the moves, which
    follow the board at once, and before the table's controls (Мяури's table: its coach speaks at the first turn)."""
    page = phone
    page.goto(own_pages.render_url("maui_table.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    table.locator(".tutor-advice-box .tutor-coach li").first.wait_for(state="visible")
    tops = table.evaluate("""(t) => {
      const top = (sel) => { const e = t.querySelector(sel); return e && !e.hidden ? e.getBoundingClientRect().top : null; };
      return {status: top(':scope > .tutor-status'), coach: top(':scope > .tutor-advice-box'),
              moves: top(':scope > .tutor-actions'), controls: top(':scope > .tutor-controls')}; }""")
    assert None not in (tops["coach"], tops["moves"]), tops
    assert tops["status"] is None or tops["status"] <= tops["moves"], tops
    assert tops["moves"] < tops["coach"], f"the coach speaks above the moves: {tops}"
    assert tops["controls"] is not None and tops["coach"] < tops["controls"], f"the coach is under the controls: {tops}"
    assert not page.js_errors, page.js_errors


def test_a_steps_marks_taller_than_the_room_show_where_most_of_them_are(own_pages, phone):
    """Мяури's plain round, its last step: it marks the three lagoon cells the catches left and the four players'
    panels, more than a phone's room above the dock. The marks' top alone showed the lagoon and left players 3 and 4,
    the one who went low and the one left empty, under the words about them (a reader of wave 23); the stretch that
    holds most marks whole shows all four panels."""
    page = phone
    example = open_example(page, own_pages, "maui_plain.ipynb")
    example.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    while not example.locator("button.tutor-nav-next").is_disabled():
        next_step(page, example)
    page.wait_for_timeout(900)
    seen = example.evaluate("""(e) => {
      const dock = e.querySelector('.tutor-dock').getBoundingClientRect();
      const box = (t) => e.querySelector(`.tutor-svg [data-target="${t}"]`).getBoundingClientRect();
      const whole = (b) => b.top >= 0 && b.bottom <= dock.top + 1;
      return {dock: dock.top, p3: whole(box('seat:2')), p4: whole(box('seat:3')), p1: whole(box('seat:0')),
              marks: e.querySelectorAll('.tutor-svg .event[data-target], .tutor-svg .tutor-focus[data-target]').length};
    }""")
    assert seen["marks"] >= 8, f"the step marks less than the lagoon and the players: {seen}"
    assert seen["p3"] and seen["p4"] and seen["p1"], f"the players the words are about are not above the dock: {seen}"
    assert not page.js_errors, page.js_errors


def test_a_tap_on_a_docks_cut_words_shows_them_whole_and_another_gives_the_room_back(own_pages, phone):
    """A step's words longer than the dock's seven lines were cut under a "▾" that did nothing when tapped, and the
    line cut was often the step's rule or its outcome (three readers of wave 24). A tap on them shows them whole, up
    to 60% of the screen; a tap again brings the dock back to its seven lines."""
    page = phone
    example = open_example(page, own_pages, "tw_bonuses.ipynb")
    example.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    next_step(page, example)
    page.wait_for_timeout(600)
    words = example.locator(".tutor-dock .tutor-narration")
    example.evaluate("""(e) => { e.querySelector('.tutor-dock .tutor-narration .tutor-say').textContent =
      'words of a long step '.repeat(40); e.querySelector('.tutor-dock .tutor-narration').dispatchEvent(new Event('scroll')); }""")
    dock = example.locator(".tutor-dock")
    page.wait_for_function("(d) => d.classList.contains('tutor-dock-more')", arg=dock.element_handle())
    cut = words.evaluate("(w) => w.getBoundingClientRect().height")
    assert cut <= 7 * 1.32 * 15 + 10, cut
    words.tap(position={"x": 40, "y": 20})
    page.wait_for_function("(d) => d.classList.contains('tutor-dock-open')", arg=dock.element_handle())
    whole = words.evaluate("(w) => [w.getBoundingClientRect().height, w.scrollHeight, w.clientHeight]")
    assert whole[0] > cut + 100 and whole[0] <= 0.6 * 844 + 10, (cut, whole)
    words.tap(position={"x": 40, "y": 20})
    page.wait_for_function("(d) => !d.classList.contains('tutor-dock-open')", arg=dock.element_handle())
    assert abs(words.evaluate("(w) => w.getBoundingClientRect().height") - cut) <= 2
    assert not page.js_errors, page.js_errors


def test_a_refused_steps_reason_is_in_the_dock_with_its_words(own_pages, phone):
    """Мяури's refused moves on a phone: after Next the step's "Нельзя." box lay behind the stuck step buttons and the
    step's point was seen nowhere (a reader of wave 19). In the dock it is under the words, on the screen."""
    page = phone
    example = open_example(page, own_pages, "maui_refused.ipynb")
    example.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    for _ in range(6):
        next_step(page, example)
        page.wait_for_timeout(300)
        if example.locator(".tutor-narration .tutor-refusal").count():
            break
    refusal = example.locator(".tutor-dock .tutor-narration .tutor-refusal").first
    assert refusal.count(), "no refused step in the example's dock"
    refusal.evaluate("(r) => r.scrollIntoView({block: 'nearest'})")     # (inside the dock's words, if they scroll)
    box, dock = refusal.bounding_box(), example.locator(".tutor-dock").bounding_box()
    assert dock["y"] - 1 <= box["y"] and box["y"] + box["height"] <= dock["y"] + dock["height"] + 1, (box, dock)
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844, f"the refusal is off the screen: {box}"
    assert not page.js_errors, page.js_errors


def test_an_answer_pressed_stays_under_the_finger_while_its_board_grows(own_pages, phone):
    """Козырные киты' "who decides who leads next?" on a phone: the answer pressed, the board above was drawn again
    with every card face up, 530 px taller, and the verdict left the screen under the finger (a reader of wave 19).
    The answers stay where they were on the screen, the verdict under them in view."""
    page = phone
    page.goto(own_pages.render_url("tw_who_chooses.ipynb"))
    page.locator(".tutor-lazy, .tutor-quiz").first.scroll_into_view_if_needed()
    quiz = page.locator(".tutor-quiz").first
    quiz.locator(".tutor-svg svg").first.wait_for(state="visible")
    choices = quiz.locator(".tutor-choices")
    # the answers in the page, mid-screen (not riding at its foot: a tall board's may, the next test): the board's
    # foot at the screen's middle, the answers under it
    quiz.locator(".tutor-svg").first.evaluate("""(e) => { e.scrollIntoView({block: 'end'});
        document.querySelector('#rendered_cells').scrollBy(0, innerHeight / 2); }""")
    page.wait_for_timeout(500)
    before, tall = choices.bounding_box()["y"], quiz.locator(".tutor-svg").first.bounding_box()["height"]
    assert before < 844 / 2 + 40, f"the answers are not in the page's middle: {before}"
    choices.locator("button").nth(1).tap()
    quiz.locator(".tutor-verdict").filter(has_text=re.compile(r"\S")).first.wait_for(state="visible")
    page.wait_for_timeout(1500)
    grown = quiz.locator(".tutor-svg").first.bounding_box()["height"]
    assert grown > tall + 100, f"the board did not grow ({tall} -> {grown}): nothing to test"
    after = choices.bounding_box()["y"]
    assert abs(after - before) <= 4, f"the answers moved from {before} to {after}"
    verdict = quiz.locator(".tutor-verdict").first.bounding_box()
    assert verdict["y"] < 844 - 40, f"the verdict is off the screen: {verdict}"
    assert not page.js_errors, page.js_errors


def test_a_worked_examples_board_never_moves_between_steps_on_a_phone(own_pages, phone):
    """On a phone a step's words stood above its board: a shorter step pulled the board up and a longer one pushed it
    down, at every Next (two readers, stop 59; held at the tallest, it left 140 px of white under a short step, a
    reader of wave 18). In the dock under the board, they move nothing above them: the board keeps its place in the
    example at every step."""
    page = phone
    example = open_example(page, own_pages, "tw_bonuses.ipynb")
    offset = "(e) => e.querySelector('.tutor-svg').getBoundingClientRect().top - e.getBoundingClientRect().top"
    seen, heights = [example.evaluate(offset)], set()
    for _ in range(4):
        before = example.get_attribute("data-index")
        nxt = example.locator("button.tutor-nav-next")
        if nxt.is_disabled():
            break
        nxt.evaluate("(b) => b.click()")
        page.wait_for_function("([e, i]) => e.dataset.index !== i && e.dataset.ready === 'true'",
                               arg=[example.element_handle(), before])
        page.wait_for_timeout(150)
        seen.append(example.evaluate(offset))
        heights.add(round(example.locator(".tutor-dock .tutor-narration").bounding_box()["height"]))
    assert len(seen) >= 3 and max(seen) - min(seen) <= 1, seen
    assert len(heights) > 1, f"no step of another length to test with: {heights}"
    assert not page.js_errors, page.js_errors


def test_a_board_opens_twice_as_large_on_a_sheet_and_closes(own_pages, phone):
    """Острів котів' boats have 15 px squares on a phone and a reader needed a 3x crop to count the rats (stop 50):
    every board carries "⤢ Larger" in a slim row of its own just over its right edge (over the board's corner it hid
    a deck's count, a reader), outside the board's own markup; it opens the board twice as wide on a sheet over the
    page, to move around in; "✕" closes it and the page is where it was."""
    from tutor.widgets.common import ui
    page = phone
    page.goto(own_pages.render_url("ioc_zoom.ipynb"))
    page.locator(".tutor-lazy, .tutor-scenario").first.scroll_into_view_if_needed()
    example = page.locator(".tutor-scenario").first
    board = example.locator(".tutor-svg svg[data-layout=phone]").first
    board.wait_for(state="visible")
    zoom = example.locator(".tutor-zoom-anchor > button.tutor-zoom")
    zoom.wait_for(state="visible")
    assert example.locator(".tutor-svg .tutor-zoom").count() == 0, "the button is inside the board's markup"
    assert zoom.get_attribute("aria-label") == ui("page.contents.zoom", "uk")
    shown, button = board.bounding_box(), zoom.bounding_box()
    assert shown["y"] - 56 <= button["y"] and button["y"] + button["height"] <= shown["y"] + 1, "not just over the board"
    assert abs(button["x"] + button["width"] - (shown["x"] + shown["width"])) <= 24, "not at the board's right"
    assert zoom.inner_text().strip() == ui("page.contents.zoom_short", "uk")
    zoom.tap()
    sheet = page.locator(".tutor-zoom-sheet")
    sheet.wait_for(state="visible")
    copy = sheet.locator(".tutor-zoom-area > svg")
    assert abs(copy.bounding_box()["width"] - 2 * shown["width"]) <= 2
    area = sheet.locator(".tutor-zoom-area")
    assert area.evaluate("(a) => a.scrollWidth > a.clientWidth + 100"), "the sheet does not move sideways"
    assert sheet.bounding_box()["height"] >= 840 - 2, "the sheet does not cover the screen"
    sheet.locator("button.tutor-zoom-close").tap()
    sheet.wait_for(state="detached")
    page.wait_for_timeout(300)
    assert abs(board.bounding_box()["y"] - shown["y"]) <= 2, "the page moved under the sheet"
    # the phone's Back closes it too, and stays on the page where it was
    url = page.url
    zoom.tap()
    sheet.wait_for(state="visible")
    page.go_back()
    sheet.wait_for(state="detached")
    page.wait_for_timeout(300)
    assert page.url == url and abs(board.bounding_box()["y"] - shown["y"]) <= 2
    assert not page.js_errors, page.js_errors


def test_a_tile_taken_from_the_buttons_brings_its_boat_into_view(own_pages, phone):
    """Острів котів at the table on a phone: a tile taken with its button under the board folded the list away and
    left a reader on the score table, the boat to place it on 600 px above (stop 50). The boat comes into view."""
    page = phone
    page.goto(own_pages.render_url("ioc_table.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator(".tutor-svg svg").first.wait_for(state="visible")
    take = table.locator("button.tutor-action").filter(has_text="зелен").first
    take.wait_for(state="visible")
    page.wait_for_timeout(500)
    boat = table.locator('[data-board-seat="0"]')
    # the learner down among the buttons, the boat 400 px above the screen (scrolled so, whatever the page's layout
    # left above it on a loaded machine)
    boat.evaluate("""(e) => { let box = e.closest('.tutor-play').parentElement;
        while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)))
          box = box.parentElement;
        (box || document.scrollingElement).scrollBy(0, e.getBoundingClientRect().top + 400); }""")
    page.wait_for_timeout(300)
    assert boat.evaluate("(e) => e.getBoundingClientRect().top < 0"), "the boat was in view already: nothing tested"
    version = table.get_attribute("data-v")
    take.dispatch_event("click")        # as a tap there: no scrolling to the button first
    wait_next_view(page, table, version)
    table.locator(".tutor-placing").wait_for(state="visible")
    page.wait_for_function("(e) => { const r = e.getBoundingClientRect(); return r.top >= -2 && r.top < innerHeight / 2; }",
                           arg=boat.element_handle(), timeout=5_000)
    assert not page.js_errors, page.js_errors


def test_a_tables_refusal_lets_go_of_the_screens_edge_once_the_learner_scrolls_on(own_pages, phone):
    """A refusal at the play table sticks to the screen's foot where the buttons are; scrolled back up to the board
    it lay over the opponents' panels until put away (two readers of wave 18). A scroll of the learner's own lets
    it go: it stays in its place under the board."""
    page = phone
    page.goto(own_pages.render_url("maui_table.ipynb"))
    table = page.locator(".tutor-play").first
    table.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    legal = table.locator("button.tutor-action:not(.tutor-action-unavailable)")
    label = legal.first.inner_text()
    version = table.get_attribute("data-v")
    legal.first.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    tap_when_still(page, legal.first)
    wait_next_view(page, table, version)
    used = table.locator("button.tutor-action-unavailable", has_text=re.compile(f"^{re.escape(label)}$"))
    used.first.wait_for(state="attached", timeout=60_000)
    for _ in range(40):         # the round's film: on until the used card is offered again
        if used.first.is_visible():
            break
        more = table.locator(".tutor-film-below:not([hidden]) button, .tutor-film button").last
        if more.is_visible():
            more.click()
        page.wait_for_timeout(400)
    used.first.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)
    tap_when_still(page, used.first)
    box = table.locator(".tutor-error-box")
    box.wait_for(state="visible")
    errors = table.locator(".tutor-play > .tutor-error, .tutor-error").first
    assert errors.evaluate("(e) => getComputedStyle(e).position") == "sticky"
    page.wait_for_timeout(1000)
    page.mouse.wheel(0, -600)           # back up to the board
    page.wait_for_function("(e) => getComputedStyle(e).position === 'static'", arg=errors.element_handle())
    assert box.is_visible() or box.count() == 1, "the refusal was put away, not let go"
    assert not page.js_errors, page.js_errors



def test_a_refusal_said_far_above_the_move_pressed_rides_at_the_screens_top(own_pages, phone):
    """Aqua Fest's second-move task on a phone: "Take 2 cards" after a move is refused, and the refusal was said above
    the moves, 550 px above the finger, off the screen (a reader of wave 18). The move pressed stays where it was, and
    the refusal rides at the screen's top, whole, until the learner's next tap or scroll."""
    page = phone
    page.goto(own_pages.render_url("aqua_second.ipynb"))
    task = page.locator(".tutor-your-turn").first
    task.locator('.tutor-svg svg[data-layout="phone"]').first.wait_for(state="visible")
    page.wait_for_timeout(500)
    take = task.locator("button.tutor-choice", has_text="Взять 2 карты").first
    take.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    before = take.bounding_box()["y"]
    version = task.get_attribute("data-v")
    tap_when_still(page, take)
    wait_next_view(page, task, version)
    verdict = task.locator('.tutor-status [data-outcome="refused"]')
    verdict.wait_for(state="visible")
    page.wait_for_timeout(800)
    assert abs(take.bounding_box()["y"] - before) <= 30, "the move pressed moved under the finger"
    box = verdict.bounding_box()
    assert box["y"] >= -1 and box["y"] + box["height"] <= 844, f"the refusal is off the screen: {box}"
    page.mouse.wheel(0, 200)             # the learner's own scroll lets it go back to its place
    page.wait_for_function("(e) => getComputedStyle(e).position === 'static'",
                           arg=task.locator(".tutor-status").element_handle())
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("name", ["ioc_quiz.ipynb", "aqua_quiz.ipynb"])
def test_under_a_tall_board_a_quizs_question_and_answers_ride_at_the_screens_foot(own_pages, phone, name):
    """A reader of wave 20 scrolled between an Острів котів boat 620 px tall, its question above and its three
    answers under it, and a wrong answer was drawn on the board off the screen: with the board's top at the screen's
    top, the question asked again and the answers are at the screen's foot, over the contents bar; a tap there
    answers, and the board it is drawn on is on the screen."""
    page = phone
    page.goto(own_pages.render_url(name))
    page.locator(".tutor-lazy, .tutor-quiz").first.scroll_into_view_if_needed()
    quiz = page.locator(".tutor-quiz").first
    board = quiz.locator(".tutor-svg").first
    board.locator("svg").first.wait_for(state="visible")
    choices = quiz.locator(".tutor-choices")
    page.wait_for_function("(c) => c.classList.contains('tutor-choices-stick')", arg=choices.element_handle())
    # the board's top a little under the screen's, its answers' place in the page far under the screen's foot (a
    # 990-px board's verdict stayed under the foot when the page moved no further than where the answers rode, a
    # reader of wave 21)
    board.evaluate("""(e) => { e.scrollIntoView({block: 'start'});
        document.querySelector('#rendered_cells').scrollBy(0, -150); }""")
    page.wait_for_timeout(600)
    natural = board.bounding_box()
    assert natural["height"] > 560, f"the board is not tall on a phone: {natural}"
    box, asked = choices.bounding_box(), quiz.locator(".tutor-asked-again").bounding_box()
    bar = page.locator(".tutor-contents-toggle").bounding_box()
    assert box["y"] + box["height"] <= bar["y"] + 1 and box["y"] < 844 - 60, (box, bar)
    assert asked and box["y"] <= asked["y"] < box["y"] + box["height"], "the question is not over the answers"
    assert natural["y"] + 100 < box["y"], "the answers cover the board's top"
    # every answer's words whole in its button (side by side they were cut to «ОСТА… ШАНС», a reader of wave 22)
    # (measured with the longest answer that rides there, 26 letters, put in the first button and taken out again)
    cut = choices.evaluate("""(c) => { const b = c.querySelector('button'), kept = b.textContent;
        b.textContent = '«ОСТАННІЙ ШАНС» ще раз!!!!';
        const out = [...c.querySelectorAll('button')].filter((x) => x.scrollWidth > x.clientWidth + 1)
          .map((x) => x.textContent);
        b.textContent = kept; return out; }""")
    assert not cut, f"answers cut in their buttons: {cut}"
    choices.locator("button").first.tap()
    quiz.locator(".tutor-verdict").filter(has_text=re.compile(r"\S")).first.wait_for(state="visible")
    page.wait_for_timeout(800)
    # the verdict's first lines come up over the contents bar, the board's marks above them
    verdict = quiz.locator(".tutor-verdict").first.bounding_box()
    assert verdict["y"] + min(verdict["height"], 60) <= bar["y"], (verdict, bar)
    shown = board.bounding_box()
    assert shown["y"] + shown["height"] > 300, f"the board answered on left the screen: {shown}"
    assert not page.js_errors, page.js_errors
