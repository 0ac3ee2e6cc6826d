"""The page widget every lesson shows once, first: it installs the page CSS and watches the connection.

    lesson.page("ru")

Without it a page whose kernel is gone (server restarted, kernel crashed, network dropped) looks alive while
every button silently does nothing; the page asks the kernel for a sign of life now and then and after every
click, and shows "connection lost — reload" when none comes back. It also tells the kernel how wide the lesson's
column is, so boards are laid out for a phone, a laptop or a projector (tutor.widgets.screen).
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

import anywidget
import traitlets

from tutor.widgets import lazy, progress
from tutor.widgets.common import PAGE_CSS, StandIn, compact_esm, ui
from tutor.widgets.lazy import shared_reveal


# reference parts folded until the learner opens them, so the path through a lesson is short (a lesson names its own
# with lesson.page(lang, fold=[...]); these are the ids lessons/GUIDELINES.md gives such parts)
# the quick reference for the table too: a part of 2,000-3,400 px at each page's end, for the table, not the lesson
# (every reader of stop 50 put the phone page's length first); a link to it (the index's) opens it
FOLDED = ("part-components", "part-rulings", "part-variants", "part-summary")
CONTENTS_KEYS = ("title", "toggle", "toggle_at", "next", "back", "back_to", "back_chip", "show", "hide", "fold", "close",
                 "continue", "continue_unread", "read_of", "drills_right", "practised", "read_mark", "solved_before", "forget", "forget_confirm",
                 "forgotten", "export", "import", "imported", "import_bad", "not_saving", "practise", "practise_all",
                 "back_top", "marks_key", "zoom", "zoom_short", "zoom_close", "zoom_note", "zoom_wide", "zoom_wide_note",
                 "zoom_play_note", "zoom_in", "zoom_out", "ruling_head", "ruling_all")


def contents_words(lang: str) -> dict[str, str]:
    """The contents' words in `lang`, their slots ({part}, {n}, {total}) left for the page to fill."""
    slots = {name: "{%s}" % name for name in ("part", "n", "total", "read", "pct")}
    return {key: ui(f"page.contents.{key}", lang, **slots) for key in CONTENTS_KEYS}


class PageStatus(StandIn, anywidget.AnyWidget):
    """Page CSS (once per page) and the connection watch."""

    # the page's own script, with the learner's progress (static/progress.js) and the lesson's contents
    # (static/contents.js) inlined: anywidget loads one module
    # (compacted: the module is part of every lesson's first render)
    # ... and the lazy parts' placeholder (static/reveal.js), left at globalThis.__tutorReveal for their small
    # modules (static/reveal_stub.js, tutor.widgets.lazy): once here, not in each of ~45 placeholders' state
    _esm = "\n".join([compact_esm(name).replace("export function ", "function ")
                       for name in ("scroll.js", "progress.js", "contents.js", "zoom.js")]
                      + [shared_reveal(), compact_esm("page.js")])
    _css = PAGE_CSS
    lost_text = traitlets.Unicode("").tag(sync=True)
    reload_text = traitlets.Unicode("").tag(sync=True)
    contents_words = traitlets.Dict().tag(sync=True)          # the contents' words ({part}, {n} filled in the page)
    folded = traitlets.List(traitlets.Unicode()).tag(sync=True)  # ids of the parts shown folded at first
    interval_ms = traitlets.Int(15_000).tag(sync=True)       # a quiet page checks every 15 s
    timeout_ms = traitlets.Int(10_000).tag(sync=True)
    click_timeout_ms = traitlets.Int(5_000).tag(sync=True)   # a click gets an answer in milliseconds when all is well

    def __init__(self, lang: str = "en", fold: Optional[Iterable[str]] = None, practise: Any = None,
                 **kwargs: Any) -> None:
        lazy.page_made()            # the placeholders made after it lean on its module
        super().__init__(lost_text=ui("page.lost", lang), reload_text=ui("page.reload", lang),
                         contents_words=contents_words(lang), folded=list(FOLDED if fold is None else fold), **kwargs)
        self.practise_area = practise        # where a practise session appears (tutor.widgets.practise), if any
        self.add_class("tutor-page-status")
        self.on_msg(self._answer)
        progress.listen(self._tell)

    def _tell(self, answer: progress.Answer) -> None:
        """A learner's answer (tutor.widgets.progress), to be kept in their own browser (static/progress.js)."""
        self.send({"record": answer.as_json()})

    def _answer(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "ping" in content:
            self.send({"pong": content["ping"]})
        if isinstance(content, dict) and "restore" in content:
            # what this learner solved at an earlier visit (static/page.js, from their own browser): shown solved
            progress.restore(content["restore"])
        if isinstance(content, dict) and content.get("forget") is True:
            progress.forget_restored()
        if isinstance(content, dict) and "practise" in content and self.practise_area is not None:
            self.practise_area.start(content["practise"])
        if isinstance(content, dict) and "width" in content:
            # the lesson column's width: boards are laid out for it from now on (tutor.widgets.screen)
            from tutor.widgets import screen
            screen.set_width(content["width"])
