"""Aqua Fest in the widgets: the play table's card-then-cell picker, attacks and defences with bots,
drawing two, whole games to the score table without leaking hidden cards, the shell-assembly helper, and
the lesson helpers. No browser: build the widgets, press their buttons, read their HTML.

Every test runs with a spy on `guard`: an unexpected exception caught in a callback fails the test (in a
Voilà page it would be "Something went wrong" instead of a lesson).
"""

from __future__ import annotations

import html
import random
import re

import pytest
from helpers import mentions as contains_id, legal_buttons

from tutor import lesson
from tutor.core.errors import RuleViolation
from tutor.core.i18n import text
from tutor.games import aqua_fest as af
from tutor.games.aqua_fest import ui as af_ui
from tutor.games.aqua_fest.shells import RULEBOOK_SHELLS, best_assembly, evaluate
from tutor.widgets import common, labels
from tutor.widgets.play import PlayTable
from tutor.games.aqua_fest.shells_widget import RULEBOOK_EXAMPLE, ShellsHelper, parse_grouping
from tutor.core.i18n import learner_seat

LANGS = ("en", "ru")
H_SPECIES = ["crab-1", "crab-2", "octopus-1", "seahorse-1", "dolphin-1"]
OTHERS = [["crab-5", "crab-6", "crab-7", "crab-8", "crab-9"], ["turtle-1", "turtle-2", "turtle-3", "turtle-4", "turtle-5"]]


@pytest.fixture(autouse=True)
def widget_guard(guard_spy):
    """Every test here runs under the guard spy (tests/conftest.py)."""
    return guard_spy



def move_buttons(t, seat=None):
    return [b for b in t.action_buttons(seat) if isinstance(b.action, af.Move)]


def card_button(t, card):
    return next(b for b in t.card_buttons() if b.card == card)


def press(t, action):
    """Do `action` through the table's buttons, as a learner would."""
    if isinstance(action, af.Move):
        card_button(t, action.card).click()
        button = next(b for b in move_buttons(t) if b.action == action)
    elif isinstance(action, af.DrawTwo) and action.home is not None:
        button = next(b for b in t.action_buttons() if hasattr(b, "place"))
        button.place.value = action.home
    else:
        button = next(b for b in t.action_buttons() if b.action == action)
    assert button.action == action
    button.click()


def page(t) -> str:
    return (t.svg + t.log_html + t.status_html
            + "".join(b.description + b.tooltip for b in t.action_buttons() + t.card_buttons()))


# --------------------------------------------------------------------------- the card-then-cell picker

@pytest.mark.parametrize("lang", LANGS)
def test_choosing_a_card_offers_exactly_its_legal_moves_and_a_cell_moves_there(lang):
    t = PlayTable("aqua_fest", place_starts=False, players=3, seat=0, lang=lang, seed=3)
    assert t.errors.message == "" and af.to_move(t.state) == [0]
    assert not move_buttons(t), "no destinations before a card is chosen"
    hand = t.state.hands[0]
    assert [b.card for b in t.card_buttons(0)] == list(hand)
    from tutor.games.aqua_fest.text import species_name
    for b in t.card_buttons(0):
        card = af.CARDS[b.card]
        assert species_name(card.species, lang) in b.description and str(card.strength) in b.description
    for card in hand:
        card_button(t, card).click()
        want = {a for a in af.legal_actions(t.state, 0) if isinstance(a, af.Move) and a.card == card}
        got = move_buttons(t)
        assert {b.action for b in got} == want and len(got) == len(want)
        assert all("tutor-action" in b.classes for b in got)
        for b in got:
            assert b.description == af_ui.cell(b.action.to) and re.fullmatch(r"[A-E][1-5]", b.description)
        if want:
            assert f'data-card="{card}"' in t.svg and 'class="dest"' in t.svg
    assert t.state.moves == 0 and t.history == []

    card = next(c for c in hand if any(isinstance(a, af.Move) and a.card == c for a in af.legal_actions(t.state, 0)))
    card_button(t, card).click()
    before, target = t.state, move_buttons(t)[0].action
    move_buttons(t)[0].click()
    expected, _ = af.apply(before, target)
    assert t.errors.message == "" and t.state == expected
    assert t.state.pawns[0] == target.to and card not in t.state.hands[0]
    assert [e.kind for e in t.last_events][:2] == ["aqua_fest.card_played", "aqua_fest.moved"]
    assert t.selected == {} and not t.undo_button.disabled
    t.undo_button.click()
    assert t.state == before


