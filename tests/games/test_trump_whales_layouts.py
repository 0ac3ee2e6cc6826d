"""Козырные киты's board in each layout (issue #24, tutor.core.svg.LAYOUTS): every layout keeps its promises
(tests/layout_check.py: its width, its tallest board, its least print) over positions of seeded random games at
every player count and the lessons' four-player positions; the three layouts draw the same cards, choices and
words; on a phone what the learner taps is at least 46 units on its shorter side where it shows; nothing is drawn
outside the drawing; and a render stays fast."""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from layout_check import SVG_NS, layout_problems, viewbox

from tutor.core import svg as S
from tutor.core.cardtable import em
from tutor.games import trump_whales as g
from tutor.games.trump_whales import ui
render_module = importlib.import_module("tutor.games.trump_whales.render")

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = tuple(S.LAYOUTS)


def _random_positions():
    """Positions every few moves of seeded random games at 2, 3 and 4 players, to the end of each game."""
    out = []
    for players in range(g.SPEC.players.start, g.SPEC.players.stop):
        for seed in range(2):
            rnd = random.Random(seed)
            s = g.setup(players, seed=seed)
            for step in range(400):
                if step % 9 == 0 or g.is_over(s):
                    out.append(s)
                if g.is_over(s):
                    break
                p = rnd.choice(g.to_move(s))
                s, _ = g.apply(s, rnd.choice(g.legal_actions(s, p)))
    return out


def _lesson_frames():
    """Every frame of the lesson's scenarios with the most players (the tallest boards)."""
    from tutor.core.scenario import load_file, replay
    frames = [f for path in sorted((ROOT / "lessons" / "trump_whales" / "scenarios").glob("*.yaml"))
              for f in replay(load_file(path)).frames]
    most = max(f.state.players for f in frames)
    return [f for f in frames if f.state.players == most]


POSITIONS = _random_positions()
FRAMES = _lesson_frames()


def _choosable(state, seat):
    """What the seat may press on the board, as the widgets offer it."""
    if seat is None or seat not in g.to_move(state):
        return None
    return {k: f"c{i}" for i, a in enumerate(ui.offered_actions(state, seat)) for k in ui.board_keys(a)}


def _boards():
    """(name, view, render keywords) for the positions: each seen by seat 0 (with its choices when it is to move)
    and by the teacher (every hand open); the lesson frames as the lesson shows them."""
    for i, s in enumerate(POSITIONS):
        yield f"random {i} seat 0", g.view(s, 0), {"choosable": _choosable(s, 0), "lang": "ru" if i % 2 else "en"}
        yield f"random {i} teacher", g.view(s, None), {"lang": "en" if i % 2 else "ru"}
    for f in FRAMES:
        seat = f.viewer if f.viewer is not None else (g.to_move(f.state) or [None])[0]
        yield (f"frame {f.index}", g.view(f.state, f.viewer),
               {"highlight": f.highlight, "events": f.events, "lang": "ru", "choosable": _choosable(f.state, seat)})


BOARDS = list(_boards())


def test_the_boards_cover_every_player_count_the_lessons_and_open_hands():
    counts = {view["players"] for _name, view, _kw in BOARDS}
    assert counts == {2, 3, 4}
    assert FRAMES and max(f.state.players for f in FRAMES) == 4
    assert any(kw.get("choosable") for _n, _v, kw in BOARDS)
    assert any(view["over"] for _n, view, _kw in BOARDS)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_board_keeps_its_layouts_promises(layout):
    problems = []
    for name, view, kw in BOARDS:
        svg = g.render(view, layout=layout, **kw)
        problems += [f"{name}: {p}" for p in layout_problems(svg, layout, S.board_print(S.layout_of(layout)))]
    assert not problems, "\n".join(problems[:20])


def _words(root) -> set[str]:
    """Every word printed on the board (outside title and desc)."""
    out: set[str] = set()
    for el in root.iter(SVG_NS + "text"):
        out.update(w for w in re.split(r"[\s·:,]+", "".join(el.itertext())) if w)
    return out


