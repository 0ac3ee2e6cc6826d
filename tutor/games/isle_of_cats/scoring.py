"""Острів котів scoring («ПІДРАХУНОК ОЧОК»): rats, rooms, cat families and the two family cards, with a breakdown
line per item; the winners with the tie-break («НІЧИЯ»).

The helpers take a boat as its placements ((tile, orientation, x, y) rows, as State.placed holds them) and its
colour, so the score helper can score any boat a learner builds:

    families(placed)               -> [Family(colour, tiles, cells)], largest first
    visible_rats(placed, boat)     -> the rat cells left uncovered
    unfilled_rooms(placed)         -> indexes (0..6) of rooms with an uncovered cell
    card_points(card, placed, boat, all_families) -> (points, count)  one family card
    breakdown(placed, boat, cards, all_families, player) -> Breakdown
    score(state) -> [Breakdown] (the family cards only once the game is over: until then they are secret)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Optional, Sequence

from tutor.core.scoring import Breakdown, ScoreLine
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G

if TYPE_CHECKING:
    from tutor.games.isle_of_cats.rules import State

# one tile laid on a boat: (tile, orientation, x, y), as State.placed holds them
Placement = tuple[str, int, int, int]
Placed = Sequence[Placement]

_R = "isle_of_cats:"
_P = "isle_of_cats.score."


@dataclass(frozen=True)
class Family:
    """A family («КОТЯЧІ РОДИНИ»): 3 or more cat tiles of one colour joined along sides (tiles are counted)."""
    colour: str
    tiles: tuple[str, ...]              # tile ids
    cells: tuple[tuple[int, int], ...]  # (x, y) cells they cover

    @property
    def size(self) -> int:
        return len(self.tiles)

    @property
    def points(self) -> int:
        return C.family_points(self.size)


Families = Sequence[list[Family]]     # every player's families, one list per boat


def _masks(placed: Placed) -> list[tuple[str, int]]:
    return [(tile, G.AT[(C.SHAPE[tile], o, x, y)][0]) for tile, o, x, y in placed]


def _grow(mask: int) -> int:
    """The mask with every side neighbour added (rows wrap at the grid's edge: cut by the boat below)."""
    w = G.W
    return (mask | ((mask & ~_RIGHT) << 1) | ((mask & ~_LEFT) >> 1) | (mask << w) | (mask >> w)) & G.BOAT


_LEFT = G.mask_of((0, y) for y in range(C.HEIGHT))
_RIGHT = G.mask_of((G.W - 1, y) for y in range(C.HEIGHT))


def groups(placed: Placed, min_size: int = 1) -> list[Family]:
    """Every group of same-coloured cat tiles joined along sides (groups of `min_size` tiles or more)."""
    tiles = [(t, m) for t, m in _masks(placed) if C.KIND[t] == "cat"]
    grown = {t: _grow(m) for t, m in tiles}
    seen: set[str] = set()
    out: list[Family] = []
    for t, m in tiles:
        if t in seen:
            continue
        colour = str(C.COLOUR[t])
        group: list[tuple[str, int]] = []
        todo = [(t, m)]
        seen.add(t)
        while todo:
            a, am = todo.pop()
            group.append((a, am))
            for b, bm in tiles:
                if b not in seen and C.COLOUR[b] == colour and grown[a] & bm:
                    seen.add(b)
                    todo.append((b, bm))
        if len(group) >= min_size:
            cells: list[tuple[int, int]] = []
            for _a, am in group:
                cells += G.cells_of(am)
            out.append(Family(colour, tuple(sorted(a for a, _ in group)), tuple(sorted(cells))))
    out.sort(key=lambda f: (-f.size, C.CAT_COLOURS.index(f.colour), f.tiles))
    return out


def families(placed: Placed) -> list[Family]:
    """The boat's cat families (3+ tiles), largest first."""
    return groups(placed, C.FAMILY_MIN)


def covered(placed: Placed) -> int:
    m = 0
    for _t, tm in _masks(placed):
        m |= tm
    return m


def visible_rats(placed: Placed, boat: str) -> list[tuple[int, int]]:
    """The rat cells no tile covers («ЩУРИ»)."""
    return G.cells_of(G.RATS[boat] & ~covered(placed))


def unfilled_rooms(placed: Placed) -> list[int]:
    """Indexes of the rooms with at least one uncovered cell («КАЮТИ»)."""
    occ = covered(placed)
    return [i for i, room in enumerate(G.ROOMS) if room & ~occ]


def filled_rooms(placed: Placed) -> list[int]:
    occ = covered(placed)
    return [i for i, room in enumerate(G.ROOMS) if not room & ~occ]


def cats(placed: Placed) -> list[str]:
    return [t for t, *_ in placed if C.KIND[t] == "cat"]


def edge_cats(placed: Placed) -> list[str]:
    """The cat tiles with at least one cell on an outermost cell of the boat (ruling edge)."""
    return [t for t, m in _masks(placed) if C.KIND[t] == "cat" and m & G.EDGE]


def card_points(card: str, placed: Placed, boat: str, all_families: Optional[Families] = None) -> tuple[int, int]:
    """(points, what was counted) for one family card on one boat. `all_families`: every player's families (for
    card 165, the largest family at the table; default: this boat's alone). The count is what the card counts
    (cats on the edge, rats, rooms...; 1/0 for a condition met or not)."""
    fc = C.FAMILY_CARDS[card]
    task, pts = fc.task, fc.points
    if task == "edge_one_colour":
        by_colour = [sum(1 for t in edge_cats(placed) if C.COLOUR[t] == c) for c in C.CAT_COLOURS]
        n = max(by_colour)
        return n * pts, n
    if task == "edge_all_colours":
        on_edge = {C.COLOUR[t] for t in edge_cats(placed)}
        ok = int(on_edge == set(C.CAT_COLOURS))
        return ok * pts, ok
    if task == "edge_pairs":
        n = len(edge_cats(placed))
        return (n // 2) * pts, n
    if task == "no_rats":
        ok = int(not visible_rats(placed, boat))
        return ok * pts, ok
    if task == "middle_row":
        ok = int(not G.MIDDLE_ROW & ~covered(placed))
        return ok * pts, ok
    if task == "edge_full":
        ok = int(not G.EDGE & ~covered(placed))
        return ok * pts, ok
    if task == "twenty_cats":
        n = len(cats(placed))
        return (pts if n == C.TWENTY_CATS else 0), n
    if task == "three_each":
        counts = [sum(1 for t in cats(placed) if C.COLOUR[t] == c) for c in C.CAT_COLOURS]
        ok = int(min(counts) >= C.THREE_EACH)
        return ok * pts, ok
    if task == "five_of":
        n = sum(1 for t in cats(placed) if C.COLOUR[t] == fc.colour)
        return (pts if n == C.FIVE_OF_A_COLOUR else 0), n
    if task == "treasures":
        n = sum(1 for t, *_ in placed if C.KIND[t] != "cat")
        return n * pts, n
    if task == "largest_family":
        mine = families(placed)
        every = all_families if all_families is not None else [mine]
        best = max((f.size for fams in every for f in fams), default=0)
        ok = int(bool(mine) and mine[0].size == best)
        return ok * pts, ok
    if task == "rats":
        n = len(visible_rats(placed, boat))
        return n * pts, n
    if task == "filled_rooms":
        n = len(filled_rooms(placed))
        return n * pts, n
    if task == "third_family":
        fams = families(placed)
        if len(fams) < 3:
            return 0, 0
        return fams[2].points, fams[2].size
    raise ValueError(f"unknown family card task {task!r}")


# the cards that score for a condition met or not (count 1/0), and 168, which needs a third family (count 0: none)
_CONDITIONS = frozenset({"edge_all_colours", "no_rats", "middle_row", "edge_full", "three_each", "largest_family",
                         "third_family"})


def breakdown(placed: Placed, boat: str, cards: Iterable[str] = (), all_families: Optional[Families] = None,
              player: int = 0) -> Breakdown:
    """A boat's score line by line: visible rats, unfilled rooms, each family, each family card given."""
    lines: list[ScoreLine] = []
    rats = len(visible_rats(placed, boat))
    lines.append(ScoreLine(_P + "rats", (("n", rats),), rats * C.RAT_POINTS, _R + "rats"))
    rooms = len(unfilled_rooms(placed))
    lines.append(ScoreLine(_P + "rooms", (("n", rooms),), rooms * C.UNFILLED_ROOM_POINTS, _R + "rooms"))
    for f in families(placed):
        lines.append(ScoreLine(_P + "family." + f.colour, (("n", f.size),), f.points,
                               _R + "families"))
    for card in cards:
        points, count = card_points(card, placed, boat, all_families)
        # one label per card (its task in words): a card's id never reaches a learner; a condition that failed
        # says so («…: не виконано, щурів видно»), never the condition as if it held
        unmet = not count and C.FAMILY_CARDS[card].task in _CONDITIONS
        lines.append(ScoreLine(_P + card + (".not" if unmet else ""), (("count", count),), points, _R + "tasks"))
    return Breakdown(player, tuple(lines))


def score_table(state: "State") -> list[Breakdown]:
    """Every player's breakdown with the family cards, whatever the phase (the teacher's view)."""
    every = [families(p) for p in state.placed]
    return [breakdown(state.placed[s], state.boats[s], state.kept[s], every, s) for s in range(state.players)]


def score(state: "State") -> list[Breakdown]:
    """Every player's breakdown. Before the end the family cards are secret, so their lines are left out."""
    if state.phase == "over":
        return score_table(state)
    return [breakdown(state.placed[s], state.boats[s], (), None, s) for s in range(state.players)]


def winners_of(state: "State") -> tuple[list[int], str]:
    """(winners, why): "points" (one highest total), "rooms" (a tie broken by the most filled rooms) or "shared"
    (still tied: they share the victory, «НІЧИЯ»)."""
    totals = [b.total for b in score_table(state)]
    best = max(totals)
    top = [s for s, t in enumerate(totals) if t == best]
    if len(top) == 1:
        return top, "points"
    rooms = {s: len(filled_rooms(state.placed[s])) for s in top}
    most = max(rooms.values())
    won = [s for s in top if rooms[s] == most]
    return won, "rooms" if len(won) == 1 else "shared"


def winners(state: "State") -> list[int]:
    """The winners once the game is over; before: the players in the lead on what is public."""
    if state.phase == "over":
        return winners_of(state)[0]
    totals = [b.total for b in score(state)]
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best]
