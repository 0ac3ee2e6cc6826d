"""Козырные киты after a fresh reader's pass (issue #22, second reading): what the board rings at a new round, how
the Russian names cards after verbs and reads after a colon, who chooses themselves, the rulings' one voice and
the score helper's finished round."""

from __future__ import annotations

import html
import random
import re

import pytest

from tutor.games import trump_whales as g
from tutor.games.trump_whales.rules import Pick, PlayCard

from helpers import applied



def test_a_new_round_rings_no_card_of_the_last_trick_in_the_fresh_hands():
    """N4: card ids come back with the new deal; the pick that ended the round named the last trick's cards, and
    the board ringed them in the new hands as "just happened". At four players every card is dealt, so each card
    of the last trick lies in some hand the teacher's view shows."""
    r = random.Random(3)
    s = g.setup(4, seed=3)
    while True:
        seat = g.to_move(s)[0]
        action = r.choice(g.legal_actions(s, seat))
        s, events = g.apply(s, action)
        if isinstance(action, Pick) and s.round == 2:
            break
    picked = next(e for e in events if e.kind.endswith((".picked", ".picked_five"))).data["card"]
    assert any(picked in h for h in s.hands)            # the id is back, in a new hand
    for viewer in (None, 0):
        svg = g.render(g.view(s, viewer), lang="ru", events=events)
        assert 'class="event"' not in svg, re.findall(r'class="event" data-target="[^"]*"', svg)


def test_a_refused_move_reads_as_two_sentences_in_russian():
    """L3: the your-turn refusal said «✗ Так ходить нельзя: У игрока 2 есть карта…», a capital after a colon (the
    game's reason is a sentence). The shared prefix now ends with a full stop, as «Нельзя.» does elsewhere."""
    from tutor.widgets.your_turn import YourTurn
    w = YourTurn("trump_whales/follow-and-win", lang="ru")
    next(b for b in w.action_buttons() if getattr(b.action, "card", None) == "orca-1").click()
    assert w.outcome == "refused"
    status = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", w.view["status"])))
    assert "Так ходить нельзя. У игрока 2 (вы) есть карта семейства «Кашалот»" in status, status
    assert not re.search(r": [А-ЯЁ]", status.split("(")[0]), status


def test_a_deal_names_the_first_player_in_lower_case_and_cards_are_dealt_out():
    """L3, L4: «первый ход: Игрок 1» mid-sentence, and «все карты розданы» (the participle is «разданы»)."""
    for players in (3, 4):
        events = []
        from tutor.games.trump_whales.rules import _deal
        _deal({"players": players, "rng": 3, "scores": (0,) * players, "history": ()}, events, 1, 0)
        said = next(e for e in events if e.kind.endswith(".dealt")).narrate("ru")
        assert said.endswith("первый ход: игрок 1."), said
        assert "розданы" not in said
    assert "все карты разданы" in said


def test_cards_after_a_verb_are_in_the_accusative_in_russian_and_unchanged_in_english():
    """L2: «Игрок 2 играет «Косатка 6»», «Выбрать «Косатка 8»»: the card is the verb's object, «косатку 6»."""
    from tutor.games.trump_whales import ui
    from tutor.games.trump_whales.rules import ChooseBonus, PlayCard
    s = g.setup(4, seed=1, first=0, trump="narwhal", token=9,
                hands=[["orca-6", "narwhal-1"], ["orca-8", "blue_whale-2"], ["sperm_whale-3", "five-1"],
                       ["blue_whale-9", "narwhal-4"]], bonuses=[[], [], [], []])
    s, led = g.apply(s, PlayCard(0, "orca-6"))
    s, followed = g.apply(s, PlayCard(1, "orca-8"))
    s, third = g.apply(s, PlayCard(2, "sperm_whale-3"))
    s, last = g.apply(s, PlayCard(3, "blue_whale-9"))
    assert led[0].narrate("ru") == "Игрок 1 ходит первым и играет косатку 6."
    assert followed[0].narrate("ru") == "Игрок 2 играет косатку 8."
    # no orca in hand: the line says why any card may go (a bot's off-family card read as breaking the rule)
    assert third[0].narrate("ru") == "Игрок 3 играет кашалота 3: карт семейства «Косатка» на руке нет, значит, можно любую."
    assert last[0].narrate("ru").startswith("Игрок 4 играет синего кита 9: карт семейства «Косатка» на руке нет")
    assert third[0].narrate("en") == "Player 3 plays Sperm whale 3: no Orca card in hand, so any card may go."
    assert followed[0].narrate("en") == "Player 2 plays Orca 8." and led[0].narrate("en") == "Player 1 leads Orca 6."
    from tutor.games.trump_whales import components as C
    assert C.PEARLS["orca-8"] == 2
    assert ui.action_label(Pick(3, "orca-8"), "ru") == "Выбрать косатку 8"          # no pearls: the card says them
    assert ui.action_label(Pick(3, "orca-8"), "en") == "Pick Orca 8"
    assert ui.action_label(PlayCard(0, "narwhal-1"), "ru") == "Сыграть нарвала 1"
    assert ui.action_label(ChooseBonus(0, "blue_whale-2"), "ru") == "Выложить синего кита 2 первым бонусом"
    assert ui.action_label(ChooseBonus(0, "blue_whale-2"), "en") == "Lay Blue whale 2 as first bonus"
    laid = g.apply(g.setup(3, seed=2), ChooseBonus(0, g.setup(3, seed=2).hands[0][0]))[1][0]
    assert "выкладывает первым бонусом " in laid.narrate("ru") and "«" not in laid.narrate("ru")


