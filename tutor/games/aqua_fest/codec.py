"""Aqua Fest states and actions to and from JSON; a malformed saved position is refused with the reason."""

from __future__ import annotations

import json

from tutor.core.errors import SavedStateError
from tutor.core.game import dumps
from tutor.core.safe_input import InputProblem, load_json
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State

FORMAT = "tutor/aqua_fest/3"   # 2: "placing", the start tiles still to be laid; 3: "attacked" this turn
OLDER = {"tutor/aqua_fest/2": {"attacked": False}}   # earlier formats still load: what they lack, filled in
FIELDS = ("players", "sides", "homes", "bonus", "upper", "lower", "lower_open", "pawns", "hands", "collected",
          "deck", "discard", "turn", "moves", "species", "alone", "turn_start", "battle", "last_battle", "over", "rng",
          "placing", "attacked")


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
        data = load_json(text) if isinstance(text, (str, bytes)) else text
    except InputProblem as exc:
        raise SavedStateError(str(exc)) from None
    _need(isinstance(data, dict), "it should be a JSON object")
    if data.get("format") in OLDER:
        data = {**OLDER[data["format"]], **data, "format": FORMAT}
    _need(data.get("format") == FORMAT, f"it is not an Aqua Fest position (format should be {FORMAT!r})")
    missing = [f for f in FIELDS if f not in data]
    _need(not missing, f"field {missing[0]!r} is missing" if missing else "")
    extra = sorted(set(data) - set(FIELDS) - {"format"})
    _need(not extra, f"field {extra[0]!r} is unknown" if extra else "")
    n = data["players"]
    _need(_int(n) and C.MIN_PLAYERS <= n <= C.MAX_PLAYERS, f"players must be {C.MIN_PLAYERS}..{C.MAX_PLAYERS}")
    for key in ("sides", "homes", "bonus", "pawns", "hands", "collected"):
        _need(isinstance(data[key], list) and len(data[key]) == n, f"{key} must hold one entry per player")
    _need(all(isinstance(s, str) and s in C.SIDES for s in data["sides"]) and len(set(data["sides"])) == n,
          "each player needs their own side")
    _need(all(_int(h) and 0 <= h < B.N for h in data["homes"]), "homes must be 0..4")
    _need(all(_int(b) for b in data["bonus"]) and sorted(data["bonus"]) == list(C.BONUS_TOKENS[:n]),
          f"bonus must hold the tokens 1..{n}, one per player")
    for key in ("upper", "lower", "lower_open"):
        _need(isinstance(data[key], list) and len(data[key]) == 25, f"{key} must hold 25 cells")
    for key in ("upper", "lower"):
        _need(all(t is None or isinstance(t, str) for t in data[key]), f"{key} must hold tile ids or null")
    _need(all(isinstance(x, bool) for x in data["lower_open"]), "lower_open must hold true or false per cell")
    for key in ("hands", "collected"):
        _need(all(_strs(x) for x in data[key]), f"{key} must hold a list of ids per player")
    for key in ("deck", "discard"):
        _need(_strs(data[key]), f"{key} must be a list of card ids")
    tiles = [t for t in data["upper"] + data["lower"] if t is not None] + [t for c in data["collected"] for t in c]
    unknown = [t for t in tiles if t not in C.TILES]
    _need(not unknown, f"there is no tile {unknown[0]!r}" if unknown else "")
    _need(len(tiles) == len(set(tiles)), "a tile appears twice")
    _need(len(tiles) == len(C.ALL_TILES), f"{len(C.ALL_TILES) - len(tiles)} tiles are missing")
    for i in range(25):
        _need(not (data["upper"][i] is not None and data["lower"][i] is None),
              f"cell {i} has an upper tile with nothing under it")
        _need(not (data["lower_open"][i] and (data["upper"][i] is not None or data["lower"][i] is None)),
              f"cell {i} cannot have its lower tile face up")
    cards = [c for h in data["hands"] for c in h] + data["deck"] + data["discard"]
    battle = data["battle"]
    if battle is not None:
        _need(isinstance(battle, list) and len(battle) == 3 and _int(battle[0]) and _int(battle[1])
              and isinstance(battle[2], str) and 0 <= battle[0] < n and 0 <= battle[1] < n
              and battle[0] != battle[1], "battle must be [attacker, defender, card]")
        cards.append(battle[2])
    last = data["last_battle"]
    if last is not None:
        _need(isinstance(last, list) and len(last) == 4 and _int(last[0]) and _int(last[1])
              and 0 <= last[0] < n and 0 <= last[1] < n and all(c in C.CARDS for c in last[2:] if isinstance(c, str))
              and _strs(last[2:]), "last_battle must be [attacker, defender, attack card, defence card]")
    bad = [c for c in cards if c not in C.CARDS]
    _need(not bad, f"there is no card {bad[0]!r}" if bad else "")
    _need(sorted(cards) == sorted(C.ALL_CARDS), "the cards do not add up to the 50 creature cards")
    _need(all(p is None or (_int(p) and 0 <= p < 25) for p in data["pawns"]), "pawns must be cells 0..24 or null")
    cells = [p for p in data["pawns"] if p is not None]
    _need(len(cells) == len(set(cells)), "two pawns stand on one cell")
    _need(_int(data["turn"]) and 0 <= data["turn"] < n, "turn must be a seat")
    _need(_int(data["moves"]) and data["moves"] in (0, 1, 2), "moves must be 0, 1 or 2")
    _need(data["species"] is None or data["species"] in C.SPECIES, "species is unknown")
    _need((data["moves"] == 0) == (data["species"] is None), "species must be set exactly when a card has been played")
    _need(isinstance(data["alone"], bool) and isinstance(data["over"], bool) and isinstance(data["attacked"], bool),
          "alone, over and attacked must be true or false")
    _need(data["turn_start"] is None or (_int(data["turn_start"]) and 0 <= data["turn_start"] < 25),
          "turn_start must be a cell 0..24 or null")
    _need(battle is None or (battle[0] == data["turn"] and not data["over"]),
          "a battle is fought by the player whose turn it is, before the game ends")
    _need(_int(data["rng"]) and data["rng"] >= 0, "rng must be a non-negative integer")
    placing = data["placing"]
    _need(isinstance(placing, list) and all(_int(p) and 0 <= p < n for p in placing)
          and len(set(placing)) == len(placing), "placing must list distinct seats")
    state = State(
        players=n, sides=tuple(data["sides"]), homes=tuple(data["homes"]), bonus=tuple(data["bonus"]),
        upper=tuple(data["upper"]), lower=tuple(data["lower"]), lower_open=tuple(data["lower_open"]),
        pawns=tuple(data["pawns"]), hands=tuple(tuple(h) for h in data["hands"]),
        collected=tuple(tuple(c) for c in data["collected"]), deck=tuple(data["deck"]), discard=tuple(data["discard"]),
        turn=data["turn"], moves=data["moves"], species=data["species"], alone=data["alone"],
        turn_start=data["turn_start"], battle=None if battle is None else tuple(battle),
        last_battle=None if last is None else tuple(last),
        over=data["over"], rng=data["rng"], placing=tuple(placing), attacked=data["attacked"],
    )
    from tutor.games.aqua_fest.checks import check_invariants   # checks imports rules, not codec
    problems = check_invariants(state)
    _need(not problems, problems[0] if problems else "")
    return state


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _strs(x) -> bool:
    return isinstance(x, list) and all(isinstance(i, str) for i in x)


def action_from_json(data):
    if isinstance(data, str):
        data = json.loads(data)
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "place_start":
        return PlaceStart(int(data["player"]), int(data["place"]))
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
