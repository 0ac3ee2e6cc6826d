"""A simple Острів котів player for the play table (cheap: masks only, no look-ahead).

Family cards: it keeps the two whose tasks it rates easiest (a fixed preference). Taking: the tile that fits with
the most squares, a cat of the colour it already holds most of first; it passes only when nothing fits. Placing:
the placement that covers the most rats, fills rooms, covers a map of the cat's own colour and touches its cats of
the same colour (joining families), then the one touching the most covered squares (a compact boat). A map's
reward: the largest common treasure that fits."""

from __future__ import annotations

import random
from typing import Optional

from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.rules import (
    Action, Decline, KeepCards, Pass, Place, State, Take, TakeTreasure, legal_actions, occupied,
)

# the tasks it prefers to keep, easiest first
_EASY = ("treasures", "filled_rooms", "largest_family", "edge_pairs", "edge_one_colour", "five_of", "no_rats",
         "third_family", "rats", "middle_row", "three_each", "edge_all_colours", "twenty_cats", "edge_full")


def _colour_mask(state: State, seat: int, colour: Optional[str]) -> int:
    m = 0
    for tile, o, x, y in state.placed[seat]:
        if C.COLOUR[tile] == colour:
            m |= G.AT[(C.SHAPE[tile], o, x, y)][0]
    return m


def _place(state: State, seat: int, rng: random.Random) -> Place:
    tile = state.held
    assert tile is not None
    shape, colour = C.SHAPE[tile], C.COLOUR[tile]
    occ = occupied(state.placed[seat])
    boat = state.boats[seat]
    rats = G.RATS[boat] & ~occ
    same = _colour_mask(state, seat, colour) if colour else 0
    my_map = G.MAPS[boat][colour] if colour else 0
    open_rooms = [r for r in G.ROOMS if r & ~occ]
    best, best_key = None, None
    for m, n, o, x, y in G.legal_masks(shape, occ):
        after = occ | m
        key = (3 * bin(m & rats).count("1") + 6 * sum(1 for r in open_rooms if not r & ~after)
               + 8 * bool(m & my_map) + 4 * bool(n & same), bin(n & occ).count("1"), rng.random())
        if best_key is None or key > best_key:
            best, best_key = (o, x, y), key
    assert best is not None
    return Place(seat, *best)


def choose(state: State, seat: int, rng: random.Random) -> Action:
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError("nothing to choose")
    first = legal[0]
    keeps = [a for a in legal if isinstance(a, KeepCards)]     # the family cards: every legal action keeps two
    if keeps:
        rank = {task: i for i, task in enumerate(_EASY)}
        return min(keeps, key=lambda a: (sum(rank[C.FAMILY_CARDS[c].task] for c in a.keep), rng.random()))
    if state.phase == "place":
        return _place(state, seat, rng)
    if isinstance(first, (TakeTreasure, Decline)):
        shapes = [a for a in legal if isinstance(a, TakeTreasure)]
        if not shapes:
            return Decline(seat)
        return max(shapes, key=lambda a: (C.SHAPE_SIZE[a.shape], a.shape == "L-tromino"))
    takes = [a for a in legal if isinstance(a, Take)]
    if not takes:
        return Pass(seat)
    held: dict[Optional[str], int] = {}
    for tile, *_ in state.placed[seat]:
        held[C.COLOUR[tile]] = held.get(C.COLOUR[tile], 0) + 1
    return max(takes, key=lambda a: (C.SHAPE_SIZE[C.SHAPE[a.tile]], held.get(C.COLOUR[a.tile], -1), rng.random()))
