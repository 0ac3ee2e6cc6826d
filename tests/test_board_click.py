"""Choosing on the board (tutor.widgets.board): the SVG marks exactly what the table offers, every mark is an
offered choice (a legal action, or a step towards legal actions), a several-step choice clicked on the board
ends in the same action as the buttons, and the sandboxes' boards click too. No browser: read the SVG the page
gets and press what it names, as the page does (tests/browser/test_browser_board_click.py clicks for real).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from tutor.core import task as T
from tutor.core.game import ready_games, spec
from tutor.core.svg import Offer
from tutor.games import aqua_fest as af
from tutor.games import maui
from tutor.games.aqua_fest.shells_widget import RULEBOOK_EXAMPLE, ShellsHelper
from tutor.games.maui.sandbox import LagoonSandbox
from tutor.widgets.board import Step, paths_of, render_choosable, routes, steps, without_choices
from tutor.widgets.play import Choice, PlayTable
from tutor.widgets.your_turn import YourTurn

GAMES = {"maui": dict(players=4), "aqua_fest": dict(players=3), "sea_salt_paper": dict(players=3),
         "trump_whales": dict(players=4)}


@pytest.fixture(autouse=True)
def widget_guard(guard_spy):
    return guard_spy


def marks(svg: str) -> dict:
    """{data-key: data-choice} of every choosable element on the board; a key drawn twice fails."""
    out: dict = {}
    for el in ET.fromstring(svg).iter():
        if el.get("data-choice") is not None:
            key = el.get("data-key")
            assert key not in out, f"{key} marked twice"
            assert el.get("tabindex") == "0" and el.get("role") == "button" and el.get("aria-label"), key
            out[key] = el.get("data-choice")
    return out


def legal_button(t: PlayTable):
    return next(b for b in t.action_buttons(0) if "tutor-action" in b.classes)


def keys_of(game_id):
    return spec(game_id).parts().board_keys


def check_board(t: PlayTable) -> None:
    """The board marks exactly the table's board choices; each is a legal action's button or a step, or the
    element of a greyed "not now" button (drawn with a faint dashed ring), which the engine will refuse."""
    board = t.board_choices()
    assert marks(t.svg) == {key: c.id for key, c in board.items()}
    if board:
        assert 'role="group"' in t.svg.split(">", 1)[0], "a board with buttons in it is not an image"
    for key, c in board.items():
        assert t._offered[c.id] is c, "a mark the kernel would drop"
        if hasattr(c, "action") and "tutor-action-unavailable" in c.classes:
            assert c.action not in t.game.legal_actions(t.state, c.action.player), (key, c.action)
            assert c in t.action_buttons() and f'data-choice="{c.id}"' in t.svg
            ring = t.svg[t.svg.index(f'data-choice="{c.id}"'):]
            assert "choice-ring unavailable" in ring[:ring.index("</g>")], key
        elif hasattr(c, "action"):
            seat = c.action.player
            assert c.action in t.game.legal_actions(t.state, seat), (key, c.action)
            assert key in {keys[-1] for keys in routes(keys_of(t.game_id)(c.action))}
            assert c in t.action_buttons() or getattr(c, "board_only", False)
        elif getattr(c, "board_key", None) is not None:     # a game's own choice tied to its element (a card)
            assert c.board_key == key and hasattr(c, "seat")
        else:
            assert isinstance(c.then, tuple) and hasattr(c, "seat")


def walk_paths(t: PlayTable, seat: int, rnd: random.Random, most: int = 6) -> int:
    """Click, on the board, legal actions' steps up to their last key (`most` of them, at random): that key
    presses the action's own button. Then take the steps back. Returns how many actions were checked."""
    paths = paths_of(keys_of(t.game_id), t.game.legal_actions(t.state, seat))
    state = t.state
    for action in rnd.sample(sorted(paths, key=repr), min(most, len(paths))):
        keys = rnd.choice(routes(paths[action]))
        for k in keys[:-1]:
            t.click_board(k)
            check_board(t)
        last = t.board_choices()[keys[-1]]
        assert last.action == action
        buttons = [b for b in t.action_buttons(seat) if b.action == action]
        # its own button, or, for a move a button offers only through its drop-down (Aqua Fest's going home to
        # another place), the board's own choice of it
        assert buttons == [last] or (not buttons and getattr(last, "board_only", False)), \
            f"{action}: the board and the buttons disagree"
        while t.selected.get(seat):
            t.click_board(t.selected[seat][-1])     # a chosen step clicked again is taken back
        assert t.state is state and not t.selected
    return len(paths)


