"""The Aqua Fest engine: an immutable State, the actions of a turn, and `apply` returning events.

Before the first turn (when a game is set up with `place_starts=True`) the players, from the first
one round the table, each lay their start tile beside a cell of their side (`PlaceStart`).
A turn belongs to one player (`turn`). They may attack an adjacent pawn at any point before they
draw; then either play a creature card and move (`Move`), perhaps a second card of the same species
for a second move, and finish with `EndTurn` (draw 1); or take `DrawTwo` (draw 2, optionally going
home and sliding the start tile). An attack waits for the defender's hidden card (`Defend`).
Seats are numbered from 0; everything a person reads counts players from 1.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any, Callable, Generic, Iterable, Optional, Sequence, TypeVar

from tutor.core import actions, rng
from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.setup_check import check_setup, refused
from tutor.core.wording import Words
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest import layers as L
from tutor.games.aqua_fest.layers import Cells
from tutor.games.aqua_fest.events import card_played, new_event, turn_passed
from tutor.games.aqua_fest.memo import LastOf, LastState

VARIANTS: tuple[str, ...] = ()


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class PlaceStart(actions.Action):
    """At setup: lay the start tile (and the pawn on it) beside cell `place` (0..4) of your side."""
    place: int


@dataclass(frozen=True)
class Move(actions.Action):
    """Play creature card `card` and move the pawn to cell `to` (0..24, row by row)."""
    card: str
    to: int = actions.json_as(tuple[int, int], write=B.coords, read=lambda rc: B.cell(*rc))


@dataclass(frozen=True)
class Attack(actions.Action):
    """Challenge the adjacent pawn of `target`, laying `card` face down."""
    target: int
    card: str


@dataclass(frozen=True)
class Defend(actions.Action):
    """The attacked player's face-down card."""
    card: str


@dataclass(frozen=True)
class EndTurn(actions.Action):
    """Finish a turn in which the pawn moved or the player attacked: draw one card."""


@dataclass(frozen=True)
class DrawTwo(actions.Action):
    """Draw two cards instead of moving; `home` (0..4) sends the pawn home and slides the start tile there."""
    home: Optional[int] = None


Action = PlaceStart | Move | Attack | Defend | EndTurn | DrawTwo


# --------------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    players: int
    sides: tuple[str, ...]                           # per seat: the side of the seabed they sit at
    homes: tuple[int, ...]                           # per seat: the cell (0..4) of their side the start tile lies
                                                     #   beside
    bonus: tuple[int, ...]                           # per seat: bonus token value
    upper: Cells                                     # 25 cells: tile id or None
    lower: Cells                                     # 25 cells: tile id or None
    lower_open: tuple[bool, ...]                     # 25 cells: has the lower tile been turned face up?
    pawns: tuple[Optional[int], ...]                 # per seat: cell index, or None when at home on the start tile
    hands: tuple[tuple[str, ...], ...]               # per seat: card ids
    collected: tuple[tuple[str, ...], ...]           # per seat: tile ids, in the order taken
    deck: tuple[str, ...]                            # card ids, top first
    discard: tuple[str, ...]                         # card ids, newest last
    turn: int                                        # whose turn it is
    moves: int                                       # moves made this turn (0..2)
    species: Optional[str]                           # species of the first card played this turn
    alone: bool                                      # a play-alone card was played this turn
    turn_start: Optional[int]                        # the pawn's cell when the turn began (None: at home)
    battle: Optional[tuple[int, int, str]]           # (attacker, defender, attacker's card) while waiting for the
                                                     #   defence
    last_battle: Optional[tuple[int, int, str, str]] # (attacker, defender, attacker card, defender card) of the last
                                                     #   battle
    over: bool
    rng: int = 0
    placing: tuple[int, ...] = ()                    # seats still to lay their start tile, in order (setup with
                                                     #   place_starts)
    attacked: bool = False                           # the player whose turn it is has attacked this turn (they may end
                                                     #   it with one card)
    arranged: bool = False                           # a lesson's deck, arranged for its example (setup given a `deck`
                                                     #   that leaves cards out: they lie in the discard pile from the
                                                     #   start)
    fought: tuple[int, ...] = ()                     # the seats the player whose turn it is has attacked this turn:
                                                     #   a further attack is on another player (ruling
                                                     #   another-player, «атаковать другого игрока»)
    aside: int = 0                                   # how many of those left-out cards still lie at the bottom of the
                                                     #   discard pile (the board shows neither them nor their count:
                                                     #   a "fresh" example began with 35 discards); 0 once reshuffled

    def __str__(self) -> str:
        rows = []
        for r in range(B.N):
            row = []
            for c in range(B.N):
                i = B.cell(r, c)
                pawn = [str(s + 1) for s in range(self.players) if self.pawns[s] == i]
                row.append((pawn[0] if pawn else "") + (_glyph(self, i)))
            rows.append(" ".join(f"{x:>3}" for x in row))
        home = " ".join(f"P{s + 1}:{self.sides[s]}@{self.homes[s] + 1}" for s in range(self.players)
                        if self.pawns[s] is None)
        return (f"<AquaFest turn P{self.turn + 1} moves={self.moves}{' over' if self.over else ''}>\n"
                + "\n".join(rows) + (f"\nat home: {home}" if home else ""))


