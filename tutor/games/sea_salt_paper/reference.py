"""Паперові океани's one-page quick reference (tutor.core.reference): a turn, the duos, collections, multipliers,
mermaids, the end of a round and of the game, the rulings."""

from __future__ import annotations

from tutor.core.i18n import text
from tutor.core.reference import Block, on_sheet, Reference, Table
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.sections import RULINGS

# left to the lesson's list (tutor.core.reference.Reference.rare): empty decks and piles, duos with nothing to take, the
# last turns' corners, ties after the last round and who starts (a reader found the twenty burying the few that
# change play: white a colour, the 7 points, boats, duo effects, the caller's hand)
OFF_SHEET = ("fish-empty-deck", "crab-empty-pile", "steal-no-target", "hand-limit", "one-card-left", "nothing-to-draw",
        "empty-deck-turn-end", "last-chance-deck", "last-chance-boats", "next-round-after-empty-deck",
        "tie-after-last-round", "first-player")


def _ref(key: str, lang: str, **params: object) -> str:
    return text(f"sea_salt_paper.ref.{key}", lang, **params)


def _kind(kind: str, lang: str) -> str:
    return text(f"sea_salt_paper.kind.{kind}", lang)


def reference(lang: str) -> Reference:
    duos = Table((_ref("head.pair", lang), _ref("head.effect", lang)),
                 tuple((" + ".join(_kind(k, lang) for k in pair), _ref(f"effect.{C.EFFECT[pair[0]]}", lang))
                       for pair in C.DUOS),
                 note=_ref("note.duos", lang))
    most = max(len(points) for points in C.COLLECTIONS.values())
    collections = Table((_ref("head.cards", lang), *map(str, range(1, most + 1))),
                        # a dash past the box's last card of a kind: blank cells printed read as missing data (a reader)
                        tuple((_kind(k, lang), *map(str, points), *(["—"] * (most - len(points))))
                              for k, points in C.COLLECTIONS.items()),
                        note=_ref("note.collections", lang))
    multipliers = Table((_ref("head.multiplier", lang), _ref("head.scores", lang)),
                        tuple((_kind(m, lang), _ref("per_card", lang, points=points, kind=_kind(kind, lang)))
                              for m, (kind, points) in C.MULTIPLIERS.items()),
                        note=_ref("note.multipliers", lang))
    targets = ", ".join(_ref("target", lang, players=n, points=p) for n, p in sorted(C.THRESHOLDS.items()))
    blocks = (
        Block(_ref("setup", lang), "sea_salt_paper:setup",
              (_ref("setup.deck", lang, n=len(C.ALL_CARDS)), _ref("setup.first", lang)), ordered=True),
        Block(_ref("turn", lang), "sea_salt_paper:turn",
              (_ref("turn.draw", lang), _ref("turn.duos", lang), _ref("turn.end", lang, points=C.STOP_POINTS)),
              ordered=True),
        Block(_ref("duos", lang), "sea_salt_paper:duos", (duos,)),
        Block(_ref("collections", lang), "sea_salt_paper:collections", (collections,)),
        Block(_ref("multipliers", lang), "sea_salt_paper:multipliers", (multipliers,)),
        Block(_ref("mermaids", lang), "sea_salt_paper:mermaids",
              (_ref("mermaids.bonus", lang), _ref("mermaids.more", lang),
               _ref("mermaids.win", lang, n=C.MERMAIDS_TO_WIN))),
        Block(_ref("round_end", lang), "sea_salt_paper:round-end",
              (_ref("round_end.stop", lang), _ref("round_end.last_chance", lang), _ref("round_end.won", lang),
               _ref("round_end.lost", lang), _ref("round_end.deck", lang), _ref("round_end.next", lang))),
        Block(_ref("game_end", lang), "sea_salt_paper:game-end",
              (_ref("game_end.target", lang, targets=targets), _ref("game_end.tie", lang))),
    )
    listed, rare = on_sheet(RULINGS, OFF_SHEET)
    return Reference("sea_salt_paper", _ref("title", lang), blocks, listed, footer=_ref("footer", lang), rare=rare)
