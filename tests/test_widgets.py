"""The widgets without a browser: build them in English and Russian, press their buttons, read their HTML.

Every test runs with a spy on `tutor.widgets.common.guard`: an unexpected exception caught in a callback
(anything but a refusal, a bad saved position or a bad scenario) fails the test, because in a Voilà page
it would be a "Something went wrong" instead of a lesson.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import random
import re

import ipywidgets as W
import pytest
from helpers import mentions as contains_id, legal_buttons, swap_spec, unavailable_buttons

from tutor import lesson
from tutor.widgets.lazy import ChainStep, LazyPart
from tutor.core.errors import RuleViolation, SavedStateError
from tutor.core.game import ready_games, spec
from tutor.core.scenario import ScenarioError
from tutor.games import maui
from tutor.widgets import common
from tutor.widgets.common import ErrorArea, guard
from tutor.games.maui.sandbox import LagoonSandbox
from tutor.widgets.play import PlayTable
from tutor.widgets.scenario import ScenarioPlayer
from tutor.core.i18n import learner_seat

LANGS = ("en", "ru")


# --------------------------------------------------------------------------- helpers

@pytest.fixture(autouse=True)
def widget_guard(guard_spy):
    """Every test here runs under the guard spy (tests/conftest.py)."""
    return guard_spy


def dump_renderer(view, *, highlight=(), lang="en", events=(), choosable=None, layout=None):
    """A stand-in renderer that writes everything it was given into the 'SVG' (to test the wiring)."""
    payload = {"view": view, "highlight": list(highlight), "lang": lang, "events": [e.kind for e in events]}
    return f"<svg data-dump='{json.dumps(payload, ensure_ascii=False)}'/>"


def dumped(html: str) -> dict:
    return json.loads(re.search(r"data-dump='(.*)'/>", html).group(1))



def visible(area) -> bool:
    """An error area shows: an ipywidgets box not hidden, or an anywidget's error trait set."""
    layout = getattr(area, "layout", None)
    return area.message != "" if layout is None else layout.display != "none"


WORKED_ROUND = {
    "id": "test/worked-round",
    "game": "maui",
    "title": {"en": "Test round", "ru": "Проверочный раунд"},
    "rule": "maui:example",
    "setup": {"players": 4, "kiti": 1, "seed": 2021,
              "lagoon": {"deep": "tuna-1", "middle": "tiger-1", "shallow": "catfish-1"}},
    "intro": {"en": "Four divers look at the lagoon.", "ru": "Четыре ныряльщика смотрят на лагуну."},
    "steps": [
        {"say": {"en": "Three nines and a six.", "ru": "Три девятки и шестёрка."},
         "do": {"dive": {1: 9, 2: 6, 3: 9, 4: 9}},
         "expect": {"catch": {1: "tuna-1", 4: "tiger-1", 2: "catfish-1"}, "empty_handed": [3]}},
        {"say": {"en": "Player 1 tries the nine again.", "ru": "Игрок 1 снова пробует девятку."},
         "do": {"dive": {1: 9}}, "refused": "maui:play"},
    ],
}


# --------------------------------------------------------------------------- common: error area and guard

def test_error_area_is_hidden_when_empty():
    area = ErrorArea()
    assert "tutor-error" in area._dom_classes
    assert not visible(area) and area.value == ""
    area.show("No <script>")
    assert visible(area) and "&lt;script&gt;" in area.value
    area.clear()
    assert not visible(area) and area.message == ""


@pytest.mark.parametrize("lang", LANGS)
def test_guard_turns_each_failure_into_a_friendly_message(lang, guard_spy, caplog):
    area = ErrorArea()
    state = maui.setup(4, seed=1)
    with guard(area, lang):
        maui.apply(state, maui.Dive(0, 13))
    with pytest.raises(RuleViolation) as refusal:
        maui.apply(state, maui.Dive(0, 13))
    assert area.message == refusal.value.explain(lang)

    with guard(area, lang):
        maui.state_from_json("{not json")
    with pytest.raises(SavedStateError) as bad:
        maui.state_from_json("{not json")
    assert "JSON" in area.message and bad.value.reason(lang) in area.message and visible(area)

    with guard(area, lang):
        raise ScenarioError("maui/x: 'steps' is missing")
    assert "'steps' is missing" in area.message

    @guard(area, lang)
    def broken(_button):
        raise ZeroDivisionError("division by zero\nsecond line")

    guard_spy.allow_unexpected = True
    with caplog.at_level(logging.ERROR, logger="tutor.widgets"):
        assert broken(None) is None
    assert area.message.startswith(common.ui("went_wrong", lang, what="")[:10])
    assert "ZeroDivisionError" in area.message
    # the exception's own words stay in the log: they can hold a server's paths
    assert "division by zero" not in area.message and "Traceback" not in area.value
    assert any(r.exc_info for r in caplog.records), "the traceback goes to the log"
    assert [ok for _, ok, _ in guard_spy.caught] == [True, True, True, False]

    with guard(area, lang):
        pass
    assert not visible(area), "a successful callback clears the old message"


# --------------------------------------------------------------------------- scenario player

@pytest.mark.parametrize("lang", LANGS)
def test_scenario_player_steps_through_frames(lang):
    p = ScenarioPlayer(WORKED_ROUND, lang=lang)
    assert "tutor-scenario-player" in p._dom_classes
    assert [p.labels[k] for k in ("first", "back", "next", "last")] == [common.ui(k, lang) for k in
                                                                       ("first", "back", "next", "last")]
    assert [p.labels[k] for k in ("first", "next")] == (
        ["|◀ First", "Next ▶"] if lang == "en" else ["|◀ В начало", "Дальше ▶"])
    assert all(p.labels[f"{k}.tip"] for k in ("first", "back", "next", "last"))
    assert p.labels["step"].format(i=1, n=3) == common.ui("step", lang, i=1, n=3)
    assert p.errors.message == "" and p.warning == ""
    assert p.svg.startswith("<svg")
    assert p.enabled() == {"first": False, "back": False, "next": True, "last": True, "slider": True}
    assert p.counter == common.ui("step", lang, i=1, n=3)
    title = WORKED_ROUND["title"][lang]
    assert title in p.narration and WORKED_ROUND["intro"][lang] in p.narration
    svg0, text0 = p.svg, p.narration

    p.show(1)
    assert p.index == 1
    assert p.svg != svg0 and p.narration != text0
    frame = p.frames[1]
    dispute = next(e for e in frame.events if e.kind == "maui.dispute")
    assert dispute.narrate(lang) in p.narration.replace("&#x27;", "'")
    assert common.safe_cite(dispute.rule, lang, short=True) in p.narration
    assert 'data-kind="maui.dive_chosen"' not in p.narration, "noise events are skipped"
    assert p.enabled()["first"] and p.enabled()["back"]

    p.show(99)                       # clamped to the last step
    assert p.index == 2 and not p.enabled()["next"] and not p.enabled()["last"]
    assert p.counter == common.ui("step", lang, i=3, n=3)
    # a refused step is a teaching moment: styled as a refusal, not as an error
    assert 'class="tutor-refusal"' in p.narration
    assert p.frames[2].refusal.explain(lang).replace("'", "&#x27;") in p.narration
    assert p.errors.message == ""

    p.show(-5)
    assert p.index == 0 and p.narration == text0 and not p.enabled()["first"]


