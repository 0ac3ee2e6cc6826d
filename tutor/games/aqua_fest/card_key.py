"""Aqua Fest key to a creature card: what each part of a card says (strength, species, move, the one-per-turn sign)
drawn on a big card of the lesson's own, and where a printed card of any box carries the same things, for the lesson
part that shows the cards (`lesson.legend("aqua_fest", lang)`).

    html = legend("ru")                 # the drawing for each screen, then how to read a card of your own box
    svg = key_svg("ru", "phone")        # the drawing alone

The card is drawn by the board's own renderer (render._card), so the key and the boards cannot disagree. The deck
is the tutor's assumption (the rulebook lists no cards); what a printed card shows, and where, is the rulebook's
(«Сила · Вид · Способ перемещения»), so the second half reads any box.
"""

from __future__ import annotations

from html import escape

from tutor.core import svg as S
from tutor.core.i18n import text
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.render import _card, _card_dict, _defs_xml

_K = "aqua_fest.key."
SAMPLE = next(c for c in C.ALL_CARDS if C.MOVES[C.card(c).species].alone)   # a dolphin: it carries every part
PARTS = ("strength", "move", "species", "alone")      # top to bottom, as the callouts meet the card
BOX = ("strength", "species", "move", "alone")        # a printed card's, in the rulebook's order
SCALE = {"phone": 3.0, "laptop": 3.4, "projector": 5.0}


def key_svg(lang: str = "en", layout: str | None = None) -> str:
    """The sample card, big, at the left, with a line from each of its parts to what that part says."""
    spec = S.layout_of(layout)
    k = SCALE[spec.name]
    size = max(S.board_print(spec), 11 * k / 3 * 1.2)
    cw, ch = 32 * k, 46 * k
    m = 10.0
    dwg = S.new_drawing()
    g = dwg.g()
    # the lines from the parts go under the card (over it they crossed the move's chip), their dots over it
    lines = dwg.g(class_="key-lines")
    dots = dwg.g(class_="key-dots")
    g.add(lines)
    g.add(_card(dwg, _card_dict(SAMPLE), m, m, lang, w=cw, h=ch))
    g.add(dots)
    # where each part sits on the card (render._card): the strength top left, the move's chip beside it, the picture
    # in the middle, the one-per-turn sign bottom right. The dots are ringed in white (the strength's was lost in its
    # black "5"), and the move's sits on its chip's right edge: on the chip it covered the move's number (a reader)
    at = {"strength": (m + 9 * k, m + 9 * k), "move": (m + 30 * k, m + 9 * k),
          "species": (m + 16 * k, m + 28 * k), "alone": (m + cw - 8 * k, m + ch - 7 * k)}
    tx = m + cw + 18
    width = spec.width
    line_h = size * 1.25
    rows = {p: text(_K + "part." + p, lang) for p in PARTS}
    # each part's words stacked beside the card, a dashed line from the part to its first line; where the words are
    # shorter than the card they spread down its height, so each line meets its part at about its own height
    wrapped = {part: _wrap(rows[part], (width - tx - m) / (size * 0.56)) for part in PARTS}
    lines_h = sum(len(lines) for lines in wrapped.values()) * line_h
    gap = max(size * 0.6, (ch - lines_h) / (len(PARTS) - 1))
    y = m + size
    for part in PARTS:
        px, py = at[part]
        row = dwg.g(class_="key-part")
        S.data(row, part=part)
        lines.add(dwg.polyline([(round(px, 1), round(py, 1)), (round(tx - 6, 1), round(y - size * 0.35, 1))],
                               fill="none", stroke=S.MUTED, stroke_width=1.2, stroke_dasharray="3 2"))
        dots.add(dwg.circle(center=(round(px, 1), round(py, 1)), r=round(3.1 * k / 3, 1), fill=S.INK,
                            stroke="#ffffff", stroke_width=1.5))
        for j, words in enumerate(wrapped[part]):
            row.add(S.label(dwg, words, tx, y + j * line_h, size=round(size, 1)))
        g.add(row)
        y += len(wrapped[part]) * line_h + gap
    height = round(max(m + ch + m, y - gap - line_h + size * 0.4 + m), 1)
    title = text(_K + "title", lang)
    desc = "; ".join(rows[p] for p in PARTS)
    body = _defs_xml(lang)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title, quote=True)}" '
           f'class="tutor-aqua_fest tutor-legend" font-family="{S.FONT}" data-layout="{spec.name}" '
           f'style="{S.height_floor(height, "")}"><title>{escape(title)}</title><desc>{escape(desc)}</desc>'
           f'<defs>{body}</defs>{S.to_string(g)}</svg>')
    # a picture per screen, each with the same symbols: ids of its own, or a hidden one's would be found first
    from tutor.widgets.common import own_ids
    return own_ids(svg, f"key-{spec.name}")


def _wrap(words: str, per_line: float) -> list[str]:
    """`words` in lines of about `per_line` characters, broken at spaces."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def legend(lang: str = "en", only: str = "") -> str:
    """The key as the lesson shows it: the drawing for each screen (tutor.css shows the one for the page's width),
    then where a printed card of any box carries the same four things. `only="shapes"`: the key to a fragment's
    shape instead (shapes_key), for the part on shells."""
    if only == "shapes":
        from tutor.games.aqua_fest.shapes_key import shapes_svg
        return shapes_svg(lang)
    if only:
        raise ValueError(f"Aqua Fest's legend: no key {only!r} (shapes, or none for the cards)")
    boards = "".join(f'<div class="tutor-for-{where}">{key_svg(lang, layout)}</div>'
                     for where, layout in (("phone", "phone"), ("wide", "laptop"), ("projector", "projector")))
    items = "".join(f"<li>{escape(text(_K + 'box.' + p, lang))}</li>" for p in BOX)
    return (f'<p>{escape(text(_K + "intro", lang))}</p>{boards}'
            f'<p class="tutor-key-box"><b>{escape(text(_K + "box", lang))}</b></p><ul>{items}</ul>')