def _marks(root) -> dict:
    """What a layout must keep: the cards, the choices and their keys, the rings, the semantic classes."""
    keys = {
        "cards": sorted(el.get("data-card") for el in root.iter() if el.get("data-card")),
        "choices": sorted((el.get("data-key"), el.get("data-choice")) for el in root.iter() if el.get("data-choice")),
        "rings": sorted((el.get("class"), el.get("data-target")) for el in root.iter()
                        if el.get("class") in ("highlight", "event")),
        "classes": sorted({el.get("class") for el in root.iter() if el.get("class")} - {"tutor-trump_whales"}),
        "seats": sorted(el.get("data-seat") for el in root.iter() if el.get("data-seat")),
    }
    keys["root"] = {k: v for k, v in root.attrib.items() if k.startswith("data-") and k not in ("data-layout",)}
    keys["title"] = (root.find(SVG_NS + "title").text, root.find(SVG_NS + "desc").text)
    return keys


# words only a card face prints at one size: a change-trump bonus names its family where the name is readable
# and shows ⇄ with the family's symbol where it is not (the family's name is on the card and in its tooltip)
FACE_ONLY = {"⇄"}


def test_the_three_layouts_draw_the_same_cards_choices_rings_and_words():
    checked = 0
    for name, view, kw in BOARDS[::3]:
        roots = {layout: ET.fromstring(g.render(view, layout=layout, **kw)) for layout in LAYOUTS}
        marks = {layout: _marks(root) for layout, root in roots.items()}
        assert marks["phone"] == marks["laptop"] == marks["projector"], name
        words = {layout: _words(root) for layout, root in roots.items()}
        for layout in ("phone", "projector"):
            differ = words[layout] ^ words["laptop"]
            # a phone says "Bonuses: none" beside a short hand where a wider board draws the label over no card
            compact = _none_words(kw.get("lang", "en")) if layout == "phone" else set()
            assert differ <= FACE_ONLY | _family_words(kw.get("lang", "en")) | compact, (name, layout, differ)
        checked += 1
    assert checked > 20


def _none_words(lang: str) -> set[str]:
    from tutor.core.i18n import text
    return set(text("trump_whales.board.bonuses_none", lang).split()) | {text("trump_whales.board.bonuses", lang)}


def _family_words(lang: str) -> set[str]:
    from tutor.games.trump_whales.text import family_name, family_short
    families = ("orca", "narwhal", "blue_whale", "sperm_whale")
    # a bonus strip too narrow for the name prints it cut short («Каш»)
    return ({w for f in families for w in family_name(f, lang).split()} | {family_short(f, lang) for f in families})


# --------------------------------------------------------------------------- geometry

_TRANSLATE = re.compile(r"translate\(([-0-9.]+)[ ,]+([-0-9.]+)\)")


def _placed(root):
    """(tag, element, x, y, w, h, card) of every rect, circle and text, in the drawing's units (translates added
    up; a text's width guessed from its words, or its textLength; card: the data-card it is drawn in)."""
    out = []

    def walk(el, dx, dy, size, card=None):
        card = el.get("data-card") or card
        m = _TRANSLATE.search(el.get("transform") or "")
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        size = float(el.get("font-size") or size)
        tag = el.tag.replace(SVG_NS, "")
        if tag == "rect":
            out.append((tag, el, dx + float(el.get("x", 0)), dy + float(el.get("y", 0)), float(el.get("width")),
                        float(el.get("height")), card))
        elif tag == "circle":
            r = float(el.get("r"))
            out.append((tag, el, dx + float(el.get("cx")) - r, dy + float(el.get("cy")) - r, 2 * r, 2 * r, card))
        elif tag == "text":
            words = "".join(el.itertext())
            wide = float(el.get("textLength") or em(words, el.get("font-weight") == "bold") * size)
            x = dx + float(el.get("x"))
            x -= {"end": wide, "middle": wide / 2}.get(el.get("text-anchor"), 0)
            out.append((tag, el, x, dy + float(el.get("y")) - size * 0.8, wide, size, card))
        for child in el:
            walk(child, dx, dy, size, card)

    walk(root, 0.0, 0.0, 16.0)
    return out


@pytest.mark.parametrize("layout", LAYOUTS)
def test_nothing_is_drawn_outside_the_board(layout):
    bad = []
    for name, view, kw in BOARDS[::2]:
        root = ET.fromstring(g.render(view, layout=layout, **kw))
        _x, _y, width, height = viewbox(root)
        for tag, el, x, y, w, h, _card in _placed(root):
            if x < -0.5 or y < -0.5 or x + w > width + 0.5 or y + h > height + 0.5:
                what = "".join(el.itertext()) if tag == "text" else el.get("class") or ""
                bad.append(f"{name}: {tag} {what!r} at {x:.1f},{y:.1f} {w:.1f}x{h:.1f} in {width:g}x{height:g}")
    assert not bad, "\n".join(bad[:20])


