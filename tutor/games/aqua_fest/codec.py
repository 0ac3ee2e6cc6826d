"""Aqua Fest states and actions to and from JSON: the saved-position format (tutor.core.codec does the work)."""

from __future__ import annotations

from tutor.core.actions import ActionCodec
from tutor.core.codec import StateCodec, boolean, conserved, integer, listing, nullable, per_player, row, seat, text
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.checks import check_invariants
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State

FORMAT = "tutor/aqua_fest/3"   # 2: "placing", the start tiles still to be laid; 3: "attacked" this turn
OLDER = {"tutor/aqua_fest/2": {"attacked": False}}   # earlier formats still load: what they lack, filled in

CELL = integer(0, 24, noun="cell")
CELLS = listing(nullable(text(noun="tile id")), 25)
CARD = text(noun="card id")


def _bonus(data):
    if sorted(data["bonus"]) != list(C.BONUS_TOKENS[:data["players"]]):
        return f"bonus must hold the tokens 1..{data['players']}, one per player"


def _tiles(data):
    tiles = [t for t in data["upper"] + data["lower"] if t is not None] + [t for c in data["collected"] for t in c]
    problem = conserved(tiles, C.ALL_TILES, "tile")
    if problem:
        return problem
    for i in range(25):
        if data["upper"][i] is not None and data["lower"][i] is None:
            return f"cell {i} has an upper tile with nothing under it"
        if data["lower_open"][i] and (data["upper"][i] is not None or data["lower"][i] is None):
            return f"cell {i} cannot have its lower tile face up"


def _battles(data):
    battle, last = data["battle"], data["last_battle"]
    if battle is not None and battle[0] == battle[1]:
        return "battle must be [attacker, defender, card]"
    if battle is not None and (battle[0] != data["turn"] or data["over"]):
        return "a battle is fought by the player whose turn it is, before the game ends"
    if last is not None and any(c not in C.CARDS for c in last[2:]):
        return f"there is no card {next(c for c in last[2:] if c not in C.CARDS)!r}"


def _cards(data):
    cards = [c for h in data["hands"] for c in h] + data["deck"] + data["discard"]
    cards += [data["battle"][2]] if data["battle"] is not None else []
    return conserved(cards, C.ALL_CARDS, "card")


def _play(data):
    cells = [p for p in data["pawns"] if p is not None]
    if len(cells) != len(set(cells)):
        return "two pawns stand on one cell"
    if (data["moves"] == 0) != (data["species"] is None):
        return "species must be set exactly when a card has been played"


CODEC = StateCodec(State, FORMAT, "an Aqua Fest position", {
    "players": integer(C.MIN_PLAYERS, C.MAX_PLAYERS),
    "sides": per_player(text(C.SIDES, noun="side"), distinct=True),
    "homes": per_player(integer(0, B.N - 1, noun="place")),
    "bonus": per_player(integer(1, len(C.BONUS_TOKENS), noun="bonus token")),
    "upper": CELLS, "lower": CELLS, "lower_open": listing(boolean(), 25),
    "pawns": per_player(nullable(CELL)),
    "hands": per_player(listing(CARD)), "collected": per_player(listing(text(noun="tile id"))),
    "deck": listing(CARD), "discard": listing(CARD),
    "turn": seat(), "moves": integer(0, 2), "species": nullable(text(C.SPECIES, noun="species")),
    "alone": boolean(), "turn_start": nullable(CELL),
    "battle": nullable(row(seat(), seat(), CARD)),
    "last_battle": nullable(row(seat(), seat(), CARD, CARD)),
    "over": boolean(), "rng": integer(0),
    "placing": listing(seat(), distinct=True), "attacked": boolean(),
}, checks=(_bonus, _tiles, _battles, _cards, _play), older=OLDER, invariants=check_invariants)

ACTIONS = ActionCodec("an Aqua Fest action", (PlaceStart, Move, Attack, Defend, EndTurn, DrawTwo))

to_json = CODEC.to_json
state_from_json = CODEC.from_json
action_from_json = ACTIONS.from_json
