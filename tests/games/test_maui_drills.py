"""Мяури's drills (tutor/games/maui/drills.py): over many seeds each question is fit, its answer is worked out
again here with the engine (the round replayed from a fresh setup of the shown position, or each of the
learner's cards applied), it is not always the same answer at the same place, its reasons cite rules the game
knows, its words speak every lesson language without an internal id, and a session never repeats a position.

tests/test_drills.py checks every game's drills the same generic way; this module re-derives the answers."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import helpers
import pytest

from tutor.core import drill as D
from tutor.core.rules import cite
from tutor.games import maui
from tutor.games.maui import components as C
from tutor.games.maui.rules import Dive

SEEDS = 150
LANGS = ("en", "ru")
DRILLS = {d.id: d for d in D.drills("maui")}
# what a learner must never read: catch card ids, dive card ids, rule ids, untranslated catalogue keys
INTERNAL = re.compile(r"\b(?:catfish|tiger|tuna|lantern|jellyfish|seagull)-\d+\b|\bdive-\d+-\d+\b|\bmaui[.:][a-z]")


def questions(drill_id: str, seeds: int = SEEDS) -> tuple:
    return helpers.drill_questions(drill_id, seeds)


def replayed(state):
    """The round whose cards `state` shows turned up, played again by the engine from a fresh setup of the same
    table (hands, piles, lagoon, deck, Kiti): (the position after, its events)."""
    assert state.stage == "reveal", "a who-takes question shows the cards turned up"
    cards = state.revealed
    fresh = maui.setup(
        state.players, kiti=state.kiti, variant=state.variants, round=state.round, lagoon=[list(c) for c in state.lagoon],
        hands=[list(h) + [c] for h, c in zip(state.hands, cards)], piles=[list(p) for p in state.piles],
        deck=list(state.deck), removed=state.removed[0] if state.removed else None, boxed=state.boxed)
    events = []
    for seat, card in enumerate(cards):
        fresh, more = maui.apply(fresh, Dive(seat, card))
        events += more
    return fresh, events


def the_cell(q) -> str | None:
    cells = [h.split(":", 1)[1] for h in q.highlight if h.startswith("cell:")]
    return cells[0] if cells else None


def taker(events, depth):
    found = [e.data["player"] for e in events if e.kind == "maui.catch" and e.data["depth"] == depth]
    assert len(found) <= 1
    return found[0] if found else None


# --------------------------------------------------------------------------- the generic contract, seed by seed

@pytest.mark.parametrize("drill_id", sorted(DRILLS))
def test_every_question_is_fit_speaks_every_language_and_cites_known_rules(drill_id):
    answers, places = set(), set()
    for seed, q in enumerate(questions(drill_id)):
        assert D.problems(q) == [], (drill_id, seed, D.problems(q))
        assert q.drill == drill_id
        cite(q.rule, "en")
        assert q.why, f"{drill_id} seed {seed}: nothing for 'show me why'"
        for item in q.why:
            rules = [item.rule] if hasattr(item, "narrate") else [line.rule for line in item.lines]
            for rule in rules:
                for lang in LANGS:
                    assert cite(rule, lang), (drill_id, seed, rule)
        keys = [o.key for o in q.options]
        answers.add(tuple(sorted(q.answer)))
        places.add(tuple(i for i, k in enumerate(keys) if k in q.answer))
        for lang in LANGS:
            texts = [D.said(q.prompt, lang), D.said(q.hint, lang), D.said(q.explain, lang)]
            labels = [D.said(o.label, lang) for o in q.options]
            for text in texts + labels:
                assert text.strip(), (drill_id, seed, lang)
                assert not INTERNAL.search(text), f"{drill_id} seed {seed} ({lang}): {text!r}"
                assert "{" not in text, f"{drill_id} seed {seed} ({lang}): a field left unfilled in {text!r}"
            assert len(set(labels)) == len(labels), (drill_id, seed, lang, labels)
            # the hint points at the rule: it never names a right answer
            hint = D.said(q.hint, lang)
            for o in q.options:
                if o.key in q.answer:
                    assert not re.search(rf"(?<!\w){re.escape(D.said(o.label, lang))}(?!\w)", hint), \
                        (drill_id, seed, lang, hint)
        if lang == "ru":
            assert re.search("[а-я]", D.said(q.prompt, "ru")), "the Russian prompt is Russian"
    assert len(answers) > 1, f"{drill_id}: every question had the same answer {answers}"
    assert len(places) > 1, f"{drill_id}: the right option was always at the same place {places}"


@pytest.mark.parametrize("drill_id", sorted(DRILLS))
def test_a_session_of_thirty_questions_never_repeats_a_position(drill_id):
    d = DRILLS[drill_id]
    seen: set = set()
    for n in range(30):
        q = D.question(d, f"session/{n}", skip=seen)
        assert q.key not in seen
        seen.add(q.key)
    assert len(seen) == 30


def test_the_same_seed_makes_the_same_question():
    for d in DRILLS.values():
        assert D.question(d, 42).key == D.question(d, 42).key
        assert D.question(d, 42).key != D.question(d, 43).key


def test_there_are_four_drills_in_lesson_parts():
    assert len(DRILLS) >= 4
    assert {d.part for d in DRILLS.values()} <= {"part-depths", "part-disputes", "part-seagull", "part-no-fights"}


# --------------------------------------------------------------------------- the answers, worked out again

def test_who_takes_matches_the_round_replayed_from_a_fresh_setup():
    asked = set()
    for seed, q in enumerate(questions("maui/who-takes")):
        depth = the_cell(q)
        # a tie may lie on the table, but never one Kiti settles for this answer: every seat of Kiti gives it
        for kiti in range(q.state.players):
            _, events = replayed(replace(q.state, kiti=kiti))
            if depth is None:      # who catches nothing?
                right = {f"p{e.data['player'] + 1}" for e in events if e.kind == "maui.empty_handed"}
            else:
                right = {f"p{taker(events, depth) + 1}"}
            assert set(q.answer) == right, (seed, depth, kiti, q.answer, right)
        asked.add(depth)
        # the highest card takes the deep, the lowest the shallows (the rulebook's own words, checked on the cards)
        cards = q.state.revealed
        if depth == "deep":
            assert q.answer == {f"p{cards.index(max(cards)) + 1}"}
        if depth == "shallow":
            assert q.answer == {f"p{cards.index(min(cards)) + 1}"}
    assert asked == {"deep", "middle", "shallow", None}, asked


def test_who_takes_asks_about_a_cell_that_is_not_the_highest_or_lowest_card_in_half_the_questions_and_no_tie():
    """Issue #23: '2, 12, 9: who takes the deep?' was most of the drill. And no two equal cards: this is part 5's
    drill, and what becomes of a tie's loser is part 7's (a reader, stop 46)."""
    qs = questions("maui/who-takes")
    ties = [q for q in qs if len(set(q.state.revealed)) < q.state.players]
    harder = [q for q in qs if the_cell(q) in ("middle", None)]
    assert not ties, f"{len(ties)} of {len(qs)} questions have two equal cards"
    assert len(harder) >= 0.5 * len(qs), f"{len(harder)} of {len(qs)} questions ask the middle or who catches nothing"


def test_kiti_decides_matches_the_replayed_round_and_turns_on_a_tie():
    hands = set()
    for seed, q in enumerate(questions("maui/kiti-decides")):
        _, events = replayed(q.state)
        depth = the_cell(q)
        winner = taker(events, depth)
        assert set(q.answer) == {f"p{winner + 1}"}, (seed, depth)
        disputes = [e for e in events if e.kind == "maui.dispute"]
        assert disputes, f"seed {seed}: no tie to settle"
        d = next((e for e in disputes if e.data["depth"] == depth), None)
        if d is None:   # the middle, won by the loser of the tie for the deep
            assert depth == "middle" and [e.data["depth"] for e in disputes][0] == "deep"
            assert winner in disputes[0].data["players"] and winner != disputes[0].data["player"]
            continue
        hands.add(d.data["hand"])
        assert winner in d.data["players"]
        # the winner is the tied diver nearest the hand: the right hand counts counter-clockwise from Kiti's
        # seat, the left hand clockwise from the next seat (ruling maui/seating)
        n, k = q.state.players, q.state.kiti
        order = [(k - i) % n for i in range(n)] if depth != "shallow" else [(k + 1 + i) % n for i in range(n)]
        assert winner == min(d.data["players"], key=order.index), (seed, depth)
    assert hands == {"right", "left"}


def test_win_the_cell_answers_are_exactly_the_cards_that_take_it():
    sizes = set()
    for seed, q in enumerate(questions("maui/win-the-cell")):
        me, depth = q.viewer, the_cell(q)
        assert q.multi
        assert [o.key for o in q.options] == [f"c{c}" for c in q.state.hands[me]], "every card of the hand is offered"
        assert all(q.state.chosen[s] is not None for s in range(q.state.players) if s != me)
        cell = q.state.lagoon[C.DEPTHS.index(depth)]
        right = set()
        for card in q.state.hands[me]:
            after, events = maui.apply(q.state, Dive(me, card))
            got = [e.data["cards"] for e in events if e.kind == "maui.catch" and e.data["player"] == me]
            if got == [list(cell)]:
                right.add(f"c{card}")
        assert set(q.answer) == right, (seed, depth, sorted(q.answer), sorted(right))
        sizes.add(len(right))
    assert len(sizes) > 1


def test_win_the_cell_shows_one_play_and_says_what_every_card_would_do():
    """Issue #23: 'show me why' mixed several what-if plays (three players took the same fish). Stop 48: it showed
    the plain lowest card while the tying 6 was the one to explain, and said "a tie goes to the left hand" of a tie
    that was for the middle."""
    for seed, q in enumerate(questions("maui/win-the-cell")):
        me, depth = q.viewer, the_cell(q)
        catches = [e for e in q.why if e.kind == "maui.catch"]
        assert len({e.data["depth"] for e in catches}) == len(catches), (seed, "one taker a cell")
        assert len({e.data["player"] for e in catches}) == len(catches), (seed, "one catch a diver")
        # the play shown: a winning card that ties (the one to explain, a reader of stop 48), else the lowest
        mine = [e for e in q.why if e.data.get("player") == me and e.kind in ("maui.catch", "maui.empty_handed")]
        [shown] = [e.data["card"] for e in mine]
        assert f"c{shown}" in q.answer
        tied = [e for e in q.events if e.kind == "maui.dispute" and me in e.data["players"]]
        if not tied:
            assert shown == min(int(k[1:]) for k in q.answer), (seed, "no tie: the lowest winning card is shown")
        else:
            # its tie is told as Kiti settles it: the player she favours, in every language
            for lang in LANGS:
                assert str(tied[0].data["player"] + 1) in D.said(q.explain, lang)
        assert taker(q.events, depth) == me and q.after.round == q.state.round, (seed, "the board shows that play")
        for e in catches:
            assert e.data["cards"] == list(q.state.lagoon[C.DEPTHS.index(e.data["depth"])]), "this round's cells only"
        for lang in LANGS:
            told = set(map(int, re.findall(r"\d+", D.said(q.explain, lang))))
            assert set(q.state.hands[me]) <= told, (seed, lang, "every card of the hand is accounted for")


def test_pile_worth_is_the_sum_of_the_cards_left_in_the_pile():
    kinds = set()
    for seed, q in enumerate(questions("maui/pile-worth")):
        me = q.viewer
        after, events = replayed(q.state)
        worth = sum(C.value(c) for c in after.piles[me])          # the cards' printed values, added up
        assert set(q.answer) == {f"v{worth}"}, (seed, q.answer, worth)
        assert maui.score(after)[me].total == worth
        got = [c for e in events if e.kind == "maui.catch" and e.data["player"] == me for c in e.data["cards"]]
        assert any(C.kind(c) in ("seagull", "jellyfish") for c in got), "the question is about a seagull or jellyfish"
        kinds.update(C.kind(c) for c in got)
        before = sum(C.value(c) for c in q.state.piles[me])
        assert worth != before, "a seagull or a jellyfish always changes the pile's worth"
        assert f"v{before}" in {o.key for o in q.options}, "the worth before the round is a wrong option"
    assert {"seagull", "jellyfish"} <= kinds


def test_pile_worth_names_kitis_hands_and_shows_the_tie_when_the_answer_turns_on_one():
    """Issue #23: a tie decided which cell was yours, yet the prompt said nothing of Kiti and 'why' skipped it."""
    turned = 0
    for seed, q in enumerate(questions("maui/pile-worth")):
        me = q.viewer
        worths = {sum(C.value(c) for c in replayed(replace(q.state, kiti=k))[0].piles[me])
                  for k in range(q.state.players)}
        events = replayed(q.state)[1]
        mine = next(C.DEPTHS.index(e.data["depth"]) for e in events if e.kind == "maui.catch" and e.data["player"] == me)
        deciding = [e for e in events if e.kind == "maui.dispute"
                    and (C.DEPTHS.index(e.data["depth"]) < mine or me in e.data["players"])]
        hands = "Kiti's red right hand points to" in D.said(q.prompt, "en")
        if len(worths) > 1:            # where Kiti sits changes the answer
            turned += 1
            assert deciding and hands, (seed, "the prompt says where Kiti's hands point")
        assert hands == bool(deciding), seed
        for e in deciding:
            assert e in q.why, (seed, "the tie is in 'show me why'", e.data)
        for e in q.why:
            if getattr(e, "kind", None) == "maui.catch":
                assert e.data["cards"] == list(q.state.lagoon[C.DEPTHS.index(e.data["depth"])]), "this round only"
    assert turned, "some questions turn on a tie"


