"""Паперові океани's drills (tutor/games/sea_salt_paper/drills.py): over many seeds each question is fit, its answer
is worked out again here with the engine (apply the move asked about, read what it did), the answers vary, the
reasons cite rules the game knows, every text speaks each lesson language without an internal id, a session never
repeats a position, and a question is made in well under 50 ms of processor time."""

from __future__ import annotations

import re
import time
from collections import Counter
from pathlib import Path

import helpers
import pytest
import yaml

from tutor.core import drill as D
from tutor.core.errors import RuleViolation
from tutor.core.game import spec
from tutor.core.rules import cite
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.drills import EARLY_KINDS
from tutor.games.sea_salt_paper.rules import (
    CrabPile, EndTurn, PlayDuo, PlayMermaids, Steal, Stop, apply, legal_actions,
)
from tutor.games.sea_salt_paper.scoring import breakdown, card_points, colour_counts
from tutor.lesson_source import parts

GAME = "sea_salt_paper"
SEEDS = 150
LANGS = spec(GAME).lesson_langs
NAMES = ("what-pair-does", "may-end", "colour-bonus", "bet-outcome", "card-points",
         "may-end-early", "colour-bonus-early", "bet-outcome-early")
ID = re.compile(r"\b[a-z_]+-\d+\b")          # crab-3, shoal_of_fish-1: never said to a learner


def asked(name: str) -> tuple:
    return helpers.drill_questions(f"{GAME}/{name}", SEEDS)


def asked_both(name: str) -> tuple:
    """The questions of the drill with every card and of its "-early" twin (the end-of-round part: the kinds taught by then)."""
    return asked(name) + asked(f"{name}-early")


def test_the_game_has_its_drills():
    assert {d.id for d in D.drills(GAME)} >= {f"{GAME}/{n}" for n in NAMES}


def test_the_early_drills_deal_from_what_the_end_of_round_part_has_taught():
    """EARLY_KINDS is what lessons/sea_salt_paper/taught.yaml has taught by the end-of-round part (its drills'
    part): the generic tests/test_taught.py holds every drill to its part, this holds the early deal to the yaml."""
    taught, known = yaml.safe_load((Path(__file__).resolve().parents[2] / "lessons" / GAME / "taught.yaml")
                                   .read_text(encoding="utf-8"))["kinds"], set()
    for p in parts(GAME, "en"):
        known |= set(taught.get(p.anchor, ()))
        if p.anchor == "part-end-round":
            break
    assert EARLY_KINDS == known


# --------------------------------------------------------------------------- the answers, worked out again

def _pair(q) -> tuple:
    cards = [h.split(":", 1)[1] for h in q.highlight if h.startswith("card:")]
    assert len(cards) == 2, q.highlight
    return tuple(cards)


def test_what_a_pair_does_is_what_the_engine_does_with_it():
    for q in asked("what-pair-does"):
        seat, (a, b) = q.viewer, _pair(q)
        assert C.duo_of(a, b), (a, b)
        hand = q.state.hands[seat]
        after, events = apply(q.state, PlayDuo(seat, a, b))
        kinds = [e.kind.split(".", 1)[1] for e in events]
        if "boat" in kinds:
            seen = "boat"
        elif "fish_drew" in kinds:
            assert sorted(after.hands[seat]) == sorted([c for c in hand if c not in (a, b)] + [q.state.deck[0]])
            seen = "fish"
        elif any(k.endswith("_nothing") for k in kinds):
            assert sorted(after.hands[seat]) == sorted(c for c in hand if c not in (a, b))
            seen = "nothing"
        elif any(isinstance(x, CrabPile) for x in legal_actions(after, seat)):
            seen = "crab"
        elif any(isinstance(x, Steal) for x in legal_actions(after, seat)):
            seen = "steal"
        else:
            raise AssertionError(f"the pair did something the test does not know: {kinds}")
        assert q.answer == {seen}, (q.key, q.answer, seen)


def test_may_end_is_whether_the_engine_takes_a_stop():
    for q in asked_both("may-end"):
        seat = q.viewer
        assert q.state.turn == seat and q.state.phase == "play"
        try:
            apply(q.state, Stop(seat))
            may = True
        except RuleViolation:
            may = False
        assert (Stop(seat) in legal_actions(q.state, seat)) == may
        assert q.answer == {"yes" if may else "no"}, q.key


