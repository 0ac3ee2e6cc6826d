"""Острів котів drills (tutor.core.drill): endless questions on positions reached by seeded play, each answered by
the engine.

    may-it-go     may the held tile lie where the board shows it? (yes, or which placement rule forbids it)
    treasure-map  laid where the board shows it, does the held tile earn a treasure? (a cat on its own colour's map)
    which-take    which of the tiles around the island may you take? (a tile that fits nowhere cannot be taken)
    families      which colours make a family on your boat? (3+ cat tiles of a colour joined along sides)
    boat-score    what does your boat score for rats, rooms and families?

A position comes from a seeded game (rules.setup with the drill's random seed, then legal moves chosen by a quick
greedy player: the take of tutor.games.isle_of_cats.bots, a compact placement), stopped at a random moment. Every
answer comes from the engine: `apply` accepts or refuses the asked placement, `legal_actions` lists the tiles that
may be taken, `scoring` finds the families and the boat's score lines. A refused move's reason is the engine's own
refusal, carried in an "isle_of_cats.refused" event (narrated by tutor.games.isle_of_cats.text) so that "show me
why" cites its rule like any event.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Optional

from tutor.core.drill import Drill, Option, Question
from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.scoring import Breakdown
from tutor.core.wording import Words
from tutor.games.isle_of_cats import bots
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats import scoring
from tutor.games.isle_of_cats.rules import (
    Action, Decline, Pass, Place, State, Take, apply, island_numbers, legal_actions, occupied, setup, stages, to_move,
)
from tutor.games.isle_of_cats.text import points_text, tile_name

_R = "isle_of_cats:"
_D = "isle_of_cats.drill."


# --------------------------------------------------------------------------- reaching a position

def _place(state: State, seat: int, rng: random.Random) -> Place:
    """A quick placement: among the legal ones, the one touching most covered squares, then covering most rats and
    touching cats of its colour (compact boats that make families), ties broken at random."""
    tile = str(state.held)
    shape, colour = C.SHAPE[tile], C.COLOUR[tile]
    occ = occupied(state.placed[seat])
    rats = G.RATS[state.boats[seat]] & ~occ
    same = 0
    if colour is not None:
        for t, o, x, y in state.placed[seat]:
            if C.COLOUR[t] == colour:
                same |= G.AT[(C.SHAPE[t], o, x, y)][0]
    best, best_key = [], -1
    for m, n, o, x, y in G.legal_masks(shape, occ):
        # beside its own colour first: random boats with every colour scattered were not what players build (a
        # reader), and a family drill needs groups to ask about
        key = (n & occ).bit_count() + 2 * (m & rats).bit_count() + (12 if n & same else 0) + rng.getrandbits(2)
        if key > best_key:
            best, best_key = [(o, x, y)], key
        elif key == best_key:
            best.append((o, x, y))
    return Place(seat, *rng.choice(best))


def _move(state: State, rng: random.Random, cats_only: bool = False) -> Action:
    seat = to_move(state)[0]
    if state.phase == "keep":
        return rng.choice(legal_actions(state, seat))
    if state.phase == "place":
        return _place(state, seat, rng)
    if cats_only:
        # a drill shown before treasures are taught (part 5): its players take cats only and let a map's treasure go,
        # so no treasure lies on a boat the learner is asked about
        legal = legal_actions(state, seat)
        cats = [a for a in legal if isinstance(a, Take) and C.COLOUR[a.tile] is not None]
        if cats:
            return max(cats, key=lambda a: (C.SHAPE_SIZE[C.SHAPE[a.tile]], rng.random()))
        let_go = [a for a in legal if isinstance(a, (Decline, Pass))]
        if let_go:
            return let_go[0]
    takes = [a for a in legal_actions(state, seat) if isinstance(a, Take)]
    if takes and rng.random() < 0.8:
        # most takes go to a colour already on the boat, as a player building families takes them
        held: dict[Optional[str], int] = {}
        for tile, *_ in state.placed[seat]:
            held[C.COLOUR[tile]] = held.get(C.COLOUR[tile], 0) + 1
        return max(takes, key=lambda a: (held.get(C.COLOUR[a.tile], 0) if C.COLOUR[a.tile] else -1,
                                         C.SHAPE_SIZE[C.SHAPE[a.tile]], rng.random()))
    return bots.choose(state, seat, rng)


def _play(rng: random.Random, stop: Callable[[State], bool], players: Optional[int] = None,
          cats_only: bool = False) -> Optional[State]:
    """A seeded game from its setup, played until `stop(state)` holds (None if the game ends first)."""
    state = setup(players or rng.choice((2, 2, 3, 4)), seed=rng.randrange(1 << 30))
    while not state.over:
        if stop(state):
            return state
        state, _ = apply(state, _move(state, rng, cats_only))
    return None


def _refused(exc: RuleViolation) -> Event:
    """The engine's refusal as an event for "show me why": its rule, its catalogue key and parameters."""
    params = {k: v for k, v in exc.params.items() if isinstance(v, (str, int))}
    return Event("isle_of_cats.refused", exc.rule, {"key": exc.key, "params": params})


