"""Aqua Fest SVG: well-formed, accessible, shows exactly what the view allows, draws every kind of cell
distinctly, points where it is asked to, and lays collected fragments out as scored shells."""

from __future__ import annotations

import importlib
import re
import xml.etree.ElementTree as ET

import helpers
import pytest
from helpers import by_class, data_cards, mentions, parse, visible_ids

from tutor.games import aqua_fest
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C

R = importlib.import_module("tutor.games.aqua_fest.render")   # the package exports the function under this name

NS = {"svg": "http://www.w3.org/2000/svg"}
RULEBOOK_SHELLS = ["u-white-7", "u-pink-1", "u-black-7", "u-white-4", "ll-white-3", "lr-pink-1", "u-pink-4",
                   "u-black-8", "ll-pink-1", "lr-pink-3", "u-pink-5", "u-pink-8"]


# --------------------------------------------------------------------------- helpers

def play(players, seed, steps):
    return helpers.play(aqua_fest, players, seed, steps)


def cells(root) -> dict[int, ET.Element]:
    return {int(el.get("data-cell")): el for el in by_class(root, "cell")}


POSITIONS = [(2, 1, 0), (2, 2, 15), (3, 3, 24), (3, 4, 60), (4, 5, 9), (4, 6, 40), (4, 7, 90), (2, 8, 400),
             (4, 9, 1000)]


def special_board(players=2, pawns=None):
    """Every kind of cell in row 1: sealed (A1), lower coral (B1), face-down under a pawn (C1), empty (D1),
    turned-up lower fragment (E1); upper fragments over lower fragments elsewhere."""
    frags = [t for t in C.FRAGMENTS]
    lower = ["ll-white-1", "coral-2", "u-white-1", None, "u-pink-1"]
    upper = ["coral-1", None, None, None, None]
    rest = [t for t in frags if t not in lower] + ["coral-3"]
    lower += rest[:20]
    upper += rest[20:40]
    pawns = pawns or [[0, 2]] + [None] * (players - 1)
    return aqua_fest.setup(players, seed=1, upper=upper, lower=lower, pawns=pawns)


# --------------------------------------------------------------------------- structure and hidden information

@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: f"{p[0]}p-seed{p[1]}-{p[2]}")
def test_every_viewer_sees_exactly_what_the_view_allows(pos):
    state, events = play(*pos)
    for viewer in [None, *range(state.players)]:
        view = aqua_fest.view(state, viewer)
        for lang in ("en", "ru"):
            svg = aqua_fest.render(view, events=events, lang=lang,
                                   highlight=[f"card:{c}" for c in view["destinations"]])
            root = parse(svg)
            assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("data-layout") == "laptop"
            _x, _y, width, height = (float(v) for v in root.get("viewBox").split(","))
            assert width == 760 and height <= 520
            shown = data_cards(root)
            missing = visible_ids(view) - shown
            assert not missing, f"viewer {viewer}: visible items not drawn: {sorted(missing)}"
            assert shown <= visible_ids(view), "a data-card id that the view does not hold"
            leaked = [c for c in aqua_fest.secrets(state, viewer) if mentions(svg, c)]
            assert not leaked, f"viewer {viewer} can read hidden items: {leaked}"
            assert len(cells(root)) == 25


@pytest.mark.parametrize("lang,words", [("en", ("Aqua Fest", "Player 2's turn", "Fragments", "cards in hand")),
                                        ("ru", ("Aqua Fest", "Ход: Игрок 2", "осколков", "карт в руке"))])
def test_title_and_description_in_both_languages(lang, words):
    state = aqua_fest.setup(3, seed=4, first=1)
    view = aqua_fest.view(state, 0)
    root = parse(aqua_fest.render(view, lang=lang))
    title, desc = root.find("svg:title", NS), root.find("svg:desc", NS)
    assert title is not None and desc is not None
    text = title.text + "\n" + desc.text
    for w in words:
        assert w in text, w
    home = "at home on the start tile beside C5" if lang == "en" else "на стартовом тайле у клетки C5"
    assert home in desc.text


def test_description_names_the_pawns_cells():
    state = special_board(3, pawns=[[0, 2], [2, 3], None])
    desc = parse(aqua_fest.render(aqua_fest.view(state, None))).find("svg:desc", NS).text
    assert "Player 1: pawn on C1" in desc and "Player 2: pawn on D3" in desc
    assert "Player 3: pawn at home" in desc


# --------------------------------------------------------------------------- the cells

