"""Aqua Fest seabed geometry: cells, start-tile places, what blocks a move, where a card can go.

Cells are numbered row by row, 0..24; row 0 is the north edge. A start tile lies just outside the
5 x 5 seabed, beside one of the five cells of its side, so a pawn at home has coordinates outside
the grid and its first step enters it.
"""

from __future__ import annotations

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
    return {"north": (-1, place), "south": (N, place), "west": (place, -1), "east": (place, N)}[side]


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Neighbours in any of the eight directions."""
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def rays(start: tuple[int, int], move) -> tuple[tuple[int, ...], ...]:
    """The seabed cells a movement crosses from `start`: one tuple per direction, nearest first.

    A knight's leap is a ray of one cell. Geometry never changes, so each (start, movement) is traced once
    and kept: finding a card's destinations then only tests obstacles, not coordinates.
    """
    key = (start, move.directions, move.reach)
    found = _RAYS.get(key)
    if found is None:
        found = _RAYS[key] = _trace(start, move.directions, move.reach)
    return found


_RAYS: dict = {}


def _trace(start: tuple[int, int], directions: str, reach: int) -> tuple[tuple[int, ...], ...]:
    if directions == "knight":
        steps = [((dr, dc),) for dr, dc in KNIGHT]
    else:
        dirs = ORTHOGONAL if directions == "orthogonal" else ORTHOGONAL + DIAGONAL
        steps = [tuple((dr * k, dc * k) for k in range(1, reach + 1)) for dr, dc in dirs]
    out = []
    for ray in steps:
        cells = []
        for dr, dc in ray:
            r, c = start[0] + dr, start[1] + dc
            if not on_board(r, c):
                break      # a straight line ends at the edge (a knight's single leap may simply miss the board)
            cells.append(cell(r, c))
        if cells:
            out.append(tuple(cells))
    return tuple(out)


def stops(start: tuple[int, int], move, blocked) -> list[int]:
    """The cells `reachable` lists, without the cells passed over; `blocked[cell]` is true for an obstacle."""
    out = []
    jump = move.jump
    for ray in rays(start, move):
        for here in ray:
            if blocked[here]:
                if not jump:
                    break
                continue
            out.append(here)
    return out


def reachable(start: tuple[int, int], move, blocked) -> list[tuple[int, tuple[int, ...]]]:
    """(destination cell, cells passed over) for every square the movement reaches.

    `blocked(cell)` says whether a cell is an obstacle (coral or a pawn). A straight move stops
    before the first obstacle unless the movement jumps; it never stops on one.
    """
    out = []
    for ray in rays(start, move):
        passed: list[int] = []
        for here in ray:
            if blocked(here):
                if not move.jump:
                    break
                passed.append(here)
                continue
            out.append((here, tuple(passed)))
            passed.append(here)
    return out
