"""Thin helpers for the code cells of a lesson notebook (a notebook never holds game logic).

    from tutor import lesson
    lesson.page("ru")                                     # once, first: page CSS, "connection lost" notice
    lesson.scenario("maui/four-player-round", "ru")     # step through a worked example
    lesson.quiz("maui/who-takes-the-deep", lang="ru")     # a question the engine answers and explains
    lesson.drill("maui/who-takes", lang="ru")             # endless fresh questions, judged by the engine
    lesson.position("maui", {"players": 4, "kiti": 0, "lagoon": {"deep": "tuna-1"}}, "ru")
    lesson.sandbox("maui", "ru")                          # try a dive yourself
    lesson.play("maui", "ru", players=4, seed=7)          # a game against bots
    lesson.rulings("maui", "ru"); lesson.components("maui", "ru")
    lesson.reference("maui", "ru")                        # the one-page quick reference for the table
    lesson.play("aqua_fest", "ru", players=3)             # Aqua Fest: choose a card, then a cell
    lesson.sandbox("aqua_fest", "ru")                     # Aqua Fest: build shells from fragments
    lesson.position("aqua_fest", {"players": 2, "pawns": {1: "C3"}}, "ru")   # lesson-style spec

Interactive helpers (scenario, quiz, your_turn, play, sandbox) return a lazy part: a light placeholder that
builds its widget when the learner reaches it (tutor.widgets.lazy), so a page's first render stays light.
Static helpers (rulings, components, legend, reference, position, language_links) return plain HTML output, no widget
at all.
None raises into the page: a helper that cannot build its part shows the friendly error box instead (a
traceback in a Voilà page is a bug).
"""

from __future__ import annotations

import functools
import inspect
import re
from typing import Any, Callable, Optional, ParamSpec, Sequence

import ipywidgets as W

from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.game import spec
from tutor.core.reference import folded as fold_html
from tutor.core.rules import Ruling
from tutor.core.i18n import language_name
from tutor.widgets.common import (
    CSS, ErrorArea, MessageSink, esc, guard, lessons_dir, localised, render, safe_cite, ui, with_own_ids,
)
from tutor.widgets.lazy import LazyPart

P = ParamSpec("P")

__all__ = ["page", "scenario", "quiz", "your_turn", "drill", "play", "sandbox", "rulings", "components", "legend", "reference",
           "position", "language_links", "lessons_dir"]


class Static:
    """A static part of a page (a table, a picture): plain HTML output, no widget, no kernel round trip.

    `value` is the HTML; `message` is the friendly error text when the part could not be built."""

    def __init__(self, html: str, classes: tuple[str, ...] = (), message: str = "") -> None:
        self.value = html
        self.classes = tuple(classes)
        self.message = message

    def _repr_html_(self) -> str:
        classes = " ".join(("tutor-static", *self.classes))
        return f'{CSS}<div class="{esc(classes)}">{self.value}</div>'


