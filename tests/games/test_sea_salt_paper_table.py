"""Паперові океани at the play table (issue #34): the round and game summaries, the coach's hints, the score panel
and the first-game tips (tutor/games/sea_salt_paper/summary.py, coach.py, panel.py, table.py), in English and
Ukrainian.

Whole games are played by the game's bots; after every action the summary must be there exactly when a round or
the game ended (told from the states, not from the summary's own reading), with the engine's numbers and no hidden
card; at every turn each hint's facts are recomputed another way through the engine (legal actions, the view,
applying the move the hint speaks of); the panel's numbers are the view's. Positions the bots rarely reach (a lost
bet, four mermaids, a tie on totals, an empty deck, idle duos) are set up by hand."""

from __future__ import annotations

import dataclasses
import functools
import html
import random
import re
from typing import Any

import pytest

from helpers import applied, mentions
from tutor.core.events import for_viewer
from tutor.core.game import spec
from tutor.core.rules import cite, in_brackets
from tutor.games import sea_salt_paper as g
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.coach import coach
from tutor.games.sea_salt_paper.panel import score_panel
from tutor.games.sea_salt_paper.rules import (
    CrabPile, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, Steal, Stop, TakeDiscard, legal_actions,
)
from tutor.games.sea_salt_paper.scoring import breakdown
from tutor.games.sea_salt_paper.summary import summary
from tutor.games.sea_salt_paper.text import card_name
from tutor.games.sea_salt_paper.table import tips

SPEC = spec("sea_salt_paper")
LANGS = ("en", "uk")
# (players, seed): bot games played whole; among their round ends a lost bet (2, 25; 3, 4), an empty deck (4, 26)
# and games won on the last round's points after a tie on totals (3, 0)
GAMES = [(2, 1), (2, 25), (3, 0), (3, 4), (4, 3), (4, 26)]


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@functools.lru_cache(maxsize=None)
def bot_game(players: int, seed: int) -> tuple[tuple[Any, Any, tuple[Any, ...], Any], ...]:
    """Every action of a whole game the bots play: (before, action, events, after)."""
    bots, rng = SPEC.bots(), random.Random(seed)
    state, steps = g.setup(players, seed=seed), []
    while not state.over:
        action = bots.choose(state, state.turn, rng)
        after, events = g.apply(state, action)
        steps.append((state, action, tuple(events), after))
        state = after
    return tuple(steps)


def ends(before, after) -> bool:
    """Did this action end a round or the game? Told from the states: a new round was dealt, or the game is over."""
    return after.round != before.round or (after.over and not before.over)


def no_card_id(markup: str, hidden=()) -> list[str]:
    """The card ids written anywhere in `markup` (none may be: not even a public card goes by its id)."""
    return [c for c in set(C.ALL_CARDS) | set(hidden) if mentions(markup, c)]


def attrs(markup: str, cls: str) -> list[dict[str, str]]:
    """The data-* attributes of every element whose class is `cls`."""
    return [dict(re.findall(r'data-([\w-]+)="([^"]*)"', m)) for m in re.findall(rf'<\w+ class="{cls}"[^>]*>', markup)]


def seat_rows(markup: str) -> list[dict[str, str]]:
    """The data-* attributes of every table row given to a seat (the totals of a summary, the panel's rows)."""
    return [dict(re.findall(r'data-([\w-]+)="([^"]*)"', m)) for m in re.findall(r"<tr (data-seat[^>]*)>", markup)]


def colour_bonus(cards) -> int:
    """One point a card of the colour most held, counted here from the card data."""
    return max((sum(1 for c in cards if C.COLOUR[c] == colour) for colour in C.COLOURS), default=0)


# --------------------------------------------------------------------------- summaries

def expected_round(before, events) -> dict[int, int]:
    """What the round gave each seat, by the rulebook's words from the cards' breakdowns (not card_points)."""
    kinds = {e.kind.split(".", 1)[1]: e for e in events}
    n = before.players
    points = [breakdown(before.hands[s] + before.zones[s]).total for s in range(n)]
    bonus = [colour_bonus(before.hands[s] + before.zones[s]) for s in range(n)]
    if "stop_scored" in kinds:
        return dict(enumerate(points))
    if "deck_empty" in kinds:
        return {s: 0 for s in range(n)}
    caller = before.caller
    won = points[caller] == max(points)
    return {s: (points[s] + bonus[s] if won else bonus[s]) if s == caller else (bonus[s] if won else points[s])
            for s in range(n)}


