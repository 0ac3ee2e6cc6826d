"""Козырные киты: each rule of the rulebook, by its section, on the engine; the rulebook's example trick and Женя's
round score number for number; rulings; hidden information; the renderer. The generic contract (random games,
views, JSON) is tests/test_conformance.py and tests/games/test_state_machine.py."""

from __future__ import annotations

import json
from pathlib import Path
import random
import re
import xml.etree.ElementTree as ET

import pytest
from helpers import mentions

from tutor.core.errors import RuleViolation
from tutor.core.rules import section
from tutor.games import trump_whales as g
from tutor.games.trump_whales import bots, components as C, ui
from tutor.games.trump_whales.rules import ChooseBonus, ChooseLeader, Pick, PlayCard, UseBonus
from tutor.games.trump_whales.scoring import round_breakdown
from tutor.games.trump_whales.text import card_name

R = "trump_whales:"
ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "ru")
# the rulebook's example table, clockwise
ANDREY, TYOMA, LENA, ZHENYA = 0, 1, 2, 3


def refused(state, action, rule: str) -> RuleViolation:
    """The action is refused citing `rule`, in words with no card id, and the state is unchanged."""
    before = g.to_json(state)
    with pytest.raises(RuleViolation) as info:
        g.apply(state, action)
    assert info.value.rule == R + rule, (info.value.rule, info.value.explain("en"))
    for lang in LANGS:
        words = info.value.explain(lang)
        assert section(R + rule).heading in words
        assert not any(mentions(words, c) for c in C.ALL_CARDS), words
    assert g.to_json(state) == before
    return info.value


def run(state, *actions):
    events = []
    for a in actions:
        state, ev = g.apply(state, a)
        events += ev
    return state, events


def kinds(events) -> list[str]:
    return [e.kind.split(".", 1)[1] for e in events]


def table(hands, *, bonuses=None, trump="orca", token=9, leader=0, **kw):
    """A mid-round position: `hands` per seat (seat 0 first), bonuses per seat (none by default)."""
    n = len(hands)
    return g.setup(n, seed=1, first=leader, leader=leader, trump=trump, token=token, hands=hands,
                   bonuses=bonuses or [[] for _ in range(n)], **kw)


def elsewhere(placed, players: int) -> list:
    """Every card of the game not in `placed` (to put them out of the way, e.g. onto a pearl pile)."""
    return [c for c in C.deck_for(players) if c not in placed]


def winner_of(trick, trump, token, leader=0):
    return g.trick_winner(tuple(trick), leader, len(trick), trump, token)[0]


# --------------------------------------------------------------------------- components

def test_the_box_holds_36_whales_four_families_and_four_fives():
    """«СОСТАВ ИГРЫ»: 36 cards, values 1–4 and 6–9 in four families, four 5s without a family."""
    assert len(C.ALL_CARDS) == 36
    for family in C.FAMILIES:
        assert sorted(C.VALUE[c] for c in C.ALL_CARDS if C.FAMILY[c] == family) == [1, 2, 3, 4, 6, 7, 8, 9]
    assert [C.VALUE[c] for c in C.FIVES] == [5, 5, 5, 5] and all(C.FAMILY[c] is None for c in C.FIVES)


def test_the_assumed_spread_is_balanced_and_keeps_the_rulebook_example():
    """Assumed (one table): 1–3 pearls, 16 per family, v and 10 − v alike; three of each bonus kind per family,
    trump bonuses to the three other families; a 5 carries 1 pearl. «ПРИМЕР ВЗЯТКИ»: нарвал 2 has 3 pearls."""
    assert C.PEARLS["narwhal-2"] == 3
    assert all(C.CARDS[c].provenance == C.ASSUMED for c in C.ALL_CARDS)
    for family in C.FAMILIES:
        cards = [c for c in C.ALL_CARDS if C.FAMILY[c] == family]
        assert sum(C.PEARLS[c] for c in cards) == 16
        by_value = {C.VALUE[c]: C.PEARLS[c] for c in cards}
        assert all(by_value[v] == by_value[10 - v] for v in C.VALUES)
        bonuses = [C.BONUS[c] for c in cards]
        assert bonuses.count("trump") == 3 and bonuses.count("flip") == 3 and bonuses.count("plus") == 2
        assert sorted(C.TARGET_FAMILY[c] for c in cards if C.BONUS[c] == "trump") == sorted(
            f for f in C.FAMILIES if f != family)
    assert all(1 <= C.PEARLS[c] <= 3 for c in C.ALL_CARDS)
    assert all(C.PEARLS[c] == C.FIVE_PICKED_POINTS for c in C.FIVES)
    assert all((C.TARGET_FAMILY[c] is not None) == (C.BONUS[c] == "trump") for c in C.ALL_CARDS)


# --------------------------------------------------------------------------- setup

@pytest.mark.parametrize("players, aside", [(2, 14), (3, 9), (4, 0)])
def test_setup_deals_nine_each_and_sets_the_rest_aside(players, aside):
    """«ПОДГОТОВКА К ИГРЕ»: 3–4 players use all 36 cards, 2 players remove the 5s; 9 cards each, the rest aside."""
    s = g.setup(players, seed=players)
    assert s.phase == "bonus" and all(len(h) == C.HAND for h in s.hands)
    assert len(s.aside) == aside
    if players == 2:
        assert sorted(s.removed) == sorted(C.FIVES)
        assert not any(C.is_five(c) for h in s.hands for c in h)
    else:
        assert s.removed == ()
    assert g.check_invariants(s) == []


def test_the_trump_draw_sets_family_and_token_side_and_a_five_is_drawn_again():
    """«ПОДГОТОВКА К ИГРЕ» 2: the drawn card's family is trump; 1–4 put the token on «1», 6–9 on «9»; a 5: draw
    again. The card goes back and the deck is shuffled (all 36 are dealt at four players)."""
    from tutor.games.trump_whales.rules import _deal
    fives_seen = sides = 0
    for seed in range(60):
        t = {"players": 4, "rng": seed, "scores": (0,) * 4, "history": ()}
        events: list = []
        _deal(t, events, 1, 0)
        drawn = [e for e in events if e.kind.endswith("trump_drawn")]
        assert len(drawn) == 1
        card = drawn[0].data["card"]
        assert not C.is_five(card) and t["trump"] == C.FAMILY[card]
        assert t["token"] == (1 if C.VALUE[card] <= 4 else 9)
        assert card in [c for h in t["hands"] for c in h]          # shuffled back: all 36 dealt at four players
        fives_seen += kinds(events).count("five_drawn")
        sides |= 1 << (t["token"] == 9)
        assert all(e.rule == R + "setup" for e in events)
    assert fives_seen and sides == 3


def test_first_bonuses_are_laid_together_and_hidden_until_all_chose():
    """«ПОДГОТОВКА К ИГРЕ» 4 (ruling first-bonus-together): everyone lays one card; nobody sees another's choice
    until all have chosen; then 8 cards stay in hand and the first player leads."""
    s = g.setup(3, seed=4, first=2)
    assert sorted(g.to_move(s)) == [0, 1, 2]
    card = s.hands[1][0]
    s1, events = g.apply(s, ChooseBonus(1, card))
    assert g.to_move(s1) == [0, 2]
    assert events[0].for_viewer(0).data["card"] is None and events[0].for_viewer(1).data["card"] == card
    assert card in g.secrets(s1, 0) and card not in json.dumps(g.view(s1, 0))
    assert g.view(s1, 1)["seats"][1]["chosen_card"]["id"] == card
    refused(s1, ChooseBonus(1, s1.hands[1][0]), "setup")
    refused(s1, PlayCard(2, s1.hands[2][0]), "setup")
    s2, events = run(s1, ChooseBonus(0, s.hands[0][0]), ChooseBonus(2, s.hands[2][0]))
    assert s2.phase == "play" and s2.turn == 2 and s2.leader == 2
    assert all(len(h) == 8 for h in s2.hands) and s2.bonuses[1] == (card,)
    assert "first_bonuses" in kinds(events)


def test_the_first_player_is_chosen_or_drawn_and_moves_left_each_round():
    """«ПОДГОТОВКА К ИГРЕ» 5 (ruling first-player): chosen at setup, or drawn from the seed."""
    assert g.setup(4, seed=9, first=3).first == 3
    drawn = {g.setup(4, seed=s).first for s in range(30)}
    assert drawn == {0, 1, 2, 3}
    assert g.setup(4, seed=12).first == g.setup(4, seed=12).first
    s = last_trick_position()
    s, events = run(s, PlayCard(0, "blue_whale-9"), PlayCard(1, "orca-6"), PlayCard(2, "orca-3"),
                    PlayCard(3, "orca-1"), Pick(0, "orca-3"))
    assert s.round == 2 and s.first == 1 and s.phase == "bonus"       # the round began with seat 0


# --------------------------------------------------------------------------- playing a trick

def test_players_must_follow_the_led_family_when_they_can():
    """«2. Игроки по очереди…»: the led family is compulsory; without it any card."""
    s = table([["orca-2", "narwhal-3"], ["orca-6", "narwhal-7"], ["sperm_whale-1", "blue_whale-4"]])
    s, _ = g.apply(s, PlayCard(0, "orca-2"))
    err = refused(s, PlayCard(1, "narwhal-7"), "follow")
    assert "Orca" in err.explain("en") and "Косатка" in err.explain("ru")
    assert g.playable(s, 1) == ["orca-6"]
    s, _ = g.apply(s, PlayCard(1, "orca-6"))
    assert sorted(g.playable(s, 2)) == ["blue_whale-4", "sperm_whale-1"]
    refused(s, PlayCard(1, "narwhal-7"), "turn")        # not their turn


