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
    seat:<seat>           a player's name in the turn order
    try:<seat>:<o>,<x>,<y>  the held tile where a refused placement put it (hatched, ✗)
    ask:<seat>:<o>,<x>,<y>  the held tile where a drill asks "may it go here?" (dashed, "?": no verdict shown)
A boat is drawn with data-board-seat / data-x0 / data-y0 / data-cell so the page's placing preview
(static/placing.js) knows where its squares lie.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from tutor.core import cardtable as K
from tutor.core import svg as S
from tutor.core.i18n import player_name, text
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.scoring import families as _families
from tutor.games.isle_of_cats.text import (boat_name, card_name, colour_name, map_colour_name, points_text, room_name,
                                          shape_name, tile_name, tiles_count)

HEX = {"blue": "#3b7dd8", "green": "#4c9f4c", "orange": "#f0912d", "red": "#d04a4a", "purple": "#8c5bbf"}
RARE_FILL, COMMON_FILL = "#e6c34a", "#d9c9a3"
WATER, DECK, WALL = "#dcecf5", "#f6ecd6", "#5b4630"
ROOM_OF = {cell: i for i, room in enumerate(C.ROOMS) for cell in room}
CELL = 16          # a boat square on the table
MINI = 8           # a square of a tile around the island
PAD = 10


def _w(key: str, lang: str, **params) -> str:
    return text(f"isle_of_cats.board.{key}", lang, **params)


def initial(colour: str, lang: str) -> str:
    """The colour's initial, drawn beside its fill (colour never alone)."""
    return colour_name(colour, lang)[:1].upper()


# --------------------------------------------------------------------------- outlines

def _edges(cells, c: float) -> str:
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


def _squares(cells, c: float) -> str:
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


def _glyph(symbol, x: float, y: float, s: float) -> str:
    """A room's symbol, drawn faintly on its floor: parrot, moon, apple, corn (no symbol: nothing)."""
    ink = f'fill="none" stroke="{WALL}" stroke-width="1.2" opacity="0.55"'
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


def _map(x: float, y: float, c: float, colour: str, lang: str) -> str:
    name = _w("map", lang, colour=map_colour_name(colour, lang))     # «синя мапа», agreeing with «мапа»
    return (f'<g class="map" data-colour="{colour}"><title>{escape(name)}</title>'
            f'<rect x="{x + 1.5:.1f}" y="{y + 1.5:.1f}" width="{c - 3:.1f}" height="{c - 3:.1f}" rx="2" '
            f'fill="{HEX[colour]}" stroke="{S.INK}" stroke-width="0.8" stroke-dasharray="2 1"/>'
            + K.label(x + c / 2, y + c * 0.72, initial(colour, lang), size=c * 0.55, anchor="middle", weight="bold",
                      fill="#ffffff") + "</g>")


@lru_cache(maxsize=64)
def _boat(boat: str, c: float, lang: str) -> str:
    """A boat at the origin before any tile: deck squares, rooms, symbols, rats and maps."""
    out = [f'<path d="{_squares(C.BOAT_CELLS, c)}" fill="{DECK}"/>',
           f'<path d="{"".join(f"M{x * c:g} {y * c:g}h{c:g}v{c:g}" for x, y in C.BOAT_CELLS)}" fill="none" '
           f'stroke="#b9a98a" stroke-width="0.5"/>']
    for i, (x, y) in enumerate(ROOM_SPOTS):
        out.append(f'<g class="room" data-room="{i}"><title>{escape(room_name(i, lang))}</title>'
                   f'{_glyph(C.ROOM_SYMBOLS[i], x * c, y * c, c)}</g>')
    rat = _w("rat", lang)
    out += [_rat(x * c, y * c, c, rat) for x, y in C.RATS[boat]]
    out += [_map(x * c, y * c, c, colour, lang) for colour, (x, y) in C.MAPS[boat].items()]
    out.append(f'<path class="walls" d="{_walls(c)}" fill="none" stroke="{WALL}" stroke-width="2.2" '
               f'stroke-linecap="square"/>')
    # light column and row numbers (the list of places names them)
    size = max(c * 0.42, S.SMALL_PRINT)
    out.append('<g class="grid-numbers" aria-hidden="true">'
               + "".join(K.label((x + 0.5) * c, -3, x + 1, size=size, anchor="middle", fill=S.MUTED)
                         for x in range(C.WIDTH))
               + "".join(K.label(-2, (y + 0.5) * c + size * 0.35, y + 1, size=size, anchor="end", fill=S.MUTED)
                         for y in range(C.HEIGHT)) + "</g>")
    return "".join(out)


