"""The order `make test` hands tests to its workers: the longest first (tests/durations.json, seconds a test took in
a whole run), so no worker is left with a long browser test at the end while the others wait (a suite of 38 minutes
spent its last 12 on its last 5% of tests). Ordering only: every test still runs.

    python tests/ordering.py LOG      rewrite tests/durations.json from a run with --durations=0 (PYTEST_ADDOPTS)
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

DURATIONS = Path(__file__).with_name("durations.json")
UNKNOWN = 1.0           # a test not measured yet: a short one
# the static site's tests wait for its build (about 6 minutes of CPU at the start of `make test`, tests/conftest.py's
# `site_server`), the Binder rehearsal for its venv (2 minutes): ordered as if this much shorter, they start once the
# workers are past the longest of the others
SITE_SHARE = 0.25
WAITING = ("tests/test_binder.py::test_binder_environment_serves_the_index",)
# tests that load the machine on purpose (several learners at once, a crowd at the door, a throttled CPU): ordered
# the same way, so they never start together with each other and with the builds (a run that began with all of them
# at once had a load of 21 on 2 cores, and its first tests timed out)
CROWDING = ("several_learners", "loadtest", "test_browser_club", "cheap_phone", "test_browser_kernels")


def durations() -> dict[str, float]:
    try:
        return json.loads(DURATIONS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def weight(nodeid: str, site: bool, known: dict[str, float]) -> float:
    seconds = known.get(nodeid, UNKNOWN)
    if site or nodeid.startswith(WAITING) or any(word in nodeid for word in CROWDING):
        return seconds * SITE_SHARE
    return seconds


def order(items: list) -> None:
    """Sort pytest's items in place, the longest first (stable: equal weights keep their collected order)."""
    known = durations()
    items.sort(key=lambda item: -weight(item.nodeid, item.get_closest_marker("site") is not None, known))


def from_log(text: str) -> dict[str, float]:
    """Seconds per test id (setup, call and teardown together) from pytest's --durations=0 report, 1 s or more."""
    out: dict[str, float] = {}
    # an id may hold spaces ("[aqua_fest-ru-play table]"): the rest of the line is the id
    for seconds, nodeid in re.findall(r"^([\d.]+)s (?:call|setup|teardown)\s+(.+?)\s*$", text, re.M):
        out[nodeid] = out.get(nodeid, 0.0) + float(seconds)
    return {k: round(v, 1) for k, v in sorted(out.items()) if v >= 1.0}


if __name__ == "__main__":
    measured = from_log(Path(sys.argv[1]).read_text(encoding="utf-8", errors="replace"))
    DURATIONS.write_text(json.dumps(measured, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{DURATIONS}: {len(measured)} tests")
