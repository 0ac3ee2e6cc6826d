"""Острів котів' one-page quick reference (tutor.core.reference): setting up, a day, placing a tile, treasure maps,
the final score with its numbers, the tie, the rulings."""

from __future__ import annotations

from tutor.core.i18n import signed, text
from tutor.core.reference import Block, on_sheet, Reference, Table
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats.sections import RULINGS

# left to the lesson's list (tutor.core.reference.Reference.rare): how the tutor asks and shows (a reader found them
# meaningless on a sheet for a real table), who starts, the boats' colours and a bag that cannot run short
OFF_SHEET = ("first-player", "boats", "take-then-place", "cards-secret", "bag-short")
# how the family cards are read: the final count's, not play's (a reader found the sheet "half rulings" mid-game)
COUNTING = ("edge", "card-151", "card-152", "card-153", "card-154", "card-155", "card-156", "card-157", "card-158",
            "card-five", "card-164", "card-165", "card-166", "card-167", "card-168")


def _ref(key: str, lang: str, **params: object) -> str:
    return text(f"isle_of_cats.ref.{key}", lang, **params)


def reference(lang: str) -> Reference:
    supply = ", ".join(_ref("supply", lang, players=n, tiles=k) for n, k in sorted(C.COMMON_SUPPLY.items()))
    biggest = max(C.FAMILY_POINTS)
    families = Table((_ref("head.cats", lang), *map(str, sorted(C.FAMILY_POINTS)), _ref("head.more", lang)),
                     ((_ref("head.points", lang), *(str(C.FAMILY_POINTS[n]) for n in sorted(C.FAMILY_POINTS)),
                       _ref("more", lang, points=C.FAMILY_EXTRA, n=biggest)),),
                     note=_ref("note.families", lang, n=C.FAMILY_MIN))
    score = Table((_ref("head.what", lang), _ref("head.points", lang)),
                  ((_ref("score.rats", lang), signed(C.RAT_POINTS)),
                   (_ref("score.rooms", lang, n=len(C.ROOMS)), signed(C.UNFILLED_ROOM_POINTS)),
                   (_ref("score.families", lang), _ref("score.families.points", lang)),
                   (_ref("score.tasks", lang), _ref("score.tasks.points", lang))))
    blocks = (
        Block(_ref("setup", lang), "isle_of_cats:general-setup",
              (_ref("setup.ship", lang, days=C.DAYS), _ref("setup.treasures", lang, supply=supply),
               _ref("setup.bag", lang), _ref("setup.cards", lang)), ordered=True),
        Block(_ref("day", lang, days=C.DAYS), "isle_of_cats:day",
              (_ref("day.draw", lang, n=C.TILES_PER_PLAYER), _ref("day.take", lang), _ref("day.over", lang),
               _ref("day.next", lang)), ordered=True),
        Block(_ref("placing", lang), "isle_of_cats:placement",
              (_ref("placing.turn", lang), _ref("placing.fit", lang), _ref("placing.first", lang),
               _ref("placing.touch", lang), _ref("placing.cannot", lang))),
        Block(_ref("maps", lang), "isle_of_cats:maps", (_ref("maps.match", lang), _ref("maps.other", lang))),
        Block(_ref("scoring", lang), "isle_of_cats:scoring", (score,)),
        Block(_ref("families", lang), "isle_of_cats:families", (families,)),
        Block(_ref("tie", lang), "isle_of_cats:tie", (_ref("tie.rooms", lang),)),
    )
    listed, rare = on_sheet(RULINGS, OFF_SHEET)
    # the family cards' readings are looked up at the final count: a block of their own after the rulings of play
    counting = tuple(r for r in listed if r.id.partition("/")[2] in COUNTING)
    listed = tuple(r for r in listed if r not in counting)
    return Reference("isle_of_cats", _ref("title", lang), blocks, listed, footer=_ref("footer", lang), rare=rare,
                     counting=counting, counting_title=_ref("counting", lang))
