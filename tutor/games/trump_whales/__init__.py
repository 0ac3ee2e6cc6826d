"""Козырные киты (HUCH! "Stichwahl", Jochen Knittel): the engine contract at the package's top level, and the
game's spec.

    from tutor.games import trump_whales as tw
    s = tw.setup(4, seed=1, first=0)
    s, events = tw.apply(s, tw.ChooseBonus(0, s.hands[0][0]))
"""

from pathlib import Path

from tutor.core.errors import RuleViolation, SavedStateError  # noqa: F401
from tutor.core.game import GameSpec, part
from tutor.games.trump_whales import text as _text
from tutor.games.trump_whales.checks import candidate_actions, check_invariants, secrets
from tutor.games.trump_whales.codec import action_from_json, state_from_json, to_json
from tutor.games.trump_whales.components import CARDS, MAX_PLAYERS, MIN_PLAYERS, TARGET  # noqa: F401
from tutor.games.trump_whales.render import render
from tutor.games.trump_whales.rules import (  # noqa: F401
    Action, ChooseBonus, ChooseLeader, Pick, PlayCard, State, UseBonus, apply, is_over, led_family, legal_actions,
    playable, round_points, setup, setup_stages, stages, to_move, trick_winner,
)
from tutor.games.trump_whales.scoring import round_breakdown, score, winners  # noqa: F401
from tutor.games.trump_whales.sections import RULINGS, SECTIONS
from tutor.games.trump_whales.view import view

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

SPEC: GameSpec[State, Action] = GameSpec(
    id="trump_whales", home=Path(__file__).parent,
    lesson_langs=("en", "ru"),
    players=PLAYERS,
    conformance_games=32,    # ~0.35 s of CPU a checked game: 4 games a slice (was 64: scaled by count)
    # the cards drawn for the trump are shown to everyone (and shuffled back); the first bonuses turn face up
    revealing_events=frozenset({"trump_whales.trump_drawn", "trump_whales.five_drawn",
                                "trump_whales.first_bonuses"}),
    quiet_events=frozenset(),
    bookkeeping_events=frozenset({"trump_whales.leads", "trump_whales.bonus_chosen", "trump_whales.first_bonuses",
                                  "trump_whales.dealt"}),
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
