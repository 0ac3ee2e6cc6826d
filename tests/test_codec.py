"""tutor.core.codec: what a game's saved-position declarations do with good and bad JSON, on a tiny state."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Optional

import pytest

from tutor.core.actions import Action, ActionCodec, json_as
from tutor.core.codec import StateCodec, boolean, conserved, integer, listing, nullable, per_player, row, seat, text
from tutor.core.errors import SavedStateError


@dataclass(frozen=True)
class State:
    players: int
    hands: tuple
    board: tuple
    last: Optional[tuple]
    done: bool
    note: str = ""


@dataclass(frozen=True)
class Take(Action):
    card: str
    where: Optional[int] = None


@dataclass(frozen=True)
class PassTurn(Action, json_type="pass"):
    pass


@dataclass(frozen=True)
class KeepCards(Action):
    keep: tuple[str, ...]
    at: int = json_as(tuple[int, int], write=lambda i: divmod(i, 5), read=lambda rc: rc[0] * 5 + rc[1])
    wild: bool = False


def _cards(data):
    return conserved([c for h in data["hands"] for c in h] + data["board"], ("a", "b", "c", "d"), "card")


CODEC = StateCodec(State, "test/1", "a test position", {
    "players": integer(2, 3), "hands": per_player(listing(text(noun="card"))), "board": listing(text(noun="card")),
    "last": nullable(row(seat(), text(noun="card"))), "done": boolean(), "note": text(("", "paused")),
}, checks=(_cards,), optional={"note": ""}, older={"test/0": {"done": False}},
    invariants=lambda s: ["the game is done with cards in hand"] if s.done and any(s.hands) else [])
GOOD = State(2, (("a",), ("b", "c")), ("d",), (1, "c"), False)


def test_writes_canonical_json_and_reads_it_back_as_tuples():
    text_ = CODEC.to_json(GOOD)
    assert text_ == ('{"board":["d"],"done":false,"format":"test/1","hands":[["a"],["b","c"]],'
                     '"last":[1,"c"],"players":2}'), "sorted keys, no spaces, a default optional field left out"
    assert CODEC.from_json(text_) == GOOD and CODEC.from_json(json.loads(text_)) == GOOD
    assert '"note":"paused"' in CODEC.to_json(State(2, (("a",), ("b", "c")), ("d",), None, False, "paused"))


def test_an_older_format_loads_with_what_it_lacked():
    data = json.loads(CODEC.to_json(GOOD))
    del data["done"]
    assert CODEC.from_json(dict(data, format="test/0")) == GOOD


@pytest.mark.parametrize("change, problem", [
    ({"format": "test/2"}, "it is not a saved position of test"),
    ({"format": ["test/0"]}, "it is not a saved position of test"),
    ({"extra": 1}, "field 'extra' is unknown"),
    ({"players": 4}, "players must be a whole number 2..3"),
    ({"players": True}, "players must be a whole number 2..3"),
    ({"hands": [["a"]]}, "hands must hold a list of cards per player"),
    ({"board": ["d", 5]}, "board must be a list of cards"),
    ({"last": [2, "c"]}, "last must be [a seat, a card] or null"),
    ({"note": "x"}, "note must be one of paused (or empty)"),
    ({"board": ["e"]}, "there is no card 'e'"),
    ({"board": ["a"]}, "a card appears twice"),
    ({"board": []}, "1 card is missing"),
    ({"done": True}, "the game is done with cards in hand"),
])
def test_a_malformed_position_is_refused_with_the_first_thing_wrong(change, problem):
    data = dict(json.loads(CODEC.to_json(GOOD)), **change)
    with pytest.raises(SavedStateError) as info:
        CODEC.from_json(json.dumps(data))
    assert problem in info.value.problem


@pytest.mark.parametrize("bad", ["{", "[1]", '"x"', "null", b"\xff"])
def test_what_is_not_a_json_object_is_refused(bad):
    with pytest.raises(SavedStateError):
        CODEC.from_json(bad)


def test_a_missing_field_is_named():
    data = json.loads(CODEC.to_json(GOOD))
    del data["last"]
    with pytest.raises(SavedStateError, match="field 'last' is missing"):
        CODEC.from_json(data)


ACTIONS = ActionCodec("a test action", (Take, PassTurn, KeepCards))


def test_an_actions_json_is_its_fields_with_its_type_name():
    """The type is the class name in snake case unless the class names its own; the seat comes first, so the
    constructor's order is the fields' order; tuples are written as lists; json_as writes a field its own way."""
    assert Take(1, "a").to_json() == {"type": "take", "player": 1, "card": "a", "where": None}
    assert PassTurn(0).to_json() == {"type": "pass", "player": 0}
    assert KeepCards(2, ("x", "y"), 13, True).to_json() == {"type": "keep_cards", "player": 2, "keep": ["x", "y"],
                                                           "at": [2, 3], "wild": True}
    assert json.dumps(KeepCards(2, ("x",), 0).to_json()) == \
        '{"type": "keep_cards", "player": 2, "keep": ["x"], "at": [0, 0], "wild": false}'


def test_actions_read_back_with_defaults_and_refuse_what_is_not_one():
    for action in (Take(1, "a"), Take(1, "a", 3), PassTurn(2), KeepCards(0, ("x", "y"), 7), KeepCards(0, (), 24, True)):
        assert ACTIONS.from_json(action.to_json()) == action
        assert ACTIONS.from_json(json.dumps(action.to_json())) == action
    assert ACTIONS.from_json({"type": "take", "player": 1, "card": "a"}) == Take(1, "a")
    assert ACTIONS.from_json('{"type": "take", "player": 1, "card": "a", "where": 3}') == Take(1, "a", 3)


@pytest.mark.parametrize("bad, words", [
    ({"type": "drop"}, "not a test action"),
    ({"type": ["take"]}, "not a test action"),
    (["take"], "not a test action"),
    ({"type": "take", "card": "a"}, "take: player is missing"),
    ({"type": "take", "player": "x", "card": "a"}, "player 'x' is not valid"),
    ({"type": "take", "player": "1", "card": "a"}, "player '1' is not valid .expected a whole number"),
    ({"type": "take", "player": True, "card": "a"}, "player True is not valid"),
    ({"type": "take", "player": 1.0, "card": "a"}, "player 1.0 is not valid"),
    ({"type": "take", "player": 1, "card": 5}, "card 5 is not valid .expected a text"),
    ({"type": "take", "player": 1, "card": "a", "where": "3"},
     "where '3' is not valid .expected a whole number or null"),
    ({"type": "take", "player": 1, "card": "a", "from": 3}, "take: field 'from' is unknown"),
    ({"type": "pass", "player": 1, "card": "a"}, "pass: field 'card' is unknown"),
    ({"type": "keep_cards", "player": 1, "keep": "xy", "at": [0, 0]}, "keep 'xy' is not valid"),
    ({"type": "keep_cards", "player": 1, "keep": ["x", 2], "at": [0, 0]},
     "keep .* is not valid .expected a list of .a text"),
    ({"type": "keep_cards", "player": 1, "keep": [], "at": [0]}, "at .0. is not valid"),
    ({"type": "keep_cards", "player": 1, "keep": [], "at": [0, 0], "wild": 1}, "wild 1 is not valid .expected true"),
])
def test_an_action_of_the_wrong_shape_is_refused_saying_what_is_wrong(bad, words):
    with pytest.raises(ValueError, match=words):
        ACTIONS.from_json(bad)


def test_only_action_classes_with_types_of_their_own_make_a_codec():
    @dataclass(frozen=True)
    class Plain:
        player: int

    @dataclass(frozen=True)
    class Other(Action, json_type="take"):
        pass

    for classes in ((Plain,), (Action,), (Take, Other)):
        with pytest.raises(TypeError):
            ActionCodec("a test action", classes)
    with pytest.raises(TypeError, match="cannot be read"):          # a field whose JSON is not said
        @dataclass(frozen=True)
        class Odd(Action):
            where: dict
        ActionCodec("a test action", (Odd,))


def test_a_long_set_of_component_ids_is_named_by_its_noun_not_listed():
    """'dealt must hold a list of family card ids from card-151, card-152, …': a refusal listed every id of
    the game's components (no internal id reaches a learner); a short set of JSON values is still listed."""
    ids = text([f"card-{i}" for i in range(151, 171)], noun="card id")
    assert str(ids.problem("hand")) == "hand must be a card id"
    assert "card-151" not in ids.problem("hand").said("ru") and "обозначение карты" in ids.problem("hand").said("ru")
    assert str(listing(ids).problem("hand")) == "hand must be a list of card ids"
    phases = text(("take", "keep"), noun="phase")
    assert str(phases.problem("phase")) == "phase must be one of take, keep"


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_position_of_another_kind_is_refused_by_the_games_name_not_its_format(lang):
    """A reader pasted {"x": 1} and read «…формат должен быть 'tutor/trump_whales/1'»: the format is the tutor's
    inner name; the learner reads the game's title in the page's language."""
    from tutor.core.game import spec
    from tutor.games import trump_whales
    with pytest.raises(SavedStateError) as info:
        trump_whales.state_from_json('{"x": 1}')
    said = info.value.reason(lang)
    assert "tutor/" not in said and "trump_whales" not in said
    assert spec("trump_whales").title(lang) in said
