"""Мяури in scenario files: setup, actions and expectations written with players counted from 1.

setup:  players, seed, variant, kiti (player nearest Kiti's right hand), youngest, lagoon
        ({deep|middle|shallow: id or [ids]}), deck, removed, hands ({player: [numbers]}),
        piles ({player: [ids]}), round, boxed
do:     {dive: {player: card, ...}}  and/or  {jellyfish: {player: keep|discard}}
expect: catch {player: id or [ids]}, empty_handed [players], kiti player, round n,
        piles {player: [ids]}, pile_top {player: id|null}, scores {player: total}, winners [players],
        lagoon {depth: id or [ids]}, face_down depth|null, offer [players], boxed_has [ids],
        events [kinds that must occur], over true|false
"""

from __future__ import annotations

from tutor.games.maui import components as C
from tutor.games.maui.rules import Dive, Jellyfish, State, setup as _setup, setup_stages as _setup_stages
from tutor.games.maui.scoring import score, winners


def seat(player):
    return None if player is None else int(player) - 1


def setup(spec: dict) -> State:
    players, kwargs = _setup_args(spec)
    return _setup(players, **kwargs)


def setup_stages(spec: dict) -> list:
    """The setup laid out in steps (seated, Kiti, lagoon): see rules.setup_stages."""
    players, kwargs = _setup_args(spec)
    return _setup_stages(players, **kwargs)


def _setup_args(spec: dict) -> tuple:
    spec = dict(spec)
    players = spec.pop("players")
    kwargs = {}
    for key in ("seed", "variant", "lagoon", "deck", "removed", "round", "boxed"):
        if key in spec:
            kwargs[key] = spec.pop(key)
    for key in ("kiti", "youngest"):
        if key in spec:
            kwargs[key] = seat(spec.pop(key))
    if "hands" in spec:
        hands = spec.pop("hands")
        kwargs["hands"] = [hands.get(p, hands.get(str(p))) for p in range(1, players + 1)]
    if "piles" in spec:
        piles = spec.pop("piles")
        kwargs["piles"] = [piles.get(p, piles.get(str(p), [])) for p in range(1, players + 1)]
    if spec:
        raise ValueError(f"unknown setup key '{sorted(spec)[0]}'")
    return players, kwargs


def actions(do: dict, state: State) -> list:
    out = []
    for key, value in (do or {}).items():
        if key == "dive":
            out += [Dive(seat(p), int(card)) for p, card in value.items()]
        elif key == "jellyfish":
            for p, answer in value.items():
                if answer not in ("keep", "discard"):
                    raise ValueError("jellyfish answers are 'keep' or 'discard'")
                out.append(Jellyfish(seat(p), answer == "discard"))
        else:
            raise ValueError(f"unknown action '{key}'")
    return out


def highlight(items) -> tuple:
    """Scenario highlights use player numbers ("player:2"); the renderer wants seats ("seat:1")."""
    out = []
    for item in items or []:
        kind, _, arg = str(item).partition(":")
        out.append(f"seat:{seat(arg)}" if kind == "player" else str(item))
    return tuple(out)


def _ids(x) -> list:
    return [x] if isinstance(x, str) else list(x or [])


