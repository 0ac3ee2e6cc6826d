"""What a learner did, one small record per answer (issue #33): made here, in one place, and told to whoever listens.

The quiz, the "your turn" task, the drill player and the scenario player call `record`; the page widget
(tutor/widgets/page.py) listens and hands each record to the learner's own browser, which keeps it
(tutor/widgets/static/progress.js); a room's view of what a class gets wrong can listen to the same records. A
record holds no name and no position: the game, the lesson's language and part, what was answered (its id and the
rules it practises), right or wrong, at the first try or not, the answer shown or found, and the time.

    {"v": 1, "game": "maui", "lang": "ru", "part": "part-seagull", "kind": "quiz", "item": "maui/seagull-takes",
     "rules": ["maui:seagull"], "right": false, "first": true, "shown": false, "time": 1796200000.0}
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Optional

from tutor.widgets.listeners import Listeners

VERSION = 1
KINDS = ("quiz", "task", "drill", "example")


@dataclass(frozen=True)
class Answer:
    """One answer (or one worked example stepped to its end)."""

    game: str
    lang: str
    part: str                 # the lesson part's anchor ("part-seagull"); "" when the lesson does not show the item
    kind: str                 # one of KINDS
    item: str                 # the quiz's, task's, drill's or scenario's id
    rules: tuple[str, ...]    # the rules it practises ("maui:seagull")
    right: bool
    first: bool               # the first answer to this question on this page
    shown: bool               # the learner asked for the answer ("Show me why") rather than finding it
    time: float               # seconds since the epoch

    def as_json(self) -> dict[str, Any]:
        return {"v": VERSION, "game": self.game, "lang": self.lang, "part": self.part, "kind": self.kind,
                "item": self.item, "rules": list(self.rules), "right": self.right, "first": self.first,
                "shown": self.shown, "time": round(self.time, 1)}


_listeners = Listeners("a progress listener")


def listen(callback: Callable[[Answer], None]) -> None:
    """Call `callback(answer)` for every record from now on. A bound method is held weakly (a page widget gone from
    the page stops listening by itself)."""
    _listeners.add(callback)


def record(kind: str, game: str, lang: str, item: str, rules: Iterable[str], *, right: bool, first: bool,
           shown: bool = False, part: Optional[str] = None) -> Answer:
    """Make the record and tell every listener; a listener that fails is logged, never the learner's problem."""
    if kind not in KINDS:
        raise ValueError(f"a progress record's kind is one of {KINDS}, not {kind!r}")
    answer = Answer(game=game, lang=lang, part=part if part is not None else part_of(game, lang, item), kind=kind,
                    item=item, rules=tuple(r for r in rules if r), right=bool(right), first=bool(first),
                    shown=bool(shown), time=time.time())
    _listeners.call(answer)         # one that fails is logged: the verdict is on the learner's screen already
    return answer


_QUOTED = re.compile(r"""["']([a-z0-9_]+/[a-z0-9_./-]+)["']""")


@lru_cache(maxsize=32)
def _item_parts(game: str, lang: str) -> dict[str, str]:
    """{item id: the anchor of the lesson part whose code shows it}, from the lesson's source."""
    from tutor import lesson_source
    found: dict[str, str] = {}
    try:
        lines = lesson_source.anchor_lines(game, lang)       # plain text: the static site's kernel has no jupytext
    except Exception:               # no lesson for this game and language (a test's own game): no parts to name
        return found
    in_code = False
    for anchor, line in lines:
        if line.startswith("```"):
            in_code = line.startswith("```{code-cell}")
            continue
        if in_code and anchor:
            for item in _QUOTED.findall(line):
                found.setdefault(item, anchor)
    return found


def part_of(game: str, lang: str, item: str) -> str:
    """The lesson part that shows `item` ("maui/seagull-takes"), or ""."""
    return _item_parts(game, lang).get(item, "")
