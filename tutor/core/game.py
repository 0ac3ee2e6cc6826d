"""The one door into a game: `GameSpec`, a typed dataclass holding everything generic code may ask of a game.

A game package builds its spec at the end of its `__init__` and names it SPEC:

    SPEC: GameSpec[State, Action] = GameSpec(
        id="maui", home=Path(__file__).parent, lesson_langs=("en", "ru"), players=range(3, 7),
        setup=setup, legal_actions=legal_actions, apply=apply, ...,       # the engine
        sections=SECTIONS, rulings=RULINGS, narrate=narrate,               # its words about itself
        ui=part(__name__, ".ui:UI"), ...)                                  # optional parts, loaded on first use

Nothing is registered as a side effect of an import. `spec(game_id)` imports `tutor.games.<game_id>` and reads
its SPEC; `ready_games()` lists the packages under tutor.games and the modules named in the TUTOR_GAMES
environment variable (comma-separated: a club's own game, or the test-only game under tests/); `add(spec)` makes
a spec known to this process without listing it (a test's own game). Widgets, lessons and the checks reach a game
only through `spec(id)`: the engine's functions are fields of the spec, as are the optional hooks, so a newcomer
reads this one dataclass to learn what a game provides (README "Adding a game").
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, Optional, Protocol, Sequence, TypeVar, Union

if TYPE_CHECKING:
    from tutor.core.drill import Drill
    from tutor.core.events import Event
    from tutor.core.rules import Ruling, Section
    from tutor.core.scoring import Breakdown


class ActionLike(Protocol):
    """What generic code may read from any action: the seat that takes it (checked by the conformance suite:
    every legal action of `player` says `.player == player`). Actions are the game's frozen dataclasses."""

    @property
    def player(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S")                          # the game's State (a frozen dataclass)
A = TypeVar("A", bound=ActionLike)        # the game's actions (a union of frozen dataclasses)

# (stage name, position, events): one pause of an action or of a set-up shown in steps; the last is "done"
Stage = tuple[str, Any, list["Event"]]


class Renderer(Protocol):
    """A game's board: SVG text for a view. `highlight` points at named places, `events` are marked on the
    board, `choosable` names the board elements a learner may click ({key: choice}), `layout` is one of
    tutor.core.svg.LAYOUTS ("phone", "laptop", "projector"; None: the default)."""

    def __call__(self, view: dict[str, Any], *, highlight: Any = (), lang: str = "en", events: Any = (),
                 choosable: Any = None, layout: Optional[str] = None) -> str: ...


class Bots(Protocol):
    """A game's simple computer player (the play table's opponents)."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any: ...


@dataclass(frozen=True)
class LessonAdapter:
    """How lesson files (scenarios, quizzes, tasks) speak about a game's positions and moves.

    `setup(spec)` makes a position from a lesson's `setup:` mapping, `actions(do, state)` the actions a step's
    `do:` names, `expect(before, after, events, want)` the mismatches with a step's `expect:` (usually built by
    tutor.core.scenario.expectations), `highlight(items)` the places a step points at (default
    tutor.core.scenario.highlight). Optional: `setup_stages(spec)` (a set-up shown in steps) and
    `deciding(after, events, want)` (the events and score lines a quiz's "why not" shows)."""

    setup: Callable[[dict[str, Any]], Any]
    actions: Callable[[Any, Any], list[Any]]
    expect: Callable[[Any, Any, Sequence[Any], dict[str, Any]], list[str]]
    highlight: Optional[Callable[[Any], tuple[Any, ...]]] = None
    setup_stages: Optional[Callable[[dict[str, Any]], list[Stage]]] = None
    deciding: Optional[Callable[[Any, Sequence[Any], Any], list[Any]]] = None

    def places(self, items: Any) -> tuple[Any, ...]:
        """The board places a lesson's `highlight:` items name: the game's own reading, else the generic one
        ("player:2" is the seat it names)."""
        if self.highlight is not None:
            return self.highlight(items)
        from tutor.core.scenario import highlight
        return highlight(items)


# one group of parts a seat decides with, as the play table shows it: {"caption": html}, {"choices": [...]} (a row of
# buttons, which may end with its {"pick": ...}), in order
RowPart = dict[str, Any]


class Table(Protocol):
    """What a game's `GameUI.action_rows` may use of the play table (tutor.widgets.play.PlayTable): the position
    and language, the board keys each seat has chosen so far, and the makers of the parts it offers. `choice`,
    `action_choice` and `pick` return the table's Choice and Pick (tutor.widgets.play), whose meaning the game
    attaches as attributes (`action`, `card`, `seat`, `place`, ...)."""

    @property
    def state(self) -> Any: ...

    @property
    def lang(self) -> str: ...

    @property
    def selected(self) -> Mapping[int, tuple[str, ...]]: ...

    @property
    def previews(self) -> bool: ...      # False in a task: no move is marked "not now", no destination drawn

    def your_move(self, seat: int) -> str: ...

    def seat_words(self, seat: int) -> str: ...     # "Player 1 (you)", as "your move" names the seat

    def caption(self, words: str, bold: bool = False) -> RowPart: ...

    def choice(self, description: str, tooltip: str, style: str, css_class: str, on_press: Callable[[Any], None],
               **meaning: Any) -> Any: ...

    def action_choice(self, action: Any, legal: Any, label: Optional[str] = None) -> Any: ...

    def pick(self, description: str, options: list[tuple[str, Any]], value: Any,
             on_change: Callable[[Any], None]) -> Any: ...

    def choose(self, seat: int, keys: Sequence[str]) -> None: ...

    def act(self, action: Any) -> None: ...


@dataclass(frozen=True)
class GameUI:
    """The per-game parts of the interface, all optional: the generic widgets fall back when one is None.

    Each is a plain function; none decides a rule (the engine refuses what is illegal, with its reason)."""

    action_label: Optional[Callable[[Any, str], str]] = None              # (action, lang) -> button text
    # (state, action, lang) -> the play table's button text where the position tells two alike moves apart
    # (Козырные киты: two 5s in a trick, by who played each), else None for action_label's
    label_in: Optional[Callable[[Any, Any, str], Optional[str]]] = None
    # (action, lang) -> a small picture (inline <svg>) on the action's button, beside its words (Острів котів: a tile's
    # shape on "Take …", matched by eye with the island, where three purple 5-square cats read alike in words)
    action_icon: Optional[Callable[[Any, str], str]] = None
    # (action, lang) -> the button text in a "your turn" task, where the play table's label would name what the move
    # does (a bonus's effect) and so answer the task: the choice only (which card), its tooltip too; None: as played
    task_label: Optional[Callable[[Any, str], str]] = None
    action_tip: Optional[Callable[[Any, str, bool], str]] = None          # (action, lang, legal) -> tooltip
    offered_actions: Optional[Callable[[Any, int], list[Any]]] = None     # (state, seat) -> buttons to offer
    tiebreak_note: Optional[Callable[[Any, str], str]] = None             # (state, lang) -> note under scores
    advice: Optional[Callable[[Any, int, str], str]] = None               # (state, seat, lang) -> HTML under the board
    action_rows: Optional[Callable[[Table, int], list[list[RowPart]]]] = None   # (table, seat) -> groups of parts
    # (state, seat, lang) -> a line under the table's "your move" (plain words), or "": where the board is the nearer
    # way to choose (Паперові океани's two drawn cards, Острів котів' island tiles: on a phone a screen or more above
    # the buttons that choose them); under the first line of `action_rows`' groups too
    rows_note: Optional[Callable[[Any, int, str], str]] = None
    # (table) -> the kinds of action the board may offer now, as action_rows does (Aqua Fest: a task before the turn
    # is taught offers moves only, and its start tile must not begin going home), or None for every legal action
    board_kinds: Optional[Callable[[Table], Optional[tuple[type, ...]]]] = None
    sandbox: Optional[Callable[..., Any]] = None                          # (lang=, **kw) -> a widget
    # board highlights a play table always draws (not a task, whose answer they might give): Isle's families
    table_marks: tuple[str, ...] = ()
    # (the views of a worked example's every step) -> highlight tokens drawn on each step, so that what the steps
    # share keeps one size from step to step (Острів котів: the island as tall as at its tallest; its boat under
    # it moved up and down the screen as tiles were taken, a reader)
    steady: Optional[Callable[[Sequence[dict[str, Any]]], tuple[str, ...]]] = None
    sandbox_label: str = "lazy.sandbox"                                   # ui key of its "open" button
    components: Optional[Callable[..., str]] = None    # (lang[, only=table]) -> HTML tables of components
    legend: Optional[Callable[..., str]] = None         # (lang[, only=key]) -> HTML key to the board's signs
    position: Optional[Callable[[dict[str, Any]], Any]] = None            # lesson-style dict -> state, or None
    # (action) -> the keys of the board elements that choose it, one per step (("card:x", "cell:7"): a card,
    # then its cell); () when the board does not show it; a list of such tuples when the steps may come in any
    # order (a duo's two cards). The renderer marks what `choosable=` names.
    board_keys: Optional[Callable[[Any], tuple[Any, ...] | list[Any]]] = None
    # (state, seat, lang) -> a piece the seat places on a grid board by pointing at it, or None. The dict is
    # {"data": JSON for static/placing.js (its header documents the format: the piece's cells in each of its
    # orientations, the grid's cells, which are free), "act": (orientation, x, y) -> action}. The page shows a
    # preview, turned and flipped there; the engine decides whether the placement is legal. A task passes
    # `avoid=`, its right moves: the preview starts well away from them (a start beside the answer answered it).
    placing: Optional[Callable[..., Optional[dict[str, Any]]]] = None
    # --- the play table as a game at a club (issue #34); each optional, the table shows nothing for a None
    # (before, events, after, viewer, lang) -> HTML summing up the trick, round, day or game these events (one
    # action's, as `viewer` may know them) end, or "": the table holds it on screen until the learner goes on.
    # A hook that takes `earlier=` is also given the game's events before that action, as the viewer knows them
    summary: Optional[Callable[[Any, Sequence["Event"], Any, Optional[int], str], str]] = None
    # the summary retells everything its step did (a film frame then shows the summary alone); otherwise the frame
    # keeps the step's events whose rule the summary does not cite (tutor.widgets.film)
    summary_tells_step: bool = False
    # names of the game's `stages` inside one action that the play table's film shows as frames of their own, before
    # the action's whole outcome (Мяури: the last dive card laid face down, then every card turned up: the last
    # player's move and the reveal went by in the frame that summed the round up, a reader)
    film_beats: tuple[str, ...] = ()
    # (events of the learner's own action) -> whether the film shows that action alone, as a frame with its words: it
    # changes what may lie off a phone's screen (Козырные киты: a bonus used changed the trump box a screen above the
    # hand it was used from, and nothing said so, a reader)
    film_own: Optional[Callable[[Sequence["Event"]], bool]] = None
    # (action) -> whether the film frame that sums this action up draws the table as it stood just before it, the
    # action's events marked on it, where the game has no pause of its own there (Козырные киты: a trick's summary
    # over the finished trick, its winner and the card taken, not over the next trick's empty table, a reader)
    film_hold: Optional[Callable[[Any], bool]] = None
    # (the view before a held action, the view after it) -> the view its frame draws: the table as it stood, with what
    # the action changed elsewhere (Козырные киты: the finished trick, the players' panels as after the reward was
    # taken; the pearl pile said 1 while the summary under it said three cards had gone onto it, a reader)
    held_view: Optional[Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]] = None
    # (state, seat, lang) -> the coach's hints for `seat` to move (tutor.core.coach.Hint), most useful first;
    # facts of the position and what the rules allow, never a move chosen for the learner
    coach: Optional[Callable[[Any, int, str], list[Any]]] = None
    # (state, viewer, lang) -> HTML: what each player has scored so far and what the viewer's own cards would
    # score now, from what `viewer` may know (never another player's hidden hand)
    score_panel: Optional[Callable[[Any, Optional[int], str], str]] = None
    # (lang) -> three to five first-game tips a club teacher would give, plain text, shown before a first game
    tips: Optional[Callable[[str], list[str]]] = None
    # False: the play table shows no Undo, only the game's words "<id>.undo.never" where it would be. For a game
    # whose every move shows something hidden at once (Мяури: the dives are turned up together), so that Undo could
    # never take a move back: a button greyed for the whole game was tapped, and wondered at, by a reader
    undo: bool = True
    # True: a choice made on the board with a finger takes a second tap on the same element (the first marks it and
    # says so); for a game whose moves can never be taken back (Мяури: a reader laid their 12 with a stray tap). A
    # callable (action) -> bool asks it of those actions alone (Козырные киты: a card played, not a bonus used)
    confirm_board: Union[bool, Callable[[Any], bool]] = False
    # (state, action) -> board highlights that draw `action` where it would go: a "your turn" task that misses and
    # asks to be shown why draws its right move so, on a game whose moves are places on a board (Острів котів: the
    # right placement outlined; a reader was told the answer in words while the board showed their own)
    answer_marks: Optional[Callable[[Any, Any], tuple[str, ...]]] = None
    # True: a "your turn" task shows the moves of a step already past (a draw once this turn's card is taken) apart,
    # under "Not now", as the play table does, for a game none of whose tasks asks which step comes next
    # (Паперові океани: three readers read the draws listed among the choices of a kept card as open moves)
    task_moves_apart: bool = False