@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_each_kind_of_cell_is_drawn_distinctly(viewer):
    state = special_board()
    root = parse(aqua_fest.render(aqua_fest.view(state, viewer)))
    c = cells(root)
    assert [c[i].get("data-state") for i in range(5)] == ["sealed", "coral", "lower-hidden", "empty", "lower-open"]
    assert all(c[i].get("data-state") == "upper" for i in range(5, 24))
    assert c[24].get("data-state") == "sealed"                      # coral-3 on top of a fragment
    assert [c[i].get("data-layer") for i in range(5)] == ["2", "1", "1", "0", "1"]
    assert by_class(c[0], "sealed-mark"), "a sealed cell shows its lock"
    assert not by_class(c[1], "sealed-mark")
    face_down = [el for el in c[2].iter() if el.get("data-face") == "down"]
    assert face_down and all(el.get("data-card") is None for el in face_down)
    assert not list(by_class(c[3], "tile"))                        # bare sand
    assert {el.get("data-card") for el in by_class(c[4], "lower")} == {"u-pink-1"}
    assert {el.get("data-card") for el in by_class(c[1], "lower")} == {"coral-2"}
    # the lower layer's tiles carry its sign (a triangle pointing down: a "1" read as player 1's mark); the upper
    # tiles, raised, carry none (a "2" on every tile was clutter)
    assert not by_class(c[7], "layer")
    sign = by_class(c[4], "layer")[0]
    assert sign.get("data-layer") == "1" and sign.find("svg:polygon", NS) is not None
    assert not sign.findtext("svg:text", namespaces=NS), "no digit: a digit beside a pawn reads as a player"
    # the face-down tile under the pawn is only named for the teacher
    svg = aqua_fest.render(aqua_fest.view(state, viewer))
    assert mentions(svg, "u-white-1") == (viewer is None)


def test_fragment_kinds_differ_in_shape_and_pearls_carry_a_letter():
    defs = parse(f"<svg xmlns='http://www.w3.org/2000/svg'>{R._defs_xml()}</svg>")
    shapes = {}
    for kind in C.FRAGMENT_KINDS:
        sym = defs.find(f".//*[@id='af-f-{kind}-1']")
        filled = [p.get("d") for p in sym.iter("{http://www.w3.org/2000/svg}path")
                  if p.get("fill") != "none" and p.get("class") != "star"]
        shapes[kind] = tuple(filled)
        for stars in (1, 2, 3):      # stars are drawn (counted by shape), not printed
            sym = defs.find(f".//*[@id='af-f-{kind}-{stars}']")
            assert sum(1 for p in sym.iter("{http://www.w3.org/2000/svg}path") if p.get("class") == "star") == stars
    assert len(set(shapes.values())) == 3
    assert "<text" not in R._defs_xml(), "print inside a symbol is scaled with it: every letter is drawn in place"
    # each fragment on the board carries its pearl's letter, in the board's language
    view = aqua_fest.view(special_board(), None)
    for lang, letters in (("en", {"white": "W", "pink": "P", "black": "B"}), ("ru", {"white": "Б", "pink": "Р",
                                                                                     "black": "Ч"})):
        root = parse(aqua_fest.render(view, lang=lang))
        faces = [el for el in root.iter() if el.get("data-colour")]
        assert faces
        for el in faces:
            assert el.findtext("svg:text", namespaces=NS) == letters[el.get("data-colour")]


# --------------------------------------------------------------------------- pawns and start tiles

def test_pawns_at_home_stand_on_their_start_tile_on_their_own_side():
    state = aqua_fest.setup(4, seed=2, homes=[0, 1, 3, 4])
    root = parse(aqua_fest.render(aqua_fest.view(state, None)))
    starts = {int(el.get("data-seat")): el for el in by_class(root, "start")}
    assert set(starts) == {0, 1, 2, 3}
    g = R.geo("laptop")
    grid_left, grid_top = g.grid_x, g.grid_y
    grid_right, grid_bottom = g.grid_x + 5 * g.cell, g.grid_y + 5 * g.cell
    for seat, el in starts.items():
        side, home = state.sides[seat], state.homes[seat]
        assert el.get("data-side") == side and el.get("data-home") == str(home)
        pawns = by_class(el, "pawn")
        assert len(pawns) == 1 and pawns[0].get("data-seat") == str(seat)
        ring = list(pawns[0].iter("{http://www.w3.org/2000/svg}circle"))[-1]     # the white ring: the pawn's centre
        x, y = float(ring.get("cx")), float(ring.get("cy"))
        col_x = grid_left + home * g.cell + g.cell / 2
        row_y = grid_top + home * g.cell + g.cell / 2
        if side == "south":
            assert y > grid_bottom and abs(x - col_x) < 1
        elif side == "north":
            assert y < grid_top and abs(x - col_x) < 1
        elif side == "west":
            assert x < grid_left and abs(y - row_y) < 1
        else:
            assert x > grid_right and abs(y - row_y) < 1
    # no pawn is drawn on the seabed while everyone is at home
    assert all(p.get("class") == "pawn at-home" for p in by_class(root, "pawn"))


