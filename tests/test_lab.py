"""`make lab` as a learner (and CI, as root) uses it: it starts, and a lesson run and saved there is written back
exactly as the builder wrote it (tutor/lab.py, tutor/notebook_form.py), so `git status` stays clean and
tools/build_notebooks.py --check passes. A teacher opens a lesson's source (lessons/<game>/lesson.<lang>.md) there
as a notebook, and saving it after a run leaves it as it was (jupytext, lessons/jupytext.toml)."""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import shlex
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tutor.core.game import ready_games, spec
from tutor.lab import strip_outputs
from tutor.notebook_form import canonical, render

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "lab-test-token"
HEADERS = {"Authorization": f"token {TOKEN}", "Content-Type": "application/json"}
# what JupyterLab 4 puts in a notebook's metadata once its kernel is up (captured from Lab's own save)
KERNEL_LANGUAGE_INFO = {"name": "python", "version": "3.11.7", "mimetype": "text/x-python",
                        "codemirror_mode": {"name": "ipython", "version": 3}, "pygments_lexer": "ipython3",
                        "nbconvert_exporter": "python", "file_extension": ".py"}


def builder():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def as_lab_sends_it_after_run_all(nb: dict) -> dict:
    """The notebook JupyterLab 4 PUTs after Run All and Ctrl+S (its body, captured in Chromium): top-level and
    cell keys in Lab's order, sources as one string, every cell's metadata with `trusted`, code cells with
    outputs and counters, the kernel's full language_info and the widget state."""
    cells = []
    for i, cell in enumerate(nb["cells"], start=1):
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        out = {"id": cell.get("id"), "cell_type": cell["cell_type"], "source": source,
               "metadata": {**cell["metadata"], "trusted": True}}
        if cell["cell_type"] == "code":
            out["outputs"] = [{"output_type": "display_data", "metadata": {},
                               "data": {"text/plain": "Box()", "application/vnd.jupyter.widget-view+json":
                                        {"model_id": f"m{i}", "version_major": 2, "version_minor": 0}}}]
            out["execution_count"] = i
        cells.append(out)
    metadata = {**nb["metadata"], "language_info": KERNEL_LANGUAGE_INFO,
                "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2,
                                                                          "version_minor": 0}}}
    return {"nbformat": nb["nbformat"], "nbformat_minor": nb["nbformat_minor"], "metadata": metadata,
            "cells": cells}


def test_strip_outputs_keeps_the_lesson_and_drops_what_running_made():
    nb = {"cells": [{"cell_type": "markdown", "source": "# Hi", "metadata": {}},
                    {"cell_type": "code", "source": "lesson.page(lang)", "execution_count": 3, "metadata": {},
                     "outputs": [{"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": {}}]}],
          "metadata": {"tutor": {"lang": "ru"}, "widgets": {"application/vnd.jupyter.widget-state+json": {}}}}
    model = {"type": "notebook", "content": nb}
    strip_outputs(model)
    assert nb["cells"][1]["outputs"] == [] and nb["cells"][1]["execution_count"] is None
    assert nb["cells"][0]["source"] == "# Hi" and nb["cells"][1]["source"] == "lesson.page(lang)"
    assert nb["metadata"] == {"tutor": {"lang": "ru"}}
    text = {"type": "file", "content": "outputs"}
    strip_outputs(text)
    assert text == {"type": "file", "content": "outputs"}


def test_every_built_notebook_is_its_own_canonical_form():
    """What the save writes for an unedited lesson is what the builder writes, for every notebook it builds."""
    for path, nb in builder().targets().items():
        ran = as_lab_sends_it_after_run_all(json.loads(render(nb)))
        assert render(canonical(ran)) == render(nb), path.name


@functools.lru_cache(maxsize=None)
def kernel_language_info() -> dict:
    """What a python3 kernel says of its language when Lab connects to it."""
    from jupyter_client.manager import start_new_kernel
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        return client.kernel_info(reply=True, timeout=60)["content"]["language_info"]
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_lab(port: int, root: Path) -> list[str]:
    """`make lab`'s own command (its config, --allow-root as root), serving `root`: its root_dir cannot be given
    twice, and a `make lab` run elsewhere would reinstall the project's venv from there."""
    dry = subprocess.run(["make", "-s", "-n", "lab", f"LAB_PORT={port}",
                          f"LAB_ARGS=--no-browser --IdentityProvider.token={TOKEN}"],
                         cwd=ROOT, capture_output=True, text=True, check=True, timeout=60).stdout
    line = next(line for line in dry.replace("\\\n", " ").splitlines() if " lab " in line)
    command = shlex.split(line)
    assert "--ServerApp.root_dir=." in command, command
    return [f"--ServerApp.root_dir={root}" if a == "--ServerApp.root_dir=." else a for a in command]


def call(url: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "PUT", headers=HEADERS)
    with urllib.request.urlopen(request, timeout=30) as r:
        assert r.status in (200, 201)
        return json.load(r)