# what a placement may set going that is no longer the placement: the day it closes, the next day's order and draw,
# the game's end and its scoring
_LATER = frozenset("isle_of_cats." + k for k in ("day_ended", "order", "drawn", "cards_revealed", "scored",
                                                 "game_over"))


def _placed(state: State, move: Place) -> Optional[tuple[State, tuple[Event, ...]]]:
    """(position, events) of a legal placement, cut at its own end: the last placement of a day closes the day and
    draws the next day's tiles in the same move, and "show me why" shows none of that (the engine's pause right
    after the tile is placed is the position shown, the events stop before the day ends). None if the placement
    ends the game with no such pause (the last position would show the final scores)."""
    _stage, after, events = stages(state, move)[0]
    if after.over:
        return None
    cut = next((i for i, e in enumerate(events) if e.kind in _LATER), len(events))
    return after, tuple(events[:cut])


def _boat_key(state: State, seat: int) -> str:
    return ";".join(f"{t},{o},{x},{y}" for t, o, x, y in state.placed[seat])


# --------------------------------------------------------------------------- may it go here?

# the engine's refusal keys, by the answer they give
_FAULTS = {"isle_of_cats.err.overlap": "overlap", "isle_of_cats.err.outside": "outside",
           "isle_of_cats.err.not_touching": "side", "isle_of_cats.err.touches_nothing": "side"}
_GO = ("yes", "overlap", "outside", "side")


def _candidate(kind: str, shape: str, occ: int, rng: random.Random) -> Optional[tuple[int, int, int]]:
    """An (orientation, x, y) near the boat's tiles that, by the drill's own reckoning, is of `kind`; the engine
    decides the answer afterwards (this only makes every kind of question come up)."""
    rows = G.PLACEMENTS[shape]
    if kind == "yes":
        pool = [r for r in rows if not r[0] & occ and r[1] & occ]
    elif kind == "overlap":      # over a tile, though touching the others: only the overlap is wrong
        pool = [r for r in rows if r[0] & occ and r[1] & occ and bin(r[0] & occ).count("1") <= 2]
    elif kind == "side":         # free squares that meet the tiles at a corner only
        pool = [r for r in rows if not r[0] & occ and not r[1] & occ and G.corner_neighbours(r[0]) & occ]
    else:                        # squares off the boat's tapered ends or sides, the rest free and touching a tile
        pool = []
        grown = _grow(occ)
        for _ in range(60):
            o = rng.randrange(len(G.ORIENTATIONS[shape]))
            cells = G.placed_cells(shape, o, 0, 0)
            w = max(x for x, _ in cells) + 1
            h = max(y for _, y in cells) + 1
            x, y = rng.randrange(C.WIDTH - w + 1), rng.randrange(C.HEIGHT - h + 1)
            placed = [(x + dx, y + dy) for dx, dy in cells]
            on = [p for p in placed if p in C.BOAT_CELLS]
            if len(on) == len(placed) or len(on) * 2 < len(placed):
                continue
            m = G.mask_of(on)
            if m & occ or not m & grown:
                continue
            pool.append((m, 0, o, x, y))
    if not pool:
        return None
    _m, _n, o, x, y = rng.choice(pool)
    return o, x, y


def _grow(mask: int) -> int:
    """The squares beside the mask's squares (along a side), on the boat."""
    out = 0
    for x, y in G.cells_of(mask):
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if (x + dx, y + dy) in C.BOAT_CELLS:
                out |= G.bit(x + dx, y + dy)
    return out & ~mask


