"""Козырные киты drills (tutor.core.drill): endless questions on fresh positions, each made and answered by the engine.

Each generator deals a round with a seed drawn from its rng and plays it with seeded moves (the game's bot, mixed
with random legal cards so positions vary) up to a trick drawn at random, until the position asks something worth
asking; it returns None when the round offers no such position (tutor.core.drill then tries the next seed). The
answer is always the engine's: the legal cards (legal_actions), the trick's winner (apply, its trick_won event),
a pick's points (apply, round_points), who leads next (apply), a +1's worth (apply, round_points). Texts are
catalogue keys (trump_whales.drill.*, every lesson language); cards are named by the game's wording, never by id.

    may-play      which cards of your hand may you play into this trick? (pick all)      part 5
    trick-winner  the last card is played: who wins the trick?                           part 6
    next-leader   the winner picks a card of a trick with a 5: who leads next, or names who does?   part 8
    best-reward   you won: which card do you pick for the most points?                   part 8
    plus-points   you use the +1 now: how many points does the round give you so far?    part 11

On a phone the panels a question is not about are drawn brief ("brief", "brief:others": tutor/games/trump_whales/
render.py): the others' cards were half of a four-player board, a screen between the question and its answers.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable, Optional

from tutor.core.drill import Drill, DrillError, Option, Question
from tutor.core.events import Event
from tutor.core.scoring import Breakdown, ScoreLine
from tutor.core.i18n import player_name
from tutor.core.wording import Words, say
from tutor.games.trump_whales import bots
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.rules import (
    Action, Pick, PlayCard, State, UseBonus, apply, led_family, legal_actions, round_points, setup, to_move,
)
from tutor.games.trump_whales.scoring import round_breakdown
from tutor.games.trump_whales.text import card_name, family_name

_G = "trump_whales"
_R = "trump_whales:"
_K = "trump_whales.drill."


# --------------------------------------------------------------------------- reaching a position

def _move(state: State, seat: int, rng: random.Random) -> Action:
    """A seeded move: mostly the bot's choice, often a random legal card instead, a bonus only now and then (so
    bonuses pile up in front of players as they do at a careless table)."""
    if state.phase != "play":
        if state.phase == "reward" or rng.random() < 0.5:
            return bots.choose(state, seat, rng)
        return rng.choice(legal_actions(state, seat))
    legal = legal_actions(state, seat)
    plays = [a for a in legal if isinstance(a, PlayCard)]
    uses = [a for a in legal if isinstance(a, UseBonus)]
    if uses and rng.random() < 0.08:
        return rng.choice(uses)
    if rng.random() < 0.5:
        a = bots.choose(state, seat, rng)
        if isinstance(a, PlayCard):
            return a
    return rng.choice(plays)


def _walk(rng: random.Random, players: int, stop: Callable[[State], bool],
          steer: Optional[Callable[[State, int, random.Random], Optional[Action]]] = None
          ) -> Optional[tuple[State, tuple[Event, ...]]]:
    """(position, the events of its trick so far) at the first position of the round's trick `rng` draws (or
    later) where `stop` holds; None when the round ends first. `steer(state, seat, rng)` may choose a move instead
    of the seeded one (a legal action, or None to leave it to the seeded move)."""
    state = setup(players, seed=rng.randrange(1 << 30))
    from_trick = rng.randrange(C.TRICKS)
    trick_events: list[Event] = []
    for _ in range(400):
        if state.round > 1 or state.phase == "over":
            return None
        if state.phase in ("play", "reward") and state.tricks >= from_trick and stop(state):
            return state, tuple(trick_events)
        seat = to_move(state)[0]
        move = (steer(state, seat, rng) if steer and state.tricks >= from_trick else None) or _move(state, seat, rng)
        state, events = apply(state, move)
        if state.phase == "play" and not state.trick:
            trick_events = []
        else:
            trick_events += [e for e in events if e.kind in (f"{_G}.played", f"{_G}.bonus_trump", f"{_G}.bonus_flip")]
    return None


def _players(rng: random.Random, low: int = 2) -> int:
    return rng.randint(low, C.MAX_PLAYERS)


def _key(name: str, state: State, *more: object) -> str:
    return "|".join(str(x) for x in (name, state.players, state.round, state.tricks, state.trump, state.token,
                                      state.leader, ",".join(state.trick), ";".join(",".join(h) for h in state.hands),
                                      ";".join(",".join(b) for b in state.bonuses),
                                      ",".join(str(len(p)) for p in state.pearls)) + more)


def _card(card_id: str) -> Callable[[str], str]:
    return partial(card_name, card_id)


def _player(seat: int) -> Callable[[str], str]:
    return partial(player_name, seat)


# --------------------------------------------------------------------------- which cards may you play?

# the kinds of position the drill asks about, each a fair share of the questions: the led family held (so only those
# cards, and any 5, may be played), not held (every card may be played), and a trick a 5 led (its family is the first
# whale's after it, or none yet while only 5s lie there)
_MAY_PLAY_KINDS = ("held", "held", "held", "not-held", "not-held", "five-only", "five-whale", "five-whale")


def _five_lead(state: State, seat: int, rng: random.Random) -> Optional[Action]:
    """Steer a leader holding a 5 to lead it (a move the rules allow at any time)."""
    if state.phase != "play" or state.trick:
        return None
    fives = [a for a in legal_actions(state, seat) if isinstance(a, PlayCard) and C.FAMILY[a.card] is None]
    return rng.choice(fives) if fives else None


def _may_play(rng: random.Random) -> Optional[Question]:
    kind = rng.choice(_MAY_PLAY_KINDS)
    five_led = kind.startswith("five")
    players = _players(rng, 3) if five_led else _players(rng)

    def asks(s: State) -> bool:
        # no points on the score pad yet: they are taught with the reward (part 7), after this drill's part
        if s.phase != "play" or not s.trick or len(s.hands[s.turn]) < 3 or any(s.noted):
            return False
        family = led_family(s.trick)
        held = family is not None and any(C.FAMILY[c] == family for c in s.hands[s.turn])
        if five_led:
            return C.FAMILY[s.trick[0]] is None and (family is None) == (kind == "five-only")
        return held == (kind == "held") and C.FAMILY[s.trick[0]] is not None
    got = _walk(rng, players, asks, _five_lead if five_led else None)
    if got is None:
        return None
    state, told = got
    me = state.turn
    legal = {a.card for a in legal_actions(state, me) if isinstance(a, PlayCard)}
    hand = state.hands[me]
    options: list[Option] = []
    answer: set[str] = set()
    seen: dict[str, str] = {}
    for c in hand:
        label = card_name(c, "en")
        if label in seen:           # two 5s: one choice ("Five"), and the engine must agree on both
            if (c in legal) != (seen[label] in legal):
                raise DrillError(f"{_G}/may-play: the engine judged two 5s differently")
            continue
        seen[label] = c
        key = f"card-{len(options) + 1}"
        options.append(Option(key, _card(c)))
        if c in legal:
            answer.add(key)
    if len(options) < 2:
        return None
    family = led_family(state.trick)
    parts = []
    if C.FAMILY[state.trick[0]] is None and family is not None:
        parts.append(Words(_K + "may_play.explain_five_led", family=partial(_family, family)))
    if family is None:
        parts.append(Words(_K + "may_play.explain_only_fives"))
    elif not any(C.FAMILY[c] == family for c in hand):
        parts.append(Words(_K + "may_play.explain_none", family=partial(_family, family)))
    else:
        fives = any(C.FAMILY[c] is None for c in hand)
        parts.append(Words(_K + ("may_play.explain_five" if fives else "may_play.explain"),
                           family=partial(_family, family)))
    return Question(
        drill=f"{_G}/may-play", key=_key("may-play", state), state=state,
        prompt=Words(_K + "may_play.prompt", seat=me + 1),
        options=tuple(options), answer=frozenset(answer), rule=_R + "follow",
        # a trick of 5s only has no whale to ask about (a reader was asked about "the trick's first whale" there)
        # "and what about a 5?" only to a hand that holds one (a reader holding none was asked it)
        hint=Words(_K + ("may_play.hint_only_fives" if family is None else
                         "may_play.hint" if any(C.FAMILY[c] is None for c in hand) else "may_play.hint_no_fives")),
        explain=partial(_joined, tuple(parts)),
        # the trick's heading would name the family to follow, the step the question asks (after a led 5 above all)
        why=told, viewer=me, highlight=("trick", f"seat:{me}", "hide:follow", "brief:others"), multi=True,
        all_may_be_right=True)


def _joined(parts: tuple[Any, ...], lang: str) -> str:
    return " ".join(say(p, lang) for p in parts)


def _family(family: Optional[str], lang: str) -> str:
    return family_name(family, lang)


# --------------------------------------------------------------------------- who wins this trick?

def _trick_winner(rng: random.Random) -> Optional[Question]:
    def asks(s: State) -> bool:
        # no points on the score pad yet: they are taught with the reward (part 7), after this drill's part
        return s.phase == "play" and len(s.trick) == s.players - 1 and not any(s.noted)
    got = _walk(rng, _players(rng), asks)
    if got is None:
        return None
    state, told = got
    last = state.turn
    plays = [a for a in legal_actions(state, last) if isinstance(a, PlayCard)]
    play = rng.choice(plays) if rng.random() < 0.5 else _move_card(state, last, rng, plays)
    after, events = apply(state, play)
    won = next(e for e in events if e.kind == f"{_G}.trick_won")
    winner, why = won.data["player"], won.data["why"]
    trick = after.trick
    families = {C.FAMILY[c] for c in trick}
    if len(families) == 1 and winner == state.leader and rng.random() < 0.8:
        return None         # one family, the leader's card best: mostly too plain to drill
    best = trick[(winner - state.leader) % state.players]
    explain = {"fives": "trick_winner.explain_fives"}.get(why, f"trick_winner.explain_{why}_{state.token}")
    if why == "led" and any(C.FAMILY[c] is None for c in trick):
        explain += "_five"      # say a 5 counts as the led family only when one lies in the trick
    if why == "trump" and sum(C.FAMILY[c] == after.trump for c in trick) == 1:
        explain = "trick_winner.explain_trump_one"      # "the lowest of them" of one trump read oddly (a reader)
    # the last player could change the trump or flip the token first: say the card is played with no bonus used
    could = any(isinstance(a, UseBonus) and C.BONUS[a.card] in ("trump", "flip") for a in legal_actions(state, last))
    return Question(
        drill=f"{_G}/trick-winner", key=_key("trick-winner", state, play.card), state=state,
        prompt=Words(_K + ("trick_winner.prompt_no_bonus" if could else "trick_winner.prompt"), seat=last + 1,
                     card=_card(play.card)),
        options=tuple(Option(f"player-{s + 1}", _player(s)) for s in range(state.players)),
        answer=frozenset({f"player-{winner + 1}"}), rule=won.rule,
        hint=Words(_K + "trick_winner.hint"),
        explain=Words(_K + explain, seat=winner + 1, card=_card(best), trump=partial(_family, state.trump),
                      family=partial(_family, led_family(trick) or state.trump)),
        why=told + tuple(events), viewer=last, highlight=("trick", "trump", "brief", f"coming:{play.card}"), after=after,
        events=tuple(events))


def _move_card(state: State, seat: int, rng: random.Random, plays: list[PlayCard]) -> PlayCard:
    a = bots.choose(state, seat, rng)
    return a if isinstance(a, PlayCard) else rng.choice(plays)


# --------------------------------------------------------------------------- which reward scores the most?

def _best_reward(rng: random.Random) -> Optional[Question]:
    got = _walk(rng, _players(rng, 3), lambda s: s.phase == "reward")
    if got is None:
        return None
    state, told = got
    me = state.turn
    before = round_points(state)[me]
    scored, results = {}, {}
    for a in legal_actions(state, me):
        if not isinstance(a, Pick):      # the reward phase: every legal action is a pick
            continue
        after, events = apply(state, a)
        # the pick that ends the round deals the next: its points are in the scored round's row
        points = after.history[-1][1 + me] if after.round > state.round else round_points(after)[me]
        scored[a.card], results[a.card] = points - before, (after, events)
    best = max(scored.values())
    top = [c for c, p in scored.items() if p == best]
    if len(top) != 1:
        return None         # two cards score alike: no one right answer
    options, answer = [], set()
    for i, c in enumerate(state.trick):
        owner = (state.leader + i) % state.players
        key = f"card-{i + 1}"
        options.append(Option(key, Words(_K + "card_of", card=_card(c), seat=owner + 1)))
        if c == top[0]:
            answer.add(key)
    after, events = results[top[0]]
    owner = (state.leader + state.trick.index(top[0])) % state.players
    return Question(
        drill=f"{_G}/best-reward", key=_key("best-reward", state), state=state,
        prompt=Words(_K + "best_reward.prompt", seat=me + 1),
        options=tuple(options), answer=frozenset(answer), rule=_R + "reward",
        hint=Words(_K + "best_reward.hint"),
        explain=Words(_K + ("best_reward.explain_five" if any(C.FAMILY[c] is None for c in state.trick)
                           else "best_reward.explain"), card=_card(top[0]), seat=owner + 1,
                      points=Words(f"{_G}.n_points", n=best)),
        why=tuple(e for e in events if e.kind in (f"{_G}.picked", f"{_G}.picked_five")),
        viewer=me, highlight=("trick", "brief:others"), after=after, events=tuple(events))


# --------------------------------------------------------------------------- who leads next?

def _next_leader(rng: random.Random) -> Optional[Question]:
    def asks(s: State) -> bool:
        return (s.phase == "reward" and s.tricks < C.TRICKS - 1 and any(C.FAMILY[c] is None for c in s.trick))
    got = _walk(rng, _players(rng, 3), asks)
    if got is None:
        return None
    state, told = got
    me = state.turn
    picks = [a for a in legal_actions(state, me) if isinstance(a, Pick)]
    fives = [a for a in picks if C.FAMILY[a.card] is None]
    others = [a for a in picks if C.FAMILY[a.card] is not None]
    pick = rng.choice(fives if fives and (not others or rng.random() < 0.4) else others)
    after, events = apply(state, pick)
    if after.phase == "leader":
        answer, explain = after.turn, "next_leader.explain_chooser"
    elif sum(1 for c in state.trick if C.FAMILY[c] is None) > 1:
        # one 5 of several picked: the winner leads, the tutor's ruling (the rulebook speaks of one 5), said so
        answer, explain = after.leader, "next_leader.explain_picked_five_of_several"
    else:
        answer, explain = after.leader, "next_leader.explain_picked_five"
    owner = (state.leader + state.trick.index(pick.card)) % state.players
    return Question(
        drill=f"{_G}/next-leader", key=_key("next-leader", state, pick.card), state=state,
        # whose card is picked: with two 5s in the trick "the 5" did not say which (a reader)
        prompt=Words(_K + "next_leader.prompt", seat=me + 1, owner=owner + 1, card=_card(pick.card)),
        options=tuple(Option(f"player-{s + 1}", _player(s)) for s in range(state.players)),
        answer=frozenset({f"player-{answer + 1}"}), rule=_R + "five-exception",
        hint=Words(_K + "next_leader.hint"),
        explain=Words(_K + explain, seat=answer + 1),
        why=tuple(e for e in events if e.kind in (f"{_G}.picked", f"{_G}.picked_five", f"{_G}.five_chooses",
                                                  f"{_G}.leads")),
        viewer=me, highlight=("trick", "brief"), after=after, events=tuple(events))


# --------------------------------------------------------------------------- what is a +1 worth now?

def _plus_points(rng: random.Random) -> Optional[Question]:
    def asks(s: State) -> bool:
        # not with points on the score pad ("+1 ✎", ruling short-reward): a reader who counted pearls and pairs as
        # taught was marked wrong by points this question is not about
        return (s.phase == "play" and any(C.BONUS[c] == "plus" for c in s.bonuses[s.turn])
                and not (s.noted and s.noted[s.turn]))
    got = _walk(rng, _players(rng), asks)
    if got is None:
        return None
    state, _told = got
    me = state.turn
    plus = rng.choice([c for c in state.bonuses[me] if C.BONUS[c] == "plus"])
    now = round_points(state)[me]
    after, events = apply(state, UseBonus(me, plus))
    then = round_points(after)[me]
    cards = len(after.pearls[me])
    noted = after.noted[me] if after.noted else 0
    left = len(after.bonuses[me])
    shown = [n for n in range(now - 1, now + 3) if n >= 0]
    if then not in shown:
        raise DrillError(f"{_G}/plus-points: a +1 changed this round's points by {then - now}")
    breakdown = round_breakdown(cards, left, me)
    if noted:       # the points written on the score pad (ruling short-reward) get a line of their own
        pad = ScoreLine(_K + "score_noted", (("n", noted),), noted, _R + "round-end")
        breakdown = Breakdown(me, (breakdown.lines[0], pad) + breakdown.lines[1:])
    if breakdown.total != then:
        raise DrillError(f"{_G}/plus-points: the score lines add up to {breakdown.total}, the engine says {then}")
    return Question(
        drill=f"{_G}/plus-points", key=_key("plus-points", state, plus), state=state,
        prompt=Words(_K + "plus_points.prompt", seat=me + 1, card=_card(plus)),
        options=tuple(Option(f"points-{n}", Words(f"{_G}.n_points", n=n)) for n in shown),
        answer=frozenset({f"points-{then}"}), rule=_R + "bonus-plus",
        hint=Words(_K + "plus_points.hint"),
        explain=Words(_K + ("plus_points.explain_noted" if noted else "plus_points.explain"), card=_card(plus),
                      pile=Words(f"{_G}.n_cards", n=cards), noted=Words(f"{_G}.n_points", n=noted),
                      left=Words(f"{_G}.n_bonuses", n=left), pairs=Words(_K + "n_pairs", n=left // C.BONUS_PAIR),
                      points=Words(f"{_G}.n_points", n=then)),
        # the panels' running count of this round's points would leave only "+1" to add
        why=tuple(events) + (breakdown,), viewer=me, highlight=(f"pearls:{me}", f"seat:{me}", "hide:points",
                                                                      "brief:others"),
        after=after, events=tuple(events))


DRILLS = (
    # may-play asks of tricks led by a 5 too, and best-reward's "show me why" may go on to a 5's player naming the
    # leader: each is shown once its part has taught that (tests/test_taught.py)
    Drill(f"{_G}/may-play", "part-five", Words(_K + "may_play.title"), _R + "follow", _may_play),
    Drill(f"{_G}/trick-winner", "part-trick", Words(_K + "trick_winner.title"), _R + "trick", _trick_winner),
    Drill(f"{_G}/next-leader", "part-five-exception", Words(_K + "next_leader.title"), _R + "five-exception",
          _next_leader),
    Drill(f"{_G}/best-reward", "part-five-exception", Words(_K + "best_reward.title"), _R + "reward", _best_reward),
    Drill(f"{_G}/plus-points", "part-bonuses", Words(_K + "plus_points.title"), _R + "bonus-plus", _plus_points),
)

