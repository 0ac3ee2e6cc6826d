"""Every word the tutor shows, in English, Russian and Ukrainian: gettext catalogues (PO files) read with Babel.

A string is found by its key, which is its msgid ("ui.next", "maui.err.over", "aqua_fest.kind.upper"); the
English catalogue holds the English text and the others translate it. Catalogues live beside the code whose
words they hold:

    tutor/locale/<lang>/LC_MESSAGES/tutor.po                   the shared interface (domain "tutor")
    tutor/games/<game>/locale/<lang>/LC_MESSAGES/<game>.po     one game's words (domain "<game>")

so a new game brings its own catalogues and touches no shared file. A game outside tutor.games (TUTOR_GAMES)
is found through its spec's `home`; `add_catalogues(folder)` adds any other folder. A key is defined in
one catalogue only; lookups see them all.

A counted entry has a msgid_plural and msgstr[0..N-1]; the catalogue's Plural-Forms header picks the form
(en: 2 forms, ru and uk: 3), so `plural("aqua_fest.cards_held", n, "ru")` reads 1 карта, 2 карты, 5 карт.

The PO files are read once per process with babel.messages.pofile.read_po: no compile step, no .mo files.
An empty or fuzzy translation counts as missing and falls back to English. `python -m tutor.i18n_tools check`
lists what is missing; tests/test_i18n.py fails on it. Lesson prose lives in lessons/, not here.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Optional, Union

if TYPE_CHECKING:
    from babel import Locale
    from babel.messages.catalog import Catalog

# The one list of the languages the tutor speaks, in the order pages list them: its interface has every one; a
# game's lessons are taught in some of them (GameSpec.lesson_langs). A language's name is a catalogue entry
# (language_name).
LANGS = ("en", "ru", "uk")
DEFAULT_LANG = "en"
SHARED_DOMAIN = "tutor"
TUTOR_DIR = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Entry:
    """One message of one catalogue: its text, or its plural forms and the catalogue's form chooser."""

    domain: str
    text: Union[str, tuple[str, ...]]                  # a text, or a counted entry's forms
    choose: Optional[Callable[[int], int]] = None      # plural entries: n -> index of the form

    @property
    def counted(self) -> bool:
        return isinstance(self.text, tuple)


_lock = threading.Lock()
_EXTRA: list[Path] = []                       # folders added with add_catalogues
_READ: set[Path] = set()                         # the locale folders the tables were read from
_TABLES: dict[str, dict[str, Entry]] = {}     # lang -> key -> entry, over every catalogue


def add_catalogues(folder: str | Path) -> None:
    """Add a locale folder (<folder>/<lang>/LC_MESSAGES/<domain>.po) that is not under tutor/ nor a game's."""
    where = Path(folder).resolve()
    with _lock:
        if where not in _EXTRA:
            _EXTRA.append(where)
        _TABLES.clear()
        _READ.clear()


def locale_folders() -> list[Path]:
    """Every locale folder the tutor reads: the shared one, each game package's, and any added."""
    folders = [TUTOR_DIR / "locale"]
    games = TUTOR_DIR / "games"
    if games.is_dir():
        folders += sorted(p / "locale" for p in games.iterdir() if (p / "__init__.py").is_file())
    # games from elsewhere (TUTOR_GAMES, a test's own game): the locale folder of each spec known so far. Only the
    # known ones: a game reading its own words must not start importing the others.
    from tutor.core.game import known_specs
    folders += [game.home / "locale" for game in known_specs()]
    folders += _EXTRA
    seen: dict[Path, None] = {}
    for f in folders:
        if f.is_dir():
            seen.setdefault(f.resolve(), None)
    return list(seen)


def catalogue_files(lang: str, folders: Optional[Iterable[Path]] = None) -> list[Path]:
    """The PO files of `lang` in every locale folder (one per domain)."""
    out: list[Path] = []
    for folder in folders if folders is not None else locale_folders():
        out += sorted((folder / lang / "LC_MESSAGES").glob("*.po"))
    return out


def read_catalogue(path: Path) -> Catalog:
    """A Babel catalogue from a PO file (its locale taken from the folder name)."""
    from babel.messages.pofile import read_po
    lang = path.parent.parent.name
    with open(path, "rb") as f:
        return read_po(f, locale=lang, domain=path.stem, ignore_obsolete=True, abort_invalid=True)


def _chooser(catalogue: Catalog) -> Callable[[int], int]:
    # the header's own formula (Plural-Forms), evaluated the way gettext does
    return gettext.c2py(catalogue.plural_expr)


def _load(lang: str) -> dict[str, Entry]:
    table: dict[str, Entry] = {}
    where: dict[str, Path] = {}
    folders = locale_folders()
    _READ.update(folders)
    for path in catalogue_files(lang, folders):
        catalogue = read_catalogue(path)
        choose = None
        for message in catalogue:
            if not message.id or message.fuzzy:
                continue
            if not isinstance(message.id, str):             # message.pluralizable: (msgid, msgid_plural)
                key = message.id[0]
                if not isinstance(message.string, (list, tuple)) or not all(message.string):
                    continue
                choose = choose or _chooser(catalogue)
                entry = Entry(path.stem, tuple(message.string), choose)
            else:
                key = message.id
                if not isinstance(message.string, str) or not message.string:
                    continue
                entry = Entry(path.stem, message.string)
            if key in table:
                raise ValueError(f"i18n key {key!r} is defined in {where[key]} and in {path}")
            table[key] = entry
            where[key] = path
    return table


