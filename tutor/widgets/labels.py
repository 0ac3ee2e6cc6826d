"""Per-game hooks the generic play table needs and the engines do not provide: how an action reads
on a button, which actions to offer a seat, and how a bot picks one.

A hook never decides a rule: offered actions that are not in `legal_actions` are still sent to the
engine, which refuses them with its own explanation (a used dive card is a teaching moment). A game
module may provide `action_label(action, lang)` itself; then that wins.
"""

from __future__ import annotations

import random
from typing import Callable

from tutor.core.i18n import register, text

register({
    "ui.maui.dive": {"en": "{card}", "ru": "{card}", "uk": "{card}"},
    "ui.maui.dive.tip": {"en": "Lay dive card {card} face down", "ru": "Положить карту погружения {card}",
                         "uk": "Покласти карту занурення {card}"},
    "ui.maui.dive.used.tip": {"en": "Dive card {card} is already used", "ru": "Карта {card} уже сыграна",
                              "uk": "Карту {card} вже зіграно"},
    "ui.maui.discard": {"en": "Throw three jellyfish away", "ru": "Выбросить трёх медуз",
                        "uk": "Викинути трьох медуз"},
    "ui.maui.keep": {"en": "Keep the jellyfish", "ru": "Оставить медуз", "uk": "Залишити медуз"},
})


def _maui_label(action, lang: str) -> str:
    from tutor.games.maui import Dive, Jellyfish
    if isinstance(action, Dive):
        return text("ui.maui.dive", lang, card=action.card)
    if isinstance(action, Jellyfish):
        return text("ui.maui.discard" if action.discard else "ui.maui.keep", lang)
    return str(action)


def _maui_tip(action, lang: str, legal: bool) -> str:
    from tutor.games.maui import Dive
    if isinstance(action, Dive):
        return text("ui.maui.dive.tip" if legal else "ui.maui.dive.used.tip", lang, card=action.card)
    return _maui_label(action, lang)


def _maui_offered(game, state, seat: int) -> list:
    """Dive phase: all twelve cards, so pressing a used one lets the engine explain why not."""
    legal = game.legal_actions(state, seat)
    if legal and all(isinstance(a, game.Dive) for a in legal):
        return [game.Dive(seat, n) for n in range(1, 13)]
    return legal


def _maui_bot(game, state, seat: int, rng: random.Random):
    legal = game.legal_actions(state, seat)
    # ruling maui/jellyfish-choice: the bots always discard
    discard = [a for a in legal if isinstance(a, game.Jellyfish) and a.discard]
    if discard:
        return discard[0]
    return rng.choice(legal)


_LABELS: dict[str, Callable] = {"maui": _maui_label}
_TIPS: dict[str, Callable] = {"maui": _maui_tip}
_OFFERED: dict[str, Callable] = {"maui": _maui_offered}
_BOTS: dict[str, Callable] = {"maui": _maui_bot}


def _game_id(game) -> str:
    return getattr(game, "GAME_ID", game.__name__.rsplit(".", 1)[-1])


def action_label(game, action, lang: str = "en") -> str:
    if hasattr(game, "action_label"):
        return game.action_label(action, lang)
    fn = _LABELS.get(_game_id(game))
    return fn(action, lang) if fn else str(action)


def action_tip(game, action, lang: str = "en", legal: bool = True) -> str:
    fn = _TIPS.get(_game_id(game))
    return fn(action, lang, legal) if fn else action_label(game, action, lang)


def offered_actions(game, state, seat: int) -> list:
    fn = _OFFERED.get(_game_id(game))
    return fn(game, state, seat) if fn else list(game.legal_actions(state, seat))


def bot_action(game, state, seat: int, rng: random.Random):
    """A legal action for `seat`: the game's simple heuristic, or a seeded random choice."""
    fn = _BOTS.get(_game_id(game))
    if fn:
        return fn(game, state, seat, rng)
    return rng.choice(list(game.legal_actions(state, seat)))
