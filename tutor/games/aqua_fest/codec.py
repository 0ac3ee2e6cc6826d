"""Aqua Fest states and actions to and from JSON; a malformed saved position is refused with the reason."""

from __future__ import annotations

import json

from tutor.core.errors import SavedStateError
from tutor.core.game import dumps
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move, State

FORMAT = "tutor/aqua_fest/1"
FIELDS = ("players", "sides", "homes", "bonus", "upper", "lower", "lower_open", "pawns", "hands", "collected",
          "deck", "discard", "turn", "moves", "species", "alone", "turn_start", "battle", "last_battle", "over", "rng")


def to_json(state: State) -> str:
    data = {"format": FORMAT}
    for name in FIELDS:
        value = getattr(state, name)
        data[name] = _plain(value)
    return dumps(data)


def _plain(value):
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def state_from_json(text) -> State:
    try:
        data = json.loads(text) if isinstance(text, (str, bytes)) else text
    except json.JSONDecodeError as exc:
        raise SavedStateError(f"it is not JSON ({exc.msg} at line {exc.lineno})") from None
    _need(isinstance(data, dict), "it should be a JSON object")
    _need(data.get("format") == FORMAT, f"it is not an Aqua Fest position (format should be {FORMAT!r})")
    missing = [f for f in FIELDS if f not in data]
    _need(not missing, f"field {missing[0]!r} is missing" if missing else "")
    extra = sorted(set(data) - set(FIELDS) - {"format"})
    _need(not extra, f"field {extra[0]!r} is unknown" if extra else "")
    n = data["players"]
    _need(isinstance(n, int) and not isinstance(n, bool) and C.MIN_PLAYERS <= n <= C.MAX_PLAYERS,
          f"players must be {C.MIN_PLAYERS}..{C.MAX_PLAYERS}")
    for key in ("sides", "homes", "bonus", "pawns", "hands", "collected"):
        _need(isinstance(data[key], list) and len(data[key]) == n, f"{key} must hold one entry per player")
    _need(all(s in C.SIDES for s in data["sides"]) and len(set(data["sides"])) == n, "each player needs their own side")
    _need(all(isinstance(h, int) and 0 <= h < B.N for h in data["homes"]), "homes must be 0..4")
    for key in ("upper", "lower", "lower_open"):
        _need(isinstance(data[key], list) and len(data[key]) == 25, f"{key} must hold 25 cells")
    tiles = [t for t in data["upper"] + data["lower"] if t is not None] + [t for c in data["collected"] for t in c]
    unknown = [t for t in tiles if t not in C.TILES]
    _need(not unknown, f"there is no tile {unknown[0]!r}" if unknown else "")
    _need(len(tiles) == len(set(tiles)), "a tile appears twice")
    _need(len(tiles) == len(C.ALL_TILES), f"{len(C.ALL_TILES) - len(tiles)} tiles are missing")
    cards = [c for h in data["hands"] for c in h] + data["deck"] + data["discard"]
    if data["battle"] is not None:
        _need(isinstance(data["battle"], list) and len(data["battle"]) == 3, "battle must be [attacker, defender, card]")
        cards.append(data["battle"][2])
    bad = [c for c in cards if c not in C.CARDS]
    _need(not bad, f"there is no card {bad[0]!r}" if bad else "")
    _need(sorted(cards) == sorted(C.ALL_CARDS), "the cards do not add up to the 50 creature cards")
    _need(all(p is None or (isinstance(p, int) and 0 <= p < 25) for p in data["pawns"]), "pawns must be cells 0..24 or null")
    _need(isinstance(data["turn"], int) and 0 <= data["turn"] < n, "turn must be a seat")
    _need(data["moves"] in (0, 1, 2), "moves must be 0, 1 or 2")
    _need(data["species"] is None or data["species"] in C.SPECIES, "species is unknown")
    _need(isinstance(data["rng"], int) and data["rng"] >= 0, "rng must be a non-negative integer")
    return State(
        players=n, sides=tuple(data["sides"]), homes=tuple(data["homes"]), bonus=tuple(data["bonus"]),
        upper=tuple(data["upper"]), lower=tuple(data["lower"]), lower_open=tuple(bool(x) for x in data["lower_open"]),
        pawns=tuple(data["pawns"]), hands=tuple(tuple(h) for h in data["hands"]),
        collected=tuple(tuple(c) for c in data["collected"]), deck=tuple(data["deck"]), discard=tuple(data["discard"]),
        turn=data["turn"], moves=data["moves"], species=data["species"], alone=bool(data["alone"]),
        turn_start=data["turn_start"], battle=None if data["battle"] is None else tuple(data["battle"]),
        last_battle=None if data["last_battle"] is None else tuple(data["last_battle"]),
        over=bool(data["over"]), rng=data["rng"],
    )


def action_from_json(data):
    if isinstance(data, str):
        data = json.loads(data)
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "move":
        row, col = data["to"]
        return Move(int(data["player"]), str(data["card"]), B.cell(int(row), int(col)))
    if kind == "attack":
        return Attack(int(data["player"]), int(data["target"]), str(data["card"]))
    if kind == "defend":
        return Defend(int(data["player"]), str(data["card"]))
    if kind == "end_turn":
        return EndTurn(int(data["player"]))
    if kind == "draw_two":
        return DrawTwo(int(data["player"]), None if data.get("home") is None else int(data["home"]))
    raise ValueError(f"not an Aqua Fest action: {data!r}")


def _need(ok: bool, problem: str) -> None:
    if not ok:
        raise SavedStateError(problem)
