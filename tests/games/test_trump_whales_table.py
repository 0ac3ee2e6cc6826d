"""Козырные киты at the play table (issue #34): the summaries of a trick, a round and the game, the coach's hints,
the running score and the first-game tips, checked on seeded bot games against the engine.

Each check recomputes what the hook claims another way: whether an action ends a trick from the trick count and
the round, the winner from `trick_winner`, the score lines from the engine's history row and `SPEC.score`, each
hint's facts by applying actions through the engine. No card id of `SPEC.secrets(state, viewer)` may appear."""

from __future__ import annotations

import html
import random
from html.parser import HTMLParser
from typing import Any, Optional

import pytest
from helpers import mentions

from tutor.core.coach import Hint, chosen
from tutor.core.errors import RuleViolation
from tutor.core.events import for_viewer
from tutor.core.i18n import player_name, text
from tutor.core.rules import section
from tutor.games import trump_whales as g
from tutor.games.trump_whales import SPEC, components as C
from tutor.games.trump_whales.coach import coach
from tutor.games.trump_whales.rules import ChooseLeader, Pick, PlayCard, UseBonus, led_family, seat_of
from tutor.games.trump_whales.scoring import round_breakdown
from tutor.games.trump_whales.summary import summary, tied_rounds
from tutor.games.trump_whales.table import score_panel, tips
from tutor.games.trump_whales.text import card_name, family_name, points_text
from tutor.games.trump_whales.ui import UI

LANGS = ("en", "ru")
_T = "ui.trump_whales.table."
GAMES = [(2, 11), (3, 5), (4, 3), (4, 8)]      # (players, seed); at 3 and 4 players a 5 is left untaken


# --------------------------------------------------------------------------- helpers

class Tables(HTMLParser):
    """The tables of an HTML fragment, each under the `data-part` it lies in: [(part, [(row label, [cells])])];
    and the plain text."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.parts: list[Optional[str]] = []
        self.divs: list[Optional[str]] = []
        self.tables: list[tuple[Optional[str], list[tuple[str, list[str]]]]] = []
        self.row: Optional[list[str]] = None
        self.cell: Optional[list[str]] = None
        self.words: list[str] = []
        self.in_svg = 0
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, Optional[str]]]) -> None:
        a = dict(attrs)
        if tag == "svg":
            self.in_svg += 1
        if tag == "div":
            self.divs.append(a.get("data-part"))
        elif tag == "table":
            part = next((p for p in reversed(self.divs) if p), None)
            self.tables.append((part, []))
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self.in_svg -= 1
        if tag == "div" and self.divs:
            self.divs.pop()
        elif tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables[-1][1].append((self.row[0], self.row[1:]))
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data + " ")
        if not self.in_svg:
            self.words.append(data)

    def table(self, part: Optional[str]) -> dict[str, list[str]]:
        """The first table under `part`, its rows by label."""
        rows = next(t for p, t in self.tables if p == part)
        return {label: cells for label, cells in rows}

    @property
    def text(self) -> str:
        return " ".join("".join(self.words).split())


def said(key: str, lang: str, **params: Any) -> str:
    """A catalogue line as the summary's HTML writes it (escaped)."""
    return html.escape(text(_T + key, lang, **params), quote=True)


def no_secret(markup: str, state, viewer: Optional[int]) -> None:
    leaked = sorted(c for c in SPEC.secrets(state, viewer) if mentions(markup, c))
    assert not leaked, f"secret cards named for viewer {viewer}: {leaked}"


def play(players: int, seed: int):
    """A seeded bot game, action by action: (before, action, events, after)."""
    bots, rng = SPEC.bots(), random.Random(f"table/{seed}")
    state = g.setup(players, seed=seed)
    steps = []
    while not g.is_over(state):
        seat = g.to_move(state)[0]
        action = bots.choose(state, seat, rng)
        after, events = g.apply(state, action)
        steps.append((state, action, events, after))
        state = after
    return steps


_GAMES: dict[tuple[int, int], list] = {}


def game(players: int, seed: int):
    if (players, seed) not in _GAMES:
        _GAMES[(players, seed)] = play(players, seed)
    return _GAMES[(players, seed)]