# --------------------------------------------------------------------------- the step mechanism

def test_one_step_actions_complete_on_their_key():
    offer = steps({"a": ("card:1",), "b": ("card:2",)})
    assert offer == [Step("card:1", 0, action="a"), Step("card:2", 0, action="b")]


def test_card_then_cell_steps_preview_and_take_back():
    paths = {"m1": ("card:x", "cell:1"), "m2": ("card:x", "cell:2"), "m3": ("card:y", "cell:2"),
             "d": ("card:z",)}
    first = {s.key: s for s in steps(paths)}
    assert first["card:x"] == Step("card:x", 0, then=("card:x",))
    assert first["card:z"].action == "d" and set(first) == {"card:x", "card:y", "card:z"}
    then = steps(paths, ("card:x",))
    assert [s.key for s in then][:2] == ["cell:1", "cell:2"], "the next step comes first"
    by = {s.key: s for s in then}
    assert by["cell:2"].action == "m2", "the same cell completes the chosen card's move, not another card's"
    assert by["card:x"] == Step("card:x", 0, then=(), pressed=True)
    assert by["card:y"].then == ("card:y",), "another card can be chosen straight away"


def test_a_key_two_actions_end_on_is_left_to_the_buttons():
    offer = {s.key: s for s in steps({"a": ("cell:1",), "b": ("cell:1",), "c": ("cell:2",)})}
    assert set(offer) == {"cell:2"}


def test_a_key_that_ends_one_action_and_begins_others_is_a_step():
    offer = {s.key: s for s in steps({"short": ("card:x",), "long": ("card:x", "cell:1")})}
    assert not offer["card:x"].completes and offer["card:x"].then == ("card:x",)


def test_steps_in_either_order_reach_the_same_action():
    """A duo's two cards (a list of orders): either card first, then the other completes it; a card in two duos
    is a step towards both; the pressed card is taken back."""
    paths = {"ab": [("card:a", "card:b"), ("card:b", "card:a")],
             "ac": [("card:a", "card:c"), ("card:c", "card:a")], "d": ("deck",)}
    first = {s.key: s for s in steps(paths)}
    assert set(first) == {"card:a", "card:b", "card:c", "deck"} and first["deck"].action == "d"
    assert not first["card:b"].completes and first["card:b"].then == ("card:b",)
    by = {s.key: s for s in steps(paths, ("card:b",))}
    assert by["card:a"].action == "ab" and by["card:b"].pressed
    by = {s.key: s for s in steps(paths, ("card:a",))}
    assert by["card:b"].action == "ab" and by["card:c"].action == "ac"
    assert routes(("x",)) == [("x",)] and routes(()) == [] and routes([("x", "y"), ()]) == [("x", "y")]


def test_board_keys_are_the_games_own_and_skip_what_is_not_drawn():
    assert keys_of("maui")(maui.Dive(1, 9)) == ("card:dive-2-9",)
    assert keys_of("maui")(maui.Jellyfish(0, True)) == ()
    assert keys_of("aqua_fest")(af.Move(0, "crab-3", 7)) == ("card:crab-3", "cell:7")
    assert keys_of("aqua_fest")(af.Attack(0, 2, "crab-3")) == ("card:crab-3", "seat:2")
    assert keys_of("aqua_fest")(af.PlaceStart(1, 4)) == ("place:1:4",)
    assert keys_of("aqua_fest")(af.EndTurn(0)) == () and keys_of("aqua_fest")(af.DrawTwo(0)) == ()
    # going home: the start tile, then the place it is laid beside
    assert keys_of("aqua_fest")(af.DrawTwo(0, 2)) == ("home:0", "place:0:2")


# --------------------------------------------------------------------------- the play table