def test_scenario_player_sends_the_frames_the_page_asks_for_with_the_symbols_once():
    p = ScenarioPlayer(WORKED_ROUND, lang="en")
    sent = []
    p.send = sent.append
    p._on_msg(p, {"want": "frames", "frames": [1, 0, 7, "x"], "have": []}, [])
    assert [m["frame"]["i"] for m in sent] == [1, 0], "unknown frames are ignored"
    board, (key, defs) = common.split_defs(p.frame(1)["svg"])
    assert key and defs.startswith("<defs>") and "<defs>" not in board
    assert sent[0]["defs"] == {"key": key, "markup": defs} and "defs" not in sent[1]
    assert sent[0]["frame"]["svg"] == board and sent[0]["frame"]["narration"] == p.frame(1)["narration"]
    sent.clear()
    p._on_msg(p, {"want": "frames", "frames": [2], "have": [key]}, [])   # this page has the symbols already
    assert len(sent) == 1 and "defs" not in sent[0]
    p._on_msg(p, {"want": "frames", "frames": list(range(50)) * 3, "have": "junk"}, [])
    assert len(sent) == 1 + 3, "a page gets at most the frames there are"


def test_scenario_player_draws_the_frame_viewer_highlight_and_events(monkeypatch):
    swap_spec(monkeypatch, "maui", render=dump_renderer)
    data = dict(WORKED_ROUND, viewer=2, highlight=["kiti"])
    p = ScenarioPlayer(data, lang="ru")
    got = dumped(p.svg)
    assert got["view"]["viewer"] == 1 and got["highlight"] == ["kiti"] and got["lang"] == "ru"
    p.show(1)
    assert "maui.catch" in dumped(p.svg)["events"]


def test_scenario_player_shows_mismatches_in_a_warning():
    wrong = json.loads(json.dumps(WORKED_ROUND))
    wrong["steps"][0]["expect"]["catch"] = {"1": "tiger-1"}
    p = ScenarioPlayer(wrong, lang="en")
    assert 'class="tutor-warning-box" role="alert"' in p.warning
    assert "player 1 should catch ['tiger-1']" in p.warning.replace("&#x27;", "'")
    assert p.mismatches


@pytest.mark.parametrize("bad", ["maui/no-such-lesson", {"id": "x", "game": "maui"}, 42])
def test_scenario_that_cannot_load_shows_a_friendly_error(bad):
    p = ScenarioPlayer(bad, lang="ru")
    assert p.errors.message and p.error == p.errors.message
    assert p.frames == [] and p.count == 0 and not any(p.enabled().values())


def test_scenario_ids_resolve_under_the_lessons_folder(tmp_path, monkeypatch):
    folder = tmp_path / "maui" / "scenarios"
    folder.mkdir(parents=True)
    import yaml
    (folder / "mine.yaml").write_text(yaml.safe_dump(dict(WORKED_ROUND, id="maui/mine"), allow_unicode=True),
                                      encoding="utf-8")
    monkeypatch.setenv("TUTOR_LESSONS", str(tmp_path))
    assert common.lessons_dir() == tmp_path
    p = lesson.scenario("maui/mine", "en").expand()
    assert isinstance(p, ScenarioPlayer) and len(p.frames) == 3 and p.errors.message == ""
    p = ScenarioPlayer(str(folder / "mine.yaml"))
    assert len(p.frames) == 3


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_scenario_plays_in_the_player(lang):
    files = sorted((common.project_root() / "lessons" / "maui" / "scenarios").glob("*.yaml"))
    assert files
    for path in files:
        p = ScenarioPlayer(f"maui/{path.stem}", lang=lang)
        assert p.errors.message == "", (path.name, p.errors.message)
        assert bool(p.warning) == bool(p.mismatches)
        for i in range(len(p.frames)):
            p.show(i)
            assert p.svg.startswith("<svg") and p.narration, (path.name, i)
        assert not p.enabled()["next"] and p.index == len(p.frames) - 1
        assert p.errors.message == "", (path.name, p.errors.message)


@pytest.mark.parametrize("game", ready_games())
def test_a_steps_words_cite_its_rule_once_and_fold_its_events(game):
    """Club teachers on a phone: each step printed its narration, then the same events as a list, each with "(rule:
    …)", then "Rule: …" again, a screen of text between the step buttons and the board. The step's rule is cited
    once; its events are folded away under "What happened, move by move" (open only when the step has no words of
    its own), and none of them cites the step's rule again."""
    lang = spec(game).lesson_langs[-1]
    files = sorted((common.project_root() / "lessons" / game / "scenarios").glob("*.yaml"))
    assert files
    folded = 0
    for path in files:
        p = ScenarioPlayer(f"{game}/{path.stem}", lang=lang)
        for i, frame in enumerate(p.frames):
            words = p.narration_html(frame)
            where = f"{path.stem} step {i + 1}"
            if frame.rule and frame.refusal is None:
                # the author's words may name it too, and so may the step's title (Вариант «Без драк»: …)
                cited = re.sub(r'<p class="tutor-say">.*?</p>|<h3>.*?</h3>', "", words)
                assert cited.count(common.esc(common.safe_cite(frame.rule, lang))) == 1, f"{where}: {words}"
            lists = re.findall(r'<ul class="tutor-events">', words)
            boxed = re.findall(r'<details class="tutor-step-events"( open data-auto)?><summary>[^<]+</summary>'
                               r'<ul class="tutor-events">', words)
            assert len(lists) == len(boxed) <= 1, f"{where}: events not folded: {words}"
            if boxed:
                folded += 1
                assert (boxed[0] == "") == ('class="tutor-say"' in words), f"{where}: {words}"
    assert folded, f"no step of {game} has events"


def test_renderer_failure_is_friendly_not_a_traceback(monkeypatch, guard_spy):
    def broken(view, **kwargs):
        raise KeyError("seat")

    guard_spy.allow_unexpected = True
    p = ScenarioPlayer(WORKED_ROUND, lang="en")
    monkeypatch.setattr(p, "game", dataclasses.replace(p.game, render=broken))
    p.show(1)
    assert p.svg == "", "the page asks for the frame; drawing it fails"
    assert "Something went wrong: KeyError" in p.errors.message
    assert "Traceback" not in p.errors.message
    assert p.narration, "the lesson text still shows"
    assert any(not ok for _, ok, _ in guard_spy.caught)


