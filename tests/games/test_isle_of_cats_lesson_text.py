"""Острів котів lesson words and pictures a club teacher checked (issue #32): part 7's quiz marks the place it asks
about on the boat instead of describing it, and the rulings list only rulings (component data is said where the
boats are described)."""

import re
from pathlib import Path

import pytest

from tutor.core import quiz as Q
from tutor.core.game import spec
from tutor.core.scenario import adapter
from tutor.games.isle_of_cats import RULINGS
from tutor.games.isle_of_cats.ui import components
from tutor.widgets.common import render

LESSONS = Path(__file__).resolve().parents[2] / "lessons" / "isle_of_cats"
LANGS = spec("isle_of_cats").lesson_langs


def test_the_family_quiz_draws_the_third_cats_place_without_a_verdict():
    """Part 7's quiz said where the third red cat goes only in words ("against the second one"). The asked board
    draws the cat in hand where it will lie, dashed with a "?" (alike for a place that makes a family and one that
    does not), and outlines no family: that would be the answer."""
    quiz = Q.load_file(LESSONS / "quizzes" / "is-family.yaml")
    game = spec("isle_of_cats")
    state = Q.asked(quiz)
    held = game.view(state, None)["held"]
    assert held and held["kind"] == "cat", "the learner sees the third cat in hand"
    svg = render(game, game.view(state, None), highlight=adapter("isle_of_cats").places(quiz["highlight"]), lang="en")
    assert svg.count('class="asked"') == 1, "the place asked about is drawn on the boat"
    assert 'class="family"' not in svg and 'class="tried"' not in svg, "no verdict before the answer"
    place = quiz["do"]["place"][1]
    assert f"ask:0:{','.join(map(str, place))}" in adapter("isle_of_cats").places(quiz["highlight"]), \
        "the place drawn is the place played"
    for lang in LANGS:
        assert "?" in quiz["question"][lang], f"the {lang} question points at the mark on the board"


def _ruling(slug: str, lang: str) -> str:
    return next(r for r in RULINGS if r.id == f"isle_of_cats/{slug}").say(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_how_the_boats_differ_is_component_data_not_a_ruling(lang):
    """"The boats differ only in where their rats and maps lie" stood in the rulings list, but it is published
    component data. The ruling keeps what the tutor decided (who sails which boat); the components table, where the
    boats are described, says how they differ, as data."""
    differ = {"en": r"differ", "uk": r"різня"}[lang]
    assert not re.search(differ, _ruling("boats", lang)), _ruling("boats", lang)
    boat = re.findall(r"<h4>([^<]*)<", components(lang))[1]
    assert re.search(differ, boat) and re.search({"en": r"component data", "uk": r"даними про компоненти"}[lang], boat)


def test_the_rats_quiz_names_its_sum_for_what_it_is():
    """After a wrong count, "Show me why" listed "Visible rats: 15 (−15)" and "Total: −15", and a reader took the
    total for the boat's score (its open rooms cost far more): the sum of the rats' line is called "Rats alone"."""
    from tutor.widgets.quiz import Quiz
    quiz = Quiz("isle_of_cats/rats-count", lang="en")
    wrong = next(i for i, c in enumerate(quiz.data["choices"]) if c["label"]["en"] == "16 rats")
    quiz.answer(wrong)
    quiz.show_why()
    said = quiz.verdict.value
    assert "Rats alone" in said and "Total" not in said, said
