"""Мяури SVG: a pure function from a view dict (what one player may see) to SVG text.

    svg = render(maui.view(state, 1), highlight=["cell:deep", "seat:2"], lang="ru", events=events)

Everything drawn comes from the view, so a hidden card cannot leak: the view never holds its id.
Each visible card element carries `data-card="<id>"`. Seats sit clockwise around the table with
Player 1 at the bottom; Kiti stands on the rim between the seat her right hand points to and the
next seat clockwise. Colour is never the only cue: seats carry numbers, catch kinds carry a shape,
Kiti's hands carry letters, highlights are thick dashed rings.

`highlight` (lesson pointers): "cell:<depth>", "seat:<0-based seat>", "kiti", "kiti:right",
"kiti:left", "card:<id>", "deck". `events` (the last action's events) mark what just happened.

`choosable` ({"card:<dive card id>": choice id or tutor.core.svg.Offer}, from a widget) lays a focusable
button (`data-choice`) over each named dive card in a hand; nothing else changes, and without it the
drawing is exactly the same.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable

from tutor.core import svg as S
from tutor.core.i18n import player_name, plural, text
from tutor.games.maui import components as C
from tutor.games.maui.text import depth_name, kind_name

W, H = 760, 580
HEADER = 38
CX, CY = W / 2, HEADER + (H - HEADER) / 2
SEAT_W, SEAT_H = 180, 104          # a seat panel; the pile strip adds PILE_H when the view shows it
PILE_H = 22
HAND_PITCH = 24                      # the widest a hand's chip (and its click target) gets: about 32 px on a laptop
LAGOON_W, CELL_H = 252, 76
SEAT_RX, SEAT_RY = 276, 192       # seat centres lie on a rounded rectangle (superellipse) of these radii

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


def _w(key: str, lang: str, **params) -> str:
    """A board word from the game's catalogue (maui.board.*)."""
    return text(f"maui.board.{key}", lang, **params)


def _n(key: str, n: int, lang: str, **params) -> str:
    """A counted board phrase from the game's catalogue: «стопка из 1 карты», «стопка из 5 карт»."""
    return plural(f"maui.board.{key}", n, lang, **params)


def _colour_name(seat: int, lang: str) -> str:
    return _w(f"colour.{C.SEAT_COLOUR_NAMES[seat]}", lang)


def _value_text(value: int) -> str:
    return f"\u2212{-value}" if value < 0 else str(value)


def _card_text(card: dict, lang: str) -> str:
    if card.get("hidden"):
        return _w("face_down", lang)
    name = kind_name(card["kind"], lang)
    return name if card["kind"] == "seagull" else f"{name} ({_value_text(card['value'])})"


# --------------------------------------------------------------------------- geometry

def seat_centre(seat: int, players: int) -> tuple[float, float]:
    """Seat 0 at the bottom; the others follow clockwise on screen (y grows downwards)."""
    a = math.radians(90 + 360 * seat / players)
    c, s = math.cos(a), math.sin(a)
    # a superellipse (exponent 5) pushes corner seats outwards, clear of the lagoon in the middle
    x = CX + SEAT_RX * math.copysign(abs(c) ** 0.4, c)
    y = CY + SEAT_RY * math.copysign(abs(s) ** 0.4, s)
    return x, y


@lru_cache(maxsize=None)
def kiti_place(kiti: int, players: int) -> tuple[float, float]:
    """On the rim between seat `kiti` and the next seat clockwise: along the line from the table's middle
    towards the gap between those two seats, at the point farthest from every seat panel."""
    ax, ay = seat_centre(kiti, players)
    bx, by = seat_centre((kiti + 1) % players, players)
    dx, dy = (ax + bx) / 2 - CX, (ay + by) / 2 - CY
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    _, _, w, h = lagoon_box()
    t0 = min((w / 2 + 30) / abs(ux) if ux else math.inf, (h / 2 + 30) / abs(uy) if uy else math.inf)
    panels = []
    for s in range(players):
        cx, cy = seat_centre(s, players)
        ph = SEAT_H + PILE_H
        panels.append((cx - SEAT_W / 2, cy - ph / 2, cx + SEAT_W / 2, cy + ph / 2))

    def clearance(t):
        x, y = CX + ux * t, CY + uy * t
        gap = min(math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)) for x0, y0, x1, y1 in panels)
        inside = 40 <= x <= W - 40 and HEADER + 48 <= y <= H - 40
        return (gap if inside else -1) - t * 0.01     # prefer nearer the lagoon when equally clear

    best = max((t0 + 4 * i for i in range(24)), key=clearance)
    return CX + ux * best, CY + uy * best


