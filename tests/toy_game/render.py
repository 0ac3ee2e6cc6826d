"""Tides as SVG: one row per player, with the cards in hand, the card laid this round and the cards taken."""

from tutor.core import svg
from tutor.core.i18n import player_name, text

W, ROW = 420, 64


def _value(card) -> str:
    return card.split("-")[1]


def render(view: dict, *, highlight=(), lang: str = "en", events=(), choosable=None, layout=None) -> str:
    """One drawing for every screen (it is narrow enough for a phone); nothing on it is clicked."""
    svg.layout_of(layout)           # an unknown layout is refused, as the contract says
    marks = svg.parse_highlight(highlight)
    seats = view["seats"]
    dwg = svg.drawing(W, ROW * len(seats) + 10, title=text("tides.title", lang), desc=f"round {view['round']}")
    for s, seat in enumerate(seats):
        y = 5 + ROW * s
        row = svg.data(dwg.g(), seat=s)
        row.add(svg.label(dwg, player_name(s, lang), 10, y + 34, size=14, weight="bold"))
        hand = [_value(c) for c in seat["hand"]] if seat["hand"] is not None else ["?"] * seat["hand_size"]
        for i, v in enumerate(hand):
            row.add(svg.card(dwg, 100 + 34 * i, y + 8, 28, 40))
            row.add(svg.label(dwg, v, 114 + 34 * i, y + 34, size=14, anchor="middle"))
        laid = seat["laid"]
        if laid:
            shown = _value(laid) if isinstance(laid, str) else "?"
            row.add(svg.card(dwg, 220, y + 8, 28, 40, fill="#dde"))
            row.add(svg.label(dwg, shown, 234, y + 34, size=14, anchor="middle"))
        row.add(svg.label(dwg, " ".join(_value(c) for c in seat["taken"]), 270, y + 34, size=14))
        if f"seat:{s}" in marks:
            row.add(svg.ring(dwg, 5, y + 4, W - 10, ROW - 8))
        dwg.add(row)
    return svg.to_string(dwg)
