"""A hostile client gets a page's kernel websocket but cannot run code, and the page carries no source."""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.request
import uuid
from datetime import datetime, timezone

import nbformat
from tornado.websocket import websocket_connect

from voila_harness import NOTEBOOKS, require_notebook

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


def fetch(url: str, data: bytes | None = None) -> tuple[int, str]:
    with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=120) as r:
        return r.status, r.read().decode("utf-8", "replace")


def message(msg_type: str, content: dict, session: str) -> dict:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "mallory",
                   "version": "5.3", "date": datetime.now(timezone.utc).isoformat()},
        "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": [],
    }


async def attack(ws_url: str, code: str) -> list[dict]:
    """Send execute_request, then kernel_info_request; return everything received until the kernel-info
    reply. The shell channel is served in order, so an executed request would answer first."""
    session = uuid.uuid4().hex
    ws = await websocket_connect(f"{ws_url}?session_id={session}")
    try:
        execute = message("execute_request", {"code": code, "silent": False, "store_history": True,
                                               "user_expressions": {}, "allow_stdin": False,
                                               "stop_on_error": True}, session)
        info = message("kernel_info_request", {}, session)
        await ws.write_message(json.dumps(execute))
        await ws.write_message(json.dumps(info))
        received = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            raw = await asyncio.wait_for(ws.read_message(), timeout=max(0.1, deadline - time.monotonic()))
            assert raw is not None, "the server closed the kernel websocket"
            msg = json.loads(raw)
            received.append(msg)
            if (msg.get("msg_type") == "kernel_info_reply"
                    and msg["parent_header"].get("msg_id") == info["header"]["msg_id"]):
                await asyncio.sleep(1.0)  # time for a late execute_reply to show up, if any
                return received
        raise AssertionError("no kernel_info_reply: the websocket does not reach the kernel at all")
    finally:
        ws.close()


def test_page_kernel_refuses_execute_request(voila_server, tmp_path):
    require_notebook("index.ipynb")
    status, html = fetch(voila_server.render_url("index.ipynb"))
    assert status == 200
    match = KERNEL_ID.search(html)
    assert match, "no kernelId in the served page"
    kernel_id = match.group(1)
    assert kernel_id in voila_server.kernels()

    target = tmp_path / "pwned.txt"
    code = f"open({str(target)!r}, 'w').write('pwned')"
    ws_url = voila_server.url.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
    received = asyncio.run(attack(ws_url, code))

    kinds = {m.get("msg_type") for m in received}
    assert "execute_reply" not in kinds and "execute_input" not in kinds, kinds
    assert not target.exists(), "the kernel executed code sent by a page client"

    # The page's own goodbye: Voilà's shutdown endpoint (no _xsrf cookie needed) ends the kernel.
    status, _ = fetch(f"{voila_server.url}/voila/api/shutdown/{kernel_id}", data=b"")
    assert status in (200, 204)
    deadline = time.monotonic() + 30
    while kernel_id in voila_server.kernels() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert kernel_id not in voila_server.kernels()


def test_served_pages_carry_no_source(voila_server):
    notebooks = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    for name in ("index.ipynb", "maui.ipynb", "maui.ru.ipynb"):
        require_notebook(name)
    for name in notebooks:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        status, html = fetch(voila_server.render_url(name))
        kernel_id = KERNEL_ID.search(html)
        if kernel_id:  # tidy up; whether shutdown works is test_kernels' business
            try:
                fetch(f"{voila_server.url}/voila/api/shutdown/{kernel_id.group(1)}", data=b"")
            except OSError:
                pass
        assert status == 200, name
        assert "from tutor" not in html, f"{name}: notebook source leaks into the served page"
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            for line in cell.source.splitlines():
                line = line.strip()
                if line.startswith(("import ", "from ")):
                    assert line not in html, f"{name}: source line {line!r} is in the served page"
