"""Aqua Fest rulebook headings (the targets of every rule reference) and the tutor's rulings."""

from __future__ import annotations

from tutor.core.i18n import plural_category
from tutor.core.rules import Ruling, Section, register_sections
from tutor.games.aqua_fest import components as C

_S = [
    ("contents", "Что входит в игровой набор?", "What is in the box", "Что входит в игровой набор"),
    ("goal", "Цель игры", "Goal and setting up", "Цель игры и подготовка"),
    ("tiles", "Компоненты игры", "Corals and shell fragments", "Кораллы и осколки ракушек"),
    ("shells", "Ценность ракушек", "What shells are worth", "Ценность ракушек"),
    ("cards", "Сила · Вид · Способ перемещения", "Sea-creature cards", "Карты морских жителей"),
    ("play", "Как играть?", "A turn", "Как играть"),
    ("battles", "Подводные сражения", "Underwater battles", "Подводные сражения"),
    ("attack", "Как происходит атака", "How an attack is fought", "Как происходит атака"),
    ("forbidden", "В подводном мире запрещено", "What is forbidden", "Что запрещено"),
    ("end", "Конец игры и подсчёт баллов", "End of the game", "Конец игры и подсчёт баллов"),
    ("scoring", "Как посчитать баллы", "Counting the points", "Как посчитать баллы"),
    ("rulings", "—", "The tutor's rulings", "Решения тьютора"),
]

SECTIONS = tuple(
    Section(f"aqua_fest:{slug}", heading, {"en": en, "ru": ru, "uk": ru}) for slug, heading, en, ru in _S
)
register_sections(SECTIONS)


def _cards_each_ru(n: int) -> str:
    """«по 1 карте», «по 2 карты», «по 5 карт»: the Russian plural after «по»."""
    form = {"one": "карте", "few": "карты"}.get(plural_category(n, "ru"), "карт")
    return f"по {n} {form}"


def _r(slug, rule, en, ru):
    return Ruling(f"aqua_fest/{slug}", f"aqua_fest:{rule}", {"en": en, "ru": ru})


