"""Aqua Fest words: refusals, event narration and score labels in English and Russian (own words)."""

from __future__ import annotations

from tutor.core import i18n
from tutor.core.errors import register_param_namer
from tutor.core.events import Event, register_narrator
from tutor.core.i18n import player_name
from tutor.games.aqua_fest import components as C

SPECIES_NAMES = {
    "crab": {"en": "crab", "ru": "краб"},
    "octopus": {"en": "octopus", "ru": "осьминог"},
    "seahorse": {"en": "seahorse", "ru": "морской конёк"},
    "turtle": {"en": "turtle", "ru": "черепаха"},
    "dolphin": {"en": "dolphin", "ru": "дельфин"},
}
COLOUR_NAMES = {"white": {"en": "white", "ru": "белая"}, "pink": {"en": "pink", "ru": "розовая"},
                "black": {"en": "black", "ru": "чёрная"}}
KIND_NAMES = {"upper": {"en": "upper", "ru": "верхний"}, "lower-left": {"en": "lower left", "ru": "нижний левый"},
              "lower-right": {"en": "lower right", "ru": "нижний правый"}}
SIDE_NAMES = {"south": {"en": "south", "ru": "юг"}, "north": {"en": "north", "ru": "север"},
              "west": {"en": "west", "ru": "запад"}, "east": {"en": "east", "ru": "восток"}}


def _pick(table: dict, key: str, lang: str) -> str:
    return table[key].get(lang, table[key]["en"])


def species_name(species: str, lang: str = "en") -> str:
    return _pick(SPECIES_NAMES, species, lang)


def card_name(card_id: str, lang: str = "en") -> str:
    c = C.card(card_id)
    word = {"en": "strength", "ru": "сила"}.get(lang, "strength")
    return f"{species_name(c.species, lang)} ({word} {c.strength})"


def tile_name(tile_id, lang: str = "en") -> str:
    if tile_id is None:
        return {"en": "nothing", "ru": "ничего"}.get(lang, "nothing")
    t = C.tile(tile_id)
    if t.coral:
        return {"en": "a coral", "ru": "коралл"}.get(lang, "a coral")
    stars = "★" * t.stars
    if lang == "ru":
        return f"{_pick(KIND_NAMES, t.kind, lang)} осколок {stars}, {_pick(COLOUR_NAMES, t.colour, lang)} жемчужина"
    return f"{_pick(KIND_NAMES, t.kind, lang)} fragment {stars}, {_pick(COLOUR_NAMES, t.colour, lang)} pearl"


def refusal_names(params: dict, lang: str) -> dict:
    """A refusal's card and species as a player names them (registered with tutor.core.errors)."""
    out = dict(params)
    card = params.get("card")
    if isinstance(card, str) and card in C.CARDS:
        out["card"] = card_name(card, lang)
        out["card_species"] = species_name(C.card(card).species, lang)
        out["card_species_cap"] = out["card_species"][:1].upper() + out["card_species"][1:]
    for key in ("species", "first"):
        if params.get(key) in SPECIES_NAMES:
            out[key] = species_name(params[key], lang)
    return out


register_param_namer("aqua_fest", refusal_names)


def cell_name(cell) -> str:
    r, c = cell
    return f"{'ABCDE'[c]}{r + 1}"


def beside_name(side: str, place: int) -> str:
    """The seabed cell a start tile lies beside, named like every other cell (south, 1 -> "B5")."""
    last = C.SIZE - 1
    return cell_name({"north": (0, place), "south": (last, place), "west": (place, 0), "east": (place, last)}[side])


