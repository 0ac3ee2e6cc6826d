"""Мяури rulebook headings (the targets of every rule reference) and the tutor's rulings."""

from __future__ import annotations

from tutor.core.rules import Ruling, Section, register_sections

_S = [
    ("intro", "ВСТУПЛЕНИЕ", "Story and goal", "Вступление"),
    ("setup", "ПОДГОТОВКА К ИГРЕ", "Setting up", "Подготовка к игре"),
    ("components", "СОСТАВ ИГРЫ", "Components", "Состав игры"),
    ("play", "ХОД ИГРЫ", "Playing a round", "Ход игры"),
    ("deep", "Большая глубина", "The deep", "Большая глубина"),
    ("middle", "Средняя глубина", "The middle depth", "Средняя глубина"),
    ("shallow", "Малая глубина", "The shallows", "Малая глубина"),
    ("information", "ОТКРЫТАЯ И ЗАКРЫТАЯ ИНФОРМАЦИЯ", "Open and hidden information",
     "Открытая и закрытая информация"),
    ("disputes", "СПОРНЫЕ СИТУАЦИИ", "Disputes and Kiti", "Спорные ситуации"),
    ("end", "КОНЕЦ ИГРЫ", "End of the game", "Конец игры"),
    ("example", "ПРИМЕР РАУНДА ИГРЫ", "A worked round", "Пример раунда игры"),
    ("catch-kinds", "ВИДЫ РЫБ В ЛАГУНЕ", "What lives in the lagoon", "Виды рыб в лагуне"),
    ("catfish", "Сомик", "Catfish", "Сомик"),
    ("tiger", "Тигровая рыба", "Tiger fish", "Тигровая рыба"),
    ("tuna", "Императорский тунец", "Emperor tuna", "Императорский тунец"),
    ("lantern", "Морской фонарик", "Lantern fish", "Морской фонарик"),
    ("jellyfish", "Медуза", "Jellyfish", "Медуза"),
    ("seagull", "Чайка", "Seagull", "Чайка"),
    ("variants", "ВАРИАНТЫ ИГРЫ", "Variants", "Варианты игры"),
    ("open-baskets", "ОТКРЫТЫЕ КОРЗИНЫ", "Variant: open baskets", "Вариант «Открытые корзины»"),
    ("no-fights", "БЕЗ ДРАК", "Variant: no fights", "Вариант «Без драк»"),
    ("rulings", "—", "The tutor's rulings", "Решения тьютора"),
]

SECTIONS = tuple(
    Section(f"maui:{slug}", heading, {"en": en, "ru": ru, "uk": ru}) for slug, heading, en, ru in _S
)
register_sections(SECTIONS)


def _r(slug, rule, en, ru):
    return Ruling(f"maui/{slug}", f"maui:{rule}", {"en": en, "ru": ru})


