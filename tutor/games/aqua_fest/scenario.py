"""Aqua Fest in scenario files: players counted from 1, cells named A1..E5 (column letter, row; row 1 north).

setup:  players, seed, first (player), sides [..], homes {player: 1..5}, place_starts (true: begin by
        laying the start tiles in turn),
        upper {cell: tile id}, lower {cell: tile id}, empty [cells with no tiles at all] — every other
        cell is filled from the remaining tiles in seeded order;
        pawns {player: cell}, hands {player: [card ids]}, deck [card ids] (the rest are in the discard),
        collected {player: [tile ids]}
highlight: also "shells:<player>" (that player's fragments drawn as shells with their bonus token, in place of
        the seabed), "shell:<k>" (ring the k-th shell drawn) and "total" (ring the total)
do:     a list of {place: {player, beside: cell on their side}}, {move: {player, card, to}}, {attack: {player, target, card}}, {defend: {player, card}},
        {end_turn: player}, {draw_two: {player, home}}
expect: collected {player: [ids]}, pawn {player: cell|home}, turn player, hand_count {player: n},
        open [cells whose lower tile is face up], best {player: points of the best assembly},
        home {player: the seabed cell of their side their start tile lies beside}; and every
        game's scores, winners, events, over (tutor.core.scenario.expectations)
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Optional

from tutor.core.events import Event
from tutor.core.game import LessonAdapter

from tutor.core import rng
from tutor.core.scenario import Outcome, expectations, per_player, scored, seat
from tutor.core.scenario import highlight as _highlight
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Action, Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State, setup as _setup
from tutor.games.aqua_fest.scoring import breakdown
from tutor.games.aqua_fest.shells import best_assembly


def cell_index(name: str) -> int:
    name = str(name).strip().upper()
    if len(name) != 2 or name[0] not in "ABCDE" or name[1] not in "12345":
        raise ValueError(f"{name!r} is not a cell (A1..E5)")
    return B.cell(int(name[1]) - 1, "ABCDE".index(name[0]))


def setup(spec: dict[str, Any]) -> State:
    spec = dict(spec)
    players = spec.pop("players")
    seed = spec.pop("seed", 0)
    kwargs: dict[str, Any] = {"seed": seed}
    if "place_starts" in spec:
        kwargs["place_starts"] = bool(spec.pop("place_starts"))
    if "first" in spec:
        kwargs["first"] = seat(spec.pop("first"))
    if "sides" in spec:
        kwargs["sides"] = spec.pop("sides")
    if "homes" in spec:
        kwargs["homes"] = [int(h) - 1 for h in per_player(spec.pop("homes"), players, 3)]
    collected = [list(c) for c in per_player(spec.pop("collected", None), players, [])]
    kwargs["collected"] = collected
    upper = {cell_index(k): v for k, v in (spec.pop("upper", None) or {}).items()}
    lower = {cell_index(k): v for k, v in (spec.pop("lower", None) or {}).items()}
    empty = {cell_index(k) for k in spec.pop("empty", None) or []}
    if upper or lower or empty:
        used = set(upper.values()) | set(lower.values()) | {t for c in collected for t in c}
        shuffled, _ = rng.shuffled(rng.seed_value(seed), [t for t in C.ALL_TILES if t not in used])
        rest = list(shuffled)
        up: list[Optional[str]] = [None] * 25
        low: list[Optional[str]] = [None] * 25
        for i in range(25):          # the lower layer first, so no upper tile floats over nothing
            if i not in empty:
                low[i] = lower.get(i) or (rest.pop() if rest else None)
        pawn_cells = {cell_index(c) for c in (spec.get("pawns") or {}).values() if c not in (None, "home")}
        for i in sorted(pawn_cells & set(upper)):
            # a pawn stands on a cell only once it has taken the tile that showed there (or on bare seabed): a tile
            # face up under a pawn is a position no game reaches (review 2026-12-02)
            raise ValueError(f"a pawn stands on {_name(i)}, so no upper tile lies there: it took it")
        # cells under a pawn come first: the fragment its pawn took is drawn from the filler there (the pawn's
        # face-down tile stays beneath it); it fills a cell that would otherwise have been bare, or, with none,
        # it is in the collection of the player who took it
        owner = {cell_index(c): seat(p) for p, c in (spec.get("pawns") or {}).items() if c not in (None, "home")}
        spare: list[tuple[int, str]] = []
        for i in sorted(range(25), key=lambda i: i not in pawn_cells):
            if i in empty or low[i] is None or (i in lower and i not in upper):
                continue             # an explicit lower tile with no upper one named shows face up
            if i in pawn_cells:
                taken = _pop_fragment(rest)
                spare += [(owner[i], taken)] if taken is not None else []
                continue
            up[i] = upper.get(i) or (rest.pop() if rest else spare.pop(0)[1] if spare else None)
        for p, tile in spare:
            collected[p].append(tile)
        if rest:
            raise ValueError(f"{len(rest)} tiles have no place; name fewer empty cells")
        kwargs["upper"], kwargs["lower"] = up, low
    if "pawns" in spec:
        kwargs["pawns"] = [None if c in (None, "home") else B.coords(cell_index(c))
                           for c in per_player(spec.pop("pawns"), players, None)]
    if "hands" in spec:
        kwargs["hands"] = [tuple(h) for h in per_player(spec.pop("hands"), players, [])]
        kwargs["deck"] = tuple(spec.pop("deck", ()))
    if spec:
        raise ValueError(f"unknown setup key '{sorted(spec)[0]}'")
    return _setup(players, **kwargs)


def _pop_fragment(rest: list[str]) -> Optional[str]:
    """The next filler tile that is not a coral (a pawn cannot stand on a coral)."""
    for k in range(len(rest) - 1, -1, -1):
        if not C.tile(rest[k]).coral:
            return rest.pop(k)
    return rest.pop() if rest else None


def place_beside(side: str, cell_name: str) -> int:
    """The start-tile place (0..4) beside a seabed cell of `side`, e.g. south, "B5" -> 1."""
    r, c = B.coords(cell_index(cell_name))
    edge = {"north": (r == 0, c), "south": (r == B.N - 1, c), "west": (c == 0, r), "east": (c == B.N - 1, r)}
    on_side, place = edge[side]
    if not on_side:
        raise ValueError(f"{cell_name} is not on the {side} side")
    return place


def actions(do: Any, state: State) -> list[Action]:
    out: list[Action] = []
    for item in do if isinstance(do, list) else [do]:
        for key, v in item.items():
            if key == "place":
                p = seat(v["player"])
                out.append(PlaceStart(p, place_beside(state.sides[p], v["beside"])))
            elif key == "move":
                out.append(Move(seat(v["player"]), v["card"], cell_index(v["to"])))
            elif key == "attack":
                out.append(Attack(seat(v["player"]), seat(v["target"]), v["card"]))
            elif key == "defend":
                out.append(Defend(seat(v["player"]), v["card"]))
            elif key == "end_turn":
                out.append(EndTurn(seat(v)))
            elif key == "draw_two":
                home = v.get("home")
                out.append(DrawTwo(seat(v["player"]), None if home is None else int(home) - 1))
            else:
                raise ValueError(f"unknown action '{key}'")
    return out


def highlight(items: Optional[Iterable[object]]) -> tuple[str, ...]:
    """"player:2", "cell:C3" and "shells:1" (player 1's fragments drawn as shells) as the renderer names them
    ("seat:1", "cell:12", "shells:0"); "shell:2" (the second shell drawn) and "total" pass through."""
    return _highlight(items, cell=cell_index, shells=seat)


def _collected(got: Outcome, value: Any) -> list[str]:
    held = {p: sorted(got.after.collected[seat(p)]) for p in value}
    return [f"player {p} should hold {sorted(ids)}, holds {held[p]}" for p, ids in value.items() if held[p] != sorted(ids)]


def _pawn(got: Outcome, value: Any) -> list[str]:
    problems = []
    for p, where in value.items():
        at = got.after.pawns[seat(p)]
        if at != (None if where == "home" else cell_index(where)):
            problems.append(f"player {p}'s pawn should be at {where}, is at {'home' if at is None else _name(at)}")
    return problems


def _turn(got: Outcome, value: Any) -> list[str]:
    turn = got.after.turn
    return [] if turn == seat(value) else [f"it should be player {value}'s turn, is player {turn + 1}'s"]


def _hand_count(got: Outcome, value: Any) -> list[str]:
    held = {p: len(got.after.hands[seat(p)]) for p in value}
    return [f"player {p} should hold {n} cards, holds {held[p]}" for p, n in value.items() if held[p] != n]


def _best(got: Outcome, value: Any) -> list[str]:
    worth = {p: best_assembly(got.after.collected[seat(p)]).points for p in value}
    return [f"player {p}'s shells should be worth {points}, are worth {worth[p]}"
            for p, points in value.items() if worth[p] != points]


def _home(got: Outcome, value: Any) -> list[str]:
    problems = []
    for p, name in value.items():
        s = seat(p)
        want = place_beside(got.after.sides[s], name)
        if got.after.homes[s] != want or s in got.after.placing:
            problems.append(f"player {p}'s start tile should lie beside {name}")
    return problems


def _open(got: Outcome, value: Any) -> list[str]:
    return [f"the lower tile at {name} should be face up" for name in value
            if not got.after.lower_open[cell_index(name)]]


expect = expectations("aqua_fest", {
    "collected": _collected, "pawn": _pawn, "turn": _turn, "hand_count": _hand_count, "best": _best, "open": _open,
    "home": _home,
})


def _name(i: int) -> str:
    r, c = B.coords(i)
    return f"{'ABCDE'[c]}{r + 1}"


# events that settle where pawns and fragments go (the others deal cards or pass the turn)
DECIDING = {"aqua_fest.battle_revealed", "aqua_fest.battle_tied", "aqua_fest.battle_won", "aqua_fest.went_home",
            "aqua_fest.moved", "aqua_fest.collected", "aqua_fest.empty_seabed", "aqua_fest.start_tile_kept",
            "aqua_fest.tile_turned", "aqua_fest.start_placed"}


def deciding(after: State, events: Iterable[Event], want: dict[str, Any]) -> list[Any]:
    """The events (and score breakdowns) an expectation is about: those naming its players. A quiz
    shows them as the "why not" of a wrong answer (tutor.core.quiz.why_not)."""
    players: set[Optional[int]] = set()
    scores: set[int] = set()
    shells: set[int] = set()
    for key, value in want.items():
        if key in ("pawn", "collected", "hand_count", "home"):
            players.update(seat(p) for p in value)
        elif key == "scores":
            scores.update(seat(p) for p in value)
        elif key == "best":               # the shells alone, without the bonus token
            shells.update(seat(p) for p in value)
        elif key == "turn":
            players.add(seat(value))
        elif key == "winners":
            scores.update(seat(p) for p in value)
    out: list[Any] = [e for e in events if e.kind in DECIDING
           and {e.data.get("player"), e.data.get("target"), e.data.get("loser")} & players]
    out += scored("aqua_fest", after, scores)
    out += [dataclasses.replace(breakdown(after.collected[s], 0, s), total_key="aqua_fest.score.shells_total")
            for s in sorted(shells)]
    return out


ADAPTER = LessonAdapter(setup=setup, actions=actions, expect=expect, highlight=highlight, deciding=deciding)
