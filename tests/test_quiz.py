"""Quizzes: every quiz file has exactly one right answer per the engine; the widget marks answers and explains.

The engine, not the quiz file, decides which choice is right (tutor.core.quiz.evaluate); `python -m tutor
check` fails a quiz with no right answer or more than one. The widget is driven as in test_widgets.py, with
a spy on `guard`: an unexpected exception in a callback fails the test.
"""

from __future__ import annotations

import copy
import html
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tutor import lesson
from tutor.core import quiz as Q
from tutor.core.errors import RuleViolation
from tutor.core.game import ready_games
from tutor.core.game import spec as game_spec
from tutor.core.scenario import ScenarioError
from tutor.widgets.common import ui as W_ui
from tutor.widgets.quiz import Quiz

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ru")
QUIZ_FILES = sorted((ROOT / "lessons").glob("*/quizzes/*.yaml"))
QUIZ_IDS = [f"{p.parent.parent.name}/{p.stem}" for p in QUIZ_FILES]
# (quiz id, language) for every lesson language of the quiz's game (Мяури and Aqua Fest: en, ru; Паперові океани: en, uk)
QUIZ_LANGS = [(i, lang) for i in QUIZ_IDS for lang in game_spec(i.split("/")[0]).lesson_langs]
# the quiz widget's words per language: wrong, why not, right
VERDICT_WORDS = {"en": ("Not quite", "What the rules make of it", "Right!"),
                 "ru": ("Не совсем", "Что из этого выходит по правилам", "Верно!"),
                 "uk": ("Не зовсім", "Що з цього виходить за правилами", "Правильно!")}
# what a wrong answer reads first, and the button that tells the rest
HINT_WORDS = {"en": ("Hint", "Show the answer and why"), "ru": ("Подсказка", "Показать ответ и почему"),
              "uk": ("Підказка", "Показати відповідь і чому")}


@pytest.fixture(autouse=True)
def widget_guard(guard_spy):
    """Every test here runs under the guard spy (tests/conftest.py)."""
    return guard_spy


def load(quiz_id: str) -> dict:
    game, name = quiz_id.split("/")
    return Q.load_file(ROOT / "lessons" / game / "quizzes" / f"{name}.yaml")


def plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def ui_you_chose(lang: str, label: str) -> str:
    from tutor.widgets.common import ui
    return ui("quiz.you_chose", lang, label=label)


def a_wrong_index(w: Quiz) -> int:
    """A wrong choice, one the engine plays out (the board changes) where there is one."""
    wrong = [o for o in w.outcomes if not o.correct]
    return next((o.index for o in wrong if o.refusal is None), wrong[0].index)


# --------------------------------------------------------------------------- the quiz files

def test_each_ready_game_has_quizzes():
    for game in ("maui", "aqua_fest", "sea_salt_paper", "trump_whales"):
        assert game in ready_games()
        assert len(Q.quiz_files(game)) >= 3, game


@pytest.mark.parametrize("path", QUIZ_FILES, ids=QUIZ_IDS)
def test_quiz_has_exactly_one_right_answer_per_the_engine(path):
    quiz = Q.load_file(path)
    assert Q.check(quiz) == []
    assert sum(o.correct for o in Q.evaluate(quiz)) == 1


@pytest.mark.parametrize("path", QUIZ_FILES, ids=QUIZ_IDS)
def test_quiz_speaks_english_and_russian(path):
    """Every quiz speaks English and each other lesson language of its game (Russian, Ukrainian)."""
    quiz = Q.load_file(path)
    assert quiz["id"] == f"{path.parent.parent.name}/{path.stem}"
    others = [lang for lang in game_spec(quiz["game"]).lesson_langs if lang != "en"]
    assert others
    texts = [quiz["question"], quiz["title"], quiz["explain"]] + [c["label"] for c in quiz["choices"]]
    for t in texts:
        assert t["en"].strip()
        for lang in others:
            assert t[lang].strip()
            assert re.search("[а-яёіїєґ]", t[lang], re.I) or re.fullmatch(r"[\d\s:.,+=-]+", t[lang]), t[lang]
    for lang in others:
        assert re.search("[а-яёіїєґ]", quiz["question"][lang], re.I)
    assert not re.search("[а-яёіїєґ]", quiz["question"]["en"], re.I)


