"""The static site (`make site`) in Chromium, served on loopback with every other request blocked: for one lesson
per game (the languages alternate), the first board, a worked example stepped, a quiz answered, a play-table move,
and the language link followed to the other page's first board; no console or page errors, no blocked request.

The site is built by tools.site.cached (reused while tutor/, lessons/, notebooks/ and tools/site/ are unchanged).
`-m "not site"` leaves these tests out."""

from __future__ import annotations


import pytest
from playwright.sync_api import TimeoutError

from tutor.core.game import spec
from tutor.core.i18n import text

from site_harness import SiteServer, Watched
from test_browser_lessons import assert_no_error_text
from voila_harness import wait_next_view

pytestmark = pytest.mark.site

# one lesson page per game, the languages alternating; each finds its language link to the other one
CASES = [("maui", "ru"), ("aqua_fest", "en"), ("sea_salt_paper", "uk"), ("trump_whales", "ru"), ("isle_of_cats", "en")]
# the cases that follow the language link to the other page, which boots Pyodide again (a Russian page to English,
# an English page to Ukrainian); the others check the link is there
FOLLOWED = {("maui", "ru"), ("isle_of_cats", "en")}
# Pyodide boots in each page: 5-15 s to the first board on this machine, several times that on a loaded one
BOOT_MS = 240_000
STEP_MS = 60_000


def ui(key: str, lang: str, **params) -> str:
    return text(f"ui.{key}", lang, **params)


def page_stem(game: str, lang: str) -> str:
    return spec(game).stem if lang == "en" else f"{spec(game).stem}.{lang}"


# the first lazy part of a kind on the page: one still closed whose placeholder starts with the label, or one built
# with the widget; a part opened but not built yet before it (the page opens what is in view) is waited for, and so
# are the cells still running (the page shows each cell's output as it comes)
FIND_PART = """([label, widget]) => {
  const parts = [...document.querySelectorAll('.tutor-lazy')];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i], button = part.querySelector('.tutor-reveal-button');
    const built = [...part.children].some((c) => !c.classList.contains('tutor-reveal'));
    if (built) { if (part.querySelector(widget)) return i + 1; continue; }
    if (!button) continue;
    if (button.disabled) return 0;
    if (button.innerText.startsWith(label)) return i + 1;
  }
  return 0;
}"""


def open_part(page, label: str, widget: str):
    """The first lazy part on the page that is (or will be) `widget`, opened (by its button, unless being in view
    opened it already), with the widget in it."""
    try:
        found = page.wait_for_function(FIND_PART, arg=[label, widget]).json_value()
    except TimeoutError:
        pytest.fail(f"no part {label!r}… ({widget}) on {page.url} within {STEP_MS / 1000:.0f} s", pytrace=False)
    part = page.locator(".tutor-lazy").nth(found - 1)
    part.scroll_into_view_if_needed()
    # in view, the page opens it by itself (reveal.js): the button is pressed only if it has not (in the page, so
    # the check and the press are one step)
    part.locator(".tutor-reveal-button").evaluate("b => b.disabled || b.click()")
    built = part.locator(widget).first
    built.wait_for(state="visible")
    return built


def first_board(page) -> None:
    """The page's first board: one the page shows as it opens, else the first lazy part's, opened as a learner
    scrolling down to it would."""
    shown = page.locator(".tutor-svg svg >> visible=true")
    page.wait_for_function("() => [...document.querySelectorAll('.tutor-svg svg')].some((b) => b.checkVisibility())"
                           " || document.querySelector('.tutor-lazy .tutor-reveal-button')", timeout=BOOT_MS)
    if not shown.count():
        part = page.locator(".tutor-lazy").first
        part.scroll_into_view_if_needed()
        part.locator(".tutor-reveal-button").evaluate("b => b.disabled || b.click()")
    shown.first.wait_for(state="visible")


def step_example(page, lang: str) -> None:
    player = open_part(page, ui("lazy.scenario", lang, title=""), ".tutor-scenario")
    player.locator(".tutor-svg svg").first.wait_for(state="visible")
    narration = player.locator(".tutor-narration").first
    before = narration.inner_text()
    player.get_by_role("button", name=ui("next", lang), exact=True).click()
    page.wait_for_function("([el, old]) => el.innerText !== old", arg=[narration.element_handle(), before])


def answer_quiz(page, lang: str) -> None:
    quiz = open_part(page, ui("lazy.quiz", lang, title=""), ".tutor-quiz")
    choice = quiz.locator(".tutor-choices button").first
    choice.wait_for(state="visible")
    choice.click()
    verdict = quiz.locator(".tutor-quiz-verdict .tutor-verdict").first
    verdict.wait_for(state="visible")
    correct = verdict.get_attribute("data-correct")
    assert correct in ("true", "false"), verdict.inner_text()
    # "Try again" ("Ask it again" after a right answer) shows after any answer: a widget shown again (layout.display
    # None) once stayed hidden on the site, for Pyodide passed None on as undefined, which the page ignores
    again = quiz.get_by_role("button", name=ui("quiz.again_right" if correct == "true" else "quiz.again", lang),
                             exact=True)
    again.wait_for(state="visible")
    again.click()
    page.wait_for_function("(b) => !b.disabled", arg=choice.element_handle())


