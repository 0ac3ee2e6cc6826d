"""A learner's progress kept on the device, told as one story on a 390x844 phone (issue #33's check), on the Voilà app
and on the static site alike: in Мяури's Russian lesson a learner reads a part, solves a "your turn" task, misses a
question in each of two drills, answers a quiz wrong then right, and closes the page. A new page of the same browser
marks the part read and offers "continue where you left off"; the index shows the game's figures; its practise link
opens a session that starts with the two missed drills; the progress exported, forgotten (gone), then imported in a
fresh browser (another device) comes back whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tutor.core import drill as D
from tutor.core.i18n import text

from site_harness import Watched
from test_site import BOOT_MS, STEP_MS, open_part
from voila_harness import wait_next_view

ROOT = Path(__file__).resolve().parents[2]

PHONE = {"width": 390, "height": 844}
DEVICE = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
GAME, LANG = "maui", "ru"
MISSED = ["maui/who-takes", "maui/kiti-decides"]        # two one-pick drills, the first and second on the page
STORED = "() => JSON.parse(localStorage.getItem('tutor.progress') || 'null')"


# the quiz, task and drill ids of a part, in page order, and whether a game is in it (as static/contents.js finds them)
_PART_BODY = """(part) => { const anchors = [...document.querySelectorAll('a[id^="part-"]')];
  const i = anchors.findIndex((a) => a.id === part), next = anchors[i + 1];
  const inside = (el) => (anchors[i].compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
    && (!next || (next.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING));"""
ITEMS_IN = _PART_BODY + """
  return [...document.querySelectorAll('.tutor-practice')].filter(inside)
    .map((el) => [...el.classList].find((c) => c.startsWith('tutor-item-')).slice(11).replace(/--/g, '/')); }"""
HAS_GAME = _PART_BODY + """
  return [...document.querySelectorAll('.tutor-game')].some(inside); }"""

def ui(key: str, lang: str = LANG, **params) -> str:
    return text(f"ui.{key}", lang, **params)


class Where:
    """The two ways a learner reaches the lessons: a Voilà server's pages, or the static site's."""

    def __init__(self, kind: str, server):
        self.kind, self.server = kind, server

    def lesson(self) -> str:
        if self.kind == "voila":
            return self.server.render_url(f"{GAME}.{LANG}.ipynb")
        return self.server.page_url(f"{GAME}.{LANG}")

    def index(self) -> str:
        return self.server.render_url("index.ipynb") if self.kind == "voila" else self.server.page_url("index")


@pytest.fixture(params=["voila", pytest.param("site", marks=pytest.mark.site)])
def where(request):
    server = request.getfixturevalue("voila_server" if request.param == "voila" else "site_server")
    return Where(request.param, server)


def open_lesson(page, url: str) -> None:
    # Voilà runs the lesson before it answers: on a loaded run the page took more than STEP_MS to load
    page.goto(url, timeout=BOOT_MS)
    page.wait_for_function("() => document.querySelectorAll('.tutor-contents-list a').length >= 10", timeout=BOOT_MS)


def part_id(page, number: int) -> str:
    return page.evaluate("""(n) => [...document.querySelectorAll('.tutor-contents-list a')]
      .find((a) => a.textContent.startsWith(n + '.')).getAttribute('href').slice(1)""", number)


def read_part(page, number: int) -> str:
    """The part's end kept on screen (parts built above it may move it) until the page counts it read."""
    ident, following = part_id(page, number), part_id(page, number + 1)
    read_yet = f"() => Boolean(({STORED})()?.read?.['{GAME}/{LANG}']?.includes('{ident}'))"
    page.evaluate("(id) => document.getElementById(id).scrollIntoView({block: 'start'})", ident)
    for _ in range(45):
        page.evaluate("(id) => document.getElementById(id).scrollIntoView({block: 'end'})", following)
        page.wait_for_timeout(2000)
        if page.evaluate(read_yet):
            return ident
    pytest.fail(f"part {number} was never counted as read")


def solve_first_task(page) -> int:
    """The page's first "your turn" task, its moves tried in turn ("again" after a miss) until solved: the tries."""
    task = open_part(page, ui("lazy.your_turn", title=""), ".tutor-your-turn")
    offered = ".tutor-svg [data-choice]:not(:has(.choice-ring.unavailable))"
    task.locator(offered).first.wait_for(state="visible")
    keys = [e.get_attribute("data-key") for e in task.locator(offered).element_handles()]
    for tries, key in enumerate(keys, 1):
        version = task.get_attribute("data-v")
        task.locator(f'.tutor-svg [data-choice][data-key="{key}"]').click()
        wait_next_view(page, task, version)
        if task.locator('.tutor-task-verdict[data-outcome="done"]').count():
            return tries
        if task.locator('.tutor-task-verdict[data-outcome="refused"]').count():
            continue            # a refused move changed nothing: the next one is made at once
        version = task.get_attribute("data-v")
        task.locator("button.tutor-task-again").click()
        wait_next_view(page, task, version)
    pytest.fail(f"no move on offer solved the task ({keys})")


