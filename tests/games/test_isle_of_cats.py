"""Острів котів (family rules): the components against the component data, each rule by its rulebook section on the
engine, the rulebook's five family pictures and its family table number for number, a boat scored with rats, an
unfilled room and two family cards, rulings, hidden information, JSON. The generic contract (random games, views,
JSON at every step) is tests/test_conformance.py and tests/games/test_state_machine.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from helpers import mentions

from tutor.core.errors import RuleViolation, SavedStateError
from tutor.core.rules import section
from tutor.games import isle_of_cats as g
from tutor.games.isle_of_cats import bots, components as C, geometry as G, scoring
from tutor.games.isle_of_cats.rules import Decline, KeepCards, Pass, Place, Take, TakeTreasure

R = "isle_of_cats:"
LANGS = ("en", "uk")
IDS = set(C.TILES) | set(C.ALL_FAMILY_CARDS)


def refused(state, action, rule: str) -> RuleViolation:
    """The action is refused citing `rule`, in words naming no internal id, and the state is unchanged."""
    before = g.to_json(state)
    with pytest.raises(RuleViolation) as info:
        g.apply(state, action)
    assert info.value.rule == R + rule, (info.value.rule, info.value.explain("en"))
    for lang in LANGS:
        words = info.value.explain(lang)
        assert section(R + rule).heading in words
        assert not any(mentions(words, i) for i in IDS), words
    assert g.to_json(state) == before
    return info.value


def kinds(events) -> list[str]:
    return [e.kind.split(".", 1)[1] for e in events]


def kept_game(players=2, *, placed=None, island=None, first=0, **kw):
    """A position where the day has begun: every player kept two family cards."""
    kept = [C.ALL_FAMILY_CARDS[2 * s:2 * s + 2] for s in range(players)]
    return g.setup(players, seed=1, first=first, kept=kept, placed=placed, island=island, **kw)


def cells_of(state, seat):
    return set(G.cells_of(g.occupied(state.placed[seat])))


# --------------------------------------------------------------------------- components vs the data

def test_the_bag_holds_85_cats_of_17_shapes_in_5_colours_and_25_rare_treasures():
    """«ПЕРЕД ПОЧАТОКМ ГРИ»: every cat of the five colours and every rare treasure; no common treasure."""
    cats = [t for t in C.BAG_TILES if C.KIND[t] == "cat"]
    assert len(cats) == 85 and len(C.CAT_SHAPES) == 17 and len(C.CAT_COLOURS) == 5
    for colour in C.CAT_COLOURS:
        assert sorted(C.SHAPE[t] for t in cats if C.COLOUR[t] == colour) == sorted(C.CAT_SHAPES)
    rare = [t for t in C.BAG_TILES if C.KIND[t] == "rare"]
    assert len(rare) == 25 and {C.SHAPE[t] for t in rare} == {"L", "T", "O", "S", "I"}
    assert all(C.SHAPE_SIZE[C.SHAPE[t]] == 4 for t in rare)
    assert len(C.COMMON_SHAPES) == 4 and not any(C.KIND[t] == "common" for t in C.BAG_TILES)
    assert [C.SHAPE_SIZE[s] for s in C.COMMON_SHAPES] == [1, 2, 3, 3]
    assert len(C.FAMILY_CARDS) == 18


def test_the_seven_rooms_tile_the_boat_exactly():
    cells = [c for room in C.ROOMS for c in room]
    assert len(cells) == len(set(cells)) == 142
    assert set(cells) == C.BOAT_CELLS
    assert [len(r) for r in C.ROOMS] == [18, 11, 11, 18, 20, 4, 60]
    assert sum(C.COLUMN_HEIGHTS) == 142 and len(C.COLUMN_HEIGHTS) == C.WIDTH == 22 and C.HEIGHT == 9


@pytest.mark.parametrize("boat", C.BOAT_COLOURS)
def test_each_boats_rats_and_five_maps_lie_on_the_boat(boat):
    assert len(set(C.RATS[boat])) == len(C.RATS[boat]) == 19
    assert set(C.RATS[boat]) <= C.BOAT_CELLS
    assert sorted(C.MAPS[boat]) == sorted(C.CAT_COLOURS)
    assert set(C.MAPS[boat].values()) <= C.BOAT_CELLS and len(set(C.MAPS[boat].values())) == 5


def test_the_common_supply_is_5_8_11_of_each_shape():
    """«ЗАГАЛЬНІ ПРИГОТУВАННЯ» 3."""
    for players, each in ((2, 5), (3, 8), (4, 11)):
        s = g.setup(players, seed=1)
        assert len(s.supply) == 4 * each
        assert g.view(s, 0)["supply"] == {shape: each for shape in C.COMMON_SHAPES}


# --------------------------------------------------------------------------- orientations

def _images(cells):
    """Every image of a shape under turns and flips, counted independently of the engine."""
    out = set()
    for flip in (1, -1):
        for turn in range(4):
            pts = [(flip * x, y) for x, y in cells]
            for _ in range(turn):
                pts = [(y, -x) for x, y in pts]
            mx, my = min(x for x, _ in pts), min(y for _, y in pts)
            out.add(frozenset((x - mx, y - my) for x, y in pts))
    return out


@pytest.mark.parametrize("shape,count", [("O", 1), ("I", 2), ("T", 4), ("L", 8), ("S", 4), ("monomino", 1),
                                         ("domino", 2), ("L-tromino", 4), ("cat13", 1), ("cat16", 2)])
def test_symmetric_shapes_have_fewer_orientations(shape, count):
    """«РОЗМІЩЕННЯ ПЛИТОК»: tiles may be turned and flipped; repeats of a symmetric shape are one orientation."""
    assert len(G.ORIENTATIONS[shape]) == count


@pytest.mark.parametrize("shape", list(C.SHAPES))
def test_every_shape_has_its_distinct_images_once(shape):
    orients = G.ORIENTATIONS[shape]
    assert {frozenset(o) for o in orients} == _images(C.shape_cells(shape))
    assert len(set(orients)) == len(orients)
    assert orients[0] == tuple(sorted(C.shape_cells(shape)))      # orientation 0: as printed


# --------------------------------------------------------------------------- setup and a day

def test_setup_deals_three_family_cards_and_the_ship_stands_on_5():
    """«ПРИГОТУВАННЯ ГРАВЦЯ» C and «ЗАГАЛЬНІ ПРИГОТУВАННЯ» 2."""
    s = g.setup(3, seed=4)
    assert s.phase == "keep" and s.ship == 5 and s.day == 1
    assert [len(d) for d in s.dealt] == [3, 3, 3] and len(s.unused) == 18 - 9
    assert len(s.bag) == 110 and not s.island
    assert sorted(g.to_move(s)) == [0, 1, 2]
    assert len(g.legal_actions(s, 0)) == 3            # three ways to keep two of three


def test_keeping_two_cards_is_secret_and_the_day_begins_when_all_have_kept():
    """«ПРИГОТУВАННЯ ГРАВЦЯ» C: keep 2 of 3 face down; the third goes back to the box."""
    s = g.setup(2, seed=8, first=1)
    a, b, third = s.dealt[0]
    s1, ev = g.apply(s, KeepCards(0, (a, b)))
    assert s1.kept[0] == (a, b) and third in s1.unused and s1.phase == "keep"
    told = json.dumps([e.for_viewer(1).to_json() for e in ev])
    assert a not in told and b not in told
    assert ev[0].narrate("uk") and "долілиць" in ev[0].for_viewer(1).narrate("uk")
    refused(s1, KeepCards(0, s.dealt[0][1:]), "player-setup")
    refused(s1, KeepCards(1, (a, b)), "player-setup")          # not dealt to player 2
    refused(s1, KeepCards(1, (s.dealt[1][0],) * 2), "player-setup")
    s2, ev = g.apply(s1, KeepCards(1, s.dealt[1][1:]))
    assert s2.phase == "take" and s2.turn == 1
    # 4 cat tiles a player («ПЕРЕБІГ ГРИ» 1), and the rare treasures drawn with them (ruling rare-in-draw)
    cats = [t for t in s2.island if C.KIND[t] == "cat"]
    assert len(cats) == 8 and len(s2.bag) == 110 - len(s2.island) and C.KIND[s2.island[-1]] == "cat"
    assert kinds(ev)[-1] == "drawn"


def test_two_cards_kept_are_one_action_whichever_is_named_first():
    """The contract suite named a legal keep with its cards the other way round: apply took it, legal_actions did
    not list it. The cards kept are a set: both orders are the same action, listed and applied alike."""
    s = g.setup(4, seed=28)
    for p in range(4):
        for action in g.legal_actions(s, p):
            if isinstance(action, KeepCards):
                turned = KeepCards(p, tuple(reversed(action.keep)))
                assert turned == action and turned in g.legal_actions(s, p)
                assert g.to_json(g.apply(s, turned)[0]) == g.to_json(g.apply(s, action)[0])
    assert KeepCards(3, ("card-164", "card-158")) in g.legal_actions(s, 3)


def test_a_taken_tile_is_placed_at_once_and_turns_follow_the_order():
    """«ПЕРЕБІГ ГРИ» 2: take one tile around the island and lay it on your boat at once; then the next player."""
    s = kept_game(3, first=2)
    assert s.order == (2, 0, 1) and s.turn == 2
    tile = s.island[0]
    refused(s, Take(0, tile), "day")                             # not player 1's turn
    refused(s, Place(2, 0, 7, 0), "day")                         # nothing taken yet: take one first
    s, ev = g.apply(s, Take(2, tile))
    assert s.phase == "place" and s.held == tile and tile not in s.island
    refused(s, Pass(2), "placement")                             # the taken tile must be laid first
    s, ev = g.apply(s, g.legal_actions(s, 2)[0])
    assert s.turn == 0 and s.phase == "take" and s.placed[2][0][0] == tile


def test_first_tile_anywhere_later_tiles_touch_along_a_side():
    """«ПЕРША ПЛИТКА» anywhere; «РЕШТА ПЛИТОК»: along a side, a corner is not enough; «РОЗМІЩЕННЯ ПЛИТОК»: no
    overlap, wholly on the boat."""
    mono = "rare-O-1"           # a 2 x 2 square
    s = kept_game(2, island=("rare-O-1", "rare-O-2", "cat-red-16", "cat-blue-16"))
    s, _ = g.apply(s, Take(0, mono))
    refused(s, Place(0, 0, 21, 4), "placement")                   # the bow is one square wide
    refused(s, Place(0, 0, -1, 3), "placement")
    refused(s, Place(0, 1, 7, 0), "placement")                    # O has one orientation
    s, ev = g.apply(s, Place(0, 0, 7, 0))
    assert ev[0].rule == R + "first-tile" and cells_of(s, 0) == {(7, 0), (8, 0), (7, 1), (8, 1)}
    s, _ = g.apply(s, Take(1, "cat-red-16"))
    s, _ = g.apply(s, g.legal_actions(s, 1)[0])
    s, _ = g.apply(s, Take(0, "rare-O-2"))
    refused(s, Place(0, 0, 8, 1), "placement")                    # overlaps
    refused(s, Place(0, 0, 9, 2), "other-tiles")                  # touches (8, 1) only at a corner
    refused(s, Place(0, 0, 12, 5), "other-tiles")                 # far away
    s, ev = g.apply(s, Place(0, 0, 9, 1))                         # shares the side (8, 1)-(9, 1)
    assert ev[0].rule == R + "other-tiles"
    legal = g.legal_actions(s, 1)
    assert all(isinstance(a, (Take, Pass)) for a in legal)


def test_legal_placements_are_exactly_those_the_rules_allow():
    """Every legal placement touches along a side, overlaps nothing and lies on the boat, and every other
    position of the tile is refused (checked against a brute force over the grid)."""
    s = kept_game(2, placed=[[("cat-green-16", 0, 9, 2)], []], island=("cat-blue-2", "rare-T-1"))
    s, _ = g.apply(s, Take(0, "cat-blue-2"))
    legal = {(a.orientation, a.x, a.y) for a in g.legal_actions(s, 0)}
    occ = cells_of(s, 0)
    expect = set()
    for o, cells in enumerate(G.ORIENTATIONS["cat2"]):
        for x in range(-1, 23):
            for y in range(-1, 10):
                placed = {(x + dx, y + dy) for dx, dy in cells}
                side = {(a + dx, b + dy) for a, b in placed for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
                if placed <= C.BOAT_CELLS and not placed & occ and side & occ:
                    expect.add((o, x, y))
    assert legal == expect and legal


def test_a_tile_that_fits_nowhere_cannot_be_taken_and_then_only_pass_is_left(monkeypatch):
    """«РОЗМІЩЕННЯ ПЛИТОК»: you cannot take a tile you cannot place (ruling must-pass)."""
    from tutor.games.isle_of_cats import rules
    s = kept_game(2, placed=[[("cat-green-16", 0, 9, 2)], []], island=("cat-blue-2", "common-monomino-1")[:1])
    # every square but four in a row is covered: a 5-square cat fits nowhere
    full = G.BOAT & ~G.mask_of([(9, 0), (10, 0), (11, 0), (12, 0)])
    monkeypatch.setattr(rules, "occupied", lambda placed: full if placed is s.placed[0] else 0)
    assert g.legal_actions(s, 0) == [Pass(0)]
    refused(s, Take(0, "cat-blue-2"), "placement")


def test_passing_is_for_the_rest_of_the_day_and_when_all_pass_the_leftovers_go_to_the_box():
    """«ПЕРЕБІГ ГРИ» 3 (all passed: the tiles left go back to the box) and ruling pass-for-the-day: the ship
    moves, the first player goes last."""
    s = kept_game(3, first=0)
    island = s.island
    s, ev = g.apply(s, Pass(0))
    assert s.turn == 1 and s.passed == (True, False, False)
    s, _ = g.apply(s, Take(1, s.island[0]))
    s, _ = g.apply(s, g.legal_actions(s, 1)[0])
    assert s.turn == 2                                              # player 1 is skipped from now on
    s, _ = g.apply(s, Pass(2))
    assert s.turn == 1
    s, ev = g.apply(s, Pass(1))
    assert kinds(ev)[:3] == ["passed", "day_ended", "order"]
    assert len(ev[1].data["returned"]) == len(island) - 1 and set(ev[1].data["returned"]) <= set(island)
    assert set(ev[1].data["returned"]) <= set(s.box)
    assert s.ship == 4 and s.day == 2 and s.order == (1, 2, 0) and s.turn == 1 and s.passed == (False,) * 3
    assert sum(C.KIND[t] == "cat" for t in s.island) == 12
    assert ev[1].narrate("uk").startswith("День 1 закінчився: усі спасували, тож ")


def test_the_day_draws_4_cat_tiles_a_player_and_lays_out_the_rare_treasures_drawn_with_them():
    """«ПЕРЕБІГ ГРИ» 1: «4 плитки котів за кожного гравця»; a rare treasure drawn on the way goes around the island
    too and does not count (ruling rare-in-draw). Over many bags, every day of every table holds exactly 4 cats a
    player (the old engine drew 4 tiles a player of any kind)."""
    for players in (2, 3, 4):
        for seed in range(40):
            s = g.setup(players, seed=seed, first=0, kept=[("card-15%d" % (2 * i + 1), "card-15%d" % (2 * i + 2))
                                                          for i in range(players)])
            cats = [t for t in s.island if C.KIND[t] == "cat"]
            assert len(cats) == 4 * players, (players, seed)
            assert set(s.island) - set(cats) <= set(C.RARE_TILES)
    bag = ("rare-O-1", "cat-blue-1", "rare-T-1", "rare-I-1") + tuple(C.CAT_TILES[1:8]) + ("rare-S-1",)
    s = kept_game(2, bag=bag)
    assert s.island == bag[:11] and s.bag == ("rare-S-1",)     # 8 cats and the 3 rare treasures among them
    told = [e for e in g.apply(*_keep_both(bag))[1] if e.kind == "isle_of_cats.drawn"][0]
    assert told.narrate("uk") == ("День 1: гравець 1 тягне з мішечка, доки не набере 8 плиток котів; рідкісних "
                                  "скарбів серед витягнутого: 3. Усе це лягає навколо острова.")
    assert told.narrate("en").startswith("Day 1: Player 1 draws from the bag until 8 cat tiles are out; rare "
                                         "treasures drawn with them: 3.")


def _keep_both(bag):
    s = g.setup(2, first=0, bag=bag, seed=1)
    s, _ = g.apply(s, KeepCards(0, s.dealt[0][:2]))
    return s, KeepCards(1, s.dealt[1][:2])


def test_the_day_ends_when_the_cat_tiles_run_out_and_the_rare_treasures_left_go_to_the_box():
    """«ПЕРЕБІГ ГРИ» 2-3: the day goes on «поки плитки котів не вичерпаються»; then every tile left goes back to
    the box. The old engine went on while only rare treasures lay around the island."""
    s = kept_game(2, island=("cat-blue-16", "rare-O-1", "rare-T-1"))
    s, _ = g.apply(s, Take(0, "cat-blue-16"))
    s, ev = g.apply(s, Place(0, 0, 3, 2))
    assert kinds(ev)[:3] == ["placed", "day_ended", "order"]
    assert ev[1].data["returned"] == ["rare-O-1", "rare-T-1"] and not ev[1].data["everyone_passed"]
    assert {"rare-O-1", "rare-T-1"} <= set(s.box) and s.ship == 4
    assert ev[1].narrate("uk") == ("День 1 закінчився: плиток котів не лишилося, тож 2 плитки повертаються в "
                                   "коробку. Корабель Веша рухається далі (поділка 4).")
    one = kept_game(2, island=("cat-blue-16", "rare-O-1"))
    one, _ = g.apply(one, Take(0, "cat-blue-16"))
    _, ev = g.apply(one, Place(0, 0, 3, 2))
    assert "1 плитка повертається в коробку" in ev[1].narrate("uk")        # not «1 плитку повертаються»
    assert "1 tile goes back to the box" in ev[1].narrate("en")


def test_five_days_then_scoring():
    """«ПЕРЕБІГ ГРИ»: after five days Vesh arrives; the game is scored."""
    s = kept_game(2)
    days = 0
    while not g.is_over(s):
        p = g.to_move(s)[0]
        s, ev = g.apply(s, Pass(p) if s.phase == "take" else bots.choose(s, p, random.Random(0)))
        days += "day_ended" in kinds(ev)
    assert days == 5 and s.ship == 0 and kinds(ev)[-4:] == ["cards_revealed", "scored", "scored", "game_over"]
    assert [e.data["total"] for e in ev if e.kind == "isle_of_cats.scored"] == [b.total for b in g.score(s)]
    # review L8: a player's name inside a Ukrainian sentence is not capitalised («Перемагає Гравець 1.»)
    told = ev[-1].narrate("uk")
    assert "ає Гравець" not in told and "ами Гравець" not in told and "гравець" in told, told
    # every day's draw went to the box: 4 cat tiles a player and the rare treasures drawn with them
    assert sum(C.KIND[t] == "cat" for t in s.box) == 5 * 8 and len(s.box) == 110 - len(s.bag)
    refused(s, Pass(0), "scoring")


def test_stages_pause_at_the_end_of_a_day_before_the_next_tiles():
    s = kept_game(2)
    s, _ = g.apply(s, Pass(0))
    stages = g.stages(s, Pass(1))
    assert [name for name, _, _ in stages] == ["day_end", "done"]
    paused = stages[0][1]
    assert not paused.island and paused.ship == 4
    assert stages[-1][1] == g.apply(s, Pass(1))[0]
    # the pause shows tomorrow's turn order, its first player to move, as the day's summary says (reader W6)
    after = stages[-1][1]
    assert paused.order == after.order != s.order and paused.turn == after.order[0]
    # ... and nobody as passed: a pass lasts its day ("(passed)" stood by both players under the words that the day
    # was over, a reader of wave 18)
    assert s.passed == (True, False) and paused.passed == (False, False)


# --------------------------------------------------------------------------- treasure maps

def test_a_cat_on_its_own_colour_map_earns_a_common_treasure_placed_by_the_same_rules():
    """«МАПИ СКАРБІВ»: a cat over the map of its colour earns one common treasure at once; «РЕШТА ПЛИТОК»: it must touch a tile."""
    # blue boat: the blue map is at (14, 1); a blue 1x5 cat standing in column 14 rows 0..4 covers it
    s = kept_game(2, island=("cat-blue-16", "cat-red-16"))
    s, _ = g.apply(s, Take(0, "cat-blue-16"))
    s, ev = g.apply(s, Place(0, 0, 14, 0))
    assert "map_found" in kinds(ev) and s.phase == "treasure" and s.rewards == 1
    assert {a for a in g.legal_actions(s, 0)} == {TakeTreasure(0, sh) for sh in C.COMMON_SHAPES} | {Decline(0)}
    refused(s, Pass(0), "maps")
    refused(s, TakeTreasure(0, "hat"), "maps")
    s, ev = g.apply(s, TakeTreasure(0, "domino"))
    assert s.phase == "place" and C.SHAPE[s.held] == "domino" and len(s.supply) == 19
    refused(s, Place(0, 0, 2, 3), "other-tiles")                     # it must touch the boat's tiles
    refused(s, Place(0, 0, 15, 0), "placement")                       # (15, 0) is off the boat
    s, ev = g.apply(s, Place(0, 1, 15, 1))                            # standing: (15, 1), (15, 2)
    assert s.turn == 1 and s.phase == "take"


def test_another_colour_over_a_map_earns_nothing():
    """«МАПИ СКАРБІВ»: other tiles may cover a map, with no treasure."""
    s = kept_game(2, island=("cat-red-16", "cat-blue-16"))
    s, _ = g.apply(s, Take(0, "cat-red-16"))
    s, ev = g.apply(s, Place(0, 0, 14, 0))                            # over the blue map
    assert "map_covered" in kinds(ev) and "map_found" not in kinds(ev) and s.turn == 1
    # drills audit (#32): «Мапу скарбів (синя) накриває…» put a nominative after the accusative noun
    from tutor.games.isle_of_cats.text import narrate
    said = narrate(next(e for e in ev if e.kind.endswith("map_covered")), "uk")
    assert said.startswith("Синю мапу скарбів накриває червоний кіт"), said
    assert narrate(next(e for e in ev if e.kind.endswith("map_covered")), "en").startswith("The red cat"), said


def test_a_map_reward_may_be_declined_and_a_shape_that_ran_out_cannot_be_taken():
    """«ЗАГАЛЬНІ ПРИГОТУВАННЯ» 3: when a shape runs out it can no longer be taken; «МАПИ СКАРБІВ»: the treasure may be let go."""
    dominoes = [("common-domino-%d" % i, 1, 8 + i, 6) for i in range(1, 6)]    # all 5 dominoes, standing
    s = kept_game(2, placed=[[("cat-green-16", 0, 13, 0)] + [("common-domino-1", 0, 12, 5)], []],
                  island=("cat-blue-16",))
    s2 = kept_game(2, placed=[[], [("cat-green-16", 0, 8, 2)] + dominoes], island=("cat-blue-16", "cat-red-1"))
    assert not [t for t in s2.supply if C.SHAPE[t] == "domino"]
    s, _ = g.apply(s, Take(0, "cat-blue-16"))
    s, _ = g.apply(s, Place(0, 0, 14, 0))
    s_no, ev = g.apply(s, Decline(0))
    assert kinds(ev)[0] == "declined" and s_no.turn == 1 and len(s_no.supply) == len(s.supply)
    # the second position: player 1 earns a map with every domino on player 2's boat
    s2, _ = g.apply(s2, Take(0, "cat-blue-16"))
    s2, _ = g.apply(s2, Place(0, 0, 14, 0))
    assert TakeTreasure(0, "domino") not in g.legal_actions(s2, 0)
    refused(s2, TakeTreasure(0, "domino"), "general-setup")


# --------------------------------------------------------------------------- families (the rulebook's pictures)

def boat(*rows):
    """A boat's placements, validated by setup (each tile touching an earlier one)."""
    s = g.setup(2, seed=1, kept=[C.ALL_FAMILY_CARDS[:2], C.ALL_FAMILY_CARDS[2:4]], placed=[list(rows), []])
    return s.placed[0]


