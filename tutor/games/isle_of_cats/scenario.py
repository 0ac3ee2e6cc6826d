"""Острів котів in lesson files: setup, actions and expectations written with players counted from 1.

setup:  players, seed, first (player), boats {player: colour} or [colours], dealt {player: [3 card ids]} or
        kept {player: [2 card ids]} (the day begins), placed {player: [[tile, orientation, x, y], ...]} (each row
        legal in turn), island [tile ids], bag [tile ids], ship (5 on the first day .. 1 on the last),
        order [players] (see rules.setup)
do:     a mapping (or a list of mappings, applied in order) of one or more of:
        keep: {player: [card, card]} | take: {player: tile} | place: {player: [orientation, x, y]} |
        treasure: {player: shape} | decline: player | pass: player  (decline and pass also take a list)
expect: phase, turn (player), ship, day, held (tile or null), island [tile ids], placed {player: tiles on the
        boat}, families {player: [[colour, size], ...] largest first}, groups {player: [sizes of every same-colour
        group]}, rats {player: visible rats}, unfilled {player: unfilled rooms}, filled {player: filled rooms},
        supply {shape: left}, rewards n, passed [players], points {player: total with the kept family cards},
        lines {player: [points of each score line]}, keeps {player: [cards among the two kept]};
        and every game's scores, winners, events, over (tutor.core.scenario.expectations)
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from tutor.core.events import Event
from tutor.core.game import LessonAdapter, Stage

from tutor.core.scenario import Outcome, expectations, per_player, scored, seat
from tutor.core.scenario import highlight as _highlight
from tutor.core.scoring import Breakdown
from tutor.games.isle_of_cats import scoring
from tutor.games.isle_of_cats.rules import (
    Action, Decline, KeepCards, Pass, Place, State, Take, TakeTreasure, setup as _setup, setup_stages as _setup_stages,
)

Check = Callable[[Outcome, Any], list[str]]     # an expectation: (outcome, the step's value) -> problems

__all__ = ["setup", "setup_stages", "actions", "expect", "highlight", "seat", "deciding"]


def setup(spec: dict[str, Any]) -> State:
    players, kwargs = _setup_args(spec)
    return _setup(players, **kwargs)


def setup_stages(spec: dict[str, Any]) -> list[Stage]:
    players, kwargs = _setup_args(spec)
    return list(_setup_stages(players, **kwargs))


def _setup_args(spec: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    spec = dict(spec)
    players = spec.pop("players")
    kwargs: dict[str, Any] = {}
    for key in ("seed", "ship"):
        if key in spec:
            kwargs[key] = spec.pop(key)
    for key in ("island", "bag"):
        if key in spec:
            kwargs[key] = tuple(spec.pop(key))
    if "first" in spec:
        kwargs["first"] = seat(spec.pop("first"))
    if "order" in spec:
        kwargs["order"] = tuple(seat(p) for p in spec.pop("order"))
    if "boats" in spec:
        boats = spec.pop("boats")
        kwargs["boats"] = tuple(per_player(boats, players) if isinstance(boats, dict) else boats)
    for key in ("dealt", "kept"):
        if key in spec:
            kwargs[key] = [tuple(v) for v in per_player(spec.pop(key), players, [])]
    if "placed" in spec:
        kwargs["placed"] = [[tuple(row) for row in rows] for rows in per_player(spec.pop("placed"), players, [])]
    if spec:
        raise ValueError(f"unknown setup key '{sorted(spec)[0]}'")
    return players, kwargs


def _players(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def actions(do: Any, state: State) -> list[Action]:
    """The actions of a step's `do`: a mapping, or a list of mappings applied in order."""
    if isinstance(do, list):
        return [a for part in do for a in actions(part, state)]
    if not isinstance(do, dict):
        raise ValueError("'do' is a mapping of actions or a list of them")
    out: list[Action] = []
    for key, value in do.items():
        if key == "keep":
            out += [KeepCards(seat(p), tuple(cards)) for p, cards in value.items()]
        elif key == "take":
            out += [Take(seat(p), tile) for p, tile in value.items()]
        elif key == "place":
            for p, where in value.items():
                o, x, y = where
                out.append(Place(seat(p), o, x, y))
        elif key == "treasure":
            out += [TakeTreasure(seat(p), shape) for p, shape in value.items()]
        elif key == "decline":
            out += [Decline(seat(p)) for p in _players(value)]
        elif key == "pass":
            out += [Pass(seat(p)) for p in _players(value)]
        else:
            raise ValueError(f"unknown action '{key}'")
    return out