@pytest.mark.parametrize("players,seed", GAMES)
def test_a_summary_exactly_when_a_round_or_the_game_ends_with_the_engines_numbers(players, seed):
    seen_ends = set()
    for before, action, events, after in bot_game(players, seed):
        ended = ends(before, after)
        for viewer in range(players):
            told = for_viewer(events, viewer)
            for lang in LANGS:
                page = summary(before, told, after, viewer, lang)
                assert bool(page) == ended, (action, lang, page[:200])
                if not page:
                    continue
                assert page.startswith("<h4"), page[:80]
                assert not no_card_id(page, SPEC.secrets(after, viewer)), no_card_id(page)
                assert "{" not in plain(page), plain(page)
        if not ended:
            continue
        page = summary(before, for_viewer(events, 0), after, 0, "en")
        [head] = attrs(page, "tutor-ssp-end")
        seen_ends.add(head["end"])
        assert int(head["round"]) == before.round and head["over"] == str(after.over).lower()
        # the running totals are the engine's, and what the round gave each seat is what the rulebook says
        rows = {int(r["seat"]): r for r in seat_rows(page)}
        if head["end"] != "mermaids":
            assert {s: int(r["total"]) for s, r in rows.items()} == dict(enumerate(after.scores))
            want = expected_round(before, events)
            assert {s: int(r["scored"]) for s, r in rows.items()} == want
            if head["end"] != "deck_empty":
                assert list(after.history[-1][1:]) == [want[s] for s in range(players)]
        seats = attrs(page, "tutor-ssp-seat")
        if head["end"] in ("stop", "bet_won", "bet_lost"):
            # every hand is revealed: each seat's card points, bonus and score lines, each line with its rule
            assert [int(s["seat"]) for s in seats] == list(range(players))
            for s in seats:
                seat = int(s["seat"])
                cards = before.hands[seat] + before.zones[seat]
                lines = breakdown(cards, seat, bonus=True).lines
                assert int(s["points"]) == breakdown(cards).total and int(s["bonus"]) == colour_bonus(cards)
                assert int(s["scored"]) == expected_round(before, events)[seat]
                block = page.split(f'data-seat="{seat}" data-points=')[1].split("</details>")[0]
                for line in lines[:-1]:
                    assert html.escape(line.label("en")) in block and html.escape(cite(line.rule, "en")) in block
                bet = head["end"] != "stop"
                assert (html.escape(lines[-1].label("en")) in block) == (bet and bool(cards))
                # what counted for the seat, as the rulebook has it for STOP and for a bet won or lost
                caller = seat == before.caller
                counted = {"stop": "cards", "bet_won": "cards_bonus" if caller else "bonus",
                           "bet_lost": "bonus" if caller else "cards"}[head["end"]]
                assert s["counted"] == counted
                words = {"cards": "This round: the card points", "bonus": "This round: the colour bonus only",
                         "cards_bonus": "This round: card points + colour bonus"}[counted]
                assert words in block
            if head["end"] == "bet_won":
                # a bet won on a tie says it was a tie ("nobody has more … a tie would have been enough" read as no
                # tie, a reader, stop 56)
                points = {int(s["seat"]): int(s["points"]) for s in seats}
                caller = points.pop(before.caller)
                tied = max(points.values()) == caller
                assert ("a tie is enough" in page) == tied and ("nobody has more" in page) == (not tied), page
        else:
            assert seats == []       # the deck ran out: no hand is revealed
        if after.over:
            # the rulebook's winner: the highest total, a tie going to the most points in the last round
            best = max(after.scores)
            leaders = [s for s in range(players) if after.scores[s] == best]
            top = max(after.history[-1][1 + s] for s in leaders)
            want = [s for s in leaders if after.history[-1][1 + s] == top]
            assert [int(w) for w in attrs(page, "tutor-winners")[0]["winners"].split(",")] == want
            finals = [int(t) for t in re.findall(r'<td class="num" data-seat="\d" data-total="(\d+)"', page)]
            assert finals == [b.total for b in SPEC.score(after)] == list(after.scores)
        else:
            [nxt] = attrs(page, "tutor-ssp-next")
            assert int(nxt["first"]) == after.turn
    assert seen_ends, "a whole game ends at least one round"


def test_the_bots_games_reach_each_ordinary_ending():
    seen, decided = set(), set()
    for players, seed in GAMES:
        for before, _, events, after in bot_game(players, seed):
            page = summary(before, list(events), after, None, "en")
            if page:
                seen.add(attrs(page, "tutor-ssp-end")[0]["end"])
                decided.update(d["decided"] for d in attrs(page, "tutor-ssp-decided"))
    assert {"stop", "bet_won", "bet_lost", "deck_empty"} <= seen, seen
    assert {"total", "last_round"} <= decided, decided


def nothing_ends_on(state, *actions):
    """The summaries of these actions (each must be ""), and the state after them."""
    for a in actions:
        after, events = g.apply(state, a)
        for lang in LANGS:
            assert summary(state, for_viewer(events, 0), after, 0, lang) == "", a
        state = after
    return state


def last(state, action, viewer=0, lang="en"):
    after, events = g.apply(state, action)
    return summary(state, for_viewer(events, viewer), after, viewer, lang), after


