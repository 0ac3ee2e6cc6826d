"""Паперові океани's coach at the play table (GameUI.coach, issue #34): short lines a friend at the table says to the
seat to move: a fact of the position and what the rules allow then, never a move chosen for the learner.

Each hint cites its rule and carries in `facts` the numbers it states, so tests recompute them through the engine
(tests/games/test_sea_salt_paper_table.py). Only what the seat knows is used: its own hand, played cards and the
cards it drew or looks through, the discard piles' tops, how many cards the deck and each hand hold, a hand LAST
CHANCE has shown. The existing "STOP or LAST CHANCE?" advice (advice.py) stays; these lines go beside it.

Every hint says something of this position that the board does not already show at a glance, or is not given:
no line that only repeats a count on the board (the cards in a hand, a deck of many cards, a pile's size) or a rule
in general (a club teacher's "filler"). The kinds, most useful first within each phase:
    mermaids       all four mermaids in hand: laid down they win at once
    last-turn      LAST CHANCE was said: this is the seat's last turn, the caller's cards show N points
    deck-out       the deck is empty: the round ends unscored when this turn ends
    may-end        N card points, at least 7: the round may be ended (STOP or LAST CHANCE)
    below-seven    N card points, under 7: the round may not be ended yet
    duo            a duo in hand and what it does when laid down (or that it would bring nothing now)
    deck           one card left in the deck (drawing gives just that one) or none (a discard pile it is)
    pile-gain      a discard pile's top would raise the seat's card points by N
    keep-gain      what each of the two drawn cards adds to the seat's card points (unless neither adds any)
    empty-pile     the card not kept must go onto the empty discard pile
    crab-empty     one discard pile is empty: the crabs would find nothing there
    crab-take      which cards of the pile looked through would raise the seat's card points, by how much (or none)
    steal          an opponent whose hand may not be taken from (shown by LAST CHANCE, or empty): who may be
"""

from __future__ import annotations

from typing import Optional

from tutor.core.coach import Hint
from tutor.core.i18n import player_name, plural
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.rules import State, duos_in, points_in_hand, steal_targets
from tutor.games.sea_salt_paper.scoring import card_points
from tutor.games.sea_salt_paper.table import R, T, table_text
from tutor.games.sea_salt_paper.text import card_name, points_text

DUO_ORDER = ("crab", "boat", "fish", "steal")


def coach(state: State, seat: int, lang: str = "en") -> list[Hint]:
    """The hints for `seat`, whose turn it is (none for anyone else, or once the game is over)."""
    if state.over or seat != state.turn:
        return []
    phase = state.phase
    out: list[Optional[Hint]] = []
    if phase == "draw":
        out += [_last_turn(state, seat, lang), _deck(state, lang), *_pile_gains(state, seat, lang)]
    elif phase == "keep":
        out += [_keep_gains(state, seat, lang), _empty_pile(state, lang)]
    elif phase == "crab":
        out.append(_crab_piles(state, lang))
    elif phase == "crab_take":
        out.append(_crab_take(state, seat, lang))
    elif phase == "steal":
        out.append(_steal(state, seat, lang))
    else:   # play
        out += [_mermaids(state, seat, lang), _last_turn(state, seat, lang), _deck_out(state, lang),
                _may_end(state, seat, lang), *_duos(state, seat, lang)]
    return [h for h in out if h is not None]


def _cards(n: int, lang: str) -> str:
    return plural(T + "cards", n, lang)


def _mermaids(state: State, seat: int, lang: str) -> Optional[Hint]:
    held = sum(1 for c in state.hands[seat] if C.KIND[c] == "mermaid")
    if held < C.MERMAIDS_TO_WIN:
        return None
    return Hint("mermaids", table_text("hint.mermaids", lang), R + "mermaids", {"mermaids": held})


def _last_turn(state: State, seat: int, lang: str) -> Optional[Hint]:
    caller = state.caller
    if caller is None:
        return None
    # the caller's hand was shown when LAST CHANCE was said: everyone may count it
    points = card_points(state.hands[caller] + state.zones[caller])
    return Hint("last-turn", table_text("hint.last_turn", lang, caller=player_name(caller, lang),
                                 points=points_text(points, lang)),
                R + "round-end", {"caller": caller, "caller_points": points})


def _deck_out(state: State, lang: str) -> Optional[Hint]:
    if state.deck or state.caller is not None:     # after LAST CHANCE the deck ends nothing (ruling last-chance-deck)
        return None
    return Hint("deck-out", table_text("hint.deck_out", lang), R + "empty-deck", {"deck": 0})


def _may_end(state: State, seat: int, lang: str) -> Optional[Hint]:
    if state.caller is not None:
        return None
    points = points_in_hand(state, seat)
    facts = {"points": points, "need": C.STOP_POINTS}
    if points >= C.STOP_POINTS:
        return Hint("may-end", table_text("hint.may_end", lang, points=points_text(points, lang)), R + "end-round",
                    facts)
    return Hint("below-seven", table_text("hint.below_seven", lang, points=points_text(points, lang),
                                          need=C.STOP_POINTS), R + "end-round", facts)


