"""Thin helpers for the code cells of a lesson notebook (a notebook never holds game logic).

    from tutor import lesson
    lesson.page("ru")                                     # once, first: page CSS, "connection lost" notice
    lesson.scenario("maui/four-player-round", "ru")     # step through a worked example
    lesson.quiz("maui/who-takes-the-deep", lang="ru")     # a question the engine answers and explains
    lesson.position("maui", {"players": 4, "kiti": 0, "lagoon": {"deep": "tuna-1"}}, "ru")
    lesson.sandbox("maui", "ru")                          # try a dive yourself
    lesson.play("maui", "ru", players=4, seed=7)          # a game against bots
    lesson.rulings("maui", "ru"); lesson.components("maui", "ru")
    lesson.play("aqua_fest", "ru", players=3)             # Aqua Fest: choose a card, then a cell
    lesson.shells("ru")                                   # Aqua Fest: build shells from fragments
    lesson.position("aqua_fest", {"players": 2, "pawns": {1: "C3"}}, "ru")   # lesson-style spec

Interactive helpers (scenario, quiz, play, sandbox, shells) return a lazy part: a light placeholder that
builds its widget when the learner reaches it (tutor.widgets.lazy), so a page's first render stays light.
Static helpers (rulings, components, position, language_links) return plain HTML output, no widget at all.
None raises into the page: a helper that cannot build its part shows the friendly error box instead (a
traceback in a Voilà page is a bug).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections import OrderedDict

import ipywidgets as W

from tutor.core.game import info, load
from tutor.core.i18n import register
from tutor.widgets.common import (
    CSS, LANG_NAMES, ErrorArea, MessageSink, esc, guard, lessons_dir, localised, render, safe_cite, ui,
)
from tutor.widgets.lazy import LazyPart

__all__ = ["page", "scenario", "quiz", "play", "sandbox", "shells", "rulings", "components", "position", "language_links",
           "lessons_dir"]


class Static:
    """A static part of a page (a table, a picture): plain HTML output, no widget, no kernel round trip.

    `value` is the HTML; `message` is the friendly error text when the part could not be built."""

    def __init__(self, html: str, classes: tuple = (), message: str = ""):
        self.value = html
        self.classes = tuple(classes)
        self.message = message

    def _repr_html_(self) -> str:
        classes = " ".join(("tutor-static", *self.classes))
        return f'{CSS}<div class="{esc(classes)}">{self.value}</div>'


def _lang_of(fn, args, kwargs) -> str:
    try:
        return inspect.signature(fn).bind_partial(*args, **kwargs).arguments.get("lang", "en")
    except TypeError:
        return "en"


def _never_raise(fn):
    """Build the widget; if anything fails, show the friendly message in its place."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        sink = MessageSink()        # the error box is built only when needed: widgets cost page weight
        with guard(sink, _lang_of(fn, args, kwargs)):
            return fn(*args, **kwargs)
        errors = ErrorArea()
        errors.show(sink.message)
        return W.VBox([errors])
    return wrapper


def _never_raise_static(fn):
    """Build a static part; if anything fails, the part is the friendly message (a box like ErrorArea's)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        errors = MessageSink()
        with guard(errors, _lang_of(fn, args, kwargs)):
            return fn(*args, **kwargs)
        box = f'<div class="tutor-error"><div class="tutor-error-box" role="alert">{esc(errors.message)}</div></div>'
        return Static(box, message=errors.message)
    return wrapper


def page(lang: str = "en"):
    """The page widget a lesson shows once, at the top: the page CSS and the "connection lost" notice."""
    from tutor.widgets.page import PageStatus
    return PageStatus(lang)


@_never_raise
def scenario(id, lang: str = "en", **kwargs):
    """The scenario player for `id` ("maui/four-player-round"), a YAML path, or a scenario dict; built when
    the learner reaches it. A missing or malformed example is reported at once."""
    from tutor.widgets.scenario import ScenarioPlayer, resolve
    data = resolve(id, kwargs.get("lessons"), lang)
    label = ui("lazy.scenario", lang, title=localised(data.get("title"), lang))
    return LazyPart(lambda: ScenarioPlayer(data, lang=lang, **kwargs), label=label, lang=lang)


@_never_raise
def quiz(id, lang: str = "en", **kwargs):
    """A quiz for `id` ("maui/who-takes-the-deep"), a YAML path, or a quiz dict: the engine checks the answer."""
    from tutor.widgets.quiz import Quiz, resolve
    data = resolve(id, kwargs.get("lessons"), lang)
    label = ui("lazy.quiz", lang, title=localised(data.get("title"), lang))
    return LazyPart(lambda: Quiz(data, lang=lang, **kwargs), label=label, lang=lang)


@_never_raise
def your_turn(id, lang: str = "en", **kwargs):
    """A "your turn" task for `id` ("maui/win-the-shallows"): the learner moves, the engine judges."""
    from tutor.widgets.your_turn import YourTurn, resolve
    data = resolve(id, kwargs.get("lessons"), lang)
    label = ui("lazy.your_turn", lang, title=localised(data.get("title"), lang))
    return LazyPart(lambda: YourTurn(data, lang=lang, **kwargs), label=label, lang=lang)


@_never_raise
def play(game: str = "maui", lang: str = "en", **kwargs):
    """A play table: players=4, seat=0, seed=None, bots=True, and explicit setup components."""
    from tutor.widgets.play import PlayTable
    info(game)      # an unknown game is reported at once
    return LazyPart(lambda: PlayTable(game, lang=lang, **kwargs),
                    label=ui("lazy.play", lang, game=_title(game, lang)), lang=lang)


@_never_raise
def sandbox(game: str = "maui", lang: str = "en", **kwargs):
    """The game's try-it sandbox (Мяури: the lagoon sandbox; Aqua Fest: the shell-assembly helper)."""
    if game == "maui":
        from tutor.widgets.maui_sandbox import LagoonSandbox
        return LazyPart(lambda: LagoonSandbox(lang=lang, **kwargs), label=ui("lazy.sandbox", lang), lang=lang)
    if game == "aqua_fest":
        return shells(lang, **kwargs)
    return W.HTML(f"<p>{esc(ui('no_sandbox', lang, game=_title(game, lang)))}</p>")


