"""The lesson notebooks execute headless, show their widgets, and say what the index promises.

Each notebook runs with nbclient in notebooks/ (as JupyterLab and Voilà run it) on the python3 kernel.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tutor.core.game import GAMES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = {"maui.ipynb": "en", "maui.ru.ipynb": "ru"}
WIDGET = "application/vnd.jupyter.widget-view+json"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def executed() -> dict:
    """Each notebook, run once for the whole module."""
    return {}


def run(name: str, cache: dict):
    if name not in cache:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        NotebookClient(nb, timeout=60, kernel_name="python3",
                       resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
        cache[name] = nb
    return cache[name]


def markdown(nb) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def errors(nb) -> list[str]:
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            if o.output_type == "error":
                out.append(f"cell {i}: {o.ename}: {o.evalue}")
            elif o.output_type == "stream" and o.name == "stderr" and "Traceback" in o.text:
                out.append(f"cell {i}: traceback on stderr")
            else:
                html = "".join((o.get("data") or {}).get("text/html", ""))
                if "Traceback" in html:
                    out.append(f"cell {i}: traceback in the page")
    return out


@pytest.mark.parametrize("name", ["index.ipynb", "maui.ipynb", "maui.ru.ipynb"])
def test_notebook_is_valid(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit notebooks with outputs cleared"


def test_notebooks_are_built_from_their_source():
    done = subprocess.run([sys.executable, "tools/build_notebooks.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", ["index.ipynb", "maui.ipynb", "maui.ru.ipynb"])
def test_notebook_executes_without_error(name, executed):
    nb = run(name, executed)
    assert not errors(nb), errors(nb)


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_shows_widgets(name, executed):
    nb = run(name, executed)
    code = [c for c in nb.cells if c.cell_type == "code"]
    widget_cells = [c for c in code if any(WIDGET in (o.get("data") or {}) for o in c.get("outputs", []))]
    helpers = [c for c in code if "lesson." in c.source]
    assert helpers and len(widget_cells) == len(helpers), (
        f"{len(helpers)} helper cells but {len(widget_cells)} show a widget")
    values = widget_values(nb)
    shown_errors = [v for v in values if 'class="tutor-error-box" role="alert"' in v]
    assert not shown_errors, f"a helper showed its friendly error box: {shown_errors[0][:300]}"
    assert sum("<svg" in v for v in values) >= 15, "every scenario and position should draw a board"


def test_russian_lesson_narrates_in_russian(executed):
    values = " ".join(widget_values(run("maui.ru.ipynb", executed)))
    assert "Четыре ныряльщика" in values      # the worked round's opening narration, in Russian


def widget_values(nb) -> list[str]:
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return [v["state"]["value"] for v in state.values() if isinstance(v.get("state", {}).get("value"), str)]


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_cells_are_thin(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code[0].metadata.get("tags") == ["parameters"]
    assert code[0].source == f'lang = "{LESSONS[name]}"'
    for c in code:
        assert len(c.source.strip().splitlines()) <= 2, c.source
        assert not re.search(r"^\s*(def|class|for|while|if)\b", c.source, re.M), c.source


def test_russian_lesson_is_in_russian():
    nb = nbformat.read(NOTEBOOKS / "maui.ru.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        letters = re.findall(r"[^\W\d_]", re.sub(r"<[^>]+>|\([^)]*\.ipynb[^)]*\)", "", cell.source))
        cyrillic = [ch for ch in letters if "\u0400" <= ch <= "\u04ff"]
        assert len(cyrillic) >= 0.6 * len(letters), cell.source[:120]


def test_english_lesson_is_in_english():
    nb = nbformat.read(NOTEBOOKS / "maui.ipynb", as_version=4)
    text = markdown(nb)
    letters = re.findall(r"[^\W\d_]", text)
    latin = [ch for ch in letters if ch.isascii()]
    assert len(latin) >= 0.8 * len(letters)


def test_lessons_share_structure_and_link_each_other():
    en, ru = (nbformat.read(NOTEBOOKS / n, as_version=4) for n in LESSONS)
    assert [c.cell_type for c in en.cells] == [c.cell_type for c in ru.cells]
    anchors = [re.findall(r'<a id="([^"]+)"></a>', markdown(nb)) for nb in (en, ru)]
    assert anchors[0] == anchors[1] and len(anchors[0]) >= 15
    assert "](maui.ru.ipynb)" in en.cells[0].source
    assert "](maui.ipynb)" in ru.cells[0].source


def test_lesson_walks_the_rulebook_in_order():
    nb = nbformat.read(NOTEBOOKS / "maui.ipynb", as_version=4)
    found = re.findall(r'<a id="([^"]+)"></a>', markdown(nb))
    order = ["part-story", "part-components", "part-setup", "part-round", "part-depths", "part-information",
             "part-disputes", "part-end", "part-example", "part-catch", "part-lantern", "part-jellyfish",
             "part-seagull", "part-variants", "part-open-baskets", "part-no-fights", "part-rulings",
             "part-sandbox", "part-play"]
    assert [a for a in found if a in order] == order


def test_index_lists_every_game_with_relative_links():
    nb = nbformat.read(NOTEBOOKS / "index.ipynb", as_version=4)
    text = markdown(nb)
    for g in GAMES:
        assert g.title("en") in text and g.title("ru") in text, g.id
    assert "](maui.ipynb)" in text and "](maui.ru.ipynb)" in text
    assert text.count("*coming*") == text.count("*скоро*") == sum(1 for g in GAMES if not g.ready)
    links = re.findall(r"\]\(([^)]+)\)", text)
    for link in links:
        assert not link.startswith(("/", "http")), f"{link}: links must be relative to work under Voilà"
        assert (NOTEBOOKS / link).is_file(), link


def test_notebook_links_resolve():
    for name in list(LESSONS) + ["index.ipynb"]:
        nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
        text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        for link in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
            assert (NOTEBOOKS / link).is_file(), f"{name} links to missing {link}"
