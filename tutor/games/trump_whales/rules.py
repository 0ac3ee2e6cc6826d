"""The Козырные киты engine: an immutable State, the actions, and `apply` that returns events citing rules.

Seats are numbered from 0 clockwise (play passes to the left, seat + 1); everything a person reads counts
players from 1. A round:

    bonus    every player lays one card of the 9 dealt as their first bonus (ChooseBonus, all at once: the
             choices are revealed together)
    play     the seat to play may use any number of their bonuses (UseBonus), then plays a card (PlayCard);
             the others follow clockwise
    reward   the trick's winner picks another player's card (Pick): its owner keeps it as a bonus and the
             winner takes that many cards onto their pearl pile (a picked 5: the 5 itself, 1 point); pearls the
             trick and the discard pile cannot cover are noted on the score pad (ruling short-reward)
    leader   when a 5 was played and not picked, the player of the first 5 names the next leader (ChooseLeader)

After the last trick each pearl card scores 1 and each pair of unused bonuses 1; the game ends at the end of the
round in which someone reaches 30 (a tie for the highest total plays another round), otherwise the cards are
shuffled and the setup is repeated.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from tutor.core import actions, rng
from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.fast import event_maker, freezer, put, thaw, without
from tutor.core.setup_check import check_seat, check_setup, refused
from tutor.core.wording import Words, joined
from tutor.games.trump_whales import components as C

_FAMILY, _VALUE, _PEARLS, _BONUS, _TARGET = C.FAMILY, C.VALUE, C.PEARLS, C.BONUS, C.TARGET_FAMILY
_R = "trump_whales:"
_E = "trump_whales."

PHASES = ("bonus", "play", "reward", "leader", "over")


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class ChooseBonus(actions.Action):
    """Setup: lay `card` from your hand face up as your first bonus."""
    card: str


@dataclass(frozen=True)
class UseBonus(actions.Action):
    """Before playing a card: use the bonus `card` lying in front of you (its effect happens at once)."""
    card: str


@dataclass(frozen=True)
class PlayCard(actions.Action, json_type="play"):
    """Play `card` from your hand into the trick."""
    card: str


@dataclass(frozen=True)
class Pick(actions.Action):
    """The trick's winner picks `card`, played by someone else, as the reward."""
    card: str


@dataclass(frozen=True)
class ChooseLeader(actions.Action):
    """The player of the first 5 (not picked) names `leader` to lead the next trick."""
    leader: int


Action = ChooseBonus | UseBonus | PlayCard | Pick | ChooseLeader


# --------------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    players: int
    round: int                              # 1, 2, ...
    phase: str                              # one of PHASES
    trump: str                              # the family the token lies on
    token: int                              # the token's side up: 1 (lowest wins) or 9 (highest wins)
    hands: tuple[tuple[str, ...], ...]      # per seat: card ids in hand (private)
    chosen: tuple[Optional[str], ...]       # per seat: the first bonus laid this setup, not yet revealed (bonus
                                            #   phase), or None
    bonuses: tuple[tuple[str, ...], ...]    # per seat: bonus cards lying face up in front of the player, in the
                                            #   order gained
    pearls: tuple[tuple[str, ...], ...]     # per seat: the pearl pile, face down (its size is public)
    trick: tuple[str, ...]                  # card ids played into the current trick, in play order
    leader: int                             # the seat that leads the current trick (trick[i] is seat
                                            #   (leader + i) % players)
    turn: int                               # play: the seat to play; reward: the winner; leader: the player of the
                                            #   first 5
    tricks: int                             # tricks finished this round
    discard: tuple[str, ...]                # the discard pile, bottom -> top (face up)
    aside: tuple[str, ...]                  # the cards set aside face down this round (hidden from all)
    removed: tuple[str, ...]                # cards out of the game (the 5s in a two-player game)
    first: int                              # the seat that leads the round's first trick
    scores: tuple[int, ...]                 # per seat: game total so far
    history: tuple[tuple[int, ...], ...]    # scored rounds: (round, points of seat 0, 1, ..., pearls of seat 0,
                                            #   1, ... (pile cards and noted points), unused bonuses of seat 0,
                                            #   1, ...); a lesson may give (round, points...) only
    rng: int = 0
    noted: tuple[int, ...] = ()             # per seat: reward points noted on the score pad this round because the
                                            #   trick and the discard pile held too few cards (ruling
                                            #   short-reward); () when none

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def __str__(self) -> str:  # readable for debugging, like OpenSpiel's states
        seats = "; ".join(f"P{s + 1} hand={list(self.hands[s])} bonuses={list(self.bonuses[s])} "
                          f"pearls={len(self.pearls[s])} total={self.scores[s]}" for s in range(self.players))
        return (f"<TrumpWhales round {self.round} trick {self.tricks + 1} {self.phase} P{self.turn + 1} "
                f"trump={self.trump}/{self.token} trick={list(self.trick)} {seats}>")