@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_board_marks_exactly_the_offered_choices_through_a_game(game_id, seed):
    """Play on the board only: at each decision the marks match the offer, every legal action's board path
    ends on its own button, and a random one is clicked; the engine's state follows."""
    t = PlayTable(game_id, seat=0, seed=seed, **GAMES[game_id])
    rnd = random.Random(seed)
    checked = moves = 0
    while not t.game.is_over(t.state) and moves < 12:
        check_board(t)
        paths = paths_of(keys_of(game_id), t.game.legal_actions(t.state, 0))
        # something to play on the board when, and only when, a legal action is there (a card no move is legal
        # for stays clickable, faintly, to be refused as its button is)
        assert any(offer.available for _c, offer in t._board.values()) == bool(paths)
        if not paths:       # only what the board does not show (ending the turn): its button
            legal_button(t).click()
            continue
        checked += walk_paths(t, 0, rnd, most=99 if moves < 2 else 2)
        action = rnd.choice(sorted(paths, key=repr))
        before, state = len(t.history), t.state
        for k in rnd.choice(routes(paths[action])):
            t.click_board(k)
        assert t.errors.message == "" and t.last_events, "the click did not move the game on"
        assert t.live.turns()[0].before is state, "the learner's move is not the last one recorded"
        # one more step to undo, unless the move showed a card (then none: the table's rule)
        assert len(t.history) == (0 if t.live.barrier else before + 1)
        moves += 1
    assert moves >= 5 and checked > moves


@pytest.mark.parametrize("game_id", GAMES)
def test_a_board_click_and_its_button_play_the_same_game(game_id):
    by_board = PlayTable(game_id, seat=0, seed=5, **GAMES[game_id])
    by_button = PlayTable(game_id, seat=0, seed=5, **GAMES[game_id])
    for _ in range(6):
        paths = paths_of(keys_of(game_id), by_board.game.legal_actions(by_board.state, 0))
        if not paths:
            legal_button(by_board).click()
            legal_button(by_button).click()
            continue
        action = sorted(paths, key=repr)[-1]
        for k in routes(paths[action])[-1]:
            by_board.click_board(k)
        if isinstance(action, af.Move):
            next(c for c in by_button.card_buttons() if c.card == action.card).click()
        next(b for b in by_button.action_buttons() if b.action == action).click()
        assert by_board.state == by_button.state and by_board.svg == by_button.svg


def test_aqua_fest_card_then_cell_on_the_board_previews_like_the_card_button():
    t = PlayTable("aqua_fest", place_starts=False, players=3, seat=0, seed=3)
    card = next(a.card for a in af.legal_actions(t.state, 0) if isinstance(a, af.Move))
    assert not any(k.startswith("cell:") for k in t.board_choices()), "no cells before a card"
    t.click_board(f"card:{card}")
    on_board = t.svg
    assert t.selected == {0: (f"card:{card}",)}
    assert [b.card for b in t.card_buttons() if "tutor-card-chosen" in b.classes] == [card]
    cells = {k for k in t.board_choices() if k.startswith("cell:")}
    assert cells == {f"cell:{a.to}" for a in af.legal_actions(t.state, 0) if isinstance(a, af.Move) and a.card == card}
    assert 'aria-pressed="true"' in on_board and 'class="dest"' in on_board
    t.click_board(f"card:{card}")
    assert t.selected == {} and 'class="dest"' not in t.svg
    next(c for c in t.card_buttons() if c.card == card).click()   # the button chooses the same step
    assert t.svg == on_board


H0 = ["dolphin-9", "crab-1", "crab-2", "crab-3", "crab-4"]
H1 = ["crab-5", "octopus-1", "seahorse-1", "seahorse-2", "turtle-1"]


