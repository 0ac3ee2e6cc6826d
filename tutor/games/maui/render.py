"""Мяури SVG: a pure function from a view dict (what one player may see) to SVG text.

    svg = render(maui.view(state, 1), highlight=["cell:deep", "seat:2"], lang="ru", events=events)
    svg = render(view, layout="phone")        # laid out for a phone: "phone", "laptop" (the default), "projector"

Everything drawn comes from the view, so a hidden card cannot leak: the view never holds its id.
Each visible card element carries `data-card="<id>"`. Colour is never the only cue: seats carry numbers, catch
kinds carry a shape, Kiti's hands carry letters, highlights are thick dashed rings.

Layouts (tutor.core.svg.LAYOUTS, issue #24) arrange the same pieces for the width the board is drawn at:

- laptop (760 units wide, at most 520 tall) and projector (1,600 wide, at most 820 tall, bigger print): the table
  seen from above. Seats sit clockwise round it with Player 1 at the bottom; the lagoon is in the middle; Kiti
  stands on the rim between the seat her right hand points to and the next seat clockwise.
- phone (360 wide, as tall as it needs): what a learner must see at once comes first, one under another: the
  lagoon with its three catch cards, Kiti with the two players her hands point to, your own seat with your hand
  (cards big enough to tap), then the other seats two to a row, clockwise from you.

`highlight` (lesson pointers): "cell:<depth>", "seat:<0-based seat>", "kiti", "kiti:right",
"kiti:left", "kiti:step" (her step after a round: drawn full where she goes, pointed at), "card:<id>", "deck",
"hands:shut" (every hand drawn as its count, the viewer's too: a question the hands play no part in). `events` (the
last action's events) mark what just happened.

`choosable` ({"card:<dive card id>": choice id or tutor.core.svg.Offer}, from a widget) lays a focusable
button (`data-choice`) over each named dive card in a hand; nothing else changes, and without it the
drawing is exactly the same.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import AbstractSet, Any, Iterable, Mapping, Optional, Sequence, Union

from tutor.core import svg as S
from tutor.core.cardtable import em
from tutor.core.i18n import player_name, plural, text
from tutor.games.maui import components as C
from tutor.games.maui.text import depth_name, kind_name

View = dict[str, Any]        # a view (tutor.games.maui.view), a seat of it, a card of it
Box = tuple[float, float, float, float]     # x, y, width, height
El = S.SvgElement            # an element of the drawing
Marks = dict[str, Any]       # what the last events mark (_marks)

HAND_PITCH = 24          # the widest a hand's chip (and its click target) gets on a table: about 32 px on a laptop
KITI_RING = 35           # radius (at print 9) of the highlight ring round Kiti; her name is written outside it
KITI_ARM = 36            # how far (at print 9) her hands reach from her shoulders
# a phone's Kiti stands on a small seating ring (issue #32): a figure at this share of a table's, the ring round her
# passing inside her lettered hands, her arms at most this long (shorter when a neighbour's disc is near)
PHONE_KITI_SCALE, PHONE_KITI_RING, PHONE_KITI_ARM = 0.45, 15, 32

RED, BLUE = "#d62828", "#1d4ed8"   # Kiti's bracelets
WATER = {"shallow": "#a8dadc", "middle": "#4f9dc4", "deep": "#1d4e89"}
WATER_INK = {"shallow": S.INK, "middle": "#ffffff", "deep": "#ffffff"}

# kind -> (card fill, border/ink colour)
KIND_STYLE = {
    "catfish": ("#f4e6d4", "#8a5a2b"),
    "tiger": ("#ffe5c2", "#c2570c"),
    "tuna": ("#dce8f6", "#1f3f6e"),
    "lantern": ("#fff4c2", "#5b4b8a"),
    "jellyfish": ("#f7e1ff", "#8e3bb0"),
    "seagull": ("#eceff1", "#37474f"),
}


def _w(key: str, lang: str, **params: Any) -> str:
    """A board word from the game's catalogue (maui.board.*)."""
    return text(f"maui.board.{key}", lang, **params)


def _n(key: str, n: int, lang: str, **params: Any) -> str:
    """A counted board phrase from the game's catalogue: «стопка из 1 карты», «стопка из 5 карт»."""
    return plural(f"maui.board.{key}", n, lang, **params)


def _colour_name(seat: int, lang: str) -> str:
    return _w(f"colour.{C.SEAT_COLOUR_NAMES[seat]}", lang)


def _value_text(value: int) -> str:
    return f"\u2212{-value}" if value < 0 else str(value)


def _card_text(card: View, lang: str) -> str:
    if card.get("hidden"):
        return _w("face_down", lang)
    name = kind_name(card["kind"], lang)
    return name if card["kind"] == "seagull" else f"{name} ({_value_text(card['value'])})"


def _r(v: float) -> float:
    return round(v, 1)


# --------------------------------------------------------------------------- geometry
#
# A seat panel, in units at print 9 (a table layout multiplies them by its scale `u`):
#   name row 27 · hand row (20, or rows of tappable cards on a phone) · column heads 13 · cards 38 + 6
#   · the catch pile strip (PILE_H) when the view shows the pile · on a phone, the used cards' row (16)

NAME_H, HAND_H, HEADS_H, CARDS_H, PILE_H = 27, 20, 13, 44, 22
TABLE_FOOT = 6         # on a table, under the pile strip: room for the event word on the panel's foot
PHONE_GAP = 16          # between a phone's panels: room for one's event badge and the next one's "choosing…"
# a phone's seating ring: the table as a stadium (two half circles of RING_R joined by straight sides) from
# RING_X0 to RING_X1, the seats' numbered discs (RING_DISC wide) round its rim clockwise from Player 1 at the bottom,
# and Kiti on the rim between the two seats her hands point to; its row is RING_ROW tall
RING_ROW, RING_R, RING_X0, RING_X1, RING_DISC = 128, 42, 30, 330, 26
# a projector's table for up to CORNER_PLAYERS: its scale (print 9 designed at 9 units) and height (units)
CORNER_PLAYERS, CORNER_U, CORNER_H = 4, 2.0, 716
# ... and its smallest print: the column heads and the hand's 10-12 were 18 px (a projector reader of wave 18)
CORNER_PRINT = 18.0
BIG_CARD_H = 56          # a phone hand's card cell: wider and taller than the layout's smallest tap target
STRIP_ROW_H = 26         # a row of a phone's two-row hand strip (_strip_rows)


USED_ROW_SIZE = 10.0       # a phone's row of used dive cards, its print


@lru_cache(maxsize=None)
def _used_label_em() -> float:
    """The widest of the languages' "dive cards used:" labels, in ems: a panel's height is laid out before its words."""
    from tutor.core.i18n import LANGS
    return max(em(_w("used_row", lang) + " ", True) for lang in LANGS)


def _used_rows(discards: Sequence[View], w: float) -> list[list[View]]:
    """A phone panel's used dive cards in lines that fit `w` (less its margins): after the label when all fit
    there, else the label alone and the values on the lines under it (the label is written before line 0)."""
    room = (w - 16) / USED_ROW_SIZE
    widths = [em(f"{card['value']} ", False) for card in discards]
    if _used_label_em() + sum(widths) <= room:
        return [list(discards)]
    rows: list[list[View]] = [[], []]
    used = 0.0
    for card, width in zip(discards, widths):
        if used + width > room and rows[-1]:
            rows.append([])
            used = 0.0
        rows[-1].append(card)
        used += width
    return rows


class _Geo:
    """Where things go on one board of one layout."""

    phone = False
    corners = False
    u = 1.0

    def __init__(self, layout: str) -> None:
        self.spec = S.layout_of(layout)
        self.name = self.spec.name
        self.W = self.spec.width

    def fs(self, size: float) -> float:
        """A print size designed at 9-unit print, in this layout: scaled, and never under its smallest print
        (tutor.core.svg.print_floor: the panels' strips were 13.6 px on a projector)."""
        return _r(max(size * self.u, CORNER_PRINT if self.corners else S.print_floor(self.spec, tight=True)))

    # a seat panel's inner geometry (relative to its top)
    def big_hand(self, s: int) -> bool:
        return False

    def panel(self, seat: View, big: bool, w: float) -> dict[str, Any]:
        u = self.u
        hand = seat.get("hand") or []
        hand_h: float
        if big:
            cols = 6 if w >= 300 else 3
            rows = max(1, math.ceil(len(hand) / cols))
            hand_h = rows * BIG_CARD_H + 6
        else:
            rows = _strip_rows(self.phone, len(hand))
            cols, hand_h = 0, (HAND_H if rows == 1 else STRIP_ROW_H * rows) * u
        by = NAME_H * u + hand_h + HEADS_H * u
        h = by + CARDS_H * u
        pile = _pile_shown(seat)
        if pile:
            h += (PILE_H + 2 if self.phone else PILE_H + TABLE_FOOT) * u
            if self.phone and not seat.get("discards"):
                # room under the chips' values for the event's pill on the panel's edge ("caught · seagull!" lay over
                # them at a game's end, a reader of wave 18); a used-cards row under them has its own
                h += 8
        discards_row = self.phone and bool(seat.get("discards"))
        if discards_row:
            # (and, under the others' panels, room for the event's pill on the panel's edge: "caught" sat on "dive cards
            # used", a reader; the viewer's own panel keeps the first screen's room, its row ends at the text's right)
            h += 16 + 12 * (len(_used_rows(seat["discards"], w)) - 1) + (0 if big else 8)
        return {"hy": NAME_H * u, "hand_h": hand_h, "cols": cols, "by": by, "h": h, "pile": pile,
                "discards_row": discards_row}


