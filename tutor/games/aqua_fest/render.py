"""Aqua Fest SVG: pure functions from a view dict (what one player may see) to SVG text.

    svg = render(aqua_fest.view(state, 0), highlight=["card:crab-3", "seat:1"], lang="ru", events=events)
    svg = render(view, layout="phone")        # laid out for a phone: 360 units wide, stacked
    svg = render_shells(view["seats"][0]["collected"], lang="ru")

Everything drawn comes from the view, so a hidden tile or card cannot leak: the view never holds its
id. Each visible tile and card carries `data-card="<id>"`; face-down things carry none.

The seabed is drawn 5 x 5 with columns A-E and rows 1-5 (row 1 = north, at the top); each side's
start tile lies outside the grid beside its `home` cell. Every cell says what lies on top (`data-state`): "upper" (a
face-up tile of the upper layer, raised, no badge), "lower-open" (a lower tile turned up: sunk, darker, badge 1),
"lower-hidden" (a face-down lower tile under a pawn: a tile back), "coral" (a lower coral: an
obstacle, hatched), "sealed" (an upper coral: hatched, with a lock, because the tile under it stays
closed) or "empty" (bare sand). Colour never carries meaning alone: pawns carry numbers, pearls carry a
letter, fragment kinds differ in shape, stars are counted, highlights are thick dashed rings.

`layout` (tutor.core.svg.LAYOUTS, issue #24) lays the same board out for the width it is drawn at:
- "phone" (360 units): the whole seabed with the pawns at the top, a battle's box (pending, last) straight under it,
  then the viewer's panel (else the turn player's) with the hand's cards big enough to tap, then the other players,
  the piles and the legend;
- "laptop" (760 x at most 520, the default): the seabed on the left, the players' panels stacked on its right, the
  piles, battles and legend in a row below;
- "projector" (1,600 x at most 820): the seabed as tall as the board may be (cells 1.95 times the laptop's design),
  the panels, piles and legend 1.6 times as big (Geo.panel_k); the piles, legend and last battle left of the
  seabed, the players and the battle on its right.
Every layout draws the same things with the same data attributes; only places and sizes differ. The shells picture
takes `layout=` too (a phone: one shell a row; a projector: bigger, four a row).

`highlight`: "card:<id>" (the card and where it can take the pawn: dots of class "dest", and faint
lines along the directions of straight-line movers; with "hide:preview" the card alone, where the question is
where it goes; "hide:moves" leaves the turn's count of moves out; "hide:hands" draws every hand from its back in the teacher's view), "cell:<0..24>", "seat:<n>", "home:<n>" (0-based seats). "shells:<n>" draws seat n's fragments laid
out as shells with its bonus token added (the shells picture, in place of the seabed: a worked example of scoring),
when the view shows that seat's fragments; with it "shell:<k>" rings its k-th shell (from 1) and "total" the total.
`events` (the last action's events) mark what just happened: a move arrow, the collected
cell, the battle pair, a tile turned up; the words "taken" and "turned up" go where they cover least (never an arrow,
a coordinate, a pawn or another such word where a place is free of them: _place_words). A phone's cell has no room
for a word: there each is a sign inside its own cell ("✓", "↻": PHONE_MARK), worded in the legend and the narration.

`choosable` ({key: choice id or tutor.core.svg.Offer}, from a widget) lays a focusable button
(`data-choice`) over each element it names: "card:<id>" (a card in a hand), "cell:<0..24>", "seat:<n>"
(that player's pawn), "place:<seat>:<0..4>" (where a start tile may be laid), "home:<seat>" (a start tile, to go
home); in the shells picture
"tile:<id>". Without it the drawing is exactly the same.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import AbstractSet, Any, Iterable, Iterator, Mapping, NamedTuple, Optional, Sequence

from tutor.core import svg as S
from tutor.core.cardtable import em
from tutor.core.i18n import player_name, plural, text
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.shells import RULEBOOK_SHELLS, arranged, drawn_order
from tutor.games.aqua_fest.text import beside_name, cell_name, side_name, species_name, tile_name

N = B.N
View = dict[str, Any]                    # a view (tutor.games.aqua_fest.view), a seat, a cell, a card or a tile of it
Box = tuple[float, float, float, float]   # x, y, width, height (or, for the overlap sums, left, top, right, bottom)
El = S.SvgElement
Obstacle = tuple[Any, ...]               # a box (left, top, right, bottom), or a segment ("seg", p, q, half width)
DESIGN_CELL = 56              # the pieces are drawn in proportion to a 56-unit cell; a layout scales them by k

SEA, SEA_EDGE = "#1f5f7a", "#123e52"
SAND = "#ecdcb0"
UPPER_FILL, UPPER_EDGE = "#fff6e0", "#8a6d3b"
LOWER_FILL, LOWER_EDGE = "#d8c39a", "#6b5530"
SHELL_FILL = "#f5b98a"
STAR = "#b7791f"
STAR_INK = "#7a4a0c"          # a printed star count: the stars' outline colour, dark enough to read on a tile
CORAL, CORAL_BG = "#d9485f", "#f8d7d3"
BACK = "#2b4c6f"
PEARL = {"white": "#fbfbf8", "pink": "#f4a3c0", "black": "#2d2d33"}
SPECIES_COLOUR = {"crab": "#e76f51", "octopus": "#8e5bb5", "seahorse": "#e0a526", "turtle": "#4c9a5b",
                  "dolphin": "#3a86c8"}
KIND_STYLE = {"ordinary": ("#eef1f4", "#52606d"), "rare": ("#dcebfa", "#1d5fa8"), "unique": ("#fff1c9", "#a86b00")}


def _w(key: str, lang: str, **params: Any) -> str:
    """A board word from the game's catalogue (aqua_fest.board.*)."""
    return text(f"aqua_fest.board.{key}", lang, **params)


def _n(key: str, n: int, lang: str, **params: Any) -> str:
    """A counted board phrase from the game's catalogue: «Итого: 1 балл», «Итого: 5 баллов»."""
    return plural(f"aqua_fest.board.{key}", n, lang, **params)


def _letter(colour: str, lang: str) -> str:
    """A pearl's colour as the one letter drawn on a tile."""
    return _w(f"pearl.{colour}", lang)


# --------------------------------------------------------------------------- geometry of a layout

class Geo(NamedTuple):
    """Where and how big a layout draws things. `k` scales the pieces (cell = 56 k); `P` is the smallest print."""
    name: str
    width: float
    k: float
    P: float
    tap: float                   # the smallest side of a tap target (the phone's), 0 where a pointer clicks
    band: float                  # the start-tile band outside the grid
    lab: float                   # the coordinate strip between the band and the grid
    board: tuple[float, float]   # top-left corner of the sea square
    header: float
    hand: tuple[float, float]    # a face-up card in a hand (w, h)
    back: tuple[float, float]    # a face-down card in another player's panel
    frag: float                  # a collected fragment
    panel_k: float = 0.0         # the players' panels, piles and legend drawn at this scale (0: at k, as the seabed)

    @property
    def panels(self) -> "Geo":
        """The geometry the panels, piles, battles and legend are drawn in."""
        return self._replace(k=self.panel_k) if self.panel_k else self

    @property
    def cell(self) -> float:
        return DESIGN_CELL * self.k

    @property
    def size(self) -> float:
        """The sea square's side: grid, coordinate strips and start-tile bands."""
        return N * self.cell + 2 * (self.band + self.lab)

    @property
    def grid_x(self) -> float:
        return self.board[0] + self.band + self.lab

    @property
    def grid_y(self) -> float:
        return self.board[1] + self.band + self.lab

    def f(self, size: float) -> float:
        """A design font size in this layout: scaled, never under the layout's smallest print."""
        return max(round(size * self.k, 1), self.P)


# A projector board's smallest print: between the tight boards' 16 (tutor.core.svg.PROJECTOR_PRINT_TIGHT) and the
# 20 of boards built for it: at 20 the battle boxes' marks ran into their cards (issue #36 redraws them)
PROJECTOR_P = 18

GEO = {
    # 48-unit cells (a cell and a start-tile place are tap targets: 46 units), tappable hand cards
    "phone": Geo("phone", 360, 48 / 56, 9.5, 46, 46, 11, (3, 44), 40, (46, 64), (22, 31), 28),
    "laptop": Geo("laptop", 760, 52 / 56, 9, 0, 42, 13, (4, 28), 24, (30, 43), (22, 31), 22),
    # the seabed as tall as the board may be (tiles, stars and pearl letters read from the back of a room), the
    # panels at the scale they had: the seabed took a third of the width with 14-18 px stars (review 2026-12-02);
    # the smallest print PROJECTOR_P units, over the layout's 14 (the legend and the panels' counts were 14 px at
    # 1,920 px, then 16 px: too small for the back row, a reader); the collected fragments' chips 44 units, the
    # smallest that hold a star count and a pearl apart at that print
    "projector": Geo("projector", 1600, 1.95, PROJECTOR_P, 0, 83, 25.6, (291, 46), 40, (48, 69), (35, 50), 44,
                     1.6),
}


def geo(layout: str | None = None) -> Geo:
    """The geometry of a layout (tutor.core.svg.LAYOUTS; None: the default)."""
    return GEO[S.layout_of(layout).name]


def _axis(g: Geo, i: int, origin: float) -> float:
    """Centre of row/column `i` (-1 and N are the start-tile bands outside the grid)."""
    if i < 0:
        return origin - g.lab - g.band / 2
    if i >= N:
        return origin + N * g.cell + g.lab + g.band / 2
    return origin + i * g.cell + g.cell / 2


def centre(g: Geo, row: int, col: int) -> tuple[float, float]:
    """Screen centre of a cell or of a start-tile place."""
    return _axis(g, col, g.grid_x), _axis(g, row, g.grid_y)


def cell_box(g: Geo, index: int) -> tuple[float, float, float, float]:
    r, c = B.coords(index)
    return g.grid_x + c * g.cell, g.grid_y + r * g.cell, g.cell, g.cell


def _order(view: View) -> list[View]:
    """The seats, the viewer's first (else player 1's), then the others in turn order. Not the turn player's first on
    an open board: the panels changed places at every turn of a worked example, and a reader lost whose hand was
    whose (wave 23); the "▶ turn" badge says whose turn it is."""
    seats = view["seats"]
    first = view.get("viewer")
    if first is None:
        first = 0
    return [seats[(first + j) % len(seats)] for j in range(len(seats))]


def _panel_height(g: Geo, seat: dict[str, Any]) -> float:
    """A phone panel's height: a face-up hand gets a row of big cards and rows of fragments under it."""
    if seat.get("hand") is None:
        return 78
    return 39 + _hand_rows(g, seat["hand_count"]) * (g.hand[1] + 3) + 17 + _frag_rows(g, seat["collected_count"]) * (
        g.frag + 2) + 6