def test_sea_salt_paper_duo_clicks_either_card_first():
    """Both cards of a duo on the board: the second card (in the engine's order) clicked first is a step too,
    and the other card then plays the same duo as its button."""
    from tutor.games.sea_salt_paper.rules import PlayDuo
    t = PlayTable("sea_salt_paper", players=2, seat=0, seed=4)
    for _ in range(40):
        duos = [a for a in t.game.legal_actions(t.state, 0) if isinstance(a, PlayDuo)]
        if duos:
            break
        paths = paths_of(keys_of("sea_salt_paper"), t.game.legal_actions(t.state, 0))
        if not paths:
            legal_button(t).click()
            continue
        for k in routes(paths[sorted(paths, key=repr)[0]])[0]:
            t.click_board(k)
    else:
        pytest.fail("no duo in hand in 40 moves")
    duo = duos[0]
    for order in ((duo.second, duo.first), (duo.first, duo.second)):
        state = t.state
        t.click_board(f"card:{order[0]}")
        assert t.selected == {0: (f"card:{order[0]}",)}, "the card did not become a step"
        check_board(t)
        done = t.board_choices()[f"card:{order[1]}"]
        assert done.action == duo and done in t.action_buttons(0)
        t.click_board(f"card:{order[0]}")            # taken back
        assert t.state is state and not t.selected
    before = len(t.history)
    t.click_board(f"card:{duo.second}")
    t.click_board(f"card:{duo.first}")
    assert t.live.turns()[0].before is state and len(t.history) == (0 if t.live.barrier else before + 1)
    assert t.errors.message == "" and all(c not in t.state.hands[0] for c in duo.cards)


def test_aqua_fest_start_tile_places_attacks_and_defences_on_the_board():
    t = PlayTable("aqua_fest", players=3, seat=0, seed=3)
    assert set(t.board_choices()) == {f"place:0:{p}" for p in range(5)}
    t.click_board("place:0:2")
    assert t.state.homes[0] == 2 and not any(k.startswith("place:") for k in t.board_choices())
    # side by side: a card, then the opponent's pawn
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, seed=0, pawns=[[2, 2], [2, 3]], hands=[H0, H1])
    t.click_board("card:dolphin-9")
    assert "seat:1" in t.board_choices()
    t.click_board("seat:1")
    assert [e.kind for e in t.last_events][:1] == ["aqua_fest.attack"] and t.errors.message == ""
    # attacked by the bot: the defence is one click on a card
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, seed=0, first=1, pawns=[[2, 2], [2, 3]],
                  hands=[H1, H0])
    assert t.state.battle is not None
    assert set(t.board_choices()) == {f"card:{c}" for c in H1}
    t.click_board("card:turtle-1")
    assert t.state.battle is None and t.errors.message == ""


def test_only_the_viewers_own_cards_are_clickable_and_the_pass_screen_has_none():
    t = PlayTable("maui", players=3, seat=0, seed=1, bots=False)
    assert t.passing == 0 and t.board_choices() == {} and "data-choice" not in t.svg
    t.take_device(0)
    assert {k.rsplit("-", 1)[0] for k in t.board_choices()} == {"card:dive-1"}
    t.click_board("card:dive-1-7")
    assert t.passing == 1 and t.board_choices() == {}


def test_a_game_over_board_and_a_refused_task_offer_nothing():
    t = PlayTable("maui", players=3, seat=0, seed=2)
    while not t.game.is_over(t.state):
        t.click_board(next(iter(t.board_choices())))
    assert t.board_choices() == {} and "data-choice" not in t.svg


@pytest.mark.parametrize("task_id", ["maui/left-hand", "aqua_fest/octopus-diagonal", "aqua_fest/win-a-battle"])
def test_your_turn_accepts_the_right_move_clicked_on_the_board(task_id):
    w = YourTurn(task_id)
    game = spec(w.task["game"])
    start = T.start(w.task)
    right = next(a for a in game.legal_actions(start, T.seat(w.task)) if not T.judge(w.task, start, a)[2])
    keys = keys_of(w.task["game"])(right)
    assert keys, f"{right} cannot be clicked"
    for k in keys:
        w.click_board(k)
    assert w.outcome == "done", w.verdict
    assert "data-choice" not in w.svg


def test_the_board_without_its_choices_is_the_plain_drawing():
    t = PlayTable("aqua_fest", place_starts=False, players=3, seat=0, seed=3)
    t.click_board(next(k for k in t.board_choices() if k.startswith("card:")))
    view = t.game.view(t.state, 0)
    from tutor.widgets.common import render
    plain = render(t.game, view, highlight=t._chosen_highlight(),
                   events=t.last_events, lang="en")
    assert without_choices(t.svg) == plain and "data-choice" not in plain