RULINGS = (
    _r("player-count", "components",
       "3 to 6 players. The box holds six dive sets, so six is the most. With two players one lagoon "
       "cell could never be emptied, yet a round only ends when all three catch cards are taken, so "
       "the tutor needs at least three.",
       "От 3 до 6 игроков. В коробке шесть наборов карт погружения, поэтому больше шести нельзя. "
       "Вдвоём одна ячейка лагуны оставалась бы полной, а раунд кончается, только когда разобраны "
       "все три карты улова, поэтому нужно не меньше трёх."),
    _r("seating", "disputes",
       "Players are numbered clockwise. Kiti stands between two neighbours and faces the lagoon, so her "
       "right hand (red) points counter-clockwise and her left hand (blue) clockwise. 'Nearest to the "
       "right hand' means the first tied player met going counter-clockwise from her. This is the "
       "geometry of the rulebook's worked round: with Kiti's right hand toward player 1, the order is "
       "1, 4, 3, 2.",
       "Игроки пронумерованы по часовой стрелке. Кити стоит между двумя соседями лицом к лагуне, "
       "поэтому её правая (красная) рука смотрит против часовой стрелки, а левая (синяя) — по часовой. "
       "«Ближе к правой руке» значит: первый из спорящих, если идти от Кити против часовой стрелки. "
       "Именно так устроен пример раунда из правил: если правая рука Кити обращена к игроку 1, "
       "порядок такой: 1, 4, 3, 2."),
    _r("kiti-start", "setup",
       "Kiti starts on the left-hand side of the youngest player, which puts her right hand toward that "
       "player. Unless told who is youngest, the tutor takes player 1.",
       "Кити начинает слева от самого младшего игрока, и её правая рука обращена к нему. Если не "
       "сказано, кто младший, тьютор считает младшим игрока 1."),
    _r("resolution", "play",
       "The deep goes to the highest card, the middle to the highest card among those still without a "
       "catch, the shallows to the lowest card among those still without a catch. The worked round "
       "shows this: a player with a 9 who lost both disputes gets nothing while the 6 takes the shallows.",
       "Большая глубина достаётся самой большой карте, средняя — самой большой среди тех, кто ещё без "
       "улова, малая — самой маленькой среди тех, кто ещё без улова. Так в примере раунда: игрок с "
       "девяткой, проигравший оба спора, остаётся ни с чем, а шестёрка забирает малую глубину."),
    _r("first-round-seagull", "play",
       "In round 1 a seagull turned face up is replaced by the next card and shuffled back into the "
       "catch deck; if the replacement is a seagull too, the same happens again. Later rounds keep "
       "seagulls.",
       "В первом раунде открытую чайку заменяют следующей картой и замешивают в стопку улова; если "
       "и замена — чайка, повторяют. В остальных раундах чайки остаются."),
    _r("lantern-reveal", "lantern",
       "The face-down card laid where a lantern fish was is turned up when the dive cards are revealed. "
       "Only the diver who took the lantern fish may look at it before choosing. A lantern fish taken "
       "in round 12 has no effect, since no card is laid after it.",
       "Закрытую карту, лёгшую на место морского фонарика, открывают вместе с картами погружения. До "
       "выбора её может посмотреть только тот, кто забрал фонарик. Фонарик, взятый в 12-м раунде, "
       "ничего не даёт: после него карт уже не выкладывают."),
    _r("jellyfish-choice", "jellyfish",
       "When a catch leaves three or more jellyfish in a pile, the owner decides at the end of that "
       "round's dive whether to discard three of them (the three with the biggest penalties). Saying no stands until "
       "another jellyfish arrives. The bots always discard.",
       "Когда после улова в стопке три медузы или больше, владелец в конце раунда решает, сбросить ли "
       "три из них (самые дорогие по штрафу). Отказ действует, пока не придёт ещё одна медуза. Боты "
       "всегда сбрасывают."),
    _r("hidden-discards", "information",
       "Used dive cards lie face down, but a player always knows the cards still in their own hand, so "
       "the tutor shows each player their remaining hand and only a count of anyone's used cards.",
       "Сыгранные карты погружения лежат лицом вниз, но игрок всегда знает, какие карты остались у "
       "него в руке, поэтому тьютор показывает игроку его руку, а сыгранные карты — только числом."),
    _r("no-fights-ties", "no-fights",
       "Without Kiti, divers who tie for a depth all come up empty-handed and do not go on to dispute "
       "the next depth; the next depth goes to the next card in the order. The untouched cell keeps its "
       "card and the next round's card is laid on top.",
       "Без Кити ныряльщики, сыгравшие одинаковые карты за одну ячейку, остаются без улова и не "
       "спорят за следующую глубину: её получает следующая по порядку карта. Нетронутая ячейка "
       "сохраняет карту, а карта следующего раунда кладётся сверху."),
    _r("no-fights-pile", "no-fights",
       "A diver who empties a cell holding several cards puts them on the catch pile oldest first. A "
       "seagull among them takes away whatever is on top of the pile at that moment. A lantern fish "
       "among them makes the next card in that cell face down. Cards still in the lagoon after round 12 "
       "score nothing.",
       "Ныряльщик, забирающий несколько карт из ячейки, кладёт их в стопку улова начиная с самой "
       "старой. Чайка среди них уносит верхнюю карту стопки в этот момент. Фонарик среди них делает "
       "следующую карту в этой ячейке закрытой. Карты, оставшиеся в лагуне после 12-го раунда, "
       "очков не приносят."),
    _r("open-baskets", "open-baskets",
       "With open baskets every player sees every used dive card and every catch pile in full, in order.",
       "В «Открытых корзинах» все видят все сыгранные карты погружения и все стопки улова целиком и "
       "по порядку."),
)
