"""What one Aqua Fest player may see (None: the teacher's full view).

Open: the upper layer, lower tiles once turned up, corals, pawns, start tiles, bonus tokens, how many
cards and fragments each player holds, the cards of the last battle (revealed face up). Private: a
player's hand and collected fragments (their own only). Hidden from all: face-down lower tiles, the
deck, an attacker's card until the defender has answered.
"""

from __future__ import annotations

from typing import Any, Optional

from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Move, State, legal_actions, to_move


def _tile(tile_id: str) -> dict[str, Any]:
    t = C.tile(tile_id)
    if t.coral:
        return {"id": t.id, "coral": True}
    return {"id": t.id, "coral": False, "kind": t.kind, "stars": t.stars, "colour": t.colour}


def _card(card_id: str) -> dict[str, Any]:
    c = C.card(card_id)
    return {"id": c.id, "species": c.species, "strength": c.strength}


def view(state: State, player: Optional[int] = None) -> dict[str, Any]:
    teacher = player is None
    cells = []
    for i in range(B.N * B.N):
        up, low = state.upper[i], state.lower[i]
        cells.append({
            "cell": list(B.coords(i)),
            "upper": _tile(up) if up is not None else None,
            "lower": (None if low is None else _tile(low) if (state.lower_open[i] or teacher)
                      else {"hidden": True}),
            "lower_open": state.lower_open[i],
            "sealed": up is not None and C.tile(up).coral and low is not None,
        })
    seats = []
    for s in range(state.players):
        mine = teacher or s == player
        pawn = state.pawns[s]
        seats.append({
            "seat": s,
            "side": state.sides[s],
            "home": state.homes[s],
            "placed": s not in state.placing,
            "pawn": None if pawn is None else list(B.coords(pawn)),
            "bonus": state.bonus[s],
            "hand_count": len(state.hands[s]),
            "hand": [_card(c) for c in state.hands[s]] if mine else None,
            "collected_count": len(state.collected[s]),
            # at the end every player's fragments are turned up and counted: the panels show them (they stayed face
            # down under words saying so, a reader, stop 60)
            "collected": [_tile(t) for t in state.collected[s]] if mine or state.over else None,
        })
    battle = None
    if state.battle is not None:
        a, d, card = state.battle
        battle = {"attacker": a, "defender": d, "card": _card(card) if (teacher or player == a) else {"hidden": True}}
    last = None
    if state.last_battle is not None:
        a, d, ca, cd = state.last_battle
        last = {"attacker": a, "defender": d, "attack_card": _card(ca), "defence_card": _card(cd)}
    moves: dict[str, list[list[int]]] = {}
    if teacher or player == state.turn:
        for action in legal_actions(state, state.turn):
            if isinstance(action, Move):
                moves.setdefault(action.card, []).append(list(B.coords(action.to)))
    return {
        "game": "aqua_fest",
        "viewer": player,
        "players": state.players,
        "cells": cells,
        "seats": seats,
        "turn": state.turn,
        "moves_made": state.moves,
        "species": state.species,
        "deck_count": len(state.deck),
        # an arranged example's left-out cards lie under the discard pile: not shown, not counted (rules.State.aside)
        "discard_top": _card(state.discard[-1]) if len(state.discard) > state.aside else None,
        "discard_count": len(state.discard) - state.aside,
        "arranged": state.arranged,
        "battle": battle,
        "last_battle": last,
        "destinations": moves,
        "over": state.over,
        "placing": list(state.placing),
        "to_move": to_move(state),
    }
