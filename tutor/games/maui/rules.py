"""The Мяури engine: an immutable State, the actions, and `apply` that returns events citing rules.

Seats are numbered from 0 clockwise; everything a person reads counts players from 1.
A round runs: the lagoon is filled (setup or end of the previous round), every seat lays a dive
card face down (`Dive`, in any order), and the last card triggers the reveal and the catches. If a
catch leaves three jellyfish in a pile, its owner answers `Jellyfish` before Kiti moves on.

`stages(state, action)` gives the same move as `apply`, cut where a teacher would pause: the last card
laid face down, the cards turned up, each depth handed out, Kiti's step, the next deal. The cut positions carry `stage` (a
name from STAGES): they are for showing, and no one may act in them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from itertools import chain
from operator import add
from typing import Any, Callable, Iterable, Optional, Sequence

from tutor.core import actions, rng
from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.setup_check import check_seat, check_setup, refused
from tutor.core.wording import Words
from tutor.games.maui import components as C
from tutor.games.maui.events import (_CATCHES, _EMPTY_HANDED, _LAID, DIVE_CHOSEN, DIVE_DISCARDED, KITI_MOVED, catch,
                                     empty_handed, laid, new_event)

OPEN_BASKETS = "open-baskets"
NO_FIGHTS = "no-fights"
VARIANTS = (OPEN_BASKETS, NO_FIGHTS)
# where a round's resolution may pause for a lesson; "" is an ordinary position
STAGES = ("down", "reveal", "deep", "middle", "shallow", "jellyfish", "kiti")
DOWN = "down"      # every dive card laid, face down, none turned up yet: the dive cards are not yet used
SETUP_STAGES = ("seated", "kiti", "boxed", "seagull", "lagoon")   # how `setup_stages` builds the opening position
# ("seagull" only where a lesson's deck puts one on top in round 1)
SETTING_UP = "setup"                          # State.stage of a table still being laid out


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Dive(actions.Action):
    """Lay dive card `card` face down for this round."""
    card: int


@dataclass(frozen=True)
class Jellyfish(actions.Action):
    """Answer the jellyfish offer: discard three jellyfish (True) or keep them (False)."""
    discard: bool


Action = Dive | Jellyfish


# --------------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    players: int
    variants: tuple[str, ...]               # sorted subset of VARIANTS
    round: int                              # 1..12; 13 once the game is over
    deck: tuple[str, ...]                   # catch card ids, top first
    removed: tuple[str, ...]                # the card boxed unseen at setup (and those an arranged deck leaves out)
    lagoon: tuple[tuple[str, ...], ...]     # 3 cells (deep, middle, shallow), each a tuple of ids bottom->top
    face_down: tuple[tuple[int, int], ...]  # ((cell, seat), ...): cells whose top card lies face down after a
                                            # lantern fish, and the seat that took it and may look
    hands: tuple[tuple[int, ...], ...]      # per seat: dive numbers still in hand
    chosen: tuple[Optional[int], ...]       # per seat: dive number laid face down this round, or None
    discards: tuple[tuple[int, ...], ...]   # per seat: dive numbers used, in order
    piles: tuple[tuple[str, ...], ...]      # per seat: catch ids, bottom -> top
    boxed: tuple[str, ...]                  # catch ids put back in the box (seagulls, eaten, jellyfish)
    kiti: Optional[int]                     # seat nearest Kiti's right hand; None without Kiti
    pending: tuple[int, ...]                # seats that must answer the jellyfish offer
    declined: tuple[int, ...]               # per seat: jellyfish count when the offer was last declined
    revealed: tuple[Optional[int], ...]     # per seat: card revealed in the last resolved round, or None
    rng: int = field(default=0)
    stage: str = field(default="")      # a name from STAGES while a round is shown being resolved,
                                        # SETTING_UP while the table is shown being laid out
    before: tuple[Optional[int], ...] = field(default=())   # per seat: while a round's cards lie turned up, the card
                                        # revealed the round before (the board's «last»); () where nobody knows it

    # -- derived
    @property
    def over(self) -> bool:
        return self.round > C.ROUNDS

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.stage and self.stage != DOWN:      # every card laid face down reads as the dive it ends
            if self.stage == SETTING_UP:
                return "setup"
            return "round_over" if self.stage in ("kiti", "jellyfish") else "resolving"
        return "jellyfish" if self.pending else "dive"

    def has(self, variant: str) -> bool:
        return variant in self.variants

    def __str__(self) -> str:  # readable for debugging, like OpenSpiel's states
        cells = " | ".join(f"{C.DEPTHS[i]}: {','.join(c) or '-'}" for i, c in enumerate(self.lagoon))
        seats = "; ".join(
            f"P{s + 1} hand={list(self.hands[s])} pile={list(self.piles[s])}" for s in range(self.players))
        return f"<Maui round {self.round} {self.phase} kiti={self.kiti} [{cells}] {seats}>"


# --------------------------------------------------------------------------- fast construction
# A random game builds a state per action, and the dataclass __init__ and dataclasses.replace cost
# more than the rules themselves. So the hot path fills the instance dictionary directly (events.py
# does the same for events). What comes out is an ordinary frozen instance, equal to the slow path's.

_new = object.__new__
_set = object.__setattr__   # the one way past a frozen dataclass's __setattr__
_KIND = {c.id: c.kind for c in C.CATCH_CARDS.values()}   # C.kind without a call per card
_JELLYFISH = frozenset(c for c, k in _KIND.items() if k == "jellyfish")
_ROUNDS = C.ROUNDS
_SET = C.JELLYFISH_SET   # a module global: read on every round's resolution


# A move that resolves a round works on one mutable copy of the state's fields, a "table": a dict
# like State.__dict__ whose lagoon and piles are lists, changed card by card. It is frozen
# into a State once at the end (and at each pause a lesson shows), instead of copying the frozen
# state for every card moved, which used to take most of the engine's time.

# a state's fields by name while an action works on them (see above)
Table = dict[str, Any]
# the pauses noted so far when a lesson watches: (stage, position, how many events had happened)
Cuts = list[tuple[str, "State", int]]


def _table(state: State) -> Table:
    """A working copy of `state`'s fields (see above)."""
    # dict(), not .copy(): a State made by its __init__ keeps its fields in a dict shared-key style,
    # and .copy() would pass that layout on to every later State, where reading an attribute can't
    # take Python's fast path (it costs several times more). dict() builds an ordinary one.
    table = dict(state.__dict__)
    table["lagoon"] = list(state.lagoon)
    table["piles"] = list(state.piles)
    return table


