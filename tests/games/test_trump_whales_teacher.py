"""Козырные киты after the club teachers' review (issue #32): nothing answers a question before the learner tries."""

import re

import pytest

from tutor.core.i18n import text
from tutor.games.trump_whales import rules as tw
from tutor.games.trump_whales.ui import action_label
from tutor.widgets.your_turn import YourTurn

LANGS = ["en", "ru"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_reward_button_names_the_card_and_not_its_pearls(lang):
    """The reward task and drill labelled each choice «Выбрать косатку 3 (3 жемчужины)»: no card needed reading."""
    for card in ("orca-3", "narwhal-8", "five-1"):
        label = action_label(tw.Pick(0, card), lang)
        assert not re.search(r"\(|pearl|жемчуж|очк|point", label, re.I), label
    assert action_label(tw.Pick(0, "orca-3"), lang) != action_label(tw.Pick(0, "orca-4"), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_follow_suit_task_marks_no_card_illegal_before_the_learner_tries(lang):
    """«Выиграйте взятку по правилам» drew the Orca 1 dashed and greyed, «Not now» in its tooltip: the rule was
    shown before it was tried. Every card looks alike now; the illegal one, tried, is refused with its rule."""
    w = YourTurn("trump_whales/follow-and-win", lang=lang)
    plays = [b for b in w.action_buttons() if isinstance(b.action, tw.PlayCard)]
    assert len(plays) == 3
    assert {b.button_style for b in plays} == {"info"}
    not_now = text("ui.trump_whales.not_now", lang, action="").strip(" .:")
    assert not any(not_now and not_now in b.tooltip for b in plays), [b.tooltip for b in plays]
    assert "choice-ring unavailable" not in w.svg and 'stroke-dasharray="3 3"' not in w.svg
    assert all(offer.available for _c, offer in w._board.values())
    assert set(w.board_choices()) >= {"card:orca-1", "card:sperm_whale-2", "card:sperm_whale-7"}
    before = w.state
    w.click_board("card:orca-1")
    assert w.state is before and w.outcome == "refused" and "«2." in w.verdict


def _drill_boards(name, seeds, lang="ru"):
    """The boards a drill's questions show, drawn as the drill widget draws them, with their questions."""
    from tutor.core import drill
    from tutor.games.trump_whales.render import render
    from tutor.games.trump_whales.view import view
    d = drill.find(f"trump_whales/{name}")
    for seed in seeds:
        q = drill.question(d, seed=seed)
        for layout in ("phone", "laptop"):
            yield q, render(view(q.state, q.viewer), highlight=q.highlight, lang=lang, layout=layout)


def test_the_may_play_drill_does_not_name_the_family_to_follow():
    """Drills audit: after a led 5 the heading «Семейство взятки: Кашалот» did the step the question tests."""
    from tutor.games.trump_whales import components as C
    led_five = 0
    for q, svg in _drill_boards("may-play", range(12)):
        assert 'class="follow"' not in svg
        assert "Семейство взятки" not in svg and "первый кит" not in svg
        led_five += C.FAMILY[q.state.trick[0]] is None
    assert led_five, "no question after a led 5 was looked at"


def test_the_plus_points_drill_hides_the_running_count_of_the_round():
    """Drills audit: «Round so far: N» left only "+1" to add."""
    for _q, svg in _drill_boards("plus-points", range(6), lang="en"):
        assert 'class="round-points"' not in svg and "Round so far" not in svg
    # other boards keep it
    from tutor.games.trump_whales import rules
    from tutor.games.trump_whales.render import render
    from tutor.games.trump_whales.view import view
    assert 'class="round-points"' in render(view(rules.setup(3, seed=1), 0), lang="en")


def test_narration_says_a_trump_that_stays_and_lists_cards_mid_sentence_in_lower_case():
    """Drills audit LANG: «меняет козыря с косатки на косатку» / "trump changes from Orca to Orca"; «(из взятки —
    Пятёрка, Косатка 8)» capitalised mid-list."""
    from tutor.core.events import Event
    from tutor.games.trump_whales.text import narrate
    same = Event("trump_whales.bonus_trump", "bonus-trump",
                 {"player": 0, "card": "narwhal-1", "family": "orca", "was": "orca", "token": 9})
    assert "stays Orca" in narrate(same, "en") and "from Orca to Orca" not in narrate(same, "en")
    assert "козырь остаётся прежним" in narrate(same, "ru") and "на косатку" not in narrate(same, "ru")
    moved = Event("trump_whales.bonus_trump", "bonus-trump",
                  {"player": 0, "card": "narwhal-1", "family": "orca", "was": "narwhal", "token": 9})
    assert "с нарвала на косатку" in narrate(moved, "ru")
    picked = Event("trump_whales.picked", "reward", {"player": 0, "owner": 1, "card": "orca-3", "pearls": 2,
                                                     "from_trick": ["five-1", "orca-8"], "from_discard": []})
    assert "пятёрка, косатка 8" in narrate(picked, "ru") and "Five, Orca 8" in narrate(picked, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_worked_example_does_not_say_the_same_move_twice_in_a_row(lang):
    """Review item 8: «Игрок 1 ходит самым старшим нарвалом — нарвалом 9», then «Игрок 1 ходит нарвалом 9…»: no two
    consecutive texts of a scenario (its intro and steps) share a run of four words."""
    from pathlib import Path

    import yaml
    root = Path(__file__).resolve().parents[2] / "lessons" / "trump_whales" / "scenarios"

    def runs(words: str) -> set[tuple[str, ...]]:
        out = set()
        for clause in re.split(r"[.:;!?]", words.lower()):      # within a clause: "…a card. Player 1…" is no run
            w = re.findall(r"[\w«»]+", clause)
            out |= {tuple(w[i:i + 4]) for i in range(len(w) - 3)}
        return out
    for path in sorted(root.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts = [data["intro"][lang]] + [s["say"][lang] for s in data["steps"] if "say" in s]
        for before, after in zip(texts, texts[1:]):
            assert not runs(before) & runs(after), (path.name, runs(before) & runs(after))


def test_a_flip_and_a_change_of_trump_last_the_rest_of_the_round_and_the_next_round_draws_again():
    """Review gap: the lessons never said how long a bonus's change lasts. The rulebook: the trump and the token «of
    the current round»; part 11 now says so, and the engine keeps them for later tricks and draws afresh."""
    from tutor.games.trump_whales import components as C
    from tutor.games.trump_whales.rules import PlayCard, Pick, UseBonus, apply, legal_actions, setup
    hands = [["orca-1", "orca-2"], ["orca-3", "orca-4"], ["orca-6", "orca-7"]]
    flip = next(c for c in C.ALL_CARDS if C.BONUS[c] == "flip" and C.FAMILY[c] not in (None, "orca"))
    change = next(c for c in C.ALL_CARDS if C.BONUS[c] == "trump" and C.TARGET_FAMILY[c] == "blue_whale"
                  and C.FAMILY[c] != "orca")
    s = setup(3, seed=5, first=0, trump="narwhal", token=9, hands=hands, bonuses=[[flip, change], [], []], tricks=6,
              aside=[])
    s, _ = apply(s, UseBonus(0, flip))
    s, _ = apply(s, UseBonus(0, change))
    assert (s.token, s.trump) == (1, "blue_whale")
    for trick in (7, 8):
        for seat in range(3):
            s, _ = apply(s, PlayCard((s.leader + seat) % 3, hands[(s.leader + seat) % 3][trick - 7]))
        if trick == 7:
            s, _ = apply(s, next(a for a in legal_actions(s, s.turn) if isinstance(a, Pick)))
            assert s.tricks == 7 and (s.token, s.trump) == (1, "blue_whale"), "the next trick keeps them"
    s, events = apply(s, next(a for a in legal_actions(s, s.turn) if isinstance(a, Pick)))
    assert s.round == 2
    drawn = [e.data["card"] for e in events if e.kind == "trump_whales.trump_drawn"]
    assert drawn and s.trump == C.FAMILY[drawn[-1]] and s.token == (1 if C.VALUE[drawn[-1]] < 5 else 9)


@pytest.mark.parametrize("lang, mark", [("en", "tutor's ruling"), ("ru", "решение тьютора")])
def test_rulings_are_folded_into_a_box_for_rules_lawyers_where_they_are_taught(lang, mark):
    """Review item 3: a newcomer read «Правила дважды говорят… тьютор читает это так…» before a first trick. The
    teaching parts (1–11) keep the rules short; each ruling sits in a collapsible box in its part, marked."""
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "lessons" / "trump_whales" / f"lesson.{lang}.md").read_text("utf-8")
    teaching = text[:text.index('<a id="part-example">')]
    outside = re.sub(r'<details class="tutor-rulings">.*?</details>', "", teaching, flags=re.S)
    assert mark not in outside
    boxes = re.findall(r'<details class="tutor-rulings"><summary>[^<]+</summary>(.*?)</details>', teaching, re.S)
    assert len(boxes) >= 9 and all(mark in box for box in boxes)


def _cards(svg):
    """{card id: (x, width)} of the face-up cards placed on a board (translate and the face's own width)."""
    return {m.group(3): (float(m.group(1)), float(m.group(4)))
            for m in re.finditer(r'<g transform="translate\(([-0-9.]+) ([-0-9.]+)\)"><g class="card" '
                                 r'data-card="([^"]+)"[^>]*>(?:<title>[^<]*</title>)?<rect width="([0-9.]+)"', svg)}


def test_on_a_projector_the_trick_is_the_largest_thing_and_central():
    """Review item 4: the trick was four ~95 px cards in the top-left corner, its pearls ~10 px. Now its cards are a
    quarter larger than any other card, with larger pearls, and centred between the trump and the piles."""
    from tutor.core import task as core_task
    from tutor.games.trump_whales.render import render
    from tutor.games.trump_whales.view import view
    t = core_task.load_file("lessons/trump_whales/tasks/richest-reward.yaml")
    s = core_task.start(t)
    svg = render(view(s, None), lang="ru", layout="projector")
    cards = _cards(svg)
    trick = [cards[c] for c in s.trick]
    others = [v for c, v in cards.items() if c not in s.trick]
    assert min(w for _x, w in trick) >= 1.2 * max(w for _x, w in others)
    left, right = trick[0][0], trick[-1][0] + trick[-1][1]
    assert abs((left + right) / 2 - 1600 * 0.5) < 1600 * 0.12, (left, right)
    radii = [float(r) for r in re.findall(r'<circle cx="[0-9.]+" cy="[0-9.]+" r="([0-9.]+)" fill="#f3f0e8"', svg)]
    assert max(radii) >= 7.5         # a pearl is 15 units across on the trick's cards (it was 11)


@pytest.mark.parametrize("lang, short", [("ru", "Каш."), ("en", "Sperm")])
def test_a_change_trump_bonus_names_its_family_on_a_phone(lang, short):
    """Review item 7: the change-trump target was a 12-unit family symbol alone; now a 13-unit symbol and the
    family's name cut short (with a full stop in Russian: «Каш» alone read as a fragment)."""
    from tutor.games.trump_whales.render import _face
    face = _face("narwhal-3", 64, 84, lang, 9.5)     # its bonus makes the sperm whale trump
    bonus = face[face.index('<g class="bonus"'):]
    assert f">{short}</text>" in bonus and "⇄" in bonus
    sizes = [float(v) for v in re.findall(r'class="family-symbol" data-family="sperm_whale" data-size="([0-9.]+)"',
                                          bonus)]
    assert sizes and sizes[0] >= 12


def test_the_score_helper_compares_spending_a_bonus_with_keeping_it():
    """Review item 9: the helper only added two numbers. Under the score it now puts the hard choice in numbers,
    each from the engine's breakdown: keep every bonus, spend one as a +1, or spend one on its effect."""
    from tutor.games.trump_whales.sandbox import ScoreHelper

    def ways(h):
        return dict(re.findall(r'data-way="(\w+)"><td>[^<]*</td><td class="num" data-points="(\d+)"', h.compare.value))
    for lang in LANGS:
        h = ScoreHelper(lang=lang, pearls=7, bonuses=3)         # Zhenya: the lone third bonus is free to spend
        assert ways(h) == {"keep": "8", "spend_plus": "9", "spend_other": "8"}
        h.set_counts(4, 2)                                      # a pair: spending one costs its point
        assert ways(h) == {"keep": "5", "spend_plus": "5", "spend_other": "4"} and "−1" in h.compare.value
        h.set_counts(4, 0)
        assert h.compare.value == ""
    assert "1 бонус<" in ScoreHelper(lang="ru", pearls=2, bonuses=1).compare.value
