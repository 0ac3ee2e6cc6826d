"""Острів котів at the play table (issue #34): the day and game summaries, the coach's hints, the score panel and the
tips (tutor/games/isle_of_cats/table.py, coaching.py), checked on seeded bot games action by action. Every claim is
recomputed another way: a day's end from the ship's move, scores from SPEC.score, the coach's facts from the view,
the legal actions and the positions the engine reaches after each of them."""

from __future__ import annotations

import html
import random
import re
from dataclasses import dataclass

import pytest

from tutor.core.coach import Hint
from tutor.core.events import Event, for_viewer
from tutor.games.isle_of_cats import SPEC, bots
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats.rules import Pass, State, Take, TakeTreasure
from tutor.core.i18n import text
from tutor.games.isle_of_cats.scoring import filled_rooms, groups, score_table
from tutor.games.isle_of_cats.table import score_panel, summary, tips
from tutor.games.isle_of_cats.coaching import coach
from tutor.games.isle_of_cats.text import card_name, points_text, tile_name

LANGS = ("en", "uk")
# an internal id of a tile or a card: never shown to a learner
_ID = re.compile(r"\b(?:cat-[a-z]+-\d+|rare-[A-Z]-\d+|common-[A-Za-z-]+-\d+|card-\d{3})\b")
GAMES = [(2, 11), (3, 5), (4, 23)]       # (players, seed)


@dataclass
class Step:
    before: State
    events: list[Event]
    after: State


def _play(players: int, seed: int) -> list[Step]:
    """A seeded game of bots, every action kept."""
    state = SPEC.setup(players, seed=seed)
    rng = random.Random(seed)
    steps = []
    while not SPEC.is_over(state):
        seat = SPEC.to_move(state)[0]
        new, events = SPEC.apply(state, bots.choose(state, seat, rng))
        steps.append(Step(state, events, new))
        state = new
    return steps


_GAMES: dict[tuple[int, int], list[Step]] = {}


def game(players: int, seed: int) -> list[Step]:
    if (players, seed) not in _GAMES:
        _GAMES[(players, seed)] = _play(players, seed)
    return _GAMES[(players, seed)]


def plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def no_secrets(fragment: str, state: State, viewer) -> None:
    """No id of what `viewer` may not know, nor the words naming another player's secret family card; no internal
    id at all."""
    hidden = SPEC.secrets(state, viewer)
    assert not [s for s in hidden if s in fragment]
    assert not _ID.findall(fragment), _ID.findall(fragment)
    words = plain(fragment)
    for lang in LANGS:
        for c in hidden:
            if c in C.FAMILY_CARDS:
                assert card_name(c, lang) not in words


# --------------------------------------------------------------------------- summaries

@pytest.mark.parametrize("players, seed", GAMES)
def test_a_summary_comes_exactly_when_a_day_ends_and_says_it_right(players, seed):
    steps = game(players, seed)
    viewer = 0
    told: list[Event] = []
    day_start = steps[0].before
    ends = 0
    for step in steps:
        seen = for_viewer(step.events, viewer)
        for lang in LANGS:
            said = summary(step.before, seen, step.after, viewer, lang, earlier=told)
            # a day ends when Vesh's ship moves: recomputed from the positions, not the events
            ended = step.after.ship < step.before.ship
            assert bool(said) == ended
            if not said:
                continue
            assert said.startswith("<h4")
            no_secrets(said, step.after, viewer)
            assert f'data-day="{step.before.day}"' in said
            if lang == "en":
                ends += 1
                _check_day(step, said, day_start, lang)
                if step.after.phase == "over":
                    _check_final(step.after, said, lang)
        told += seen
        if step.after.ship < step.before.ship or step.before.phase == "keep" and step.after.phase == "take":
            day_start = step.after          # the next day's tiles lie around the island now
    assert ends == C.DAYS


