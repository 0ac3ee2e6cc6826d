"""The Острів котів (family rules) engine: an immutable State, the actions, and `apply` that returns events citing
rules.

Seats are numbered from 0; everything a person reads counts players from 1. The game:

    keep      every player keeps 2 of the 3 family cards dealt to them (KeepCards, all at once, secretly)
    take      a day: 4 cat tiles a player (and the rare treasures drawn with them) lie around the island; in
              turn order the player to act takes one (Take: only a tile they can place) or passes for the rest of
              the day (Pass)
    place     the taken tile goes onto their boat at once (Place: an orientation and the top-left corner x, y)
    treasure  a cat laid over the map of its own colour earns a common treasure: the player picks its shape
              (TakeTreasure, then Place), or lets it go (Decline)
    over      the ship reached the hand: the boats are scored (tutor.games.isle_of_cats.scoring)

A day ends when no cat tile is left around the island or every player has passed: the tiles left go back to the
box, Vesh's ship
moves one space (5 -> 4 ... -> 0, the hand) and the first player goes to the bottom of the turn order.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Optional, Sequence

from tutor.core import actions, rng
from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.fast import event_maker, freezer, put, thaw, without
from tutor.core.setup_check import check_seat, check_setup, refused
from tutor.core.wording import Words, joined
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.scoring import families

_R = "isle_of_cats:"
_E = "isle_of_cats."
PHASES = ("keep", "take", "place", "treasure", "over")
_SHAPE, _KIND, _COLOUR = C.SHAPE, C.KIND, C.COLOUR
_DECK_ORDER = {card: i for i, card in enumerate(C.ALL_FAMILY_CARDS)}


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class KeepCards(actions.Action, json_type="keep"):
    """Setup: keep these 2 of the 3 family cards dealt to you (the third goes back to the box unseen). The cards
    are a set: `keep` is held in the deck's order, so the same two cards named either way are one action (the
    contract suite named a legal keep in the other order, which apply took but legal_actions did not list)."""
    keep: tuple[str, ...]

    def __post_init__(self) -> None:
        keep = self.keep
        if isinstance(keep, (tuple, list)) and all(isinstance(c, str) for c in keep):
            in_deck_order = sorted(keep, key=lambda c: (_DECK_ORDER.get(c, len(_DECK_ORDER)), c))
            object.__setattr__(self, "keep", tuple(in_deck_order))


@dataclass(frozen=True)
class Take(actions.Action):
    """Take `tile` from around the island (it must fit on your boat somewhere); Place it next."""
    tile: str


@dataclass(frozen=True)
class Place(actions.Action):
    """Lay the tile you hold on your boat: `orientation` indexes geometry.ORIENTATIONS[shape], (x, y) is the
    top-left corner of that orientation's bounding box on the boat's 22 x 9 grid."""
    orientation: int
    x: int
    y: int


@dataclass(frozen=True)
class TakeTreasure(actions.Action, json_type="treasure"):
    """A map's reward: take a common treasure of `shape` ("monomino", "domino", "L-tromino", "I-tromino")."""
    shape: str


@dataclass(frozen=True)
class Decline(actions.Action):
    """Let a map's reward go (taking it is allowed, not required)."""


@dataclass(frozen=True)
class Pass(actions.Action):
    """Take no more tiles this day (ruling pass-for-the-day)."""


Action = KeepCards | Take | Place | TakeTreasure | Decline | Pass


# --------------------------------------------------------------------------- state

Placement = tuple[str, int, int, int]     # one tile on a boat: (tile, orientation, x, y)