def ends(before, after) -> tuple[bool, bool, bool]:
    """(a trick, a round, the game) ended with this action, from the positions alone: the count of finished tricks
    went on (or a new round was dealt), the round number went on (or the game is over), the game is over."""
    round_over = after.round != before.round or (after.over and not before.over)
    trick_over = round_over or after.tricks != before.tricks
    return trick_over, round_over, after.over and not before.over


# --------------------------------------------------------------------------- summaries

@pytest.mark.parametrize("players, seed", GAMES)
def test_a_summary_comes_exactly_when_a_trick_round_or_game_ends_and_names_it_right(players, seed):
    steps = game(players, seed)
    counted = {"trick": 0, "round": 0, "game": 0}
    viewers = [0, players - 1, None]
    for before, action, events, after in steps:
        trick_over, round_over, game_over = ends(before, after)
        for viewer in viewers:
            told = for_viewer(events, viewer)
            for lang in LANGS:
                out = UI.summary(before, told, after, viewer, lang)
                assert bool(out) == trick_over, (action, out[:200])
                if not out:
                    continue
                assert out.startswith("<h4>")
                no_secret(out, after, viewer)
                assert "data-card" not in out
                page = Tables(out)
                # the trick: its winner by the engine, drawn with every card, the winner and the card taken marked
                winner, why = g.trick_winner(before.trick, before.leader, players, before.trump, before.token)
                assert said("title.trick", lang, n=before.tricks + 1, total=C.TRICKS,
                            player=player_name(winner, lang)) in out
                assert out.count('class="card"') == players
                assert out.count('class="winner-mark"') == 1 and out.count('class="taken-mark"') == 1
                first = out.split("<li ", 1)[1]
                want_rule = "trump_whales:five" if why == "fives" else f"trump_whales:token-{before.token}"
                assert first.startswith(f'data-rule="{want_rule}"')
                # what decided it, as the engine says: the best trump, the best of the led family, or only 5s
                best = before.trick[(winner - before.leader) % players]
                wins = text(f"trump_whales.wins.{before.token}", lang)
                led = led_family(before.trick)
                alone = sum((C.FAMILY[c] or led) == before.trump for c in before.trick) == 1
                decided = {
                    "trump": lambda: said("decided.trump_only", lang, player=player_name(winner, lang),
                                          card=card_name(best, lang), trump=family_name(before.trump, lang))
                    if alone else said("decided.trump", lang, player=player_name(winner, lang), wins=wins,
                                       card=card_name(best, lang), trump=family_name(before.trump, lang),
                                       token=before.token),
                    "led": lambda: said("decided.led", lang, player=player_name(winner, lang), wins=wins,
                                        card=card_name(best, lang), token=before.token,
                                        family=family_name(led, lang)),
                    "fives": lambda: said("decided.fives", lang, player=player_name(winner, lang)),
                }[why]()
                assert decided in first.split("</li>")[0]
                assert isinstance(action, Pick)
                taken_rule = "five-exception" if C.is_five(action.card) else "reward"
                assert f'data-rule="trump_whales:{taken_rule}"' in out
                assert ('data-part="round"' in out) == round_over
                assert ('data-part="game"' in out) == game_over
                if round_over:
                    row = after.history[-1]
                    n = players
                    rows = page.table("round")
                    assert [int(c) for c in rows[text(_T + "round.pearls", lang)]] == list(row[1 + n:1 + 2 * n])
                    assert rows[text(_T + "round.bonuses", lang)] == [
                        f"{b} → {b // C.BONUS_PAIR}" for b in row[1 + 2 * n:]]
                    assert [int(c) for c in rows[text(_T + "round.points", lang, round=row[0])]] == list(
                        row[1:1 + n])
                    assert [int(c) for c in rows[text(_T + "round.total", lang)]] == list(after.scores)
                if game_over:
                    final = page.table("game")
                    totals = [b.total for b in SPEC.score(after)]
                    assert [int(c) for c in final[text(_T + "round.total", lang)]] == totals
                    for r in after.history:    # each round's cell: its points, then pearls + pairs
                        cells = final[text(_T + "round.points", lang, round=r[0])]
                        assert [c.split()[0] for c in cells] == [str(p) for p in r[1:1 + players]]
                    champion = SPEC.winners(after)
                    assert len(champion) == 1
                    assert said("title.game", lang, player=player_name(champion[0], lang)) in out
                    assert said("game.winner", lang, player=player_name(champion[0], lang),
                                points=points_text(max(after.scores), lang)) in out
        counted["trick"] += trick_over
        counted["round"] += round_over
        counted["game"] += game_over
    assert counted["trick"] == C.TRICKS * counted["round"] and counted["game"] == 1


