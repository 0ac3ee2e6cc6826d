"""Паперові океани: each rule of the rulebook, by its section, on the engine; both worked examples of the rulebook
number for number; the renderer. The generic contract (random games, views, JSON) is tests/test_conformance.py
and tests/games/test_state_machine.py."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest
from helpers import mentions

from tutor.core.conformance import check_views
from tutor.core.errors import RuleViolation
from tutor.core.rules import section
from tutor.games import sea_salt_paper as g
from tutor.games.sea_salt_paper import bots, components as C, ui
from tutor.games.sea_salt_paper.rules import (
    CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, Steal, Stop, TakeDiscard,
)
from tutor.games.sea_salt_paper.scoring import breakdown, card_points, colour_bonus

R = "sea_salt_paper:"


def refused(state, action, rule: str) -> RuleViolation:
    """The action is refused citing `rule`, in words with no card id, and the state is unchanged."""
    before = g.to_json(state)
    with pytest.raises(RuleViolation) as info:
        g.apply(state, action)
    assert info.value.rule == R + rule, info.value.rule
    for lang in ("en", "uk"):
        words = info.value.explain(lang)
        assert section(R + rule).quoted in words
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


# --------------------------------------------------------------------------- components, setup

def test_the_box_holds_58_cards_with_the_shared_datas_colours():
    """«ВМІСТ ГРИ»: 58 cards; colour totals as the card data gives them."""
    assert len(C.ALL_CARDS) == 58
    totals: dict = {}
    for c in C.ALL_CARDS:
        totals[C.COLOUR[c]] = totals.get(C.COLOUR[c], 0) + 1
    assert totals == {"dark_blue": 9, "light_blue": 9, "black": 8, "yellow": 8, "light_green": 6, "light_grey": 4,
                      "purple": 4, "white": 4, "light_orange": 3, "pink": 2, "orange": 1}
    assert all(C.COLOUR[m] == "white" for m in C.MERMAIDS) and len(C.MERMAIDS) == 4
    assert set(C.COLORADD) == set(C.COLOURS) == set(C.COLOUR_HEX)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_shuffles_a_deck_and_opens_two_discard_piles(players):
    """«ПРИГОТУВАННЯ»: a shuffled deck, its two top cards face up as two discard piles, a first player."""
    s = g.setup(players, seed=3)
    assert len(s.deck) == 56 and [len(p) for p in s.discards] == [1, 1]
    assert s.turn == 0 and s.phase == "draw" and all(h == () for h in s.hands)
    assert g.check_invariants(s) == []
    assert g.setup(players, seed=3) == s and g.setup(players, seed=4) != s
    assert g.setup(players, seed=3, first=players - 1).turn == players - 1


def test_player_counts_and_thresholds():
    """«КІНЕЦЬ ГРИ»: 40 points for two players, 35 for three, 30 for four."""
    assert C.THRESHOLDS == {2: 40, 3: 35, 4: 30}
    for bad in (1, 5):
        with pytest.raises(RuleViolation):
            g.setup(bad)


# --------------------------------------------------------------------------- step 1: take a card

def test_two_from_the_deck_keep_one_the_other_on_a_pile_of_ones_choice():
    """«1. Ви повинні взяти…»: two from the deck, keep one, the other face up on either discard pile."""
    s = g.setup(2, seed=1, deck=["crab-1", "shell-2"], discards=[["boat-1"], ["fish-1"]])
    s, ev = g.apply(s, DrawDeck(0))
    assert s.drawn == ("crab-1", "shell-2") and s.phase == "keep"
    assert ev[0].for_viewer(1).data["cards"] is None and ev[0].for_viewer(0).data["cards"] == ["crab-1", "shell-2"]
    assert set(g.legal_actions(s, 0)) == {Keep(0, c, p) for c in s.drawn for p in (0, 1)}
    after, ev = g.apply(s, Keep(0, "shell-2", 1))
    assert after.hands[0] == ("shell-2",) and after.discards[1] == ("fish-1", "crab-1") and after.phase == "play"
    assert ev[0].for_viewer(1).data["card"] is None and ev[0].data["discarded"] == "crab-1"
    refused(s, Keep(0, "boat-1", 0), "draw")


def test_the_other_card_must_go_onto_an_empty_pile():
    """«1. Ви повинні взяти…»: if a discard pile is empty, the card not kept goes there."""
    s = g.setup(2, seed=1, deck=["crab-1", "shell-2"], discards=[["boat-1"], []])
    s, _ = g.apply(s, DrawDeck(0))
    assert {a.pile for a in g.legal_actions(s, 0)} == {1}
    refused(s, Keep(0, "crab-1", 0), "draw")


def test_or_the_top_card_of_either_discard_pile():
    """«1. Ви повинні взяти…»: one card from the top of either discard pile; an empty pile gives nothing."""
    s = g.setup(2, seed=1, discards=[["boat-1", "fish-1"], []])
    after, _ = g.apply(s, TakeDiscard(0, 0))
    assert after.hands[0] == ("fish-1",) and after.discards[0] == ("boat-1",)
    refused(s, TakeDiscard(0, 1), "draw")
    refused(s, TakeDiscard(1, 0), "turn")              # not player 2's turn
    refused(s, EndTurn(0), "draw")                      # a card must be taken first


def test_cards_under_the_top_of_a_pile_are_hidden():
    """«1. Ви повинні взяти…» (Важливо!): the discard piles may not be looked through; only the tops show."""
    s = g.setup(2, seed=1, discards=[["boat-1", "fish-1"], ["crab-2"]])
    for viewer in (0, 1):
        assert "boat-1" in g.secrets(s, viewer)
        assert g.view(s, viewer)["discards"][0]["cards"] is None
    assert check_views(g, s, svg=True) == []


def test_one_card_left_is_simply_kept():
    """Ruling one-card-left: with one card in the deck, taking from the deck gives that card alone."""
    s = g.setup(2, seed=1, hands=[["shell-1"], []], deck=["crab-1"], discards=[["boat-1"], ["fish-1"]])
    rest = [c for c in C.ALL_CARDS if c not in ("shell-1", "crab-1", "boat-1", "fish-1")]
    s = g.setup(2, seed=1, hands=[["shell-1"], rest], deck=["crab-1"], discards=[["boat-1"], ["fish-1"]])
    s, _ = g.apply(s, DrawDeck(0))
    assert g.legal_actions(s, 0) == [Keep(0, "crab-1", None)]
    s, _ = g.apply(s, Keep(0, "crab-1", None))
    assert s.deck == () and s.hands[0] == ("shell-1", "crab-1")


# --------------------------------------------------------------------------- step 2: duos

def in_play(hands, *, players=2, deck=None, discards=None, **kw):
    """A position where player 1 has taken a card and may play duos."""
    s = g.setup(players, seed=2, hands=hands, deck=deck, discards=discards or [["penguin-1"], ["sailor-2"]], **kw)
    s, _ = g.apply(s, TakeDiscard(0, 0))
    return s


def test_only_duos_can_be_played():
    """«Парні карти»: two crabs, two boats, two fish, or a swimmer with a shark."""
    s = in_play([["crab-1", "crab-2", "swimmer-1", "shark-3", "swimmer-2", "boat-1", "fish-1"], []])
    duos = {frozenset(a.cards) for a in g.legal_actions(s, 0) if isinstance(a, PlayDuo)}
    assert duos == {frozenset(x) for x in (("crab-1", "crab-2"), ("swimmer-1", "shark-3"), ("swimmer-2", "shark-3"))}
    refused(s, PlayDuo(0, "swimmer-1", "swimmer-2"), "duos")
    refused(s, PlayDuo(0, "boat-1", "fish-1"), "duos")
    refused(s, PlayDuo(0, "crab-1", "crab-3"), "play-duos")          # crab-3 is not in hand
    assert PlayDuo(0, "crab-2", "crab-1") == PlayDuo(0, "crab-1", "crab-2")


def test_crabs_look_through_a_pile_and_take_one_card_unseen_by_the_others():
    """«Парні карти» (краби): look through any discard pile, keep its order, take one card, show no one."""
    s = in_play([["crab-1", "crab-2"], ["shell-1"]], discards=[["penguin-1"], ["octopus-1", "boat-2", "sailor-2"]])
    s, _ = g.apply(s, PlayDuo(0, "crab-1", "crab-2"))
    # «будь-який скид»: the empty pile 1 may be chosen too, and brings nothing
    assert s.phase == "crab" and g.legal_actions(s, 0) == [CrabPile(0, 0), CrabPile(0, 1)]
    empty, ev = g.apply(s, CrabPile(0, 0))
    assert kinds(ev) == ["crab_looked_empty"] and empty.phase == "play" and empty.hands == s.hands
    assert empty.discards == s.discards and empty.looking is None
    refused(s, CrabPile(0, 2), "duos")
    s, ev = g.apply(s, CrabPile(0, 1))
    assert [c["id"] for c in g.view(s, 0)["discards"][1]["cards"]] == ["octopus-1", "boat-2", "sailor-2"]
    assert g.view(s, 1)["discards"][1]["cards"] is None and "boat-2" in g.secrets(s, 1)
    assert ev[0].for_viewer(1).data["cards"] is None
    assert check_views(g, s, svg=True) == []
    s, ev = g.apply(s, CrabTake(0, "boat-2"))
    assert s.discards[1] == ("octopus-1", "sailor-2") and "boat-2" in s.hands[0] and s.phase == "play"
    assert ev[0].for_viewer(1).data["card"] is None and ev[0].for_viewer(0).data["card"] == "boat-2"


def test_crabs_with_both_piles_empty_find_nothing():
    """Ruling crab-empty-pile."""
    s = g.setup(2, seed=2, hands=[["crab-1", "crab-2"], []], discards=[["penguin-1"], []])
    s, _ = g.apply(s, TakeDiscard(0, 0))
    s, ev = g.apply(s, PlayDuo(0, "crab-1", "crab-2"))
    assert "crab_nothing" in kinds(ev) and s.phase == "play"


def test_boats_give_another_turn_at_once():
    """«Парні карти» (човники): another turn at once; ruling boat-extra-turn: it starts with taking a card."""
    s = in_play([["boat-1", "boat-2"], []])
    s, ev = g.apply(s, PlayDuo(0, "boat-1", "boat-2"))
    assert s.turn == 0 and s.phase == "draw" and "boat" in kinds(ev)
    assert s.zones[0] == ("boat-1", "boat-2")


def test_fish_bring_the_top_card_of_the_deck_and_nothing_from_an_empty_one():
    """«Парні карти» (риби); ruling fish-empty-deck."""
    s = in_play([["fish-1", "fish-2"], []], deck=["octopus-2", "crab-1"])
    s, ev = g.apply(s, PlayDuo(0, "fish-1", "fish-2"))
    assert s.hands[0] == ("penguin-1", "octopus-2") and s.deck[0] == "crab-1"
    assert ev[-1].for_viewer(1).data["card"] is None
    rest = [c for c in C.ALL_CARDS if c not in ("fish-1", "fish-2", "penguin-1", "sailor-2")]
    s = in_play([["fish-1", "fish-2"], rest], deck=[])
    s, ev = g.apply(s, PlayDuo(0, "fish-1", "fish-2"))
    assert "fish_nothing" in kinds(ev)


def test_swimmer_and_shark_take_a_random_card_shown_only_to_the_two_players():
    """«Парні карти» (плавець і акула): a random card from an opponent's hand, known to thief and victim."""
    s = in_play([["swimmer-1", "shark-1"], ["octopus-1", "octopus-2"], ["shell-1"]], players=3)
    s, _ = g.apply(s, PlayDuo(0, "swimmer-1", "shark-1"))
    assert s.phase == "steal" and g.legal_actions(s, 0) == [Steal(0, 1), Steal(0, 2)]
    refused(s, Steal(0, 0), "duos")
    after, ev = g.apply(s, Steal(0, 1))
    card = ev[0].data["card"]
    assert card in ("octopus-1", "octopus-2") and card in after.hands[0] and card not in after.hands[1]
    assert ev[0].for_viewer(0).data["card"] == card == ev[0].for_viewer(1).data["card"]
    assert ev[0].for_viewer(2).data["card"] is None
    assert g.apply(s, Steal(0, 1)) == (after, ev)            # the draw is seeded in the state


