"""Мяури SVG: well-formed, accessible, shows exactly what the view allows, points where it is asked to."""

from __future__ import annotations

import importlib
import math
import xml.etree.ElementTree as ET

import helpers
import pytest
from helpers import by_class, data_cards, mentions, parse, visible_ids

from tutor.core.events import Event
from tutor.games import maui
R = importlib.import_module("tutor.games.maui.render")   # the package exports the function under this name
from tutor.games.maui.text import depth_name, kind_name

NS = {"svg": "http://www.w3.org/2000/svg"}


# --------------------------------------------------------------------------- helpers

def play(players, seed, steps, variant=()):
    return helpers.play(maui, players, seed, steps, variant=variant)


POSITIONS = [(3, 1, 0), (4, 2, 7), (5, 3, 23), (6, 4, 41), (4, 5, 4 * 12 + 3), (6, 6, 200),
             (3, 7, 20, ("no-fights",)), (4, 8, 30, ("open-baskets",)), (5, 9, 33, ("no-fights", "open-baskets"))]


def positions():
    for p in POSITIONS:
        players, seed, steps, *rest = p
        yield play(players, seed, steps, rest[0] if rest else ())


# --------------------------------------------------------------------------- structure and hidden information

@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: f"{p[0]}p-seed{p[1]}-{p[2]}")
def test_every_viewer_sees_exactly_what_the_view_allows(pos):
    players, seed, steps, *rest = pos
    state, events = play(players, seed, steps, rest[0] if rest else ())
    for viewer in [None, *range(players)]:
        view = maui.view(state, viewer)
        svg = maui.render(view, events=events)
        root = parse(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("viewBox")
        shown = data_cards(root)
        missing = visible_ids(view) - shown
        assert not missing, f"viewer {viewer}: visible cards not drawn: {sorted(missing)}"
        assert shown <= visible_ids(view), "a data-card id that the view does not hold"
        leaked = [c for c in maui.secrets(state, viewer) if mentions(svg, c)]
        assert not leaked, f"viewer {viewer} can read hidden cards: {leaked}"


def test_title_and_description_describe_the_position():
    state, _ = play(4, 11, 9)
    view = maui.view(state, 0)
    root = parse(maui.render(view))
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title is not None and f"Round {view['round']}" in title.text
    assert desc is not None
    for cell in view["lagoon"]:
        assert depth_name(cell["depth"], "en") in desc.text
        top = cell["cards"][-1]
        if not top.get("hidden"):
            assert kind_name(top["kind"], "en") in desc.text
    for seat in view["seats"]:
        assert f"Player {seat['seat'] + 1}" in desc.text
        if seat["pile_top"]:
            assert kind_name(seat["pile_top"]["kind"], "en") in desc.text
    k = view["kiti"]
    assert f"Kiti stands between Player {k + 1} and Player {(k + 1) % 4 + 1}" in desc.text


def test_own_hand_face_up_others_counted():
    state = maui.setup(4, seed=3)
    root = parse(maui.render(maui.view(state, 2)))
    hand = {el.get("data-card") for el in by_class(root, "hand")}
    assert hand == {f"dive-3-{n}" for n in range(1, 13)}
    counts = by_class(root, "hand-count")
    assert len(counts) == 3 and all("12" in el.text for el in counts)


def test_chosen_dive_card_is_a_question_mark_for_others_and_a_number_for_its_owner():
    state = maui.setup(3, seed=1)
    state, _ = maui.apply(state, maui.Dive(1, 7))
    mine = parse(maui.render(maui.view(state, 1)))
    theirs = parse(maui.render(maui.view(state, 0)))
    assert [el.get("data-card") for el in by_class(mine, "chosen")] == ["dive-2-7"]
    chosen = by_class(theirs, "chosen")
    assert len(chosen) == 1 and chosen[0].get("data-face") == "down" and chosen[0].get("data-card") is None


def test_a_face_down_lagoon_card_is_a_card_back_for_everyone_but_the_peeker():
    # seat 0 dives deepest and takes the lantern fish, so next round's deep card lies face down
    state = maui.setup(3, kiti=0, lagoon={"deep": "lantern-1", "middle": "tiger-1", "shallow": "catfish-1"},
                       deck=["tuna-1", "tiger-2", "catfish-2", "tuna-2", "tiger-3", "catfish-3"])
    for seat, card in ((0, 12), (1, 6), (2, 1)):
        state, _ = maui.apply(state, maui.Dive(seat, card))
    assert state.face_down == ((0, 0),)
    other = maui.render(maui.view(state, 1))
    assert not mentions(other, "tuna-1")
    deep = [el for el in parse(other).iter() if el.get("data-depth") == "deep"][0]
    assert any(el.get("data-face") == "down" for el in deep.iter())
    peeker = maui.render(maui.view(state, 0))
    assert mentions(peeker, "tuna-1")
    assert "face down" in peeker


# --------------------------------------------------------------------------- pointers and events

def test_highlights_appear_only_when_asked():
    state = maui.setup(4, seed=2)
    view = maui.view(state, None)
    plain = parse(maui.render(view))
    assert not by_class(plain, "highlight")
    marked = parse(maui.render(view, highlight=["cell:deep", "seat:2", "kiti", "card:" +
                                                 view["lagoon"][1]["cards"][0]["id"]]))
    targets = {el.get("data-target") for el in by_class(marked, "highlight")}
    assert {"cell:deep", "seat:2", "card:" + view["lagoon"][1]["cards"][0]["id"]} <= targets
    kiti = by_class(marked, "kiti")[0]
    assert by_class(kiti, "highlight")
    # the deep cell's ring sits in the deep cell, not elsewhere
    deep = [el for el in marked.iter() if el.get("data-depth") == "deep"][0]
    assert [el.get("data-target") for el in by_class(deep, "highlight")] == ["cell:deep"]


def test_a_single_string_highlight_works_too():
    view = maui.view(maui.setup(3, seed=1), None)
    root = parse(maui.render(view, highlight="seat:1"))
    assert [el.get("data-target") for el in by_class(root, "highlight")] == ["seat:1"]


def test_dispute_marks_kitis_hand_the_tied_seats_and_the_catch():
    state = maui.setup(4, kiti=0, lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"})
    events = []
    for seat, card in ((0, 9), (1, 6), (2, 9), (3, 9)):   # the rulebook's example round, Kiti right of seat 0
        state, events = maui.apply(state, maui.Dive(seat, card))
    kinds = [e.kind for e in events]
    assert "maui.dispute" in kinds and "maui.catch" in kinds
    root = parse(maui.render(maui.view(state, None), events=events))
    # Kiti has stepped on to seat 1; her faded figure stays where she settled the tie, right hand to seat 0
    (ghost,) = by_class(root, "kiti-ghost")
    (now,) = by_class(root, "kiti")
    assert (ghost.get("data-right-seat"), now.get("data-right-seat")) == ("0", "1")
    hands = {el.get("data-hand"): el for el in by_class(ghost, "kiti-hand")}
    assert "event" in hands["right"].get("class").split()
    assert hands["right"].get("data-seat") == "0"
    assert "event" not in hands["left"].get("class").split()
    assert not [h for h in by_class(now, "kiti-hand") if "event" in h.get("class").split()]
    seat_rings = {el.get("data-target") for el in by_class(root, "event") if el.tag.endswith("rect")}
    assert {"cell:deep", "cell:middle", "cell:shallow", "seat:0", "seat:1", "seat:3"} <= seat_rings
    # seat 2 tied twice and lost both times: marked as tied, and told it caught nothing
    seat2 = [el for el in by_class(root, "event") if el.get("class").split()[-1:] and "nothing" in el.get("class")]
    assert len(seat2) == 1 and "tie" in seat2[0].get("class").split()
    assert "no catch" in "".join(seat2[0].itertext())
    arrows = {(el.get("data-depth"), el.get("data-seat")) for el in root.iter() if el.get("data-depth")
              and el.tag.endswith("line")}
    # the lagoon was refilled: no arrow hands next round's cards to this round's catchers (issue #32); the catches
    # are told by the seats' marks (test_a_dealt_lagoon_carries_no_arrow_from_last_round shows the arrows before)
    assert arrows == set()
    new = by_class(root, "new")
    assert len(new) == 3                          # the lagoon was refilled


def test_seagull_marks_the_seat():
    state = maui.setup(3, kiti=0, lagoon={"deep": "seagull-1", "middle": "tiger-1", "shallow": "catfish-1"},
                       piles=[["tuna-1"], [], []])
    for seat, card in ((0, 12), (1, 6), (2, 1)):
        state, events = maui.apply(state, maui.Dive(seat, card))
    assert any(e.kind == "maui.seagull_ate" for e in events)
    root = parse(maui.render(maui.view(state, None), events=events))
    badges = [el for el in by_class(root, "seagull")]
    assert badges and "seagull!" in "".join(badges[0].itertext())
    assert "seat:0" in {el.get("data-target") for el in by_class(root, "event")}


def test_no_events_no_event_marks():
    state, _ = play(5, 4, 17)
    root = parse(maui.render(maui.view(state, None)))
    assert not by_class(root, "event")


# --------------------------------------------------------------------------- Kiti, seats, language

@pytest.mark.parametrize("layout", ["laptop", "projector"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_kiti_stands_between_her_seats_with_the_right_hand_toward_the_right_seat(players, layout):
    table = R._table(layout, players)
    for kiti in range(players):
        state = maui.setup(players, seed=1, kiti=kiti)
        root = parse(maui.render(maui.view(state, None), layout=layout))
        (fig,) = by_class(root, "kiti")
        right, left = int(fig.get("data-right-seat")), int(fig.get("data-left-seat"))
        assert right == kiti and left == (kiti + 1) % players
        kx, ky = float(fig.get("data-x")), float(fig.get("data-y"))
        # she stands in the angular gap between the two seats, going clockwise from the right-hand seat
        def angle(x, y):
            return math.atan2(y - table.CY, x - table.CX) % (2 * math.pi)
        a, b, k = (angle(*R.seat_centre(right, players, layout)), angle(*R.seat_centre(left, players, layout)),
                   angle(kx, ky))
        assert 0 < (k - a) % (2 * math.pi) < (b - a) % (2 * math.pi)
        # each arm points more towards its own seat than towards the other one
        for hand_el in by_class(fig, "kiti-hand"):
            line = hand_el.find("svg:line", NS)
            sx, sy, ex, ey = (float(line.get(a)) for a in ("x1", "y1", "x2", "y2"))
            own = int(hand_el.get("data-seat"))
            other = left if own == right else right

            def off(seat):
                tx, ty = R.seat_centre(seat, players, layout)
                turn = math.atan2(ty - sy, tx - sx) - math.atan2(ey - sy, ex - sx)
                return abs((turn + math.pi) % (2 * math.pi) - math.pi)
            assert off(own) < off(other), (hand_el.get("data-hand"), kiti)
        hands = {h.get("data-hand"): h.get("data-seat") for h in by_class(fig, "kiti-hand")}
        assert hands == {"right": str(right), "left": str(left)}


@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_kitis_name_stays_clear_of_the_rings_round_her(players, lang, layout):
    """The highlight ring (and the ring after she steps) is drawn round Kiti; her name sits outside
    both, so no ring crosses a letter (a review found the ring through "Kiti")."""
    for kiti in range(players):
        events = [Event("maui.kiti_moved", "maui:play", {"player": kiti})]     # adds the "she stepped" ring
        state = maui.setup(players, seed=1, kiti=kiti)
        root = parse(maui.render(maui.view(state, None), highlight=["kiti"], events=events, lang=lang,
                                 layout=layout))
        (fig,) = by_class(root, "kiti")
        kx, ky = float(fig.get("data-x")), float(fig.get("data-y"))
        rings = [float(c.get("r")) + float(c.get("stroke-width") or 3) / 2
                 for c in fig.iter("{http://www.w3.org/2000/svg}circle")
                 if c.get("class") in ("highlight", "event")
                 and math.hypot(float(c.get("cx")) - kx, float(c.get("cy")) - ky) < 0.5]
        assert rings, "the highlighted Kiti has a ring round her"
        (name,) = by_class(fig, "kiti-name")
        size = float(name.get("font-size"))
        width = len(name.text) * size * 0.62
        x, y = float(name.get("x")), float(name.get("y"))
        # the nearest point of the name's box (baseline y, ascent about 0.75 em) to Kiti's centre
        nx = min(max(kx, x - width / 2), x + width / 2)
        ny = min(max(ky, y - size * 0.75), y + size * 0.2)
        assert math.hypot(nx - kx, ny - ky) > max(rings), (kiti, (x, y), (kx, ky))


def test_seats_go_clockwise_from_player_1_at_the_bottom():
    x0, y0 = R.seat_centre(0, 4)
    x1, y1 = R.seat_centre(1, 4)
    x2, y2 = R.seat_centre(2, 4)
    assert y0 > R.CY and abs(x0 - R.CX) < 1      # bottom
    assert x1 < R.CX                             # then to the left: clockwise seen from above
    assert y2 < R.CY                             # then the top


@pytest.mark.parametrize("layout", ["laptop", "projector"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_panels_stay_on_the_board_and_clear_of_the_lagoon(players, layout):
    state, _ = play(players, 3, players * 4)
    view = maui.view(state, None)
    table = R._table(layout, players)
    lx, ly, lw, lh = R.lagoon_box(layout, players)
    boxes = [R._seat_box(s, view, layout) for s in range(players)]
    for x, y, w, h in boxes:
        assert 0 <= x and x + w <= table.W and table.header <= y and y + h <= table.H - table.foot
        assert x + w <= lx or x >= lx + lw or y + h <= ly or y >= ly + lh, "a seat panel covers the lagoon"
    for i, (ax, ay, aw, ah) in enumerate(boxes):
        for bx, by, bw, bh in boxes[i + 1:]:
            assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, "seat panels overlap"


def test_russian_labels():
    state, _ = play(4, 2, 9)
    view = maui.view(state, 1)
    svg = maui.render(view, lang="ru")
    root = parse(svg)
    for depth in maui.DEPTHS:
        assert depth_name(depth, "ru") in svg
    assert "Игрок 1" in svg and "Кити" in svg and "Раунд" in root.find("svg:title", NS).text
    assert "Кити стоит между" in root.find("svg:desc", NS).text
    assert "Player 1" not in svg and "the deep" not in svg


def test_every_seat_has_a_number_next_to_its_colour():
    view = maui.view(maui.setup(6, seed=1), None)
    root = parse(maui.render(view))
    seats = by_class(root, "seat")
    assert [s.get("data-seat") for s in seats] == [str(i) for i in range(6)]
    for i, seat in enumerate(seats):
        assert any(f"Player {i + 1}" == (el.text or "").strip() for el in seat.iter())


# --------------------------------------------------------------------------- variants and the end

def test_no_fights_pile_is_drawn_stacked_with_a_count_and_no_kiti():
    state = maui.setup(3, variant="no-fights", lagoon={"deep": ["tuna-1", "tiger-2", "lantern-1"],
                                                        "middle": "tiger-1", "shallow": "catfish-1"})
    root = parse(maui.render(maui.view(state, 1)))
    deep = [el for el in root.iter() if el.get("data-depth") == "deep"][0]
    assert deep.get("data-count") == "3"
    assert {"tuna-1", "tiger-2", "lantern-1"} <= data_cards(deep)
    counts = by_class(deep, "pile-count")
    assert counts and "×3" in "".join(counts[0].itertext())
    assert len(by_class(deep, "under")) == 2
    assert not by_class(root, "kiti")
    assert "no fights" in maui.render(maui.view(state, 1))


def test_game_over_banner_only_at_the_end():
    state, _ = play(3, 12, 10_000)
    assert maui.is_over(state)
    over = parse(maui.render(maui.view(state, 0)))
    assert by_class(over, "game-over")
    assert "Game over" in "".join(by_class(over, "game-over")[0].itertext())
    running, _ = play(3, 12, 5)
    assert not by_class(parse(maui.render(maui.view(running, 0))), "game-over")
    assert "Игра окончена" in maui.render(maui.view(state, 0), lang="ru")


def test_no_stylesheet_and_language_specific_defs_have_their_own_ids():
    # an inline SVG shares the notebook page: a <style> would restyle the page, and a shared id would let
    # one board borrow another board's words
    view = maui.view(maui.setup(4, seed=1), 0)
    en, ru = maui.render(view), maui.render(view, lang="ru")
    assert "<style" not in en
    ids_en = {el.get("id") for el in parse(en).iter() if el.get("id")}
    ids_ru = {el.get("id") for el in parse(ru).iter() if el.get("id")}
    for i in ids_en & ids_ru:
        same_en = [ET.tostring(el) for el in parse(en).iter() if el.get("id") == i]
        same_ru = [ET.tostring(el) for el in parse(ru).iter() if el.get("id") == i]
        assert same_en == same_ru, f"id {i} means different things in en and ru"


def test_render_is_pure_and_deterministic():
    state, events = play(5, 21, 28)
    view = maui.view(state, 2)
    before = repr(view)
    assert maui.render(view, events=events) == maui.render(view, events=events)
    assert repr(view) == before


@pytest.mark.parametrize("layout", ["phone", "laptop"])
def test_an_arranged_deck_is_labelled_and_its_left_out_cards_are_not_shown_as_boxed(layout):
    """A lesson's round 1 with a deck of six once showed «убрано в коробку: 27» and 27 face-up cards, gulls and
    jellyfish among them (issue #32): the cards an arranged deck leaves out are set aside unseen, and the board
    says the deck was arranged for the example. A real setup boxes one card, unseen, and says nothing."""
    lagoon = {"deep": "tuna-4", "middle": "tiger-5", "shallow": "catfish-4"}
    s = maui.setup(4, kiti=0, lagoon=lagoon, deck=["tuna-2", "lantern-1", "catfish-2"])
    assert s.boxed == () and len(s.removed) == 37 - 6 and maui.check_invariants(s) == []
    svg = maui.render(maui.view(s, None), lang="ru", layout=layout)
    assert "учебная колода: в ней не все карты" in svg and 'class="box"' not in svg
    real = maui.render(maui.view(maui.setup(4, seed=3), None), lang="ru", layout=layout)
    assert "подобрана" not in real and len(maui.setup(4, seed=3).removed) == 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_phone_draws_the_seating_ring_with_kiti_between_her_two_seats(players):
    """Issue #32: a phone showed a strip «Игрок 1 — Кити — Игрок 2» and a 2×2 grid of panels, so who sits nearer
    which hand lived only in the text. Now a small ring has every seat's disc clockwise from Player 1 at the
    bottom, as at a table seen from above, and Kiti on the rim between the seat her right hand points to and the
    next seat clockwise, each hand nearer its own seat's disc."""
    for kiti in range(players):
        root = parse(maui.render(maui.view(maui.setup(players, seed=1, kiti=kiti), None), layout="phone"))
        discs = {int(el.get("data-seat")): (float(el.get("x")) + float(el.get("width")) / 2,
                                            float(el.get("y")) + float(el.get("height")) / 2)
                 for el in by_class(root, "ring-seat")}
        assert sorted(discs) == list(range(players))
        cx = sum(x for x, _ in discs.values()) / players
        cy = (min(y for _, y in discs.values()) + max(y for _, y in discs.values())) / 2
        x0, y0 = discs[0]
        assert abs(x0 - cx) < 1 and y0 == max(y for _, y in discs.values())       # Player 1 at the bottom
        def angle(x, y):        # clockwise on screen from the bottom (y grows downwards)
            return (math.atan2(y - cy, x - cx) - math.pi / 2) % (2 * math.pi)
        assert [angle(*discs[s]) for s in range(players)] == sorted(angle(*discs[s]) for s in range(players))
        (fig,) = by_class(root, "kiti")
        assert (int(fig.get("data-right-seat")), int(fig.get("data-left-seat"))) == (kiti, (kiti + 1) % players)
        k = angle(float(fig.get("data-x")), float(fig.get("data-y")))
        a, b = angle(*discs[kiti]), angle(*discs[(kiti + 1) % players])
        assert 0 < (k - a) % (2 * math.pi) < (b - a) % (2 * math.pi)
        for hand_el in by_class(fig, "kiti-hand"):
            ex, ey = (float(hand_el.find("svg:line", NS).get(c)) for c in ("x2", "y2"))
            own = discs[int(hand_el.get("data-seat"))]
            other = discs[kiti if int(hand_el.get("data-seat")) != kiti else (kiti + 1) % players]
            assert math.hypot(ex - own[0], ey - own[1]) < math.hypot(ex - other[0], ey - other[1])


def test_setup_on_a_phone_puts_kiti_on_the_youngest_players_left():
    """«слева от самого младшего»: the setup strip once drew Kiti to the right of player 3. On the ring she stands
    next clockwise from the youngest, which is on their left as they face the lagoon, her right hand to them."""
    state = maui.setup(4, seed=1, youngest=2)
    root = parse(maui.render(maui.view(state, None), layout="phone"))
    (fig,) = by_class(root, "kiti")
    assert fig.get("data-right-seat") == "2" and fig.get("data-left-seat") == "3"


@pytest.mark.parametrize("layout", ["phone", "laptop"])
def test_the_kiti_who_settled_the_round_is_drawn_full_until_the_next_round_is_dealt(layout):
    """Issue #32: after a task's answer the board showed next round's Kiti, the one who had settled the tie faded.
    Until the lagoon is refilled, the deciding Kiti is the full figure, the hand that settled the tie marked on
    her; where she goes is faded, and on a phone a dashed arrow shows her step."""
    state = maui.setup(4, kiti=0, lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"},
                       deck=["tuna-2", "tiger-2", "catfish-2"])
    for seat, card in ((0, 9), (1, 6), (2, 9)):
        state, _ = maui.apply(state, maui.Dive(seat, card))
    stages = maui.stages(state, maui.Dive(3, 9))
    told = [e for _, _, more in stages[:-1] for e in more]
    root = parse(maui.render(maui.view(stages[-2][1], None), events=told, layout=layout))
    (full,) = by_class(root, "kiti")
    (faded,) = by_class(root, "kiti-ghost")
    assert (full.get("data-right-seat"), faded.get("data-right-seat")) == ("0", "1")
    used = [h.get("data-hand") for h in by_class(full, "kiti-hand") if "event" in h.get("class").split()]
    assert used == ["right"]
    assert bool(by_class(root, "kiti-step")) == (layout == "phone")
    # a quiz or task pointing at Kiti points at the one who decided (part 7's «кто нырнёт глубже всех?»)
    root = parse(maui.render(maui.view(stages[-2][1], None), events=told, layout=layout, highlight=["kiti"]))
    assert by_class(root, "kiti")[0].get("data-right-seat") == "0"
    # a step about her move points at it: she is drawn full where she goes next
    root = parse(maui.render(maui.view(stages[-2][1], None), events=told, layout=layout, highlight=["kiti:step"]))
    (full,) = by_class(root, "kiti")
    assert full.get("data-right-seat") == "1" and [c for c in full.iter() if c.get("class") == "highlight"]


# --------------------------------------------------------------------------- whose round a turned-up card belongs to

def _card_columns(svg: str, lang: str) -> dict[int, str]:
    """Seat -> the column head ("dive", "last") nearest the middle of that seat's turned-up dive card."""
    root = ET.fromstring(svg)
    out = {}
    for seat in root.iter("{http://www.w3.org/2000/svg}g"):
        if seat.get("class") != "seat":
            continue
        left = float(seat.find("svg:rect", NS).get("x"))
        heads = {float(t.get("x")): t.text for g in seat.iter("{http://www.w3.org/2000/svg}g")
                 if g.get("class") == "heads" for t in g}
        cards = [u for u in seat.iter("{http://www.w3.org/2000/svg}use") if "revealed" in (u.get("class") or "")]
        if not heads or not cards:
            continue
        middle = float(cards[0].get("x")) + float(cards[0].get("width")) / 2 - left
        out[int(seat.get("data-seat"))] = heads[min(heads, key=lambda hx: abs(hx - middle))]
    return out


@pytest.mark.parametrize("layout", ["phone", "laptop"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cards_turned_up_this_round_lie_under_dive_not_last(layout, lang):
    """A drill's board showed the cards just turned up under «раньше» ("earlier"), as if the question were about the
    round before. While a round is being resolved its cards lie where they were laid; once the next round is being
    chosen, the card turned up before is "last"."""
    from tutor.core import drill as D
    dive, last = R._w("dive", lang), R._w("last", lang)
    q = D.question(D.find("maui/who-takes"), 0)
    for state in (q.state, q.after):
        view = maui.view(state, q.viewer)
        assert view["phase"] in ("resolving", "round_over")
        columns = _card_columns(R.render(view, layout=layout, lang=lang), lang)
        assert len(columns) == view["players"] and set(columns.values()) == {dive}, columns
        # "; played N last round", as a screen reader hears it: only the round before's card, where it is known
        # (under «last», which a reader found always empty while a round's cards lay turned up, stop 60)
        said = R.describe(view, lang)[1]
        for seat in view["seats"]:
            if seat["before"] is not None:
                assert R._w("d.last", lang, v=seat["before"]["value"]) in said
        turned = [R._w("d.last", lang, v=seat["revealed"]["value"]) for seat in view["seats"] if seat["revealed"]]
        assert not any(t in said for t in turned if t not in
                       [R._w("d.last", lang, v=s["before"]["value"]) for s in view["seats"] if s["before"]]), said
    later, _ = play(4, 2, 5)           # round 2 under way: round 1's cards are the last round's
    view = maui.view(later, None)
    assert view["phase"] == "dive" and any(s["revealed"] for s in view["seats"])
    columns = _card_columns(R.render(view, layout=layout, lang=lang), lang)
    assert columns and set(columns.values()) == {last}, columns


@pytest.mark.parametrize("layout", ["laptop", "projector"])
def test_kiti_where_she_goes_next_stands_clear_of_the_rounds_arrows(layout):
    """Fresh reader R17 (stop 46): after the part-7 task, the pale Kiti (where she stands next round) stood beside the
    lagoon with two catch arrows through her, her hands unreadable from the front. On a table she now stands along
    her line where no arrow crosses the ring round her figure."""
    import math
    from tutor.core import task as T
    from tutor.games.maui.render import _table
    t = T.load_file("lessons/maui/tasks/right-hand.yaml")
    s, me = T.start(t), T.seat(t)
    right = next(a for a in maui.legal_actions(s, me) if not T.outcome(t, s, a)[2])
    _after, _events, _problems, shown, told = T.outcome(t, s, right)
    root = parse(maui.render(maui.view(shown, me), layout=layout, lang="en", events=told))
    (ghost,) = by_class(root, "kiti-ghost")
    gx, gy = float(ghost.get("data-x")), float(ghost.get("data-y"))
    lines = [el for el in root.iter() if el.tag.endswith("line") and el.get("marker-end")]
    assert len(lines) >= 2
    u = _table(layout, maui.view(shown, me)["players"]).u
    for el in lines:
        x0, y0, x1, y1 = (float(el.get(a)) for a in ("x1", "y1", "x2", "y2"))
        dx, dy = x1 - x0, y1 - y0
        k = max(0.0, min(1.0, ((gx - x0) * dx + (gy - y0) * dy) / (dx * dx + dy * dy)))
        # outside the ring drawn round her (27u): no arrow crosses her figure or the ring
        assert math.hypot(gx - x0 - k * dx, gy - y0 - k * dy) >= 27 * u, (layout, el.get("data-seat"))


def test_a_phones_pile_chips_hold_their_values():
    """Fresh reader Z5 (stop 48): on a phone the "−10" under a catch pile's top card ran over its chip's edges, in
    the 9.5 px print a seagull question is read in. Each chip is now as wide as its value at 10 units."""
    from tutor.core import quiz as Q
    import re
    from tutor.core.cardtable import em
    s = Q.asked(Q.load_file("lessons/maui/quizzes/seagull-takes.yaml"))
    svg = maui.render(maui.view(s, None), lang="ru", layout="phone")
    chips = re.findall(r'<use class="card catch pile"[^>]*width="([0-9.]+)"[^>]*/><text[^>]*font-size="([0-9.]+)"'
                       r'[^>]*>([^<]+)</text>', svg)
    assert chips, "no pile chips drawn"
    for width, size, value in chips:
        assert float(size) >= 10 and em(value, True) * float(size) <= float(width), (value, width, size)


@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_a_no_fights_pile_in_the_lagoon_says_what_lies_under_its_top_card(layout):
    """Fresh reader Z6 (stop 48): "the deep now holds two cards: 10 + 6 = 16", and the board showed the tiger fish
    with "×2" and only an edge of the tuna under it. The cell now names the cards under its top card."""
    from tutor.core.scenario import read_yaml, replay
    from tutor.games.maui.text import kind_name
    frame = next(f for f in replay(read_yaml("lessons/maui/scenarios/no-fights.yaml")).frames
                 if len(f.state.lagoon[0]) == 2)
    root = parse(maui.render(maui.view(frame.state, None), layout=layout, lang="en"))
    under = [el for el in root.iter() if el.get("class") == "cell-under"]
    assert len(under) == 1 and kind_name("tuna", "en") in "".join(under[0].itertext())


@pytest.mark.parametrize("layout", ["phone", "laptop"])
def test_the_last_rounds_outcome_is_the_final_count_and_kiti_stays(layout):
    """After the twelfth round the table's film held "round over, the next deal to come" with Kiti stepping on to
    "next round" (a reader, stop 57): no round follows; the header names the final count and Kiti stays put."""
    state = maui.setup(4, kiti=0, round=12, hands=[[9], [6], [9], [9]],
                       lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"}, deck=[])
    for seat, card in ((0, 9), (1, 6), (2, 9)):
        state, _ = maui.apply(state, maui.Dive(seat, card))
    stages = maui.stages(state, maui.Dive(3, 9))
    told = [e for _, _, more in stages[:-1] for e in more]
    shown = stages[-2][1]
    assert shown.phase == "round_over" and shown.round == 12
    svg = maui.render(maui.view(shown, None), events=told, layout=layout)
    assert "the final count" in svg and "the next deal to come" not in svg
    root = parse(svg)
    assert len(by_class(root, "kiti")) == 1 and not by_class(root, "kiti-ghost")
    assert by_class(root, "kiti")[0].get("data-right-seat") == "0"


def test_a_card_turned_up_lies_under_dive_only_not_in_the_used_cards_too():
    """On the reveal step a played card showed under "dive" and in "used: 8" with the count already one up (a reader of
    wave 21): until the next deal it lies under "dive" alone; the deal then puts it with the used cards."""
    state = maui.setup(3, kiti=0, lagoon={"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"})
    for seat, card in ((0, 8), (1, 5)):
        state, _ = maui.apply(state, maui.Dive(seat, card))
    stages = maui.stages(state, maui.Dive(2, 2))
    shown = dict((name, pos) for name, pos, _ in stages)["shallow"]
    view = maui.view(shown, None)
    for seat, card in enumerate((8, 5, 2)):
        s = view["seats"][seat]
        assert s["revealed"]["value"] == card
        assert card not in [c["value"] for c in s["discards"]] and s["discard_count"] == 0, s
    dealt = maui.view(stages[-1][1], None)
    assert [s["discard_count"] for s in dealt["seats"]] == [1, 1, 1]
    assert [c["value"] for c in dealt["seats"][0]["discards"]] == [8]
