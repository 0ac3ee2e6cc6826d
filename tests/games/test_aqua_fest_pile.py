"""Aqua Fest's "How much is this collection worth?" drill shows the collection itself (pile.py): every fragment once,
sorted by shape, big, with the bonus token and no shell, grouping or points before the answer; once answered, the
best grouping with each shell's points and the sum the engine scores. The drill player shows that picture in place
of the board."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from layout_check import layout_problems, text_overlaps

from tutor.core.drill import said
from tutor.core.svg import LAYOUTS, PHONE_PRINT, layout_of, print_floor
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.drills import DRILLS, make_best_score
from tutor.widgets.drill import DrillPlayer

SVG = "{http://www.w3.org/2000/svg}"


def questions(n=12, seed=7):
    rng, out = random.Random(seed), []
    while len(out) < n:
        q = make_best_score(rng)
        if q is not None:
            out.append(q)
    return out


def fragments_of(q):
    return [t for t in q.state.collected[q.viewer]]


@pytest.mark.parametrize("layout", tuple(LAYOUTS))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pile_shows_each_fragment_once_by_shape_with_the_token_and_no_points(lang, layout):
    for q in questions():
        svg = q.picture(lang, layout, False)
        root = ET.fromstring(svg)
        shown = [el.get("data-card") for el in root.iter() if el.get("class") == "tile"]
        assert sorted(shown) == sorted(fragments_of(q))
        for row in (el for el in root.iter() if el.get("class") == "pile-row"):
            kinds = {C.tile(el.get("data-card")).kind for el in row.iter() if el.get("class") == "tile"}
            assert kinds <= {row.get("data-kind")}
        words = " ".join(t.text or "" for t in root.iter(SVG + "text"))
        assert f"+{q.state.bonus[q.viewer]}" in words
        # nothing counts for the learner: no shell, no points, no total
        assert not [el for el in root.iter() if el.get("class") in ("shell", "total", "points")]
        assert not any(w in words.lower() for w in ("point", "очк", "балл ", "редк", "rare", "ordinary", "обычн"))
        floor = PHONE_PRINT if layout == "phone" else print_floor(layout_of(layout))
        assert layout_problems(svg, layout, floor) == [] and text_overlaps(svg) == []


def test_once_answered_the_picture_is_the_best_grouping_and_its_sum_is_the_answer():
    for q in questions():
        root = ET.fromstring(q.picture("en", "phone", True))
        assert {root.get("data-total")} == set(q.answer)


def test_the_drill_player_shows_the_pile_then_the_grouping():
    drill = next(d for d in DRILLS if d.id == "aqua_fest/best-score")
    w = DrillPlayer(drill, lang="ru", seed=4)
    assert "tutor-aqua-fest-pile" in w.svg.value and "tutor-aqua-fest-shells" not in w.svg.value
    right = next(iter(w.question.answer))
    w.pick(next(o.key for o in w.question.options if o.key != right))
    assert "tutor-aqua-fest-pile" in w.svg.value          # a wrong answer's hint, the pile still there
    w.show_why()
    assert "tutor-aqua-fest-shells" in w.svg.value
    assert said(w.question.prompt, "ru") and "{" not in said(w.question.prompt, "ru")


def test_on_a_projector_a_fragment_of_the_pile_is_bigger_than_a_seabed_cell():
    """Fresh reader V (stop 47): from the back of a room the pile's fragments (64 units) were smaller than the
    board's own cells, the picture a drill shows in place of the board. Each is now drawn bigger than a cell of the
    projector's seabed, and the whole picture still fits a projected screen's height (16:9)."""
    from tutor.games.aqua_fest.render import geo
    cell = geo("projector").cell
    for q in questions():
        root = ET.fromstring(q.picture("en", "projector", False))
        sides = [float(el.find(SVG + "rect").get("width")) for el in root.iter() if el.get("class") == "tile"]
        assert sides and min(sides) > cell, (min(sides), cell)
        _x, _y, width, height = (float(v) for v in root.get("viewBox").split(","))
        assert height <= width * 9 / 16
