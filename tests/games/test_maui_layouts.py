"""Мяури's board in each layout (issue #24, tutor.core.svg.LAYOUTS): the phone, laptop and projector boards keep their
layout's promises (tests/layout_check.py), draw the same cards, keys, marks and words, stay inside their viewBox, give
a phone thumb-sized hand cards, put on a phone's first screen what a diver must see at once (the lagoon, Kiti and whom
her hands point to, your hand, the dive cards turned up this round), and render in a few milliseconds."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from layout_check import SVG_NS as NS, choice_rects, layout_problems, viewbox
from tutor.core.cardtable import em
from tutor.core.scenario import lesson_files, load_file, replay
from tutor.core.svg import LAYOUTS
from tutor.games import maui
from tutor.games.maui import ui
from tutor.games.maui.render import render

ROOT = Path(__file__).resolve().parents[2]
TRANSLATE = re.compile(r"translate\(([-0-9.]+)[ ,]+([-0-9.]+)\)")
PLAYERS = (3, 4, 5, 6)
VARIANTS = ((), ("no-fights",), ("open-baskets",))


def played(players: int, seed: int, variant=(), every: int = 5):
    """(state, events) of a seeded random game every `every` moves, and its end."""
    s, rnd = maui.setup(players, seed=seed, variant=variant), random.Random(seed)
    events: list = []
    step = 0
    while not maui.is_over(s):
        if step % every == 0:
            yield s, events
        p = rnd.choice(maui.to_move(s))
        s, events = maui.apply(s, rnd.choice(maui.legal_actions(s, p)))
        step += 1
    yield s, events


def offers(state, seat: int) -> dict:
    """What a play table offers `seat` on the board (ui.board_keys of the offered actions)."""
    out = {}
    for i, action in enumerate(ui.offered_actions(state, seat)):
        for key in ui.board_keys(action):
            out.setdefault(key, f"a{i}")
    return out


def boards():
    """(what, view, render keywords): random games at every player count and variant, seen by the player to move
    (with their choices) and by the teacher, in two languages; and every frame of the lessons' worked examples."""
    for players in PLAYERS:
        for k, variant in enumerate(VARIANTS):
            for i, (s, events) in enumerate(played(players, players * 10 + k, variant)):
                seat = maui.to_move(s)[0] if maui.to_move(s) else i % players
                lang = ("en", "ru")[i % 2]
                yield (f"{players}p {variant} #{i}", maui.view(s, seat),
                       dict(lang=lang, events=events, choosable=offers(s, seat)))
                if i % 3 == 0:
                    yield (f"{players}p {variant} #{i} teacher", maui.view(s, None),
                           dict(lang=lang, events=events, highlight=("kiti", "seat:1", "cell:deep", "deck")))
    # a teacher's view with 27 cards back in the box: the box's rows at their longest (lesson decks arranged for an
    # example no longer box the cards they leave out)
    full_box = maui.setup(4, seed=7, boxed=list(maui.CATCH_CARDS)[-27:])
    yield "27 cards boxed, teacher", maui.view(full_box, None), dict(lang="ru", highlight=("deck",))
    for path in lesson_files("maui", ROOT / "lessons"):
        for j, frame in enumerate(replay(load_file(path)).frames):
            yield (f"{path.stem} step {j}", maui.view(frame.state, frame.viewer),
                   dict(lang=("en", "ru")[j % 2], highlight=frame.highlight, events=frame.events))


BOARDS = list(boards())


def text_of(el) -> str:
    return "".join(el.itertext())


def drawn_outside(root, width: float, height: float) -> list[str]:
    """Rects, uses and texts outside the viewBox: a rect or a use by its corners (a ring's pad may reach 4 units
    out), a text by its guessed extent from its anchor."""
    out = []
    for el, dx, dy in placed(root):
        tag = el.tag.replace(NS, "")
        if tag in ("rect", "use") and el.get("width") and not _in_defs(el, root):
            x, y = dx + float(el.get("x", 0)), dy + float(el.get("y", 0))
            w, h = float(el.get("width")), float(el.get("height"))
            if x < -4.5 or y < -4.5 or x + w > width + 4.5 or y + h > height + 4.5:
                out.append(f"{tag} {x:g},{y:g} {w:g}x{h:g}")
        elif tag == "text" and el.get("x") is not None and not _in_defs(el, root):
            x, y = dx + float(el.get("x")), dy + float(el.get("y"))
            size = float(el.get("font-size") or 16)
            length = text_width(el, size, el.get("font-weight") == "bold")
            anchor = el.get("text-anchor", "start")
            left = x - (length if anchor == "end" else length / 2 if anchor == "middle" else 0)
            if left < -1 or left + length > width + 1 or y > height or y - size < 0:
                out.append(f"text {text_of(el)!r} at {x:g},{y:g} ({anchor}, {length:.0f} wide)")
    return out


