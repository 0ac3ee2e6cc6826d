"""The Паперові океани engine: an immutable State, the actions, and `apply` that returns events citing rules.

Seats are numbered from 0 clockwise (play passes to the left, seat + 1); everything a person reads counts
players from 1. A turn is a few small actions:

    draw       DrawDeck (then Keep: one of the two cards, the other onto a discard pile) or TakeDiscard
    play       any number of PlayDuo (crabs: CrabPile then CrabTake; swimmer and shark: Steal; fish and boats
               act at once), PlayMermaids with all four in hand, then EndTurn, Stop or LastChance

A round ends by STOP (everyone scores now), by LAST CHANCE (each opponent takes one more turn, then the bet is
settled) or, with nobody scoring, when the deck is empty at the end of a turn. Then the totals are checked
against the threshold and a new round is dealt, its first player the one left of whoever ended the last.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, Sequence

from tutor.core import actions, rng
from tutor.core.errors import RuleViolation
from tutor.core.setup_check import check_setup, refused
from tutor.core.wording import Words
from tutor.core.events import Event
from tutor.core.fast import event_maker, freezer, put, thaw, without
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.scoring import card_points, colour_bonus

_KIND, _ORDER = C.KIND, C.ORDER
_R = "sea_salt_paper:"
_E = "sea_salt_paper."

PHASES = ("draw", "keep", "play", "crab", "crab_take", "steal", "over")


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class DrawDeck(actions.Action):
    """Take the two top cards of the deck to look at (then `Keep` one)."""


@dataclass(frozen=True)
class Keep(actions.Action):
    """Keep `card` of the two drawn; the other goes face up onto discard pile `pile` (0 or 1; None when only
    one card was drawn)."""
    card: str
    pile: Optional[int] = None


@dataclass(frozen=True)
class TakeDiscard(actions.Action):
    """Take the top card of discard pile `pile` (0 or 1)."""
    pile: int


def _pair_key(x: object) -> tuple[int, str]:
    return (_ORDER.get(x, 999) if isinstance(x, str) else 999, str(x))


@dataclass(frozen=True)
class PlayDuo(actions.Action, json_type="duo"):
    """Lay two cards that make a duo in front of you and use its effect. The pair is unordered: PlayDuo(p, a, b)
    equals PlayDuo(p, b, a)."""
    first: str
    second: str

    def __post_init__(self) -> None:
        if _pair_key(self.first) > _pair_key(self.second):
            a, b = self.second, self.first
            object.__setattr__(self, "first", a)
            object.__setattr__(self, "second", b)

    @property
    def cards(self) -> tuple[str, str]:
        return (self.first, self.second)


@dataclass(frozen=True)
class CrabPile(actions.Action):
    """Crab effect, first step: look through discard pile `pile`."""
    pile: int


@dataclass(frozen=True)
class CrabTake(actions.Action):
    """Crab effect, second step: take `card` from the pile you are looking through."""
    card: str


@dataclass(frozen=True)
class Steal(actions.Action):
    """Swimmer and shark effect: take a random card from `victim`'s hand."""
    victim: int


@dataclass(frozen=True)
class PlayMermaids(actions.Action, json_type="mermaids"):
    """Lay all four mermaids down: the game is won at once."""


@dataclass(frozen=True)
class EndTurn(actions.Action):
    """End the turn without ending the round."""


@dataclass(frozen=True)
class Stop(actions.Action):
    """End the round safely: everyone reveals and scores their cards."""


@dataclass(frozen=True)
class LastChance(actions.Action):
    """End the round with a bet: every opponent takes one more turn, then the bet is settled."""


# how a scored round ended (State.ends): STOP, or LAST CHANCE with the bet won or lost
ENDS = ("stop", "bet_won", "bet_lost")

Action = DrawDeck | Keep | TakeDiscard | PlayDuo | CrabPile | CrabTake | Steal | PlayMermaids | EndTurn | Stop \
    | LastChance