@pytest.mark.parametrize("lang", LANGS)
def test_a_task_shows_no_destinations_before_the_learner_commits(lang):
    """Review: in "Reach the pink fragment" tapping a card lit its reachable cells, so a learner could try cards until
    E1 lit up. In a task a chosen card is ringed, but no dots or lines say where it goes, every other cell of the
    seabed is offered alike (buttons and board), and the engine judges the cell chosen: a wrong one is refused
    with its rule and the hint."""
    from tutor.widgets.your_turn import YourTurn
    t = YourTurn("aqua_fest/octopus-diagonal", lang=lang)
    for b in t.card_buttons(0):
        b.click()
        legal = {a.to for a in af.legal_actions(t.state, 0) if isinstance(a, af.Move) and a.card == b.card}
        assert f'data-card="{b.card}"' in t.svg and 'class="dest"' not in t.svg and 'class="dir"' not in t.svg
        offered = move_buttons(t)
        pawn = t.state.pawns[0]
        assert sorted(m.action.to for m in offered) == [i for i in range(25) if i != pawn]
        assert {tuple(m.classes) for m in offered} == {("tutor-action",)} and len(legal) < len(offered)
        cells = {k for k in t.board_choices() if k.startswith("cell:")}
        assert cells == {f"cell:{i}" for i in range(25) if i != pawn}
        assert "choice-ring unavailable" not in t.svg
    crab = next(b for b in t.card_buttons(0) if b.card.startswith("crab"))
    crab.click()
    t.click_board("cell:" + str(af_ui.AB.cell(0, 4)))          # E1: no line of exactly two cells leads there
    assert t.outcome == "refused" and t.state.pawns[0] == af_ui.AB.cell(2, 2)
    # its reason and rule alone: the task's hint is about the goal, and under a refusal it read as the refusal's
    assert "tutor-task-rule" in t.verdict and "tutor-task-hint" not in t.verdict
    # another card chosen for the next move: the refusal's words go (they read as that card's, a reader)
    other = next(b for b in t.card_buttons(0) if not b.card.startswith("crab"))
    other.click()
    assert t.outcome is None and t.verdict == "" and t.view["status"] == ""
    # the play table still shows where a chosen card goes
    table = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang=lang, seed=3)
    card = next(c for c in table.state.hands[0]
                if any(isinstance(a, af.Move) and a.card == c for a in af.legal_actions(table.state, 0)))
    card_button(table, card).click()
    assert 'class="dest"' in table.svg


@pytest.mark.parametrize("lang", LANGS)
def test_a_second_card_of_another_species_is_refused_with_the_engines_reason(lang):
    t = PlayTable("aqua_fest", place_starts=False, players=3, seat=0, lang=lang, seed=1, hands=[H_SPECIES] + OTHERS)
    card_button(t, "crab-1").click()
    move_buttons(t)[0].click()
    assert t.errors.message == "" and t.state.moves == 1 and t.state.species == "crab"

    # the reason is said as soon as the card is tapped, and nothing is chosen: no cell is offered it as if it could
    # go there (a reader took the cells the board offered for a second card as allowed; another was asked for "one
    # of the places marked" where none was)
    before, history = t.state, len(t.history)
    card_button(t, "octopus-1").click()
    with pytest.raises(RuleViolation) as refusal:
        af.apply(before, af.Move(0, "octopus-1", next(iter(af.destinations(before, 0, "octopus-1")))))
    assert refusal.value.key == "aqua_fest.err.species"
    assert t.errors.message == refusal.value.explain(lang)
    assert t.selected == {} and not move_buttons(t)
    assert t.state is before and len(t.history) == history

    # drawing two after a move is offered but refused too; ending the turn is legal
    draw = next(b for b in t.action_buttons() if b.action == af.DrawTwo(0))
    assert "tutor-action-unavailable" in draw.classes
    draw.click()
    with pytest.raises(RuleViolation) as refusal:
        af.apply(before, af.DrawTwo(0))
    with learner_seat(t.live.seat):
        assert t.errors.message == refusal.value.explain(lang) and t.state is before

    # the same species may move again: its moves are exactly the engine's
    card_button(t, "crab-2").click()
    assert {b.action for b in move_buttons(t)} == {a for a in af.legal_actions(before, 0)
                                                   if isinstance(a, af.Move) and a.card == "crab-2"}
    end = next(b for b in t.action_buttons() if b.action == af.EndTurn(0))
    end.click()
    assert t.errors.message == "" and af.to_move(t.state) == [0] and t.state.turn == 0, "bots played round"
    assert any(e.kind == "aqua_fest.turn" and e.data["player"] == 1 for e in t.last_events)


# --------------------------------------------------------------------------- battles with bots

H0 = ["dolphin-9", "crab-1", "crab-2", "crab-3", "crab-4"]
H1 = ["crab-5", "octopus-1", "seahorse-1", "seahorse-2", "turtle-1"]
SIDE_BY_SIDE = dict(pawns=[[2, 2], [2, 3]], hands=[H0, H1])


@pytest.mark.parametrize("lang", LANGS)
def test_learner_attacks_and_the_bot_defends_with_its_strongest_card(lang):
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang=lang, seed=0, **SIDE_BY_SIDE)
    attacks = [b for b in t.action_buttons() if isinstance(b.action, af.Attack)]
    assert {b.action for b in attacks} == {af.Attack(0, 1, c) for c in H0}
    assert all("tutor-action" in b.classes for b in attacks)
    next(b for b in attacks if b.action.card == "dolphin-9").click()
    assert t.errors.message == ""
    kinds = [e.kind for e in t.last_events]
    assert kinds[:2] == ["aqua_fest.attack", "aqua_fest.battle_revealed"]
    revealed = t.last_events[1].data
    assert revealed["defence_card"] == "turtle-1", "the bot defends with its strongest card (turtle 3)"
    assert "aqua_fest.battle_won" in kinds and t.state.pawns[1] is None
    assert t.state.turn == 0 and af.to_move(t.state) == [0], "an attack does not end the turn"
    log = html.unescape(t.log_html)
    assert t.last_events[1].narrate(lang) in log and "aqua_fest.battle_won" in log


