"""What every tutor widget shares: the friendly error area, `guard` for callbacks, UI words, page CSS,
rendering through the game's renderer, and narrating events with their rule citations.

A traceback in a Voilà page is a bug: every callback runs inside `guard`, which turns a refusal into
its explanation, a bad saved position or scenario into its message, and anything else into one plain
line (the traceback goes to the `tutor.widgets` logger, never to the page).
"""

from __future__ import annotations

import functools
import hashlib
import html
import inspect
import logging
import os
import re
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, ParamSpec, Protocol, Sequence, TypeVar

import ipywidgets as W
import traitlets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from tutor.core.errors import RuleViolation, SavedStateError
from tutor.core.game import UnknownGame
from tutor.core.i18n import text
from tutor.core.rules import cite, in_brackets, short_cite
from tutor.core.scenario import ScenarioError, lessons_root, project_root

if TYPE_CHECKING:
    from tutor.core.events import Event
    from tutor.core.game import AnySpec
    from tutor.core.scoring import Breakdown

log = logging.getLogger("tutor.widgets")

# ----------------------------------------------------------------------------- words
# The words themselves are in tutor/locale/<lang>/LC_MESSAGES/tutor.po (tutor.core.i18n), a language's name
# too (tutor.core.i18n.language_name).


def ui(key: str, lang: str = "en", **params: Any) -> str:
    return text(f"ui.{key}", lang, **params)


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


# ----------------------------------------------------------------------------- page CSS

STATIC = Path(__file__).resolve().parent / "static"
# One sheet for the whole page (tutor/widgets/static/tutor.css). Lazy parts carry it as anywidget CSS, which
# the page installs once; static parts (tables, pictures) carry it inline as a <style> element.
# Shipped without its comments and indentation (the file keeps them for its readers): the sheet travels in every
# lesson's first render, and its comments were half of it.
PAGE_CSS = "\n".join(line.strip() for line in re.sub(r"/\*.*?\*/", "", (STATIC / "tutor.css").read_text(encoding="utf-8"),
                                                       flags=re.S).splitlines() if line.strip())
CSS = f"<style>{PAGE_CSS}</style>"


def esm(name: str, *helpers: str) -> str:
    """An anywidget front-end module from tutor/widgets/static, with board.js's helpers (and any other `helpers`
    files') inlined, and scroll.js's: anywidget loads one module per widget, so a relative import would not resolve
    (and there is no build step)."""
    def inline(file: str) -> str:
        return (STATIC / file).read_text(encoding="utf-8").replace("export function ", "function ")
    own = "\n".join(line for line in (STATIC / name).read_text(encoding="utf-8").splitlines()
                    if not line.startswith("import "))
    return "\n".join([inline("board.js"), inline("scroll.js"), own, *map(inline, helpers)])


def compact_esm(name: str) -> str:
    """A front-end module from tutor/widgets/static without its comment lines and indentation: for a widget the page
    receives many times over (a lazy part's placeholder: its module travels in every placeholder's state, ~40 to a
    lesson), the comments would be most of a lesson's first render. The file keeps them for its readers. Only
    modules with no multi-line template literal may be compacted: indentation inside one is text."""
    source = (STATIC / name).read_text(encoding="utf-8")
    if any(line.count("`") % 2 for line in source.splitlines()):
        raise ValueError(f"{name} has a template literal over several lines: its indentation is text, not compacted")
    return "\n".join(line.strip() for line in source.splitlines() if line.strip() and not line.strip().startswith("//"))


_DEFS = re.compile(r"<defs>.*?</defs>", re.S)


def split_defs(svg: str) -> tuple[str, tuple[str, str]]:
    """(the SVG without its <defs>, (key, the <defs> element)): the page installs each key's symbols once
    (board.js) and every frame refers to them. No <defs>: the SVG unchanged and an empty key."""
    match = _DEFS.search(svg)
    if not match:
        return svg, ("", "")
    defs = match.group(0)
    key = hashlib.sha1(defs.encode("utf-8")).hexdigest()[:16]
    return svg[:match.start()] + svg[match.end():], (key, defs)


_ID = re.compile(r'\bid="([^"]+)"')


