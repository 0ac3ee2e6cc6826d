"""Козырные киты (HUCH! "Stichwahl", Jochen Knittel) components: the 36 whale cards with their families, values,
pearls and bonuses; the trump-whale card and the two-sided value token are the state's `trump` and `token`.

Provenance: the rulebook (../shared/rulebooks/trump-whales.ru.txt, «СОСТАВ ИГРЫ», «ПОДГОТОВКА К ИГРЕ») prints the
36 cards, the four families (косатка, нарвал, синий кит, кашалот), the values 1–4 and 6–9 per family and the four
5s that belong to no family (the project's component notes agree: 4 × 8 + 4 = 36), that each card shows pearls
and one of three bonuses, the token's sides «1» and «9», 9 cards dealt, 8 tricks, 30 points to win, and the
2-player setup without the 5s. The tutor never reads the shared folder: the facts live here.

ASSUMED (not printed in the rulebook, the tutor's choice, one place to correct): how many pearls (1–3) and which
bonus each card carries. The rulebook's example trick fixes one of them: Андрей's нарвал 2 carries 3 pearls. The
spread below is balanced: every family holds 16 pearls, symmetric around the middle (the cards v and 10 − v of a
family carry the same pearls, so neither side of the token is richer), three "change trump" bonuses (one to each other
family, so every family is the target of three), three "flip the token" bonuses and two "+1". The 5s carry 1
pearl (what a picked 5 scores, «ИСКЛЮЧЕНИЕ: ПЯТЁРКА!») and two "+1" and two "flip". See ASSUMED_ITEMS.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND = 9                        # cards dealt each round («ПОДГОТОВКА К ИГРЕ», 3)
TRICKS = 8                      # tricks a round («ХОД ИГРЫ»): one card of the 9 became the first bonus
TARGET = 30                     # points that end the game («КОНЕЦ ИГРЫ»)
FIVE = 5                        # the familyless value («ПЯТЁРКА!»)
FIVE_PICKED_POINTS = 1          # what a picked 5 scores («ИСКЛЮЧЕНИЕ: ПЯТЁРКА!»)
TOKEN_SIDES = (1, 9)            # the value token: «1» the lowest wins, «9» the highest
BONUS_PAIR = 2                  # unused bonuses score 1 point a pair («КОНЕЦ РАУНДА» scoring)

RULEBOOK = "rulebook"
ASSUMED = "assumed — not printed in the rulebook"

FAMILIES = ("orca", "narwhal", "blue_whale", "sperm_whale")
VALUES = (1, 2, 3, 4, 6, 7, 8, 9)
BONUS_KINDS = ("trump", "flip", "plus")     # change trump to a shown family, flip the token, +1 pearl

# ASSUMED — the one table of what each card carries: (family or None for a 5, value, pearls, bonus, target family
# of a "trump" bonus). Families and values are the rulebook's; pearls and bonuses are the tutor's choice.
_TABLE = (
    ("orca", 1, 1, "flip", None), ("orca", 2, 2, "trump", "narwhal"), ("orca", 3, 3, "plus", None),
    ("orca", 4, 2, "trump", "blue_whale"), ("orca", 6, 2, "flip", None), ("orca", 7, 3, "trump", "sperm_whale"),
    ("orca", 8, 2, "plus", None), ("orca", 9, 1, "flip", None),
    ("narwhal", 1, 1, "trump", "blue_whale"), ("narwhal", 2, 3, "flip", None),
    ("narwhal", 3, 2, "trump", "sperm_whale"), ("narwhal", 4, 2, "plus", None), ("narwhal", 6, 2, "trump", "orca"),
    ("narwhal", 7, 2, "flip", None), ("narwhal", 8, 3, "plus", None), ("narwhal", 9, 1, "flip", None),
    ("blue_whale", 1, 1, "plus", None), ("blue_whale", 2, 2, "trump", "sperm_whale"),
    ("blue_whale", 3, 2, "flip", None), ("blue_whale", 4, 3, "trump", "orca"), ("blue_whale", 6, 3, "flip", None),
    ("blue_whale", 7, 2, "trump", "narwhal"), ("blue_whale", 8, 2, "flip", None), ("blue_whale", 9, 1, "plus", None),
    ("sperm_whale", 1, 2, "trump", "orca"), ("sperm_whale", 2, 1, "flip", None), ("sperm_whale", 3, 3, "plus", None),
    ("sperm_whale", 4, 2, "trump", "narwhal"), ("sperm_whale", 6, 2, "flip", None), ("sperm_whale", 7, 3, "plus", None),
    ("sperm_whale", 8, 1, "trump", "blue_whale"), ("sperm_whale", 9, 2, "flip", None),
    (None, 5, 1, "plus", None), (None, 5, 1, "flip", None), (None, 5, 1, "plus", None), (None, 5, 1, "flip", None),
)

ASSUMED_ITEMS = (
    ("pearls per card", "1–3 per card as in the table above; 16 per family, v and 10 − v alike; 1 per 5 "
                        "(the rulebook's example fixes нарвал 2 at 3 pearls)"),
    ("bonus per card", "per family three 'change trump' (one to each other family), three 'flip the token', two "
                       "'+1'; the 5s two '+1' and two 'flip the token'"),
    ("card ids", "family-value numbering (narwhal-2, five-1 … five-4) is the tutor's own, never shown to a learner"),
    ("family colours and symbols", "FAMILY_HEX and the symbol drawn beside each family name are the tutor's"),
)

# ASSUMED: how the tutor draws the families on screen (always beside a symbol and the family's name)
FAMILY_HEX = {"orca": "#33404d", "narwhal": "#2a8c82", "blue_whale": "#2e6fbd", "sperm_whale": "#8a5a3c",
              None: "#d9a521"}


@dataclass(frozen=True)
class Card:
    id: str
    family: Optional[str]       # None: a 5, which belongs to no family
    value: int
    pearls: int
    bonus: str                  # one of BONUS_KINDS
    target: Optional[str]       # the family a "trump" bonus moves the token to
    provenance: str


CARDS: dict[str, Card] = {}
_fives = 0
for _family, _value, _pearls, _bonus, _target in _TABLE:
    if _family is None:
        _fives += 1
        _id = f"five-{_fives}"
    else:
        _id = f"{_family}-{_value}"
    CARDS[_id] = Card(_id, _family, _value, _pearls, _bonus, _target, ASSUMED)

# where each column of the card table comes from: family and value are the rulebook's (the box's 36 cards), pearls
# and bonuses the tutor's, except the one card the rulebook's example prints
COLUMN_PROVENANCE = {"family": RULEBOOK, "value": RULEBOOK, "pearls": ASSUMED, "bonus": ASSUMED}
PRINTED_PEARLS = ("narwhal-2",)       # «выбирает карту Андрея с тремя жемчужинами»

ALL_CARDS = tuple(CARDS)
assert len(ALL_CARDS) == 36, "the rulebook's box holds 36 whale cards"
assert CARDS["narwhal-2"].pearls == 3, "the rulebook's example: Андрей's нарвал 2 carries three pearls"
FAMILY = {c.id: c.family for c in CARDS.values()}
VALUE = {c.id: c.value for c in CARDS.values()}
PEARLS = {c.id: c.pearls for c in CARDS.values()}
BONUS = {c.id: c.bonus for c in CARDS.values()}
TARGET_FAMILY = {c.id: c.target for c in CARDS.values()}
ORDER = {c: i for i, c in enumerate(ALL_CARDS)}     # a stable order for hands: by family, then value
FIVES = tuple(c for c in ALL_CARDS if FAMILY[c] is None)
TWO_PLAYER_CARDS = tuple(c for c in ALL_CARDS if FAMILY[c] is not None)   # «при игре вдвоём уберите все 5»


def deck_for(players: int) -> tuple[str, ...]:
    """The cards a game of `players` uses: all 36, or the 32 without the 5s for two players."""
    return TWO_PLAYER_CARDS if players == 2 else ALL_CARDS


def card(card_id: str) -> Card:
    return CARDS[card_id]


def is_five(card_id: str) -> bool:
    return FAMILY[card_id] is None


def token_side(value: int) -> int:
    """The token's side a drawn card sets (1–4: «1», 6–9: «9»); a 5 sets nothing (draw again)."""
    return 1 if value < FIVE else 9
