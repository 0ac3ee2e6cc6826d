"""Engine speed for every ready game: random full games per second at each player count.

A game is played from setup to the end by picking uniformly among the seats to move and their legal actions;
the time counts everything (setup, to_move, legal_actions, apply, and the picking, done with one call of
Random.random a pick rather than Random.choice's two Python calls). µs/action is that time
over the actions played. Goals (issues #8, #9, #10): Мяури 2,000 four-player games/s, Aqua Fest 150 games/s,
Паперові океани and Козырные киты at most 50 µs an action; each line says whether its goal is met.

Machines differ: nearly the same engine (ffdd7ce, 0f42fdc) measured about 1,100 and about 3,500 four-player
Мяури games/s on two 2-core machines of this workplace, a day apart. So the bench first times a fixed piece
of plain Python (the "reference"), and two machines' figures compare once each is scaled by its reference.
"""

from __future__ import annotations

import random
import time

from tutor.core.game import ready_games, spec

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


# goals: (game, players or None for every count) -> (figure, least or most, value)
GOALS = {("maui", 4): ("games/s", ">=", 2000.0), ("aqua_fest", None): ("games/s", ">=", 150.0),
         ("sea_salt_paper", None): ("µs/action", "<=", 50.0), ("trump_whales", None): ("µs/action", "<=", 50.0)}


def reference() -> float:
    """Milliseconds this machine takes for a fixed piece of plain Python shaped like an engine's work (copy a
    state's fields, build tuples, call small functions, look things up); the best of five runs."""
    fields = {f"field{i}": (i, i + 1) for i in range(18)}

    def step(d: dict, i: int) -> dict:
        d = dict(d)
        d["field3"] = d["field3"][1:] + (i,)
        return d

    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        d = fields
        for i in range(100_000):
            d = step(d, i)
            if d.get("field7") is None or len(d) != 18:
                raise AssertionError("reference workload broke")
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def verdict(game_id: str, players: int, games_per_s: float, us_per_action: float) -> str:
    goal = GOALS.get((game_id, players)) or GOALS.get((game_id, None))
    if goal is None:
        return ""
    figure, sense, value = goal
    got = games_per_s if figure == "games/s" else us_per_action
    met = got >= value if sense == ">=" else got <= value
    return f"  goal {sense} {value:,.0f} {figure}: {'met' if met else 'NOT MET'}"


def main() -> None:
    print(f"reference: {reference():.1f} ms (a fixed piece of plain Python; lower is a faster machine)")
    for game_id in ready_games():
        game = spec(game_id)
        for players in game.players:
            games = actions = 0
            start = time.perf_counter()
            while time.perf_counter() - start < SECONDS / len(game.players):
                actions += play(game, players, seed=games)
                games += 1
            elapsed = time.perf_counter() - start
            print(f"{game_id} {players} players: {games / elapsed:8.1f} games/s  "
                  f"{actions / elapsed:9.0f} actions/s  {elapsed / actions * 1e6:5.1f} µs/action  ({games} games)"
                  f"{verdict(game_id, players, games / elapsed, elapsed / actions * 1e6)}")


if __name__ == "__main__":
    main()
