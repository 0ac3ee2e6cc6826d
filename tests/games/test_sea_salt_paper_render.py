"""Паперові океани's board says what the moment is: the round the deck ended before the next deal."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_round_the_deck_ends_shows_it_over_and_nobody_to_play(lang):
    """«When the deck runs out», step 3: the words said the round stops at once and nobody scores while the board
    still said "Player 1 · to play" (a reader, stop 53). That frame's board says the round is over with nothing
    scored and marks nobody to play; the next frame, the new deal, says its phase again."""
    from pathlib import Path
    from tutor.core.i18n import text
    from tutor.core.scenario import load_file, replay
    from tutor.games import sea_salt_paper as g
    from tutor.games.sea_salt_paper.render import render as draw
    path = Path(__file__).resolve().parents[2] / "lessons" / "sea_salt_paper" / "scenarios" / "deck-runs-out.yaml"
    frames = replay(load_file(path)).frames
    void = text("sea_salt_paper.board.phase.voided", lang)
    shown = [void in draw(g.view(f.state, f.viewer), lang=lang, events=f.events, layout="phone") for f in frames]
    assert shown.count(True) == 1 and shown.index(True) == len(frames) - 2, shown
    ended = frames[-2]
    svg = draw(g.view(ended.state, ended.viewer), lang=lang, events=ended.events, layout="phone")
    assert text("sea_salt_paper.board.turn", lang) not in svg


def test_a_game_the_mermaids_won_says_so_under_its_score_table():
    """A task's final table showed the winner with fewer points than the loser and no word why (a reader): a game
    won by laying the mermaids down says so under the table, with their number and rule; another game says nothing."""
    import dataclasses
    from tutor.core.game import spec
    from tutor.games import sea_salt_paper as g
    from tutor.games.sea_salt_paper import components as C
    from tutor.widgets import labels
    game = spec("sea_salt_paper")
    state = g.setup(2, seed=1)
    assert labels.tiebreak_note(game, state, "en") == ""
    for lang in ("en", "uk"):
        note = labels.tiebreak_note(game, dataclasses.replace(state, winner=1), lang)
        assert str(C.MERMAIDS_TO_WIN) in note and ("Player 2" if lang == "en" else "Гравець 2") in note
