"""A lazy part whose built widget never reaches the page is built again, so no placeholder stays empty for good.

A CI run under load (3 workers, other browsers beside them) ended with a lesson part 0 px high after 90 s: the
kernel had built it and the placeholder had hidden itself ('done'), but the part's box never got the built widget.
Here the page's kernel connection loses that one message on purpose (the kernel's update that puts the built
widget in the part's box), as a starved machine or a dropped and restored connection can; the page must notice
the missing part and have it built again.
"""

from __future__ import annotations

import json
import threading

import pytest

from test_browser_pages import PHONE, check_page, close_tab, open_page, scroll_through
from voila_harness import require_notebook, new_context

NOTEBOOK = "maui.ipynb"


def contents(message) -> list[dict]:
    """The message's content dicts (the kernel's websocket speaks JSON text or jupyter's v1 binary framing,
    whose JSON segments are read in turn)."""
    text = message if isinstance(message, str) else message.decode("utf-8", "replace")
    try:
        whole = json.loads(text)
        return [whole.get("content") or {}] if isinstance(whole, dict) else []
    except ValueError:
        pass
    out, decoder, i = [], json.JSONDecoder(), text.find("{")
    while i >= 0:
        try:
            obj, end = decoder.raw_decode(text, i)
        except ValueError:
            i = text.find("{", i + 1)
            continue
        if isinstance(obj, dict) and "comm_id" in obj:
            out.append(obj)
        i = text.find("{", end)
    return out


class LoseOnePartUpdate:
    """Pass the kernel's messages on, but lose the first update that gives a lazy part its built widget."""

    def __init__(self):
        self.lazy: set[str] = set()      # model ids of the page's lazy parts
        self.lost: list[str] = []
        self.lock = threading.Lock()

    def _states(self, content: dict):
        data = content.get("data") or {}
        if data.get("method") == "update_states":
            for model_id, model in (data.get("states") or {}).items():
                yield model_id, (model or {}).get("state") or {}
        elif isinstance(data.get("state"), dict):
            yield content.get("comm_id"), data["state"]

    def keep(self, message) -> bool:
        with self.lock:
            for content in contents(message):
                for model_id, state in self._states(content):
                    if "tutor-lazy" in (state.get("_dom_classes") or []):
                        self.lazy.add(model_id)
                data = content.get("data") or {}
                children = (data.get("state") or {}).get("children")
                if (not self.lost and data.get("method") == "update" and content.get("comm_id") in self.lazy
                        and isinstance(children, list) and len(children) == 2):
                    self.lost.append(content["comm_id"])
                    return False
            return True

    def route(self, ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: server.send(m))
        server.on_message(lambda m: ws.send(m) if self.keep(m) else None)


def test_a_part_whose_widget_was_lost_on_the_way_is_built_again(voila_server, browser):
    require_notebook(NOTEBOOK)
    lose = LoseOnePartUpdate()
    context, page = open_page(browser, voila_server.render_url(NOTEBOOK), kernel_socket=lose.route)
    asked = []
    page.on("console", lambda m: m.type == "warning" and "never reached" in m.text and asked.append(m.text))
    try:
        n = scroll_through(page)        # fails if any part is never built (the old page left it empty for good)
        assert lose.lost, f"no part's update was lost (lazy models seen: {len(lose.lazy)}): the test tested nothing"
        assert len(asked) == 1, f"the page should have asked for the lost part once: {asked}"
        assert n >= 10
        check_page(page)
    finally:
        close_tab(context, page)


class LoseOneFrame(LoseOnePartUpdate):
    """Pass the kernel's messages on, but lose the first worked-example frame the page asked for (its step 1)."""

    def keep(self, message) -> bool:
        with self.lock:
            for content in contents(message):
                data = content.get("data") or {}
                frame = (data.get("content") or {}).get("frame") if data.get("method") == "custom" else None
                if not self.lost and isinstance(frame, dict) and frame.get("i") == 0:
                    self.lost.append(content.get("comm_id"))
                    return False
            return True


def test_a_worked_example_whose_frame_was_lost_asks_for_it_again(voila_server, browser):
    # A CI run under load left a worked example built and drawn with no board: its frame never came
    require_notebook(NOTEBOOK)
    lose = LoseOneFrame()
    context, page = open_page(browser, voila_server.render_url(NOTEBOOK), kernel_socket=lose.route)
    try:
        n = scroll_through(page)        # fails if a part is left without its board
        assert lose.lost, "no frame was lost: the test tested nothing"
        assert n >= 10
        check_page(page)
    finally:
        close_tab(context, page)