@pytest.mark.parametrize("lang", LANGS)
def test_bot_attacks_and_the_learner_defends(lang):
    # the bot in seat 1 moves first; it holds a 9, so it attacks its neighbour
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang=lang, seed=0, first=1, pawns=[[2, 2], [2, 3]],
                  hands=[H1, H0])
    assert t.errors.message == "" and t.state.battle == (1, 0, "dolphin-9")
    assert af.to_move(t.state) == [0]
    defends = t.action_buttons()
    assert [b.action for b in defends] == [af.Defend(0, c) for c in H1]
    assert not t.card_buttons(), "while attacked, the only choice is the defence card"
    for secret in af.secrets(t.state, 0):
        assert not contains_id(page(t), secret), secret
    defends[0].click()
    assert t.errors.message == "" and t.state.battle is None
    revealed = next(e for e in t.events_log if e.kind == "aqua_fest.battle_revealed")
    assert revealed.data["attack_card"] == "dolphin-9" and revealed.data["defence_card"] == H1[0]
    won = next(e for e in t.events_log if e.kind == "aqua_fest.battle_won")
    assert won.data["player"] == 1 and won.data["loser"] == 0, "9 beats 5: the learner's pawn goes home"
    assert af.to_move(t.state) == [0] and t.state.turn == 0, "the bot finished its turn; the learner moves"


@pytest.mark.parametrize("lang", LANGS)
def test_draw_two_and_draw_two_going_home(lang):
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang=lang, seed=0, **SIDE_BY_SIDE)
    size = len(t.state.hands[0])
    press(t, af.DrawTwo(0))
    assert t.errors.message == ""
    drew = [e for e in t.events_log if e.kind == "aqua_fest.drew" and e.data["player"] == 0]
    assert drew and drew[0].data["count"] == 2
    assert len(t.state.hands[0]) == size + 2 and t.state.turn == 0
    assert t.state.pawns[0] is not None

    place = next(b for b in t.action_buttons() if hasattr(b, "place"))
    assert [v for _, v in place.place.options] == [0, 1, 2, 3, 4]
    press(t, af.DrawTwo(0, 4))
    assert t.errors.message == ""
    went = [e for e in t.events_log if e.kind == "aqua_fest.went_home"]
    assert went and went[0].data == {"player": 0, "place": 4, "side": "south"}
    assert t.state.homes[0] == 4 and t.state.pawns[0] is None


# --------------------------------------------------------------------------- whole games

def play_to_the_end(t, seat=0, check_secrets=True):
    rng = random.Random(7)
    for step in range(600):
        if af.is_over(t.state):
            return step
        if check_secrets:
            text = page(t)
            leaks = [x for x in af.secrets(t.state, seat) if contains_id(text, x)]
            assert not leaks, f"step {step}: {leaks}"
        mover = af.to_move(t.state)[0]
        press(t, labels.bot_action(af.SPEC, t.state, mover, rng))
        assert t.errors.message == "", t.errors.message
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang,seed", [("en", 11), ("ru", 12)])
def test_full_game_to_the_score_table_without_leaking_secrets(lang, seed):
    t = PlayTable("aqua_fest", players=3, seat=0, lang=lang, seed=seed)
    play_to_the_end(t)
    assert af.is_over(t.state) and not t.action_buttons() and not t.card_buttons()
    html = t.score_html.replace("&#x27;", "'")
    for b in af.score(t.state):
        lines = [int(x) for x in re.findall(
            rf'<tr class="line" data-player="{b.player}">.*?<td class="num">(-?\d+)</td>', html)]
        total = int(re.search(rf'<tr class="total" data-player="{b.player}">.*?<td class="num">(-?\d+)</td>',
                              html).group(1))
        assert sum(lines) == total == b.total
        assert total == best_assembly(t.state.collected[b.player]).points + t.state.bonus[b.player]
        for line in b.lines:
            assert line.label(lang) in html
    bonus_label = {"en": "Bonus token", "ru": "Жетон"}[lang]
    assert html.count(bonus_label) == 3
    winners = re.search(r'data-winners="([\d,]+)"', html).group(1)
    assert [int(s) for s in winners.split(",")] == af.winners(t.state)


def test_tied_points_show_the_hand_strength_tie_break():
    # two ordinary shells of the same stars, equal bonus: the cards left in hand decide
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, seed=0)
    from dataclasses import replace
    state = replace(t.state, over=True, bonus=(1, 1), hands=(("crab-1",), ("dolphin-9",)),
                    collected=(("u-white-1", "u-white-2", "u-white-3", "u-white-4"),
                               ("u-black-1", "u-black-2", "u-black-3", "u-black-4")))
    assert [b.total for b in af.score(state)] == [6, 6]
    t.state = state
    t.refresh()
    html_ = t.score_html
    assert 'data-winners="1"' in html_ and "tutor-tiebreak" in html_
    assert ": 1" in html_ and ": 9" in html_


def test_hot_seat_undo_save_and_load():
    t = PlayTable("aqua_fest", players=3, seat=0, seed=5)
    assert t.save_button.disabled
    t.set_hotseat(True)
    assert not t.save_button.disabled and t.passing == af.to_move(t.state)[0]
    for _ in range(3):          # every seat is a person now: the device goes to each mover in turn
        mover = af.to_move(t.state)[0]
        if t.passing is not None:
            [take] = [c for c in t._offered.values() if "tutor-take-device" in c.classes]
            assert take.seat == mover and t.view["board"] == ""
            take.click()
        assert t.viewer == mover and {b.action.player for b in t.action_buttons()} == {mover}
        press(t, labels.bot_action(af.SPEC, t.state, mover, random.Random(1)))
        assert t.errors.message == ""
    saved = t.save()
    state = t.state
    t.undo_button.click()
    assert t.state != state
    t.load(saved)
    assert t.state == state and t.errors.message == ""
    t.saved = "{not json"
    t.load_button.click()
    assert t.errors.message and t.state == state