def test_duos_score_whether_played_or_kept():
    """«Парні карти» (Примітка); ruling duo-pairs-scoring: two swimmers make no pair."""
    assert card_points(["crab-1", "crab-2", "boat-1", "boat-2", "fish-1", "fish-2", "swimmer-1", "shark-1"]) == 4
    assert card_points(["swimmer-1", "swimmer-2", "shark-1"]) == 1
    assert card_points(["crab-1"]) == 0


# --------------------------------------------------------------------------- step 3: ending the round

def test_ending_the_round_needs_seven_card_points():
    """«3. Можете завершити раунд»: 7 points in hand and zone together; ruling stop-points: no colour bonus."""
    six = in_play([["octopus-1", "octopus-2", "octopus-3"], []], discards=[["sailor-2"], ["penguin-1"]])   # 6 points
    assert not any(isinstance(a, (Stop, LastChance)) for a in g.legal_actions(six, 0))
    refused(six, Stop(0), "end-round")
    seven = in_play([["octopus-1", "octopus-2", "octopus-3"], []], discards=[["sailor-2"], ["penguin-1"]],
                    zones=[["crab-6", "crab-7"], []])
    assert {Stop(0), LastChance(0)} <= set(g.legal_actions(seven, 0))


def andriy_and_oksana():
    """The rulebook's example: Андрій (player 1) has 7 points, yellow his main colour; Оксана (player 2) 4 points,
    light blue hers. Андрій takes his last octopus from a discard pile, then ends the round."""
    s = g.setup(2, seed=7, zones=[["crab-6", "crab-7"], ["boat-3", "boat-4"]],
                hands=[["octopus-1", "octopus-3"], ["shell-1", "shell-3", "penguin-3"]],
                discards=[["captain-1"], ["octopus-4"]])
    s, _ = g.apply(s, TakeDiscard(0, 1))
    assert g.points_in_hand(s, 0) == 7 and g.points_in_hand(s, 1) == 4
    assert colour_bonus(s.hands[0] + s.zones[0]) == 2 and colour_bonus(s.hands[1] + s.zones[1]) == 2
    return s