@dataclass(frozen=True, kw_only=True)
class GameSpec(Generic[S, A]):
    """Everything the tutor knows about a game and may ask of it: names, lessons, player counts, the rules engine
    (pure functions over the game's frozen State), its words about itself, and optional parts and hooks."""

    # --- who it is
    id: str                                   # the package / lesson folder name; its title: catalogue "<id>.title"
    home: Path                                # its package folder (its catalogues: <home>/locale)
    lesson_langs: tuple[str, ...]             # languages its lessons are written in
    players: range                            # allowed player counts
    variants: tuple[str, ...] = ()            # optional rules a setup may switch on

    # --- the engine: pure functions, states are never changed in place
    # setup(players, *, seed=None, variant=(), **explicit components) -> the opening (or any lesson) position
    setup: Callable[..., S]
    legal_actions: Callable[[S, int], list[A]]             # (state, seat) -> what that seat may do now
    apply: Callable[[S, A], tuple[S, list["Event"]]]       # refuses with tutor.core.errors.RuleViolation
    to_move: Callable[[S], list[int]]                      # the seats that may act now
    is_over: Callable[[S], bool]
    score: Callable[[S], list["Breakdown"]]                # one breakdown per seat, every line citing its rule
    winners: Callable[[S], list[int]]
    view: Callable[[S, Optional[int]], dict[str, Any]]     # what a seat may see (None: the teacher, everything)
    to_json: Callable[[S], str]                            # canonical JSON of a position
    state_from_json: Callable[[Any], S]                    # refuses with tutor.core.errors.SavedStateError
    action_from_json: Callable[[Any], A]
    render: Renderer                                       # a view as SVG text
    # conformance hooks: invariants that must hold, what a viewer must not see, actions to try (legal or not)
    check_invariants: Callable[[S], Sequence[Any]]
    secrets: Callable[[S, Optional[int]], set[str]]
    candidate_actions: Callable[[S, random.Random], list[A]]

    # --- its words about itself (texts in the game's catalogue, <home>/locale)
    sections: Sequence["Section"]             # the rulebook's headings, the targets of every rule reference
    rulings: Sequence["Ruling"]               # the tutor's decisions where the rulebook is silent
    narrate: Callable[["Event", str], str]    # (event, lang) -> one sentence saying what happened
    # (refusal params, lang) -> params as a player says them ("crab (strength 4)", never an internal id)
    name_params: Optional[Callable[[dict[str, Any], str], dict[str, Any]]] = None

    # --- optional engine hooks
    # (state, action) -> the action's pauses as stages, the last "done" (a lesson may stop at one: `show:`)
    stages: Optional[Callable[[S, A], list[Stage]]] = None
    # events that turn cards face up for everyone (later events of the same action may name them)
    revealing_events: frozenset[str] = frozenset()
    quiet_events: frozenset[str] = frozenset()          # events the narration leaves out (a card laid face down)
    bookkeeping_events: frozenset[str] = frozenset()    # events that never decide an outcome (quizzes skip them)

    # --- how the tutor uses it
    notebook: str = ""                        # notebook stem under notebooks/ (default: the id)
    lessons: Optional[Path] = None            # its lesson folder (default: <lessons>/<id>)
    setup_options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)   # conformance tries each value
    play_setup: Mapping[str, Any] = field(default_factory=dict)                  # how the play table deals
    conformance_games: int = 1000             # seeded random games the conformance suite checks

    # --- optional parts, loaded on first use so an engine import stays light (no ipywidgets in a benchmark)
    ui: Optional[Callable[[], GameUI]] = None
    bots: Optional[Callable[[], Bots]] = None
    scenario: Optional[Callable[[], LessonAdapter]] = None
    drills: Optional[Callable[[], Sequence["Drill"]]] = None   # the game's drills, lesson order
    # its taught module (KINDS, kinds_shown, kinds_named: tutor.core.taught): what practice shows, in the kinds
    # lessons/<id>/taught.yaml lists per part (tests/test_taught.py)
    taught: Optional[Callable[[], Any]] = None

    def title(self, lang: str = "en") -> str:
        from tutor.core.i18n import text
        return text(f"{self.id}.title", lang)

    @property
    def stem(self) -> str:
        return self.notebook or self.id

    def parts(self) -> GameUI:
        return self.ui() if self.ui else GameUI()

    def section(self, rule_id: str) -> "Section":
        """The section a rule reference ("<id>:<slug>") points to; a KeyError names an unknown one."""
        for s in self.sections:
            if s.id == rule_id:
                return s
        raise KeyError(f"unknown rule reference {rule_id!r}")


