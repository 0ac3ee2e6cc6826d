"""Козырные киты's coach at the play table (GameUI.coach, issue #34): short lines a friend says at the learner's
turn, each a fact of the position and what the rules allow, citing its rule and carrying the facts it states.

The existing advice under the board (advice.py) says what decides the trick; these are the one or two lines the
table shows besides it. No line chooses a move: "you hold a Narwhal, so you must follow Narwhal", never "play the
Narwhal 8". Only what the seat may know is used (its own hand, the trick, the trump and the token, the bonuses and
pearl piles' sizes, all open); no card is named by its id, in the words or in the facts."""

from __future__ import annotations

from typing import Optional

from tutor.core.coach import Hint
from tutor.core.i18n import player_name, plural, text
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.rules import State, led_family, legal_actions, round_points, seat_of
from tutor.games.trump_whales.text import (
    bonus_name, card_name, cards_count, family_name, pearls_text, points_text,
)

_C = "ui.trump_whales.table.coach."
_R = "trump_whales:"


def face(card: str) -> tuple[Optional[str], int]:
    """A card as the facts name it: (family, value), a 5 (None, 5); never its id."""
    return C.FAMILY[card], C.VALUE[card]


def coach(state: State, seat: int, lang: str = "en") -> list[Hint]:
    """The hints for `seat` to act now, most useful first; [] when it has nothing to do."""
    if not legal_actions(state, seat):
        return []
    if state.phase == "bonus":
        return [_first_bonus(state, seat, lang), _trump(state, lang)]
    if state.phase == "reward":
        return [_reward(state, seat, lang)] + _five_pick(state, seat, lang)
    if state.phase == "leader":
        # "your Five was the first played" only where the trick held two
        one = sum(1 for c in state.trick if C.FAMILY[c] is None) < 2
        return [Hint("choose-leader", text(_C + ("leader_one" if one else "leader"), lang), _R + "five-exception",
                     {"chooser": seat}),
                _round_points(state, seat, lang)]
    # the target first when it is near: it is rarer than the trump, which the advice beside the coach says too
    hints = [_follow(state, seat, lang)] + _near_target(state, seat, lang) + [_trump(state, lang)]
    if state.bonuses[seat]:
        hints += [_bonuses(state, seat, lang), _pairs(state, seat, lang)]
    hints.append(_round_points(state, seat, lang))
    return hints


def _follow(state: State, seat: int, lang: str) -> Hint:
    """What the seat may play: it leads (anything), only 5s lie in the trick (anything), it holds the led family
    (that family, or a 5), or it holds none (anything)."""
    hand = state.hands[seat]
    if not state.trick:
        return Hint("lead", text(_C + "lead", lang), _R + "turn", {"leading": True, "hand": len(hand)})
    led = led_family(state.trick)
    if led is None:
        return Hint("after-five", text(_C + "after_five", lang), _R + "five", {"led": None, "hand": len(hand)})
    mine = [c for c in hand if C.FAMILY[c] == led]
    fives = [c for c in hand if C.is_five(c)]
    name = family_name(led, lang)
    if not mine:
        return Hint("any-card", text(_C + "free", lang, family=name), _R + "follow",
                    {"family": led, "count": 0, "hand": len(hand)})
    key = "follow_five" if fives else "follow"
    return Hint("must-follow", text(_C + key, lang, family=name, cards=cards_count(len(mine), lang)), _R + "follow",
                {"family": led, "count": len(mine), "fives": len(fives)})


def _trump(state: State, lang: str) -> Hint:
    return Hint("trump", text(_C + "trump", lang, family=family_name(state.trump, lang), token=state.token,
                              wins=text(f"trump_whales.wins.{state.token}", lang)),
                _R + f"token-{state.token}", {"trump": state.trump, "token": state.token})