def highlight(items: Optional[Iterable[object]]) -> tuple[str, ...]:
    """Renderer highlights: "player:2" is "seat:1"; "try:1:0,9,2" (player 1's held tile as a refused place put
    it: orientation, column and row as in the step's `place`) is "try:0:0,9,2"; anything else ("tile:<id>",
    "island") passes through; so do "option:1:2:1,6,2" (a quiz's second candidate place, drawn "B") and
    "ask:1:0,10,2" (the place a question asks about, drawn dashed with a "?"); "open:1", "rats:1", "boat:1" and
    "families:1" name player 1's unfilled rooms, visible rats, boat and families ("families" alone: everyone's);
    "kin:1" player 1's families by size alone; "near:1" player 1's boat alone and on its side on a phone, over the
    choices; "solo:1" player 1's boat alone on a phone, as it lies (a worked example about one boat)."""
    def tried(arg: str) -> str:
        player, _, place = arg.partition(":")
        return f"{seat(player)}:{place}"

    def player(arg: str) -> object:
        return seat(arg) if arg else ""
    out = []
    for item in _highlight(items, **{"try": tried, "option": tried, "ask": tried, "open": player, "rats": player,
                                     "boat": player, "families": player, "kin": player, "near": player, "solo": player, "rooms": player}):
        out.append("families" if item == "families:" else item)
    return tuple(out)


def _field(name: str) -> Check:
    def check(got: Outcome, value: Any) -> list[str]:
        have = getattr(got.after, name)
        if isinstance(have, tuple):
            have = list(have)
        return [] if have == value else [f"{name} should be {value}, is {have}"]
    return check


def _turn(got: Outcome, value: Any) -> list[str]:
    have = got.after.turn + 1
    return [] if have == int(value) else [f"turn should be player {value}, is player {have}"]


def _per_seat(name: str, measure: Callable[[Any, int], Any]) -> Check:
    def check(got: Outcome, value: Any) -> list[str]:
        out = []
        for p, want in value.items():
            s = int(p) - 1
            have = measure(got.after, s)
            if have != want:
                out.append(f"player {p}'s {name} should be {want}, is {have}")
        return out
    return check


def _placed(state: State, s: int) -> scoring.Placed:
    placed: scoring.Placed = state.placed[s]
    return placed


def _families(state: State, s: int) -> list[list[Any]]:
    return [[f.colour, f.size] for f in scoring.families(_placed(state, s))]


def _groups(state: State, s: int) -> list[int]:
    return sorted((f.size for f in scoring.groups(_placed(state, s))), reverse=True)


def _breakdown(state: State, s: int) -> Breakdown:
    every = [scoring.families(p) for p in state.placed]
    return scoring.breakdown(state.placed[s], state.boats[s], state.kept[s], every, s)


def _supply(got: Outcome, value: Any) -> list[str]:
    from tutor.games.isle_of_cats import components as C
    have = {shape: sum(1 for t in got.after.supply if C.SHAPE[t] == shape) for shape in value}
    return [] if have == value else [f"supply should be {value}, is {have}"]


def _keeps(got: Outcome, value: Any) -> list[str]:
    """{player: [cards]}: each named card is among the two the player kept (a task may accept either partner)."""
    out = []
    for p, want in value.items():
        have = got.after.kept[int(p) - 1]
        missing = [c for c in want if c not in have]
        if missing:
            out.append(f"player {p} should keep {missing}, keeps {list(have)}")
    return out


