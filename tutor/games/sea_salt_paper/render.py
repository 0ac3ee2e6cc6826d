"""Паперові океани SVG: a pure function from a view dict (what one player may see) to SVG text.

    svg = render(sea_salt_paper.view(state, 0), highlight=["pile:1"], lang="uk", events=events, layout="phone")

Everything drawn comes from the view, so a hidden card cannot leak: the view never holds its id. The deck and
the two discard piles (top card and size), the two cards drawn and a pile looked through with crabs lie at the
top; below, one panel per player with the cards they played (face up) and their hand (face down unless the viewer
may see it), their total and card points.

`layout` (tutor.core.svg.LAYOUTS, issue #24) lays the same board out for the width it is drawn at:
- "phone" (360 units): the table, then the viewer's own panel, then the others', one under another; every card
  in a row is whole (rows wrap, no card covers another's words) and as big as a thumb (LAYOUTS' min_target);
- "laptop" (760, the default) and "projector" (1,600): the table across the top and one panel a player below it,
  played cards and hand side by side (overlapping when they would not fit), four players within the layout's
  tallest board; the projector prints bigger.
Each layout draws the same cards, keys, rings and buttons; only the arrangement and sizes differ.

A card shows its kind in words and as an emblem (tutor.games.sea_salt_paper.emblems), its colour as the card's
fill AND as a ColorADD-style sign in its corner (colour never carries meaning alone; legend.py explains the
signs), and how it scores; its <title> names kind and colour ("yellow crab"), a card face down has none. Each
visible card carries `data-card="<id>"` (an attribute, never text). `highlight` (lesson pointers): "card:<id>", "pile:<0|1>", "deck", "seat:<0-based seat>"; "hide:points" leaves
out the seats' card points (a worked example's step that asks what the cards are worth). `events` (the
last action's) ring the cards they name. `choosable` ({key: choice id or tutor.core.svg.Offer}, from a widget;
keys as ui.board_keys makes them: "deck", "pile:<n>", "card:<id>", "seat:<n>") lays a focusable button
(`data-choice`) over each element so named; without it the drawing is the same, only without buttons.

The SVG is written as text (not through svgwrite): a card's markup is made once per card, size and language and
placed with a translate, which keeps a whole table under a few milliseconds.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from typing import AbstractSet, Any, Iterable, Mapping, NamedTuple, Optional

from tutor.core import svg as S
from tutor.core.cardtable import CardBoard
from tutor.core.cardtable import attr as _a, em as _em, empty_slot, label as _t, place as _place
from tutor.core.i18n import player_name, plural, text
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.emblems import emblem
from tutor.games.sea_salt_paper.text import card_name, kind_name, pile_name, points_text

BACK = "#20466e"
TURN_FILL, TURN_EDGE, NOTE = "#fff4d6", "#c98a00", "#8a5a00"
VALUE_INK = "#3e4c59"     # a card's value: darker than the muted grey, read from across a room


class Geometry(NamedTuple):
    """One layout's sizes, in units."""
    width: int
    margin: float         # the board's edge to a panel's
    head: float           # the header band's height
    tw: int               # a card on the table (deck, piles, drawn, looked through)
    th: int
    pw: int               # a card in a player's panel
    ph: int
    gap: float            # between cards in a row
    info: float           # the panel's left column (name, total, notes) on wide layouts
    small: float          # the smallest print: the layout's min_print
    label: float          # a row's label ("Played", "Hand: 5"), a pile's count
    name: float           # a player's name
    title: float          # the header's words
    cap: float            # the largest a card's kind is printed


GEOMETRY = {
    "phone": Geometry(360, 4, 44, 54, 84, 54, 84, 4, 0, S.board_print(S.LAYOUTS["phone"]), S.board_print(S.LAYOUTS["phone"]),
                      13, 12.5, 11.5),
    "laptop": Geometry(760, 8, 30, 56, 78, 50, 68, 4, 124, 9, 10, 12.5, 14, 10.5),
    # a projector is read from the back of a room (issue #32): its small print is 16 units, its cards a little wider
    "projector": Geometry(1600, 12, 46, 92, 128, 84, 116, 6, 230, S.PROJECTOR_PRINT_TIGHT, 17, 22, 24, 18),
}
# A layout's sizes with two players, where they differ: the lesson's tasks and a first game leave a projected board
# room for cards a third bigger (a teacher found the cards' print too small from the back of the room, the board
# half empty); three or four players' panels would not fit its height.
TWO_PLAYERS = {"projector": Geometry(1600, 12, 50, 124, 172, 112, 156, 8, 260, S.PROJECTOR_PRINT, 21, 26, 26, 23)}
# the laptop's card sizes, by their old names (the browser test of card faces draws each)
CW, CH = GEOMETRY["laptop"].tw, GEOMETRY["laptop"].th
SW, SH = GEOMETRY["laptop"].pw, GEOMETRY["laptop"].ph
W = GEOMETRY["laptop"].width
SQUEEZE = 0.7        # the narrowest a label's glyphs are drawn against their own width before it wraps
VALUE_SQUEEZE = 0.9   # a card's value ("3 per sailor") breaks onto two lines rather than narrow more than this


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"sea_salt_paper.board.{key}", lang, **params)