def test_a_five_may_always_be_played_and_joins_the_led_family():
    """«ПЯТЁРКА!»: a 5 belongs to no family, may always be played, and counts as the led family."""
    s = table([["orca-2", "narwhal-3"], ["orca-6", "five-1"], ["orca-7", "blue_whale-4"]])
    s, _ = g.apply(s, PlayCard(0, "orca-2"))
    assert "five-1" in g.playable(s, 1)
    s, events = g.apply(s, PlayCard(1, "five-1"))
    assert events[0].data["family"] == "orca" and g.view(s)["trick"][1]["family"] == "orca"


def test_a_led_five_takes_the_family_of_the_first_whale_after_it():
    """«ПЯТЁРКА!» (ruling led-five-follow): after a led 5 anything may be played; the first whale sets the family."""
    s = table([["five-1", "orca-3"], ["narwhal-6", "orca-6"], ["narwhal-2", "orca-7"]], trump="sperm_whale")
    s, events = g.apply(s, PlayCard(0, "five-1"))
    assert events[0].data["family"] is None and "first whale" in events[0].narrate("en")
    assert sorted(g.playable(s, 1)) == ["narwhal-6", "orca-6"]
    s, _ = g.apply(s, PlayCard(1, "narwhal-6"))
    assert g.led_family(s.trick) == "narwhal" and g.playable(s, 2) == ["narwhal-2"]
    s, events = g.apply(s, PlayCard(2, "narwhal-2"))
    # token on 9, no trump: the highest narwhal wins; the led 5 counts as a narwhal 5 (6 beats it)
    assert events[-1].data["player"] == 1 and events[-1].data["why"] == "led"


def test_only_fives_the_first_player_wins():
    """«ПЯТЁРКА!»: if only 5s are played, the player of the first card wins."""
    assert g.trick_winner(("five-1", "five-2", "five-3"), 1, 3, "orca", 9) == (1, "fives")
    s = table([["five-1", "orca-1"], ["five-2", "orca-2"], ["five-3", "orca-3"]], leader=1)
    s, events = run(s, PlayCard(1, "five-2"), PlayCard(2, "five-3"), PlayCard(0, "five-1"))
    assert kinds(events)[-1] == "trick_won" and events[-1].data == {**events[-1].data, "player": 1, "why": "fives"}
    assert events[-1].rule == R + "five"


def test_token_nine_the_highest_trump_wins_else_the_highest_of_the_led_family():
    """«ЖЕТОН НА СТОРОНЕ „9“»."""
    assert winner_of(["narwhal-2", "blue_whale-1", "narwhal-9"], "blue_whale", 9) == 1     # any trump beats
    assert winner_of(["narwhal-2", "blue_whale-1", "blue_whale-3"], "blue_whale", 9) == 2  # the highest trump
    assert winner_of(["narwhal-2", "orca-9", "narwhal-8"], "blue_whale", 9) == 2           # off family never wins
    assert winner_of(["narwhal-2", "orca-9", "sperm_whale-8"], "blue_whale", 9) == 0


def test_token_one_the_lowest_trump_wins_else_the_lowest_of_the_led_family():
    """«ЖЕТОН НА СТОРОНЕ „1“»."""
    assert winner_of(["narwhal-2", "blue_whale-9", "narwhal-1"], "blue_whale", 1) == 1
    assert winner_of(["narwhal-2", "blue_whale-9", "blue_whale-7"], "blue_whale", 1) == 2
    assert winner_of(["narwhal-6", "orca-1", "narwhal-3"], "blue_whale", 1) == 2
    assert winner_of(["narwhal-6", "orca-1", "sperm_whale-1"], "blue_whale", 1) == 0


def test_a_five_in_a_trump_led_trick_is_a_trump_and_tied_fives_go_to_the_first():
    """«ПЯТЁРКА!» (rulings five-joins-trump, tied-fives)."""
    assert winner_of(["orca-3", "five-1", "narwhal-9"], "orca", 9) == 1
    assert winner_of(["orca-6", "five-1", "five-2", "orca-4"], "orca", 1) == 3
    assert winner_of(["orca-8", "five-1", "five-2", "orca-9"], "orca", 1) == 1
    assert winner_of(["narwhal-8", "five-1", "five-2"], "orca", 1) == 1


def test_the_winner_is_decided_by_the_token_as_it_lies_at_the_last_card():
    """Ruling winner-at-last-card: a bonus used during the trick counts."""
    s = table([["narwhal-2"], ["narwhal-6"]], bonuses=[[], ["orca-9"]], trump="blue_whale", token=1)
    s, events = run(s, PlayCard(0, "narwhal-2"), UseBonus(1, "orca-9"), PlayCard(1, "narwhal-6"))
    assert events[-1].data["player"] == 1 and events[-1].rule == R + "token-9"


# --------------------------------------------------------------------------- bonuses

def test_change_trump_moves_the_token_to_the_shown_family_and_discards_the_card():
    """«ПОМЕНЯЙТЕ КОЗЫРНОГО КИТА»: at once; the token keeps its side."""
    s = table([["orca-3"], ["orca-6"]], bonuses=[["orca-2"], []], trump="sperm_whale", token=1)
    assert C.BONUS["orca-2"] == "trump" and C.TARGET_FAMILY["orca-2"] == "narwhal"
    s, events = g.apply(s, UseBonus(0, "orca-2"))
    assert (s.trump, s.token) == ("narwhal", 1) and s.discard[-1] == "orca-2" and s.bonuses[0] == ()
    assert events[0].rule == R + "bonus-trump" and s.turn == 0 and s.phase == "play"


def test_flip_turns_the_token_and_discards_the_card():
    """«ПЕРЕВЕРНИТЕ ЖЕТОН НОМИНАЛА»: the trump stays."""
    s = table([["orca-3"], ["orca-6"]], bonuses=[["narwhal-2"], []], trump="sperm_whale", token=1)
    s, events = g.apply(s, UseBonus(0, "narwhal-2"))
    assert (s.trump, s.token) == ("sperm_whale", 9) and s.discard[-1] == "narwhal-2"
    assert events[0].rule == R + "bonus-flip"


def test_plus_one_puts_the_card_face_down_onto_the_pearl_pile():
    """«ПОЛУЧИТЕ 1 ПОБЕДНОЕ ОЧКО»."""
    s = table([["orca-3"], ["orca-6"]], bonuses=[["orca-8", "blue_whale-1"], []])
    s, events = g.apply(s, UseBonus(0, "orca-8"))
    assert s.pearls[0] == ("orca-8",) and s.bonuses[0] == ("blue_whale-1",) and g.round_points(s)[0] == 1
    assert "orca-8" in g.secrets(s, 0) and "orca-8" not in json.dumps(g.view(s, 1))
    assert g.view(s, 1)["seats"][0]["pearl_count"] == 1                       # the count is public
    assert events[0].rule == R + "bonus-plus"


def test_several_bonuses_before_one_card_and_only_on_ones_own_turn():
    """«ЭФФЕКТЫ БОНУСОВ» (ruling bonus-own-turn): any number before playing; never out of turn or after the card."""
    s = table([["orca-3", "orca-4"], ["orca-6", "orca-7"]], bonuses=[[], ["narwhal-2", "orca-8"]])
    refused(s, UseBonus(1, "narwhal-2"), "turn")
    refused(s, UseBonus(0, "narwhal-2"), "bonuses")          # not their bonus
    s, _ = g.apply(s, PlayCard(0, "orca-3"))
    s, _ = run(s, UseBonus(1, "narwhal-2"), UseBonus(1, "orca-8"))
    assert s.token == 1 and len(s.pearls[1]) == 1 and s.turn == 1
    s, _ = g.apply(s, PlayCard(1, "orca-6"))
    assert s.phase == "reward"
    refused(s, UseBonus(1, "orca-8"), "reward")


def test_a_trump_bonus_naming_the_trump_may_be_used():
    """Ruling trump-bonus-same-family."""
    s = table([["orca-3"], ["orca-6"]], bonuses=[["orca-2"], []], trump="narwhal")
    s, _ = g.apply(s, UseBonus(0, "orca-2"))
    assert s.trump == "narwhal" and s.discard == ("orca-2",)


# --------------------------------------------------------------------------- the rulebook's example trick

def example_trick():
    """«ПРИМЕР ВЗЯТКИ»: the token lies on blue whale showing «1». Андрей leads; Тёма holds a flip bonus."""
    return table([["narwhal-2", "orca-3"], ["narwhal-6", "sperm_whale-3"], ["blue_whale-9", "orca-4"],
                  ["narwhal-4", "five-1"]], bonuses=[[], ["orca-9"], [], []], trump="blue_whale", token=1,
                 leader=ANDREY)


