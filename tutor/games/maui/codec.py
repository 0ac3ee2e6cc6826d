"""Мяури states and actions to and from JSON; a malformed saved position is refused with the reason."""

from __future__ import annotations

import json

from tutor.core.errors import SavedStateError
from tutor.core.game import dumps
from tutor.core.safe_input import InputProblem, load_json
from tutor.games.maui import components as C
from tutor.games.maui.rules import SETTING_UP, STAGES, VARIANTS, Dive, Jellyfish, State

FORMAT = "tutor/maui/2"   # 2: face_down lists every lantern cell with its taker


def to_json(state: State) -> str:
    data = {
        "format": FORMAT,
        "players": state.players, "variants": list(state.variants), "round": state.round,
        "deck": list(state.deck), "removed": list(state.removed),
        "lagoon": [list(c) for c in state.lagoon], "face_down": [list(x) for x in state.face_down],
        "hands": [list(h) for h in state.hands], "chosen": list(state.chosen),
        "discards": [list(d) for d in state.discards], "piles": [list(p) for p in state.piles],
        "boxed": list(state.boxed), "kiti": state.kiti, "pending": list(state.pending),
        "declined": list(state.declined), "revealed": list(state.revealed), "rng": state.rng,
    }
    if state.stage:      # a lesson's paused position; ordinary positions keep format 2's keys exactly
        data["stage"] = state.stage
    return dumps(data)


def state_from_json(text) -> State:
    """Parse and validate; raises SavedStateError naming the first thing that is wrong."""
    try:
        data = load_json(text) if isinstance(text, (str, bytes)) else text
    except InputProblem as exc:
        raise SavedStateError(str(exc)) from None
    if not isinstance(data, dict):
        raise SavedStateError("it should be a JSON object")
    if data.get("format") != FORMAT:
        raise SavedStateError(f"it is not a Мяури position (format should be {FORMAT!r})")
    want = {"players", "variants", "round", "deck", "removed", "lagoon", "face_down", "hands",
            "chosen", "discards", "piles", "boxed", "kiti", "pending", "declined", "revealed", "rng"}
    missing = sorted(want - set(data))
    if missing:
        raise SavedStateError(f"field {missing[0]!r} is missing")
    extra = sorted(set(data) - want - {"format", "stage"})
    if extra:
        raise SavedStateError(f"field {extra[0]!r} is unknown")

    n = data["players"]
    _need(isinstance(n, int) and not isinstance(n, bool) and C.MIN_PLAYERS <= n <= C.MAX_PLAYERS,
          f"players must be {C.MIN_PLAYERS}..{C.MAX_PLAYERS}")
    _need(isinstance(data["round"], int) and 1 <= data["round"] <= C.ROUNDS + 1, "round must be 1..13")
    _need(_strs(data["variants"]) and set(data["variants"]) <= set(VARIANTS)
          and list(data["variants"]) == sorted(set(data["variants"])), f"variants must be a sorted list from {VARIANTS}")
    for key in ("deck", "removed", "boxed"):
        _need(_strs(data[key]), f"{key} must be a list of catch card ids")
    _need(isinstance(data["lagoon"], list) and len(data["lagoon"]) == 3 and all(_strs(c) for c in data["lagoon"]),
          "lagoon must be three lists of catch card ids")
    for key in ("hands", "discards"):
        _need(isinstance(data[key], list) and len(data[key]) == n and all(_ints(h) for h in data[key]),
              f"{key} must hold one list of dive numbers per player")
    _need(isinstance(data["piles"], list) and len(data["piles"]) == n and all(_strs(p) for p in data["piles"]),
          "piles must hold one list of catch card ids per player")
    for key in ("chosen", "revealed"):
        _need(isinstance(data[key], list) and len(data[key]) == n
              and all(x is None or (isinstance(x, int) and 1 <= x <= 12) for x in data[key]),
              f"{key} must hold a dive number or null per player")
    _need(_ints(data["declined"]) and len(data["declined"]) == n, "declined must hold a count per player")
    _need(_ints(data["pending"]) and all(0 <= s < n for s in data["pending"]), "pending must list seats")
    for key in ("kiti",):
        _need(data[key] is None or (isinstance(data[key], int) and 0 <= data[key] < n), f"{key} must be a seat or null")
    _need((data["kiti"] is None) == ("no-fights" in data["variants"]),
          "kiti must be a seat, or null exactly when the no-fights variant is on")
    _need(isinstance(data["face_down"], list) and all(
        isinstance(x, list) and len(x) == 2 and x[0] in (0, 1, 2) and isinstance(x[1], int) and 0 <= x[1] < n
        for x in data["face_down"]), "face_down must list [cell 0..2, seat] pairs")
    _need(isinstance(data["rng"], int) and data["rng"] >= 0, "rng must be a non-negative integer")
    _need(data.get("stage", "") in ("", SETTING_UP) + STAGES,
          f"stage must be one of {', '.join((SETTING_UP,) + STAGES)}")

    every = (data["deck"] + data["removed"] + data["boxed"] + [c for cell in data["lagoon"] for c in cell]
             + [c for p in data["piles"] for c in p])
    unknown = [c for c in every if c not in C.CATCH_CARDS]
    _need(not unknown, f"there is no catch card {unknown[0]!r}" if unknown else "")
    _need(len(every) == len(set(every)), "a catch card appears twice")
    _need(len(every) == len(C.ALL_CATCH), f"{len(C.ALL_CATCH) - len(every)} catch cards are missing")
    for s in range(n):
        cards = data["hands"][s] + data["discards"][s] + ([data["chosen"][s]] if data["chosen"][s] else [])
        _need(sorted(cards) == list(C.DIVE_CARDS), f"player {s + 1}'s dive cards do not add up to one set 1..12")

    state = State(
        players=n, variants=tuple(data["variants"]), round=data["round"], deck=tuple(data["deck"]),
        removed=tuple(data["removed"]), lagoon=tuple(tuple(c) for c in data["lagoon"]),
        face_down=tuple(tuple(x) for x in data["face_down"]), hands=tuple(tuple(h) for h in data["hands"]),
        chosen=tuple(data["chosen"]), discards=tuple(tuple(d) for d in data["discards"]),
        piles=tuple(tuple(p) for p in data["piles"]), boxed=tuple(data["boxed"]), kiti=data["kiti"],
        pending=tuple(data["pending"]), declined=tuple(data["declined"]), revealed=tuple(data["revealed"]),
        rng=data["rng"], stage=data.get("stage", ""),
    )
    from tutor.games.maui.checks import check_invariants   # checks imports rules, not codec
    problems = check_invariants(state, full_lagoon=False)
    _need(not problems, problems[0] if problems else "")
    return state


def action_from_json(data) -> Dive | Jellyfish:
    if isinstance(data, str):
        data = json.loads(data)
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "dive":
        return Dive(int(data["player"]), int(data["card"]))
    if kind == "jellyfish":
        return Jellyfish(int(data["player"]), bool(data["discard"]))
    raise ValueError(f"not a Мяури action: {data!r}")


def _need(ok: bool, problem: str) -> None:
    if not ok:
        raise SavedStateError(problem)


def _strs(x) -> bool:
    return isinstance(x, list) and all(isinstance(i, str) for i in x)


def _ints(x) -> bool:
    return isinstance(x, list) and all(isinstance(i, int) and not isinstance(i, bool) for i in x)