def test_a_stale_or_unknown_board_press_does_nothing():
    t = PlayTable("maui", players=4, seat=0, seed=1)
    cid = t.board_choices()["card:dive-1-5"].id
    old = t.version
    t.press("nonsense", v=t.version)
    t.press(cid, v=old - 1)
    assert t.version == old and not t.live.steps
    t.press(cid, v=old)
    assert t.live.steps[0].human and t.version > old


def test_the_board_marks_what_choosable_names():
    """Every renderer takes `choosable` (tutor.core.game.Renderer): the board marks what it names."""
    from tutor.widgets import board
    t = PlayTable("maui", players=4, seat=0, seed=1)
    plain = board.render_choosable(t.game, maui.view(t.state, 0), choosable={"card:dive-1-1": Offer("c0")},
                                   lang="en")
    assert "data-choice" in plain


# --------------------------------------------------------------------------- sandboxes

def test_lagoon_sandbox_a_dive_card_clicked_in_a_hand_is_that_divers_card():
    sb = LagoonSandbox(players=4, lang="ru")
    assert len(sb.svg.offered) == 4 * 12
    assert set(marks(sb.svg.value)) == set(sb.svg.offered)
    sb.svg.click("card:dive-3-2")
    assert sb.dives[2].value == 2 and sb.errors.message == ""
    pressed = [el.get("data-key") for el in ET.fromstring(sb.svg.value).iter() if el.get("aria-pressed") == "true"]
    assert sorted(pressed) == sorted(f"card:dive-{s + 1}-{sb.dives[s].value}" for s in range(4))
    sb.dive_button.click()
    catches = {e.data["player"] for e in sb.events if e.kind == "maui.catch"}
    assert catches and sb.svg.offered == [] and "data-choice" not in sb.svg.value, "the result is not clickable"
    sb.svg.choose("b0", sb.svg.v)           # an id from the board before: nothing happens
    assert sb.after is not None


def test_shells_helper_a_fragment_clicked_in_the_picture_is_taken_out():
    h = ShellsHelper(lang="ru")
    h.example_button.click()
    assert set(h.svg.offered) == {f"tile:{t}" for t in RULEBOOK_EXAMPLE}
    assert set(marks(h.svg.value)) == set(h.svg.offered)
    gone = RULEBOOK_EXAMPLE[0]
    h.svg.click(f"tile:{gone}")
    assert gone not in h.selected and not h.toggles[gone].value and len(h.selected) == 11
    assert f"tile:{gone}" not in h.svg.offered and h.errors.message == ""
    with pytest.raises(KeyError):
        h.svg.click(f"tile:{gone}")


def test_choice_is_a_plain_button_for_the_table():
    t = PlayTable("maui", players=4, seat=0, seed=1)
    assert all(isinstance(c, Choice) for c in t.board_choices().values())


def test_trump_whales_bonus_card_reward_and_next_leader_click_and_an_illegal_card_is_refused():
    """Козырные киты on the board (hot seat, the rulebook's example trick): a bonus to use, a card to play (only
    legal ones marked), the reward card and the next leader when a 5 decides; an illegal card pressed as a button
    is refused with the rule that forbids it, and nothing changes."""
    from tutor.games import trump_whales as tw
    hands = [["narwhal-2", "orca-3"], ["narwhal-6", "sperm_whale-3"], ["blue_whale-9", "orca-4"],
             ["narwhal-4", "five-1"]]
    t = PlayTable("trump_whales", players=4, seed=1, bots=False, lang="ru", first=0, leader=0, trump="blue_whale",
                  token=1, hands=hands, bonuses=[[], ["orca-9"], [], []])
    t.take_device(0)
    t.click_board("card:narwhal-2")
    t.take_device(1)
    check_board(t)
    legal = {k for k, c in t.board_choices().items() if "tutor-action" in c.classes or not hasattr(c, "action")}
    assert legal == {"card:orca-9", "card:narwhal-6"}     # the sperm whale may not be played
    wrong = next(b for b in t.action_buttons(1) if getattr(b.action, "card", None) == "sperm_whale-3")
    assert "tutor-action-unavailable" in wrong.classes
    before = t.state
    wrong.click()
    assert t.state is before and "2. Игроки по очереди" in t.errors.message
    # clicked on the board, the same card is refused with the same words (not ignored)
    t.errors.clear()
    t.click_board("card:sperm_whale-3")
    assert t.state is before and "2. Игроки по очереди" in t.errors.message
    t.click_board("card:orca-9")                     # the bonus: the token flips to «9»
    assert t.state.token == 9
    t.click_board("card:narwhal-6")
    t.take_device(2)
    t.click_board("card:blue_whale-9")
    t.take_device(3)
    t.click_board("card:five-1")
    assert t.state.phase == "reward" and t.state.turn == 2
    t.take_device(2)
    check_board(t)
    legal = {k for k, c in t.board_choices().items() if "tutor-action-unavailable" not in c.classes}
    assert legal == {"card:narwhal-2", "card:narwhal-6", "card:five-1"}
    t.click_board("card:narwhal-2")
    assert t.state.bonuses[0] == ("narwhal-2",) and t.state.phase == "leader" and t.state.turn == 3
    t.take_device(3)
    assert set(t.board_choices()) == {"seat:0", "seat:1", "seat:2", "seat:3"}
    t.click_board("seat:2")
    assert t.state.leader == 2 and t.state.phase == "play" and isinstance(t.history[-1][0], tw.State)


