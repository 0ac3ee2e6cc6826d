"""Острів котів's coach at the play table (issue #34): for the player to move, short facts of the position and what
the rules allow ("this tile can fill the dining room", "each visible rat costs 1 at the end"), each citing its rule
and carrying what it claims in `facts`, so a test recomputes it through the engine. It never picks a tile or a
place: it says what is true, the player chooses.

Kinds, by phase (most useful first; the table shows two):
    keep       keep-two, cards-end
    take       last-day, family, map-open, day-left (first when fewer cats are left than players taking), rooms,
               rats
    place      first-tile, room-fill, family-join, map-reach, rats-cover, rooms
    treasure   treasure, treasure-fill
"""

from __future__ import annotations

from typing import Any, Optional

from tutor.core.coach import Hint
from tutor.core.i18n import plural, text
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.rules import State, occupied, to_move, treasure_shapes
from tutor.games.isle_of_cats.scoring import Family, groups
from tutor.games.isle_of_cats.text import colour_name, map_colour_name, points_text, room_name, shape_name, tile_name

_T = "ui.isle_of_cats.table.coach."
_R = "isle_of_cats:"


def _w(key: str, lang: str, **params: Any) -> str:
    return text(_T + key, lang, **params)


def _n(key: str, n: int, lang: str, **params: Any) -> str:
    return plural(_T + key, n, lang, **params)


def coach(state: State, seat: int, lang: str) -> list[Hint]:
    """The hints for `seat`, whose turn it is (none for a seat that is not to move, nor after the end)."""
    if state.phase == "over" or seat not in to_move(state):
        return []
    found = {"keep": _keep, "take": _take, "place": _place, "treasure": _treasure}[state.phase](state, seat, lang)
    return [h for h in found if h is not None]


# --------------------------------------------------------------------------- the family cards

def _keep(state: State, seat: int, lang: str) -> list[Optional[Hint]]:
    dealt = len(state.dealt[seat])
    return [
        Hint("keep-two", _w("keep_two", lang, keep=C.CARDS_KEPT, dealt=dealt), _R + "player-setup",
             {"dealt": dealt, "keep": C.CARDS_KEPT}),
        Hint("cards-end", _n("cards_end", state.ship, lang), _R + "tasks", {"days": state.ship}),
    ]


# --------------------------------------------------------------------------- taking a tile

def _take(state: State, seat: int, lang: str) -> list[Optional[Hint]]:
    day = _day_left(state, seat, lang)
    # the day's tiles running out comes first: fewer cat tiles left than players still taking
    soon = day.facts["cats"] < state.players - day.facts["others_passed"]
    return [_last_day(state, lang), day if soon else None, _family(state, seat, lang), _map_open(state, seat, lang),
            None if soon else day, _rooms(state, seat, lang), _rats(state, seat, lang)]


def _last_day(state: State, lang: str) -> Optional[Hint]:
    if state.ship != 1:
        return None
    return Hint("last-day", _w("last_day", lang, day=state.day), _R + "day", {"day": state.day, "last": True})


def _family(state: State, seat: int, lang: str) -> Optional[Hint]:
    """The family the player is building (a group of 2 or more same-coloured cats on the boat): what one more cat
    touching it would make of it, and how many cats of its colour around the island fit the boat now, none too.
    A group whose colour has such a cat comes first, then the largest gain (a pair becoming a family). It spoke only
    when a fitting cat waited, so a learner building a family heard nothing of it most days (review 2026-12-02)."""
    occ = occupied(state.placed[seat])
    waiting: dict[str, int] = {}
    for t in state.island:
        if C.KIND[t] == "cat" and G.fits(C.SHAPE[t], occ):
            colour = str(C.COLOUR[t])
            waiting[colour] = waiting.get(colour, 0) + 1
    built = groups(state.placed[seat], 2)
    if not built:
        return None
    best: Family = max(built, key=lambda g: (g.colour in waiting, _gain(g.size), g.size))
    following = C.family_points(best.size + 1)
    on_island = waiting.get(best.colour, 0)
    facts = {"colour": best.colour, "size": best.size, "now": best.points, "next": following,
             "on_island": on_island}
    if best.size < C.FAMILY_MIN:
        said = _w("pair", lang, cats=_cats(best.colour, best.size, lang), colour=colour_name(best.colour, lang),
                  min=C.FAMILY_MIN, points=points_text(following, lang))
    else:
        said = _n("grow", best.size, lang, colour=map_colour_name(best.colour, lang),
                  now=points_text(best.points, lang), next=points_text(following, lang))
    said += " " + (_w("waiting", lang, waiting=_cats(best.colour, on_island, lang)) if on_island
                   else _w("none_waiting", lang))
    return Hint("family", said, _R + "families", facts)