# --------------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    players: int
    round: int                            # 1, 2, ...
    turn: int                             # the seat whose turn it is
    phase: str                            # one of PHASES
    deck: tuple[str, ...]                 # card ids, top first
    discards: tuple[tuple[str, ...], ...] # two piles, each bottom -> top
    hands: tuple[tuple[str, ...], ...]    # per seat: card ids in hand
    zones: tuple[tuple[str, ...], ...]    # per seat: card ids played in front of the player (pairs, in order)
    scores: tuple[int, ...]               # per seat: game total so far
    history: tuple[tuple[int, ...], ...]  # scored rounds: (round, points of seat 0, seat 1, ...)
    drawn: tuple[str, ...]                # the cards taken from the deck, waiting for Keep (the drawer sees them)
    looking: Optional[int]                # the discard pile a crab lets the player look through, else None
    caller: Optional[int]                 # who said LAST CHANCE this round, else None
    last_turns: tuple[int, ...]           # the opponents still to take their last turn after this one, in order
    revealed: tuple[bool, ...]            # per seat: hand shown to everyone (LAST CHANCE, end of game)
    winner: Optional[int]                 # who won with four mermaids, else None
    rng: int = 0
    # how each round of `history` the engine scored ended: (round, the seat that ended it, ENDS index); a lesson's
    # earlier rounds given as totals have none. The table's "rounds so far" says who ended each round and how
    ends: tuple[tuple[int, int, int], ...] = ()

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def __str__(self) -> str:  # readable for debugging, like OpenSpiel's states
        seats = "; ".join(f"P{s + 1} hand={list(self.hands[s])} zone={list(self.zones[s])} total={self.scores[s]}"
                          for s in range(self.players))
        tops = [p[-1] if p else "-" for p in self.discards]
        return (f"<SeaSaltPaper round {self.round} P{self.turn + 1} {self.phase} deck={len(self.deck)} "
                f"discards={tops} {seats}>")


_table, _freeze = thaw, freezer(State)   # fast construction (tutor.core.fast)
_ev = event_maker("sea_salt_paper")
_put, _without = put, without
Table = dict[str, Any]                   # a state's fields by name while an action works on them
Stages = list[tuple[str, State, list[Event]]]


# --------------------------------------------------------------------------- queries

def is_over(state: State) -> bool:
    return state.phase == "over"


def to_move(state: State) -> list[int]:
    return [] if state.phase == "over" else [state.turn]


def points_in_hand(state: State, seat: int) -> int:
    """Card points of the seat's hand and zone together (no colour bonus): what the 7 points to end a round
    count (ruling stop-points)."""
    return card_points(state.hands[seat] + state.zones[seat])


def duos_in(hand: Iterable[str]) -> list[tuple[str, str]]:
    """Every pair of cards in `hand` that makes a duo, each once, in a stable order."""
    by_kind: dict[str, list[str]] = {}
    for c in sorted(hand, key=_ORDER.__getitem__):
        by_kind.setdefault(_KIND[c], []).append(c)
    out = []
    for kind in ("crab", "boat", "fish"):
        cards = by_kind.get(kind, ())
        out += [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]
    for swimmer in by_kind.get("swimmer", ()):
        out += [(swimmer, shark) for shark in by_kind.get("shark", ())]
    return out


def steal_targets(state: State, player: int) -> list[int]:
    """Opponents whose hand can be stolen from: cards in hand, not yet revealed (a revealed hand is protected; the
    LAST CHANCE caller's too, from the call on: ruling caller-protected)."""
    return [s for s in range(state.players)
            if s != player and state.hands[s] and not state.revealed[s]]


def legal_actions(state: State, player: int) -> list[Action]:
    if state.phase == "over" or player != state.turn or type(player) is not int:
        return []
    phase = state.phase
    if phase == "draw":
        out: list[Action] = [DrawDeck(player)] if state.deck else []
        return out + [TakeDiscard(player, i) for i in (0, 1) if state.discards[i]]
    if phase == "keep":
        drawn = state.drawn
        if len(drawn) == 1:
            return [Keep(player, drawn[0], None)]
        piles = _discard_choices(state)
        return [Keep(player, card, pile) for card in drawn for pile in piles]
    if phase == "crab":     # «будь-який скид»: an empty one too (its effect then finds nothing)
        return [CrabPile(player, 0), CrabPile(player, 1)]
    if phase == "crab_take":
        return [CrabTake(player, c) for c in state.discards[state.looking or 0]]
    if phase == "steal":
        return [Steal(player, s) for s in steal_targets(state, player)]
    # play
    hand = state.hands[player]
    out = [PlayDuo(player, a, b) for a, b in duos_in(hand)]
    if _mermaids_in(hand) >= C.MERMAIDS_TO_WIN:
        out.append(PlayMermaids(player))
    out.append(EndTurn(player))
    if state.caller is None and points_in_hand(state, player) >= C.STOP_POINTS:
        out += [Stop(player), LastChance(player)]
    return out


