"""Острів котів boat geometry as bits: a boat's cells are the bits of a Python int (bit y * WIDTH + x), and every
shape's every distinct orientation at every anchor that lies wholly inside the boat is a precomputed (mask,
side-neighbours mask), worked out once on first use. A placement is then legal («РОЗМІЩЕННЯ ПЛИТОК») when
`mask & occupied == 0` and, after the first tile («ПЕРША ПЛИТКА»), `neighbours & occupied` («РЕШТА ПЛИТОК»).

Orientations: the 8 images of a shape (as printed, turned a quarter clockwise 1–3 times, then those four flipped
left-right) normalised to their top-left corner; repeats are dropped, so the O tetromino has 1, the I tetromino 2,
the T tetromino 4 and the L tetromino 8. An orientation is named by its index; a placement's (x, y) is the top-left
corner of the orientation's bounding box.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable

from tutor.games.isle_of_cats import components as C

W = C.WIDTH
Cell = tuple[int, int]                       # (x, y): x the column, y the row
Shape = tuple[Cell, ...]                     # one orientation's cells, normalised to its top-left corner
Row = tuple[int, int, int, int, int]         # one placement: (mask, side-neighbours mask, orientation, x, y)

if TYPE_CHECKING:      # built on first use by __getattr__ below
    PLACEMENTS: dict[str, tuple[Row, ...]]                        # shape -> every placement inside the boat
    AT: dict[tuple[str, int, int, int], tuple[int, int]]          # (shape, orientation, x, y) -> (mask, neighbours)


def bit(x: int, y: int) -> int:
    return 1 << (y * W + x)


def cells_of(mask: int) -> list[Cell]:
    """The cells (x, y) of a mask, in bit order."""
    out: list[Cell] = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append((i % W, i // W))
        mask ^= low
    return out


def mask_of(cells: Iterable[Cell]) -> int:
    m = 0
    for x, y in cells:
        m |= 1 << (y * W + x)
    return m


BOAT = mask_of(C.BOAT_CELLS)
EDGE = mask_of(C.EDGE_CELLS)
MIDDLE_ROW = mask_of((x, y) for (x, y) in C.BOAT_CELLS if y == C.MIDDLE_ROW)
ROOMS = tuple(mask_of(r) for r in C.ROOMS)
RATS = {boat: mask_of(cells) for boat, cells in C.RATS.items()}
MAPS = {boat: {colour: bit(*cell) for colour, cell in maps.items()} for boat, maps in C.MAPS.items()}


def _normal(cells: list[Cell]) -> Shape:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def orientations_of(cells: Iterable[Cell]) -> tuple[Shape, ...]:
    """The distinct orientations of a set of cells, in the documented order (index = orientation)."""
    out: list[Shape] = []
    base = list(cells)
    for flip in (False, True):
        cur = [(-x, y) for x, y in base] if flip else base
        for _turn in range(4):
            n = _normal(cur)
            if n not in out:
                out.append(n)
            cur = [(-y, x) for x, y in cur]      # a quarter turn clockwise (y grows downwards)
    return tuple(out)


ORIENTATIONS = {shape: orientations_of(C.shape_cells(shape)) for shape in C.SHAPES}


@lru_cache(maxsize=None)
def corner_neighbours(mask: int) -> int:
    """The cells that meet the mask's cells only at a corner (diagonally), as a mask. Asked only to word a
    refusal (a tile that touches the others at a corner, or not at all), never on the engine's fast path."""
    cells = set(cells_of(mask))
    out = 0
    for x, y in cells:
        for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            cx, cy = x + dx, y + dy
            if 0 <= cx < W and 0 <= cy < C.HEIGHT and (cx, cy) not in cells:
                out |= bit(cx, cy)
    return out


def _side_neighbours(cells: Iterable[Cell]) -> set[Cell]:
    out: set[Cell] = set()
    for x, y in cells:
        out.update(((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)))
    return out


def _placements(shape: str) -> tuple[Row, ...]:
    """(mask, neighbours, orientation, x, y) for every way the shape lies wholly inside the boat."""
    out: list[Row] = []
    for o, cells in enumerate(ORIENTATIONS[shape]):
        width = max(x for x, _ in cells) + 1
        height = max(y for _, y in cells) + 1
        for ay in range(C.HEIGHT - height + 1):
            for ax in range(W - width + 1):
                placed = [(ax + x, ay + y) for x, y in cells]
                if all(c in C.BOAT_CELLS for c in placed):
                    nbrs = {c for c in _side_neighbours(placed) if c in C.BOAT_CELLS} - set(placed)
                    out.append((mask_of(placed), mask_of(nbrs), o, ax, ay))
    return tuple(out)


def __getattr__(name: str) -> Any:
    """PLACEMENTS and AT, worked out on first use (PEP 562). Every lesson kernel imports every game, and these
    tables took most of this game's import time; only a kernel that plays Острів котів needs them. Once built they
    are ordinary module globals, so later reads cost nothing extra."""
    if name not in ("PLACEMENTS", "AT"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    placements = {shape: _placements(shape) for shape in C.SHAPES}
    g = globals()
    g["PLACEMENTS"] = placements
    # (shape, orientation, x, y) -> (mask, neighbours), for checking one placement
    g["AT"] = {(shape, o, x, y): (m, n) for shape, rows in placements.items() for m, n, o, x, y in rows}
    return g[name]


def _placements_table() -> dict[str, tuple[Row, ...]]:
    """PLACEMENTS, for this module's own functions (a bare global name does not reach __getattr__)."""
    try:
        return PLACEMENTS
    except NameError:
        table: dict[str, tuple[Row, ...]] = __getattr__("PLACEMENTS")
        return table


def legal_masks(shape: str, occupied: int) -> list[Row]:
    """The shape's legal placements on a boat whose covered cells are `occupied`: (mask, nbrs, o, x, y) rows."""
    rows = _placements_table()[shape]
    if not occupied:
        return list(rows)
    return [r for r in rows if not r[0] & occupied and r[1] & occupied]


@lru_cache(maxsize=8192)
def fits(shape: str, occupied: int) -> bool:
    """Can the shape be placed at all? (A tile that cannot be placed cannot be taken, «РОЗМІЩЕННЯ ПЛИТОК».)"""
    if not occupied:
        return True
    for m, n, _o, _x, _y in _placements_table()[shape]:
        if not m & occupied and n & occupied:
            return True
    return False


def placed_cells(shape: str, orientation: int, x: int, y: int) -> list[tuple[int, int]]:
    """The cells a placement covers (it may stick out of the boat: the caller checks)."""
    return [(x + dx, y + dy) for dx, dy in ORIENTATIONS[shape][orientation]]