def _freeze(table: Table) -> State:
    """The State a table has come to; the table is used up (its lists become tuples in place)."""
    table["lagoon"] = tuple(table["lagoon"])
    table["piles"] = tuple(table["piles"])
    state = _new(State)
    _set(state, "__dict__", table)   # the fields, all of them and in the dataclass's order
    return state


def _pause(cuts: Cuts, stage: str, table: Table, events: list[Event]) -> None:
    """Note a position where a lesson may pause. Called only when someone watches (`cuts` is a
    list, not None): most moves are not watched, and the check is cheaper than the call."""
    snapshot = table.copy()
    snapshot["stage"] = stage
    cuts.append((stage, _freeze(snapshot), len(events)))


# --------------------------------------------------------------------------- queries

def is_over(state: State) -> bool:
    return state.round > _ROUNDS   # State.over, without the property call: asked before every move


def to_move(state: State) -> list[int]:
    """Seats that have a decision to make now (dives are simultaneous)."""
    if state.stage or state.round > _ROUNDS:
        return []
    if state.pending:
        return [state.pending[0]]
    seats = []
    for seat, card in enumerate(state.chosen):   # a plain loop: cheaper than a comprehension here
        if card is None:
            seats.append(seat)
    return seats


# _DIVE_ROWS[seat][n] is Dive(seat, n): actions are frozen, so one object serves every position.
# A hand holds plain ints only (setup and the codec refuse anything else), so a seat's legal dives
# are its row looked up at each card of the hand. (A comprehension: map over the row's __getitem__
# costs more, each call going through a method wrapper.)
_DIVE_ROWS = tuple(tuple(Dive(seat, n) for n in range(max(C.DIVE_CARDS) + 1)) for seat in range(C.MAX_PLAYERS))


