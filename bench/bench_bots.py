"""A table bot's decision time for every ready game: bots.choose(state, seat, rng) at every turn of whole games,
all seats played by bots. Goal: p90 under 100 ms (a learner waits for the bots' replies at the play table)."""

from __future__ import annotations

import importlib
import random
import statistics
import time

from tutor.core.game import ready_games, spec

GAMES = 6
GOAL_MS = 100.0


def main() -> None:
    worst = 0.0
    for game_id in ready_games():
        game, bots = spec(game_id), importlib.import_module(f"tutor.games.{game_id}.bots")
        times = []
        for seed in range(GAMES):
            players = min(game.players) + seed % (max(game.players) - min(game.players) + 1)
            state, rng = game.setup(players, seed=seed), random.Random(seed)
            while not game.is_over(state):
                seat = game.to_move(state)[0]
                start = time.perf_counter()
                action = bots.choose(state, seat, rng)
                times.append((time.perf_counter() - start) * 1000)
                state, _ = game.apply(state, action)
        p90 = statistics.quantiles(times, n=10)[-1]
        worst = max(worst, p90)
        print(f"bot decision, {game_id}: median {statistics.median(times):.1f} ms, p90 {p90:.1f} ms, "
              f"max {max(times):.1f} ms ({len(times)} decisions, {GAMES} games)")
    print(f"bots: worst p90 {worst:.1f} ms a decision ({'met' if worst < GOAL_MS else 'NOT met'}: goal < {GOAL_MS:.0f} ms)")


if __name__ == "__main__":
    main()