@dataclass(frozen=True)
class State:
    players: int
    boats: tuple[str, ...]                    # per seat: the boat's colour ("blue", "green", "red", "purple")
    phase: str                                # one of PHASES
    ship: int                                 # Vesh's ship on the day track: 5 on the first day ... 1 on the last,
                                              #   0 the hand (over)
    order: tuple[int, ...]                    # this day's turn order (seats), first player first
    turn: int                                 # the seat to act (take, place, treasure)
    passed: tuple[bool, ...]                  # per seat: has passed this day
    bag: tuple[str, ...]                      # tile ids in the bag, in the order they will be drawn (hidden)
    island: tuple[str, ...]                   # tile ids around the island, in the order drawn (public)
    box: tuple[str, ...]                      # tiles back in the box (left over on the island at a day's end)
    held: Optional[str]                       # the tile taken and not yet placed (place phase), else None
    rewards: int                              # map rewards still to take or decline (treasure phase)
    supply: tuple[str, ...]                   # common treasure ids beside the island
    placed: tuple[tuple[Placement, ...], ...] # per seat: ((tile, orientation, x, y), ...) in the order laid
    dealt: tuple[tuple[str, ...], ...]        # per seat: the 3 family cards dealt and not yet chosen from (private)
    kept: tuple[tuple[str, ...], ...]         # per seat: the 2 family cards kept (private until the end)
    unused: tuple[str, ...]                   # family cards in the box: never dealt, or not kept (hidden from all)
    rng: int = 0
    # the tiles laid around the island at this day's start, in the order drawn (public): a tile keeps its number
    # around the island ("no. 3") when others are taken (renumbered, a reader lost the tile told as no. 3); empty
    # between days, and in a position saved before it was kept (numbered as `island` lies then)
    laid: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def day(self) -> int:
        """The day being played, 1..5 (5 after the end)."""
        return min(C.DAYS, C.DAYS - self.ship + 1)

    def __str__(self) -> str:  # readable for debugging
        seats = "; ".join(f"P{s + 1} {self.boats[s]} tiles={len(self.placed[s])}"
                          f"{' passed' if self.passed[s] else ''}" for s in range(self.players))
        return (f"<IsleOfCats day {self.day} ship {self.ship} {self.phase} P{self.turn + 1} "
                f"island={list(self.island)} held={self.held} {seats}>")


_table, _freeze = thaw, freezer(State)   # fast construction (tutor.core.fast)
_ev = event_maker("isle_of_cats")
_put, _without = put, without
Table = dict[str, Any]                   # a state's fields by name while an action works on them
Stages = list[tuple[str, State, list[Event]]]


# --------------------------------------------------------------------------- queries

@lru_cache(maxsize=4096)
def occupied(placed: tuple[Placement, ...]) -> int:
    """The mask of a boat's covered cells, from its placements."""
    m = 0
    at = G.AT
    for tile, o, x, y in placed:
        m |= at[(_SHAPE[tile], o, x, y)][0]
    return m


def is_over(state: State) -> bool:
    return state.phase == "over"


def to_move(state: State) -> list[int]:
    phase = state.phase
    if phase == "over":
        return []
    if phase == "keep":
        return [s for s in range(state.players) if state.dealt[s]]
    return [state.turn]


def can_take(state: State, player: int, tile: str) -> bool:
    """Could `player` place `tile` on their boat now?"""
    return G.fits(_SHAPE[tile], occupied(state.placed[player]))


def placements(state: State, player: int, shape: str) -> list[tuple[int, int, int]]:
    """The legal (orientation, x, y) of `shape` on the player's boat now."""
    return [(o, x, y) for _m, _n, o, x, y in G.legal_masks(shape, occupied(state.placed[player]))]


def treasure_shapes(state: State, player: int) -> list[str]:
    """The common treasure shapes still beside the island that fit on the player's boat."""
    occ = occupied(state.placed[player])
    left = {_SHAPE[t] for t in state.supply}
    return [s for s in C.COMMON_SHAPES if s in left and G.fits(s, occ)]


