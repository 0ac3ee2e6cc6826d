"""Мяури scoring: each catch pile adds up its cards; the highest total wins, ties share the victory."""

from __future__ import annotations

from typing import Sequence

from tutor.core.i18n import number
from tutor.core.scoring import Breakdown, ScoreLine, winners as _winners
from tutor.games.maui import components as C
from tutor.games.maui.rules import State


def breakdown(pile: Sequence[str], seat: int) -> Breakdown:
    """One line per kind of catch in the pile, with the values that make it up."""
    lines: list[ScoreLine] = []
    for kind in C.KINDS:
        cards = [c for c in pile if C.kind(c) == kind]
        if not cards:
            continue
        values = [C.value(c) for c in cards]
        # a penalty in brackets among others, with the true minus the card names and points use (not a hyphen);
        # alone, without them ("Jellyfish × 1: (−10) (−10)" read as two penalties, a reader)
        shown = (number(values[0]) if len(values) == 1
                 else " + ".join(str(v) if v >= 0 else f"({number(v)})" for v in values))
        lines.append(ScoreLine(f"maui.score.{kind}", (("count", len(cards)), ("values", shown)),
                               sum(values), f"maui:{kind}"))
    return Breakdown(seat, tuple(lines))


def score(state: State) -> list[Breakdown]:
    """Every player's breakdown (the full truth; a view decides who may see it)."""
    return [breakdown(state.piles[s], s) for s in range(state.players)]


def winners(state: State) -> list[int]:
    return _winners(score(state))
