"""States and actions to and from canonical JSON, for every game.

A game declares its saved-position format once: the format name, the state's fields with what each
must hold (small checks such as `integer(1, 12)` or `per_player(listing(text()))`), then the checks
that need the whole position; `StateCodec` does the rest. A malformed position is refused with a
`SavedStateError` naming the first thing that is wrong, in words generated from the declarations
("round must be a whole number 1..13", "hands must hold a list of whole numbers per player"), said in the
page's language: the phrases are ui.saved.* in tutor/locale, a noun given to a check is ui.saved.noun.<noun>
(ui.saved.nouns.<noun> for many), or <game>.saved.noun.<noun> in the game's catalogue for "<game>.<noun>".

    CODEC = StateCodec(State, "tutor/maui/2", "a Мяури position", {
        "players": integer(3, 6),
        "hands": per_player(listing(integer(1, 12))),
        ...
    }, checks=(...), invariants=check_invariants)
    to_json, state_from_json = CODEC.to_json, CODEC.from_json

Actions are written and read from their dataclass fields: tutor.core.actions.
"""

from __future__ import annotations

import json
from itertools import repeat
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from tutor.core.errors import SavedStateError
from tutor.core.safe_input import InputProblem, load_json
from tutor.core.wording import Words, joined

Data = dict[str, Any]                      # a position's JSON object, field by field
Said = Callable[[str], str]                # words said in the language given
Freeze = Callable[[Any], Any]              # a valid JSON value -> the value a state holds


def dumps(obj: Any) -> str:
    """Canonical JSON: equal states give equal text."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def frozen(value: Any) -> Any:
    """A JSON value as a state holds it: lists (at any depth) become tuples."""
    if isinstance(value, list):
        if any(isinstance(v, list) for v in value):
            return tuple([frozen(v) for v in value])
        return tuple(value)
    return value


def need(ok: bool, problem: Any) -> None:
    """Refuse a saved position unless `ok`, saying `problem`."""
    if not ok:
        raise SavedStateError(problem)


# --------------------------------------------------------------------------- what one value must be

# every noun a check was given: tests/test_saved_words.py fails on one without its two catalogue entries
NOUNS: set[str] = set()


def noun_words(name: str, many: bool = False) -> Said:
    """A check's noun in the reader's language: ui.saved.noun.<name> ("card id" -> card_id), or
    ui.saved.nouns.<name> for many (Russian and Ukrainian: the genitive plural, "a list of" them). A noun of
    one game's own lives in that game's catalogue and is named with its prefix: "maui.catch card" ->
    maui.saved.noun.catch_card. Every noun has both entries (tests/test_saved_words.py); one missing would be
    said as its bare name, never a refusal's traceback."""
    NOUNS.add(name)
    domain, _, noun = name.rpartition(".")
    key = f"{domain or 'ui'}.saved.{'nouns' if many else 'noun'}.{noun.replace(' ', '_')}"

    def said(lang: str) -> str:      # looked up when said: games build their checks before any catalogue is read
        from tutor.core.i18n import has, text
        return text(key, lang) if has(key) else noun
    return said


def _flags(*pairs: tuple[bool, str]) -> Said:
    """", sorted, none twice": the flags that hold, each said after a comma."""
    words = [Words(key) for on, key in pairs if on]
    return lambda lang: "".join(", " + w.said(lang) for w in words)


@dataclass(frozen=True)
class Check:
    """What a JSON value must be: `test(value, data)` (data: the whole position, for per-player lengths),
    and how to say it for one value ("a whole number 1..12") and for many ("whole numbers 1..12"): Words (or
    text) said in the reader's language."""

    test: Callable[[Any, Data], bool]
    one: Any
    many: Any
    verb: str = "be"            # "players must be ...", "hands must hold ... per player"
    freeze: Optional[Freeze] = None   # the valid JSON value as the state holds it (None: as it is)

    def __call__(self, value: Any, data: Optional[Data] = None) -> bool:
        return self.test(value, {} if data is None else data)

    def problem(self, name: str) -> Words:
        return Words(f"ui.saved.must_{self.verb}", field=name, what=self.one)


def is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def integer(lo: Optional[int] = None, hi: Optional[int] = None, *, noun: str = "whole number") -> Check:
    one, many = noun_words(noun), noun_words(noun, many=True)
    said: tuple[Any, Any]
    if lo is not None and hi is not None:
        said = Words("ui.saved.int.range", noun=one, lo=lo, hi=hi), Words("ui.saved.ints.range", nouns=many, lo=lo, hi=hi)
    elif lo is not None:
        said = Words("ui.saved.int.from", noun=one, lo=lo), Words("ui.saved.ints.from", nouns=many, lo=lo)
    else:
        said = Words("ui.saved.a", noun=one), many
    low = float("-inf") if lo is None else lo
    high = float("inf") if hi is None else hi
    return Check(lambda x, d: type(x) is int and low <= x <= high, *said)


