"""Aqua Fest's key to a creature card (card_key.py): every part of the card pointed at and worded, in each layout's
promises, with no words over words; and where a printed card of any box carries the same parts, in part 6 before
the first hand is shown."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from layout_check import layout_problems, text_overlaps

from tutor import lesson
from tutor.core.i18n import text
from tutor.core.svg import LAYOUTS, board_print, layout_of
from tutor.games.aqua_fest import card_key
from tutor.games.aqua_fest import components as C

LANGS = ("en", "ru")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", tuple(LAYOUTS))
def test_the_key_points_at_every_part_of_a_real_card_and_keeps_its_layouts_promises(lang, layout):
    svg = card_key.key_svg(lang, layout)
    root = ET.fromstring(svg)
    parts = {el.get("data-part"): el for el in root.iter() if el.get("class") == "key-part"}
    assert set(parts) == set(card_key.PARTS)
    for part, el in parts.items():      # each part's words, whole, beside its dashed line
        words = " ".join(t.text or "" for t in el.iter("{http://www.w3.org/2000/svg}text"))
        assert words == text(f"aqua_fest.key.part.{part}", lang)
    cards = [el for el in root.iter() if el.get("data-card")]
    assert [c.get("data-card") for c in cards] == [card_key.SAMPLE]
    assert card_key.SAMPLE in C.ALL_CARDS and C.MOVES[C.card(card_key.SAMPLE).species].alone    # it shows the 1×
    assert layout_problems(svg, layout, board_print(layout_of(layout))) == []
    assert text_overlaps(svg) == []


@pytest.mark.parametrize("lang", LANGS)
def test_part_6_shows_the_key_and_how_to_read_a_printed_card_before_its_first_hand(lang):
    source = (ROOT / "lessons" / "aqua_fest" / f"lesson.{lang}.md").read_text(encoding="utf-8")
    part6 = source[source.index("## 6."):source.index("## 7.")]
    assert part6.index('lesson.legend("aqua_fest", lang)') < part6.index("lesson.position(")
    page = lesson.legend("aqua_fest", lang)._repr_html_()
    for part in card_key.BOX:
        assert text(f"aqua_fest.key.box.{part}", lang).replace("«", "").split()[0] in page
    assert page.count('class="tutor-aqua_fest tutor-legend"') == len(LAYOUTS)
    # a picture per screen: ids of their own, so a hidden one's symbols are never the ones a page finds first
    ids = [i for layout in LAYOUTS for i in ET.fromstring(card_key.key_svg(lang, layout)).iter() if i.get("id")]
    assert len({i.get("id") for i in ids}) == len(ids)
