"""SVG render time for every ready game and board layout: render(view(state, seat), layout=…) over positions from
random games."""

from __future__ import annotations

import random
import statistics
import time

from tutor.core.game import ready_games, spec
from tutor.core.svg import LAYOUTS

POSITIONS = 60


def positions(game, players: int, seed: int):
    rng = random.Random(seed)
    s = game.setup(players, seed=seed)
    out = [s]
    while not game.is_over(s) and len(out) < POSITIONS:
        p = rng.choice(game.to_move(s))
        s, _ = game.apply(s, rng.choice(game.legal_actions(s, p)))
        out.append(s)
    return out


def main() -> None:
    for game_id in ready_games():
        game = spec(game_id)
        players = min(4, max(game.players))
        states, seed = [], 1
        while len(states) < POSITIONS:
            states.extend(positions(game, players, seed))
            seed += 1
        states = states[:POSITIONS]
        for layout in LAYOUTS:       # each board layout a page may ask for (issue #24: under 5 ms each)
            game.render(game.view(states[0], 0), layout=layout)  # imports and caches out of the measurement
            times, sizes = [], []
            for s in states:
                start = time.perf_counter()
                svg = game.render(game.view(s, 0), layout=layout)
                times.append(time.perf_counter() - start)
                sizes.append(len(svg))
            times.sort()
            print(f"{game_id} render(view), {players} players, {layout}: median {statistics.median(times) * 1e3:.2f} ms  "
                  f"p90 {times[int(len(times) * 0.9)] * 1e3:.2f} ms  max {times[-1] * 1e3:.2f} ms  "
                  f"({len(times)} positions, median SVG {statistics.median(sizes) / 1024:.1f} KiB)")

if __name__ == "__main__":
    main()
