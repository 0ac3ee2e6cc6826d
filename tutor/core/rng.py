"""Seeded randomness carried inside the state, so a state alone replays exactly.

A state holds one integer; each use draws from a Random seeded by it and stores the next integer.
No code in the engines touches the global `random` module.
"""

from __future__ import annotations

import random
from typing import Iterable, TypeVar

T = TypeVar("T")


def seed_value(seed: int | str | None) -> int:
    """Any seed (None, int, str) -> a 63-bit integer. None means a fresh, unpredictable game."""
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    return random.Random(str(seed)).getrandbits(63)


def shuffled(rng_state: int, items: Iterable[T]) -> tuple[tuple[T, ...], int]:
    """A shuffled copy of `items` and the next rng state.

    The order is Random.shuffle's own (tests/test_rng.py holds it to that), written out here: its loop calls
    two Python methods a card, which made shuffling a good part of dealing a game.
    """
    getrandbits = random.Random(rng_state).getrandbits
    out = list(items)
    bits = _BITS if len(out) <= len(_BITS) else [(i + 1).bit_length() for i in range(len(out))]
    for i in range(len(out) - 1, 0, -1):
        # swap card i with one of cards 0..i, picked as Random._randbelow(i + 1) picks it
        k = bits[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return tuple(out), getrandbits(63)


_BITS = [(i + 1).bit_length() for i in range(256)]   # bits of i + 1: what Random._randbelow(i + 1) draws


def choice(rng_state: int, items: Iterable[T]) -> tuple[T, int]:
    """One item picked at random and the next rng state."""
    r = random.Random(rng_state)
    pool = list(items)
    picked = pool[r.randrange(len(pool))]
    return picked, r.getrandbits(63)
