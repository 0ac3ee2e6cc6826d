"""The static site (`make site`: every lesson's Python runs in the browser, Pyodide) against the Voilà server,
both measured here in the same run, in Debian Chromium with every request to another host aborted:

- time to the first board of a lesson (a board on screen: an SVG in .tutor-svg, visible), each load in a new
  browser context (cold cache), median of 3; the Voilà server's the same way on a preheated kernel;
- the browser's CPU seconds for that load (user + system of every Chromium process);
- bytes a learner downloads for the lesson: every distinct response body, raw and gzip-compressed (a host that
  gzips), summed;
- play table action -> board updated (bots included), static site against Voilà.

The site is the one tools.site.cached builds for the repository as it is (reused when nothing changed). Starts
`python -m tutor.serving` as bench_serving does.
"""

from __future__ import annotations

import gzip
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_serving import ARGS, CHROMIUM, Server, free_port, time_actions  # noqa: E402

LESSON = "maui.ru"
LOADS = 3
CLICKS = 12
FIRST_BOARD_GOAL_S = 5.0
GZIP_GOAL_MIB = 15.0
PLAY_GOAL_RATIO = 2.0
LOOPBACK = ("http://127.0.0.1", "http://localhost", "data:", "blob:")
TICK = os.sysconf("SC_CLK_TCK")

# performance.now() when a board is first on screen: an SVG in .tutor-svg that the page shows, with a height (voici
# keeps the cells hidden until it shows them; a page may hold boards it does not show yet)
FIRST_BOARD_JS = """
(() => {
  const check = () => {
    if (window.__firstBoard !== undefined) return true;
    const shown = [...document.querySelectorAll('.tutor-svg svg')].some(
      (svg) => svg.checkVisibility() && svg.getBoundingClientRect().height > 0);
    if (shown) {
      window.__firstBoard = performance.now();
      return true;
    }
    return false;
  };
  const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
  obs.observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class']});
  const poll = setInterval(() => { if (check()) clearInterval(poll); }, 20);   // shown by a style sheet, say
})();
"""
def chromium_cpu(root_pid: int) -> float:
    """CPU seconds (user + system, children reaped included) of a process and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(stat[1]), []).append(int(entry))
    total, todo = 0, [root_pid]
    while todo:
        pid = todo.pop()
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(v) for v in stat[11:15])
        except OSError:
            pass
        todo += children.get(pid, [])
    return total / TICK


def browser_pid() -> int:
    """Chromium's root process: this process's descendant running CHROMIUM whose parent is not Chromium."""
    import psutil
    me = psutil.Process()
    for child in me.children(recursive=True):
        try:
            if child.exe() == os.path.realpath(CHROMIUM) or "chrom" in child.name():
                parent = child.parent()
                if parent is None or "chrom" not in parent.name():
                    return child.pid
        except psutil.Error:
            continue
    raise RuntimeError("no Chromium process found")


class Load:
    """One cold load of `url` in a new context: ms to the first board, the browser's CPU seconds, the distinct
    responses' bodies, the requests aborted."""

    def __init__(self, browser, url: str, bodies: bool = False, keep_open: bool = False):
        self.blocked: list[str] = []
        self.sizes: dict[str, tuple[int, int]] = {}
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.route("**/*", self._route)
        self.context.add_init_script(FIRST_BOARD_JS)
        # the play table's live board after a move (the film of the others' turns off: a pace a learner may choose)
        self.context.add_init_script("try { localStorage.setItem('tutor.play.speed', 'off'); } catch (e) {}")
        self.page = self.context.new_page()
        if bodies:
            self.page.on("response", self._body)
        pid = browser_pid()
        cpu = chromium_cpu(pid)
        self.page.goto(url, timeout=240_000)
        # the first board the page shows as it opens; a page whose parts all open behind their "▶ Open" button (the
        # static site's) shows its first part's as soon as that button can be pressed, as a learner would press it
        # (tests/browser/test_site.py first_board does the same)
        self.page.wait_for_function(
            "window.__firstBoard !== undefined"
            " || !!document.querySelector('.tutor-lazy .tutor-reveal-button:not([disabled])')",
            timeout=240_000, polling=50)
        self.page.evaluate("""() => { if (window.__firstBoard !== undefined) return;
            const b = document.querySelector('.tutor-lazy .tutor-reveal-button:not([disabled])');
            b.scrollIntoView(); b.click(); }""")
        self.page.wait_for_function("window.__firstBoard !== undefined", timeout=240_000, polling=50)
        self.cpu = chromium_cpu(pid) - cpu
        self.ms = self.page.evaluate("window.__firstBoard")
        if bodies:
            self.page.wait_for_load_state("networkidle", timeout=120_000)
        if not keep_open:
            self.context.close()

    def _route(self, route) -> None:
        if route.request.url.startswith(LOOPBACK):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()

    def _body(self, response) -> None:
        url = response.url.split("#")[0]
        if url in self.sizes or not url.startswith("http"):
            return
        try:
            body = response.body()
        except Exception:           # a redirect or an aborted request has no body
            return
        self.sizes[url] = (len(body), len(gzip.compress(body, 6)))


