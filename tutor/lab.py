"""The lessons opened in JupyterLab (`make lab`) leave the repository as it was: saving a lesson (and Lab's
autosave) keeps its text and code but drops what running it produced (outputs, widget state, the kernel's
language_info), and writes it in the builder's own form (tutor.notebook_form), so `git status` stays clean and
`tools/build_notebooks.py --check` passes. A lesson opens with its kernel's language_info, so its tab is not
marked unsaved when the kernel starts. A reopened lesson is a fresh one: its first cell says to run all cells."""

from __future__ import annotations

import nbformat
from ipykernel.ipkernel import IPythonKernel
from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from jupytext.async_contentsmanager import build_async_jupytext_contents_manager_class

from tutor.notebook_form import canonical, is_lesson, render


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


class _BuiltForm(AsyncLargeFileManager):
    """Jupyter's file manager, writing a lesson notebook (one whose metadata has the `tutor` block) as the
    builder does: nbformat's writer sorts a cell's keys, and Lab sends the kernel's language_info and each cell's
    `trusted`; either alone made a saved lesson differ from the built one."""

    async def _save_notebook(self, os_path, nb, capture_validation_error=None):
        if not is_lesson(nb):
            return await super()._save_notebook(os_path, nb, capture_validation_error=capture_validation_error)
        form = canonical(nb)
        try:
            nbformat.validate(nbformat.from_dict(form))
        except nbformat.ValidationError as error:     # saved all the same, and Lab says why (as nbformat.write)
            if capture_validation_error is not None:
                capture_validation_error["ValidationError"] = error
        with self.atomic_writing(os_path, encoding="utf-8") as f:
            f.write(render(form))


class LessonContentsManager(build_async_jupytext_contents_manager_class(_BuiltForm)):
    """`make lab`'s contents manager: jupytext's (a lesson's Markdown source opens as a notebook) over the one
    above, so both a served lesson and a lesson's source open the same way."""

    async def get(self, path, content=True, type=None, format=None, **kwargs):
        """A lesson opens with the language_info its kernel is about to report (the built notebook holds only the
        language's name, its Markdown source none): Lab writes the kernel's into the notebook once it starts, and
        a different value marked the lesson unsaved the moment it opened. Saving drops it again."""
        model = await super().get(path, content=content, type=type, format=format, **kwargs)
        nb = model.get("content") if model.get("type") == "notebook" else None
        if isinstance(nb, dict) and is_lesson(nb) and \
                (nb["metadata"].get("language_info") or {"name": "python"}) == {"name": "python"}:
            nb["metadata"]["language_info"] = dict(IPythonKernel.language_info)
        return model
