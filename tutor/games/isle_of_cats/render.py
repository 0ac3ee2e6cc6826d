"""Острів котів SVG: a pure function from a view dict (tutor.games.isle_of_cats.view) to SVG text.

What is drawn: the day track with Vesh's ship, the turn order (who passed), the common treasures left of each
shape, the tiles around the island and the tile held; then each seat's boat (its grid, the room walls and each
room's symbol, rats, treasure maps, the placed tiles outlined in one path each) and its family cards (faces only
when the view holds them: one's own, or everyone's at the end). A colour is never alone: every cat tile and map
carries its colour's initial too. Tiles and cards are named by their words (text.tile_name, text.card_name), never
by id. Everything comes from the view, so a hidden card cannot leak.

Highlight and `choosable` keys (a lesson rings them, the board offers them):
    tile:<id>             a tile on the island, the held tile, or a tile on a boat
    cell:<seat>:<x>,<y>   a square of a boat          room:<seat>:<i>   a room (0..6, text.room_name)
    boat:<seat>           a whole boat                cards:<seat>      a seat's family cards
    ship  day:<n>         the ship, a day space       supply:<shape>    a common treasure pile
    open:<seat>           the uncovered squares of each unfilled room (tinted)   rats:<seat>  each visible rat (ringed)
    rooms:<seat>          each of the seven rooms in a shade of its own
    families  families:<seat>   every family (on every boat, or on one) outlined with its size and points
              kin:<seat>        every family on that boat outlined with its size alone (before points are taught)
    seat:<seat>           a player's name in the turn order
    near:<seat>           on a phone, that seat's boat alone and on its side, over the choices (a quiz or drill
                          about one boat; "alone:" lies on its side there too)
    try:<seat>:<o>,<x>,<y>  the held tile where a refused placement put it (hatched, ✗)
    ask:<seat>:<o>,<x>,<y>  the held tile where a drill asks "may it go here?" (dashed, "?": no verdict shown)
    option:<seat>:<n>:<o>,<x>,<y>  a quiz's n-th candidate place for the held tile (dashed, lettered A, B, C…)
    fit:<seat>:<label>:<tile>:<o>,<x>,<y>  a place where a tile of the island would fit (dashed, with its label)
    alone:<seat>          that seat's boat alone, with no island and no other boat (a drill about one boat)
    solo:<seat>           on a phone, that seat's boat alone (a worked example about one boat)
On a phone the first boat (the viewer's, or the one asked about) lies on its side, its 9 rows across the screen
(TURNED); the others lie along it, smaller.
A boat is drawn with data-board-seat / data-x0 / data-y0 / data-cell so the page's placing preview
(static/placing.js) knows where its squares lie.
"""

from __future__ import annotations

import re
import zlib
from functools import lru_cache
from html import escape
from typing import AbstractSet, Any, Iterable, Mapping, NamedTuple, Optional, Sequence

from tutor.core import cardtable as K
from tutor.core import svg as S
from tutor.core.i18n import player_name, text
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.scoring import families as _families
from tutor.games.isle_of_cats.view import tile_view
from tutor.games.isle_of_cats.text import (boat_name, card_name, colour_name, map_colour_name, points_text, room_name,
                                          shape_name, tile_name, tiles_count)

HEX = {"blue": "#3b7dd8", "green": "#4c9f4c", "orange": "#f0912d", "red": "#d04a4a", "purple": "#8c5bbf"}
RARE_FILL, COMMON_FILL = "#e6c34a", "#d9c9a3"
WATER, DECK, WALL = "#dcecf5", "#f6ecd6", "#5b4630"
ROOM_OF = {cell: i for i, room in enumerate(C.ROOMS) for cell in room}
CELL = 16          # a boat square on the table
MINI = 8           # a square of a tile around the island
PAD = 10


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"isle_of_cats.board.{key}", lang, **params)


def initial(colour: str, lang: str) -> str:
    """The colour's initial, drawn beside its fill (colour never alone)."""
    return colour_name(colour, lang)[:1].upper()


# --------------------------------------------------------------------------- outlines

def _edges(cells: Iterable[Sequence[int]], c: float) -> str:
    """One path along the boundary of a set of squares (every side with no square of the set beyond it)."""
    cs = set(cells)
    out = []
    for x, y in cs:
        px, py = x * c, y * c
        if (x, y - 1) not in cs:
            out.append(f"M{px:g} {py:g}h{c:g}")
        if (x, y + 1) not in cs:
            out.append(f"M{px:g} {py + c:g}h{c:g}")
        if (x - 1, y) not in cs:
            out.append(f"M{px:g} {py:g}v{c:g}")
        if (x + 1, y) not in cs:
            out.append(f"M{px + c:g} {py:g}v{c:g}")
    return "".join(out)


def _squares(cells: Iterable[Sequence[int]], c: float) -> str:
    return "".join(f"M{x * c:g} {y * c:g}h{c:g}v{c:g}h{-c:g}z" for x, y in cells)


@lru_cache(maxsize=None)
def _walls(c: float) -> str:
    """The boat's outline and the walls between rooms, one path."""
    out = []
    for (x, y) in C.BOAT_CELLS:
        room = ROOM_OF[(x, y)]
        px, py = x * c, y * c
        for (nx, ny), seg in (((x + 1, y), f"M{px + c:g} {py:g}v{c:g}"), ((x, y + 1), f"M{px:g} {py + c:g}h{c:g}")):
            if ROOM_OF.get((nx, ny)) != room:
                out.append(seg)
        if (x - 1, y) not in ROOM_OF:
            out.append(f"M{px:g} {py:g}v{c:g}")
        if (x, y - 1) not in ROOM_OF:
            out.append(f"M{px:g} {py:g}h{c:g}")
    return "".join(out)


def _glyph(symbol: Optional[str], x: float, y: float, s: float) -> str:
    """A room's symbol, drawn on its floor in the walls' ink: parrot, moon, apple, corn (no symbol: nothing). Thin
    and pale at 55 %, a phone's moon, parrot and corn could not be told apart, nor read from a projector's back row
    (a reader), where part 6 names rooms by them."""
    ink = f'fill="none" stroke="{WALL}" stroke-width="{max(1.6, s * 0.075):.1f}" stroke-linecap="round" opacity="0.85"'
    cx, cy, r = x + s / 2, y + s / 2, s * 0.36
    if symbol == "moon":
        return (f'<path d="M{cx + r * 0.3:.1f} {cy - r:.1f}A{r:.1f} {r:.1f} 0 1 0 {cx + r * 0.3:.1f} {cy + r:.1f}'
                f'A{r * 0.75:.1f} {r * 0.75:.1f} 0 1 1 {cx + r * 0.3:.1f} {cy - r:.1f}z" {ink}/>')
    if symbol == "apple":
        return (f'<circle cx="{cx:.1f}" cy="{cy + 1:.1f}" r="{r:.1f}" {ink}/>'
                f'<path d="M{cx:.1f} {cy - r + 1:.1f}q2 -4 5 -4" {ink}/>')
    if symbol == "corn":
        return (f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{r * 0.55:.1f}" ry="{r:.1f}" {ink}/>'
                f'<path d="M{cx - r * 0.5:.1f} {cy:.1f}h{r:.1f}M{cx - r * 0.45:.1f} {cy - r * 0.45:.1f}h{r * 0.9:.1f}'
                f'M{cx - r * 0.45:.1f} {cy + r * 0.45:.1f}h{r * 0.9:.1f}" {ink}/>')
    if symbol == "parrot":
        return (f'<circle cx="{cx - r * 0.2:.1f}" cy="{cy - r * 0.3:.1f}" r="{r * 0.5:.1f}" {ink}/>'
                f'<path d="M{cx + r * 0.3:.1f} {cy - r * 0.4:.1f}l{r * 0.5:.1f} {r * 0.3:.1f}l{-r * 0.5:.1f} '
                f'{r * 0.2:.1f}M{cx - r * 0.5:.1f} {cy:.1f}q{r * 0.3:.1f} {r:.1f} {r:.1f} {r:.1f}" {ink}/>')
    return ""


def _room_spot(i: int) -> tuple[int, int]:
    """Where a room's symbol sits: the room's square nearest its middle."""
    cells = sorted(C.ROOMS[i])
    mx = sum(x for x, _ in cells) / len(cells)
    my = sum(y for _, y in cells) / len(cells)
    return min(cells, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c))


ROOM_SPOTS = tuple(_room_spot(i) for i in range(len(C.ROOMS)))


def _rat(x: float, y: float, c: float, name: str) -> str:
    return (f'<g class="rat"><title>{escape(name)}</title><ellipse cx="{x + c * 0.45:.1f}" cy="{y + c * 0.58:.1f}" '
            f'rx="{c * 0.28:.1f}" ry="{c * 0.18:.1f}" fill="#6b6b6b"/><circle cx="{x + c * 0.75:.1f}" '
            f'cy="{y + c * 0.48:.1f}" r="{c * 0.12:.1f}" fill="#6b6b6b"/><path d="M{x + c * 0.18:.1f} '
            f'{y + c * 0.6:.1f}q{-c * 0.1:.1f} {c * 0.25:.1f} {-c * 0.05:.1f} {c * 0.3:.1f}" stroke="#6b6b6b" '
            f'fill="none"/></g>')


def _map(x: float, y: float, c: float, colour: str, lang: str, floor: float = S.SMALL_PRINT) -> str:
    name = _w("map", lang, colour=map_colour_name(colour, lang))     # «синя мапа», agreeing with «мапа»
    # a sheet of parchment ringed in its colour, its letter in the colour: the other way round from a cat tile's
    # white letter on its colour (a reader took a blue cat's "B" for a second blue map)
    ring = round(max(c * 0.14, 1.6), 2)
    # a letter larger than its square (a small boat, the print floor): a paper halo over the square's ring
    halo = f'stroke="{MAP_PAPER}" stroke-width="1.6" paint-order="stroke" ' if floor > c * 0.6 else ""
    return (f'<g class="map" data-colour="{colour}"><title>{escape(name)}</title>'
            f'<rect x="{x + 1 + ring / 2:.1f}" y="{y + 1 + ring / 2:.1f}" width="{c - 2 - ring:.1f}" '
            f'height="{c - 2 - ring:.1f}" rx="{c * 0.22:.1f}" fill="{MAP_PAPER}" stroke="{HEX[colour]}" '
            f'stroke-width="{ring}"/>'
            + K.label(x + c / 2, y + c / 2 + max(c * 0.5, floor) * 0.36, initial(colour, lang),
                      size=round(max(c * 0.5, floor), 2), anchor="middle", weight="bold",
                      fill=HEX[colour]).replace("<text ", f'<text {halo}', 1) + "</g>")


MAP_PAPER = "#fff6dc"
# the events that tell a player's own move (render: their turn-order pill is ringed)
MOVES = frozenset({"took", "placed", "passed", "treasure_taken", "map_found", "map_covered", "declined"})
MARQUEE = "#1b2a4a"      # what a step or a question points at: no cat's colour (S.HIGHLIGHT's amber is orange's)


