"""Мяури SVG render time: maui.render(maui.view(state, seat)) over positions from random games."""

from __future__ import annotations

import random
import statistics
import time

from tutor.games import maui

POSITIONS = 60


def positions(players: int = 4, seed: int = 1):
    rng = random.Random(seed)
    s = maui.setup(players, seed=seed)
    out = [s]
    while not maui.is_over(s):
        for p in maui.to_move(s):
            s, _ = maui.apply(s, rng.choice(maui.legal_actions(s, p)))
        out.append(s)
    return out


def main() -> None:
    states = []
    seed = 1
    while len(states) < POSITIONS:
        states.extend(positions(4, seed))
        seed += 1
    states = states[:POSITIONS]
    maui.render(maui.view(states[0], 0))  # imports and caches out of the measurement
    times, sizes = [], []
    for s in states:
        start = time.perf_counter()
        svg = maui.render(maui.view(s, 0))
        times.append(time.perf_counter() - start)
        sizes.append(len(svg))
    times.sort()
    print(f"maui render(view): median {statistics.median(times) * 1e3:.2f} ms  "
          f"p90 {times[int(len(times) * 0.9)] * 1e3:.2f} ms  max {times[-1] * 1e3:.2f} ms  "
          f"({len(times)} positions, median SVG {statistics.median(sizes) / 1024:.1f} KiB)")


if __name__ == "__main__":
    main()