def _passed(got: Outcome, value: Any) -> list[str]:
    have = [s + 1 for s, p in enumerate(got.after.passed) if p]
    return [] if have == sorted(value) else [f"passed should be {sorted(value)}, is {have}"]


expect = expectations("isle_of_cats", {
    "phase": _field("phase"), "ship": _field("ship"), "day": _field("day"), "held": _field("held"),
    "island": _field("island"), "rewards": _field("rewards"), "turn": _turn, "supply": _supply,
    "passed": _passed, "keeps": _keeps,
    "placed": _per_seat("tiles on the boat", lambda st, s: len(st.placed[s])),
    "families": _per_seat("families", _families),
    "groups": _per_seat("groups", _groups),
    "rats": _per_seat("visible rats", lambda st, s: len(scoring.visible_rats(st.placed[s], st.boats[s]))),
    "unfilled": _per_seat("unfilled rooms", lambda st, s: len(scoring.unfilled_rooms(st.placed[s]))),
    "filled": _per_seat("filled rooms", lambda st, s: len(scoring.filled_rooms(st.placed[s]))),
    "points": _per_seat("points", lambda st, s: _breakdown(st, s).total),
    "lines": _per_seat("score lines", lambda st, s: [line.points for line in _breakdown(st, s).lines]),
})


# what a family or a score turns on: the tiles laid (and what they covered), a map's treasure, the end
DECIDING = {"isle_of_cats.kept", "isle_of_cats.placed", "isle_of_cats.map_found", "isle_of_cats.map_covered",
            "isle_of_cats.treasure_taken", "isle_of_cats.declined", "isle_of_cats.cards_revealed",
            "isle_of_cats.game_over"}


def deciding(after: State, events: Iterable[Event], want: dict[str, Any]) -> list[Any]:
    """The events and score breakdowns an expectation is about. A quiz shows them as the "why not" of a wrong
    answer (tutor.core.quiz.why_not): for points, the player's score line by line (rats, rooms, each family,
    each family card); for families, the families' own score lines (the tile laid is not why: a reader took
    "player 1 lays the red cat" under "why not" for the reason there was no family)."""
    players: set[Optional[int]] = set()
    scores: set[int] = set()
    families: set[int] = set()
    for key, value in want.items():
        if key in ("points", "lines", "scores"):
            scores.update(seat(p) for p in value)
        elif key == "winners":
            scores.update(range(after.players))
        elif key == "families":
            families.update(seat(p) for p in value)
        elif isinstance(value, dict):
            players.update(seat(p) for p in value)
    # a claim about families alone is answered by the families' lines, not by the tiles laid
    out: list[Any] = [] if families and not players else [
        e for e in events if e.kind in DECIDING and (not players or e.data.get("player") in players)]
    if scores and "winners" not in want:       # the score lines say it all, and the total alone explains nothing
        out = []
    # a count of visible rats (a question asked of a position, with no move to show) is answered by the rats' own
    # score line: "Visible rats: 15 (−15)"
    rats = {seat(p) for p in want.get("rats", {})} - scores
    # their sum is named for what it is ("Rats alone: −15"), not "Total": a reader took it for the boat's score
    rat_lines = [Breakdown(b.player, tuple(line for line in b.lines if line.rule.endswith(":rats")),
                           total_key="isle_of_cats.score.rats_total")
                 for b in scored("isle_of_cats", after, rats)]
    family_lines = [Breakdown(b.player, tuple(line for line in b.lines if line.rule.endswith(":families")),
                              total_key="isle_of_cats.score.families_total")
                    for b in scored("isle_of_cats", after, families - scores)]
    return (out + scored("isle_of_cats", after, scores) + [b for b in rat_lines if b.lines]
            + [b for b in family_lines if b.lines])


ADAPTER = LessonAdapter(setup=setup, actions=actions, expect=expect, highlight=highlight, setup_stages=setup_stages, deciding=deciding)