def _glyph(state: State, i: int) -> str:
    top = top_tile(state, i)
    if top is None:
        return "." if state.lower[i] is None else "▒"
    return "#" if C.tile(top).coral else "o"


# --------------------------------------------------------------------------- queries

# What one state's moves need, worked out once: `legal_actions` lists every card's destinations and `apply`
# checks the chosen one against the same position, usually the very same state object.
_memo = LastState()
# Where corals show, and how many fragments are left, change only when a pawn moves; the states between moves
# share the seabed's tuples.
_corals = LastOf(L.corals_showing)
_fragments = LastOf(L.fragments_left)


def top_tile(state: State, i: int) -> Optional[str]:
    """The face-up tile showing in cell i, if any (a face-down lower tile shows nothing)."""
    if state.upper[i] is not None:
        return state.upper[i]
    if state.lower[i] is not None and state.lower_open[i]:
        return state.lower[i]
    return None


def is_coral(state: State, i: int) -> bool:
    top = top_tile(state, i)
    return top is not None and C.tile(top).coral


def pawn_at(state: State, i: int) -> Optional[int]:
    for s, where in enumerate(state.pawns):
        if where == i:
            return s
    return None


def position(state: State, seat: int) -> tuple[int, int]:
    where = state.pawns[seat]
    return divmod(where, B.N) if where is not None else B.home_coords(state.sides[seat], state.homes[seat])


def fragments_left(state: State) -> int:
    """Fragments still to be collected: every fragment on the seabed not sealed under an upper coral."""
    return _fragments.get(state.upper, state.lower)


def destinations(state: State, seat: int, card_id: str) -> list[int]:
    """Cells the pawn may end on with this card: exactly its number of cells away, no obstacle there or (unless it
    jumps) on the way. The turn's start cell can be one of them: the second move may end there, though its tile is
    not taken (ruling start-cell)."""
    return list(_stops(state, seat, C.card(card_id).species))


def _stops(state: State, seat: int, species: str) -> tuple[int, ...]:
    """`destinations` for every card of a species (they all move alike), kept for the state it was asked of."""
    cells: tuple[int, ...] = _reach(state, seat)[species].cells
    return cells


def _reach(state: State, seat: int) -> "_Reach":
    results = _memo.results(state)
    found: Optional[_Reach] = results.get(seat)
    if found is None:
        found = results[seat] = _Reach()
        found.plans = B.plans_from(position(state, seat))
        found.obstacles = _obstacles(state)
    return found


class _Reach(dict[str, B.Stops]):
    """species -> where one seat's cards of that species may stop in one state (B.Stops), worked out when asked."""

    __slots__ = ("plans", "obstacles")      # species -> B.Plan from the seat's position; the state's obstacles
    plans: dict[str, B.Plan]
    obstacles: int

    def __missing__(self, species: str) -> B.Stops:
        found = self[species] = self.plans[species].stops(self.obstacles)
        return found


def _obstacles(state: State) -> int:
    """The cells a move may not stop on (a coral showing, or a pawn), as bits: bit i for cell i."""
    bits = _corals.get(state.upper, state.lower, state.lower_open)
    for where in state.pawns:
        if where is not None:
            bits |= 1 << where
    return bits


def can_move(state: State, seat: int) -> bool:
    """A turn allows two moves at most, and none after a play-alone card."""
    return state.moves < 2 and not state.alone


def is_over(state: State) -> bool:
    return state.over


def to_move(state: State) -> list[int]:
    if state.over:
        return []
    return [_mover(state)]


