"""Tides in words: its rulebook headings and rulings, and its narrator (the words are in locale/)."""

from tutor.core.i18n import player_name, plural, text
from tutor.core.rules import rulings, sections

# (slug, the heading as its rulebook prints it); the tutor's titles and every other word: locale/<lang>/tides.po
SECTIONS = sections("tides", [
    ("setup", "Setting up"), ("play", "Laying a card"), ("reveal", "The highest takes"), ("scoring", "Scoring"),
    ("end", "End of the game"),
])

RULINGS = rulings("tides", [("ties", "reveal")])     # (slug, the section it concerns)


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
                cards=", ".join(map(str, d["cards"])), points=plural("tides.n_points", d["points"], lang))