def part(package: str, where: str) -> Callable[[], Any]:
    """A loader for an optional part, imported on first use: `part(__name__, ".ui:UI")` is the UI object in the
    package's ui module, `part(__name__, ".bots")` the bots module itself (for GameSpec's ui, bots, scenario)."""
    module_name, _, attribute = where.partition(":")

    def load_part() -> Any:
        module = importlib.import_module(module_name, package)
        return getattr(module, attribute) if attribute else module
    return load_part


def deferred(package: str, where: str) -> Callable[..., Any]:
    """A function that imports `where` ("<module>:<function>", relative to `package`) on its first call and
    calls it: a GameUI hook whose module is heavy (the play table's summaries and coach) stays out of an import
    of the game's ui."""
    load = part(package, where)

    def call(*args: Any, **kwargs: Any) -> Any:
        return load()(*args, **kwargs)
    call.__doc__ = f"{where} (imported on first call)"
    call.target = load      # type: ignore[attr-defined]  # the function itself, for a caller that reads its signature
    return call


AnySpec = GameSpec[Any, Any]
_KNOWN: dict[str, AnySpec] = {}     # id -> spec, for the games this process has looked up or been given
_LISTED: list[str] = []             # the games this installation offers (found by discovery), in order
_discovered = False


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def _read(module_name: str) -> AnySpec:
    """Import a game package and take its SPEC (a game that fails to import is an error, never skipped)."""
    module = importlib.import_module(module_name)
    found = getattr(module, "SPEC", None)
    if not isinstance(found, GameSpec):
        raise TypeError(f"{module_name} has no SPEC (a tutor.core.game.GameSpec)")
    add(found)
    return found


