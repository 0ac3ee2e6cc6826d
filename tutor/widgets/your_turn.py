""""Your turn": the learner makes the move on a set position; the engine judges it and explains.

    YourTurn("maui/win-the-shallows", lang="ru")

Built on the play table (tutor.widgets.play): the same buttons and card-then-cell pickers, the same
board, but one move only, on the task's position (tutor.core.task). A refused move is explained with
its rule and the hint shows; a legal move that misses the goal shows what the engine did, what
decided against it (tutor.core.quiz.why_not), and the hint; "Try again" restores the position.
"""

from __future__ import annotations
from typing import Optional


from tutor.core import quiz as Q
from tutor.core import task as T
from tutor.core.errors import RuleViolation
from tutor.core.events import for_viewer
from tutor.core.scenario import ScenarioError
from tutor.widgets.boardbox import box_of
from tutor.widgets.common import citation_html, esc, events_html, guard, find_lesson_file, localised, render, ui
from tutor.widgets.play import PlayTable

# the moves whose boards set a task's board box: a task offers a few; a placement game may offer hundreds
BOX_MOVES = 40


def resolve(task, lessons=None, lang: str = "en") -> dict:
    """A task dict from a dict, a YAML path, or an id "game/name" (lessons/<game>/tasks/<name>.yaml)."""
    if isinstance(task, dict):
        return T.validate(task, str(task.get("id", "task")))
    found, where = find_lesson_file(task, "tasks", lessons)
    if found is None:
        raise ScenarioError(ui("task.missing", lang, name=str(task), where=str(where)))
    return T.load_file(found)


class YourTurn(PlayTable):
    """One move on a set position, judged by the engine."""

    advises = False      # the task judges the learner's own decision: the game's advice would answer it
    _shown_in_verdict: tuple = ()    # the events the verdict lists ("What decided it")

    def __init__(self, task, lang: str = "en", *, lessons=None):
        self.task = resolve(task, lessons, lang)
        self.tries = 0
        self.outcome: Optional[str] = None      # None while the learner has not moved; else "done", "missed" or "refused"
        self.verdict = ""        # the engine's judgement as HTML (the status area, read aloud)
        self._start = T.start(self.task)
        self._box: Optional[dict] = None      # the board box of the position and its moves' outcomes, once drawn
        super().__init__(self.task["game"], players=self._start.players, seat=T.seat(self.task), lang=lang,
                         seed=0, bots=True)
        self.add_class("tutor-your-turn")

    # the table's own game flow is replaced by the task's: one position, one move, no bots
    def new_game(self) -> None:
        self.state = self._start
        self.history, self.events_log, self.last_events, self.selected = [], [], (), {}
        self._shown_in_verdict = ()
        self.outcome, self.verdict = None, ""
        self.refresh()

    def _run_bots(self) -> None:
        return

    def act(self, action) -> None:
        """The learner's move: refused (explained, nothing changes), or played and judged against the goal."""
        if self.outcome is not None:
            return
        lang = self.lang
        with guard(self.errors, lang):
            try:
                after, events, problems, shown, told = T.outcome(self.task, self.state, action)
            except RuleViolation as exc:
                self.tries += 1
                self.outcome = "refused"
                self.verdict = (f'<div class="tutor-task-verdict wrong" data-outcome="refused">'
                                f'<b>{esc(ui("task.refused", lang))}</b> {esc(exc.reason(lang))}'
                                f'{citation_html(exc.rule, lang)}</div>' + self._hint())
                self.selected = {}
                self.refresh()
                return
            self.state = shown         # how the learner's move ended, before any next deal
            self.last_events = tuple(told)
            self.events_log = []       # one move: "what happened" is the whole story
            self.selected = {}
            if problems:
                self.tries += 1
                self.outcome = "missed"
                # the hint first (it points at the rule), then what decided it; both end with the learner's
                # round, as the board does (never the next round's deal)
                self.verdict = (f'<div class="tutor-task-verdict wrong" data-outcome="missed">'
                                f'<b>{esc(ui("task.missed", lang))}</b></div>' + self._hint()
                                + self._decided(shown, told))
            else:
                self.outcome = "done"
                explain = localised(self.task["explain"], lang)
                self.verdict = (f'<div class="tutor-task-verdict right" data-outcome="done">'
                                f'<b>{esc(ui("task.done", lang))}</b> {esc(explain)}'
                                f'{citation_html(self.task.get("rule", ""), lang)}</div>')
            self.refresh()

    def _decided(self, after, events) -> str:
        items = [i for i in Q.deciding(self.task["game"], after, events, self.task["goal"]) if hasattr(i, "narrate")]
        body = events_html(for_viewer(items, self.seat), self.lang)
        self._shown_in_verdict = tuple(items) if body else ()
        return f'<div class="tutor-why-not"><b>{esc(ui("task.decided", self.lang))}</b>{body}</div>' if body else ""

    def logged(self, events) -> tuple:
        """"What happened" under the board leaves out what "What decided it" already lists: each event is told once."""
        return tuple(e for e in events if e not in self._shown_in_verdict)

    def _hint(self) -> str:
        return (f'<p class="tutor-task-hint"><b>{esc(ui("task.hint", self.lang))}:</b> '
                f'{esc(localised(self.task["hint"], self.lang))}</p>')

    def _action_rows(self) -> list:
        prompt = self.caption(localised(self.task["prompt"], self.lang))
        if self.outcome is None:
            return [[prompt] + group for group in super()._action_rows()] or [[prompt]]
        if self.outcome == "done":
            return []
        # the task stays in view beside "Try again": the learner rereads what was asked, not only the hint
        return [[prompt, {"choices": [self.choice(ui("task.again", self.lang), "", "", "tutor-task-again",
                                                  guard(self.errors, self.lang)(lambda _c: self.new_game()))]}]]

    def _placing(self):
        """No piece to point with once the move is decided (refused, missed or done): "Try again" brings it back."""
        return super()._placing() if self.outcome is None else None

    def _send_view(self) -> None:
        with self.hold_sync():      # one message, as the table sends
            super()._send_view()
            # the verdict goes in the status area (a live region); the table's controls are not part of a task
            self.view = {**self.view, "status": self.verdict, "controls": False, "board_box": self._board_box()}

    def _board_box(self) -> Optional[dict]:
        """The box (tutor.widgets.boardbox) that holds the task's board and the board after each move the learner
        may make, drawn once: the page draws every board of the task in it (play.js), so the board keeps its width
        when the move is made (a taller board, or one with smaller print, was drawn smaller: 1,100 px, then 853)."""
        if self._box is None:
            boards = [self._svg]
            try:
                for action in self.game.legal_actions(self._start, self.seat)[:BOX_MOVES]:
                    try:
                        _after, _events, _problems, shown, told = T.outcome(self.task, self._start, action)
                    except RuleViolation:
                        continue
                    boards.append(render(self.game, self.game.view(shown, self.viewer),
                                         events=for_viewer(told, self.viewer), lang=self.lang))
            except Exception:       # the box only steadies the picture: the task works without it
                pass
            self._box = box_of(boards) or {}
        return self._box or None
