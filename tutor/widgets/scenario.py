"""The scenario player: step through a lesson's worked example — the board, the author's narration,
what happened with the rule behind each event, and refused steps explained.

    ScenarioPlayer("maui/four-player-round", lang="ru")

The engine replays the scenario (tutor.core.scenario.replay); this widget only shows the frames.
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as W

from tutor.core.events import for_viewer
from tutor.core.game import load
from tutor.core.scenario import ScenarioError, load_file, replay, validate
from tutor.widgets.common import (
    ErrorArea, esc, events_html, guard, lessons_dir, localised, refusal_html, render, safe_cite,
    svg_box, ui,
)


def resolve(scenario, lessons=None, lang: str = "en") -> dict:
    """A scenario dict from a dict, a YAML path, or an id "game/name" under the lessons folder."""
    if isinstance(scenario, dict):
        return validate(scenario, scenario.get("id", "scenario"))
    if not isinstance(scenario, (str, Path)):
        raise ScenarioError(f"a scenario is a mapping, a file or an id, not {type(scenario).__name__}")
    path = Path(scenario)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return load_file(path)
    root = Path(lessons) if lessons else lessons_dir()
    name = str(scenario)
    if name.endswith((".yaml", ".yml")):
        name = name.rsplit(".", 1)[0]
    game, _, rest = name.partition("/")
    candidates = [root / game / "scenarios" / f"{rest}.yaml", root / f"{name}.yaml"] if rest else []
    for candidate in candidates:
        if candidate.is_file():
            return load_file(candidate)
    raise ScenarioError(ui("scenario_missing", lang, name=str(scenario), where=str(root)))


class ScenarioPlayer(W.VBox):
    """First / back / next / last, a step slider, the SVG of the frame and its narration."""

    def __init__(self, scenario, lang: str = "en", *, lessons=None, **kwargs):
        super().__init__(**kwargs)
        self.lang = lang
        self.add_class("tutor-scenario")
        self.add_class("tutor-widget")
        self.frames: list = []
        self.replay = None
        self._drawn: dict = {}        # frame index -> (narration HTML, SVG), drawn once
        self.data: dict = {}
        self.game = None
        self.index = 0

        self.errors = ErrorArea()
        self.warning = W.HTML("")
        self.warning.add_class("tutor-warning")
        self.warning.layout.display = "none"
        self.first = W.Button(description=ui("first", lang), tooltip=ui("first.tip", lang))
        self.back = W.Button(description=ui("back", lang), tooltip=ui("back.tip", lang))
        self.next = W.Button(description=ui("next", lang), tooltip=ui("next.tip", lang))
        self.last = W.Button(description=ui("last", lang), tooltip=ui("last.tip", lang))
        for b in (self.first, self.back, self.next, self.last):
            b.add_class("tutor-nav")
        self.slider = W.IntSlider(value=0, min=0, max=0, readout=False, continuous_update=True,
                                  description=ui("slider", lang), layout=W.Layout(width="260px"))
        self.counter = W.HTML("")
        self.counter.add_class("tutor-counter")
        self.svg = svg_box()
        self.narration = W.HTML("")
        self.narration.add_class("tutor-narration")

        g = guard(self.errors, lang)
        self.first.on_click(g(lambda _b: self.show(0)))
        self.back.on_click(g(lambda _b: self.show(self.index - 1)))
        self.next.on_click(g(lambda _b: self.show(self.index + 1)))
        self.last.on_click(g(lambda _b: self.show(len(self.frames) - 1)))
        self.slider.observe(g(self._on_slider), names="value")

        nav = W.HBox([self.first, self.back, self.slider, self.next, self.last, self.counter],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.children = [self.warning, nav, self.svg, self.narration, self.errors]

        with guard(self.errors, lang):
            self.data = resolve(scenario, lessons, lang)
            self.game = load(self.data["game"])
            self.replay = replay(self.data)
            self.frames = list(self.replay.frames)
            self._drawn = {}
        if self.replay is not None and self.replay.mismatches:
            items = "".join(f"<li>{esc(m)}</li>" for m in self.replay.mismatches)
            self.warning.value = (f'<div class="tutor-warning-box" role="alert"><b>{esc(ui("mismatch", lang))}</b>'
                                  f"<ul>{items}</ul></div>")
            self.warning.layout.display = None
        if self.frames:
            self.slider.max = len(self.frames) - 1
            with guard(self.errors, lang):
                self.show(0)
        else:
            self._update_controls()

    # ------------------------------------------------------------------ navigation

    @property
    def mismatches(self) -> list:
        return list(self.replay.mismatches) if self.replay else []

    def _on_slider(self, change) -> None:
        if change["new"] != self.index:
            self.show(change["new"])

    def show(self, index: int) -> None:
        """Display frame `index` (clamped to the scenario)."""
        if not self.frames:
            return
        index = max(0, min(int(index), len(self.frames) - 1))
        self.index = index
        frame = self.frames[index]
        # The board and the narration go out first (the learner watches them), the buttons after.
        # A frame never changes, so each is drawn once and kept: stepping back and forth is instant.
        cached = self._drawn.get(index)
        if cached is None:
            self.narration.value = self.narration_html(frame)  # the text shows even if the board fails
            cached = self._drawn[index] = (self.narration.value, self._board(frame))
        self.narration.value, self.svg.value = cached
        if self.slider.value != index:
            self.slider.value = index   # re-enters _on_slider, which sees nothing to do
        self._update_controls()

    def _board(self, frame) -> str:
        view = self.game.view(frame.state, frame.viewer)
        told = for_viewer(frame.events, frame.viewer)   # a seat's frame narrates only what that seat knows
        return render(self.game, view, highlight=frame.highlight, events=told, lang=self.lang)

    def _update_controls(self) -> None:
        n = len(self.frames)
        at_start = self.index <= 0
        at_end = self.index >= n - 1
        self.first.disabled = self.back.disabled = at_start or n == 0
        self.next.disabled = self.last.disabled = at_end or n == 0
        self.slider.disabled = n <= 1
        self.counter.value = esc(ui("step", self.lang, i=self.index + 1, n=n)) if n else ""

    def narration_html(self, frame) -> str:
        lang = self.lang
        parts = [f"<h3>{esc(localised(self.data.get('title'), lang))}</h3>"]
        say = localised(frame.say, lang)
        if say and not (frame.index == 0 and frame.say == self.data.get("title")):
            parts.append(f'<p class="tutor-say">{esc(say)}</p>')
        if frame.refusal is not None:
            parts.append(refusal_html(frame.refusal, lang))
        parts.append(events_html(for_viewer(frame.events, frame.viewer), lang))
        if frame.rule and frame.refusal is None:
            parts.append(f'<p class="tutor-rule"><b>{esc(ui("rule", lang))}:</b> '
                         f'<span class="tutor-cite">{esc(safe_cite(frame.rule, lang))}</span></p>')
        return "".join(parts)