def placed(root):
    """Each element with the offset its groups' translates move it by."""
    out = []

    def walk(el, dx, dy):
        m = TRANSLATE.search(el.get("transform") or "")
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        out.append((el, dx, dy))
        for child in el:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return out


def text_width(el, size: float, bold: bool) -> float:
    """A text's guessed width: the textLength it is narrowed to, else its own words at its size, each tspan's at
    the tspan's size and weight (as tests/layout_check.py measures)."""
    if el.get("textLength"):
        return float(el.get("textLength"))
    length = em(el.text, bold) * size if el.text else 0.0
    for span in el:
        span_size = float(span.get("font-size") or size)
        length += text_width(span, span_size, bold if span.get("font-weight") is None
                             else span.get("font-weight") == "bold")
        if span.tail:
            length += em(span.tail, bold) * size
    return length


_DEFS: dict = {}


def _in_defs(el, root) -> bool:
    key = id(root)
    if key not in _DEFS:
        _DEFS.clear()
        _DEFS[key] = {id(e) for d in root.iter(NS + "defs") for e in d.iter()}
    return id(el) in _DEFS[key]


def keys(root) -> tuple[set, set, set, set]:
    # a table shows fewer of a pile's older cards as chips when the used dive cards need the room: they keep
    # their ids (as thin edges), so every card is there in every layout
    cards = {(el.get("data-card"), (el.get("class") or "").replace(" hidden-edge", "")) for el in root.iter()
             if el.get("data-card")}
    choices = {(el.get("data-key"), el.get("data-choice")) for el in root.iter() if el.get("data-choice")}
    marks = {(el.get("class"), el.get("data-target")) for el in root.iter()
             if el.get("class") in ("highlight", "event") or (el.get("class") or "").startswith("event ")}
    table = {(el.get("class"), el.get("data-seat"), el.get("data-depth"), el.get("data-hand"),
              el.get("data-right-seat"), el.get("data-count")) for el in root.iter()
             if (el.get("class") or "").split()[:1] in (["seat"], ["cell"], ["kiti"], ["kiti-ghost"], ["kiti-hand"],
                                                         ["deck"], ["box"], ["lagoon"], ["game-over"], ["to-move"])}
    return cards, choices, marks, table


def words(root) -> set[str]:
    """The printed words (a phone also prints the names of the seats Kiti's hands point to, which every board
    prints in the seats' panels; and it names the chips of a catch pile, "under it, bottom first:", where a table's
    narrower panel keeps the room for the chips, and "dive cards used:" before its row of them)."""
    return {w for el in root.iter() if el.tag == NS + "text" and not _in_defs(el, root)
            and not {"pile-under", "used-label"} & set((el.get("class") or "").split())
            for w in text_of(el).split()}


def test_the_positions_cover_every_player_count_and_what_the_table_can_show():
    views = [v for _, v, _ in BOARDS]
    assert {v["players"] for v in views} == set(PLAYERS)
    assert any(v["over"] for v in views) and any(v["kiti"] is None for v in views)
    assert any(v.get("boxed") for v in views) and any(v["boxed_count"] and not v.get("boxed") for v in views)
    assert any(s.get("discards") for v in views for s in v["seats"])
    assert any(len(c["cards"]) > 1 for v in views for c in v["lagoon"])
    assert any(kw.get("choosable") for _, _, kw in BOARDS)
    assert any(e.kind == "maui.dispute" for _, _, kw in BOARDS for e in kw.get("events") or ())
    assert any(w.startswith("lesson") or "step" in w for w, _, _ in BOARDS)


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_every_board_keeps_its_layout_and_stays_inside_it(layout):
    bad = []
    for what, view, kw in BOARDS:
        svg = render(view, layout=layout, **kw)
        root = ET.fromstring(svg)
        problems = layout_problems(svg, layout)
        _, _, w, h = viewbox(root)
        problems += drawn_outside(root, w, h)
        if problems:
            bad.append(f"{what}: {problems[:3]}")
    assert not bad, f"{len(bad)} boards: " + "\n".join(bad[:10])


