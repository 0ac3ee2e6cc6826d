"""Козырные киты SVG: a pure function from a view dict (what one player may see) to SVG text.

    svg = render(trump_whales.view(state, 0), highlight=["trump"], lang="ru", events=events, layout="phone")

Everything drawn comes from the view, so a hidden card cannot leak: the view never holds its id. The table: the
trump family (symbol and name) with the value token's side and what it means, the trick in play order with its
leader marked (and the winner while the reward is picked), the discard pile and the cards set aside; and one panel
per player: total and this round's points so far, the pearl pile (face down, its size), the bonuses (face up) and
the hand (face down unless the viewer may see it).

The board is laid out for the width it is drawn at (`layout`, tutor.core.svg.LAYOUTS, issue #24), never one drawing
scaled down:

- "phone" (360 units): one column. The trump and the token, the trick and the player whose board it is (the viewer,
  or in the teacher's view the player to move) come first, their hand wrapped five cards a row and then their
  bonuses, so the trick, the trump, the token and that hand fit on one phone screen; the other players follow,
  compact, then the piles.
  Every card and panel the learner taps is at least 46 units on its shorter side.
- "laptop" (760 units, at most 520 tall with four players and every hand open): the trump, the trick and the piles
  across the top, then one row per player (name and points, pearl pile, bonuses, hand).
- "projector" (1,600 units, at most 820 tall, print 14 or more): the laptop's arrangement drawn 1.56 times larger,
  the extra width given to the hands, and the trick, the room's focus, larger still (PROJECTOR_TRICK) and centred
  between the trump and the piles.

A family is always drawn as a symbol AND its name, never by colour alone; a card shows its value, family, pearls
and bonus, and its full description as a tooltip. Each visible card carries `data-card="<id>"` (an attribute, never
text). `highlight` (lesson pointers): "card:<id>", "seat:<n>", "trump", "trick", "discard", "pearls:<n>". `events`
(the last action's) ring the cards they name. A drill's "hide:follow" leaves out the family the trick follows and
"hide:points" each player's points this round (what the question asks); "coming:<id>" draws the card the player
to move is told to play next in the trick, dashed, with no winner (a quiz's deciding card). On a phone "brief" draws every player's
panel as three lines of counts, and "brief:others" every panel but the viewer's and one whose cards are offered (a
question about the trick or about the learner's own hand: the others' cards were half a four-player board). `choosable` ({key: choice id or tutor.core.svg.Offer}, from a widget;
keys as ui.board_keys makes them: "card:<id>" for a card in a hand, a bonus or the trick, "seat:<n>" for a player)
lays a focusable button (`data-choice`) over each element so named; without it the drawing is the same. Every
layout draws the same cards, keys, marks and words.

The SVG is written as text: a card's markup is made once per card, size, language and print floor and placed with a
translate.

`finished_trick` draws a trick on its own, as it lay, for the play table's summary (summary.py): its cards carry no
id.
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import AbstractSet, Any, Iterable, Mapping, Optional

from tutor.core import svg as S
from tutor.core.cardtable import CardBoard
from tutor.core.cardtable import attr as _a, em as _em, label as _t, place as _place, ring as _ring
from tutor.core.i18n import player_name, text
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.text import bonus_name, card_name, card_title, family_name, family_short, token_text

# The laptop's sizes (the projector draws them PROJECTOR_SCALE times larger), in units
W = 760
TOP = 30                       # under the title bar
CW, CH = 60, 72                # a card on the table (the trick, the discard pile)
BW, BH = 60, 68                # a card in a player's row: a bonus, or a card of a hand the viewer sees
OW, OH = BW, BH
HW, HH = 40, 58                # a card of a hand seen from its back
PW, PH = 44, 64                # the pearl pile
PANEL_H = 88                   # a player's row
PANEL_Y = TOP + 138            # the first player's row
PROJECTOR_GAP = 10             # a projector's first row that much lower: its trick's names and marks print larger
PROJECTOR_SCALE = 1.56         # 9-unit print becomes 14.04: the projector's least
PROJECTOR_LARGEST = 1600 / W   # the laptop's board over the projector's whole width
PROJECTOR_TRICK = 1.25         # the projector's trick cards, against its other cards: the focus, read from the back

# The phone's sizes, in units (one unit about one CSS px)
PHONE_W = 360
P_CW, P_CH = 66, 88            # a card in the trick
P_BW, P_BH = 64, 84            # a bonus, a card of an open hand, the discard pile
P_ROW = 5                      # cards of an open hand in one row
P_BESIDE = 3                   # an open hand of this many cards or fewer has the pearl pile at its right
P_BONUS_ROW = 4                # an open hand's bonuses in one row, side by side, the pearl pile at their right
P_PW, P_PH = 44, 62            # the pearl pile
P_HW, P_HH = 30, 42            # another player's hand, from its back
P_TOP = 66                     # a panel's top to its first row's labels: under the name's tap target and its ring
P_DROP = 9                     # a row's label's baseline to its cards: a ring round a card (4 out, 5 thick) clears it

BACK = "#17406b"


def projector_scale(players: int) -> float:
    """How much larger than the laptop's the projector draws a table of `players`: as large as the screen's width
    allows while the board stays within the projector's tallest (a teacher found three players' cards at 90 px,
    their bonuses' words at 13, with 60% of each row empty), never under PROJECTOR_SCALE (its least print)."""
    tallest = S.LAYOUTS["projector"].max_height or 820
    return max(PROJECTOR_SCALE, math.floor(min(PROJECTOR_LARGEST, tallest / (PANEL_Y + PROJECTOR_GAP + players * PANEL_H))
                                           * 100) / 100)


def face_sizes() -> tuple[tuple[float, float, float], ...]:
    """(width, height, least print) of every face-up card the layouts draw, for the tests that measure faces."""
    laptop, phone, projector = (S.board_print(S.LAYOUTS[n]) for n in ("laptop", "phone", "projector"))
    out: list[tuple[float, float, float]] = [(CW, CH, laptop), (BW, BH, laptop), (P_CW, P_CH, phone),
                                             (P_BW, P_BH, phone)]
    for k in sorted({projector_scale(n) for n in range(C.MIN_PLAYERS, C.MAX_PLAYERS + 1)}):
        t = k * PROJECTOR_TRICK
        out += [(round(CW * k, 1), round(CH * k, 1), projector), (round(BW * k, 1), round(BH * k, 1), projector),
                (round(CW * t, 1), round(CH * t, 1), projector)]
    return tuple(out)


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"trump_whales.board.{key}", lang, **params)


# --------------------------------------------------------------------------- family symbols

def symbol(family: Optional[str], x: float, y: float, s: float, fill: str = S.INK) -> str:
    """The family's sign in an s × s box (class "family-symbol"): a fin (orca), a tusk (narwhal), a spout (blue
    whale), a square-headed whale with a forward spout (sperm whale), a star (a 5, no family)."""
    if family == "orca":
        shape = (f'<path d="M{x:.1f} {y + s:.1f} L{x + s * 0.55:.1f} {y:.1f} Q{x + s * 0.45:.1f} {y + s * 0.6:.1f} '
                 f'{x + s:.1f} {y + s:.1f} Z" fill="{fill}"/>')
    elif family == "narwhal":
        shape = (f'<line x1="{x + s * 0.3:.1f}" y1="{y + s * 0.7:.1f}" x2="{x + s:.1f}" y2="{y:.1f}" stroke="{fill}" '
                 f'stroke-width="{max(1.2, s / 7):.1f}" stroke-linecap="round"/>'
                 f'<circle cx="{x + s * 0.25:.1f}" cy="{y + s * 0.75:.1f}" r="{s * 0.25:.1f}" fill="{fill}"/>')
    elif family == "blue_whale":
        cx, by = x + s / 2, y + s
        sw = max(1.2, s / 7)
        shape = (f'<path d="M{cx:.1f} {by:.1f} L{cx:.1f} {y + s * 0.15:.1f} M{cx:.1f} {by - s * 0.3:.1f} '
                 f'Q{x + s * 0.2:.1f} {y + s * 0.3:.1f} {x:.1f} {y + s * 0.35:.1f} M{cx:.1f} {by - s * 0.3:.1f} '
                 f'Q{x + s * 0.8:.1f} {y + s * 0.3:.1f} {x + s:.1f} {y + s * 0.35:.1f}" fill="none" stroke="{fill}" '
                 f'stroke-width="{sw:.1f}" stroke-linecap="round"/>')
    elif family == "sperm_whale":
        # A side view of the square-headed whale facing left, tail fluke on the right and its spout slanting
        # forward: a plain bar here read as a missing icon beside the fin, tusk and spout of the others.
        def p(fx: float, fy: float) -> str:
            return f"{x + s * fx:.1f} {y + s * fy:.1f}"
        shape = (f'<path d="M{p(0, 0.38)} L{p(0.5, 0.38)} Q{p(0.74, 0.4)} {p(0.86, 0.56)} L{p(1, 0.4)} '
                 f'L{p(0.97, 0.78)} L{p(0.84, 0.66)} Q{p(0.56, 0.9)} {p(0.18, 0.86)} L{p(0, 0.8)} Z" fill="{fill}"/>'
                 f'<path d="M{p(0.12, 0.26)} Q{p(0.08, 0.14)} {p(0.02, 0.04)}" fill="none" stroke="{fill}" '
                 f'stroke-width="{max(1.2, s / 8):.1f}" stroke-linecap="round"/>')
    else:
        pts = []
        for i in range(10):
            r = s / 2 if i % 2 == 0 else s / 5
            a = math.pi / 2 + i * math.pi / 5
            pts.append(f"{x + s / 2 + r * math.cos(a):.1f},{y + s / 2 - r * math.sin(a):.1f}")
        shape = f'<polygon points="{" ".join(pts)}" fill="{fill}"/>'
    return f'<g class="family-symbol" data-family="{family or "five"}" data-size="{s:.1f}">{shape}</g>'


