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


def reachable(start: tuple[int, int], move, blocked) -> list[tuple[int, tuple[int, ...]]]:
    """(destination cell, cells passed over) for every square the movement reaches.

    `blocked(cell)` says whether a cell is an obstacle (coral or a pawn). A straight move stops
    before the first obstacle unless the movement jumps; it never stops on one.
    """
    out = []
    if move.directions == "knight":
        for dr, dc in KNIGHT:
            r, c = start[0] + dr, start[1] + dc
            if on_board(r, c) and not blocked(cell(r, c)):
                out.append((cell(r, c), ()))
        return out
    dirs = ORTHOGONAL if move.directions == "orthogonal" else ORTHOGONAL + DIAGONAL
    for dr, dc in dirs:
        passed = []
        for step in range(1, move.reach + 1):
            r, c = start[0] + dr * step, start[1] + dc * step
            if not on_board(r, c):
                break
            here = cell(r, c)
            if blocked(here):
                if not move.jump:
                    break
                passed.append(here)
                continue
            out.append((here, tuple(passed)))
            passed.append(here)
    return out