# --------------------------------------------------------------------------- the shells helper

@pytest.mark.parametrize("lang", LANGS)
def test_shells_helper_rulebook_example_is_the_books_36(lang):
    """«Как посчитать баллы»: the example button lays out the book's twelve fragments, its token 2, and its shells
    as the book groups them: 3+1+3+2 = 9 ordinary, 3+1+2+3 +2 = 11 rare, 1+3+2+3 +2 +3 = 14 unique; 36."""
    h = ShellsHelper(lang=lang)
    assert h.total == 0 and h.errors.message == ""
    h.example_button.click()
    assert sorted(h.selected) == sorted(RULEBOOK_EXAMPLE) and h.bonus.value == 2 and h.total == 36
    assert [s.fragments for s in h.assembly.shells] == [tuple(g) for g in RULEBOOK_SHELLS]
    assert [(s.kind, s.points) for s in h.assembly.shells] == [("ordinary", 9), ("rare", 11), ("unique", 14)]
    assert h.assembly.points == best_assembly(RULEBOOK_EXAMPLE).points == 34     # the engine's best scores the same
    assert 'data-points="34"' in h.svg.value and 'data-total="36"' in h.svg.value
    drawn = re.findall(r'class="shell" data-bonus="(\d+)" data-kind="(\w+)" data-points="(\d+)"', h.svg.value)
    assert drawn == [("0", "ordinary", "9"), ("2", "rare", "11"), ("5", "unique", "14")]
    stars = re.findall(r"★ ([\d +]+) = 9", h.svg.value)
    # the book's shells, each summed in the order its tiles are drawn (uppers, lower left, lower right)
    assert stars == ["3 + 1 + 3 + 2", "2 + 3 + 3 + 1", "2 + 3 + 1 + 3"]
    assert 'data-total="36"' in h.table.value
    points = [int(x) for x in re.findall(r'<tr class="line">.*?<td class="num">(-?\d+)</td>', h.table.value)]
    assert sum(points) == 36
    assert common.safe_cite("aqua_fest:shells", lang) in h.table.value
    # each rule the lines come from is named once, under the table, not in a column repeating it row after row
    for rule in {line.rule for line in h.breakdown.lines}:
        assert h.table.value.count(common.esc(common.safe_cite(rule, lang))) == 1, rule
    why = h.why.value
    assert why.count("<li>") == 5          # ordinary, rare, unique, total, and "the best scores the same"
    assert {"en": "unique shell", "ru": "уникальную ракушку"}[lang] in why and "36" in why
    assert text("ui.shells.as_book", lang, points=34) in why.replace("&#x27;", "'")
    assert [h.assign[t].value for t in RULEBOOK_EXAMPLE] == [1] * 4 + [2] * 4 + [3] * 4   # your grouping: the book's
    # a changed collection is the engine's best grouping again, and the note goes
    h.toggles["u-pink-8"].value = False
    assert h.book is None and text("ui.shells.as_book", lang, points=34) not in h.why.value
    h.toggles["u-pink-8"].value = True
    assert h.total == 36 and h.assembly == best_assembly(RULEBOOK_EXAMPLE)


@pytest.mark.parametrize("lang", LANGS)
def test_shells_helper_random_collections_are_seeded_and_scored_by_the_engine(lang):
    h = ShellsHelper(lang=lang, seed=4)
    seen = []
    for _ in range(6):
        h.random_button.click()
        ids = h.selected
        assert 8 <= len(ids) <= 20
        assert h.total == best_assembly(ids).points + h.bonus.value
        seen.append(tuple(ids))
    assert len(set(seen)) > 1
    again = ShellsHelper(lang=lang, seed=4)
    again.random_button.click()
    assert tuple(again.selected) == seen[0]


def test_shells_helper_explains_left_over_lower_fragments():
    h = ShellsHelper(fragments=["u-pink-1", "u-pink-2", "u-pink-3", "u-pink-4", "ll-white-1", "ll-pink-1"])
    assert len(h.assembly.shells) == 1 and len(h.assembly.unused) == 2
    assert "Lower fragments left over: 2" in h.why.value and "never make an ordinary shell" in h.why.value
    # toggling a fragment rescores
    h.toggles["lr-pink-1"].value = True
    assert h.total == best_assembly(h.selected).points and h.assembly.shells[0].kind == "unique"


def test_shells_helper_filters_by_kind():
    h = ShellsHelper()
    assert len(h.toggles) == 42
    h.filter.value = "upper"
    assert h.kind_groups["upper"].layout.display is None
    assert h.kind_groups["lower-left"].layout.display == "none"
    h.filter.value = ""
    assert all(box.layout.display is None for box in h.kind_groups.values())


