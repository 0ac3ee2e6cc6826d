"""Aqua Fest: a player's collected fragments as a loose pile, sorted by shape (the upper pieces, the lower-left, the
lower-right) and drawn big, with the bonus token: what "How much is this collection worth?" asks about. Unlike the
shells picture (render.render_shells) it shows no shell, no grouping and no points: the learner does the assembling.

    svg = render_pile(["u-white-4", "ll-black-2", ...], "ru", layout="phone", bonus=2)
"""

from __future__ import annotations

import math
from typing import Iterable, Optional

from tutor.core import svg as S
from tutor.core.cardtable import em
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.render import _finish, _tile_dict, _tile_face, _w
from tutor.games.aqua_fest.text import tile_name

KINDS = ("upper", "lower-left", "lower-right")      # a shell's pieces, top first, as they fit in a shell
# a layout's scale and tile side (its width and smallest print are the layout's own: tutor.core.svg)
GEO = {"phone": (1.0, 52.0), "laptop": (1.0, 56.0), "projector": (2.2, 128.0)}     # a room reads the projector's at twice the size


def render_pile(fragments: Iterable[str], lang: str = "en", layout: Optional[str] = None, bonus: int = 0,
                title: str = "") -> str:
    """The fragments in three rows, one a shape, each row headed with its shape and count; the token at the foot."""
    spec = S.layout_of(layout)
    name = spec.name
    W, P = float(spec.width), S.board_print(spec)
    k, T = GEO[name]
    ids = [t for t in fragments if not C.tile(t).coral]
    rows = {kind: sorted((t for t in ids if C.tile(t).kind == kind), key=lambda t: (C.tile(t).colour, t))
            for kind in KINDS}
    size = max(P, 13 * k)
    per_row = max(1, int((W - 20 * k) // (T + 6 * k)))
    y = 14 * k
    parts: list[tuple[str, list[str], float]] = []
    for kind in KINDS:
        lines = max(1, math.ceil(len(rows[kind]) / per_row))
        parts.append((kind, rows[kind], y))
        y += size * 1.3 + lines * (T + 6 * k) + 10 * k
    token_y = y
    height = round(token_y + size * 1.6 + 12 * k, 1)
    desc = "; ".join(tile_name(t, lang) for kind in KINDS for t in rows[kind])
    dwg = S.drawing(W, height, title=title or _w("pile.title", lang), desc=desc, label="aqua-fest-pile")
    dwg["data-layout"] = name
    dwg["style"] = f"--tutor-min-height: {math.ceil(height * S.DESK_LABEL_PX / P)}px"
    S.data(dwg, fragments=len(ids), bonus=bonus)
    dwg.add(dwg.rect(insert=(0, 0), size=(W, height), fill="#f7f3e8"))
    for kind, tiles, top in parts:
        g = dwg.g(class_="pile-row")
        S.data(g, kind=kind, count=len(tiles))
        g.add(S.label(dwg, _w(f"pile.{kind}", lang, n=len(tiles)), 10 * k, top + size, size=round(size, 1),
                      weight="bold"))
        if not tiles:
            g.add(S.label(dwg, _w("pile.none", lang), 10 * k, top + size * 1.3 + T / 2, size=round(size, 1),
                          fill=S.MUTED))
        for i, t in enumerate(tiles):
            x = 10 * k + (i % per_row) * (T + 6 * k)
            ty = top + size * 1.3 + (i // per_row) * (T + 6 * k)
            g.add(_tile_face(dwg, _tile_dict(t), round(x, 1), round(ty, 1), T, lang, layer=None, cls="tile", P=P))
        dwg.add(g)
    words = _w("pile.bonus", lang, bonus=bonus)
    token = S.label(dwg, words, 10 * k, token_y + size, size=round(min(size * 1.1, (W - 20 * k) / em(words, True)), 1),
                    weight="bold", cls="token")
    dwg.add(token)
    return _finish(dwg, lang)
