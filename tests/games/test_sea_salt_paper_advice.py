"""Паперові океани's "STOP or LAST CHANCE?" help (tutor/games/sea_salt_paper/advice.py): its numbers for the
rulebook's worked position, its words in English and Ukrainian, and that it tells the seat to move nothing of
what that seat cannot see."""

from __future__ import annotations

import dataclasses
import html
import random
import re

import pytest
from helpers import mentions

from tutor.core.rules import cite
from tutor.games import sea_salt_paper as g
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.advice import advice, outlook
from tutor.games.sea_salt_paper.rules import LastChance, Stop, TakeDiscard


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def andriy_and_oksana():
    """The rulebook's «ЗАВЕРШЕННЯ РАУНДУ» example: Андрій (player 1) took his third octopus and may end the round
    with 7 card points (crabs 1 + octopuses 6), yellow his colour (2); Оксана (player 2) shows two boats (1 point)
    and hides three cards (4 points in all)."""
    s = g.setup(2, seed=7, zones=[["crab-6", "crab-7"], ["boat-3", "boat-4"]],
                hands=[["octopus-1", "octopus-3"], ["shell-1", "shell-3", "penguin-3"]],
                discards=[["captain-1"], ["octopus-4"]])
    s, _ = g.apply(s, TakeDiscard(0, 1))
    return s


def test_the_numbers_of_the_worked_position():
    s = andriy_and_oksana()
    o = outlook(s, 0)
    assert (o.points, o.bonus) == (g.points_in_hand(s, 0), g.colour_bonus(s.hands[0] + s.zones[0])) == (7, 2)
    assert [(k.seat, k.shown, k.hidden) for k in o.opponents] == [(1, 1, 3)]
    assert (o.stop, o.last_chance_won, o.last_chance_lost) == (7, 9, 2) and not o.surely_lost
    # the engine agrees: STOP gives 7, a kept LAST CHANCE 9 (tests/games/test_sea_salt_paper.py plays them out)
    assert g.apply(s, Stop(0))[0].scores[0] == o.stop

    page = advice(s, 0, "en")
    assert 'data-points="7" data-bonus="2"' in page
    assert '<li data-call="stop" data-points="7">' in page and '<li data-call="won" data-points="9">' in page
    assert '<li data-call="lost" data-points="2">' in page
    words = plain(page)
    for said in ("STOP or LAST CHANCE?", cite("sea_salt_paper:round-end", "en"),
                 "You have 7 points from your cards: you may end the round (at least 7 are needed).",
                 "Crab pairs", "Octopus", "Card points 7", "Colour bonus",
                 "Player 2: 1 point in the cards they played (face up); 3 cards hidden in hand.",
                 "STOP: every player scores their card points now; you get 7 points.",
                 "7 + 2 for your colour = 9 points", "you score only your colour bonus, 2 points",
                 "Player 2 already shows 1 point in play; with 3 hidden cards, they may have more.",
                 "the one more turn each opponent takes after LAST CHANCE"):
        assert said in words, said
    for b in g.breakdown(s.hands[0] + s.zones[0], bonus=True).lines:
        assert html.escape(b.label("en")) in page


def test_the_words_in_ukrainian():
    words = plain(advice(andriy_and_oksana(), 0, "uk"))
    for said in ("«СТОП» чи «ОСТАННІЙ ШАНС»?", "У вас 7 очок за карти: можна завершити раунд (потрібно щонайменше 7).",
                 "Очки за карти 7", "Гравець 2: 1 очко у зіграних картах (їх видно всім); у руці приховані 3 карти.",
                 "«СТОП»: кожен гравець зараз отримує очки за свої карти; ви — 7 очок.",
                 "7 + 2 за колір = 9 очок", "ви отримаєте лише бонус за колір, 2 очки",
                 "Гравець 2 вже показує 1 очко у зіграних картах; з 3 прихованими картами у нього може бути більше.",
                 "«ОСТАННЬОГО ШАНСУ»"):
        assert said in words, said
    assert not re.search(r"\b(?:STOP|LAST CHANCE|points?|cards?)\b", words), words