def _mover(state: State) -> int:
    """Who acts next in a game not over: the next to lay a start tile, a defender, or the player whose turn it is."""
    if state.placing:
        return state.placing[0]
    if state.battle is not None:
        return state.battle[1]
    return state.turn


def attackable(state: State, seat: int) -> list[int]:
    """Opponents the player may attack now: adjacent (a pawn at home counts from its start tile), the target
    away from home and holding a card, and not one already attacked this turn (ruling another-player)."""
    if not state.hands[seat]:
        return []
    out = []
    near = None      # the coordinates around the attacker, looked up once someone could be a target
    fought = state.fought if seat == state.turn else ()
    for t in range(state.players):
        where = state.pawns[t]
        if t != seat and where is not None and state.hands[t] and t not in fought:
            if near is None:
                near = B.around(position(state, seat))
            if divmod(where, B.N) in near:
                out.append(t)
    return out


def legal_actions(state: State, player: int) -> list[Action]:
    if state.over or player != _mover(state):
        return []
    mine = _actions_of(player)
    hand = state.hands[player]
    if state.placing:
        return list(mine.places)
    if state.battle is not None:
        return [mine.defences[c] for c in hand]
    out: list[Action] = []
    if can_move(state, player):
        reach = _reach(state, player)
        second = state.moves == 1
        for card_id in hand:
            card = C.CARDS[card_id]
            if second and (card.species != state.species or card.move.alone):
                continue
            out += reach[card.species].pick(mine.moves[card_id])
    for target in attackable(state, player):
        out += [mine.attacks[target, c] for c in hand]
    if state.moves or state.attacked:
        out.append(mine.end_turn)
    else:
        out += mine.draws
    return out


class _SeatActions:
    """The actions one seat can take, each made once.

    Actions are immutable values, so legal_actions hands out the same objects again instead of building a few
    hundred per turn.
    """

    def __init__(self, seat: int) -> None:
        self.end_turn = EndTurn(seat)
        self.draws = (DrawTwo(seat),) + tuple(DrawTwo(seat, h) for h in range(B.N))   # stay, or go home beside h
        self.places = tuple(PlaceStart(seat, h) for h in range(B.N))
        # card -> Move(seat, card, to) for every cell `to`, indexed by the cell
        self.moves: _MadeOnce[str, tuple[Move, ...]] = _MadeOnce(
            lambda card_id: tuple(Move(seat, card_id, to) for to in range(B.N * B.N)))
        self.defences: _MadeOnce[str, Defend] = _MadeOnce(lambda card_id: Defend(seat, card_id))
        self.attacks: _MadeOnce[tuple[int, str], Attack] = _MadeOnce(lambda target_card: Attack(seat, *target_card))     # (target, card) -> Attack


