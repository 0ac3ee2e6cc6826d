"""Паперові океани after the rules review of 2026-11-27: what a learner reads of hidden cards, a shared victory,
a wrong score answer, the components' sources, and a board that keeps an answer for the step that gives it."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tutor.core import quiz as Q
from tutor.core.events import for_viewer
from tutor.games import sea_salt_paper as g
from tutor.games.sea_salt_paper import ui
from tutor.games.sea_salt_paper.render import render
from tutor.games.sea_salt_paper.rules import CrabPile, CrabTake, DrawDeck, EndTurn, Keep, PlayDuo, Steal, TakeDiscard
from tutor.games.sea_salt_paper.text import card_name, narrate

from helpers import applied

LANGS = ("en", "uk")
ROOT = Path(__file__).resolve().parents[2]



@pytest.mark.parametrize("lang", LANGS)
def test_cards_another_player_may_not_see_are_told_by_count_never_as_a_card(lang):
    """The review read «Гравець 2 бере зі скиду 1 карту: карту.» and "looks through discard pile 1: a card.": a
    hidden card is not named at all, a pile looked through is told by its size, one card drawn is «її»."""
    s = g.setup(2, seed=1, hands=[["crab-1", "crab-2", "fish-1", "fish-2", "swimmer-1", "shark-1"],
                                  ["octopus-1", "shell-1"]],
                discards=[["penguin-1", "octopus-2"], ["boat-1"]], deck=["shell-2"])
    s, events = applied(g, s, TakeDiscard(0, 1), PlayDuo(0, "crab-1", "crab-2"), CrabPile(0, 0), CrabTake(0, "octopus-2"),
                    PlayDuo(0, "fish-1", "fish-2"), PlayDuo(0, "swimmer-1", "shark-1"), Steal(0, 1))
    hidden = card_name(None, lang)
    seen = {e.kind.split(".")[1]: narrate(e, lang) for e in for_viewer(events, 1)}
    for what in ("crab_looked", "crab_took", "fish_drew"):
        said = seen[what]
        assert f": {hidden}." not in said, said
        assert not any(card_name(c, lang) in said for c in ("penguin-1", "octopus-2", "shell-2")), said
    assert ("2 cards" if lang == "en" else "2 карти") in seen["crab_looked"]
    # a third player sees neither the steal's card nor a stand-in for it
    s3 = g.setup(3, seed=1, hands=[["swimmer-1", "shark-1"], ["octopus-1"], []], discards=[["boat-1"], []])
    _, ev = applied(g, s3, TakeDiscard(0, 0), PlayDuo(0, "swimmer-1", "shark-1"), Steal(0, 1))
    [stole] = [e for e in for_viewer(ev, 2) if e.kind.endswith(".stole")]
    said = narrate(stole, lang)
    assert not said.endswith(f": {hidden}.") and card_name("octopus-1", lang) not in said, said
    # the last card of the deck, drawn by another player: "it", «її»
    rest = [c for c in g.CARDS if c not in ("shell-2", "boat-1", "fish-3")]
    last = g.setup(2, seed=1, deck=["shell-2"], discards=[["boat-1"], ["fish-3"]], hands=[rest, []])
    _, ev = applied(g, last, TakeDiscard(0, 0), EndTurn(0), DrawDeck(1))
    [drew] = [e for e in for_viewer(ev, 0) if e.kind.endswith(".drew")]
    said = narrate(drew, lang)
    assert ("looks at it." if lang == "en" else "переглядає її.") in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_victory_names_its_winners_in_the_plural(lang):
    """Equal totals and equal last rounds: the tutor's shared victory reads "Winners"/«Спільна перемога»."""
    s = g.setup(2, seed=4, scores=[33, 33], hands=[["octopus-1", "octopus-2", "octopus-3"], ["shell-1", "shell-2",
                "shell-3", "shell-4", "penguin-2"]], discards=[["penguin-1"], ["boat-1"]])
    s, events = applied(g, s, TakeDiscard(0, 0), g.Stop(0))
    assert g.is_over(s) and g.winners(s) == [0, 1]
    [over] = [e for e in events if e.kind.endswith(".game_over")]
    said = narrate(over, lang)
    word = "Shared victory" if lang == "en" else "Спільна перемога"
    assert word in said and "Winner:" not in said and "Переможець" not in said, said
    svg = render(g.view(s, 0), lang=lang)
    assert ("Winners:" if lang == "en" else "Спільна перемога") in svg


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_score_answer_is_told_why_line_by_line(lang):
    """«Скільки дає ця рука?»: each wrong total is answered by player 1's score lines (sets and multipliers), not
    by a narration of the right total, and by its own words (10: multipliers alone; 21: the captain counted as a
    sailor; 14: no colony)."""
    data = Q.load_file(ROOT / "lessons" / "sea_salt_paper" / "quizzes" / "what-does-it-score.yaml")
    outcomes = Q.evaluate(data)
    wrong = [o for o in outcomes if not o.correct]
    assert len(wrong) == 3
    for o in wrong:
        items = Q.why_not(data, o)
        lines = [line for b in items if hasattr(b, "lines") for line in b.lines]
        assert sum(line.points for line in lines) == 18, [line.label(lang) for line in lines]
        assert not any(hasattr(i, "narrate") and "18" in i.narrate(lang) for i in items)
        words = o.choice["explain"][lang]
        label = o.choice["label"][lang].split()[0]
        assert words.startswith(label), (label, words)
    assert "explain" not in next(o for o in outcomes if o.correct).choice     # the quiz's own words say it


