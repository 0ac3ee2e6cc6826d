"""A saved position that cannot be loaded is refused in the page's language, whole: no English sentence inside a
Russian or Ukrainian one («…нельзя загрузить: round must be a whole number 1..13», which the architecture review
reproduced). Every game's declared format is tried with many kinds of wrong value, and each game's own checks of
the whole position with a position made to fail each of them.

The engine's invariants (checks.py) are checked elsewhere: here a position is read by the codec's checks only
(`CODEC.read`), except in the review's own example, which goes through `state_from_json`."""

from __future__ import annotations

import ast
import copy
import importlib
import json
import random
import re
from pathlib import Path

import pytest

from tutor.core import codec as core_codec
from tutor.core.errors import SavedStateError
from tutor.core.i18n import has

GAMES = ("maui", "aqua_fest", "sea_salt_paper", "trump_whales", "isle_of_cats")
LANGS = ("ru", "uk")
# two or more Latin words with only spaces between them ("must be a whole number", "round number"); a list of
# JSON values ("keep, take, over") or a single one ("true или false", "no-fights") is not English
ENGLISH_RUN = re.compile(r"\b[A-Za-z][A-Za-z-]*(?: +[A-Za-z][A-Za-z-]*)+\b")
# a field name or a value the reader wrote, quoted as code; a game's title in «» (a title without a Russian one)
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|«[^»]*»")


def english_in(said: str) -> list[str]:
    return ENGLISH_RUN.findall(QUOTED.sub("''", said))


def check_said(error: SavedStateError, where: str) -> None:
    for lang in LANGS:
        said = error.reason(lang)
        assert not english_in(said), f"{where}, {lang}: English inside the {lang} reason: {said!r}"
        assert re.search("[а-яіїєґ]", said, re.I), f"{where}, {lang}: the reason is not in {lang}: {said!r}"
        assert "{" not in said and ".saved." not in said, f"{where}, {lang}: a bare key or placeholder: {said!r}"
    assert error.reason("en") and ".saved." not in error.reason("en"), f"{where}: {error.reason('en')!r}"


def refused(read, data) -> SavedStateError:
    """The refusal of `data`; any other exception (a crash inside a check) fails the test with its own message."""
    with pytest.raises(SavedStateError) as info:
        read(data)
    return info.value


def positions(game):
    """The opening position with the fewest and the most players, and one after 40 random actions."""
    g = importlib.import_module(f"tutor.games.{game}")
    out = [g.setup(min(g.SPEC.players), seed=3), g.setup(max(g.SPEC.players), seed=4)]
    state, rng = out[0], random.Random(5)
    for _ in range(40):
        actions = [a for p in range(state.players) for a in g.legal_actions(state, p)]
        if not actions:
            break
        state, _ = g.apply(state, rng.choice(actions))
    out.append(state)
    return [json.loads(g.to_json(s)) for s in out]


# --------------------------------------------------------------------------- the review's example

@pytest.mark.parametrize("game, change", [("maui", {"round": 99}), ("trump_whales", {"round": 0}),
                                          ("maui", {"round": "13"}), ("trump_whales", {"round": None})])
def test_the_reviews_example_round_out_of_range_is_said_in_the_pages_language(game, change):
    g = importlib.import_module(f"tutor.games.{game}")
    data = dict(json.loads(g.to_json(g.setup(3, seed=1))), **change)
    error = refused(g.state_from_json, json.dumps(data))
    check_said(error, f"{game} {change}")
    assert "'round'" in error.reason("ru") and "'round'" in error.reason("uk"), "the field is named as code"


# --------------------------------------------------------------------------- every field, many kinds of wrong

WRONG = ("zz", None, -1, 999, 2.5, True, [], ["zz"], [[["zz"]]], {"a": 1})


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_wrong_field_is_refused_in_the_pages_language(game):
    read = importlib.import_module(f"tutor.games.{game}.codec").CODEC.read
    tried = refusals = 0
    for n, good in enumerate(positions(game)):
        read(copy.deepcopy(good))                           # the position itself loads
        cases = [("missing", {k: v for k, v in good.items() if k != "players"}),
                 ("unknown field", dict(good, colour="red")), ("format", dict(good, format="tutor/other/1")),
                 ("not an object", [good]), ("not JSON", "{" + json.dumps(good)), ("empty", "")]
        for name in good:
            if name == "format":
                continue
            cases += [(f"{name}={wrong!r}", dict(copy.deepcopy(good), **{name: wrong})) for wrong in WRONG]
            value = good[name]
            if isinstance(value, list) and value:            # one entry wrong, or one too many
                cases.append((f"{name}[0]='zz'", dict(copy.deepcopy(good), **{name: ["zz"] + value[1:]})))
                cases.append((f"{name}+", dict(copy.deepcopy(good), **{name: value + value[-1:]})))
        for where, data in cases:
            tried += 1
            try:
                read(json.dumps(data) if not isinstance(data, str) else data)
            except SavedStateError as error:
                refusals += 1
                check_said(error, f"{game} position {n}: {where}")
    assert refusals > tried // 2, f"{game}: only {refusals} of {tried} wrong positions were refused"


# --------------------------------------------------------------------------- each game's own checks

def _move_first(data, source, target):
    """Move the first card of list `source` (a key, or (key, index)) to `target`: everything still counted."""
    def lst(where):
        return data[where] if isinstance(where, str) else data[where[0]][where[1]]
    card = lst(source).pop(0)
    lst(target).append(card)
    return data


