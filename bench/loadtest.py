"""A club arriving at once: N learners open a lesson together and step through a worked example, each on its
own kernel websocket exactly as the page talks to it. Prints time to first board, click latency, errors,
server and kernel memory; then every learner leaves, and it shows the kernels gone and the memory returned.

    make loadtest                      # 20 learners, maui.ipynb, a server of its own (warm pool of 20)
    python bench/loadtest.py --learners 4 --lesson aqua_fest.ru.ipynb
    python bench/loadtest.py --url http://127.0.0.1:8866 --learners 10   # a server already running here
    python bench/loadtest.py --learners 8 --max-learners 5   # more than the cap: 5 get in, 3 read "room full"
    python bench/loadtest.py --burst --learners 20 --max-learners 10   # 20 Chromium pages at once, cap 10

The websocket crowd is fast and measures the kernels, but it draws nothing, loads no scripts and is let in past
the cap it raises for itself. `--burst` is what a room sees: real Chromium pages (bench/burst.py), more than the
cap, opened at once; it reports who got in and who read "the room is full", the first board as drawn, bytes on
the wire per page, and whether every page let in works. It fails unless exactly the cap got in, all working.

Bounded and local: it talks only to a loopback address, every wait has a deadline, and it stops by itself.

What one simulated learner does, as the page does it (tutor/widgets/static/*.js):
  GET the lesson page -> open the kernel websocket -> ask for every widget's state ("request_states" on the
  widget control comm, as the widget manager does) -> the first worked example's placeholder reports it is on
  screen (`opened`) -> the new scenario player asks for its first frames -> first board. Then CLICKS steps:
  each moves `index` and asks for the next frames (the page shows a frame it already has; this is the round
  trip that keeps it ahead). Leaving: the page's own shutdown request.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import re
import statistics
import sys
import time
import urllib.parse
import urllib.request
import uuid
from datetime import datetime, timezone
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_serving import Server, is_kernel, mib  # noqa: E402

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
GOAL_FIRST_BOARD_S = 10.0
STEP_TIMEOUT_S = 60.0


def message(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> str:
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "learner",
                   "version": "5.3", "date": datetime.now(timezone.utc).isoformat()},
        "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": [],
    })


class Learner:
    def __init__(self, base: str, lesson: str, clicks: int):
        self.base, self.lesson, self.clicks = base, lesson, clicks
        self.session = uuid.uuid4().hex
        self.kernel_id = ""
        self.first_board = None
        self.latencies: list[float] = []
        self.phases: dict[str, float] = {}    # seconds since arrival at which each step ended
        self.error = ""
        self.room_full = False    # answered "the room is full" (past the server's cap): expected, not an error

    async def run(self) -> None:
        from tornado.httpclient import AsyncHTTPClient
        from tornado.websocket import websocket_connect
        start = time.perf_counter()
        try:
            response = await AsyncHTTPClient().fetch(f"{self.base}/voila/render/{self.lesson}",
                                                     request_timeout=STEP_TIMEOUT_S, raise_error=False)
            if response.code == 503 and b"The room is full" in (response.body or b""):
                self.room_full = True
                return
            if response.code != 200:
                raise RuntimeError(f"page answered HTTP {response.code}")
            html = response.body.decode("utf-8", "replace")
            found = KERNEL_ID.search(html)
            if not found:
                raise RuntimeError("no kernel id in the page")
            self.kernel_id = found.group(1)
            self.phases["page"] = time.perf_counter() - start
            ws_base = self.base.replace("http://", "ws://")
            self.ws = await websocket_connect(
                f"{ws_base}/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
            control = uuid.uuid4().hex
            await self.ws.write_message(message("comm_open", {"comm_id": control, "target_name":
                                                              "jupyter.widget.control", "data": {}}, self.session,
                                                {"version": "1.0.0"}))   # the control protocol's version
            await self.ws.write_message(message("comm_msg", {"comm_id": control,
                                                             "data": {"method": "request_states"}}, self.session))
            self.phases["websocket"] = time.perf_counter() - start
            states = await self.wait(lambda c: c.get("comm_id") == control
                                     and c["data"].get("method") == "update_states")
            self.phases["widget states"] = time.perf_counter() - start
            # (a lesson's placeholders are SharedReveal: their module is the page's, tutor/widgets/lazy.py)
            reveals = [mid for mid, s in states["data"]["states"].items()
                       if s.get("state", {}).get("_anywidget_id", "").endswith(("lazy.Reveal", "lazy.SharedReveal"))]
            if not reveals:
                raise RuntimeError("the page has no lazy part")
            # the first part of the page that is a worked example: open placeholders until a player appears
            player = None
            for reveal in reveals:
                await self.update(reveal, {"opened": True})
                opened = await self.wait(lambda c: is_player(c) or (
                    c.get("comm_id") == reveal and (c.get("data") or {}).get("state", {}).get("done")),
                    kind=("comm_open", "comm_msg"))
                if is_player(opened):
                    player = opened["comm_id"]
                    count = opened["data"]["state"]["count"]
                    break
            if player is None:
                raise RuntimeError("no worked example on the page")
            self.phases["example opened"] = time.perf_counter() - start
            await self.custom(player, {"want": "frames", "frames": [0, 1], "have": []})
            await self.frame(player, 0)
            self.first_board = time.perf_counter() - start
            for i in range(self.clicks):
                index = (i + 1) % max(count, 1)
                ahead = (index + 1) % max(count, 1)
                t = time.perf_counter()
                await self.update(player, {"index": index})
                await self.custom(player, {"want": "frames", "frames": [ahead], "have": ["*"]})
                await self.frame(player, ahead)
                self.latencies.append((time.perf_counter() - t) * 1e3)
        except Exception as exc:     # a learner's failure is a figure, not the end of the run
            self.error = f"{type(exc).__name__}: {exc}"[:200]

    async def update(self, comm_id: str, state: dict) -> None:
        await self.ws.write_message(message("comm_msg", {"comm_id": comm_id, "data": {
            "method": "update", "state": state, "buffer_paths": []}}, self.session))

    async def custom(self, comm_id: str, content: dict) -> None:
        await self.ws.write_message(message("comm_msg", {"comm_id": comm_id, "data": {
            "method": "custom", "content": content}}, self.session))

    async def frame(self, comm_id: str, i: int) -> dict:
        return await self.wait(lambda c: c.get("comm_id") == comm_id and c["data"].get("method") == "custom"
                               and (c["data"].get("content") or {}).get("frame", {}).get("i") == i)

    async def wait(self, want, kind=("comm_msg",)) -> dict:
        deadline = time.monotonic() + STEP_TIMEOUT_S
        while time.monotonic() < deadline:
            raw = await asyncio.wait_for(self.ws.read_message(), timeout=max(0.1, deadline - time.monotonic()))
            if raw is None:
                raise RuntimeError("the server closed the websocket")
            if isinstance(raw, bytes):
                continue
            msg = json.loads(raw)
            if msg.get("msg_type") in kind and want(msg.get("content", {})):
                return msg["content"]
        raise TimeoutError("no answer in time")

    async def leave(self) -> None:
        from tornado.httpclient import AsyncHTTPClient
        if getattr(self, "ws", None) is not None:
            self.ws.close()
        if self.kernel_id:        # what the page sends when its tab closes
            await AsyncHTTPClient().fetch(f"{self.base}/voila/api/shutdown/{self.kernel_id}", method="POST",
                                          body=b"", request_timeout=30, raise_error=False)


def is_player(content: dict) -> bool:
    """A comm_open of a scenario player (its anywidget id names the class)."""
    state = (content.get("data") or {}).get("state") or {}
    return content.get("target_name") == "jupyter.widget" and state.get("_anywidget_id", "").endswith(
        "ScenarioPlayer")


def quantiles(values: list[float]) -> str:
    if not values:
        return "n/a"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"median {statistics.median(ordered):.2f}, p95 {p95:.2f}, max {ordered[-1]:.2f}"


def cmdline(process: psutil.Process) -> str:
    """A process's command line; "" once it has ended (a kernel may end between a listing and this look)."""
    try:
        return " ".join(process.cmdline())
    except psutil.Error:
        return ""