def own_ids(svg: str, suffix: str) -> str:
    """`svg` with each of its ids, and every reference to one (href="#x", url(#x)), ending in "-<suffix>". A page
    finds a reference's target by the first element of that id in the whole document: a static picture carries a
    board for each screen with the same <defs>, and where the first was a hidden one (display: none), a pattern
    fill drawn from it came out empty (Aqua Fest's corals were dark grey on a projector, a reader)."""
    ids = set(_ID.findall(svg))
    if not ids:
        return svg
    alt = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    svg = re.sub(rf'\bid="({alt})"', lambda m: f'id="{m.group(1)}-{suffix}"', svg)
    svg = re.sub(rf'(href=")#({alt})"', lambda m: f'{m.group(1)}#{m.group(2)}-{suffix}"', svg)
    return re.sub(rf"url\(#({alt})\)", lambda m: f"url(#{m.group(1)}-{suffix})", svg)


class MessageArea(Protocol):
    """Where `guard` shows a friendly message: an ErrorArea, a widget's text trait, or a plain sink."""

    def show(self, message: str) -> None: ...


_AGAIN = "\u200b"      # a zero-width space: see TraitMessage.show


class TraitMessage:
    """An error area for `guard` that shows its message through a widget's text trait (anywidget front-ends
    draw it as the friendly error box)."""

    def __init__(self, widget: Any, trait: str) -> None:
        self.widget, self.trait = widget, trait
        self._depth = 0
        self._shown = ""

    @property
    def message(self) -> str:
        return str(getattr(self.widget, self.trait)).rstrip(_AGAIN)

    def show(self, message: str) -> None:
        # the same refusal twice (a press, the box put away on the page, the same press again) must reach the page
        # again: an unchanged trait sends nothing, and a reader's second press "showed nothing". An invisible mark
        # at the end makes it a change.
        # (compared with the message last shown, not the trait: a guard clears it first, and a press's "" and then
        # the same words reach the page as one unchanged value)
        last = self._shown
        if message and last.rstrip(_AGAIN) == message:
            message = message if last.endswith(_AGAIN) else message + _AGAIN
        if message:
            self._shown = message
        setattr(self.widget, self.trait, message)

    def clear(self) -> None:
        setattr(self.widget, self.trait, "")


# ----------------------------------------------------------------------------- the plain-text stand-in

class StandIn:
    """Mixed into every tutor widget: its display bundle's plain-text stand-in is empty. ipywidgets puts
    repr(self) there ("<tutor.widgets.page.PageStatus object at 0x7f…>"), and a served page whose kernel is gone
    renders that text in place of the widget (Voilà's output area falls back to text/plain when no widget view
    can be drawn): a learner would read a class name and a memory address. Empty, the place stays blank and
    the page's own connection notice speaks; repr itself is left as it is, for logs and debugging."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the widget class StandIn is mixed into has it (ipywidgets' DOMWidget)
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict) and "text/plain" in data:
            data["text/plain"] = ""
        return bundle


# ----------------------------------------------------------------------------- errors

class ErrorArea(StandIn, W.HTML):  # type: ignore[misc]  # ipywidgets is untyped
    """A friendly message box (CSS class `tutor-error`), hidden while empty."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(value="", **kwargs)
        self.add_class("tutor-error")
        self.message = ""
        self._depth = 0          # nested guards: only the outermost one clears the box
        self.layout.display = "none"

    def show(self, message: str) -> None:
        self.message = message
        self.value = f'<div class="tutor-error-box" role="alert">{esc(message)}</div>'
        self.layout.display = None

    def clear(self) -> None:
        self.message = ""
        self.value = ""
        self.layout.display = "none"


class MessageSink:
    """An error area for `guard` that only keeps the message: where a widget is built, the friendly box is made
    only if the build fails (every widget costs page weight)."""

    message = ""

    def show(self, message: str) -> None:
        self.message = message


# (the exception, whether it is one a learner may cause, the message shown)
ErrorListener = Callable[[Exception, bool, str], None]
_LISTENERS: list[ErrorListener] = []


def add_error_listener(fn: ErrorListener) -> None:
    """`fn(exc, expected: bool, message)` is called for every exception a guard catches (tests spy here)."""
    _LISTENERS.append(fn)


def remove_error_listener(fn: ErrorListener) -> None:
    if fn in _LISTENERS:
        _LISTENERS.remove(fn)


EXPECTED = (RuleViolation, SavedStateError, ScenarioError)

P = ParamSpec("P")
R = TypeVar("R")


