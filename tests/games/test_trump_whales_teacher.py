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
