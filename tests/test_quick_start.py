"""The first move comes soon: what an English reader reads before a lesson's first "your turn" step (the lesson's
text and what its worked examples and quizzes print) is at most about 1,200 words. Variants, rulings and
reference tables come after the first move (issue #23: a reviewer read 2,000+ words before acting)."""

from __future__ import annotations

import re

import pytest

from tutor.core.game import ready_games
from tutor.core.quiz import load_file as load_quiz
from tutor.core.scenario import load_file as load_scenario
from tutor.lesson_source import game_lessons_dir, path

LIMIT = 1200
CODE = re.compile(r"```\{code-cell\}.*?```", re.S)
CALL = re.compile(r'lesson\.(scenario|quiz|your_turn)\("([^"]+)"')
WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")


def words(text: str) -> int:
    text = re.sub(r"<[^>]+>", " ", text)               # anchors
    text = re.sub(r"\]\([^)]*\)", "]", text)           # link targets are not read
    return len(WORD.findall(text))


def printed(kind: str, ref: str, lang: str) -> int:
    """The words a worked example or quiz shows: its title, intro, every step's narration, its outro; a quiz's
    title, question and answers."""
    game, _, name = ref.partition("/")
    folder = game_lessons_dir(game)
    if kind == "scenario":
        data = load_scenario(folder / "scenarios" / f"{name}.yaml")
        texts = [data.get("title"), data.get("intro"), data.get("outro")]
        texts += [s.get("say") for s in data.get("steps", [])]
    else:
        data = load_quiz(folder / "quizzes" / f"{name}.yaml")
        texts = [data.get("title"), data.get("question")] + [c.get("label") for c in data.get("choices", [])]
    return sum(words(t.get(lang, "") if isinstance(t, dict) else str(t or "")) for t in texts)


def before_first_move(game: str, lang: str = "en") -> tuple[int, int]:
    """(words read before the first your-turn step, words of it from worked examples and quizzes)."""
    source = path(game, lang).read_text(encoding="utf-8")
    body = source.split("\n---\n", 1)[1] if source.startswith("---") else source
    first = body.find("lesson.your_turn(")
    assert first >= 0, f"{game}: no your-turn step"
    head = body[:first]
    shown = sum(printed(kind, ref, lang) for kind, ref in CALL.findall(head) if kind != "your_turn")
    prose = words(CODE.sub(" ", head))
    return prose + shown, shown


@pytest.mark.parametrize("game", ready_games())
def test_the_first_move_comes_within_about_1200_words(game):
    total, shown = before_first_move(game)
    assert total <= LIMIT, (f"{game}: an English reader reads {total} words ({shown} of them in worked examples "
                            f"and quizzes) before the first your-turn step; the quick start holds {LIMIT}")


def test_the_count_sees_worked_examples():
    total, shown = before_first_move("maui")
    assert shown > 0 and total > shown
