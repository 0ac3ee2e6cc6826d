"""What the conformance suite needs from Мяури: invariants, secrets per viewer, candidate actions."""

from __future__ import annotations

import random
from typing import Callable, Optional

from tutor.core.wording import Words
from tutor.games.maui import components as C
from tutor.games.maui.rules import DOWN, SETTING_UP, STAGES, Action, Dive, Jellyfish, State


def check_invariants(state: State, *, full_lagoon: bool = True) -> list[Words]:
    """Problems with the position (Words: said in the reader's language, str() the English); an empty list means
    every card is accounted for.

    full_lagoon=False accepts cells left empty, as lesson positions and the sandbox make them (an
    explicit deck may run out); a saved position is checked that way.
    """
    problems: list[Words] = []
    if state.stage and state.stage not in STAGES + (SETTING_UP,):
        problems.append(Words("maui.invariant.stage", stage=repr(state.stage),
                              known=", ".join(map(repr, STAGES + (SETTING_UP,)))))
    every = (list(state.deck) + list(state.removed) + list(state.boxed)
             + [c for cell in state.lagoon for c in cell] + [c for p in state.piles for c in p])
    if sorted(every) != sorted(C.ALL_CATCH):
        problems.append(Words("maui.invariant.catch", total=len(C.ALL_CATCH), placed=len(every),
                              distinct=len(set(every))))
    for s in range(state.players):
        chosen = state.chosen[s]
        dive = list(state.hands[s]) + list(state.discards[s]) + ([chosen] if chosen else [])
        if sorted(dive) != list(C.DIVE_CARDS):
            problems.append(Words("maui.invariant.dive", player=_player(s), last=C.DIVE_CARDS[-1]))
        # a jellyfish offer, and a round shown mid-resolution, come after the dive (its cards laid face down, the
        # round's first pause, are not yet used)
        used = state.round - 1 + (1 if state.pending or (state.stage in STAGES and state.stage != DOWN) else 0)
        if not state.over and len(state.discards[s]) != used:
            problems.append(Words("maui.invariant.used", player=_player(s), used=len(state.discards[s]),
                                  round=state.round))
        if sum(1 for c in state.piles[s] if C.kind(c) == "seagull"):
            problems.append(Words("maui.invariant.seagull", player=_player(s)))
    for s in state.pending:
        if sum(1 for c in state.piles[s] if C.kind(c) == "jellyfish") < C.JELLYFISH_SET:
            problems.append(Words("maui.invariant.jellyfish", player=_player(s)))
    if state.pending and any(c is not None for c in state.chosen):
        problems.append(Words("maui.invariant.chosen"))
    if full_lagoon and not state.over and not state.pending and not state.stage:
        if not state.has("no-fights") and any(len(cell) != 1 for cell in state.lagoon):
            problems.append(Words("maui.invariant.lagoon"))
    if state.over and any(state.hands):
        problems.append(Words("maui.invariant.over"))
    return problems


def _player(seat: int) -> Callable[[str], str]:
    """The seat as the reader's language names a player ("Player 2")."""
    def said(lang: str) -> str:
        from tutor.core.i18n import player_name
        return player_name(seat, lang)
    return said


def secrets(state: State, viewer: Optional[int]) -> set[str]:
    """Card ids that `viewer` must not find anywhere in their view or its SVG."""
    hidden = set(state.deck) | set(state.removed)
    if viewer is None:
        return set()
    for s in range(state.players):
        if s != viewer:
            hidden |= {C.dive_id(s, n) for n in state.hands[s]}
            chosen = state.chosen[s]
            if chosen is not None:
                hidden.add(C.dive_id(s, chosen))
            if not state.has("open-baskets"):
                hidden |= set(state.piles[s][:-1])
                # used dive cards were revealed when played; what stays hidden is the hand
    # between a lantern catch and the next fill (a jellyfish offer) the marked cell is still empty
    for cell, peeker in state.face_down:
        if viewer != peeker and state.lagoon[cell]:
            hidden.add(state.lagoon[cell][-1])
    hidden |= set(state.boxed)  # the box is closed: no one sees what went back in
    # a boxed card may also have been seen while it lay in the lagoon; it is simply not shown again
    return hidden


def candidate_actions(state: State, r: random.Random) -> list[Action]:
    """Legal and illegal actions mixed, for the conformance suite to try."""
    out: list[Action] = []
    for _ in range(6):
        seat = r.randrange(-1, state.players + 1)
        out.append(Dive(seat, r.randrange(0, 14)))
        out.append(Jellyfish(seat, r.random() < 0.5))
    return out
