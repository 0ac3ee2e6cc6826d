"""make site: build site/ from the repository (wheels, Pyodide, pages), then refuse it if anything is remote."""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from tools.site import check, pages, precompile, runtime, versions, wheels

REPO = Path(__file__).resolve().parents[2]


def build(site: Path, cache: Path) -> None:
    """Every step in order; a failed step stops the build with its message."""
    started = time.monotonic()
    lite = cache / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    venv = pages.tool_venv(cache)
    print(f"wheels: the tutor ({REPO.name}) and its dependencies for Python {versions.PYTHON}")
    wheels.collect(REPO, cache / "wheels", lite / "wheels", sys.executable, pages.kernel_pypi(venv))
    print(f"Pyodide {versions.PYODIDE} from npm, with a lock for the wheels shipped")
    npm = runtime.npm_package(f"pyodide@{versions.PYODIDE}", cache / "npm")
    print("bytecode (the wheels, the standard library) compiled by Pyodide's Python (Node.js)")
    precompile.precompile(lite / "wheels", npm, cache / "compiled", skip=wheels.STUBS)
    stdlib = precompile.stdlib(npm, cache / "compiled")
    runtime.install(npm, lite / "wheels", lite / "static" / "pyodide", {"tutor": wheels.SERVER_ONLY},
                    replace={"python_stdlib.zip": stdlib})
    names, static = pages.contents(REPO / "notebooks", lite / "content")
    pages.lite_config(lite, site)
    print(f"pages: {len(names)} notebooks with voici {versions.VOICI}")
    if site.exists():
        shutil.rmtree(site)
    pages.voici_build(venv, lite, REPO)
    pages.finish(site, names, static)
    problems = check.remote_urls(site)
    if problems:
        sys.exit("the site would fetch from the network:\n" + "\n".join(f"  {p}" for p in problems[:40]))
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"{site}: {len(names)} pages, {size / 2**20:.1f} MiB, built in {time.monotonic() - started:.0f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=REPO / "site")
    parser.add_argument("--cache", type=Path, default=REPO / "build" / "site-cache")
    args = parser.parse_args(argv)
    build(args.out.resolve(), args.cache.resolve())


if __name__ == "__main__":
    main()
