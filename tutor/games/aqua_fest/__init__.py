"""Aqua Fest: the engine contract at the package's top level, and the game's spec.

    from tutor.games import aqua_fest
    s = aqua_fest.setup(3, seed=1)
    s, events = aqua_fest.apply(s, aqua_fest.DrawTwo(0))
"""

from tutor.core.errors import RuleViolation, SavedStateError  # noqa: F401
from tutor.core.game import GameSpec, part, register
from tutor.games.aqua_fest import text as _text  # noqa: F401  (registers words and the narrator)
from tutor.games.aqua_fest.checks import candidate_actions, check_invariants, secrets
from tutor.games.aqua_fest.codec import action_from_json, state_from_json, to_json
from tutor.games.aqua_fest.components import CARDS, MAX_PLAYERS, MIN_PLAYERS, TILES
from tutor.games.aqua_fest.render import render
from tutor.games.aqua_fest.rules import (
    VARIANTS, Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State, apply, attackable, destinations, fragments_left,
    is_over, legal_actions, setup, to_move,
)
from tutor.games.aqua_fest.scoring import score, winners
from tutor.games.aqua_fest.sections import RULINGS, SECTIONS
from tutor.games.aqua_fest.shells import best_assembly
from tutor.games.aqua_fest.view import view

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)



import tutor.games.aqua_fest as _engine  # noqa: E402  (this package, checked against tutor.core.game.Engine)

SPEC = register(GameSpec(
    id="aqua_fest",
    lesson_langs=("en", "ru"),
    players=PLAYERS,
    variants=VARIANTS,
    setup_options={"place_starts": (False, True)},   # random conformance games try both openings
    play_setup={"place_starts": True},               # a played game begins with the start tiles being laid
    conformance_games=96,     # a random game runs ~200 actions, ~1 s of CPU checked: 12 games a slice (was 200, then
                              # 144, scaled by count to keep `make test` within 15 minutes as it grows)
    bookkeeping_events=frozenset({"aqua_fest.turn", "aqua_fest.drew"}),
    ui=part(__name__, ".ui:UI"), bots=part(__name__, ".bots"), scenario=part(__name__, ".scenario"),
    drills=part(__name__, ".drills:DRILLS"),
), _engine)
