"""The seabed's two layers read whole: corals showing as a bit mask (bit i: cell i), fragments still to collect.

Each answer is a few passes over the 25-cell tuples done by the interpreter's own loops (map, compress, sum)
rather than Python steps cell by cell: the engine asks after every move, and random games ask thousands of times.
"""

from __future__ import annotations

from itertools import compress
from operator import is_
from typing import Iterable, Optional

from tutor.games.aqua_fest import components as C

CELLS = C.SIZE * C.SIZE
BITS = tuple(1 << i for i in range(CELLS))    # BITS[i]: cell i as a bit
_NOTHING = (None,) * CELLS
Cells = tuple[Optional[str], ...]     # one seabed layer: per cell a tile id, or None

# Per tile id, and None for an empty spot.
_CORAL: dict[Optional[str], bool] = {None: False, **{tile_id: t.coral for tile_id, t in C.TILES.items()}}
_FRAGMENT: dict[Optional[str], bool] = {None: False, **{tile_id: not t.coral for tile_id, t in C.TILES.items()}}
_NOT_CORAL: dict[Optional[str], bool] = {None: True, **{tile_id: not t.coral for tile_id, t in C.TILES.items()}}
_is_coral, _is_fragment, _not_coral = _CORAL.__getitem__, _FRAGMENT.__getitem__, _NOT_CORAL.__getitem__


def mask(flags: Iterable[object]) -> int:
    """The cells whose flag is true, as bits."""
    return sum(compress(BITS, flags))


def corals_showing(upper: Cells, lower: Cells, lower_open: tuple[bool, ...]) -> int:
    """Cells where a coral shows: an upper coral, or a lower one turned face up with no upper tile over it."""
    uncovered = mask(map(is_, upper, _NOTHING))
    return mask(map(_is_coral, upper)) | (mask(map(_is_coral, lower)) & mask(lower_open) & uncovered)


def fragments_left(upper: Cells, lower: Cells) -> int:
    """Fragments on the seabed not sealed under an upper coral."""
    return sum(map(_is_fragment, upper)) + sum(compress(map(_is_fragment, lower), map(_not_coral, upper)))