def _gain(size: int) -> int:
    return C.family_points(size + 1) - C.family_points(size)


def _cats(colour: str, n: int, lang: str) -> str:
    """"2 blue cats", «2 сині коти»: the colour agrees with the count."""
    return plural(f"{_T}cats.{colour}", n, lang)


def _map_open(state: State, seat: int, lang: str) -> Optional[Hint]:
    """The boat's maps still uncovered whose colour has a cat around the island that fits, while common treasures
    are left to earn."""
    if not state.supply:
        return None
    occ = occupied(state.placed[seat])
    maps = G.MAPS[state.boats[seat]]
    colours = [c for c in C.CAT_COLOURS if not maps[c] & occ
               and any(C.COLOUR[t] == c and G.fits(C.SHAPE[t], occ) for t in state.island)]
    if not colours:
        return None
    said = _n("map_open", len(colours), lang, colours=", ".join(map_colour_name(c, lang) for c in colours),
              left=len(state.supply))
    return Hint("map-open", said, _R + "maps", {"colours": colours, "supply": len(state.supply)})


def _day_left(state: State, seat: int, lang: str) -> Hint:
    occ = occupied(state.placed[seat])
    cats = sum(1 for t in state.island if C.KIND[t] == "cat")
    fit = sum(1 for t in state.island if G.fits(C.SHAPE[t], occ))
    others = sum(1 for s in range(state.players) if s != seat and state.passed[s])
    alone = others == state.players - 1
    said = _n("day_left", cats, lang, fit=fit, tiles=len(state.island))
    said += " " + _w("pass_alone" if alone else "may_pass", lang)
    return Hint("day-left", said, _R + "day",
                {"cats": cats, "tiles": len(state.island), "fit": fit, "others_passed": others})


def _rooms(state: State, seat: int, lang: str) -> Optional[Hint]:
    occ = occupied(state.placed[seat])
    missing = {i: bin(room & ~occ).count("1") for i, room in enumerate(G.ROOMS) if room & ~occ}
    if not missing:
        return None
    closest = min(missing, key=lambda i: (missing[i], i))
    said = _n("rooms", len(missing), lang, rooms=len(G.ROOMS), per=points_text(-C.UNFILLED_ROOM_POINTS, lang))
    said += " " + _n("closest", missing[closest], lang, room=room_name(closest, lang))
    return Hint("rooms", said, _R + "rooms", {"open": len(missing), "per_room": C.UNFILLED_ROOM_POINTS,
                                             "closest": closest, "missing": missing[closest]})


def _rats(state: State, seat: int, lang: str) -> Optional[Hint]:
    occ = occupied(state.placed[seat])
    rats = bin(G.RATS[state.boats[seat]] & ~occ).count("1")
    if not rats:
        return None
    return Hint("rats", _n("rats", rats, lang, per=points_text(-C.RAT_POINTS, lang)), _R + "rats",
                {"rats": rats, "per_rat": C.RAT_POINTS})


# --------------------------------------------------------------------------- placing the tile held

def _place(state: State, seat: int, lang: str) -> list[Optional[Hint]]:
    tile = state.held
    assert tile is not None
    occ = occupied(state.placed[seat])
    rows = G.legal_masks(C.SHAPE[tile], occ)
    name = tile_name(tile, lang)
    first = None
    if not occ:
        first = Hint("first-tile", _w("first_tile", lang, tile=name), _R + "first-tile", {"first": True})
    return [first, _room_fill(rows, occ, lang, name), _family_join(state, seat, tile, rows, lang),
            _map_reach(state, seat, tile, rows, lang), _rats_cover(state, seat, rows, lang), _rooms(state, seat, lang)]


