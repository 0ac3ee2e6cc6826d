"""Generic widgets over any engine: the scenario player, quizzes, the play table (per-game sandboxes live
with their games and are found through each game's SPEC.ui).

Data flows one way: engine -> renderer -> widget. A widget never decides a rule; it asks the engine
(`legal_actions`, `apply`) and shows the engine's refusals (`RuleViolation.explain`).
"""

from tutor.widgets.common import ErrorArea, guard
from tutor.widgets.scenario import ScenarioPlayer

__all__ = ["ErrorArea", "guard", "ScenarioPlayer", "Quiz", "PlayTable"]


def __getattr__(name: str) -> type:
    # imported lazily so `tutor.widgets.common` stays light for other modules
    if name == "Quiz":
        from tutor.widgets.quiz import Quiz
        return Quiz
    if name == "PlayTable":
        from tutor.widgets.play import PlayTable
        return PlayTable
    raise AttributeError(name)
