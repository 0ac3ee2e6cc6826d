"""What the conformance suite needs from Острів котів: invariants, secrets per viewer, candidate actions."""

from __future__ import annotations

import random

from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.rules import (
    PHASES, Decline, KeepCards, Pass, Place, State, Take, TakeTreasure, legal_actions, to_move,
)


def check_invariants(state: State) -> list[str]:
    """Problems with the position; an empty list means every tile and card is accounted for and the phase fits."""
    problems = []
    n = state.players
    if state.phase not in PHASES:
        return [f"unknown phase {state.phase!r}"]
    if len(set(state.boats)) != n or not set(state.boats) <= set(C.BOAT_COLOURS):
        problems.append("each player must sail a different boat")
    on_boats = [row[0] for rows in state.placed for row in rows]
    held = [state.held] if state.held is not None else []
    bagged = list(state.bag) + list(state.island) + list(state.box)
    every = bagged + on_boats + held + list(state.supply)
    expected = list(C.BAG_TILES) + list(C.common_tiles(n))
    if sorted(every) != sorted(expected):
        problems.append(f"tiles not conserved: {len(every)} placed, {len(set(every))} distinct, "
                        f"{len(expected)} expected")
    if any(C.KIND.get(t) == "common" for t in bagged):
        problems.append("a common treasure lies in the bag, on the island or in the box")
    if any(C.KIND.get(t) != "common" for t in state.supply):
        problems.append("the supply holds a tile that is not a common treasure")
    cards = [c for d in state.dealt for c in d] + [c for k in state.kept for c in k] + list(state.unused)
    if sorted(cards) != sorted(C.ALL_FAMILY_CARDS):
        problems.append("family cards not conserved")
    for s in range(n):
        if state.dealt[s] and state.kept[s]:
            problems.append(f"player {s + 1} both holds dealt cards and has kept two")
        if state.dealt[s] and len(state.dealt[s]) != C.CARDS_DEALT:
            problems.append(f"player {s + 1} was dealt {len(state.dealt[s])} family cards")
        if state.kept[s] and len(state.kept[s]) != C.CARDS_KEPT:
            problems.append(f"player {s + 1} kept {len(state.kept[s])} family cards")
    if state.phase == "keep":
        if not any(state.dealt):
            problems.append("the keep choice is over but the day has not begun")
    elif any(state.dealt) or any(len(k) != C.CARDS_KEPT for k in state.kept):
        problems.append("the day has begun before every player kept two family cards")
    if sorted(state.order) != list(range(n)) or not 0 <= state.turn < n or len(state.passed) != n:
        problems.append("the turn order must name every seat once, the turn a seat")
    if not 0 <= state.ship <= C.DAYS or (state.ship == 0) != (state.phase == "over"):
        problems.append("the ship reaches the hand (0) exactly when the game is over")
    if (state.held is not None) != (state.phase == "place"):
        problems.append("a tile is held exactly while it waits to be placed")
    if state.rewards < 0 or (state.rewards > 0) != (state.phase == "treasure"):
        problems.append("map rewards wait exactly in the treasure phase")
    if state.held is not None and state.phase == "place" and C.KIND.get(state.held) is None:
        problems.append("the held tile is unknown")
    # the pause stages() makes at a day's end (the island cleared, the next day's tiles not yet drawn): nobody
    # acts there, so who passed does not matter; in play the island is never empty in the take phase: a day lasts
    # while a cat tile lies there, and the bag never runs short of cats (ruling bag-short)
    between_days = state.phase == "take" and not state.island and state.ship < C.DAYS
    if state.phase in ("take", "place", "treasure") and not between_days:
        if state.passed[state.turn]:
            problems.append("a player who passed is to act")
        if state.phase == "take" and not state.island:
            problems.append("a player is to take a tile from an empty island")
    if state.phase == "over" and (state.island or state.held is not None):
        problems.append("tiles lie on the island after the end")
    for s, rows in enumerate(state.placed):
        occ = 0
        for row in rows:
            if len(row) != 4:
                problems.append(f"player {s + 1}'s boat holds a malformed placement")
                break
            tile, o, x, y = row
            found = G.AT.get((C.SHAPE.get(tile, ""), o, x, y))
            if found is None:
                problems.append(f"player {s + 1}'s tile at ({x}, {y}) does not lie wholly on the boat")
                break
            mask, nbrs = found
            if mask & occ:
                problems.append(f"player {s + 1}'s tiles overlap")
                break
            if occ and not nbrs & occ:
                problems.append(f"player {s + 1}'s tile at ({x}, {y}) touches no earlier tile")
                break
            occ |= mask
    return problems


def secrets(state: State, viewer) -> set[str]:
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


def candidate_actions(state: State, r: random.Random) -> list:
    """Legal and illegal actions mixed, for the conformance suite to try."""
    n = state.players
    movers = to_move(state) or [0]
    seat = r.choice(movers) if r.random() < 0.6 else r.randrange(-1, n + 1)
    tiles = list(C.TILES)
    out: list = [Take(seat, r.choice(tiles)), Pass(seat), Decline(seat),
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
