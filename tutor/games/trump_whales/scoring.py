"""Козырные киты scoring: a round's points with a breakdown (pearl cards, pairs of unused bonuses), and the game's
totals and winners.

`round_breakdown(pearl_cards, unused_bonuses)` scores any round, so the score helper can call it with the numbers
a learner enters; the engine scores the same way at the end of every round (rules.round_points).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.core.scoring import Breakdown, ScoreLine
from tutor.games.trump_whales import components as C

if TYPE_CHECKING:
    from tutor.games.trump_whales.rules import State

_R = "trump_whales:"


def round_total(pearl_cards: int, unused_bonuses: int) -> int:
    return pearl_cards + unused_bonuses // C.BONUS_PAIR


def round_breakdown(pearl_cards: int, unused_bonuses: int, player: int = 0) -> Breakdown:
    """A round's points line by line: 1 per card in the pearl pile, 1 per pair of unused bonuses (an odd one
    scores nothing)."""
    pairs = unused_bonuses // C.BONUS_PAIR
    lines = (
        ScoreLine("trump_whales.score.pearl_cards", (("n", pearl_cards),), pearl_cards, _R + "round-end"),
        ScoreLine("trump_whales.score.bonus_pairs", (("n", unused_bonuses), ("pairs", pairs)), pairs,
                  _R + "round-end"),
    )
    return Breakdown(player, lines)


def score(state: "State") -> list[Breakdown]:
    """Every player's game total: for each scored round its pearl cards and its pairs of unused bonuses (a round a
    lesson gave as points alone: one line)."""
    n = state.players
    out = []
    for s in range(n):
        lines = []
        for row in state.history:
            if len(row) == 3 * n + 1:
                pearls, unused = row[1 + n + s], row[1 + 2 * n + s]
                pairs = unused // C.BONUS_PAIR
                lines.append(ScoreLine("trump_whales.score.round_pearls", (("round", row[0]), ("n", pearls)), pearls,
                                       _R + "round-end"))
                lines.append(ScoreLine("trump_whales.score.round_bonuses",
                                       (("round", row[0]), ("n", unused), ("pairs", pairs)), pairs, _R + "round-end"))
            else:
                lines.append(ScoreLine("trump_whales.score.round", (("round", row[0]),), row[1 + s], _R + "round-end"))
        earlier = state.scores[s] - sum(row[1 + s] for row in state.history)
        if earlier:   # a lesson's position may start from totals without their rounds
            lines.insert(0, ScoreLine("trump_whales.score.earlier", (), earlier, _R + "round-end"))
        out.append(Breakdown(s, tuple(lines)))
    return out


def winners(state: "State") -> list[int]:
    """The highest total (the game only ends when one player holds it alone: a tie plays another round).
    Before the end: the players in the lead."""
    best = max(state.scores)
    return [s for s, total in enumerate(state.scores) if total == best]