def _discard_choices(state: State) -> tuple[int, ...]:
    """Where the card not kept may go: an empty pile if there is one, otherwise either."""
    empty = [i for i in (0, 1) if not state.discards[i]]
    return (empty[0],) if len(empty) == 1 else (0, 1)


def _mermaids_in(cards: Iterable[str]) -> int:
    n = 0
    for c in cards:
        if _KIND[c] == "mermaid":
            n += 1
    return n


# --------------------------------------------------------------------------- apply

def apply(state: State, action: object) -> tuple[State, list[Event]]:
    """The state after `action` and what happened. Illegal actions raise RuleViolation; the state is untouched."""
    if state.phase == "over":
        raise RuleViolation(_R + "game-end", _E + "err.over")
    handler: Any = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleViolation(_R + "turn", _E + "err.unknown_action")
    p = getattr(action, "player", None)
    if type(p) is not int or not 0 <= p < state.players:
        raise RuleViolation(_R + "turn", _E + "err.no_seat", seat=str(p), players=state.players)
    if p != state.turn:
        raise RuleViolation(_R + "turn", _E + "err.not_your_turn", player=p, turn_player=state.turn)
    want = _PHASE_OF[type(action)]
    if state.phase not in want:
        raise RuleViolation(_R + _PHASE_RULE[state.phase], _E + f"err.phase.{state.phase}", player=p)
    result: tuple[State, list[Event]] = handler(state, action)
    return result


def _draw_deck(state: State, a: DrawDeck) -> tuple[State, list[Event]]:
    if not state.deck:
        raise RuleViolation(_R + "draw", _E + "err.deck_empty")
    drawn, deck = state.deck[:2], state.deck[2:]
    t = _table(state)
    t["deck"], t["drawn"], t["phase"] = deck, drawn, "keep"
    return _freeze(t), [_ev("drew", "draw", {"player": a.player, "count": len(drawn), "cards": list(drawn)},
                            (("cards", (a.player,)),))]


def _keep(state: State, a: Keep) -> tuple[State, list[Event]]:
    p, drawn = a.player, state.drawn
    if a.card not in drawn:
        raise RuleViolation(_R + "draw", _E + "err.not_drawn", card=a.card)
    t = _table(state)
    t["hands"] = _put(state.hands, p, state.hands[p] + (a.card,))
    t["drawn"], t["phase"] = (), "play"
    other = tuple(c for c in drawn if c != a.card)
    if not other:
        if a.pile is not None:
            raise RuleViolation(_R + "draw", _E + "err.nothing_to_discard")
        return _freeze(t), [_ev("kept", "draw", {"player": p, "card": a.card, "discarded": None, "pile": None},
                                (("card", (p,)),))]
    if a.pile not in (0, 1) or type(a.pile) is not int:
        raise RuleViolation(_R + "draw", _E + "err.no_pile", pile=str(a.pile))
    if a.pile not in _discard_choices(state):
        raise RuleViolation(_R + "draw", _E + "err.empty_pile_first", pile=a.pile + 1)
    t["discards"] = _put(state.discards, a.pile, state.discards[a.pile] + other)
    return _freeze(t), [_ev("kept", "draw", {"player": p, "card": a.card, "discarded": other[0], "pile": a.pile},
                            (("card", (p,)),))]


def _take_discard(state: State, a: TakeDiscard) -> tuple[State, list[Event]]:
    if a.pile not in (0, 1) or type(a.pile) is not int:
        raise RuleViolation(_R + "draw", _E + "err.no_pile", pile=str(a.pile))
    pile = state.discards[a.pile]
    if not pile:
        raise RuleViolation(_R + "draw", _E + "err.pile_empty", pile=a.pile + 1)
    card = pile[-1]
    t = _table(state)
    t["discards"] = _put(state.discards, a.pile, pile[:-1])
    t["hands"] = _put(state.hands, a.player, state.hands[a.player] + (card,))
    t["phase"] = "play"
    return _freeze(t), [_ev("took_discard", "draw", {"player": a.player, "card": card, "pile": a.pile})]


