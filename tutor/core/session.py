"""A game at a table, without any widget: who plays, the position, undo, bots, hot seat, save and load.

    s = Session("maui", players=4, seat=0, seed=7)          # the learner at seat 0, bots at the others
    s.act(action)                                           # the engine applies it (or refuses: nothing changes)
    s.undo()                                                # back to the learner's last decision, if nothing
                                                            # hidden has been shown since (the table's rule)
    s.turns()                                               # the steps since the learner's last move, one by one
    s = Session.from_state("maui", state, seat=1)           # a set position ("your turn", a drill): no bots

The play table (tutor.widgets.play) holds one and adds the page: buttons, the board's choices, the HTML. A
"your turn" task holds one made `from_state`: the same seat and viewer, with the bots kept still (the task's own
`then` answers for the others) and "new game" going back to the set position.

Everything here is plain Python over the engine contract (tutor.core.game): no ipywidgets, no traitlets.
"""

from __future__ import annotations

import hashlib
import random
import secrets as _secrets
from dataclasses import dataclass
from typing import Any, Iterable, Optional

from tutor.core.errors import SavedStateError
from tutor.core.events import Event, for_viewer
from tutor.core.game import AnySpec, spec
from tutor.core.i18n import text
from tutor.core.safe_input import too_long

MAX_BOT_STEPS = 1000     # a safety net: bots never loop forever on a broken engine
RESUME_VERSION = 1       # Session.resume_record's form
MAX_RESUME_ACTIONS = 3000     # more human actions than any game of the five takes: a longer record is refused



@dataclass(frozen=True)
class Step:
    """One action taken at the table: by whom (`human`: a seat at this device, not a bot), the positions before and
    after it, and its events (all of them: a widget tells a viewer `Session.told(step.events)`)."""

    seat: int
    human: bool
    before: Any
    after: Any
    events: tuple[Event, ...]
    action: Any = None


# one undo step: the position before a human action, the log's length then, the last events then, and how many
# steps the game had taken then
Undo = tuple[Any, int, tuple[Event, ...], int]
# what Session.snapshot keeps: state, history, events_log, last_events, players, seat, at_device, steps, barrier
Snapshot = tuple[Any, list[Undo], list[Event], tuple[Event, ...], int, int, Optional[int], list[Step], bool]


def bot_rng(salt: str, game: AnySpec, state: Any, seat: int) -> random.Random:
    """The generator a bot decides with at `state`: drawn from the table's salt and the position itself, so a bot
    answers the same position the same way however often it comes back (after an undo a learner cannot fish for
    a better answer), and a seeded table replays the same game."""
    digest = hashlib.sha256(f"{salt}\n{seat}\n{game.to_json(state)}".encode("utf-8")).hexdigest()
    return random.Random(digest)


def bot_action(game: AnySpec, state: Any, seat: int, rng: random.Random) -> Any:
    """A legal action for `seat`: the game's own simple player, or a seeded random choice for a game that
    declares no bots. A declared bots module that fails to import raises: it is a bug, not a fallback."""
    if game.bots is None:
        return rng.choice(list(game.legal_actions(state, seat)))
    return game.bots().choose(state, seat, rng)


