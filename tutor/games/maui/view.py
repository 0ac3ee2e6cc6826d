"""What one player may see of a Мяури position (None: the teacher's full view).

Open: the lagoon's face-up cards, each pile's top card, how many cards anyone holds, the cards
revealed last round, Kiti. Private: a player's hand and whole pile (their own only), the lantern
peek (its taker only). Hidden from all: the deck, the unseen card, used dive cards (unless the
open-baskets variant is on), other players' face-down dive choices.
"""

from __future__ import annotations

from typing import Any, Optional

from tutor.games.maui import components as C
from tutor.games.maui.rules import OPEN_BASKETS, State, to_move


def _catch(card_id: str) -> dict[str, Any]:
    c = C.card(card_id)
    return {"id": c.id, "kind": c.kind, "value": c.value}


def _dive(seat: int, number: int) -> dict[str, Any]:
    return {"id": C.dive_id(seat, number), "value": number}


def view(state: State, player: Optional[int] = None) -> dict[str, Any]:
    teacher = player is None
    open_baskets = state.has(OPEN_BASKETS)
    lagoon = []
    for i, cell in enumerate(state.lagoon):
        cards = []
        for j, card_id in enumerate(cell):
            peekers = [seat for c, seat in state.face_down if c == i]
            hidden = bool(peekers) and j == len(cell) - 1
            if hidden and not (teacher or player in peekers):
                cards.append({"hidden": True})
            else:
                cards.append(dict(_catch(card_id), face_down=hidden))
        lagoon.append({"depth": C.DEPTHS[i], "cards": cards})

    seats = []
    turned_up = state.phase in ("resolving", "round_over")     # this round's cards lie turned up (render._this_round)
    for s in range(state.players):
        mine = teacher or s == player
        pile = state.piles[s]
        see_pile = mine or open_baskets
        chosen, revealed = state.chosen[s], state.revealed[s]
        before = state.before[s] if turned_up and state.before else None
        # this round's card, turned up, lies under "dive" until the next deal: not in the used cards as well (a
        # reader saw one card in two places on the reveal step, wave 21); a hand holds each number once
        lying = revealed if turned_up else None
        used = [n for n in state.discards[s] if n != lying]
        seats.append({
            "seat": s,
            "hand_count": len(state.hands[s]),
            "hand": [_dive(s, n) for n in state.hands[s]] if mine else None,
            "chosen": (None if chosen is None else _dive(s, chosen) if mine else {"hidden": True}),
            "revealed": None if revealed is None else _dive(s, revealed),
            # the round before's card, known to all, while this round's lie turned up (the board's «last» then)
            "before": None if before is None else _dive(s, before),
            "discard_count": len(used),
            "discards": [_dive(s, n) for n in used] if (teacher or open_baskets) else None,
            "pile_count": len(pile),
            "pile_top": _catch(pile[-1]) if pile else None,
            "pile": [_catch(c) for c in pile] if see_pile else None,
        })
    return {
        "game": "maui",
        "viewer": player,
        "players": state.players,
        "variants": list(state.variants),
        "round": min(state.round, C.ROUNDS),
        "over": state.over,
        "phase": state.phase,
        "kiti": state.kiti,
        "lagoon": lagoon,
        "deck_count": len(state.deck),
        "removed_count": len(state.removed),
        "boxed_count": len(state.boxed),
        "boxed": [_catch(c) for c in state.boxed] if teacher else None,
        "seats": seats,
        "to_move": to_move(state),
        "pending": list(state.pending),
    }
