"""A simple Паперові океани player for the play table.

It takes a discard top that completes a duo or a collection, otherwise two from the deck (keeping the card that
adds most points); it plays every duo (crabs take the best card in sight, the steal goes to the fullest hand);
it lays down four mermaids at once; with 7 points it says STOP, or LAST CHANCE when well ahead of what it can
see; otherwise it ends the turn."""

from __future__ import annotations

import random

from tutor.games.sea_salt_paper.rules import (
    Action, CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, State, Steal, Stop,
    TakeDiscard, legal_actions, points_in_hand,
)
from tutor.games.sea_salt_paper.scoring import card_points


def _gain(state: State, seat: int, card: str) -> int:
    mine = state.hands[seat] + state.zones[seat]
    return card_points(mine + (card,)) - card_points(mine)


def choose(state: State, seat: int, rng: random.Random) -> Action:
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError("nothing to choose")
    first = legal[0]
    for a in legal:
        if isinstance(a, PlayMermaids):
            return a
    if isinstance(first, (DrawDeck, TakeDiscard)):
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        best = max(takes, key=lambda a: _gain(state, seat, state.discards[a.pile][-1]), default=None)
        if best is not None and (_gain(state, seat, state.discards[best.pile][-1]) >= 2
                                 or not any(isinstance(a, DrawDeck) for a in legal)):
            return best
        return next((a for a in legal if isinstance(a, DrawDeck)), best or first)
    # after the draw, one phase at a time: every legal action is of the first one's kind
    keeps = [a for a in legal if isinstance(a, Keep)]
    if keeps:
        return max(keeps, key=lambda a: (_gain(state, seat, a.card), rng.random()))
    crab_piles = [a for a in legal if isinstance(a, CrabPile)]
    if crab_piles:
        # an empty pile may be chosen too, but gives nothing: it ranks last
        return max(crab_piles, key=lambda a: max((_gain(state, seat, c) for c in state.discards[a.pile]), default=-99))
    crab_takes = [a for a in legal if isinstance(a, CrabTake)]
    if crab_takes:
        return max(crab_takes, key=lambda a: (_gain(state, seat, a.card), rng.random()))
    steals = [a for a in legal if isinstance(a, Steal)]
    if steals:
        return max(steals, key=lambda a: (len(state.hands[a.victim]), rng.random()))
    duos = [a for a in legal if isinstance(a, PlayDuo)]
    if duos:
        return duos[0]
    points = points_in_hand(state, seat)
    if any(isinstance(a, Stop) for a in legal):
        shown = max((card_points(state.zones[s]) for s in range(state.players) if s != seat), default=0)
        if points >= 10 and points >= shown + 6:
            return next(a for a in legal if isinstance(a, LastChance))
        return next(a for a in legal if isinstance(a, Stop))
    return next(a for a in legal if isinstance(a, EndTurn))