def test_rulebook_example_trick_number_for_number():
    """«ПРИМЕР ВЗЯТКИ»."""
    s = example_trick()
    s, _ = g.apply(s, PlayCard(ANDREY, "narwhal-2"))                 # Андрей leads нарвал 2
    s, events = g.apply(s, UseBonus(TYOMA, "orca-9"))                # Тёма flips the token to «9»
    assert C.BONUS["orca-9"] == "flip" and s.token == 9 and s.trump == "blue_whale"
    refused(s, PlayCard(TYOMA, "sperm_whale-3"), "follow")           # he must play a narwhal
    s, _ = g.apply(s, PlayCard(TYOMA, "narwhal-6"))
    assert "narwhal" not in {C.FAMILY[c] for c in s.hands[LENA]}
    s, _ = g.apply(s, PlayCard(LENA, "blue_whale-9"))                # no narwhal: Лена plays a trump
    assert "narwhal-4" in s.hands[ZHENYA]
    s, events = g.apply(s, PlayCard(ZHENYA, "five-1"))               # Женя has a narwhal but plays a 5
    assert events[-1].kind.endswith("trick_won") and events[-1].data["player"] == LENA
    assert events[-1].data["why"] == "trump" and s.phase == "reward" and s.turn == LENA
    # Лена picks Андрей's card with three pearls: 3 points, her own, Тёма's and Женя's cards onto her pile
    s, events = g.apply(s, Pick(LENA, "narwhal-2"))
    picked = events[0].data
    assert picked["pearls"] == 3 and picked["owner"] == ANDREY
    assert sorted(s.pearls[LENA]) == sorted(["blue_whale-9", "narwhal-6", "five-1"])
    assert g.round_points(s)[LENA] == 3
    assert s.bonuses[ANDREY] == ("narwhal-2",)                      # Андрей keeps his card as a bonus
    # Женя played a 5 that was not picked: he chooses the next leader
    assert s.phase == "leader" and s.turn == ZHENYA and "five_chooses" in kinds(events)
    refused(s, ChooseLeader(LENA, LENA), "five-exception")
    s, events = g.apply(s, ChooseLeader(ZHENYA, TYOMA))
    assert s.phase == "play" and s.leader == TYOMA and s.turn == TYOMA
    # Андрей's new bonus is his to use from the next trick on (ruling bonus-next-trick), on his turn
    s, _ = run(s, PlayCard(TYOMA, "sperm_whale-3"), PlayCard(LENA, "orca-4"), PlayCard(ZHENYA, "narwhal-4"))
    s, events = g.apply(s, UseBonus(ANDREY, "narwhal-2"))
    assert events[0].kind.endswith("bonus_flip") and s.token == 1


def test_rulebook_example_narrates_in_both_languages_without_ids():
    s = example_trick()
    _, events = run(s, PlayCard(ANDREY, "narwhal-2"), UseBonus(TYOMA, "orca-9"), PlayCard(TYOMA, "narwhal-6"),
                    PlayCard(LENA, "blue_whale-9"), PlayCard(ZHENYA, "five-1"), Pick(LENA, "narwhal-2"),
                    ChooseLeader(ZHENYA, ANDREY))
    said = {lang: [e.narrate(lang) for e in events] for lang in LANGS}
    for lang in LANGS:
        for line in said[lang]:
            assert line and not any(mentions(line, c) for c in C.ALL_CARDS), line
    assert "Narwhal 2" in " ".join(said["en"]) and "Нарвал 2" in " ".join(said["ru"])
    assert any("3 жемчужины" in line for line in said["ru"])


# --------------------------------------------------------------------------- the reward

def test_the_winner_picks_someone_elses_card_never_their_own():
    """«4. Игрок-победитель выбирает…» (ruling not-own-card)."""
    s = table([["orca-9"], ["orca-1"], ["orca-2"]])
    s, _ = run(s, PlayCard(0, "orca-9"), PlayCard(1, "orca-1"), PlayCard(2, "orca-2"))
    assert s.turn == 0 and sorted(a.card for a in g.legal_actions(s, 0)) == ["orca-1", "orca-2"]
    refused(s, Pick(0, "orca-9"), "reward")
    refused(s, Pick(0, "narwhal-1"), "reward")
    refused(s, Pick(1, "orca-2"), "reward")


def test_pearl_cards_come_from_the_trick_then_the_discard_pile_and_the_rest_is_noted_on_the_pad():
    """«4. …» and rulings pearl-cards-taken, short-reward: the rest of the trick in play order, then the discard
    pile from its top; the cards set aside stay out of the round («в течение раунда они вам не понадобятся»), so a
    pearl no card can stand for is noted on the score pad and still scores."""
    placed = ["orca-9", "orca-8", "orca-3", "orca-4", "sperm_whale-6", "blue_whale-1", "blue_whale-2"]
    s = table([["orca-9", "orca-8"], ["orca-3", "orca-4"]], discard=["sperm_whale-6"],
              aside=["blue_whale-1", "blue_whale-2"], pearls=[[], elsewhere(placed, 2)])
    s, _ = run(s, PlayCard(0, "orca-9"), PlayCard(1, "orca-3"))
    s, events = g.apply(s, Pick(0, "orca-3"))                # 3 pearls: own card, the discard, one noted
    d = events[0].data
    assert (d["from_trick"], d["from_discard"], d["noted"]) == (["orca-9"], ["sperm_whale-6"], 1)
    assert len(s.pearls[0]) == 2 and s.discard == () and s.noted == (1, 0)
    assert s.aside == ("blue_whale-1", "blue_whale-2")       # untouched
    assert g.round_points(s)[0] == 3 and s.bonuses[1] == ("orca-3",)
    assert "score pad" in events[0].narrate("en") and "блокнот" in events[0].narrate("ru")
    # the pad is public: every viewer's board shows it; a saved position keeps it; the next round clears it
    assert g.view(s, 1)["seats"][0]["noted"] == 1
    assert ">+1 on the pad<" in g.render(g.view(s, 1), lang="en")
    assert g.state_from_json(g.to_json(s)) == s
    assert '"noted"' not in g.to_json(table([["orca-9"], ["orca-3"]]))     # left out while nothing is noted


def test_noted_points_count_at_the_round_end_and_are_cleared_for_the_next_round():
    s = table([["orca-9"], ["orca-3"]], aside=[], bonuses=[[], elsewhere(["orca-9", "orca-3"], 2)], tricks=7)
    s, _ = run(s, PlayCard(0, "orca-9"), PlayCard(1, "orca-3"))
    s, events = g.apply(s, Pick(0, "orca-3"))                # 3 pearls: 1 card, 2 noted; the last trick
    scored = next(e for e in events if e.kind.endswith("round_scored"))
    assert scored.data["pearls"][0] == 3 and scored.data["points"][0] == 3 and s.scores[0] == 3
    assert s.history[-1][1] == 3 and s.history[-1][3] == 3    # points, pearls (cards and noted)
    assert not g.check_invariants(s)
    assert s.round == 2 and s.noted == () and not g.check_invariants(s)


def test_a_two_player_round_never_takes_a_card_set_aside():
    """30 random two-player rounds: the 14 cards set aside are the same from the deal to the round's end."""
    from random import Random
    for seed in range(30):
        s = g.setup(2, seed=seed)
        aside, r = s.aside, Random(seed)
        while s.round == 1 and not s.over:
            seat = g.to_move(s)[0]
            s, _ = g.apply(s, r.choice(g.legal_actions(s, seat)))
            if s.round == 1:
                assert s.aside == aside


def test_the_rest_of_the_trick_is_discarded():
    s = table([["orca-9", "orca-8"], ["orca-1", "orca-7"], ["orca-2", "orca-6"], ["narwhal-1", "narwhal-2"]])
    s, _ = run(s, PlayCard(0, "orca-9"), PlayCard(1, "orca-1"), PlayCard(2, "orca-2"), PlayCard(3, "narwhal-1"))
    s, events = g.apply(s, Pick(0, "narwhal-1"))             # 1 pearl: one card from the trick, two discarded
    assert s.pearls[0] == ("orca-9",) and s.discard == ("orca-1", "orca-2")
    assert "discarded" in kinds(events) and s.phase == "play" and s.leader == 0


def test_a_picked_five_scores_one_goes_to_the_pile_and_gives_no_bonus():
    """«ИСКЛЮЧЕНИЕ: ПЯТЁРКА!»: 1 point, the 5 onto the winner's pearl pile, its player gets no bonus; no 5 left
    unpicked, so the winner leads (ruling several-fives)."""
    s = table([["orca-9", "orca-8"], ["five-1", "orca-7"], ["orca-2", "orca-6"]])
    s, _ = run(s, PlayCard(0, "orca-9"), PlayCard(1, "five-1"), PlayCard(2, "orca-2"))
    s, events = g.apply(s, Pick(0, "five-1"))
    assert s.pearls[0] == ("five-1",) and s.bonuses[1] == () and s.discard == ("orca-9", "orca-2")
    assert events[0].rule == R + "five-exception" and s.phase == "play" and s.leader == 0


def test_the_player_of_the_first_five_chooses_the_next_leader():
    """«ИСКЛЮЧЕНИЕ: ПЯТЁРКА!»: several 5s: the first one's player chooses; anyone may be chosen."""
    s = table([["orca-9", "orca-8"], ["five-1", "orca-7"], ["five-2", "orca-6"], ["orca-1", "orca-4"]])
    s, _ = run(s, PlayCard(0, "orca-9"), PlayCard(1, "five-1"), PlayCard(2, "five-2"), PlayCard(3, "orca-1"))
    s, _ = g.apply(s, Pick(0, "orca-1"))
    assert s.phase == "leader" and s.turn == 1
    assert sorted(a.leader for a in g.legal_actions(s, 1)) == [0, 1, 2, 3]
    refused(s, ChooseLeader(1, 7), "five-exception")
    refused(s, PlayCard(0, "orca-8"), "five-exception")
    s, events = g.apply(s, ChooseLeader(1, 1))
    assert s.leader == 1 and s.turn == 1 and kinds(events) == ["leader_chosen", "leads"]


