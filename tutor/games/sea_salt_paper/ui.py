"""Паперові океани's parts of the interface: how each action reads on a button and in its tooltip (en, uk), and
where it is chosen on the board. Found by the generic widgets through `SPEC.ui` (tutor.core.game)."""

from __future__ import annotations

from tutor.core.game import GameUI
from tutor.core.i18n import player_name, text
from tutor.games.sea_salt_paper.rules import (
    CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, Steal, Stop, TakeDiscard,
)
from tutor.games.sea_salt_paper.text import card_name, pile_name

_U = "ui.sea_salt_paper."


def action_label(action, lang: str) -> str:
    if isinstance(action, DrawDeck):
        return text(_U + "draw_deck", lang)
    if isinstance(action, Keep):
        if action.pile is None:
            return text(_U + "keep_one", lang, card=card_name(action.card, lang))
        return text(_U + "keep", lang, card=card_name(action.card, lang), pile=pile_name(action.pile, lang))
    if isinstance(action, TakeDiscard):
        return text(_U + "take_discard", lang, card=text("sea_salt_paper.card.hidden", lang),
                    pile=pile_name(action.pile, lang))
    if isinstance(action, PlayDuo):
        return text(_U + "duo", lang, first=card_name(action.first, lang), second=card_name(action.second, lang))
    if isinstance(action, CrabPile):
        return text(_U + "crab_pile", lang, pile=pile_name(action.pile, lang))
    if isinstance(action, CrabTake):
        return text(_U + "crab_take", lang, card=card_name(action.card, lang))
    if isinstance(action, Steal):
        v = action.victim
        seat = isinstance(v, int) and not isinstance(v, bool) and v >= 0
        return text(_U + "steal", lang, victim=player_name(v, lang) if seat else str(v),
                    victim_plain=v + 1 if seat else v)
    if isinstance(action, PlayMermaids):
        return text(_U + "mermaids", lang)
    if isinstance(action, EndTurn):
        return text(_U + "end_turn", lang)
    if isinstance(action, Stop):
        return text(_U + "stop", lang)
    if isinstance(action, LastChance):
        return text(_U + "last_chance", lang)
    return text("sea_salt_paper.err.unknown_action", lang)


def action_tip(action, lang: str, legal: bool) -> str:
    if isinstance(action, DrawDeck):
        tip = text(_U + "draw_deck.tip", lang)
    elif isinstance(action, Stop):
        tip = text(_U + "stop.tip", lang)
    elif isinstance(action, LastChance):
        tip = text(_U + "last_chance.tip", lang)
    else:
        tip = action_label(action, lang)
    return tip if legal else text(_U + "not_now", lang, action=tip)


def board_keys(action) -> tuple:
    """Where an action is chosen on the board: the deck, a discard pile, a card (a drawn card then the pile for
    the other, two hand cards for a duo, a card in the pile looked through), an opponent's hand. Ending the
    turn or the round and the mermaids are buttons only."""
    if isinstance(action, DrawDeck):
        return ("deck",)
    if isinstance(action, (TakeDiscard, CrabPile)):
        return (f"pile:{action.pile}",)
    if isinstance(action, Keep):
        first = f"card:{action.card}"
        return (first,) if action.pile is None else (first, f"pile:{action.pile}")
    if isinstance(action, PlayDuo):
        return (f"card:{action.first}", f"card:{action.second}")
    if isinstance(action, CrabTake):
        return (f"card:{action.card}",)
    if isinstance(action, Steal):
        return (f"seat:{action.victim}",)
    return ()


UI = GameUI(action_label=action_label, action_tip=action_tip, board_keys=board_keys)