@pytest.mark.parametrize("lang", LANGS)
def test_a_lost_bet_gives_the_caller_the_colour_bonus_and_the_others_their_cards(lang):
    # player 1: three octopuses (6) and two crabs played (1) = 7, black and yellow; player 2: five shells (8)
    s = g.setup(2, seed=3, hands=[["octopus-1", "octopus-2", "octopus-3"], ["shell-1", "shell-2", "shell-3",
                                                                            "shell-4", "shell-5"]],
                zones=[["crab-1", "crab-2"], []], discards=[["sailor-1"], ["captain-1"]])
    s = nothing_ends_on(s, TakeDiscard(0, 0), LastChance(0), TakeDiscard(1, 1))   # LAST CHANCE itself ends nothing
    before = s
    page, after = last(s, EndTurn(1), 0, lang)
    [head] = attrs(page, "tutor-ssp-end")
    assert head["end"] == "bet_lost"
    seats = {int(x["seat"]): x for x in attrs(page, "tutor-ssp-seat")}
    caller_bonus = colour_bonus(before.hands[0] + before.zones[0])
    assert (seats[0]["counted"], int(seats[0]["scored"])) == ("bonus", caller_bonus)
    assert (seats[1]["counted"], int(seats[1]["scored"])) == ("cards", breakdown(before.hands[1]).total)
    assert after.scores == (caller_bonus, breakdown(before.hands[1]).total)
    words = plain(page)
    if lang == "en":
        assert "Round 1 is over: Player 1's LAST CHANCE bet lost" in words
        assert "Player 1 has 7 points from their cards, but Player 2 has 8 points" in words
        assert "So Player 1 scores only their colour bonus, and everyone else the points of their cards." in words
        assert "Colour bonus:" in words and "This round: the colour bonus only" in words
    else:
        assert "Раунд 1 завершено: ставка гравця 1 на «ОСТАННІЙ ШАНС» не зіграла" in words
        assert "Гравець 1 має 7 очок за карти, але Гравець 2 має 8 очок" in words
        assert "Бонус за колір:" in words and "За раунд: лише бонус за колір" in words
    assert "Round 2" in words or "раунду 2" in words      # what comes next: the new deal and who begins it


def tied(last_points_equal: bool):
    """Two players on 35 after round 1; round 2 is stopped by player 1 with 7 card points while player 2 has 4 (a
    tie on 42, broken by the last round) or 7 (still tied: a shared victory)."""
    other = ["shell-1", "shell-2", "shell-3", "shell-4", "penguin-1"] if last_points_equal \
        else ["shell-1", "shell-2", "penguin-1", "boat-1", "boat-2"]
    scores = [35, 35] if last_points_equal else [35, 38]
    s = g.setup(2, seed=2, round=2, scores=scores, history=[[1] + scores],
                hands=[["octopus-1", "octopus-2", "octopus-3"], other], zones=[["crab-1", "crab-2"], []],
                discards=[["sailor-1"], ["captain-1"]])
    return nothing_ends_on(s, TakeDiscard(0, 0))


@pytest.mark.parametrize("lang", LANGS)
def test_a_tie_on_totals_is_broken_by_the_last_round_and_the_tie_break_is_named(lang):
    page, after = last(tied(False), Stop(0), 1, lang)
    assert after.over and after.scores == (42, 42) and SPEC.winners(after) == [0]
    assert attrs(page, "tutor-winners")[0]["winners"] == "0"
    assert attrs(page, "tutor-ssp-decided")[0]["decided"] == "last_round"
    words = plain(page)
    said = {"en": ("Game over: Player 1 wins with 42 points.", "Player 1, Player 2 are tied on 42 points; the tie "
                   "goes to whoever scored most in the last round (Player 1: 7 points, Player 2: 4 points): Player 1.",
                   "Final scores", "Round 1", "Round 2", "Player 2 (you)"),
            "uk": ("Гру завершено: перемагає Гравець 1, 42 очки.", "за нічиєї перемагає той, хто набрав більше в "
                   "останньому раунді (Гравець 1: 7 очок, Гравець 2: 4 очки): Гравець 1.", "Підсумок гри",
                   "Гравець 2 (ви)")}[lang]
    for s in said:
        assert s in words, s
    assert words.index(said[1]) < words.index(said[2]), "the result is said before the breakdown"
    assert in_brackets(cite("sea_salt_paper:game-end", lang)) in words


@pytest.mark.parametrize("lang", LANGS)
def test_a_tie_on_both_is_a_shared_victory_by_the_tutors_ruling(lang):
    page, after = last(tied(True), Stop(0), 0, lang)
    assert after.over and after.scores == (42, 42) and SPEC.winners(after) == [0, 1]
    assert attrs(page, "tutor-winners")[0]["winners"] == "0,1"
    assert attrs(page, "tutor-ssp-decided")[0]["decided"] == "shared"
    words = plain(page)
    assert ("a shared victory for Player 1, Player 2, with 42 points each" in words if lang == "en" else
            "спільна перемога (Гравець 1, Гравець 2), у кожного 42 очки" in words), words
    assert ("the tutor's ruling makes it a shared victory" if lang == "en" else "за рішенням тьютора") in words