def legal_actions(state: State, player: int) -> list[Action]:
    phase = state.phase
    if phase == "over" or type(player) is not int or not 0 <= player < state.players:
        return []
    if phase == "keep":
        d = state.dealt[player]
        if not d:
            return []
        return [KeepCards(player, (a, b)) for i, a in enumerate(d) for b in d[i + 1:]]
    if player != state.turn:
        return []
    if phase == "take":
        occ = occupied(state.placed[player])
        fits = G.fits
        out: list[Action] = [Take(player, t) for t in state.island if fits(_SHAPE[t], occ)]
        out.append(Pass(player))
        return out
    if phase == "place":
        occ = occupied(state.placed[player])
        shape = _SHAPE[str(state.held)]
        if not occ:     # a first tile may go anywhere: the same few hundred placements every game
            return list(_anywhere(player, shape))
        return _places(player, G.legal_masks(shape, occ))
    treasures: list[Action] = [TakeTreasure(player, s) for s in treasure_shapes(state, player)]
    treasures.append(Decline(player))
    return treasures


_place_of = freezer(Place)     # Place actions without __init__'s cost: a placing decision lists hundreds


def _places(player: int, rows: Iterable[Sequence[int]]) -> list[Action]:
    make = _place_of
    return [make({"player": player, "orientation": o, "x": x, "y": y}) for _m, _n, o, x, y in rows]


@lru_cache(maxsize=None)
def _anywhere(player: int, shape: str) -> tuple[Action, ...]:
    return tuple(_places(player, G.PLACEMENTS[shape]))


def tile_cells(tile: str, orientation: int, x: int, y: int) -> list[tuple[int, int]]:
    return G.placed_cells(_SHAPE[tile], orientation, x, y)


# --------------------------------------------------------------------------- apply

def apply(state: State, action: object) -> tuple[State, list[Event]]:
    """The state after `action` and what happened. Illegal actions raise RuleViolation; the state is untouched."""
    if state.phase == "over":
        raise RuleViolation(_R + "scoring", _E + "err.over")
    handler: Any = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleViolation(_R + "day", _E + "err.unknown_action")
    p = getattr(action, "player", None)
    if type(p) is not int or not 0 <= p < state.players:
        raise RuleViolation(_R + "day", _E + "err.no_seat", seat=str(p), players=state.players)
    wants = _PHASES_OF[type(action)]
    if state.phase not in wants:
        raise RuleViolation(_R + _PHASE_RULE[state.phase], _E + f"err.phase.{state.phase}", player=p)
    if state.phase == "keep":
        if not state.dealt[p]:
            raise RuleViolation(_R + "player-setup", _E + "err.kept_already", player=p)
    elif p != state.turn:
        raise RuleViolation(_R + "day", _E + "err.not_your_turn", player=p, turn_player=state.turn)
    result: tuple[State, list[Event]] = handler(state, action)
    return result


def _keep(state: State, a: KeepCards) -> tuple[State, list[Event]]:
    p = a.player
    keep = a.keep
    dealt = state.dealt[p]
    if not isinstance(keep, (tuple, list)) or len(keep) != C.CARDS_KEPT or len(set(keep)) != C.CARDS_KEPT \
            or not all(isinstance(c, str) for c in keep):
        raise RuleViolation(_R + "player-setup", _E + "err.keep_two", player=p)
    for c in keep:
        if c not in dealt:
            raise RuleViolation(_R + "player-setup", _E + "err.not_dealt", player=p)
    keep = tuple(c for c in dealt if c in keep)         # in the order dealt
    t = _table(state)
    t["dealt"] = _put(state.dealt, p, ())
    t["kept"] = _put(state.kept, p, keep)
    t["unused"] = state.unused + tuple(c for c in dealt if c not in keep)
    events = [_ev("kept", "player-setup", {"player": p, "cards": list(keep)}, (("cards", (p,)),))]
    if not any(t["dealt"]):
        _start_day(t, events)
    return _freeze(t), events


