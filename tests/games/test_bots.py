"""The simple players behind the play table: always legal, never stalling, seeded."""

import importlib
import random

import pytest

from tutor.core.game import ready_games, spec


@pytest.mark.parametrize("game_id", ready_games())
@pytest.mark.parametrize("seed", range(6))
def test_bots_play_whole_games_with_legal_moves(game_id, seed):
    game = spec(game_id)
    bots = importlib.import_module(f"tutor.games.{game_id}.bots")
    players = list(game.players)[seed % len(game.players)]
    state = game.setup(players, seed=seed, **game.play_setup)   # as the play table deals
    rng = random.Random(seed)
    for _ in range(2000):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        action = bots.choose(state, seat, rng)
        assert action in game.legal_actions(state, seat)
        state, _ = game.apply(state, action)
    assert game.is_over(state), f"{game_id} bots did not finish a game in 2000 actions"


def test_maui_bot_always_throws_jellyfish_away():
    """Ruling maui/jellyfish-choice: the bots always discard."""
    from tutor.games import maui
    from tutor.games.maui import bots
    s = maui.setup(3, kiti=0, piles=[["jellyfish-1", "tuna-2", "jellyfish-2"], [], []],
                   lagoon={"deep": "jellyfish-3", "middle": "tiger-1", "shallow": "catfish-1"},
                   deck=["tuna-3", "catfish-2", "tiger-2"])
    for seat, card in enumerate([12, 6, 1]):
        s, _ = maui.apply(s, maui.Dive(seat, card))
    assert s.pending == (0,)
    assert bots.choose(s, 0, random.Random(0)) == maui.Jellyfish(0, True)


def test_aqua_fest_bot_defends_with_its_strongest_card():
    from tutor.games import aqua_fest as A
    from tutor.games.aqua_fest import bots, scenario
    s = scenario.setup({"players": 2, "seed": 3, "pawns": {1: "C3", 2: "C4"},
                        "hands": {1: ["crab-1", "crab-2"], 2: ["crab-3", "dolphin-10", "octopus-1"]}})
    s, _ = A.apply(s, A.Attack(0, 1, "crab-1"))
    assert bots.choose(s, 1, random.Random(0)) == A.Defend(1, "dolphin-10")