def orient(shape, cells):
    """The orientation whose shape is `cells` (normalised)."""
    mx, my = min(x for x, _ in cells), min(y for _, y in cells)
    want = tuple(sorted((x - mx, y - my) for x, y in cells))
    return G.ORIENTATIONS[shape].index(want)


ROOM5_T = ("rare-T-1", orient("T", [(20, 3), (20, 4), (20, 5), (21, 4)]), 20, 3)


def sizes(placed):
    return [(f.colour, f.size) for f in scoring.families(placed)]


def test_picture_1_three_orange_cats_make_a_family_of_three():
    """«КОТЯЧІ РОДИННИ» 1: three orange cats joined along sides."""
    b = boat(("cat-orange-16", 0, 7, 0), ("cat-orange-9", 0, 8, 0), ("cat-orange-10", 0, 9, 0))
    assert sizes(b) == [("orange", 3)]


def test_picture_2_four_blue_cats_make_a_family_of_four():
    b = boat(("cat-blue-16", 0, 7, 0), ("cat-blue-9", 0, 8, 0), ("cat-blue-10", 0, 9, 0), ("cat-blue-5", 0, 10, 2))
    assert sizes(b) == [("blue", 4)]


def test_picture_3_two_red_cats_are_no_family():
    b = boat(("cat-red-16", 0, 7, 0), ("cat-red-9", 0, 8, 0))
    assert sizes(b) == [] and [f.size for f in scoring.groups(b)] == [2]


