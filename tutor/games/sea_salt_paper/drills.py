"""Паперові океани drills (tutor.core.drill): endless questions the engine makes and judges.

Each generator deals a round with the game's own `setup` and plays it on with the game's bot (now and then a
random legal move, so positions vary) until the position it asks about; the answer is the engine's: the events
of `apply`, `legal_actions`, the card points and colour bonus the engine scores with. A position that makes a
poor question (nothing near the 7 points, every option the same number...) returns None: the next seed is tried.

    what-pair-does   a pair is played: what comes of it? (crabs, boats, fish, swimmer and shark)
    may-end          may this player end the round now? (7 points on hand and played cards, no bonus)
    bet-outcome      the last turn after LAST CHANCE ends: how many points does this player score?
    colour-bonus     how big is this player's colour bonus? (the colour held most, hand and zone together)
    card-points      how many points are this player's cards worth? (pairs, collections, multipliers, mermaids)

what-pair-does (part 4) deals from EARLY_KINDS too. may-end, bet-outcome and colour-bonus come twice: the "-early" drills practise part 5 (ending the round) on rounds
dealt from the kinds taught by then (EARLY_KINDS: the pairs, shells, octopuses, penguins), the full ones practise
the same questions with every card once the lesson has taught them all (part 11). A learner practises only what
the lesson has taught so far (club review 2026-12-02; lessons/sea_salt_paper/taught.yaml, held by a test).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Optional

from tutor.core.drill import Drill, Option, Question
from tutor.core.events import Event
from tutor.core.scoring import Breakdown, ScoreLine
from tutor.core.wording import Words
from tutor.games.sea_salt_paper import bots
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.rules import (
    Action, EndTurn, LastChance, PlayDuo, State, Stop, apply, legal_actions, points_in_hand, setup, stages,
)
from tutor.games.sea_salt_paper.scoring import breakdown, card_points, colour_bonus, colour_counts
from tutor.games.sea_salt_paper.text import card_name, cards_text, colour_name, points_text

_R = "sea_salt_paper:"
_W = "sea_salt_paper.drill."
STEPS = 400          # actions a generator plays at most before it gives the seed up
Kinds = Optional[frozenset[str]]      # the card kinds a drill's rounds are dealt from (None: the whole deck)
# what part 2 (the numbers for pairs, shells, octopuses, penguins) and part 4 (the pairs) have taught by part 5
EARLY_KINDS: frozenset[str] = frozenset(C.DUO_KINDS) | {"shell", "octopus", "penguin"}


# --------------------------------------------------------------------------- playing to a position

def _deal(rng: random.Random, kinds: Kinds = None) -> State:
    """A fresh round; with `kinds`, dealt from the cards of those kinds only (the others leave the game, so no
    pile, hand or draw ever shows a card the lesson has not taught yet)."""
    state = setup(rng.choice((2, 2, 3, 4)), seed=rng.randrange(1 << 30))
    if kinds is None:
        return state
    from dataclasses import replace
    cards = [c for c in C.ALL_CARDS if C.KIND[c] in kinds]
    rng.shuffle(cards)
    return replace(state, deck=tuple(cards[2:]), discards=((cards[0],), (cards[1],)))


def _move(state: State, rng: random.Random) -> Action:
    """The bot's move, or now and then any legal move (a round ended by a random STOP or LAST CHANCE too)."""
    seat = state.turn
    if rng.random() < 0.2:
        return rng.choice(legal_actions(state, seat))
    return bots.choose(state, seat, rng)


def _play_until(rng: random.Random, fit: Callable[[State], bool], skip: int = 0,
                told: Optional[list[Event]] = None, kinds: Kinds = None) -> Optional[State]:
    """Deal, then play on until a position `fit` accepts, passing the first `skip` fit ones (None: the game ended
    or took too long). `told`, if given, receives the events of the round the position is in. With `kinds`, the
    round is dealt from those kinds only and the position must come in that round (the next deal uses every card)."""
    state = _deal(rng, kinds)
    for _ in range(STEPS):
        if state.over or (kinds is not None and state.round != 1):
            return None
        if fit(state):
            if skip <= 0:
                return state
            skip -= 1
        before = state.round
        state, events = apply(state, _move(state, rng))
        if told is not None:
            if state.round != before:
                told.clear()
            else:
                told.extend(events)
    return None