def _corners_only(shape: str, o: int, x: int, y: int, occ: int) -> list[tuple[int, int]]:
    """The boat's taken squares that a tile placed at (o, x, y) would meet only corner to corner."""
    found = G.AT.get((shape, o, x, y))
    if found is None:
        return []
    mask = found[0]
    cells = set(G.cells_of(mask))
    sides = _grow(mask)
    out = set()
    for cx, cy in cells:
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            q = (cx + dx, cy + dy)
            if q in C.BOAT_CELLS and q not in cells and occ & G.bit(*q) and not sides & G.bit(*q):
                out.add(q)
    return sorted(out)


def may_it_go(rng: random.Random) -> Optional[Question]:
    want = rng.randint(2, 16)
    state = _play(rng, lambda s: s.phase == "place" and len(s.placed[s.turn]) >= want, cats_only=True)
    if state is None:
        return None
    seat, tile = state.turn, str(state.held)
    occ = occupied(state.placed[seat])
    at = _candidate(rng.choice(_GO), C.SHAPE[tile], occ, rng)
    if at is None:
        return None
    o, x, y = at
    after: Optional[State]
    events: tuple[Event, ...]
    why: tuple[Event, ...]
    try:
        apply(state, Place(seat, o, x, y))
    except RuleViolation as exc:
        if exc.key not in _FAULTS:
            return None
        answer, why, after, events = _FAULTS[exc.key], (_refused(exc),), None, ()
        # "show me why" draws the refused place hatched with its ✗ where it was asked, not the refusal in words only
        marks: tuple[str, ...] = (f"boat:{seat}", f"try:{seat}:{o},{x},{y}")
        if answer == "side":
            # and rings the squares it meets only corner to corner: on a phone's 13 px squares a teacher took such a
            # contact for a side
            marks += tuple(f"cell:{seat}:{cx},{cy}" for cx, cy in _corners_only(C.SHAPE[tile], o, x, y, occ))
    else:
        # "show me why" rings the tiles it shares a side with (a reader was told "it shares a side with one already
        # there" and could not see which)
        found = G.AT.get((C.SHAPE[tile], o, x, y))
        beside = _grow(found[0]) if found is not None else 0
        marks = (f"boat:{seat}",) + tuple(f"tile:{t}" for t, to, tx, ty in state.placed[seat]
                                          if G.AT[(C.SHAPE[t], to, tx, ty)][0] & beside)
        placed = _placed(state, Place(seat, o, x, y))
        # nor one that finds a treasure map's reward: maps are taught after placing (part 5)
        if placed is None or placed[0].phase == "treasure":
            return None
        after, events = placed
        answer, why = "yes", events
    name = _tile(tile)
    return Question(
        drill="isle_of_cats/may-it-go",
        key=f"may-it-go|{seat}|{state.boats[seat]}|{_boat_key(state, seat)}|{tile}|{o},{x},{y}",
        state=state, viewer=seat,
        prompt=Words(_D + "go.prompt", tile=name, player=_player(seat)),
        options=tuple(Option(k, Words(_D + "go." + k)) for k in _GO),
        # (a tile that meets the others at a corner only breaks «РЕШТА ПЛИТОК», as the engine's refusal says: the
        # answer cited «РОЗМІЩЕННЯ ПЛИТОК», the quiz above it the other, a reader, stop 59)
        answer=frozenset({answer}), rule=_R + ("other-tiles" if answer == "side" else "placement"),
        hint=Words(_D + "go.hint"),
        explain=Words(_D + "go.explain." + answer, tile=name),
        # (no ring round the whole boat: a second dashed outline beside the question's own, never explained, which a
        # reader of wave 23 could not tell from it; the boat asked about is the large one)
        why=why, highlight=(f"ask:{seat}:{o},{x},{y}", f"near:{seat}"), why_highlight=marks,
        after=after, events=tuple(events))


# --------------------------------------------------------------------------- does it find a treasure?

def _map_places(state: State, found: bool) -> list[G.Row]:
    """The held tile's legal places over a map of its boat: over its own colour's map (`found`), or over a map only
    of other colours (a treasure tile, having no colour, finds nothing)."""
    seat, tile = state.turn, str(state.held)
    maps = G.MAPS[state.boats[seat]]
    every = 0
    for cell in maps.values():
        every |= cell
    colour = C.COLOUR[tile]
    own = maps[colour] if colour is not None else 0
    over = [r for r in G.legal_masks(C.SHAPE[tile], occupied(state.placed[seat])) if r[0] & every]
    return [r for r in over if bool(r[0] & own) == found]


