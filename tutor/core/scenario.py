"""Scenarios: lessons as data. A YAML file names a game, an explicit setup, steps and expected outcomes.

Players are counted from 1 in every scenario file (as people and rulebooks count them); each game's
`scenario` module turns its own setup, actions and expectations into engine calls. Replaying gives
frames (position, events, narration) for the scenario player, and a list of mismatches for checks.

    id: maui/four-player-round
    game: maui
    title: {en: ..., ru: ...}
    rule: maui:example
    setup: {players: 4, kiti: 1, lagoon: {deep: tuna-1, middle: tiger-1, shallow: catfish-1}}
    intro: {en: ..., ru: ...}
    steps:
      - say: {en: ..., ru: ...}
        do: {dive: {1: 9, 2: 6, 3: 9, 4: 9}}
        expect: {catch: {1: tuna-1, 4: tiger-1, 2: catfish-1}, empty_handed: [3]}
      - say: {...}
        do: {dive: {1: 9}}
        refused: maui:play          # the step must be refused by this rule, leaving the state unchanged

Question first, answer after: a move that settles several things at once (Мяури's last dive card
turns all cards up, hands out three depths, moves Kiti and deals again) can be shown in the pauses
the game names (its `stages`): `show: reveal` on the step that acts stops there, and later steps
`show: deep`, `show: middle`, ... each reveal the next part. A top-level `show` does the same for
the setup (the game's `setup_stages`), so a table can be seen being laid out. Every pause a step
opens must be shown before the next step acts; an example may end at a pause (where its point is
made, before the next deal).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Optional, overload

from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.game import AnySpec, LessonAdapter, Stage
from tutor.core.game import spec as game_spec
from tutor.core.safe_input import InputProblem, load_yaml
from tutor.core.scoring import Breakdown

STEP_KEYS = {"say", "do", "expect", "refused", "highlight", "viewer", "rule", "show"}
TOP_KEYS = {"id", "game", "title", "rule", "setup", "intro", "steps", "viewer", "highlight", "tags", "show", "names"}
DONE = "done"       # the name of a move's last stage: everything it does has happened


class ScenarioError(ValueError):
    """A scenario file that cannot be read or run (not a rules mismatch)."""


@dataclass(frozen=True)
class Frame:
    """One position of a replayed scenario, as the scenario player shows it."""

    index: int                     # 0 = the opening position
    state: Any
    events: tuple[Event, ...]      # what the step's actions caused
    say: dict[str, str]            # {lang: narration written by the lesson author}
    rule: str                      # the section this frame teaches
    highlight: tuple[str, ...]     # renderer highlight strings ("cell:deep", "seat:0", "kiti")
    viewer: Optional[int] = None   # seat whose view to draw (None: the teacher's full view)
    refusal: Optional[RuleViolation] = None    # what a refused step raised


@dataclass
class Replay:
    scenario: dict[str, Any]
    frames: list[Frame] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches


def read_yaml(path: str | Path) -> Any:
    """A lesson file's data; an unreadable file is a ScenarioError naming it (scenarios and quizzes)."""
    file = Path(path)
    try:
        return load_yaml(file.read_bytes())
    except (OSError, InputProblem) as exc:
        raise ScenarioError(f"{file}: cannot read it: {exc}") from None


def load_file(path: str | Path) -> dict[str, Any]:
    return validate(read_yaml(path), str(path))


def validate(data: Any, where: str = "scenario") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a mapping with id, game, setup and steps")
    for key in ("id", "game", "setup", "steps"):
        if key not in data:
            raise ScenarioError(f"{where}: '{key}' is missing")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"{where}: unknown key '{sorted(unknown)[0]}'")
    check_game(data["game"], where)
    names = data.get("names", {})
    if not isinstance(names, dict) or not all(isinstance(k, int) and k >= 1 and isinstance(v, dict) and v
                                              and all(isinstance(t, str) and t for t in v.values())
                                              for k, v in names.items()):
        raise ScenarioError(f"{where}: 'names' maps a player number (from 1) to the player's name in each language")
    if not isinstance(data["steps"], list):
        raise ScenarioError(f"{where}: 'steps' must be a list")
    for i, step in enumerate(data["steps"], start=1):
        if not isinstance(step, dict):
            raise ScenarioError(f"{where}: step {i} must be a mapping")
        bad = set(step) - STEP_KEYS
        if bad:
            raise ScenarioError(f"{where}: step {i} has unknown key '{sorted(bad)[0]}'")
        if "refused" in step and "do" not in step:
            raise ScenarioError(f"{where}: step {i} says 'refused' but does nothing")
        if "refused" in step and "show" in step:
            raise ScenarioError(f"{where}: step {i}: a refused step has nothing to 'show'")
        if "show" in step and not isinstance(step["show"], str):
            raise ScenarioError(f"{where}: step {i}: 'show' names one stage")
    return data