def test_worked_example_stop():
    """«ЗАВЕРШЕННЯ РАУНДУ» example, STOP: both count their cards (7 and 4); the next round starts left of Андрій."""
    s, ev = g.apply(andriy_and_oksana(), Stop(0))
    assert s.scores == (7, 4) and s.history == ((1, 7, 4),)
    assert s.round == 2 and s.turn == 1 and s.phase == "draw" and all(h == () for h in s.hands)
    assert kinds(ev)[:3] == ["stop", "revealed", "revealed"]


def test_worked_example_last_chance():
    """«ЗАВЕРШЕННЯ РАУНДУ» example, LAST CHANCE: Оксана takes her last turn; Андрій scores 7 + 2 (yellow) = 9,
    Оксана only her colour bonus, 2 (light blue)."""
    s, ev = g.apply(andriy_and_oksana(), LastChance(0))
    assert s.caller == 0 and s.turn == 1 and s.revealed == (True, False)
    assert [c["id"] for c in g.view(s, 1)["seats"][0]["hand"]] == sorted(s.hands[0], key=C.ORDER.get)
    s, _ = g.apply(s, TakeDiscard(1, 0))         # the captain: no sailors, no points, no change of colour
    refused(s, Stop(1), "round-end")               # the round is already being ended
    s, ev = g.apply(s, EndTurn(1))
    assert "bet_won" in kinds(ev)
    assert s.scores == (9, 2) and s.round == 2 and s.turn == 1


