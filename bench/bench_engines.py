"""Engine speed for every ready game: random full games per second at each player count."""

from __future__ import annotations

import random
import time

from tutor.core.game import load, ready_games

SECONDS = 3.0   # per game


def play(game, players: int, seed: int) -> int:
    """One random full game (legal actions picked at random); returns the number of actions."""
    rng = random.Random(seed)
    s = game.setup(players, seed=seed)
    actions = 0
    while not game.is_over(s):
        p = rng.choice(game.to_move(s))
        s, _events = game.apply(s, rng.choice(game.legal_actions(s, p)))
        actions += 1
    return actions


def main() -> None:
    for game_id in ready_games():
        game = load(game_id)
        for players in game.SPEC.players:
            games = actions = 0
            start = time.perf_counter()
            while time.perf_counter() - start < SECONDS / len(game.SPEC.players):
                actions += play(game, players, seed=games)
                games += 1
            elapsed = time.perf_counter() - start
            print(f"{game_id} {players} players: {games / elapsed:8.1f} games/s  "
                  f"{actions / elapsed:9.0f} actions/s  ({games} games)")


if __name__ == "__main__":
    main()
