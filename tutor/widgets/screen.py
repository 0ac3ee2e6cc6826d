"""The screen this page is drawn on: the board layout (tutor.core.svg.LAYOUTS) for the width the page reports.

Voilà gives each page a kernel of its own, so the layout is the kernel's: the page widget (tutor.widgets.page)
tells it the width of the lesson's column when it is drawn and again when that width changes (a phone turned on
its side, a window resized); every board drawn from then on is laid out for it, and the widgets already on the
page are told (`watch`) so they draw their board again.

    from tutor.widgets import screen
    screen.layout()                 # "laptop" until the page has said otherwise
    screen.set_width(390)           # what the page widget does: the layout is now "phone"
"""

from __future__ import annotations

import logging
import weakref
from typing import Any, Callable, Optional

from tutor.core.svg import DEFAULT_LAYOUT, layout_for_width

log = logging.getLogger(__name__)

_state: dict[str, Any] = {"layout": DEFAULT_LAYOUT, "width": None}
_watchers: list[Callable[[], Optional[Callable[[str], None]]]] = []          # weak references to the bound methods to call when the layout changes


def layout() -> str:
    return str(_state["layout"])


def width() -> Optional[float]:
    """The column width the page last reported (CSS px), or None before it has."""
    found: Optional[float] = _state["width"]
    return found


def set_width(px: object) -> bool:
    """The page's column is `px` CSS px wide: pick its layout; True if the layout changed (the widgets redraw)."""
    if not isinstance(px, (int, float, str)):      # what the page sent is JSON: a list or null says nothing
        return False
    try:
        wide = float(px)
    except ValueError:
        return False
    if not 100 <= wide <= 20_000:       # a page (or a hostile message) reporting nonsense changes nothing
        return False
    _state["width"] = wide
    new = layout_for_width(wide)
    if new == _state["layout"]:
        return False
    _state["layout"] = new
    for ref in list(_watchers):
        fn = ref()
        if fn is None:
            _watchers.remove(ref)
            continue
        try:
            fn(new)
        except Exception:          # one widget failing to redraw must not stop the others
            log.exception("a widget could not redraw for the %s layout", new)
    return True


def watch(method: Callable[[str], None]) -> None:
    """Call the bound `method(layout)` when the layout changes, for as long as its widget lives."""
    ref = weakref.WeakMethod(method) if hasattr(method, "__self__") else (lambda m=method: m)
    _watchers.append(ref)
    if len(_watchers) > 512:          # drop the dead ones now and then: parts are built and rebuilt
        _watchers[:] = [r for r in _watchers if r() is not None]


def reset() -> None:
    """Back to the default layout with no watchers (tests)."""
    _state.update(layout=DEFAULT_LAYOUT, width=None)
    _watchers.clear()
