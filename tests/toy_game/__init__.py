"""Tides: a game defined only under tests/, to prove a new game needs no shared file edited.

Its own files are its rules, words, rendering, codec, lesson-file adapter and lessons; this file is the glue: the
contract at the package's top level and its spec, the one door (tutor.core.game.GameSpec). Name it in TUTOR_GAMES
(with tests/ on the path) to list it, or `tutor.core.game.add(toy_game.SPEC)` to use it in one process, and every
generic part of the tutor can play it.
"""

from pathlib import Path

from tutor.core.errors import RuleViolation  # noqa: F401
from tutor.core.game import GameSpec, part
from toy_game.codec import action_from_json, state_from_json, to_json
from toy_game.render import render
from toy_game.rules import (
    PLAYERS, Lay, State, apply, candidate_actions, check_invariants, is_over, legal_actions, score, secrets, setup,
    to_move, view, winners,
)
from toy_game.words import RULINGS, SECTIONS, narrate

SPEC: GameSpec[State, Lay] = GameSpec(
    id="tides", home=Path(__file__).parent, lesson_langs=("en", "ru"), players=PLAYERS,
    lessons=Path(__file__).parent / "lessons", conformance_games=200,
    revealing_events=frozenset({"tides.revealed", "tides.took"}),
    sections=SECTIONS, rulings=RULINGS, narrate=narrate, scenario=part(__name__, ".adapter:ADAPTER"),
    setup=setup, legal_actions=legal_actions, apply=apply, to_move=to_move, is_over=is_over, score=score,
    winners=winners, view=view, to_json=to_json, state_from_json=state_from_json, action_from_json=action_from_json,
    render=render, check_invariants=check_invariants, secrets=secrets, candidate_actions=candidate_actions,
)
