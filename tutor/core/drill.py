"""Drills: endless questions the engine makes and judges ("Practise this" after a lesson part).

A drill is a generator: from a seed it plays seeded random moves (or deals) to a fresh position, asks one
question about it, and works the answer out with the engine itself (legal_actions, apply, score). The
question carries the engine's own reasons (events and score breakdowns, each citing its rule): a wrong
answer first gets the hint, which points at the rule, and "show me why" then shows those reasons.

    from tutor.core import drill
    d = drill.find("maui/who-takes")
    q = drill.question(d, seed=7)            # the same seed makes the same question, in every language
    drill.judge(q, {"p2"}).correct            # choices are picked by key; `multi` questions take a set

A game lists its drills in its spec (`GameSpec.drills`, usually `part(__name__, ".drills:DRILLS")`).
Texts are language-neutral (tutor.core.wording.Words, or a function of the language), so a question made
once is said in the reader's language; card names come from the game's own wording, never an id.

A generator returns None when the position it reached makes a poor question (only one sensible answer,
nothing to decide): `question` tries the next seed. `question` also refuses what no generator may ask:
fewer than two choices, no right choice, or every choice right (unless a pick-all question says
it may be: `all_may_be_right`, as when every card of a hand may be played).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Union

from tutor.core.events import Event
from tutor.core.scenario import ScenarioError
from tutor.core.scoring import Breakdown
from tutor.core.wording import say

Text = Any            # Words, a function of the language, a {lang: text} mapping, or a plain string
TRIES = 200           # seeds a question may skip before the drill is called broken


def said(value: Text, lang: str = "en") -> str:
    """A drill text in `lang`: Words / functions are said; a {lang: text} mapping picks its language."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or next(iter(value.values()), "")
    return say(value, lang)


@dataclass(frozen=True)
class Option:
    """One answer the learner may pick: `key` is what the page sends back, `label` what the button says."""

    key: str
    label: Text
    # the board element the option names, as the renderer keys it ("cell:19", "seat:2"), if it names one: what
    # tests/test_give_aways.py holds to no mark on the question's board
    on_board: str = ""


@dataclass(frozen=True)
class Question:
    """One drill question about one position, with its answer and the engine's reasons.

    `state` is the position the board shows (drawn for `viewer`: a seat, or None for everything face up);
    `after` (optional) the position once the asked moves are played, shown by "show me why" with `events`.
    `why` is what "show me why" lists: events (each narrated with its rule) and score breakdowns."""

    drill: str                            # "maui/who-takes"
    key: str                              # the position and question in one string: never asked twice in a session
    state: Any
    prompt: Text
    options: tuple[Option, ...]
    answer: frozenset[str]                # the keys of the right options
    rule: str                             # the rule that decides (cited with the hint)
    hint: Text                            # points at the rule, never at the answer
    explain: Text = ""                    # a sentence saying why the answer is right (shown by "show me why")
    why: tuple[Event | Breakdown, ...] = ()   # the engine's reasons, each citing its rule
    viewer: Optional[int] = None
    highlight: tuple[str, ...] = ()
    # what "show me why" marks on the board (the position redrawn with them, or `after` if given): the reasons
    # drawn where they lie, not only listed
    why_highlight: tuple[str, ...] = ()
    after: Any = None                     # the position after the moves the question is about, if any
    events: tuple[Event, ...] = ()        # the events drawn on `after` (what happened)
    multi: bool = False                   # pick every right option (a "Check" button), not one
    # a picture of its own shown instead of the board, (lang, layout, answered) -> SVG: where what is asked is not
    # what a board shows well (Aqua Fest's collection of fragments: chips in a panel under an empty seabed); once
    # answered it may show the reasons (the best grouping)
    picture: Optional[Callable[[str, Optional[str], bool], str]] = None
    all_may_be_right: bool = False        # multi: every option may be right (the learner must still see that)

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)


@dataclass(frozen=True)
class Verdict:
    correct: bool
    picked: frozenset[str]
    missing: frozenset[str] = frozenset()     # right options not picked (multi)
    extra: frozenset[str] = frozenset()       # wrong options picked


@dataclass(frozen=True)
class Drill:
    """A kind of question. `make(rng)` returns a Question or None (a poor position: try another seed)."""

    id: str                               # "<game>/<name>"
    part: str                             # the lesson part it practises ("part-depths")
    title: Text                           # "Who takes which fish?"
    rule: str                             # the rule it practises (cited on the drill's heading)
    make: Callable[[random.Random], Optional[Question]] = field(repr=False)

    @property
    def game(self) -> str:
        return self.id.partition("/")[0]


class DrillError(ScenarioError):
    """A drill that cannot make a question (a broken generator): said plainly, never a traceback."""


def drills(game_id: str) -> tuple[Drill, ...]:
    """The game's drills, in lesson order (empty if it has none)."""
    from tutor.core.game import spec
    loader = spec(game_id).drills
    return tuple(loader()) if loader else ()


def find(drill_id: str) -> Drill:
    game_id = drill_id.partition("/")[0]
    for d in drills(game_id):
        if d.id == drill_id:
            return d
    raise DrillError(f"no drill {drill_id!r}")


def problems(q: Question) -> list[str]:
    """What makes a question unfit to ask (empty when it is fine)."""
    keys = [o.key for o in q.options]
    out: list[str] = []
    if len(keys) < 2:
        out.append("fewer than two options")
    if len(set(keys)) != len(keys):
        out.append("two options share a key")
    if not q.answer:
        out.append("no right option")
    elif not set(q.answer) <= set(keys):
        out.append(f"answer {sorted(q.answer)} is not among the options {keys}")
    elif set(q.answer) == set(keys) and not (q.multi and q.all_may_be_right):
        out.append("every option is right: nothing to get wrong")
    if not q.multi and len(q.answer) != 1:
        out.append("a one-pick question needs exactly one right option")
    if not q.rule:
        out.append("no rule cited")
    return out


def question(d: Drill, seed: Union[int, str], skip: Iterable[str] = ()) -> Question:
    """The drill's question for `seed`: the first fit question from seeds `seed`, `seed`/1, `seed`/2, ... whose
    key is not in `skip` (the keys a session has asked already)."""
    asked = set(skip)
    for attempt in range(TRIES):
        rng = random.Random(f"{d.id}/{seed}" if attempt == 0 else f"{d.id}/{seed}/{attempt}")
        q = d.make(rng)
        if q is None or q.key in asked:
            continue
        bad = problems(q)
        if bad:
            raise DrillError(f"{d.id} (seed {seed}): {'; '.join(bad)}")
        return q
    raise DrillError(f"{d.id}: no fresh question in {TRIES} tries from seed {seed}")


def judge(q: Question, picked: str | Iterable[str]) -> Verdict:
    """The learner's pick (a key, or a set of keys for a `multi` question) against the engine's answer."""
    keys = frozenset([picked] if isinstance(picked, str) else picked)
    missing = frozenset(q.answer - keys)
    extra = frozenset(keys - q.answer)
    return Verdict(not missing and not extra and bool(keys), keys, missing, extra)
