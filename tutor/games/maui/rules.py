"""The Мяури engine: an immutable State, the actions, and `apply` that returns events citing rules.

Seats are numbered from 0 clockwise; everything a person reads counts players from 1.
A round runs: the lagoon is filled (setup or end of the previous round), every seat lays a dive
card face down (`Dive`, in any order), and the last card triggers the reveal and the catches. If a
catch leaves three jellyfish in a pile, its owner answers `Jellyfish` before Kiti moves on.

`stages(state, action)` gives the same move as `apply`, cut where a teacher would pause: the cards
turned up, each depth handed out, Kiti's step, the next deal. The cut positions carry `stage` (a
name from STAGES): they are for showing, and no one may act in them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional

from tutor.core import rng
from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.games.maui import components as C

OPEN_BASKETS = "open-baskets"
NO_FIGHTS = "no-fights"
VARIANTS = (OPEN_BASKETS, NO_FIGHTS)
# where a round's resolution may pause for a lesson; "" is an ordinary position
STAGES = ("reveal", "deep", "middle", "shallow", "jellyfish", "kiti")
SETUP_STAGES = ("seated", "kiti", "boxed", "lagoon")   # how `setup_stages` builds the opening position
SETTING_UP = "setup"                          # State.stage of a table still being laid out


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Dive:
    """Lay dive card `card` face down for this round."""
    player: int
    card: int

    def to_json(self) -> dict:
        return {"type": "dive", "player": self.player, "card": self.card}


@dataclass(frozen=True)
class Jellyfish:
    """Answer the jellyfish offer: discard three jellyfish (True) or keep them (False)."""
    player: int
    discard: bool

    def to_json(self) -> dict:
        return {"type": "jellyfish", "player": self.player, "discard": self.discard}


Action = Dive | Jellyfish


# --------------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    players: int
    variants: tuple                     # sorted subset of VARIANTS
    round: int                          # 1..12; 13 once the game is over
    deck: tuple                         # catch card ids, top first
    removed: tuple                      # the card boxed unseen at setup
    lagoon: tuple                       # 3 cells (deep, middle, shallow), each a tuple of ids bottom->top
    face_down: tuple                    # ((cell, seat), ...): cells whose top card lies face down after a
                                        # lantern fish, and the seat that took it and may look
    hands: tuple                        # per seat: dive numbers still in hand
    chosen: tuple                       # per seat: dive number laid face down this round, or None
    discards: tuple                     # per seat: dive numbers used, in order
    piles: tuple                        # per seat: catch ids, bottom -> top
    boxed: tuple                        # catch ids put back in the box (seagulls, eaten, jellyfish)
    kiti: Optional[int]                 # seat nearest Kiti's right hand; None without Kiti
    pending: tuple                      # seats that must answer the jellyfish offer
    declined: tuple                     # per seat: jellyfish count when the offer was last declined
    revealed: tuple                     # per seat: card revealed in the last resolved round, or None
    rng: int = field(default=0)
    stage: str = field(default="")      # a name from STAGES while a round is shown being resolved,
                                        # SETTING_UP while the table is shown being laid out

    # -- derived
    @property
    def over(self) -> bool:
        return self.round > C.ROUNDS

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.stage:
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


def _with(state: State, seat: int, attr: str, value) -> State:
    items = list(getattr(state, attr))
    items[seat] = value
    return replace(state, **{attr: tuple(items)})


def _cell_with(lagoon: tuple, index: int, cards: tuple) -> tuple:
    cells = list(lagoon)
    cells[index] = cards
    return tuple(cells)


# --------------------------------------------------------------------------- queries

def is_over(state: State) -> bool:
    return state.over


def to_move(state: State) -> list[int]:
    """Seats that have a decision to make now (dives are simultaneous)."""
    if state.over or state.stage:
        return []
    if state.pending:
        return [state.pending[0]]
    return [s for s in range(state.players) if state.chosen[s] is None]


def legal_actions(state: State, player: int) -> list[Action]:
    if player not in to_move(state):
        return []
    if state.pending:
        return [Jellyfish(player, True), Jellyfish(player, False)]
    return [Dive(player, n) for n in state.hands[player]]


def jellyfish_count(pile) -> int:
    return sum(1 for c in pile if C.kind(c) == "jellyfish")


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after `action` and what happened. Illegal actions raise RuleViolation."""
    return _apply(state, action, None)


