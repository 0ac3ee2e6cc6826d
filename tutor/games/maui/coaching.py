"""Мяури's coach at the play table (issue #34): facts of the position a friend points out, and first-game tips.

A hint says what is true and what the rules allow, never which card to lay. Each is read from the seat's own view
(tutor.games.maui.view: what that player may see) and the rules' own functions, cites its rule and carries its
`facts`, so a test can recompute them through the engine.
"""

from __future__ import annotations

from typing import Any

from tutor.core.coach import Hint
from tutor.core.i18n import number, player_name, plural, text
from tutor.games.maui import components as C
from tutor.games.maui.rules import State, dispute_order, jellyfish_count, legal_actions
from tutor.games.maui.scoring import breakdown
from tutor.games.maui.table import points_words
from tutor.games.maui.text import card_name, depth_name
from tutor.games.maui.view import view

View = dict[str, Any]      # a seat's view (tutor.games.maui.view), or a part of it
TIPS = 5      # how many first-game tips the catalogue holds (ui.maui.table.tip.1 …)


def _coach_words(key: str, lang: str, **params: object) -> str:
    return text(f"ui.maui.table.{key}", lang, **params)


def _at(depth: str, lang: str) -> str:
    """"the deep", «на большой глубине»: a depth where something lies."""
    return text(f"maui.depth.{depth}.at", lang)


def _listed(items: list[str], lang: str) -> str:
    return items[0] if len(items) == 1 else text("core.list_and", lang, items=", ".join(items[:-1]), last=items[-1])


def coach(state: State, seat: int, lang: str = "en") -> list[Hint]:
    """Hints for `seat`, who must decide now, most useful first: a jellyfish offer to answer; then, before a dive,
    the card only they have seen, a seagull or jellyfish in the lagoon, how a tie is settled this round, the cards
    left in hand, the top and bottom cards, the pile's worth. [] when `seat` has nothing to decide."""
    if not legal_actions(state, seat):
        return []
    seen = view(state, seat)
    pile = list(state.piles[seat])         # the seat's own pile: its owner may look through it at any time
    hints: list[Hint] = []
    if state.pending:
        hints.append(_offer(pile, seat, lang))
        hints.append(_worth(pile, seat, lang))
        return hints
    hints += _lantern(state, seen, seat, lang)
    hints += _seagull(seen, pile, lang)
    hints += _jellyfish(seen, pile, lang)
    hints.append(_ties(state, seat, lang))
    hand = sorted(state.hands[seat])       # its own hand: the dives legal_actions offers
    hints.append(Hint("hand", plural("ui.maui.table.hint.hand", len(hand), lang, cards=", ".join(map(str, hand))),
                      "maui:play", {"hand": hand, "rounds_left": len(hand)}))
    hints += _edges(hand, lang)
    if pile:
        hints.append(_worth(pile, seat, lang))
    return hints


def _offer(pile: list[str], seat: int, lang: str) -> Hint:
    """The jellyfish offer: what the pile is worth now and after throwing the set away (the costliest ones)."""
    stingers = sorted((c for c in pile if C.kind(c) == "jellyfish"), key=C.value)
    gone = stingers[:C.JELLYFISH_SET]
    now = breakdown(pile, seat).total
    then = now - sum(C.value(c) for c in gone)
    said = _coach_words("hint.offer", lang, jellyfish=plural("maui.n_jellyfish", len(stingers), lang),
              values=", ".join(card_name(c, lang) for c in stingers), n=C.JELLYFISH_SET,
              now=points_words(now, lang), then=points_words(then, lang))
    return Hint("jellyfish-offer", said, "maui:jellyfish", {"count": len(stingers), "now": now, "then": then})


def _worth(pile: list[str], seat: int, lang: str) -> Hint:
    points = breakdown(pile, seat).total
    said = _coach_words("hint.worth", lang, cards=plural("maui.n_cards", len(pile), lang),
              points=points_words(points, lang))
    return Hint("pile-worth", said, "maui:end", {"points": points, "cards": len(pile)})


def _lantern(state: State, seen: View, seat: int, lang: str) -> list[Hint]:
    """A cell whose card lies face down after a lantern fish: the taker knows it, the others know who does."""
    hints = []
    for cell, peeker in state.face_down:
        cards = seen["lagoon"][cell]["cards"]
        if not cards:
            continue
        depth = C.DEPTHS[cell]
        top = cards[-1]
        if peeker == seat and not top.get("hidden"):
            said = _coach_words("hint.peek", lang, depth=depth_name(depth, lang), depth_at=_at(depth, lang),
                                card=card_name(top["id"], lang))
            hints.append(Hint("lantern-peek", said, "maui:lantern",
                              {"depth": depth, "kind": top["kind"], "value": top["value"]}))
        elif peeker != seat:
            said = _coach_words("hint.peeked", lang, depth=depth_name(depth, lang), depth_at=_at(depth, lang),
                                player=player_name(peeker, lang))
            hints.append(Hint("lantern-peeked", said, "maui:lantern", {"depth": depth, "peeker": peeker}))
    return hints


