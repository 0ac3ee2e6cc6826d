"""Козырные киты rulebook headings (the targets of every rule reference) and the tutor's rulings. Their words live
in the game's catalogue (tutor/games/trump_whales/locale): trump_whales.section.<slug> and
trump_whales.ruling.<slug>."""

from __future__ import annotations

from tutor.core.rules import rulings, sections

_S = [     # (slug, the heading as the rulebook prints it); the tutor's titles: trump_whales.section.<slug>
    ("components", "СОСТАВ ИГРЫ"),
    ("setup", "ПОДГОТОВКА К ИГРЕ"),
    ("goal", "ЦЕЛЬ И ОПИСАНИЕ ИГРЫ"),
    ("turn", "ХОД ИГРЫ"),
    ("follow", "2. Игроки по очереди по часовой стрелке"),
    ("five", "ПЯТЁРКА!"),
    ("trick", "3. Когда все игроки сыграли по 1 карте"),
    # the rulebook prints "ЖЕТОН НА СТОРОНЕ" twice, each beside a picture of the token's side; the side is quoted
    # „…“, as Russian quotes inside «…» (the heading is cited in «»)
    ("token-9", "ЖЕТОН НА СТОРОНЕ „9“"),
    ("token-1", "ЖЕТОН НА СТОРОНЕ „1“"),
    ("reward", "4. Игрок-победитель выбирает среди карт"),
    ("next-leader", "5. Игрок-победитель начинает следующую взятку."),
    ("five-exception", "ИСКЛЮЧЕНИЕ: ПЯТЁРКА!"),
    ("round-end", "6. Раунд заканчивается"),
    ("game-end", "КОНЕЦ ИГРЫ"),
    ("example", "ПРИМЕР ВЗЯТКИ"),
    ("bonuses", "ЭФФЕКТЫ БОНУСОВ"),
    # the rulebook prints «ПОМЕНИЙТЕ»: cited corrected (a "[sic]" showed in every trump-change line at the table),
    # the misprint said once, where the lesson teaches the bonus
    ("bonus-trump", "ПОМЕНЯЙТЕ КОЗЫРНОГО КИТА"),
    ("bonus-flip", "ПЕРЕВЕРНИТЕ ЖЕТОН НОМИНАЛА"),
    ("bonus-plus", "ПОЛУЧИТЕ 1 ПОБЕДНОЕ ОЧКО"),
    ("rulings", "—"),
]

SECTIONS = sections("trump_whales", _S)

# (slug, the section it concerns); each decision and its reason: trump_whales.ruling.<slug>
_RULINGS = (
    ("first-player", "setup"),
    ("first-bonus-together", "setup"),
    ("open-and-hidden", "components"),
    ("bonus-own-turn", "bonuses"),
    ("bonus-next-trick", "bonuses"),
    ("trump-bonus-same-family", "bonus-trump"),
    ("led-five-follow", "five"),
    ("five-joins-trump", "five"),
    ("tied-fives", "five"),
    ("winner-at-last-card", "trick"),
    ("not-own-card", "reward"),
    ("pearl-cards-taken", "reward"),
    ("short-reward", "reward"),
    ("several-fives", "five-exception"),
    ("last-trick-no-leader", "five-exception"),
    ("bonuses-not-kept", "round-end"),
    ("tie-another-round", "game-end"),
)
RULINGS = rulings("trump_whales", _RULINGS)
