"""Мяури states and actions to and from JSON: the saved-position format (tutor.core.codec does the work)."""

from __future__ import annotations

from functools import partial
from typing import Optional

from tutor.core.actions import ActionCodec
from tutor.core.codec import Data, StateCodec, conserved, integer, listing, nullable, per_player, row, seat, text
from tutor.games.maui import components as C
from tutor.games.maui.checks import check_invariants
from tutor.core.wording import Words
from tutor.games.maui.rules import NO_FIGHTS, SETTING_UP, STAGES, VARIANTS, Dive, Jellyfish, State

FORMAT = "tutor/maui/2"   # 2: face_down lists every lantern cell with its taker

CARDS = listing(text(noun="maui.catch card id"))
DIVE = integer(1, 12, noun="maui.dive number")


def _kiti_with_fights(data: Data) -> Optional[Words]:
    if (data["kiti"] is None) != (NO_FIGHTS in data["variants"]):
        return Words("maui.saved.kiti", variant=NO_FIGHTS)
    return None


def _catch_cards(data: Data) -> Optional[Words]:
    every = (data["deck"] + data["removed"] + data["boxed"] + [c for cell in data["lagoon"] for c in cell]
             + [c for p in data["piles"] for c in p])
    return conserved(every, C.ALL_CATCH, "maui.catch card")


def _dive_cards(data: Data) -> Optional[Words]:
    for s in range(data["players"]):
        cards = data["hands"][s] + data["discards"][s] + ([data["chosen"][s]] if data["chosen"][s] else [])
        if sorted(cards) != list(C.DIVE_CARDS):
            return Words("maui.saved.dive_cards", player=s + 1, lo=C.DIVE_CARDS[0], hi=C.DIVE_CARDS[-1])
    return None


def _before(data: Data) -> Optional[Words]:
    """The round before's cards, where known: one per seat, each among that seat's used cards."""
    before, players = data["before"], data["players"]
    if not before:
        return None
    if len(before) != players or any(c is not None and c not in used for c, used in zip(before, data["discards"])):
        return Words("maui.saved.before", players=players)
    return None


CODEC = StateCodec(State, FORMAT, "a Мяури position", {
    "players": integer(C.MIN_PLAYERS, C.MAX_PLAYERS),
    "round": integer(1, C.ROUNDS + 1),
    "variants": listing(text(VARIANTS, noun="variant"), distinct=True, ordered=True),
    "deck": CARDS, "removed": CARDS, "boxed": CARDS,
    "lagoon": listing(CARDS, 3),
    "hands": per_player(listing(DIVE)), "discards": per_player(listing(DIVE)),
    "piles": per_player(CARDS),
    "chosen": per_player(nullable(DIVE)), "revealed": per_player(nullable(DIVE)),
    "before": listing(nullable(DIVE)),
    "declined": per_player(integer(0)),
    "pending": listing(seat()),
    "kiti": nullable(seat()),
    "face_down": listing(row(integer(0, 2, noun="cell"), seat())),
    "rng": integer(0),
    "stage": text(("", SETTING_UP) + STAGES, noun="stage"),
}, checks=(
    _kiti_with_fights, _catch_cards, _dive_cards, _before,
), optional={"stage": "", "before": []}, invariants=partial(check_invariants, full_lagoon=False))   # a lesson's lagoon may be short

ACTIONS = ActionCodec("a Мяури action", (Dive, Jellyfish))

to_json = CODEC.to_json
state_from_json = CODEC.from_json
action_from_json = ACTIONS.from_json