class _Table(_Geo):
    """The table seen from above (laptop, projector): seats round a rounded rectangle, the lagoon in the middle."""

    def __init__(self, layout: str, players: int) -> None:
        super().__init__(layout)
        # a projector's table for three or four: the seats in the corners (none above or below the lagoon), so
        # everything is drawn bigger and the board is wide enough to fill a projected column (issue #36: its
        # print was 16 units, about 16 px on a 1,920-px screen, the boards' smallest of the five games)
        self.corners = self.name == "projector" and players <= CORNER_PLAYERS
        u = self.u = CORNER_U if self.corners else self.spec.min_print / 9
        self.players = players
        self.H: float = CORNER_H if self.corners else self.spec.max_height or self.W
        # (in the corners, a taller foot: the cards back in the box go in it, beside their count, leaving the
        # middle's top and bottom to Kiti when she stands between two seats there)
        self.header, self.foot = 32 * u, (30 if self.corners else 18) * u
        self.CX = self.W / 2
        half = (self.H - self.foot - self.header) / 2
        self.CY = self.header + half
        self.seat_w = (172 if self.corners else 180) * u
        self.panel_h = (NAME_H + HAND_H + HEADS_H + CARDS_H + PILE_H + TABLE_FOOT) * u     # the tallest panel
        self.RY = half - self.panel_h / 2 - 4 * u
        self.RX = self.W / 2 - self.seat_w / 2 - 6 * u
        # (in the corners narrower, for Kiti between two seats on one side, and lower, for her above or below it)
        self.lagoon_w, self.cell_h = (256 if self.corners else 276) * u, (56 if self.corners else 60) * u
        self.card_w, self.card_h = 122 * u, (48 if self.corners else 52) * u
        # the teacher's row of cards back in the box: bottom left, under the panels, left of Player 1's, going on
        # right of Player 1's when it is full; 12 units off the panel, clear of a ring round it
        self.box = (8 * u, self.H - self.foot - 24 * u, self.CX - self.seat_w / 2 - 20 * u, 22 * u)
        self.box_right = (self.CX + self.seat_w / 2 + 12 * u,) + self.box[1:]
        if self.corners:    # in the foot, after the count (render moves it past the count's words)
            self.box = (8 * u, self.H - self.foot + 3 * u, self.W / 2 - 8 * u, 22 * u)
            self.box_right = (self.W / 2 + 6 * u,) + self.box[1:]
        self._kiti: dict[tuple[int, tuple[tuple[float, float, float, float], ...]], tuple[float, float]] = {}

    def seat_centre(self, seat: int) -> tuple[float, float]:
        """Seat 0 at the bottom; the others follow clockwise on screen (y grows downwards). In the corners
        (`corners`): seat 0 bottom left, on clockwise round the corners (three players: the third on the right)."""
        if self.corners:
            half_w, half_h = self.seat_w / 2 + 8 * self.u, self.panel_h / 2 + 6 * self.u
            left, right = half_w, self.W - half_w
            top, bottom = self.header + half_h, self.H - self.foot - half_h
            spots = [(left, bottom), (left, top), (right, top), (right, bottom)] if self.players == 4 else \
                [(left, bottom), (left, top), (right, self.CY)]
            return spots[seat]
        a = math.radians(90 + 360 * seat / self.players)
        c, s = math.cos(a), math.sin(a)
        # a superellipse (exponent 5) pushes corner seats outwards, clear of the lagoon in the middle
        x = self.CX + self.RX * math.copysign(abs(c) ** 0.4, c)
        y = self.CY + self.RY * math.copysign(abs(s) ** 0.4, s)
        return x, y

    def seat_box(self, s: int, view: View) -> Box:
        x, y = self.seat_centre(s)
        h = self.panel(view["seats"][s], False, self.seat_w)["h"]
        if self.corners and y != self.CY:     # a corner's panel keeps to its edge of the board, however tall
            top = self.header + 6 * self.u if y < self.CY else self.H - self.foot - 6 * self.u - h
            return x - self.seat_w / 2, top, self.seat_w, h
        return x - self.seat_w / 2, y - h / 2, self.seat_w, h

    def lagoon_box(self) -> tuple[float, float, float, float]:
        h = self.cell_h * 3 + 12 * self.u
        return self.CX - self.lagoon_w / 2, self.CY - h / 2, self.lagoon_w, h

    def cell_box(self, index: int) -> tuple[float, float, float, float]:
        """Cell `index` (0 deep, 1 middle, 2 shallow): deep at the bottom, shallow on top."""
        x, y, w, _ = self.lagoon_box()
        row = 2 - index
        u = self.u
        return x + 6 * u, y + 6 * u + row * self.cell_h, w - 12 * u, self.cell_h - 2 * u

    def kiti_place(self, kiti: int, ghost: bool = False,
                   lines: Sequence[tuple[float, float, float, float]] = ()) -> tuple[float, float]:
        """On the rim between seat `kiti` and the next seat clockwise: along the line from the table's middle
        towards the gap between those two seats, at the point farthest from every seat panel and, when `lines`
        are given (the round's arrows, x0 y0 x1 y1), clear of them where it can be."""
        key = (kiti, tuple(lines))
        if key in self._kiti:
            return self._kiti[key]
        u, CX, CY = self.u, self.CX, self.CY
        ax, ay = self.seat_centre(kiti)
        bx, by = self.seat_centre((kiti + 1) % self.players)
        dx, dy = (ax + bx) / 2 - CX, (ay + by) / 2 - CY
        d = math.hypot(dx, dy) or 1.0
        ux, uy = dx / d, dy / d
        _, _, w, h = self.lagoon_box()
        t0 = min((w / 2 + 30 * u) / abs(ux) if ux else math.inf, (h / 2 + 30 * u) / abs(uy) if uy else math.inf)
        obstacles = []
        for s in range(self.players):
            cx, cy = self.seat_centre(s)
            obstacles.append((cx - self.seat_w / 2, cy - self.panel_h / 2, cx + self.seat_w / 2,
                              cy + self.panel_h / 2))
        for bx0, by0, bw, bh in (self.box, self.box_right):
            obstacles.append((bx0, by0, bx0 + bw, by0 + bh))
        if self.corners:    # between a side's panels and the lagoon: in the middle, room for her words either side
            lx, ly, lw, lh = self.lagoon_box()
            obstacles.append((lx, ly, lx + lw, ly + lh))

        def gap(t: float) -> float:
            """How far the point `t` along her line lies from the nearest panel, box or (corners) the lagoon."""
            x, y = CX + ux * t, CY + uy * t
            return min(math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)) for x0, y0, x1, y1 in obstacles)

        def clearance(t: float) -> float:
            x, y = CX + ux * t, CY + uy * t
            # (in the corners her figure just fits between the lagoon and the header or the foot)
            top, foot = (30, 20) if self.corners else (48, 36)
            inside = 40 * u <= x <= self.W - 40 * u and self.header + top * u <= y <= self.H - self.foot - foot * u
            # an arrow through the figure hid her hands (a reader, projector): its room is the figure's, about 40u
            crossed = min((_to_segment(x, y, *line) for line in lines), default=math.inf) - 40 * u
            return (min(gap(t), crossed) if inside else -1) - t * 0.01   # prefer nearer the lagoon when equally clear

        ts = [t0 + 4 * u * i for i in range(24)]
        if self.corners:    # never on a panel, even to keep clear of an arrow: her figure is about 26u either side
            ts = [t for t in ts if gap(t) >= 30 * u] or ts[:1]
        best = max(ts, key=clearance)
        self._kiti[key] = CX + ux * best, CY + uy * best
        return self._kiti[key]

    def kiti_targets(self, kiti: int, view: View, ghost: bool = False) -> dict[str, Box]:
        n = self.players
        return {"right": self.seat_box(kiti, view), "left": self.seat_box((kiti + 1) % n, view)}


@lru_cache(maxsize=None)
def _table(layout: str, players: int) -> _Table:
    return _Table(layout, players)


class _Phone(_Geo):
    """A phone: the lagoon on top, Kiti under it, your seat, then the others two to a row."""

    phone = True

    def __init__(self, view: View, offers: Mapping[str, S.Offer]) -> None:
        super().__init__("phone")
        W = self.W
        self.header = 52.0
        self.lagoon_w, self.cell_h = W - 16, 64.0
        self.card_w, self.card_h = 132.0, 52.0
        n = view["players"]
        y = self.header + 6 + self.lagoon_box()[3] + 6
        # the seating ring with Kiti on it (and, faded, where she stood or goes next), under the lagoon
        self.ring_top = y
        self.players = view["players"]
        if view.get("kiti") is not None:
            y += RING_ROW
        self.seats_top = y
        self.view, self.offers = view, offers
        viewer = view.get("viewer")
        start = viewer if viewer is not None else 0
        order = [(start + i) % n for i in range(n)]
        self.big = {s for s in order if view["seats"][s].get("hand") and (
            s == viewer or any(f"card:{c['id']}" in offers for c in view["seats"][s]["hand"]))}
        self.order = [s for s in order if s in self.big] + [s for s in order if s not in self.big]

    def layout_seats(self, top: float) -> float:
        """Place the seat panels from `top` down (the tappable hands first, then the others two to a row); returns
        the bottom."""
        W, view = self.W, self.view
        self.boxes: dict[int, Box] = {}
        y = top
        half = (W - 24) / 2
        row: list[int] = []
        for s in self.order:
            seat = view["seats"][s]
            if s in self.big:
                h = self.panel(seat, True, W - 16)["h"]
                self.boxes[s] = (8.0, y, W - 16, h)
                y += h + PHONE_GAP
        for s in self.order:
            if s in self.big:
                continue
            row.append(s)
            if len(row) == 2:
                y = self._row(row, y, half)
                row = []
        if row:
            y = self._row(row, y, half)
        return y

    def _row(self, row: list[int], y: float, half: float) -> float:
        hs: list[float] = [self.panel(self.view["seats"][s], False, half)["h"] for s in row]
        for i, s in enumerate(row):
            self.boxes[s] = (8 + i * (half + 8), y, half, max(hs))
        return y + max(hs) + PHONE_GAP

    def big_hand(self, s: int) -> bool:
        return s in self.big

    def seat_box(self, s: int, view: View) -> Box:
        return self.boxes[s]

    def lagoon_box(self) -> tuple[float, float, float, float]:
        return 8.0, self.header + 6, self.lagoon_w, self.cell_h * 3 + 12

    def cell_box(self, index: int) -> tuple[float, float, float, float]:
        x, y, w, _ = self.lagoon_box()
        row = 2 - index
        return x + 6, y + 6 + row * self.cell_h, w - 12, self.cell_h - 2

    # the seating ring
    def ring_centre(self) -> tuple[float, float]:
        # nearer the row's top than its bottom: under it, a ring round Kiti on the rim clears the "choosing…"
        # badge on the first panel's edge
        return (RING_X0 + RING_X1) / 2, self.ring_top + RING_R + 16

    def ring_point(self, t: float) -> tuple[float, float, float, float]:
        """The rim at `t` seats round from Player 1's place (bottom middle), clockwise on screen as at a table
        seen from above: (x, y, and the outward normal there)."""
        cx, cy = self.ring_centre()
        r, straight = RING_R, (RING_X1 - RING_X0) - 2 * RING_R
        arc = math.pi * r
        s = (t / self.players % 1.0) * (2 * straight + 2 * arc)
        if s < straight / 2:                                  # the bottom side, going left
            return cx - s, cy + r, 0.0, 1.0
        s -= straight / 2
        if s < arc:                                           # the left end, going up
            a = math.pi / 2 + s / r
            return cx - straight / 2 + r * math.cos(a), cy + r * math.sin(a), math.cos(a), math.sin(a)
        s -= arc
        if s < straight:                                      # the top side, going right
            return cx - straight / 2 + s, cy - r, 0.0, -1.0
        s -= straight
        if s < arc:                                           # the right end, going down
            a = 3 * math.pi / 2 + s / r
            return cx + straight / 2 + r * math.cos(a), cy + r * math.sin(a), math.cos(a), math.sin(a)
        s -= arc
        return cx + straight / 2 - s, cy + r, 0.0, 1.0        # the bottom side again, back to the start

    def disc_box(self, seat: int) -> Box:
        x, y, _, _ = self.ring_point(seat)
        return x - RING_DISC / 2, y - RING_DISC / 2, float(RING_DISC), float(RING_DISC)

    def kiti_place(self, kiti: int, ghost: bool = False,
                   lines: Sequence[tuple[float, float, float, float]] = ()) -> tuple[float, float]:
        """On the rim halfway between the seat her right hand points to and the next seat clockwise (the round's
        arrows lie inside the lagoon's cells here: `lines` changes nothing)."""
        x, y, _, _ = self.ring_point(kiti + 0.5)
        return x, y

    def kiti_targets(self, kiti: int, view: View, ghost: bool = False) -> dict[str, Box]:
        """The two seats' discs on the ring."""
        return {"right": self.disc_box(kiti), "left": self.disc_box((kiti + 1) % self.players)}


Geo = Union[_Table, _Phone]      # a board's geometry: a table seen from above, or a phone's column

# the laptop table, as the tests and the lessons' pointers knew it
W = S.layout_of("laptop").width
H = S.layout_of("laptop").max_height
HEADER = _table("laptop", 4).header
CX, CY = _table("laptop", 4).CX, _table("laptop", 4).CY


def seat_centre(seat: int, players: int, layout: str = "laptop") -> tuple[float, float]:
    return _table(layout, players).seat_centre(seat)


def kiti_place(kiti: int, players: int, layout: str = "laptop") -> tuple[float, float]:
    return _table(layout, players).kiti_place(kiti)


def lagoon_box(layout: str = "laptop", players: int = 3) -> tuple[float, float, float, float]:
    return _table(layout, players).lagoon_box()


