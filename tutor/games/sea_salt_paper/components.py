"""Паперові океани (Sea Salt & Paper) components: the 58 cards with their kinds and colours, the scoring tables.

Provenance: the kinds, colours and counts below are copied from the project's shared card data
(../shared/data/sea-salt-paper.json, which read them from the public Board Game Arena implementation
thoun/seasaltpaper modules/php/CardManager.php and found them identical in brenton-crowley/sea-salt-and-paper).
The rulebook prints the number of cards (58), every collection table, the multipliers and that mermaids are
white; it does not list each card's colour. The tutor never reads the shared folder: the data lives here.

ASSUMED (not printed in the rulebook, the tutor's choice, one place to correct): see ASSUMED_ITEMS. They are
only how the tutor draws and names things (card ids, colour shades on screen); no rule depends on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

MIN_PLAYERS, MAX_PLAYERS = 2, 4
THRESHOLDS = {2: 40, 3: 35, 4: 30}          # rulebook «КІНЕЦЬ ГРИ»
STOP_POINTS = 7                              # rulebook «3. Можете завершити раунд»
MERMAIDS_TO_WIN = 4                          # rulebook «Карти русалок»

RULEBOOK = "rulebook"
SHARED_DATA = "card data (BGA implementation, via the project's shared data)"
ASSUMED = "assumed — not printed in the rulebook"

# (kind, colour, count), in the shared data's order
_DECK = (
    ("mermaid", "white", 4),
    ("crab", "dark_blue", 2), ("crab", "light_blue", 2), ("crab", "black", 1), ("crab", "yellow", 2),
    ("crab", "light_green", 1), ("crab", "light_grey", 1),
    ("boat", "dark_blue", 2), ("boat", "light_blue", 2), ("boat", "black", 2), ("boat", "yellow", 2),
    ("fish", "dark_blue", 2), ("fish", "light_blue", 1), ("fish", "black", 2), ("fish", "yellow", 1),
    ("fish", "light_green", 1),
    ("swimmer", "dark_blue", 1), ("swimmer", "light_blue", 1), ("swimmer", "black", 1), ("swimmer", "yellow", 1),
    ("swimmer", "light_orange", 1),
    ("shark", "dark_blue", 1), ("shark", "light_blue", 1), ("shark", "black", 1), ("shark", "light_green", 1),
    ("shark", "purple", 1),
    ("shell", "dark_blue", 1), ("shell", "light_blue", 1), ("shell", "black", 1), ("shell", "yellow", 1),
    ("shell", "light_green", 1), ("shell", "light_grey", 1),
    ("octopus", "light_blue", 1), ("octopus", "yellow", 1), ("octopus", "light_green", 1), ("octopus", "purple", 1),
    ("octopus", "light_grey", 1),
    ("penguin", "purple", 1), ("penguin", "light_orange", 1), ("penguin", "pink", 1),
    ("sailor", "pink", 1), ("sailor", "orange", 1),
    ("lighthouse", "purple", 1),
    ("shoal_of_fish", "light_grey", 1),
    ("penguin_colony", "light_green", 1),
    ("captain", "light_orange", 1),
)

# points for 1, 2, 3 ... cards of a collection (rulebook «Набори карт»)
COLLECTIONS = {
    "shell": (0, 2, 4, 6, 8, 10),
    "octopus": (0, 3, 6, 9, 12),
    "penguin": (1, 3, 5),
    "sailor": (0, 5),
}
# multiplier -> (the kind it counts, points per card) (rulebook «Карти-множники ПО»)
MULTIPLIERS = {
    "lighthouse": ("boat", 1),
    "shoal_of_fish": ("fish", 1),
    "penguin_colony": ("penguin", 2),
    "captain": ("sailor", 3),
}
# the duos: pairs that score 1 point each and may be played for their effect (rulebook «Парні карти»)
DUO_KINDS = ("crab", "boat", "fish", "swimmer", "shark")
DUOS = (("crab", "crab"), ("boat", "boat"), ("fish", "fish"), ("shark", "swimmer"))
EFFECT = {"crab": "crab", "boat": "boat", "fish": "fish", "shark": "steal", "swimmer": "steal"}

KINDS = ("crab", "boat", "fish", "swimmer", "shark", "shell", "octopus", "penguin", "sailor",
         "lighthouse", "shoal_of_fish", "penguin_colony", "captain", "mermaid")
COLOURS = ("dark_blue", "light_blue", "black", "yellow", "light_green", "light_grey", "purple", "white",
           "light_orange", "pink", "orange")

# ASSUMED: how the tutor shows the colours (the printed shades are not given anywhere as numbers), and the
# ColorADD-style sign drawn on each card beside its colour (the printed cards carry ColorADD signs; which
# sign each shade gets here is the tutor's reading of the ColorADD system: yellow "/", blue a left triangle,
# red a right triangle, mixed colours combine them, light adds an open square, dark a filled one, white is an
# open square, black a filled one, grey both).
COLOUR_HEX = {
    "dark_blue": "#1f4e9c", "light_blue": "#6cc3e8", "black": "#2b2b2b", "yellow": "#f2c230",
    "light_green": "#9ed36a", "light_grey": "#c3c7cc", "purple": "#7e4fa3", "white": "#fbfbf8",
    "light_orange": "#f7b27a", "pink": "#f29bc4", "orange": "#ee7d22",
}
COLORADD = {   # colour -> signs, drawn left to right: slash, blue, red (triangles), open, filled (squares)
    "dark_blue": ("blue", "filled"), "light_blue": ("blue", "open"), "black": ("filled",),
    "yellow": ("slash",), "light_green": ("slash", "blue", "open"), "light_grey": ("open", "filled"),
    "purple": ("blue", "red"), "white": ("open",), "light_orange": ("slash", "red", "open"),
    "pink": ("red", "open"), "orange": ("slash", "red"),
}
ASSUMED_ITEMS = (
    ("card ids", "kind-N numbering (crab-1 … crab-9) is the tutor's own, never shown to a learner"),
    ("colour shades", "COLOUR_HEX: screen shades chosen to be told apart"),
    ("colour signs", "COLORADD: the ColorADD-style sign drawn for each colour"),
)


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    colour: str
    provenance: str


CARDS: dict[str, Card] = {}
for _kind, _colour, _count in _DECK:
    for _ in range(_count):
        _n = sum(1 for c in CARDS.values() if c.kind == _kind) + 1
        _id = f"{_kind}-{_n}"
        CARDS[_id] = Card(_id, _kind, _colour, SHARED_DATA)

ALL_CARDS = tuple(CARDS)
assert len(ALL_CARDS) == 58, "the rulebook's box holds 58 cards"
KIND = {c.id: c.kind for c in CARDS.values()}
COLOUR = {c.id: c.colour for c in CARDS.values()}
ORDER = {c: i for i, c in enumerate(ALL_CARDS)}     # a stable order for hands and pairs
MERMAIDS = tuple(c for c in ALL_CARDS if KIND[c] == "mermaid")


def card(card_id: str) -> Card:
    return CARDS[card_id]


def kind(card_id: str) -> str:
    return KIND[card_id]


def colour(card_id: str) -> str:
    return COLOUR[card_id]


def duo_of(a: str, b: str) -> Optional[str]:
    """The duo two cards make ("crab", "boat", "fish", "steal"), or None."""
    ka, kb = KIND[a], KIND[b]
    if ka == kb and ka in ("crab", "boat", "fish"):
        return ka
    if {ka, kb} == {"swimmer", "shark"}:
        return "steal"
    return None
