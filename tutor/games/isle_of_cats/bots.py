"""A simple Острів котів player for the play table (cheap: masks only, no look-ahead).

Family cards: it keeps the two whose tasks it rates easiest (a fixed preference). Taking: the tile that fits with
the most squares, a cat of the colour it already holds most of first (never a sixth of a colour its kept card wants
exactly five of); it passes only when nothing fits. Placing: the placement that covers the most rats, fills rooms
(squares laid in rooms already fuller count more), leaves no lone empty square, covers a map of the cat's own colour
and touches its cats of the same colour (joining families), then the one touching the most covered squares (a
compact boat). A map's reward: the largest common treasure that fits. Over 24 two-player games the room weights
raised a bot's mean score from 10.0 to 14.3 (unfilled rooms from about 6.1 to 5.1 a boat)."""

from __future__ import annotations

import random
from typing import Optional

from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.rules import (
    Action, Decline, KeepCards, Pass, Place, State, Take, TakeTreasure, legal_actions, occupied,
)

# how much a square laid in a room weighs by the room's fill, and a lone empty square left (see _place)
FILL = 4
HOLE = 4

# the tasks it prefers to keep, easiest first
_EASY = ("treasures", "filled_rooms", "largest_family", "edge_pairs", "edge_one_colour", "five_of", "no_rats",
         "third_family", "rats", "middle_row", "three_each", "edge_all_colours", "twenty_cats", "edge_full")


def _colour_mask(state: State, seat: int, colour: Optional[str]) -> int:
    m = 0
    for tile, o, x, y in state.placed[seat]:
        if C.COLOUR[tile] == colour:
            m |= G.AT[(C.SHAPE[tile], o, x, y)][0]
    return m


_NOT_FIRST = sum(G.bit(x, y) for y in range(C.HEIGHT) for x in range(1, C.WIDTH))     # every cell but column 0's
_NOT_LAST = sum(G.bit(x, y) for y in range(C.HEIGHT) for x in range(C.WIDTH - 1))


def _holes(occ: int) -> int:
    """How many of the boat's empty squares have no empty square beside them (only a one-square treasure fills
    one: each is a room left open at the end, most likely)."""
    empty = G.BOAT & ~occ
    beside = ((empty << 1) & _NOT_FIRST) | ((empty >> 1) & _NOT_LAST) | (empty << C.WIDTH) | (empty >> C.WIDTH)
    return bin(empty & ~beside).count("1")


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
        # squares laid in a room count by how full that room is after: a room nearly closed is worth finishing,
        # and tiles kept together close rooms rather than leave every room open (-5 each; a reader watched a bot
        # end with seven open rooms)
        fill = sum(bin(m & r).count("1") * bin(after & r).count("1") / bin(r).count("1") for r in open_rooms if m & r)
        key = (3 * bin(m & rats).count("1") + 6 * sum(1 for r in open_rooms if not r & ~after)
               + 8 * bool(m & my_map) + 4 * bool(n & same) + round(FILL * fill) - HOLE * _holes(after), bin(n & occ).count("1"),
               rng.random())
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
    # a kept "exactly five of a colour" card: a sixth cat of that colour would lose it (a reader watched a bot keep
    # the card for five reds and take seven)
    full = {C.FAMILY_CARDS[c].colour for c in state.kept[seat]
            if C.FAMILY_CARDS[c].task == "five_of" and held.get(C.FAMILY_CARDS[c].colour, 0) >= 5}
    return max(takes, key=lambda a: (C.COLOUR[a.tile] not in full, C.SHAPE_SIZE[C.SHAPE[a.tile]],
                                      held.get(C.COLOUR[a.tile], -1), rng.random()))