_table, _freeze = thaw, freezer(State)   # fast construction (tutor.core.fast)
Table = dict[str, Any]                   # a state's fields by name while an action works on them
Stages = list[tuple[str, State, list[Event]]]
_ev = event_maker("trump_whales")
_put, _without = put, without


# --------------------------------------------------------------------------- queries

def is_over(state: State) -> bool:
    return state.phase == "over"


def to_move(state: State) -> list[int]:
    phase = state.phase
    if phase == "over":
        return []
    if phase == "bonus":
        return [s for s in range(state.players) if state.chosen[s] is None]
    return [state.turn]


def seat_of(state: State, index: int) -> int:
    """The seat that played the trick's card number `index` (0: the leader)."""
    return (state.leader + index) % state.players


def led_family(trick: Sequence[str]) -> Optional[str]:
    """The family the trick follows: that of its first whale (a led 5 takes the family of the first whale played
    after it, rulebook «ПЯТЁРКА!»); None while only 5s lie in it."""
    for c in trick:
        f = _FAMILY[c]
        if f is not None:
            return f
    return None


def trick_winner(trick: Sequence[str], leader: int, players: int, trump: str, token: int) -> tuple[int, str]:
    """(winning seat, why: "trump", "led" or "fives") of a complete trick.

    Every 5 counts as a card of the led family (so a 5 in a trump-led trick is a trump, ruling five-joins-trump).
    With the token on «9» the highest trump wins, without trumps the highest card of the led family; on «1» the
    lowest. Two 5s tie: the one played first wins (ruling tied-fives). Only 5s: the leader wins."""
    led = led_family(trick)
    if led is None:
        return leader, "fives"
    best_i, best_v, why = -1, 0, "led"
    has_trump = False
    for i, c in enumerate(trick):
        f = _FAMILY[c] or led
        if f == trump:
            if not has_trump:
                has_trump, best_i, why = True, -1, "trump"
        elif has_trump or f != led:
            continue
        v = _VALUE[c]
        if best_i < 0 or (v > best_v if token == 9 else v < best_v):
            best_i, best_v = i, v
    return (leader + best_i) % players, why


def must_follow(state: State, player: int) -> Optional[str]:
    """The family `player` must play now (they hold one and the trick has a whale), else None."""
    led = led_family(state.trick)
    if led is None:
        return None
    for c in state.hands[player]:
        if _FAMILY[c] == led:
            return led
    return None


def playable(state: State, player: int) -> list[str]:
    """The hand cards `player` may play now: the led family's (and any 5) when they hold the family, else all."""
    hand = state.hands[player]
    led = must_follow(state, player)
    if led is None:
        return list(hand)
    return [c for c in hand if _FAMILY[c] == led or _FAMILY[c] is None]


def fives_played(state: State) -> list[int]:
    """Indexes in the trick of the 5s played."""
    return [i for i, c in enumerate(state.trick) if _FAMILY[c] is None]


def legal_actions(state: State, player: int) -> list[Action]:
    phase = state.phase
    if phase == "over" or type(player) is not int or not 0 <= player < state.players:
        return []
    if phase == "bonus":
        if state.chosen[player] is not None:
            return []
        return [ChooseBonus(player, c) for c in state.hands[player]]
    if player != state.turn:
        return []
    if phase == "play":
        out: list[Action] = [UseBonus(player, c) for c in state.bonuses[player]]
        return out + [PlayCard(player, c) for c in playable(state, player)]
    if phase == "reward":
        return [Pick(player, c) for i, c in enumerate(state.trick) if seat_of(state, i) != player]
    return [ChooseLeader(player, s) for s in range(state.players)]


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
    want = _PHASE_OF[type(action)]
    if state.phase != want:
        raise RuleViolation(_R + _PHASE_RULE[state.phase], _E + f"err.phase.{state.phase}", player=p)
    if state.phase == "bonus":
        if state.chosen[p] is not None:
            raise RuleViolation(_R + "setup", _E + "err.bonus_chosen", player=p)
    elif p != state.turn:
        key = {"play": "err.not_your_turn", "reward": "err.not_winner", "leader": "err.not_chooser"}[state.phase]
        raise RuleViolation(_R + _PHASE_RULE[state.phase], _E + key, player=p, turn_player=state.turn)
    result: tuple[State, list[Event]] = handler(state, action)
    return result