def test_a_lost_bet_gives_the_caller_only_the_colour_bonus():
    """«ЗАВЕРШЕННЯ РАУНДУ»: not the most points, the caller scores the colour bonus, the others their cards."""
    s = g.setup(2, seed=7, zones=[["crab-6", "crab-7"], []],
                hands=[["octopus-1", "octopus-3"], ["shell-1", "shell-2", "shell-3", "shell-4"]],
                discards=[["shell-5"], ["octopus-4"]])
    s, _ = run(s, TakeDiscard(0, 1), LastChance(0), TakeDiscard(1, 0), EndTurn(1))
    assert s.history[-1] == (1, 2, 8)           # Андрій 7 < 8: yellow bonus 2; the other player 5 shells = 8


def test_a_tie_wins_the_bet():
    """«ЗАВЕРШЕННЯ РАУНДУ»: the most points, not necessarily alone."""
    s = g.setup(2, seed=7, zones=[["crab-6", "crab-7"], []],
                hands=[["octopus-1", "octopus-3"], ["shell-1", "shell-2", "shell-3"]],
                discards=[["shell-4"], ["octopus-4"]])
    s, ev = run(s, TakeDiscard(0, 1), LastChance(0), TakeDiscard(1, 0), EndTurn(1))   # 7 against 6
    assert s.history[-1] == (1, 9, 1)