def test_the_check_can_fail():
    """A laptop board read as a phone's has the wrong width; a label pushed past the edge is seen."""
    view = maui.view(maui.setup(4, seed=1), 0)
    assert layout_problems(render(view, layout="laptop"), "phone")
    root = ET.fromstring(render(view, layout="phone"))
    _, _, w, h = viewbox(root)
    assert not drawn_outside(root, w, h)
    next(el for el in root.iter(NS + "text") if not _in_defs(el, root)).set("x", str(w - 5))
    assert drawn_outside(root, w, h)


def test_the_three_layouts_draw_the_same_cards_keys_marks_and_words():
    for what, view, kw in BOARDS[::3]:
        roots = {lay: ET.fromstring(render(view, layout=lay, **kw)) for lay in LAYOUTS}
        laptop = roots["laptop"]
        for lay, root in roots.items():
            assert keys(root) == keys(laptop), f"{what}: {lay} differs from laptop"
            assert words(root) == words(laptop), f"{what}: {lay} prints {words(root) ^ words(laptop)}"
            assert root.get("data-layout") == lay and root.findtext(NS + "desc") == laptop.findtext(NS + "desc")


def test_on_a_phone_every_hand_card_to_tap_is_thumb_sized_and_the_targets_do_not_overlap():
    least = LAYOUTS["phone"].min_target
    seen, small = 0, []
    for what, view, kw in BOARDS:
        if not kw.get("choosable"):
            continue
        root = ET.fromstring(render(view, layout="phone", **kw))
        rects = []
        for key, w, h in choice_rects(root):
            seen += 1
            if min(w, h) < least:
                small.append(f"{what}: {key} {w:g}x{h:g}")
        rects = [(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
                 for el in root.iter() if el.get("data-choice") for r in el.iter(NS + "rect")]
        for i, (ax, ay, aw, ah) in enumerate(rects):
            for bx, by, bw, bh in rects[i + 1:]:
                assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, f"{what}: targets overlap"
    assert seen > 50
    assert not small, "\n".join(small[:10])
    # the check can fail: on a laptop a hand's chip is narrower than a thumb
    on_laptop = [min(w, h) for what, view, kw in BOARDS if kw.get("choosable")
                 for _k, w, h in choice_rects(ET.fromstring(render(view, layout="laptop", **kw)))]
    assert min(on_laptop) < least


def _box_of(el):
    r = el.find(NS + "rect")
    return float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height"))


def test_on_a_phone_the_first_screen_holds_the_lagoon_kiti_your_hand_and_the_turned_up_dive_cards():
    """A 360x640 phone screen: the lagoon on top, Kiti on a seating ring with every seat's disc, the viewer's panel
    (their hand and dive cards) first of the seats; with three players every seat's dive cards within a screen and
    a quarter (more players: the others' panels follow, two to a row). Panels never overlap."""
    for what, view, kw in BOARDS:
        root = ET.fromstring(render(view, layout="phone", **kw))
        cells = [el for el in root.iter() if el.get("class") == "cell"]
        assert max(_box_of(c)[1] + _box_of(c)[3] for c in cells) < 300, what
        seats = {el.get("data-seat"): _box_of(el) for el in root.iter() if el.get("class") == "seat"}
        tops = sorted(seats.values(), key=lambda b: (b[1], b[0]))
        if view["viewer"] is not None:
            mine = seats[str(view["viewer"])]
            assert mine == tops[0], f"{what}: the viewer's panel is not first"
            assert mine[1] + mine[3] <= 640, f"{what}: the viewer's panel ends at {mine[1] + mine[3]:g}"
        kiti = [el for el in root.iter() if el.get("class") == "kiti"]
        if kiti:
            discs = [el for el in root.iter() if el.get("class") == "ring-seat"]
            assert sorted(int(d.get("data-seat")) for d in discs) == list(range(view["players"])), what
            bottom = max(float(d.get("y")) + float(d.get("height")) for d in discs)
            assert bottom < min(b[1] for b in tops) and float(kiti[0].get("data-y")) < bottom, what
        if view["players"] <= 3 and view["viewer"] is not None:
            for el in root.iter():
                if "revealed" in (el.get("class") or "").split() and el.get("y"):
                    assert float(el.get("y")) + float(el.get("height")) <= 640 * 1.25, what
        boxes = list(seats.values())
        for i, (ax, ay, aw, ah) in enumerate(boxes):
            assert 0 <= ax and ax + aw <= LAYOUTS["phone"].width, what
            for bx, by, bw, bh in boxes[i + 1:]:
                assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, f"{what}: panels overlap"


@pytest.mark.parametrize("layout", ["laptop", "projector"])
def test_on_a_table_the_panels_stay_clear_of_each_other_and_of_the_lagoon(layout):
    for what, view, kw in BOARDS[::4]:
        root = ET.fromstring(render(view, layout=layout, **kw))
        lagoon = _box_of(next(el for el in root.iter() if el.get("class") == "lagoon"))
        boxes = [_box_of(el) for el in root.iter() if el.get("class") == "seat"]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:] + [lagoon]:
                ax, ay, aw, ah = a
                bx, by, bw, bh = b
                assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, f"{what}: {a} {b}"