def drawn(t: PlayTable, keys) -> bool:
    """Does the board draw an element for each of `keys` (asked of the game's renderer, as the table asks it)?"""
    svg = render_choosable(t.game, t.game.view(t.state, 0), lang="en",
                           choosable={k: Offer(f"probe{i}") for i, k in enumerate(keys)})
    return all(f'data-key="{k}"' in svg for k in keys)


def refused_on_the_board(t: PlayTable) -> int:
    """Every greyed "not now" action of seat 0 whose elements the board draws, clicked there step by step, is
    refused with the engine's words, and nothing changes. Returns how many were clicked."""
    clicked = 0
    for button in [b for b in t.action_buttons(0) if "tutor-action-unavailable" in b.classes]:
        chosen = tuple(t.selected.get(0, ()))
        route = next(iter(routes(keys_of(t.game_id)(button.action))), ())
        if not route or not drawn(t, route):
            continue
        state, before = t.state, len(t.history)
        todo = route[len(chosen):] if route[:len(chosen)] == chosen else route
        for k in todo:
            assert k in t.board_choices(), f"{button.action}: {k} is drawn but a click on it does nothing"
            t.click_board(k)
        assert t.state is state and len(t.history) == before, button.action
        assert t.errors.message and "rule" in t.errors.message, f"{button.action}: no refusal with its rule"
        t.errors.clear()
        t.choose(0, chosen)
        clicked += 1
    return clicked


@pytest.mark.parametrize("game_id", ready_games())
def test_an_illegal_action_drawn_on_the_board_is_refused_when_clicked(game_id):
    """Whatever a greyed button refuses, its element on the board refuses too, with the same rule (C6: Aqua Fest's
    cells of a second card of another species did nothing). Cards chosen by their buttons first (Aqua Fest: a card
    no move is legal for) offer their refused moves the same way."""
    from tutor.widgets.labels import bot_action
    clicked = 0
    for seed in (1, 2, 3):
        allowed = spec(game_id).players
        t = PlayTable(game_id, seat=0, seed=seed, players=3 if 3 in allowed else allowed.start)
        rnd = random.Random(seed)
        for _ in range(25):
            if t.game.is_over(t.state):
                break
            clicked += refused_on_the_board(t)
            for card in [c for c in t.card_buttons(0) if not c.chosen]:
                card.click()
                clicked += refused_on_the_board(t)
                t.choose(0, ())
            t.act(bot_action(t.game, t.state, 0, rnd))
            assert t.errors.message == ""
    if game_id in ("aqua_fest", "trump_whales"):
        assert clicked, "no refused action was clicked on the board"