def test_no_fights_a_tied_cell_stays_and_the_next_goes_to_the_next_card_in_line():
    answers = set()
    for seed, q in enumerate(questions("maui/no-fights")):
        assert q.state.kiti is None and "no-fights" in q.state.variants
        after, events = replayed(q.state)
        depth = the_cell(q)
        cell = C.DEPTHS.index(depth)
        ties = [e for e in events if e.kind == "maui.tie_no_catch"]
        assert ties, f"seed {seed}: no tie"
        (key,) = q.answer
        answers.add(key == "nobody")
        if key == "nobody":
            # nobody took it: what lay in the cell still lies there, under next round's card
            held = q.state.lagoon[cell]
            assert after.lagoon[cell][:len(held)] == held, (seed, depth)
            assert taker(events, depth) is None
        else:
            seat = int(key[1:]) - 1
            assert taker(events, depth) == seat, (seat, depth)
            assert seat not in [p for e in ties for p in e.data["players"]], "a tied diver never goes on"
    assert answers == {True, False}


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_in_the_player_gets_the_hint_then_the_reasons(lang):
    from tutor.widgets.drill import DrillPlayer
    for d in DRILLS.values():
        w = DrillPlayer(d, lang=lang, seed=3)
        q = w.question
        w.pick(next(o.key for o in q.options if o.key not in q.answer))
        if q.multi:
            w.submit()
        assert "tutor-task-hint" in w.verdict.value
        assert D.said(q.hint, lang) in html.unescape(re.sub(r"<[^>]+>", "", w.verdict.value))
        w.show_why()
        assert "tutor-drill-why" in w.verdict.value and not w.errors.message


