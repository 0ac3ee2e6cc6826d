"""The Мяури try-it sandbox: set up a lagoon, Kiti and everyone's dive card, press "Dive!", and read
how the engine resolves it, event by event with the rules cited.

    LagoonSandbox(players=4, lang="ru")

The widget only builds a position with `setup(...)` and applies one `Dive` per seat; every
decision (who takes which depth, disputes, seagulls) and every refusal (a card in two places) is the
engine's. Before the dive, a dive card clicked in a diver's hand on the board is that diver's card (the
same as its drop-down).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional

import ipywidgets as W

from tutor.core.events import Event
from tutor.core.i18n import player_name
from tutor.games import maui
from tutor.games.maui import components as C
from tutor.games.maui.rules import NO_FIGHTS, OPEN_BASKETS, Dive, State, apply, setup
from tutor.games.maui.text import card_name, depth_name
from tutor.games.maui.ui import board_keys
from tutor.games.maui.view import view
from tutor.widgets.board import ClickBoard, render_choosable
from tutor.widgets import screen  # the page's screen: its board is laid out for it
from tutor.widgets.common import (
    ErrorArea, StandIn, esc, events_html, guard, render, ui,
)

# the rulebook's worked round, so the sandbox opens on something worth pressing "Dive!" for
DEFAULT_LAGOON = {"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"}
DEFAULT_DIVES = (9, 6, 9, 9, 3, 12)


EMPTY = ""     # the drop-downs' "nothing here" (ipywidgets shows a None value as a blank box)
LABELLED = {"description_width": "initial"}     # a control's label as wide as its words, never cut


def _line(wrap: bool = True) -> Any:
    """One control's line: the whole width up to a comfortable form's (width auto: its box stretches it to the
    column, margins included, where 100% and ipywidgets' margin ran 2 px past a phone's screen and cut the lists'
    right edge), its label wrapping above the control when both do not fit (tutor.css: a list keeps a readable
    width, so on a phone a long label goes above it), and as tall as it needs: a phone's tap-sized lists and boxes (44 px, tutor.css) overflowed
    ipywidgets' fixed 28 px lines, so the drop-downs ran into each other and a checkbox's words were hidden."""
    return W.Layout(width="auto", max_width="420px", flex_flow="row wrap" if wrap else "row", height="auto",
                    align_items="center")


def _card_options(lang: str) -> list[tuple[str, str]]:
    """Every catch card named as a player names it; equal cards (two 10-point tunas) are told apart by
    "1 of 2", never by the engine's id."""
    order = {k: i for i, k in enumerate(C.KINDS)}
    cards = sorted(C.CATCH_CARDS.values(), key=lambda c: (order[c.kind], c.value, c.id))
    names = [card_name(c.id, lang) for c in cards]
    total = {n: names.count(n) for n in names}
    seen: dict[str, int] = {}
    options = [(ui("maui.empty", lang), EMPTY)]
    for c, name in zip(cards, names):
        seen[name] = seen.get(name, 0) + 1
        label = name if total[name] == 1 else ui("maui.copy_of", lang, name=name, k=seen[name], n=total[name])
        options.append((label, c.id))
    return options


