"""A rulebook's example goes by the rulebook's player names on the board and in the words (scenario `names:`)."""

import pytest

from tutor.core.i18n import player_name, seat_names
from tutor.core.scenario import ScenarioError, validate
from tutor.widgets.scenario import ScenarioPlayer

NAMED = [("sea_salt_paper/stop-andriy", "uk", ("Андрій", "Оксана"), "Гравець 1"),
         ("sea_salt_paper/last-chance-andriy", "en", ("Andriy", "Oksana"), "Player 1"),
         ("trump_whales/example-trick", "ru", ("Андрей", "Тёма", "Лена", "Женя"), "Игрок 1")]


@pytest.mark.parametrize("scenario, lang, names, numbered", NAMED)
def test_a_named_example_calls_its_seats_by_name_on_the_board_and_in_the_words(scenario, lang, names, numbered):
    player = ScenarioPlayer(scenario, lang=lang)
    assert not player.error and not player.mismatches
    drawn = [player.frame(i) for i in range(player.count)]
    boards = "".join(d["svg"] for d in drawn)
    words = "".join(d["narration"] for d in drawn)
    for name in names:
        assert name in boards, f"{name} is not on the board"
    assert numbered not in boards, "the board still numbers a named seat"
    assert numbered not in words.replace(numbered.lower(), ""), "the engine's words still number a named seat"


def test_the_names_stay_inside_their_example():
    with seat_names({0: "Андрій"}):
        assert player_name(0, "uk") == "Андрій"
        assert player_name(1, "uk") == "Гравець 2"
    assert player_name(0, "uk") == "Гравець 1"


@pytest.mark.parametrize("names", [["Андрій"], {0: {"uk": "Андрій"}}, {1: "Андрій"}, {1: {"uk": ""}}])
def test_malformed_names_are_refused_with_what_they_should_be(names):
    data = {"id": "x", "game": "sea_salt_paper", "setup": {"players": 2}, "steps": [], "names": names}
    with pytest.raises(ScenarioError, match="player number"):
        validate(data)