def _check_day(step: Step, said: str, day_start: State, lang: str) -> None:
    after = step.after
    for s in range(after.players):
        block = re.search(rf'<div class="tutor-ioc-boat" data-seat="{s}" data-points="(-?\d+)" data-took="(\d+)">',
                          said)
        assert block, s
        # points so far: the public score (family cards are counted only at the end)
        public = sum(line.points for line in SPEC.score(after)[s].lines if line.rule != "isle_of_cats:tasks")
        assert int(block.group(1)) == public
        # the tiles taken this day: bag tiles that joined the boat since the day's tiles were laid out
        new = [t for t, *_ in after.placed[s][len(day_start.placed[s]):] if C.KIND[t] != "common"]
        assert int(block.group(2)) == len(new)
        # ... each named in that boat's own part of the summary, alike ones with their count ("… ×2")
        words = plain(said[block.end():].split("</div>")[0])
        names = [tile_name(t, lang) for t in new]
        for n in set(names):
            assert (n in words) if names.count(n) == 1 else (f"{n} \u00d7{names.count(n)}" in words)
    returned = next(e for e in step.events if e.kind == "isle_of_cats.day_ended").data["returned"]
    assert set(returned) == set(step.before.island)        # every tile left around the island goes back


def _check_final(after: State, said: str, lang: str) -> None:
    table = SPEC.score(after)
    winners = SPEC.winners(after)
    assert f'data-winners="{",".join(map(str, winners))}"' in said
    for b in table:
        part = said.split(f'<div class="tutor-ioc-final" data-seat="{b.player}">')[1].split("</table>")[0]
        assert f'data-points="{b.total}"' in part
        for line in b.lines:         # each line with its label and the citation of its rule
            assert html.escape(line.label(lang), quote=True) in part
        assert part.count('class="tutor-cite"') == len(b.lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_summary_names_the_tie_break_by_filled_rooms(lang):
    """Two boats level on points: the one with more filled rooms wins, and the summary says that the rooms decided
    («НІЧИЯ»). Player 1 fills the small room at the bow with a rare treasure; player 2 hides 5 rats instead."""
    from tutor.games.isle_of_cats import geometry as G
    tee = next(i for i, o in enumerate(G.ORIENTATIONS["T"]) if sorted(o) == [(0, 0), (0, 1), (0, 2), (1, 1)])
    bar = next(i for i, o in enumerate(G.ORIENTATIONS["I"]) if sorted(o) == [(0, 0), (0, 1), (0, 2), (0, 3)])
    state = SPEC.setup(2, seed=1, kept=[["card-159", "card-160"], ["card-161", "card-162"]], ship=1, order=[0, 1],
                       placed=[[("rare-T-1", tee, 20, 3)], [("rare-O-1", 0, 12, 0), ("rare-I-1", bar, 14, 0)]])
    state, _ = SPEC.apply(state, Pass(0))
    after, events = SPEC.apply(state, Pass(1))
    totals = [b.total for b in SPEC.score(after)]
    assert totals[0] == totals[1] and [len(filled_rooms(p)) for p in after.placed] == [1, 0]
    said = summary(state, events, after, 1, lang)
    assert 'data-winners="0"' in said and 'data-why="rooms"' in said
    assert 'class="tutor-tiebreak"' in said and "«НІЧИЯ»" in said


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_summary_says_a_shared_victory(lang):
    state = SPEC.setup(2, seed=2, kept=[["card-159", "card-160"], ["card-161", "card-162"]], ship=1, order=[0, 1])
    state, _ = SPEC.apply(state, Pass(0))
    after, events = SPEC.apply(state, Pass(1))
    said = summary(state, events, after, 0, lang)
    assert 'data-winners="0,1"' in said and 'data-why="shared"' in said and "«НІЧИЯ»" in said
    assert SPEC.winners(after) == [0, 1]


def test_a_summary_without_the_days_events_still_says_how_each_boat_stands():
    step = next(s for s in game(3, 5) if s.after.ship < s.before.ship)
    said = summary(step.before, step.events, step.after, 0, "en")
    assert "data-took" not in said and said.count('class="tutor-ioc-boat"') == 3


# --------------------------------------------------------------------------- the score panel

@pytest.mark.parametrize("players, seed", GAMES)
def test_the_score_panel_matches_the_engine_and_keeps_the_others_cards_secret(players, seed):
    steps = game(players, seed)
    for i, step in enumerate(steps):
        state = step.after
        for viewer in range(players):
            if i % 5 and viewer and state.phase != "over":
                continue            # every fifth position for the other seats: enough, and quick
            for lang in LANGS:
                panel = score_panel(state, viewer, lang)
                no_secrets(panel, state, viewer)
                for b in SPEC.score(state):
                    row = re.search(rf'<tr data-seat="{b.player}">(.*?)</tr>', panel)
                    assert row and f'data-points="{b.total}"' in row.group(1)
                if state.phase != "over" and state.kept[viewer]:
                    # the viewer's own cards as the game's end would count them (the teacher's full table)
                    want = score_table(state)[viewer].total
                    assert f'data-with-cards="{want}"' in panel
                    for c in state.kept[viewer]:
                        assert card_name(c, lang) in plain(panel)
                else:
                    assert "data-with-cards" not in panel


# --------------------------------------------------------------------------- the coach

def _covered(view: dict, seat: int) -> set[tuple[int, int]]:
    return {tuple(c) for t in view["seats"][seat]["tiles"] for c in t["cells"]}


def _groups(view: dict, seat: int) -> list[tuple[str, set[int]]]:
    """Same-coloured cat tiles joined along a side, from the view's cells (the test's own flood fill)."""
    tiles = [t for t in view["seats"][seat]["tiles"] if t["kind"] == "cat"]
    cells = [{tuple(c) for c in t["cells"]} for t in tiles]

    def touch(a: set, b: set) -> bool:
        return any((x + dx, y + dy) in b for x, y in a for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    seen, out = set(), []
    for i in range(len(tiles)):
        if i in seen:
            continue
        group, todo = {i}, [i]
        seen.add(i)
        while todo:
            a = todo.pop()
            for b in range(len(tiles)):
                if b not in seen and tiles[b]["colour"] == tiles[a]["colour"] and touch(cells[a], cells[b]):
                    seen.add(b)
                    group.add(b)
                    todo.append(b)
        out.append((tiles[i]["colour"], group))
    return out


def _after_each(state: State, actions) -> list[tuple[object, State, list[Event]]]:
    return [(a, *SPEC.apply(state, a)) for a in actions]


def _check_hint(h: Hint, state: State, seat: int, rest: list[Step], i: int) -> None:
    """The hint's facts, recomputed through the engine."""
    view = SPEC.view(state, seat)
    legal = SPEC.legal_actions(state, seat)
    me = view["seats"][seat]
    covered = _covered(view, seat)
    f = h.facts
    lines = {line.rule: line for line in SPEC.score(state)[seat].lines}
    if h.kind == "keep-two":
        assert f["dealt"] == len(me["dealt"]) and f["keep"] == len(legal[0].keep)
    elif h.kind == "cards-end":
        # the days still to play: the day ends met on the way to the end of the game
        assert f["days"] == sum(1 for s in rest[i:] for e in s.events if e.kind == "isle_of_cats.day_ended")
    elif h.kind == "last-day":
        nxt = next(s for s in rest[i:] if s.after.ship < s.before.ship)
        assert nxt.after.phase == "over"
    elif h.kind in ("family", "family-join"):
        sizes = [len(g) for colour, g in _groups(view, seat) if colour == f["colour"]]
        assert f["size"] in sizes and f["size"] >= 2
        if h.kind == "family":
            assert f["next"] == C.family_points(f["size"] + 1)
            fitting = [a for a in legal if isinstance(a, Take) and C.COLOUR[a.tile] == f["colour"]]
            assert f["on_island"] == len(fitting)
            none = text("ui.isle_of_cats.table.coach.none_waiting", "en")
            assert (none in h.text) == (not fitting), h.text
        else:
            assert f["at_least"] == C.family_points(f["size"] + 1)
            # some legal place makes a group of that colour larger than the one it joins
            grew = [max(len(g) for colour, g in _groups(SPEC.view(new, seat), seat) if colour == f["colour"])
                    for _a, new, _e in _after_each(state, legal)]
            assert max(grew) >= f["size"] + 1
    elif h.kind == "map-open":
        maps = me["maps"]
        takes = {C.COLOUR[a.tile] for a in legal if isinstance(a, Take) and C.KIND[a.tile] == "cat"}
        want = [c for c in C.CAT_COLOURS if tuple(maps[c]) not in covered and c in takes]
        assert f["colours"] == want and f["supply"] == sum(view["supply"].values()) > 0
    elif h.kind == "day-left":
        assert f["cats"] == sum(1 for t in view["island"] if t["kind"] == "cat")
        assert f["tiles"] == len(view["island"])
        assert f["fit"] == sum(1 for a in legal if isinstance(a, Take))
        assert f["others_passed"] == sum(1 for s in view["seats"] if s["seat"] != seat and s["passed"])
    elif h.kind == "rooms":
        line = lines["isle_of_cats:rooms"]
        assert f["open"] == dict(line.params)["n"] > 0 and f["open"] * f["per_room"] == line.points
        missing = {r: len(cells - covered) for r, cells in enumerate(C.ROOMS) if cells - covered}
        assert missing[f["closest"]] == f["missing"] == min(missing.values())
    elif h.kind == "rats":
        line = lines["isle_of_cats:rats"]
        assert f["rats"] == dict(line.params)["n"] > 0 and f["rats"] * f["per_rat"] == line.points
    elif h.kind == "first-tile":
        assert not me["tiles"] and state.phase == "place"
    elif h.kind == "room-fill":
        rooms = {r for _a, _new, ev in _after_each(state, legal) for e in ev if e.kind == "isle_of_cats.placed"
                 for r in e.data["rooms"]}
        assert f["rooms"] == sorted(rooms)
    elif h.kind == "map-reach":
        found = [e for _a, _new, ev in _after_each(state, legal) for e in ev if e.kind == "isle_of_cats.map_found"]
        assert {e.data["colour"] for e in found} == {f["colour"]}
    elif h.kind == "rats-cover":
        most = max(e.data["rats"] for _a, _new, ev in _after_each(state, legal) for e in ev
                   if e.kind == "isle_of_cats.placed")
        assert f["most"] == most > 0
    elif h.kind == "treasure":
        assert f["shapes"] == [a.shape for a in legal if isinstance(a, TakeTreasure)]
    elif h.kind == "treasure-fill":
        for shape, rooms in f["fills"].items():
            taken, _ = SPEC.apply(state, TakeTreasure(seat, shape))
            got = {r for _a, _new, ev in _after_each(taken, SPEC.legal_actions(taken, seat)) for e in ev
                   if e.kind == "isle_of_cats.placed" for r in e.data["rooms"]}
            assert rooms == sorted(got)
    else:
        raise AssertionError(f"a hint kind the test does not know: {h.kind}")


# the facts a hint's words must say as numbers
_SAID = ("dealt", "keep", "days", "day", "cats", "fit", "tiles", "rats", "open", "missing", "most", "size", "supply")


@pytest.mark.parametrize("players, seed", GAMES)
def test_every_coach_hint_is_true_in_its_position(players, seed):
    steps = game(players, seed)
    kinds: set[str] = set()
    for i, step in enumerate(steps):
        state = step.before
        for seat in SPEC.to_move(state):
            hints = {lang: coach(state, seat, lang) for lang in LANGS}
            assert [h.kind for h in hints["en"]] == [h.kind for h in hints["uk"]]
            assert [h.facts for h in hints["en"]] == [h.facts for h in hints["uk"]]
            if state.phase != "place":      # placing: a boat with every room full may leave nothing to say
                assert hints["en"], f"no hint for {seat} in {state}"
            for lang, found in hints.items():
                for h in found:
                    SPEC.section(h.rule)                 # a rule the rulebook has
                    assert h.text and "{" not in h.text and not _ID.findall(h.text)
                    for key in _SAID:
                        if isinstance(h.facts.get(key), int) and key in h.facts:
                            assert str(h.facts[key]) in h.text, (h.kind, key, h.text)
            for h in hints["en"]:
                kinds.add(h.kind)
                _check_hint(h, state, seat, steps, i)
        # nobody else is coached: the hints are for the seat to move
        for other in set(range(players)) - set(SPEC.to_move(state)):
            assert coach(state, other, "en") == []
    assert {"keep-two", "cards-end", "day-left", "rooms", "last-day"} <= kinds
    assert coach(steps[-1].after, 0, "en") == []


_KINDS = {"keep-two", "cards-end", "last-day", "family", "map-open", "day-left", "rooms", "rats", "first-tile",
          "room-fill", "family-join", "map-reach", "rats-cover", "treasure", "treasure-fill"}


def test_the_games_above_meet_every_kind_of_hint():
    """The seeded games are checked hint by hint above: together they must meet every kind the coach has."""
    seen = {h.kind for players, seed in GAMES for step in game(players, seed)
            for seat in SPEC.to_move(step.before) for h in coach(step.before, seat, "en")}
    assert seen == _KINDS


def test_the_place_hints_are_absent_when_false():
    """A hint that is not there is a claim too: where the coach says nothing about filling a room, no legal place
    of the held tile fills one; where it says nothing of rats, none covers a rat."""
    checked = 0
    for step in game(3, 5):
        state = step.before
        if state.phase != "place":
            continue
        seat = state.turn
        kinds = {h.kind for h in coach(state, seat, "en")}
        results = _after_each(state, SPEC.legal_actions(state, seat))
        placed = [e for _a, _n, ev in results for e in ev if e.kind == "isle_of_cats.placed"]
        if "room-fill" not in kinds:
            assert not any(e.data["rooms"] for e in placed)
        if "rats-cover" not in kinds:
            assert not any(e.data["rats"] for e in placed)
        if "map-reach" not in kinds and C.KIND[state.held] == "cat" and state.supply:
            assert not any(e.kind == "isle_of_cats.map_found" for _a, _n, ev in results for e in ev)
        checked += 1
    assert checked > 20


# --------------------------------------------------------------------------- tips and the registration

@pytest.mark.parametrize("lang", LANGS)
def test_three_to_five_first_game_tips(lang):
    said = tips(lang)
    assert 3 <= len(said) <= 5
    assert all(t.strip() and "{" not in t for t in said) and len(set(said)) == len(said)
    assert said != tips("en" if lang == "uk" else "uk")


def test_the_hooks_are_registered_in_the_games_ui():
    ui = SPEC.parts()
    assert (ui.summary, ui.coach, ui.score_panel, ui.tips) == (summary, coach, score_panel, tips)


def test_the_coach_speaks_of_the_family_being_built_whenever_there_is_one():
    """Taking a tile, a player with 2 or more touching cats of a colour always hears of that family: what it scores,
    what one more cat would make of it, and whether such a cat waits around the island (it spoke only when one did:
    the club-teacher review of 2026-12-02 never heard the coach mention families)."""
    with_none = with_some = 0
    for players, seed in GAMES:
        for step in game(players, seed):
            state = step.before
            if state.phase != "take":
                continue
            for seat in SPEC.to_move(state):
                built = groups(state.placed[seat], 2)
                hints = {h.kind: h for h in coach(state, seat, "en")}
                assert ("family" in hints) == bool(built)
                if not built:
                    continue
                h = hints["family"]
                assert h.facts["size"] in {g.size for g in built if g.colour == h.facts["colour"]}
                assert points_text(h.facts["next"], "en") in h.text
                if h.facts["on_island"]:
                    with_some += 1
                else:
                    with_none += 1
                    assert text("ui.isle_of_cats.table.coach.none_waiting", "en") in h.text
                    uk = {x.kind: x for x in coach(state, seat, "uk")}["family"].text
                    assert text("ui.isle_of_cats.table.coach.none_waiting", "uk") in uk
    assert with_none and with_some, (with_none, with_some)


@pytest.mark.parametrize("lang", ("en", "uk"))
def test_the_day_track_and_the_words_count_the_same_way(lang):
    """The track counts down (Vesh's ship starts on «5», «ПІДГОТОВКА ДО ГРИ»), and the words counted up ("day 1 of
    5" beside a ship on 5): the club-teacher review of 2026-12-02 read them as two counts. The track is titled as the
    days left, and the running score names the day and the ship's space together, which add up to one more than the
    days."""
    from tutor.games.isle_of_cats.render import render
    seen = set()
    for step in game(3, 5):
        state = step.before
        if state.phase == "over" or state.ship in seen:
            continue
        seen.add(state.ship)
        assert state.day + state.ship == C.DAYS + 1
        svg = render(SPEC.view(state, 0), lang=lang, layout="phone")
        assert f">{text('isle_of_cats.board.days', lang)}<" in svg
        ship = re.search(r'class="ship"[^>]*><title>([^<]*)</title>', svg).group(1)
        assert html.unescape(ship) == text("isle_of_cats.board.ship", lang, n=state.ship)
        title = html.unescape(score_panel(state, 0, lang))
        assert text("ui.isle_of_cats.table.panel.title", lang, day=state.day, days=C.DAYS, ship=state.ship) in title
        assert f"«{state.ship}»" in title and str(state.day) in title
    assert seen == set(range(1, C.DAYS + 1))
    assert text("isle_of_cats.board.days", "en") == "Days left"


def test_a_treasure_to_choose_is_said_as_such_where_the_turn_is_named():
    """A cat on its own map earns a treasure: the choice comes inside the learner's turn, and its rows (and the
    phone's turn bar, which shows their first line) say so, not one more "your move" (a reader took the turn for over
    and never saw the treasures, stop 55)."""
    import random
    from tutor.core.i18n import text
    from tutor.games import isle_of_cats as g
    from tutor.widgets.play import PlayTable
    def walk(lang: str, k: int) -> PlayTable:
        """A game of random moves until the learner has a treasure to choose (or the game ends)."""
        t = PlayTable("isle_of_cats", players=2, seat=0, lang=lang, seed=1)
        r = random.Random(k)
        while not (t.state.phase == "treasure" and 0 in g.to_move(t.state)) and g.legal_actions(t.state, 0):
            t.act(r.choice(g.legal_actions(t.state, 0)))
        return t
    for lang in ("en", "uk"):
        # (a few walks: most random games cover no map with its own colour)
        t = next((t for t in (walk(lang, k) for k in range(2, 40)) if t.state.phase == "treasure"), None)
        assert t is not None, "no map was ever covered by its own colour"
        head = t.view["rows"][0][0]["caption"]
        said = text("ui.isle_of_cats.treasure_head", lang, player="")
        assert said.split(":")[1].strip()[:20] in head and text("ui.your_move", lang, player="")[2:] not in head


def test_a_tile_taken_says_what_to_do_with_it_where_the_turn_is_named():
    """The tile taken, its preview on the boat: the rows' first line (the phone's turn bar) names the tile and says to
    choose where it goes, where it said "your move" and nothing more until a square was tapped (a reader, stop 55)."""
    from tutor.core.i18n import text
    from tutor.games import isle_of_cats as g
    from tutor.games.isle_of_cats.text import tile_name
    from tutor.widgets.play import PlayTable
    for lang in ("en", "uk"):
        t = PlayTable("isle_of_cats", players=2, seat=0, lang=lang, seed=1)
        for _ in range(50):
            if t.state.phase == "place" and 0 in g.to_move(t.state):
                break
            t.act(g.legal_actions(t.state, 0)[0])
        assert t.state.phase == "place" and t.state.held is not None
        head = t.view["rows"][0][0]["caption"]
        assert tile_name(t.state.held, lang) in head
        assert text("ui.isle_of_cats.place_head", lang, player="", tile="").split(":")[1].strip()[:12] in head