def test_both_forms_are_used():
    forms = {Q.form(Q.load_file(p)) for p in QUIZ_FILES}
    assert forms == {"action", "outcome"}


def card_not_held() -> dict:
    """Мяури's catfish quiz with a choice the rules refuse: a card the learner no longer holds. (The lesson's own quiz
    offered it until a reader found it ruled out at a glance at the hand, stop 57.)"""
    quiz = copy.deepcopy(load("maui/catfish-in-the-shallows"))
    quiz["choices"].append({"label": {"en": "A 5", "ru": "Пятёрку"}, "do": {"dive": {2: 5}}})
    return quiz


def test_a_refused_choice_is_wrong_and_carries_its_refusal():
    outcomes = Q.evaluate(card_not_held())
    refused = [o for o in outcomes if o.refusal is not None]
    assert refused and not any(o.correct for o in refused)
    o = refused[0]
    assert isinstance(o.refusal, RuleViolation) and o.rule == "maui:play"
    assert o.events == ()
    assert "5" in o.refusal.explain("en") and o.refusal.explain("ru") != o.refusal.explain("en")
    assert o.state == Q.opening(card_not_held())   # nothing half-applied


def test_outcome_form_can_ask_whether_an_action_is_refused():
    quiz = load("aqua_fest/who-wins-the-battle")
    refused = next(o for o in Q.evaluate(quiz) if "refused" in o.choice)
    assert not refused.correct and refused.problems == ["the rules allow it"]
    quiz = copy.deepcopy(quiz)
    quiz["do"] = [{"attack": {"player": 1, "target": 2, "card": "dolphin-1"}},
                  {"attack": {"player": 1, "target": 2, "card": "crab-3"}}]
    right = [o for o in Q.evaluate(quiz) if o.correct]
    assert [("refused" in o.choice) for o in right] in ([True], [])


def test_check_names_two_right_answers():
    quiz = copy.deepcopy(load("maui/who-takes-the-deep"))
    quiz["choices"][0]["expect"] = {"catch": {2: "tuna-1"}}     # the right answer (player 2's) twice
    problems = Q.check(quiz)
    assert problems and "2 choices are right" in problems[0]


def test_check_names_no_right_answer():
    quiz = copy.deepcopy(load("maui/who-takes-the-deep"))
    quiz["choices"][1]["expect"] = {"catch": {3: "tuna-1"}}     # the right answer made wrong
    problems = Q.check(quiz)
    assert problems[0] == "no choice is right by the rules"


@pytest.mark.parametrize("change, words", [
    (lambda q: q.pop("question"), "'question' is missing"),
    (lambda q: q["question"].pop("ru"), "no ru text"),
    (lambda q: q.update(choices=q["choices"][:1]), "at least two"),
    (lambda q: q["choices"][0].pop("expect"), "exactly one of 'expect' or 'refused'"),
    (lambda q: q["choices"][0].update(do={"dive": {1: 3}}), "unknown key 'do'"),
    (lambda q: q.update(goal={"catch": {}}), "not both"),
    (lambda q: q["choices"][0].update(expect={"catches": {1: "tuna-1"}}), "unknown expectation 'catches'"),
    (lambda q: q.update(setup={"players": 9}), "setup refused"),
])
def test_malformed_quizzes_get_clear_messages(change, words):
    quiz = copy.deepcopy(load("maui/who-takes-the-deep"))
    change(quiz)
    with pytest.raises(ScenarioError, match=re.escape(words)):
        Q.evaluate(quiz)


def test_an_action_quiz_needs_a_goal():
    quiz = copy.deepcopy(load("maui/catfish-in-the-shallows"))
    del quiz["goal"]
    with pytest.raises(ScenarioError, match="'goal' is missing"):
        Q.validate(quiz)


