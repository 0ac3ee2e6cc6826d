"""Quizzes: a position from the engine, "what happens next?", the answer checked by the engine.

A quiz file is data, like a scenario (tutor.core.scenario): an explicit setup in the game's scenario
keys, a question, and choices. Nobody writes down which choice is right: the engine plays each one
and the game's scenario adapter (`tutor.games.<game>.scenario.expect`) says whether the outcome meets
the goal. A quiz is broken when the engine finds no right choice or more than one (`check`).

Two forms.

An action question ("what should you do?"): each choice is something the learner could do; a choice
is right when the engine's outcome meets `goal`.

    id: maui/who-takes-the-deep
    game: maui
    rule: "maui:disputes"
    title: {en: ..., ru: ...}
    question: {en: ..., ru: ...}
    setup: {players: 4, kiti: 1, lagoon: {...}}
    given: {dive: {1: 9, 3: 9, 4: 9}}      # optional: what everyone else does, applied before the choice
    then: ...                              # optional: applied after the choice
    choices:
      - label: {en: "Player 2 plays 6", ru: ...}
        do: {dive: {2: 6}}
    goal: {catch: {2: catfish-1}}          # the adapter's expect keys
    explain: {en: ..., ru: ...}            # optional words shown after answering
    hint: {en: ..., ru: ...}               # what a wrong answer reads first: the rule that decides, never the answer

An outcome question ("what happens?"): `do` is fixed at the top; each choice is a candidate outcome,
an `expect` block (or `refused: <rule>` for "this is not allowed"), and the right one is the one that
holds after the engine applies `do`.

    do: {dive: {1: 9, 2: 6, 3: 9, 4: 9}}
    choices:
      - label: {...}
        expect: {catch: {1: tuna-1}}
      - label: {...}
        refused: "maui:play"

A choice whose actions the engine refuses is wrong, and the refusal (`RuleViolation.explain`) is what
the learner reads: a teaching moment, not an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.game import AnySpec, LessonAdapter, spec
from tutor.core.scenario import ScenarioError, adapter, before_next_deal, read_yaml
from tutor.core.scoring import Breakdown

TOP_KEYS = {"id", "game", "rule", "title", "question", "setup", "given", "then", "do", "choices", "goal",
            "explain", "hint", "viewer", "highlight", "tags", "why_highlight"}
# `why_highlight`: board highlights drawn on the position after a choice once the answer is shown (the right one, or
# "show me why"): what the explanation counts (visible rats, unfilled rooms, families) marked where it lies
# `mark`: board highlights drawn on the asked position once this choice is answered and refused (where the refused
# move would have gone), so the page shows what the refusal's words describe
ACTION_CHOICE_KEYS = {"label", "do", "explain", "mark"}
OUTCOME_CHOICE_KEYS = {"label", "expect", "refused", "explain", "mark"}


@dataclass
class Outcome:
    """What the engine made of one choice."""

    index: int
    choice: dict[str, Any]
    correct: bool
    state: Any                     # the position after the choice (the opening one if refused)
    events: tuple[Event, ...] = ()
    refusal: Optional[RuleViolation] = None   # the RuleViolation, if the engine refused the actions
    problems: list[str] = field(default_factory=list)   # why the goal was not met (empty when correct)
    shown: Any = None              # the position to draw: the last pause before the next deal
    told: tuple[Event, ...] = ()   # the events up to that position (what the learner is told happened)

    @property
    def rule(self) -> str:
        """The section this outcome teaches: the refusal's rule, else the last event's."""
        if self.refusal is not None:
            return self.refusal.rule
        return self.events[-1].rule if self.events else ""


def form(quiz: Mapping[str, Any]) -> str:
    """"action" (each choice does something) or "outcome" (one `do`, choices are expectations)."""
    return "outcome" if "do" in quiz else "action"


def load_file(path: str | Path) -> dict[str, Any]:
    return validate(read_yaml(path), str(path))


def lesson_langs(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The languages a lesson file must speak: its game's lesson languages (check_shape has made sure the game is
    one the tutor has)."""
    return tuple(spec(data["game"]).lesson_langs)


def _texts(value: object, what: str, where: str, langs: Iterable[str]) -> None:
    if not isinstance(value, dict) or not value:
        raise ScenarioError(f"{where}: '{what}' must give the text per language, like {{en: ..., ru: ...}}")
    missing = [lang for lang in langs if not str(value.get(lang) or "").strip()]
    if missing:
        raise ScenarioError(f"{where}: '{what}' has no {missing[0]} text")