def _take(state: State, a: Take) -> tuple[State, list[Event]]:
    p, tile = a.player, a.tile
    if not isinstance(tile, str) or tile not in state.island:
        raise RuleViolation(_R + "day", _E + "err.not_on_island", tile=str(tile))
    if not can_take(state, p, tile):
        raise RuleViolation(_R + "placement", _E + "err.no_room", tile=tile)
    t = _table(state)
    t["island"] = _without(state.island, tile)
    t["held"] = tile
    t["phase"] = "place"
    return _freeze(t), [_ev("took", "day", {"player": p, "tile": tile})]


def _family_of(placed: Sequence[Any], tile: str) -> int:
    """How many tiles the family `tile` is part of has («КОТЯЧІ РОДИНИ»), 0 if it is in none (not a cat, or fewer
    than three of its colour joined)."""
    if C.KIND[tile] != "cat":
        return 0
    found = next((f for f in families(placed) if tile in f.tiles), None)
    return found.size if found else 0


def _place(state: State, a: Place) -> tuple[State, list[Event]]:
    p, o, x, y = a.player, a.orientation, a.x, a.y
    tile = state.held
    assert tile is not None
    shape = _SHAPE[tile]
    if type(o) is not int or not 0 <= o < len(G.ORIENTATIONS[shape]):
        raise RuleViolation(_R + "placement", _E + "err.orientation", tile=tile,
                            count=len(G.ORIENTATIONS[shape]))
    if type(x) is not int or type(y) is not int:
        raise RuleViolation(_R + "placement", _E + "err.outside", tile=tile)
    found = G.AT.get((shape, o, x, y))
    if found is None:
        raise RuleViolation(_R + "placement", _E + "err.outside", tile=tile)
    mask, nbrs = found
    occ = occupied(state.placed[p])
    if mask & occ:
        raise RuleViolation(_R + "placement", _E + "err.overlap", tile=tile)
    if occ and not nbrs & occ:
        # meeting the others at a corner only, or nowhere at all: the rule is the same, the words say which
        corner = G.corner_neighbours(mask) & occ
        raise RuleViolation(_R + "other-tiles", _E + ("err.not_touching" if corner else "err.touches_nothing"),
                            tile=tile)
    t = _table(state)
    t["placed"] = _put(state.placed, p, state.placed[p] + ((tile, o, x, y),))
    t["held"] = None
    boat = state.boats[p]
    rats = bin(mask & G.RATS[boat]).count("1")
    rooms = [i for i, room in enumerate(G.ROOMS) if room & mask and not room & ~(occ | mask)]
    events = [_ev("placed", "first-tile" if not occ else "other-tiles",
                  {"player": p, "tile": tile, "orientation": o, "x": x, "y": y,
                   "cells": [list(c) for c in G.cells_of(mask)], "rats": rats, "rooms": rooms,
                   # the family the cat joins (its tiles, 3 or more) is told with the move: the board showed "3 → 8"
                   # and the words did not (a reader)
                   "family": _family_of(t["placed"][p], tile)})]
    found_maps = 0
    colour = _COLOUR[tile]
    if colour is not None:
        for map_colour, cell in G.MAPS[boat].items():
            if cell & mask:
                match = map_colour == colour
                found_maps += match
                events.append(_ev("map_found" if match else "map_covered", "maps",
                                  {"player": p, "tile": tile, "colour": map_colour,
                                   "cell": list(G.cells_of(cell)[0])}))
    rewards = state.rewards + found_maps
    t["rewards"] = rewards
    if rewards:
        t["phase"] = "treasure"
        return _freeze(t), events
    _next_turn(t, events)
    return _freeze(t), events


def _treasure(state: State, a: TakeTreasure) -> tuple[State, list[Event]]:
    p, shape = a.player, a.shape
    if shape not in C.COMMON_SHAPES:
        raise RuleViolation(_R + "maps", _E + "err.no_treasure_shape", shape=str(shape))
    left = [t for t in state.supply if _SHAPE[t] == shape]
    if not left:
        raise RuleViolation(_R + "general-setup", _E + "err.supply_out", shape=shape)
    if not G.fits(shape, occupied(state.placed[p])):
        raise RuleViolation(_R + "placement", _E + "err.no_room", tile=left[0])
    tile = left[0]
    t = _table(state)
    t["supply"] = _without(state.supply, tile)
    t["held"] = tile
    t["rewards"] = state.rewards - 1
    t["phase"] = "place"
    return _freeze(t), [_ev("treasure_taken", "maps", {"player": p, "tile": tile, "shape": shape,
                                                       "left": len(left) - 1})]


