""""Your turn": the learner makes the move on a set position; the engine judges it and explains.

    YourTurn("maui/win-the-shallows", lang="ru")

Built on the play table (tutor.widgets.play): the same buttons and card-then-cell pickers, the same
board, but one move only, on the task's position (tutor.core.task), held as a set position
(tutor.core.session.Session.from_state: no bots; the task's `then` answers for the others). A refused
move is explained with its rule and the hint shows; a legal move that misses the goal says "Not quite"
with the hint, which points at the rule, not the answer; "Show me why" then adds what decided against it
(the engine's deciding events, tutor.core.quiz.deciding); "Try again" restores the position.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Optional, Sequence

from tutor.core import quiz as core_quiz
from tutor.core import task as core_task
from tutor.core.errors import RuleViolation
from tutor.core.events import Event, for_viewer
from tutor.core.game import RowPart, spec
from tutor.core.i18n import learner_seat
from tutor.core.scenario import ScenarioError
from tutor.core.session import Session
from tutor.widgets import progress
from tutor.widgets.boardbox import box_of
from tutor.widgets.common import citation_html, esc, events_html, guard, find_lesson_file, localised, render, ui
from tutor.widgets import screen
from tutor.widgets.play import Placer, PlayTable

# the moves whose boards set a task's board box: a task offers a few; a placement game may offer hundreds
BOX_MOVES = 40


def task_data(task: str | Path | dict[str, Any], lessons: str | Path | None = None, lang: str = "en") -> dict[str, Any]:
    """A task dict from a dict, a YAML path, or an id "game/name" (lessons/<game>/tasks/<name>.yaml)."""
    if isinstance(task, dict):
        return core_task.validate(task, str(task.get("id", "task")))
    found, where = find_lesson_file(task, "tasks", lessons)
    if found is None:
        raise ScenarioError(ui("task.missing", lang, name=str(task), where=str(where)))
    return core_task.load_file(found)


def prompt_html(prompt: str) -> str:
    """A task's prompt as HTML: the position in plain print, what to do (its last sentence) in bold. All in bold,
    five to eight lines on a phone, the instruction did not stand out from the setting (a reader, stop 48)."""
    cut = max(prompt.rfind(mark, 0, len(prompt) - 2) for mark in (". ", "? ", "! ", ": "))
    if cut < 0:
        return f"<b>{esc(prompt)}</b>"
    return f"{esc(prompt[:cut + 1])} <b>{esc(prompt[cut + 2:])}</b>"


class YourTurn(PlayTable):
    """One move on a set position, judged by the engine."""

    advises = False      # the task judges the learner's own decision: the game's advice would answer it
    # every move offered alike, and no board showing where a chosen card can go: a dashed "not allowed" or a
    # destination drawn would answer the task
    previews = False
    confirms = False     # a task's move is judged and may be tried again ("Try again"): one tap makes it
    resumable = False    # a set position, one move: nothing to keep on the device
    shows_turns = False  # one move judged: the task's own answers for the others follow it at once, no film
    # no link to the position: a task that ends the game offered one, a long address of the whole deck with no word
    # of what it was for (a reader of wave 20); the task is on the page for anyone the learner would send it to
    shares = False
    _deciding: tuple[Event, ...] = ()    # the events "What decided it" lists ("What happened" leaves them out once shown)
    _rights: Optional[tuple[Any, ...]] = None    # the task's right moves, found when first asked (_right_moves)
    _rights_now: Optional[tuple[Any, tuple[Any, ...]]] = None    # (a position halfway through, its right moves)

    def __init__(self, task: str | Path | dict[str, Any], lang: str = "en", *, lessons: str | Path | None = None) -> None:
        self.task = task_data(task, lessons, lang)
        self.tries = 0
        self.outcome: Optional[str] = None      # None while the learner has not moved; else "done", "missed", "refused" or "going" (go_on)
        # the engine's judgement as HTML, in two parts: its one line (the status area, kept in view by tutor.css and read
        # aloud) and all it says besides, under that line (the hint, the explanation, what decided it): a phone's sticky
        # verdict was capped at 30% of the screen and cut an explanation mid-sentence
        self.verdict_line = ""
        self.verdict_more = ""
        self.why = ""            # after a miss: "What decided it" (the engine's deciding events), once asked for
        self.why_shown = False   # the learner pressed "Show me why"
        self._box: Optional[dict[str, float]] = None      # the board box of the position and its moves' outcomes, once drawn
        # the task's position, the learner's seat, no bots: the task's `then` answers for the other seats
        session = Session.from_state(spec(self.task["game"]), core_task.start(self.task), core_task.seat(self.task))
        super().__init__(self.task["game"], players=session.players, seat=session.seat, lang=lang, session=session)
        self.add_class("tutor-your-turn")
        self.labels = {**self.labels, "more": ui("task.more", lang)}
        progress.on_restore(self._put_back)
        self._put_back()

    @property
    def verdict(self) -> str:
        """The whole judgement as HTML: its line, then the rest."""
        return self.verdict_line + self.verdict_more

    def action_choice(self, action: Any, legal: Any, label: Optional[str] = None) -> Any:
        """As the play table offers it, but named by the game's task label where it has one (SPEC.ui.task_label):
        a button that named the move's outcome ("flip the token") would answer a task asking which move wins."""
        named = self.game.parts().task_label
        if label is not None or named is None:
            return super().action_choice(action, legal, label)
        words = named(action, self.lang)
        choice = super().action_choice(action, legal, words)
        choice.tooltip = words
        return choice

    def new_game(self) -> None:
        """The task's position again (the session's set position), with no verdict: "Try again"."""
        self._deciding = ()
        self.outcome, self.verdict_line, self.verdict_more, self.why, self.why_shown = None, "", "", "", False
        self._answer: tuple[str, ...] = ()     # the right move's board marks, found once "Show me why" is pressed
        self._moves: list[dict[str, Any]] = []     # the learner's moves played since (kept with a right answer)
        # what the learner's earlier moves of a `go_on` task did: "What happened" tells them with the last one (a
        # reader's wrong bonus, made first, was missing from the story of the miss it led to)
        self._going_told: list[Event] = []
        super().new_game()

    def _put_back(self) -> None:
        """Solved at an earlier visit on this device (tutor.widgets.progress.restore): the learner's moves played
        again, nothing recorded, so the task shows solved as they left it; moves that no longer solve it (a task
        changed since) leave it open."""
        moves = progress.solved_before(self.task.get("id") or "")
        if not moves or self.outcome is not None or self.session is None:
            return
        with progress.restoring():
            try:
                for move in moves:
                    self.act(self.game.action_from_json(move))
                    if self.outcome in ("done", "missed", "refused"):
                        break
            except Exception:       # a move that cannot be read: the task stays as asked
                self.outcome = None
            if self.outcome != "done":
                with guard(self.errors, self.lang):
                    self.new_game()

    def act(self, action: Any) -> None:
        """The learner's move: refused (explained, nothing changes), or played and judged against the goal."""
        if not self.open_to_moves():
            return
        lang = self.lang
        with guard(self.errors, lang):
            try:
                after, events, problems, shown, told = core_task.outcome(self.task, self.state, action)
            except RuleViolation as exc:
                if self.moves_apart():
                    # a move the task sets apart ("Not now: press one to read why") is a question, not a try: its
                    # reason shows as the table's does, and the moves stay (a reader was told they had failed and
                    # had to start again for asking)
                    with learner_seat(self.seat), guard(self.errors, lang):
                        raise
                    return
                self.tries += 1
                self.outcome = "refused"
                # a refusal's line is its reason and rule (what the learner needs at the board); the hint under it
                with learner_seat(self.seat):       # "where player 1 (you) stands": the task said "you are player 1"
                    reason = exc.reason(lang)
                # the rule's name goes under "More": in the line stuck to a phone's screen, the reason
                # and its citation took 13 lines beside the button (a reader)
                self.verdict_line = (f'<div class="tutor-task-verdict wrong" data-outcome="refused">'
                                     f'<b>{esc(ui("task.refused", lang))}</b> {esc(reason)}</div>')
                # no task hint under it: the hint is about the goal, and under a refusal for another reason it read
                # as that refusal's (an own card refused as a reward, "the reward is the card's pearls", a reader)
                self.verdict_more = f'<p class="tutor-task-rule">{citation_html(exc.rule, lang)}</p>'
                self.selected = {}
                self._record(right=False, first=self.tries == 1)
                self.refresh()
                return
            self._moves.append(action.to_json())
            going = core_task.going_on(self.task, self.state, action) if problems else None
            if going is not None:
                # still the learner's move, and the goal still within reach: not judged yet (a task with `go_on`)
                self._going_told += going[1]
                self.live.show(going[0], self._going_told)
                self.selected = {}
                self.outcome = "going"
                self.verdict_line = (f'<div class="tutor-task-verdict" data-outcome="going">'
                                     f'<b>{esc(ui("task.going", lang))}</b></div>')
                self.verdict_more = ""
                self.refresh()
                return
            # how the learner's move ended, before any next deal, after what their earlier moves of it did
            self.live.show(shown, [*self._going_told, *told])
            self.selected = {}
            if problems:
                self.tries += 1
                self.outcome = "missed"
                # the hint first (it points at the rule, not at the answer); what decided it waits for "Show me
                # why", and ends with the learner's round, as the board does (never the next round's deal)
                self.why = self._decided(shown, told)
                # the hint in the verdict's own line, the one kept on a phone's screen: under "More ↓" a learner
                # read "allowed, but not what the task asks" and nothing to go on (two readers of wave 21)
                self.verdict_line = (f'<div class="tutor-task-verdict wrong" data-outcome="missed">'
                                     f'<b>{esc(ui("task.missed", lang))}</b>{self._hint(action)}</div>')
                self.verdict_more = ""
                self._record(right=False, first=self.tries == 1)
            else:
                self.outcome = "done"
                self._record(right=True, first=self.tries == 0)
                explain = localised(self.task["explain"], lang)
                self.verdict_line = (f'<div class="tutor-task-verdict right" data-outcome="done">'
                                     f'<b>{esc(ui("task.done", lang))}</b></div>')
                self.verdict_more = (f'<p class="tutor-task-explain">{esc(explain)}'
                                     f'{citation_html(self.task.get("rule", ""), lang)}</p>')
            self.refresh()

    def show_why(self) -> None:
        """After a miss, "Show me why": the engine's deciding events join the verdict, under the hint."""
        if self.outcome != "missed" or self.why_shown or not self.why:
            return
        self.why_shown = True
        self._answer = self._answer_marks()     # found once: the board is drawn again on every refresh
        self.verdict_more += self.why
        self._record(right=False, first=False, shown=True)
        self.refresh()

    def _record(self, *, right: bool, first: bool, shown: bool = False) -> None:
        """The learner's move, for their progress (tutor.widgets.progress)."""
        if self.task.get("id"):
            progress.record("task", self.task["game"], self.lang, self.task["id"], [self.task.get("rule", "")],
                            right=right, first=first, shown=shown, part=self.task.get("part") or None,
                            moves=self._moves)

    def _decided(self, after: Any, events: Sequence[Event]) -> str:
        """What "Show me why" adds after a miss: the engine's deciding events (if the goal names any), then the
        task's own explanation of the right move, with its rule: a strategy task ("which bonus card first?") has
        no deciding event, and its learner still deserves the reason."""
        lang = self.lang
        items = [i for i in core_quiz.deciding(self.task["game"], after, events, self.task["goal"]) if isinstance(i, Event)]
        body = events_html(for_viewer(items, self.seat), lang)
        self._deciding = tuple(items) if body else ()
        decided = f'<b>{esc(ui("task.decided", lang))}</b>{body}' if body else ""
        explain = localised(self.task["explain"], lang)
        right = (f'<p class="tutor-task-right"><b>{esc(ui("task.right_move", lang))}</b> {esc(explain)}'
                 f'{citation_html(self.task.get("rule", ""), lang)}</p>')
        return f'<div class="tutor-why-not">{decided}{right}</div>'

    def logged(self, events: Iterable[Event]) -> tuple[Event, ...]:
        """"What happened" under the board tells the whole move until "Show me why" lists the deciding events; then
        it leaves them out: each event is told once."""
        shown = self._deciding if self.why_shown else ()
        return tuple(e for e in events if e not in shown)

    def _hint(self, action: Any = None) -> str:
        """The hint after a wrong try: the one written for that very move if the task has one (`misses`)."""
        said = core_task.missed_hint(self.task, self.state, action) if action is not None else self.task["hint"]
        return (f'<p class="tutor-task-hint"><b>{esc(ui("task.hint", self.lang))}:</b> '
                f'{esc(localised(said, self.lang))}</p>')

    def moves_apart(self) -> bool:
        """A game whose tasks never ask which step comes next sets the past steps' moves apart (GameUI)."""
        return self.game.parts().task_moves_apart

    def board_marks(self) -> tuple[str, ...]:
        """The task's `done_marks` once it is solved (where the tile taken fits), never before: they would answer it;
        after a miss and "Show me why", the right move drawn where it goes (GameUI.answer_marks) and those marks. The task's "hide:…"
        highlights hold throughout (Aqua Fest's "hide:moves" before the lesson teaches the turn), as do its "brief…"
        ones (Козырные киты' panels the task is not about, drawn in three lines on a phone)."""
        hide = tuple(h for h in self.task.get("highlight", ()) if str(h).startswith(("hide:", "brief")))
        if self.outcome == "done":
            return hide + tuple(self.task.get("done_marks", ()))
        if self.outcome == "missed" and self.why_shown:
            # ... with the task's own marks too: its explanation points at them ("the two gaps, 1 and 2, drawn dashed
            # on your boat", and a reader who asked for the answer found no gaps drawn, stop 57)
            return hide + self._answer + tuple(m for m in self.task.get("done_marks", ()) if m not in self._answer)
        return hide

    def _answer_marks(self) -> tuple[str, ...]:
        """The game's marks for the first right move the engine finds from the task's opening position."""
        draw = self.game.parts().answer_marks
        if draw is None:
            return ()
        rights = self._right_moves()
        return tuple(draw(core_task.start(self.task), rights[0])) if rights else ()

    def choose(self, seat: int, keys: Any) -> None:
        """A card chosen for the next move: a refusal's words go (they stayed over the board while the learner chose
        another card, and read as that card's refusal, a reader)."""
        if self.outcome == "refused":
            self.outcome, self.verdict_line, self.verdict_more = None, "", ""
        super().choose(seat, keys)

    def open_to_moves(self) -> bool:
        """May the learner move now? Before any move, and after a refused one: it changed nothing, so the next move is
        made on the same board at once (a reader tapped the right card after a refusal and it only showed its name,
        until "Try again", off the screen, was found)."""
        return self.outcome in (None, "refused", "going")

    def _action_rows(self) -> list[list[RowPart]]:
        if self.open_to_moves():
            return super()._action_rows()
        if self.outcome == "done":
            return []
        # after a miss, "Show me why" offers the engine's reasons (until pressed, the learner thinks again first)
        g = guard(self.errors, self.lang)
        choices = [self.choice(ui("task.again", self.lang), "", "", "tutor-task-again", g.calling(self.new_game))]
        if self.outcome == "missed" and self.why and not self.why_shown:
            choices.append(self.choice(ui("why.show", self.lang), "", "", "tutor-task-why",
                                       g.calling(self.show_why)))
        return [[{"choices": choices}]]

    def _right_moves(self) -> tuple[Any, ...]:
        """Every move of the learner's seat that meets the goal from the task's opening position (found once)."""
        if self._rights is None:
            opening = core_task.start(self.task)
            rights = []
            for action in self.game.legal_actions(opening, self.seat):
                try:
                    if not core_task.judge(self.task, opening, action)[2]:
                        rights.append(action)
                except RuleViolation:
                    continue
            self._rights = tuple(rights)
        return self._rights

    def placing_avoid(self) -> tuple[Any, ...]:
        """The task's right moves: a placing preview starts well away from them (beside one, it answered the task).
        Halfway through a task that goes on (a tile taken, now to be laid), those of the position now: the opening's
        were the take, and the preview began in one of the two gaps the taken cat fits (a reader of wave 23)."""
        if self.game.parts().placing is None:
            return ()
        if self.outcome != "going":
            return self._right_moves()
        if self._rights_now is None or self._rights_now[0] is not self.state:
            rights = []
            for action in self.game.legal_actions(self.state, self.seat):
                try:
                    if not core_task.judge(self.task, self.state, action)[2]:
                        rights.append(action)
                except RuleViolation:
                    continue
            self._rights_now = (self.state, tuple(rights))
        return self._rights_now[1]

    def _placing(self) -> Optional[Placer]:
        """No piece to point with once the move is decided (missed or done): "Try again" brings it back. After a
        refused placement the piece is still in hand, to be placed again."""
        return super()._placing() if self.open_to_moves() else None

    def _send_view(self) -> None:
        with self.hold_sync():      # one message, as the table sends
            super()._send_view()
            # the task is asked above the board, where a learner looks first (under a phone's board it lay a screen
            # below it) and stays there; the verdict goes in the status area (a live region, kept in view by
            # tutor.css); the table's controls are not part of a task
            lead = f'<p class="tutor-task-prompt">{prompt_html(localised(self.task["prompt"], self.lang))}</p>'
            self.view = {**self.view, "lead": lead, "status": self.verdict_line, "status_more": self.verdict_more,
                         "controls": False,
                         "board_box": self._board_box()}

    def _relayout(self, layout: str) -> None:
        self._box = None          # the box of the old layout's boards: measured again for the new one
        super()._relayout(layout)

    def _board_box(self) -> Optional[dict[str, float]]:
        """The box (tutor.widgets.boardbox) that holds the task's board and the board after each move the learner
        may make, drawn once: the page draws every board of the task in it (play.js), so the board keeps its width
        when the move is made (a taller board, or one with smaller print, was drawn smaller: 1,100 px, then 853).
        None on a phone: its board is as wide as the screen whatever its height, and the page holds no box there
        (board.js holdBoardBox), so drawing every move's outcome would be work for nothing."""
        if screen.layout() == "phone":
            return None
        if self._box is None:
            boards = [self._svg]
            start = self.live.start
            try:
                for action in self.game.legal_actions(start, self.seat)[:BOX_MOVES]:
                    try:
                        _after, _events, _problems, shown, told = core_task.outcome(self.task, start, action)
                    except RuleViolation:
                        continue
                    boards.append(render(self.game, self.game.view(shown, self.viewer),
                                         events=for_viewer(told, self.viewer), lang=self.lang))
            except Exception:       # the box only steadies the picture: the task works without it
                pass
            self._box = box_of(boards) or {}
        return self._box or None