def legal_actions(state: State, player: int) -> list[Action]:
    if state.stage or state.round > _ROUNDS:
        return []
    if state.pending:
        if player not in state.pending[:1]:
            return []
        return [Jellyfish(player, True), Jellyfish(player, False)]
    if type(player) is int and 0 <= player < state.players:   # the usual question, answered fast
        if state.chosen[player] is not None:
            return []
        row = _DIVE_ROWS[player]
        return [row[n] for n in state.hands[player]]
    if player not in to_move(state):
        return []
    return [Dive(player, n) for n in state.hands[player]]


def jellyfish_count(pile: Iterable[str]) -> int:
    return len(_JELLYFISH.intersection(pile))   # ids are unique, so this counts them


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after `action` and what happened. Illegal actions raise RuleViolation."""
    if type(action) is Dive and not state.stage and state.round <= _ROUNDS:   # the usual move, sent straight on
        return _dive(state, action, None)
    return _apply(state, action, None)


def _apply(state: State, action: Action, cuts: Optional[Cuts]) -> tuple[State, list[Event]]:
    if state.round > _ROUNDS:
        raise RuleViolation("maui:end", "maui.err.over")
    if state.stage:
        raise RuleViolation("maui:play", "maui.err.resolving")
    if isinstance(action, Dive):
        return _dive(state, action, cuts)
    if isinstance(action, Jellyfish):
        return _jellyfish(state, action, cuts)
    raise RuleViolation("maui:play", "maui.err.unknown_action", action=repr(action))


def _check_seat(state: State, player: object) -> None:
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < state.players:
        raise RuleViolation("maui:setup", "maui.err.no_seat", seat=str(player), players=state.players)


def stages(state: State, action: Action) -> list[tuple[str, State, list[Event]]]:
    """`apply`, cut into (stage name, position, events of this stage); the last position is apply's.

    A dive that is not the last one, and a jellyfish answer that leaves another offer, is one stage,
    "done". Refused actions raise RuleViolation, as in `apply`.
    """
    cuts: Cuts = []
    final, events = _apply(state, action, cuts)
    out, start = [], 0
    for name, position, upto in cuts:
        out.append((name, position, events[start:upto]))
        start = upto
    out.append(("done", final, events[start:]))
    return out


def _dive(state: State, action: Dive, cuts: Optional[Cuts] = None) -> tuple[State, list[Event]]:
    p, card = action.player, action.card
    if type(p) is not int or not 0 <= p < state.players:   # a plain seat number needs no more checks
        _check_seat(state, p)
    if state.pending:
        raise RuleViolation("maui:jellyfish", "maui.err.await_jellyfish", player=state.pending[0])
    if state.chosen[p] is not None:
        raise RuleViolation("maui:play", "maui.err.already_dived", player=p)
    hand = state.hands[p]
    if card not in hand:
        if card in state.discards[p]:
            raise RuleViolation("maui:play", "maui.err.card_used", player=p, card=card)
        raise RuleViolation("maui:components", "maui.err.no_such_card", player=p, card=card)
    hands = list(state.hands)
    at = hand.index(card)   # a hand holds each number once
    hands[p] = hand[:at] + hand[at + 1:]
    chosen = list(state.chosen)
    chosen[p] = card
    events = [DIVE_CHOSEN[p] if type(p) is int else new_event("maui.dive_chosen", "maui:play", {"player": p})]
    if None in chosen:   # others still to dive: nothing else happens
        fields = state.__dict__.copy()
        fields["hands"], fields["chosen"] = tuple(hands), tuple(chosen)
        new = _new(State)
        _set(new, "__dict__", fields)
        return new, events
    table = _table(state)
    table["hands"], table["chosen"] = tuple(hands), tuple(chosen)
    _resolve(table, events, cuts)
    return _freeze(table), events


def _jellyfish(state: State, action: Jellyfish, cuts: Optional[Cuts] = None) -> tuple[State, list[Event]]:
    p = action.player
    _check_seat(state, p)
    if not state.pending or state.pending[0] != p:
        raise RuleViolation("maui:jellyfish", "maui.err.no_jellyfish_offer", player=p)
    pile = state.piles[p]
    table = _table(state)
    table["pending"] = state.pending[1:]
    if action.discard:
        stingers = sorted((c for c in pile if c in _JELLYFISH), key=C.value)[:C.JELLYFISH_SET]
        table["piles"][p] = tuple(c for c in pile if c not in stingers)
        table["boxed"] = state.boxed + tuple(stingers)
        events = [new_event("maui.jellyfish_discarded", "maui:jellyfish",
                            {"player": p, "cards": list(stingers), "points": -sum(C.value(c) for c in stingers)})]
    else:
        declined = list(state.declined)
        declined[p] = jellyfish_count(pile)
        table["declined"] = tuple(declined)
        events = [new_event("maui.jellyfish_kept", "maui:jellyfish", {"player": p})]
    if not table["pending"]:
        if cuts is not None:
            _pause(cuts, "jellyfish", table, events)
        _end_round(table, events, cuts)
    return _freeze(table), events


# --------------------------------------------------------------------------- resolution

def dispute_order(state: State, hand: str) -> list[int]:
    """Seats from nearest to farthest from Kiti's right hand (counter-clockwise) or left hand (clockwise)."""
    if state.kiti is None:
        raise ValueError("a game without fights has no Kiti, so no dispute order")
    return _dispute_order(state.players, state.kiti, hand)


