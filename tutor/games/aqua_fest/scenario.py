"""Aqua Fest in scenario files: players counted from 1, cells named A1..E5 (column letter, row; row 1 north).

setup:  players, seed, first (player), sides [..], homes {player: 1..5}, place_starts (true: begin by
        laying the start tiles in turn),
        upper {cell: tile id}, lower {cell: tile id}, empty [cells with no tiles at all] — every other
        cell is filled from the remaining tiles in seeded order;
        pawns {player: cell}, hands {player: [card ids]}, deck [card ids] (the rest are in the discard),
        collected {player: [tile ids]}
do:     a list of {place: {player, beside: cell on their side}}, {move: {player, card, to}}, {attack: {player, target, card}}, {defend: {player, card}},
        {end_turn: player}, {draw_two: {player, home}}
expect: collected {player: [ids]}, pawn {player: cell|home}, turn player, hand_count {player: n},
        scores {player: total}, winners [players], open [cells whose lower tile is face up], over,
        events [kinds], best {player: points of the best assembly}
"""

from __future__ import annotations

from tutor.core import rng
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State, setup as _setup
from tutor.games.aqua_fest.scoring import breakdown, score, winners
from tutor.games.aqua_fest.shells import best_assembly


def seat(player):
    return None if player is None else int(player) - 1


def cell_index(name: str) -> int:
    name = str(name).strip().upper()
    if len(name) != 2 or name[0] not in "ABCDE" or name[1] not in "12345":
        raise ValueError(f"{name!r} is not a cell (A1..E5)")
    return B.cell(int(name[1]) - 1, "ABCDE".index(name[0]))


def _per_player(mapping, players, default):
    mapping = mapping or {}
    return [mapping.get(p, mapping.get(str(p), default)) for p in range(1, players + 1)]


def setup(spec: dict) -> State:
    spec = dict(spec)
    players = spec.pop("players")
    seed = spec.pop("seed", 0)
    kwargs = {"seed": seed}
    if "place_starts" in spec:
        kwargs["place_starts"] = bool(spec.pop("place_starts"))
    if "first" in spec:
        kwargs["first"] = seat(spec.pop("first"))
    if "sides" in spec:
        kwargs["sides"] = spec.pop("sides")
    if "homes" in spec:
        kwargs["homes"] = [int(h) - 1 for h in _per_player(spec.pop("homes"), players, 3)]
    collected = [list(c) for c in _per_player(spec.pop("collected", None), players, [])]
    kwargs["collected"] = collected
    upper = {cell_index(k): v for k, v in (spec.pop("upper", None) or {}).items()}
    lower = {cell_index(k): v for k, v in (spec.pop("lower", None) or {}).items()}
    empty = {cell_index(k) for k in spec.pop("empty", None) or []}
    if upper or lower or empty:
        used = set(upper.values()) | set(lower.values()) | {t for c in collected for t in c}
        rest, _ = rng.shuffled(rng.seed_value(seed), [t for t in C.ALL_TILES if t not in used])
        rest = list(rest)
        up, low = [None] * 25, [None] * 25
        for i in range(25):          # the lower layer first, so no upper tile floats over nothing
            if i not in empty:
                low[i] = lower.get(i) or (rest.pop() if rest else None)
        pawn_cells = {cell_index(c) for c in (spec.get("pawns") or {}).values() if c not in (None, "home")}
        # cells under a pawn are filled first, so a fragment (never a coral) is still left for them
        for i in sorted(range(25), key=lambda i: i not in pawn_cells):
            if i in empty or low[i] is None or (i in lower and i not in upper):
                continue             # an explicit lower tile with no upper one named shows face up
            up[i] = upper.get(i) or (_pop_fragment(rest) if i in pawn_cells else rest.pop() if rest else None)
        if rest:
            raise ValueError(f"{len(rest)} tiles have no place; name fewer empty cells")
        kwargs["upper"], kwargs["lower"] = up, low
    if "pawns" in spec:
        kwargs["pawns"] = [None if c in (None, "home") else B.coords(cell_index(c))
                           for c in _per_player(spec.pop("pawns"), players, None)]
    if "hands" in spec:
        kwargs["hands"] = [tuple(h) for h in _per_player(spec.pop("hands"), players, [])]
        kwargs["deck"] = tuple(spec.pop("deck", ()))
    if spec:
        raise ValueError(f"unknown setup key '{sorted(spec)[0]}'")
    return _setup(players, **kwargs)