def _taps(root):
    """(key, visible width, visible height) of every button laid over the board: its rect, less what the next
    button in its row covers (cards of a row overlap when they must)."""
    rects = []
    for el in root.iter():
        if el.get("data-choice"):
            r = el.find(SVG_NS + "rect")
            rects.append((el.get("data-key"), float(r.get("x")), float(r.get("y")), float(r.get("width")),
                          float(r.get("height"))))
    out = []
    for key, x, y, w, h in rects:
        seen_w = min([w] + [x2 - x for k2, x2, y2, w2, h2 in rects if abs(y2 - y) < 1 and x < x2 < x + w])
        seen_h = min([h] + [y2 - y for k2, x2, y2, w2, h2 in rects if abs(x2 - x) < 1 and y < y2 < y + h])
        out.append((key, seen_w, seen_h))
    return out


def test_on_a_phone_every_choice_is_a_46_unit_target():
    target = S.LAYOUTS["phone"].min_target
    small, pressed = [], 0
    for name, view, kw in BOARDS:
        if not kw.get("choosable"):
            continue
        root = ET.fromstring(g.render(view, layout="phone", **kw))
        for key, w, h in _taps(root):
            pressed += 1
            if min(w, h) < target:
                small.append(f"{name}: {key} shows {w:.1f}x{h:.1f}")
    assert pressed > 50
    assert not small, "\n".join(small[:20])


def test_on_a_phone_the_trump_the_trick_and_the_players_hand_come_first():
    """What a learner must see at once is on the first phone screen (about 640 units): the trump and the token,
    the trick, and the hand of the player whose board it is (the viewer; in the teacher's view the player to
    move), whose panel comes first."""
    screen = 640
    checked = 0
    for name, view, kw in BOARDS:
        root = ET.fromstring(g.render(view, layout="phone", **kw))
        seat = view["viewer"] if view["viewer"] is not None else (view["to_move"] or [0])[0]
        ids = {c["id"] for c in view["seats"][seat]["hand"] or ()}
        placed = _placed(root)
        bottom = max([0.0] + [y + h for tag, el, x, y, w, h, card in placed if tag == "rect" and card in ids])
        assert bottom <= screen, f"{name}: the hand ends at {bottom:.0f}"
        trick = [y + h for tag, el, x, y, w, h, card in placed
                 if tag == "rect" and card in {p["card"]["id"] for p in view["trick"]}]
        assert max(trick, default=0) < 260, name
        trump = next(el for el in root.iter() if el.get("class") == "trump")
        assert float(trump.find(SVG_NS + "rect").get("y")) < 60, name
        seats = [el.get("data-seat") for el in root.iter() if el.get("class") == "panel"]
        assert seats[0] == str(seat), (name, seats)
        checked += ids != set()
    assert checked > 10


def test_on_a_phone_the_first_bonus_is_chosen_with_the_trump_and_the_hand_on_one_screen():
    """Before a game's first trick nothing lies where the trick goes (no card drawn for trump, no round to sum up):
    its empty card place stood 140 units between the trump and the hand the first bonus is chosen from, and the two
    were never on one phone screen (a reader, wave 18). Its heading alone stays; once a trick is under way, or a
    round is summed up there, the place is back."""
    checked = 0
    for players in (3, 4):
        s = g.setup(players, seed=players)
        while g.view(s, 0)["phase"] != "bonus":
            s, _ = g.apply(s, g.legal_actions(s, g.to_move(s)[0])[0])
        view = g.view(s, 0)
        assert not view["trick"] and not view["history"]
        root = ET.fromstring(g.render(view, layout="phone", lang="ru"))
        panel = next(el for el in root.iter() if el.get("class") == "panel")
        top = float(next(panel.iter(SVG_NS + "rect")).get("y"))     # its frame
        assert top < 150, f"{players} players: the first panel starts at {top}"
        trick = next(el for el in root.iter() if el.get("class") == "trick")
        assert not list(trick.iter(SVG_NS + "rect")), "an empty card place under the trick's heading"
        checked += 1
    # a trick under way keeps its place: the first panel under the trick's cards
    s = POSITIONS[-1]
    view = g.view(s, 0)
    if view["trick"]:
        root = ET.fromstring(g.render(view, layout="phone", lang="en"))
        panel = next(el for el in root.iter() if el.get("class") == "panel")
        assert float(next(panel.iter(SVG_NS + "rect")).get("y")) > 200
    assert checked == 2


