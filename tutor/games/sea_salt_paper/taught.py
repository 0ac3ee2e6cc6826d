"""Which card kinds a Паперові океани position or lesson file shows (lessons/sea_salt_paper/taught.yaml, tests/test_taught.py)."""

from __future__ import annotations

from typing import Any

from tutor.core.taught import ids_in
from tutor.games.sea_salt_paper import components as C

KINDS = C.KINDS


def kinds_shown(state: Any) -> set[str]:
    """Every card of the position, hidden ones too: a drill dealt from untaught kinds may ask about them later."""
    cards = [c for pile in (*state.hands, *state.zones, *state.discards, state.deck, state.drawn) for c in pile]
    return {C.KIND[c] for c in cards}


def kinds_named(kind: str, data: dict[str, Any]) -> set[str]:
    """A task or quiz: every card it names (setup, given and later moves, goal). A scenario: the cards it sets out,
    the tops of its piles and the cards its steps move (a long pile's inside is never seen, nor the next round's deal)."""
    if kind == "scenario":
        setup = data["setup"]
        tops = [pile[-1] for pile in setup.get("discards", ()) if pile]
        data = {"shown": [setup.get("hands"), setup.get("zones"), setup.get("deck"), tops,
                          [(step.get("do"), step.get("expect")) for step in data["steps"]]]}
    return {C.KIND[c] for c in ids_in(data, C.KIND.__contains__)}