def test_picture_4_two_red_pairs_touching_at_a_corner_are_no_family():
    """Two red pairs meet only corner to corner at (9, 3)/(10, 4); a domino joins the boat's tiles."""
    b = boat(("cat-red-16", 0, 7, 0), ("cat-red-9", 0, 8, 0), ("common-domino-1", 0, 8, 4),
             ("cat-red-10", 0, 10, 4), ("cat-red-5", 0, 12, 4))
    assert sizes(b) == []
    assert sorted(f.size for f in scoring.groups(b)) == [2, 2]


def test_picture_5_three_orange_cats_around_one_make_a_family_of_three():
    b = boat(("cat-orange-16", 0, 7, 0), ("cat-orange-10", 0, 8, 0), ("cat-orange-9", 0, 8, 3))
    assert sizes(b) == [("orange", 3)]


def test_tiles_not_squares_are_counted_and_a_treasure_does_not_join_a_family():
    """Ruling treasure-not-cat: a red pair either side of a domino stays two pairs."""
    b = boat(("cat-red-16", 0, 7, 0), ("common-I-tromino-1", 1, 8, 0), ("cat-red-15", 1, 9, 0),
             ("cat-red-13", 0, 10, 2))
    assert [f.size for f in scoring.groups(b)] == [2, 1]


