"""Engine speed for every ready game: random full games per second at each player count.

A game is played from setup to the end by picking uniformly among the seats to move and their legal actions;
the time counts everything (setup, to_move, legal_actions, apply, and the picking, done with one call of
Random.random a pick rather than Random.choice's two Python calls). µs/action is that time
over the actions played. Goals (issues #8, #9, #10): Мяури 2,000 four-player games/s, Aqua Fest 150 games/s,
Паперові океани and Козырные киты at most 50 µs an action.
"""

from __future__ import annotations

import random
import time

from tutor.core.game import load, ready_games

SECONDS = 3.0   # per game


def play(game, players: int, seed: int) -> int:
    """One random full game (legal actions picked at random); returns the number of actions."""
    pick = random.Random(seed).random      # options[int(pick() * n)]: uniform, and a fraction of Random.choice's
    s = game.setup(players, seed=seed)     # cost, which is the bench's own and not the engine's
    # the engine's functions looked up once, not four module lookups an action: the loop is the bench's
    is_over, to_move, legal_actions, apply = game.is_over, game.to_move, game.legal_actions, game.apply
    actions = 0
    while not is_over(s):
        movers = to_move(s)
        p = movers[int(pick() * len(movers))]
        legal = legal_actions(s, p)
        s, _events = apply(s, legal[int(pick() * len(legal))])
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
                  f"{actions / elapsed:9.0f} actions/s  {elapsed / actions * 1e6:5.1f} µs/action  ({games} games)")


if __name__ == "__main__":
    main()
