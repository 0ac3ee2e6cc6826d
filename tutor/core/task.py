""""Your turn" tasks: a set position, the learner makes the move, the engine judges it.

As Lichess Learn and Board Game Arena's tutorials do: after a part explains an action, the learner
does it. A task file is data, like a quiz (tutor.core.quiz): an explicit setup, whose seat the
learner plays, what the other seats do afterwards (`then`, applied when the learner has acted), and
the `goal` in the game's expectation keys. Nobody lists the right move: any legal move whose outcome
meets the goal is right, and `check` asks the engine that at least one move does and one does not.

    id: maui/first-dive
    game: maui
    rule: "maui:play"
    part: part-round                   # the lesson part it belongs to
    title: {en: ..., ru: ...}
    prompt: {en: ..., ru: ...}         # what to do
    setup: {players: 3, kiti: 1, lagoon: {...}}
    player: 2                          # the learner's seat, counted from 1
    then: {dive: {1: 11, 3: 2}}        # optional: the others' moves, once the learner has moved (a move
                                       # that does not fit what the learner did is left out)
    goal: {catch: {2: catfish-7}}
    hint: {en: ..., ru: ...}           # shown after a wrong try
    misses:                            # optional: a hint for one wrong move in particular, shown instead of `hint`
      - do: {dive: {2: 11}}            #   the learner's move, as `then` writes moves (it must miss the goal)
        hint: {en: ..., ru: ...}
    explain: {en: ..., ru: ...}        # shown once it is done
    go_on: 2                           # optional: a move after which the learner is still to move, and from which
                                       # the goal can still be reached in at most this many more moves of theirs
                                       # (true: one), is not judged yet: the learner goes on (Козырные киты: a
                                       # bonus, maybe another, then the card; a reader who flipped the token first,
                                       # a legal way to win, was told they failed; Паперові океани: the crabs, then
                                       # the pile, then the card, all chosen as at the table)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.game import spec
from tutor.core.quiz import _expect, _texts, check_shape, lesson_langs, opening, report
from tutor.core.scenario import ScenarioError, adapter, before_next_deal, read_yaml
from tutor.core.scenario import seat as scenario_seat

# the longest line of the learner's own moves a `go_on` task may wait for after the first (each is searched)
MOST_MOVES_ON = 3

TOP_KEYS = {"id", "game", "rule", "part", "title", "prompt", "setup", "player", "given", "then", "goal", "hint",
            "explain", "highlight", "tags", "after", "done_marks", "misses", "go_on"}


def validate(data: Any, where: str = "task") -> dict[str, Any]:
    """The task itself if its shape is right; otherwise a ScenarioError saying what is wrong."""
    where = check_shape(data, ("id", "game", "part", "prompt", "setup", "player", "goal", "hint", "explain"),
                        TOP_KEYS, where, "a task is a mapping with id, game, prompt, setup, player and goal")
    for key in ("prompt", "hint", "explain") + (("title",) if "title" in data else ()):
        _texts(data[key], key, where, lesson_langs(data))
    if not isinstance(data["setup"], dict):
        raise ScenarioError(f"{where}: 'setup' must be a mapping")
    if not isinstance(data["goal"], dict) or not data["goal"]:
        raise ScenarioError(f"{where}: 'goal' must be a mapping of expectations")
    if isinstance(data["player"], bool) or not isinstance(data["player"], int) or data["player"] < 1:
        raise ScenarioError(f"{where}: 'player' is the learner's seat, counted from 1")
    # `after`: the task (its id) that must be solved first, in a chain of steps on one position: shown before,
    # this step's prompt and board would answer the step before (tutor.lesson.your_turn keeps it folded)
    go_on = data.get("go_on", False)
    if not (isinstance(go_on, bool) or (isinstance(go_on, int) and 1 <= go_on <= MOST_MOVES_ON)):
        raise ScenarioError(f"{where}: 'go_on' is true or the most moves the learner makes after the first "
                            f"(1 to {MOST_MOVES_ON})")
    if "after" in data and not (isinstance(data["after"], str) and "/" in data["after"]):
        raise ScenarioError(f"{where}: 'after' is the id of the task to solve first ('game/name')")
    # `done_marks`: board highlights drawn with the verdict once the task is solved, never before (they would answer
    # it): Острів котів' take-a-tile shows the two gaps the tile taken fits
    marks = data.get("done_marks", [])
    if not (isinstance(marks, list) and all(isinstance(m, str) and m for m in marks)):
        raise ScenarioError(f"{where}: 'done_marks' is a list of board highlights")
    # `misses`: a hint for a wrong move in particular (a reader was given the hint for another mistake than theirs)
    misses = data.get("misses", [])
    if not isinstance(misses, list):
        raise ScenarioError(f"{where}: 'misses' is a list of {{do: the learner's move, hint: {{en: ..., ...}}}}")
    for i, miss in enumerate(misses):
        if not (isinstance(miss, dict) and set(miss) == {"do", "hint"} and isinstance(miss["do"], dict)):
            raise ScenarioError(f"{where}: misses[{i}] is {{do: the learner's move, hint: {{en: ..., ...}}}}")
        _texts(miss["hint"], f"misses[{i}].hint", where, lesson_langs(data))
    task: dict[str, Any] = data          # a mapping (check_shape)
    return task


def missed_hint(task: Mapping[str, Any], state: Any, action: Any) -> Any:
    """The hint (its {lang: text}) of the `misses` entry whose move is `action`, else the task's own hint."""
    for miss in task.get("misses", ()):
        try:
            if action in adapt_actions(task, miss["do"], state):
                return miss["hint"]
        except (ScenarioError, RuleViolation, KeyError, TypeError, ValueError):
            continue
    return task["hint"]


