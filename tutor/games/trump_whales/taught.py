"""Which cards, situations and bonus effects a Козырные киты position or lesson file shows (lessons/trump_whales/taught.yaml, tests/test_taught.py)."""

from __future__ import annotations

from typing import Any

from tutor.core.taught import TEXT_KEYS, positions
from tutor.games.trump_whales import components as C

FIVE = "five"
LED_FIVE = "led-five"          # a trick led with a 5: its family comes from the next whale
FIVE_LEADER = "five-leader"    # a 5 played and not picked: its player names the next leader
FIVE_PICKED = "five-picked"    # a 5 picked as the reward: 1 point, no bonus, the winner leads
BONUSES = tuple(f"bonus-{b}" for b in C.BONUS_KINDS)   # a bonus used: what it does
KINDS = (*C.FAMILIES, FIVE, LED_FIVE, FIVE_LEADER, FIVE_PICKED, *BONUSES)


def _card(card: str) -> str:
    return C.FAMILY[card] or FIVE


def kinds_shown(state: Any) -> set[str]:
    """The face-up cards (hands, the trick, the discard, bonuses in front of players), a trick led with a 5, a 5's
    player naming the leader. Pearl piles and the cards set aside lie face down. A bonus lying in front of a player
    is a card like any other: what it does counts only where a move uses it (kinds_named)."""
    cards = [c for pile in (*state.hands, *state.bonuses, state.trick, state.discard) for c in pile]
    out = {_card(c) for c in cards}
    if state.trick and C.is_five(state.trick[0]) and state.phase in ("play", "reward", "leader"):
        out.add(LED_FIVE)
    if state.phase == "leader":
        out.add(FIVE_LEADER)
    return out


def _used(value: Any, move: str = "use_bonus") -> set[str]:
    """The cards a file's moves of this kind name ({use_bonus: {player: card or [cards]}}, {pick: ...}), anywhere in
    it: a task's, a quiz choice's or a scenario step's."""
    if isinstance(value, dict):
        out = set()
        for k, v in value.items():
            if k == move and isinstance(v, dict):
                out |= {c for cards in v.values() for c in ([cards] if isinstance(cards, str) else cards)}
            elif k not in TEXT_KEYS:
                out |= _used(v, move)
        return out
    if isinstance(value, (list, tuple)):
        return {c for v in value for c in _used(v, move)}
    return set()


def kinds_named(kind: str, data: dict[str, Any]) -> set[str]:
    """What every position the file puts on the board shows, the effect of every bonus its moves use, and a 5
    picked as a reward (its own reward: a move of the file that picks one, a quiz's choice too)."""
    shown = {k for state in positions(kind, data) for k in kinds_shown(state)}
    picked = {FIVE_PICKED} if any(C.is_five(c) for c in _used(data, "pick") if c in C.FAMILY) else set()
    return shown | picked | {f"bonus-{C.BONUS[c]}" for c in _used(data) if c in C.BONUS}
