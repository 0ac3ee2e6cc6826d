"""The generic contract, run for every ready game: random full games with every check after every action."""

import json

import pytest

from tutor.core import conformance
from tutor.core.errors import RuleViolation
from tutor.core.game import GameSpec, ready_games, spec

GAMES = ready_games()
# the games are checked in slices, so that parallel test workers share them (one slice per test); every
# seed is still checked, once
SLICES = 8


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return spec(request.param)


def test_the_spec_is_the_whole_contract(game):
    """The spec is a GameSpec whose every engine field is a function, and every legal action names its player."""
    import dataclasses
    assert isinstance(game, GameSpec)
    engine = [f.name for f in dataclasses.fields(GameSpec) if f.default is dataclasses.MISSING
              and f.default_factory is dataclasses.MISSING and f.name not in ("id", "home", "lesson_langs", "players",
                                                                                "sections", "rulings")]
    assert len(engine) >= 16 and all(callable(getattr(game, name)) for name in engine), engine
    state = game.setup(min(game.players), seed=1)
    for seat in game.to_move(state):
        assert all(a.player == seat for a in game.legal_actions(state, seat))


def test_conformance_catches_an_action_naming_another_player(game):
    import dataclasses
    wrong = dataclasses.replace(game, legal_actions=lambda s, p: [dataclasses.replace(a, player=(p + 1) % s.players)
                                                                    for a in game.legal_actions(s, p)])
    assert any("names another player" in p for p in conformance.playout(wrong, 1, check=False).problems)


@pytest.mark.parametrize("part", range(SLICES))
def test_random_games_keep_every_invariant(game, part):
    problems = []
    # a game whose playouts are long (Aqua Fest: ~200 actions) may ask for fewer: SPEC.conformance_games
    for seed in range(part, game.conformance_games, SLICES):
        # one game in 49 also draws every viewer's board every 25 actions (49 is prime to SLICES: those games
        # fall in every slice alike)
        result = conformance.playout(game, seed, svg_every=25 if seed % 49 == 0 else 0)
        assert game.is_over(result.final), f"seed {seed}: game did not finish"
        problems += [f"seed {seed} {result.setup}: {p}" for p in result.problems]
        if len(problems) > 20:
            break
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("seed", range(0, 200, 7))
def test_replay_from_seed_and_log(game, seed):
    result = conformance.playout(game, seed, check=False)
    log = json.loads(json.dumps(result.actions))        # the log survives a trip through JSON
    again = conformance.replay_log(game, result.setup, log)
    assert again == result.final
    assert game.to_json(again) == game.to_json(result.final)


def test_same_seed_same_game_other_seed_other_game(game):
    a = game.setup(min(game.players), seed=123)
    b = game.setup(min(game.players), seed=123)
    c = game.setup(min(game.players), seed=124)
    assert a == b and game.to_json(a) == game.to_json(b)
    assert a != c


def test_some_candidate_is_refused_and_changes_nothing(game):
    """The illegal-action check is not vacuous: candidates include refused actions."""
    import random
    state = game.setup(min(game.players), seed=5)
    before = game.to_json(state)
    refused = 0
    for action in game.candidate_actions(state, random.Random(1)):
        try:
            game.apply(state, action)
        except RuleViolation as exc:
            refused += 1
            assert exc.rule and exc.explain("en")
    assert refused > 0
    assert game.to_json(state) == before


def test_conformance_catches_a_leak(game, monkeypatch):
    """The leak check can fail: a view that shows every hand must be reported."""
    state = game.setup(min(game.players), seed=9)
    import dataclasses
    leaky = dataclasses.replace(game, view=lambda s, p=None: game.view(s, None))
    problems = conformance.check_views(leaky, state, svg=False)
    assert any("shows hidden" in p for p in problems)


def test_a_texts_tokens_are_its_whole_tokens():
    """Text finds exactly the tokens a whole-token search finds, in JSON and SVG alike (ids, Cyrillic, edges)."""
    import random
    import re
    import string

    r = random.Random(1)
    alphabet = string.ascii_letters + string.digits + "-_ {}[]\":,.«»—éжї\n\t<>/=#"
    for _ in range(5000):
        text = "".join(r.choice(alphabet) for _ in range(r.randint(0, 60)))
        assert conformance.Text(text).tokens == set(re.findall(r"[\w-]+", text)), text
    found = conformance.Text('{"card": "tuna-12", "x": "жук_1"}').find({"tuna-1", "tuna-12", "жук_1", "x"})
    assert found == {"tuna-12", "жук_1", "x"}


def test_a_refusal_without_words_is_still_caught_when_refusals_are_remembered():
    """check_state words each distinct refusal once: the memo must not hide one that reads as nothing."""

    class Mute(RuleViolation):
        def explain(self, lang="en"):
            return ""

    assert conformance._explains(RuleViolation("maui:play", "maui.err.over"))
    assert not conformance._explains(Mute("maui:play", "maui.err.over"))          # same rule and key, other kind
    assert not conformance._explains(Mute("maui:play", "maui.err.over"))          # and again, from the memo
    assert not conformance._explains(Mute("maui:play", "maui.err.over", cards=[1, 2]))   # a list: worded each time


def test_a_text_finds_odd_secrets_given_as_a_frozenset():
    """Secrets cached by a playout are a frozenset; one that is not a plain token ("a:b") is still found (the
    result was once the frozenset itself, and adding the odd one to it raised)."""
    text = conformance.Text('{"x": "a:b", "y": "plain"}')
    assert text.find(frozenset({"a:b", "plain", "absent"})) == {"a:b", "plain"}
