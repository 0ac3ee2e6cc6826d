"""The play table's coach and round summaries: the shapes a game's `GameUI.coach`, `summary`, `score_panel` and
`tips` hand to the table (tutor.widgets.play), kept free of widgets so engines' tests can check them.

A coach speaks as a friend at the table does: a fact about the position and what the rules allow, never a
move chosen for the learner ("you have 7 points: you may end the round", "you hold a narwhal: you must follow
narwhal"). Each hint cites the rule it rests on and carries the facts it states, so a test can check them
against the engine (`facts`: plain values a game's test recomputes another way).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_HINTS = 2          # a friend says one or two things, not a lecture


@dataclass(frozen=True)
class Hint:
    """One coaching line: `kind` names what it says (a game's own word: "may-stop", "must-follow"), `text` is
    in the page's language, `rule` the section it rests on ("<game>:<slug>"), `facts` what it claims."""

    kind: str
    text: str
    rule: str
    facts: dict[str, Any] = field(default_factory=dict, hash=False)


def chosen(hints: list[Hint]) -> list[Hint]:
    """The hints the table shows: the first MAX_HINTS, in the game's order (most useful first)."""
    return list(hints)[:MAX_HINTS]