def test_the_components_table_calls_the_card_data_data_not_assumptions():
    """Every row's colours and count per kind come from published card data and its scoring from the rulebook:
    none is the tutor's guess, so none reads «припущення», and the note about guessed values is not printed."""
    for lang in LANGS:
        html = ui.components(lang)
        rows = re.findall(r'data-provenance="(\w+)"', html)
        assert rows and set(rows) == {"data"}, rows
        assert "tutor-assumed" not in html


def test_the_board_can_keep_the_card_points_for_a_later_step():
    """A worked example's step that asks what cards are worth draws no «карти 8» beside them (hide:points)."""
    s = g.setup(2, seed=9, hands=[["mermaid-1", "mermaid-2", "crab-3", "crab-4"], []])
    shown = render(g.view(s, None), lang="uk")
    hidden = render(g.view(s, None), lang="uk", highlight=["seat:0", "hide:points"])
    assert 'class="points"' in shown and 'class="points"' not in hidden


@pytest.mark.parametrize("lang", LANGS)
def test_a_board_click_the_rules_refuse_is_answered_with_the_rule(lang):
    """The newcomer clicked the deck after taking a card and nothing happened: the deck and the piles are greyed
    "not now" elements then, and a click on one is refused with its rule, the table unchanged."""
    from tutor.widgets.play import PlayTable
    t = PlayTable("sea_salt_paper", players=3, seat=0, seed=4, lang=lang)
    t.click_board("deck")
    first = next(k for k in t.board_choices() if k.startswith("card:"))
    t.click_board(first)
    t.click_board(next(k for k in t.board_choices() if k.startswith("pile:")))
    assert t.state.phase == "play" and {"deck", "pile:0", "pile:1"} <= set(t.board_choices())
    for key in ("deck", "pile:0", "pile:1"):
        before, history = t.state, len(t.history)
        t.errors.clear()
        t.click_board(key)
        assert t.state is before and len(t.history) == history, key
        assert "«2. Можете зіграти парні карти»" in t.errors.message, t.errors.message
        assert "tutor-action-unavailable" in t.board_choices()[key].classes