def test_a_player_who_chooses_themselves_to_lead_is_said_so():
    """"Player 1 chooses Player 1 to lead": the chooser naming themself chooses themselves («выбирает себя»)."""
    from tutor.games.trump_whales.rules import ChooseLeader
    s = g.setup(3, seed=1, first=0, trump="orca", token=9,
                hands=[["five-1", "orca-1"], ["orca-9", "orca-2"], ["orca-3", "narwhal-4"]], bonuses=[[], [], []])
    s, _ = applied(g, s, PlayCard(0, "five-1"), PlayCard(1, "orca-9"), PlayCard(2, "orca-3"), Pick(1, "orca-3"))
    assert s.phase == "leader" and s.turn == 0
    _, self_chosen = g.apply(s, ChooseLeader(0, 0))
    _, other = g.apply(s, ChooseLeader(0, 2))
    assert self_chosen[0].narrate("en") == "Player 1 chooses themselves to lead the next trick."
    assert self_chosen[0].narrate("ru") == "Игрок 1 выбирает себя: следующую взятку начнёт он сам."
    assert other[0].narrate("en") == "Player 1 chooses Player 3 to lead the next trick."


def test_the_rulings_speak_in_the_tutors_voice():
    """One voice: the rulings list said «мы читаем как…» where every other ruling says «тьютор» / the tutor."""
    from tutor.games.trump_whales import RULINGS
    first_person = {"ru": re.compile(r"(?<!\w)(мы|нас|нам|наш\w*)(?!\w)", re.I),
                    "en": re.compile(r"\b(we|us|our)\b", re.I)}
    for ruling in RULINGS:
        for lang, pattern in first_person.items():
            assert not pattern.search(ruling.say(lang)), (ruling.id, lang, ruling.say(lang))
    assert "тьютор читает" in next(r for r in RULINGS if r.id.endswith("bonus-next-trick")).say("ru")


def test_the_example_trick_says_the_new_bonus_serves_from_the_next_trick():
    """Ruling bonus-next-trick: Андрей's bonus serves from the trick after the one he gained it in. The last step
    said «уже с этой взятки» where English said "from that trick on"; both now name the next trick."""
    from pathlib import Path
    import yaml
    root = Path(__file__).resolve().parents[2]
    data = yaml.safe_load((root / "lessons/trump_whales/scenarios/example-trick.yaml").read_text(encoding="utf-8"))
    last = data["steps"][-1]["say"]
    assert "начиная со следующей взятки" in last["ru"] and "с этой взятки" not in last["ru"]
    assert "from the next trick on" in last["en"]


def test_the_score_helper_draws_a_finished_round_whose_cards_add_up():
    """The helper's picture showed "Trick 8 of 8" with a card still in hand: with 9 unused bonuses that made 10 of
    the player's cards in a 9-card round. Now every trick is played: no hand, nobody to move, the round over, and
    the 36 cards are all somewhere; the player's own cards (bonuses and hand) are no more than the 9 dealt."""
    from tutor.games.trump_whales import components as C
    from tutor.games.trump_whales.sandbox import MOST, MOST_BONUSES, ScoreHelper, ZHENYA_SEAT, position
    for pearls, bonuses in ((7, 3), (0, MOST_BONUSES), (MOST, 0)):
        v = g.view(position(pearls, bonuses), None)
        assert all(seat["hand_count"] == 0 for seat in v["seats"]) and not v["trick"]
        assert v["tricks"] == C.TRICKS
        me = v["seats"][ZHENYA_SEAT]
        assert (me["pearl_count"], len(me["bonuses"])) == (pearls, bonuses)
        assert len(me["bonuses"]) + me["hand_count"] <= C.HAND
        held = sum(s["pearl_count"] + len(s["bonuses"]) + s["hand_count"] for s in v["seats"])
        assert held + v["discard_count"] + v["aside_count"] == len(C.ALL_CARDS)
    for lang, over, trick in (("en", "Round over", "Trick 8 of 8"), ("ru", "Раунд окончен", "Взятка 8 из 8")):
        svg = ScoreHelper(lang=lang, pearls=7, bonuses=3).svg.value
        assert over in svg and trick not in svg
        assert 'class="note"' not in svg            # nobody is "picking the reward" or "to move"