def _dispute_order(n: int, k: int, hand: str) -> list[int]:
    if hand == "right":
        return [(k - i) % n for i in range(n)]
    return [(k + 1 + i) % n for i in range(n)]


def _catcher(table: Table, events: list[Event], without: list[int], cards: list[int],
             best: Callable[[list[int]], int], hand: str, depth: str) -> Optional[int]:
    """The seat that takes this depth's catch, or None; the seats served leave `without`.

    `cards` holds the dive card of each seat in `without` and shrinks with it. `best` (max or min)
    picks the winning card. Equal cards are a dispute that Kiti's `hand` settles or, with no fights,
    leave every tied diver empty-handed.
    """
    if not without:
        return None
    target = best(cards)
    if cards.count(target) == 1:   # the usual case: one diver has the winning card
        at = cards.index(target)
        del cards[at]
        return without.pop(at)
    tied = [s for s, card in zip(without, cards) if card == target]
    if NO_FIGHTS in table["variants"]:
        events.append(new_event("maui.tie_no_catch", "maui:no-fights",
                                {"depth": depth, "players": tied, "card": target}))
        cards[:] = [card for card in cards if card != target]
        without[:] = [s for s in without if s not in tied]
        return None
    order = _dispute_order(table["players"], table["kiti"], hand)
    seat = min(tied, key=order.index)
    at = without.index(seat)
    del without[at]
    card = cards.pop(at)
    events.append(new_event("maui.dispute", "maui:disputes",
                            {"depth": depth, "players": tied, "player": seat, "hand": hand, "card": card}))
    return seat


# each cell in the order it is handed out: its depth, which card wins it (the highest or the lowest),
# Kiti's hand that settles a dispute, and the rule a catch there cites
_PLAN = ((0, "deep", max, "right", "maui:deep"),
         (1, "middle", max, "right", "maui:middle"),
         (2, "shallow", min, "left", "maui:shallow"))
assert tuple(depth for _, depth, *_ in _PLAN) == C.DEPTHS