class LagoonSandbox(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Pick the lagoon, Kiti, the variants and a dive card per seat; "Dive!" shows the engine's resolution."""

    def __init__(self, players: int = 4, lang: str = "en", **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("tutor-sandbox")
        self.add_class("tutor-widget")
        self.lang = lang
        self.before: Optional[State] = None          # the position built from the controls
        self.after: Optional[State] = None           # the position after the dive
        self.events: list[Event] = []
        self._building = False

        self.errors = ErrorArea()
        screen.watch(self._relayout)      # a phone turned: the picture is drawn again
        self.players_box = W.Dropdown(options=list(maui.PLAYERS), value=players, description=ui("maui.players", lang),
                                      style=LABELLED, layout=_line())
        options = _card_options(lang)
        self.lagoon = {d: W.Dropdown(options=options, value=DEFAULT_LAGOON[d], description=depth_name(d, lang),
                                     style=LABELLED, layout=_line())
                       for d in C.DEPTHS}
        self.kiti = W.Dropdown(description=ui("maui.kiti", lang), style=LABELLED, layout=_line())
        self.open_baskets = W.Checkbox(value=False, description=ui("maui.open_baskets", lang), indent=False,
                                       style=LABELLED, layout=_line(wrap=False))     # its words beside its box
        self.no_fights = W.Checkbox(value=False, description=ui("maui.no_fights", lang), indent=False,
                                    style=LABELLED, layout=_line(wrap=False))
        self.seats = W.VBox([])
        self.dives: list[Any] = []      # a drop-down per seat (ipywidgets)
        self.piles: list[Any] = []
        self.dive_button = W.Button(description=ui("maui.dive_button", lang), tooltip=ui("maui.dive_button.tip", lang),
                                    button_style="primary", layout=W.Layout(width="auto", min_width="10em"))
        self.svg = ClickBoard()
        self.narration = W.HTML(f'<p class="tutor-say">{esc(ui("maui.before", lang))}</p>')
        self.narration.add_class("tutor-narration")
        self.narration.add_class("tutor-live")

        g = guard(self.errors, lang)
        self.dive_button.on_click(g(lambda _b: self.dive()))
        self.players_box.observe(g(lambda _c: self._seat_rows()), names="value")
        self.no_fights.observe(g(lambda c: setattr(self.kiti, "disabled", bool(c["new"]))), names="value")
        for w in (*self.lagoon.values(), self.kiti, self.open_baskets, self.no_fights):
            w.observe(g(lambda _c: self.preview()), names="value")

        # one control a line, in one column: the lagoon's three cells, then the table's settings
        lagoon = W.VBox([W.HTML(f"<b>{esc(ui('maui.lagoon', lang))}</b>"), *self.lagoon.values()])
        table = W.VBox([self.players_box, self.kiti, self.open_baskets, self.no_fights])
        # what the dive did, in words, right under its button, the board after them (under an 850-px board the words
        # were below the screen, and "Dive!" seemed to do nothing, a reader)
        self.children = [lagoon, table,
                         W.HTML(f"<b>{esc(ui('maui.divers', lang))}</b>"), self.seats, self.dive_button,
                         self.errors, self.narration, self.svg]
        with g:
            self._seat_rows()

    # ------------------------------------------------------------------ controls

    def _seat_rows(self) -> None:
        n = self.players_box.value
        lang = self.lang
        old = [d.value for d in self.dives]
        self._building = True     # no previews from half-rebuilt controls
        try:
            self._rebuild(n, lang, old)
        finally:
            self._building = False
        self.preview()

    def _rebuild(self, n: int, lang: str, old: list[int]) -> None:
        kiti = self.kiti.value
        self.kiti.options = [(player_name(s, lang), s) for s in range(n)]
        self.kiti.value = kiti if isinstance(kiti, int) and kiti < n else 0
        self.dives = [W.Dropdown(options=list(C.DIVE_CARDS),
                                 value=old[s] if s < len(old) else DEFAULT_DIVES[s % len(DEFAULT_DIVES)],
                                 description=f"{player_name(s, lang)}: {ui('maui.dive_card', lang)}",
                                 style=LABELLED, layout=_line())
                      for s in range(n)]
        options = _card_options(lang)
        self.piles = [W.Dropdown(options=options, value=EMPTY,
                                 description=f"{player_name(s, lang)}: {ui('maui.pile_top', lang)}",
                                 style=LABELLED, layout=_line())
                      for s in range(n)]
        g = guard(self.errors, lang)
        for w in (*self.dives, *self.piles):
            w.observe(g(lambda _c: self.preview()), names="value")
        # a diver's two controls, one a line, kept together
        self.seats.children = [W.VBox([d, p], layout=W.Layout(margin="0 0 6px 0"))
                               for d, p in zip(self.dives, self.piles)]

    def variants(self) -> tuple[str, ...]:
        return tuple(v for v, box in ((OPEN_BASKETS, self.open_baskets), (NO_FIGHTS, self.no_fights))
                     if box.value)

    def build(self) -> State:
        """The position the controls describe (the engine refuses an impossible one)."""
        n = self.players_box.value
        lagoon = {d: box.value for d, box in self.lagoon.items() if box.value != EMPTY}
        # deck=(): nothing is laid after the dive, so the lagoon afterwards shows exactly what was left
        return setup(n, kiti=self.kiti.value, lagoon=lagoon, variant=self.variants(), seed=0, deck=(),
                          piles=[[p.value] if p.value != EMPTY else [] for p in self.piles])

    # ------------------------------------------------------------------ actions (guarded by callers)

    def preview(self) -> None:
        """Draw the position as set up, before anyone dives."""
        if self._building:
            return
        self.after, self.events = None, []
        self.narration.value = f'<p class="tutor-say">{esc(ui("maui.before", self.lang))}</p>'
        self.before = None
        self.svg.value = ""       # a refused set-up leaves no old board behind its explanation
        self.before = self.build()
        choosable = self.svg.offer(self._dive_picks())
        self.svg.value = render_choosable(maui.SPEC, view(self.before, None), lang=self.lang, choosable=choosable)

    def _relayout(self, _layout: str) -> None:
        """The page's screen changed (a phone turned): the board on screen is drawn again for it, before or after
        the dive (tutor.widgets.screen)."""
        with guard(self.errors, self.lang, clear=False):
            if self.after is None:
                self.preview()
            else:
                self.svg.value = render(maui.SPEC, view(self.after, None), events=self.events, lang=self.lang)

    def _dive_picks(self) -> dict[str, tuple[Callable[[], None], str, bool]]:
        """Every diver's dive cards on the board: clicking one makes it that diver's card (its drop-down)."""
        g = guard(self.errors, self.lang)
        picks: dict[str, tuple[Callable[[], None], str, bool]] = {}
        for seat, box in enumerate(self.dives):
            for n in C.DIVE_CARDS:
                key = board_keys(Dive(seat, n))[0]
                label = f"{player_name(seat, self.lang)}: {ui('maui.dive_card', self.lang)} {n}"
                picks[key] = (g(partial(setattr, box, "value", n)), label, box.value == n)
        return picks

    def dive(self) -> None:
        """Everyone lays their card; the engine reveals and resolves; show what happened and why."""
        self.svg.value = ""
        self.narration.value = ""
        state = self.build()
        self.before = state
        events: list[Event] = []
        for seat, box in enumerate(self.dives):
            state, more = apply(state, Dive(seat, box.value))
            events.extend(more)
        self.after, self.events = state, events
        # the lagoon is the learner's to lay: a seagull there stays even in round 1, where a game would replace it
        # (a reader saw one eaten "in round 1" with no word)
        seagull = any(str(box.value).startswith("seagull") for box in self.lagoon.values())
        self.narration.value = (f'<p class="tutor-say">{esc(ui("maui.after", self.lang))}</p>'
                                + events_html(events, self.lang)
                                + (f'<p class="tutor-say">{esc(ui("maui.sandbox_seagull", self.lang))}</p>'
                                   if seagull else ""))
        self.svg.value = render(maui.SPEC, view(state, None), events=events, lang=self.lang)
