"""The SVG a board is drawn with is svgwrite's, byte for byte: tutor.core.svg.to_string writes the very text
svgwrite's own tostring() gives, and tutor.core.svgdom's light elements (what renderers draw with) store every
attribute as svgwrite's elements do, for every element kind and every game's boards."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from tutor.core import svg as S
from tutor.core.game import ready_games, spec


def a_drawing_of_every_kind():
    dwg = S.drawing(300, 200, title='Board & "cards" <1>', desc="a line\nand a tab\there")
    marker = dwg.marker(insert=(2, 2), size=(4, 4), orient="auto", id="head")
    marker.add(dwg.path(d="M0,0 L4,2 L0,4 z", fill=S.INK))
    dwg.defs.add(marker)
    symbol = dwg.symbol(id="fish")
    symbol.add(dwg.ellipse(center=(5, 5), r=(5, 3), fill="#123456"))
    dwg.defs.add(symbol)
    pattern = dwg.pattern(id="dots", insert=(0, 0), size=(4, 4), patternUnits="userSpaceOnUse")
    pattern.add(dwg.circle(center=(2, 2), r=1))
    dwg.defs.add(pattern)
    dwg.add(dwg.style(".x { fill: red } a > b"))
    g = dwg.g(class_="seat", transform="translate(3 4)")
    g.add(S.card(dwg, 1, 2, 30, 40, cls="card highlight", data_x=None))
    g.add(S.label(dwg, "Игрок 1 & <друг>", 5, 6, anchor="middle", weight="bold"))
    g.add(S.mark(dwg, 10, 10, 6, colour="#ffb300", text="7"))
    g.add(S.badge(dwg, "×3", 20, 20))
    g.add(dwg.line((0, 0), (10.25, 3), stroke="black", stroke_width=0.5))
    g.add(dwg.polygon([(0, 0), (1, 2), (3.5, 1)], fill="url(#dots)"))
    g.add(dwg.polyline([(0, 0), (4, 4)], fill="none", stroke=""))
    g.add(dwg.use("#fish", insert=(40, 40)))
    g.add(dwg.use(symbol, insert=(50, 40)))
    text = dwg.text("", insert=(5, 60))
    text.add(dwg.tspan("first", dy=["1.2em"]))
    text.add(dwg.tspan("'second'", x=[5]))
    g.add(text)
    g.add(dwg.rect(insert=(0, 0), size=(1, 1), fill=None))
    S.data(g, seat=2, action_id="dive:3", nothing=None, note="two\nlines\tand a \"quote\"")
    dwg.add(g)
    dwg.add(dwg.g())     # empty elements close themselves
    return dwg


def test_every_element_kind_is_written_as_svgwrite_writes_it(monkeypatch):
    light = S.to_string(a_drawing_of_every_kind())
    monkeypatch.setattr(S, "ELEMENTS", "svgwrite")
    theirs = a_drawing_of_every_kind()
    assert type(theirs).__module__.startswith("svgwrite")
    assert "<![CDATA[" in light and "&amp;" in light and "&#10;" in light      # the test reaches every escape
    assert light == theirs.tostring()                  # svgdom's elements, written by to_string
    assert S.to_string(theirs) == theirs.tostring()    # svgwrite's elements, written by to_string


def test_a_single_element_too(monkeypatch):
    light = S.label(S.drawing(10, 10, title="t", desc="d"), 'a "quoted" & <b>', 1, 2, cls="c")
    monkeypatch.setattr(S, "ELEMENTS", "svgwrite")
    theirs = S.label(S.drawing(10, 10, title="t", desc="d"), 'a "quoted" & <b>', 1, 2, cls="c")
    assert S.to_string(light) == light.tostring() == theirs.tostring() == S.to_string(theirs)


def _forget_drawn_pieces(game_id: str) -> int:
    """Empty the caches of drawn pieces (lru_cache'd functions) in a game's modules; returns how many."""
    package = importlib.import_module(f"tutor.games.{game_id}")
    emptied = 0
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        module = importlib.import_module(info.name)
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == info.name:
                value.cache_clear()
                emptied += 1
    return emptied


def test_every_ready_games_boards_are_unchanged(monkeypatch):
    """Each game's opening position, as every viewer sees it, in both of its lesson languages: drawn with svgdom
    and written by to_string, then (every cached piece forgotten) drawn with svgwrite and written by svgwrite."""
    checked = 0
    for game_id in ready_games():
        game = spec(game_id)
        state = game.setup(max(game.players), seed=3)
        for viewer in [None, *range(state.players)]:
            view = game.view(state, viewer)
            for lang in game.lesson_langs:
                _forget_drawn_pieces(game_id)
                fast = game.render(view, lang=lang)
                _forget_drawn_pieces(game_id)
                monkeypatch.setattr(S, "ELEMENTS", "svgwrite")
                monkeypatch.setattr(S, "to_string", lambda element: element.tostring())
                slow = game.render(view, lang=lang)
                monkeypatch.undo()
                assert fast == slow, (game_id, viewer, lang)
                checked += 1
    _forget_drawn_pieces(game_id)
    assert checked >= 4 * len(ready_games())


def test_the_board_check_can_fail(monkeypatch):
    """Forgetting the cached pieces reaches the games that keep them, so a piece drawn differently would show."""
    assert _forget_drawn_pieces("aqua_fest") >= 3 and _forget_drawn_pieces("maui") >= 1


def test_drawing_every_game_needs_no_svgwrite():
    """The light elements draw every board without importing svgwrite (its package builds a pyparsing grammar
    on import, an eighth of a lesson kernel's start): a lesson kernel that loads every game and draws each
    board leaves it unloaded."""
    import subprocess
    import sys
    code = ("import sys\n"
            "from tutor import lesson\n"
            "from tutor.core.game import ready_games, spec\n"
            "for g in map(spec, ready_games()):\n"
            "    s = g.setup(min(g.players), seed=1)\n"
            "    assert g.render(g.view(s, 0)).startswith('<svg')\n"
            "print('svgwrite' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_fitted_words_keep_to_the_small_print_floor_and_narrow_only_what_is_too_wide():
    import re

    from tutor.core.cardtable import SQUEEZE, em, fit, fitted
    size_of = lambda markup: float(re.search(r'font-size="([0-9.]+)"', markup).group(1))   # noqa: E731
    # fits at the floor or above: drawn as `fit` says, never narrowed
    roomy = fitted(0, 0, "crab", 60, 11, bold=True)
    assert size_of(roomy) == fit("crab", 60, 11, True) and "textLength" not in roomy
    # too wide for the floor: taller than it would fit, narrowed to the width, by at most SQUEEZE
    tight = fitted(0, 0, "+ swimmer: 1", 36, 9.5)
    natural = fit("+ swimmer: 1", 36, 9.5)
    assert natural < S.SMALL_PRINT
    assert size_of(tight) == round(min(S.SMALL_PRINT, natural / SQUEEZE), 2) > natural
    assert 'textLength="36"' in tight and 'lengthAdjust="spacingAndGlyphs"' in tight
    # a short word drawn at a name's small size is raised to the floor but not stretched to the width
    short = fitted(0, 0, "of", 44, 5.0, bold=True)
    assert size_of(short) == S.SMALL_PRINT and em("of", True) * S.SMALL_PRINT < 44 and "textLength" not in short


@pytest.mark.parametrize("game_id", ready_games())
def test_every_game_draws_the_laptop_by_default_and_refuses_an_unknown_layout(game_id):
    game = spec(game_id)
    view = game.view(game.setup(game.players[-1], seed=2, **game.play_setup), 0)
    assert game.render(view) == game.render(view, layout="laptop")
    assert 'data-layout="laptop"' in game.render(view)
    with pytest.raises(ValueError, match="phone"):
        game.render(view, layout="tablet")


@pytest.mark.parametrize("game_id", ready_games())
def test_every_game_lays_its_board_out_for_each_screen(game_id):
    """Every game's board (a new game's too) keeps each layout's promises (tests/layout_check.py: its width, its
    smallest print, its tallest board) over positions of seeded games at its largest table; the games' own layout
    tests check the arrangement."""
    import random

    from layout_check import layout_problems
    game = spec(game_id)
    for seed in range(2):
        rnd = random.Random(seed)
        s = game.setup(game.players[-1], seed=seed, **game.play_setup)
        for step in range(60):
            if game.is_over(s):
                break
            if step % 15 == 0:
                for layout in S.LAYOUTS:
                    svg = game.render(game.view(s, 0), lang=game.lesson_langs[-1], layout=layout)
                    assert layout_problems(svg, layout) == [], (game_id, seed, step, layout)
            p = rnd.choice(game.to_move(s))
            s, _ = game.apply(s, rnd.choice(game.legal_actions(s, p)))

def test_a_board_laid_out_for_a_phone_prints_larger_than_the_layouts_floor():
    """Every phone reader found 9.5 units too small for what is read mid-game: a board laid out for it (board_print)
    prints at PHONE_PRINT on a phone, at least 10.5, and elsewhere at the layout's own floor."""
    from tutor.core import svg as S
    assert S.board_print(S.LAYOUTS["phone"]) == S.PHONE_PRINT >= 10.5 > S.LAYOUTS["phone"].min_print
    for name in ("laptop", "projector"):
        assert S.board_print(S.LAYOUTS[name]) == S.print_floor(S.LAYOUTS[name])
