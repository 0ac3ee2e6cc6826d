"""Мяури engine speed: random full games per second (3 to 6 players), legal actions chosen at random."""

from __future__ import annotations

import random
import time

from tutor.games import maui

SECONDS = 3.0


def play(players: int, seed: int) -> int:
    rng = random.Random(seed)
    s = maui.setup(players, seed=seed)
    actions = 0
    while not maui.is_over(s):
        for p in maui.to_move(s):
            s, _events = maui.apply(s, rng.choice(maui.legal_actions(s, p)))
            actions += 1
    return actions


def main() -> None:
    for players in maui.PLAYERS:
        games = actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < SECONDS / len(maui.PLAYERS):
            actions += play(players, seed=games)
            games += 1
        elapsed = time.perf_counter() - start
        print(f"maui {players} players: {games / elapsed:8.1f} games/s  "
              f"{actions / elapsed:9.0f} actions/s  ({games} games)")


if __name__ == "__main__":
    main()
