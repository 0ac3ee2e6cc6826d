"""The session model (tutor.core.session) without any widget: undo over the bots' replies, hot seat, seeded
deals, save and load, what the viewer may know, refused actions, and a set position ("your turn", drills)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from tutor.core.conformance import Text
from tutor.core.errors import RuleViolation, SavedStateError
from tutor.core.game import ready_games, spec
from tutor.core.i18n import text
from tutor.core.safe_input import MAX_SAVED_BYTES
from tutor.core.session import Session

GAMES = ready_games()


def count(game_id: str) -> int:
    allowed = spec(game_id).players
    return 3 if 3 in allowed else allowed.start


def learner_moves(s: Session, rnd: random.Random, most: int):
    """The learner at `s.seat` plays random legal moves while the game lasts: yields (state before, events)."""
    for _ in range(most):
        if s.is_over() or not s.is_my_turn():
            return
        before = s.state
        action = rnd.choice(s.game.legal_actions(s.state, s.seat))
        yield before, s.act(action)


def test_the_model_needs_no_widget_library():
    code = ("import sys, tutor.core.session; "
            "print(sorted(m for m in ('ipywidgets', 'anywidget', 'traitlets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", f"tutor.core.session imports {out.strip()}"


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_goes_back_to_the_learners_last_decisions_since_anything_hidden_was_shown(game_id):
    """Undo walks back the learner's decisions one by one, over the bots' replies, to the last step that showed
    the learner something hidden (the table's rule): the decisions before it are gone from the history."""
    s = Session(game_id, players=count(game_id), seat=0, seed=3)
    rnd = random.Random(3)
    decisions = []          # (state, log length) where the learner decided, since the last barrier
    barriers = 0
    for before, events in learner_moves(s, rnd, 12):
        decisions.append((before, len(s.events_log) - len(s.last_events)))
        assert s.last_events[:len(events)] == tuple(events)
        if s.barrier:
            decisions, barriers = [], barriers + 1
            assert s.history == [], "a step showed something hidden and undo could still go back past it"
    for state, size in reversed(decisions):
        assert s.undo() is True
        assert s.state == state and len(s.events_log) == size
        assert s.is_my_turn()
    assert s.undo() is False and s.history == []
    assert barriers or decisions, "the learner made no move"


@pytest.mark.parametrize("game_id", GAMES)
def test_after_any_undo_nothing_seen_of_the_hidden_cards_comes_back(game_id):
    """Over random games with random undos: no undone step had shown the learner a card that is hidden again where
    undo lands (what they saw cannot predict what comes next), and playing the same move again brings the same
    answers from the bots (a learner cannot fish for a better deal or reply)."""
    game = spec(game_id)
    undos = replays = open_moves = 0
    for seed in range(4):
        s = Session(game_id, players=count(game_id), seat=0, seed=seed)
        rnd = random.Random(seed)
        for _ in range(40):
            if s.is_over() or not s.is_my_turn():
                break
            if s.history and rnd.random() < 0.35:
                old_steps, old_state = list(s.steps), s.state
                assert s.undo()
                undos += 1
                landed = game.secrets(s.state, s.seat)
                for step in old_steps[len(s.steps):]:
                    shown = landed - game.secrets(step.after, s.seat)
                    assert not shown, f"undo went back past a step that showed the learner {sorted(shown)}"
                # the same move again: the same position after it, the bots' answers included
                redo = next(st for st in old_steps[len(s.steps):] if st.human)
                action = next(a for a in game.legal_actions(s.state, s.seat)
                              if game.apply(s.state, a)[0] == redo.after)
                s.act(action)
                assert s.state == old_state, "the bots answered the same position differently after an undo"
                replays += 1
                continue
            s.act(rnd.choice(game.legal_actions(s.state, s.seat)))
            open_moves += not s.barrier
    # Мяури: every dive is answered by the others' dives and the reveal, so no move can be taken back
    assert (undos and replays) or not open_moves, "moves could be undone, yet no undo was tried"
    assert undos or game_id == "maui", "no undo was ever possible: the property is not tested"


@pytest.mark.parametrize("game_id", ["isle_of_cats"])
def test_undo_after_hot_seat_is_switched_off_skips_the_other_seats_steps(game_id):
    """Hot seat recorded every seat's move; switched off, those seats are bots again: undo goes back over
    their steps to the learner's own last decision (not to a position where a bot seat would be waited for).
    (Острів котів: its tiles are taken from the open field, so other seats' moves can be undone; in the other games
    nearly every move shows a card to someone at the device, and undo never goes back past that.)"""
    s = Session(game_id, players=count(game_id), seat=0, seed=8, bots=False)
    rnd = random.Random(8)
    mine = None
    for _ in range(12):
        if s.passing is not None:
            s.take_device(s.passing)
        if s.at_device == 0:
            mine = s.state
        s.act(rnd.choice(s.game.legal_actions(s.state, s.at_device)))
    others = [h for h in s.history if 0 not in s.game.to_move(h[0])]
    assert mine is not None and others, "no step of another seat was recorded"
    s.set_hotseat(False)
    landed = s.undo()
    assert landed and 0 in s.game.to_move(s.state), "undo stopped where a bot seat is to move"


@pytest.mark.parametrize("game_id", ["maui", "trump_whales", "sea_salt_paper"])
def test_hot_seat_passes_the_device_and_shows_only_the_holders_hand(game_id):
    s = Session(game_id, players=count(game_id), seed=2, bots=False)
    game = s.game
    rnd = random.Random(2)
    passes = 0
    for _ in range(30):
        if s.is_over():
            break
        due = s.passing
        if due is not None:
            assert s.board_view() is None and s.told(s.last_events) == [], "a hand shows while the device is passed"
            assert not s.is_my_turn()
            other, held = next(p for p in range(s.players) if p != due), s.at_device
            assert s.take_device(other) is False and s.at_device == held, "the device went to a seat not to move"
            assert s.take_device(due) is True
            passes += 1
        seat = s.at_device
        assert s.viewer == seat and s.is_my_turn() and s.deciding() == [seat]
        assert s.board_view() == game.view(s.state, seat)
        before = s.state
        s.act(rnd.choice(game.legal_actions(s.state, seat)))
        # every seat's move is recorded for undo, unless it showed a card (then nothing before it can be undone)
        assert (s.history == [] if s.barrier else s.history[-1][0] == before)
    assert passes >= 3, "the device was hardly passed"


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_deals_and_bots_replay_the_same(game_id):
    players = count(game_id)
    game = spec(game_id)
    options = dict(game.play_setup)
    # the deals themselves (hot seat: no bot moves first): the seed, then "seed/1", "seed/2", ...
    deals = Session(game_id, players=players, seed=11, bots=False)
    assert deals.state == game.setup(players, seed=11, **options)
    deals.new_game()
    assert deals.state == game.setup(players, seed="11/1", **options) != game.setup(players, seed=11, **options)
    deals.new_game()
    assert deals.state == game.setup(players, seed="11/2", **options)
    # with bots: the same seed and the same learner's moves give the same game, bots' replies included
    a = Session(game_id, players=players, seat=0, seed=11)
    b = Session(game_id, players=players, seat=0, seed=11)
    assert a.state == b.state and a.events_log == b.events_log
    steps = 0
    for _ in zip(learner_moves(a, random.Random(5), 6), learner_moves(b, random.Random(5), 6)):
        assert a.state == b.state and a.last_events == b.last_events
        steps += 1
    assert steps >= 2
    a.new_game()
    b.new_game()
    assert a.state == b.state and a.history == [] and a.last_events == b.last_events, "a re-deal is seeded too"


@pytest.mark.parametrize("game_id", GAMES)
def test_save_and_load_round_trip(game_id):
    s = Session(game_id, players=count(game_id), seat=0, seed=4, bots=False)
    rnd = random.Random(4)
    for _ in range(6):
        if s.passing is not None:
            s.take_device(s.passing)
        s.act(rnd.choice(s.game.legal_actions(s.state, s.at_device)))
    saved = s.save()
    other = Session(game_id, players=count(game_id), seat=0, seed=9, bots=False)
    dealt = other.state
    other.load(saved)
    assert other.state == s.state and other.save() == saved
    assert other.undo() is True and other.state == dealt, "the position before the load is one undo back"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("paste", ["{not json", '{"round": "x"}', "[]", "x" * (MAX_SAVED_BYTES + 1)])
def test_a_malformed_paste_is_refused_and_nothing_changes(paste, lang):
    s = Session("maui", players=4, seat=0, seed=1)
    list(learner_moves(s, random.Random(1), 2))
    before = (s.state, list(s.history), list(s.events_log), s.last_events, s.players, s.seat)
    with pytest.raises(SavedStateError) as refused:
        s.load(paste, lang)
    assert (s.state, s.history, s.events_log, s.last_events, s.players, s.seat) == before
    if len(paste) > MAX_SAVED_BYTES:
        assert refused.value.reason(lang) == text("ui.saved_too_long", lang)


@pytest.mark.parametrize("game_id", ["sea_salt_paper", "trump_whales", "isle_of_cats", "maui"])
def test_the_viewer_is_never_told_anothers_hidden_cards(game_id):
    """Whatever is hidden from the learner before and after a step (another seat's hand, a card drawn) is in
    neither their board view nor the events the session tells them, over whole games with bots."""
    game = spec(game_id)
    revealing = set(game.revealing_events)
    checked = 0
    for seed in range(3):
        s = Session(game_id, players=count(game_id), seat=1, seed=seed)
        rnd = random.Random(seed)
        for _ in range(200):
            seen = Text(json.dumps(s.board_view(), ensure_ascii=False))
            assert not seen.find(game.secrets(s.state, s.seat)), "the board view shows a hidden card"
            if s.is_over() or not s.is_my_turn():
                break
            start = len(s.steps)
            action = rnd.choice(game.legal_actions(s.state, s.seat))
            s.act(action)
            steps = [(st.before, st.after, list(st.events)) for st in s.steps[start:]]
            assert tuple(e for _b, _a, events in steps for e in events) == s.last_events
            told = iter(s.told(s.last_events))      # what the learner reads, step by step
            for b, a, events in steps:
                said = Text(json.dumps([next(told).to_json()["data"] for _ in events], ensure_ascii=False))
                secret = game.secrets(b, s.seat) & game.secrets(a, s.seat)
                secret -= Text(json.dumps([e.data for e in events if e.kind in revealing])).find(secret)
                assert not said.find(secret), f"the learner is told {sorted(said.find(secret))}"
                checked += bool(secret)
    assert checked, "nothing was ever hidden from the learner: the check proves nothing"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_refused_action_changes_nothing(game_id):
    s = Session(game_id, players=count(game_id), seat=0, seed=6)
    rnd = random.Random(6)
    list(learner_moves(s, rnd, 2))
    game = s.game
    refused = None
    for _ in range(50):
        for action in game.candidate_actions(s.state, rnd):
            if getattr(action, "player", s.seat) != s.seat:
                continue
            try:
                game.apply(s.state, action)
            except RuleViolation:
                refused = action
                break
        if refused is not None:
            break
    assert refused is not None, "no refused action found to try"
    before = (s.state, list(s.history), list(s.events_log), s.last_events)
    with pytest.raises(RuleViolation):
        s.act(refused)
    assert (s.state, s.history, s.events_log, s.last_events) == before


def test_a_set_position_keeps_the_bots_still_and_comes_back_on_new_game():
    from tutor.core import task as T
    from tutor.core.scenario import project_root
    task = T.load_file(project_root() / "lessons" / "maui" / "tasks" / "win-the-deep.yaml")
    start = T.start(task)
    seat = T.seat(task)
    s = Session.from_state("maui", start, seat)
    assert s.state == start and s.seat == seat and s.players == start.players and s.is_my_turn()
    move = s.game.legal_actions(start, seat)[0]
    own = s.act(move)
    assert s.state == s.game.apply(start, move)[0] and list(s.last_events) == own and s.events_log == own
    s.new_game()
    assert s.state == start and s.history == [] and s.events_log == [] and s.last_events == ()
    # a fresh deal set as a position: everyone dives at once; the others wait, unless bots are asked to move
    dealt = spec("maui").setup(3, seed=1)
    still = Session.from_state("maui", dealt, 0)
    moving = Session.from_state("maui", dealt, 0, bots_move=True)
    dive = still.game.legal_actions(dealt, 0)[0]
    still.act(dive)
    moving.act(dive)
    assert set(still.to_move()) == {1, 2} and still.state == still.game.apply(dealt, dive)[0]
    assert moving.state != still.state and len(moving.events_log) > len(still.events_log)
    assert moving.is_over() or 0 in moving.to_move()


# --------------------------------------------------------------------------- a game kept on the learner's device

@pytest.mark.parametrize("game_id", ready_games())
def test_a_kept_game_replays_to_the_same_position_and_holds_no_card(game_id):
    """Session.resume_record: the seed, the deal, the seats and the human actions; replayed from its deal (bots
    answer as before, from the position), it comes back to the same state, through JSON as the page keeps it."""
    from tutor.core.session import Session
    game = spec(game_id)
    players = 3 if 3 in game.players else game.players.start
    s = Session(game_id, players, 0, seed="kept")
    s.new_game()                      # a second deal: the record says which
    rnd = random.Random(5)
    for _ in range(40):
        if game.is_over(s.state) or 0 not in game.to_move(s.state):
            break
        s.act(rnd.choice(list(game.legal_actions(s.state, 0))))
    record = json.loads(json.dumps(s.resume_record()))
    assert record["deal"] == 1 and record["actions"] and all(a["player"] == 0 for a in record["actions"])
    again = Session.replayed(game_id, record)
    assert again.state == s.state and len(again.steps) == len(s.steps)
    # no position in it: the deal's seed and the learner's own moves (their own cards, which they held)
    assert set(record) == {"v", "game", "seed", "deal", "players", "seat", "hotseat", "actions"}


def test_a_kept_record_that_is_not_this_tables_game_is_refused():
    from tutor.core.session import Session
    s = Session("maui", 4, 0, seed="kept")
    s.act(s.game.legal_actions(s.state, 0)[0])
    good = s.resume_record()
    for bad in (None, [], {**good, "v": 99}, {**good, "game": "aqua_fest"}, {**good, "seed": True},
                {**good, "deal": -1}, {**good, "players": 9}, {**good, "seat": 4}, {**good, "actions": "x"},
                {**good, "actions": [{"type": "nonsense"}]}, {**good, "actions": good["actions"] * 2}):
        with pytest.raises((ValueError, RuleViolation)):
            Session.replayed("maui", bad)
    s.load(s.save())                  # a loaded position no longer follows from its deal: nothing to keep
    assert s.resume_record() is None
