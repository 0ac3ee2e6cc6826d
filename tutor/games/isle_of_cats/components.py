"""Острів котів (The Isle of Cats, Frank West; family rules) components: the boat grid with its seven rooms, the four
boats' rats and treasure maps, the 85 cat tiles (17 shapes in 5 colours), the 25 rare treasures, the 4 common
treasure shapes with their supply, and the 18 family cards.

Provenance. The rulebook (../shared/rulebooks/isle-of-cats-family.uk.txt) prints: 2–4 players (the common treasure
supply for 2, 3 and 4), five cat colours in the bag with every rare treasure, no oshax and no common treasure in
it, 4 tiles a player drawn each day, 5 days (Vesh's ship starts on «5»), 3 family cards dealt and 2 kept, the
scoring (rats −1, an unfilled room −5, families 8/11/15/20 and +5 a cat beyond 6), the seven rooms' symbols and
the five map colours on each boat. It does not print the geometry, the shapes nor the family cards' tasks: those
come from the project's component data, whose provenance is DATA_SOURCE below (copied here: the tutor never
reads the shared folder). What neither gives is the tutor's choice, listed in ASSUMED_ITEMS.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]     # (x, y): x the column, y the row

RULEBOOK = "rulebook"
DATA = "component data (see DATA_SOURCE)"
ASSUMED = "assumed — not printed in the rulebook"

DATA_SOURCE = (
    "Component data for The Isle of Cats family game that the rulebook's text does not print (board geometry, "
    "tile shapes, family cards). Facts read from the public Board Game Arena implementation "
    "bennygui/theisleofcats-public at commit 04a0ca4 (modules/TiocShape.class.php, modules/TiocShapeDef.class.php, "
    "modules/js/CardMgr.js), cross-checked cell for cell with ShaeS/isle-of-cats src/data/boat1-4.json. The seven "
    "rooms match the rulebook's room list (parrot, moon, apple, moon, no symbol, corn, parrot). Shapes are "
    "row-major 0/1 grids; tiles may be rotated and flipped.")

MIN_PLAYERS, MAX_PLAYERS = 2, 4            # rulebook: the common treasure supply is given for 2, 3 and 4
DAYS = 5                                   # «ПЕРЕБІГ ГРИ»: the game lasts 5 days; the ship starts on «5»
TILES_PER_PLAYER = 4                       # «ПЕРЕБІГ ГРИ» step 1
CARDS_DEALT, CARDS_KEPT = 3, 2             # «ПРИГОТУВАННЯ ГРАВЦЯ» C
COMMON_SUPPLY = {2: 5, 3: 8, 4: 11}        # «ЗАГАЛЬНІ ПРИГОТУВАННЯ» 3: of each shape
RAT_POINTS = -1                            # «ЩУРИ»
UNFILLED_ROOM_POINTS = -5                  # «КАЮТИ»
FAMILY_MIN = 3                             # «КОТЯЧІ РОДИНИ»
FAMILY_POINTS = {3: 8, 4: 11, 5: 15, 6: 20}   # «КОТЯЧІ РОДИНИ»
FAMILY_EXTRA = 5                           # each cat beyond 6


def family_points(size: int) -> int:
    """What a family of `size` cat tiles scores (0 below 3): 8, 11, 15, 20, then +5 a cat beyond 6."""
    if size < FAMILY_MIN:
        return 0
    if size <= 6:
        return FAMILY_POINTS[size]
    return FAMILY_POINTS[6] + FAMILY_EXTRA * (size - 6)


# --------------------------------------------------------------------------- the boat (component data)

WIDTH, HEIGHT = 22, 9
COLUMN_HEIGHTS = (3, 5, 5, 5, 7, 7, 7, 9, 9, 9, 9, 9, 9, 9, 9, 7, 7, 5, 5, 3, 3, 1)
# column x holds rows (9 - h) // 2 .. (9 - h) // 2 + h - 1
BOAT_CELLS = frozenset((x, y) for x, h in enumerate(COLUMN_HEIGHTS)
                       for y in range((HEIGHT - h) // 2, (HEIGHT - h) // 2 + h))
MIDDLE_ROW = HEIGHT // 2                   # family card 155: the row that runs the whole boat's length

# (symbol, rectangle x0, y0, x1, y1 inclusive, cells); the last room is every cell the others leave
_ROOMS = (
    ("parrot", (0, 2, 3, 6), 18),
    ("moon", (4, 0, 10, 1), 11),
    ("moon", (4, 7, 10, 8), 11),
    ("apple", (5, 3, 10, 5), 18),
    ("corn", (16, 1, 19, 7), 20),
    ("parrot", (20, 3, 21, 5), 4),
    (None, None, 60),
)


def _rooms() -> tuple[frozenset[Cell], ...]:
    rooms: list[frozenset[Cell]] = []
    taken: set[Cell] = set()
    for _symbol, rect, _n in _ROOMS:
        if rect is None:
            cells = set(BOAT_CELLS) - taken
        else:
            x0, y0, x1, y1 = rect
            cells = {(x, y) for (x, y) in BOAT_CELLS if x0 <= x <= x1 and y0 <= y <= y1}
        taken |= cells
        rooms.append(frozenset(cells))
    return tuple(rooms)


ROOMS = _rooms()                                  # 7 frozensets of cells
ROOM_SYMBOLS = tuple(symbol for symbol, _r, _n in _ROOMS)
ROOM_SIZES = tuple(n for _s, _r, n in _ROOMS)     # as the data gives them: a test holds ROOMS to these

BOAT_COLOURS = ("blue", "green", "red", "purple")
_BOATS = {
    "blue": ([(0, 5), (1, 5), (1, 6), (4, 1), (7, 3), (8, 3), (10, 8), (11, 0), (12, 0), (13, 0), (13, 8), (14, 0),
              (14, 7), (14, 8), (15, 6), (15, 7), (17, 2), (18, 2), (19, 3)],
             {"blue": (14, 1), "green": (7, 0), "red": (1, 3), "purple": (9, 7), "orange": (19, 5)}),
    "green": ([(0, 4), (1, 2), (2, 2), (5, 3), (5, 4), (5, 7), (10, 1), (12, 0), (12, 1), (12, 5), (12, 6), (12, 7),
               (13, 0), (13, 1), (13, 5), (14, 0), (17, 6), (18, 6), (19, 3)],
              {"blue": (1, 3), "green": (14, 1), "red": (19, 5), "purple": (7, 0), "orange": (9, 7)}),
    "red": ([(0, 3), (0, 4), (0, 5), (5, 5), (6, 2), (7, 2), (7, 8), (8, 8), (10, 3), (12, 2), (12, 3), (13, 2),
             (13, 3), (14, 7), (14, 8), (15, 7), (16, 7), (18, 3), (18, 4)],
            {"blue": (9, 7), "green": (1, 3), "red": (14, 1), "purple": (19, 5), "orange": (7, 0)}),
    "purple": ([(0, 3), (1, 2), (2, 2), (6, 3), (6, 6), (7, 6), (8, 0), (9, 0), (9, 3), (11, 7), (11, 8), (12, 4),
                (12, 8), (13, 4), (14, 4), (15, 1), (16, 1), (17, 6), (18, 6)],
               {"blue": (7, 0), "green": (19, 5), "red": (9, 7), "purple": (1, 3), "orange": (14, 1)}),
}
RATS = {colour: tuple(rats) for colour, (rats, _maps) in _BOATS.items()}
MAPS = {colour: dict(maps) for colour, (_rats, maps) in _BOATS.items()}   # boat -> {cat colour: cell}


def edge_cells() -> frozenset[Cell]:
    """The boat's outermost cells: those with a side on which there is no boat cell (ruling edge)."""
    return frozenset((x, y) for (x, y) in BOAT_CELLS
                     if any(n not in BOAT_CELLS for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))))


