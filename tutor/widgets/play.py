"""The play table: a learner takes a seat against bots (or the whole club plays hot-seat), with the
legal moves offered as buttons, refusals explained, every event narrated with its rule, undo, save /
load, and the scored breakdown at the end.

    PlayTable("maui", players=4, seat=0, lang="ru", seed=7)

Generic over any engine (the contract in tutor.core.game): button wording, pickers and bots are the
game's own parts, asked for through tutor.widgets.labels and the game's SPEC.

The game itself (seats, hot seat, the position, undo, bots, save / load, what the viewer may know) is a
tutor.core.session.Session, plain Python the table holds as `session`; the table keeps the page: the offered
choices, the board's clickable keys, the view it sends and the HTML. Its `state`, `history`, `events_log`, ...
are the session's.

The board is clickable too (tutor.widgets.board): what the engine offers, the game's `board_keys` place on
the SVG, step by step (Aqua Fest: a card, then a cell); a board click presses the same choice as its button.
"""

from __future__ import annotations

import base64
import logging
import secrets
from typing import Any, Callable, Container, Iterable, Optional, Sequence, Union

import anywidget
import traitlets

from tutor.core.cardtable import attr as attr_text
from tutor.core.events import Event
from tutor.core.game import AnySpec, RowPart
from tutor.core.i18n import has, learner_seat, number, player_name, text
from tutor.core.safe_input import MAX_SAVED_BYTES
from tutor.core.coach import chosen as coach_hints
from tutor.core.session import Session, Step
from tutor.core.svg import Offer
from tutor.widgets import film, labels
from tutor.widgets import screen
from tutor.widgets.board import BoardKeys, esm_with_choices, paths_of, render_choosable, routes, steps
from tutor.widgets.common import (
    Narrated, StandIn, TraitMessage, esc, events_html, guard, safe_cite, split_defs, ui,
)

log = logging.getLogger(__name__)

LOG_EVENTS = 80          # the log shows this many most recent events
CONTROL_WORDS = ("undo", "undo.tip", "new", "new.tip", "new.sure", "hotseat", "hotseat.tip", "save", "save.tip", "load",
                 "load.tip", "saved_box", "to_moves", "share", "share.tip", "share.done", "share.bad",
                 "board.not_offered", "board.confirm", "board.then")
# the film's words (tutor.widgets.film; the page draws its bar), the coach's switch, the tips' title
FILM_WORDS = ("film.next", "film.go_on", "film.back_to_move", "film.waiting", "film.back", "film.skip", "film.skip_game", "film.again",
              "film.replay",
              "film.speed", "film.speed.step", "film.speed.normal", "film.speed.fast", "film.speed.off", "coach", "coach.tip", "tips")


class Choice:
    """One thing the learner can press: an offered move (or card, or control), drawn as a button on the page.
    `click()` presses it as the page does. Pickers attach what it means (`action`, `card`, `seat`, `place`)."""

    board_only = False      # offered on the board alone (a legal action without a button in this view)
    # what a choice may mean, set only where it does (`hasattr` tells): the engine action it sends, the card and
    # seat of a card choice (chosen now or not), the keys a board step chooses, the board element a choice is tied
    # to, the drop-down beside it
    action: Any
    card: Any
    seat: int
    chosen: bool
    then: tuple[str, ...]
    board_key: str
    place: "Pick"
    icon: str               # a small picture beside the words (GameUI.action_icon): the game's own SVG

    def __init__(self, table: "PlayTable", cid: str, description: str, tooltip: str = "", style: str = "",
                 classes: Iterable[str] = (), on_press: Optional[Callable[["Choice"], object]] = None,
                 **meaning: Any) -> None:
        self.table, self.id = table, cid
        self.description, self.tooltip, self.button_style = description, tooltip, style
        self.classes = tuple(classes)
        self.disabled = False
        self.on_press = on_press
        for name, value in meaning.items():
            setattr(self, name, value)

    def click(self) -> None:
        self.table.press(self.id, v=self.table.version)

    def to_json(self) -> dict[str, Any]:
        out = {"id": self.id, "label": self.description, "tip": self.tooltip, "style": self.button_style,
               "classes": list(self.classes)}
        icon = getattr(self, "icon", "")
        if icon:
            out["icon"] = icon
        return out


class Pick:
    """A drop-down beside a choice (Aqua Fest's home place): setting `value` is what the page's select does."""

    def __init__(self, table: "PlayTable", cid: str, description: str, options: Iterable[tuple[str, Any]], value: Any,
                 on_change: Callable[[Any], object]) -> None:
        self.table, self.id = table, cid
        self.description, self.options, self._value = description, list(options), value
        self.on_change = on_change

    @property
    def value(self) -> Any:
        return self._value

    @value.setter
    def value(self, new: Any) -> None:
        self.table.press(self.id, v=self.table.version, value=new)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.description, "options": [[str(k), v] for k, v in self.options],
                "value": self._value}


class Placer:
    """A piece the seat places by pointing at the board (GameUI.placing): the page sends (o, x, y); `place` does
    what the page does."""

    def __init__(self, table: "PlayTable", cid: str, data: dict[str, Any], act: Callable[[int, int, int], Any]) -> None:
        self.table, self.id, self.data, self.act = table, cid, data, act

    def place(self, o: int, x: int, y: int) -> None:
        self.table.press(self.id, v=self.table.version, value=[o, x, y])


def _from_session(name: str, default: Any) -> Any:
    """A table attribute that is its session's (read and set there); `default` while there is no session."""

    def get(table: PlayTable) -> Any:
        session = table.session
        return default if session is None else getattr(session, name)

    def put(table: PlayTable, value: Any) -> None:
        setattr(table.session, name, value)

    return property(get, put, doc=f"The session's `{name}` (tutor.core.session.Session).")


