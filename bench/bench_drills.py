"""Drill question generation (tutor.core.drill.question): the time from "Next question" to a fit question, per
drill, over fresh seeds of one session (so skipped poor positions and the no-repeat rule are counted). Goal: under
50 ms per question (issue #23); the drawing of the board is bench_render's figure."""

from __future__ import annotations

import statistics
import time

from tutor.core import drill as D
from tutor.core.game import ready_games

QUESTIONS = 60
GOAL_MS = 50.0


def main() -> None:
    worst = 0.0
    for game_id in ready_games():
        for d in D.drills(game_id):
            D.question(d, "warm-up")          # imports and caches out of the measurement
            seen: set = set()
            times = []
            for n in range(QUESTIONS):
                start = time.perf_counter()
                q = D.question(d, f"bench/{n}", skip=seen)
                times.append((time.perf_counter() - start) * 1000)
                seen.add(q.key)
            times.sort()
            median, p90 = statistics.median(times), times[int(len(times) * 0.9)]
            worst = max(worst, p90)
            print(f"drill {d.id}: median {median:.1f} ms, p90 {p90:.1f} ms, max {times[-1]:.1f} ms per question "
                  f"({QUESTIONS} questions; goal < {GOAL_MS:.0f} ms)")
    print(f"drills: worst p90 {worst:.1f} ms per question ({'met' if worst < GOAL_MS else 'NOT met'}: goal < {GOAL_MS:.0f} ms)")


if __name__ == "__main__":
    main()
