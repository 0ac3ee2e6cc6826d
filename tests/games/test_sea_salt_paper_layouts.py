"""Паперові океани's board in each layout (issue #24, tutor.core.svg.LAYOUTS): the phone, laptop and projector boards
keep their layout's promises (tests/layout_check.py), draw the same cards, keys and words, stay inside their viewBox,
give a phone thumb-sized targets, and render in a few milliseconds."""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tutor.core import svg as S

from layout_check import SVG_NS as NS, layout_problems, viewbox
from tutor.core.scenario import lesson_files, load_file, replay
from tutor.core.svg import LAYOUTS
from tutor.games import sea_salt_paper as g
from tutor.games.sea_salt_paper import ui
from tutor.games.sea_salt_paper.render import render

ROOT = Path(__file__).resolve().parents[2]
TRANSLATE = re.compile(r"translate\(([-0-9.]+)[ ,]+([-0-9.]+)\)")


def played(players: int, seed: int, every: int = 12, steps: int = 400):
    """Positions of a seeded random game: every `every` moves, and each position where two cards wait to be kept,
    a pile is looked through with crabs, or an opponent is to be chosen, and the end."""
    s, rnd = g.setup(players, seed=seed), random.Random(seed)
    for step in range(steps):
        if step % every == 0 or (s.phase in ("keep", "crab_take", "steal") and step % 3 == 0):
            yield s
        if g.is_over(s):
            yield s
            return
        p = rnd.choice(g.to_move(s))
        s, _ = g.apply(s, rnd.choice(g.legal_actions(s, p)))


def offers(state, seat: int) -> dict:
    """What a play table offers `seat` on the board, as the widget builds it (ui.offered_actions, ui.board_keys)."""
    out = {}
    for i, action in enumerate(ui.offered_actions(state, seat)):
        keys = ui.board_keys(action)
        for path in (keys if isinstance(keys, list) else [keys]):
            for key in path:
                out.setdefault(key, f"a{i}")
    return out


def boards():
    """(what, view, render keywords): random games at every player count, seen by the player to move (with their
    choices) and by the teacher, in both languages; and every frame of the game's worked examples."""
    for players in g.SPEC.players:
        for seed in range(2):
            for i, s in enumerate(played(players, seed)):
                seat = g.to_move(s)[0] if g.to_move(s) else 0
                lang = ("en", "uk")[i % 2]
                yield f"{players}p seed {seed} #{i}", g.view(s, seat), dict(lang=lang, choosable=offers(s, seat))
                if s.phase == "keep":       # another player sees how many cards were drawn, not which
                    yield f"{players}p seed {seed} #{i} other", g.view(s, (seat + 1) % players), dict(lang=lang)
                if i % 11 == 0:     # a score helper's cards alone (tutor.games.sea_salt_paper.sandbox)
                    view = g.view(s, None)
                    yield f"{players}p seed {seed} #{i} cards only", dict(view, cards_only=True,
                                                                         seats=view["seats"][:1]), dict(lang=lang)
                if i % 3 == 0:
                    yield f"{players}p seed {seed} #{i} teacher", g.view(s, None), dict(lang=lang)
    for path in lesson_files("sea_salt_paper", ROOT / "lessons"):
        for j, frame in enumerate(replay(load_file(path)).frames):
            for lang in g.SPEC.lesson_langs:
                yield f"{path.stem} step {j} {lang}", g.view(frame.state, frame.viewer), dict(
                    lang=lang, highlight=frame.highlight, events=frame.events)


BOARDS = list(boards())
_SVG: dict = {}


def drawn(i: int, layout: str) -> str:
    """BOARDS[i] rendered in `layout` (once for all the tests here)."""
    if (i, layout) not in _SVG:
        _, view, kw = BOARDS[i]
        _SVG[i, layout] = render(view, layout=layout, **kw)
    return _SVG[i, layout]