def play_actions(page) -> list[float]:
    """ms from a click on an offered move at the lesson's play table to its board updated, CLICKS times."""
    table = page.locator(".tutor-play:not(.tutor-your-turn)")
    parts = page.locator(".tutor-lazy >> visible=true")       # (not those in a folded reference part)
    deadline = time.monotonic() + 120
    while not table.count():
        if time.monotonic() > deadline:
            raise RuntimeError("the play table never appeared")
        parts.nth(parts.count() - 1).scroll_into_view_if_needed()
        page.wait_for_timeout(500)
    table = table.first
    table.scroll_into_view_if_needed()
    table.locator(".tutor-svg svg").first.wait_for(state="visible", timeout=120_000)
    return time_actions(page, table.element_handle(), CLICKS)


def site_folder() -> Path:
    """The site for the repository as it is: tools.site.cached's build (reused when its inputs are unchanged),
    else site/ as `make site` left it, else built now."""
    try:
        from tools.site.cached import build_cached
    except ImportError:
        build_cached = None
    if build_cached is not None:
        return build_cached()
    site = ROOT / "site"
    if not (site / "index.html").is_file():
        from tools.site.build import build
        build(site, ROOT / "build" / "site-cache")
    return site


class StaticServer:
    """`python -m tools.site.serve` on a free loopback port (its own process: its CPU is not the browser's)."""

    def __init__(self, folder: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([sys.executable, "-m", "tools.site.serve", "--port", str(self.port), "--dir",
                                      str(folder)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import socket
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the static site's server did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def med(values) -> float:
    return statistics.median(values)


def span(values, unit: str, digits: int = 1) -> str:
    return f"(min {min(values):.{digits}f}, max {max(values):.{digits}f} {unit}, n={len(values)})"


def main() -> None:
    if not (ROOT / "notebooks" / f"{LESSON}.ipynb").is_file():
        print(f"skipped: no notebooks/{LESSON}.ipynb")
        return
    started = time.monotonic()
    folder = site_folder()
    print(f"static site: {folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder} "
          f"(ready in {time.monotonic() - started:.0f} s)")
    from playwright.sync_api import sync_playwright

    site_ms, site_cpu, voila_ms, voila_cpu = [], [], [], []
    blocked: dict[str, list[str]] = {"static site": [], "voila server": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            *ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"])
        static = StaticServer(folder)
        voila = Server()
        try:
            voila.settle()
            site_url = f"{static.url}/voici/render/{LESSON}.html"
            voila_url = f"{voila.url}/voila/render/{LESSON}.ipynb"
            sizes: dict[str, tuple[int, int]] = {}
            for i in range(LOADS):          # alternating, so both see the machine's load alike
                load = Load(browser, site_url, bodies=i == 0)
                site_ms.append(load.ms / 1000)
                site_cpu.append(load.cpu)
                blocked["static site"] += load.blocked
                sizes = sizes or load.sizes
                voila.settle()
                load = Load(browser, voila_url)
                voila_ms.append(load.ms / 1000)
                voila_cpu.append(load.cpu)
                blocked["voila server"] += load.blocked
            load = Load(browser, site_url, keep_open=True)
            site_play = play_actions(load.page)
            load.context.close()
            voila.settle()
            load = Load(browser, voila_url, keep_open=True)
            voila_play = play_actions(load.page)
            load.context.close()
        finally:
            voila.stop()
            static.stop()
            browser.close()
    raw = sum(r for r, _ in sizes.values()) / 2**20
    packed = sum(g for _, g in sizes.values()) / 2**20
    load_avg = os.getloadavg()[0]
    print(f"lesson: {LESSON}; load average {load_avg:.1f} on {os.cpu_count()} cores "
          "(the first-board goal is for a quiet machine)")
    print(f"static site first board: {med(site_ms):.2f} s {span(site_ms, 's', 2)}   goal <= {FIRST_BOARD_GOAL_S:.0f} s")
    print(f"voila server first board: {med(voila_ms):.2f} s {span(voila_ms, 's', 2)}")
    print(f"first board static / voila: {med(site_ms) / med(voila_ms):.1f}x")
    print(f"static site browser cpu to first board: {med(site_cpu):.1f} s {span(site_cpu, 's')}")
    print(f"voila server browser cpu to first board: {med(voila_cpu):.1f} s {span(voila_cpu, 's')}")
    print(f"static site download raw: {raw:.1f} MiB ({len(sizes)} files)")
    print(f"static site download gzipped: {packed:.1f} MiB   goal <= {GZIP_GOAL_MIB:.0f} MiB")
    if site_play and voila_play:
        ratio = med(site_play) / med(voila_play)
        print(f"static site play action -> board: {med(site_play):.1f} ms {span(site_play, 'ms')}")
        print(f"voila server play action -> board: {med(voila_play):.1f} ms {span(voila_play, 'ms')}")
        print(f"play action static / voila: {ratio:.2f}x   goal <= {PLAY_GOAL_RATIO:.0f}x")
    for side, urls in blocked.items():
        print(f"{side} requests to other hosts aborted: {len(urls)}" + (f" ({sorted(set(urls))[:3]})" if urls else "")
              + "   goal 0")


if __name__ == "__main__":
    main()