def test_every_word_on_a_card_stays_on_the_card_at_each_layouts_size():
    """The faces each layout draws (render.face_sizes: its card sizes at its least print): every word's guessed
    width lies inside the card (tests/browser/test_browser_trump_whales_faces.py holds the guess to Chromium)."""
    from tutor.games.trump_whales.components import ALL_CARDS
    import sys
    R = sys.modules["tutor.games.trump_whales.render"]
    out = []
    for w, h, floor in R.face_sizes():
        for lang in ("en", "ru"):
            for card in ALL_CARDS:
                face = R._face(card, w, h, lang, floor)
                root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{face}</svg>')
                for tag, el, x, y, tw, th, _c in _placed(root):
                    if tag == "text" and (x < 0.5 or x + tw > w - 0.5 or y < 0 or y + th > h):
                        out.append(f"{card} {w}x{h} {lang}: {''.join(el.itertext())!r} at {x:.1f}..{x + tw:.1f}")
                sizes = [float(el.get("font-size")) for el in root.iter(SVG_NS + "text")]
                assert min(sizes) >= floor, (card, w, floor)
    assert not out, "\n".join(out[:20])


def test_on_a_phone_no_words_over_words_and_no_ring_over_words():
    """Every phone board (random games, every lesson frame in both languages): no two printed lines cross (the
    bonuses overlapped, one card's name running under the next: 'Sperm whal'), and no highlight or event ring runs
    across a label: the dashed ring round a player's name hid 'Hand · 3', a card's
    ring 'Bonuses', 'Follow: …' or the discard's count."""
    from layout_check import rings_over_text, text_overlaps
    from tutor.core.scenario import load_file, replay
    boards = [(what, view, kw) for what, view, kw in BOARDS]
    for path in sorted((ROOT / "lessons" / "trump_whales" / "scenarios").glob("*.yaml")):
        for f in replay(load_file(path)).frames:
            for lang in ("en", "ru"):
                boards.append((f"{path.stem} {f.index} {lang}", g.view(f.state, f.viewer),
                               {"highlight": f.highlight, "events": f.events, "lang": lang}))
    bad = []
    for what, view, kw in boards:
        svg = g.render(view, layout="phone", **kw)
        bad += [f"{what}: {p}" for p in text_overlaps(svg) + rings_over_text(svg)]
    assert not bad, f"{len(bad)}: " + "\n".join(bad[:10])


def test_on_a_phone_no_bonus_covers_another():
    """Phone readers found four bonuses overlapping, each hiding the next one's pearl count and the end of its
    name: on a phone every bonus lies whole, in rows (four a row beside an open hand's pearl pile, two beside
    another's pile and hand), in every phone board."""
    from tutor.games.trump_whales.render import P_BH, P_BW
    seen = 0
    for what, view, kw in BOARDS:
        root = ET.fromstring(g.render(view, layout="phone", **kw))
        for group in (el for el in root.iter() if el.get("class") == "bonuses"):
            spots = [tuple(map(float, re.search(r"translate\(([-0-9.]+) ([-0-9.]+)\)", el.get("transform")).groups()))
                     for el in group if el.get("transform")]
            seen = max(seen, len(spots))
            for i, (x1, y1) in enumerate(spots):
                for x2, y2 in spots[i + 1:]:
                    assert abs(x1 - x2) >= P_BW or abs(y1 - y2) >= P_BH, f"{what}: bonuses at {x1},{y1}, {x2},{y2}"
    assert seen >= 4, seen      # the boards hold a panel with four bonuses or more


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_a_short_hand_with_no_bonus_says_so_in_its_own_row(lang):
    """A reader measured a four-player board 1,400 px tall on a phone, its panels mostly blank: a seat whose seen hand
    is short (P_BESIDE cards or fewer) and which holds no bonus says "Bonuses: none" between its cards and its pearl
    pile, in the hand's row, and draws no row of its own for no cards; a seat holding a bonus keeps its labelled row."""
    from test_trump_whales import table
    from tutor.core.i18n import text
    from tutor.games.trump_whales.render import P_BH
    state = table([["narwhal-2", "narwhal-4"], ["orca-6", "orca-7"], ["sperm_whale-3", "sperm_whale-4"],
                   ["blue_whale-8", "blue_whale-2"]], bonuses=[[], [], ["orca-9"], []])
    root = ET.fromstring(g.render(g.view(state, None), lang=lang, layout="phone"))
    none, label = text("trump_whales.board.bonuses_none", lang), text("trump_whales.board.bonuses", lang)
    texts = [(("".join(t.itertext())), float(t.get("y"))) for t in root.iter(SVG_NS + "text")]
    assert [w for w, _ in texts].count(none) == 3 and [w for w, _ in texts].count(label) == 1
    # each "none" lies level with a hand card: within a card's height of the hand label above it
    hands = sorted(y for w, y in texts if w.startswith(text("trump_whales.board.hand", lang, n=1)[:3]))
    for _w, y in (t for t in texts if t[0] == none):
        above = max(h for h in hands if h < y)
        assert y - above < P_BH, (y, above)
    # without the bonus row each such seat is shorter: this board was 1,233 units with three empty bonus rows
    assert viewbox(root)[3] <= 1233 - 3 * 12, viewbox(root)