def kernel_processes(server_pid: int) -> list[psutil.Process]:
    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.Error:
        return []
    return [c for c in children if is_kernel(cmdline(c))]


async def crowd(base: str, lesson: str, learners: int, clicks: int, between) -> list[Learner]:
    """Everyone arrives, steps through, `between(people)` takes the figures, then everyone leaves (one event
    loop for the whole visit: tornado's HTTP client belongs to the loop it was made in)."""
    from tornado.httpclient import AsyncHTTPClient
    AsyncHTTPClient.configure(None, max_clients=max(10, learners * 2))
    people = [Learner(base, lesson, clicks) for _ in range(learners)]
    await asyncio.wait_for(asyncio.gather(*(p.run() for p in people)), timeout=STEP_TIMEOUT_S * 3)
    between(people)
    await asyncio.wait_for(asyncio.gather(*(p.leave() for p in people)), timeout=60)
    return people


def loopback(url: str) -> bool:
    host = urllib.parse.urlsplit(url).hostname or ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--lesson", default="maui.ipynb")
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--url", help="a tutor server already running on this machine (loopback only)")
    parser.add_argument("--pool", type=int, help="kernels kept ready for the lesson (default: one per learner)")
    parser.add_argument("--burst", action="store_true",
                        help="real Chromium pages opened at once (default cap: half of --learners)")
    parser.add_argument("--throttle", type=float, default=1,
                        help="with --burst: slow each page's CPU this many times (6: a cheap phone)")
    parser.add_argument("--max-learners", type=int,
                        help="the server's cap (default: learners + 5); past it a learner must read 'the room is "
                             "full', and exactly the cap get in")
    args = parser.parse_args(argv)
    if not 1 <= args.learners <= 60:
        parser.error("--learners: 1 to 60 (this is a bounded test)")
    if args.url and not loopback(args.url):
        parser.error("--url must be a loopback address: this test sends traffic to this machine only")

    if args.burst:
        return burst_main(args)
    server = None
    if args.url:
        base = args.url.rstrip("/")
        pid = None
    else:
        pool = args.learners if args.pool is None else args.pool
        cap = args.learners + 5 if args.max_learners is None else args.max_learners
        server = Server(["--warm", f"{args.lesson}={pool}", "--max-learners", str(cap)])
        print(f"server: a warm pool of {pool} for {args.lesson}; waiting for it to fill…", flush=True)
        server.settle(timeout=300)
        base, pid = server.url, server.proc.pid
    try:
        ready = kernel_processes(pid) if pid else []
        server_mib = mib([psutil.Process(pid)]) if pid else float("nan")
        print(f"before: server {server_mib:.0f} MiB, {len(ready)} kernels {mib(ready):.0f} MiB")
        started = time.perf_counter()

        def figures(people):
            wall = time.perf_counter() - started
            firsts = [p.first_board for p in people if p.first_board is not None]
            latencies = [x for p in people for x in p.latencies]
            errors = [p.error for p in people if p.error]
            full = sum(p.room_full for p in people)
            met = len(firsts) == args.learners - full and max(firsts, default=1e9) <= GOAL_FIRST_BOARD_S
            print(f"{args.learners} learners on {args.lesson}, {args.clicks} clicks each, {wall:.1f} s in all")
            if full or args.max_learners is not None:
                print(f"let in: {args.learners - full}, read 'the room is full': {full}"
                      + (f"   (cap {args.max_learners})" if args.max_learners is not None else ""))
            print(f"first board (s): {quantiles(firsts)}   goal: all within {GOAL_FIRST_BOARD_S:.0f} s "
                  f"-> {'met' if met else 'NOT met'}")
            for phase in ("page", "websocket", "widget states", "example opened"):
                ends = [p.phases[phase] for p in people if phase in p.phases]
                print(f"  ... {phase} by (s): {quantiles(ends)}")
            print(f"click round trip (ms): {quantiles(latencies)}   (the page shows a frame it already has)")
            print(f"errors: {len(errors)}" + "".join(f"\n  - {e}" for e in errors[:5]))
            if pid:
                busy = kernel_processes(pid)
                print(f"during: server {mib([psutil.Process(pid)]):.0f} MiB, {len(busy)} kernels "
                      f"{mib(busy):.0f} MiB ({mib(busy) / max(len(busy), 1):.0f} MiB each)")

        people = asyncio.run(crowd(base, args.lesson, args.learners, args.clicks, figures))
        errors = [p.error for p in people if p.error]
        firsts = [p.first_board for p in people if p.first_board is not None]
        if pid:
            ids = {p.kernel_id for p in people if p.kernel_id}
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                left = [k for k in kernel_processes(pid) if any(i in cmdline(k) for i in ids)]
                if not left:
                    break
                time.sleep(0.5)
            after = kernel_processes(pid)
            print(f"after everyone left: {len(left)} of the learners' kernels still running; server "
                  f"{mib([psutil.Process(pid)]):.0f} MiB, {len(after)} kernels {mib(after):.0f} MiB "
                  f"(the pool refills to {args.learners if args.pool is None else args.pool} in the background)")
        admitted = args.learners - sum(p.room_full for p in people)
        if args.max_learners is not None and admitted != min(args.learners, args.max_learners):
            print(f"NOT met: {admitted} let in, the cap is {args.max_learners}")
            return 1
        return 1 if errors or len(firsts) < admitted else 0
    finally:
        if server is not None:
            server.stop()


