"""Мяури rulebook headings (the targets of every rule reference) and the tutor's rulings. Their words live in
the game's catalogue (tutor/games/maui/locale): maui.section.<slug> and maui.ruling.<slug>."""

from __future__ import annotations

from tutor.core.rules import rulings, sections

_S = [     # (slug, the heading as the rulebook prints it); the tutor's titles: maui.section.<slug>
    ("intro", "ВСТУПЛЕНИЕ"),
    ("setup", "ПОДГОТОВКА К ИГРЕ"),
    ("components", "СОСТАВ ИГРЫ"),
    ("play", "ХОД ИГРЫ"),
    ("deep", "Большая глубина"),
    ("middle", "Средняя глубина"),
    ("shallow", "Малая глубина"),
    ("information", "ОТКРЫТАЯ И ЗАКРЫТАЯ ИНФОРМАЦИЯ"),
    ("disputes", "СПОРНЫЕ СИТУАЦИИ"),
    ("end", "КОНЕЦ ИГРЫ"),
    ("example", "ПРИМЕР РАУНДА ИГРЫ"),
    ("catch-kinds", "ВИДЫ РЫБ В ЛАГУНЕ"),
    ("catfish", "Сомик"),
    ("tiger", "Тигровая рыба"),
    ("tuna", "Императорский тунец"),
    ("lantern", "Морской фонарик"),
    ("jellyfish", "Медуза"),
    ("seagull", "Чайка"),
    ("variants", "ВАРИАНТЫ ИГРЫ"),
    ("open-baskets", "ОТКРЫТЫЕ КОРЗИНЫ"),
    ("no-fights", "БЕЗ ДРАК"),
    ("rulings", "—"),
]

SECTIONS = sections("maui", _S)


# (slug, the section it concerns); each decision and its reason: maui.ruling.<slug>
_RULINGS = (
    ("player-count", "components"),
    ("seating", "disputes"),
    ("kiti-start", "setup"),
    ("resolution", "play"),
    ("laid-card-stays", "play"),
    ("first-round-seagull", "play"),
    ("lantern-reveal", "lantern"),
    ("jellyfish-choice", "jellyfish"),
    ("hidden-discards", "information"),
    ("no-fights-ties", "no-fights"),
    ("no-fights-pile", "no-fights"),
    ("open-baskets", "open-baskets"),
)
RULINGS = rulings("maui", _RULINGS)