def _decline(state: State, a: Decline) -> tuple[State, list[Event]]:
    p = a.player
    t = _table(state)
    t["rewards"] = state.rewards - 1
    can = bool(treasure_shapes(state, p))
    events = [_ev("declined", "maps", {"player": p, "could": can})]
    if t["rewards"]:
        return _freeze(t), events
    _next_turn(t, events)
    return _freeze(t), events


def _pass(state: State, a: Pass) -> tuple[State, list[Event]]:
    p = a.player
    t = _table(state)
    t["passed"] = _put(state.passed, p, True)
    events = [_ev("passed", "day", {"player": p, "left": len(state.island)})]
    _next_turn(t, events)
    return _freeze(t), events


def _next_turn(t: Table, events: list[Event]) -> None:
    """The next player in turn order who has not passed takes a tile; no cat tile left around the island, or
    everyone passed, ends the day."""
    t["phase"] = "take"
    t["rewards"] = 0
    passed, order = t["passed"], t["order"]
    # «ПЕРЕБІГ ГРИ» 2-3: the day goes on while cat tiles are left; rare treasures alone do not keep it going
    if not any(_KIND[tile] == "cat" for tile in t["island"]) or all(passed):
        cuts = _CUTS.get()
        if cuts is not None and not all(passed):
            # stages(): the day's last tile placed, before the day ends (a table's film shows that move as a frame of
            # its own: it went by in the frame that summed the day up, a reader)
            cuts.append(("placed", dict(t), len(events)))
        _end_day(t, events)
        return
    i = order.index(t["turn"])
    n = len(order)
    for k in range(1, n + 1):
        s = order[(i + k) % n]
        if not passed[s]:
            t["turn"] = s
            return


def _end_day(t: Table, events: list[Event]) -> None:
    left = t["island"]
    t["box"] = t["box"] + left
    t["island"] = t["laid"] = ()
    t["ship"] -= 1
    events.append(_ev("day_ended", "day", {"day": C.DAYS - t["ship"], "returned": list(left),
                                           "ship": t["ship"], "everyone_passed": all(t["passed"])}))
    if t["ship"] <= 0:
        _game_over(t, events)
        return
    cuts = _CUTS.get()
    if cuts is not None:          # stages(): pause where the day ended, before the next day's tiles are drawn
        # with the next day's turn order, its first player to move: the pause's summary says who begins tomorrow,
        # and its board showed today's order with today's last player marked (a reader, stop 47)
        pause = dict(t)
        pause["order"] = t["order"][1:] + t["order"][:1]
        pause["phase"], pause["turn"], pause["held"] = "take", pause["order"][0], None
        # ... and nobody marked as passed: a pass lasts the day it was made ("(passed)" stood by both players under
        # the words that the day was over, a reader of wave 18)
        pause["passed"] = (False,) * t["players"]
        cuts.append(("day_end", pause, len(events)))
    t["order"] = t["order"][1:] + t["order"][:1]
    events.append(_ev("order", "day", {"order": list(t["order"]), "player": t["order"][0],
                                      "day": C.DAYS - t["ship"] + 1}))
    _start_day(t, events)


def island_numbers(state: State) -> tuple[int, ...]:
    """Each tile around the island's number (1 up), as the board and the buttons name it: its place in the day's
    draw, so that a tile keeps its number when others are taken (`State.laid`)."""
    laid = state.laid if state.laid and set(state.island) <= set(state.laid) else state.island
    return tuple(laid.index(t) + 1 for t in state.island)


