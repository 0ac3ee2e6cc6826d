"""The lessons opened in JupyterLab (`make lab`) leave the repository as it was: saving a lesson (and Lab's
autosave) keeps its text and code but drops what running it produced (outputs, widget state), which would
otherwise make the tracked notebooks stale and, reopened without a kernel, show "model not found" everywhere.
A reopened lesson is a fresh one: its first cell says to run all cells."""

from __future__ import annotations


def strip_outputs(model: dict, **_kwargs) -> None:
    """A Jupyter pre-save hook: empty every code cell's outputs and counter, and drop saved widget state."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    nb = model["content"]
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    metadata = nb.get("metadata")
    if isinstance(metadata, dict):
        metadata.pop("widgets", None)