# --------------------------------------------------------------------------- words at a size the layout can read

def fitted(x: float, y: float, words: object, width: float, cap: float, floor: float, *, bold: bool = False,
           anchor: str = "start", fill: str = S.INK, cls: str = "") -> str:
    """A label of `words` no wider than `width`, at the size that fits (at most `cap`, never under `floor`, the
    layout's least print): words too long at the floor are narrowed to `width` (textLength)."""
    wide = _em(str(words), bold)
    size = round(max(floor, min(cap, width / wide)), 2)
    return _t(x, y, words, size=size, anchor=anchor, weight="bold" if bold else "normal", fill=fill, cls=cls,
              length=width if wide * size > width + 0.01 else None)


def _empty(x: float, y: float, w: float, h: float, words: str, size: float) -> str:
    """A dashed outline where a card would lie, with `words` (a pile that has run out), each line kept inside it
    (narrowed if it must be: "жемчуга" ran over a phone's 44-unit pearl slot, a reader, stop 58)."""
    lines = words.split("\n")
    top = y + h / 2 + size * 0.4 - (len(lines) - 1) * size * 0.6
    room = w - 6
    return (f'<rect x="{round(x, 1)}" y="{round(y, 1)}" width="{round(w, 1)}" height="{round(h, 1)}" rx="6" '
            f'fill="none" stroke="{S.MUTED}" stroke-dasharray="5 4"/>'
            + "".join(_t(x + w / 2, top + i * size * 1.2, line, size=size, anchor="middle", fill=S.MUTED,
                         length=room if _em(line, False) * size > room else None)
                      for i, line in enumerate(lines)))


# --------------------------------------------------------------------------- cards

def _bonus_icon(card_id: str, w: float, y: float, k: float, floor: float, lang: str) -> str:
    """The bonus drawn at the bottom of a card (k: the card's size against a 66-unit card): ⇄ and the target family
    (symbol and name, or where the name would print under the floor ⇄, the symbol and the name cut short), 1⇅9,
    or +1."""
    kind = C.BONUS[card_id]
    sh = 18 * k
    mid = y + sh / 2
    big = max(floor, round(11 * k, 2))
    out = [f'<g class="bonus" data-bonus="{kind}">',
           f'<rect x="3" y="{y:.1f}" width="{w - 6:.1f}" height="{sh:.1f}" rx="3" fill="#fff7e0" stroke="#c9a64a" '
           f'stroke-width="0.8"/>']
    if kind == "trump":
        target = C.TARGET_FAMILY[card_id]
        name = family_name(target, lang)
        # ⇄ first on every card, as the legend teaches it (a large card once drew the symbol and name alone)
        arrow = _em("⇄", True) * 8.5 * k + 2 * k
        room = w - 25 * k - arrow
        size = min(8.5 * k, room / _em(name, True))
        if size >= max(7, floor):       # the family's name when it is readable; its symbol always
            out.append(_t(5 * k, mid + 8.5 * k * 0.36, "⇄", size=round(8.5 * k, 2), weight="bold"))
            out.append(symbol(target, 6 * k + arrow, mid - 5 * k, 10 * k))
            out.append(_t(18 * k + arrow, mid + size * 0.36, name, size=round(size, 2), weight="bold"))
        else:   # ⇄, the family's symbol, large, and its short name: a 12-unit symbol alone was hard to read
            ax = 5 * k
            out.append(_t(ax, mid + big * 0.36, "⇄", size=big, weight="bold"))
            ss = 13 * k
            sx = ax + _em("⇄", True) * big + 2 * k
            out.append(symbol(target, sx, mid - ss / 2, ss))
            tx = sx + ss + 3 * k
            short = max(floor, round(11 * k, 2))
            out.append(fitted(tx, mid + short * 0.36, family_short(target, lang), w - 5 * k - tx, short, floor,
                              bold=True))
    elif kind == "flip":
        out.append(_t(w / 2, mid + big * 0.4, "1 ⇅ 9", size=big, anchor="middle", weight="bold"))
    else:
        out.append(_t(w / 2, mid + big * 0.4, "+1", size=max(floor, round(11.5 * k, 2)), anchor="middle",
                      weight="bold"))
    out.append("</g>")
    return "".join(out)


def _bonus_short(card_id: str, lang: str) -> str:
    """A bonus in a few characters, as its strip on the card prints it: "⇄ Narw.", "1 ⇅ 9" or "+1"."""
    kind = C.BONUS[card_id]
    if kind == "trump":
        return f"⇄ {family_short(C.TARGET_FAMILY[card_id], lang)}"
    return "1 ⇅ 9" if kind == "flip" else "+1"


@lru_cache(maxsize=2048)
def _face(card_id: str, w: float, h: float, lang: str, floor: float = S.SMALL_PRINT) -> str:
    """A face-up card drawn at the origin, its print no smaller than `floor`: a coloured band with the value and
    the family's symbol, the family's name, the pearls (dots and their number) and the bonus."""
    family, value, pearls = C.FAMILY[card_id], C.VALUE[card_id], C.PEARLS[card_id]
    k = w / 66
    colour = C.FAMILY_HEX[family]
    band = min(h * 0.34, 32 * k)
    name = family_name(family, lang) if family else card_name(card_id, lang)
    out = [f'<g class="card" data-card="{card_id}" data-family="{family or "five"}" data-value="{value}">',
           f"<title>{escape(card_title(card_id, lang))}</title>",
           f'<rect width="{w}" height="{h}" rx="6" fill="#ffffff" stroke="{S.INK}" stroke-width="1.2"/>',
           f'<path d="M0 6 Q0 0 6 0 L{w - 6} 0 Q{w} 0 {w} 6 L{w} {band:.1f} L0 {band:.1f} Z" fill="{colour}"/>',
           _t(5 * k, band - 7 * k, value, size=round(band * 0.72, 1), weight="bold", fill="#ffffff", cls="value"),
           symbol(family, w - band * 0.62 - 4 * k, 5 * k, band * 0.62, "#ffffff"),
           fitted(w / 2, band + 12 * k, name, w - 8 * k, 10.5 * k, floor, bold=True, anchor="middle", cls="family")]
    # pearls: dots and the number, half way between the name and the bonus
    strip = h - 22 * k
    py = (band + 12 * k + strip) / 2 + 1
    for i in range(pearls):
        out.append(f'<circle cx="{w / 2 - 4 * k - (pearls - 1) * 5.5 * k + i * 11 * k:.1f}" cy="{py:.1f}" '
                   f'r="{4.3 * k:.1f}" fill="#f3f0e8" stroke="#7a6f5a" stroke-width="{max(1.0, 0.9 * k):.1f}"/>')
    out.append(_bonus_icon(card_id, w, strip, k, floor, lang))
    # the pearls' number last: a card's words end on a digit, so a player's name drawn after it never reads as
    # part of a sentence («…кит Игрок 2»)
    size = max(floor, round(9.5 * k, 2))
    out.append(_t(w - 4 * k, py + size * 0.37, pearls, size=size, anchor="end", weight="bold", fill="#7a6f5a",
                  cls="pearls"))
    out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=64)
def _back(w: float, h: float) -> str:
    return (f'<g class="card back"><rect width="{w}" height="{h}" rx="6" fill="{BACK}" stroke="{S.INK}" '
            f'stroke-width="1.2"/><circle cx="{w / 2}" cy="{h / 2}" r="{w / 5:.1f}" fill="none" stroke="#9cc3e6" '
            f'stroke-width="1.5"/><circle cx="{w / 2}" cy="{h / 2}" r="{w / 12:.1f}" fill="#9cc3e6"/></g>')