@lru_cache(maxsize=64)
def _boat(boat: str, c: float, lang: str, floor: float = S.SMALL_PRINT) -> str:
    """A boat at the origin before any tile: deck squares, rooms, symbols, rats and maps."""
    out = [f'<path d="{_squares(C.BOAT_CELLS, c)}" fill="{DECK}"/>',
           f'<path d="{"".join(f"M{x * c:g} {y * c:g}h{c:g}v{c:g}" for x, y in C.BOAT_CELLS)}" fill="none" '
           f'stroke="#b9a98a" stroke-width="0.5"/>']
    for i, (x, y) in enumerate(ROOM_SPOTS):
        out.append(f'<g class="room" data-room="{i}"><title>{escape(room_name(i, lang))}</title>'
                   f'{_glyph(C.ROOM_SYMBOLS[i], x * c, y * c, c)}</g>')
    rat = _w("rat", lang)
    out += [_rat(x * c, y * c, c, rat) for x, y in C.RATS[boat]]
    out.append(f'<path class="walls" d="{_walls(c)}" fill="none" stroke="{WALL}" stroke-width="2.2" '
               f'stroke-linecap="square"/>')
    # the maps over the walls: on a small boat their letter (never under the print floor) is larger than its square,
    # and the walls drawn after them cut it ("P" read "ᑭ", a reader of wave 18); a paper halo keeps it whole
    out += [_map(x * c, y * c, c, colour, lang, floor) for colour, (x, y) in C.MAPS[boat].items()]
    # light column and row numbers (the list of places names them); where two-digit numbers would run together
    # ("101112"), every other column's
    size = _numbers_size(c, floor)
    every = _column_step(c, size)
    out.append('<g class="grid-numbers" aria-hidden="true">'
               + "".join(K.label((x + 0.5) * c, -_numbers_off(size), x + 1, size=size, anchor="middle", fill=S.MUTED)
                         for x in range(0, C.WIDTH, every))
               + "".join(K.label(-NUMBERS_OFF, (y + 0.5) * c + size * 0.35, y + 1, size=size, anchor="end",
                                 fill=S.MUTED)
                         for y in range(C.HEIGHT)) + "</g>")
    return "".join(out)


def tile_fill(tile: dict[str, Any]) -> str:
    return HEX[tile["colour"]] if tile["kind"] == "cat" else RARE_FILL if tile["kind"] == "rare" else COMMON_FILL


def _numbers_size(c: float, floor: float) -> float:
    """The size of a boat's column and row numbers: light, and never under the layout's smallest print; half a
    square on a projector's large squares (they were 14 px at 1,920 px, and a room calls out a place by them)."""
    return round(max(c * (0.5 if c >= 30 else 0.42), floor), 2)


# how far the column numbers' baseline and the row numbers' right end keep from the boat's squares: clear of the
# boat's highlight, which follows its hull (stroke 4: 2 units outside)
NUMBERS_OFF = 4.5



def _numbers_off(size: float) -> float:
    """How far the column numbers' baseline keeps above the boat: NUMBERS_OFF, and more for a projector's larger
    print, whose lower edge would reach the highlight round the hull."""
    return round(NUMBERS_OFF + max(0.0, 0.18 * (size - 14)), 2)


# the least space between two column numbers, in ems of their print: less, and "10 11 12" reads "101112"
NUMBER_GAP = 0.3


def _column_step(c: float, size: float) -> int:
    """Every how many columns a boat numbers its columns: each when "22" and the gap fit in a square, else every
    other (1, 3, 5 … 21)."""
    return 1 if (K.em(str(C.WIDTH), False) + NUMBER_GAP) * size <= c else 2


@lru_cache(maxsize=None)
def shape_icon(shape: str, fill: str) -> str:
    """A small picture of a tile's shape as the island lies it (orientation 0), for a button beside its words: a
    reader matched "Take: purple cat of 5 squares (No. 2)" with the island a screen away, by hand. Each square is
    0.42 em, so the picture grows with the button's print."""
    cells = G.ORIENTATIONS[shape][0]
    w, h = _box(cells)
    c = 10
    return (f'<svg class="tutor-choice-icon" viewBox="-1.5 -1.5 {w * c + 3} {h * c + 3}" aria-hidden="true" '
            f'style="width:{w * 0.42:.2f}em;height:{h * 0.42:.2f}em"><path d="{_squares(cells, c)}" fill="{fill}"/>'
            f'<path d="{_edges(cells, c)}" fill="none" stroke="{S.INK}" stroke-width="1.6" '
            f'stroke-linecap="square"/></svg>')


def tile_icon(tile_id: str) -> str:
    """shape_icon for a tile, in its colour."""
    kind, colour = C.KIND[tile_id], C.COLOUR[tile_id]
    return shape_icon(C.SHAPE[tile_id], HEX[colour] if colour else RARE_FILL if kind == "rare" else COMMON_FILL)


@lru_cache(maxsize=4096)
def _tile(tile_id: str, orientation: int, c: float, lang: str, floor: float = S.SMALL_PRINT) -> str:
    """A tile at the origin (its orientation's bounding box): fill, one outline path, its colour's initial or its
    treasure mark (★ rare, ◆ common)."""
    kind, shape, colour = C.KIND[tile_id], C.SHAPE[tile_id], C.COLOUR[tile_id]
    cells = G.ORIENTATIONS[shape][orientation]
    fill = HEX[colour] if colour else RARE_FILL if kind == "rare" else COMMON_FILL
    x, y = cells[0]
    mark = initial(colour, lang) if colour else "★" if kind == "rare" else "◆"
    # the mark fills most of its square; on the island's small tiles it keeps to the layout's smallest print and
    # is centred in its square instead
    size = round(c * 0.62, 2)
    base = y * c + c * 0.74
    if size < floor:
        size, base = floor, y * c + c / 2 + floor * 0.36
    # the outline on a pale edge: two cats of one colour side by side read as two tiles, a light seam between
    # them, not as one blob (a reader could not see that a family's pairs met only at a corner)
    # (wider on a large square, as a turned boat's: at 28 units a 4-unit seam read as one orange blob of six tiles
    # that a lesson asks to count, a reader)
    edges = _edges(cells, c)
    seam, line = round(max(4.0, c * 0.24), 1), round(max(1.6, c * 0.08), 1)
    return (f'<path d="{_squares(cells, c)}" fill="{fill}"/>'
            f'<path class="seam" d="{edges}" fill="none" stroke="#fffdf5" stroke-width="{seam:g}" '
            f'stroke-linecap="square"/>'
            f'<path class="outline" d="{edges}" fill="none" stroke="{S.INK}" stroke-width="{line:g}" '
            f'stroke-linecap="square"/>'
            + _initial(K.label(x * c + c / 2, base, mark, size=size, anchor="middle", weight="bold",
                               fill="#ffffff" if kind == "cat" else S.INK), kind == "cat", size))


def _initial(text: str, halo: bool, size: float) -> str:
    # a cat's white initial with a dark edge: where the print's floor makes it wider than its square (the island's
    # small tiles, a projector's side column) it still reads off the tile, on the page's white (a reader)
    if not halo:
        return text
    end = text.index(">")       # after the tag's own attributes: a turned boat rotates its words by their x and y
    return (text[:end] + f' stroke="{S.INK}" stroke-width="{round(max(1.0, size * 0.16), 1)}" stroke-linejoin="round"'
            ' paint-order="stroke"' + text[end:])


def _box(cells: Iterable[Sequence[int]]) -> tuple[int, int]:
    return max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1


def _card_words(card_id: str, x: float, y: float, w: float, lang: str, h: float = 32,
                floor: float = 0, cap: float = 0) -> tuple[float, str]:
    """A family card's task in short words, in up to 3 lines that fit the card's width (w) and height (h): the
    size they are printed at and the text. `cap`: no larger than this (the cards beside it: a short task printed
    twice as large as its neighbours read as the card that matters, a reader, stop 60)."""
    size, lines = _card_lines(card_id, round(w, 2), lang, h)
    if cap:
        size = min(size, max(cap, floor))
    if size < floor:        # a card made taller for its words (_card_height): at the smallest print, line by line
        size, lines = floor, tuple(_lines(_w(f"card_short.{card_id}", lang), w - 6, floor))
    top = y + h / 2 - (len(lines) - 1) * (size + 1) / 2 + size * 0.35
    return size, "".join(K.label(x + w / 2, top + i * (size + 1), ln, size=size, anchor="middle")
                         for i, ln in enumerate(lines))


