"""Helpers shared by the test modules (on the path through pyproject's pytest `pythonpath`)."""

from __future__ import annotations

import functools
import os
import random
import xml.etree.ElementTree as ET


from tutor.core.conformance import mentions  # noqa: F401  (whole-id match, re-exported for tests)


def applied(game, state, *actions):
    """`state` after `actions` in order, and every event they caused."""
    events: list = []
    for a in actions:
        state, ev = game.apply(state, a)
        events += ev
    return state, events


def play(game, players, seed, steps, **setup):
    """A seeded position after `steps` random legal actions, and the events of the last one."""
    state = game.setup(players, seed=seed, **setup)
    rnd = random.Random(seed)
    events = []
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = rnd.choice(game.to_move(state))
        state, events = game.apply(state, rnd.choice(game.legal_actions(state, seat)))
    return state, events


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def visible_ids(view) -> set[str]:
    """Every "id" a view hands out, anywhere in it."""
    found = set()

    def walk(x):
        if isinstance(x, dict):
            if isinstance(x.get("id"), str):
                found.add(x["id"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(view)
    return found


def data_cards(root) -> set[str]:
    return {el.get("data-card") for el in root.iter() if el.get("data-card")}


def by_class(root, name):
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def legal_buttons(table, seat=None):
    """The play table's buttons for actions the engine allows now."""
    return [b for b in table.action_buttons(seat) if "tutor-action" in b.classes]


def unavailable_buttons(table, seat=None):
    """Buttons offered although the engine would refuse them (pressing one teaches why)."""
    return [b for b in table.action_buttons(seat) if "tutor-action-unavailable" in b.classes]


@functools.lru_cache(maxsize=None)
def drill_questions(drill_id: str, seeds: int) -> tuple:
    """A drill's questions for seeds 0 .. seeds-1 (tutor.core.drill.question), made once per test process: a game's
    drill tests read them over and over."""
    from tutor.core import drill
    d = drill.find(drill_id)
    return tuple(drill.question(d, seed) for seed in range(seeds))


def swap_spec(monkeypatch, game_id: str, **fields):
    """For one test, the game's spec with `fields` replaced (a renderer that fails, a leaky view): the spec is frozen
    and is the game's one door (tutor.core.game), so the swap is of the spec the lookup returns."""
    import dataclasses
    from tutor.core import game
    swapped = dataclasses.replace(game.spec(game_id), **fields)
    monkeypatch.setitem(game._KNOWN, game_id, swapped)
    return swapped


def run_apart(coroutine):
    """`asyncio.run(coroutine)` on a thread of its own: a test that left an event loop running on this thread (the
    suite's order puts any test before another) made asyncio.run refuse ("cannot be called from a running event
    loop")."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


# The costliest browser tests play one lesson page through in one language: the other language's page runs the
# same code with other words, which the language tests (tests/test_i18n.py, tests/test_learner_text.py) and the
# layouts of every page in every language check. Such a test runs in the language named `chosen` (the tests
# share the languages out between them); TUTOR_ALL_LANGUAGES=1 runs it in every language it lists.
ALL_LANGUAGES = os.environ.get("TUTOR_ALL_LANGUAGES") == "1"


def languages(*langs: str, chosen: str) -> list[str]:
    """The languages a costly test runs in this time: `chosen`, or all of `langs` with TUTOR_ALL_LANGUAGES=1."""
    assert chosen in langs, (chosen, langs)
    return list(langs) if ALL_LANGUAGES else [chosen]


def check_film_verbs(game_id: str, lang: str) -> None:
    """Every action of `game_id` has its own verb on a film frame's caption ("ui.<game>.film.<action>", listed in its
    ui's FILM_VERBS), in `lang`, with the player and the step's numbers in it."""
    import importlib
    import typing
    from tutor.core.i18n import has, text
    rules = importlib.import_module(f"tutor.games.{game_id}.rules")
    verbs = importlib.import_module(f"tutor.games.{game_id}.ui").FILM_VERBS
    names = sorted(c.__name__.lower() for c in typing.get_args(rules.Action))
    assert sorted(verbs) == names
    for name in names:
        key = f"ui.{game_id}.film.{name}"
        assert has(key), key
        said = text(key, lang, player="P", n=1, of=2)
        assert "P" in said and "1" in said and "2" in said, said
