"""`make loadtest` in small: four learners open a lesson at once on a server of its own, step through a worked
example on their own kernel websockets, then leave. Every one must see a board with no error, and every
learner's kernel must be gone afterwards. (Figures, not goals: timing targets live in `make loadtest`.)"""

from __future__ import annotations

import subprocess
import sys

from voila_harness import ROOT, require_notebook


def test_four_learners_at_once_see_their_boards_and_leave_nothing_behind():
    require_notebook("maui.ipynb")
    done = subprocess.run([sys.executable, "bench/loadtest.py", "--learners", "4", "--clicks", "5",
                           "--lesson", "maui.ipynb"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "errors: 0" in report, report
    assert "after everyone left: 0 of the learners' kernels still running" in report, report
