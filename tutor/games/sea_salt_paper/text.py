"""Паперові океани words: card names, refusals and event narration, taken from the game's catalogues
(tutor/games/sea_salt_paper/locale/<lang>/LC_MESSAGES/sea_salt_paper.po, through tutor.core.i18n); the
tutor's own words, not the rulebook's. No card id reaches a learner: refusals and events name cards as a player
says them ("yellow crab")."""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence

from tutor.core import i18n
from tutor.core.events import Event
from tutor.core.i18n import player_name, player_plain
from tutor.games.sea_salt_paper import components as C

_P = "sea_salt_paper."


def kind_name(kind: str, lang: str = "en") -> str:
    return i18n.text(f"{_P}kind.{kind}", lang)


def colour_name(colour: str, lang: str = "en", feminine: bool = False) -> str:
    return i18n.text(f"{_P}colour_f.{colour}" if feminine else f"{_P}colour.{colour}", lang)


def card_name(card_id: Optional[str], lang: str = "en") -> str:
    """"yellow crab", «краб (жовтий)», «риба (чорна)»; a card the reader may not know: "a card"."""
    if card_id is None or card_id not in C.KIND:
        return i18n.text(f"{_P}card.hidden", lang)
    kind = C.KIND[card_id]
    feminine = i18n.text(f"{_P}gender.{kind}", lang) == "f"     # the colour agrees with the kind's name
    return i18n.text(f"{_P}card", lang, kind=kind_name(kind, lang),
                     colour=colour_name(C.COLOUR[card_id], lang, feminine))


def cards_text(cards: Optional[Sequence[str]], lang: str = "en") -> str:
    if cards is None:
        return i18n.text(f"{_P}card.hidden", lang)
    if not cards:
        return i18n.text(f"{_P}nothing", lang)
    return ", ".join(card_name(c, lang) for c in cards)


def pile_name(pile: Any, lang: str = "en", form: str = "pile") -> str:
    """"discard pile 2", «скид 2»; form "pile_gen" is the genitive a language needs after "from" («скиду 2»)."""
    if not isinstance(pile, int) or isinstance(pile, bool) or pile not in (0, 1):
        return str(pile)
    return i18n.text(f"{_P}{form}", lang, n=pile + 1)


def duo_name(duo: str, lang: str = "en") -> str:
    return i18n.text(f"{_P}duo.{duo}", lang)


def points_text(n: int, lang: str = "en") -> str:
    return i18n.plural(f"{_P}n_points", n, lang)


def _per_player(values: Iterable[int], lang: str) -> str:
    return ", ".join(i18n.text(f"{_P}player_points", lang, player=player_name(s, lang), points=points_text(v, lang))
                     for s, v in enumerate(values))


# events naming a card another reader may not see: the private field whose absence has them told by count
_HIDDEN = {"crab_looked": "cards", "crab_took": "card", "fish_drew": "card", "stole": "card"}


def narrate(event: Event, lang: str = "en") -> str:
    what = event.kind.split(".", 1)[1]
    d = event.data
    params: dict[str, Any] = {}
    if "player" in d:
        params["player"] = player_name(d["player"], lang)
        params["player_plain"] = player_plain(d["player"], lang)
    if "victim" in d:
        params["victim"] = player_name(d["victim"], lang)
        params["victim_plain"] = player_plain(d["victim"], lang)       # «з руки гравця 1», not «гравця Гравець 1»
    if "card" in d:
        params["card"] = card_name(d["card"], lang)
    if "cards" in d:
        params["cards"] = cards_text(d["cards"], lang)
    if "pile" in d:
        params["pile"] = pile_name(d["pile"], lang)
        params["pile_gen"] = pile_name(d["pile"], lang, "pile_gen")     # «зі скиду 2»
    if "duo" in d:
        params["duo"] = duo_name(d["duo"], lang)
    if "count" in d:
        params["count"] = i18n.plural(f"{_P}n_cards", d["count"], lang)
    if "round" in d:
        params["round"] = d["round"]
    if what == "drew" and d.get("cards") is None:      # another player's draw: how many, not which
        key = "event.drew_hidden_one" if d.get("count") == 1 else "event.drew_hidden"     # «її», not «їх»
        return i18n.text(_P + key, lang, **params)
    if what in _HIDDEN and d.get(_HIDDEN[what]) is None:
        # a card (or pile) this reader may not know is not named: "takes one card", "looks through pile 1 (5
        # cards)", never "takes a card: a card"
        return i18n.text(f"{_P}event.{what}_hidden", lang, **params)
    if what == "kept":
        key = "event.kept_one" if d["discarded"] is None else "event.kept"
        if d.get("card") is None:      # another player's kept card stays secret
            key = "event.kept_one_hidden" if d["discarded"] is None else "event.kept_hidden"
        if d["discarded"] is not None:
            params["discarded"] = card_name(d["discarded"], lang)
        return i18n.text(_P + key, lang, **params)
    if what in ("stop", "last_chance"):
        params["points"] = points_text(d["points"], lang)
    if "points" in d and isinstance(d["points"], list):
        params["points"] = _per_player(d["points"], lang)
    if "totals" in d:
        params["totals"] = _per_player(d["totals"], lang)
    if "winners" in d:
        params["winners"] = ", ".join(player_name(s, lang) for s in d["winners"])
        if what == "game_over" and len(d["winners"]) > 1:       # a shared victory: "Winners:"
            return i18n.text(_P + "event.game_over_shared", lang, **params)
    if "discards" in d:
        params["discards"] = cards_text(d["discards"], lang)
    if what == "game_over":
        params.pop("cards", None)
    return i18n.text(f"{_P}event.{what}", lang, **params)


def name_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Refusals name cards as players say them, never by id."""
    out = dict(params)
    for key in ("card", "first", "second"):
        if key in out and isinstance(out[key], str) and out[key] in C.KIND:
            out[key] = card_name(out[key], lang)
    for key in ("victim_player", "caller_player", "turn_player"):
        if key in out and isinstance(out[key], int):
            out[key] = player_name(out[key], lang)
    return out