@lru_cache(maxsize=4096)
def _card_lines(card_id: str, w: float, lang: str, h: float) -> tuple[float, tuple[str, ...]]:
    """The size and the lines of a family card's short task on a card w by h."""
    words = _w(f"card_short.{card_id}", lang).split()
    inner = w - 6
    best: Optional[tuple[float, list[str]]] = None
    for n in (1, 2, 3):
        lines: list[str] = []
        per = max(1, -(-len(words) // n))
        # greedy by length: n lines of about equal characters
        target = sum(len(t) + 1 for t in words) / n
        line: list[str] = []
        for t in words:
            if line and len(" ".join(line + [t])) > target + 2 and len(lines) < n - 1:
                lines.append(" ".join(line))
                line = []
            line.append(t)
        lines.append(" ".join(line))
        size = min(min(K.fit(ln, inner, h * 10 / 32) for ln in lines), (h - 6) / len(lines) - 1)
        if best is None or size > best[0] + 0.3:
            best = (size, lines)
        del per
    assert best is not None
    size, lines = best
    return round(size, 2), tuple(lines)


def _family_marks(tiles: Sequence[dict[str, Any]], c: float, lang: str, size: float = 9, points: bool = True,
                  turned: bool = False) -> str:
    """Each cat family (3+ same-colour cat tiles joined by sides, scoring.families) outlined, with a small label of
    its size and points ("3 → 8"), or of its size alone (`points` False: before the lesson has taught them).
    `turned`: the boat is drawn on its side (_turn): each label stands across the boat, beside a column of its
    family, and is turned back so that it lies along the screen, words and pill together (the pill stood upright
    under level words and they spilled over the tiles, a reader)."""
    found = _families([(t["id"], t["orientation"], t["x"], t["y"]) for t in tiles])
    covered = {tuple(p) for t in tiles for p in t["cells"]}
    kin = {cell for f in found for cell in f.cells}      # a label hides no family's squares, its own or another's
    out = []
    for f in found:
        if points:
            title = _w("family_title", lang, colour=colour_name(f.colour, lang), tiles=tiles_count(f.size, lang),
                       points=points_text(f.points, lang))
            words = _w("family", lang, size=f.size, points=f.points)
        else:
            title = _w("family_title_kin", lang, colour=colour_name(f.colour, lang), tiles=tiles_count(f.size, lang))
            words = tiles_count(f.size, lang)
        d = _edges(f.cells, c)
        w = (7 + 5.6 * len(words)) * size / 9
        h = 12 * size / 9
        turn = ""
        if turned:
            # the spot found on the boat seen across (rows for columns): a box h wide and w tall in the boat's frame
            ty, tx = _family_label_spot(_across(f.cells), _across(covered), c, w, _across(kin), h, rows=C.WIDTH)
            cx, cy = tx + h / 2, ty + w / 2
            bx, by = cx - w / 2, cy - h / 2
            turn = f' transform="rotate(-90 {cx:g} {cy:g})"'
        else:
            bx, by = _family_label_spot(f.cells, covered, c, w, kin, h)
        # (turned, its pill and words turn about one point, the words kept out of _turn's own turning)
        words_xml = K.label(bx + w / 2, by + h * 0.75, words, size=size, anchor="middle", weight="bold")
        out.append(f'<g class="family" data-colour="{f.colour}" data-size="{f.size}" data-points="{f.points}">'
                   f'<title>{escape(title)}</title>'
                   f'<path d="{d}" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.9"/>'
                   f'<path d="{d}" fill="none" stroke="{S.INK}" stroke-width="2.2" stroke-dasharray="1 3.5" '
                   f'stroke-linecap="round"/>'
                   f'<rect x="{bx:g}" y="{by:g}" width="{w:.1f}" height="{h:g}" rx="{h / 2:g}" fill="#ffffff" '
                   f'stroke="{S.INK}" stroke-width="0.8"{turn}/>'
                   + (words_xml.replace("<text ", '<text class="family-words" ', 1).replace(">", f"{turn}>", 1)
                      if turned else words_xml)
                   + "</g>")
    return "".join(out)


def _across(cells: Iterable[Any]) -> set[tuple[int, int]]:
    """Squares seen across the boat: column for row (a turned boat's label is placed on the boat so seen)."""
    return {(y, x) for x, y in cells}


def _walls_over(c: float, covered: AbstractSet[tuple[int, int]]) -> str:
    """The walls between rooms drawn again where a placed tile lies on either side, so that where a room ends can be
    read on a covered boat too: dashed, a wall seen through a tile, not a tile's edge (drawn solid, on a pale edge,
    a wall across a cat cut it in two for a reader). Over empty squares the boat's own solid walls show alone."""
    inner = _inner_walls(c, frozenset(covered))
    return (f'<g class="walls-over" aria-hidden="true"><path d="{inner}" fill="none" stroke="{WALL}" '
            f'stroke-width="2.4" stroke-dasharray="{round(c * 0.28, 1)} {round(c * 0.17, 1)}" opacity="0.9"/></g>')


@lru_cache(maxsize=1024)
def _inner_walls(c: float, beside: Optional[frozenset[tuple[int, int]]] = None) -> str:
    """The walls between two rooms, one path (no hull); only those with a square of `beside` on either side, if
    given."""
    out = []
    for (x, y) in C.BOAT_CELLS:
        room = ROOM_OF[(x, y)]
        for (nx, ny), seg in (((x + 1, y), f"M{(x + 1) * c:g} {y * c:g}v{c:g}"),
                              ((x, y + 1), f"M{x * c:g} {(y + 1) * c:g}h{c:g}")):
            if (nx, ny) in ROOM_OF and ROOM_OF[(nx, ny)] != room and (
                    beside is None or (x, y) in beside or (nx, ny) in beside):
                out.append(seg)
    return "".join(out)


def _covered(tiles: Sequence[dict[str, Any]]) -> set[tuple[int, int]]:
    return {(int(p[0]), int(p[1])) for t in tiles for p in t["cells"]}


def _open_squares(tiles: Sequence[dict[str, Any]], c: float, lang: str) -> str:
    """A "why" mark: the squares still uncovered in each unfilled room, tinted red and hatched, one group a room."""
    covered = _covered(tiles)
    out = []
    for i, room in enumerate(C.ROOMS):
        left = sorted(room - covered)
        if not left:
            continue
        hatch = "".join(f"M{x * c:g} {(y + 1) * c:g}L{(x + 1) * c:g} {y * c:g}" for x, y in left)
        out.append(f'<g class="open-room" data-room="{i}"><title>{escape(_w("open_room", lang, room=room_name(i, lang), n=len(left)))}</title>'
                   f'<path d="{_squares(left, c)}" fill="#d0312d" fill-opacity="0.22"/>'
                   f'<path d="{hatch}" fill="none" stroke="#9b1c17" stroke-width="1" stroke-opacity="0.7"/></g>')
    return "".join(out)


# the seven rooms' shades ("rooms:<seat>"): pale, none a cat's colour, each room named by its symbol and its title too
ROOM_SHADES = ("#f3d36b", "#7fcdbb", "#f4a6b7", "#9ecae1", "#d9b38c", "#b8e186", "#c9c9c9")


def _room_shades(c: float, lang: str) -> str:
    """A lesson's "rooms:<seat>": each room's squares in a shade of its own, under the tiles (a reader never saw the
    seven rooms as rooms: the walls alone, in the hull's brown, did not show where the 60-square hold runs)."""
    return "".join(f'<g class="room-shade" data-room="{i}"><title>{escape(room_name(i, lang))}</title>'
                   f'<path d="{_squares(sorted(room), c)}" fill="{ROOM_SHADES[i]}" fill-opacity="0.55"/></g>'
                   for i, room in enumerate(C.ROOMS))


def _rats_seen(tiles: Sequence[dict[str, Any]], boat: str, c: float, lang: str) -> str:
    """A "why" mark: each rat still in sight ringed in red (a covered rat is under its tile and costs nothing)."""
    covered = _covered(tiles)
    seen = [(x, y) for x, y in C.RATS[boat] if (x, y) not in covered]
    title = escape(_w("rat_seen", lang))
    return "".join(f'<circle class="rat-seen" cx="{(x + 0.5) * c:g}" cy="{(y + 0.5) * c:g}" r="{c * 0.46:g}" '
                   f'fill="none" stroke="#c0201b" stroke-width="2.2"><title>{title}</title></circle>'
                   for x, y in seen)


def _tried(key: str, tile_id: str, ox: float, oy: float, c: float, floor: float = S.SMALL_PRINT) -> str:
    """A lesson's "try:<seat>:<o>,<x>,<y>" highlight: the held tile drawn where a refused placement put it, as the
    placing preview draws a place that does not fit (dashed, see-through, hatched, ✗), so the learner sees what
    the words describe. Squares off the boat are drawn too: that is the point of such a try."""
    try:
        o, x, y = (int(v) for v in key.rsplit(":", 1)[1].split(","))
        cells = G.placed_cells(C.SHAPE[tile_id], o, x, y)
    except (ValueError, KeyError, IndexError):
        return ""
    hatch = "".join(f"M{cx * c:g} {cy * c + c / 2:g}L{cx * c + c / 2:g} {cy * c:g}M{cx * c:g} {cy * c + c:g}"
                    f"L{cx * c + c:g} {cy * c:g}M{cx * c + c / 2:g} {cy * c + c:g}L{cx * c + c:g} {cy * c + c / 2:g}"
                    for cx, cy in cells)
    # the ✗ on the square farthest from the tile's top-left one, where a quiz's place number stands (_ghost): on its
    # first square it struck the number through, "✗" over "1" (a reader of wave 22)
    top = min(cells, key=lambda p: (p[1], p[0]))
    fx, fy = max(cells, key=lambda p: (abs(p[0] - top[0]) + abs(p[1] - top[1]), p[1], p[0]))
    return (f'<g class="tried" data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})">'
            f'<path d="{_squares(cells, c)}" fill="#d0312d" fill-opacity="0.3"/>'
            f'<path d="{hatch}" fill="none" stroke="#5c0b08" stroke-width="1.2" stroke-opacity="0.8"/>'
            f'<path d="{_edges(cells, c)}" fill="none" stroke="#7a1410" stroke-width="2" stroke-dasharray="4 3"/>'
            + K.label(fx * c + c / 2, fy * c + c * 0.78, "✗", size=round(max(c * 0.8, floor), 2), anchor="middle",
                      weight="bold",
                      fill="#5c0b08") + "</g>")


# the colour of a place a drill asks about: no cat's, no wall's
ASK_INK = "#b0127a"


def asked_square(key: str, cells: Iterable[tuple[int, int]], boat: str) -> tuple[int, int]:
    """Where a drill's "?" stands on the tile it asks about: a square that hides no treasure map (a drill may ask
    what the map under the tile earns), picked by the question's place alone. On the topmost square it sat on the
    very square off the boat or over another tile more often than chance (35% against 29% of such squares; a reader
    saw it there twice in five, wave 19), on the middle one less often (19%): either way the answer showed."""
    maps = {cell for colour, cell in C.MAPS.get(boat, {}).items()}
    free = sorted(p for p in cells if p not in maps) or sorted(cells)
    return free[zlib.crc32(key.encode()) % len(free)]


def _asked(key: str, tile_id: str, ox: float, oy: float, c: float, boat: str = "",
           floor: float = S.SMALL_PRINT) -> str:
    """A drill's "ask:<seat>:<o>,<x>,<y>" highlight: the held tile drawn where the question puts it, see-through and
    dashed with a "?", the same whether the place is allowed or not (a ✗ or a tick would answer the question).
    Squares off the boat are drawn too: whether it lies wholly on the boat is part of the question."""
    try:
        o, x, y = (int(v) for v in key.rsplit(":", 1)[1].split(","))
        cells = G.placed_cells(C.SHAPE[tile_id], o, x, y)
    except (ValueError, KeyError, IndexError):
        return ""
    fx, fy = asked_square(key, cells, boat)
    # the outline inside the tile's own squares only (clipped to them): drawn across its edge it hid the very boat
    # edge, tile or corner the question turns on (two readers answered from the drawing wrongly, stop 50)
    clip = "ask-" + re.sub(r"[^A-Za-z0-9_-]", "-", key) + f"-{c:g}".replace(".", "_")
    squares = _squares(cells, c)
    return (f'<g class="asked" data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})">'
            f'<clipPath id="{clip}"><path d="{squares}"/></clipPath>'
            # in the question's own colour, on a white halo: dark and dashed, it read as the rooms' walls drawn over
            # the tiles, and a reader answered from the drawing, not the rule
            # filled with the tile's own colour, see-through: a question about families turns on it, and a blue cat
            # asked about in the question's magenta read as no cat of any family (a reader)
            f'<path d="{squares}" fill="{_asked_fill(tile_id)}" fill-opacity="0.5"/>'
            f'<g clip-path="url(#{clip})">'
            f'<path d="{_edges(cells, c)}" fill="none" stroke="#ffffff" stroke-width="6" stroke-linejoin="round"/>'
            f'<path d="{_edges(cells, c)}" fill="none" stroke="{ASK_INK}" stroke-width="3.4" stroke-dasharray="6 3"/>'
            f'</g>'
            + K.label(fx * c + c / 2, fy * c + c * 0.78, "?", size=round(max(c * 0.8, floor), 2), anchor="middle",
                      weight="bold",
                      fill=ASK_INK) + "</g>")


def _asked_fill(tile_id: str) -> str:
    try:
        return tile_fill(tile_view(tile_id))
    except (KeyError, ValueError):
        return ASK_INK


def _option_cells(key: str, tile_id: str) -> tuple[tuple[int, int], ...]:
    try:
        o, x, y = (int(v) for v in key.rsplit(":", 1)[1].split(","))
        return tuple(G.placed_cells(C.SHAPE[tile_id], o, x, y))
    except (ValueError, KeyError, IndexError):
        return ()


def _option(key: str, tile_id: str, ox: float, oy: float, c: float, lang: str,
            floor: float = S.SMALL_PRINT, others: AbstractSet[tuple[int, int]] = frozenset()) -> str:
    """A quiz's "option:<seat>:<n>:<o>,<x>,<y>" highlight: the held tile where the n-th choice would put it, see-through
    and dashed with its letter (A, B, C; А, Б, В), alike for an allowed place and a refused one, so the choices'
    words have a picture and the picture no verdict."""
    try:
        n = int(key.split(":")[2])
        cells = _option_cells(key, tile_id)
        letter = _w("option_letters", lang)[n - 1]
    except (ValueError, KeyError, IndexError):
        return ""
    if not cells:
        return ""
    return _ghost(key, cells, letter, ox, oy, c, floor, others, f' class="option" data-option="{n}"')


def _fit_parts(key: str) -> Optional[tuple[str, str, tuple[tuple[int, int], ...]]]:
    """A "fit:<seat>:<n>:<tile>:<o>,<x>,<y>" key's (label, tile, squares), None if it does not read."""
    try:
        _fit, _seat, label, tile_id, at = key.split(":")
        o, x, y = (int(v) for v in at.split(","))
        return label, tile_id, tuple(G.placed_cells(C.SHAPE[tile_id], o, x, y))
    except (ValueError, KeyError, IndexError):
        return None


def _ghost(key: str, cells: Sequence[tuple[int, int]], label: str, ox: float, oy: float, c: float, floor: float,
           others: AbstractSet[tuple[int, int]], attrs: str) -> str:
    """A tile's outline where it could lie, see-through and dashed, with a label in a disc on its first square no
    other outline covers (a quiz's candidate places, a drill's "here it fits")."""
    fx, fy = min(cells, key=lambda p: (tuple(p) in others, p[1], p[0]))
    return (f'<g{attrs} data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})">'
            f'<title>{escape(label)}</title>'
            f'<path d="{_squares(cells, c)}" fill="#ffffff" fill-opacity="0.45"/>'
            f'<path d="{_edges(cells, c)}" fill="none" stroke="#1a1a1a" stroke-width="2.2" stroke-dasharray="5 3"/>'
            f'<circle cx="{fx * c + c / 2:g}" cy="{fy * c + c / 2:g}" r="{max(c * 0.5, floor * 0.8):g}" fill="#ffffff" '
            f'stroke="#1a1a1a" stroke-width="1.2"/>'
            + K.label(fx * c + c / 2, fy * c + c / 2 + max(c * 0.7, floor) * 0.36, label,
                      size=round(max(c * 0.7, floor), 2), anchor="middle", weight="bold", fill="#111111") + "</g>")


def _family_label_spot(cells: Iterable[tuple[int, int]], covered: AbstractSet[Any], c: float, w: float,
                       kin: AbstractSet[Any] = frozenset(),
                       h: float = 12, rows: int = C.HEIGHT) -> tuple[float, float]:
    """Where a family's label (w wide, 12 high) goes: along the edge of the row just above one of its top squares,
    or just below one of its bottom squares. Never above row 1: over the top row lie the column numbers. The spot
    that hides fewest squares of any family (`kin`: its own and the others') wins, then fewest squares of any tile
    (a tile's initial), then a spot above, then the top-left one."""
    inside = set(cells)
    kin = set(kin) | inside
    span = range(int((w - 0.01) // c) + 1)      # the columns the label reaches over, from its own
    spots = []
    for x, y in cells:
        for row, by, below in ((y - 1, y * c - h - 1, 0), (y + 1, (y + 1) * c + 1, 1)):
            if not 0 <= row < rows or (x, row) in inside:
                continue
            under = [(x + i, row) for i in span]
            if by < 0:       # taller than the top row: it would cover the column numbers
                continue
            spots.append((sum(q in kin for q in under), sum(q in covered for q in under), below, y, x,
                          x * c, by))
    if not spots:            # a family from the top row to the bottom one with no edge free: on its top square
        x, y = min(cells, key=lambda p: (p[1], p[0]))
        return x * c, y * c + 1
    *_, bx, by = min(spots)
    return bx, by


# --------------------------------------------------------------------------- the drawing

class _Board(K.CardBoard):
    acted: AbstractSet[int] = frozenset()      # the seats whose move the events tell (their turn-order pill ringed)

    def ring_cells(self, key: str, ox: float, oy: float, cells: Iterable[Sequence[int]], c: float) -> None:
        """A highlight or an event mark that follows squares' outline, not a box."""
        kind = "highlight" if key in self.hl else "event" if key in self.marked else None
        if kind == "highlight":
            # dark dashes on a white halo, a marquee: the amber of the other games' highlights is an orange cat's
            # colour here, and a reader took a boat's highlighted hull for an orange cat's edge (stop 50)
            edges = _edges(cells, c)
            self.top.append(f'<path class="highlight-halo" transform="translate({ox:g},{oy:g})" d="{edges}" '
                            f'fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/>'
                            f'<path class="highlight" data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})" '
                            f'd="{edges}" fill="none" stroke="{MARQUEE}" stroke-width="2.6" '
                            f'stroke-dasharray="6 3" stroke-linecap="round"/>')
        elif kind == "event":
            self.top.append(f'<path class="event" data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})" '
                            f'd="{_edges(cells, c)}" fill="none" stroke="{S.EVENT}" stroke-width="3.5" '
                            f'stroke-linecap="square"/>')


# --------------------------------------------------------------------------- the layouts (issue #24)

class _Geo(NamedTuple):
    """How one layout (tutor.core.svg.LAYOUTS) draws the table: the same things, arranged for its width."""
    k: float            # the print and the header's spacing, against the laptop's sizes
    pad: float
    mini: float         # a square of a tile around the island and of a treasure pile
    cell: float         # the largest square of a boat
    other: float        # the largest square of the other boats when boats are stacked (phone), else = cell
    stack: bool         # boats one under another, the viewer's first (phone)
    side: float         # with 3 or more players, the island and the day track in a column this wide on the left


GEOS = {
    # a phone: the island's tiles (tap targets of 46 units at least; 13-unit squares, so a cat's initial lies inside its
    # tile: at 9 a reader saw the letters hang off the tiles onto the white) at the top, then the viewer's boat as wide as
    # the screen, then the other boats, two thirds as wide (each 11-unit square still holds a tile's initial at the
    # smallest print; their columns numbered every other one), one under another, so the words stay nearer
    "phone": _Geo(k=1.0, pad=8, mini=13, cell=15.5, other=11, stack=True, side=0),
    # a laptop column: the island across the top, the boats two by two, their squares as large as 520 units allow
    "laptop": _Geo(k=1.0, pad=6, mini=8, cell=16, other=16, stack=False, side=0),
    # a projector: print 1.6 times the laptop's; with 3 or 4 players the island in a left column and the boats
    # two by two beside it, so the boats stay large
    "projector": _Geo(k=1.6, pad=16, mini=13, cell=34, other=34, stack=False, side=430),
}
# a projector's island across the top (two players): its tiles' squares as large as the row allows, not the 13
# units the side column of three or four players holds (a reader measured
# them smaller than a phone's from the back)
WIDE_MINI = 22


class _Fonts:
    def __init__(self, spec: S.Layout, g: _Geo):
        self.floor, self.k = S.board_print(spec), g.k

    def __call__(self, base: float) -> float:
        """The laptop's size `base`, in this layout: scaled, never under its smallest print."""
        return max(round(base * self.k, 1), self.floor)


def _lines(words: str, width: float, size: float, bold: bool = False) -> list[str]:
    """`words` in as few lines as fit `width` at `size` (a single long word keeps a line of its own)."""
    out: list[str] = []
    for w in words.split():
        if out and K.em(out[-1] + " " + w, bold) * size <= width:
            out[-1] += " " + w
        else:
            out.append(w)
    return out or [""]


def _wrapped(parts: list[str], x: float, y: float, words: str, width: float, size: float, bold: bool = False,
             fill: str = S.INK) -> float:
    """`words` printed from baseline y in lines that fit `width` (narrowed a little if a lone word does not);
    returns the height taken."""
    lines = _lines(words, width, size, bold)
    for i, ln in enumerate(lines):
        wide = K.em(ln, bold) * size
        parts.append(K.label(x, y + i * size * 1.25, ln, size=size, weight="bold" if bold else "normal", fill=fill,
                             length=width if wide > width + 0.01 else None))
    return len(lines) * size * 1.25


def _header(b: "_Board", view: dict[str, Any], seats: list[dict[str, Any]], x0: float, y0: float, width: float, g: _Geo, f: _Fonts,
            target: float, marked: AbstractSet[str], lang: str) -> float:
    """The day track and the ship, the turn order, the common treasures, the island and the held tile, laid out
    from (x0, y0) within `width`; returns where they end. Narrower than 600 units, each part's name stands on
    its own line above it; wider, in a column on its left."""
    parts, k = b.parts, g.k
    right = x0 + width
    title, small = f(12), f(11)
    narrow = width < 600
    indent = 0.0 if narrow else 130 * k
    # --- the day track and the ship
    y = y0
    # "hide:table": a task about one placement (its tile already taken) draws the tile held, and the treasures
    # where one is to be chosen, not the days, the order and the island (300 px on a phone between the task's
    # words and the boat, a reader)
    trimmed = "hide:table" in b.hl
    if not trimmed:
        days = _w("days", lang)
        parts.append(K.label(x0, y + 18 * k, days, size=title, weight="bold"))
        r, step = 10 * k, 26 * k
        dx = x0 + max(70 * k, K.em(days, True) * title + 8 * k + r)
        if dx + C.DAYS * step + 4 * k + 13 * k > right:      # the track's name on a line of its own, the track under it
            y += 20 * k
            dx = x0 + r + 2 * k
        x, half = dx, 13 * k
        for i, n in enumerate(range(C.DAYS, -1, -1)):
            x = dx + i * step
            here = view["ship"] == n
            if n:
                parts.append(f'<circle cx="{x:g}" cy="{y + 14 * k:g}" r="{r:g}" fill="{"#ffe8a3" if here else "#ffffff"}" '
                             f'stroke="{S.INK}"/>'
                             + K.label(x, y + 14 * k + small * 0.36, n, size=small, anchor="middle",
                                       weight="bold" if here else "normal"))
                b.element(f"day:{n}", x - r, y + 4 * k, 2 * r, 2 * r, _w("day", lang, n=n))
            else:       # Vesh's hand: the ship arrives there and the game ends
                hand = _w("hand", lang)
                size = max(K.fit(hand, 24 * k, 10 * k), f.floor)
                # as wide as its word at the print floor ("Vesh" ran over the dashed box's sides, a reader)
                half = max(13 * k, (K.em(hand, True) * size + 8 * k) / 2)
                x += half - 9 * k
                parts.append(f'<g class="hand"><title>{escape(_w("hand_title", lang))}</title>'
                             f'<rect x="{x - half:g}" y="{y + 4 * k:g}" width="{2 * half:g}" height="{20 * k:g}" rx="{6 * k:g}" '
                             f'fill="{"#ffe8a3" if here else "#ffffff"}" stroke="{S.INK}" stroke-dasharray="3 2"/>'
                             + K.label(x, y + 14 * k + small * 0.36, hand, size=size,
                                       anchor="middle", weight="bold" if here else "normal") + "</g>")
                b.element("day:0", x - half, y + 4 * k, 2 * half, 20 * k, _w("hand_title", lang))
            if here:
                said = _w("ship", lang, n=n) if n else _w("hand_title", lang)
                b.element("ship", x - r, y + 4 * k, 2 * r, 2 * r, said,
                          f'<path class="ship" d="M{x - 8 * k:g} {y + 28 * k:g}h{16 * k:g}l{-3 * k:g} {5 * k:g}h{-10 * k:g}z" '
                          f'fill="{WALL}"><title>{escape(said)}</title></path>')
        x += half + 14 * k
        # --- the turn order: after the days if it fits there, else on lines of its own
        order = _w("order", lang)
        pills = []
        for s in view["order"]:
            name = player_name(s, lang)
            passed = seats[s]["passed"]
            # the player to move now wears a "▶": a yellow pill alone, after a step told of the other player's move, read
            # as the one who had just moved (a reader). Not in a projector's side column (three or four players), whose
            # lines it would push past the screen's height: there the pill's colour and ring say it
            turn = view["turn"] == s and not view["over"] and view["phase"] != "keep"
            mark = turn and not (g.side and width <= g.side)
            words = name + (f" ({_w('passed', lang)})" if passed else "")
            pills.append((s, name, passed, words, K.em(words, False) * small + 12 * k + (small * 0.8 if mark else 0)))
        ow = K.em(order, True) * title + 8 * k
        if x + ow + sum(w + 6 * k for *_, w in pills) > right:
            x, y = x0, y + 36 * k
        parts.append(K.label(x, y + 18 * k, order, size=title, weight="bold"))
        x += ow
        for s, name, passed, words, w in pills:
            if x + w > right:
                x, y = x0 + (0 if narrow else indent), y + 24 * k
            turn = view["turn"] == s and not view["over"] and view["phase"] != "keep"
            mark = turn and not (g.side and width <= g.side)
            lead = small * 0.8 if mark else 0           # the "▶" before the name: a small triangle, not a word
            tri = (f'<path d="M{x + 6 * k:.1f} {y + 14 * k - small * 0.32:.1f}l{small * 0.55:.1f} {small * 0.32:.1f}'
                   f'l{-small * 0.55:.1f} {small * 0.32:.1f}z" fill="{S.INK}"/>') if mark else ""
            parts.append(f'<g class="order-seat" data-seat="{s}" data-passed="{str(passed).lower()}">'
                         f'<rect x="{x:g}" y="{y + 5 * k:g}" width="{w:.1f}" height="{18 * k:g}" rx="{9 * k:g}" '
                         f'fill="{"#fff3c4" if turn else "#ffffff"}" '
                         f'stroke="{S.INK if turn else S.MUTED}" stroke-width="{1.6 if turn else 0.8}"/>' + tri
                         + K.label(x + (w + lead) / 2, y + 14 * k + small * 0.36, words, size=small, anchor="middle",
                                   fill=S.MUTED if passed else S.INK) + "</g>")
            b.element(f"seat:{s}", x, y + 5 * k, w, 18 * k, name)
            if s in b.acted:
                # the player whose move the events tell, ringed in the events' red: the ▶ is already on the next
                # player, and a teacher pointing at it named the wrong one for the move just told (a reader, stop 56).
                # Not an "event" mark: the page brings those into view, and this one is at the board's top
                b.top.append(f'<rect class="acted" x="{x - 2.5 * k:g}" y="{y + 2.5 * k:g}" width="{w + 5 * k:.1f}" '
                             f'height="{23 * k:g}" rx="{11.5 * k:g}" fill="none" stroke="{S.EVENT}" '
                             f'stroke-width="2.4"/>')
            x += w + 6 * k
        y += 40 * k

    def section(name: str) -> float:
        """A part's name; returns where its things begin (beside it, or on the next line)."""
        nonlocal y
        parts.append(K.label(x0, y + title, name, size=title, weight="bold"))
        if narrow:
            y += title + 8 * k
            return x0
        return x0 + max(indent, K.em(name, True) * title + 12 * k)

    start = x = x0
    if not trimmed or view["rewards"]:
        # --- the common treasures left
        start = x = section(_w("supply", lang))
        row_h = 0.0
        for shape, n in view["supply"].items():
            cells = G.ORIENTATIONS[shape][0]
            tw, th = _box(cells)
            count = f"×{n}"
            # (room inside the frame a choice is drawn with: at 2 units in, the frame cut the tile's left edge and the
            # count's "5", a reader of wave 23)
            pad = 7 * k
            bw = max(pad + tw * g.mini + 4 * k + K.em(count, False) * small + pad, target)
            bh = max(th * g.mini, 14 * k, target - 4 * k) + 4 * k
            if x + bw > right:
                x, y, row_h = start, y + row_h + 6 * k, 0.0
            py = y + (bh - th * g.mini) / 2 - 2 * k
            parts.append(f'<g class="supply" data-shape="{shape}"><title>{escape(shape_name(shape, lang))}: {n}</title>'
                         + K.place(x + pad, py, f'<path d="{_squares(cells, g.mini)}" fill="{COMMON_FILL}" '
                                              f'stroke="{S.INK}" stroke-width="0.8"/>')
                         + K.label(x + pad + tw * g.mini + 4 * k, py + th * g.mini / 2 + small * 0.36, count, size=small)
                         + "</g>")
            b.element(f"supply:{shape}", x, y - 2 * k, bw, bh, shape_name(shape, lang))
            x += bw + 12 * k
            row_h = max(row_h, bh)
        bag = _w("bag", lang, n=view["bag_count"])
        if x + K.em(bag, False) * small > right:
            x, y, row_h = start, y + row_h + 4 * k, small
        parts.append(K.label(x, y + max(row_h, 16 * k) / 2 + small * 0.2, bag, size=small, fill=S.MUTED))
        y += max(row_h, 16 * k) + 10 * k
    if not trimmed:
        # --- the island
        start = x = section(_w("island", lang))
        top = y
        row_h, gap = 0.0, 6 * k
        for place, tile in enumerate(view["island"], 1):
            number = tile.get("no", place)
            cells = G.ORIENTATIONS[tile["shape"]][0]
            tw, th = _box(cells)
            sw, sh = _island_slot(tile["shape"], number, g, small, target)
            nw = small * 0.62 * len(str(number)) + 2 * k        # its number's column, left of the tile
            if x + sw > right:
                x, y = start, y + row_h + gap
                row_h = 0.0
            tx, ty = x + nw + (sw - nw - tw * g.mini) / 2, y + (sh - th * g.mini) / 2
            key = f"tile:{tile['id']}"
            name = tile_name(tile["id"], lang)
            b.element(key, x, y, sw, sh, name,
                      f'<g class="island-tile" data-tile-kind="{tile["kind"]}" aria-label="{K.attr(name)}">'
                      f'<title>{escape(name)}</title>{K.place(tx, ty, _tile(tile["id"], 0, g.mini, lang, f.floor))}</g>')
            # its number, as the buttons and drills name it ("no. 10"): on a phone the tiles wrap to two rows, and
            # "no. 10 from the left" could not be counted
            # ... inside the rounded corner of the frame the table draws round a tile one may take (its "6" was cut
            # by the frame's corner, a reader, stop 60)
            parts.append(K.label(x + 1.5 * k, y + small * 0.85 + 3.5 * k, str(number), size=small, fill=S.MUTED,
                                 cls="island-number"))
            if tile["id"] in marked:
                b.top.append(K.ring(tx, ty, tw * g.mini, th * g.mini, "event", key))
            x += sw + gap
            row_h = max(row_h, sh)
        # a worked example's steps draw the island as tall as in its step with the most rows (ISLAND_ROOM): tiles
        # taken and a new day's drawn changed its height from step to step, and the boat under it moved up and down
        # the screen (a reader)
        room = max((top + _island_height(shapes, start, right, g, small, target) for shapes in _island_room(b.hl)),
                   default=0.0)
        if not view["island"]:
            # "nothing laid out yet" in the middle of the room kept for the tiles to come, not over 230 px of blank
            # that read as the board's end on a phone (a reader, stop 58)
            empty = _w("island_unset" if view["phase"] == "keep" else "island_empty", lang)
            lines = len(_lines(empty, right - start - 20 * k, small)) if room else 1
            at = max(y, top + (room - top - lines * small * 1.25) / 2 - 6 * k) if room else y
            inset = 10 * k if room > top + 40 * k else 0.0
            if inset:       # the room outlined: the place where the day's tiles will lie
                parts.append(f'<rect x="{start:.1f}" y="{top + 2 * k:.1f}" width="{right - start:.1f}" '
                             f'height="{room - top - 8 * k:.1f}" rx="8" fill="none" stroke="{S.MUTED}" '
                             f'stroke-dasharray="6 5" class="island-room"/>')
            y = at + _wrapped(parts, start + inset, at + 12 * k, empty, right - start - 2 * inset, small,
                              fill=S.MUTED) - small * 1.25
        y += max(row_h, 16 * k) + 12 * k
        y = max(y, room)
    # --- the held tile, or the treasure a map earned
    held = view["held"]
    if held is not None:
        cells = G.ORIENTATIONS[held["shape"]][0]
        tw, th = _box(cells)
        name = tile_name(held["id"], lang)
        said = _w("held", lang, player=player_name(view["turn"], lang))
        parts.append(K.label(x0, y + title, said, size=title, weight="bold"))
        # the picture after the label's own width, never over it («Гравець 1 розміщує» is wider than
        # "Player 1 places"), in the island's column when the label is shorter, under it on a narrow screen
        # (a tenth more than the estimate of its width: «Гравець 1 розміщує» in bold ran into the tile, a reader)
        px = max(start, x0 + K.em(said, True) * title * 1.1 + 10 * k)
        if px + tw * g.mini + 10 * k + K.em(name, False) * small > right:
            px, y = start, y + title + 8 * k
        b.element(f"tile:{held['id']}", px - 3 * k, y - 3 * k, tw * g.mini + 6 * k, th * g.mini + 6 * k, name,
                  f'<g class="held-tile"><title>{escape(name)}</title>'
                  f'{K.place(px, y, _tile(held["id"], 0, g.mini, lang, f.floor))}</g>')
        nx = px + 10 * k + tw * g.mini
        _wrapped(parts, nx, y + 12 * k, name, right - nx, small)
        y += max(th * g.mini, 2 * small * 1.25) + 12 * k
    elif view["rewards"]:
        # an invitation only where it can be answered (the supply offered to click); a board nobody can act on
        # now (a finished task, a worked example) says what was earned and does not ask for more
        live = any(k_.startswith("supply:") for k_ in b.offers)
        y += _wrapped(parts, x0, y + title, _w("reward" if live else "reward_earned", lang,
                                               player=player_name(view["turn"], lang)), width, title, bold=True)
        y += 10 * k
    return y


ISLAND_ROOM = "island-room:"     # + the island's tile shapes of one step, ","-joined; one token a step of an example


def island_room(views: Sequence[dict[str, Any]]) -> tuple[str, ...]:
    """The highlight tokens that keep the island as tall on every one of `views` (a worked example's steps) as on
    the one where it is tallest: each distinct island's shapes."""
    seen = dict.fromkeys(",".join(t["shape"] for t in v.get("island") or ()) for v in views)
    return tuple(ISLAND_ROOM + shapes for shapes in seen if shapes)


def _island_room(hl: AbstractSet[str]) -> list[list[str]]:
    return [k[len(ISLAND_ROOM):].split(",") for k in sorted(hl) if k.startswith(ISLAND_ROOM) and len(k) > len(ISLAND_ROOM)]


def _island_slot(shape: str, number: int, g: "_Geo", small: float, target: float) -> tuple[float, float]:
    """The width and height the island gives its `number`th tile of `shape`: the tile, its number on its left."""
    k = g.k
    tw, th = _box(G.ORIENTATIONS[shape][0])
    nw = small * 0.62 * len(str(number)) + 2 * k
    return max(tw * g.mini + 6 * k + nw, target), max(th * g.mini + 6 * k, target)


def _island_height(shapes: Sequence[str], start: float, right: float, g: "_Geo", small: float, target: float) -> float:
    """How tall the island's rows of tiles of `shapes` are, down to the next part's, as _header lays them out
    between `start` and `right`."""
    k = g.k
    x, y, row_h, gap = start, 0.0, 0.0, 6 * k
    for number, shape in enumerate(shapes, 1):
        if shape not in G.ORIENTATIONS:
            continue
        sw, sh = _island_slot(shape, number, g, small, target)
        if x + sw > right:
            x, y, row_h = start, y + row_h + gap, 0.0
        x += sw + gap
        row_h = max(row_h, sh)
    return y + max(row_h, 16 * k) + 12 * k


def describe(view: dict[str, Any], lang: str = "en", boat_only: bool = False) -> str:
    """The position in plain words: what a screen reader says about the board (the other games' boards say it too);
    a boat alone (the score helper) is told by its boat only."""
    lines: list[str] = []
    if boat_only:
        pass
    elif view["over"]:
        lines = [_w("hand_title", lang) + "."]
    else:
        ship = _w("ship", lang, n=view["ship"])
        lines = [_w("d.head", lang, ship=ship[:1].upper() + ship[1:], player=player_name(view["turn"], lang),
                    bag=view["bag_count"])]
    island = ", ".join(tile_name(t["id"], lang) for t in view["island"])
    if not boat_only:
        lines.append(_w("d.island", lang, tiles=island) if island else _w("d.island_empty", lang))
    if view["held"] is not None and not boat_only:
        lines.append(_w("d.held", lang, player=player_name(view["turn"], lang), tile=tile_name(view["held"]["id"], lang)))
    for seat in view["seats"]:
        lines.append(_w("d.seat", lang, player=player_name(seat["seat"], lang), boat=boat_name(seat["boat"], lang),
                        tiles=len(seat["tiles"]), cards=seat["kept_count"] or seat["dealt_count"]))
    return "\n".join(lines)


CARDS_UP = "cards:up"


def _cards_face_down(view: dict[str, Any], hl: AbstractSet[str]) -> dict[str, Any]:
    """`view` with the kept family cards face down, as they lie on the table between the keep and the end: a
    lesson's board shows their faces only while they are chosen or scored, or where it asks (CARDS_UP: the game's
    own table, where a player may look at their cards, and the parts that teach them). A teacher found a card's
    task (2 points a visible rat) printed on the rats question's board, five parts before the cards are taught."""
    if CARDS_UP in hl or view.get("phase") in ("keep", "over"):
        return view
    if not any(seat.get("kept") for seat in view["seats"]):
        return view
    return {**view, "seats": [{**seat, "kept": None} for seat in view["seats"]]}


def _faces(seat: dict[str, Any]) -> Optional[list[dict[str, Any]]]:
    """The family cards a seat's panel shows face up (one's own, or everyone's at the end), else None."""
    cards: Optional[list[dict[str, Any]]] = seat["kept"] if seat["kept"] is not None and seat["kept_count"] else \
        seat["dealt"] if seat["dealt"] else None
    return cards


@lru_cache(maxsize=4096)
def _card_height(card_id: str, w: float, lang: str, h: float, floor: float) -> float:
    """How tall a family card w wide must be for its words at the layout's smallest print or larger: h when they
    fit in it, else as many lines as they take at that print."""
    if _card_lines(card_id, w, lang, h)[0] >= floor:
        return h
    n = len(_lines(_w(f"card_short.{card_id}", lang), w - 6, floor))
    return n * (floor + 1) + 6


def _card_rows(cards: list[dict[str, Any]], bw: float, h: float, floor: float, lang: str) -> tuple[int, float]:
    """How many family cards go side by side under a boat `bw` wide, and how tall each is: the arrangement that
    takes least height with every card's words at the layout's smallest print or larger."""
    gap = 6
    best: Optional[tuple[float, int, float]] = None
    for n in range(len(cards), 0, -1):
        w = round((bw - gap * (n - 1)) / n, 2)
        ch = max(_card_height(card["id"], w, lang, h, floor) for card in cards)
        band = -(-len(cards) // n) * (ch + gap)
        if best is None or band < best[0] - 0.01:
            best = (band, n, ch)
    assert best is not None, "no cards to lay out"
    return best[1], best[2]


class _Panel(NamedTuple):
    """Where a seat's panel puts its parts, from its top-left corner: the boat (ox, oy), its square c, the family
    cards' band under it (or their column beside it, `beside` wide) and the whole height."""
    ox: float
    oy: float
    c: float
    per_row: int
    card_h: float
    height: float
    beside: float = 0
    turned: bool = False        # the boat on its side (TURNED): its 9 rows across, its 22 columns down


# the narrowest column of family cards beside a boat (their words at the smallest print, three or four lines)
BESIDE = 78


def _panel(seat: dict[str, Any], c: float, g: _Geo, f: _Fonts, lang: str, span: float = 0,
           turned: bool = False) -> _Panel:
    """A seat's panel with a boat of square c (`turned`: on its side). Where the panel may be `span` wide and the
    boat leaves room, its family cards go in a column beside the boat if they fit its height (a phone's smaller
    boats, a laptop's three or four boats two by two), else under it."""
    k = g.k
    nums = _numbers_size(c, f.floor)
    ox = _numbers_left(c, f, turned)
    oy = f(12) + 5 * k + nums + 1 + _numbers_off(nums)
    bw, bh = (C.HEIGHT * c, C.WIDTH * c) if turned else (C.WIDTH * c, C.HEIGHT * c)
    cards = _faces(seat)
    height = oy + bh
    per_row, card_h = 0, 32 * k
    room = span - ox - bw - 8 * k
    if cards and room >= BESIDE:
        w = round(min(room, 150 * k), 2)
        h = max(_card_height(card["id"], w, lang, card_h, f.floor) for card in cards)
        if len(cards) * (h + 6) - 6 <= bh:
            return _Panel(ox, oy, c, 1, h, height, w, turned)
    if cards:
        per_row, card_h = _card_rows(cards, max(bw, span - ox), card_h, f.floor, lang) if turned \
            else _card_rows(cards, bw, card_h, f.floor, lang)
        rows = -(-len(cards) // per_row)
        height += 6 * k + rows * (card_h + 6) - 6
    return _Panel(ox, oy, c, per_row, card_h, height, 0, turned)


def _step(c: float, least: float = 6.0) -> float:
    """A boat's square, down to a half unit (the boats' drawings are cached by their square), never under `least`."""
    return max(least, int(c * 2) / 2)


def _least_cell(f: _Fonts) -> float:
    """The smallest square a boat shrinks to, to fit its layout: one that holds a tile's initial or a map's at the
    smallest print with a little room around it (the column numbers go every other one on a small boat)."""
    return -(-(f.floor * 1.1) * 2 // 1) / 2


def _numbers_left(c: float, f: _Fonts, turned: bool = False) -> float:
    """The room left of a boat for its row numbers (one digit), or a turned boat's column numbers (two)."""
    size = _numbers_size(c, f.floor)
    return (K.em(str(C.WIDTH), False) * size if turned else size * 0.7) + 2 + NUMBERS_OFF


def _panel_width(c: float, f: _Fonts, turned: bool = False) -> float:
    return _numbers_left(c, f, turned) + (C.HEIGHT if turned else C.WIDTH) * c


# A boat drawn on its side on a phone, where a question is about that boat alone ("near:" or "alone:"): its 9 rows
# across the screen give squares of up to TURNED units, twice a boat's 22 columns across (15.5: a reader could not
# count its rats or find a room's empty squares, 2.5 mm on a phone). Its print stays upright. The boat placed on lies
# so too (tutor/widgets/static/placing.js reads the turn from the boat's transform: its arrows move the piece the way
# they point on the screen), and the lessons' words name the boat's own sides (bow, stern, port, starboard), never
# the screen's.
TURNED = 28


def _turn(svg: str, ox: float, oy: float, c: float) -> str:
    """`svg`, drawn at the boat's place (ox, oy) as if the boat lay along the screen, laid on its side: a quarter turn
    clockwise about the boat's corner, so its column 1 is at the top and its row 1 on the right. Each of its words and
    room symbols turns back about its own middle, so it reads upright."""
    def upright(m: re.Match[str]) -> str:
        x, y, size = float(m.group(1)), float(m.group(2)), float(m.group(3))
        return f'{m.group(0)} transform="rotate(-90 {x:g} {round(y - size * 0.36, 2):g})"'
    svg = _TEXT_AT.sub(upright, svg)
    svg = _ROOM_AT.sub(lambda m: f'{m.group(0)} transform="rotate(-90 {(ROOM_SPOTS[int(m.group(1))][0] + 0.5) * c:g} '
                                 f'{(ROOM_SPOTS[int(m.group(1))][1] + 0.5) * c:g})"', svg)
    return (f'<g class="turned" transform="translate({ox + C.HEIGHT * c:g},{oy:g}) rotate(90) '
            f'translate({-ox:g},{-oy:g})">{svg}</g>')


_TEXT_AT = re.compile(r'<text x="(-?[0-9.]+)" y="(-?[0-9.]+)" font-size="([0-9.]+)"')
_ROOM_AT = re.compile(r'<g class="room" data-room="([0-9]+)"')
_NUMBERS = re.compile(r'<g class="grid-numbers".*?</g>', re.S)


def _turned_numbers(ox: float, oy: float, c: float, f: _Fonts) -> str:
    """A turned boat's column numbers down its left side and its row numbers across its top (right to left: the
    boat turned clockwise), upright."""
    size = _numbers_size(c, f.floor)
    return ('<g class="grid-numbers" aria-hidden="true">'
            + "".join(K.label(ox - NUMBERS_OFF, oy + (x + 0.5) * c + size * 0.35, x + 1, size=size, anchor="end",
                              fill=S.MUTED) for x in range(C.WIDTH))
            + "".join(K.label(ox + (C.HEIGHT - y - 0.5) * c, oy - _numbers_off(size), y + 1, size=size,
                              anchor="middle", fill=S.MUTED) for y in range(C.HEIGHT))
            + "</g>")


def render(view: dict[str, Any], *, highlight: Iterable[str] | str | None = (), lang: str = "en",
           events: Iterable[Any] = (), choosable: Optional[Mapping[str, Any]] = None,
           cell: Optional[float] = None, boat_only: bool = False, layout: Optional[str] = None) -> str:
    """The table as SVG text in `layout` (tutor.core.svg.LAYOUTS: "phone", "laptop", "projector"; None: the
    default); `cell` fixes the boats' square (else the layout sizes it)."""
    spec = S.layout_of(layout)
    g = GEOS[spec.name]
    f = _Fonts(spec, g)
    hl = S.parse_highlight(highlight)
    offers = S.offers(choosable) if choosable else {}
    marked = {e.data["tile"] for e in events if hasattr(e, "data") and isinstance(e.data, dict) and "tile" in e.data}
    b = _Board(hl, offers, set(), lang)
    b.marked = {f"tile:{t}" for t in marked}
    # who moved, by the events (a tile taken or placed, a treasure, a pass): their turn-order pill is ringed; not who
    # a setup or a new day names (each player's kept cards, the day's first player: both players stood ringed at a
    # game's start, a reader of wave 18)
    b.acted = {e.data["player"] for e in events if hasattr(e, "data") and isinstance(e.data, dict)
               and str(getattr(e, "kind", "")).rsplit(".", 1)[-1] in MOVES
               and isinstance(e.data.get("player"), int) and not isinstance(e.data.get("player"), bool)}
    view = _cards_face_down(view, hl)
    if "hide:table" in hl and spec.name == "phone" and len(view["seats"]) > 1:
        # a task about one placement, on a phone: the learner's boat alone (the other boat, 390 px of 6-px rats, lay
        # between the task's board and its controls, a reader); a wider screen has it beside, out of the way
        own = view.get("viewer")
        if own is None:
            own = next((int(k[5:]) for k in hl if k.startswith("seat:") and k[5:].isdigit()), None)
        view = dict(view, seats=[seat for seat in view["seats"] if seat["seat"] == own] or view["seats"])
    alone = next((k[6:] for k in hl if k.startswith("alone:")), None)
    if alone is not None:            # one boat drawn as the score helper draws it, the rest of the table left out
        view = dict(view, seats=[seat for seat in view["seats"] if str(seat["seat"]) == alone] or view["seats"])
        boat_only = True
    asked = next((k[5:] for k in hl if k.startswith("near:") and k[5:].isdigit()), None)
    if asked is not None and alone is None and spec.name == "phone":
        # a quiz or drill about one boat, on a phone: that boat alone, under its question (the days, the turn order,
        # the treasures, the island and the other boats were 400-500 px between the question and its answers, and
        # readers counted rats on the boat at the bottom of it all)
        view = dict(view, seats=[seat for seat in view["seats"] if str(seat["seat"]) == asked] or view["seats"])
        boat_only = True
    solo = next((k[5:] for k in hl if k.startswith("solo:") and k[5:].isdigit()), None)
    if solo is not None and alone is None and asked is None and spec.name == "phone":
        # a worked example about one boat, on a phone: that boat alone (on its side, as a phone's first boat lies);
        # the days, the treasures, the island and the other boat were half of each of its boards
        view = dict(view, seats=[seat for seat in view["seats"] if str(seat["seat"]) == solo] or view["seats"])
        boat_only = True
    seats = view["seats"]
    # a question about one boat on a phone: the boat on its side, its squares twice as large (TURNED)
    turned = spec.name == "phone" and boat_only and len(seats) == 1 and cell is None and (
        asked is not None or alone is not None)
    width, pad = spec.width, g.pad
    target = spec.min_target
    n = len(seats)
    side = g.side if (g.side and n >= 3 and not boat_only) else 0
    if boat_only:
        y = pad
    elif side:
        y = head_end = _header(b, view, seats, pad, pad, side - pad, g, f, target, marked, lang)
    else:
        if g.side:           # a projector with the island across the top
            g = g._replace(mini=WIDE_MINI)
        y = _header(b, view, seats, pad, pad, width - 2 * pad, g, f, target, marked, lang)
    # --- the seats: the viewer's first on a phone (its boat is the one the learner places on)
    left = side + pad if side else pad
    room = width - left - pad
    top = pad if side else y + 4 * g.k
    viewer = view.get("viewer")
    # the viewer's boat first on a phone, every frame alike: a film that brought the acting player's boat first swapped
    # the boats' places and sizes at every turn (a reader); the step's ring and the page (play.js) show where it moved
    order = list(seats)
    if g.stack and viewer is not None:
        order.sort(key=lambda seat: seat["seat"] != viewer)
    # "near:<seat>" (a drill or quiz about one boat): that boat last, just above the question's choices, still at the
    # size of the boat placed on (a reader scrolled between the asked boat and the answers, the others between them)
    near = next((int(k[5:]) for k in hl if k.startswith("near:") and k[5:].isdigit()), None)
    if g.stack and near is not None:
        order.sort(key=lambda seat: seat["seat"] == near)
    big = near if g.stack and near is not None else (order[0]["seat"] if order else None)
    # "acting:<seat>" (the play table's film, a frame of another player's step): that boat on its side too, at the
    # size of the boat placed on, in its own place under the viewer's: on a thumbnail of 9-px squares the others'
    # tiles were laid where nobody could see them (two readers, stops 55 and 56)
    # (a worked example names every player whose move its steps make, on every step, so its layout holds still)
    acting = {int(k[7:]) for k in hl if k.startswith("acting:") and k[7:].isdigit()}
    placed: list[tuple[dict[str, Any], float, float, _Panel, float]] = []    # (seat, x, y, panel, the width it may take)
    least = _least_cell(f)
    if g.stack:
        for seat in order:
            # the boat placed on, or the one a worked example is about (the first), on its side too: along the
            # screen its squares were 15.5 units, too small to count rats or find a room's empty squares, and to tap
            # (two readers, stop 52); the other boats stay along the screen, smaller
            on_side = turned or (cell is None and (seat["seat"] == big or seat["seat"] in acting))
            largest = TURNED if on_side else g.other
            low = min(least, largest)
            fit = (room - _panel_width(0, f, on_side)) / (C.HEIGHT if on_side else C.WIDTH)
            c = cell or _step(min(largest, fit), low)
            while not cell and _panel_width(c, f, on_side) > room and c > low:
                c = _step(c - 0.5, low)
            p = _panel(seat, c, g, f, lang, room, on_side)
            placed.append((seat, left, top, p, room))
            top += p.height + 14 * g.k
        height = top - 14 * g.k + pad
    else:
        best = None
        for cols in range(1, n + 1):
            if cols > 1 and boat_only:
                break
            fit = (room - (cols - 1) * 12 * g.k - cols * _panel_width(0, f)) / (C.WIDTH * cols)
            c = cell or _step(min(g.cell, fit), least)
            while not cell and cols * _panel_width(c, f) + (cols - 1) * 12 * g.k > room and c > least:
                c = _step(c - 0.5, least)
            span = (room - (cols - 1) * 12 * g.k) / cols
            while True:
                rows = [order[i:i + cols] for i in range(0, n, cols)]
                panels = [[_panel(seat, c, g, f, lang, span) for seat in row] for row in rows]
                height = top + sum(max(p.height for p in row) for row in panels) + (len(rows) - 1) * 14 * g.k + pad
                if cell or spec.max_height is None or height <= spec.max_height or c <= least:
                    break
                # each row's boat is 9 squares tall: shrink by about what the excess asks, half a unit at least
                c = _step(c - max(0.5, (height - spec.max_height) / (9 * len(rows))), least)
            # side by side only as many boats as the width holds (four 11.5-unit boats in a laptop's 748 units
            # were drawn over one another); then within the height, the largest squares; else the least height
            wide = cell is not None or cols * _panel_width(c, f) + (cols - 1) * 12 * g.k <= room + 0.01
            fits = spec.max_height is None or height <= spec.max_height
            rank = (wide, fits, c if fits else -height, -height)
            if best is None or rank > best[0]:
                best = (rank, c, cols, panels, height, span)
        assert best is not None
        _rank, c, cols, panels, height, span = best
        pw = _panel_width(c, f)
        if any(p.beside for row in panels for p in row):       # each panel in its share of the width
            pw = span
        spare = (room - cols * pw) / max(cols - 1, 1) if cols > 1 else 0
        y = top
        for r, row in enumerate(panels):
            for j, p in enumerate(row):
                placed.append((order[r * cols + j], left + j * (pw + spare), y, p, pw))
            y += max(p.height for p in row) + 14 * g.k
        if side:            # the island's column may reach lower than the boats
            height = max(height, head_end + pad)
    for seat, sx, sy, p, span in placed:
        _seat(b, view, seat, sx, sy, p, g, f, lang, span)
    height = round(height, 1)
    title = escape(text("isle_of_cats.title", lang))
    role = "group" if offers else "img"
    body = "".join(b.parts) + "".join(b.top)
    style = "" if spec.name == "phone" else f' style="{S.height_floor(height, body)}"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="{role}" aria-label="{title}" font-family="{S.FONT}" '
            f'class="ioc-board" data-layout="{spec.name}"{style}><title>{title}</title>'
            f'<desc>{escape(describe(view, lang, boat_only))}</desc>'
            f'<rect width="{width:g}" height="{height:g}" fill="{S.PAPER}"/>' + body + "</svg>")


def _seat(b: _Board, view: dict[str, Any], seat: dict[str, Any], sx: float, sy: float, p: _Panel, g: _Geo, f: _Fonts, lang: str,
          span: float = 0) -> None:
    """A seat's panel from (sx, sy), `span` wide at most: its name and boat's, its family cards (backs beside the
    name, faces under the boat, in rows), the boat with its tiles, and the highlights, marks and choices on them.
    The name and the card backs may reach past a smaller boat (a phone's other boats), to `span`."""
    s, boat, c, k = seat["seat"], seat["boat"], p.c, g.k
    parts = b.parts
    head = f"{player_name(s, lang)} · {boat_name(boat, lang)}"
    size = f(12)
    cards = _faces(seat)
    count = seat["kept_count"] or seat["dealt_count"]
    cw, ch = 14 * k, 18 * k
    room = max(p.ox + C.WIDTH * c, span) - (0 if cards else 12 * k + count * (cw + 4 * k))
    if K.em(head, True) * size > room:      # a long name beside the card backs: smaller, never under the floor
        size = max(K.fit(head, room, size, True), f.floor)
    parts.append(K.label(sx, sy + size, head, size=size, weight="bold",
                         length=room if K.em(head, True) * size > room else None))
    ox, oy = sx + p.ox, sy + p.oy
    lw, lh = C.WIDTH * c, C.HEIGHT * c                      # the boat as it lies in its own squares
    bw, bh = (lh, lw) if p.turned else (lw, lh)            # ... and on the page
    names = []
    if cards:
        # faces under the boat, in rows, or in a column beside it, each with its task in short words (the full task
        # in its title)
        gap = 6
        per = p.per_row
        across = max(bw, span - p.ox) if p.turned and not p.beside else bw     # a turned boat's cards take the width
        w = p.beside or (across - gap * (per - 1)) / per
        left, y0 = (ox + bw + 8 * k, oy) if p.beside else (ox, oy + bh + 6 * k)
        alike = min(_card_lines(card["id"], round(w, 2), lang, p.card_h)[0] for card in cards)
        for j, card in enumerate(cards):
            name = card_name(card["id"], lang)
            names.append(name)
            x0, y1 = left + (j % per) * (w + gap), y0 + (j // per) * (p.card_h + gap)
            parts.append(f'<g class="family-card" data-face="true"><title>{escape(name)}</title>'
                         f'<rect x="{x0:.1f}" y="{y1:g}" width="{w:.1f}" height="{p.card_h:g}" rx="3" fill="#fffbe6" '
                         f'stroke="{S.INK}" stroke-width="0.8"/>' + _card_words(card["id"], x0, y1, w, lang, p.card_h, f.floor, alike)[1]
                         + "</g>")
        rows = -(-len(cards) // per)
        b.element(f"cards:{s}", left - 2, y0 - 2, (p.beside or across) + 4, rows * (p.card_h + gap) - gap + 4,
                  "; ".join(names))
    else:
        cx = sx + min(K.em(head, True) * size, room) + 12 * k
        for j in range(count):
            name = card_name(None, lang)
            names.append(name)
            parts.append(f'<g class="family-card" data-face="false"><title>{escape(name)}</title>'
                         f'<rect x="{cx + j * (cw + 4 * k):g}" y="{sy + size - 13 * k:g}" width="{cw:g}" '
                         f'height="{ch:g}" rx="2" fill="#8a6d4b" stroke="{S.INK}" stroke-width="0.8"/>'
                         + K.label(cx + j * (cw + 4 * k) + cw / 2, sy + size - 13 * k + ch / 2 + f(9) * 0.36, "?",
                                   size=f(9), anchor="middle", fill="#ffffff") + "</g>")
        if count:
            b.element(f"cards:{s}", cx - 2, sy + size - 15 * k, count * (cw + 4 * k) + 2, ch + 4 * k, "; ".join(names))
    # a turned boat: what is drawn from here on, the boat and what lies on it, is turned on its side at the end;
    # the panel's top line says so at its right, where its name and cards leave room
    if p.turned:
        note, small = _w("turned", lang), f.floor
        used = sx + min(K.em(head, True) * size, room) + (0 if cards else 12 * k + count * (cw + 4 * k))
        if used + 8 + K.em(note, False) * small <= sx + max(span, p.ox + bw):
            parts.append(K.label(sx + max(span, p.ox + bw), sy + size, note, size=small, anchor="end",
                                 fill=S.MUTED, cls="turned-note"))
        page_parts, page_top = parts, b.top
        parts = b.parts = []
        b.top = []
    drawn = _boat(boat, c, lang, f.floor)
    turned_mark = ' data-turned="true"' if p.turned else ""
    parts.append(f'<g class="boat" data-board-seat="{s}" data-x0="{ox:g}" data-y0="{oy:g}" data-cell="{c:g}" '
                 f'data-boat="{boat}"{turned_mark} transform="translate({ox:g},{oy:g})">'
                 f'<title>{escape(boat_name(boat, lang))}</title>{_NUMBERS.sub("", drawn) if p.turned else drawn}')
    # the boat's ends named in the corners its hull leaves free (the stern's, the bow's): the lessons name places by
    # the boat's own sides, and a reader found no board that showed which end was which (stop 53)
    # (not where tiles lie near that corner while the families' labels are drawn: one may be set there; without them
    # the corner stays free, the hull's outline between the word and the tiles: "bow" vanished from every drill
    # board with a tile near it, while the lesson names places by it, a reader of wave 19)
    labelled = "families" in b.hl or f"families:{s}" in b.hl or view["over"] or f"kin:{s}" in b.hl
    near = [tuple(q) for t in seat["tiles"] for q in t["cells"]] if labelled else []
    if not any(x <= 5 and y <= 3 for x, y in near):
        parts.append(K.label(2 * c, 1.1 * c + f.floor * 0.35, _w("stern", lang), size=f.floor, anchor="middle",
                             fill=S.MUTED, cls="boat-end"))
    if not any(x >= 16 and y <= 4 for x, y in near):
        parts.append(K.label(21 * c, 1.5 * c + f.floor * 0.35, _w("bow", lang), size=f.floor, anchor="middle",
                             fill=S.MUTED, cls="boat-end"))
    # ... and its sides, in the free corners along them: port by the bow, starboard by the stern (on a phone's turned
    # boat port is on the right: "port" was said in a sentence of part 2 alone, a reader)
    # (each in the six squares' width its corner leaves free, else not at all: on a small boat the words ran over the
    # hull and its tiles)
    port, starboard = _w("port", lang), _w("starboard", lang)
    # (nor where the print is taller than a square: an opponent's small boat on a phone, whose "port" and "starboard"
    # lay on the hull's outline, a reader of wave 18; its bow and stern still say which end is which)
    sides = f.floor <= 0.9 * c
    if sides and not any(x >= 15 and y <= 2 for x, y in near) and K.em(port, False) * f.floor <= 5.5 * c:
        parts.append(K.label(18 * c, 0.5 * c + f.floor * 0.35, port, size=f.floor, anchor="middle",
                             fill=S.MUTED, cls="boat-side"))
    if sides and not any(x <= 6 and y >= 6 for x, y in near) and K.em(starboard, False) * f.floor <= 6.5 * c:
        # (from the stern's corner on: on a turned boat, centred, it ran over the row numbers at its left)
        parts.append(K.label(0.15 * c, 9 * c - 3, starboard, size=f.floor,
                             fill=S.MUTED, cls="boat-side"))
    if f"rooms:{s}" in b.hl:        # under the tiles: each room in its own shade, so the seven are seen as rooms
        parts.append(_room_shades(c, lang))
    for tile in seat["tiles"]:
        tx, ty = tile["x"] * c, tile["y"] * c
        name = tile_name(tile["id"], lang)
        parts.append(f'<g class="placed-tile" data-tile-kind="{tile["kind"]}" transform="translate({tx:g},{ty:g})">'
                     f'<title>{escape(name)}</title>{_tile(tile["id"], tile["orientation"], c, lang, f.floor)}</g>')
    # families outlined with their points where a lesson asks ("families"), and at the end: always on, they would
    # answer a worked example's question before it is asked
    if f"open:{s}" in b.hl:
        parts.append(_open_squares(seat["tiles"], c, lang))
    if seat["tiles"]:       # the rooms' walls again, over the tiles: a tile's border must not pass for a wall
        parts.append(_walls_over(c, _covered(seat["tiles"])))
    if f"rats:{s}" in b.hl:
        parts.append(_rats_seen(seat["tiles"], boat, c, lang))
    if "families" in b.hl or f"families:{s}" in b.hl or view["over"]:
        parts.append(_family_marks(seat["tiles"], c, lang, f(9), turned=p.turned))
    elif f"kin:{s}" in b.hl:
        parts.append(_family_marks(seat["tiles"], c, lang, f(9), points=False, turned=p.turned))
    parts.append("</g>")
    # a boat's highlight follows its hull, not a box: a box 4 units out ran through the column and row numbers
    key = f"boat:{s}"
    if key in b.hl:
        b.ring_cells(key, ox, oy, C.BOAT_CELLS, c)
    if key in b.offers:
        b.top.append(K.choice(key, b.offers[key], ox, oy, lw, lh, boat_name(boat, lang)))
    for tile in seat["tiles"]:
        key = f"tile:{tile['id']}"
        if key in b.hl or key in b.marked:
            b.ring_cells(key, ox, oy, [tuple(q) for q in tile["cells"]], c)
        if key in b.offers:
            tw, th = _box(G.ORIENTATIONS[tile["shape"]][tile["orientation"]])
            b.top.append(K.choice(key, b.offers[key], ox + tile["x"] * c, oy + tile["y"] * c, tw * c, th * c,
                                  tile_name(tile["id"], lang)))
    for i in range(len(C.ROOMS)):
        key = f"room:{s}:{i}"
        if key in b.hl:
            b.ring_cells(key, ox, oy, C.ROOMS[i], c)
    held = view.get("held")
    for key in b.hl:
        if held is not None and view.get("turn") == s and key.startswith(f"try:{s}:"):
            b.top.append(_tried(key, held["id"], ox, oy, c, f.floor))
        if held is not None and view.get("turn") == s and key.startswith(f"ask:{s}:"):
            b.top.append(_asked(key, held["id"], ox, oy, c, boat, f.floor))
    options = sorted(k for k in b.hl if k.startswith(f"option:{s}:"))
    if held is not None and view.get("turn") == s and options:
        # each letter on a square no other candidate covers, so that A and C never sit on one square
        cells = {k: _option_cells(k, held["id"]) for k in options}
        for key in options:
            others = {q for k, cs in cells.items() if k != key for q in cs}
            b.top.insert(0, _option(key, held["id"], ox, oy, c, lang, f.floor, frozenset(others)))  # under a try's red
    fits = {k: _fit_parts(k) for k in sorted(b.hl) if k.startswith(f"fit:{s}:")}
    for key, got in fits.items():
        if got is not None:
            label, _tile_id, spots = got
            apart = {q for k, g in fits.items() if k != key and g is not None for q in g[2]}
            b.top.append(_ghost(key, spots, label, ox, oy, c, f.floor, frozenset(apart), ' class="fit"'))
    for key in b.hl | set(b.offers):
        if key.startswith(f"cell:{s}:"):
            try:
                x, y = (int(v) for v in key.rsplit(":", 1)[1].split(","))
            except ValueError:
                continue
            b.element(key, ox + x * c, oy + y * c, c, c, _w("cell", lang, x=x + 1, y=y + 1))
    if p.turned:
        page_parts.append(_turn("".join(parts), ox, oy, c) + _turned_numbers(ox, oy, c, f))
        page_top.append(_turn("".join(b.top), ox, oy, c) if b.top else "")
        b.parts, b.top = page_parts, page_top