def test_a_pawn_out_leaves_an_empty_start_tile():
    state = special_board(2, pawns=[[0, 2], None])
    root = parse(aqua_fest.render(aqua_fest.view(state, None)))
    starts = {el.get("data-seat"): el for el in by_class(root, "start")}
    assert starts["0"].get("data-occupied") == "no" and not by_class(starts["0"], "pawn")
    assert starts["1"].get("data-occupied") == "yes" and by_class(starts["1"], "pawn")


# --------------------------------------------------------------------------- highlights and moves

def test_destinations_are_drawn_only_when_the_card_is_highlighted():
    state = aqua_fest.setup(4, seed=3)
    view = aqua_fest.view(state, None)
    plain = parse(aqua_fest.render(view))
    assert not by_class(plain, "dest") and not by_class(plain, "highlight")
    for card_id, dests in view["destinations"].items():
        root = parse(aqua_fest.render(view, highlight=[f"card:{card_id}"]))
        dots = by_class(root, "dest")
        assert sorted(int(d.get("data-cell")) for d in dots) == sorted(B.cell(r, c) for r, c in dests)
        lines = by_class(root, "dir")
        if C.card(card_id).species == "seahorse":
            assert not lines
        else:
            assert lines, "a straight-line mover shows its directions"
        assert f"card:{card_id}" in {el.get("data-target") for el in by_class(root, "highlight")}


def test_a_players_own_view_shows_their_destinations_and_others_none():
    state = aqua_fest.setup(2, seed=5)
    card_id = next(iter(aqua_fest.view(state, 0)["destinations"]))
    mine = parse(aqua_fest.render(aqua_fest.view(state, 0), highlight=f"card:{card_id}"))
    theirs = parse(aqua_fest.render(aqua_fest.view(state, 1), highlight=f"card:{card_id}"))
    assert by_class(mine, "dest")
    assert not by_class(theirs, "dest")
    assert not mentions(aqua_fest.render(aqua_fest.view(state, 1), highlight=f"card:{card_id}"), card_id)


def test_cell_seat_and_home_highlights():
    view = aqua_fest.view(aqua_fest.setup(3, seed=1), None)
    root = parse(aqua_fest.render(view, highlight=["cell:12", "seat:1", "home:2"]))
    assert {el.get("data-target") for el in by_class(root, "highlight")} == {"cell:12", "seat:1", "home:2"}
    seat1 = [el for el in by_class(root, "seat") if el.get("data-seat") == "1"][0]
    assert by_class(seat1, "highlight")
    home2 = [el for el in by_class(root, "start") if el.get("data-seat") == "2"][0]
    assert by_class(home2, "highlight")


# --------------------------------------------------------------------------- events

def _first(state, pred):
    for action in aqua_fest.legal_actions(state, aqua_fest.to_move(state)[0]):
        if pred(action):
            return action
    raise AssertionError("no such action")


def test_move_and_collect_are_marked():
    state = aqua_fest.setup(2, seed=7)
    state, events = aqua_fest.apply(state, _first(state, lambda a: isinstance(a, aqua_fest.Move)))
    root = parse(aqua_fest.render(aqua_fest.view(state, None), events=events))
    (arrow,) = by_class(root, "move-arrow")
    moved = [e for e in events if e.kind == "aqua_fest.moved"][0]
    assert arrow.get("data-to") == str(B.cell(*moved.data["to"])) and arrow.get("data-frm") == "home"
    rings = [el for el in by_class(root, "event") if el.get("data-target")]
    assert {el.get("data-target") for el in rings} == {f"cell:{B.cell(*moved.data['to'])}"}
    assert not by_class(parse(aqua_fest.render(aqua_fest.view(state, None))), "move-arrow")