# --------------------------------------------------------------------------- words over words, rings over words

def printed(root) -> list[tuple[int, str, float, float, float, float]]:
    """(document order, words, left, top, right, bottom) of each printed <text> outside <defs>: its width guessed
    from its size (tutor.core.cardtable.em, each tspan at its own), its height a browser's text box (the font's
    ascent 0.93 of the size over the baseline, its descent 0.24 under it), placed through its groups'
    translates; the words of an opaque band (game over) hide what lies under them."""
    order = {id(el): i for i, el in enumerate(root.iter())}
    out, band = [], []

    def walk(el, dx, dy, size, anchor, weight, in_band):
        tag = el.tag.replace(NS, "")
        if tag == "defs":
            return
        m = TRANSLATE.search(el.get("transform") or "")
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        size = float(el.get("font-size", size))
        anchor, weight = el.get("text-anchor", anchor), el.get("font-weight", weight)
        if el.get("class") == "game-over":
            in_band = True
            r = el.find(NS + "rect")
            band.append((float(r.get("x")), float(r.get("y")), float(r.get("x")) + float(r.get("width")),
                         float(r.get("y")) + float(r.get("height"))))
        if tag == "text" and text_of(el).strip():
            x, y = dx + float(el.get("x")), dy + float(el.get("y"))
            wide = text_width(el, size, weight == "bold")
            left = x - (wide if anchor == "end" else wide / 2 if anchor == "middle" else 0)
            out.append((order[id(el)], text_of(el).strip(), left, y - 0.93 * size, left + wide, y + 0.24 * size,
                        in_band))
            return
        for child in el:
            walk(child, dx, dy, size, anchor, weight, in_band)

    walk(root, 0.0, 0.0, 16.0, "start", "normal", False)
    hidden = [t for t in out if not t[6] and any(t[2] < bx1 and bx0 < t[4] and t[3] < by1 and by0 < t[5]
                                                   for bx0, by0, bx1, by1 in band)]
    return [t[:6] for t in out if t not in hidden]


def words_over_words(root) -> list[str]:
    """Pairs of printed words whose boxes cross by more than 2 units across and 3 down (what a page's check of
    the texts' client rects finds)."""
    boxes = printed(root)
    out = []
    for i, (_, a, al, at, ar, ab) in enumerate(boxes):
        for _, b, bl, bt, br, bb in boxes[i + 1:]:
            if min(ar, br) - max(al, bl) > 2 and min(ab, bb) - max(at, bt) > 3:
                out.append(f"{a!r} over {b!r}")
    return out


