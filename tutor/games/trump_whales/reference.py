"""Козырные киты' one-page quick reference (tutor.core.reference): setting up, a trick, who wins it, the reward,
the 5s, the bonuses, the round's score, the end, the rulings."""

from __future__ import annotations

from tutor.core.i18n import text
from tutor.core.reference import Block, on_sheet, Reference, Table
from tutor.core.rules import Ruling
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.sections import RULINGS

# left to the lesson's list (tutor.core.reference.Reference.rare): what the tutor does for the players (taking the pearl
# cards, showing what is open) and the round's last trick
OFF_SHEET = ("pearl-cards-taken", "open-and-hidden", "last-trick-no-leader")


def _ref(key: str, lang: str, **params: object) -> str:
    return text(f"trump_whales.ref.{key}", lang, **params)


class _Short(Ruling):
    """The sheet's line for a ruling: the same ruling (its id, listed once), its decision in one line
    (trump_whales.ref.ruling.<slug>). Its reason stays in the lesson's list of rulings: in full, the rulings took
    half the printed page."""

    @property
    def key(self) -> str:
        return f"trump_whales.ref.ruling.{self.id.partition('/')[2]}"


def _short(rulings: tuple[Ruling, ...]) -> tuple[Ruling, ...]:
    return tuple(_Short(r.id, r.rule, {"five": C.FIVE, "target": C.TARGET}) for r in rulings)


def reference(lang: str) -> Reference:
    low, high = C.TOKEN_SIDES
    small = [v for v in C.VALUES if v < C.FIVE]
    big = [v for v in C.VALUES if v > C.FIVE]
    bonuses = Table((_ref("head.bonus", lang), _ref("head.does", lang)),
                    tuple((_ref(f"bonus.{kind}", lang), _ref(f"bonus.{kind}.does", lang, low=low, high=high))
                          for kind in C.BONUS_KINDS),
                    note=_ref("note.bonuses", lang))
    blocks = (
        Block(_ref("setup", lang), "trump_whales:setup",
              (_ref("setup.fives", lang, five=C.FIVE),
               _ref("setup.trump", lang, a=small[0], b=small[-1], c=big[0], d=big[-1], low=low, high=high,
                    five=C.FIVE),
               _ref("setup.deal", lang, n=C.HAND), _ref("setup.bonus", lang), _ref("setup.first", lang)),
              ordered=True),
        Block(_ref("trick", lang, n=C.TRICKS), "trump_whales:turn",
              (_ref("trick.lead", lang), _ref("trick.follow", lang), _ref("trick.five", lang, five=C.FIVE))),
        Block(_ref("wins", lang), "trump_whales:trick",
              (_ref("wins.high", lang, high=high), _ref("wins.low", lang, low=low),
               _ref("wins.fives", lang, five=C.FIVE))),
        Block(_ref("reward", lang), "trump_whales:reward",
              (_ref("reward.pick", lang), _ref("reward.cards", lang), _ref("reward.bonus", lang),
               _ref("reward.five", lang, five=C.FIVE, points=C.FIVE_PICKED_POINTS),
               _ref("reward.lead", lang, five=C.FIVE))),
        Block(_ref("bonuses", lang), "trump_whales:bonuses", (bonuses,)),
        Block(_ref("round_end", lang), "trump_whales:round-end",
              (_ref("round_end.pile", lang), _ref("round_end.pairs", lang))),
        Block(_ref("game_end", lang), "trump_whales:game-end", (_ref("game_end.target", lang, target=C.TARGET),
                                                                _ref("game_end.tie", lang))),
    )
    listed, rare = on_sheet(_short(RULINGS), OFF_SHEET)
    return Reference("trump_whales", _ref("title", lang), blocks, listed, footer=_ref("footer", lang), rare=rare)
