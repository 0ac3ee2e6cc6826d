"""Thin helpers for the code cells of a lesson notebook (a notebook never holds game logic).

    from tutor import lesson
    lesson.scenario("maui/four-player-round", "ru")     # step through a worked example
    lesson.position("maui", {"players": 4, "kiti": 0, "lagoon": {"deep": "tuna-1"}}, "ru")
    lesson.sandbox("maui", "ru")                          # try a dive yourself
    lesson.play("maui", "ru", players=4, seed=7)          # a game against bots
    lesson.rulings("maui", "ru"); lesson.components("maui", "ru")

Every helper returns a widget. None raises into the page: a helper that cannot build its widget
returns the friendly error box instead (a traceback in a Voilà page is a bug).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections import OrderedDict

import ipywidgets as W

from tutor.core.game import info, load
from tutor.widgets.common import (
    LANG_NAMES, ErrorArea, esc, guard, lessons_dir, render, safe_cite, style, ui,
)

__all__ = ["scenario", "play", "sandbox", "rulings", "components", "position", "language_links", "lessons_dir"]


def _never_raise(fn):
    """Build the widget; if anything fails, show the friendly message in its place."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            lang = inspect.signature(fn).bind_partial(*args, **kwargs).arguments.get("lang", "en")
        except TypeError:
            lang = "en"
        errors = ErrorArea()
        with guard(errors, lang):
            return fn(*args, **kwargs)
        return W.VBox([style(), errors])
    return wrapper


@_never_raise
def scenario(id, lang: str = "en", **kwargs):
    """The scenario player for `id` ("maui/four-player-round"), a YAML path, or a scenario dict."""
    from tutor.widgets.scenario import ScenarioPlayer
    return ScenarioPlayer(id, lang=lang, **kwargs)


@_never_raise
def play(game: str = "maui", lang: str = "en", **kwargs):
    """A play table: players=4, seat=0, seed=None, bots=True, and explicit setup components."""
    from tutor.widgets.play import PlayTable
    return PlayTable(game, lang=lang, **kwargs)


@_never_raise
def sandbox(game: str = "maui", lang: str = "en", **kwargs):
    """The game's try-it sandbox (Мяури: the lagoon sandbox)."""
    if game == "maui":
        from tutor.widgets.maui_sandbox import LagoonSandbox
        return LagoonSandbox(lang=lang, **kwargs)
    return W.HTML(f"<p>{esc(ui('no_sandbox', lang, game=_title(game, lang)))}</p>")


@_never_raise
def rulings(game: str = "maui", lang: str = "en"):
    """The tutor's rulings for `game`: each decision and its reason, with the section it concerns."""
    module = load(game)
    items = "".join(
        f'<li data-ruling="{esc(r.id)}"><b>{esc(safe_cite(r.rule, lang))}</b>: {esc(r.say(lang))}</li>'
        for r in module.RULINGS)
    box = W.HTML(f"<h3>{esc(ui('rulings', lang))}</h3><ul>{items}</ul>")
    box.add_class("tutor-rulings")
    return box


@_never_raise
def components(game: str = "maui", lang: str = "en"):
    """The game's cards by kind: count, values and where the values come from; assumed ones marked."""
    comps = importlib.import_module(f"tutor.games.{game}.components")
    cards = getattr(comps, "CATCH_CARDS", None) or getattr(comps, "CARDS")
    kind_name = _kind_namer(game, lang)
    groups: "OrderedDict[str, list]" = OrderedDict()
    for c in cards.values():
        groups.setdefault(c.kind, []).append(c)
    rows = []
    for kind, items in groups.items():
        values = ", ".join(str(c.value) for c in sorted(items, key=lambda c: c.value))
        assumed = any(c.provenance != getattr(comps, "RULEBOOK", "rulebook") for c in items)
        source = (f'<span class="tutor-assumed" title="{esc(items[0].provenance)}">{esc(ui("assumed", lang))}</span>'
                  if assumed else esc(ui("rulebook", lang)))
        rule = f"{game}:{kind}"
        cited = safe_cite(rule, lang)
        cited_html = f' <span class="tutor-cite">{esc(cited)}</span>' if cited != rule else ""
        rows.append(f'<tr data-kind="{esc(kind)}" data-provenance="{"assumed" if assumed else "rulebook"}">'
                    f"<td>{esc(kind_name(kind))}{cited_html}</td><td class=\"num\">{len(items)}</td>"
                    f"<td>{esc(values)}</td><td>{source}</td></tr>")
    head = "".join(f"<th>{esc(ui(k, lang))}</th>" for k in ("kind", "count", "values", "source"))
    box = W.HTML(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
                 f'<p class="tutor-assumed-note">{esc(ui("assumed_note", lang))}</p>')
    box.add_class("tutor-components")
    return box


@_never_raise
def position(game: str, state_or_setup, lang: str = "en", viewer=None, highlight=(), events=()):
    """A static picture of a position: a state, a saved-position text, or setup keyword arguments
    (a dict with `players` and any explicit components)."""
    module = load(game)
    if isinstance(state_or_setup, dict):
        kwargs = dict(state_or_setup)
        state = module.setup(kwargs.pop("players"), **kwargs)
    elif isinstance(state_or_setup, str):
        state = module.state_from_json(state_or_setup)
    else:
        state = state_or_setup
    box = W.HTML(render(module, module.view(state, viewer), highlight=highlight, events=events, lang=lang))
    box.add_class("tutor-svg")
    box.add_class("tutor-position")
    return box


@_never_raise
def language_links(game: str = "maui", lang: str = "en", pattern: str = "{notebook}.{lang}.ipynb",
                   langs=None):
    """Links to this lesson in its other languages; `pattern` names the notebooks ({notebook}, {lang})."""
    g = info(game)
    stem = g.notebook or g.id
    links = []
    for code in langs or g.lesson_langs:
        name = LANG_NAMES.get(code, code)
        if code == lang:
            links.append(f"<b>{esc(name)}</b>")
        else:
            href = pattern.format(notebook=stem, lang=code, game=g.id)
            links.append(f'<a href="{esc(href)}" hreflang="{esc(code)}" lang="{esc(code)}">{esc(name)}</a>')
    box = W.HTML(f'<p>{esc(ui("lang_links", lang))} {" · ".join(links)}</p>')
    box.add_class("tutor-language-links")
    return box


def _title(game: str, lang: str) -> str:
    try:
        return info(game).title(lang)
    except KeyError:
        return game


def _kind_namer(game: str, lang: str):
    try:
        words = importlib.import_module(f"tutor.games.{game}.text")
        namer = getattr(words, "kind_name")
        return lambda kind: namer(kind, lang)
    except (ImportError, AttributeError):
        return lambda kind: kind
