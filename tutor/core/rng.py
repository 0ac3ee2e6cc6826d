"""Seeded randomness carried inside the state, so a state alone replays exactly.

A state holds one integer; each use draws from a Random seeded by it and stores the next integer.
No code in the engines touches the global `random` module.
"""

from __future__ import annotations

import random


def seed_value(seed) -> int:
    """Any seed (None, int, str) -> a 63-bit integer. None means a fresh, unpredictable game."""
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    return random.Random(str(seed)).getrandbits(63)


def shuffled(rng_state: int, items) -> tuple[tuple, int]:
    """A shuffled copy of `items` and the next rng state."""
    r = random.Random(rng_state)
    out = list(items)
    r.shuffle(out)
    return tuple(out), r.getrandbits(63)


def choice(rng_state: int, items) -> tuple[object, int]:
    """One item picked at random and the next rng state."""
    r = random.Random(rng_state)
    items = list(items)
    picked = items[r.randrange(len(items))]
    return picked, r.getrandbits(63)
