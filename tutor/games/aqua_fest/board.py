"""Aqua Fest seabed geometry: cells, start-tile places, what blocks a move, where a card can go.

Cells are numbered row by row, 0..24; row 0 is the north edge. A start tile lies just outside the
5 x 5 seabed, beside one of the five cells of its side, so a pawn at home has coordinates outside
the grid and its first step enters it.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, NamedTuple, Sequence

from tutor.games.aqua_fest import components as C

N = C.SIZE
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


def cell(row: int, col: int) -> int:
    return row * N + col


def coords(index: int) -> tuple[int, int]:
    return divmod(index, N)


def on_board(row: int, col: int) -> bool:
    return 0 <= row < N and 0 <= col < N


def home_coords(side: str, place: int) -> tuple[int, int]:
    """Where a start tile lies: outside the seabed, beside cell `place` (0..4) of its side."""
    if side == "north":
        return (-1, place)
    if side == "south":
        return (N, place)
    if side == "west":
        return (place, -1)
    if side == "east":
        return (place, N)
    raise KeyError(side)


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Neighbours in any of the eight directions."""
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def in_line(a: tuple[int, int], b: tuple[int, int], directions: str) -> bool:
    """Is `b` on one of the straight lines from `a` that a mover of `directions` follows (a knight has none)?"""
    dr, dc = b[0] - a[0], b[1] - a[1]
    if directions == "knight" or (dr, dc) == (0, 0):
        return False
    if directions == "orthogonal":
        return dr == 0 or dc == 0
    return dr == 0 or dc == 0 or abs(dr) == abs(dc)


def around(a: tuple[int, int]) -> frozenset[tuple[int, int]]:
    """The eight coordinates `adjacent` to `a` (kept: asked for every attack check)."""
    found = _AROUND.get(a)
    if found is None:
        found = _AROUND[a] = frozenset((a[0] + dr, a[1] + dc) for dr, dc in ORTHOGONAL + DIAGONAL)
    return found


_AROUND: dict[tuple[int, int], frozenset[tuple[int, int]]] = {}


def rays(start: tuple[int, int], move: C.Move) -> tuple[tuple[int, ...], ...]:
    """The seabed cells a movement crosses from `start`: one tuple per direction that stays on the seabed for the
    whole move, nearest first, its last cell the only one the move may end on (moves are exact: C.Move).

    A knight's leap is a ray of one cell. Geometry never changes, so each (start, movement) is traced once
    and kept: finding a card's destinations then only tests obstacles, not coordinates.
    """
    key = (start, move.directions, move.reach)
    found = _RAYS.get(key)
    if found is None:
        found = _RAYS[key] = _trace(start, move.directions, move.reach)
    return found


_RAYS: dict[tuple[tuple[int, int], str, int], tuple[tuple[int, ...], ...]] = {}


def _trace(start: tuple[int, int], directions: str, reach: int) -> tuple[tuple[int, ...], ...]:
    steps: list[tuple[tuple[int, int], ...]]
    if directions == "knight":
        steps = [((dr, dc),) for dr, dc in KNIGHT]
    else:
        dirs = ORTHOGONAL if directions == "orthogonal" else ORTHOGONAL + DIAGONAL
        steps = [tuple((dr * k, dc * k) for k in range(1, reach + 1)) for dr, dc in dirs]
    out: list[tuple[int, ...]] = []
    for ray in steps:
        cells = [cell(start[0] + dr, start[1] + dc) for dr, dc in ray if on_board(start[0] + dr, start[1] + dc)]
        if len(cells) == len(ray):      # a line that would leave the seabed before its last cell is no move at all
            out.append(tuple(cells))
    return tuple(out)


def stops(start: tuple[int, int], move: C.Move, obstacles: int) -> tuple[int, ...]:
    """The cells `reachable` lists, without the cells passed over; `obstacles` has bit i set when cell i blocks."""
    return plan(start, move).stops(obstacles).cells


