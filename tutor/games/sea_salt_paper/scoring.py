"""Паперові океани scoring: card points with a breakdown (duo pairs, collections, multipliers, mermaids), the
colour bonus, and the game's totals and winners.

`breakdown(cards)` scores any set of cards (a hand and a zone together), so a score-helper widget can call it
with the cards a learner picks; `card_points` and `colour_bonus` are the same sums without the lines (the engine
asks them on every turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from tutor.core.scoring import Breakdown, ScoreLine
from tutor.games.sea_salt_paper import components as C

if TYPE_CHECKING:
    from tutor.games.sea_salt_paper.rules import State

_KIND, _COLOUR = C.KIND, C.COLOUR
_R = "sea_salt_paper:"


def _kinds(cards: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        k = _KIND[c]
        out[k] = out.get(k, 0) + 1
    return out


def colour_counts(cards: Iterable[str]) -> list[tuple[str, int]]:
    """(colour, cards of it), most first; equal counts in the order of C.COLOURS. White (the mermaids) is a
    colour like the others (ruling white-is-a-colour)."""
    counts: dict[str, int] = {}
    for c in cards:
        col = _COLOUR[c]
        counts[col] = counts.get(col, 0) + 1
    return sorted(counts.items(), key=lambda item: (-item[1], C.COLOURS.index(item[0])))


def colour_bonus(cards: Iterable[str]) -> int:
    """One point per card of the colour one holds most of (hand and zone together)."""
    counts: dict[str, int] = {}
    best = 0
    for c in cards:
        col = _COLOUR[c]
        n = counts[col] = counts.get(col, 0) + 1
        if n > best:
            best = n
    return best


def card_points(cards: Iterable[str]) -> int:
    """The points the cards score (everything but the colour bonus): `breakdown(cards).total`, fast."""
    k = _kinds(cards)
    get = k.get
    points = get("crab", 0) // 2 + get("boat", 0) // 2 + get("fish", 0) // 2 + min(get("swimmer", 0), get("shark", 0))
    for kind, table in C.COLLECTIONS.items():
        n = get(kind, 0)
        if n:
            points += table[min(n, len(table)) - 1]
    for kind, (counted, each) in C.MULTIPLIERS.items():
        n = get(kind, 0)
        if n:
            points += n * each * get(counted, 0)
    mermaids = get("mermaid", 0)
    if mermaids:
        points += sum(n for _, n in colour_counts(cards)[:mermaids])
    return points


def breakdown(cards: Iterable[str], player: int = 0, *, bonus: bool = False) -> Breakdown:
    """The cards' points line by line: each kind of duo pair, each collection, each multiplier, each mermaid's
    colour; with `bonus`, the colour bonus as a last line."""
    cards = list(cards)
    k = _kinds(cards)
    get = k.get
    lines: list[ScoreLine] = []
    for kind in ("crab", "boat", "fish"):
        pairs = get(kind, 0) // 2
        if pairs:
            lines.append(ScoreLine(f"sea_salt_paper.score.pairs.{kind}", (("n", pairs),), pairs, _R + "duos"))
    pairs = min(get("swimmer", 0), get("shark", 0))
    if pairs:
        lines.append(ScoreLine("sea_salt_paper.score.pairs.steal", (("n", pairs),), pairs, _R + "duos"))
    for kind, table in C.COLLECTIONS.items():
        n = get(kind, 0)
        if n:
            lines.append(ScoreLine(f"sea_salt_paper.score.collection.{kind}", (("n", n),),
                                   table[min(n, len(table)) - 1], _R + "collections"))
    for kind, (counted, each) in C.MULTIPLIERS.items():
        n = get(kind, 0)
        if n:
            lines.append(ScoreLine(f"sea_salt_paper.score.multiplier.{kind}", (("n", get(counted, 0)),),
                                   n * each * get(counted, 0), _R + "multipliers"))
    mermaids = get("mermaid", 0)
    if mermaids:
        ranked = colour_counts(cards)
        for i in range(mermaids):
            colour, n = ranked[i] if i < len(ranked) else ("none", 0)
            lines.append(ScoreLine(f"sea_salt_paper.score.mermaid.{colour}", (("rank", i + 1), ("n", n)),
                                   n, _R + "mermaids"))
    if bonus and cards:
        counts = colour_counts(cards)
        colour, n = counts[0]
        tied = sum(1 for _c, m in counts if m == n)
        if tied > 1:      # naming one of them read as if only that colour counted
            lines.append(ScoreLine("sea_salt_paper.score.colour_bonus.tie", (("n", n), ("k", tied)), n,
                                   _R + "round-end"))
        else:
            lines.append(ScoreLine(f"sea_salt_paper.score.colour_bonus.{colour}", (("n", n),), n, _R + "round-end"))
    return Breakdown(player, tuple(lines))


def score(state: "State") -> list[Breakdown]:
    """Every player's game total, one line per scored round (the full truth; a view decides who sees what)."""
    out = []
    for s in range(state.players):
        lines = [ScoreLine("sea_salt_paper.score.round", (("round", row[0]),), row[1 + s], _R + "round-end")
                 for row in state.history]
        earlier = state.scores[s] - sum(row[1 + s] for row in state.history)
        if earlier:   # a lesson's position may start from totals without their rounds
            lines.insert(0, ScoreLine("sea_salt_paper.score.earlier", (), earlier, _R + "round-end"))
        out.append(Breakdown(s, tuple(lines)))
    return out


def winners(state: "State") -> list[int]:
    """Four mermaids win at once; otherwise the highest total, a tie going to the most points in the last
    scored round (still tied: a shared victory). Before the end: the players in the lead."""
    if state.winner is not None:
        return [state.winner]
    best = max(state.scores)
    leaders = [s for s, total in enumerate(state.scores) if total == best]
    if len(leaders) > 1 and state.history:
        last = state.history[-1]
        top = max(last[1 + s] for s in leaders)
        leaders = [s for s in leaders if last[1 + s] == top]
    return leaders