def lagoon_box() -> tuple[float, float, float, float]:
    h = CELL_H * 3 + 12
    return CX - LAGOON_W / 2, CY - h / 2, LAGOON_W, h


def cell_box(index: int) -> tuple[float, float, float, float]:
    """Cell `index` (0 deep, 1 middle, 2 shallow): deep at the bottom, shallow on top."""
    x, y, w, _ = lagoon_box()
    row = 2 - index
    return x + 6, y + 6 + row * CELL_H, w - 12, CELL_H - 2


# --------------------------------------------------------------------------- defs (built once)

def _fish(dwg, sym, body: str, *, tail: str | None = None, eye=(29, 18)):
    sym.add(dwg.polygon([(9, 20), (2, 12), (2, 28)], fill=tail or body, stroke=S.INK, stroke_width=1))
    sym.add(dwg.ellipse(center=(21, 20), r=(13, 8), fill=body, stroke=S.INK, stroke_width=1))
    sym.add(dwg.circle(center=eye, r=1.8, fill="#ffffff", stroke=S.INK, stroke_width=0.8))


@lru_cache(maxsize=None)
def _defs_xml(lang: str) -> str:
    """The shared <defs> content, serialised once per language: it is half of a board's elements."""
    dwg = S.new_drawing()
    heads = dwg.symbol(id=f"maui-heads-{lang}")   # per language: ids are page-wide in HTML      # a seat panel's column headings
    heads.viewbox(0, 0, 180, 12)
    for key, x in (("dive", 22), ("last", 58), ("catch", 104), ("used", 153)):
        heads.add(S.label(dwg, _w(key, lang), x, 9, size=8.5, anchor="middle", fill=S.MUTED))
    return "".join(S.to_string(el) for el in _defs_elements()) + S.to_string(heads)


def _defs_elements() -> tuple:
    """Kind symbols, card backs and the arrow marker: one copy each, reused via <use>."""
    dwg = S.new_drawing()
    out = []

    def symbol(name):
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
        sym.add(S.mark(dwg, 12, 12, 10.5, colour=colour, text=str(seat + 1), size=13))
    for kind, (fill, ink) in KIND_STYLE.items():     # tiny pile cards: colour, shape, border together
        sym = symbol(f"chip-{kind}")
        sym.viewbox(0, 0, 14, 20)
        sym.add(dwg.rect(insert=(0.5, 0.5), size=(13, 19), rx=2, ry=2, fill=fill, stroke=ink, stroke_width=1))
        sym.add(dwg.use(f"#maui-{kind}", insert=(1, 1), size=(12, 12)))
    for n in C.DIVE_CARDS:           # dive card faces; the border takes the seat colour via `color`
        sym = symbol(f"n{n}")
        sym.viewbox(0, 0, 26, 36)
        sym.add(dwg.rect(insert=(1, 1), size=(24, 34), rx=3.5, ry=3.5, fill="#ffffff", stroke="currentColor",
                         stroke_width=2.2))
        sym.add(dwg.text(str(n), insert=(13, 24.5), font_size=17 if n < 10 else 14.5, font_weight="bold",
                         text_anchor="middle", fill=S.INK))
    marker = dwg.marker(id="maui-arrow", insert=(6, 5), size=(10, 10), orient="auto")
    marker["markerUnits"] = "strokeWidth"
    marker.add(dwg.path("M0,0 L10,5 L0,10 Z", fill=S.EVENT))
    out.append(marker)
    return tuple(out)


# --------------------------------------------------------------------------- pieces