def _key(name: str, state: State, *more: object) -> str:
    """The position and the question in one string (never asked twice in a session)."""
    seats = "/".join(f"{sorted(h)}|{list(z)}" for h, z in zip(state.hands, state.zones))
    piles = "/".join(",".join(p) for p in state.discards)
    return f"{name}|{state.players}|{state.round}|{state.turn}|{state.phase}|{len(state.deck)}|{piles}|{seats}|" \
        f"{state.caller}|{state.scores}|" + "|".join(map(str, more))


def _player(seat: int) -> Callable[[str], str]:
    from tutor.core.i18n import player_name
    return lambda lang: player_name(seat, lang)


def _points(n: int) -> Callable[[str], str]:
    return lambda lang: points_text(n, lang)


def _card(card: str) -> Callable[[str], str]:
    return lambda lang: card_name(card, lang)


def _number_options(right: int, mistakes: list[int], rng: random.Random, count: int = 4
                    ) -> Optional[tuple[Option, ...]]:
    """Options for a number: the right one and count-1 distinct wrong ones (the natural mistakes first, then
    neighbours), some below and some above it as the seed falls (so the right one is not always in the same
    place), lowest first, each said with its plural ("1 point", «5 очок»). None if fewer than three."""
    near = [right + d for d in (-3, -2, -1, 1, 2, 3)]
    rng.shuffle(near)
    pool = [v for v in dict.fromkeys(list(mistakes) + near) if v >= 0 and v != right]
    below = [v for v in pool if v < right]
    above = [v for v in pool if v > right]
    low = min(rng.randrange(count), len(below))
    picked = below[:low] + above[:count - 1 - low]
    picked += below[low:low + count - 1 - len(picked)]
    values = sorted(picked + [right])
    if len(values) < 3:
        return None
    return tuple(Option(str(v), Words("sea_salt_paper.n_points", n=v)) for v in values)


# --------------------------------------------------------------------------- what does this pair do?

_EFFECTS = ("crab", "boat", "fish", "steal", "nothing")
# the engine's event for each pair's effect (its first event after the pair is laid): what came of it
_EFFECT_OF_EVENT = {
    "sea_salt_paper.fish_drew": "fish", "sea_salt_paper.boat": "boat",
    "sea_salt_paper.fish_nothing": "nothing", "sea_salt_paper.crab_nothing": "nothing",
    "sea_salt_paper.steal_nothing": "nothing",
}


def _pair_effect(state: State, action: PlayDuo, rng: random.Random
                 ) -> tuple[Optional[str], State, list[Event]]:
    """(what came of the pair, the position once its effect is done, the events up to there), by the engine: the
    pair's own stage (never the next deal), then, when its effect asks for a choice (crabs: a pile, then a card;
    swimmer and shark: whose hand), the player's choices as the bot makes them, so "show me why" tells what the
    effect took, not only that the pair was laid."""
    _stage, after, events = stages(state, action)[0]
    events = list(events)
    effect = None
    for e in events[1:]:
        effect = _EFFECT_OF_EVENT.get(e.kind)
        if effect:
            break
    if effect is None:             # the effect asks for a choice next: crabs choose a pile, the steal a victim
        effect = {"crab": "crab", "steal": "steal"}.get(after.phase)
    seat = action.player
    while after.phase in _CHOOSING and after.turn == seat and not after.over:
        after, more = apply(after, bots.choose(after, seat, rng))
        events += more
    return effect, after, events


_CHOOSING = ("crab", "crab_take", "steal")
_EMPTIED = ("crab", "fish", "steal")      # the pairs whose effect needs something on the table
# the share of questions set where the pair's effect finds nothing: a rare corner of a round, and a ruling (a reader
# met it three questions in four, stop 46, when the games dealt also ran their decks dry by themselves)
NOTHING_SHARE = 0.15