def tile_fill(tile: dict) -> str:
    return HEX[tile["colour"]] if tile["kind"] == "cat" else RARE_FILL if tile["kind"] == "rare" else COMMON_FILL


@lru_cache(maxsize=4096)
def _tile(tile_id: str, orientation: int, c: float, lang: str) -> str:
    """A tile at the origin (its orientation's bounding box): fill, one outline path, its colour's initial or its
    treasure mark (★ rare, ◆ common)."""
    kind, shape, colour = C.KIND[tile_id], C.SHAPE[tile_id], C.COLOUR[tile_id]
    cells = G.ORIENTATIONS[shape][orientation]
    fill = HEX[colour] if colour else RARE_FILL if kind == "rare" else COMMON_FILL
    x, y = cells[0]
    mark = initial(colour, lang) if colour else "★" if kind == "rare" else "◆"
    # the mark fills most of its square; on the island's small tiles it keeps to the small-print floor (a phone
    # then pans the board less) and is centred in its square instead
    size = c * 0.62
    base = y * c + c * 0.74
    if size < S.SMALL_PRINT:
        size, base = S.SMALL_PRINT, y * c + c / 2 + S.SMALL_PRINT * 0.36
    return (f'<path d="{_squares(cells, c)}" fill="{fill}"/>'
            f'<path class="outline" d="{_edges(cells, c)}" fill="none" stroke="{S.INK}" stroke-width="1.6" '
            f'stroke-linecap="square"/>'
            + K.label(x * c + c / 2, base, mark, size=size, anchor="middle", weight="bold",
                      fill="#ffffff" if kind == "cat" else S.INK))


def _box(cells) -> tuple[int, int]:
    return max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1