def test_a_trick_summary_says_who_takes_the_next_lead_and_a_five_not_taken_hands_it_on():
    """«ИСКЛЮЧЕНИЕ: ПЯТЁРКА!»: a 5 in the trick and another card taken: the first 5's player names the leader."""
    seen = set()
    for players, seed in GAMES:
        for before, action, events, after in game(players, seed):
            if not isinstance(action, Pick) or ends(before, after)[1]:
                continue
            out = summary(before, events, after, 0, "en")
            if after.phase == "leader":
                seen.add("five")
                assert said("next.five", "en", player=player_name(after.turn, "en")) in out
            else:
                seen.add("winner")
                assert said("next.winner", "en", player=player_name(after.leader, "en")) in out
    assert seen == {"five", "winner"}


def test_the_final_summary_names_the_tie_that_sent_the_game_on():
    """«КОНЕЦ ИГРЫ»: a tie at the top after round 2 (both past the target) played round 3, which decided it."""
    n = 2
    history = [(1, 15, 15, 15, 15, 0, 0), (2, 16, 16, 16, 16, 0, 0)]
    s = g.setup(n, seed=1, first=0, trump="orca", token=9, hands=[["orca-9"], ["orca-1"]],
                bonuses=[[], []], scores=[31, 31], history=history, round=3, tricks=C.TRICKS - 1)
    assert tied_rounds(s) == [(2, [0, 1], 31)]
    s, _ = g.apply(s, PlayCard(0, "orca-9"))
    before, _ = g.apply(s, PlayCard(1, "orca-1"))
    after, events = g.apply(before, Pick(0, "orca-1"))
    assert after.over and g.winners(after) == [0]
    for lang in LANGS:
        out = summary(before, events, after, 0, lang)
        assert said("game.decided.tie", lang, round=2, last=3, points=points_text(31, lang),
                    players=", ".join(player_name(p, lang) for p in (0, 1))) in out
        assert said("game.decided.target", lang, player=player_name(0, lang),
                    target=points_text(C.TARGET, lang)) not in out
        no_secret(out, after, 0)


def test_a_tie_at_the_top_at_a_rounds_end_says_another_round_is_played():
    n = 2
    s = g.setup(n, seed=1, first=0, trump="orca", token=9, hands=[["orca-9"], ["orca-1"]], bonuses=[[], []],
                scores=[30, 30], pearls=[[], ["narwhal-1"]], round=2, tricks=C.TRICKS - 1)
    s, _ = g.apply(s, PlayCard(0, "orca-9"))
    before, _ = g.apply(s, PlayCard(1, "orca-1"))
    after, events = g.apply(before, Pick(0, "orca-1"))     # 30 + 1 against 30 + 1: a tie on 31
    assert not after.over and after.round == 3
    for lang in LANGS:
        out = summary(before, events, after, 1, lang)
        assert said("round.tie", lang, players=", ".join(player_name(p, lang) for p in (0, 1)),
                    points=points_text(31, lang)) in out
        assert 'data-part="game"' not in out


def test_no_summary_for_actions_that_end_nothing():
    s = g.setup(3, seed=2)
    for action in (g.legal_actions(s, 0)[0],):
        after, events = g.apply(s, action)
        assert summary(s, events, after, 0, "en") == ""


# --------------------------------------------------------------------------- the coach

