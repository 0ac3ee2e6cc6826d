"""The test kit: what every game's tests check about the engine contract, written once.

    check_position(game, state)        invariants, exact JSON round trip, scores and winners, someone to act
                                       until the end (and nobody after), views that keep each viewer's secrets
    check_applied(game, before_json, before, action, after, events)
                                       a legal action: the old position untouched, events that cite a rulebook
                                       heading and narrate in every lesson language, the action's JSON round trip
    check_refused(game, state, action) an illegal action: RuleViolation citing its heading in every lesson
                                       language, the position equal to a copy decoded separately beforehand
    walk(game, state, r)               a random game from `state`: (before, action, after, events) per action
    contract_machine(game_id)          a hypothesis state machine over the contract (tests/games/test_state_machine.py)

A game's own test file adds what only that game knows (Kiti moves on each round, fragments only ever leave the
seabed), usually as a `walk` over random games with a few lines of checks per step.
"""

from __future__ import annotations

import json
import random

from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tutor.core.errors import RuleViolation
from tutor.core.game import spec
from tutor.core.rules import section


# --------------------------------------------------------------------------- what a game offers

def player_counts(game) -> list[int]:
    return list(game.players)


def variants(game) -> tuple:
    return tuple(game.variants)


def setup_options(game) -> dict:
    """Other setup options a game wants tried: {name: values}."""
    return dict(game.setup_options)


def lesson_langs(game_id: str) -> tuple:
    """English and the languages the game's lessons are written in: every refusal and event speaks them."""
    return tuple(dict.fromkeys(("en",) + tuple(spec(game_id).lesson_langs)))


def all_legal(game, state) -> list:
    """Every legal action of every seat."""
    return [a for p in range(state.players) for a in game.legal_actions(state, p)]


# --------------------------------------------------------------------------- the checks

def check_position(game, state) -> None:
    """What must hold in any position the engine reaches."""
    assert game.check_invariants(state) == []
    text = game.to_json(state)
    back = game.state_from_json(text)
    assert back == state and game.to_json(back) == text, "the JSON round trip changed the position"
    board = game.score(state)
    assert sorted(b.player for b in board) == list(range(state.players)), "one score breakdown per player"
    winners = game.winners(state)
    assert winners and set(winners) <= set(range(state.players)), winners
    legal = all_legal(game, state)
    movers = game.to_move(state)
    if game.is_over(state):
        assert legal == [] and movers == [], "nobody acts once the game is over"
    else:
        assert legal, "the game is not over but nobody has a legal action"
        assert sorted({a.player for a in legal}) == sorted(movers), "those to move are those with legal actions"
    check_views(game, state)


def check_views(game, state) -> None:
    """No viewer's view holds what is hidden from them; the full view is plain JSON too."""
    for viewer in [*range(state.players), None]:
        dumped = json.dumps(game.view(state, viewer), ensure_ascii=False)
        leaked = [x for x in game.secrets(state, viewer) if _as_json(x) in dumped]
        assert leaked == [], (viewer, leaked)


def _as_json(x) -> str:
    """How `x` would appear in JSON text (an id: in quotes, so "tuna-1" is not found in "tuna-12")."""
    if isinstance(x, str) and '"' not in x and "\\" not in x:
        return f'"{x}"'
    return json.dumps(x, ensure_ascii=False)


def check_applied(game, before_json: str, before, action, after, events, langs=("en",)) -> None:
    """After a legal `action` turned `before` into `after` with `events` (`before_json`: the JSON of `before`
    taken before the action)."""
    assert game.to_json(before) == before_json, "applying an action changed the old position"
    assert events, f"{action} happened without an event"
    for e in events:
        assert section(e.rule), e.kind           # a rulebook heading the tutor knows
        for lang in langs:
            assert e.narrate(lang), (e.kind, lang)
    data = json.loads(json.dumps(action.to_json()))
    assert game.action_from_json(data) == action, "the action's JSON round trip changed it"


def check_refused(game, state, action, langs=("en",)) -> RuleViolation:
    """An illegal `action`: RuleViolation naming its rulebook heading in every language, and `state` equal to
    a copy decoded from its JSON beforehand (a separate object, so a change would show)."""
    text = game.to_json(state)
    copy = game.state_from_json(text)
    assert copy is not state
    try:
        game.apply(state, action)
    except RuleViolation as exc:
        refusal = exc
    else:
        raise AssertionError(f"{action} was applied though it is not a legal action")
    heading = section(refusal.rule).quoted      # the heading, or its first words when it is a long sentence
    for lang in langs:
        assert heading in refusal.explain(lang), (lang, refusal.explain(lang))
    assert state == copy and game.to_json(state) == text, "a refused action changed the position"
    return refusal