def _maui(d):
    yield "kiti", dict(d, kiti=None)
    yield "dive cards", dict(d, hands=[d["hands"][0][1:]] + d["hands"][1:],
                             discards=[d["discards"][0]] + [d["discards"][1] + [d["hands"][0][0]]] + d["discards"][2:])
    yield "a card lost", dict(d, deck=d["deck"][1:])
    yield "cards lost", dict(d, deck=d["deck"][3:])
    yield "a card twice", dict(d, removed=d["removed"] + d["deck"][:1])
    yield "no such card", dict(d, removed=d["removed"] + ["shark-99"])


def _aqua_fest(d):
    yield "bonus", dict(d, bonus=[d["bonus"][0]] * d["players"])
    i = next(i for i in range(25) if d["upper"][i] is not None and d["lower"][i] is not None)
    lower, collected = list(d["lower"]), [list(c) for c in d["collected"]]
    collected[0].append(lower[i])
    lower[i] = None
    yield "upper alone", dict(d, lower=lower, collected=collected)
    yield "lower open", dict(d, lower_open=[j == i for j in range(25)])
    hands = [list(h) for h in d["hands"]]
    card = hands[d["turn"]].pop()
    other = (d["turn"] + 1) % d["players"]
    yield "battle self", dict(d, hands=hands, battle=[d["turn"], d["turn"], card])
    yield "battle turn", dict(d, hands=hands, battle=[other, d["turn"], card])
    yield "last battle", dict(d, last_battle=[0, 1, "zz", "zz"])
    yield "pawns", dict(d, pawns=[7] * d["players"])
    yield "species", dict(d, moves=1, species=None)
    yield "a tile lost", dict(d, collected=[[]] * d["players"], upper=[None] + d["upper"][1:]
                              if d["upper"][0] is not None else d["upper"])


def _sea_salt_paper(d):
    yield "a card lost", dict(d, deck=d["deck"][1:])
    yield "a card twice", dict(d, drawn=d["drawn"] + d["deck"][:1])


def _trump_whales(d):
    yield "noted", dict(d, noted=[1])
    yield "a card lost", dict(d, aside=d["aside"][1:])


def _isle_of_cats(d):
    yield "order", dict(d, order=[0] * d["players"])
    yield "a tile lost", dict(d, bag=d["bag"][1:])
    yield "a family card twice", dict(d, unused=d["unused"] + d["unused"][:1])
    yield "a tile around the island not laid that day", dict(d, island=d["bag"][:1] + d["island"], bag=d["bag"][1:],
                                                               laid=d["island"] or d["bag"][1:2])


WHOLE = {"maui": _maui, "aqua_fest": _aqua_fest, "sea_salt_paper": _sea_salt_paper, "trump_whales": _trump_whales,
         "isle_of_cats": _isle_of_cats}


@pytest.mark.parametrize("game", GAMES)
def test_each_whole_position_check_is_said_in_the_pages_language(game):
    codec = importlib.import_module(f"tutor.games.{game}.codec").CODEC
    good = positions(game)[0]
    seen = set()
    for where, data in WHOLE[game](copy.deepcopy(good)):
        error = refused(codec.read, json.dumps(data))
        check_said(error, f"{game}: {where}")
        seen.add(getattr(error.words, "key", error.words))
    checks = len(codec.checks)
    assert len(seen) >= checks, f"{game}: {len(seen)} different refusals for {checks} checks: {sorted(map(str, seen))}"


def test_a_count_of_lost_components_takes_the_plural_form():
    """«не хватает карт: 3» / "3 cards are missing": the count is a catalogue plural, not an English 's'."""
    problem = core_codec.conserved(["a"], ("a", "b", "c", "d"), "card")
    assert str(problem) == "3 cards are missing"
    assert str(core_codec.conserved(["a", "b", "c"], ("a", "b", "c", "d"), "card")) == "1 card is missing"
    assert "3" in problem.said("ru") and "карт" in problem.said("ru") and "карт" in problem.said("uk")


def _nouns_spelled(path: Path) -> set:
    """The nouns a codec module names: noun="..." anywhere, conserved(..., "<noun>"), noun_words("<noun>")."""
    found = set()
    for call in (n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Call)):
        name = getattr(call.func, "id", getattr(call.func, "attr", ""))
        args = {"conserved": call.args[2:3], "noun_words": call.args[:1]}.get(name, [])
        args += [k.value for k in call.keywords if k.arg == "noun"]
        found |= {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return found


def test_every_noun_a_game_gives_its_checks_is_in_a_catalogue():
    """Each noun (ui.saved.noun.<noun>, or <game>.saved.noun.<noun> for "<game>.<noun>") has its one and many
    forms: a missing one would be said as its bare English name. The nouns: those the codec modules spell, and
    those checks were given so far in this process (a game a test added)."""
    root = Path(__file__).resolve().parents[1]
    spelled = set().union(*(_nouns_spelled(root / f"tutor/games/{game}/codec.py") for game in GAMES))
    assert {"seat", "card id", "maui.catch card", "aqua_fest.bonus token"} <= spelled, "the scan finds the nouns"
    for game in GAMES:
        importlib.import_module(f"tutor.games.{game}.codec")
    for noun in sorted(spelled | core_codec.NOUNS):
        domain, _, name = noun.rpartition(".")
        for form in ("noun", "nouns"):
            key = f"{domain or 'ui'}.saved.{form}.{name.replace(' ', '_')}"
            assert has(key), f"the noun {noun!r} has no {key!r} in a catalogue"