def boolean() -> Check:
    return Check(lambda x, d: isinstance(x, bool), Words("ui.saved.bool"), Words("ui.saved.bools"))


# the most values a refusal lists ("one of take, keep, over"); a longer set is a game's component ids
LISTED = 8


def text(among: Optional[Iterable[str]] = None, *, noun: str = "text") -> Check:
    """A string; with `among`, one of those."""
    if among is None:
        return Check(lambda x, d: isinstance(x, str), Words("ui.saved.a", noun=noun_words(noun)),
                     noun_words(noun, many=True))
    among = tuple(among)
    if len(among) > LISTED:         # component ids ("card-151", ...): named by their noun, never listed
        return Check(lambda x, d: isinstance(x, str) and x in among, Words("ui.saved.a", noun=noun_words(noun)),
                     noun_words(noun, many=True))
    listed = ", ".join(a for a in among if a)      # the JSON values themselves (phases, sides, variants)
    names: "str | Words" = Words("ui.saved.or_empty", names=listed) if "" in among else listed
    return Check(lambda x, d: isinstance(x, str) and x in among, Words("ui.saved.among", names=names),
                 Words("ui.saved.among_many", nouns=noun_words(noun, many=True), names=names))


def nullable(check: Check) -> Check:
    inner, freeze = check.test, check.freeze
    return Check(lambda x, d: x is None or inner(x, d), Words("ui.saved.or_null", what=check.one),
                 Words("ui.saved.or_nulls", what=check.many),
                 freeze=None if freeze is None else lambda x: None if x is None else freeze(x))


def listing(item: Optional[Check] = None, length: Union[int, Callable[[Data], Any], None] = None, *,
            distinct: bool = False, ordered: bool = False) -> Check:
    """A list of `item`s; `length` an int, or a function of the whole position; `distinct` no repeats,
    `ordered` sorted."""
    def test(x: Any, d: Data) -> bool:
        if not isinstance(x, list):
            return False
        if length is not None and len(x) != (length(d) if callable(length) else length):
            return False
        if item is not None and not all(map(item.test, x, repeat(d))):
            return False
        if distinct and len(set(map(_hashable, x))) != len(x):
            return False
        try:
            return not ordered or x == sorted(x)
        except TypeError:           # things that do not compare are not in order
            return False
    what: Any = item.many if item is not None else noun_words("entry", many=True)
    extra = _flags((ordered, "ui.saved.sorted"), (distinct, "ui.saved.distinct"))
    one: Words
    many: Words
    if isinstance(length, int):
        one = Words("ui.saved.list_sized", what=what, size=length, extra=extra)
        many = Words("ui.saved.lists_sized", what=what, size=length, extra=extra)
    else:
        one, many = Words("ui.saved.list", what=what, extra=extra), Words("ui.saved.lists", what=what, extra=extra)
    return Check(test, one, many, freeze=_tuple_of(item))


def row(*items: Check) -> Check:
    """A list of exactly these, in order (a pair such as [cell, seat])."""
    def test(x: Any, d: Data) -> bool:
        return isinstance(x, list) and len(x) == len(items) and all(c.test(v, d) for c, v in zip(items, x))
    what = joined([c.one for c in items], before="[", after="]")
    many = Words("ui.saved.row_many", what=what)
    if all(c.freeze is None for c in items):
        return Check(test, what, many, freeze=tuple)
    return Check(test, what, many,
                 freeze=lambda x: tuple(v if c.freeze is None else c.freeze(v) for c, v in zip(items, x)))


def per_player(item: Optional[Check] = None, *, distinct: bool = False) -> Check:
    """A list with one `item` per player (the position's "players" field)."""
    inner = listing(item, length=lambda d: d.get("players"), distinct=distinct)
    one = Words("ui.saved.per_player", what=item.one if item is not None else Words("ui.saved.one_entry"),
                extra=_flags((distinct, "ui.saved.distinct")))
    return Check(inner.test, one, Words("ui.saved.lists_each", what=one), verb="hold", freeze=inner.freeze)


