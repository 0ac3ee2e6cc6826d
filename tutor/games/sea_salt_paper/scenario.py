"""Паперові океани in lesson files: setup, actions and expectations written with players counted from 1.

setup:  players, seed, first (player), round, deck [ids, top first], discards [[ids bottom->top], [...]],
        hands {player: [ids]}, zones {player: [ids]}, scores {player: total}
do:     a mapping (or a list of mappings, applied in order) of one or more of, in this order:
        draw_deck: player | take_discard: {player: pile} | keep: {player: [card, pile]} (pile 1 or 2, or
        null) | duo: {player: [card, card]} | crab_pile: {player: pile} | crab_take: {player: card} |
        steal: {player: victim} | mermaids: player | end_turn: player | stop: player | last_chance: player
        (piles are counted 1 and 2, as the board names them)
expect: hands {player: [ids]}, zones {player: [ids]}, round n, turn player, phase name, looking pile (the discard
        pile a crab pair is looking through, 1 or 2), round_points
        {player: points of the last scored round}, caller (who said LAST CHANCE this round; 0: nobody); and every
        game's scores, winners, events, over
        (tutor.core.scenario.expectations)
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, overload

from tutor.core.events import Event
from tutor.core.game import LessonAdapter
from tutor.core.scoring import Breakdown

from tutor.core.scenario import Outcome, expectations, highlight, per_player, seat  # noqa: F401  (the adapter's)
from tutor.games.sea_salt_paper.rules import (
    Action, CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, State, Steal, Stop,
    TakeDiscard, setup as _setup,
)


def setup(spec: dict[str, Any]) -> State:
    spec = dict(spec)
    players = spec.pop("players")
    kwargs: dict[str, Any] = {}
    for key in ("seed", "round", "deck", "discards"):
        if key in spec:
            kwargs[key] = spec.pop(key)
    if "first" in spec:
        kwargs["first"] = seat(spec.pop("first"))
    for key in ("hands", "zones"):
        if key in spec:
            kwargs[key] = per_player(spec.pop(key), players, [])
    if "scores" in spec:
        kwargs["scores"] = per_player(spec.pop("scores"), players, 0)
    if spec:
        raise ValueError(f"unknown setup key '{sorted(spec)[0]}'")
    return _setup(players, **kwargs)


@overload
def _pile(n: int | str) -> int: ...
@overload
def _pile(n: None) -> None: ...


def _pile(n: int | str | None) -> Optional[int]:
    return None if n is None else int(n) - 1


_ONE: dict[str, Callable[[int], Action]] = {"draw_deck": DrawDeck, "mermaids": PlayMermaids, "end_turn": EndTurn, "stop": Stop,
        "last_chance": LastChance}


def actions(do: Any, state: State) -> list[Action]:
    """The actions of a step's `do`: a mapping, or a list of mappings applied in order (the same key twice)."""
    if isinstance(do, list):
        return [a for part in do for a in actions(part, state)]
    if not isinstance(do, dict):
        raise ValueError("'do' is a mapping of actions or a list of them")
    out: list[Action] = []
    for key, value in (do or {}).items():
        if key in _ONE:
            out.append(_ONE[key](seat(value)))
        elif key == "take_discard":
            out += [TakeDiscard(seat(p), _pile(n)) for p, n in value.items()]
        elif key == "keep":
            out += [Keep(seat(p), v[0], _pile(v[1] if len(v) > 1 else None)) for p, v in value.items()]
        elif key == "duo":
            out += [PlayDuo(seat(p), v[0], v[1]) for p, v in value.items()]
        elif key == "crab_pile":
            out += [CrabPile(seat(p), _pile(n)) for p, n in value.items()]
        elif key == "crab_take":
            out += [CrabTake(seat(p), c) for p, c in value.items()]
        elif key == "steal":
            out += [Steal(seat(p), seat(v)) for p, v in value.items()]
        else:
            raise ValueError(f"unknown action '{key}'")
    return out


def _cards(name: str) -> Callable[[Outcome, Any], list[str]]:
    def check(got: Outcome, value: Any) -> list[str]:
        rows = getattr(got.after, name)
        return [f"player {p}'s {name[:-1]} should be {sorted(ids)}, is {sorted(rows[int(p) - 1])}"
                for p, ids in value.items() if sorted(rows[int(p) - 1]) != sorted(ids)]
    return check


