"""Aqua Fest's key to a fragment's shape: an upper, a lower-left and a lower-right fragment side by side, each
named, for the part that teaches what shells are worth (`lesson.legend("aqua_fest", lang, only="shapes")`).

A reader could not tell a lower-left from a lower-right fragment on a phone, and scoring turns on it (a rare shell
needs one of each); the part said the three names in words and never showed them together. The tiles are drawn
by the board's own renderer (render._tile_face), so the key and the boards cannot disagree.
"""

from __future__ import annotations

from html import escape

from tutor.core import svg as S
from tutor.core.i18n import text
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.render import _defs_xml, _tile_face
from tutor.games.aqua_fest.text import fragment_kind_name

# one fragment of each shape, as the box has them (the stars and pearl make no difference to the shape)
SAMPLES = {kind: next(t for t in C.ALL_TILES if not C.tile(t).coral and C.tile(t).kind == kind)
           for kind in C.FRAGMENT_KINDS}
TILE, GAP, M, WORDS = 84.0, 36.0, 8.0, 15.0       # one tile's side, between tiles, the margin, the names' print


def shapes_svg(lang: str = "en") -> str:
    """The three shapes in a row, each named under it (one drawing for every screen: it is narrow enough)."""
    dwg = S.new_drawing()
    g = dwg.g()
    width = 2 * M + 3 * TILE + 2 * GAP
    for i, kind in enumerate(C.FRAGMENT_KINDS):
        t = C.tile(SAMPLES[kind])
        x = M + i * (TILE + GAP)
        tile = {"id": SAMPLES[kind], "coral": False, "kind": t.kind, "colour": t.colour, "stars": t.stars}
        row = dwg.g(class_="key-shape")
        S.data(row, kind=kind)
        # drawn as the seabed's top layer draws it, its pearl where the board puts it (bottom left here, halfway up
        # the right edge there: a reader found the key and the board unlike, stop 60)
        row.add(_tile_face(dwg, tile, x, M, TILE, lang, layer=2, cls="tile", P=WORDS * 0.8))
        # "lower left" on two lines, "upper" on one: three names side by side are wider than a phone
        first, _, rest = fragment_kind_name(kind, lang).partition(" ")
        for j, words in enumerate(w for w in (first, rest) if w):
            row.add(S.label(dwg, words, x + TILE / 2, M + TILE + WORDS * (1.4 + 1.2 * j), size=WORDS,
                            anchor="middle", weight="bold"))
        g.add(row)
    height = M + TILE + WORDS * 3.4
    title = text("aqua_fest.key.shapes", lang)
    names = ", ".join(fragment_kind_name(kind, lang) for kind in C.FRAGMENT_KINDS)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{escape(title, quote=True)}" '
           f'class="tutor-aqua_fest tutor-shapes-key" font-family="{S.FONT}">'
           f'<title>{escape(title)}</title><desc>{escape(names)}</desc><defs>{_defs_xml(lang)}</defs>'
           f"{S.to_string(g)}</svg>")
    from tutor.widgets.common import own_ids
    return own_ids(svg, "shapes-key")