def _apply(state: State, action: Action, cuts) -> tuple[State, list[Event]]:
    if state.over:
        raise RuleViolation("maui:end", "maui.err.over")
    if state.stage:
        raise RuleViolation("maui:play", "maui.err.resolving")
    if isinstance(action, Dive):
        return _dive(state, action, cuts)
    if isinstance(action, Jellyfish):
        return _jellyfish(state, action, cuts)
    raise RuleViolation("maui:play", "maui.err.unknown_action", action=repr(action))


def _check_seat(state: State, player) -> None:
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < state.players:
        raise RuleViolation("maui:setup", "maui.err.no_seat", seat=str(player), players=state.players)


def stages(state: State, action: Action) -> list[tuple[str, State, list[Event]]]:
    """`apply`, cut into (stage name, position, events of this stage); the last position is apply's.

    A dive that is not the last one, and a jellyfish answer that leaves another offer, is one stage,
    "done". Refused actions raise RuleViolation, as in `apply`.
    """
    cuts: list = []
    final, events = _apply(state, action, cuts)
    out, start = [], 0
    for name, position, upto in cuts:
        out.append((name, position, events[start:upto]))
        start = upto
    out.append(("done", final, events[start:]))
    return out


def _dive(state: State, action: Dive, cuts=None) -> tuple[State, list[Event]]:
    p = action.player
    _check_seat(state, p)
    if state.pending:
        raise RuleViolation("maui:jellyfish", "maui.err.await_jellyfish", player=state.pending[0])
    if state.chosen[p] is not None:
        raise RuleViolation("maui:play", "maui.err.already_dived", player=p)
    if action.card not in state.hands[p]:
        if action.card in state.discards[p]:
            raise RuleViolation("maui:play", "maui.err.card_used", player=p, card=action.card)
        raise RuleViolation("maui:components", "maui.err.no_such_card", player=p, card=action.card)
    hand = tuple(n for n in state.hands[p] if n != action.card)
    new = _with(_with(state, p, "hands", hand), p, "chosen", action.card)
    events = [Event("maui.dive_chosen", "maui:play", {"player": p})]
    if all(c is not None for c in new.chosen):
        new, more = _resolve(new, cuts, len(events))
        events += more
    return new, events


def _jellyfish(state: State, action: Jellyfish, cuts=None) -> tuple[State, list[Event]]:
    p = action.player
    _check_seat(state, p)
    if not state.pending or state.pending[0] != p:
        raise RuleViolation("maui:jellyfish", "maui.err.no_jellyfish_offer", player=p)
    pile = state.piles[p]
    rest = state.pending[1:]
    if action.discard:
        stingers = sorted((c for c in pile if C.kind(c) == "jellyfish"), key=C.value)[:3]
        kept = tuple(c for c in pile if c not in stingers)
        new = replace(_with(state, p, "piles", kept), boxed=state.boxed + tuple(stingers), pending=rest)
        events = [Event("maui.jellyfish_discarded", "maui:jellyfish",
                        {"player": p, "cards": list(stingers), "points": -sum(C.value(c) for c in stingers)})]
    else:
        new = replace(_with(state, p, "declined", jellyfish_count(pile)), pending=rest)
        events = [Event("maui.jellyfish_kept", "maui:jellyfish", {"player": p})]
    if not new.pending:
        if cuts is not None:
            cuts.append(("jellyfish", replace(new, stage="jellyfish"), len(events)))
        new, more = _end_round(new, cuts, len(events))
        events += more
    return new, events


# --------------------------------------------------------------------------- resolution

def dispute_order(state: State, hand: str) -> list[int]:
    """Seats from nearest to farthest from Kiti's right hand (counter-clockwise) or left hand (clockwise)."""
    n, k = state.players, state.kiti
    if hand == "right":
        return [(k - i) % n for i in range(n)]
    return [(k + 1 + i) % n for i in range(n)]


def _winner(state: State, chosen: tuple, candidates: list[int], want: str,
            hand: str) -> tuple[Optional[int], list[int]]:
    """(winner or None, the tied seats) for one cell. `want` is "high" or "low"."""
    if not candidates:
        return None, []
    cards = {s: chosen[s] for s in candidates}
    target = max(cards.values()) if want == "high" else min(cards.values())
    tied = [s for s in candidates if cards[s] == target]
    if len(tied) == 1:
        return tied[0], []
    if state.has(NO_FIGHTS):
        return None, tied
    order = dispute_order(state, hand)
    return min(tied, key=order.index), tied