@_never_raise
def shells(lang: str = "en", fragments=None, **kwargs):
    """Aqua Fest: choose shell fragments and see the best assembly, its score and why."""
    from tutor.widgets.shells_helper import ShellsHelper
    return LazyPart(lambda: ShellsHelper(lang=lang, fragments=fragments, **kwargs),
                    label=ui("lazy.shells", lang), lang=lang)


@_never_raise_static
def rulings(game: str = "maui", lang: str = "en"):
    """The tutor's rulings for `game`: each decision and its reason, with the section it concerns."""
    module = load(game)
    items = "".join(
        f'<li data-ruling="{esc(r.id)}"><b>{esc(safe_cite(r.rule, lang))}</b>: {esc(r.say(lang))}</li>'
        for r in module.RULINGS)
    return Static(f"<h3>{esc(ui('rulings', lang))}</h3><ul>{items}</ul>", ("tutor-rulings",))


@_never_raise_static
def components(game: str = "maui", lang: str = "en"):
    """The game's cards by kind: count, values and where the values come from; assumed ones marked."""
    if game == "aqua_fest":
        return _aqua_fest_components(lang)
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
        source = (f'<span class="tutor-assumed" title="{esc(ui("assumed.tip", lang))}">{esc(ui("assumed", lang))}</span>'
                  if assumed else esc(ui("rulebook", lang)))
        rule = f"{game}:{kind}"
        cited = safe_cite(rule, lang)
        cited_html = f' <span class="tutor-cite">{esc(cited)}</span>' if cited != rule else ""
        rows.append(f'<tr data-kind="{esc(kind)}" data-provenance="{"assumed" if assumed else "rulebook"}">'
                    f"<td>{esc(kind_name(kind))}{cited_html}</td><td class=\"num\">{len(items)}</td>"
                    f"<td>{esc(values)}</td><td>{source}</td></tr>")
    head = "".join(f"<th>{esc(ui(k, lang))}</th>" for k in ("kind", "count", "values", "source"))
    return Static(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
                  f'<p class="tutor-assumed-note">{esc(ui("assumed_note", lang))}</p>', ("tutor-components",))


@_never_raise_static
def position(game: str, state_or_setup, lang: str = "en", viewer=None, highlight=(), events=()):
    """A static picture of a position: a state, a saved-position text, or setup keyword arguments
    (a dict with `players` and any explicit components)."""
    module = load(game)
    if isinstance(state_or_setup, dict) and game == "aqua_fest" and _lesson_spec(state_or_setup):
        from tutor.core.scenario import ScenarioError
        from tutor.games.aqua_fest.scenario import setup as spec_setup
        try:
            state = spec_setup(state_or_setup)
        except (ValueError, KeyError, TypeError) as exc:
            if isinstance(exc, module.RuleViolation):
                raise
            raise ScenarioError(str(exc.args[0]) if exc.args else str(exc)) from exc
    elif isinstance(state_or_setup, dict):
        kwargs = dict(state_or_setup)
        state = module.setup(kwargs.pop("players"), **kwargs)
    elif isinstance(state_or_setup, str):
        state = module.state_from_json(state_or_setup)
    else:
        state = state_or_setup
    return Static(render(module, module.view(state, viewer), highlight=highlight, events=events, lang=lang),
                  ("tutor-svg", "tutor-position"))


