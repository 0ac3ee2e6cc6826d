"""The served lesson, measured inside Chromium: time to the first board (against a bare one-widget notebook
served the same way), scenario player click -> new board, play table action -> board updated, and memory of
the Voilà server and its kernels.

Starts `python -m tutor.serving` (the settings of `make serve`) on a free port; drives Debian chromium.
TUTOR_NOTEBOOKS points it at another lesson folder.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = Path(os.environ.get("TUTOR_NOTEBOOKS", ROOT / "notebooks")).resolve()
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--host-resolver-rules=MAP cdn.jsdelivr.net ~NOTFOUND"]
CLICKS = 12
LESSON = "maui.ipynb"


def is_kernel(cmdline: str) -> bool:
    """A kernel process, started the stock way or the tutor server's way (tutor.kernel_launch)."""
    return "ipykernel" in cmdline or "tutor.kernel_launch" in cmdline


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, extra: list[str] = ()):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tutor.serving", "--notebooks", str(NOTEBOOKS), "--port", str(self.port),
             *extra], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.ps = psutil.Process(self.proc.pid)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)

    def kernels(self) -> list[psutil.Process]:
        out = []
        for child in self.ps.children(recursive=True):
            try:
                if is_kernel(" ".join(child.cmdline())):
                    out.append(child)
            except psutil.Error:     # a kernel that ended (or is ending) between the listing and the look
                pass
        return out

    def settle(self, timeout: float = 120) -> None:
        """Wait until the preheated pool stops growing and every kernel is idle."""
        deadline, last, since = time.monotonic() + timeout, -1, time.monotonic()
        while time.monotonic() < deadline:
            n = len(self.kernels())
            if n != last:
                last, since = n, time.monotonic()
            elif (n and time.monotonic() - since > 3 and all(k.cpu_percent(0.2) < 5 for k in self.kernels())
                  and self.ps.cpu_percent(0.5) < 10):
                # the server too: it may still be handing cells to kernels that sit idle waiting for them
                return
            time.sleep(0.3)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            for c in self.ps.children(recursive=True):
                c.kill()
            self.proc.kill()


def mib(processes) -> float:
    return sum(p.memory_info().rss for p in processes) / 2**20