class LoseOneOpening(LoseOnePartUpdate):
    """Pass every message on, but lose the page's first opening of a lazy part on its way to the kernel."""

    def keep_from_page(self, message) -> bool:
        with self.lock:
            for content in contents(message):
                data = content.get("data") or {}
                if (not self.lost and data.get("method") == "update"
                        and (data.get("state") or {}).get("opened") is True):
                    self.lost.append(content.get("comm_id"))
                    return False
            return True

    def route(self, ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: server.send(m) if self.keep_from_page(m) else None)
        server.on_message(lambda m: ws.send(m))


def test_a_part_whose_opening_was_lost_asks_again(voila_server, browser):
    # A CI run under load left two parts "loading" for 90 s, opened by the page and never built: nothing asked again
    require_notebook(NOTEBOOK)
    lose = LoseOneOpening()
    context, page = open_page(browser, voila_server.render_url(NOTEBOOK), kernel_socket=lose.route)
    asked = []
    page.on("console", lambda m: m.type == "warning" and "not built yet" in m.text and asked.append(m.text))
    try:
        n = scroll_through(page)        # fails if a part stays unbuilt (the old page never asked again)
        assert lose.lost, "no opening was lost: the test tested nothing"
        assert asked, "the page should have asked again for the part whose opening was lost"
        assert n >= 10
        check_page(page)
    finally:
        close_tab(context, page)


# Every AbortSignal.timeout the page asks for, as it reaches the browser: (ms, asked from anywidget's script?)
RECORD_TIMEOUTS_JS = """(() => {
    const real = AbortSignal.timeout.bind(AbortSignal);
    window.__tutorTimeouts = [];
    AbortSignal.timeout = (ms) => {
        window.__tutorTimeouts.push([ms, /\\/anywidget\\//.test(new Error().stack || "")]);
        return real(ms);
    };
})();"""


def test_anywidget_gives_a_widget_a_minute_to_start_not_two_seconds(voila_server, browser):
    # A CI run under load showed a Паперові океани part as "Click to show javascript error" and another with its
    # board never drawn: anywidget gives a model 2 s to start and then drops it for good. The page's template gives
    # anywidget's start 60 s before any widget loads (tutor/share/jupyter/voila/templates/tutor/index.html.j2).
    require_notebook(NOTEBOOK)
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    context.add_init_script(RECORD_TIMEOUTS_JS)         # runs first: the template's script wraps this one
    page = context.new_page()
    try:
        page.goto(voila_server.render_url(NOTEBOOK))
        page.locator(".tutor-reveal").first.wait_for(state="attached", timeout=120_000)
        page.locator(".tutor-lazy").first.scroll_into_view_if_needed()
        page.locator(".tutor-lazy svg").first.wait_for(state="attached", timeout=120_000)
        asked = page.evaluate("window.__tutorTimeouts")
        starts = [ms for ms, from_anywidget in asked if from_anywidget]
        assert len(starts) >= 10, f"anywidget started too few models to tell: {asked[:20]}"
        assert set(starts) <= {60_000, 3_000}, f"anywidget's start deadline reached the browser unchanged: {sorted(set(starts))}"
        assert 60_000 in starts
    finally:
        close_tab(context, page)


# 30x, a cheap phone busy with something else: the one that lost models (6x, a cheap phone, and 10x, between them,
# scaled away by count to fit CI's time; they came through where 30x failed)
@pytest.mark.parametrize("rate", [30])
def test_a_cheap_phone_loses_no_widget(voila_server, browser, rate):
    """A page whose CPU is throttled `rate` times (Chromium's CPU throttling; 6x to 10x is a cheap phone) draws
    every placeholder of its first render and the first part it opens, with no error. Before the template's
    script (above) anywidget gave each model 2 s to start: a review lost a board in one of two loads at 10x on a
    busy machine; on a quiet one 6x and 10x came through, and 30x (a cheap phone busy with something else) lost
    models in every load ("[anywidget] Failed to initialize model")."""
    require_notebook(NOTEBOOK)
    context, page = open_page(browser, voila_server.render_url(NOTEBOOK), viewport=PHONE, throttle=rate)
    try:
        page.locator(".tutor-page-status").first.wait_for(state="attached", timeout=240_000)
        # every placeholder of the first render is an anywidget view: all drawn, none an error box
        page.wait_for_function("""() => {
            const parts = document.querySelectorAll('.tutor-lazy');
            return parts.length > 10 && [...parts].every((p) => p.querySelector('.tutor-reveal-button'));
        }""", timeout=240_000, polling=1000)
        page.locator(".tutor-lazy").first.scroll_into_view_if_needed()
        page.locator(".tutor-lazy").first.locator(".tutor-svg svg").first.wait_for(state="attached", timeout=240_000)
        assert not page.locator(".jupyter-widgets:has-text('Error')").count(), "an error box on the page"
        assert not page.console_errors, f"console errors at {rate}x: {page.console_errors[:5]}"
    finally:
        close_tab(context, page)
