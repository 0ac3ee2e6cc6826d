"""Practice uses only what has been taught (issue #32, "Practice before teaching"), for every ready game.

Each game's lessons/<game>/taught.yaml says which component kinds each part of its lesson teaches (`kinds:` part
anchor -> kinds, parts in lesson order; a part not listed teaches none). Every your-turn task, quiz, drill and
worked example shown in a part may show only the kinds taught by that part or an earlier one. What a position or a
lesson file shows, in the game's kinds, is the game's own `taught` part (GameSpec.taught, tutor.core.taught):
a drill is looked at over SEEDS questions, its board and its "show me why" position (`after`); a task or quiz by
every card it names; a scenario by what its game says it sets out and moves. A taught.yaml may add `drills:`
(the same form): the parts from which a kind may reach a drill, where a drill's unnarrated random position needs
more than the narrated practice (Мяури: a kind said in one line of "A round" reaches its drills only from its own
section).

Practice found breaking the order that this branch could not fix is listed in KNOWN, each with its reason: the
test holds each still breaks it, so a fix fails here until the pair is taken out of the list.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from tutor.core import drill as D
from tutor.core.game import ready_games, spec
from tutor.lesson_source import game_lessons_dir, parts

SEEDS = 40
FOLDER = {"your_turn": "tasks", "quiz": "quizzes", "scenario": "scenarios"}

# (game, "kind name"): why it still shows a kind before its part teaches it. Empty it as the lessons are fixed.
KNOWN: dict[tuple[str, str], str] = {
}


def _call(game: str) -> re.Pattern[str]:
    return re.compile(r'lesson\.(your_turn|quiz|drill|scenario)\("' + game + r'/([^"]+)"')


def _taught(game: str, key: str = "kinds") -> dict[str, list[str]]:
    data = yaml.safe_load((game_lessons_dir(game) / "taught.yaml").read_text(encoding="utf-8"))
    return data.get(key) or data["kinds"]


def _module(game: str) -> Any:
    return spec(game).taught()


def _known_by_part(game: str, lang: str, key: str = "kinds") -> list[tuple[Any, frozenset[str]]]:
    """(part, the kinds taught by it or an earlier part), in lesson order (`key` "drills": for drills)."""
    taught, known, out = _taught(game, key), set(), []
    for p in parts(game, lang):
        known |= set(taught.get(p.anchor, ()))
        out.append((p, frozenset(known)))
    return out


def _shown(game: str, kind: str, name: str) -> set[str]:
    """The kinds a piece of practice shows (a drill: over SEEDS questions, its board and "show me why")."""
    taught = _module(game)
    if kind == "drill":
        d = D.find(f"{game}/{name}")
        return {k for seed in range(SEEDS) for q in [D.question(d, seed)]
                for st in (q.state, q.after) if st is not None for k in taught.kinds_shown(st)}
    data = yaml.safe_load((game_lessons_dir(game) / FOLDER[kind] / f"{name}.yaml").read_text(encoding="utf-8"))
    return set(taught.kinds_named(kind, data))


GAMES = ready_games()
HAVE = [g for g in GAMES if (game_lessons_dir(g) / "taught.yaml").is_file()]   # the others fail the first test


def test_every_ready_game_says_what_each_part_teaches():
    missing = [g for g in GAMES if not (game_lessons_dir(g) / "taught.yaml").is_file() or spec(g).taught is None]
    assert not missing, f"{missing}: each needs lessons/<game>/taught.yaml and a `taught` part on its GameSpec"


@pytest.mark.parametrize("key", ["kinds", "drills"])
@pytest.mark.parametrize("game", HAVE)
def test_the_taught_kinds_are_the_games_kinds_each_taught_once_in_lesson_order(game, key):
    taught = _taught(game, key)
    listed = [k for kinds in taught.values() for k in kinds]
    assert sorted(listed) == sorted(_module(game).KINDS), "every kind is taught in exactly one part"
    order = [p.anchor for p in parts(game, spec(game).lesson_langs[0])]
    assert all(a in order for a in taught), [a for a in taught if a not in order]
    assert list(taught) == sorted(taught, key=order.index), "taught.yaml lists its parts in lesson order"


PRACTICE = [(g, p.anchor, kind, name, known)
            for g in HAVE for (p, taught), (_p, drilled) in zip(_known_by_part(g, spec(g).lesson_langs[0]),
                                                                 _known_by_part(g, spec(g).lesson_langs[0], "drills"))
            for kind, name in _call(g).findall("\n".join(p.code)) for known in [drilled if kind == "drill" else taught]]


@pytest.mark.parametrize("game,anchor,kind,name,known", PRACTICE,
                         ids=[f"{g}:{a}:{n}" for g, a, _k, n, _kn in PRACTICE])
def test_practice_shows_only_what_its_part_has_taught(game, anchor, kind, name, known):
    untaught = _shown(game, kind, name) - known
    if (game, f"{kind} {name}") in KNOWN:
        assert untaught, f"{game} {kind} {name} now keeps to what {anchor} has taught: take it out of KNOWN"
    else:
        assert not untaught, f"{game}: {kind} {name} in {anchor} shows {sorted(untaught)}, not taught by then"


def test_every_known_finding_is_practice_of_a_lesson():
    shown = {(g, f"{kind} {name}") for g, _a, kind, name, _k in PRACTICE}
    assert set(KNOWN) <= shown, sorted(set(KNOWN) - shown)


@pytest.mark.parametrize("game", GAMES)
def test_every_language_shows_the_same_practice_in_the_same_parts(game):
    call, (first, *others) = _call(game), spec(game).lesson_langs
    for lang in others:
        assert [(p.anchor, call.findall("\n".join(p.code))) for p in parts(game, lang)] == \
            [(p.anchor, call.findall("\n".join(p.code))) for p in parts(game, first)]
