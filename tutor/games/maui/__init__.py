"""Мяури (Maui, Bruno Faidutti): the engine contract at the package's top level, and the game's spec.

    from tutor.games import maui
    s = maui.setup(4, seed=1)
    s, events = maui.apply(s, maui.Dive(0, 9))
"""

from pathlib import Path

from tutor.core.errors import RuleViolation, SavedStateError  # noqa: F401
from tutor.core.game import GameSpec, part
from tutor.games.maui import text as _text
from tutor.games.maui.checks import candidate_actions, check_invariants, secrets
from tutor.games.maui.codec import action_from_json, state_from_json, to_json
from tutor.games.maui.components import CATCH_CARDS, DEPTHS, MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from tutor.games.maui.render import render
from tutor.games.maui.rules import (  # noqa: F401
    Action, NO_FIGHTS, OPEN_BASKETS, VARIANTS, Dive, Jellyfish, State, apply, dispute_order, is_over,
    legal_actions, setup, setup_stages, stages, to_move,
)
from tutor.games.maui.scoring import score, winners
from tutor.games.maui.sections import RULINGS, SECTIONS
from tutor.games.maui.view import view

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

SPEC: GameSpec[State, Action] = GameSpec(
    id="maui", home=Path(__file__).parent,
    lesson_langs=("en", "ru"),
    players=PLAYERS,
    variants=VARIANTS,
    conformance_games=120,    # ~0.2 s of CPU a checked game: 15 games a slice; was 1,000, then 600, 400, 200,
                              # scaled by count to keep `make test` within its time as it grows
    # these turn cards face up for everyone: later events of the same action may name them
    revealing_events=frozenset({"maui.face_down_revealed", "maui.first_seagull_replaced",
                                "maui.jellyfish_discarded", "maui.seagull_ate"}),
    quiet_events=frozenset({"maui.dive_chosen"}),
    bookkeeping_events=frozenset({"maui.dive_chosen", "maui.dive_discarded"}),
    ui=part(__name__, ".ui:UI"), bots=part(__name__, ".bots"), scenario=part(__name__, ".scenario:ADAPTER"),
    taught=part(__name__, ".taught"),   # what practice shows (lessons/<id>/taught.yaml)
    drills=part(__name__, ".drills:DRILLS"),
    # the engine and its words, as the contract names them (tutor.core.game.GameSpec)
    sections=SECTIONS, rulings=RULINGS, narrate=_text.narrate, stages=stages,
    setup=setup, legal_actions=legal_actions, apply=apply, to_move=to_move, is_over=is_over, score=score,
    winners=winners, view=view, to_json=to_json, state_from_json=state_from_json,
    action_from_json=action_from_json, render=render, check_invariants=check_invariants, secrets=secrets,
    candidate_actions=candidate_actions,
)
