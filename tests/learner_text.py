"""Everything a learner reads, gathered from the real widgets and lessons (for tests/test_learner_text.py).

Text is what a page shows or reads aloud: HTML with its tags dropped, plus the `title`, `aria-label` and
`placeholder` attributes a browser shows as tooltips or a screen reader speaks, and the text of every SVG.
Attributes a learner never sees (`data-card`, `id`, `href`) are not text.
"""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
NOTEBOOKS = ROOT / "notebooks"

_SPOKEN = re.compile(r'\s(?:title|aria-label|placeholder)="([^"]*)"')
_STYLE = re.compile(r"<(style|script)\b.*?</\1>", re.S)
_DEFS = re.compile(r"<defs>.*?</defs>", re.S)      # symbols, patterns: shapes, not words
_TAGS = re.compile(r"<[^>]+>")
_ENDS = re.compile(r"</(?:text|li|p|div|td|th|tr|h\d|summary|button)>")


def visible(markup: str) -> str:
    """The words of an HTML or SVG fragment as a learner meets them."""
    markup = _DEFS.sub(" ", _STYLE.sub(" ", markup or ""))
    spoken = " | ".join(_SPOKEN.findall(markup))       # each title and label a phrase of its own
    # each of an SVG's labels stands alone («…: Пятёрка» and the seat label «Игрок 1» under it are not one phrase)
    # and so does each line, cell and paragraph of HTML
    words = _TAGS.sub(" ", _ENDS.sub(r" | \g<0>", markup))
    return html.unescape(f"{words} | {spoken}")


def lesson_languages(game: str) -> list[str]:
    """The languages the game's lesson is written in (a lessons/<game>/lesson.<lang>.md each)."""
    from tutor.lesson_source import languages
    return languages(game)


def scenario_texts(game: str, lang: str):
    """(where, text) for every frame of every worked example: narration and board."""
    from tutor.widgets.scenario import ScenarioPlayer
    for path in sorted((LESSONS / game / "scenarios").glob("*.yaml")):
        player = ScenarioPlayer(path, lang=lang)
        assert not player.errors.message, f"{path.name}: {player.errors.message}"
        for i in range(player.count):
            frame = player.frame(i)
            yield f"{path.stem} step {i + 1} ({lang})", visible(frame["narration"]) + " " + visible(frame["svg"])


def quiz_texts(game: str, lang: str):
    """(where, text) for every quiz: the question and board, every choice, and what answering each shows."""
    from tutor.widgets.quiz import Quiz
    for path in sorted((LESSONS / game / "quizzes").glob("*.yaml")):
        quiz = Quiz(path, lang=lang)
        assert not quiz.errors.message, f"{path.name}: {quiz.errors.message}"
        opening = " ".join(visible(w.value) for w in (quiz.heading, quiz.question, quiz.svg))
        labels = " ".join(f"{b.description} {b.tooltip or ''}" for b in quiz.buttons)
        yield f"{path.stem} question ({lang})", opening + " " + labels
        for i in range(len(quiz.buttons)):
            quiz.reset()
            quiz.answer(i)
            quiz.show_why()     # a wrong answer's hint, then all that "Show me why" tells (it adds to the verdict)
            yield f"{path.stem} answer {i + 1} ({lang})", visible(quiz.verdict.value) + " " + visible(quiz.svg.value)


def task_texts(game: str, lang: str):
    """(where, text) for every "your turn" task: the prompt, board and offered moves, then what every
    offered move (card pickers opened too) makes the widget say."""
    from tutor.widgets.your_turn import YourTurn
    for path in sorted((LESSONS / game / "tasks").glob("*.yaml")):
        w = YourTurn(path, lang=lang)
        assert not w.error, f"{path.name}: {w.error}"

        def shown():
            choices = w.action_buttons() + w.card_buttons()
            return (" ".join(visible(x) for x in (str(w.view.get("rows")), w.status_html, w.log_html,
                                                  w.svg, w.error))
                    + " " + " ".join(f"{c.description} {c.tooltip}" for c in choices))
        yield f"{path.stem} opening ({lang})", shown()
        for card in [c.card for c in w.card_buttons()]:
            w.new_game()
            next(c for c in w.card_buttons() if c.card == card).click()
            yield f"{path.stem} card {card} ({lang})", shown()
        for i in range(len(w.action_buttons())):
            w.new_game()
            buttons = w.action_buttons()
            if i < len(buttons):
                buttons[i].click()
                w.show_why()    # a miss: the hint, then all that "Show me why" tells (it adds to the verdict)
                yield f"{path.stem} move {i + 1} ({lang})", shown()


