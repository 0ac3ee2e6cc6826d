"""Мяури words: refusals, event narration and score labels in English and Russian (own words, not the rulebook's)."""

from __future__ import annotations

from tutor.core import i18n
from tutor.core.events import Event, register_narrator
from tutor.core.i18n import player_name
from tutor.games.maui import components as C

KIND_NAMES = {
    "catfish": {"en": "catfish", "ru": "сомик"},
    "tiger": {"en": "tiger fish", "ru": "тигровая рыба"},
    "tuna": {"en": "emperor tuna", "ru": "императорский тунец"},
    "lantern": {"en": "lantern fish", "ru": "морской фонарик"},
    "jellyfish": {"en": "jellyfish", "ru": "медуза"},
    "seagull": {"en": "seagull", "ru": "чайка"},
}
DEPTH_NAMES = {
    "deep": {"en": "the deep", "ru": "большая глубина"},
    "middle": {"en": "the middle depth", "ru": "средняя глубина"},
    "shallow": {"en": "the shallows", "ru": "малая глубина"},
}


def kind_name(kind: str, lang: str) -> str:
    return KIND_NAMES[kind].get(lang, KIND_NAMES[kind]["en"])


def card_name(card_id, lang: str) -> str:
    if card_id is None:
        return {"en": "a face-down card", "ru": "закрытая карта"}.get(lang, "a face-down card")
    c = C.card(card_id)
    if c.kind == "seagull":
        return kind_name("seagull", lang)
    return f"{kind_name(c.kind, lang)} ({c.value:+d})" if c.value < 0 else f"{kind_name(c.kind, lang)} ({c.value})"


def depth_name(depth: str, lang: str) -> str:
    return DEPTH_NAMES[depth].get(lang, DEPTH_NAMES[depth]["en"])


# Russian needs the depth in its cases: "на большой глубине", "за большую глубину", "с большой глубины"
_RU_DEPTH = {
    "deep": {"at": "на большой глубине", "acc": "большую глубину", "from": "с большой глубины"},
    "middle": {"at": "на средней глубине", "acc": "среднюю глубину", "from": "со средней глубины"},
    "shallow": {"at": "на малой глубине", "acc": "малую глубину", "from": "с малой глубины"},
}


def _depth_forms(depth: str, lang: str) -> dict:
    if lang == "ru":
        forms = _RU_DEPTH[depth]
        return {"depth_at": forms["at"], "depth_acc": forms["acc"], "depth_from": forms["from"],
                "depth_to": "на " + forms["acc"]}
    name = depth_name(depth, lang)
    return {"depth_at": name, "depth_acc": name, "depth_from": name, "depth_to": name}


def _players(seats, lang: str) -> str:
    return ", ".join(player_name(s, lang) for s in seats)


def _players_together(seats, lang: str) -> str:
    """"Players 2 and 3", «Игроки 1, 2 и 4»: several seats named as one subject."""
    numbers = [str(s + 1) for s in seats]
    listed = numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + {"ru": " и "}.get(lang, " and ") + numbers[-1]
    return {"ru": "Игроки {n}"}.get(lang, "Players {n}").format(n=listed)