def _fit(x: float, y: float, words: object, width: float, size: float, *, bold: bool = False, anchor: str = "start", fill: str = S.INK,
         cls: str = "") -> str:
    """A label at `size`, its glyphs narrowed to `width` if it is wider (never smaller print)."""
    wide = _em(str(words), bold) * size
    return _t(x, y, words, size=size, anchor=anchor, weight="bold" if bold else "normal", fill=fill, cls=cls,
              length=width if wide > width + 0.01 else None)


def _split(words: str, width: float, size: float, bold: bool = False) -> list[str]:
    """`words` on as few lines as fit `width` at `size`, broken at spaces (a word wider than that is narrowed)."""
    lines: list[str] = []
    for word in str(words).split(" "):
        if lines and _em(lines[-1] + " " + word, bold) * size <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _two(words: str, width: float, size: float, bold: bool, squeeze: float = SQUEEZE) -> list[str]:
    """One line if it fits narrowed by at most `squeeze`, else two, broken where the longer line is shortest: at a
    space, or after a '·' of a run of numbers ("0·2·4·" over "6·8·10")."""
    if _em(words, bold) * size * squeeze <= width or (" " not in words and "·" not in words):
        return [words]
    if " " in words:
        parts = words.split(" ")
        cuts = [(" ".join(parts[:i]), " ".join(parts[i:])) for i in range(1, len(parts))]
    else:
        cuts = [(words[:i + 1], words[i + 1:]) for i, ch in enumerate(words[:-1]) if ch == "·"]
    # never a lone sign or digit on a line ("+" over "swimmer: 1"): such words stay on one line, narrowed
    cuts = [cut for cut in cuts if len(cut[0]) > 1 and len(cut[1]) > 1]
    if not cuts:
        return [words]
    first, second = min(cuts, key=lambda cut: max(_em(cut[0], bold), _em(cut[1], bold)))
    return [first, second]


# --------------------------------------------------------------------------- ColorADD-style signs

def _sign(kind: str, x: float, y: float, s: float) -> str:
    """One ColorADD-style sign in an s × s box at (x, y)."""
    if kind == "slash":
        return (f'<line x1="{x:.1f}" y1="{y + s:.1f}" x2="{x + s:.1f}" y2="{y:.1f}" stroke="{S.INK}" '
                f'stroke-width="1.6"/>')
    if kind == "blue":       # a triangle pointing left
        return f'<polygon points="{x:.1f},{y + s / 2:.1f} {x + s:.1f},{y:.1f} {x + s:.1f},{y + s:.1f}" fill="{S.INK}"/>'
    if kind == "red":        # a triangle pointing right
        return f'<polygon points="{x:.1f},{y:.1f} {x + s:.1f},{y + s / 2:.1f} {x:.1f},{y + s:.1f}" fill="{S.INK}"/>'
    if kind == "open":
        return (f'<rect x="{x + 0.8:.1f}" y="{y + 0.8:.1f}" width="{s - 1.6:.1f}" height="{s - 1.6:.1f}" fill="#ffffff" '
                f'stroke="{S.INK}" stroke-width="1.2"/>')
    # filled: as large as the open one's outline, inside the tab's white (edge to edge with the tab's margin, on a black
    # card it read as a white ring: the white sign, a reader, stop 59)
    return (f'<rect x="{x + 1.4:.1f}" y="{y + 1.4:.1f}" width="{s - 2.8:.1f}" height="{s - 2.8:.1f}" '
            f'fill="{S.INK}"/>')


def colour_sign(colour: str, x: float, y: float, s: float = 7) -> str:
    """The colour's signs side by side on a white tab (class "colour-sign")."""
    signs = C.COLORADD[colour]
    width = len(signs) * (s + 2) + 2
    out = [f'<g class="colour-sign" data-colour="{colour}">',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{s + 4:.1f}" rx="2" fill="#ffffff" '
           f'stroke="{S.INK}" stroke-width="0.6"/>']
    for i, sign in enumerate(signs):
        out.append(_sign(sign, x + 2 + i * (s + 2), y + 2, s))
    out.append("</g>")
    return "".join(out)


# --------------------------------------------------------------------------- cards


