"""The Острів котів score helper: build a boat tile by tile (a cat of any colour and shape, a rare treasure or a
common one), placed with the same pointing control as the play table, and see its score line by line: families
outlined, rooms not filled and visible rats counted.

    ScoreHelper(lang="uk")                                   # lesson.sandbox("isle_of_cats", "uk")
    ScoreHelper(boat="green", placed=[("cat-blue-13", 0, 7, 3), ...])   # start from a boat

Every placement is the engine's: the helper builds a position in which the learner holds the chosen tile and asks
`apply` to place it (refusals show the engine's reason). A cat or a rare treasure is held by taking it from the
island; a common treasure only ever comes as a map's reward, so for one the helper's position is a reward waiting
to be taken, and the engine's own TakeTreasure hands it over (from the two-player supply: 5 of each shape).
"""

from __future__ import annotations

import functools

from dataclasses import replace
from typing import Any, Iterable, Optional, Sequence

import ipywidgets as W

from tutor.core.errors import RuleViolation

from tutor.core.i18n import number, plural, text
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats.placing import placing_data
from tutor.games.isle_of_cats.render import COMMON_FILL, HEX, RARE_FILL, render
from tutor.games.isle_of_cats.tray import tray_svg
from tutor.games.isle_of_cats.rules import Place, State, Take, TakeTreasure, apply, setup
from tutor.games.isle_of_cats.scoring import breakdown, families, unfilled_rooms, visible_rats
from tutor.games.isle_of_cats.text import colour_name, shape_name, tile_name
from tutor.games.isle_of_cats.view import view
from tutor.widgets.common import ErrorArea, StandIn, esc, guard, safe_cite
from tutor.widgets.board import ClickBoard
from tutor.widgets.placeboard import PlaceBoard
from tutor.widgets import screen  # the page's screen: its board is laid out for it

_CARDS = (("card-151", "card-152"), ("card-153", "card-154"))
_U = "ui.isle_of_cats."


def picture(shape: str) -> str:
    """A shape drawn in one line, row by row ("▪▪▪/▪··"): how a player tells the tiles apart, with no number."""
    return "/".join("".join("▪" if v else "·" for v in row) for row in C.SHAPES[shape])


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"ui.isle_of_cats.sandbox.{key}", lang, **params)


