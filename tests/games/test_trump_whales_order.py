"""Козырные киты as fresh club-teacher readers found it (December 2026): taught in order (a 5's reward only where rewards
are taught, bonus effects only from part 11), a key to the card's signs where the box is shown, task buttons that name
the choice and not its effect, quiz questions that leave the trick to the board, and the English page's Russian
headings each with a gloss. (Part 5 picking a 5 is held by tests/test_taught.py's `five-picked` kind.)"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from tutor import lesson
from tutor.core import quiz as Q
from tutor.core.scenario import load_file, replay
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.legend import bonus_samples, legend_svg
from tutor.games.trump_whales.sandbox import ScoreHelper
from tutor.games.trump_whales.text import bonus_name, card_name
from tutor.lesson_source import parts
from tutor.widgets.common import localised
from tutor.widgets.your_turn import YourTurn

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons" / "trump_whales"
LANGS = ("en", "ru")
# what a bonus does, as words that reason with it: its effect named before part 11 teaches it
EFFECT = {"en": r"\bflip|«\+1»|\"\+1\"|\+1 bonus|as trump|trump bonus|spend",
          "ru": r"переверн|«\+1»|сделает козырем|станет козыр|потрат"}


def _part(lang: str, anchor: str):
    return next(p for p in parts("trump_whales", lang) if p.anchor == anchor)


@pytest.mark.parametrize("lang", LANGS)
def test_part_9_counts_a_round_without_reasoning_with_bonus_effects(lang):
    """Zhenya's round (part 9) asked whether a bonus could bring him more and answered with flipped tokens and a new
    trump, two parts before the effects are taught; its score helper compared spending a bonus with keeping it. Both
    now wait for part 11, which comes back to Zhenya and shows the comparison."""
    frames = replay(load_file(LESSONS / "scenarios" / "zhenya-round.yaml")).frames
    said = " ".join(localised(f.say, lang) or "" for f in frames)
    assert not re.search(EFFECT[lang], said, re.I), said
    round_end, bonuses = _part(lang, "part-round-end"), _part(lang, "part-bonuses")
    assert not re.search(EFFECT[lang], "\n".join(round_end.markdown), re.I), round_end.markdown
    assert any("compare=False" in c for c in round_end.code if "lesson.sandbox" in c)
    assert any("lesson.sandbox" in c and "compare=False" not in c for c in bonuses.code)


def test_the_score_helper_can_leave_the_comparison_out():
    assert ScoreHelper(pearls=7, bonuses=3).compare.value
    assert ScoreHelper(pearls=7, bonuses=3, compare=False).compare.value == ""
    assert ScoreHelper(pearls=7, bonuses=3, compare=False).total == 8


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_the_key_draws_every_part_bonus_and_family_with_the_boards_own_pictures(lang, layout):
    svg = legend_svg(lang, layout)
    root = ET.fromstring(svg)
    cls = lambda el: el.get("class") or ""      # noqa: E731
    assert {el.get("data-part") for el in root.iter() if cls(el) == "legend-part"} == {"value", "family", "pearls",
                                                                                      "bonus"}
    drawn = {el.get("data-bonus"): el for el in root.iter() if cls(el) == "legend-bonus"}
    assert set(drawn) == set(C.BONUS_KINDS)
    for kind, el in drawn.items():      # the strip a card of that kind carries, as the board draws it
        assert any(cls(g) == "bonus" and g.get("data-bonus") == kind for g in el.iter())
        assert C.BONUS[el.get("data-card")] == kind
    assert {el.get("data-family") for el in root.iter() if cls(el) == "legend-family"} == {*C.FAMILIES, "five"}
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) >= {"phone": 9.5, "laptop": 9, "projector": 14}[layout]
    assert set(bonus_samples()) == set(C.BONUS_KINDS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_key_is_shown_before_the_first_board(lang):
    """The key to the cards comes before the first board a learner reads: in part 2, ahead of its example (two
    readers found it in the folded part 1, skipped by a newcomer reading top to bottom, while part 3's task reads the
    bonus strip), with the line that the pearls and bonuses are the tutor's assumption."""
    setup = _part(lang, "part-setup").code
    key = next(i for i, c in enumerate(setup) if 'lesson.legend("trump_whales"' in c)
    boards = [i for i, c in enumerate(setup) if "lesson.scenario(" in c or "lesson.position(" in c]
    assert boards and key < min(boards)
    assert not any('lesson.legend("trump_whales"' in c for c in _part(lang, "part-components").code)
    page = lesson.legend("trump_whales", lang)
    assert "tutor-legend" in getattr(page, "value", "") or "tutor-legend" in str(getattr(page, "_dom_classes", ""))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("task", ["flip-to-win", "flip-the-token", "plus-one"])
def test_a_bonus_tasks_buttons_name_the_card_not_its_effect(task, lang):
    """"Bonus: change trump to Blue whale (Orca 4)" answered "which bonus wins this trick?". A task's button names the
    card whose bonus it uses; the effect is read off the card's strip. The play table keeps naming it."""
    widget = YourTurn(f"trump_whales/{task}", lang=lang)
    assert not widget.errors.message, widget.errors.message
    uses = [c for c in widget.action_buttons() if type(c.action).__name__ == "UseBonus"]
    assert uses, "the task offers a bonus to use"
    for c in uses:
        effect = bonus_name(c.action.card, lang)
        assert effect not in c.description and effect not in c.tooltip, c.description
        assert card_name(c.action.card, lang) in c.description
    from tutor.games.trump_whales.ui import action_label
    assert bonus_name(uses[0].action.card, lang) in action_label(uses[0].action, lang), "the play table still names it"


QUIZZES = sorted((LESSONS / "quizzes").glob("*.yaml"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", QUIZZES, ids=[p.stem for p in QUIZZES])
def test_a_quiz_question_leaves_the_trick_on_the_board_to_the_board(path, lang):
    """The questions listed the trick in words beside a board that showed it (or showed it empty, the cards still in
    the hands). The board now shows the trick as far as it can without its outcome; the words name only the move
    that would end it, and never the trump or the token, which the board shows."""
    data = Q.load_file(path)
    asked = Q.asked(data)
    question = localised(data["question"], lang)
    told = set(re.findall(r"[a-z_]+-\d", str(data.get("do", ""))))       # the move the words tell: it may be named
    on_board = [card_name(c, lang) for c in asked.trick if not C.is_five(c) and c not in told]
    assert asked.trick, "the board shows the trick"
    named = [n for n in on_board if n.lower() in question.lower()]
    assert not named, f"{path.stem}: the question lists {named}, which the board shows"
    assert "«1»" not in question and "«9»" not in question


def test_the_english_page_glosses_every_russian_heading_it_quotes():
    """The English page quotes the Russian rulebook: each «…» in Russian is followed by its English gloss in
    brackets ("«ПЯТЁРКА!» (the 5)"), the game's own Russian name excepted."""
    text = (LESSONS / "lesson.en.md").read_text(encoding="utf-8")
    bare = [m.group(0) for m in re.finditer(r"«[^»]*[А-Яа-яЁё][^»]*»(?!\s*\()", text)
            if m.group(0) != "«Козырные киты»"]
    assert not bare, bare