def _catch_card(dwg, card: dict, x, y, w, h, lang, *, cls="card catch"):
    """A catch card: face (kind symbol + value + name) or back (waves and "?")."""
    g = dwg.g(class_=cls)
    if card.get("hidden"):
        g.add(S.card(dwg, x, y, w, h, fill="#234e52", cls=None))
        g.add(dwg.use("#maui-waves", insert=(x + 4, y + 2), size=(w - 8, h - 4)))
        g.add(S.label(dwg, "?", x + w / 2, y + h / 2 + h * 0.2, size=h * 0.55, anchor="middle", weight="bold",
                      fill="#ffffff", stroke="#234e52", stroke_width=5, paint_order="stroke"))
        S.data(g, face="down")
        return g
    fill, ink = KIND_STYLE[card["kind"]]
    S.data(g, card=card["id"], kind=card["kind"], value=card["value"])
    g.add(S.card(dwg, x, y, w, h, fill=fill, stroke=ink, stroke_width=2 if not card.get("face_down") else 2.5,
                 cls=None, **({"stroke_dasharray": "5 3"} if card.get("face_down") else {})))
    if w >= 90:        # landscape card in the lagoon
        side = h - 18
        g.add(dwg.use(f"#maui-{card['kind']}", insert=(x + 4, y + 2), size=(side, side)))
        g.add(S.label(dwg, _value_text(card["value"]), x + w - 8, y + side * 0.72, size=side * 0.62,
                      anchor="end", weight="bold", fill=ink))
        g.add(S.label(dwg, kind_name(card["kind"], lang), x + w / 2, y + h - 5, size=10, anchor="middle",
                      fill=S.INK))
    else:              # small card on a seat: symbol over value
        side = min(w - 4, h * 0.6)
        g.add(dwg.use(f"#maui-{card['kind']}", insert=(x + (w - side) / 2, y + 1), size=(side, side)))
        g.add(S.label(dwg, _value_text(card["value"]), x + w / 2, y + h - 4, size=min(13, h * 0.34),
                      anchor="middle", weight="bold", fill=ink))
    return g


def _dive_card(dwg, card: dict | None, seat: int, x, y, w, h, *, size=None, cls="card dive"):
    """A dive card in the seat's colour: face shows its number, back shows "?"; None is an empty slot."""
    colour = C.SEAT_COLOURS[seat]
    if card is None:
        return S.card(dwg, x, y, w, h, fill="none", stroke="#9aa5b1", stroke_width=1, cls="slot",
                      stroke_dasharray="3 3")
    g = dwg.g(class_=cls)
    if card.get("hidden"):
        g.add(S.card(dwg, x, y, w, h, fill=colour, stroke=S.INK, cls=None))
        g.add(S.label(dwg, "?", x + w / 2, y + h / 2 + (size or h * 0.5) * 0.36, size=size or h * 0.5,
                      anchor="middle", weight="bold", fill=S.contrast(colour)))
        S.data(g, face="down")
        return g
    use = dwg.use(f"#maui-n{card['value']}", insert=(x, y), size=(w, h), color=colour)
    use["class"] = cls
    S.data(use, card=card["id"], value=card["value"])
    return use


