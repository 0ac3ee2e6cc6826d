"""Card tables written as SVG text (Паперові океани, Козырные киты): labels, word fitting, empty slots, rings and
the board's click areas, and the collector a drawing fills.

Why text and not svgwrite elements: a play table redraws every card after every move, and a card's markup is made
once per card, size and language (a game caches its faces) and then only placed. What is written here is what
tutor.core.svg writes through elements (`choice`, `ring`), so a board looks and clicks the same either way.
"""

from __future__ import annotations

from html import escape
from typing import AbstractSet, Any, Mapping, Optional

from tutor.core import svg as S

place = S.translated      # a piece drawn at the origin, moved to (x, y)


def attr(value: object) -> str:
    """`value` as an attribute value (quotes escaped)."""
    return escape(str(value), quote=True)


def label(x: float, y: float, words: object, *, size: float = 11, anchor: str = "start", weight: str = "normal",
          fill: str = S.INK, cls: str = "", length: Optional[float] = None) -> str:
    """A <text> at (x, y); only the attributes that differ from SVG's defaults are written. `length`: the width
    the words are drawn to, their glyphs narrowed (see `fitted`)."""
    extra = f' text-anchor="{anchor}"' if anchor != "start" else ""
    extra += f' font-weight="{weight}"' if weight != "normal" else ""
    extra += f' class="{cls}"' if cls else ""
    extra += f' textLength="{round(length, 1)}" lengthAdjust="spacingAndGlyphs"' if length else ""
    return (f'<text x="{round(x, 1)}" y="{round(y, 1)}" font-size="{size}" fill="{fill}"{extra}>'
            f'{escape(str(words))}</text>')


# --------------------------------------------------------------------------- fitting words on a card

_WIDE = set("mwMWшщжюмфыШЩЖЮМФ+⇄⇅")
_NARROW = set("iljtfrIJіїI'’ .,:·-()«»")


def em(words: object, bold: bool) -> float:
    """The width of `words` in ems, guessed without a font (DejaVu Sans-like; the browser tests
    tests/browser/test_browser_card_faces.py and test_browser_trump_whales_faces.py hold the guess to Chromium's
    fonts)."""
    wide, narrow, other = (1.02, 0.4, 0.72) if bold else (0.9, 0.34, 0.62)
    return sum(wide if c in _WIDE else narrow if c in _NARROW else other for c in str(words)) or 1.0


def fit(words: object, width: float, cap: float, bold: bool = False) -> float:
    """The font size (at most `cap`) at which `words` fit in `width`."""
    return round(min(cap, width / em(str(words), bold)), 2)


# The narrowest a label's glyphs are drawn, against their own width: condensed, and still easy to read.
SQUEEZE = 0.75


def fitted(x: float, y: float, words: object, width: float, cap: float, *, bold: bool = False, anchor: str = "start",
           fill: str = S.INK, cls: str = "") -> str:
    """A label of `words` no wider than `width`, at the size that fits (at most `cap`). Words that would fit only
    under the small-print floor (tutor.core.svg.SMALL_PRINT, what a phone reads without panning the board
    further) are drawn taller, at the floor where they can, and narrowed to `width` (by at most SQUEEZE)."""
    wide = em(str(words), bold)
    size = natural = round(min(cap, width / wide), 2)      # `fit`, the ems counted once
    if natural < S.SMALL_PRINT:
        # at the floor if they fit there (a short word under a lower cap), else as near it as SQUEEZE allows
        size = S.SMALL_PRINT if wide * S.SMALL_PRINT <= width else round(min(S.SMALL_PRINT, natural / SQUEEZE), 2)
    # narrowed only if the words at that size are wider than `width` (a short word among a name's lines is not)
    return label(x, y, words, size=size, anchor=anchor, weight="bold" if bold else "normal", fill=fill, cls=cls,
                 length=width if wide * size > width + 0.01 else None)


# --------------------------------------------------------------------------- slots, rings, click areas

