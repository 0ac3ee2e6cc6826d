"""Practice uses only what has been taught (club review 2026-12-02, item 1): every your-turn task, quiz and drill
shown in a part of the Паперові океани lesson shows only the card kinds that lessons/sea_salt_paper/taught.yaml says
the lesson has taught by that part (part 5, "Крок 3", once drilled mermaids, captains and lighthouses taught in parts 9-11).
Worked examples too, for the cards they set out, the tops of their piles and the cards their steps move (a long
pile's inside and the next round's deal are not looked at)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from tutor.core import drill as D
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.drills import EARLY_KINDS
from tutor.lesson_source import parts

GAME = "sea_salt_paper"
LESSONS = Path(__file__).resolve().parents[2] / "lessons" / GAME
SEEDS = 40
CALL = re.compile(r'lesson\.(your_turn|quiz|drill|scenario)\("' + GAME + r'/([^"]+)"')
FOLDER = {"your_turn": "tasks", "quiz": "quizzes", "scenario": "scenarios"}


def _taught() -> dict[str, list[str]]:
    return yaml.safe_load((LESSONS / "taught.yaml").read_text(encoding="utf-8"))["kinds"]


def _known_by_part(lang: str) -> list[tuple[Any, frozenset[str]]]:
    """(part, the kinds taught by it or an earlier part), in lesson order."""
    taught, known, out = _taught(), set(), []
    for p in parts(GAME, lang):
        known |= set(taught.get(p.anchor, ()))
        out.append((p, frozenset(known)))
    return out


def _cards_in(value: Any) -> Iterator[str]:
    """Every card id a task or quiz file names (its setup, given and later moves, goal)."""
    if isinstance(value, str):
        if value in C.KIND:
            yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in ("prompt", "question", "hint", "explain", "title", "label"):
                yield from _cards_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _cards_in(v)


def _cards_on_table(state: Any) -> Iterator[str]:
    if state is None:
        return
    for cards in (*state.hands, *state.zones, *state.discards, state.deck, state.drawn):
        yield from cards


def _shown(kind: str, name: str) -> set[str]:
    """The kinds of the cards a piece of practice shows (a drill: over SEEDS questions, board and 'show me why')."""
    if kind == "drill":
        d = D.find(f"{GAME}/{name}")
        cards = {c for seed in range(SEEDS) for q in [D.question(d, seed)]
                 for st in (q.state, q.after) for c in _cards_on_table(st)}
    else:
        data = yaml.safe_load((LESSONS / FOLDER[kind] / f"{name}.yaml").read_text(encoding="utf-8"))
        if kind == "scenario":
            setup = data["setup"]
            tops = [pile[-1] for pile in setup.get("discards", ()) if pile]
            data = [setup.get("hands"), setup.get("zones"), setup.get("deck"), tops,
                    [(step.get("do"), step.get("expect")) for step in data["steps"]]]
        cards = set(_cards_in(data))
    return {C.KIND[c] for c in cards}


def test_the_taught_kinds_are_the_games_kinds_each_taught_once_in_lesson_order():
    taught = _taught()
    listed = [k for kinds in taught.values() for k in kinds]
    assert sorted(listed) == sorted(C.KINDS), "every kind of card is taught in exactly one part"
    order = [p.anchor for p in parts(GAME, "en")]
    assert all(a in order for a in taught), [a for a in taught if a not in order]
    assert list(taught) == sorted(taught, key=order.index), "taught.yaml lists its parts in lesson order"


def test_the_early_drills_deal_from_what_the_end_of_round_part_has_taught():
    known = dict((p.anchor, k) for p, k in _known_by_part("en"))
    assert EARLY_KINDS == known["part-end-round"]


PRACTICE = [(p.anchor, kind, name, known) for p, known in _known_by_part("en")
            for kind, name in CALL.findall("\n".join(p.code))]


@pytest.mark.parametrize("anchor,kind,name,known", PRACTICE, ids=[f"{a}:{n}" for a, _k, n, _kn in PRACTICE])
def test_practice_shows_only_cards_taught_by_its_part(anchor, kind, name, known):
    untaught = _shown(kind, name) - known
    assert not untaught, f"{kind} {name} in {anchor} shows {sorted(untaught)}, not taught by then"


def test_every_language_shows_the_same_practice_in_the_same_parts():
    for lang in ("uk",):
        assert [(p.anchor, CALL.findall("\n".join(p.code))) for p, _k in _known_by_part(lang)] == \
            [(p.anchor, CALL.findall("\n".join(p.code))) for p, _k in _known_by_part("en")]
