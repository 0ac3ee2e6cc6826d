"""Острів котів states and actions to and from JSON: the saved-position format (tutor.core.codec does the work)."""

from __future__ import annotations

from typing import Optional

from tutor.core.actions import ActionCodec
from tutor.core.codec import Data, StateCodec, boolean, conserved, integer, listing, nullable, per_player, row, seat, text
from tutor.core.wording import Words
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats.checks import check_invariants
from tutor.games.isle_of_cats.rules import PHASES, Decline, KeepCards, Pass, Place, State, Take, TakeTreasure

FORMAT = "tutor/isle_of_cats/1"

TILE = text(tuple(C.TILES), noun="tile id")
TILES = listing(TILE)
CARD = text(C.ALL_FAMILY_CARDS, noun="isle_of_cats.family card id")
CARDS = listing(CARD)
PLACEMENT = row(TILE, integer(0, 7, noun="orientation"), integer(0, C.WIDTH - 1, noun="column"),
                integer(0, C.HEIGHT - 1, noun="row"))


def _tiles(data: Data) -> Optional[Words]:
    every = (data["bag"] + data["island"] + data["box"] + data["supply"]
             + [r[0] for rows in data["placed"] for r in rows] + ([data["held"]] if data["held"] else []))
    return conserved(every, list(C.BAG_TILES) + list(C.common_tiles(data["players"])), "tile")


def _cards(data: Data) -> Optional[Words]:
    every = [c for d in data["dealt"] for c in d] + [c for k in data["kept"] for c in k] + data["unused"]
    return conserved(every, C.ALL_FAMILY_CARDS, "isle_of_cats.family card")


def _laid(data: Data) -> Optional[Words]:
    """The day's tiles as laid hold every tile still around the island."""
    laid = data.get("laid") or []
    return None if not laid or set(data["island"]) <= set(laid) else Words("isle_of_cats.saved.laid")


def _order(data: Data) -> Optional[Words]:
    return None if sorted(data["order"]) == list(range(data["players"])) else Words("isle_of_cats.saved.order")


CODEC = StateCodec(State, FORMAT, "an Острів котів position", {
    "players": integer(C.MIN_PLAYERS, C.MAX_PLAYERS),
    "boats": per_player(text(C.BOAT_COLOURS, noun="isle_of_cats.boat"), distinct=True),
    "phase": text(PHASES, noun="phase"),
    "ship": integer(0, C.DAYS, noun="isle_of_cats.day space"),
    "order": per_player(integer(0, C.MAX_PLAYERS - 1, noun="seat")),
    "turn": seat(),
    "passed": per_player(boolean()),
    "bag": TILES,
    "island": TILES,
    "box": TILES,
    "held": nullable(TILE),
    "rewards": integer(0, 5),
    "supply": TILES,
    "placed": per_player(listing(PLACEMENT)),
    "dealt": per_player(CARDS),
    "kept": per_player(CARDS),
    "unused": CARDS,
    "rng": integer(0),
    "laid": TILES,
}, optional={"laid": []}, checks=(_tiles, _cards, _order, _laid), invariants=check_invariants)

ACTIONS = ActionCodec("an Острів котів action", (KeepCards, Take, Place, TakeTreasure, Decline, Pass))

to_json = CODEC.to_json
state_from_json = CODEC.from_json
action_from_json = ACTIONS.from_json

