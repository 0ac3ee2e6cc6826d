""""Your turn" tasks: each part that teaches an action lets the learner make it; the engine judges.

The task files (tutor.core.task) are checked by the engine (a right move exists, and a wrong one);
the widget (tutor.widgets.your_turn) is driven as the page drives it: a refused move, a legal move
that misses, "Try again", and a right move, in every lesson language.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tutor import lesson
from tutor.core import task as T
from tutor.core.errors import RuleViolation
from tutor.core.game import ready_games, spec
from tutor.core.scenario import ScenarioError
from tutor.widgets.board import routes, without_choices
from tutor.widgets.common import ui
from tutor.widgets.your_turn import YourTurn

ROOT = Path(__file__).resolve().parents[1]
TASKS = [(g, p) for g in ready_games() for p in T.task_files(g, ROOT / "lessons")]
TASK_IDS = [f"{g}/{p.stem}" for g, p in TASKS]
# the lesson parts that teach something a player does (the rest explain what the table does)
ACTION_PARTS = {
    "maui": {"part-round", "part-depths", "part-disputes", "part-jellyfish"},
    "aqua_fest": {"part-movement", "part-turn", "part-battles"},
    "sea_salt_paper": {"part-turn", "part-duos", "part-end-round"},
    "trump_whales": {"part-turn", "part-reward", "part-five-exception", "part-bonuses"},
    "isle_of_cats": {"part-placing", "part-maps", "part-families"},
}


@pytest.fixture(autouse=True)
def widget_guard(guard_spy):
    return guard_spy


def plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def notebook_parts(game: str) -> dict[str, str]:
    """part anchor -> the code of its cells, from the lesson source the notebooks are built from."""
    from tutor.lesson_source import parts
    return {p.anchor: "\n".join(p.code) for p in parts(game, spec(game).lesson_langs[0]) if p.anchor}


# --------------------------------------------------------------------------- the task files

@pytest.mark.parametrize("game", sorted(ACTION_PARTS))
def test_every_part_that_teaches_an_action_has_a_your_turn_step(game):
    parts = notebook_parts(game)
    tasks = {T.load_file(p)["id"]: T.load_file(p) for g, p in TASKS if g == game}
    for part in ACTION_PARTS[game]:
        used = re.findall(r'lesson\.your_turn\("([^"]+)"', parts.get(part, ""))
        assert used, f"{game}: {part} teaches an action but has no your-turn step"
        for task_id in used:
            assert task_id in tasks, task_id
            assert tasks[task_id]["part"] == part, f"{task_id} belongs to {tasks[task_id]['part']}"


@pytest.mark.parametrize("game,path", TASKS, ids=TASK_IDS)
def test_the_engine_finds_a_right_and_a_wrong_move(game, path):
    task = T.load_file(path)
    assert task["id"] == f"{game}/{path.stem}"
    assert T.check(task) == []
    for key in ("prompt", "hint", "explain", "title"):
        for lang in spec(game).lesson_langs:
            assert task[key][lang].strip(), (key, lang)


def test_check_names_a_task_with_nothing_to_get_wrong():
    task = T.load_file(ROOT / "lessons" / "maui" / "tasks" / "win-the-deep.yaml")
    easy = dict(task, goal={"round": 2}, misses=[])     # every dive ends the round
    assert T.check(easy) == ["every legal move meets the goal: there is nothing to get wrong"]
    impossible = dict(task, then={"dive": {2: 12, 3: 5}}, goal={"catch": {1: "tiger-5"}, "round": 3})
    assert "no legal move meets the goal by the rules" in T.check(impossible)


def test_check_names_a_keyed_hint_for_a_move_that_is_no_miss_or_no_move():
    task = T.load_file(ROOT / "lessons" / "maui" / "tasks" / "win-the-deep.yaml")
    hint = {"en": "x", "ru": "x"}
    assert T.check(dict(task, misses=[{"do": {"dive": {1: 12}}, "hint": hint}])) == [
        "misses[0]: that move meets the goal, so it is no miss"]
    said = T.check(dict(task, misses=[{"do": {"dive": {2: 12}}, "hint": hint}]))
    assert said and said[0].startswith("misses[0]:"), said
    with pytest.raises(ScenarioError, match=re.escape("misses[0] is {do:")):
        T.validate(dict(task, misses=[{"do": {"dive": {1: 8}}}]))
    with pytest.raises(ScenarioError, match=re.escape("'misses[0].hint' has no ru text")):
        T.validate(dict(task, misses=[{"do": {"dive": {1: 8}}, "hint": {"en": "x"}}]))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_move_with_a_hint_of_its_own_gets_that_hint_and_another_gets_the_tasks(lang):
    """A hint written for one wrong move (`misses`) is shown for that move only (a reader who took the tuna was
    given a hint about ties); any other wrong move gets the task's own hint."""
    w = YourTurn("maui/take-the-shallows", lang=lang)
    task = w.task
    keyed = {m["hint"][lang] for m in task["misses"]}
    for miss in task["misses"]:
        w.new_game()
        press(w, T.adapt_actions(task, miss["do"], w.state)[0])
        status = plain(w.status_html)
        assert w.outcome == "missed" and miss["hint"][lang] in status
        assert task["hint"][lang] not in status and not (keyed - {miss["hint"][lang]}) & {status}
    w.new_game()
    press(w, next(a for a in w.game.legal_actions(w.state, w.seat) if a.card == 5))     # no hint of its own
    status = plain(w.status_html)
    assert w.outcome == "missed" and task["hint"][lang] in status
    assert not any(k in status for k in keyed)


