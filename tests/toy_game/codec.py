"""Tides positions and actions to and from JSON (tutor.core.codec does the work)."""

from tutor.core.actions import ActionCodec
from tutor.core.codec import StateCodec, integer, listing, nullable, per_player
from toy_game.rules import HAND, PLAYERS, Lay, State, check_invariants

CARD = integer(1, 9, noun="tides.wave card")
CODEC = StateCodec(State, "tutor/tides/1", "a Tides position", {
    "players": integer(PLAYERS.start, PLAYERS.stop - 1),
    "hands": per_player(listing(CARD)), "chosen": per_player(nullable(CARD)), "taken": per_player(listing(CARD)),
    "unused": listing(CARD), "round": integer(1, HAND + 1),
}, invariants=check_invariants)
ACTIONS = ActionCodec("a Tides action", (Lay,))
to_json, state_from_json, action_from_json = CODEC.to_json, CODEC.from_json, ACTIONS.from_json