def friendly(exc: BaseException, lang: str = "en") -> str:
    """What the learner reads for `exc`."""
    if isinstance(exc, RuleViolation):
        return exc.explain(lang)
    if isinstance(exc, SavedStateError):
        return text("core.saved_state", lang, problem=exc.reason(lang))
    if isinstance(exc, ScenarioError):
        from tutor.core.drill import DrillError
        return ui("drill.broken" if isinstance(exc, DrillError) else "scenario_failed", lang, problem=str(exc))
    if isinstance(exc, UnknownGame):     # a lesson names a game the tutor lacks: its words say which, and no more
        return ui("went_wrong", lang, what=f"{type(exc).__name__}: {str(exc)[:200]}")
    # an unexpected failure is named by its kind only: its words can hold a server's paths or a learner's data,
    # and the log (never the page) has them with the traceback
    return ui("went_wrong", lang, what=type(exc).__name__)


class guard:
    """Run a callback so that no exception reaches the page.

        with guard(errors, "ru"):
            state, events = game.apply(state, action)

        @guard(errors, "ru")
        def on_click(button): ...

    The error area is cleared when the (outermost) guarded block starts, so a successful action
    removes an old message.
    """

    def __init__(self, error_area: MessageArea, lang: str = "en", *, clear: bool = True):
        self.area = error_area
        self.lang = lang
        self.clear = clear
        self.caught: BaseException | None = None

    def __enter__(self) -> "guard":
        depth = getattr(self.area, "_depth", 0)
        if self.clear and depth == 0 and hasattr(self.area, "clear"):
            self.area.clear()
        if hasattr(self.area, "_depth"):
            self.area._depth = depth + 1
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool:
        if hasattr(self.area, "_depth"):
            self.area._depth = max(0, self.area._depth - 1)
        if exc is None or not isinstance(exc, Exception):
            return False
        self.caught = exc
        expected = isinstance(exc, EXPECTED)
        message = friendly(exc, self.lang)
        if not expected:
            log.error("widget callback failed", exc_info=exc)
        for fn in list(_LISTENERS):
            try:
                fn(exc, expected, message)
            except Exception:  # a broken spy must not break the page either
                log.exception("error listener failed")
        self.area.show(message)
        return True

    def calling(self, then: Callable[[], object]) -> Callable[[object], None]:
        """A callback for a button or a choice (it is given what was pressed, and needs no more) that runs `then`,
        guarded."""
        def pressed(_what: object) -> None:
            then()
        return self(pressed)

    def __call__(self, fn: Callable[P, R]) -> Callable[P, R | None]:
        """`fn` guarded: it returns None when it failed (the area shows why)."""
        @functools.wraps(fn)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | None:
            with guard(self.area, self.lang, clear=self.clear):
                return fn(*args, **kwargs)
            return None
        return wrapper


# ----------------------------------------------------------------------------- rendering and narration

def render(game: AnySpec, view: dict[str, Any], *, highlight: Iterable[Any] = (), events: Iterable[Any] = (),
           lang: str = "en", layout: Optional[str] = None, **more: Any) -> str:
    """`game.render(view, highlight=..., events=..., lang=..., layout=...)`: the board laid out for the page's screen
    (tutor.widgets.screen) unless `layout` says which."""
    from tutor.widgets import screen
    return game.render(view, highlight=tuple(highlight), lang=lang, events=tuple(events),
                       layout=layout or screen.layout(), **more)


# ----------------------------------------------------------------------------- shared widget parts

_SHARED: dict[tuple[str, tuple[tuple[str, Any], ...]], Any] = {}


def shared(kind: str, **traits: Any) -> Any:
    """One Layout / ButtonStyle / HTMLStyle / DescriptionStyle instance per distinct set of traits, shared by every widget that
    asks for it. Each ipywidgets control otherwise brings two models of its own (its layout and its style),
    so a play table that rebuilds its move buttons after every action opened three models per button;
    sharing them makes each new button one model (one message). Never mutate a shared part: ask for
    another set of traits instead."""
    key = (kind, tuple(sorted(traits.items())))
    part = _SHARED.get(key)
    if part is None or getattr(part, "comm", None) is None:
        part = _SHARED[key] = {"layout": W.Layout, "button": W.ButtonStyle, "html": HTMLStyle,
                                      "description": DescriptionStyle}[kind](**traits)
    return part


def with_own_ids(svg: str) -> str:
    """`svg` with ids of its own (own_ids) when it carries its <defs>: a board shown inline, not through the
    page's shared symbols."""
    if "<defs" not in svg:
        return svg
    return own_ids(svg, "b" + hashlib.sha1(svg.encode("utf-8")).hexdigest()[:8])


