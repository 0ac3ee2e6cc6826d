"""The drill player: "Practise this" after a lesson part, endless fresh questions the engine makes and judges.

    DrillPlayer(drill.find("maui/who-takes"), lang="ru")

One question at a time (tutor.core.drill): the board, the question, one button per answer (a "Check" button
when every right answer must be picked). A wrong answer first gets the hint, which points at the rule; "Show
me why" then gives the answer with the engine's own events and score lines, each citing its rule, and the
board after the moves asked about. "Next question" makes a fresh position, never one this page has asked.

The streak and the short history live in the widget (the page), never on the server: a reload starts afresh.
"""

from __future__ import annotations

import random
import functools
from typing import Any, Callable, Optional, Sequence

import ipywidgets as W

from tutor.core import drill as core_drill
from tutor.core.events import Event, for_viewer
from tutor.core.game import spec
from tutor.core.i18n import plural
from tutor.core.scoring import Breakdown
from tutor.widgets import progress
from tutor.widgets import screen
from tutor.widgets.common import (
    ErrorArea, StandIn, asked_again, breakdown_html, citation_html, esc, events_html, guard, render, short_choices,
    stick_choices, svg_box, ui,
)

HISTORY = 10          # the marks of the last answers shown beside the streak


class DrillPlayer(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """A drill: ask, judge, hint, "show me why", next."""

    def __init__(self, drill: str | core_drill.Drill, lang: str = "en", *, seed: Optional[int] = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.drill: core_drill.Drill = core_drill.find(drill) if isinstance(drill, str) else drill
        self.lang = lang
        self.add_class("tutor-drill")
        self.add_class("tutor-widget")
        self.game = spec(self.drill.game)
        # each page starts somewhere new (a learner who reloads gets fresh positions); tests pass a seed
        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.asked = 0                      # questions made so far (the next one's seed)
        self.seen: set[str] = set()         # the keys of the questions this page has asked: never asked again
        self.question: Optional[core_drill.Question] = None
        self.picked: set[str] = set()       # a multi question's options picked so far
        self.answered = False               # the current question has been answered right, or explained
        self.first: Optional[bool] = None   # the first answer to the current question: right or wrong (None: none yet)
        self.shown_why = False
        self.counted = False                # a right answer's count shown with it (its breakdown lines)
        self.streak = 0                     # questions answered right at the first try, in a row
        self.history: list[bool] = []       # the first answers' marks, oldest first (the last HISTORY)
        # (state, highlight, events, answered) of the board on screen: drawn again for a new layout
        self._drawn: Optional[tuple[Any, tuple[str, ...], Sequence[Event], bool]] = None

        self.errors = ErrorArea()
        self.heading = W.HTML("")
        self.score = W.HTML("")
        self.score.add_class("tutor-drill-score")
        self.svg = svg_box()
        self.prompt = W.HTML("")
        self.prompt.add_class("tutor-question")
        self.options = W.VBox([])
        self.options.add_class("tutor-choices")
        self.asked_again = W.HTML("")          # the question again over its answers, on a phone (common.asked_again)
        self.buttons: dict[str, W.Button] = {}
        g = guard(self.errors, lang)
        self.check = self._button(ui("drill.check", lang), g.calling(self.submit), "tutor-drill-check")
        self.verdict = W.HTML("")
        self.verdict.add_class("tutor-quiz-verdict")
        self.verdict.add_class("tutor-live")          # announced to screen readers (page.js)
        self.again = self._button(ui("drill.again", lang), g.calling(self.try_again), "tutor-nav")
        self.again.add_class("tutor-again")         # the page keeps the answers in view after it (page.js)
        self.why = self._button(ui("why.show", lang), g.calling(self.show_why), "tutor-nav")
        self.next = self._button(ui("drill.next", lang), g.calling(self.new_question), "tutor-nav")
        self.next.add_class("tutor-drill-next")
        controls = W.HBox([self.again, self.why, self.next])
        controls.add_class("tutor-nav-row")
        # the question before its board, as a task and a quiz have it: under a board a phone screen tall or more,
        # a learner scrolled through a position they did not yet know what to look for in (two readers)
        self.children = [self.heading, self.score, self.prompt, self.svg, self.options, self.check, self.verdict,
                         controls, self.errors]
        title = core_drill.said(self.drill.title, lang)
        self.heading.value = (f"<h3>{esc(ui('drill.heading', lang, title=title))}"
                              f"{citation_html(self.drill.rule, lang, short=True)}</h3>"
                              f'<p class="tutor-drill-intro">{esc(ui("drill.intro", lang))}</p>')
        with g:
            self.new_question()
        screen.watch(self._relayout)

    @staticmethod
    def _button(label: str, on_click: Callable[[Any], None], cls: str) -> W.Button:
        b = W.Button(description=label, layout=W.Layout(width="auto", max_width="100%", height="auto"))
        b.add_class(cls)
        b.on_click(on_click)
        return b

    # ------------------------------------------------------------------ asking

    def new_question(self) -> None:
        """A fresh position and question (never one this page has asked)."""
        q = core_drill.question(self.drill, f"{self.seed}/{self.asked}", skip=self.seen)
        self.asked += 1
        self.seen.add(q.key)
        self.question = q
        self.picked = set()
        self.answered, self.first, self.shown_why = False, None, False
        self.counted = False                # a right answer's count shown with it (its breakdown lines)
        lang = self.lang
        self.why.description = ui("why.show", lang)
        self.svg.value = self._board(q.state, q.highlight, ())
        pick_all = f'<p class="tutor-drill-pick-all">{esc(ui("drill.pick_all", lang))}</p>' if q.multi else ""
        self.prompt.value = f"<p>{esc(core_drill.said(q.prompt, lang))}</p>{pick_all}"
        self.buttons = {}
        g = guard(self.errors, lang)
        for option in q.options:
            b = self._button(self._label(option), g.calling(functools.partial(self.pick, option.key)), "tutor-choice")
            self.buttons[option.key] = b
        self.asked_again.value = asked_again(core_drill.said(q.prompt, lang), self.svg.value)
        self._stick()
        self.options.children = [self.asked_again, *self.buttons.values()]
        self.check.layout.display = None if q.multi else "none"
        self.check.disabled = False
        self.verdict.value = ""
        self._show(again=False, why=False, next=False)
        self._score()

    def _label(self, option: core_drill.Option, mark: str = "") -> str:
        text = core_drill.said(option.label, self.lang)
        if self.question is not None and self.question.multi and not mark:
            mark = "☑" if option.key in self.picked else "☐"
        return f"{mark} {text}" if mark else text

    def _relayout(self, _layout: str) -> None:
        """The page's screen changed (a phone turned): the board on screen is drawn again for it."""
        if self._drawn is not None:
            with guard(self.errors, self.lang):
                self.svg.value = self._board(*self._drawn)
                if self.question is not None:
                    self.asked_again.value = asked_again(core_drill.said(self.question.prompt, self.lang), self.svg.value)
                    self._stick()

    def _stick(self) -> None:
        """A few short answers ride at a phone's foot under a tall board, the question again over them
        (common.stick_choices); a multi-answer drill's "Check" is under them in the page, so it never does."""
        q = self.question
        labels = [b.description for b in self.buttons.values()]
        stick = q is not None and not q.multi and stick_choices(self.asked_again.value, labels)
        (self.options.add_class if stick else self.options.remove_class)("tutor-choices-stick")
        short = q is not None and not q.multi and short_choices(labels)
        (self.options.add_class if short else self.options.remove_class)("tutor-choices-short")

    def _board(self, state: Any, highlight: tuple[str, ...], events: Sequence[Event], answered: bool = False) -> str:
        self._drawn = (state, highlight, events, answered)
        q = self.question
        if q is not None and q.picture is not None:
            return q.picture(self.lang, screen.layout(), answered)
        viewer = q.viewer if q is not None else None
        return render(self.game, self.game.view(state, viewer), highlight=highlight,
                      events=for_viewer(events, viewer), lang=self.lang)

    def _show(self, *, again: bool, why: bool, next: bool) -> None:
        for button, shown in ((self.again, again), (self.why, why), (self.next, next)):
            button.layout.display = None if shown else "none"

    # ------------------------------------------------------------------ answering

    def pick(self, key: str) -> None:
        """The learner presses an option: a one-pick question is answered; a multi question toggles it."""
        q = self.question
        if q is None or self.answered or key not in self.buttons:
            return
        if q.multi:
            self.picked ^= {key}
            self.buttons[key].description = self._label(q.option(key))
            self.buttons[key].add_class("tutor-drill-picked") if key in self.picked else \
                self.buttons[key].remove_class("tutor-drill-picked")
            return
        self._answer({key})

    def submit(self) -> None:
        """"Check" on a multi question: every picked option is judged at once."""
        if self.question is None or self.answered:
            return
        if not self.picked:
            self.verdict.value = f'<p class="tutor-drill-nothing">{esc(ui("drill.nothing_picked", self.lang))}</p>'
            return
        self._answer(set(self.picked))

    def _answer(self, picked: set[str]) -> None:
        q = self.question
        assert q is not None
        lang = self.lang
        verdict = core_drill.judge(q, picked)
        progress.record("drill", self.drill.game, lang, self.drill.id, [q.rule or self.drill.rule],
                        right=verdict.correct, first=self.first is None, part=self.drill.part)
        if self.first is None:              # the streak and the history count first answers only
            self.first = verdict.correct
            self.history = (self.history + [verdict.correct])[-HISTORY:]
            self.streak = self.streak + 1 if verdict.correct else 0
        self._score()
        for b in self.buttons.values():
            b.disabled = True
        self.check.disabled = True
        if verdict.correct:
            self.answered = True
            for key in q.answer:
                self._mark(key, True)
            explain = core_drill.said(q.explain, lang)
            # right on a second try: said so, for the streak above stays where the first answer left it (a reader
            # wondered why "right in a row" still read 0)
            again = "" if self.first else f' <span class="tutor-drill-retry">{esc(ui("drill.retry_counts", lang))}</span>'
            # a count (a score's lines) comes with a right answer at once: a learner who guessed it learnt nothing
            # from "the rats, the rooms and the families add up to 4" (a reader); "How it is counted" adds the rest
            counted = "".join(breakdown_html(b, lang) for b in q.why if isinstance(b, Breakdown))
            self.verdict.value = (f'<div class="tutor-verdict right" role="status" data-correct="true">'
                                  f'✓ {esc(ui("drill.right", lang))}{again}</div>'
                                  + (f'<p class="tutor-explain">{esc(explain)}{citation_html(q.rule, lang)}</p>'
                                     if explain else "") + counted)
            self.counted = bool(counted)
            # after a right answer the same button shows how the engine counted it, and says so: "Show the answer"
            # read as a give-up that would cost the part its ★ (a reader)
            self.why.description = ui("drill.why_right", lang)
            self._show(again=False, why=True, next=True)
            return
        # a pick-all answer says how many of the picks are wrong and how many right ones are missing, never which: an
        # option marked ✗ made "Try again" a matter of unticking it. Marks come with the answer ("Show me why"). A
        # one-pick answer's ✗ only repeats what was picked.
        partly = ""
        if q.multi:
            said = ([plural("ui.drill.picks_wrong", len(verdict.extra), lang)] if verdict.extra else []) + (
                [plural("ui.drill.picks_missing", len(verdict.missing), lang)] if verdict.missing else [])
            partly = f'<p class="tutor-drill-partly">{esc(" ".join(said))}</p>'
        else:
            for key in verdict.extra:
                self._mark(key, False)
        self.verdict.value = (f'<div class="tutor-verdict wrong" role="status" data-correct="false">'
                              f'✗ {esc(ui("drill.wrong", lang))}</div>{partly}'
                              f'<p class="tutor-task-hint"><b>{esc(ui("drill.hint", lang))}:</b> '
                              f'{esc(core_drill.said(q.hint, lang))}{citation_html(q.rule, lang)}</p>')
        self._show(again=True, why=True, next=True)

    def _mark(self, key: str, right: bool) -> None:
        assert self.question is not None, "an option is marked only on a question asked"
        b = self.buttons[key]
        b.description = self._label(self.question.option(key), "✓" if right else "✗")
        b.add_class("tutor-quiz-right" if right else "tutor-quiz-wrong")

    def try_again(self) -> None:
        """After a wrong answer: the same question, open again (the first answer still counts as wrong)."""
        q = self.question
        if q is None or self.answered:
            return
        # a pick-all question keeps the learner's ticks: they fix what was missing or extra, rather than tick four
        # of five again (a reader); a one-pick question starts clean
        if not q.multi:
            self.picked = set()
        for option in q.options:
            b = self.buttons[option.key]
            b.disabled = False
            b.remove_class("tutor-quiz-right")
            b.remove_class("tutor-quiz-wrong")
            if option.key in self.picked:
                b.add_class("tutor-drill-picked")
            else:
                b.remove_class("tutor-drill-picked")
            b.description = self._label(option)
        self.check.disabled = False
        self.verdict.value = ""
        self._show(again=False, why=False, next=False)

    def show_why(self) -> None:
        """The answer, the sentence saying why, and the engine's own reasons (events and score lines, each with its
        rule); the board after the moves asked about."""
        q = self.question
        if q is None or self.shown_why:
            return
        lang = self.lang
        if not self.answered:       # the answer shown before it was found
            progress.record("drill", self.drill.game, lang, self.drill.id, [q.rule or self.drill.rule], right=False,
                            first=self.first is None, shown=True, part=self.drill.part)
        self.shown_why = self.answered = True
        for b in self.buttons.values():
            b.disabled = True
        self.check.disabled = True
        for key in q.answer:
            self._mark(key, True)
        for key in self.picked - q.answer:     # a pick-all answer's wrong picks, now that the answer is shown
            self._mark(key, False)
        answer = ", ".join(core_drill.said(o.label, lang) for o in q.options if o.key in q.answer)
        events = for_viewer([i for i in q.why if isinstance(i, Event)], q.viewer)
        body = events_html(events, lang) + ("" if self.counted else
                                            "".join(breakdown_html(b, lang) for b in q.why if isinstance(b, Breakdown)))
        explain = core_drill.said(q.explain, lang)
        self.verdict.value += (
            f'<div class="tutor-why-not tutor-drill-why"><p><b>{esc(ui("drill.answer", lang, answer=answer))}</b>'
            + (f" {esc(explain)}" if explain else "") + citation_html(q.rule, lang) + "</p>"
            + (f'<p><b>{esc(ui("drill.engine", lang))}:</b></p>{body}' if body else "") + "</div>")
        if q.after is not None or q.why_highlight or q.picture is not None:
            told = for_viewer(q.events, q.viewer) if q.after is not None else ()
            # the board keeps its order after the answer (a "near:" boat stays over the choices)
            keep = tuple(h for h in q.highlight if h.startswith("near:") and h not in q.why_highlight)
            self.svg.value = self._board(q.state if q.after is None else q.after, keep + q.why_highlight, told, True)
        self._show(again=False, why=False, next=True)

    def _score(self) -> None:
        lang = self.lang
        marks = "".join(
            f'<span class="tutor-drill-mark {"right" if ok else "wrong"}" '
            f'title="{esc(ui("drill.mark_right" if ok else "drill.mark_wrong", lang))}">{"✓" if ok else "✗"}</span>'
            for ok in self.history)
        history = (f' · <span class="tutor-drill-history" aria-label="{esc(ui("drill.history", lang))}">'
                   f"{esc(ui('drill.history', lang))}: {marks}</span>") if marks else ""
        self.score.value = (f'<p><span class="tutor-drill-streak">{esc(ui("drill.streak", lang, n=self.streak))}'
                            f"</span>{history}</p>")
