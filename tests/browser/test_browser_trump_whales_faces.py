"""Козырные киты's card faces as Chromium lays them out: every word on a card (its value, family, pearls, bonus)
fits inside the card, at each size the board draws face-up cards, in both languages. The renderer guesses text
widths without a font; this holds the guess to the browser's fonts."""

from __future__ import annotations

import sys

import pytest

import tutor.games.trump_whales.render  # noqa: F401  (the package exports the function `render`)
from tutor.games.trump_whales import components as C

R = sys.modules["tutor.games.trump_whales.render"]

SIZES = R.face_sizes()      # (width, height, least print) of each face the phone, laptop and projector draw

MEASURE = """() => [...document.querySelectorAll('g.card')].flatMap((card) => {
  const w = +card.getAttribute('data-w');
  return [...card.querySelectorAll('text')].map((t) => {
    const b = t.getBBox();
    return {card: card.getAttribute('data-card'), w, text: t.textContent, left: b.x, right: b.x + b.width};
  });
})"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_word_on_a_whale_card_fits_the_card(page, lang):
    parts, x = [], 0
    for w, h, floor in SIZES:
        for card in C.ALL_CARDS:
            face = R._face(card, w, h, lang, floor).replace('<g class="card"', f'<g class="card" data-w="{w}"', 1)
            parts.append(f'<g transform="translate({x} 0)">{face}</g>')
            x += w + 10
    tall = max(h for _w, h, _f in SIZES) + 10
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{x}" height="{tall}" font-family="{R.S.FONT}">'
           + "".join(parts) + "</svg>")
    page.set_content(f"<!doctype html><html><body style='margin:0'>{svg}</body></html>")
    over = [m for m in page.evaluate(MEASURE) if m["left"] < 1 or m["right"] > m["w"] - 1]
    assert not over, "\n".join(f'{m["card"]} at {m["w"]}px: {m["text"]!r} spans {m["left"]:.1f}..{m["right"]:.1f}'
                               for m in over[:30])