def test_turned_tile_is_marked():
    state = special_board(2, pawns=[[0, 2], None])      # the pawn stands on a face-down tile at C1
    state, events = aqua_fest.apply(state, _first(state, lambda a: isinstance(a, aqua_fest.Move)))
    assert any(e.kind == "aqua_fest.tile_turned" for e in events)
    root = parse(aqua_fest.render(aqua_fest.view(state, 1), events=events))
    turned = [el for el in by_class(root, "event") if el.get("data-what") == "turned"]
    assert [el.get("data-target") for el in turned] == ["cell:2"]
    assert cells(root)[2].get("data-state") == "lower-open"


def test_battle_in_progress_and_its_outcome():
    # two pawns side by side on the seabed: seat 0 at C2 attacks seat 1 at D2
    state = special_board(2, pawns=[[1, 2], [1, 3]])
    hand0, hand1 = state.hands
    state, events = aqua_fest.apply(state, aqua_fest.Attack(0, 1, hand0[0]))
    waiting = aqua_fest.view(state, 1)
    svg = aqua_fest.render(waiting, events=events)
    (battle,) = by_class(parse(svg), "battle")
    assert battle.get("data-attacker") == "0" and battle.get("data-defender") == "1"
    assert any(el.get("data-face") == "down" for el in battle.iter())
    assert not mentions(svg, hand0[0])
    own = parse(aqua_fest.render(aqua_fest.view(state, 0)))
    assert hand0[0] in data_cards(by_class(own, "battle")[0])
    state, events = aqua_fest.apply(state, aqua_fest.Defend(1, hand1[0]))
    root = parse(aqua_fest.render(aqua_fest.view(state, 1), events=events))
    (last,) = by_class(root, "last-battle")
    assert data_cards(last) == {hand0[0], hand1[0]}
    sa, sd = C.card(hand0[0]).strength, C.card(hand1[0]).strength
    outcome = "".join(by_class(last, "outcome")[0].itertext())
    assert outcome.startswith(f"{sa} {'>' if sa > sd else '<' if sa < sd else '='} {sd}")
    assert ("tie" in outcome) == (sa == sd)
    assert {el.get("data-target") for el in by_class(root, "event")} >= {"seat:0", "seat:1", "battle"}


# --------------------------------------------------------------------------- panels

def test_own_hand_and_fragments_face_up_others_counted():
    state, _ = play(3, 11, 30)
    root = parse(aqua_fest.render(aqua_fest.view(state, 1)))
    panels = {el.get("data-seat"): el for el in by_class(root, "seat")}
    assert {el.get("data-card") for el in by_class(panels["1"], "hand")} == set(state.hands[1])
    assert {el.get("data-card") for el in by_class(panels["1"], "collected")} == set(state.collected[1])
    for s in ("0", "2"):
        assert not data_cards(panels[s])
        count = by_class(panels[s], "hand-count")[0].text
        assert count.endswith(str(len(state.hands[int(s)])))
    turn = [el for el in by_class(root, "turn-marker")]
    assert len(turn) == 1


def test_game_over_banner():
    state, _ = play(2, 8, 5000)
    assert aqua_fest.is_over(state)
    assert by_class(parse(aqua_fest.render(aqua_fest.view(state, 0))), "game-over")
    assert "Игра окончена" in aqua_fest.render(aqua_fest.view(state, 0), lang="ru")
    # told in the header: over the seabed's frame the band hid the top start tile and the column letters (V13)
    from tutor.games.aqua_fest.render import geo
    for layout in ("phone", "laptop", "projector"):
        (band,) = by_class(parse(aqua_fest.render(aqua_fest.view(state, 0), layout=layout)), "game-over")
        rect = next(el for el in band.iter() if el.tag.endswith("rect"))
        assert float(rect.get("y")) + float(rect.get("height")) <= geo(layout).board[1], layout


# --------------------------------------------------------------------------- the shells picture

@pytest.mark.parametrize("as_views", [False, True])
def test_rulebook_shells_make_34_points_with_one_unique_shell(as_views):
    frags = [R._tile_dict(t) for t in RULEBOOK_SHELLS] if as_views else RULEBOOK_SHELLS
    svg = R.render_shells(frags)
    root = parse(svg)
    assert root.get("data-points") == "34"
    total = by_class(root, "total")[0]
    assert total.get("data-points") == "34" and "34" in total.text
    shells = by_class(root, "shell")
    assert sorted(s.get("data-kind") for s in shells) == ["ordinary", "rare", "unique"]
    assert sum(int(s.get("data-points")) for s in shells) == 34
    (unique,) = [s for s in shells if s.get("data-kind") == "unique"]
    assert unique.get("data-bonus") == "5" and "+3" in "".join(unique.itertext())
    assert data_cards(root) == set(RULEBOOK_SHELLS)
    assert not by_class(root, "unused")
    ru = R.render_shells(frags, lang="ru")
    for word in ("уникальная", "редкая", "обычная", "Итого: 34"):
        assert word in ru


