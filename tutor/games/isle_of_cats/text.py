"""Острів котів words: tile, card and room names, refusals and event narration, taken from the game's catalogues
(tutor/games/isle_of_cats/locale/<lang>/LC_MESSAGES/isle_of_cats.po, through tutor.core.i18n); the tutor's own
words, not the rulebook's. No tile or card id reaches a learner: a tile is named by its colour and size ("orange
cat of 5 squares", «оранжевий кіт на 5 клітинок») or its treasure's look («квадратний рідкісний скарб»)."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from tutor.core import i18n
from tutor.core.events import Event
from tutor.core.i18n import player_name, player_plain
from tutor.games.isle_of_cats import components as C

_P = "isle_of_cats."


def colour_name(colour: str, lang: str = "en") -> str:
    return i18n.text(f"{_P}colour.{colour}", lang)


def map_colour_name(colour: str, lang: str = "en") -> str:
    """The colour as it agrees with «мапа» (feminine in Ukrainian)."""
    return i18n.text(f"{_P}colour_f.{colour}", lang)


def tile_name(tile_id: Optional[str], lang: str = "en") -> str:
    """"orange cat of 5 squares", "square rare treasure", "common treasure of 2 squares"."""
    if tile_id is None or tile_id not in C.TILES:
        return i18n.text(f"{_P}tile.hidden", lang)
    kind, shape = C.KIND[tile_id], C.SHAPE[tile_id]
    if kind == "cat":
        return i18n.plural(f"{_P}cat", C.SHAPE_SIZE[shape], lang, colour=colour_name(str(C.COLOUR[tile_id]), lang))
    if kind == "rare":     # by its look ("square", "straight"...), never a letter: «О» is the orange map's
        return i18n.text(f"{_P}rare.{shape}", lang)
    return i18n.text(f"{_P}common.{shape}", lang)


def shape_name(shape: str, lang: str = "en") -> str:
    """A common treasure's shape: "2 squares", "corner of 3 squares"."""
    if shape in C.COMMON_SHAPES:
        return i18n.text(f"{_P}shape.{shape}", lang)
    return str(shape)


def card_name(card_id: Optional[str], lang: str = "en") -> str:
    """A family card by its task; a card the reader may not know: "a face-down family card"."""
    if card_id is None or card_id not in C.FAMILY_CARDS:
        return i18n.text(f"{_P}card.hidden", lang)
    return i18n.text(f"{_P}card.{card_id}", lang)


def room_name(index: int, lang: str = "en") -> str:
    return i18n.text(f"{_P}room.{index}", lang)


def boat_name(colour: str, lang: str = "en") -> str:
    return i18n.text(f"{_P}boat.{colour}", lang)


def points_text(n: int, lang: str = "en") -> str:
    """"5 points", «-3 очки»: a negative total takes the form of its size (−26 очок, not −26 очки)."""
    said = i18n.plural(f"{_P}n_points", abs(n), lang)
    return "\u2212" + said if n < 0 else said


def tiles_count(n: int, lang: str = "en") -> str:
    return i18n.plural(f"{_P}n_tiles", n, lang)


def _per_player(values: Iterable[int], lang: str, say: Callable[[int, str], str] = points_text) -> str:
    return ", ".join(i18n.text(f"{_P}player_points", lang, player=player_mid_sentence(s, lang), points=say(v, lang))
                     for s, v in enumerate(values))


_signed = i18n.signed


def _ship(ship: int, lang: str) -> str:
    return i18n.text(f"{_P}ship.0", lang) if ship == 0 else i18n.text(f"{_P}ship.n", lang, n=ship)


def player_mid_sentence(seat: int, lang: str) -> str:
    """A player's name inside a sentence: «перемагає гравець 1», not «Гравець 1» (English keeps "Player 1")."""
    return i18n.text(f"{_P}player_mid", lang, n=seat + 1)