@pytest.mark.parametrize("size,points", [(1, 0), (2, 0), (3, 8), (4, 11), (5, 15), (6, 20), (7, 25), (8, 30),
                                         (10, 40)])
def test_the_family_table(size, points):
    """«КОТАЧІ РОДИНИ»: 8, 11, 15, 20 and 5 more for each cat beyond 6 (a family of 8 scores 30)."""
    assert C.family_points(size) == points


def test_a_boat_scored_with_rats_rooms_a_family_and_two_family_cards():
    """«ЩУРИ» −1 a visible rat, «КАЮТИ» −5 an unfilled room, «КОТАЧІ РОДИНИ», «ЗАВДАННЯ».

    The blue boat with picture 2's four blue cats: they cover the rats at (7, 3) and (8, 3), so 17 of its 19 rats
    show (−17); no room is filled (−35); the family of 4 (+11); card 153 counts the 3 cats on the edge (the three
    in row 0), 1 point per pair (+1); card 166 gives 2 a visible rat (+34). Total −6."""
    b = boat(("cat-blue-16", 0, 7, 0), ("cat-blue-9", 0, 8, 0), ("cat-blue-10", 0, 9, 0), ("cat-blue-5", 0, 10, 2))
    assert len(scoring.visible_rats(b, "blue")) == 17
    assert scoring.unfilled_rooms(b) == list(range(7))
    bd = scoring.breakdown(b, "blue", ("card-153", "card-166"))
    assert [line.points for line in bd.lines] == [-17, -35, 11, 1, 34]
    assert bd.total == -6
    assert [line.rule for line in bd.lines] == [R + "rats", R + "rooms", R + "families", R + "tasks", R + "tasks"]
    for lang in LANGS:
        assert not any(mentions(line.label(lang), i) for line in bd.lines for i in IDS)


