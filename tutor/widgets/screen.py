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

from typing import Any, Callable, Optional

from tutor.core.svg import DEFAULT_LAYOUT, layout_for_width
from tutor.widgets.listeners import Listeners


_state: dict[str, Any] = {"layout": DEFAULT_LAYOUT, "width": None}
_watchers = Listeners("a widget redrawing for a new layout")   # bound methods, held weakly


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
    _watchers.call(new)            # one widget failing to redraw does not stop the others
    return True


def watch(method: Callable[[str], None]) -> None:
    """Call the bound `method(layout)` when the layout changes, for as long as its widget lives."""
    _watchers.add(method)


def reset() -> None:
    """Back to the default layout with no watchers (tests)."""
    _state.update(layout=DEFAULT_LAYOUT, width=None)
    _watchers.clear()