def check_game(game_id: object, where: str) -> None:
    """A lesson file names a game the tutor has; else a ScenarioError."""
    from tutor.core.game import UnknownGame
    if not isinstance(game_id, str):
        raise ScenarioError(f"{where}: 'game' names a game, not {game_id!r}")
    try:
        game_spec(game_id)
    except UnknownGame as exc:
        raise ScenarioError(f"{where}: {exc}") from None


def adapter(game_id: str) -> LessonAdapter:
    """The game's scenario adapter: setup(spec), actions(do), expect(before, after, events, expect)."""
    make = game_spec(game_id).scenario
    if make is None:
        raise ScenarioError(f"the game {game_id!r} has no lesson-file adapter")
    return make()


def move_stages(game: AnySpec, state: Any, action: Any) -> list[Stage]:
    """(stage, position, events) for one action: the game's own pauses, or one stage, DONE."""
    if game.stages is not None:
        return list(game.stages(state, action))
    after, events = game.apply(state, action)
    return [(DONE, after, list(events))]


def before_next_deal(game: AnySpec, state: Any, action: Any) -> tuple[Any, list[Event], Any, list[Event]]:
    """(final position, events, the position to show, the events that led to it): what `action` leads
    to, shown as its last pause before the table is dealt again (Мяури: the catches made and Kiti
    stepped, the next round not yet laid out), so a learner sees the outcome of their round, not the
    next one. Games without pauses show the final position and every event."""
    stages = move_stages(game, state, action)
    events = [e for _, _, more in stages for e in more]
    final = stages[-1][1]
    if len(stages) == 1:
        return final, events, final, events
    shown = [e for _, _, more in stages[:-1] for e in more]
    return final, events, stages[-2][1], shown


def _setup_stages(adapt: LessonAdapter, spec: dict[str, Any], where: str) -> list[Stage]:
    """The setup as (stage, position, events); games without staged setups give one stage, DONE."""
    try:
        if adapt.setup_stages is not None:
            return list(adapt.setup_stages(spec))
        return [(DONE, adapt.setup(spec), [])]
    except (RuleViolation, TypeError, ValueError) as exc:
        raise ScenarioError(f"{where}: setup refused: {exc}") from None


def _advance(pending: list[Stage], name: str, label: str, mismatches: list[str]) -> tuple[Any, list[Event]]:
    """Show pending stages up to `name`: (position or None, events shown). Unknown names are mismatches."""
    names = [stage for stage, _, _ in pending]
    if name not in names:
        mismatches.append(f"{label}: nothing to show as '{name}'" + (
            f"; the stages still to show are {', '.join(names)}" if names else "; no move is waiting"))
        return None, []
    events: list[Event] = []
    while pending:
        stage, position, more = pending.pop(0)
        events.extend(more)
        if stage == name:
            return position, events
    return None, events


