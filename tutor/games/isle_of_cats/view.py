"""What one player may see of an Острів котів position (None: the teacher's full view).

Open: every boat (its tiles, where they lie, the cells they cover, its rats and maps), the tiles around the island,
the tile taken and not yet placed, how many tiles the bag and the box hold,
the common treasures left of each shape, Vesh's ship and the day, the turn order, who has passed, and how many
family cards each player holds. Private: one's own family cards (dealt, then kept). At the end every kept card
turns face up. Hidden from all: the bag's order and the family cards back in the box.
"""

from __future__ import annotations

from typing import Any, Optional

from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.rules import State, island_numbers, to_move
from tutor.games.isle_of_cats.scoring import winners

_TILE = {t.id: {"id": t.id, "kind": t.kind, "shape": t.shape, "colour": t.colour, "size": C.SHAPE_SIZE[t.shape]}
         for t in C.TILES.values()}


def tile_view(tile_id: str) -> dict[str, Any]:
    return dict(_TILE[tile_id])


def card_view(card_id: str) -> dict[str, Any]:
    c = C.FAMILY_CARDS[card_id]
    return {"id": c.id, "task": c.task, "points": c.points, "colour": c.colour}


def view(state: State, player: Optional[int] = None) -> dict[str, Any]:
    teacher = player is None
    over = state.phase == "over"
    seats = []
    for s in range(state.players):
        own = teacher or s == player
        boat = state.boats[s]
        tiles = []
        for tile, o, x, y in state.placed[s]:
            tiles.append({**tile_view(tile), "orientation": o, "x": x, "y": y,
                          "cells": [list(c) for c in G.placed_cells(C.SHAPE[tile], o, x, y)]})
        seats.append({
            "seat": s,
            "boat": boat,
            "tiles": tiles,
            "rats": [list(c) for c in C.RATS[boat]],
            "maps": {colour: list(cell) for colour, cell in C.MAPS[boat].items()},
            "passed": state.passed[s],
            "dealt_count": len(state.dealt[s]),
            "dealt": [card_view(c) for c in state.dealt[s]] if own else None,
            "kept_count": len(state.kept[s]),
            "kept": [card_view(c) for c in state.kept[s]] if own or over else None,
        })
    return {
        "game": "isle_of_cats",
        "viewer": player,
        "players": state.players,
        "phase": state.phase,
        "over": over,
        "day": state.day,
        "days": C.DAYS,
        "ship": state.ship,
        "order": list(state.order),
        "turn": state.turn,
        # (each with its number around the island, kept as others are taken: rules.island_numbers)
        "island": [{**tile_view(t), "no": n} for t, n in zip(state.island, island_numbers(state))],
        "held": tile_view(state.held) if state.held is not None else None,
        "rewards": state.rewards,
        "bag_count": len(state.bag),
        "box_count": len(state.box),
        "supply": {shape: sum(1 for t in state.supply if C.SHAPE[t] == shape) for shape in C.COMMON_SHAPES},
        "unused_count": len(state.unused),
        "seats": seats,
        "winners": winners(state) if over else None,
        "to_move": to_move(state),
    }
