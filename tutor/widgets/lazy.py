"""Lazy parts: a lesson page shows a light placeholder for each interactive part and builds the part only
when the learner reaches it (it scrolls near the screen) or opens it.

    part = LazyPart(lambda: ScenarioPlayer("maui/setup", lang="ru"), label="▶ Пример: подготовка", lang="ru")
    part.expand()        # what the page does when the placeholder comes into view; returns the built widget

Why: a lesson page once built ~1,000 widget models up front and shipped ~1.5 MB of widget state with the first
render, most of it for parts far below the fold. A placeholder is two models (the box and its `Reveal`, sharing
one Layout), and the page's whole first render stays within about 100 models and 220 KB (tests/test_notebooks.py
measures it).
"""

from __future__ import annotations

import weakref
from typing import Any, Callable

import anywidget
import ipywidgets as W
import traitlets

from tutor.widgets import screen
from tutor.widgets.common import ErrorArea, MessageSink, StandIn, compact_esm, guard, shared, ui

# every part built in this kernel, so tests (and a notebook's "open everything") can reach them
_PARTS: "weakref.WeakSet[LazyPart]" = weakref.WeakSet()


class Reveal(StandIn, anywidget.AnyWidget):
    """The placeholder's front-end: a button that turns `opened` on when clicked or scrolled near. This class carries
    the whole of static/reveal.js: a placeholder made where no page widget was (a helper's cell run on its own in
    JupyterLab); a lesson's placeholders are `Shared` ones."""

    # the page CSS comes once, with the page widget (tutor.widgets.page); the module without its comments
    _esm = compact_esm("reveal.js")
    label = traitlets.Unicode("").tag(sync=True)
    loading = traitlets.Unicode("").tag(sync=True)
    opened = traitlets.Bool(False).tag(sync=True)
    column_px = traitlets.Float(0).tag(sync=True)  # the lesson column's width (CSS px) when the page opened the part
    done = traitlets.Bool(False).tag(sync=True)


class ManualReveal(Reveal):
    """A placeholder opened only by its button, never by coming near the screen (a helper met again in a later part:
    on a phone each copy was two more screens of the same buttons, a reader; a part's extras)."""

    _esm = compact_esm("reveal.js").replace("manual = false) {", "manual = true) {", 1)


class SharedReveal(Reveal):
    """A placeholder whose front-end is the page's (static/reveal_stub.js waits for what the page's module leaves at
    globalThis.__tutorReveal, shared_reveal): its state carries ~0.4 KB of module, not ~4 KB. A lesson's page showed
    ~45 placeholders, and their copies of reveal.js were half of its first render."""

    _esm = compact_esm("reveal_stub.js")


class SharedManualReveal(SharedReveal):
    """SharedReveal opened only by its button."""

    _esm = compact_esm("reveal_stub.js").replace("const MANUAL = false;", "const MANUAL = true;", 1)


def shared_reveal() -> str:
    """static/reveal.js as the page's module carries it for every SharedReveal (tutor.widgets.page): its render left
    at globalThis.__tutorReveal, under a name of its own beside the page's render."""
    code = compact_esm("reveal.js").replace("export default { render };", "")
    return code.replace("function render(", "function revealRender(", 1) + "\nglobalThis.__tutorReveal = revealRender;"


# whether a page widget was made in this kernel (tutor.widgets.page.PageStatus): the placeholders after it lean on
# its module; before it (or with none) each carries its own
_PAGE_MADE = [False]


def page_made() -> None:
    """Told by the page widget when it is made."""
    _PAGE_MADE[0] = True


def practice_class(item: str) -> str:
    """The class naming a practice item's id on its part ("maui/seagull-takes" -> "tutor-item-maui--seagull-takes")."""
    return "tutor-item-" + item.replace("/", "--")


