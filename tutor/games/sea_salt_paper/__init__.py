"""Паперові океани (Sea Salt & Paper, Bruno Cathala and Théo Rivière): the engine contract at the package's top
level, and the game's spec.

    from tutor.games import sea_salt_paper as ssp
    s = ssp.setup(2, seed=1)
    s, events = ssp.apply(s, ssp.DrawDeck(0))
"""

from tutor.core.errors import RuleViolation, SavedStateError  # noqa: F401
from tutor.core.game import GameSpec, part, register
from tutor.games.sea_salt_paper import text as _text  # noqa: F401  (registers words and the narrator)
from tutor.games.sea_salt_paper.checks import candidate_actions, check_invariants, secrets
from tutor.games.sea_salt_paper.codec import action_from_json, state_from_json, to_json
from tutor.games.sea_salt_paper.components import CARDS, MAX_PLAYERS, MIN_PLAYERS, THRESHOLDS  # noqa: F401
from tutor.games.sea_salt_paper.render import render
from tutor.games.sea_salt_paper.rules import (  # noqa: F401
    CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, State, Steal, Stop,
    TakeDiscard, apply, is_over, legal_actions, points_in_hand, setup, stages, to_move,
)
from tutor.games.sea_salt_paper.scoring import breakdown, card_points, colour_bonus, score, winners  # noqa: F401
from tutor.games.sea_salt_paper.sections import RULINGS, SECTIONS
from tutor.games.sea_salt_paper.view import view

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)



import tutor.games.sea_salt_paper as _engine  # noqa: E402  (this package, checked against tutor.core.game.Engine)

SPEC = register(GameSpec(
    id="sea_salt_paper",
    lesson_langs=("en", "uk"),
    players=PLAYERS,
    conformance_games=96,
    # hands turned face up for everyone (STOP, LAST CHANCE, the end): later events of the action may name them
    revealing_events=frozenset({"sea_salt_paper.revealed", "sea_salt_paper.game_over"}),
    quiet_events=frozenset(),
    bookkeeping_events=frozenset({"sea_salt_paper.turn", "sea_salt_paper.last_turn"}),
    ui=part(__name__, ".ui:UI"), bots=part(__name__, ".bots"), scenario=part(__name__, ".scenario"),
    drills=part(__name__, ".drills:DRILLS"),
), _engine)