def answer_drill(page, lang: str) -> None:
    drill = open_part(page, ui("lazy.drill", lang, title=""), ".tutor-drill")
    choice = drill.locator(".tutor-choices button:not([disabled])").first
    choice.wait_for(state="visible")
    if drill.locator(".tutor-drill-pick-all").count():       # several to pick, then "Check"
        choice.click()
        drill.get_by_role("button", name=ui("drill.check", lang), exact=True).click()
    else:
        choice.click()
    following = drill.get_by_role("button", name=ui("drill.next", lang), exact=True)
    following.wait_for(state="visible")
    following.click()
    following.wait_for(state="hidden")          # a new question: its options open, "Next question" hidden again
    drill.locator(".tutor-choices button:not([disabled])").first.wait_for(state="visible")


def assert_progress_kept(page, game: str, lang: str) -> None:
    """The lesson's contents are on the static page too, and the quiz and drill answered are kept in the browser
    (tutor/widgets/progress.py, static/progress.js), as on a Voilà page."""
    assert page.locator(".tutor-contents-list a").count() >= 10, "no contents on the static page"
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('tutor.progress') || '{}').answers || [])"
                           ".filter((a) => a.kind === 'quiz' || a.kind === 'drill').length >= 2")
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('tutor.progress')).answers")
    assert {(a["game"], a["lang"]) for a in kept} == {(game, lang)}, kept
    assert {"quiz", "drill"} <= {a["kind"] for a in kept}


def play_a_move(page, game: str, lang: str) -> None:
    table = open_part(page, ui("lazy.play", lang, game=spec(game).title(lang)), ".tutor-play:not(.tutor-your-turn)")
    board = table.locator(".tutor-svg svg").first
    board.wait_for(state="visible")
    page.wait_for_function("(root) => root.dataset.v !== undefined", arg=table.element_handle())
    version, svg, log = table.get_attribute("data-v"), board.evaluate("el => el.outerHTML"), \
        table.locator(".tutor-log").inner_text()
    # a move offered as a button, or on the board itself (a card to play, a cell to choose)
    move = table.locator("button.tutor-action:not([disabled])")
    offered = table.locator(".tutor-svg [data-choice]:not(:has(.choice-ring.unavailable))")
    assert move.count() or offered.count(), f"{game}: the play table offers no move"
    (move if move.count() else offered).first.click()
    wait_next_view(page, table, version)
    after_svg = table.locator(".tutor-svg svg").first.evaluate("el => el.outerHTML")
    after_log = table.locator(".tutor-log").inner_text()
    assert after_svg != svg or after_log != log, f"{game}: neither the board nor the log changed after the move"


def language_link(page, game: str, lang: str):
    """(the page's link to the game's lesson in its other language, that page's stem); fails if there is none."""
    other = page_stem(game, next(lg for lg in spec(game).lesson_langs if lg != lang))
    page.evaluate("window.scrollTo(0, 0)")
    link = page.locator(f"a[href='{other}.html']").first
    assert link.count(), f"{page.url}: no link to {other}.html"
    return link, other


def follow_language_link(page, game: str, lang: str, server: SiteServer) -> None:
    link, other = language_link(page, game, lang)
    link.click()
    page.wait_for_url(server.page_url(other))
    first_board(page)


@pytest.mark.parametrize("game,lang", CASES, ids=[f"{g}.{lg}" for g, lg in CASES])
def test_a_lesson_works_on_the_static_site(site_server, browser, game, lang):
    assert lang in spec(game).lesson_langs, f"{game} has no lesson in {lang}"
    watched = Watched(browser, viewport={"width": 1280, "height": 900})
    page = watched.page
    page.set_default_timeout(STEP_MS)
    try:
        page.goto(site_server.page_url(page_stem(game, lang)))
        first_board(page)
        step_example(page, lang)
        answer_quiz(page, lang)
        answer_drill(page, lang)
        assert_progress_kept(page, game, lang)
        play_a_move(page, game, lang)
        assert_no_error_text(page)
        if (game, lang) in FOLLOWED:
            follow_language_link(page, game, lang, site_server)
            assert_no_error_text(page)
        else:
            language_link(page, game, lang)         # there, not followed: a second Pyodide boot each
        assert not watched.blocked, f"requests to other hosts (blocked): {watched.blocked[:10]}"
        assert not watched.errors, f"errors in the browser on {game}.{lang}: {watched.errors[:10]}"
    finally:
        watched.close()