def _lagoon(dwg, view, lang, hl, marks):
    g = dwg.g(class_="lagoon")
    x, y, w, h = lagoon_box()
    g.add(dwg.rect(insert=(x, y), size=(w, h), rx=18, ry=18, fill="#e9d8a6", stroke="#b08d57", stroke_width=2))
    for index, cell in enumerate(view["lagoon"]):
        depth = cell["depth"]
        cx, cy, cw, ch = cell_box(index)
        cg = dwg.g(class_="cell")
        S.data(cg, depth=depth, count=len(cell["cards"]))
        cg.add(dwg.rect(insert=(cx, cy), size=(cw, ch), rx=10, ry=10, fill=WATER[depth]))
        ink = WATER_INK[depth]
        cg.add(S.label(dwg, depth_name(depth, lang), cx + 8, cy + 14, size=11.5, weight="bold", fill=ink))
        cg.add(S.label(dwg, _w(f"rule.{depth}", lang), cx + cw - 8, cy + 14, size=9.5, anchor="end", fill=ink))
        cards = cell["cards"]
        card_w, card_h = 138, 52
        left, top = cx + (cw - card_w) / 2, cy + ch - card_h - 3
        if not cards:
            cg.add(S.card(dwg, left, top, card_w, card_h, fill="none", stroke=ink, stroke_dasharray="4 3",
                          cls="slot"))
            cg.add(S.label(dwg, _w("empty", lang), left + card_w / 2, top + card_h / 2 + 4, size=11,
                           anchor="middle", fill=ink))
        else:
            # a no-fights pile: older cards peek out below-left, the newest lies on top
            n = len(cards)
            step = 6 if n <= 5 else 24 / (n - 1)
            left += min(n - 1, 4) * 3          # keep the fanned pile centred
            for j, card in enumerate(cards):
                off = (n - 1 - j) * step
                el = _catch_card(dwg, card, left - off, top + off * 0.25, card_w, card_h, lang,
                                 cls="card catch" + (" under" if j < n - 1 else ""))
                cg.add(el)
            top_card = cards[-1]
            if n > 1:
                cg.add(S.badge(dwg, f"\u00d7{n}", left - (n - 1) * step - 2, top + 12, fill=S.INK, size=11,
                               cls="pile-count"))
            if top_card.get("face_down"):
                cg.add(S.badge(dwg, _w("face_down", lang), left + card_w / 2, top, fill="#234e52",
                               size=8.5))
            if depth in marks["new"]:
                cg.add(S.badge(dwg, _w("new", lang), left + card_w + 4, top + card_h - 10, anchor="start",
                               fill=S.EVENT, size=9, cls="event new"))
            for card in cards:
                if card.get("id") and f"card:{card['id']}" in hl:
                    cg.add(S.ring(dwg, left, top, card_w, card_h, target=f"card:{card['id']}", radius=8))
        if depth in marks["cells"]:
            cg.add(S.ring(dwg, cx, cy, cw, ch, kind="event", pad=1, radius=10, target=f"cell:{depth}"))
        if f"cell:{depth}" in hl:
            cg.add(S.ring(dwg, cx, cy, cw, ch, pad=3, radius=12, target=f"cell:{depth}"))
        g.add(cg)
    return g


def _seat_box(seat, view):
    x, y = seat_centre(seat, view["players"])
    h = SEAT_H + (PILE_H if _pile_shown(view["seats"][seat]) else 0)
    return x - SEAT_W / 2, y - h / 2, SEAT_W, h


def _pile_shown(seat: dict) -> bool:
    return bool(seat.get("pile")) or bool(seat.get("discards"))