def _card_ok(card: object) -> str:
    if not isinstance(card, str) or card not in _FAMILY:
        raise RuleViolation(_R + "components", _E + "err.no_card", card=str(card))
    return card


def _choose_bonus(state: State, a: ChooseBonus) -> tuple[State, list[Event]]:
    p, card = a.player, _card_ok(a.card)
    if card not in state.hands[p]:
        raise RuleViolation(_R + "setup", _E + "err.not_in_hand", card=card, player=p)
    t = _table(state)
    t["hands"] = _put(state.hands, p, _without(state.hands[p], card))
    t["chosen"] = _put(state.chosen, p, card)
    events = [_ev("bonus_chosen", "setup", {"player": p, "card": card}, (("card", (p,)),))]
    if all(c is not None for c in t["chosen"]):
        t["bonuses"] = tuple(b + (c,) for b, c in zip(state.bonuses, t["chosen"]))
        events.append(_ev("first_bonuses", "setup", {"cards": list(t["chosen"])}))
        t["chosen"] = (None,) * state.players
        t["phase"] = "play"
        t["turn"] = t["leader"] = state.first
        events.append(_ev("leads", "turn", {"player": state.first}))
    return _freeze(t), events


def _use_bonus(state: State, a: UseBonus) -> tuple[State, list[Event]]:
    p, card = a.player, _card_ok(a.card)
    if card not in state.bonuses[p]:
        raise RuleViolation(_R + "bonuses", _E + "err.not_a_bonus", card=card, player=p)
    t = _table(state)
    t["bonuses"] = _put(state.bonuses, p, _without(state.bonuses[p], card))
    kind = _BONUS[card]
    if kind == "trump":
        family = _TARGET[card]
        t["trump"] = family
        t["discard"] = state.discard + (card,)
        event = _ev("bonus_trump", "bonus-trump", {"player": p, "card": card, "family": family,
                                                   "was": state.trump, "token": state.token})
    elif kind == "flip":
        t["token"] = 10 - state.token
        t["discard"] = state.discard + (card,)
        event = _ev("bonus_flip", "bonus-flip", {"player": p, "card": card, "token": t["token"],
                                                 "family": state.trump})
    else:
        t["pearls"] = _put(state.pearls, p, state.pearls[p] + (card,))
        event = _ev("bonus_plus", "bonus-plus", {"player": p, "card": card, "count": len(t["pearls"][p])})
    return _freeze(t), [event]


def _play(state: State, a: PlayCard) -> tuple[State, list[Event]]:
    p, card = a.player, _card_ok(a.card)
    hand = state.hands[p]
    if card not in hand:
        raise RuleViolation(_R + "turn", _E + "err.not_in_hand", card=card, player=p)
    led = must_follow(state, p)
    if led is not None and _FAMILY[card] is not None and _FAMILY[card] != led:
        # "a five always may" only to a player who holds one
        five = any(_FAMILY[c] is None for c in hand)
        raise RuleViolation(_R + "follow", _E + ("err.follow_five" if five else "err.follow"), card=card, family=led,
                            player=p)
    t = _table(state)
    t["hands"] = _put(state.hands, p, _without(hand, card))
    trick = t["trick"] = state.trick + (card,)
    family = _FAMILY[card] or led_family(trick)
    data = {"player": p, "card": card, "lead": len(trick) == 1, "family": family}
    led_before = led_family(state.trick)
    if led_before is not None and _FAMILY[card] is not None and _FAMILY[card] != led_before:
        data["off"] = led_before      # no card of the led family in hand: any card may go (said so, not "follows")
    events = [_ev("played", "five" if _FAMILY[card] is None else ("turn" if len(trick) == 1 else "follow"), data)]
    if len(trick) < state.players:
        t["turn"] = (p + 1) % state.players
        return _freeze(t), events
    winner, why = trick_winner(trick, state.leader, state.players, state.trump, state.token)
    rule = {"fives": "five", "trump": f"token-{state.token}", "led": f"token-{state.token}"}[why]
    events.append(_ev("trick_won", rule, {"player": winner, "why": why, "trump": state.trump, "token": state.token,
                                          "family": led_family(trick), "cards": list(trick)}))
    t["phase"], t["turn"] = "reward", winner
    return _freeze(t), events