@pytest.mark.slow
def test_make_lab_starts_and_a_saved_lesson_stays_clean(tmp_path):
    """`make lab` on a copy of the repository's notebooks and a lesson source (the test writes nothing in the
    working tree, where the notebooks may be mid-rebuild)."""
    build = builder()
    home = tmp_path / "repo"
    build.NOTEBOOKS = home / "notebooks"                # the builder's --check now looks at the copy
    build.NOTEBOOKS.mkdir(parents=True)
    built_once = build.targets()
    build.targets = lambda: built_once                  # one build: the sources may change while the test runs
    for path, nb in built_once.items():
        path.write_text(render(nb), encoding="utf-8")
    assert build.main(["--check"]) == 0
    game = ready_games()[0]
    g = spec(game)
    lang = g.lesson_langs[0]
    lesson = build.NOTEBOOKS / build.notebook_name(g.stem, lang, lang)
    built = lesson.read_text(encoding="utf-8")
    source = ROOT / "lessons" / game / f"lesson.{lang}.md"
    (home / "lessons" / game).mkdir(parents=True)
    shutil.copy(ROOT / "lessons" / "jupytext.toml", home / "lessons")
    copy = home / "lessons" / game / source.name
    shutil.copy(source, copy)
    written = copy.read_text(encoding="utf-8")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "lab.log", "wb")
    lab = subprocess.Popen(make_lab(port, home), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                           start_new_session=True)
    try:
        # a notebook of one's own: saved without outputs or widget state
        scratch = {"cells": [{"cell_type": "code", "source": "1 + 1", "execution_count": 1, "metadata": {},
                              "outputs": [{"output_type": "execute_result", "execution_count": 1,
                                           "data": {"text/plain": "2"}, "metadata": {}}]}],
                   "metadata": {"widgets": {"state": {}}}, "nbformat": 4, "nbformat_minor": 5}
        deadline = time.monotonic() + 90
        while True:
            assert lab.poll() is None, (tmp_path / "lab.log").read_text(errors="replace")[-3000:]
            try:
                call(f"{base}/api/contents/notebooks/scratch.ipynb", {"type": "notebook", "content": scratch})
                break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "lab.log").read_text(errors="replace")[-3000:]
                time.sleep(0.5)
        saved = json.loads((home / "notebooks" / "scratch.ipynb").read_text(encoding="utf-8"))
        assert saved["cells"][0]["outputs"] == [] and saved["cells"][0]["execution_count"] is None
        assert "".join(saved["cells"][0]["source"]) == "1 + 1" and "widgets" not in saved["metadata"]

        # a lesson notebook, run and saved as Lab does it: byte for byte the built one
        url = f"{base}/api/contents/notebooks/{lesson.name}"
        opened = call(url)["content"]
        # it opens with the language_info its kernel reports (Lab writes that in once the kernel is up: a
        # different one marked the lesson unsaved as soon as it opened)
        assert opened["metadata"]["language_info"] == kernel_language_info()
        ran = as_lab_sends_it_after_run_all(opened)
        assert ran["metadata"]["tutor"] == {"lang": lang}
        call(url, {"type": "notebook", "format": "json", "content": ran})
        assert lesson.read_text(encoding="utf-8") == built
        (home / "notebooks" / "scratch.ipynb").unlink()
        assert build.main(["--check"]) == 0

        # the lesson's source opens as a notebook; run and saved as Lab does it, its text is unchanged
        url = f"{base}/api/contents/lessons/{game}/{copy.name}"
        opened = call(url + "?type=notebook")["content"]
        assert opened["metadata"]["tutor"] == {"lang": lang}
        assert opened["metadata"]["language_info"] == kernel_language_info()
        code = [c for c in opened["cells"] if c["cell_type"] == "code"]
        assert code[0]["metadata"]["tags"] == ["parameters"] and code[0]["source"].startswith("lang = ")
        ran = as_lab_sends_it_after_run_all(opened)
        for cell in ran["cells"]:
            cell["metadata"].update({"editable": True, "slideshow": {"slide_type": ""}})
        call(url, {"type": "notebook", "format": "json", "content": ran})
        assert copy.read_text(encoding="utf-8") == written

        # a double click opens Markdown as a notebook, and Lab asks nothing about Jupyter's news feed
        settings = f"{base}/lab/api/settings/@jupyterlab/docmanager-extension:plugin"
        assert call(settings)["schema"]["properties"]["defaultViewers"]["default"].get("markdown") \
            == "Jupytext Notebook"
        notification = call(f"{base}/lab/api/settings/@jupyterlab/apputils-extension:notification")
        assert notification["schema"]["properties"]["fetchNews"]["default"] == "false"
    finally:
        os.killpg(lab.pid, 15)
        try:
            lab.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(lab.pid, 9)
        log.close()