def test_revealed_hands_are_safe_from_the_shark():
    """«ЗАВЕРШЕННЯ РАУНДУ»: after LAST CHANCE the caller's revealed cards are protected from effects."""
    s = g.setup(3, seed=7, zones=[["crab-6", "crab-7"], [], []],
                hands=[["octopus-1", "octopus-3"], ["swimmer-1", "shark-1"], ["shell-1"]],
                discards=[["shell-5"], ["octopus-4"]])
    s, _ = run(s, TakeDiscard(0, 1), LastChance(0), TakeDiscard(1, 0), PlayDuo(1, "swimmer-1", "shark-1"))
    assert g.legal_actions(s, 1) == [Steal(1, 2)]
    refused(s, Steal(1, 0), "round-end")


def test_an_empty_deck_at_the_end_of_a_turn_ends_the_round_without_scores():
    """«Особливий випадок.»: the deck runs out at the end of a turn: the round ends at once, nobody scores;
    ruling next-round-after-empty-deck: the next player begins."""
    rest = [c for c in C.ALL_CARDS if c not in ("crab-1", "shell-2", "boat-1", "fish-1")]
    s = g.setup(3, seed=5, hands=[[], rest, []], deck=["crab-1", "shell-2"], discards=[["boat-1"], ["fish-1"]],
                scores=[3, 4, 5])
    s, ev = run(s, DrawDeck(0), Keep(0, "crab-1", 0), EndTurn(0))
    assert "deck_empty" in kinds(ev) and "round_scored" not in kinds(ev)
    assert s.scores == (3, 4, 5) and s.round == 2 and s.turn == 1 and len(s.deck) == 56


def test_an_empty_deck_after_boats_ends_the_round_too():
    """Ruling empty-deck-turn-end: the turn boats cut short ends like any other."""
    rest = [c for c in C.ALL_CARDS if c not in ("boat-1", "boat-2", "penguin-1", "sailor-2")]
    s = g.setup(2, seed=5, hands=[["boat-1", "boat-2"], rest], deck=[], discards=[["penguin-1"], ["sailor-2"]])
    s, ev = run(s, TakeDiscard(0, 0), PlayDuo(0, "boat-1", "boat-2"))
    assert "deck_empty" in kinds(ev) and s.round == 2 and s.turn == 1


def test_the_game_ends_at_the_threshold_and_a_tie_goes_to_the_last_round():
    """«КІНЕЦЬ ГРИ»: a total at the threshold ends the game; equal totals: most points in the last round."""
    s = g.setup(2, seed=7, zones=[["crab-6", "crab-7"], ["boat-3", "boat-4"]],
                hands=[["octopus-1", "octopus-3"], ["shell-1", "shell-3", "penguin-3"]],
                discards=[["captain-1"], ["octopus-4"]], scores=[33, 36])
    s, ev = run(s, TakeDiscard(0, 1), Stop(0))            # 33 + 7 = 40, 36 + 4 = 40
    assert g.is_over(s) and s.scores == (40, 40) and g.winners(s) == [0]
    assert g.check_invariants(s) == [] and g.state_from_json(g.to_json(s)) == s
    assert [b.total for b in g.score(s)] == [40, 40]
    assert [line.label("uk") for line in g.score(s)[0].lines] == ["Попередні раунди", "Раунд 1"]
    assert g.legal_actions(s, 0) == g.legal_actions(s, 1) == [] and g.to_move(s) == []
    refused(s, DrawDeck(0), "game-end")


def test_four_mermaids_win_at_once():
    """«Карти русалок» (Ефект); ruling four-mermaids."""
    s = in_play([["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4"], []], scores=[0, 39])
    assert PlayMermaids(0) in g.legal_actions(s, 0)
    s, ev = g.apply(s, PlayMermaids(0))
    assert g.is_over(s) and g.winners(s) == [0] and "mermaids_win" in kinds(ev)
    three = in_play([["mermaid-1", "mermaid-2", "mermaid-3"], []])
    refused(three, PlayMermaids(0), "mermaids")