def test_after_the_last_trick_nobody_chooses_a_leader():
    """Ruling last-trick-no-leader."""
    s = table([["orca-9"], ["five-1"], ["orca-2"]], scores=[0, 0, 0])
    s, events = run(s, PlayCard(0, "orca-9"), PlayCard(1, "five-1"), PlayCard(2, "orca-2"), Pick(0, "orca-2"))
    assert "five_chooses" not in kinds(events) and "round_scored" in kinds(events) and s.round == 2


# --------------------------------------------------------------------------- end of round, end of game

def last_trick_position(scores=(0, 0, 0, 0)):
    """Женя (seat 3) holds 7 pearl cards and three unused bonuses before the round's last trick."""
    return table([["blue_whale-9"], ["orca-6"], ["orca-3"], ["orca-1"]], trump="blue_whale", token=9,
                 pearls=[[], [], [], ["narwhal-1", "narwhal-3", "narwhal-4", "narwhal-6", "narwhal-7", "narwhal-8",
                                      "narwhal-9"]],
                 bonuses=[[], [], [], ["sperm_whale-2", "sperm_whale-4", "sperm_whale-6"]], scores=list(scores),
                 tricks=7)


def test_rulebook_round_score_zhenya_seven_plus_one():
    """«6. Раунд заканчивается…»: 1 per pearl card, 1 per pair of unused bonuses: Женя 7 + 1 = 8."""
    assert round_breakdown(7, 3).total == 8
    assert [line.points for line in round_breakdown(7, 3).lines] == [7, 1]
    s = last_trick_position()
    s, events = run(s, PlayCard(0, "blue_whale-9"), PlayCard(1, "orca-6"), PlayCard(2, "orca-3"),
                    PlayCard(3, "orca-1"))
    s, events = g.apply(s, Pick(0, "orca-3"))
    scored = next(e for e in events if e.kind.endswith("round_scored"))
    assert scored.data["points"][ZHENYA] == 8 and scored.data["pearls"][ZHENYA] == 7
    assert scored.data["bonuses"][ZHENYA] == 3 and scored.rule == R + "round-end"
    # (round, points per seat, pearl cards per seat, unused bonuses per seat): player 3 keeps the reward as a bonus
    assert s.scores[ZHENYA] == 8 and s.history[-1] == (1, 3, 0, 0, 8, 3, 0, 0, 7, 0, 0, 1, 3)
    # bonuses are not kept: the new round deals everything again (ruling bonuses-not-kept)
    assert s.phase == "bonus" and s.bonuses == ((), (), (), ()) and s.pearls == ((), (), (), ())
    lines = g.score(s)[ZHENYA].lines
    assert [line.points for line in lines] == [7, 1] and g.score(s)[ZHENYA].total == 8
    assert [line.label("ru") for line in lines] == ["Раунд 1: жемчужины: 7",
                                                    "Раунд 1: неиспользованных бонусов: 3 (пар: 1)"]


def test_stages_pause_after_the_round_is_scored_before_the_next_deal():
    s = last_trick_position()
    s, _ = run(s, PlayCard(0, "blue_whale-9"), PlayCard(1, "orca-6"), PlayCard(2, "orca-3"), PlayCard(3, "orca-1"))
    after, events = g.apply(s, Pick(0, "orca-3"))
    stages = g.stages(s, Pick(0, "orca-3"))
    assert [name for name, _, _ in stages] == ["round_end", "done"]
    assert stages[-1][1] == after and [e for _, _, ev in stages for e in ev] == events
    assert stages[0][1].round == 1 and stages[0][1].scores[ZHENYA] == 8 and g.check_invariants(stages[0][1]) == []
    assert "round_scored" in kinds(stages[0][2]) and "trump_drawn" in kinds(stages[1][2])


def two_player_finale(scores):
    """Two players, one card each: seat 0 wins and picks orca-1 (1 pearl): 1 point for seat 0; seat 1 has one
    pearl card and its one new bonus scores nothing."""
    return table([["orca-9"], ["orca-1"]], pearls=[[], ["narwhal-1"]], scores=list(scores))


def test_the_game_ends_at_the_end_of_the_round_someone_reaches_thirty():
    """«КОНЕЦ ИГРЫ»."""
    s = two_player_finale((29, 28))
    s, events = run(s, PlayCard(0, "orca-9"), PlayCard(1, "orca-1"), Pick(0, "orca-1"))
    assert g.is_over(s) and s.scores == (30, 29) and g.winners(s) == [0]
    assert kinds(events)[-1] == "game_over" and g.legal_actions(s, 0) == [] and g.to_move(s) == []
    refused(s, PlayCard(0, "orca-9"), "game-end")


def test_a_tie_on_the_highest_total_plays_another_round():
    """«КОНЕЦ ИГРЫ» (ruling tie-another-round)."""
    s = two_player_finale((29, 29))
    s, events = run(s, PlayCard(0, "orca-9"), PlayCard(1, "orca-1"), Pick(0, "orca-1"))
    assert s.scores == (30, 30) and not g.is_over(s) and s.round == 2 and s.phase == "bonus"
    assert "tie" in kinds(events) and "game_over" not in kinds(events)


def test_below_thirty_a_new_round_is_set_up():
    s = two_player_finale((3, 4))
    s, events = run(s, PlayCard(0, "orca-9"), PlayCard(1, "orca-1"), Pick(0, "orca-1"))
    assert s.round == 2 and len(s.hands[0]) == 9 and len(s.aside) == 14 and "dealt" in kinds(events)


# --------------------------------------------------------------------------- hidden information, words, JSON

def test_each_viewer_sees_own_hand_pile_counts_open_bonuses_and_trick_only():
    """Ruling open-and-hidden."""
    s, _ = run(example_trick(), PlayCard(ANDREY, "narwhal-2"))
    for viewer in range(4):
        v = g.view(s, viewer)
        dumped = json.dumps(v)
        assert not any(f'"{c}"' in dumped for c in g.secrets(s, viewer))
        assert [seat["hand"] is not None for seat in v["seats"]] == [i == viewer for i in range(4)]
        assert v["trick"][0]["card"]["id"] == "narwhal-2" and v["seats"][1]["bonuses"][0]["id"] == "orca-9"
        assert v["aside"] is None and v["aside_count"] == len(s.aside)
    teacher = g.view(s, None)
    assert all(seat["hand"] is not None for seat in teacher["seats"]) and teacher["aside"] is not None
    assert g.secrets(s, None) == set() and set(s.aside) <= g.secrets(s, 0)


def test_every_section_and_ruling_has_words_in_english_and_russian():
    for sec in g.SECTIONS:
        assert sec.title("en") and sec.title("ru") != sec.title("en")
    for ruling in g.RULINGS:
        assert ruling.say("en") and ruling.say("ru") != ruling.say("en")
        assert section(ruling.rule)
    assert len(g.RULINGS) >= 15


def test_cards_are_named_as_players_say_them():
    assert card_name("narwhal-2", "ru") == "Нарвал 2" and card_name("blue_whale-9", "en") == "Blue whale 9"
    assert card_name("five-3", "ru") == "Пятёрка"
    from tutor.games.trump_whales.text import pearls_text
    assert [pearls_text(n, "ru") for n in (1, 2, 5, 21)] == ["1 жемчужина", "2 жемчужины", "5 жемчужин",
                                                             "21 жемчужина"]
    s, _ = run(example_trick(), PlayCard(ANDREY, "narwhal-2"), UseBonus(TYOMA, "orca-9"),
               PlayCard(TYOMA, "narwhal-6"), PlayCard(LENA, "blue_whale-9"), PlayCard(ZHENYA, "five-1"))
    for seat in range(4):
        for a in g.legal_actions(s, seat):
            for lang in LANGS:
                label = ui.action_label(a, lang)
                assert label and not any(mentions(label, c) for c in C.ALL_CARDS), label
    assert ui.action_label(Pick(LENA, "narwhal-2"), "ru") == "Выбрать нарвала 2"      # its pearls are read off the card
    assert ui.board_keys(Pick(LENA, "narwhal-2")) == ("card:narwhal-2",)
    assert ui.board_keys(ChooseLeader(ZHENYA, 1)) == ("seat:1",)


def test_events_narrate_in_both_languages_without_card_ids():
    for players in (2, 3, 4):
        s = g.setup(players, seed=players)
        r = random.Random(players)
        while not g.is_over(s):
            seat = g.to_move(s)[0]
            s, events = g.apply(s, bots.choose(s, seat, r))
            for e in events:
                assert section(e.rule)
                for viewer in (None, 0):
                    for lang in LANGS:
                        said = e.for_viewer(viewer).narrate(lang)
                        assert said and not any(mentions(said, c) for c in C.ALL_CARDS), said
                        assert "{" not in said, said
                        if lang == "ru":
                            assert not russian_slips(said), said
            if seat == 0 and s.phase == "play":        # a refusal's words and the board's too
                for lang in LANGS:
                    for a in ui.offered_actions(s, 0) + [PlayCard(1, s.hands[1][0]) if s.hands[1] else Pick(1, "x")]:
                        if a not in g.legal_actions(s, a.player):
                            with pytest.raises(RuleViolation) as info:
                                g.apply(s, a)
                            assert lang != "ru" or not russian_slips(info.value.explain(lang))
                    words = " ".join(el.text or "" for el in ET.fromstring(g.render(g.view(s, 0), lang=lang)).iter())
                    assert lang != "ru" or not russian_slips(words), words


def russian_slips(words: str) -> list:
    """A player's name dropped mid-sentence as a label («ходит Игрок 2», «игрока Игрок 1»): tests/test_learner_text.py
    looks for the same slips in lesson pages."""
    return re.findall(r"игрок[а-яё]*\s+Игрок|[а-яё] Игрок \d", words)