EDGE_CELLS = edge_cells()

# --------------------------------------------------------------------------- tiles (component data)

CAT_COLOURS = ("blue", "green", "orange", "red", "purple")
# the 17 cat shapes, numbered 1..17 in the data's order (its ids 400..416); each is a row-major 0/1 grid
CAT_SHAPES = {
    "cat1": ((0, 0, 1), (1, 1, 1), (0, 0, 1)),
    "cat2": ((0, 1, 1), (1, 1, 0), (1, 0, 0)),
    "cat3": ((0, 1), (1, 1), (1, 1), (1, 0)),
    "cat4": ((0, 1), (1, 1), (0, 1), (0, 1)),
    "cat5": ((0, 1), (1, 1), (1, 1)),
    "cat6": ((1, 0, 0), (1, 1, 1), (1, 0, 1)),
    "cat7": ((0, 1, 0, 0), (0, 1, 0, 0), (1, 1, 1, 1)),
    "cat8": ((0, 0, 1), (0, 0, 1), (1, 1, 1)),
    "cat9": ((1, 0), (1, 0), (1, 0), (1, 1)),
    "cat10": ((1, 1), (1, 0), (1, 1)),
    "cat11": ((1, 1, 1, 0), (1, 0, 1, 1)),
    "cat12": ((0, 1, 1), (1, 1, 1), (0, 0, 1)),
    "cat13": ((0, 1, 0), (1, 1, 1), (0, 1, 0)),
    "cat14": ((0, 0, 1, 1), (1, 1, 1, 0)),
    "cat15": ((0, 1, 1), (1, 1, 0)),
    "cat16": ((1,), (1,), (1,), (1,), (1,)),
    "cat17": ((0, 1, 0), (0, 1, 0), (1, 1, 1), (0, 1, 0)),
}
RARE_SHAPES = {
    "L": ((0, 1), (0, 1), (1, 1)),
    "T": ((0, 1), (1, 1), (0, 1)),
    "O": ((1, 1), (1, 1)),
    "S": ((0, 1, 1), (1, 1, 0)),
    "I": ((1, 1, 1, 1),),
}
RARE_EACH = 5
COMMON_SHAPES = {
    "monomino": ((1,),),
    "domino": ((1, 1),),
    "L-tromino": ((0, 1), (1, 1)),
    "I-tromino": ((1, 1, 1),),
}
SHAPES = {**CAT_SHAPES, **RARE_SHAPES, **COMMON_SHAPES}


