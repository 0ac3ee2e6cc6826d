"""Паперові океани (Sea Salt & Paper, Bruno Cathala and Théo Rivière): the engine contract at the package's top
level, and the game's spec.

    from tutor.games import sea_salt_paper as ssp
    s = ssp.setup(2, seed=1)
    s, events = ssp.apply(s, ssp.DrawDeck(0))
"""

from pathlib import Path

from tutor.core.errors import RuleViolation, SavedStateError  # noqa: F401
from tutor.core.game import GameSpec, part
from tutor.games.sea_salt_paper import text as _text
from tutor.games.sea_salt_paper.checks import candidate_actions, check_invariants, secrets
from tutor.games.sea_salt_paper.codec import action_from_json, state_from_json, to_json
from tutor.games.sea_salt_paper.components import CARDS, MAX_PLAYERS, MIN_PLAYERS, THRESHOLDS  # noqa: F401
from tutor.games.sea_salt_paper.render import render
from tutor.games.sea_salt_paper.rules import (  # noqa: F401
    Action, CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, State, Steal, Stop,
    TakeDiscard, apply, is_over, legal_actions, points_in_hand, setup, stages, to_move,
)
from tutor.games.sea_salt_paper.scoring import breakdown, card_points, colour_bonus, score, winners  # noqa: F401
from tutor.games.sea_salt_paper.sections import RULINGS, SECTIONS
from tutor.games.sea_salt_paper.view import view

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

SPEC: GameSpec[State, Action] = GameSpec(
    id="sea_salt_paper", home=Path(__file__).parent,
    lesson_langs=("en", "uk"),
    players=PLAYERS,
    conformance_games=32,     # 4 games a slice (was 96, then 48: scaled by count for `make test`'s time)
    # hands turned face up for everyone (STOP, LAST CHANCE, the end): later events of the action may name them
    revealing_events=frozenset({"sea_salt_paper.revealed", "sea_salt_paper.game_over"}),
    quiet_events=frozenset(),
    bookkeeping_events=frozenset({"sea_salt_paper.turn", "sea_salt_paper.last_turn"}),
    ui=part(__name__, ".ui:UI"), bots=part(__name__, ".bots"), scenario=part(__name__, ".scenario:ADAPTER"),
    taught=part(__name__, ".taught"),   # what practice shows (lessons/<id>/taught.yaml)
    drills=part(__name__, ".drills:DRILLS"),
    # the engine and its words, as the contract names them (tutor.core.game.GameSpec)
    sections=SECTIONS, rulings=RULINGS, narrate=_text.narrate, name_params=_text.name_params, stages=stages,
    setup=setup, legal_actions=legal_actions, apply=apply, to_move=to_move, is_over=is_over, score=score,
    winners=winners, view=view, to_json=to_json, state_from_json=state_from_json,
    action_from_json=action_from_json, render=render, check_invariants=check_invariants, secrets=secrets,
    candidate_actions=candidate_actions,
)