i18n.register({
    "aqua_fest.err.over": {"en": "The game is over: every shell fragment has been collected.",
                           "ru": "Игра окончена: все осколки ракушек собраны."},
    "aqua_fest.err.unknown_action": {"en": "{action} is not something a player can do.",
                                     "ru": "{action} — такого действия в игре нет."},
    "aqua_fest.err.no_seat": {"en": "There is no seat {seat} at a table of {players}.",
                              "ru": "За столом на {players} нет места {seat}."},
    "aqua_fest.err.not_in_hand": {"en": "{player} does not hold that card: {card}.",
                                  "ru": "{player}: в руке нет карты «{card}»."},
    "aqua_fest.err.await_defence": {"en": "{player} must first answer the attack with a card.",
                                    "ru": "Сначала игрок {player_plain} отвечает на атаку картой."},
    "aqua_fest.err.no_battle": {"en": "{player} is not being attacked.", "ru": "{player} сейчас не атакован."},
    "aqua_fest.err.not_your_turn": {"en": "It is {turn_player}'s turn, not {player}'s.",
                                    "ru": "Сейчас ходит игрок {turn_player_plain}, а не игрок {player_plain}."},
    "aqua_fest.err.end_without_move": {"en": "{player} has neither moved nor attacked: a turn is either a move (then draw one) "
                                             "or drawing two cards.",
                                       "ru": "{player} ещё не перемещался: ход — это либо перемещение (потом одна "
                                             "карта), либо взять две карты."},
    "aqua_fest.err.alone_played": {"en": "{player} played a card that must be played alone; no second move "
                                         "this turn.",
                                   "ru": "{player} сыграл карту, которая играется одна; второго перемещения в "
                                         "этот ход нет."},
    "aqua_fest.err.two_moves": {"en": "{player} has already moved twice; two cards per turn at most.",
                                "ru": "{player} уже переместился дважды; больше двух карт за ход нельзя."},
    "aqua_fest.err.alone_second": {"en": "The {card_species} card is always played alone, so it cannot be the second card "
                                         "of a turn.",
                                   "ru": "Карта «{card_species}» всегда играется одна: второй картой хода её не "
                                         "сыграть."},
    "aqua_fest.err.species": {"en": "The second card of a turn must be the same species as the first ({first}), "
                                    "not {species}.",
                              "ru": "Вторая карта хода должна быть того же вида, что и первая ({first}), а не "
                                    "{species}."},
    "aqua_fest.err.off_board": {"en": "{player} must stay on the seabed.", "ru": "{player} должен оставаться на поле."},
    "aqua_fest.err.stop_coral": {"en": "{player} cannot stop on a coral.", "ru": "{player} не может остановиться на коралле."},
    "aqua_fest.err.stop_pawn": {"en": "{player} cannot stop where {other_player}'s pawn stands.",
                                "ru": "{player} не может остановиться там, где стоит фишка игрока {other_player_plain}."},
    "aqua_fest.err.path_blocked": {"en": "A coral or a pawn blocks the way, and the {card_species} cannot pass over "
                                         "obstacles.",
                                   "ru": "Путь преграждает коралл или фишка, а {card_species} не умеет их "
                                         "перепрыгивать."},
    "aqua_fest.err.out_of_reach": {"en": "The {card_species} cannot reach {cell} from where {player} stands.",
                                   "ru": "{card_species_cap} не достаёт до {cell} оттуда, где стоит игрок {player_plain}."},
    "aqua_fest.err.attack_self": {"en": "{player} cannot attack themselves.", "ru": "{player} не может атаковать себя."},
    "aqua_fest.err.target_home": {"en": "{target_player} stands on a start tile and cannot be attacked.",
                                  "ru": "{target_player} стоит на стартовом тайле, его нельзя атаковать."},
    "aqua_fest.err.already_placed": {"en": "The start tiles are laid once, before the first turn; {player} "
                                           "can move theirs later by drawing two cards.",
                                     "ru": "Стартовые тайлы кладут один раз, до первого хода; позже игрок {player_plain} "
                                           "может сдвинуть свой, взяв две карты."},
    "aqua_fest.err.still_placing": {"en": "Play starts once every start tile is laid; {player} lays theirs now.",
                                    "ru": "Игра начнётся, когда разложены все стартовые тайлы; сейчас кладёт "
                                          "игрок {player_plain}."},
    "aqua_fest.err.place_in_turn": {"en": "Start tiles are laid in turn: now it is {turn_player}, not {player}.",
                                    "ru": "Стартовые тайлы кладут по очереди: сейчас кладёт игрок "
                                          "{turn_player_plain}, а не игрок {player_plain}."},
    "aqua_fest.err.not_adjacent": {"en": "{target_player} is not next to {player} (in any of the 8 directions).",
                                   "ru": "{target_player} не стоит рядом с игроком {player_plain} (ни в одном из 8 "
                                         "направлений)."},
    "aqua_fest.err.target_no_cards": {"en": "{target_player} has no cards, and a battle needs a card from each.",
                                      "ru": "У игрока {target_player_plain} нет карт, а в сражении нужна карта от каждого."},
    "aqua_fest.err.draw_two_after_attack": {"en": "{player} has attacked this turn: the turn goes on with a move or "
                                                  "another attack, or ends by drawing one card.",
                                            "ru": "{player} уже атаковал в этот ход: дальше можно переместиться, "
                                                  "атаковать ещё раз или закончить ход, взяв одну карту."},
    "aqua_fest.err.draw_two_after_move": {"en": "{player} has moved this turn, so the turn ends by drawing one card.",
                                          "ru": "{player} уже перемещался в этот ход, поэтому ход кончается одной "
                                                "картой."},
    "aqua_fest.err.home_place": {"en": "A start tile lies beside one of the five cells of its side (1..5).",
                                 "ru": "Стартовый тайл кладут у одной из пяти клеток своей стороны (1..5)."},
    "aqua_fest.err.players": {"en": "Aqua Fest needs {low} to {high} players, not {players}.",
                              "ru": "В Aqua Fest играют от {low} до {high} человек, а не {players}."},
    "aqua_fest.err.setup": {"en": "This position cannot be set up: {problem}.",
                            "ru": "Такую позицию не расставить: {problem}."},
    "aqua_fest.score.ordinary": {"en": "Ordinary shell: {stars}", "ru": "Обычная ракушка: {stars}"},
    "aqua_fest.score.rare": {"en": "Rare shell: {stars}", "ru": "Редкая ракушка: {stars}"},
    "aqua_fest.score.unique": {"en": "Unique shell: {stars}", "ru": "Уникальная ракушка: {stars}"},
    "aqua_fest.score.shape": {"en": "  + rare shape", "ru": "  + редкая форма"},
    # one entry per colour: the colour is a word of the sentence, agreed in each language (not a raw id)
    **{f"aqua_fest.score.pearl.{c}": {"en": f"  + whole {names['en']} pearl",
                                       "ru": f"  + целая {names['ru']} жемчужина"} for c, names in COLOUR_NAMES.items()},
    "aqua_fest.score.unused": {"en": "Fragments in no whole shell: {count}", "ru": "Осколков вне целых ракушек: {count}"},
    # counted words (tutor.core.i18n.plural): what a player takes ("draws 2 cards") and what a pile holds
    "aqua_fest.cards_taken": {"en": {"one": "{n} card", "other": "{n} cards"},
                              "ru": {"one": "{n} карту", "few": "{n} карты", "many": "{n} карт", "other": "{n} карты"}},
    "aqua_fest.cards_held": {"en": {"one": "{n} card", "other": "{n} cards"},
                             "ru": {"one": "{n} карта", "few": "{n} карты", "many": "{n} карт", "other": "{n} карты"}},
    "aqua_fest.score.bonus": {"en": "Bonus token {value}", "ru": "Жетон дополнительных баллов {value}"},
})