def seat() -> Check:
    """A seat number 0..players-1."""
    return Check(lambda x, d: is_int(x) and 0 <= x < d.get("players", 0), Words("ui.saved.a", noun=noun_words("seat")),
                 noun_words("seat", many=True))


def _tuple_of(item: Optional[Check]) -> Freeze:
    if item is None:
        return frozen                   # entries of any kind
    freeze = item.freeze
    if freeze is None:
        return tuple
    return lambda x: tuple(map(freeze, x))


def _hashable(x: Any) -> Any:
    return json.dumps(x, sort_keys=True) if isinstance(x, (list, dict)) else x


# --------------------------------------------------------------------------- whole-position checks

def conserved(found: Sequence[Any], every: Sequence[Any], kind: str) -> Optional[Words]:
    """Every component of a kind accounted for exactly once: the problem, or None.
    `found`: the ids in the position; `every`: the ids the game has; `kind`: their noun ("catch card")."""
    known = set(every)
    unknown = [c for c in found if c not in known]
    if unknown:
        return Words("ui.saved.no_such", noun=noun_words(kind), id=repr(unknown[0]))
    if len(found) != len(set(found)):
        return Words("ui.saved.twice", noun=noun_words(kind))
    lost = len(every) - len(found)
    if lost:
        return Words("ui.saved.lost", lost, noun=noun_words(kind), nouns=noun_words(kind, many=True))
    return None


# --------------------------------------------------------------------------- the codec

@dataclass(frozen=True)
class StateCodec:
    """A game's saved-position format.

    fields: {name: Check} in the order they are checked; each is a field of `state` (tuples stored as lists).
    what: how a refusal names the position ("a Мяури position").
    checks: functions of the decoded JSON (fields already valid) giving a problem or None, in order.
    optional: {name: value} fields a position may leave out, and are left out when they hold that value.
    older: {old format: {field: value}} earlier formats that still load, with what they lacked.
    invariants: a function of the built state giving its problems (the engine's own checks).
    """

    state: type
    format: str
    what: str
    fields: dict[str, Check]
    checks: tuple[Callable[[Data], Any], ...] = ()
    optional: Data = field(default_factory=dict)
    older: dict[str, Data] = field(default_factory=dict)
    invariants: Optional[Callable[[Any], Sequence[Any]]] = None

    def to_json(self, state: Any) -> str:
        data = {name: getattr(state, name) for name in self.fields}     # tuples are written as JSON lists
        for name, value in self.optional.items():
            # (a state's tuple is left out as the JSON list it is written as: optional={"laid": []})
            if data[name] == value or (isinstance(data[name], tuple) and list(data[name]) == value):
                del data[name]
        data["format"] = self.format
        return dumps(data)

    def from_json(self, text: Any) -> Any:
        """Parse and validate; raises SavedStateError naming the first thing that is wrong."""
        data = self.read(text)
        state = self.state(**{name: data[name] if check.freeze is None else check.freeze(data[name])
                               for name, check in self.fields.items()})
        if self.invariants is not None:
            problems = self.invariants(state)
            need(not problems, problems[0] if problems else "")
        return state

    def _named(self, lang: str) -> str:
        """How a refusal names the game: its title in the page's language ("tutor/maui/2": maui); the format's
        internal name never reaches a learner."""
        from tutor.core.game import spec
        parts = self.format.split("/")
        name = parts[1] if len(parts) >= 3 else parts[0]
        try:
            return spec(name).title(lang)
        except Exception:       # a format that names no registered game (a test's): its own name
            return name

    def read(self, text: Any) -> Data:
        """The JSON object (or text) as a checked dict with every field, before it becomes a state."""
        try:
            data = load_json(text) if isinstance(text, (str, bytes)) else text
        except InputProblem as exc:
            raise SavedStateError(exc.words) from None
        need(isinstance(data, dict), Words("ui.saved.not_object"))
        if isinstance(data.get("format"), str) and data["format"] in self.older:
            data = {**self.older[data["format"]], **data, "format": self.format}
        need(data.get("format") == self.format,
             Words("ui.saved.not_this_game", what=self._named))
        data = {**self.optional, **data}
        missing = [name for name in self.fields if name not in data]
        need(not missing, missing and Words("ui.saved.missing", field=repr(missing[0])))
        extra = sorted(set(data) - set(self.fields) - {"format"})
        need(not extra, extra and Words("ui.saved.unknown", field=repr(extra[0])))
        for name, check in self.fields.items():
            if not check.test(data[name], data):
                raise SavedStateError(check.problem(name))
        for whole in self.checks:
            problem = whole(data)
            need(problem is None, problem or "")
        return data
