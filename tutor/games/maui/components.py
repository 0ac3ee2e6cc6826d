"""Мяури components: catch cards with their values, dive cards, player counts.

Provenance: kinds, counts and ranges are printed in the rulebook ("ВИДЫ РЫБ В ЛАГУНЕ", "СОСТАВ ИГРЫ").
The value on each individual catfish, tiger fish, tuna and jellyfish card is NOT printed there and
is not known from any public source; the values below marked ASSUMED are the tutor's choice inside
the printed ranges. A club that owns the game can correct them here, in this one table.
"""

from __future__ import annotations

from dataclasses import dataclass

ROUNDS = 12                      # rulebook: the game lasts 12 rounds
DIVE_CARDS = tuple(range(1, 13))  # rulebook: each set holds 12 dive cards numbered 1..12
DIVE_SETS = 6                    # rulebook: 72 dive cards in 6 sets
MIN_PLAYERS, MAX_PLAYERS = 3, DIVE_SETS   # see ruling "player-count"
JELLYFISH_SET = 3                # rulebook: a pile that gathers three jellyfish may throw them in the box
DEPTHS = ("deep", "middle", "shallow")    # lagoon cells, bottom to top
# (not red and blue for the first seats: Kiti's bracelets are red and blue, and "the red hand" read as player 1's, a
# reader, stop 60; red is the sixth seat's only)
SEAT_COLOURS = ("#3f8f5f", "#8e6c8a", "#f4a259", "#9c6644", "#6c757d", "#d1495b")
SEAT_COLOUR_NAMES = ("green", "purple", "orange", "brown", "grey", "red")


@dataclass(frozen=True)
class CatchCard:
    id: str
    kind: str        # catfish | tiger | tuna | lantern | jellyfish | seagull
    value: int       # victory points (0 for the seagull)
    provenance: str  # "rulebook" or "assumed — not printed in the rulebook"


RULEBOOK = "rulebook"
ASSUMED = "assumed — not printed in the rulebook"

# kind -> (values, provenance). Counts are the rulebook's; the spread of values is assumed unless
# the rulebook prints it (lantern fish 1/3/5/7).
_VALUES = {
    "catfish": ((1, 1, 2, 3, 3, 4, 5), ASSUMED),                 # 7 cards, rulebook range 1..5
    "tiger": ((6, 6, 7, 7, 8, 8, 9, 9), ASSUMED),                # 8 cards, rulebook range 6..9
    "tuna": ((10, 10, 11, 12, 12, 13, 14, 15), ASSUMED),         # 8 cards, rulebook range 10..15
    "lantern": ((1, 3, 5, 7), RULEBOOK),                         # 4 cards, values printed
    "jellyfish": ((-10, -10, -15, -15), ASSUMED),                # 4 cards, "-10 or -15"
    "seagull": ((0, 0, 0, 0, 0, 0), RULEBOOK),                   # 6 cards, no points
}

KINDS = tuple(_VALUES)
CATCH_CARDS: dict[str, CatchCard] = {}
for _kind, (_values, _prov) in _VALUES.items():
    for _i, _v in enumerate(_values, start=1):
        _id = f"{_kind}-{_i}"
        CATCH_CARDS[_id] = CatchCard(_id, _kind, _v, _prov)

ALL_CATCH = tuple(CATCH_CARDS)
assert len(ALL_CATCH) == 37, "the rulebook lists 37 catch cards"


def card(card_id: str) -> CatchCard:
    return CATCH_CARDS[card_id]


def kind(card_id: str) -> str:
    return CATCH_CARDS[card_id].kind


def value(card_id: str) -> int:
    return CATCH_CARDS[card_id].value


def dive_id(seat: int, number: int) -> str:
    """A dive card's identity, used in views and SVG so hidden cards can be checked for leaks."""
    return f"dive-{seat + 1}-{number}"


def assumed_items() -> list[CatchCard]:
    return [c for c in CATCH_CARDS.values() if c.provenance == ASSUMED]