def _start_day(t: Table, events: list[Event]) -> None:
    n = t["players"]
    # a lesson's position may lay the day's tiles itself; otherwise tiles are drawn until there are 4 cat tiles a
    # player («ПЕРЕБІГ ГРИ» 1); a rare treasure drawn on the way is laid out too (ruling rare-in-draw)
    count = 0
    if not t["island"]:
        bag, want, cats = t["bag"], C.TILES_PER_PLAYER * n, 0
        while count < len(bag) and cats < want:
            cats += _KIND[bag[count]] == "cat"
            count += 1
    drawn = t["bag"][:count]
    t["bag"] = t["bag"][count:]
    t["island"] = t["island"] + drawn
    t["laid"] = t["island"]
    t["passed"] = (False,) * n
    t["phase"], t["turn"], t["held"], t["rewards"] = "take", t["order"][0], None, 0
    events.append(_ev("drawn", "day", {"day": C.DAYS - t["ship"] + 1, "player": t["order"][0],
                                       "tiles": list(drawn)}))


def _game_over(t: Table, events: list[Event]) -> None:
    from tutor.games.isle_of_cats.scoring import score_table, winners_of
    t["phase"], t["held"], t["rewards"] = "over", None, 0
    state = _freeze(dict(t))
    events.append(_ev("cards_revealed", "tasks", {"cards": [list(k) for k in t["kept"]]}))
    table = score_table(state)
    for b in table:                 # each boat's score line by line, as the engine counts it
        events.append(_ev("scored", "scoring", {"player": b.player, "lines": [line.to_json() for line in b.lines],
                                                "total": b.total}))
    totals = [b.total for b in table]
    won, why = winners_of(state)
    events.append(_ev("game_over", "tie" if why != "points" else "scoring",
                      {"winners": won, "totals": totals, "why": why}))


_CUTS: ContextVar[Optional[list[tuple[str, Table, int]]]] = ContextVar("isle_of_cats_cuts", default=None)


def stages(state: State, action: Action) -> Stages:
    """`apply`, cut where a teacher pauses: (stage, position, events of the stage). The action that ends a day
    (and draws the next day's tiles) has three stages: "placed" (the day's last tile on its boat, where the day
    ends by its cat tiles running out), "day_end" (the day over, the ship moved, its leftovers in the box, no new
    tiles yet) and "done"."""
    cuts: list[tuple[str, Table, int]] = []
    token = _CUTS.set(cuts)
    try:
        final, events = apply(state, action)
    finally:
        _CUTS.reset(token)
    out: Stages = []
    start = 0
    for name, table, upto in cuts:
        out.append((name, _freeze(table), events[start:upto]))
        start = upto
    out.append(("done", final, events[start:]))
    return out


def setup_stages(players: int, **kwargs: Any) -> Stages:
    """`setup` as one stage ("done"): the family cards are dealt and nothing else waits to be shown."""
    return [("done", setup(players, **kwargs), [])]


_HANDLERS = {KeepCards: _keep, Take: _take, Place: _place, TakeTreasure: _treasure, Decline: _decline,
             Pass: _pass}
_PHASES_OF = {KeepCards: ("keep",), Take: ("take",), Pass: ("take",), Place: ("place",),
              TakeTreasure: ("treasure",), Decline: ("treasure",)}
_PHASE_RULE = {"keep": "player-setup", "take": "day", "place": "placement", "treasure": "maps", "over": "scoring"}


# --------------------------------------------------------------------------- setup

