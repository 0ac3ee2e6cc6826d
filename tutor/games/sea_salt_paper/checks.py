"""What the conformance suite needs from Паперові океани: invariants, secrets per viewer, candidate actions."""

from __future__ import annotations

import random
from typing import Callable, Optional

from tutor.core.wording import Words
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.rules import (
    ENDS, PHASES, Action, CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, State, Steal, Stop,
    TakeDiscard, legal_actions,
)
from tutor.games.sea_salt_paper.view import may_look


def check_invariants(state: State) -> list[Words]:
    """Problems with the position (Words: said in the reader's language, str() the English); an empty list means
    every card is accounted for and the phase fits."""
    problems: list[Words] = []
    n = state.players
    every = (list(state.deck) + [c for p in state.discards for c in p] + [c for h in state.hands for c in h]
             + [c for z in state.zones for c in z] + list(state.drawn))
    if sorted(every) != sorted(C.ALL_CARDS):
        problems.append(Words("sea_salt_paper.invariant.cards", total=len(C.ALL_CARDS), placed=len(every),
                              distinct=len(set(every))))
    if state.phase not in PHASES:
        problems.append(Words("sea_salt_paper.invariant.phase", phase=repr(state.phase),
                              known=", ".join(map(repr, PHASES))))
    if not 0 <= state.turn < n:
        problems.append(Words("sea_salt_paper.invariant.turn", seat=state.turn, last=n - 1))
    if (state.phase == "keep") != bool(state.drawn) or len(state.drawn) > 2:
        problems.append(Words("sea_salt_paper.invariant.drawn"))
    if (state.phase == "crab_take") != (state.looking is not None):
        problems.append(Words("sea_salt_paper.invariant.looking"))
    for s in range(n):
        if len(state.zones[s]) % 2:
            problems.append(Words("sea_salt_paper.invariant.zone_odd", player=_player(s)))
    if state.caller is None and state.last_turns:
        problems.append(Words("sea_salt_paper.invariant.last_turns"))
    if state.caller is not None and not state.over:
        if not state.revealed[state.caller]:
            problems.append(Words("sea_salt_paper.invariant.caller_hidden"))
        if state.turn == state.caller or state.caller in state.last_turns:
            problems.append(Words("sea_salt_paper.invariant.caller_again"))
    if state.winner is not None and not state.over:
        problems.append(Words("sea_salt_paper.invariant.winner"))
    if len(state.scores) != n or any(s < 0 for s in state.scores):
        problems.append(Words("sea_salt_paper.invariant.scores"))
    for row in state.history:
        if len(row) != n + 1:
            problems.append(Words("sea_salt_paper.invariant.history_row"))
    scored = {r[0] for r in state.history if r}
    for end in state.ends:
        if len(end) != 3 or end[0] not in scored or not 0 <= end[1] < n or not 0 <= end[2] < len(ENDS):
            problems.append(Words("sea_salt_paper.invariant.ends_row"))
    whole = len(state.scores) == n and all(len(r) > n for r in state.history)   # (else said above)
    for s in range(n if whole else 0):
        # a lesson may start from totals whose rounds it does not list: the rounds listed cannot exceed them
        if sum(r[1 + s] for r in state.history) > state.scores[s]:
            problems.append(Words("sea_salt_paper.invariant.history_total", player=_player(s)))
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
    hidden = set(state.deck)
    for i, pile in enumerate(state.discards):
        if not may_look(state, viewer, i):
            hidden.update(pile[:-1])
    if viewer != state.turn:
        hidden.update(state.drawn)
    for s in range(state.players):
        if s != viewer and not state.revealed[s]:
            hidden.update(state.hands[s])
    return hidden


def candidate_actions(state: State, r: random.Random) -> list[Action]:
    """Legal and illegal actions mixed, for the conformance suite to try."""
    n = state.players
    cards = C.ALL_CARDS
    out: list[Action] = []
    # one of each kind, by a random seat (often the one to play) with random cards and piles
    seat = state.turn if r.random() < 0.6 else r.randrange(-1, n + 1)
    pile = r.randrange(-1, 3)
    out += [DrawDeck(seat), TakeDiscard(seat, pile), Keep(seat, r.choice(cards), r.choice((0, 1, None))),
            PlayDuo(seat, r.choice(cards), r.choice(cards)), CrabPile(seat, pile), CrabTake(seat, r.choice(cards)),
            Steal(seat, r.randrange(-1, n + 1)), PlayMermaids(seat), EndTurn(seat), Stop(seat), LastChance(seat)]
    p = state.turn
    hand = state.hands[p]
    if len(hand) >= 2:   # the player's own cards, paired at random (mostly not a duo)
        a, b = r.sample(hand, 2)
        out.append(PlayDuo(p, a, b))
    legal = legal_actions(state, p)
    if legal:
        out += r.sample(legal, min(3, len(legal)))
    return out