def cell_box(index: int, layout: str = "laptop", players: int = 3) -> tuple[float, float, float, float]:
    return _table(layout, players).cell_box(index)


def _seat_box(seat: int, view: View, layout: str = "laptop") -> Box:
    return _table(layout, view["players"]).seat_box(seat, view)


def _pile_shown(seat: View) -> bool:
    return bool(seat.get("pile")) or bool(seat.get("discards"))


# --------------------------------------------------------------------------- defs (built once)

def _fish(dwg: S.Drawing, sym: El, body: str, *, tail: str | None = None, eye: tuple[float, float] = (29, 18)) -> None:
    sym.add(dwg.polygon([(9, 20), (2, 12), (2, 28)], fill=tail or body, stroke=S.INK, stroke_width=1))
    sym.add(dwg.ellipse(center=(21, 20), r=(13, 8), fill=body, stroke=S.INK, stroke_width=1))
    sym.add(dwg.circle(center=eye, r=1.8, fill="#ffffff", stroke=S.INK, stroke_width=0.8))


@lru_cache(maxsize=None)
def _defs_xml(lang: str) -> str:
    """The shared <defs> content, serialised once: it is half of a board's elements. It holds no words (the
    column heads are printed in each panel, at the layout's print), so every language shares it."""
    return "".join(S.to_string(el) for el in _defs_elements())


def _defs_elements() -> tuple[El, ...]:
    """Kind symbols, card backs and the arrow marker: one copy each, reused via <use>."""
    dwg = S.new_drawing()
    out: list[El] = []

    def symbol(name: str) -> El:
        sym = dwg.symbol(id=f"maui-{name}")
        sym.viewbox(0, 0, 40, 40)
        sym["overflow"] = "visible"
        out.append(sym)
        return sym

    s = symbol("catfish")            # flat fish with whiskers
    _fish(dwg, s, "#a47148")
    for x2, y2 in ((39, 25), (38, 30), (39, 16)):
        s.add(dwg.line((33, 21), (x2, y2), stroke=S.INK, stroke_width=1.3))
    s = symbol("tiger")              # striped fish
    _fish(dwg, s, "#f28c28")
    for x in (15, 20, 25):
        s.add(dwg.line((x, 13), (x, 27), stroke="#2b1d0e", stroke_width=2.2))
    s = symbol("tuna")               # crowned fish
    _fish(dwg, s, "#2f5d91", tail="#2f5d91")
    s.add(dwg.polygon([(13, 12), (14, 4), (18, 8), (21, 2), (24, 8), (28, 4), (29, 12)],
                      fill="#f2c14e", stroke=S.INK, stroke_width=1))
    s = symbol("lantern")            # angler fish with a glowing lure
    s.add(dwg.polygon([(9, 22), (3, 15), (3, 29)], fill="#3d405b", stroke=S.INK, stroke_width=1))
    s.add(dwg.circle(center=(21, 23), r=11, fill="#3d405b", stroke=S.INK, stroke_width=1))
    s.add(dwg.path("M29,25 L33,23 L29,28 Z", fill="#ffffff"))
    s.add(dwg.path("M22,12 Q24,3 32,5", fill="none", stroke=S.INK, stroke_width=1.3))
    s.add(dwg.circle(center=(33, 6), r=4, fill="#ffd166", stroke=S.INK, stroke_width=1))
    s.add(dwg.circle(center=(25, 19), r=1.8, fill="#ffffff"))
    s = symbol("jellyfish")          # dome with tentacles
    for x in (12, 18, 24, 30):
        s.add(dwg.path(f"M{x},21 q-3,5 0,9 q3,4 0,8", fill="none", stroke="#8e3bb0", stroke_width=1.8))
    s.add(dwg.path("M6,22 Q20,-4 34,22 Z", fill="#c77dff", stroke=S.INK, stroke_width=1))
    s = symbol("seagull")            # bird in flight
    s.add(dwg.path("M3,17 Q11,7 20,19 Q29,7 37,17", fill="none", stroke=S.INK, stroke_width=4,
                   stroke_linecap="round", stroke_linejoin="round"))
    s.add(dwg.path("M3,17 Q11,7 20,19 Q29,7 37,17", fill="none", stroke="#ffffff", stroke_width=1.4,
                   stroke_linecap="round", stroke_linejoin="round"))
    s.add(dwg.polygon([(18, 19), (22, 19), (20, 25)], fill="#f4a259", stroke=S.INK, stroke_width=0.8))
    s = symbol("waves")              # the catch cards' back
    for y in (12, 20, 28):
        s.add(dwg.path(f"M4,{y} q4,-5 8,0 t8,0 t8,0 t8,0", fill="none", stroke="#bfe3e6", stroke_width=2))

    for seat, colour in enumerate(C.SEAT_COLOURS):     # numbered seat discs
        sym = symbol(f"seat{seat}")
        sym.viewbox(0, 0, 24, 24)
        sym.add(S.mark(dwg, 12, 12, 10.5, colour=colour, text=str(seat + 1), size=14))
    for kind, (fill, ink) in KIND_STYLE.items():     # tiny pile cards: colour, shape, border together
        sym = symbol(f"chip-{kind}")
        sym.viewbox(0, 0, 14, 20)
        # drawn to the box it is given: a phone's chips are wider than 14:20, as wide as their "−10"
        sym["preserveAspectRatio"] = "none"
        sym.add(dwg.rect(insert=(0.5, 0.5), size=(13, 19), rx=2, ry=2, fill=fill, stroke=ink, stroke_width=1))
        sym.add(dwg.use(f"#maui-{kind}", insert=(1, 1), size=(12, 12)))
    for n in C.DIVE_CARDS:           # dive card faces; the border takes the seat colour via `color`
        sym = symbol(f"n{n}")
        sym.viewbox(0, 0, 26, 36)
        sym.add(dwg.rect(insert=(1, 1), size=(24, 34), rx=3.5, ry=3.5, fill="#ffffff", stroke="currentColor",
                         stroke_width=2.2))
        # the number as large as the chip holds (a table's chips are 20 units wide on a projector: its "12" printed
        # at 11 px, a teacher measured; the hand's numbers are what the table is read for)
        sym.add(dwg.text(str(n), insert=(13, 25.3 if n < 10 else 24.4), font_size=20 if n < 10 else 17,
                         font_weight="bold", text_anchor="middle", fill=S.INK,
                         **({"textLength": 21, "lengthAdjust": "spacingAndGlyphs"} if n >= 10 else {})))
    marker = dwg.marker(id="maui-arrow", insert=(6, 5), size=(10, 10), orient="auto")
    marker["markerUnits"] = "strokeWidth"
    marker.add(dwg.path("M0,0 L10,5 L0,10 Z", fill=S.EVENT))
    out.append(marker)
    return tuple(out)




# --------------------------------------------------------------------------- pieces

def _catch_card(dwg: S.Drawing, geo: Geo, card: View, x: float, y: float, w: float, h: float, lang: str, *,
                cls: str = "card catch", covered: bool = False) -> El:
    """A catch card: face (kind symbol + value + name) or back (waves and "?"). A `covered` card (under the top
    card of a no-fights pile) shows only its edge: its words would lie under the top card's."""
    g = dwg.g(class_=cls)
    u = geo.u
    if card.get("hidden"):
        g.add(S.card(dwg, x, y, w, h, fill="#234e52", cls=None))
        S.data(g, face="down")
        if covered:
            return g
        g.add(dwg.use("#maui-waves", insert=(_r(x + 4 * u), _r(y + 2 * u)), size=(_r(w - 8 * u), _r(h - 4 * u))))
        g.add(S.label(dwg, "?", x + w / 2, y + h / 2 + h * 0.2, size=_r(h * 0.55), anchor="middle", weight="bold",
                      fill="#ffffff", stroke="#234e52", stroke_width=5, paint_order="stroke"))
        return g
    fill, ink = KIND_STYLE[card["kind"]]
    S.data(g, card=card["id"], kind=card["kind"], value=card["value"])
    dashed: dict[str, Any] = {"stroke_dasharray": "5 3"} if card.get("face_down") else {}
    g.add(S.card(dwg, x, y, w, h, fill=fill, stroke=ink, stroke_width=2 if not card.get("face_down") else 2.5,
                 cls=None, **dashed))
    if covered:
        return g
    if w >= 90:        # landscape card in the lagoon
        size = geo.fs(10)
        side = h - size - 8 * u
        g.add(dwg.use(f"#maui-{card['kind']}", insert=(_r(x + 4 * u), _r(y + 2 * u)), size=(_r(side), _r(side))))
        g.add(S.label(dwg, _value_text(card["value"]), x + w - 8 * u, y + side * 0.78, size=_r(side * 0.66),
                      anchor="end", weight="bold", fill=ink))
        g.add(S.label(dwg, kind_name(card["kind"], lang), x + w / 2, y + h - 5 * u, size=size, anchor="middle",
                      fill=S.INK))
    else:              # small card on a seat: symbol over value
        side = min(w - 4 * u, h * 0.6)
        g.add(dwg.use(f"#maui-{card['kind']}", insert=(_r(x + (w - side) / 2), _r(y + u)), size=(_r(side), _r(side))))
        g.add(S.label(dwg, _value_text(card["value"]), x + w / 2, y + h - 4 * u, size=_r(max(min(13 * u, h * 0.34),
                      geo.spec.min_print)), anchor="middle", weight="bold", fill=ink))
    return g


def _dive_card(dwg: S.Drawing, card: View | None, seat: int, x: float, y: float, w: float, h: float, *,
               size: Optional[float] = None, cls: str = "card dive") -> El:
    """A dive card in the seat's colour: face shows its number, back shows "?"; None is an empty slot."""
    colour = C.SEAT_COLOURS[seat]
    if card is None:
        return S.card(dwg, x, y, w, h, fill="none", stroke="#9aa5b1", stroke_width=1, cls="slot",
                      stroke_dasharray="3 3")
    g = dwg.g(class_=cls)
    if card.get("hidden"):
        size = size or _r(h * 0.5)
        g.add(S.card(dwg, x, y, w, h, fill=colour, stroke=S.INK, cls=None))
        g.add(S.label(dwg, "?", x + w / 2, y + h / 2 + size * 0.36, size=size,
                      anchor="middle", weight="bold", fill=S.contrast(colour)))
        S.data(g, face="down")
        return g
    use = dwg.use(f"#maui-n{card['value']}", insert=(_r(x), _r(y)), size=(_r(w), _r(h)), color=colour)
    use["class"] = cls
    S.data(use, card=card["id"], value=card["value"])
    return use


