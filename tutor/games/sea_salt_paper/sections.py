"""Паперові океани rulebook headings (the targets of every rule reference) and the tutor's rulings. Their words
live in the game's catalogue (tutor/games/sea_salt_paper/locale): sea_salt_paper.section.<slug> and
sea_salt_paper.ruling.<slug>."""

from __future__ import annotations

from tutor.core.rules import rulings, sections

_S = [     # (slug, the heading as the rulebook prints it); the tutor's titles: sea_salt_paper.section.<slug>
    ("components", "ВМІСТ ГРИ"),
    ("setup", "ПРИГОТУВАННЯ"),
    ("goal", "МЕТА ГРИ"),
    ("turn", "ХІД ГРАВЦЯ"),
    ("draw", "1. Ви повинні взяти на руку 1 карту одним із двох способів:"),
    ("play-duos", "2. Можете зіграти парні карти"),
    ("end-round", "3. Можете завершити раунд"),
    ("round-end", "ЗАВЕРШЕННЯ РАУНДУ"),
    ("empty-deck", "Особливий випадок."),
    ("game-end", "КІНЕЦЬ ГРИ"),
    ("cards", "ОПИС КАРТ"),
    ("duos", "Парні карти"),
    ("mermaids", "Карти русалок"),
    ("collections", "Набори карт"),
    ("multipliers", "Карти-множники ПО"),
    ("rulings", "—"),
]

# a heading that is a whole sentence is quoted by its first words: the draw is cited on every turn's narration
_QUOTE = {"draw": "1. Ви повинні взяти на руку 1 карту…"}
SECTIONS = sections("sea_salt_paper", [(slug, heading, _QUOTE.get(slug, "")) for slug, heading in _S])

# (slug, the section it concerns); each decision and its reason: sea_salt_paper.ruling.<slug>
_RULINGS = (
    ("white-is-a-colour", "mermaids"),
    ("mermaids-when", "mermaids"),
    ("stop-points", "end-round"),
    ("boat-extra-turn", "duos"),
    ("end-on-extra-turn", "end-round"),
    ("fish-empty-deck", "duos"),
    ("crab-empty-pile", "duos"),
    ("steal-no-target", "duos"),
    ("effects-not-optional", "play-duos"),
    ("hand-limit", "turn"),
    ("one-card-left", "draw"),
    ("nothing-to-draw", "draw"),
    ("empty-deck-turn-end", "empty-deck"),
    ("last-chance-deck", "round-end"),
    ("caller-protected", "round-end"),
    ("last-chance-boats", "round-end"),
    ("four-mermaids", "mermaids"),
    ("duo-pairs-scoring", "duos"),
    ("next-round-after-empty-deck", "round-end"),
    ("tie-after-last-round", "game-end"),
    ("first-player", "setup"),
)
RULINGS = rulings("sea_salt_paper", _RULINGS)