def walk(game, state, r: random.Random, *, steps: int = 10_000, choose=None, check: int = 0, langs=("en",)):
    """Random legal play from `state`: yields (before, action, after, events) until the game ends or after
    `steps` actions. `choose(actions, r)` picks one (default: any). With `check=n`, every action gets
    `check_applied`, and every n-th position and the last `check_position` and one of the game's candidate
    actions (`check_refused` when it is illegal)."""
    for step in range(1, steps + 1):
        if game.is_over(state):
            return
        actions = game.legal_actions(state, r.choice(game.to_move(state)))
        action = choose(actions, r) if choose else r.choice(actions)
        before_json = game.to_json(state) if check else ""
        after, events = game.apply(state, action)
        if check:
            check_applied(game, before_json, state, action, after, events, langs)
        if check and (step % check == 0 or step == steps or game.is_over(after)):
            check_position(game, after)
            tried = r.choice(game.candidate_actions(after, r))
            if tried not in all_legal(game, after):
                check_refused(game, after, tried, langs)
        yield state, action, after, events
        state = after


# --------------------------------------------------------------------------- the state machine

class ContractMachine(RuleBasedStateMachine):
    """Arbitrary legal and illegal actions on one game: every contract check after every step.

    Subclassed per game by `contract_machine(game_id)`; the game's own options (player counts, variants,
    setup options) decide the openings, its `candidate_actions` the illegal tries."""

    game_id = ""
    state = None

    def __init__(self):
        super().__init__()
        self.game = spec(self.game_id)
        self.langs = lesson_langs(self.game_id)

    @initialize(data=st.data())
    def start(self, data):
        self._begin(data)

    def _begin(self, data):
        game = self.game
        players = data.draw(st.sampled_from(player_counts(game)), label="players")
        chosen = data.draw(st.sets(st.sampled_from(variants(game))) if variants(game) else st.just(set()),
                           label="variants")
        options = {name: data.draw(st.sampled_from(list(values)), label=name)
                   for name, values in sorted(setup_options(game).items())}
        seed = data.draw(st.integers(0, 2 ** 32), label="seed")
        self.state = game.setup(players, seed=seed, variant=tuple(sorted(chosen)), **options)
        self.opening, self.log = self.state, []

    def _apply(self, action):
        before, before_json = self.state, self.game.to_json(self.state)
        after, events = self.game.apply(before, action)
        check_applied(self.game, before_json, before, action, after, events, self.langs)
        self.state = after
        self.log.append(action.to_json())

    def _try(self, action):
        if action in all_legal(self.game, self.state):
            self._apply(action)
        else:
            refusal = check_refused(self.game, self.state, action, self.langs)
            event(f"refused {refusal.key}")

    @precondition(lambda self: not self.game.is_over(self.state))
    @rule(data=st.data())
    def legal_action(self, data):
        self._apply(data.draw(st.sampled_from(all_legal(self.game, self.state))))

    @precondition(lambda self: not self.game.is_over(self.state))
    @rule(seed=st.integers(0, 2 ** 16), tries=st.integers(1, 3))
    def candidate_action(self, seed, tries):
        """The game's own mix of legal and illegal tries (wrong seats, cards not held, cells off the board)."""
        r = random.Random(seed)
        candidates = self.game.candidate_actions(self.state, r)
        for action in r.sample(candidates, min(tries, len(candidates))):
            self._try(action)

    @precondition(lambda self: not self.game.is_over(self.state))
    @rule(seed=st.integers(0, 2 ** 16), steps=st.integers(1, 40))
    def play_on(self, seed, steps):
        """Several random legal actions (so that games reach their end in few steps)."""
        r = random.Random(seed)
        for _ in range(steps):
            if self.game.is_over(self.state):
                break
            self._apply(r.choice(self.game.legal_actions(self.state, r.choice(self.game.to_move(self.state)))))

    @precondition(lambda self: self.game.is_over(self.state))
    @rule(seed=st.integers(0, 2 ** 16), data=st.data())
    def after_the_end(self, seed, data):
        """Once the game is over every try is refused; the log replays; then another game begins."""
        r = random.Random(seed)
        candidates = self.game.candidate_actions(self.state, r)
        for action in r.sample(candidates, min(3, len(candidates))):
            check_refused(self.game, self.state, action, self.langs)
        self._replay()
        event("game over")
        self._begin(data)

    @invariant()
    def contract_holds(self):
        if self.state is not None:
            check_position(self.game, self.state)

    def teardown(self):
        if self.state is not None:
            self._replay()

    def _replay(self):
        """The action log replays from the opening to the same position (a saved game's replay)."""
        state = self.opening
        for data in json.loads(json.dumps(self.log)):
            state, _ = self.game.apply(state, self.game.action_from_json(data))
        assert self.game.to_json(state) == self.game.to_json(self.state)


def contract_machine(game_id: str) -> type:
    return type(f"ContractMachine_{game_id}", (ContractMachine,), {"game_id": game_id})
