"""The quiz: a position from the engine, "what happens next?", the answer checked by the engine and explained.

    Quiz("maui/who-takes-the-deep", lang="ru")

The quiz file (tutor.core.quiz) never says which choice is right: the engine plays every choice and
the game's scenario adapter judges the outcome. This widget only shows that verdict: ✓ or ✗ in words
and colour (never colour alone). A right answer shows the position after the choice, what happened with
the rule behind each event and the author's explanation. A wrong one gets the hint first (the rule that
decides, never the answer; a refusal, which is the rule itself, with it), "Try again" and "Show me why";
only that button tells what the rules made of the choice and draws the board after it.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Optional, Sequence

import ipywidgets as W

from tutor.core import quiz as core_quiz
from tutor.core.events import Event, for_viewer
from tutor.core.game import AnySpec, spec
from tutor.core.i18n import text
from tutor.core.scenario import ScenarioError, adapter, seat
from tutor.core.scoring import Breakdown
from tutor.widgets import progress
from tutor.widgets import screen
from tutor.widgets.common import (
    ErrorArea, StandIn, asked_again, breakdown_html, citation_html, esc, events_html, guard, find_lesson_file, localised,
    refusal_html, render, safe_cite, short_choices, stick_choices, svg_box, ui,
)

# a board the quiz draws: (the position, what is highlighted, the events marked on it)
Board = tuple[Any, tuple[Any, ...], Sequence[Event]]


def quiz_data(quiz: object, lessons: str | Path | None = None, lang: str = "en") -> dict[str, Any]:
    """A quiz dict from a dict, a YAML path, or an id "game/name" (lessons/<game>/quizzes/<name>.yaml)."""
    if isinstance(quiz, dict):
        return core_quiz.validate(quiz, str(quiz.get("id", "quiz")))
    if not isinstance(quiz, (str, Path)):
        raise ScenarioError(f"a quiz is a mapping, a file or an id, not {type(quiz).__name__}")
    found, where = find_lesson_file(quiz, "quizzes", lessons)
    if found is None:
        raise ScenarioError(ui("quiz.missing", lang, name=str(quiz), where=str(where)))
    return core_quiz.load_file(found)


class Quiz(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """The opening position, the question, one button per choice; after a click, the engine's verdict."""

    def __init__(self, quiz: object, lang: str = "en", *, lessons: str | Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.add_class("tutor-quiz")
        self.add_class("tutor-widget")
        self.data: dict[str, Any] = {}
        self.game: Optional[AnySpec] = None
        self.outcomes: list[core_quiz.Outcome] = []
        self.answered: Optional[int] = None   # index of the chosen answer, None while the question is open
        self.tries = 0                        # answers given so far (the first one is the one that counts)
        self.revealed = False         # a wrong answer's "Show me why" was pressed (a right one tells all at once)
        self.viewer: Optional[int] = None
        self._highlight: tuple[Any, ...] = ()
        self._opening_svg = ""
        self._opening: Optional[Board] = None   # the opening board, and the board on screen: drawn again when the
        self._shown: Optional[Board] = None     # page's layout changes (tutor.widgets.screen)

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
        # as wide as their words (ipywidgets' buttons are 148 px: «↺ Ещё раз» and the answer's button were cut
        # short in a projector's larger print)
        # (a Layout each: one shared, hiding one button hid both)
        def fit() -> W.Layout:
            return W.Layout(width="auto", max_width="100%", height="auto")
        self.again = W.Button(description=ui("quiz.again", lang), tooltip=ui("quiz.again.tip", lang), layout=fit())
        self.again.add_class("tutor-nav")
        self.again.add_class("tutor-again")         # the page keeps the answers in view after it (page.js)
        self.again.layout.display = "none"
        self.again.on_click(guard(self.errors, lang).calling(self.reset))
        # "show the answer and why": it settles the question (show_why)
        self.why = W.Button(description=ui("quiz.show_answer", lang), layout=fit())
        self.why.add_class("tutor-nav")
        self.why.add_class("tutor-quiz-show-why")
        self.why.layout.display = "none"
        self.why.on_click(guard(self.errors, lang).calling(self.show_why))
        self.after = W.HBox([self.again, self.why], layout=W.Layout(flex_flow="row wrap"))
        # the question before its board: a phone's board is a screen tall, and the question under it was out of
        # sight while the learner looked at the board
        self.children = [self.warning, self.heading,
                         self.question, self.svg, self.choices, self.verdict, self.after, self.errors]

        with guard(self.errors, lang):
            self._build(quiz, lessons)
        screen.watch(self._relayout)
        progress.on_restore(self._put_back)
        self._put_back()

    # ------------------------------------------------------------------ building

    def _build(self, quiz: object, lessons: str | Path | None) -> None:
        self.data = quiz_data(quiz, lessons, self.lang)
        self.game = spec(self.data["game"])
        adapt = adapter(self.data["game"])
        self.viewer = seat(self.data.get("viewer"))
        self._highlight = adapt.places(self.data.get("highlight", []))
        self.outcomes = core_quiz.evaluate(self.data)
        right = [o for o in self.outcomes if o.correct]
        if len(right) != 1:
            items = "".join(f"<li>{esc(p)}</li>" for p in core_quiz.check(self.data))
            self.warning.value = (f'<div class="tutor-warning-box" role="alert"><b>{esc(ui("quiz.broken", self.lang))}'
                                  f"</b><ul>{items}</ul></div>")
            self.warning.layout.display = None
        title = localised(self.data.get("title"), self.lang)
        # the rule that decides is named in the hint and the answer, not over the question: cited in the heading it
        # told a reader which rule to look at ("can this tile go here? (rule: every later tile)") before they chose
        self.heading.value = f"<h3>{esc(ui('quiz.title', self.lang))}: {esc(title)}</h3>" if title else ""
        self.question.value = f"<p>{esc(localised(self.data['question'], self.lang))}</p>"
        start = core_quiz.asked(self.data)
        self._opening = (start, self._highlight, ())
        self._opening_svg = self._board(*self._opening)
        self.svg.value = self._opening_svg
        g = guard(self.errors, self.lang)
        self.buttons = []
        for i, choice in enumerate(self.data["choices"]):
            b = W.Button(description=localised(choice["label"], self.lang),
                         layout=W.Layout(width="auto", max_width="100%", height="auto"))
            b.add_class("tutor-choice")
            b.on_click(g.calling(functools.partial(self.answer, i)))
            self.buttons.append(b)
        self.choices.children = [W.HTML(self._choices_head()), *self.buttons]

    def _choices_head(self) -> str:
        """"Choose:" over the answers, the question asked again before it under a tall phone board."""
        asked = asked_again(localised(self.data["question"], self.lang), self._opening_svg)
        self._stick(asked)
        return f"{asked}<b>{esc(ui('quiz.choose', self.lang))}</b>"

    def _stick(self, asked: str) -> None:
        """A few short answers ride at a phone's foot under a tall board, the question `asked` again over them
        (common.stick_choices)."""
        labels = [b.description for b in self.buttons]
        stick = stick_choices(asked, labels)
        (self.choices.add_class if stick else self.choices.remove_class)("tutor-choices-stick")
        (self.choices.add_class if short_choices(labels) else self.choices.remove_class)("tutor-choices-short")

    def _relayout(self, _layout: str) -> None:
        """The page's screen changed (a phone turned): the opening board and the board on screen are drawn again."""
        opening = self._opening
        if self.game is None or opening is None:
            return
        with guard(self.errors, self.lang):
            shown = self._shown
            self._opening_svg = self._board(*opening)
            self.svg.value = self._board(*shown) if shown is not None and shown != opening else self._opening_svg
            if self.choices.children:
                self.choices.children[0].value = self._choices_head()

    def _board(self, state: Any, highlight: tuple[Any, ...], events: Sequence[Event]) -> str:
        assert self.game is not None, "drawn only once the quiz is built"
        self._shown = (state, highlight, events)
        return render(self.game, self.game.view(state, self.viewer), highlight=highlight,
                      events=for_viewer(events, self.viewer), lang=self.lang)

    # ------------------------------------------------------------------ answering

    @property
    def right_index(self) -> Optional[int]:
        return next((o.index for o in self.outcomes if o.correct), None)

    def answer(self, index: int) -> None:
        """The learner picks choice `index` and it is marked. A right one shows the outcome and the explanation; a
        wrong one first gets the hint (and a refusal, which is the rule itself), "Try again" and "Show me why":
        what the rules made of it waits for that button (`show_why`)."""
        if not self.outcomes or self.answered is not None:
            return
        outcome = self.outcomes[int(index)]
        self.answered = outcome.index
        self._record(right=outcome.correct, first=self.tries == 0)
        self.tries += 1
        self.revealed = outcome.correct
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
        if outcome.correct:
            told = for_viewer(outcome.told, self.viewer)
            narrated = events_html(told, lang)
            # why first, then what happened: six lines of play before the "why" hid the one the learner wanted (a
            # reader); a long play-by-play waits behind its heading
            parts.append(self._explain(outcome))
            if narrated and len(told) > 3:
                parts.append(f'<details class="tutor-quiz-all"><summary>{esc(ui("quiz.after", lang))}</summary>'
                             f"{narrated}</details>")
            elif narrated:
                parts.append(f"<p><b>{esc(ui('quiz.after', lang))}</b></p>{narrated}")
            # how the choice played out, before any next deal (a new lagoon would hide the answer)
            self.svg.value = self._board(outcome.shown or outcome.state, self._why_marks(), told)
        else:
            # nothing that gives the answer away: a refusal (the rule itself) and the hint; the board stays as
            # asked, for the board after a wrong choice often shows the answer (who caught the tuna, the winner
            # of the trick, the score)
            if outcome.refusal is not None and outcome.choice.get("mark"):
                # the refused move drawn where it would have gone (the choice's `mark`), as a worked example does
                marks = adapter(self.data["game"]).places(outcome.choice["mark"])
                assert self._opening is not None, "a quiz answered has its opening position"
                self.svg.value = self._board(self._opening[0], tuple(self._highlight) + tuple(marks), ())
                parts += [refusal_html(outcome.refusal, lang),
                          f'<p class="tutor-quiz-note">{esc(ui("quiz.refused_drawn", lang))}</p>']
            elif outcome.refusal is not None:
                parts += [refusal_html(outcome.refusal, lang),
                          f'<p class="tutor-quiz-note">{esc(ui("quiz.unchanged", lang))}</p>']
            parts.append(self._hint())
            # "Show me why" after every wrong answer: it ends with the right answer and why (a refused choice
            # with no words of its own had none, and a stuck learner was left with the hint alone)
            self.why.layout.display = None
        self.verdict.value = "".join(parts)
        # after a right answer the button asks the question again, and says so: "Try again" under a ✓ read as "you
        # got it wrong", and a reader who tapped it lost their ✓ (stop 56)
        self.again.description = ui("quiz.again_right" if outcome.correct else "quiz.again", lang)
        self.again.layout.display = None

    def show_why(self) -> None:
        """"Show me why" after a wrong answer: the choice's own words, what the rules made of it (the deciding
        events and score lines, each with its rule), the whole story folded underneath, and the board after it;
        and then the right answer, marked, with the quiz's explanation. It settles the question, as a drill's
        does: what it tells often names the answer ("player 1 wins the trick"), and a "Try again" after it let a
        learner answer what they had just been told (a club teacher's finding, 2026-12-04)."""
        if self.answered is None or self.revealed:
            return
        outcome = self.outcomes[self.answered]
        self.revealed = True
        self._record(right=False, first=False, shown=True)
        self.why.layout.display = "none"
        self.again.layout.display = "none"
        lang = self.lang
        parts: list[str] = []
        explain = self._explain(outcome)
        if outcome.refusal is not None:
            parts.append(explain)
        else:
            # one account of the choice, not three (a reader met the choice's words, the deciding events, the same
            # events folded and the answer's why, one under the other, for one point): the choice's own words; the
            # deciding events where it has none, and the score lines of a question about points (the lines make the
            # right total); the whole story folded only where it tells more than what is shown
            told = for_viewer(outcome.told, self.viewer)
            items = core_quiz.why_not(self.data, outcome)
            lines = any(isinstance(i, Breakdown) for i in items)
            why_not = self._why_not(items) if (lines or not explain) else ""
            parts += [p for p in (explain, why_not) if p]
            deciding = [e for e in items if isinstance(e, Event)] if why_not else []
            if any(e not in deciding for e in told):
                narrated = events_html(told, lang)
                if narrated:
                    parts.append(f'<details class="tutor-quiz-all"><summary>{esc(ui("quiz.all_events", lang))}'
                                 f"</summary>{narrated}</details>")
            self.svg.value = self._board(outcome.shown or outcome.state, self._why_marks(), told)
        right = next((o for o in self.outcomes if o.correct), None)
        if right is not None:
            label = localised(right.choice["label"], lang)
            button = self.buttons[right.index]
            button.description = f"✓ {label}"
            button.add_class("tutor-quiz-right")
            parts.append(f'<div class="tutor-quiz-answer"><p><b>{esc(ui("quiz.answer_was", lang, label=label))}'
                         f"</b></p>{self._explain(right)}</div>")
        self.verdict.value += f'<div class="tutor-quiz-why">{"".join(parts)}</div>'

    def _put_back(self) -> None:
        """Answered right at an earlier visit on this device (tutor.widgets.progress.restore): shown answered again,
        nothing recorded; "Ask again" opens it as before."""
        item = self.data.get("id")
        if not item or self.answered is not None or self.right_index is None or \
                progress.solved_before(item) is None:
            return
        with guard(self.errors, self.lang), progress.restoring():
            self.answer(self.right_index)

    def _record(self, *, right: bool, first: bool, shown: bool = False) -> None:
        """The answer, for the learner's progress (tutor.widgets.progress); a quiz made on the spot has no id."""
        if self.data.get("id") and self.data.get("game"):
            progress.record("quiz", self.data["game"], self.lang, self.data["id"], [self.data.get("rule", "")],
                            right=right, first=first, shown=shown)

    def _why_marks(self) -> tuple[Any, ...]:
        """The quiz's `why_highlight`: what its explanation counts, marked on the board the answer shows (a "why"
        in words only, where the board could show it, was the club-teacher review's complaint of 2026-12-02)."""
        items = self.data.get("why_highlight")
        marks = tuple(adapter(self.data["game"]).places(items)) if items else ()
        # the board keeps its order and shape after the answer (a "near:" boat stays alone over the choices, as a
        # drill's does): the answer's board drawn as the whole table read as another position
        keep = tuple(h for h in self._highlight if isinstance(h, str) and h.startswith("near:") and h not in marks)
        return keep + marks

    def _hint(self) -> str:
        """The quiz's hint with the rule it points at; a quiz without one names the rule alone."""
        lang = self.lang
        rule = self.data.get("rule", "")
        hint = localised(self.data.get("hint"), lang)
        if hint:
            said = f"{esc(hint)}{citation_html(rule, lang)}"
        elif safe_cite(rule, lang):
            said = esc(text("core.cite", lang, title=safe_cite(rule, lang)))
        else:
            return ""
        return f'<div class="tutor-explain tutor-quiz-hint"><b>{esc(ui("drill.hint", lang))}:</b> {said}</div>'

    def _explain(self, outcome: core_quiz.Outcome) -> str:
        """The author's words on a choice: its own, and for the right one the quiz's explanation (which gives the
        answer away, so a wrong choice never shows it), with the rule cited."""
        lang = self.lang
        words = [localised(outcome.choice.get("explain"), lang),
                 localised(self.data.get("explain"), lang) if outcome.correct else ""]
        words = [w for w in words if w]
        if not words:
            return ""
        cited = citation_html(self.data.get("rule", ""), lang)
        # a wrong choice's own words say why not; "Why" is the right answer's (two "Why:" blocks, one under the
        # other, read as one thing said twice)
        heading = ui("quiz.why" if outcome.correct else "quiz.why_wrong", lang)
        return (f'<div class="tutor-explain"><b>{esc(heading)}:</b> '
                f'{" ".join(esc(w) for w in words)}{cited}</div>')

    def _why_not(self, items: Sequence[Any]) -> str:
        """The engine's own "why not" for a wrong answer (core_quiz.why_not): the events that decided it, and the
        score lines when the answer was about points, each with its rule."""
        lang = self.lang
        events = [i for i in items if isinstance(i, Event)]
        told = for_viewer(events, self.viewer)
        body = events_html(told, lang)
        body += "".join(breakdown_html(b, lang) for b in items if isinstance(b, Breakdown))
        if not body:
            return ""
        return f'<div class="tutor-why-not"><b>{esc(ui("quiz.why_not", lang))}</b>{body}</div>'

    def reset(self) -> None:
        """Back to the open question ("Try again")."""
        self.answered = None
        self.revealed = False
        self.why.layout.display = "none"
        self.verdict.value = ""
        self.svg.value = self._opening_svg
        self._shown = self._opening
        for b, choice in zip(self.buttons, self.data.get("choices", [])):
            b.description = localised(choice["label"], self.lang)
            b.remove_class("tutor-quiz-right")
            b.remove_class("tutor-quiz-wrong")
            b.disabled = False
        self.again.layout.display = "none"
