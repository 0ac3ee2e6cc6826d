"""What the conformance suite needs from Козырные киты: invariants, secrets per viewer, candidate actions."""

from __future__ import annotations

import random
from typing import Callable, Optional

from tutor.core.wording import Words, joined
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.rules import (
    PHASES, Action, ChooseBonus, ChooseLeader, Pick, PlayCard, State, UseBonus, legal_actions, to_move,
)


def check_invariants(state: State) -> list[Words]:
    """Problems with the position (Words: said in the reader's language, str() the English); an empty list means
    every card is accounted for and the phase fits."""
    problems: list[Words] = []
    n = state.players
    every = (list(state.aside) + list(state.discard) + list(state.trick) + list(state.removed)
             + [c for h in state.hands for c in h] + [c for b in state.bonuses for c in b]
             + [c for p in state.pearls for c in p] + [c for c in state.chosen if c is not None])
    if sorted(every) != sorted(C.ALL_CARDS):
        problems.append(Words("trump_whales.invariant.cards", total=len(C.ALL_CARDS), placed=len(every),
                              distinct=len(set(every))))
    if sorted(state.removed) != sorted(c for c in C.ALL_CARDS if c not in C.deck_for(n)):
        problems.append(Words("trump_whales.invariant.removed"))
    if state.phase not in PHASES:
        problems.append(Words("trump_whales.invariant.phase", phase=repr(state.phase),
                              known=", ".join(map(repr, PHASES))))
    if state.trump not in C.FAMILIES or state.token not in C.TOKEN_SIDES:
        problems.append(Words("trump_whales.invariant.token", sides=joined(C.TOKEN_SIDES)))
    for name in ("turn", "leader", "first"):
        if not 0 <= getattr(state, name) < n:
            problems.append(Words("trump_whales.invariant.seat", field=name, seat=getattr(state, name),
                                  last=n - 1))
    if any(c is not None for c in state.chosen) and state.phase != "bonus":
        problems.append(Words("trump_whales.invariant.chosen_late"))
    if state.phase == "bonus" and (state.trick or any(state.pearls)):
        problems.append(Words("trump_whales.invariant.played_before_bonuses"))
    if state.phase in ("play",) and len(state.trick) >= n:
        problems.append(Words("trump_whales.invariant.trick_full"))
    if state.phase == "play" and state.turn != (state.leader + len(state.trick)) % n:
        problems.append(Words("trump_whales.invariant.turn"))
    if state.phase == "reward" and len(state.trick) != n and (state.trick or any(state.hands)):
        # (a round just scored, paused by stages() before the next deal, has neither trick nor hands)
        problems.append(Words("trump_whales.invariant.reward"))
    if state.phase in ("leader", "over", "bonus") and state.trick:
        problems.append(Words("trump_whales.invariant.trick_between"))
    if state.phase in ("play", "bonus"):
        played = {(state.leader + i) % n for i in range(len(state.trick))}
        sizes = {len(state.hands[s]) + (s in played) + (state.chosen[s] is not None) for s in range(n)}
        if len(sizes) != 1:
            problems.append(Words("trump_whales.invariant.hand_sizes", sizes=joined(len(h) for h in state.hands)))
    if state.noted and (len(state.noted) != n or any(k < 0 for k in state.noted)):
        problems.append(Words("trump_whales.invariant.noted"))
    if state.phase == "bonus" and any(state.noted):
        problems.append(Words("trump_whales.invariant.noted_early"))
    if len(state.scores) != n or any(s < 0 for s in state.scores):
        problems.append(Words("trump_whales.invariant.scores"))
    for row in state.history:
        if len(row) not in (n + 1, 3 * n + 1):
            problems.append(Words("trump_whales.invariant.history_row"))
        elif len(row) == 3 * n + 1 and any(row[1 + s] != row[1 + n + s] + row[1 + 2 * n + s] // C.BONUS_PAIR
                                           for s in range(n)):
            problems.append(Words("trump_whales.invariant.history_sum"))
    whole = len(state.scores) == n and all(len(r) > n for r in state.history)   # (else said above)
    for s in range(n if whole else 0):
        if sum(r[1 + s] for r in state.history) > state.scores[s]:
            problems.append(Words("trump_whales.invariant.history_total", player=_player(s)))
    if state.over:
        best = max(state.scores)
        if best < C.TARGET or state.scores.count(best) != 1:
            problems.append(Words("trump_whales.invariant.over", target=C.TARGET))
    return problems


def _player(seat: int) -> Callable[[str], str]:
    """The seat as the reader's language names a player ("Player 2")."""
    def said(lang: str) -> str:
        from tutor.core.i18n import player_name
        return player_name(seat, lang)
    return said


def secrets(state: State, viewer: Optional[int]) -> set[str]:
    """Card ids that `viewer` must not find anywhere in their view or its SVG."""
    if viewer is None:
        return set()
    hidden = set(state.aside)
    for s in range(state.players):
        hidden.update(state.pearls[s])         # face down, for everyone (ruling open-and-hidden)
        if s != viewer:
            hidden.update(state.hands[s])
            chosen = state.chosen[s]
            if chosen is not None:
                hidden.add(chosen)
    return hidden


def candidate_actions(state: State, r: random.Random) -> list[Action]:
    """Legal and illegal actions mixed, for the conformance suite to try."""
    n = state.players
    cards = C.ALL_CARDS
    movers = to_move(state) or [0]
    seat = r.choice(movers) if r.random() < 0.6 else r.randrange(-1, n + 1)
    out: list[Action] = [ChooseBonus(seat, r.choice(cards)), UseBonus(seat, r.choice(cards)), PlayCard(seat, r.choice(cards)),
                 Pick(seat, r.choice(cards)), ChooseLeader(seat, r.randrange(-1, n + 1))]
    p = movers[0]
    hand = state.hands[p]
    if hand:   # the player's own cards (not always playable: the led family must be followed)
        out.append(PlayCard(p, r.choice(hand)))
        out.append(ChooseBonus(p, r.choice(hand)))
    if state.trick:
        out.append(Pick(p, r.choice(state.trick)))
    for s in range(n):
        if state.bonuses[s]:
            out.append(UseBonus(s, r.choice(state.bonuses[s])))
    legal = legal_actions(state, p)
    if legal:
        out += r.sample(legal, min(3, len(legal)))
    return out