def test_saved_positions_round_trip_and_refuse_nonsense():
    s, _ = run(example_trick(), PlayCard(ANDREY, "narwhal-2"))
    assert g.state_from_json(g.to_json(s)) == s
    data = json.loads(g.to_json(s))
    data["hands"][0].append(data["hands"][1][0])
    with pytest.raises(g.SavedStateError):
        g.state_from_json(json.dumps(data))
    data = json.loads(g.to_json(s))
    data["token"] = 5
    with pytest.raises(g.SavedStateError):
        g.state_from_json(json.dumps(data))
    for a in g.legal_actions(s, TYOMA):
        assert g.action_from_json(json.loads(json.dumps(a.to_json()))) == a


def test_setup_refuses_impossible_positions():
    with pytest.raises(RuleViolation):
        g.setup(5)
    with pytest.raises(RuleViolation):
        table([["five-1"], ["orca-1"]])                       # no 5s at two players
    with pytest.raises(RuleViolation):
        table([["orca-1", "orca-2"], ["orca-3"]])             # uneven hands
    with pytest.raises(RuleViolation):
        table([["orca-1"], ["orca-1"]])


# --------------------------------------------------------------------------- the board

def test_render_shows_trump_token_trick_leader_and_what_each_viewer_may_see():
    s, _ = run(example_trick(), PlayCard(ANDREY, "narwhal-2"), UseBonus(TYOMA, "orca-9"),
               PlayCard(TYOMA, "narwhal-6"))
    for viewer in (None, 0, 1):
        for lang in LANGS:
            svg = g.render(g.view(s, viewer), lang=lang)
            root = ET.fromstring(svg)
            shown = {el.get("data-card") for el in root.iter() if el.get("data-card")}
            assert not shown & g.secrets(s, viewer), viewer
            words = " ".join(t for el in root.iter() for t in [el.text or ""])
            assert not any(mentions(words, c) for c in C.ALL_CARDS)
            trump = next(el for el in root.iter() if el.get("class") == "trump")
            assert trump.get("data-family") == "blue_whale" and trump.get("data-token") == "9"
            assert any(el.get("class") == "family-symbol" for el in trump.iter())
            assert ("Синий кит" if lang == "ru" else "Blue whale") in words
            assert any(el.get("class") == "leader-mark" for el in root.iter())
    svg1 = g.render(g.view(s, 1))
    assert 'data-card="sperm_whale-3"' in svg1 and 'data-card="orca-3"' not in svg1
    # every card face shows its family as a symbol and (for a whale) its name, never by colour alone
    root = ET.fromstring(g.render(g.view(s, None)))
    faces = [el for el in root.iter() if el.get("class") == "card"]
    assert faces and all(any(x.get("class") == "family-symbol" for x in f.iter()) for f in faces)


def test_render_marks_what_may_be_chosen():
    s, _ = run(example_trick(), PlayCard(ANDREY, "narwhal-2"))
    offers = {k: f"a{i}" for i, a in enumerate(g.legal_actions(s, TYOMA)) for k in ui.board_keys(a)}
    assert set(offers) == {"card:orca-9", "card:narwhal-6"}
    svg = g.render(g.view(s, TYOMA), choosable=offers)
    root = ET.fromstring(svg)
    marked = {el.get("data-key"): el.get("data-choice") for el in root.iter() if el.get("data-choice")}
    assert marked == offers and root.get("role") == "group"
    assert "data-choice" not in g.render(g.view(s, TYOMA))
    s, _ = run(s, UseBonus(TYOMA, "orca-9"), PlayCard(TYOMA, "narwhal-6"), PlayCard(LENA, "blue_whale-9"),
               PlayCard(ZHENYA, "five-1"))
    keys = {k for a in g.legal_actions(s, LENA) for k in ui.board_keys(a)}
    assert keys == {"card:narwhal-2", "card:narwhal-6", "card:five-1"}
    svg = g.render(g.view(s, LENA), choosable={k: k for k in keys})
    assert len([el for el in ET.fromstring(svg).iter() if el.get("data-choice")]) == 3
    s, _ = g.apply(s, Pick(LENA, "narwhal-2"))
    keys = {k for a in g.legal_actions(s, ZHENYA) for k in ui.board_keys(a)}
    svg = g.render(g.view(s, ZHENYA), choosable={k: k for k in keys})
    assert {el.get("data-key") for el in ET.fromstring(svg).iter() if el.get("data-choice")} == {
        "seat:0", "seat:1", "seat:2", "seat:3"}


# --------------------------------------------------------------------------- whole games