def test_the_bet_outcome_is_what_the_round_scored():
    for q in asked_both("bet-outcome"):
        s = q.state
        assert s.caller is not None and not s.last_turns and s.phase == "play", q.key
        who = q.prompt.params["p"] - 1
        after, events = apply(s, EndTurn(s.turn))
        row = next(r for r in after.history if r[0] == s.round)
        assert q.answer == {str(row[1 + who])}, (q.key, q.answer, row)
        settled = [e for e in events if e.kind in ("sea_salt_paper.bet_won", "sea_salt_paper.bet_lost")]
        assert settled and settled[0] in q.why
        # the board is drawn for everyone: each seat's «cards N · colour bonus M» would answer the question
        assert "hide:points" in q.highlight, "the board would show the answer"


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_bet_outcomes_why_says_both_totals_that_decide_it(lang):
    """"Show me why" said only "someone has more card points": it says the caller's card points and the best
    other player's, each named, as the engine counted them."""
    from tutor.games.sea_salt_paper.scoring import card_points
    from tutor.games.sea_salt_paper.text import points_text
    for q in asked_both("bet-outcome"):
        s = q.state
        caller = s.caller
        points = [card_points(s.hands[p] + s.zones[p]) for p in range(s.players)]
        best = max(points[p] for p in range(s.players) if p != caller)
        said = D.said(q.explain, lang)
        mine_at = said.find(points_text(points[caller], lang))
        assert mine_at >= 0 and said.find(points_text(best, lang), mine_at + 1) >= 0, (q.key, said)
        assert said.count(str(caller + 1)) >= 1 and any(f" {p + 1}" in said for p in range(s.players)
                                                        if p != caller and points[p] == best), said


def test_card_points_are_the_breakdowns_lines_added_up():
    for q in asked("card-points"):
        seat = q.viewer
        cards = q.state.hands[seat] + q.state.zones[seat]
        lines = breakdown(cards, seat).lines
        assert q.answer == {str(sum(line.points for line in lines))}, q.key
        assert "hide:points" in q.highlight, "the board would show the answer"
        assert [b.total for b in q.why] == [sum(line.points for line in lines)], "show me why adds up to the answer"
        assert "colour_bonus" not in " ".join(line.key for b in q.why for line in b.lines)


def test_card_points_why_names_which_cards_score_what_and_the_explanation_does_not_repeat_the_answer():
    """Club teacher (#32): "Show me why" said "Answer: 3 points. Hand and zone together score 3 points; …", then the
    engine's lines ("Boat pairs × 1"), which cards made them left to the learner. The explanation now adds what a count
    forgets (the zone, the colour bonus) and states no total; each line of "why" names the cards it counts, every
    card of the player's is named once, and a card in no line is said to score nothing, with its rule."""
    from tutor.games.sea_salt_paper.scoring import colour_bonus
    from tutor.games.sea_salt_paper.text import card_name, points_text
    for q in asked("card-points")[:40]:
        seat, total = q.viewer, int(next(iter(q.answer)))
        cards = q.state.hands[seat] + q.state.zones[seat]
        for lang in LANGS:
            bonus = points_text(colour_bonus(cards), lang)        # said in the explanation: it is not card points
            assert points_text(total, lang) not in D.said(q.explain, lang).replace(bonus, ""), (q.key, lang)
            (why,) = q.why
            named = []
            for line in why.lines:
                label = line.label(lang)
                mine = [c for c in line.cards if card_name(c, lang) in label.split(" — ")[0]]
                assert mine and mine == list(line.cards), (lang, label)
                assert line.rule.startswith("sea_salt_paper:"), line.rule
                named += line.cards
            assert sorted(named) == sorted(cards), (q.key, named, cards)


def test_the_colour_bonus_is_the_count_of_the_colour_held_most():
    for q in asked_both("colour-bonus"):
        seat = q.viewer
        cards = q.state.hands[seat] + q.state.zones[seat]
        most = Counter(C.COLOUR[c] for c in cards).most_common(1)[0][1]     # mermaids are white cards
        assert q.answer == {str(most)}, q.key
        assert "hide:points" in q.highlight, "the board would show the answer"
        [why] = q.why
        assert [line.points for line in why.lines] == [most] and ".colour_bonus." in why.lines[0].key