def lesson_page_texts(game: str, lang: str):
    """(where, text) for the notebook's own words and the static parts the lesson helpers draw."""
    import json

    from tutor import lesson
    name = f"{game}.ipynb" if lang == "en" else f"{game}.{lang}.ipynb"
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    words = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    yield f"{name} text", words
    for helper in (lesson.rulings, lesson.components):
        yield f"{name} {helper.__name__}", visible(helper(game, lang).value)


def play_texts(game: str, lang: str, games: int = 2, seat: int = 0):
    """(where, text) for whole games at the play table, the learner pressing offered choices at random
    (the refused ones too, so their explanations are read)."""
    from tutor.widgets import film
    from tutor.widgets.play import PlayTable
    for seed in range(games):
        table = PlayTable(game, players=3, seat=seat, lang=lang, seed=seed)
        r = random.Random(seed)
        yield f"play {game} tips ({lang})", visible(table.labels.get("tips_list", ""))
        for step in range(400):
            # the coach, the running score and the summaries of what the others' turns ended (the film's words)
            summed = "".join(film.summary(table, s) for s in table.film_steps())
            shown = [table.status_html, table.advice_html, table.log_html, table.score_html, table.error, table.svg,
                     table.view.get("coach", ""), table.view.get("panel", ""), summed]
            choices = table.action_buttons() + table.card_buttons()
            # pieces and buttons kept apart (" | "): a line ending «…: Пятёрка» and the next button «Игрок 1» are not
            # one phrase, and the checks for a name dropped into a sentence read them as one
            text = " | ".join(visible(x) for x in shown) + " | " + " | ".join(
                f"{c.description} {c.tooltip}" for c in choices)
            yield f"play {game} seed {seed} step {step} ({lang})", text
            if not choices or table.game.is_over(table.state):
                break
            r.choice(choices).click()


def sandbox_texts(game: str, lang: str):
    """(where, text) for the game's sandbox: every control's label and choice, the board, and what a dive
    (or the helper's answer) says."""
    from tutor import lesson
    part = lesson.sandbox(game, lang)
    widget = part.expand() if hasattr(part, "expand") else part
    yield f"{game} sandbox ({lang})", " ".join(_widget_words(widget))
    if hasattr(widget, "dive"):
        widget.dive()
        yield f"{game} sandbox after a dive ({lang})", " ".join(_widget_words(widget))


def drill_texts(game: str, lang: str, seeds: int = 6):
    """(where, text) for each of the game's drills: the question as asked, after a wrong answer (the hint), and
    after "Show me why" (the answer, the engine's events and score lines, the board after)."""
    from tutor.core.drill import drills
    from tutor.widgets.drill import DrillPlayer
    for d in drills(game):
        w = DrillPlayer(d, lang=lang, seed=0)
        for n in range(seeds):
            if n:
                w.new_question()
            q = w.question
            where = f"drill {d.id} question {n} ({lang})"
            yield where, " ".join(_widget_words(w))
            # a wrong option, or (a pick-all question whose every option is right) one option alone
            w.pick(next((o.key for o in q.options if o.key not in q.answer), q.options[0].key))
            if q.multi:
                w.submit()
            yield f"{where} wrong", " ".join(_widget_words(w))
            w.show_why()
            yield f"{where} why", " ".join(_widget_words(w))


def _widget_words(widget) -> list[str]:
    """What an ipywidgets tree shows: descriptions, tooltips, option labels, placeholders and HTML."""
    out = []
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            out.append(value)
    if hasattr(widget, "options") and isinstance(getattr(widget, "options"), (list, tuple)):
        out += [str(o[0] if isinstance(o, tuple) else o) for o in widget.options]
    value = getattr(widget, "value", None)
    if isinstance(value, str) and type(widget).__name__ in ("HTML", "Textarea", "Label"):
        out.append(visible(value))
    for child in getattr(widget, "children", ()):
        out += _widget_words(child)
    return out
