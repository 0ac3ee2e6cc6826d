"""The play table: a learner takes a seat against bots (or the whole club plays hot-seat), with the
legal moves offered as buttons, refusals explained, every event narrated with its rule, undo, save /
load, and the scored breakdown at the end.

    PlayTable("maui", players=4, seat=0, lang="ru", seed=7)

Generic over any engine in tutor.games (the contract in tutor.core.game); game-specific button wording
lives in tutor.widgets.labels, and the bots live with their games (tutor.games.<game>.bots).
"""

from __future__ import annotations

import random

import ipywidgets as W

from tutor.core.events import for_viewer
from tutor.core.game import load
from tutor.core.i18n import player_name, text
from tutor.widgets import labels
from tutor.widgets.common import (
    ErrorArea, esc, events_highlight, events_html, guard, render, safe_cite, shared, svg_box, ui,
)

LOG_EVENTS = 80          # the log shows this many most recent events
MAX_BOT_STEPS = 1000     # a safety net: bots never loop forever on a broken engine


class PlayTable(W.VBox):
    """A game against bots (or hot-seat). `setup` passes explicit components to `game.setup`."""

    def __init__(self, game_id: str = "maui", players: int = 4, seat: int = 0, lang: str = "en", seed=None,
                 bots: bool = True, **setup):
        super().__init__()
        self.add_class("tutor-play")
        self.add_class("tutor-widget")
        self.lang = lang
        self.game_id = game_id
        self.players = players
        self.seat = seat
        self.seed = seed
        self.setup_kwargs = setup
        self.hotseat = not bots
        self.state = None
        self.history: list = []        # (state, log length, last events) before each human action
        self.events_log: list = []            # every event of this game, in order
        self.last_events: tuple = ()   # what the last human action (and the bots after it) caused
        self.selected: dict = {}       # seat -> the card a learner chose (games with a card-then-cell picker)
        self._deals = 0
        self._rng = random.Random(None if seed is None else f"bots/{seed}")
        self._spare: list[W.Button] = []   # move buttons of the last refresh, reused by the next one

        self.errors = ErrorArea()
        self.svg = svg_box()
        self.status = W.HTML("")
        self.status.add_class("tutor-status")
        self.actions = W.VBox([])
        self.actions.add_class("tutor-actions")
        self.log_box = W.HTML("")
        self.log_box.add_class("tutor-log")
        self.score_box = W.HTML("")
        self.score_box.add_class("tutor-score")
        self.undo_button = W.Button(description=ui("undo", lang), tooltip=ui("undo.tip", lang))
        self.new_button = W.Button(description=ui("new", lang), tooltip=ui("new.tip", lang))
        self.hotseat_box = W.Checkbox(value=self.hotseat, description=ui("hotseat", lang), indent=False,
                                      tooltip=ui("hotseat.tip", lang))
        self.saved = W.Textarea(value="", placeholder=ui("saved_box", lang),
                                layout=W.Layout(width="100%", height="5em"))
        self.save_button = W.Button(description=ui("save", lang), tooltip=ui("save.tip", lang))
        self.load_button = W.Button(description=ui("load", lang), tooltip=ui("load.tip", lang))

        g = guard(self.errors, lang)
        self.undo_button.on_click(g(lambda _b: self.undo()))
        self.new_button.on_click(g(lambda _b: self.new_game()))
        self.save_button.on_click(g(lambda _b: self.save()))
        self.load_button.on_click(g(lambda _b: self.load(self.saved.value)))
        self.hotseat_box.observe(g(lambda change: self.set_hotseat(change["new"])), names="value")

        controls = W.HBox([self.undo_button, self.new_button, self.hotseat_box],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        saving = W.Accordion([W.VBox([self.saved, W.HBox([self.save_button, self.load_button])])])
        saving.set_title(0, ui("saved_box", lang))
        saving.selected_index = None
        self.children = [self.svg, self.status, self.actions, self.errors, controls,
                         self.score_box, self.log_box, saving]

        with guard(self.errors, lang):
            self.game = load(game_id)
            self.new_game()

    # ------------------------------------------------------------------ who plays

    def humans(self) -> list[int]:
        return list(range(self.players)) if self.hotseat else [self.seat]

    @property
    def viewer(self):
        """Whose view the table draws: the learner's seat, or the teacher's full view in hot-seat."""
        return None if self.hotseat else self.seat

    # ------------------------------------------------------------------ actions (each one guarded by callers)

    def new_game(self) -> None:
        seed = self.seed if (self._deals == 0 or self.seed is None) else f"{self.seed}/{self._deals}"
        # a game may ask the table for setup options (Aqua Fest: players lay their start tiles first)
        options = {**getattr(self.game, "PLAY_SETUP", {}), **self.setup_kwargs}
        state = self.game.setup(self.players, seed=seed, **options)
        self._deals += 1
        self.state = state
        self.history = []
        self.events_log = []
        self.last_events = ()
        self.selected = {}
        self._run_bots()
        self.refresh()

    def act(self, action) -> None:
        """A human action: the engine applies it or refuses it (then nothing changes); bots answer."""
        with guard(self.errors, self.lang):
            new, events = self.game.apply(self.state, action)
            self.history.append((self.state, len(self.events_log), self.last_events))
            self.state = new
            self.events_log.extend(events)
            self.last_events = tuple(events)
            self.selected = {}
            self._run_bots()
            self.refresh()

    def _run_bots(self) -> None:
        """Every non-human seat that has to move acts, until a human must decide or the game ends."""
        if self.state is None or self.hotseat:
            return
        humans = set(self.humans())
        for _ in range(MAX_BOT_STEPS):
            if self.game.is_over(self.state):
                return
            movers = list(self.game.to_move(self.state))
            if not movers or humans & set(movers):
                return
            for seat in movers:
                action = labels.bot_action(self.game, self.state, seat, self._rng)
                self.state, events = self.game.apply(self.state, action)
                self.events_log.extend(events)
                self.last_events += tuple(events)
                if self.game.is_over(self.state):
                    return

    def undo(self) -> None:
        if not self.history:
            return
        self.state, size, self.last_events = self.history.pop()
        del self.events_log[size:]
        self.selected = {}
        self.refresh()

    def choose_card(self, seat: int, card) -> None:
        """Card-then-cell pickers: `seat` picks `card` (again: puts it back); the board shows where it goes."""
        with guard(self.errors, self.lang):
            if self.selected.get(seat) == card:
                self.selected.pop(seat)
            else:
                self.selected[seat] = card
            self.refresh()

    def set_hotseat(self, on: bool) -> None:
        self.hotseat = bool(on)
        if self.hotseat_box.value != self.hotseat:
            self.hotseat_box.value = self.hotseat
        self._run_bots()
        self.refresh()

    def save(self) -> str:
        """The position as text, also put in the box (to copy, share, or load later)."""
        dump = getattr(self.game, "to_json", None)
        self.saved.value = dump(self.state) if dump else self.state.to_json()
        return self.saved.value

    def load(self, saved_text: str) -> None:
        """Continue from a saved position; a malformed text raises SavedStateError and nothing changes."""
        state = self.game.state_from_json(saved_text)
        if self.state is not None:
            self.history.append((self.state, len(self.events_log), self.last_events))
        self.state = state
        self.selected = {}
        self.players = state.players
        if self.seat >= self.players:
            self.seat = 0
        self.last_events = ()
        self._run_bots()
        self.refresh()

    # ------------------------------------------------------------------ drawing

    def refresh(self) -> None:
        self.undo_button.disabled = not self.history
        # a saved position holds every hidden card, so only the teacher's (hot-seat) table offers it
        self.save_button.disabled = not self.hotseat
        self.save_button.tooltip = ui("save.tip" if self.hotseat else "save.hidden", self.lang)
        if self.state is None:
            self.actions.children = []
            return
        lang = self.lang
        old = self.actions.children
        # the old rows' buttons are reused by the new rows (updated in place: no new models, no closing);
        # the old containers are closed, so a long club evening does not pile up dead comms
        self._spare = [w for row in old for w in _walk(row) if isinstance(w, W.Button)]
        self.actions.children = self._action_rows()
        for row in old:
            _close_containers(row)
        for b in self._spare:      # this refresh needed fewer buttons than the last one
            b.close()
        self._spare = []
        over = self.game.is_over(self.state)
        if over:
            self.status.value = f"<b>{esc(ui('game_over', lang))}</b>"
        elif not self.actions.children:
            waiting = ", ".join(player_name(s, lang) for s in self.game.to_move(self.state))
            self.status.value = esc(ui("waiting", lang, players=waiting))
        else:
            self.status.value = ""
        # what just happened, prominent; the whole game so far folded underneath
        # events are told as this seat may know them (a drawn card is its drawer's secret)
        last = for_viewer(self.last_events, self.viewer)
        body = events_html(last, lang)
        earlier = events_html(for_viewer(self.events_log[-LOG_EVENTS:], self.viewer), lang)
        self.log_box.value = ((f"<h4>{esc(ui('log', lang))}</h4>{body}" if body else "")
                              + (f"<details><summary>{esc(ui('earlier', lang))}</summary>{earlier}</details>"
                                 if earlier else ""))
        self.score_box.value = self.score_html() if over else ""
        view = self.game.view(self.state, self.viewer)
        highlight = events_highlight(last) + self._card_highlight()
        self.svg.value = render(self.game, view, highlight=highlight, events=last, lang=lang)

    def _card_highlight(self) -> tuple:
        """The chosen card (its legal destinations drawn), if the viewer may see it."""
        out = []
        movers = set(self.game.to_move(self.state))
        for seat, card in self.selected.items():
            if seat in movers and seat in self.humans() and (self.viewer is None or self.viewer == seat):
                out.append(f"card:{card}")
        return tuple(out)

    def _action_rows(self) -> list:
        rows = []
        movers = set(self.game.to_move(self.state))
        picker = _picker(self.game_id)
        for seat in self.humans():
            if seat not in movers:
                continue
            if picker is not None:
                rows += picker(self, seat)
                continue
            legal = set(self.game.legal_actions(self.state, seat))
            buttons = []
            for action in labels.offered_actions(self.game, self.state, seat):
                ok = action in legal
                b = self.button(labels.action_label(self.game, action, self.lang),
                                labels.action_tip(self.game, action, self.lang, ok), "info" if ok else "",
                                "tutor-action" if ok else "tutor-action-unavailable",
                                lambda b: self.act(b.action))
                b.action = action
                buttons.append(b)
            who = player_name(seat, self.lang)
            if not self.hotseat:
                who = f"{who} ({ui('you', self.lang)})"
            label = W.HTML(f"<b>{esc(ui('your_move', self.lang, player=who))}</b>", layout=shared("layout"),
                           style=shared("html"))
            rows.append(W.VBox([label, W.HBox(buttons, layout=shared("layout", flex_flow="row wrap"))],
                               layout=shared("layout")))
        return rows

    def button(self, description: str, tooltip: str, style: str, css_class: str, on_click,
               layout: dict | None = None) -> W.Button:
        """A move button for this refresh: one of the last refresh's, updated in place, or a new one.
        `on_click(button)` runs (guarded by the caller's own code) when it is pressed."""
        shape = shared("layout", **(layout or {"width": "auto", "min_width": "3em"}))
        b = self._spare.pop() if self._spare else None
        if b is None:
            b = W.Button(style=shared("button"), layout=shape)
            b.on_click(lambda button: button._tutor_click(button))
        for attr in ("action", "card", "seat", "place"):   # what the button meant last time
            if attr in b.__dict__:
                delattr(b, attr)
        b.layout = shape
        b._dom_classes = (css_class,)
        b.description, b.tooltip, b.button_style, b.disabled = description, tooltip, style, False
        b._tutor_click = on_click
        return b

    def action_buttons(self, seat=None) -> list:
        """The offered buttons (for `seat`, or all), for tests and notebooks that drive the table."""
        out = [b for b in _walk(self.actions) if isinstance(b, W.Button) and hasattr(b, "action")]
        return [b for b in out if seat is None or getattr(b.action, "player", seat) == seat]

    def card_buttons(self, seat=None) -> list:
        """Card-then-cell pickers: the buttons that choose a card (each carries `.card`)."""
        return [b for b in _walk(self.actions) if isinstance(b, W.Button) and hasattr(b, "card")
                and (seat is None or getattr(b, "seat", seat) == seat)]

    def score_html(self) -> str:
        lang = self.lang
        rows = []
        for b in self.game.score(self.state):
            name = esc(player_name(b.player, lang))
            lines = list(b.lines)
            if not lines:
                rows.append(f'<tr class="line" data-player="{b.player}"><td>{name}</td>'
                            f'<td>{esc(ui("nothing", lang))}</td><td class="num">0</td><td></td></tr>')
            for i, line in enumerate(lines):
                who = f'<td rowspan="{len(lines)}">{name}</td>' if i == 0 else ""
                rows.append(f'<tr class="line" data-player="{b.player}">{who}<td>{esc(line.label(lang))}</td>'
                            f'<td class="num">{line.points}</td>'
                            f'<td class="tutor-cite">{esc(safe_cite(line.rule, lang))}</td></tr>')
            rows.append(f'<tr class="total" data-player="{b.player}"><td></td><td>{esc(text("core.total", lang))}'
                        f'</td><td class="num">{b.total}</td><td></td></tr>')
        winners = list(self.game.winners(self.state))
        names = ", ".join(player_name(s, lang) for s in winners)
        head = text("core.winner" if len(winners) == 1 else "core.winners", lang)
        note = labels.tiebreak_note(self.game, self.state, lang)
        note = f'<p class="tutor-tiebreak">{esc(note)}</p>' if note else ""
        return (f"<h3>{esc(ui('score', lang))}</h3><table><thead><tr><th></th><th></th>"
                f"<th>{esc(ui('points', lang))}</th><th>{esc(ui('rule', lang))}</th></tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>"
                f'<p class="tutor-winners" data-winners="{",".join(map(str, winners))}">{esc(head)}: {esc(names)}</p>'
                + note)


# games whose actions need more than one flat row of buttons: module path of `action_rows(table, seat)`
PICKERS = {"aqua_fest": "tutor.widgets.aqua_fest_play"}


def _picker(game_id: str):
    path = PICKERS.get(game_id)
    if path is None:
        return None
    import importlib
    return importlib.import_module(path).action_rows


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _close_containers(widget) -> None:
    """Close a row and everything in it but its buttons (the next refresh reuses those)."""
    for child in getattr(widget, "children", ()):
        _close_containers(child)
    if not isinstance(widget, W.Button):
        widget.close()