def _lagoon(dwg: S.Drawing, geo: Geo, view: View, lang: str, hl: AbstractSet[str], marks: Marks) -> El:
    """The three cells, shallow on top: each cell's name and rule on its left, its catch card on its right."""
    g = dwg.g(class_="lagoon")
    u = geo.u
    x, y, w, h = geo.lagoon_box()
    g.add(dwg.rect(insert=(_r(x), _r(y)), size=(_r(w), _r(h)), rx=_r(18 * u), ry=_r(18 * u), fill="#e9d8a6",
                   stroke="#b08d57", stroke_width=2))
    card_w, card_h = geo.card_w, geo.card_h
    # from the top (shallow) down: a cell's ring then lies under the badges on the top edge of the card below
    for index, cell in reversed(list(enumerate(view["lagoon"]))):
        badges = []
        depth = cell["depth"]
        cx, cy, cw, ch = geo.cell_box(index)
        cg = dwg.g(class_="cell")
        S.data(cg, depth=depth, count=len(cell["cards"]))
        cg.add(dwg.rect(insert=(_r(cx), _r(cy)), size=(_r(cw), _r(ch)), rx=_r(10 * u), ry=_r(10 * u),
                        fill=WATER[depth]))
        ink = WATER_INK[depth]
        room = cw - card_w - 21 * u - (24 * u if len(cell["cards"]) > 1 else 0)    # left of the card (and its pile)
        name = depth_name(depth, lang)
        cg.add(S.label(dwg, name, cx + 8 * u, cy + 18 * u, weight="bold", fill=ink,
                       size=max(geo.fs(10), min(geo.fs(12), _r(room / em(name, True) - 0.05)))))
        cg.add(S.label(dwg, _w(f"rule.{depth}", lang), cx + 8 * u, cy + 33 * u, size=geo.fs(9.5), fill=ink))
        cards = cell["cards"]
        left, top = cx + cw - card_w - 5 * u, cy + (ch - card_h) / 2
        if not cards:
            cg.add(S.card(dwg, left, top, card_w, card_h, fill="none", stroke=ink, stroke_dasharray="4 3",
                          cls="slot"))
            cg.add(S.label(dwg, _w("empty", lang), left + card_w / 2, top + card_h / 2 + 4 * u, size=geo.fs(11),
                           anchor="middle", fill=ink))
        else:
            # a no-fights pile: older cards peek out below-left, the newest lies on top
            n = len(cards)
            step = (6 if n <= 5 else 24 / (n - 1)) * u
            for j, card in enumerate(cards):
                off = (n - 1 - j) * step
                el = _catch_card(dwg, geo, card, left - off, top + off * 0.25, card_w, card_h, lang,
                                 cls="card catch" + (" under" if j < n - 1 else ""), covered=j < n - 1)
                cg.add(el)
            top_card = cards[-1]
            if n > 1:       # on the top card's corner: left of the pile it ran into the cell's name
                badges.append(S.badge(dwg, f"\u00d7{n}", left + 2 * u, top, fill=S.INK, size=geo.fs(11),
                                      cls="pile-count"))
                # what lies under the top card, said: the pile is the no-fights variant's point, and its older
                # cards only peeked out at the edge ("10 + 6 = 16", a reader could not find the 10)
                under = ", ".join(f"{kind_name(c['kind'], lang)} {_value_text(c['value'])}" for c in cards[:-1]
                                  if c.get("value") is not None)
                # (between the cell's rule and the "new" badge at its foot, where the cell is tall enough)
                if under and ch >= (74 if depth in marks["new"] else 54) * u:
                    words = f"{_w('cell_under', lang)} {under}"
                    # clear of the pile's older cards and their names, which spill past their edges
                    name_w = em(kind_name(top_card["kind"], lang), False) * geo.fs(10)     # the top card's name
                    space = min(left - (n - 1) * step - 16 * u, left + card_w / 2 - name_w / 2 - 6 * u) - (cx + 8 * u)
                    size = max(geo.fs(9), min(geo.fs(10.5), _r(space / em(words, False) - 0.05)))
                    # narrowed to the room left of the pile where the print cannot shrink further (squeezed past
                    # half its width, it is left out: the count on the pile still says there is more)
                    fit: dict[str, Any] = {"textLength": _r(space), "lengthAdjust": "spacingAndGlyphs"} \
                        if em(words, False) * size > space else {}
                    if em(words, False) * size <= 2 * space:
                        cg.add(S.label(dwg, words, cx + 8 * u, cy + 47 * u, fill=ink, cls="cell-under", size=size,
                                       **fit))
            if depth in marks["new"]:
                cg.add(S.badge(dwg, _w("new", lang), cx + 8 * u, cy + ch - 11 * u, anchor="start",
                               fill=S.EVENT, size=geo.fs(9), cls="event new"))
            for card in cards:
                if card.get("id") and f"card:{card['id']}" in hl:
                    cg.add(S.ring(dwg, left, top, card_w, card_h, target=f"card:{card['id']}", radius=8))
        if depth in marks["cells"]:
            cg.add(S.ring(dwg, cx, cy, cw, ch, kind="event", pad=1, radius=10, target=f"cell:{depth}"))
        if f"cell:{depth}" in hl:
            cg.add(S.ring(dwg, cx, cy, cw, ch, pad=3, radius=12, target=f"cell:{depth}"))
        if cards and cards[-1].get("face_down"):
            badges.append(S.badge(dwg, _w("face_down", lang), left + card_w / 2, top, fill="#234e52",
                                  size=geo.fs(9)))
        for badge in badges:        # over the cell's rings, which would cross their words
            cg.add(badge)
        g.add(cg)
    return g


@lru_cache(maxsize=None)
def _heads_xml(lang: str, layout: str, w: float) -> str:
    """A seat panel's column heads (dive, last, catch, used), `w` wide, their baseline at y=0: the same text
    in every panel of a board, serialised once."""
    geo = _Geo(layout)
    geo.u = S.layout_of(layout).min_print / 9 if layout != "phone" else 1.0
    u = geo.u
    dwg = S.new_drawing()
    # a phone's heads at its notes' print (at 9 px a reader could not read them at arm's length)
    heads = dwg.g(class_="heads", fill=S.MUTED, font_size=10.5 if layout == "phone" else geo.fs(9))
    for key, hx in (("dive", 22 * u), ("last", 58 * u), ("catch", 104 * u), ("used", w - 27 * u)):
        heads.add(dwg.text(_w(key, lang), insert=(_r(hx), 0), text_anchor="middle"))
    return S.to_string(heads)


def _this_round(view: View) -> bool:
    """Are the dive cards on the table this round's, turned up (the round being resolved, or just over and not dealt
    again)? Then a seat's revealed card is this round's, not the last round's."""
    return view.get("phase") in ("resolving", "round_over")


