"""Every game's action JSON: the format logs and saved games hold (one pinned example per action class, written
as the hand-made to_json methods wrote it before the JSON came from the dataclasses), every action class known to
its game's codec, and the legal actions of a played game reading back as themselves."""

from __future__ import annotations

import importlib
import json
import random
import typing

import pytest

from tutor.core.actions import Action

GAMES = ("maui", "aqua_fest", "sea_salt_paper", "trump_whales", "isle_of_cats")

# (game, class name, constructor arguments, the JSON)
PINNED = [
    ("maui", "Dive", (0, 9), {"type": "dive", "player": 0, "card": 9}),
    ("maui", "Jellyfish", (2, False), {"type": "jellyfish", "player": 2, "discard": False}),
    ("aqua_fest", "PlaceStart", (1, 3), {"type": "place_start", "player": 1, "place": 3}),
    ("aqua_fest", "Move", (0, "c1", 13), {"type": "move", "player": 0, "card": "c1", "to": [2, 3]}),
    ("aqua_fest", "Attack", (0, 2, "c1"), {"type": "attack", "player": 0, "target": 2, "card": "c1"}),
    ("aqua_fest", "Defend", (2, "c2"), {"type": "defend", "player": 2, "card": "c2"}),
    ("aqua_fest", "EndTurn", (1,), {"type": "end_turn", "player": 1}),
    ("aqua_fest", "DrawTwo", (1,), {"type": "draw_two", "player": 1, "home": None}),
    ("aqua_fest", "DrawTwo", (1, 4), {"type": "draw_two", "player": 1, "home": 4}),
    ("sea_salt_paper", "DrawDeck", (0,), {"type": "draw_deck", "player": 0}),
    ("sea_salt_paper", "Keep", (0, "k"), {"type": "keep", "player": 0, "card": "k", "pile": None}),
    ("sea_salt_paper", "Keep", (0, "k", 1), {"type": "keep", "player": 0, "card": "k", "pile": 1}),
    ("sea_salt_paper", "TakeDiscard", (1, 0), {"type": "take_discard", "player": 1, "pile": 0}),
    ("sea_salt_paper", "PlayDuo", (1, "x", "y"), {"type": "duo", "player": 1, "first": "x", "second": "y"}),
    ("sea_salt_paper", "CrabPile", (1, 1), {"type": "crab_pile", "player": 1, "pile": 1}),
    ("sea_salt_paper", "CrabTake", (1, "x"), {"type": "crab_take", "player": 1, "card": "x"}),
    ("sea_salt_paper", "Steal", (1, 0), {"type": "steal", "player": 1, "victim": 0}),
    ("sea_salt_paper", "PlayMermaids", (3,), {"type": "mermaids", "player": 3}),
    ("sea_salt_paper", "EndTurn", (3,), {"type": "end_turn", "player": 3}),
    ("sea_salt_paper", "Stop", (3,), {"type": "stop", "player": 3}),
    ("sea_salt_paper", "LastChance", (3,), {"type": "last_chance", "player": 3}),
    ("trump_whales", "ChooseBonus", (0, "b"), {"type": "choose_bonus", "player": 0, "card": "b"}),
    ("trump_whales", "UseBonus", (0, "b"), {"type": "use_bonus", "player": 0, "card": "b"}),
    ("trump_whales", "PlayCard", (0, "b"), {"type": "play", "player": 0, "card": "b"}),
    ("trump_whales", "Pick", (0, "b"), {"type": "pick", "player": 0, "card": "b"}),
    ("trump_whales", "ChooseLeader", (0, 2), {"type": "choose_leader", "player": 0, "leader": 2}),
    ("isle_of_cats", "KeepCards", (1, ("a", "b")), {"type": "keep", "player": 1, "keep": ["a", "b"]}),
    ("isle_of_cats", "Take", (1, "t"), {"type": "take", "player": 1, "tile": "t"}),
    ("isle_of_cats", "Place", (1, 3, 4, 5), {"type": "place", "player": 1, "orientation": 3, "x": 4, "y": 5}),
    ("isle_of_cats", "TakeTreasure", (1, "domino"), {"type": "treasure", "player": 1, "shape": "domino"}),
    ("isle_of_cats", "Decline", (1,), {"type": "decline", "player": 1}),
    ("isle_of_cats", "Pass", (1,), {"type": "pass", "player": 1}),
]


def _game(name):
    return importlib.import_module(f"tutor.games.{name}")


@pytest.mark.parametrize("game, name, args, written", PINNED, ids=[f"{g}.{n}{a}" for g, n, a, _ in PINNED])
def test_an_actions_json_is_the_saved_format(game, name, args, written):
    rules = importlib.import_module(f"tutor.games.{game}.rules")
    action = getattr(rules, name)(*args)
    assert action.to_json() == written and list(action.to_json()) == list(written), "the JSON or its key order"
    assert _game(game).action_from_json(json.loads(json.dumps(written))) == action


@pytest.mark.parametrize("game", GAMES)
def test_every_action_class_is_an_action_its_codec_reads(game):
    """The union `rules.Action` and the codec's classes are the same set, each an Action with `player` first;
    and every class has a pinned example above (a new action class must say its JSON here)."""
    rules = importlib.import_module(f"tutor.games.{game}.rules")
    codec = importlib.import_module(f"tutor.games.{game}.codec")
    union = set(typing.get_args(rules.Action))
    read = {kind.cls for kind in codec.ACTIONS.kinds.values()}
    assert union == read, f"{game}: rules.Action and the codec's classes differ: {union ^ read}"
    for cls in union:
        assert issubclass(cls, Action) and next(iter(cls.__dataclass_fields__)) == "player", cls
    pinned = {n for g, n, _, _ in PINNED if g == game}
    assert {c.__name__ for c in union} == pinned, f"{game}: pin an example of each action class"


@pytest.mark.parametrize("game", GAMES)
def test_the_legal_actions_of_a_played_game_read_back_as_themselves(game):
    g = _game(game)
    rng = random.Random(7)
    state = g.setup(min(g.SPEC.players), seed=7)
    for _ in range(150):
        actions = [a for p in range(state.players) for a in g.legal_actions(state, p)]
        if not actions:
            break
        for a in actions:
            text = json.dumps(a.to_json())
            assert g.action_from_json(text) == a, text
        state, _ = g.apply(state, rng.choice(actions))


@pytest.mark.parametrize("game", GAMES)
def test_a_field_of_the_wrong_kind_is_refused(game):
    """Each pinned action with its player given as text, and with a field it does not have."""
    g = _game(game)
    for written in (w for gm, _, _, w in PINNED if gm == game):
        for bad in (dict(written, player=str(written["player"])), dict(written, extra=1)):
            with pytest.raises(ValueError):
                g.action_from_json(bad)