@_never_raise_static
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
    return Static(f'<p>{esc(ui("lang_links", lang))} {" · ".join(links)}</p>', ("tutor-language-links",))


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


# ----------------------------------------------------------------------------- Aqua Fest

_SPEC_KEYS = {"players", "seed", "first", "sides", "homes", "collected", "upper", "lower", "empty", "pawns",
              "hands", "deck"}


def _lesson_spec(d: dict) -> bool:
    """Does an Aqua Fest setup dict look like a lesson spec (players from 1, cells A1..E5, maps per player)
    rather than `aqua_fest.setup` keyword arguments (seats from 0, lists of 25 cells)?"""
    if not set(d) <= _SPEC_KEYS:
        return False
    if any(isinstance(d.get(k), (list, tuple)) for k in ("upper", "lower", "pawns", "hands", "collected", "homes")):
        return False
    return True


def _aqua_fest_components(lang: str):
    """Tiles (corals; fragments by kind x colour x stars) and cards (species, strengths, movement)."""
    from tutor.games.aqua_fest import components as C
    from tutor.games.aqua_fest.text import COLOUR_NAMES, KIND_NAMES, species_name
    from tutor.widgets.labels import af_move_words

    def source(provenances) -> tuple[str, str]:
        assumed = any(p != C.RULEBOOK for p in provenances)
        if assumed:
            return "assumed", (f'<span class="tutor-assumed" title="{esc(ui("assumed.tip", lang))}">'
                               f'{esc(ui("assumed", lang))}</span>')
        return "rulebook", esc(ui("rulebook", lang))

    def yes(flag: bool) -> str:
        return ui("af.yes" if flag else "af.no", lang)

    def name(table, key):
        return table[key].get(lang, table[key]["en"])

    tiles = [C.tile(t) for t in C.ALL_TILES]
    corals = [t for t in tiles if t.coral]
    prov, src = source(t.provenance for t in corals)
    rows = [f'<tr data-kind="coral" data-provenance="{prov}"><td>{esc(ui("af.coral", lang))}</td><td></td>'
            f'<td></td><td></td><td></td><td class="num">{len(corals)}</td><td>{src}</td></tr>']
    for kind in C.FRAGMENT_KINDS:
        for colour in C.COLOURS:
            items = [t for t in tiles if not t.coral and t.kind == kind and t.colour == colour]
            if not items:
                continue
            prov, src = source(x.provenance for x in items)
            stars = "".join(f'<td class="num">{sum(1 for t in items if t.stars == n)}</td>' for n in (1, 2, 3))
            rows.append(f'<tr data-kind="{esc(kind)}" data-colour="{esc(colour)}" data-provenance="{prov}">'
                        f"<td>{esc(name(KIND_NAMES, kind))}</td><td>{esc(name(COLOUR_NAMES, colour))}</td>{stars}"
                        f'<td class="num">{len(items)}</td><td>{src}</td></tr>')
    head = "".join(f"<th>{esc(h)}</th>" for h in (ui("af.tile", lang), ui("af.pearl", lang), "★", "★★", "★★★",
                                                   ui("count", lang), ui("source", lang)))
    tile_table = (f'<h4>{esc(ui("af.tiles", lang))} <span class="tutor-cite">{esc(safe_cite("aqua_fest:tiles", lang))}'
                  f'</span></h4><table class="tutor-tiles"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
                  f"</tbody></table>")

    rows = []
    for sp in C.SPECIES:
        items = [c for c in C.CARDS.values() if c.species == sp]
        m = C.MOVES[sp]
        prov, src = source(x.provenance for x in items)
        strengths = ", ".join(str(c.strength) for c in sorted(items, key=lambda c: c.strength))
        rows.append(f'<tr data-kind="{esc(sp)}" data-provenance="{prov}"><td>{esc(species_name(sp, lang))}</td>'
                    f'<td class="num">{len(items)}</td><td>{esc(strengths)}</td><td>{esc(af_move_words(sp, lang))}</td>'
                    f"<td>{esc(yes(m.alone))}</td><td>{esc(yes(m.jump))}</td><td>{esc(yes(m.both_layers))}</td>"
                    f"<td>{src}</td></tr>")
    head = "".join(f"<th>{esc(h)}</th>" for h in (
        ui("af.species", lang), ui("count", lang), ui("af.strengths", lang), ui("af.movement", lang),
        ui("af.alone", lang), ui("af.jump", lang), ui("af.both", lang), ui("source", lang)))
    card_table = (f'<h4>{esc(ui("af.cards", lang))} <span class="tutor-cite">{esc(safe_cite("aqua_fest:cards", lang))}'
                  f'</span></h4><table class="tutor-cards"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
                  f"</tbody></table>")
    rows = []
    for key, value, provenance in C.SETUP_FACTS:
        prov, src = source([provenance])
        rows.append(f'<tr data-kind="{esc(key)}" data-provenance="{prov}"><td>{esc(ui("af.setup." + key, lang))}</td>'
                    f"<td>{esc(value)}</td><td>{src}</td></tr>")
    head = "".join(f"<th>{esc(h)}</th>" for h in (ui("af.setup", lang), ui("af.setup.value", lang), ui("source", lang)))
    setup_table = (f'<h4>{esc(ui("af.setup", lang))} <span class="tutor-cite">{esc(safe_cite("aqua_fest:goal", lang))}'
                   f'</span></h4><table class="tutor-setup"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
                   f"</tbody></table>")
    return Static(tile_table + card_table + setup_table
                  + f'<p class="tutor-assumed-note">{esc(ui("assumed_note", lang))}</p>', ("tutor-components",))



