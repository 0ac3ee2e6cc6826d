"""Events: what an action caused, each citing the rule behind it, with data to narrate in any language."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

_NARRATORS: dict[str, Callable[["Event", str], str]] = {}


@dataclass(frozen=True)
class Event:
    """`kind` is "<game>.<what>"; `rule` a section id; `data` plain JSON values."""

    kind: str
    rule: str
    data: dict = field(default_factory=dict, hash=False)

    @property
    def game(self) -> str:
        return self.kind.split(".", 1)[0]

    def to_json(self) -> dict:
        return {"kind": self.kind, "rule": self.rule, "data": self.data}

    def narrate(self, lang: str = "en") -> str:
        return narrate(self, lang)


def register_narrator(game: str, narrator: Callable[[Event, str], str]) -> None:
    _NARRATORS[game] = narrator


def narrate(event: Event, lang: str = "en") -> str:
    """One sentence saying what happened, in `lang`."""
    return _NARRATORS[event.game](event, lang)