def _pop_fragment(rest: list):
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


def actions(do, state: State) -> list:
    out = []
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


def highlight(items) -> tuple:
    out = []
    for item in items or []:
        kind, _, arg = str(item).partition(":")
        if kind == "player":
            out.append(f"seat:{seat(arg)}")
        elif kind == "cell":
            out.append(f"cell:{cell_index(arg)}")
        else:
            out.append(str(item))
    return tuple(out)


def expect(before: State, after: State, events, want: dict) -> list[str]:
    problems = []
    for key, value in want.items():
        if key == "collected":
            for p, ids in value.items():
                got = list(after.collected[seat(p)])
                if sorted(got) != sorted(ids):
                    problems.append(f"player {p} should hold {sorted(ids)}, holds {sorted(got)}")
        elif key == "pawn":
            for p, where in value.items():
                got = after.pawns[seat(p)]
                want_cell = None if where == "home" else cell_index(where)
                if got != want_cell:
                    problems.append(f"player {p}'s pawn should be at {where}, is at "
                                    f"{'home' if got is None else _name(got)}")
        elif key == "turn":
            if after.turn != seat(value):
                problems.append(f"it should be player {value}'s turn, is player {after.turn + 1}'s")
        elif key == "hand_count":
            for p, n in value.items():
                if len(after.hands[seat(p)]) != n:
                    problems.append(f"player {p} should hold {n} cards, holds {len(after.hands[seat(p)])}")
        elif key == "scores":
            totals = {b.player + 1: b.total for b in score(after)}
            for p, total in value.items():
                if totals[int(p)] != total:
                    problems.append(f"player {p} should score {total}, scores {totals[int(p)]}")
        elif key == "best":
            for p, points in value.items():
                got = best_assembly(after.collected[seat(p)]).points
                if got != points:
                    problems.append(f"player {p}'s shells should be worth {points}, are worth {got}")
        elif key == "winners":
            got = sorted(s + 1 for s in winners(after))
            if got != sorted(value):
                problems.append(f"winners should be {sorted(value)}, are {got}")
        elif key == "open":
            for name in value:
                if not after.lower_open[cell_index(name)]:
                    problems.append(f"the lower tile at {name} should be face up")
        elif key == "over":
            if after.over != bool(value):
                problems.append(f"the game should {'be over' if value else 'go on'}")
        elif key == "events":
            kinds = [e.kind.split(".", 1)[1] for e in events]
            for kind in value:
                if kind not in kinds:
                    problems.append(f"event '{kind}' should happen; happened: {kinds}")
        else:
            problems.append(f"unknown expectation '{key}'")
    return problems


def _name(i: int) -> str:
    r, c = B.coords(i)
    return f"{'ABCDE'[c]}{r + 1}"


# events that settle where pawns and fragments go (the others deal cards or pass the turn)
DECIDING = {"aqua_fest.battle_revealed", "aqua_fest.battle_tied", "aqua_fest.battle_won", "aqua_fest.went_home",
            "aqua_fest.moved", "aqua_fest.collected", "aqua_fest.empty_seabed", "aqua_fest.start_tile_kept",
            "aqua_fest.tile_turned"}


def deciding(after: State, events, want: dict) -> list:
    """The events (and score breakdowns) an expectation is about: those naming its players. A quiz
    shows them as the "why not" of a wrong answer (tutor.core.quiz.why_not)."""
    players, scored, shells = set(), set(), set()
    for key, value in want.items():
        if key in ("pawn", "collected", "hand_count"):
            players.update(seat(p) for p in value)
        elif key == "scores":
            scored.update(seat(p) for p in value)
        elif key == "best":               # the shells alone, without the bonus token
            shells.update(seat(p) for p in value)
        elif key == "turn":
            players.add(seat(value))
        elif key == "winners":
            scored.update(seat(p) for p in value)
    out = [e for e in events if e.kind in DECIDING
           and {e.data.get("player"), e.data.get("target"), e.data.get("loser")} & players]
    out += [b for b in score(after) if b.player in scored]
    out += [breakdown(after.collected[s], 0, s) for s in sorted(shells)]
    return out
