"""Мяури's one-page quick reference (tutor.core.reference): a round, ties, the catch cards, the end, the rulings."""

from __future__ import annotations

from tutor.core.i18n import text
from tutor.core.reference import Block, on_sheet, Reference, Table
from tutor.games.maui import components as C
from tutor.games.maui.sections import RULINGS

# left to the lesson's list (tutor.core.reference.Reference.rare): how the tutor shows used cards, and the order of a
# pile in the variant without fights
OFF_SHEET = ("hidden-discards", "no-fights-pile")


def _ref(key: str, lang: str, **params: object) -> str:
    return text(f"maui.ref.{key}", lang, **params)


def _points(values: tuple[int, ...]) -> str:
    """What a kind's cards are worth, as a player says it: a range, or each value when the rulebook prints them."""
    low, high = min(values), max(values)
    if low == high:
        return "—" if low == 0 else str(low)
    if len(set(values)) <= 4 and len(set(values)) == len(values):
        return " / ".join(_num(v) for v in sorted(values))
    return f"{_num(low)} … {_num(high)}" if low >= 0 else " / ".join(_num(v) for v in sorted(set(values), reverse=True))


def _num(n: int) -> str:
    return f"\u2212{-n}" if n < 0 else str(n)


def reference(lang: str) -> Reference:
    kinds = []
    for kind in C.KINDS:
        values = tuple(C.value(c) for c in C.ALL_CATCH if C.kind(c) == kind)
        kinds.append((text(f"maui.kind.{kind}", lang), str(len(values)), _points(values), _ref(f"effect.{kind}", lang)))
    catch = Table((_ref("head.kind", lang), _ref("head.cards", lang), _ref("head.points", lang), _ref("head.effect", lang)),
                  tuple(kinds), note=_ref("note.values", lang))
    blocks = (
        Block(_ref("setup", lang), "maui:setup",
              (_ref("setup.dive", lang, n=len(C.DIVE_CARDS)), _ref("setup.kiti", lang),
               _ref("setup.catch", lang, n=len(C.ALL_CATCH))), ordered=True),
        Block(_ref("round", lang, rounds=C.ROUNDS), "maui:play",
              (_ref("round.lagoon", lang), _ref("round.dive", lang), _ref("round.catch", lang), _ref("round.one", lang),
               _ref("round.after", lang)), ordered=True),
        Block(_ref("ties", lang), "maui:disputes", (_ref("ties.deep", lang), _ref("ties.shallow", lang),
                                                  _ref("ties.which", lang), _ref("ties.next", lang))),
        Block(_ref("catch", lang), "maui:catch-kinds", (catch,)),
        Block(_ref("end", lang), "maui:end", (_ref("end.sum", lang, rounds=C.ROUNDS), _ref("end.tie", lang))),
        Block(_ref("variants", lang), "maui:variants", (_ref("variants.open", lang), _ref("variants.no_fights", lang))),
    )
    listed, rare = on_sheet(RULINGS, OFF_SHEET)
    return Reference("maui", _ref("title", lang), blocks, listed, footer=_ref("footer", lang), rare=rare)