def rings_over_words(root) -> list[str]:
    """Words that a highlight or event ring (a rect or a circle) drawn after them runs across: its stroke, as a
    band half its width either side of its outline, against each word's box (from its capitals' top, 0.74 of the
    size over the baseline, to 0.2 under it)."""
    order = {id(el): i for i, el in enumerate(root.iter())}
    words = []
    for o, w, l, t, r, b in printed(root):
        size = (b - t) / 1.17
        words.append((o, w, l, t + 0.19 * size, r, b - 0.04 * size))
    out = []
    for el in root.iter():
        kind = (el.get("class") or "").split()[:1]
        tag = el.tag.replace(NS, "")
        if kind not in (["highlight"], ["event"]) or tag not in ("rect", "circle"):
            continue
        half = float(el.get("stroke-width") or 1) / 2
        for o, w, l, t, r, b in words:
            if o > order[id(el)]:
                continue            # drawn after the ring: on top of it
            if tag == "circle":
                cx, cy, radius = float(el.get("cx")), float(el.get("cy")), float(el.get("r"))
                near = math.hypot(max(l - cx, 0, cx - r), max(t - cy, 0, cy - b))
                far = max(math.hypot(px - cx, py - cy) for px in (l, r) for py in (t, b))
                crosses = near < radius + half and far > radius - half
            else:
                x, y, wd, ht = (float(el.get(a)) for a in ("x", "y", "width", "height"))
                meets = l < x + wd + half and x - half < r and t < y + ht + half and y - half < b
                inside = x + half <= l and y + half <= t and r <= x + wd - half and b <= y + ht - half
                crosses = meets and not inside
            if crosses:
                out.append(f"{el.get('class')} ring on {el.get('data-target') or 'Kiti'} over {w!r}")
    return out


def test_on_a_phone_no_words_run_into_other_words():
    """Phone readers (issue #24): the box's and a catch pile's small cards printed −10 and −15 into their
    neighbours' values ('9−10'); a no-fights pile's covered cards printed their names under the top card's; the
    game-over band let the depth names show through; Kiti's name sat under a seat's 'choosing…'."""
    bad = []
    for what, view, kw in BOARDS:
        found = words_over_words(ET.fromstring(render(view, layout="phone", **kw)))
        if found:
            bad.append(f"{what}: {found[:3]}")
    assert not bad, f"{len(bad)} boards: " + "\n".join(bad[:10])


@pytest.mark.parametrize("layout", ["laptop", "projector"])
def test_on_a_table_no_words_run_into_other_words(layout):
    """The same check on the tables: the box's row (27 cards at a lesson's start) once squeezed −10 and −15 into
    their neighbours (it now goes on right of Player 1's panel); Kiti's name could land on the lagoon's words;
    a panel's event word ('caught') on its foot covered the values and used cards of its pile strip."""
    bad = []
    for what, view, kw in BOARDS:
        found = words_over_words(ET.fromstring(render(view, layout=layout, **kw)))
        if found:
            bad.append(f"{what}: {found[:3]}")
    assert not bad, f"{len(bad)} boards: " + "\n".join(bad[:10])


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_no_ring_runs_across_words_drawn_under_it(layout):
    """A lesson's pointer or an event's ring goes under the words it passes: a seat's event word ('caught'), a
    cell's 'face down', the letters on Kiti's hands, her name."""
    bad = []
    for what, view, kw in BOARDS[::2]:
        found = rings_over_words(ET.fromstring(render(view, layout=layout, **kw)))
        if found:
            bad.append(f"{what}: {found[:3]}")
    assert not bad, f"{len(bad)} boards: " + "\n".join(bad[:10])


def test_the_word_checks_can_fail():
    """Two chips' values pushed together, and a ring drawn last round a seat, are seen."""
    view = next(v for what, v, kw in BOARDS if (v.get("boxed") or ()) and len(v["boxed"]) > 20)
    root = ET.fromstring(render(view, layout="phone", highlight=["seat:0"]))
    assert not words_over_words(root)
    box = next(el for el in root.iter() if el.get("class") == "box")
    chips = [el for el in box.iter(NS + "text") if el.get("text-anchor") == "middle"]
    assert len(chips) > 20
    chips[1].set("x", str(float(chips[0].get("x")) + 2))
    chips[1].set("y", chips[0].get("y"))
    assert words_over_words(root)
    root = ET.fromstring(render(view, layout="phone", highlight=["seat:0"]))
    ring = next(el for el in root.iter(NS + "rect") if el.get("data-target") == "seat:0")
    seat = next(el for el in root.iter() if el.get("class") == "seat" and el.get("data-seat") == "0")
    seat.remove(ring)
    seat.append(ring)
    assert any("choosing" in w or "выбира" in w for w in rings_over_words(root))


