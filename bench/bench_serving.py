"""The served lesson: first render time, click -> SVG-changed latency (with and without TCP_NODELAY on the
kernel websocket), and memory of the Voilà server and its kernels.

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
STOCK = "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection"
CLICKS = 12
LESSON = "maui.ipynb"


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
        return [c for c in self.ps.children(recursive=True) if "ipykernel" in " ".join(c.cmdline())]

    def settle(self, timeout: float = 120) -> None:
        """Wait until the preheated pool stops growing and every kernel is idle."""
        deadline, last, since = time.monotonic() + timeout, -1, time.monotonic()
        while time.monotonic() < deadline:
            n = len(self.kernels())
            if n != last:
                last, since = n, time.monotonic()
            elif n and time.monotonic() - since > 3 and all(k.cpu_percent(0.2) < 5 for k in self.kernels()):
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


CLICK_JS = """async ([root, name]) => {
    // [ms until the board changed, ms until the whole player settled (its step counter is updated last)]
    const button = [...root.querySelectorAll('button')].find(b => b.innerText.trim() === name);
    const board = root.querySelector('.tutor-svg');
    const counter = root.querySelector('.tutor-counter');
    const boardBefore = board.innerHTML, counterBefore = counter.textContent;
    return await new Promise(resolve => {
        const start = performance.now();
        let boardAt = -1;
        const done = () => {
            if (boardAt < 0 && board.innerHTML !== boardBefore) boardAt = performance.now() - start;
            if (boardAt >= 0 && counter.textContent !== counterBefore) {
                obs.disconnect(); resolve([boardAt, performance.now() - start]);
            }
        };
        const obs = new MutationObserver(done);
        obs.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
        button.click();
        setTimeout(() => { obs.disconnect(); resolve([-1, -1]); }, 10000);
    });
}"""


def click_latency(browser, server: Server) -> list[tuple[float, float]]:
    page = browser.new_page()
    page.goto(f"{server.url}/voila/render/{LESSON}", timeout=120_000)
    player = page.locator(".tutor-scenario").first
    player.wait_for(state="visible", timeout=120_000)
    root = player.element_handle()
    out = []
    for i in range(CLICKS):
        name = "Next ▶" if i % 2 == 0 else "◀ Back"
        board, settled = page.evaluate(CLICK_JS, [root, name])
        if board >= 0:
            out.append((board, settled))
        page.wait_for_timeout(150)
    page.close(run_before_unload=True)
    return out


def main() -> None:
    if not (NOTEBOOKS / "index.ipynb").is_file():
        print(f"skipped: no lesson index in {NOTEBOOKS}")
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            for label, extra in (("TCP_NODELAY (served)", []),
                                 ("stock websocket (Nagle on)", [f"--Voila.kernel_websocket_connection_class={STOCK}"])):
                server = Server(extra)
                try:
                    server.settle()
                    if not extra:
                        kernels = server.kernels()
                        print(f"memory: server {mib([server.ps]):.0f} MiB, {len(kernels)} preheated kernels "
                              f"{mib(kernels):.0f} MiB ({mib(kernels) / max(len(kernels), 1):.0f} MiB each)")
                        for nb in ("index.ipynb", LESSON):
                            if (NOTEBOOKS / nb).exists():
                                print(f"first render {nb} (preheated): {first_render(server, nb) * 1e3:.0f} ms")
                    if (NOTEBOOKS / LESSON).exists():
                        ms = click_latency(browser, server)
                        if ms:
                            for what, values in (("SVG changed", [b for b, _ in ms]),
                                                 ("player settled", [s for _, s in ms])):
                                print(f"click -> {what}, {label}: median {statistics.median(values):.1f} ms "
                                      f"(min {min(values):.1f}, max {max(values):.1f}, n={len(values)})")
                        else:
                            print(f"click -> SVG changed, {label}: the SVG never changed")
                finally:
                    server.stop()
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