def _fillable(rows: list[Any], occ: int) -> list[int]:
    """The rooms some placement among `rows` completes."""
    out: set[int] = set()
    for m, _n_, _o, _x, _y in rows:
        after = occ | m
        out.update(i for i, room in enumerate(G.ROOMS) if room & m and not room & ~after)
    return sorted(out)


def _room_fill(rows: list[Any], occ: int, lang: str, name: str) -> Optional[Hint]:
    rooms = _fillable(rows, occ)
    if not rooms:
        return None
    said = _n("room_fill", len(rooms), lang, tile=name, rooms=", ".join(room_name(r, lang) for r in rooms))
    return Hint("room-fill", said, _R + "rooms", {"rooms": rooms})


def _family_join(state: State, seat: int, tile: str, rows: list[Any], lang: str) -> Optional[Hint]:
    """The held cat can lie against a group of 2 or more cats of its colour (the largest such group)."""
    colour = C.COLOUR[tile]
    if colour is None:
        return None
    for g in sorted(groups(state.placed[seat], 2), key=lambda g: -g.size):
        if g.colour != colour:
            continue
        mask = G.mask_of(g.cells)
        if any(nbrs & mask for _m, nbrs, _o, _x, _y in rows):
            least = C.family_points(g.size + 1)
            said = _n("join", g.size + 1, lang, cats=_cats(colour, g.size, lang), points=points_text(least, lang))
            return Hint("family-join", said, _R + "families",
                        {"colour": colour, "size": g.size, "at_least": least})
    return None


def _map_reach(state: State, seat: int, tile: str, rows: list[Any], lang: str) -> Optional[Hint]:
    colour = C.COLOUR[tile]
    if colour is None or not state.supply:
        return None
    cell = G.MAPS[state.boats[seat]][colour]
    if not any(m & cell for m, _n_, _o, _x, _y in rows):
        return None
    # «на вашу синю мапу»: the colour as it agrees with the map it lies on
    said = _w("map_reach", lang, colour=text(f"isle_of_cats.colour_a.{colour}", lang), left=len(state.supply))
    return Hint("map-reach", said, _R + "maps", {"colour": colour, "supply": len(state.supply)})


def _rats_cover(state: State, seat: int, rows: list[Any], lang: str) -> Optional[Hint]:
    rats = G.RATS[state.boats[seat]] & ~occupied(state.placed[seat])
    most = max((bin(m & rats).count("1") for m, _n_, _o, _x, _y in rows), default=0)
    if not most:
        return None
    return Hint("rats-cover", _n("rats_cover", most, lang, per=points_text(-C.RAT_POINTS, lang)), _R + "rats",
                {"most": most})


# --------------------------------------------------------------------------- a map's reward

def _treasure(state: State, seat: int, lang: str) -> list[Optional[Hint]]:
    shapes = treasure_shapes(state, seat)
    if not shapes:
        first = Hint("treasure", _w("treasure_none", lang), _R + "maps", {"shapes": []})
        return [first, _rooms(state, seat, lang)]
    first = Hint("treasure", _w("treasure", lang, shapes=", ".join(shape_name(s, lang) for s in shapes)),
                 _R + "maps", {"shapes": shapes})
    occ = occupied(state.placed[seat])
    fills = {s: _fillable(G.legal_masks(s, occ), occ) for s in shapes}
    fills = {s: r for s, r in fills.items() if r}
    fill = None
    if fills:
        said = "; ".join(_w("treasure_fill", lang, shape=shape_name(s, lang),
                            rooms=", ".join(room_name(r, lang) for r in rooms)) for s, rooms in fills.items())
        said = said[:1].upper() + said[1:] + "."      # a sentence of its own (it began in lower case, a reader)
        fill = Hint("treasure-fill", said, _R + "rooms", {"fills": fills})
    return [first, fill, _rooms(state, seat, lang)]