def treasure_map(rng: random.Random) -> Optional[Question]:
    want = rng.randint(1, 12)
    # the answer is drawn first, half and half, and play goes on to a held tile that has such a place (a cat often
    # has no place over its own map that fits): the engine then says what the place finds
    found = rng.random() < 0.5
    state = _play(rng, lambda s: s.phase == "place" and len(s.placed[s.turn]) >= want and bool(_map_places(s, found)))
    if state is None:
        return None
    seat, tile = state.turn, str(state.held)
    _m, _n, o, x, y = rng.choice(_map_places(state, found))
    placed = _placed(state, Place(seat, o, x, y))         # a legal place: the engine says what it found
    if placed is None:
        return None
    after, events = placed
    kinds = {e.kind for e in events}
    found = "isle_of_cats.map_found" in kinds
    answer = "yes" if found else "no"
    reason = "yes" if found else ("colour" if "isle_of_cats.map_covered" in kinds else "treasure")
    name = _tile(tile)
    return Question(
        drill="isle_of_cats/treasure-map",
        key=f"treasure-map|{seat}|{state.boats[seat]}|{_boat_key(state, seat)}|{tile}|{o},{x},{y}",
        state=state, viewer=seat,
        prompt=Words(_D + "map.prompt", tile=name, player=_player(seat)),
        options=(Option("yes", Words(_D + "map.yes")), Option("no", Words(_D + "map.no"))),
        answer=frozenset({answer}), rule=_R + "maps",
        hint=Words(_D + "map.hint"),
        explain=Words(_D + "map.explain." + reason),
        why=events, highlight=(f"ask:{seat}:{o},{x},{y}", f"near:{seat}"),
        after=after, events=events)


# --------------------------------------------------------------------------- which tiles may you take?

def which_take(rng: random.Random) -> Optional[Question]:
    def stop(s: State) -> bool:
        if s.phase != "take" or s.ship > 2:
            return False
        takes = {a.tile for a in legal_actions(s, s.turn) if isinstance(a, Take)}
        return bool(takes) and len(takes) < len(s.island) and len(s.island) >= 2
    state = _play(rng, stop, players=rng.choice((2, 3)), cats_only=True)
    if state is None:
        return None
    seat = state.turn
    takes = {a.tile for a in legal_actions(state, seat) if isinstance(a, Take)}
    # up to five of the tiles, as few unfit as two at most, the rest fit ones; asked in the island's order. Tiles the
    # learner cannot tell apart by name (a colour's cats of one size come in several shapes, rare treasures of one
    # shape look alike) are asked together or not at all, and never when their answers differ
    fit = {i for i, t in enumerate(state.island) if t in takes}
    names: dict[str, list[int]] = {}
    for i, t in enumerate(state.island):
        names.setdefault(tile_name(t), []).append(i)
    alike = [g for g in names.values() if len({i in fit for i in g}) == 1]
    rng.shuffle(alike)
    asked: list[int] = []
    for fits, most, total in ((False, rng.choice((1, 2)), 4), (True, rng.randint(2, 4), 5)):
        have = 0
        for g in alike:
            if (g[0] in fit) == fits and have < most and len(asked) + len(g) <= total:
                asked += g
                have += len(g)
    asked.sort()
    # each tile by its number around the island, as the board numbers it (kept as tiles are taken that day)
    number = island_numbers(state)
    options, answer, why = [], set(), []
    for i in asked:
        tile, key = state.island[i], str(number[i])
        options.append(Option(key, Words(_D + "take.option", pos=number[i], tile=_tile(tile, capital=True))))
        try:
            apply(state, Take(seat, tile))
            answer.add(key)
            said = "fits"
        except RuleViolation:
            said = "unfit"
        # each asked tile by its place around the island, whether it fits or not (an event, so "show me why" cites
        # the rule; narrated like a refusal, in the drill's own words)
        why.append(Event("isle_of_cats.refused", _R + "placement",
                         {"key": _D + "take." + said, "params": {"tile": tile, "pos": number[i]}}))
    if not answer or len(answer) == len(options):
        return None
    # "show me why" draws where each tile that may be taken fits, numbered as around the island (the words alone said
    # "it fits somewhere", which a learner cannot check on a phone's small squares)
    fit_marks = tuple(f"fit:{seat}:{number[i]}:{state.island[i]}:{o},{x},{y}"
                 for i, (o, x, y) in _fit_places(state, seat, [i for i in asked if str(number[i]) in answer]))
    return Question(
        drill="isle_of_cats/which-take",
        key=f"which-take|{seat}|{state.boats[seat]}|{_boat_key(state, seat)}|{','.join(state.island)}",
        state=state, viewer=seat,
        prompt=Words(_D + "take.prompt", player=_player(seat)),
        options=tuple(options), answer=frozenset(answer), rule=_R + "placement",
        hint=Words(_D + "take.hint"),
        explain=Words(_D + "take.explain", n=len(answer)),
        why=tuple(why), highlight=(f"boat:{seat}",) + tuple(f"tile:{state.island[i]}" for i in asked), multi=True,
        why_highlight=(f"boat:{seat}",) + tuple(f"tile:{state.island[i]}" for i in asked) + fit_marks)