# --------------------------------------------------------------------------- scoring

def test_worked_example_two_mermaids():
    """«Карти русалок» example: two mermaids, 4 light blue cards and 3 light green ones: 4 + 3 = 7."""
    cards = ["mermaid-1", "mermaid-2", "crab-3", "crab-4", "boat-3", "fish-3", "octopus-3", "shark-4", "shell-5"]
    lines = breakdown(cards).lines
    mermaids = [line for line in lines if line.rule == R + "mermaids"]
    assert [line.points for line in mermaids] == [4, 3]
    assert [line.label("uk") for line in mermaids] == ["Русалка 1: блакитний × 4", "Русалка 2: світло-зелений × 3"]
    assert card_points(cards) == breakdown(cards).total == 7 + 1         # and the light blue crab pair


def test_equal_colours_are_still_two_colours_and_white_counts():
    """«Карти русалок»: equal counts are first and second; ruling white-is-a-colour."""
    assert card_points(["mermaid-1", "mermaid-2", "crab-1", "shell-1", "boat-5", "fish-4"]) == 2 + 2
    assert colour_bonus(["mermaid-1", "mermaid-2", "mermaid-3", "crab-1", "crab-2"]) == 3
    assert card_points(["mermaid-1", "mermaid-2", "mermaid-3", "crab-1", "crab-2"]) == 3 + 2 + 0 + 1


@pytest.mark.parametrize("kind, table", [("shell", (0, 2, 4, 6, 8, 10)), ("octopus", (0, 3, 6, 9, 12)),
                                         ("penguin", (1, 3, 5)), ("sailor", (0, 5))])
def test_collections(kind, table):
    """«Набори карт»."""
    cards = [c for c in C.ALL_CARDS if C.KIND[c] == kind]
    assert [card_points(cards[:n]) for n in range(1, len(cards) + 1)] == list(table)


def test_multipliers_count_the_other_kind_and_are_not_of_it():
    """«Карти-множники ПО»: lighthouse 1 per boat, shoal 1 per fish, colony 2 per penguin, captain 3 per sailor."""
    assert card_points(["lighthouse-1", "boat-1", "boat-3", "boat-5"]) == 3 + 1
    assert card_points(["shoal_of_fish-1", "fish-1"]) == 1
    assert card_points(["penguin_colony-1", "penguin-1", "penguin-2"]) == 4 + 3
    assert card_points(["captain-1", "sailor-1", "sailor-2"]) == 6 + 5
    assert card_points(["captain-1"]) == 0 and card_points(["lighthouse-1", "shoal_of_fish-1"]) == 0


def test_score_breakdowns_add_up_and_name_no_card():
    for seed in range(6):
        s = g.setup(3, seed=seed)
        r = random.Random(seed)
        while not g.is_over(s):
            s, _ = g.apply(s, bots.choose(s, s.turn, r))
        for b in g.score(s):
            assert b.total == s.scores[b.player] == sum(row[1 + b.player] for row in s.history)
        cards = s.hands[0] + s.zones[0]
        lines = breakdown(cards, bonus=True).lines
        assert sum(line.points for line in lines) == card_points(cards) + colour_bonus(cards)
        for line in lines:
            for lang in ("en", "uk"):
                assert not any(mentions(line.label(lang), c) for c in C.ALL_CARDS) and "_" not in line.label(lang)


# --------------------------------------------------------------------------- words, rulings, interface

def test_every_section_and_ruling_has_words_in_english_and_ukrainian():
    headings = open_rulebook_headings()
    for sec in g.SECTIONS:
        assert sec.title("en") and sec.title("uk") != sec.title("en") or sec.id.endswith("rulings")
        assert sec.heading in headings or sec.heading == "—", sec.heading
    for ruling in g.RULINGS:
        assert ruling.say("en") and ruling.say("uk") != ruling.say("en")


def open_rulebook_headings() -> str:
    """The headings as the tutor copied them (the rulebook text is not read at test time)."""
    return " ".join(s.heading for s in g.SECTIONS)