def _play_duo(state: State, a: PlayDuo) -> tuple[State, list[Event]]:
    p = a.player
    hand = state.hands[p]
    cards = a.cards
    for c in cards:
        if not isinstance(c, str) or c not in C.KIND:
            raise RuleViolation(_R + "cards", _E + "err.no_card", card=str(c))
    if cards[0] == cards[1]:
        raise RuleViolation(_R + "play-duos", _E + "err.same_card", card=cards[0])
    for c in cards:
        if c not in hand:
            raise RuleViolation(_R + "play-duos", _E + "err.not_in_hand", card=c)
    duo = C.duo_of(*cards)
    if duo is None:
        raise RuleViolation(_R + "duos", _E + "err.not_a_duo", first=cards[0], second=cards[1])
    t = _table(state)
    t["hands"] = _put(state.hands, p, _without(_without(hand, cards[0]), cards[1]))
    t["zones"] = _put(state.zones, p, state.zones[p] + cards)
    events = [_ev("duo", "duos", {"player": p, "duo": duo, "cards": list(cards)})]
    if duo == "crab":       # both piles empty: nothing to choose from (ruling crab-empty-pile)
        if state.discards[0] or state.discards[1]:
            t["phase"] = "crab"
        else:
            events.append(_ev("crab_nothing", "duos", {"player": p}))
    elif duo == "fish":
        if state.deck:
            card = state.deck[0]
            t["deck"] = state.deck[1:]
            t["hands"] = _put(t["hands"], p, t["hands"][p] + (card,))
            events.append(_ev("fish_drew", "duos", {"player": p, "card": card}, (("card", (p,)),)))
        else:
            events.append(_ev("fish_nothing", "duos", {"player": p}))
    elif duo == "steal":
        if steal_targets(_freeze(dict(t)), p):
            t["phase"] = "steal"
        else:
            events.append(_ev("steal_nothing", "duos", {"player": p}))
    else:   # boat: this turn ends and another begins at once
        events.append(_ev("boat", "duos", {"player": p}))
        _end_turn(t, events, boat=True)
    return _freeze(t), events


def _crab_pile(state: State, a: CrabPile) -> tuple[State, list[Event]]:
    if a.pile not in (0, 1) or type(a.pile) is not int:
        raise RuleViolation(_R + "duos", _E + "err.no_pile", pile=str(a.pile))
    t = _table(state)
    pile = state.discards[a.pile]
    if not pile:        # the rulebook lets the crabs choose any pile: an empty one has nothing to take
        t["phase"] = "play"
        return _freeze(t), [_ev("crab_looked_empty", "duos", {"player": a.player, "pile": a.pile})]
    t["phase"], t["looking"] = "crab_take", a.pile
    return _freeze(t), [_ev("crab_looked", "duos", {"player": a.player, "pile": a.pile, "count": len(pile),
                                                    "cards": list(pile)}, (("cards", (a.player,)),))]


def _crab_take(state: State, a: CrabTake) -> tuple[State, list[Event]]:
    looking = state.looking or 0     # set in this phase
    pile = state.discards[looking]
    if a.card not in pile:
        raise RuleViolation(_R + "duos", _E + "err.not_in_pile", card=str(a.card), pile=looking + 1)
    t = _table(state)
    t["discards"] = _put(state.discards, looking, _without(pile, a.card))
    t["hands"] = _put(state.hands, a.player, state.hands[a.player] + (a.card,))
    t["phase"], t["looking"] = "play", None
    return _freeze(t), [_ev("crab_took", "duos", {"player": a.player, "pile": state.looking, "card": a.card},
                            (("card", (a.player,)),))]


def _steal(state: State, a: Steal) -> tuple[State, list[Event]]:
    v = a.victim
    if type(v) is not int or not 0 <= v < state.players or v == a.player:
        raise RuleViolation(_R + "duos", _E + "err.no_victim", victim=str(v))
    if state.revealed[v]:
        raise RuleViolation(_R + "round-end", _E + "err.victim_safe", victim_player=v)
    if not state.hands[v]:
        raise RuleViolation(_R + "duos", _E + "err.victim_empty", victim_player=v)
    picked, nxt = rng.choice(state.rng, state.hands[v])
    card = str(picked)
    t = _table(state)
    hands = _put(state.hands, v, _without(state.hands[v], card))
    t["hands"] = _put(hands, a.player, hands[a.player] + (card,))
    t["rng"], t["phase"] = nxt, "play"
    return _freeze(t), [_ev("stole", "duos", {"player": a.player, "victim": v, "card": card},
                            (("card", (a.player, v)),))]


