"""What a learner did, one small record per answer (issue #33): made here, in one place, and told to whoever listens.

The quiz, the "your turn" task, the drill player and the scenario player call `record`; the page widget
(tutor/widgets/page.py) listens and hands each record to the learner's own browser, which keeps it
(tutor/widgets/static/progress.js); a room's view of what a class gets wrong can listen to the same records. A
record holds no name and no position: the game, the lesson's language and part, what was answered (its id and the
rules it practises), right or wrong, at the first try or not, the answer shown or found, and the time; a task solved
also keeps its moves (the engine's JSON of each action, never the position), so that a page opened again shows it
solved as it was.

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
    moves: tuple[dict[str, Any], ...] = ()    # a task answered right: the learner's moves (action JSON), in order

    def as_json(self) -> dict[str, Any]:
        said = {"v": VERSION, "game": self.game, "lang": self.lang, "part": self.part, "kind": self.kind,
                "item": self.item, "rules": list(self.rules), "right": self.right, "first": self.first,
                "shown": self.shown, "time": round(self.time, 1)}
        if self.moves:
            said["moves"] = [dict(m) for m in self.moves]
        return said


_listeners = Listeners("a progress listener")


def listen(callback: Callable[[Answer], None]) -> None:
    """Call `callback(answer)` for every record from now on. A bound method is held weakly (a page widget gone from
    the page stops listening by itself)."""
    _listeners.add(callback)


def record(kind: str, game: str, lang: str, item: str, rules: Iterable[str], *, right: bool, first: bool,
           shown: bool = False, part: Optional[str] = None, moves: Iterable[dict[str, Any]] = ()) -> Optional[Answer]:
    """Make the record and tell every listener; a listener that fails is logged, never the learner's problem. While
    a widget is put back as an earlier visit left it (`restoring`), nothing is recorded: it was, then."""
    if _restoring:
        return None
    if kind not in KINDS:
        raise ValueError(f"a progress record's kind is one of {KINDS}, not {kind!r}")
    answer = Answer(game=game, lang=lang, part=part if part is not None else part_of(game, lang, item), kind=kind,
                    item=item, rules=tuple(r for r in rules if r), right=bool(right), first=bool(first),
                    shown=bool(shown), time=time.time(), moves=tuple(moves) if right else ())
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


# --- what an earlier visit solved, put back (the page's script tells it: static/page.js)
# {item id: the moves of a task solved, () for a quiz answered right}: the quizzes and tasks of this page whose latest
# answer on this device was right at an earlier visit (a reader who came back found a solved task drawn blank and
# the quiz they had answered open again, stop 58). Only a right answer is put back: a miss is the learner's to redo.
_solved: dict[str, tuple[dict[str, Any], ...]] = {}
_restore_listeners = Listeners("a widget putting back an earlier answer")
_restoring = False
MAX_RESTORED = 400
_ITEM = re.compile(r"^[a-z0-9_]+/[a-z0-9_-]+$")


def restore(solved: Any) -> int:
    """Take the page's {item: [move, …]} of what was solved before (what cannot be understood is left out) and tell
    the widgets already built; the number of items taken."""
    if not isinstance(solved, dict):
        return 0
    taken = 0
    for item, moves in list(solved.items())[:MAX_RESTORED]:
        if not isinstance(item, str) or not _ITEM.match(item) or not isinstance(moves, list) or len(moves) > 8 \
                or not all(isinstance(m, dict) for m in moves):
            continue
        _solved[item] = tuple(moves)
        taken += 1
    if taken:
        _restore_listeners.call()
    return taken


def solved_before(item: str) -> Optional[tuple[dict[str, Any], ...]]:
    """The moves of `item` solved at an earlier visit (() for a quiz), or None."""
    return _solved.get(item)


def on_restore(callback: Callable[[], None]) -> None:
    """Call `callback()` when the page tells what was solved before (a widget built before that puts itself back)."""
    _restore_listeners.add(callback)


class restoring:
    """`with progress.restoring():` a widget replays an earlier visit's answer: nothing is recorded meanwhile."""

    def __enter__(self) -> None:
        global _restoring
        _restoring = True

    def __exit__(self, *_exc: Any) -> None:
        global _restoring
        _restoring = False


def forget_restored() -> None:
    """The learner forgot their progress: nothing is put back from now on."""
    _solved.clear()
