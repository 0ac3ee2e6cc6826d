"""Aqua Fest boards in the three layouts (tutor.core.svg.LAYOUTS, issue #24): each keeps its layout's promises
(width, tallest board, smallest print), draws the same things with the same keys in all three, lays nothing outside
its viewBox, and on a phone gives every tap target at least 46 units a side."""

from __future__ import annotations

import random
import re
import statistics
import time
import xml.etree.ElementTree as ET

import importlib
import math

import helpers
import pytest
from layout_check import layout_problems, viewbox

from tutor.core.cardtable import em
from tutor.core.scenario import lesson_files, load_file, replay
from tutor.core.svg import LAYOUTS, layout_of
from tutor.games import aqua_fest
from tutor.games.aqua_fest import components as C

R = importlib.import_module("tutor.games.aqua_fest.render")   # the package exports the function under this name

SVG = "{http://www.w3.org/2000/svg}"
LAYOUT_NAMES = tuple(LAYOUTS)


def random_positions():
    """Seeded random games at every player count: the start, the middle, late on (and the end when reached)."""
    out = []
    for players in (2, 3, 4):
        for seed, steps in ((players, 0), (10 + players, 25), (20 + players, 70), (30 + players, 160),
                            (40 + players, 5000)):
            state, events = helpers.play(aqua_fest, players, seed, steps)
            out.append((f"{players}p-{seed}-{steps}", state, events))
    return out


POSITIONS = random_positions()


def lesson_positions():
    """Every frame of the lesson's scenarios (the one with most players among them)."""
    out = []
    for path in lesson_files("aqua_fest"):
        run = replay(load_file(path))
        for frame in run.frames:
            out.append((f"{path.stem}-{frame.index}", frame.state, frame.events, frame.highlight, frame.viewer))
    return out


def every_offer(view: dict) -> dict:
    """Every key the board can be asked to make choosable in this position: the hands' cards, the cells, the
    pawns and the start-tile places."""
    keys = [f"card:{c['id']}" for s in view["seats"] for c in (s.get("hand") or [])]
    keys += [f"cell:{i}" for i in range(25)] + [f"seat:{s['seat']}" for s in view["seats"]]
    keys += [f"place:{s['seat']}:{p}" for s in view["seats"] for p in range(5)]
    return {key: f"choice-{n}" for n, key in enumerate(keys)}


def boards(view, events=(), highlight=(), lang="en", choosable=None):
    return {name: R.render(view, events=events, highlight=highlight, lang=lang, choosable=choosable, layout=name)
            for name in LAYOUT_NAMES}


# --------------------------------------------------------------------------- what each layout promises

@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: p[0])
def test_random_positions_keep_every_layouts_promises(pos):
    _id, state, events = pos
    for viewer in (None, 0, state.players - 1):
        view = aqua_fest.view(state, viewer)
        for lang in ("en", "ru"):
            hl = [f"card:{c}" for c in view["destinations"]] + ["seat:0", "cell:12"]
            for name, svg in boards(view, events, hl, lang, every_offer(view)).items():
                problems = layout_problems(svg, name)
                assert problems == [], f"{name}, viewer {viewer}, {lang}: {problems}"


def test_lesson_positions_keep_every_layouts_promises():
    frames = lesson_positions()
    assert max(f[1].players for f in frames) >= 3, "the lesson's positions with most players are among these"
    for frame_id, state, events, highlight, viewer in frames:
        view = aqua_fest.view(state, viewer)
        for lang in ("en", "ru"):
            for name, svg in boards(view, events, highlight, lang, every_offer(view)).items():
                assert layout_problems(svg, name) == [], f"{frame_id}, {name}, {lang}"