i18n.register({
    # counted words (tutor.core.i18n.plural)
    "maui.n_jellyfish": {"en": {"one": "{n} jellyfish", "other": "{n} jellyfish"},
                         "ru": {"one": "{n} медуза", "few": "{n} медузы", "many": "{n} медуз", "other": "{n} медузы"}},
    "maui.n_points": {"en": {"one": "{n} point", "other": "{n} points"},
                      "ru": {"one": "{n} очко", "few": "{n} очка", "many": "{n} очков", "other": "{n} очка"}},
    # refusals
    "maui.err.over": {"en": "The game is over: all 12 rounds have been played.",
                      "ru": "Игра окончена: все 12 раундов сыграны."},
    "maui.err.unknown_action": {"en": "{action} is not something a diver can do.",
                                "ru": "{action} — такого действия в игре нет."},
    "maui.err.no_seat": {"en": "There is no seat {seat} at a table of {players}.",
                         "ru": "За столом на {players} нет места {seat}."},
    "maui.err.await_jellyfish": {"en": "{player} must first decide about the jellyfish.",
                                 "ru": "Сначала игрок {player_plain} решает, что делать с медузами."},
    "maui.err.already_dived": {"en": "{player} has already laid a dive card this round; one card per round.",
                               "ru": "{player} уже выложил карту погружения в этом раунде; одна карта за раунд."},
    "maui.err.card_used": {"en": "{player} already used the {card} in an earlier round; each dive card is used once.",
                           "ru": "{player} уже сыграл карту {card} в одном из прошлых раундов; каждая карта "
                                 "погружения играется один раз."},
    "maui.err.no_such_card": {"en": "{player} has no dive card {card}; the cards are numbered 1 to 12.",
                              "ru": "{player}: карты погружения {card} не бывает; карты пронумерованы от 1 до 12."},
    "maui.err.no_jellyfish_offer": {"en": "{player} has no jellyfish decision to make now.",
                                    "ru": "{player} сейчас не решает судьбу медуз."},
    "maui.err.players": {"en": "Мяури needs {low} to {high} players, not {players}.",
                         "ru": "В Мяури играют от {low} до {high} человек, а не {players}."},
    "maui.err.variant": {"en": "There is no variant {variant!r}; the variants are {known}.",
                         "ru": "Варианта {variant!r} нет; есть варианты: {known}."},
    "maui.err.round": {"en": "Round {round} does not exist; there are 12 rounds.",
                       "ru": "Раунда {round} нет; раундов 12."},
    "maui.err.resolving": {"en": "This position shows a round being resolved; wait for the next deal.",
                           "ru": "Здесь раунд ещё разыгрывается; дождитесь новой раздачи."},
    "maui.err.setup": {"en": "This position cannot be set up: {problem}.",
                       "ru": "Такую позицию не расставить: {problem}."},
    # score lines
    **{f"maui.score.{k}": {"en": f"{v['en'].capitalize()} × {{count}}: {{values}}",
                           "ru": f"{v['ru'].capitalize()} × {{count}}: {{values}}"} for k, v in KIND_NAMES.items()},
})


