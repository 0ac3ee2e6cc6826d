"""Actions: a game's moves as small frozen dataclasses, written to JSON and read back from their fields.

Every action derives from `Action`, which declares the one field all of them share, `player` (the seat acting,
from 0), so it comes first: `Dive(0, 9)` is seat 0 diving with card 9. The JSON of an action is a dict of its
fields plus "type", the action's name: its class name in snake case (`DrawDeck` -> "draw_deck"), or the name
given as `json_type` where that differs:

    @dataclass(frozen=True)
    class PlayDuo(Action, json_type="duo"):
        first: str
        second: str

    PlayDuo(1, "crab-3", "crab-4").to_json() == {"type": "duo", "player": 1, "first": "crab-3", "second": "crab-4"}

Tuples are written as lists. A field held one way and written another (a cell index written as [row, column])
says so with `json_as(shape, write, read)`.

`ActionCodec(what, classes)` reads them back, checking each field against its annotation: `int` (a whole number,
not true/false), `bool`, `str`, `Optional[X]` (X or null), `tuple[X, ...]` and `tuple[X, Y]` (lists). A field
the JSON leaves out takes the class's default; an unknown type, an unknown or missing field or a value of the
wrong kind is a ValueError saying what is wrong (action JSON comes from logs and tests, not from a learner).
"""

from __future__ import annotations

import re
import types
from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass
from typing import Any, Callable, ClassVar, Optional, Union, get_args, get_origin, get_type_hints

from tutor.core.safe_input import load_json

_JSON = "tutor.json"            # a field's metadata key: (shape, write, read), see json_as