def _hand_rows(g: Geo, n: int) -> int:
    """Rows of a phone's face-up hand: wrapped, never overlapping (each card is a tap target)."""
    per_row = int((g.width - 8 - 16 + 3) // (g.hand[0] + 3))
    return -(-n // per_row)


def _frag_rows(g: Geo, n: int) -> int:
    per_row = int((g.width - 8 - 16 + 2) // (g.frag + 2))
    return -(-n // per_row)


def arrange(g: Geo, view: View) -> tuple[dict[str, Box], float]:
    """The boxes (x, y, w, h) of every panel ("seat:<n>") and corner ("deck", "battle", "last", "legend") of a board
    laid out in `g`, and the board's height."""
    boxes: dict[str, Box] = {}
    n = len(view["seats"])
    bx, by = g.board
    size = g.size
    if g.name == "phone":
        y = by + size + 6
        # a battle (the pending one, the last one's revealed cards) goes straight under the seabed, beside the pawns
        # it concerns: below the players' panels it lay a screen or more under the board (review 2026-12-02)
        half = (g.width - 8 - 6) / 2
        fights = [name for name, key in (("battle", "battle"), ("last", "last_battle")) if view.get(key)]
        if fights:
            h = 116.0                     # two lines of heading, the two cards, the outcome
            w = g.width - 8 if len(fights) == 1 else half
            for j, name in enumerate(fights):
                boxes[name] = (4 + j * (w + 6), y, w, h)
            y += h + 5
        for seat in _order(view):
            h = _panel_height(g, seat)
            boxes[f"seat:{seat['seat']}"] = (4, y, g.width - 8, h)
            y += h + 5
        h = 136.0                         # the legend's two more rows: the event markers
        boxes["deck"] = (4, y, 130, h)
        boxes["legend"] = (4 + 130 + 6, y, g.width - 8 - 130 - 6, h)
        return boxes, y + h + 4
    if g.name == "laptop":
        x = bx + size + 6
        pw = g.width - 4 - x
        ph = min(116.0, (size - (n - 1) * 4) / n)
        for s in range(n):
            boxes[f"seat:{s}"] = (x, by + s * (ph + 4), pw, ph)
        y = by + size + 6
        w, h = 172 * g.k, 116 * g.k
        for j, name in enumerate(("deck", "battle", "last")):
            boxes[name] = (4 + j * (w + 4), y, w, h)
        boxes["legend"] = (4 + 3 * (w + 4), y, g.width - 8 - 3 * (w + 4), h)
        return boxes, y + h + 4
    # projector: piles, legend and the last battle on the left, the seabed, the players and the battle on the right
    pk = g.panels.k
    w, h = 172 * pk, 116 * pk
    left = bx - 8 - w
    boxes["deck"] = (left, by, w, h)
    boxes["legend"] = (left, by + h + 8, w, 122 * pk)
    boxes["last"] = (left, by + h + 8 + 122 * pk + 8, w, h)
    x = bx + size + 8
    pw = g.width - 6 - x
    room = size - h - 8
    # the panels share the seabed's height: two players' hands are drawn larger in them (_seat_panel)
    ph = (room - (n - 1) * 6) / n
    for s in range(n):
        boxes[f"seat:{s}"] = (x, by + s * (ph + 6), pw, ph)
    boxes["battle"] = (x, by + room + 8, w, h)
    return boxes, by + size + 6


def _seat_pos(seat: dict[str, Any]) -> tuple[int, int]:
    if seat.get("pawn") is not None:
        return tuple(seat["pawn"])
    return B.home_coords(seat["side"], seat["home"])


# --------------------------------------------------------------------------- defs (the same in every language)

def _star_path(cx: float, cy: float, r: float) -> str:
    """A five-pointed star (a fragment's star, counted by shape)."""
    pts = []
    for j in range(10):
        a = math.pi / 2 + j * math.pi / 5
        rr = r if j % 2 == 0 else r * 0.45
        pts.append(f"{cx + rr * math.cos(a):.2f},{cy - rr * math.sin(a):.2f}")
    return "M" + " L".join(pts) + " Z"


def _shell_glyph(dwg: S.Drawing, g: El, kind: str, *, faint: str = "#c9b48c") -> None:
    """A scallop: the fan is an upper fragment, the left and right ears the lower ones. The fragment's own
    part is filled, the rest of the shell is a faint outline, so the kind reads by shape and position."""
    fan = "M15,30 L5,19 Q15,5 25,19 Z"
    left = "M14,32 L1,38 L1,26 L8,23 Z"
    right = "M16,32 L29,38 L29,26 L22,23 Z"
    for part, d in (("upper", fan), ("lower-left", left), ("lower-right", right)):
        if part == kind:
            g.add(dwg.path(d=d, fill=SHELL_FILL, stroke=S.INK, stroke_width=1.5, stroke_linejoin="round"))
            ribs = (((15, 30), (8, 17)), ((15, 30), (12, 13)), ((15, 30), (18, 13)), ((15, 30), (22, 17))) \
                if part == "upper" else (((14, 32), (3, 33)), ((14, 32), (5, 27))) if part == "lower-left" \
                else (((16, 32), (27, 33)), ((16, 32), (25, 27)))
            for a, b in ribs:
                g.add(dwg.line(a, b, stroke="#b5651d", stroke_width=0.9))
        else:
            g.add(dwg.path(d=d, fill="none", stroke=faint, stroke_width=0.9, stroke_dasharray="2 1.5"))


@lru_cache(maxsize=None)
def _defs_xml(lang: str = "") -> str:
    """The symbols every board uses (the same in every language: `lang` is kept for callers)."""
    dwg = S.new_drawing()
    out: list[El] = []

    def symbol(name: str, vb: tuple[float, float, float, float] = (0, 0, 40, 40)) -> El:
        sym = dwg.symbol(id=f"af-{name}")
        sym.viewbox(*vb)
        sym["overflow"] = "visible"
        out.append(sym)
        return sym

    # fragment faces: kind shape and stars (drawn, not printed); the pearl, with its letter, is drawn on each tile at
    # a size its layout can read (_tile_face)
    for kind in C.FRAGMENT_KINDS:
        for stars in (0, 1, 2, 3):          # 0: the shell alone, for a small tile that prints its stars' count
            s = symbol(f"f-{kind}-{stars}")
            _shell_glyph(dwg, s, kind)
            for j in range(stars):
                # (r 4.8, not 3.9: a phone drew them 5 px across, a reader counted them with a zoom)
                s.add(dwg.path(d=_star_path(35 - j * 9.6, 5.6, 4.8), fill=STAR, stroke="#7a4a0c", stroke_width=0.5,
                               class_="star"))
    # coral: branching, on a hatched obstacle ground
    hatch = dwg.pattern(id="af-hatch", size=(6, 6), patternUnits="userSpaceOnUse",
                        patternTransform="rotate(45)")
    hatch.add(dwg.rect(insert=(0, 0), size=(6, 6), fill=CORAL_BG))
    hatch.add(dwg.line((0, 0), (0, 6), stroke="#e79a9a", stroke_width=2.2))
    out.append(hatch)
    s = symbol("coral")
    for d in ("M20,37 L20,22 L12,12 M20,22 L28,10 M20,28 L30,22 L33,15 M16,17 L10,19 M25,15 L24,6 M20,30 L10,26 L6,20",):
        s.add(dwg.path(d=d, fill="none", stroke="#7a1f2b", stroke_width=5, stroke_linecap="round",
                       stroke_linejoin="round"))
        s.add(dwg.path(d=d, fill="none", stroke=CORAL, stroke_width=3, stroke_linecap="round",
                       stroke_linejoin="round"))
    s = symbol("lock", (0, 0, 16, 16))
    s.add(dwg.path(d="M4.5,8 V5.5 a3.5,3.5 0 0 1 7,0 V8", fill="none", stroke=S.INK, stroke_width=1.8))
    s.add(dwg.rect(insert=(2.5, 7.5), size=(11, 8), rx=1.5, ry=1.5, fill="#f2c14e", stroke=S.INK, stroke_width=1.2))
    s.add(dwg.circle(center=(8, 11.3), r=1.3, fill=S.INK))
    # a tile back (face-down lower tile) and a card back
    s = symbol("tileback")
    s.add(dwg.rect(insert=(0, 0), size=(40, 40), rx=4, ry=4, fill=BACK, stroke="#0f2537", stroke_width=1.5))
    for y in (11, 20, 29):
        s.add(dwg.path(d=f"M5,{y} q3.5,-4 7,0 t7,0 t7,0 t7,0", fill="none", stroke="#8fb8d6", stroke_width=1.6))
    s = symbol("cardback", (0, 0, 32, 46))
    s.add(dwg.rect(insert=(0.5, 0.5), size=(31, 45), rx=4, ry=4, fill="#1d6f8a", stroke=S.INK, stroke_width=1))
    s.add(dwg.rect(insert=(4, 4), size=(24, 38), rx=2.5, ry=2.5, fill="none", stroke="#a8dadc", stroke_width=1))
    s.add(dwg.path(d="M8,28 q4,-5 8,0 t8,0 M8,20 q4,-5 8,0 t8,0", fill="none", stroke="#a8dadc", stroke_width=1.5))
    # species
    s = symbol("sp-crab", (0, 0, 24, 24))
    for x1, x2 in ((8, 3), (16, 21)):
        for y in (14, 17):
            s.add(dwg.line((x1, y), (x2, y + 4), stroke=S.INK, stroke_width=1.2))
    s.add(dwg.circle(center=(4, 6), r=3, fill=SPECIES_COLOUR["crab"], stroke=S.INK, stroke_width=1))
    s.add(dwg.circle(center=(20, 6), r=3, fill=SPECIES_COLOUR["crab"], stroke=S.INK, stroke_width=1))
    s.add(dwg.line((6, 8), (9, 11), stroke=S.INK, stroke_width=1.2))
    s.add(dwg.line((18, 8), (15, 11), stroke=S.INK, stroke_width=1.2))
    s.add(dwg.ellipse(center=(12, 14), r=(7.5, 5), fill=SPECIES_COLOUR["crab"], stroke=S.INK, stroke_width=1))
    s = symbol("sp-octopus", (0, 0, 24, 24))
    for x in (6, 10, 14, 18):
        s.add(dwg.path(d=f"M{x},11 q-2,4 0,7 q2,3 -1,5", fill="none", stroke=SPECIES_COLOUR["octopus"],
                       stroke_width=2, stroke_linecap="round"))
    s.add(dwg.ellipse(center=(12, 8), r=(7, 6.5), fill=SPECIES_COLOUR["octopus"], stroke=S.INK, stroke_width=1))
    s.add(dwg.circle(center=(9.5, 8), r=1.3, fill="#ffffff"))
    s.add(dwg.circle(center=(14.5, 8), r=1.3, fill="#ffffff"))
    # the knight-jumper is a flying fish on the tutor's cards (the species id stays "seahorse"): the box's pawns are
    # seahorses, and a card of the same name read as the pawn (a reader)
    s = symbol("sp-seahorse", (0, 0, 24, 24))
    fish = SPECIES_COLOUR["seahorse"]
    s.add(dwg.path(d="M5,15 L0.8,10.5 L2,15 L0.8,19.5 Z", fill=fish, stroke=S.INK, stroke_width=1,
                   stroke_linejoin="round"))
    s.add(dwg.path(d="M4,15 Q10,9.5 18,12 Q21.5,13.2 23,15 Q19,18 10,17.6 Q6,17.2 4,15 Z", fill=fish, stroke=S.INK,
                   stroke_width=1, stroke_linejoin="round"))
    # its wing, swept back over the body, with two ribs
    s.add(dwg.path(d="M16,12.6 Q10.5,2 2.5,2.5 Q7,8 9.5,13.4 Z", fill="#f6d98a", stroke=S.INK, stroke_width=1,
                   stroke_linejoin="round"))
    s.add(dwg.path(d="M13.5,12.4 Q9,5.5 5,4 M11.5,12.9 Q8.5,9 6.5,7.5", fill="none", stroke=S.INK, stroke_width=0.6))
    s.add(dwg.circle(center=(19.6, 14.2), r=1.1, fill=S.INK))
    s = symbol("sp-turtle", (0, 0, 24, 24))
    for cx, cy in ((6, 7), (18, 7), (6, 18), (18, 18)):
        s.add(dwg.circle(center=(cx, cy), r=2.5, fill="#7fbf7f", stroke=S.INK, stroke_width=0.9))
    s.add(dwg.circle(center=(21.5, 12.5), r=2.6, fill="#7fbf7f", stroke=S.INK, stroke_width=0.9))
    s.add(dwg.ellipse(center=(12, 12.5), r=(8, 6.5), fill=SPECIES_COLOUR["turtle"], stroke=S.INK, stroke_width=1))
    s.add(dwg.path(d="M8,12.5 L10,9 L14,9 L16,12.5 L14,16 L10,16 Z", fill="none", stroke="#d9f2d0", stroke_width=1))
    s = symbol("sp-dolphin", (0, 0, 24, 24))
    s.add(dwg.path(d="M2,17 Q8,4 20,8 L23,9 L20,11 Q12,10 6,18 Z", fill=SPECIES_COLOUR["dolphin"], stroke=S.INK,
                   stroke_width=1, stroke_linejoin="round"))
    s.add(dwg.path(d="M11,8 L12,3 L15,8 Z", fill=SPECIES_COLOUR["dolphin"], stroke=S.INK, stroke_width=1))
    s.add(dwg.path(d="M3,16 L0,21 L6,19 Z", fill=SPECIES_COLOUR["dolphin"], stroke=S.INK, stroke_width=1))
    # how a species moves: a plus (straight lines), a star (any direction) or an L (knight)
    s = symbol("mv-orthogonal", (0, 0, 12, 12))
    s.add(dwg.path(d="M6,1 V11 M1,6 H11", stroke=S.INK, stroke_width=1.6))
    s = symbol("mv-any", (0, 0, 12, 12))
    s.add(dwg.path(d="M6,1 V11 M1,6 H11 M2.5,2.5 L9.5,9.5 M9.5,2.5 L2.5,9.5", stroke=S.INK, stroke_width=1.3))
    s = symbol("mv-knight", (0, 0, 12, 12))
    s.add(dwg.path(d="M3,1 V10 H8", fill="none", stroke=S.INK, stroke_width=1.8))
    s.add(dwg.circle(center=(9.5, 10), r=1.8, fill=S.INK))
    # a move's arrowhead: ARROW_HEAD stroke widths long and wide, its tip ARROW_BACK of that past the shaft's end
    marker = dwg.marker(id="af-arrow", insert=(round(10 * (1 - ARROW_BACK), 1), 5), size=(ARROW_HEAD, ARROW_HEAD),
                        orient="auto")
    marker["markerUnits"] = "strokeWidth"
    marker["viewBox"] = "0 0 10 10"
    marker.add(dwg.path(d="M0,0.5 L10,5 L0,9.5 Z", fill=S.EVENT))
    out.append(marker)
    return "".join(S.to_string(el) for el in out)


# --------------------------------------------------------------------------- pieces (drawn at a size; k scales them)

def _pearl(dwg: S.Drawing, g: El, colour: str, x: float, y: float, size: float, lang: str, P: float,
           corner: str = "bottom-right") -> None:
    """The pearl of a fragment tile drawn at (x, y) `size` big: a disc with its colour's letter, printed at least P,
    in the bottom-right corner or, `corner` "top-left", over the faint outline of the fan, "bottom-left", or
    "right-middle" (over a lower-right fragment's stars' row and ear: _pearl_corner)."""
    cx, cy, r, font = _pearl_place(x, y, size, P, corner)
    g.add(dwg.circle(center=(round(cx, 1), round(cy, 1)), r=round(r, 1), fill=PEARL[colour], stroke=S.INK,
                     stroke_width=1, class_="pearl"))
    g.add(dwg.text(_letter(colour, lang), insert=(round(cx, 1), round(cy + font * 0.36, 1)), font_size=font,
                   font_weight="bold", text_anchor="middle", fill=S.contrast(PEARL[colour])))


def _tile_face(dwg: S.Drawing, tile: View, x: float, y: float, size: float, lang: str, *, layer: int | None, cls: str,
               P: float = 9, counted: bool = False, left: bool = False) -> El:
    """A tile of either layer (or a collected one when `layer` is None): fragment face or coral. `counted`: its
    stars printed as a count ("3★", at least P big) in their corner instead of drawn (a small tile's drawn stars
    were 5 units across on a phone); `left`: the count and the pearl on its left side, which shows where the next
    tile of a crowded row lies over its right."""
    g = dwg.g(class_=cls)
    S.data(g, card=tile["id"])
    if layer == 2:      # raised: a shadow below-right, a light face
        g.add(dwg.rect(insert=(x + size * 0.05, y + size * 0.06), size=(size, size), rx=5, ry=5, fill="#0b2a38",
                       opacity=0.45))
    if tile["coral"]:
        g.add(dwg.rect(insert=(x, y), size=(size, size), rx=5, ry=5, fill="url(#af-hatch)",
                       stroke="#7a1f2b" if layer == 2 else "#9b4a50", stroke_width=1.6))
        g.add(dwg.use("#af-coral", insert=(x + size * 0.08, y + size * 0.06), size=(size * 0.84, size * 0.84)))
    else:
        fill, edge = (LOWER_FILL, LOWER_EDGE) if layer == 1 else (UPPER_FILL, UPPER_EDGE)
        g.add(dwg.rect(insert=(x, y), size=(size, size), rx=5, ry=5, fill=fill, stroke=edge, stroke_width=1.4))
        g.add(dwg.use(f"#af-f-{tile['kind']}-{0 if counted else tile['stars']}", insert=(x, y), size=(size, size)))
        if counted:
            font = max(P, round(size * 0.3, 1))
            at = x + size * 0.06 if left else x + size - size * 0.06
            g.add(dwg.text(f"{tile['stars']}★", insert=(round(at, 1), round(y + font * 0.92, 1)), font_size=font,
                           font_weight="bold", text_anchor="start" if left else "end", fill=STAR_INK,
                           class_="stars"))
        _pearl(dwg, g, tile["colour"], x, y, size, lang, P, _pearl_corner(tile, layer, left))
        S.data(g, kind=tile["kind"], colour=tile["colour"], stars=tile["stars"])
    if layer == 1:      # sunk: a dark inner edge along the top and left
        g.add(dwg.path(d=f"M{x + 1.5:.1f},{y + size - 3:.1f} V{y + 1.5:.1f} H{x + size - 3:.1f}", fill="none",
                       stroke="#000000", stroke_opacity=0.35, stroke_width=2.2))
    return g


def _pearl_place(x: float, y: float, size: float, P: float, corner: str) -> tuple[float, float, float, float]:
    """(centre x, centre y, radius, font) of the pearl _pearl draws on a tile at (x, y) `size` big."""
    font = max(P, round(size * 0.2, 1))
    r = max(size * 0.15, font * 0.68)
    if corner == "top-left":
        return x + r + size * 0.03, y + r + size * 0.04, r, font
    if corner == "right-middle":
        return x + size - r - size * 0.03, y + size * 0.47, r, font
    if corner == "bottom-left":
        return x + r + size * 0.03, y + size - r - size * 0.04, r, font
    return x + size - r - size * 0.03, y + size - r - size * 0.04, r, font


def _pearl_corner(tile: View, layer: Optional[int], left: bool = False) -> str:
    """Where a fragment tile's pearl sits (_pearl's `corner`): bottom right, clear of a lower-right fragment's ear.
    A small tile's pearl would hide that ear: off a seabed cell (whose layer badge is top left, and its corner chip
    bottom left) the pearl sits bottom left, over the other ear's faint outline (top left it ran into a three-star
    fragment's stars, "P★★★", a reader, stop 59); on a seabed cell it sits halfway up the right edge, between the
    stars and the ear (bottom right it covered the ear, and a reader took a lower-right fragment for a lower-left
    one, stop 60)."""
    if left:
        return "bottom-left"
    if tile["kind"] != "lower-right":
        return "bottom-right"
    return "bottom-left" if layer is None else "right-middle"


def _layer_badge(dwg: S.Drawing, x: float, y: float, n: int, k: float, P: float) -> El:
    """The lower layer's sign: a white triangle pointing down in a brown disc. It was a "1", which a reader took for
    player 1's mark beside player 1's pawn (the legend said "lower layer"; the board said "1")."""
    font = max(round(9 * k, 1), P)
    r = max(6.3 * k, font * 0.7)
    g = dwg.g(class_="layer")
    S.data(g, layer=n)
    g.add(dwg.circle(center=(round(x, 1), round(y, 1)), r=round(r, 1), fill="#ffffff" if n == 2 else "#5c4a2c",
                     stroke=S.INK, stroke_width=0.9))
    a = r * 0.62                # the triangle's half width; its height a little more, its centre a little high
    g.add(dwg.polygon([(round(x - a, 1), round(y - a * 0.62, 1)), (round(x + a, 1), round(y - a * 0.62, 1)),
                       (round(x, 1), round(y + a * 0.9, 1))], fill=S.INK if n == 2 else "#ffffff"))
    return g


def _pearl_face(cell: View, k: float) -> Optional[tuple[View, float, float, float]]:
    """(tile, x, y, size) of the face a seabed cell shows with a pearl, from its top-left corner, as _cell draws it;
    None where no pearl shows (a coral, a face-down tile, bare sand)."""
    up, low = cell.get("upper"), cell.get("lower")
    if up is not None:
        return None if up["coral"] else (up, 3 * k, 2 * k, 47 * k)
    if low is None or low.get("hidden") or not cell.get("lower_open") or low["coral"]:
        return None
    return low, 6 * k, 6 * k, 44 * k


def _badge_at(cell: View, k: float, P: float) -> Optional[tuple[float, float, int]]:
    """(x, y, layer) of a seabed cell's layer badge, from its top-left corner, as _cell draws it; None on bare sand."""
    up, low = cell.get("upper"), cell.get("lower")
    if up is None and low is None:
        return None
    badge = max(6.3 * k, max(round(9 * k, 1), P) * 0.7)
    if up is not None:          # an upper tile carries no badge (_cell)
        return None
    return max(10 * k, badge + k), max(10 * k, badge + k), 1


def _cell(dwg: S.Drawing, cell: View, i: int, lang: str, teacher: bool, k: float, P: float) -> El:
    """A seabed cell drawn at the origin, 56 k units square."""
    w = h = DESIGN_CELL * k
    up: Optional[View] = cell.get("upper")
    low: Optional[View] = cell.get("lower")
    g = dwg.g(class_="cell")
    if up is not None:
        state = "sealed" if up["coral"] else "upper"
    elif low is None:
        state = "empty"
    elif low.get("hidden") or not cell.get("lower_open"):
        state = "lower-hidden"
    else:
        state = "coral" if low["coral"] else "lower-open"
    layer = {"upper": 2, "sealed": 2, "lower-open": 1, "coral": 1, "lower-hidden": 1, "empty": 0}[state]
    S.data(g, cell=i, name=cell_name(cell["cell"]), state=state, layer=layer)
    g.add(dwg.rect(insert=(k, k), size=(round(w - 2 * k, 1), round(h - 2 * k, 1)), rx=3, ry=3, fill=SAND,
                   stroke="#c9b17a", stroke_width=0.8))
    if state == "empty":
        for dx, dy in ((14, 16), (38, 12), (26, 30), (12, 42), (42, 40)):
            g.add(dwg.circle(center=(round(dx * k, 1), round(dy * k, 1)), r=1.3, fill="#c2a66b"))
        return g
    badge = max(6.3 * k, max(round(9 * k, 1), P) * 0.7)      # the layer badge's radius: kept inside the cell
    if state in ("upper", "sealed"):
        # the lower layer's edge peeks out below the raised tile
        g.add(dwg.rect(insert=(5 * k, 6 * k), size=(47 * k, 47 * k), rx=5, ry=5, fill=LOWER_FILL, stroke=LOWER_EDGE,
                       stroke_width=1))
        assert up is not None       # the state says an upper tile lies here
        g.add(_tile_face(dwg, up, 3 * k, 2 * k, 47 * k, lang, layer=2, cls="tile upper", P=P))
        # no badge: the raised face says "upper" (a "2" on 25 tiles was clutter beside the stars, a reader); the
        # lower layer's tiles carry their "1"
        if state == "sealed":
            lock = dwg.g(class_="sealed-mark")
            lock.add(dwg.circle(center=(43 * k, 43 * k), r=9 * k, fill="#ffffff", stroke=S.INK, stroke_width=1))
            lock.add(dwg.use("#af-lock", insert=(36 * k, 35.5 * k), size=(14 * k, 14 * k)))
            g.add(lock)
    elif state == "lower-hidden":
        back = dwg.use("#af-tileback", insert=(6 * k, 6 * k), size=(44 * k, 44 * k))
        back["class"] = "tile lower face-down"
        S.data(back, face="down")
        g.add(back)
        g.add(_layer_badge(dwg, max(10 * k, badge + k), max(10 * k, badge + k), 1, k, P))
    else:
        g.add(dwg.rect(insert=(3 * k, 3 * k), size=(50 * k, 50 * k), rx=6, ry=6, fill="#b9a274"))
        assert low is not None      # the state says a lower tile shows here
        g.add(_tile_face(dwg, low, 6 * k, 6 * k, 44 * k, lang, layer=1, cls="tile lower", P=P))
        g.add(_layer_badge(dwg, max(10 * k, badge + k), max(10 * k, badge + k), 1, k, P))
    # the teacher also sees what lies face down beneath: a small chip in the cell's bottom-left corner
    if _peek_shown(cell, teacher):
        assert low is not None
        g.add(_peek(dwg, low, PEEK_AT[0] * k, PEEK_AT[1] * k, lang, k, P))
    return g


PEEK_AT = (2, 38)        # the teacher's chip of the tile beneath: its top-left corner in a cell, in k units


def _peek_shown(cell: View, teacher: bool) -> bool:
    """Whether a cell carries the teacher's chip of the tile beneath (_peek): a lower tile the board hides."""
    up, low = cell.get("upper"), cell.get("lower")
    return (teacher and low is not None and not low.get("hidden")
            and (up is not None or not cell.get("lower_open")))


def _peek_stars(tile: View) -> str:
    """The number the teacher's chip prints for the tile beneath: its stars ("" for a coral or a starless shell)."""
    return "" if tile["coral"] or not tile["stars"] else str(tile["stars"])


def _peek_box(tile: View, x: float, y: float, k: float, P: float) -> tuple[float, float, float, float]:
    """The teacher's chip (_peek) at (x, y): x, y, width, height; wide enough for its stars' number."""
    stars = _peek_stars(tile)
    return x, y, 17 * k + (em(stars, True) * _peek_size(k, P) + 2 * k if stars else 0), 16 * k


def _peek_size(k: float, P: float) -> float:
    return round(max(10 * k, P), 1)


def _peek(dwg: S.Drawing, tile: View, x: float, y: float, lang: str, k: float = 1.0, P: float = 9) -> El:
    """A tiny lower tile sticking out from under: what the teacher knows lies beneath. Too small to print on, it
    names the tile in its title (a tooltip, and what a screen reader says)."""
    g = dwg.g(class_="tile peek")
    S.data(g, card=tile["id"], layer=1)
    _x, _y, w, s = _peek_box(tile, x, y, k, P)
    g.add(dwg.rect(insert=(x, y), size=(round(w, 1), s), rx=2.5, ry=2.5,
                   fill=LOWER_FILL if not tile["coral"] else CORAL_BG, stroke="#3e2f1c", stroke_width=1.2,
                   stroke_dasharray="2 1"))
    if tile["coral"]:
        g.add(dwg.use("#af-coral", insert=(x + 1.5 * k, y + k), size=(14 * k, 14 * k)))
    else:
        # the shell alone: its stars are a number beside it (drawn as stars they were 3 px on a phone, a reader of
        # wave 18), which render() writes over the moves' arrows, as the coordinates are
        g.add(dwg.use(f"#af-f-{tile['kind']}-0", insert=(x + 0.5 * k, y), size=(s, s)))
        g.add(dwg.circle(center=(x + 13.5 * k, y + 12.5 * k), r=2.8 * k, fill=PEARL[tile["colour"]], stroke=S.INK,
                         stroke_width=0.8))
    g.set_desc(title=f"{_w('beneath', lang)}: {tile_name(tile['id'], lang)}")
    return g


def _pawn(dwg: S.Drawing, seat: int, x: float, y: float, r: float = 14.0, cls: str = "pawn") -> El:
    g = dwg.g(class_=cls)
    S.data(g, seat=seat)
    g.add(dwg.circle(center=(round(x + r * 0.11, 1), round(y + r * 0.18, 1)), r=round(r, 1), fill="#000000",
                     opacity=0.35))
    g.add(S.mark(dwg, x, y, round(r, 1), colour=C.PAWN_COLOURS[seat], text=str(seat + 1), size=round(r * 1.15, 1)))
    g.add(dwg.circle(center=(round(x, 1), round(y, 1)), r=round(r * 0.75, 1), fill="none", stroke="#ffffff",
                     stroke_width=1, opacity=0.7))
    return g


def _card(dwg: S.Drawing, card: View, x: float, y: float, lang: str, *, w: float = 32, h: float = 46,
          cls: str = "card") -> El:
    """A creature card: strength (big number), species picture, and its move: the sign and how many cells."""
    g = dwg.g(class_=cls)
    k = w / 32
    if card.get("hidden"):
        g.add(dwg.use("#af-cardback", insert=(x, y), size=(w, h)))
        g.add(S.label(dwg, "?", x + w / 2, y + h / 2 + 6 * k, size=round(17 * k, 1), anchor="middle", weight="bold",
                      fill="#ffffff"))
        S.data(g, face="down")
        return g
    sp = card["species"]
    S.data(g, card=card["id"], species=sp, strength=card["strength"])
    g.add(S.card(dwg, x, y, w, h, fill="#fffdf7", stroke=SPECIES_COLOUR[sp], stroke_width=2, cls=None, radius=4))
    g.add(S.label(dwg, card["strength"], x + 3 * k, y + 13 * k, size=round(13 * k, 1), weight="bold", fill=S.INK))
    move = C.MOVES[sp]
    if move.directions == "knight":
        g.add(dwg.use(f"#af-mv-{move.directions}", insert=(x + w - 12 * k, y + 3 * k), size=(9 * k, 9 * k)))
    else:
        # the sign and how many cells, in one chip: the octopus, the turtle and the dolphin shared one sign, and a
        # learner at the table had to remember each species' 2, 1 or 3 (a reader, stop 59); a chip of its own, for
        # "4" and "2" side by side read as 42
        # (right after the strength: a fanned hand lays the next card over a card's right edge, and a teacher's view
        # fans every hand)
        g.add(dwg.rect(insert=(round(x + 12.3 * k, 1), round(y + 2.5 * k, 1)), size=(round(15.3 * k, 1), round(11 * k, 1)),
                       rx=round(2.5 * k, 1), fill="#eef2f6", stroke="#9aa5b1", stroke_width=0.6, class_="reach-chip"))
        g.add(dwg.use(f"#af-mv-{move.directions}", insert=(x + 12.7 * k, y + 5.2 * k), size=(5.6 * k, 5.6 * k)))
        # (the number white in a dark disc, at the card's own print: "+" and "2" side by side read as "plus two")
        g.add(dwg.circle(center=(round(x + 22.6 * k, 1), round(y + 8 * k, 1)), r=round(4.9 * k, 1), fill=S.INK))
        g.add(S.label(dwg, f"{move.reach}", x + 22.6 * k, y + 11.6 * k, size=round(10 * k, 1), anchor="middle",
                      weight="bold", fill="#ffffff", cls="reach"))
    g.add(dwg.use(f"#af-sp-{sp}", insert=(x + 4 * k, y + 16 * k + (h - 46 * k) / 2), size=(24 * k, 24 * k)))
    if C.MOVES[sp].alone:
        # the card played alone carries its own sign (the rulebook's "one per turn" symbol; its look is the
        # tutor's): a dolphin looked like any card that moves in every direction (two readers)
        g.add(S.label(dwg, "1×", x + w - 3 * k, y + h - 4 * k, size=round(10 * k, 1), anchor="end", weight="bold",
                      fill=S.INK, cls="alone"))
    # the species' name is the card's title (a tooltip, and what a screen reader says): the picture, the colour and
    # the buttons below name it on the board
    g.set_desc(title=f"{species_name(sp, lang)} {card['strength']}")
    return g


# --------------------------------------------------------------------------- cached pieces
# A board has ~600 elements; tiles and cards repeat from board to board, so their text is made once (at the
# origin) and spliced in, moved into place.


@lru_cache(maxsize=8192)
def _cell_xml(i: int, up: Optional[str], low: Optional[str], lower_open: bool, lang: str, teacher: bool, k: float,
              P: float) -> str:
    cell = {"cell": list(B.coords(i)), "upper": None if up is None else _tile_dict(up),
            "lower": None if low is None else {"hidden": True} if low == "?" else _tile_dict(low),
            "lower_open": lower_open}
    return S.to_string(_cell(S.new_drawing(), cell, i, lang, teacher, k, P))


@lru_cache(maxsize=4096)
def _card_xml(card_id: Optional[str], w: float, h: float, lang: str, cls: str) -> str:
    card = {"hidden": True} if card_id is None else _card_dict(card_id)
    return S.to_string(_card(S.new_drawing(), card, 0, 0, lang, w=w, h=h, cls=cls))


@lru_cache(maxsize=4096)
def _tile_xml(tile_id: str, size: float, lang: str, cls: str, P: float = 9, counted: bool = False,
              left: bool = False) -> str:
    return S.to_string(_tile_face(S.new_drawing(), _tile_dict(tile_id), 0, 0, size, lang, layer=None, cls=cls, P=P,
                                  counted=counted, left=left))


def _card_at(dwg: S.Drawing, sp: S.Splice, card: View, x: float, y: float, lang: str, *, w: float = 32, h: float = 46,
             cls: str = "card") -> El:
    return sp.slot(dwg, S.translated(x, y, _card_xml(None if card.get("hidden") else card["id"], w, h, lang, cls)))


def _tile_at(dwg: S.Drawing, sp: S.Splice, tile: View, x: float, y: float, size: float, lang: str, cls: str, P: float = 9,
             counted: bool = False, left: bool = False) -> El:
    return sp.slot(dwg, S.translated(x, y, _tile_xml(tile["id"], size, lang, cls, P, counted, left)))


def _card_dict(card_id: str) -> dict[str, Any]:
    c = C.card(card_id)
    return {"id": c.id, "species": c.species, "strength": c.strength}


def _place(n: int, x: float, y: float, w: float, h: float, iw: float, ih: float, gap: float = 3.0
           ) -> list[tuple[float, float]]:
    """Positions for n items of iw x ih in a box, in rows; items overlap when they do not fit."""
    if n <= 0:
        return []
    cols = max(1, int((w + gap) // (iw + gap)))
    rows_fit = max(1, int((h + gap) // (ih + gap)))
    rows = -(-n // cols)
    if rows > rows_fit:
        rows = rows_fit
        cols = -(-n // rows)
    step_x = min(iw + gap, (w - iw) / (cols - 1)) if cols > 1 else 0
    step_y = ih + gap
    return [(x + (k % cols) * step_x, y + (k // cols) * step_y) for k in range(n)]


def _least_chip(g: Geo) -> float:
    """The smallest collected-fragment chip that still holds its star count and pearl apart at the layout's print."""
    return max(26.0, round(g.P * 2.45))


def _fit_all(n: int, w: float, h: float, size: float, gap: float) -> bool:
    """Do n items of size x size fit in a w x h box in rows, none over another?"""
    return max(1, int((w + gap) // (size + gap))) * max(1, int((h + gap) // (size + gap))) >= n


def _side_grow(g: Geo, room: float, w: float) -> float:
    """How much larger than g.hand a hand's cards are drawn beside the fragments, in a panel `room` tall under its
    labels' line and `w` wide: as far as five fit side by side in 62% of it."""
    cw, ch = g.hand
    return max(1.0, min(1.4, (room - 4) / ch, (w * 0.62 - 16) / (5 * (cw + 3))))


def _stacked_grow(g: Geo, room: float, w: float, n: int = 5, frags: int = 0) -> tuple[float, int]:
    """The same with the hand of `n` cards across the whole panel, in one row or two (as many as five a row at
    the least), and the `frags` fragments, with their label, under it (a row at least; more than a row in the
    smallest chips that hold a star count): (how much larger, rows)."""
    cw, ch = g.hand
    chip = g.frag
    cols = max(1, int((w - 16 + 2) // (chip + 2)))
    if frags > cols:
        chip = _least_chip(g)
        cols = max(1, int((w - 16 + 2) // (chip + 2)))
    under = g.f(9) + 8 + max(1, -(-frags // cols)) * (chip + 2) + 6
    lower = 0.2 * g.f(9) + 5
    best = (1.0, 1)
    for rows in (1, 2):
        per = -(-max(n, 5 * rows) // rows)
        grow = min(2.0, ((room - lower - 4 - under) - 3 * (rows - 1)) / rows / ch, (w - 16) / (per * (cw + 3)))
        if grow > best[0] + 0.05:
            best = (grow, rows)
    return best


def _seat_panel(dwg: S.Drawing, sp: S.Splice, view: View, seat: View, lang: str, hl: AbstractSet[str], marks: View,
                offers: Mapping[str, S.Offer], g: Geo, box: Box) -> El:
    s = seat["seat"]
    x, y, w, h = box
    k, f = g.k, g.f
    colour = C.PAWN_COLOURS[s]
    el = dwg.g(class_="seat")
    S.data(el, seat=s, side=seat["side"])
    turn = view.get("turn") == s and not view.get("over")
    el.add(dwg.rect(insert=(round(x, 1), round(y, 1)), size=(round(w, 1), round(h, 1)), rx=9, ry=9, fill=S.PAPER,
                    stroke=colour, stroke_width=3 if turn else 2))
    if view.get("viewer") == s:
        el.add(dwg.rect(insert=(round(x + 3, 1), round(y + 3, 1)), size=(round(w - 6, 1), round(h - 6, 1)), rx=7, ry=7,
                        fill="none", stroke=colour, stroke_width=1, stroke_dasharray="2 2"))
    top = 13 * k if g.name != "phone" else 13
    el.add(S.mark(dwg, x + top, y + top, round(9.5 * max(k, 1), 1), colour=colour, text=str(s + 1), size=f(11)))
    name = S.label(dwg, player_name(s, lang), x + 2 * top + 1, y + top + f(12.5) * 0.36, size=f(12.5), weight="bold",
                   cls="seat-name")
    name.add(dwg.tspan(" " + side_name(seat["side"], lang), font_size=f(9.5), font_weight="normal", fill=S.MUTED))
    el.add(name)
    r = 10 * max(k, 1)
    bx = x + w - 12 - r
    token = dwg.g(class_="bonus")
    S.data(token, value=seat["bonus"])
    token.add(dwg.polygon([(round(bx + dx * r / 10, 1), round(y + top + dy * r / 10, 1)) for dx, dy in
                           ((-10, 0), (-5, -8.5), (5, -8.5), (10, 0), (5, 8.5), (-5, 8.5))],
                          fill="#f2c14e", stroke=S.INK, stroke_width=1))
    token.add(S.label(dwg, f"+{seat['bonus']}", bx, y + top + f(10) * 0.36, size=f(10), anchor="middle", weight="bold"))
    token.add(S.label(dwg, _w("bonus", lang), bx - r - 3, y + top + f(8.5) * 0.36, size=f(8.5), anchor="end",
                      fill=S.MUTED))
    el.add(token)
    to_move = view.get("to_move") or []
    if not view.get("over") and s in to_move:
        word = "answering" if view.get("battle") else "your_turn"
        el.add(S.badge(dwg, "▶ " + _w(word, lang), x + w / 2 + 28 * k, y + top, fill=S.INK, size=f(9),
                       cls="turn-marker"))
    hand = seat.get("hand")
    frags = seat.get("collected")
    fs = g.frag
    label_y = y + 2 * top + f(9) + 1           # the baseline of the areas' labels
    area_y = label_y + 4
    if g.name == "phone" and hand is not None:
        # stacked: a row of cards big enough to tap, the fragments in rows under them
        cw, ch = g.hand
        hand_h = max(0, _hand_rows(g, len(hand)) * (ch + 3) - 3)
        hand_box = (x + 8, area_y + 3, w - 16, hand_h)      # 3 more: a highlight ring clears the label
        frag_lbl_y = area_y + 3 + hand_h + 4 + f(9)
        frag_box = (x + 8, frag_lbl_y + 4, w - 16, y + h - frag_lbl_y - 8)
        hand_lbl, frag_lbl = (x + 8, label_y), (x + 8, frag_lbl_y)
    elif g.name == "projector" and hand is not None and \
            _stacked_grow(g, y + h - area_y, w, len(hand), len(frags or ()))[0] > _side_grow(g, y + h - area_y, w) * 1.15:
        # a tall projector panel (two players): the hand across the whole panel, the fragments under it; side by
        # side, five cards in 62% of the panel came out 50 px wide, too small for the back of a room (a teacher)
        cw, ch = g.hand
        grow, rows = _stacked_grow(g, y + h - area_y, w, len(hand), len(frags or ()))
        cw, ch = round(cw * grow, 1), round(ch * grow, 1)
        hand_h = rows * ch + (rows - 1) * 3
        lower = round(0.2 * f(9) + 2, 1) + 3        # a ring (3 out, 5 wide) round a card clears the label's foot
        hand_box = (x + 8, area_y + lower, w - 16, hand_h)
        frag_lbl_y = area_y + lower + hand_h + 4 + f(9)
        frag_box = (x + 8, frag_lbl_y + 4, w - 16, y + h - frag_lbl_y - 8)
        hand_lbl, frag_lbl = (x + 8, label_y), (x + 8, frag_lbl_y)
    else:
        cw, ch = g.hand
        # fewer players, taller panels: bigger cards (as far as five fit side by side)
        grow = _side_grow(g, y + h - area_y, w)
        cw, ch = round(cw * grow, 1), round(ch * grow, 1)
        split = x + min(max(5 * (cw + 3) + 16, w * 0.4), w * 0.62)     # room for five cards, the rest fragments
        if hand is None:
            cw, ch = g.back
        # the cards a little lower where the panel has room, so a highlight ring clears the label above them
        lower = round(0.2 * f(9) + 2, 1)        # a ring (3 out, 5 wide) round a card clears the label's foot
        lower = lower if y + h - area_y - 4 - lower >= ch else 0
        hand_box = (x + 8, area_y + lower, split - x - 16, y + h - area_y - 4 - lower)
        frag_box = (split + 8, area_y, x + w - split - 16, y + h - area_y - 4)
        hand_lbl, frag_lbl = (x + 8, label_y), (split + 8, label_y)
        el.add(dwg.line((round(split, 1), round(y + 2 * top, 1)), (round(split, 1), round(y + h - 4, 1)),
                        stroke="#d5cdb8", stroke_width=1))
    if not _cards_away(view):
        el.add(S.label(dwg, f"{_w('hand', lang)}: {seat['hand_count']}", *hand_lbl, size=f(9), fill=S.MUTED,
                       cls="hand-count"))
    el.add(S.label(dwg, f"{_w('shells', lang)}: {seat['collected_count']}", *frag_lbl, size=f(9), fill=S.MUTED,
                   cls="collected-count"))
    if hand is not None:
        spots = _place(len(hand), *hand_box, cw, ch)
        for card, (cx, cy) in zip(hand, spots):
            el.add(_card_at(dwg, sp, card, cx, cy, lang, w=cw, h=ch, cls="card hand"))
            if f"card:{card['id']}" in hl:
                el.add(S.ring(dwg, cx, cy, cw, ch, pad=3, radius=6, target=f"card:{card['id']}"))
        if offers:     # after every card: where cards overlap, the one drawn on top takes the click
            for card, (cx, cy) in zip(hand, spots):
                offer = offers.get(f"card:{card['id']}")
                if offer is not None:
                    c = C.card(card["id"])
                    el.add(S.choice(dwg, f"card:{card['id']}", offer, cx - 1.5, cy - 1.5, cw + 3, ch + 3, radius=5,
                                    label=f"{species_name(c.species, lang)} {c.strength}"))
    else:
        for cx, cy in _place(min(seat["hand_count"], 6), hand_box[0], hand_box[1], 2 * cw, ch, cw, ch):
            el.add(dwg.use("#af-cardback", insert=(round(cx, 1), round(cy, 1)), size=(cw, ch)))
    if frags is not None:
        # by shape, then pearl, as shells are built: in the order taken a reader could not plan a shell from the
        # strip, its lower-left and lower-right pieces mixed (stop 60)
        frags = sorted(frags, key=lambda t: (C.FRAGMENT_KINDS.index(t["kind"]) if t.get("kind") in C.FRAGMENT_KINDS
                                             else len(C.FRAGMENT_KINDS),
                                             C.COLOURS.index(t["colour"]) if t.get("colour") in C.COLOURS else 9))
        # a long pile (the game's end) in smaller chips rather than overlapping ones, as far as a chip still holds its
        # star count: overlapped, the counts ran into each other at a projector's print
        fs = next((s for s in range(int(fs), int(_least_chip(g)) - 1, -2)
                   if _fit_all(len(frags), frag_box[2], frag_box[3], s, 2)), fs)
        spots = _place(len(frags), *frag_box, fs, fs, gap=2)
        crowded = len(spots) > 1 and spots[1][1] == spots[0][1] and spots[1][0] - spots[0][0] < fs   # overlapping
        for t, (fx, fy) in zip(frags, spots):
            el.add(_tile_at(dwg, sp, t, fx, fy, fs, lang, "tile collected", g.P, counted=True, left=crowded))
    else:
        back = round(20 * max(k, 1), 1)
        for fx, fy in _place(min(seat["collected_count"], 8), frag_box[0], frag_box[1], 3 * back, back, back, back):
            el.add(dwg.use("#af-tileback", insert=(round(fx, 1), round(fy, 1)), size=(back, back)))
    if marks["seats"].get(s):
        el.add(S.ring(dwg, x, y, w, h, kind="event", pad=2, radius=11, target=f"seat:{s}"))
    if f"seat:{s}" in hl:
        el.add(S.ring(dwg, x, y, w, h, pad=4, radius=13, target=f"seat:{s}"))
    return el


def _tint(colour: str, share: float) -> str:
    """`colour` (#rrggbb) mixed with white, `share` of it kept."""
    h = colour.lstrip("#")
    return "#" + "".join(f"{round(255 - (255 - int(h[i:i + 2], 16)) * share):02x}" for i in (0, 2, 4))


def _start_half(g: Geo) -> float:
    """Half a start tile's side: as large as the band along the seabed's edge allows."""
    return min(21 * g.k, g.band / 2 - 1)


def _start_tile(dwg: S.Drawing, seat: View, hl: AbstractSet[str], lang: str, g: Geo) -> El:
    s = seat["seat"]
    r, c = B.home_coords(seat["side"], seat["home"])
    cx, cy = centre(g, r, c)
    half = _start_half(g)
    el = dwg.g(class_="start")
    placed = seat.get("placed", True)
    S.data(el, seat=s, side=seat["side"], home=seat["home"], occupied="yes" if seat.get("pawn") is None else "no",
           placed="yes" if placed else "no")
    colour = C.PAWN_COLOURS[s]
    box = (round(cx - half, 1), round(cy - half, 1))
    side = (round(2 * half, 1), round(2 * half, 1))
    if not placed:   # still to be laid: a dashed outline where it waits, marked with its player's number
        el.add(dwg.rect(insert=box, size=side, rx=8, ry=8, fill="none", stroke=colour, stroke_width=2,
                        stroke_dasharray="5 3"))
        el.add(S.label(dwg, f"{s + 1}?", cx, cy + g.f(13) * 0.36, size=g.f(13), anchor="middle", weight="bold",
                       fill=colour))
        if f"home:{s}" in hl:
            el.add(S.ring(dwg, cx - half, cy - half, 2 * half, 2 * half, pad=4, radius=10, target=f"home:{s}"))
        return el
    # a light tint of the player's colour, opaque: its dark words read on it (on the sea, a see-through tint was grey)
    el.add(dwg.rect(insert=box, size=side, rx=8, ry=8, fill=_tint(colour, 0.3), stroke=colour, stroke_width=2.5))
    el.add(dwg.rect(insert=box, size=side, rx=8, ry=8, fill="none", stroke=S.INK, stroke_width=0.7,
                    stroke_dasharray="3 2"))
    if seat.get("pawn") is None:
        el.add(_pawn(dwg, s, cx, cy, r=13 * g.k, cls="pawn at-home"))
    else:
        el.add(S.label(dwg, _w("start", lang), cx, cy - 2 * g.k, size=g.f(8), anchor="middle", fill=S.INK))
        el.add(S.label(dwg, str(s + 1), cx, cy + g.f(8) * 0.4 + g.f(11) * 0.9, size=g.f(11), anchor="middle",
                       weight="bold", fill=S.INK))
    if f"home:{s}" in hl:
        el.add(S.ring(dwg, cx - half, cy - half, 2 * half, 2 * half, pad=4, radius=10, target=f"home:{s}"))
    return el


# --------------------------------------------------------------------------- what just happened: arrows and their words
# A move is an arrow from where the pawn stood (a dot on a cell, or the edge of its start tile) to just short of the
# pawn; the words "taken" and "turned up" are pills laid, among a few places at their cell, where they cover least:
# never another pill, an arrow, a coordinate, a start tile or a pawn where a place is free of them, and as little as
# can be of a tile's layer badge, stars, pearl or lock.

ARROW_HEAD = 3.6        # the arrowhead's length and width, in the arrow's stroke widths (the marker af-arrow)
ARROW_BACK = 0.6        # the shaft stops this share of the head behind the tip (its round cap hidden in the head)


class Arrow(NamedTuple):
    seat: int
    frm: tuple[int, int]
    to: tuple[int, int]
    start: tuple[float, float]          # where the shaft begins
    end: tuple[float, float]            # where the shaft ends (inside the head)
    tip: tuple[float, float]            # the arrowhead's point
    stroke: float
    dot: bool             # a dot where it begins (a cell; a start tile marks its own place)


def _arrow(g: Geo, seat: int, frm: tuple[int, int], to: tuple[int, int]) -> Arrow:
    k = g.k
    x1, y1 = centre(g, *frm)
    x2, y2 = centre(g, *to)
    dx, dy = x2 - x1, y2 - y1
    d = max((dx * dx + dy * dy) ** 0.5, 1)
    ux, uy = dx / d, dy / d
    on = B.on_board(*frm)
    # from a cell: out of the dot at its centre; from a start tile: out of the tile's edge, clear of its words
    half = min(21 * k, g.band / 2 - 1)
    a = 8 * k if on else half / max(abs(ux), abs(uy)) + 1
    stroke = round(3 * max(k, 1), 1)
    b = d - 16 * k                              # the tip stops short of the pawn (radius 14 k)
    head = ARROW_HEAD * stroke
    e = max(a, b - ARROW_BACK * head)
    return Arrow(seat, frm, to, (x1 + ux * a, y1 + uy * a), (x1 + ux * e, y1 + uy * e), (x1 + ux * b, y1 + uy * b),
                 stroke, on)


PHONE_PAD = 0.35      # a phone's event pill: less padding round its word, so the pill fits inside one cell
# On a phone a cell (48 units) holds a pawn, a layer badge, stars and a pearl: a word's pill ("взято", "открыт") had
# no room left in it and lay across the next cell in most frames (review: 51 of 74). There the event is a marker as
# small as one sign, laid inside its own cell; the legend says what each sign means, the narration says it in words.
PHONE_MARK = {"taken": "✓", "turned": "↻"}
PHONE_SIGN = 1.15         # a marker's sign is drawn this much bigger than a word would be, in the same pill (a
                          # bigger pill no longer fits under a pawn: 48-unit cells, the pawn 24 across)
PHONE_SPILL = 3000.0      # the cost of a phone's marker reaching out of its cell (a pawn's edge under it costs less)


def _pill_size(words: str, size: float, pad: float = 0.9) -> tuple[float, float]:
    """The width and height of S.badge's pill for `words` at font `size` (the same guess S.badge makes; `pad`: the
    room round the word, in font sizes)."""
    wide = sum(0.74 if ord(ch) > 0x2FF else 0.66 for ch in str(words))
    return max(size * 1.6, size * wide + size * pad), size * 1.45


def _pill_box(words: str, size: float, cx: float, cy: float) -> Box:
    """The box of a wide layout's pill (S.badge) for `words` centred at (cx, cy)."""
    w, h = _pill_size(words, size)
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _pill(dwg: S.Drawing, words: str, cx: float, cy: float, size: float, g: Geo) -> El:
    """An event's word in a pill centred at (cx, cy): S.badge, with the phone's tighter pill."""
    if g.name != "phone":
        return S.badge(dwg, words, cx, cy, fill=S.EVENT, size=size)
    w, h = _pill_size(words, size, PHONE_PAD)
    pill = dwg.g()
    pill.add(dwg.rect(insert=(round(cx - w / 2, 1), round(cy - h / 2, 1)), size=(round(w, 1), round(h, 1)), rx=h / 2,
                      ry=h / 2, fill=S.EVENT))
    if words in PHONE_MARK.values():
        size = round(size * PHONE_SIGN, 1)
    pill.add(S.label(dwg, words, cx, cy + size * 0.36, size=size, anchor="middle", weight="bold", fill="#ffffff"))
    return pill


def _overlap(a: Sequence[float], b: Sequence[float]) -> float:
    """The area two boxes (left, top, right, bottom) share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _clipped(p: Sequence[float], q: Sequence[float], box: Sequence[float]) -> float:
    """How long the segment p-q runs inside `box` (Liang-Barsky)."""
    (x1, y1), (x2, y2) = p, q
    dx, dy = x2 - x1, y2 - y1
    lo, hi = 0.0, 1.0
    for pp, qq in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if pp == 0:
            if qq < 0:
                return 0.0
            continue
        t = qq / pp
        if pp < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return 0.0
    length: float = (dx * dx + dy * dy) ** 0.5
    return (hi - lo) * length


def _disc(cx: float, cy: float, r: float) -> Box:
    """A box about as big as a disc (a square of its area), for the overlap sums."""
    h = 0.86 * r
    return cx - h, cy - h, cx + h, cy + h


def _tile_marks(tile: View, x: float, y: float, size: float, P: float) -> list[tuple[Obstacle, float]]:
    """(box, weight) of a fragment tile's stars and pearl drawn at (x, y) `size` big (as _defs_xml and _pearl draw
    them): its pearl's letter weighs more, as printed words do."""
    if tile.get("coral") or tile.get("hidden"):
        return []
    s = size / 40
    n = tile["stars"]
    stars = (x + (35.5 - 8 * (n - 1) - 3.9) * s, y + 1.1 * s, x + 39.4 * s, y + 8.9 * s)
    cx, cy, r, _font = _pearl_place(x, y, size, P, _pearl_corner(tile, 1))     # (a seabed cell's tile)
    return [(stars, 60), (_disc(cx, cy, r), 201)]


def _coord_size(g: Geo) -> float:
    """The coordinates' print (A-E, 1-5): on a phone the phone boards' print, not the layout's least (the lesson names
    cells by them in nearly every sentence; at 9.5 px a reader of wave 18 could hardly read them)."""
    return max(g.f(11), S.board_print(S.LAYOUTS["phone"])) if g.name == "phone" else g.f(11)


def _coord_out(g: Geo) -> float:
    """How far outside the middle of their strip the coordinates sit: clear of a ring round a cell at the grid's edge
    (a phone's larger letters as much further out)."""
    return 0.3 * g.lab + (_coord_size(g) - g.f(11)) * 0.7


def _obstacles(view: View, g: Geo, arrows: list[Arrow]) -> list[tuple[Obstacle, float]]:
    """(box, weight) of what an event's words should not cover, heaviest first: coordinates, start tiles, arrows
    (as a row of boxes along each), pawns, then the tiles' layer badges, stars, pearls and locks."""
    k, P = g.k, g.P
    out: list[tuple[Obstacle, float]] = []
    cf = _coord_size(g)
    grid = N * g.cell
    off = _coord_out(g)      # as render() sets the coordinates
    for j in range(N):
        x, y = centre(g, j, j)
        for yy in (g.grid_y - g.lab / 2 - off, g.grid_y + grid + g.lab / 2 + 0.6 * off):
            out.append(((x - 0.45 * cf, yy - 0.5 * cf, x + 0.45 * cf, yy + 0.5 * cf), 300))
        for xx in (g.grid_x - g.lab / 2 - off, g.grid_x + grid + g.lab / 2 + off):
            out.append(((xx - 0.45 * cf, y - 0.5 * cf, xx + 0.45 * cf, y + 0.5 * cf), 300))
    half = min(21 * k, g.band / 2 - 1)
    for seat in view["seats"]:
        cx, cy = centre(g, *B.home_coords(seat["side"], seat["home"]))
        out.append(((cx - half, cy - half, cx + half, cy + half), 200))
        if seat.get("pawn") is not None:
            out.append((_disc(*centre(g, *seat["pawn"]), 14 * k), 202))
    for a in arrows:
        w = a.stroke / 2 + 1.5
        (x1, y1), (x2, y2) = a.start, a.tip
        out.append((("seg", a.start, a.tip, w), 60))      # 60, not 20: a pill across an arrow hides the move
        h = ARROW_HEAD * a.stroke / 2 + 1
        mx, my = (x2 + (a.end[0] - x2) * 0.8, y2 + (a.end[1] - y2) * 0.8)
        out.append(((mx - h, my - h, mx + h, my + h), 61))
        if a.dot:
            out.append((_disc(x1, y1, 6 * k), 30))
    radius = max(6.3 * k, max(round(9 * k, 1), P) * 0.7)      # a layer badge's
    for i, cell in enumerate(view["cells"]):
        badge = _badge_at(cell, k, P)
        up, low = cell.get("upper"), cell.get("lower")
        if up is None and low is None:      # bare sand
            continue
        x, y, _w, _h = cell_box(g, i)
        if up is not None:
            marks = _tile_marks(up, x + 3 * k, y + 2 * k, 47 * k, P)
            if up.get("coral"):
                marks = [(_disc(x + 43 * k, y + 43 * k, 9 * k), 15)]
        else:
            marks = _tile_marks(low, x + 6 * k, y + 6 * k, 44 * k, P) if cell.get("lower_open") else []
        if badge is not None:
            out.append((_disc(x + badge[0], y + badge[1], radius), 200))
        out += marks
        if _peek_shown(cell, view.get("viewer") is None) and _peek_stars(low):
            px, py, pw, ph = _peek_box(low, x + PEEK_AT[0] * k, y + PEEK_AT[1] * k, k, P)    # its stars' number
            out.append(((px, py, px + pw, py + ph), 50))
    return out


def _bounds(ob: Obstacle) -> Obstacle:
    """The box around an obstacle: a box itself, or a segment ("seg", p, q, half width) grown by its half width."""
    if ob[0] != "seg":
        return ob
    _s, (x1, y1), (x2, y2), w = ob
    return min(x1, x2) - w, min(y1, y2) - w, max(x1, x2) + w, max(y1, y2) + w


def _cost(box: Sequence[float], obstacles: Iterable[tuple[Obstacle, float]]) -> float:
    total = 0.0
    for ob, weight in obstacles:
        if ob[0] == "seg":
            _s, p, q, w = ob
            total += weight * 2 * w * _clipped(p, q, (box[0] - w, box[1] - w, box[2] + w, box[3] + w))
        else:
            total += weight * _overlap(box, ob)
    return total


def _word_places(g: Geo, index: int, w: float, h: float) -> Iterator[tuple[Box, float]]:
    """The places (left, top, right, bottom) a pill w x h may take at cell `index`, each with the small cost of
    being there when all are free: inside its bottom first, as the words always were; then across its middle
    (the band between a tile's stars and its pearl), its top, its edges, slid along as far as a quarter cell
    stays on it, and beside it at mid-height."""
    x, y, c, _c = cell_box(g, index)
    mid = y + 0.43 * c - h / 2
    r, col = B.coords(index)
    beyond = 1.3 * g.lab + 2
    # on a phone a mark stays inside its own cell where it can (a reader took a pill across two cells for a word about
    # the neighbour); across a cell's edge costs more
    spill = 0.0
    if g.name == "phone" or w < c * 0.45:      # (a wide layout's sign too: a word that gave way to it)
        # a marker fits in any of nine places inside its cell (its bottom first, as words always were); out of the
        # cell only where every one of them would cover words, an arrow or a pawn
        spill = PHONE_SPILL
        inset = 1.5
        for top, a in ((y + c - h - inset, 0), (mid, 8), (y + inset, 20)):
            for left, b in ((x + c / 2 - w / 2, 0), (x + inset, 4), (x + c - w - inset, 4)):
                yield (left, top, left + w, top + h), a + b
    rows = ((y + c - h - 0.5, 0), (mid, 8), (y + c - h / 2 - 1, 14), (y + 0.5, 20), (y - h / 2 + 1, 26))
    centre_ = x + c / 2
    slide = max(0.0, (w + c / 2) / 2 - c / 4)     # the pill still covers a quarter of the cell
    shifts = sorted({0.0, slide / 2, slide, -slide / 2, -slide}, key=abs)
    for top, a in rows:
        for d in shifts:
            left = centre_ + d - w / 2
            yield (left, top, left + w, top + h), a + 6 * abs(d) / max(slide, 1) + spill
    for left in (x + c + 1.5, x - 1.5 - w):
        yield (left, mid, left + w, mid + h), 10 + spill
    # ... and beside it at its top or its foot, and over the line between it and the cell above or below: where
    # arrows cross its middle every way (a bot's three moves through two turned-up cells left no place clear)
    for left in (x + c - w / 2, x - w / 2):
        for top in (y + 0.5, y + c - h - 0.5, y - h / 2, y + c - h / 2):
            yield (left, top, left + w, top + h), 30 + spill
    # a cell at the grid's edge: out in the sea beyond the coordinates (set a little outside their strip), level
    if col in (0, N - 1):
        left = g.grid_x - beyond - w if col == 0 else g.grid_x + N * c + beyond
        yield (left, mid, left + w, mid + h), 150 + spill
    if r in (0, N - 1):
        top = g.grid_y - beyond - h if r == 0 else g.grid_y + N * c + beyond
        yield (centre_ - w / 2, top, centre_ + w / 2, top + h), 150 + spill


def _place_words(view: View, g: Geo, words: list[tuple[int, str, float]], arrows: list[Arrow]
                 ) -> list[tuple[int, str, float, float, float]]:
    """(cell, words, size, centre x, centre y) of each event pill, where it covers least: each pill's places are
    costed against what lies on the board (_obstacles), each takes in turn its cheapest place clear of those taken,
    then pairs are placed again together (a pill placed first may give way to one with nowhere else to go)."""
    obstacles = _obstacles(view, g, arrows)
    bx, by = g.board
    sea = (bx + 2, by + 2, bx + g.size - 2, by + g.size - 2)
    options = []
    for index, text_, size in words:
        w, h = _pill_size(text_, size, PHONE_PAD if g.name == "phone" else 0.9)
        x, y, c, _c = cell_box(g, index)
        near = (x - w - c, y - c, x + c + w + c, y + 2 * c)     # every place it may take lies in here
        close = [(ob, weight) for ob, weight in obstacles if _overlap(near, _bounds(ob)) > 0]
        places = [(box, base + _cost(box, close)) for box, base in _word_places(g, index, w, h)
                  if sea[0] <= box[0] and sea[1] <= box[1] and box[2] <= sea[2] and box[3] <= sea[3]]
        options.append(places or [next(iter(_word_places(g, index, w, h)))[:1] + (0.0,)])
    options = [sorted(places, key=lambda place: place[1])[:16] for places in options]    # the 16 cheapest each

    def clash(i: int, j: int, chosen: dict[int, int], skip: tuple[int, ...] = ()) -> float:
        box = options[i][j][0]
        return 1000 * sum(_overlap(box, options[o][chosen[o]][0]) for o in chosen if o != i and o not in skip)

    chosen: dict[int, int] = {}
    for i in range(len(words)):
        chosen[i] = min(range(len(options[i])), key=lambda j: options[i][j][1] + clash(i, j, chosen))
    # then two at a time, every pair of pills that may meet and is not both in its cheapest place: one may take a
    # worse place to leave the other a good one
    reach = [(min(b[0] for b, _c in opts), min(b[1] for b, _c in opts), max(b[2] for b, _c in opts),
              max(b[3] for b, _c in opts)) for opts in options]
    for _ in range(3):
        moved = False
        for i in range(len(words)):
            for o in range(i + 1, len(words)):
                if _overlap(reach[i], reach[o]) <= 0 or (chosen[i] == 0 and chosen[o] == 0 and not clash(i, 0, chosen)
                                                         and not clash(o, 0, chosen)):
                    continue

                def total(pair: tuple[int, int]) -> float:
                    a, b = pair
                    return (options[i][a][1] + options[o][b][1] + clash(i, a, chosen, (o,)) + clash(o, b, chosen, (i,))
                            + 1000 * _overlap(options[i][a][0], options[o][b][0]))
                pairs = [(a, b) for a in range(len(options[i])) for b in range(len(options[o]))]
                a, b = min(pairs, key=total)
                if total((a, b)) < total((chosen[i], chosen[o])) - 1e-6:
                    chosen[i], chosen[o], moved = a, b, True
        if not moved:
            break
    out = []
    for i, (index, text_, size) in enumerate(words):
        box = options[i][chosen[i]][0]
        out.append((index, text_, size, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
    return out


def _moves(dwg: S.Drawing, view: View, card_id: str, seat: View, g: Geo) -> El:
    """Where `card_id` can take the turn player's pawn: dots, and faint lines for straight-line movers."""
    el = dwg.g(class_="moves")
    # a finger on a line or a dot taps the cell under it (its choice, or why it is refused there)
    el["pointer-events"] = "none"
    S.data(el, card=card_id)
    sp = C.card(card_id).species if card_id in C.CARDS else None
    if sp is None:
        return el
    move = C.MOVES[sp]
    r0, c0 = _seat_pos(seat)
    x0, y0 = centre(g, r0, c0)
    if move.directions != "knight":
        dirs = B.ORTHOGONAL if move.directions == "orthogonal" else B.ORTHOGONAL + B.DIAGONAL
        for dr, dc in dirs:
            far = (r0 + dr * move.reach, c0 + dc * move.reach)     # moves are exact: a line its full length or none
            if B.on_board(*far):
                el.add(dwg.line((x0, y0), centre(g, *far), stroke="#ffffff", stroke_width=round(5 * g.k, 1),
                                stroke_opacity=0.5, stroke_linecap="round", class_="dir"))
    for r, c in view.get("destinations", {}).get(card_id, []):
        cx, cy = centre(g, r, c)
        dot = dwg.g(class_="dest")
        S.data(dot, cell=B.cell(r, c), suggests=f"cell:{B.cell(r, c)}")   # a move pointed at (test_give_aways.py)
        # a frame round the tile, not a ring on it: the fragment inside stays seen, its shape and pearl deciding the
        # move (a disc hid whether an upper or a lower piece lay there; a ring in the middle still covered the shell
        # and its pearl letter, two readers)
        bx, by, bw, bh = cell_box(g, B.cell(r, c))
        inset, band = 1.5 * g.k, 3.4 * g.k
        dot.add(dwg.rect(insert=(round(bx + inset - band / 2, 1), round(by + inset - band / 2, 1)),
                         size=(round(bw - 2 * inset + band, 1), round(bh - 2 * inset + band, 1)),
                         rx=round(5 * g.k, 1), fill="none", stroke=S.INK, stroke_width=1.2))
        dot.add(dwg.rect(insert=(round(bx + inset, 1), round(by + inset, 1)),
                         size=(round(bw - 2 * inset, 1), round(bh - 2 * inset, 1)), rx=round(4 * g.k, 1), fill="none",
                         stroke=S.HIGHLIGHT, stroke_width=round(band, 1)))
        el.add(dot)
    return el


def _choices(dwg: S.Drawing, view: View, offers: Mapping[str, S.Offer], lang: str, g: Geo) -> El:
    """Hit areas over the choosable cells, pawns and start-tile places, in that order (the keyboard's order);
    hand cards get theirs in their panel. None when nothing on the seabed is choosable."""
    found = []
    for key, offer in offers.items():
        kind, _, rest = key.partition(":")
        parts = rest.split(":")
        if not all(p.isdigit() for p in parts):
            continue
        if kind == "cell" and len(parts) == 1 and int(parts[0]) < N * N:
            i = int(parts[0])
            x, y, w, h = cell_box(g, i)
            found.append(((0, i), S.choice(dwg, key, offer, x + 1, y + 1, w - 2, h - 2, radius=4,
                                           label=cell_name(B.coords(i)))))
        elif kind == "seat" and len(parts) == 1 and int(parts[0]) < len(view["seats"]):
            s = int(parts[0])
            cx, cy = centre(g, *_seat_pos(view["seats"][s]))
            half = max(17 * g.k, g.tap / 2)
            pawn = S.choice(dwg, key, offer, cx - half, cy - half, 2 * half, 2 * half, radius=half,
                            label=player_name(s, lang))
            if offer.available:
                # "⚔" on the ring: a pawn to attack, ringed as a cell to move to is, read as one more place to go
                # (a reader of wave 23 did not dare tap it)
                size = g.f(13)
                # (on the ring's side toward the seabed's middle: a pawn at the east edge had it outside the board)
                mx, my = centre(g, 2, 2)
                bx = cx + half * 0.85 * (1 if cx <= mx else -1)
                by = cy + half * 0.7 * (1 if cy <= my else -1)
                pawn.add(dwg.circle(center=(round(bx, 1), round(by, 1)), r=round(size * 0.8, 1), fill="#ffffff",
                                    stroke="#9b1c1c", stroke_width=1.2, pointer_events="none"))
                pawn.add(S.label(dwg, "⚔", bx, by + size * 0.36, size=size, anchor="middle",
                                 weight="bold", fill="#9b1c1c", cls="attack-mark", pointer_events="none"))
            found.append(((1, s), pawn))
        elif kind == "place" and len(parts) == 2 and int(parts[0]) < len(view["seats"]) and int(parts[1]) < N:
            s, place = int(parts[0]), int(parts[1])
            side = view["seats"][s]["side"]
            cx, cy = centre(g, *B.home_coords(side, place))
            half = max(22 * g.k, g.tap / 2)
            slot = S.choice(dwg, key, offer, cx - half, cy - half, 2 * half, 2 * half, radius=9,
                            label=beside_name(side, place))
            if place != view["seats"][s].get("home") or not view["seats"][s].get("placed", True):
                # the slot's cell named inside it: along the south edge the slots cover the column letters, the
                # very letter a task's "start from E5" sends the learner to find (a reader, stop 47)
                size = g.f(11)
                slot.add(S.label(dwg, beside_name(side, place), cx, cy + size * 0.36, size=size, anchor="middle",
                                 weight="bold", fill="#e3f2f8", cls="place-name", pointer_events="none"))
            found.append(((2, s * N + place), slot))
        elif kind == "home" and len(parts) == 1 and int(parts[0]) < len(view["seats"]):
            # a player's start tile, the first step of going home; laid under the places (one of them is where the
            # tile lies now), so a tap there once it is chosen picks that place
            s = int(parts[0])
            seat = view["seats"][s]
            cx, cy = centre(g, *B.home_coords(seat["side"], seat["home"]))
            half = max(22 * g.k, g.tap / 2)
            found.append(((2, -1 - s), S.choice(dwg, key, offer, cx - half, cy - half, 2 * half, 2 * half, radius=9,
                                                label=_w("start", lang))))
    if not found:
        return None
    el = dwg.g(class_="choices")
    for _, element in sorted(found, key=lambda item: item[0]):
        el.add(element)
    return el


def _cards_away(view: View) -> bool:
    """A finished game whose creature cards are all put away, face down in the deck (a drill about fragments only,
    tutor/games/aqua_fest/drills.py `_ended`; no game played to its end has an empty discard pile): the board says
    so, rather than show a deck of 50 and every hand empty, a position no one could have reached."""
    return bool(view.get("over")) and not view["discard_count"] and not any(seat["hand_count"] for seat in view["seats"])


def _deck_box(dwg: S.Drawing, sp: S.Splice, view: View, lang: str, g: Geo, box: Box) -> El:
    x, y, w, h = box
    k, f = g.k, g.f
    cw, ch = round(40 * k, 1), round(58 * k, 1)
    el = dwg.g(class_="piles")
    el.add(dwg.rect(insert=(round(x, 1), round(y, 1)), size=(round(w, 1), round(h, 1)), rx=9, ry=9, fill="#e3eef2",
                    stroke="#9fb8c4", stroke_width=1))
    if _cards_away(view):
        el.add(S.label(dwg, _w("cards_away", lang), x + w / 2, y + h / 2, size=f(11), anchor="middle",
                       fill=S.MUTED, cls="cards-away"))
        return el
    d = dwg.g(class_="deck")
    S.data(d, count=view["deck_count"])
    a, b = x + w * 0.22, x + w * 0.7          # the two piles' centres
    top = y + 8 * k + f(10)
    for j in range(min(3, max(1, view["deck_count"]))):
        if view["deck_count"]:
            d.add(dwg.use("#af-cardback", insert=(round(a - cw / 2 + j * 2.5 * k, 1), round(top + 2 * k - j * 2.5 * k, 1)),
                          size=(cw, ch)))
    if not view["deck_count"]:
        d.add(S.card(dwg, a - cw / 2, top + 2 * k, cw, ch, fill="none", stroke="#9aa5b1", stroke_dasharray="3 3",
                     cls="slot"))
    d.add(S.label(dwg, _w("deck", lang), a, y + 6 * k + f(10) * 0.8, size=f(10), anchor="middle", fill=S.MUTED))
    d.add(S.label(dwg, str(view["deck_count"]), a, y + h - 6 * k, size=f(14), anchor="middle", weight="bold"))
    el.add(d)
    p = dwg.g(class_="discard")
    S.data(p, count=view["discard_count"])
    p.add(S.label(dwg, _w("discard", lang), b, y + 6 * k + f(10) * 0.8, size=f(10), anchor="middle", fill=S.MUTED))
    discard_top = view.get("discard_top")
    if discard_top:
        p.add(_card_at(dwg, sp, discard_top, b - cw / 2, top, lang, w=cw, h=ch, cls="card discard-top"))
    else:
        p.add(S.card(dwg, b - cw / 2, top, cw, ch, fill="none", stroke="#9aa5b1", stroke_dasharray="3 3", cls="slot"))
    p.add(S.label(dwg, str(view["discard_count"]), b, y + h - 6 * k, size=f(14), anchor="middle", weight="bold"))
    el.add(p)
    if view.get("arranged"):
        # a lesson's deck is short and its discard pile full from the first move (the cards the example leaves
        # out): said under the piles, so a learner does not take the counts for a real game's (review 2026-12-03)
        el.add(S.label(dwg, _w("arranged", lang), x + w / 2, y + h - 8 * k - f(14) - 2, size=f(9), anchor="middle",
                       fill=S.MUTED, cls="arranged"))
    return el


def _battle_box(dwg: S.Drawing, sp: S.Splice, view: View, lang: str, marks: View, g: Geo, boxes: dict[str, Box]
                ) -> list[El]:
    b, last = view.get("battle"), view.get("last_battle")
    k, f = g.k, g.f
    cw, ch = round(40 * k, 1), round(58 * k, 1)
    out = []
    if b:
        x, y, w, h = boxes["battle"]
        el = dwg.g(class_="battle")
        S.data(el, attacker=b["attacker"], defender=b["defender"])
        el.add(dwg.rect(insert=(round(x, 1), round(y, 1)), size=(round(w, 1), round(h, 1)), rx=9, ry=9, fill="#fde8e4",
                        stroke=S.EVENT, stroke_width=2))
        head = y + 4 * k + f(11)
        title, who = "⚔ " + _w("battle", lang), _w("attacks", lang, a=b["attacker"] + 1, d=b["defender"] + 1)
        el.add(S.label(dwg, title, x + 6, head, size=f(11), weight="bold"))
        if em(title, True) * f(11) + em(who, False) * f(9.5) + 20 > w:      # too narrow for both: a second line
            head += f(9.5) + 3
        el.add(S.label(dwg, who, x + w - 6, head, size=f(9.5), anchor="end", fill=S.MUTED))
        a_x, d_x, cy = x + w * 0.14, x + w * 0.86 - cw, head + 8 * max(k, 1) + 5     # the players' marks clear it
        card = b["card"]
        el.add(_card_at(dwg, sp, card, a_x, cy, lang, w=cw, h=ch, cls="card battle-card"))
        wait_y = y + h - 5 * k
        # the defender at this board is the learner: their turn to answer, said where they look (a reader was attacked
        # and saw "waiting…" here, the words "Defend with:" 700 px below, wave 19)
        mine = view.get("viewer") is not None and view.get("viewer") == b["defender"]
        waiting = _w("defend_you" if mine else "waiting", lang)
        if not card.get("hidden"):       # the attacker (or the teacher) sees it; on the table it lies face down
            size = f(7.5)        # on the bottom line, from the left edge, the defender's "waiting" at its right end
            words = _w("face_down", lang)
            el.add(S.badge(dwg, words, x + 4, y + h - 5 * k - size * 0.36, fill=BACK, size=size, anchor="start"))
            if em(words, True) * size + 20 + em(waiting, mine) * f(9) + 20 > w:
                wait_y -= f(9) + 4       # both do not fit on one line: "waiting" a line above, under its slot
        el.add(S.mark(dwg, a_x, cy, round(8 * max(k, 1), 1), colour=C.PAWN_COLOURS[b["attacker"]],
                      text=str(b["attacker"] + 1), size=f(9)))
        el.add(S.label(dwg, "vs", x + w / 2, cy + ch / 2 + 4 * k, size=f(11), anchor="middle", weight="bold",
                       fill=S.MUTED))
        el.add(S.card(dwg, d_x, cy, cw, ch, fill="none", stroke="#9aa5b1", stroke_dasharray="3 3", cls="slot"))
        el.add(S.label(dwg, "?", d_x + cw / 2, cy + ch / 2 + 6 * k, size=f(18), anchor="middle", weight="bold",
                       fill="#9aa5b1"))
        el.add(S.mark(dwg, d_x, cy, round(8 * max(k, 1), 1), colour=C.PAWN_COLOURS[b["defender"]],
                      text=str(b["defender"] + 1), size=f(9)))
        if mine:
            el.add(S.label(dwg, waiting, x + w - 6, wait_y, size=f(9), anchor="end", weight="bold", fill=S.EVENT,
                           cls="defend-you"))
        else:
            el.add(S.label(dwg, waiting, x + w - 6, wait_y, size=f(9), anchor="end", fill=S.MUTED))
        out.append(el)
    if last:
        x, y, w, h = boxes["last"]
        a, d = last["attacker"], last["defender"]
        ca, cd = last["attack_card"], last["defence_card"]
        el = dwg.g(class_="last-battle")
        S.data(el, attacker=a, defender=d)
        el.add(dwg.rect(insert=(round(x, 1), round(y, 1)), size=(round(w, 1), round(h, 1)), rx=9, ry=9, fill="#f3efe6",
                        stroke="#b8ab8f", stroke_width=1.2))
        head = y + 4 * k + f(10.5)
        el.add(S.label(dwg, _w("last_battle", lang), x + 6, head, size=f(10.5), weight="bold"))
        a_x, d_x, cy = x + w * 0.14, x + w * 0.86 - cw, head + 8 * max(k, 1) + 3
        el.add(_card_at(dwg, sp, ca, a_x, cy, lang, w=cw, h=ch, cls="card battle-card"))
        el.add(_card_at(dwg, sp, cd, d_x, cy, lang, w=cw, h=ch, cls="card battle-card"))
        el.add(S.mark(dwg, a_x, cy, round(8 * max(k, 1), 1), colour=C.PAWN_COLOURS[a], text=str(a + 1), size=f(9)))
        el.add(S.mark(dwg, d_x, cy, round(8 * max(k, 1), 1), colour=C.PAWN_COLOURS[d], text=str(d + 1), size=f(9)))
        sa, sd = ca["strength"], cd["strength"]
        sign = ">" if sa > sd else "<" if sa < sd else "="
        el.add(S.label(dwg, sign, x + w / 2, cy + ch / 2 + 7 * k, size=f(20), anchor="middle", weight="bold"))
        outcome = _w("tie", lang) if sa == sd else _w("wins", lang, p=(a if sa > sd else d) + 1)
        el.add(S.label(dwg, f"{sa} {sign} {sd}: {outcome}", x + w / 2, y + h - 5 * k, size=f(10.5), anchor="middle",
                       weight="bold", cls="outcome"))
        if marks["battle"]:
            el.add(S.ring(dwg, x, y, w, h, kind="event", pad=2, radius=11, target="battle"))
        out.append(el)
    return out


def _legend(dwg: S.Drawing, lang: str, g: Geo, box: Box, signs: bool = False) -> El:
    """The key to the board's layers, and the event signs where the board draws them (a phone always; a wider
    layout where a word gave way to its sign)."""
    x, y, w, h = box
    f = g.f
    el = dwg.g(class_="legend")
    el.add(dwg.rect(insert=(round(x, 1), round(y, 1)), size=(round(w, 1), round(h, 1)), rx=9, ry=9, fill="#f3efe6",
                    stroke="#d5cdb8", stroke_width=1))
    head = y + 3 + f(10)
    el.add(S.label(dwg, _w("legend", lang), x + 8, head, size=f(10), weight="bold"))
    rows: tuple[tuple[str, str], ...] = (("upper", "lg.upper"), ("lower", "lg.lower"), ("hidden", "lg.hidden"),
                                         ("sealed", "lg.sealed"), ("empty", "lg.empty"))
    if g.name == "phone" or signs:     # the event markers, in words
        rows += (("taken", "taken"), ("turned", "turned"))
    step = (y + h - head - 4) / len(rows)
    icon = round(min(step - 2, 16 * max(g.k, 1)), 1)
    for j, (what, key) in enumerate(rows):
        yy = round(head + 3 + j * step + (step - icon) / 2, 1)
        ix = x + 8
        if what == "upper":
            el.add(dwg.rect(insert=(ix + 1.5, yy + 1.5), size=(icon, icon), rx=3, ry=3, fill="#0b2a38", opacity=0.45))
            el.add(dwg.rect(insert=(ix, yy), size=(icon, icon), rx=3, ry=3, fill=UPPER_FILL, stroke=UPPER_EDGE))
        elif what == "lower":
            el.add(dwg.rect(insert=(ix, yy), size=(icon, icon), rx=3, ry=3, fill=LOWER_FILL, stroke=LOWER_EDGE))
            el.add(_layer_badge(dwg, ix + icon / 2, yy + icon / 2, 1, g.k, g.P))
        elif what == "hidden":
            el.add(dwg.use("#af-tileback", insert=(ix, yy), size=(icon, icon)))
            el.add(_layer_badge(dwg, ix + icon / 2, yy + icon / 2, 1, g.k, g.P))    # as the seabed draws it
        elif what == "sealed":
            el.add(dwg.rect(insert=(ix, yy), size=(icon, icon), rx=3, ry=3, fill="url(#af-hatch)", stroke="#7a1f2b"))
            el.add(dwg.use("#af-lock", insert=(ix + icon * 0.12, yy + icon * 0.12), size=(icon * 0.76, icon * 0.76)))
        elif what in PHONE_MARK:        # a row of its own kind: the words of a phone's event marks
            row = dwg.g(class_="legend-mark")
            S.data(row, mark=what)
            row.add(_pill(dwg, PHONE_MARK[what], ix + icon / 2, yy + icon / 2, f(7.5), g))
            row.add(S.label(dwg, _w(key, lang), ix + icon + 8, yy + icon / 2 + f(9.5) * 0.36, size=f(9.5)))
            el.add(row)
            continue
        else:
            el.add(dwg.rect(insert=(ix, yy), size=(icon, icon), rx=3, ry=3, fill=SAND, stroke="#c9b17a"))
        el.add(S.label(dwg, _w(key, lang), ix + icon + 8, yy + icon / 2 + f(9.5) * 0.36, size=f(9.5)))
    return el


# --------------------------------------------------------------------------- events -> marks

def _marks(events: Optional[Iterable[Any]]) -> dict[str, Any]:
    marks: dict[str, Any] = {"moves": [], "cells": set(), "turned": set(), "seats": {}, "battle": False,
                             "homes": set()}
    for e in events or ():
        kind = getattr(e, "kind", None) or (e.get("kind") if isinstance(e, dict) else "") or ""
        d = getattr(e, "data", None) or (e.get("data", {}) if isinstance(e, dict) else {})
        what = kind.split(".", 1)[-1]
        if what == "moved":
            marks["moves"].append((d["player"], tuple(d["from"]), tuple(d["to"])))
        elif what == "collected":
            marks["cells"].add(B.cell(*d["cell"]))
        elif what == "tile_turned":
            marks["turned"].add(B.cell(*d["cell"]))
        elif what == "went_home":
            marks["homes"].add(d["player"])
        elif what.startswith("battle_") or what == "attack":
            marks["battle"] = marks["battle"] or what.startswith("battle_")
            for key in ("player", "target", "loser"):
                if key in d and d[key] is not None:
                    marks["seats"].setdefault(d[key], set()).add("battle")
    return marks


# --------------------------------------------------------------------------- text

def _moves_made(view: dict[str, Any], lang: str) -> str:
    """The turn's moves so far and how many it allows: two, or one once a card played alone (the dolphin) is down
    ("moves 1 of 2" stayed after a dolphin, though no second move may follow it); while the start tiles are laid,
    that they are."""
    if view.get("placing"):      # the start tiles are being laid: no turn has begun ("moves 0 of 2" read as one)
        return _w("laying_starts", lang)
    species = view.get("species")
    alone = bool(view["moves_made"]) and species in C.MOVES and C.MOVES[species].alone
    if view["moves_made"] == 1 and not alone and species:
        # a first move made with no second card of its kind in a hand the viewer sees: no second move can follow
        # ("moves 1 of 2" read as one still to make, a reader of wave 24); a hidden hand says nothing of it
        seats = view.get("seats") or []
        turn = view.get("turn")
        hand = seats[turn].get("hand") if isinstance(turn, int) and 0 <= turn < len(seats) else None
        if hand is not None and not any(card.get("species") == species for card in hand):
            return _w("moves_no_pair", lang, n=1)
    return _w("moves_alone" if alone else "moves", lang, n=view["moves_made"])


def _where(seat: View, lang: str) -> str:
    if seat.get("pawn") is not None:
        return _w("d.pawn_on", lang, cell=cell_name(seat["pawn"]))
    r, c = B.home_coords(seat["side"], seat["home"])
    beside = (min(max(r, 0), N - 1), min(max(c, 0), N - 1))
    return _w("d.pawn_home", lang, cell=cell_name(beside), side=side_name(seat["side"], lang))


def describe(view: dict[str, Any], lang: str = "en", moves: bool = True) -> tuple[str, str]:
    """(title, description) in plain words: what a screen reader says about the position (`moves`: with the turn's
    count of moves)."""
    turn = _w("turn", lang, p=player_name(view["turn"], lang))
    title = f"{_w('title', lang)} — " + (_w("over", lang) if view.get("over") else turn)
    if view.get("over"):       # no one's turn, no moves: the game is over
        lines = [_w("d.head_no_moves", lang, players=view["players"], turn=_w("over", lang))]
    else:
        lines = [_w("d.head", lang, players=view["players"], turn=turn, moves=_moves_made(view, lang)) if moves
                 else _w("d.head_no_moves", lang, players=view["players"], turn=turn)]
    if view.get("battle"):
        b = view["battle"]
        lines.append(_w("d.battle", lang, a=b["attacker"] + 1, d=b["defender"] + 1))
    if view.get("last_battle"):
        lb = view["last_battle"]
        sa, sd = lb["attack_card"]["strength"], lb["defence_card"]["strength"]
        outcome = _w("d.tied", lang) if sa == sd else _w("d.won", lang, p=(lb["attacker"] if sa > sd else lb["defender"]) + 1)

        def name(c: View) -> str:
            return f"{species_name(c['species'], lang)} {c['strength']}"
        lines.append(_w("d.last", lang, a=lb["attacker"] + 1, d=lb["defender"] + 1, ca=name(lb["attack_card"]),
                        cd=name(lb["defence_card"]), outcome=outcome))
    for seat in view["seats"]:
        if _cards_away(view):
            lines.append(_w("d.seat_over", lang, p=seat["seat"] + 1, frag=seat["collected_count"], bonus=seat["bonus"]))
            continue
        lines.append(_w("d.seat", lang, p=seat["seat"] + 1, where=_where(seat, lang), hand=seat["hand_count"],
                        frag=seat["collected_count"], bonus=seat["bonus"]))
    counts = {"up": 0, "open": 0, "hidden": 0, "sealed": 0, "empty": 0}
    left, unknown = 0, 0
    for cell in view["cells"]:
        up, low = cell.get("upper"), cell.get("lower")
        if up is not None:
            if up["coral"]:
                counts["sealed"] += 1
                continue
            counts["up"] += 1
            left += 1
        elif low is None:
            counts["empty"] += 1
            continue
        elif cell.get("lower_open"):
            counts["open"] += 0 if low["coral"] else 1
        else:
            counts["hidden"] += 1
        if low is None:
            continue
        if low.get("hidden"):
            unknown += 1
        elif not low["coral"]:
            left += 1 if up is None or not up["coral"] else 0
    lines.append(_w("d.seabed", lang, **counts))
    lines.append(_w("d.left_hidden", lang, n=left, k=unknown) if unknown else _w("d.left", lang, n=left))
    lines.append(_w("d.cards_away", lang) if _cards_away(view)
                 else _n("d.deck", view["deck_count"], lang, discard=view["discard_count"]))
    if view.get("arranged") and not _cards_away(view):
        lines.append(_w("d.arranged", lang))
    if view.get("over"):
        lines.append(_w("d.over", lang))
    return title, "\n".join(lines)


# --------------------------------------------------------------------------- the board

def _finish(dwg: S.Drawing, lang: str, sp: Optional[S.Splice] = None) -> str:
    text = S.to_string(dwg).replace("<defs />", f"<defs>{_defs_xml(lang)}</defs>", 1)
    return sp.apply(text) if sp is not None else text


def _shells_of(view: View, hl: AbstractSet[str]) -> Optional[View]:
    """The seat a "shells:<n>" highlight asks to show as shells, if the view shows its fragments."""
    for key in hl:
        n = key[len("shells:"):]
        if key.startswith("shells:") and n.isdigit() and int(n) < len(view["seats"]):
            seat: View = view["seats"][int(n)]
            if seat.get("collected") is not None:
                return seat
    return None


def render(view: View, *, highlight: Iterable[str] | str | None = (), lang: str = "en",
           events: Optional[Iterable[Any]] = (), choosable: Optional[Mapping[str, Any]] = None,
           layout: str | None = None) -> str:
    """SVG text for `view` (from `aqua_fest.view(state, player)`), pointing at `highlight`, marking `events`,
    with what `choosable` names to click, laid out for `layout` ("phone", "laptop" or "projector"; None: the
    default). An unknown layout is a ValueError."""
    g = geo(layout)
    k, f = g.k, g.f
    hl = S.parse_highlight(highlight)
    shown = _shells_of(view, hl)
    if shown is not None:
        return render_shells(shown["collected"], lang, layout=layout, groups=RULEBOOK_SHELLS, bonus=shown["bonus"],
                             rings=hl, total="total" in hl)
    offers = S.offers(choosable)
    marks = _marks(events)
    if "hide:hands" in hl and view.get("viewer") is None:
        # a part before the cards are taught: the hands as their backs and counts (a reader met four hands of
        # strengths and movement signs in the setup's first step, three parts before any was explained); a player's
        # own view still shows their own hand
        view = dict(view, seats=[dict(seat, hand=None) for seat in view["seats"]])
    title, desc = describe(view, lang, moves="hide:moves" not in hl)
    teacher = view.get("viewer") is None
    boxes, height = arrange(g, view)
    W = g.width
    dwg = S.drawing(W, round(height, 1), title=title, desc=desc, label="aqua-fest")
    dwg["data-layout"] = g.name
    # the height below which its smallest print (the layout's) would fall under 9 px (tutor.core.svg.DESK_LABEL_PX)
    dwg["style"] = f"--tutor-min-height: {math.ceil(height * S.DESK_LABEL_PX / g.P)}px"
    S.data(dwg, players=view["players"], turn=view["turn"], viewer="all" if teacher else view["viewer"])
    if offers:
        S.interactive(dwg)
    dwg.add(dwg.rect(insert=(0, 0), size=(W, round(height, 1)), fill="#f7f3e8"))

    # header: whose turn, moves, whose view (on a phone the view on a second line)
    dwg.add(dwg.rect(insert=(0, 0), size=(W, g.header - 2), fill="#17506b"))
    # "hide:moves": a drill asking whether a second move may follow leaves out how many this turn allows
    moves = "" if "hide:moves" in hl else f" · {_moves_made(view, lang)}"
    # while the start tiles are laid, whose tile it is (the turn's player is the game's first, and the header said
    # player 1 while player 2's panel wore the turn's marker, a reader)
    placer = (view.get("to_move") or [view["turn"]])[0] if view.get("placing") else view["turn"]
    head = f"{_w('title', lang)} · " + (_w("over", lang) if view.get("over") else
                                       f"{_w('turn', lang, p=player_name(placer, lang))}{moves}")
    seen = _w("view_all", lang) if teacher else _w("view_of", lang, player=player_name(view["viewer"], lang),
                                                   player_plain=view["viewer"] + 1)
    if view.get("over"):
        # the game's end is told in the header, a band of its own: drawn over the seabed's frame it hid the top
        # start tile and the column letters (a reader, stop 47); what it adds to "Game over" takes the viewer's line
        band = dwg.g(class_="game-over")
        band.add(dwg.rect(insert=(1, 1), size=(W - 2, g.header - 4), rx=6, ry=6, fill="#1f2933", stroke="#f2c14e",
                          stroke_width=2))
        dwg.add(band)
        side, side_fill, side_cls = _w("over_sub", lang), "#f2c14e", "over-sub"
    else:
        band, side, side_fill, side_cls = dwg, seen, "#cfe8f3", "viewer"
    if g.name == "phone":
        # the line within the screen: without the game's name when that is what runs over ("Aqua Fest · Ход: Игрок 1
        # · кладут стартовые тайлы" ran off the right edge, a reader), its glyphs narrowed if it still does
        room = W - 16
        if em(head, True) * 12 > room:
            head = head.split(" · ", 1)[1]
        fit: dict[str, Any] = ({"textLength": round(room, 1), "lengthAdjust": "spacingAndGlyphs"}
                               if em(head, True) * 12 > room else {})
        band.add(S.label(dwg, head, 8, 16, size=12, weight="bold", fill="#ffffff", cls="turn", **fit))
        band.add(S.label(dwg, side, 8, 32, size=f(11), fill=side_fill, cls=side_cls))
    else:
        base = (g.header - 2) / 2 + f(13.5) * 0.36
        band.add(S.label(dwg, head, 10 * k, base, size=f(13.5), weight="bold", fill="#ffffff", cls="turn"))
        band.add(S.label(dwg, side, W - 10 * k, base, size=f(11), anchor="end", fill=side_fill, cls=side_cls))

    # the sea around the seabed, the grid, coordinates
    bx, by = g.board
    grid = N * g.cell
    dwg.add(dwg.rect(insert=(bx, by), size=(round(g.size, 1), round(g.size, 1)), rx=16, ry=16, fill=SEA,
                     stroke=SEA_EDGE, stroke_width=2))
    dwg.add(dwg.rect(insert=(round(g.grid_x - 3, 1), round(g.grid_y - 3, 1)), size=(round(grid + 6, 1), round(grid + 6, 1)),
                     rx=5, ry=5, fill=SEA_EDGE))
    cf = _coord_size(g)
    coords = dwg.g(class_="coords", fill="#e3f2f8", font_size=cf, font_weight="bold",
                   stroke=SEA, stroke_width=round(3 * max(k, 1), 1), stroke_linejoin="round", paint_order="stroke")
    # a side whose start tiles are offered shows no letters or numbers of its own: its slots, tap targets larger than
    # the strip, half covered them, and each slot names its cell (A5 … E5) inside it (a reader, stop 60)
    seats = [key.split(":")[1] for key in offers if key.startswith("place:")]
    slotted = {view["seats"][int(s)]["side"] for s in seats if s.isdigit() and int(s) < len(view["seats"])}
    for j in range(N):
        x, y = centre(g, j, j)
        # a little outside the middle of their strip: clear of a ring round a cell at the grid's edge
        out = _coord_out(g)
        for yy, side in ((g.grid_y - g.lab / 2 + cf * 0.36 - out, "north"),
                         (g.grid_y + grid + g.lab / 2 + cf * 0.36 + out * 0.6, "south")):
            if side not in slotted:
                coords.add(dwg.text("ABCDE"[j], insert=(round(x, 1), round(yy, 1)), text_anchor="middle"))
        for xx, side in ((g.grid_x - g.lab / 2 - out, "west"), (g.grid_x + grid + g.lab / 2 + out, "east")):
            if side not in slotted:
                coords.add(dwg.text(str(j + 1), insert=(round(xx, 1), round(y + cf * 0.36, 1)),
                                    text_anchor="middle"))
    seabed = dwg.g(class_="seabed")
    sp = S.Splice()
    for i, cell in enumerate(view["cells"]):
        up, low = cell.get("upper"), cell.get("lower")
        x, y, _w_, _h = cell_box(g, i)
        seabed.add(sp.slot(dwg, S.translated(x, y, _cell_xml(
            i, None if up is None else up["id"], None if low is None else "?" if low.get("hidden") else low["id"],
            bool(cell.get("lower_open")), lang, teacher, k, g.P))))
    dwg.add(seabed)

    # what just happened: rings and arrows under the pawns, their words over them (placed where they cover least)
    ev = dwg.g(class_="event marks")
    words = []
    for i in sorted(marks["cells"] | marks["turned"]):
        x, y, w, h = cell_box(g, i)
        ring = S.ring(dwg, x, y, w, h, kind="event", pad=0, radius=5, target=f"cell:{i}")
        S.data(ring, what="turned" if i in marks["turned"] else "collected")
        ev.add(ring)
    # a start tile a player went home to, slid or not: named (unseen: a ring's stroke would run over the column's
    # letter beside it) as what the step changed, so that a phone's example brings it above its words (a reader read
    # "slides it to E5" with the tile under them, wave 23)
    for who in sorted(marks["homes"]):
        seat = view["seats"][who] if who < len(view["seats"]) else None
        if seat is None or not seat.get("placed", True):
            continue
        cx, cy = centre(g, *B.home_coords(seat["side"], seat["home"]))
        half = _start_half(g)
        focus = dwg.rect(insert=(round(cx - half, 1), round(cy - half, 1)), size=(round(2 * half, 1), round(2 * half, 1)),
                         fill="none", stroke="none", class_="tutor-focus")
        S.data(focus, target=f"home:{who}")
        ev.add(focus)
    # the collected cells' words first (a pawn stands there, with less room), then the turned ones
    for i in sorted(marks["cells"] - marks["turned"]) + sorted(marks["turned"]):
        if g.name == "phone":     # a phone's cell is as narrow as the word: a marker, worded in the legend
            words.append((i, PHONE_MARK["turned" if i in marks["turned"] else "taken"], f(7.5)))
        else:
            words.append((i, _w("turned", lang) if i in marks["turned"] else _w("taken", lang), f(7.5)))
    arrows = [_arrow(g, seat_no, frm, to) for seat_no, frm, to in marks["moves"]]
    for a in arrows:
        line = dwg.line(tuple(round(v, 1) for v in a.start), tuple(round(v, 1) for v in a.end), stroke=S.EVENT,
                        stroke_width=a.stroke, stroke_linecap="round", class_="move-arrow")
        line["marker-end"] = "url(#af-arrow)"
        S.data(line, seat=a.seat, frm=B.cell(*a.frm) if B.on_board(*a.frm) else "home", to=B.cell(*a.to))
        if a.dot:
            ev.add(dwg.circle(center=tuple(round(v, 1) for v in a.start), r=round(5 * k, 1), fill=S.EVENT,
                              class_="move-from"))
        ev.add(line)
    # the layer badge of the cell an arrow points at, again over its head (coming from the upper left, it lies there),
    # and its pearl (coming from the lower right, a reader's arrowhead hid a pearl's letter)
    for to in sorted({B.cell(*a.to) for a in arrows}):
        x, y, _w_, _h = cell_box(g, to)
        badge = _badge_at(view["cells"][to], k, g.P)
        if badge is not None:
            ev.add(_layer_badge(dwg, x + badge[0], y + badge[1], badge[2], k, g.P))
        face = _pearl_face(view["cells"][to], k)
        if face is not None:
            tile, fx, fy, size = face
            pearl = dwg.g(class_="pearl-again")
            _pearl(dwg, pearl, tile["colour"], x + fx, y + fy, size, lang, g.P,
                   _pearl_corner(tile, 2 if view["cells"][to].get("upper") is not None else 1))
            ev.add(pearl)
    dwg.add(ev)
    # the coordinates over the arrows, each with a halo of the sea around it: an arrow passes under, never over
    dwg.add(coords)
    # the teacher's chips' star numbers, over the arrows too (an arrow coming from the lower left ends on them)
    peeks = dwg.g(class_="peek-stars", fill="#7a4a0c", font_weight="bold", stroke=LOWER_FILL, stroke_width=2,
                  paint_order="stroke")
    for i, cell in enumerate(view["cells"]):
        if _peek_shown(cell, teacher) and _peek_stars(cell["lower"]):
            x, y, _w_, _h = cell_box(g, i)
            size = _peek_size(k, g.P)
            peeks.add(dwg.text(_peek_stars(cell["lower"]), insert=(round(x + (PEEK_AT[0] + 17) * k, 1),
                               round(y + (PEEK_AT[1] + 8) * k + size * 0.36, 1)), font_size=size))
    if peeks.elements:
        dwg.add(peeks)
    told = dwg.g(class_="event words")
    placed = _place_words(view, g, words, arrows) if words else []
    if g.name != "phone" and arrows:
        # a word with no place clear of the moves' arrows (three moves through two turned-up cells, a bot's round)
        # becomes the phone's sign, which fits beside an arrow inside its cell; the legend then says what it means
        shafts = [(("seg", a.start, a.tip, a.stroke), 1.0) for a in arrows]
        crossing = {i for i, word, size, cx, cy in placed
                    if _cost(_pill_box(word, size, cx, cy), shafts) > 0}
        if crossing:
            words = [(i, PHONE_MARK["turned" if i in marks["turned"] else "taken"] if i in crossing else word, size)
                     for i, word, size in words]
            placed = _place_words(view, g, words, arrows)
    signs = False
    for i, word, size, cx, cy in placed:
        pill = _pill(dwg, word, cx, cy, size, g)
        S.data(pill, marks=f"cell:{i}")
        if word in PHONE_MARK.values():     # what the marker stands for, for a tooltip and a screen reader
            pill.set_desc(title=_w("turned" if word == PHONE_MARK["turned"] else "taken", lang))
            signs = True
        told.add(pill)

    for seat in view["seats"]:
        # a start tile still to be laid, its places offered: the slots say where it may go ("1?" in the middle one
        # hid that slot's name, C5, a reader of wave 19)
        if not seat.get("placed", True) and any(key.startswith(f"place:{seat['seat']}:") for key in offers):
            continue
        dwg.add(_start_tile(dwg, seat, hl, lang, g))
    # the highlighted card's movement, over the tiles and under the pawns ("hide:preview": a task or a drill asks
    # where it goes, so only the card is ringed)
    for key in sorted(hl):
        if key.startswith("card:") and "hide:preview" not in hl:
            card_id = key[5:]
            if card_id in view.get("destinations", {}) or any(
                    card_id in {c["id"] for c in (s.get("hand") or [])} for s in view["seats"]):
                seat = view["seats"][view["turn"]]
                owner = [s for s in view["seats"] if card_id in {c["id"] for c in (s.get("hand") or [])}]
                dwg.add(_moves(dwg, view, card_id, owner[0] if owner else seat, g))
    for seat in view["seats"]:
        if seat.get("pawn") is not None:
            dwg.add(_pawn(dwg, seat["seat"], *centre(g, *seat["pawn"]), r=14 * k))
    for key in sorted(hl):
        if key.startswith("cell:") and key[5:].isdigit() and int(key[5:]) < N * N:
            x, y, w, h = cell_box(g, int(key[5:]))
            dwg.add(S.ring(dwg, x, y, w, h, pad=1, radius=6, target=key))     # clear of the next row's badges
    if words:
        dwg.add(told)
    choices = _choices(dwg, view, offers, lang, g) if offers else None
    if choices is not None:
        dwg.add(choices)

    pg = g.panels
    dwg.add(_deck_box(dwg, sp, view, lang, pg, boxes["deck"]))
    for el in _battle_box(dwg, sp, view, lang, marks, pg, boxes):
        dwg.add(el)
    dwg.add(_legend(dwg, lang, pg, boxes["legend"], signs))
    for seat in view["seats"]:
        dwg.add(_seat_panel(dwg, sp, view, seat, lang, hl, marks, offers, pg, boxes[f"seat:{seat['seat']}"]))
    return _finish(dwg, lang, sp)


# --------------------------------------------------------------------------- the shells picture

SHELL_W, SHELL_H, TILE = 244, 112, 40


class ShellGeo(NamedTuple):
    """How a layout draws the shells picture: its width, scale, shells per row, a shell's size, a tile's size."""
    width: float
    k: float
    per_row: int
    shell_w: float
    shell_h: float
    tile: float
    P: float
    head: float          # the top of the first row of shells


SHELL_GEO = {
    "phone": ShellGeo(360, 1.0, 1, 344, 112, 44, 9.5, 62),        # one shell a row, tiles big enough to tap
    "laptop": ShellGeo(760, 1.0, 3, SHELL_W, SHELL_H, TILE, 9, 40),
    "projector": ShellGeo(1600, 1.6, 4, 384, 179, 64, PROJECTOR_P, 64),
}


def render_shells(fragments: Iterable[str], lang: str = "en", choosable: Optional[Mapping[str, Any]] = None,
                  layout: str | None = None, groups: Optional[Sequence[Sequence[str]]] = None,
                  bonus: int = 0, rings: AbstractSet[str] = frozenset(), total: bool = True) -> str:
    """A player's fragments laid out as the best assembly of shells: each shell's kind, stars, bonuses
    and points; fragments in no whole shell greyed as scoring nothing; the total (with `bonus`, the bonus
    token added to it). `groups`: show the shells grouped so (the rulebook's picture) when that scores as
    much as the best. `choosable` ({"tile:<id>": choice id or Offer}) makes those fragments clickable. `layout`
    as for `render` (None: the laptop's): the phone draws one shell a row, the projector bigger. `rings`: highlight
    "shell:<k>" (the k-th shell, from 1) and "total". Without `total` the heading counts the shells and names the
    token but leaves the sum to the reader (a worked example asks for it before its last step gives it), and a shell's
    own sum and points are printed only up to the highest "shell:<k>" ringed."""
    name = S.layout_of(layout).name
    sg = SHELL_GEO[name]
    k, W, T = sg.k, sg.width, sg.tile

    def f(size: float) -> float:
        return max(round(size * k, 1), sg.P)

    offers = S.offers(choosable)
    placed: list[tuple[str, float, float]] = []     # (tile id, x, y) of every fragment drawn, for the hit areas
    ids = [fr if isinstance(fr, str) else fr["id"] for fr in (fragments or [])]
    tiles = {t: _tile_dict(t) for t in ids}
    assembly = arranged(ids, groups)
    summed = total
    # a worked example that leaves the sum to the reader (no `total`) tells a shell's sum and points from the step
    # that rings it on, not before: its first frame printed 9, 11 and 14 under "add it up yourself" (reader TN)
    told_upto = max((int(r[6:]) for r in rings if r.startswith("shell:") and r[6:].isdigit()), default=0)
    points = assembly.points
    shells = assembly.shells
    rows = -(-len(shells) // sg.per_row)
    unused = [t for t in assembly.unused] + [t for t in ids if C.tile(t).coral]
    left_label = name == "phone"      # a phone prints the leftovers' count above them, not beside
    unused_h = (T + 40) if left_label else 64 * k
    height = sg.head + 4 * k + max(rows, 1) * (sg.shell_h + 8 * k) + (unused_h + 8 * k if unused else 0) + 8 * k
    title = _n("s.with_token", points + bonus, lang, shells=points, bonus=bonus) if bonus else _n("s.title", points, lang)
    if not summed:
        title = _n("s.count_token", len(shells), lang, bonus=bonus)
    desc = _n("s.desc", points, lang, frags=len(ids), k=len(shells), u=len(unused)) if summed else title
    lines = [desc]
    for sh in (shells if summed else shells[:told_upto]):
        lines.append(_w("s.shell", lang, kind=_w(f"s.{sh.kind}", lang).capitalize(), stars=sh.stars, bonus=sh.bonus,
                        points=sh.points))
    dwg = S.drawing(W, round(height, 1), title=title, desc="\n".join(lines), label="aqua-fest-shells")
    dwg["data-layout"] = name
    dwg["style"] = f"--tutor-min-height: {math.ceil(height * S.DESK_LABEL_PX / sg.P)}px"
    S.data(dwg, points=points, shells=len(shells), total=points + bonus)
    if offers:
        S.interactive(dwg)
    dwg.add(dwg.rect(insert=(0, 0), size=(W, round(height, 1)), fill="#f7f3e8"))
    words = _n("s.with_token", points + bonus, lang, shells=points, bonus=bonus) if bonus else _n("s.total", points, lang)
    if not summed:
        words = _n("s.count_token", len(shells), lang, bonus=bonus)
    head = min(f(17), (W - 32 * k) / em(words, True))      # a long total on a phone: smaller, never past the edge
    tot = S.label(dwg, words, 12 * k, 26 * k, size=round(head, 1), weight="bold", cls="total")
    S.data(tot, points=points)
    dwg.add(tot)
    if "total" in rings:
        tw = em(words, True) * head
        dwg.add(S.ring(dwg, 12 * k - 2, 26 * k - head, tw + 4, head * 1.35, pad=4, radius=6, target="total"))
    counts = {kind: sum(1 for s in shells if s.kind == kind) for kind in ("unique", "rare", "ordinary")}
    summary = " · ".join(f"{n} × {_w(f's.{kind}', lang)}" for kind, n in counts.items() if n)
    where: tuple[float, float]
    if left_label:
        where, anchor = (12.0, 48.0), "start"
    else:
        where, anchor = (W - 12 * k, 26 * k), "end"
    dwg.add(S.label(dwg, summary or (_w("s.none", lang) if not ids else _w("s.no_shell", lang)), *where, size=f(11),
                    anchor=anchor, fill=S.MUTED))
    for j, sh in enumerate(shells):
        x = 10 * k + (j % sg.per_row) * (sg.shell_w + 6 * k)
        y = sg.head + (j // sg.per_row) * (sg.shell_h + 8 * k)
        fill, ink = KIND_STYLE[sh.kind]
        g = dwg.g(class_="shell")
        S.data(g, kind=sh.kind, stars=sh.stars, bonus=sh.bonus, points=sh.points)
        g.add(dwg.rect(insert=(round(x, 1), round(y, 1)), size=(round(sg.shell_w, 1), round(sg.shell_h, 1)), rx=10,
                       ry=10, fill=fill, stroke=ink, stroke_width=2))
        # uppers on top, the lower-left and lower-right below: as the pieces fit in the shell
        order = drawn_order(sh.fragments)
        for i, t in enumerate(order):
            tx, ty = x + 10 * k + (i % 2) * (T + 3 * k), y + 12 * k + (i // 2) * (T + 3 * k)
            g.add(_tile_face(dwg, tiles[t], round(tx, 1), round(ty, 1), T, lang, layer=None, cls="tile", P=sg.P))
            placed.append((t, tx, ty))
        tx = x + 10 * k + 2 * (T + 3 * k) + 10 * k
        g.add(S.label(dwg, _w(f"s.{sh.kind}", lang), tx, y + 24 * k, size=f(14), weight="bold", fill=ink, cls="kind"))
        # in the order the tiles are drawn, left to right and top to bottom: summed in the rulebook's order, a teacher
        # pointing at the tiles met other numbers (a reader)
        stars = " + ".join(str(C.tile(t).stars) for t in order)
        told = summed or j < told_upto
        g.add(S.label(dwg, f"★ {stars} = {sh.stars}" if told else f"★ {stars}", tx, y + 44 * k, size=f(11)))
        yy = y + 60 * k
        if sh.kind in ("rare", "unique"):
            g.add(S.label(dwg, _w("s.shape", lang), tx, yy, size=f(10.5), fill=ink))
            yy += 15 * k
        if sh.kind == "unique":
            g.add(S.label(dwg, _w("s.pearl", lang), tx, yy, size=f(10.5), fill=ink))
        if told:
            g.add(S.label(dwg, _n("s.points", sh.points, lang), x + sg.shell_w - 10 * k, y + sg.shell_h - 10 * k,
                          size=f(14), anchor="end", weight="bold", cls="points"))
        dwg.add(g)
        if f"shell:{j + 1}" in rings:
            dwg.add(S.ring(dwg, x, y, sg.shell_w, sg.shell_h, pad=3, radius=12, target=f"shell:{j + 1}"))
    if unused:
        y = sg.head + 4 * k + max(rows, 1) * (sg.shell_h + 8 * k)
        g = dwg.g(class_="unused", opacity=0.55)
        S.data(g, count=len(unused))
        g.add(dwg.rect(insert=(10 * k, round(y, 1)), size=(round(W - 20 * k, 1), round(unused_h, 1)), rx=10, ry=10,
                       fill="#e4e7eb", stroke="#9aa5b1", stroke_dasharray="5 4"))
        words = f"{len(unused)} × {_w('s.unused', lang)}"
        if left_label:
            g.add(S.label(dwg, words, 20, y + 20, size=f(13), weight="bold", fill=S.MUTED))
            top, room = y + 30, W - 40 - T
        else:
            g.add(S.label(dwg, words, W - 20 * k, y + 38 * k, size=f(13), anchor="end", weight="bold", fill=S.MUTED))
            top, room = y + 12 * k, 500 * k
        gap = min(T + 3 * k, room / max(len(unused), 1))
        for i, t in enumerate(unused):
            g.add(_tile_face(dwg, tiles[t], 20 * k + i * gap, top, T, lang, layer=None, cls="tile leftover", P=sg.P))
            placed.append((t, 20 * k + i * gap, top))
        dwg.add(g)
    hits = [(t, hx, hy) for t, hx, hy in placed if f"tile:{t}" in offers]
    if hits:
        layer = dwg.g(class_="choices")
        for t, hx, hy in hits:
            layer.add(S.choice(dwg, f"tile:{t}", offers[f"tile:{t}"], hx - 1.5, hy - 1.5, T + 3, T + 3, radius=6,
                               label=tile_name(t, lang)))
        dwg.add(layer)
    return _finish(dwg, lang)


def _tile_dict(tile_id: str) -> dict[str, Any]:
    t = C.tile(tile_id)
    if t.coral:
        return {"id": t.id, "coral": True}
    return {"id": t.id, "coral": False, "kind": t.kind, "stars": t.stars, "colour": t.colour}
