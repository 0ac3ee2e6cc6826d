"""Each game's one-page quick reference (tutor.core.reference): made from the game's own sections, component data
and rulings, in every language its lesson is taught in. Printing on one A4 sheet is tests/browser/
test_browser_reference.py's."""

from __future__ import annotations

import base64
import html
import re

import pytest

import learner_text as L
from tutor import lesson
from tutor.core import reference as R
from tutor.core.game import ready_games, spec

CASES = [(game, lang) for game in R.games_with_reference() for lang in L.lesson_languages(game)]


def test_every_ready_game_has_a_quick_reference():
    assert set(R.games_with_reference()) == set(ready_games())


@pytest.mark.parametrize("game, lang", CASES)
def test_the_reference_cites_real_sections_and_lists_every_ruling(game, lang):
    ref = R.of(game, lang)
    sections = {s.id for s in spec(game).sections}
    assert ref.blocks and all(b.rule in sections for b in ref.blocks), "a block cites a section the game lacks"
    page = R.page_html(ref, lang)
    listed = re.findall(r'data-ruling="([^"]+)"', page)
    shown, rare = set(listed), {r.id for r in ref.rare}
    assert len(listed) == len(shown), "a ruling is listed twice"
    # every ruling is on the sheet or left to the lesson's list, and the sheet says so in one line where it is
    assert shown | rare == {r.id for r in spec(game).rulings} and not shown & rare
    assert len(shown) >= 3, "a sheet for the table keeps the rulings that change play"
    more = re.findall(r'<p class="ref-more" data-rare="(\d+)">', page)
    assert more == ([str(len(rare))] if rare else []), more
    assert f'<html lang="{lang}">' in page and html.escape(ref.title) in page
    words = L.visible(page)
    assert "{" not in words and "}" not in words, "a placeholder was left unfilled"
    assert ".py" not in words and "tutor/" not in words, "a file path is no words for a learner"


@pytest.mark.parametrize("game, lang", CASES)
def test_the_lesson_part_shows_the_sheet_and_saves_the_same_page(game, lang):
    part = lesson.reference(game, lang)
    assert not part.message, part.message
    saved = re.search(r'href="data:text/html;charset=utf-8;base64,([^"]+)"', part.value)
    assert saved, "the part has no link that saves the page"
    assert base64.b64decode(saved.group(1)).decode("utf-8") == R.page_html(R.of(game, lang), lang)
    # the same sheet, its rulings folded behind one line on the lesson page (the part above lists them with reasons)
    ref = R.of(game, lang)
    unfolded = re.sub(r'<details class="tutor-table-fold"><summary>[^<]*</summary>(.*?)</details>', r"\1", part.value,
                      flags=re.S)
    assert R.sheet_html(ref, lang) in unfolded
    opener = re.search(r'<details class="tutor-table-fold"><summary>([^<]*)</summary><section class="ref-block '
                       r'ref-rulings">', part.value)
    assert opener and f"({len(ref.rulings) + len(ref.counting)})" in opener.group(1), "the rulings are not folded"


def test_maui_catch_table_follows_the_component_data():
    from tutor.games.maui import components as C
    ref = R.of("maui", "en")
    table = next(item for b in ref.blocks for item in b.items if isinstance(item, R.Table))
    counts = {row[0]: int(row[1]) for row in table.rows}
    assert sum(counts.values()) == len(C.ALL_CATCH)
    tuna = next(row for row in table.rows if row[0] == "emperor tuna")
    values = [C.value(c) for c in C.ALL_CATCH if C.kind(c) == "tuna"]
    assert tuna[2] == f"{min(values)} … {max(values)}"


def test_a_ruling_left_off_the_sheet_must_exist():
    """A slug in a game's OFF_SHEET that names no ruling (renamed, deleted) is an error, not a ruling back on the sheet."""
    with pytest.raises(KeyError, match="no-such-ruling"):
        R.on_sheet(spec("maui").rulings, ("no-such-ruling",))
    listed, rare = R.on_sheet(spec("maui").rulings, ("hidden-discards",))
    assert [r.id for r in rare] == ["maui/hidden-discards"] and len(listed) == len(spec("maui").rulings) - 1


def test_a_broken_reference_is_a_friendly_box_not_a_traceback():
    part = lesson.reference("no-such-game", "en")
    assert part.message and "tutor-error" in part.value and "Traceback" not in part.value


def test_a_ruling_with_a_brief_form_is_brief_on_the_sheet():
    """The sheet is read mid-game: a ruling worded briefly as well ("<key>.brief") is listed so, its reasons left to
    the lesson's list (a reader found half the sheet was the argument for the rulings)."""
    from tutor.core import i18n
    briefed = 0
    for game, lang in CASES:
        ref = R.of(game, lang)
        page = R.page_html(ref, lang)
        for r in (*ref.rulings, *ref.counting):
            if i18n.has(r.key + ".brief"):
                briefed += 1
                assert html.escape(r.brief(lang), quote=False)[:60] in page and r.brief(lang) != r.say(lang)
                assert html.escape(r.say(lang), quote=False)[:80] not in page, r.id
    assert briefed >= 4
