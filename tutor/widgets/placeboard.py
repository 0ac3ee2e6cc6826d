"""A board on which a piece is placed by pointing at it (a sandbox's board; the play table does the same through
GameUI.placing): the SVG, and the data of the piece to place (its format: the header of static/placing.js). The page
previews, turns and flips the piece by itself and sends (orientation, x, y); `on_place` asks the engine."""

from __future__ import annotations

from typing import Any, Callable, Optional

import anywidget
import traitlets

from tutor.widgets.common import StandIn, esm


class PlaceBoard(StandIn, anywidget.AnyWidget):
    _esm = esm("placeboard.js", "placing.js")
    value = traitlets.Unicode("").tag(sync=True)       # the SVG
    placing = traitlets.Dict().tag(sync=True)          # the piece's data ({} when there is nothing to place)
    v = traitlets.Int(0).tag(sync=True)

    def __init__(self, on_place: Optional[Callable[[int, int, int], None]] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_place = on_place
        self.on_msg(self._on_msg)

    def show(self, svg: str, placing: Optional[dict[str, Any]]) -> None:
        with self.hold_sync():
            self.value = svg
            self.placing = placing or {}
            self.v += 1

    def place(self, o: int, x: int, y: int) -> None:
        """What a click (or Enter) on the page does."""
        if self.on_place is not None:
            self.on_place(o, x, y)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("v") != self.v:
            return
        value = content.get("place")
        if isinstance(value, list) and len(value) == 3 and all(type(n) is int for n in value):
            self.place(*value)