def _seat(dwg, view, s, lang, hl, marks, offers=None):
    seat = view["seats"][s]
    x, y, w, h = _seat_box(s, view)
    colour = C.SEAT_COLOURS[s]
    g = dwg.g(class_="seat")
    S.data(g, seat=s, colour=C.SEAT_COLOUR_NAMES[s])
    g.add(dwg.rect(insert=(x, y), size=(w, h), rx=10, ry=10, fill=S.PAPER, stroke=colour, stroke_width=3))
    if view.get("viewer") == s:
        g.add(dwg.rect(insert=(x + 3, y + 3), size=(w - 6, h - 6), rx=8, ry=8, fill="none", stroke=colour,
                       stroke_width=1, stroke_dasharray="2 2"))
    # header: numbered colour disc, name, colour word, status
    g.add(dwg.use(f"#maui-seat{s}", insert=(x + 3, y + 3), size=(24, 24)))
    name = S.label(dwg, player_name(s, lang), x + 30, y + 19, size=13, weight="bold", cls="seat-name")
    name.add(dwg.tspan(" " + _colour_name(s, lang), font_size=9.5, font_weight="normal", fill=S.MUTED))
    g.add(name)
    # hand: the chips share the panel's width, at most HAND_PITCH apart, so a short hand gets wide click targets
    hy = y + 27
    if seat.get("hand") is not None:
        pitch = min(HAND_PITCH, 14 * 12 / max(1, len(seat["hand"])))
        for i, card in enumerate(seat["hand"]):
            left = x + 7 + i * pitch
            use = dwg.use(f"#maui-n{card['value']}", insert=(left + (pitch - 14) / 2, hy), size=(13, 18), color=colour)
            use["class"] = "card dive hand"
            use["data-card"] = card["id"]
            g.add(use)
            offer = offers.get(f"card:{card['id']}") if offers else None
            if offer is not None:
                g.add(S.choice(dwg, f"card:{card['id']}", offer, left - 0.4, hy - 0.6, pitch - 0.2, 19.2,
                               label=str(card["value"]), radius=2.5, ring=0.9))
        if not seat["hand"]:
            g.add(S.label(dwg, _w("hand", lang, n=0), x + 8, hy + 13, size=10, fill=S.MUTED))
    else:
        for i in range(min(3, seat["hand_count"])):
            g.add(S.card(dwg, x + 8 + i * 3, hy + 1 - i * 1, 12.5, 17, fill=colour, stroke=S.INK, stroke_width=0.8,
                         cls=None))
        g.add(S.label(dwg, _w("hand", lang, n=seat["hand_count"]), x + (32 if seat["hand_count"] else 8), hy + 13, size=11, fill=S.INK,
                      cls="hand-count"))
    # dive (this round) · last (revealed) · catch pile · used
    by = y + 60
    g.add(dwg.use(f"#maui-heads-{lang}", insert=(x, by - 16), size=(180, 12)))
    g.add(_dive_card(dwg, seat.get("chosen"), s, x + 8, by, 28, 38, size=17, cls="card dive chosen"))
    last = seat.get("revealed")
    g.add(_dive_card(dwg, last, s, x + 44, by, 28, 38, size=16, cls="card dive revealed"))
    top = seat.get("pile_top")
    if top:
        g.add(_catch_card(dwg, top, x + 84, by, 40, 38, lang, cls="card catch pile-top"))
        g.add(S.badge(dwg, f"\u00d7{seat['pile_count']}", x + 124, by + 2, fill=S.INK, size=9, cls="pile-count"))
    else:
        g.add(S.card(dwg, x + 84, by, 40, 38, fill="none", stroke="#9aa5b1", stroke_width=1, cls="slot",
                     stroke_dasharray="3 3"))
        g.add(S.label(dwg, "0", x + 104, by + 24, size=12, anchor="middle", fill=S.MUTED))
    g.add(S.label(dwg, seat.get("discard_count", 0), x + 153, by + 26, size=18, anchor="middle", weight="bold",
                  fill=S.MUTED, cls="used-count"))
    # the full pile (own seat, teacher, open baskets) and the used dive cards when visible
    if _pile_shown(seat):
        py = y + SEAT_H - 2
        pile = seat.get("pile") or []
        under = pile[:-1]
        for i, card in enumerate(under[-8:]):
            chip = dwg.use(f"#maui-chip-{card['kind']}", insert=(x + 7 + i * 15, py), size=(14, 20))
            chip["class"] = "card catch pile"
            S.data(chip, card=card["id"])
            g.add(chip)
            g.add(S.label(dwg, _value_text(card["value"]), x + 14 + i * 15, py + 18.5, size=7.5, anchor="middle",
                          weight="bold", fill=KIND_STYLE[card["kind"]][1]))
        if len(under) > 8:   # older cards still carry their ids, drawn as thin edges
            for card in under[:-8]:
                g.add(S.data(dwg.g(class_="card catch pile hidden-edge"), card=card["id"]))
        discards = seat.get("discards") or []
        tx = x + (7 + min(len(under), 8) * 15 + 5 if under else 8)
        text = dwg.text("", insert=(tx, py + 14), font_size=9, fill=S.MUTED)
        text["class"] = "discards"
        for card in discards:
            span = dwg.tspan(f"{card['value']} ")
            S.data(span, card=card["id"])
            text.add(span)
        if discards:
            g.add(text)
    tags = marks["seats"].get(s, set())
    if tags - {"nothing"}:     # coming up empty-handed gets a word, not a ring
        g.add(S.ring(dwg, x, y, w, h, kind="event", pad=2, radius=12, target=f"seat:{s}"))
    words = [_w(t, lang) for t in ("caught", "won_tie", "tie", "seagull", "jellyfish", "nothing") if t in tags]
    if words:
        g.add(S.badge(dwg, " · ".join(words), x + w / 2, y + h, fill=S.EVENT if tags - {"nothing"} else S.MUTED,
                      size=9.5, cls="event " + " ".join(sorted(tags))))
    if f"seat:{s}" in hl:
        g.add(S.ring(dwg, x, y, w, h, pad=6, radius=14, target=f"seat:{s}"))
    # last, so the rings round the panel (what just happened, what is pointed at) never cover its words
    if s in view.get("to_move", ()) and not view.get("over"):
        word = "deciding" if view.get("phase") == "jellyfish" else "choosing"
        g.add(S.badge(dwg, _w(word, lang) + "\u2026", x + w - 8, y, anchor="end", fill="#3e4c59", size=9,
                      cls="to-move"))
    return g