@lru_cache(maxsize=4096)
def _face(card_id: str, w: int, h: int, lang: str, small: float = 9) -> str:
    """A face-up card drawn at the origin, nothing on it printed under `small` units."""
    kind, colour = C.KIND[card_id], C.COLOUR[card_id]
    fill = C.COLOUR_HEX[colour]
    inner = w - 6
    # the name keeps 2 units clear of its plate's edges each side: set edge to edge, «восьминіг» read as cut (a reader)
    room = inner - 4
    name = kind_name(kind, lang)
    cap = max(small, min(w * 0.2, 17))
    if small >= 14:     # a projector's card: its name over its value, both read from across the room
        cap = max(cap, small + 2)
    words = [name]
    if " " in name and _em(name, True) * cap > room:    # two lines where one would print under the cap
        two = _two(name, 0, small, True)
        if min(room / _em(x, True) for x in two) > room / _em(name, True):
            words = two
    size = max(small, min(cap, min(room / _em(x, True) for x in words)))     # one size for the name's lines
    value = text(f"sea_salt_paper.board.value.{kind}", lang)
    vsize = max(small, min(cap - 1, (inner - 3) / _em(value, False)))     # 3 units spare: the guess runs short
    values = _two(value, inner, vsize, False, VALUE_SQUEEZE)
    # the colour's signs: 9 units on a phone's card (9.5-unit print), where 7 read as specks
    tab = round(max(9 if 9.5 <= small < 14 else 7, w * 0.13))
    # the card is its colour (a border and a sign read as one grey on a phone): the name and the value lie on white
    # plates, the kind's emblem on the colour between them
    name_top = tab + 6
    name_bottom = name_top + len(words) * (size + 1.5) + 2.5
    value_top = h - 6 - (len(values) - 1) * (vsize + 1) - vsize * 0.95
    out = [f'<g class="card" data-card="{card_id}" data-kind="{kind}" data-colour="{colour}">',
           f"<title>{escape(card_name(card_id, lang))}</title>",
           f'<rect width="{w}" height="{h}" rx="6" fill="{fill}" stroke="{S.INK}" stroke-width="1.2"/>',
           f'<rect x="3" y="{name_top}" width="{w - 6}" height="{name_bottom - name_top:.1f}" rx="3" fill="#ffffff" '
           f'fill-opacity="0.94"/>',
           f'<rect x="3" y="{value_top - 2.5:.1f}" width="{w - 6}" height="{h - value_top - 0.5:.1f}" rx="3" '
           f'fill="#ffffff" fill-opacity="0.94"/>',
           colour_sign(colour, 3, 3, tab)]
    y = name_top + size * 0.95 + 1
    for word in words:
        out.append(_fit(w / 2, y, word, room, round(size, 2), bold=True, anchor="middle"))
        y += size + 1.5
    # the emblem: as big as the room between the plates allows, never wider than the card's middle
    between = value_top - 2.5 - name_bottom - 2
    side = max(8.0, min(between, w - 12, h * 0.42))
    out.append(emblem(kind, (w - side) / 2, name_bottom + 1 + (between - side) / 2 if between > side
                      else name_bottom + 1, round(side, 1)))
    y = h - 6 - (len(values) - 1) * (vsize + 1)
    for line in values:
        # (a unit clear of the plate's edges: "swimmer" narrowed to the plate's full width read as running off it, a
        # reader of wave 19)
        out.append(_fit(w / 2, y, line, inner - 2, round(vsize, 2), anchor="middle", fill=VALUE_INK, cls="value"))
        y += vsize + 1
    out.append("</g>")
    return "".join(out)