def shape_cells(shape: str) -> tuple[Cell, ...]:
    """The shape's cells (x, y) as printed (orientation 0), x the column, y the row."""
    return tuple((x, y) for y, row in enumerate(SHAPES[shape]) for x, v in enumerate(row) if v)


SHAPE_SIZE = {s: len(shape_cells(s)) for s in SHAPES}


@dataclass(frozen=True)
class Tile:
    id: str
    kind: str            # "cat", "rare" (a rare treasure) or "common" (a common treasure)
    shape: str           # a key of SHAPES
    colour: str | None   # a cat's colour; None for a treasure
    provenance: str


TILES: dict[str, Tile] = {}
for _colour in CAT_COLOURS:
    for _shape in CAT_SHAPES:
        _id = f"cat-{_colour}-{_shape[3:]}"
        TILES[_id] = Tile(_id, "cat", _shape, _colour, DATA)
for _shape in RARE_SHAPES:
    for _i in range(1, RARE_EACH + 1):
        _id = f"rare-{_shape}-{_i}"
        TILES[_id] = Tile(_id, "rare", _shape, None, DATA)
for _shape in COMMON_SHAPES:
    for _i in range(1, COMMON_SUPPLY[MAX_PLAYERS] + 1):
        _id = f"common-{_shape}-{_i}"
        TILES[_id] = Tile(_id, "common", _shape, None, RULEBOOK)