def test_on_a_phone_a_long_hand_keeps_its_pearl_pile_in_its_last_rows_free_place():
    """A four-player example of nine-card hands was 1,950 px tall on a phone, each panel ending in a row of an empty
    "Bonuses" label beside the pearl pile (a reader, stop 53): a seen hand of more than one row whose last row has a
    free place keeps the pile there, and a seat with no bonus says so in one line under its cards."""
    from test_trump_whales import table
    from tutor.core.i18n import text
    from tutor.games.trump_whales import components as C
    from tutor.games.trump_whales.render import P_BH
    deck = list(C.deck_for(4))
    state = table([deck[i * 9:(i + 1) * 9] for i in range(4)])
    root = ET.fromstring(g.render(g.view(state, None), lang="en", layout="phone"))
    none = text("trump_whales.board.bonuses_none", "en")
    texts = ["".join(t.itertext()) for t in root.iter(SVG_NS + "text")]
    assert texts.count(none) == 4, texts.count(none)
    for panel in (el for el in root.iter(SVG_NS + "g") if el.get("class") == "panel"):
        cards = [float(re.search(r"translate\(([-0-9.]+) ([-0-9.]+)\)", el.get("transform")).group(2))
                 for hand in panel if hand.get("class") == "hand" for el in hand if el.get("transform")]
        pile = next(el for el in panel.iter(SVG_NS + "rect") if el.get("stroke-dasharray"))     # an empty pile
        label = next(el for el in panel.iter(SVG_NS + "text") if el.get("class") == "pearl-count")
        assert len(cards) == 9 and len(set(cards)) == 2
        # the pile's place lies level with the last row's cards, its label under that row
        assert max(cards) <= float(pile.get("y")) < max(cards) + P_BH, (cards, pile.get("y"))
        assert max(cards) + P_BH < float(label.get("y")) < max(cards) + P_BH + 30, (cards, label.get("y"))
        # the line parting the pile from the hand ends over the pile's label, wider than the pile (it ran through
        # "Жемчу|жины", a reader, stop 60)
        line = next(el for el in panel.iter(SVG_NS + "line") if el.get("stroke-dasharray"))
        assert float(line.get("y2")) < float(label.get("y")) - 10, (line.get("y2"), label.get("y"))
    # each panel lost its empty bonus row: this board was 1,798 units tall
    assert viewbox(root)[3] <= 1798 - 4 * 60, viewbox(root)


def test_the_score_helpers_phone_board_shows_the_counted_players_panel_alone():
    """The helper's board showed three more panels of cards nobody asked about, 900 px of a phone (a reader): with
    "only:<seat>" a phone board draws that player's panel alone."""
    from tutor.games.trump_whales import sandbox
    seat = sandbox.ZHENYA_SEAT
    view = g.view(sandbox.position(*sandbox.ZHENYA), seat)
    full = ET.fromstring(g.render(view, lang="en", layout="phone"))
    alone = ET.fromstring(g.render(view, lang="en", layout="phone", highlight=[f"only:{seat}"]))
    panels = lambda root: [el.get("data-seat") for el in root.iter() if el.get("class") == "panel"]  # noqa: E731
    assert len(panels(full)) == 4 and panels(alone) == [str(seat)]
    assert viewbox(alone)[3] < viewbox(full)[3] - 300