def _emptied(state: State, duo: str, seat: int) -> State:
    """The same round with what the pair's effect needs gone, every card kept on the table: for crabs both discard
    piles under the deck, for fish the deck under the discard piles (the player drew its last cards), for a
    swimmer and a shark the opponents' hands under the deck (they played out their cards)."""
    from dataclasses import replace
    if duo == "crab":
        return replace(state, deck=state.deck + state.discards[0] + state.discards[1], discards=((), ()))
    if duo == "fish":
        half = len(state.deck) // 2
        return replace(state, deck=(), discards=(tuple(state.deck[:half]) + state.discards[0],
                                                 tuple(state.deck[half:]) + state.discards[1]))
    taken = tuple(c for s, h in enumerate(state.hands) if s != seat for c in h)
    hands = tuple(h if s == seat else () for s, h in enumerate(state.hands))
    return replace(state, deck=state.deck + taken, hands=hands)


def _what_pair_does(rng: random.Random, kinds: Kinds = None) -> Optional[Question]:
    empty = rng.random() < NOTHING_SHARE      # a fair share of the questions: the effect has nothing to work on
    # which pair is asked about is drawn first, each as often (a reader met the boats' pair four times in five: the
    # pair a random game offers first is most often boats)
    dealt = [d for d in (_EMPTIED if empty else sorted(set(C.EFFECT.values())))
             if kinds is None or {k for k, e in C.EFFECT.items() if e == d} <= kinds]
    if not dealt:
        return None
    want = rng.choice(dealt)

    def fit(s: State) -> bool:
        pairs = [a for a in legal_actions(s, s.turn) if isinstance(a, PlayDuo)] if s.phase == "play" else []
        return any(C.duo_of(*a.cards) == want for a in pairs)
    state = _play_until(rng, fit, skip=rng.randrange(3), kinds=kinds)
    if state is None:
        return None
    seat = state.turn
    pairs = [a for a in legal_actions(state, seat) if isinstance(a, PlayDuo) and C.duo_of(*a.cards) == want]
    if empty:
        action = rng.choice([a for a in pairs if C.duo_of(*a.cards) in _EMPTIED])
        duo = C.duo_of(*action.cards)
        assert duo is not None      # a legal pair makes a duo
        state = _emptied(state, duo, seat)
        if action not in legal_actions(state, seat):
            return None
    else:
        action = rng.choice(pairs)
    effect, after, events = _pair_effect(state, action, rng)
    if effect is None or (effect == "nothing") != empty:     # an empty deck or hand only where it was set
        return None
    a, b = action.cards
    options = tuple(Option(e, Words(_W + f"pair.option.{e}")) for e in _EFFECTS)
    duo = C.duo_of(a, b)
    return Question(
        drill="sea_salt_paper/what-pair-does",
        key=_key("pair", state, a, b),
        state=state, viewer=seat,
        prompt=Words(_W + "pair.prompt", p=seat + 1, a=_card(a), b=_card(b)),
        options=options, answer=frozenset({effect}),
        rule=_R + "duos",
        hint=Words(_W + f"pair.hint.{duo}"),
        explain=Words(_W + f"pair.explain.{effect}" + (f".{duo}" if effect == "nothing" else ""),
                      duo=Words(f"sea_salt_paper.duo.{duo}")),
        why=tuple(events),
        # the pair's two cards (the seat's ring went round the whole hand, a reader)
        highlight=(f"card:{a}", f"card:{b}"),
        after=after, events=tuple(events),
    )


# --------------------------------------------------------------------------- may this player end the round?

