"""The pages: the notebooks as voici pages (code hidden, run on open in Pyodide), linked to each other."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tools.site import versions

# what Pyodide loads while it boots, from the site's own lock, all fetched at once: the kernel's packages (each
# one named here is one the kernel does not install after booting, one by one, through piplite) and the tutor with
# its dependencies, so the notebooks run unchanged (no %pip cell)
PRELOAD = ["micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "ipython", "jedi", "tutor"]
# Python's environment in the page. PYTHONSAFEPATH: no '' (the working folder) on sys.path, which IPython's shell
# puts before site-packages: the kernel's working folder is the browser's drive (/drive), where each look for a
# module is a request through the service worker (4 ms), and a page imports some 200 modules after the shell
# starts (the tutor, ipywidgets, ...). Pages import nothing from the drive.
PYTHON_ENV = {"PYTHONSAFEPATH": "1"}
LINK = re.compile(r"\]\(((?:\./)?[A-Za-z0-9_.-]+)\.ipynb(#[^)\s]*)?\)")


def tool_venv(cache: Path) -> Path:
    """A virtualenv with the page app's build tools (voici, jupyterlite), one per set of pinned versions."""
    key = hashlib.sha256(" ".join(versions.BUILD_TOOLS + versions.FRONT_ENDS).encode()).hexdigest()[:10]
    venv = cache / f"venv-{key}"
    if not (venv / ".ready").exists():
        shutil.rmtree(venv, ignore_errors=True)
        for cmd in ([sys.executable, "-m", "venv", venv],
                    [venv / "bin" / "pip", "install", "-q", *versions.BUILD_TOOLS],
                    [venv / "bin" / "pip", "install", "-q", "--no-deps", *versions.FRONT_ENDS]):
            done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
            if done.returncode:
                sys.exit(f"failed: {' '.join(map(str, cmd))}\n{done.stderr[-3000:]}")
        (venv / ".ready").touch()
    return venv


def page_links(text: str) -> str:
    """Links between notebooks (`maui.ru.ipynb#part-x`) as links between the site's pages (`maui.ru.html#…`)."""
    return LINK.sub(lambda m: f"]({m.group(1)}.html{m.group(2) or ''})", text)


def contents(notebooks: Path, out: Path) -> tuple[list[str], list[str]]:
    """Every notebook into `out`, its markdown links pointing at pages; the page names, and those of pages
    without code (the index), which need no kernel."""
    out.mkdir(parents=True)
    names, static = [], []
    for nb_path in sorted(notebooks.glob("*.ipynb")):
        nb = json.loads(nb_path.read_text(encoding="utf-8"))
        if nb_path.stem == "index":      # the site's own index: it says that everything runs on the learner's device
            from tools import build_notebooks
            nb = build_notebooks.index_notebook(on_site=True)
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                cell["source"] = page_links(source)
        (out / nb_path.name).write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
        names.append(nb_path.stem)
        if not any(cell["cell_type"] == "code" for cell in nb["cells"]):
            static.append(nb_path.stem)
    return names, static


def lite_config(lite: Path, site: Path) -> None:
    """jupyter_lite_config.json (what to build, where) and jupyter-lite.json (the kernel: local Pyodide, no PyPI)."""
    (lite / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {"contents": ["content"], "output_dir": str(site), "no_sourcemaps": True},
        "VoilaConfiguration": {"template": "tutor", "strip_sources": True},
    }, indent=1))
    (lite / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "pyodideUrl": "./static/pyodide/pyodide.js",
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": PRELOAD, "env": PYTHON_ENV}}}},
    }, indent=1))


def kernel_pypi(venv: Path) -> Path:
    """The kernel extension's own wheels (piplite, its ipykernel, pyodide_kernel) in the build tools' venv."""
    found = sorted(venv.glob("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"))
    if not found:
        sys.exit(f"no jupyterlite-pyodide-kernel wheels in {venv}: is the kernel extension installed?")
    return found[0]


def voici_build(venv: Path, lite: Path, repo: Path) -> None:
    """`voici build` in the lite folder, the tutor's page template on the Jupyter path."""
    env = {**os.environ, "JUPYTER_PATH": str(repo / "tutor" / "share" / "jupyter")}
    done = subprocess.run([str(venv / "bin" / "voici"), "build", "--template", "tutor"], cwd=lite, env=env,
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"voici build failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")



# voici 0.9 writes the kernel's URLs relative to the site's root ("./static/…") into pages that live two folders
# down (voici/render/<page>.html), where the browser resolves them to a 404
RENDER_URLS = {'"pyodideUrl": "./static/pyodide/': '"pyodideUrl": "../../static/pyodide/',
               '"./extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/':
                   '"../../extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/'}
# Pyodide's toJs() makes Python's None JavaScript's undefined, and the kernel's worker passes its messages on as
# they come: a widget shown again with `layout.display = None` reached the page as undefined, which the page
# ignores, so a quiz's "Try again" and a drill's "Next question" stayed hidden (a fresh reader found it). JSON has
# no undefined: the worker's messages carry null for None, as a Jupyter server's do.
KERNEL_NULLS = {"t[n]=e instanceof Map||e instanceof Array?this.mapToObject(e):e}":
                "t[n]=e instanceof Map||e instanceof Array?this.mapToObject(e):e===void 0?null:e}"}
