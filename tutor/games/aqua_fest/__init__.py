"""Aqua Fest: the engine contract at the package's top level, and the game's spec.

    from tutor.games import aqua_fest
    s = aqua_fest.setup(3, seed=1)
    s, events = aqua_fest.apply(s, aqua_fest.DrawTwo(0))
"""

from pathlib import Path

from tutor.core.errors import RuleViolation, SavedStateError  # noqa: F401
from tutor.core.game import GameSpec, part
from tutor.games.aqua_fest import text as _text
from tutor.games.aqua_fest.checks import candidate_actions, check_invariants, secrets
from tutor.games.aqua_fest.codec import action_from_json, state_from_json, to_json
from tutor.games.aqua_fest.components import CARDS, MAX_PLAYERS, MIN_PLAYERS, TILES
from tutor.games.aqua_fest.render import render
from tutor.games.aqua_fest.rules import (  # noqa: F401
    Action, VARIANTS, Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State, apply, attackable, destinations, fragments_left,
    is_over, legal_actions, setup, to_move,
)
from tutor.games.aqua_fest.scoring import score, winners
from tutor.games.aqua_fest.sections import RULINGS, SECTIONS
from tutor.games.aqua_fest.shells import best_assembly
from tutor.games.aqua_fest.view import view

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

SPEC: GameSpec[State, Action] = GameSpec(
    id="aqua_fest", home=Path(__file__).parent,
    lesson_langs=("en", "ru"),
    players=PLAYERS,
    variants=VARIANTS,
    setup_options={"place_starts": (False, True)},   # random conformance games try both openings
    play_setup={"place_starts": True},               # a played game begins with the start tiles being laid
    conformance_games=24,     # a random game runs ~200 actions, ~1 s of CPU checked: 3 games a slice (was 200, then
                              # 144, 96 and 48, scaled by count to keep `make test` within its time as it grows)
    bookkeeping_events=frozenset({"aqua_fest.turn", "aqua_fest.drew"}),
    ui=part(__name__, ".ui:UI"), bots=part(__name__, ".bots"), scenario=part(__name__, ".scenario:ADAPTER"),
    taught=part(__name__, ".taught"),   # what practice shows (lessons/<id>/taught.yaml)
    drills=part(__name__, ".drills:DRILLS"),
    # the engine and its words, as the contract names them (tutor.core.game.GameSpec)
    sections=SECTIONS, rulings=RULINGS, narrate=_text.narrate, name_params=_text.name_params,
    setup=setup, legal_actions=legal_actions, apply=apply, to_move=to_move, is_over=is_over, score=score,
    winners=winners, view=view, to_json=to_json, state_from_json=state_from_json,
    action_from_json=action_from_json, render=render, check_invariants=check_invariants, secrets=secrets,
    candidate_actions=candidate_actions,
)