class _Board(CardBoard):
    """What one drawing collects, and its layout: `k` scales the laptop's units (the projector's 1.56), `floor`
    is the least print, `W` the drawing's width."""

    name = staticmethod(card_title)

    def __init__(self, hl: AbstractSet[str], offers: Mapping[str, S.Offer], marked: AbstractSet[str], lang: str,
                 layout: S.Layout, k: float = 1.0) -> None:
        super().__init__(hl, offers, marked, lang)
        self.layout, self.k, self.floor, self.W = layout, k, S.board_print(layout), layout.width
        self.drawn: Optional[str] = None        # the card drawn for trump, shown until the deal

    def face(self, card_id: str, w: float, h: float, lang: str) -> str:   # type: ignore[override]
        return _face(card_id, w, h, lang, self.floor)

    def z(self, v: float) -> float:
        """A length in the laptop's units, in this drawing's."""
        return round(v * self.k, 1)

    def f(self, size: float) -> float:
        """A font size in the laptop's units, in this drawing's (never under the floor)."""
        return max(self.floor, round(size * self.k, 2))

    def text(self, x: float, y: float, words: object, size: float, **kw: Any) -> None:
        self.parts.append(_t(x, y, words, size=self.f(size), **kw))

    def fit(self, x: float, y: float, words: object, width: float, cap: float, **kw: Any) -> None:
        self.parts.append(fitted(x, y, words, width, self.f(cap), self.floor, **kw))

    def back(self, x: float, y: float, w: float, h: float) -> None:
        self.parts.append(_place(x, y, _back(w, h)))

    def row(self, cards: list[dict[str, Any]], x: float, y: float, width: float, w: float, h: float) -> None:
        """Cards left to right from x, overlapping when they would not fit in `width`."""
        if not cards:
            return
        step = min(w + 4 * self.k, (width - w) / max(1, len(cards) - 1)) if len(cards) > 1 else w
        for i, c in enumerate(cards):
            self.card(c, round(x + i * step, 1), y, w, h)


# --------------------------------------------------------------------------- what every layout draws

def round_done(view: dict[str, Any]) -> bool:
    """Every trick of the round played, the next round not dealt yet (the engine's "round_end" stage, the score
    helper's picture): nobody is to move and no trick is coming."""
    return not view["over"] and view["tricks"] >= C.TRICKS


HELD = "held"        # the film's frame over a finished action (tutor.widgets.film.held): what it did is done


def before_deal(view: dict[str, Any]) -> bool:
    """The table before the cards are dealt (a lesson's picture of the trump drawn): no hand holds a card yet. Its
    players choose no bonus yet (every panel said "choosing a first bonus" over an empty hand, a reader, stop 58)."""
    return view["phase"] == "bonus" and not any(seat["hand_count"] or seat["chosen"] for seat in view["seats"])


def _phase(view: dict[str, Any], lang: str) -> str:
    if view.get("held"):
        return _w("phase.taken", lang)
    if before_deal(view):
        return _w("phase.deal", lang)
    return _w("phase.round_end" if round_done(view) else f"phase.{view['phase']}", lang)


def _token_lines(token: int, lang: str) -> tuple[str, str]:
    """What the token's side means, in two balanced lines."""
    words = token_text(token, lang).split(": ", 1)[-1].split(" ")
    cut = min(range(1, len(words)), key=lambda i: max(len(" ".join(words[:i])), len(" ".join(words[i:]))),
              default=len(words))
    return " ".join(words[:cut]), " ".join(words[cut:])


def _trump_open(board: _Board, view: dict[str, Any]) -> tuple[str, str]:
    family, token = view["trump"], view["token"]
    board.parts.append(f'<g class="trump" data-family="{family}" data-token="{token}">')
    return family_name(family, board.lang), token_text(token, board.lang)


TRUMP_CHANGED = "@trump"      # in a board's marked: a bonus changed the trump or flipped the token


def _trump_close(board: _Board, x: float, y: float, w: float, h: float, name: str, token_words: str) -> None:
    board.parts.append("</g>")
    board.element("trump", x, y, w, h, f'{_w("trump", board.lang)}: {name}, {token_words}')
    if TRUMP_CHANGED in board.marked:       # what the bonus just did, ringed as any card just played
        board.top.append(_ring(x, y, w, h, "event", "trump"))


def _token(board: _Board, token: int, cx: float, cy: float, r: float, size: float) -> None:
    board.parts.append(f'<circle cx="{round(cx, 1)}" cy="{round(cy, 1)}" r="{round(r, 1)}" fill="#f6d365" '
                       f'stroke="{S.INK}" stroke-width="1.4" class="token"/>')
    board.parts.append(_t(cx, cy + size * 0.36, token, size=size, anchor="middle", weight="bold", cls="token-side"))


def _trump_box(board: _Board, view: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    """The trump and the token in a box (laptop and projector; units already scaled)."""
    z, lang = board.z, board.lang
    name, words = _trump_open(board, view)
    colour = C.FAMILY_HEX[view["trump"]]
    board.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="#ffffff" stroke="{S.INK}" '
                       f'stroke-width="1.4"/>')
    board.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{z(20)}" rx="8" fill="{colour}"/>')
    board.text(x + z(8), y + z(14), _w("trump", lang), 11, weight="bold", fill="#ffffff")
    board.parts.append(symbol(view["trump"], x + z(8), y + z(26), z(20)))
    board.fit(x + z(34), y + z(42), name, w - z(42), 13, bold=True, cls="trump-name")
    _token(board, view["token"], x + z(24), y + z(67), z(14), board.f(16))
    first, rest = _token_lines(view["token"], lang)
    board.fit(x + z(44), y + z(64), first, w - z(50), 10, cls="token-words")
    board.fit(x + z(44), y + z(77), rest, w - z(50), 10, cls="token-words")
    _trump_close(board, x, y, w, h, name, words)


def _trump_strip(board: _Board, view: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    """The trump and the token across a phone: a coloured tab, the family's name, the token and its words."""
    lang = board.lang
    name, words = _trump_open(board, view)
    colour = C.FAMILY_HEX[view["trump"]]
    tab = 64
    board.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="#ffffff" stroke="{S.INK}" '
                       f'stroke-width="1.4"/>')
    board.parts.append(f'<rect x="{x}" y="{y}" width="{tab}" height="{h}" rx="8" fill="{colour}"/>')
    board.parts.append(fitted(x + 7, y + 16, _w("trump", lang), tab - 12, 11, board.floor, bold=True,
                              fill="#ffffff"))
    board.parts.append(symbol(view["trump"], x + 8, y + 22, 19, "#ffffff"))
    board.parts.append(fitted(x + tab + 8, y + h / 2 + 5, name, 108, 14, board.floor, bold=True, cls="trump-name"))
    tx = x + tab + 8 + 108 + 8 + 15
    _token(board, view["token"], tx, y + h / 2, 15, 16)
    first, rest = _token_lines(view["token"], lang)
    left = tx + 21
    board.parts.append(fitted(left, y + h / 2 - 3, first, x + w - 6 - left, 10.5, board.floor, cls="token-words"))
    board.parts.append(fitted(left, y + h / 2 + 12, rest, x + w - 6 - left, 10.5, board.floor, cls="token-words"))
    _trump_close(board, x, y, w, h, name, words)


