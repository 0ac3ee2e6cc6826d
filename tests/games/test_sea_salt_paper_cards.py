"""Паперові океани cards a learner recognises (issue #32, club teacher's items 7 and 16): every kind has its own
emblem, a card is filled with its colour (not a border), each card names its kind and colour in a <title> in both
languages, a card face down says nothing of its kind, near colours differ in shade and sign, the colour legend
names every colour, and a projector prints a card's value and a seat's points big and dark."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tutor.core.i18n import text
from tutor.games import sea_salt_paper as g
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.emblems import EMBLEMS
from tutor.games.sea_salt_paper.render import GEOMETRY, TWO_PLAYERS, _face, render
from tutor.games.sea_salt_paper.text import card_name, colour_name, kind_name

NS = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "uk")
EVERY_KIND = [next(c for c in C.ALL_CARDS if C.KIND[c] == kind) for kind in C.KINDS]


def faces(svg: str) -> list[ET.Element]:
    return [el for el in ET.fromstring(svg).iter() if el.get("class") == "card" and el.get("data-card")]


def test_every_kind_has_an_emblem_of_its_own():
    assert set(EMBLEMS) == set(C.KINDS)
    drawings = {kind: repr(parts) for kind, parts in EMBLEMS.items()}
    assert len(set(drawings.values())) == len(C.KINDS), "two kinds share a drawing"
    hand = list(C.ALL_CARDS)
    s = g.setup(2, seed=1, hands=[hand[:30], hand[30:]], discards=[[], []])
    for layout in ("phone", "laptop", "projector"):
        cards = faces(render(g.view(s, None), layout=layout))
        assert len(cards) == len(C.ALL_CARDS)
        for card in cards:
            emblem = [el for el in card.iter() if el.get("class") == "emblem"]
            assert len(emblem) == 1 and emblem[0].get("data-kind") == C.KIND[card.get("data-card")], layout
            assert len(emblem[0].findall(NS + "path")) >= 2


@pytest.mark.parametrize("layout", [*GEOMETRY, *(f"{name}, two players" for name in TWO_PLAYERS)])
def test_a_card_is_filled_with_its_colour_and_the_white_plates_leave_most_of_it_showing(layout):
    """The old card was a white box inside a 3-unit coloured frame: 70% of it white, light grey and light blue one
    shade on a phone (66-76% of every card white). Its colour now fills it, and the plates under its words cover
    under half of a card on the whole, and under two thirds of the wordiest (two lines of name, two of value)."""
    geo = TWO_PLAYERS[layout.split(",")[0]] if layout.endswith("two players") else GEOMETRY[layout]
    shares = []
    for cid in EVERY_KIND:
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{_face(cid, geo.pw, geo.ph, "uk", geo.small)}'
                             f"</svg>")
        rects = root.find(NS + "g").findall(NS + "rect")
        body = rects[0]
        assert body.get("fill") == C.COLOUR_HEX[C.COLOUR[cid]]
        assert (float(body.get("width")), float(body.get("height"))) == (geo.pw, geo.ph)
        white = sum(float(r.get("width")) * float(r.get("height")) for r in rects[1:] if r.get("fill") == "#ffffff")
        shares.append(white / (geo.pw * geo.ph))
        assert shares[-1] < 0.64, f"{cid} {layout}: {shares[-1]:.0%} white"
    assert sum(shares) / len(shares) < 0.46, f"{layout}: {sum(shares) / len(shares):.0%} white"


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_names_its_kind_and_colour_in_a_title(lang):
    s = g.setup(2, seed=1, hands=[list(C.ALL_CARDS[:30]), list(C.ALL_CARDS[30:])], discards=[[], []])
    for card in faces(render(g.view(s, None), lang=lang, layout="phone")):
        cid = card.get("data-card")
        title = card.find(NS + "title").text
        feminine = text(f"sea_salt_paper.gender.{C.KIND[cid]}", lang) == "f"
        assert title == card_name(cid, lang)
        assert kind_name(C.KIND[cid], lang) in title and colour_name(C.COLOUR[cid], lang, feminine) in title


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_face_down_says_nothing_of_its_kind(lang):
    """The lighthouse in player 2's hand: player 1's board draws its back, with no kind, colour, emblem or name."""
    s = g.setup(2, seed=1, hands=[["crab-1", "shell-1"], ["lighthouse-1", "captain-1"]])
    svg = render(g.view(s, 0), lang=lang, layout="phone")
    for hidden in ("lighthouse-1", "captain-1"):
        kind = C.KIND[hidden]
        assert f'data-kind="{kind}"' not in svg and kind_name(kind, lang) not in svg, hidden
    assert C.COLOUR_HEX["purple"] not in svg and C.COLOUR_HEX["light_orange"] not in svg
    titles = [el.text for el in ET.fromstring(svg).iter(NS + "title")]
    assert not any(kind_name("lighthouse", lang) in t for t in titles)
    # the teacher's board shows the same cards with their names: the test can see them when they are there
    teacher = render(g.view(s, None), lang=lang, layout="phone")
    assert 'data-kind="lighthouse"' in teacher and kind_name("lighthouse", lang) in teacher


def _rgb(hexa: str) -> tuple[int, int, int]:
    return tuple(int(hexa[i:i + 2], 16) for i in (1, 3, 5))        # type: ignore[return-value]


def luminance(hexa: str) -> float:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, gr, b = map(lin, _rgb(hexa))
    return 0.2126 * r + 0.7152 * gr + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_near_colours_differ_in_shade_and_in_sign():
    """White, light grey and light blue read as one on a phone: their shades are apart and each colour has a sign
    of its own."""
    assert len(set(C.COLORADD.values())) == len(C.COLOURS)
    for a, b in (("white", "light_grey"), ("light_grey", "light_blue"), ("white", "light_blue"),
                 ("light_orange", "orange"), ("light_orange", "pink"), ("yellow", "light_green")):
        far = sum(abs(x - y) for x, y in zip(_rgb(C.COLOUR_HEX[a]), _rgb(C.COLOUR_HEX[b])))
        assert far >= 90, f"{a} and {b}: {far}"
    assert contrast(C.COLOUR_HEX["white"], C.COLOUR_HEX["light_grey"]) >= 1.5


def test_on_a_projector_a_cards_value_and_a_seats_points_print_big_and_dark():
    """From the back of a room the 14-unit grey values (0·2·4·6·8·10) and "cards 7 · colour bonus 2" could not be
    read: on a projector they print at 16 units or more, in an ink of 7:1 contrast or better on white."""
    s = g.setup(2, seed=1, hands=[["shell-1", "shell-2", "octopus-1", "sailor-1", "captain-1"], ["crab-1"]])
    root = ET.fromstring(render(g.view(s, 0), layout="projector"))
    quiet = [el for el in root.iter(NS + "text") if el.get("class") in ("value", "points")]
    assert {el.get("class") for el in quiet} == {"value", "points"}
    for el in quiet:
        assert float(el.get("font-size")) >= 16, (el.text, el.get("font-size"))
        assert contrast(el.get("fill"), "#ffffff") >= 7, (el.text, el.get("fill"))
    # a phone keeps its own sizes (its layout tests hold them)
    phone = ET.fromstring(render(g.view(s, 0), layout="phone"))
    assert min(float(el.get("font-size")) for el in phone.iter(NS + "text")) >= 9.5


def test_the_emblems_are_drawn_in_the_tutors_own_paths():
    """Plain paths in a 24-unit box (no image, no font glyph, nothing fetched)."""
    for kind, parts in EMBLEMS.items():
        for part in parts:
            assert part[0] in ("f", "d", "l", "t") and re.fullmatch(r"[MmLlQqTtAaZz0-9 .\-]+", part[1]), kind


@pytest.mark.parametrize("lang", LANGS)
def test_the_legend_shows_every_colour_with_the_sign_its_cards_carry(lang):
    """The lesson never explained the signs: the legend draws each sign's parts with their meaning, and a card of
    each colour with the very sign the board draws and the colour's name, on every screen."""
    from layout_check import layout_problems
    from tutor import lesson
    from tutor.games.sea_salt_paper.legend import SIGNS, legend_svg
    from tutor.games.sea_salt_paper.render import colour_sign
    assert set(SIGNS) == {part for signs in C.COLORADD.values() for part in signs}
    for layout in GEOMETRY:
        svg = legend_svg(lang, layout)
        assert not layout_problems(svg, layout), layout_problems(svg, layout)
        root = ET.fromstring(svg)
        entries = {el.get("data-colour"): el for el in root.iter() if el.get("class") == "legend-colour"}
        assert list(entries) == list(C.COLOURS)
        for colour, el in entries.items():
            assert el.find(NS + "title").text == colour_name(colour, lang)
            # (a long name on two lines after its hyphen rather than squeezed: the lines make the name)
            assert colour_name(colour, lang) in ("".join(t.text for t in el.iter(NS + "text") if t.text),
                                                 *(t.text for t in el.iter(NS + "text")))
            assert el.find(NS + "rect").get("fill") == C.COLOUR_HEX[colour]
            sign = next(x for x in el if x.get("class") == "colour-sign")      # drawn by the board's own function
            board = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{colour_sign(colour, 0, 0, 9)}</svg>')[0]
            assert sign.get("data-colour") == colour and [x.tag for x in sign] == [x.tag for x in board]
        assert [el.get("data-sign") for el in root.iter() if el.get("data-sign")] == list(SIGNS)
    page = lesson.legend("sea_salt_paper", lang)
    assert not page.message and page.value.count("<svg") == 3 and "ColorADD" in page.value


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", [*GEOMETRY, *(f"{name}, two players" for name in TWO_PLAYERS)])
def test_a_cards_name_keeps_clear_of_its_plates_edges(layout, lang):
    """«восьминіг» was set edge to edge on its white plate and read as cut off (a reader, stop 49): every card's
    name keeps at least 2 units clear of the plate on each side."""
    from layout_check import text_boxes
    geo = TWO_PLAYERS[layout.split(",")[0]] if layout.endswith("two players") else GEOMETRY[layout]
    for cid in EVERY_KIND:
        face = _face(cid, geo.pw, geo.ph, lang, geo.small)
        # the name's lines only: a value line may share a word ("2 per penguin"), on a plate of its own
        face = re.sub(r'<text[^>]*class="value"[^>]*>[^<]*</text>', "", face)
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{face}</svg>')
        name_words = kind_name(C.KIND[cid], lang).split()
        boxes = [b for b in text_boxes(root) if b[0] in name_words or b[0] == " ".join(name_words)]
        assert boxes, (cid, layout)
        for words, left, _top, right, _bottom in boxes:
            assert left >= 3 + 2 - 0.05 and right <= geo.pw - 3 - 2 + 0.05, (cid, layout, words, left, right, geo.pw)
