"""Aqua Fest under a hypothesis state machine: arbitrary legal and illegal actions, 2..4 players.

After every step: the engine's invariants hold, the position round-trips through JSON, every score
breakdown adds up, someone can act until the game is over, and no view shows its viewer a secret.
Illegal actions must raise RuleViolation, name a rulebook heading and leave the state as it was.
Some games start late (most fragments already collected) so that the end of the game is reached often.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tutor.core.rules import section
from tutor.games import aqua_fest as A
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move

seats = st.integers(-1, 4)
cards = st.sampled_from(C.ALL_CARDS)
arbitrary_actions = st.one_of(
    st.builds(Move, seats, cards, st.integers(-1, 25)),
    st.builds(Attack, seats, seats, cards),
    st.builds(Defend, seats, cards),
    st.builds(EndTurn, seats),
    st.builds(DrawTwo, seats, st.one_of(st.none(), st.integers(-1, 5))),
)


def all_legal(state):
    return [a for p in range(state.players) for a in A.legal_actions(state, p)]


class AquaFestGame(RuleBasedStateMachine):
    state = None

    @initialize(players=st.integers(2, 4), seed=st.integers(0, 2 ** 32), first=st.integers(0, 3),
                late=st.sampled_from([0, 0, 20, 34, 38]))
    def start(self, players, seed, first, late):
        collected = None
        if late:
            # a late game: `late` fragments already shared out, the rest on the seabed (face up)
            r = random.Random(seed)
            taken = r.sample(C.FRAGMENTS, late)
            collected = [taken[p::players] for p in range(players)]
        self.state = A.setup(players, seed=seed, first=first % players, collected=collected)
        event(f"start late={late}")

    # ------------------------------------------------------------------ actions

    def _apply_legal(self, action):
        before, before_json = self.state, A.to_json(self.state)
        new, events = A.apply(self.state, action)
        assert self.state == before and A.to_json(self.state) == before_json  # the old state is untouched
        assert events and all(section(e.rule) for e in events)
        for e in events:
            assert e.narrate("en") and e.narrate("ru")
        self._check_transition(before, new, action, events)
        self.state = new

    def _check_transition(self, before, new, action, events):
        left_before, left_after = A.fragments_left(before), A.fragments_left(new)
        assert left_after <= left_before
        assert new.over == (left_after == 0)
        if isinstance(action, Move):
            assert new.pawns[action.player] == action.to
            assert action.card in new.discard
            gained = len(new.collected[action.player]) - len(before.collected[action.player])
            assert 0 <= gained <= 2 and gained == left_before - left_after
            event(f"move took {gained}")
        elif isinstance(action, Defend):
            attacker, defender, _ = before.battle
            a, d = new.last_battle[2:]
            sa, sd = C.card(a).strength, C.card(d).strength
            loser = None if sa == sd else (defender if sa > sd else attacker)
            if loser is None:
                assert new.pawns[attacker] is None and new.pawns[defender] is None
            else:
                assert new.pawns[loser] is None
                assert len(new.collected[loser]) == max(0, len(before.collected[loser]) - 1)
            event("battle fought")
        elif isinstance(action, (EndTurn, DrawTwo)):
            assert new.turn == (before.turn + 1) % before.players and new.moves == 0
            if any(e.kind == "aqua_fest.reshuffled" for e in events):
                event("reshuffled")
        if new.over:
            event("game over")

    @precondition(lambda self: not self.state.over)
    @rule(data=st.data())
    def legal_action(self, data):
        self._apply_legal(data.draw(st.sampled_from(all_legal(self.state))))

    @precondition(lambda self: not self.state.over)
    @rule(data=st.data())
    def near_miss(self, data):
        """The right player with one of their own cards, any cell: often legal, often not."""
        p = A.to_move(self.state)[0]
        hand = self.state.hands[p]
        if not hand:
            return
        self._try(Move(p, data.draw(st.sampled_from(hand)), data.draw(st.integers(0, 24))))

    @rule(action=arbitrary_actions)
    def any_action(self, action):
        self._try(action)

    def _try(self, action):
        legal = 0 <= action.player < self.state.players and action in A.legal_actions(self.state, action.player)
        if legal:
            self._apply_legal(action)
            return
        before, before_json = self.state, A.to_json(self.state)
        try:
            A.apply(self.state, action)
        except A.RuleViolation as exc:
            heading = section(exc.rule).heading
            assert heading in exc.explain("en") and heading in exc.explain("ru")
            event(f"refused {exc.key}")
        else:
            raise AssertionError(f"{action} was applied though it is not a legal action")
        assert self.state == before and A.to_json(self.state) == before_json

    @precondition(lambda self: not self.state.over)
    @rule(seed=st.integers(0, 2 ** 16), turns=st.integers(1, 8))
    def play_turns(self, seed, turns):
        """Play legal actions for a few turns (keeps games reaching their end in few steps)."""
        r = random.Random(seed)
        for _ in range(turns):
            start = self.state.turn
            while self.state.turn == start and not self.state.over:
                actions = all_legal(self.state)
                # prefer moving on: a random policy that mostly moves and ends turns
                moves = [a for a in actions if isinstance(a, (Move, EndTurn, Defend))]
                self._apply_legal(r.choice(moves if moves and r.random() < 0.8 else actions))
            if self.state.over:
                break

    # ------------------------------------------------------------------ invariants

    @invariant()
    def engine_invariants(self):
        assert A.check_invariants(self.state) == []

    @invariant()
    def json_round_trip(self):
        text = A.to_json(self.state)
        back = A.state_from_json(text)
        assert back == self.state
        assert A.to_json(back) == text

    @invariant()
    def scores_add_up(self):
        board = A.score(self.state)
        assert len(board) == self.state.players
        for b in board:
            assert b.total == sum(line.points for line in b.lines)
            assert b.total >= self.state.bonus[b.player]
        assert A.winners(self.state)

    @invariant()
    def someone_can_act_until_the_end(self):
        legal = all_legal(self.state)
        if self.state.over:
            assert legal == [] and A.to_move(self.state) == []
        else:
            assert legal
            assert sorted({a.player for a in legal}) == sorted(A.to_move(self.state))

    @invariant()
    def views_keep_secrets(self):
        for viewer in range(self.state.players):
            dumped = json.dumps(A.view(self.state, viewer))
            leaked = [x for x in A.secrets(self.state, viewer) if json.dumps(x) in dumped]
            assert leaked == [], (viewer, leaked)
        json.dumps(A.view(self.state, None))


AquaFestGame.TestCase.settings = settings(
    max_examples=50, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestAquaFestGame = AquaFestGame.TestCase