KITI_RING = 35      # radius of the highlight ring round Kiti; her name is written outside it


def _kiti(dwg, view, lang, hl, marks, *, seat=None, ghost=False):
    """Kiti on the rim. `ghost`: where she stood during the round just resolved (faded), so a dispute
    is shown with the hand that settled it, pointing where it pointed then."""
    n = view["players"]
    k = view["kiti"] if seat is None else seat
    px, py = kiti_place(k, n)
    right, left = k, (k + 1) % n
    g = dwg.g(class_="kiti-ghost" if ghost else "kiti")
    S.data(g, right_seat=right, left_seat=left, x=round(px, 1), y=round(py, 1))
    if ghost:
        g["opacity"] = 0.55
    # the figure: a dress, a head and a golden wreath, so she reads as a goddess in greyscale too
    g.add(dwg.path(f"M{px - 13:.1f},{py + 20:.1f} L{px - 4:.1f},{py - 10:.1f} L{px + 4:.1f},{py - 10:.1f} "
                   f"L{px + 13:.1f},{py + 20:.1f} Z", fill="#2a9d8f", stroke=S.INK, stroke_width=1.3,
                   **({"stroke_dasharray": "3 2"} if ghost else {})))
    g.add(dwg.circle(center=(px, py - 17), r=8, fill="#c68b59", stroke=S.INK, stroke_width=1.3))
    g.add(dwg.path(f"M{px - 9:.1f},{py - 20:.1f} Q{px:.1f},{py - 31:.1f} {px + 9:.1f},{py - 20:.1f}", fill="none",
                   stroke="#f2c14e", stroke_width=3.5, stroke_linecap="round"))
    # the hand that settled this round's dispute is marked where Kiti stood for it
    hand_used = marks["hand"] if ghost or marks["kiti_from"] is None else None
    sx0, sy0 = px, py - 8                       # shoulders
    hands = []
    for hand, to_seat, colour, letter in (("right", right, RED, "R"), ("left", left, BLUE, "L")):
        bx, by, bw, bh = _seat_box(to_seat, view)     # aim at the nearest point of that seat's panel
        tx, ty = min(max(sx0, bx + 12), bx + bw - 12), min(max(sy0, by + 12), by + bh - 12)
        dx, dy = tx - sx0, ty - sy0
        d = math.hypot(dx, dy) or 1.0
        ex, ey = sx0 + dx / d * 36, sy0 + dy / d * 36
        hands.append((ex, ey))
        used = hand_used == hand
        hg = dwg.g(class_=S.classes("kiti-hand", hand, "event" if used else None))
        S.data(hg, hand=hand, seat=to_seat)
        hg.add(dwg.line((sx0, sy0), (ex, ey), stroke=S.INK, stroke_width=6.5, stroke_linecap="round"))
        hg.add(dwg.line((sx0, sy0), (ex, ey), stroke=colour, stroke_width=4, stroke_linecap="round"))
        hg.add(S.mark(dwg, ex, ey, 10, colour=colour, text=_w(letter, lang), size=12))
        if used:
            hg.add(dwg.circle(center=(ex, ey), r=15, **S.EVENT_STYLE))
        if f"kiti:{hand}" in hl and not ghost:
            hg.add(dwg.circle(center=(ex, ey), r=17, class_="highlight", **S.HIGHLIGHT_STYLE))
        g.add(hg)
    if ghost:
        return g
    if marks["kiti_from"] is not None:
        g.add(dwg.circle(center=(px, py), r=27, class_="event", **S.EVENT_STYLE))
    if "kiti" in hl:
        g.add(dwg.circle(center=(px, py), r=KITI_RING, class_="highlight", **S.HIGHLIGHT_STYLE))
    # her name goes where neither arm reaches (below, above, or to either side), outside the rings
    # drawn round her, and on top of them
    reach = KITI_RING + 12
    spots = [(px, py + reach + 4), (px, py - reach), (px - reach - 12, py + 4), (px + reach + 12, py + 4)]
    spots = [p for p in spots if p[1] > HEADER + 12] or spots
    lx, ly = max(spots, key=lambda p: min(math.hypot(p[0] - hx, p[1] - hy - 4) for hx, hy in hands))
    name = S.label(dwg, _w("kiti", lang), lx, ly, size=11, anchor="middle", weight="bold",
                   stroke="#f7f3e8", stroke_width=3, paint_order="stroke", cls="kiti-name")
    g.add(name)
    return g