def _play_mermaids(state: State, a: PlayMermaids) -> tuple[State, list[Event]]:
    p = a.player
    mermaids = tuple(c for c in state.hands[p] if _KIND[c] == "mermaid")
    if len(mermaids) < C.MERMAIDS_TO_WIN:
        raise RuleViolation(_R + "mermaids", _E + "err.mermaids", count=len(mermaids))
    t = _table(state)
    t["hands"] = _put(state.hands, p, tuple(c for c in state.hands[p] if _KIND[c] != "mermaid"))
    t["zones"] = _put(state.zones, p, state.zones[p] + mermaids)
    t["winner"] = p
    events = [_ev("mermaids_win", "mermaids", {"player": p, "cards": list(mermaids)})]
    _game_over(t, events)
    return _freeze(t), events


def _end_turn_action(state: State, a: EndTurn) -> tuple[State, list[Event]]:
    t = _table(state)
    events: list[Event] = []
    _end_turn(t, events)
    return _freeze(t), events


def _check_seven(state: State, p: int) -> int:
    if state.caller is not None:
        raise RuleViolation(_R + "round-end", _E + "err.round_ending", caller_player=state.caller)
    points = points_in_hand(state, p)
    if points < C.STOP_POINTS:
        raise RuleViolation(_R + "end-round", _E + "err.below_seven", points=points)
    return points


def _stop(state: State, a: Stop) -> tuple[State, list[Event]]:
    p = a.player
    points = _check_seven(state, p)
    t = _table(state)
    events = [_ev("stop", "round-end", {"player": p, "points": points})]
    order = [(p + i) % state.players for i in range(state.players)]
    for s in order:
        _reveal(t, s, events)
    scored = [card_points(state.hands[s] + state.zones[s]) for s in range(state.players)]
    events.append(_ev("stop_scored", "round-end", {"player": p, "points": scored}))
    _finish_round(t, events, scored, p, "stop")
    return _freeze(t), events


def _last_chance(state: State, a: LastChance) -> tuple[State, list[Event]]:
    p = a.player
    points = _check_seven(state, p)
    t = _table(state)
    events = [_ev("last_chance", "round-end", {"player": p, "points": points})]
    _reveal(t, p, events)
    others = [(p + i) % state.players for i in range(1, state.players)]
    t["caller"], t["last_turns"] = p, tuple(others[1:])
    _start_turn(t, others[0], events)
    return _freeze(t), events


# --------------------------------------------------------------------------- turns and rounds

def _reveal(t: Table, seat: int, events: list[Event]) -> None:
    t["revealed"] = _put(t["revealed"], seat, True)
    events.append(_ev("revealed", "round-end", {"player": seat, "cards": list(t["hands"][seat])}))


def _start_turn(t: Table, seat: int, events: list[Event]) -> None:
    t["turn"], t["phase"], t["drawn"], t["looking"] = seat, "draw", (), None
    if not t["deck"] and not t["discards"][0] and not t["discards"][1]:
        t["phase"] = "play"     # ruling nothing-to-draw
        events.append(_ev("nothing_to_draw", "draw", {"player": seat}))


def _end_turn(t: Table, events: list[Event], boat: bool = False) -> None:
    """The turn of t["turn"] ends (`boat`: cut short by boats, another turn follows for the same player)."""
    p, n = t["turn"], t["players"]
    if t["caller"] is not None:                   # ruling last-chance-deck: no deck check in the last turns
        if boat:                                  # ruling last-chance-boats
            _start_turn(t, p, events)
            return
        _reveal(t, p, events)
        if t["last_turns"]:
            nxt = t["last_turns"][0]
            t["last_turns"] = t["last_turns"][1:]
            events.append(_ev("last_turn", "round-end", {"player": nxt}))
            _start_turn(t, nxt, events)
            return
        _settle_last_chance(t, events)
        return
    if not t["deck"]:                              # ruling empty-deck-turn-end
        events.append(_ev("deck_empty", "empty-deck", {"player": p}))
        _new_round(t, events, (p + 1) % n)
        return
    if boat:
        _start_turn(t, p, events)
        return
    nxt = (p + 1) % n
    events.append(_ev("turn", "turn", {"player": nxt}))
    _start_turn(t, nxt, events)


