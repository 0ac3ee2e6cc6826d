"""Tides, the test-only game: nine wave cards, every player hides one choice a round, the highest takes.

Rules (sections in words.py): each player is dealt three of the wave cards 1..9; in each of three rounds
everyone lays one card face down at once; then all are turned up and the highest card takes every card laid
that round; a player scores the values of the cards they took.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Optional

from tutor.core import actions
from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.scoring import Breakdown, ScoreLine
from tutor.core.scoring import winners as best

CARDS = tuple(range(1, 10))
HAND = 3
PLAYERS = range(2, 4)


def card_id(value: int) -> str:
    return f"wave-{value}"


@dataclass(frozen=True)
class State:
    players: int
    hands: tuple                 # per seat: the values still in hand
    chosen: tuple                # per seat: the value laid face down this round, or None
    taken: tuple                 # per seat: the values taken so far
    unused: tuple                # the cards nobody was dealt (face down, never seen)
    round: int                   # 1..3, 4 when the game is over


@dataclass(frozen=True)
class Lay(actions.Action):
    card: int


def setup(players: int, *, seed=None, variant=(), hands=None) -> State:
    if players not in PLAYERS:
        raise RuleViolation("tides:setup", "tides.players", n=players)
    if variant:
        raise RuleViolation("tides:setup", "tides.no_variants")
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    if hands is None:
        hands = [sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(players)]
    dealt = {c for h in hands for c in h}
    return State(players, tuple(tuple(sorted(h)) for h in hands), (None,) * players, ((),) * players,
                 tuple(c for c in CARDS if c not in dealt), 1)


def is_over(state: State) -> bool:
    return state.round > HAND


def to_move(state: State) -> list[int]:
    return [] if is_over(state) else [s for s in range(state.players) if state.chosen[s] is None]


def legal_actions(state: State, player: int) -> list[Lay]:
    if player not in to_move(state):
        return []
    return [Lay(player, c) for c in state.hands[player]]


def apply(state: State, action) -> tuple[State, list[Event]]:
    if not isinstance(action, Lay):
        raise RuleViolation("tides:play", "tides.not_an_action")
    p = action.player
    if is_over(state):
        raise RuleViolation("tides:end", "tides.over")
    if not (isinstance(p, int) and 0 <= p < state.players):
        raise RuleViolation("tides:play", "tides.no_such_player", n=p)
    if state.chosen[p] is not None:
        raise RuleViolation("tides:play", "tides.already_laid", player=p)
    if action.card not in state.hands[p]:
        raise RuleViolation("tides:play", "tides.not_in_hand", player=p, card=action.card)
    hands = list(state.hands)
    hands[p] = tuple(c for c in hands[p] if c != action.card)
    chosen = list(state.chosen)
    chosen[p] = action.card
    events = [Event("tides.laid", "tides:play", {"player": p, "card": action.card},
                    private=(("card", (p,)),))]
    state = replace(state, hands=tuple(hands), chosen=tuple(chosen))
    if any(c is None for c in chosen):
        return state, events
    # everyone has laid: turn them up; the highest takes them all (cards are distinct, so no ties)
    winner = max(range(state.players), key=lambda s: chosen[s])
    taken = list(state.taken)
    taken[winner] = tuple(sorted(taken[winner] + tuple(chosen)))
    events.append(Event("tides.revealed", "tides:reveal", {"cards": list(chosen)}))
    events.append(Event("tides.took", "tides:reveal", {"player": winner, "cards": sorted(chosen),
                                                       "points": sum(chosen)}))
    return replace(state, chosen=(None,) * state.players, taken=tuple(taken), round=state.round + 1), events


def score(state: State) -> list[Breakdown]:
    return [Breakdown(s, tuple(ScoreLine("tides.score.card", (("card", c),), c, "tides:scoring")
                               for c in state.taken[s])) for s in range(state.players)]


def winners(state: State) -> list[int]:
    return best(score(state))


def view(state: State, player: Optional[int] = None) -> dict:
    """What `player` sees: their own hand and laid card; of the others only how many cards they hold and
    whether they have laid one. None: the teacher, who sees everything."""
    seats = []
    for s in range(state.players):
        mine = player is None or s == player
        seats.append({
            "hand": [card_id(c) for c in state.hands[s]] if mine else None,
            "hand_size": len(state.hands[s]),
            "laid": (card_id(state.chosen[s]) if state.chosen[s] is not None else None) if mine
            else state.chosen[s] is not None,
            "taken": [card_id(c) for c in state.taken[s]],
        })
    return {"game": "tides", "viewer": player, "round": state.round, "seats": seats,
            "unused": [card_id(c) for c in state.unused] if player is None else len(state.unused)}


def check_invariants(state: State) -> list[str]:
    every = sorted([c for h in state.hands for c in h] + [c for c in state.chosen if c is not None]
                   + [c for t in state.taken for c in t] + list(state.unused))
    problems = [] if every == list(CARDS) else ["the nine wave cards are not all there exactly once"]
    in_hand = {len(h) + (state.chosen[s] is not None) for s, h in enumerate(state.hands)}
    if not is_over(state) and in_hand != {HAND - state.round + 1}:
        problems.append("hands do not match the round")
    return problems


def secrets(state: State, viewer) -> set[str]:
    if viewer is None:
        return set()
    hidden = {card_id(c) for c in state.unused}
    for s in range(state.players):
        if s != viewer:
            hidden |= {card_id(c) for c in state.hands[s]}
            if state.chosen[s] is not None:
                hidden.add(card_id(state.chosen[s]))
    return hidden


def candidate_actions(state: State, r: random.Random) -> list:
    return [Lay(r.randrange(-1, state.players + 1), r.randrange(0, 11)) for _ in range(6)]
