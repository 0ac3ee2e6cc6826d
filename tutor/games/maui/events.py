"""Мяури's events made cheaply: built without the dataclass __init__, and shared when they recur.

A random game makes about fifteen events a round, and building an Event the usual way costs as
much as the rest of a dive. An event whose data is one of a few small combinations (a seat, a dive
number, a card id, a depth) is made once and handed out again, as the Dive actions are: an Event is
frozen, and nothing changes its data. The others are built by `new_event`. A dive number is shared
only when it is a plain int (1.0 or True equal 1, yet read differently in an event).
"""

from __future__ import annotations

from typing import Any, Sequence

from tutor.core.events import Event
from tutor.games.maui import components as C

_new = object.__new__
_set = object.__setattr__   # the one way past a frozen dataclass's __setattr__


def new_event(kind: str, rule: str, data: dict[str, Any]) -> Event:
    """`Event(kind, rule, data)` with nothing private, without the dataclass __init__."""
    event = _new(Event)
    _set(event, "__dict__", {"kind": kind, "rule": rule, "data": data, "private": ()})
    return event


_SEATS = range(C.MAX_PLAYERS)
DIVE_CHOSEN = tuple(new_event("maui.dive_chosen", "maui:play", {"player": s}) for s in _SEATS)
KITI_MOVED = tuple(new_event("maui.kiti_moved", "maui:play", {"player": s}) for s in _SEATS)
DIVE_DISCARDED = new_event("maui.dive_discarded", "maui:play", {})
_EMPTY_HANDED = tuple({n: new_event("maui.empty_handed", "maui:play", {"player": s, "card": n}) for n in C.DIVE_CARDS}
                      for s in _SEATS)
_CATCHES: dict[tuple[int, str, str, int], Event] = {}   # (seat, depth, card id, dive number) -> event
_LAID: dict[tuple[str, str, bool, int], Event] = {}     # (depth, card id, face down, round) -> event
_KEPT = 4096          # events kept in each of these: a long run of games stops adding (memory)


def empty_handed(seat: int, card: object) -> Event:
    """A diver whose dive card `card` won no depth."""
    if type(card) is int and card in _EMPTY_HANDED[seat]:
        return _EMPTY_HANDED[seat][card]
    return new_event("maui.empty_handed", "maui:play", {"player": seat, "card": card})


def catch(seat: int, depth: str, rule: str, taken: Sequence[str], card: object) -> Event:
    """A diver takes the cards of a depth; the usual catch, one card, is shared."""
    if len(taken) != 1 or type(card) is not int:
        return new_event("maui.catch", rule, {"player": seat, "depth": depth, "cards": list(taken), "card": card})
    event = _CATCHES.get((seat, depth, taken[0], card))
    if event is None:
        event = new_event("maui.catch", rule, {"player": seat, "depth": depth, "cards": list(taken), "card": card})
        if len(_CATCHES) < _KEPT:
            _CATCHES[seat, depth, taken[0], card] = event
    return event


def laid(depth: str, card_id: str, face_down: bool, round_: int) -> Event:
    """A card is laid in the lagoon (its id left out when it lies face down)."""
    event = _LAID.get((depth, card_id, face_down, round_))
    if event is None:
        data = {"depth": depth, "card": None if face_down else card_id, "face_down": face_down, "round": round_}
        event = new_event("maui.laid", "maui:play", data)
        if len(_LAID) < _KEPT:
            _LAID[depth, card_id, face_down, round_] = event
    return event
