"""Острів котів SVG, a PLACEHOLDER until the renderer is written: a pure function from a view dict to SVG text.

It draws each boat as its grid of squares (rats "×", maps a coloured dot, covered squares in the tile's colour)
with the player's name, and the island's tiles as a count; enough for the conformance suite's leak checks and for
a first look. Everything drawn comes from the view, so a hidden tile or card cannot leak.
"""

from __future__ import annotations

from html import escape

from tutor.core.i18n import player_name, text

CELL = 14
_HEX = {"blue": "#2e6fbd", "green": "#3f9a4a", "orange": "#e07b24", "red": "#c8373a", "purple": "#7b4fa8",
        None: "#b08d57"}


def render(view: dict, *, highlight=(), lang: str = "en", events=(), choosable=None) -> str:
    seats = view["seats"]
    bw = 22 * CELL + 20
    bh = 9 * CELL + 34
    width = bw * 2
    height = bh * ((len(seats) + 1) // 2) + 40
    title = escape(text("isle_of_cats.title", lang))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{title}"><title>{title}</title>',
           f'<text x="8" y="20" font-size="13">{title} · {view["day"]}/{view["days"]} · '
           f'{len(view["island"])}</text>']
    for i, seat in enumerate(seats):
        ox = (i % 2) * bw + 10
        oy = (i // 2) * bh + 40
        out.append(f'<text x="{ox}" y="{oy + 12}" font-size="12">{escape(player_name(seat["seat"], lang))}</text>')
        cover = {}
        for tile in seat["tiles"]:
            for x, y in tile["cells"]:
                cover[(x, y)] = tile["colour"]
        rats = {tuple(c) for c in seat["rats"]}
        maps = {tuple(c): colour for colour, c in seat["maps"].items()}
        for x, h in enumerate((3, 5, 5, 5, 7, 7, 7, 9, 9, 9, 9, 9, 9, 9, 9, 7, 7, 5, 5, 3, 3, 1)):
            for y in range((9 - h) // 2, (9 - h) // 2 + h):
                px, py = ox + x * CELL, oy + 18 + y * CELL
                fill = _HEX[cover[(x, y)]] if (x, y) in cover else "#f4ecd8"
                out.append(f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#555" '
                           f'stroke-width="0.5"/>')
                if (x, y) not in cover and (x, y) in rats:
                    out.append(f'<text x="{px + 3}" y="{py + 11}" font-size="10">×</text>')
                if (x, y) not in cover and (x, y) in maps:
                    out.append(f'<circle cx="{px + 7}" cy="{py + 7}" r="4" fill="{_HEX[maps[(x, y)]]}"/>')
    out.append("</svg>")
    return "".join(out)