K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class _MadeOnce(dict[K, V]):
    """key -> make(key), made when first asked for and kept."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        self.make = make

    def __missing__(self, key: K) -> V:
        made = self[key] = self.make(key)
        return made


@functools.lru_cache(maxsize=None, typed=True)   # typed: seat True is not seat 1; a caller gets back what it gave
def _actions_of(seat: int) -> _SeatActions:
    return _SeatActions(seat)


# --------------------------------------------------------------------------- helpers

def _evolve(state: State, **changes: Any) -> State:
    """A copy of `state` with some fields changed (field names only): what dataclasses.replace does, without
    its per-call field checks, which cost more than the rest of an action."""
    # dict(), not .copy(): a State made by its __init__ keeps its fields in a key-sharing dict, and .copy() would
    # pass that layout on to every later State, where reading a field misses Python's fast path.
    fields = dict(state.__dict__)
    fields.update(changes)
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", fields)    # a frozen dataclass refuses setattr; this is how it is built
    return new


def _replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`items` with one entry changed (a list copy is about twice as quick as gluing slices)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def _turned_up(state: State, where: Optional[int]) -> tuple[tuple[bool, ...], list[Event]]:
    """A pawn leaves cell `where`: a face-down lower tile under it turns face up (the new lower_open, events)."""
    if where is not None and state.upper[where] is None and state.lower[where] is not None \
            and not state.lower_open[where]:
        turned = new_event("aqua_fest.tile_turned", "aqua_fest:play",
                           {"cell": list(B.coords(where)), "tile": state.lower[where]})
        return _replaced(state.lower_open, where, True), [turned]
    return state.lower_open, []


def _send_home(state: State, seat: int) -> tuple[State, list[Event]]:
    lower_open, events = _turned_up(state, state.pawns[seat])
    return _evolve(state, lower_open=lower_open, pawns=_replaced(state.pawns, seat, None)), events


def _draw(state: State, seat: int, count: int) -> tuple[dict[str, Any], list[Event]]:
    """Draw `count` cards (reshuffling the discards when the deck runs out): the fields that change, and events."""
    events: list[Event] = []
    deck, discard, seed = state.deck, state.discard, state.rng
    drawn = []
    for _ in range(count):
        if not deck and discard:
            deck, seed = rng.shuffled(seed, discard)
            discard = ()
            events.append(new_event("aqua_fest.reshuffled", "aqua_fest:play", {"cards": len(deck)}))
        if not deck:
            break
        drawn.append(deck[0])
        deck = deck[1:]
    events.append(new_event("aqua_fest.drew", "aqua_fest:play", {"player": seat, "count": len(drawn), "cards": drawn},
                            private=(("cards", (seat,)),)))
    changes = {"deck": deck, "discard": discard, "rng": seed, "aside": state.aside if discard else 0,
               "hands": _replaced(state.hands, seat, state.hands[seat] + tuple(drawn))}
    return changes, events


def _check_seat(state: State, player: object) -> None:
    if type(player) is int and 0 <= player < state.players:    # the usual case, answered first
        return
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < state.players:
        raise RuleViolation("aqua_fest:play", "aqua_fest.err.no_seat", seat=str(player), players=state.players)


def _check_card(state: State, seat: int, card_id: object) -> None:
    if card_id not in state.hands[seat]:
        raise RuleViolation("aqua_fest:play", "aqua_fest.err.not_in_hand", player=seat, card=str(card_id))


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after `action` and what happened. Illegal actions raise RuleViolation."""
    if state.over:
        raise RuleViolation("aqua_fest:end", "aqua_fest.err.over")
    if not isinstance(action, (PlaceStart, Move, Attack, Defend, EndTurn, DrawTwo)):
        raise RuleViolation("aqua_fest:play", "aqua_fest.err.unknown_action", action=repr(action))
    _check_seat(state, action.player)
    if state.placing or isinstance(action, PlaceStart):
        return _place_start(state, action)
    if state.battle is not None:
        if not isinstance(action, Defend) or action.player != state.battle[1]:
            raise RuleViolation("aqua_fest:attack", "aqua_fest.err.await_defence", player=state.battle[1])
        return _defend(state, action)
    if isinstance(action, Defend):
        raise RuleViolation("aqua_fest:attack", "aqua_fest.err.no_battle", player=action.player)
    if action.player != state.turn:
        raise RuleViolation("aqua_fest:play", "aqua_fest.err.not_your_turn", player=action.player, turn_player=state.turn)
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Attack):
        return _attack(state, action)
    if isinstance(action, EndTurn):
        if not state.moves and not state.attacked:
            raise RuleViolation("aqua_fest:play", "aqua_fest.err.end_without_move", player=action.player)
        drawn, events = _draw(state, action.player, 1)
        return _next_turn(state, drawn, events)
    return _draw_two(state, action)


def _place_start(state: State, action: Action) -> tuple[State, list[Event]]:
    p = action.player
    if not state.placing:
        raise RuleViolation("aqua_fest:goal", "aqua_fest.err.already_placed", player=p)
    if not isinstance(action, PlaceStart):
        raise RuleViolation("aqua_fest:goal", "aqua_fest.err.still_placing", player=state.placing[0])
    if p != state.placing[0]:
        raise RuleViolation("aqua_fest:goal", "aqua_fest.err.place_in_turn", player=p,
                            turn_player=state.placing[0])
    if not isinstance(action.place, int) or isinstance(action.place, bool) or not 0 <= action.place < B.N:
        raise RuleViolation("aqua_fest:goal", "aqua_fest.err.home_place", player=p)
    state = _evolve(state, homes=_replaced(state.homes, p, action.place), placing=state.placing[1:])
    events = [new_event("aqua_fest.start_placed", "aqua_fest:goal",
                        {"player": p, "place": action.place, "side": state.sides[p]})]
    if not state.placing:
        events.append(turn_passed(state.turn))
    return state, events