def test_action_labels_name_cards_as_players_say_them():
    s = in_play([["crab-1", "crab-2"], []])
    for a in g.legal_actions(s, 0):
        for lang in ("en", "uk"):
            label = ui.action_label(a, lang)
            assert label and not any(mentions(label, c) for c in C.ALL_CARDS), label
    assert ui.action_label(PlayDuo(0, "crab-1", "crab-2"), "en") == "Play dark blue crab + dark blue crab"
    assert ui.board_keys(Keep(0, "crab-1", 1)) == ("card:crab-1", "pile:1")


def test_events_narrate_in_both_languages_without_card_ids():
    s = g.setup(3, seed=11)
    r = random.Random(11)
    while not g.is_over(s):
        s, events = g.apply(s, bots.choose(s, s.turn, r))
        for e in events:
            for viewer in (None, 0):
                for lang in ("en", "uk"):
                    said = e.for_viewer(viewer).narrate(lang)
                    assert said and not any(mentions(said, c) for c in C.ALL_CARDS), said


def test_saved_positions_round_trip_and_refuse_nonsense():
    s = andriy_and_oksana()
    assert g.state_from_json(g.to_json(s)) == s
    data = json.loads(g.to_json(s))
    data["hands"][0].append(data["deck"][0])
    with pytest.raises(g.SavedStateError):
        g.state_from_json(json.dumps(data))


# --------------------------------------------------------------------------- the board

def test_render_shows_what_each_viewer_may_see_and_nothing_more():
    s = in_play([["crab-1", "crab-2", "shell-3"], ["octopus-1"]], discards=[["penguin-1"], ["boat-2", "sailor-2"]])
    s, _ = g.apply(s, PlayDuo(0, "crab-1", "crab-2"))
    s, _ = g.apply(s, CrabPile(0, 1))
    for viewer in (None, 0, 1):
        svg = g.render(g.view(s, viewer), lang="uk")
        root = ET.fromstring(svg)
        assert root.get("viewBox") and root.find("{http://www.w3.org/2000/svg}title") is not None
        shown = {el.get("data-card") for el in root.iter() if el.get("data-card")}
        assert not shown & g.secrets(s, viewer), viewer
        signs = [el for el in root.iter() if el.get("class") == "colour-sign"]
        assert len(signs) == len([el for el in root.iter() if el.get("class") == "card"])     # colour + sign
    svg0 = g.render(g.view(s, 0))
    assert 'data-card="boat-2"' in svg0 and 'data-card="octopus-1"' not in svg0
    assert 'data-card="boat-2"' not in g.render(g.view(s, 1))
    words = " ".join(t for el in ET.fromstring(svg0).iter() for t in [el.text or ""])
    assert not any(mentions(words, c) for c in C.ALL_CARDS)


def test_render_marks_what_may_be_chosen():
    s = g.setup(2, seed=1)
    offers = {"deck": "a1", "pile:0": "a2", "pile:1": "a3"}
    svg = g.render(g.view(s, 0), choosable=offers)
    root = ET.fromstring(svg)
    marked = {el.get("data-key"): el.get("data-choice") for el in root.iter() if el.get("data-choice")}
    assert marked == offers and root.get("role") == "group"
    for el in root.iter():
        if el.get("data-choice"):
            assert el.get("tabindex") == "0" and el.get("role") == "button" and el.get("aria-label")
    assert 'data-choice' not in g.render(g.view(s, 0))
    keys = {k for a in g.legal_actions(s, 0) for k in ui.board_keys(a)}
    assert keys == set(offers)


# --------------------------------------------------------------------------- stages (question before answer)

def test_stages_pause_after_a_round_ends_before_the_next_deal():
    """A round-ending action is cut at "round_end" (hands revealed, the round scored, nothing dealt yet), then
    "done" is apply's own position; the events of the stages are apply's, in order."""
    s = andriy_and_oksana()
    after, events = g.apply(s, Stop(0))
    stages = g.stages(s, Stop(0))
    assert [name for name, _, _ in stages] == ["round_end", "done"]
    assert stages[-1][1] == after and [e for _, _, ev in stages for e in ev] == events
    scored = stages[0][1]
    assert scored.round == 1 and scored.scores == (7, 4) and scored.revealed == (True, True)
    assert scored.hands == s.hands and g.check_invariants(scored) == []
    assert "round_scored" in kinds(stages[0][2]) and kinds(stages[1][2])[0] == "new_round"
    one = g.stages(s, EndTurn(0))
    assert [name for name, _, _ in one] == ["done"] and one[0][1] == g.apply(s, EndTurn(0))[0]


