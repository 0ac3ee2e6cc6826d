"""Козырные киты in lesson files: setup, actions and expectations written with players counted from 1.

setup:  players, seed, first (player), trump (orca, narwhal, blue_whale, sperm_whale), token (1 or 9),
        hands {player: [ids]}, bonuses {player: [ids]}, pearls {player: [ids]}, trick [ids, in play order],
        leader (player), discard [ids, bottom -> top], aside [ids], scores {player: total}, round, tricks
        (see rules.setup: hands with bonuses start mid-round; hands alone start the first-bonus choice; nothing
        given deals a round)
do:     a mapping (or a list of mappings, applied in order) of one or more of:
        choose_bonus: {player: card} | use_bonus: {player: card or [cards]} | play: {player: card} |
        pick: {player: card} | choose_leader: {player: leader}
expect: trump family, token side, turn player, leader player, phase name, trick [ids], pearls {player: pile size},
        bonuses {player: [ids]}, hands {player: [ids]}, round n, round_points {player: points of the last scored
        round}, points {player: this round's points so far}; and every game's scores, winners, events, over
        (tutor.core.scenario.expectations)
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from tutor.core.game import LessonAdapter, Stage

from tutor.core.scenario import Outcome, expectations, per_player, seat
from tutor.core.scenario import highlight as _highlight
from tutor.games.trump_whales.rules import (
    Action, ChooseBonus, ChooseLeader, Pick, PlayCard, State, UseBonus, round_points, setup as _setup,
    setup_stages as _setup_stages,
)

Check = Callable[[Outcome, Any], list[str]]     # an expectation: (outcome, the step's value) -> problems


def setup(spec: dict[str, Any]) -> State:
    players, kwargs = _setup_args(spec)
    return _setup(players, **kwargs)


def setup_stages(spec: dict[str, Any]) -> list[Stage]:
    """The setup laid out in steps: "trump" (the trump drawn, nothing dealt), then "done" (dealt); a position
    given with hands is one stage (see rules.setup_stages)."""
    players, kwargs = _setup_args(spec)
    return list(_setup_stages(players, **kwargs))


def _setup_args(spec: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    spec = dict(spec)
    players = spec.pop("players")
    kwargs: dict[str, Any] = {}
    for key in ("seed", "round", "trump", "token", "trick", "discard", "aside", "tricks"):
        if key in spec:
            kwargs[key] = spec.pop(key)
    for key in ("first", "leader"):
        if key in spec:
            kwargs[key] = seat(spec.pop(key))
    for key in ("hands", "bonuses", "pearls"):
        if key in spec:
            kwargs[key] = per_player(spec.pop(key), players, [])
    if "scores" in spec:
        kwargs["scores"] = per_player(spec.pop("scores"), players, 0)
    if spec:
        raise ValueError(f"unknown setup key '{sorted(spec)[0]}'")
    return players, kwargs


_CARD_ACTIONS: dict[str, Callable[[int, str], Action]] = {"choose_bonus": ChooseBonus, "play": PlayCard, "pick": Pick}


def actions(do: Any, state: State) -> list[Action]:
    """The actions of a step's `do`: a mapping, or a list of mappings applied in order (the same key twice)."""
    if isinstance(do, list):
        return [a for part in do for a in actions(part, state)]
    if not isinstance(do, dict):
        raise ValueError("'do' is a mapping of actions or a list of them")
    out: list[Action] = []
    for key, value in (do or {}).items():
        if key in _CARD_ACTIONS:
            out += [_CARD_ACTIONS[key](seat(p), c) for p, c in value.items()]
        elif key == "use_bonus":
            for p, cards in value.items():
                out += [UseBonus(seat(p), c) for c in ([cards] if isinstance(cards, str) else cards)]
        elif key == "choose_leader":
            out += [ChooseLeader(seat(p), seat(v)) for p, v in value.items()]
        else:
            raise ValueError(f"unknown action '{key}'")
    return out


def _field(name: str) -> Check:
    def check(got: Outcome, value: Any) -> list[str]:
        have = getattr(got.after, name)
        return [] if have == value else [f"{name} should be {value}, is {have}"]
    return check


def _player(name: str) -> Check:
    def check(got: Outcome, value: Any) -> list[str]:
        have = getattr(got.after, name) + 1
        return [] if have == int(value) else [f"{name} should be player {value}, is player {have}"]
    return check


def highlight(items: Optional[Iterable[object]]) -> tuple[str, ...]:
    """Renderer highlights: "player:2" is "seat:1", "pearls:2" player 2's pearl pile; "trump", "trick",
    "discard", "card:<id>" pass through."""
    return _highlight(items, pearls=seat)


def _per_seat(name: str, measure: Callable[[Any], Any] = sorted) -> Check:
    def check(got: Outcome, value: Any) -> list[str]:
        rows = getattr(got.after, name)
        out: list[str] = []
        for p, want in value.items():
            have = measure(rows[int(p) - 1])
            target = want if measure is len else sorted(want)
            if have != target:
                out.append(f"player {p}'s {name} should be {target}, is {have}")
        return out
    return check


def _round_points(got: Outcome, value: Any) -> list[str]:
    last = got.after.history[-1] if got.after.history else None
    if last is None:
        return ["no round has been scored"]
    return [f"player {p} should score {v} in the round, scored {last[int(p)]}"
            for p, v in value.items() if last[int(p)] != v]


def _points(got: Outcome, value: Any) -> list[str]:
    now = round_points(got.after)
    return [f"player {p} should have {v} points this round, has {now[int(p) - 1]}"
            for p, v in value.items() if now[int(p) - 1] != v]


def _trick(got: Outcome, value: Any) -> list[str]:
    return [] if list(got.after.trick) == list(value) else [f"trick should be {value}, is {list(got.after.trick)}"]


def _event(kind: str, key: str, say: str, convert: Callable[[Any], Any] = lambda v: v) -> Check:
    def check(got: Outcome, value: Any) -> list[str]:
        found = [e.data[key] for e in got.events if e.kind == f"trump_whales.{kind}" or
                 (kind == "picked" and e.kind == "trump_whales.picked_five")]
        if not found:
            return [f"{say} should be {value}, but nothing of the kind happened"]
        have = convert(found[-1])
        return [] if have == value else [f"{say} should be {value}, is {have}"]
    return check


expect = expectations("trump_whales", {
    "trump": _field("trump"), "token": _field("token"), "phase": _field("phase"), "round": _field("round"),
    "turn": _player("turn"), "leader": _player("leader"),
    "trick": _trick, "pearls": _per_seat("pearls", len), "bonuses": _per_seat("bonuses"),
    "hands": _per_seat("hands"), "round_points": _round_points, "points": _points,
    "trick_winner": _event("trick_won", "player", "the trick's winner", lambda s: s + 1),
    "picked": _event("picked", "card", "the reward card"),
    "chooser": _event("five_chooses", "player", "the player who names the next leader", lambda s: s + 1),
})


ADAPTER = LessonAdapter(setup=setup, actions=actions, expect=expect, highlight=highlight, setup_stages=setup_stages)