# --------------------------------------------------------------------------- play table

@pytest.mark.parametrize("lang", LANGS)
def test_play_table_dive_refusal_undo(lang):
    t = PlayTable("maui", players=4, seat=0, lang=lang, seed=5)
    assert t.errors.message == "" and t.state.round == 1
    assert t.state.chosen == (None,) * 4, "bots wait for the human in a simultaneous dive"
    assert len(legal_buttons(t)) == 12 and not unavailable_buttons(t)
    assert t.undo_button.disabled
    start, svg0 = t.state, t.svg

    nine = next(b for b in legal_buttons(t) if b.action == maui.Dive(0, 9))
    nine.click()
    assert t.errors.message == ""
    assert t.state.round == 2 and t.state.revealed[0] == 9, "the bots dived after the human"
    assert t.svg != svg0
    assert "maui.revealed" in t.log_html and common.safe_cite("maui:play", lang, short=True) in t.log_html
    # the reveal showed the others' cards: Undo cannot take the dive back (the table's rule), and says why
    assert t.undo_button.disabled and t.view["undo_tip"] == common.ui("undo.barrier", lang)

    # the used nine is still offered, so the engine can explain why not
    used = unavailable_buttons(t)
    assert [b.action for b in used] == [maui.Dive(0, 9)]
    before = t.state
    used[0].click()
    with pytest.raises(RuleViolation) as refusal:
        maui.apply(before, maui.Dive(0, 9))
    with learner_seat(t.live.seat):        # a refusal names the learner's own seat "(you)"
        assert t.errors.message == refusal.value.explain(lang)
    assert visible(t.errors) and t.state is before and t.history == []

    legal_buttons(t)[0].click()
    assert t.errors.message == "" and t.state.round == 3
    t.undo_button.click()           # refused by the table: nothing changes
    assert t.state.round == 3 and t.undo_button.disabled and start.round == 1


def test_play_table_refuses_an_action_from_code_and_keeps_the_state():
    t = PlayTable("maui", seed=1)
    before = t.state
    t.act(maui.Dive(2, 13))
    assert "no dive card 13" in t.errors.message and t.state is before


def test_play_table_new_game_deals_again():
    t = PlayTable("maui", seed=11)
    legal_buttons(t)[0].click()
    t.new_button.click()
    assert t.state.round == 1 and t.history == [] and t.events_log == []
    assert t.errors.message == ""


def test_play_table_save_and_load():
    t = PlayTable("maui", seed=2, lang="ru")
    legal_buttons(t)[3].click()
    t.save_button.click()
    assert t.saved == "", "a learner's seat cannot save: the text would show the bots' hands"
    t.set_hotseat(True)
    t.save_button.click()
    saved_text, saved_state = t.saved, t.state
    assert maui.state_from_json(saved_text) == saved_state

    take_device(t)
    legal_buttons(t)[0].click()
    assert t.state != saved_state
    t.load_button.click()
    assert t.state == saved_state and t.errors.message == ""

    for bad in ("{not json", json.dumps({"format": "tutor/maui/1"}), saved_text.replace('"round":2', '"round":99')):
        current = t.state
        t.saved = bad
        t.load_button.click()
        with pytest.raises(SavedStateError) as problem:
            maui.state_from_json(bad)
        assert problem.value.reason(t.lang) in t.errors.message and visible(t.errors)
        assert t.state is current, "a bad text keeps the game"


def test_play_table_plays_to_the_end_and_scores():
    t = PlayTable("maui", players=3, seed=9, lang="ru")
    for _ in range(200):
        if maui.is_over(t.state):
            break
        legal_buttons(t)[-1].click()
    assert maui.is_over(t.state) and t.errors.message == ""
    html = t.score_html
    assert html
    def number(text: str) -> int:      # the table writes a true minus sign: −3
        return int(text.replace("\u2212", "-"))
    for b in maui.score(t.state):
        lines = [number(x) for x in re.findall(
            rf'<tr class="line" data-player="{b.player}">.*?<td class="num">(\u2212?\d+)</td>', html)]
        total = number(re.search(rf'<tr class="total" data-player="{b.player}">.*?<td class="num">(\u2212?\d+)</td>',
                                 html).group(1))
        assert sum(lines) == total == b.total == sum(maui.components.value(c) for c in t.state.piles[b.player])
        for line in b.lines:
            assert line.label("ru") in html.replace("&#x27;", "'")
    winners = re.search(r'data-winners="([\d,]+)"', html).group(1)
    assert [int(s) for s in winners.split(",")] == maui.winners(t.state)
    assert not t.action_buttons()


def test_play_table_seat_view_never_leaks_secrets():
    t = PlayTable("maui", players=4, seat=0, seed=21)
    for _ in range(12):
        if maui.is_over(t.state):
            break
        hidden = maui.secrets(t.state, 0)
        page = t.svg + t.log_html + "".join(b.description + b.tooltip for b in t.action_buttons())
        leaks = [c for c in hidden if contains_id(page, c)]
        assert not leaks, f"round {t.state.round}: {leaks}"
        legal_buttons(t)[0].click()


def take_device(t) -> int:
    """Hot seat: the player the table asks for takes the device (presses the one offered button)."""
    [button] = [c for c in t._offered.values() if "tutor-take-device" in c.classes]
    seat = button.seat
    button.click()
    assert t.at_device == seat and t.passing is None
    return seat


def test_play_table_draws_the_learners_view_and_passes_the_device_in_hot_seat(monkeypatch):
    swap_spec(monkeypatch, "maui", render=dump_renderer)
    t = PlayTable("maui", players=4, seat=2, seed=3)
    got = dumped(t.svg)
    assert got["view"]["viewer"] == 2
    assert got["view"]["seats"][0]["hand"] is None and got["view"]["seats"][2]["hand"]
    assert [b.action.player for b in t.action_buttons()] == [2] * 12
    for c in maui.secrets(t.state, 2):
        assert not contains_id(t.svg, c)

    # hot seat: one seat at a time, with a pass screen (no board, no log, one button) between seats
    t.set_hotseat(True)
    assert t.passing == 0 and t.view["board"] == "" and t.log_html == "" and not t.action_buttons()
    for seat in range(4):
        assert take_device(t) == seat
        got = dumped(t.svg)
        assert got["view"]["viewer"] == seat, "only the seat at the device is drawn"
        assert all(s["hand"] is None for i, s in enumerate(got["view"]["seats"]) if i != seat)
        assert {b.action.player for b in t.action_buttons()} == {seat}
        legal_buttons(t)[0].click()
        if seat < 3:
            assert t.passing == seat + 1 and t.view["board"] == "", "the next seat must not see this one's card"
    assert t.state.round == 2 and t.errors.message == ""
    assert "maui.catch" in dumped(t.svg)["events"]

    t.set_hotseat(False)
    assert dumped(t.svg)["view"]["viewer"] == 2


