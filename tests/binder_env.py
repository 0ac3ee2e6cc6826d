"""The Binder environment, built the way repo2docker builds its image (see test_binder.py), once per change.

`make test` starts `python tests/binder_env.py` in the background as the suite begins: installing the Jupyter
stack into a fresh venv takes a couple of minutes, mostly writing files while the browser tests wait on pages,
so it runs beside them instead of holding a test worker. The test calls `binder_env()` too; a lock makes it wait
for a build already under way and then use it (or build it itself when nothing started one).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


class BuildFailed(RuntimeError):
    pass


def env_key() -> str:
    h = hashlib.sha256(str(ROOT).encode())
    # what postBuild installs comes from these too: the server settings and the page template
    template = sorted((ROOT / "tutor" / "share").rglob("*.*"))
    for path in sorted(BINDER.iterdir()) + [ROOT / "pyproject.toml", ROOT / "tutor" / "serving.py"] + template:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def binder_env() -> Path:
    """A venv built from binder/ as repo2docker would; rebuilt when binder/, pyproject.toml or what postBuild
    installs change. Raises BuildFailed with pip's or postBuild's output."""
    cache = ROOT / ".venv"
    cache.mkdir(exist_ok=True)
    target = cache / f"binder-{env_key()}"
    with open(cache / "binder.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)      # one build at a time; a second caller waits and then reuses it
        if (target / ".complete").exists():
            return target
        for old in cache.glob("binder-*"):
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(target)
        py = target / "bin" / "python"
        env = {**os.environ, "PATH": f"{target / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
               "VIRTUAL_ENV": str(target), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
        env.pop("PYTHONPATH", None)
        # --no-compile: Python compiles what it imports anyway; compiling the whole stack ahead took a good part
        # of the install
        _run([str(py), "-m", "pip", "install", "-q", "--no-compile", "-r", "binder/requirements.txt"], env, 900)
        if (BINDER / "postBuild").exists():
            _run(["bash", "binder/postBuild"], env, 300)
        (target / ".complete").touch()
        return target


def _run(cmd: list[str], env: dict, timeout: float) -> None:
    done = subprocess.run(cmd, cwd=ROOT, env=env, timeout=timeout, capture_output=True, text=True)
    if done.returncode:
        raise BuildFailed(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


if __name__ == "__main__":
    try:
        print(binder_env())
    except BuildFailed as exc:      # the test builds again and reports it; here it is only said
        print(exc, file=sys.stderr)
        sys.exit(1)