def test_the_colour_bonus_marks_what_it_counts_after_the_answer_only():
    """The drill marked the asked seat's hand (a ring round the hand) before the answer, though the bonus counts the
    played cards as well: nothing is marked on the question's board, and "show me why" rings exactly the cards of
    the counted colour, hand and played cards alike."""
    from tutor.core.game import spec as game_spec
    from tutor.widgets.common import render
    counted_played = 0
    for q in asked_both("colour-bonus"):
        seat = q.viewer
        assert q.highlight == ("hide:points",), q.highlight
        cards = q.state.hands[seat] + q.state.zones[seat]
        [line] = q.why[0].lines
        # where colours tie for the most cards the line names none of them (one counts), and the rings mark the
        # first of them in the colours' order
        ranked = colour_counts(cards)
        colour = line.key.rsplit(".", 1)[1] if not line.key.endswith(".tie") else ranked[0][0]
        assert line.key.endswith(".tie") == (len(ranked) > 1 and ranked[1][1] == ranked[0][1]), line.key
        counted = {c for c in cards if C.COLOUR[c] == colour}
        assert len(counted) == int(next(iter(q.answer)))
        assert set(q.why_highlight) == {f"card:{c}" for c in counted}, q.key
        counted_played += bool(counted & set(q.state.zones[seat]))
        game = game_spec("sea_salt_paper")
        svg = render(game, game.view(q.state, seat), highlight=q.why_highlight, lang="uk")
        ringed = set(re.findall(r'class="highlight" data-target="card:([^"]+)"', svg))
        assert ringed == counted, (q.key, ringed ^ counted)
    assert counted_played, "no question counted a played card: the hand alone was never wrong to mark"


# --------------------------------------------------------------------------- fit, varied, cited, said

@pytest.mark.parametrize("name", NAMES)
def test_questions_are_fit_and_not_trivial(name):
    answers, places = Counter(), Counter()
    for q in asked(name):
        assert D.problems(q) == [], (q.key, D.problems(q))
        keys = [o.key for o in q.options]
        [right] = q.answer
        answers[right] += 1
        places[keys.index(right)] += 1
    assert len(answers) > 1, f"{name}: always {answers}"
    assert len(places) > 1, f"{name}: the right option is always in place {places}"
    top = answers.most_common(1)[0][1]
    assert top < 0.7 * SEEDS, f"{name}: one answer in {top} of {SEEDS} questions: {answers}"


@pytest.mark.parametrize("name", NAMES)
def test_reasons_cite_rules_and_texts_speak_every_language_without_ids(name):
    for q in asked(name)[:60]:
        assert q.why, q.key
        assert cite(q.rule, "en")
        for item in q.why:
            rules = [item.rule] if hasattr(item, "narrate") else [line.rule for line in item.lines]
            assert rules, (q.key, item)
            for rule in rules:
                assert cite(rule, "en"), rule
        for lang in LANGS:
            texts = [D.said(q.prompt, lang), D.said(q.hint, lang), D.said(q.explain, lang)]
            texts += [D.said(o.label, lang) for o in q.options]
            texts += [item.narrate(lang) for item in q.why if hasattr(item, "narrate")]
            for text in texts:
                assert text.strip(), (q.key, lang)
                assert not ID.search(text), (q.key, lang, text)
                assert "{" not in text, (q.key, lang, text)
            if lang != "en":
                assert D.said(q.prompt, lang) != D.said(q.prompt, "en")


@pytest.mark.parametrize("name", NAMES)
def test_a_session_of_thirty_never_repeats_a_position(name):
    d = D.find(f"{GAME}/{name}")
    seen: set = set()
    for n in range(30):
        q = D.question(d, n, skip=seen)
        assert q.key not in seen
        seen.add(q.key)
    assert len(seen) == 30


# --------------------------------------------------------------------------- what fresh readers found (issue #23)

def _duo(q) -> str:
    return C.duo_of(*_pair(q))