@pytest.mark.parametrize("lang", LANGS)
def test_four_mermaids_end_the_game_and_the_summary_says_so(lang):
    s = g.setup(3, seed=6, hands=[["mermaid-1", "mermaid-2", "mermaid-3"], ["crab-1"], []], scores=[4, 20, 9],
                history=[[1, 4, 20, 9]], discards=[["mermaid-4"], ["boat-1"]], round=2)
    s = nothing_ends_on(s, TakeDiscard(0, 0))
    page, after = last(s, PlayMermaids(0), 1, lang)
    assert attrs(page, "tutor-ssp-end")[0]["end"] == "mermaids" and after.over
    assert attrs(page, "tutor-winners")[0]["winners"] == "0"
    assert attrs(page, "tutor-ssp-seat") == [] and "tutor-ssp-totals" not in page
    assert not no_card_id(page, SPEC.secrets(after, 1))
    words = plain(page)
    assert ("Game over: Player 1 laid down four mermaids" in words if lang == "en" else
            "Гру завершено: Гравець 1 викладає чотири русалки" in words)
    assert ("The game is over: Player 1 wins." in words if lang == "en" else "перемагає Гравець 1." in words)
    assert "4 points" not in words and "4 очки" not in words     # the winner's total decided nothing
    assert in_brackets(cite("sea_salt_paper:mermaids", lang)) in words
    # the final breakdown: the rounds scored so far, the totals, with the rule
    assert [int(t) for t in re.findall(r'data-total="(\d+)"', page)] == [4, 20, 9]


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_deck_ends_the_round_unscored_and_shows_only_the_viewers_own_cards(lang):
    keep = ["shell-2", "boat-1", "fish-3"]
    rest = [c for c in g.CARDS if c not in keep + ["octopus-1", "octopus-2"]]
    s = g.setup(2, seed=1, deck=["shell-2"], discards=[["boat-1"], ["fish-3"]], hands=[["octopus-1", "octopus-2"],
                                                                                      rest], scores=[3, 5])
    s = nothing_ends_on(s, DrawDeck(0), Keep(0, "shell-2"))
    page, after = last(s, EndTurn(0), 0, lang)
    assert attrs(page, "tutor-ssp-end")[0]["end"] == "deck_empty" and after.round == 2
    assert attrs(page, "tutor-ssp-seat") == []
    assert [(int(r["scored"]), int(r["total"])) for r in seat_rows(page)] == [(0, 3), (0, 5)]
    words = plain(page)
    assert ("Your cards were worth 3 points; this time they score nothing." in words if lang == "en" else
            "Ваші карти давали 3 очки; цього разу вони нічого не приносять." in words), words
    assert ("Round 2 is dealt: everything is shuffled, and Player 2" in words if lang == "en" else
            "Роздача раунду 2: усі карти перетасовано, починає Гравець 2" in words)
    # the other player reads their own cards' worth, and again no hand is shown
    other = summary(s, for_viewer(g.apply(s, EndTurn(0))[1], 1), after, 1, "en")
    assert f"Your cards were worth {breakdown(rest).total} points" in plain(other)
    assert "tutor-ssp-seat" not in other and "<svg" not in other


def test_the_summary_of_a_card_effect_or_a_call_is_empty():
    s = g.setup(3, seed=9, hands=[["crab-1", "crab-2", "fish-1", "fish-2", "boat-1", "boat-2"], [], []],
                discards=[["shell-1"], ["octopus-1"]])
    nothing_ends_on(s, TakeDiscard(0, 0), PlayDuo(0, "crab-1", "crab-2"), CrabPile(0, 1))


# --------------------------------------------------------------------------- the coach

def worth(state, seat) -> int:
    """The seat's card points, hand and played cards, from the breakdown's lines."""
    return breakdown(state.hands[seat] + state.zones[seat]).total


