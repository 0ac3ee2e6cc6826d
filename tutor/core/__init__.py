"""The engine contract every game follows, and the pieces all games share."""

from tutor.core.errors import RuleViolation, SavedStateError
from tutor.core.events import Event
from tutor.core.rules import Section, Ruling, cite
from tutor.core.scoring import ScoreLine, Breakdown
from tutor.core.i18n import LANGS, text, player_name

__all__ = [
    "RuleViolation", "SavedStateError", "Event", "Section", "Ruling", "cite",
    "ScoreLine", "Breakdown", "LANGS", "text", "player_name",
]
