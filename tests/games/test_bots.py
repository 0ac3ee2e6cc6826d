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


def _maui_round(piles, lagoon, hands, players=3, kiti=0, round_=9):
    # (seeded: a bot's pick among its near-best cards follows the deal's seed, and an unseeded deal made the tuna's
    # sure 12 another card about once in 1,500 runs)
    from tutor.games import maui
    return maui.setup(players, seed=0, kiti=kiti, round=round_, piles=piles, lagoon=lagoon, hands=hands,
                      deck=["tiger-5", "catfish-5", "tiger-6", "catfish-6", "tiger-7", "catfish-7"])


def test_maui_bot_keeps_its_tuna_from_a_seagull_and_leaves_a_jellyfish():
    """A club teacher saw the bots take a seagull with a tuna on top of their pile, and lose points for nothing.
    With the deep's seagull (or jellyfish) only a 12 is sure to take, the bot plays another card."""
    from tutor.games.maui import bots
    from tutor.games.maui.rules import Dive
    hands = [[1, 5, 12, 8], [2, 4, 7, 10], [3, 6, 9, 11]]
    gull = _maui_round([["catfish-1", "tuna-1"], [], []], {"deep": "seagull-1", "middle": "tiger-1",
                                                           "shallow": "catfish-2"}, hands)
    assert bots.choose(gull, 0, random.Random(0)) != Dive(0, 12)
    sting = _maui_round([["tuna-1"], [], []], {"deep": "jellyfish-3", "middle": "tiger-1", "shallow": "catfish-2"},
                        hands)
    assert bots.choose(sting, 0, random.Random(0)) != Dive(0, 12)
    # and where the deep holds a tuna, the sure 12 is worth its cost
    tuna = _maui_round([["catfish-1"], [], []], {"deep": "tuna-8", "middle": "catfish-3", "shallow": "catfish-2"},
                       hands)
    assert bots.choose(tuna, 0, random.Random(0)) == Dive(0, 12)


def test_maui_bot_never_reads_a_face_down_card_and_is_deterministic():
    """The bot guesses the others' cards from what they may hold: a card another seat laid face down changes
    nothing, and the same position gives the same card, whatever the table's generator."""
    from tutor.games import maui
    from tutor.games.maui import bots
    lagoon = {"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"}
    start = _maui_round([[], [], []], lagoon, [[1, 5, 12, 8], [2, 4, 7, 10], [3, 6, 9, 11]])
    laid = [maui.apply(start, maui.Dive(1, card))[0] for card in (2, 4, 7, 10)]
    picks = {bots.choose(s, 0, random.Random(seed)) for s in laid for seed in range(3)}
    assert len(picks) == 1, picks


def test_maui_bot_beats_random_divers():
    """One bot against random legal divers (the old bots) over whole games: it wins well over its share. (Its
    decision time is a benchmark: bench/bench_bots.py.)"""
    from tutor.games import maui
    from tutor.games.maui import bots
    from tutor.games.maui.scoring import score
    won, games = 0, 24
    for seed in range(games):
        players = 3 + seed % 3
        state, rng = maui.setup(players, seed=seed), random.Random(seed)
        while not maui.is_over(state):
            seat = maui.to_move(state)[0]
            if seat == 0:
                action = bots.choose(state, 0, rng)
            else:
                legal = maui.legal_actions(state, seat)
                action = next((a for a in legal if isinstance(a, maui.Jellyfish)), None) or rng.choice(legal)
            state, _ = maui.apply(state, action)
        totals = [b.total for b in score(state)]
        won += totals[0] == max(totals)
    assert won >= games // 2, f"won {won} of {games} (a random diver's share: about a quarter)"


def test_trump_whales_bot_keeps_its_fives_for_the_tricks():
    """Fresh reader (stop 43): all three bots laid a five as their first bonus, so a learner at the table almost never
    saw a five played into a trick (it takes the family and names the next leader, parts 5 and 8). A bot holding a
    five and another card lays the other card; a hand of fives only still lays one."""
    from tutor.games.trump_whales import bots, components as C, rules as R
    fives_held = laid_five = 0
    for seed in range(60):
        s = R.setup(4, seed=seed)
        for seat in range(4):
            legal = [a for a in R.legal_actions(s, seat) if isinstance(a, R.ChooseBonus)]
            if not legal:
                continue
            pick = bots.choose(s, seat, random.Random(seed))
            held = {C.VALUE[a.card] for a in legal}
            if C.FIVE in held:
                fives_held += 1
                laid_five += C.VALUE[pick.card] == C.FIVE and held != {C.FIVE}
    assert fives_held > 20, "too few hands with a five: the test shows nothing"
    assert laid_five == 0


@pytest.mark.parametrize("seed", range(12))
def test_aqua_fest_bot_lays_its_start_tile_in_front_of_a_fragment_with_stars(seed):
    """The lesson teaches to sit in front of a good fragment; a bot's tile in front of a coral read as a bug to a reader
    (wave 21): where some place of its edge has a fragment with stars in front, the bot's has one."""
    from tutor.games import aqua_fest as af
    from tutor.games.aqua_fest import board as B
    from tutor.games.aqua_fest.bots import choose, stars_in_sight
    from tutor.games.aqua_fest.rules import PlaceStart
    state = af.setup(4, seed=seed, place_starts=True)     # as the play table deals
    rng, checked = random.Random(seed), 0
    while True:
        movers = af.to_move(state)
        places = [a for s in movers for a in af.legal_actions(state, s) if isinstance(a, PlaceStart)]
        if not places:
            break
        seat = places[0].player

        def front(a):
            r0, c0 = B.home_coords(state.sides[seat], a.place)
            return stars_in_sight(state, min(max(r0, 0), B.N - 1) * B.N + min(max(c0, 0), B.N - 1))
        action = choose(state, seat, rng)
        if any(front(a) for a in places if a.player == seat):
            assert front(action) > 0, (seed, seat, action)
            checked += 1
        state, _ = af.apply(state, action)
    assert checked


@pytest.mark.parametrize("seed", range(6))
def test_aqua_fest_bot_never_spends_a_card_to_go_back_where_its_turn_began_for_stars(seed):
    """A bot spent a card going back to the cell its turn began on, which gives nothing there (a reader of wave 22):
    a move that goes there is never chosen for the stars it shows."""
    from tutor.games import aqua_fest as af
    from tutor.games.aqua_fest.bots import choose
    from tutor.games.aqua_fest.rules import Move
    state = af.setup(3, seed=seed)
    rng, moved = random.Random(seed), 0
    for _ in range(300):
        if af.is_over(state):
            break
        seat = af.to_move(state)[0]
        action = choose(state, seat, rng)
        if isinstance(action, Move):
            others = [a for a in af.legal_actions(state, seat) if isinstance(a, Move) and a.to != state.turn_start]
            if others:
                assert action.to != state.turn_start or state.turn_start is None, (seed, action)
            moved += 1
        state, _ = af.apply(state, action)
    assert moved