class _Board(CardBoard):
    face = staticmethod(_face)
    name = staticmethod(card_name)

    def __init__(self, hl: AbstractSet[str], offers: Mapping[str, S.Offer], marked: AbstractSet[str], lang: str,
                 geo: Geometry) -> None:
        super().__init__(hl, offers, marked, lang)
        self.geo = geo
        self.max_height: float = 10 ** 6      # the tallest the board may be (the layout's max_height)
        self.over_y: float | None = None      # where a phone lays the game-over banner (its own row)

    def card(self, card: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
        cid = card["id"]
        self.element(f"card:{cid}", x, y, w, h, self.name(cid, self.lang),
                     _place(x, y, _face(cid, w, h, self.lang, self.geo.small)))

    def wrap(self, cards: list[dict[str, Any]], x: float, y: float, width: float, w: int, h: int) -> float:
        """Cards left to right from x in rows as wide as `width`, none covering another; the height they take."""
        per = max(1, int((width + self.geo.gap) // (w + self.geo.gap)))
        for i, c in enumerate(cards):
            self.card(c, x + (i % per) * (w + self.geo.gap), y + (i // per) * (h + self.geo.gap), w, h)
        rows = -(-len(cards) // per)
        return rows * h + (rows - 1) * self.geo.gap if rows else 0


@lru_cache(maxsize=16)
def card_icon(card_id: str, lang: str) -> str:
    """A small face of a card for a button beside its words ("Keep: mermaid"): on a phone the two cards drawn lay a
    screen above the buttons that choose between them, and a reader chose by the words alone (stop 58). It grows
    with the button's print (3.2 em tall)."""
    w, h = 54, 84
    return (f'<svg class="tutor-choice-icon" viewBox="-1 -1 {w + 2} {h + 2}" aria-hidden="true" '
            f'style="width:{3.2 * w / h:.2f}em;height:3.2em">{_face(card_id, w, h, lang, 9)}</svg>')


def _back(w: int, h: int) -> str:
    return (f'<g class="card back"><rect width="{w}" height="{h}" rx="6" fill="{BACK}" stroke="{S.INK}" '
            f'stroke-width="1.2"/><path d="M6 {h * 0.4:.0f} q{w / 8:.1f} -8 {w / 4:.1f} 0 t{w / 4:.1f} 0 '
            f't{w / 4:.1f} 0 M6 {h * 0.6:.0f} q{w / 8:.1f} -8 {w / 4:.1f} 0 t{w / 4:.1f} 0 t{w / 4:.1f} 0" '
            f'fill="none" stroke="#8fb8de" stroke-width="1.5"/></g>')


def _empty(x: float, y: float, w: float, h: float, words: str, size: float) -> str:
    """A dashed outline where a card would lie, with `words` (a pile that has run out)."""
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="none" stroke="{S.MUTED}" '
            f'stroke-dasharray="5 4"/>' + _fit(x + w / 2, y + h / 2 + size / 3, words, w - 6, size, anchor="middle",
                                               fill=S.MUTED))
# --------------------------------------------------------------------------- the table


def _stacked(g: Geometry) -> bool:
    """A phone names each pile on one line and its count on the next: "Discard 1 · 12" on one line was narrowed to
    about 11 px in a pile's width (a reader, stop 57)."""
    return g.width <= GEOMETRY["phone"].width


def _pile_words(board: _Board, x: float, below: float, width: float, line: str, name: str, count: int,
                cls: str) -> None:
    """A pile's words under it: `line` ("Deck: 34"), or on a phone its name and count on two ("Deck", "34 cards"),
    neither narrowed."""
    g, lang = board.geo, board.lang
    if not _stacked(g):
        board.parts.append(_fit(x, below, line, width, g.label, anchor="middle", cls=cls))
        return
    board.parts.append(_fit(x, below, name, width, g.label, anchor="middle", cls=cls.replace("count", "name")))
    board.parts.append(_fit(x, below + g.label + 2, plural("ui.sea_salt_paper.table.cards", count, lang), width, g.label,
                            anchor="middle", cls=cls))


def _piles_height(g: Geometry) -> float:
    """The height the piles take with their words under them."""
    return g.th + g.label + 10 + (g.label + 2 if _stacked(g) else 0)


def _piles(board: _Board, view: dict[str, Any], x: float, y: float) -> float:
    """The deck and the two discard piles from (x, y), each with its count under it; the x after them."""
    g, lang = board.geo, board.lang
    tw, th, step = g.tw, g.th, g.tw + max(10, g.tw * 0.18)
    deck = view["deck_count"]
    if not _stacked(g):
        # each pile's one line whole, with room between them: narrowed to the pile's width, "Discard 1 · 1" ran into
        # "Discard 2 · 1" on a projector (a reader, stop 59)
        lines = [_w("deck", lang, n=deck)] + [f'{_w("pile", lang, n=p["pile"] + 1)} · {p["count"]}'
                                             for p in view["discards"]]
        step = max(step, max(_em(line, False) for line in lines) * g.label + 16)
    below = y + th + g.label + 5     # clear of a ring round the pile (4 units out, 5 thick)
    board.parts.append(_place(x, y, _back(tw, th)) if deck else _empty(x, y, tw, th, _w("empty", lang), g.small))
    _pile_words(board, x + tw / 2, below, step - 4, _w("deck", lang, n=deck), _w("deck_name", lang), deck,
                "deck-count")
    board.element("deck", x, y, tw, th, _w("deck", lang, n=deck))
    for pile in view["discards"]:
        i = pile["pile"]
        px = x + (i + 1) * step
        name = pile_name(i, lang)
        if pile["top"] is None:
            board.parts.append(_empty(px, y, tw, th, _w("empty", lang), g.small))
        else:
            if pile["count"] > 1:   # the edge of the cards below
                board.parts.append(f'<rect x="{px + 3}" y="{y + 3}" width="{tw}" height="{th}" rx="6" fill="#d8d2c4" '
                                   f'stroke="{S.MUTED}"/>')
            board.card(pile["top"], px, y, tw, th)
        called = _w("pile", lang, n=i + 1)
        _pile_words(board, px + tw / 2, below, step - 4, f"{called} · {pile['count']}", called, pile["count"],
                    "pile-count")
        board.element(f"pile:{i}", px, y, tw + 3, th + 3, name)
    return x + 3 * step


def _drawn(board: _Board, view: dict[str, Any], x: float, y: float, width: float) -> float:
    """The two cards drawn from the deck (or, for another player, how many) from (x, y), their label under them
    as the piles' counts are; their height."""
    g, lang = board.geo, board.lang
    drawn = view["drawn"]
    if drawn["cards"] is not None:
        h = board.wrap(drawn["cards"], x, y, width, g.tw, g.th)
        board.parts.append(_fit(x, y + h + g.label + 5, _w("drawn", lang), width, g.label, bold=True))
        return h + g.label + 5
    lines = _split(_w("drawn_hidden", lang, player=player_name(view["turn"], lang), n=drawn["count"]), width, g.label)
    for i, line in enumerate(lines):
        board.parts.append(_fit(x, y + g.label * (1.3 * i + 1), line, width, g.label))
    return g.label * 1.3 * len(lines)


def _looking(board: _Board, view: dict[str, Any], x: float, y: float, width: float, w: int, h: int, below: bool) -> float:
    """The discard pile the player looks through with crabs from (x, y): its cards in rows under its label, or
    (`below`, on a wide board) in one row over it, overlapping if the pile is long; their height."""
    g, lang = board.geo, board.lang
    for pile in view["discards"]:
        if pile["cards"] is not None and pile["looking"]:
            # the pile's order is the rule's point (the crabs take a card and leave the rest as they lay): its cards run
            # bottom to top, and the label says so (a reader could not tell which end was the top)
            words = f'{_w("looking", lang)}: {pile_name(pile["pile"], lang)} · {_w("looking_order", lang)}'
            top = 0 if below else g.label + 4
            rows: float
            if below:
                board.row(pile["cards"], x, y, width, w, h)
                rows = h
            else:
                rows = board.wrap(pile["cards"], x, y + top, width, w, h)
            board.parts.append(_fit(x, y + rows + g.label + 3 if below else y + g.label, words, width, g.label,
                                    bold=True))
            # what the step is about while the pile is looked through: a phone's worked example brings it into view
            # (static/scenario.js; a reader's step said "player 1 looks through discard 1" with these cards above
            # the screen, wave 22). Drawn as nothing.
            board.top.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{rows + g.label + 4:.1f}" '
                             f'fill="none" stroke="none" class="tutor-focus" data-target="looking"/>')
            return rows + g.label + 4
    return 0


def _looked(view: dict[str, Any]) -> bool:
    return any(p["cards"] is not None and p["looking"] for p in view["discards"])


def _notes(board: _Board, view: dict[str, Any], seat: dict[str, Any]) -> list[str]:
    lang = board.lang
    s, scored = seat["seat"], view.get("scored")
    notes = []
    if _turn(view, s):
        notes.append(_w("turn", lang))
    if view.get("caller") == s:
        notes.append(_w("caller", lang))
    if scored:      # every hand is open and counted: what the seat scored says more than "revealed"
        notes.append(_w("scored_seat", lang, points=points_text(scored[s], lang)))
    elif seat["revealed"] and not view["over"]:
        notes.append(_w("revealed", lang))
    return notes


def _turn(view: dict[str, Any], s: int) -> bool:
    return (s == view["turn"] and not view["over"] and not view.get("cards_only") and not view.get("scored")
            and not view.get("voided"))


def _panel_box(board: _Board, s: int, turn: bool, x: float, y: float, w: float, h: float) -> str:
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{round(h, 1)}" rx="10" fill="{TURN_FILL if turn else "#f4f1ea"}" '
            f'stroke="{TURN_EDGE if turn else "#c9c2b2"}" stroke-width="{2.5 if turn else 1}" class="seat" '
            f'data-seat="{s}"/>')


def _backs(board: _Board, n: int, x: float, y: float, width: float, w: int = 0, h: int = 0) -> float:
    """`n` cards face down (w × h, a panel's card by default), overlapping, from x in at most `width`; the width
    they take."""
    g = board.geo
    w, h = w or g.pw, h or g.ph
    step = min(w * 0.45, (width - w) / max(1, n - 1)) if n > 1 else 0
    for i in range(n):
        board.parts.append(_place(x + i * step, y, _back(w, h)))
    return w + step * (n - 1) if n else 0


def _points(board: _Board, seat: dict[str, Any]) -> str | None:
    if seat["points"] is None or "hide:points" in board.hl:
        return None
    return _w("points", board.lang, p=seat["points"], b=seat["bonus"])


# ----------------------------------------------------------------- laptop and projector: panels one under another


def _wide_panel(board: _Board, view: dict[str, Any], seat: dict[str, Any], y: float, height: float, tall: bool) -> None:
    g, lang = board.geo, board.lang
    s = seat["seat"]
    turn = _turn(view, s)
    x0, right = g.margin, g.width - g.margin
    board.parts.append(f'<g class="panel" data-seat="{s}">')
    board.parts.append(_panel_box(board, s, turn, x0, y, right - x0, height - g.gap))
    tx, col = x0 + g.small, g.info - g.small - 6
    line = y + g.name + 4
    board.parts.append(_fit(tx, line, player_name(s, lang), col, g.name, bold=True))
    if not view.get("cards_only"):     # a score helper's cards alone have no match total
        line += g.label + 4
        board.parts.append(_fit(tx, line, _w("total", lang, n=seat["score"]), col, g.label, cls="total"))
    # a note a line: two side by side ("LAST CHANCE · this round: 2 points") ran under the played cards
    for note in _notes(board, view, seat):
        line += g.small + 3.5
        board.parts.append(_fit(tx, line, note, col, g.small, fill=NOTE))
    points = _points(board, seat)
    if points:
        lines = [points] if _em(points, False) * g.small <= col else points.replace(" · ", " ·\n", 1).split("\n")
        for part in lines:
            line += g.small + 3
            board.parts.append(_fit(tx, line, part, col, g.small, fill=VALUE_INK, cls="points"))
    # played cards, then the hand: each as wide as its cards need when both fit, else shared by their needs; in a
    # tall panel (a long hand where the board has room) the hand lies on its own row under the played cards
    zx, span, gap = x0 + g.info, _span(g), g.pw * 0.3
    zone_need, hand_need = _needs(g, seat)
    n = seat["hand_count"]
    if tall:
        zw = span
    elif zone_need + gap + hand_need <= span:
        # (room kept for a few more played cards, not 40% of the row: the hand stood far right of "Played")
        zw = max(zone_need, min(span * 0.28, span - gap - hand_need))
    else:
        zw = max(g.pw * 2, (span - gap) * zone_need / (zone_need + hand_need))
    row = y + g.label + 7
    board.parts.append(_fit(zx, y + g.label + 2, _w("zone", lang), zw, g.label, fill=S.MUTED))
    board.parts.append('<g class="zone">')
    board.row(seat["zone"], zx, row, zw, g.pw, g.ph)
    board.parts.append("</g>")
    if tall:
        hx, hw, hy = zx, span, row + g.ph + g.label + 9
    else:
        hx, hw, hy = zx + zw + gap, span - zw - gap, row
    board.parts.append(_fit(hx, hy - 5, _w("hand", lang, n=n), hw, g.label, fill=S.MUTED, cls="hand-count"))
    board.parts.append('<g class="hand">')
    if seat["hand"] is not None:
        board.row(seat["hand"], hx, hy, hw, g.pw, g.ph)
        width = hw if n else g.pw
    else:
        width = _backs(board, n, hx, hy, hw)
    board.parts.append("</g></g>")
    board.element(f"seat:{s}", hx, hy, max(g.pw, min(width, hw)), g.ph, player_name(s, lang))


def _span(g: Geometry) -> float:
    """How wide a wide panel's played cards and hand lie together."""
    return g.width - g.margin - 8 - (g.margin + g.info)


def _needs(g: Geometry, seat: dict[str, Any]) -> tuple[float, float]:
    """How wide a seat's played cards and hand lie without overlapping (a hand face down always overlaps)."""
    step = g.pw + 4
    n = seat["hand_count"]
    hand = n * step if seat["hand"] is not None else g.pw * (1 + 0.45 * max(0, n - 1)) + 4
    return max(g.pw * 2.2, len(seat["zone"]) * step), hand


def _wide(board: _Board, view: dict[str, Any], bare: bool) -> float:
    """The table across the top, a panel a player under it; the board's height."""
    g = board.geo
    seats = view["seats"]
    y = g.head + g.margin
    if not bare:
        x = _piles(board, view, g.margin + 4, y)
        if view.get("drawn"):
            x += g.margin
            width = 2 * g.tw + g.gap
            _drawn(board, view, x, y, width)
            x += width + g.margin
        phase = _phase_key(view)
        board.parts.append(_fit(g.width - g.margin - 4, y + g.th + g.label + 3, _w(phase, board.lang), g.width / 3,
                                g.label, anchor="end", bold=True, cls="phase"))
        if _looked(view):
            _looking(board, view, x + g.margin, y, g.width - 2 * g.margin - x, g.pw, g.ph, True)
        y += g.th + g.label + 10
    panel, extra = g.label + g.ph + 16, g.label + g.ph + 9
    # the seats whose cards would overlap get a second row while the board stays within its tallest (the viewer's
    # first, then in seat order)
    room = board.max_height - (y + len(seats) * panel + g.margin - g.gap)
    tall = set()
    viewer = view.get("viewer")
    for seat in sorted(seats, key=lambda seat: seat["seat"] != viewer):
        zone, hand = _needs(g, seat)
        if seat["hand"] is not None and zone + g.pw * 0.3 + hand > _span(g) and room >= extra:
            tall.add(seat["seat"])
            room -= extra
    for seat in seats:
        height = panel + (extra if seat["seat"] in tall else 0)
        _wide_panel(board, view, seat, y, height, seat["seat"] in tall)
        y += height
    return y + g.margin - g.gap


# ----------------------------------------------------------------- phone: one column, the viewer first

DROP = 9                 # a row's label's baseline to its cards: a ring round a card (4 out, 5 thick) clears it
BACK_W, BACK_H = 32, 46  # a hand on a phone that the viewer may not see: small backs


def _phone_panel(board: _Board, view: dict[str, Any], seat: dict[str, Any], y: float) -> float:
    """A player's panel from y on a phone: name and total, notes, played cards, hand, in rows; its height."""
    g, lang = board.geo, board.lang
    s = seat["seat"]
    turn = _turn(view, s)
    x0, right = g.margin, g.width - g.margin
    inner_x, inner_w = x0 + 4, right - x0 - 8
    board.parts.append(f'<g class="panel" data-seat="{s}">')
    box = len(board.parts)
    board.parts.append("")          # the panel's outline, once its height is known
    line = y + g.name + 5
    total = None if view.get("cards_only") else _w("total", lang, n=seat["score"])
    total_w = _em(total, False) * g.label + 4 if total else 0
    board.parts.append(_fit(inner_x, line, player_name(s, lang), inner_w - total_w - 8, g.name, bold=True))
    if total:
        board.parts.append(_fit(right - 4, line, total, total_w, g.label, anchor="end", cls="total"))
    for note in _notes(board, view, seat):
        line += g.label + 3
        board.parts.append(_fit(inner_x, line, note, inner_w, g.label, fill=NOTE))
    points = _points(board, seat)
    if points:
        line += g.small + 3
        board.parts.append(_fit(inner_x, line, points, inner_w, g.small, fill=VALUE_INK, cls="points"))
    # played cards in rows
    line += g.label + 7
    board.parts.append(_fit(inner_x, line, _w("zone", lang), inner_w, g.label, fill=S.MUTED))
    board.parts.append('<g class="zone">')
    zone_h = board.wrap(seat["zone"], inner_x, line + DROP, inner_w, g.pw, g.ph)
    board.parts.append("</g>")
    zone_end = line + DROP + zone_h
    n = seat["hand_count"]
    per = max(1, int((inner_w + g.gap) // (g.pw + g.gap)))
    last = len(seat["zone"]) % per or (per if seat["zone"] else 0)
    used = last * (g.pw + g.gap)
    backs_w = BACK_W + 12 * max(0, n - 1)
    if not seat["zone"]:        # nothing played: the hand's label on the same line, its cards right under it
        used = _em(_w("zone", lang), False) * g.label + 20
    if seat["hand"] is None and zone_h <= g.ph and used + 10 + backs_w <= inner_w:
        # a hand face down beside the one row of played cards
        hx, hy, hw = inner_x + used + 10, line + DROP, inner_w - used - 10
        board.parts.append(_fit(hx, line, _w("hand", lang, n=n), hw, g.label, fill=S.MUTED, cls="hand-count"))
    else:
        line += DROP + zone_h + (g.gap if zone_h else 0) + g.label + 4
        board.parts.append(_fit(inner_x, line, _w("hand", lang, n=n), inner_w, g.label, fill=S.MUTED,
                                cls="hand-count"))
        hx, hy, hw = inner_x, line + DROP, inner_w
        end = hy
    board.parts.append('<g class="hand">')
    if seat["hand"] is not None:
        hand_h = board.wrap(seat["hand"], hx, hy, hw, g.pw, g.ph)
        width = min(hw, n * (g.pw + g.gap) - g.gap) if n else g.pw
    else:
        # another's hand: small backs (its size is in its label), a thumb's tap target for the seat
        width = _backs(board, n, hx, hy, min(hw, backs_w), BACK_W, BACK_H) or BACK_W
        hand_h = BACK_H if n else 0
    if not n and (f"seat:{s}" in board.offers or f"seat:{s}" in board.hl):
        # an empty hand that is pointed at or offered (an opponent with nothing to steal): its outline
        board.parts.append(f'<rect x="{hx}" y="{hy}" width="{BACK_W}" height="{BACK_H}" rx="6" fill="none" '
                           f'stroke="{S.MUTED}" stroke-dasharray="5 4"/>')
        hand_h = BACK_H
    end = max(hy + hand_h, zone_end)
    board.parts.append("</g></g>")
    least = S.LAYOUTS["phone"].min_target
    board.element(f"seat:{s}", hx, hy, max(least, width), max(hand_h, least), player_name(s, lang))
    height = end + 8 - y
    board.parts[box] = _panel_box(board, s, turn, x0, y, right - x0, height)
    return height


def _phone(board: _Board, view: dict[str, Any], bare: bool) -> float:
    """The table at the top (deck, piles, drawn cards, a pile looked through), then the viewer's panel, then the
    others' in seat order from the viewer's left; the board's height."""
    g = board.geo
    y = g.head + g.margin
    if not bare:
        x = _piles(board, view, g.margin + 2, y)
        low = y + _piles_height(g)
        if view.get("drawn"):
            x += 8
            low = max(low, y + _drawn(board, view, x, y, g.width - g.margin - x) + 10)
        y = low
        if _looked(view):
            y += _looking(board, view, g.margin + 2, y, g.width - 2 * g.margin - 4, g.pw, g.ph, False) + 10
    if view["over"]:        # the game's end on a row of its own, not over the piles' words
        board.over_y = y
        y += _over_height(g) + g.gap + 2
    seats = view["seats"]
    viewer = view.get("viewer")
    first = next((i for i, seat in enumerate(seats) if seat["seat"] == viewer), 0)
    for seat in seats[first:] + seats[:first]:
        y += _phone_panel(board, view, seat, y) + g.gap + 2
    return y + g.margin - g.gap - 2


def _over_height(g: Geometry) -> float:
    """The game-over banner's height."""
    return (g.title + 2) * 2.6


def describe(view: dict[str, Any], lang: str = "en") -> tuple[str, str]:
    """(title, description) in plain words: what a screen reader says about the position."""
    title = f"{text('sea_salt_paper.title', lang)} — {_w('round', lang, r=view['round'])}"
    lines = [] if view.get("cards_only") else [
        _w("d.head_scored", lang, r=view["round"], deck=view["deck_count"]) if view.get("scored") else
        _w("d.head_voided", lang, r=view["round"]) if view.get("voided") else
        _w("d.head", lang, r=view["round"], player=player_name(view["turn"], lang),
           phase=_w(f"phase.{view['phase']}", lang), deck=view["deck_count"])]
    for pile in [] if view.get("cards_only") else view["discards"]:
        top = card_name(pile["top"]["id"], lang) if pile["top"] else _w("empty", lang)
        lines.append(_w("d.pile", lang, pile=pile_name(pile["pile"], lang), n=pile["count"], top=top))
    for seat in view["seats"]:
        hand = (", ".join(card_name(c["id"], lang) for c in seat["hand"]) if seat["hand"] is not None
                else _w("d.hidden_hand", lang, n=seat["hand_count"]))
        zone = ", ".join(card_name(c["id"], lang) for c in seat["zone"]) or "—"
        lines.append(_w("d.seat", lang, player=player_name(seat["seat"], lang), total=seat["score"],
                        hand=hand or "—", zone=zone))
    if view["over"]:
        lines.append(_w("d.over", lang))
    return title, "\n".join(lines)


def _marked(events: Optional[Iterable[object]]) -> set[str]:
    """Card ids the last action's events name (a viewer's events hold only what they may know)."""
    out: set[str] = set()
    for e in events or ():
        d = getattr(e, "data", {}) or {}
        for key in ("card", "discarded"):
            if isinstance(d.get(key), str):
                out.add(d[key])
        if getattr(e, "kind", "") in ("sea_salt_paper.duo", "sea_salt_paper.mermaids_win"):
            out.update(c for c in d.get("cards") or () if isinstance(c, str))
    return out


def _phase_key(view: dict[str, Any]) -> str:
    """The header's word for the moment: the phase, or that the round is over (scored, or void: the deck ran out)."""
    return "phase.scored" if view.get("scored") else "phase.voided" if view.get("voided") else f"phase.{view['phase']}"


def render(view: dict[str, Any], *, highlight: Iterable[str] | str | None = (), lang: str = "en",
           events: Optional[Iterable[object]] = (), choosable: Optional[Mapping[str, Any]] = None,
           layout: Optional[str] = None) -> str:
    """SVG text for `view` (from `sea_salt_paper.view(state, player)`), laid out for `layout` (tutor.core.svg.LAYOUTS:
    "phone", "laptop" or "projector"; None: the default)."""
    spec = S.layout_of(layout)
    bare = bool(view.get("cards_only"))
    events = list(events or ())
    if (not bare and not view.get("scored") and view.get("deck_count") == 0
            and any(getattr(e, "kind", "") == "sea_salt_paper.deck_empty" for e in events)):
        # the round the deck ended, before the next deal: nobody to play, nothing scored ("to play" stayed on the
        # board of the step that said the round stops at once, a reader)
        view = dict(view, voided=True)
    n = len(view["seats"]) if bare else view["players"]
    g = TWO_PLAYERS.get(spec.name, GEOMETRY[spec.name]) if n <= 2 else GEOMETRY[spec.name]
    hl = S.parse_highlight(highlight)
    offers = S.offers(choosable)
    board = _Board(hl, offers, _marked(events), lang, g)
    board.max_height = spec.max_height or 10 ** 6
    # (a score helper's cards alone, "cards_only": no deck, discard piles or "take a card" beside them)
    phone = spec.name == "phone"
    width = g.width
    board.parts.append("")          # the background, once the height is known
    board.parts.append(f'<rect width="{width}" height="{g.head - g.margin / 2}" fill="#1d4e89"/>')
    heading = text("sea_salt_paper.title", lang) if bare else (
        f"{text('sea_salt_paper.title', lang)} · {_w('round', lang, r=view['round'])} · "
        f"{_w('target', lang, n=view['threshold'])}")
    viewer = view.get("viewer")
    note = _w("view_all", lang) if viewer is None else _w("view_of", lang, player=player_name(viewer, lang))
    if phone:       # two lines: the game, round and target; whose view it is and, on the right, the phase
        top = g.title + 5
        board.parts.append(_fit(g.margin + 4, top, heading, width - 2 * g.margin - 8, g.title, bold=True,
                                fill="#ffffff"))
        line2 = top + g.label + 5
        phase = None if bare else _w(_phase_key(view), lang)
        room = width - 2 * g.margin - 8
        note_w = min(_em(note, False) * g.label, room * (0.45 if phase else 1))
        board.parts.append(_fit(g.margin + 4, line2, note, note_w, g.label, fill="#ffffff", cls="viewer"))
        if phase:
            board.parts.append(_fit(width - g.margin - 4, line2, phase, room - note_w - 10, g.label, anchor="end",
                                    bold=True, fill="#ffffff", cls="phase"))
        height = _phone(board, view, bare)
    else:
        note_w = min(_em(note, False) * g.label, width * 0.3)
        base = (g.head - g.margin / 2) / 2 + g.title / 3
        board.parts.append(_fit(g.margin + 4, base, heading, width - 2 * g.margin - note_w - 20, g.title, bold=True,
                                fill="#ffffff"))
        board.parts.append(_fit(width - g.margin - 4, base, note, note_w, g.label, anchor="end", fill="#ffffff",
                                cls="viewer"))
        height = _wide(board, view, bare)
    height = round(height)
    board.parts[0] = f'<rect width="{width}" height="{height}" fill="#eef5f8"/>'
    if view["over"]:
        win = view.get("winners") or []
        won = _w("winner" if len(win) <= 1 else "winners", lang, players=", ".join(player_name(s, lang) for s in win))
        words = f'{_w("over", lang)} · {won}'
        size = g.title + 2
        bw = min(width - 2 * g.margin, _em(words, True) * size + 4 * size)
        by = board.over_y if board.over_y is not None else g.head + g.margin + g.th * 0.3
        board.parts.append(f'<g class="game-over"><rect x="{width / 2 - bw / 2:.1f}" y="{by:.1f}" width="{bw:.1f}" '
                           f'height="{_over_height(g):.1f}" rx="10" fill="#1f2933" fill-opacity="0.9"/>'
                           + _fit(width / 2, by + size * 1.7, words, bw - 2 * size, size, anchor="middle", bold=True,
                                  fill="#ffffff")
                           + "</g>")
    title, desc = describe(view, lang)
    role = "group" if offers else "img"
    body = "".join(board.parts) + "".join(board.top)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" style="{S.height_floor(height, body)}" viewBox="0 0 {width} {height}" '
            f'role="{role}" aria-label="{_a(title)}" class="tutor-sea_salt_paper" font-family="{S.FONT}" '
            f'data-layout="{spec.name}" data-round="{view["round"]}" data-players="{n}" data-phase="{view["phase"]}" '
            f'data-viewer="{"all" if viewer is None else viewer}">'
            f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>" + body + "</svg>")


_CARD_ID = re.compile(r' data-card="[^"]*"')


def card_strip(cards: Iterable[str], lang: str = "en", *, per_row: int = 6) -> str:
    """A small picture of face-up cards, `per_row` to a row at a phone's card size (a hand revealed at a round's
    end, in the play table's summary), or "" for no cards. It carries no card id: the summary stays on screen over
    the next deal, when every card is back in the hidden deck."""
    shown = sorted(cards, key=C.ORDER.__getitem__)
    if not shown:
        return ""
    g = GEOMETRY["phone"]
    w, h, gap = g.pw, g.ph, g.gap
    cols = min(per_row, len(shown))
    rows = -(-len(shown) // cols)
    width, height = cols * w + (cols - 1) * gap + 2, rows * h + (rows - 1) * gap + 2
    body = "".join(_place(1 + (i % cols) * (w + gap), 1 + (i // cols) * (h + gap), _face(c, w, h, lang, g.small))
                   for i, c in enumerate(shown))
    names = ", ".join(card_name(c, lang) for c in shown)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" style="max-width: 100%; height: auto" role="img" aria-label="{_a(names)}" '
            f'class="tutor-sea_salt_paper-cards" font-family="{S.FONT}"><title>{escape(names)}</title>'
            + _CARD_ID.sub("", body) + "</svg>")