def test_on_a_phone_the_ring_round_kiti_passes_inside_her_lettered_hands():
    """The pointer at Kiti (a dashed ring) once ran across the R/L (П/Л) discs on her hands: now it passes inside
    them, and the hands stop short of the seats' discs on the ring they point at."""
    seen = 0
    for what, view, kw in BOARDS:
        if view.get("kiti") is None:
            continue
        root = ET.fromstring(render(view, layout="phone", highlight=("kiti",)))
        kiti = next(el for el in root.iter() if el.get("class") == "kiti")
        ring = next(el for el in kiti.iter(NS + "circle") if el.get("class") == "highlight")
        cx, cy, r = (float(ring.get(a)) for a in ("cx", "cy", "r"))
        outer = r + float(ring.get("stroke-width")) / 2
        seats = [tuple(float(el.get(a)) for a in ("x", "y", "width")) for el in root.iter()
                 if el.get("class") == "ring-seat"]
        for hand in (el for el in kiti.iter() if (el.get("class") or "").startswith("kiti-hand")):
            disc = next(c for c in hand.iter(NS + "circle") if c.get("fill") not in (None, "none"))
            hx, hy, hr = (float(disc.get(a)) for a in ("cx", "cy", "r"))
            assert math.hypot(hx - cx, hy - cy) - hr > outer + 2, f"{what}: the ring crosses a hand"
            for sx, sy, sw in seats:
                gap = math.hypot(hx - sx - sw / 2, hy - sy - sw / 2) - hr - sw / 2
                assert gap > 1, f"{what}: a hand lies on a seat's disc"
        seen += 1
    assert seen > 100




@pytest.mark.parametrize("layout", ["laptop", "projector"])
def test_on_a_wide_board_each_of_kitis_hands_draws_a_line_to_the_seat_it_points_at(layout):
    """A four-seat table's panels lie near Kiti, and her hands drew no line to them (measured to a panel's centre
    less half its width): from the back of the room nobody could see whom a hand pointed at, and the quiz turned on
    it (a reader, stop 56). The line goes to the nearest point of the seat's panel."""
    from tutor.widgets import screen
    from tutor.widgets.quiz import Quiz
    screen.set_width(1560 if layout == "projector" else 900)
    try:
        svg = Quiz("maui/who-takes-the-deep", lang="en").svg.value
    finally:
        screen.set_width(1000)
    assert f'data-layout="{layout}"' in svg
    hands = re.findall(r'<g class="kiti-hand (right|left)[^"]*"[^>]*>(.*?)</g>', svg, re.S)
    assert {h for h, _ in hands} == {"right", "left"}
    for hand, body in hands:
        assert "stroke-dasharray" in body, f"Kiti's {hand} hand draws no line to its seat"


def test_a_phones_hand_strip_of_more_than_six_cards_is_two_rows_of_larger_chips():
    """Twelve chips in one row of a phone's half-width panel printed "10 11 12" 7 to 8 px high (a reader, stop 57):
    more than six go in two rows, each chip a third taller; a table's strip stays one row."""
    import re
    from tutor.games import maui as game
    state = game.setup(4, kiti=0)
    phone = game.render(game.view(state, None), lang="en", layout="phone")
    heights = [float(h) for h in re.findall(r'<use[^>]*class="card dive hand"[^>]*height="([\d.]+)"', phone)
               + re.findall(r'<use[^>]*height="([\d.]+)"[^>]*class="card dive hand"', phone)]
    assert heights and min(heights) >= 23, heights[:5]
    ys = {float(y) for y in re.findall(r'<use[^>]*class="card dive hand"[^>]*y="([\d.]+)"', phone)
          + re.findall(r'<use[^>]*y="([\d.]+)"[^>]*class="card dive hand"', phone)}
    assert len(ys) >= 2 * 2, ys         # two rows a panel, two rows of panels
    laptop = game.render(game.view(state, None), lang="en", layout="laptop")
    assert 'class="card dive hand"' in laptop
