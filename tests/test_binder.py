"""Binder, rehearsed without Docker: the environment binder/ describes serves the lesson index.

What repo2docker does for this repository: a Python 3.11 environment (binder/runtime.txt),
`pip install -r binder/requirements.txt` from the repository root, then binder/postBuild; Binder then runs
`jupyter server` with the Voilà extension and opens `?urlpath=voila/render/notebooks/index.ipynb`.
This test does the same in a fresh venv (tests/binder_env.py, which `make test` starts building in the background).
The venv is cached under .venv/binder-<hash of binder/ and pyproject.toml and this checkout's path>, so only the
first run after a change pays for the install.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import binder_env as binder_env_module
import nbformat
import pytest

from tutor.serving import CULL_IDLE_SECONDS

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
TOKEN = "binder-test-token"

pytestmark = pytest.mark.slow


def test_binder_files():
    requirements = (BINDER / "requirements.txt").read_text().splitlines()
    names = [re.split(r"[<>=!~\[ ;]", line.strip(), maxsplit=1)[0].lower() for line in requirements
             if line.strip() and not line.lstrip().startswith("#")]
    assert "ipykernel" in names, "Binder needs ipykernel listed explicitly"
    assert "-e ." in [line.strip() for line in requirements] or "." in names, "the project itself is not installed"
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    post = BINDER / "postBuild"
    if post.exists():
        assert os.access(post, os.X_OK), "binder/postBuild must be executable"


def binder_env() -> Path:
    try:
        return binder_env_module.binder_env()
    except binder_env_module.BuildFailed as exc:
        pytest.fail(str(exc))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def index_title() -> str:
    index = ROOT / "notebooks" / "index.ipynb"
    if not index.is_file():
        if os.environ.get("TUTOR_ALLOW_MISSING_NOTEBOOKS") == "1":
            pytest.skip(f"{index} does not exist yet")
        pytest.fail(f"{index} does not exist")
    nb = nbformat.read(index, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if m:
                return re.sub(r"[*_`]", "", m.group(1)).strip()
    pytest.fail("the lesson index has no '# title' heading")


def test_binder_environment_serves_the_index(tmp_path):
    title = index_title()
    env_dir = binder_env()
    port = free_port()
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "PATH": f"{env_dir / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
           "HOME": str(home), "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)
    log = open(tmp_path / "server.log", "wb")
    server = subprocess.Popen(
        [str(env_dir / "bin" / "jupyter"), "server", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={ROOT}", "--ServerApp.port_retries=0",
         "--allow-root"],  # CI runs as root; Binder does not
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/voila/render/notebooks/index.ipynb"
    try:
        status, html = None, ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert server.poll() is None, (tmp_path / "server.log").read_text()
            request = urllib.request.Request(url, headers={"Authorization": f"token {TOKEN}"})
            try:
                with urllib.request.urlopen(request, timeout=120) as r:
                    status, html = r.status, r.read().decode("utf-8", "replace")
                break
            except urllib.error.HTTPError as e:
                status, html = e.code, e.read().decode("utf-8", "replace")
                break
            except OSError:
                time.sleep(0.5)
        server_log = (tmp_path / "server.log").read_text(errors="replace")
        assert status == 200, f"{url} -> {status}\n{html[:2000]}\n{server_log[-3000:]}"
        assert title in html, f"the index title {title!r} is not in the rendered page"
        assert "Traceback" not in html and "There was an error when executing" not in html
        # the tutor's page template: the page's language declared, nothing from a CDN
        # (Voilà's page config still names a MathJax URL, fetched only for math: no lesson has any, and the
        # browser tests check that a page loads nothing from elsewhere)
        assert '<html lang="en">' in html and not re.search(r'(?:href|src)="https?://', html)
        # binder/postBuild's settings reached the server (tutor.serving.server_extension_config)
        assert f"Culling kernels with idle durations > {CULL_IDLE_SECONDS}" in server_log, server_log[-3000:]
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