def test_a_cat_that_joins_a_family_says_so_with_its_points():
    """«КОТЯЧІ РОДИНИ»: the move that makes or grows a family says how many tiles it now has and what it scores (the
    board showed "3 → 8" and the play log did not, a reader); a cat alone, or two, says nothing of a family."""
    from tutor.games.isle_of_cats.text import narrate
    s = kept_game(2, placed=[[("cat-blue-16", 0, 7, 0)], []], island=("cat-blue-9", "cat-blue-10", "cat-red-1"))
    s, _ = g.apply(s, Take(0, "cat-blue-9"))
    s, ev = g.apply(s, Place(0, 0, 8, 0))
    assert ev[0].data["family"] == 0 and "family" not in narrate(ev[0], "en")
    s, _ = g.apply(s, Pass(1))
    s, _ = g.apply(s, Take(0, "cat-blue-10"))
    s, ev = g.apply(s, Place(0, 0, 9, 0))
    assert ev[0].data["family"] == 3 == scoring.families(s.placed[0])[0].size
    said = narrate(ev[0], "en")
    assert "blue family now has 3 tiles" in said and f"{C.family_points(3)} points" in said
    assert "3 плитки" in narrate(ev[0], "uk") and f"{C.family_points(3)} очок" in narrate(ev[0], "uk")


def test_a_filled_room_scores_no_penalty():
    """«КАЮТИ»: the bow's 4-square parrot room (20, 3), (20, 4), (20, 5), (21, 4) filled by a T treasure."""
    room5 = C.ROOMS[5]
    assert room5 == {(20, 3), (20, 4), (20, 5), (21, 4)}
    b = boat(ROOM5_T)
    covered = set(G.cells_of(scoring.covered(b)))
    assert room5 <= covered and 5 in scoring.filled_rooms(b) and 5 not in scoring.unfilled_rooms(b)