class PlayTable(StandIn, anywidget.AnyWidget):
    """A game against bots (or hot-seat). `setup` passes explicit components to `game.setup`.

    One anywidget (tutor/widgets/static/play.js): after every action the kernel sends one `view`, and the page
    redraws the board, the offered choices and the log from it."""

    _esm = esm_with_choices("play.js")
    advises = True          # shows the game's advice (GameUI.advice) under the board for the learner to move
    # shows which offered choices are legal (a chosen card's destinations, greyed and dashed "not now" moves): help
    # during a game. A "your turn" task offers its moves alike instead (highlight "hide:preview"), since marking them
    # would answer its question (tests/test_give_aways.py)
    previews = True
    confirms = True      # a game's board choices that stand for good take a second tap (GameUI.confirm_board)
    shares = True        # a finished game offers its link to share (a task does not: tutor.widgets.your_turn)
    # after the learner's move, the others' turns are shown one at a time (tutor.widgets.film) and a trick's, a
    # round's or the game's summary waits to be read; a task answers for the others itself
    shows_turns = True
    # the game in progress is kept on the learner's device and picked up again when they come back (a phone learner
    # who left the page lost a game of 20 minutes); a task is one move on a set position and keeps nothing
    resumable = True
    labels = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)       # plain text: a refusal explained, or what went wrong
    saved = traitlets.Unicode("").tag(sync=True)       # the saved-position box
    max_saved = traitlets.Int(MAX_SAVED_BYTES).tag(sync=True)   # a longer paste (UTF-8 bytes) is refused in the page

    def __init__(self, game_id: str, players: int = 4, seat: int = 0, lang: str = "en", seed: int | str | None = None,
                 bots: bool = True, session: Optional[Session] = None, **setup: Any) -> None:
        """`session`: a game already made (a set position: tutor.core.session.Session.from_state); else the table
        deals `game_id` for `players` with `setup` (explicit components), `seed` and bots (or hot seat)."""
        super().__init__(labels={**{k: ui(k, lang) for k in CONTROL_WORDS + FILM_WORDS},
                                 # the kernel's refusal of a paste too long to load, for the page to show
                                 "too_long": text("core.saved_state", lang, problem=ui("saved_too_long", lang))})
        self.lang = lang
        self.game_id = game_id
        # the game itself (who plays, the position, undo, bots, save / load): a pure model, see tutor.core.session;
        # None only when the game could not be set up (the error area says why)
        self.session: Optional[Session] = None
        self._seat, self._players, self._hotseat = seat, players, not bots     # until there is a session
        self.selected: dict[int, tuple[str, ...]] = {}     # seat -> the board keys chosen so far (a card, before its cell)
        self.version = 0               # counts refreshes: a press on an older view (a double click) is dropped
        self._offered: dict[str, Choice | Pick | Placer] = {}    # choice id -> what it is, in the current view
        self._rows: list[list[RowPart]] = []    # the current view's groups of parts (captions, choices, picks)
        self._board: dict[str, tuple[Choice, Offer]] = {}   # board key -> (Choice, Offer) of the current view
        self._placer: Optional[Placer] = None   # a piece placed by pointing at the board (GameUI.placing)
        self._board_next: list[str] = []    # the ids of the board's next step (the keyboard goes there)
        self._svg = ""
        self._defs: dict[str, str] = {}     # key -> the board's <defs>, sent once to a page that asks
        self._said: Narrated = {}           # the log's lines, each event narrated once (events_html's memo)
        self._turns: list[Step] = []        # the film of the others' turns since the learner's move (or none)
        self._game_film: Optional[tuple[Any, int, list[Step]]] = None     # a finished game's film, made once
        self.summaries: dict[Any, tuple[Step, str]] = {}    # (step, viewer, lang) -> its summary (tutor.widgets.film)
        self.film_id = 0                    # counts films: the page asks for frames of the current one only
        self.film_fresh = False             # the film was made by the move just sent: the page plays it once
        self.errors = TraitMessage(self, "error")
        self.add_class("tutor-play")

        g = guard(self.errors, lang)
        self.undo_button = Choice(self, "undo", ui("undo", lang), ui("undo.tip", lang), on_press=g.calling(self.undo))
        self.new_button = Choice(self, "new", ui("new", lang), ui("new.tip", lang), on_press=g.calling(self.new_game))
        self.save_button = Choice(self, "save", ui("save", lang), ui("save.tip", lang), on_press=g.calling(self.save))
        self.load_button = Choice(self, "load", ui("load", lang), ui("load.tip", lang),
                                  on_press=g.calling(lambda: self.load(self.saved)))
        self.share_button = Choice(self, "share", ui("share", lang), ui("share.tip", lang), on_press=g.calling(self.share))
        self._controls = {c.id: c for c in (self.undo_button, self.new_button, self.save_button, self.load_button,
                                            self.share_button)}
        self.on_msg(self._on_msg)
        screen.watch(self._relayout)

        if seed is None and session is None and self.resumable:
            # a seed of its own, so that the game can be replayed from its deal (Session.resume_record); as random
            # as the unseeded deal it replaces
            seed = secrets.token_hex(8)
        self._resumed = False       # the game was just picked up from the learner's device: say so once
        with guard(self.errors, lang):
            self.session = session or Session(game_id, players, seat, seed, bots, deal=False, **setup)
            # how many may sit at the table: the game's own range, for the page's list (a club teacher wanted
            # tonight's four at a table that always dealt two)
            counts = list(self.live.game.players) if self.live.start is None else []
            # a tap on the board before anything is chosen: the game's own words for its first step where it has
            # them (Aqua Fest: a card, then a cell; a reader tapped the fragment first and nothing answered)
            own = f"ui.{game_id}.first_step"
            first_step = text(own, lang) if has(own) else ui("board.first_step", lang)
            self.labels = {**self.labels, "tips_list": self.tips_html(), "players_range": counts,
                           "players_pick": ui("players_pick", lang), "board.first_step": first_step}
            self.new_game()
        if self.state is None:
            self.refresh()

    # ------------------------------------------------------------------ the session's state, as tests and games name it

    # (typed as a game that could be set up has them: a table without one draws nothing and offers nothing)
    game: AnySpec = _from_session("game", None)
    state: Any = _from_session("state", None)
    history: Sequence[Any] = _from_session("history", ())
    events_log: Sequence[Event] = _from_session("events_log", ())
    last_events: Sequence[Event] = _from_session("last_events", ())
    at_device: Optional[int] = _from_session("at_device", None)
    seed: int | str | None = _from_session("seed", None)

    @property
    def live(self) -> Session:
        """The session, for what only a set-up game can do (the guard answers a press that comes without one)."""
        if self.session is None:
            raise RuntimeError("the table has no game: it could not be set up")
        return self.session

    @property
    def seat(self) -> int:
        return self._seat if self.session is None else self.session.seat

    @property
    def players(self) -> int:
        return self._players if self.session is None else self.session.players

    @property
    def hotseat(self) -> bool:
        return self._hotseat if self.session is None else self.session.hotseat

    # ------------------------------------------------------------------ who plays

    def humans(self) -> list[int]:
        return [] if self.session is None else self.session.humans()

    @property
    def viewer(self) -> Optional[int]:
        """Whose view the table draws: the learner's seat; in hot seat, the seat at the device (everything once
        the game is over)."""
        return self.seat if self.session is None else self.session.viewer

    @property
    def passing(self) -> Optional[int]:
        """Hot seat: the seat the device must go to next (a pass screen shows meanwhile), else None."""
        return None if self.session is None else self.session.passing

    def take_device(self, seat: int) -> None:
        """Hot seat: the player at `seat` has the device now; their hand and choices show."""
        if self.session is not None and self.session.take_device(seat):
            self.selected = {}
            self.refresh()

    # ------------------------------------------------------------------ actions (each one guarded by callers)

    def new_game(self) -> None:
        """A fresh deal (seeded: the next deals of a seeded table are seeded too), bots to move playing first."""
        self.selected = {}
        self.summaries = {}
        self.live.new_game()
        self._film()
        self.refresh()

    def set_players(self, players: int) -> None:
        """A new game for `players` (one of the game's own counts; anything else is dropped), the learner at the same
        seat. A count the game cannot be dealt for leaves the table as it was."""
        live = self.live
        if players == live.players or players not in live.game.players or live.start is not None \
                or not 0 <= live.seat < players:
            return
        before = live.players
        live.players = players
        try:
            self.new_game()
        except Exception:
            live.players = before
            raise

    def act(self, action: Any) -> None:
        """A human action: the engine applies it or refuses it (then nothing changes); bots answer."""
        # a refusal names the learner's own seat "(you)" (tutor.core.i18n.learner_seat); the board and log after a
        # move keep the plain names
        with learner_seat(None if self.live.hotseat else self.live.seat):
            with guard(self.errors, self.lang) as acted:
                self.live.act(action)
        if acted.caught is None:
            with guard(self.errors, self.lang, clear=False):
                self.selected = {}
                self._film()
                self.refresh()

    def undo(self) -> None:
        """Back to the learner's last decision (tutor.core.session.Session.undo); bots to move play on."""
        if self.live.undo():
            self.selected = {}
            self._turns = []
            self.film_id += 1
            self.refresh()

    def resume(self, record: Any) -> bool:
        """Pick up the game `record` describes (the page's, from the learner's device: Session.resume_record),
        replayed from its deal, if this table has not started one of its own yet. A record that is not a game of
        this table is dropped with a log line, the fresh game stays (the page then keeps that one). Either way
        the page gets a view."""
        taken = False
        if self.resumable and self.session is not None and not any(s.human for s in self.session.steps):
            try:
                self.session = Session.replayed(self.game, record, **self.session.setup_kwargs)
                taken = True
            except Exception as exc:        # an old, edited or foreign record: never the learner's problem
                log.warning("a kept game was not picked up: %s", exc)
        if taken:
            self.selected = {}
            self.summaries = {}
            self._turns = []
            self.film_id += 1
            self._resumed = True
            # the others' turns since the learner's move, kept to be seen again ("See the last turns again") where
            # they end a trick, a round or the game: a reload mid-film went on past a round's summary, never seen
            # again (two readers, stop 58). Not played again by themselves: the page came back a round behind
            # where the learner had left it, and they had to step through it again (two readers, stop 59)
            if not self.live.is_over() and any(film.summary(self, s) for s in self.live.turns()):
                self._film()
                self.film_fresh = False
        with guard(self.errors, self.lang):
            self.refresh()
        self._resumed = False
        return taken

    def choose(self, seat: int, keys: Sequence[str]) -> None:
        """A step of a several-step choice: `seat` has chosen the board `keys` so far (a card; () puts it back);
        the board shows what it leads to."""
        with guard(self.errors, self.lang):
            if keys:
                self.selected[seat] = tuple(keys)
            else:
                self.selected.pop(seat, None)
            self.refresh()

    def set_hotseat(self, on: bool) -> None:
        self.live.set_hotseat(on)
        self.refresh()

    def save(self) -> str:
        """The position as text, also put in the box (to copy, share, or load later)."""
        self.saved = self.live.save()
        return self.saved

    def share(self) -> str:
        """The position as a link's fragment (`#play=` and the saved text in URL-safe base64): the page makes the
        link and offers it to copy; opened, the page loads it as a pasted position. Offered where saving is (the
        hot-seat table) and once the game is over (nothing is hidden any more)."""
        fragment = share_fragment(self.live.save())
        self.saved = self.live.save()
        self.send({"share": fragment})
        return fragment

    def load(self, saved_text: str) -> None:
        """Continue from a saved position; a malformed text raises SavedStateError and nothing changes: the
        table keeps its game, its undo and its offered moves."""
        before = self.live.snapshot()
        self.live.load(saved_text, self.lang)      # refused: raised with nothing changed
        selected, self.selected = self.selected, {}
        self._turns = []
        self.film_id += 1
        try:
            self.refresh()
        except Exception:
            # a position the codec let through but the table cannot draw: back to the game as it was
            self.live.restore(before)
            self.selected = selected
            self.refresh()
            raise
        if isinstance(saved_text, str):
            self.saved = saved_text

    # ------------------------------------------------------------------ the page presses

    def press(self, cid: str, v: int | None = None, **extra: Any) -> None:
        """What the page sends for a press: a control, an offered choice (only on the view it was offered in),
        or a pick's new value. Anything else is dropped: a hostile or stale page cannot act out of turn."""
        with self.hold_sync():     # whatever the press changes reaches the page as one message
            if cid == "hotseat":
                with guard(self.errors, self.lang):
                    self.set_hotseat(bool(extra.get("value")))
                return
            if cid == "players":
                value = extra.get("value")
                if isinstance(value, int) and not isinstance(value, bool):
                    with guard(self.errors, self.lang):
                        self.set_players(value)
                return
            if cid == "load" and isinstance(extra.get("text"), str):
                # the text from the page's box is loaded as it is, not put back into `saved` first: echoing
                # a refused paste of megabytes to the page kept its kernel busy for seconds
                if not self.load_button.disabled:
                    self.errors.clear()
                    with guard(self.errors, self.lang):
                        self.load(extra["text"])
                    if extra.get("link") and self.errors.message:
                        # a shared link's position refused: the table keeps the fresh game it dealt, and says so
                        self.errors.show(f'{ui("share.bad", self.lang)} {self.errors.message}')
                return
            control = self._controls.get(cid)
            if control is not None:
                if not control.disabled and control.on_press is not None:
                    control.on_press(control)
                return
            offered = self._offered.get(cid)
            if offered is None or v != self.version:
                return
            if isinstance(offered, Placer):
                value = extra.get("value")
                if (isinstance(value, list) and len(value) == 3
                        and all(type(n) is int for n in value)):
                    self.act(offered.act(*value))
                return
            if isinstance(offered, Pick):
                value = extra.get("value")
                if any(value == option for _, option in offered.options):
                    offered._value = value
                    with guard(self.errors, self.lang):
                        offered.on_change(value)
                    self._send_view()
                return
            if offered.on_press is not None:
                # (a game's own choice may refuse with the rule, as the engine does: Aqua Fest's card that cannot
                # move now, tapped)
                with guard(self.errors, self.lang):
                    offered.on_press(offered)

    # ------------------------------------------------------------------ the film of the others' turns

    def _film(self) -> None:
        """After a move (or a deal the bots opened): the steps since the learner's move become the film the page
        plays, if they show something the live board does not."""
        steps = self.live.turns()
        self.film_id += 1        # a film the page still plays of an earlier move ends with the next view
        if self.shows_turns and not self.hotseat and film.worth_showing(steps, self):
            self._turns = film.beats(self, steps)
            self.film_fresh = True
        else:
            self._turns = []

    def film_steps(self, kind: str = film.TURNS) -> list[Step]:
        """The steps of a film: the others' turns since the learner's move, or (once it is over) the whole game."""
        if kind == film.GAME:
            if not (self.shows_turns and self.is_over()):
                return []
            # made once a game (the page asks for it at every frame): the same step objects, so each summary is made
            # once too (film.summary)
            steps = self.live.steps
            if self._game_film is None or self._game_film[0] is not steps or self._game_film[1] != len(steps):
                self._game_film = (steps, len(steps), film.beats(self, steps))
            return list(self._game_film[2])
        return list(self._turns)

    def is_over(self) -> bool:
        return self.session is not None and self.session.is_over()

    def remember_defs(self, key: str, markup: str) -> None:
        """A board's symbols, sent once to a page that asks for them."""
        self._defs[key] = markup

    def _send_frame(self, content: dict[str, Any]) -> None:
        kind, i, film_id = content.get("film"), content.get("i"), content.get("id")
        if kind not in (film.TURNS, film.GAME) or type(i) is not int or film_id != self.film_id:
            return
        steps = self.film_steps(kind)
        if 0 <= i < len(steps):
            with guard(self.errors, self.lang):
                self.send({"frame": {**film.frame(self, steps, i, self.film_id), "kind": kind}})

    def panel_for(self, state: Any) -> str:
        """The game's running score as the viewer may know it (GameUI.score_panel), titled, or ""."""
        make = self.game.parts().score_panel
        if make is None or state is None or not self.shows_turns:
            return ""
        html = make(state, self.viewer, self.lang) or ""
        return (f'<section class="tutor-score-panel" aria-label="{esc(ui("score_panel", self.lang))}">{html}</section>'
                if html else "")

    def tips_html(self) -> str:
        """The game's first-game tips (GameUI.tips) as a list, or ""."""
        make = self.game.parts().tips if self.session is not None and self.shows_turns else None
        tips = make(self.lang) if make is not None else []
        return "".join(f"<li>{esc(t)}</li>" for t in tips)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("want") == "frame":
            self._send_frame(content)
            return
        if content.get("want") == "resume":
            self.resume(content.get("record"))
            return
        if content.get("want") == "defs":
            key = content.get("key")
            if isinstance(key, str) and key in self._defs:
                self.send({"defs": {"key": key, "markup": self._defs[key]}})
            return
        cid, v = content.get("press"), content.get("v")
        if isinstance(cid, str) and (v is None or isinstance(v, int)):
            extra = {k: content[k] for k in ("value", "text", "link") if k in content}
            self.press(cid, v=v, **extra)

    # ------------------------------------------------------------------ drawing

    def _relayout(self, _layout: str) -> None:
        """The page's screen changed (a phone turned): the board is drawn again for it (tutor.widgets.screen)."""
        with guard(self.errors, self.lang):
            self.refresh()

    def refresh(self) -> None:
        """Rebuild what the page shows from the state and send it (one message)."""
        self.version += 1
        self.undo_button.disabled = not self.history
        # the table's rule: nothing hidden that was shown is taken back (tutor.core.session)
        barrier = self.session is not None and self.session.barrier
        self.undo_button.tooltip = ui("undo.barrier" if barrier else "undo.tip", self.lang)
        # a saved position holds every hidden card, so only the teacher's (hot-seat) table offers it
        self.save_button.disabled = not self.hotseat
        self.share_button.disabled = not self.shares or not (self.hotseat or self.is_over())
        self.save_button.tooltip = ui("save.tip" if self.hotseat else "save.hidden", self.lang)
        self._offered = {}
        self._rows = []
        self._board = {}
        self._board_next = []
        self._placer = None
        if self.state is None:
            self._svg = ""
            self._send_view()
            return
        passing = self.passing
        if passing is not None:
            # nobody's hand on screen while the device changes hands: the next player says they have it
            who = player_name(passing, self.lang)
            self._rows = [[self.caption(ui("pass_to", self.lang, player=who), bold=True),
                           {"choices": [self.choice(ui("take_device", self.lang, player=who), "", "info",
                                                    "tutor-take-device", lambda c: self.take_device(c.seat),
                                                    seat=passing)]}]]
        else:
            self._rows = self._action_rows()
            self._board = self._board_choices()
            self._placer = self._placing()
        self._send_view()

    def _send_view(self) -> None:
        lang = self.lang
        status = ""
        over = self.state is not None and self.game.is_over(self.state)
        if over:
            status = f"<b>{esc(ui('game_over', lang))}</b>"
        elif self.state is not None and not self._rows:
            waiting = ", ".join(player_name(s, lang) for s in self.game.to_move(self.state))
            status = esc(ui("waiting", lang, players=waiting))
        log_html, board, key, advice, coach = "", "", "", "", ""
        # the viewer's position: none without a game, or while a hot-seat device is being passed on
        view = self.live.board_view() if self.state is not None else None
        if view is not None:
            # what just happened, prominent; the whole game so far folded underneath
            # events are told as this seat may know them (a drawn card is its drawer's secret)
            told = self.live.told
            # a step the film summed up (a round, a trick: it waited on "Go on") is marked there, not on the next
            # move's board: Мяури's "caught · won tie" stayed on the seats through the next round's choosing, read
            # as news of that round (a reader, stop 56)
            steps = self.live.steps
            summed = not self.hotseat and bool(steps) and bool(film.summary(self, steps[-1]))
            last = () if summed else told(self.last_events)
            body = events_html(told(self.logged(self.last_events)), lang, self._said)
            earlier = events_html(told(self.events_log[-LOG_EVENTS:]), lang, self._said)
            log_html = ((f"<h4>{esc(ui('log', lang))}</h4>{body}" if body else "")
                        + (f"<details><summary>{esc(ui('earlier', lang))}</summary>{earlier}</details>"
                           if earlier else ""))
            highlight = (self._chosen_highlight() + (self.game.parts().table_marks if self.advises else ())
                         + self.board_marks())
            self._svg = render_choosable(self.game, view, highlight=highlight, events=last, lang=lang,
                                         choosable={key: offer for key, (_c, offer) in self._board.items()})
            # a "not now" action whose element the board does not draw (Мяури's used dive cards lie face up in
            # the discards, not as choosable cards) is not offered there: a click can only come from a drawn one
            for key in [k for k, (_c, offer) in self._board.items() if not offer.available]:
                if f'data-key="{attr_text(key)}"' not in self._svg:
                    del self._board[key]
            board, (key, markup) = split_defs(self._svg)
            if key:
                self._defs[key] = markup
            advised = self.advised_seat()
            advice = self.advice_for(advised)
            coach = self.coach_html(advised, advice) if advised is not None else ""
        rows = [[_part_json(part) for part in group] for group in self._rows]
        self.view = {"v": self.version, "board": board, "defs": key, "status": status, "rows": rows,
                     "board_next": self._board_next, "advice": advice, "coach": coach,
                     "placing": ({**self._placer.data, "id": self._placer.id} if self._placer is not None else None),
                     "log": log_html, "score": self.score_table() if over else "",
                     "panel": self.panel_for(self.state) if view is not None else "",
                     # the game's end summed up stays in view once the film has shown it
                     "summary": (film.summary(self, self.live.steps[-1])
                                 if over and view is not None and self.shows_turns and self.live.steps else ""),
                     "film": (film.film_info(self, self._turns, self.film_steps(film.GAME))
                              if view is not None else None),
                     "undo": not self.undo_button.disabled, "undo_tip": self.undo_button.tooltip,
                     "undo_never": "" if self.game.parts().undo else text(f"{self.game_id}.undo.never", lang),
                     # a finger's tap on the board marks a choice that can never be taken back; a second one makes it
                     "confirm_board": self._confirm_keys(),
                     # said in words beside the button too: a phone shows no tooltip
                     # (in the turn where it happened: not at the learner's next turn)
                     "undo_note": self._undo_note(),
                     # a choice under way (a card chosen, its cell still to tap on the board): the page brings the
                     # board into view when the card was chosen below it
                     "stepping": bool(self.selected),
                     "save": not self.save_button.disabled, "share": not self.share_button.disabled,
                     "save_tip": self.save_button.tooltip, "hotseat": self.hotseat, "players": self.players,
                     # what the page keeps on the device to pick this game up again (None: nothing to keep)
                     "resume": ({"key": f"{self.game_id}/{self.lang}", "record": self.live.resume_record()}
                                if self.resumable and self.session is not None else None),
                     "resumed": (ui("resumed", lang) + (" " + ui("resumed_film", lang) if self._turns else ""))
                     if self._resumed else "",
                     # a game the learner has played in and not finished: "New game" asks once before it is lost
                     "under_way": (self.session is not None and not over
                                   and any(step.human for step in self.live.steps))}
        self.film_fresh = False       # the page plays a film once, right after the move that made it

    def _confirm_keys(self) -> Union[bool, list[str]]:
        """The board keys a finger's tap only marks (a second tap makes the choice): all (True), none (False) or
        those whose action the game asks it of (GameUI.confirm_board)."""
        confirm = self.game.parts().confirm_board
        if not self.confirms or not confirm:
            return False
        if confirm is True:
            return True
        # (a "not now" element is refused at once, with its reason: nothing to confirm)
        return [key for key, (c, offer) in self._board.items()
                if offer.available and getattr(c, "action", None) is not None and confirm(c.action)]

    def _undo_note(self) -> str:
        """Why Undo is off, in words beside it (a phone shows no tooltip; a greyed button with no word was tapped
        and "did nothing" for two readers): in the turn a card was shown, of that move; at a later turn, of the
        table's rule in general (words about "this move" then spoke of a move gone by)."""
        if self.session is None or self.history or not self.session.barrier or self.is_over():
            return ""
        key = "undo.barrier_short" if self.session.barrier_this_turn() else "undo.barrier_off"
        # a game whose hidden thing is not a card says its own (Острів котів: tiles drawn from the bag; a reader
        # wondered which family card had been turned up)
        own = f"{self.game_id}.{key}"
        return text(own, self.lang) if has(own) else ui(key, self.lang)

    def logged(self, events: Iterable[Event]) -> tuple[Event, ...]:
        """The events the log tells under "What happened" (a task leaves out those its verdict lists)."""
        return tuple(events)

    # what the page shows, for tests and notebooks that drive the table
    @property
    def svg(self) -> str:
        """The board as drawn, with its symbols."""
        return self._svg

    @property
    def status_html(self) -> str:
        """The status line and what a task's verdict says under it."""
        return str(self.view.get("status", "")) + str(self.view.get("status_more", ""))

    @property
    def log_html(self) -> str:
        return str(self.view.get("log", ""))

    @property
    def score_html(self) -> str:
        return str(self.view.get("score", ""))

    @property
    def advice_html(self) -> str:
        """The game's advice under the board for the seat to move (its `advice` part), or ""."""
        return str(self.view.get("advice", ""))

    def advised_seat(self) -> Optional[int]:
        """The seat the game's advice is for: the seat to move, when it is the learner's (in hot seat: the seat
        at the device), never a bot's, nobody's once the game is over. Advice uses what that seat knows, so it
        is shown only where that seat's hand is."""
        if not self.advises or self.state is None or self.passing is not None or self.game.is_over(self.state):
            return None
        seat = self.viewer
        if seat is None or seat not in self.humans() or seat not in self.game.to_move(self.state):
            return None
        return seat

    def advice_for(self, seat: Optional[int]) -> str:
        """The game's advice for `seat` as the page shows it (a titled region), or "" (no seat, no advice)."""
        if seat is None:
            return ""
        html = labels.advice(self.game, self.state, seat, self.lang)
        if not html:
            return ""
        name = esc(ui("advice", self.lang))
        return f'<section class="tutor-advice" data-seat="{seat}" aria-label="{name}">{html}</section>'

    def coach(self, seat: int) -> list[Any]:
        """The coach's hints for `seat` to move (GameUI.coach, tutor.core.coach): the ones the table shows."""
        make = self.game.parts().coach
        return coach_hints(make(self.state, seat, self.lang)) if make is not None else []

    def coach_html(self, seat: int, advice: str = "") -> str:
        """The coach's hints for `seat`, less those whose rule the advice box beside them already tells (Козырные
        киты' trump and the family to follow were said twice, a few lines apart, a reader)."""
        hints = [h for h in self.coach(seat) if not advice or esc(safe_cite(h.rule, self.lang)) not in advice]
        if not hints:
            return ""
        items = "".join(f'<li data-hint="{esc(h.kind)}">{esc(h.text)} '
                        f'<span class="tutor-cite">{esc(safe_cite(h.rule, self.lang))}</span></li>' for h in hints)
        return (f'<section class="tutor-coach" aria-label="{esc(ui("coach", self.lang))}">'
                f'<b>{esc(ui("coach", self.lang))}</b><ul>{items}</ul></section>')

    def moves_apart(self) -> bool:
        """Are moves that are not legal now set apart ("Not now") though the table shows no previews (a task)?"""
        return False

    def board_marks(self) -> tuple[str, ...]:
        """Highlights of the table's own to draw on the board besides (a solved task's, tutor.widgets.your_turn)."""
        return ()

    def _chosen_highlight(self) -> tuple[str, ...]:
        """What is chosen so far of a several-step choice (a card: its destinations drawn), if the viewer may
        see it: the board's preview of the choice."""
        out: list[str] = []
        movers = set(self.game.to_move(self.state))
        for seat, keys in self.selected.items():
            if seat in movers and seat in self.humans() and (self.viewer is None or self.viewer == seat):
                out.extend(keys)
        if out and not self.previews:
            out.append("hide:preview")      # the chosen piece ringed, where it may go not drawn
        return tuple(out)

    def _board_choices(self) -> dict[str, tuple[Choice, Offer]]:
        """{board key: (Choice, Offer)}: what the board offers, for each seat that has moves offered as buttons
        now. A key that completes an action presses that action's button; a step sets `selected`."""
        board_keys, board_kinds = self.game.parts().board_keys, self.game.parts().board_kinds
        if board_keys is None:
            return {}
        buttons = [c for c in self._offered.values()
                   if isinstance(c, Choice) and hasattr(c, "action") and "tutor-action" in c.classes]
        # the seats with a button here, or a choice tied to a board element (a task that offers its cards alone)
        tied = [getattr(c, "seat", None) for c in self._offered.values()
                if isinstance(c, Choice) and getattr(c, "board_key", None)]
        seats = list(dict.fromkeys([getattr(c.action, "player", None) for c in buttons] + tied))
        out: dict[str, tuple[Choice, Offer, int]] = {}
        for seat in seats:
            if seat is None:
                continue
            by_action = {c.action: c for c in buttons if getattr(c.action, "player", None) == seat}
            acts = self.game.legal_actions(self.state, seat)
            # the kinds of action the game lets the board offer now (GameUI.board_kinds)
            kinds = board_kinds(self) if board_kinds is not None else None
            if kinds is not None:
                acts = [a for a in acts if isinstance(a, kinds)]
            if not self.previews:     # every offered button is on the board alike: which are legal is the question
                legal = set(acts)
                acts = list(acts) + [a for a in by_action if a not in legal]
            paths = paths_of(board_keys, acts)
            for step in steps(paths, self.selected.get(seat, ())):
                if step.key in out:
                    continue
                if step.completes:
                    c = by_action.get(step.action)
                    if c is None:        # legal but without a button here: the board still offers it
                        c = self.action_choice(step.action, {step.action})
                        c.board_only = True
                    out[step.key] = (c, Offer(c.id, c.tooltip or c.description), step.level)
                else:
                    c = self.choice("", "", "", "tutor-board-step",
                                    lambda c: self.choose(c.seat, c.then), seat=seat, then=step.then)
                    out[step.key] = (c, Offer(c.id, "", step.pressed), step.level)
            self._not_now(out, seat, board_keys)
        deepest = max((level for _c, _o, level in out.values()), default=0)
        self._board_next = [c.id for c, _o, level in out.values() if level == deepest]
        return {key: (c, offer) for key, (c, offer, _level) in out.items()}

    def _not_now(self, out: dict[str, tuple[Choice, Offer, int]], seat: int,
                 board_keys: Callable[[Any], BoardKeys]) -> None:
        """Add to `out` the board elements of what is offered but not legal now (the greyed "not now" buttons),
        drawn with a faint dashed ring: the last step of one sends the action as its button does, so the engine
        says why not instead of the click doing nothing (Aqua Fest's second card of another species, then its
        cell); an earlier step chooses, as a legal one does. A choice the game ties to a board element
        (`board_key`: Aqua Fest's card buttons, pressed for a card no move is legal for) is clickable there too,
        ringed like the others on a table that shows no previews (a task: a card with no move is the question)."""
        chosen = tuple(self.selected.get(seat, ()))
        for c in list(self._offered.values()):
            action = getattr(c, "action", None)
            if not (isinstance(c, Choice) and "tutor-action-unavailable" in c.classes
                    and getattr(action, "player", None) == seat):
                continue
            for route in routes(board_keys(action)):
                # as `steps` does: the next key after what is chosen, or a fresh start at an earlier step
                level = next((n for n in range(min(len(chosen), len(route) - 1), -1, -1)
                              if route[:n] == chosen[:n]), None)
                if level is None or route[level] in out:
                    continue
                key = route[level]
                if level == len(route) - 1:
                    out[key] = (c, Offer(c.id, c.tooltip or c.description, None, False), -1)
                else:
                    step = self.choice("", "", "", "tutor-board-step", lambda b: self.choose(b.seat, b.then),
                                       seat=seat, then=chosen[:level] + (key,))
                    out[key] = (step, Offer(step.id, "", None, False), -1)
                break
        for c in list(self._offered.values()):
            element = getattr(c, "board_key", None)
            if isinstance(c, Choice) and element and getattr(c, "seat", None) == seat and element not in out:
                out[element] = (c, Offer(c.id, c.tooltip or c.description, None, not self.previews), -1)

    def board_choices(self) -> dict[str, Choice]:
        """{board key: Choice} the board offers now (tests and notebooks click them as the page does)."""
        return {key: c for key, (c, _offer) in self._board.items()}

    def click_board(self, key: str) -> None:
        """Click the board element drawn under `key`, as the page does."""
        choice = self.board_choices().get(key)
        if choice is None:
            raise KeyError(f"nothing choosable at {key!r} (offered: {', '.join(self._board) or 'nothing'})")
        choice.click()

    def _placing(self) -> Optional[Placer]:
        """The piece a seat at this device places by pointing at the board (the game's `placing` part), or None."""
        make = self.game.parts().placing
        if make is None:
            return None
        avoid = self.placing_avoid()
        for seat in self.live.deciding():
            found = make(self.state, seat, self.lang, avoid=avoid) if avoid else make(self.state, seat, self.lang)
            if found is not None:
                p = Placer(self, f"c{len(self._offered)}", found["data"], found["act"])
                self._offered[p.id] = p
                return p
        return None

    def placing_avoid(self) -> tuple[Any, ...]:
        """Moves a placing preview and the list of places must not start at or near (a task's right moves)."""
        return ()

    @property
    def placer(self) -> Optional[Placer]:
        """The piece being placed by pointing at the board now (tests and notebooks place it as the page does)."""
        return self._placer

    def _action_rows(self) -> list[list[RowPart]]:
        """Per seat that must decide now: a group of parts, each a {"caption": html}, a row {"choices": [...]}
        or a {"pick": Pick} (a row of choices may end with its pick)."""
        groups: list[list[RowPart]] = []
        picker = self.game.parts().action_rows   # games whose choices need more than one row
        note = self.game.parts().rows_note
        for seat in self.live.deciding():      # hot seat: only the seat at the device
            said = note(self.state, seat, self.lang) if note is not None else ""
            if picker is not None:
                picked = picker(self, seat)
                if said and picked:
                    # after the buttons it is the other way to ("Or on the board: …"): above them, a reader read the
                    # "or" before the thing it was an alternative to (wave 21)
                    rows = [k for k, part in enumerate(picked[0]) if "choices" in part or "pick" in part]
                    picked[0].insert(rows[0] + 1 if rows else 1, self.caption(said))
                groups += picked
                continue
            legal = set(self.game.legal_actions(self.state, seat))
            choices = [self.action_choice(action, legal) for action in labels.offered_actions(self.game, self.state, seat)]
            # two moves that read alike are one button (Паперові океани: two drawn cards of one kind and colour made
            # the same two "keep" buttons twice, a reader); the board still offers each card
            alike: dict[tuple[str, bool], Choice] = {}
            for c in choices:
                alike.setdefault((c.description, "tutor-action" in c.classes), c)
            choices = list(alike.values())
            now = [c for c in choices if "tutor-action" in c.classes]
            later = [c for c in choices if "tutor-action" not in c.classes]
            group: list[RowPart] = [self.caption(self.your_move(seat), bold=True), {"choices": now}]
            if said and now:
                group.insert(2, self.caption(said))     # after the buttons it is the other way to (see above)
            # the moves offered only so the engine can say why not (Паперові океани's draws once a card is taken)
            # under words of their own: in the same row as the moves to make, a reader took them for moves still open
            if now and later:
                group += [self.caption(ui("not_now", self.lang)), {"choices": later}]
            elif later:
                group[1] = {"choices": later}
            groups.append(group)
        return groups

    def your_move(self, seat: int) -> str:
        return ui("your_move", self.lang, player=self.seat_words(seat))

    def seat_words(self, seat: int) -> str:
        """"Player 1 (you)": the seat at this device named as the learner's, unless players share it (hot seat)."""
        who = player_name(seat, self.lang)
        return who if self.hotseat else f"{who} ({ui('you', self.lang)})"

    @staticmethod
    def caption(words: str, bold: bool = False) -> RowPart:
        return {"caption": f"<b>{esc(words)}</b>" if bold else esc(words)}

    def choice(self, description: str, tooltip: str, style: str, css_class: str, on_press: Callable[[Choice], object],
               **meaning: Any) -> Choice:
        """A choice offered in this view (`css_class`: its classes, space-separated); `on_press(choice)` runs when it
        is pressed (guarded: a RuleViolation it raises is shown as a refusal, nothing changed)."""
        c = Choice(self, f"c{len(self._offered)}", description, tooltip, style, css_class.split(), on_press, **meaning)
        self._offered[c.id] = c
        return c

    def action_choice(self, action: Any, legal: Container[Any], label: str | None = None) -> Choice:
        """An engine action offered as a button: highlighted when legal; offered but refused otherwise, so the
        engine explains why not."""
        ok = action in legal or not (self.previews or self.moves_apart())
        told = self.game.parts().label_in
        if label is None and told is not None and self.state is not None:
            label = told(self.state, action, self.lang)
        tip = labels.action_tip(self.game, action, self.lang, ok)
        if label and tip == labels.action_label(self.game, action, self.lang):
            tip = label       # the tip (the board's words for it) says what the position's own label says
        drawn = self.game.parts().action_icon
        icon = drawn(action, self.lang) if drawn is not None else ""
        return self.choice(label or labels.action_label(self.game, action, self.lang), tip, "info" if ok else "",
                           "tutor-action" if ok else "tutor-action-unavailable", lambda c: self.act(c.action),
                           action=action, **({"icon": icon} if icon else {}))

    def pick(self, description: str, options: Iterable[tuple[str, Any]], value: Any,
             on_change: Callable[[Any], object]) -> Pick:
        p = Pick(self, f"c{len(self._offered)}", description, options, value, on_change)
        self._offered[p.id] = p
        return p

    def action_buttons(self, seat: Optional[int] = None) -> list[Choice]:
        """The offered action choices (for `seat`, or all), for tests and notebooks that drive the table."""
        out = [c for c in self._offered.values() if isinstance(c, Choice) and hasattr(c, "action")
               and not getattr(c, "board_only", False)]
        return [c for c in out if seat is None or getattr(c.action, "player", seat) == seat]

    def card_buttons(self, seat: Optional[int] = None) -> list[Choice]:
        """Card-then-cell pickers: the choices that pick a card (each carries `.card`)."""
        return [c for c in self._offered.values() if isinstance(c, Choice) and hasattr(c, "card")
                and (seat is None or getattr(c, "seat", seat) == seat)]

    def score_table(self) -> str:
        """The scored breakdown at the end: every line with its points and rule, totals, winners."""
        lang = self.lang
        rows = []
        for b in self.game.score(self.state):
            name = esc(player_name(b.player, lang))
            lines = list(b.lines)
            if not lines:
                rows.append(f'<tr class="line" data-player="{b.player}"><td>{name}</td>'
                            f'<td>{esc(ui("nothing", lang))}</td><td class="num">0</td></tr>')
            for i, line in enumerate(lines):
                who = f'<td rowspan="{len(lines)}">{name}</td>' if i == 0 else ""
                # the rule under the line's words, not in a fourth column: on a phone that column lay past the
                # screen's edge («Императо…», two readers)
                cited = safe_cite(line.rule, lang)
                rule = f'<br><span class="tutor-cite">{esc(cited)}</span>' if cited else ""
                rows.append(f'<tr class="line" data-player="{b.player}">{who}<td>{esc(line.label(lang))}{rule}</td>'
                            f'<td class="num">{number(line.points)}</td></tr>')
            rows.append(f'<tr class="total" data-player="{b.player}"><td></td><td>{esc(text("core.total", lang))}'
                        f'</td><td class="num">{number(b.total)}</td></tr>')
        winners = list(self.game.winners(self.state))
        names = ", ".join(player_name(s, lang) for s in winners)
        head = text("core.winner" if len(winners) == 1 else "core.winners", lang)
        note = labels.tiebreak_note(self.game, self.state, lang)
        note = f'<p class="tutor-tiebreak">{esc(note)}</p>' if note else ""
        return (f"<h3>{esc(ui('score', lang))}</h3><table><thead><tr><th></th><th></th>"
                f"<th>{esc(ui('points', lang))}</th></tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>"
                f'<p class="tutor-winners" data-winners="{",".join(map(str, winners))}">{esc(head)}: {esc(names)}</p>'
                + note)


SHARE_PREFIX = "play="      # a link's fragment that holds a position for the lesson's play table


def share_fragment(saved_text: str) -> str:
    """`play=` and the saved position in URL-safe base64 (no padding): what follows '#' in a shared link."""
    return SHARE_PREFIX + base64.urlsafe_b64encode(saved_text.encode("utf-8")).decode("ascii").rstrip("=")


def _part_json(part: RowPart) -> RowPart:
    """A part of a group as the page gets it: a caption, a row of choices, a pick (a row may end with one)."""
    out = dict(part)
    if "choices" in part:
        out["choices"] = [c.to_json() for c in part["choices"]]
    if "pick" in part:
        out["pick"] = part["pick"].to_json()
    return out