def burst_main(args) -> int:
    """More Chromium pages than the cap, opened at once, on a server of its own (or --url's)."""
    from playwright.sync_api import sync_playwright

    from bench_serving import ARGS, CHROMIUM
    from burst import burst, report
    cap = args.max_learners if args.max_learners is not None else max(1, args.learners // 2)
    server = None
    if args.url:
        base, pid = args.url.rstrip("/"), None
    else:
        pool = cap if args.pool is None else args.pool
        server = Server(["--warm", f"{args.lesson}={pool}", "--max-learners", str(cap)])
        print(f"server: cap {cap}, a warm pool of {pool} for {args.lesson}; waiting for it to fill…", flush=True)
        server.settle(timeout=300)
        base, pid = server.url, server.proc.pid
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            room = {}

            def measure() -> None:
                if pid:
                    kernels = kernel_processes(pid)
                    room["line"] = (f"with the room in: server {mib([psutil.Process(pid)]):.0f} MiB, {len(kernels)} "
                                    f"kernels {mib(kernels):.0f} MiB")
            try:
                visits = burst(browser, f"{base}/voila/render/{args.lesson}", args.learners, throttle=args.throttle,
                               while_open=measure)
            finally:
                browser.close()
        lines, ok = report(visits, cap)
        print(*lines, sep="\n")
        if args.throttle != 1:
            print(f"  (each page's CPU throttled {args.throttle:g}x)")
        if "line" in room:
            print("  " + room["line"])
        print("burst: " + ("met" if ok else "NOT met") + f" (exactly {min(args.learners, cap)} let in, all working)")
        return 0 if ok else 1
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