def test_family_cards_card_by_card():
    """«ЗАВДАННЯ» with the rulings: edge, five of a colour, treasures, largest family (ties score), third family."""
    b = boat(("cat-blue-16", 0, 7, 0), ("cat-blue-9", 0, 8, 0), ("cat-blue-10", 0, 9, 0), ("cat-blue-5", 0, 10, 2),
             ("rare-O-1", 0, 11, 0))
    assert scoring.card_points("card-151", b, "blue") == (3, 3)        # 3 blue cats in row 0
    assert scoring.card_points("card-152", b, "blue") == (0, 0)
    assert scoring.card_points("card-159", b, "blue") == (0, 4)        # 4 blue, not 5
    assert scoring.card_points("card-164", b, "blue") == (2, 1)
    assert scoring.card_points("card-154", b, "blue")[0] == 0
    assert scoring.card_points("card-168", b, "blue") == (0, 0)        # one family: no third
    other = boat(("cat-red-16", 0, 7, 0), ("cat-red-9", 0, 8, 0), ("cat-red-10", 0, 9, 0), ("cat-red-5", 0, 10, 2))
    both = [scoring.families(b), scoring.families(other)]
    assert scoring.card_points("card-165", b, "blue", both) == (10, 1)      # tied for the largest: both score
    assert scoring.card_points("card-165", other, "red", both) == (10, 1)
    small = boat(("cat-red-16", 0, 7, 0), ("cat-red-9", 0, 8, 0), ("cat-red-10", 0, 9, 0))
    assert scoring.card_points("card-165", small, "red", both + [scoring.families(small)]) == (0, 0)


def test_ties_are_broken_by_filled_rooms_then_shared(monkeypatch):
    """«НІЧИЯ»: the most filled rooms wins; still tied, the victory is shared."""
    s = g.setup(2, seed=1, first=0, kept=[("card-164", "card-157"), ("card-159", "card-160")])
    while not g.is_over(s):
        s, ev = g.apply(s, Pass(g.to_move(s)[0]))
    assert [b.total for b in g.score(s)] == [-19 - 35, -19 - 35]        # two empty boats, cards scoring 0
    assert scoring.winners_of(s) == ([0, 1], "shared") and g.winners(s) == [0, 1]
    assert ev[-1].data["why"] == "shared" and ev[-1].rule == R + "tie"
    # equal points, but player 2 filled a room
    b = boat(ROOM5_T)
    s2 = g.setup(2, seed=1, first=0, kept=[("card-164", "card-157"), ("card-159", "card-160")], placed=[[], b])
    monkeypatch.setattr(scoring, "score_table", lambda state: [scoring.Breakdown(0, ()), scoring.Breakdown(1, ())])
    assert scoring.winners_of(s2) == ([1], "rooms")


# --------------------------------------------------------------------------- hidden information, JSON, seeds

def test_another_players_family_cards_and_the_bag_never_show_in_a_view():
    s = g.setup(3, seed=11)
    for viewer in range(3):
        text = json.dumps(g.view(s, viewer))
        for other in range(3):
            for card in s.dealt[other]:
                assert mentions(text, card) == (other == viewer)
        assert not any(mentions(text, c) for c in s.unused)
        assert not any(mentions(text, t) for t in s.bag)
    for p in range(3):
        s, _ = g.apply(s, g.legal_actions(s, p)[0])
    for viewer in range(3):
        text = json.dumps(g.view(s, viewer))
        for other in range(3):
            for card in s.kept[other]:
                assert mentions(text, card) == (other == viewer)
        assert g.secrets(s, viewer) >= set(s.unused) | set(s.bag)
    assert all(len(line_set.lines) == 2 for line_set in g.score(s))      # no card line before the end


def test_json_round_trip_and_a_malformed_position_is_refused():
    s = kept_game(2)
    s, _ = g.apply(s, Take(0, s.island[0]))
    text = g.to_json(s)
    back = g.state_from_json(text)
    assert back == s and g.to_json(back) == text
    data = json.loads(text)
    for change, words in [(("ship", 9), "ship"), (("held", "cat-pink-1"), "held"), (("bag", data["bag"][1:]), "missing"),
                          (("format", "tutor/maui/1"), "not a saved position of The Isle of Cats")]:
        bad = dict(data)
        bad[change[0]] = change[1]
        with pytest.raises(SavedStateError) as info:
            g.state_from_json(json.dumps(bad))
        assert words in str(info.value)
    overlap = dict(data)
    overlap["placed"] = [[["cat-blue-1", 0, 7, 0], ["cat-red-1", 0, 7, 0]], []]
    overlap["island"] = [t for t in data["island"] if t not in ("cat-blue-1", "cat-red-1")]
    overlap["bag"] = [t for t in data["bag"] if t not in ("cat-blue-1", "cat-red-1")]
    with pytest.raises(SavedStateError):
        g.state_from_json(json.dumps(overlap))
    for a in (KeepCards(0, ("card-151", "card-152")), Take(1, "cat-red-3"), Place(0, 2, 3, 4),
              TakeTreasure(1, "L-tromino"), Decline(0), Pass(1)):
        assert g.action_from_json(json.loads(json.dumps(a.to_json()))) == a


def test_the_same_seed_gives_the_same_game():
    def play(seed):
        s = g.setup(4, seed=seed)
        r = random.Random(seed)
        while not g.is_over(s):
            p = r.choice(g.to_move(s))
            s, _ = g.apply(s, r.choice(g.legal_actions(s, p)))
        return s
    assert play(3) == play(3) and g.to_json(play(3)) == g.to_json(play(3))
    assert g.setup(4, seed=3).bag != g.setup(4, seed=4).bag


# --------------------------------------------------------------------------- words and the bot