def check_hint(state, seat, hint) -> None:
    """The hint's facts, recomputed through the engine another way than the coach does."""
    f, v = hint.facts, g.view(state, seat)
    me = v["seats"][seat]
    legal = legal_actions(state, seat)
    if hint.kind == "mermaids":
        assert PlayMermaids(seat) in legal and f["mermaids"] == sum(c["kind"] == "mermaid" for c in me["hand"])
    elif hint.kind == "last-turn":
        caller = v["seats"][f["caller"]]
        assert v["caller"] == f["caller"] and caller["revealed"] and caller["points"] == f["caller_points"]
    elif hint.kind == "deck-out":
        assert v["deck_count"] == 0 and state.caller is None
        _, events = g.apply(state, EndTurn(seat))
        assert any(e.kind.endswith(".deck_empty") for e in events)
    elif hint.kind in ("may-end", "below-seven"):
        assert f["need"] == C.STOP_POINTS and f["points"] == worth(state, seat)
        assert (Stop(seat) in legal) == (LastChance(seat) in legal) == (hint.kind == "may-end")
        assert (f["points"] >= f["need"]) == (hint.kind == "may-end")
    elif hint.kind == "duo":
        duo = next(a for a in legal if isinstance(a, PlayDuo) and C.duo_of(a.first, a.second) == f["duo"])
        after, events = g.apply(state, duo)
        kinds = {e.kind.split(".", 1)[1] for e in events}
        if f["duo"] == "crab":
            assert (after.phase != "crab") == f["idle"] == ("crab_nothing" in kinds)
        elif f["duo"] == "fish":
            assert f["idle"] == ("fish_nothing" in kinds) != ("fish_drew" in kinds)
        elif f["duo"] == "steal":
            assert (after.phase != "steal") == f["idle"] == ("steal_nothing" in kinds)
        else:       # boats: another turn, or with the deck empty the end of the round
            assert f["idle"] == ("deck_empty" in kinds)
            assert f["idle"] or (after.turn == seat and after.round == state.round)
    elif hint.kind == "deck":
        assert f["deck"] == v["deck_count"] <= 1 and (DrawDeck(seat) in legal) == (f["deck"] > 0)
        if f["deck"] == 1:
            after, _ = g.apply(state, DrawDeck(seat))
            assert len(g.legal_actions(after, seat)) == 1       # one card drawn: keep it, nothing to discard
    elif hint.kind == "pile-gain":
        after, _ = g.apply(state, TakeDiscard(seat, f["pile"]))
        assert f["gain"] == worth(after, seat) - worth(state, seat) > 0
    elif hint.kind == "keep-gain":
        cards = [c["id"] for c in v["drawn"]["cards"]]
        keeps = [next(a for a in legal if isinstance(a, Keep) and a.card == card) for card in cards]
        assert f["gains"] == [worth(g.apply(state, keep)[0], seat) - worth(state, seat) for keep in keeps]
        assert any(f["gains"]), "neither card adds a point: the hint says nothing"
    elif hint.kind == "empty-pile":
        assert {a.pile for a in legal if isinstance(a, Keep)} == {f["pile"]}
        assert v["discards"][f["pile"]]["count"] == 0
    elif hint.kind == "crab-empty":
        assert v["discards"][f["pile"]]["count"] == 0 and v["discards"][1 - f["pile"]]["count"] > 0
        _, events = g.apply(state, CrabPile(seat, f["pile"]))
        assert any(e.kind.endswith(".crab_looked_empty") for e in events)
    elif hint.kind == "crab-take":
        gains = {a.card: worth(g.apply(state, a)[0], seat) - worth(state, seat) for a in legal}
        assert f["gains"] == {c: n for c, n in gains.items() if n > 0}
        assert list(f["gains"]) == sorted(f["gains"], key=lambda c: -f["gains"][c])
        for card, n in f["gains"].items():
            assert card_name(card, "en") in hint.text or card_name(card, "uk") in hint.text
    elif hint.kind == "steal":
        assert f["targets"] == {a.victim: v["seats"][a.victim]["hand_count"] for a in legal}
        assert len(f["targets"]) < state.players - 1, "every opponent may be taken from: the hint says nothing"
    else:
        raise AssertionError(f"a hint kind the test does not know: {hint.kind}")


def scrambled(state, viewer, rng):
    """The position with every card `viewer` may not see swapped among the places such cards lie: what the viewer
    knows is the same, the truth different."""
    hidden = sorted(SPEC.secrets(state, viewer))
    swap = dict(zip(hidden, rng.sample(hidden, len(hidden))))

    def f(cards):
        return tuple(swap.get(c, c) for c in cards)
    return dataclasses.replace(state, deck=f(state.deck), hands=tuple(map(f, state.hands)),
                               discards=tuple(map(f, state.discards)), drawn=f(state.drawn))


HINT_KINDS = {"mermaids", "last-turn", "deck-out", "may-end", "below-seven", "duo", "deck", "pile-gain", "keep-gain",
              "empty-pile", "crab-empty", "crab-take", "steal"}


def coached(state):
    """Check every hint for the seat to move in both languages; the kinds seen."""
    seat = state.turn
    by_lang = {lang: coach(state, seat, lang) for lang in LANGS}
    en, uk = by_lang["en"], by_lang["uk"]
    assert [(h.kind, h.rule, h.facts) for h in en] == [(h.kind, h.rule, h.facts) for h in uk]
    for h in en + uk:
        SPEC.section(h.rule)        # a section the rulebook has
        assert h.text and "{" not in h.text and not no_card_id(h.text), h
        assert not re.search(r"\b(play|take|keep|lay down) (the|your|it)\b", h.text, re.I), h.text   # no move chosen
    for h in en:
        check_hint(state, seat, h)
    for other in range(state.players):
        if other != seat:
            assert coach(state, other, "en") == []      # the coach speaks to the seat to move only
    return {h.kind for h in en}


def test_every_hint_is_true_in_its_position_over_whole_bot_games():
    seen = set()
    for players, seed in GAMES:
        for before, _, _, _ in bot_game(players, seed):
            seen |= coached(before)
    assert {"may-end", "below-seven", "duo", "pile-gain", "keep-gain", "crab-take", "last-turn"} <= seen, seen