def drawn_outside(root, width: float, height: float) -> list[str]:
    """Rects and texts placed (through their groups' translates) outside the viewBox: a rect by its corners, a
    text by its anchor and, where it is narrowed to a length, by the span that length gives."""
    out = []

    def walk(el, dx, dy):
        m = TRANSLATE.search(el.get("transform") or "")
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        tag = el.tag.replace(NS, "")
        if tag == "rect":
            x, y = dx + float(el.get("x", 0)), dy + float(el.get("y", 0))
            w, h = float(el.get("width")), float(el.get("height"))
            if x < -4.5 or y < -4.5 or x + w > width + 4.5 or y + h > height + 4.5:   # a ring's pad may reach 4
                out.append(f"rect {x:g},{y:g} {w:g}x{h:g}")
        elif tag == "text":
            x, y = dx + float(el.get("x", 0)), dy + float(el.get("y", 0))
            length = float(el.get("textLength") or 0)
            anchor = el.get("text-anchor", "start")
            left = x - (length if anchor == "end" else length / 2 if anchor == "middle" else 0)
            if left < 0 or left + length > width or y > height or y < 0:
                out.append(f"text {el.text!r} at {x:g},{y:g}")
        for child in el:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return out


def keys(root) -> tuple[set, set, set]:
    cards = {el.get("data-card") for el in root.iter() if el.get("data-card")}
    choices = {(el.get("data-key"), el.get("data-choice")) for el in root.iter() if el.get("data-choice")}
    marks = {(el.get("class"), el.get("data-target")) for el in root.iter()
             if el.get("class") in ("highlight", "event")}
    return cards, choices, marks


PILE_WORDS = {"deck-count", "deck-name", "pile-count", "pile-name"}


def words(root, ordered: bool = False, piles: bool = True) -> list[str]:
    """The board's printed lines, sorted (`ordered`: as drawn, a card's lines one after another; `piles`: with the
    piles' names and counts)."""
    lines = [el.text.strip() for el in root.iter() if el.tag == NS + "text" and (el.text or "").strip()
             and (piles or el.get("class") not in PILE_WORDS)]
    return lines if ordered else sorted(lines)


def pile_counts(root) -> list[int]:
    """The deck's and each discard pile's count as printed (the last number of its count line)."""
    return [int(re.findall(r"\d+", el.text)[-1]) for el in root.iter()
            if el.tag == NS + "text" and el.get("class") in ("deck-count", "pile-count")]


def test_the_positions_cover_every_player_count_and_what_the_table_can_show():
    views = [v for _, v, _ in BOARDS]
    assert {v["players"] for v in views} == set(g.SPEC.players)
    assert any(v["drawn"] and v["drawn"]["cards"] for v in views)          # two cards to keep one of
    assert any(v["drawn"] and v["drawn"]["cards"] is None for v in views)  # another player's draw
    assert any(p["looking"] and p["cards"] for v in views for p in v["discards"])   # crabs
    assert any(v["over"] for v in views) and any(v.get("scored") for v in views)
    assert max(len(s["zone"]) for v in views for s in v["seats"]) >= 6
    assert max(s["hand_count"] for v in views for s in v["seats"]) >= 9


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_every_board_keeps_its_layout_and_stays_inside_it(layout):
    bad = []
    for i, (what, view, kw) in enumerate(BOARDS):
        svg = drawn(i, layout)
        root = ET.fromstring(svg)
        # three or four players' projected boards still print 16 units (core/svg.py PROJECTOR_PRINT_TIGHT)
        problems = layout_problems(svg, layout, S.board_print(S.layout_of(layout), tight=True))
        _, _, w, h = viewbox(root)
        problems += drawn_outside(root, w, h)
        if problems:
            bad.append(f"{what}: {problems[:3]}")
    assert not bad, f"{len(bad)} boards: " + "\n".join(bad[:10])