def test_bots_answer_their_jellyfish_offer_by_discarding():
    # last round: the bot in seat 1 holds only the 12, so it takes the third jellyfish from the deep
    t = PlayTable("maui", players=3, seat=0, seed=4, round=12, hands=[[1], [12], [2]],
                  lagoon={"deep": "jellyfish-3", "middle": "tiger-1", "shallow": "catfish-1"},
                  piles=[[], ["jellyfish-1", "jellyfish-2"], []], kiti=0)
    t.act(maui.Dive(0, 1))
    assert t.errors.message == ""
    kinds = [e.kind for e in t.events_log]
    assert "maui.jellyfish_offer" in kinds and "maui.jellyfish_discarded" in kinds
    assert not t.state.pending and maui.is_over(t.state) and t.score_html


@pytest.mark.parametrize("lang", LANGS)
def test_human_answers_the_jellyfish_offer_with_buttons(lang):
    # seat 0 holds two jellyfish, the deep holds a third, and seat 0's 12 beats every bot card
    t = PlayTable("maui", players=3, seat=0, seed=4, lang=lang,
                  lagoon={"deep": "jellyfish-3", "middle": "tiger-1", "shallow": "catfish-1"},
                  piles=[["jellyfish-1", "jellyfish-2"], [], []], kiti=0)
    t.act(maui.Dive(0, 12))
    assert t.state.pending == (0,) and t.errors.message == ""
    buttons = legal_buttons(t)
    assert [b.action for b in buttons] == [maui.Jellyfish(0, True), maui.Jellyfish(0, False)]
    assert buttons[0].description != buttons[1].description and not unavailable_buttons(t)
    buttons[0].click()
    assert not t.state.pending and t.state.round == 2
    assert not any(maui.components.kind(c) == "jellyfish" for c in t.state.piles[0])
    assert "maui.jellyfish_discarded" in t.log_html


def test_play_table_with_an_impossible_setup_is_friendly():
    t = PlayTable("maui", players=9)
    assert "3" in t.errors.message and "9" in t.errors.message
    assert t.state is None and t.action_buttons() == []


# --------------------------------------------------------------------------- Мяури sandbox

@pytest.mark.parametrize("lang,word", [("en", "Dive!"), ("ru", "Нырнуть!")])
def test_sandbox_resolves_the_worked_round(lang, word):
    sb = LagoonSandbox(players=4, lang=lang)
    assert sb.dive_button.description == word
    assert sb.errors.message == "" and sb.svg.value.startswith("<svg")
    before = sb.svg.value
    sb.kiti.value = 0
    sb.dive_button.click()
    assert sb.errors.message == ""
    catches = {e.data["player"]: e.data["cards"] for e in sb.events if e.kind == "maui.catch"}
    assert catches == {0: ["tuna-1"], 3: ["tiger-1"], 1: ["catfish-1"]}
    text = sb.narration.value.replace("&#x27;", "'")
    for e in sb.events:
        if e.kind != "maui.dive_chosen":
            assert e.narrate(lang) in text
    assert common.safe_cite("maui:disputes", lang, short=True) in text
    assert sb.svg.value != before
    assert all(not cell for cell in sb.after.lagoon), "nothing is laid after the dive"


def test_sandbox_refuses_a_card_in_two_cells_with_the_engines_reason():
    sb = LagoonSandbox(players=4, lang="ru")
    sb.lagoon["middle"].value = "tuna-1"
    sb.dive_button.click()
    with pytest.raises(RuleViolation) as refusal:
        maui.setup(4, lagoon={"deep": "tuna-1", "middle": "tuna-1", "shallow": "catfish-1"})
    assert sb.errors.message == refusal.value.explain("ru") and visible(sb.errors)
    assert sb.after is None
    sb.lagoon["middle"].value = "tiger-2"
    assert sb.errors.message == "" and not visible(sb.errors)


def test_sandbox_variants_players_and_piles():
    sb = LagoonSandbox(players=4, lang="en")
    sb.players_box.value = 5
    assert len(sb.dives) == 5 and len(sb.kiti.options) == 5 and sb.errors.message == ""
    sb.no_fights.value = True
    assert sb.kiti.disabled
    for box, card in zip(sb.dives, (9, 9, 9, 2, 3)):
        box.value = card
    sb.dive_button.click()
    assert any(e.kind == "maui.tie_no_catch" for e in sb.events)
    sb.no_fights.value = False
    sb.lagoon["shallow"].value = "seagull-1"
    sb.piles[1].value = "tuna-4"
    sb.dives[1].value = 1
    sb.dive_button.click()
    assert any(e.kind == "maui.seagull_ate" and e.data["card"] == "tuna-4" for e in sb.events)
    assert sb.errors.message == ""


# --------------------------------------------------------------------------- lesson helpers

def test_a_lazy_part_the_page_never_got_is_built_again():
    # reveal.js asks ({"missing": n}) when the kernel built the part but its widget never reached the page's box
    # (tests/browser/test_browser_lazy.py loses that message): the part is built again as new widgets, the old
    # one left open (the page may still be drawing it); at most three times, and only for a built part
    builds = []
    part = LazyPart(lambda: builds.append(W.HTML(f"built {len(builds)}")) or builds[-1], "more", lang="uk")
    part._on_page_msg(part.reveal, {"missing": 1}, [])
    assert part.content is None and not builds, "a part not yet built is built by opening it, not by this"
    first = part.expand()
    for n in (1, 2, 3, 4, 5):
        part._on_page_msg(part.reveal, {"missing": n}, [])
    part._on_page_msg(part.reveal, "junk", [])
    assert len(builds) == 4 and part.content is builds[-1] and part.content is not first
    assert part.children == (part.reveal, part.content) and part.reveal.done
    assert first.comm is not None, "a widget the page may still be drawing is not closed under it"


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_helpers(lang):
    # interactive parts are built when the learner reaches them (the page calls expand())
    parts = [lesson.play("maui", lang, seed=1), lesson.sandbox("maui", lang),
             lesson.scenario("maui/four-player-round", lang)]
    assert all(isinstance(p, LazyPart) and p.content is None and p.label.startswith("▶") for p in parts)
    built = [p.expand() for p in parts]
    assert all(isinstance(w, kind) for w, kind in zip(built, (PlayTable, LagoonSandbox, ScenarioPlayer)))
    assert all(p.children[-1] is p.content and p.reveal.done for p in parts)

    r = lesson.rulings("maui", lang)
    assert r.value.count("<li") == len(maui.RULINGS)
    assert maui.RULINGS[0].say(lang) in r.value.replace("&#x27;", "'")

    c = lesson.components("maui", lang).value
    assert c.count("<tr data-kind=") == 6
    assumed_kinds = {card.kind for card in maui.components.assumed_items()}
    assert c.count('data-provenance="assumed"') == len(assumed_kinds) > 0
    assert c.count('class="tutor-assumed"') == len(assumed_kinds)
    assert common.ui("assumed", lang) in c
    assert "10, 10, 11, 12, 12, 13, 14, 15" in c

    pos = lesson.position("maui", {"players": 4, "kiti": 0}, lang, viewer=0, highlight=["kiti"])
    assert isinstance(pos, lesson.Static) and pos.value.startswith('<div class="tutor-for-phone"><svg') and '<div class="tutor-for-wide"><svg' in pos.value
    assert "tutor-position" in pos._repr_html_() and "<style>" in pos._repr_html_()
    state = maui.setup(4, seed=3)
    assert lesson.position("maui", state, lang).value == lesson.position("maui", maui.to_json(state), lang).value

    links = lesson.language_links("maui", lang).value
    assert "<a " in links and "<b>" in links