def test_fragments_in_no_shell_are_greyed_and_score_nothing():
    extra = RULEBOOK_SHELLS + ["ll-black-1", "u-black-1"]
    root = parse(R.render_shells(extra))
    (unused,) = by_class(root, "unused")
    left = set(aqua_fest.best_assembly(extra).unused)
    assert len(left) == 2 and "ll-black-1" in left      # which 1-star upper is left over is a tie
    assert data_cards(unused) == left
    assert data_cards(root) == set(extra)
    assert float(unused.get("opacity")) < 1
    assert "scores nothing" in "".join(unused.itertext())
    assert root.get("data-points") == "34"
    empty = parse(R.render_shells([]))
    assert empty.get("data-points") == "0"


# --------------------------------------------------------------------------- hygiene and speed

def test_no_stylesheet_and_language_defs_have_their_own_ids():
    view = aqua_fest.view(aqua_fest.setup(4, seed=1), None)
    en, ru = aqua_fest.render(view), aqua_fest.render(view, lang="ru")
    assert "<style" not in en
    ids_en = {el.get("id"): ET.tostring(el) for el in parse(en).iter() if el.get("id")}
    ids_ru = {el.get("id"): ET.tostring(el) for el in parse(ru).iter() if el.get("id")}
    for i in ids_en.keys() & ids_ru.keys():
        assert ids_en[i] == ids_ru[i], f"id {i} means different things in en and ru"
    assert "data-splice" not in en


def test_render_is_pure_and_deterministic():
    state, events = play(4, 21, 28)
    view = aqua_fest.view(state, 2)
    before = repr(view)
    assert aqua_fest.render(view, events=events) == aqua_fest.render(view, events=events)
    assert repr(view) == before


def test_after_a_dolphin_the_header_allows_no_second_move():
    """A card played alone (the dolphin) ends the turn's moves: the header says "moves 1 of 1", not "of 2" (a phone
    reader saw "moves 1 of 2" after the dolphin); after another first card, a second may follow: "of 2"."""
    from tutor.core.i18n import text
    import random
    found = {}
    for seed in range(40):
        state = aqua_fest.setup(3, seed=seed)
        rnd = random.Random(seed)
        for _ in range(60):
            seat = aqua_fest.to_move(state)[0]
            legal = aqua_fest.legal_actions(state, seat)
            firsts = [a for a in legal if isinstance(a, aqua_fest.Move) and state.moves == 0]
            for move in firsts:
                alone = C.card(move.card).move.alone
                if alone not in found:
                    after, _events = aqua_fest.apply(state, move)
                    found[alone] = after
            if len(found) == 2:
                break
            state, _events = aqua_fest.apply(state, rnd.choice(legal))
        if len(found) == 2:
            break
    assert set(found) == {True, False}, "a dolphin and another card were played first in a turn"
    for alone, state in found.items():
        assert not aqua_fest.is_over(state) and state.moves == 1
        for lang in ("en", "ru"):
            root = parse(aqua_fest.render(aqua_fest.view(state, state.turn), lang=lang, layout="phone"))
            head = next(el for el in root.iter("{http://www.w3.org/2000/svg}text") if el.get("class") == "turn").text
            # (and with no second card of its kind in the hand shown, none can follow either)
            species = state.species
            pair = any(C.card(c).species == species for c in state.hands[state.turn])
            key = "moves_alone" if alone else "moves" if pair else "moves_no_pair"
            assert head.endswith(text(f"aqua_fest.board.{key}", lang, n=1)), head
        if alone:        # and the rules agree: no second move
            assert not any(isinstance(a, aqua_fest.Move) for a in aqua_fest.legal_actions(state, state.turn))



