"""A simple Мяури player for the play table: a random legal dive; it always throws jellyfish away."""

from __future__ import annotations

import random

from tutor.games.maui.rules import Action, Jellyfish, State, legal_actions


def choose(state: State, seat: int, rng: random.Random) -> Action:
    legal = legal_actions(state, seat)
    # ruling maui/jellyfish-choice: the bots always discard
    discard = [a for a in legal if isinstance(a, Jellyfish) and a.discard]
    if discard:
        return discard[0]
    return rng.choice(legal)