def _seat(dwg: S.Drawing, geo: Geo, view: View, s: int, lang: str, hl: AbstractSet[str], marks: Marks,
          offers: Mapping[str, S.Offer], splice: S.Splice) -> El:
    seat = view["seats"][s]
    x, y, w, h = geo.seat_box(s, view)
    big = geo.big_hand(s)
    p = geo.panel(seat, big, w)
    u = geo.u
    colour = C.SEAT_COLOURS[s]
    g = dwg.g(class_="seat")
    S.data(g, seat=s, colour=C.SEAT_COLOUR_NAMES[s])
    g.add(dwg.rect(insert=(_r(x), _r(y)), size=(_r(w), _r(h)), rx=_r(10 * u), ry=_r(10 * u), fill=S.PAPER,
                   stroke=colour, stroke_width=3))
    if view.get("viewer") == s:
        g.add(dwg.rect(insert=(_r(x + 3 * u), _r(y + 3 * u)), size=(_r(w - 6 * u), _r(h - 6 * u)), rx=_r(8 * u),
                       ry=_r(8 * u), fill="none", stroke=colour, stroke_width=1, stroke_dasharray="2 2"))
    # header: numbered colour disc, name, colour word, status
    g.add(dwg.use(f"#maui-seat{s}", insert=(_r(x + 3 * u), _r(y + 3 * u)), size=(_r(24 * u), _r(24 * u))))
    name = S.label(dwg, player_name(s, lang), x + 30 * u, y + 19 * u, size=geo.fs(13), weight="bold",
                   cls="seat-name")
    name.add(dwg.tspan(" " + _colour_name(s, lang), font_size=geo.fs(9.5), font_weight="normal", fill=S.MUTED))
    g.add(name)
    hy = y + p["hy"]
    if seat.get("hand") is not None:
        hand = seat["hand"]
        if big:      # a phone: rows of cards, each cell wider and taller than the smallest tap target
            cols = p["cols"]
            cw = (w - 14) / cols
            for i, card in enumerate(hand):
                left, top = x + 7 + (i % cols) * cw, hy + 2 + (i // cols) * BIG_CARD_H
                use = dwg.use(f"#maui-n{card['value']}", insert=(_r(left + 3), _r(top + 2)),
                              size=(_r(cw - 6), _r(BIG_CARD_H - 4)), color=colour)
                use["class"] = "card dive hand"
                use["data-card"] = card["id"]
                g.add(use)
                offer = offers.get(f"card:{card['id']}") if offers else None
                if offer is not None:
                    g.add(S.choice(dwg, f"card:{card['id']}", offer, _r(left + 0.5), _r(top), _r(cw - 1),
                                   BIG_CARD_H - 1, label=str(card["value"]), radius=5, ring=1.2))
        else:        # the chips share the panel's width, at most HAND_PITCH apart: a short hand, wide targets
            rows = _strip_rows(geo.phone, len(hand))
            per = math.ceil(len(hand) / rows)
            pitch = min(HAND_PITCH * u, (w - 12 * u) / max(1, per))
            # (two rows: each chip a third taller, as wide as its shape wants, 13 by 18)
            ch = 18 * u if rows == 1 else (STRIP_ROW_H - 2) * u
            cw = ch * 13 / 18
            for n, card in enumerate(hand):
                i, hy = n % per, y + p["hy"] + (n // per) * STRIP_ROW_H * u
                left = x + 7 * u + i * pitch
                use = dwg.use(f"#maui-n{card['value']}", insert=(_r(left + (pitch - cw) / 2), _r(hy)),
                              size=(_r(cw), _r(ch)), color=colour)
                use["class"] = "card dive hand"
                use["data-card"] = card["id"]
                g.add(use)
                offer = offers.get(f"card:{card['id']}") if offers else None
                if offer is not None:
                    g.add(S.choice(dwg, f"card:{card['id']}", offer, _r(left - 0.4), _r(hy - 0.6), _r(pitch - 0.2),
                                   _r(ch + 1.2), label=str(card["value"]), radius=2.5, ring=0.9))
        if not hand:
            g.add(S.label(dwg, _w("hand", lang, n=0), x + 8 * u, hy + 13 * u, size=geo.fs(10), fill=S.MUTED))
    else:
        for i in range(min(3, seat["hand_count"])):
            g.add(S.card(dwg, x + (8 + i * 3) * u, hy + (1 - i) * u, 12.5 * u, 17 * u, fill=colour, stroke=S.INK,
                         stroke_width=0.8, cls=None))
        g.add(S.label(dwg, _w("hand", lang, n=seat["hand_count"]), x + (32 if seat["hand_count"] else 8) * u,
                      hy + 13 * u, size=geo.fs(11), fill=S.INK, cls="hand-count"))
    # dive (this round: face down, or turned up while the round is resolved) · last (the round before) · catch pile · used
    by = y + p["by"]
    used_x = x + w - 27 * u
    heads = _heads_xml(lang, geo.name, _r(w))
    g.add(splice.slot(dwg, S.translated(x, by - 4 * u, heads)))
    chosen, revealed = seat.get("chosen"), seat.get("revealed")
    if _this_round(view) and chosen is None:
        # the cards just turned up are this round's: each lies where it was laid, under "dive" (drawn under "last", a
        # drill's question read as if about the round before), and "last" keeps the round before's card where it is
        # known (empty, the column read as broken: a reader, stop 60)
        chosen, revealed = revealed, seat.get("before")
        dive_cls = "card dive revealed"
    else:
        dive_cls = "card dive chosen"
    g.add(_dive_card(dwg, chosen, s, x + 8 * u, by, 28 * u, 38 * u, size=geo.fs(17), cls=dive_cls))
    if marks["turned"] and chosen is not None:
        # the cards just turned up: not ringed (the ring ran over the column's head), but named as what the step
        # changed, so that a table's film brings them above the words at a phone's foot (play.js; player 4's card
        # lay under them, a reader)
        focus = dwg.rect(insert=(_r(x + 8 * u), _r(by)), size=(_r(28 * u), _r(38 * u)), fill="none", stroke="none",
                         class_="tutor-focus")
        S.data(focus, target=f"dive:{s}")
        g.add(focus)
    g.add(_dive_card(dwg, revealed, s, x + 44 * u, by, 28 * u, 38 * u, size=geo.fs(16),
                     cls="card dive revealed"))
    top = seat.get("pile_top")
    if top:
        g.add(_catch_card(dwg, geo, top, x + 84 * u, by, 40 * u, 38 * u, lang, cls="card catch pile-top"))
        # (lower by what the projector's print grew: its top ran into the column's head, "catch")
        g.add(S.badge(dwg, f"\u00d7{seat['pile_count']}", x + 124 * u, by + 2 * u + 1.5 * (geo.fs(9) - 9 * u),
                      fill=S.INK, size=geo.fs(9), cls="pile-count"))
    else:
        g.add(S.card(dwg, x + 84 * u, by, 40 * u, 38 * u, fill="none", stroke="#9aa5b1", stroke_width=1, cls="slot",
                     stroke_dasharray="3 3"))
        g.add(S.label(dwg, "0", x + 104 * u, by + 24 * u, size=geo.fs(12), anchor="middle", fill=S.MUTED))
    g.add(S.label(dwg, seat.get("discard_count", 0), used_x, by + 26 * u, size=geo.fs(18), anchor="middle",
                  weight="bold", fill=S.MUTED, cls="used-count"))
    # the full pile (own seat, teacher, open baskets) and the used dive cards when visible
    if p["pile"]:
        py = by + CARDS_H * u - 2 * u
        # a phone's chips as wide as a "−10" at their print (at 16 units it ran over the card's edges, a reader)
        chip_w, chip_h = (27, 22) if geo.phone else (14 * u, 20 * u)
        pile = seat.get("pile") or []
        under = pile[:-1]
        size = 10.0 if geo.phone else geo.fs(9)      # what a seagull question asks about: not the least print
        discards = seat.get("discards") or []
        # on a phone the chips say what they are: the cards under the catch's top card (two readers took the bare
        # values under "dive" for something about the dive cards); a table's narrower panel keeps its room for them
        said = f"{_w('pile_under', lang)} " if under and geo.phone else ""
        lead = em(said, False) * size if said else 0.0
        # the newest chips that fit the panel, spaced so their values never run into each other (−10 −15); the
        # words only where they cost no chip (a phone's half-width panels have no room to spare)
        shown, xs = _chips_that_fit(under, chip_w, size, w - 14 * u, 8)
        if said and _chips_that_fit(under, chip_w, size, w - 14 * u - lead, 8)[0] < shown:
            # shorter words first (a bare row of chips under one panel beside a labelled one on the same board read
            # as nothing, a reader of wave 18), then none
            said = f"{_w('pile_under_short', lang)} "
            lead = em(said, False) * size
            if _chips_that_fit(under, chip_w, size, w - 14 * u - lead, 8)[0] < shown:
                said, lead = "", 0.0
        if said:
            g.add(S.label(dwg, said.strip(), x + 7 * u, py + chip_h - 4, size=size, fill=S.MUTED, cls="pile-under"))

        def chips_end(k: int) -> float:     # where the last of the newest k chips ends, a card's gap after it
            return lead + _chip_xs(under[len(under) - k:], chip_w, size)[-1] + chip_w + 1 if k else 0.0

        lines = _used_rows(discards, w) if p["discards_row"] else [discards]
        worded = False
        if discards and not p["discards_row"]:
            # on a table the used dive cards follow the chips, in one or two lines: fewer chips when they need
            # the room (the older ones keep their ids, drawn as thin edges)
            widths = [em(f"{c['value']} ", False) * size for c in discards]

            def fit(chips: int, spare: float) -> tuple[int, list[list[View]]]:
                while True:
                    room = w - (7 * u + chips_end(chips) + 5 * u if chips else 8 * u) - 4 * u - spare
                    first = 0
                    while first < len(discards) and sum(widths[:first + 1]) <= room:
                        first += 1
                    if sum(widths[first:]) <= room or chips == 0:
                        return chips, [discards[:first], discards[first:]]
                    chips -= 1

            # ... after their own word where it costs no chip, as on a phone: a bare "2" or "10" under a projected
            # panel read as nothing (a reader, stop 60)
            used_w = em(_w("used_row", lang) + " ", True) * size
            plain_shown, plain_lines = fit(shown, 0.0)
            worded_shown, worded_lines = fit(shown, used_w)
            worded = worded_shown == plain_shown and bool(worded_lines[0])
            shown, lines = (worded_shown, worded_lines) if worded else (plain_shown, plain_lines)
            xs = _chip_xs(under[len(under) - shown:], chip_w, size) if shown else []
        for i, card in enumerate(under[len(under) - shown:]):
            cx = x + 7 * u + lead + xs[i]
            chip = dwg.use(f"#maui-chip-{card['kind']}", insert=(_r(cx), _r(py)), size=(_r(chip_w), _r(chip_h)))
            chip["class"] = "card catch pile"
            S.data(chip, card=card["id"])
            g.add(chip)
            g.add(S.label(dwg, _value_text(card["value"]), cx + chip_w / 2, py + chip_h - 1, size=size,
                          anchor="middle", weight="bold", fill=KIND_STYLE[card["kind"]][1], stroke=S.PAPER,
                          stroke_width=2, paint_order="stroke"))
        for card in under[:len(under) - shown]:   # older cards still carry their ids, drawn as thin edges
            g.add(S.data(dwg.g(class_="card catch pile hidden-edge"), card=card["id"]))
        if p["discards_row"]:
            tx, ty = x + 8, py + chip_h + 14
        else:
            tx, ty = x + (7 * u + chips_end(shown) + 5 * u if shown else 8 * u), py + 14 * u
        lines = lines if p["discards_row"] else [line for line in lines if line]
        if len(lines) == 2 and not p["discards_row"]:
            ty = py + 9 * u
        for n, line in enumerate(lines):
            step = 12 if p["discards_row"] else 10.5 * u
            lx = tx
            # (a phone's row says it when its values all go on the lines under it: line 0 is then empty, and the
            # values stood bare, a reader of wave 18)
            if n == 0 and (line or p["discards_row"]) and (p["discards_row"] or worded):
                # the row says what the numbers are (a bare "3 6" under the panel read as nothing)
                label = _w("used_row", lang)
                g.add(S.label(dwg, label, tx, ty, size=size, weight="bold", fill=S.MUTED, cls="used-label"))
                lx += em(label + " ", True) * size
            words = dwg.text("", insert=(_r(lx), _r(ty + n * step)), font_size=size, fill=S.MUTED)
            words["class"] = "discards"
            for card in line:
                span = dwg.tspan(f"{card['value']} ")
                S.data(span, card=card["id"])
                words.add(span)
            g.add(words)
    tags = marks["seats"].get(s, set())
    if tags - {"nothing"}:     # coming up empty-handed gets a word, not a ring
        g.add(S.ring(dwg, x, y, w, h, kind="event", pad=2, radius=12, target=f"seat:{s}"))
    elif tags:
        # ... but is still what the step did to this panel: named so, unseen, for a phone's example to bring it above
        # its words (the player left empty lay under them while the round's lagoon was shown, a reader of wave 23)
        focus = dwg.rect(insert=(_r(x), _r(y)), size=(_r(w), _r(h)), fill="none", stroke="none", class_="tutor-focus")
        S.data(focus, target=f"seat:{s}")
        g.add(focus)
    if f"seat:{s}" in hl:
        g.add(S.ring(dwg, x, y, w, h, pad=6, radius=14, target=f"seat:{s}"))
    # last, so the rings round the panel (what just happened, what is pointed at) never cover its words
    words = [_w(t, lang) for t in ("caught", "won_tie", "tie", "seagull", "jellyfish", "nothing") if t in tags]
    if words:
        g.add(S.badge(dwg, " · ".join(words), x + w / 2, y + h, fill=S.EVENT if tags - {"nothing"} else S.MUTED,
                      size=geo.fs(9.5), cls="event " + " ".join(sorted(tags))))
    if s in view.get("to_move", ()) and not view.get("over"):
        word = "deciding" if view.get("phase") == "jellyfish" else "choosing"
        g.add(S.badge(dwg, _w(word, lang) + "\u2026", x + w - 8 * u, y, anchor="end", fill="#3e4c59",
                      size=geo.fs(9), cls="to-move"))
    return g


def _ring(dwg: S.Drawing, geo: "_Phone", view: View) -> El:
    """A phone's seating ring: the table seen from above as a stadium, the lagoon's water in its middle, and each
    seat's numbered disc round the rim clockwise from Player 1 at the bottom, so "nearer Kiti's right hand" can be
    read off the picture as on a table (issue #32)."""
    g = dwg.g(class_="seating")
    cx, cy = geo.ring_centre()
    r = RING_R
    g.add(dwg.rect(insert=(_r(RING_X0), _r(cy - r)), size=(_r(RING_X1 - RING_X0), _r(2 * r)), rx=r, ry=r,
                   fill="#d9c4a0", stroke="#b08d57", stroke_width=2))
    g.add(dwg.ellipse(center=(_r(cx), _r(cy)), r=(_r((RING_X1 - RING_X0) / 2 - r - 4), _r(r * 0.45)),
                      fill=WATER["middle"], stroke="#1d4e89", stroke_width=1, opacity=0.6))
    for s in range(view["players"]):
        x, y, w, h = geo.disc_box(s)
        disc = dwg.use(f"#maui-seat{s}", insert=(_r(x), _r(y)), size=(_r(w), _r(h)))
        disc["class"] = "ring-seat"
        S.data(disc, seat=s)
        g.add(disc)
    return g


def _kiti_step(dwg: S.Drawing, geo: "_Phone", came: int, goes: int) -> El:
    """On a phone's ring, her step after the round: a dashed arrow outside the rim from where she settled it to
    where she stands for the next round (past the disc of the seat between)."""
    n = geo.players
    start, end = came + 0.5, came + 0.5 + ((goes - came) % n or n)
    points = []
    steps = 16
    for i in range(steps + 1):
        t = start + (end - start) * (0.22 + 0.56 * i / steps)     # clear of both figures' hands
        x, y, nx, ny = geo.ring_point(t)
        points.append((_r(x + nx * 17), _r(y + ny * 17)))
    g = dwg.g(class_="kiti-step")
    S.data(g, came=came, goes=goes)
    g.add(dwg.polyline(points, fill="none", stroke=S.EVENT, stroke_width=2.5, stroke_dasharray="5 3"))
    (ax, ay), (bx, by) = points[-2], points[-1]          # a small head, pointing the way she went
    d = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / d, (by - ay) / d
    g.add(dwg.polygon([(_r(bx + ux * 6), _r(by + uy * 6)), (_r(bx - uy * 5), _r(by + ux * 5)),
                       (_r(bx + uy * 5), _r(by - ux * 5))], fill=S.EVENT))
    return g


def _name_on_ring(geo: "_Phone", k: int, px: float, py: float, word: str, size: float,
                  hands: list[tuple[float, float]]) -> tuple[float, float]:
    """Where Kiti's name goes on a phone's ring: round her (towards the lagoon she faces first), outside any ring
    drawn round her, inside the ring's row, where the word lies farthest from her hands and the seats' discs."""
    _, _, nx, ny = geo.ring_point(k + 0.5)
    half = em(word, True) * size / 2
    top, bottom = geo.ring_top + size, geo.ring_top + RING_ROW - 14     # above a panel's "choosing…"
    points = hands + [(x + w / 2, y + w / 2) for x, y, w, _ in (geo.disc_box(s) for s in range(geo.players))]

    def gap(lx: float, ly: float, x: float, y: float) -> float:     # from the word's box to a point
        return math.hypot(max(abs(x - lx) - half, 0), max(abs(y - (ly - size * 0.35)) - size / 2, 0))

    spots: list[tuple[float, float, float]] = []
    for far_x, far_y in ((half + 16, 27.0), (half + 30, 40.0)):
        for a in range(0, 360, 30):
            c, s_ = math.cos(math.radians(a)), math.sin(math.radians(a))
            vx, vy = -nx * c - ny * s_, -ny * c + nx * s_         # a=0: inward, turning round her
            lx, ly = px + vx * far_x, py + vy * far_y + size * 0.35
            if (top <= ly <= bottom and half + 4 <= lx <= geo.W - half - 4
                    and gap(lx, ly, px, py) > PHONE_KITI_RING + 4):
                room = min(gap(lx, ly, x, y) for x, y in points)
                # room enough is enough: then nearer her, and inward first
                spots.append((min(room, 24) - 0.01 * a / 30 - 0.5 * (far_y > 30), lx, ly))
    if not spots:
        return px - nx * 27, py - ny * 27 + size * 0.35
    _, lx, ly = max(spots)
    return lx, ly


def _kiti(dwg: S.Drawing, geo: Geo, view: View, lang: str, hl: AbstractSet[str], marks: Marks, *,
          seat: Optional[int] = None, faded: bool = False, stood: bool = True,
          avoid: Sequence[tuple[float, float]] = (), seen: Optional[list[tuple[float, float]]] = None) -> El:
    """Kiti on the rim (a table's, or a phone's seating ring), her hands toward the two seats they point to.
    `stood`: she stood here for the round the events resolved, so the hand that settled a dispute is marked on
    her. `faded`: drawn pale, when two figures are shown: where she settled the round and where she stands next;
    the one the board is about is drawn full (the settling one while the round's outcome is on the board, the
    next one once the new round is dealt). Her words go clear of the points in `avoid` (the other figure's hands and
    name); `seen`, if given, gets this figure's hands and name."""
    n = view["players"]
    k = view["kiti"] if seat is None else seat
    u = geo.u
    fu = PHONE_KITI_SCALE if geo.phone else u      # the figure's scale
    # the pale figure keeps clear of the round's arrows on a table (the full one stays where she stood all round)
    arrows = [line for _d, _s, line in _arrow_lines(geo, view, marks)] if not geo.phone else []
    lines = arrows if faded else []
    px, py = geo.kiti_place(k, faded, lines)
    right, left = k, (k + 1) % n
    targets = geo.kiti_targets(k, view, faded)
    g = dwg.g(class_="kiti-ghost" if faded else "kiti")
    S.data(g, right_seat=right, left_seat=left, x=_r(px), y=_r(py))
    if faded:
        g["opacity"] = 0.55
    # the figure: a dress, a head and a golden wreath, so she reads as a goddess in greyscale too
    g.add(dwg.path(f"M{px - 13 * fu:.1f},{py + 20 * fu:.1f} L{px - 4 * fu:.1f},{py - 10 * fu:.1f} "
                   f"L{px + 4 * fu:.1f},{py - 10 * fu:.1f} L{px + 13 * fu:.1f},{py + 20 * fu:.1f} Z", fill="#2a9d8f",
                   stroke=S.INK, stroke_width=1.3, **({"stroke_dasharray": "3 2"} if faded else {})))
    g.add(dwg.circle(center=(_r(px), _r(py - 17 * fu)), r=_r(8 * fu), fill="#c68b59", stroke=S.INK,
                     stroke_width=1.3))
    g.add(dwg.path(f"M{px - 9 * fu:.1f},{py - 20 * fu:.1f} Q{px:.1f},{py - 31 * fu:.1f} {px + 9 * fu:.1f},"
                   f"{py - 20 * fu:.1f}", fill="none", stroke="#f2c14e", stroke_width=_r(3.5 * fu),
                   stroke_linecap="round"))
    # the hand that settled this round's dispute is marked where Kiti stood for it
    hand_used = marks["hand"] if stood else None
    sx0, sy0 = px, py - 8 * fu                       # shoulders
    arm, ring = (PHONE_KITI_ARM, PHONE_KITI_RING) if geo.phone else (KITI_ARM * u, KITI_RING * u)
    aims = []
    for hand in ("right", "left"):
        bx, by, bw, bh = targets[hand]     # aim at the nearest point of that seat's panel (a phone: its disc)
        # (in a projector's corners a hand coming from the side aims under the panel's name row: at its corner the
        # line ran onto the seat's number disc, a reader of wave 18)
        top = 34 * u if geo.corners and not bx <= sx0 <= bx + bw else 12 * u
        tx, ty = min(max(sx0, bx + 12 * u), bx + bw - 12 * u), min(max(sy0, by + top), by + bh - 12 * u)
        if geo.phone:
            tx, ty = bx + bw / 2, by + bh / 2
        dx, dy = tx - sx0, ty - sy0
        d = math.hypot(dx, dy) or 1.0
        reach = min(arm, d - bw / 2 - 13) if geo.phone else arm     # a phone: the hand stops short of the disc
        aims.append((tx, ty, dx, dy, d, reach, bw, sx0 + dx / d * reach, sy0 + dy / d * reach))
    if geo.phone:        # the ring round her as wide as passes inside both hands (a near disc pulls one in)
        ring = min(ring, min(math.hypot(a[7] - px, a[8] - py) for a in aims) - 10 - 5)
    # the rings round her go under her hands, so a ring never covers the letters on them
    if k == view["kiti"] and marks["kiti_from"] is not None:     # she has just stepped here
        g.add(dwg.circle(center=(_r(px), _r(py)), r=_r(ring if geo.phone else 27 * u), class_="event",
                         **S.EVENT_STYLE))
    if not faded and ("kiti" in hl or "kiti:step" in hl):
        g.add(dwg.circle(center=(_r(px), _r(py)), r=_r(ring), class_="highlight", **S.HIGHLIGHT_STYLE))
    hands = []
    for (hand, to_seat, colour, letter), (tx, ty, dx, dy, d, reach, bw, ex, ey) in zip(
            (("right", right, RED, "R"), ("left", left, BLUE, "L")), aims):
        hands.append((ex, ey))
        used = hand_used == hand
        hg = dwg.g(class_=S.classes("kiti-hand", hand, "event" if used else None))
        S.data(hg, hand=hand, seat=to_seat)
        hg.add(dwg.line((_r(sx0), _r(sy0)), (_r(ex), _r(ey)), stroke=S.INK, stroke_width=_r(6.5 * fu),
                        stroke_linecap="round"))
        hg.add(dwg.line((_r(sx0), _r(sy0)), (_r(ex), _r(ey)), stroke=colour, stroke_width=_r(4 * fu),
                        stroke_linecap="round"))
        # a far seat: a line in the hand's colour on to its seat (on a projector too, thicker: a teacher wanted the room
        # to see whom each hand points at, and only the phone drew it)
        # (a phone aims at its seat's disc, so the line stops at the disc's edge; a wider board aims at the nearest
        # point of the seat's panel, and the line goes to it: measured to the panel's centre less half its width, a
        # four-seat table's near panels drew no line, and the room could not see whom a hand pointed at, a reader)
        # (and on a wider board it stops short of the panel: ended on its edge, it ran into the dive-card numbers
        # printed there, a projector's "11", a reader of wave 23)
        edge = bw / 2 + 1 if geo.phone else 9 * u
        if d - edge > reach + 12:
            hg.add(dwg.line((_r(ex + dx / d * 10), _r(ey + dy / d * 10)),
                            (_r(tx - dx / d * edge), _r(ty - dy / d * edge)), stroke=colour,
                            stroke_width=1.5 if geo.phone else _r(3 * fu),
                            stroke_dasharray="3 3" if geo.phone else f"{_r(6 * fu)} {_r(5 * fu)}"))
        hg.add(S.mark(dwg, ex, ey, _r(10 * u), colour=colour, text=_w(letter, lang), size=geo.fs(12)))
        if used:
            hg.add(dwg.circle(center=(_r(ex), _r(ey)), r=_r(15 * u), **S.EVENT_STYLE))
        if f"kiti:{hand}" in hl and not faded:
            hg.add(dwg.circle(center=(_r(ex), _r(ey)), r=_r(17 * u), class_="highlight", **S.HIGHLIGHT_STYLE))
        g.add(hg)
    # the pale figure says which she is (a reader took the pale one for "the" Kiti at a round's end and the full one
    # at the next round's start): where she stood for the round just played, or where she stands for the next
    word, size = (_w("kiti_before" if stood else "kiti_next", lang), geo.fs(9.5)) if faded else (_w("kiti", lang),
                                                                                                   geo.fs(11))
    if isinstance(geo, _Phone):
        lx, ly = _name_on_ring(geo, k, px, py, word, size, hands + list(avoid))
    else:
        # her name goes where neither arm reaches (below, above, or to either side), outside the rings
        # drawn round her, and on top of them, off the lagoon's words and the panels
        reach = ring + 12 * u
        spots = [(px, py + reach + 4 * u), (px, py - reach), (px - reach - 12 * u, py + 4 * u),
                 (px + reach + 12 * u, py + 4 * u)]
        if faded:       # a longer word, beside another figure: further out too, and on the slants
            far = reach + 14 * u
            spots += [(px + dx * far, py + dy * far) for dx, dy in ((0, 1), (0, -1), (0.8, 0.8), (-0.8, 0.8),
                                                                    (0.8, -0.8), (-0.8, -0.8))]
        half = em(word, True) * size / 2 + 2 * u
        lagoon = geo.lagoon_box()
        panels = [geo.seat_box(s, view) for s in range(n)]
        mark = 11 * u
        if geo.corners:     # between the lagoon and the header or foot: beyond her hands too
            out = arm + mark + half + 4 * u
            spots += [(px - out, py + 4 * u), (px + out, py + 4 * u)]

        def faults(p: tuple[float, float]) -> int:
            """What a word at `p` would run into, weighed: the header, the lagoon or a panel, her own hands'
            letters (a projector's corners leave her a narrow column between the panels), a round's arrow (the pale
            word beside a figure moved clear of them, crossed by one). The spots with the fewest are kept."""
            sx, sy = p
            head = sy <= geo.header + 12 * u
            boxes = any(sx - half < bx + bw and bx < sx + half and sy - size < by + bh and by < sy + 3 * u
                        for bx, by, bw, bh in [lagoon] + panels)
            # ... less, the pills on a panel's edges ("choosing…" on its top, the event's word on its foot): in a
            # projector's corners "прошлый раунд" lay on one, a reader of wave 18
            pill = 9 * u
            pills = geo.corners and any(sx - half < bx + bw and bx < sx + half and sy - size < by + bh + pill
                                        and by - pill < sy + 3 * u for bx, by, bw, bh in panels)
            own = any(sx - half - mark < hx < sx + half + mark and sy - size - mark < hy < sy + 3 * u + mark
                      for hx, hy in hands)
            # (the full figure's name too, in the corners: "Kiti" lay on an arrow, a projector reader of wave 18)
            crossed = any(sx - half <= x0 + (x1 - x0) * i / 24 <= sx + half and
                          sy - size <= y0 + (y1 - y0) * i / 24 <= sy + 3 * u
                          for x0, y0, x1, y1 in (arrows if geo.corners else lines) for i in range(25))
            # ... nor off the board's edge ("следующий раунд" cut by its foot, the same reader)
            off = not (half <= sx <= geo.W - half and size <= sy <= geo.H - 3 * u)
            return 32 * off + 16 * head + 8 * boxes + 4 * own + 2 * crossed + pills

        fewest = min(map(faults, spots))
        spots = [p for p in spots if faults(p) == fewest]
        # the spot whose word lies farthest from her hands (and from what `avoid` names), measured from the word's
        # box: a long word ("прошлый раунд") reaches far either side of its middle
        def room(p: tuple[float, float]) -> float:
            return min(math.hypot(max(abs(hx - p[0]) - half, 0), max(abs(hy - (p[1] - size * 0.35)) - size / 2, 0))
                       for hx, hy in hands + list(avoid))
        lx, ly = max(spots, key=room)
    name = S.label(dwg, word, lx, ly, size=size, anchor="middle", weight="normal" if faded else "bold",
                   fill=S.MUTED if faded else S.INK, stroke="#f7f3e8", stroke_width=3, paint_order="stroke",
                   cls="kiti-when" if faded else "kiti-name")
    g.add(name)
    if seen is not None:
        seen.extend(hands + [(lx, ly)])
    return g


def _chip_label_width(card: View, size: float) -> float:
    return em(_value_text(card["value"]), True) * size


def _chip_xs(cards: list[View], chip_w: float, size: float) -> list[float]:
    """Where each of a row of small catch cards starts (the first at 0): a card's width and a little apart, and
    further when their values (printed across the cards' feet: −10, −15) would otherwise run into each other."""
    xs: list[float] = []
    prev = None
    for card in cards:
        width = _chip_label_width(card, size)
        if prev is None:
            xs.append(0.0)
        else:
            xs.append(xs[-1] + max(chip_w + 1, (prev + width) / 2 + 4))
        prev = width
    return xs


def _chips_that_fit(cards: list[View], chip_w: float, size: float, room: float, most: int) -> tuple[int, list[float]]:
    """How many of the newest `cards` (the end of the list, at most `most`) fit side by side in `room`, and
    where they start."""
    for k in range(min(most, len(cards)), 0, -1):
        xs = _chip_xs(cards[len(cards) - k:], chip_w, size)
        if xs[-1] + chip_w <= room:
            return k, xs
    return 0, []


BOX_ROW = 26             # a phone's row of boxed cards: a chip (22) and room under its value


def _box_rows(geo: Geo, view: View, w: float) -> list[list[tuple[View, float]]]:
    """The boxed cards the view shows, laid out in rows `w` wide: on a phone as many as they need; on a table two
    (left and right of Player 1's panel), their cards pushed closer together (values overlapping) only when two
    rows cannot hold them."""
    boxed = list(view.get("boxed") or ())
    chip_w = 16 if geo.phone else 14 * geo.u
    size = geo.fs(9)
    rows = _wrapped(boxed, chip_w, size, w)
    if geo.phone or len(rows) <= 2:
        return rows
    half = (len(boxed) + 1) // 2
    out: list[list[tuple[View, float]]] = []
    for part in (boxed[:half], boxed[half:]):
        xs = _chip_xs(part, chip_w, size)
        out.append(list(zip(part, [x * (w - chip_w) / xs[-1] for x in xs] if xs[-1] + chip_w > w else xs)))
    return out


def _wrapped(boxed: list[View], chip_w: float, size: float, w: float) -> list[list[tuple[View, float]]]:
    """`boxed` in rows `w` wide, each card where _chip_xs puts it in its row, and a value wider than its card
    (−10, −15) kept inside the row at either end."""
    def over(card: View) -> float:     # how far a card's value reaches past either side of it
        return max(0.0, (_chip_label_width(card, size) - chip_w) / 2)

    rows: list[list[tuple[View, float]]] = []
    row: list[tuple[View, float]] = []
    for card in boxed:
        if row:
            x = row[-1][1] + _chip_xs([row[-1][0], card], chip_w, size)[1]
            if x + chip_w + over(card) > w:
                rows.append(row)
                row = []
        if not row:
            x = over(card)
        row.append((card, x))
    if row:
        rows.append(row)
    return rows


def _box(dwg: S.Drawing, geo: Geo, view: View, lang: str, x: float, y: float, w: float,
         label_at: tuple[float, float]) -> El:
    """Cards back in the box (seagulls, eaten catches, thrown jellyfish): a count at `label_at`, and the cards
    (when the view shows them: the teacher's) from (x, y), `w` wide: on a phone in rows, on a table in one."""
    g = dwg.g(class_="box")
    S.data(g, count=view["boxed_count"])
    g.add(S.label(dwg, _w("boxed", lang, n=view["boxed_count"]), *label_at, size=geo.fs(10), fill=S.MUTED))
    chip_w, chip_h = (16, 22) if geo.phone else (14 * geo.u, 20 * geo.u)
    rows = _box_rows(geo, view, w)
    for r, row in enumerate(rows):
        # a phone's rows go down; a table's second row goes right of Player 1's panel
        left, cy = (x, y + r * BOX_ROW) if isinstance(geo, _Phone) or r == 0 else (geo.box_right[0], y)
        for card, dx in row:
            cx = left + dx
            chip = dwg.use(f"#maui-chip-{card['kind']}", insert=(_r(cx), _r(cy)), size=(_r(chip_w), _r(chip_h)))
            chip["class"] = "card catch boxed"
            S.data(chip, card=card["id"])
            g.add(chip)
            g.add(S.label(dwg, _value_text(card["value"]), cx + chip_w / 2, cy + chip_h - 1, size=geo.fs(9),
                          anchor="middle", weight="bold", fill=KIND_STYLE[card["kind"]][1], stroke=S.PAPER,
                          stroke_width=2, paint_order="stroke"))
    return g


def _to_segment(x: float, y: float, x0: float, y0: float, x1: float, y1: float) -> float:
    """The distance from (x, y) to the segment (x0, y0)-(x1, y1)."""
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))


