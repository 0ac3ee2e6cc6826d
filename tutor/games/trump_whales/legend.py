"""Козырные киты key to a card: what each part of a whale card means (value and family sign, family, pearls, bonus),
the three bonus strips a card can carry, and each family's sign, for the lesson part that shows the box
(`lesson.legend("trump_whales", lang)`).

    html = legend("ru")                  # a sentence, then a drawing for each screen (phone, laptop, projector)
    svg = legend_svg("ru", "phone")      # the drawing alone

Every card, strip and sign is drawn by the board's own renderer (render._face, render._bonus_icon, render.symbol), so
the key and the boards cannot disagree. What a bonus does is said in a few words here; when and how it is used is
part 11 (the rulebook's «ЭФФЕКТЫ БОНУСОВ»).
"""

from __future__ import annotations

from html import escape

from tutor.core import svg as S
from tutor.core.cardtable import attr, label as _t
from tutor.core.i18n import text
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.render import _bonus_icon, _face, fitted, symbol
from tutor.games.trump_whales.text import family_name

_L = "trump_whales.legend."
SAMPLE = next(iter(C.PRINTED_PEARLS))    # the rulebook's own card: its example's Narwhal 2, 3 pearls
PARTS = ("value", "family", "pearls", "bonus")       # a card's parts, top to bottom
SCALE = {"phone": 1.0, "laptop": 1.0, "projector": 1.56}


def bonus_samples() -> dict[str, str]:
    """One card of each bonus kind (the first in the deck), its strip drawn in the key."""
    out: dict[str, str] = {}
    for card in C.ALL_CARDS:
        out.setdefault(C.BONUS[card], card)
    return {kind: out[kind] for kind in C.BONUS_KINDS}


def _card_part(k: float, floor: float, lang: str, width: float) -> tuple[str, float]:
    """The sample card, big, with a line from each part to its meaning: (svg, height)."""
    cw, ch = 100 * k, 132 * k
    kk = cw / 66
    band = min(ch * 0.34, 32 * kk)
    strip = ch - 22 * kk
    ys = {"value": band / 2, "family": band + 9 * kk, "pearls": (band + 12 * kk + strip) / 2 + 1,
          "bonus": strip + 9 * kk}
    size = max(floor, 11 * k)
    tx = cw + 26 * k
    out = [f'<g transform="translate(0,0)">{_face(SAMPLE, cw, ch, lang, floor)}</g>']
    for part in PARTS:
        y = ys[part]
        out.append(f'<g class="legend-part" data-part="{part}">'
                   f'<line x1="{cw - 2:.1f}" y1="{y:.1f}" x2="{tx - 4 * k:.1f}" y2="{y:.1f}" stroke="{S.MUTED}" '
                   f'stroke-width="1" stroke-dasharray="3 2"/>'
                   f'<circle cx="{cw - 2:.1f}" cy="{y:.1f}" r="{2.2 * k:.1f}" fill="{S.INK}"/>'
                   + fitted(tx, y + size * 0.36, text(_L + "part." + part, lang), width - tx, size, floor)
                   + "</g>")
    return "".join(out), ch


def _bonus_part(k: float, floor: float, lang: str, width: float) -> tuple[str, float]:
    """Each bonus strip as a card carries it, and what it does when used: (svg, height)."""
    size = max(floor, 11 * k)
    out = [_t(0, size, text(_L + "bonuses", lang), size=round(size * 1.1, 2), weight="bold")]
    cw = 64 * k
    kk = cw / 66
    sh = 18 * kk
    y = size * 1.1 + 8 * k
    row = max(sh, size * 1.2) + 8 * k
    for kind, card in bonus_samples().items():
        tx = cw + 10 * k
        out.append(f'<g class="legend-bonus" data-bonus="{kind}" data-card="{card}">'
                   f'<g transform="translate(0,{y - 0:.1f})">{_bonus_icon(card, cw, 0, kk, floor, lang)}</g>'
                   + fitted(tx, y + sh / 2 + size * 0.36, text(_L + "bonus." + kind, lang), width - tx, size, floor)
                   + "</g>")
        y += row
    return "".join(out), y


