"""Козырные киты words a club teacher checked (issue #32): a worked example's refused move is explained once (by the
refusal box, in the engine's words), and the quick reference says each ruling in a line."""

import re
from pathlib import Path

import pytest

from tutor.core import reference as R
from tutor.core.scenario import load_file, replay
from tutor.games.trump_whales import RULINGS
from tutor.widgets.common import localised

SCENARIOS = Path(__file__).resolve().parents[2] / "lessons" / "trump_whales" / "scenarios"
LANGS = ("en", "ru")
# words that give a move's reason: what the refusal box under the narration says
REASON = {"en": r"\b(?:must|cannot|can't|not allowed|never|because)\b|\bNo\b[:,]",
          "ru": r"нельзя|обязан|должен|нужно|не может|никогда|поэтому|потому|\bНет\b[:,]|а не "}


def _refused_steps():
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for frame in replay(load_file(path)).frames:
            if frame.refusal is not None:
                yield path.stem, frame


REFUSED = list(_refused_steps())


def test_the_examples_still_show_refused_moves():
    assert len({name for name, _ in REFUSED}) >= 4, [name for name, _ in REFUSED]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_step_says_its_reason_once(lang):
    """"Player 2 would rather play Narwhal 9, but holds an orca, so must play an orca", and under it the refusal box:
    "Player 2 holds a card of the led family (Orca) and must play one…". The narration sets up the try; the box,
    in the engine's words with its rule, says why not."""
    for name, frame in REFUSED:
        said = localised(frame.say, lang)
        assert said and not re.search(REASON[lang], said), f"{name}: «{said}» says why before the refusal box does"
        assert frame.refusal.explain(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_reference_says_each_ruling_in_a_line(lang):
    """The rulings, each with its reason, took half the printed sheet. There each is the decision in a line (its
    reason stays in the lesson's list), every ruling still listed once, and together they are a third of the sheet
    at most."""
    ref = R.of("trump_whales", lang)
    # every ruling listed once, on the sheet or left to the lesson's list (tutor.core.reference OFF_SHEET)
    assert sorted(r.id for r in ref.rulings + ref.rare) == sorted(r.id for r in RULINGS)
    sheet = len(re.sub(r"<[^>]+>", " ", R.sheet_html(ref, lang)).split())
    lines = [r.say(lang) for r in ref.rulings]
    assert all(len(line.split()) <= 22 for line in lines), max(lines, key=lambda s: len(s.split()))
    assert sum(len(line.split()) for line in lines) <= sheet * 0.4, "the rulings take most of the sheet"
    full = {r.id: r.say(lang) for r in RULINGS}
    assert all(r.say(lang) != full[r.id] for r in ref.rulings), "the sheet's line is the short one"


def test_every_family_carries_the_same_total_of_pearls_as_part_1_says():
    """Part 1: 1 to 3 pearls a card and the same total in each family, not card for card (a reader read "the same
    number of pearls in every family" against the table, where value 1 is 1 pearl in three families and 2 in one)."""
    from collections import Counter
    from tutor.games.trump_whales import components as C
    totals = Counter()
    for card in C.ALL_CARDS:
        if C.FAMILY.get(card) is not None:
            totals[C.FAMILY[card]] += C.PEARLS[card]
            assert 1 <= C.PEARLS[card] <= 3, card
    assert len(set(totals.values())) == 1 and len(totals) == len(C.FAMILIES), totals
    text = (SCENARIOS.parent / "lesson.en.md").read_text(encoding="utf-8")
    assert "the same total of pearls in each family" in text


def test_two_fives_in_a_trick_are_named_by_who_played_them_at_the_table():
    """A reader met "Pick the Five" twice at the table; whose 5 is picked decides who loses the bonus."""
    from dataclasses import replace
    from tutor.games.trump_whales.rules import Pick, seat_of
    from tutor.games.trump_whales.ui import label_in
    from tutor.core.game import spec
    state = spec("trump_whales").setup(4, seed=3)
    trick = ("five-1", "orca-3", "five-2", "orca-9")
    state = replace(state, trick=trick, leader=1)
    labels = {label_in(state, Pick(0, c), "en") for c in ("five-1", "five-2")}
    assert labels == {f"Pick Player {seat_of(state, 0) + 1}'s Five", f"Pick Player {seat_of(state, 2) + 1}'s Five"}
    assert label_in(state, Pick(0, "orca-3"), "en") is None
    one = replace(state, trick=("five-1", "orca-3", "orca-4", "orca-9"))
    assert label_in(one, Pick(0, "five-1"), "en") is None, "one 5 alone needs no owner"
