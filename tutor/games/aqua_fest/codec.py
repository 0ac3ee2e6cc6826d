"""Aqua Fest states and actions to and from JSON: the saved-position format (tutor.core.codec does the work)."""

from __future__ import annotations

from typing import Any, Optional

from tutor.core.actions import ActionCodec
from tutor.core.codec import (
    Data, StateCodec, boolean, conserved, integer, listing, noun_words, nullable, per_player, row, seat, text,
)
from tutor.core.wording import Words
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.checks import check_invariants
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State
from tutor.games.aqua_fest.text import cell_name

FORMAT = "tutor/aqua_fest/6"   # 2: "placing", the start tiles still to be laid; 3: "attacked" this turn; 4: "arranged";
# 5: "aside", the arranged example's left-out cards under the discard pile; 6: "fought", the seats attacked this turn
# earlier formats still load: what they lack, filled in
OLDER: dict[str, dict[str, Any]] = {
    "tutor/aqua_fest/2": {"attacked": False, "arranged": False, "aside": 0, "fought": []},
    "tutor/aqua_fest/3": {"arranged": False, "aside": 0, "fought": []},
    "tutor/aqua_fest/4": {"aside": 0, "fought": []}, "tutor/aqua_fest/5": {"fought": []}}

CELL = integer(0, 24, noun="cell")
CELLS = listing(nullable(text(noun="tile id")), 25)
CARD = text(noun="card id")


def _bonus(data: Data) -> Optional[Words]:
    if sorted(data["bonus"]) != list(C.BONUS_TOKENS[:data["players"]]):
        return Words("aqua_fest.saved.bonus", lo=C.BONUS_TOKENS[0], hi=C.BONUS_TOKENS[data["players"] - 1])
    return None


def _tiles(data: Data) -> Optional[Words]:
    tiles = [t for t in data["upper"] + data["lower"] if t is not None] + [t for c in data["collected"] for t in c]
    problem = conserved(tiles, C.ALL_TILES, "tile")
    if problem:
        return problem
    for i in range(25):
        if data["upper"][i] is not None and data["lower"][i] is None:
            return Words("aqua_fest.saved.upper_alone", cell=cell_name(B.coords(i)), i=i)
        if data["lower_open"][i] and (data["upper"][i] is not None or data["lower"][i] is None):
            return Words("aqua_fest.saved.lower_open", cell=cell_name(B.coords(i)), i=i)
    return None


def _battles(data: Data) -> Optional[Words]:
    battle, last = data["battle"], data["last_battle"]
    if battle is not None and battle[0] == battle[1]:
        return Words("aqua_fest.saved.battle_self")
    if battle is not None and (battle[0] != data["turn"] or data["over"]):
        return Words("aqua_fest.saved.battle_turn")
    unknown = [c for c in last[2:] if c not in C.CARDS] if last is not None else []
    if unknown:
        return Words("ui.saved.no_such", noun=noun_words("card"), id=repr(unknown[0]))
    return None


def _cards(data: Data) -> Optional[Words]:
    cards = [c for h in data["hands"] for c in h] + data["deck"] + data["discard"]
    cards += [data["battle"][2]] if data["battle"] is not None else []
    return conserved(cards, C.ALL_CARDS, "card")


def _aside(data: Data) -> Optional[Words]:
    """The left-out cards lie under the discard pile: never more of them than the pile holds."""
    return Words("aqua_fest.saved.aside") if data["aside"] > len(data["discard"]) else None


def _play(data: Data) -> Optional[Words]:
    cells = [p for p in data["pawns"] if p is not None]
    if len(cells) != len(set(cells)):
        return Words("aqua_fest.saved.pawns_share")
    if (data["moves"] == 0) != (data["species"] is None):
        return Words("aqua_fest.saved.species")
    return None


CODEC = StateCodec(State, FORMAT, "an Aqua Fest position", {
    "players": integer(C.MIN_PLAYERS, C.MAX_PLAYERS),
    "sides": per_player(text(C.SIDES, noun="side"), distinct=True),
    "homes": per_player(integer(0, B.N - 1, noun="place")),
    "bonus": per_player(integer(1, len(C.BONUS_TOKENS), noun="aqua_fest.bonus token")),
    "upper": CELLS, "lower": CELLS, "lower_open": listing(boolean(), 25),
    "pawns": per_player(nullable(CELL)),
    "hands": per_player(listing(CARD)), "collected": per_player(listing(text(noun="tile id"))),
    "deck": listing(CARD), "discard": listing(CARD),
    "turn": seat(), "moves": integer(0, 2), "species": nullable(text(C.SPECIES, noun="aqua_fest.species")),
    "alone": boolean(), "turn_start": nullable(CELL),
    "battle": nullable(row(seat(), seat(), CARD)),
    "last_battle": nullable(row(seat(), seat(), CARD, CARD)),
    "over": boolean(), "rng": integer(0),
    "placing": listing(seat(), distinct=True), "attacked": boolean(), "arranged": boolean(),
    "fought": listing(seat(), distinct=True),
    "aside": integer(0, len(C.ALL_CARDS)),
}, checks=(_bonus, _tiles, _battles, _cards, _aside, _play), older=OLDER, invariants=check_invariants)

ACTIONS = ActionCodec("an Aqua Fest action", (PlaceStart, Move, Attack, Defend, EndTurn, DrawTwo))

to_json = CODEC.to_json
state_from_json = CODEC.from_json
action_from_json = ACTIONS.from_json