class LazyPart(StandIn, W.Box):  # type: ignore[misc]  # ipywidgets is untyped
    """A box that holds a `Reveal` until opened, then the widget `build()` returns (or a friendly error)."""

    def __init__(self, build: Callable[[], W.Widget], label: str, lang: str = "en", practice: str = "",
                 manual: bool = False, **kwargs: Any) -> None:
        self._build = build
        self.lang = lang
        self.content: W.Widget | None = None
        # one Layout for every placeholder and its box: each widget otherwise brings a Layout model of its own, two
        # of the three models a placeholder cost (~75 of a lesson's ~150 models and ~75 KB of its first render)
        kind = ((SharedManualReveal if manual else SharedReveal) if _PAGE_MADE[0]
                else (ManualReveal if manual else Reveal))
        self.reveal = kind(label=label, loading=ui("lazy.loading", lang), layout=shared("layout"))
        kwargs.setdefault("layout", shared("layout"))
        super().__init__([self.reveal], **kwargs)
        self.add_class("tutor-lazy")
        if manual:
            self.add_class("tutor-lazy-manual")
        if practice:
            # a quiz, task or drill: the page counts a part's practice by these (static/contents.js) and the
            # learner's answers to them (tutor.widgets.progress), so a part is marked done only when all are
            self.add_class("tutor-practice")
            self.add_class(practice_class(practice))
        self.reveal.observe(self._on_opened, names="opened")
        self.reveal.on_msg(self._on_page_msg)
        self.rebuilt = 0
        _PARTS.add(self)

    @property
    def label(self) -> str:
        return str(self.reveal.label)

    def _on_opened(self, change: dict[str, Any]) -> None:
        if change["new"]:
            # the page says how wide its column is with the opening: the part's boards are laid out for it even when
            # it opens before the page widget's own report arrives (tutor.widgets.screen)
            if self.reveal.column_px:
                screen.set_width(self.reveal.column_px)
            self.expand()

    def _on_page_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("missing") and content.get("unbuilt"):
            self._answer_unbuilt(content)
            return
        # The page saw this part built but never got its widget (a message lost or unusable on the way: reveal.js
        # asks after 20, 40 and 80 s): build it again, as new widgets with new models the page has not seen. The old
        # one is left open: on a starved machine the page may still be drawing it, and closing its model under that
        # view made "widget model not found" errors and more parts stall (a loaded run). At most three times,
        # whatever a page sends.
        if isinstance(content, dict) and content.get("missing") and self.content is not None and self.rebuilt < 3:
            self.rebuilt += 1
            self.content = None
            self.expand()

    def _answer_unbuilt(self, content: dict[str, Any]) -> None:
        # The page opened this part 20 s ago or more and never heard that it was built (reveal.js): the opening or
        # the answer was lost on the way. Build it if the opening never came; either way send the box's children
        # and the placeholder's state again (a slow build answered late costs only these two small messages).
        if self.content is None:
            width = content.get("column_px")
            if isinstance(width, (int, float)) and width > 0:
                screen.set_width(float(width))
            self.expand()
        self.send_state("children")
        self.reveal.send_state(("opened", "done"))

    def expand(self) -> W.Widget:
        """Build the part (once) and show it in place of the placeholder; returns the built widget."""
        if self.content is None:
            sink = MessageSink()
            content = None
            with guard(sink, self.lang):
                content = self._build()
            if content is None:          # the build failed: its friendly message takes the part's place
                errors = ErrorArea()
                errors.show(sink.message)
                content = W.VBox([errors])
            self.content = content
            self.children = (self.reveal, self.content)
        self.reveal.opened = True
        self.reveal.done = True
        return self.content


def open_all() -> int:
    """Open every lazy part built in this kernel (as a learner scrolling to the end would); returns how many."""
    parts = list(_PARTS)
    for part in parts:
        part.expand()
    return len(parts)


class ChainStep(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """A task that is the next step of a chain on one position (tutor.lesson.your_turn `after`): its lazy part, and
    a word shown instead of it until the page knows the step before is solved (static/contents.js adds
    .tutor-unlocked; tutor.css folds the part until then)."""

    def __init__(self, part: LazyPart, after: str, note: str, open_label: str) -> None:
        from tutor.widgets.common import esc
        # the page's shared layout and style: a chain step is two models, not five (a lesson's first render is
        # kept near 100)
        words = W.HTML(f'<p>{esc(note)} <button type="button" class="tutor-unlock">{esc(open_label)}</button></p>',
                       layout=shared("layout"), style=shared("html"))
        words.add_class("tutor-locked-note")
        super().__init__([words, part], layout=shared("layout"))
        self.part = part
        self.add_class("tutor-after")
        self.add_class(practice_class(after).replace("tutor-item-", "tutor-after-", 1))

    @property
    def label(self) -> str:
        return self.part.label

    def expand(self) -> W.Widget:
        """Build the step's task (what opening its part does)."""
        return self.part.expand()