def _fit_places(state: State, seat: int, tiles: list[int]) -> list[tuple[int, tuple[int, int, int]]]:
    """(island index, a place it fits) for each of `tiles`: its top-left legal place, on squares no outline before it
    takes where the boat allows (they are shown together)."""
    occ = occupied(state.placed[seat])
    shown = 0                   # the squares the outlines drawn so far take
    out: list[tuple[int, tuple[int, int, int]]] = []
    for i in tiles:
        rows = G.legal_masks(C.SHAPE[state.island[i]], occ)
        if not rows:
            continue
        free = [r for r in rows if not r[0] & shown]
        m, _n, o, x, y = min(free or rows, key=lambda r: (r[3], r[4], r[2]))
        shown |= m
        out.append((i, (o, x, y)))
    return out


# --------------------------------------------------------------------------- which colours make a family?

def _family_question(state: State, seat: int
                     ) -> Optional[tuple[list[str], set[str], list[scoring.Family]]]:
    """(colours shown, colours with a family, groups) when the boat makes a question worth asking: two colours
    or more with 2+ cats, some but not all of them a family, and a colour with 3+ cats that makes none."""
    placed = state.placed[seat]
    groups = scoring.groups(placed)              # every same-colour group of cats joined along sides
    count = {c: sum(g.size for g in groups if g.colour == c) for c in C.CAT_COLOURS}
    shown = [c for c in C.CAT_COLOURS if count[c] >= 2]
    answer = {f.colour for f in scoring.families(placed)}
    if len(shown) < 2 or not answer or answer >= set(shown):
        return None
    if not any(c not in answer and count[c] >= 3 for c in shown):
        return None
    return shown, answer, groups


def families(rng: random.Random) -> Optional[Question]:
    want = rng.randint(6, 16)
    state = _play(rng, lambda s: (s.phase == "take" and len(s.placed[s.turn]) >= want
                                  and _family_question(s, s.turn) is not None))
    if state is None:
        return None
    seat = state.turn
    placed = state.placed[seat]
    asked = _family_question(state, seat)
    assert asked is not None          # the game stopped where it holds
    shown, answer, groups = asked
    # a colour with no family: its largest group joined along sides has one tile or two
    misses = [Words(_D + f"family.split.{max(g.size for g in groups if g.colour == c)}", colour=Words(_D + "cats." + c))
              for c in shown if c not in answer]
    # what "show me why" says, each family by its colour and size (an event citing the rule, as the others' whys)
    found = tuple(Event("isle_of_cats.refused", _R + "families",
                        {"key": _D + "family.found", "params": {"colour": f.colour, "n": f.size}})
                  for f in scoring.families(placed))
    return Question(
        drill="isle_of_cats/families",
        key=f"families|{seat}|{state.boats[seat]}|{_boat_key(state, seat)}",
        state=state, viewer=seat,
        prompt=Words(_D + "family.prompt", player=_player(seat)),
        options=tuple(Option(c, Words(_D + "cats." + c)) for c in shown),
        answer=frozenset(answer), rule=_R + "families",
        hint=Words(_D + "family.hint"),
        explain=_join([Words(_D + "family.explain", n=len(answer))] + misses),
        why=found, highlight=(f"boat:{seat}", f"near:{seat}"), multi=True,
        # "show me why" draws what the words say: each family outlined with its size (its points are part 9's: a
        # score line and "Total" here read as the boat's score, a reader), and every cat of a colour that makes none
        # ringed, so its groups can be seen apart
        why_highlight=(f"kin:{seat}",) + tuple(f"tile:{tile}" for g in groups if g.colour not in answer
                                                     and g.colour in shown for tile in g.tiles))


