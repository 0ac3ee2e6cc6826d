"""Every game's drills (tutor.core.drill), checked the same way: at least four per game, each shown in the lesson
after the part it practises; over many seeds every question is fit (two or more answers, not all right), says
something in every lesson language, cites a rule the game knows, has a hint and the engine's reasons; a session
never asks the same position twice; the drill player gives the hint with its rule after a wrong answer.

Each game's own test (tests/games/test_<game>_drills.py) re-derives the answers with the engine."""

from __future__ import annotations

import re

import pytest

from tutor.core import drill as D
from tutor.core.game import ready_games, spec
from tutor.core.rules import cite
from tutor.lesson_source import parts
from tutor.widgets.drill import DrillPlayer

GAMES = ready_games()
ALL = [(g, d) for g in GAMES for d in D.drills(g)]
IDS = [d.id for _g, d in ALL]
SEEDS = 60


def _langs(game):
    return spec(game).lesson_langs


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_four_drills_each_shown_after_its_part(game):
    found = D.drills(game)
    assert len(found) >= 4, f"{game} has {len(found)} drills"
    for lang in _langs(game):
        shown = {}
        for p in parts(game, lang):
            for drill_id in re.findall(r'lesson\.drill\("([^"]+)"', "\n".join(p.code)):
                shown[drill_id] = p.anchor
        for d in found:
            assert d.id.startswith(f"{game}/"), d.id
            assert shown.get(d.id) == d.part, f"{d.id} is not shown in {d.part} of the {lang} lesson"
            assert D.said(d.title, lang).strip(), (d.id, lang)
            assert cite(d.rule, lang)


@pytest.mark.parametrize("game,d", ALL, ids=IDS)
def test_questions_are_fit_cite_their_rule_and_speak_every_language(game, d):
    answers = set()
    for seed in range(SEEDS):
        q = D.question(d, seed)
        assert D.problems(q) == [], (d.id, seed)
        assert q.drill == d.id
        answers.add(tuple(sorted(D.said(o.label, "en") for o in q.options if o.key in q.answer)))
        assert q.why, f"{d.id} seed {seed}: no engine reasons for 'show me why'"
        for item in q.why:
            assert hasattr(item, "narrate") or hasattr(item, "lines"), (d.id, item)
            for rule in [item.rule] if hasattr(item, "narrate") else [line.rule for line in item.lines]:
                assert cite(rule, "en"), (d.id, rule)
        cite(q.rule, "en")
        for lang in _langs(game):
            for what in (q.prompt, q.hint):
                assert D.said(what, lang).strip(), (d.id, seed, lang)
            labels = [D.said(o.label, lang).strip() for o in q.options]
            assert all(labels) and len(set(labels)) == len(labels), (d.id, seed, lang, labels)
    # the answer is not always the same (a drill that always says "player 1" teaches a habit, not a rule)
    assert len(answers) > 1, f"{d.id}: every one of {SEEDS} questions had the answer {answers}"


@pytest.mark.parametrize("game,d", ALL, ids=IDS)
def test_a_session_never_asks_the_same_position_twice(game, d):
    seen: set = set()
    for n in range(30):
        q = D.question(d, f"session/{n}", skip=seen)
        assert q.key not in seen
        seen.add(q.key)


@pytest.mark.parametrize("game,d", ALL, ids=IDS)
def test_a_wrong_answer_gets_the_hint_and_its_rule_then_show_me_why_the_answer(game, d):
    for lang in _langs(game):
        w = DrillPlayer(d, lang=lang, seed=7)
        assert not w.errors.message, w.errors.message
        q = w.question
        # a wrong option, or (a pick-all question whose every option is right) one option alone
        w.pick(next((o.key for o in q.options if o.key not in q.answer), q.options[0].key))
        if q.multi:
            w.submit()
        assert 'data-correct="false"' in w.verdict.value
        assert "tutor-task-hint" in w.verdict.value and "tutor-cite" in w.verdict.value
        w.show_why()
        assert "tutor-drill-why" in w.verdict.value
        assert not w.errors.message, w.errors.message
