"""Every ready game under one hypothesis state machine over the engine contract (tests/kit.py).

Openings from the game's own options (player counts, variants, setup options); then arbitrary legal actions,
the game's candidate actions (often illegal: wrong seat, a card not held, a cell off the board) and runs of
random play to the end. After every step: invariants, the exact JSON round trip, scores and winners, someone
to act until the end, views that keep secrets; each legal action leaves the old position as it was and tells
its events citing a rulebook heading in every lesson language; each illegal one raises RuleViolation citing its
heading and leaves the position equal to a copy decoded beforehand; at the end the action log replays.
What only one game knows is checked in that game's own test file.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from kit import contract_machine
from tutor.core.game import ready_games


@pytest.mark.parametrize("game_id", ready_games())
def test_the_contract_holds_under_arbitrary_play(game_id):
    run_state_machine_as_test(contract_machine(game_id), settings=settings(
        max_examples=12, stateful_step_count=40, deadline=None,     # was 20: scaled by count for `make test`
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    ))
