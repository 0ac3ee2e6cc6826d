"""Which tiles, map rewards and family-card choices an Острів котів position or lesson file shows (lessons/isle_of_cats/taught.yaml, tests/test_taught.py)."""

from __future__ import annotations

from typing import Any

from tutor.core.taught import ids_in, positions
from tutor.games.isle_of_cats import components as C

MAP_REWARD = "map-reward"      # a cat on the map of its colour earns a common treasure, to take and place
FAMILY_CARD = "family-card"    # what a family card's task asks and pays: the choice of two, the end's count
KINDS = ("cat", "rare", "common", MAP_REWARD, FAMILY_CARD)


def kinds_shown(state: Any) -> set[str]:
    """The tiles around the island, held and on the boats, the common treasures beside the island; a map's reward
    while it waits; the family cards while they are chosen (the keep phase) or scored (the end). Kept cards lie face
    down in between: they decide nothing on the board."""
    tiles = [*state.island, *state.supply, *([state.held] if state.held else []),
             *(p[0] for placed in state.placed for p in placed)]
    out = {C.KIND[t] for t in tiles}
    if state.phase == "treasure" or state.rewards:
        out.add(MAP_REWARD)
    if state.phase in ("keep", "over"):
        out.add(FAMILY_CARD)
    return out


def kinds_named(kind: str, data: dict[str, Any]) -> set[str]:
    """The tiles the file names, and what every position it puts on the board shows."""
    named = {C.KIND[t] for t in ids_in(data, C.KIND.__contains__)}
    return named | {k for state in positions(kind, data) for k in kinds_shown(state)}
