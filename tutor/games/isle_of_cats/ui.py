"""Острів котів's parts of the interface: how each action reads on a button (no ids: tiles and cards by their
words), where it is chosen on the board (a tile around the island), the held tile placed by pointing at the boat
(tutor.games.isle_of_cats.placing) with a list of the places it fits as the fallback, and the score helper.
Found by the generic widgets through `SPEC.ui` (tutor.core.game)."""

from __future__ import annotations

from tutor.core.game import GameUI
from tutor.core.i18n import text
from tutor.games.isle_of_cats.placing import placing
from tutor.games.isle_of_cats.rules import Decline, KeepCards, Pass, Place, Take, TakeTreasure, legal_actions
from tutor.games.isle_of_cats.text import card_name, shape_name, tile_name

_U = "ui.isle_of_cats."


def where(action: Place, lang: str) -> str:
    return text(_U + "where", lang, o=action.orientation + 1, x=action.x + 1, y=action.y + 1)


def action_label(action, lang: str) -> str:
    if isinstance(action, KeepCards):
        return text(_U + "keep", lang, cards="; ".join(card_name(c, lang) for c in action.keep))
    if isinstance(action, Take):
        return text(_U + "take", lang, tile=tile_name(action.tile, lang))
    if isinstance(action, Place):
        return text(_U + "place", lang, where=where(action, lang))
    if isinstance(action, TakeTreasure):
        return text(_U + "treasure", lang, shape=shape_name(action.shape, lang))
    if isinstance(action, Decline):
        return text(_U + "decline", lang)
    if isinstance(action, Pass):
        return text(_U + "pass", lang)
    return text("isle_of_cats.err.unknown_action", lang)


def action_tip(action, lang: str, legal: bool) -> str:
    label = action_label(action, lang)
    return label if legal else text(_U + "not_now", lang, action=label)


def board_keys(action) -> tuple:
    """A tile around the island is taken by clicking it; a treasure pile by clicking the pile. Placing goes through
    `placing` (a preview on the boat), not through hit areas."""
    if isinstance(action, Take):
        return (f"tile:{action.tile}",)
    if isinstance(action, TakeTreasure):
        return (f"supply:{action.shape}",)
    return ()


def action_rows(table, seat: int) -> list:
    """Buttons for every phase; while placing, the fallback to the board's preview: a list of the places the tile
    fits and a button that places it there (Rotate and Flip live with the preview, under the board)."""
    state, lang = table.state, table.lang
    legal = legal_actions(state, seat)
    head = table.caption(table.your_move(seat), bold=True)
    if state.phase != "place":
        return [[head, {"choices": [table.action_choice(a, set(legal)) for a in legal]}]]
    chosen = {"action": legal[0]} if legal else {}

    def pick(value) -> None:
        o, x, y = value
        chosen["action"] = Place(seat, o, x, y)

    options = [(where(a, lang), [a.orientation, a.x, a.y]) for a in legal]
    p = table.pick(text(_U + "placements", lang), options, options[0][1] if options else None, pick)
    button = table.choice(text(_U + "place_here", lang), "", "info", "tutor-action tutor-place-listed",
                          lambda c: table.act(chosen["action"]), action=legal[0] if legal else None)
    return [[head, {"choices": [button], "pick": p}]]


def sandbox(lang: str = "en", **kwargs):
    from tutor.games.isle_of_cats.sandbox import ScoreHelper
    return ScoreHelper(lang=lang, **kwargs)


UI = GameUI(action_label=action_label, action_tip=action_tip, board_keys=board_keys, action_rows=action_rows,
            placing=placing, sandbox=sandbox, sandbox_label="isle_of_cats.sandbox.open")