def test_a_tie_is_named_by_its_cards_two_1s_not_equal_cards_1():
    """Issue #23: «одинаковые карты 1» read worse than «две единицы»; the count follows the tied divers."""
    words = {2: ("two", "две"), 3: ("three", "три"), 4: ("four", "четыре"), 5: ("five", "пять"), 6: ("six", "шесть")}
    said = 0
    for drill_id, kind in (("maui/kiti-decides", "maui.dispute"), ("maui/no-fights", "maui.tie_no_catch")):
        for seed, q in enumerate(questions(drill_id, 60)):
            ru = D.said(q.explain, "ru")
            assert "одинаковые карты" not in ru, (drill_id, seed, ru)
            depth = the_cell(q)
            ties = [e for e in q.events if e.kind == kind and e.data["depth"] == depth]
            if ties:
                (tie,) = ties
                en_word, ru_word = words[len(tie.data["players"])]
                assert f"{en_word} {tie.data['card']}s" in D.said(q.explain, "en"), (drill_id, seed)
                assert f"спорят {ru_word} " in ru or f"Спорят {ru_word} " in ru, (drill_id, seed, ru)
                said += 1
    assert said, "some explanations name a tie"


def test_win_the_cell_names_the_deepest_first_ruling_when_the_lowest_cards_tie_for_a_deeper_cell():
    """Fresh reader Z1 (stop 48): 11 and two 6s at three players: the 6s tie for the middle (right hand), not for
    the shallows (left hand). Where the shown play is such a tie, the explanation names the tutor's ruling; and it
    never does where there is none."""
    seen = 0
    for seed, q in enumerate(questions("maui/win-the-cell", 120)):
        tie = next((e for e in q.events if e.kind == "maui.dispute" and q.viewer in e.data["players"]), None)
        laid = [e.data["card"] for e in q.events if e.kind in ("maui.catch", "maui.empty_handed")]
        deeper = tie is not None and tie.data["depth"] != "shallow" and tie.data["card"] == min(laid)
        for lang, words in (("en", "deepest cell still free"), ("ru", "самую глубокую из ещё свободных")):
            assert (words in D.said(q.explain, lang)) == deeper, (seed, lang)
        seen += deeper
    assert seen, "no question showed such a tie: the check above proved nothing"