RULINGS = (
    _r("player-count", "contents",
       "2 to 4 players: the box has four pawns, four start tiles and four bonus tokens, and each side "
       "of the seabed takes one start tile.",
       "От 2 до 4 игроков: в коробке четыре фишки, четыре стартовых тайла и четыре жетона, а на каждой "
       "стороне поля помещается один стартовый тайл."),
    _r("setup", "goal",
       "Two players sit at opposite sides (south and north); three take south, west and north. The 25 "
       "lower tiles are laid face down and the 25 upper tiles face up on them, shuffled. Then, from the "
       "first player round the table, each lays their start tile beside a cell of their side, before "
       "anyone's first turn (a lesson may set the places directly; a place not chosen is the middle "
       f"cell). Not printed in the rulebook, so assumed (see the components table): each hand starts with "
       f"{C.HAND_SIZE} cards, player 1 starts unless a lesson says otherwise, and the first player takes bonus "
       "token 1, the next 2, and so on.",
       "Двое садятся друг напротив друга (юг и север), трое — юг, запад и север. 25 нижних тайлов "
       "кладут рубашкой вверх, на них 25 верхних лицом вверх, всё перемешано. Затем, начиная с первого "
       "игрока и по кругу, каждый кладёт стартовый тайл у клетки своей стороны, до первого хода (урок "
       "может сразу задать места; невыбранное место — средняя клетка). В правилах этого нет, поэтому это "
       f"предположение (см. таблицу компонентов): в руке в начале {_cards_each_ru(C.HAND_SIZE)}, первым ходит игрок 1, "
       "если урок не назначил другого, первый игрок берёт жетон 1, следующий — 2 и так далее."),
    _r("start-cell", "forbidden",
       "The rulebook forbids taking the tile you stood on when your turn began, and nothing more: your second "
       "move may end back on that cell, but you take nothing there.",
       "Правила запрещают забирать тайл, на котором вы стояли в начале хода, и только это: второе "
       "перемещение может закончиться на этой клетке, но забрать там ничего нельзя."),
    _r("moves-on-seabed", "play",
       "Moves stay on the 5 x 5 seabed. The first step from a start tile enters the cell beside it (or "
       "a diagonal neighbour). A pawn returns home only by drawing two cards or by losing a battle.",
       "Перемещения идут только по полю 5 x 5. Первый шаг со стартового тайла ведёт на соседнюю клетку "
       "(или по диагонали). Домой фишка возвращается, только когда игрок берёт две карты или проигрывает "
       "сражение."),
    _r("straight-lines", "cards",
       "A card that moves up to N cells in any direction moves along one straight line (across, up-down or "
       "diagonal), 1 to N cells, stopping before an obstacle. The seahorse jumps like a chess knight; the dolphin may fly over "
       "corals and pawns but never stops on them. (Card movements are assumed data.)",
       "Карта, которая ходит до N клеток в любую сторону, идёт по одной прямой (по горизонтали, вертикали "
       "или диагонали) на 1–N клеток, не доходя до препятствия. Морской конёк прыгает как шахматный конь; дельфин может "
       "перелетать через кораллы и фишки, но не останавливается на них. (Движения карт — наше "
       "предположение.)"),
    _r("both-layers", "cards",
       "A card that takes both layers takes the upper tile and, if the tile beneath is a shell fragment, "
       "that one too. A coral beneath stays face down under the pawn and turns up when the pawn leaves.",
       "Карта, забирающая оба яруса, берёт верхний тайл и, если под ним осколок, его тоже. Коралл под "
       "ним остаётся закрытым под фишкой и открывается, когда фишка уходит."),
    _r("turn-over", "play",
       "When your pawn leaves a cell in any way (moving, going home, losing a battle) the face-down "
       "lower tile there turns face up. Nobody may look at it before that.",
       "Когда фишка уходит с клетки любым способом (ход, возвращение домой, проигранное сражение), "
       "закрытый нижний тайл там переворачивается. До этого его не смотрит никто."),
    _r("battle-cards", "battles",
       "A battle needs a card from each side, so a player with an empty hand cannot be attacked. Only the pawn "
       "on a start tile is safe: it cannot be attacked, but it may itself attack a pawn next to its start tile "
       "(the cell the tile lies beside, or one diagonally beside it). You may attack at any point of your turn "
       "before you draw: before a move, between moves or after them; each attack costs you a card.",
       "В сражении каждый выкладывает карту, поэтому игрока с пустой рукой атаковать нельзя. Защищена только "
       "фишка на стартовом тайле: её атаковать нельзя, но сама она может атаковать фишку рядом со своим "
       "стартовым тайлом (на клетке, у которой он лежит, или по диагонали от него). Атаковать можно в любой "
       "момент хода, пока вы не начали брать карты: до перемещения, между перемещениями или после них; "
       "каждая атака стоит карты."),
    _r("attack-then-draw", "attack",
       "After an attack your turn goes on: move, attack again, or end it by drawing one card, even if you have "
       "not moved. Drawing two cards is the other kind of turn, so it is not offered once you have attacked.",
       "После атаки ход продолжается: можно переместиться, атаковать ещё раз или закончить ход, взяв одну "
       "карту, даже если вы не перемещались. Взять две карты — это другой вид хода, после атаки его нет."),
    _r("battle-prize", "attack",
       "The winner takes one of the loser's fragments chosen at random (the tutor draws it with the "
       "game's seeded dice). A loser with no fragments gives nothing but still goes home.",
       "Победитель получает случайный осколок проигравшего (тьютор выбирает его по зерну партии). "
       "Если у проигравшего нет осколков, он ничего не отдаёт, но всё равно идёт домой."),
    _r("second-card", "play",
       "The second card must be the same species as the first. A play-alone card (the dolphin) may be "
       "neither followed nor played second.",
       "Вторая карта должна быть того же вида, что и первая. Карту «только одна за ход» (дельфин) "
       "нельзя ни дополнить второй, ни сыграть второй."),
    _r("empty-deck", "play",
       "When the deck runs out the discard pile is shuffled into a new deck; if both are empty you draw "
       "what there is.",
       "Когда колода кончается, сброс перемешивают в новую колоду; если пусты обе, берут сколько есть."),
    _r("end-at-once", "end",
       "The game ends the moment the last fragment that can still be collected is taken (fragments "
       "sealed under an upper coral never can); that turn stops there.",
       "Игра кончается в тот миг, когда забран последний осколок, который ещё можно собрать (осколки "
       "под верхним кораллом собрать нельзя); этот ход на этом завершается."),
    _r("tie", "end",
       "Equal scores are split by the strength left in hand; players still level share the victory.",
       "При равенстве очков побеждает тот, у кого больше суммарная сила карт в руке; если и она равна — "
       "победа общая."),
    _r("assembly", "shells",
       "The tutor assembles each player's fragments in the way that scores the most; a fragment can "
       "belong to one shell only.",
       "Тьютор складывает осколки игрока так, чтобы очков было больше всего; каждый осколок идёт только "
       "в одну ракушку."),
)
