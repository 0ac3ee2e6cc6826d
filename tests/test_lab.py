"""`make lab` as a learner (and CI, as root) uses it: it starts, and saving a lesson keeps the repository's
notebook free of outputs and widget state (tutor/lab.py), so a reopened lesson is a fresh one. A teacher opens a
lesson's source (lessons/<game>/lesson.<lang>.md) there as a notebook, and saving it after a run leaves it as it
was (jupytext, lessons/jupytext.toml)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from tutor.lab import strip_outputs

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "lab-test-token"


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_make_lab_starts_and_a_saved_lesson_stays_clean(tmp_path):
    port = free_port()
    name = f"lab-save-test-{os.getpid()}.ipynb"
    target = ROOT / "notebooks" / name
    source = ROOT / "lessons" / "maui" / "lesson.en.md"
    copy = ROOT / "lessons" / "maui" / f"lab-save-test-{os.getpid()}.md"      # not a lesson.<lang>.md
    copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    log = open(tmp_path / "lab.log", "wb")
    lab = subprocess.Popen(
        ["make", "-s", "lab", f"LAB_PORT={port}", f"LAB_ARGS=--no-browser --IdentityProvider.token={TOKEN}"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/api/contents/notebooks/{name}"
        nb = {"cells": [{"cell_type": "code", "source": "1 + 1", "execution_count": 1, "metadata": {},
                         "outputs": [{"output_type": "execute_result", "execution_count": 1,
                                      "data": {"text/plain": "2"}, "metadata": {}}]}],
              "metadata": {"widgets": {"state": {}}}, "nbformat": 4, "nbformat_minor": 5}
        body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
        deadline = time.monotonic() + 90
        while True:
            assert lab.poll() is None, (tmp_path / "lab.log").read_text(errors="replace")[-3000:]
            request = urllib.request.Request(url, data=body, method="PUT", headers={
                "Authorization": f"token {TOKEN}", "Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=30) as r:
                    assert r.status in (200, 201)
                break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "lab.log").read_text(errors="replace")[-3000:]
                time.sleep(0.5)
        saved = json.loads(target.read_text(encoding="utf-8"))
        assert saved["cells"][0]["outputs"] == [] and saved["cells"][0]["execution_count"] is None
        assert "".join(saved["cells"][0]["source"]) == "1 + 1" and "widgets" not in saved["metadata"]

        # the lesson's source opens as a notebook; run (outputs, Lab's metadata) and saved, its text is unchanged
        lesson_url = f"http://127.0.0.1:{port}/api/contents/lessons/maui/{copy.name}"
        headers = {"Authorization": f"token {TOKEN}", "Content-Type": "application/json"}
        with urllib.request.urlopen(urllib.request.Request(lesson_url + "?type=notebook", headers=headers),
                                    timeout=30) as r:
            opened = json.load(r)["content"]
        assert opened["metadata"]["tutor"] == {"lang": "en"}
        code = [c for c in opened["cells"] if c["cell_type"] == "code"]
        assert code[0]["metadata"]["tags"] == ["parameters"] and code[0]["source"] == 'lang = "en"'
        for cell in opened["cells"]:
            cell["metadata"].update({"editable": True, "slideshow": {"slide_type": ""}})
        code[1]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "ran"}]
        code[1]["execution_count"] = 1
        opened["metadata"]["language_info"] = {"name": "python", "version": "3.11"}
        opened["metadata"]["widgets"] = {"state": {}}
        body = json.dumps({"type": "notebook", "format": "json", "content": opened}).encode()
        with urllib.request.urlopen(urllib.request.Request(lesson_url, data=body, method="PUT", headers=headers),
                                    timeout=30) as r:
            assert r.status == 200
        assert copy.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
        # and a double click opens Markdown as a notebook (tools/lab_settings/overrides.json)
        settings = f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/docmanager-extension:plugin"
        with urllib.request.urlopen(urllib.request.Request(settings, headers=headers), timeout=30) as r:
            viewers = json.load(r)["schema"]["properties"]["defaultViewers"]["default"]
        assert viewers.get("markdown") == "Jupytext Notebook"
    finally:
        os.killpg(lab.pid, 15)
        try:
            lab.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(lab.pid, 9)
        log.close()
        target.unlink(missing_ok=True)
        copy.unlink(missing_ok=True)
