"""The score helper's tray of tiles: each shape of the chosen kind drawn small, as printed, with its name under it,
every one a button (tutor.widgets.board.ClickBoard). It replaced a drop-down of text pictures ("·▪▪/▪▪·")."""

from __future__ import annotations

from html import escape
from typing import Mapping, Sequence

from tutor.core import cardtable as K
from tutor.core import svg as S
from tutor.games.isle_of_cats import components as C

CELL = 11           # a tile's square in the tray
SLOT_W = 92         # a slot: the widest shape (5 squares) and its name on two lines
SLOT_H = 86
WIDTH = 368         # four slots a row: a phone's width at about one unit a pixel
PRINT = 11          # the names' print: what a phone reads at that width


def _lines(name: str) -> list[str]:
    """A name on one line if it fits the slot, else on two of about equal length."""
    words = name.split()
    if len(words) < 2 or K.em(name, False) * PRINT <= SLOT_W - 8:
        return [name]
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def tray_svg(shapes: Sequence[tuple[str, str]], fill: str, chosen: str, choosable: Mapping[str, S.Offer]) -> str:
    """The tray for `shapes` ((shape, name) in order), each drawn in `fill`, `chosen` pressed; `choosable` holds
    each shape's offer under the key "shape:<shape>"."""
    per = max(1, int(WIDTH // SLOT_W))
    rows = -(-len(shapes) // per)
    height = rows * SLOT_H + 4
    # drawn the same on every screen: "any" layout (the layout check skips it: tests/browser/test_browser_pages.py)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tutor-ioc-tray" data-layout="any" '
           f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="group">']
    top = []
    for i, (shape, name) in enumerate(shapes):
        sx, sy = (i % per) * SLOT_W, (i // per) * SLOT_H + 2
        rows_of = C.SHAPES[shape]
        w, h = max(len(r) for r in rows_of), len(rows_of)
        ox, oy = sx + (SLOT_W - w * CELL) / 2, sy + 4 + (5 * CELL - h * CELL) / 2 - 2
        here = shape == chosen
        squares = "".join(f'<rect x="{ox + x * CELL:g}" y="{oy + y * CELL:g}" width="{CELL}" height="{CELL}"/>'
                          for y, row in enumerate(rows_of) for x, v in enumerate(row) if v)
        chosen_attr = ' data-chosen="true"' if here else ""
        out.append(f'<g class="tray-tile" data-shape="{escape(shape)}"{chosen_attr}>'
                   f'<title>{escape(name)}</title>'
                   + (f'<rect x="{sx + 2:g}" y="{sy:g}" width="{SLOT_W - 4}" height="{SLOT_H - 4}" rx="6" '
                      f'fill="#ffe8a3"/>' if here else "")
                   + f'<g fill="{fill}" stroke="{S.INK}" stroke-width="1">{squares}</g>'
                   + "".join(K.fitted(sx + SLOT_W / 2, sy + SLOT_H - 22 + j * (PRINT + 1), line, SLOT_W - 8, PRINT,
                                      bold=here, anchor="middle") for j, line in enumerate(_lines(name)))
                   + "</g>")
        key = f"shape:{shape}"
        if key in choosable:
            top.append(K.choice(key, choosable[key], sx + 2, sy, SLOT_W - 4, SLOT_H - 4, name))
    return "".join(out + top) + "</svg>"