_TEMPLATES = {
    "dive_chosen": {"en": "{player} lays a dive card face down.",
                    "ru": "{player} кладёт карту погружения лицом вниз."},
    "revealed": {"en": "Dive cards turned up: {cards}.", "ru": "Карты погружения открыты: {cards}."},
    "face_down_revealed": {"en": "The face-down card in {depth} is turned up: {card}.",
                           "ru": "Закрытая карта {depth_at} открыта: {card}."},
    "dispute": {"en": "{players_together} tie with {card} for {depth}; Kiti's {hand} hand settles it: {player} is the "
                      "nearest to it and wins.",
                "ru": "{players_together} положили одинаковые карты ({card}) и спорят за {depth_acc}: {hand} рука Кити "
                      "ближе к игроку {player_plain}, он и побеждает."},
    "tie_no_catch": {"en": "{players_together} tie with {card} for {depth}; with no fights allowed, nobody takes it and "
                           "the tied divers come up empty-handed.",
                     "ru": "{players_together} положили одинаковые карты ({card}) и спорят за {depth_acc}; без драк "
                           "рыба не достаётся никому, а спорщики остаются без улова."},
    "catch": {"en": "{player} (card {card}) takes {cards} from {depth}.",
              "ru": "{player} (карта {card}) забирает {depth_from}: {cards}."},
    "seagull_ate": {"en": "{player}'s seagull flies off with the top of the catch pile: {eaten}. Both go back "
                          "in the box.",
                    "ru": "Чайка игрока {player_plain} уносит верхнюю карту стопки улова: {eaten}. Обе карты "
                          "уходят в коробку."},
    "seagull_hungry": {"en": "{player}'s catch pile is empty, so the seagull flies off hungry.",
                       "ru": "Стопка улова игрока {player_plain} пуста, и чайка улетает голодной."},
    "empty_handed": {"en": "{player} (card {card}) catches nothing this round.",
                     "ru": "{player} (карта {card}) в этом раунде остаётся без улова."},
    "dive_discarded": {"en": "The used dive cards go face down onto their owners' discard piles.",
                       "ru": "Сыгранные карты погружения уходят лицом вниз в личный сброс."},
    "jellyfish_offer": {"en": "{player} now has {jellyfish} and may throw three of them away.",
                        "ru": "У игрока {player_plain} уже {jellyfish}, и он может выбросить три из них."},
    "jellyfish_discarded": {"en": "{player} puts three jellyfish back in the box: at the end they will not cost "
                                  "their {points_word}.",
                            "ru": "{player} убирает трёх медуз в коробку: в конце они не отнимут свои {points_word}."},
    "jellyfish_kept": {"en": "{player} keeps the jellyfish for now.",
                       "ru": "{player} пока оставляет медуз у себя."},
    "kiti_placed": {"en": "Kiti is set down on the youngest player's left; her right hand points to {player}.",
                    "ru": "Кити ставят слева от самого младшего; её правая рука обращена к игроку {player_plain}."},
    "kiti_moved": {"en": "Kiti steps one place clockwise; her right hand now points to {player}.",
                   "ru": "Кити переходит на одно место по часовой стрелке; теперь её правая рука обращена "
                         "к игроку {player_plain}."},
    "laid": {"en": "Round {round}: {card} is laid in {depth}.",
             "ru": "Раунд {round}: {depth_to} выкладывается карта: {card}."},
    "first_seagull_replaced": {"en": "A seagull turned up in {depth} in round 1: it is shuffled back into the deck "
                                     "and replaced.",
                               "ru": "В первом раунде {depth_at} открылась чайка: её замешивают обратно "
                                     "в стопку и заменяют."},
    "game_over": {"en": "Round 12 is over: the game ends and the catch piles are counted.",
                  "ru": "12-й раунд окончен: игра завершена, считаем улов."},
}

_HANDS = {"right": {"en": "right (red)", "ru": "правая (красная)"},
          "left": {"en": "left (blue)", "ru": "левая (синяя)"}}


def narrate(event: Event, lang: str = "en") -> str:
    what = event.kind.split(".", 1)[1]
    forms = _TEMPLATES[what]
    template = forms.get(lang) or forms["en"]
    d = event.data
    params = {}
    if "player" in d:
        params["player"] = player_name(d["player"], lang)
        params["player_plain"] = str(d["player"] + 1)
    if "players" in d:
        params["players"] = _players(d["players"], lang)
    if "players" in d:
        params["players_together"] = _players_together(d["players"], lang)
    if "depth" in d:
        params["depth"] = depth_name(d["depth"], lang)
        params.update(_depth_forms(d["depth"], lang))
    if "cards" in d:
        if what == "revealed":
            # "9 from Player 1", «у игрока 1 — 9»: a name and a number side by side read as one number
            form = "{c} from {p}" if lang == "en" else "у игрока {n} — {c}"
            params["cards"] = ", ".join(form.format(c=c, p=player_name(s, lang), n=s + 1)
                                        for s, c in enumerate(d["cards"]))
        else:
            params["cards"] = ", ".join(card_name(c, lang) for c in d["cards"])
    if "card" in d:
        params["card"] = d["card"] if isinstance(d["card"], int) or what == "tie_no_catch" else card_name(d["card"], lang)
    if what in ("dispute", "catch", "empty_handed"):
        params["card"] = d["card"]
    if what == "seagull_ate":
        params["eaten"] = card_name(d["card"], lang)
    if "hand" in d:
        params["hand"] = _HANDS[d["hand"]].get(lang, _HANDS[d["hand"]]["en"])
    for key in ("count", "points", "round"):
        if key in d:
            params[key] = d[key]
    if "count" in d:
        params["jellyfish"] = i18n.plural("maui.n_jellyfish", d["count"], lang)
    if "points" in d:
        params["points_word"] = i18n.plural("maui.n_points", d["points"], lang)
    return template.format(**params)


register_narrator("maui", narrate)
