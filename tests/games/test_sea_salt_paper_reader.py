"""Паперові океани after a fresh reader's pass (issue #22 follow-up): a quiz board that does not answer itself and
stands where its cards are taught, crabs whose card the learner picks, a score helper whose played zone holds only
pairs, a scored round's board that says so, and the Ukrainian words the reader flagged."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

LANGS = ("en", "uk")
ROOT = Path(__file__).resolve().parents[2]


def _part_of(lang: str, call: str) -> str:
    """The anchor of the lesson part whose text holds `call`."""
    text = (ROOT / "lessons" / "sea_salt_paper" / f"lesson.{lang}.md").read_text(encoding="utf-8")
    before = text[:text.index(call)]
    return re.findall(r'<a id="([^"]+)"></a>', before)[-1]


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_quiz_keeps_the_points_off_its_board_and_stands_with_the_multipliers(lang):
    """The reader saw "cards 10" on the quiz's board before answering, and 10 is a wrong choice; the hand needs the
    captain and the penguin colony, taught in part 12, yet the quiz stood in part 11 and cited «Набори карт»."""
    from tutor.widgets.quiz import Quiz
    w = Quiz("sea_salt_paper/what-does-it-score", lang=lang)
    assert 'class="points"' not in w.svg.value
    labels = [re.sub(r"\D", "", b.description) for b in w.buttons]
    said = re.sub(r"<[^>]+>", " ", w.svg.value)
    for n in labels:
        assert not re.search(rf"(cards|карти) {n}\b", said), n
    assert _part_of(lang, 'lesson.quiz("sea_salt_paper/what-does-it-score"') == "part-multipliers"
    assert w.data["rule"] == "sea_salt_paper:multipliers"
    w.answer(next(i for i, b in enumerate(w.buttons) if b.description.startswith("14")))
    w.show_why()                # a wrong answer's own words wait for "Show me why" (issue #23 §4)
    why = re.search(r'<div class="tutor-explain">.*?</div>', w.verdict.value, re.S).group(0)
    assert "Карти-множники ПО" in why and "Набори карт" not in why, why


@pytest.mark.parametrize("lang", LANGS)
def test_the_learner_picks_the_crabs_pile_and_then_the_card_themself(lang):
    """The reader chose discard 1 and read "Well done" while the tutor took the octopus: the prompt's "take from it
    the yellow octopus" was never the learner's to do. A task judges one move, so there are two: the pile (the
    wrong one gets the hint and "Try again"), then the card from the pile looked through (the penguin on top is
    the wrong one)."""
    from tutor.widgets.your_turn import YourTurn
    pile = YourTurn("sea_salt_paper/finish-the-crabs", lang=lang)
    pile.click_board("pile:0")
    assert pile.outcome == "done" and pile.state.phase == "crab_take" and pile.state.looking == 0
    assert "octopus-2" not in pile.state.hands[0]      # the tutor took nothing for the learner
    wrong = YourTurn("sea_salt_paper/finish-the-crabs", lang=lang)
    wrong.click_board("pile:1")
    assert wrong.outcome == "missed" and "tutor-task-hint" in wrong.verdict
    card = YourTurn("sea_salt_paper/take-the-octopus", lang=lang)
    assert card.state.phase == "crab_take" and set(card.board_choices()) == {"card:octopus-2", "card:penguin-1"}
    card.click_board("card:octopus-2")
    assert card.outcome == "done" and "octopus-2" in card.state.hands[0] and card.state.phase == "play"
    top = YourTurn("sea_salt_paper/take-the-octopus", lang=lang)
    top.click_board("card:penguin-1")
    assert top.outcome == "missed" and "tutor-task-hint" in top.verdict
    for task in ("finish-the-crabs", "take-the-octopus"):
        assert _part_of(lang, f'lesson.your_turn("sea_salt_paper/{task}"') == "part-duos"


def test_the_ukrainian_words_the_reader_flagged():
    """«…захищає від самої ставки» read as "from the bet itself"; the calls were bare СТОП / ОСТАННІЙ ШАНС on the
    buttons and the board, where every other text quotes them; «дошки» is a calque for a card game's table;
    «лишається 4 очки» does not agree with its number."""
    from tutor.games.sea_salt_paper.rules import LastChance, Stop
    from tutor.games.sea_salt_paper.ui import action_label
    from tutor.core.i18n import text
    assert action_label(Stop(0), "uk") == "«СТОП»" and action_label(LastChance(0), "uk") == "«ОСТАННІЙ ШАНС»"
    assert text("sea_salt_paper.board.caller", "uk") == "«ОСТАННІЙ ШАНС»"
    lesson = (ROOT / "lessons" / "sea_salt_paper" / "lesson.uk.md").read_text(encoding="utf-8")
    assert "самої ставки" not in lesson and "з моменту ставки" in lesson
    assert "дошк" not in lesson
    andriy = (ROOT / "lessons" / "sea_salt_paper" / "scenarios" / "last-chance-andriy.yaml").read_text(encoding="utf-8")
    assert "лишається 4" not in andriy and "лишаються 4 очки" in andriy


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_helper_plays_duo_cards_only_and_in_pairs(lang):
    """The reader put a single sailor and the captain among the played cards, which no game can do: a card that is
    no duo is refused with why (its toggle goes back, nothing changes), a duo card brings its partner (from the
    hand first), taking one back sends its partner to the hand, and a set of played cards that is no pairs is
    refused."""
    from tutor.games.sea_salt_paper.sandbox import ScoreHelper, pairs_ok
    w = ScoreHelper(lang=lang)
    w.where.value = "zone"
    w.toggles["sailor-1"].value = True
    assert w.zone == [] and w.hand == [] and not w.toggles["sailor-1"].value
    assert "Парні карти" in w.errors.message
    w.toggles["captain-1"].value = True
    assert w.zone == [] and not w.toggles["captain-1"].value
    # a crab picked for the hand, then another for played: the two are played together
    w.where.value = "hand"
    w.toggles["crab-2"].value = True
    w.where.value = "zone"
    w.toggles["crab-1"].value = True
    assert sorted(w.zone) == ["crab-1", "crab-2"] and w.hand == [] and not w.errors.message
    # a swimmer alone in the choice brings a shark of the box
    w.toggles["swimmer-1"].value = True
    assert pairs_ok(w.zone) and sum(c.startswith("shark-") for c in w.zone) == 1
    # taking a played crab back leaves its partner in the hand
    w.toggles["crab-1"].value = False
    assert "crab-2" in w.hand and pairs_ok(w.zone) and "crab-1" not in w.place
    before = dict(w.place)
    w.set_cards(["octopus-1"], ["sailor-1", "captain-1"])
    assert w.place == before and w.errors.message


@pytest.mark.parametrize("lang", LANGS)
def test_a_round_the_task_settled_is_drawn_as_over_and_scored(lang):
    """After STOP in the play-it-safe task the board still said "play duos or end the turn" and "to play ·
    revealed": the round's end (scored, the next deal not yet made) reads as such, with what each seat scored,
    and a screen reader hears it too; a round in play is drawn as before."""
    from tutor.core.i18n import text
    from tutor.games.sea_salt_paper.rules import Stop
    from tutor.games.sea_salt_paper.text import points_text
    from tutor.widgets.your_turn import YourTurn
    w = YourTurn("sea_salt_paper/play-it-safe", lang=lang)
    playing = w.view["board"]
    assert text("sea_salt_paper.board.phase.play", lang) in playing
    w.act(Stop(0))
    board = w.view["board"]
    assert w.outcome == "done"
    for gone in ("phase.play", "turn", "revealed"):
        assert f">{text('sea_salt_paper.board.' + gone, lang)}" not in board, gone
    assert text("sea_salt_paper.board.phase.scored", lang) in board
    assert text("sea_salt_paper.board.scored_seat", lang, points=points_text(7, lang)) in board
    desc = re.search(r"<desc>(.*?)</desc>", board, re.S).group(1)
    assert desc.startswith(text("sea_salt_paper.board.d.head_scored", lang, r=1, deck=48).split(";")[0])


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_seats_notes_lie_one_a_line_not_under_its_played_cards(lang):
    """After LAST CHANCE the caller's panel says it called and what it scored: side by side, «LAST CHANCE · this
    round: 2 points» ran under the played crabs (a reader's screenshot). Each note has its own line."""
    from tutor.core.i18n import text
    from tutor.games.sea_salt_paper.rules import LastChance
    from tutor.games.sea_salt_paper.text import points_text
    from tutor.widgets.your_turn import YourTurn
    w = YourTurn("sea_salt_paper/play-it-safe", lang=lang)
    w.act(LastChance(0))
    board = w.view["board"]
    caller = html.escape(text("sea_salt_paper.board.caller", lang), quote=False)
    scored = html.escape(text("sea_salt_paper.board.scored_seat", lang, points=points_text(2, lang)), quote=False)
    assert f">{caller}<" in board and f">{scored}<" in board, "each note is a text of its own"
