"""A viewer may be told less than the full event, never more: seeded bot games of every game, every event read
by every seat and by the teacher, in every lesson language."""

import importlib
import random
import re
from collections import Counter

import pytest

from tutor.core.game import ready_games, spec

# words that claim a thing was there; a seat's text may use one only where the full event's text does
_CLAIMS = {
    "aqua_fest": {"en": ("beneath",), "ru": ("под ним",), "uk": ("під ним",)},
}
_NUMBER = re.compile(r"\d+")


def _games(game_id: str, seeds: range):
    """(seat count, events of every action) of seeded bot games, as the play table deals them."""
    game = spec(game_id)
    bots = importlib.import_module(f"tutor.games.{game_id}.bots")
    for seed in seeds:
        players = list(game.players)[seed % len(game.players)]
        state = game.setup(players, seed=seed, **game.play_setup)
        rng = random.Random(seed)
        for _ in range(2000):
            if game.is_over(state):
                break
            state, events = game.apply(state, bots.choose(state, game.to_move(state)[0], rng))
            yield players, events


def _hidden_must_exist(event, told) -> list[str]:
    """Each value a seat is not told must be something in the full event: a blank stands for a thing unseen."""
    return [f"{event.kind}: {key} is blanked although the full event has {event.data[key]!r}"
            for key, value in told.data.items()
            if value is None and isinstance(event.data.get(key), (list, tuple, dict)) and not event.data[key]]


def _counts(event) -> Counter:
    """The numbers the full event holds: its whole-number values and the lengths of its lists (a seat may be
    told "4 cards" where the full text names the four)."""
    out: Counter = Counter()
    for value in event.data.values():
        if isinstance(value, int) and not isinstance(value, bool):
            out.update([str(value), str(value + 1)])    # seats and piles are said counting from 1
        elif isinstance(value, (list, tuple)):
            out[str(len(value))] += 1
    return out


@pytest.mark.parametrize("game_id", ready_games())
def test_a_seat_is_told_no_more_than_happened(game_id):
    game = spec(game_id)
    problems: list[str] = []
    checked = 0
    for players, events in _games(game_id, range(3)):
        for event in events:     # an event with nothing private reads the same to all: checked all the same
            for lang in game.lesson_langs:
                full = event.narrate(lang)
                for seat in range(players):
                    told = event.for_viewer(seat)
                    said = told.narrate(lang)
                    checked += 1
                    problems += _hidden_must_exist(event, told)
                    if told.data == event.data and said != full:
                        problems.append(f"{event.kind}, seat {seat + 1}, {lang}: told {said!r}, happened {full!r}")
                    extra = Counter(_NUMBER.findall(said)) - Counter(_NUMBER.findall(full)) - _counts(event)
                    if extra:
                        problems.append(f"{event.kind}, seat {seat + 1}, {lang}: {said!r} has numbers "
                                        f"{sorted(extra)} that {full!r} does not")
                    for claim in _CLAIMS.get(game_id, {}).get(lang, ()):
                        if claim in said and claim not in full:
                            problems.append(f"{event.kind}, seat {seat + 1}, {lang}: {said!r} claims {claim!r}, "
                                            f"but happened {full!r}")
    assert checked, f"{game_id}: no event in three games"
    assert not sorted(set(problems))[:10], "\n".join(sorted(set(problems))[:10])


def test_an_empty_private_list_stays_empty():
    """Aqua Fest: a pawn that takes the upper tile alone is not said to take the tile beneath too."""
    from tutor.games import aqua_fest as A
    from tutor.games.aqua_fest import scenario
    s = scenario.setup({"players": 2, "seed": 3, "pawns": {1: "C3", 2: "A1"},
                        "hands": {1: ["crab-1"], 2: ["crab-2"]}})
    move = next(a for a in A.legal_actions(s, 0) if isinstance(a, A.Move))
    _, events = A.apply(s, move)
    taken = next(e for e in events if e.kind == "aqua_fest.collected")
    assert taken.data["beneath"] == [] and taken.for_viewer(1).data["beneath"] == []
    for lang, word in (("en", "beneath"), ("ru", "под ним")):
        assert word not in taken.for_viewer(1).narrate(lang)
