"""The quiz: a position from the engine, "what happens next?", the answer checked by the engine and explained.

    Quiz("maui/who-takes-the-deep", lang="ru")

The quiz file (tutor.core.quiz) never says which choice is right: the engine plays every choice and
the game's scenario adapter judges the outcome. This widget only shows that verdict: ✓ or ✗ in words
and colour (never colour alone), the position after the engine applied the choice, what happened with
the rule behind each event, a refusal as a teaching moment, the author's explanation, and "Try again".
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import ipywidgets as W

from tutor.core import quiz as Q
from tutor.core.events import for_viewer
from tutor.core.game import Engine, load
from tutor.core.scenario import ScenarioError, adapter, seat
from tutor.widgets.common import (
    ErrorArea, StandIn, breakdown_html, citation_html, esc, events_highlight, events_html, guard, find_lesson_file, localised,
    refusal_html, render, svg_box, ui,
)

def resolve(quiz, lessons=None, lang: str = "en") -> dict:
    """A quiz dict from a dict, a YAML path, or an id "game/name" (lessons/<game>/quizzes/<name>.yaml)."""
    if isinstance(quiz, dict):
        return Q.validate(quiz, str(quiz.get("id", "quiz")))
    if not isinstance(quiz, (str, Path)):
        raise ScenarioError(f"a quiz is a mapping, a file or an id, not {type(quiz).__name__}")
    found, where = find_lesson_file(quiz, "quizzes", lessons)
    if found is None:
        raise ScenarioError(ui("quiz.missing", lang, name=str(quiz), where=str(where)))
    return Q.load_file(found)


class Quiz(StandIn, W.VBox):
    """The opening position, the question, one button per choice; after a click, the engine's verdict."""

    def __init__(self, quiz, lang: str = "en", *, lessons=None, **kwargs):
        super().__init__(**kwargs)
        self.lang = lang
        self.add_class("tutor-quiz")
        self.add_class("tutor-widget")
        self.data: dict = {}
        self.game: Optional[Engine] = None
        self.outcomes: list = []
        self.answered = None          # index of the chosen answer, None while the question is open
        self.viewer = None
        self._opening_svg = ""

        self.errors = ErrorArea()
        self.warning = W.HTML("")
        self.warning.add_class("tutor-warning")
        self.warning.layout.display = "none"
        self.heading = W.HTML("")
        self.svg = svg_box()
        self.question = W.HTML("")
        self.question.add_class("tutor-question")
        self.buttons: list[W.Button] = []
        self.choices = W.VBox([])
        self.choices.add_class("tutor-choices")
        self.verdict = W.HTML("")
        self.verdict.add_class("tutor-quiz-verdict")
        self.verdict.add_class("tutor-live")     # announced to screen readers (page.js)
        self.again = W.Button(description=ui("quiz.again", lang), tooltip=ui("quiz.again.tip", lang))
        self.again.add_class("tutor-nav")
        self.again.layout.display = "none"
        self.again.on_click(guard(self.errors, lang)(lambda _b: self.reset()))
        self.children = [self.warning, self.heading,
                         self.svg, self.question, self.choices, self.verdict, self.again, self.errors]

        with guard(self.errors, lang):
            self._build(quiz, lessons)

    # ------------------------------------------------------------------ building

    def _build(self, quiz, lessons) -> None:
        self.data = resolve(quiz, lessons, self.lang)
        self.game = load(self.data["game"])
        adapt = adapter(self.data["game"])
        self.viewer = seat(self.data.get("viewer"))
        self._highlight = adapt.highlight(self.data.get("highlight", []))
        self.outcomes = Q.evaluate(self.data)
        right = [o for o in self.outcomes if o.correct]
        if len(right) != 1:
            items = "".join(f"<li>{esc(p)}</li>" for p in Q.check(self.data))
            self.warning.value = (f'<div class="tutor-warning-box" role="alert"><b>{esc(ui("quiz.broken", self.lang))}'
                                  f"</b><ul>{items}</ul></div>")
            self.warning.layout.display = None
        title = localised(self.data.get("title"), self.lang)
        cited = citation_html(self.data.get("rule", ""), self.lang)
        self.heading.value = f"<h3>{esc(ui('quiz.title', self.lang))}: {esc(title)}{cited}</h3>" if title else ""
        self.question.value = f"<p>{esc(localised(self.data['question'], self.lang))}</p>"
        start = Q.asked(self.data)
        self._opening_svg = self._board(start, self._highlight, ())
        self.svg.value = self._opening_svg
        g = guard(self.errors, self.lang)
        self.buttons = []
        for i, choice in enumerate(self.data["choices"]):
            b = W.Button(description=localised(choice["label"], self.lang),
                         layout=W.Layout(width="auto", max_width="100%", height="auto"))
            b.add_class("tutor-choice")
            b.on_click(g(lambda _b, i=i: self.answer(i)))
            self.buttons.append(b)
        self.choices.children = [W.HTML(f"<b>{esc(ui('quiz.choose', self.lang))}</b>"), *self.buttons]

    def _board(self, state, highlight, events) -> str:
        assert self.game is not None, "drawn only once the quiz is built"
        return render(self.game, self.game.view(state, self.viewer), highlight=highlight,
                      events=for_viewer(events, self.viewer), lang=self.lang)

    # ------------------------------------------------------------------ answering

    @property
    def right_index(self):
        return next((o.index for o in self.outcomes if o.correct), None)

    def answer(self, index: int) -> None:
        """The learner picks choice `index`: mark it, show the engine's outcome and the explanation."""
        if not self.outcomes or self.answered is not None:
            return
        outcome = self.outcomes[int(index)]
        self.answered = outcome.index
        lang = self.lang
        label = localised(outcome.choice["label"], lang)
        for b in self.buttons:
            b.disabled = True
        button = self.buttons[outcome.index]
        mark = "✓" if outcome.correct else "✗"
        button.description = f"{mark} {label}"
        button.add_class("tutor-quiz-right" if outcome.correct else "tutor-quiz-wrong")

        kind = "right" if outcome.correct else "wrong"
        parts = [f'<div class="tutor-verdict {kind}" role="status" data-correct="{str(outcome.correct).lower()}">'
                 f'{esc(ui("quiz." + kind, lang))} <span class="tutor-you-chose">'
                 f'{esc(ui("quiz.you_chose", lang, label=label))}</span></div>']
        if outcome.refusal is not None:
            parts.append(refusal_html(outcome.refusal, lang))
            parts.append(f"<p>{esc(ui('quiz.unchanged', lang))}</p>")
        # what happened up to the board drawn (the next round's deal is left for the next round)
        told = for_viewer(outcome.told, self.viewer)
        narrated = events_html(told, lang)
        # a choice's own feedback always shows; the quiz's explanation gives the answer away, so it
        # waits for the right choice (a wrong one leaves "Try again" worth pressing)
        words = [localised(outcome.choice.get("explain"), lang),
                 localised(self.data.get("explain"), lang) if outcome.correct else ""]
        words = [w for w in words if w]
        explain = ""
        if words:
            cited = citation_html(self.data.get("rule", ""), lang)
            explain = (f'<div class="tutor-explain"><b>{esc(ui("quiz.why", lang))}:</b> '
                       f'{" ".join(esc(w) for w in words)}{cited}</div>')
        why_not = "" if outcome.correct else self._why_not(outcome)
        if why_not:
            # a wrong answer: its own words first (they point at the rule), then what decided it, the whole
            # story folded underneath
            parts += [explain, why_not]
            if narrated:
                parts.append(f'<details class="tutor-quiz-all"><summary>{esc(ui("quiz.all_events", lang))}'
                             f"</summary>{narrated}</details>")
        else:
            if not outcome.correct:
                parts.append(explain)
            if narrated:
                parts.append(f"<p><b>{esc(ui('quiz.after', lang))}</b></p>{narrated}")
            if outcome.correct:
                parts.append(explain)
        self.verdict.value = "".join(parts)
        if outcome.refusal is None:
            # how the choice played out, before any next deal (a new lagoon would hide the answer)
            self.svg.value = self._board(outcome.shown or outcome.state, events_highlight(told), told)
        self.again.layout.display = None

    def _why_not(self, outcome) -> str:
        """The engine's own "why not" for a wrong answer: the events that decided it, and the score
        lines when the answer was about points, each with its rule."""
        lang = self.lang
        items = Q.why_not(self.data, outcome)
        events = [i for i in items if hasattr(i, "narrate")]
        told = for_viewer(events, self.viewer)
        body = events_html(told, lang)
        body += "".join(breakdown_html(b, lang) for b in items if hasattr(b, "lines"))
        if not body:
            return ""
        return f'<div class="tutor-why-not"><b>{esc(ui("quiz.why_not", lang))}</b>{body}</div>'

    def reset(self) -> None:
        """Back to the open question ("Try again")."""
        self.answered = None
        self.verdict.value = ""
        self.svg.value = self._opening_svg
        for b, choice in zip(self.buttons, self.data.get("choices", [])):
            b.description = localised(choice["label"], self.lang)
            b.remove_class("tutor-quiz-right")
            b.remove_class("tutor-quiz-wrong")
            b.disabled = False
        self.again.layout.display = "none"
