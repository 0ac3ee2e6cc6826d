"""Wheels and the standard library with their bytecode compiled at build time by Pyodide's own Python (npm's
Pyodide under Node.js), so a learner's browser imports the tutor, IPython, the standard library and the rest
without compiling a line of them."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# where micropip and loadPackage install wheels in Pyodide: the code objects name the files there (tracebacks)
SITE_PACKAGES = "/lib/python3.12/site-packages/"

NODE = r"""
const fs = require("fs");
const [runtime, source, target, script] = process.argv.slice(2);
const { loadPyodide } = require(runtime + "/pyodide.js");
(async () => {
  const py = await loadPyodide({ indexURL: runtime + "/" });
  for (const [at, root] of [["/in", source], ["/out", target]]) {
    py.FS.mkdirTree(at);
    py.FS.mount(py.FS.filesystems.NODEFS, { root }, at);
  }
  await py.runPythonAsync(fs.readFileSync(script, "utf8"));
})().catch((e) => { console.error(e); process.exit(1); });
"""

# run inside Pyodide, for each wheel in /in, its RECORD written anew: each module's source is replaced by its
# bytecode (<name>.pyc, as Pyodide's own packages are shipped): smaller, and its tracebacks name lines without
# quoting them. In a wheel named in KEEP_SOURCES, a package's __init__.py stays as it is, its bytecode beside it
# in __pycache__/__init__.<tag>.pyc as an unchecked hash-based pyc (used whatever the file times micropip leaves)
PYTHON = r"""
import base64, hashlib, importlib.util, os, posixpath, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

TAG = sys.implementation.cache_tag
SITE, KEEP_SOURCES = %r, %r

def record(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

def add(dst, lines, name, data, like=None):
    dst.writestr(like if like is not None else name, data, compress_type=zipfile.ZIP_DEFLATED)
    lines.append(record(name, data))

for wheel in sorted(os.listdir("/in")):
    keep_inits = wheel.split("-")[0] in KEEP_SOURCES
    with zipfile.ZipFile("/in/" + wheel) as src, zipfile.ZipFile("/out/" + wheel, "w", zipfile.ZIP_DEFLATED) as dst:
        info = next(n for n in src.namelist() if n.endswith(".dist-info/RECORD"))
        lines = []
        for item in src.infolist():
            if item.filename == info:
                continue
            data = src.read(item)
            top = item.filename.split("/")[0]
            code = None
            if item.filename.endswith(".py") and not top.endswith((".dist-info", ".data")):
                try:
                    code = compile(data, SITE + item.filename, "exec", dont_inherit=True)
                except SyntaxError:
                    pass                    # a file the package never imports on this Python: left as it is
            keep = keep_inits and item.filename.endswith("/__init__.py")
            if code is None or keep:
                add(dst, lines, item.filename, data, item)
            if code is None:
                continue
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            folder, name = posixpath.split(item.filename)
            if keep:
                add(dst, lines, posixpath.join(folder, "__pycache__", f"{name[:-3]}.{TAG}.pyc"), pyc)
            else:
                add(dst, lines, item.filename + "c", pyc)
        dst.writestr(info, "\n".join(lines + [f"{info},,"]) + "\n")
"""


# run inside Pyodide: its standard library (npm's python_stdlib.zip holds only sources, which every page load
# compiled again in WebAssembly as it imported them: half of booting Pyodide and of importing IPython) rewritten
# with each module's bytecode in place of its source, named where Pyodide mounts the zip
STDLIB = r"""
import importlib.util, os, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
import pydoc
prefix = pydoc.__file__[: -len("pydoc.py")]
with zipfile.ZipFile("/in/python_stdlib.zip") as src, zipfile.ZipFile("/out/python_stdlib.zip", "w",
                                                                     zipfile.ZIP_DEFLATED) as dst:
    for item in src.infolist():
        data = src.read(item)
        code = None
        if item.filename.endswith(".py"):
            try:
                code = compile(data, prefix + item.filename, "exec", dont_inherit=True)
            except SyntaxError:
                pass
        if code is None:
            dst.writestr(item, data, compress_type=zipfile.ZIP_DEFLATED)
            continue
        pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
        dst.writestr(zipfile.ZipInfo(item.filename + "c", date_time=item.date_time), pyc,
                     compress_type=zipfile.ZIP_DEFLATED)
"""


def run_in_pyodide(runtime: Path, source: Path, target: Path, script: str) -> None:
    """`script` in npm's Pyodide under Node.js, with `source` mounted at /in and `target` at /out."""
    if not shutil.which("node"):
        sys.exit("make site needs Node.js to precompile the Python code (Debian: apt-get install nodejs)")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "compile.py").write_text(script)
        (Path(tmp) / "compile.js").write_text(NODE)
        done = subprocess.run(["node", str(Path(tmp) / "compile.js"), str(runtime), str(source), str(target),
                               str(Path(tmp) / "compile.py")], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"precompiling in Pyodide failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")


def stdlib(runtime: Path, cache: Path) -> Path:
    """Pyodide's python_stdlib.zip with bytecode instead of sources, compiled once per runtime into the cache."""
    key = hashlib.sha256((runtime / "python_stdlib.zip").read_bytes() + STDLIB.encode()).hexdigest()[:16]
    target = cache / f"stdlib-{key}"
    if not (target / "python_stdlib.zip").exists():
        with tempfile.TemporaryDirectory() as tmp:
            source, out = Path(tmp, "in"), Path(tmp, "out")
            source.mkdir()
            out.mkdir()
            shutil.copy2(runtime / "python_stdlib.zip", source)
            run_in_pyodide(runtime, source, out, STDLIB)
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy2(out / "python_stdlib.zip", target / "python_stdlib.zip")
    return target / "python_stdlib.zip"


def precompile(wheels: Path, runtime: Path, cache: Path, skip=(), keep_sources=("tutor",)) -> None:
    """Replace each wheel in `wheels` (but `skip`) by its compiled copy, from the cache when it was compiled
    before (keyed on the wheel's bytes, the runtime's version and how it is compiled). The tutor keeps its
    packages' __init__.py: tutor.core.i18n finds the games by them."""
    cache.mkdir(parents=True, exist_ok=True)
    version = (runtime / "package.json").read_text() + PYTHON + repr(sorted(keep_sources))
    todo = {}
    for wheel in sorted(wheels.glob("*.whl")):
        if wheel.name.split("-")[0] in skip:
            continue
        key = hashlib.sha256(wheel.read_bytes() + version.encode()).hexdigest()[:16]
        cached = cache / key / wheel.name
        if not cached.exists():
            todo[wheel] = cached
    if todo:
        with tempfile.TemporaryDirectory() as tmp:
            source, target = Path(tmp, "in"), Path(tmp, "out")
            source.mkdir()
            target.mkdir()
            for wheel in todo:
                shutil.copy2(wheel, source / wheel.name)
            run_in_pyodide(runtime, source, target, PYTHON % (SITE_PACKAGES, set(keep_sources)))
            for wheel, cached in todo.items():
                cached.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(target / wheel.name, cached)
    for wheel in sorted(wheels.glob("*.whl")):
        if wheel.name.split("-")[0] in skip:
            continue
        key = hashlib.sha256(wheel.read_bytes() + version.encode()).hexdigest()[:16]
        shutil.copy2(cache / key / wheel.name, wheel)