def _resolve(state: State, cuts=None, base: int = 0) -> tuple[State, list[Event]]:
    """All dive cards are down: reveal, hand out the catches from the deep up, discard dive cards.

    `cuts` (a list, or None when nobody watches) collects (stage, position, event count) where a
    lesson may pause; `base` is how many events the action had before this.
    """
    cards = state.chosen
    events = [Event("maui.revealed", "maui:play", {"cards": list(cards)})]
    for cell, _ in state.face_down:
        events.append(Event("maui.face_down_revealed", "maui:lantern",
                            {"depth": C.DEPTHS[cell], "card": state.lagoon[cell][-1]}))
    # the cards lie face up on the table from here on, and count as used
    discards = tuple(state.discards[s] + (cards[s],) for s in range(state.players))
    state = replace(state, face_down=(), discards=discards, revealed=cards, chosen=(None,) * state.players)
    if cuts is not None:
        cuts.append(("reveal", replace(state, stage="reveal"), base + len(events)))

    without = list(range(state.players))   # seats still without a catch, clockwise
    lanterns = []   # (cell, taker): each cell a lantern fish left gets its next card face down
    plan = ((0, "high", "right"), (1, "high", "right"), (2, "low", "left"))
    last = None     # the last cell handed out: its pause waits for the empty-handed divers
    for cell, want, hand in plan:
        if not state.lagoon[cell]:
            continue
        if cuts is not None and last is not None:
            cuts.append((C.DEPTHS[last], replace(state, stage=C.DEPTHS[last]), base + len(events)))
        last = cell
        seat, tied = _winner(state, cards, without, want, hand)
        if tied:
            if seat is None:
                events.append(Event("maui.tie_no_catch", "maui:no-fights",
                                    {"depth": C.DEPTHS[cell], "players": tied, "card": cards[tied[0]]}))
                without = [s for s in without if s not in tied]
                continue
            events.append(Event("maui.dispute", "maui:disputes",
                                {"depth": C.DEPTHS[cell], "players": tied, "player": seat,
                                 "hand": hand, "card": cards[seat]}))
        if seat is None:
            continue
        without.remove(seat)
        taken = state.lagoon[cell]
        events.append(Event("maui.catch", f"maui:{C.DEPTHS[cell]}",
                            {"player": seat, "depth": C.DEPTHS[cell], "cards": list(taken), "card": cards[seat]}))
        state = replace(state, lagoon=_cell_with(state.lagoon, cell, ()))
        for card_id in taken:   # oldest first (only the no-fights variant piles several)
            state, more = _take(state, seat, card_id)
            events += more
            if C.kind(card_id) == "lantern" and (cell, seat) not in lanterns:
                lanterns.append((cell, seat))

    for seat in without:
        events.append(Event("maui.empty_handed", "maui:play", {"player": seat, "card": cards[seat]}))
    events.append(Event("maui.dive_discarded", "maui:play", {}))
    if cuts is not None and last is not None:
        cuts.append((C.DEPTHS[last], replace(state, stage=C.DEPTHS[last]), base + len(events)))
    state = replace(state, face_down=tuple(lanterns))

    pending = tuple(s for s in range(state.players)
                    if jellyfish_count(state.piles[s]) >= 3
                    and jellyfish_count(state.piles[s]) > state.declined[s])
    if pending:
        for s in pending:
            events.append(Event("maui.jellyfish_offer", "maui:jellyfish",
                                {"player": s, "count": jellyfish_count(state.piles[s])}))
        return replace(state, pending=pending), events
    more_state, more = _end_round(state, cuts, base + len(events))
    return more_state, events + more


def _take(state: State, seat: int, card_id: str) -> tuple[State, list[Event]]:
    """One catch card reaches a diver: seagulls eat, everything else goes on top of the pile."""
    pile = state.piles[seat]
    if C.kind(card_id) != "seagull":
        return _with(state, seat, "piles", pile + (card_id,)), []
    if not pile:
        return (replace(state, boxed=state.boxed + (card_id,)),
                [Event("maui.seagull_hungry", "maui:seagull", {"player": seat, "seagull": card_id})])
    eaten = pile[-1]
    state = _with(state, seat, "piles", pile[:-1])
    if C.kind(eaten) == "jellyfish":
        # a declined offer stands only until another jellyfish arrives: count from what is left
        state = _with(state, seat, "declined", min(state.declined[seat], jellyfish_count(pile[:-1])))
    return (replace(state, boxed=state.boxed + (card_id, eaten)),
            [Event("maui.seagull_ate", "maui:seagull", {"player": seat, "seagull": card_id, "card": eaten})])