def check_shape(data: object, required: Iterable[str], allowed: Iterable[str], where: str, what: str) -> str:
    """A lesson file's keys: a mapping with every `required` key and no key outside `allowed`, for a game
    the tutor has; returns the name to report further problems under (its id). Quizzes and tasks."""
    from tutor.core.scenario import check_game
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: {what}")
    for key in required:
        if key not in data:
            raise ScenarioError(f"{where}: '{key}' is missing")
    unknown = set(data) - set(allowed)
    if unknown:
        raise ScenarioError(f"{where}: unknown key '{sorted(unknown)[0]}'")
    where = str(data.get("id") or where)
    check_game(data["game"], where)
    return where


def validate(data: Any, where: str = "quiz") -> dict[str, Any]:
    """The quiz itself if its shape is right; otherwise a ScenarioError saying what is wrong."""
    where = check_shape(data, ("id", "game", "question", "setup", "choices"), TOP_KEYS, where,
                        "a quiz is a mapping with id, game, question, setup and choices")
    langs = lesson_langs(data)
    _texts(data["question"], "question", where, langs)
    if "title" in data:
        _texts(data["title"], "title", where, langs)
    if "explain" in data:
        _texts(data["explain"], "explain", where, langs)
    if "hint" in data:
        _texts(data["hint"], "hint", where, langs)
    if not isinstance(data["setup"], dict):
        raise ScenarioError(f"{where}: 'setup' must be a mapping")
    choices = data["choices"]
    if not isinstance(choices, list) or len(choices) < 2:
        raise ScenarioError(f"{where}: 'choices' must be a list of at least two")
    outcome = form(data) == "outcome"
    if outcome and "goal" in data:
        raise ScenarioError(f"{where}: give either 'do' with choices that 'expect', or choices that 'do' "
                            f"with a 'goal', not both")
    if not outcome and "goal" not in data:
        raise ScenarioError(f"{where}: 'goal' is missing (what a right choice achieves)")
    if not outcome and not isinstance(data["goal"], dict):
        raise ScenarioError(f"{where}: 'goal' must be a mapping of expectations")
    allowed = OUTCOME_CHOICE_KEYS if outcome else ACTION_CHOICE_KEYS
    for i, choice in enumerate(choices, start=1):
        if not isinstance(choice, dict):
            raise ScenarioError(f"{where}: choice {i} must be a mapping")
        bad = set(choice) - allowed
        if bad:
            hint = " (choices 'do' only when the quiz has no top-level 'do')" if "do" in bad else ""
            raise ScenarioError(f"{where}: choice {i} has unknown key '{sorted(bad)[0]}'{hint}")
        if "label" not in choice:
            raise ScenarioError(f"{where}: choice {i} has no 'label'")
        _texts(choice["label"], f"choice {i} label", where, langs)
        if "explain" in choice:
            _texts(choice["explain"], f"choice {i} explain", where, langs)
        if outcome:
            if ("expect" in choice) == ("refused" in choice):
                raise ScenarioError(f"{where}: choice {i} needs exactly one of 'expect' or 'refused'")
            if "expect" in choice and not isinstance(choice["expect"], dict):
                raise ScenarioError(f"{where}: choice {i}: 'expect' must be a mapping")
        elif "do" not in choice:
            raise ScenarioError(f"{where}: choice {i} has no 'do' (what the learner would do)")
    quiz: dict[str, Any] = data          # a mapping (check_shape)
    return quiz


def opening(quiz: Mapping[str, Any]) -> Any:
    """The position the question is asked about; the same every time (a setup without a seed gets seed 0,
    so the widget draws the very position the engine judged)."""
    adapt = adapter(quiz["game"])
    spec = dict(quiz["setup"])
    spec.setdefault("seed", 0)
    try:
        return adapt.setup(spec)
    except (RuleViolation, TypeError, ValueError, KeyError) as exc:
        raise ScenarioError(f"{quiz['id']}: setup refused: {exc}") from None


def asked(quiz: Mapping[str, Any]) -> Any:
    """The position the learner answers in, the one the widget draws: the opening with `given` applied (what the
    others did first; "you have just taken a card" is drawn with that card in hand)."""
    return _given(quiz)[0]


def _given(quiz: Mapping[str, Any]) -> tuple[Any, tuple[Event, ...]]:
    """(the position after `given`, the events it told): the question's own start and its story so far."""
    start = opening(quiz)
    if not quiz.get("given"):
        return start, ()
    state, _events, refusal, _shown, told = _play(spec(quiz["game"]), adapter(quiz["game"]), start,
                                                  [quiz["given"]], f"{quiz['id']}: given")
    if refusal is not None:
        raise ScenarioError(f"{quiz['id']}: the rules refuse 'given': {refusal.explain('en')}")
    return state, told


