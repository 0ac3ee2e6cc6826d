"""Aqua Fest's one-page quick reference (tutor.core.reference): setting up, a turn, the creatures, what is
forbidden, battles, what shells score, the end, the rulings."""

from __future__ import annotations

from tutor.core.i18n import plural, text
from tutor.core.reference import Block, on_sheet, Reference, Table
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.sections import RULINGS
from tutor.games.aqua_fest.shells import RARE_BONUS, UNIQUE_BONUS

# left to the lesson's list (tutor.core.reference.Reference.rare): the box's player count, an empty deck
OFF_SHEET = ("player-count", "empty-deck")


def _ref(key: str, lang: str, **params: object) -> str:
    return text(f"aqua_fest.ref.{key}", lang, **params)


def _move(species: str, lang: str) -> str:
    """How a species moves, from its assumed Move: its directions and reach, then what else it may do."""
    move = C.MOVES[species]
    said = [plural(f"aqua_fest.ref.move.{move.directions}", move.reach, lang) if move.directions != "knight"
            else _ref("move.knight", lang)]
    said += [_ref(f"move.{flag}", lang) for flag in ("jump", "both_layers", "alone") if getattr(move, flag)]
    return "; ".join(said)


def _strengths(species: str) -> str:
    values = sorted(c.strength for c in C.CARDS.values() if c.species == species)
    return f"{values[0]} … {values[-1]}"


def reference(lang: str) -> Reference:
    creatures = Table((_ref("head.species", lang), _ref("head.strength", lang), _ref("head.move", lang)),
                      tuple((text(f"aqua_fest.species.{s}", lang), _strengths(s), _move(s, lang)) for s in C.SPECIES),
                      note=_ref("note.assumed", lang, n=len(C.ALL_CARDS)))
    shells = Table((_ref("head.shell", lang), _ref("head.made_of", lang), _ref("head.points", lang)),
                   ((_ref("shell.ordinary", lang), _ref("shell.ordinary.made", lang), _ref("shell.stars", lang)),
                    (_ref("shell.rare", lang), _ref("shell.rare.made", lang),
                     _ref("shell.plus", lang, bonus=RARE_BONUS)),
                    (_ref("shell.unique", lang), _ref("shell.unique.made", lang),
                     _ref("shell.plus2", lang, bonus=RARE_BONUS, pearl=UNIQUE_BONUS))),
                   note=_ref("note.loose", lang))
    tokens = ", ".join(map(str, C.BONUS_TOKENS))
    blocks = (
        Block(_ref("setup", lang), "aqua_fest:goal",
              (_ref("setup.layers", lang, n=C.SIZE * C.SIZE), _ref("setup.start", lang),
               _ref("setup.hands", lang, n=C.HAND_SIZE, tokens=tokens)), ordered=True),
        Block(_ref("turn", lang), "aqua_fest:play",
              (_ref("turn.move", lang), _ref("turn.second", lang), _ref("turn.draw_one", lang),
               _ref("turn.draw_two", lang), _ref("turn.hand", lang))),
        Block(_ref("creatures", lang), "aqua_fest:cards", (creatures,)),
        Block(_ref("forbidden", lang), "aqua_fest:forbidden",
              (_ref("forbidden.obstacles", lang), _ref("forbidden.start", lang), _ref("forbidden.own", lang),
               _ref("forbidden.bare", lang))),
        Block(_ref("battles", lang), "aqua_fest:battles",
              (_ref("battles.who", lang), _ref("battles.how", lang), _ref("battles.win", lang),
               _ref("battles.tie", lang), _ref("battles.after", lang))),
        Block(_ref("shells", lang), "aqua_fest:shells", (shells,)),
        Block(_ref("end", lang), "aqua_fest:end",
              (_ref("end.when", lang), _ref("end.score", lang), _ref("end.tie", lang))),
    )
    listed, rare = on_sheet(RULINGS, OFF_SHEET)
    return Reference("aqua_fest", _ref("title", lang), blocks, listed, footer=_ref("footer", lang), rare=rare)