class SvgBox(StandIn, W.HTML):  # type: ignore[misc]  # ipywidgets is untyped
    """An ipywidgets HTML that shows a board with its <defs> inline, its ids its own (own_ids): a quiz's or a
    drill's board, among others on the page that may be hidden."""

    @traitlets.validate("value")
    def _own_ids(self, proposal: Any) -> str:
        return with_own_ids(proposal["value"])


# A board at least this tall on the page (CSS px) keeps a question and its first answer off one phone screen (844 px
# less the stuck contents bar, the question and the "⤢" row), so the question is asked again over the answers
ASK_AGAIN_OVER = 620
_VIEWBOX = re.compile(r'viewBox="\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)')


def drawn_height(svg: str) -> float:
    """How tall `svg` (a board) is on a phone's page, in CSS px: a phone board fills the column's width (the width
    the page reported, else the layout's 360). 0 for a board with no viewBox."""
    from tutor.core.svg import LAYOUTS
    from tutor.widgets import screen
    found = _VIEWBOX.search(svg)
    if not found or not float(found.group(1)):
        return 0.0
    wide = min(screen.width() or LAYOUTS["phone"].width, 760)
    return float(found.group(2)) * wide / float(found.group(1))


def asked_again(question: str, board: str = "") -> str:
    """The question once more, right over its answers (HTML; tutor.css shows it on a phone only), where `board`
    (the SVG between them) is tall on the page's screen: a board of three or four players' panels is 1,300-1,700 px
    tall on a phone, and a reader found a quiz's question and its first answer two screens apart (stop 50); under a
    short board it read as the question printed twice (stop 51). Nothing on a laptop or a projector, where the
    board and its question share a screen. `question` is plain text."""
    from tutor.widgets import screen
    if not question.strip() or screen.layout() != "phone" or drawn_height(board) < ASK_AGAIN_OVER:
        return ""
    return f'<p class="tutor-asked-again">{esc(asking(question))}</p>'


# the answers that ride at a phone's foot under a tall board (tutor.css `.tutor-choices-stick`): a few short ones, a
# row or two of buttons; more, or longer, would cover the board they ask about
STICK_MOST = 4
STICK_LONGEST = 26


def short_choices(labels: Sequence[str]) -> bool:
    """Whether a quiz's or drill's answers are few and short enough to share one row on a wide screen (tutor.css
    `.tutor-choices-short`): four one-word answers two to a row ran off a projector's foot under Aqua Fest's board (a
    reader of wave 23)."""
    return 0 < len(labels) <= STICK_MOST and all(len(label) <= STICK_LONGEST for label in labels)


def stick_choices(asked: str, labels: Sequence[str]) -> bool:
    """Whether a quiz's or drill's answers ride at the screen's foot with the question asked again over them: on a
    phone, under a board too tall to share a screen with them (`asked`: common.asked_again said it again), when they
    are few and short. A reader of wave 20 scrolled up and down between an Острів котів boat 620 px tall, its question
    above it and its three answers under it, and never saw them together."""
    return bool(asked) and short_choices(labels)


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


def asking(question: str) -> str:
    """The sentence that asks, from a question that sets the scene first ("Kiti's right hand points at player 3. …
    Who takes the deep?"): its last sentence where that one ends in "?", else the whole. The whole again over the
    answers read as the question printed twice (four readers, stop 51)."""
    sentences = _SENTENCE_END.split(question.strip())
    return sentences[-1] if len(sentences) > 1 and sentences[-1].endswith("?") else question.strip()


def svg_box() -> W.HTML:
    box = SvgBox("")
    box.add_class("tutor-svg")
    return box


def quiet(kind: str) -> bool:
    """Is this an event the narration skips ("someone chose secretly")? Its game's spec says; an event
    kind starts with its game's id."""
    from tutor.core.game import UnknownGame, spec
    try:
        return kind in spec(kind.partition(".")[0]).quiet_events
    except UnknownGame:
        return False


def safe_cite(rule: str, lang: str, short: bool = False) -> str:
    if not rule:
        return ""
    try:
        return short_cite(rule, lang) if short else cite(rule, lang)
    except KeyError:
        return rule


def citation_html(rule: str, lang: str, short: bool = False) -> str:
    """" (rule: …)" after a line; `short`: the tutor's title alone, for the lines of a log, a score or a heading,
    where the rulebook's heading after each made the line's citation longer than the line (a reader)."""
    c = safe_cite(rule, lang, short)
    return f' <span class="tutor-cite">({esc(text("core.cite", lang, title=in_brackets(c)))})</span>' if c else ""