def narrate(event: Event, lang: str = "en") -> str:
    what = event.kind.split(".", 1)[1]
    d = event.data
    if what == "refused":     # a drill's "why": the engine's refusal of the move asked about, in its own words
        from tutor.core.errors import RuleViolation
        return RuleViolation(event.rule, d["key"], **d.get("params", {})).reason(lang)
    params: dict[str, Any] = {}
    if "player" in d:
        params["player"] = player_name(d["player"], lang)
        params["player_plain"] = player_plain(d["player"], lang)
    if "tile" in d:
        params["tile"] = tile_name(d["tile"], lang)
    if "day" in d:
        params["day"] = d["day"]
    if what == "kept":
        if d["cards"] is None:
            return i18n.text(f"{_P}event.kept.hidden", lang, **params)
        params["cards"] = "; ".join(card_name(c, lang) for c in d["cards"])
    elif what == "drawn":
        # «ПЕРЕБІГ ГРИ» 1 counts cat tiles; rare treasures drawn with them are told apart (ruling rare-in-draw)
        rares = sum(1 for t in d["tiles"] if C.KIND.get(t) == "rare")
        params["cats"] = i18n.plural(f"{_P}n_cat_tiles", len(d["tiles"]) - rares, lang)
        if rares:
            return i18n.text(f"{_P}event.drawn.rare", lang, rares=rares, **params)
    elif what == "placed":
        key = "event.placed.first" if event.rule.endswith(":first-tile") else "event.placed"
        out = i18n.text(_P + key, lang, **params)
        if d["rats"]:
            out += i18n.text(f"{_P}event.placed.rats", lang, rats=i18n.plural(f"{_P}n_rats", d["rats"], lang))
        if d["rooms"]:
            out += i18n.text(f"{_P}event.placed.rooms", lang, rooms=", ".join(room_name(r, lang) for r in d["rooms"]))
        if d.get("family"):
            colour = i18n.text(f"{_P}colour_f.{C.COLOUR[d['tile']]}", lang)
            out += i18n.text(f"{_P}event.placed.family", lang, colour=colour, tiles=tiles_count(d["family"], lang),
                             points=points_text(C.family_points(d["family"]), lang))
        return out
    elif what in ("map_found", "map_covered"):
        params["colour"] = map_colour_name(d["colour"], lang)
        # the map named first, as the object: «Пурпурову мапу скарбів накриває…» (accusative, capitalised)
        acc = i18n.text(f"{_P}colour_a.{d['colour']}", lang)
        params["colour_acc"] = acc[:1].upper() + acc[1:]     # opens the Ukrainian sentence: capitalised
    elif what == "treasure_taken":
        params["left"] = d["left"]
    elif what == "declined":
        if not d["could"]:
            return i18n.text(f"{_P}event.declined.none", lang, **params)
    elif what == "day_ended":
        params["ship"] = _ship(d["ship"], lang)
        if not d["returned"]:
            return i18n.text(f"{_P}event.day_ended.empty", lang, **params)
        # the leftovers are the subject: «1 плитка повертається», "1 tile goes back"
        params["returned"] = i18n.plural(f"{_P}n_tiles_back", len(d["returned"]), lang)
        if d.get("everyone_passed"):
            return i18n.text(f"{_P}event.day_ended.passed", lang, **params)
    elif what == "cards_revealed":
        params["cards"] = "; ".join(
            i18n.text(f"{_P}player_points", lang, player=player_mid_sentence(s, lang),
                      points=", ".join(card_name(c, lang) for c in cards)) for s, cards in enumerate(d["cards"]))
    elif what == "scored":
        params["lines"] = "; ".join(f"{i18n.text(line['key'], lang, **line['params'])} ({_signed(line['points'])})"
                                    for line in d["lines"])
        params["total"] = points_text(d["total"], lang)
    elif what == "game_over":
        params["winners"] = ", ".join(player_mid_sentence(s, lang) for s in d["winners"])
        params["totals"] = _per_player(d["totals"], lang)
        if d["why"] != "points":
            return i18n.text(f"{_P}event.game_over.{d['why']}", lang, **params)
    return i18n.text(f"{_P}event.{what}", lang, **params)


def name_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Refusals name tiles and shapes as players say them, never by id (the catalogue says the article: "The {tile}
    is not lying around the island"; a tile the game lacks is "the tile")."""
    out = dict(params)
    if "tile" in out and isinstance(out["tile"], str):
        known = out["tile"] in C.TILES
        out["tile"] = tile_name(out["tile"], lang) if known else i18n.text(f"{_P}tile.unknown", lang)
    if "shape" in out and isinstance(out["shape"], str):
        out["shape"] = shape_name(out["shape"], lang)
    if "colour" in out and out["colour"] in C.CAT_COLOURS:
        out["colour"] = colour_name(out["colour"], lang)
    if "turn_player" in out and isinstance(out["turn_player"], int):
        out["turn_player"] = player_name(out["turn_player"], lang)
    return out
