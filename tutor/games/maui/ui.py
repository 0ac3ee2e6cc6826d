"""Мяури's parts of the interface: how a dive reads on a button, which cards a seat is offered, its
sandbox, its component table and the play table's summaries, score panel, coach and tips. Found by the generic
widgets through `SPEC.ui` (tutor.core.game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.game import GameUI
from tutor.core.i18n import text
from tutor.games.maui import components as C
from tutor.games.maui.coaching import coach, tips
from tutor.games.maui.rules import Action, Dive, Jellyfish, State, legal_actions
from tutor.games.maui.table import score_panel, summary

if TYPE_CHECKING:
    from tutor.games.maui.sandbox import LagoonSandbox


def action_label(action: object, lang: str) -> str:
    if isinstance(action, Dive):
        return text("ui.maui.dive", lang, card=action.card)
    if isinstance(action, Jellyfish):
        return text("ui.maui.discard" if action.discard else "ui.maui.keep", lang)
    return str(action)


def action_tip(action: object, lang: str, legal: bool) -> str:
    if isinstance(action, Dive):
        return text("ui.maui.dive.tip" if legal else "ui.maui.dive.used.tip", lang, card=action.card)
    return action_label(action, lang)


def offered_actions(state: State, seat: int) -> list[Action]:
    """Dive phase: all twelve cards, so pressing a used one lets the engine explain why not."""
    legal = legal_actions(state, seat)
    if legal and all(isinstance(a, Dive) for a in legal):
        return [Dive(seat, n) for n in range(1, 13)]
    return legal


def board_keys(action: object) -> tuple[str, ...]:
    """Where an action is chosen on the board: a dive card, in its diver's hand. The jellyfish decision is
    not drawn as something to click (its buttons choose it)."""
    if isinstance(action, Dive):
        return (f"card:{C.dive_id(action.player, action.card)}",)
    return ()


def sandbox(lang: str = "en", **kwargs: Any) -> LagoonSandbox:
    from tutor.games.maui.sandbox import LagoonSandbox
    return LagoonSandbox(lang=lang, **kwargs)


def components(lang: str) -> str:
    from tutor.games.maui.text import kind_name
    from tutor.widgets.tables import card_table
    return card_table("maui", C.CATCH_CARDS.values(), lambda kind: kind_name(kind, lang), lang, C.RULEBOOK)


UI = GameUI(action_label=action_label, action_tip=action_tip, offered_actions=offered_actions,
            sandbox=sandbox, components=components, board_keys=board_keys,
            # the play table (issue #34): a reveal, round and game summed up, the running score, the coach, tips
            summary=summary, summary_tells_step=True, film_beats=("down", "reveal"), score_panel=score_panel, coach=coach, tips=tips,
            # every dive is turned up with everyone's at once: no move could ever be taken back
            undo=False, confirm_board=True,
            # a task's spent dive cards lie apart under "Not now", as at the table: twelve alike buttons under a
            # hand of nine read as two hands that disagree (a reader), and no task asks which cards are spent
            task_moves_apart=True)