@pytest.mark.parametrize("lang", LANGS)
def test_shells_helper_picks_by_colour_rows_and_shows_the_total_over_them(lang):
    """A row a pearl colour under each kind, the colour named once at its head and the buttons showing stars only
    (the whole name in the tooltip): 42 "★★ white" buttons filled two phone screens. The running count and total
    come before the rows, where the learner taps."""
    from tutor.games.aqua_fest import components as C
    from tutor.games.aqua_fest.text import colour_name
    h = ShellsHelper(lang=lang)
    for kind, box in h.kind_groups.items():
        rows = [w for w in box.children if "tutor-shells-row" in w._dom_classes]
        assert rows and len(rows) == len({C.tile(t).colour for t in C.FRAGMENTS if C.tile(t).kind == kind})
        for row in rows:
            head, *buttons = row.children
            colours = {C.tile(b.fragment).colour for b in buttons}
            assert len(colours) == 1 and colour_name(colours.pop(), lang) in head.value
            assert all(b.description == "★" * C.tile(b.fragment).stars and b.tooltip for b in buttons)
            assert [C.tile(b.fragment).stars for b in buttons] == sorted(C.tile(b.fragment).stars for b in buttons)
    # the count heads the picker's own box, so it rides along over the rows only (tutor.css)
    picker = next(c for c in h.children if "tutor-shells-picker" in c._dom_classes)
    assert picker.children[0] is h.count and all(box in picker.children for box in h.kind_groups.values())
    h.example_button.click()
    assert "12" in h.count.value and "36" in h.count.value


@pytest.mark.parametrize("lang", LANGS)
def test_learner_grouping_is_evaluated_and_compared_with_the_best(lang):
    h = ShellsHelper(lang=lang, fragments=RULEBOOK_EXAMPLE)
    # the pink lowers with the black uppers: two rare shells and no unique one (3 points short)
    mine = ("shell 1: u-white-7 u-pink-1 u-pink-8 u-white-4\n"
            "shell 2: ll-pink-1 lr-pink-3 u-black-7 u-black-8\n"
            "ll-white-3, lr-pink-1, u-pink-4, u-pink-5\n")
    yours, best = h.score_grouping(mine)
    want = evaluate(parse_grouping(mine))
    assert yours.points == want.points == 31 and best.points == 34
    assert f'data-yours="{want.points}" data-best="34"' in h.verdict.value
    assert str(want.points) in h.verdict.value
    h.fill_button.click()
    yours, best = h.score_grouping()
    assert yours.points == best.points == 34
    # a group that is not a whole shell scores nothing and is told so
    yours, _ = h.score_grouping("u-white-7 ll-white-3 ll-pink-1 u-pink-1")
    assert yours.points == 0 and len(yours.unused) == 4 and "<li>" in h.verdict.value


@pytest.mark.parametrize("source,key", [
    ("shell 1: u-white-7 u-pink-1 u-black-7", "ui.shells.err.size"),
    ("shell 1: u-white-7 u-pink-1 u-black-7 banana", "ui.shells.err.unknown"),
    ("u-white-7 u-pink-1 u-black-7 u-white-4\nu-white-7 u-pink-4 u-pink-5 u-pink-8", "ui.shells.err.twice"),
    ("u-white-1 u-pink-1 u-black-7 u-white-4", "ui.shells.err.not_chosen"),
    ("   \n", "ui.shells.err.empty"),
])
def test_malformed_grouping_is_a_friendly_message(source, key, guard_spy):
    h = ShellsHelper(lang="ru", fragments=RULEBOOK_EXAMPLE)
    assert h.score_grouping(source) is None
    with pytest.raises(RuleViolation) as refusal:
        parse_grouping(source, RULEBOOK_EXAMPLE)
    assert refusal.value.key == key
    # said under the check button, where the learner tapped (the helper's own error area is 2,000 px above it on a
    # phone: a reader took the button for broken)
    assert h.own_errors.message == refusal.value.explain("ru") and "Traceback" not in h.own_errors.message
    assert h.errors.message == ""
    own = h.own_box.children[0].children
    assert own.index(h.own_errors) == own.index(h.verdict) - 1
    assert guard_spy.caught and all(ok for _, ok, _ in guard_spy.caught)
    h.place([("u-white-7", "u-pink-1", "u-black-7", "u-white-4")])
    h.check_button.click()
    assert h.own_errors.message == ""


def test_the_learner_groups_fragments_with_shell_pickers_not_ids():
    """Your own grouping: a picker per chosen fragment, named by kind, stars and pearl; four to a shell."""
    h = ShellsHelper(lang="en", fragments=RULEBOOK_EXAMPLE)
    assert list(h.assign) == h.selected and len(h.assign) == 12
    for t, picker in h.assign.items():
        assert t not in picker.description and "★" in picker.description
        assert [label for label, _ in picker.options] == ["no shell", "shell 1", "shell 2", "shell 3"]
    pinks = [t for t in ("u-pink-1", "u-pink-4", "ll-pink-1", "lr-pink-3")]
    for t in pinks:
        h.assign[t].value = 1
    yours, best = h.score_grouping()
    assert [s.kind for s in yours.shells] == ["unique"] and best.points == 34
    h.assign["u-pink-5"].value = 2
    assert h.score_grouping() is None and "Fragments in shell 2: 1;" in h.own_errors.message
    h.fill_button.click()
    yours, _ = h.score_grouping()
    assert yours.points == 34


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_shells_helper_with_no_token_names_no_token_0(lang):
    """Every player has a bonus token of 1 to 4: with none chosen the helper said "Shells 26 + bonus token 0 = 26". It
    says the shells' points alone and that the token comes at the end; with a token, the sum."""
    h = ShellsHelper(lang=lang, fragments=RULEBOOK_EXAMPLE)
    h.bonus.value = 0
    said = h.count.value + h.why.value
    assert " 0 =" not in said and str(h.total) in said
    h.bonus.value = 2
    assert f"{h.total - 2} + " in h.count.value and f"= {h.total}" in h.count.value