def test_each_pair_kind_has_its_own_hint_that_never_names_the_answer():
    """One generic hint for every pair taught nothing: each kind points at what its own effect needs."""
    hints: dict = {}
    for q in asked("what-pair-does"):
        for lang in LANGS:
            hints.setdefault((lang, _duo(q)), set()).add(D.said(q.hint, lang))
            labels = [D.said(o.label, lang) for o in q.options]
            assert not any(label.lower() in D.said(q.hint, lang).lower() for label in labels), (q.key, lang)
    for lang in LANGS:
        said = {duo: texts for (lg, duo), texts in hints.items() if lg == lang}
        assert set(said) == {"crab", "boat", "fish", "steal"}, f"{lang}: pairs asked {sorted(said)}"
        assert all(len(texts) == 1 for texts in said.values()), f"{lang}: a pair's hint varies: {said}"
        assert len({next(iter(t)) for t in said.values()}) == 4, f"{lang}: two pair kinds share a hint: {said}"


def test_a_pair_hint_points_at_the_rule_not_at_the_place_its_effect_works_on():
    """'Works on the discard piles' named the option (drills audit 2026-12-02): the hint recalls the rule and asks
    to check the table, and never names the deck, a discard pile, a hand or another turn."""
    places = {"en": re.compile(r"discard|deck|hand|turn", re.I), "uk": re.compile(r"скид|колод|рук|хід|ходу", re.I)}
    for q in asked("what-pair-does")[:40]:
        for lang in LANGS:
            assert not places[lang].search(D.said(q.hint, lang)), (q.key, lang, D.said(q.hint, lang))


def test_nothing_comes_of_a_pair_in_a_fair_share_of_questions_for_each_kind_that_needs_something():
    """Empty piles for crabs, an empty deck for fish, no hand to take from for a swimmer and a shark: each comes
    up, and 'nothing' is the answer in at least a sixth of the questions; the board shows why."""
    nothing = Counter()
    for q in asked("what-pair-does"):
        if q.answer != {"nothing"}:
            continue
        duo, seat = _duo(q), q.viewer
        nothing[duo] += 1
        if duo == "crab":
            assert not any(q.state.discards), q.key
        elif duo == "fish":
            assert not q.state.deck, q.key
        else:
            assert duo == "steal"
            assert all(not h or q.state.revealed[s] for s, h in enumerate(q.state.hands) if s != seat), q.key
        kinds = [e.kind for e in q.why if hasattr(e, "kind")]
        assert kinds[-1].endswith("_nothing"), (q.key, kinds)
        assert D.said(q.explain, "en") != D.said(q.hint, "en")
    assert set(nothing) == {"crab", "fish", "steal"}, nothing
    assert sum(nothing.values()) >= SEEDS / 6, f"'nothing' in {sum(nothing.values())} of {SEEDS}: {nothing}"


def test_show_me_why_tells_what_the_crabs_and_the_steal_took_and_stays_in_the_round():
    took = Counter()
    for q in asked("what-pair-does"):
        kinds = [e.kind.split(".", 1)[1] for e in q.why]
        assert kinds[0] == "duo", (q.key, kinds)
        assert q.after.round == q.state.round and not any(e.rule == f"{GAME}:setup" for e in q.why), \
            (q.key, kinds)
        if q.answer == {"crab"}:
            assert "crab_took" in kinds or "crab_looked_empty" in kinds, (q.key, kinds)
            took["crab"] += 1
            card = next(e.data["card"] for e in q.why if e.kind.endswith("crab_took"))
            assert card in q.after.hands[q.viewer] and card not in q.state.hands[q.viewer]
        elif q.answer == {"steal"}:
            assert "stole" in kinds, (q.key, kinds)
            took["steal"] += 1
        assert q.after.phase not in ("crab", "crab_take", "steal"), (q.key, q.after.phase)
        assert tuple(q.events) == tuple(q.why)
    assert took["crab"] and took["steal"], took


@pytest.mark.parametrize("name", NAMES)
def test_no_explanation_points_at_a_list_below_that_is_not_shown(name):
    """The explanation shows with the verdict; the lines come only with 'Show me why', so 'below' points at nothing."""
    below = {"en": re.compile(r"\bbelow\b", re.I), "uk": re.compile(r"нижче", re.I)}
    for q in asked(name)[:40]:
        for lang in LANGS:
            if lang in below:
                assert not below[lang].search(D.said(q.explain, lang)), (name, lang, D.said(q.explain, lang))