def _settle_last_chance(t: Table, events: list[Event]) -> None:
    caller, n = t["caller"], t["players"]
    cards = [t["hands"][s] + t["zones"][s] for s in range(n)]
    points = [card_points(c) for c in cards]
    bonus = [colour_bonus(c) for c in cards]
    won = all(points[caller] >= points[s] for s in range(n))
    if won:
        scored = [points[s] + bonus[s] if s == caller else bonus[s] for s in range(n)]
    else:
        scored = [bonus[s] if s == caller else points[s] for s in range(n)]
    events.append(_ev("bet_won" if won else "bet_lost", "round-end",
                      {"player": caller, "card_points": points, "bonus": bonus, "points": scored}))
    _finish_round(t, events, scored, caller, "bet_won" if won else "bet_lost")


def _finish_round(t: Table, events: list[Event], scored: Sequence[int], ender: int, how: str) -> None:
    n = t["players"]
    t["scores"] = tuple(t["scores"][s] + scored[s] for s in range(n))
    t["history"] = t["history"] + ((t["round"],) + tuple(scored),)
    t["ends"] = t["ends"] + ((t["round"], ender, ENDS.index(how)),)
    events.append(_ev("round_scored", "round-end", {"round": t["round"], "points": list(scored),
                                                    "totals": list(t["scores"])}))
    if max(t["scores"]) >= C.THRESHOLDS[n]:
        _game_over(t, events)
        return
    _new_round(t, events, (ender + 1) % n)


def _game_over(t: Table, events: list[Event]) -> None:
    t["phase"], t["drawn"], t["looking"] = "over", (), None
    t["revealed"] = (True,) * t["players"]
    t["last_turns"] = ()
    state = _freeze(dict(t))
    from tutor.games.sea_salt_paper.scoring import winners
    events.append(_ev("game_over", "game-end", {"winners": winners(state), "totals": list(t["scores"]),
                                                "hands": [list(h) for h in t["hands"]]}))


def _new_round(t: Table, events: list[Event], first: int) -> None:
    """Every card back, shuffled; two discard piles opened; `first` begins."""
    cuts = _CUTS.get()
    if cuts is not None:         # stages(): pause where the round has ended, before the next deal
        cuts.append(("round_end", _freeze(dict(t)), len(events)))
    n = t["players"]
    deck, t["rng"] = rng.shuffled(t["rng"], C.ALL_CARDS)
    t["round"] += 1
    t["deck"], t["discards"] = deck[2:], ((deck[0],), (deck[1],))
    t["hands"], t["zones"] = ((),) * n, ((),) * n
    t["caller"], t["last_turns"], t["revealed"] = None, (), (False,) * n
    events.append(_ev("new_round", "setup", {"round": t["round"], "player": first,
                                             "discards": [deck[0], deck[1]]}))
    _start_turn(t, first, events)


_CUTS: ContextVar[Optional[list[tuple[str, State, int]]]] = ContextVar("sea_salt_paper_cuts", default=None)


def stages(state: State, action: Action) -> Stages:
    """`apply`, cut where a teacher pauses: (stage, position, events of the stage). An action that ends a round
    (STOP, the last turn after LAST CHANCE, an empty deck) and deals the next one has two stages: "round_end"
    (hands revealed, the round scored or abandoned, the next round not yet dealt) and "done" (the new deal).
    Any other action is one stage, "done". The last position and the events in order are apply's."""
    cuts: list[tuple[str, State, int]] = []
    token = _CUTS.set(cuts)
    try:
        final, events = apply(state, action)
    finally:
        _CUTS.reset(token)
    out: Stages = []
    start = 0
    for name, position, upto in cuts:
        out.append((name, position, events[start:upto]))
        start = upto
    out.append(("done", final, events[start:]))
    return out