def expect(before: State, after: State, events, want: dict) -> list[str]:
    problems = []
    caught = {}
    for e in events:
        if e.kind == "maui.catch":
            caught[e.data["player"] + 1] = e.data["cards"]
    for key, value in want.items():
        if key == "catch":
            for p, ids in value.items():
                got = caught.get(int(p))
                if got != _ids(ids):
                    problems.append(f"player {p} should catch {_ids(ids)}, caught {got or 'nothing'}")
        elif key == "empty_handed":
            for p in value:
                if int(p) in caught:
                    problems.append(f"player {p} should catch nothing, caught {caught[int(p)]}")
        elif key == "kiti":
            got = None if after.kiti is None else after.kiti + 1
            if got != value:
                problems.append(f"Kiti's right hand should point to player {value}, points to {got}")
        elif key == "round":
            if after.round != value:
                problems.append(f"round should be {value}, is {after.round}")
        elif key == "piles":
            for p, ids in value.items():
                if list(after.piles[int(p) - 1]) != _ids(ids):
                    problems.append(f"player {p}'s pile should be {_ids(ids)}, is {list(after.piles[int(p) - 1])}")
        elif key == "pile_top":
            for p, top in value.items():
                pile = after.piles[int(p) - 1]
                got = pile[-1] if pile else None
                if got != top:
                    problems.append(f"player {p}'s pile top should be {top}, is {got}")
        elif key == "scores":
            totals = {b.player + 1: b.total for b in score(after)}
            for p, total in value.items():
                if totals[int(p)] != total:
                    problems.append(f"player {p} should score {total}, scores {totals[int(p)]}")
        elif key == "winners":
            got = [s + 1 for s in winners(after)]
            if sorted(got) != sorted(value):
                problems.append(f"winners should be {sorted(value)}, are {got}")
        elif key == "lagoon":
            for depth, ids in value.items():
                got = list(after.lagoon[C.DEPTHS.index(depth)])
                if got != _ids(ids):
                    problems.append(f"{depth} should hold {_ids(ids)}, holds {got}")
        elif key == "face_down":
            got = [C.DEPTHS[c] for c, _ in after.face_down]
            want_cells = [] if value is None else [value] if isinstance(value, str) else list(value)
            if sorted(got) != sorted(want_cells):
                problems.append(f"the face-down cell should be {value}, is {got}")
        elif key == "offer":
            got = [s + 1 for s in after.pending]
            if got != list(value):
                problems.append(f"the jellyfish offer should go to {list(value)}, goes to {got}")
        elif key == "boxed_has":
            missing = [c for c in _ids(value) if c not in after.boxed]
            if missing:
                problems.append(f"{missing} should be back in the box")
        elif key == "events":
            kinds = [e.kind.split(".", 1)[1] for e in events]
            for kind in value:
                if kind not in kinds:
                    problems.append(f"event '{kind}' should happen; happened: {kinds}")
        elif key == "over":
            if after.over != bool(value):
                problems.append(f"the game should {'be over' if value else 'go on'}")
        else:
            problems.append(f"unknown expectation '{key}'")
    return problems


# events that settle who gets what (the others only lay cards down or tidy up)
DECIDING = {"maui.dispute", "maui.tie_no_catch", "maui.catch", "maui.empty_handed", "maui.seagull_ate",
            "maui.seagull_hungry", "maui.jellyfish_offer", "maui.jellyfish_discarded", "maui.jellyfish_kept",
            "maui.kiti_moved"}


def deciding(after: State, events, want: dict) -> list:
    """The events (and score breakdowns) an expectation is about: those naming its players or cards.
    A quiz shows them as the "why not" of a wrong answer (tutor.core.quiz.why_not)."""
    players, cards, scored = set(), set(), set()
    for key, value in want.items():
        if key in ("catch", "pile_top", "piles"):
            for p, ids in value.items():
                players.add(seat(p))
                cards.update(_ids(ids))
        elif key in ("empty_handed", "offer", "winners"):
            players.update(seat(p) for p in value)
        elif key in ("boxed_has",):
            cards.update(_ids(value))
        elif key == "lagoon":
            for ids in value.values():
                cards.update(_ids(ids))
        elif key == "scores":
            scored.update(seat(p) for p in value)
    out = []
    for e in events:
        if e.kind not in DECIDING:
            continue
        d = e.data
        named = {d.get("player")} | set(d.get("players") or ())
        held = set(d.get("cards") or ()) | {d.get("seagull"), d.get("card") if isinstance(d.get("card"), str) else None}
        if e.kind == "maui.kiti_moved":       # it names the seat she points to, not a diver
            if "kiti" in want:
                out.append(e)
        elif named & players or held & cards:
            out.append(e)
    out += [b for b in score(after) if b.player in scored]
    return out