@pytest.mark.parametrize("path", QUIZ_FILES, ids=QUIZ_IDS)
def test_choice_labels_name_an_answer_not_its_reason(path):
    """A label like "Player 3: nearest Kiti's right hand" teaches the rule before the learner thinks;
    labels are short answers with no colon-led reason (the reason comes after answering)."""
    for choice in Q.load_file(path)["choices"]:
        for lang in game_spec(Q.load_file(path)["game"]).lesson_langs:
            label = choice["label"][lang]
            assert ":" not in label and len(label.split()) <= 4, label


@pytest.mark.parametrize("path", QUIZ_FILES, ids=QUIZ_IDS)
def test_every_wrong_answer_gets_the_engines_own_why_not(path):
    """Each wrong choice the engine plays out is answered by what decided it (events or score lines,
    each with its rule); a refused one by its refusal. The right choice needs none."""
    quiz = Q.load_file(path)
    for outcome in Q.evaluate(quiz):
        items = Q.why_not(quiz, outcome)
        if outcome.correct:
            assert items == []
        elif outcome.refusal is not None:
            assert items == [] and outcome.refusal.explain("en")
        else:
            # a claim about families where the engine found none: no score line to show, the choice's words say why
            # (the tile laid is not the reason, and was read as one)
            assert items or set(outcome.choice.get("expect", {})) == {"families"}, (quiz["id"], outcome.index)
            for item in items:
                rules = [item.rule] if hasattr(item, "rule") else [line.rule for line in item.lines]
                assert rules and all(r.startswith(quiz["game"] + ":") for r in rules), item


def test_why_not_names_what_decided_against_the_choice():
    """Three elevens, player 3's 7: "Player 1" is wrong because Kiti's right hand settled the deep for
    player 2; the why-not shows that dispute and player 2's catch, not Kiti's later step."""
    quiz = load("maui/who-takes-the-deep")
    outcome = next(o for o in Q.evaluate(quiz) if o.choice["label"]["en"] == "Player 1")
    items = Q.why_not(quiz, outcome)
    kinds = [e.kind for e in items]
    assert kinds[:2] == ["maui.dispute", "maui.catch"] and "maui.kiti_moved" not in kinds
    assert items[0].data["player"] == 1 and items[1].data["cards"] == ["tuna-1"]


# --------------------------------------------------------------------------- the widget