# (id(event), lang) -> (the event, its line): what events_html has narrated
Narrated = dict[tuple[int, str], tuple["Event", str]]


def events_html(events: Iterable[Event], lang: str, memo: Optional[Narrated] = None, cited: str = "") -> str:
    """An HTML list: each event narrated, with its rule citation (not for rule `cited`, which the page cites once
    beside the list).

    `memo` (a dict the caller keeps) remembers each event's line: a play table shows its last eighty events
    after every move, and events are frozen, so each is narrated once. It holds the event itself beside its
    line, so an id is never taken for another event's."""
    items = []
    for event in events:
        if memo is not None:
            known = memo.get((id(event), lang))
            if known is not None and known[0] is event:
                if known[1]:
                    items.append(known[1])
                continue
        item = _event_item(event, lang, cite=not cited or event.rule != cited)
        if memo is not None and not cited:
            if len(memo) > 4096:
                memo.clear()
            memo[id(event), lang] = (event, item)
        if item:
            items.append(item)
    return f'<ul class="tutor-events">{"".join(items)}</ul>' if items else ""


def _event_item(event: Event, lang: str, cite: bool = True) -> str:
    """One event's <li> (with its rule's citation when `cite`), or "" for an event the narration skips."""
    if quiet(event.kind):
        return ""
    try:
        said = event.narrate(lang)
    except Exception:   # an unnarratable event must not hide the others
        log.exception("cannot narrate %s", event.kind)
        said = event.kind
    return (f'<li data-kind="{esc(event.kind)}">{esc(said)}{citation_html(event.rule, lang, short=True) if cite else ""}'
            "</li>")


def breakdown_html(breakdown: Breakdown, lang: str) -> str:
    """A player's score line by line, each with its rule, and the total they make ("Visible rats: 17 (−17)": a
    line's label may end in its own count, so its points go in brackets): a wrong total is answered by the lines
    of the right one."""
    from tutor.core.i18n import number, player_name, signed
    lines = "".join(f"<li>{esc(line.label(lang))} ({signed(line.points)}){citation_html(line.rule, lang, short=True)}</li>"
                    for line in breakdown.lines)
    total = (f'<li class="tutor-score-total"><b>{esc(player_name(breakdown.player, lang))} · '
             f'{esc(text(breakdown.total_key or "core.total", lang))}: {number(breakdown.total)}</b></li>')
    return f'<ul class="tutor-events tutor-quiz-score">{lines}{total}</ul>'


def refusal_html(refusal: RuleViolation, lang: str) -> str:
    """A refused step styled as a teaching moment, not an error."""
    return (f'<div class="tutor-refusal" role="note"><b>{esc(ui("refused", lang))}</b> '
            f'{esc(refusal.explain(lang))}</div>')


def localised(forms: str | Mapping[str, str] | None, lang: str) -> str:
    """A {lang: text} mapping (or plain text) in `lang`, falling back to English."""
    if not forms:
        return ""
    if isinstance(forms, str):
        return forms
    return forms.get(lang) or forms.get("en") or next(iter(forms.values()), "")



# ----------------------------------------------------------------------------- where lessons live

def find_lesson_file(ref: str | Path, folder: str, lessons: str | Path | None = None) -> tuple[Optional[Path], Path]:
    """(the YAML file for `ref`, where it was looked for): `ref` is a path to a file, or an id
    "game/name" found in <the game's lesson folder>/<folder>/name.yaml. The game's lesson folder is
    `lessons`/<game> when given, else its SPEC.lessons, else <lessons_dir()>/<game>."""
    path = Path(str(ref))
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return path, path.parent
    name = str(ref)
    if name.endswith((".yaml", ".yml")):
        name = name.rsplit(".", 1)[0]
    game, _, rest = name.partition("/")
    root = Path(lessons) if lessons else lessons_dir()
    if not rest:
        return None, root
    home = root / game
    if not lessons:
        from tutor.core.game import UnknownGame, spec
        try:
            home = spec(game).lessons or home
        except UnknownGame:
            pass
    candidate = home / folder / f"{rest}.yaml"
    return (candidate if candidate.is_file() else None), home / folder


def lessons_dir() -> Path:
    """The folder holding every game's lessons: TUTOR_LESSONS, else the tutor's (tutor.core.scenario.lessons_root:
    package data or the repository's). One game's folder is tutor.lesson_source.game_lessons_dir."""
    env = os.environ.get("TUTOR_LESSONS")
    if env:
        return Path(env)
    return lessons_root()
