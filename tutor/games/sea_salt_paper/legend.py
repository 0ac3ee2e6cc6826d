"""Паперові океани colour legend: what each colour sign in a card's corner means, and each colour's card, for the
lesson part where colour first matters (`lesson.legend("sea_salt_paper", lang)`).

    html = legend("uk")                 # the words, then a drawing for each screen (phone, laptop, projector)
    svg = legend_svg("uk", "phone")     # the drawing alone

The colours, shades and signs are components.COLOURS, COLOUR_HEX and COLORADD; the signs are drawn by the board's
own `colour_sign`, so the legend and the cards cannot disagree.
"""

from __future__ import annotations

from html import escape

from tutor.core import svg as S
from tutor.core.cardtable import attr, em
from tutor.core.i18n import text
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.render import GEOMETRY, _fit, _sign, colour_sign
from tutor.games.sea_salt_paper.text import colour_name

_L = "sea_salt_paper.legend."
SIGNS = ("slash", "blue", "red", "open", "filled")      # each part of a sign, in the order a card draws them


def legend_svg(lang: str = "en", layout: str | None = None) -> str:
    """The signs' parts with their meaning, then a card of each colour with its sign and name, laid out for `layout`."""
    spec = S.layout_of(layout)
    g = GEOMETRY[spec.name]
    width, m = g.width, g.margin + 4
    cols = 2 if spec.name == "phone" else 4
    size = g.label + 1
    tab = 9 if spec.name == "phone" else round(g.small * 0.85)
    sw, sh = round(tab * 4.6), round(tab * 3.2)        # a colour's card: wide enough for three signs
    col_w = (width - 2 * m) / cols
    parts = [f'<rect width="{width}" height="HEIGHT" fill="#eef5f8"/>']
    y = m + g.name
    parts.append(_fit(m, y, text(_L + "signs", lang), width - 2 * m, g.name, bold=True))
    y += 8
    row_h = max(tab + 8, size + 8)
    for i, sign in enumerate(SIGNS):
        x, top = m + (i % cols) * col_w, y + (i // cols) * row_h
        parts.append(colour_sign_part(sign, x, top, tab))
        parts.append(_fit(x + tab + 10, top + (tab + 4) / 2 + size / 3, text(_L + f"sign.{sign}", lang),
                          col_w - tab - 16, size))
    y += -(-len(SIGNS) // cols) * row_h + g.name + 6
    parts.append(_fit(m, y, text(_L + "colours", lang), width - 2 * m, g.name, bold=True))
    y += 8
    for i, colour in enumerate(C.COLOURS):
        x, top = m + (i % cols) * col_w, y + (i // cols) * (sh + 8)
        parts.append(f'<g class="legend-colour" data-colour="{colour}"><title>{escape(colour_name(colour, lang))}'
                     f'</title><rect x="{x:.1f}" y="{top:.1f}" width="{sw}" height="{sh}" rx="5" '
                     f'fill="{C.COLOUR_HEX[colour]}" stroke="{S.INK}" stroke-width="1.2"/>'
                     + colour_sign(colour, x + 3, top + 3, tab)
                     + _name(colour_name(colour, lang), x + sw + 8, top + sh / 2 + size / 3, col_w - sw - 14, size)
                     + "</g>")
    height = round(y + -(-len(C.COLOURS) // cols) * (sh + 8) + m)
    title = text(_L + "title", lang)
    desc = "; ".join(f"{colour_name(c, lang)}: " + " + ".join(text(_L + f"sign.{s}", lang) for s in C.COLORADD[c])
                     for c in C.COLOURS)
    body = "".join(parts).replace('height="HEIGHT"', f'height="{height}"')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{attr(title)}" class="tutor-sea_salt_paper tutor-legend" font-family="{S.FONT}" '
            f'data-layout="{spec.name}" style="{S.height_floor(height, body)}"><title>{escape(title)}</title>'
            f"<desc>{escape(desc)}</desc>{body}</svg>")


def _name(name: str, x: float, y: float, width: float, size: float) -> str:
    """A colour's name beside its card: on two lines after its hyphen where one line would squeeze its letters
    ("світло-помаранчевий" narrowed on a phone, a reader of wave 18)."""
    cut = name.find("-")
    if em(name, False) * size <= width or cut < 0:
        return _fit(x, y, name, width, size)
    step = size * 0.55
    return _fit(x, y - step, name[:cut + 1], width, size) + _fit(x, y + step, name[cut + 1:], width, size)


def colour_sign_part(sign: str, x: float, y: float, s: float) -> str:
    """One part of a sign on its white tab, as a card draws it (class "colour-sign")."""
    return (f'<g class="colour-sign" data-sign="{sign}"><rect x="{x:.1f}" y="{y:.1f}" width="{s + 4:.1f}" '
            f'height="{s + 4:.1f}" rx="2" fill="#ffffff" stroke="{S.INK}" stroke-width="0.6"/>'
            + _sign(sign, x + 2, y + 2, s) + "</g>")


def legend(lang: str = "en") -> str:
    """The legend as a lesson shows it: a paragraph on where a card shows its colour, and a drawing for each screen
    (tutor.css shows the one for the page's width, as for `lesson.position`)."""
    boards = "".join(f'<div class="tutor-for-{where}">{legend_svg(lang, layout)}</div>'
                     for where, layout in (("phone", "phone"), ("wide", "laptop"), ("projector", "projector")))
    return f'<p>{escape(text(_L + "intro", lang))}</p>{boards}'
