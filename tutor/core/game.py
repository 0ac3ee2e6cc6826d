"""The game contract (a typed Protocol every game package fulfils), each game's spec, and the registry.

A game package declares itself at the end of its `__init__`:

    import tutor.games.maui as _engine           # the package itself, checked against `Engine` by mypy
    SPEC = register(GameSpec(id="maui", lesson_langs=("en", "ru"), players=range(3, 7)), _engine)

`tutor.core` names no game: the registry finds the packages under `tutor.games` and any module named in
the TUTOR_GAMES environment variable (comma-separated, e.g. a club's own game or the test-only game under
tests/), imports them, and each registers itself. Widgets and lessons reach a game only through `load(id)`
(its engine, typed `Engine`) and `spec(id)` (its `GameSpec`, with the optional parts it offers).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Protocol, Sequence

if TYPE_CHECKING:
    from tutor.core.events import Event
    from tutor.core.rules import Ruling, Section
    from tutor.core.scoring import Breakdown


class Engine(Protocol):
    """What every game package exposes at its top level: the rules engine and its words about itself.

    States and actions are the game's own frozen dataclasses (typed Any here: each game has its own)."""

    # read-only members (a module's globals fulfil them)
    @property
    def SPEC(self) -> "GameSpec": ...
    @property
    def RULINGS(self) -> "Sequence[Ruling]": ...
    @property
    def SECTIONS(self) -> "Sequence[Section]": ...
    @property
    def RuleViolation(self) -> type[Exception]: ...

    # setup(players, *, seed=None, variant=(), **explicit components) -> State
    @property
    def setup(self) -> Callable[..., Any]: ...

    def legal_actions(self, state: Any, player: int) -> list[Any]: ...
    def apply(self, state: Any, action: Any) -> "tuple[Any, list[Event]]": ...
    def to_move(self, state: Any) -> list[int]: ...
    def is_over(self, state: Any) -> bool: ...
    def score(self, state: Any) -> "list[Breakdown]": ...
    def winners(self, state: Any) -> list[int]: ...
    def view(self, state: Any, player: Optional[int] = None) -> dict: ...
    def to_json(self, state: Any) -> str: ...
    def state_from_json(self, text: Any) -> Any: ...
    def action_from_json(self, data: Any) -> Any: ...
    # render(view, *, highlight=(), lang="en", events=()) -> SVG text
    @property
    def render(self) -> Callable[..., str]: ...
    # conformance hooks: invariants that must hold, what a viewer must not see, actions to try (legal or not)
    @property
    def check_invariants(self) -> Callable[..., list[str]]: ...
    def secrets(self, state: Any, viewer: Any) -> set[str]: ...
    def candidate_actions(self, state: Any, r: random.Random) -> list[Any]: ...


