"""Seeded randomness (tutor.core.rng): the same seed gives the same game, and shuffles are Random.shuffle's."""

from __future__ import annotations

import random

from tutor.core import rng


def test_shuffled_is_random_shuffle_and_moves_the_state_on_alike():
    for seed in range(300):
        for length in (0, 1, 2, 3, 7, 37, 64, 100):
            items = [f"card-{i}" for i in range(length)]
            expected = list(items)
            r = random.Random(seed * 7919)
            r.shuffle(expected)
            got, after = rng.shuffled(seed * 7919, items)
            assert got == tuple(expected), (seed, length)
            assert after == r.getrandbits(63)


def test_a_seed_gives_one_game_and_another_seed_another():
    assert rng.seed_value("club night") == rng.seed_value("club night") != rng.seed_value("club night 2")
    assert rng.shuffled(5, range(20)) == rng.shuffled(5, range(20)) != rng.shuffled(6, range(20))
