"""The static site built once per set of inputs, for the browser test: build/site-cache/site-<key>/.

<key> hashes the content (not the times) of every file the build reads: tutor/, lessons/, notebooks/,
tools/site/, pyproject.toml and setup.py. A folder of that name is a finished build (each is built in a
temporary folder and renamed), so a test session reuses it; building a new one removes the older ones not in use.

Locks (fcntl): one build at a time (pytest workers of one session, or two sessions); a session using a site holds
a shared lock on it, so another session's new build never deletes a site a test is reading.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import os
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
INPUTS = ["tutor", "lessons", "notebooks", "tools/site", "pyproject.toml", "setup.py"]
SKIPPED_DIRS = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache", ".mypy_cache"}
# the build's own caches, shared with `make site` (wheels, npm, compiled, venv-*): everything in the cache root
# but these, which belong to one build
NOT_SHARED = {"lite", "test-work", "build.lock"}

_held: dict[Path, int] = {}          # site folder -> the shared lock this process holds on it


def input_files(repo: Path = REPO) -> list[Path]:
    """The files the key covers, sorted."""
    found = []
    for name in INPUTS:
        top = repo / name
        if top.is_file():
            found.append(top)
        elif top.is_dir():
            for folder, dirs, files in os.walk(top):
                dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
                found += [Path(folder, f) for f in files if not f.endswith((".pyc", ".pyo"))]
    return sorted(found)


def key(repo: Path = REPO) -> str:
    """A hash of the inputs' paths and contents."""
    digest = hashlib.sha256()
    for path in input_files(repo):
        digest.update(path.relative_to(repo).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@contextlib.contextmanager
def _locked(path: Path, mode: int):
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, mode)
        yield fd
    finally:
        os.close(fd)


def _hold_shared(site: Path) -> None:
    """A shared lock on `site` for the rest of this process: a newer build leaves it in place."""
    if site in _held:
        return
    fd = os.open(site.with_name(site.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_SH)
    _held[site] = fd


def _remove_unused(cache_root: Path, keep: Path) -> None:
    """Older sites no process is using, and what an interrupted build left."""
    for old in cache_root.glob("site-*.tmp"):
        shutil.rmtree(old, ignore_errors=True)
    for old in cache_root.glob("site-*"):
        if old == keep or old.suffix == ".tmp" or (old.suffix == ".lock" and old.with_suffix("").is_dir()):
            continue
        lock = old if old.suffix == ".lock" else old.with_name(old.name + ".lock")      # a lock left alone goes too
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            continue                                        # a test session still serves it
        else:
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
            lock.unlink(missing_ok=True)
        finally:
            os.close(fd)


def _work_cache(cache_root: Path) -> Path:
    """The build's cache folder for these builds: its own `lite` work folder (a `make site` running at the same
    time keeps its own), the downloads and compiled wheels linked from the shared cache."""
    work = cache_root / "test-work"
    work.mkdir(parents=True, exist_ok=True)
    for item in cache_root.iterdir():
        if item.name in NOT_SHARED or item.name.startswith("site-") or not item.is_dir():
            continue
        link = work / item.name
        if not link.exists() and not link.is_symlink():
            link.symlink_to(Path("..") / item.name)
    return work


def build_cached(cache_root: Path = REPO / "build" / "site-cache", *, log=None) -> Path:
    """The site for the repository as it is now: cache_root/site-<key>/, built unless a finished one is there.
    A failed build raises SystemExit with the build's message (tools.site.build's way)."""
    cache_root = Path(cache_root).resolve()
    cache_root.mkdir(parents=True, exist_ok=True)
    site = cache_root / f"site-{key()}"
    with _locked(cache_root / "build.lock", fcntl.LOCK_EX):
        if not (site / "index.html").is_file():
            from tools.site.build import build
            tmp = site.with_name(site.name + ".tmp")
            shutil.rmtree(tmp, ignore_errors=True)
            out = io.StringIO()
            work = _work_cache(cache_root)
            try:
                with contextlib.redirect_stdout(out):
                    build(tmp, work)
            finally:
                shutil.rmtree(work / "lite", ignore_errors=True)       # the build's scratch (28 MB), made anew each time
            if log is not None:
                log.write(out.getvalue())
            if not (tmp / "index.html").is_file():
                raise SystemExit(f"the site build left no index.html in {tmp}:\n{out.getvalue()}")
            shutil.rmtree(site, ignore_errors=True)
            os.rename(tmp, site)
        _hold_shared(site)
        _remove_unused(cache_root, site)
    return site


if __name__ == "__main__":
    import sys
    import time
    started = time.monotonic()
    print(build_cached(log=sys.stdout), f"{time.monotonic() - started:.1f} s")