def _table(lang: str) -> dict[str, Entry]:
    table = _TABLES.get(lang)
    if table is None:
        with _lock:
            table = _TABLES.get(lang)
            if table is None:
                table = _TABLES[lang] = _load(lang)
    return table


def reload() -> None:
    """Forget what was read (a catalogue was edited, or a game registered from elsewhere)."""
    with _lock:
        _TABLES.clear()
        _READ.clear()


def _entry(key: str, lang: str) -> Entry:
    entry = _table(lang).get(key) if lang != DEFAULT_LANG else None
    if entry is None:
        entry = _table(DEFAULT_LANG).get(key)
    if entry is None and _unread_folders():
        reload()
        return _entry(key, lang)
    if entry is None:
        raise KeyError(f"no text for {key!r}")
    return entry


def _unread_folders() -> bool:
    """Has a locale folder appeared since the catalogues were read (a game registered later)?"""
    return not set(locale_folders()) <= _READ


def language_name(code: str, lang: Optional[str] = None) -> str:
    """A language's name (key core.lang.<code>), by default in that language itself ("Русский", "Українська"):
    what a link to a lesson in it shows, whatever the page's own language."""
    return text(f"core.lang.{code}", lang or code)


def has(key: str) -> bool:
    try:
        _entry(key, DEFAULT_LANG)
    except KeyError:
        return False
    return True


def text(key: str, lang: str = DEFAULT_LANG, **params: Any) -> str:
    """The template for `key` in `lang` (falling back to English), filled with `params`."""
    entry = _entry(key, lang)
    if not isinstance(entry.text, str):
        raise TypeError(f"{key!r} is a counted entry: use plural(key, n, lang)")
    return entry.text.format(**params)


def plural(key: str, n: int, lang: str = DEFAULT_LANG, **params: Any) -> str:
    """The counted entry `key` for `n` in `lang`: 1 card / 2 cards; 1 карта, 2 карты, 5 карт. `{n}` in the
    template is the number."""
    entry = _entry(key, lang)
    if isinstance(entry.text, str):
        raise TypeError(f"{key!r} is not a counted entry: use text(key, lang)")
    index = entry.choose(n) if entry.choose else 0
    template: str = entry.text[min(index, len(entry.text) - 1)]
    return template.format(n=n, **params)


_LOCALES: dict[str, Locale] = {}


def plural_category(n: float, lang: str = DEFAULT_LANG) -> str:
    """CLDR's plural category of `n` in `lang` ("one", "few", "many", "other"), from Babel's locale data."""
    locale = _LOCALES.get(lang)
    if locale is None:
        from babel import Locale
        locale = _LOCALES[lang] = Locale.parse(lang)
    return locale.plural_form(n)


# A rulebook's worked example names its players (Андрій and Оксана); while such an example is drawn and told, the
# board and the narration call the seats by those names, so words and picture agree (tutor.widgets.scenario).
_SEAT_NAMES: contextvars.ContextVar[Mapping[int, str]] = contextvars.ContextVar("seat_names", default={})


@contextlib.contextmanager
def seat_names(names: Mapping[int, str]) -> Iterator[None]:
    """Within the block, `player_name(seat)` is `names[seat]` where given (seats count from 0)."""
    token = _SEAT_NAMES.set(dict(names))
    try:
        yield
    finally:
        _SEAT_NAMES.reset(token)


# The seat the learner plays, while a refusal of their own move is explained: «Игрок 1 (вы) уже сыграл 12» (a teacher
# read «Игрок 1 уже сыграл…» in a task that had told them «Вы — игрок 1»). Only there: the log and the board keep
# the plain names.
_LEARNER: contextvars.ContextVar[Optional[int]] = contextvars.ContextVar("learner_seat", default=None)


@contextlib.contextmanager
def learner_seat(seat: Optional[int]) -> Iterator[None]:
    """Within the block, `player_name(seat)` and `player_plain(seat)` add "(you)" to that seat (None: no one)."""
    token = _LEARNER.set(seat)
    try:
        yield
    finally:
        _LEARNER.reset(token)


def player_name(seat: int, lang: str = DEFAULT_LANG) -> str:
    """People count players from 1; the engine counts seats from 0. A named example's seats go by their names."""
    named = _SEAT_NAMES.get().get(seat)
    if named:
        return named
    name = text("core.player", lang, n=seat + 1)
    return f"{name} {text('core.you_mark', lang)}" if _LEARNER.get() == seat else name


def player_plain(seat: int, lang: str = DEFAULT_LANG) -> str:
    """The seat's bare number, for a sentence that names the player mid-way («где стоит игрок 1»), "(you)" added
    for the learner's own seat (`learner_seat`). A named example's seat keeps its name beside the number («у игрока 2
    (Тёма)»): a name cannot be declined into the sentence, and a bare «у игрока 2» in the middle of an example that
    called him Тёма lost a reader."""
    named = _SEAT_NAMES.get().get(seat)
    if named:
        return f"{seat + 1} ({named})"
    return f"{seat + 1} {text('core.you_mark', lang)}" if _LEARNER.get() == seat else str(seat + 1)


def signed(n: int) -> str:
    """Points as a scoresheet writes them: +8, −17 (a true minus sign, not a hyphen), 0."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def number(n: int) -> str:
    """A number in a score table: 8, −17 (a true minus sign, as in `signed`)."""
    return f"\u2212{-n}" if n < 0 else str(n)