def load_file(path: str | Path) -> dict[str, Any]:
    return validate(read_yaml(path), str(path))


def start(task: Mapping[str, Any]) -> Any:
    """The position the learner acts in: the setup, then `given` (what happened before the learner's turn)."""
    state = opening(task)
    if task.get("given"):
        game = spec(task["game"])
        for action in adapter(task["game"]).actions(task["given"], state):
            state, _ = game.apply(state, action)
    return state


def judge(task: Mapping[str, Any], state: Any, action: Any) -> tuple[Any, list[Event], list[str]]:
    """(after, events, problems) for the learner's `action` in `state`: the engine applies it and then the
    others' moves; `problems` is empty when the goal is met. A refused action raises RuleViolation, with
    nothing changed."""
    after, events, problems, _, _ = outcome(task, state, action)
    return after, events, problems


def outcome(task: Mapping[str, Any], state: Any, action: Any
            ) -> tuple[Any, list[Event], list[str], Any, list[Event]]:
    """`judge`, and what to show the learner: the last pause before the next deal and the events up to
    it (tutor.core.scenario.before_next_deal), so the board and the narration end with the learner's
    round. (after, events, problems, shown, shown_events)."""
    game = spec(task["game"])
    adapt = adapter(task["game"])
    after, events, shown, told = before_next_deal(game, state, action)
    told = list(told)
    dealt = len(told) < len(events)     # the round has ended: what is shown and told stops at its end
    if task.get("then"):
        for other in adapt.actions(task["then"], after):
            try:
                after, more, at, more_told = before_next_deal(game, after, other)
            except RuleViolation:
                continue        # an answer that only fits another move (a defence, when nobody attacked)
            if not dealt:       # after a STOP, `then` is played in the next round: judged, not shown
                shown, told = at, events + list(more_told)
                dealt = len(more_told) < len(more)
            events = events + list(more)
    problems = _expect(adapt, state, after, events, task["goal"], task["id"])
    return after, events, problems, shown, told