def test_lesson_helpers_never_raise(guard_spy):
    guard_spy.allow_unexpected = True   # the unknown game below is a plain ImportError
    box = lesson.position("maui", {"players": 9}, "ru")
    assert isinstance(box, lesson.Static)
    assert "9" in box.message and 'class="tutor-error-box" role="alert"' in box.value
    box = lesson.rulings("no_such_game", "en")
    assert "Something went wrong" in box.message
    box = lesson.scenario("maui/no-such-example", "en")   # a missing example shows at once, not on opening
    assert isinstance(box, W.VBox) and "no-such-example" in box.children[-1].message
    assert visible(box.children[-1])
    box = lesson.sandbox("no_such_game", "en")        # an unknown game is named, in the page
    assert isinstance(box, W.VBox) and "no_such_game" in box.children[-1].message


def test_saving_is_offered_only_at_the_teachers_table():
    """A saved position holds every hand and the deck: a learner's seat must not be able to show it."""
    t = PlayTable("maui", players=4, seat=0, lang="en", seed=3)
    assert t.save_button.disabled and "hidden" in t.save_button.tooltip
    t.set_hotseat(True)
    assert not t.save_button.disabled
    t.set_hotseat(False)
    assert t.save_button.disabled


def test_play_table_page_presses_stale_or_hostile_change_nothing():
    """The page sends {press: id, v}; a press on a replaced view (a double click), an unknown id, a disabled
    control or a malformed message changes nothing and shows no error."""
    t = PlayTable("maui", players=4, seat=0, lang="en", seed=5)
    nine = next(b for b in legal_buttons(t) if b.action == maui.Dive(0, 9))
    offered_in = t.version
    t._on_msg(t, {"press": nine.id, "v": offered_in}, [])
    assert t.state.round == 2 and t.version > offered_in
    after = t.state
    for junk in ({"press": nine.id, "v": offered_in}, {"press": "c999", "v": t.version}, {"press": 5},
                 {"press": "save", "v": t.version}, {"press": nine.id, "v": "1"}, ["press"], "press",
                 {"want": "defs", "key": ["x"]}, {"press": "hotseat"}):
        t._on_msg(t, junk, [])
    assert t.state is after and t.errors.message == "" and t.saved == ""
    assert not t.hotseat, "a hot-seat press without a value switches it off, never on"


def test_play_table_sends_the_board_symbols_once_when_asked():
    t = PlayTable("maui", players=4, seat=0, lang="en", seed=5)
    sent = []
    t.send = lambda content, buffers=None: sent.append(content)
    key = t.view["defs"]
    assert key and "<defs>" not in t.view["board"] and "<defs>" in t.svg
    t._on_msg(t, {"want": "defs", "key": key}, [])
    assert sent == [{"defs": {"key": key, "markup": t._defs[key]}}] and t._defs[key].startswith("<defs>")
    t._on_msg(t, {"want": "defs", "key": "no-such-key"}, [])
    assert len(sent) == 1


# --------------------------------------------------------------------------- a game's advice under the board

# the rulebook's «ЗАВЕРШЕННЯ РАУНДУ» example: player 1 takes the octopus from pile 2 and has 7 card points
ANDRIY = dict(zones=[["crab-6", "crab-7"], ["boat-3", "boat-4"]],
              hands=[["octopus-1", "octopus-3"], ["shell-1", "shell-3", "penguin-3"]],
              discards=[["captain-1"], ["octopus-4"]])


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_play_table_shows_the_games_advice_while_the_round_may_be_ended(lang):
    from tutor.games import sea_salt_paper as ssp
    from tutor.games.sea_salt_paper.advice import advice
    t = PlayTable("sea_salt_paper", players=2, seat=0, lang=lang, seed=7, **ANDRIY)
    assert t.state.turn == 0 and t.state.phase == "draw"
    assert t.advice_html == "" == t.view["advice"], "drawing first: the round may not be ended yet"
    next(b for b in legal_buttons(t) if b.action == ssp.TakeDiscard(0, 1)).click()
    assert {ssp.Stop(0), ssp.LastChance(0)} <= {b.action for b in legal_buttons(t)}
    shown = t.advice_html
    assert shown == t.view["advice"] and shown.startswith('<section class="tutor-advice" data-seat="0"')
    assert advice(t.state, 0, lang) in shown and 'data-points="7" data-bonus="2"' in shown
    assert not [c for c in ssp.secrets(t.state, 0) | set(ssp.CARDS) if contains_id(shown, c)]
    assert ("STOP or LAST CHANCE?" if lang == "en" else "«СТОП» чи «ОСТАННІЙ ШАНС»?") in shown

    next(b for b in legal_buttons(t) if b.action == ssp.EndTurn(0)).click()    # the bot plays, then it is ours
    assert ssp.Stop(0) not in ssp.legal_actions(t.state, 0) and t.advice_html == ""
    if not t.live.barrier:
        t.undo_button.click()
        assert t.advice_html == shown, "back where the round may be ended, the advice is back"
    else:     # the bot's move showed a card (a discard's new top): the advice comes back no other way
        assert t.undo_button.disabled


def test_play_table_shows_no_advice_below_seven_points_nor_on_the_pass_screen():
    from tutor.games import sea_salt_paper as ssp
    t = PlayTable("sea_salt_paper", players=2, seat=0, lang="en", seed=7, **ANDRIY)
    next(b for b in legal_buttons(t) if b.action == ssp.TakeDiscard(0, 0)).click()    # the captain: 4 points
    assert t.state.phase == "play" and ssp.points_in_hand(t.state, 0) == 4
    assert ssp.EndTurn(0) in {b.action for b in legal_buttons(t)} and t.advice_html == ""

    t = PlayTable("sea_salt_paper", players=2, seat=0, lang="en", seed=7, **ANDRIY)
    next(b for b in legal_buttons(t) if b.action == ssp.TakeDiscard(0, 1)).click()
    t.set_hotseat(True)
    assert t.passing == 0 and t.advice_html == "", "nobody's help while the device changes hands"
    take_device(t)
    assert 'data-seat="0"' in t.advice_html, "the seat at the device sees its own help"