@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_the_36_point_example_draws_the_books_shells_not_the_seabed(layout):
    """«Как посчитать баллы»: each step of the scoring example draws player 1's twelve fragments as the rulebook's
    three shells (9, 11, 14) with token 2 (36), rings the shell its words are about, and has no turn header."""
    from pathlib import Path
    from tutor.core.scenario import load_file, replay
    path = Path(__file__).resolve().parents[2] / "lessons" / "aqua_fest" / "scenarios" / "scoring-36.yaml"
    frames = replay(load_file(path)).frames
    rings = []
    for frame in frames:
        svg = aqua_fest.render(aqua_fest.view(frame.state, frame.viewer), highlight=frame.highlight, lang="ru",
                               events=frame.events, layout=layout)
        root = parse(svg)
        summed = "total" in frame.highlight      # the last step sums up; before it the reader adds it up
        said = "Ракушки 34 + жетон 2 = 36 баллов" if summed else "3 ракушки + жетон 2"
        assert "tutor-aqua-fest-shells" in root.get("class") and root.get("aria-label") == said
        shells = [(el.get("data-kind"), el.get("data-points")) for el in by_class(root, "shell")]
        assert shells == [("ordinary", "9"), ("rare", "11"), ("unique", "14")]
        assert [el.text for el in by_class(root, "total")] == [said]
        assert "Ход:" not in svg and not by_class(root, "seabed")
        rings.append([el.get("data-target") for el in by_class(root, "highlight")])
    assert rings == [[], ["shell:1"], ["shell:2"], ["shell:3"], ["total"]]
    # without the highlight, or for a seat whose fragments the view hides, the seabed as before
    state = frames[-1].state
    assert by_class(parse(aqua_fest.render(aqua_fest.view(state, None), layout=layout)), "seabed")
    assert by_class(parse(aqua_fest.render(aqua_fest.view(state, 1), highlight=["shells:0"], layout=layout)), "seabed")


def test_a_start_tile_place_to_choose_names_its_cell_inside_it():
    """Fresh reader V3 (stop 47): along the south edge the start-tile places drawn to choose from cover the column
    letters, the letter a go-home task ("start from E5") sends the learner to find. Each free place now carries its
    cell's name; the place where the tile lies shows the tile, not a name."""
    from tutor.core.svg import Offer
    from tutor.games.aqua_fest.text import beside_name
    view = aqua_fest.view(aqua_fest.setup(2, seed=3), 0)
    seat = view["seats"][0]
    offers = {f"place:0:{p}": Offer(f"p{p}") for p in range(5)}
    for layout in ("phone", "laptop", "projector"):
        root = parse(aqua_fest.render(view, choosable=offers, layout=layout))
        named = {el.get("data-key"): [t.text for t in el.iter() if t.get("class") == "place-name"]
                 for el in by_class(root, "choice")}
        assert named == {f"place:0:{p}": [] if p == seat["home"] else [beside_name(seat["side"], p)]
                         for p in range(5)}, layout
        # ... and that side's own letters are left out, the slots half covering them (a reader, stop 60); the
        # other sides keep theirs
        coords = [t.text for t in by_class(root, "coords")[0].iter() if t.text and t.text.strip()]
        assert len(coords) == 15 and coords.count("A") == 1 and coords.count("1") == 2, (layout, coords)
    root = parse(aqua_fest.render(view, layout="phone"))
    assert len([t for t in by_class(root, "coords")[0].iter() if t.text and t.text.strip()]) == 20


