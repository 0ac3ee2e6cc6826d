"""Острів котів's board in each layout (issue #24, tutor.core.svg.LAYOUTS): the phone, laptop and projector boards
keep their layout's promises (tests/layout_check.py), draw the same tiles, keys, marks and words, stay inside their
viewBox, give a phone thumb-sized targets (the island's tiles, the treasure piles), put the viewer's boat first on a
phone, and render in a few milliseconds."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tutor.core import svg as S

from layout_check import SVG_NS as NS, choice_rects, layout_problems, viewbox
from tutor.core.scenario import lesson_files, load_file, replay
from tutor.core.svg import LAYOUTS
from tutor.games import isle_of_cats as g
from tutor.games.isle_of_cats import ui
from tutor.games.isle_of_cats.render import render

ROOT = Path(__file__).resolve().parents[2]
TRANSLATE = re.compile(r"translate\(([-0-9.]+)[ ,]+([-0-9.]+)\)")
PLAYERS = (2, 3, 4)


def played(players: int, seed: int, every: int = 7):
    """Positions of a seeded random game: every `every` moves, each one where a tile is held or a treasure may be
    taken, and the end."""
    s, rnd = g.setup(players, seed=seed), random.Random(seed)
    step = 0
    while not g.is_over(s):
        if step % every == 0 or s.phase == "treasure" or (s.held is not None and step % 3 == 0):
            yield s
        p = rnd.choice(g.to_move(s))
        s, _ = g.apply(s, rnd.choice(g.legal_actions(s, p)))
        step += 1
    yield s


def offers(state, seat: int) -> dict:
    """What a play table offers `seat` on the board (ui.board_keys of its legal actions)."""
    out = {}
    for i, action in enumerate(g.legal_actions(state, seat)):
        for key in ui.board_keys(action):
            out.setdefault(key, f"a{i}")
    return out


# random games per player count: one in `make test` (every check still runs on every board of it, and on every frame
# of the worked examples); TUTOR_LAYOUT_SEEDS=4 for a longer soak
SEEDS = int(os.environ.get("TUTOR_LAYOUT_SEEDS", "1"))


def boards():
    """(what, view, render keywords): random games at every player count, seen by the player to move (with their
    choices) and by the teacher (families outlined), in both languages; and every frame of the worked examples."""
    for players in PLAYERS:
        for seed in range(SEEDS):
            for i, s in enumerate(played(players, seed)):
                seat = g.to_move(s)[0] if g.to_move(s) else 0
                lang = ("en", "uk")[i % 2]
                yield f"{players}p seed {seed} #{i}", g.view(s, seat), dict(lang=lang, choosable=offers(s, seat))
                if i % 3 == 0:
                    yield f"{players}p seed {seed} #{i} teacher", g.view(s, None), dict(lang=lang,
                                                                                        highlight=("families",))
    for path in lesson_files("isle_of_cats", ROOT / "lessons"):
        for j, frame in enumerate(replay(load_file(path)).frames):
            for lang in ("en", "uk"):
                yield f"{path.stem} step {j} {lang}", g.view(frame.state, frame.viewer), dict(
                    lang=lang, highlight=frame.highlight, events=frame.events)


BOARDS = list(boards())


_STEP = re.compile(r"(translate|rotate)\(([^)]*)\)")


def _then(m, n):
    """The affine matrix (a, b, c, d, e, f) of m applied after n (SVG's order: an element's own transform first)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _matrix(transform: str):
    """A transform's translates and rotates (a turned boat: render._turn) as one affine matrix."""
    import math
    out = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for kind, args in _STEP.findall(transform or ""):
        v = [float(x) for x in re.split(r"[ ,]+", args.strip())]
        if kind == "translate":
            step = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        else:
            r = math.radians(v[0])
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            cos, sin = round(math.cos(r), 9), round(math.sin(r), 9)
            step = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        out = _then(out, step)
    return out