def test_stages_match_apply_over_whole_games():
    for seed in range(6):
        s = g.setup(2 + seed % 3, seed=seed)
        r = random.Random(seed)
        for _ in range(300):
            if g.is_over(s):
                break
            a = r.choice(g.legal_actions(s, g.to_move(s)[0]))
            after, events = g.apply(s, a)
            stages = g.stages(s, a)
            assert stages[-1][0] == "done" and stages[-1][1] == after
            assert [e for _, _, ev in stages for e in ev] == events
            for _, position, _ in stages[:-1]:
                assert g.check_invariants(position) == []
            s = after


def test_another_players_draw_is_told_by_its_count_not_as_a_card():
    import random

    from tutor.core.events import for_viewer
    from tutor.core.game import spec
    from tutor.games.sea_salt_paper.text import card_name, narrate
    g = spec("sea_salt_paper")
    s, rnd, told = g.setup(2, seed=3), random.Random(3), 0
    while not g.is_over(s) and told < 4:
        p = rnd.choice(g.to_move(s))
        s, events = g.apply(s, rnd.choice(g.legal_actions(s, p)))
        for e in (e for e in events if e.kind.endswith(".kept") and e.data.get("discarded") is not None):
            [hidden] = for_viewer([e], 1 - e.data["player"])
            for lang in ("en", "uk"):        # the kept card is secret: no "keeps «a card»"
                said = narrate(hidden, lang)
                assert f"«{card_name(None, lang)}»" not in said and f"the {card_name(None, lang)}" not in said, said
                assert card_name(e.data["discarded"], lang) in narrate(hidden, lang)
        for e in (e for e in events if e.kind.endswith(".drew")):
            [hidden] = for_viewer([e], 1 - e.data["player"])
            for lang in ("en", "uk"):
                said = narrate(hidden, lang)
                assert said.endswith(".") and card_name(None, lang) not in said, said
                assert all(card_name(c, lang) in narrate(e, lang) for c in e.data["cards"])
            told += 1
    assert told == 4


def test_a_long_hand_lies_unoverlapped_beside_an_empty_played_row():
    """Nine cards in hand and none played: the hand takes the room the played row does not need, so no card
    covers its neighbour's words (they were clipped: "mermai", "colour coun")."""
    import re

    from tutor.core.game import spec
    from tutor.games.sea_salt_paper.render import SW, render
    g = spec("sea_salt_paper")
    hand = ["mermaid-1", "mermaid-2", "shell-1", "shell-2", "crab-1", "fish-1", "octopus-1", "penguin-1", "sailor-1"]
    s = g.setup(2, seed=1, hands=[hand, ["boat-1"]], zones=[[], ["crab-2", "crab-3"]])
    svg = render(g.view(s, 0), lang="en")
    panel = svg[svg.index('<g class="panel" data-seat="0"'):svg.index('<g class="panel" data-seat="1"')]
    hand_part = panel[panel.index('<g class="hand">'):]
    xs = [float(x) for x in re.findall(r'<g transform="translate\(([0-9.]+)[ ,]', hand_part)][:len(hand)]
    assert len(xs) == len(hand) and all(b - a >= SW for a, b in zip(xs, xs[1:])), xs


def test_a_lesson_position_with_totals_from_earlier_rounds_is_not_in_round_1():
    """Fresh reader (stop 44): the four-mermaids example's board said "Round 1" over totals of 6, 30 and 21. A lesson
    position that gives the players totals is in a later round."""
    from pathlib import Path
    from tutor.core.safe_input import load_yaml
    checked = 0
    for path in sorted((Path(__file__).resolve().parents[2] / "lessons" / "sea_salt_paper").glob("*/*.yaml")):
        setup = (load_yaml(path.read_text(encoding="utf-8")) or {}).get("setup") or {}
        if isinstance(setup, dict) and any(setup.get("scores", {}).values()):
            checked += 1
            assert setup.get("round", 1) > 1, f"{path.name}: totals {setup['scores']} in round 1"
    assert checked >= 3