@pytest.mark.parametrize("quiz_id,lang", QUIZ_LANGS, ids=[f"{i}-{lang}" for i, lang in QUIZ_LANGS])
def test_widget_marks_right_and_wrong_and_changes_the_board(quiz_id, lang):
    w = lesson.quiz(quiz_id, lang=lang).expand()
    assert isinstance(w, Quiz) and "tutor-quiz" in w._dom_classes
    assert w.errors.message == "" and w.warning.layout.display == "none"
    opening = w.svg.value
    assert "<svg" in opening
    assert plain(w.question.value).strip() == Q.load_file(
        ROOT / "lessons" / quiz_id.split("/")[0] / "quizzes" / f"{quiz_id.split('/')[1]}.yaml")["question"][lang]
    assert len(w.buttons) == len(w.data["choices"]) and w.again.layout.display == "none"

    wrong = a_wrong_index(w)
    outcome = w.outcomes[wrong]
    right_label = w.data["choices"][w.right_index]["label"][lang]
    w.buttons[wrong].click()
    assert w.buttons[wrong].description.startswith("✗ ")
    assert "tutor-quiz-wrong" in w.buttons[wrong]._dom_classes
    assert 'data-correct="false"' in w.verdict.value
    wrong_word, why_word, right_word = VERDICT_WORDS[lang]
    hint_word, show_why = HINT_WORDS[lang]
    assert wrong_word in w.verdict.value
    # first the hint, with the rule it points at, and nothing that gives the answer away: not what the rules made
    # of the choice, nor its own words, nor the quiz's explanation, nor the board after it
    said = plain(w.verdict.value)
    assert 'class="tutor-explain tutor-quiz-hint"' in w.verdict.value and hint_word in said
    assert w.data["hint"][lang] in said
    hint = re.search(r'<div class="tutor-explain tutor-quiz-hint">.*?</div>', w.verdict.value, re.S).group(0)
    assert 'class="tutor-cite"' in hint
    assert 'class="tutor-why-not"' not in w.verdict.value and why_word not in said
    assert "tutor-quiz-all" not in w.verdict.value and 'class="tutor-events"' not in w.verdict.value
    assert w.data["explain"][lang] not in said
    if outcome.choice.get("explain"):
        assert outcome.choice["explain"][lang] not in said
    assert right_label not in said.replace(ui_you_chose(lang, outcome.choice["label"][lang]), "")
    marked = asked_board(w, outcome, lang, opening)
    assert w.svg.value == marked, "the board after a wrong choice may show the answer: it waits for 'Show me why'"
    assert all(b.disabled for b in w.buttons)
    assert w.again.layout.display is None and w.again.description == W_ui("quiz.again", lang)
    assert w.why.description == show_why
    # every wrong answer may ask "Show me why": it ends with the right answer (a refusal with no words of its own
    # once offered nothing, and a stuck reader had the hint alone)
    assert w.why.layout.display is None and not w.revealed
    assert "tutor-live" in w.verdict._dom_classes      # announced by screen readers (page.js)

    offered = w.why.layout.display is None
    w.why.click()                            # "Show me why": what the rules made of the choice, and its board
    assert w.revealed and w.why.layout.display == "none"
    said = plain(w.verdict.value)
    why_part = plain(w.verdict.value.split('<div class="tutor-quiz-answer">')[0])
    assert w.data["hint"][lang] in said and w.data["explain"][lang] not in why_part
    if outcome.choice.get("explain"):
        assert outcome.choice["explain"][lang] in said
    if outcome.refusal is None:              # one account of the choice, and the board after it
        items = Q.why_not(w.data, outcome)
        # the engine's "why not", rule by rule, where the choice has no words of its own, or the answer is points
        # (its score lines make the right total); the choice's own words alone otherwise (a reader met both, then the
        # same events folded, then the answer's why, for one point)
        if items and (not outcome.choice.get("explain") or any(hasattr(b, "lines") for b in items)):
            assert 'class="tutor-why-not"' in w.verdict.value and why_word in said
            why_not = w.verdict.value[w.verdict.value.index('class="tutor-why-not"'):]
            assert 'class="tutor-cite"' in why_not
        else:
            assert 'class="tutor-why-not"' not in w.verdict.value
        assert w.svg.value != opening and "<svg" in w.svg.value
    else:                                    # refused: the board stays, the refusal explains
        assert w.svg.value == marked and 'class="tutor-refusal"' in w.verdict.value
    # then the right answer, marked, with the quiz's explanation; and no "Try again": what it told often names the
    # answer, and the learner would answer what they had just been told
    right_button = w.buttons[w.right_index]
    assert offered
    assert right_button.description.startswith("✓ ") and "tutor-quiz-right" in right_button._dom_classes
    assert w.data["explain"][lang] in said and w.again.layout.display == "none"
    w.why.click()                            # a second press adds nothing
    assert plain(w.verdict.value) == said

    w.reset()                                # (the page's own way back: a drawn-again quiz opens afresh)
    assert w.svg.value == opening and w.verdict.value == "" and w.answered is None
    assert w.why.layout.display == "none" and not w.revealed
    assert not any(b.disabled for b in w.buttons)
    assert not any(b.description[:1] in "✓✗" for b in w.buttons)
    assert not any("tutor-quiz-wrong" in b._dom_classes for b in w.buttons)

    right = w.right_index
    w.buttons[right].click()
    assert w.buttons[right].description.startswith("✓ ")
    assert "tutor-quiz-right" in w.buttons[right]._dom_classes
    assert 'data-correct="true"' in w.verdict.value
    assert right_word in w.verdict.value
    assert w.svg.value != opening
    assert w.data["explain"][lang] in plain(w.verdict.value)
    assert 'class="tutor-events"' in w.verdict.value and 'class="tutor-cite"' in w.verdict.value
    assert w.why.layout.display == "none" and "tutor-quiz-hint" not in w.verdict.value   # a right answer tells all
    if lang != "en":
        assert re.search("[а-яёіїєґ]", plain(w.verdict.value), re.I)