CAT_TILES = tuple(t for t in TILES if TILES[t].kind == "cat")
RARE_TILES = tuple(t for t in TILES if TILES[t].kind == "rare")
BAG_TILES = CAT_TILES + RARE_TILES          # «ПЕРЕД ПОЧАТКОМ ГРИ»: what goes into the bag
KIND = {t.id: t.kind for t in TILES.values()}
SHAPE = {t.id: t.shape for t in TILES.values()}
COLOUR = {t.id: t.colour for t in TILES.values()}
ORDER = {t: i for i, t in enumerate(TILES)}
assert len(CAT_TILES) == 85 and len(RARE_TILES) == 25


def common_tiles(players: int) -> tuple[str, ...]:
    """The common treasures beside the island for `players`: COMMON_SUPPLY of each shape, numbered from 1."""
    n = COMMON_SUPPLY[players]
    return tuple(f"common-{shape}-{i}" for shape in COMMON_SHAPES for i in range(1, n + 1))


# --------------------------------------------------------------------------- family cards (component data)

@dataclass(frozen=True)
class FamilyCard:
    id: str
    task: str            # how it is scored (scoring.card_points), see the tutor's words for each
    points: int          # the points it gives (per unit for the "per" tasks)
    colour: str | None   # the colour a "five of a colour" task names
    provenance: str


_CARDS = (
    (151, "edge_one_colour", 1, None),      # 1 per cat of the best colour touching the edge
    (152, "edge_all_colours", 9, None),     # 9 if every colour has a cat touching the edge
    (153, "edge_pairs", 1, None),           # 1 per 2 cats touching the edge
    (154, "no_rats", 10, None),             # 10 if no rat is visible
    (155, "middle_row", 10, None),          # 10 if the middle row is covered
    (156, "edge_full", 12, None),           # 12 if no edge cell is empty
    (157, "twenty_cats", 10, None),         # 10 for exactly 20 cats
    (158, "three_each", 15, None),          # 15 for at least 3 cats of each colour
    (159, "five_of", 9, "blue"),
    (160, "five_of", 9, "green"),
    (161, "five_of", 9, "purple"),
    (162, "five_of", 9, "red"),
    (163, "five_of", 9, "orange"),
    (164, "treasures", 2, None),            # 2 per treasure tile
    (165, "largest_family", 10, None),      # 10 for the largest family (ties score)
    (166, "rats", 2, None),                 # 2 per visible rat
    (167, "filled_rooms", 2, None),         # 2 per filled room
    (168, "third_family", 0, None),         # the third-largest family scores again
)
FAMILY_CARDS = {f"card-{n}": FamilyCard(f"card-{n}", task, points, colour, DATA) for n, task, points, colour in _CARDS}
ALL_FAMILY_CARDS = tuple(FAMILY_CARDS)
assert len(ALL_FAMILY_CARDS) == 18
TWENTY_CATS, FIVE_OF_A_COLOUR, THREE_EACH = 20, 5, 3   # the counts the cards name

# --------------------------------------------------------------------------- the tutor's choices

ASSUMED_ITEMS = (
    ("tile ids", "cat-<colour>-<1..17> (the data's shapes 400..416 in order), rare-<L|T|O|S|I>-<1..5>, "
                 "common-<shape>-<n>, card-<151..168>: the tutor's own, never shown to a learner"),
    ("orientations", "a shape's orientations are numbered 0.. in the order: as printed, turned a quarter clockwise "
                     "1, 2 and 3 times, then the same four flipped left-right; repeats of a symmetric shape left out"),
    ("boats by seat", "by default seat 1 sails the blue boat, seat 2 the green, seat 3 the red, seat 4 the purple "
                      "(setup's boats= gives others); the rulebook lets players choose"),
    ("first player", "drawn with the seed unless setup's first= names one (the rulebook: choose as you like)"),
    ("rooms", "the seven rooms' cells follow the data's rectangles; the rulebook prints only their symbols"),
    ("family card tasks", "each card's task as the data words it; how each is counted is ruled in RULINGS"),
)