# --------------------------------------------------------------------------- what does this boat score?

def boat_score(rng: random.Random) -> Optional[Question]:
    # boats of 6 to 14 tiles: a phone draws a boat's squares about 15 px wide, and a learner must count them
    want = rng.randint(6, 14)
    need = rng.random() < 0.85          # most boats asked about have a family to count
    state = _play(rng, lambda s: (s.phase == "take" and len(s.placed[s.turn]) >= want
                                  and (not need or bool(scoring.families(s.placed[s.turn])))))
    if state is None:
        return None
    seat = state.turn
    b = scoring.breakdown(state.placed[seat], state.boats[seat], (), None, seat)
    rats, rooms, *fams = b.lines
    right = b.total
    # the slips a player makes: a line forgotten, a family scored one size off, a room or a rat miscounted
    wrong = {right - rats.points, right - rooms.points, right + C.UNFILLED_ROOM_POINTS,
             right - C.UNFILLED_ROOM_POINTS, right + C.RAT_POINTS, right - C.RAT_POINTS}
    for line in fams:
        n = dict(line.params)["n"]
        wrong.add(right - line.points)
        wrong.add(right - line.points + C.family_points(n + 1))
    wrong.discard(right)
    picks = rng.sample(sorted(wrong), 3)
    values = sorted([right] + picks)
    return Question(
        drill="isle_of_cats/boat-score",
        key=f"boat-score|{seat}|{state.boats[seat]}|{_boat_key(state, seat)}",
        state=state, viewer=seat,
        prompt=Words(_D + "score.prompt", player=_player(seat)),
        options=tuple(Option(str(v), _points(v)) for v in values),
        answer=frozenset({str(right)}), rule=_R + "scoring",
        hint=Words(_D + "score.hint", rat=_points(-C.RAT_POINTS), room=_points(-C.UNFILLED_ROOM_POINTS),
                   table=", ".join(str(C.FAMILY_POINTS[n]) for n in sorted(C.FAMILY_POINTS)), extra=C.FAMILY_EXTRA),
        explain=Words(_D + "score.explain", total=_points(right)),
        # the boat asked about alone, as large as the screen lets it be: the other boats and the island answer nothing
        # (no ring round it: drawn alone, a dashed navy line round the whole boat read as a mark to explain, a reader)
        why=(b,), highlight=(f"alone:{seat}",),
        # "show me why" draws the lines on the boat: the unfilled rooms' open squares, the rats in sight, the families
        why_highlight=(f"alone:{seat}", f"open:{seat}", f"rats:{seat}", f"families:{seat}"))


# --------------------------------------------------------------------------- words

def _tile(tile: str, capital: bool = False) -> Callable[[str], str]:
    def name(lang: str) -> str:
        said = tile_name(tile, lang)
        return said[:1].upper() + said[1:] if capital else said
    return name


def _points(n: int) -> Callable[[str], str]:
    return lambda lang: points_text(n, lang)


def _player(seat: int) -> Callable[[str], str]:
    """"Player 1" mid-sentence: «Ви — гравець 1» (the catalogue's isle_of_cats.player_mid: English keeps its capital)."""
    from tutor.games.isle_of_cats.text import player_mid_sentence
    return lambda lang: player_mid_sentence(seat, lang)


def _join(parts: list[Any]) -> Callable[[str], str]:
    from tutor.core.wording import say
    return lambda lang: " ".join(say(p, lang) for p in parts)


DRILLS = (
    Drill("isle_of_cats/may-it-go", "part-placing", Words(_D + "go.title"), _R + "placement", may_it_go),
    Drill("isle_of_cats/which-take", "part-day", Words(_D + "take.title"), _R + "placement", which_take),
    Drill("isle_of_cats/treasure-map", "part-maps", Words(_D + "map.title"), _R + "maps", treasure_map),
    Drill("isle_of_cats/families", "part-families", Words(_D + "family.title"), _R + "families", families),
    Drill("isle_of_cats/boat-score", "part-family-points", Words(_D + "score.title"), _R + "scoring", boat_score),
)
