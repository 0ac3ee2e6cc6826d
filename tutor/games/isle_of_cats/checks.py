"""What the conformance suite needs from Острів котів: invariants, secrets per viewer, candidate actions."""

from __future__ import annotations

import random
from typing import Callable, Optional

from tutor.core.wording import Words
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.rules import (
    PHASES, Action, Decline, KeepCards, Pass, Place, State, Take, TakeTreasure, legal_actions, to_move,
)


def check_invariants(state: State) -> list[Words]:
    """Problems with the position (Words: said in the reader's language, str() the English); an empty list means
    every tile and card is accounted for and the phase fits."""
    problems: list[Words] = []
    n = state.players
    if state.phase not in PHASES:
        return [Words("isle_of_cats.invariant.phase", phase=repr(state.phase), known=", ".join(map(repr, PHASES)))]
    if len(set(state.boats)) != n or not set(state.boats) <= set(C.BOAT_COLOURS):
        problems.append(Words("isle_of_cats.invariant.boats"))
    on_boats = [row[0] for rows in state.placed for row in rows]
    held = [state.held] if state.held is not None else []
    bagged = list(state.bag) + list(state.island) + list(state.box)
    every = bagged + on_boats + held + list(state.supply)
    expected = list(C.BAG_TILES) + list(C.common_tiles(n))
    if sorted(every) != sorted(expected):
        problems.append(Words("isle_of_cats.invariant.tiles", placed=len(every), distinct=len(set(every)),
                              expected=len(expected)))
    if any(C.KIND.get(t) == "common" for t in bagged):
        problems.append(Words("isle_of_cats.invariant.common_in_bag"))
    if any(C.KIND.get(t) != "common" for t in state.supply):
        problems.append(Words("isle_of_cats.invariant.supply"))
    cards = [c for d in state.dealt for c in d] + [c for k in state.kept for c in k] + list(state.unused)
    if sorted(cards) != sorted(C.ALL_FAMILY_CARDS):
        problems.append(Words("isle_of_cats.invariant.cards"))
    for s in range(n):
        if state.dealt[s] and state.kept[s]:
            problems.append(Words("isle_of_cats.invariant.dealt_and_kept", player=_player(s)))
        if state.dealt[s] and len(state.dealt[s]) != C.CARDS_DEALT:
            problems.append(Words("isle_of_cats.invariant.dealt", n=len(state.dealt[s]), player=_player(s)))
        if state.kept[s] and len(state.kept[s]) != C.CARDS_KEPT:
            problems.append(Words("isle_of_cats.invariant.kept", n=len(state.kept[s]), player=_player(s)))
    if state.phase == "keep":
        if not any(state.dealt):
            problems.append(Words("isle_of_cats.invariant.keep_over"))
    elif any(state.dealt) or any(len(k) != C.CARDS_KEPT for k in state.kept):
        problems.append(Words("isle_of_cats.invariant.day_early"))
    if sorted(state.order) != list(range(n)) or not 0 <= state.turn < n or len(state.passed) != n:
        problems.append(Words("isle_of_cats.invariant.order"))
    if not 0 <= state.ship <= C.DAYS or (state.ship == 0) != (state.phase == "over"):
        problems.append(Words("isle_of_cats.invariant.ship"))
    if (state.held is not None) != (state.phase == "place"):
        problems.append(Words("isle_of_cats.invariant.held"))
    if state.rewards < 0 or (state.rewards > 0) != (state.phase == "treasure"):
        problems.append(Words("isle_of_cats.invariant.rewards"))
    if state.held is not None and state.phase == "place" and C.KIND.get(state.held) is None:
        problems.append(Words("isle_of_cats.invariant.held_unknown"))
    # the pauses stages() makes at a day's end (the day's last tile placed, the island bare; or the island cleared,
    # the next day's tiles not yet drawn): nobody acts there, so who passed does not matter; in play the island is
    # never empty in the take phase: a day lasts while a cat tile lies there, and the bag never runs short of cats
    # (ruling bag-short)
    between_days = state.phase == "take" and not state.island
    if state.phase in ("take", "place", "treasure") and not between_days:
        if state.passed[state.turn]:
            problems.append(Words("isle_of_cats.invariant.passed"))
        if state.phase == "take" and not state.island:
            problems.append(Words("isle_of_cats.invariant.empty_island"))
    if state.phase == "over" and (state.island or state.held is not None):
        problems.append(Words("isle_of_cats.invariant.island_after_end"))
    for s, rows in enumerate(state.placed):
        occ = 0
        for row in rows:
            if len(row) != 4:
                problems.append(Words("isle_of_cats.invariant.malformed", player=_player(s)))
                break
            tile, o, x, y = row
            found = G.AT.get((C.SHAPE.get(tile, ""), o, x, y))
            if found is None:
                problems.append(Words("isle_of_cats.invariant.off_boat", player=_player(s), x=x, y=y))
                break
            mask, nbrs = found
            if mask & occ:
                problems.append(Words("isle_of_cats.invariant.overlap", player=_player(s)))
                break
            if occ and not nbrs & occ:
                problems.append(Words("isle_of_cats.invariant.alone", player=_player(s), x=x, y=y))
                break
            occ |= mask
    return problems


def _player(seat: int) -> Callable[[str], str]:
    """The seat as the reader's language names a player ("Player 2")."""
    def said(lang: str) -> str:
        from tutor.core.i18n import player_name
        return player_name(seat, lang)
    return said


def secrets(state: State, viewer: Optional[int]) -> set[str]:
    """Ids that `viewer` must not find in their view or its SVG: the bag's tiles, the family cards not theirs
    (every kept card turns face up at the end), and those back in the box unseen."""
    if viewer is None:
        return set()
    hidden = set(state.bag) | set(state.unused)
    for s in range(state.players):
        if s != viewer:
            hidden.update(state.dealt[s])
            if state.phase != "over":
                hidden.update(state.kept[s])
    return hidden


def candidate_actions(state: State, r: random.Random) -> list[Action]:
    """Legal and illegal actions mixed, for the conformance suite to try."""
    n = state.players
    movers = to_move(state) or [0]
    seat = r.choice(movers) if r.random() < 0.6 else r.randrange(-1, n + 1)
    tiles = list(C.TILES)
    out: list[Action] = [Take(seat, r.choice(tiles)), Pass(seat), Decline(seat),
                 TakeTreasure(seat, r.choice(list(C.COMMON_SHAPES) + ["cat1", "hat"])),
                 Place(seat, r.randrange(-1, 9), r.randrange(-2, C.WIDTH + 1), r.randrange(-2, C.HEIGHT + 1)),
                 KeepCards(seat, tuple(r.sample(C.ALL_FAMILY_CARDS, 2)))]
    p = movers[0]
    if state.island:
        out.append(Take(p, r.choice(state.island)))
    if state.dealt[p]:
        out.append(KeepCards(p, tuple(state.dealt[p][:1]) * 2))
    if state.phase == "place":
        out.append(Place(p, 0, r.randrange(C.WIDTH), r.randrange(C.HEIGHT)))
    legal = legal_actions(state, p)
    if legal:
        out += r.sample(legal, min(3, len(legal)))
    return out