def _play(game: AnySpec, adapt: LessonAdapter, state: Any, parts: Iterable[Any], where: str
          ) -> tuple[Any, tuple[Event, ...], Optional[RuleViolation], Any, tuple[Event, ...]]:
    """Apply each `do` part in turn: (state, events, refusal, shown, told). A refusal undoes everything: the
    opening position and no events, as the engine never half-applies a move. `shown` is the position to
    draw: the last action's last pause before the next deal (tutor.core.scenario.before_next_deal), and
    `told` the events up to it."""
    events: list[Event] = []
    told: list[Event] = []
    before = shown = state
    dealt = False       # a move has ended the round: the story (board and words) stops before the next deal
    for part in parts:
        if part is None:
            continue
        try:
            actions = adapt.actions(part, state)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise ScenarioError(f"{where}: cannot read the actions {part!r}: {exc}") from None
        try:
            for action in actions:
                state, more, at, more_told = before_next_deal(game, state, action)
                if not dealt:
                    shown, told = at, events + list(more_told)
                    dealt = len(more_told) < len(more)
                events.extend(more)
        except RuleViolation as exc:
            return before, (), exc, before, ()
    return state, tuple(events), None, shown, tuple(told)


def evaluate(quiz: dict[str, Any]) -> list[Outcome]:
    """Let the engine play every choice: one Outcome per choice, in order."""
    quiz = validate(quiz, quiz.get("id", "quiz") if isinstance(quiz, dict) else "quiz")
    game = spec(quiz["game"])
    adapt = adapter(quiz["game"])
    where = quiz["id"]
    start = opening(quiz)
    # what `given` told happened before the question: the board shows it, and an outcome tells the choice's own
    try:
        skip = len(_given(quiz)[1])
    except ScenarioError:     # a refused `given` refuses every choice, and `check` says so
        skip = 0
    out: list[Outcome] = []
    problems: list[str]
    if form(quiz) == "outcome":
        state, events, refusal, shown, told = _play(game, adapt, start, [quiz.get("given"), quiz["do"],
                                                                         quiz.get("then")], where)
        for i, choice in enumerate(quiz["choices"]):
            if "refused" in choice:
                if refusal is None:
                    problems = ["the rules allow it"]
                elif refusal.rule != choice["refused"]:
                    problems = [f"refused by {refusal.rule}, not {choice['refused']}"]
                else:
                    problems = []
            elif refusal is not None:
                problems = [f"refused: {refusal.explain('en')}"]
            else:
                problems = _expect(adapt, start, state, events, choice["expect"], f"{where} choice {i + 1}")
            out.append(Outcome(i, choice, not problems, state, events, refusal, problems, shown, told[skip:]))
        return out
    for i, choice in enumerate(quiz["choices"]):
        label = f"{where} choice {i + 1}"
        state, events, refusal, shown, told = _play(game, adapt, start, [quiz.get("given"), choice["do"],
                                                                         quiz.get("then")], label)
        if refusal is not None:
            problems = [f"refused: {refusal.explain('en')}"]
        else:
            problems = _expect(adapt, start, state, events, quiz["goal"], label)
        out.append(Outcome(i, choice, not problems, state, events, refusal, problems, shown, told[skip:]))
    return out


def why_not(quiz: Mapping[str, Any], outcome: Outcome) -> list[Event | Breakdown]:
    """What decided against a wrong choice, from the engine: the events (and score breakdowns) that
    the choice's claim, or the goal it missed, is about. Empty for a right or a refused choice (a
    refusal explains itself) and when the game cannot tell which events matter.

    The game's scenario adapter picks them: `deciding(after, events, want)`.
    """
    if outcome.correct or outcome.refusal is not None:
        return []
    want = quiz["goal"] if form(quiz) == "action" else outcome.choice.get("expect")
    # what the learner is told happened (the choice's own events, up to the end of its round), not what
    # `given` did before the question nor the next round's first moves
    return deciding(quiz["game"], outcome.shown if outcome.shown is not None else outcome.state, outcome.told, want)


