"""Tides: a game defined only under tests/, to prove a new game needs no shared file edited.

Its own files are its rules, words, rendering, codec, lesson-file adapter and lessons; this file is the glue:
the contract at the package's top level and the spec it registers. Import it (or name it in TUTOR_GAMES,
with tests/ on the path) and every generic part of the tutor can play it.
"""

from pathlib import Path

from tutor.core.errors import RuleViolation  # noqa: F401
from tutor.core.game import GameSpec, ScenarioAdapter, register
from toy_game import words as _words  # noqa: F401  (registers words and the narrator)
from toy_game.codec import action_from_json, state_from_json, to_json  # noqa: F401
from toy_game.render import render  # noqa: F401
from toy_game.rules import (  # noqa: F401
    PLAYERS, Lay, State, apply, candidate_actions, check_invariants, is_over, legal_actions, score, secrets, setup,
    to_move, view, winners,
)
from toy_game.words import RULINGS, SECTIONS  # noqa: F401


def _scenario() -> ScenarioAdapter:
    from toy_game import adapter
    return adapter


import toy_game as _engine  # noqa: E402  (this package, checked against tutor.core.game.Engine)

SPEC = register(GameSpec(
    id="tides", lesson_langs=("en", "ru"),
    players=PLAYERS, lessons=Path(__file__).parent / "lessons", conformance_games=200,
    revealing_events=frozenset({"tides.revealed", "tides.took"}), quiet_events=frozenset(),
    scenario=_scenario,
), _engine)