def setup(players: int, *, seed: Optional[int] = None, variant: Iterable[str] = (), first: Optional[int] = None,
          boats: Optional[Iterable[str]] = None, dealt: Optional[Sequence[Iterable[str]]] = None,
          kept: Optional[Sequence[Iterable[str]]] = None, placed: Optional[Sequence[Iterable[Sequence[Any]]]] = None,
          island: Optional[Iterable[str]] = None, bag: Optional[Iterable[str]] = None, ship: int = C.DAYS,
          order: Optional[Iterable[int]] = None) -> State:
    """The opening state (or, with explicit components, any position a lesson needs).

    players: 2..4. seed: reproducible shuffles (the bag, the family cards, the first player). first: the seat
    that starts the first day (None: drawn with the seed). boats: the boat colour per seat (default blue, green,
    red, purple in seat order).

    A lesson's position: dealt (per seat, 3 family card ids each: the keep choice is next) or kept (per seat, 2
    ids each: the day begins), placed (per seat, (tile, orientation, x, y) rows, each legal in turn), island
    (the tiles around the island; else drawn from the bag up to 4 cat tiles a player), bag (the bag's order; else
    shuffled from the tiles placed nowhere, less 4 a player for each day gone by, in the box), ship (5 on the first day .. 1 on the last), order (the day's turn order).
    """
    check_setup(players, range(C.MIN_PLAYERS, C.MAX_PLAYERS + 1), variant, rule=_R + "setup")
    r = rng.seed_value(seed)
    if first is None:
        first, r = rng.choice(r, range(players))
    check_seat(first, players, rule=_R + "setup")
    assert first is not None     # check_seat refused anything but a seat
    boats_t = tuple(boats) if boats is not None else C.BOAT_COLOURS[:players]
    if len(boats_t) != players or len(set(boats_t)) != players or not set(boats_t) <= set(C.BOAT_COLOURS):
        colours = joined(_named("colour_name", c) for c in C.BOAT_COLOURS)
        raise _bad(Words("isle_of_cats.setup.boats", colours=colours))
    if isinstance(ship, bool) or not isinstance(ship, int) or not 1 <= ship <= C.DAYS:
        raise _bad(Words("isle_of_cats.setup.ship", days=C.DAYS))
    order_t = tuple(order) if order is not None else tuple((first + i) % players for i in range(players))
    if sorted(order_t) != list(range(players)):
        raise _bad(Words("isle_of_cats.setup.order"))
    if order is not None and first != order_t[0]:
        first = order_t[0]
    # family cards
    cards, r = rng.shuffled(r, C.ALL_FAMILY_CARDS)
    if dealt is not None and kept is not None:
        raise _bad(Words("isle_of_cats.setup.dealt_and_kept"))
    kept_t: tuple[tuple[str, ...], ...]
    dealt_t: tuple[tuple[str, ...], ...]
    used: list[str]
    if kept is not None:
        kept_t = tuple(tuple(k) for k in kept)
        dealt_t = ((),) * players
        if len(kept_t) != players or any(len(k) != C.CARDS_KEPT for k in kept_t):
            raise _bad(Words("isle_of_cats.setup.kept", n=C.CARDS_KEPT))
        used = [c for k in kept_t for c in k]
    else:
        dealt_t = (tuple(tuple(d) for d in dealt) if dealt is not None
                   else tuple(cards[s * C.CARDS_DEALT:(s + 1) * C.CARDS_DEALT] for s in range(players)))
        kept_t = ((),) * players
        if len(dealt_t) != players or any(len(d) != C.CARDS_DEALT for d in dealt_t):
            raise _bad(Words("isle_of_cats.setup.dealt", n=C.CARDS_DEALT))
        used = [c for d in dealt_t for c in d]
    if any(c not in C.FAMILY_CARDS for c in used) or len(set(used)) != len(used):
        raise _bad(Words("isle_of_cats.setup.cards"))
    unused = tuple(c for c in cards if c not in used)
    # tiles
    placed_t = tuple(tuple((str(tl), int(o), int(x), int(y)) for tl, o, x, y in rows)
                     for rows in (placed if placed is not None else [()] * players))
    if len(placed_t) != players:
        raise _bad(Words("isle_of_cats.setup.placed_boats", given=len(placed_t), players=players))
    on_boats = [row[0] for rows in placed_t for row in rows]
    every_bag = set(C.BAG_TILES)
    common = C.common_tiles(players)
    for tl in on_boats:
        if tl not in C.TILES or (C.KIND[tl] == "common" and tl not in common):
            raise _bad(Words("isle_of_cats.setup.no_tile", tile=repr(tl), players=players))
    if len(set(on_boats)) != len(on_boats):
        raise _bad(Words("isle_of_cats.setup.placed_twice"))
    for s, rows in enumerate(placed_t):
        occ = 0
        for tl, o, x, y in rows:
            found = G.AT.get((C.SHAPE[tl], o, x, y))
            if found is None:
                raise _bad(Words("isle_of_cats.setup.off_boat", tile=_named("tile_name", tl), x=x, y=y, turn=o))
            mask, nbrs = found
            if mask & occ or (occ and not nbrs & occ):
                raise _bad(Words("isle_of_cats.setup.overlap", tile=_named("tile_name", tl), player=_player(s)))
            occ |= mask
    supply = tuple(c for c in common if c not in on_boats)
    island_given = tuple(island) if island is not None else None
    taken = set(on_boats) | set(island_given or ())
    if island_given is not None and any(tl not in every_bag for tl in island_given):
        raise _bad(Words("isle_of_cats.setup.island"))
    if bag is not None:
        bag_t = tuple(bag)
        if any(tl not in every_bag for tl in bag_t) or taken & set(bag_t) or len(set(bag_t)) != len(bag_t):
            raise _bad(Words("isle_of_cats.setup.bag"))
        box = tuple(tl for tl in C.BAG_TILES if tl not in taken and tl not in bag_t)
    else:
        rest = tuple(tl for tl in C.BAG_TILES if tl not in taken)
        bag_t, r = rng.shuffled(r, rest)
        box = ()
        # a lesson's position later in the game (ship under 5, no bag given): the days gone by drew about 4 tiles a
        # player each, now back in the box, so the bag's count fits the day (a reader saw "the last day" over a bag
        # of 105). Taken from the bag's far end: what is drawn next, and so every island, is the same.
        # (the tiles already on the boats came out of those days' draws: only the rest went back to the box; counted
        # twice, a two-player board's last day showed a bag of 35, fewer than the game can leave, a reader, stop 57)
        drawn = (C.DAYS - ship) * C.TILES_PER_PLAYER * players
        gone = min(len(bag_t), max(0, drawn - sum(1 for tl in on_boats if tl in every_bag)))
        if gone:
            bag_t, box = bag_t[:len(bag_t) - gone], bag_t[len(bag_t) - gone:]
    t: Table = {
        "players": players, "boats": boats_t, "phase": "keep", "ship": ship, "order": order_t, "turn": first,
        "passed": (False,) * players, "bag": bag_t, "island": (), "box": box, "held": None, "rewards": 0,
        "supply": supply, "placed": placed_t, "dealt": dealt_t, "kept": kept_t, "unused": unused, "rng": r,
        "laid": (),
    }
    if island_given is not None:
        t["island"] = island_given
    if kept is not None:
        _start_day(t, [])
    state = _freeze(t)
    from tutor.games.isle_of_cats.checks import check_invariants
    problems = check_invariants(state)
    if problems:
        raise _bad(problems[0])
    return state


def _bad(problem: Words) -> RuleViolation:
    return refused(_R + "setup", problem)


def _named(namer: str, thing: Any) -> Callable[[str], str]:
    """`thing` as tutor.games.isle_of_cats.text's `namer` says it in the reader's language (read only when said)."""
    def said(lang: str) -> str:
        from tutor.games.isle_of_cats import text
        said_it: str = getattr(text, namer)(thing, lang)
        return said_it
    return said


def _player(seat: int) -> Callable[[str], str]:
    """The seat as the reader's language names a player ("Player 2")."""
    def said(lang: str) -> str:
        from tutor.core.i18n import player_name
        return player_name(seat, lang)
    return said
