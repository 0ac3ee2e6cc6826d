"""Aqua Fest's events made cheaply: built without the dataclass __init__, and shared when they recur.

A random game makes two or three events an action, and building an Event the usual way costs as much as a
whole pass of the turn. `new_event` gives the same frozen Event. The turn passing to a seat, and a seat
playing a card, are made once and handed out again (an Event is frozen and nothing changes its data).
"""

from __future__ import annotations

from typing import Any

from tutor.core.events import Event
from tutor.games.aqua_fest import components as C

_new = object.__new__
_set = object.__setattr__   # the one way past a frozen dataclass's __setattr__


def new_event(kind: str, rule: str, data: dict[str, Any],
              private: tuple[tuple[str, tuple[int, ...]], ...] = ()) -> Event:
    """`Event(kind, rule, data, private)`, without the dataclass __init__."""
    event = _new(Event)
    _set(event, "__dict__", {"kind": kind, "rule": rule, "data": data, "private": private})
    return event


_TURN = tuple(new_event("aqua_fest.turn", "aqua_fest:play", {"player": s}) for s in range(C.MAX_PLAYERS))


def turn_passed(seat: int) -> Event:
    """It is now `seat`'s turn."""
    return _TURN[seat] if type(seat) is int and 0 <= seat < len(_TURN) else new_event(
        "aqua_fest.turn", "aqua_fest:play", {"player": seat})


_PLAYED = {(s, card_id): new_event("aqua_fest.card_played", "aqua_fest:cards",
                                   {"player": s, "card": card_id, "species": card.species, "strength": card.strength})
           for s in range(C.MAX_PLAYERS) for card_id, card in C.CARDS.items()}


def card_played(seat: int, card: C.Card) -> Event:
    """`seat` plays creature card `card` (a Card) to move."""
    found = _PLAYED.get((seat, card.id)) if type(seat) is int else None
    if found is not None:
        return found
    return new_event("aqua_fest.card_played", "aqua_fest:cards",
                     {"player": seat, "card": card.id, "species": card.species, "strength": card.strength})
