"""What one player may see of a Козырные киты position (None: the teacher's full view).

Open: the trump family and the token's side, the trick (in play order, its leader), every player's bonuses, the
size of each pearl pile (and the points noted on the score pad) and of each hand, the discard pile (face up: every card in it was seen), the cards out of
a two-player game, totals and past rounds. Private: one's own hand and the first bonus one has laid while the
others still choose. Hidden from all: the cards set aside, the cards in the pearl piles (face down; ruling
open-and-hidden) and other players' hands.
"""

from __future__ import annotations

from typing import Any, Optional

from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.rules import State, led_family, round_points, seat_of, to_move
from tutor.games.trump_whales.scoring import winners

_CARD: dict[str, dict[str, Any]] = {c.id: {"id": c.id, "family": c.family, "value": c.value, "pearls": c.pearls, "bonus": c.bonus,
                      "target": c.target} for c in C.CARDS.values()}


def card_view(card_id: str) -> dict[str, Any]:
    return dict(_CARD[card_id])


def view(state: State, player: Optional[int] = None) -> dict[str, Any]:
    teacher = player is None
    seats = []
    for s in range(state.players):
        shown = teacher or s == player
        hand = state.hands[s]
        chosen = state.chosen[s]
        seats.append({
            "seat": s,
            "hand_count": len(hand),
            "hand": [card_view(c) for c in sorted(hand, key=C.ORDER.__getitem__)] if shown else None,
            "chosen": chosen is not None,
            "chosen_card": card_view(chosen) if chosen is not None and shown else None,
            "bonuses": [card_view(c) for c in state.bonuses[s]],
            "pearl_count": len(state.pearls[s]),
            "noted": state.noted[s] if state.noted else 0,     # points noted on the pad (ruling short-reward)
            "round_points": round_points(state)[s],
            "score": state.scores[s],
        })
    trick = [{"seat": seat_of(state, i), "card": card_view(c), "family": C.FAMILY[c] or led_family(state.trick)}
             for i, c in enumerate(state.trick)]
    return {
        "game": "trump_whales",
        "viewer": player,
        "players": state.players,
        "round": state.round,
        "phase": state.phase,
        "over": state.over,
        "target": C.TARGET,
        "trump": state.trump,
        "token": state.token,
        "turn": state.turn,
        "leader": state.leader,
        "first": state.first,
        "tricks": state.tricks,
        "trick": trick,
        "led": led_family(state.trick),
        "discard_count": len(state.discard),
        "discard_top": card_view(state.discard[-1]) if state.discard else None,
        "discard": [card_view(c) for c in state.discard],
        "aside_count": len(state.aside),
        "aside": [card_view(c) for c in state.aside] if teacher else None,
        "removed": [card_view(c) for c in state.removed],
        "seats": seats,
        "history": [list(r) for r in state.history],
        "winners": winners(state) if state.over else None,
        "to_move": to_move(state),
    }