def test_random_and_bot_games_keep_the_cards_and_score_pile_plus_bonus_pairs():
    for seed in range(12):
        players = 2 + seed % 3
        s = g.setup(players, seed=seed)
        r = random.Random(seed)
        while not g.is_over(s):
            seat = r.choice(g.to_move(s))
            legal = g.legal_actions(s, seat)
            a = bots.choose(s, seat, r) if seed % 2 else r.choice(legal)
            assert a in legal
            before = g.round_points(s)
            s, events = g.apply(s, a)
            for e in events:
                if e.kind.endswith("round_scored"):
                    assert e.data["points"] == [p + b // 2 for p, b in zip(e.data["pearls"], e.data["bonuses"])]
                    assert e.data["points"] == before if not isinstance(a, Pick) else True
            assert g.check_invariants(s) == []
        assert max(s.scores) >= C.TARGET and s.scores.count(max(s.scores)) == 1
        assert sum(sum(row[1:1 + players]) for row in s.history) == sum(s.scores)
        assert all(b.total == total for b, total in zip(g.score(s), s.scores))


# --------------------------------------------------------------------------- lesson files (the adapter)

EXAMPLE_TRICK_YAML = """
id: trump_whales/example-trick
game: trump_whales
title: {en: The rulebook's example trick, ru: Пример взятки из правил}
rule: trump_whales:example
setup:
  players: 4
  first: 1
  trump: blue_whale
  token: 1
  hands: {1: [narwhal-2, orca-3], 2: [narwhal-6, sperm_whale-3], 3: [blue_whale-9, orca-4], 4: [narwhal-4, five-1]}
  bonuses: {2: [orca-9]}
highlight: [trump]
steps:
  - do: {play: {1: narwhal-2}}
    expect: {trick: [narwhal-2], turn: 2}
  - do: {use_bonus: {2: orca-9}}
    expect: {token: 9, trump: blue_whale}
    highlight: [trump, "card:orca-9"]
  - do: {play: {2: sperm_whale-3}}
    refused: trump_whales:follow
  - do: [{play: {2: narwhal-6}}, {play: {3: blue_whale-9}}, {play: {4: five-1}}]
    expect: {phase: reward, turn: 3, events: [trick_won], trick_winner: 3}
  - do: {pick: {3: narwhal-2}}
    expect: {pearls: {3: 3}, bonuses: {1: [narwhal-2]}, points: {3: 3}, phase: leader, turn: 4, picked: narwhal-2,
             chooser: 4}
    highlight: ["pearls:3", "player:4"]
  - do: {choose_leader: {4: 2}}
    expect: {leader: 2, phase: play}
"""

ZHENYA_ROUND_YAML = """
id: trump_whales/zhenya-round
game: trump_whales
title: {en: Zhenya's round, ru: Раунд Жени}
rule: trump_whales:round-end
setup:
  players: 4
  first: 1
  trump: blue_whale
  token: 9
  tricks: 7
  hands: {1: [blue_whale-9], 2: [orca-6], 3: [orca-3], 4: [orca-1]}
  bonuses: {4: [sperm_whale-2, sperm_whale-4, sperm_whale-6]}
  pearls: {4: [narwhal-1, narwhal-3, narwhal-4, narwhal-6, narwhal-7, narwhal-8, narwhal-9]}
steps:
  - do: [{play: {1: blue_whale-9}}, {play: {2: orca-6}}, {play: {3: orca-3}}, {play: {4: orca-1}}]
    expect: {points: {4: 8}}
  - do: {pick: {1: orca-3}}
    show: round_end
    expect: {round_points: {1: 3, 4: 8}, scores: {4: 8}}
  - show: done
    expect: {round: 2, phase: bonus}
"""


@pytest.mark.parametrize("text", [EXAMPLE_TRICK_YAML, ZHENYA_ROUND_YAML], ids=["example-trick", "zhenya-round"])
def test_lesson_files_replay_through_the_adapter(text):
    """The lesson-file adapter (scenario.py): players counted from 1, every action and expectation the examples
    need; the rulebook's two worked examples as a lesson would write them."""
    import yaml
    from tutor.core.scenario import replay
    out = replay(yaml.safe_load(text))
    assert out.ok, out.mismatches
    assert out.frames[-1].state is not None
    from tutor.games.trump_whales import scenario
    assert scenario.highlight(["pearls:3", "player:4", "trump"]) == ("pearls:2", "seat:3", "trump")


# --------------------------------------------------------------------------- the score helper, the components

def test_score_helper_scores_zhenyas_round_line_by_line(guard_spy):
    """«6. Раунд заканчивается…»: the helper's numbers come from the engine's breakdown; an odd bonus is said to
    score nothing; a count no player can hold is refused and nothing changes."""
    from tutor.games.trump_whales.sandbox import ScoreHelper
    for lang in LANGS:
        h = ScoreHelper(lang=lang, pearls=7, bonuses=3)
        assert h.total == 8 and [line.points for line in h.breakdown.lines] == [7, 1]
        assert 'data-points="8"' in h.table.value and "tutor-note" in h.table.value
        assert section(R + "round-end").heading in h.table.value
        h.set_counts(4, 2)
        assert h.total == 5 and "tutor-note" not in h.table.value
        h.set_counts(-1, 2)
        assert h.total == 5 and h.errors.message and (h.pearls.value, h.bonuses.value) == (4, 2)
        h.zhenya_button.click()
        assert h.total == 8 and 'data-card=' in h.svg.value
        # the most a player can hold with 2 bonuses, drawn as entered (the picture's pile says the same count)
        from tutor.games.trump_whales.sandbox import MOST_BONUSES, most_pearls
        most = most_pearls(2)
        h.set_counts(most, 2)
        assert h.total == most + 1 and ET.fromstring(h.svg.value) is not None
        assert f"{most}</text>" in h.svg.value or f"· {most}<" in h.svg.value
        # more than a round can give: refused with why, and the boxes show the counts still scored
        for pearls, bonuses in ((most + 1, 2), (0, MOST_BONUSES + 1)):
            h.set_counts(pearls, bonuses)
            assert h.errors.message and h.total == most + 1
            assert (h.pearls.value, h.bonuses.value) == (most, 2)
    assert ui.sandbox(lang="ru").total == 0


def test_component_table_lists_every_card_with_its_assumed_pearls_and_bonus():
    """One grid, a family a column and a value a row (a phone read 36 rows, their bonus column cut off): every card
    once with its own pearls and bonus sign, the 5s in one row; pearls and bonuses marked assumed above the grid,
    the example's Narwhal 2 with 3 pearls the rulebook's (starred, and said under the grid)."""
    for lang in LANGS:
        html = ui.components(lang)
        cells = {}
        for value, row in re.findall(r'<tr data-value="(\d+)">(.*?)</tr>', html):
            for family, inside in re.findall(r'<td data-family="(\w+)" data-pearls="\w+" title="[^"]*">(.*?)</td>', row):
                cells[f"{family}-{value}"] = inside
        fives = sum(int(n) for n in re.findall(r'data-fives="(\d+)"', html))
        assert sorted(cells) == sorted(c for c in C.ALL_CARDS if not C.is_five(c)) and fives == len(C.FIVES)
        for card, inside in cells.items():
            assert inside.startswith(f"<b>{C.PEARLS[card]}"), (card, inside)
            sign = {"flip": "1⇅9", "plus": "+1"}.get(C.BONUS[card]) or "⇄"
            assert sign in inside, (card, inside)
        grid = html.index("<table")
        assert html.count('class="tutor-assumed"') == 1 and html.index('class="tutor-assumed"') < grid
        assert html.count('data-pearls="rulebook"') == len(C.PRINTED_PEARLS) == 1
        assert html.count('data-pearls="assumed"') == len(cells) - 1
        assert "<b>3*</b>" in html and "*" in html[html.index("</table>"):]
        assert not any(mentions(html, c) for c in C.ALL_CARDS)
        assert "inside the printed" not in html and "указанных диапазонов" not in html
    assert "Нарвал" in ui.components("ru") and "⇄\u00a0косатка" in ui.components("ru")


def test_a_first_bonus_laid_is_narrated_face_down_to_the_others():
    s = g.setup(3, seed=4, first=0)
    _, events = g.apply(s, ChooseBonus(1, s.hands[1][0]))
    assert "face down" in events[0].for_viewer(0).narrate("en")
    from tutor.games.trump_whales.text import card_acc
    assert card_acc(s.hands[1][0], "ru") in events[0].for_viewer(1).narrate("ru")      # «…первым бонусом кашалота 7»


WHO_WINS_YAML = """
id: trump_whales/who-wins
game: trump_whales
rule: "trump_whales:token-1"
title: {en: "Who wins this trick?", ru: "Кто выиграет взятку?"}
question: {en: "Orca is trump, the token shows «1». Who wins?", ru: "Козырь — косатка, жетон на «1». Кто выиграет?"}
setup:
  players: 3
  first: 1
  trump: orca
  token: 1
  hands: {1: [narwhal-3], 2: [orca-8], 3: [narwhal-1]}
  bonuses: {}
do: [{play: {1: narwhal-3}}, {play: {2: orca-8}}, {play: {3: narwhal-1}}]
choices:
  - label: {en: Player 1, ru: Игрок 1}
    expect: {trick_winner: 1}
  - label: {en: Player 2 (the trump), ru: Игрок 2 (козырь)}
    expect: {trick_winner: 2}
  - label: {en: Player 3 (the lowest narwhal), ru: Игрок 3 (младший нарвал)}
    expect: {trick_winner: 3}
"""

BEST_PICK_YAML = """
id: trump_whales/best-pick
game: trump_whales
rule: "trump_whales:reward"
title: {en: "Which card should the winner pick?", ru: "Какую карту выбрать победителю?"}
question: {en: "Player 1 won. Which card gives the most points?", ru: "Игрок 1 выиграл. Какая карта даст больше очков?"}
setup:
  players: 4
  first: 1
  trump: orca
  token: 9
  hands: {1: [orca-9, orca-1], 2: [narwhal-2, sperm_whale-2], 3: [five-1, blue_whale-3], 4: [narwhal-9, sperm_whale-4]}
  bonuses: {}
given: [{play: {1: orca-9}}, {play: {2: narwhal-2}}, {play: {3: five-1}}, {play: {4: narwhal-9}}]
choices:
  - label: {en: Narwhal 2 (3 pearls), ru: Нарвал 2 (3 жемчужины)}
    do: {pick: {1: narwhal-2}}
  - label: {en: The Five, ru: Пятёрка}
    do: {pick: {1: five-1}}
  - label: {en: Narwhal 9 (1 pearl), ru: Нарвал 9 (1 жемчужина)}
    do: {pick: {1: narwhal-9}}
goal: {points: {1: 3}}
"""


@pytest.mark.parametrize("text", [WHO_WINS_YAML, BEST_PICK_YAML], ids=["who-wins", "best-pick"])
def test_quizzes_the_issue_names_have_exactly_one_right_answer(text):
    """"Who wins this trick?" (an outcome question) and "which card should the winner pick?" (an action question):
    the engine finds exactly one right choice through the adapter's expectations."""
    import yaml
    from tutor.core import quiz
    data = quiz.validate(yaml.safe_load(text))
    assert quiz.check(data) == []
    right = [i for i, o in enumerate(quiz.evaluate(data)) if o.correct]
    assert right == ([1] if "who-wins" in data["id"] else [0])


# --------------------------------------------------------------------------- the play table's advice

def test_advice_says_what_decides_the_trick_from_what_the_seat_knows():
    """GameUI.advice: the trump and the token's meaning, the family to follow, which playable cards would win as
    the trick lies; at the reward, what each card gives; never an id; the same whatever the others hold."""
    from tutor.games.trump_whales.advice import advice, winning_cards
    s, _ = run(example_trick(), PlayCard(ANDREY, "narwhal-2"))
    en, ru = advice(s, TYOMA, "en"), advice(s, TYOMA, "ru")
    assert "the lowest card wins" in en and "You hold a card of the Narwhal family: play one" in en and "none of your cards" in en
    assert "Синий кит" in ru and "У вас есть карта семейства «Нарвал»: сыграйте одну из карт этого семейства" in ru
    assert winning_cards(s, TYOMA) == []
    s2, _ = g.apply(s, UseBonus(TYOMA, "orca-9"))
    assert winning_cards(s2, TYOMA) == ["narwhal-6"] and "Narwhal 6" in advice(s2, TYOMA, "en")
    assert advice(s, LENA, "en") == ""                       # not her turn
    # the others' hands do not change what Тёма is told
    other = table([["narwhal-2", "sperm_whale-1"], ["narwhal-6", "sperm_whale-3"], ["orca-4", "orca-6"],
                   ["five-1", "narwhal-4"]], bonuses=[[], ["orca-9"], [], []], trump="blue_whale", token=1)
    other, _ = g.apply(other, PlayCard(ANDREY, "narwhal-2"))
    assert advice(other, TYOMA, "ru") == ru
    s3, _ = run(s2, PlayCard(TYOMA, "narwhal-6"), PlayCard(LENA, "blue_whale-9"), PlayCard(ZHENYA, "five-1"))
    reward = advice(s3, LENA, "ru")
    assert "«Нарвал 2»: 3 жемчужины" in reward and "Пятёрка: 1 очко" in reward and "Синий кит 9" not in reward
    s4, _ = g.apply(s3, Pick(LENA, "narwhal-2"))
    assert "first Five" in advice(s4, ZHENYA, "en")
    for html_text in (en, ru, reward):
        assert not any(mentions(html_text, c) for c in C.ALL_CARDS)
        assert not russian_slips(html_text)


def test_setup_stages_show_the_trump_drawn_before_the_deal():
    """«ПОДГОТОВКА К ИГРЕ» laid out in steps: "trump" (the draw's events, a 5 drawn again, nothing dealt), then
    "done" (setup's own position); a lesson position with hands is one stage."""
    seed = next(sd for sd in range(200) if "five_drawn" in kinds(g.setup_stages(4, seed=sd, first=0)[0][2]))
    stages = g.setup_stages(4, seed=seed, first=0)
    assert [name for name, _, _ in stages] == ["trump", "done"]
    (_, undealt, drawn), (_, final, dealt) = stages
    assert final == g.setup(4, seed=seed, first=0)
    assert kinds(drawn)[-1] == "trump_drawn" and kinds(drawn)[0] == "five_drawn" and kinds(dealt) == ["dealt"]
    assert undealt.hands == ((),) * 4 and len(undealt.aside) == 36 and g.check_invariants(undealt) == []
    assert (undealt.trump, undealt.token) == (final.trump, final.token)
    assert 'Колода · 36' in g.render(g.view(undealt, 0), lang="ru")
    # the card drawn for trump lies face up beside the deck, out of it: 35 and 1, not 36 and 1 (a reader counted 37),
    # under a heading of the setup, not "Trick 1 of 8" (the same reader)
    shown = g.render(g.view(undealt, 0), lang="ru", events=drawn)
    assert 'Колода · 35' in shown and 'drawn-for-trump' in shown and 'Взятка 1 из 8' not in shown, shown[:0]
    assert 'Подготовка: выбор козыря' in shown
    assert [n for n, _, _ in g.setup_stages(2, **dict(trump="orca", token=1, hands=[["orca-1"], ["orca-2"]],
                                                      bonuses=[[], []]))] == ["done"]
    from tutor.games.trump_whales.rules import _SETUP_EVENTS
    assert _SETUP_EVENTS.get() is None


SETUP_YAML = """
id: trump_whales/setup
game: trump_whales
title: {en: Setting up, ru: Подготовка}
rule: trump_whales:setup
setup: {players: 3, seed: %d, first: 1}
show: trump
steps:
  - show: done
    expect: {phase: bonus}
  - do: [{choose_bonus: {1: %s}}, {choose_bonus: {2: %s}}, {choose_bonus: {3: %s}}]
    expect: {phase: play, turn: 1, events: [first_bonuses]}
"""


def test_a_staged_setup_replays_as_a_lesson_file():
    import yaml
    from tutor.core.scenario import replay
    s = g.setup(3, seed=8, first=0)
    out = replay(yaml.safe_load(SETUP_YAML % (8, s.hands[0][0], s.hands[1][0], s.hands[2][0])))
    assert out.ok, out.mismatches
    assert "trump_drawn" in kinds(out.frames[0].events) and "dealt" in kinds(out.frames[1].events)


# --------------------------------------------------------------------------- review fixes (issue #22)

def lesson_data(kind: str) -> list:
    from tutor.core.scenario import read_yaml
    return [(p.stem, read_yaml(p)) for p in sorted((ROOT / "lessons" / "trump_whales" / kind).glob("*.yaml"))]


def test_late_round_positions_show_what_the_tricks_so_far_left():
    """Six tricks in, somebody has a pearl pile: every trick puts at least one card on its winner's pile."""
    for kind in ("scenarios", "quizzes", "tasks"):
        for name, data in lesson_data(kind):
            setup = data["setup"]
            if setup.get("tricks", 0) >= 5:
                piles = [len(v) for v in (setup.get("pearls") or {}).values()]
                assert sum(piles) >= setup["tricks"] and len(piles) >= 2, (kind, name)


def test_a_scenario_that_deals_a_new_round_is_seeded():
    """Zhenya's round and the tie at 30 end in a new deal: the same trump and hands on every run and language."""
    from tutor.core.scenario import load_file, replay
    for name, dealt in (("zhenya-round", 2), ("tie-at-30", 5)):      # the tie comes in round 4
        path = ROOT / "lessons" / "trump_whales" / "scenarios" / f"{name}.yaml"
        first, again = replay(load_file(path)).frames[-1].state, replay(load_file(path)).frames[-1].state
        assert first.round == dealt and first == again, name


def test_a_five_is_named_in_the_case_a_button_needs():
    assert ui.action_label(PlayCard(0, "five-1"), "ru") == "Сыграть пятёрку"
    assert ui.action_label(ChooseBonus(0, "five-1"), "ru") == "Выложить пятёрку первым бонусом"
    assert ui.action_label(PlayCard(0, "five-1"), "en") == "Play the Five"
    assert "«" not in ui.action_label(UseBonus(0, "five-1"), "ru")
    assert ui.action_label(PlayCard(0, "narwhal-2"), "ru") == "Сыграть нарвала 2"
    from tutor.games.trump_whales.text import bonus_name
    assert bonus_name("orca-2", "ru") == "сменить козыря на нарвала"       # orca-2 makes narwhals trump
    s, events = run(table([["orca-9"], ["orca-3"]], bonuses=[["orca-2"], []]), UseBonus(0, "orca-2"))
    assert "меняет козыря с косатки на нарвала" in events[0].narrate("ru")


def test_a_four_player_deal_does_not_narrate_nothing_set_aside():
    events = []
    from tutor.games.trump_whales.rules import _deal
    t = {"players": 4, "rng": 3, "scores": (0,) * 4, "history": ()}
    _deal(t, events, 1, 0)
    dealt = next(e for e in events if e.kind.endswith(".dealt"))
    assert "0" not in dealt.narrate("ru").split("по 9")[1] and "set aside" not in dealt.narrate("en")


def test_a_wrong_quiz_answer_says_why():
    """Every wrong choice of the three quizzes carries its own explanation; no label names the rule."""
    from tutor.core import quiz
    for name, data in lesson_data("quizzes"):
        for outcome in quiz.evaluate(quiz.validate(data)):
            if not outcome.correct:
                explain = outcome.choice.get("explain") or {}
                assert explain.get("ru") and explain.get("en"), (name, outcome.index)
    labels = [c["label"][lang] for _, d in lesson_data("quizzes") for c in d["choices"] for lang in LANGS]
    assert not any(word in label.split() for label in labels for word in ("Свою", "Your"))


def test_the_next_round_opens_with_the_last_rounds_score_on_the_board():
    """Newcomer C11: round 2 began with no word of round 1 on the board (only in the log). While the first
    bonuses are laid, the trick's place shows how each player's round was scored and their total."""
    r = random.Random(5)
    s = g.setup(3, seed=5)
    assert 'class="round-summary"' not in g.render(g.view(s, 0), lang="en")     # round 1: nothing to sum up
    while s.round == 1:
        seat = g.to_move(s)[0]
        s, _ = g.apply(s, r.choice(g.legal_actions(s, seat)))
    assert s.phase == "bonus"
    row = s.history[-1]
    for lang in LANGS:
        svg = g.render(g.view(s, 0), lang=lang)
        assert 'class="round-summary" data-round="1"' in svg
        summary = svg.split('class="round-summary"')[1].split("</g>")[0]
        for seat in range(3):
            assert f"= {row[1 + seat]};" in summary and str(s.scores[seat]) in summary
    s, _ = run(s, *(ChooseBonus(p, s.hands[p][0]) for p in range(3)))
    assert 'class="round-summary"' not in g.render(g.view(s, 0), lang="en")     # gone once play starts


# the words each question of a worked example is answered with (its verdict): review T2 found six titles saying
# them before the step that asks (e.g. «Победитель выбирает пятёрку» above «…косатку 7 … или пятёрку?»)
ANSWERS = {
    "all-fives": {"en": "the player who led wins", "ru": "тот, кто ходил первым"},
    "five-picked": {"en": "picks the 5", "ru": "выбирает пятёрку"},
    "follow-the-family": {"en": "the highest orca wins", "ru": "выигрывает старшая косатка"},
    "trump-token-9": {"en": "beats", "ru": "бьёт"},
    "trump-token-1": {"en": "beat", "ru": "бьёт"},
    "game-end": {"en": "highest total", "ru": "наибольш"},
    "tie-at-30": {"en": "one more round", "ru": "ещё один раунд"},
    "zhenya-round": {"en": "7 + 1 = 8", "ru": "7 + 1 = 8"},
    "example-trick": {"en": "Lena takes the trick", "ru": "Взятку берёт Лена"},
}


def shown_before_answer(data: dict, lang: str) -> list[str]:
    """Where the answer's words appear before the step that asks: the title, the intro, an earlier step, or a
    board label of a frame up to the question. Also a problem: a question never answered with those words."""
    from tutor.core.scenario import replay
    found = re.compile(r"(?<!\w)" + re.escape(ANSWERS[data["id"].split("/")[1]][lang]), re.I).search
    frames = replay(data).frames
    # the step that asks: the first to end on "?", or to ask one while it acts (a refused try that asks itself
    # and answers at once, «Может ли Тёма…? Нет…», does not count)
    asks = next(i for i, f in enumerate(frames) if i and (f.say.get(lang, "").rstrip().endswith("?") or (
        "?" in f.say.get(lang, "") and "refused" not in data["steps"][i - 1])))
    out = []
    if not any(found(f.say.get(lang, "")) for f in frames[asks + 1:]):
        out.append("the answer never says it")
    for where, text in (("title", data["title"][lang]), ("intro", data.get("intro", {}).get(lang, ""))):
        if found(text):
            out.append(f"the {where} says it")
    for i, frame in enumerate(frames[:asks + 1]):
        said = frame.say.get(lang, "")
        if found(said.rsplit("?", 1)[0] if i == asks else said):
            out.append(f"step {i} says it before asking")
        svg = g.render(g.view(frame.state, frame.viewer), highlight=frame.highlight, lang=lang, events=frame.events)
        svg = re.sub(r"<title>.*?</title>|<desc>.*?</desc>", "", svg, flags=re.S)
        if any(found(re.sub(r"<[^>]+>", "", t)) for t in re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)):
            out.append(f"the board of step {i} prints it")
    return out


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_no_title_caption_or_board_label_answers_before_the_question(name):
    from tutor.core.scenario import load_file
    data = load_file(ROOT / "lessons" / "trump_whales" / "scenarios" / f"{name}.yaml")
    for lang in LANGS:
        assert shown_before_answer(data, lang) == [], lang