def _visible(seen: View, kind: str) -> list[tuple[str, View]]:
    """(depth, card) for each card of `kind` the seat can see in the lagoon."""
    return [(cell["depth"], card) for cell in seen["lagoon"] for card in cell["cards"]
            if not card.get("hidden") and card.get("kind") == kind]


def _seagull(seen: View, pile: list[str], lang: str) -> list[Hint]:
    gulls = _visible(seen, "seagull")
    if not gulls:
        return []
    depths = [d for d, _ in gulls]
    where = _listed([depth_name(d, lang) for d in depths], lang)
    if any(len(cell["cards"]) > 1 for cell in seen["lagoon"] if cell["depth"] in depths):
        # no fights: a cell's older cards reach the pile first, so the seagull may take one of them instead
        said = _coach_words("hint.seagull_stack", lang, depths=where)
        return [Hint("seagull", said, "maui:seagull", {"depths": depths, "alone": False})]
    if pile:
        top = pile[-1]
        said = _coach_words("hint.seagull", lang, depths=where, top=card_name(top, lang))
        facts = {"depths": depths, "alone": True, "top_kind": C.kind(top), "top_value": C.value(top)}
    else:
        said = _coach_words("hint.seagull_hungry", lang, depths=where)
        facts = {"depths": depths, "alone": True, "top_kind": None, "top_value": None}
    return [Hint("seagull", said, "maui:seagull", facts)]


def _jellyfish(seen: View, pile: list[str], lang: str) -> list[Hint]:
    stings = _visible(seen, "jellyfish")
    if not stings:
        return []
    where = _listed([f"{depth_name(d, lang)} ({number(c['value'])})" for d, c in stings], lang)
    yours = jellyfish_count(pile)
    said = _coach_words("hint.jellyfish", lang, cards=where, yours=plural("maui.n_jellyfish", yours, lang),
                        n=C.JELLYFISH_SET)
    return [Hint("jellyfish", said, "maui:jellyfish",
                 {"depths": [d for d, _ in stings], "values": [c["value"] for _, c in stings], "yours": yours})]


def _ties(state: State, seat: int, lang: str) -> Hint:
    """How a tie is settled this round: Kiti's hands (the nearest seats first), or, with no fights, not at all."""
    if state.kiti is None:
        return Hint("ties", _coach_words("hint.ties_none", lang), "maui:no-fights", {"tie_catches": False})
    right, left = dispute_order(state, "right"), dispute_order(state, "left")
    if state.players <= len(C.DEPTHS):
        # every diver gets a cell: equal cards fight for the deepest still free, so the shallows never go to a tie
        # and the left hand decides nothing (the coach named its order to a three-player table, a reader of wave 20)
        said = _coach_words("hint.ties_three", lang, right=player_name(right[0], lang),
                            right_place=right.index(seat) + 1, n=state.players)
        return Hint("ties", said, "maui:disputes", {"right_order": right, "right_place": right.index(seat) + 1})
    said = _coach_words("hint.ties", lang, right=player_name(right[0], lang), left=player_name(left[0], lang),
              right_place=right.index(seat) + 1, left_place=left.index(seat) + 1, n=state.players)
    return Hint("ties", said, "maui:disputes", {"right_order": right, "left_order": left,
                                                 "right_place": right.index(seat) + 1,
                                                 "left_place": left.index(seat) + 1})


def _edges(hand: list[int], lang: str) -> list[Hint]:
    """The top card can only be matched, never beaten; the bottom one likewise for the shallows."""
    hints: list[Hint] = []
    top, bottom = max(C.DIVE_CARDS), min(C.DIVE_CARDS)
    if len(hand) < 2:       # the last card of all is laid anyway: nothing to point out
        return hints
    if top in hand:
        hints.append(Hint("top-card", _coach_words("hint.top", lang, card=top), "maui:deep", {"card": top}))
    if bottom in hand:
        hints.append(Hint("bottom-card", _coach_words("hint.bottom", lang, card=bottom), "maui:shallow",
                          {"card": bottom}))
    return hints


def tips(lang: str = "en") -> list[str]:
    """First-game tips a club teacher gives before the first dive."""
    return [_coach_words(f"tip.{i}", lang, rounds=C.ROUNDS, n=C.JELLYFISH_SET) for i in range(1, TIPS + 1)]