def _family_part(k: float, floor: float, lang: str, width: float) -> tuple[str, float]:
    """Each family's sign and name, and the 5's star: (svg, height)."""
    size = max(floor, 11 * k)
    out = [_t(0, size, text(_L + "families", lang), size=round(size * 1.1, 2), weight="bold")]
    cols = 2 if width < 400 * k else 3     # a phone's column: two, so «пятёрка (без семейства)» fits
    col = width / cols
    s = 14 * k
    y = size * 1.1 + 8 * k
    for i, family in enumerate((*C.FAMILIES, None)):
        x, top = (i % cols) * col, y + (i // cols) * (s + 8 * k)
        out.append(f'<g class="legend-family" data-family="{family or "five"}">'
                   f'<rect x="{x:.1f}" y="{top:.1f}" width="{s + 6 * k:.1f}" height="{s + 6 * k:.1f}" rx="3" '
                   f'fill="{C.FAMILY_HEX[family]}"/>' + symbol(family, x + 3 * k, top + 3 * k, s, "#ffffff")
                   + fitted(x + s + 12 * k, top + (s + 6 * k) / 2 + size * 0.36,
                            family_name(family, lang) if family else text(_L + "five", lang),
                            col - s - 16 * k, size, floor) + "</g>")
    rows = -(-(len(C.FAMILIES) + 1) // cols)
    return "".join(out), y + rows * (s + 8 * k)


def legend_svg(lang: str = "en", layout: str | None = None) -> str:
    """The key laid out for `layout`: the card and its parts; the bonus strips; the families' signs. A phone stacks
    them; a wider screen puts the card at the left and the rest beside it."""
    spec = S.layout_of(layout)
    k = SCALE[spec.name]
    floor = S.board_print(spec)
    m = 12 * k
    width = spec.width
    title = text(_L + "title", lang)
    parts = [f'<rect width="{width}" height="HEIGHT" fill="#eef5f8"/>']

    def place(x: float, y: float, body: str) -> None:
        parts.append(f'<g transform="translate({x:.1f},{y:.1f})">{body}</g>')

    if spec.name == "phone":
        inner = width - 2 * m
        y = m
        for make in (_card_part, _bonus_part, _family_part):
            body, h = make(k, floor, lang, inner)
            place(m, y, body)
            y += h + 16 * k
        height = y - 16 * k + m
    else:
        left = min(340 * k, (width - 3 * m) * 0.45)
        right = min(400 * k, width - 3 * m - left)
        body, h_card = _card_part(k, floor, lang, left)
        place(m, m, body)
        body, h_bonus = _bonus_part(k, floor, lang, right)
        place(2 * m + left, m, body)
        body, h_family = _family_part(k, floor, lang, right)
        place(2 * m + left, m + h_bonus + 12 * k, body)
        height = m + max(h_card, h_bonus + 12 * k + h_family) + m
    height = round(height, 1)
    desc = "; ".join([*(text(_L + "part." + p, lang) for p in PARTS),
                      *(text(_L + "bonus." + b, lang) for b in C.BONUS_KINDS)])
    body = "".join(parts).replace('height="HEIGHT"', f'height="{height}"')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{attr(title)}" class="tutor-trump_whales tutor-legend" font-family="{S.FONT}" '
            f'data-layout="{spec.name}" style="{S.height_floor(height, body)}"><title>{escape(title)}</title>'
            f"<desc>{escape(desc)}</desc>{body}</svg>")


def legend(lang: str = "en") -> str:
    """The key as a lesson shows it: a sentence, and a drawing for each screen (tutor.css shows the one for the
    page's width, as for `lesson.position`)."""
    boards = "".join(f'<div class="tutor-for-{where}">{legend_svg(lang, layout)}</div>'
                     for where, layout in (("phone", "phone"), ("wide", "laptop"), ("projector", "projector")))
    return f'<p>{escape(text(_L + "intro", lang))}</p>{boards}'