def _may_end(rng: random.Random, kinds: Kinds = None) -> Optional[Question]:
    low, high = C.STOP_POINTS - 3, C.STOP_POINTS + 3
    want = rng.random() < 0.5          # half the questions may end the round, half may not

    def fit(s: State) -> bool:
        return (s.phase == "play" and low <= points_in_hand(s, s.turn) <= high
                and (Stop(s.turn) in legal_actions(s, s.turn)) == want)
    told: list[Event] = []
    state = _play_until(rng, fit, skip=rng.randrange(2), told=told, kinds=kinds)
    if state is None:
        return None
    seat = state.turn
    points = points_in_hand(state, seat)
    mine = state.hands[seat] + state.zones[seat]
    may = Stop(seat) in legal_actions(state, seat)
    why: list[Any] = [breakdown(mine, seat)]
    if may:
        reason = "yes"
    elif state.caller is not None:
        reason = "ending"           # the engine's own LAST CHANCE of this round says why
        why = [e for e in told if e.kind == "sea_salt_paper.last_chance"][-1:] + why
    else:
        reason = "no"
    bonus = colour_bonus(mine)
    near_with_bonus = not may and state.caller is None and points + bonus >= C.STOP_POINTS
    return Question(
        drill="sea_salt_paper/may-end" + ("-early" if kinds else ""),
        key=_key("may-end", state),
        state=state, viewer=seat,
        prompt=Words(_W + "end.prompt", p=seat + 1),
        options=(Option("yes", Words(_W + "end.yes")), Option("no", Words(_W + "end.no"))),
        answer=frozenset({"yes" if may else "no"}),
        rule=_R + "end-round",
        hint=Words(_W + "end.hint", need=_points(C.STOP_POINTS)),
        explain=Words(_W + f"end.explain.{reason}" + (".bonus" if near_with_bonus else ""), p=seat + 1,
                      points=_points(points), need=_points(C.STOP_POINTS), bonus=_points(bonus),
                      caller=(state.caller or 0) + 1),
        why=tuple(why),
        highlight=("hide:points", f"seat:{seat}"),
    )


# --------------------------------------------------------------------------- how does the bet end?

def _last_turn_ends(rng: random.Random, state: State) -> Optional[tuple[State, EndTurn]]:
    """After LAST CHANCE: play the opponents' last turns until the very last one is about to end; (the position,
    that EndTurn) or None."""
    for _ in range(STEPS):
        if state.over or state.caller is None:
            return None
        action = bots.choose(state, state.turn, rng)
        if isinstance(action, EndTurn) and not state.last_turns:
            return state, action
        state, _events = apply(state, action)
    return None


def _bet_outcome(rng: random.Random, kinds: Kinds = None) -> Optional[Question]:
    def fit(s: State) -> bool:
        return s.phase == "play" and s.caller is None and LastChance(s.turn) in legal_actions(s, s.turn)
    start = _play_until(rng, fit, skip=rng.randrange(2), kinds=kinds)
    if start is None:
        return None
    caller = start.turn
    state, _events = apply(start, LastChance(caller))
    found = _last_turn_ends(rng, state)
    if found is None:
        return None
    state, end = found
    cuts = stages(state, end)
    _stage, after, events = cuts[0]
    settled = next((e for e in events if e.kind in ("sea_salt_paper.bet_won", "sea_salt_paper.bet_lost")), None)
    if settled is None:
        return None
    won = settled.kind == "sea_salt_paper.bet_won"
    others = [s for s in range(state.players) if s != caller]
    asked = caller if rng.random() < 0.5 else rng.choice(others)
    cards = state.hands[asked] + state.zones[asked]
    points, bonus = card_points(cards), colour_bonus(cards)
    scored = settled.data["points"][asked]
    options = _number_options(scored, [points + bonus, bonus, points, 0], rng)
    if options is None:
        return None
    role = "caller" if asked == caller else "other"
    outcome = "won" if won else "lost"
    best = max(others, key=lambda s: (settled.data["card_points"][s], -s))     # the other with most card points
    counts_cards = won if asked == caller else not won
    lines = breakdown(cards, asked, bonus=True)
    if not counts_cards:
        lines = type(lines)(asked, tuple(line for line in lines.lines if ".colour_bonus." in line.key))
    elif asked != caller:
        lines = breakdown(cards, asked)
    return Question(
        drill="sea_salt_paper/bet-outcome" + ("-early" if kinds else ""),
        key=_key("bet", state, asked),
        state=state, viewer=None,
        prompt=Words(_W + f"bet.prompt.{'self' if asked == caller else 'other'}", caller=caller + 1,
                     last=state.turn + 1, p=asked + 1),
        options=options, answer=frozenset({str(scored)}),
        rule=_R + "round-end",
        hint=Words(_W + f"bet.hint.{role}"),
        # the two totals that decide the bet, said (a reader found "someone has more" without them): the caller's
        # card points and the best of the others' (the engine's own, from the settling event)
        explain=Words(_W + f"bet.explain.{role}.{outcome}", p=asked + 1, caller=caller + 1,
                      points=_points(points), bonus=_points(bonus), scored=_points(scored),
                      mine=_points(settled.data["card_points"][caller]), best=best + 1,
                      theirs=_points(settled.data["card_points"][best])),
        why=(settled, lines),
        # every seat's "cards N · colour bonus M" would answer the question: left out, as in the other scoring drills
        highlight=("hide:points", f"seat:{asked}"),
        after=after, events=tuple(events),
    )