def check_hint(state, seat: int, hint: Hint) -> None:
    """The hint's facts, recomputed through the engine."""
    f = hint.facts
    hand = state.hands[seat]
    plays = {a.card for a in g.legal_actions(state, seat) if isinstance(a, PlayCard)}
    kind = hint.kind
    if kind == "lead":
        assert not state.trick and plays == set(hand) and f["hand"] == len(hand)
    elif kind == "after-five":
        assert state.trick and all(C.is_five(c) for c in state.trick) and plays == set(hand)
    elif kind == "any-card":
        assert led_family(state.trick) == f["family"] and plays == set(hand)
        assert not any(C.FAMILY[c] == f["family"] for c in hand)
    elif kind == "must-follow":
        family = led_family(state.trick)
        assert f["family"] == family
        assert f["count"] == sum(C.FAMILY[c] == family for c in hand) > 0
        assert f["fives"] == sum(C.is_five(c) for c in hand)
        assert plays == {c for c in hand if C.FAMILY[c] in (family, None)}
        other = next((c for c in hand if C.FAMILY[c] not in (family, None)), None)
        if other is not None:
            with pytest.raises(RuleViolation) as refused:
                g.apply(state, PlayCard(seat, other))
            assert refused.value.rule == "trump_whales:follow"
    elif kind == "trump":
        assert (f["trump"], f["token"]) == (state.trump, state.token)
        # the token's side says who wins: a made-up two-card trick of the trump family, on this side
        low, high = (c for c in (f"{state.trump}-1", f"{state.trump}-9"))
        won = g.trick_winner((low, high), 0, 2, state.trump, state.token)[0]
        assert won == (0 if state.token == 1 else 1)
    elif kind == "near-target":
        def would(s: int) -> int:
            noted = state.noted[s] if state.noted else 0
            return state.scores[s] + len(state.pearls[s]) + noted + len(state.bonuses[s]) // 2
        assert f["total"] == would(f["player"]) == max(would(s) for s in range(state.players)) >= C.TARGET
    elif kind == "bonuses":
        assert f["bonuses"] == [(C.FAMILY[c], C.VALUE[c], C.BONUS[c], C.TARGET_FAMILY[c]) for c in state.bonuses[seat]]
        for c in state.bonuses[seat]:
            after, _ = g.apply(state, UseBonus(seat, c))
            if C.BONUS[c] == "trump":
                assert after.trump == C.TARGET_FAMILY[c]
            elif C.BONUS[c] == "flip":
                assert after.token == 10 - state.token
            else:
                assert len(after.pearls[seat]) == len(state.pearls[seat]) + 1
    elif kind == "bonus-pairs":
        assert f["unused"] == len(state.bonuses[seat])
        assert f["pairs"] == round_breakdown(0, f["unused"]).total
    elif kind == "round-points":
        noted = state.noted or (0,) * state.players
        assert f["points"] == [round_breakdown(len(state.pearls[s]) + noted[s], len(state.bonuses[s])).total
                               for s in range(state.players)]
    elif kind == "first-bonus":
        assert state.phase == "bonus" and f["hand"] == len(hand) == C.HAND and f["to_play"] == C.TRICKS
    elif kind == "reward":
        offer = []
        for i, c in enumerate(state.trick):
            if seat_of(state, i) == seat:
                continue
            _after, events = g.apply(state, Pick(seat, c))
            got = next(e for e in events if e.kind.endswith(("picked", "picked_five")))
            offer.append((C.FAMILY[c], C.VALUE[c], got.data.get("pearls", got.data.get("points"))))
        assert f["offer"] == offer
    elif kind == "five-pick":
        fives = [i for i, c in enumerate(state.trick) if C.is_five(c)]
        assert f["chooser"] == seat_of(state, fives[0])
        for i, c in enumerate(state.trick):
            if seat_of(state, i) == seat:
                continue
            after, events = g.apply(state, Pick(seat, c))
            if f["last"]:
                assert any(e.kind.endswith("round_scored") for e in events)
            elif C.is_five(c):
                assert after.phase == "play" and after.leader == seat
                assert [e.data["points"] for e in events if e.kind.endswith("picked_five")] == [f["points"]]
            else:
                assert after.phase == "leader" and after.turn == f["chooser"]
    elif kind == "choose-leader":
        assert state.phase == "leader" and state.turn == seat == f["chooser"]
        assert {a.leader for a in g.legal_actions(state, seat) if isinstance(a, ChooseLeader)} == set(
            range(state.players))
    else:
        raise AssertionError(f"a hint kind the test does not know: {kind}")


@pytest.mark.parametrize("players, seed", GAMES)
def test_every_coach_hint_is_true_in_its_position(players, seed):
    kinds = set()
    for before, _action, _events, _after in game(players, seed):
        for seat in g.to_move(before):
            for lang in LANGS:
                hints = coach(before, seat, lang)
                assert hints and len(chosen(hints)) <= 2
                for hint in hints:
                    assert isinstance(hint, Hint) and hint.text and hint.rule.startswith("trump_whales:")
                    section(hint.rule)        # a section the rulebook has
                    for c in C.ALL_CARDS:     # no card by its id, in the words or in the facts
                        assert not mentions(hint.text, c) and not mentions(repr(hint.facts), c)
                    no_secret(hint.text, before, seat)
                    assert "{" not in hint.text
            for hint in coach(before, seat, "en"):
                kinds.add(hint.kind)
                check_hint(before, seat, hint)
    assert {"trump", "round-points", "reward", "first-bonus"} <= kinds
    assert kinds & {"lead", "must-follow", "any-card"}


