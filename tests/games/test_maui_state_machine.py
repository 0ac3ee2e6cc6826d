"""Мяури under a hypothesis state machine: arbitrary legal and illegal actions, 3..6 players, all variants.

After every step: the engine's invariants hold, the position round-trips through JSON, every score
breakdown adds up, someone can act until the game is over, and no view shows its viewer a secret.
Illegal actions must raise RuleViolation, name a rulebook heading and leave the state as it was.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tutor.core.rules import section
from tutor.games import maui
from tutor.games.maui.rules import Dive, Jellyfish

VARIANTS = [(), ("open-baskets",), ("no-fights",), ("no-fights", "open-baskets")]

arbitrary_actions = st.one_of(
    st.builds(Dive, st.integers(-1, 7), st.integers(-1, 14)),
    st.builds(Jellyfish, st.integers(-1, 7), st.booleans()),
)


def all_legal(state):
    return [a for p in range(state.players) for a in maui.legal_actions(state, p)]


class MauiGame(RuleBasedStateMachine):
    state = None

    @initialize(players=st.integers(3, 6), variant=st.sampled_from(VARIANTS),
                seed=st.integers(0, 2 ** 32), youngest=st.integers(0, 5), jelly=st.booleans())
    def start(self, players, variant, seed, youngest, jelly):
        extra = {}
        if jelly:
            # two jellyfish already caught and a third and a lantern fish in the lagoon: reaches the
            # jellyfish offer (rare in random play) and the lantern's face-down card quickly
            # (a round-2 position: round 1's three catches are in the piles, everyone used a 1)
            extra = dict(round=2, hands=[range(2, 13)] * players,
                         piles=[["jellyfish-1", "jellyfish-2"], ["tuna-8"]] + [[]] * (players - 2),
                         lagoon={"deep": "jellyfish-3", "middle": "lantern-1", "shallow": "catfish-1"})
        self.state = maui.setup(players, seed=seed, variant=variant, youngest=youngest % players, **extra)
        self.rounds_seen = 1

    # ------------------------------------------------------------------ actions

    def _apply_legal(self, action):
        before, before_json = self.state, maui.to_json(self.state)
        new, events = maui.apply(self.state, action)
        assert self.state == before and maui.to_json(self.state) == before_json  # the old state is untouched
        assert events and all(section(e.rule) for e in events)
        for e in events:
            assert e.narrate("en") and e.narrate("ru")
        self._check_transition(before, new, action)
        self.state = new

    def _check_transition(self, before, new, action):
        if isinstance(action, Dive):
            if new.round == before.round and not (new.pending and not before.pending):
                assert new.chosen[action.player] == action.card
            assert action.card not in new.hands[action.player]
        if new.round != before.round:
            assert new.round == before.round + 1
            if before.kiti is not None:
                assert new.kiti == (before.kiti + 1) % before.players
            else:
                assert new.kiti is None
            # at most one catch per player per round: a pile grows by at most the cards of one cell
            if not before.has("no-fights"):
                for b, a in zip(before.piles, new.piles):
                    assert len(a) <= len(b) + 1

    @precondition(lambda self: not self.state.over)
    @rule(data=st.data())
    def legal_action(self, data):
        action = data.draw(st.sampled_from(all_legal(self.state)))
        self._apply_legal(action)

    @rule(action=arbitrary_actions)
    def any_action(self, action):
        legal = 0 <= action.player < self.state.players and action in maui.legal_actions(self.state, action.player)
        if legal:
            self._apply_legal(action)
            return
        before, before_json = self.state, maui.to_json(self.state)
        try:
            maui.apply(self.state, action)
        except maui.RuleViolation as exc:
            heading = section(exc.rule).heading
            assert heading in exc.explain("en") and heading in exc.explain("ru")
        else:
            raise AssertionError(f"{action} was applied though it is not a legal action")
        assert self.state == before and maui.to_json(self.state) == before_json

    @precondition(lambda self: not self.state.over)
    @rule(seed=st.integers(0, 2 ** 16))
    def finish_round(self, seed):
        """Play legal actions until the round ends (keeps games reaching round 12 in few steps)."""
        r = random.Random(seed)
        start = self.state.round
        while self.state.round == start and not self.state.over:
            self._apply_legal(r.choice(all_legal(self.state)))

    # ------------------------------------------------------------------ invariants

    @invariant()
    def engine_invariants(self):
        assert maui.check_invariants(self.state) == []

    @invariant()
    def json_round_trip(self):
        text = maui.to_json(self.state)
        back = maui.state_from_json(text)
        assert back == self.state
        assert maui.to_json(back) == text

    @invariant()
    def scores_add_up(self):
        board = maui.score(self.state)
        assert len(board) == self.state.players
        for b in board:
            assert b.total == sum(line.points for line in b.lines)
        assert maui.winners(self.state)

    @invariant()
    def someone_can_act_until_the_end(self):
        legal = all_legal(self.state)
        event(f"reached phase {self.state.phase}")
        if self.state.over:
            assert legal == [] and maui.to_move(self.state) == []
        else:
            assert legal
            assert sorted({a.player for a in legal}) == sorted(maui.to_move(self.state))

    @invariant()
    def views_keep_secrets(self):
        for viewer in list(range(self.state.players)) + [None]:
            dumped = json.dumps(maui.view(self.state, viewer))
            leaked = [x for x in maui.secrets(self.state, viewer) if json.dumps(x) in dumped]
            assert leaked == [], (viewer, leaked)


MauiGame.TestCase.settings = settings(
    max_examples=80, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestMauiGame = MauiGame.TestCase