def test_the_layout_is_named_and_an_unknown_one_refused():
    view = aqua_fest.view(aqua_fest.setup(3, seed=1), 0)
    assert R.render(view) == R.render(view, layout="laptop")      # the default
    for name in LAYOUT_NAMES:
        root = ET.fromstring(R.render(view, layout=name))
        assert root.get("data-layout") == name and viewbox(root)[2] == layout_of(name).width
        # the height under which the layout's smallest print would fall under 9 px on a wide screen
        least = math.ceil(viewbox(root)[3] * 9 / layout_of(name).min_print)
        assert root.get("style") == f"--tutor-min-height: {least}px"
    with pytest.raises(ValueError, match="phone"):
        R.render(view, layout="television")


# --------------------------------------------------------------------------- the same board in every layout

def _semantics(svg: str) -> dict:
    """What a board says, wherever it says it: its keys and marks, the texts it prints and its titles."""
    root = ET.fromstring(svg)
    found: dict[str, list] = {"card": [], "choice": [], "key": [], "target": [], "cell": [], "class": [],
                              "text": [], "title": []}
    for el in root.iter():
        for attr in ("card", "choice", "key", "target", "cell"):
            if el.get(f"data-{attr}") is not None:
                found[attr].append(el.get(f"data-{attr}"))
        if el.get("class"):
            found["class"].append(el.get("class"))
        tag = el.tag.replace(SVG, "")
        if tag in ("text", "tspan") and (el.text or "").strip():
            found["text"].append(el.text.strip())
        if tag == "title":
            found["title"].append(el.text)
    return {key: sorted(values) for key, values in found.items()}


@pytest.mark.parametrize("pos", POSITIONS[::2], ids=lambda p: p[0])
def test_every_layout_draws_the_same_things_with_the_same_keys(pos):
    _id, state, events = pos
    for viewer in (None, 1):
        view = aqua_fest.view(state, viewer)
        hl = [f"card:{c}" for c in view["destinations"]] + ["seat:1", "home:0", "cell:7"]
        drawn = {name: _semantics(svg) for name, svg in boards(view, events, hl, "ru", every_offer(view)).items()}
        laptop = drawn["laptop"]
        assert laptop["card"] and laptop["choice"] and laptop["text"]
        for name, said in drawn.items():
            for key in laptop:
                assert said[key] == laptop[key], f"{name} differs from laptop in its {key}s"


def test_hidden_things_stay_hidden_in_every_layout():
    for _id, state, events in POSITIONS[1::3]:
        for viewer in range(state.players):
            secrets = aqua_fest.secrets(state, viewer)
            for name, svg in boards(aqua_fest.view(state, viewer), events).items():
                leaked = [c for c in secrets if helpers.mentions(svg, c)]
                assert not leaked, f"{name}: viewer {viewer} can read {leaked}"


# --------------------------------------------------------------------------- inside the viewBox, taps on a phone

def _translation(el) -> tuple[float, float]:
    m = re.match(r"translate\(([-0-9.]+)[ ,]+([-0-9.]+)\)", el.get("transform") or "")
    return (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)


def _extents(svg: str):
    """(what, left, top, right, bottom) of every rect, use, circle and printed text placed on the board (not in
    its defs), translations applied; a text's width guessed from its words."""
    root = ET.fromstring(svg)
    out = []

    def walk(el, dx, dy, size, anchor):
        tag = el.tag.replace(SVG, "")
        if tag in ("defs", "title", "desc"):
            return
        tx, ty = _translation(el)
        dx, dy = dx + tx, dy + ty
        size = float(el.get("font-size", size))
        anchor = el.get("text-anchor", anchor)
        if tag in ("rect", "use") and el.get("width"):
            x, y = float(el.get("x", 0)) + dx, float(el.get("y", 0)) + dy
            out.append((tag, x, y, x + float(el.get("width")), y + float(el.get("height"))))
        elif tag == "circle":
            x, y, r = float(el.get("cx")) + dx, float(el.get("cy")) + dy, float(el.get("r"))
            out.append((tag, x - r, y - r, x + r, y + r))
        elif tag == "text":
            words = "".join(el.itertext())
            bold = el.get("font-weight") == "bold"
            width = em(words, bold) * size
            x, y = float(el.get("x")) + dx, float(el.get("y")) + dy
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            out.append((f"text {words!r}", left, y - size * 0.75, left + width, y + size * 0.25))
        for child in el:
            walk(child, dx, dy, size, anchor)

    walk(root, 0.0, 0.0, 16.0, "start")
    return out