def going_on(task: Mapping[str, Any], state: Any, action: Any, moves: Optional[int] = None) -> Any:
    """For a task with `go_on`: (the position after the learner's `action` alone, its events) when the learner is
    still to move there and some line of at most `go_on` more moves of theirs reaches the goal; else None (the move
    is judged as it stands). A refused `action` raises RuleViolation."""
    if moves is None:
        moves = int(task.get("go_on") or 0)      # true: one more move
    if moves < 1:
        return None
    game = spec(task["game"])
    seat = scenario_seat(task["player"])
    after, events = game.apply(state, action)
    if game.is_over(after) or seat not in game.to_move(after):
        return None
    for nxt in game.legal_actions(after, seat):
        try:
            if not outcome(task, after, nxt)[2] or (moves > 1 and going_on(task, after, nxt, moves - 1) is not None):
                return after, list(events)
        except RuleViolation:
            continue
    return None


def right_line(task: Mapping[str, Any], state: Any = None) -> tuple[Any, ...]:
    """A shortest line of the learner's moves from `state` (the task's position) that meets the goal: one move, or
    for a `go_on` task up to 1 + `go_on`; () if none does."""
    state = start(task) if state is None else state
    game = spec(task["game"])
    seat = scenario_seat(task["player"])
    legal = list(game.legal_actions(state, seat))
    for action in legal:
        try:
            if not outcome(task, state, action)[2]:
                return (action,)
        except RuleViolation:
            continue
    for action in legal:
        going = going_on(task, state, action)
        if going is not None:
            rest = right_line(task, going[0])
            if rest:
                return (action,) + rest
    return ()


def adapt_actions(task: Mapping[str, Any], moves: Any, state: Any) -> list[Any]:
    """The actions `moves` (as `then` and `misses` write them) stand for in `state`."""
    return list(adapter(task["game"]).actions(moves, state))


def seat(task: Mapping[str, Any]) -> int:
    return scenario_seat(int(task["player"]))      # a whole number from 1 (validate)


def check(task: dict[str, Any]) -> list[str]:
    """What is wrong with a task as an exercise: the engine must find a legal move of the learner's seat that
    meets the goal, and one that does not (else there is nothing to learn)."""
    try:
        task = validate(task, task.get("id", "task") if isinstance(task, dict) else "task")
        state = start(task)
    except (ScenarioError, RuleViolation, TypeError, ValueError, KeyError) as exc:
        return [str(exc)]
    game = spec(task["game"])
    me = seat(task)
    if me not in game.to_move(state):
        return [f"it is not player {task['player']}'s turn in the set position"]
    right = wrong = 0
    for action in game.legal_actions(state, me):
        try:
            _, _, problems = judge(task, state, action)
        except ScenarioError as exc:
            return [str(exc)]
        if not problems or going_on(task, state, action) is not None:   # (a move the learner goes on from, on
            right += 1                                                       # to the goal: go_on)
        else:
            wrong += 1
    out: list[str] = []
    for i, miss in enumerate(task.get("misses", ())):
        try:
            moves = adapt_actions(task, miss["do"], state)
        except (ScenarioError, RuleViolation, KeyError, TypeError, ValueError) as exc:
            out.append(f"misses[{i}]: {exc}")
            continue
        if len(moves) != 1:
            out.append(f"misses[{i}]: 'do' must be one move of the learner's")
        elif moves[0] not in game.legal_actions(state, me):
            out.append(f"misses[{i}]: not a legal move of player {task['player']}")
        elif not judge(task, state, moves[0])[2]:
            out.append(f"misses[{i}]: that move meets the goal, so it is no miss")
    if not right:
        out.append("no legal move meets the goal by the rules")
    if not wrong:
        out.append("every legal move meets the goal: there is nothing to get wrong")
    return out


def task_files(game_id: str, root: str | Path | None = None) -> list[Path]:
    from tutor.core.scenario import lessons_root
    folder = Path(root) if root else lessons_root()
    return sorted((folder / game_id).glob("tasks/*.yaml"))


def check_files(paths: Iterable[str | Path]) -> tuple[int, list[str]]:
    """(exit code, report lines) for task files; used by `python -m tutor check`."""
    return report(paths, lambda path: check(load_file(path)), "your turn")