def test_the_three_layouts_draw_the_same_cards_keys_marks_and_words():
    for i, (what, view, kw) in enumerate(BOARDS):
        roots = {lay: ET.fromstring(drawn(i, lay)) for lay in LAYOUTS}
        laptop = roots["laptop"]
        for lay, root in roots.items():
            assert keys(root) == keys(laptop), f"{what}: {lay} differs from laptop"
            # a phone may wrap one sentence onto two lines (a run of numbers after a '·'): the same words, not
            # always the same lines
            said = lambda r: sorted(" ".join(words(r, ordered=True, piles=False)).replace("· ", "·").split())  # noqa: E731
            assert said(root) == said(laptop), f"{what}: {lay} prints other words than laptop"
            # a phone names a pile on one line and counts it on the next ("Discard 1", "12 cards"), a wider board
            # on one ("Discard 1 · 12"): the same counts
            assert pile_counts(root) == pile_counts(laptop), f"{what}: {lay} counts the piles otherwise"
            assert root.get("data-layout") == lay and root.find(NS + "title").text == laptop.find(NS + "title").text


def targets(root) -> list[tuple[str, float, float]]:
    """(key, width, height) of each button laid over the board, as much of it as shows: a card's button covered by
    the next card's in its row (an overlapping hand) is as wide as the part left uncovered."""
    rects = []
    for el in root.iter():
        if el.get("data-choice"):
            rect = el.find(NS + "rect")
            rects.append([el.get("data-key")] + [float(rect.get(a)) for a in ("x", "y", "width", "height")])
    out = []
    for key, x, y, w, h in rects:
        after = [ox for k, ox, oy, ow, oh in rects if k != key and oy == y and x < ox < x + w]
        out.append((key, min([w] + [ox - x for ox in after]), h))
    return out


def test_on_a_phone_every_tap_target_is_thumb_sized():
    least = LAYOUTS["phone"].min_target
    seen, small = set(), []
    for i, (what, view, kw) in enumerate(BOARDS):
        if not kw.get("choosable"):
            continue
        for key, w, h in targets(ET.fromstring(drawn(i, "phone"))):
            seen.add(key.split(":")[0])
            if min(w, h) < least:
                small.append(f"{what}: {key} {w:g}x{h:g}")
    assert seen >= {"deck", "pile", "card", "seat"}, seen
    assert not small, "\n".join(small[:10])
    # the check can fail: a long hand on a laptop overlaps, each card's target narrower than a phone's
    hand = [c for c in g.CARDS if c.startswith(("crab", "shell", "fish", "boat"))][:20]
    s = g.setup(2, seed=1, hands=[hand, ["sailor-1"]])
    s, _ = g.apply(s, next(a for a in g.legal_actions(s, 0) if type(a).__name__ == "TakeDiscard"))
    on = {"laptop": targets(ET.fromstring(render(g.view(s, 0), layout="laptop", choosable=offers(s, 0)))),
          "phone": targets(ET.fromstring(render(g.view(s, 0), layout="phone", choosable=offers(s, 0))))}
    assert any(k.startswith("card:") for k, _, _ in on["phone"])
    assert min(min(w, h) for _, w, h in on["laptop"]) < least <= min(min(w, h) for _, w, h in on["phone"])


def test_on_a_phone_the_table_and_the_viewers_own_cards_come_first():
    """The deck, the piles, the drawn cards, then the viewer's played cards and hand, before anyone else's."""
    for i, (what, view, kw) in enumerate(BOARDS):
        if view["viewer"] is None or view.get("cards_only"):
            continue
        root = ET.fromstring(drawn(i, "phone"))
        panels = [el for el in root.iter() if el.get("class") == "panel"]
        assert panels[0].get("data-seat") == str(view["viewer"]), what
        tops = {}
        for rect in root.iter(NS + "rect"):
            if rect.get("class") == "seat":
                tops[rect.get("data-seat")] = float(rect.get("y"))
        mine = tops.pop(str(view["viewer"]))
        assert all(mine < y for y in tops.values()), what
        # the viewer's whole panel within the first screen when their hand and played cards are a few rows
        seat = view["seats"][view["viewer"]]
        if len(seat["zone"]) <= 6 and seat["hand_count"] <= 6 and not any(p["looking"] for p in view["discards"]):
            bottom = mine + float(next(r for r in root.iter(NS + "rect") if r.get("class") == "seat"
                                       and r.get("data-seat") == str(view["viewer"])).get("height"))
            assert bottom <= 640, f"{what}: the viewer's panel ends at {bottom:g}"


