"""The Python wheels the browser gets: the tutor (built by its own backend), its dependencies from PyPI, stubs."""

from __future__ import annotations

import base64
import email.parser
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from tools.site import versions

# the tutor's dependencies that only a server uses; the browser's tutor gets the rest
SERVER_ONLY = {"jupyterlab", "voila", "ipykernel", "jupytext", "jupyterlab-widgets"}
# packages the kernel installs at start that no page uses: an empty wheel of the same name stands in for each.
# ssl and sqlite3 are compiled stdlib modules that Pyodide 0.27 keeps out of its core; jedi (4.9 MB, with parso)
# is IPython's completer, which a page never asks for: IPython finds no `jedi` module and completes without it;
# micropip is only the kernel's package installer (piplite's), which no page runs: see PIPLITE; prompt_toolkit
# (1.3 MB with wcwidth) is IPython's terminal, which a page has none of: see IPYTHON
STUBS = ["ssl", "sqlite3", "jedi", "micropip", "prompt_toolkit"]
STUBBED_DEPENDENCIES = {"parso", "wcwidth"}     # needed only by jedi, by prompt_toolkit
# the kernel's own wheels (jupyterlite-pyodide-kernel's static/pypi): loaded with the rest while Pyodide boots, so
# the kernel installs nothing after it (it would import micropip, fetch piplite, read its index twice and install
# them one by one: 2-3 s before the kernel was ready); piplite is replaced below
KERNEL_WHEELS = ["ipykernel", "pyodide_kernel"]
# piplite is `%pip install` in a notebook (through micropip, 0.5 s to import); the kernel only imports it and sets
# two flags. A page of the site installs nothing (everything it needs is preloaded, and PyPI is out of reach), so
# this piplite has the flags and says so if anyone asks it to install.
PIPLITE = {
    "piplite/__init__.py": '"""piplite of the static site: it installs nothing (every package is preloaded)."""\n',
    "piplite/piplite.py": (
        "_PIPLITE_URLS = []\n_PIPLITE_DISABLE_PYPI = True\n\n\n"
        "async def install(*args, **kwargs):\n"
        "    raise RuntimeError('this page installs no packages: the static site preloads every one it uses')\n"),
    "piplite/cli.py": (
        "async def get_transformed_code(argv):\n"
        "    return \"raise RuntimeError('%pip installs nothing here: the static site preloads every package')\"\n"),
}


def run(cmd, **kw):
    """Run a build step, its output shown only when it fails."""
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if done.returncode:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return done


def requires(wheel: Path) -> list[str]:
    """The Requires-Dist lines of a wheel."""
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(z.read(meta).decode()).get_all("Requires-Dist") or []


# what the tutor's build backend reads (pyproject.toml, setup.py): copied aside to build there
WHEEL_INPUTS = ["pyproject.toml", "setup.py", "README.md", "LICENSE", "tutor", "lessons"]


