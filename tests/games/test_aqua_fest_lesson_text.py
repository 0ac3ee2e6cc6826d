"""Aqua Fest lesson words a club teacher checked (issue #32): a table's heading says something its citation does not,
and the example hand of part 6 says of its cards only what their strengths bear out."""

import ast
import re
from pathlib import Path

import pytest

from test_lesson_numbers import KIND_WORDS, claims
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.ui import components

LESSONS = Path(__file__).resolve().parents[2] / "lessons" / "aqua_fest"
LANGS = ("en", "ru")


@pytest.mark.parametrize("lang", LANGS)
def test_no_component_table_heading_repeats_its_citation(lang):
    """Part 6 printed "Sea-creature cards Sea-creature cards («Сила · Вид · Способ перемещения»)": the heading, then
    the section it cites, which bears the same name."""
    headings = re.findall(r'<h4>([^<]*)<span class="tutor-cite">([^<]*)</span>', components(lang))
    assert len(headings) == 3, headings
    for own, cited in headings:
        assert own.strip().lower() not in cited.lower(), f"«{own.strip()}» again in «{cited}»"


def _example_hand(lang: str) -> tuple[str, list[str]]:
    """Part 6's example hand: the paragraph just before the position that deals it, and the learner's cards."""
    text = (LESSONS / f"lesson.{lang}.md").read_text(encoding="utf-8")
    part = text[text.index('<a id="part-cards"></a>'):text.index('<a id="part-movement"></a>')]
    cell = re.search(r'```\{code-cell\} ipython3\nlesson\.position\("aqua_fest", (\{.*?\}), lang', part, re.S)
    assert cell, "part 6 no longer deals an example hand"
    hand = ast.literal_eval(cell.group(1))["hands"][1]
    before = part[:cell.start()].rstrip().split("\n\n")[-1]
    return before, hand


@pytest.mark.parametrize("lang", LANGS)
def test_the_example_hand_is_described_by_its_own_strengths(lang):
    """The paragraph said the hand's turtle "wins most battles" beside a dolphin of strength 9 in the same hand. Each
    card it speaks of now comes with its strength, that strength is the hand's card's, and the one card it says beats
    the turtle is the only stronger one."""
    words, hand = _example_hand(lang)
    strength = {C.card(c).species: C.card(c).strength for c in hand}
    named = {kind for kind, pattern in KIND_WORDS["aqua_fest"].items() if re.search(pattern, words, re.I)}
    said = {(kind, n) for kind, n, _ in claims("aqua_fest", words)}
    assert named, words
    assert {kind for kind, _ in said} == named, f"cards named without their strength: {named - {k for k, _ in said}}"
    assert all(strength.get(kind) == n for kind, n in said), f"{sorted(said)} against the hand {strength}"
    stronger = {kind for kind, s in strength.items() if s > strength["turtle"]}
    assert stronger == {"dolphin"}, f"the text says only the dolphin beats the turtle; stronger: {stronger}"


def test_boards_before_the_turn_is_taught_show_no_count_of_its_moves():
    """A reader took "moves 0 of 2" in the header of the setup board (part 3) for a rule, five parts before the turn
    and its two moves are taught (part 8). Every worked example and task shown before part 8 draws its boards
    without the count ("hide:moves"); the first scenario of part 8 draws it."""
    from tutor.core.scenario import load_file, replay
    from tutor.games.aqua_fest.render import _moves_made, render
    from tutor.core.game import spec
    from tutor.widgets.your_turn import YourTurn
    root = Path(__file__).resolve().parents[2] / "lessons" / "aqua_fest"
    lesson = (root / "lesson.en.md").read_text(encoding="utf-8")
    before, after = lesson.split('<a id="part-turn">', 1)
    game = spec("aqua_fest")
    counted = re.compile(r"moves \d of [12]")
    assert counted.fullmatch(_moves_made({"moves_made": 0, "species": None}, "en"))

    def heads(item: str) -> list[str]:
        frames = replay(load_file(root / "scenarios" / f"{item}.yaml")).frames
        return [render(game.view(f.state, f.viewer), highlight=f.highlight, lang="en") for f in frames]
    shown = re.findall(r'lesson\.scenario\("aqua_fest/([\w-]+)"', before)
    tasks = re.findall(r'lesson\.your_turn\("aqua_fest/([\w-]+)"', before)
    assert len(shown) >= 6 and len(tasks) >= 2
    for item in shown:
        for svg in heads(item):
            assert not counted.search(svg), f"{item}: a board before the turn counts its moves"
    for item in tasks:
        board = YourTurn(f"aqua_fest/{item}", lang="en").view["board"]
        assert board and not counted.search(board), f"task {item}: the board counts the turn's moves"
    first = re.findall(r'lesson\.scenario\("aqua_fest/([\w-]+)"', after)[0]
    assert any(counted.search(svg) for svg in heads(first)), "part 8's boards lost the count of the turn's moves"
