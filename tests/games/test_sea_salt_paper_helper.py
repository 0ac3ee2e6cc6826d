"""Паперові океани's score helper on a phone (issue #32, club teacher's items 4 and 6): its 58 card buttons stood in one
column 3,550 px tall with the score 3,000 px under them. Now a kind is chosen and only its cards are buttons, the
score follows right under the picker (beside it on a wide screen), a card tapped in the picture is taken out, and
the score table's words stay whole on a phone."""

from __future__ import annotations

import math
import re

import ipywidgets as W
import pytest

from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.sandbox import ScoreHelper
from tutor.games.sea_salt_paper.text import card_name

PHONE = 360          # the helper's width in a 390 px phone's lesson column
ROW = 48             # a button on a phone: 44 px at least (tutor.css), and its margins


def _words(w: W.Widget) -> str:
    return str(getattr(w, "description", "") or "")


def _width(w: W.Widget, room: float) -> float:
    """How wide `w` lies in a row (a guess a few px either way: 7.6 px a character at 13 px, and padding)."""
    if isinstance(w, W.Box):
        basis = re.match(r"\S+ \S+ (\d+)px", str(w.layout.flex or ""))
        return min(room, float(basis.group(1))) if basis else room
    if isinstance(w, (W.Button, W.ToggleButton)):
        return min(room, len(_words(w)) * 7.6 + 30)
    return room


def lay_out(w: W.Widget, room: float, y: float, where: dict) -> float:
    """The height of `w` laid out `room` px wide from y, as a phone's flex boxes lay it; `where` gets each widget's
    top (by id)."""
    where[id(w)] = y
    if isinstance(w, W.HTML):
        value = w.value or ""
        if "<table" in value or "<svg" in value or not value:
            return 0.0          # the result itself: only where it starts is measured
        plain = re.sub(r"<[^>]+>", "", value)
        return math.ceil(len(plain) * 7.2 / room) * 22 + 20
    if isinstance(w, W.Box):
        flow = str(w.layout.flex_flow or ("row" if isinstance(w, W.HBox) else "column"))
        if flow.startswith("column") or isinstance(w, W.VBox) and not w.layout.flex_flow:
            height = 0.0
            for child in w.children:
                height += lay_out(child, room, y + height, where)
            return height
        wraps = "wrap" in flow
        x = line = height = 0.0
        for child in w.children:
            cw = _width(child, room)
            if wraps and x and x + cw > room:
                height, x, line = height + line, 0.0, 0.0
            ch = lay_out(child, cw, y + height, where)
            x, line = x + cw + 4, max(line, ch)
        return height + line
    if isinstance(w, W.ToggleButtons):
        return ROW + 22          # its words over its buttons
    if isinstance(w, (W.Button, W.ToggleButton, W.Dropdown, W.BoundedIntText)):
        return ROW
    return 0.0


def test_a_tapped_card_and_the_score_it_makes_fit_one_phone_screen():
    """For every kind: its card buttons and the top of the score table within one 844 px screen (the first card
    button less than 600 px above the table's top)."""
    h = ScoreHelper("uk", preset="andriy")
    for kind in C.KINDS:
        h.kind.value = kind
        where: dict = {}
        lay_out(h, PHONE, 0.0, where)
        buttons = [b for b in h.toggles.values() if id(b) in where]
        assert sorted(b.card for b in buttons) == sorted(c for c in C.ALL_CARDS if C.KIND[c] == kind)
        first = min(where[id(b)] for b in buttons)
        assert where[id(h.table)] - first < 600, f"{kind}: the score starts {where[id(h.table)] - first:.0f} px under"
        assert where[id(h.table)] < 844, f"{kind}: the score starts {where[id(h.table)]:.0f} px down the helper"