def _box(dwg, view, lang):
    """Cards back in the box (seagulls, eaten catches, thrown jellyfish): a count, and the cards when the
    view shows them (the teacher's)."""
    g = dwg.g(class_="box")
    S.data(g, count=view["boxed_count"])
    x, y = 8, H - 50
    g.add(S.label(dwg, _w("boxed", lang, n=view["boxed_count"]), x, y, size=10, fill=S.MUTED))
    boxed = view.get("boxed") or ()
    per_row = max(16, math.ceil(len(boxed) / 2))      # two rows at most; chips overlap when there are many
    step = min(15.0, 272 / per_row)
    for i, card in enumerate(boxed):
        cx, cy = x + (i % per_row) * step, y + 5 + (i // per_row) * 23
        chip = dwg.use(f"#maui-chip-{card['kind']}", insert=(cx, cy), size=(14, 20))
        chip["class"] = "card catch boxed"
        S.data(chip, card=card["id"])
        g.add(chip)
        g.add(S.label(dwg, _value_text(card["value"]), cx + 7, cy + 18.5, size=7.5, anchor="middle", weight="bold",
                      fill=KIND_STYLE[card["kind"]][1]))
    return g


def _arrows(dwg, view, marks):
    g = dwg.g(class_="event arrows")
    for depth, seat in marks["arrows"]:
        cx, cy, cw, ch = cell_box(C.DEPTHS.index(depth))
        x, y, w, h = _seat_box(seat, view)
        sx = x + w / 2
        start = (cx + cw if sx > CX else cx, cy + ch / 2)
        # stop at the panel's edge nearest the cell
        ex = min(max(start[0], x), x + w)
        ey = min(max(start[1], y), y + h)
        if x <= start[0] <= x + w:
            ey = y if start[1] < y else y + h
        line = dwg.line(start, (ex, ey), stroke=S.EVENT, stroke_width=2.5, stroke_dasharray="6 4")
        line["marker-end"] = "url(#maui-arrow)"
        S.data(line, depth=depth, seat=seat)
        g.add(line)
    return g


# --------------------------------------------------------------------------- events -> marks

def _marks(events: Iterable) -> dict:
    marks = {"cells": set(), "seats": {}, "hand": None, "kiti_to": None, "kiti_from": None, "new": set(),
             "arrows": []}

    def tag(seat, word):
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
        elif what == "face_down_revealed":
            marks["cells"].add(d["depth"])
        elif what == "kiti_moved":
            marks["kiti_to"] = d["player"]
    return marks


def _kiti_from(marks: dict, view: dict) -> None:
    """Where Kiti stood before she stepped (she steps one seat clockwise), if the events moved her."""
    if marks["kiti_to"] is not None and view.get("kiti") is not None and view["players"] > 1:
        marks["kiti_from"] = (view["kiti"] - 1) % view["players"]


# --------------------------------------------------------------------------- text

def describe(view: dict, lang: str = "en") -> tuple[str, str]:
    """(title, description) in plain words: what a screen reader says about the position."""
    title = f"{_w('title', lang)} — {_w('round', lang, r=view['round'])}"
    lines = [_w("d.head", lang, r=view["round"], phase=_w(f"phase.{view['phase']}", lang), deck=view["deck_count"])]
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

def render(view: dict, *, highlight=(), lang: str = "en", events=(), choosable=None) -> str:
    """SVG text for `view` (from `maui.view(state, player)`), pointing at `highlight`, marking `events`,
    with the dive cards named in `choosable` to click."""
    hl = S.parse_highlight(highlight)
    offers = S.offers(choosable)
    marks = _marks(events)
    _kiti_from(marks, view)
    title, desc = describe(view, lang)
    dwg = S.drawing(W, H, title=title, desc=desc, label="maui")
    S.data(dwg, round=view["round"], players=view["players"], phase=view["phase"],
           viewer="all" if view.get("viewer") is None else view["viewer"])
    if offers:
        S.interactive(dwg)

    dwg.add(dwg.rect(insert=(0, 0), size=(W, H), fill="#f7f3e8"))
    dwg.add(dwg.ellipse(center=(CX, CY + 4), r=(W / 2 - 70, (H - HEADER) / 2 - 44), fill="#d9c4a0",
                        stroke="#b08d57", stroke_width=2))
    # header: round, phase, deck, variants, whose view
    dwg.add(dwg.rect(insert=(0, 0), size=(W, HEADER - 6), fill="#27476e"))
    dwg.add(S.label(dwg, f"{_w('title', lang)} · {_w('round', lang, r=view['round'])}", 12, 22, size=15,
                    weight="bold", fill="#ffffff"))
    dwg.add(S.label(dwg, _w(f"phase.{view['phase']}", lang), W / 2 + 30, 22, size=12, anchor="middle",
                    fill="#ffffff", cls="phase"))
    deck = dwg.g(class_="deck")
    S.data(deck, count=view["deck_count"])
    deck.add(S.card(dwg, W - 132, 5, 16, 22, fill="#234e52", stroke="#ffffff", stroke_width=1, cls=None))
    deck.add(S.label(dwg, _w("deck", lang, n=view["deck_count"]), W - 110, 22, size=12, fill="#ffffff"))
    if "deck" in hl:
        deck.add(S.ring(dwg, W - 134, 4, 126, 24, pad=2, radius=6, target="deck"))
    dwg.add(deck)
    notes = []
    if "no-fights" in view.get("variants", ()):
        notes.append(_w("no_kiti", lang))
    if "open-baskets" in view.get("variants", ()):
        notes.append(_w("open_baskets", lang))
    viewer = view.get("viewer")
    notes.append(_w("view_all", lang) if viewer is None else _w("view_of", lang, player=player_name(viewer, lang), player_plain=viewer + 1))
    dwg.add(S.label(dwg, " · ".join(notes), W - 8, H - 8, size=9.5, anchor="end", fill=S.MUTED, cls="notes"))

    if view.get("boxed_count"):
        dwg.add(_box(dwg, view, lang))
    dwg.add(_lagoon(dwg, view, lang, hl, marks))
    for s in range(view["players"]):
        dwg.add(_seat(dwg, view, s, lang, hl, marks, offers))
    if view.get("kiti") is not None:
        if marks["kiti_from"] is not None:
            # no arrow between the two figures: on a small table it would have to cross the lagoon
            dwg.add(_kiti(dwg, view, lang, hl, marks, seat=marks["kiti_from"], ghost=True))
        dwg.add(_kiti(dwg, view, lang, hl, marks))
    if marks["arrows"]:
        dwg.add(_arrows(dwg, view, marks))
    if view.get("over"):
        band = dwg.g(class_="game-over")
        band.add(dwg.rect(insert=(CX - 200, CY - 40), size=(400, 80), rx=14, ry=14, fill="#1f2933",
                          fill_opacity=0.9, stroke="#f2c14e", stroke_width=3))
        band.add(S.label(dwg, _w("over", lang), CX, CY + 2, size=28, anchor="middle", weight="bold",
                         fill="#ffffff"))
        band.add(S.label(dwg, _w("over_sub", lang), CX, CY + 26, size=12, anchor="middle", fill="#f2c14e"))
        dwg.add(band)
    out = S.to_string(dwg)
    return out.replace("<defs />", f"<defs>{_defs_xml(lang)}</defs>", 1)
