"""The one form a tracked notebook is written in: tools/build_notebooks.py builds it, and JupyterLab's save
(tutor/lab.py) writes a lesson back in it, so a lesson run and saved in `make lab` stays byte-identical."""

from __future__ import annotations

import json

KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
# what a built notebook's metadata holds; whatever else Lab writes there (widget state, the running kernel's
# language_info: its Python version, codemirror mode, ...) comes from running it, not from the lesson
METADATA = ("kernelspec", "language_info", "title", "tutor")


def lines(text: str) -> list[str]:
    """A cell's source as nbformat stores it: one string a line, each but the last ending in a newline."""
    text = text.rstrip("\n")
    return [line + "\n" for line in text.split("\n")[:-1]] + [text.split("\n")[-1]]


def cell(kind: str, text: str, cell_id: str | None, tags=(), attachments=None) -> dict:
    """A cell in the builder's key order (cell_type, id, metadata, source, then a code cell's empty outputs)."""
    out: dict = {"cell_type": kind}
    if cell_id is not None:
        out["id"] = cell_id
    out["metadata"] = {"tags": list(tags)} if tags else {}
    if attachments:
        out["attachments"] = attachments
    out["source"] = lines(text)
    if kind == "code":
        out["execution_count"] = None
        out["outputs"] = []
    return out


def notebook(cells: list[dict], metadata: dict) -> dict:
    return {"cells": cells, "metadata": _sorted(metadata), "nbformat": 4, "nbformat_minor": 5}


def _sorted(value):
    """Metadata with its keys sorted, as nbformat writes them (and the built notebooks have them)."""
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value


def render(nb: dict) -> str:
    return json.dumps(nb, ensure_ascii=False, indent=1) + "\n"


def is_lesson(nb: dict) -> bool:
    """A notebook the builder writes (a lesson or the index): its metadata carries the page's `tutor` block."""
    return isinstance(nb.get("metadata"), dict) and isinstance(nb["metadata"].get("tutor"), dict)


def canonical(nb: dict) -> dict:
    """A lesson notebook as Lab sends it after Run All (outputs, counters, the kernel's language_info, cell
    metadata such as `trusted`, keys in Lab's order), back in the builder's form: its text, code, ids and cell
    tags kept, outputs and everything running added dropped."""
    cells = []
    for c in nb.get("cells", []):
        source = c.get("source", "")
        text = source if isinstance(source, str) else "".join(source)
        tags = (c.get("metadata") or {}).get("tags") or ()
        cells.append(cell(c["cell_type"], text, c.get("id"), tags, c.get("attachments")))
    meta = {k: v for k, v in nb["metadata"].items() if k in METADATA}
    if isinstance(meta.get("language_info"), dict):
        meta["language_info"] = {"name": meta["language_info"].get("name", "python")}
    return notebook(cells, meta)
