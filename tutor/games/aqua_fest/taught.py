"""Which creature species and seabed tiles an Aqua Fest position or lesson file shows (lessons/aqua_fest/taught.yaml, tests/test_taught.py)."""

from __future__ import annotations

from typing import Any

from tutor.core.taught import ids_in
from tutor.games.aqua_fest import components as C

FRAGMENT, CORAL = "fragment", "coral"
KINDS = (FRAGMENT, CORAL, *C.SPECIES)


def _kind(component: str) -> str:
    """A card's species, or a tile's kind: a coral or a shell fragment (its shape and stars only ever score)."""
    if component in C.CARDS:
        return C.CARDS[component].species
    return CORAL if C.TILES[component].coral else FRAGMENT


def kinds_shown(state: Any) -> set[str]:
    """The face-up tiles (the upper layer, the lower tiles turned up, what each player collected) and the cards in
    hands and on the discard; the deck and the face-down lower tiles are never seen."""
    tiles = [t for t in state.upper if t] + [t for t, up in zip(state.lower, state.lower_open) if t and up]
    cards = [c for hand in state.hands for c in hand] + list(state.discard)
    return {_kind(c) for c in (*tiles, *(t for got in state.collected for t in got), *cards)}


def kinds_named(kind: str, data: dict[str, Any]) -> set[str]:
    """Every card and tile the file names: its setup, moves, goal and expectations."""
    return {_kind(c) for c in ids_in(data, lambda s: s in C.CARDS or s in C.TILES)}