def set_positions():
    """Positions the bots rarely reach, each with the seat to move."""
    yield applied(g, g.setup(2, seed=1, hands=[["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4"], []],
                             discards=[["boat-1"], ["fish-1"]]), TakeDiscard(0, 0))[0]
    rest = [c for c in g.CARDS if c not in ("shell-2", "boat-1", "fish-3", "crab-1", "crab-2", "fish-1", "fish-2",
                                            "boat-2", "boat-3", "swimmer-1", "shark-1")]
    last = g.setup(2, seed=1, deck=["shell-2"], discards=[["boat-1"], ["fish-3"]],
                   hands=[["crab-1", "crab-2", "fish-1", "fish-2", "boat-2", "boat-3", "swimmer-1", "shark-1"], rest])
    yield last                                              # one card left: drawing gives just it
    yield applied(g, last, DrawDeck(0))[0]                  # kept, nothing to discard
    yield applied(g, last, TakeDiscard(0, 0))[0]            # the deck still holds its card
    empty = applied(g, last, DrawDeck(0), Keep(0, "shell-2"))[0]
    yield empty                                             # deck out; fish idle, boats end the round
    yield g.setup(2, seed=4, hands=[["crab-1", "crab-2", "swimmer-1", "shark-1"], []], discards=[[], ["boat-1"]])
    two = g.setup(3, seed=5, discards=[["boat-1"], []], hands=[["swimmer-1", "shark-1"], ["octopus-1"], ["crab-3"]])
    yield applied(g, two, DrawDeck(0))[0]                   # the card not kept goes onto the empty pile
    yield applied(g, two, TakeDiscard(0, 0), PlayDuo(0, "swimmer-1", "shark-1"))[0]   # whom to take from
    crabs = g.setup(2, seed=8, hands=[["crab-1", "crab-2"], []], discards=[["boat-1", "shell-1"], ["fish-1"]])
    yield applied(g, crabs, TakeDiscard(0, 1), PlayDuo(0, "crab-1", "crab-2"))[0]
    yield applied(g, crabs, TakeDiscard(0, 1), PlayDuo(0, "crab-1", "crab-2"), CrabPile(0, 0))[0]
    # the crabs with one pile emptied by this turn's draw: that pile has nothing to take
    yield applied(g, crabs, TakeDiscard(0, 1), PlayDuo(0, "crab-1", "crab-2"))[0]
    yield applied(g, g.setup(2, seed=8, hands=[["crab-1", "crab-2"], []], discards=[["boat-1"], ["fish-1"]]),
                  TakeDiscard(0, 0), PlayDuo(0, "crab-1", "crab-2"))[0]
    # a swimmer and shark after LAST CHANCE: the caller's shown hand may not be taken from, player 3's may
    bet = g.setup(3, seed=2, hands=[["octopus-1", "octopus-2", "octopus-3"], ["swimmer-1", "shark-1"], ["shell-1"]],
                  zones=[["crab-1", "crab-2"], [], []], discards=[["sailor-1"], ["captain-1"]])
    yield applied(g, bet, TakeDiscard(0, 0), LastChance(0), TakeDiscard(1, 1), PlayDuo(1, "swimmer-1", "shark-1"))[0]
    # after LAST CHANCE: the last turn, with a swimmer and shark that may not take the caller's shown hand
    call = g.setup(2, seed=3, hands=[["octopus-1", "octopus-2", "octopus-3"], ["swimmer-1", "shark-1"]],
                   zones=[["crab-1", "crab-2"], []], discards=[["sailor-1"], ["captain-1"]])
    yield applied(g, call, TakeDiscard(0, 0), LastChance(0))[0]
    yield applied(g, call, TakeDiscard(0, 0), LastChance(0), TakeDiscard(1, 1))[0]


def test_every_hint_kind_is_checked_in_set_positions_too():
    seen = set()
    for state in set_positions():
        assert not g.check_invariants(state)
        seen |= coached(state)
    seen_all = seen | set().union(*(coached(b) for b, *_ in bot_game(2, 1)))
    assert seen_all == HINT_KINDS, HINT_KINDS - seen_all


