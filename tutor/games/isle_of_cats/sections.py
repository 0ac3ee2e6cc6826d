"""Острів котів rulebook headings (the targets of every rule reference) and the tutor's rulings. Their words live
in the game's catalogue (tutor/games/isle_of_cats/locale): isle_of_cats.section.<slug> and
isle_of_cats.ruling.<slug>."""

from __future__ import annotations

from typing import Callable

from tutor.core.rules import rulings, sections

# (slug, the heading as the rulebook means it). Two headings are misprinted in the book and are quoted corrected, so
# that a learner reads no typo in a citation or a score table: «ПЕРЕД ПОЧАТОКМ ГРИ» (the bag) is «ПЕРЕД ПОЧАТКОМ
# ГРИ»; the families' two sections, printed «КОТАЧІ РОДИНИ» (their points) and «КОТЯЧІ РОДИННИ» (what a family is),
# both read «КОТЯЧІ РОДИНИ» and are one section, as the two «КАЮТИ» are. Lesson part 12 says so once. The tutor's
# titles: the catalogue
_S = [
    ("setup", "ПРИГОТУВАННЯ"),
    ("general-setup", "ЗАГАЛЬНІ ПРИГОТУВАННЯ"),
    ("day", "ПЕРЕБІГ ГРИ"),
    ("bag", "ПЕРЕД ПОЧАТКОМ ГРИ"),
    ("player-setup", "ПРИГОТУВАННЯ ГРАВЦЯ"),
    ("scoring", "ПІДРАХУНОК ОЧОК"),
    ("rats", "ЩУРИ"),
    # the rulebook prints «КАЮТИ» twice (the scoring of rooms, and what a room is): one section
    ("rooms", "КАЮТИ"),
    ("tasks", "ЗАВДАННЯ"),
    ("tie", "НІЧИЯ"),
    ("placement", "РОЗМІЩЕННЯ ПЛИТОК"),
    ("first-tile", "ПЕРША ПЛИТКА"),
    ("other-tiles", "РЕШТА ПЛИТОК"),
    ("maps", "МАПИ СКАРБІВ"),
    # what a family is and what it scores (see above)
    ("families", "КОТЯЧІ РОДИНИ"),
    ("rulings", "—"),
]

SECTIONS = sections("isle_of_cats", _S)

# (slug, the section it concerns); each decision and its reason: isle_of_cats.ruling.<slug>
_RULINGS = (
    ("first-player", "player-setup"),
    ("boats", "player-setup"),
    ("keep-together", "player-setup"),
    ("take-then-place", "day"),
    ("pass-for-the-day", "day"),
    ("must-pass", "day"),
    ("rare-in-draw", "day"),
    ("bag-short", "day"),
    ("one-map-per-colour", "maps"),
    ("reward-unplaceable", "maps"),
    ("edge", "tasks"),
    ("card-151", "tasks"),
    ("card-152", "tasks"),
    ("card-153", "tasks"),
    ("card-154", "tasks"),
    ("card-155", "tasks"),
    ("card-156", "tasks"),
    ("card-157", "tasks"),
    ("card-158", "tasks"),
    ("card-five", "tasks"),
    ("card-164", "tasks"),
    ("card-165", "tasks"),
    ("card-166", "tasks"),
    ("card-167", "tasks"),
    ("card-168", "tasks"),
    ("cards-secret", "tasks"),
)


def _card(card_id: str) -> Callable[[str], str]:
    """The card, by its task in the reader's language (each card's decision names the card it concerns)."""
    def name(lang: str) -> str:
        from tutor.games.isle_of_cats.text import card_name
        return card_name(card_id, lang)
    return name


def _params(slug: str) -> dict[str, Callable[[str], str]]:
    if slug.startswith("card-") and slug != "card-five":     # the five colour cards share one ruling
        return {"card": _card(slug)}
    return {}


RULINGS = rulings("isle_of_cats", [(slug, rule, _params(slug)) for slug, rule in _RULINGS])