def _at(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def drawn_outside(root, width: float, height: float) -> list[str]:
    """Rects and texts placed (through their groups' translates and turns) outside the viewBox: a rect by its
    corners, a text by its anchor (and the span a textLength gives it). A ring's pad may reach 4 units out."""
    out = []

    def walk(el, m):
        m = _then(m, _matrix(el.get("transform")))
        tag = el.tag.replace(NS, "")
        if tag == "rect" and el.get("x") is not None:
            x0, y0 = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width")), float(el.get("height"))
            corners = [_at(m, x0 + i * w, y0 + j * h) for i in (0, 1) for j in (0, 1)]
            x, y = min(p[0] for p in corners), min(p[1] for p in corners)
            x1, y1 = max(p[0] for p in corners), max(p[1] for p in corners)
            if x < -4.5 or y < -4.5 or x1 > width + 4.5 or y1 > height + 4.5:
                out.append(f"rect {x:g},{y:g} {x1 - x:g}x{y1 - y:g}")
        elif tag == "text":
            x, y = _at(m, float(el.get("x", 0)), float(el.get("y", 0)))
            length = float(el.get("textLength") or 0)
            anchor = el.get("text-anchor", "start")
            left = x - (length if anchor == "end" else length / 2 if anchor == "middle" else 0)
            if left < 0 or left + length > width or y > height or y < 0:
                out.append(f"text {el.text!r} at {x:g},{y:g}")
        for child in el:
            walk(child, m)

    walk(root, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return out


def text_overflow(root, width: float) -> list[str]:
    """Left-anchored texts with no textLength whose guessed width runs past the right edge (a long name, the bag)."""
    from tutor.core.cardtable import em
    out = []

    def walk(el, m):
        # through its groups' translates and turns (a turned boat's words are turned back upright about their anchor,
        # and run rightwards from it on the screen)
        m = _then(m, _matrix(el.get("transform")))
        if el.tag == NS + "text" and not el.get("textLength") and el.get("text-anchor", "start") == "start":
            x, _y = _at(m, float(el.get("x", 0)), float(el.get("y", 0)))
            end = x + m[0] * em(el.text or "", el.get("font-weight") == "bold") * float(el.get("font-size", 16))
            if end > width + 1:
                out.append(f"text {el.text!r} ends at {end:.0f}")
        for child in el:
            walk(child, m)

    walk(root, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return out


def keys(root) -> tuple[set, set, set, set]:
    tiles = {(el.get("class"), el.get("aria-label") or el.findtext(NS + "title")) for el in root.iter()
             if el.get("class") in ("island-tile", "held-tile", "placed-tile", "family-card", "supply", "family")}
    choices = {(el.get("data-key"), el.get("data-choice")) for el in root.iter() if el.get("data-choice")}
    marks = {(el.get("class"), el.get("data-target")) for el in root.iter()
             if el.get("class") in ("highlight", "event", "tried", "asked")}
    boats = {(el.get("data-board-seat"), el.get("data-boat")) for el in root.iter() if el.get("class") == "boat"}
    return tiles, choices, marks, boats


def words(root) -> list[str]:
    """The printed words, less the boats' column and row numbers (a small boat numbers every other column), a
    phone's note that a boat lies on its side (no other layout turns one) and the names of a boat's sides (drawn
    where its corners leave them room: not on a phone's small second boat)."""
    numbers = {id(t) for g_ in root.iter(NS + "g") if g_.get("class") == "grid-numbers" for t in g_.iter()}
    return sorted(el.text.strip() for el in root.iter()
                  if el.tag == NS + "text" and (el.text or "").strip() and id(el) not in numbers
                  and el.get("class") not in ("turned-note", "boat-side"))


def test_the_positions_cover_every_player_count_and_what_the_table_can_show():
    views = [v for _, v, _ in BOARDS]
    assert {v["players"] for v in views} == set(PLAYERS)
    assert any(v["held"] for v in views) and any(v["rewards"] for v in views) and any(v["over"] for v in views)
    assert any(v["phase"] == "keep" for v in views)
    assert max(len(v["island"]) for v in views) >= 16
    assert any(s["kept"] for v in views for s in v["seats"])


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_every_board_keeps_its_layout_and_stays_inside_it(layout):
    bad = []
    for what, view, kw in BOARDS:
        svg = render(view, layout=layout, **kw)
        root = ET.fromstring(svg)
        problems = layout_problems(svg, layout, S.board_print(S.layout_of(layout)))
        _, _, w, h = viewbox(root)
        problems += drawn_outside(root, w, h) + text_overflow(root, w)
        if problems:
            bad.append(f"{what}: {problems[:3]}")
    assert not bad, f"{len(bad)} boards: " + "\n".join(bad[:10])


def test_the_check_can_fail():
    """A boat forced to laptop squares on a phone runs out of its viewBox, and layout_problems sees a wrong width."""
    view = g.view(g.setup(2, seed=1), 0)
    root = ET.fromstring(render(view, layout="phone", cell=20))
    _, _, w, h = viewbox(root)
    assert drawn_outside(root, w, h)
    assert layout_problems(render(view, layout="laptop"), "phone")


def test_the_three_layouts_draw_the_same_tiles_keys_marks_and_words():
    for what, view, kw in BOARDS[::3]:
        roots = {lay: ET.fromstring(render(view, layout=lay, **kw)) for lay in LAYOUTS}
        laptop = roots["laptop"]
        # a worked example about one boat ("solo:") draws that boat alone on a phone: part of the laptop's board
        alone = any(str(h).startswith(("solo:", "near:", "alone:")) for h in kw.get("highlight", ()))
        for lay, root in roots.items():
            # a phone may wrap one sentence onto two lines: the same words, not always the same lines
            said = lambda r: Counter(" ".join(words(r)).split())      # noqa: E731
            if alone and lay == "phone":
                assert keys(root) <= keys(laptop) and 'class="boat"' in ET.tostring(root, encoding="unicode"), what
                assert not said(root) - said(laptop), f"{what}: the phone prints words the laptop does not"
                continue
            assert keys(root) == keys(laptop), f"{what}: {lay} differs from laptop"
            assert said(root) == said(laptop), f"{what}: {lay} prints other words than laptop"
            assert root.get("data-layout") == lay and root.findtext(NS + "desc") == laptop.findtext(NS + "desc")


def test_on_a_phone_every_tap_target_is_thumb_sized():
    least = LAYOUTS["phone"].min_target
    seen, small = set(), []
    for what, view, kw in BOARDS:
        if not kw.get("choosable"):
            continue
        for key, w, h in choice_rects(ET.fromstring(render(view, layout="phone", **kw))):
            seen.add(key.split(":")[0])
            if min(w, h) < least:
                small.append(f"{what}: {key} {w:g}x{h:g}")
    assert seen >= {"tile", "supply"}, seen
    assert not small, "\n".join(small[:10])
    # the check can fail: on a laptop a one-square tile's target is smaller than a thumb
    on_laptop = [min(w, h) for what, view, kw in BOARDS if kw.get("choosable")
                 for _k, w, h in choice_rects(ET.fromstring(render(view, layout="laptop", **kw)))]
    assert min(on_laptop) < least


def test_on_a_phone_the_island_comes_first_then_the_viewers_boat_on_its_side():
    """What a learner needs at once: the tiles on offer, then the boat they place on, begun on the first phone screen
    (its top within about 640 units: 700 with four players' 26 tiles on offer). That boat lies on its side, its
    squares about twice a boat's along the screen (render.TURNED: two readers could not count its rats or tap its
    squares at 15.5); the others lie along the screen, smaller, so the words under the board come sooner."""
    from tutor.games.isle_of_cats.render import TURNED
    for what, view, kw in BOARDS:
        if view["viewer"] is None:
            continue
        root = ET.fromstring(render(view, layout="phone", **kw))
        boats = [el for el in root.iter() if el.get("class") == "boat"]
        assert boats[0].get("data-board-seat") == str(view["viewer"]), what
        y0, cell = float(boats[0].get("data-y0")), float(boats[0].get("data-cell"))
        assert boats[0].get("data-turned") == "true" and cell >= 0.9 * TURNED, f"{what}: squares of {cell:g}"
        assert y0 <= 700, f"{what}: the viewer's boat begins at {y0:g}"
        assert 9 * cell >= 0.6 * LAYOUTS["phone"].width, what
        assert all(b.get("data-turned") != "true" and float(b.get("data-cell")) <= 0.5 * cell for b in boats[1:]), what
        islands = [float(TRANSLATE.search(r.get("transform")).group(2)) for el in root.iter()
                   if el.get("class") == "island-tile" for r in el.iter(NS + "g") if r.get("transform")]
        assert all(iy < y0 for iy in islands) or not islands, what


def test_the_placing_preview_finds_each_boat_where_it_is_drawn():
    """static/placing.js reads data-x0, data-y0 and data-cell: they say the translate the boat is drawn at."""
    for what, view, kw in BOARDS[::5]:
        for lay in LAYOUTS:
            for el in ET.fromstring(render(view, layout=lay, **kw)).iter():
                if el.get("class") == "boat":
                    m = TRANSLATE.search(el.get("transform"))
                    assert (float(m.group(1)), float(m.group(2))) == (float(el.get("data-x0")),
                                                                      float(el.get("data-y0"))), what


def column_numbers(root) -> list[list[tuple[float, float, str]]]:
    """Per boat, (centre x, font size, number) of each column number over it (the first row of grid-numbers)."""
    out = []
    for boat in root.iter(NS + "g"):
        if boat.get("class") != "boat":
            continue
        for nums in boat.iter(NS + "g"):
            if nums.get("class") == "grid-numbers":
                texts = [t for t in nums.iter(NS + "text") if t.get("text-anchor") == "middle"]
                out.append([(float(t.get("x")), float(t.get("font-size")), t.text) for t in texts])
    return out


def test_a_boats_column_numbers_stay_apart_in_every_layout():
    """Two-digit column numbers never run together ("10111213" on a phone's second boat): between two numbers'
    guessed widths lies a gap of 0.3 em at least; where the squares are too small for that, every other column is
    numbered, from 1."""
    from tutor.core.cardtable import em
    bad, thinned = [], 0
    for what, view, kw in BOARDS[::4]:
        for lay in LAYOUTS:
            for nums in column_numbers(ET.fromstring(render(view, layout=lay, **kw))):
                assert nums and nums[0][2] == "1", f"{what} {lay}: the first column is not numbered"
                thinned += len(nums) < 22
                for (x1, size, a), (x2, _s, b) in zip(nums, nums[1:]):
                    gap = (x2 - x1) - (em(a, False) + em(b, False)) * size / 2
                    if gap < 0.3 * size - 0.01:
                        bad.append(f"{what} {lay}: {a} and {b} {gap:.1f} apart")
    assert not bad, "\n".join(bad[:10])
    assert thinned, "no boat was small enough to number every other column: the check cannot tell"


def text_boxes(root) -> list[tuple]:
    """(words, left, top, right, bottom, class of the nearest classed group) of each printed text, guessed from its
    font size and its words (tutor.core.cardtable.em), through its groups' translates."""
    from tutor.core.cardtable import em
    out = []

    def walk(el, dx, dy, kind):
        kind = el.get("class") or kind
        m = TRANSLATE.search(el.get("transform") or "")
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        if el.tag == NS + "text" and (el.text or "").strip():
            size = float(el.get("font-size", 16))
            w = float(el.get("textLength") or 0) or em(el.text, el.get("font-weight") == "bold") * size
            x, y = dx + float(el.get("x", 0)), dy + float(el.get("y", 0))
            anchor = el.get("text-anchor", "start")
            left = x - (w if anchor == "end" else w / 2 if anchor == "middle" else 0)
            box = (left, y - 0.72 * size, left + w, y + 0.18 * size)
            turn = re.search(r"rotate\((-?90) ([-0-9.]+) ([-0-9.]+)\)", el.get("transform") or "")
            if turn:        # a turned boat's words turned back about a point of their own: across the boat's frame
                px, py = dx + float(turn.group(2)), dy + float(turn.group(3))
                corners = [(px + (cy - py), py - (cx - px)) for cx in box[0::2] for cy in box[1::2]]
                box = (min(c[0] for c in corners), min(c[1] for c in corners),
                       max(c[0] for c in corners), max(c[1] for c in corners))
            out.append((el.text, *box, kind))
        for child in el:
            walk(child, dx, dy, kind)

    walk(root, 0.0, 0.0, "")
    return out


def ring_bands(root) -> list[tuple]:
    """(key, left, top, right, bottom) of each straight piece of a highlight's or an event mark's stroke: a ring's
    four sides, or each side of a path that follows squares (M x y h/v ...), widened by half the stroke."""
    out = []
    step = re.compile(r"([MhvHV])\s*([-0-9.]+)(?:[ ,]+([-0-9.]+))?")
    for el in root.iter():
        if el.get("class") not in ("highlight", "event"):
            continue
        m = TRANSLATE.search(el.get("transform") or "")
        dx, dy = (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)
        half = float(el.get("stroke-width", 1)) / 2
        key = el.get("data-target")
        if el.tag == NS + "rect":
            x, y = dx + float(el.get("x")), dy + float(el.get("y"))
            w, h = float(el.get("width")), float(el.get("height"))
            for x0, y0, x1, y1 in ((x, y, x + w, y), (x, y + h, x + w, y + h), (x, y, x, y + h), (x + w, y, x + w, y + h)):
                out.append((key, x0 - half, y0 - half, x1 + half, y1 + half))
        elif el.tag == NS + "path":
            x = y = 0.0
            for cmd, a, b in step.findall(el.get("d")):
                if cmd == "M":
                    x, y = float(a), float(b)
                    continue
                nx, ny = (x + float(a), y) if cmd == "h" else (x, y + float(a))
                out.append((key, dx + min(x, nx) - half, dy + min(y, ny) - half, dx + max(x, nx) + half,
                            dy + max(y, ny) + half))
                x, y = nx, ny
    return out


def _meet(a, b, slack: float = 0.3) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def rings_over_numbers(root) -> list[str]:
    numbers = [t for t in text_boxes(root) if t[5] == "grid-numbers"]
    return [f"{key} over the number {t[0]}" for key, *band in ring_bands(root) for t in numbers
            if _meet(band, t[1:5])]


def test_a_boats_highlight_keeps_off_its_column_and_row_numbers():
    """The drills' answers ring the asked player's boat ("boat:1"): the ring follows the hull and crosses none of the
    numbers around it (a box 4 units out ran through them on a phone); nor do the lessons' rings. (The question itself
    rings no boat: a second dashed outline beside its own, a reader of wave 23.)"""
    from tutor.games.isle_of_cats import drills
    rng, asked = random.Random(3), []
    while len(asked) < 6:
        q = drills.may_it_go(rng)
        if q is not None:
            assert not any(h.startswith("boat:") for h in q.highlight), q.highlight
            asked.append((f"may-it-go {len(asked)}", g.view(q.state, q.viewer), dict(highlight=q.why_highlight)))
    bad = []
    for what, view, kw in asked + BOARDS[::3]:
        for lay in LAYOUTS:
            root = ET.fromstring(render(view, layout=lay, **kw))
            if what.startswith("may-it-go"):
                assert any(k.startswith("boat:") for k, *_ in ring_bands(root)), what
            bad += [f"{what} {lay}: {p}" for p in rings_over_numbers(root)]
    assert not bad, "\n".join(bad[:10])


def texts_over_texts(root) -> list[str]:
    """Pairs of printed texts whose guessed boxes overlap, less those one of which an opaque thing drawn later
    hides: a tile over the treasure map it lies on, a family's white label box over a tile's initial or a map's."""
    boxes = text_boxes(root)
    hidden = ({"map", "placed-tile"}, {"family", "placed-tile"}, {"map", "family"}, {"family-words", "placed-tile"},
              {"map", "family-words"})
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if {a[5], b[5]} not in hidden and _meet(a[1:5], b[1:5], 0.5):
                out.append(f"{a[0]!r} ({a[5]}) over {b[0]!r} ({b[5]})")
    return out


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_no_text_is_printed_over_another_and_no_boat_over_another(layout):
    """Every board of the random games and the lessons' examples, in each layout: no two texts overlap (a laptop's
    four boats in one row, 11.5-unit squares in 748 units, were drawn over one another, numbers over numbers),
    and boats side by side keep apart."""
    bad = []
    for what, view, kw in BOARDS:
        root = ET.fromstring(render(view, layout=layout, **kw))
        bad += [f"{what}: {p}" for p in texts_over_texts(root)[:2]]
        boats = [(float(b.get("data-x0")), float(b.get("data-y0")), float(b.get("data-cell"))) for b in root.iter()
                 if b.get("class") == "boat"]
        for (x1, y1, c1), (x2, y2, _c) in zip(boats, boats[1:]):
            if abs(y1 - y2) < 1 and x1 + 22 * c1 > x2:
                bad.append(f"{what}: a boat at x={x2:g} over the one at x={x1:g}")
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:10])


@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_a_task_about_one_placement_draws_the_tile_held_not_the_days_order_and_island(layout):
    """A placement task's tile is already taken: its board drew the days, the order, the treasures and the island,
    300 px on a phone between the task's words and the boat (a reader). With "hide:table" it draws the tile held,
    and the treasures only where one is to be chosen."""
    from tutor.core import task as T
    from tutor.core.task import task_files
    task = T.load_file([p for p in task_files("isle_of_cats") if p.stem == "cover-rats"][0])
    opening = T.start(task)
    full = g.render(g.view(opening, 0), highlight=["seat:0"], lang="en", layout=layout)
    trimmed = g.render(g.view(opening, 0), highlight=["seat:0", "hide:table"], lang="en", layout=layout)
    for gone in ('class="island-tile"', 'class="order-seat"', 'class="supply"', 'class="hand"'):
        assert gone in full and gone not in trimmed, gone
    assert 'class="held-tile"' in trimmed
    assert viewbox(ET.fromstring(trimmed))[3] < viewbox(ET.fromstring(full))[3]
    # on a phone the learner's boat alone (the other lay between the board and the task's controls, a reader)
    boats = [el.get("data-board-seat") for el in ET.fromstring(trimmed).iter() if el.get("class") == "boat"]
    assert boats == (["0"] if layout == "phone" else ["0", "1"]), boats
    # a treasure to choose: the treasures are drawn, to be chosen from
    chosen = replace(opening, phase="treasure", rewards=1, held=None)
    assert 'class="supply"' in g.render(g.view(chosen, 0), highlight=["seat:0", "hide:table"], lang="en",
                                        layout=layout)


@pytest.mark.parametrize("layout", ["phone", "laptop"])
def test_a_boat_names_its_port_and_starboard_sides_where_it_has_room(layout):
    """The lessons name places by the boat's sides ("along the port edge"), and only part 2 said which was which (a
    reader, stop 53): the boat the learner places on prints "port" and "starboard" in the corners along those sides,
    inside the board and clear of its other words."""
    from tutor.core import task as T
    from tutor.core.task import task_files
    opening = T.start(T.load_file([p for p in task_files("isle_of_cats") if p.stem == "cover-rats"][0]))
    root = ET.fromstring(g.render(g.view(opening, 0), highlight=["seat:0"], lang="en", layout=layout))
    sides = [el.text for el in root.iter(NS + "text") if el.get("class") == "boat-side"]
    assert sides[:2] == ["port", "starboard"], sides
    assert not text_overflow(root, viewbox(root)[2]) and not drawn_outside(root, *viewbox(root)[2:])


@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_a_worked_examples_boat_stays_put_while_the_island_empties_and_fills(layout):
    """«A day» takes tiles from the island and draws a new day's: the island is drawn as tall on every step as at its
    tallest (GameUI.steady), so the boat under it stays where it was on the screen (a reader saw it jump 30-90 px
    from step to step on a phone). Where a step holds a tile, the held tile's line may still move it."""
    from tutor.widgets.scenario import ScenarioPlayer
    player = ScenarioPlayer("isle_of_cats/a-day", lang="en")
    player._relayout(layout)
    islands, tops = set(), []
    for i in range(player.count):
        frame = player.frames[i]
        view = g.SPEC.view(frame.state, frame.viewer)
        islands.add(len(view["island"]))
        if view["held"] is None and not view["rewards"]:
            boat = re.search(r'class="boat[^"]*"[^>]*transform="translate\(([-0-9.]+)[ ,]+([-0-9.]+)\)',
                             player.frame(i)["svg"])
            assert boat, f"step {i + 1}: no boat drawn"
            tops.append(float(boat.group(2)))
    assert len(islands) >= 3, f"the example no longer changes its island: {islands}"
    assert len(tops) >= 3 and max(tops) - min(tops) < 1, f"the boat's top moves from step to step: {tops}"


def test_a_tile_a_question_places_is_drawn_in_its_own_colour():
    """The tile a quiz or drill asks about ("ask:…") is filled with its own colour, see-through: in the question's
    magenta a blue cat asked about a family read as no cat of any colour (a reader)."""
    from tutor.widgets.quiz import Quiz
    from tutor.games.isle_of_cats.render import tile_fill
    from tutor.games.isle_of_cats.view import tile_view
    quiz = Quiz("isle_of_cats/is-family", lang="en")
    svg = quiz.svg.value
    asked = re.search(r'<g class="asked"[^>]*>.*?<path d="[^"]+" fill="([^"]+)" fill-opacity', svg, re.S)
    assert asked, "the quiz draws no tile where it asks"
    held = g.SPEC.view(quiz._opening[0], None)["held"]
    assert held is not None and asked.group(1) == tile_fill(tile_view(held["id"]))


@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_the_player_whose_move_a_step_tells_is_ringed_in_the_turn_order(layout):
    """The ▶ is on the player to move next while a step tells the move just made: a teacher pointing at it named the
    wrong player (a reader, stop 56). The pill of the player who moved is ringed in the events' red, not as an
    "event" mark (the page brings those into view, and this one is at the board's top)."""
    from tutor.widgets.scenario import ScenarioPlayer
    player = ScenarioPlayer("isle_of_cats/first-tile", lang="en")
    player._relayout(layout)
    rung = 0
    for i, frame in enumerate(player.frames):
        svg = player.frame(i)["svg"]
        movers = {e.data["player"] for e in frame.events if isinstance(e.data.get("player"), int)}
        assert svg.count('class="acted"') == len(movers), (i, movers)
        rung += bool(movers)
    assert rung >= 2
    # ... and a game's start rings nobody: both players' kept cards are its setup, not a move (both stood ringed, a
    # reader of wave 18); the first tile taken rings its taker
    from tutor.games import isle_of_cats as game
    state, kept = game.setup(2, seed=3), []
    for _ in range(2):                  # each player keeps their cards: the game's setup
        state, told = game.apply(state, game.legal_actions(state, game.to_move(state)[0])[0])
        assert told[0].kind == "isle_of_cats.kept"
        kept += told
    assert 'class="acted"' not in game.render(game.view(state, 0), events=kept, layout=layout)
    state, told = game.apply(state, game.legal_actions(state, game.to_move(state)[0])[0])
    assert game.render(game.view(state, 0), events=told, layout=layout).count('class="acted"') == 1


def test_a_worked_examples_step_by_player_2_draws_their_boat_full_size_on_a_phone():
    """A worked example's step made by player 2 drew their tiles on a thumbnail of 9-px squares (two readers): the
    step's one mover is named acting (tutor.widgets.scenario), and on a phone their boat is drawn at the size of
    player 1's, in its own place under it; player 1's boat does not move. On every step alike: grown for player 2's
    steps only, it shrank back at the next and the page jumped (a reader of wave 23)."""
    from tutor.widgets.scenario import ScenarioPlayer
    player = ScenarioPlayer("isle_of_cats/a-day", lang="en")
    player._relayout("phone")
    boat = re.compile(r'<g class="boat" data-board-seat="(\d)"[^>]*data-cell="([^"]+)"[^>]*transform="translate\([^,]+,([^)]+)\)')
    tops, seen = set(), 0
    for i, frame in enumerate(player.frames):
        drawn = {int(s): (float(c), float(y)) for s, c, y in boat.findall(player.frame(i)["svg"])}
        tops.add(drawn[0][1])
        movers = {e.data.get("player") for e in frame.events if isinstance(e.data.get("player"), int)}
        seen += movers == {1}
        assert drawn[1][0] == drawn[0][0], (i, drawn)
    assert seen >= 2 and len(tops) == 1, (seen, tops)


@pytest.mark.parametrize("layout", ["phone", "projector"])
def test_a_cat_tiles_initial_lies_inside_its_square_around_the_island(layout):
    """On a phone the island's tiles had 9-unit squares and their colour's initial at the smallest print, about 11:
    the white letter hung off the tile onto the white page (a reader; a colour-blind learner has only the letter).
    On a phone each initial is no wider than the square it stands on; everywhere it has a dark edge, so that where
    the print's floor makes it wider (a projector's side column of 13-unit squares) it still reads on white."""
    from tutor.games.isle_of_cats.render import GEOS, WIDE_MINI
    state = next(s for s in played(4, 2, every=1) if len(s.island) >= 8)
    root = ET.fromstring(render(g.view(state, None), lang="en", layout=layout))
    tiles = [t for t in root.iter(f"{NS}g") if t.get("class") == "island-tile" and t.get("data-tile-kind") == "cat"]
    assert tiles
    geo = GEOS[layout]
    square = geo.mini if layout == "phone" else min(geo.mini, WIDE_MINI)
    for tile in tiles:
        (letter,) = list(tile.iter(f"{NS}text"))
        size = float(letter.get("font-size"))
        assert letter.get("stroke") and letter.get("paint-order") == "stroke", letter.attrib
        assert layout != "phone" or size * 0.72 <= square, (layout, letter.text, size, square)


@pytest.mark.parametrize("name", ["first-tile", "a-day"])
def test_a_worked_examples_boats_keep_their_sizes_from_step_to_step_on_a_phone(name):
    """Part 3's and part 4's examples on a phone: player 2's boat grew on its side for the steps player 2 laid a tile
    and shrank back at the next, the page jumping under the learner (a reader of wave 23). Every player whose move a
    step makes is named acting on every step, so each boat keeps one size and the board one height."""
    import re
    from tutor.widgets import screen
    from tutor.widgets.scenario import ScenarioPlayer
    screen.reset()
    try:
        screen.set_width(390)
        w = ScenarioPlayer(f"isle_of_cats/{name}", lang="uk")
        heights = {re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', w.frame(i)["board"]).group(1) for i in range(w.count)}
        assert w.count > 3 and len(heights) == 1, heights
        assert w._acting == ("acting:0", "acting:1")
    finally:
        screen.reset()