def _move(state: State, action: Move) -> tuple[State, list[Event]]:
    p, card_id = action.player, action.card
    _check_card(state, p, card_id)
    card = C.card(card_id)
    move = card.move
    if state.alone:
        raise RuleViolation("aqua_fest:play", "aqua_fest.err.alone_played", player=p)
    if state.moves >= 2:
        raise RuleViolation("aqua_fest:play", "aqua_fest.err.two_moves", player=p)
    if state.moves == 1:
        if move.alone:
            raise RuleViolation("aqua_fest:play", "aqua_fest.err.alone_second", player=p, card=card_id)
        if card.species != state.species:
            raise RuleViolation("aqua_fest:play", "aqua_fest.err.species", player=p, card=card_id,
                                species=card.species, first=state.species)
    if not isinstance(action.to, int) or not 0 <= action.to < B.N * B.N:
        raise RuleViolation("aqua_fest:forbidden", "aqua_fest.err.off_board", player=p)
    if action.to not in _stops(state, p, card.species):
        _explain_bad_destination(state, p, card, action.to)
    to = action.to
    events = [card_played(p, card)]
    # The new state is built once, from the fields the move changes (a state per step would cost more than the rules).
    hand = list(state.hands[p])
    hand.remove(card_id)
    lower_open, turned = _turned_up(state, state.pawns[p])
    # the move is told first, the tile it uncovered next: a reader hears the cause before the effect
    events.append(new_event("aqua_fest.moved", "aqua_fest:play",
                            {"player": p, "from": list(position(state, p)), "to": list(B.coords(to)), "card": card_id}))
    events += turned
    upper, lower, collected = state.upper, state.lower, state.collected
    if to == state.turn_start:
        # В подводном мире запрещено: the tile the player stood on when the turn began is not theirs to take
        events.append(new_event("aqua_fest.start_tile_kept", "aqua_fest:forbidden",
                                {"player": p, "cell": list(B.coords(to))}))
    else:
        upper, lower, lower_open, collected, found = _collect(upper, lower, lower_open, collected, p, to,
                                                              move.both_layers)
        events.append(found)
    # Whatever a pawn takes is a fragment (it cannot stop where a coral shows, and takes no coral from beneath),
    # so the fragments left drop by the tiles taken; counting them again would cost more than the whole move.
    left = fragments_left(state) - (len(collected[p]) - len(state.collected[p]))
    state = _evolve(state, hands=_replaced(state.hands, p, tuple(hand)), discard=state.discard + (card_id,),
                    pawns=_replaced(state.pawns, p, to), upper=upper, lower=lower, lower_open=lower_open,
                    collected=collected, moves=state.moves + 1, species=state.species or card.species,
                    alone=state.alone or move.alone)
    _fragments.remember(left, upper, lower)
    if left == 0:
        return _finish(state, events)
    return state, events


def _explain_bad_destination(state: State, p: int, card: C.Card, to: int) -> None:
    """Say which rule a refused destination breaks."""
    if is_coral(state, to):
        raise RuleViolation("aqua_fest:forbidden", "aqua_fest.err.stop_coral", player=p)
    other = pawn_at(state, to)
    if other is not None and other != p:
        raise RuleViolation("aqua_fest:forbidden", "aqua_fest.err.stop_pawn", player=p, other_player=other)
    # Would the card reach it if nothing were in the way? Then something blocks the path.
    start = position(state, p)
    free = [d for d, _ in B.reachable(start, card.move, lambda i: False)]
    if to in free:
        raise RuleViolation("aqua_fest:forbidden", "aqua_fest.err.path_blocked", player=p, card=card.id)
    if B.in_line(start, B.coords(to), card.move.directions):
        # «Важно!» under «Сила · Вид · Способ перемещения»: the card's number of cells, no fewer and no more
        raise RuleViolation("aqua_fest:cards", "aqua_fest.err.not_exact", player=p, card=card.id,
                            cell=_cell_name(to), exact=card.move.reach)
    raise RuleViolation("aqua_fest:cards", "aqua_fest.err.out_of_reach", player=p, card=card.id,
                        cell=_cell_name(to))


def _cell_name(i: int) -> str:
    r, c = B.coords(i)
    return f"{'ABCDE'[c]}{r + 1}"