class ScoreHelper(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    def __init__(self, lang: str = "en", boat: str = "blue", placed: Iterable[Sequence[Any]] = ()):
        super().__init__()
        self.add_class("tutor-widget")
        self.add_class("tutor-ioc-score")
        self.lang, self.boat = lang, boat
        self.placed: list[tuple[Any, ...]] = [tuple(r) for r in placed]      # (tile, orientation, x, y) rows
        self.errors = ErrorArea()
        screen.watch(self._relayout)      # a phone turned: the picture is drawn again
        g = guard(self.errors, lang)
        self.kind = W.Dropdown(options=[(_w(k, lang), k) for k in ("cat", "rare", "common")], value="cat",
                               description=_w("kind", lang))
        self.colour = W.Dropdown(options=[(colour_name(c, lang), c) for c in C.CAT_COLOURS], value="blue",
                                 description=_w("colour", lang))
        self.shape = W.Dropdown(description=_w("shape", lang))
        # the shapes as a tray of small tiles, each a button (focusable, named: a keyboard's and a screen reader's
        # way too); the list stays the tray's model, out of sight (its text pictures "·▪▪/▪▪·" were the old picker)
        self.tray = ClickBoard()
        self.tray.add_class("tutor-ioc-tray")
        self.shape.layout.display = "none"
        # as wide as their words (ipywidgets' fixed 148 px cut «Очистити корабель» to «Очистити ко…» on a phone)
        self.undo_button = W.Button(description=_w("undo", lang), layout=W.Layout(width="auto"))
        self.clear_button = W.Button(description=_w("clear", lang), layout=W.Layout(width="auto"))
        self.board = PlaceBoard(on_place=g(self.place))
        self.table = W.HTML("")
        self.table.add_class("tutor-score")
        self.summary = W.HTML("")
        self.note = W.HTML("")          # what the helper chose for the learner after a placing, said aloud
        self.note.add_class("tutor-note")
        self._shapes()

        def kind_changed(_change: object) -> None:
            self._said("")
            self._shapes()
            self.refresh()

        def chosen(_change: object) -> None:
            self._said("")
            self.refresh()
        self.kind.observe(g(kind_changed), names="value")
        self.colour.observe(g(chosen), names="value")
        self.shape.observe(g(chosen), names="value")
        self.undo_button.on_click(g(lambda _b: self.undo()))
        self.clear_button.on_click(g(lambda _b: self.clear()))
        self.children = [W.HTML(f"<h3>{esc(_w('title', lang))}</h3><p>{esc(_w('intro', lang))}</p>"),
                         W.HBox([self.kind, self.colour], layout=W.Layout(flex_flow="row wrap")),
                         W.HTML(f"<b>{esc(_w('shape', lang))}</b>"), self.tray,
                         self.shape,
                         self.board, self.note, self.errors,
                         W.HBox([self.undo_button, self.clear_button], layout=W.Layout(flex_flow="row wrap")),
                         self.summary, self.table]
        with g:
            self.refresh()

    def _tray(self) -> None:
        """The tray of the chosen kind's shapes, in the list's order, the chosen one pressed."""
        lang, kind = self.lang, self.kind.value
        fill = HEX[self.colour.value] if kind == "cat" else RARE_FILL if kind == "rare" else COMMON_FILL
        names = []
        for label, shape in self.shape.options:
            if kind == "cat":       # by size; the picture tells alike sizes apart, the button's words by their place
                alike = [s for _l, s in self.shape.options if C.SHAPE_SIZE[s] == C.SHAPE_SIZE[shape]]
                said = plural(_U + "sandbox.tray_cells", C.SHAPE_SIZE[shape], lang)
                spoken = said if len(alike) == 1 else _w("tray_which", lang, name=said, k=alike.index(shape) + 1,
                                                          of=len(alike))
            else:
                said = spoken = label
            names.append((shape, said, spoken))

        def choose(shape: str) -> None:
            self.shape.value = shape
        choosable = self.tray.offer({f"shape:{s}": (functools.partial(choose, s), spoken, s == self.shape.value)
                                     for s, _said, spoken in names})
        self.tray.value = tray_svg([(s, said) for s, said, _spoken in names], fill, self.shape.value, choosable)

    def _shapes(self) -> None:
        kind = self.kind.value
        if kind == "cat":
            # a shape by its size and a small picture of it, smallest first (the data's numbering is printed nowhere)
            shapes = sorted(C.CAT_SHAPES, key=lambda s: C.SHAPE_SIZE[s])
            opts = [(plural(_U + "sandbox.cells", C.SHAPE_SIZE[s], self.lang, picture=picture(s)), s) for s in shapes]
        elif kind == "rare":
            opts = [(text(f"isle_of_cats.rare.{s}", self.lang), s) for s in C.RARE_SHAPES]   # by its look
        else:
            opts = [(shape_name(s, self.lang), s) for s in C.COMMON_SHAPES]
        self.shape.options = opts
        self.shape.value = opts[0][1]
        self.colour.disabled = self.kind.value != "cat"

    @property
    def tile(self) -> Optional[str]:
        """The tile the learner chose (the first not yet on the boat), or None when none is left."""
        used = {r[0] for r in self.placed}
        if self.kind.value == "cat":
            tid = f"cat-{self.colour.value}-{self.shape.value[3:]}"
            return None if tid in used else tid
        kind = self.kind.value
        count = C.RARE_EACH if kind == "rare" else C.COMMON_SUPPLY[2]
        return next((f"{kind}-{self.shape.value}-{i}" for i in range(1, count + 1)
                     if f"{kind}-{self.shape.value}-{i}" not in used), None)

    def position(self, holding: bool = True) -> State:
        """The boat as built; with `holding`, the learner holding the chosen tile (the engine's place phase)."""
        tile = self.tile if holding else None
        used = {r[0] for r in self.placed}
        # not holding: some unused tile lies on the island (the picture leaves the island out)
        common = tile is not None and C.KIND[tile] == "common"
        island = tile if tile is not None and not common else next(t for t in C.BAG_TILES if t not in used)
        state = setup(2, first=0, boats=(self.boat, "red" if self.boat != "red" else "blue"), kept=_CARDS,
                      placed=[self.placed, ()], island=(island,), bag=())
        if common and tile is not None:
            # the one way the engine hands out a common treasure: a map's reward waiting to be taken
            state, _ = apply(replace(state, phase="treasure", rewards=1), TakeTreasure(0, C.SHAPE[tile]))
        elif tile is not None:
            state, _ = apply(state, Take(0, tile))
        return state

    def place(self, o: int, x: int, y: int) -> None:
        """Place the chosen tile (the engine refuses what does not fit, with its reason; nothing changes)."""
        with guard(self.errors, self.lang):
            state = self.position()
            apply(state, Place(0, o, x, y))
            self.placed.append((state.held, o, x, y))
            placed = state.held
            moved = self._next_cat()
            self.refresh()
            if moved is not None:       # said, so the next click's tile is no surprise
                # the line's words, not its picture in text ("■■/■·/■■": a reader read it as code)
                label = dict((v, k) for k, v in self.shape.options)[self.shape.value]
                self._said(_w("next_cat", self.lang, placed=tile_name(placed, self.lang), shape=label.split(":")[0]))

    def _said(self, words: str) -> None:
        self.note.value = f"<p>{esc(words)}</p>" if words else ""

    def _next_cat(self) -> Optional[str]:
        """Each cat is in the box once: after placing one, hold the shape below it in the list, of the same colour,
        still unused (a learner building a family goes on in its colour, and the list's next line is what they
        expect; the data's order jumped, from the smallest cat to the last line). Returns the tile now held."""
        if self.kind.value != "cat" or self.tile is not None:
            return None
        used = {r[0] for r in self.placed}
        shapes = [value for _label, value in self.shape.options]     # the order the learner sees
        start = shapes.index(self.shape.value)
        for shape in shapes[start + 1:] + shapes[:start]:
            if f"cat-{self.colour.value}-{shape[3:]}" not in used:
                self.shape.value = shape
                return self.tile
        return None

    def undo(self) -> None:
        self._said("")
        if self.placed:
            self.placed.pop()
        self.refresh()

    def clear(self) -> None:
        self._said("")
        self.placed = []
        self.refresh()

    def _relayout(self, _layout: str) -> None:
        """The page's screen changed (a phone turned): the picture is drawn again for it (tutor.widgets.screen)."""
        with guard(self.errors, self.lang, clear=False):
            self.refresh()

    def refresh(self) -> None:
        lang = self.lang
        self.errors.clear()
        try:
            state = self.position()
        except RuleViolation:        # the chosen tile fits nowhere: show the boat alone
            state = self.position(holding=False)
            self.errors.show(_w("no_space", lang, tile=tile_name(self.tile, lang)))
        if self.tile is None:        # every tile of this kind and shape is on the boat already
            self.errors.show(_w("none_left", lang))
        placed = tuple(self.placed)
        fams = families(placed)
        rooms = unfilled_rooms(placed)
        rats = visible_rats(placed, self.boat)
        v = view(state, 0)
        # the boat alone: its families outlined by the board itself (rings round every room and rat hid the walls),
        # and no family cards (the helper does not score them)
        seat = {**v["seats"][0], "kept": [], "kept_count": 0, "dealt": [], "dealt_count": 0}
        v = {**v, "seats": [seat], "island": [], "order": [0], "held": v["held"]}
        self.board.show(render(v, highlight=("families",), lang=lang, boat_only=True, layout=screen.layout()), placing_data(state, 0, lang))
        self._tray()
        self.summary.value = (f"<p>{esc(_w('families', lang, n=len(fams)))} · {esc(_w('unfilled', lang, n=len(rooms)))}"
                              f" · {esc(_w('rats', lang, n=len(rats)))}</p>")
        b = breakdown(placed, self.boat)
        self.total = b.total
        rows = [f'<tr class="line"><td>{esc(line.label(lang))}</td><td class="num">{number(line.points)}</td>'
                f'<td class="tutor-cite">{esc(safe_cite(line.rule, lang))}</td></tr>' for line in b.lines]
        rows.append(f'<tr class="total"><td>{esc(_w("total", lang))}</td><td class="num" data-points="{b.total}">'
                    f'{number(b.total)}</td><td></td></tr>')
        self.table.value = (f"<table><thead><tr><th>{esc(_w('line', lang))}</th><th>{esc(text('ui.points', lang))}"
                            f"</th><th>{esc(text('ui.rule', lang))}</th></tr></thead><tbody>{''.join(rows)}"
                            f"</tbody></table>")
