"""Helpers for the browser tests: a real Voilà server (the settings of `make serve`, from tutor.serving) and headless Debian chromium.

The server serves notebooks/ (or $TUTOR_NOTEBOOKS) on a free port for the whole session. Lessons missing
from that folder make the tests fail, not skip: set TUTOR_ALLOW_MISSING_NOTEBOOKS=1 to skip them instead
while the lessons are still being written.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(os.environ.get("TUTOR_NOTEBOOKS", ROOT / "notebooks")).resolve()
CHROMIUM = os.environ.get("TUTOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
    # Voilà links Font Awesome from a CDN this machine cannot reach: fail that lookup at once. (Not
    # page.route(): routing also swallows the kernel-shutdown beacon a closing page sends.)
    "--host-resolver-rules=MAP cdn.jsdelivr.net ~NOTFOUND",
]
START_TIMEOUT = 120
RENDER_TIMEOUT_MS = 90_000



# The play table's film of the others' turns is switched off (the pace "off", a learner's own choice, kept in
# localStorage) in the browser tests that press moves and read the live table; test_browser_film.py plays it.
FILM_OFF = "try { localStorage.setItem('tutor.play.speed', 'off'); } catch (e) {}"


NAVIGATION_MS = 120_000


def new_context(browser, **options):
    """A browser context whose pages show the play table's live view after a move (the film off)."""
    context = browser.new_context(**options)
    context.add_init_script(FILM_OFF)
    # a lesson page runs its whole notebook before "load": on a loaded 2-core machine (CI with three workers) that
    # passed Playwright's 30 s once; a test that wants it sooner says so itself
    context.set_default_navigation_timeout(NAVIGATION_MS)
    return context


def require_notebook(name: str) -> Path:
    path = NOTEBOOKS / name
    if not path.is_file():
        message = f"lesson notebook {path} does not exist"
        if os.environ.get("TUTOR_ALLOW_MISSING_NOTEBOOKS") == "1":
            pytest.skip(message)
        pytest.fail(message)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A running `python -m tutor.serving` process."""

    # how many times a server whose port was taken meanwhile is started again on another one
    PORT_RETRIES = 4

    def __init__(self, notebooks: Path, log_path: Path, extra_args=()):
        self.log_path = log_path
        self.notebooks = notebooks
        self.extra_args = tuple(extra_args)
        self._log = open(log_path, "wb")
        self._start()

    def _start(self) -> None:
        # free_port() only says the port was free a moment ago: a parallel test worker's server or kernel can bind
        # it before Voilà does, so wait_ready() starts again on a new port when that happens
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor.serving", "--notebooks", str(self.notebooks),
             "--host", "127.0.0.1", "--port", str(self.port), *self.extra_args],
            cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT,
        )
        self.ps = psutil.Process(self.process.pid)

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")

    def _lost_its_port(self) -> bool:
        log = self.log()
        return f"port {self.port} is already in use" in log or "no available port could be found" in log.lower()

    def wait_ready(self, timeout: float = START_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        retries = self.PORT_RETRIES
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                if retries and self._lost_its_port():
                    retries -= 1
                    self._log.write(f"\n[harness] port {self.port} was taken; starting again\n".encode())
                    self._start()
                    continue
                raise RuntimeError(f"Voilà exited with {self.process.returncode}:\n{self.log()}")
            try:
                # "/" answers with a redirect without rendering anything (no kernel is spent)
                opener = urllib.request.build_opener(NoRedirect)
                opener.open(self.url + "/", timeout=2)
            except urllib.error.HTTPError as e:
                if e.code in (301, 302):
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"Voilà did not answer within {timeout}s:\n{self.log()}")

    def render_url(self, notebook: str) -> str:
        return f"{self.url}/voila/render/{notebook}"

    def kernels(self) -> dict[str, psutil.Process]:
        """Kernel processes started by this server, by kernel id (from their connection file name)."""
        out = {}
        for child in self.ps.children(recursive=True):
            try:
                cmd = " ".join(child.cmdline())
            except psutil.Error:
                continue
            m = re.search(r"kernel-([0-9a-f-]{36})\.json", cmd)
            if m and ("ipykernel" in cmd or "tutor.kernel_launch" in cmd):
                out[m.group(1)] = child
        return out

    def wait_pool_filled(self, timeout: float = START_TIMEOUT) -> int:
        """Wait until every notebook's preheated kernels are up and the count stays put; return it."""
        from tutor.serving import POOL_SIZE
        expected = POOL_SIZE * sum(1 for p in self.notebooks.rglob("*.ipynb") if ".ipynb_checkpoints" not in str(p))
        deadline = time.monotonic() + timeout
        last, since = -1, time.monotonic()
        while time.monotonic() < deadline:
            n = len(self.kernels())
            if n != last:
                last, since = n, time.monotonic()
            elif n >= expected and time.monotonic() - since > 2:
                return n
            time.sleep(0.2)
        raise RuntimeError(f"kernel pool never settled at {expected} (have {last}):\n{self.log()}")

    def stop(self) -> None:
        # the kernels, known before the server goes: once it has exited they are no longer its children
        try:
            children = self.ps.children(recursive=True)
        except psutil.Error:
            children = []
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # Voilà shuts its kernels down on SIGINT
            try:
                # a short wait: a server with learners' kernels still running took the whole 20 s once allowed,
                # and a test run stops a dozen servers (what is left is killed below)
                self.process.wait(6)
            except subprocess.TimeoutExpired:
                pass
        for child in children:
            try:
                child.kill()
            except psutil.Error:
                pass
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self._log.close()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None




