"""Козырные киты's help under the play table (GameUI.advice) for the seat to move: what decides the trick now.

While it plays: the trump and what the token's side means, the family it must follow (or that any card may be
played), and which of its playable cards would win the trick as it lies now (later players may still beat them).
While it picks a reward: what each card would give. Choosing the next leader: why it chooses. Only what that seat
knows is used (its hand, the trick, the trump and the token, which are open); no card is named by its id.
"""

from __future__ import annotations

import html

from tutor.core.i18n import text
from tutor.core.rules import cite
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.rules import (State, UseBonus, apply, led_family, legal_actions, must_follow, playable,
                                             seat_of, trick_winner)
from tutor.games.trump_whales.text import bonus_name, card_name, family_name, pearls_text, points_text

_A = "ui.trump_whales.advice."
_R = "trump_whales:"


def esc(words: object) -> str:
    return html.escape(str(words), quote=True)


def winning_cards(state: State, seat: int) -> list[str]:
    """The seat's playable cards that would win the trick if it ended after them."""
    return [c for c in playable(state, seat)
            if trick_winner(state.trick + (c,), state.leader, state.players, state.trump, state.token)[0] == seat]


def _bonus_turns(state: State, seat: int, lang: str) -> list[tuple[str, str]]:
    """The bonuses the seat may use now that would make one of its cards win the trick as it lies (a change of
    trump, a flip of the token): a reader twice held a winning flip while the help said no card of theirs wins."""
    now = set(winning_cards(state, seat))
    out: list[tuple[str, str]] = []
    for action in legal_actions(state, seat):
        if not isinstance(action, UseBonus):
            continue
        after, _events = apply(state, action)
        gained = [c for c in winning_cards(after, seat) if c not in now]
        if gained:
            out.append((text(_A + "bonus_wins", lang, bonus=bonus_name(action.card, lang),
                             cards=", ".join(card_name(c, lang) for c in gained)), _R + "bonus-" + C.BONUS[action.card]))
    return out


def _items(lines: list[tuple[str, str]], lang: str) -> str:
    return "<ul>" + "".join(f'<li data-rule="{esc(rule)}">{esc(words)} <span class="tutor-cite">'
                            f'{esc(cite(rule, lang))}</span></li>' for words, rule in lines) + "</ul>"


def advice(state: State, seat: int, lang: str = "en") -> str:
    if not legal_actions(state, seat):
        return ""
    lines: list[tuple[str, str]] = []
    if state.phase == "play":
        wins = text(f"trump_whales.wins.{state.token}", lang)
        lines.append((text(_A + "trump", lang, family=family_name(state.trump, lang), token=f"«{state.token}»",
                           wins=wins), _R + f"token-{state.token}"))
        led = led_family(state.trick)
        if not state.trick:
            lines.append((text(_A + "lead", lang), _R + "turn"))
        elif led is None:
            lines.append((text(_A + "after_five", lang), _R + "five"))
        elif must_follow(state, seat):
            # "or a Five" only to a seat that holds one
            five = any(C.is_five(c) for c in state.hands[seat])
            lines.append((text(_A + ("follow_five" if five else "follow"), lang, family=family_name(led, lang)),
                          _R + "follow"))
        else:
            lines.append((text(_A + "free", lang, family=family_name(led, lang)), _R + "follow"))
        if state.trick:
            best = winning_cards(state, seat)
            if best:
                lines.append((text(_A + "would_win", lang, cards=", ".join(card_name(c, lang) for c in best)),
                              _R + "trick"))
            else:
                lines.append((text(_A + "none_wins", lang), _R + "trick"))
        if state.bonuses[seat]:
            lines.append((text(_A + "bonuses", lang), _R + "bonuses"))
            if state.trick:
                lines += _bonus_turns(state, seat, lang)
    elif state.phase == "reward":
        for i, c in enumerate(state.trick):
            if seat_of(state, i) == seat:
                continue
            if C.is_five(c):
                lines.append((text(_A + "pick_five", lang, points=points_text(C.FIVE_PICKED_POINTS, lang)),
                              _R + "five-exception"))
            else:
                lines.append((text(_A + "pick", lang, card=card_name(c, lang), pearls=pearls_text(C.PEARLS[c], lang)),
                              _R + "reward"))
    elif state.phase == "leader":
        lines.append((text(_A + "leader", lang), _R + "five-exception"))
    else:
        return ""
    return f'<h4>{esc(text(_A + "title", lang))}</h4>' + _items(lines, lang)
