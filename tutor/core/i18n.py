"""Translated strings: a catalogue of keyed templates in English, Russian and Ukrainian.

Games and widgets register their own keys; lesson prose lives in lessons/, not here.
"""

from __future__ import annotations

LANGS = ("en", "ru", "uk")
DEFAULT_LANG = "en"

_CATALOGUE: dict[str, dict[str, str]] = {}


def register(entries: dict[str, dict]) -> None:
    """Add keyed templates; every entry needs at least English. A counted entry gives each language its
    plural forms by CLDR category ({"one": ..., "few": ..., "many": ..., "other": ...}); see `plural`."""
    for key, forms in entries.items():
        if "en" not in forms:
            raise ValueError(f"i18n key {key!r} has no English text")
        _CATALOGUE[key] = dict(forms)


def has(key: str) -> bool:
    return key in _CATALOGUE


def text(key: str, lang: str = DEFAULT_LANG, **params) -> str:
    """The template for `key` in `lang` (falling back to English), filled with `params`."""
    forms = _CATALOGUE.get(key)
    if forms is None:
        raise KeyError(f"no text for {key!r}")
    template = forms.get(lang) or forms["en"]
    return template.format(**params)


_LOCALES: dict = {}


def plural_category(n, lang: str = DEFAULT_LANG) -> str:
    """CLDR's plural category of `n` in `lang` ("one", "few", "many", "other"), from Babel's locale data."""
    locale = _LOCALES.get(lang)
    if locale is None:
        from babel import Locale
        locale = _LOCALES[lang] = Locale.parse(lang)
    return locale.plural_form(n)


def plural(key: str, n, lang: str = DEFAULT_LANG, **params) -> str:
    """The counted entry `key` for `n` in `lang`: 1 card / 2 cards; 1 карта, 2 карты, 5 карт. `{n}` in the
    template is the number."""
    forms = _CATALOGUE.get(key)
    if forms is None:
        raise KeyError(f"no text for {key!r}")
    by_count = forms.get(lang) or forms["en"]
    template = by_count.get(plural_category(n, lang)) or by_count["other"]
    return template.format(n=n, **params)


def player_name(seat: int, lang: str = DEFAULT_LANG) -> str:
    """People count players from 1; the engine counts seats from 0."""
    return text("core.player", lang, n=seat + 1)


register({
    "core.player": {"en": "Player {n}", "ru": "Игрок {n}", "uk": "Гравець {n}"},
    "core.rulebook": {"en": "rulebook", "ru": "правила", "uk": "правила"},
    "core.cite": {"en": "rule: {title}", "ru": "правило: {title}", "uk": "правило: {title}"},
    "core.total": {"en": "Total", "ru": "Итого", "uk": "Разом"},
    "core.winner": {"en": "Winner", "ru": "Победитель", "uk": "Переможець"},
    "core.winners": {"en": "Shared victory", "ru": "Общая победа", "uk": "Спільна перемога"},
    "core.saved_state": {
        "en": "This saved position cannot be loaded: {problem}",
        "ru": "Эту сохранённую позицию нельзя загрузить: {problem}",
        "uk": "Цю збережену позицію не можна завантажити: {problem}",
    },
})
