"""A simple Мяури player for the play table: a random legal dive; it always throws jellyfish away."""

from __future__ import annotations

import random

from tutor.games.maui.rules import Action, Jellyfish, State, legal_actions


def choose(state: State, seat: int, rng: random.Random) -> Action:
    """A bot's action. `rng` (the table's generator) is not used: the dive is drawn from a generator seeded by
    the position the bot can see and the game's own seed, so Undo at the play table replays the same bot cards
    instead of rolling new ones for the learner to fish among (issue #32)."""
    legal = legal_actions(state, seat)
    # ruling maui/jellyfish-choice: the bots always discard
    discard = [a for a in legal if isinstance(a, Jellyfish) and a.discard]
    if discard:
        return discard[0]
    # what decides: the deal (its seed), the round, the seat and its own hand; never another seat's face-down
    # card, so a learner's different dive cannot change what a bot has already "chosen"
    position = random.Random(repr((state.rng, state.round, seat, tuple(state.hands[seat]))))
    return position.choice(legal)