def test_the_coach_says_the_lesser_cases_true_too():
    """Positions bot games rarely reach: a trick led with a 5, a 5 to take, the choice of the next leader, a player
    about to reach the target."""
    s = g.setup(3, seed=1, first=0, trump="orca", token=9, hands=[["narwhal-1", "orca-2"], ["five-1", "orca-3"],
                                                                   ["blue_whale-4", "narwhal-6"]],
                bonuses=[["orca-4", "orca-6"], [], []], scores=[28, 0, 0], pearls=[["orca-7", "orca-8"], [], []])
    # seat 0 leads, and has 2 pearls + a pair of bonuses: 28 + 3 would pass the target
    kinds = {h.kind for h in coach(s, 0, "en")}
    assert {"lead", "near-target", "bonuses", "bonus-pairs"} <= kinds
    for h in coach(s, 0, "en"):
        check_hint(s, 0, h)
    s, _ = g.apply(s, PlayCard(0, "narwhal-1"))
    s, _ = g.apply(s, PlayCard(1, "five-1"))
    s, _ = g.apply(s, PlayCard(2, "narwhal-6"))      # narwhal led, no trump: 6 wins (token 9)
    assert s.phase == "reward" and s.turn == 2
    hints = coach(s, 2, "en")
    assert [h.kind for h in hints][:2] == ["reward", "five-pick"]
    for h in hints:
        check_hint(s, 2, h)
    led, _ = g.apply(s, Pick(2, "narwhal-1"))         # not the 5: its player names the next leader
    assert [h.kind for h in coach(led, 1, "en")][0] == "choose-leader"
    for h in coach(led, 1, "ru"):
        check_hint(led, 1, h)
    five_led = g.setup(3, seed=1, first=1, leader=1, trump="orca", token=1, trick=["five-2"],
                       hands=[["narwhal-1"], [], ["blue_whale-4"]], bonuses=[[], [], []])
    hints = coach(five_led, 2, "en")
    assert hints[0].kind == "after-five"
    check_hint(five_led, 2, hints[0])


def test_the_coach_is_silent_for_a_seat_not_to_act():
    s = g.setup(3, seed=4)
    s, _ = g.apply(s, g.legal_actions(s, 0)[0])
    assert coach(s, 0, "en") == []


# --------------------------------------------------------------------------- the score panel

@pytest.mark.parametrize("players, seed", GAMES[:3])
def test_the_score_panel_counts_what_the_engine_counts_and_hides_nothing_it_should_not_show(players, seed):
    for before, _action, _events, after in game(players, seed)[::3] + [game(players, seed)[-1]]:
        for state in (before, after):
            for viewer in (0, players - 1, None):
                for lang in LANGS:
                    out = score_panel(state, viewer, lang)
                    no_secret(out, state, viewer)
                    page = Tables(out)
                    rows = [cells for _label, cells in page.tables[0][1][1:]]
                    order = range(players) if viewer is None else [(viewer + i) % players for i in range(players)]
                    noted = state.noted or (0,) * players
                    for s, cells in zip(order, rows):
                        pearls = len(state.pearls[s]) + noted[s]
                        assert [int(c) for c in cells] == [
                            pearls, len(state.bonuses[s]),
                            round_breakdown(pearls, len(state.bonuses[s])).total, state.scores[s]]
                    assert page.tables[0][1][1][0].startswith(player_name(order[0], lang))
                    if viewer is not None and not state.over:
                        pearls = len(state.pearls[viewer]) + noted[viewer]
                        mine = round_breakdown(pearls, len(state.bonuses[viewer])).total
                        assert html.escape(points_text(mine, lang)) in out
                    if state.over:
                        assert text(_T + "panel.title_over", lang) in out


# --------------------------------------------------------------------------- tips, and the hooks as registered