def test_narration_names_tiles_by_colour_and_size_never_by_id():
    s = kept_game(2, island=("cat-orange-1", "rare-T-1"))
    s, ev1 = g.apply(s, Take(0, "cat-orange-1"))
    s, ev2 = g.apply(s, Place(0, 0, 7, 0))
    words = {lang: " ".join(e.narrate(lang) for e in ev1 + ev2) for lang in LANGS}
    assert "orange cat of 5 squares" in words["en"]
    assert "оранжевий кіт на 5 клітинок" in words["uk"]
    assert not any(mentions(w, i) for w in words.values() for i in IDS)
    from tutor.games.isle_of_cats.text import tile_name
    assert tile_name("rare-T-1", "uk") == "рідкісний скарб-трійник"
    # newcomer C9: a rare treasure by its look, never by a letter (O/L/S/I; «О» is the orange map's letter)
    import re as _re
    for lang in LANGS:
        for t in C.RARE_TILES:
            assert not _re.search(r"\b[OLSITОЛ]\b", tile_name(t, lang)), tile_name(t, lang)
    assert len({tile_name(f"rare-{k}-1", "uk") for k in C.RARE_SHAPES}) == 5


def test_the_score_helper_names_shapes_by_size_and_look_never_by_number():
    """Review L2: the shape list read «15: 4 клітинок» (the data's numbering, and no plural form)."""
    from tutor.games.isle_of_cats.sandbox import ScoreHelper
    h = ScoreHelper(lang="uk")
    said = [label for label, _ in h.shape.options]
    assert said[0] == "4 клітинки: ·▪▪/▪▪·"           # the smallest first, drawn; 5 and 6 take «клітинок»
    assert not any(label.split(":")[0].isdigit() for label in said) and len(set(said)) == len(said) == 17
    h.kind.value = "rare"
    assert [label for label, _ in h.shape.options][2] == "квадратний рідкісний скарб"


def test_every_ruling_and_section_has_words_in_both_languages():
    for r in g.RULINGS:
        assert r.say("en") and r.say("uk") and r.say("en") != r.say("uk")
    for sec in g.SECTIONS:
        assert sec.title("en") and sec.title("uk")
    for card in C.ALL_FAMILY_CARDS:
        assert any(r.id.endswith(card) or r.id.endswith("card-five") for r in g.RULINGS) or card in {
            "card-159", "card-160", "card-161", "card-162", "card-163"}


def test_the_bot_keeps_whole_games_legal_and_fills_its_boat_better_than_chance():
    covered_bot, covered_random = 0, 0
    for seed in range(3):
        for use_bot in (True, False):
            s = g.setup(2, seed=seed)
            r = random.Random(seed)
            while not g.is_over(s):
                p = g.to_move(s)[0]
                legal = g.legal_actions(s, p)
                a = bots.choose(s, p, r) if use_bot else r.choice([x for x in legal if not isinstance(x, Pass)]
                                                                     or legal)
                assert a in legal
                s, _ = g.apply(s, a)
            got = sum(len(G.cells_of(g.occupied(s.placed[q]))) for q in range(2))
            score = sum(b.total for b in g.score(s))
            if use_bot:
                covered_bot += score
            else:
                covered_random += score
    assert covered_bot > covered_random


def test_a_condition_card_that_failed_says_so_in_its_score_line():
    """Review T1: a condition card that scored 0 read as met («…: жодного видимого щура (0)» right after «Видимі
    щури: 1»). Each condition card has a met and a not-met line; the rats card is checked both ways."""
    from tutor.games.isle_of_cats.scoring import breakdown
    one = [("cat-blue-16", 0, 3, 2)]
    lines = {ln.key: ln for ln in breakdown(one, "blue", ("card-154", "card-155", "card-165", "card-168")).lines}
    said = lines["isle_of_cats.score.card-154.not"].label("uk")
    assert "не виконано" in said and not said.endswith("жодного видимого щура")
    assert "not met" in lines["isle_of_cats.score.card-154.not"].label("en")
    assert {"isle_of_cats.score.card-155.not", "isle_of_cats.score.card-168.not"} <= set(lines)
    assert "isle_of_cats.score.card-165.not" in lines           # a boat with no family has no largest one
    none_rats = breakdown([], "blue", ("card-154",)).lines[-1]
    assert none_rats.key == "isle_of_cats.score.card-154.not"   # an empty boat shows its rats


def test_every_lesson_position_could_happen_at_a_table():
    """Review T2: a common treasure comes only as a map's reward («МАПИ СКАРБІВ»), so no boat in a lesson position
    holds more common treasures than its maps covered by a cat of their own colour (three positions held commons
    no map had paid for)."""
    from pathlib import Path
    import yaml
    from tutor.games.isle_of_cats.scenario import setup as lesson_setup
    root = Path(__file__).resolve().parents[2] / "lessons" / "isle_of_cats"
    checked = 0
    for path in sorted(root.glob("*/*.yaml")):
        s = lesson_setup(yaml.safe_load(path.read_text(encoding="utf-8"))["setup"])
        for seat, rows in enumerate(s.placed):
            commons = sum(C.KIND[t] == "common" for t, *_ in rows)
            paid = sum(1 for t, o, x, y in rows if C.KIND[t] == "cat"
                       and G.MAPS[s.boats[seat]][C.COLOUR[t]] & G.AT[(C.SHAPE[t], o, x, y)][0])
            assert commons <= paid, f"{path.name}: player {seat + 1} holds {commons} common treasures, {paid} paid"
            checked += 1
    assert checked >= 40


def test_the_rulings_list_names_each_section_once_and_says_tutor_in_ukrainian():
    """Newcomer walkthrough: ten lines began "Family cards («ЗАВДАННЯ»):"; the rulings of one section are now grouped
    under its name. Club teacher (#32): the program called itself «тренер» here and «тьютор» in the other Ukrainian
    lesson (Паперові океани) and in the tutor's own messages: it is «тьютор» everywhere in this game's Ukrainian."""
    from tutor import lesson
    for lang in LANGS:
        html = lesson.rulings("isle_of_cats", lang).value
        assert html.count("«ЗАВДАННЯ»") == 1 and html.count("<li") == len(g.RULINGS)
    uk = lesson.rulings("isle_of_cats", "uk").value
    assert "Рішення тьютора" in uk and "тренер" not in uk
    root = Path(__file__).resolve().parents[2]
    texts = [root / "lessons" / "isle_of_cats" / "lesson.uk.md",
             root / "tutor" / "games" / "isle_of_cats" / "locale" / "uk" / "LC_MESSAGES" / "isle_of_cats.po"]
    texts += sorted((root / "lessons" / "isle_of_cats").glob("*/*.yaml"))
    assert not [p.name for p in texts if "тренер" in p.read_text(encoding="utf-8").lower()]


