"""Aqua Fest's drills (tutor/games/aqua_fest/drills.py): over many seeds each question is fit, its answer is worked
out again here with the engine (applying each option's move, or scoring the collection), it is not always the same
answer in the same place, its reasons cite rules the game knows, it speaks every lesson language with no internal
id, and a session never asks the same position twice."""

from __future__ import annotations

import re
from collections import Counter

import helpers
import pytest

from tutor.core import drill as D
from tutor.core.errors import RuleViolation
from tutor.core.game import spec
from tutor.core.rules import cite
from tutor.games import aqua_fest as AF
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.shells import best_assembly
from tutor.games.aqua_fest.text import species_name

SEEDS = 150
LANGS = spec("aqua_fest").lesson_langs
INTERNAL_ID = re.compile(r"\b(?:u|ll|lr)-(?:white|pink|black)-\d+\b|\b(?:crab|octopus|seahorse|turtle|dolphin|coral)-\d+\b")
NAMES = ("best-score", "where-to", "second-card", "who-wins", "what-is-taken")


def asked(name: str) -> tuple:
    return helpers.drill_questions(f"aqua_fest/{name}", SEEDS)


def _moves_ok(state, seat, card, to) -> bool:
    try:
        AF.apply(state, AF.Move(seat, card, to))
    except RuleViolation:
        return False
    return True


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 5 + "ABCDE".index(name[0])


def _card_of(q) -> str:
    return next(h.split(":", 1)[1] for h in q.highlight if h.startswith("card:"))


# --------------------------------------------------------------------------- the answers, worked out again

def test_best_score_is_the_best_assembly_plus_the_token():
    for q in asked("best-score"):
        seat = q.viewer
        fragments = q.state.collected[seat]
        points = best_assembly(fragments).points + q.state.bonus[seat]
        assert q.answer == {str(points)}, (q.key, points, q.answer)
        # every other option is a different number of points
        assert all(int(o.key) != points for o in q.options if o.key not in q.answer)
        assert 4 <= len(fragments) and len(q.options) == 4


def test_where_to_offers_exactly_the_cells_the_engine_lets_the_card_reach():
    for q in asked("where-to"):
        seat, card = q.viewer, _card_of(q)
        assert q.state.turn == seat and card in q.state.hands[seat] and q.multi
        for o in q.options:
            assert _moves_ok(q.state, seat, card, _cell(o.key)) == (o.key in q.answer), (q.key, o.key)


def test_where_to_draws_no_destination_before_the_answer():
    """Drills audit: the board asked with the question put a dot on exactly the cells to pick. The card is ringed,
    no dot or line says where it goes; "show me why" draws the engine's moves (its events) as arrows."""
    game = spec("aqua_fest")
    for q in asked("where-to")[:30]:
        svg = game.render(game.view(q.state, q.viewer), highlight=q.highlight, lang="en")
        card = _card_of(q)
        assert f'data-card="{card}"' in svg and 'class="dest"' not in svg and 'class="dir"' not in svg, q.key
        moved = {tuple(e.data["to"]) for e in q.events if e.kind == "aqua_fest.moved"}
        assert {_cell(k) for k in q.answer} == {r * 5 + c for r, c in moved}
        after = game.render(game.view(q.after, q.viewer), events=q.events, lang="en")
        assert after.count('class="move-arrow"') >= len(q.answer)


def test_second_card_offers_exactly_the_cards_that_may_move_again():
    cases = Counter()
    for q in asked("second-card"):
        seat = q.viewer
        assert q.state.turn == seat and q.state.moves == 1 and q.multi
        first = C.card(q.state.discard[-1])
        assert first.species == q.state.species      # the first card lies on top of the discard pile, face up
        for lang in LANGS:                            # and the prompt does not name it
            said = D.said(q.prompt, lang)
            assert not any(species_name(sp, lang) in said.lower() for sp in C.SPECIES), said
        may_any = False
        for o in q.options:
            if o.key == "none":
                continue
            assert o.key in q.state.hands[seat]
            may = any(_moves_ok(q.state, seat, o.key, to) for to in range(25))
            may_any |= may
            assert may == (o.key in q.answer), (q.key, o.key)
        assert ("none" in q.answer) == (not may_any), q.key
        same = [o.key for o in q.options if o.key != "none" and C.card(o.key).species == first.species]
        cases["alone" if q.state.alone else "blocked" if any(k not in q.answer for k in same)
              else "none" if not same else "species"] += 1
    assert set(cases) >= {"alone", "blocked", "species"}, f"not every deciding case is asked: {cases}"