@pytest.mark.parametrize("path", QUIZ_FILES, ids=QUIZ_IDS)
def test_every_lesson_quiz_has_a_hint_that_points_at_the_rule_not_the_answer(path):
    """A wrong answer reads the hint first (issue #23 §4): every lesson quiz has one in each lesson language of its
    game, in that language, and it never names the right answer (its label, whatever the case or quotes)."""
    quiz = Q.load_file(path)
    assert "hint" in quiz, f"{quiz['id']}: no 'hint' (what a wrong answer reads first: the rule that decides)"
    [right] = [o for o in Q.evaluate(quiz) if o.correct]
    for lang in game_spec(quiz["game"]).lesson_langs:
        hint = quiz["hint"][lang]
        assert len(hint.split()) >= 8, (lang, hint)
        assert bool(re.search("[а-яёіїєґ]", hint, re.I)) == (lang != "en"), (lang, hint)
        label = right.choice["label"][lang].strip("«»\"' ").lower()
        assert label not in hint.lower(), f"{quiz['id']} ({lang}): the hint names the answer «{label}»: {hint}"
        assert hint != quiz["explain"][lang]


def asked_board(w: Quiz, outcome, lang: str, opening: str) -> str:
    """The board a wrong choice leaves: the opening one; a refused choice with a `mark` adds the refused move drawn
    where it would have gone, on the asked position (no outcome, only the choice's own picture)."""
    if outcome.refusal is None or not outcome.choice.get("mark"):
        return opening
    from tutor.core.scenario import adapter
    from tutor.widgets.common import render
    marks = adapter(w.data["game"]).places(outcome.choice["mark"])
    marked = render(w.game, w.game.view(w._opening[0], w.viewer), highlight=tuple(w._highlight) + tuple(marks),
                    events=(), lang=lang)
    assert marked != opening
    return marked


@pytest.mark.parametrize("quiz_id,lang", QUIZ_LANGS, ids=[f"{i}-{lang}" for i, lang in QUIZ_LANGS])
def test_no_wrong_answer_gives_the_answer_away_before_show_me_why(quiz_id, lang):
    """Each wrong choice of each quiz: before "Show me why", the hint and at most the refusal, the opening board, and
    no word of the right answer; after it, what the rules made of the choice (a refused one: its own words)."""
    w = Quiz(quiz_id, lang=lang)
    opening = w.svg.value
    right = w.data["choices"][w.right_index]["label"][lang]
    for outcome in w.outcomes:
        if outcome.correct:
            continue
        w.reset()
        w.answer(outcome.index)
        said = plain(w.verdict.value).replace(ui_you_chose(lang, outcome.choice["label"][lang]), "")
        assert right not in said, (outcome.index, said)
        assert "tutor-quiz-hint" in w.verdict.value and "tutor-why-not" not in w.verdict.value
        assert w.svg.value == asked_board(w, outcome, lang, opening)
        w.why.click()
        items = Q.why_not(w.data, outcome)
        if outcome.refusal is None and items:
            # the rules' account, or the choice's own words where it has them (one account, not both)
            assert ("tutor-why-not" in w.verdict.value) or (
                outcome.choice.get("explain") and outcome.choice["explain"][lang] in plain(w.verdict.value)), \
                outcome.index
    assert w.errors.message == ""


@pytest.mark.parametrize("lang", LANGS)
def test_a_quiz_without_a_hint_names_its_rule(lang):
    """A quiz of a game outside the lessons may have no hint: a wrong answer then names the rule that decides."""
    from tutor.core.rules import cite
    quiz = copy.deepcopy(load("maui/who-takes-the-deep"))
    del quiz["hint"]
    w = Quiz(quiz, lang=lang)
    w.answer(a_wrong_index(w))
    hint = re.search(r'<div class="tutor-explain tutor-quiz-hint">.*?</div>', w.verdict.value, re.S).group(0)
    assert cite("maui:disputes", lang) in plain(hint) and HINT_WORDS[lang][0] in plain(hint)
    assert "tutor-why-not" not in w.verdict.value


