"""Shell assembly: the arrangement of a player's fragments into whole shells that scores the most.

Rules ("Ценность ракушек", "Как посчитать баллы"): an ordinary shell is four upper fragments and
scores its stars; a rare shell is a lower-left, a lower-right and two upper fragments and scores its
stars + 2; a rare-shaped shell whose four pearl parts share one colour is unique: stars + 2 + 3.
Fragments outside a whole shell score nothing.

Why the search is small: only which fragments are used matters, not which shell each sits in, so
for a chosen count of unique shells per colour (u_c) and of other rare shells (r), the best choice
of fragments is greedy: the u_c best of colour c for each colour, then the best of what is left.
More ordinary shells never hurt (stars are positive), so their count is the most the uppers allow.
Enumerating (u_white, u_pink, u_black, r) is at most a few hundred cases for a whole collection.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Iterable, Optional, Sequence

from tutor.games.aqua_fest import components as C

RARE_BONUS = 2
UNIQUE_BONUS = 3

# The rulebook's scoring example («Как посчитать баллы»), grouped as its picture groups it: an ordinary shell
# 3+1+3+2, a rare one 3+1+2+3 and a pink unique one 1+3+2+3, with bonus token 2 (36 in all). The ids are the
# tutor's: fragments carrying the printed stars.
RULEBOOK_SHELLS = (("u-white-7", "u-pink-1", "u-black-7", "u-white-4"),
                   ("ll-white-3", "lr-pink-1", "u-pink-4", "u-black-8"),
                   ("ll-pink-1", "lr-pink-3", "u-pink-5", "u-pink-8"))
RULEBOOK_TOKEN = 2


def drawn_order(fragments: Iterable[str]) -> list[str]:
    """A shell's fragments as a picture of it lays them, and its sums add them: the uppers on top, then the
    lower-left and lower-right pieces under them (left to right, top to bottom). The breakdown's sum in another
    order than the picture beside it read as other numbers (readers, stops 47 and 48)."""
    return sorted(fragments, key=lambda t: {"upper": 0, "lower-left": 1, "lower-right": 2}[C.tile(t).kind])


@dataclass(frozen=True)
class Shell:
    kind: str                   # "ordinary" | "rare" | "unique"
    fragments: tuple[str, ...]  # tile ids: ordinary = 4 uppers; rare/unique = lower-left, lower-right, upper, upper

    @property
    def stars(self) -> int:
        return sum(C.tile(t).stars for t in self.fragments)

    @property
    def bonus(self) -> int:
        return {"ordinary": 0, "rare": RARE_BONUS, "unique": RARE_BONUS + UNIQUE_BONUS}[self.kind]

    @property
    def points(self) -> int:
        return self.stars + self.bonus


@dataclass(frozen=True)
class Assembly:
    shells: tuple[Shell, ...]
    unused: tuple[str, ...]

    @property
    def points(self) -> int:
        return sum(s.points for s in self.shells)


def classify(fragments: Sequence[str]) -> str | None:
    """The kind of shell four fragments make, or None if they make no whole shell."""
    tiles = [C.tile(t) for t in fragments]
    if len(tiles) != 4 or any(t.coral for t in tiles):
        return None
    kinds = sorted(t.kind for t in tiles)
    if kinds == ["upper"] * 4:
        return "ordinary"
    if kinds == ["lower-left", "lower-right", "upper", "upper"]:
        return "unique" if len({t.colour for t in tiles}) == 1 else "rare"
    return None


def _best_first(ids: Iterable[str]) -> list[str]:
    return sorted(ids, key=lambda t: (-C.tile(t).stars, t))


def best_assembly(fragments: Iterable[str]) -> Assembly:
    """The highest-scoring way to assemble `fragments` (tile ids) into shells; ties prefer fewer shells."""
    key = tuple(fragments)
    found = _ASSEMBLED.get(key)
    if found is None:
        # a collection changes a few times a game and is scored after every action (and an Assembly is frozen)
        if len(_ASSEMBLED) >= 4096:
            _ASSEMBLED.clear()
        found = _ASSEMBLED[key] = _best_assembly(key)
    return found


Pool = dict[str, list[str]]     # colour -> fragments of one kind, best first
_ASSEMBLED: dict[tuple[str, ...], Assembly] = {}


def _best_assembly(fragments: tuple[str, ...]) -> Assembly:
    frags = [f for f in fragments if not C.tile(f).coral]
    pools = {k: {c: _best_first(f for f in frags if C.tile(f).kind == k and C.tile(f).colour == c)
                 for c in C.COLOURS} for k in C.FRAGMENT_KINDS}
    counts = {k: {c: len(pools[k][c]) for c in C.COLOURS} for k in C.FRAGMENT_KINDS}
    total = {k: sum(counts[k].values()) for k in C.FRAGMENT_KINDS}
    max_unique = {c: min(counts["lower-left"][c], counts["lower-right"][c], counts["upper"][c] // 2)
                  for c in C.COLOURS}
    best_key: Optional[tuple[int, int]] = None
    best_choice: Optional[tuple[dict[str, int], int, int]] = None
    for uw, up, ub in product(*(range(max_unique[c] + 1) for c in C.COLOURS)):
        unique = dict(zip(C.COLOURS, (uw, up, ub)))
        u = uw + up + ub
        max_rare = min(total["lower-left"] - u, total["lower-right"] - u, (total["upper"] - 2 * u) // 2)
        for r in range(max_rare + 1):
            o = (total["upper"] - 2 * u - 2 * r) // 4
            value = (_take_value(pools["lower-left"], unique, 1, r) + _take_value(pools["lower-right"], unique, 1, r)
                     + _take_value(pools["upper"], unique, 2, 2 * r + 4 * o)
                     + RARE_BONUS * (u + r) + UNIQUE_BONUS * u)
            key = (value, -(u + r + o))
            if best_key is None or key > best_key:
                best_key, best_choice = key, (unique, r, o)
    assert best_choice is not None      # no unique shell, no rare, no ordinary is always a choice
    unique, r, o = best_choice
    return _build(pools, unique, r, o, frags)


def _take_value(pool: Pool, unique: dict[str, int], per_shell: int, extra: int) -> int:
    forced, rest = _split(pool, unique, per_shell)
    return sum(C.tile(t).stars for t in forced) + sum(C.tile(t).stars for t in _best_first(rest)[:extra])


def _split(pool: Pool, unique: dict[str, int], per_shell: int) -> tuple[list[str], list[str]]:
    forced: list[str] = []
    rest: list[str] = []
    for c in C.COLOURS:
        n = unique[c] * per_shell
        forced += pool[c][:n]
        rest += pool[c][n:]
    return forced, rest


def _build(pools: dict[str, Pool], unique: dict[str, int], r: int, o: int, frags: list[str]) -> Assembly:
    shells: list[Shell] = []
    leftovers: dict[str, list[str]] = {}
    for kind, per in (("lower-left", 1), ("lower-right", 1), ("upper", 2)):
        _, rest = _split(pools[kind], unique, per)
        leftovers[kind] = _best_first(rest)
    for c in C.COLOURS:
        for i in range(unique[c]):
            ups = pools["upper"][c][2 * i: 2 * i + 2]
            shells.append(Shell("unique", (pools["lower-left"][c][i], pools["lower-right"][c][i], *ups)))
    ll, lr, up = leftovers["lower-left"], leftovers["lower-right"], leftovers["upper"]
    ups_for_rare, ups_for_ordinary = up[: 2 * r + 4 * o], []
    # Ordinary shells and rare shells draw on the same best uppers; which go where does not change
    # the score, so rare shells take theirs first and ordinary shells the next four at a time.
    for i in range(r):
        shell_ups = ups_for_rare[2 * i: 2 * i + 2]
        rare = classify((ll[i], lr[i], *shell_ups))
        assert rare is not None             # a lower left, a lower right and two uppers make a shell
        shells.append(Shell(rare, (ll[i], lr[i], *shell_ups)))
    ups_for_ordinary = ups_for_rare[2 * r:]
    for i in range(o):
        shells.append(Shell("ordinary", tuple(ups_for_ordinary[4 * i: 4 * i + 4])))
    used = {t for s in shells for t in s.fragments}
    return Assembly(tuple(shells), tuple(sorted(f for f in frags if f not in used)))


def brute_force_points(fragments: Iterable[str]) -> int:
    """The best score by trying every way to form shells (exponential; for tests on small sets)."""
    frags = tuple(sorted(f for f in fragments if not C.tile(f).coral))

    def best(rest: tuple[str, ...]) -> int:
        if len(rest) < 4:
            return 0
        first, others = rest[0], rest[1:]
        top = best(others)              # `first` stays unused
        from itertools import combinations
        for trio in combinations(range(len(others)), 3):
            group = (first, *(others[i] for i in trio))
            kind = classify(group)
            if kind:
                left = tuple(o for i, o in enumerate(others) if i not in trio)
                top = max(top, Shell(kind, group).points + best(left))
        return top

    return best(frags)


def evaluate(groups: Iterable[Sequence[str]]) -> Assembly:
    """Score a grouping someone chose (e.g. a learner, or the rulebook's example): each group of
    four that makes a whole shell scores; anything else is left over."""
    shells: list[Shell] = []
    unused: list[str] = []
    for group in groups:
        kind = classify(tuple(group))
        if kind:
            shells.append(Shell(kind, tuple(group)))
        else:
            unused.extend(group)
    return Assembly(tuple(shells), tuple(unused))


def arranged(fragments: Iterable[str], groups: Optional[Sequence[Sequence[str]]] = None) -> Assembly:
    """`fragments` assembled as `groups` say (the rulebook's picture, say) when those groups are whole shells of
    these fragments and score as much as the best assembly; otherwise the best assembly. Shown groups never
    score less than the engine's best: the score is always the best."""
    ids = list(fragments)
    best = best_assembly(ids)
    if not groups:
        return best
    pool = list(ids)
    for group in groups:
        for t in group:
            if t not in pool:
                return best
            pool.remove(t)
    chosen = evaluate(groups)
    if chosen.unused or chosen.points != best.points:
        return best
    return Assembly(chosen.shells, tuple(sorted(pool)))