def _resolve(table: Table, events: list[Event], cuts: Optional[Cuts] = None) -> None:
    """All dive cards are down: reveal, hand out the catches from the deep up, discard dive cards.

    Changes `table` and appends to `events`. `cuts` (a list, or None when nobody watches) collects
    (stage, position, event count) where a lesson may pause.
    """
    cards, lagoon, players, piles = table["chosen"], table["lagoon"], table["players"], table["piles"]
    if cuts is not None:    # the last card laid, before anything is turned up (a table's film shows that move too)
        _pause(cuts, DOWN, table, events)
    events.append(new_event("maui.revealed", "maui:play", {"cards": list(cards)}))
    for cell, _ in table["face_down"]:
        events.append(new_event("maui.face_down_revealed", "maui:lantern",
                                {"depth": C.DEPTHS[cell], "card": lagoon[cell][-1]}))
    # the cards lie face up on the table from here on, and count as used (zip(cards) gives each
    # card as a 1-tuple, added to the end of its seat's discards)
    table["discards"] = tuple(map(add, table["discards"], zip(cards)))
    # (the round before's cards stay in view under «last» while these lie turned up: a reader found it empty)
    table["before"] = table["revealed"]
    table["face_down"], table["revealed"], table["chosen"] = (), cards, (None,) * players
    if cuts is not None:
        _pause(cuts, "reveal", table, events)

    without = list(range(players))   # seats still without a catch, clockwise
    waiting = list(cards)            # their dive cards
    lanterns = []   # (cell, taker): each cell a lantern fish left gets its next card face down
    last = None     # the depth handed out last: its pause waits for the empty-handed divers
    for cell, depth, best, hand, rule in _PLAN:
        taken = lagoon[cell]
        if not taken:
            continue
        if cuts is not None and last is not None:
            _pause(cuts, last, table, events)
        last = depth
        if not without:
            continue
        target = best(waiting)
        if waiting.count(target) == 1:   # the usual case, inline: one diver has the winning card
            at = waiting.index(target)
            del waiting[at]
            seat = without.pop(at)
        else:
            caught = _catcher(table, events, without, waiting, best, hand, depth)
            if caught is None:
                continue
            seat = caught
        dive = cards[seat]
        if len(taken) == 1 and type(dive) is int:   # the usual catch, one card: a shared event
            card_id = taken[0]
            event = _CATCHES.get((seat, depth, card_id, dive)) or catch(seat, depth, rule, taken, dive)
            events.append(event)
            lagoon[cell] = ()
            kind = _KIND[card_id]
            if kind == "seagull":
                _seagull(table, seat, card_id, events)
                continue
            piles[seat] += taken
            if kind == "lantern":
                lanterns.append((cell, seat))
            continue
        events.append(catch(seat, depth, rule, taken, dive))
        lagoon[cell] = ()
        for card_id in taken:   # oldest first (only the no-fights variant piles several)
            kind = _KIND[card_id]
            if kind == "seagull":
                _seagull(table, seat, card_id, events)
                continue
            piles[seat] += (card_id,)
            if kind == "lantern" and (cell, seat) not in lanterns:
                lanterns.append((cell, seat))

    for seat in without:
        dive = cards[seat]
        shared = _EMPTY_HANDED[seat].get(dive) if type(dive) is int else None
        events.append(shared or empty_handed(seat, dive))
    events.append(DIVE_DISCARDED)
    if cuts is not None and last is not None:
        _pause(cuts, last, table, events)
    table["face_down"] = tuple(lanterns)

    # an offer needs three jellyfish in one pile: first a cheap look at all the piles together
    if len(_JELLYFISH.intersection(chain.from_iterable(piles))) >= _SET:
        counts = list(map(jellyfish_count, piles))
        declined = table["declined"]
        pending = tuple([s for s, count in enumerate(counts) if count >= _SET and count > declined[s]])
        if pending:
            for s in pending:
                events.append(new_event("maui.jellyfish_offer", "maui:jellyfish", {"player": s, "count": counts[s]}))
            table["pending"] = pending
            return
    _end_round(table, events, cuts)


def _seagull(table: Table, seat: int, card_id: str, events: list[Event]) -> None:
    """A seagull reaches a diver: it eats the top card of the pile and both go in the box.

    (Every other catch card simply goes on top of the pile.)"""
    piles = table["piles"]
    pile = piles[seat]
    if not pile:
        table["boxed"] += (card_id,)
        events.append(new_event("maui.seagull_hungry", "maui:seagull", {"player": seat, "seagull": card_id}))
        return
    eaten = pile[-1]
    piles[seat] = pile[:-1]
    if eaten in _JELLYFISH:
        # a declined offer stands only until another jellyfish arrives: count from what is left
        declined = list(table["declined"])
        declined[seat] = min(declined[seat], jellyfish_count(pile[:-1]))
        table["declined"] = tuple(declined)
    table["boxed"] += (card_id, eaten)
    events.append(new_event("maui.seagull_ate", "maui:seagull", {"player": seat, "seagull": card_id, "card": eaten}))


