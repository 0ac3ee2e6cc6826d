"""Fixtures for the browser tests: the Voilà server of `make serve`, the static site of `make site` and headless
Debian chromium."""

from __future__ import annotations

import os
import time

import pytest

from site_harness import SiteServer
from tools.site.cached import build_cached
from voila_harness import CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, RENDER_TIMEOUT_MS, Server, new_context, require_notebook


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    require_notebook("index.ipynb")
    # one test session opens well over a hundred pages; the cap on learners has its own test
    server = Server(NOTEBOOKS, tmp_path_factory.mktemp("voila") / "voila.log", extra_args=("--max-learners", "400"))
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def site_server():
    started = time.monotonic()
    try:
        root = build_cached()
    except SystemExit as failed:               # tools.site.build stops with its message
        pytest.fail(f"the static site did not build: {failed}", pytrace=False)
    print(f"static site {root.name}: ready in {time.monotonic() - started:.1f} s")
    server = SiteServer(root)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian chromium")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    # the play table's film of the others' turns is off here (a pace the learner may choose): these tests press
    # moves and read the live table; test_browser_film.py plays the film itself
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    p = context.new_page()
    p.set_default_timeout(RENDER_TIMEOUT_MS)
    p.js_errors = []
    p.on("pageerror", lambda exc: p.js_errors.append(str(exc)))
    try:
        yield p
    finally:
        context.close()