def test_the_bag_short_ruling_counts_are_the_components():
    """Ruling bag-short: 85 cat tiles in the bag, 80 drawn at most (4 a player, 4 players, 5 days)."""
    most = C.TILES_PER_PLAYER * C.MAX_PLAYERS * C.DAYS
    assert most <= len(C.CAT_TILES)
    for lang in LANGS:
        said = next(r for r in g.RULINGS if r.id.endswith("/bag-short")).say(lang)
        assert str(len(C.CAT_TILES)) in said and str(most) in said, said


@pytest.mark.parametrize("name,step", [("a-day", 7), ("keep-cards", 1)])
def test_the_rare_treasures_a_worked_example_counts_in_a_draw_are_the_engines(name, step):
    """a-day and keep-cards say how many rare treasures came out of the bag with the day's cats: the engine's
    draw, replayed."""
    from pathlib import Path
    from tutor.core.scenario import load_file, replay
    data = load_file(Path(__file__).resolve().parents[2] / "lessons" / "isle_of_cats" / "scenarios" / f"{name}.yaml")
    frames = replay(data).frames
    drawn = [e for f in frames for e in f.events if e.kind == "isle_of_cats.drawn"][-1]
    rares = sum(C.KIND[t] == "rare" for t in drawn.data["tiles"])
    say = data["steps"][step]["say"]
    assert f"the {rares} rare treasures" in say["en"] or f"{rares} rare treasures" in say["en"], say["en"]
    assert f"{rares} рідкісн" in say["uk"], say["uk"]


def test_take_a_tile_task_has_one_tile_that_fits_and_says_which():
    """Part 3's task: of the five cats around the island, only the one its explanation names fits the boat (a
    tile that fits nowhere cannot be taken, «РОЗМІЩЕННЯ ПЛИТОК»)."""
    from pathlib import Path
    import yaml
    from tutor.games.isle_of_cats.scenario import setup as lesson_setup
    from tutor.games.isle_of_cats.text import tile_name
    data = yaml.safe_load((Path(__file__).resolve().parents[2] / "lessons" / "isle_of_cats" / "tasks"
                           / "take-a-tile.yaml").read_text(encoding="utf-8"))
    s = lesson_setup(data["setup"])
    fits = [t for t in s.island if g.can_take(s, 0, t)]
    assert len(fits) == 1 and len(s.island) == 5
    assert tile_name(fits[0], "en") in data["explain"]["en"] and tile_name(fits[0], "uk").split()[0] == "зелений"
    assert tile_name(fits[0], "uk") in data["explain"]["uk"]
    # no answer by its size alone: another tile around the island is as large as the one that fits (a reader picked
    # the only cat of 4 squares among cats of 5 without looking at the boat)
    size = C.SHAPE_SIZE[C.SHAPE[fits[0]]]
    assert sum(C.SHAPE_SIZE[C.SHAPE[t]] == size for t in s.island) >= 2
    for t in s.island:
        if t not in fits:
            refused(s, Take(0, t), "placement")


def test_ukrainian_wording_names_players_mid_sentence_in_lower_case_and_never_says_tutor():
    """Newcomer (after #22): «Сімейні карти відкрито: Гравець 1: …», «Я — Гравець 1: показати мої карти» (a capital
    mid-sentence), «Ви — гравець 1 і взяли…», and the connection-lost notice's «тьютор», a word the lesson never
    uses."""
    from pathlib import Path

    import yaml

    from tutor.core.events import Event
    from tutor.core.i18n import text
    from tutor.games.isle_of_cats.text import narrate
    said = narrate(Event("isle_of_cats.cards_revealed", "isle_of_cats:tasks",
                         {"cards": [["card-153", "card-166"], ["card-159", "card-167"]]}), "uk")
    assert "гравець 1:" in said and "Гравець 1" not in said, said
    over = narrate(Event("isle_of_cats.game_over", "isle_of_cats:scoring",
                         {"winners": [0], "totals": [40, 30], "why": "points"}), "uk")
    assert "Підсумок: гравець 1: " in over, over
    assert text("ui.take_device", "uk", player="Гравець 1").startswith("Гравець 1 — це я")
    for lang in ("uk", "ru"):
        assert "тьютор" not in text("ui.page.lost", lang)
    folder = Path(__file__).resolve().parents[2] / "lessons" / "isle_of_cats" / "tasks"
    for path in folder.glob("*.yaml"):
        assert "гравець 1 і взяли" not in yaml.safe_load(path.read_text(encoding="utf-8"))["prompt"]["uk"], path.name


def test_a_later_days_position_has_a_bag_that_fits_the_day_and_the_same_island():
    """Fresh reader ZC2 (stop 48): "the last day" over a bag of 105. A position set later in the game (ship under
    5, no bag given) has put back in the box 4 tiles a player for each day gone by, from the bag's far end, so the
    tiles drawn next (the island) are the same."""
    first = g.setup(3, seed=4)
    last = g.setup(3, seed=4, ship=1)
    assert len(last.bag) == len(first.bag) - 4 * 4 * 3 and len(last.box) == 4 * 4 * 3
    assert last.bag == first.bag[:len(last.bag)] and set(last.bag) | set(last.box) == set(first.bag)


def test_a_later_days_bag_counts_the_tiles_on_the_boats_among_the_days_draws():
    """A reader (stop 57) found a two-player last day with a bag of 35: the tiles already on the boats came out of
    the days gone by, and were put back in the box as well. Every lesson position's bag holds at least what the days
    gone by can have left: the whole bag less 4 tiles a player a day, and less the rare treasures."""
    from tutor.widgets.your_turn import YourTurn
    folder = Path(__file__).resolve().parents[2] / "lessons" / "isle_of_cats" / "tasks"
    rare = sum(1 for t in C.BAG_TILES if C.KIND[t] != "cat")
    for path in sorted(folder.glob("*.yaml")):
        state = YourTurn(f"isle_of_cats/{path.stem}", lang="en").state
        least = len(C.BAG_TILES) - (C.DAYS - state.ship + 1) * 4 * state.players - rare
        assert len(state.bag) >= least, (path.stem, len(state.bag), least)