def _pick(state: State, a: Pick) -> tuple[State, list[Event]]:
    p, card = a.player, _card_ok(a.card)
    trick = state.trick
    if card not in trick:
        raise RuleViolation(_R + "reward", _E + "err.not_in_trick", card=card)
    index = trick.index(card)
    owner = seat_of(state, index)
    if owner == p:
        raise RuleViolation(_R + "reward", _E + "err.own_card", card=card)
    t = _table(state)
    n = state.players
    rest = trick[:index] + trick[index + 1:]
    events: list[Event] = []
    if _FAMILY[card] is None:        # «ИСКЛЮЧЕНИЕ: ПЯТЁРКА!»: 1 point, the 5 itself onto the pile, no bonus
        t["pearls"] = _put(state.pearls, p, state.pearls[p] + (card,))
        t["discard"] = state.discard + rest
        events.append(_ev("picked_five", "five-exception", {"player": p, "card": card, "owner": owner,
                                                            "points": C.FIVE_PICKED_POINTS}))
        if rest:
            events.append(_ev("discarded", "reward", {"cards": list(rest)}))
        five_chooser = None
    else:
        want = _PEARLS[card]
        from_trick = rest[:want]
        left = rest[want:]
        short = want - len(from_trick)
        # the discard pile is drawn from its top; the rest of this trick goes onto it afterwards
        discard = state.discard
        from_discard = discard[len(discard) - min(short, len(discard)):] if short else ()
        discard = discard[:len(discard) - len(from_discard)]
        short -= len(from_discard)
        # the cards set aside stay out of the round («в течение раунда они вам не понадобятся»): what no card
        # can stand for is noted on the score pad, so the winner still scores every pearl (ruling short-reward)
        if short:
            noted = state.noted or (0,) * n
            t["noted"] = _put(noted, p, noted[p] + short)
        t["discard"] = discard + left
        t["pearls"] = _put(state.pearls, p, state.pearls[p] + from_trick + tuple(reversed(from_discard)))
        t["bonuses"] = _put(state.bonuses, owner, state.bonuses[owner] + (card,))
        events.append(_ev("picked", "reward", {
            "player": p, "card": card, "owner": owner, "pearls": want, "from_trick": list(from_trick),
            "from_discard": list(reversed(from_discard)), "noted": short}))
        events.append(_ev("kept_bonus", "reward", {"player": owner, "card": card}))
        if left:
            events.append(_ev("discarded", "reward", {"cards": list(left)}))
        fives = fives_played(state)
        five_chooser = seat_of(state, fives[0]) if fives else None
    t["trick"] = ()
    t["tricks"] = state.tricks + 1
    if not any(t["hands"]):
        _end_round(t, events)
        return _freeze(t), events
    if five_chooser is not None:
        t["phase"], t["turn"] = "leader", five_chooser
        events.append(_ev("five_chooses", "five-exception", {"player": five_chooser}))
    else:
        _start_trick(t, p, events, n)
    return _freeze(t), events


def _choose_leader(state: State, a: ChooseLeader) -> tuple[State, list[Event]]:
    leader = a.leader
    if type(leader) is not int or not 0 <= leader < state.players:
        raise RuleViolation(_R + "five-exception", _E + "err.no_leader", seat=str(leader))
    t = _table(state)
    events = [_ev("leader_chosen", "five-exception", {"player": a.player, "leader": leader})]
    _start_trick(t, leader, events, state.players, rule="five-exception")
    return _freeze(t), events


def _start_trick(t: Table, leader: int, events: list[Event], n: int, rule: str = "next-leader") -> None:
    """The next trick begins with `leader`, by `rule`: the winner leads, or (a 5 played and not picked) the player
    the 5's player named, by «ИСКЛЮЧЕНИЕ: ПЯТЁРКА!»."""
    t["phase"], t["leader"], t["turn"] = "play", leader, leader
    events.append(_ev("leads", rule, {"player": leader}))