def test_the_score_helper_refuses_pearls_no_round_could_give_with_so_many_bonuses():
    """Bonuses are the player's own cards (the first, and one per trick lost with their card picked), so unused
    bonuses and tricks won share the 9 cards: 9 unused bonuses and 7 pearl cards cannot both be (it was accepted,
    as long as the two together stayed under 29). Every bound is reached by some round: won tricks each give the
    richest card's pearls, and a first bonus used as «+1» adds its card."""
    from tutor.games.trump_whales import components as C
    from tutor.games.trump_whales.sandbox import MOST_BONUSES, ScoreHelper, check_counts, most_pearls
    from tutor.core.errors import RuleViolation
    assert MOST_BONUSES == C.HAND and max(C.PEARLS.values()) == 3
    assert [most_pearls(b) for b in range(MOST_BONUSES + 1)] == [25, 24, 21, 18, 15, 12, 9, 6, 3, 0]
    assert check_counts(7, 3) == (7, 3)                   # Женя's round
    for lang in ("en", "ru"):
        h = ScoreHelper(lang=lang, pearls=7, bonuses=3)
        h.set_counts(7, 9)
        assert h.errors.message and (h.pearls.value, h.bonuses.value) == (7, 3) and h.total == 8
    try:
        check_counts(1, 9)
    except RuleViolation as e:
        assert "самое большее 0" in e.reason("ru") and "at most 0" in e.reason("en")
    else:
        raise AssertionError("9 unused bonuses and a pearl card were accepted")


@pytest.mark.parametrize("seed", range(6))
def test_the_first_bonus_buttons_come_in_the_hands_order(seed):
    """A reader saw 'Lay Blue whale 9, Blue whale 8, Orca 1, the Five…' under a hand drawn Orca 1, 7, 9…: the
    buttons follow the hand as the board draws it."""
    from tutor.games.trump_whales import components as C
    from tutor.games.trump_whales.ui import offered_actions
    s = g.setup(4, seed=seed)
    cards = [a.card for a in offered_actions(s, 0)]
    assert cards == sorted(s.hands[0], key=C.ORDER.__getitem__)


@pytest.mark.parametrize("name", ["who-wins", "led-five-wins"])
@pytest.mark.parametrize("layout", ["phone", "laptop", "projector"])
def test_a_who_wins_quiz_draws_its_deciding_card_in_the_trick_and_no_winner(name, layout):
    """The card the question tells in words ("Player 4 … plays Orca 1") is drawn where it will lie in the trick, dashed,
    under the name of the player to move, and nobody is marked the winner: a phone learner kept it in mind down a
    screen and a half of board (a reader of wave 21)."""
    from pathlib import Path
    from tutor.core import quiz as Q
    q = Q.load_file(Path(__file__).resolve().parents[2] / "lessons" / "trump_whales" / "quizzes" / f"{name}.yaml")
    [(seat, card)] = q["do"]["play"].items()
    state = Q.asked(q)
    svg = g.render(g.view(state, None), highlight=tuple(q["highlight"]), lang="en", layout=layout)
    coming = re.search(r'<g class="coming" data-coming="([^"]+)".*?</g>', svg, re.S)
    assert coming and coming.group(1) == card, "the deciding card is not drawn in the trick"
    assert 'class="winner-mark"' not in svg, "a winner marked before the learner answers"
    assert "plays it" in svg and f"Player {seat}" in svg
    # ... inside the trick's ring with the others (left out, the ring grouped the cards that could still win, and the
    # one outside it read as one that cannot: the question's answer, a reader of wave 22)
    ring = re.search(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*class="highlight" data-target="trick"', svg)
    card_x = re.search(r'<g class="coming"[^>]*>\s*<g transform="translate\(([\d.]+)', svg)
    assert ring and card_x, "no trick ring or no card to come"
    assert float(ring.group(1)) + float(ring.group(2)) > float(card_x.group(1)) + 20, (ring.groups(), card_x.group(1))
