"""A simple greedy Aqua Fest player for the play table. It sees only what its seat may see.

Defend with the strongest card; attack a neighbour when its strongest card beats a 5; take the most
stars in sight; otherwise step towards the nearest fragment, or draw two (the game must not stall).
"""

from __future__ import annotations

import random

from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import (
    Action, Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State, legal_actions, top_tile,
)


def stars_in_sight(state: State, cell: int) -> int:
    """Stars a pawn stopping on `cell` takes that anyone can see (the bot never peeks at face-down tiles)."""
    top = top_tile(state, cell)
    return 0 if top is None or C.tile(top).coral else C.tile(top).stars


def choose(state: State, seat: int, rng: random.Random) -> Action:
    legal = list(legal_actions(state, seat))
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")

    places = [a for a in legal if isinstance(a, PlaceStart)]
    if places:
        # lay the start tile in front of a fragment with stars, as the lesson teaches (a bot's tile in front of a
        # coral read as a bug to a reader who had just been taught that, wave 21), then where the most stars lie
        # within two steps
        def near_stars(a: PlaceStart) -> int:
            r0, c0 = B.home_coords(state.sides[seat], a.place)
            return sum(stars_in_sight(state, i) for i in range(B.N * B.N)
                       if max(abs(B.coords(i)[0] - r0), abs(B.coords(i)[1] - c0)) <= 2)

        def in_front(a: PlaceStart) -> int:
            r0, c0 = B.home_coords(state.sides[seat], a.place)
            r, c = min(max(r0, 0), B.N - 1), min(max(c0, 0), B.N - 1)
            return stars_in_sight(state, r * B.N + c)
        return max(places, key=lambda a: (in_front(a) > 0, near_stars(a), in_front(a), rng.random()))

    def strength(card_id: str) -> tuple[int, str]:
        return C.card(card_id).strength, card_id

    defends = [a for a in legal if isinstance(a, Defend)]
    if defends:
        return max(defends, key=lambda a: strength(a.card))
    hand = state.hands[seat]
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks and state.moves == 0 and len(hand) >= 2:
        best_card = max(hand, key=strength)
        if C.card(best_card).strength > 5:
            targets = sorted({a.target for a in attacks}, key=lambda t: (-len(state.collected[t]), t))
            return Attack(seat, targets[0], best_card)
    # (never back to the cell the turn began on: nothing is taken there, and the card is spent for nothing, a reader)
    moves = [a for a in legal if isinstance(a, Move) and (a.to != state.turn_start or state.turn_start is None)]
    stars = [i for i in range(B.N * B.N) if stars_in_sight(state, i)]

    def distance(cell: int) -> int:
        r, c = B.coords(cell)
        return min((max(abs(r - r2), abs(c - c2)) for r2, c2 in map(B.coords, stars)), default=0)

    if moves:
        def value(a: Move) -> tuple[int, int, int, float]:
            # the most stars; then near other fragments; then keep strong cards (play the weak one). The cell the turn
            # began on gives nothing (its tile is not taken there): a bot spent a card going back to it (a reader)
            taken = 0 if a.to == state.turn_start else stars_in_sight(state, a.to)
            return (taken, -distance(a.to), -C.card(a.card).strength, rng.random())
        best = max(moves, key=value)
        if value(best)[0] > 0:
            return best
        if state.moves == 0 and len(hand) >= 3:
            here = state.pawns[seat]
            if here is None or distance(best.to) < distance(here) or rng.random() < 0.5:
                return best     # walk towards the fragments
    finish: list[Action] = [a for a in legal if isinstance(a, EndTurn)]
    finish = finish or [a for a in legal if isinstance(a, DrawTwo) and a.home is None]
    return finish[0] if finish else rng.choice(legal)