@pytest.mark.parametrize("change,words", [
    (lambda t: t.pop("hint"), "'hint' is missing"),
    (lambda t: t.update(player=0), "counted from 1"),
    (lambda t: t.update(goal={}), "'goal' must be a mapping"),
    (lambda t: t.update(prompt={"en": "x"}), "'prompt' has no ru text"),
    (lambda t: t.update(extra=1), "unknown key 'extra'"),
])
def test_malformed_tasks_get_clear_messages(change, words):
    task = T.load_file(ROOT / "lessons" / "maui" / "tasks" / "win-the-deep.yaml")
    change(task)
    with pytest.raises(ScenarioError, match=re.escape(words)):
        T.validate(task)


# --------------------------------------------------------------------------- the widget

def moves(task: dict):
    """(a right line of the learner's moves, a legal action that misses) per the engine: the line is one move, or
    for a `go_on` task the moves the learner goes on with, in order."""
    game = spec(task["game"])
    state = T.start(task)
    wrong = None
    for action in game.legal_actions(state, T.seat(task)):
        ok = not T.judge(task, state, action)[2]
        # (a move the learner goes on from is not judged yet: go_on)
        wrong = wrong or (None if ok or T.going_on(task, state, action) is not None else action)
    return T.right_line(task), wrong


def press_line(w: YourTurn, line) -> None:
    """The learner's right line, move by move: each before the last leaves the task going on."""
    assert line, "no line of moves meets the goal"
    for i, action in enumerate(line):
        press(w, action)
        if i < len(line) - 1:
            assert w.outcome == "going", (action, w.verdict_line)


def press(w: YourTurn, action) -> None:
    """Press the action as the page does: a card first when the game picks card-then-cell."""
    for _ in range(2):
        for choice in w.action_buttons():
            if choice.action == action:
                choice.click()
                return
        # a piece placed by pointing at the board (Острів котів): the page sends (orientation, x, y)
        placer, where = w.placer, tuple(getattr(action, k, None) for k in ("orientation", "x", "y"))
        if placer is not None and None not in where and placer.act(*where) == action:
            placer.place(*where)
            return
        # a move chosen in steps on the board (Aqua Fest's going home: the start tile, then its place)
        board_keys = w.game.parts().board_keys
        route = next(iter(routes(board_keys(action))), ()) if board_keys is not None else ()
        if route and route[0] in w.board_choices() and not hasattr(action, "card"):
            for key in route:
                w.click_board(key)
            return
        card = getattr(action, "card", None)
        picks = [c for c in w.card_buttons() if c.card == card]
        assert picks, f"{action} is not offered"
        picks[0].click()
    raise AssertionError(f"{action} is not offered")


def langs():
    return [(tid, lang) for (g, _), tid in zip(TASKS, TASK_IDS) for lang in spec(g).lesson_langs]