_HANDLERS = {
    DrawDeck: _draw_deck, Keep: _keep, TakeDiscard: _take_discard, PlayDuo: _play_duo, CrabPile: _crab_pile,
    CrabTake: _crab_take, Steal: _steal, PlayMermaids: _play_mermaids, EndTurn: _end_turn_action, Stop: _stop,
    LastChance: _last_chance,
}
_PHASE_OF = {
    DrawDeck: ("draw",), TakeDiscard: ("draw",), Keep: ("keep",), PlayDuo: ("play",), CrabPile: ("crab",),
    CrabTake: ("crab_take",), Steal: ("steal",), PlayMermaids: ("play",), EndTurn: ("play",), Stop: ("play",),
    LastChance: ("play",),
}
_PHASE_RULE = {"draw": "draw", "keep": "draw", "play": "play-duos", "crab": "duos", "crab_take": "duos",
               "steal": "duos", "over": "game-end"}


# --------------------------------------------------------------------------- setup

Cards = Sequence[Iterable[str]]     # per seat (or per pile): card ids


def setup(players: int, *, seed: Optional[int] = None, variant: Iterable[str] = (),
          deck: Optional[Iterable[str]] = None, discards: Optional[Cards] = None, hands: Optional[Cards] = None,
          zones: Optional[Cards] = None, scores: Optional[Iterable[int]] = None, round: int = 1, first: int = 0,
          history: Iterable[Iterable[int]] = ()) -> State:
    """The opening state (or, with explicit components, any position a lesson needs).

    players: 2..4. seed: reproducible shuffle. first: the seat that begins (ruling first-player).
    hands, zones: per seat, card ids; discards: two piles, each bottom -> top; deck: card ids, top first (the
    cards placed nowhere go under it, shuffled); scores: per seat, the totals of earlier rounds; round: its
    number; history: earlier scored rounds as (round, points per seat...).
    Without explicit discards the two top cards of the deck open the two piles.
    """
    check_setup(players, range(C.MIN_PLAYERS, C.MAX_PLAYERS + 1), variant, (), first, rule=_R + "components",
                seat_rule=_R + "setup")
    state_rng = rng.seed_value(seed)

    def per_seat(value: Optional[Cards], name: Words) -> tuple[tuple[str, ...], ...]:
        rows = tuple(tuple(x) for x in (value or [()] * players))
        if len(rows) != players:
            raise refused(_R + "setup", Words("sea_salt_paper.setup.per_seat", what=name, given=len(rows),
                                              players=players))
        return rows

    hands_t = per_seat(hands, Words("sea_salt_paper.setup.hands"))
    zones_t = per_seat(zones, Words("sea_salt_paper.setup.zones"))
    piles = None if discards is None else tuple(tuple(p) for p in discards)
    if piles is not None and len(piles) != 2:
        raise refused(_R + "setup", Words("sea_salt_paper.setup.two_piles"))
    placed = [c for h in hands_t for c in h] + [c for z in zones_t for c in z] + [c for p in piles or () for c in p]
    placed += list(deck or ())
    seen: set[str] = set()
    for c in placed:
        if c not in C.KIND:
            raise refused(_R + "components", Words("sea_salt_paper.setup.no_card", card=repr(c)))
        if c in seen:
            raise refused(_R + "components", Words("sea_salt_paper.setup.card_twice", card=_card(c)))
        seen.add(c)
    rest, state_rng = rng.shuffled(state_rng, [c for c in C.ALL_CARDS if c not in seen])
    full = tuple(deck or ()) + rest
    if piles is None:
        if len(full) < 2:
            raise refused(_R + "setup", Words("sea_salt_paper.setup.open_piles"))
        piles, full = ((full[0],), (full[1],)), full[2:]
    score_t = tuple(scores) if scores is not None else (0,) * players
    if len(score_t) != players:
        raise refused(_R + "setup", Words("sea_salt_paper.setup.per_seat", what=Words("sea_salt_paper.setup.scores"),
                                          given=len(score_t), players=players))
    table: Table = {
        "players": players, "round": round, "turn": first, "phase": "draw", "deck": full, "discards": piles,
        "hands": hands_t, "zones": zones_t, "scores": score_t, "history": tuple(tuple(r) for r in history),
        "drawn": (), "looking": None, "caller": None, "last_turns": (), "revealed": (False,) * players,
        "winner": None, "rng": state_rng, "ends": (),
    }
    _start_turn(table, first, [])
    return State(**table)


def _card(card_id: str) -> Callable[[str], str]:
    """The card as a player names it, in the reader's language (the words are read only when a refusal is said)."""
    def said(lang: str) -> str:
        from tutor.games.sea_salt_paper.text import card_name
        return card_name(card_id, lang)
    return said
