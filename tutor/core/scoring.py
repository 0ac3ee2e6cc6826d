"""Score breakdowns: every total is the sum of labelled lines, each citing its rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence


@dataclass(frozen=True)
class ScoreLine:
    key: str             # i18n key for the label
    params: tuple[tuple[str, Any], ...]        # ((name, value), ...) to fill the label
    points: int
    rule: str

    def label(self, lang: str = "en") -> str:
        from tutor.core.i18n import text
        return text(self.key, lang, **dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "points": self.points, "rule": self.rule}


@dataclass(frozen=True)
class Breakdown:
    """A player's score, line by line. `total` is the sum of the lines by definition: a test checks it (and each
    line) against numbers known without it (the rulebook's example, the cards' printed values), never against
    the lines."""

    player: int
    lines: tuple[ScoreLine, ...]
    # what the sum of these lines is called where it is not the player's whole score (an i18n key; "" says "Total"):
    # Aqua Fest's shells without the bonus token, a quiz's answer labelled "Total: 13" beside a token (a reader)
    total_key: str = ""

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "total": self.total, "lines": [l.to_json() for l in self.lines]}


def winners(breakdowns: Sequence[Breakdown]) -> list[int]:
    """Every player with the highest total (a tie is a shared victory unless a game says otherwise)."""
    best = max(b.total for b in breakdowns)
    return [b.player for b in breakdowns if b.total == best]
