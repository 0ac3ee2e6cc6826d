"""tutor.core.svg.to_string writes the very text svgwrite's own tostring() gives, for every element kind."""

from __future__ import annotations

import svgwrite

from tutor.core import svg as S
from tutor.core.game import load, ready_games


def a_drawing_of_every_kind() -> svgwrite.Drawing:
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


def test_every_element_kind_is_written_as_svgwrite_writes_it():
    ours, theirs = S.to_string(a_drawing_of_every_kind()), a_drawing_of_every_kind().tostring()
    assert "<![CDATA[" in ours and "&amp;" in ours and "&#10;" in ours      # the test reaches every escape
    assert ours == theirs


def test_a_single_element_too():
    dwg = S.drawing(10, 10, title="t", desc="d")
    element = S.label(dwg, 'a "quoted" & <b>', 1, 2, cls="c")
    assert S.to_string(element) == element.tostring()


def test_every_ready_games_boards_are_unchanged(monkeypatch):
    """Each game's opening position, as every viewer sees it, in both of its lesson languages."""
    checked = 0
    for game_id in ready_games():
        game = load(game_id)
        state = game.setup(max(game.SPEC.players), seed=3)
        for viewer in [None, *range(state.players)]:
            view = game.view(state, viewer)
            for lang in game.SPEC.lesson_langs:
                fast = game.render(view, lang=lang)
                monkeypatch.setattr(S, "to_string", lambda element: element.tostring())
                slow = game.render(view, lang=lang)
                monkeypatch.undo()
                assert fast == slow, (game_id, viewer, lang)
                checked += 1
    assert checked >= 4 * len(ready_games())
