"""The pinned versions of the static site's build, in one place: they move together and break together.

The page app (voici-core) is built against one jupyterlite-core; the Pyodide kernel extension for that
jupyterlite-core expects exactly one Pyodide release, and that Pyodide fixes the Python the learner gets (3.12 for
0.27) and so the wheels shipped (--python-version) and micropip's version (Pyodide's own lock pins it). Change one
only with the others, after checking the kernel extension's `PYODIDE_VERSION` (jupyterlite_pyodide_kernel/
constants.py) and voici's jupyterlite-core range. Newer pairs tried: voici-core 0.10.0 + kernel 0.7.x fails ("No
kernel available": the kernel imports @jupyterlab/pluginmanager, which voici's app does not share; voici#178).
"""

VOICI = "0.9.0"                 # voici-core: Voilà-like pages (code hidden, run on open) built as static files
JUPYTERLITE_CORE = "0.6.4"      # what voici-core 0.9 builds on
PYODIDE_KERNEL = "0.6.1"        # jupyterlite-pyodide-kernel for jupyterlite-core 0.6: runs Pyodide 0.27.6
PYODIDE = "0.27.6"              # npm package `pyodide`: the runtime (wasm, stdlib); no packages of its own
PYTHON = "3.12"                 # Pyodide 0.27's CPython: the wheels shipped must suit it
PYYAML = "6.0.2"                # built pure from its sdist: PyPI has no wasm wheel

# the page app's own Python packages (build time only) and the front-end extensions the pages load
BUILD_TOOLS = [f"voici-core=={VOICI}", f"jupyterlite-core=={JUPYTERLITE_CORE}",
               f"jupyterlite-pyodide-kernel=={PYODIDE_KERNEL}", "jupyter_server", "packaging"]
# widget front-ends, matching the tutor's pins (pyproject.toml): installed without dependencies
FRONT_ENDS = ["jupyterlab_widgets==3.0.16", "anywidget==0.11.0"]
# what the kernel needs besides the tutor's own dependencies (it installs them from PyPI unless preloaded)
KERNEL_PACKAGES = ["comm", "ipython", "jedi"]
