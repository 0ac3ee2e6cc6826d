"""Козырные киты after a fresh reader's pass (issue #22, second reading): what the board rings at a new round, how
the Russian names cards after verbs and reads after a colon, who chooses themselves, the rulings' one voice and
the score helper's finished round."""

from __future__ import annotations

import random
import re

from tutor.games import trump_whales as g
from tutor.games.trump_whales.rules import Pick


def test_a_new_round_rings_no_card_of_the_last_trick_in_the_fresh_hands():
    """N4: card ids come back with the new deal; the pick that ended the round named the last trick's cards, and
    the board ringed them in the new hands as "just happened". At four players every card is dealt, so each card
    of the last trick lies in some hand the teacher's view shows."""
    r = random.Random(3)
    s = g.setup(4, seed=3)
    while True:
        seat = g.to_move(s)[0]
        action = r.choice(g.legal_actions(s, seat))
        s, events = g.apply(s, action)
        if isinstance(action, Pick) and s.round == 2:
            break
    picked = next(e for e in events if e.kind.endswith((".picked", ".picked_five"))).data["card"]
    assert any(picked in h for h in s.hands)            # the id is back, in a new hand
    for viewer in (None, 0):
        svg = g.render(g.view(s, viewer), lang="ru", events=events)
        assert 'class="event"' not in svg, re.findall(r'class="event" data-target="[^"]*"', svg)
