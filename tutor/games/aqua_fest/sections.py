"""Aqua Fest rulebook headings (the targets of every rule reference) and the tutor's rulings. Their words live in
the game's catalogue (tutor/games/aqua_fest/locale): aqua_fest.section.<slug> and aqua_fest.ruling.<slug>."""

from __future__ import annotations

from tutor.core.i18n import plural
from tutor.core.rules import rulings, sections
from tutor.games.aqua_fest import components as C

_S = [     # (slug, the heading as the rulebook prints it); the tutor's titles: aqua_fest.section.<slug>
    ("contents", "Что входит в игровой набор?"),
    ("goal", "Цель игры"),
    ("tiles", "Компоненты игры"),
    ("shells", "Ценность ракушек"),
    ("cards", "Сила · Вид · Способ перемещения"),
    ("play", "Как играть?"),
    ("battles", "Подводные сражения"),
    ("attack", "Как происходит атака"),
    ("forbidden", "В подводном мире запрещено"),
    ("end", "Конец игры и подсчёт баллов"),
    ("scoring", "Как посчитать баллы"),
    ("rulings", "—"),
]

SECTIONS = sections("aqua_fest", _S)


# (slug, the section it concerns); each decision and its reason: aqua_fest.ruling.<slug>
_RULINGS = (
    ("player-count", "contents"),
    ("setup", "goal"),
    ("start-cell", "forbidden"),
    ("moves-on-seabed", "play"),
    ("straight-lines", "cards"),
    ("both-layers", "cards"),
    ("turn-over", "play"),
    ("battle-cards", "battles"),
    ("attack-then-draw", "attack"),
    ("another-player", "attack"),
    ("battle-prize", "attack"),
    ("second-card", "play"),
    ("empty-deck", "play"),
    ("end-at-once", "end"),
    ("end-unseen", "end"),
    ("tie", "end"),
    ("assembly", "shells"),
)
# the setting-up decision counts the cards a hand starts with, in the words of each language
_PARAMS = {"setup": {"hand_cards": lambda lang: plural("aqua_fest.cards_each", C.HAND_SIZE, lang)}}
RULINGS = rulings("aqua_fest", [(slug, rule, _PARAMS.get(slug, {})) for slug, rule in _RULINGS])
