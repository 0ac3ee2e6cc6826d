"""What the conformance suite needs from Aqua Fest: invariants, secrets per viewer, candidate actions."""

from __future__ import annotations

import random
from typing import Callable, Optional

from tutor.core.wording import Words
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Action, Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State, _cell_name


def check_invariants(state: State) -> list[Words]:
    """Problems with the position (Words: said in the reader's language, str() the English); an empty list means
    every tile and card is accounted for."""
    problems: list[Words] = []
    if state.placing and (state.moves or state.battle or any(p is not None for p in state.pawns)):
        problems.append(Words("aqua_fest.invariant.placing"))
    tiles = [t for t in state.upper + state.lower if t is not None] + [t for c in state.collected for t in c]
    if sorted(tiles) != sorted(C.ALL_TILES):
        problems.append(Words("aqua_fest.invariant.tiles", total=len(C.ALL_TILES), placed=len(tiles),
                              distinct=len(set(tiles))))
    cards = [c for h in state.hands for c in h] + list(state.deck) + list(state.discard)
    if state.battle is not None:
        cards.append(state.battle[2])
    if sorted(cards) != sorted(C.ALL_CARDS):
        problems.append(Words("aqua_fest.invariant.cards", total=len(C.ALL_CARDS), placed=len(cards),
                              distinct=len(set(cards))))
    cells = [p for p in state.pawns if p is not None]
    if len(cells) != len(set(cells)):
        problems.append(Words("aqua_fest.invariant.pawns_shared"))
    for s, where in enumerate(state.pawns):
        if where is None:
            continue
        top = state.upper[where] or (state.lower[where] if state.lower_open[where] else None)
        if top is not None and C.tile(top).coral:
            problems.append(Words("aqua_fest.invariant.pawn_coral", player=_player(s)))
    for i in range(25):
        if state.upper[i] is not None and state.lower[i] is None:
            problems.append(Words("aqua_fest.invariant.upper_alone", cell=_cell_name(i)))
        if state.lower_open[i] and state.upper[i] is not None:
            problems.append(Words("aqua_fest.invariant.lower_open", cell=_cell_name(i)))
        if state.lower[i] is not None and not state.lower_open[i] and state.upper[i] is None \
                and i not in state.pawns:
            problems.append(Words("aqua_fest.invariant.lower_hidden", cell=_cell_name(i)))
    if state.moves > 2:
        problems.append(Words("aqua_fest.invariant.moves"))
    return problems


def _player(seat: int) -> Callable[[str], str]:
    """The seat as the reader's language names a player ("Player 2")."""
    def said(lang: str) -> str:
        from tutor.core.i18n import player_name
        return player_name(seat, lang)
    return said


def secrets(state: State, viewer: Optional[int]) -> set[str]:
    if viewer is None:
        return set()
    hidden = set(state.deck)
    for i in range(25):
        low = state.lower[i]
        if low is not None and not state.lower_open[i]:
            hidden.add(low)
    for s in range(state.players):
        if s != viewer:
            # (once the game is over everyone's fragments are laid out and counted: «Конец игры и подсчёт баллов»)
            hidden |= set(state.hands[s]) | (set() if state.over else set(state.collected[s]))
    if state.battle is not None and viewer != state.battle[0]:
        hidden.add(state.battle[2])
    return hidden


def candidate_actions(state: State, r: random.Random) -> list[Action]:
    out: list[Action] = []
    seats = list(range(-1, state.players + 1))
    for _ in range(5):
        p = r.choice(seats)
        out.append(PlaceStart(p, r.randrange(-1, 7)))
        out.append(Move(p, r.choice(C.ALL_CARDS), r.randrange(-1, 26)))
        out.append(Attack(p, r.choice(seats), r.choice(C.ALL_CARDS)))
        out.append(Defend(p, r.choice(C.ALL_CARDS)))
        out.append(EndTurn(p))
        out.append(DrawTwo(p, r.choice([None, 0, 4, 7])))
    hand = state.hands[state.turn]
    if hand:   # near misses: the right player and a real card, a random cell
        for _ in range(5):
            out.append(Move(state.turn, r.choice(hand), r.randrange(25)))
    return out
