"""Drills in a real browser: each lesson's "Practise this" opens a drill, and a learner answers wrong (the hint,
with its rule, comes first), tries again and answers right, asks "Show me why", and moves to the next question;
English on a laptop screen, the other lesson language on a phone (390 px: nothing wider than the screen)."""

from __future__ import annotations

import pytest

from helpers import languages

from tutor.core import drill as D
from tutor.core.game import ready_games, spec
from tutor.core.i18n import text
from voila_harness import RENDER_TIMEOUT_MS, new_context

from test_browser_lessons import assert_no_errors

PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
# each game in one of its languages, the games taking turns (tests/helpers.py: languages)
CASES = [(g, lang) for i, g in enumerate(ready_games())
         for lang in languages(*spec(g).lesson_langs, chosen=spec(g).lesson_langs[i % 2])]


def one_pick_drill(game: str) -> D.Drill:
    """The first of the game's drills whose questions take one answer (a pick-all one cannot be brute-forced)."""
    return next(d for d in D.drills(game) if not D.question(d, 0).multi)


def ui(key: str, lang: str, **params) -> str:
    return text(f"ui.{key}", lang, **params)


@pytest.mark.parametrize("game,lang", CASES)
def test_a_learner_practises_with_a_drill(voila_server, browser, game, lang):
    phone = lang != "en"
    context = new_context(browser, viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                                  device_scale_factor=2 if phone else 1)
    page = context.new_page()
    page.set_default_timeout(RENDER_TIMEOUT_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    try:
        stem = spec(game).stem
        page.goto(voila_server.render_url(f"{stem}.ipynb" if lang == "en" else f"{stem}.{lang}.ipynb"))
        page.locator(".tutor-page-status").first.wait_for(state="attached")
        d = one_pick_drill(game)
        # the placeholder says "▶ Practise this: <title>"; the drill built in its place says "Practise: <title>"
        title = D.said(d.title, lang)
        part = page.locator(".tutor-lazy").filter(has_text=ui("lazy.drill", lang, title=title)).first
        # held as first found (element_handle waits for it): once the page opens it, its button's words turn to
        # "Setting up…" and the label a locator finds it by is gone (a loaded CI run)
        part = part.element_handle()
        part.scroll_into_view_if_needed()
        # a drill beside a part's question or task waits folded (tutor/lesson.py `extra`): pressed as a learner would
        part.evaluate("(p) => { const b = p.querySelector('.tutor-reveal-button'); if (b && !b.disabled) b.click(); }")
        drill = page.locator(".tutor-drill").filter(has_text=ui("drill.heading", lang, title=title)).first
        drill.wait_for(state="visible")
        drill.locator(".tutor-svg svg").first.wait_for(state="visible")
        button = lambda name: drill.get_by_role("button", name=name, exact=True)  # noqa: E731
        verdict = drill.locator(".tutor-quiz-verdict")

        wrong_seen = right_seen = why_seen = False
        for _question in range(12):
            options = drill.locator(".tutor-choices button")
            count = options.count()
            assert count >= 2
            for i in range(count):
                options.nth(i).click()
                verdict.locator(".tutor-verdict").first.wait_for(state="visible")
                if verdict.locator('[data-correct="true"]').count():
                    right_seen = True
                    break
                wrong_seen = True
                hint = verdict.locator(".tutor-task-hint")
                assert hint.is_visible() and hint.locator(".tutor-cite").count() == 1
                assert verdict.locator(".tutor-drill-why").count() == 0      # the answer waits for "Show me why"
                if not why_seen:         # the first wrong answer: "Show me why"; later ones: try again
                    why_seen = True
                    button(ui("why.show", lang)).click()
                    why = verdict.locator(".tutor-drill-why")
                    why.wait_for(state="visible")
                    assert ui("drill.answer", lang, answer="").rstrip(".").strip() in why.inner_text()
                    assert drill.locator(".tutor-quiz-right").count() >= 1
                    break
                button(ui("drill.again", lang)).click()
                verdict.locator(".tutor-verdict").first.wait_for(state="detached")
            streak = drill.locator(".tutor-drill-streak").inner_text()
            assert streak.startswith(ui("drill.streak", lang, n="").strip())
            if why_seen and right_seen:
                break
            old = drill.locator(".tutor-svg").inner_html()
            button(ui("drill.next", lang)).click()
            page.wait_for_function("([el, old]) => el.innerHTML !== old",
                                   arg=[drill.locator(".tutor-svg").element_handle(), old])
            # the board, the verdict and the answer buttons come in separate messages: the next question is asked once
            # the old verdict is gone and its answers can be pressed (a loaded run clicked an old, disabled button)
            page.wait_for_function(
                "(root) => !root.querySelector('.tutor-quiz-verdict .tutor-verdict')"
                " && [...root.querySelectorAll('.tutor-choices button')].some((b) => !b.disabled)",
                arg=drill.element_handle())
        assert wrong_seen and why_seen and right_seen, "twelve questions without both a wrong and a right answer"
        assert drill.locator(".tutor-drill-mark").count() >= 2           # the history shows the answers
        if phone:
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"] + 2, f"the page is {width} px wide on a {PHONE['width']} px phone"
        drill.screenshot(path=str(voila_server.log_path.parent / f"drill-{game}-{lang}.png"))
        # an opened extra (a part opened only by its button: four games' first drill) keeps its title over it, and a
        # tap on the title folds it away; the button opens it again as it was left (its answers kept). A part the
        # page opens by itself as it comes near (Aqua Fest's) is on the main path and has no such title.
        marks = drill.locator(".tutor-drill-mark").count()
        bar = part.query_selector(".tutor-refold-button")
        if "tutor-lazy-manual" not in (part.get_attribute("class") or ""):
            assert bar is None, "a part on the main path got an extra's fold-away title"
            assert_no_errors(page)
            return
        assert bar is not None and bar.is_visible(), "an opened drill shows no title to fold it by"
        assert title in bar.inner_text() and bar.inner_text().startswith("▼")
        bar.click()
        drill.wait_for(state="hidden")
        reveal = part.query_selector(".tutor-reveal-button")
        assert reveal.is_visible() and reveal.is_enabled() and not bar.is_visible()
        assert reveal.inner_text() == ui("lazy.extra", lang, label=ui("lazy.drill", lang, title=title))
        reveal.click()
        drill.wait_for(state="visible")
        assert bar.is_visible() and not reveal.is_visible()
        assert drill.locator(".tutor-drill-mark").count() == marks
        assert_no_errors(page)
    finally:
        context.close()