def test_a_hint_must_speak_each_lesson_language():
    quiz = copy.deepcopy(load("sea_salt_paper/another-turn"))
    quiz["hint"].pop("uk")
    with pytest.raises(ScenarioError, match="'hint' has no uk text"):
        Q.validate(quiz)


@pytest.mark.parametrize("lang", LANGS)
def test_widget_shows_a_refusal_as_a_teaching_moment(lang):
    w = Quiz(card_not_held(), lang=lang)
    refused = next(o.index for o in w.outcomes if o.refusal is not None)
    opening = w.svg.value
    w.buttons[refused].click()
    assert w.buttons[refused].description.startswith("✗ ")
    assert 'class="tutor-refusal"' in w.verdict.value
    assert w.outcomes[refused].refusal.explain(lang) in plain(w.verdict.value)
    assert w.svg.value == opening            # nothing happened on the board
    assert w.data["hint"][lang] in plain(w.verdict.value)    # the refusal is the rule itself, shown with the hint
    assert w.errors.message == ""


def test_the_quiz_draws_the_viewers_view():
    w = Quiz("maui/catfish-in-the-shallows", lang="en")
    assert w.viewer == 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_malformed_quiz_shows_a_friendly_error(lang, guard_spy):
    bad = copy.deepcopy(load("maui/who-takes-the-deep"))
    del bad["choices"][0]["label"]
    w = Quiz(bad, lang=lang)
    assert "choice 1 has no 'label'" in w.errors.message
    assert w.errors.layout.display is None and not w.buttons
    box = lesson.quiz(bad, lang=lang)           # the lesson page says so at once, before anyone opens it
    assert "choice 1 has no 'label'" in box.children[-1].message
    assert all(ok for _, ok, _ in guard_spy.caught)
    missing = lesson.quiz("maui/no-such-quiz", lang=lang)
    text = missing.errors.message if isinstance(missing, Quiz) else missing.children[-1].message
    assert "no-such-quiz" in text and "Traceback" not in text


def test_a_broken_quiz_warns_in_the_page():
    bad = copy.deepcopy(load("maui/who-takes-the-deep"))
    bad["choices"][1]["expect"] = {"catch": {3: "tuna-1"}}
    w = Quiz(bad, lang="ru")
    assert w.warning.layout.display is None and "По правилам игры" in w.warning.value
    assert w.errors.message == ""


# the program's insides named in words a learner reads (the walk-through's C3): «рушій» is a ship's propulsion
ENGINE_WORDS = re.compile(r"\bengines?\b|\bдвижо?к|\bруші[йяєї]", re.I)


def test_no_catalogue_string_a_learner_reads_speaks_of_the_engine():
    """Feedback speaks of the game and its rules, never of "the engine played your move" (en), «рушій» (uk) or
    «движок» (ru): every message of every catalogue, in every language, shared and per game."""
    from tutor.core import i18n
    found = []
    for lang in i18n.LANGS:
        for path in i18n.catalogue_files(lang):
            for message in i18n.read_catalogue(path):
                strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
                found += [f"{path.relative_to(ROOT)}: {message.id}: {s}" for s in strings
                          if s and ENGINE_WORDS.search(s)]
    assert not found, "\n".join(found)
    assert all(ENGINE_WORDS.search(w) for w in ("the engine played", "движок сыграл", "движка", "рушій зіграв",
                                                "рушія"))


# --------------------------------------------------------------------------- the command

def run_check(*paths) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", "check", *map(str, paths)],
                          cwd=ROOT, capture_output=True, text=True, timeout=180)


def test_check_command_checks_the_real_quizzes():
    done = run_check(ROOT / "lessons")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(QUIZ_FILES)} quiz(zes) checked, 0 failed" in done.stdout
    for path in QUIZ_FILES:
        assert f"ok   {path.relative_to(ROOT)}" in done.stdout or f"ok   {path}" in done.stdout