def deciding(game_id: str, after: Any, events: Sequence[Event], want: Any) -> list[Event | Breakdown]:
    """The events (and score breakdowns) that expectation `want` is about, per the game's adapter; with
    no expectation ("this is not allowed", yet the engine allowed it), what the move did is the answer.
    Quizzes and your-turn tasks explain a miss with these."""
    adapt = adapter(game_id)
    if want is None or adapt.deciding is None:
        # bookkeeping events decide nothing (a card laid face down, the turn passing), unless they are all the
        # move did and nothing was expected of it: "you ended your turn" is then told by the turn passing. A goal
        # the move missed is not explained by them (Козырные киты's first bonus listed five lines of bonuses laid
        # face down under "What decided it"; the right move's words say why)
        noise = spec(game_id).bookkeeping_events
        ruled = [e for e in events if e.rule != ""]
        items: list[Event | Breakdown] = [e for e in ruled if e.kind not in noise] or ([*ruled] if want is None else [])
    else:
        items = list(adapt.deciding(after, events, want))
    return items + _scores_asked(game_id, after, want, items)


def _scores_asked(game_id: str, after: Any, want: Any, items: Sequence[object]) -> list[Breakdown]:
    """A question about points is answered by the score, line by line, not by the right total alone: the
    breakdowns of the players it names, when the game's own choice holds none (and the game scores them now)."""
    if not isinstance(want, dict) or any(hasattr(i, "lines") for i in items):
        return []
    from tutor.core.scenario import scored, seat
    seats = {seat(p) for key, value in want.items() if ("point" in key or "score" in key) and isinstance(value, dict)
             for p in value}
    return [b for b in scored(game_id, after, seats) if b.lines] if seats else []


def _expect(adapt: LessonAdapter, before: Any, after: Any, events: Sequence[Event], want: dict[str, Any],
            where: str) -> list[str]:
    try:
        problems = adapt.expect(before, after, events, want)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise ScenarioError(f"{where}: cannot check {want!r}: {exc}") from None
    unknown = [p for p in problems if p.startswith("unknown expectation")]
    if unknown:                     # a typo in the quiz must not read as "this choice is wrong"
        raise ScenarioError(f"{where}: {unknown[0]}")
    return problems


def check(quiz: dict[str, Any]) -> list[str]:
    """What is wrong with a quiz as a question: it needs exactly one right choice, per the engine."""
    try:
        outcomes = evaluate(quiz)
    except ScenarioError as exc:
        return [str(exc)]
    right = [o for o in outcomes if o.correct]
    if len(right) == 1:
        return []
    if not right:
        lines = ["no choice is right by the rules"]
        lines += [f"choice {o.index + 1} ({_label(o.choice)}): {'; '.join(o.problems)}" for o in outcomes]
        return lines
    return [f"{len(right)} choices are right by the rules: "
            + ", ".join(f"{o.index + 1} ({_label(o.choice)})" for o in right) + "; a quiz needs exactly one"]


def _label(choice: Mapping[str, Any]) -> str:
    label = choice.get("label")
    return str(label.get("en", "")) if isinstance(label, dict) else str(label)


def check_files(paths: Iterable[str | Path]) -> tuple[int, list[str]]:
    """(exit code, report lines) for quiz files; used by `python -m tutor check`."""
    return report(paths, lambda path: check(load_file(path)), "quiz")


def report(paths: Iterable[str | Path], problems_of: Callable[[str | Path], list[str]], kind: str
           ) -> tuple[int, list[str]]:
    """(exit code, report lines): `problems_of(path)` for each file, a malformed file reported as a
    finding (never a traceback). Quizzes and your-turn tasks are checked this way."""
    lines: list[str] = []
    failed = False
    for path in paths:
        try:
            problems = problems_of(path)
        except ScenarioError as exc:
            problems = [str(exc)]
        except Exception as exc:   # a malformed file must read as a finding, never as a traceback
            from tutor.core.scenario import one_line
            problems = [f"cannot be judged: {one_line(exc)}"]
        if problems:
            failed = True
            lines.append(f"FAIL {path}:")
            lines.extend(f"     - {p}" for p in problems)
        else:
            lines.append(f"ok   {path} ({kind})")
    return (1 if failed else 0), lines


def quiz_files(game_id: str, root: str | Path | None = None) -> list[Path]:
    from tutor.core.scenario import lessons_root
    folder = Path(root) if root else lessons_root()
    return sorted((folder / game_id).glob("quizzes/*.yaml"))


def is_quiz_file(path: str | Path) -> bool:
    """A file in a quizzes/ folder, or any YAML mapping with `choices` and no `steps`."""
    file = Path(path)
    if file.parent.name == "quizzes":
        return True
    try:
        data = read_yaml(file)
    except ScenarioError:
        return False            # the scenario checker reports the unreadable file
    return isinstance(data, dict) and "choices" in data and "steps" not in data
