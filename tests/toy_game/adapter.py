"""Tides in lesson files: setup {players, seed, hands {player: [cards]}}, do {lay {player: card}},
expect {took {player: [cards]}} plus every game's scores, winners, events and over."""

from tutor.core.game import LessonAdapter
from tutor.core.scenario import expectations, highlight, per_player, seat  # noqa: F401  (highlight: the adapter's)
from toy_game.rules import Lay, setup as _setup


def setup(spec: dict):
    spec = dict(spec)
    players = spec.pop("players")
    hands = per_player(spec.pop("hands"), players) if "hands" in spec else None
    state = _setup(players, seed=spec.pop("seed", None), hands=hands)
    if spec:
        raise ValueError(f"unknown setup key '{sorted(spec)[0]}'")
    return state


def actions(do: dict, state) -> list:
    out = []
    for key, value in (do or {}).items():
        if key != "lay":
            raise ValueError(f"unknown action '{key}'")
        out += [Lay(seat(p), int(card)) for p, card in value.items()]
    return out


def _took(got, value):
    have = {s + 1: list(t) for s, t in enumerate(got.after.taken)}
    return [f"player {p} should have taken {cards}, has {have[int(p)]}" for p, cards in value.items()
            if have[int(p)] != sorted(cards)]


expect = expectations("tides", {"took": _took})

ADAPTER = LessonAdapter(setup=setup, actions=actions, expect=expect, highlight=highlight)