def _end_round(table: Table, events: list[Event], cuts: Optional[Cuts] = None) -> None:
    """Kiti steps clockwise and the lagoon is refilled; after round 12 the game ends where it is, Kiti too.

    (Her step belongs to the next round's start («Ход игры»): a reader saw her move one seat on after the
    last round, with no round left for her hands to settle.)"""
    if table["kiti"] is not None:
        if table["round"] < _ROUNDS:
            table["kiti"] = kiti = (table["kiti"] + 1) % table["players"]
            events.append(KITI_MOVED[kiti])
        # (the pause between the round's catches and what follows stays, a last round's too: the table's film
        # holds the round's outcome there before the final count)
        if cuts is not None:
            _pause(cuts, "kiti", table, events)
    if table["round"] >= _ROUNDS:
        leftover = [c for cell in table["lagoon"] for c in cell]
        table["round"] += 1
        table["face_down"] = ()
        events.append(new_event("maui.game_over", "maui:end", {"leftover": leftover}))
        return
    table["round"] += 1
    _lay(table, events)


def _fill(state: State) -> tuple[State, list[Event]]:
    """Lay one catch card in each cell, deep first, and say so (the tests watch a round-1 fill)."""
    table, events = _table(state), list[Event]()
    _lay(table, events)
    return _freeze(table), events


def _lay(table: Table, events: list[Event]) -> None:
    """Lay one catch card in each cell of a table, deep first; in round 1 a seagull is replaced."""
    lagoon, round_, deck, face_down = table["lagoon"], table["round"], table["deck"], table["face_down"]
    if round_ > 1 and not face_down and len(deck) >= 3:
        # the usual deal: three cards face up, one a cell (only round 1 replaces a seagull)
        deep, middle, shallow = deck[:3]
        table["deck"] = deck[3:]
        lagoon[0] += (deep,)
        lagoon[1] += (middle,)
        lagoon[2] += (shallow,)
        events += (laid("deep", deep, False, round_), laid("middle", middle, False, round_),
                   laid("shallow", shallow, False, round_))
        return
    dark = [cell for cell, _ in face_down] if face_down else ()   # cells whose next card a lantern fish hides
    for cell, depth in enumerate(C.DEPTHS):
        while deck:
            card_id, deck = deck[0], deck[1:]
            if round_ == 1 and _KIND[card_id] == "seagull" and any(_KIND[c] != "seagull" for c in deck):
                deck, table["rng"] = rng.shuffled(table["rng"], deck + (card_id,))
                events.append(new_event("maui.first_seagull_replaced", "maui:play", {"depth": depth, "card": card_id}))
                continue
            lagoon[cell] += (card_id,)
            events.append(laid(depth, card_id, cell in dark, round_))
            break
    table["deck"] = deck


# --------------------------------------------------------------------------- setup

