# `make lab` starts JupyterLab with this file, on the repository (notebooks/ to learn, lessons/ to write):
# - saving a served notebook keeps it as it is in the repository (tutor/lab.py): outputs dropped, written in the
#   builder's form, so Run All and save leave `git status` clean; tutor.lab.LessonContentsManager is jupytext's
#   contents manager over that save;
# - a Markdown file opens as a notebook (jupytext; tools/lab_settings/overrides.json), so a teacher opens a
#   lesson's source, lessons/<game>/lesson.<lang>.md, runs it and saves it as MyST Markdown (lessons/jupytext.toml
#   says which metadata it keeps). Right-click → Open With → Editor shows the Markdown text.
from pathlib import Path

from tutor.lab import strip_outputs

c.ServerApp.contents_manager_class = "tutor.lab.LessonContentsManager"  # noqa: F821 (`c`: Jupyter's config)
c.FileContentsManager.pre_save_hook = strip_outputs  # noqa: F821
c.LabApp.app_settings_dir = str(Path(__file__).resolve().parent / "lab_settings")  # noqa: F821