def first_render(server: Server, notebook: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(f"{server.url}/voila/render/{notebook}", timeout=120) as r:
        html = r.read().decode()
    elapsed = time.perf_counter() - start
    kid = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    if kid:
        urllib.request.urlopen(urllib.request.Request(
            f"{server.url}/voila/api/shutdown/{kid.group(1)}", data=b""), timeout=30).read()
    return elapsed


# Records, from navigation start, when the first board (an SVG inside .tutor-svg) appears in the page.
FIRST_BOARD_JS = """
new MutationObserver((_, obs) => {
  if (window.__firstBoard === undefined && document.querySelector('.tutor-svg svg')) {
    window.__firstBoard = performance.now(); obs.disconnect();
  }
}).observe(document, {subtree: true, childList: true});
"""

# [ms until the board inside `root` was redrawn] after clicking the button whose text is `name` (two frames
# may show the same position, so any redraw of the board counts, not only a changed picture)
CLICK_JS = """async ([root, name]) => {
    const button = [...root.querySelectorAll('button')].find(b => b.innerText.trim() === name
                                                              || b.innerText.trim().startsWith(name));
    const board = root.querySelector('.tutor-svg');
    return await new Promise(resolve => {
        const start = performance.now();
        const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - start); });
        obs.observe(board, {subtree: true, childList: true, characterData: true, attributes: true});
        button.click();
        setTimeout(() => { obs.disconnect(); resolve(-1); }, 10000);
    });
}"""

BARE = {"cells": [{"cell_type": "code", "id": "bare", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": "import ipywidgets as W\nW.HTML('<div class=\"tutor-svg\"><svg width=\"100\" "
                             "height=\"100\"><rect width=\"100\" height=\"100\"/></svg></div>')"}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}


def first_board(browser, server: Server, url: str, loads: int = 5, throttle: float = 1) -> list[float]:
    """ms from navigation start to the first board, over `loads` fresh page loads, each on a preheated kernel
    (the pool is left to refill between loads, as it does between learners); `throttle` slows the page's CPU
    that many times (Chromium's CPU throttling: 6 is a cheap phone)."""
    out = []
    for _ in range(loads):
        server.settle()
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(FIRST_BOARD_JS)
        page = context.new_page()
        if throttle != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.goto(url, timeout=120_000)
        show_first_board(page, 120_000)
        page.wait_for_function("window.__firstBoard !== undefined", timeout=120_000)
        out.append(page.evaluate("window.__firstBoard"))
        context.close()
    return out


def show_first_board(page, timeout_ms: int) -> None:
    """A page's first board: a static picture in its first render, or (a lesson whose first screens hold none, as
    Мяури's) the one its first lazy part draws once scrolled to."""
    page.wait_for_function("!!(document.querySelector('.tutor-svg svg') || document.querySelector('.tutor-lazy'))",
                           timeout=timeout_ms)
    if not page.evaluate("!!document.querySelector('.tutor-svg svg')"):
        page.locator(".tutor-lazy").first.scroll_into_view_if_needed(timeout=timeout_ms)


def open_part(page, selector: str):
    """Scroll to the first lazy part holding `selector` (the page builds it) and return that element."""
    page.locator(".tutor-page-status").first.wait_for(state="attached", timeout=120_000)
    parts = page.locator(".tutor-lazy")
    for i in range(parts.count()):
        if not parts.nth(i).is_visible():       # in a folded reference part (the contents fold them until opened)
            continue
        parts.nth(i).scroll_into_view_if_needed()
        found = parts.nth(i).locator(selector)
        try:
            found.first.wait_for(state="visible", timeout=3000)
            return found.first
        except Exception:
            continue
    raise RuntimeError(f"no {selector} on the page")


def scenario_clicks(browser, server: Server, lesson: str) -> list[float]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server.url}/voila/render/{lesson}", timeout=120_000)
    player = open_part(page, ".tutor-scenario")
    player.locator(".tutor-svg svg").first.wait_for(timeout=120_000)
    root = player.element_handle()
    out = []
    for i in range(CLICKS):
        page.wait_for_timeout(120)      # a learner reads; the page asks ahead for the next frames meanwhile
        ms = page.evaluate(CLICK_JS, [root, "Next" if i % 2 == 0 else "◀"])
        if ms >= 0:
            out.append(ms)
    page.close(run_before_unload=True)
    return out


# a play table's first enabled action pressed; ms until its board changed (-1: no change in 10 s, -2: no action)
PLAY_JS = """async (root) => {
    const board = root.querySelector('.tutor-svg');
    const button = [...root.querySelectorAll('.tutor-actions:not([hidden]) button.tutor-action')].find(b => !b.disabled);
    if (!button) return -2;
    const before = board.innerHTML;
    return await new Promise(resolve => {
        const start = performance.now();
        const obs = new MutationObserver(() => {
            if (board.innerHTML !== before) { obs.disconnect(); resolve(performance.now() - start); }
        });
        obs.observe(board, {subtree: true, childList: true, characterData: true});
        button.click();
        setTimeout(() => { obs.disconnect(); resolve(-1); }, 10000);
    });
}"""


def play_actions(browser, server: Server, lesson: str, pace: str = "off") -> list[float]:
    """ms from a click on an offered move at the play table to its board updated (bots' replies included). With
    the film off (`pace` "off") that board is the live one; step by step, it is the film's first frame (one more
    round trip: the page asks for it), and the film is skipped before the next move."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(f"try {{ localStorage.setItem('tutor.play.speed', '{pace}'); }} catch (e) {{}}")
    page = context.new_page()
    page.goto(f"{server.url}/voila/render/{lesson}", timeout=120_000)
    table = open_part(page, ".tutor-play:not(.tutor-your-turn)")
    out = time_actions(page, table.element_handle(), CLICKS)
    page.close(run_before_unload=True)
    context.close()
    return out


def time_actions(page, root, clicks: int) -> list[float]:
    """`clicks` actions pressed at the play table `root`, a pause between; ms to each board updated."""
    out = []
    for _ in range(clicks):
        page.wait_for_timeout(150)
        ms = page.evaluate(PLAY_JS, root)
        if ms >= 0:
            out.append(ms)
        # a film of the others' turns: skipped, so the next move's button is on screen
        page.wait_for_timeout(300)
        page.evaluate("(root) => { const s = root.querySelector('.tutor-film:not([hidden]) .tutor-film-skip');"
                      " if (s) s.click(); }", root)
    return out


def stats(values: list[float]) -> str:
    return (f"median {statistics.median(values):.1f} ms (min {min(values):.1f}, max {max(values):.1f}, "
            f"n={len(values)})" if values else "no measurement")


def wire_bytes(browser, url: str, visits: int = 1) -> list[tuple[int, int]]:
    """(requests, bytes on the wire) for a lesson page's first render as Chromium received it (compressed or not):
    every response from navigation until the page's parts are placed and two quiet seconds have passed; one pair
    per visit, in one browser profile (the second visit finds the cached scripts)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    out = []
    try:
        for _ in range(visits):
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            seen = {"n": 0, "bytes": 0}

            def finished(event: dict, seen=seen) -> None:
                seen["n"] += 1
                seen["bytes"] += int(event.get("encodedDataLength", 0))
            cdp.on("Network.loadingFinished", finished)
            page.goto(url)
            page.locator(".tutor-reveal").first.wait_for(state="attached", timeout=120_000)
            page.wait_for_timeout(2000)
            out.append((seen["n"], seen["bytes"]))
            page.close(run_before_unload=True)      # its kernel is shut down, as a closed tab's is
        return out
    finally:
        context.close()


def main() -> None:
    if not (NOTEBOOKS / "index.ipynb").is_file():
        print(f"skipped: no lesson index in {NOTEBOOKS}")
        return
    import json
    import tempfile

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            server = Server()
            try:
                server.settle()
                kernels = server.kernels()
                print(f"memory: server {mib([server.ps]):.0f} MiB, {len(kernels)} preheated kernels "
                      f"{mib(kernels):.0f} MiB ({mib(kernels) / max(len(kernels), 1):.0f} MiB each)")
                for nb in ("index.ipynb", LESSON):
                    print(f"first render {nb} (preheated, server HTML): {first_render(server, nb) * 1e3:.0f} ms")
                server.settle()
                (n, wire), (n2, wire2) = wire_bytes(browser, f"{server.url}/voila/render/{LESSON}", visits=2)
                print(f"bytes on the wire, {LESSON} first render: {wire / 1e6:.2f} MB in {n} requests   goal <= 2 MB")
                print(f"  the same browser's second visit (scripts cached): {wire2 / 1e6:.2f} MB in {n2} requests")
                server.settle()
                lesson_ms = first_board(browser, server, f"{server.url}/voila/render/{LESSON}")
                slow_ms = first_board(browser, server, f"{server.url}/voila/render/{LESSON}", loads=3, throttle=6)
                for lesson in ("maui.ipynb", "aqua_fest.ipynb"):
                    if (NOTEBOOKS / lesson).exists():
                        print(f"scenario player click -> new board, {lesson}: "
                              f"{stats(scenario_clicks(browser, server, lesson))}   target <= 10 ms")
                for lesson in ("maui.ipynb", "aqua_fest.ipynb"):
                    if (NOTEBOOKS / lesson).exists():
                        print(f"play table action -> board updated (bots included), {lesson}: "
                              f"{stats(play_actions(browser, server, lesson))}   target <= 60 ms")
                        print(f"play table action -> the film's first frame (step by step), {lesson}: "
                              f"{stats(play_actions(browser, server, lesson, 'step'))}")
            finally:
                server.stop()
            with tempfile.TemporaryDirectory() as tmp:
                (Path(tmp) / "index.ipynb").write_text(json.dumps(BARE))
                (Path(tmp) / "bare.ipynb").write_text(json.dumps(BARE))
                bare = Server(["--notebooks", tmp])
                try:
                    bare.settle()
                    bare_ms = first_board(browser, bare, f"{bare.url}/voila/render/bare.ipynb")
                finally:
                    bare.stop()
            ratio = statistics.median(lesson_ms) / statistics.median(bare_ms)
            print(f"first board, {LESSON}: {stats(lesson_ms)}")
            print(f"first board, a bare one-widget notebook served the same way: {stats(bare_ms)}")
            print(f"first board ratio lesson / bare: {ratio:.2f}   target <= 1.5")
            print(f"first board, {LESSON}, page CPU throttled 6x (a cheap phone): {stats(slow_ms)}")
        finally:
            browser.close()
    server = Server(["--pool-size", "0"])
    try:
        server.settle(timeout=5)
        print(f"first render index.ipynb (no preheat): {first_render(server, 'index.ipynb') * 1e3:.0f} ms")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