def test_a_pawn_to_attack_is_marked_as_an_attack_not_a_place_to_go():
    """A reader of wave 23 saw an opponent's pawn ringed as the cells a card may move to, and did not dare tap it:
    a pawn offered to attack carries "⚔" on its ring; a cell, and a pawn offered as "not now", do not."""
    from tutor.core.svg import Offer
    view = aqua_fest.view(aqua_fest.setup(2, seed=3), 0)
    for layout in ("phone", "laptop", "projector"):
        offers = {"seat:1": Offer("a"), "cell:12": Offer("c")}
        root = parse(aqua_fest.render(view, choosable=offers, layout=layout))
        marks = {el.get("data-key"): [t.text for t in el.iter() if t.get("class") == "attack-mark"]
                 for el in by_class(root, "choice")}
        assert marks == {"seat:1": ["⚔"], "cell:12": []}, (layout, marks)
        root = parse(aqua_fest.render(view, choosable={"seat:1": Offer("a", available=False)}, layout=layout))
        assert not [t for t in root.iter() if t.get("class") == "attack-mark"], layout


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_shapes_key_shows_each_shape_named_as_the_board_draws_it(lang):
    """A reader could not tell a lower-left from a lower-right fragment and the lesson never showed them side by side
    (stop 52): part 5's key draws one fragment of each shape with the board's own tile drawing, each named."""
    from tutor import lesson
    from tutor.games.aqua_fest import components as C
    from tutor.games.aqua_fest.text import fragment_kind_name
    root = ET.fromstring(lesson.legend("aqua_fest", lang, only="shapes").value)
    shapes = [g for g in root.iter(f"{{{NS['svg']}}}g") if g.get("class") == "key-shape"]
    assert [g.get("data-kind") for g in shapes] == list(C.FRAGMENT_KINDS)
    for g in shapes:
        words = " ".join(t.text for t in g.iter(f"{{{NS['svg']}}}text") if t.get("font-weight") == "bold"
                         and t.get("class") is None)
        assert fragment_kind_name(g.get("data-kind"), lang) in words
        drawn = [el for el in g.iter() if el.get("data-kind")]
        assert any(el.get("data-kind") == g.get("data-kind") and el.get("data-card") for el in drawn)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_while_the_start_tiles_are_laid_the_header_counts_no_moves(lang):
    """A reader read "moves 0 of 2" over the laying of the start tiles as a turn begun (stop 52): until the last start
    tile lies the header says they are being laid; the first turn's header counts its moves."""
    from tutor.core.i18n import text
    s = aqua_fest.setup(2, seed=2, place_starts=True)
    laying, moves = text("aqua_fest.board.laying_starts", lang), text("aqua_fest.board.moves", lang, n=0)
    svg = aqua_fest.render(aqua_fest.view(s, 0), lang=lang, layout="phone")
    assert laying in svg and moves not in svg
    while s.placing:
        s, _ = aqua_fest.apply(s, aqua_fest.legal_actions(s, s.placing[0])[0])
    svg = aqua_fest.render(aqua_fest.view(s, 0), lang=lang, layout="phone")
    assert moves in svg and laying not in svg


def test_a_part_before_the_cards_draws_the_hands_from_their_backs():
    """The setup's first step showed four hands of strengths and movement signs three parts before any was taught
    (a reader): "hide:hands" draws every hand from its back in the teacher's view, and a player's own view still
    shows their own hand."""
    import re
    from tutor.games import aqua_fest as g
    from tutor.games.aqua_fest.render import render
    state = g.setup(3, seed=7)
    faces = lambda svg: {m for m in re.findall(r'data-card="([^"]+)"', svg) if any(  # noqa: E731
        m == c for hand in state.hands for c in hand)}
    every = faces(render(g.view(state, None), lang="en", layout="phone"))
    assert every == {c for hand in state.hands for c in hand}
    assert not faces(render(g.view(state, None), highlight=["hide:hands"], lang="en", layout="phone"))
    assert faces(render(g.view(state, 0), highlight=["hide:hands"], lang="en", layout="phone")) == set(state.hands[0])


def test_while_the_start_tiles_are_laid_the_header_names_whose_tile_it_is():
    """The header said "Player 1's turn" while player 2 laid their start tile, the turn's marker on player 2's panel
    (a reader): while the tiles are laid, the header names the player laying one."""
    from tutor.games import aqua_fest as g
    from tutor.games.aqua_fest.render import render
    state = g.setup(3, seed=7, place_starts=True)
    first = g.legal_actions(state, g.to_move(state)[0])[0]
    state, _ = g.apply(state, first)
    placer = g.to_move(state)[0]
    assert placer != state.turn and state.placing
    svg = render(g.view(state, None), lang="en", layout="phone")
    assert f"Player {placer + 1}" in svg.split("</text>")[0] + svg.split("</text>")[1]


def test_the_rulebook_example_tells_each_shells_points_only_from_its_step_on():
    """Reader TN (stop 58): part 12 asks the learner to add the example up before stepping through, and its first
    frame printed every shell's sum and points (9, 11, 14). A shell's sum and points are printed from the step that
    rings it on; the last step, with the total, prints all."""
    from tutor.core.scenario import load_file, replay
    from tutor.games import aqua_fest as af
    from pathlib import Path
    root_dir = Path(__file__).resolve().parents[2]
    frames = replay(load_file(root_dir / "lessons" / "aqua_fest" / "scenarios" / "scoring-36.yaml")).frames
    told = []
    for fr in frames:
        svg = R.render(af.view(fr.state, None), highlight=fr.highlight, lang="en", layout="laptop")
        root = ET.fromstring(svg)
        told.append(sum(1 for el in root.iter() if el.get("class") == "points"))
    assert told == [0, 1, 2, 3, 3], told