# --------------------------------------------------------------------------- tasks that ask for a decision

def _task_moves(name: str):
    """(task, start, seat, {legal move: meets the goal or goes on to it}) for the task `name`, per the engine."""
    from pathlib import Path
    from tutor.core import task as T
    task = T.load_file(Path(__file__).resolve().parents[2] / "lessons" / GAME / "tasks" / f"{name}.yaml")
    start = T.start(task)
    seat = T.seat(task)
    # (a move the learner goes on from towards the goal, `go_on`, is right so far)
    return task, start, seat, {m: not T.judge(task, start, m)[2] or T.going_on(task, start, m) is not None
                               for m in legal_actions(start, seat)}


def test_the_mermaid_task_is_a_choice_not_the_button_that_names_the_win():
    """The «lay four mermaids and win» button says the answer: the task asks for the card that brings the fourth
    mermaid, with a tempting other card, and the button is not on offer when the learner decides."""
    _task, _start, _seat, moves = _task_moves("lay-the-mermaids")
    assert not any(isinstance(m, PlayMermaids) for m in moves), moves
    assert any(moves.values()) and not all(moves.values()), moves


@pytest.mark.parametrize("name", ["finish-the-crabs", "take-the-octopus"])
def test_the_crab_tasks_ask_for_the_most_points_and_the_engine_agrees(name):
    """The prompts ask for the pile / card that adds the most points, not for 'the octopus': the right move is the
    one whose best card adds the most card points to the learner's hand, by the engine's scoring."""
    task, start, seat, moves = _task_moves(name)
    assert any(moves.values()) and not all(moves.values()), moves
    mine = start.hands[seat] + start.zones[seat]

    def gain(move) -> int:
        cards = start.discards[move.pile] if isinstance(move, CrabPile) else [move.card]
        return max((card_points(mine + (c,)) - card_points(mine) for c in cards), default=0)
    best = max(gain(m) for m in moves)
    assert {m for m, ok in moves.items() if ok} == {m for m in moves if gain(m) == best}, moves
    # what is asked never names the card: no sentence that tells the learner to take or choose names the octopus
    asks = {"en": (("take", "choose"), "octopus"), "uk": (("візьміть", "заберіть", "виберіть"), "восьмин")}
    for lang, (verbs, card) in asks.items():
        for sentence in re.split(r"(?<=[.!?])\s+", task["prompt"][lang]):
            said = sentence.lower()
            assert not (any(v in said for v in verbs) and card in said), (lang, sentence)


def test_no_task_tells_a_later_task_of_its_part_its_answer():
    """«Поверніть восьминога» once ended on its board and in its explanation with «discard 1 chosen, the yellow
    octopus taken», the answers of the two crab tasks after it (club review 2026-12-02, item 8): no task's
    explanation or later moves name the card a later task of the same part takes, or the pile it chooses."""
    import yaml
    from tutor.core import task as T
    from tutor.games.sea_salt_paper.text import card_name
    from tutor.lesson_source import parts
    folder = Path(__file__).resolve().parents[2] / "lessons" / GAME / "tasks"
    for p in parts(GAME, "en"):
        names = re.findall(r'lesson\.your_turn\("' + GAME + r'/([^"]+)"', "\n".join(p.code))
        tasks = [T.load_file(folder / f"{n}.yaml") for n in names]
        for i, later in enumerate(tasks):
            start, seat = T.start(later), T.seat(later)
            goal = later["goal"]
            taken = set(goal.get("hands", {}).get(seat + 1, ())) - set(start.hands[seat])
            said = [card_name(c, "en") for c in taken]
            if "looking" in goal:
                said.append(f"discard {goal['looking']}")
            for earlier in tasks[:i]:
                told = earlier["explain"]["en"]
                moves = yaml.safe_dump(earlier.get("then", []))
                for words in said:
                    assert words not in told, (earlier["id"], "tells", later["id"], words)
                for card in taken:
                    assert card not in moves, (earlier["id"], "plays", later["id"], card)