def tutor_wheel(repo: Path, out: Path, python: str) -> Path:
    """The tutor as its build backend makes it (`pip wheel --no-deps .`): code, catalogues and lessons/. Built
    from a copy of its inputs: setuptools writes build/ and tutor.egg-info/ in the source folder, and a build
    beside another install of the checkout (make test's Binder rehearsal, a second make site) failed on them."""
    for old in out.glob("tutor-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="tutor-wheel-") as tmp:
        source = Path(tmp) / "tutor-src"
        source.mkdir()
        for name in WHEEL_INPUTS:
            path = repo / name
            if path.is_dir():
                shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif path.is_file():
                shutil.copy2(path, source / name)
        run([python, "-m", "pip", "wheel", "-q", "--no-deps", "-w", out, source])
    return next(out.glob("tutor-*.whl"))


def browser_requirements(tutor: Path) -> list[str]:
    """The tutor's own requirements minus the server's, plus the kernel's packages."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name
    reqs = [r for r in requires(tutor) if canonicalize_name(Requirement(r).name) not in SERVER_ONLY]
    reqs = [r for r in reqs if canonicalize_name(Requirement(r).name) != "pyyaml"]       # built below
    return reqs + versions.KERNEL_PACKAGES


def download(reqs: list[str], cache: Path, python: str) -> list[Path]:
    """Pure-Python wheels for Pyodide's Python from PyPI into the cache (pip reuses those already there); the
    wheels of this resolution, which pip names as it saves or finds them."""
    done = run([python, "-m", "pip", "download", "-d", cache, "--only-binary=:all:", "--platform", "any",
                "--python-version", versions.PYTHON, "--implementation", "py", "--abi", "none", *reqs])
    names = {line.split()[-1].rsplit("/", 1)[-1] for line in map(str.strip, done.stdout.splitlines())
             if line.startswith(("Saved ", "File was already downloaded "))}
    return [cache / n for n in sorted(names)]


def pure_pyyaml(cache: Path, python: str) -> Path:
    """PyYAML as a py3-none-any wheel built from its sdist (the pure-Python parser; PyPI has no wasm wheel)."""
    name = f"pyyaml-{versions.PYYAML}-py3-none-any.whl"
    if not (cache / name).exists():
        env = {**os.environ, "PYYAML_FORCE_LIBYAML": "0", "PYYAML_FORCE_CYTHON": "0"}
        run([python, "-m", "pip", "wheel", "-q", "--no-deps", "--no-binary", "pyyaml", "-w", cache,
             f"pyyaml=={versions.PYYAML}"], env=env)
        if not (cache / name).exists():
            built = sorted(p.name for p in cache.glob("[Pp]y[Yy][Aa][Mm][Ll]-*.whl"))
            sys.exit(f"PyYAML did not build as a pure wheel ({name}); found {built}")
    return cache / name


# `import IPython` imports its terminal (IPython.terminal.embed, which imports prompt_toolkit: 0.1-0.25 s in
# Pyodide) for `IPython.embed`, an interactive shell in a terminal; the kernel, tracebacks and `?` never use it.
# The static site's IPython says so if called instead (measured: the kernel starts without IPython.terminal's shell)
IPYTHON = {"IPython/__init__.py": (
    "from .terminal.embed import embed\n",
    "def embed(**kwargs):\n"
    "    raise RuntimeError('IPython.embed needs a terminal: a page of the static site has none')\n")}


def patch(patches: dict[str, tuple[str, str]]) -> Callable[[str, bytes], bytes]:
    """A change for slim_wheel: in each named file its one `old` text replaced by `new` (a build error if the
    text is not there exactly once: the package has changed)."""
    def change(name: str, data: bytes) -> bytes:
        if name not in patches:
            return data
        old, new = patches[name]
        text = data.decode("utf-8")
        if text.count(old) != 1:
            sys.exit(f"{name}: expected {old!r} once, to change it for the browser: has the package changed?")
        return text.replace(old, new).encode("utf-8")
    return change


def slim_wheel(path: Path, out: Path, keep, change: Callable[[str, bytes], bytes] | None = None) -> Path:
    """A copy of a wheel in `out` holding only the files `keep(name)` accepts (each `change(name, data)`d if
    given), its RECORD written anew."""
    target = out / path.name
    records, info = [], next(n for n in zipfile.ZipFile(path).namelist() if n.endswith(".dist-info/RECORD"))
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            if item.filename == info or not keep(item.filename):
                continue
            data = src.read(item)
            if change is not None:
                data = change(item.filename, data)
            dst.writestr(item, data, compress_type=zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{item.filename},sha256={digest},{len(data)}")
        dst.writestr(info, "\n".join(records + [f"{info},,"]) + "\n")
    return target


def babel_locales(languages) -> Callable[[str], bool]:
    """Babel's CLDR data cut to the lessons' languages (and root, which they inherit from): 11 MB of 1,100
    locales is most of what a learner would download, and the tutor only reads plural rules and catalogues."""
    keep = {"root", *languages}
    return lambda name: not name.startswith("babel/locale-data/") or Path(name).stem in keep


# Pygments' 500-odd lexers are 1.5 MB of its 1.8; IPython in a page colours only Python. Measured in Pyodide: the
# kernel's start, a lesson, tracebacks (an exception, a failed import, a syntax error) and `len?` import
# pygments.lexers.python and no other lexer (a lexer asked for by name and cut here fails to import)
PYGMENTS_LEXERS = {"__init__", "_mapping", "python"}


def pygments_lexers(keep) -> Callable[[str], bool]:
    """Pygments without the lexers outside `keep`."""
    return lambda name: not name.startswith("pygments/lexers/") or Path(name).stem in keep


def stub_wheel(name: str, out: Path, modules: dict[str, str] | None = None) -> Path:
    """A wheel named `name` holding only `modules` (path -> source; none: an empty wheel, metadata only), for a
    package the kernel asks for and the tutor never uses."""
    path = out / f"{name}-1.0.0-py3-none-any.whl"
    info, records = f"{name}-1.0.0.dist-info", []
    files = {**(modules or {}),
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tools.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
             f"{info}/top_level.txt": "\n".join(sorted({m.split("/")[0] for m in modules or ()}))}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, text in files.items():
            data = text.encode()
            z.writestr(zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0)), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{arc},sha256={digest},{len(data)}")
        z.writestr(zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0)),
                   "\n".join(records + [f"{info}/RECORD,,"]) + "\n")
    return path


def collect(repo: Path, cache: Path, out: Path, python: str, kernel_pypi: Path | None = None) -> Path:
    """All wheels for the site into `out`: the tutor, its browser dependencies, PyYAML, the kernel's own wheels
    (from `kernel_pypi`, the kernel extension's folder of them), piplite and the stubs."""
    cache.mkdir(parents=True, exist_ok=True)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    tutor = tutor_wheel(repo, out, python)
    from tutor.core.i18n import LANGS as languages
    for wheel in download(browser_requirements(tutor), cache, python):
        name = wheel.name.split("-")[0].lower()
        if name in STUBS or name in STUBBED_DEPENDENCIES:
            continue
        if name == "babel":
            slim_wheel(wheel, out, babel_locales(languages))
        elif name == "pygments":
            slim_wheel(wheel, out, pygments_lexers(PYGMENTS_LEXERS))
        elif name == "ipython":
            slim_wheel(wheel, out, lambda name: True, patch(IPYTHON))
        else:
            shutil.copy2(wheel, out)
    shutil.copy2(pure_pyyaml(cache, python), out)
    for name in STUBS:
        stub_wheel(name, out)
    if kernel_pypi is not None:
        for name in KERNEL_WHEELS:
            found = sorted(kernel_pypi.glob(f"{name}-*.whl"))
            if not found:
                sys.exit(f"the kernel extension has no {name} wheel in {kernel_pypi}: has it changed?")
            shutil.copy2(found[-1], out)
        stub_wheel("piplite", out, PIPLITE)
    return tutor