def test_maui_hand_chips_are_wide_targets_and_the_choosing_badge_lies_over_the_rings():
    """Мяури at the table: a hand of six or fewer dive cards gets targets about 24 units wide (about 32 px on a
    laptop; they were 14, about 15 px), side by side without overlapping; and a seat's "choosing…" badge is drawn
    after the rings round its panel (the dashed highlight of what just happened covered it)."""
    t = PlayTable("maui", players=4, seat=0, seed=1)
    while len(t.state.hands[0]) > 6:
        t.click_board(next(iter(t.board_choices())))
    root = ET.fromstring(t.svg)
    rects = sorted((float(r.get("x")), float(r.get("width"))) for g in root.iter()
                   if (g.get("data-key") or "").startswith("card:dive-1-") for r in g if r.tag.endswith("rect"))
    assert len(rects) == len(t.state.hands[0]) and all(w >= 23 for _x, w in rects), rects
    assert all(x1 + w1 <= x2 for (x1, w1), (x2, _w) in zip(rects, rects[1:])), "targets overlap"
    # the last round's rings as a board draws them with its events (a worked example's step; the table's next move
    # marks nothing a summary told), the new round's "choosing…" badges with them
    root = ET.fromstring(t.game.render(t.game.view(t.state, 0), events=t.live.told(t.last_events), lang="en"))
    seats = [g for g in root.iter() if "seat" in (g.get("class") or "").split() and g.get("data-seat")]
    checked = 0
    for seat in seats:
        kids = list(seat)
        badge = [i for i, el in enumerate(kids) if "to-move" in (el.get("class") or "")]
        rings = [i for i, el in enumerate(kids) if (el.get("class") or "") in ("event", "highlight")]
        if badge and rings:
            assert badge[0] > max(rings), f"seat {seat.get('data-seat')}: a ring covers the badge"
            checked += 1
    assert checked, "no seat with both a badge and a ring to compare"


def test_a_card_that_stands_takes_a_second_tap_in_trump_whales():
    """Козырные киты asks a finger's second tap of a card that stands once made: a card played (the others answer
    it), the first bonus laid (the others lay theirs face up at once) and a reward taken (the next trick is led); a
    reader found the bonus and the reward went down on one tap (stop 50), and a bonus used (though Undo takes it
    back, a brush on a "+1" used it at once: stop 52) (GameUI.confirm_board as a test of the action); Мяури asks it of every board choice, and a task's board (one tap,
    "Try again") of none."""
    from tutor.games.trump_whales.rules import ChooseBonus, Pick, PlayCard, UseBonus
    from tutor.widgets.play import PlayTable
    table = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=2)
    first = {key for key, (c, offer) in table._board.items() if isinstance(getattr(c, "action", None), ChooseBonus)
             and offer.available}
    assert first and set(table.view["confirm_board"]) == first, "the first bonus laid took one tap"
    table.act(table.game.legal_actions(table.state, 0)[0])
    kinds = {key: type(getattr(c, "action", None)) for key, (c, _offer) in table._board.items()}
    open_now = {key for key, (_c, offer) in table._board.items() if offer.available}
    assert UseBonus in set(kinds.values()) or set(kinds.values()) > {PlayCard}, f"nothing to tell apart: {kinds}"
    # (a card that may not be played now is refused at once, with its reason: nothing to confirm)
    assert sorted(table.view["confirm_board"]) == sorted(k for k, kind in kinds.items()
                                                         if kind in (PlayCard, Pick, ChooseBonus, UseBonus)
                                                         and k in open_now)
    assert table.view["confirm_board"]
    used = [k for k, kind in kinds.items() if kind is UseBonus and k in open_now]
    assert all(k in table.view["confirm_board"] for k in used), "a bonus used took one tap"
    # a trick won: the reward is on the board, and takes the second tap
    picked = False
    for _ in range(200):
        actions = table.game.legal_actions(table.state, 0)
        if not actions:
            break
        if any(isinstance(a, Pick) for a in actions):
            picks = [k for k, (c, offer) in table._board.items() if isinstance(getattr(c, "action", None), Pick)
                     and offer.available]
            assert picks and set(picks) <= set(table.view["confirm_board"]), "a reward took one tap"
            picked = True
            break
        table.act(next((a for a in actions if not isinstance(a, UseBonus)), actions[0]))
    assert picked, "the learner never won a trick"
    assert PlayTable("maui", players=3, seat=0, lang="en", seed=2).view["confirm_board"] is True
