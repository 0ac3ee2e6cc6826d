"""Паперові океани states and actions to and from JSON: the saved-position format (tutor.core.codec does the work)."""

from __future__ import annotations

from typing import Optional

from tutor.core.actions import ActionCodec
from tutor.core.codec import Data, StateCodec, boolean, conserved, integer, listing, nullable, per_player, seat, text
from tutor.core.wording import Words
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.checks import check_invariants
from tutor.games.sea_salt_paper.rules import (
    PHASES, CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, State, Steal, Stop,
    TakeDiscard,
)

FORMAT = "tutor/sea_salt_paper/1"

CARDS = listing(text(C.ALL_CARDS, noun="card id"))


def _cards(data: Data) -> Optional[Words]:
    every = (data["deck"] + [c for p in data["discards"] for c in p] + [c for h in data["hands"] for c in h]
             + [c for z in data["zones"] for c in z] + data["drawn"])
    return conserved(every, C.ALL_CARDS, "card")


CODEC = StateCodec(State, FORMAT, "a Паперові океани position", {
    "players": integer(C.MIN_PLAYERS, C.MAX_PLAYERS),
    "round": integer(1),
    "turn": seat(),
    "phase": text(PHASES, noun="phase"),
    "deck": CARDS,
    "discards": listing(CARDS, 2),
    "hands": per_player(CARDS),
    "zones": per_player(CARDS),
    "scores": per_player(integer(0)),
    "history": listing(listing(integer(0))),
    "drawn": CARDS,
    "looking": nullable(integer(0, 1, noun="discard pile")),
    "caller": nullable(seat()),
    "last_turns": listing(seat()),
    "revealed": per_player(boolean()),
    "winner": nullable(seat()),
    "rng": integer(0),
    "ends": listing(listing(integer(0))),
}, checks=(_cards,), invariants=check_invariants, optional={"ends": []})

ACTIONS = ActionCodec("a Паперові океани action", (
    DrawDeck, Keep, TakeDiscard, PlayDuo, CrabPile, CrabTake, Steal, PlayMermaids, EndTurn, Stop, LastChance))

to_json = CODEC.to_json
state_from_json = CODEC.from_json
action_from_json = ACTIONS.from_json
