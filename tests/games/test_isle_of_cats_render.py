"""Острів котів's board, placing by pointing, play table and score helper, without a browser."""

from __future__ import annotations

import math
import random
import re
from html import escape

import pytest

from tutor.core.errors import RuleViolation
from tutor.core.i18n import text
from tutor.core.svg import Offer
from tutor.games import isle_of_cats as ioc
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats.placing import placing_data
from tutor.games.isle_of_cats.render import render
from tutor.games.isle_of_cats.text import card_name, tile_name

KEPT = (("card-151", "card-152"), ("card-165", "card-166"))
FIRST = ("cat-blue-13", 0, 7, 3)
ISLAND = ("cat-green-15", "rare-O-1", "cat-red-16", "cat-orange-2")


def table_state():
    return ioc.setup(2, first=0, kept=KEPT, placed=[[FIRST], []], island=ISLAND, bag=())


def holding():
    s = table_state()
    s, _ = ioc.apply(s, ioc.Take(0, "cat-green-15"))
    return s


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_board_shows_rooms_rats_maps_tiles_named_without_ids(lang):
    s = table_state()
    svg = render(ioc.view(s, 0), lang=lang)
    assert svg.count('class="room"') == 2 * 7
    assert svg.count('class="rat"') == len(C.RATS["blue"]) + len(C.RATS["green"])
    assert svg.count('class="map"') == 10
    assert svg.count('class="placed-tile"') == 1
    for t in ISLAND:
        assert tile_name(t, lang) in svg
    visible = re.sub(r'data-[a-z-]+="[^"]*"', "", svg)
    assert not re.search(r"\b(cat|rare|common)-[a-zA-Z-]+-\d", visible), "a tile id reached the picture"


def test_other_players_cards_never_in_the_svg_until_the_end():
    s = table_state()
    mine = render(ioc.view(s, 0), highlight=["cards:up"])      # the play table shows a player their own
    for c in KEPT[0]:
        assert escape(card_name(c)) in mine
    for c in KEPT[1]:
        assert escape(card_name(c)) not in mine and c not in mine
    s = ioc.setup(2, first=0, kept=KEPT, placed=[[FIRST], []], island=ISLAND, bag=())
    assert escape(card_name(KEPT[1][0])) in render(ioc.view(s, None), highlight=["cards:up"])
    assert card_name(None) in mine


def test_colour_is_never_alone_on_maps_and_cats():
    svg = render(ioc.view(table_state(), 0), lang="en")
    maps = re.findall(r'<g class="map" data-colour="(\w+)">.*?</g>', svg)
    assert len(maps) == 10
    for colour in C.CAT_COLOURS:
        block = re.search(rf'<g class="map" data-colour="{colour}">(.*?)</g>', svg).group(1)
        assert f">{colour[0].upper()}</text>" in block
    for lang in ("en", "uk"):
        from tutor.games.isle_of_cats.render import initial
        assert len({initial(c, lang) for c in C.CAT_COLOURS}) == 5


def test_highlights_and_choosable_hit_areas():
    s = table_state()
    keys = ["tile:cat-green-15", "room:0:3", "cell:0:7,3", "ship", "supply:domino", "boat:1", "tile:cat-blue-13"]
    svg = render(ioc.view(s, 0), highlight=keys)
    for k in keys:
        assert f'data-target="{k}"' in svg, k
    offers = {"tile:rare-O-1": Offer("c1", "take"), "supply:monomino": Offer("c2", "m")}
    svg = render(ioc.view(s, 0), choosable=offers)
    assert 'data-choice="c1" data-key="tile:rare-O-1"' in svg and 'data-choice="c2"' in svg
    assert 'data-board-seat="0"' in svg and 'data-cell="16"' in svg


def test_placing_data_agrees_with_the_engine_everywhere():
    s = holding()
    d = placing_data(s, 0, "uk")
    assert d["codes"] and set("".join(d["codes"])) >= {"1", "b", "o", "t", "n"}
    for o, row in enumerate(d["codes"]):
        for i, code in enumerate(row):
            x, y = i % 22, i // 22
            try:
                ioc.apply(s, ioc.Place(0, o, x, y))
                assert code == "1", (o, x, y)
            except RuleViolation as refusal:
                assert code != "1" and d["reasons"][code] == refusal.explain("uk"), (o, x, y, code)
    # a quarter turn four times and a flip twice come back
    for o in range(len(d["orients"])):
        r = o
        for _ in range(4):
            r = d["rotate"][r]
        assert r == o and d["flip"][d["flip"][o]] == o
    assert placing_data(table_state(), 0, "en") is None


def _table():
    from tutor.widgets.play import PlayTable
    return PlayTable("isle_of_cats", players=2, seat=0, lang="en", bots=True, first=0, kept=KEPT,
                     placed=[[FIRST], []], island=ISLAND, bag=())