# --------------------------------------------------------------------------- what are these cards worth?

@dataclass(frozen=True)
class _Counted(ScoreLine):
    """A score line that names the cards it counts: "yellow boat, black boat — Boat pairs × 1". "Show me why" said the
    engine's lines alone ("Boat pairs × 1"), which of the cards on the board made them left to the learner."""

    cards: tuple[str, ...] = ()

    def label(self, lang: str = "en") -> str:
        from tutor.core.i18n import text
        return text(_W + "points.why.line", lang, cards=cards_text(self.cards, lang), line=super().label(lang))


def _counted(cards: tuple[str, ...], lines: Breakdown) -> Breakdown:
    """The engine's lines for `cards` (scoring.breakdown), each with the cards it counts, then the cards that count in
    none: a duo card with no partner. Which card of a kind makes a pair is the table's choice, not the rules': the
    first ones, in the order the cards lie."""
    left = list(cards)

    def take(kind: str, n: int) -> tuple[str, ...]:
        got = tuple(c for c in left if C.KIND[c] == kind)[:n]
        for c in got:
            left.remove(c)
        return got

    mermaids = [c for c in cards if C.KIND[c] == "mermaid"]
    out: list[ScoreLine] = []
    for line in lines.lines:
        n = dict(line.params).get("n", 0)
        what = line.key.removeprefix("sea_salt_paper.score.").split(".")
        if what[0] == "pairs" and what[1] == "steal":
            counted = take("swimmer", n) + take("shark", n)
        elif what[0] == "pairs":
            counted = take(what[1], 2 * n)
        elif what[0] in ("collection", "multiplier"):
            counted = take(what[1], len(cards))
        else:                                     # a mermaid: one card each, the colour it counts in its line
            counted = take("mermaid", 1) if mermaids else ()
        out.append(_Counted(line.key, line.params, line.points, line.rule, counted))
    if left:
        out.append(_Counted(_W + "points.why.alone", (), 0, _R + "duos", tuple(left)))
    return Breakdown(lines.player, tuple(out))


def _card_points(rng: random.Random) -> Optional[Question]:
    def fit(s: State) -> bool:
        if s.phase != "play":
            return False
        cards = s.hands[s.turn] + s.zones[s.turn]
        return len(cards) >= 4 and len(breakdown(cards).lines) >= 2
    state = _play_until(rng, fit, skip=rng.randrange(6))
    if state is None:
        return None
    seat = state.turn
    hand, zone = state.hands[seat], state.zones[seat]
    cards = hand + zone
    total = card_points(cards)
    if total < 2:
        return None
    lines = breakdown(cards, seat)
    assert lines.total == total
    mistakes = [card_points(hand), total + colour_bonus(cards), total - max(line.points for line in lines.lines)]
    rng.shuffle(mistakes)
    options = _number_options(total, mistakes, rng)
    if options is None:
        return None
    return Question(
        drill="sea_salt_paper/card-points",
        key=_key("points", state),
        state=state, viewer=seat,
        prompt=Words(_W + "points.prompt", p=seat + 1),
        options=options, answer=frozenset({str(total)}),
        rule=_R + "cards",
        hint=Words(_W + "points.hint"),
        # the answer is said once ("Answer: 3 points"); the explanation adds what a count forgets, and "why" which
        # card scores what, under which rule
        # a mermaid's points are counted in the answer: said so beside "the colour bonus is not card points" (a
        # reader who left out the mermaid read that line as "colours do not count", which part 9 warns of)
        explain=(Words(_W + "points.explain_mermaid", bonus=_points(colour_bonus(cards)))
                 if any(".mermaid." in line.key for line in lines.lines)
                 else Words(_W + "points.explain", bonus=_points(colour_bonus(cards)))),
        why=(_counted(cards, lines),),
        highlight=("hide:points", f"seat:{seat}"),
    )


