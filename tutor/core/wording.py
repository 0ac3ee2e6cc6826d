"""Words to be said later in the reader's language: a refusal made before anyone knows who reads it."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional


class Words:
    """A catalogue key and its fields, worded only when read: `said(lang)`; `str()` is the English.

    A field may itself be Words (or any function of the language), so a sentence is built from parts
    ("hands must hold {a list of {whole numbers 1..12}} per player") and each part is said in the same
    language. With `n`, the key is a counted entry (tutor.core.i18n.plural)."""

    __slots__ = ("key", "n", "params")

    def __init__(self, key: str, n: Optional[int] = None, **params: Any) -> None:
        self.key = key
        self.n = n
        self.params = params

    def said(self, lang: str = "en") -> str:
        from tutor.core.i18n import plural, text
        params = {name: say(value, lang) for name, value in self.params.items()}
        if self.n is None:
            return text(self.key, lang, **params)
        return plural(self.key, self.n, lang, **params)

    __call__ = said

    def __str__(self) -> str:
        return self.said("en")

    def __repr__(self) -> str:
        return f"Words({self.key!r})"


def say(value: Any, lang: str = "en") -> str:
    """A field's text in `lang`: Words and functions of the language are said, anything else is str()."""
    if isinstance(value, Words) or (callable(value) and not isinstance(value, type)):
        said: str = value(lang)
        return said
    return str(value)


def joined(parts: Iterable[Any], sep: str = ", ", before: str = "", after: str = "") -> Callable[[str], str]:
    """Parts (Words or text) said in one language and put together with punctuation."""
    said = tuple(parts)
    return lambda lang: before + sep.join(say(p, lang) for p in said) + after