_T = {
    "card_played": {"en": "{player} plays {card}.", "ru": "{player} играет карту: {card}."},
    "moved": {"en": "{player}'s pawn moves from {frm} to {to}.", "ru": "Фишка игрока {player_plain} идёт {frm_ru} на {to}."},
    "collected": {"en": "{player} takes {tiles} from {cell}{beneath}.", "ru": "{player} забирает с {cell}: {tiles}{beneath}."},
    "start_tile_kept": {"en": "{player} is back on {cell}, where the turn began: the tile there is not taken.",
                        "ru": "{player} вернулся на {cell}, где начал ход: тайл там не забирают."},
    "empty_seabed": {"en": "{player} stops on empty seabed at {cell}: nothing to take.",
                     "ru": "{player} останавливается на пустом дне {cell}: забрать нечего."},
    "tile_turned": {"en": "The pawn has left {cell}: the lower tile there turns face up ({tile}).",
                    "ru": "Фишка ушла с {cell}: нижний тайл переворачивается ({tile})."},
    "attack": {"en": "{player} attacks {target}: both lay a card face down.",
               "ru": "{player} атакует игрока {target_plain}: оба кладут карту рубашкой вверх."},
    "battle_revealed": {"en": "Cards up: {player} {attack_card} against {target} {defence_card}.",
                        "ru": "Карты открыты: {player} — {attack_card}, {target} — {defence_card}."},
    "battle_won": {"en": "{player} wins{prize} and sends {loser} home.",
                   "ru": "{player} побеждает{prize} и отправляет игрока {loser_plain} домой."},
    "battle_tied": {"en": "Equal strength: both pawns go home; both cards are discarded.",
                    "ru": "Сила равна: обе фишки возвращаются на стартовые тайлы, карты уходят в сброс."},
    "drew": {"en": "{player} draws {cards_taken}.", "ru": "{player} берёт {cards_taken}."},
    "went_home": {"en": "{player} returns home and slides the start tile along the {side} side to {beside}.",
                  "ru": "{player} возвращается на стартовый тайл и сдвигает его вдоль своей стороны ({side}) к "
                        "клетке {beside}."},
    "reshuffled": {"en": "The deck is empty: the discard pile ({cards_held}) is shuffled into a new deck.",
                   "ru": "Колода кончилась: сброс ({cards_held}) перемешан в новую колоду."},
    "turn": {"en": "{player}'s turn.", "ru": "Ход игрока {player_plain}."},
    "start_placed": {"en": "{player} lays the start tile on the {side} side, beside {beside}, and puts the "
                           "pawn on it.",
                     "ru": "{player} кладёт стартовый тайл на своей стороне ({side}) у клетки {beside} и ставит на "
                           "него фишку."},
    "game_over": {"en": "The last fragment is collected: the game ends and shells are counted.",
                  "ru": "Последний осколок собран: игра окончена, считаем ракушки."},
}