def setup(players: int, *, seed: Optional[int] = None, variant: Iterable[str] = (), youngest: int = 0,
          kiti: Optional[int] = None, lagoon: Any = None, deck: Optional[Sequence[str]] = None,
          removed: Optional[str] = None, hands: Optional[Sequence[Sequence[int]]] = None,
          piles: Optional[Sequence[Sequence[str]]] = None, round: int = 1, boxed: Iterable[str] = (),
          last: Optional[Sequence[Optional[int]]] = None) -> State:
    """The opening state (or, with explicit components, any position a lesson needs).

    players: 3..6. seed: reproducible shuffle. variant: names from VARIANTS.
    youngest: seat of the youngest player (Kiti starts at their left, right hand toward them).
    kiti: seat nearest Kiti's right hand (overrides youngest).
    lagoon: {depth: card id or [ids]} or a 3-list; deck: ids top first; removed: the unseen card.
    An explicit deck (a lesson's deck arranged for its example) sets every card it leaves out aside with the
    unseen one: out of the game and unseen, not "back in the box", which a board shows face up (issue #32).
    hands: per seat, dive numbers in hand; piles: per seat, catch ids bottom->top; round: 1..12.
    last: per seat, the dive card turned up the round before (one of that seat's used cards, or None): a lesson's
    position in the middle of a game shows it under «last», as a table would have seen it.
    """
    variant = check_setup(players, range(C.MIN_PLAYERS, C.MAX_PLAYERS + 1), variant, VARIANTS,
                          rule="maui:components", variant_rule="maui:variants")
    variants = tuple(sorted(set(variant)))
    if not 1 <= round <= C.ROUNDS:
        raise RuleViolation("maui:play", "maui.err.round", round=round)
    state_rng = rng.seed_value(seed)

    cells = _lagoon_cells(lagoon)
    piles = tuple(tuple(p) for p in (piles or [()] * players))
    if len(piles) != players:
        raise refused("maui:setup", Words("maui.setup.piles", given=len(piles), players=players))
    placed = [c for cell in cells for c in cell] + [c for p in piles for c in p] + list(boxed)
    placed += [] if removed is None else [removed]
    if deck is not None:
        placed += list(deck)
    _check_ids(placed)

    unplaced = [c for c in C.ALL_CATCH if c not in placed] if placed else list(C.ALL_CATCH)
    shuffled, state_rng = rng.shuffled(state_rng, unplaced)
    rest = list(shuffled)
    if removed is None:
        removed = rest.pop(0) if rest or deck is None else None
    aside: tuple[str, ...] = ()
    if deck is None:
        deck = tuple(rest)
    else:
        aside = tuple(rest)   # an explicit deck leaves the other cards out, unseen, with the boxed one

    discards: tuple[tuple[int, ...], ...]
    if hands is None:
        if round != 1:
            raise refused("maui:setup", Words("maui.setup.needs_hands"))
        hands, discards = (C.DIVE_CARDS,) * players, ((),) * players   # whole sets: nothing to check
    else:
        hands, discards = _hands(hands, players, round)

    revealed: tuple[Optional[int], ...] = (None,) * players
    if last is not None:
        revealed = tuple(last)
        if len(revealed) != players or any(c is not None and c not in used for c, used in zip(revealed, discards)):
            raise refused("maui:setup", Words("maui.setup.last", players=players))

    if NO_FIGHTS in variants:
        kiti_seat = None
    else:
        kiti_seat = youngest if kiti is None else kiti
        if isinstance(kiti_seat, bool) or not isinstance(kiti_seat, int) or not 0 <= kiti_seat < players:
            raise refused("maui:setup", Words("maui.setup.kiti", seat=str(kiti_seat), last=players - 1))

    # the fields as a table (see _table), in the dataclass's order: a random game is dealt thousands of times a
    # second, and State's __init__ cost more than the rest of dealing but the shuffle
    table = {
        "players": players, "variants": variants, "round": round, "deck": tuple(deck),
        "removed": (() if removed is None else (removed,)) + aside, "lagoon": [(), (), ()], "face_down": (),
        "hands": hands, "chosen": (None,) * players, "discards": discards, "piles": list(piles),
        "boxed": tuple(boxed), "kiti": kiti_seat, "pending": (), "declined": (0,) * players,
        "revealed": revealed, "rng": state_rng, "stage": "", "before": (None,) * players,
    }
    if any(cells):
        table["lagoon"] = [tuple(c) for c in cells]
    else:
        _lay(table, [])
    return _freeze(table)