def test_who_wins_is_what_the_battle_does():
    for q in asked("who-wins"):
        attacker, defender, a_card, d_card = q.after.last_battle
        assert q.viewer is None and q.state.battle == (attacker, defender, a_card)    # the attack card is laid
        assert f"card:{d_card}" in q.highlight and d_card in q.state.hands[defender]   # the defence card ringed
        for seat in (attacker, defender):      # a pawn stands on the face-down lower tile, not on an upper one
            cell = q.state.pawns[seat]
            assert q.state.upper[cell] is None and not q.state.lower_open[cell], q.key
        for lang in LANGS:                     # the strengths are read on the board, not in the prompt
            said = D.said(q.prompt, lang).lower()
            assert "strength" not in said and "сила" not in said, said
            assert not any(species_name(sp, lang) in said for sp in C.SPECIES), said
        state, _ = AF.apply(q.state, AF.Defend(defender, d_card))
        home = {s for s in (attacker, defender) if state.pawns[s] is None}
        expected = {frozenset({attacker, defender}): "tie", frozenset({defender}): "attacker",
                    frozenset({attacker}): "defender"}[frozenset(home)]
        assert q.answer == {expected}, (q.key, expected, q.answer)
        # and the strengths agree with the rulebook's plain comparison
        sa, sd = C.card(a_card).strength, C.card(d_card).strength
        assert expected == ("tie" if sa == sd else "attacker" if sa > sd else "defender")


def test_best_score_is_asked_on_a_finished_game():
    """The question says the game is over: so does the board (its header, not a turn with "moves 0 of 2"), and the
    position is a real end: only corals and the tiles under upper corals left, every tile and card accounted for."""
    from tutor.games.aqua_fest import checks
    for q in asked("best-score"):
        assert q.state.over and checks.check_invariants(q.state) == []
        for up, low in zip(q.state.upper, q.state.lower):
            assert up is None or C.tile(up).coral
            assert low is None or C.tile(low).coral or up is not None
        svg = AF.render(AF.view(q.state, q.viewer), highlight=q.highlight, lang="ru", layout="phone")
        head = re.search(r'class="turn"[^>]*>([^<]*)<', svg).group(1)
        assert "Игра окончена" in head and "Ход" not in head, head
        # the cards are put away for the question (taught a part later): the board says so, and counts none
        assert "карты убраны" in svg and "колода" not in svg.lower() and "в руке" not in svg, "cards counted"


def test_what_is_taken_is_what_the_move_collects():
    kinds = Counter()
    for q in asked("what-is-taken"):
        seat, card = q.viewer, _card_of(q)
        to = next(int(h.split(":", 1)[1]) for h in q.highlight if h.startswith("cell:"))
        after, events = AF.apply(q.state, AF.Move(seat, card, to))
        taken = len(after.collected[seat]) - len(q.state.collected[seat])
        assert q.answer == {str(taken)}, (q.key, taken, q.answer)
        # the rulebook's cases, seen from the seabed before the move
        if to == q.state.turn_start:
            assert taken == 0
            kinds["start"] += 1
        elif q.state.upper[to] is None and q.state.lower[to] is None:
            assert taken == 0
            kinds["bare"] += 1
        elif C.card(card).species == "turtle" and q.state.upper[to] is not None and not C.tile(q.state.lower[to]).coral:
            assert taken == 2
            kinds["turtle"] += 1
        elif C.card(card).species == "turtle" and q.state.upper[to] is not None:
            assert taken == 1           # ruling both-layers: a coral beneath stays
            kinds["turtle on a coral"] += 1
            assert "coral" in q.explain.said("en") and "коралл" in q.explain.said("ru")
        else:
            assert taken == 1
            kinds["plain"] += 1
        # the face-down tile under the one on top is hidden from the player, so the question says what it is
        if to != q.state.turn_start and q.state.upper[to] is not None and q.state.lower[to] is not None:
            said = "is a coral" if C.tile(q.state.lower[to]).coral else "is a shell fragment"
            assert f"under the one on {'ABCDE'[to % 5]}{to // 5 + 1} {said}" in q.prompt.said("en"), q.prompt.said("en")
            assert ("коралл" if C.tile(q.state.lower[to]).coral else "осколок ракушки") in q.prompt.said("ru")
    assert len(kinds) == 5, f"not every case is asked: {kinds}"


# --------------------------------------------------------------------------- fit, varied, explained, said

@pytest.mark.parametrize("name", NAMES)
def test_questions_are_fit_and_not_trivial(name):
    answers, places = Counter(), Counter()
    for q in asked(name):
        assert D.problems(q) == [], (q.key, D.problems(q))
        answers[frozenset(q.answer)] += 1
        keys = [o.key for o in q.options]
        places.update(i for i, k in enumerate(keys) if k in q.answer)
    assert len(answers) > 2, f"{name}: only the answers {list(answers)}"
    assert answers.most_common(1)[0][1] < SEEDS * 0.6, f"{name}: one answer is right too often: {answers.most_common(1)}"
    assert len(places) > 1, f"{name}: the right option always stands at {list(places)}"


@pytest.mark.parametrize("name", NAMES)
def test_every_question_gives_the_engines_reasons_with_their_rules(name):
    for q in asked(name):
        assert q.why, (name, q.key)
        for item in q.why:
            rules = [item.rule] if hasattr(item, "narrate") else [line.rule for line in item.lines]
            for rule in rules:
                for lang in LANGS:
                    assert cite(rule, lang), (name, rule)
        for lang in LANGS:
            assert cite(q.rule, lang)