def narrate(event: Event, lang: str = "en") -> str:
    what = event.kind.split(".", 1)[1]
    forms = _T[what]
    template = forms.get(lang) or forms["en"]
    d = event.data
    p = {}
    for key in ("player", "target", "loser"):
        if key in d:
            p[key] = player_name(d[key], lang)
            p[f"{key}_plain"] = str(d[key] + 1)
    if "card" in d:
        p["card"] = card_name(d["card"], lang)
    for key in ("attack_card", "defence_card"):
        if key in d:
            p[key] = card_name(d[key], lang)
    if "from" in d:
        p["frm"] = cell_name(d["from"]) if 0 <= d["from"][0] < C.SIZE and 0 <= d["from"][1] < C.SIZE else \
            {"en": "the start tile", "ru": "стартового тайла"}.get(lang, "the start tile")
        p["frm_ru"] = f"с {p['frm']}" if p["frm"] != "стартового тайла" else "со стартового тайла"
    if "to" in d:
        p["to"] = cell_name(d["to"])
    if "cell" in d:
        p["cell"] = cell_name(d["cell"])
    if "tiles" in d:
        p["tiles"] = "; ".join(tile_name(t, lang) for t in d["tiles"])
    if "tile" in d:
        p["tile"] = tile_name(d["tile"], lang)
    if what == "collected":
        below = d.get("beneath")
        if below is None:     # hidden from this reader: only the taker knows what lay beneath
            p["beneath"] = {"en": ", and the face-down tile beneath it", "ru": " и закрытый тайл под ним"}.get(lang, "")
        elif below:
            p["beneath"] = {"en": ", and beneath it ", "ru": ", а под ним — "}.get(lang, ", ") + \
                "; ".join(tile_name(t, lang) for t in below)
        else:
            p["beneath"] = ""
    if what == "battle_won":
        if not d.get("took"):
            p["prize"] = {"en": " (the loser has no fragments to give)",
                          "ru": " (у проигравшего нет осколков)"}.get(lang, "")
        elif d.get("tile") is None:
            p["prize"] = {"en": ", takes one of the loser's fragments at random",
                          "ru": ", забирает случайный осколок проигравшего"}.get(lang, "")
        else:
            p["prize"] = {"en": ", takes a random fragment ({t})", "ru": ", забирает случайный осколок ({t})"}.get(
                lang, "").format(t=tile_name(d["tile"], lang))
    if "side" in d:
        p["side"] = _pick(SIDE_NAMES, d["side"], lang)
    if "place" in d:
        p["place"] = d["place"] + 1
        if "side" in d:
            p["beside"] = beside_name(d["side"], d["place"])
    for key in ("count", "cards"):
        if key in d and not isinstance(d[key], list):
            p[key] = d[key]
    if what == "drew":
        p["cards_taken"] = i18n.plural("aqua_fest.cards_taken", d["count"], lang)
    if what == "reshuffled" and isinstance(d.get("cards"), int):
        p["cards_held"] = i18n.plural("aqua_fest.cards_held", d["cards"], lang)
    return template.format(**p)


register_narrator("aqua_fest", narrate)