def _arrow_lines(geo: Geo, view: View, marks: Marks) -> list[tuple[str, int, tuple[float, float, float, float]]]:
    """A table's arrows, (depth, seat, (x0, y0, x1, y1)): from the cell to the catcher's panel edge nearest it (a
    phone draws its own, inside the cells: none)."""
    out: list[tuple[str, int, tuple[float, float, float, float]]] = []
    if not isinstance(geo, _Table):
        return out
    for depth, seat in marks["arrows"]:
        cx, cy, cw, ch = geo.cell_box(C.DEPTHS.index(depth))
        x, y, w, h = geo.seat_box(seat, view)
        sx = x + w / 2
        start = (_r(cx + cw if sx > geo.CX else cx), _r(cy + ch / 2))
        # stop at the panel's edge nearest the cell (in a projector's corners at its side's middle third: two arrows
        # to the two panels of a side met in the gap between them, and one's head lay on a seat's number disc at a
        # panel's corner, a reader of wave 18)
        ex = min(max(start[0], x), x + w)
        ey = min(max(start[1], y + h * 0.3), y + h * 0.7) if geo.corners else min(max(start[1], y), y + h)
        if x <= start[0] <= x + w:
            ey = y if start[1] < y else y + h
        out.append((depth, seat, (start[0], start[1], _r(ex), _r(ey))))
    return out


