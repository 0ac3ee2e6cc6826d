"""Choosing on the board: click (or focus and press Enter or Space) what the engine offers on the SVG itself.

One mechanism for every game and every widget:

- a game says where each action is chosen on its board, step by step (`GameUI.board_keys(action)`, e.g.
  Aqua Fest's move is ("card:crab-3", "cell:7"): a card, then a cell); it never says what is legal;
- `steps(paths, chosen)` works out what the board offers now from the legal actions' keys and the keys
  chosen so far: the next step's keys, and every earlier step's other keys (to change one's mind), the chosen
  ones pressed (to take them back). A key completes an action when it ends exactly one action's keys;
- the widget turns those into choices with ids, passes the renderer `choosable={key: Offer(id, label)}`
  (tutor.core.svg), and the renderer lays a focusable button (`data-choice`) over each element so named;
- the page (static/choose.js) sends the id of what was clicked, as it sends a button press; a click on
  anything else does nothing, and the kernel drops an id it did not offer in the view on screen.

The play table (tutor.widgets.play) uses it for moves; sandboxes use `ClickBoard` for their own clicks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

import anywidget
import traitlets

from tutor.core.game import AnySpec
from tutor.core.svg import Offer
from tutor.widgets.common import StandIn, esm, render, with_own_ids


@dataclass(frozen=True)
class Step:
    """What one board element does now: complete `action`, or set the chosen keys to `then`."""

    key: str
    level: int                     # which step of the choice it belongs to (0: the first)
    action: Any = None
    then: tuple[str, ...] = ()
    pressed: bool = False          # chosen already: pressing it again takes it back

    @property
    def completes(self) -> bool:
        return self.action is not None


# the board keys that choose an action, in the order they are clicked
Route = tuple[str, ...]
# what a game's `board_keys` gives for an action: its keys, or a list of the orders they may be clicked in
BoardKeys = Route | list[Route]


def routes(keys: BoardKeys) -> list[Route]:
    """The orders of keys that choose an action: `board_keys` gives one tuple of keys, or a list of such tuples
    when the steps may come in any order."""
    if isinstance(keys, list):
        return [tuple(k) for k in keys if k]
    return [tuple(keys)] if keys else []


Paths = Mapping[Any, BoardKeys]       # {action: its board keys}


def steps(paths: Paths, chosen: Sequence[str] = ()) -> list[Step]:
    """The board's offer when the keys `chosen` are picked so far. `paths` maps each legal action to its keys
    (or to a list of orders of its keys, see `routes`).

    Deepest step first (the keyboard goes there after each step). A key shared by two actions that end there
    completes neither (the buttons tell them apart); a key that ends one action and begins longer ones is a
    step (the board cannot know which was meant)."""
    chosen = tuple(chosen)
    out: dict[str, Step] = {}
    for level in range(len(chosen), -1, -1):
        base = chosen[:level]
        if level < len(chosen):
            out.setdefault(chosen[level], Step(chosen[level], level, then=base, pressed=True))
        groups: dict[str, list[tuple[Any, Route]]] = {}
        for action, value in paths.items():
            for keys in routes(value):
                if len(keys) > level and keys[:level] == base:
                    groups.setdefault(keys[level], []).append((action, keys))
        for key, group in groups.items():
            if key in out:
                continue
            ending = list(dict.fromkeys(a for a, keys in group if len(keys) == level + 1))
            longer = [a for a, keys in group if len(keys) > level + 1]
            if longer:
                out[key] = Step(key, level, then=base + (key,))
            elif len(ending) == 1:
                out[key] = Step(key, level, action=ending[0])
    return list(out.values())


def paths_of(board_keys: Optional[Callable[[Any], BoardKeys]], actions: Iterable[Any]) -> dict[Any, BoardKeys]:
    """{action: its keys} for the actions the board can show (`board_keys` is the game's GameUI.board_keys): a
    tuple of keys, or a list of the orders they may be clicked in (`routes`)."""
    if board_keys is None:
        return {}
    out: dict[Any, BoardKeys] = {}
    for action in actions:
        found = board_keys(action) or ()
        keys = routes(found) if isinstance(found, list) else tuple(found)
        if keys:
            out[action] = keys
    return out


def render_choosable(game: AnySpec, view: dict[str, Any], *, highlight: Iterable[Any] = (), events: Iterable[Any] = (),
                     lang: str = "en", choosable: Optional[Mapping[str, Offer]] = None,
                     layout: Optional[str] = None) -> str:
    """The game's board with `choosable` marked, laid out for the page's screen; exactly `common.render` when nothing
    is choosable or the game's renderer does not take `choosable` (its buttons still work)."""
    more = {"choosable": choosable} if choosable else {}
    return render(game, view, highlight=highlight, events=events, lang=lang, layout=layout, **more)


_CHOICE = re.compile(r'<g (?:[^>]*? )?class="choice"[^>]*>.*?</g>', re.S)    # a hit area holds no <g>


def without_choices(svg: str) -> str:
    """The board as a picture: what `choosable` added taken off (to compare positions drawn with and without
    something to click)."""
    out = _CHOICE.sub("", svg).replace('<g class="choices" />', "").replace('<g class="choices"></g>', "")
    return out.replace(' role="group" ', ' role="img" ', 1)


def esm_with_choices(name: str) -> str:
    """An anywidget module from tutor/widgets/static with choose.js's and placing.js's helpers inlined (one module
    per widget, no build step)."""
    return esm(name, "choose.js", "placing.js")


class ClickBoard(StandIn, anywidget.AnyWidget):
    """An SVG whose choosable elements call back into Python: a sandbox's board.

        choosable = board.offer({"card:dive-2-9": (lambda: pick(1, 9), "Player 2: 9", False), ...})
        board.value = render(..., choosable=choosable)

    `value` is the SVG (as an `ipywidgets.HTML` holds it). A click sends the element's choice id with the
    version of the board it was made on; an id from an older board, or one not offered, is dropped."""

    _esm = esm_with_choices("clickboard.js")
    value = traitlets.Unicode("").tag(sync=True)
    v = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("tutor-svg")
        self._handlers: dict[str, Callable[[], None]] = {}   # choice id -> callback, for the board on screen
        self._pending: dict[str, Callable[[], None]] = {}    # the same for the board being drawn
        self._keys: dict[str, str] = {}                      # element key -> choice id, for the board on screen
        self._pending_keys: dict[str, str] = {}
        self.on_msg(self._on_msg)
        self.observe(self._shown, names="value")

    def offer(self, items: Mapping[str, tuple[Callable[[], None], str, bool]]) -> dict[str, Offer]:
        """{key: (callback, label, pressed)} -> the `choosable` to render with; the callbacks take effect with the
        next `value`."""
        self._pending, self._pending_keys = {}, {}
        out: dict[str, Offer] = {}
        for n, (key, (callback, label, pressed)) in enumerate(items.items()):
            cid = f"b{n}"
            self._pending[cid] = callback
            self._pending_keys[key] = cid
            out[key] = Offer(cid, label, pressed)
        return out

    @traitlets.validate("value")
    def _own_ids(self, proposal: Any) -> str:
        """A board with its <defs> inline gets ids of its own (common.own_ids): a sandbox's may sit beside others."""
        return with_own_ids(proposal["value"])

    def _shown(self, _change: Any) -> None:
        with self.hold_sync():
            self._handlers, self._pending = self._pending, {}
            self._keys, self._pending_keys = self._pending_keys, {}
            self.v += 1

    def choose(self, cid: str, v: Optional[int] = None) -> None:
        """What a click on the page does (only for the board on screen)."""
        if v is not None and v != self.v:
            return
        callback = self._handlers.get(cid)
        if callback is not None:
            callback()

    def click(self, key: str) -> None:
        """Click the element drawn under `key`, as a learner would (tests, notebooks)."""
        cid = self._keys.get(key)
        if cid is None:
            raise KeyError(f"nothing choosable at {key!r} (offered: {', '.join(self._keys) or 'nothing'})")
        self.choose(cid, self.v)

    @property
    def offered(self) -> list[str]:
        """The keys choosable on the board on screen."""
        return list(self._keys)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("choose"), str):
            v = content.get("v")
            self.choose(content["choose"], v if isinstance(v, int) else -1)