def test_idle_duos_say_why_and_the_boats_warning_holds():
    state = list(set_positions())[4]             # the deck just ran out at player 1's draw
    hints = {h.facts.get("duo"): h for h in coach(state, 0, "en") if h.kind == "duo"}
    assert {d: h.facts["idle"] for d, h in hints.items()} == {"crab": False, "boat": True, "fish": True, "steal": False}
    assert "the deck is empty" in hints["fish"].text and "the round, with nobody scoring" in hints["boat"].text
    assert hints["boat"].rule == "sea_salt_paper:empty-deck"
    uk = {h.facts.get("duo"): h.text for h in coach(state, 0, "uk") if h.kind == "duo"}
    assert "колода порожня" in uk["fish"] and "без підрахунку очок" in uk["boat"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_issues_example_hint_at_seven_points(lang):
    """"You have 7 points: you may end the round (STOP or LAST CHANCE)", as the issue asks, first after the call."""
    s = g.setup(2, seed=7, zones=[["crab-6", "crab-7"], ["boat-3", "boat-4"]],
                hands=[["octopus-1", "octopus-3"], ["shell-1", "shell-3", "penguin-3"]],
                discards=[["captain-1"], ["octopus-4"]])
    s, _ = g.apply(s, TakeDiscard(0, 1))
    first = coach(s, 0, lang)[0]
    assert (first.kind, first.facts, first.rule) == ("may-end", {"points": 7, "need": 7}, "sea_salt_paper:end-round")
    assert first.text == {"en": "You have 7 points from your cards: you may end the round now, with STOP or LAST "
                                "CHANCE.",
                          "uk": "У вас 7 очок за карти: можна завершити раунд — «СТОП» або «ОСТАННІЙ ШАНС»."}[lang]


def test_the_coach_and_the_panel_use_only_what_the_seat_knows():
    rng = random.Random(11)
    positions = [b for players, seed in GAMES[::2] for b, *_ in bot_game(players, seed)[::3]]
    positions += list(set_positions())
    for state in positions:
        seat = state.turn
        other = scrambled(state, seat, rng)
        assert not g.check_invariants(other)
        for lang in LANGS:
            assert coach(other, seat, lang) == coach(state, seat, lang)
            assert score_panel(other, seat, lang) == score_panel(state, seat, lang)
            viewer = (seat + 1) % state.players      # any seat's panel, not only the one to move
            assert score_panel(scrambled(state, viewer, rng), viewer, lang) == score_panel(state, viewer, lang)


# --------------------------------------------------------------------------- the score panel

@pytest.mark.parametrize("players,seed", GAMES[:3])
def test_the_panels_numbers_are_the_engines_and_it_shows_no_hidden_card(players, seed):
    for before, _, _, after in bot_game(players, seed)[::2]:
        for state in (before, after):
            for viewer in (*range(players), None):
                v = g.view(state, viewer)
                for lang in LANGS:
                    panel = score_panel(state, viewer, lang)
                    assert not no_card_id(panel, SPEC.secrets(state, viewer))
                    rows = seat_rows(panel)
                    assert [int(r["seat"]) for r in rows] == list(range(players))
                    for r in rows:
                        seat = v["seats"][int(r["seat"])]
                        assert (int(r["total"]), int(r["hand"])) == (seat["score"], seat["hand_count"])
                        whole = int(r["seat"]) == viewer or seat["revealed"]
                        assert r["whole"] == str(whole).lower()
                        assert int(r["seen"]) == (seat["points"] if whole else seat["zone_points"])
                    own = attrs(panel, "tutor-ssp-own")
                    if viewer is None or state.over:
                        assert own == []
                    else:
                        mine = v["seats"][viewer]
                        assert (int(own[0]["points"]), int(own[0]["bonus"])) == (mine["points"], mine["bonus"])
                    if state.history:
                        totals = [int(t) for t in re.findall(r'<td class="num" data-seat="\d" data-total="(\d+)"',
                                                             panel)]
                        assert totals == [b.total for b in SPEC.score(state)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_panel_reads_as_a_player_says_it(lang):
    s = g.setup(3, seed=7, zones=[["crab-6", "crab-7"], ["boat-3", "boat-4"], []], scores=[12, 9, 0],
                history=[[1, 12, 9, 0]], round=2, hands=[["octopus-1", "octopus-3"], ["shell-1"], []],
                discards=[["captain-1"], ["octopus-4"]])
    panel = score_panel(s, 0, lang)
    words = plain(panel)
    # player 1: a crab pair played (1) and two octopuses (3), two yellow crabs; player 2 shows a boat pair (1)
    expect = {"en": ("Round 2 · target 35 points", "Player 1 (you) 2 4 12", "Player 2 1 1+ 9", "Player 3 0 0+ 0",
                     "Your cards: 4 points, colour bonus 2", "Crab pairs × 1", "Octopuses × 2", "Rounds so far"),
              "uk": ("Раунд 2 · мета — 35 очок", "Гравець 1 (ви) 2 4 12", "Гравець 2 1 1+ 9",
                     "Ваші карти: 4 очки, бонус за колір 2", "Пари крабів × 1", "Зіграні раунди")}[lang]
    for said in expect:
        assert said in words, (said, words)
    assert cite("sea_salt_paper:round-end", lang) in words


# --------------------------------------------------------------------------- tips and registration

@pytest.mark.parametrize("lang", LANGS)
def test_three_to_five_first_game_tips(lang):
    said = tips(lang)
    assert 3 <= len(said) <= 5 and len(set(said)) == len(said)
    for tip in said:
        assert len(tip) > 40 and "{" not in tip and not no_card_id(tip), tip
    assert str(C.STOP_POINTS) in " ".join(said)         # the number comes from the components
    assert said != tips("uk" if lang == "en" else "en")


def test_the_hooks_are_registered_in_the_games_ui():
    parts = SPEC.parts()
    assert (parts.summary, parts.coach, parts.score_panel, parts.tips) == (summary, coach, score_panel, tips)
    state = bot_game(2, 1)[0][0]
    assert parts.tips("en") and parts.score_panel(state, 0, "en")
    # the coach may have nothing to say (the game's first draw); somewhere in the game it speaks
    assert any(parts.coach(b, b.turn, "uk") for b, *_ in bot_game(2, 1))


def test_the_rounds_so_far_say_who_ended_each_round_and_how():
    """A reader could not tell, once a round's summary had gone, who had ended earlier rounds and how (ZA7). The
    engine keeps it (State.ends, kept by a saved position) and the panel's rounds so far list it, a line a round,
    from the events that ended them."""
    import random
    from tutor.games.sea_salt_paper.codec import state_from_json, to_json
    from tutor.games.sea_salt_paper.panel import ends_list
    from tutor.games.sea_salt_paper.rules import ENDS, LastChance, Stop
    from tutor.widgets.play import PlayTable
    seen = set()
    for seed in range(6):
        table = PlayTable("sea_salt_paper", players=2, seat=0, lang="en", seed=seed)
        r = random.Random(seed)
        for _ in range(600):
            if table.game.is_over(table.state):
                break
            acts = table.game.legal_actions(table.state, 0)
            enders = [a for a in acts if isinstance(a, (Stop, LastChance))]
            table.act(enders[0] if enders and r.random() < 0.7 else r.choice(acts))
        state = table.state
        assert len(state.ends) == len(state.history) and [e[0] for e in state.ends] == [h[0] for h in state.history]
        # each end named by the events of the game: a STOP by its player, a bet settled won or lost
        log = table.live.events_log
        for rnd, seat, how in state.ends:
            assert any(e.kind.endswith("." + ENDS[how]) and e.data.get("player") == seat for e in log), (rnd, seat, how)
        html = ends_list(state, 0, "en")
        assert html.count("<li") == len(state.ends)
        assert state_from_json(to_json(state)) == state
        seen |= {ENDS[how] for _r, _s, how in state.ends}
    assert "stop" in seen and seen & {"bet_won", "bet_lost"}, seen


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_every_film_frame_names_its_own_action(lang):
    """An opponent's end of turn was captioned "Player 2 played" over "Player 3's turn." and read as naming the wrong
    player: every action has its own verb on a frame's caption, in each language."""
    from helpers import check_film_verbs
    check_film_verbs("sea_salt_paper", lang)


def test_two_drawn_cards_alike_are_one_choice():
    """Two cards drawn from the deck of the same kind and colour were offered as four buttons, the same two choices
    twice (a reader): they are two buttons, one a discard pile; two different cards still make four. The board still
    offers each card."""
    from tutor.games.sea_salt_paper import rules
    from tutor.games.sea_salt_paper.text import card_name
    from tutor.widgets.play import PlayTable
    alike = different = 0
    for seed in range(300):
        table = PlayTable("sea_salt_paper", players=2, seat=0, seed=seed)
        if 0 not in table.game.to_move(table.state):
            continue
        table.act(rules.DrawDeck(0))
        keeps = [a for a in table.game.legal_actions(table.state, 0) if isinstance(a, rules.Keep)]
        shown = [c for group in table._rows for part in group for c in part.get("choices", ())
                 if isinstance(getattr(c, "action", None), rules.Keep)]
        names = {card_name(k.card, "en") for k in keeps}
        if len(names) == 1 and len({k.card for k in keeps}) == 2:
            alike += 1
            assert len(shown) == 2 and len({c.action.pile for c in shown}) == 2, [c.description for c in shown]
            assert all(f'data-key="card:{k.card}"' in table.svg for k in keeps), "the board offers one card only"
        elif len(names) == 2:
            different += 1
            assert len(shown) == 4
        if alike >= 2 and different >= 2:
            break
    assert alike and different, (alike, different)


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_keep_button_shows_the_card_it_keeps(lang):
    """Reader TP (stop 58): on a phone the two cards drawn lay a screen above the buttons choosing between them. Each
    Keep button carries a small face of its card, the card's name on it; no other button has one."""
    from tutor.games.sea_salt_paper.rules import DrawDeck, Keep
    from tutor.games.sea_salt_paper.text import kind_name
    from tutor.widgets.play import PlayTable
    t = PlayTable("sea_salt_paper", players=2, seat=0, lang=lang, seed=5)
    t.act(DrawDeck(0))
    keeps = [b for b in t.action_buttons() if isinstance(b.action, Keep)]
    assert len({b.action.card for b in keeps}) == 2       # (each with the pile the other card goes to)
    for b in keeps:
        assert 'class="tutor-choice-icon"' in b.icon
        assert html.escape(kind_name(C.KIND[b.action.card], lang)) in b.icon
    assert not any(getattr(b, "icon", "") for b in t.action_buttons() if not isinstance(b.action, Keep))
