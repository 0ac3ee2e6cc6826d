"""Tides in words: its rulebook headings, rulings, refusals, narration and score lines."""

from tutor.core.events import register_narrator
from tutor.core.i18n import player_name, register, text
from tutor.core.rules import Ruling, Section, register_sections

SECTIONS = tuple(Section(f"tides:{slug}", heading, titles) for slug, heading, titles in (
    ("setup", "Setting up", {"en": "Setting up", "ru": "Подготовка"}),
    ("play", "Laying a card", {"en": "Laying a card", "ru": "Как выложить карту"}),
    ("reveal", "The highest takes", {"en": "The highest takes", "ru": "Старшая забирает"}),
    ("scoring", "Scoring", {"en": "Scoring", "ru": "Подсчёт очков"}),
    ("end", "End of the game", {"en": "End of the game", "ru": "Конец игры"}),
))
register_sections(SECTIONS)

RULINGS = (Ruling("tides-ties", "tides:reveal", {
    "en": "The wave cards are all different, so a round never ties.",
    "ru": "Все карты волн разные, поэтому ничьей в раунде не бывает."}),)

register({
    "tides.players": {"en": "Tides is for 2 or 3 players, not {n}.", "ru": "В «Приливы» играют вдвоём или втроём, не {n}."},
    "tides.no_variants": {"en": "Tides has no variants.", "ru": "У «Приливов» нет вариантов."},
    "tides.not_an_action": {"en": "That is not a move in Tides.", "ru": "Такого хода в «Приливах» нет."},
    "tides.over": {"en": "The game is over.", "ru": "Игра окончена."},
    "tides.no_such_player": {"en": "There is no player {n} at this table.", "ru": "За этим столом нет игрока {n}."},
    "tides.already_laid": {"en": "{player} has already laid a card this round.",
                           "ru": "{player} уже выложил карту в этом раунде."},
    "tides.not_in_hand": {"en": "{player} does not hold the {card}.", "ru": "У игрока {player_plain} нет карты {card}."},
    "tides.laid": {"en": "{player} lays a card face down.", "ru": "{player} кладёт карту рубашкой вверх."},
    "tides.laid.own": {"en": "{player} lays the {card} face down.", "ru": "{player} кладёт {card} рубашкой вверх."},
    "tides.revealed": {"en": "The cards are turned up: {cards}.", "ru": "Карты открыты: {cards}."},
    "tides.took": {"en": "{player} has the highest card and takes {cards} ({points} points).",
                   "ru": "У игрока {player_plain} старшая карта: он забирает {cards} ({points} очк.)."},
    "tides.score.card": {"en": "wave {card}", "ru": "волна {card}"},
    "tides.card": {"en": "{card}", "ru": "{card}"},
    "tides.title": {"en": "Tides", "ru": "Приливы"},
})


def narrate(event, lang: str) -> str:
    d = event.data
    kind = event.kind.split(".", 1)[1]
    if kind == "laid":
        if d.get("card") is None:
            return text("tides.laid", lang, player=player_name(d["player"], lang))
        return text("tides.laid.own", lang, player=player_name(d["player"], lang), card=d["card"])
    if kind == "revealed":
        return text("tides.revealed", lang, cards=", ".join(map(str, d["cards"])))
    return text("tides.took", lang, player=player_name(d["player"], lang), player_plain=d["player"] + 1,
                cards=", ".join(map(str, d["cards"])), points=d["points"])


register_narrator("tides", narrate)