def test_a_game_without_advice_shows_none():
    t = PlayTable("maui", players=4, seat=0, lang="en", seed=5)
    assert t.view["advice"] == "" and t.advice_for(0) == "" and t.advice_for(None) == ""


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_score_helper_names_the_ending_section_once(lang):
    """Its heading is the section's citation: not "Ending the round Ending the round («ЗАВЕРШЕННЯ РАУНДУ»)"."""
    from tutor.core.rules import cite, section
    from tutor.games.sea_salt_paper.sandbox import ANDRIY as CARDS, ScoreHelper
    h = ScoreHelper(lang=lang, hand=CARDS[0], zone=CARDS[1], opponents=4)
    heading = re.search(r"<h4[^>]*>(.*?)</h4>", h.verdict.value).group(1)
    assert heading == common.esc(cite("sea_salt_paper:round-end", lang))
    title = section("sea_salt_paper:round-end").title(lang)
    assert heading.casefold().count(title.casefold()) == 1


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_score_helper_says_four_mermaids_win_at_once(lang):
    from tutor.core.rules import cite
    from tutor.games.sea_salt_paper import components as C
    from tutor.games.sea_salt_paper.sandbox import ScoreHelper
    mermaids = [c for c in C.ALL_CARDS if C.KIND[c] == "mermaid"]
    said = common.ui("sea_salt_paper.sandbox.four_mermaids", lang, n=C.MERMAIDS_TO_WIN,
                     rule=cite("sea_salt_paper:mermaids", lang))
    h = ScoreHelper(lang=lang, hand=mermaids[:3], zone=[])
    assert common.esc(said) not in h.verdict.value
    h = ScoreHelper(lang=lang, hand=mermaids[:C.MERMAIDS_TO_WIN], zone=[])
    assert common.esc(said) in h.verdict.value


def test_the_log_reads_the_same_when_its_lines_are_remembered():
    """events_html's memo: the same HTML as narrating afresh, in each language, for events seen again."""
    from tutor.widgets.common import events_html

    game = maui
    state, log = game.setup(4, seed=8), []
    for _ in range(8):
        seat = game.to_move(state)[0]
        state, events = game.apply(state, game.legal_actions(state, seat)[0])
        log += events
    memo: dict = {}
    for lang in ("en", "ru", "en"):
        for upto in (4, len(log), len(log)):
            assert events_html(log[:upto], lang, memo) == events_html(log[:upto], lang)
    assert events_html(log, "ru", memo) != events_html(log, "en", memo)
    assert {id(event) for event in log} >= {key for key, _ in memo}     # one line per event and language


# Паперові океани is left out: in hot seat every seat's turn shows its drawer a card, so no other seat's move is
# ever left to undo (the table's rule, tests/test_session.py)
@pytest.mark.parametrize("game_id", [g for g in ready_games() if g != "sea_salt_paper"])
def test_undo_after_hot_seat_is_switched_off_goes_back_to_the_learners_decision(game_id):
    """Hot seat on, the learner and then another seat move, hot seat off (the bots play on to the learner),
    Undo: the table is back where the learner last decided, with its choices, never "Waiting for Player 2."
    with nobody to move (the walk-through's B1: other seats' hot-seat steps were undone one at a time and the
    bots, seated again, were never asked to move)."""
    from tutor.widgets.labels import bot_action
    allowed = spec(game_id).players
    t = PlayTable(game_id, players=3 if 3 in allowed else allowed.start, seat=0, seed=11)
    rng = random.Random(11)
    t.press("hotseat", value=True)
    learner_before = None
    for _ in range(400):
        if t.passing is not None:
            take_device(t)
        seat = t.at_device
        if seat == 0:
            learner_before = t.state
        t.act(bot_action(t.game, t.state, seat, rng))
        assert t.errors.message == ""
        movers = t.game.to_move(t.state)
        if (learner_before is not None and seat != 0 and 0 not in movers and not t.game.is_over(t.state)
                and any(h[0] is learner_before for h in t.history)):    # nothing shown since: undo may go back
            break
    else:
        pytest.fail("no position where another seat moved after the learner and a bot is next")
    t.press("hotseat", value=False)
    assert 0 in t.game.to_move(t.state) or t.game.is_over(t.state), "the bots did not play on"
    if t.live.barrier:       # the bots' moves showed a card: nothing before them can be undone (the table's rule)
        assert t.undo_button.disabled and t.history == []
    else:
        t.undo_button.click()
        assert t.state == learner_before, "Undo must go back to the learner's last decision"
    assert 0 in t.game.to_move(t.state)
    assert t.action_buttons(0) or t.placer is not None, "the learner's choices are offered again"
    assert "Waiting" not in t.status_html and t.errors.message == ""