def test_the_answer_check_finds_the_titles_the_review_named():
    from tutor.core.scenario import load_file
    old = {"five-picked": {"en": "The winner picks the 5", "ru": "Победитель выбирает пятёрку"},
           "trump-token-9": {"en": "A trump beats the led family: token on «9»",
                             "ru": "Козырь бьёт семейство взятки: жетон на «9»"},
           "game-end": {"en": "The end of the game: the highest total wins",
                        "ru": "Конец игры: побеждает наибольшая сумма"},
           "tie-at-30": {"en": "A tie at 30: one more round", "ru": "Ничья на 30: ещё один раунд"},
           "zhenya-round": {"en": "The rulebook's example: Zhenya's round, 7 + 1 = 8",
                            "ru": "Пример из правил: раунд Жени, 7 + 1 = 8"}}
    for name, title in old.items():
        data = dict(load_file(ROOT / "lessons" / "trump_whales" / "scenarios" / f"{name}.yaml"), title=title)
        for lang in LANGS:
            assert any("the title says" in p for p in shown_before_answer(data, lang)), (name, lang)


def test_the_leaders_advice_says_a_led_five_sets_no_family():
    """«ПЯТЁРКА!»: a led 5 takes the family of the first whale after it, so 'the card you lead sets the family'
    is not said to a leader holding a 5 (review T10)."""
    from tutor.games.trump_whales.advice import advice
    s = table([["five-1", "orca-9"], ["orca-3", "narwhal-2"], ["orca-4", "narwhal-6"]])
    en, ru = advice(s, 0, "en"), advice(s, 0, "ru")
    assert "first whale" in en and "первый сыгранный кит" in ru and "любую карту, и она задаст" not in ru