def test_play_table_take_by_click_then_place_by_pointing():
    t = _table()
    assert t.placer is None
    t.click_board("tile:cat-green-15")
    assert t.state.held == "cat-green-15" and t.placer is not None
    assert t.view["placing"]["tile"] == tile_name("cat-green-15") and "cat-green-15" not in str(t.view["placing"])
    before = t.state
    # refused: not touching (far from the first tile), with the engine's reason; nothing changes
    d = t.view["placing"]
    o = d["rotate"][0]
    far = next(i for i, c in enumerate(d["codes"][o]) if c == "n")
    t.placer.place(o, far % 22, far // 22)
    assert t.state is before and t.error == d["reasons"]["n"] and "side" in t.error
    # meeting a tile at a corner only is refused by the same rule, in words that say so
    assert "corner" in d["reasons"]["t"] and "corner" not in d["reasons"]["n"]
    # legal: lands
    ok = d["codes"][o].index("1")
    t.placer.place(o, ok % 22, ok // 22)
    assert ("cat-green-15", o, ok % 22, ok // 22) in t.state.placed[0] and t.placer is None


def test_fallback_list_places_the_picked_place():
    t = _table()
    t.click_board("tile:cat-green-15")
    [pick] = [p for p in t._offered.values() if type(p).__name__ == "Pick"]
    legal = ioc.placements(t.state, 0, "cat15")
    pick.value = list(legal[3])
    [button] = [c for c in t.action_buttons(0) if "tutor-place-listed" in c.classes]
    button.click()
    assert ("cat-green-15", *legal[3]) in t.state.placed[0]


def test_score_helper_builds_a_boat_and_refuses_with_the_engine_reason():
    from tutor.games.isle_of_cats.sandbox import ScoreHelper
    h = ScoreHelper(lang="en", placed=[FIRST])
    assert h.total == ioc.breakdown((FIRST,), "blue").total
    h.kind.value, h.shape.value = "cat", "cat5"
    h.board.place(0, 0, 0)
    assert h.placed == [FIRST] and "would not lie wholly" in h.errors.message
    d = h.board.placing
    o, x, y = d["start"]
    h.board.place(o, x, y)
    assert h.placed[-1] == ("cat-blue-5", o, x, y)
    assert h.total == ioc.breakdown(tuple(h.placed), "blue").total
    # the boat alone: no rings hiding its walls, no family cards (the helper does not score them); the open rooms
    # and visible rats are counted beside it
    assert 'class="highlight"' not in h.board.value and "family-card" not in h.board.value
    rooms, rats = len(ioc.unfilled_rooms(tuple(h.placed))), len(ioc.visible_rats(tuple(h.placed), "blue"))
    assert f"{rooms}" in h.summary.value and f"{rats}" in h.summary.value
    # each cat is in the box once: the helper now holds the blue cat of the list's next line, not the one just placed
    shapes = [v for _label, v in h.shape.options]
    assert h.tile == f"cat-blue-{shapes[shapes.index('cat5') + 1][3:]}"
    for _ in range(3):      # three more blue cats joined to the first two make a family
        d = h.board.placing
        o, x, y = d["start"]
        h.board.place(o, x, y)
    assert ioc.families(tuple(h.placed)) and 'class="family"' in h.board.value
    for _ in range(4):
        h.undo()
    assert h.placed == [FIRST]
    h.clear()
    assert h.placed == [] and h.total == -35 - len(C.RATS["blue"])


def test_score_helper_places_common_treasures_as_a_reward_is_placed():
    from tutor.games.isle_of_cats.sandbox import ScoreHelper
    from tutor.games.isle_of_cats.text import shape_name
    h = ScoreHelper(lang="en", placed=[FIRST])
    h.kind.value = "common"
    # the shapes are offered in the learner's words, never by the tutor's ids
    assert [label for label, _ in h.shape.options] == [shape_name(s, "en") for s in C.COMMON_SHAPES]
    assert all(s not in label for label, _ in h.shape.options for s in C.COMMON_SHAPES)
    h.shape.value = "domino"
    assert h.tile == "common-domino-1" and h.board.placing["tile"] == "common treasure of 2 squares"
    h.board.place(0, 0, 0)                         # refused with the engine's reason, nothing placed
    assert h.placed == [FIRST] and "would not lie wholly" in h.errors.message
    for i in range(1, C.COMMON_SUPPLY[2] + 1):     # the two-player supply: then none is left
        o, x, y = h.board.placing["start"]
        h.board.place(o, x, y)
        assert h.placed[-1] == (f"common-domino-{i}", o, x, y)
        assert bool(h.errors.message) == (i == C.COMMON_SUPPLY[2])
    assert h.tile is None and not h.board.placing and "Every tile of this kind" in h.errors.message
    assert h.total == ioc.breakdown(tuple(h.placed), "blue").total
    h.undo()
    assert h.tile == f"common-domino-{C.COMMON_SUPPLY[2]}" and not h.errors.message


def test_lesson_sandbox_finds_the_helper():
    from tutor.games.isle_of_cats.ui import UI
    assert UI.sandbox is not None and UI.placing is not None


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_own_family_cards_show_their_task_in_words_others_stay_backs(lang):
    from tutor.core.i18n import text
    s = table_state()
    svg = render(ioc.view(s, 0), lang=lang, highlight=["cards:up"])    # at the play table (render.CARDS_UP)
    shown = re.sub(r"<title>.*?</title>", "", svg)           # words drawn, not only tooltips
    drawn = " ".join(re.findall(r">([^<>]+)</text>", shown))
    for c in KEPT[0]:
        short = text(f"isle_of_cats.board.card_short.{c}", lang)
        assert short not in ("", f"isle_of_cats.board.card_short.{c}")
        assert all(word in drawn for word in short.split()), short
    for c in KEPT[1]:
        assert text(f"isle_of_cats.board.card_short.{c}", lang).split()[-1] not in drawn
    assert svg.count('data-face="false"') == len(KEPT[1])
    end = render(ioc.view(s, None), lang=lang, highlight=["cards:up"])   # the teacher's view (everyone's at the end)
    assert end.count('data-face="true"') == 4


def test_a_lessons_board_shows_kept_family_cards_face_down_until_they_are_taught_or_scored():
    """A teacher read «2 points per visible rat» on the rats question's board, five parts before the family cards
    are taught: a lesson's board (no "cards:up") draws the kept cards as backs during the days, even the viewer's
    own; the keep phase and the end show them."""
    from tutor.core.i18n import text
    s = table_state()
    for viewer in (0, None):
        svg = render(ioc.view(s, viewer), lang="en")
        assert 'data-face="true"' not in svg and svg.count('data-face="false"') == 4, viewer
        drawn = " ".join(re.findall(r">([^<>]+)</text>", re.sub(r"<title>.*?</title>", "", svg)))
        assert not any(text(f"isle_of_cats.board.card_short.{c}", "en") in drawn for c in KEPT[0] + KEPT[1])
    dealt = ioc.setup(2, first=0, island=ISLAND, bag=())          # the keep phase: the three dealt cards face up
    assert render(ioc.view(dealt, 0)).count('data-face="true"') == 3


def test_families_are_outlined_with_size_and_points_and_the_placed_tile_is_marked():
    from tutor.games.isle_of_cats.scoring import families
    placed = [("cat-blue-13", 0, 7, 3)]
    s = ioc.setup(2, first=0, kept=KEPT, placed=[placed, []], island=ISLAND, bag=())
    assert 'class="family"' not in render(ioc.view(s, 0))
    # grow a blue family tile by tile through the engine (first legal placement touching a blue tile)
    blues = [t for t in C.CAT_TILES if C.COLOUR[t] == "blue" and t != "cat-blue-13"]
    for t in blues:
        if families(placed):
            break
        st = ioc.setup(2, first=0, kept=KEPT, placed=[placed, []], island=(t,), bag=())
        st, _ = ioc.apply(st, ioc.Take(0, t))
        best = None
        for a in ioc.legal_actions(st, 0):
            after = placed + [(t, a.orientation, a.x, a.y)]
            from tutor.games.isle_of_cats.scoring import groups
            if max(g.size for g in groups(after) if g.colour == "blue") == len(placed) + 1:
                best = a
                break
        if best is not None:
            st2, events = ioc.apply(st, best)
            placed = placed + [(t, best.orientation, best.x, best.y)]
    fam = families(placed)
    assert fam, "no family grown"
    svg = render(ioc.view(st2, 0), lang="en", events=events, highlight=("families",))
    assert svg.count('class="family"') == len(fam)
    # not asked for (a worked example before its question), the families are not outlined
    assert 'class="family"' not in render(ioc.view(st2, 0), lang="en", events=events)
    f = fam[0]
    assert f'data-size="{f.size}" data-points="{f.points}"' in svg
    assert f">{f.size} → {f.points}</text>" in svg
    assert re.search(r'<path class="event" data-target="tile:[^"]+"', svg)


def _family_labels(svg: str) -> list[tuple[str, float, float, float, float, float]]:
    """(seat, x, y, width, height, square) of each family's label box, in its boat's units (the boat's own origin;
    `square`: the boat's square, which each layout sizes)."""
    out = []
    for boat in re.finditer(r'<g class="boat" data-board-seat="(\d+)"[^>]*data-cell="([\d.]+)".*?(?=<g class="boat"|$)',
                            svg, re.S):
        for m in re.finditer(r'<g class="family"[^>]*>.*?<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" '
                             r'height="([\d.]+)"([^/]*)/>', boat.group(0), re.S):
            x, y, w, h = (float(m.group(k)) for k in (1, 2, 3, 4))
            if "rotate(-90" in m.group(5):      # a turned boat's label, turned back about its middle: across the boat
                x, y, w, h = x + (w - h) / 2, y - (w - h) / 2, h, w
            out.append((boat.group(1), x, y, w, h, float(boat.group(2))))
    return out


def test_a_family_label_keeps_off_the_column_numbers_and_its_own_squares():
    from tutor.games.isle_of_cats.scoring import families
    # a family along the top row: its label went over the column numbers above the boat
    top = [("cat-blue-1", 0, 5, 0), ("cat-blue-2", 0, 8, 0), ("cat-blue-3", 0, 10, 0)]
    s = ioc.setup(2, first=0, kept=KEPT, placed=[top, []], island=ISLAND, bag=())
    assert min(y for _x, y in families(top)[0].cells) == 0
    boats = [(render(ioc.view(s, 0), highlight=("families",)), {"0": top, "1": []})]
    # and the boats of finished random games, scored at the end
    for seed in range(6):
        rnd = random.Random(seed)
        g = ioc.setup(2 + seed % 3, seed=seed)
        while not ioc.is_over(g):
            p = rnd.choice(ioc.to_move(g))
            g, _ = ioc.apply(g, rnd.choice(ioc.legal_actions(g, p)))
        placed = {str(i): list(rows) for i, rows in enumerate(g.placed)}
        boats += [(render(ioc.view(g, None), layout=layout), placed) for layout in ("phone", "laptop", "projector")]
    checked = 0
    for svg, placed in boats:
        labels = _family_labels(svg)
        assert len(labels) == sum(len(families(rows)) for rows in placed.values())
        for seat, x, y, w, h, cell in labels:
            assert y >= 0, f"a family label at y={y} covers the column numbers above the boat"
            own = {cell for f in families(placed[seat]) for cell in f.cells}
            # the squares under the label's box (w wide, h high) are none of any family's own
            under = {(int(bx // cell), int(by // cell)) for bx in (x, x + w - 0.1) for by in (y, y + h - 0.1)}
            under |= {(col, row) for col in range(int(x // cell), int((x + w - 0.1) // cell) + 1)
                      for _c, row in under}
            assert not under & own, f"a family label over a family's own squares {sorted(under & own)}"
            checked += 1
    assert checked >= 4


def test_day_track_has_vesh_hand_and_the_island_reads_right_before_any_draw():
    s = ioc.setup(2, seed=1)
    assert s.phase == "keep"
    svg = render(ioc.view(s, 0), lang="en")
    assert 'class="hand"' in svg and "nothing laid out yet" in svg and "no tiles left" not in svg
    v = ioc.view(s, 0)
    v = {**v, "ship": 0, "phase": "over", "over": True, "island": []}
    end = render(v, lang="en")
    assert 'class="ship"' in end and "no tiles left" in end


def test_refusals_and_narration_name_a_tile_with_an_article_and_cite_the_rule_once():
    from tutor.core.i18n import text
    from tutor.core.rules import cite, in_brackets
    from tutor.games.isle_of_cats.text import narrate
    s = table_state()
    s, events = ioc.apply(s, ioc.Take(0, "cat-red-16"))
    assert narrate(events[0], "en") == "Player 1 takes the red cat of 5 squares."
    with pytest.raises(RuleViolation) as refused:
        ioc.apply(s, ioc.Place(0, 0, 0, 0))
    said = refused.value.explain("en")
    assert said.startswith("The red cat of 5 squares would not lie")
    assert said.count(in_brackets(cite(refused.value.rule, "en"))) == 1
    uk = refused.value.explain("uk")
    assert uk[:1].isupper() and "the " not in uk.lower()
    assert text("isle_of_cats.tile.hidden", "en") == "a tile"


def test_a_refused_your_turn_placement_cites_its_rule_once():
    from tutor.core.rules import cite, in_brackets
    from tutor.widgets.your_turn import YourTurn
    w = YourTurn("isle_of_cats/cover-rats", lang="en")
    codes = w.placer.data["codes"]
    o, i = next((o, row.index("b")) for o, row in enumerate(codes) if "b" in row)
    w.placer.place(o, i % 22, i // 22)
    assert w.outcome == "refused"
    # the verdict's line and what "More" opens (the rule's name sits there, under the reason)
    status = re.sub(r"<[^>]+>", "", w.view["status"] + w.view["status_more"])
    assert status.count(in_brackets(cite("isle_of_cats:placement", "en"))) == 1, status


def test_places_are_described_in_words_and_alike_take_buttons_say_which():
    from tutor.games.isle_of_cats.ui import take_labels, where
    s = holding()
    shape = C.SHAPE["cat-green-15"]
    for a in ioc.legal_actions(s, 0):
        said = where(a, "en", shape)
        # (the boat's own numbers, along and across: "column 17" named a row of the phone's turned boat, a reader)
        assert not re.search(r"turned \d", said) and re.search(r"\d+ along the boat and \d+ across", said) \
            and " in the " in said and "column" not in said, said
    assert where(ioc.Place(0, 0, 3, 2), "en", "T") .startswith("as shown")
    oranges = [t for t in C.CAT_TILES if C.COLOUR[t] == "orange"][:6]
    labels = take_labels([ioc.Take(0, t) for t in oranges], "en")
    assert len(set(labels.values())) == len(labels) >= 2
    svg = render(ioc.view(s, 0), lang="en")
    assert svg.count('class="grid-numbers"') == 2


def test_a_tile_keeps_its_number_around_the_island_when_others_are_taken():
    """A reader of wave 22 followed "no. 3" around the island and found another tile under it after a take: the
    tiles were numbered 1 up as they lay each time. Each keeps its number from the day's draw until the day ends,
    on the board, on the Take buttons of tiles alike, and in a saved position."""
    from tutor.games.isle_of_cats.codec import state_from_json, to_json
    from tutor.games.isle_of_cats.rules import island_numbers
    from tutor.games.isle_of_cats.ui import take_labels
    s = ioc.setup(2, seed=5)
    while s.phase == "keep":
        seat = next(p for p in range(2) if ioc.legal_actions(s, p))
        s = ioc.apply(s, ioc.legal_actions(s, seat)[0])[0]
    day = s.island
    assert island_numbers(s) == tuple(range(1, len(day) + 1))
    first = next(a for a in ioc.legal_actions(s, s.turn) if isinstance(a, ioc.Take) and a.tile != day[-1])
    s = ioc.apply(s, first)[0]
    s = ioc.apply(s, next(a for a in ioc.legal_actions(s, s.turn) if isinstance(a, ioc.Place)))[0]
    assert first.tile not in s.island and len(s.island) == len(day) - 1
    want = {t: day.index(t) + 1 for t in s.island}
    assert dict(zip(s.island, island_numbers(s))) == want
    view = ioc.view(s, s.turn)
    assert {t["id"]: t["no"] for t in view["island"]} == want
    drawn = {int(n) for n in re.findall(r'class="island-number"[^>]*>(\d+)</text>', render(view, lang="en"))}
    assert drawn == set(want.values()), drawn
    alike = [ioc.Take(s.turn, t) for t in s.island][:2]
    said = take_labels(alike + alike, "en", want)     # told apart by their numbers however they read
    assert all(f"no. {want[a.tile]} " in said[a] for a in alike), said
    assert island_numbers(state_from_json(to_json(s))) == island_numbers(s)
    # a day's end: the island cleared, the next day numbered from 1 again
    while s.ship == C.DAYS:
        s = ioc.apply(s, ioc.legal_actions(s, s.turn)[-1])[0]
    assert not s.island or island_numbers(s) == tuple(range(1, len(s.island) + 1))


def test_a_refused_try_in_a_worked_example_is_drawn_where_it_was_tried():
    """'Where a tile may not go': each refused place is drawn on the board (the held tile, hatched, ✗), at the
    very orientation and square the step tried, so the learner sees what the words describe."""
    from pathlib import Path

    import yaml

    from tutor.widgets.scenario import ScenarioPlayer
    folder = Path(__file__).resolve().parents[2] / "lessons" / "isle_of_cats" / "scenarios"
    tried = 0
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        player = None
        for i, step in enumerate(data["steps"], 1):
            dos = step.get("do") if isinstance(step.get("do"), list) else [step.get("do") or {}]
            place = next((d["place"] for d in dos if isinstance(d, dict) and d.get("place")), None)
            if not (place and "refused" in step):
                continue
            [(who, (o, x, y))] = place.items()
            assert f"try:{who}:{o},{x},{y}" in step.get("highlight", []), f"{path.name} step {i}"
            player = player or ScenarioPlayer(data["id"], lang="en")
            player.show(i)
            assert player.svg.count('class="tried"') == 1 and f'data-target="try:{int(who) - 1}:{o},{x},{y}"' in \
                player.svg, f"{path.name} step {i}"
            tried += 1
    assert tried >= 3


def test_island_tiles_that_read_alike_say_which_one_on_the_board():
    """Newcomer C9: two red cats of 5 squares around the island were both "Take the red cat of 5 squares" on the
    board (the buttons said which); now each board tile's name is unique, as its button's."""
    from tutor.widgets.play import PlayTable
    t = PlayTable("isle_of_cats", players=2, seat=0, lang="uk", bots=True, first=0, kept=KEPT,
                  island=("cat-red-16", "cat-red-1", "cat-blue-2"), bag=())
    names = re.findall(r'class="choice"[^>]*aria-label="([^"]+)"', t._svg)
    takes = [n for n in names if n.startswith("Взяти")]
    assert len(takes) == 3 and len(set(takes)) == 3, takes
    assert any("(№ 2 біля острова)" in n for n in takes)
    # and the board prints each island tile's number, as the buttons and drills name it
    assert [m for m in re.findall(r'class="island-number"[^>]*>(\d+)<', t._svg)] == ["1", "2", "3"]


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_board_describes_the_position_in_words_for_a_screen_reader(lang):
    """Like the other four games' boards, the SVG's <desc> says the position: the ship's space, who moves, the
    island's tiles, the held tile, each boat's tile count (a screen reader had only "The Isle of Cats")."""
    s = holding()
    svg = render(ioc.view(s, 0), lang=lang)
    desc = re.search(r"<desc>(.*?)</desc>", svg, re.S)
    assert desc, "the board has no description"
    words = desc.group(1)
    for t in ISLAND[1:]:
        assert escape(tile_name(t, lang)) in words
    held = ioc.view(s, 0)["held"]["id"]
    assert escape(tile_name(held, lang)) in words.split("\n")[2]
    assert "5" in words.split("\n")[0]
    assert not re.search(r"\b(cat|rare|common)-[a-zA-Z-]+-\d", words)


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_take_a_tile_offers_every_island_tile_and_refuses_one_that_fits_nowhere_with_its_rule(lang):
    """Newcomer (after #22): the take-a-tile task offered the one tile that fits as its only button and the other
    island tiles did nothing when clicked, so the list gave the answer away and a wrong click was never explained.
    Now each island tile is offered and, clicked on the board, one that fits nowhere is refused with its rule
    («РОЗМІЩЕННЯ ПЛИТОК»), as at the table. Club teacher (#32): the unfit tiles were drawn dashed, buttons and
    island, so the one solid tile answered the task: in a task every tile looks alike until the engine judges it."""
    from tutor.core.rules import cite, in_brackets
    from tutor.widgets.your_turn import YourTurn
    w = YourTurn("isle_of_cats/take-a-tile", lang=lang)
    takes = [b for b in w.action_buttons() if isinstance(b.action, ioc.Take)]
    assert [b.action.tile for b in takes] == list(w.state.island)
    legal = set(w.game.legal_actions(w.state, w.seat))
    unfit = [b for b in takes if b.action not in legal]
    assert len(unfit) == len(takes) - 1
    # nothing tells them apart before the choice (issue #32): the same class and style, no "Not now", the two
    # look-alike blue cats neither, and no dashed ring on the board
    assert {b.button_style for b in takes} == {"info"} and all("tutor-action-unavailable" not in b.classes for b in takes)
    assert all(b.tooltip == b.description for b in unfit), [b.tooltip for b in unfit]
    assert not any(text("ui.isle_of_cats.not_now", lang, action=b.description) == b.tooltip for b in takes)
    assert set(w.board_choices()) == {f"tile:{t}" for t in w.state.island}
    assert "choice-ring unavailable" not in w.svg and w.svg.count('class="choice-ring"') == len(takes)
    before = w.state
    w.click_board(f"tile:{unfit[0].action.tile}")
    assert w.outcome == "refused" and w.state is before
    # the verdict's line and what "More" opens (the rule's name sits there, under the reason)
    status = re.sub(r"<[^>]+>", "", w.view["status"] + w.view["status_more"])
    assert in_brackets(cite("isle_of_cats:placement", lang)) in status and tile_name(unfit[0].action.tile, lang).lower() in \
        status.lower(), status
    # at the table: the same tile's board click is refused with the rule, and nothing changes
    t = _table()
    t.state = before
    t.refresh()
    t.click_board(f"tile:{unfit[0].action.tile}")
    assert t.state is before and in_brackets(cite("isle_of_cats:placement", lang)) in t.errors.message, t.errors.message
    # at the table (no task to give away) one that cannot be taken is greyed and says so, the look-alikes too
    unfit = [b for b in t.action_buttons() if isinstance(b.action, ioc.Take) and "tutor-action-unavailable" in b.classes]
    assert len(unfit) == len(takes) - 1 and "choice-ring unavailable" in t.svg
    assert all(b.tooltip == text("ui.isle_of_cats.not_now", t.lang, action=b.description) for b in unfit), \
        [b.tooltip for b in unfit]


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_held_tile_is_drawn_after_the_placing_label_not_over_it(lang):
    """Newcomer (after #22): «Гравець 1 розміщує» ran under the held tile's picture, drawn at a fixed x, which hid
    its last letter. The picture starts after the label's measured width."""
    from tutor.core import cardtable as K
    from tutor.core.i18n import player_name
    svg = render(ioc.view(holding(), 0), lang=lang)
    said = text("isle_of_cats.board.held", lang, player=player_name(0, lang))
    label = re.search(r'<text x="([\d.]+)"[^>]*>' + re.escape(escape(said)) + "</text>", svg)
    picture = re.search(r'<g class="held-tile"><title>[^<]*</title><g transform="translate\(([\d.]+) ', svg)
    assert label and picture, "no placing row"
    assert float(label.group(1)) + K.em(said, True) * 12 < float(picture.group(1))


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_score_helper_moves_to_the_shape_lists_next_line_after_placing_and_says_so(lang):
    """Newcomer (after #22): after a cat was placed, the shape list jumped silently (from the first line, the cat
    of 4 squares, to one near the end: the data's order, not the list's), so the next click placed something
    unexpected. It moves to the next line of the list as shown, and a note says which: in words, the line's size, not
    its picture in text («■■/■·/■■» read as code to a reader)."""
    from tutor.games.isle_of_cats.sandbox import ScoreHelper
    h = ScoreHelper(lang=lang)
    lines = list(h.shape.options)
    assert h.shape.value == lines[0][1] and not h.note.value
    for n in (1, 2):
        o, x, y = h.board.placing["start"]
        h.board.place(o, x, y)
        assert h.shape.value == lines[n][1], (n, h.shape.value)
        words, picture = lines[n][0].split(":", 1)
        assert escape(words) in h.note.value and escape(tile_name(h.placed[-1][0], lang)) in h.note.value
        assert escape(picture.strip()) not in h.note.value
    h.shape.value = lines[5][1]         # the learner's own choice: the note goes, it no longer says what is held
    assert not h.note.value


def test_a_finished_earn_treasure_task_does_not_ask_for_more_and_the_table_still_offers_the_reward():
    """Newcomer (after #22): the finished earn-treasure task's board still said "Player 1 may take a common treasure
    … or let it go", with nothing left to press. A board where nobody can take it says what was earned; the play
    table, where the supply piles are offered, still invites."""
    from tutor.core import task as T
    from tutor.widgets.play import PlayTable
    from tutor.widgets.your_turn import YourTurn
    invite, earned = (text(f"isle_of_cats.board.{k}", "en", player="Player 1") for k in ("reward", "reward_earned"))
    w = YourTurn("isle_of_cats/earn-treasure", lang="en")
    w.act(next(a for a in w.game.legal_actions(w.state, w.seat) if not T.judge(w.task, w.state, a)[2]))
    assert w.outcome == "done" and w.state.phase == "treasure"
    assert escape(earned) in w._svg and escape(invite) not in w._svg and "let it go" not in w._svg
    t = _table()
    t.state = w.state
    t.refresh()
    assert any(k.startswith("supply:") for k in t.board_choices())
    assert escape(invite) in t._svg


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_can_it_go_quiz_draws_its_places_and_a_refused_one_in_red(lang):
    """Club teacher (#32): the three candidate places were only words, and a wrong answer said «На полі нічого не
    змінилося». The boat draws them lettered (A, B, C), alike; a refused choice is drawn red where it would have
    gone (its `mark`), as in the worked example above the quiz."""
    from tutor.core.i18n import text
    from tutor.widgets.quiz import Quiz
    w = Quiz("isle_of_cats/can-it-go", lang=lang)
    letters = text("isle_of_cats.board.option_letters", lang)
    assert w.svg.value.count('class="option"') == 3 and 'class="tried"' not in w.svg.value
    for i, b in enumerate(w.buttons):
        assert b.description.split()[-1] == letters[i], b.description      # "Place 1": the number on the board
        assert f">{letters[i]}</text>" in w.svg.value
    for wrong in (o.index for o in w.outcomes if not o.correct):
        w.answer(wrong)
        assert 'class="tried"' in w.svg.value and w.svg.value.count('class="option"') == 3
        # the ✗ on a square of its own, not over the place's number (a reader of wave 22 read "✗" struck over "1")
        tried = re.search(r'<g class="tried"[^>]*transform="translate\(([-\d.]+),([-\d.]+)\)".*?<text x="([-\d.]+)" '
                          r'y="([-\d.]+)"[^>]*>✗</text>', w.svg.value, flags=re.S)
        discs = re.findall(r'<g class="option" data-option="\d"[^>]*transform="translate\(([-\d.]+),([-\d.]+)\)".*?'
                           r'<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)"', w.svg.value, flags=re.S)
        assert tried and len(discs) == 3, w.svg.value[:300]
        ox, oy, tx, ty = map(float, tried.groups())
        for dx, dy, cx, cy, r in (map(float, d) for d in discs):
            if (dx, dy) != (ox, oy):
                continue
            assert math.dist((ox + tx, oy + ty), (dx + cx, dy + cy)) > 1.5 * r, "the ✗ lies on a place's number"
        assert text("ui.quiz.unchanged", lang) not in w.verdict.value
        assert text("ui.quiz.refused_drawn", lang) in w.verdict.value
        w.reset()
        assert 'class="tried"' not in w.svg.value


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_play_table_keeps_a_running_score_and_outlines_families(lang):
    """Club teacher (#32): the play table showed no score until the end and outlined no family, while the score
    helper showed both. Under the board: each boat's visible rats, unfilled rooms, families and their sum (the
    engine's breakdown without the secret family cards); on the board: the families outlined. A task does neither
    (its answer may be a family)."""
    from tutor.core.i18n import number
    from tutor.games.isle_of_cats.scoring import breakdown
    from tutor.widgets.play import PlayTable
    from tutor.widgets.your_turn import YourTurn
    fam = [("cat-orange-16", 0, 7, 0), ("cat-orange-9", 0, 8, 0), ("cat-orange-10", 0, 9, 0)]
    t = PlayTable("isle_of_cats", players=2, seat=0, lang=lang, bots=True, first=0, kept=KEPT,
                  placed=[fam, [FIRST]], island=ISLAND, bag=())
    assert t.svg.count('class="family"') == 1 and 'data-points="8"' in t.svg
    from tutor.games.isle_of_cats.ui import advice
    assert t.advice_html == "" and "data-points" in t.view["panel"], "one running score, the panel's"
    html = advice(t.state, 0, lang)
    for s in range(2):
        b = breakdown(t.state.placed[s], t.state.boats[s])
        row = re.search(rf'<tr data-seat="{s}">(.*?)</tr>', html).group(1)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert cells[2:4] == [str(dict(b.lines[0].params)["n"]), str(dict(b.lines[1].params)["n"])]
        assert cells[1] == escape(number(b.total))      # next to the name: in sight on a phone
    assert "3 → 8" in html
    w = YourTurn("isle_of_cats/join-family", lang=lang)
    assert w.advice_html == "" and 'class="family"' not in w.svg


def test_the_placing_grip_is_the_tiles_middle_square():
    """Club teacher (#32): a tap put the tile's top-left square under the finger, so near the boat's edge a long
    tile jumped off the boat. The page grips a tile by the first of its squares (placing.js): that is now the square
    nearest the tile's middle, so the tapped square lies inside the tile, in its middle."""
    from tutor.games.isle_of_cats import geometry as G
    d = placing_data(holding(), 0, "en")
    for o, cells in enumerate(d["orients"]):
        assert sorted(map(tuple, cells)) == sorted(G.ORIENTATIONS[C.SHAPE["cat-green-15"]][o])
        mx = sum(x for x, _ in cells) / len(cells)
        my = sum(y for _, y in cells) / len(cells)
        gx, gy = cells[0]
        assert all((gx - mx) ** 2 + (gy - my) ** 2 <= (x - mx) ** 2 + (y - my) ** 2 for x, y in cells)
    # a straight tile of 5 (the longest): its third square, not its end
    from tutor.games.isle_of_cats.placing import grip_first
    assert grip_first([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])[0] == [2, 0]


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_score_helper_picks_a_shape_from_a_tray_of_tiles(lang):
    """Club teacher (#32): the shape picker was a drop-down of text pictures ("·▪▪/▪▪·"). It is a tray: each shape of
    the chosen kind drawn as a small tile with its name, each a named button; pressing one chooses it."""
    from tutor.games.isle_of_cats.sandbox import ScoreHelper
    h = ScoreHelper(lang=lang)
    tray = h.tray.value
    assert tray.count('class="tray-tile"') == len(C.CAT_SHAPES) and "▪" not in tray
    assert h.shape.layout.display == "none"
    names = re.findall(r'data-choice="[^"]+" data-key="shape:[^"]+" tabindex="0" role="button" aria-label="([^"]+)"', tray)
    assert len(names) == len(set(names)) == len(C.CAT_SHAPES), names      # alike sizes told apart in words
    last = h.shape.options[-1][1]
    h.tray.choose(h.tray._keys[f"shape:{last}"], h.tray.v)
    assert h.shape.value == last and f'data-shape="{last}" data-chosen="true"' in h.tray.value
    h.kind.value = "rare"
    assert h.tray.value.count('class="tray-tile"') == len(C.RARE_SHAPES)


def test_the_list_of_places_is_folded_under_the_pointing():
    """Club teacher (#32): the list of 30 to 120 places in words was the main way to place on a phone. It is folded
    under its own words (pointing at the boat is the way); it is still there, with its button, for a keyboard."""
    t = _table()
    t.click_board("tile:cat-green-15")
    groups = t.view["rows"]
    folded = [g for g in groups if any("fold" in part for part in g)]
    assert len(folded) == 1 and any("pick" in part for part in folded[0])
    assert str(len(t.view["rows"][1][1]["pick"]["options"])) in folded[0][0]["fold"]


def test_on_a_phone_a_near_boat_is_drawn_alone_on_its_side_twice_as_large():
    """A drill or quiz about one boat put its answers under every other boat (a reader scrolled between the asked
    boat and the choices), then under the days, the treasures and the island as well (400-500 px, stop 51):
    "near:<seat>" draws that boat alone on a phone. Its 22 columns across a phone made 15.5-unit squares, too small
    to count rats or find a room's empty squares (two readers): it lies on its side, its 9 rows across, and its
    squares are about twice as large. Without it every boat is drawn, the viewer's first and on its side too (the
    boat placed on: stop 53), the others as they lie and smaller."""
    state = ioc.setup(3, seed=1)
    from tutor.core.game import spec
    view = spec("isle_of_cats").view(state, 0)
    boats = re.compile(r'data-board-seat="(\d)"[^>]*data-cell="([0-9.]+)"')
    near_svg = render(view, highlight=("near:0",), lang="en", layout="phone")
    near = boats.findall(near_svg)
    plain_svg = render(view, lang="en", layout="phone")
    plain = boats.findall(plain_svg)
    assert [s for s, _ in near] == ["0"] and [s for s, _ in plain] == ["0", "1", "2"]
    assert float(dict(near)["0"]) == float(dict(plain)["0"]) >= 2 * float(dict(plain)["1"])
    assert 'data-turned="true"' in near_svg and plain_svg.count('data-turned="true"') == 1
    assert "Days left" not in near_svg and "Days left" in plain_svg
    # the turned boat fits the phone's width, and is drawn taller than wide
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', near_svg).groups())
    c = float(dict(near)["0"])
    assert width == 360 and C.HEIGHT * c < width and height > C.WIDTH * c
    # "alone:" (the score helper's drill) lies on its side too; a laptop lays boats side by side: nothing moves
    assert 'data-turned="true"' in render(view, highlight=("alone:0",), lang="en", layout="phone")
    assert boats.findall(render(view, highlight=("near:0",), lang="en", layout="laptop")) == \
        boats.findall(render(view, lang="en", layout="laptop"))
    assert "data-turned" not in render(view, highlight=("near:0",), lang="en", layout="laptop")


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_boat_on_its_side_keeps_every_word_upright_and_numbers_every_square(lang):
    """Turned a quarter turn, a boat's words would read sideways: each letter on a tile or a map, each number of a
    quiz's place, and each room's symbol turns back about its own middle; the column numbers (1-22) run down its
    left side and the row numbers (1-9) across its top, drawn upright outside the turned drawing. The panel says
    the boat lies on its side."""
    from tutor.widgets import screen
    from tutor.widgets.quiz import Quiz
    screen.reset()
    try:
        screen.set_width(390)
        svg = Quiz("isle_of_cats/can-it-go", lang=lang).svg.value
    finally:
        screen.reset()
    turned = re.findall(r'<g class="turned" transform="([^"]+)">(.*?)</g>(?=<g class="grid-numbers"|<g class="turned"|</svg>|$)',
                        svg, re.S)
    assert turned and "rotate(90)" in turned[0][0]
    inside = "".join(body for _, body in turned)
    texts = re.findall(r"<text [^>]*>", inside)
    assert len(texts) >= 8, "the maps' letters, the tile's and the places' numbers"
    assert all('transform="rotate(-90 ' in t for t in texts), [t for t in texts if "rotate(-90" not in t]
    rooms = re.findall(r'<g class="room" [^>]*>', inside)
    assert len(rooms) == len(C.ROOMS) and all("rotate(-90 " in r for r in rooms)
    numbers = re.search(r'<g class="grid-numbers" aria-hidden="true">(.*?)</g>', svg, re.S)
    assert numbers, "no numbers outside the turned drawing"
    shown = [int(n) for n in re.findall(r">(\d+)</text>", numbers.group(1))]
    assert shown == list(range(1, C.WIDTH + 1)) + list(range(1, C.HEIGHT + 1))
    assert 'class="turned-note"' in svg


@pytest.mark.parametrize("x, y", [(17, 2), (15, 1), (1, 2)])
def test_a_boats_bow_and_stern_stay_named_with_tiles_near_them(x, y):
    """"Bow" vanished from every drill board with a tile near it, while the lesson names places by the boat's ends (a
    reader of wave 19): the words lie outside the hull, so a tile never covers them. Only where the families' labels
    are drawn (one may be set in that corner) does a crowded end go unnamed."""
    s = ioc.setup(2, first=0, kept=KEPT, placed=[[("cat-blue-13", 0, x, y)], []], island=ISLAND, bag=())
    view = ioc.view(s, 0)
    ends = re.findall(r'class="boat-end"[^>]*>([^<]+)<', render(view, lang="en"))
    assert ends.count(text("isle_of_cats.board.bow", "en")) == 2, ends      # the learner's boat and the other
    assert ends.count(text("isle_of_cats.board.stern", "en")) == 2, ends
    assert render(view, lang="en", highlight=["families"]).count('class="boat-end"') < 4