def replay(data: dict[str, Any]) -> Replay:
    """Run a scenario; mismatches are collected, not raised, so a checker can report them all."""
    data = validate(data, data.get("id", "scenario") if isinstance(data, dict) else "scenario")
    game = game_spec(data["game"])
    adapt = adapter(data["game"])
    where = data["id"]
    out = Replay(data)
    pending = _setup_stages(adapt, data["setup"], where)
    opening = data.get("show", pending[-1][0])
    state, shown = _advance(pending, opening, f"{where} setup", out.mismatches)
    if state is None:
        raise ScenarioError(f"{where}: the setup has no stage '{opening}'")
    viewer = seat(data.get("viewer"))
    # an unstaged opening is simply the position: its deal is not narrated as something that happened
    shown = shown if "show" in data else []
    opening_marks = adapt.places(data.get("highlight", []))
    # a top-level "hide:…" holds for every frame (Aqua Fest's "hide:moves": a board in a part before the turn is
    # taught shows no count of the turn's moves; a reader took "moves 0 of 2" on the setup board for a rule)
    always = tuple(h for h in opening_marks if str(h).startswith("hide:"))
    out.frames.append(Frame(0, state, tuple(shown), data.get("intro") or data.get("title") or {},
                            data.get("rule", ""), opening_marks, viewer))
    for i, step in enumerate(data["steps"], start=1):
        label = f"{where} step {i}"
        events: list[Event] = []
        refusal: Optional[RuleViolation] = None
        before = state
        viewer = seat(step["viewer"]) if "viewer" in step else viewer
        if "do" in step and pending:
            out.mismatches.append(f"{label}: acts before {', '.join(p[0] for p in pending)} "
                                  f"of the last move is shown")
            state, _ = _advance(pending, pending[-1][0], label, [])
            before = state
        try:
            actions = adapt.actions(step.get("do", {}), state)
        except (TypeError, ValueError, KeyError) as exc:
            raise ScenarioError(f"{label}: cannot read 'do': {exc}") from None
        try:
            for n, action in enumerate(actions, start=1):
                if n == len(actions) and "show" in step:
                    pending = move_stages(game, state, action)
                    break
                state, more = game.apply(state, action)
                events.extend(more)
        except RuleViolation as exc:
            refusal = exc
            state = before
            pending = []
            if "refused" not in step:
                out.mismatches.append(f"{label}: refused unexpectedly: {exc}")
        if refusal is None and "show" in step:
            shown_state, shown = _advance(pending, step["show"], label, out.mismatches)
            events.extend(shown)
            state = shown_state if shown_state is not None else state
        if "refused" in step:
            if refusal is None:
                out.mismatches.append(f"{label}: should be refused by {step['refused']}, but it was allowed")
                state = before
            elif refusal.rule != step["refused"]:
                out.mismatches.append(f"{label}: refused by {refusal.rule}, expected {step['refused']}")
        if refusal is None:
            for problem in adapt.expect(before, state, events, step.get("expect") or {}):
                out.mismatches.append(f"{label}: {problem}")
            out.mismatches.extend(f"{label}: {p}" for p in game.check_invariants(state))
        rule = step.get("rule") or (refusal.rule if refusal else (events[-1].rule if events else data.get("rule", "")))
        marks = adapt.places(step.get("highlight", []))
        out.frames.append(Frame(i, state, tuple(events), step.get("say") or {}, rule,
                                marks + tuple(h for h in always if h not in marks), viewer, refusal))
    return out


def check_files(paths: Iterable[str | Path]) -> tuple[int, list[str]]:
    """(number of scenarios checked, report lines); used by `python -m tutor check`."""
    lines: list[str] = []
    count, failed = 0, False
    for path in paths:
        count += 1
        try:
            result = replay(load_file(path))
        except ScenarioError as exc:
            lines.append(f"FAIL {path}: {exc}")
            failed = True
            continue
        except Exception as exc:   # a malformed file must read as a finding, never as a traceback
            lines.append(f"FAIL {path}: cannot be replayed: {one_line(exc)}")
            failed = True
            continue
        if result.ok:
            lines.append(f"ok   {path} ({len(result.frames) - 1} steps)")
        else:
            failed = True
            lines.append(f"FAIL {path}:")
            lines.extend(f"     - {m}" for m in result.mismatches)
    return (1 if failed else 0), lines


def one_line(exc: BaseException) -> str:
    """`TypeError: what it says`, first line only: how a checker reports a file it cannot use."""
    text = (str(exc).strip().splitlines() or [""])[0][:200]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def lesson_files(game_id: str, root: str | Path | None = None) -> list[Path]:
    folder = Path(root) if root else lessons_root()
    return sorted((folder / game_id).glob("scenarios/*.yaml"))


def project_root() -> Path:
    return Path(__file__).resolve().parents[2]


def lessons_root() -> Path:
    """The lessons: tutor/lessons in an installed tutor (package data mapped from lessons/ by setup.py), else the
    repository's lessons/ (a checkout or an editable install, where people edit them)."""
    from importlib.resources import files
    packaged = Path(str(files("tutor"))) / "lessons"
    return packaged if packaged.is_dir() else project_root() / "lessons"


# --------------------------------------------------------------------------- what every game's adapter shares
#
# A game's scenario module (its adapter) reads its own setup, actions and expectations; the parts below are the
# same for every game: players counted from 1, highlights naming players, and the expectations about scores,
# winners, events and the end of the game.