def _round(got: Outcome, value: Any) -> list[str]:
    return [] if got.after.round == value else [f"round should be {value}, is {got.after.round}"]


def _turn(got: Outcome, value: Any) -> list[str]:
    return [] if got.after.turn + 1 == value else [f"player {value} should be to play, is {got.after.turn + 1}"]


def _phase(got: Outcome, value: Any) -> list[str]:
    return [] if got.after.phase == value else [f"phase should be {value}, is {got.after.phase}"]


def _looking(got: Outcome, value: Any) -> list[str]:
    # a task may stop at the crabs' pile: the card is the next task's choice (a task judges one move)
    at = got.after.looking
    return [] if at is not None and at + 1 == value else [f"the crabs should look through discard pile {value}"]


def _caller(got: Outcome, value: Any) -> list[str]:
    # a task whose answer is to end only the turn: LAST CHANCE leaves the same totals and the turn passed too, and was
    # praised (a reader): who called this round is part of what the answer leaves (0: nobody)
    caller = got.after.caller
    if int(value) == 0:
        return [] if caller is None else [f"nobody should have said LAST CHANCE, player {caller + 1} did"]
    return [] if caller is not None and caller + 1 == int(value) else [f"player {value} should have said LAST CHANCE"]


def _round_points(got: Outcome, value: Any) -> list[str]:
    last = got.after.history[-1] if got.after.history else None
    if last is None:
        return ["no round has been scored"]
    return [f"player {p} should score {v} in the round, scored {last[int(p)]}"
            for p, v in value.items() if last[int(p)] != v]


# the events that end a round; STOP's only states the totals, which the cards' lines break down, so it is left out
_ENDED = {"sea_salt_paper.stop_scored", "sea_salt_paper.bet_won", "sea_salt_paper.bet_lost",
          "sea_salt_paper.deck_empty"}
_TOLD = _ENDED - {"sea_salt_paper.stop_scored"}


def deciding(after: State, events: Iterable[Event], want: dict[str, Any]) -> list[Any]:
    """What a quiz or task shows as the "why not" of a wrong answer (tutor.core.quiz.why_not): for a round's
    points, how a bet was settled and each named player's cards line by line (pairs, sets, multipliers,
    mermaids, and the colour bonus when a LAST CHANCE paid it), so a wrong total is answered by the lines that
    make the right one, not by the right total alone."""
    from tutor.games.sea_salt_paper.scoring import breakdown
    events = list(events)
    points = want.get("round_points") or {}
    if points and any(e.kind in _ENDED for e in events):
        bet = next((e for e in events if e.kind in ("sea_salt_paper.bet_won", "sea_salt_paper.bet_lost")), None)
        out: list[Any] = [e for e in events if e.kind in _TOLD]
        for p in sorted(seat(p) for p in points):
            out.append(_scored_lines(after.hands[p] + after.zones[p], p, bet))
        return out
    # anything else (or a round that did not end) as every game's default: the ruled events, the turn passing
    # only when it is all that happened
    ruled = [e for e in events if e.rule != ""]
    return [e for e in ruled if e.kind not in _BOOKKEEPING] or ruled


_BOOKKEEPING = ("sea_salt_paper.turn", "sea_salt_paper.last_turn")


def _scored_lines(cards: Iterable[str], p: int, bet: Optional[Event]) -> Breakdown:
    """The lines of what player p scored this round: the cards after STOP; after LAST CHANCE the caller's cards
    and colour bonus (bet won) or the bonus alone (lost), an opponent's bonus alone (won) or cards alone (lost)."""
    from tutor.games.sea_salt_paper.scoring import breakdown
    if bet is None:
        return breakdown(cards, p)
    won, caller = bet.kind == "sea_salt_paper.bet_won", bet.data["player"]
    cards_count = won if p == caller else not won
    bonus_counts = p == caller or won
    full = breakdown(cards, p, bonus=bonus_counts)
    if cards_count:
        return full
    return Breakdown(p, tuple(line for line in full.lines if ".colour_bonus." in line.key))


expect = expectations("sea_salt_paper", {
    "hands": _cards("hands"), "zones": _cards("zones"), "round": _round, "turn": _turn, "phase": _phase,
    "looking": _looking, "round_points": _round_points, "caller": _caller,
})


ADAPTER = LessonAdapter(setup=setup, actions=actions, expect=expect, highlight=highlight, deciding=deciding)
