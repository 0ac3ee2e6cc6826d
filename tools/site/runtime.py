"""The Pyodide runtime from npm (core files only) and a pyodide-lock.json naming exactly the wheels shipped."""

from __future__ import annotations

import email.parser
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

from tools.site import versions

CORE = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "package.json"]
# front-end halves of the widget packages: the page app carries them; the kernel needs nothing of them
FRONT_END_ONLY = {"widgetsnbextension", "jupyterlab-widgets"}
# terminal-only dependencies of IPython (its marker leaves them out on emscripten; pip resolved for linux)
NOT_IN_BROWSER = {"pexpect", "ptyprocess"}


def npm_package(spec: str, cache: Path) -> Path:
    """`npm pack <spec>` into the cache once, unpacked; the package folder."""
    name, version = spec.rsplit("@", 1)
    folder = cache / f"{name.strip('@').replace('/', '-')}-{version}"
    if not (folder / "package" / "package.json").exists():
        cache.mkdir(parents=True, exist_ok=True)
        if not shutil.which("npm"):
            sys.exit("make site needs npm for Pyodide's runtime (Debian: apt-get install npm)")
        done = subprocess.run(["npm", "pack", "--silent", spec], cwd=cache, capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"npm pack {spec} failed: {done.stderr[-2000:]}")
        tarball = cache / done.stdout.strip().splitlines()[-1]
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(tarball) as tar:
            tar.extractall(folder, filter="data")
    return folder / "package"


def marker_env() -> dict:
    """The markers of Pyodide's Python, for the wheels' Requires-Dist."""
    from packaging.markers import default_environment
    env = default_environment()
    env.update({"python_version": versions.PYTHON, "python_full_version": versions.PYTHON + ".7",
                "sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
                "os_name": "posix", "implementation_name": "cpython", "platform_python_implementation": "CPython",
                "extra": ""})
    return env


def wheel_entry(path: Path, env: dict) -> dict:
    """A pyodide-lock.json entry for one wheel: name, version, file, sha256, imports, dependencies."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name, parse_wheel_filename
    name, version, _, _ = parse_wheel_filename(path.name)
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode())
        tops = {n.split("/")[0].removesuffix(".py") for n in names if n.endswith(".py") or "/" in n}
    imports = sorted(t for t in tops if t.isidentifier() and not t.startswith("_"))
    deps = set()
    for raw in meta.get_all("Requires-Dist") or []:
        req = Requirement(raw)
        if req.marker and not req.marker.evaluate(env):
            continue
        dep = canonicalize_name(req.name)
        if dep not in FRONT_END_ONLY | NOT_IN_BROWSER:
            deps.add(dep)
    if name == "micropip" and "micropip" in tops:
        deps.add("packaging")                  # micropip 0.9 imports it without declaring it (the site's is a stub)
    return {"name": meta["Name"], "version": str(version), "file_name": path.name, "install_dir": "site",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": sorted(deps), "unvendored_tests": False, "shared_library": False}


def install(npm: Path, wheels: Path, out: Path, skip_deps: dict | None = None, replace: dict | None = None) -> dict:
    """Pyodide's core files (those named in `replace` from there instead) and the wheels into `out`, with the
    lock; the lock's packages."""
    from packaging.utils import canonicalize_name, parse_wheel_filename
    out.mkdir(parents=True, exist_ok=True)
    for f in CORE:
        if f in (replace or {}):
            shutil.copy2(replace[f], out / f)
        elif (npm / f).exists():
            shutil.copy2(npm / f, out / f)
    base = json.loads((npm / "pyodide-lock.json").read_text())
    env, packages = marker_env(), {}
    for whl in sorted(wheels.glob("*.whl")):
        name = canonicalize_name(parse_wheel_filename(whl.name)[0])
        if name in FRONT_END_ONLY | NOT_IN_BROWSER:
            continue
        entry = wheel_entry(whl, env)
        entry["depends"] = [d for d in entry["depends"] if d not in (skip_deps or {}).get(name, ())]
        shutil.copy2(whl, out / whl.name)
        packages[name] = entry
    missing = {d for p in packages.values() for d in p["depends"]} - set(packages)
    if missing:
        sys.exit(f"the lock names dependencies no wheel provides: {sorted(missing)}")
    lock = {"info": base["info"], "packages": dict(sorted(packages.items()))}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return packages