def test_shells_helper_refuses_unknown_fragments_friendly():
    h = ShellsHelper(fragments=["coral-1"])
    assert "coral-1" in h.errors.message and h.selected == []


# --------------------------------------------------------------------------- lesson helpers

@pytest.mark.parametrize("lang", LANGS)
def test_lesson_helpers_for_aqua_fest(lang):
    assert isinstance(lesson.play("aqua_fest", lang, players=3, seed=1).expand(), PlayTable)
    assert isinstance(lesson.sandbox("aqua_fest", lang).expand(), ShellsHelper)
    sh = lesson.sandbox("aqua_fest", lang, fragments=RULEBOOK_EXAMPLE).expand()
    assert isinstance(sh, ShellsHelper) and sh.total == 34

    r = lesson.rulings("aqua_fest", lang).value
    assert r.count("<li") == len(af.RULINGS)

    c = lesson.components("aqua_fest", lang).value
    assert c.count('<tr data-kind="coral"') == 1
    fragment_rows = re.findall(r'<tr data-kind="(upper|lower-left|lower-right)" data-colour', c)
    assert len(fragment_rows) == 9
    species_rows = re.findall(r'<tr data-kind="(crab|octopus|seahorse|turtle|dolphin)"', c)
    assert len(species_rows) == 5
    setup_rows = re.findall(r'<tr data-kind="(hand_size|bonus_order|first_player)" data-provenance="assumed"', c)
    assert len(setup_rows) == 3, "the set-up facts the rulebook does not print are marked assumed"
    assert c.count('data-provenance="assumed"') == 18
    # every row of each table is assumed: said once, in the table's heading, not in a column past a phone's edge
    assert len(re.findall(r'<h4>[^<]*<span class="tutor-cite">[^<]*</span> <span class="tutor-assumed"', c)) == 3
    assert c.count('class="tutor-assumed"') == 3 and ">" + text("ui.source", lang) + "<" not in c
    from tutor.games.aqua_fest import components as AC
    assert f"<td>{AC.HAND_SIZE}</td>" in c
    assert "5, 5, 6, 6, 7, 7, 8, 8, 9, 9" in c
    counts = [int(x) for x in re.findall(r'data-colour="[^"]+" data-provenance="\w+">(?:<td>[^<]*</td>){2}'
                                         r'(?:<td class="num">\d+</td>){3}<td class="num">(\d+)</td>', c)]
    assert sum(counts) == 42

    spec = {"players": 2, "pawns": {1: "C3"}, "hands": {1: ["crab-1"], 2: ["crab-2"]}}
    pos = lesson.position("aqua_fest", spec, lang, viewer=0, highlight=("card:crab-1",))
    assert isinstance(pos, lesson.Static) and pos.value.startswith('<div class="tutor-for-phone"><svg') and '<div class="tutor-for-wide"><svg' in pos.value and 'data-card="crab-1"' in pos.value
    from tutor.games.aqua_fest.scenario import setup as spec_setup
    state = spec_setup(spec)
    assert pos.value == lesson.position("aqua_fest", state, lang, viewer=0, highlight=("card:crab-1",)).value
    kw = lesson.position("aqua_fest", {"players": 2, "seed": 3, "pawns": [[2, 2], None]}, lang)
    assert isinstance(kw, lesson.Static) and kw.value.count("<svg") == 3
    bad = lesson.position("aqua_fest", {"players": 2, "pawns": {1: "Z9"}}, lang)
    assert isinstance(bad, lesson.Static) and "Z9" in bad.message


@pytest.mark.parametrize("lang", LANGS)
def test_a_played_game_begins_with_the_start_tiles_laid_in_turn(lang):
    """Цель игры: before the first turn each player lays a start tile beside a cell of their side; the
    learner's buttons name those cells, and the bots lay theirs after."""
    t = PlayTable("aqua_fest", players=3, seat=0, lang=lang, seed=4)
    assert t.state.placing == (0, 1, 2) and af.to_move(t.state) == [0]
    buttons = legal_buttons(t)
    assert [b.description for b in buttons] == ["A5", "B5", "C5", "D5", "E5"]    # the south side
    assert all(isinstance(b.action, af.PlaceStart) for b in buttons)
    assert 'data-placed="no"' in t.svg
    buttons[1].click()
    assert t.state.placing == () and t.state.homes[0] == 1        # the bots laid theirs at once
    assert af.to_move(t.state) == [0] and t.card_buttons(0)
    assert 'data-placed="no"' not in t.svg


def test_the_home_place_pick_takes_only_an_offered_place():
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang="en", seed=0, **SIDE_BY_SIDE)
    home = next(b for b in t.action_buttons() if hasattr(b, "place"))
    for bad in (7, "2", None, [1]):
        t._on_msg(t, {"press": home.place.id, "v": t.version, "value": bad}, [])
        assert home.action == af.DrawTwo(0, t.state.homes[0])
    t._on_msg(t, {"press": home.place.id, "v": t.version, "value": 4}, [])
    assert home.action == af.DrawTwo(0, 4) and home.place.value == 4
    pick = next(p for g in t.view["rows"] for p in g if "pick" in p)["pick"]
    assert pick["value"] == 4 and [v for _, v in pick["options"]] == [0, 1, 2, 3, 4]