def setup_stages(players: int, **kwargs: Any) -> list[tuple[str, State, list[Event]]]:
    """`setup`, shown the way a table is laid out: (stage, position, events) for each of SETUP_STAGES:
    the divers seated with their cards (Kiti not yet down, all 37 catch cards in the deck, the lagoon
    empty), Kiti put down, one card boxed unseen, the lagoon filled. The last position is `setup`'s own."""
    final = setup(players, **kwargs)
    boxed = replace(final, lagoon=((), (), ()), face_down=(), stage=SETTING_UP)
    if final.round == 1:
        boxed = replace(boxed, deck=tuple(c for cell in final.lagoon for c in cell) + final.deck)
    whole = replace(boxed, deck=final.removed + boxed.deck, removed=())
    out: list[tuple[str, State, list[Event]]] = [("seated", replace(whole, kiti=None), [])]
    if final.kiti is not None:
        out.append(("kiti", whole, [Event("maui.kiti_placed", "maui:setup", {"player": final.kiti})]))
    out.append(("boxed", boxed, []))
    laid = [Event("maui.laid", "maui:play", {"depth": C.DEPTHS[i], "card": c, "face_down": False,
                                             "round": final.round})
            for i, cell in enumerate(final.lagoon) for c in cell]
    # a lesson's deck arranged with a seagull on top: round 1 draws it for the deep, and it goes back (a stage of its
    # own, "seagull": a reader was told of a seagull sent back over a board that never showed one)
    deck = kwargs.get("deck")
    if final.round == 1 and deck and _KIND.get(deck[0]) == "seagull" and not kwargs.get("lagoon"):
        gull = deck[0]
        drawn = replace(boxed, lagoon=((gull,), (), ()), deck=tuple(c for c in boxed.deck if c != gull))
        out.append(("seagull", drawn, [Event("maui.laid", "maui:play", {"depth": "deep", "card": gull,
                                                                        "face_down": False, "round": 1})]))
        laid.insert(0, Event("maui.first_seagull_replaced", "maui:play", {"depth": "deep", "card": gull}))
    out.append(("lagoon", final, laid))
    return out


def _hands(hands: Iterable[Iterable[int]], players: int, round: int
           ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Explicit hands, checked and sorted, and the dive cards they leave used."""
    checked = tuple(tuple(sorted(h)) for h in hands)
    if len(checked) != players or any(len(h) != C.ROUNDS - round + 1 or len(set(h)) != len(h)
                                    or not set(h) <= set(C.DIVE_CARDS) or any(type(n) is not int for n in h)
                                    for h in checked):   # plain ints only: legal_actions counts on it
        raise refused("maui:setup", Words("maui.setup.hands", players=players, count=C.ROUNDS - round + 1,
                                          last=C.DIVE_CARDS[-1]))
    return checked, tuple(tuple(n for n in C.DIVE_CARDS if n not in h) for h in checked)


def _lagoon_cells(lagoon: Any) -> list[tuple[str, ...]]:
    if lagoon is None:
        return [(), (), ()]
    if isinstance(lagoon, dict):
        unknown = set(lagoon) - set(C.DEPTHS)
        if unknown:
            raise refused("maui:play", Words("maui.setup.depth", depth=repr(sorted(unknown)[0]),
                                             known=", ".join(repr(d) for d in C.DEPTHS)))
        items = [lagoon.get(d, ()) for d in C.DEPTHS]
    else:
        items = list(lagoon)
        if len(items) != 3:
            raise refused("maui:play", Words("maui.setup.cells", n=len(C.DEPTHS)))
    return [tuple([x]) if isinstance(x, str) else tuple(x) for x in items]


def _check_ids(ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for c in ids:
        if c not in C.CATCH_CARDS:
            raise refused("maui:components", Words("maui.setup.no_card", card=repr(c)))
        if c in seen:
            raise refused("maui:components", Words("maui.setup.card_twice", card=_card(c)))
        seen.add(c)


def _card(card_id: str) -> Callable[[str], str]:
    """The card as a player names it, in the reader's language (the words are read only when a refusal is said)."""
    def said(lang: str) -> str:
        from tutor.games.maui.text import card_name
        return card_name(card_id, lang)
    return said


# setup builds its table by hand: it must name every field, in order
assert [f.name for f in fields(State)] == ["players", "variants", "round", "deck", "removed", "lagoon", "face_down",
                                           "hands", "chosen", "discards", "piles", "boxed", "kiti", "pending",
                                           "declined", "revealed", "rng", "stage", "before"]