def test_a_phone_wraps_a_long_hand_into_whole_cards():
    hand = ["mermaid-1", "mermaid-2", "shell-1", "shell-2", "crab-1", "fish-1", "octopus-1", "penguin-1", "sailor-1",
            "boat-1", "boat-2"]
    s = g.setup(2, seed=1, hands=[hand, ["boat-3"]], zones=[[], ["crab-2", "crab-3"]])
    root = ET.fromstring(render(g.view(s, 0), layout="phone"))
    hand_group = next(el for el in root.iter() if el.get("class") == "hand")
    spots = [tuple(map(float, TRANSLATE.search(el.get("transform")).groups())) for el in hand_group
             if el.get("transform")]
    assert len(spots) == len(hand) and len({y for _, y in spots}) == 2      # two rows
    for (x1, y1), (x2, y2) in zip(spots, spots[1:]):
        assert y2 > y1 or x2 - x1 >= 54, (x1, x2)      # side by side, never over each other


def test_a_wide_board_gives_a_long_hand_its_own_row_where_it_has_room():
    """Three players on a laptop: the viewer's eleven cards beside four played ones would overlap, so the hand lies
    whole on a row of its own under the played cards; with four players' panels there is no room, and it overlaps."""
    from tutor.games.sea_salt_paper.render import GEOMETRY
    hand = [c for c in g.CARDS if c.startswith(("shell", "fish", "octopus"))][:11]
    zones = [["crab-1", "crab-2", "boat-1", "boat-2"], [], [], []]

    def hand_spots(players):
        s = g.setup(players, seed=1, hands=[hand] + [["sailor-1"], ["sailor-2"], ["boat-3"]][:players - 1],
                    zones=zones[:players])
        svg = render(g.view(s, 0), layout="laptop")
        assert layout_problems(svg, "laptop") == []
        root = ET.fromstring(svg)
        panel = next(el for el in root.iter() if el.get("class") == "panel")
        zone_y = {float(TRANSLATE.search(el.get("transform")).group(2))
                  for el in next(e for e in panel.iter() if e.get("class") == "zone") if el.get("transform")}
        spots = [tuple(map(float, TRANSLATE.search(el.get("transform")).groups()))
                 for el in next(e for e in panel.iter() if e.get("class") == "hand") if el.get("transform")]
        return zone_y, spots

    width = GEOMETRY["laptop"].pw
    zone_y, spots = hand_spots(3)
    assert len(spots) == len(hand) and all(y > max(zone_y) for _, y in spots)
    assert all(b[0] - a[0] >= width for a, b in zip(spots, spots[1:]))
    zone_y, spots = hand_spots(4)
    assert {y for _, y in spots} == zone_y and any(b[0] - a[0] < width for a, b in zip(spots, spots[1:]))


def test_on_a_phone_a_cards_value_breaks_onto_two_lines_before_it_is_squeezed():
    """Phone readers found "+ плавець: 1" printed at 74% of its width: a value now wraps (at a space, or after a
    '·' of a run of numbers) and no line of it is narrowed under 85% of its own width; the colour's signs are 9
    units, not 7."""
    from tutor.core.cardtable import em
    from tutor.games.sea_salt_paper import components as C
    from tutor.games.sea_salt_paper.render import GEOMETRY, _face
    geo = GEOMETRY["phone"]
    squeezed, kinds, wrapped = [], {}, set()
    for cid, kind in C.KIND.items():
        kinds.setdefault(kind, cid)
    for kind, cid in sorted(kinds.items()):
        for lang in g.SPEC.lesson_langs:
            for w, h in ((geo.pw, geo.ph), (geo.tw, geo.th)):
                root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{_face(cid, w, h, lang, geo.small)}</svg>')
                lines = [el for el in root.iter(NS + "text") if el.get("class") == "value"]
                wrapped |= {kind} if len(lines) > 1 else set()
                for el in lines:
                    natural = em(el.text, False) * float(el.get("font-size"))
                    ratio = float(el.get("textLength") or natural) / natural
                    if ratio < 0.85:
                        squeezed.append(f"{lang} {kind} {el.text!r} at {ratio:.0%}")
                signs = [el for el in root.iter() if el.get("class") == "colour-sign"]
                assert signs and float(signs[0].find(NS + "rect").get("height")) >= 13, (lang, kind)
    assert not squeezed, squeezed
    assert {"shell", "captain", "penguin_colony"} <= wrapped, wrapped      # the test can fail: these must wrap


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_a_score_helpers_cards_alone_print_no_match_total(layout):
    """The score helper (cards_only) showed «Разом 0» (now «За гру: 0») beside a table adding up its cards: a match total that is
    no part of what it counts. A played board still prints each seat's total."""
    s = g.setup(2, seed=1, hands=[["crab-1", "crab-2", "fish-1"], ["boat-1"]])
    view = g.view(s, None)
    helper = ET.fromstring(render(dict(view, cards_only=True, seats=view["seats"][:1]), lang="uk", layout=layout))
    board = ET.fromstring(render(view, lang="uk", layout=layout))
    totals = lambda root: [el.text for el in root.iter(NS + "text") if el.get("class") == "total"]  # noqa: E731
    assert totals(helper) == [] and totals(board) == ["За гру: 0", "За гру: 0"]