def _card_words(card_id: str, x: float, y: float, w: float, lang: str) -> str:
    """A family card's task in short words, in up to 3 lines that fit the card's width."""
    words = _w(f"card_short.{card_id}", lang).split()
    inner = w - 6
    best = None
    for n in (1, 2, 3):
        lines, per = [], max(1, -(-len(words) // n))
        # greedy by length: n lines of about equal characters
        target = sum(len(t) + 1 for t in words) / n
        line: list = []
        for t in words:
            if line and len(" ".join(line + [t])) > target + 2 and len(lines) < n - 1:
                lines.append(" ".join(line))
                line = []
            line.append(t)
        lines.append(" ".join(line))
        size = min(min(K.fit(ln, inner, 10) for ln in lines), 26 / len(lines) - 1)
        if best is None or size > best[0] + 0.3:
            best = (size, lines)
        del per
    size, lines = best
    top = y + 16 - (len(lines) - 1) * (size + 1) / 2 + size * 0.35
    return "".join(K.label(x + w / 2, top + i * (size + 1), ln, size=size, anchor="middle")
                   for i, ln in enumerate(lines))


def _family_marks(tiles, c: float, lang: str) -> str:
    """Each cat family (3+ same-colour cat tiles joined by sides, scoring.families) outlined, with a small label of
    its size and points ("3 → 8")."""
    found = _families([(t["id"], t["orientation"], t["x"], t["y"]) for t in tiles])
    covered = {tuple(p) for t in tiles for p in t["cells"]}
    kin = {cell for f in found for cell in f.cells}      # a label hides no family's squares, its own or another's
    out = []
    for f in found:
        title = _w("family_title", lang, colour=colour_name(f.colour, lang), tiles=tiles_count(f.size, lang),
                   points=points_text(f.points, lang))
        words = _w("family", lang, size=f.size, points=f.points)
        d = _edges(f.cells, c)
        w = 7 + 5.6 * len(words)
        bx, by = _family_label_spot(f.cells, covered, c, w, kin)
        out.append(f'<g class="family" data-colour="{f.colour}" data-size="{f.size}" data-points="{f.points}">'
                   f'<title>{escape(title)}</title>'
                   f'<path d="{d}" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.9"/>'
                   f'<path d="{d}" fill="none" stroke="{S.INK}" stroke-width="2.2" stroke-dasharray="1 3.5" '
                   f'stroke-linecap="round"/>'
                   f'<rect x="{bx:g}" y="{by:g}" width="{w:.1f}" height="12" rx="6" fill="#ffffff" stroke="{S.INK}" '
                   f'stroke-width="0.8"/>'
                   + K.label(bx + w / 2, by + 9, words, size=9, anchor="middle", weight="bold") + "</g>")
    return "".join(out)


def _tried(key: str, tile_id: str, ox: float, oy: float, c: float) -> str:
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
    fx, fy = cells[0]
    return (f'<g class="tried" data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})">'
            f'<path d="{_squares(cells, c)}" fill="#d0312d" fill-opacity="0.3"/>'
            f'<path d="{hatch}" fill="none" stroke="#5c0b08" stroke-width="1.2" stroke-opacity="0.8"/>'
            f'<path d="{_edges(cells, c)}" fill="none" stroke="#7a1410" stroke-width="2" stroke-dasharray="4 3"/>'
            + K.label(fx * c + c / 2, fy * c + c * 0.78, "✗", size=c * 0.8, anchor="middle", weight="bold",
                      fill="#5c0b08") + "</g>")


def _asked(key: str, tile_id: str, ox: float, oy: float, c: float, boat: str = "") -> str:
    """A drill's "ask:<seat>:<o>,<x>,<y>" highlight: the held tile drawn where the question puts it, see-through and
    dashed with a "?", the same whether the place is allowed or not (a ✗ or a tick would answer the question).
    Squares off the boat are drawn too: whether it lies wholly on the boat is part of the question."""
    try:
        o, x, y = (int(v) for v in key.rsplit(":", 1)[1].split(","))
        cells = G.placed_cells(C.SHAPE[tile_id], o, x, y)
    except (ValueError, KeyError, IndexError):
        return ""
    # the "?" on a square that hides no treasure map (a drill may ask what the map under the tile earns)
    maps = {cell for colour, cell in C.MAPS.get(boat, {}).items()}
    fx, fy = min(cells, key=lambda p: (p in maps, p[1], p[0]))
    return (f'<g class="asked" data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})">'
            f'<path d="{_squares(cells, c)}" fill="#7a7a7a" fill-opacity="0.3"/>'
            f'<path d="{_edges(cells, c)}" fill="none" stroke="#1a1a1a" stroke-width="2.5" stroke-dasharray="5 3"/>'
            + K.label(fx * c + c / 2, fy * c + c * 0.78, "?", size=c * 0.8, anchor="middle", weight="bold",
                      fill="#111111") + "</g>")


def _family_label_spot(cells, covered: set, c: float, w: float, kin: set = frozenset()) -> tuple[float, float]:
    """Where a family's label (w wide, 12 high) goes: along the edge of the row just above one of its top squares,
    or just below one of its bottom squares. Never above row 1: over the top row lie the column numbers. The spot
    that hides fewest squares of any family (`kin`: its own and the others') wins, then fewest squares of any tile
    (a tile's initial), then a spot above, then the top-left one."""
    inside = set(cells)
    kin = set(kin) | inside
    span = range(int((w - 0.01) // c) + 1)      # the columns the label reaches over, from its own
    spots = []
    for x, y in cells:
        for row, by, below in ((y - 1, y * c - 13, 0), (y + 1, (y + 1) * c + 1, 1)):
            if not 0 <= row < C.HEIGHT or (x, row) in inside:
                continue
            under = [(x + i, row) for i in span]
            spots.append((sum(q in kin for q in under), sum(q in covered for q in under), below, y, x,
                          x * c, by))
    if not spots:            # a family from the top row to the bottom one with no edge free: on its top square
        x, y = min(cells, key=lambda p: (p[1], p[0]))
        return x * c, y * c + 1
    *_, bx, by = min(spots)
    return bx, by


# --------------------------------------------------------------------------- the drawing

class _Board(K.CardBoard):
    def ring_cells(self, key: str, ox: float, oy: float, cells, c: float) -> None:
        """A highlight or an event mark that follows squares' outline, not a box."""
        kind = "highlight" if key in self.hl else "event" if key in self.marked else None
        if kind == "highlight":
            st = S.HIGHLIGHT_STYLE
            self.top.append(f'<path class="highlight" data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})" '
                            f'd="{_edges(cells, c)}" fill="none" stroke="{st["stroke"]}" stroke-width="4" '
                            f'stroke-dasharray="6 3" stroke-linecap="round"/>')
        elif kind == "event":
            self.top.append(f'<path class="event" data-target="{K.attr(key)}" transform="translate({ox:g},{oy:g})" '
                            f'd="{_edges(cells, c)}" fill="none" stroke="{S.EVENT}" stroke-width="3.5" '
                            f'stroke-linecap="square"/>')


def _table_header(b: "_Board", view: dict, seats: list, width: float, marked: set, lang: str) -> float:
    """The day track and the ship, the turn order, the common treasures, the island and the held tile; returns
    where the boats begin."""
    parts = b.parts
    # --- the day track and the ship
    parts.append(K.label(PAD, 18, _w("days", lang), size=12, weight="bold"))
    for i, n in enumerate(range(C.DAYS, -1, -1)):
        x = PAD + 70 + i * 26
        here = view["ship"] == n
        if n:
            parts.append(f'<circle cx="{x}" cy="14" r="10" fill="{"#ffe8a3" if here else "#ffffff"}" stroke="{S.INK}"/>'
                         + K.label(x, 18, n, size=11, anchor="middle", weight="bold" if here else "normal"))
            b.element(f"day:{n}", x - 10, 4, 20, 20, _w("day", lang, n=n))
        else:       # Vesh's hand: the ship arrives there and the game ends
            x += 4
            parts.append(f'<g class="hand"><title>{escape(_w("hand_title", lang))}</title>'
                         f'<rect x="{x - 13}" y="4" width="26" height="20" rx="6" fill="{"#ffe8a3" if here else "#ffffff"}" '
                         f'stroke="{S.INK}" stroke-dasharray="3 2"/>'
                         + K.label(x, 18, _w("hand", lang), size=K.fit(_w("hand", lang), 24, 10), anchor="middle",
                                   weight="bold" if here else "normal") + "</g>")
            b.element("day:0", x - 13, 4, 26, 20, _w("hand_title", lang))
        if here:
            said = _w("ship", lang, n=n) if n else _w("hand_title", lang)
            b.element("ship", x - 10, 4, 20, 20, said,
                      f'<path class="ship" d="M{x - 8} 28h16l-3 5h-10z" fill="{WALL}"><title>'
                      f'{escape(said)}</title></path>')
    # --- the turn order
    x = PAD + 70 + (C.DAYS + 1) * 26 + 14
    parts.append(K.label(x, 18, _w("order", lang), size=12, weight="bold"))
    x += 8 + 7 * len(_w("order", lang))
    for s in view["order"]:
        name = player_name(s, lang)
        passed = seats[s]["passed"]
        turn = view["turn"] == s and not view["over"] and view["phase"] != "keep"
        words = name + (f" ({_w('passed', lang)})" if passed else "")
        w = 7 * len(words) + 8
        parts.append(f'<g class="order-seat" data-seat="{s}" data-passed="{str(passed).lower()}">'
                     f'<rect x="{x}" y="5" width="{w}" height="18" rx="9" fill="{"#fff3c4" if turn else "#ffffff"}" '
                     f'stroke="{S.INK if turn else S.MUTED}" stroke-width="{1.6 if turn else 0.8}"/>'
                     + K.label(x + w / 2, 18, words, size=11, anchor="middle", fill=S.MUTED if passed else S.INK)
                     + "</g>")
        b.element(f"seat:{s}", x, 5, w, 18, name)
        x += w + 6
    # --- the common treasures left
    y = 44
    parts.append(K.label(PAD, y + 10, _w("supply", lang), size=12, weight="bold"))
    x = PAD + 130
    for shape, n in view["supply"].items():
        cells = G.ORIENTATIONS[shape][0]
        tw, th = _box(cells)
        parts.append(f'<g class="supply" data-shape="{shape}"><title>{escape(shape_name(shape, lang))}: {n}</title>'
                     + K.place(x, y, f'<path d="{_squares(cells, MINI)}" fill="{COMMON_FILL}" stroke="{S.INK}" '
                                     f'stroke-width="0.8"/>')
                     + K.label(x + tw * MINI + 4, y + 12, f"×{n}", size=11) + "</g>")
        b.element(f"supply:{shape}", x - 2, y - 2, tw * MINI + 28, max(th * MINI, 14) + 4, shape_name(shape, lang))
        x += tw * MINI + 40
    parts.append(K.label(x + 10, y + 12, _w("bag", lang, n=view["bag_count"]), size=11, fill=S.MUTED))
    # --- the island and the held tile
    y = 72
    parts.append(K.label(PAD, y + 12, _w("island", lang), size=12, weight="bold"))
    x, row_h = PAD + 130, 0
    for tile in view["island"]:
        cells = G.ORIENTATIONS[tile["shape"]][0]
        tw, th = _box(cells)
        if x + tw * MINI > width - PAD:
            x, y = PAD + 130, y + row_h + 10
            row_h = 0
        key = f"tile:{tile['id']}"
        b.element(key, x - 3, y - 3, tw * MINI + 6, th * MINI + 6, tile_name(tile["id"], lang),
                  f'<g class="island-tile" data-tile-kind="{tile["kind"]}" aria-label="{K.attr(tile_name(tile["id"], lang))}">'
                  f'<title>{escape(tile_name(tile["id"], lang))}</title>{K.place(x, y, _tile(tile["id"], 0, MINI, lang))}</g>')
        if tile["id"] in marked:
            b.top.append(K.ring(x, y, tw * MINI, th * MINI, "event", key))
        x += tw * MINI + 12
        row_h = max(row_h, th * MINI)
    if not view["island"]:
        empty = "island_unset" if view["phase"] == "keep" else "island_empty"
        parts.append(K.label(PAD + 130, y + 12, _w(empty, lang), size=11, fill=S.MUTED))
    y += max(row_h, 16) + 12
    held = view["held"]
    if held is not None:
        cells = G.ORIENTATIONS[held["shape"]][0]
        tw, th = _box(cells)
        name = tile_name(held["id"], lang)
        said = _w("held", lang, player=player_name(view["turn"], lang))
        parts.append(K.label(PAD, y + 12, said, size=12, weight="bold"))
        # the picture after the label's own width, never over it («Гравець 1 розміщує» is wider than
        # "Player 1 places"), and in the island's column when the label is shorter
        px = max(PAD + 130, PAD + K.em(said, True) * 12 + 10)
        b.element(f"tile:{held['id']}", px - 3, y - 3, tw * MINI + 6, th * MINI + 6, name,
                  f'<g class="held-tile"><title>{escape(name)}</title>'
                  f'{K.place(px, y, _tile(held["id"], 0, MINI, lang))}</g>'
                  + K.label(px + 10 + tw * MINI, y + 12, name, size=11))
        y += th * MINI + 12
    elif view["rewards"]:
        # an invitation only where it can be answered (the supply offered to click); a board nobody can act on
        # now (a finished task, a worked example) says what was earned and does not ask for more
        live = any(k.startswith("supply:") for k in b.offers)
        parts.append(K.fitted(PAD, y + 12, _w("reward" if live else "reward_earned", lang,
                                              player=player_name(view["turn"], lang)),
                              width - 2 * PAD, 12, bold=True))
        y += 22
    return y


def describe(view: dict, lang: str = "en", boat_only: bool = False) -> str:
    """The position in plain words: what a screen reader says about the board (the other games' boards say it too);
    a boat alone (the score helper) is told by its boat only."""
    lines: list = []
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


def render(view: dict, *, highlight=(), lang: str = "en", events=(), choosable=None, cell: float = CELL,
           boat_only: bool = False) -> str:
    hl = S.parse_highlight(highlight)
    offers = S.offers(choosable) if choosable else {}
    marked = {e.data["tile"] for e in events if hasattr(e, "data") and isinstance(e.data, dict) and "tile" in e.data}
    b = _Board(hl, offers, set(), lang)
    b.marked = {f"tile:{t}" for t in marked}
    seats = view["seats"]
    c = cell
    bw, bh = C.WIDTH * c, C.HEIGHT * c
    cols = 1 if len(seats) == 1 else 2
    seat_w, seat_h = bw + 2 * PAD, bh + (40 if boat_only else 72)    # (the family cards' band under a boat)
    width = max(cols * seat_w + PAD, 560)
    y = _table_header(b, view, seats, width, marked, lang) if not boat_only else 0
    # --- the seats
    top = y + 6
    for i, seat in enumerate(seats):
        sx, sy = PAD + (i % cols) * seat_w, top + (i // cols) * seat_h
        _seat(b, view, seat, sx, sy, c, lang)
    height = top + ((len(seats) + cols - 1) // cols) * seat_h + PAD
    title = escape(text("isle_of_cats.title", lang))
    role = "group" if offers else "img"
    body = "".join(b.parts) + "".join(b.top)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="{role}" aria-label="{title}" font-family="{S.FONT}" '
            f'class="ioc-board" style="{S.phone_style(width, body, height)}" {S.PAN_START}><title>{title}</title>'
            f'<desc>{escape(describe(view, lang, boat_only))}</desc>'
            f'<rect width="{width:g}" height="{height:g}" fill="{S.PAPER}"/>' + body + "</svg>")


def _seat(b: _Board, view: dict, seat: dict, sx: float, sy: float, c: float, lang: str) -> None:
    s, boat = seat["seat"], seat["boat"]
    parts = b.parts
    head = f"{player_name(s, lang)} · {boat_name(boat, lang)}"
    parts.append(K.label(sx, sy + 12, head, size=12, weight="bold"))
    # family cards: faces when the view holds them, else backs
    cards = seat["kept"] if seat["kept"] is not None and seat["kept_count"] else seat["dealt"]
    count = seat["kept_count"] or seat["dealt_count"]
    cx = sx + 8 * len(head) + 14
    names = []
    ox, oy = sx, sy + 26
    bw, bh = C.WIDTH * c, C.HEIGHT * c
    if cards:
        # faces under the boat, each with its task in short words (the full task in its title)
        gap = 6
        w = (bw - gap * (count - 1)) / max(count, 1)
        y0 = oy + bh + 6
        for j in range(count):
            name = card_name(cards[j]["id"], lang)
            names.append(name)
            x0 = sx + j * (w + gap)
            parts.append(f'<g class="family-card" data-face="true"><title>{escape(name)}</title>'
                         f'<rect x="{x0:.1f}" y="{y0:g}" width="{w:.1f}" height="32" rx="3" fill="#fffbe6" '
                         f'stroke="{S.INK}" stroke-width="0.8"/>' + _card_words(cards[j]["id"], x0, y0, w, lang)
                         + "</g>")
        if count:
            b.element(f"cards:{s}", sx - 2, y0 - 2, bw + 4, 36, "; ".join(names))
    else:
        for j in range(count):
            name = card_name(None, lang)
            names.append(name)
            parts.append(f'<g class="family-card" data-face="false"><title>{escape(name)}</title>'
                         f'<rect x="{cx + j * 18:g}" y="{sy - 1}" width="14" height="18" rx="2" fill="#8a6d4b" '
                         f'stroke="{S.INK}" stroke-width="0.8"/>'
                         + K.label(cx + j * 18 + 7, sy + 12, "?", size=9, anchor="middle", fill="#ffffff") + "</g>")
        if count:
            b.element(f"cards:{s}", cx - 2, sy - 2, count * 18 + 2, 24, "; ".join(names))
    parts.append(f'<g class="boat" data-board-seat="{s}" data-x0="{ox:g}" data-y0="{oy:g}" data-cell="{c:g}" '
                 f'data-boat="{boat}" transform="translate({ox:g},{oy:g})">'
                 f'<title>{escape(boat_name(boat, lang))}</title>{_boat(boat, c, lang)}')
    for tile in seat["tiles"]:
        tx, ty = tile["x"] * c, tile["y"] * c
        name = tile_name(tile["id"], lang)
        parts.append(f'<g class="placed-tile" data-tile-kind="{tile["kind"]}" transform="translate({tx:g},{ty:g})">'
                     f'<title>{escape(name)}</title>{_tile(tile["id"], tile["orientation"], c, lang)}</g>')
    # families outlined with their points where a lesson asks ("families"), and at the end: always on, they would
    # answer a worked example's question before it is asked
    if "families" in b.hl or view["over"]:
        parts.append(_family_marks(seat["tiles"], c, lang))
    parts.append("</g>")
    b.element(f"boat:{s}", ox, oy, bw, bh, boat_name(boat, lang))
    for tile in seat["tiles"]:
        key = f"tile:{tile['id']}"
        if key in b.hl or key in b.marked:
            b.ring_cells(key, ox, oy, [tuple(p) for p in tile["cells"]], c)
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
            b.top.append(_tried(key, held["id"], ox, oy, c))
        if held is not None and view.get("turn") == s and key.startswith(f"ask:{s}:"):
            b.top.append(_asked(key, held["id"], ox, oy, c, boat))
    for key in b.hl | set(b.offers):
        if key.startswith(f"cell:{s}:"):
            try:
                x, y = (int(v) for v in key.rsplit(":", 1)[1].split(","))
            except ValueError:
                continue
            b.element(key, ox + x * c, oy + y * c, c, c, _w("cell", lang, x=x + 1, y=y + 1))