def _lang_of(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    try:
        return str(inspect.signature(fn).bind_partial(*args, **kwargs).arguments.get("lang", "en"))
    except TypeError:
        return "en"


def _never_raise(fn: Callable[P, Any]) -> Callable[P, Any]:
    """Build the widget; if anything fails, show the friendly message in its place."""
    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> Any:
        sink = MessageSink()        # the error box is built only when needed: widgets cost page weight
        with guard(sink, _lang_of(fn, args, kwargs)):
            return fn(*args, **kwargs)
        errors = ErrorArea()
        errors.show(sink.message)
        return W.VBox([errors])
    return wrapper


def _never_raise_static(fn: Callable[P, Static]) -> Callable[P, Static]:
    """Build a static part; if anything fails, the part is the friendly message (a box like ErrorArea's)."""
    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> Static:
        errors = MessageSink()
        with guard(errors, _lang_of(fn, args, kwargs)):
            return fn(*args, **kwargs)
        box = f'<div class="tutor-error"><div class="tutor-error-box" role="alert">{esc(errors.message)}</div></div>'
        return Static(box, message=errors.message)
    return wrapper


def page(lang: str = "en", fold: Any = None) -> Any:
    """The page widget a lesson shows once, at the top: the page CSS, the lesson's contents and the "connection
    lost" notice, and the place of a "practise what you missed" session. `fold`: the ids of the reference parts shown folded until opened (default: what is in the box,
    the rulings, the variants)."""
    import ipywidgets as W

    from tutor.widgets.page import PageStatus
    from tutor.widgets.practise import PractiseArea
    area = PractiseArea(lang)
    return W.VBox([PageStatus(lang, fold=fold, practise=area), area])


@_never_raise
def scenario(id: Any, lang: str = "en", extra: bool = False, **kwargs: Any) -> Any:
    """The scenario player for `id` ("maui/four-player-round"), a YAML path, or a scenario dict; built when
    the learner reaches it. A missing or malformed example is reported at once. `extra`: one more example of what the
    part's first one showed, folded behind its button and marked optional (see `_extra`)."""
    from tutor.widgets.scenario import ScenarioPlayer, scenario_data
    data = scenario_data(id, kwargs.get("lessons"), lang)
    label = ui("lazy.scenario", lang, title=localised(data.get("title"), lang))
    return _extra(LazyPart(lambda: ScenarioPlayer(data, lang=lang, **kwargs), label=_extra_label(label, extra, lang),
                           lang=lang, manual=extra), extra)


def _extra_label(label: str, extra: bool, lang: str) -> str:
    return ui("lazy.extra", lang, label=label) if extra else label


def _extra(part: Any, extra: bool) -> Any:
    """Mark a part as one of its part's extras: folded behind its one-line button, and not counted for the part's
    "practised" star (static/contents.js). Why: a phone page was 52,000-78,000 px, 60-100 screens, and every reader
    of stop 50 put that first; a part's first example, question and task carry its rule, the rest are more of the
    same for who wants them (the route under the title says so)."""
    if extra:
        part.add_class("tutor-extra")
    return part


@_never_raise
def quiz(id: Any, lang: str = "en", extra: bool = False, **kwargs: Any) -> Any:
    """A quiz for `id` ("maui/who-takes-the-deep"), a YAML path, or a quiz dict: the engine checks the answer.
    `extra`: folded and optional (see `_extra`)."""
    from tutor.widgets.quiz import Quiz, quiz_data
    data = quiz_data(id, kwargs.get("lessons"), lang)
    label = ui("lazy.quiz", lang, title=localised(data.get("title"), lang))
    return _extra(LazyPart(lambda: Quiz(data, lang=lang, **kwargs), label=_extra_label(label, extra, lang), lang=lang,
                           practice=str(data.get("id", "")), manual=extra), extra)


@_never_raise
def your_turn(id: Any, lang: str = "en", extra: bool = False, **kwargs: Any) -> Any:
    """A "your turn" task for `id` ("maui/win-the-shallows"): the learner moves, the engine judges. `extra`: folded
    and optional (see `_extra`)."""
    from tutor.widgets.your_turn import YourTurn, task_data
    data = task_data(id, kwargs.get("lessons"), lang)
    label = ui("lazy.your_turn", lang, title=localised(data.get("title"), lang))
    part = _extra(LazyPart(lambda: YourTurn(data, lang=lang, **kwargs), label=_extra_label(label, extra, lang),
                           lang=lang, practice=str(data.get("id", "")), manual=extra), extra)
    if not data.get("after"):
        return part
    # a step of a chain: folded, with a word saying why, until the page knows the step before is solved (from the
    # answers kept on the device); a page that keeps no answers (JupyterLab) shows it at once
    from tutor.widgets.lazy import ChainStep
    return ChainStep(part, str(data["after"]), ui("task.after", lang), ui("task.after_open", lang))


@_never_raise
def drill(id: str, lang: str = "en", folded: bool = False, extra: bool = False, **kwargs: Any) -> Any:
    """A drill for `id` ("maui/who-takes"): endless fresh positions, each question judged by the engine
    (tutor.core.drill); opened with "Practise this" after the part it practises. `folded`: it waits behind its
    button however near the screen it comes (a drill a part repeats from an earlier one with more to count: four of
    them in a row made a part 8,000 px long on a phone, a reader). `extra`: folded and optional (see `_extra`)."""
    from tutor.core.drill import find, said
    from tutor.widgets.drill import DrillPlayer
    d = find(id)
    label = ui("lazy.drill", lang, title=said(d.title, lang))
    return _extra(LazyPart(lambda: DrillPlayer(d, lang=lang, **kwargs), label=_extra_label(label, extra, lang),
                           lang=lang, practice=d.id, manual=folded or extra), extra)


@_never_raise
def play(game: str, lang: str = "en", **kwargs: Any) -> Any:
    """A play table: players=4, seat=0, seed=None, bots=True, and explicit setup components."""
    from tutor.widgets.play import PlayTable
    spec(game)      # an unknown game is reported at once
    part = LazyPart(lambda: PlayTable(game, lang=lang, **kwargs),
                    label=ui("lazy.play", lang, game=_title(game, lang)), lang=lang)
    # a part with a game in it is never "done with" for the page's "continue" (static/contents.js): a learner who
    # left mid-game was sent on past it, to the quick reference
    part.add_class("tutor-game")
    return part


@_never_raise
def sandbox(game: str, lang: str = "en", folded: bool = False, **kwargs: Any) -> Any:
    """The game's try-it sandbox (its `SPEC.ui` says which: Мяури's lagoon, Aqua Fest's shell helper). `folded`:
    built only when its button is pressed (a helper met again in a later part: on a phone each copy was two more
    screens of the same buttons, a reader)."""
    parts = spec(game).parts()
    make = parts.sandbox
    if make is None:
        return W.HTML(f"<p>{esc(ui('no_sandbox', lang, game=_title(game, lang)))}</p>")
    return LazyPart(lambda: make(lang=lang, **kwargs), label=ui(parts.sandbox_label, lang), lang=lang,
                    manual=folded)


def _ruling_attrs(r: Ruling) -> str:
    """A ruling's line in the list: its id, and the anchor a lesson's "⚖" mark links to (#ruling-<slug>, whose
    reason the page opens under the mark: static/contents.js `onRuling`)."""
    return f'id="ruling-{esc(r.id.partition("/")[2])}" data-ruling="{esc(r.id)}"'


_RULINGS_OPEN = 6        # a section's rulings shown open in the list; more wait behind the section's name


@_never_raise_static
def rulings(game: str, lang: str = "en") -> Static:
    """The tutor's rulings for `game`: each decision and its reason, with the section it concerns."""
    game_spec = spec(game)
    # rulings on one section are grouped under its name, in the order the sections first come (a list could begin
    # ten lines with one heading; Aqua Fest's "A turn" heading stood three times down its list, a reader)
    by_rule: dict[str, list[Ruling]] = {}
    for r in game_spec.rulings:
        by_rule.setdefault(r.rule, []).append(r)
    groups: list[tuple[str, list[Ruling]]] = list(by_rule.items())
    out: list[str] = []
    single: list[str] = []      # single: the lone rulings waiting for their list
    for rule, rs in groups:
        head = esc(safe_cite(rule, lang))
        if len(rs) == 1:
            single.append(f'<li {_ruling_attrs(rs[0])}><b>{head}</b>: {esc(rs[0].say(lang))}</li>')
            continue
        if single:
            out.append(f"<ul>{''.join(single)}</ul>")
            single = []
        items = "".join(f'<li {_ruling_attrs(r)}>{esc(r.say(lang))}</li>' for r in rs)
        if len(rs) > _RULINGS_OPEN:
            # a long group (Острів котів: how each of 16 family cards is counted, a table part 10 already holds)
            # waits behind its section's name: the list was four phone screens, the card table's third showing
            out.append(fold_html(f"{safe_cite(rule, lang)} ({len(rs)})", f"<ul>{items}</ul>"))
            continue
        out.append(f'<p class="tutor-ruling-group"><b>{head}</b></p><ul>{items}</ul>')
    if single:
        out.append(f"<ul>{''.join(single)}</ul>")
    # a game may name its list in its own words (<game>.rulings_title: a lesson that calls the tutor otherwise)
    from tutor.core import i18n
    own = f"{game}.rulings_title"
    title = i18n.text(own, lang) if i18n.has(own) else ui("rulings", lang)
    return Static(f"<h3>{esc(title)}</h3>{''.join(out)}", ("tutor-rulings",))


@_never_raise_static
def components(game: str, lang: str = "en", only: str = "", fold: bool = False) -> Static:
    """The game's components: counts, values and where the values come from; assumed ones marked. `only` names one
    table of a game that splits them between parts (Aqua Fest: "tiles" where the shells are taught, "cards" with
    the creatures). `fold`: the table waits behind a one-line opener, for a table in a part on the lesson's path
    (a reader counted Aqua Fest's two open tables among what made the page long and taught nothing)."""
    make = spec(game).parts().components
    if make is None:
        raise ValueError(f"{_title(game, lang)}: no component table")
    table = make(lang, only=only) if only else make(lang)
    if fold:
        table = fold_html(ui("components_fold", lang), table)
    return Static(table, ("tutor-components",))


@_never_raise_static
def reference(game: str, lang: str = "en") -> Static:
    """The game's one-page quick reference for the table (tutor.core.reference), with a link that saves it as a
    page of its own to keep on a phone or print on one A4 sheet. The link carries the page itself (a data: URL), so
    it works the same served by Voilà, on Binder and on the static site, with no kernel and no server route."""
    import base64
    from tutor.core import reference as R
    ref = R.of(game, lang)
    page = base64.b64encode(R.page_html(ref, lang).encode("utf-8")).decode("ascii")
    name = f"{ref.title}.html".replace("/", "-")
    link = (f'<p class="tutor-reference-link"><a download="{esc(name)}" href="data:text/html;charset=utf-8;base64,'
            f'{page}">{esc(ui("reference.save", lang))}</a></p>')
    return Static(link + R.part_html(ref, lang), ("tutor-reference-part",))


# minutes a learner spends on each kind of cell, besides reading the words (about 180 a minute on a screen): a
# worked example stepped through, a task or a quiz tried (a miss and a second go), a drill's few questions
_MINUTES = {"scenario": 2.0, "your_turn": 1.5, "quiz": 1.0, "drill": 1.5, "sandbox": 1.0, "position": 0.3}
_WORDS_A_MINUTE = 180
_CALL = re.compile(r"lesson\.(\w+)\(")
_NUMBERED = re.compile(r"^##\s+(\d+)\.")


def _part_minutes(game: str, lang: str) -> list[tuple[str, str, float, float]]:
    """(anchor, its "## N." number or "", minutes in all, minutes of its short way) for each anchor of the lesson's
    source, read as plain text (the static site's kernel has no jupytext). The short way: the words and what is open on
    the page; a part's extras (`extra=True`, folded and marked optional) wait."""
    from tutor import lesson_source
    out: list[tuple[str, str, float, float]] = []
    in_code = False
    for anchor, line in lesson_source.anchor_lines(game, lang):
        if not out or out[-1][0] != anchor:
            out.append((anchor, "", 0.0, 0.0))
        name, number, minutes, short = out[-1]
        stripped = line.strip()
        if stripped.startswith("```"):
            in_code = not in_code and stripped.startswith("```{code-cell")
            continue
        if in_code:
            for call in _CALL.findall(line):
                minutes += _MINUTES.get(call, 0.0)
                # the short way skips a part's extras (folded, marked optional) and the repeat drills folded
                if not re.search(r"\b(extra|folded)=True", line):
                    short += _MINUTES.get(call, 0.0)
        else:
            found = _NUMBERED.match(stripped)
            number = number or (found.group(1) if found else "")
            words = len(re.findall(r"\w+", line)) / _WORDS_A_MINUTE
            minutes += words
            short += words
        out[-1] = (name, number, minutes, short)
    return out


def _round5(minutes: float) -> int:
    return max(5, int(5 * round(minutes / 5)))


@_never_raise_static
def route(game: str, lang: str = "en", through: str = "", play: str = "part-play") -> Static:
    """How long the page takes, and a short way through it: the parts up to `through` teach a whole game, then the
    game at `play` (three readers asked for a short route the night before club: the pages run to 70-90 phone
    screens). The minutes are counted from the lesson's own source (_MINUTES, _WORDS_A_MINUTE)."""
    parts = _part_minutes(game, lang)
    anchors = [a for a, _, _, _ in parts]
    if through not in anchors or play not in anchors:
        raise ValueError(f"{_title(game, lang)}: no part {through if through not in anchors else play}")
    end = anchors.index(through)
    while end + 1 < len(parts) and not parts[end + 1][1] and parts[end + 1][0] != play:
        end += 1            # the sub-parts of `through` (its ### sections) belong to it
    numbered = [(a, n) for a, n, _, _ in parts if n]
    first, last = numbered[0], next(n for a, n, _, _ in reversed(parts[:end + 1]) if n)
    total = _round5(sum(m for _, _, m, _ in parts))
    core = _round5(sum(short for _, _, _, short in parts[:end + 1]))
    play_number = next(n for a, n, _, _ in parts if a == play)
    html = ui("route", lang, total=total, core=core,
              parts=f'<a href="#{esc(first[0])}">{esc(first[1])}–{esc(last)}</a>',
              play=f'<a href="#{esc(play)}">{esc(play_number)}</a>')
    return Static(f'<p class="tutor-route">{html}</p>', ("tutor-route-box",))


@_never_raise_static
def legend(game: str, lang: str = "en", only: str = "", fold: bool = False) -> Static:
    """The key to the signs the game's board draws (a card game's colours and their signs), where the lesson needs it;
    `only` names one of a game's keys (Aqua Fest: "shapes", a fragment's three shapes). `fold`: the key waits behind
    a one-line opener in the game's words (<game>.legend_fold, else the tutor's): a reference the part's tasks lean
    on, not its path (Острів котів' 18 family cards took three phone screens)."""
    make = spec(game).parts().legend
    if make is None:
        raise ValueError(f"{_title(game, lang)}: no legend")
    # a small key (`only`) reads whole at any width: no "larger" button over it (zoom.js looks for .tutor-svg); nor a
    # key that opens with words: the button sat over them, 270 px above the drawing it enlarged (a reader)
    html = make(lang, only=only) if only else make(lang)
    classes = ("tutor-legend",) if only or html.lstrip().startswith("<p") else ("tutor-svg", "tutor-legend")
    if fold:
        from tutor.core import i18n
        own = f"{game}.legend_fold"
        words = i18n.text(own, lang) if i18n.has(own) else ui("legend_fold", lang)
        html = fold_html(words, html)
        classes = ("tutor-legend",)     # no "Larger" over a folded key
    return Static(html, classes)


@_never_raise_static
def position(game: str, state_or_setup: Any, lang: str = "en", viewer: Optional[int] = None,
             highlight: Sequence[str] = (), events: Sequence[Event] = ()) -> Static:
    """A static picture of a position: a state, a saved-position text, a lesson-style position dict (as
    the game's lesson files write them), or setup keyword arguments (a dict with `players`)."""
    module = spec(game)
    if isinstance(state_or_setup, dict):
        state = _lesson_position(game, state_or_setup)
        if state is None:
            kwargs = dict(state_or_setup)
            state = module.setup(kwargs.pop("players"), **kwargs)
    elif isinstance(state_or_setup, str):
        state = module.state_from_json(state_or_setup)
    else:
        state = state_or_setup
    view = module.view(state, viewer)
    # a static picture is drawn before the page can say how wide it is: it carries a board for each screen, and the
    # page's CSS shows the one for its own (tutor.css, .tutor-for-phone / -wide / -projector)
    # each board with ids of its own (its three layouts differ, so their suffixes do): a reference finds the first
    # element of its id in the page, and a hidden board's pattern left the visible one's corals unpainted
    drawn = {where: render(module, view, highlight=highlight, events=events, lang=lang, layout=layout)
             for where, layout in (("phone", "phone"), ("wide", "laptop"), ("projector", "projector"))}
    boards = "".join(f'<div class="tutor-for-{where}">{with_own_ids(svg)}</div>' for where, svg in drawn.items())
    return Static(boards, ("tutor-svg", "tutor-position"))


@_never_raise_static
def language_links(game: str, lang: str = "en", pattern: str = "{notebook}.{lang}.ipynb",
                   langs: Optional[Sequence[str]] = None) -> Static:
    """Links to this lesson in its other languages; `pattern` names the notebooks ({notebook}, {lang})."""
    g = spec(game)
    links = []
    for code in langs or g.lesson_langs:
        name = language_name(code)
        if code == lang:
            links.append(f"<b>{esc(name)}</b>")
        else:
            href = pattern.format(notebook=g.stem, lang=code, game=g.id)
            links.append(f'<a href="{esc(href)}" hreflang="{esc(code)}" lang="{esc(code)}">{esc(name)}</a>')
    return Static(f'<p>{esc(ui("lang_links", lang))} {" · ".join(links)}</p>', ("tutor-language-links",))


def _lesson_position(game: str, d: dict[str, Any]) -> Any:
    """The game's reading of a lesson-style position dict, or None when it has none (or d is setup kwargs)."""
    read = spec(game).parts().position
    if read is None:
        return None
    from tutor.core.scenario import ScenarioError
    try:
        return read(d)
    except (ValueError, KeyError, TypeError) as exc:
        if isinstance(exc, RuleViolation):
            raise
        raise ScenarioError(str(exc.args[0]) if exc.args else str(exc)) from exc


def _title(game: str, lang: str) -> str:
    try:
        return spec(game).title(lang)
    except KeyError:
        return game