@pytest.mark.parametrize("name", LAYOUT_NAMES)
def test_nothing_is_drawn_outside_the_viewbox(name):
    for _id, state, events in POSITIONS:
        for viewer in (None, 0):
            view = aqua_fest.view(state, viewer)
            for lang in ("en", "ru", "uk"):
                hl = [f"card:{c}" for c in view["destinations"]] + [f"seat:{s}" for s in range(state.players)]
                svg = R.render(view, events=events, highlight=hl, lang=lang, choosable=every_offer(view), layout=name)
                _x, _y, width, height = viewbox(ET.fromstring(svg))
                outside = [(what, round(a), round(b), round(c), round(d)) for what, a, b, c, d in _extents(svg)
                           if a < -0.5 or b < -0.5 or c > width + 0.5 or d > height + 0.5]
                assert not outside, f"{_id}, {lang}, viewer {viewer}: {outside[:4]}"


def test_the_extents_check_sees_what_sticks_out():
    """The check above can fail: a text pushed past the right edge is caught."""
    view = aqua_fest.view(aqua_fest.setup(2, seed=1), 0)
    svg = R.render(view, layout="phone")
    wide = svg.replace('class="viewer"', 'class="viewer" transform="translate(330 0)"', 1)
    _x, _y, width, height = viewbox(ET.fromstring(wide))
    assert any(c > width + 0.5 for _what, _a, _b, c, _d in _extents(wide))


def test_on_a_phone_every_tap_target_is_big_enough():
    least = layout_of("phone").min_target
    rnd = random.Random(5)
    biggest = 0
    for _id, state, events in POSITIONS:
        for viewer in (None, rnd.randrange(state.players)):
            view = aqua_fest.view(state, viewer)
            root = ET.fromstring(R.render(view, events=events, choosable=every_offer(view), layout="phone"))
            areas = [el for el in root.iter() if el.get("data-choice")]
            assert areas, "the position offers something to tap"
            for area in areas:
                ring = area.find(f"{SVG}rect")
                w, h = float(ring.get("width")), float(ring.get("height"))
                assert min(w, h) >= least, f"{area.get('data-key')}: {w:g} x {h:g} units"
            # a hand's cards are wrapped into rows, never overlapped: each is tapped on its whole face
            cards = [[float(r.get(a)) for a in ("x", "y", "width", "height")] for r in
                     (el.find(f"{SVG}rect") for el in areas if el.get("data-key").startswith("card:"))]
            for i, (x1, y1, w1, h1) in enumerate(cards):
                for x2, y2, w2, h2 in cards[i + 1:]:
                    assert x1 + w1 <= x2 + 0.1 or x2 + w2 <= x1 + 0.1 or y1 + h1 <= y2 + 0.1 or y2 + h2 <= y1 + 0.1
            biggest = max(biggest, max((len(s.get("hand") or []) for s in view["seats"]), default=0))
    assert biggest > 6, "a hand too long for one row on a phone is among the positions"
    # the hands' cards on a laptop are smaller: the check measures something that differs
    view = aqua_fest.view(POSITIONS[0][1], 0)
    root = ET.fromstring(R.render(view, choosable=every_offer(view), layout="laptop"))
    cards = [el.find(f"{SVG}rect") for el in root.iter() if (el.get("data-key") or "").startswith("card:")]
    assert cards and min(float(r.get("width")) for r in cards) < least


