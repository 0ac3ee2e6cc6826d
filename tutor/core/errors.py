"""The two refusals: an illegal action (RuleViolation) and a malformed saved position (SavedStateError)."""

from __future__ import annotations

from typing import Any, Callable, Optional

# a game's GameSpec.name_params: (params, lang) -> params with its components named as a player says them
Namer = Callable[[dict[str, Any], str], dict[str, Any]]


class RuleViolation(ValueError):
    """An action the rules forbid. Carries the rule reference and a plain reason in any language.

    The message template lives in the i18n catalogue under `key`; `params` fill it.
    """

    def __init__(self, rule: str, key: str, **params: Any) -> None:
        self.rule = rule
        self.key = key
        self.params = params
        super().__init__(rule, key)

    def __str__(self) -> str:
        # worded only when read: engines refuse thousands of candidate moves in a search or a test
        return self.explain("en")

    def reason(self, lang: str = "en") -> str:
        from tutor.core.i18n import text
        params = _localise(self.params, lang)
        namer = _namer(self.key.split(".", 1)[0])
        if namer is not None:
            params = namer(params, lang)
        said = text(self.key, lang, **params)
        return said[:1].upper() + said[1:]          # a sentence, even when it opens with a named piece

    def explain(self, lang: str = "en") -> str:
        """The reason followed by the rulebook section that forbids the action."""
        from tutor.core.i18n import text
        from tutor.core.rules import cite, in_brackets
        return f"{self.reason(lang)} ({text('core.cite', lang, title=in_brackets(cite(self.rule, lang)))})"


class SavedStateError(ValueError):
    """A saved position (JSON) that is not a valid state; the message says what is wrong.

    `problem` is a text, or Words (tutor.core.wording) that say it in the reader's language: `reason(lang)`.
    `.problem` and str() are the English."""

    def __init__(self, problem: Any) -> None:
        self.words = problem
        self.problem = str(problem)
        super().__init__(f"This saved position cannot be loaded: {self.problem}")

    def reason(self, lang: str = "en") -> str:
        """What is wrong, in `lang` (a game's own checks may give English text only)."""
        from tutor.core.wording import say
        return say(self.words, lang)


def _namer(game_id: str) -> Optional[Namer]:
    """The game's GameSpec.name_params: `namer(params, lang) -> params` names its components in its refusals as a
    player says them (a card id in the engine, "crab (strength 4)" to the learner): no internal id reaches a
    learner. A key outside any game (core.*) has none."""
    from tutor.core.game import UnknownGame, spec
    try:
        return spec(game_id).name_params
    except UnknownGame:
        return None


def _localise(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Seats become "Player N" in the reader's language (and `<name>_plain` the bare number N, for a
    sentence that names the player mid-way: «где стоит игрок 1»); Words (and any function of the language) are
    said in it; everything else passes through."""
    from tutor.core.i18n import player_name, player_plain
    from tutor.core.wording import Words, say
    out: dict[str, Any] = {}
    for name, value in params.items():
        if (name == "player" or name.endswith("_player")) and isinstance(value, int):
            out[name] = player_name(value, lang)
            out[f"{name}_plain"] = player_plain(value, lang)
        elif isinstance(value, Words) or (callable(value) and not isinstance(value, type)):
            out[name] = say(value, lang)
        else:
            out[name] = value
    return out