def miss_a_drill_question(page, drill_id: str) -> None:
    """Questions of the drill answered with their first option until one is wrong (the hint shows), then the next."""
    title = D.said(D.find(drill_id).title, LANG)
    # its placeholder ("▶ Потренируйтесь: <title>") opened; the drill built in its place names it in its heading
    # (the page builds a part as it comes into view, so it may be built already)
    heading = ui("drill.heading", title=title)
    parts = page.locator(".tutor-lazy")
    part = parts.filter(has_text=ui("lazy.drill", title=title)).or_(
        parts.filter(has=page.locator(".tutor-drill", has_text=heading))).first
    part.scroll_into_view_if_needed()
    # in view, the page may have opened it already (reveal.js): pressed only if not, in one step in the page
    part.evaluate("(p) => { const b = p.querySelector('.tutor-reveal-button'); if (b && !b.disabled) b.click(); }")
    drill = page.locator(".tutor-drill").filter(has_text=heading).first
    drill.wait_for(state="visible")
    verdict = drill.locator(".tutor-quiz-verdict")
    for _question in range(12):
        option = drill.locator(".tutor-choices button:not([disabled])").first
        option.wait_for(state="visible")
        option.click()
        verdict.locator(".tutor-verdict").first.wait_for(state="visible")
        wrong = verdict.locator('[data-correct="false"]').count() > 0
        following = drill.get_by_role("button", name=ui("drill.next"), exact=True)
        following.click()
        following.wait_for(state="hidden")
        if wrong:
            return
    pytest.fail(f"{drill_id}: twelve questions and the first option never wrong")


def quiz_wrong_then_right(page) -> None:
    """The page's first quiz (Мяури's three elevens), answered wrong, then right: which choice is right, the engine
    says (the choices are shown in the file's order)."""
    from tutor.core import quiz as Q
    outcomes = Q.evaluate(Q.load_file(ROOT / "lessons" / "maui" / "quizzes" / "who-takes-the-deep.yaml"))
    right = next(o.index for o in outcomes if o.correct)
    wrong = next(o.index for o in outcomes if not o.correct)
    quiz = open_part(page, ui("lazy.quiz", title=""), ".tutor-quiz")
    buttons = quiz.locator(".tutor-choices button")
    verdict = quiz.locator(".tutor-quiz-verdict .tutor-verdict").first
    buttons.first.wait_for(state="visible")
    buttons.nth(wrong).click()
    verdict.wait_for(state="visible")
    assert verdict.get_attribute("data-correct") == "false"
    quiz.get_by_role("button", name=ui("quiz.again"), exact=True).click()
    page.wait_for_function("(b) => !b.disabled", arg=buttons.nth(right).element_handle())
    buttons.nth(right).click()
    verdict.wait_for(state="visible")
    assert verdict.get_attribute("data-correct") == "true"


