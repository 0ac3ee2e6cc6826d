"""Паперові океани's card faces as Chromium lays them out: every word on a card (its kind, how it scores) fits
inside the card, at each size the board draws cards, in both languages. The renderer guesses text widths
without a font; this holds the guess to the browser's fonts."""

from __future__ import annotations

import pytest

from tutor.games.sea_salt_paper import components as C
import tutor.games.sea_salt_paper.render  # noqa: F401  (the package exports the function `render`)
import sys

R = sys.modules["tutor.games.sea_salt_paper.render"]

# every size a layout draws a card at (the table's, a panel's), with that layout's smallest print
SIZES = sorted({(w, h, geo.small) for geo in [*R.GEOMETRY.values(), *R.TWO_PLAYERS.values()]
                for w, h in ((geo.tw, geo.th), (geo.pw, geo.ph))})

MEASURE = """() => [...document.querySelectorAll('g.card')].flatMap((card) => {
  const w = +card.getAttribute('data-w');
  return [...card.querySelectorAll('text')].map((t) => {
    const b = t.getBBox();
    return {card: card.getAttribute('data-card'), w, text: t.textContent, left: b.x, right: b.x + b.width};
  });
})"""


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_every_word_on_a_card_fits_the_card(page, lang):
    one = {}
    for card in C.ALL_CARDS:           # one card of each kind (and each mermaid's words are alike)
        one.setdefault(C.KIND[card], card)
    parts, x = [], 0
    for w, h, small in SIZES:
        for card in one.values():
            face = R._face(card, w, h, lang, small).replace('<g class="card"', f'<g class="card" data-w="{w}"', 1)
            parts.append(f'<g transform="translate({x} 0)">{face}</g>')
            x += w + 10
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{x}" height="{max(h for _, h, _ in SIZES) + 10}" font-family="{R.S.FONT}">'
           + "".join(parts) + "</svg>")
    page.set_content(f"<!doctype html><html><body style='margin:0'>{svg}</body></html>")
    over = [m for m in page.evaluate(MEASURE) if m["left"] < 2 or m["right"] > m["w"] - 2]
    assert not over, "\n".join(f'{m["card"]} at {m["w"]}px: {m["text"]!r} spans {m["left"]:.1f}..{m["right"]:.1f}'
                               for m in over)