def _panels_cards(svg: str) -> dict[int, int]:
    """How many cards each seat's panel draws (data-card inside its <g class="panel">)."""
    root = ET.fromstring(svg)
    out = {}
    for panel in root.iter(f"{SVG_NS}g"):
        if panel.get("class") == "panel":
            out[int(panel.get("data-seat"))] = sum(1 for e in panel.iter() if e.get("data-card"))
    return out


def test_brief_panels_on_a_phone_draw_counts_not_cards():
    """A question about the trick ("brief") draws every panel in three lines of counts, and one about the learner's
    own hand ("brief:others") every panel but the viewer's: the others' cards were half a four-player phone board (a
    reader). The wider layouts, whose panels are one row each, draw every card as before."""
    from tutor.widgets.quiz import Quiz
    from tutor.widgets.your_turn import YourTurn
    from tutor.widgets import screen
    screen.set_width(390)
    try:
        quiz = Quiz("trump_whales/who-wins", lang="en")
        svg = quiz.svg.value
        state = quiz._opening[0]
        assert "brief" in quiz.data["highlight"]
        whole = g.render(g.view(state, None), lang="en", layout="phone")
        assert viewbox(ET.fromstring(svg))[3] < viewbox(ET.fromstring(whole))[3] * 0.7, "brief panels are not shorter"
        assert sum(_panels_cards(svg).values()) == 0 < sum(_panels_cards(whole).values())
        assert len(re.findall('class="brief-counts"', svg)) == 4
        # the bonuses lie face up: a brief panel names each one, as its card's strip does (a reader, stop 57)
        held = [p for p in _random_positions() if sum(len(seat["bonuses"]) for seat in g.view(p, None)["seats"]) >= 3]
        assert held
        for position in held[:5]:
            drawn = g.render(g.view(position, None), lang="en", layout="phone", highlight=("brief",))
            counts = " ".join(re.findall(r'class="brief-counts"[^>]*>([^<]*)', drawn))
            for seat in g.view(position, None)["seats"]:
                for card in seat["bonuses"]:
                    assert render_module._bonus_short(card["id"], "en") in counts, (card["id"], counts)
        task = YourTurn("trump_whales/five-over-family", lang="en")
        drawn = _panels_cards(task.svg if isinstance(task.svg, str) else task.svg.value)
        me = task.seat
        assert drawn[me] == len(task.state.hands[me]) > 0, "the learner's own hand is not drawn"
        assert all(n == 0 for s, n in drawn.items() if s != me), drawn
    finally:
        screen.set_width(1000)
    for layout in ("laptop", "projector"):
        view = g.view(state, None)
        assert _panels_cards(g.render(view, lang="en", layout=layout, highlight=("brief",))) == _panels_cards(
            g.render(view, lang="en", layout=layout))


def test_on_a_phone_a_panel_without_bonuses_says_so_not_a_bare_label():
    """A "Bonuses" label over an empty place read as a panel cut off, beside panels that said "Bonuses: none" (a
    reader of wave 20): on a phone every panel without a bonus says it has none."""
    import re
    from tutor.core import task as T
    from tutor.games.trump_whales.render import render
    from tutor.games.trump_whales.view import view
    from tutor.core.i18n import text
    label, none = text("trump_whales.board.bonuses", "ru"), text("trump_whales.board.bonuses_none", "ru")
    checked = 0
    for path in sorted((Path(__file__).resolve().parents[2] / "lessons" / "trump_whales" / "tasks").glob("*.yaml")):
        task = T.load_file(path)
        state = T.start(task)
        v = view(state, T.seat(task))
        svg = render(v, lang="ru", layout="phone")
        without = [s for s in v["seats"] if not s["bonuses"] and not s.get("chosen")]
        bare = len(re.findall(rf">{re.escape(label)}<", svg))
        assert bare <= len(v["seats"]) - len(without), (path.stem, bare, len(without))
        checked += len(without)
    assert checked, "no panel without bonuses among the tasks: nothing is tested"