@pytest.mark.parametrize("drill_id", sorted(DRILLS))
def test_a_drill_draws_the_viewers_hand_only_where_the_question_is_about_it(drill_id):
    """A question about the lagoon, a tie or a pile drew the viewer's whole hand big under it on a phone: a screen
    of cards that looked tappable and played no part in the answer (a reader). Only "which of your cards takes the
    cell" (win-the-cell) draws it; the others draw every hand as its count."""
    from tutor.core.game import spec
    from tutor.games.maui.render import render
    asks_the_hand = drill_id == "maui/win-the-cell"
    for q in questions(drill_id, 6):
        view = spec("maui").view(q.state, q.viewer)
        svg = render(view, highlight=q.highlight, lang="en", layout="phone")
        drawn = len(re.findall(r'class="card dive hand"', svg))
        if asks_the_hand:
            assert drawn == len(q.state.hands[q.viewer]) > 0, f"{drill_id}: the hand asked about is not drawn"
        else:
            assert drawn == 0, f"{drill_id}: {drawn} cards of a hand drawn on a question not about it"


def test_win_the_cell_tells_every_tie_the_shown_card_is_in():
    """Three 2s tied for the deep, then the two left tied for the middle, and the explanation told only the first:
    the step that sent the learner's 2 to the shallows was missing (a reader of wave 20). Every tie the card played
    in "show me why" is in is told, with the cell it was for and who won it."""
    import random
    from tutor.core.i18n import text
    from tutor.games.maui.drills import WIN_THE_CELL
    found = 0
    for seed in range(400):
        q = WIN_THE_CELL.make(random.Random(seed))
        if q is None:
            continue
        me = q.viewer
        ties = [e for e in q.events if e.kind == "maui.dispute" and me in e.data["players"]]
        if len(ties) < 2:
            continue
        found += 1
        said = D.said(q.explain, "en")
        for tie in ties:
            depth = text(f"maui.depth.{tie.data['depth']}.acc", "en")
            assert f"tie for {depth}" in said and f"player {tie.data['player'] + 1} is the first" in said, said
    assert found, "no position with two ties for the learner's card: nothing is tested"
