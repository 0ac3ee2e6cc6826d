"""Aqua Fest shell assembly: time to find the best assembly of a 20-fragment collection (target < 10 ms)."""

from __future__ import annotations

import random
import statistics
import time

from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.shells import best_assembly

COLLECTIONS = 300


def main() -> None:
    rng = random.Random(20)
    for size in (20, 42):
        times = []
        for _ in range(COLLECTIONS if size == 20 else 30):
            fragments = rng.sample(C.FRAGMENTS, size)
            start = time.perf_counter()
            best_assembly(fragments)
            times.append(time.perf_counter() - start)
        times.sort()
        label = "20 fragments" if size == 20 else "all 42 fragments"
        print(f"aqua_fest best_assembly, {label}: median {statistics.median(times) * 1e3:.3f} ms  "
              f"max {times[-1] * 1e3:.3f} ms  ({len(times)} collections)")


if __name__ == "__main__":
    main()