def _tutor_widget_classes() -> set:
    import importlib
    import pkgutil

    import tutor
    for m in pkgutil.walk_packages(tutor.__path__, "tutor."):
        if ".widgets" in m.name or m.name.endswith(("sandbox", "_widget")):
            importlib.import_module(m.name)

    def below(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from below(sub)
    # by name: a test that reloads a module leaves its old classes behind
    return {f"{c.__module__}.{c.__qualname__}" for c in below(W.Widget) if c.__module__.startswith("tutor.")}


def test_no_widget_shows_a_class_name_or_memory_address_as_its_plain_text():
    """A served page whose kernel is gone draws each widget's text/plain in its place; ipywidgets put
    repr(self) there: '<tutor.widgets.page.PageStatus object at 0x7f…>'. Every tutor widget class is built
    and its display bundle read."""
    from tutor.games.aqua_fest.shells_widget import ShellsHelper
    from tutor.games.isle_of_cats.sandbox import ScoreHelper as CatsScore
    from tutor.games.sea_salt_paper.sandbox import ScoreHelper as PaperScore
    from tutor.games.trump_whales.sandbox import ScoreHelper as WhalesScore
    from tutor.widgets.board import ClickBoard
    from tutor.widgets.drill import DrillPlayer
    from tutor.widgets.lazy import ManualReveal, Reveal, SharedManualReveal, SharedReveal
    from tutor.widgets.page import PageStatus
    from tutor.widgets.placeboard import PlaceBoard
    from tutor.widgets.quiz import Quiz
    from tutor.widgets.your_turn import YourTurn
    from tutor.widgets.practise import PractiseArea, PractisePlayer
    from tutor.core.drill import find
    from tutor.widgets.common import SvgBox
    built = [ErrorArea(), SvgBox(), PageStatus(), PlayTable("maui", players=3, lang="ru", seed=1),
             ScenarioPlayer(WORKED_ROUND, lang="ru"), Quiz("maui/catfish-in-the-shallows", lang="ru"),
             YourTurn("maui/left-hand", lang="ru"), LazyPart(lambda: W.HTML("x"), "more", lang="ru"), Reveal(), ManualReveal(),
             SharedReveal(), SharedManualReveal(),
             ChainStep(LazyPart(lambda: W.HTML("x"), "more", lang="ru"), "maui/left-hand", "later", "now"),
             ClickBoard(), PlaceBoard(), LagoonSandbox(players=4, lang="ru"), ShellsHelper(lang="ru"),
             CatsScore(lang="ru"), PaperScore(lang="ru"), WhalesScore(lang="ru"),
             DrillPlayer("maui/who-takes", lang="ru", seed=1), PractiseArea("ru"),
             PractisePlayer([find("maui/who-takes")], lang="ru", seed=1)]
    assert {f"{type(w).__module__}.{type(w).__qualname__}" for w in built} == _tutor_widget_classes(), "a tutor widget class this test does not build"
    for w in built:
        bundle = w._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert "application/vnd.jupyter.widget-view+json" in data, type(w).__name__
        plain = data.get("text/plain", "")
        assert "object at 0x" not in plain and "tutor." not in plain and type(w).__name__ not in plain, plain


def test_the_undo_note_speaks_of_the_turn_under_way_only():
    """Drawing two from the deck shows the learner two cards: Undo is off and the note beside it says why, in that
    turn; at the learner's next turn (the bot has played) the note is gone, while the button's tooltip still says
    why Undo is off (a reader saw «that move stands» at a new turn where nothing had been shown yet)."""
    from tutor.games import sea_salt_paper as ssp
    t = PlayTable("sea_salt_paper", players=2, seat=0, lang="en", seed=7, **ANDRIY)
    next(b for b in legal_buttons(t) if b.action == ssp.DrawDeck(0)).click()
    assert t.live.barrier and t.undo_button.disabled
    # (in the game's own words where it has them: what came into view is a card from the deck or a pile)
    from tutor.core.i18n import text
    assert t.view["undo_note"] == text("sea_salt_paper.undo.barrier_short", "en")
    next(b for b in legal_buttons(t) if isinstance(b.action, ssp.Keep)).click()
    assert not t.undo_button.disabled and t.view["undo_note"] == "", "the choice of the two may be undone"
    next(b for b in legal_buttons(t) if b.action == ssp.EndTurn(0)).click()
    assert 0 in t.game.to_move(t.state) and any(not s.human for s in t.live.turns())
    assert t.live.barrier and t.undo_button.disabled, "(the bot's take showed a card: Undo stays off)"
    assert t.view["undo_tip"] == common.ui("undo.barrier", "en")
    # at the new turn the words speak of the table's rule, not of the last turn's draw
    assert t.view["undo_note"] == text("sea_salt_paper.undo.barrier_off", "en") \
        != text("sea_salt_paper.undo.barrier_short", "en")


@pytest.mark.parametrize("game_id", ready_games())
def test_a_table_shows_undo_only_where_it_can_take_a_move_back(game_id):
    """Мяури's every dive is turned up with everyone's at once: Undo was greyed for a whole game and a reader tapped
    it and wondered (stop 45). A game that says Undo can never work (GameUI.undo False) must be right about it, and
    one that shows it must have moves it takes back: a few games of random legal moves against bots, as the
    table's session plays them."""
    from tutor.core.i18n import text
    from tutor.core.session import Session
    g = spec(game_id)
    undoable = moves = 0
    for seed in range(4):
        session = Session(g, players=min(g.players[-1], 3 + seed % 2), seed=seed)
        rnd = random.Random(seed)
        while not g.is_over(session.state) and 0 in g.to_move(session.state) and moves < 240 * (seed + 1):
            session.act(rnd.choice(g.legal_actions(session.state, 0)))
            moves += 1
            undoable += bool(session.history)
    assert moves > 40
    t = PlayTable(game_id, players=g.players[0], seat=0, lang="en", seed=3)
    if g.parts().undo:
        assert undoable, f"{game_id}: no move of {moves} could be taken back, yet its table shows Undo"
        assert t.view["undo_never"] == ""
    else:
        assert not undoable, f"{game_id}: {undoable} of {moves} moves could be taken back, yet its table hides Undo"
        assert t.view["undo_never"] == text(f"{game_id}.undo.never", "en") and "Undo" in t.view["undo_never"]


@pytest.mark.parametrize("game_id", ["isle_of_cats", "maui"])
def test_the_table_deals_a_new_game_for_the_players_chosen(game_id):
    """A club teacher (stop 44): Острів котів' table always dealt two, with no way to play tonight's four. The table
    offers the game's own counts; choosing one deals a new game for that many, the learner at the same seat; a count
    outside the game's range (a hostile page) changes nothing."""
    from tutor.core.game import spec as game_spec
    t = PlayTable(game_id, players=min(game_spec(game_id).players), seat=0, lang="en", seed=3)
    counts = list(game_spec(game_id).players)
    assert t.labels["players_range"] == counts and t.labels["players_pick"]
    t.press("players", value=max(counts))
    assert t.players == max(counts) == t.state.players and t.view["players"] == max(counts) and t.seat == 0
    before = t.state
    t.press("players", value=max(counts) + 1)
    t.press("players", value="4")
    assert t.state is before and t.players == max(counts) and t.errors.message == ""


def test_isle_of_cats_take_buttons_show_the_tile_shape():
    """A reader matched "Take: purple cat of 5 squares (No. 2 by the island)" with the island by hand: each Take
    button carries the tile's shape as the island lies it (orientation 0), one square drawn per square of the tile,
    in its colour; buttons of other actions carry none."""
    import re
    from tutor.games.isle_of_cats import components as C
    from tutor.games.isle_of_cats import geometry as G
    from tutor.games.isle_of_cats.render import HEX
    from tutor.games.isle_of_cats.rules import Take
    from tutor.widgets.play import PlayTable
    table = PlayTable("isle_of_cats", players=2, seat=0, lang="uk", seed=3)
    table.act(table.game.legal_actions(table.state, 0)[0])       # the family cards kept: the first take
    takes = [c for c in table.action_buttons(0) if isinstance(c.action, Take)]
    assert len(takes) >= 3
    for c in takes:
        icon = c.to_json()["icon"]
        squares = re.findall(r"M(-?[\d.]+) (-?[\d.]+)h10v10h-10z", icon)
        cells = {(int(float(x)) // 10, int(float(y)) // 10) for x, y in squares}
        assert cells == set(G.ORIENTATIONS[C.SHAPE[c.action.tile]][0]), (c.description, icon)
        colour = C.COLOUR[c.action.tile]
        assert colour is None or f'fill="{HEX[colour]}"' in icon
    others = [c for c in table.action_buttons(0) if not isinstance(c.action, Take)]
    assert all("icon" not in c.to_json() for c in others)


def test_a_folded_sandbox_waits_for_its_button():
    """Паперові океани's score helper met again in parts 10 and 11 was two more phone screens each time (a reader):
    `lesson.sandbox(..., folded=True)` is a placeholder the page opens only on a press (Reveal.manual); an unfolded
    one opens as it comes near the screen."""
    from tutor import lesson
    folded = lesson.sandbox("sea_salt_paper", "uk", folded=True, preset="collections", part="part-collections")
    plain = lesson.sandbox("sea_salt_paper", "uk", preset="andriy", part="part-cards")
    # with a page made in this kernel (as in a lesson), both lean on the page's module; the folded one says so
    from tutor.widgets.lazy import page_made
    page_made()
    folded = lesson.sandbox("sea_salt_paper", "uk", folded=True, preset="collections", part="part-collections")
    plain = lesson.sandbox("sea_salt_paper", "uk", preset="andriy", part="part-cards")
    # (by name: a test elsewhere reloads tutor.widgets.lazy, and a class made before it is another object)
    assert type(folded.reveal).__name__ == "SharedManualReveal" and type(plain.reveal).__name__ == "SharedReveal"
    assert "const MANUAL = true;" in folded.reveal._esm and "const MANUAL = false;" in plain.reveal._esm
    assert "tutor-lazy-manual" in folded._dom_classes and "tutor-lazy-manual" not in plain._dom_classes
    assert folded.content is None and "помічник" in folded.label
    folded.reveal.opened = True           # what the button does
    assert folded.content is not None


def test_under_a_tall_phone_board_a_few_short_answers_ride_at_the_screens_foot():
    """A reader of wave 20 scrolled between an Острів котів boat 620 px tall, its question above and its three answers
    under it, and never saw them together: where the question is asked again over the answers (a tall phone board),
    a few short answers are marked to ride at the screen's foot (tutor.css .tutor-choices-stick); long or many, or
    on a laptop, they stay in the page."""
    from tutor.widgets import screen
    from tutor.widgets.common import CSS, STICK_LONGEST, STICK_MOST, stick_choices
    from tutor.widgets.quiz import Quiz
    screen.reset()
    try:
        screen.set_width(390)
        quiz = Quiz("isle_of_cats/can-it-go", lang="en")
        labels = [b.description for b in quiz.buttons]
        assert "tutor-asked-again" in quiz.choices.children[0].value and len(labels) <= STICK_MOST
        assert "tutor-choices-stick" in quiz.choices._dom_classes
        assert not stick_choices('<p class="tutor-asked-again">?</p>', ["x" * (STICK_LONGEST + 1)])
        assert not stick_choices('<p class="tutor-asked-again">?</p>', ["a"] * (STICK_MOST + 1))
        assert not stick_choices("", ["a", "b"])
        screen.set_width(1000)            # the same quiz on a laptop: question, board and answers share a screen
        assert "tutor-choices-stick" not in quiz.choices._dom_classes
    finally:
        screen.reset()
    assert ".tutor-choices.tutor-choices-stick { position: sticky;" in CSS


def test_a_few_short_answers_are_marked_to_share_one_row_on_a_wide_screen():
    """Aqua Fest's quiz "which card reaches the 3-star fragment?" has four one-word answers; two to a row, their second
    row ran off a projector's foot under the board (a reader of wave 23). A few short answers are marked so
    (tutor.css .tutor-choices-short); long or many are not."""
    from tutor.widgets.common import CSS, STICK_LONGEST, STICK_MOST, short_choices
    from tutor.widgets.quiz import Quiz
    quiz = Quiz("aqua_fest/seahorse-jump", lang="ru")
    labels = [b.description for b in quiz.buttons]
    assert len(labels) == 4 and "tutor-choices-short" in quiz.choices._dom_classes, labels
    assert not short_choices(["x" * (STICK_LONGEST + 1), "y"])
    assert not short_choices(["a"] * (STICK_MOST + 1))
    assert ".tutor-choices.tutor-choices-short > .widget-button { flex: 1 1 15%; }" in CSS


def test_a_quiz_and_a_drill_ask_their_question_again_over_a_tall_phone_board():
    """A board of three or four players is 1,300-1,700 px tall on a phone, and a reader found a quiz's question and
    its first answer two screens apart (stop 50): the question comes again right over the answers, in the page's
    language, for every question a drill asks. Under a short board it read as printed twice (stop 51), and a laptop
    shows question, board and answers together: there it is not asked again. Only the sentence that asks comes
    again, not the scene set before it."""
    from html import unescape
    from tutor.core.drill import find, said
    from tutor.widgets import screen
    from tutor.widgets.common import ASK_AGAIN_OVER, CSS, asking, drawn_height, localised, ui
    from tutor.widgets.drill import DrillPlayer
    from tutor.widgets.quiz import Quiz, quiz_data
    screen.reset()
    try:
        screen.set_width(390)
        quiz = Quiz("trump_whales/who-wins", lang="ru")
        assert drawn_height(quiz.svg.value) >= ASK_AGAIN_OVER     # four players' panels
        head = quiz.choices.children[0].value
        question = localised(quiz_data("trump_whales/who-wins", None, "ru")["question"], "ru")
        # the sentence that asks, not the scene set before it again
        assert 'class="tutor-asked-again"' in head and unescape(head).count(asking(question)) == 1
        assert asking(question).endswith("?") and len(asking(question)) < len(question)
        assert head.index("tutor-asked-again") < head.index(ui("quiz.choose", "ru"))
        drill = DrillPlayer(find("trump_whales/trick-winner"), lang="en")
        asked = 0
        for _ in range(4):
            assert drill.options.children[0] is drill.asked_again
            tall = drawn_height(drill.svg.value) >= ASK_AGAIN_OVER
            prompt = asking(said(drill.question.prompt, "en"))
            assert (unescape(drill.asked_again.value).count(prompt) == 1) == tall
            asked += tall
            drill.new_question()
        assert asked, "a trick of four players is a tall board on a phone"
        short = Quiz("sea_salt_paper/what-does-it-score", lang="en")     # two hands: half a screen
        assert 0 < drawn_height(short.svg.value) < ASK_AGAIN_OVER
        assert "tutor-asked-again" not in short.choices.children[0].value
        screen.set_width(1000)             # the same quiz's page on a laptop: its board is redrawn, not asked again
        assert "tutor-asked-again" not in quiz.choices.children[0].value
        assert drill.asked_again.value == ""
    finally:
        screen.reset()
    assert ".tutor-asked-again { display: none; }" in CSS and "@media (min-width: 761px)" in CSS
