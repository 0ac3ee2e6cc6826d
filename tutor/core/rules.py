"""Rulebook sections (what a rule reference points to) and rulings (decisions where a rulebook is silent)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from tutor.core import i18n


@dataclass(frozen=True)
class Section:
    """One heading of a rulebook. `id` is "<game>:<slug>"; `heading` is the rulebook's own words. How the tutor
    names the section is the game's catalogue entry "<game>.section.<slug>" (tutor.core.i18n)."""

    id: str
    heading: str                 # the heading as printed, in the rulebook's language
    # what a citation quotes when the heading is a long sentence (its first words, ending in "…"): a rule cited on
    # every move reads shorter; empty: the heading whole
    quote: str = ""

    @property
    def key(self) -> str:
        game, _, slug = self.id.partition(":")
        return f"{game}.section.{slug}"

    @property
    def quoted(self) -> str:
        """The rulebook's words a citation shows: `quote`, or the heading."""
        return self.quote or self.heading

    def title(self, lang: str = "en") -> str:
        return i18n.text(self.key, lang)

    def __hash__(self) -> int:
        return hash(self.id)


@dataclass(frozen=True)
class Ruling:
    """A decision the tutor made where the rulebook is silent or ambiguous; shown to learners. `id` is
    "<game>/<slug>"; the decision and its reason are the game's catalogue entry "<game>.ruling.<slug>",
    filled with `params` (a callable value gets the language: a count that must agree with its words)."""

    id: str
    rule: str                    # the section it concerns
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def key(self) -> str:
        game, _, slug = self.id.partition("/")
        return f"{game}.ruling.{slug}"

    def say(self, lang: str = "en") -> str:
        values = {k: v(lang) if callable(v) else v for k, v in self.params.items()}
        return i18n.text(self.key, lang, **values)

    def brief(self, lang: str = "en") -> str:
        """The decision alone, for a sheet read mid-game ("<key>.brief" where the catalogue has one: the reason
        stays in the lesson's list), else `say`."""
        if not i18n.has(self.key + ".brief"):
            return self.say(lang)
        values = {k: v(lang) if callable(v) else v for k, v in self.params.items()}
        return i18n.text(self.key + ".brief", lang, **values)

    def __hash__(self) -> int:
        return hash(self.id)


def sections(game_id: str, rows: Iterable[tuple[str, ...]]) -> tuple[Section, ...]:
    """A game's sections from (slug, heading as printed[, quote]) rows: its GameSpec.sections."""
    return tuple(Section(f"{game_id}:{slug}", *rest) for slug, *rest in rows)


def rulings(game_id: str, rows: Iterable[tuple[Any, ...]]) -> tuple[Ruling, ...]:
    """A game's rulings from (slug, the slug of the section it concerns[, params]) rows: its GameSpec.rulings."""
    return tuple(Ruling(f"{game_id}/{slug}", f"{game_id}:{rule}", *rest) for slug, rule, *rest in rows)


def section(rule_id: str) -> Section:
    """The section a rule reference ("<game>:<slug>") points to, from its game's spec; else a KeyError."""
    from tutor.core.game import UnknownGame, spec
    try:
        return spec(rule_id.partition(":")[0]).section(rule_id)
    except UnknownGame:
        raise KeyError(f"unknown rule reference {rule_id!r}") from None


def _bare(words: str) -> str:
    return " ".join(re.findall(r"\w+", words)).casefold()


_CITED: dict[tuple[str, str], str] = {}     # (rule, lang) -> citation: refusals cite the same few sections often


def cite(rule_id: str, lang: str = "en") -> str:
    """A short citation: the tutor's title and the rulebook heading it stands for."""
    said = _CITED.get((rule_id, lang))
    if said is None:
        said = _CITED[(rule_id, lang)] = _cite(rule_id, lang)
    return said


def in_brackets(said: str) -> str:
    """A citation to stand inside brackets, "(rule: …)": its own bracketed heading after a comma instead, "Title,
    «Heading»" (a reader read "(правило: Карта того же семейства («2. Игроки по очереди…»))" twice over, wave 23)."""
    m = re.fullmatch(r"(.*\S) \((«[^()]*»)\)", said, flags=re.S)
    return f"{m.group(1)}, {m.group(2)}" if m else said


def short_cite(rule_id: str, lang: str = "en") -> str:
    """The tutor's title of the section alone (the rulebook's heading only where the title is the heading): for
    a line of a log or a score, where the full citation after every line was longer than the line (a reader)."""
    s = section(rule_id)
    title = s.title(lang)
    return f"«{s.quoted}»" if _bare(title) == _bare(s.quoted) else title


def _cite(rule_id: str, lang: str) -> str:
    s = section(rule_id)
    title = s.title(lang)
    if _bare(title) == _bare(s.quoted):       # «Как играть?» needs no «Как играть» in front of it
        return f"«{s.quoted}»"
    if any(_bare(q) == _bare(s.quoted) for q in re.findall(r"«([^»]+)»", title)):
        return title        # Вариант «Без драк» quotes its heading already: not («БЕЗ ДРАК») after it again
    return f"{title} («{s.quoted}»)"