def _collect(upper: Cells, lower: Cells, lower_open: tuple[bool, ...], collected: tuple[tuple[str, ...], ...], p: int,
             where: int, both: bool
             ) -> tuple[Cells, Cells, tuple[bool, ...], tuple[tuple[str, ...], ...], Event]:
    """The pawn stops on `where` and takes what shows there (with `both`, the fragment beneath too).

    Returns the seabed and the collections afterwards, and the event saying what was taken."""
    taken: list[str] = []
    beneath: list[str] = []     # a face-down lower tile taken with both layers: only its taker sees it
    up, low = upper[where], lower[where]
    if up is not None:
        taken.append(up)
        upper = _replaced(upper, where, None)
        if both and low is not None and not C.tile(low).coral:
            beneath.append(low)
            lower, lower_open = _replaced(lower, where, None), _replaced(lower_open, where, False)
    elif low is not None and lower_open[where]:
        taken.append(low)
        lower, lower_open = _replaced(lower, where, None), _replaced(lower_open, where, False)
    if not (taken or beneath):
        return upper, lower, lower_open, collected, new_event("aqua_fest.empty_seabed", "aqua_fest:forbidden",
                                                              {"player": p, "cell": list(B.coords(where))})
    collected = _replaced(collected, p, collected[p] + tuple(taken) + tuple(beneath))
    # a turtle that took the upper tile and left the one beneath: a coral, which everyone now knows (it takes every
    # fragment there); said, so a learner who reads "takes both layers" and gets one is told why (a reader of wave 24)
    coral = bool(both and up is not None and low is not None and C.tile(low).coral)
    return upper, lower, lower_open, collected, new_event(
        "aqua_fest.collected", "aqua_fest:play",
        {"player": p, "tiles": taken, "beneath": beneath, "cell": list(B.coords(where)), "both": both,
         **({"coral_beneath": True} if coral else {})},
        private=(("beneath", (p,)),))


def _attack(state: State, action: Attack) -> tuple[State, list[Event]]:
    p, t = action.player, action.target
    _check_card(state, p, action.card)
    _check_seat(state, t)
    if t == p:
        raise RuleViolation("aqua_fest:battles", "aqua_fest.err.attack_self", player=p)
    if state.pawns[t] is None:
        raise RuleViolation("aqua_fest:battles", "aqua_fest.err.target_home", player=p, target_player=t)
    if not B.adjacent(position(state, p), position(state, t)):
        raise RuleViolation("aqua_fest:battles", "aqua_fest.err.not_adjacent", player=p, target_player=t)
    if not state.hands[t]:
        raise RuleViolation("aqua_fest:battles", "aqua_fest.err.target_no_cards", player=p, target_player=t)
    if t in state.fought:       # ruling another-player: after a battle the turn may go on with another player's
        raise RuleViolation("aqua_fest:battles", "aqua_fest.err.fought_already", player=p, target_player=t)
    hand = list(state.hands[p])
    hand.remove(action.card)
    state = _evolve(state, hands=_replaced(state.hands, p, tuple(hand)), battle=(p, t, action.card), attacked=True,
                    fought=state.fought + (t,))
    # (from a start tile, said so: a pawn there cannot be attacked, and a learner took its own attack for a wrong move,
    # a reader, stop 60)
    data = {"player": p, "target": t, **({"from_start": True} if state.pawns[p] is None else {})}
    return state, [new_event("aqua_fest.attack", "aqua_fest:battles", data)]


def _defend(state: State, action: Defend) -> tuple[State, list[Event]]:
    assert state.battle is not None     # apply hands a defence here only while a battle waits for it
    attacker, defender, a_card = state.battle
    _check_card(state, defender, action.card)
    d_card = action.card
    hand = list(state.hands[defender])
    hand.remove(d_card)
    state = _evolve(state, hands=_replaced(state.hands, defender, tuple(hand)), battle=None,
                    discard=state.discard + (a_card, d_card), last_battle=(attacker, defender, a_card, d_card))
    sa, sd = C.card(a_card).strength, C.card(d_card).strength
    events = [new_event("aqua_fest.battle_revealed", "aqua_fest:attack",
                        {"player": attacker, "target": defender, "attack_card": a_card, "defence_card": d_card,
                     "attack": sa, "defence": sd})]
    # the battle's outcome is told before the tiles a pawn sent home uncovers: the cause before the effect
    if sa == sd:
        events.append(new_event("aqua_fest.battle_tied", "aqua_fest:attack", {"player": attacker, "target": defender}))
        state, more = _send_home(state, attacker)
        events += more
        state, more = _send_home(state, defender)
        events += more
        return state, events
    winner, loser = (attacker, defender) if sa > sd else (defender, attacker)
    prize = None
    if state.collected[loser]:
        prize, nxt = rng.choice(state.rng, state.collected[loser])
        lost = tuple(x for x in state.collected[loser] if x != prize)
        collected = _replaced(state.collected, loser, lost)
        state = _evolve(state, collected=_replaced(collected, winner, collected[winner] + (prize,)), rng=nxt)
    events.append(new_event("aqua_fest.battle_won", "aqua_fest:attack",
                            {"player": winner, "loser": loser, "tile": prize, "took": prize is not None},
                            private=(("tile", (winner, loser)),)))
    state, more = _send_home(state, loser)
    events += more
    return state, events