class Session:
    """One game at one table.

    `seat` is the learner's seat; with `bots=False` every seat is a human sharing one device (hot seat), and
    `at_device` says whose hand may be on screen. `history` holds, before each human action, (state, log length,
    last events, steps): undo pops it. `events_log` is every event of the game in order; `last_events` what the last
    human action and the bots after it caused; `steps` every action of the game, one Step each (the table shows the
    others' turns one at a time from them, and replays a finished game).

    The table's rule for undo (a ruling of the tutor, not of any rulebook): Undo never goes back past a step that
    showed a player at this device something hidden (a card drawn or looked at, a tile from the bag, another
    player's card turned up): the history before it is dropped (`barrier` says so). What is hidden is the game's
    own `secrets`, so every game follows the rule with no code of its own. And a bot decides from the position
    alone (`bot_rng`): the same position gets the same answer, so undoing and playing again finds nothing new."""

    def __init__(self, game: str | AnySpec, players: int = 4, seat: int = 0, seed: int | str | None = None,
                 bots: bool = True, *, deal: bool = True, **setup: Any) -> None:
        self.game = spec(game) if isinstance(game, str) else game
        self.players = players
        self.seat = seat
        self.seed = seed
        self.setup_kwargs = setup
        self.hotseat = not bots
        self.at_device: Optional[int] = None   # hot seat: the seat whose hand is on screen (None: being passed on)
        self.start: Any = None                 # a set position (from_state): new_game goes back to it
        self.bots_move = True                  # False: the other seats wait (a set position's task answers for them)
        self.state: Any = None
        self.history: list[Undo] = []
        self.events_log: list[Event] = []
        self.last_events: tuple[Event, ...] = ()
        self.steps: list[Step] = []
        self.barrier = False       # the last human action showed something hidden: undo cannot go back before it
        self.replayable = True     # the game is its deal and its human actions alone (resume_record); not once a
                                   # position was loaded or hot seat switched in mid-game
        self._deals = 0
        # what every bot decision is drawn from, with the position: the seed's, or the table's own secret
        self.salt = f"bots/{seed}" if seed is not None else _secrets.token_hex(16)
        if deal:
            self.new_game()

    @classmethod
    def from_state(cls, game: str | AnySpec, state: Any, seat: int, *, bots_move: bool = False) -> "Session":
        """A set position the learner at `seat` plays on. The other seats stay still unless `bots_move`;
        `new_game` comes back to this very position."""
        s = cls(game, players=state.players, seat=seat, bots=True, deal=False)
        s.start = state
        s.bots_move = bots_move
        s.new_game()
        return s

    # ------------------------------------------------------------------ who plays

    def humans(self) -> list[int]:
        return list(range(self.players)) if self.hotseat else [self.seat]

    def is_over(self) -> bool:
        return self.state is not None and self.game.is_over(self.state)

    def to_move(self) -> list[int]:
        return [] if self.state is None else list(self.game.to_move(self.state))

    @property
    def viewer(self) -> Optional[int]:
        """Whose view is drawn: the learner's seat; in hot seat, the seat at the device (everything, None, once the
        game is over)."""
        if not self.hotseat:
            return self.seat
        if self.is_over():
            return None
        return self.at_device

    @property
    def passing(self) -> Optional[int]:
        """Hot seat: the seat the device must go to next (a pass screen shows meanwhile), else None."""
        if not self.hotseat or self.state is None or self.game.is_over(self.state):
            return None
        movers = self.to_move()
        if not movers or self.at_device in movers:
            return None
        return movers[0]

    def take_device(self, seat: int) -> bool:
        """Hot seat: the player at `seat` has the device now (only the seat it must go to may take it)."""
        if seat != self.passing:
            return False
        self.at_device = seat
        return True

    def deciding(self) -> list[int]:
        """The seats that decide at this device now: in hot seat the seat holding it, else the learner; only if
        they must move."""
        movers = set(self.to_move())
        seats = [self.at_device] if self.hotseat else self.humans()
        return [s for s in seats if s in movers]

    def is_my_turn(self, seat: Optional[int] = None) -> bool:
        """Must `seat` (default: the learner's; in hot seat, the seat at the device) move now?"""
        if self.state is None or self.game.is_over(self.state):
            return False
        if seat is None:
            seat = self.at_device if self.hotseat else self.seat
        return seat is not None and seat in self.game.to_move(self.state)

    # ------------------------------------------------------------------ what the viewer may know

    def board_view(self) -> Optional[dict[str, Any]]:
        """The position as the viewer sees it (the engine's view: others' hands hidden); None while a hot-seat
        device is being passed on (nobody's hand may be on screen then)."""
        if self.state is None or self.passing is not None:
            return None
        return self.game.view(self.state, self.viewer)

    def told(self, events: Iterable[Event]) -> list[Event]:
        """`events` as the viewer may know them (a card drawn is its drawer's secret); none while a hot-seat
        device is being passed on."""
        if self.passing is not None:
            return []
        return for_viewer(events, self.viewer)

    # ------------------------------------------------------------------ moves

    def new_game(self) -> None:
        """A fresh deal (seeded: the first deal uses `seed`, the next ones `seed/1`, `seed/2`, ...), or, for a set
        position, that position again."""
        if self.start is not None:
            state = self.start
        else:
            seed = self.seed if (self._deals == 0 or self.seed is None) else f"{self.seed}/{self._deals}"
            # a game may ask the table for setup options (Aqua Fest: players lay their start tiles first)
            options = {**self.game.play_setup, **self.setup_kwargs}
            state = self.game.setup(self.players, seed=seed, **options)
            self._deals += 1
        self.state = state
        self.history = []
        self.events_log = []
        self.last_events = ()
        self.steps = []
        self.barrier = False
        self.replayable = True
        self.run_bots()

    def act(self, action: Any) -> list[Event]:
        """A human action: the engine applies it, or refuses it (its RuleViolation is raised and nothing
        changes); then bots to move answer. Returns the action's own events."""
        new, events = self.game.apply(self.state, action)
        self.history.append((self.state, len(self.events_log), self.last_events, len(self.steps)))
        start = len(self.steps)
        self._record(getattr(action, "player", self.seat), True, new, events, action)
        self.last_events = tuple(events)
        self.barrier = False
        self._bots_from(start)
        return list(events)

    def _bots_from(self, start: int) -> None:
        """Bots to move play; if a step since `start` showed a player here something hidden, undo cannot go back
        past it (the table's rule)."""
        self.run_bots()
        if any(self.reveals(step) for step in self.steps[start:]):
            self.history.clear()
            self.barrier = True

    def _record(self, seat: int, human: bool, new: Any, events: Iterable[Event], action: Any = None) -> None:
        events = tuple(events)
        self.steps.append(Step(seat, human, self.state, new, events, action))
        self.state = new
        self.events_log.extend(events)

    def reveals(self, step: Step) -> bool:
        """Did `step` show a player at this device something that was hidden from them (the game's `secrets`:
        a card drawn, looked at or turned up)?"""
        for seat in self.humans():
            if self.game.secrets(step.before, seat) - self.game.secrets(step.after, seat):
                return True
        return False

    def barrier_this_turn(self) -> bool:
        """Was undo's barrier set by the learner's own move in the turn still under way (a card drawn), no other seat
        having moved since? At the learner's next turn, words saying "that move stands" would be about a move gone
        by (the undo button's tooltip still says why it is off)."""
        if not self.barrier:
            return False
        for step in reversed(self.steps):
            if not step.human:
                return False
            if self.reveals(step):
                return True
        return False

    def turns(self) -> list[Step]:
        """The steps since the learner's last move, that move first (the others' turns the table shows one at a
        time), or the steps bots took before the learner's first move; [] when there are none."""
        for i in range(len(self.steps) - 1, -1, -1):
            if self.steps[i].human:
                return self.steps[i:]
        return list(self.steps)

    def show(self, state: Any, events: Iterable[Event]) -> None:
        """Show `state` after `events` that were judged elsewhere (a task's move and the answers it sets): no undo
        step, and the log is just these events."""
        self.state = state
        self.last_events = tuple(events)
        self.events_log = []
        self.steps = []

    def run_bots(self) -> None:
        """Every non-human seat that has to move acts, until a human must decide or the game ends."""
        if self.state is None or self.hotseat or not self.bots_move:
            return
        humans = set(self.humans())
        for _ in range(MAX_BOT_STEPS):
            if self.game.is_over(self.state):
                return
            movers = list(self.game.to_move(self.state))
            if not movers or humans & set(movers):
                return
            for seat in movers:
                action = bot_action(self.game, self.state, seat, bot_rng(self.salt, self.game, self.state, seat))
                new, events = self.game.apply(self.state, action)
                self._record(seat, False, new, events, action)
                self.last_events += tuple(events)
                if self.game.is_over(self.state):
                    return

    def undo(self) -> bool:
        """Back to the learner's last decision (False: nothing to undo). Against bots, the steps hot seat recorded
        for other seats are undone with it (switched off, their seats are bots again: the table would wait for
        them for good), and bots to move from where it lands play on, as after any move."""
        if not self.history:
            return False
        while True:
            self.state, size, self.last_events, steps = self.history.pop()
            if (self.hotseat or not self.history or self.game.is_over(self.state)
                    or self.seat in self.game.to_move(self.state)):
                break
        del self.events_log[size:]
        del self.steps[steps:]
        self.barrier = False
        self._bots_from(len(self.steps))
        return True

    def set_hotseat(self, on: bool) -> None:
        if bool(on) != self.hotseat and any(s.human for s in self.steps):
            self.replayable = False      # a replay could not tell when the switch came
        self.hotseat = bool(on)
        self.at_device = None
        self._bots_from(len(self.steps))

    # ------------------------------------------------------------------ kept on the learner's device

    def resume_record(self) -> Optional[dict[str, Any]]:
        """What replays this game on the same table: its seed, which deal, who sits where and every human action
        in order (a bot answers a position the same way every time: bot_rng). The page keeps it in the learner's
        own browser, so a learner who leaves the page finds their game again (tutor.widgets.play). It holds no
        card, only the seed the deal came from. None for a game that is not a seeded deal played from its start
        (a set position, a loaded one)."""
        if self.start is not None or self.seed is None or self.state is None or not self.replayable:
            return None
        return {"v": RESUME_VERSION, "game": self.game.id, "seed": self.seed, "deal": self._deals - 1,
                "players": self.players, "seat": self.seat, "hotseat": self.hotseat,
                "actions": [s.action.to_json() for s in self.steps if s.human]}

    @classmethod
    def replayed(cls, game: str | AnySpec, record: Any, **setup: Any) -> "Session":
        """The game `record` (resume_record's) describes, played again from its deal: ValueError saying what is
        wrong for anything else (a record is the browser's, and may be old, edited or another game's)."""
        spec_ = spec(game) if isinstance(game, str) else game
        if not isinstance(record, dict) or record.get("v") != RESUME_VERSION or record.get("game") != spec_.id:
            raise ValueError("not a kept game of this table")
        seed, deal, players, seat = (record.get(k) for k in ("seed", "deal", "players", "seat"))
        actions, hotseat = record.get("actions"), record.get("hotseat")
        if not (isinstance(seed, (int, str)) and not isinstance(seed, bool) and len(str(seed)) <= 64):
            raise ValueError("seed")
        if not (type(deal) is int and 0 <= deal < 10_000):
            raise ValueError("deal")
        if not (type(players) is int and players in spec_.players and type(seat) is int and 0 <= seat < players):
            raise ValueError("players or seat")
        if not (isinstance(actions, list) and len(actions) <= MAX_RESUME_ACTIONS and isinstance(hotseat, bool)):
            raise ValueError("actions")
        s = cls(spec_, players, seat, seed, bots=not hotseat, deal=False, **setup)
        s._deals = deal
        s.new_game()
        for data in actions:
            s.act(spec_.action_from_json(data))      # a refused action raises: the record is not this game's
        return s

    # ------------------------------------------------------------------ save and load

    def save(self) -> str:
        """The position as text (every hidden card in it: a teacher's or a hot-seat table's to share)."""
        return self.game.to_json(self.state)

    def snapshot(self) -> Snapshot:
        """What `restore` puts back: the game as it is now."""
        return (self.state, list(self.history), list(self.events_log), self.last_events, self.players, self.seat,
                self.at_device, list(self.steps), self.barrier)

    def restore(self, snap: Snapshot) -> None:
        (self.state, self.history, self.events_log, self.last_events, self.players, self.seat,
         self.at_device, self.steps, self.barrier) = (snap[0], list(snap[1]), list(snap[2]), snap[3], snap[4],
                                                      snap[5], snap[6], list(snap[7]), snap[8])

    def load(self, saved_text: str, lang: str = "en") -> None:
        """Continue from a saved position. A malformed text raises SavedStateError (in `lang` when it is too long;
        else the codec's words say what is wrong)
        and nothing changes: the game, its undo and its log stay as they were. The position loaded before is one
        undo step back."""
        if too_long(saved_text):
            raise SavedStateError(text("ui.saved_too_long", lang))   # the page refuses it in these words too
        state = self.game.state_from_json(saved_text)
        before = self.snapshot()
        try:
            if self.state is not None:
                self.history.append((self.state, len(self.events_log), self.last_events, len(self.steps)))
            self.state = state
            self.barrier = False
            self.players = state.players
            if self.seat >= self.players:
                self.seat = 0
            self.last_events = ()
            self._bots_from(len(self.steps))
            self.replayable = False      # the game no longer follows from its deal alone
        except Exception:
            # a position the codec let through but the table cannot play on: back to the game as it was
            self.restore(before)
            raise
