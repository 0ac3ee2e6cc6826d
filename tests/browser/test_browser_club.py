"""A club's server under pressure: a cap on learners with a friendly "the room is full" page, kernels nobody
opened are culled, and an optional access token. Each test starts its own server with those settings."""

from __future__ import annotations

import time

import pytest

from test_browser_hostile import KERNEL_ID, request
from voila_harness import NOTEBOOKS, Server, require_notebook


@pytest.fixture
def server_with(tmp_path):
    started = []

    def start(*args):
        require_notebook("index.ipynb")
        server = Server(NOTEBOOKS, tmp_path / f"voila-{len(started)}.log", extra_args=args)
        started.append(server)
        server.wait_ready()
        return server

    yield start
    for server in started:
        server.stop()


def test_past_the_cap_a_visitor_reads_that_the_room_is_full(server_with):
    server = server_with("--max-learners", "2", "--pool-size", "0")
    kernels = []
    for _ in range(2):
        status, html = request(server.render_url("index.ipynb"))
        assert status == 200
        kernels.append(KERNEL_ID.search(html).group(1))
    before = set(server.kernels())
    status, html = request(server.render_url("maui.ru.ipynb"))
    assert status == 503
    assert "The room is full" in html and "Мест нет" in html and "Місць немає" in html
    assert "Traceback" not in html
    assert set(server.kernels()) == before, "a refused visitor must not start a kernel"
    # a learner leaves: the next one gets in
    status, _ = request(f"{server.url}/voila/api/shutdown/{kernels[0]}", "POST", data=b"")
    assert status in (200, 204)
    deadline = time.monotonic() + 30
    while kernels[0] in server.kernels() and time.monotonic() < deadline:
        time.sleep(0.2)
    status, _ = request(server.render_url("index.ipynb"))
    assert status == 200


def test_a_token_keeps_strangers_out(server_with):
    server = server_with("--token", "club-secret", "--pool-size", "0")
    status, _ = request(server.render_url("index.ipynb"))
    assert status in (302, 403), "no token: sent to the login page"
    status, html = request(server.render_url("index.ipynb") + "?token=wrong")
    assert status in (302, 403)
    status, html = request(server.render_url("index.ipynb") + "?token=club-secret")
    assert status == 200 and KERNEL_ID.search(html)