# --------------------------------------------------------------------------- the board answers as the buttons do

@pytest.mark.parametrize("lang", LANGS)
def test_a_second_card_of_another_species_clicked_on_the_board_is_refused_with_the_rule(lang):
    """The walk-through's C6: after a crab, the octopus clicked on the board is refused at once with the engine's
    reason (chosen, the page asked for a marked place where none was: a reader, stop 59), and nothing is chosen; the
    card no move is legal for is drawn faint and dashed. In a task (no card set apart) it is chosen, and a cell
    clicked then gets the same refusal as the cell's button."""
    t = PlayTable("aqua_fest", place_starts=False, players=3, seat=0, lang=lang, seed=1, hands=[H_SPECIES] + OTHERS)
    card_button(t, "crab-1").click()
    move_buttons(t)[0].click()
    assert t.state.species == "crab"
    ring = t.svg[t.svg.index('data-key="card:octopus-1"'):]
    assert "choice-ring unavailable" in ring[:ring.index("</g>")], "the octopus is not drawn as a move to make"
    before, history = t.state, len(t.history)
    t.click_board("card:octopus-1")
    with pytest.raises(RuleViolation) as refusal:
        af.apply(before, af.Move(0, "octopus-1", next(iter(af.destinations(before, 0, "octopus-1")))))
    assert t.errors.message == refusal.value.explain(lang) and refusal.value.key == "aqua_fest.err.species"
    assert t.selected == {} and not [b.card for b in t.card_buttons() if b.chosen]
    assert t.state is before and len(t.history) == history


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_that_reaches_no_cell_says_so_when_tapped_and_is_not_chosen(lang):
    # (this deal: Player 1's crabs reach no cell from the start tile)
    t = PlayTable("aqua_fest", place_starts=False, players=3, seat=0, lang=lang, seed=0)
    stuck = next(c for c in t.state.hands[0] if not af.destinations(t.state, 0, c))
    assert f"card:{stuck}" in t.board_choices()
    t.click_board(f"card:{stuck}")
    said = text("ui.af.no_dest", lang, card=af_ui.card_label(stuck, lang))
    assert t.errors.message.casefold().startswith(said.casefold()) and t.selected == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_start_tile_is_laid_from_the_board_named_as_its_button(lang):
    t = PlayTable("aqua_fest", players=3, seat=0, lang=lang, seed=3)
    buttons = {b.action.place: b for b in t.action_buttons(0)}
    for place, choice in t.board_choices().items():
        b = buttons[int(place.rsplit(":", 1)[1])]
        assert choice is b and b.description in b.tooltip, "the board's place and the button name the same cell"
        assert f'aria-label="{html.escape(b.tooltip, quote=True)}"' in t.svg
    t.click_board("place:0:1")
    assert t.state.homes[0] == 1 and t.errors.message == ""


@pytest.mark.parametrize("lang", LANGS)
def test_no_two_choices_at_the_table_share_a_label(lang):
    """C9: the cards to play and the cards to attack with were labelled alike ("crab 3 · …" under "Play a card" and
    again under "Attack Player 2 with"): a button's name says which row it is in, for a screen reader as for the
    eye (two equal cards in hand may share one)."""
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang=lang, seed=0, **SIDE_BY_SIDE)
    card_button(t, "crab-1").click()
    rows: dict = {}
    for b in t.action_buttons(0) + t.card_buttons(0):
        kind = type(b.action).__name__ if hasattr(b, "action") else "card"
        rows.setdefault(kind, set()).add(b.description)
    assert {"card", "Attack", "Move"} <= set(rows)
    kinds = sorted(rows)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            assert not rows[a] & rows[b], f"{a} and {b} buttons share {rows[a] & rows[b]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_place_pick_says_what_it_sets_and_names_places_by_their_cells(lang):
    """The drop-down beside "draw 2 and go home" was «Место [3▾]»: a word and a bare number. It says what it sets
    (where the start tile goes), and each place is the seabed cell of the player's side it lies beside, as the board
    names it, the place it lies now marked so."""
    from tutor.core.i18n import text
    from tutor.games.aqua_fest.text import beside_name
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang=lang, seed=0, **SIDE_BY_SIDE)
    pick = next(p for g in t.view["rows"] for p in g if "pick" in p)["pick"]
    assert pick["label"] == text("ui.af.place_pick", lang) and len(pick["label"].split()) >= 3
    side, now = t.state.sides[0], t.state.homes[0]
    labels = [label for label, _ in pick["options"]]
    assert [v for _, v in pick["options"]] == [0, 1, 2, 3, 4]
    for h, label in enumerate(labels):
        assert beside_name(side, h) in label and not label.isdigit()
        assert (label == text("ui.af.place_now", lang, cell=beside_name(side, h))) == (h == now)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tap_on_a_cell_the_card_cannot_reach_gets_the_engines_reason(lang):
    """Fresh reader (stop 44): at the table a tap on a cell the chosen crab could not reach said only "not one of the
    marked places". With a card chosen, the view carries, for every cell the board does not offer, the engine's own
    refusal of that move (the page shows the one tapped); the offered cells have none."""
    t = PlayTable("aqua_fest", place_starts=False, players=3, seat=0, lang=lang, seed=3)
    card = next(c for c in t.state.hands[0]
                if any(isinstance(a, af.Move) and a.card == c for a in af.legal_actions(t.state, 0)))
    card_button(t, card).click()
    refusals = {k: v for group in t.view["rows"] for part in group for k, v in part.get("refusals", {}).items()}
    offered = {b.action.to for b in move_buttons(t)}
    assert refusals and not any(f"cell:{d}" in refusals for d in offered)
    for key, said in refusals.items():
        d = int(key.split(":")[1])
        with pytest.raises(RuleViolation) as refusal:
            af.apply(t.state, af.Move(0, card, d))
        assert said == refusal.value.explain(lang)
    assert f'data-cell="{next(iter(refusals)).split(":")[1]}"' in t.svg     # the page finds the cell tapped