def _trick(board: _Board, view: dict[str, Any], x0: float, head_y: float, card_y: float, cw: float, ch: float,
           step: float, follow_width: float, summary_width: float, phase_x: Optional[float] = None,
           marks_side_by_side: bool = False, bare: bool = False) -> None:
    """The trick's heading (and the family to follow), its cards in play order, who played each, who led and
    who wins; before the first trick of a round, how the round before was scored. Units already scaled, except
    the font sizes (board.f). `phase_x`: where the phone prints the phase, right-aligned on the heading's line.
    `marks_side_by_side`: "leads" and "wins" share one line under a card (the projector's taller trick).
    `bare`: its heading alone, no empty place for a card (a phone before the first trick, see _phone)."""
    lang, z = board.lang, board.z
    total = C.TRICKS
    number = min(view["tricks"] + 1, total)
    head = _w("tricks_done", lang) if round_done(view) else _w("trick", lang, n=number, total=total)
    if board.drawn and not view["trick"] and not view["tricks"]:
        head = _w("drawing_trump", lang)      # "Trick 1 of 8" over the trump's draw, before any deal (a reader)
    led = view["led"]
    follow = _w("follow", lang, family=family_name(led, lang)) if led else _w("follow_none", lang)
    head_size = board.f(12)
    if phase_x is not None:
        phase = _phase(view, lang)
        room = phase_x - x0 - _em(head, True) * head_size - 12
        board.parts.append(fitted(phase_x, head_y, phase, room, 12, board.floor, bold=True, anchor="end",
                                  cls="phase"))
        board.parts.append(_t(x0, head_y, head, size=head_size, weight="bold", cls="trick-head"))
        fx, fy = x0, head_y + board.f(10.5) + 5
    else:
        board.parts.append(_t(x0, head_y, head, size=head_size, weight="bold", cls="trick-head"))
        fx, fy = x0 + _em(head, True) * head_size + z(10), head_y
        follow_width -= fx - x0
    if view["trick"] and "hide:follow" not in board.hl:     # a drill asking what may follow draws no answer
        s = board.f(11)
        if led:
            board.parts.append(symbol(led, fx, fy - s * 0.85, s))
        board.parts.append(fitted(fx + (s + 4 if led else 0), fy, follow, follow_width - (s + 4 if led else 0),
                                  board.f(10.5), board.floor, fill=S.MUTED, cls="follow"))
    board.parts.append('<g class="trick">')
    winner = view["turn"] if view["phase"] == "reward" else None
    name_size, mark_h = board.f(10), 14 if board.W == PHONE_W else z(11)
    for i, play in enumerate(view["trick"]):
        cx = round(x0 + i * step, 1)
        board.card(play["card"], cx, card_y, cw, ch)
        seat = play["seat"]
        below = card_y + ch
        # under the card's ring (a highlight or what just happened): its name, then who led and who wins
        board.parts.append(fitted(cx + cw / 2, below + name_size + 4, player_name(seat, lang), cw + (step - cw),
                                  10, board.floor, anchor="middle", cls="played-by"))
        marks = below + name_size + (7 if board.W == PHONE_W else z(5))
        wins = winner is not None and seat == winner
        half = round(cw / 2 - 1, 1) if marks_side_by_side and i == 0 and wins else cw
        if i == 0:
            board.parts.append(_mark("leader-mark", "#1d4e89", cx, marks, half, mark_h, _w("leads", lang), board))
        if wins:
            wx, wy = (round(cx + cw - half, 1), marks) if marks_side_by_side else (cx, marks + mark_h + 1)
            board.parts.append(_mark("winner-mark", "#2e7d32", wx, wy, half if i == 0 else cw, mark_h,
                                     _w("wins", lang), board))
    coming = next((str(h)[len(COMING):] for h in board.hl if str(h).startswith(COMING)), None)
    coming = coming if coming and view["trick"] and len(view["trick"]) < view["players"] and winner is None else None
    if coming:
        # a question's card told in words ("Player 4 plays Orca 1: who wins?"), drawn where it will lie, dashed and
        # with no winner: the deciding card lived only in the text, a phone learner held it in mind down a
        # screen and a half of board (a reader of wave 21). Not an element: the hand's card keeps its key.
        cx = round(x0 + len(view["trick"]) * step, 1)
        board.parts.append(f'<g class="coming" data-coming="{_a(coming)}" opacity="0.9">'
                           + _place(cx, card_y, board.face(coming, cw, ch, lang))
                           + f'<rect x="{cx - 3}" y="{round(card_y - 3, 1)}" width="{round(cw + 6, 1)}" '
                           f'height="{round(ch + 6, 1)}" rx="8" fill="none" stroke="#6b4e00" stroke-width="2.5" '
                           f'stroke-dasharray="7 5"/></g>')
        below = card_y + ch
        board.parts.append(fitted(cx + cw / 2, below + name_size + 4, player_name(view["turn"], lang), step,
                                  10, board.floor, anchor="middle", cls="played-by"))
        board.parts.append(_mark("coming-mark", "#6b4e00", cx, below + name_size + (7 if board.W == PHONE_W else z(5)),
                                 cw, mark_h, _w("coming", lang), board))
    if not view["trick"] and board.drawn and not view["tricks"]:
        # setup, before the deal: the card drawn for trump, face up where the trick goes (a reader was told "the
        # drawn card: sperm whale 2" over a board that showed only the token); it goes back into the deck after
        board.card({"id": board.drawn}, x0, card_y, cw, ch)
        first, _, then = _w("drawn", lang).partition(",")
        lx, size = x0 + cw + z(8), board.f(11)
        for i, words in enumerate((first, then.strip())):
            board.parts.append(fitted(lx, card_y + size * (1.3 + 1.3 * i), words, follow_width - cw - z(8), size,
                                      board.floor, bold=not i, fill=S.INK if not i else S.MUTED,
                                      cls="drawn-for-trump"))
    elif not view["trick"] and not _round_summary(board, view, x0, card_y, summary_width) and not bare:
        board.parts.append(_empty(x0, card_y, cw, ch, _w("empty", lang), board.f(10)))
    board.parts.append("</g>")
    if bare:        # its heading's line
        board.element("trick", x0, round(head_y - head_size, 1), follow_width, round(head_size + 6, 1), head)
    else:
        # (the card to come inside the trick's ring: left out of it, the ring grouped the cards that could still win,
        # and the one outside read as one that cannot, a reader of wave 22)
        cards = len(view["trick"]) + (1 if coming else 0)
        board.element("trick", x0, card_y, max(cw, round((cards - 1) * step + cw, 1)), ch, head)


def _mark(cls: str, colour: str, x: float, y: float, w: float, h: float, words: str, board: _Board) -> str:
    return (f'<g class="{cls}"><rect x="{x}" y="{round(y, 1)}" width="{w}" height="{h}" rx="4" fill="{colour}"/>'
            + fitted(x + w / 2, y + h / 2 + board.floor * 0.36, words, w - 4, board.f(9.5), board.floor,
                     anchor="middle", fill="#ffffff") + "</g>")


def _summary_due(view: dict[str, Any]) -> bool:
    """Whether the trick's place shows how the round before was scored (the first bonuses of a later round)."""
    history = view["history"]
    return bool(view["phase"] == "bonus" and history and history[-1][0] == view["round"] - 1)


