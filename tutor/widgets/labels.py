"""How the generic play table asks a game about its buttons: labels, tooltips, which actions to offer,
the bots' move, a tie-break note and advice for the seat to move. Each answer comes from the game's own parts
(`SPEC.ui`, `SPEC.bots`); a game that offers none gets plain defaults.

A hook never decides a rule: offered actions that are not in `legal_actions` are still sent to the
engine, which refuses them with its own explanation (a used dive card is a teaching moment).
"""

from __future__ import annotations

from typing import Any

from tutor.core import session as _session
from tutor.core.game import AnySpec


def action_label(game: AnySpec, action: Any, lang: str = "en") -> str:
    fn = game.parts().action_label
    return fn(action, lang) if fn else str(action)


def action_tip(game: AnySpec, action: Any, lang: str = "en", legal: bool = True) -> str:
    fn = game.parts().action_tip
    return fn(action, lang, legal) if fn else action_label(game, action, lang)


def offered_actions(game: AnySpec, state: Any, seat: int) -> list[Any]:
    fn = game.parts().offered_actions
    return list(fn(state, seat)) if fn else list(game.legal_actions(state, seat))


# a legal action for a bot seat: the game's own simple player, or a seeded random choice (the session's)
bot_action = _session.bot_action


def tiebreak_note(game: AnySpec, state: Any, lang: str = "en") -> str:
    """A line under the score table explaining a tie-break, or ""."""
    fn = game.parts().tiebreak_note
    return fn(state, lang) if fn else ""


def advice(game: AnySpec, state: Any, seat: int, lang: str = "en") -> str:
    """HTML the game shows under the board for `seat`, the seat to move (built from what that seat may know;
    the game escapes its own words), or "" for none."""
    fn = game.parts().advice
    return (fn(state, seat, lang) or "") if fn else ""
