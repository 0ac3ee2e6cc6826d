"""The registry of games and the contract each one fulfils (see DESIGN.md, "Engine contract")."""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class GameInfo:
    """What the tutor knows about a game before importing it."""

    id: str                      # package name under tutor.games
    titles: dict                 # {"en": ..., "ru": ...}
    lesson_langs: tuple          # languages the lesson is written in
    ready: bool                  # False: listed on the index as "coming"
    notebook: str = ""           # notebook stem under notebooks/

    def title(self, lang: str = "en") -> str:
        return self.titles.get(lang) or self.titles["en"]


GAMES: tuple[GameInfo, ...] = (
    GameInfo("maui", {"en": "Maui", "ru": "Мяури", "uk": "Мяурі"}, ("en", "ru"), True, "maui"),
    GameInfo("aqua_fest", {"en": "Aqua Fest", "ru": "Аква Фест", "uk": "Аква Фест"}, ("en", "ru"), True,
             "aqua_fest"),
    GameInfo("sea_salt_paper", {"en": "Sea Salt & Paper", "ru": "Морская соль и бумага",
                                "uk": "Паперові океани"}, ("en", "uk"), False),
    GameInfo("trump_whales", {"en": "Trump Whales", "ru": "Козырные киты", "uk": "Козирні кити"},
             ("en", "ru"), False),
    GameInfo("isle_of_cats", {"en": "The Isle of Cats (family)", "ru": "Остров кошек (семейные правила)",
                              "uk": "Острів котів (сімейні правила)"}, ("en", "uk"), False),
)

# The functions every game package exposes at its top level.
CONTRACT = (
    "setup", "legal_actions", "apply", "score", "view", "is_over", "to_move",
    "state_from_json", "action_from_json", "render", "RULINGS", "SECTIONS",
    "check_invariants", "secrets", "candidate_actions", "winners",
)


def info(game_id: str) -> GameInfo:
    for g in GAMES:
        if g.id == game_id:
            return g
    raise KeyError(f"unknown game {game_id!r}")


def load(game_id: str) -> ModuleType:
    """The game's package, checked against the contract."""
    module = importlib.import_module(f"tutor.games.{game_id}")
    missing = [name for name in CONTRACT if not hasattr(module, name)]
    if missing:
        raise TypeError(f"tutor.games.{game_id} lacks {', '.join(missing)}")
    return module


def ready_games() -> list[str]:
    return [g.id for g in GAMES if g.ready]


def dumps(obj) -> str:
    """Canonical JSON: equal states give equal text."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