def _near_target(state: State, seat: int, lang: str) -> list[Hint]:
    """Someone would reach the target with this round's points so far (the game ends with the round then)."""
    points = round_points(state)
    would = [state.scores[s] + points[s] for s in range(state.players)]
    best = max(would)
    if best < C.TARGET:
        return []
    who = would.index(best) if would[seat] != best else seat
    target = points_text(C.TARGET, lang)
    if who == seat:
        words = text(_C + "near_target.you", lang, total=points_text(best, lang), target=target)
    else:
        words = text(_C + "near_target", lang, player=player_name(who, lang), player_plain=who + 1,
                     total=points_text(best, lang), target=target)
    return [Hint("near-target", words, _R + "game-end", {"player": who, "total": best, "target": C.TARGET})]


def _bonuses(state: State, seat: int, lang: str) -> Hint:
    """The bonuses in front of the seat and what each does; any may be used before it plays."""
    mine = state.bonuses[seat]
    listed = ", ".join(text(_C + "bonus_item", lang, card=card_name(c, lang), bonus=bonus_name(c, lang)) for c in mine)
    return Hint("bonuses", text(_C + "bonuses", lang, bonuses=listed), _R + "bonuses",
                {"bonuses": [face(c) + (C.BONUS[c], C.TARGET_FAMILY[c]) for c in mine]})


def _pairs(state: State, seat: int, lang: str) -> Hint:
    n = len(state.bonuses[seat])
    pairs = n // C.BONUS_PAIR
    return Hint("bonus-pairs", text(_C + "pairs", lang, n=n, pairs=pairs_text(pairs, lang)), _R + "round-end",
                {"unused": n, "pairs": pairs})


def pairs_text(n: int, lang: str = "en") -> str:
    """"1 pair", «2 пары»."""
    return plural("ui.trump_whales.table.n_pairs", n, lang)


def _round_points(state: State, seat: int, lang: str) -> Hint:
    points = round_points(state)
    listed = ", ".join(text("trump_whales.player_points", lang, player=player_name(s, lang),
                            points=points_text(p, lang)) for s, p in enumerate(points))
    return Hint("round-points", text(_C + "round_points", lang, points=listed), _R + "round-end",
                {"points": list(points)})


def _first_bonus(state: State, seat: int, lang: str) -> Hint:
    hand = len(state.hands[seat])
    return Hint("first-bonus", text(_C + "first_bonus", lang, hand=cards_count(hand, lang),
                                    tricks=cards_count(hand - 1, lang)), _R + "setup",
                {"hand": hand, "to_play": hand - 1})


def _reward(state: State, seat: int, lang: str) -> Hint:
    """What the winner may take: another player's card, its pearls the points, its owner keeping it as a bonus (a 5:
    its one point, no bonus)."""
    offer, items = [], []
    for i, c in enumerate(state.trick):
        if seat_of(state, i) == seat:
            continue
        if C.is_five(c):
            offer.append(face(c) + (C.FIVE_PICKED_POINTS,))
            items.append(text(_C + "offer_item", lang, card=card_name(c, lang),
                              pearls=points_text(C.FIVE_PICKED_POINTS, lang)))
        else:
            offer.append(face(c) + (C.PEARLS[c],))
            items.append(text(_C + "offer_item", lang, card=card_name(c, lang), pearls=pearls_text(C.PEARLS[c], lang)))
    return Hint("reward", text(_C + "reward", lang, offer=", ".join(items)), _R + "reward", {"offer": offer})


def _five_pick(state: State, seat: int, lang: str) -> list[Hint]:
    """A 5 of another player's lies in the trick: what taking it gives, and who leads next either way."""
    fives = [i for i, c in enumerate(state.trick) if C.is_five(c)]
    if not any(seat_of(state, i) != seat for i in fives):
        return []
    chooser = seat_of(state, fives[0])
    points = points_text(C.FIVE_PICKED_POINTS, lang)
    facts = {"points": C.FIVE_PICKED_POINTS, "chooser": chooser, "last": state.tricks + 1 == C.TRICKS}
    if facts["last"]:      # nobody leads after the round's last trick (ruling last-trick-no-leader)
        words = text(_C + "five_pick.last", lang, points=points)
    elif chooser == seat:
        words = text(_C + "five_pick.self", lang, points=points)
    else:
        words = text(_C + "five_pick", lang, points=points, player=player_name(chooser, lang),
                     player_plain=chooser + 1)
    return [Hint("five-pick", words, _R + "five-exception", facts)]
