# `make lab` starts JupyterLab with this file: saving a lesson keeps it as it is in the repository (tutor/lab.py).
from tutor.lab import strip_outputs

c.FileContentsManager.pre_save_hook = strip_outputs  # noqa: F821 (`c` is the config Jupyter passes in)