def test_the_crab_task_has_the_learner_choose_the_pile_and_the_card_as_at_the_table():
    """The newcomer's "Well done" came while the board still said "crabs: choose a discard pile" (stop 47); then the
    task chose the pile and the card itself, while the play table has the learner choose both (a reader, stop 63).
    The crabs played, the learner goes on: the pile, then the card; the wrong pile is judged at once."""
    from tutor.games.sea_salt_paper.rules import CrabPile, CrabTake
    from tutor.widgets.your_turn import YourTurn
    w = YourTurn("sea_salt_paper/play-the-crabs", lang="en")
    w.click_board("card:crab-1")
    w.click_board("card:crab-2")
    assert w.outcome == "going" and w.state.phase != "play" and "shell-2" not in w.state.hands[0]
    piles = [c.action for c in w.action_buttons() if isinstance(c.action, CrabPile)]
    assert len(piles) >= 1, "the crabs' pile is not the learner's to choose"
    w.act(next(a for a in piles if a.pile == 0))
    assert w.outcome == "going" and "shell-2" not in w.state.hands[0]
    takes = [c.action for c in w.action_buttons() if isinstance(c.action, CrabTake)]
    assert {a.card for a in takes} >= {"shell-2", "boat-5"}, "the card is not the learner's to choose"
    w.act(next(a for a in takes if a.card == "boat-5"))
    assert w.outcome == "missed", "the boat, not the shell, was judged right"
    w.new_game()
    w.click_board("card:crab-1")
    w.click_board("card:crab-2")
    w.act(CrabPile(player=0, pile=0))
    w.act(CrabTake(player=0, card="shell-2"))
    assert w.outcome == "done" and w.state.phase == "play" and "shell-2" in w.state.hands[0]
    # the next tasks, pile then card: tests/games/test_sea_salt_paper_reader.py


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_helper_names_each_card_and_says_where_it_went(lang):
    """Its buttons read "dark blue" eight times and a card picked for the hand looked like one played: each
    button names the card («краб (синій)»), and once picked says and shows (its style) hand or played. Its board
    draws the chosen cards alone: no deck that shrinks as cards are picked, no "take a card"."""
    from tutor.games.sea_salt_paper.sandbox import PRESETS, ScoreHelper
    from tutor.core.i18n import text
    h = ScoreHelper(lang, preset="andriy")
    hand, zone = PRESETS["andriy"]
    assert h.hand == list(hand) and h.zone == list(zone) and h.points == 7
    names = [b.description for b in h.toggles.values()]
    assert len(set(names)) > 40, "buttons named by colour alone"
    for c in hand:
        b = h.toggles[c]
        assert b.description.startswith(card_name(c, lang)) and b.button_style == "info"
    for c in zone:
        assert h.toggles[c].button_style == "warning" and h.toggles[c].description != h.toggles[hand[0]].description
    # a duo card (only those are played, with their partner: tests/games/test_sea_salt_paper_reader.py)
    shell = h.toggles["fish-1"]
    assert shell.description == card_name("fish-1", lang) and shell.button_style == ""
    before = h.svg.value
    h.where.value = "zone"
    shell.value = True
    assert h.place["fish-1"] == "zone" and shell.button_style == "warning"
    for svg in (before, h.svg.value):
        assert 'class="deck-count"' not in svg and 'class="pile-count"' not in svg and 'class="phase"' not in svg
        assert text("sea_salt_paper.board.phase.draw", lang) not in svg
    shell.value = False
    assert shell.description == card_name("fish-1", lang) and shell.button_style == ""


@pytest.mark.parametrize("lang", LANGS)
def test_the_draw_is_cited_by_its_title_and_the_headings_first_words(lang):
    """Every draw was told with the 12-word step heading («…одним із двох способів:»): it is cited by the tutor's
    title and the heading's first words; the lesson's part still quotes the heading whole (its citation line)."""
    from tutor.core.rules import cite, section
    said = cite("sea_salt_paper:draw", lang)
    assert "одним із двох способів" not in said and "«1. Ви повинні взяти на руку 1 карту…»" in said, said
    assert section("sea_salt_paper:draw").heading.startswith(section("sea_salt_paper:draw").quote.rstrip("…"))
    lesson = (ROOT / "lessons" / "sea_salt_paper" / f"lesson.{lang}.md").read_text(encoding="utf-8")
    assert f"«{section('sea_salt_paper:draw').heading}»" in lesson


