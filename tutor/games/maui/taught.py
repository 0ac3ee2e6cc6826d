"""Which catch kinds, effects and variants a Мяури position or lesson file shows (lessons/maui/taught.yaml, tests/test_taught.py)."""

from __future__ import annotations

from typing import Any

from tutor.core.taught import TEXT_KEYS, ids_in, positions
from tutor.games.maui import components as C
from tutor.games.maui.rules import VARIANTS

OFFER = "three-jellyfish"         # the offer to box three jellyfish: its own part teaches it, after their points
KINDS = (*C.KINDS, OFFER, *VARIANTS)


def kinds_shown(state: Any) -> set[str]:
    """The face-up cards (lagoon, catch piles, the box), the jellyfish offer while it is open, the variants in play.
    The deck and the card boxed unseen at setup are never seen."""
    cards = [c for cells in (*state.lagoon, *state.piles, state.boxed) for c in cells]
    return {C.kind(c) for c in cards} | ({OFFER} if state.pending else set()) | set(state.variants)


def _keys(value: Any) -> set[str]:
    """The keys of a lesson file's mappings (moves and expectations), leaving out the texts."""
    if isinstance(value, dict):
        return {k for k in value if k not in TEXT_KEYS} | {x for k, v in value.items() if k not in TEXT_KEYS
                                                           for x in _keys(v)}
    if isinstance(value, (list, tuple)):
        return {x for v in value for x in _keys(v)}
    return set()


def kinds_named(kind: str, data: dict[str, Any]) -> set[str]:
    """Every catch card the file names (setup, moves, goal, expectations), the jellyfish offer where a move answers
    it ({jellyfish: ...}) or a step expects it ({offer: ...}), the variants its setup plays, and what every position
    it puts on the board shows (an offer that opens without being named)."""
    found = {C.kind(c) for c in ids_in(data, C.CATCH_CARDS.__contains__)}
    found |= {k for state in positions(kind, data) for k in kinds_shown(state)}
    offer = {OFFER} if {"jellyfish", "offer"} & _keys({k: v for k, v in data.items() if k != "setup"}) else set()
    variants = (data.get("setup") or {}).get("variant") or ()
    return found | offer | ({variants} if isinstance(variants, str) else set(variants))