def _idle(state: State, seat: int, duo: str) -> bool:
    """Would this duo's effect bring nothing if laid down now? (Boats with the deck empty end the round instead.)"""
    if duo == "crab":
        return not (state.discards[0] or state.discards[1])
    if duo == "fish":
        return not state.deck
    if duo == "steal":
        return not steal_targets(state, seat)
    return not state.deck and state.caller is None      # boats: the turn ends, and with it the round (empty deck)


def _duos(state: State, seat: int, lang: str) -> list[Hint]:
    kinds = {C.duo_of(a, b) for a, b in duos_in(state.hands[seat])}
    out = []
    for duo in DUO_ORDER:
        if duo in kinds:
            idle = _idle(state, seat, duo)
            key = f"hint.duo_idle.{duo}" if idle else f"hint.duo.{duo}"
            rule = "empty-deck" if idle and duo == "boat" else "duos"
            out.append(Hint("duo", table_text(key, lang), R + rule, {"duo": duo, "idle": idle}))
    return out


def _deck(state: State, lang: str) -> Optional[Hint]:
    """The deck only where its count changes the draw: one card left, or none (a deck of many is on the board)."""
    n = len(state.deck)
    if n == 0:
        return Hint("deck", table_text("hint.deck_none", lang), R + "draw", {"deck": 0})
    if n == 1:
        return Hint("deck", table_text("hint.deck_one", lang), R + "draw", {"deck": 1})
    return None


def _pile_gains(state: State, seat: int, lang: str) -> list[Hint]:
    mine = state.hands[seat] + state.zones[seat]
    now = card_points(mine)
    out = []
    for pile in (0, 1):
        if not state.discards[pile]:
            continue
        top = state.discards[pile][-1]          # face up for everyone
        gain = card_points(mine + (top,)) - now
        if gain > 0:
            out.append(Hint("pile-gain", table_text("hint.pile_gain", lang, card=card_name(top, lang), n=pile + 1,
                                             points=points_text(gain, lang)),
                            R + "draw", {"pile": pile, "gain": gain}))
    return out


def _keep_gains(state: State, seat: int, lang: str) -> Optional[Hint]:
    if len(state.drawn) != 2:       # one card left in the deck: nothing to choose between
        return None
    mine = state.hands[seat] + state.zones[seat]
    now = card_points(mine)
    gains = [card_points(mine + (c,)) - now for c in state.drawn]      # the drawer's own two cards
    if not any(gains):              # neither adds a point: nothing to tell them apart by
        return None
    first, second = (card_name(c, lang) for c in state.drawn)
    return Hint("keep-gain", table_text("hint.keep_gain", lang, first=first, second=second,
                                 a=points_text(gains[0], lang), b=points_text(gains[1], lang)),
                R + "draw", {"gains": gains})


def _empty_pile(state: State, lang: str) -> Optional[Hint]:
    empty = [i for i in (0, 1) if not state.discards[i]]
    if len(empty) != 1 or len(state.drawn) != 2:
        return None
    return Hint("empty-pile", table_text("hint.empty_pile", lang, n=empty[0] + 1), R + "draw", {"pile": empty[0]})


def _crab_piles(state: State, lang: str) -> Optional[Hint]:
    """One pile empty: the crabs may choose it, and would find nothing (the piles' sizes are on the board)."""
    empty = [i for i in (0, 1) if not state.discards[i]]
    if len(empty) != 1:
        return None
    return Hint("crab-empty", table_text("hint.crab_empty", lang, n=empty[0] + 1), R + "duos", {"pile": empty[0]})


def _crab_take(state: State, seat: int, lang: str) -> Hint:
    """The cards of the pile looked through that would raise the seat's card points, most first."""
    pile = state.looking or 0
    mine = state.hands[seat] + state.zones[seat]
    now = card_points(mine)
    gains = {c: card_points(mine + (c,)) - now for c in state.discards[pile]}
    up = sorted((c for c in gains if gains[c] > 0), key=lambda c: -gains[c])
    facts = {"pile": pile, "gains": {c: gains[c] for c in up}}
    if not up:
        return Hint("crab-take", table_text("hint.crab_take_none", lang, n=pile + 1), R + "duos", facts)
    said = ", ".join(table_text("hint.crab_gain", lang, card=card_name(c, lang), points=points_text(gains[c], lang))
                     for c in up)
    return Hint("crab-take", table_text("hint.crab_take", lang, n=pile + 1, cards=said), R + "duos", facts)


def _steal(state: State, seat: int, lang: str) -> Optional[Hint]:
    """Whose hands a card may come from, where some opponent's may not (shown by LAST CHANCE, or empty)."""
    targets = {v: len(state.hands[v]) for v in steal_targets(state, seat)}
    if len(targets) == state.players - 1:
        return None
    names = ", ".join(table_text("hint.steal_one", lang, player=player_name(v, lang), cards=_cards(n, lang))
                      for v, n in targets.items())
    return Hint("steal", table_text("hint.steal", lang, players=names), R + "duos", {"targets": targets})