def add(game: AnySpec) -> AnySpec:
    """Make a game known to this process without listing it on the lesson pages (a test's own game); a second
    game with the same id must be the same spec."""
    old = _KNOWN.get(game.id)
    if old is not None and old is not game:
        raise ValueError(f"two games have the id {game.id!r}")
    _KNOWN[game.id] = game
    return game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    import tutor.games as pkg
    names = [f"tutor.games.{m.name}" for m in pkgutil.iter_modules(pkg.__path__) if m.ispkg]
    names += [n.strip() for n in os.environ.get("TUTOR_GAMES", "").split(",") if n.strip()]
    for name in names:
        game_id = _read(name).id
        if game_id not in _LISTED:
            _LISTED.append(game_id)
    _discovered = True


def ready_games() -> list[str]:
    """The ids of the games this installation offers: those under tutor.games, then TUTOR_GAMES.

    A game only added (the test-only game) is found by `spec` but not listed here, so the lesson pages and their
    tests do not change with what a test happened to add."""
    _discover()
    return list(_LISTED)


def known_specs() -> list[AnySpec]:
    """The specs this process knows so far (looked up, discovered or added), without importing any other."""
    return list(_KNOWN.values())


def spec(game_id: str) -> AnySpec:
    """The game's spec: its own package is imported on first use (not all five: a lesson page needs one)."""
    found = _KNOWN.get(game_id)
    if found is not None:
        return found
    if game_id.isidentifier() and importlib.util.find_spec(f"tutor.games.{game_id}") is not None:
        found = _read(f"tutor.games.{game_id}")
        if found.id == game_id:
            return found
    _discover()
    try:
        return _KNOWN[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r} (the tutor has {', '.join(sorted(_KNOWN))})") from None
