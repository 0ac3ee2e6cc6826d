"""The lesson's contents (tutor/widgets/static/contents.js) are made from the lesson's own parts: every level-2
heading of a lesson starts a part (its anchor just before it, lessons/GUIDELINES.md), so the contents list every
part; the reference parts the page folds exist in every lesson; and the contents' words keep their slots in every
language."""

from __future__ import annotations

import re

import pytest

from tutor.core.game import ready_games, spec

from tutor.widgets.page import CONTENTS_KEYS, FOLDED, PageStatus, contents_words

from test_lessons import lessons

GAMES = ready_games()
LESSONS = [(g, lang) for g in GAMES for lang in spec(g).lesson_langs]
SLOTS = {"toggle_at": {"{n}", "{total}"}, "next": {"{part}"}, "back_to": {"{part}"}, "back_chip": {"{n}"}, "continue": {"{part}"},
         "continue_unread": {"{part}"},
         "read_of": {"{read}", "{total}"}, "drills_right": {"{pct}"}}


@pytest.mark.parametrize("game,lang", LESSONS)
def test_every_heading_of_a_lesson_starts_a_part_and_the_reference_parts_are_there(game, lang):
    text = (lessons(game) / f"lesson.{lang}.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    headings = [i for i, line in enumerate(lines) if line.startswith("## ")]
    assert len(headings) >= 10
    for i in headings:
        before = [line for line in lines[max(0, i - 3):i] if line.strip()]
        assert before and re.fullmatch(r'<a id="part-[a-z0-9-]+"></a>', before[-1]), \
            f"{game} {lang}: '{lines[i]}' has no part anchor before it, so the contents would miss it"
    numbers = [int(re.match(r"## (\d+)\. ", lines[i]).group(1)) for i in headings]
    assert numbers == list(range(1, len(numbers) + 1)), f"{game} {lang}: parts numbered {numbers}"
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    assert {"part-components", "part-rulings"} <= anchors & set(FOLDED), f"{game} {lang} folds no reference part"


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_contents_words_keep_their_slots(lang):
    words = contents_words(lang)
    assert set(words) == set(CONTENTS_KEYS) and all(words.values())
    for key, value in words.items():
        assert set(re.findall(r"\{\w+\}", value)) == SLOTS.get(key, set()), f"{lang} {key}: {value!r}"
    if lang != "en":
        assert words["title"] != contents_words("en")["title"], f"the contents are not translated into {lang}"


def test_the_page_widget_carries_the_words_and_the_folded_parts():
    page = PageStatus("uk")
    assert page.contents_words == contents_words("uk") and page.folded == list(FOLDED)
    assert PageStatus("en", fold=["part-rulings"]).folded == ["part-rulings"]
    assert "function lessonContents" in page._esm and "function progressStore" in page._esm
    assert "export function" not in page._esm
