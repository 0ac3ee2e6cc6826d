"""A simple Козырные киты player for the play table.

First bonus: the card least likely to win a trick (a value nearest the middle, but never a five while it holds another
card: a five played takes the family and names the next leader, which a learner at the table should see), a "+1"
preferred. On its turn it
uses every "+1" bonus (a point now beats half a point for an unused bonus); it plays the card that wins the trick
so far with the fewest pearls (the winner's own card is not lost), and when no card would, it tries a "flip" or
"change trump" bonus that makes one win when the trick already holds 2 or more pearls of others; otherwise it
sheds the card with the fewest pearls. As winner it picks the card with the most pearls (a 5 on a tie, which gives
its owner no bonus). Choosing the next leader, it names itself."""

from __future__ import annotations

import random
from typing import Sequence

from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.rules import (
    Action, ChooseBonus, ChooseLeader, Pick, PlayCard, State, UseBonus, legal_actions, playable, trick_winner,
)


def _wins(trick: Sequence[str], leader: int, players: int, trump: str, token: int, seat: int) -> bool:
    return trick_winner(trick, leader, players, trump, token)[0] == seat


def _winning(state: State, seat: int, trump: str, token: int) -> list[str]:
    return [c for c in playable(state, seat)
            if _wins(state.trick + (c,), state.leader, state.players, trump, token, seat)]


def choose(state: State, seat: int, rng: random.Random) -> Action:
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError("nothing to choose")
    # one phase at a time: every legal action is of the first one's kind
    bonuses = [a for a in legal if isinstance(a, ChooseBonus)]
    if bonuses:
        return min(bonuses, key=lambda a: (C.VALUE[a.card] == C.FIVE, abs(C.VALUE[a.card] - C.FIVE),
                                           C.BONUS[a.card] != "plus", rng.random()))
    picks = [a for a in legal if isinstance(a, Pick)]
    if picks:
        return max(picks, key=lambda a: (C.PEARLS[a.card], C.is_five(a.card), rng.random()))
    leaders = [a for a in legal if isinstance(a, ChooseLeader)]
    if leaders:
        return next(a for a in leaders if a.leader == seat)
    for a in legal:
        if isinstance(a, UseBonus) and C.BONUS[a.card] == "plus":
            return a
    plays = [a for a in legal if isinstance(a, PlayCard)]
    winners = _winning(state, seat, state.trump, state.token)
    if winners:
        card = min(winners, key=lambda c: (C.PEARLS[c], rng.random()))
        return PlayCard(seat, card)
    at_stake = sum(C.PEARLS[c] for c in state.trick)
    if at_stake >= 2:
        for a in legal:
            if not isinstance(a, UseBonus):
                continue
            kind = C.BONUS[a.card]
            trump = (C.TARGET_FAMILY[a.card] or state.trump) if kind == "trump" else state.trump
            token = 10 - state.token if kind == "flip" else state.token
            if (trump, token) != (state.trump, state.token) and _winning(state, seat, trump, token):
                return a
    return min(plays, key=lambda a: (C.PEARLS[a.card], abs(C.VALUE[a.card] - C.FIVE), rng.random()))