def _arrows(dwg: S.Drawing, geo: Geo, view: View, marks: Marks) -> El:
    """Where each cell's catch went: on a table a dashed arrow from the cell to the catcher's panel; on a phone
    a short arrow in the cell to the catcher's numbered disc."""
    g = dwg.g(class_="event arrows")
    if isinstance(geo, _Phone):
        for depth, seat in marks["arrows"]:
            cx, cy, cw, ch = geo.cell_box(C.DEPTHS.index(depth))
            ax, ay = cx + 100, cy + ch - 14
            line = dwg.line((_r(ax), _r(ay)), (_r(ax + 14), _r(ay)), stroke=S.EVENT, stroke_width=2.5)
            line["marker-end"] = "url(#maui-arrow)"
            S.data(line, depth=depth, seat=seat)
            g.add(line)
            g.add(dwg.use(f"#maui-seat{seat}", insert=(_r(ax + 34), _r(ay - 12)), size=(24, 24)))
        return g
    for depth, seat, (x0, y0, x1, y1) in _arrow_lines(geo, view, marks):
        line = dwg.line((x0, y0), (x1, y1), stroke=S.EVENT, stroke_width=_r(2.5 * geo.u), stroke_dasharray="6 4")
        line["marker-end"] = "url(#maui-arrow)"
        S.data(line, depth=depth, seat=seat)
        g.add(line)
    return g


# --------------------------------------------------------------------------- events -> marks

def _marks(events: Optional[Iterable[Any]]) -> Marks:
    marks: dict[str, Any] = {"cells": set(), "seats": {}, "hand": None, "kiti_to": None, "kiti_from": None, "new": set(),
             "arrows": [], "turned": False}

    def tag(seat: int, word: str) -> None:
        marks["seats"].setdefault(seat, set()).add(word)

    for e in events or ():
        what = e.kind.split(".", 1)[-1]
        d = e.data
        if what == "catch":
            marks["cells"].add(d["depth"])
            tag(d["player"], "caught")
            marks["arrows"].append((d["depth"], d["player"]))
        elif what == "dispute":
            marks["hand"] = d["hand"]
            marks["cells"].add(d["depth"])
            for p in d["players"]:
                tag(p, "tie")
            tag(d["player"], "won_tie")
            marks["seats"][d["player"]].discard("tie")
        elif what == "tie_no_catch":
            marks["cells"].add(d["depth"])
            for p in d["players"]:
                tag(p, "tie")
        elif what in ("seagull_ate", "seagull_hungry"):
            tag(d["player"], "seagull")
        elif what in ("jellyfish_offer", "jellyfish_discarded", "jellyfish_kept"):
            tag(d["player"], "jellyfish")
        elif what == "empty_handed":
            tag(d["player"], "nothing")
        elif what == "laid":
            marks["new"].add(d["depth"])
            # the cell holds next round's card now: an arrow from it would hand that card to last round's catcher
            marks["arrows"] = [(depth, seat) for depth, seat in marks["arrows"] if depth != d["depth"]]
        elif what == "face_down_revealed":
            marks["cells"].add(d["depth"])
        elif what == "revealed":
            marks["turned"] = True
        elif what == "kiti_moved":
            marks["kiti_to"] = d["player"]
    return marks


def _kiti_from(marks: Marks, view: View) -> None:
    """Where Kiti stood before she stepped (she steps one seat clockwise), if the events moved her."""
    if marks["kiti_to"] is not None and view.get("kiti") is not None and view["players"] > 1:
        marks["kiti_from"] = (view["kiti"] - 1) % view["players"]


# --------------------------------------------------------------------------- text

def describe(view: View, lang: str = "en") -> tuple[str, str]:
    """(title, description) in plain words: what a screen reader says about the position."""
    title = f"{_w('title', lang)} — {_w('round', lang, r=view['round'])}"
    lines = [_w("d.head", lang, r=view["round"], phase=_w(f"phase.{_phase(view)}", lang), deck=view["deck_count"])]
    cells = []
    for cell in view["lagoon"]:
        cards = cell["cards"]
        if not cards:
            what = _w("empty", lang)
        elif len(cards) == 1:
            what = _card_text(cards[0], lang)
        else:
            what = _n("d.pile", len(cards), lang, top=_card_text(cards[-1], lang))
        cells.append(_w("d.cell", lang, depth=depth_name(cell["depth"], lang), what=what))
    lines.append(_w("d.lagoon", lang, cells="; ".join(cells)))
    for seat in view["seats"]:
        s = seat["seat"]
        chosen, last = seat.get("chosen"), seat.get("revealed")
        if _this_round(view) and chosen is None:     # this round's card, turned up (see _seat)
            chosen, last = last, seat.get("before")
        lines.append(_w(
            "d.seat", lang, p=player_name(s, lang), colour=_colour_name(s, lang),
            pile=plural("maui.n_cards", seat["pile_count"], lang),
            top=_w("d.top", lang, card=_card_text(seat["pile_top"], lang)) if seat.get("pile_top") else "",
            hand=plural("maui.n_dive_cards", seat["hand_count"], lang),
            dive="" if chosen is None else _w("d.dive_hidden", lang) if chosen.get("hidden")
            else _w("d.dive_shown", lang, v=chosen["value"]),
            last="" if last is None else _w("d.last", lang, v=last["value"])))
    if view.get("kiti") is None:
        lines.append(_w("d.no_kiti", lang))
    else:
        k, n = view["kiti"], view["players"]
        lines.append(_w("d.kiti", lang, a=player_name(k, lang), b=player_name((k + 1) % n, lang),
                        a_plain=k + 1, b_plain=(k + 1) % n + 1))
    if view.get("over"):
        lines.append(_w("d.over", lang))
    return title, "\n".join(lines)