def _round_summary(board: _Board, view: dict[str, Any], x: float, y: float, width: float) -> bool:
    """While the first bonuses of a new round are laid, where its first trick will lie: how the round before
    was scored (pearls + pairs of unused bonuses = points, and each total), so the table shows it and not only
    the log. False when there is nothing to show."""
    lang = board.lang
    history, n = view["history"], view["players"]
    if not _summary_due(view):
        return False
    row = history[-1]
    full = len(row) == 3 * n + 1
    line = max(board.f(11) + 3, board.z(14))
    height = round(board.f(12) + 12 + n * line, 1)
    board.parts.append(f'<g class="round-summary" data-round="{row[0]}">'
                       f'<rect x="{x}" y="{y}" width="{round(width, 1)}" height="{height}" rx="8" fill="#ffffff" '
                       f'stroke="{S.MUTED}"/>')
    board.parts.append(fitted(x + 8, y + board.f(12) + 4, _w("round_summary", lang, r=row[0]), width - 16, board.f(12),
                              board.floor, bold=True))
    for s in range(n):
        player = player_name(s, lang)
        total = view["seats"][s]["score"]
        if full:
            words = _w("round_line", lang, player=player, pearls=row[1 + n + s],
                       pairs=row[1 + 2 * n + s] // C.BONUS_PAIR, points=row[1 + s], total=total)
        else:
            words = _w("round_line_short", lang, player=player, points=row[1 + s], total=total)
        board.parts.append(fitted(x + 8, y + board.f(12) + 8 + line * (s + 1), words, width - 16, board.f(11),
                                  board.floor, cls="round-line"))
    board.parts.append("</g>")
    return True


def _piles(board: _Board, view: dict[str, Any], x: float, y: float, cw: float, ch: float, gap: float, note_x: float,
           note_y: float, note_width: float) -> None:
    """The discard pile (its top card face up) and the cards set aside (or, before the deal, the deck), each named
    above; a two-player game's note that it has no 5s."""
    lang = board.lang
    top = view["discard_top"]
    name = _w("discard", lang, n=view["discard_count"])
    label = board.f(10.5)
    if top is None:
        board.parts.append(_empty(x, y, cw, ch, _w("empty", lang), board.f(10)))
    else:
        if view["discard_count"] > 1:
            board.parts.append(f'<rect x="{x + 3}" y="{y + 3}" width="{cw}" height="{ch}" rx="6" fill="#d8d2c4" '
                               f'stroke="{S.MUTED}"/>')
        board.card(top, x, y, cw, ch)
    # 9 units over the cards: clear of a ring round the top card (4 units out, 5 thick)
    board.parts.append(fitted(x, y - 9, name, cw + gap - 4, label, board.floor, cls="discard-count"))
    board.element("discard", x, y, cw + 3, ch + 3, name)
    x = round(x + cw + gap, 1)
    aside = view["aside_count"]
    undealt = view["phase"] == "bonus" and not any(s["hand_count"] or s["chosen"] for s in view["seats"])
    if undealt and board.drawn:
        aside -= 1      # the card drawn for trump lies face up beside it (37 cards on a board of 36, a reader)
    words = _w("deck" if undealt else "aside", lang, n=aside)      # before the deal: the whole deck
    if aside:
        board.back(x, y, cw, ch)
    else:
        board.parts.append(_empty(x, y, cw, ch, _w("empty", lang), board.f(10)))
    board.parts.append(fitted(x, y - 9, words, cw + gap - 4, label, board.floor, cls="aside-count"))
    if view["removed"]:
        board.parts.append(fitted(note_x, note_y, _w("removed", lang), note_width, board.f(10), board.floor,
                                  fill=S.MUTED, cls="removed"))


def _note(view: dict[str, Any], seat: dict[str, Any], lang: str) -> tuple[bool, str]:
    """(whether the seat is to act, what it is doing) for its panel."""
    s, phase = seat["seat"], view["phase"]
    acting = not view["over"] and not round_done(view) and not before_deal(view) and s in view["to_move"]
    note = ""
    if acting:
        note = {"bonus": _w("choosing", lang), "play": _w("turn", lang) if view["trick"] else _w("leading", lang),
                "reward": _w("picks", lang), "leader": _w("chooses", lang)}.get(phase, "")
    elif phase == "bonus" and seat["chosen"]:
        note = _w("chosen", lang)
    return acting, note


def _panel_rect(board: _Board, seat: dict[str, Any], acting: bool, x: float, y: float, w: float, h: float) -> None:
    s = seat["seat"]
    board.parts.append(f'<g class="panel" data-seat="{s}">')
    board.parts.append(f'<rect x="{x}" y="{round(y, 1)}" width="{w}" height="{round(h, 1)}" rx="10" '
                       f'fill="{"#fff4d6" if acting else "#f4f1ea"}" stroke="{"#c98a00" if acting else "#c9c2b2"}" '
                       f'stroke-width="{2.5 if acting else 1}" class="seat" data-seat="{s}"/>')


def _pearl_pile(board: _Board, seat: dict[str, Any], x: float, y: float, w: float, h: float, label_y: float,
                label_width: float, right: bool = False) -> None:
    """The pearl pile, face down, its size on it and above it; the points noted on the score pad beside it.
    `right`: the pile at a phone panel's right edge, its label ending over its right side, the noted points under
    it."""
    lang = board.lang
    s, n = seat["seat"], seat["pearl_count"]
    board.parts.append(fitted(x + w if right else x, label_y, _w("pearls", lang, n=n), label_width, board.f(9.5),
                              board.floor, anchor="end" if right else "start", fill=S.MUTED, cls="pearl-count"))
    if n:
        if n > 1:
            board.parts.append(f'<rect x="{x + 3}" y="{y + 3}" width="{w}" height="{h}" rx="6" fill="#0f2d4d"/>')
        board.back(x, y, w, h)
        size = board.f(13)
        board.parts.append(f'<circle cx="{round(x + w / 2, 1)}" cy="{round(y + h / 2, 1)}" r="{round(size * 0.85, 1)}" '
                           f'fill="#ffffff"/>')
        board.parts.append(_t(x + w / 2, y + h / 2 + size * 0.36, n, size=size, anchor="middle", weight="bold"))
    else:
        # "no pearls", not "empty": at the end of a phone hand's row an empty slot read as a missing card (a reader)
        board.parts.append(_empty(x, y, w, h, _w("pile_empty", lang), board.f(9.5)))
    pile_words = _w("pearls", lang, n=n)
    noted = seat.get("noted", 0)
    if noted:       # reward points no card could stand for, written on the score pad (ruling short-reward)
        pile_words = f'{pile_words}, {_w("noted", lang, n=noted)}'
        where: dict[str, Any] = (dict(x=x + w, y=y + h + 17, anchor="end") if right
                                 else dict(x=x + w + 5, y=y + h / 2 + 4))
        board.parts.append(f'<g class="noted"><title>{escape(_w("noted", lang, n=noted))}</title>'
                           + _t(where.pop("x"), where.pop("y"), _w("noted_mark", lang, n=noted), size=board.f(11),
                                weight="bold",
                                fill="#7a4b00", **where) + "</g>")
    board.element(f"pearls:{s}", x, y, w, h, pile_words)


def _bonus_cards(seat: dict[str, Any]) -> tuple[list[Any], bool]:
    """The seat's bonuses as drawn (with its first bonus when the viewer may see it) and whether a face-down first
    bonus lies after them."""
    shown = list(seat["bonuses"])
    if seat.get("chosen_card"):
        shown.append(seat["chosen_card"])
    return shown, bool(seat["chosen"] and not seat.get("chosen_card"))


def _bonuses(board: _Board, seat: dict[str, Any], x: float, y: float, width: float, w: float, h: float) -> None:
    shown, hidden = _bonus_cards(seat)
    board.parts.append('<g class="bonuses">')
    if hidden:
        width -= w + 4
    board.row(shown, x, y, width, w, h)
    if hidden:
        step = min(w + 4, (width - w) / max(1, len(shown) - 1)) if len(shown) > 1 else w + 4
        board.back(round(x + len(shown) * step if shown else x, 1), y, w, h)
    board.parts.append("</g>")


def _backs(board: _Board, count: int, x: float, y: float, width: float, w: float, h: float) -> None:
    """A hand seen from its back, fanned in `width`."""
    step = min(w * 0.4, (width - w) / max(1, count - 1)) if count > 1 else 0
    for i in range(count):
        board.back(round(x + i * step, 1), y, w, h)


# --------------------------------------------------------------------------- laptop and projector

def _wide_panel(board: _Board, view: dict[str, Any], seat: dict[str, Any], y: float) -> None:
    """One player's row: name, total, this round's points and what they are doing; the pearl pile; the bonuses; the
    hand (the cards when the viewer may see them, else their backs)."""
    z, lang, right = board.z, board.lang, board.W - board.z(14)
    s = seat["seat"]
    acting, note = _note(view, seat, lang)
    _panel_rect(board, seat, acting, z(8), y, board.W - z(16), z(PANEL_H - 2))
    board.fit(z(16), y + z(16), player_name(s, lang), z(100), 12, bold=True)
    board.fit(z(16), y + z(32), _w("total", lang, n=seat["score"]), z(100), 11, cls="total")
    if "hide:points" not in board.hl:       # a drill asking the round's points draws no running count
        board.fit(z(16), y + z(47), _w("round_points", lang, n=seat["round_points"]), z(100), 9.5, fill=S.MUTED,
                  cls="round-points")
    if note:
        board.fit(z(16), y + z(63), note, z(100), 10, bold=True, fill="#8a5a00", cls="note")
    board.element(f"seat:{s}", z(12), y + z(4), z(108), z(PANEL_H - 10), player_name(s, lang))
    _pearl_pile(board, seat, z(124), y + z(17), z(PW), z(PH), y + z(12), z(84))
    # the bonuses and the hand share the rest of the row, overlapping only when they must
    bx = z(214)
    bw, bh = z(BW), z(BH)
    shown, hidden = _bonus_cards(seat)
    nb = len(shown) + hidden
    gap, pitch = z(16), z(BW + 4)
    avail = right - bx
    if seat["hand"] is not None:
        n = len(seat["hand"])
        need = max(1, nb) * pitch + gap + n * pitch - z(8)
        if need <= avail or not n:
            bonus_w = max(1, nb) * pitch - z(4)
        else:   # one step for every card of both rows
            step = max(z(12), (avail - gap - 2 * bw) / max(1, nb + n - 2))
            bonus_w = bw + max(0, nb - 1) * step
        hand_w = right - (bx + bonus_w + gap)
    else:
        n = seat["hand_count"]
        hand_w = min(right - bx - z(BW) - gap, z(HW) + max(0, n - 1) * z(HW) * 0.4)
        hand_w = max(hand_w, z(HW) + z(50))             # room for the hand's label
        bonus_w = min(max(1, nb) * pitch - z(4), right - bx - gap - hand_w)
    board.fit(bx, y + z(12), _w("bonuses", lang), max(bonus_w, z(BW)), 10, fill=S.MUTED)
    _bonuses(board, seat, bx, y + z(16), bonus_w, bw, bh)
    hx = round(bx + bonus_w + gap, 1)
    board.fit(hx, y + z(12), _w("hand", lang, n=seat["hand_count"]), max(hand_w, z(60)), 10, fill=S.MUTED,
              cls="hand-count")
    board.parts.append('<g class="hand">')
    if seat["hand"] is not None:
        board.row(seat["hand"], hx, y + z(16), hand_w, bw, bh)
    else:
        _backs(board, n, hx, y + z(18), hand_w, z(HW), z(HH))
    board.parts.append("</g></g>")


def _wide(board: _Board, view: dict[str, Any], title: str) -> float:
    """The laptop's (and the projector's) board; its height."""
    z, lang, k = board.z, board.lang, board.k
    Wu = board.W / k                 # the width in the laptop's units
    n = view["players"]
    panel_y = float(PANEL_Y)
    if board.layout.name == "projector":        # as much of the gap as the layout's height leaves (five players: none)
        tallest = board.layout.max_height or 820
        panel_y += max(0.0, min(PROJECTOR_GAP, math.floor(tallest / k - PANEL_Y - n * PANEL_H)))
    height = z(panel_y + n * PANEL_H)
    board.parts.append(f'<rect width="{board.W}" height="{height}" fill="#eaf3f7"/>')
    board.parts.append(f'<rect width="{board.W}" height="{z(TOP - 4)}" fill="#14406e"/>')
    viewer = view.get("viewer")
    note = (_w("view_all", lang) if viewer is None
            else _w("view_of", lang, player=player_name(viewer, lang), player_plain=viewer + 1))
    note_size = board.f(11)
    board.fit(z(10), z(18), title, board.W - z(30) - _em(note, False) * note_size, 14, bold=True, fill="#ffffff")
    board.parts.append(_t(board.W - z(10), z(18), note, size=note_size, anchor="end", fill="#ffffff", cls="viewer"))
    # the phase before the table's words (the panels' names after it never read as its object)
    board.fit(board.W - z(10), z(panel_y - 6), _phase(view, lang), z(186), 12, bold=True, anchor="end",
              cls="phase")
    _trump_box(board, view, z(10), z(TOP + 6), z(150), z(90))
    piles_x = Wu - 200
    if board.layout.name == "projector":
        # the trick is what the room looks at: larger cards (their pearls and bonuses read from the back), centred
        # between the trump and the piles, "leads" and "wins" on one line under them so the panels keep their room
        cw, ch = z(CW * PROJECTOR_TRICK), z(CH * PROJECTOR_TRICK)
        # ... as tall as leaves the player's name and the "leads" / "wins" line above the first panel (at a
        # projector's print, four players' rows cut that line in half, a reader)
        room = z(panel_y) - z(TOP + 20) - (board.f(10) + 4) - z(5) - z(11) - z(3)
        if ch > room:
            cw, ch = round(cw * room / ch, 1), round(room, 1)
        step = round(cw + z(14), 1)
        left, right = z(172), z(piles_x - 12)
        span = (view["players"] - 1) * step + cw
        x0 = round(left + max(0.0, (right - left - span) / 2), 1)
        _trick(board, view, x0, z(TOP + 12), z(TOP + 20), cw, ch, step, follow_width=right - x0,
               summary_width=right - x0, marks_side_by_side=True)
    else:
        _trick(board, view, z(172), z(TOP + 12), z(TOP + 22), z(CW), z(CH), z(CW + 12),
               follow_width=z(piles_x - 182), summary_width=z(piles_x - 186))
    _piles(board, view, z(piles_x), z(TOP + 22), z(CW), z(CH), z(20), z(piles_x), z(TOP + 22 + CH + 15), z(186))
    y = z(panel_y)
    for seat in view["seats"]:
        _wide_panel(board, view, seat, y)
        y = round(y + z(PANEL_H), 1)
    if view["over"]:
        _over(board, view, z(Wu / 2 - 220), z(TOP + 30), z(440), z(44))
    return height


# --------------------------------------------------------------------------- phone

def _first_seat(view: dict[str, Any]) -> int:
    """Whose panel a phone shows first: the viewer's, or in the teacher's view the player to move; while several
    choose at once (the first bonuses), player 1's, as before anyone chose: the panels moved round mid-example as
    one player after another had chosen (a reader, stop 48)."""
    if view.get("viewer") is not None:
        return int(view["viewer"])
    return int(view["to_move"][0]) if len(view["to_move"]) == 1 else 0


def _phone_head(board: _Board, seat: dict[str, Any], acting: bool, note: str, y: float, height: float) -> str:
    """A phone panel's box and its first two lines: name and total; this round's points and what the player is
    doing. Returns the player's name."""
    lang = board.lang
    _panel_rect(board, seat, acting, 6, y, PHONE_W - 12, height - 4)
    name = player_name(seat["seat"], lang)
    board.parts.append(fitted(16, y + 21, name, 200, 13, board.floor, bold=True))
    board.parts.append(_t(PHONE_W - 16, y + 21, _w("total", lang, n=seat["score"]), size=12, anchor="end",
                          cls="total"))
    if "hide:points" not in board.hl:
        board.parts.append(fitted(16, y + 39, _w("round_points", lang, n=seat["round_points"]), 160, 10,
                                  board.floor, fill=S.MUTED, cls="round-points"))
    if note:
        board.parts.append(fitted(PHONE_W - 16, y + 39, note, 150, 11, board.floor, bold=True, anchor="end",
                                  fill="#8a5a00", cls="note"))
    return name


def _phone_panel(board: _Board, view: dict[str, Any], seat: dict[str, Any], y: float) -> int:
    """A player's panel across the phone: name and total, this round's points and what they are doing (a 46-unit
    tap target for the seat); a hand the viewer sees, five cards a row, then the bonuses (P_BONUS_ROW a row) and
    the pearl pile at the right; another's hand is a small fan of backs at the right, beside the pearl pile, its
    bonuses two a row. No bonus covers another (an overlap hid a card's pearls and the end of its name).
    A seen hand of up to P_BESIDE cards has the pearl pile at its right, and a seat with no bonus draws only the
    bonuses' label: a four-player board was 1,300-1,700 px tall, half of each panel an empty "Bonuses" row beside the pile (a
    reader, stop 50). Its height."""
    lang = board.lang
    s = seat["seat"]
    acting, note = _note(view, seat, lang)
    open_hand = seat["hand"] is not None
    shown, hidden = _bonus_cards(seat)
    nb = len(shown) + hidden
    beside = open_hand and len(seat["hand"]) <= P_BESIDE      # the pile at the hand's right, in its row
    rows = math.ceil(len(seat["hand"]) / P_ROW) if open_hand else 0      # an empty hand: its label alone
    # a long seen hand whose last row has a free place: the pile lies there, at the row's right, and the bonuses have
    # a row of their own, or one line that says there are none (a four-player example of nine-card hands was 1,950
    # px tall on a phone, each panel a row of an empty "Bonuses" label beside the pile; a reader, stop 53)
    # (not with points noted on the pad: their words under the pile would run into the row's cards)
    tucked = open_hand and not beside and len(seat["hand"]) % P_ROW != 0 and not seat.get("noted")
    hx = PHONE_W - 14 - 80                              # another's hand
    px = PHONE_W - 14 - P_PW if open_hand else hx - 12 - P_PW      # the pearl pile
    noted = 17 if seat.get("noted") else 0            # the points noted on the score pad, under the pile
    if beside or tucked:
        per = max(1, min(P_ROW, int((PHONE_W - 28 + 4) // (P_BW + 4))))      # the bonuses' row is theirs alone
        bonus_rows = math.ceil(nb / per)
        row = bonus_rows * (P_BH + 4)
        hand_h = (P_DROP + max(P_BH + 4, P_PH + 8 + noted) + 16 if beside
                  else P_DROP + rows * (P_BH + 4) + 14)
    else:
        per = max(1, min(P_BONUS_ROW, int((px - 10 - 14 + 4) // (P_BW + 4))))     # bonuses a row, side by side
        bonus_rows = math.ceil(nb / per)
        row = max(P_PH + 8 + noted, bonus_rows * (P_BH + 4))      # the pile's row: as tall as the bonuses, or the pile
        hand_h = P_DROP + rows * (P_BH + 4) + 16 if open_hand else 0
    ry = y + P_TOP + hand_h                             # the labels over the pile and the bonuses
    # a short seen hand and no bonus: "Bonuses: none" in the hand's row, between the cards and the pile, not in a row
    # of its own under them (every layout says the seat's bonuses, none as well; a reader measured a four-player board
    # 1,400 px tall, its panels mostly blank)
    none_words = _w("bonuses_none", lang)
    none_x = 14 + max(1, len(seat["hand"])) * (P_BW + 4) + 4 if beside else 0
    inline = beside and not nb and none_x + _em(none_words, False) * board.floor <= px - 6
    if inline:
        height = round(y + P_TOP + hand_h - 8 - y)
    elif beside and not nb:
        # the bonuses' label alone, over no cards
        height = round(ry + 8 - y)
    elif tucked and not nb:
        height = round(ry + 12 - y)         # "Bonuses: none", a line
    else:
        height = round(ry + P_DROP + row + 6 - y)        # a ring round a bonus (4 out) stays in its panel
    name = _phone_head(board, seat, acting, note, y, height)
    board.element(f"seat:{s}", 10, y + 4, PHONE_W - 20, 46, name)
    bx = 14
    words = _w("bonuses", lang)
    if inline:
        hy = y + P_TOP + P_DROP
        board.parts.append(fitted(none_x, hy + P_BH / 2 + 3.5, none_words, px - 6 - none_x, 10, board.floor,
                                  fill=S.MUTED))
    elif tucked and not nb:
        board.parts.append(fitted(bx, ry, none_words, PHONE_W - 28 - 100, 10, board.floor, fill=S.MUTED))
    else:
        # (none, said so: a "Bonuses" label over an empty place read as a panel cut off, beside panels that said
        # "Bonuses: none", a reader of wave 20)
        board.parts.append(fitted(bx, ry, words if nb else none_words, px - 6 - bx if not nb else 80, 10,
                                  board.floor, fill=S.MUTED))
    if beside:
        hy = y + P_TOP
        hand_end = bx + max(1, len(seat["hand"])) * (P_BW + 4)
        _pearl_pile(board, seat, px, hy + P_DROP, P_PW, P_PH, hy, px + P_PW - hand_end - 8, right=True)
    elif tucked:
        # in the last row's free place, its label under it on the bonuses' line (over it lies the row above)
        last = y + P_TOP + P_DROP + (rows - 1) * (P_BH + 4)
        # a line parts it from the hand: at a row's end it read as a tenth card of the hand (a reader, stop 59); it
        # ends over the pile's label, which is wider than the pile (it ran through "Жемчу|жины", a reader, stop 60)
        board.parts.append(f'<line x1="{px - 9}" y1="{round(last - 2, 1)}" x2="{px - 9}" '
                           f'y2="{round(ry - board.f(10) - 2, 1)}" stroke="#9aa5b1" stroke-width="1.2" '
                           f'stroke-dasharray="4 3"/>')
        _pearl_pile(board, seat, px, last, P_PW, P_PH, ry, 96, right=True)
    else:
        label_end = bx + _em(words if nb else none_words, False) * 10 + 10
        _pearl_pile(board, seat, px, ry + P_DROP, P_PW, P_PH, ry, px + P_PW - label_end, right=True)
    hand_words = _w("hand", lang, n=seat["hand_count"])
    board.parts.append('<g class="bonuses">')
    for i, c in enumerate(shown + [None] * hidden):
        x, by = bx + (i % per) * (P_BW + 4), ry + P_DROP + (i // per) * (P_BH + 4)
        if c is None:
            board.back(x, by, P_BW, P_BH)
        else:
            board.card(c, x, by, P_BW, P_BH)
    board.parts.append("</g>")
    if open_hand:
        hy = y + P_TOP
        board.parts.append(fitted(14, hy, hand_words, px - 14 - 60 if beside or tucked else 200, 10.5, board.floor,
                                  fill=S.MUTED, cls="hand-count"))
        board.parts.append('<g class="hand">')
        for i, c in enumerate(seat["hand"]):
            board.card(c, 14 + (i % P_ROW) * (P_BW + 4), hy + P_DROP + (i // P_ROW) * (P_BH + 4), P_BW, P_BH)
    else:
        board.parts.append(fitted(hx, ry, hand_words, 80, 10, board.floor, fill=S.MUTED, cls="hand-count"))
        board.parts.append('<g class="hand">')
        _backs(board, seat["hand_count"], hx, ry + P_DROP, 80, P_HW, P_HH)
    board.parts.append("</g></g>")
    return height


COMING = "coming:"              # highlight "coming:<card id>": the card the player to move is about to play
BRIEF = "brief"                 # highlight: every player's panel one line (a question about the trick alone)
BRIEF_OTHERS = "brief:others"   # ... every panel but the viewer's and one the learner chooses from


def _brief(board: _Board, view: dict[str, Any], seat: dict[str, Any]) -> bool:
    """Whether the seat's phone panel is drawn brief: a question asked about the trick or the viewer's own hand drew
    the others' whole panels, 550 of a four-player board's 1,070 units a phone's screen of cards nobody was asked
    about (a reader, stop 52)."""
    if BRIEF in board.hl:
        return True
    cards = [c["id"] for c in (seat["hand"] or ())] + [c["id"] for c in _bonus_cards(seat)[0]]
    mine = seat["seat"] == view.get("viewer") or any(f"card:{c}" in board.offers for c in cards)
    return BRIEF_OTHERS in board.hl and not mine


def _brief_panel(board: _Board, view: dict[str, Any], seat: dict[str, Any], y: float) -> int:
    """A player's panel in three lines: name and total; this round's points and what they are doing; how many cards
    in hand, pearls and bonuses. The seat's tap target as on a whole panel; its height."""
    lang = board.lang
    s = seat["seat"]
    acting, note = _note(view, seat, lang)
    height = 66
    name = _phone_head(board, seat, acting, note, y, height)
    shown, hidden = _bonus_cards(seat)
    # the bonuses named, not only counted: they lie face up, and which one a player holds bears on the question (a
    # reader found "Bonuses · 1" where the lesson says everyone sees them, stop 57)
    named = [_bonus_short(c["id"], lang) for c in shown] + (["?"] * hidden)
    bonuses = f'{_w("bonuses", lang)}: {", ".join(named)}' if named else _w("bonuses_n", lang, n=0)
    counts = "  |  ".join((_w("hand", lang, n=seat["hand_count"]), _w("pearls", lang, n=seat["pearl_count"]), bonuses))
    board.parts.append(fitted(16, y + 56, counts, PHONE_W - 32, 10.5, board.floor, fill=S.MUTED, cls="brief-counts"))
    board.element(f"seat:{s}", 10, y + 4, PHONE_W - 20, 46, name)
    board.parts.append("</g>")
    return height


def _phone(board: _Board, view: dict[str, Any], title_words: tuple[str, str]) -> float:
    """The phone's board, one column; its height."""
    lang, W = board.lang, PHONE_W
    parts_start = len(board.parts)
    viewer = view.get("viewer")
    note = (_w("view_all", lang) if viewer is None
            else _w("view_of", lang, player=player_name(viewer, lang), player_plain=viewer + 1))
    board.parts.append(fitted(8, 18, title_words[0], W - 16, 14, board.floor, bold=True, fill="#ffffff"))
    target = _w("target", lang, n=view["target"])
    head = max(11, board.floor)
    board.parts.append(_t(8, 35, target, size=head, fill="#ffffff"))
    board.parts.append(fitted(W - 8, 35, note, W - 30 - _em(target, False) * head, head, board.floor, anchor="end",
                              fill="#ffffff", cls="viewer"))
    _trump_strip(board, view, 8, 46, W - 16, 46)
    card_y = 134
    # the first bonuses of the first round chosen: no trick yet and nothing to show where it will lie, whose empty
    # place stood 140 px between the trump and the hand chosen from, the two never on one screen (a reader, wave 18)
    bare = view["phase"] == "bonus" and not view["trick"] and not board.drawn and not _summary_due(view)
    _trick(board, view, 8, 109, card_y, P_CW, P_CH, (W - 16 - P_CW) / 3, follow_width=W - 16,
           summary_width=W - 16, phase_x=W - 8, bare=bare)
    y: float = card_y + (4 if bare else P_CH + 52)
    first = _first_seat(view)
    n = view["players"]
    # "only:<seat>": that player's panel alone (the score helper counts one player's round: three more panels of
    # cards nobody asked about were 900 px of a phone, a reader)
    only = next((int(k[5:]) for k in board.hl if k.startswith("only:") and k[5:].isdigit()), None)
    for i in range(n):
        seat = view["seats"][(first + i) % n]
        if only is None or seat["seat"] == only:
            y += (_brief_panel if _brief(board, view, seat) else _phone_panel)(board, view, seat, y)
    # the piles last: what the trick leaves and what is set aside
    y += 4
    note_x = 14 + 2 * P_BW + 40
    _piles(board, view, 14, y + 18, P_BW, P_BH, 26, note_x, y + 18 + P_BH / 2, W - 14 - note_x)
    height = y + 18 + P_BH + 10
    if view["over"]:        # beside the trick's empty place, not over its words
        left = 8 if view["trick"] else 8 + P_CW + 8
        _over(board, view, left, card_y + 10, W - 8 - left, 44)
    board.parts.insert(parts_start, f'<rect width="{W}" height="{height}" fill="#eaf3f7"/>'
                                    f'<rect width="{W}" height="42" fill="#14406e"/>')
    return height


def _over(board: _Board, view: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    lang = board.lang
    win = view.get("winners") or []
    words = f'{_w("over", lang)} · {_w("winner", lang, players=", ".join(player_name(s, lang) for s in win))}'
    board.parts.append(f'<g class="game-over"><rect x="{round(x, 1)}" y="{round(y, 1)}" width="{round(w, 1)}" '
                     f'height="{round(h, 1)}" rx="10" fill="#1f2933" fill-opacity="0.9"/>'
                     + fitted(x + w / 2, y + h / 2 + 6, words, w - 20, board.f(16), board.floor, bold=True,
                              anchor="middle", fill="#ffffff") + "</g>")


# --------------------------------------------------------------------------- a finished trick (the table's summary)

def finished_trick(cards: Iterable[str], seats: Iterable[int], winner: int, taken: Optional[str],
                   lang: str = "en") -> str:
    """The trick as it lay, for the play table's summary once its reward is taken: each card face up in play
    order at the phone's size, its player's name under it, who led, who won and the card the winner took.

    The cards carry no `data-card` id: by now they lie face down in a pearl pile (or as a bonus, or on the discard
    pile), and a pearl pile's cards are a secret by id even though everyone saw them in the trick."""
    cards, seats = list(cards), list(seats)
    floor = S.board_print(S.LAYOUTS["phone"])
    gap, pad, mark_h = 10, 6, 15
    width = round(pad * 2 + len(cards) * P_CW + max(0, len(cards) - 1) * gap)
    name_y = pad + P_CH + 16
    height = name_y + 6 + 2 * (mark_h + 3)
    out = []
    for i, (c, seat) in enumerate(zip(cards, seats)):
        x = pad + i * (P_CW + gap)
        face = _face(c, P_CW, P_CH, lang, floor).replace(f' data-card="{c}"', "", 1)
        if c == taken:      # a gold frame round the card taken, as the board rings what just happened
            out.append(f'<rect x="{x - 3}" y="{pad - 3}" width="{P_CW + 6}" height="{P_CH + 6}" rx="8" '
                       f'fill="#f6d365" stroke="#b8860b" stroke-width="2"/>')
        out.append(_place(x, pad, face))
        out.append(fitted(x + P_CW / 2, name_y, player_name(seat, lang), P_CW + gap - 2, 11, floor, bold=True,
                          anchor="middle", cls="played-by"))
        marks = [("leader-mark", "#1d4e89", _w("leads", lang))] if i == 0 else []
        if seat == winner:
            marks.append(("winner-mark", "#2e7d32", _w("wins", lang)))
        if c == taken:
            marks.append(("taken-mark", "#8a5a00", text("ui.trump_whales.table.taken", lang)))
        for j, (cls, colour, words) in enumerate(marks):
            y = name_y + 6 + j * (mark_h + 3)
            out.append(f'<g class="{cls}"><rect x="{x}" y="{y}" width="{P_CW}" height="{mark_h}" rx="4" '
                       f'fill="{colour}"/>' + fitted(x + P_CW / 2, y + mark_h / 2 + floor * 0.36, words, P_CW - 4,
                                                     10, floor, anchor="middle", fill="#ffffff") + "</g>")
    body = "".join(out)
    label = ", ".join(f"{player_name(s, lang)}: {card_name(c, lang)}" for c, s in zip(cards, seats))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" role="img" aria-label="{_a(label)}" class="tutor-trump_whales-trick" '
            f'font-family="{S.FONT}" style="max-width: 100%; height: auto">{body}</svg>')


def describe(view: dict[str, Any], lang: str = "en") -> tuple[str, str]:
    """(title, description) in plain words: what a screen reader says about the position."""
    title = f"{text('trump_whales.title', lang)} — {_w('round', lang, r=view['round'])}"
    lines = [_w("d.head", lang, r=view["round"], n=min(view["tricks"] + 1, C.TRICKS),
                trump=family_name(view["trump"], lang), trump_plain=family_name(view["trump"], lang).lower(),
                token=token_text(view["token"], lang), phase=_phase(view, lang))]
    if view["trick"]:
        lines.append(_w("d.trick", lang, cards=", ".join(
            f"{player_name(p['seat'], lang)}: {card_name(p['card']['id'], lang)}" for p in view["trick"])))
    for seat in view["seats"]:
        hand = (", ".join(card_name(c["id"], lang) for c in seat["hand"]) if seat["hand"] is not None
                else _w("d.hidden_hand", lang, n=seat["hand_count"]))
        bonuses = ", ".join(f"{card_name(c['id'], lang)} ({bonus_name(c['id'], lang)})" for c in seat["bonuses"])
        pearls = str(seat["pearl_count"])
        if seat.get("noted"):
            pearls += f' ({_w("noted", lang, n=seat["noted"])})'
        lines.append(_w("d.seat", lang, player=player_name(seat["seat"], lang), total=seat["score"],
                        pearls=pearls, bonuses=bonuses or "—", hand=hand or "—"))
    if view["over"]:
        lines.append(_w("d.over", lang))
    return title, "\n".join(lines)


def _marked(events: Optional[Iterable[object]]) -> set[str]:
    """Card ids the last action's events name (a viewer's events hold only what they may know). A pick that ends a
    round also deals the next: only what follows that deal is on this round's table (card ids come back with the
    new hands, so the last trick's cards would ring in them)."""
    events = list(events or ())
    dealt = [i for i, e in enumerate(events) if getattr(e, "kind", "").endswith(".dealt")]
    out: set[str] = set()
    for e in events[dealt[-1] + 1:] if dealt else events:
        d = getattr(e, "data", {}) or {}
        if isinstance(d.get("card"), str) and not getattr(e, "kind", "").endswith(("trump_drawn", "five_drawn")):
            out.add(d["card"])
        if getattr(e, "kind", "").endswith(("bonus_trump", "bonus_flip")):
            out.add(TRUMP_CHANGED)
    return out


def _drawn(events: Optional[Iterable[object]]) -> Optional[str]:
    """The card drawn for trump when nothing has been dealt after it (setup's "trump" stage), else None."""
    drawn = None
    for e in events or ():
        kind = getattr(e, "kind", "")
        if kind.endswith(".trump_drawn"):
            drawn = (getattr(e, "data", {}) or {}).get("card")
        elif kind.endswith(".dealt"):
            drawn = None
    return drawn if isinstance(drawn, str) else None


def render(view: dict[str, Any], *, highlight: Iterable[str] | str | None = (), lang: str = "en",
           events: Optional[Iterable[object]] = (), choosable: Optional[Mapping[str, Any]] = None,
           layout: Optional[str] = None) -> str:
    """SVG text for `view` (from `trump_whales.view(state, player)`), laid out for `layout` ("phone", "laptop",
    "projector"; None: tutor.core.svg.DEFAULT_LAYOUT; another name is a ValueError)."""
    spec = S.layout_of(layout)
    hl = S.parse_highlight(highlight)
    offers = S.offers(choosable)
    marked = _marked(events)
    if HELD in hl and view["phase"] == "reward":
        # the table's film holds a trick's summary over the finished trick (tutor.widgets.film.held): the card taken
        # is marked on it, and nobody is picking any more (the learner's own pick read as not taken: "Pick the reward"
        # and "picks a reward" stayed over the card they had just taken, a reader)
        view = dict(view, to_move=[], held=True)
    if view["phase"] == "reward" and offers:
        # the winner picks from the trick: rings of "just played" on its cards read as the cards one may pick (a
        # teacher saw three ringed, the winner's own among them, and the one free card unringed); the chips under
        # the trick ("led", "wins") say what happened
        marked -= {t["card"]["id"] for t in view["trick"] if isinstance(t.get("card"), dict) and "id" in t["card"]}
    n = view["players"]
    board = _Board(hl, offers, marked, lang, spec, projector_scale(n) if spec.name == "projector" else 1.0)
    board.drawn = _drawn(events)
    title, desc = describe(view, lang)
    heading = f"{text('trump_whales.title', lang)} · {_w('round', lang, r=view['round'])}"
    if spec.name == "phone":
        height = _phone(board, view, (heading, ""))
    else:
        height = _wide(board, view, f"{heading} · {_w('target', lang, n=view['target'])}")
    height = round(height, 1)
    viewer = view.get("viewer")
    role = "group" if offers else "img"
    body = "".join(board.parts) + "".join(board.top)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {spec.width} {height}" role="{role}" '
            f'style="{S.height_floor(height, body)}" data-layout="{spec.name}" '
            f'aria-label="{_a(title)}" class="tutor-trump_whales" font-family="{S.FONT}" '
            f'data-round="{view["round"]}" data-players="{n}" data-phase="{view["phase"]}" '
            f'data-trump="{view["trump"]}" data-token="{view["token"]}" '
            f'data-viewer="{"all" if viewer is None else viewer}">'
            f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>")
    return head + body + "</svg>"