def empty_slot(x: float, y: float, w: float, h: float, words: str) -> str:
    """A dashed outline where a card would lie, with `words` (a pile that has run out)."""
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="none" stroke="{S.MUTED}" '
            f'stroke-dasharray="5 4"/>' + label(x + w / 2, y + h / 2 + 4, words, size=10, anchor="middle",
                                                fill=S.MUTED))


def ring(x: float, y: float, w: float, h: float, kind: str, target: str) -> str:
    """tutor.core.svg.ring, written as text: a lesson's highlight or the mark of what an event touched."""
    style = S.HIGHLIGHT_STYLE if kind == "highlight" else S.EVENT_STYLE
    pad = 4
    return (f'<rect x="{x - pad:.1f}" y="{y - pad:.1f}" width="{w + 2 * pad:.1f}" height="{h + 2 * pad:.1f}" rx="9" '
            f'fill="none" stroke="{style["stroke"]}" stroke-width="{style["stroke_width"]}"'
            + (f' stroke-dasharray="{style["stroke_dasharray"]}"' if "stroke_dasharray" in style else "")
            + f' class="{kind}" data-target="{attr(target)}"/>')


def choice(key: str, offer: S.Offer, x: float, y: float, w: float, h: float, name: str) -> str:
    """tutor.core.svg.choice, written as text: a focusable button over the element drawn under `key`."""
    words = offer.label or name
    pressed = "" if offer.pressed is None else f' aria-pressed="{"true" if offer.pressed else "false"}"'
    thickness = 1.6 * 2.2 if offer.pressed else 1.6
    ring = (f'stroke="{S.CHOICE}" stroke-width="{thickness:.2f}" class="choice-ring"' if offer.available else
            f'stroke="{S.MUTED}" stroke-width="{thickness:.2f}" stroke-dasharray="3 3" class="choice-ring unavailable"')
    return (f'<g class="choice" data-choice="{attr(offer.id)}" data-key="{attr(key)}" tabindex="0" role="button" '
            f'aria-label="{attr(words)}"{pressed}><title>{escape(words)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" fill="#ffffff" fill-opacity="0" '
            f'{ring}/></g>')


class CardBoard:
    """What one drawing collects: its parts, and the rings and buttons drawn over everything.

    A game subclasses it with `face(card_id, w, h, lang)` (the card's markup at the origin) and
    `name(card_id, lang)` (what a screen reader and a tooltip call the card)."""

    @staticmethod
    def face(card_id: str, w: float, h: float, lang: str) -> str:
        raise NotImplementedError

    @staticmethod
    def name(card_id: str, lang: str) -> str:
        raise NotImplementedError

    def __init__(self, hl: AbstractSet[str], offers: Mapping[str, S.Offer], marked: AbstractSet[str],
                 lang: str) -> None:
        self.parts: list[str] = []
        self.top: list[str] = []          # rings and buttons, drawn over everything
        self.hl, self.offers, self.marked, self.lang = hl, offers, marked, lang

    def element(self, key: str, x: float, y: float, w: float, h: float, name: str, xml: str = "") -> None:
        """Draw `xml`, and over it the element's highlight, its event mark and its click area, as they apply."""
        if xml:
            self.parts.append(xml)
        if key in self.hl:
            self.top.append(ring(x, y, w, h, "highlight", key))
        card = key[5:] if key.startswith("card:") else None
        if card is not None and card in self.marked:
            self.top.append(ring(x, y, w, h, "event", key))
        offer = self.offers.get(key)
        if offer is not None:
            self.top.append(choice(key, offer, x, y, w, h, name))

    def card(self, card: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
        """A face-up card (a view's {"id": ...}) at (x, y)."""
        cid = card["id"]
        self.element(f"card:{cid}", x, y, w, h, self.name(cid, self.lang), place(x, y, self.face(cid, w, h, self.lang)))

    def row(self, cards: list[dict[str, Any]], x: float, y: float, width: float, w: float, h: float) -> None:
        """Cards left to right from x, overlapping when they would not fit in `width`."""
        if not cards:
            return
        step = min(w + 4, (width - w) / max(1, len(cards) - 1)) if len(cards) > 1 else w
        for i, c in enumerate(cards):
            self.card(c, x + i * step, y, w, h)
