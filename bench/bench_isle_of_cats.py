"""Острів котів figures: a placement decision (legal placements enumerated, the engine's legal_actions in the place
phase; goal <= 200 us), the page's placing data for a held tile (sent once per tile), and a play-table render
(goal < 5 ms). Positions come from seeded random games. The click -> preview latency in the page is not measured
here (the preview needs no kernel round trip: tests/browser/test_browser_isle_of_cats_place.py drives it)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games import isle_of_cats as ioc  # noqa: E402
from tutor.games.isle_of_cats.placing import placing_data  # noqa: E402
from tutor.games.isle_of_cats.render import render  # noqa: E402


def place_positions(games: int = 8):
    out = []
    for seed in range(games):
        r = random.Random(seed)
        s = ioc.setup(4, seed=seed)
        while not ioc.is_over(s):
            p = ioc.to_move(s)[0]
            if s.phase == "place":
                out.append(s)
            s, _ = ioc.apply(s, r.choice(ioc.legal_actions(s, p)))
    return out


def per_call(fn, items, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for it in items:
            fn(it)
        best = min(best, (time.perf_counter() - t) / len(items))
    return best


def main() -> None:
    states = place_positions()
    print(f"isle_of_cats place positions: {len(states)}")
    us = per_call(lambda s: ioc.legal_actions(s, s.turn), states) * 1e6
    print(f"isle_of_cats placement decision (legal placements enumerated): {us:.1f} us (goal <= 200)")
    ms = per_call(lambda s: placing_data(s, s.turn, "uk"), states[::4]) * 1e3
    print(f"isle_of_cats placing data per held tile: {ms:.2f} ms")
    views = [ioc.view(s, s.turn) for s in states[::4]]
    ms = per_call(lambda v: render(v, lang="uk"), views) * 1e3
    print(f"isle_of_cats render (4 boats, play table): {ms:.2f} ms (goal < 5)")


if __name__ == "__main__":
    main()