@pytest.mark.parametrize("name", ["another-turn", "stop-or-last-chance", "what-does-it-score"])
def test_every_wrong_quiz_choice_says_why_in_its_own_words(name):
    """A wrong answer got a replay and no reason (the newcomer's «Гравець 1 грає два краби»): each wrong choice has
    its own words in every language, and they do not name the right choice's label."""
    data = Q.load_file(ROOT / "lessons" / "sea_salt_paper" / "quizzes" / f"{name}.yaml")
    outcomes = Q.evaluate(data)
    [right] = [o for o in outcomes if o.correct]
    for o in outcomes:
        if o.correct:
            continue
        for lang in LANGS:
            words = o.choice["explain"][lang]
            assert words and right.choice["label"][lang] not in words, (lang, words)


@pytest.mark.parametrize("name", ["last-chance-fails", "last-chance-andriy", "stop-andriy"])
def test_the_why_not_lines_of_a_round_add_up_to_what_each_player_scored(name):
    """A quiz's or task's "why not" shows each player's lines of the round: after LAST CHANCE they are what the bet
    let each one score (a lost bet: the caller's colour bonus alone, the others' cards alone), never cards plus
    bonus for all (a failed caller's 2 points were shown as 9)."""
    from tutor.core.scenario import load_file, replay
    from tutor.core.scoring import Breakdown
    from tutor.games.sea_salt_paper.scenario import deciding
    frames = replay(load_file(Path("lessons/sea_salt_paper/scenarios") / f"{name}.yaml")).frames
    ended = next(f for f in frames if any(e.kind == "sea_salt_paper.round_scored" for e in f.events))
    scored = next(e for e in ended.events if e.kind == "sea_salt_paper.round_scored").data["points"]
    players = len(scored)
    lines = deciding(ended.state, list(ended.events), {"round_points": {p + 1: None for p in range(players)}})
    totals = {b.player: b.total for b in lines if isinstance(b, Breakdown)}
    assert totals == {p: scored[p] for p in range(players)}


MARK = {"en": re.compile(r"tutor's ruling|\(its ruling\)"), "uk": re.compile(r"рішення\s+тьютора")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_limit_and_the_turn_the_boats_end_are_marked_as_the_tutors_rulings_where_taught(lang):
    """Club review 2026-12-02, item 12: «Кількість карт на руці не обмежена» (the rulebook is silent) and "the boats:
    this turn ends" (the rulebook says only «Негайно») read as rulebook text. The sentence of part 3 that teaches
    the hand limit, and the «Два човники» step that plays the boats, each say it is the tutor's ruling."""
    import yaml
    from tutor.lesson_source import parts
    turn = next(p for p in parts("sea_salt_paper", lang) if p.anchor == "part-turn")
    prose = re.sub(r"\s+", " ", " ".join(turn.markdown))
    limit = {"en": "no limit", "uk": "на руці"}[lang]
    sentence = next(s for s in re.split(r"(?<=[.!?])\s+", prose) if limit in s)
    assert MARK[lang].search(sentence), sentence
    steps = yaml.safe_load((ROOT / "lessons/sea_salt_paper/scenarios/boat-duo.yaml").read_text(encoding="utf-8"))
    said = next(s["say"][lang] for s in steps["steps"] if "duo" in s.get("do", {}))
    assert MARK[lang].search(said), said


def test_the_score_helper_says_how_to_use_it_in_full_once_a_page():
    """Fresh reader ZA13 (stop 48): the helper's sixty-word instruction was printed four times down the page (parts
    8, 10, 11 and 14). The first helper a page shows says it whole; the later ones in one shorter line."""
    from tutor.core.i18n import text
    from tutor.games.sea_salt_paper import sandbox as SB
    SB._INTRODUCED.discard("en")
    first, second = SB.ScoreHelper(lang="en"), SB.ScoreHelper(lang="en")
    whole, again = text("ui.sea_salt_paper.sandbox.intro", "en"), text("ui.sea_salt_paper.sandbox.intro_again", "en")
    assert len(again) < len(whole) / 2
    assert html.escape(whole) in first.children[0].value and html.escape(again) in second.children[0].value
