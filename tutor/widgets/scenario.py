"""The scenario player: step through a lesson's worked example — the board, the author's narration,
what happened with the rule behind each event, and refused steps explained.

    ScenarioPlayer("maui/four-player-round", lang="ru")

The engine replays the scenario (tutor.core.scenario.replay); this widget only shows the frames. It is one
anywidget (tutor/widgets/static/scenario.js): the kernel draws every frame once and sends it to the page right
after the player appears, the board's symbols once per page; the page asks for the frame on screen and its neighbours, so stepping shows
a frame it already has, with no round trip.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, TypedDict

import anywidget
import traitlets

from tutor.core.events import for_viewer
from tutor.core.i18n import seat_names
from tutor.core.game import AnySpec, spec
from tutor.core.scenario import Frame, Replay, ScenarioError, load_file, replay, validate
from tutor.widgets import progress
from tutor.widgets import screen
from tutor.widgets.boardbox import even_boards
from tutor.widgets.common import (
    StandIn, TraitMessage, esc, esm, events_html, guard, find_lesson_file, localised, refusal_html, render, safe_cite,
    split_defs, ui,
)

NAV_KEYS = ("first", "back", "next", "last", "first.tip", "back.tip", "next.tip", "last.tip", "slider", "step", "below",
            "below.tip", "above", "above.tip", "said.tip")


class Drawn(TypedDict):
    """A frame as the page gets it: the whole SVG, the board without its <defs>, (key, <defs>), the narration."""

    svg: str
    board: str
    defs: tuple[str, str]
    narration: str


def scenario_data(scenario: object, lessons: str | Path | None = None, lang: str = "en") -> dict[str, Any]:
    """A scenario dict from a dict, a YAML path, or an id "game/name" under the lessons folder."""
    if isinstance(scenario, dict):
        return validate(scenario, scenario.get("id", "scenario"))
    if not isinstance(scenario, (str, Path)):
        raise ScenarioError(f"a scenario is a mapping, a file or an id, not {type(scenario).__name__}")
    found, where = find_lesson_file(scenario, "scenarios", lessons)
    if found is None:
        raise ScenarioError(ui("scenario_missing", lang, name=str(scenario), where=str(where)))
    return load_file(found)


def _mover(frame: Frame) -> Optional[int]:
    """The one player whose move a step makes (by its events), or None (no move, or several players')."""
    movers = {e.data.get("player") for e in frame.events if isinstance(e.data, dict)}
    movers = {m for m in movers if isinstance(m, int) and not isinstance(m, bool)}
    return movers.pop() if len(movers) == 1 else None


class ScenarioPlayer(StandIn, anywidget.AnyWidget):
    """First / back / next / last, a step slider, the SVG of the frame and its narration."""

    _esm = esm("scenario.js")
    labels = traitlets.Dict().tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    warning = traitlets.Unicode("").tag(sync=True)     # HTML: the engine and the lesson disagree
    error = traitlets.Unicode("").tag(sync=True)       # plain text: the example cannot be shown
    # the board layout the frames are drawn for (tutor.widgets.screen); not `layout`, which is every widget's Layout model
    board_layout = traitlets.Unicode("").tag(sync=True)

    def __init__(self, scenario: object, lang: str = "en", *, lessons: str | Path | None = None, **kwargs: Any) -> None:
        labels = {k: ui(k, lang, i="{i}", n="{n}") for k in NAV_KEYS}   # the page fills in {i} and {n}
        super().__init__(labels=labels, **kwargs)
        self.lang = lang
        self.errors = TraitMessage(self, "error")
        self.frames: list[Frame] = []
        self.replay: Optional[Replay] = None
        self._drawn: dict[int, Drawn] = {}        # frame index -> what the page gets, drawn once
        self.data: dict[str, Any] = {}
        self.game: Optional[AnySpec] = None
        self._seen_end = False                    # the learner has stepped to the last frame (told once)
        self._acting: tuple[str, ...] = ()        # "acting:<seat>" for every step's mover (_draw_all)
        self.add_class("tutor-scenario-player")

        with guard(self.errors, lang):
            self.data = scenario_data(scenario, lessons, lang)
            self.game = spec(self.data["game"])
            self.replay = replay(self.data)
            self.frames = list(self.replay.frames)
        if self.replay is not None and self.replay.mismatches:
            items = "".join(f"<li>{esc(m)}</li>" for m in self.replay.mismatches)
            self.warning = (f'<div class="tutor-warning-box" role="alert"><b>{esc(ui("mismatch", lang))}</b>'
                            f"<ul>{items}</ul></div>")
        self.count = len(self.frames)
        self.board_layout = screen.layout()
        self.on_msg(self._on_msg)
        screen.watch(self._relayout)

    # ------------------------------------------------------------------ what the page shows

    @property
    def mismatches(self) -> list[str]:
        return list(self.replay.mismatches) if self.replay else []

    def show(self, index: int) -> None:
        """Go to frame `index` (clamped to the scenario), as the page's buttons and slider do."""
        if self.frames:
            self.index = max(0, min(int(index), len(self.frames) - 1))

    def frame(self, index: int) -> Drawn:
        """Frame `index` as the page gets it: the whole SVG, the board without its <defs>, and the narration."""
        if not self._drawn:
            # a rulebook's example goes by its players' names (`names:`), on the board and in the words alike
            with seat_names(self.seat_names()):
                self._draw_all()
        return self._drawn[index]

    def seat_names(self) -> dict[int, str]:
        """The example's player names in this page's language, by seat (counted from 0)."""
        return {number - 1: localised(forms, self.lang) for number, forms in (self.data.get("names") or {}).items()}

    def _draw_all(self) -> None:
        """Every frame at once (a few hundredths of a second): a board's scale depends on all of them."""
        svgs = []
        steady: tuple[str, ...] = ()
        game = self.game
        make = game.parts().steady if game is not None else None
        if game is not None and make is not None:
            with guard(self.errors, self.lang, clear=False):
                steady = make([game.view(f.state, f.viewer) for f in self.frames])
        # every player who makes a step's move, named as acting on every frame: a game that draws the acting player's
        # place larger (Острів котів' boats) then keeps one layout from step to step (player 2's boat grew on its
        # side for its step and shrank back at the next, the page jumping, a reader of wave 23)
        self._acting = tuple(sorted({f"acting:{m}" for m in map(_mover, self.frames) if m is not None}))
        for frame in self.frames:
            svg = ""
            with guard(self.errors, self.lang, clear=False):
                svg = self._board(frame, steady)
            svgs.append(svg)
        # one scale for every frame: a board capped by the window's height was drawn smaller when taller. A phone
        # board is always as wide as the screen (one scale whatever its height), its words are above it: padded to
        # the tallest frame, it only left a blank of up to half a screen under a short one
        evened = svgs if self.board_layout == "phone" else even_boards(svgs)
        for i, svg in enumerate(evened):
            narration = self.narration_html(self.frames[i])   # the text shows even if the board fails
            board, defs = split_defs(svg)
            self._drawn[i] = {"svg": svg, "board": board, "defs": defs, "narration": narration}

    @property
    def svg(self) -> str:
        return self.frame(self.index)["svg"] if self.frames else ""

    @property
    def narration(self) -> str:
        return self.frame(self.index)["narration"] if self.frames else ""

    @property
    def counter(self) -> str:
        return ui("step", self.lang, i=self.index + 1, n=self.count) if self.count else ""

    def enabled(self) -> dict[str, bool]:
        """Which navigation controls the page enables (the same rule scenario.js applies)."""
        n, i = self.count, self.index
        return {"first": n > 0 and i > 0, "back": n > 0 and i > 0,
                "next": n > 0 and i < n - 1, "last": n > 0 and i < n - 1, "slider": n > 1}

    def _relayout(self, layout: str) -> None:
        """The page's screen changed (a phone turned): the frames are drawn again for it; the page drops the ones it
        holds when `board_layout` changes and asks again (scenario.js)."""
        self._drawn = {}
        self.board_layout = layout

    # ------------------------------------------------------------------ the page asks

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("seen_end") is True and self.frames and not self._seen_end:
            # the learner stepped to the example's last frame (static/scenario.js): for their progress
            self._seen_end = True
            if self.data.get("id"):
                progress.record("example", self.data["game"], self.lang, self.data["id"], [], right=True, first=True)
            return
        if not isinstance(content, dict) or content.get("want") != "frames" or not self.frames:
            return
        with guard(self.errors, self.lang, clear=False):
            have = set(content["have"]) if isinstance(content.get("have"), list) else set()
            wanted = content.get("frames")
            wanted = wanted if isinstance(wanted, list) else [self.index]
            order = [i for i in dict.fromkeys(wanted) if isinstance(i, int) and 0 <= i < len(self.frames)]
            for i in order[:8]:      # a page asks for a few at a time; a hostile one gets no more
                drawn = self.frame(i)
                message: dict[str, Any] = {"frame": {"i": i, "svg": drawn["board"], "narration": drawn["narration"],
                                     "layout": self.board_layout}}
                key, markup = drawn["defs"]
                if key and key not in have:
                    message["defs"] = {"key": key, "markup": markup}
                    have.add(key)
                self.send(message)

    # ------------------------------------------------------------------ drawing

    def _board(self, frame: Frame, steady: tuple[str, ...] = ()) -> str:
        assert self.game is not None, "drawn only once the scenario is built"
        view = self.game.view(frame.state, frame.viewer)
        told = for_viewer(frame.events, frame.viewer)   # a seat's frame narrates only what that seat knows
        # the players whose moves the example's steps make are named as acting, as the play table's film names its
        # frame's: a game may draw their places larger for it (Острів котів: player 2's tiles were laid on a
        # thumbnail, two readers); the same on every frame (_draw_all)
        return render(self.game, view, highlight=tuple(frame.highlight) + steady + self._acting, events=told,
                      lang=self.lang, layout=self.board_layout or None)

    def narration_html(self, frame: Frame) -> str:
        """The step's words: the title, the narration, a refusal, the rule cited once, then the engine's events folded
        away ("what happened, move by move"). Each step printed the narration, the same events as a list, each with
        "(rule: …)", and "Rule: …" again: on a phone a screen of grey text between the buttons and the board."""
        lang = self.lang
        parts = [f"<h3>{esc(localised(self.data.get('title'), lang))}</h3>"]
        say = localised(frame.say, lang)
        said = bool(say) and not (frame.index == 0 and frame.say == self.data.get("title"))
        if said:
            parts.append(f'<p class="tutor-say">{esc(say)}</p>')
        if frame.refusal is not None:
            parts.append(refusal_html(frame.refusal, lang))
        cited = frame.rule if frame.rule and frame.refusal is None else ""
        if cited:
            parts.append(f'<p class="tutor-rule"><b>{esc(ui("rule", lang))}:</b> '
                         f'<span class="tutor-cite">{esc(safe_cite(cited, lang))}</span></p>')
        events = events_html(for_viewer(frame.events, frame.viewer), lang, cited=cited)
        if events:
            # open when the step has no words of its own: its events are then all it says
            parts.append(f'<details class="tutor-step-events"{"" if said else " open data-auto"}>'
                         f'<summary>{esc(ui("step_events", lang))}</summary>{events}</details>')
        return "".join(parts)