@pytest.mark.parametrize("task_id,lang", langs())
def test_a_miss_shows_what_decided_and_a_hint_then_try_again_and_succeed(task_id, lang):
    w = lesson.your_turn(task_id, lang=lang).expand()
    assert isinstance(w, YourTurn) and w.errors.message == ""
    task = w.task
    opening = w.svg
    # asked above the board (what to do in bold: compared word by word)
    assert " ".join(plain(task["prompt"][lang]).split()) in " ".join(plain(w.view["lead"]).split())
    assert plain(task["prompt"][lang]) not in plain(str(w.view["rows"]))
    assert w.view["controls"] is False and w.status_html == ""
    right, wrong = moves(task)

    press(w, wrong)
    assert w.outcome == "missed" and w.tries == 1
    status = plain(w.status_html)
    assert T.missed_hint(task, T.start(task), wrong)[lang] in status
    assert task["explain"][lang] not in status              # the answer waits for the right move
    assert 'data-outcome="missed"' in w.status_html
    assert 'class="tutor-why-not"' not in w.status_html  # the hint alone first: "Show me why" is asked for
    assert [c.description for c in w.action_buttons()] == []   # one move per try
    offered = [c.description for c in w._offered.values()]
    assert offered[0] == ui("task.again", lang)
    assert offered[1:] == [ui("why.show", lang)]            # every miss may ask why
    w.press([c for c in w._offered.values()][0].id, v=w.version)   # "Try again", as the page sends it
    assert w.outcome is None and w.svg == opening and w.status_html == ""

    press_line(w, right)
    assert w.outcome == "done"
    assert task["explain"][lang] in plain(w.status_html)
    assert 'class="tutor-cite"' in w.status_html
    assert w.view["rows"] == []
    # the line kept in view at the screen's edge is the verdict alone; the explanation lies under it, never cut short
    # (a phone's sticky verdict, capped at 30% of the screen, cut it mid-sentence)
    assert 'data-outcome="done"' in w.view["status"] and task["explain"][lang] not in plain(w.view["status"])
    assert task["explain"][lang] in plain(w.view["status_more"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_spent_card_is_set_apart_and_pressing_it_says_why_without_a_try(lang):
    """Мяури's task hand: the dive cards spent in earlier rounds lie apart under "Not now", as at the table (twelve
    alike buttons under a hand of nine read as two hands, a reader); pressing one says why in the engine's words and
    uses no try: the task stays open on the same board."""
    w = YourTurn("maui/left-hand", lang=lang)
    opening = w.svg
    used = next(c for c in w.action_buttons() if c.action.card == 1)     # played last round
    assert "tutor-action-unavailable" in used.classes
    assert all("tutor-action-unavailable" not in c.classes for c in w.action_buttons()
               if c.action in set(w.game.legal_actions(w.state, w.seat)))
    used.click()
    assert w.outcome is None and w.tries == 0 and w.svg == opening
    said = w.errors.message
    assert ("already used" in said or "уже" in said), said
    # the task itself stays in view above the board
    assert " ".join(w.task["prompt"][lang].split()) in " ".join(plain(w.view["lead"]).split())
    with pytest.raises(RuleViolation):
        T.judge(w.task, T.start(w.task), used.action)


def test_hidden_cards_stay_hidden_in_a_task():
    """The learner's seat sees its own hand, never the others' (their cards are in `then`, not on screen)."""
    w = YourTurn("maui/left-hand")
    game = spec("maui")
    for secret in game.secrets(w.state, w.seat):
        assert secret not in w.svg


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_board_shows_how_the_round_ended_not_the_next_deal(lang):
    """After the learner's dive the round resolves and a new one would be dealt; the task draws the
    table before that deal (the catches made, Kiti stepped), as does a quiz after answering."""
    from tutor.widgets.quiz import Quiz
    w = YourTurn("maui/win-the-deep", lang=lang)
    opening = T.start(w.task)
    next(c for c in w.action_buttons() if c.action.card == 12).click()
    assert w.outcome == "done"
    assert w.state.round == opening.round and w.state.stage == "kiti"
    assert w.state.lagoon == ((), (), ()) and w.state.piles[0] == (w.task["setup"]["lagoon"]["deep"],)
    assert "maui.laid" not in [e.kind for e in w.last_events], "the log tells of a deal the board does not show"
    q = Quiz("maui/who-takes-the-deep", lang=lang)
    q.answer(q.right_index)
    shown = q.outcomes[q.right_index].shown
    assert shown.round == 1 and shown.stage == "kiti"
    assert 'data-round="1"' in q.svg.value and 'data-kind="maui.laid"' not in q.verdict.value


def test_a_task_gives_no_advice_before_the_learner_decides():
    """A task judges the learner's own decision: the game's advice (STOP or LAST CHANCE?) would answer it."""
    w = YourTurn("sea_salt_paper/play-it-safe")
    game = spec("sea_salt_paper")
    assert game.parts().advice(w.state, w.seat, "en"), "the play table would advise here"
    assert w.view["advice"] == "" and w.advice_html == ""


def test_after_a_refused_move_the_next_move_is_made_at_once():
    """A refused move changes nothing: the learner's next move is made on the same board at once, with no "Try
    again" first (a reader tapped the right card after a refusal and it only showed its name, stop 50). Острів
    котів: the piece is still in hand to be placed again; Козырные киты: the right card is played."""
    from tutor.games.isle_of_cats.rules import Place, apply
    w = YourTurn("isle_of_cats/cover-rats", lang="en")
    assert w.placer is not None and w.view["placing"] is not None
    codes = w.placer.data["codes"]
    o, i = next((o, row.index("t")) for o, row in enumerate(codes) if "t" in row)
    with pytest.raises(RuleViolation):
        apply(w.state, Place(w.seat, o, i % 22, i // 22))
    w.placer.place(o, i % 22, i // 22)
    assert w.outcome == "refused" and w.tries == 1 and 'data-outcome="refused"' in w.verdict
    assert w.placer is not None and w.view["placing"] is not None, "the piece was taken away after a refusal"
    assert ui("task.again", "en") not in [getattr(c, "description", "") for c in w._offered.values()]
    for tid in [t for t in TASK_IDS if t.startswith("trump_whales/")]:
        task = YourTurn(tid, lang="en")
        legal = set(task.game.legal_actions(task.state, task.seat))
        illegal = [c for c in task.action_buttons() if c.action not in legal]
        if not illegal:
            continue
        illegal[0].click()
        assert task.outcome == "refused", tid
        right, _wrong = moves(task.task)
        press_line(task, right)
        assert task.outcome == "done", f"{tid}: the right move after a refusal was not taken"
        break
    else:
        raise AssertionError("no Козырные киты task offers a card the rules refuse")


def test_the_placing_start_does_not_answer_a_family_task():
    """'Make a family': the preview and the list of places both start at a place that fits but joins no cat of the
    held tile's colour; pressing Enter or 'Place it as listed' at once does not solve the task."""
    from tutor.games.isle_of_cats.rules import Place
    w = YourTurn("isle_of_cats/join-family", lang="en")
    o, x, y = w.placer.data["start"]
    assert T.judge(w.task, w.state, Place(w.seat, o, x, y))[2], "the start place already makes the family"
    [pick] = [p for p in w._offered.values() if type(p).__name__ == "Pick"]
    assert list(pick.value) == [o, x, y] and list(pick.options[0][1]) == [o, x, y]   # a page shows the first


@pytest.mark.parametrize("name", ["cover-rats", "earn-treasure", "fill-a-room", "join-family", "place-treasure"])
def test_a_placing_task_starts_its_piece_well_away_from_every_answer(name):
    """Readers (stops 46, 47): the treasure task's piece began three steps left of its answer, the rat task's beside
    the cat it had to touch: the start did the spatial thinking. The preview and the list now start at least five
    nudges (a step, or two for a turn) from each right move the engine finds; the start itself misses."""
    from tutor.games.isle_of_cats.rules import Place
    w = YourTurn(f"isle_of_cats/{name}", lang="en")
    o, x, y = w.placer.data["start"]
    opening = T.start(w.task)
    rights = [a for a in w.game.legal_actions(opening, w.seat) if not T.judge(w.task, opening, a)[2]]
    assert rights and all(isinstance(a, Place) for a in rights)
    assert min(abs(a.x - x) + abs(a.y - y) + (0 if a.orientation == o else 2) for a in rights) >= 5
    [pick] = [p for p in w._offered.values() if type(p).__name__ == "Pick"]
    assert list(pick.value) == [o, x, y]


def test_a_tile_taken_halfway_through_a_task_starts_where_it_does_not_fit():
    """Острів котів' "take a tile you can place, and place it": the green cat, once taken, fits two gaps only, and
    its preview began in one of them, "Fits here", the placing half answered (a reader of wave 23). Halfway through,
    the preview starts away from the places that meet the goal now; where every place it fits is such a one, where it
    does not fit at all."""
    from tutor.games.isle_of_cats.rules import Place, Take
    w = YourTurn("isle_of_cats/take-a-tile", lang="en")
    [take] = [a for a in w.game.legal_actions(w.state, w.seat) if isinstance(a, Take)]
    w.act(take)
    assert w.outcome == "going"
    places = [a for a in w.game.legal_actions(w.state, w.seat) if isinstance(a, Place)]
    assert places and all(not T.judge(w.task, w.state, a)[2] for a in places)     # every fitting place is right
    o, x, y = w.placer.data["start"]
    assert (o, x, y) not in [(a.orientation, a.x, a.y) for a in places], "the preview starts in a gap it fits"
    assert w.placer.data["codes"][o][y * 22 + x] not in ("1", "b")        # on the boat, where it does not fit
    assert min(abs(a.x - x) + abs(a.y - y) + (0 if a.orientation == o else 2) for a in places) >= 5


def _items(html_text: str) -> list[str]:
    """The narrated lines (<li>) of some HTML, as plain text."""
    return [plain(m).strip() for m in re.findall(r"<li[^>]*>(.*?)</li>", html_text, re.S)]


@pytest.mark.parametrize("task_id,lang", langs())
def test_a_miss_gives_the_hint_first_and_tells_each_event_once_and_only_its_round(task_id, lang):
    """Every legal move that misses: the hint comes alone in the verdict (the story of the move stays under the
    board) until "Show me why" is pressed; then the deciding events and the right move come after the hint; "What decided it" and "What happened" never list
    the same event twice (C5); and what the learner reads ends with the learner's round, as the board does, never
    the next round's deal (T11: the verdict was built from every event, not the told ones)."""
    w = YourTurn(task_id, lang=lang)
    game = spec(w.task["game"])
    start = T.start(w.task)
    for action in game.legal_actions(start, w.seat):
        _after, _events, problems, shown, told = T.outcome(w.task, start, action)
        if not problems or T.going_on(w.task, start, action) is not None:
            continue
        w.new_game()
        w.act(action)          # what its button (or its board element) does
        assert w.outcome == "missed", action
        deciding = set(_items(w.why))
        # before "Show me why" the hint stands alone in the verdict; "What happened" tells the whole move
        assert 'class="tutor-why-not"' not in w.status_html, f"{action}: answered before it was asked for"
        assert not deciding & set(_items(w.status_html)), action
        assert deciding <= set(_items(w.log_html)), f"{action}: the story under the board leaves out {deciding}"
        assert plain(w.task["explain"][lang]) not in plain(w.status_html), action
        # ... in the verdict's own line, the one a phone keeps on the screen (under "More ↓" two readers of wave 21
        # read "not what the task asks" and nothing to go on)
        assert 'class="tutor-task-hint"' in w.verdict_line and not w.verdict_more, action
        [why] = [c for c in w._offered.values() if c.description == ui("why.show", lang)]
        w.press(why.id, v=w.version)           # as the page sends it
        status = w.status_html
        assert 'class="tutor-why-not"' in status and deciding <= set(_items(status)), action
        assert plain(w.task["explain"][lang]) in plain(status), f"{action}: 'Show me why' does not give the right move"
        assert ui("why.show", lang) not in [c.description for c in w._offered.values()], "asked once, shown"
        hint = status.index('class="tutor-task-hint"')
        assert all(hint < m.start() for m in re.finditer('class="tutor-why-not"', status)), "the hint comes first"
        decided, logged = _items(status), _items(w.log_html)
        assert not set(decided) & set(logged), f"{action}: told twice: {set(decided) & set(logged)}"
        own_round = set(_items(events_html_of(told, w)))
        assert set(decided) <= own_round, f"{action}: {set(decided) - own_round}"
        assert w.state == shown


def events_html_of(events, w: YourTurn) -> str:
    from tutor.core.events import for_viewer
    from tutor.widgets.common import events_html
    return events_html(for_viewer(events, w.seat), w.lang)


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_finished_task_keeps_the_learners_round_end_on_the_board(lang):
    """STOP ends the round: the task's `then` (player 2's turn) is played in the next round, so it is judged but
    neither drawn nor told: the board keeps round 1's end (C8: the bot played on into round 2)."""
    w = YourTurn("sea_salt_paper/play-it-safe", lang=lang)
    start = T.start(w.task)
    stop = next(a for a in spec("sea_salt_paper").legal_actions(start, w.seat) if type(a).__name__ == "Stop")
    w.act(stop)
    assert w.outcome == "done"
    assert w.state.round == start.round
    kinds = [e.kind for e in w.last_events]
    assert kinds[0] == "sea_salt_paper.stop" and "sea_salt_paper.took_discard" not in kinds, kinds
    assert not any(e.rule == "sea_salt_paper:setup" for e in w.last_events), "the next round's deal is told"


@pytest.mark.parametrize("task_id", ["isle_of_cats/fill-a-room", "isle_of_cats/cover-rats", "isle_of_cats/place-treasure",
                                     "isle_of_cats/join-family"])
def test_show_me_why_draws_the_right_placement_on_the_board(task_id):
    """Острів котів' placement tasks: after a miss, "Show me why" told the right move in words while the board showed
    the learner's own (a reader). The board now outlines a placement that meets the goal, marked ✓, and only then."""
    from tutor.games.isle_of_cats import components as C
    from tutor.games.isle_of_cats import geometry as G
    from tutor.games.isle_of_cats.rules import Place
    w = lesson.your_turn(task_id, lang="en").expand()
    task, opening = w.task, T.start(w.task)
    wrong = next(a for a in w.game.legal_actions(opening, w.seat)
                 if isinstance(a, Place) and T.judge(task, opening, a)[2])
    w.act(wrong)
    assert w.outcome == "missed" and 'class="fit"' not in w._svg       # the hint first: no answer drawn yet
    w.show_why()
    marks = [m for m in w.board_marks() if not m.startswith("hide:")]     # (a task's "hide:table" stays)
    assert len(marks) == 1 and marks[0].startswith(f"fit:{w.seat}:✓:") and 'class="fit"' in w._svg
    o, x, y = (int(v) for v in marks[0].rsplit(":", 1)[1].split(","))
    right = Place(w.seat, o, x, y)
    assert not T.judge(task, opening, right)[2], f"{right} does not meet the task's goal"
    tile = marks[0].split(":")[3]
    assert tile == opening.held and G.placed_cells(C.SHAPE[tile], o, x, y)


def test_a_tasks_prompt_sets_what_to_do_in_bold_and_the_position_in_plain_print():
    """Fresh reader ZA3 (stop 48): every prompt was bold from end to end, five to eight lines on a phone, and what to
    do did not stand out from the setting. The last sentence alone is bold; the words are all there, in order."""
    w = YourTurn("maui/right-hand", lang="en")
    prompt = w.task["prompt"]["en"]
    lead = w.view["lead"]
    bold = re.findall(r"<b>(.*?)</b>", lead)
    assert len(bold) == 1 and prompt.endswith(html.unescape(bold[0])) and len(bold[0]) < len(prompt) / 2
    assert plain(lead).split() == prompt.split()


def test_a_last_chance_is_no_answer_where_the_task_asks_to_end_only_the_turn():
    """A reader said LAST CHANCE in «Don't hand over the game» (Паперові океани, part 7) and was told "Well done",
    then read in the answer that LAST CHANCE loses (stop 53): the call leaves the totals as they were and passes the
    turn as ending it does, and the goal saw no more. Of the three ways to end that turn, only ending it meets it."""
    from tutor.games.sea_salt_paper.rules import EndTurn, LastChance, Stop
    task = T.load_file(ROOT / "lessons" / "sea_salt_paper" / "tasks" / "keep-the-game-alive.yaml")
    state = T.start(task)
    me = T.seat(task)
    verdicts = {kind.__name__: T.judge(task, state, kind(me))[2] for kind in (EndTurn, LastChance, Stop)}
    assert verdicts["EndTurn"] == [] and verdicts["LastChance"] and verdicts["Stop"], verdicts


def test_a_go_on_task_lets_the_learner_move_again_while_the_goal_is_in_reach():
    """Козырные киты' bonus tasks (`go_on`): a bonus is not judged while the learner is still to move and can still
    win, so the token flipped first and the trump changed after wins, as the rules allow (a reader was told a legal
    two-bonus line had failed); a move after which the goal is out of reach is judged at once."""
    from tutor.games.trump_whales.rules import PlayCard, UseBonus
    task = YourTurn("trump_whales/flip-to-win", lang="en")
    seat = task.seat
    task.act(UseBonus(player=seat, card="orca-1"))       # the token flipped: not enough alone, but not judged yet
    assert task.outcome == "going" and task.open_to_moves()
    assert 'data-outcome="going"' in task.verdict_line
    task.act(UseBonus(player=seat, card="orca-4"))       # then blue whales trump: the card will win
    assert task.outcome == "going", task.verdict_line
    task.act(PlayCard(player=seat, card="blue_whale-3"))  # played by the learner, as at the table (a reader, stop 63)
    assert task.outcome == "done", task.verdict_line
    task.new_game()
    task.act(PlayCard(player=seat, card="blue_whale-3"))  # the card at once: the turn has passed, judged as it stands
    assert task.outcome == "missed"
    # without `go_on` the same bonus is judged at once, as every other task's first move is
    start = T.start(task.task)
    assert T.going_on(task.task, start, UseBonus(player=seat, card="orca-1")) is not None
    assert T.going_on(dict(task.task, go_on=False), start, UseBonus(player=seat, card="orca-1")) is None


def test_a_task_that_ends_the_game_offers_no_link_to_its_position():
    """Паперові океани's fourth mermaid ends the game, and its task then offered "Link to this position": a long
    address holding the whole deck, with no word of what it was for (a reader of wave 20). A task offers none; a
    finished game at the play table still does."""
    w = YourTurn("sea_salt_paper/lay-the-mermaids", lang="uk")
    for action in T.right_line(w.task):
        w.act(action)
    assert w.outcome == "done" and w.is_over()
    assert w.share_button.disabled, "a finished task offers a link to its position"


GOING_TASKS = [f"{g}/{p.stem}" for g, p in TASKS if T.load_file(p).get("go_on")]


def missed_line(task, state, depth: int = 3, first: bool = True):
    """A line of the learner's moves that goes on, move by move, and misses on its last, two moves at least (None if
    every line that goes on meets the goal): (the moves, the events of those before the last)."""
    game, seat = spec(task["game"]), T.seat(task)
    for action in game.legal_actions(state, seat):
        try:
            problems = T.outcome(task, state, action)[2]
        except RuleViolation:
            continue
        going = T.going_on(task, state, action) if problems else None
        if problems and going is None and not first:
            return (action,), []
        if going is not None and depth > 1:
            rest = missed_line(task, going[0], depth - 1, False)
            if rest is not None:
                return (action,) + rest[0], list(going[1]) + rest[1]
    return None


@pytest.mark.parametrize("task_id", GOING_TASKS)
def test_a_miss_after_going_on_tells_the_moves_before_it(task_id):
    """A task of several moves (`go_on`) missed on a later move: "What happened" tells what each earlier move did too
    (a reader's wrong bonus, used first, was missing from the story of the miss it led to, wave 21), and the line
    kept after a move that goes on does not call it done."""
    w = YourTurn(task_id, lang="en")
    found = missed_line(w.task, T.start(w.task))
    if found is None or len(found[0]) < 2:
        pytest.skip("every line of moves that goes on meets the goal")
    line, before_events = found
    for action in line[:-1]:
        press(w, action)
        assert w.outcome == "going" and "Done" not in plain(w.verdict_line), (action, w.verdict_line)
    press(w, line[-1])
    assert w.outcome == "missed", line
    told = " ".join(_items(w.log_html))
    before = [plain(e.narrate("en")).strip() for e in before_events if e.narrate("en")]
    missing = [said for said in before if said not in told]
    assert before and not missing, f"{line}: {missing} not told"


def test_some_task_can_be_missed_after_going_on():
    """(the test above checks something: Козырные киты' wrong bonus, then the card)"""
    w = YourTurn("trump_whales/flip-the-token", lang="en")
    found = missed_line(w.task, T.start(w.task))
    assert found is not None and len(found[0]) >= 2
