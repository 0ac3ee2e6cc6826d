"""Events: what an action caused, each citing the rule behind it, with data to narrate in any language."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional


@dataclass(frozen=True)
class Event:
    """`kind` is "<game>.<what>"; `rule` a section id; `data` plain JSON values.

    `private` names data keys only some seats may know: ((key, (seat, ...)), ...). A card drawn from
    the deck is known to its drawer alone; `for_viewer` blanks such keys for everyone else, so a
    widget that narrates events to one player cannot leak what their view hides. An empty value is
    not blanked: everyone saw that nothing was there.
    """

    kind: str
    rule: str
    data: dict[str, Any] = field(default_factory=dict, hash=False)
    private: tuple[tuple[str, tuple[int, ...]], ...] = field(default=(), hash=False)

    def for_viewer(self, viewer: Optional[int]) -> "Event":
        """The event as `viewer` may know it (None: the teacher, who knows everything)."""
        if viewer is None or not self.private:
            return self
        hidden = {key for key, seats in self.private if viewer not in seats}
        if not hidden:
            return self
        # what a thing is may be hidden, never whether there is one: an empty list stays visibly empty, so
        # None always stands for something this viewer may not see (a narrator may say "a face-down tile")
        data = {k: (None if k in hidden and not _empty(v) else v) for k, v in self.data.items()}
        return Event(self.kind, self.rule, data, ())

    @property
    def game(self) -> str:
        return self.kind.split(".", 1)[0]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "data": self.data}
        if self.private:
            out["private"] = {key: list(seats) for key, seats in self.private}
        return out

    def narrate(self, lang: str = "en") -> str:
        return narrate(self, lang)


def _empty(value: Any) -> bool:
    """Nothing to hide: an empty list, tuple or mapping."""
    return isinstance(value, (list, tuple, dict)) and not value


def for_viewer(events: Iterable[Event], viewer: Optional[int]) -> list[Event]:
    return [e.for_viewer(viewer) for e in events]


def narrate(event: Event, lang: str = "en") -> str:
    """One sentence saying what happened, in `lang` (the game's own narrator, GameSpec.narrate)."""
    from tutor.core.game import spec
    return spec(event.game).narrate(event, lang)
