"""Aqua Fest words: refusals, event narration and names, taken from the game's catalogues
(tutor/games/aqua_fest/locale/<lang>/LC_MESSAGES/aqua_fest.po, through tutor.core.i18n); own words."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from tutor.core import i18n
from tutor.core.events import Event
from tutor.core.i18n import player_name, player_plain
from tutor.games.aqua_fest import components as C


def colour_name(colour: str, lang: str = "en") -> str:
    """A pearl's colour, agreeing with «жемчужина» in Russian."""
    return i18n.text(f"aqua_fest.colour.{colour}", lang)


def fragment_kind_name(kind: str, lang: str = "en") -> str:
    """A fragment's kind (upper, lower left, lower right), agreeing with «осколок» in Russian."""
    return i18n.text(f"aqua_fest.kind.{kind}", lang)


def side_name(side: str, lang: str = "en") -> str:
    return i18n.text(f"aqua_fest.side.{side}", lang)


def species_name(species: str, lang: str = "en") -> str:
    return i18n.text(f"aqua_fest.species.{species}", lang)


def card_name(card_id: str, lang: str = "en") -> str:
    c = C.card(card_id)
    return i18n.text("aqua_fest.card", lang, species=species_name(c.species, lang), strength=c.strength)


def tile_name(tile_id: Optional[str], lang: str = "en") -> str:
    if tile_id is None:
        return i18n.text("aqua_fest.tile.nothing", lang)
    t = C.tile(tile_id)
    if t.coral:
        return i18n.text("aqua_fest.tile.coral", lang)
    return i18n.text("aqua_fest.tile.fragment", lang, kind=fragment_kind_name(t.kind, lang), stars="★" * t.stars,
                     colour=colour_name(t.colour, lang))


def name_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's card and species as a player names them (its GameSpec.name_params)."""
    out = dict(params)
    card = params.get("card")
    if isinstance(card, str) and card in C.CARDS:
        out["card"] = card_name(card, lang)
        out["card_species"] = species_name(C.card(card).species, lang)
        out["card_species_cap"] = out["card_species"][:1].upper() + out["card_species"][1:]
        from tutor.games.aqua_fest.ui import move_words     # (ui reads this module's names)
        out["card_moves"] = move_words(C.card(card).species, lang, only_the_way=True)
    for key in ("species", "first"):
        if params.get(key) in C.SPECIES:
            out[key] = species_name(params[key], lang)
    if isinstance(params.get("exact"), int):      # how many cells a card moves, counted in the reader's words
        out["exact_cells"] = i18n.plural("aqua_fest.cells_moved", params["exact"], lang)
    return out


def cell_name(cell: Sequence[int]) -> str:
    r, c = cell
    return f"{'ABCDE'[c]}{r + 1}"


def beside_name(side: str, place: int) -> str:
    """The seabed cell a start tile lies beside, named like every other cell (south, 1 -> "B5")."""
    last = C.SIZE - 1
    return cell_name({"north": (0, place), "south": (last, place), "west": (place, 0), "east": (place, last)}[side])


def narrate(event: Event, lang: str = "en") -> str:
    what = event.kind.split(".", 1)[1]
    d = event.data
    p: dict[str, Any] = {}
    for key in ("player", "target", "loser"):
        if key in d:
            p[key] = player_name(d[key], lang)
            p[f"{key}_plain"] = player_plain(d[key], lang)
    if "card" in d:
        p["card"] = card_name(d["card"], lang)
    for key in ("attack_card", "defence_card"):
        if key in d:
            p[key] = card_name(d[key], lang)
    if "from" in d:
        on_seabed = 0 <= d["from"][0] < C.SIZE and 0 <= d["from"][1] < C.SIZE
        p["frm"] = i18n.text("aqua_fest.from.cell", lang, cell=cell_name(d["from"])) if on_seabed else \
            i18n.text("aqua_fest.from.start", lang)
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
        if below is None:     # a tile was taken from beneath, but only its taker knows which (Event.for_viewer)
            p["beneath"] = i18n.text("aqua_fest.beneath.hidden", lang)
        elif below:
            p["beneath"] = i18n.text("aqua_fest.beneath.shown", lang, tiles="; ".join(tile_name(t, lang) for t in below))
        elif d.get("coral_beneath"):
            p["beneath"] = i18n.text("aqua_fest.beneath.coral", lang)
        else:
            p["beneath"] = ""
    if what == "battle_won":
        if not d.get("took"):
            p["prize"] = i18n.text("aqua_fest.prize.none", lang)
        elif d.get("tile") is None:
            p["prize"] = i18n.text("aqua_fest.prize.random", lang)
        else:
            p["prize"] = i18n.text("aqua_fest.prize.tile", lang, tile=tile_name(d["tile"], lang))
    if "side" in d:
        p["side"] = side_name(d["side"], lang)
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
    if what == "attack" and d.get("from_start"):
        what = "attack_from_start"
    return i18n.text(f"aqua_fest.event.{what}", lang, **p)