def test_a_returning_learner_finds_their_progress_and_practises_their_mistakes(where, browser, tmp_path):
    titles = {d: D.said(D.find(d).title, LANG) for d in MISSED}
    device = Watched(browser, **DEVICE)
    page = device.page
    page.set_default_timeout(STEP_MS)
    try:
        # -- the first visit
        open_lesson(page, where.lesson())
        read = read_part(page, 3)
        tries = solve_first_task(page)
        for drill_id in MISSED:
            miss_a_drill_question(page, drill_id)
        quiz_wrong_then_right(page)
        page.wait_for_function(f"() => ({STORED})().answers.filter((a) => a.kind === 'quiz').length >= 2")
        # the learner stays a while where they stop (a glance is no place: PLACE_SECONDS in contents.js)
        # (the part they are in now, as the contents mark it: an earlier part stayed in as long was kept before)
        page.wait_for_function(f"() => {{ const here = document.querySelector('.tutor-contents-list a[aria-current]');"
                               f" return here && ({STORED})().at && ({STORED})().at['{GAME}/{LANG}']"
                               f" === here.getAttribute('href').slice(1); }}", timeout=30_000)
        stored = page.evaluate(STORED)
        kinds = {}
        for a in stored["answers"]:
            kinds.setdefault(a["kind"], []).append(a)
        assert [a["right"] for a in kinds["quiz"]] == [False, True] and kinds["quiz"][0]["first"]
        assert [a["right"] for a in kinds["task"]][-1] and (kinds["task"][0]["right"] == (tries == 1))
        missed = [a["item"] for a in kinds["drill"] if not a["right"]]
        assert missed == MISSED, kinds["drill"]
        assert all(a["game"] == GAME and a["lang"] == LANG and a["part"].startswith("part-") for a in stored["answers"])
        left_in = stored["at"][f"{GAME}/{LANG}"]
        practice = page.evaluate("() => document.querySelectorAll('.tutor-practice').length")
        page.close()

        # -- the next visit, in the same browser: the part read is marked, and the way back to where they were
        page = device.context.new_page()
        page.set_default_timeout(STEP_MS)
        open_lesson(page, where.lesson())
        page.wait_for_timeout(500)
        marked = page.locator(".tutor-contents-list a.tutor-part-read")
        assert read in [a.get_attribute("href")[1:] for a in marked.element_handles()]
        banner = page.locator(".tutor-continue:not(.tutor-continue-unread)")
        banner.wait_for(state="visible")        # (the static site shows the page once its cells have run)
        # where they were; or, when that part was read and the quiz, task or drill they were at was answered right
        # with none after it in the part still to do, the part after it (contents.js: a place done with is no place
        # to go back to; a part with a game in it always is)
        item = stored["item"].get(f"{GAME}/{LANG}")
        was_read = left_in in stored["read"][f"{GAME}/{LANG}"]
        latest = {a["item"]: a for a in stored["answers"]}
        # every quiz, task and drill on the page again (the static site runs its cells after it shows)
        page.wait_for_function(f"() => document.querySelectorAll('.tutor-practice').length >= {practice}",
                               timeout=BOOT_MS)
        items = page.evaluate(ITEMS_IN, left_in)
        still = [i for i in items[items.index(item) + 1:] if not latest.get(i, {}).get("right")] if item in items else []
        if was_read and not page.evaluate(HAS_GAME, left_in) and (not item or (latest.get(item, {}).get("right")
                                                                               and not still)):
            ids = [a.get_attribute("href")[1:] for a in page.locator(".tutor-contents-list a").element_handles()]
            later = ids[ids.index(left_in) + 1:]
            left_in = next(i for i in later if i not in ("part-components", "part-rulings", "part-variants"))
        left_title = page.locator(f".tutor-contents-list a[href='#{left_in}']").inner_text()
        # (said again as the page's quizzes, tasks and drills appear, at most a moment after the last of them)
        page.wait_for_timeout(700)
        assert left_title in banner.inner_text(), (banner.inner_text(), items, still, item)
        # the quiz answered right says so on its box (a reader came back to a solved task drawn blank); a drill
        # whose last answer was wrong does not
        solved = page.evaluate("() => [...document.querySelectorAll('.tutor-practice[data-solved]')].map("
                               "(e) => [...e.classList].find((c) => c.startsWith('tutor-item-')).slice(11))")
        quiz = kinds["quiz"][-1]["item"].replace("/", "--")
        assert quiz in solved and not any(m.replace("/", "--") in solved for m in MISSED), (quiz, solved)
        assert text("ui.page.contents.solved_before", LANG) in page.evaluate(
            f"() => document.querySelector('.tutor-practice.tutor-item-{quiz}').dataset.solved")
        # ... and shows it answered as it was left: the quiz's right answer marked, the task's move played and judged
        # (tutor/widgets/progress.py restore: a returning reader found their answers gone, stop 58)
        # (each built as the learner comes to it: tutor.widgets.lazy)
        task = kinds["task"][-1]["item"].replace("/", "--")
        for item, answered in ((quiz, "button.tutor-quiz-right"), (task, "[data-outcome='done']")):
            box = page.locator(f".tutor-practice.tutor-item-{item}")
            box.evaluate("(el) => el.scrollIntoView({ block: 'start' })")
            box.locator(answered).first.wait_for(state="attached")
        assert not page.locator(".tutor-practice [data-outcome='missed'], .tutor-practice .tutor-quiz-wrong").count()

        # -- the index's figures, and its way into a practise session
        page.goto(where.index())
        figure = page.locator(f'#{LANG} .tutor-progress-of[data-game="{GAME}"]')
        page.wait_for_function("(el) => el && el.textContent !== ''", arg=figure.element_handle(timeout=BOOT_MS),
                               timeout=BOOT_MS)
        firsts = [a for a in stored["answers"] if a["first"] and a["kind"] != "example"]
        pct = round(100 * sum(a["right"] and not a["shown"] for a in firsts) / len(firsts))
        said = figure.inner_text()
        # the second visit opened at the top: the first part, whole on screen, may have been read since (a slow page
        # shows it longer than WHOLE_SECONDS before the test moves on); nothing else
        before, now = stored["read"][f"{GAME}/{LANG}"], page.evaluate(STORED)["read"][f"{GAME}/{LANG}"]
        assert set(before) <= set(now) and len(now) <= len(before) + 1, (before, now)
        assert said.startswith(f"прочитано частей: {len(now)} из ") and f"{pct} %" in said, said
        # the task solved practised one of the lesson's actions (lessons/maui/actions.yaml: one task each)
        listed = yaml.safe_load((ROOT / "lessons" / GAME / "actions.yaml").read_text(encoding="utf-8"))["actions"]
        actions = sum(bool(a.get("tasks")) for a in listed)
        assert f"действий отработано: 1 из {actions}" in said, said
        figure.locator("a").click()
        session = page.locator(".tutor-practise-session")
        session.wait_for(state="visible", timeout=BOOT_MS)
        heading = session.locator("h3").first
        first = heading.inner_text()
        assert "1 из" in first and any(titles[d] in first for d in MISSED), first
        option = session.locator(".tutor-choices button").first
        option.wait_for(state="visible")
        option.click()
        if session.locator(".tutor-drill-pick-all").count():
            session.get_by_role("button", name=ui("drill.check"), exact=True).click()
        session.get_by_role("button", name=ui("drill.next"), exact=True).click()
        # the session's heading is drawn anew with each question
        page.wait_for_function("() => document.querySelector('.tutor-practise-session h3').innerText.includes('2 из')")
        second = heading.inner_text()
        assert {d for d in MISSED if titles[d] in first or titles[d] in second} == set(MISSED), (first, second)

        # -- kept in a file, forgotten, and brought back on another device
        page.locator(".tutor-contents-toggle").tap()
        tools = page.locator(".tutor-progress-tools")
        with page.expect_download() as saved:
            tools.get_by_role("button", name=ui("page.contents.export"), exact=True).tap()
        exported = tmp_path / "progress.json"
        saved.value.save_as(exported)
        assert len(json.loads(exported.read_text(encoding="utf-8"))["answers"]) >= len(stored["answers"])
        page.once("dialog", lambda dialog: dialog.accept())
        tools.get_by_role("button", name=ui("page.contents.forget"), exact=True).tap()
        page.wait_for_function(f"() => ({STORED})().answers.length === 0")
        # the contents drop their marks as they redraw (on the static site, a loaded CI runner drew them a moment
        # after the store was emptied): waited for, then checked
        page.wait_for_function("() => !document.querySelector('.tutor-contents-list a.tutor-part-read')", timeout=10_000)
        assert page.locator(".tutor-contents-list a.tutor-part-read").count() == 0
        assert not page.locator(".tutor-continue:not(.tutor-continue-unread)").is_visible()
        # nor a moment later, once the part on screen counts as read again: "continue" is for a learner who comes
        # back, not one who has just forgotten (a reader saw it return within a second)
        page.wait_for_timeout(4000)
        assert not page.locator(".tutor-continue:not(.tutor-continue-unread)").is_visible()
        assert not [e for e in device.errors if e.startswith("page error")], device.errors
    finally:
        device.close()

    other = Watched(browser, **DEVICE)
    page = other.page
    page.set_default_timeout(STEP_MS)
    try:
        open_lesson(page, where.lesson())
        assert page.evaluate(STORED) is None or not page.evaluate(STORED)["answers"]
        # a file that is not progress changes nothing and says so
        junk = tmp_path / "junk.json"
        junk.write_text('{"v": 99, "answers": "no"}', encoding="utf-8")
        before = (page.evaluate(STORED) or {}).get("answers", [])
        page.locator(".tutor-progress-tools input[type=file]").set_input_files(str(junk))
        page.wait_for_function("() => document.querySelector('.tutor-progress-told').textContent.trim() !== ''")
        assert (page.evaluate(STORED) or {}).get("answers", []) == before
        page.locator(".tutor-progress-tools input[type=file]").set_input_files(str(exported))
        page.wait_for_function(f"() => document.querySelector(\".tutor-contents-list a[href='#{read}']\")"
                               ".classList.contains('tutor-part-read')")
        assert len(page.evaluate(STORED)["answers"]) == len(json.loads(exported.read_text(encoding="utf-8"))["answers"])
        assert not [e for e in other.errors if e.startswith("page error")], other.errors
    finally:
        other.close()
