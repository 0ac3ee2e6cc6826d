"""A position a game cannot set up, and a saved position that breaks a game's invariants, are refused in the reader's
language: the whole sentence comes from the catalogue (no English problem inside a Russian or Ukrainian one), and it
names what is wrong. The shared checks (tutor.core.setup_check) refuse alike in every game."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tutor.core.errors import RuleViolation, SavedStateError
from tutor.core.game import spec
from tutor.core.setup_check import SetupRefused, check_setup
from tutor.core.wording import Words
from tutor.widgets.common import friendly

GAMES = ("maui", "aqua_fest", "sea_salt_paper", "trump_whales", "isle_of_cats")

# a Latin word of 3 letters or more, once quoted ids ('zz', «x») are left out: an English word in a page that is not
_QUOTED = re.compile(r"'[^']*'|«[^»]*»")
_LATIN = re.compile(r"[A-Za-z]{3,}")


def _english_in(text: str) -> list[str]:
    return _LATIN.findall(_QUOTED.sub("", text))


def _other_langs(game: str) -> list[str]:
    langs = [lang for lang in spec(game).lesson_langs if lang != "en"]
    assert langs, f"{game} is taught only in English?"
    return langs


def _module(game: str):
    import importlib
    return importlib.import_module(f"tutor.games.{game}.rules")


# (game, setup keyword arguments, a piece of the English reason that names what is wrong)
BAD_SETUPS = [
    ("trump_whales", {"players": 4, "first": 7}, "seat 7 is not at the table"),
    ("trump_whales", {"players": 5}, "2 to 4 players, not 5"),
    ("trump_whales", {"players": 4, "variant": "zz"}, "'zz' is not one"),
    ("trump_whales", {"players": 2, "trump": "orca", "token": 3, "hands": [[], []], "bonuses": [[], []]},
     "sides up: 1, 9"),
    ("trump_whales", {"players": 2, "trump": "orca", "token": 1, "hands": [["orca-1"], ["orca-1"]],
                      "bonuses": [[], []]}, "Orca 1 is used twice"),
    ("trump_whales", {"players": 2, "scores": [3]}, "1 given, where one per player is needed (2)"),
    ("isle_of_cats", {"players": 2, "first": 3}, "seat 3 is not at the table"),
    ("isle_of_cats", {"players": 2, "ship": 9}, "day space from 1 to 5"),
    ("isle_of_cats", {"players": 2, "boats": ["blue", "blue"]}, "a boat of their own"),
    ("isle_of_cats", {"players": 2, "kept": [["x"], ["y"]]}, "keeps 2 family cards"),
    ("sea_salt_paper", {"players": 2, "first": 2}, "seat 2 is not at the table"),
    ("sea_salt_paper", {"players": 2, "discards": [[]]}, "exactly two discard piles"),
    ("sea_salt_paper", {"players": 2, "hands": [["zz"], []]}, "no card 'zz'"),
    ("maui", {"players": 3, "kiti": 9}, "seat 9"),
    ("maui", {"players": 3, "round": 3}, "after round 1 needs the dive cards"),
    ("maui", {"players": 3, "lagoon": {"abyss": ()}}, "no depth 'abyss'"),
    ("maui", {"players": 7}, "3 to 6 players, not 7"),
    ("aqua_fest", {"players": 2, "first": 5}, "seat 5 is not at the table"),
    ("aqua_fest", {"players": 2, "sides": ["south", "south"]}, "a side of their own"),
    ("aqua_fest", {"players": 2, "pawns": [[0, 0], [0, 0]]}, "two pawns stand on one cell"),
]


@pytest.mark.parametrize("game,kwargs,names", BAD_SETUPS, ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(BAD_SETUPS)])
def test_a_bad_setup_is_refused_naming_what_is_wrong_in_every_lesson_language(game, kwargs, names):
    kwargs = dict(kwargs)
    with pytest.raises(RuleViolation) as info:
        _module(game).setup(kwargs.pop("players"), **kwargs)
    exc = info.value
    assert isinstance(exc, SetupRefused), f"{game}: {type(exc).__name__} {exc}"
    assert names in exc.reason("en"), exc.reason("en")
    assert exc.rule.startswith(game + ":"), exc.rule
    for lang in _other_langs(game):
        said = exc.reason(lang)
        assert said != exc.reason("en")
        assert not _english_in(said), f"{game}/{lang}: English inside «{said}»"
        shown = friendly(exc, lang)          # what the page shows: the reason and the rule it breaks
        assert said in shown and not _english_in(shown.replace(said, "")), shown


def test_the_issue_example_is_said_in_russian():
    """«Такую позицию нельзя разложить: seat 7 is not at the table.» was the Russian page's text."""
    from tutor.games.trump_whales import rules
    with pytest.raises(RuleViolation) as info:
        rules.setup(4, first=7)
    said = info.value.reason("ru")
    assert said.startswith("Такую позицию нельзя разложить: ") and "7" in said and "от 0 до 3" in said, said
    assert not _english_in(said), said