def test_three_to_five_first_game_tips_in_each_language():
    counts = set()
    for lang in LANGS:
        said_tips = tips(lang)
        counts.add(len(said_tips))
        assert 3 <= len(said_tips) <= 5 and all(t.strip() for t in said_tips)
        assert len(set(said_tips)) == len(said_tips) and not any("{" in t for t in said_tips)
        low, high = C.TOKEN_SIDES
        assert f"«{low}»" in said_tips[0] and f"«{high}»" in said_tips[0]
    assert len(counts) == 1
    assert tips("en") != tips("ru")


def test_the_hooks_are_registered_on_the_games_ui():
    ui = SPEC.parts()
    assert ui is UI
    s = g.setup(2, seed=3)
    assert ui.tips is not None and ui.tips("ru") == tips("ru")
    assert ui.score_panel is not None and ui.score_panel(s, 0, "en") == score_panel(s, 0, "en")
    assert ui.coach is not None and ui.coach(s, 0, "en") == coach(s, 0, "en")
    assert ui.summary is not None and ui.summary(s, [], s, 0, "en") == ""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_film_frame_names_its_own_action(lang):
    """"Player 3 played" over a token flipped with a bonus, and over a first bonus laid, named no card played (a
    reader, stop 50): every action has its own verb on a film frame's caption, in each language, and a table's film
    says what the step did."""
    from types import SimpleNamespace
    from helpers import check_film_verbs
    from tutor.core.i18n import text
    from tutor.games.trump_whales import rules
    from tutor.widgets.film import _caption
    check_film_verbs("trump_whales", lang)
    table = SimpleNamespace(game_id="trump_whales", lang=lang)
    step = SimpleNamespace(action=rules.UseBonus(1, "orca-1"))
    assert _caption(table, step, "P", 2, 5) == text("ui.trump_whales.film.usebonus", lang, player="P", n=3, of=5)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_fives_in_a_hand_are_named_by_their_bonus(lang):
    """A reader held two 5s with different bonuses and met "Lay the Five as first bonus" twice, at the moment the
    bonus is the choice (stop 53): a 5 laid or played from a hand holding two or more says its bonus; with one 5,
    or another card, the label is the action's own."""
    from tutor.games import trump_whales as T
    from tutor.games.trump_whales import components as C
    from tutor.games.trump_whales.rules import ChooseBonus
    from tutor.games.trump_whales.text import bonus_name
    from tutor.games.trump_whales.ui import action_label, label_in
    found = None
    for seed in range(400):
        s = T.setup(4, seed=seed)
        for p in range(4):
            fives = [c for c in s.hands[p] if C.is_five(c)]
            if len(fives) >= 2 and len({C.BONUS[c] for c in fives}) >= 2:
                found = (s, p, fives)
                break
        if found:
            break
    assert found, "no hand with two 5s of different bonuses"
    s, p, fives = found
    labels = [label_in(s, ChooseBonus(p, c), lang) for c in fives]
    assert len(set(labels)) == len({C.BONUS[c] for c in fives})
    assert all(bonus_name(c, lang) in label for c, label in zip(fives, labels))
    other = next(c for c in s.hands[p] if not C.is_five(c))
    assert label_in(s, ChooseBonus(p, other), lang) is None
    assert action_label(ChooseBonus(p, fives[0]), lang) in labels[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_trump_bonus_naming_the_trump_already_there_says_it_changes_nothing(lang):
    """A reader of wave 23 was offered "change trump to the blue whale" with the blue whale trump already, and took it
    for a move that did something: the rules allow it (the bonus is spent), and its button says it changes nothing.
    A bonus naming another family says nothing of the kind."""
    from tutor.games import trump_whales as tw
    from tutor.games.trump_whales import components as C
    from tutor.games.trump_whales.ui import action_label, label_in
    same = other = 0
    for seed in range(60):
        state, r = tw.setup(3, seed=seed), random.Random(seed)
        while not state.over and not (same and other):
            seat = tw.to_move(state)[0]
            legal = tw.legal_actions(state, seat)
            for a in legal:
                if isinstance(a, tw.UseBonus) and C.CARDS[a.card].bonus == "trump":
                    said = label_in(state, a, lang) or action_label(a, lang)
                    nothing = text("ui.trump_whales.use_bonus.same_trump", lang)
                    if C.CARDS[a.card].target == state.trump:
                        same += 1
                        assert said.endswith(f"({nothing})"), said
                    else:
                        other += 1
                        assert nothing not in said, said
            state = tw.apply(state, r.choice(legal))[0]
        if same and other:
            break
    assert same and other, (same, other)
