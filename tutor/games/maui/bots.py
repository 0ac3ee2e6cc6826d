"""The Мяури players of the play table: a one-ply look at the round; they always throw jellyfish away.

A bot weighs each dive card in its hand by what it would likely bring this round, played against guesses at the
others' cards, less what the card costs its hand:

- the guesses: SAMPLES draws of every other seat's card from what it may still hold (numbers 1 to 12 not yet
  revealed, public at the table: each card is turned up when played). A card already laid face down is guessed
  like any other, never read;
- the round is played by the engine itself (`apply`: the depths, Kiti's hands, the no-fights variant, seagulls,
  three jellyfish), and the bot counts what its catch pile gains or loses. A card in a cell a lantern fish hid
  is valued at the mean of the cards it has not seen, unless the bot is the one who peeked (it knows that card);
  three jellyfish it would throw away (the offer's answer below), so they count as gone;
- a card's cost: how much higher it is than the hand's mean, times COST (a 12 spent on a catfish is a 12 the deep
  will miss later; a 1 is cheap, and the shallows are its job).

So it no longer takes a seagull with a tuna on top of its pile, nor a jellyfish it could leave, where a card of its
hand avoids them. Among the cards within SLACK points of the best it picks one, each seat with its own temper (how
dear its high cards are), so four bots do not all lay the same card. It is deterministic: the guesses and that pick
are drawn from a generator seeded by the position
the bot can see and the game's own seed (the table's `rng` is not used), so Undo at the play table replays the
same bot cards instead of rolling new ones for the learner to fish among (issue #32). About 20 ms a decision.
"""

from __future__ import annotations

import random
from dataclasses import replace
from statistics import fmean

from tutor.games.maui import components as C
from tutor.games.maui.rules import Action, Dive, Jellyfish, State, apply, legal_actions

SAMPLES = 24        # guesses at the others' cards per decision
COST = 0.3          # points a card costs its hand per number above the hand's mean
# Each seat's temper: how dear its high cards are to it (COST times this). With one COST for all, every bot played
# its 1 in the first round of 12 games in 20, and a reader saw bots that copy the learner, rounds decided by Kiti.
TEMPER = (1.0, 0.35, 1.0, 1.7, 0.6)
SLACK = 3.5         # points within the best that a bot may still choose: a person does not always play the sum
                    # (at 1.5 a reader saw every bot lay the same card in 3 rounds of 9, a game of ties; round 1 of 60 deals: three
                    # bots alike 26 times at 1.5, 9 at 3.5, stop 50)


def choose(state: State, seat: int, rng: random.Random) -> Action:
    """A bot's action (`rng`, the table's generator, is not used: see the module's words)."""
    legal = legal_actions(state, seat)
    # ruling maui/jellyfish-choice: the bots always discard
    discard = [a for a in legal if isinstance(a, Jellyfish) and a.discard]
    if discard:
        return discard[0]
    dives = [a for a in legal if isinstance(a, Dive)]
    if len(dives) <= 1:
        return (dives or legal)[0]
    # what decides: the deal (its seed), the round, the seat and its own hand; never another seat's face-down
    # card, so a learner's different dive cannot change what a bot has already "chosen"
    position = random.Random(repr((state.rng, state.round, seat, tuple(state.hands[seat]))))
    cost = COST * TEMPER[seat % len(TEMPER)]
    worth = {a: _worth(state, seat, a.card, guesses) - cost * (a.card - fmean(state.hands[seat]))
             for guesses in [_guesses(state, seat, position)] for a in dives}
    best = max(worth.values())
    return position.choice([a for a in dives if worth[a] >= best - SLACK])


def _guesses(state: State, seat: int, position: random.Random) -> list[dict[int, int]]:
    """SAMPLES guesses at every other seat's dive card, each from the cards that seat may still hold (its hand
    and, if it has laid one face down, that card back among them: the bot does not know which it was)."""
    holds = {s: sorted(_may_hold(state, s)) for s in range(state.players) if s != seat}
    return [{s: position.choice(cards) for s, cards in holds.items()} for _ in range(SAMPLES)]


def _may_hold(state: State, s: int) -> set[int]:
    """Seat `s`'s hand with its face-down card (if it has laid one) back among it."""
    laid = state.chosen[s]
    return set(state.hands[s]) | ({laid} if laid is not None else set())


def _pile_points(pile: tuple[str, ...], throw_jellyfish: bool) -> int:
    cards = [c for c in pile if not (throw_jellyfish and C.kind(c) == "jellyfish")]
    return sum(C.value(c) for c in cards)


def _worth(state: State, seat: int, card: int, guesses: list[dict[int, int]]) -> float:
    """What `card` brings the bot's catch pile this round, on average over the guesses."""
    # the round before anyone's face-down card: every seat lays its guessed card, the bot its own
    open_ = replace(state, chosen=(None,) * state.players,
                    hands=tuple(tuple(sorted(_may_hold(state, s))) for s in range(state.players)))
    before = _pile_points(state.piles[seat], False)
    hidden = {cell for cell, peeker in state.face_down if peeker != seat}     # cells whose card the bot has not seen
    unseen = fmean(_unseen_values(state, seat)) if hidden else 0.0
    total = 0.0
    for guess in guesses:
        after = open_
        for s in range(state.players):
            after, events = apply(after, Dive(s, card if s == seat else guess[s]))
        caught = next((e for e in events if e.kind == "maui.catch" and e.data["player"] == seat), None)
        if caught is not None and C.DEPTHS.index(caught.data["depth"]) in hidden:
            total += unseen
            continue
        total += _pile_points(after.piles[seat], seat in after.pending) - before
    return total / len(guesses)


def _unseen_values(state: State, seat: int) -> list[int]:
    """The values of the catch cards the bot has not seen: the deck, the card boxed unseen, a lantern's hidden
    card, and the covered cards of the others' piles (unless baskets are open)."""
    seen = {c for cell in state.lagoon for c in cell[:-1]} | set(state.piles[seat]) | set(state.boxed)
    seen |= {cell[-1] for i, cell in enumerate(state.lagoon) if cell and
             all(i != c or p == seat for c, p in state.face_down)}
    for s, pile in enumerate(state.piles):
        seen |= set(pile) if state.has("open-baskets") else set(pile[-1:])
    values = [C.value(c) for c in C.ALL_CATCH if c not in seen]
    return values or [0]