@overload
def seat(player: int | str) -> int: ...
@overload
def seat(player: None) -> None: ...


def seat(player: int | str | None) -> Optional[int]:
    """Scenario files count players from 1 (as people and rulebooks do); the engine counts seats from 0."""
    return None if player is None else int(player) - 1


def per_player(mapping: Optional[Mapping[Any, Any]], players: int, default: Any = None) -> list[Any]:
    """{player: value} (players from 1, keys as numbers or text) as one value per seat."""
    given: Mapping[Any, Any] = mapping or {}
    return [given.get(p, given.get(str(p), default)) for p in range(1, players + 1)]


def highlight(items: Optional[Iterable[object]], **kinds: Callable[[str], object]) -> tuple[str, ...]:
    """Renderer highlights from a scenario's: "player:2" becomes "seat:1"; `kinds` converts a game's own
    (cell=cell_index turns "cell:C3" into "cell:12"); anything else passes through."""
    out: list[str] = []
    for item in items or []:
        kind, _, arg = str(item).partition(":")
        if kind == "player":
            out.append(f"seat:{seat(arg)}")
        elif kind in kinds:
            out.append(f"{kind}:{kinds[kind](arg)}")
        else:
            out.append(str(item))
    return tuple(out)


@dataclass(frozen=True)
class Outcome:
    """What a step did, as an expectation check sees it: the position before, after, and the events."""

    before: Any
    after: Any
    events: tuple[Event, ...]

    @property
    def kinds(self) -> list[str]:
        """The events' kinds without the game's prefix ("catch", not "maui.catch")."""
        return [e.kind.split(".", 1)[1] for e in self.events]


def expect_scores(game: AnySpec, got: Outcome, value: Mapping[int | str, int]) -> list[str]:
    """scores: {player: total}."""
    totals = {b.player + 1: b.total for b in game.score(got.after)}
    return [f"player {p} should score {total}, scores {totals[int(p)]}"
            for p, total in value.items() if totals[int(p)] != total]


def expect_winners(game: AnySpec, got: Outcome, value: list[int]) -> list[str]:
    """winners: [players] (a shared victory lists them all)."""
    won = sorted(s + 1 for s in game.winners(got.after))
    return [] if won == sorted(value) else [f"winners should be {sorted(value)}, are {won}"]


def expect_events(game: AnySpec, got: Outcome, value: Iterable[str]) -> list[str]:
    """events: [kinds that must occur] (without the game's prefix)."""
    kinds = got.kinds
    return [f"event '{kind}' should happen; happened: {kinds}" for kind in value if kind not in kinds]


def expect_over(game: AnySpec, got: Outcome, value: object) -> list[str]:
    """over: true|false."""
    if game.is_over(got.after) != bool(value):
        return [f"the game should {'be over' if value else 'go on'}"]
    return []


# key -> check(game, outcome, the step's value) -> problems
SHARED_EXPECTATIONS: dict[str, Callable[[AnySpec, Outcome, Any], list[str]]] = {
    "scores": expect_scores, "winners": expect_winners, "events": expect_events, "over": expect_over}


def expectations(game_id: str, own: Mapping[str, Callable[[Outcome, Any], list[str]]]
                 ) -> Callable[[Any, Any, Iterable[Event], Mapping[str, Any]], list[str]]:
    """A game adapter's `expect(before, after, events, want) -> [problems]`: the shared keys (scores,
    winners, events, over) and the game's `own` checks, each `check(outcome, value) -> [problems]`.
    An unknown key is a problem too ("unknown expectation 'x'"), so a typo never passes."""
    def expect(before: Any, after: Any, events: Iterable[Event], want: Mapping[str, Any]) -> list[str]:
        game = game_spec(game_id)
        got = Outcome(before, after, tuple(events))
        problems: list[str] = []
        for key, value in want.items():
            if key in own:
                problems += own[key](got, value)
            elif key in SHARED_EXPECTATIONS:
                problems += SHARED_EXPECTATIONS[key](game, got, value)
            else:
                problems.append(f"unknown expectation '{key}'")
        return problems
    return expect


def scored(game_id: str, after: Any, seats: Iterable[int]) -> list[Breakdown]:
    """The score breakdowns of `seats` (what a quiz shows when an expectation is about their scores)."""
    wanted = set(seats)
    return [b for b in game_spec(game_id).score(after) if b.player in wanted]