def test_bonus_timing_is_a_ruling_that_quotes_the_rulebooks_any_time():
    """Review R2: «в любой момент игры» is quoted where the ruling is taught and in the ruling itself; the
    '+1 in the eighth trick' consequence is said to follow from the ruling."""
    from tutor.core.i18n import text
    for lang in LANGS:
        assert "«в любой момент игры»" in text("trump_whales.ruling.bonus-own-turn", lang)
        lesson = " ".join((ROOT / "lessons" / "trump_whales" / f"lesson.{lang}.md").read_text(encoding="utf-8").split())
        part_4 = lesson.split('id="part-turn"')[1].split('id="part-five"')[0]
        bonuses = lesson.split('id="part-bonuses"')[1].split('id="part-example"')[0]
        assert "«в любой момент игры»" in part_4 and "«в любой момент игры»" in bonuses
    assert "Отсюда следствие" in (ROOT / "lessons" / "trump_whales" / "lesson.ru.md").read_text(encoding="utf-8")


def test_fives_reward_counts_the_fives_discarded_as_the_engine_does():
    """Review T1: three 5s in the trick, one picked, so two are discarded, and the step says two (part 8's
    fives-reward: the reward of a trick of only 5s, taught where rewards are)."""
    from tutor.core.scenario import load_file, replay
    data = load_file(ROOT / "lessons" / "trump_whales" / "scenarios" / "fives-reward.yaml")
    frame = replay(data).frames[-1]
    discarded = next(e for e in frame.events if e.kind.endswith(".discarded")).data["cards"]
    assert len(discarded) == 2 and all(C.is_five(c) for c in discarded)
    assert "two 5s are discarded" in frame.say["en"] and "Две другие пятёрки" in frame.say["ru"]


def test_the_tables_help_says_when_a_bonus_would_turn_the_trick_and_offers_a_five_only_to_its_holder():
    """A reader twice held a flip that would have made their card win while the help said none of theirs wins;
    and the help offered "or a Five" to a hand without one."""
    from tutor.games.trump_whales.advice import advice
    from tutor.games.trump_whales.rules import PlayCard
    s = g.setup(4, seed=1, first=0, trump="narwhal", token=9,
                hands=[["orca-8", "narwhal-1"], ["orca-2", "blue_whale-3"], ["sperm_whale-3", "blue_whale-9"],
                       ["blue_whale-2", "narwhal-4"]], bonuses=[[], ["narwhal-2"], [], []])
    s, _ = g.apply(s, PlayCard(0, "orca-8"))
    said = advice(s, 1, "en")
    assert "flip" in said and "Orca 2" in said.split("flip", 1)[1], said
    assert "Five" not in said, "a Five offered to a hand without one"
    # without the flip in front of the player: no such line
    plain = g.setup(4, seed=1, first=0, trump="narwhal", token=9,
                    hands=[["orca-8", "narwhal-1"], ["orca-2", "blue_whale-3"], ["sperm_whale-3", "blue_whale-9"],
                           ["blue_whale-2", "narwhal-4"]], bonuses=[[], [], [], []])
    plain, _ = g.apply(plain, PlayCard(0, "orca-8"))
    assert "used first" not in advice(plain, 1, "en")


def test_the_score_helper_draws_zhenyas_own_cards_for_his_round():
    """Fresh reader (stop 44): the helper's «Раунд Жени» drew other cards than the worked example gave Женя, among them
    a «+1» bonus he does not have. His counts draw his pearl pile and his three bonuses, as the example has them."""
    from tutor.core.safe_input import load_yaml
    from pathlib import Path
    from tutor.games.trump_whales import sandbox
    data = load_yaml((Path(__file__).resolve().parents[2] / "lessons" / "trump_whales" / "scenarios"
                      / "zhenya-round.yaml").read_text(encoding="utf-8"))
    s = sandbox.position(*sandbox.ZHENYA)
    # on his own seat, player 4's, as the example seats him (a reader found them on player 1's panel)
    assert sandbox.ZHENYA_SEAT == 3 and len(s.pearls[3]) == 7
    # ... and any other numbers on the same panel, the note saying so: it turned to player 1's, the note with it, and
    # one panel had three names (a reader, stop 63)
    from tutor.core.i18n import player_name
    for p, b in [(0, 0), (5, 1), (12, 2)]:
        assert (len(sandbox.position(p, b).pearls[3]), len(sandbox.position(p, b).bonuses[3])) == (p, b)
        helper = sandbox.ScoreHelper(lang="en", pearls=p, bonuses=b)
        assert player_name(3, "en") in helper.picture.value and player_name(0, "en") not in helper.picture.value
    assert sorted(s.pearls[3]) == sorted(data["setup"]["pearls"][4])
    assert sorted(s.bonuses[3]) == sorted(data["setup"]["bonuses"][4])
    assert s.token == data["setup"]["token"] and s.trump == data["setup"]["trump"]
    every = [c for part in (s.pearls, s.bonuses, s.hands) for p in part for c in p] + list(s.discard)
    assert len(every) == len(set(every)) == 36          # each card once, all of them


def test_every_worked_example_sets_aside_what_its_table_would():
    """A three-player example showed "Set aside · 16" where part 2 had just taught that three players set 9 aside (a
    reader counted): once cards are dealt, every frame of every worked example sets aside what the deal leaves,
    36 cards less 9 a player (less the four 5s two players take out)."""
    from pathlib import Path
    from tutor.core.scenario import load_file, replay
    from tutor.games.trump_whales import components as C
    root = Path(__file__).resolve().parents[2] / "lessons" / "trump_whales" / "scenarios"
    checked = 0
    for path in sorted(root.glob("*.yaml")):
        for frame in replay(load_file(path)).frames:
            s = frame.state
            if any(s.hands):
                removed = 4 if s.players == 2 else 0
                assert (len(s.removed), len(s.aside)) == (removed, len(C.CARDS) - removed - 9 * s.players), \
                    (path.stem, frame.index if hasattr(frame, "index") else None)
                checked += 1
    assert checked >= 50


@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_the_table_before_the_deal_asks_nobody_for_a_bonus(layout):
    """Reader TQ (stop 58): part 2's first board (the trump drawn, no card dealt yet) said "Lay a first bonus" in its
    header and "choosing a first bonus" on every empty-handed panel. Before the deal it says the deal comes next and
    no panel asks for a bonus; once the hands are dealt, the bonus is asked for."""
    import importlib
    from tutor.core.i18n import text
    from tutor.core.scenario import load_file, replay
    render = importlib.import_module("tutor.games.trump_whales.render").render
    frames = replay(load_file(ROOT / "lessons" / "trump_whales" / "scenarios" / "first-bonuses.yaml")).frames
    for lang in ("en", "ru"):
        before = render(g.view(frames[0].state, None), lang=lang, layout=layout)
        dealt = render(g.view(frames[1].state, None), lang=lang, layout=layout)
        choosing = text("trump_whales.board.choosing", lang)
        assert text("trump_whales.board.phase.deal", lang) in before and choosing not in before
        assert text("trump_whales.board.phase.bonus", lang) in dealt and choosing in dealt


def test_the_first_deal_says_its_leader_was_drawn_by_lot_only_when_it_was():
    """Ruling first-player: a game set up without a first player draws one by lot, and the first deal says so (a
    reader at the table saw player 4 lead round 1 and found nothing saying why, wave 18); a first player given (a
    lesson's position) is not said to be drawn."""
    from tutor.games.trump_whales import rules

    def dealt(**kw):
        return next(e for _n, _s, evs in rules.setup_stages(3, seed=5, **kw) for e in evs if e.kind.endswith("dealt"))

    drawn, given = dealt(), dealt(first=1)
    assert "drawn by lot" in drawn.narrate("en") and "жребий" in drawn.narrate("ru")
    assert "lot" not in given.narrate("en") and "жребий" not in given.narrate("ru")