def test_the_shared_check_refuses_what_every_game_refuses():
    seats = range(2, 5)
    rule = "maui:setup"
    assert check_setup(3, seats, "open", ("open", "closed"), rule=rule) == ("open",)
    assert check_setup(2, seats, (), (), first=1, rule=rule) == ()
    for players in (1, 5, "3", 3.0, True):
        with pytest.raises(SetupRefused) as info:
            check_setup(players, seats, rule=rule)
        assert info.value.key == "core.setup.players" and str(players) in info.value.reason("en")
    with pytest.raises(SetupRefused, match="the variants are: open, closed"):
        check_setup(3, seats, ["open", "wide"], ("open", "closed"), rule=rule)
    with pytest.raises(SetupRefused, match="no variants"):
        check_setup(3, seats, "wide", rule=rule)
    for first in (-1, 3, True, "0"):
        with pytest.raises(SetupRefused) as info:
            check_setup(3, seats, first=first, rule=rule)
        assert f"seat {first} is not at the table" in info.value.reason("en")
        assert f"места {first} за столом нет" in info.value.reason("ru")
        assert f"місця {first} за столом немає" in info.value.reason("uk")


def _broken(game: str):
    """A position of each game with one thing wrong that its invariants catch, and the key that says it."""
    rules = _module(game)
    if game == "maui":
        return replace(rules.setup(3, seed=1), round=3), "maui.invariant.used"
    if game == "aqua_fest":
        return replace(rules.setup(2, seed=1), moves=3), "aqua_fest.invariant.moves"
    if game == "sea_salt_paper":
        s = rules.setup(2, seed=1)
        return replace(s, deck=s.deck[1:], zones=((s.deck[0],), ())), "sea_salt_paper.invariant.zone_odd"
    if game == "trump_whales":
        s = rules.setup(3, seed=1)
        return replace(s, scores=(-1, 0, 0)), "trump_whales.invariant.scores"
    s = rules.setup(2, seed=1)
    return replace(s, ship=0), "isle_of_cats.invariant.ship"


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_position_is_told_in_the_lesson_language(game):
    state, key = _broken(game)
    import importlib
    problems = importlib.import_module(f"tutor.games.{game}.checks").check_invariants(state)
    assert [p.key for p in problems if isinstance(p, Words)][:1] == [key], [str(p) for p in problems]
    assert all(isinstance(p, Words) for p in problems), [p for p in problems if not isinstance(p, Words)]
    for lang in _other_langs(game):
        for p in problems:
            assert not _english_in(p.said(lang)), f"{game}/{lang}: English inside «{p.said(lang)}»"


def test_a_pasted_position_breaking_an_invariant_is_refused_in_ukrainian():
    from tutor.games.sea_salt_paper import codec
    state, _ = _broken("sea_salt_paper")
    with pytest.raises(SavedStateError) as info:
        codec.state_from_json(codec.to_json(state))
    said = friendly(info.value, "uk")
    assert said.startswith("Цю збережену позицію не можна завантажити: Гравець 1: у зоні непарна"), said
    assert "odd number" in str(info.value)