@pytest.mark.parametrize("name", NAMES)
def test_every_text_speaks_each_language_without_an_internal_id(name):
    for q in asked(name)[:60]:
        for lang in LANGS:
            texts = [q.prompt, q.hint, q.explain] + [o.label for o in q.options]
            said = [D.said(t, lang).strip() for t in texts]
            assert all(said), (name, q.key, lang, said)
            labels = said[3:]
            assert len(set(labels)) == len(labels), (name, lang, labels)
            narrated = [i.narrate(lang) if hasattr(i, "narrate") else " ".join(l.label(lang) for l in i.lines)
                        for i in q.why]
            for text in said + narrated:
                assert not INTERNAL_ID.search(text), (name, lang, text)
            if lang == "ru":      # written in Russian, not left in English
                assert re.search("[а-яё]", said[0] + said[1] + said[2], re.I), (name, said)


@pytest.mark.parametrize("name", NAMES)
def test_a_session_of_thirty_never_repeats_a_position(name):
    d = D.find(f"aqua_fest/{name}")
    seen: set = set()
    for i in range(30):
        q = D.question(d, i, skip=seen)
        assert q.key not in seen
        seen.add(q.key)


def test_the_hint_never_names_the_answer():
    for name in ("where-to", "second-card", "who-wins", "what-is-taken"):
        for q in asked(name)[:40]:
            for lang in LANGS:
                hint = D.said(q.hint, lang)
                for o in q.options:
                    if o.key in q.answer:
                        assert D.said(o.label, lang) not in hint, (name, lang, hint)


def test_second_card_boards_do_not_count_the_turns_moves():
    """A fresh reader: after a dolphin the header read "moves 1 of 1", which answers "which card may move again?"."""
    from tutor.core import drill as D
    from tutor.core.game import spec
    from tutor.games.aqua_fest.render import render
    game = spec("aqua_fest")
    d = D.find("aqua_fest/second-card")
    for seed in range(12):
        q = D.question(d, seed)
        svg = render(game.view(q.state, q.viewer), highlight=q.highlight, lang="en")
        assert " of 1" not in svg and " of 2" not in svg, f"seed {seed}: the board counts the turn's moves"


def test_second_card_says_why_a_right_species_card_cannot_move_by_the_cells_it_reaches():
    """A card of the first card's species that may not move: the "why" names the cells such a card reaches on an
    empty seabed, each with the engine's reason it is closed (a coral, a pawn, a blocked path), never the refusal of
    a cell it does not reach at all ("the octopus cannot reach A1", said of an octopus whose every stop was closed:
    the reason was wrong, club-teacher review 2026-12-02). With no second move, the words leave the attack open."""
    from tutor.games.aqua_fest import board as B
    from tutor.games.aqua_fest.text import cell_name
    seen = 0
    # (over 300 seeds: with the bots that walk the drill's games no longer going back where a turn began, the first
    # 150 seeds ask of such a card twice, 300 seven times)
    for q in helpers.drill_questions("aqua_fest/second-card", 300):
        state, seat = q.state, q.state.turn
        if state.alone:
            continue
        playable = {a.card for a in AF.legal_actions(state, seat) if isinstance(a, AF.Move)}
        closed = [c for c in state.hands[seat] if C.card(c).species == state.species and c not in playable]
        if not closed:
            continue
        seen += 1
        at = AF.rules.position(state, seat)
        reach = {cell_name(B.coords(d)) for d, _ in B.reachable(at, C.card(closed[0]).move, lambda i: False)}
        for lang in LANGS:
            text = D.said(q.explain, lang)
            named = set(re.findall(r"\b([A-E][1-5]): ", text))
            assert named == reach, (lang, text, reach)     # every cell it reaches, each with its reason; no other
        assert "attack" in D.said(q.explain, "en") and "атак" in D.said(q.explain, "ru")
    assert seen >= 3, "blocked right-species cards were asked"


def test_drills_before_the_battles_part_show_no_battle():
    """A reader met a battle's result panel ("6 > 5: player 2 won") in part 8's drill, a part before battles are
    taught. The drills of parts before "Underwater battles" ask positions where no battle is under way or was fought
    this turn; the battles' own drill is the first to show one."""
    from tutor.games.aqua_fest.drills import DRILLS
    order = ["part-shells", "part-movement", "part-turn", "part-battles", "part-forbidden"]
    early = [d.id.split("/")[1] for d in DRILLS if order.index(d.part) < order.index("part-battles")]
    assert "where-to" in early and "second-card" in early, early
    for name in early:
        for q in asked(name):
            assert q.state.battle is None and q.state.last_battle is None, (name, q.key)
    assert any(q.state.last_battle is not None or q.state.battle is not None for q in asked("who-wins"))