# fallbacks compiled into the front-end for settings the site sets; written out so no path leads to a CDN
FALLBACKS = {
    # the kernel's Pyodide when no pyodideUrl is configured (a stale incremental build once dropped it)
    f"https://cdn.jsdelivr.net/pyodide/v{versions.PYODIDE}/full/pyodide.js": "../../static/pyodide/pyodide.js",
    # voici's MathJax when the page config says "null"; no lesson has mathematics
    "https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/MathJax.js": "",
}
# a page without code needs no Python: voici would still boot Pyodide and a kernel (seconds of spinner) before it
# shows the text it already holds; the page is shown as it is, without voici's script
STATIC_PAGE = {'<div id="loading" style="display: flex;">': '<div id="loading" style="display: none;">',
               '<div id="rendered_cells" style="display: none">': '<div id="rendered_cells">',
               '<script src="../build/voici.js"></script>': ''}
# voici runs every cell of a page before it shows any (display_cells after the last): a lesson's first board was
# ready a second or more before the page appeared, while 50-odd cells that only set up lazy parts ran. The page is
# shown as soon as a board is on it (or at the end, as before); the cells after it fill in while the learner reads
PROGRESSIVE = """<script>
(() => {
  const cells = document.getElementById("rendered_cells");
  if (!cells || !window.MutationObserver) return;
  const watch = new MutationObserver(() => {
    if (cells.querySelector(".tutor-svg svg") && window.display_cells) {
      watch.disconnect();
      window.display_cells();
    }
  });
  watch.observe(cells, { subtree: true, childList: true });
})();
</script>
</body>"""
# voici's spinner speaks English on every page: "Running maui.ru.ipynb...", then "Starting up kernel..." and
# "Executing 12 of 61" (its app calls window.update_loading_text). A served page says it in the page's language
# through the page template's `tutor_page_text` filter (tutor.serving), which `voici build` has not; here each page
# gets the same words from the catalogues, in its own language (<html lang>), and keeps them whatever voici says.
SPINNER_TEXT = re.compile(r'(<h2 id="loading_text">)[^<]*(</h2>)')
PAGE_LANG = re.compile(r'<html lang="([a-z]{2})"')
SPINNER_WORDS = """<script>
(() => {
  const words = %s;
  const shown = window.update_loading_text;
  window.update_loading_text = (index, count) => {
    if (shown) shown(index, count, "");
    const el = document.getElementById("loading_text");
    if (el) el.textContent = words;
  };
})();
</script>
<div id="rendered_cells" style="display: none">"""
REDIRECT = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url={url}"><title>tutor</title></head>
<body><a href="{url}">tutor</a></body></html>
"""


def replace_all(folder: Path, pattern: str, table: dict[str, str]) -> dict[str, int]:
    """Each key of `table` replaced by its value in the files matching `pattern`; how often each was found."""
    found = dict.fromkeys(table, 0)
    for path in folder.rglob(pattern):
        text = path.read_text(encoding="utf-8")
        new = text
        for old, replacement in table.items():
            found[old] += new.count(old)
            new = new.replace(old, replacement)
        if new != text:
            path.write_text(new, encoding="utf-8")
    return found


def localise_spinner(page: str, name: str = "page") -> str:
    """A voici page whose spinner says "preparing the lesson" in the page's language (SPINNER_WORDS)."""
    import html
    from tutor.core.i18n import text
    cells = '<div id="rendered_cells" style="display: none">'
    lang = PAGE_LANG.search(page)
    if not lang or len(SPINNER_TEXT.findall(page)) != 1 or page.count(cells) != 1:
        sys.exit(f"{name}: expected <html lang>, one #loading_text and one hidden #rendered_cells: has voici changed?")
    words = text("ui.page.preparing", lang.group(1))
    page = SPINNER_TEXT.sub(lambda m: m.group(1) + html.escape(words) + m.group(2), page)
    # after voila's helper functions (which define update_loading_text), before the cells
    return page.replace(cells, SPINNER_WORDS % json.dumps(words), 1)


def finish(site: Path, names: list[str], static: list[str]) -> None:
    """Fix what voici leaves: the kernel's URLs in the pages, the pages without code shown without a kernel, CDN
    fallbacks, and the entry points (the site's index and voici/ open the lesson index; voici's file tree page,
    which links Font Awesome from a CDN, goes)."""
    render = site / "voici" / "render"
    missing = [f"{n}.html" for n in names if not (render / f"{n}.html").is_file()]
    if missing:
        sys.exit(f"voici built no page for {missing}")
    kernel = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension"
    for old, count in replace_all(kernel, "*.js", KERNEL_NULLS).items():
        if count == 0:
            sys.exit(f"expected {old!r} in the Pyodide kernel's worker: has jupyterlite-pyodide-kernel changed?")
    for old, count in replace_all(render, "*.html", RENDER_URLS).items():
        if count < len(names):
            sys.exit(f"expected {old!r} in every page ({len(names)}), found {count}: has voici changed?")
    for name in static:
        page = render / f"{name}.html"
        text = page.read_text(encoding="utf-8")
        for old, new in STATIC_PAGE.items():
            if text.count(old) != 1:
                sys.exit(f"{page.name}: expected {old!r} once: has voici's page changed?")
            text = text.replace(old, new)
        page.write_text(text, encoding="utf-8")
    for name in sorted(set(names) - set(static)):
        page = render / f"{name}.html"
        text = page.read_text(encoding="utf-8")
        if text.count("</body>") != 1 or "window.display_cells = function" not in text:
            sys.exit(f"{page.name}: expected one </body> and voici's display_cells: has voici's page changed?")
        page.write_text(localise_spinner(text.replace("</body>", PROGRESSIVE), page.name), encoding="utf-8")
    for pattern in ("*.js", "*.mjs", "*.json"):
        replace_all(site, pattern, FALLBACKS)
    shutil.rmtree(site / "voici" / "tree", ignore_errors=True)
    (site / "index.html").write_text(REDIRECT.format(url="voici/render/index.html"), encoding="utf-8")
    (site / "voici" / "index.html").write_text(REDIRECT.format(url="render/index.html"), encoding="utf-8")