def test_on_a_phone_the_seabed_and_the_viewers_hand_come_first():
    """What a learner must see at once on a phone (about 360 x 640): the whole seabed with the pawns, then their
    own hand and fragments."""
    state, events = helpers.play(aqua_fest, 4, 9, 40)
    view = aqua_fest.view(state, 2)
    root = ET.fromstring(R.render(view, events=events, layout="phone"))
    cells = [el for el in root.iter() if el.get("class") == "cell"]
    assert len(cells) == 25
    panels = [el for el in root.iter() if el.get("class") == "seat"]
    tops = {}
    for el in panels:
        frame = el.find(f"{SVG}rect")
        tops[el.get("data-seat")] = (float(frame.get("y")), float(frame.get("y")) + float(frame.get("height")))
    assert tops["2"][0] == min(top for top, _bottom in tops.values())
    assert tops["2"][1] <= 640, f"the viewer's panel ends at {tops['2'][1]:g}"
    board = R.geo("phone")
    assert board.board[1] + board.size < tops["2"][0]


# --------------------------------------------------------------------------- speed

def test_each_layout_renders_in_a_few_milliseconds():
    views = [(aqua_fest.view(state, 0), events) for _id, state, events in POSITIONS]
    medians = {}
    for name in LAYOUT_NAMES:
        for view, events in views:              # warm the cached pieces, as a lesson does
            R.render(view, events=events, layout=name)
        times = []
        for view, events in views * 2:
            start = time.process_time()          # CPU time: other processes on the machine do not count
            R.render(view, events=events, layout=name)
            times.append(time.process_time() - start)
        medians[name] = statistics.median(times) * 1000
    assert all(ms < 10 for ms in medians.values()), medians       # about 2 ms each on the build machine


# --------------------------------------------------------------------------- the shells picture

SHELL_SETS = [[], ["u-white-7", "ll-white-3"],
              ["u-white-7", "u-pink-1", "u-black-7", "u-white-4", "ll-white-3", "lr-pink-1", "u-pink-4", "u-black-8",
               "ll-pink-1", "lr-pink-3", "u-pink-5", "u-pink-8", "ll-black-1", "u-black-1", "coral-1"]]


def test_the_shells_picture_in_every_layout():
    """The shells picture (the shells helper) takes the same layouts: the width, the print and, on a phone, tiles
    big enough to tap; it grows as tall as the collection needs (the page scrolls), so its height is not held."""
    rnd = random.Random(3)
    collections = SHELL_SETS + [rnd.sample(sorted(C.FRAGMENTS), 30)]
    for ids in collections:
        offers = {f"tile:{t}": f"t{n}" for n, t in enumerate(ids)}
        drawn = {}
        for name in LAYOUT_NAMES:
            for lang in ("en", "ru"):
                svg = R.render_shells(ids, lang, choosable=offers, layout=name)
                problems = [p for p in layout_problems(svg, name) if "units tall" not in p]
                assert problems == [], f"{name}, {lang}, {len(ids)} fragments: {problems}"
                _x, _y, width, height = viewbox(ET.fromstring(svg))
                outside = [e for e in _extents(svg) if e[1] < -0.5 or e[2] < -0.5 or e[3] > width + 0.5
                           or e[4] > height + 0.5]
                assert not outside, f"{name}, {lang}: {outside[:3]}"
            root = ET.fromstring(R.render_shells(ids, "ru", choosable=offers, layout=name))
            drawn[name] = _semantics(R.render_shells(ids, "ru", choosable=offers, layout=name))
            if name == "phone":
                for area in (el for el in root.iter() if el.get("data-choice")):
                    ring = area.find(f"{SVG}rect")
                    assert min(float(ring.get("width")), float(ring.get("height"))) >= layout_of("phone").min_target
        assert drawn["phone"] == drawn["laptop"] == drawn["projector"]
    assert R.render_shells(SHELL_SETS[2]) == R.render_shells(SHELL_SETS[2], layout="laptop")
