"""Aqua Fest components: seabed tiles, sea-creature cards, start tiles, bonus tokens.

Provenance. Printed in the rulebook ("Что входит в игровой набор?", "Компоненты игры",
"Ценность ракушек"): 50 shell-and-coral tiles, 50 sea-creature cards, 4 pawns, 4 start tiles,
4 bonus tokens (1..4), fragments worth 1..3 stars, pearl parts in white, pink and black, fragments
of an "upper" kind and "lower left" / "lower right" kinds. Known from the publisher's shop text and FAQ
(see the project notes): two 5 x 5 layers, five cards in hand at the start.
NOT printed anywhere we could find, and so ASSUMED here (one table a club can correct): how many
tiles are corals, how fragments split by kind, stars and colour, and every card's species, strength
and movement (the DECK table below). They were chosen so that the game plays well (about 6 whole
shells can be built) and every rulebook example is reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 5                      # the seabed is 5 x 5, two layers deep
LAYERS = ("lower", "upper")
SIDES = ("south", "west", "north", "east")   # clockwise from the first player's side
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_SIZE = 5                 # ASSUMED: the rulebook does not say how many cards a hand starts with
COLOURS = ("white", "pink", "black")
FRAGMENT_KINDS = ("upper", "lower-left", "lower-right")
PAWN_COLOURS = ("#e76f51", "#2a9d8f", "#e9c46a", "#6d597a")
PAWN_COLOUR_NAMES = ("coral red", "teal", "sand", "violet")

RULEBOOK = "rulebook"
ASSUMED = "assumed — not printed in the rulebook"


@dataclass(frozen=True)
class Tile:
    id: str
    coral: bool
    kind: str = ""       # fragment kind (FRAGMENT_KINDS); "" for a coral
    stars: int = 0       # 1..3
    colour: str = ""     # pearl colour (COLOURS)
    provenance: str = ASSUMED


@dataclass(frozen=True)
class Card:
    id: str
    species: str
    strength: int
    provenance: str = ASSUMED

    @property
    def move(self) -> "Move":
        return MOVES[self.species]


@dataclass(frozen=True)
class Move:
    """How a species moves (rulebook «Сила · Вид · Способ перемещения», «Важно!»: a card that moves a number of
    cells moves exactly that number). A straight line may neither stop on nor pass an obstacle unless `jump`."""

    directions: str      # "orthogonal" | "any" | "knight"
    reach: int           # straight lines: exactly this many cells, never fewer; knight: 1 (one leap)
    jump: bool = False   # may pass over corals and pawns (never stop on them)
    both_layers: bool = False   # takes the upper tile and the fragment beneath it
    alone: bool = False  # only one such card per turn: no second card after it


# ASSUMED: the rulebook prints no card list, so the deck below is the tutor's. THIS TABLE IS THE ONE PLACE TO
# CHANGE IT: a club whose box differs edits a species' movement or its ten strengths here (10 cards a species,
# 50 in all), and the engine, the bots, the drills, the board and the component tables follow. The lesson text
# and examples quote these numbers, and tests/test_lesson_numbers.py fails until they are brought in line.
# Moves are exact (see Move), so on a 5 x 5 seabed a straight move longer than 3 would leave most cells with no
# move at all: the longest is the dolphin's 3 (from every cell but the centre some line of 3 fits).
DECK = {
    # species: (how it moves, the strengths of its ten cards)
    "crab": (Move("orthogonal", 2), (1, 1, 2, 2, 3, 3, 4, 4, 5, 5)),
    "octopus": (Move("any", 2), (2, 2, 3, 3, 4, 4, 5, 5, 6, 6)),
    "seahorse": (Move("knight", 1, jump=True), (1, 1, 2, 2, 2, 3, 3, 3, 4, 4)),
    "turtle": (Move("any", 1, both_layers=True), (3, 3, 4, 4, 5, 5, 6, 6, 7, 7)),
    "dolphin": (Move("any", 3, jump=True, alone=True), (5, 5, 6, 6, 7, 7, 8, 8, 9, 9)),
}
MOVES = {species: move for species, (move, _) in DECK.items()}
SPECIES = tuple(DECK)
CARDS: dict[str, Card] = {}
for _sp, (_, _values) in DECK.items():
    for _i, _s in enumerate(_values, start=1):
        CARDS[f"{_sp}-{_i}"] = Card(f"{_sp}-{_i}", _sp, _s)
ALL_CARDS = tuple(CARDS)

# ASSUMED: 8 corals and 42 fragments: 26 upper, 8 lower-left, 8 lower-right.
# Each colour gets a fair share of every kind; stars lean to the low end (1: 16, 2: 14, 3: 12).
_CORALS = 8
_FRAGMENTS = {
    # kind: [(colour, stars), ...]
    "upper": [(c, s) for c in COLOURS for s in (1, 1, 1, 2, 2, 2, 3, 3)] + [("white", 3), ("pink", 1)],
    "lower-left": [(c, s) for c in ("white", "pink") for s in (1, 2, 3)] + [("black", 1), ("black", 3)],
    "lower-right": [(c, s) for c in ("pink", "black") for s in (1, 2, 3)] + [("white", 2), ("white", 1)],
}
_SHORT = {"upper": "u", "lower-left": "ll", "lower-right": "lr"}

TILES: dict[str, Tile] = {}
for _i in range(1, _CORALS + 1):
    TILES[f"coral-{_i}"] = Tile(f"coral-{_i}", True)
for _kind, _items in _FRAGMENTS.items():
    _count: dict[str, int] = {}
    for _colour, _stars in _items:
        _count[_colour] = _count.get(_colour, 0) + 1
        _id = f"{_SHORT[_kind]}-{_colour}-{_count[_colour]}"
        TILES[_id] = Tile(_id, False, _kind, _stars, _colour)
ALL_TILES = tuple(TILES)
FRAGMENTS = tuple(t for t in ALL_TILES if not TILES[t].coral)
BONUS_TOKENS = (1, 2, 3, 4)   # rulebook: four tokens worth 1 to 4; who gets which is ASSUMED (SETUP_FACTS)

# What setting up needs that the rulebook does not print: (key, value, provenance), shown in the lesson's
# components table next to the tiles and cards, so a club that knows better can correct them here.
SETUP_FACTS = (
    ("hand_size", HAND_SIZE, ASSUMED),
    ("bonus_order", "1, 2, 3, 4", ASSUMED),       # the first player takes token 1, the next 2, and so on
    ("first_player", 1, ASSUMED),                 # player 1 starts unless a lesson sets someone else
)

assert len(ALL_TILES) == 50, "the rulebook lists 50 tiles"
assert len(ALL_CARDS) == 50, "the rulebook lists 50 sea-creature cards"


def tile(tile_id: str) -> Tile:
    return TILES[tile_id]


def card(card_id: str) -> Card:
    return CARDS[card_id]