register({
    "ui.lazy.scenario": {"en": "▶ Worked example: {title}", "ru": "▶ Разбор примера: {title}",
                         "uk": "▶ Розбір прикладу: {title}"},
    "ui.lazy.quiz": {"en": "▶ Question: {title}", "ru": "▶ Вопрос: {title}", "uk": "▶ Питання: {title}"},
    "ui.lazy.your_turn": {"en": "▶ Your turn: {title}", "ru": "▶ Ваш ход: {title}", "uk": "▶ Ваш хід: {title}"},
    "ui.lazy.play": {"en": "▶ Play {game} against the bots", "ru": "▶ Сыграть в «{game}» с ботами",
                     "uk": "▶ Зіграти в «{game}» з ботами"},
    "ui.lazy.sandbox": {"en": "▶ Open the sandbox", "ru": "▶ Открыть песочницу", "uk": "▶ Відкрити пісочницю"},
    "ui.lazy.shells": {"en": "▶ Open the shell-assembly helper", "ru": "▶ Открыть помощника по сборке ракушек",
                       "uk": "▶ Відкрити помічника зі збирання мушель"},
    "ui.af.yes": {"en": "yes", "ru": "да", "uk": "так"},
    "ui.af.setup": {"en": "Setting up", "ru": "Подготовка", "uk": "Підготовка"},
    "ui.af.setup.value": {"en": "Value", "ru": "Значение", "uk": "Значення"},
    "ui.af.setup.hand_size": {"en": "Cards in each hand at the start", "ru": "Карт в руке в начале игры",
                              "uk": "Карт у руці на початку гри"},
    "ui.af.setup.bonus_order": {"en": "Bonus tokens, from the first player round the table",
                                "ru": "Жетоны дополнительных баллов по кругу от первого игрока",
                                "uk": "Жетони додаткових балів по колу від першого гравця"},
    "ui.af.setup.first_player": {"en": "Who starts (player number)", "ru": "Кто ходит первым (номер игрока)",
                                 "uk": "Хто ходить першим (номер гравця)"},
    "ui.af.no": {"en": "no", "ru": "нет", "uk": "ні"},
    "ui.af.coral": {"en": "coral", "ru": "коралл", "uk": "корал"},
    "ui.af.tile": {"en": "Tile", "ru": "Тайл", "uk": "Тайл"},
    "ui.af.pearl": {"en": "Pearl", "ru": "Жемчужина", "uk": "Перлина"},
    "ui.af.tiles": {"en": "Corals and shell fragments", "ru": "Кораллы и осколки ракушек",
                    "uk": "Корали й уламки мушель"},
    "ui.af.cards": {"en": "Sea-creature cards", "ru": "Карты морских жителей", "uk": "Карти морських мешканців"},
    "ui.af.species": {"en": "Species", "ru": "Вид", "uk": "Вид"},
    "ui.af.strengths": {"en": "Strengths", "ru": "Сила", "uk": "Сила"},
    "ui.af.movement": {"en": "Movement", "ru": "Перемещение", "uk": "Переміщення"},
    "ui.af.alone": {"en": "Played alone", "ru": "Играется одна", "uk": "Грається одна"},
    "ui.af.jump": {"en": "Jumps", "ru": "Перепрыгивает", "uk": "Перестрибує"},
    "ui.af.both": {"en": "Both layers", "ru": "Оба слоя", "uk": "Обидва шари"},
})
