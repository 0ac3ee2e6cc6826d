"""Fast construction of frozen states and events, for engines whose random games build a state per action.

The dataclass __init__ and dataclasses.replace cost more than the rules themselves, so an engine's hot path
copies a state's fields into a working dict (a "table"), changes it, and freezes it into a new instance by
filling the instance dictionary directly. What comes out is an ordinary frozen instance, equal to (and
serialised the same as) one made through __init__. Мяури keeps its own variant (its tables hold lists).

    _table, _freeze = thaw, freezer(State)
    _ev = event_maker("sea_salt_paper")
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from tutor.core.events import Event

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__   # the one way past a frozen dataclass's __setattr__


def thaw(state: object) -> dict[str, Any]:
    """A working copy of `state`'s fields."""
    # dict(), not .copy(): a state made by its __init__ keeps its fields in a shared-key dict, and .copy() would
    # pass that layout on to every later state, where reading an attribute can't take Python's fast path
    return dict(state.__dict__)


def freezer(cls: type[T]) -> Callable[[dict[str, Any]], T]:
    """A function turning a table (all of `cls`'s fields, in its order) into a frozen `cls` instance."""
    def freeze(table: dict[str, Any]) -> T:
        state: T = _new(cls)
        _set(state, "__dict__", table)
        return state
    freeze.__doc__ = f"The {cls.__name__} a table has come to (the table is used up)."
    return freeze


def event_maker(game: str) -> Callable[..., Event]:
    """A function making `game`'s events: ev("dealt", "setup", {...}) is the event "<game>.dealt" citing the
    section "<game>:setup"; `private` is Event.private (which data keys only some seats may know)."""
    kind, rule = game + ".", game + ":"

    def ev(what: str, section: str, data: dict[str, Any],
           private: tuple[tuple[str, tuple[int, ...]], ...] = ()) -> Event:
        event: Event = _new(Event)
        _set(event, "__dict__", {"kind": kind + what, "rule": rule + section, "data": data, "private": private})
        return event
    return ev


def put(seq: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """`seq` with item `i` replaced by `value`."""
    return seq[:i] + (value,) + seq[i + 1:]


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` without the first `item` (which must be there)."""
    i = items.index(item)
    return items[:i] + items[i + 1:]