class Stops(NamedTuple):
    """Where a move may stop: the `cells`, and `pick(row)`, a 25-long row's entries at those cells (a tuple).

    `pick` reads a per-cell table (a seat's Move actions with one card, say) in one call of the interpreter's
    own, instead of a Python step per cell.
    """

    cells: tuple[int, ...]
    pick: Callable[[Sequence[Any]], Any]


def _stops_at(cells: tuple[int, ...]) -> Stops:
    if len(cells) > 1:
        return Stops(cells, itemgetter(*cells))
    # an itemgetter of one cell returns the entry itself, and of none cannot be made
    return Stops(cells, lambda row: tuple(row[cell] for cell in cells))


class Plan:
    """One movement from one start, ready to say where it may stop among any obstacles.

    What a ray allows depends only on which of its (at most three) cells block, so each ray carries a table from
    those cells' bits to the cells a move may stop on. Whole answers are kept too, per obstacles within reach:
    a pawn that has not moved mostly meets the same ones again.
    """

    __slots__ = ("rays", "region", "known")

    def __init__(self, start: tuple[int, int], move: C.Move) -> None:
        self.rays = tuple(_ray_table(ray, move.jump) for ray in rays(start, move))
        self.region = sum(bits for bits, _ in self.rays)
        self.known: dict[int, Stops] = {}

    def stops(self, obstacles: int) -> Stops:
        nearby = obstacles & self.region
        found = self.known.get(nearby)
        if found is None:
            if len(self.known) >= _KEEP:
                self.known.clear()
            cells: tuple[int, ...] = ()
            for bits, ends in self.rays:
                cells += ends[nearby & bits]
            found = self.known[nearby] = _stops_at(cells)
        return found


_KEEP = 256      # whole answers kept per plan: a few games' worth, bounded for a long-running server


def plan(start: tuple[int, int], move: C.Move) -> Plan:
    key = (start, move.directions, move.reach, move.jump)
    found = _PLANS.get(key)
    if found is None:
        found = _PLANS[key] = Plan(start, move)
    return found


def plans_from(start: tuple[int, int]) -> dict[str, Plan]:
    """species -> its Plan from `start`."""
    found = _PLANS_FROM.get(start)
    if found is None:
        found = _PLANS_FROM[start] = {species: plan(start, move) for species, move in C.MOVES.items()}
    return found


_PLANS: dict[tuple[tuple[int, int], str, int, bool], Plan] = {}
_PLANS_FROM: dict[tuple[int, int], dict[str, Plan]] = {}


def _ray_table(ray: tuple[int, ...], jump: bool) -> tuple[int, dict[int, tuple[int, ...]]]:
    """(the ray's cells as bits, {which of them block, as bits: the cells a move may stop on along the ray}).

    A move ends on the ray's last cell or not at all: that cell must be free, and so must every cell before it
    unless the movement jumps («В подводном мире запрещено»: no stopping on an obstacle, no passing through it)."""
    ends: dict[int, tuple[int, ...]] = {}
    for chosen in range(1 << len(ray)):     # every way the ray's cells can be blocked or free
        blocked = {cell for k, cell in enumerate(ray) if chosen >> k & 1}
        ends[sum(1 << cell for cell in blocked)] = (ray[-1],) if _lands(ray, blocked.__contains__, jump) else ()
    return sum(1 << cell for cell in ray), ends


def _lands(ray: tuple[int, ...], blocked: Callable[[int], object], jump: bool) -> bool:
    """Does a move along `ray` end on its last cell? (`blocked(cell)`: whether that cell is an obstacle.)"""
    if blocked(ray[-1]):
        return False
    return jump or not any(blocked(here) for here in ray[:-1])


def reachable(start: tuple[int, int], move: C.Move, blocked: Callable[[int], object]) -> list[tuple[int, tuple[int, ...]]]:
    """(destination cell, cells passed over) for every square the movement reaches.

    `blocked(cell)` says whether a cell is an obstacle (coral or a pawn). A move covers exactly its number of
    cells and never stops on an obstacle; a straight move that does not jump may not pass one either.
    """
    return [(ray[-1], ray[:-1]) for ray in rays(start, move) if _lands(ray, blocked, move.jump)]