def film_go_on(table):
    """The film's "Next" or "Go on" a learner has at hand: the film bar's over the board; on a phone, while a frame
    waits on its summary (the bar then shows none), the turn bar's at the screen's foot, else the one under the
    summary."""
    for sel in (":scope > .tutor-film .tutor-film-next", ":scope > .tutor-turn-bar .tutor-to-moves"):
        button = table.locator(sel)
        if button.count() and button.first.is_visible():
            return button.first
    return table.locator(":scope > .tutor-film-below .tutor-film-next-below")


def wait_next_view(page, table, version: str, also: str = "false") -> None:
    """Wait until the play table `table` draws a live view other than `version` (or the JS condition `also` on
    `root` holds, e.g. a refusal shown). With the pace "off" a trick's, round's or game's summary still stops for
    "Go on" (play.js), as it does for a learner who chose that pace: it is pressed here until the live view shows."""
    handle = table.element_handle()
    for pressed in range(60):
        try:
            page.wait_for_function(
                "([root, v]) => root.dataset.v !== v || (" + also + ")"
                " || !root.querySelector(':scope > .tutor-film').hidden", arg=[handle, version])
        except PlaywrightTimeout:
            # what the table showed instead (a refusal in its words, a busy table): CI printed only the timeout
            shown = table.evaluate("(r) => [r.className, r.innerText.replace(/\\s+/g, ' ').slice(0, 1500)]")
            raise AssertionError(f"no view after {version}; the table ({shown[0]}) showed: {shown[1]}") from None
        if table.locator(":scope > .tutor-film").is_hidden():
            # a film ended by these presses: for 0.7 s a press where its "Next" stood is taken for one more press
            # of it, not for the move that came up there (play.js strayTap, a learner's quick taps); the next move
            # is pressed after that (a card pressed at once under load did nothing, and its view never came, CI)
            if pressed:
                page.wait_for_timeout(800)
            return
        film_go_on(table).click()
        page.wait_for_timeout(50)
    raise AssertionError("the table's film did not end after 60 presses of 'Go on'")


# The box of `el` (x, y, width, height), rounded to whole pixels
BOX = "(e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(); }"


def tap_when_still(page, locator, tries: int = 50) -> None:
    """Tap `locator` once it has stopped moving. Playwright checks that a target stays put for two animation
    frames; a Voilà page still growing (a part's widget or the contents arriving above) moves it later than that,
    and on a loaded machine a tap meant for one button landed on its neighbour or on nothing (CI, twice)."""
    locator.scroll_into_view_if_needed()
    seen = []
    for _ in range(tries):
        seen.append(locator.evaluate(BOX))
        if len(seen) >= 3 and len(set(seen[-3:])) == 1:
            break
        page.wait_for_timeout(100)
    locator.tap()