class Bots(Protocol):
    """A game's simple computer player (the play table's opponents)."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any: ...


class ScenarioAdapter(Protocol):
    """How lesson files (scenarios, quizzes, tasks) speak about a game's positions and moves.

    `expect` is usually built by tutor.core.scenario.expectations (scores, winners, events, over and the
    game's own keys); `highlight` is tutor.core.scenario.highlight unless the game names its own places.
    Two members are optional: `setup_stages(spec)` (a set-up shown in steps) and `deciding(after, events,
    want)` (the events a quiz's "why not" shows)."""

    def setup(self, spec: dict) -> Any: ...
    def actions(self, do: Any, state: Any) -> list[Any]: ...
    def expect(self, before: Any, after: Any, events: list, want: dict) -> list[str]: ...
    def highlight(self, items: Any) -> tuple: ...


@dataclass(frozen=True)
class GameUI:
    """The per-game parts of the interface, all optional: the generic widgets fall back when one is None.

    Each is a plain function; none decides a rule (the engine refuses what is illegal, with its reason)."""

    action_label: Optional[Callable[[Any, str], str]] = None              # (action, lang) -> button text
    action_tip: Optional[Callable[[Any, str, bool], str]] = None          # (action, lang, legal) -> tooltip
    offered_actions: Optional[Callable[[Any, int], list]] = None          # (state, seat) -> buttons to offer
    tiebreak_note: Optional[Callable[[Any, str], str]] = None             # (state, lang) -> note under scores
    advice: Optional[Callable[[Any, int, str], str]] = None               # (state, seat, lang) -> HTML under the board
    action_rows: Optional[Callable[..., list]] = None                     # (table, seat) -> rows of choices
    sandbox: Optional[Callable[..., Any]] = None                          # (lang=, **kw) -> a widget
    sandbox_label: str = "lazy.sandbox"                                   # ui key of its "open" button
    components: Optional[Callable[[str], str]] = None                     # (lang) -> HTML tables of components
    position: Optional[Callable[[dict], Any]] = None                      # lesson-style dict -> state, or None
    # (action) -> the keys of the board elements that choose it, one per step (("card:x", "cell:7"): a card,
    # then its cell); () when the board does not show it; a list of such tuples when the steps may come in any
    # order (a duo's two cards). The renderer marks what `choosable=` names.
    board_keys: Optional[Callable[[Any], tuple | list]] = None
    # (state, seat, lang) -> {"data": JSON for static/placing.js, "act": (o, x, y) -> action}, or None: a piece the
    # seat places by pointing at its board (a preview, turned and flipped in the page; the engine decides)
    placing: Optional[Callable[[Any, int, str], Optional[dict]]] = None


@dataclass(frozen=True)
class GameSpec:
    """What the tutor knows about a game: names, lessons, player counts, options and its optional parts."""

    id: str                                   # the package / lesson folder name; its title: "<id>.title"
    lesson_langs: tuple[str, ...]             # languages its lessons are written in
    players: range                            # allowed player counts
    variants: tuple[str, ...] = ()            # optional rules a setup may switch on
    notebook: str = ""                        # notebook stem under notebooks/ (default: the id)
    lessons: Optional[Path] = None            # its lesson folder (default: <lessons>/<id>)
    setup_options: Mapping[str, tuple] = field(default_factory=dict)   # conformance tries each value
    play_setup: Mapping[str, Any] = field(default_factory=dict)        # how the play table deals
    conformance_games: int = 1000             # seeded random games the conformance suite checks
    revealing_events: frozenset = frozenset()  # events that turn cards face up for everyone
    quiet_events: frozenset = frozenset()      # events the narration leaves out (a card laid face down)
    bookkeeping_events: frozenset = frozenset()  # events that never decide an outcome (quizzes skip them)
    # optional parts, loaded on first use so an engine import stays light (no ipywidgets in a benchmark)
    ui: Optional[Callable[[], GameUI]] = None
    bots: Optional[Callable[[], Bots]] = None
    scenario: Optional[Callable[[], ScenarioAdapter]] = None
    drills: Optional[Callable[[], tuple]] = None   # () -> the game's drills (tutor.core.drill.Drill), lesson order

    def title(self, lang: str = "en") -> str:
        from tutor.core.i18n import text
        return text(f"{self.id}.title", lang)

    @property
    def stem(self) -> str:
        return self.notebook or self.id

    def parts(self) -> GameUI:
        return self.ui() if self.ui else GameUI()


def part(package: str, where: str) -> Callable[[], Any]:
    """A loader for an optional part, imported on first use: `part(__name__, ".ui:UI")` is the UI object in the
    package's ui module, `part(__name__, ".bots")` the bots module itself (for GameSpec's ui, bots, scenario)."""
    module_name, _, attribute = where.partition(":")

    def load() -> Any:
        module = importlib.import_module(module_name, package)
        return getattr(module, attribute) if attribute else module
    return load


_ENGINES: dict[str, Engine] = {}
_LISTED: list[str] = []         # the games this installation offers (found by discovery), in order
_discovered = False


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def register(spec: GameSpec, engine: Engine) -> GameSpec:
    """Called by a game package when it is imported; a second registration of the same id must agree."""
    old = _ENGINES.get(spec.id)
    if old is not None and old is not engine:
        raise ValueError(f"two games register the id {spec.id!r}")
    _ENGINES[spec.id] = engine
    return spec


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import tutor.games as pkg
    names = [f"tutor.games.{m.name}" for m in pkgutil.iter_modules(pkg.__path__) if m.ispkg]
    names += [n.strip() for n in os.environ.get("TUTOR_GAMES", "").split(",") if n.strip()]
    for name in names:
        module = importlib.import_module(name)   # a game that fails to import is an error, never skipped
        game_id = module.SPEC.id
        if game_id not in _LISTED:
            _LISTED.append(game_id)


def ready_games() -> list[str]:
    """The ids of the games this installation offers: those under tutor.games, then TUTOR_GAMES.

    A game registered only by being imported (the test-only game) is loadable but not listed here, so the
    lesson pages and their tests do not change with what a test happened to import."""
    _discover()
    return list(_LISTED)


def load(game_id: str) -> Engine:
    """The game's engine (its package)."""
    _discover()
    try:
        return _ENGINES[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r} (the tutor has {', '.join(sorted(_ENGINES))})") from None


def spec(game_id: str) -> GameSpec:
    return load(game_id).SPEC


info = spec     # the older name
