"""Aqua Fest scoring: the best assembly of each player's fragments plus their bonus token.

Ties are broken by the total strength of the cards left in hand ("Конец игры и подсчёт баллов");
players still level after that share the victory (ruling "aqua_fest/tie").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from tutor.core.scoring import Breakdown, ScoreLine
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.shells import Assembly, best_assembly, drawn_order

if TYPE_CHECKING:
    from tutor.games.aqua_fest.rules import State


def breakdown(fragments: Sequence[str], bonus: int, seat: int, assembly: Optional[Assembly] = None) -> Breakdown:
    """Score lines of the best assembly (or `assembly`, another grouping of the same fragments that scores as much)."""
    assembly = assembly or best_assembly(fragments)
    lines: list[ScoreLine] = []
    for shell in assembly.shells:
        stars = " + ".join(str(C.tile(t).stars) for t in drawn_order(shell.fragments))     # as pictured
        lines.append(ScoreLine(f"aqua_fest.score.{shell.kind}", (("stars", stars),), shell.stars, "aqua_fest:scoring"))
        if shell.bonus:
            lines.append(ScoreLine("aqua_fest.score.shape", (), 2, "aqua_fest:shells"))
        if shell.kind == "unique":
            lines.append(ScoreLine(f"aqua_fest.score.pearl.{C.tile(shell.fragments[0]).colour}", (),
                                   3, "aqua_fest:shells"))
    if assembly.unused:
        lines.append(ScoreLine("aqua_fest.score.unused", (("count", len(assembly.unused)),), 0, "aqua_fest:scoring"))
    if bonus:
        lines.append(ScoreLine("aqua_fest.score.bonus", (("value", bonus),), bonus, "aqua_fest:end"))
    return Breakdown(seat, tuple(lines))


def score(state: State) -> list[Breakdown]:
    return [breakdown(state.collected[s], state.bonus[s], s) for s in range(state.players)]


def hand_strength(state: State, seat: int) -> int:
    return sum(C.card(c).strength for c in state.hands[seat])


def winners(state: State) -> list[int]:
    """Highest total; then the most strength left in hand; then a shared victory."""
    totals = {b.player: b.total for b in score(state)}
    best = max(totals.values())
    tied = [s for s, t in totals.items() if t == best]
    if len(tied) == 1:
        return tied
    strongest = max(hand_strength(state, s) for s in tied)
    return [s for s in tied if hand_strength(state, s) == strongest]