def test_on_a_phone_no_words_lie_over_words_and_no_ring_over_words():
    """Every phone board (random games and every lesson frame): no two printed lines cross, and no highlight or
    event ring runs across a label ("Hand: 2" under the ring round a hand, "Played" over a ringed card, the
    deck's count under the ringed deck); the game-over banner has a row of its own, not over the piles."""
    from layout_check import rings_over_text, text_overlaps
    bad = []
    for i, (what, view, kw) in enumerate(BOARDS):
        svg = drawn(i, "phone")
        bad += [f"{what}: {p}" for p in text_overlaps(svg) + rings_over_text(svg)]
    assert not bad, f"{len(bad)}: " + "\n".join(bad[:10])


def test_on_a_phone_anothers_hand_is_a_small_fan_and_its_panel_short():
    """Phone readers found each bot's hand drawn as full-size backs, about 130 px a bot: the backs are now small
    (the count is in the hand's label), so a bot who has played nothing takes under 100 units; its hand is still a
    thumb-sized target when it may be chosen (test_on_a_phone_every_tap_target_is_thumb_sized)."""
    from tutor.games.sea_salt_paper.render import GEOMETRY
    s = g.setup(3, seed=1, hands=[["fish-1"], ["crab-1", "crab-2"], ["boat-1", "boat-2", "shell-1"]],
                zones=[["fish-2", "fish-3"], [], ["crab-3", "crab-4"]])
    root = ET.fromstring(render(g.view(s, 0), layout="phone"))
    heights = {r.get("data-seat"): float(r.get("height")) for r in root.iter(NS + "rect") if r.get("class") == "seat"}
    assert heights["1"] < 100, heights
    hands = [el for el in root.iter() if el.get("class") == "hand"]
    backs = [el for hand in hands for el in hand.iter() if el.get("class") == "card back"]
    widths = {float(el.find(NS + "rect").get("width")) for el in backs}
    assert len(backs) == 2 + 3 and max(widths) < GEOMETRY["phone"].pw, widths


PHONE_LABEL = importlib.import_module("tutor.games.sea_salt_paper.render").GEOMETRY["phone"].label


def test_on_a_phone_the_piles_counts_are_printed_whole_not_narrowed():
    """A reader (stop 57): "Discard 1 · 12" squeezed into a pile's width came out at about 11 px on a phone. There a
    pile's name and its count are two lines, neither narrowed, both at the board's label size."""
    seen = 0
    for i, (what, _view, _kw) in enumerate(BOARDS):
        root = ET.fromstring(drawn(i, "phone"))
        for el in root.iter(NS + "text"):
            if el.get("class") in PILE_WORDS:
                seen += 1
                assert el.get("textLength") is None, f"{what}: {el.text!r} narrowed"
                assert float(el.get("font-size")) >= PHONE_LABEL, f"{what}: {el.text!r}"
    assert seen