def test_plural_forms_in_ukrainian():
    # one hidden card, then five: «прихована 1 карта», «приховано 5 карт»
    s = andriy_and_oksana()
    one = dataclasses.replace(s, hands=(s.hands[0], ("shell-1",)))
    assert "у руці прихована 1 карта" in plain(advice(one, 0, "uk"))
    five = dataclasses.replace(s, hands=(s.hands[0], ("shell-1", "shell-3", "penguin-3", "captain-1", "sailor-1")),
                               discards=((), s.discards[1]), deck=tuple(c for c in s.deck if c != "sailor-1"))
    assert "у руці приховано 5 карт" in plain(advice(five, 0, "uk"))
    assert "з 5 прихованими картами" in plain(advice(five, 0, "uk"))


def test_an_opponent_showing_more_makes_last_chance_hopeless():
    """Cards in play stay and more cards never score less: 8 points of played duos beat 7 whatever happens."""
    s = g.setup(2, seed=7, zones=[["crab-6", "crab-7"], ["boat-1", "boat-2", "fish-1", "fish-2", "crab-1", "crab-2",
                                                           "boat-3", "boat-4", "fish-3", "fish-4", "crab-3", "crab-4",
                                                           "boat-5", "boat-6", "fish-5", "fish-6"]],
                hands=[["octopus-1", "octopus-3"], ["shell-1"]], discards=[["captain-1"], ["octopus-4"]])
    s, _ = g.apply(s, TakeDiscard(0, 1))
    o = outlook(s, 0)
    assert o.opponents[0].shown == 8 > o.points == 7 and o.surely_lost
    assert "Player 2 already shows 8 points in play, more than your 7 points: LAST CHANCE cannot succeed." \
        in plain(advice(s, 0, "en"))


def test_nothing_when_the_round_may_not_be_ended():
    s = andriy_and_oksana()
    assert advice(s, 1, "en") == "" and outlook(s, 1) is None            # not their turn
    before = g.setup(2, seed=7, zones=[["crab-6", "crab-7"], []], hands=[["octopus-1", "octopus-3"], []],
                     discards=[["captain-1"], ["octopus-4"]])
    assert advice(before, 0, "en") == ""                                  # still to draw
    four = g.apply(before, TakeDiscard(0, 0))[0]                          # a captain: 4 points, not 7
    assert g.points_in_hand(four, 0) == 4 and advice(four, 0, "en") == ""
    called = g.apply(s, LastChance(0))[0]
    assert advice(called, 1, "en") == ""                                   # the round is already ending


def positions_that_may_end(seeds=range(6), players=(2, 3, 4)):
    """Positions from random games where the seat to move may end the round."""
    for n in players:
        for seed in seeds:
            s = g.setup(n, seed=seed)
            r = random.Random(seed)
            for _ in range(300):
                if g.is_over(s):
                    break
                legal = g.legal_actions(s, s.turn)
                if Stop(s.turn) in legal:
                    yield s
                    legal = [a for a in legal if not isinstance(a, (Stop, LastChance))] or legal
                s, _ = g.apply(s, r.choice(legal))


def hide_otherwise(state, seat: int, r: random.Random):
    """The same position for `seat` with every hand it cannot see dealt again from the cards it cannot see
    (the deck and the opponents' hidden hands)."""
    hidden_seats = [s for s in range(state.players) if s != seat and not state.revealed[s]]
    pool = list(state.deck) + [c for s in hidden_seats for c in state.hands[s]]
    r.shuffle(pool)
    hands = list(state.hands)
    for s in hidden_seats:
        hands[s], pool = tuple(pool[:len(state.hands[s])]), pool[len(state.hands[s]):]
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(pool))


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_advice_uses_only_what_the_seat_to_move_knows(lang):
    r = random.Random(5)
    checked = 0
    for s in positions_that_may_end():
        seat = s.turn
        page = advice(s, seat, lang)
        assert page
        secret = g.secrets(s, seat)
        assert not [c for c in secret if mentions(page, c)], "an opponent's hidden card or the deck is named"
        assert not [c for c in C.ALL_CARDS if mentions(page, c)], "no card is named by its id"
        other = hide_otherwise(s, seat, r)
        assert not g.check_invariants(other)
        assert advice(other, seat, lang) == page, "the advice changed with cards the seat cannot see"
        checked += 1
    assert checked >= 20
