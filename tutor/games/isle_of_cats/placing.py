"""Placing the held tile by pointing at the boat (GameUI.placing): what the page needs, sent ONCE per held tile, so
that hovering, turning (R), flipping (F) and moving (arrows) need no round trip to the kernel. The data's format is
the generic placing script's (tutor/widgets/static/placing.js, its header); the boat is its grid.

    placing_data(state, seat, lang) -> {"seat", "tile", "orients", "codes", "reasons", "rotate", "flip", "start", ...}

`orients[o]` are the orientation's squares (geometry.ORIENTATIONS), the one nearest its middle first (the grip the
page puts under a finger); `codes[o]` one letter per anchor (x, y) of the
22 x 9 grid, at y * 22 + x: "1" fits, "b" not wholly on the boat, "o" over a tile, "t" meeting the tiles at a
corner only, "n" meeting none. The reason shown for a letter is the engine's own refusal (RuleViolation.explain) for a placement of that class, got by
asking the engine (`apply`), never words of the page's own. The click sends (o, x, y) and the engine decides.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from tutor.core.errors import RuleViolation
from tutor.core.i18n import text
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.rules import Place, State, apply, occupied
from tutor.games.isle_of_cats.text import tile_name

W, H = C.WIDTH, C.HEIGHT


def _turns(shape: str) -> tuple[list[int], list[int]]:
    """For each orientation: the index after a quarter turn clockwise, and after a flip left-right."""
    orients = G.ORIENTATIONS[shape]
    index = {o: i for i, o in enumerate(orients)}
    rot = [index[G._normal([(-y, x) for x, y in cells])] for cells in orients]
    flip = [index[G._normal([(-x, y) for x, y in cells])] for cells in orients]
    return rot, flip


def codes_for(shape: str, occ: int) -> list[str]:
    """One letter per anchor for each orientation (see the module's docstring), by the engine's own tests."""
    at = G.AT
    out = []
    for o in range(len(G.ORIENTATIONS[shape])):
        row = []
        for y in range(H):
            for x in range(W):
                found = at.get((shape, o, x, y))
                if found is None:
                    row.append("b")
                elif found[0] & occ:
                    row.append("o")
                elif occ and not found[1] & occ:
                    row.append("t" if G.corner_neighbours(found[0]) & occ else "n")
                else:
                    row.append("1")
        out.append("".join(row))
    return out


def grip_first(cells: Any) -> list[list[int]]:
    """An orientation's squares with its grip first: the square nearest the tile's middle (then the top-left one).
    The page puts the grip under the finger or the pointer, so a tap near the boat's edge brings the tile's middle
    there, not its top-left corner (which sent a long tile off the boat), and a turn turns it about its middle."""
    cells = [tuple(c) for c in cells]
    mx = sum(x for x, _ in cells) / len(cells)
    my = sum(y for _, y in cells) / len(cells)
    grip = min(cells, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))
    return [list(grip)] + [list(c) for c in cells if c != grip]


FAR = 6     # nudges (a step of the preview, a turn counting two) from a task's answer that are far enough


def neutral_place(state: State, seat: int, avoid: Iterable[Any] = ()) -> Optional[tuple[int, int, int]]:
    """Where the placing preview and the list of places start, (o, x, y): the legal place of the held tile that
    changes least, joining no cat of its colour along a side, filling no room and, for a task, lying at least FAR
    nudges from each of its right moves (`avoid`, Place actions) where it can; then hiding as few rats as can be, in
    its printed orientation where it can (None: it fits nowhere). A start that made a family, filled a room or lay
    a few nudges from a task's answer answered it before the learner tried (readers, stops 46 and 47: the treasure
    task began three steps left of its answer)."""
    held = state.held
    assert held is not None, "a preview starts only for a held tile"
    shape = C.SHAPE[held]
    occ = occupied(state.placed[seat])
    rows = G.legal_masks(shape, occ)
    if not rows:
        return None
    colour = C.COLOUR.get(held)
    kin = 0 if colour is None else G.mask_of(c for t, o, x, y in state.placed[seat] if C.COLOUR.get(t) == colour
                                             for c in G.placed_cells(C.SHAPE[t], o, x, y))
    rats = G.RATS[state.boats[seat]] & ~occ
    open_rooms = [r for r in G.ROOMS if r & ~occ]
    answers = [(a.orientation, a.x, a.y) for a in avoid if isinstance(a, Place) and a.player == seat]

    def nudges(o: int, x: int, y: int) -> int:
        return min((abs(x - ax) + abs(y - ay) + (0 if o == ao else 2) for ao, ax, ay in answers), default=FAR)

    def change(row: tuple[int, int, int, int, int]) -> tuple[int, int, int, int, int]:
        mask, nbrs, o, x, y = row
        filled = sum(1 for r in open_rooms if not r & ~(occ | mask))
        return (bool(nbrs & kin), filled, -min(nudges(o, x, y), FAR), (mask & rats).bit_count(), o != 0)

    _mask, _nbrs, o, x, y = min(rows, key=change)
    if answers and nudges(o, x, y) == 0:
        # every place the tile fits is an answer (the green cat fits two gaps only, and the preview began in one of
        # them, "Fits here", a reader of wave 23): it starts instead where it does not fit, on the boat, away from
        # them, nearest the boat's middle
        away = [(abs(2 * ax - (W - 1)) + abs(2 * ay - (H - 1)), ao, ax, ay)
                for ao, row in enumerate(codes_for(shape, occ)) for i, code in enumerate(row)
                for ax, ay in [(i % W, i // W)] if code not in ("1", "b") and nudges(ao, ax, ay) >= FAR]
        if away:
            _d, o, x, y = min(away)
    return o, x, y


def placing_data(state: State, seat: int, lang: str = "en", avoid: Iterable[Any] = ()) -> Optional[dict[str, Any]]:
    """What the page's placing preview needs for the seat's held tile, or None when the seat has nothing to place
    (`avoid`: a task's right moves, where the preview does not start: neutral_place)."""
    if state.phase != "place" or state.turn != seat or state.held is None:
        return None
    tile = state.held
    shape = C.SHAPE[tile]
    occ = occupied(state.placed[seat])
    codes = codes_for(shape, occ)
    reasons = {"1": text("ui.isle_of_cats.fits", lang)}
    start = neutral_place(state, seat, avoid)
    for o, row in enumerate(codes):
        for i, code in enumerate(row):
            if code not in reasons:
                try:
                    apply(state, Place(seat, o, i % W, i // W))
                except RuleViolation as refusal:
                    reasons[code] = refusal.explain(lang)
    rot, flip = _turns(shape)
    # the key tells the tile too (by its number, never its id): a new tile to place (the score helper's shape
    # changed) starts its preview anew
    return {"seat": seat, "key": f"{seat}:{len(state.placed[seat])}:{C.ORDER[tile]}", "tile": tile_name(tile, lang),
            "width": W, "height": H, "off": "b",
            "fade": ".family > rect, .family > text",    # a family's label ("3 → 8", a white box) over the squares
            "orients": [grip_first(cells) for cells in G.ORIENTATIONS[shape]],
            "codes": codes, "reasons": reasons, "rotate": rot, "flip": flip,
            "start": list(start) if start is not None else None,
            "words": {"rotate": text("ui.isle_of_cats.rotate", lang), "flip": text("ui.isle_of_cats.flip", lang),
                      "place": text("ui.isle_of_cats.place_here", lang),
                      "help": text("ui.isle_of_cats.placing_help", lang, tile=tile_name(tile, lang)),
                      # a touch screen has no R, F or Enter: its own words (placing.js picks them)
                      "rotate_touch": text("ui.isle_of_cats.rotate_touch", lang),
                      "flip_touch": text("ui.isle_of_cats.flip_touch", lang),
                      "place_touch": text("ui.isle_of_cats.place_touch", lang),
                      "help_touch": text("ui.isle_of_cats.placing_help_touch", lang, tile=tile_name(tile, lang)),
                      # the arrows that move the piece a square at a time on a touch screen, and each one's name
                      "nudge": text("ui.isle_of_cats.nudge", lang),
                      "nudges": {way: text(f"ui.isle_of_cats.nudge_{way}", lang)
                                 for way in ("left", "up", "down", "right")}}}


def placing(state: State, seat: int, lang: str = "en", avoid: Iterable[Any] = ()) -> Optional[dict[str, Any]]:
    """GameUI.placing: the page's data and how a chosen (o, x, y) becomes the engine's action."""
    data = placing_data(state, seat, lang, avoid)
    if data is None:
        return None
    return {"data": data, "act": lambda o, x, y: Place(seat, o, x, y)}
