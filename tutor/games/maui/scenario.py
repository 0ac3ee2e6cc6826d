"""Мяури in scenario files: setup, actions and expectations written with players counted from 1.

setup:  players, seed, variant, kiti (player nearest Kiti's right hand), youngest, lagoon
        ({deep|middle|shallow: id or [ids]}), deck, removed, hands ({player: [numbers]}),
        piles ({player: [ids]}), round, boxed
do:     {dive: {player: card, ...}}  and/or  {jellyfish: {player: keep|discard}}
expect: catch {player: id or [ids]}, empty_handed [players], kiti player, round n,
        piles {player: [ids]}, pile_top {player: id|null}, lagoon {depth: id or [ids]}, face_down depth|null,
        offer [players], boxed_has [ids]; and every game's scores, winners, events, over
        (tutor.core.scenario.expectations)
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from tutor.core.events import Event
from tutor.core.game import LessonAdapter, Stage

from tutor.core.scenario import Outcome, expectations, highlight, per_player, scored, seat  # noqa: F401  (the adapter's)
from tutor.games.maui import components as C
from tutor.games.maui.rules import Action, Dive, Jellyfish, State, setup as _setup, setup_stages as _setup_stages


def setup(spec: dict[str, Any]) -> State:
    players, kwargs = _setup_args(spec)
    return _setup(players, **kwargs)


def setup_stages(spec: dict[str, Any]) -> list[Stage]:
    """The setup laid out in steps (seated, Kiti, lagoon): see rules.setup_stages."""
    players, kwargs = _setup_args(spec)
    return list(_setup_stages(players, **kwargs))


def _setup_args(spec: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    spec = dict(spec)
    players = spec.pop("players")
    kwargs: dict[str, Any] = {}
    for key in ("seed", "variant", "lagoon", "deck", "removed", "round", "boxed"):
        if key in spec:
            kwargs[key] = spec.pop(key)
    for key in ("kiti", "youngest"):
        if key in spec:
            kwargs[key] = seat(spec.pop(key))
    if "hands" in spec:
        kwargs["hands"] = per_player(spec.pop("hands"), players)
    if "piles" in spec:
        kwargs["piles"] = per_player(spec.pop("piles"), players, [])
    if "last" in spec:
        kwargs["last"] = [None if c is None else int(c) for c in per_player(spec.pop("last"), players)]
    if spec:
        raise ValueError(f"unknown setup key '{sorted(spec)[0]}'")
    return players, kwargs


def actions(do: Optional[dict[str, Any]], state: State) -> list[Action]:
    out: list[Action] = []
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


def _ids(x: Any) -> list[Any]:
    return [x] if isinstance(x, str) else list(x or [])


def _caught(events: Iterable[Event]) -> dict[int, Any]:
    return {e.data["player"] + 1: e.data["cards"] for e in events if e.kind == "maui.catch"}


def _catch(got: Outcome, value: Any) -> list[str]:
    caught = _caught(got.events)
    return [f"player {p} should catch {_ids(ids)}, caught {caught.get(int(p)) or 'nothing'}"
            for p, ids in value.items() if caught.get(int(p)) != _ids(ids)]


def _empty_handed(got: Outcome, value: Any) -> list[str]:
    caught = _caught(got.events)
    return [f"player {p} should catch nothing, caught {caught[int(p)]}" for p in value if int(p) in caught]


def _kiti(got: Outcome, value: Any) -> list[str]:
    kiti = None if got.after.kiti is None else got.after.kiti + 1
    return [] if kiti == value else [f"Kiti's right hand should point to player {value}, points to {kiti}"]


def _round(got: Outcome, value: Any) -> list[str]:
    return [] if got.after.round == value else [f"round should be {value}, is {got.after.round}"]


def _piles(got: Outcome, value: Any) -> list[str]:
    piles = got.after.piles
    return [f"player {p}'s pile should be {_ids(ids)}, is {list(piles[int(p) - 1])}"
            for p, ids in value.items() if list(piles[int(p) - 1]) != _ids(ids)]


def _pile_top(got: Outcome, value: Any) -> list[str]:
    tops = [pile[-1] if pile else None for pile in got.after.piles]
    return [f"player {p}'s pile top should be {top}, is {tops[int(p) - 1]}"
            for p, top in value.items() if tops[int(p) - 1] != top]


def _lagoon(got: Outcome, value: Any) -> list[str]:
    cells = {depth: list(got.after.lagoon[C.DEPTHS.index(depth)]) for depth in value}
    return [f"{depth} should hold {_ids(ids)}, holds {cells[depth]}"
            for depth, ids in value.items() if cells[depth] != _ids(ids)]


def _face_down(got: Outcome, value: Any) -> list[str]:
    cells = [C.DEPTHS[c] for c, _ in got.after.face_down]
    want = [] if value is None else [value] if isinstance(value, str) else list(value)
    return [] if sorted(cells) == sorted(want) else [f"the face-down cell should be {value}, is {cells}"]


def _offer(got: Outcome, value: Any) -> list[str]:
    offered = [s + 1 for s in got.after.pending]
    return [] if offered == list(value) else [f"the jellyfish offer should go to {list(value)}, goes to {offered}"]


def _boxed_has(got: Outcome, value: Any) -> list[str]:
    missing = [c for c in _ids(value) if c not in got.after.boxed]
    return [f"{missing} should be back in the box"] if missing else []


def _disputes(got: Outcome, value: Any) -> list[str]:
    """How many ties Kiti settled (or, without her, left empty-handed): a task taught before ties asks for none, so a
    tie that happened to go the learner's way is no answer (a reader was told "Well done!" for one, stop 46)."""
    ties = sum(1 for e in got.events if e.kind in ("maui.dispute", "maui.tie_no_catch"))
    return [] if ties == int(value) else [f"{ties} tie(s) were settled, {value} expected"]


expect = expectations("maui", {
    "catch": _catch, "empty_handed": _empty_handed, "kiti": _kiti, "round": _round, "piles": _piles,
    "pile_top": _pile_top, "lagoon": _lagoon, "face_down": _face_down, "offer": _offer, "boxed_has": _boxed_has,
    "disputes": _disputes,
})


# events that settle who gets what (the others only lay cards down or tidy up)
DECIDING = {"maui.dispute", "maui.tie_no_catch", "maui.catch", "maui.empty_handed", "maui.seagull_ate",
            "maui.seagull_hungry", "maui.jellyfish_offer", "maui.jellyfish_discarded", "maui.jellyfish_kept",
            "maui.kiti_moved"}


def deciding(after: State, events: Iterable[Event], want: dict[str, Any]) -> list[Any]:
    """The events (and score breakdowns) an expectation is about: those naming its players or cards.
    A quiz shows them as the "why not" of a wrong answer (tutor.core.quiz.why_not)."""
    players: set[Optional[int]] = set()
    cards: set[Any] = set()
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
    out: list[Any] = []
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
    return out + scored("maui", after, (seat(p) for p in want.get("scores", {})))


ADAPTER = LessonAdapter(setup=setup, actions=actions, expect=expect, highlight=highlight, setup_stages=setup_stages, deciding=deciding)