def test_a_chosen_card_with_no_move_now_has_the_engines_reason_for_every_cell():
    """A reader of wave 23 chose the octopus, tapped E2 past a coral and read only "not one of the marked places":
    a card with no legal move offers the cells it would reach (for the engine to say why not), and those cells, not
    marked on the board, had no reason of their own. Every cell but the legal moves' now carries the engine's."""
    from tutor.games.aqua_fest.ui import card_key
    from tutor.games.aqua_fest.play_rows import offered_moves
    found = 0
    for seed in range(40):
        t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang="ru", seed=seed)
        rnd = random.Random(seed)
        for _ in range(12):
            if t.is_over() or not t.live.is_my_turn():
                break
            state = t.state
            stuck = [c for c in state.hands[0] if offered_moves(state, 0, c)
                     and not any(m in af.legal_actions(state, 0) for m in offered_moves(state, 0, c))]
            if stuck:
                t.choose(0, (card_key(stuck[0]),))
                refusals = {k for group in t.view["rows"] for part in group for k in part.get("refusals", {})}
                reach = {m.to for m in offered_moves(t.state, 0, stuck[0])}
                assert reach and all(f"cell:{d}" in refusals for d in reach), (reach, sorted(refusals))
                found += 1
                break
            t.act(rnd.choice(af.legal_actions(state, 0)))
        if found >= 3:
            break
    assert found, "no card without a move came up: nothing tested"


def test_a_task_before_the_turn_is_taught_offers_only_its_cards_and_cells():
    """Fresh reader Y6 (stop 48): the task of part 7 (how the creatures move) offered "End turn", "Draw 2", "Draw 2
    and return" and the home place, rules part 8 teaches. A task of a part before "A turn" offers the hand's cards
    (and, once one is chosen, its cells) only; a task of part 8 still offers the whole turn."""
    from tutor.widgets.your_turn import YourTurn
    early = YourTurn("aqua_fest/octopus-diagonal", lang="en")
    assert not [b for b in early.action_buttons() if not isinstance(b.action, af.Move)]
    assert early.card_buttons() and early.board_choices()
    # nor does its board: a tap on the learner's own start tile began going home (reader TN, stop 58)
    assert not [k for k in early.board_choices() if k.startswith("home:")]
    later = YourTurn("aqua_fest/draw-two", lang="en")
    assert {type(b.action).__name__ for b in later.action_buttons()} >= {"EndTurn", "DrawTwo"}
    assert [k for k in later.board_choices() if k.startswith("home:")]


def test_a_film_step_that_defends_says_so_in_its_caption():
    """Fresh reader Y9 (stop 48): above a battle the learner had started, the defender's step read "Player 2
    played", as if it named the wrong player. A game's own verb for a kind of action titles its step."""
    from tutor.core.session import Step
    from tutor.widgets.film import _caption
    t = PlayTable("aqua_fest", place_starts=False, players=2, seat=0, lang="en", seed=0, **SIDE_BY_SIDE)
    defend = Step(seat=1, action=af.Defend(1, t.state.hands[1][0]), before=t.state, after=t.state, events=(),
                  human=False)
    assert _caption(t, defend, "Player 2", 1, 2) == "Step 2 of 2 · Player 2 defended"
    move = Step(seat=1, action=af.EndTurn(1), before=t.state, after=t.state, events=(), human=False)
    assert _caption(t, move, "Player 2", 0, 2) == "Step 1 of 2 · Player 2 played"


@pytest.mark.parametrize("lang", LANGS)
def test_at_the_table_rows_with_no_move_open_fold_under_not_now(lang):
    """After the turn's moves a beginner was offered attacks, "draw 2" and "go home" as buttons where only "end the
    turn" was left (a reader, stop 55): at the table a row none of whose moves is open folds under "not now", still
    there to press for the reason; a row with an open move stays in view."""
    t = PlayTable("aqua_fest", place_starts=False, players=3, seat=0, lang=lang, seed=3)
    folded_once = False
    for _ in range(3):
        groups = t.view["rows"]
        for g in groups:
            fold = [p for p in g if "fold" in p]
            choices = [c for p in g for c in p.get("choices", ())]
            if fold and fold[0]["fold"] == text("ui.af.not_now_fold", lang):
                folded_once = True
                assert choices and all("tutor-action" not in c["classes"] for c in choices), choices
        # in view: every row after the cards offers at least one open move
        shown = [g for g in groups if not any("fold" in p for p in g)]
        rows = [p["choices"] for g in shown for p in g if p.get("choices")]
        for row in rows[1:]:
            assert any("tutor-action" in c["classes"] for c in row) or all(
                "tutor-card-choice" in " ".join(c["classes"]) for c in row), row
        moves = [a for a in af.legal_actions(t.state, 0) if isinstance(a, af.Move)]
        if not moves:
            break
        t.act(moves[0])
    assert folded_once, "no row was ever folded under 'not now'"