def test_the_measure_finds_the_old_column_too_tall():
    """The measure can fail: the old helper's column (a row a kind, every card a button) put the score 2,000 px and
    more under the first card."""
    h = ScoreHelper("uk")
    rows = [W.HBox([W.HTML(f"<b>{kind}</b>"), W.HBox([b for b in h.toggles.values() if C.KIND[b.card] == kind],
                                                     layout=W.Layout(flex_flow="row wrap"))],
                   layout=W.Layout(flex_flow="row wrap")) for kind in C.KINDS]
    old = W.VBox([h.where, *rows, h.svg, h.table])
    where: dict = {}
    lay_out(old, PHONE, 0.0, where)
    assert where[id(h.table)] - min(where[id(b)] for b in h.toggles.values()) > 2000


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_every_card_button_names_its_card_and_the_picture_takes_a_tapped_card_out(lang):
    h = ScoreHelper(lang, preset="andriy")
    for c, b in h.toggles.items():
        assert b.tooltip == card_name(c, lang) and b.description.startswith(card_name(c, lang))
    assert sorted(h.svg.offered) == sorted(f"card:{c}" for c in h.cards)
    assert card_name("octopus-1", lang) in h.svg.value
    h.svg.click("card:octopus-1")
    assert "octopus-1" not in h.cards and not h.toggles["octopus-1"].value and h.points == 4
    # a played crab taken out takes its partner back to the hand: the played cards stay pairs
    h.svg.click("card:crab-6")
    assert h.zone == [] and h.hand == ["crab-7", "octopus-3", "octopus-4"]
    with pytest.raises(KeyError):
        h.svg.click("card:crab-6")


def test_the_list_of_kinds_counts_the_chosen_cards_and_keeps_the_kind_shown():
    h = ScoreHelper("uk", preset="andriy")
    labels = dict((kind, label) for label, kind in h.kind.options)
    assert labels["octopus"] == "восьминіг · 3" and labels["crab"] == "краб · 2" and labels["shell"] == "мушля"
    h.kind.value = "shell"
    h.toggles["shell-1"].value = True
    assert dict((k, v) for v, k in h.kind.options)["shell"] == "мушля · 1"
    assert h.kind.value == "shell" and h.toggles["shell-1"] in h.cards_box.children


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_score_tables_words_stay_whole_on_a_phone(lang):
    """«Очк/и»: a phone's tables may break words anywhere; the helper's headings, lines and numbers may not."""
    h = ScoreHelper(lang, preset="andriy")
    cells = re.findall(r"<(t[hd])(\s[^>]*)?>(.*?)</t[hd]>", h.table.value)
    assert len([c for c in cells if c[0] == "th"]) == 3 and len(cells) > 9
    for tag, attrs, words in cells:
        assert "overflow-wrap: normal" in attrs or "tutor-cite" in attrs or not words, (tag, attrs, words)


def test_a_ready_made_choice_waits_for_its_cards_to_be_taught():
    """«Дві русалки» stood in the score helper of part 8, before part 9 teaches the mermaids: a helper shown in a
    part offers no ready-made choice holding a kind taught later (lessons/sea_salt_paper/taught.yaml), and every
    helper the lesson shows says which part it stands in."""
    import re
    from tutor.core.taught import taught_by
    from tutor.games.sea_salt_paper.sandbox import ANDRIY, TWO_MERMAIDS
    from tutor.lesson_source import parts
    shown = lambda b: b.layout.display != "none"        # noqa: E731
    early = ScoreHelper("uk", preset="andriy", part="part-cards")
    assert not shown(early.mermaids_button) and shown(early.andriy_button) and shown(early.clear_button)
    later = ScoreHelper("uk", part="part-mermaids")
    assert shown(later.mermaids_button) and shown(later.andriy_button)
    assert shown(ScoreHelper("uk").mermaids_button)      # no part: the whole box is taught
    for lang in ("en", "uk"):
        calls = [(p.anchor, code) for p in parts("sea_salt_paper", lang) for code in p.code
                 if "lesson.sandbox(" in code]
        assert len(calls) == 4, calls
        for anchor, code in calls:
            assert re.search(rf'part="{anchor}"', code), f"the helper in {anchor} does not say its part: {code}"
            h = ScoreHelper(lang, part=anchor)
            known = taught_by("sea_salt_paper", anchor)
            for button, cards in ((h.andriy_button, ANDRIY), (h.mermaids_button, TWO_MERMAIDS)):
                untaught = {C.KIND[c] for c in (*cards[0], *cards[1])} - known
                assert shown(button) == (not untaught), (anchor, button.description, untaught)


def test_every_line_of_the_picker_is_as_tall_as_its_controls():
    """On a phone the kind's list (a 44 px tap target, tutor.css) hung over the first row of card buttons: its line
    kept ipywidgets' fixed 28 px. The picker's lines and the opponents' box are as tall as what they hold."""
    h = ScoreHelper("uk", part="part-cards")
    for w in (h.where, h.kind, h.opponents):
        assert w.layout.height == "auto", w.description
