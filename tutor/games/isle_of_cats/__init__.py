"""Острів котів (The Isle of Cats, Frank West; family rules): the engine contract at the package's top level, and
the game's spec.

    from tutor.games import isle_of_cats as ioc
    s = ioc.setup(2, seed=1)
    s, events = ioc.apply(s, ioc.KeepCards(0, s.dealt[0][:2]))

The renderer is a placeholder (its own worktree draws the real one); the lesson-file adapter is .scenario.
"""

from pathlib import Path

from tutor.core.errors import RuleViolation, SavedStateError  # noqa: F401
from tutor.core.game import GameSpec, part
from tutor.games.isle_of_cats import text as _text
from tutor.games.isle_of_cats.checks import candidate_actions, check_invariants, secrets
from tutor.games.isle_of_cats.codec import action_from_json, state_from_json, to_json
from tutor.games.isle_of_cats.components import (  # noqa: F401
    ALL_FAMILY_CARDS, FAMILY_CARDS, MAX_PLAYERS, MIN_PLAYERS, TILES,
)
from tutor.games.isle_of_cats.render import render
from tutor.games.isle_of_cats.rules import (  # noqa: F401
    Action, Decline, KeepCards, Pass, Place, State, Take, TakeTreasure, apply, can_take, is_over, legal_actions, occupied,
    placements, setup, setup_stages, stages, to_move, treasure_shapes,
)
from tutor.games.isle_of_cats.scoring import (  # noqa: F401
    Family, breakdown, card_points, families, filled_rooms, score, unfilled_rooms, visible_rats, winners,
)
from tutor.games.isle_of_cats.sections import RULINGS, SECTIONS
from tutor.games.isle_of_cats.view import view

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

SPEC: GameSpec[State, Action] = GameSpec(
    id="isle_of_cats", home=Path(__file__).parent,
    lesson_langs=("en", "uk"),
    players=PLAYERS,
    conformance_games=32,    # ~0.62 s of CPU a checked game (about 106 actions): about 20 s of the suite (4 games a slice)
    # at the end every kept family card turns face up
    revealing_events=frozenset({"isle_of_cats.cards_revealed", "isle_of_cats.scored", "isle_of_cats.game_over"}),
    quiet_events=frozenset(),
    bookkeeping_events=frozenset({"isle_of_cats.order", "isle_of_cats.kept"}),
    bots=part(__name__, ".bots"), scenario=part(__name__, ".scenario:ADAPTER"),
    taught=part(__name__, ".taught"),   # what practice shows (lessons/<id>/taught.yaml)
    ui=part(__name__, ".ui:UI"), drills=part(__name__, ".drills:DRILLS"),
    # the engine and its words, as the contract names them (tutor.core.game.GameSpec)
    sections=SECTIONS, rulings=RULINGS, narrate=_text.narrate, name_params=_text.name_params, stages=stages,
    setup=setup, legal_actions=legal_actions, apply=apply, to_move=to_move, is_over=is_over, score=score,
    winners=winners, view=view, to_json=to_json, state_from_json=state_from_json,
    action_from_json=action_from_json, render=render, check_invariants=check_invariants, secrets=secrets,
    candidate_actions=candidate_actions,
)