def _end_round(state: State, cuts=None, base: int = 0) -> tuple[State, list[Event]]:
    """Kiti steps clockwise; after round 12 the game ends, otherwise the lagoon is refilled."""
    events = []
    if state.kiti is not None:
        kiti = (state.kiti + 1) % state.players
        events.append(Event("maui.kiti_moved", "maui:play", {"player": kiti}))
        state = replace(state, kiti=kiti)
        if cuts is not None:
            cuts.append(("kiti", replace(state, stage="kiti"), base + len(events)))
    if state.round >= C.ROUNDS:
        leftover = [c for cell in state.lagoon for c in cell]
        state = replace(state, round=state.round + 1, face_down=())
        events.append(Event("maui.game_over", "maui:end", {"leftover": leftover}))
        return state, events
    state, more = _fill(replace(state, round=state.round + 1))
    return state, events + more


def _fill(state: State) -> tuple[State, list[Event]]:
    """Lay one catch card in each cell, deep first; in round 1 a seagull is replaced."""
    events = []
    for cell in range(len(C.DEPTHS)):
        while True:
            if not state.deck:
                break
            card_id, deck = state.deck[0], state.deck[1:]
            if state.round == 1 and C.kind(card_id) == "seagull" and any(C.kind(c) != "seagull" for c in deck):
                deck, nxt = rng.shuffled(state.rng, deck + (card_id,))
                state = replace(state, deck=deck, rng=nxt)
                events.append(Event("maui.first_seagull_replaced", "maui:play",
                                    {"depth": C.DEPTHS[cell], "card": card_id}))
                continue
            state = replace(state, deck=deck, lagoon=_cell_with(state.lagoon, cell, state.lagoon[cell] + (card_id,)))
            hidden = any(c == cell for c, _ in state.face_down)
            events.append(Event("maui.laid", "maui:play",
                                {"depth": C.DEPTHS[cell], "card": None if hidden else card_id,
                                 "face_down": hidden, "round": state.round}))
            break
    return state, events


# --------------------------------------------------------------------------- setup