# --------------------------------------------------------------------------- rounds

def pearl_points(state_or_table: Union[State, Table]) -> list[int]:
    """Each seat's pearls this round: the cards of its pearl pile and the points noted on the pad."""
    d = state_or_table if isinstance(state_or_table, dict) else state_or_table.__dict__
    noted = d.get("noted") or (0,) * d["players"]
    return [len(p) + k for p, k in zip(d["pearls"], noted)]


def round_points(state_or_table: Union[State, Table]) -> list[int]:
    """Each seat's points for the round so far: 1 per pearl (card or noted point), 1 per pair of unused bonuses."""
    d = state_or_table if isinstance(state_or_table, dict) else state_or_table.__dict__
    return [k + len(b) // C.BONUS_PAIR for k, b in zip(pearl_points(d), d["bonuses"])]


def _end_round(t: Table, events: list[Event]) -> None:
    n = t["players"]
    points = round_points(t)
    t["scores"] = tuple(t["scores"][s] + points[s] for s in range(n))
    # (round, points per seat, then what they came from: pearls per seat, unused bonuses per seat)
    pearls = tuple(pearl_points(t))
    unused = tuple(len(b) for b in t["bonuses"])
    t["history"] = t["history"] + ((t["round"],) + tuple(points) + pearls + unused,)
    events.append(_ev("round_scored", "round-end", {
        "round": t["round"], "pearls": list(pearls), "bonuses": [len(b) for b in t["bonuses"]],
        "points": points, "totals": list(t["scores"])}))
    scores = t["scores"]
    best = max(scores)
    if best >= C.TARGET:
        leaders = [s for s in range(n) if scores[s] == best]
        if len(leaders) == 1:
            t["phase"], t["trick"] = "over", ()
            events.append(_ev("game_over", "game-end", {"winners": leaders, "totals": list(scores)}))
            return
        events.append(_ev("tie", "game-end", {"players": leaders, "points": best}))
    cuts = _CUTS.get()
    if cuts is not None:         # stages(): pause where the round has been scored, before the next deal
        cuts.append(("round_end", _freeze(dict(t)), len(events)))
    _deal(t, events, t["round"] + 1, (t["first"] + 1) % n)


def _deal(t: Table, events: list[Event], round_no: int, first: int, by_lot: bool = False) -> None:
    """Setup steps 2–5 («ПОДГОТОВКА К ИГРЕ»): draw the trump (a 5: draw again), shuffle the card back, deal 9 each,
    set the rest aside; every player then lays a first bonus. Everything on the table comes back first."""
    n = t["players"]
    cards = C.deck_for(n)
    deck, r = rng.shuffled(t["rng"], cards)
    i = 0
    while C.FAMILY[deck[i]] is None:
        events.append(_ev("five_drawn", "setup", {"card": deck[i]}))
        i += 1
    drawn = deck[i]
    t["trump"], t["token"] = C.FAMILY[drawn], C.token_side(C.VALUE[drawn])
    events.append(_ev("trump_drawn", "setup", {"card": drawn, "family": t["trump"], "token": t["token"]}))
    deck, r = rng.shuffled(r, cards)
    t["rng"] = r
    t["hands"] = tuple(deck[s * C.HAND:(s + 1) * C.HAND] for s in range(n))
    t["aside"] = deck[n * C.HAND:]
    t["removed"] = tuple(c for c in C.ALL_CARDS if c not in cards)
    t["chosen"] = (None,) * n
    t["bonuses"] = t["pearls"] = ((),) * n
    t["noted"] = ()
    t["trick"], t["discard"], t["tricks"] = (), (), 0
    t["round"], t["first"], t["leader"], t["turn"], t["phase"] = round_no, first, first, first, "bonus"
    # `by_lot`: the first round's leader was drawn by lot (ruling first-player), which the narration says: a reader
    # at the table saw player 4 lead and found nothing saying why (wave 18)
    events.append(_ev("dealt", "setup", {"round": round_no, "player": first, "count": C.HAND,
                                         "aside": len(t["aside"]), **({"drawn": True} if by_lot else {})}))


_CUTS: ContextVar[Optional[list[tuple[str, State, int]]]] = ContextVar("trump_whales_cuts", default=None)
_SETUP_EVENTS: ContextVar[Optional[list[Event]]] = ContextVar("trump_whales_setup_events", default=None)   # setup_stages() listens


def setup_stages(players: int, **kwargs: Any) -> Stages:
    """`setup`, shown the way a table is laid out: (stage, position, events). "trump": the trump drawn (a 5 drawn
    first is drawn again), the token on its family, no card dealt yet (all of them the face-down deck, counted
    with the cards set aside); "done": 9 cards dealt to each, the rest set aside (`setup`'s own position). A
    lesson position given with hands is one stage, "done"."""
    events: list[Event] = []
    token = _SETUP_EVENTS.set(events)
    try:
        final = setup(players, **kwargs)
    finally:
        _SETUP_EVENTS.reset(token)
    if not events:
        return [("done", final, [])]
    undealt = _table(final)
    undealt["hands"] = ((),) * players
    undealt["aside"] = tuple(c for h in final.hands for c in h) + final.aside
    drawn = [e for e in events if not e.kind.endswith(".dealt")]
    return [("trump", _freeze(undealt), drawn), ("done", final, [e for e in events if e not in drawn])]


def stages(state: State, action: Action) -> Stages:
    """`apply`, cut where a teacher pauses: (stage, position, events of the stage). The pick that ends a round and
    deals the next has two stages: "round_end" (the round scored, the next not yet dealt) and "done"."""
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


_HANDLERS = {ChooseBonus: _choose_bonus, UseBonus: _use_bonus, PlayCard: _play, Pick: _pick,
             ChooseLeader: _choose_leader}
_PHASE_OF = {ChooseBonus: "bonus", UseBonus: "play", PlayCard: "play", Pick: "reward", ChooseLeader: "leader"}
_PHASE_RULE = {"bonus": "setup", "play": "turn", "reward": "reward", "leader": "five-exception", "over": "game-end"}


# --------------------------------------------------------------------------- setup

Cards = Sequence[Iterable[str]]     # per seat: card ids


def setup(players: int, *, seed: Optional[int] = None, variant: Iterable[str] = (), first: Optional[int] = None,
          trump: Optional[str] = None, token: Optional[int] = None, hands: Optional[Cards] = None,
          bonuses: Optional[Cards] = None, pearls: Optional[Cards] = None, trick: Iterable[str] = (),
          leader: Optional[int] = None, discard: Iterable[str] = (), aside: Optional[Iterable[str]] = None,
          scores: Optional[Iterable[int]] = None, round: int = 1, tricks: int = 0,
          history: Iterable[Iterable[int]] = ()) -> State:
    """The opening state (or, with explicit components, any position a lesson needs).

    players: 2..4 (two players play without the 5s). seed: reproducible shuffle and draws. first: the seat that
    leads the first trick (ruling first-player: the rulebook's "last to see a whale"; None: drawn with the seed).

    A lesson's position: hands (per seat, card ids) with bonuses (per seat) starts in the middle of a round:
    trump ("orca", "narwhal", "blue_whale", "sperm_whale") and token (1 or 9) must be given, and optionally
    pearls (per seat, the pearl piles), trick (the cards already played this trick, in order, led by `leader`),
    discard (bottom -> top), aside (the cards set aside; by default every card placed nowhere), scores, round,
    tricks (finished this round), history (rows of (round, points per seat) or the engine's own rows).
    Hands without bonuses start the first-bonus choice. Without hands the
    round is dealt: the trump drawn, 9 cards each, then everyone lays a first bonus.
    """
    check_setup(players, range(C.MIN_PLAYERS, C.MAX_PLAYERS + 1), variant, rule=_R + "components")
    state_rng = rng.seed_value(seed)
    drawn = first is None
    if first is None:
        first, state_rng = rng.choice(state_rng, range(players))
    check_seat(first, players, rule=_R + "setup")
    assert first is not None     # check_seat refused anything but a seat
    score_t = tuple(scores) if scores is not None else (0,) * players
    if len(score_t) != players:
        raise _bad(Words("trump_whales.setup.per_seat", what=Words("trump_whales.setup.scores"),
                         players=players, given=len(score_t)))
    table: Table = {"players": players, "scores": score_t, "history": tuple(tuple(r) for r in history),
                   "rng": state_rng}
    if hands is None:
        if bonuses is not None or pearls is not None or trick or discard or aside is not None:
            raise _bad(Words("trump_whales.setup.needs_hands"))
        heard = _SETUP_EVENTS.get()
        _deal(table, [] if heard is None else heard, round, first, by_lot=drawn and round == 1)
        return State(**table)
    return _position(table, players, first, trump, token, hands, bonuses, pearls, trick, leader, discard, aside,
                     round, tricks)


def _bad(problem: Words) -> RuleViolation:
    return refused(_R + "setup", problem)


def _card(card_id: str) -> Callable[[str], str]:
    """The card as a player names it, in the reader's language (the words are read only when a refusal is said)."""
    def said(lang: str) -> str:
        from tutor.games.trump_whales.text import card_name
        return card_name(card_id, lang)
    return said


def _family(family: str) -> Callable[[str], str]:
    def said(lang: str) -> str:
        from tutor.games.trump_whales.text import family_name
        return family_name(family, lang)
    return said


def _position(table: Table, players: int, first: int, trump: Optional[str], token: Optional[int], hands: Cards,
              bonuses: Optional[Cards], pearls: Optional[Cards], trick: Iterable[str], leader: Optional[int],
              discard: Iterable[str], aside: Optional[Iterable[str]], round_no: int, tricks: int) -> State:
    def per_seat(value: Optional[Cards], name: Words) -> tuple[tuple[str, ...], ...]:
        rows = tuple(tuple(x) for x in (value or [()] * players))
        if len(rows) != players:
            raise _bad(Words("trump_whales.setup.per_seat", what=name, players=players, given=len(rows)))
        return rows

    hands_t = per_seat(hands, Words("trump_whales.setup.hands"))
    pearls_t = per_seat(pearls, Words("trump_whales.setup.pearls"))
    bonus_phase = bonuses is None
    bonuses_t = per_seat(bonuses, Words("trump_whales.setup.bonuses"))
    trick_t, discard_t = tuple(trick or ()), tuple(discard or ())
    cards = C.deck_for(players)
    placed = [c for h in hands_t for c in h] + [c for b in bonuses_t for c in b] + [c for p in pearls_t for c in p]
    placed += list(trick_t) + list(discard_t) + list(aside or ())
    seen: set[str] = set()
    for c in placed:
        if c not in _FAMILY:
            raise _bad(Words("trump_whales.setup.no_card", card=repr(c)))
        if c not in cards:
            raise _bad(Words("trump_whales.setup.card_left_out", card=_card(c), players=players))
        if c in seen:
            raise _bad(Words("trump_whales.setup.card_twice", card=_card(c)))
        seen.add(c)
    rest = tuple(c for c in cards if c not in seen)
    aside_t = tuple(aside) if aside is not None else rest
    discard_t = discard_t + (rest if aside is not None else ())
    if trump not in C.FAMILIES:
        raise _bad(Words("trump_whales.setup.trump", families=joined(_family(f) for f in C.FAMILIES)))
    if token not in C.TOKEN_SIDES:
        raise _bad(Words("trump_whales.setup.token", sides=joined(C.TOKEN_SIDES)))
    lead = first if leader is None else leader
    check_seat(lead, players, rule=_R + "setup")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks < C.TRICKS:
        raise _bad(Words("trump_whales.setup.tricks", last=C.TRICKS - 1))
    if isinstance(round_no, bool) or not isinstance(round_no, int) or round_no < 1:
        raise _bad(Words("trump_whales.setup.round"))
    if len(trick_t) >= players:
        raise _bad(Words("trump_whales.setup.trick_full"))
    if bonus_phase and trick_t:
        raise _bad(Words("trump_whales.setup.trick_before_bonuses"))
    played = {(lead + i) % players for i in range(len(trick_t))}
    sizes = {len(hands_t[s]) + (s in played) for s in range(players)}
    if len(sizes) != 1 or sizes == {0}:
        raise _bad(Words("trump_whales.setup.hand_sizes"))
    table.update({
        "round": round_no, "phase": "bonus" if bonus_phase else "play", "trump": trump, "token": token,
        "hands": hands_t, "chosen": (None,) * players, "bonuses": bonuses_t, "pearls": pearls_t, "trick": trick_t,
        "leader": lead, "turn": (lead + len(trick_t)) % players, "tricks": tricks, "discard": discard_t,
        "aside": aside_t, "removed": tuple(c for c in C.ALL_CARDS if c not in cards), "first": first,
    })
    return State(**table)