@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_a_start_tile_to_lay_leaves_every_offered_place_its_name(layout):
    """Laying the start tile: a dashed "1?" in the middle slot hid that place's name, C5, and a reader took it for no
    place at all (wave 19). Each offered slot names its cell; the tile still to be laid is drawn only where its
    places are not offered (the other player's, "2?")."""
    from tutor.games.aqua_fest.render import render
    from tutor.games.aqua_fest import ui
    from tutor.games import aqua_fest as g
    s = g.setup(2, seed=4, place_starts=True)
    seat = g.to_move(s)[0]
    offered = {k: f"c{i}" for i, a in enumerate(g.legal_actions(s, seat)) for k in ui.board_keys(a)}
    svg = render(g.view(s, seat), lang="en", choosable=offered, layout=layout)
    names = re.findall(r'class="place-name"[^>]*>([^<]+)<', svg)
    assert len(names) == len([k for k in offered if k.startswith("place:")]) == 5, names
    assert f"{seat + 1}?" not in svg and f"{2 - seat}?" in svg


def test_a_battle_asks_the_learner_who_defends_for_a_card_on_the_board():
    """A reader was attacked at the table and saw "waiting…" on the board's battle box, the words "Defend with:" 700 px
    below (wave 19): the defender's own board says it is their card now; anyone else's says the defender waits."""
    import random
    from tutor.games import aqua_fest as g
    from tutor.games.aqua_fest.render import render
    from tutor.core.i18n import text
    rnd = random.Random(1)
    s = g.setup(2, seed=0)
    for _ in range(300):
        v = g.view(s, 1)
        if v.get("battle") and v["battle"]["defender"] == 1:
            break
        p = rnd.choice(g.to_move(s))
        s, _ = g.apply(s, rnd.choice(g.legal_actions(s, p)))
    else:
        pytest.fail("no battle with player 2 defending")
    for lang in ("en", "ru"):
        mine, theirs = render(g.view(s, 1), lang=lang), render(g.view(s, 0), lang=lang)
        ask, wait = text("aqua_fest.board.defend_you", lang), text("aqua_fest.board.waiting", lang)
        assert ask in mine and wait not in mine
        assert wait in theirs and ask not in theirs


def test_a_start_tile_gone_home_to_is_marked():
    """Going home (and sliding the start tile) is what the step changed: the tile is named so (tutor-focus), so that a
    phone's example brings it above its words (a reader read "slides it to E5" with the tile under them)."""
    state = special_board(2, pawns=[[0, 2], None])
    home = next(a for a in aqua_fest.legal_actions(state, 0)
                if isinstance(a, aqua_fest.rules.DrawTwo) and a.home is not None and a.home != state.homes[0])
    state, events = aqua_fest.apply(state, home)
    assert any(e.kind == "aqua_fest.went_home" for e in events)
    root = parse(aqua_fest.render(aqua_fest.view(state, None), events=events))
    rings = [el for el in by_class(root, "tutor-focus") if el.get("data-target", "").startswith("home:")]
    assert [el.get("data-target") for el in rings] == ["home:0"]
    (start,) = [el for el in by_class(root, "start") if el.get("data-seat") == "0"]
    assert start.get("data-home") == str(home.home)
    assert not [el for el in by_class(parse(aqua_fest.render(aqua_fest.view(state, None))), "tutor-focus")
                if el.get("data-target", "").startswith("home:")]


def test_after_a_first_move_with_no_second_card_of_its_kind_the_header_says_none_can_follow():
    """"moves 1 of 2" after a crab played with no second crab in hand read as a move still to make (a reader of wave
    24): where the viewer sees the mover's hand, the count says no second move can follow; where the hand is hidden
    (another player's view), it says nothing of it."""
    from tutor.core.i18n import text
    seen = hidden = 0
    for seed in range(30):
        state = aqua_fest.setup(2, seed=seed)
        move = next((a for a in aqua_fest.legal_actions(state, 0) if isinstance(a, aqua_fest.Move)), None)
        if move is None:
            continue
        after, _events = aqua_fest.apply(state, move)
        species = C.card(move.card).species
        pair = any(C.card(c).species == species for c in after.hands[0])
        if C.MOVES[species].alone or after.turn != 0:
            continue
        own = R._moves_made(aqua_fest.view(after, 0), "en")
        other = R._moves_made(aqua_fest.view(after, 1), "en")
        assert other == text("aqua_fest.board.moves", "en", n=1)
        if pair:
            assert own == text("aqua_fest.board.moves", "en", n=1)
        else:
            assert own == text("aqua_fest.board.moves_no_pair", "en", n=1)
            seen += 1
        hidden += 1
    assert seen and hidden > seen, (seen, hidden)