# --------------------------------------------------------------------------- the colour bonus

def _colour_bonus(rng: random.Random, kinds: Kinds = None) -> Optional[Question]:
    need = rng.choice((2, 3, 3, 4))     # small bonuses come first in a round: ask for bigger ones as often

    def fit(s: State) -> bool:
        if s.phase != "play" or not s.zones[s.turn] or not s.hands[s.turn]:
            return False
        cards = s.hands[s.turn] + s.zones[s.turn]
        return len(cards) >= 5 and len({C.COLOUR[c] for c in cards}) >= 3 and colour_bonus(cards) >= need
    state = _play_until(rng, fit, skip=rng.randrange(4), kinds=kinds)
    if state is None:
        return None
    seat = state.turn
    hand, zone = state.hands[seat], state.zones[seat]
    cards = hand + zone
    bonus = colour_bonus(cards)
    counts = sorted((n for _colour, n in colour_counts(cards)), reverse=True)
    if bonus < 2:
        return None
    mistakes = [colour_bonus(hand), colour_bonus(zone), counts[1] if len(counts) > 1 else 0, len(counts),
                colour_bonus([c for c in cards if C.KIND[c] != "mermaid"])]
    rng.shuffle(mistakes)
    options = _number_options(bonus, mistakes, rng)
    if options is None:
        return None
    line = breakdown(cards, seat, bonus=True).lines[-1]
    ranked = colour_counts(cards)
    colour = ranked[0][0]
    tied = [c for c, n in ranked if n == ranked[0][1]]
    return Question(
        drill="sea_salt_paper/colour-bonus" + ("-early" if kinds else ""),
        key=_key("colour", state),
        state=state, viewer=seat,
        prompt=Words(_W + "colour.prompt", p=seat + 1),
        options=options, answer=frozenset({str(bonus)}),
        rule=_R + "round-end",
        # the mermaids (white cards) are named only where the round can hold one
        hint=Words(_W + "colour.hint" + ("" if kinds is None or "mermaid" in kinds else ".early")),
        # tied colours are all named: naming one read as if only it counted
        explain=Words(_W + ("colour.explain_tie" if len(tied) > 1 else "colour.explain"), points=_points(bonus),
                      colour=lambda lang: colour_name(colour, lang),
                      colours=lambda lang: ", ".join(colour_name(c, lang) for c in tied)),
        why=(Breakdown(seat, (line,)),),
        # nothing marked before the answer (a mark round the hand read as "count the hand"); "show me why" marks
        # exactly the cards the bonus counts, in the hand and among the played cards alike
        highlight=("hide:points",),
        why_highlight=tuple(f"card:{c}" for c in cards if C.COLOUR[c] == colour),
    )


def _early(make: Callable[..., Optional[Question]]) -> Callable[[random.Random], Optional[Question]]:
    """The generator on rounds dealt from EARLY_KINDS only."""
    return lambda rng: make(rng, EARLY_KINDS)


DRILLS = (
    Drill("sea_salt_paper/what-pair-does", "part-duos", Words(_W + "pair.title"), _R + "duos",
          _early(_what_pair_does)),
    Drill("sea_salt_paper/may-end-early", "part-end-round", Words(_W + "end.title"), _R + "end-round",
          _early(_may_end)),
    Drill("sea_salt_paper/colour-bonus-early", "part-end-round", Words(_W + "colour.title"), _R + "round-end",
          _early(_colour_bonus)),
    Drill("sea_salt_paper/bet-outcome-early", "part-end-round", Words(_W + "bet.title"), _R + "round-end",
          _early(_bet_outcome)),
    Drill("sea_salt_paper/card-points", "part-multipliers", Words(_W + "points.title"), _R + "cards", _card_points),
    Drill("sea_salt_paper/may-end", "part-multipliers", Words(_W + "end.title.all"), _R + "end-round", _may_end),
    Drill("sea_salt_paper/colour-bonus", "part-multipliers", Words(_W + "colour.title.all"), _R + "round-end",
          _colour_bonus),
    Drill("sea_salt_paper/bet-outcome", "part-multipliers", Words(_W + "bet.title.all"), _R + "round-end",
          _bet_outcome),
)
