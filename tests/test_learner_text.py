"""What a learner reads never shows the engine's insides: no component id ("tuna-1", "octopus-9",
"u-white-7"), no "card(s)"-style plural, in any language a game is taught in. Every text comes from the real
widgets and lessons (tests/learner_text.py): every step of every worked example, every quiz question and
every answer's feedback, the lesson pages' own words and tables, and whole games at the play table with
refused moves pressed too."""

from __future__ import annotations

import re

import pytest

import learner_text as L
from tutor.core.conformance import mentions
from tutor.games.aqua_fest import components as AC
from tutor.games.isle_of_cats import components as IC
from tutor.games.maui import components as MC
from tutor.games.sea_salt_paper import components as SC
from tutor.games.trump_whales import components as TC

# every id the engine gives a component (what must never be read)
COMPONENT_IDS = {
    "maui": set(MC.ALL_CATCH) | {MC.dive_id(seat, n) for seat in range(6) for n in MC.DIVE_CARDS},
    "aqua_fest": set(AC.ALL_CARDS) | set(AC.ALL_TILES),
    "sea_salt_paper": set(SC.ALL_CARDS),
    "trump_whales": set(TC.ALL_CARDS),
    "isle_of_cats": set(IC.TILES) | set(IC.ALL_FAMILY_CARDS),
}
# placeholders for a missing plural form, and words about the program rather than the game
NOT_FOR_LEARNERS = ("(s)", "What the engine did", "Что сделал движок", "Що зробив рушій")
SOURCES = {
    "worked examples": L.scenario_texts,
    "quizzes": L.quiz_texts,
    "tasks": L.task_texts,
    "lesson pages": L.lesson_page_texts,
    "play table": L.play_texts,
    "sandbox": L.sandbox_texts,
    "drills": L.drill_texts,
}
CASES = [(game, lang, source) for game in sorted(COMPONENT_IDS) for lang in L.lesson_languages(game)
         for source in SOURCES]


# Russian slips a template makes when it drops a player's name into a sentence: «игрока Игрок 2»,
# «где стоит Игрок 1» (a name written as a label, capitalised mid-sentence), an English word left in
# parentheses. After the conjunction "и" a name is fine: a list of names («Игрок 2 и Игрок 3»).
BAD_RUSSIAN = (re.compile(r"игрок[а-яё]*\s+Игрок"), re.compile(r"(?<![а-яё])(?!и )[а-яё]+ Игрок \d"),
               re.compile(r"\((?:white|pink|black|upper|lower)[^)]*\)"))


def problems_in(texts, ids, lang: str = "ru") -> list[str]:
    found = []
    for where, text in texts:
        leaked = sorted(i for i in ids if i.split("-")[0] in text and mentions(text, i))
        found += [f"{where}: id {i!r} in “…{_around(text, i)}…”" for i in leaked]
        found += [f"{where}: {w!r} in “…{_around(text, w)}…”" for w in NOT_FOR_LEARNERS if w in text]
        for pattern in BAD_RUSSIAN if lang == "ru" else ():
            for m in pattern.finditer(text):
                found.append(f"{where}: {m.group(0)!r} in “…{_around(text, m.group(0))}…”")
    return found


def _around(text: str, word: str) -> str:
    i = text.find(word)
    return " ".join(text[max(0, i - 60):i + len(word) + 40].split())


@pytest.mark.parametrize("game, lang, source", CASES)
def test_no_internal_id_reaches_a_learner(game, lang, source):
    texts = list(SOURCES[source](game, lang))
    assert texts, f"no {source} text gathered for {game} ({lang})"
    problems = problems_in(texts, COMPONENT_IDS[game], lang)
    assert not problems, "\n".join(problems[:15])


def test_the_check_finds_russian_template_slips():
    texts = [("refusal", "Игрок 2 не стоит рядом с игроком Игрок 1."), ("fine", "Сейчас ходит игрок 2, а не игрок 1."),
             ("mid", "Осьминог не достаёт до D3 оттуда, где стоит Игрок 1."), ("score", "+ целая жемчужина (pink): 3")]
    problems = problems_in(texts, set())
    assert {p.split(":")[0] for p in problems} == {"refusal", "mid", "score"}


def test_the_check_finds_an_id_and_a_placeholder_plural():
    texts = [("a narration", "Player 1 takes tuna-1 and draws 2 card(s)."), ("fine", "Player 1 takes tuna (12).")]
    problems = problems_in(texts, COMPONENT_IDS["maui"])
    assert len(problems) == 2 and all(p.startswith("a narration") for p in problems)
    assert not problems_in([("x", "tuna-12 is not tuna-1's id")], {"tuna-2"})


# a size ("5 × 5") whose "×" could break from its numbers at a line's end: "5" ending one line, "× 5" under it (a
# reader of wave 23). Written with no-break spaces in every text a learner reads.
LOOSE_SIZE = re.compile(r"\d[ \t]+×[ \t]+\d")


def test_a_size_is_never_broken_across_lines():
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    files = [*(root / "lessons").rglob("*.md"), *(root / "lessons").rglob("*.yaml"), *(root / "tutor").rglob("*.po")]
    assert len(files) > 50
    loose = [f"{f.relative_to(root)}: {m.group(0)!r}" for f in files
             for m in LOOSE_SIZE.finditer(f.read_text(encoding="utf-8"))]
    assert not loose, loose
    assert LOOSE_SIZE.search("a 5 × 5 square") and not LOOSE_SIZE.search("a 5\u00a0×\u00a05 square")