def _draw_two(state: State, action: DrawTwo) -> tuple[State, list[Event]]:
    p = action.player
    if state.moves:
        raise RuleViolation("aqua_fest:play", "aqua_fest.err.draw_two_after_move", player=p)
    if state.attacked:    # ruling attack-then-draw: after an attack the turn goes on, or ends with one card
        raise RuleViolation("aqua_fest:battles", "aqua_fest.err.draw_two_after_attack", player=p)
    events = []
    if action.home is not None:
        if not isinstance(action.home, int) or not 0 <= action.home < B.N:
            raise RuleViolation("aqua_fest:play", "aqua_fest.err.home_place", player=p)
        state, more = _send_home(state, p)
        state = _evolve(state, homes=_replaced(state.homes, p, action.home))
        events.append(new_event("aqua_fest.went_home", "aqua_fest:play", {"player": p, "place": action.home,
                                                                       "side": state.sides[p]}))
        events += more
    drawn, more = _draw(state, p, 2)
    events += more
    return _next_turn(state, drawn, events)


def _next_turn(state: State, drawn: dict[str, Any], events: list[Event]) -> tuple[State, list[Event]]:
    """Pass the turn; `drawn` holds the fields the closing draw changed (one new state for both)."""
    nxt = (state.turn + 1) % state.players
    state = _evolve(state, **drawn, turn=nxt, moves=0, species=None, alone=False, turn_start=state.pawns[nxt],
                    last_battle=None, attacked=False, fought=())   # the battle cards are shown until the turn ends
    events.append(turn_passed(nxt))
    return state, events


