"""A burst: more lesson pages than the room holds, opened at once in real Chromium pages, as a club's learners
scanning the same QR code do. For each page: let in or told "the room is full", bytes on the wire, time to the
first board, and whether it works (a part opened on the page is built by its kernel and drawn).

Used by `make loadtest` (bench/loadtest.py --burst) and by tests/browser/test_browser_club.py.
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))     # as the other bench scripts: bench/ is on the path
from bench_serving import FIRST_BOARD_JS, show_first_board  # noqa: E402

# a page between two documents has no body yet: the check must not throw there (a CI run failed so)
ARRIVED = ("() => document.querySelector('.tutor-page-status') || (document.body !== null"
           " && document.body.textContent.includes('The room is full'))")

# The first placeholder on the page whose part has been built and drawn (reveal.js hides a placeholder once its
# part is on the page): the kernel answered an opening and the page drew what came back.
PART_DRAWN = """() => [...document.querySelectorAll('.tutor-lazy .tutor-reveal')]
  .some((el) => el.style.display === 'none')"""


@dataclass
class Visit:
    """What one page of the burst saw."""
    full: bool = False            # told "the room is full"
    first_board_ms: float | None = None
    works: bool = False           # a part opened, built by the kernel and drawn
    wire_bytes: int = 0
    requests: int = 0
    errors: list[str] = field(default_factory=list)


def burst(browser, url: str, pages: int, throttle: float = 1, timeout_ms: int = 180_000,
          while_open=None) -> list[Visit]:
    """Open `url` in `pages` fresh browser profiles at once and report each; `throttle` slows each page's CPU
    that many times; `while_open()` is called once every page has been judged, while all are still open (the room
    is in). Every page is closed as a tab is (its kernel shut down) before this returns."""
    visits = [Visit() for _ in range(pages)]
    opened = []
    try:
        for visit in visits:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(FIRST_BOARD_JS)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            if throttle != 1:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})

            def finished(event: dict, visit=visit) -> None:
                visit.requests += 1
                visit.wire_bytes += int(event.get("encodedDataLength", 0))
            cdp.on("Network.loadingFinished", finished)
            page.on("console", lambda m, visit=visit: m.type == "error" and visit.errors.append(m.text[:300]))
            page.on("pageerror", lambda exc, visit=visit: visit.errors.append(str(exc)[:300]))
            opened.append((context, page, cdp))
        for _, page, _ in opened:          # every page starts loading before any is waited on
            page.evaluate("(u) => { window.location.href = u; }", url)
        for visit, (_, page, _) in zip(visits, opened):
            try:
                page.wait_for_function(ARRIVED, timeout=timeout_ms)
                if not page.locator(".tutor-page-status").count():
                    visit.full = True
                    continue
                show_first_board(page, timeout_ms)
                page.wait_for_function("window.__firstBoard !== undefined", timeout=timeout_ms)
                visit.first_board_ms = page.evaluate("window.__firstBoard")
                # the first part: opened by scrolling to it (or already opened by the page, a screen ahead)
                page.locator(".tutor-lazy").first.scroll_into_view_if_needed(timeout=timeout_ms)
                page.wait_for_function(PART_DRAWN, timeout=timeout_ms)
                visit.works = page.locator("#tutor-kernel-gone").is_hidden()
            except Exception as exc:       # a page that never arrived or never worked: reported, not raised
                visit.errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
        if opened:
            opened[0][1].wait_for_timeout(1000)      # the last responses are counted
        if while_open is not None:
            while_open()
    finally:
        for context, page, _ in opened:
            try:
                page.close(run_before_unload=True)
            finally:
                context.close()
    return visits


def report(visits: list[Visit], cap: int) -> tuple[list[str], bool]:
    """Lines describing the burst, and whether it went as it must: exactly min(pages, cap) let in, every one of
    them working with no error, the rest told that the room is full."""
    inside = [v for v in visits if not v.full]
    full = [v for v in visits if v.full]
    firsts = sorted(v.first_board_ms for v in inside if v.first_board_ms is not None)
    working = [v for v in inside if v.works and not v.errors]
    mb = [v.wire_bytes / 1e6 for v in inside]
    lines = [
        f"burst: {len(visits)} pages opened at once against a cap of {cap}",
        f"  let in: {len(inside)}, working: {len(working)}, read 'the room is full': {len(full)}",
        "  first board (s): " + (f"median {statistics.median(firsts) / 1e3:.1f}, max {firsts[-1] / 1e3:.1f}"
                                 if firsts else "none"),
        "  bytes on the wire per page let in (MB): " + (f"median {statistics.median(mb):.2f}, max {max(mb):.2f}"
                                                        if mb else "none")
        + (f"; a 'room is full' page: {statistics.median(v.wire_bytes for v in full) / 1e3:.0f} KB" if full else ""),
    ]
    for v in inside:
        if v.errors or not v.works:
            lines.append(f"  - a page let in did not work: {'; '.join(v.errors[:3]) or 'no part was drawn'}")
    ok = len(inside) == min(len(visits), cap) and len(working) == len(inside)
    return lines, ok
