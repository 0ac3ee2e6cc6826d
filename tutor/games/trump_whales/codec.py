"""Козырные киты states and actions to and from JSON: the saved-position format (tutor.core.codec does the work)."""

from __future__ import annotations

from typing import Optional

from dataclasses import replace

from tutor.core.actions import ActionCodec
from tutor.core.codec import Data, StateCodec, conserved, integer, listing, nullable, per_player, seat, text
from tutor.core.wording import Words
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.checks import check_invariants
from tutor.games.trump_whales.rules import PHASES, ChooseBonus, ChooseLeader, Pick, PlayCard, State, UseBonus

FORMAT = "tutor/trump_whales/1"

CARD = text(C.ALL_CARDS, noun="card id")
CARDS = listing(CARD)
_COUNTS = listing(integer(0))
# points noted on the score pad per seat (ruling short-reward); left out of a position while none are, so it
# reads back as the empty tuple
NOTED = replace(_COUNTS, test=lambda x, d: x == () or _COUNTS.test(x, d))


def _cards(data: Data) -> Optional[Words]:
    every = (data["aside"] + data["discard"] + data["trick"] + data["removed"]
             + [c for h in data["hands"] for c in h] + [c for b in data["bonuses"] for c in b]
             + [c for p in data["pearls"] for c in p] + [c for c in data["chosen"] if c is not None])
    return conserved(every, C.ALL_CARDS, "card")


def _noted(data: Data) -> Optional[Words]:
    if data["noted"] and len(data["noted"]) != data["players"]:
        return Words("trump_whales.saved.noted")
    return None


CODEC = StateCodec(State, FORMAT, "a Козырные киты position", {
    "players": integer(C.MIN_PLAYERS, C.MAX_PLAYERS),
    "round": integer(1),
    "phase": text(PHASES, noun="phase"),
    "trump": text(C.FAMILIES, noun="trump_whales.family"),
    "token": integer(1, 9, noun="trump_whales.token side"),
    "hands": per_player(CARDS),
    "chosen": per_player(nullable(CARD)),
    "bonuses": per_player(CARDS),
    "pearls": per_player(CARDS),
    "trick": CARDS,
    "leader": seat(),
    "turn": seat(),
    "tricks": integer(0, C.TRICKS + 1),
    "discard": CARDS,
    "aside": CARDS,
    "removed": CARDS,
    "first": seat(),
    "scores": per_player(integer(0)),
    "history": listing(listing(integer(0))),
    "rng": integer(0),
    "noted": NOTED,
}, checks=(_cards, _noted), optional={"noted": ()}, invariants=check_invariants)

ACTIONS = ActionCodec("a Козырные киты action", (ChooseBonus, UseBonus, PlayCard, Pick, ChooseLeader))

to_json = CODEC.to_json
state_from_json = CODEC.from_json
action_from_json = ACTIONS.from_json