def _finish(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state = _evolve(state, over=True, battle=None)
    events.append(new_event("aqua_fest.game_over", "aqua_fest:end", {}))
    return state, events


# --------------------------------------------------------------------------- setup

def setup(players: int, *, seed: Optional[int] = None, variant: Iterable[str] = (),
          sides: Optional[Sequence[str]] = None, homes: Optional[Sequence[int]] = None,
          upper: Optional[Sequence[Optional[str]]] = None, lower: Optional[Sequence[Optional[str]]] = None,
          hands: Optional[Sequence[Iterable[str]]] = None, deck: Optional[Iterable[str]] = None,
          collected: Optional[Sequence[Iterable[str]]] = None, pawns: Optional[Sequence[Optional[Sequence[int]]]] = None,
          first: int = 0, place_starts: bool = False) -> State:
    """The opening state, or any position a lesson needs.

    players 2..4; sides: per seat (default south, north for two; south, west, north[, east]);
    homes: per seat, the cell 0..4 of their side beside which the start tile lies (default 2);
    upper/lower: 25 tile ids (or None) row by row; hands: per seat card ids; deck: card ids top first;
    collected: per seat tile ids; pawns: per seat [row, col] or None (home); first: who starts.
    place_starts: begin with the players laying their start tiles in turn, from the first player
    (the tiles wait beside the middle cells until then; the pawns start at home).
    """
    check_setup(players, range(C.MIN_PLAYERS, C.MAX_PLAYERS + 1), variant, (), first, rule="aqua_fest:contents",
                variant_rule="aqua_fest:play", seat_rule="aqua_fest:goal")
    r = rng.seed_value(seed)
    default_sides = {2: ("south", "north"), 3: ("south", "west", "north"), 4: C.SIDES}[players]
    sides = tuple(sides or default_sides)
    homes = tuple(homes if homes is not None else [2] * players)
    _need(len(sides) == players and len(set(sides)) == players and set(sides) <= set(C.SIDES),
          Words("aqua_fest.setup.sides"))
    _need(len(homes) == players and all(isinstance(h, int) and 0 <= h < B.N for h in homes),
          Words("aqua_fest.setup.homes", last=B.N - 1))

    collected = tuple(tuple(c) for c in (collected or [()] * players))
    if upper is None and lower is None:
        held = {t for c in collected for t in c}
        shuffled, r = rng.shuffled(r, [t for t in C.ALL_TILES if t not in held])
        tiles: list[Optional[str]] = list(shuffled)
        tiles += [None] * (50 - len(shuffled))   # tiles already collected leave gaps on top
        lower, upper = tiles[:25], tiles[25:]
    _need(upper is not None and lower is not None and len(upper) == 25 and len(lower) == 25,
          Words("aqua_fest.setup.seabed", cells=B.N * B.N))
    assert upper is not None and lower is not None     # _need refused anything else
    placed = [t for t in tuple(upper) + tuple(lower) if t is not None]
    placed_all = placed + [t for c in collected for t in c]
    for t in placed_all:
        if t not in C.TILES:
            raise refused("aqua_fest:goal", Words("aqua_fest.setup.no_tile", tile=repr(t)))
    _need(len(placed_all) == len(set(placed_all)), Words("aqua_fest.setup.tile_twice"))
    for i in range(25):
        if upper[i] is not None and lower[i] is None:
            raise refused("aqua_fest:goal", Words("aqua_fest.setup.upper_alone", cell=_cell_name(i)))

    arranged = deck is not None       # (and it leaves cards out: see `discard` below)
    if deck is None:
        used = set(c for h in (hands or []) for c in h)
        shuffled_cards, r = rng.shuffled(r, [c for c in C.ALL_CARDS if c not in used])
        cards = list(shuffled_cards)
        if hands is None:
            hands = [tuple(cards[i * C.HAND_SIZE:(i + 1) * C.HAND_SIZE]) for i in range(players)]
            cards = cards[players * C.HAND_SIZE:]
        deck = tuple(cards)
    _need(hands is not None and len(hands) == players, Words("aqua_fest.setup.hands", players=players))
    assert hands is not None     # _need refused anything else
    every = [c for h in hands for c in h] + list(deck)
    for c in every:
        if c not in C.CARDS:
            raise refused("aqua_fest:goal", Words("aqua_fest.setup.no_card", card=repr(c)))
    _need(len(every) == len(set(every)), Words("aqua_fest.setup.card_twice"))
    discard = tuple(c for c in C.ALL_CARDS if c not in set(every))

    pawn_cells = []
    for p in (pawns or [None] * players):
        pawn_cells.append(None if p is None else B.cell(*p))
    _need(len(pawn_cells) == players, Words("aqua_fest.setup.pawns", players=players))
    taken = [p for p in pawn_cells if p is not None]
    _need(len(taken) == len(set(taken)), Words("aqua_fest.setup.pawns_shared"))
    for i in taken:   # (a face-down coral under a pawn is fine: a turtle took the tile above it)
        top = upper[i]
        if top is not None and C.tile(top).coral:
            raise refused("aqua_fest:goal", Words("aqua_fest.setup.pawn_coral", cell=_cell_name(i)))
    lower_open = tuple(upper[i] is None and lower[i] is not None and i not in taken for i in range(25))

    state = State(
        players=players, sides=sides, homes=homes, bonus=C.BONUS_TOKENS[:players],
        upper=tuple(upper), lower=tuple(lower), lower_open=lower_open, pawns=tuple(pawn_cells),
        hands=tuple(tuple(h) for h in hands), collected=collected, deck=tuple(deck), discard=discard,
        turn=first, moves=0, species=None, alone=False, turn_start=pawn_cells[first], battle=None,
        last_battle=None, over=False, rng=r, arranged=arranged and bool(discard),
        aside=len(discard) if arranged else 0,
    )
    # bonus tokens go round from the first player: 1, 2, 3, 4
    bonus = [0] * players
    for k in range(players):
        bonus[(first + k) % players] = C.BONUS_TOKENS[k]
    placing: tuple[int, ...] = ()
    if place_starts:
        _need(all(p is None for p in pawn_cells), Words("aqua_fest.setup.place_starts"))
        placing = tuple((first + k) % players for k in range(players))
    return replace(state, bonus=tuple(bonus), placing=placing)


def _need(ok: bool, problem: Words) -> None:
    if not ok:
        raise refused("aqua_fest:goal", problem)
