"""Aqua Fest: the engine contract at the package's top level.

    from tutor.games import aqua_fest
    s = aqua_fest.setup(3, seed=1)
    s, events = aqua_fest.apply(s, aqua_fest.DrawTwo(0))
"""

from tutor.core.errors import RuleViolation, SavedStateError  # noqa: F401
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

GAME_ID = "aqua_fest"
PLAY_SETUP = {"place_starts": True}          # a played game begins with the start tiles being laid
SETUP_OPTIONS = {"place_starts": (False, True)}   # random conformance games try both openings
CONFORMANCE_GAMES = 200     # a random game runs ~200 actions; 200 fully checked games take ~3 minutes
PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)