def setup(players: int, *, seed=None, variant=(), youngest: int = 0, kiti: Optional[int] = None,
          lagoon=None, deck=None, removed=None, hands=None, piles=None, round: int = 1,
          boxed=()) -> State:
    """The opening state (or, with explicit components, any position a lesson needs).

    players: 3..6. seed: reproducible shuffle. variant: names from VARIANTS.
    youngest: seat of the youngest player (Kiti starts at their left, right hand toward them).
    kiti: seat nearest Kiti's right hand (overrides youngest).
    lagoon: {depth: card id or [ids]} or a 3-list; deck: ids top first; removed: the unseen card.
    hands: per seat, dive numbers in hand; piles: per seat, catch ids bottom->top; round: 1..12.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not C.MIN_PLAYERS <= players <= C.MAX_PLAYERS:
        raise RuleViolation("maui:components", "maui.err.players", players=str(players),
                            low=C.MIN_PLAYERS, high=C.MAX_PLAYERS)
    if isinstance(variant, str):
        variant = (variant,)
    for v in variant:
        if v not in VARIANTS:
            raise RuleViolation("maui:variants", "maui.err.variant", variant=v, known=", ".join(VARIANTS))
    variants = tuple(sorted(set(variant)))
    if not 1 <= round <= C.ROUNDS:
        raise RuleViolation("maui:play", "maui.err.round", round=round)
    state_rng = rng.seed_value(seed)

    cells = _lagoon_cells(lagoon)
    piles = tuple(tuple(p) for p in (piles or [()] * players))
    if len(piles) != players:
        raise RuleViolation("maui:setup", "maui.err.setup", problem=f"{len(piles)} catch piles for {players} players")
    placed = [c for cell in cells for c in cell] + [c for p in piles for c in p] + list(boxed)
    placed += [] if removed is None else [removed]
    if deck is not None:
        placed += list(deck)
    _check_ids(placed)

    rest = [c for c in C.ALL_CATCH if c not in placed]
    rest, state_rng = rng.shuffled(state_rng, rest)
    rest = list(rest)
    if removed is None:
        removed = rest.pop(0) if rest or deck is None else None
    if deck is None:
        deck = tuple(rest)
    elif rest:
        boxed = tuple(boxed) + tuple(rest)   # an explicit deck leaves the other cards in the box

    if hands is None:
        if round != 1:
            raise RuleViolation("maui:setup", "maui.err.setup", problem="a position after round 1 needs the hands")
        hands = [C.DIVE_CARDS] * players
    hands = tuple(tuple(sorted(h)) for h in hands)
    if len(hands) != players or any(len(h) != C.ROUNDS - round + 1 or len(set(h)) != len(h)
                                    or not set(h) <= set(C.DIVE_CARDS) for h in hands):
        raise RuleViolation("maui:setup", "maui.err.setup",
                            problem=f"each of {players} hands must hold {C.ROUNDS - round + 1} different cards 1..12")
    discards = tuple(tuple(n for n in C.DIVE_CARDS if n not in h) for h in hands)

    if NO_FIGHTS in variants:
        kiti_seat = None
    else:
        kiti_seat = youngest if kiti is None else kiti
        if not isinstance(kiti_seat, int) or not 0 <= kiti_seat < players:
            raise RuleViolation("maui:setup", "maui.err.setup", problem=f"Kiti's seat {kiti_seat} is not at the table")

    state = State(
        players=players, variants=variants, round=round, deck=tuple(deck),
        removed=() if removed is None else (removed,), lagoon=((), (), ()), face_down=(),
        hands=hands, chosen=(None,) * players, discards=discards, piles=piles, boxed=tuple(boxed),
        kiti=kiti_seat, pending=(), declined=(0,) * players, revealed=(None,) * players, rng=state_rng,
    )
    if any(cells):
        return replace(state, lagoon=tuple(tuple(c) for c in cells))
    state, _ = _fill(state)
    return state


def setup_stages(players: int, **kwargs) -> list[tuple[str, State, list[Event]]]:
    """`setup`, shown the way a table is laid out: (stage, position, events) for each of SETUP_STAGES:
    the divers seated with their cards (Kiti not yet down, all 37 catch cards in the deck, the lagoon
    empty), Kiti put down, one card boxed unseen, the lagoon filled. The last position is `setup`'s own."""
    final = setup(players, **kwargs)
    boxed = replace(final, lagoon=((), (), ()), face_down=(), stage=SETTING_UP)
    if final.round == 1:
        boxed = replace(boxed, deck=tuple(c for cell in final.lagoon for c in cell) + final.deck)
    whole = replace(boxed, deck=final.removed + boxed.deck, removed=())
    out = [("seated", replace(whole, kiti=None), [])]
    if final.kiti is not None:
        out.append(("kiti", whole, [Event("maui.kiti_placed", "maui:setup", {"player": final.kiti})]))
    out.append(("boxed", boxed, []))
    laid = [Event("maui.laid", "maui:play", {"depth": C.DEPTHS[i], "card": c, "face_down": False,
                                             "round": final.round})
            for i, cell in enumerate(final.lagoon) for c in cell]
    out.append(("lagoon", final, laid))
    return out


def _lagoon_cells(lagoon) -> list[tuple]:
    if lagoon is None:
        return [(), (), ()]
    if isinstance(lagoon, dict):
        unknown = set(lagoon) - set(C.DEPTHS)
        if unknown:
            raise RuleViolation("maui:play", "maui.err.setup", problem=f"unknown depth {sorted(unknown)[0]!r}")
        items = [lagoon.get(d, ()) for d in C.DEPTHS]
    else:
        items = list(lagoon)
        if len(items) != 3:
            raise RuleViolation("maui:play", "maui.err.setup", problem="the lagoon has exactly three cells")
    return [tuple([x]) if isinstance(x, str) else tuple(x) for x in items]


def _check_ids(ids) -> None:
    seen = set()
    for c in ids:
        if c not in C.CATCH_CARDS:
            raise RuleViolation("maui:components", "maui.err.setup", problem=f"there is no catch card {c!r}")
        if c in seen:
            raise RuleViolation("maui:components", "maui.err.setup", problem=f"catch card {c!r} is used twice")
        seen.add(c)