# --------------------------------------------------------------------------- the board

def _strip_rows(phone: bool, cards: int) -> int:
    """A hand drawn as a strip of chips: on a phone's narrow panel more than six in two rows, so each chip is twice as
    wide and its number readable (twelve in one row printed "10 11 12" 7 to 8 px high, a reader, stop 57)."""
    return 2 if phone and cards > 6 else 1


def _phase(view: View) -> str:
    """The phase the header names: the last round's outcome shown is the final count, not "the next deal to come"
    (a reader found that over the twelfth round's result, with Kiti stepping on to a round that never comes)."""
    phase = str(view["phase"])
    if phase == "round_over" and view["round"] >= C.ROUNDS:
        return "last_round_over"
    return phase


def _header(dwg: S.Drawing, geo: Geo, view: View, lang: str, hl: AbstractSet[str], after_round: bool = False) -> None:
    """Round, phase and deck: one band on a table; two lines on a phone (the phase under the round). `after_round`:
    the board marks the round just played (its catches) over the next one's deal: the phase says both (a sandbox's
    header said "the divers choose cards" over the last round's arrows)."""
    u, W = geo.u, geo.W
    phase = (_w("phase.after_round", lang, r=view["round"] - 1) if after_round and view["phase"] == "dive"
             and view["round"] > 1 else _w(f"phase.{_phase(view)}", lang))
    hh = geo.header - (4 if geo.phone else 6 * u)
    dwg.add(dwg.rect(insert=(0, 0), size=(W, _r(hh)), fill="#27476e"))
    dwg.add(S.label(dwg, f"{_w('title', lang)} · {_w('round', lang, r=view['round'])}", 12 * u, 21 * u,
                    size=geo.fs(15), weight="bold", fill="#ffffff"))
    dx: float
    if geo.phone:
        dwg.add(S.label(dwg, phase, 12, 41, size=geo.fs(12), fill="#ffffff", cls="phase"))
        dx = W - (130 if _arranged(view) else 112)      # (room for "Lesson deck: 6", below)
    else:
        dwg.add(S.label(dwg, phase, W / 2 + 30 * u, 21 * u, size=geo.fs(12), anchor="middle", fill="#ffffff",
                        cls="phase"))
        dx = W - 132 * u
    deck = dwg.g(class_="deck")
    S.data(deck, count=view["deck_count"])
    deck.add(S.card(dwg, dx, 5 * u, 16 * u, 22 * u, fill="#234e52", stroke="#ffffff", stroke_width=1, cls=None))
    # an example's arranged deck says so where its count is read: "Deck: 6" in round 1, its note at the board's foot,
    # puzzled two readers who had just learnt that the deck holds 36 cards (stop 59, 60)
    deck.add(S.label(dwg, _w("deck_lesson" if _arranged(view) else "deck", lang, n=view["deck_count"]),
                     dx + 22 * u, 21 * u, size=geo.fs(12), fill="#ffffff"))
    if "deck" in hl:
        deck.add(S.ring(dwg, dx - 2 * u, 4 * u, W - dx - 6 * u, 24 * u, pad=2, radius=6, target="deck"))
    dwg.add(deck)


def _arranged(view: View) -> bool:
    """A lesson's deck arranged for its example: more than the one unseen card is out of the game (rules.setup)."""
    return int(view.get("removed_count", 0)) > 1


def _notes(view: View, lang: str, arranged: bool = True) -> str:
    """The board's footnote: variants, an arranged deck (unless `arranged` is False: a phone gives it a line of its
    own) and whose view it is."""
    notes: list[str] = []
    if arranged and _arranged(view):
        notes.append(_w("arranged", lang))
    if "no-fights" in view.get("variants", ()):
        notes.append(_w("no_kiti", lang))
    if "open-baskets" in view.get("variants", ()):
        notes.append(_w("open_baskets", lang))
    viewer = view.get("viewer")
    notes.append(_w("view_all", lang) if viewer is None else
                 _w("view_of", lang, player=player_name(viewer, lang), player_plain=viewer + 1))
    return " · ".join(notes)


HANDS_SHUT = "hands:shut"


def render(view: View, *, highlight: Iterable[str] | str | None = (), lang: str = "en",
           events: Optional[Iterable[Any]] = (), choosable: Optional[Mapping[str, Any]] = None,
           layout: Optional[str] = None) -> str:
    """SVG text for `view` (from `maui.view(state, player)`), pointing at `highlight`, marking `events`,
    with the dive cards named in `choosable` to click, laid out for `layout` ("phone", "laptop", "projector";
    None: the default, tutor.core.svg.DEFAULT_LAYOUT)."""
    spec = S.layout_of(layout)
    hl = S.parse_highlight(highlight)
    offers = S.offers(choosable)
    if HANDS_SHUT in hl:
        # a drill about the lagoon drew the viewer's twelve cards big under it, a phone's screen of cards that
        # looked tappable and played no part in the question (a reader)
        view = dict(view, seats=[dict(seat, hand=None) for seat in view["seats"]])
    marks = _marks(events)
    _kiti_from(marks, view)
    title, desc = describe(view, lang)
    ghost = view.get("kiti") is not None and marks["kiti_from"] is not None
    geo: Any
    if spec.name == "phone":
        geo = _Phone(view, offers)
        bottom = geo.layout_seats(geo.seats_top)
        box_y = bottom + 4
        rows = len(_box_rows(geo, view, geo.W - 16)) if view.get("boxed") else 0
        height = box_y + (18 if view.get("boxed_count") else 0) + rows * BOX_ROW + 16 + (16 if _arranged(view) else 0)
        W, H = geo.W, _r(height)
    else:
        geo = _table(spec.name, view["players"])
        W, H = geo.W, geo.H
    u = geo.u
    splice = S.Splice()
    dwg = S.drawing(W, H, title=title, desc=desc, label="maui")
    dwg["data-layout"] = spec.name
    # the height below which its smallest print (the layout's) would fall under 9 px (tutor.core.svg.DESK_LABEL_PX)
    dwg["style"] = f"--tutor-min-height: {math.ceil(H * S.DESK_LABEL_PX / spec.min_print)}px"
    S.data(dwg, round=view["round"], players=view["players"], phase=view["phase"],
           viewer="all" if view.get("viewer") is None else view["viewer"])
    if offers:
        S.interactive(dwg)

    dwg.add(dwg.rect(insert=(0, 0), size=(W, H), fill="#f7f3e8"))
    if not geo.phone:
        dwg.add(dwg.ellipse(center=(_r(geo.CX), _r(geo.CY + 4 * u)), r=(_r(W / 2 - 70 * u), _r(geo.RY + 20 * u)),
                            fill="#d9c4a0", stroke="#b08d57", stroke_width=2))
    _header(dwg, geo, view, lang, hl, after_round=bool(marks["arrows"] or marks["new"] or marks["kiti_to"] is not None))
    # what the board shows: the variants and whose view (a table: bottom right; a phone: the last line)
    notes = _notes(view, lang, arranged=not geo.phone)
    if geo.phone:
        dwg.add(S.label(dwg, notes, 8, H - 6, size=geo.fs(9.5), fill=S.MUTED, cls="notes"))
        if _arranged(view):
            dwg.add(S.label(dwg, _w("arranged", lang), 8, H - 22, size=geo.fs(9.5), fill=S.MUTED, cls="notes"))
        if view.get("boxed_count"):
            chips_y = box_y + 20
            dwg.add(_box(dwg, geo, view, lang, 8, chips_y, W - 16, (8, box_y + 12)))
    else:
        dwg.add(S.label(dwg, notes, W - 8 * u, H - (12 if geo.corners else 6) * u, size=geo.fs(9.5), anchor="end",
                        fill=S.MUTED, cls="notes"))
        if view.get("boxed_count"):
            bx, by, bw, bh = geo.box
            label_at = (bx, H - 6 * u)
            if geo.corners:     # the count on the foot's line, the cards after it
                label_at = (bx, by + 15 * u)
                shift = em(_w("boxed", lang, n=view["boxed_count"]), False) * geo.fs(10) + 10 * u
                bx, bw = bx + shift, bw - shift
            dwg.add(_box(dwg, geo, view, lang, bx, by, bw, label_at))
    dwg.add(_lagoon(dwg, geo, view, lang, hl, marks))
    for s in range(view["players"]):
        dwg.add(_seat(dwg, geo, view, s, lang, hl, marks, offers, splice))
    # in a projector's corners Kiti stands where the round's arrows pass, between the lagoon and a side's panels: the
    # arrows go under her, or an arrowhead hid the hand a step was about (a projector reader of wave 18)
    under = bool(marks["arrows"]) and geo.corners
    if under:
        dwg.add(_arrows(dwg, geo, view, marks))
    if view.get("kiti") is not None:
        if geo.phone:
            dwg.add(_ring(dwg, geo, view))
        if ghost and (view.get("over") or _phase(view) == "last_round_over"):
            # after the last round no round follows for her to favour: the Kiti who settled it alone (a reader found
            # her stepping on to "the next round" under the final count)
            dwg.add(_kiti(dwg, geo, view, lang, hl, marks, seat=marks["kiti_from"], stood=True))
        elif ghost:
            # she settled this round at kiti_from and has stepped on: while the board still shows the round's
            # outcome (its next round not dealt, and the step not what is pointed at), the Kiti who decided is the
            # one drawn full and where she goes is faded; once the next round is dealt, or when her step is what is
            # pointed at ("kiti:step"), the other way round (issue #32). On a table no arrow joins them: it would have to cross the lagoon; a phone's ring has
            # room for one outside its rim.
            settled = not marks["new"] and "kiti:step" not in hl
            came, goes = marks["kiti_from"], view["kiti"]
            # the full one first, so the pale one's words keep clear of its hands and name; the pale one lies under it
            seen: list[tuple[float, float]] = []
            full = _kiti(dwg, geo, view, lang, hl, marks, seat=came if settled else goes, stood=settled, seen=seen)
            dwg.add(_kiti(dwg, geo, view, lang, hl, marks, seat=goes if settled else came, faded=True,
                          stood=not settled, avoid=seen))
            dwg.add(full)
            if geo.phone:
                dwg.add(_kiti_step(dwg, geo, came, goes))
        else:
            dwg.add(_kiti(dwg, geo, view, lang, hl, marks))
    if marks["arrows"] and not under:
        dwg.add(_arrows(dwg, geo, view, marks))
    if view.get("over"):
        lx, ly, lw, lh = geo.lagoon_box()
        mx, my = lx + lw / 2, ly + lh / 2
        bw = min(400 * u, W - 20)
        band = dwg.g(class_="game-over")
        band.add(dwg.rect(insert=(_r(mx - bw / 2), _r(my - 40 * u)), size=(_r(bw), _r(80 * u)), rx=14, ry=14,
                          fill="#1f2933", stroke="#f2c14e", stroke_width=3))
        band.add(S.label(dwg, _w("over", lang), mx, my + 2 * u, size=geo.fs(28), anchor="middle", weight="bold",
                         fill="#ffffff"))
        band.add(S.label(dwg, _w("over_sub", lang), mx, my + 26 * u, size=geo.fs(12), anchor="middle",
                         fill="#f2c14e"))
        dwg.add(band)
    out = splice.apply(S.to_string(dwg))
    return out.replace("<defs />", f"<defs>{_defs_xml(lang)}</defs>", 1)