@dataclass(frozen=True)
class Action:
    """One move of a game: a frozen dataclass whose first field is `player`, the seat taking it."""

    player: int
    json_type: ClassVar[str] = ""

    def __init_subclass__(cls, json_type: Optional[str] = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.json_type = json_type or re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()

    def to_json(self) -> dict[str, Any]:
        """{"type": ..., field: value, ...}; tuples as lists."""
        out: dict[str, Any] = {"type": self.json_type}
        for name, write in _writers(type(self)):
            value = getattr(self, name)
            out[name] = _listed(value if write is None else write(value))
        return out


def json_as(shape: Any, write: Callable[[Any], Any], read: Callable[[Any], Any]) -> Any:
    """A field written in JSON as `shape` (a type such as tuple[int, int]) rather than as it is held: `write`
    turns the held value into that shape, `read` turns a value of that shape (already checked) back."""
    return field(metadata={_JSON: (shape, write, read)})


def _listed(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_listed(v) for v in value]
    return value


_WRITERS: dict[type, tuple[tuple[str, Optional[Callable[[Any], Any]]], ...]] = {}


def _writers(cls: type) -> tuple[tuple[str, Optional[Callable[[Any], Any]]], ...]:
    """Each field's name and how it is written (None: as it is), worked out once per class."""
    plan = _WRITERS.get(cls)
    if plan is None:
        plan = _WRITERS[cls] = tuple((f.name, f.metadata[_JSON][1] if _JSON in f.metadata else None)
                                     for f in fields(cls))
    return plan


# --------------------------------------------------------------------------- reading back

class _Wrong(Exception):
    """A JSON value that is not of the kind a field holds: `expected` says what it should be."""

    def __init__(self, expected: str):
        super().__init__(expected)
        self.expected = expected


Reader = Callable[[Any], Any]


def _reader(shape: Any) -> tuple[Reader, str]:
    """A reader for a field annotated `shape` (checking the JSON value strictly) and how to name what it takes."""
    if shape is int:
        return _exact(lambda x: type(x) is int, "a whole number")
    if shape is bool:
        return _exact(lambda x: isinstance(x, bool), "true or false")
    if shape is str:
        return _exact(lambda x: isinstance(x, str), "a text")
    origin, args = get_origin(shape), get_args(shape)
    if origin in (Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner, said = _reader(rest[0] if len(rest) == 1 else Union[tuple(rest)])
        return _whole(lambda x: None if x is None else inner(x), f"{said} or null")
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item, said = _reader(args[0])

        def many(x: Any) -> tuple[Any, ...]:
            if not isinstance(x, (list, tuple)):
                raise _Wrong("")
            return tuple(item(v) for v in x)
        return _whole(many, f"a list of ({said})")
    if origin is tuple and args:
        readers = [_reader(a) for a in args]

        def fixed(x: Any) -> tuple[Any, ...]:
            if not isinstance(x, (list, tuple)) or len(x) != len(readers):
                raise _Wrong("")
            return tuple(r(v) for (r, _), v in zip(readers, x))
        return _whole(fixed, "[" + ", ".join(s for _, s in readers) + "]")
    raise TypeError(f"an action field annotated {shape!r} cannot be read from JSON: give it json_as(...)")


def _whole(read: Reader, said: str) -> tuple[Reader, str]:
    """A reader of a composite value whose refusal names what the whole should be."""
    def whole(x: Any) -> Any:
        try:
            return read(x)
        except _Wrong:
            raise _Wrong(said) from None
    return whole, said


def _exact(test: Callable[[Any], bool], said: str) -> tuple[Reader, str]:
    def read(x: Any) -> Any:
        if not test(x):
            raise _Wrong(said)
        return x
    return read, said


def _field_reader(f: Field[Any], shape: Any) -> Reader:
    if _JSON not in f.metadata:
        return _reader(shape)[0]
    written, _, back = f.metadata[_JSON]
    check = _reader(written)[0]
    return lambda x: back(check(x))


def _has_default(f: Field[Any]) -> bool:
    return f.default is not MISSING or f.default_factory is not MISSING


@dataclass(frozen=True)
class _Kind:
    cls: type
    readers: dict[str, Reader]         # every field's reader, in the class's order
    required: frozenset[str]           # the fields without a default


class ActionCodec:
    """A game's actions read back from their JSON (a dict with "type", or its text).

    `what` names an action in a refusal ("a Мяури action"); `classes` are the game's action classes, each an
    `Action` dataclass with its own json_type."""

    def __init__(self, what: str, classes: tuple[type, ...]):
        self.what = what
        self.kinds: dict[str, _Kind] = {}
        for cls in classes:
            if not (isinstance(cls, type) and issubclass(cls, Action) and cls is not Action
                    and is_dataclass(cls) and "__dataclass_fields__" in cls.__dict__):
                raise TypeError(f"{cls!r} is not an action: a frozen dataclass deriving from tutor.core.actions.Action")
            if cls.json_type in self.kinds:
                raise TypeError(f"{cls.__name__} and {self.kinds[cls.json_type].cls.__name__} are both "
                                f"{cls.json_type!r}: give one a json_type of its own")
            hints = get_type_hints(cls)
            self.kinds[cls.json_type] = _Kind(
                cls, {f.name: _field_reader(f, hints[f.name]) for f in fields(cls)},
                frozenset(f.name for f in fields(cls) if not _has_default(f)))

    def from_json(self, data: Any) -> Any:
        """The action `data` (a dict, or JSON text) stands for; ValueError saying what is wrong."""
        if isinstance(data, (str, bytes)):
            data = load_json(data)
        json_type = data.get("type") if isinstance(data, dict) else None
        if not isinstance(json_type, str) or json_type not in self.kinds:
            raise ValueError(f"not {self.what}: {data!r}")
        kind = self.kinds[json_type]
        unknown = sorted(set(data) - set(kind.readers) - {"type"})
        if unknown:
            raise ValueError(f"{json_type}: field {unknown[0]!r} is unknown")
        args = {}
        for name, read in kind.readers.items():
            if name not in data:
                if name in kind.required:
                    raise ValueError(f"{json_type}: {name} is missing")
                continue
            try:
                args[name] = read(data[name])
            except _Wrong as wrong:
                raise ValueError(f"{json_type}: {name} {data[name]!r} is not valid "
                                 f"(expected {wrong.expected})") from None
            except (TypeError, ValueError, IndexError) as exc:
                raise ValueError(f"{json_type}: {name} {data[name]!r} is not valid ({exc})") from None
        return kind.cls(**args)