def test_check_command_fails_a_quiz_with_two_right_answers(tmp_path):
    bad = copy.deepcopy(load("maui/who-takes-the-deep"))
    bad["id"] = "maui/two-right"
    bad["choices"][0]["expect"] = {"catch": {2: "tuna-1"}}
    path = tmp_path / "two-right.yaml"
    path.write_text(yaml.safe_dump(bad, allow_unicode=True), encoding="utf-8")
    done = run_check(path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL" in done.stdout and "two-right.yaml" in done.stdout
    assert "2 choices are right by the rules" in done.stdout
    # inside a lesson folder too
    folder = tmp_path / "lessons" / "maui" / "quizzes"
    folder.mkdir(parents=True)
    (folder / "two-right.yaml").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    done = run_check(tmp_path / "lessons")
    assert done.returncode == 1 and "1 quiz(zes) checked, 1 failed" in done.stdout


def test_the_question_is_drawn_after_what_is_given():
    """'You have just taken the card': the board the learner answers on shows the position after `given` (the
    card in hand, no longer on its pile), as the engine judges the choices from it."""
    data = load("sea_salt_paper/another-turn")
    assert data.get("given")
    before, asked = Q.opening(data), Q.asked(data)
    assert "boat-2" not in before.hands[0] and "boat-2" in asked.hands[0]
    w = Quiz("sea_salt_paper/another-turn", lang="en")
    assert 'data-card="boat-2"' in w.svg.value and 'data-phase="draw"' not in w.svg.value
    assert w.svg.value == w._board(asked, w._highlight, ())
    for quiz_id in QUIZ_IDS:        # every quiz with `given` is asked in a position the engine reached
        quiz = load(quiz_id)
        if quiz.get("given"):
            assert Q.asked(quiz) != Q.opening(quiz), quiz_id


def test_a_wrong_answer_is_told_from_the_question_to_the_end_of_its_round():
    """STOP ends the round: what the learner reads stops there (the quiz's `then`, player 2's last turn, would
    be played in the next round and is not told), and what `given` did before the question is not told again."""
    data = load("sea_salt_paper/stop-or-last-chance")
    stop = next(o for o in Q.evaluate(data) if o.choice["do"] == {"stop": 1})
    assert not stop.correct
    kinds = [e.kind.split(".", 1)[1] for e in stop.told]
    assert kinds[0] == "stop" and "took_discard" not in kinds, kinds      # not given's take, nor the next round's
    assert stop.shown.round == Q.asked(data).round
    assert all(e in stop.told for e in Q.why_not(data, stop) if hasattr(e, "narrate"))


POINT_QUIZZES = [i for i in QUIZ_IDS
                 if any("point" in k or "score" in k for k in load(i).get("goal", {}))
                 or any("point" in k or "score" in k or k == "best" for c in load(i)["choices"]
                        for k in c.get("expect", {}))]


@pytest.mark.parametrize("quiz_id", POINT_QUIZZES)
def test_a_wrong_score_answer_is_told_by_the_lines_of_the_score_and_their_total(quiz_id):
    """"What does it score?" answered wrong: the why-not lists the score line by line, each with its rule, and
    the total those lines make (not only events, nor the right total alone); the choice's own words, when the
    quiz has them, come first."""
    from tutor.core.i18n import number, text
    w = Quiz(quiz_id, lang="en")
    for outcome in w.outcomes:
        if outcome.correct or outcome.refusal is not None:
            continue
        scores = [b for b in Q.why_not(w.data, outcome) if hasattr(b, "lines")]
        if not scores:        # an answer about something else (who ends the round), told by its events
            continue
        w.reset()
        w.answer(outcome.index)
        assert 'tutor-quiz-score"' not in w.verdict.value, "the score waits for 'Show me why'"
        w.show_why()
        verdict = w.verdict.value
        for b in scores:
            assert 'tutor-quiz-score"' in verdict
            total = re.findall(r'<li class="tutor-score-total"><b>(.*?)</b></li>', verdict)
            # "Total", or what these lines sum where they are not the whole score (Aqua Fest's shells without the
            # token: "Total: 13" beside a token of 1 read as the score, a reader)
            label = text(b.total_key, "en") if b.total_key else "Total"
            assert f"Player {b.player + 1} · {label}: {number(b.total)}" in total, total
        if outcome.choice.get("explain"):
            assert verdict.index('class="tutor-explain"') < verdict.index('class="tutor-why-not"'), "its words first"
    assert any(not o.correct for o in w.outcomes)


def test_a_points_question_gets_the_score_lines_even_where_the_game_picks_only_events():
    """Паперові океани's own "why not" gives score lines for a round's points only; asked about the game's score
    (the shared `scores` key), a wrong answer still gets that player's score line by line (tutor.core.quiz: a
    question about points is answered by the score, not by events alone)."""
    from tutor.core.game import spec as load_game
    quiz = copy.deepcopy(load("sea_salt_paper/what-does-it-score"))
    right = next(o for o in Q.evaluate(quiz) if o.correct)
    total = next(b.total for b in load_game("sea_salt_paper").score(right.shown) if b.player == 0)
    quiz["choices"] = [{"label": {"en": f"{n} points", "uk": f"{n} очок"}, "expect": {"scores": {1: n}}}
                       for n in (total, total + 2)]
    wrong = next(o for o in Q.evaluate(quiz) if not o.correct)
    scores = [b for b in Q.why_not(quiz, wrong) if hasattr(b, "lines")]
    assert [b.player for b in scores] == [0] and scores[0].lines and scores[0].total == total


@pytest.mark.parametrize("quiz_id, marks", [("isle_of_cats/rats-count", ("rat-seen",)),
                                            ("isle_of_cats/score-this-boat", ("rat-seen", "open-room", "family"))])
def test_a_counting_quizs_why_marks_what_it_counts_on_the_board(quiz_id, marks):
    """Острів котів's counting quizzes explained the rats, rooms and families in words only, on a board with nothing
    marked (club-teacher review 2026-12-02). Their `why_highlight` marks them on the board the answer shows: after
    "show me why" and after the right answer; the asked board marks none of it."""
    for lang in ("en", "uk"):
        w = Quiz(quiz_id, lang=lang)
        assert w.data.get("why_highlight")
        for mark in marks:
            assert f'class="{mark}"' not in w.svg.value
        wrong = next(o for o in w.outcomes if not o.correct and o.refusal is None)
        w.answer(wrong.index)
        w.why.click()
        for mark in marks:
            assert f'class="{mark}"' in w.svg.value, (lang, mark)
        w.reset()
        w.answer(w.right_index)
        for mark in marks:
            assert f'class="{mark}"' in w.svg.value, (lang, mark)


@pytest.mark.parametrize("quiz_id,lang", QUIZ_LANGS, ids=[f"{i}-{lang}" for i, lang in QUIZ_LANGS])
def test_a_right_answer_says_why_before_what_happened(quiz_id, lang):
    """Six lines of play came before the "Why" a reader wanted (Паперові океани's part 11): a right answer's
    explanation comes first, what happened after it, folded behind its heading when it runs past three lines."""
    from tutor.widgets.common import ui as say
    w = Quiz(quiz_id, lang=lang)
    w.answer(w.right_index)
    value = w.verdict.value
    after = say("quiz.after", lang)
    if "tutor-explain" in value and after in value:
        assert value.index("tutor-explain") < value.index(after), quiz_id
    folded = re.search(r'<details class="tutor-quiz-all"><summary>[^<]*</summary>(.*?)</details>', value, re.S)
    if folded:
        assert folded.group(1).count("<li") > 3


def test_after_a_right_answer_the_button_asks_the_question_again_and_says_so():
    """"↺ Try again" under a ✓ read as "you got it wrong", and a reader who tapped it lost the ✓ (stop 56): after a
    right answer it is "↺ Ask it again"; back at the question and answered wrong, "↺ Try again"."""
    w = Quiz("maui/who-takes-the-deep", lang="en")
    right = next(o.index for o in w.outcomes if o.correct)
    wrong = next(o.index for o in w.outcomes if not o.correct)
    w.answer(right)
    assert w.again.description == W_ui("quiz.again_right", "en") != W_ui("quiz.again", "en")
    w.reset()
    w.answer(wrong)
    assert w.again.description == W_ui("quiz.again", "en")
