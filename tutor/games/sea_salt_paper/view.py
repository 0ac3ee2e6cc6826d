"""What one player may see of a Паперові океани position (None: the teacher's full view).

Open: the top card and size of each discard pile, every zone (played duos lie face up), hand sizes, hands
revealed by LAST CHANCE or at the end, totals and past rounds. Private: one's own hand, the two cards one drew
from the deck, a discard pile one looks through with crabs. Hidden from all: the deck, the cards under the
top of a discard pile, other players' hands. A card stolen by swimmer and shark is told to the two players in
the event (tutor.core.events private data); the view simply shows it in the thief's hand.
"""

from __future__ import annotations

from typing import Any, Optional

from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.rules import State, to_move
from tutor.games.sea_salt_paper.scoring import card_points, colour_bonus, winners

_CARD: dict[str, dict[str, Any]] = {c: {"id": c, "kind": C.KIND[c], "colour": C.COLOUR[c]} for c in C.ALL_CARDS}


def card_view(card_id: str) -> dict[str, Any]:
    return dict(_CARD[card_id])


def may_look(state: State, viewer: Optional[int], pile: int) -> bool:
    """May `viewer` see the whole discard pile `pile`? The teacher, and a player looking through it with crabs."""
    return viewer is None or (state.looking == pile and viewer == state.turn)


def view(state: State, player: Optional[int] = None) -> dict[str, Any]:
    teacher = player is None
    discards = []
    for i, pile in enumerate(state.discards):
        discards.append({
            "pile": i, "count": len(pile),
            "top": card_view(pile[-1]) if pile else None,
            "cards": [card_view(c) for c in pile] if may_look(state, player, i) else None,
            "looking": state.looking == i,
        })
    seats = []
    for s in range(state.players):
        shown = teacher or s == player or state.revealed[s]
        hand, zone = state.hands[s], state.zones[s]
        seats.append({
            "seat": s,
            "hand_count": len(hand),
            "hand": [card_view(c) for c in sorted(hand, key=C.ORDER.__getitem__)] if shown else None,
            "revealed": state.revealed[s],
            "zone": [card_view(c) for c in zone],
            "score": state.scores[s],
            "points": card_points(hand + zone) if shown else None,
            "bonus": colour_bonus(hand + zone) if shown else None,
            "zone_points": card_points(zone),
        })
    drawn = None
    if state.drawn:
        mine = teacher or player == state.turn
        drawn = {"count": len(state.drawn), "cards": [card_view(c) for c in state.drawn] if mine else None}
    return {
        "game": "sea_salt_paper",
        "viewer": player,
        "players": state.players,
        "round": state.round,
        "turn": state.turn,
        "phase": state.phase,
        "over": state.over,
        "threshold": C.THRESHOLDS[state.players],
        "deck_count": len(state.deck),
        "deck": [card_view(c) for c in state.deck] if teacher else None,   # the teacher knows the order
        "discards": discards,
        "drawn": drawn,
        "seats": seats,
        "caller": state.caller,
        "last_turns": list(state.last_turns),
        "winner": state.winner,
        "winners": winners(state) if state.over else None,
        # the round just scored, before the next deal (the pause a task or worked example ends on): each seat's
        # points, so the board says the round is over rather than whose turn it is
        "scored": (list(state.history[-1][1:]) if state.history and state.history[-1][0] == state.round
                   and not state.over else None),
        "history": [list(r) for r in state.history],
        "to_move": to_move(state),
    }
