"""The play table as a game at a club (issue #34), in Python: the film of the others' turns (one frame a step,
each board and word as the learner may know them), the summaries that wait, the coach's hints, the running score,
the first-game tips, and the whole game replayed once it is over."""

from __future__ import annotations

import re

import html
import random

import pytest

from tutor.core.conformance import Text
from tutor.core.game import ready_games, spec
from tutor.core.i18n import text
from tutor.widgets import film
from tutor.widgets.common import quiet, safe_cite
from tutor.widgets.play import PlayTable

GAMES = ready_games()


def players(game_id: str) -> int:
    allowed = spec(game_id).players
    return 3 if 3 in allowed else allowed.start


def learner_moves(t: PlayTable, rnd: random.Random, most: int):
    """Random legal moves of the learner (seat 0) at table `t`, yielding after each."""
    for _ in range(most):
        if t.is_over() or not t.live.is_my_turn():
            return
        t.act(rnd.choice(t.game.legal_actions(t.state, 0)))
        assert t.errors.message == ""
        yield


@pytest.mark.parametrize("game_id", GAMES)
def test_the_film_shows_every_step_since_the_learners_move_and_nothing_hidden(game_id):
    game = spec(game_id)
    lang = game.lesson_langs[-1]
    t = PlayTable(game_id, players=players(game_id), seat=0, lang=lang, seed=4)
    rnd = random.Random(4)
    films = summaries = 0
    for _ in learner_moves(t, rnd, 60):
        info = t.view["film"]
        steps = t.live.turns()
        own = game.parts().film_own
        if (not any(not s.human for s in steps) and not any(film.summary(t, s) for s in steps)
                and not (own and any(own(s.events) for s in steps))):
            assert not info or not info["turns"], "a film of the learner's own move alone, with nothing to read"
            continue
        films += 1
        steps = t.film_steps()          # with the game's beats inside a step (Мяури: the last card down, the reveal)
        assert [s for s in steps if not isinstance(s, film.Beat)] == t.live.turns()
        assert info["turns"] == len(steps) and info["fresh"] is True and t.film_fresh is False  # fresh once
        assert steps[0].human and steps[0].seat == 0
        frames = film.frames(t)
        assert [f["i"] for f in frames] == list(range(len(steps)))
        for step, f in zip(steps, frames):
            # the board shown: after the step, or where a round-ending step pauses before the next deal, or (a trick
            # of Козырные киты) the table before the step its summary is held over
            shown_at = (film.paused(t, step) or film.held(t, step) or (step.after,))[0] if f["summary"] else step.after
            hidden = game.secrets(shown_at, 0) & game.secrets(step.before, 0)
            shown = Text(f["board"] + f["log"] + f["summary"] + f["panel"]).find(hidden)
            assert not shown, f"a frame shows the learner a hidden card: {sorted(shown)}"
            assert f["wait"] == bool(f["summary"])
            # the running score of the position the board shows (a round summed up: not yet the next round at 0),
            # a held frame's with the step done (its board shows the reward taken: the score said 0 under it, a
            # reader, stop 58)
            # (and the game's last pause, the final count, with the game over: its totals, not "?")
            counted = (step.after if f["summary"] and ((film.held(t, step) and not film.paused(t, step))
                                                       or (film.paused(t, step) and game.is_over(step.after)))
                       else shown_at)
            assert f["panel"] == t.panel_for(counted), "the frame's score is another position's"
            summaries += bool(f["summary"])
            if f["summary"]:
                # a trick's pick, a battle, a round's end: told once, in the summary, not again as the step
                for event in t.live.told(step.events):
                    c = safe_cite(event.rule, lang) if event.rule else ""
                    if c and html.escape(c) in f["summary"] and not quiet(event.kind):
                        line = html.escape(event.narrate(lang))
                        assert line not in f["log"], f"told twice on one frame: {event.narrate(lang)}"
        assert frames[-1]["board"] != frames[0]["board"] or len(frames) == 1
    assert films >= 3, "the bots hardly ever answered: the film is not tested"
    if game_id != "aqua_fest":       # a battle is rare in 60 random moves; its own test sets one up
        assert summaries, "no trick, round or day ended in 60 moves: the summaries are not tested"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_coach_says_at_most_two_things_each_citing_a_real_rule(game_id):
    game = spec(game_id)
    make = game.parts().coach
    assert make is not None, f"{game_id} has no coach"
    t = PlayTable(game_id, players=players(game_id), seat=0, lang="en", seed=9)
    rnd = random.Random(9)
    said = 0
    for _ in learner_moves(t, rnd, 30):
        hints = t.coach(0) if t.live.is_my_turn() else []
        assert len(hints) <= 2
        for h in hints:
            game.section(h.rule)          # a KeyError names a rule that does not exist
            # shown, unless the advice box beside it already tells its rule (said twice, a reader, stop 56)
            told = html.escape(safe_cite(h.rule, "en")) in t.view["advice"]
            assert h.text.strip() and (html.escape(h.text) in t.view["coach"]) != told, (h.text, told)
            assert not Text(h.text).find(game.secrets(t.state, 0))
        said += len(hints)
    assert said, "the coach never said anything"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tips_and_the_running_score_are_there_in_every_lesson_language(game_id):
    game = spec(game_id)
    for lang in game.lesson_langs:
        t = PlayTable(game_id, players=players(game_id), seat=0, lang=lang, seed=2)
        assert 3 <= t.labels["tips_list"].count("<li>") <= 5, "three to five first-game tips"
        assert t.labels["tips"] == text("ui.tips", lang)
        panel = t.view["panel"]
        assert panel.startswith('<section class="tutor-score-panel"')
        assert not Text(panel).find(game.secrets(t.state, 0))


def test_a_finished_game_is_replayed_from_its_first_step_with_the_end_summed_up():
    t = PlayTable("maui", players=4, seat=0, lang="ru", seed=1)
    assert t.film_steps(film.GAME) == [], "a game still being played is not replayed"
    rnd = random.Random(1)
    for _ in learner_moves(t, rnd, 200):
        pass
    assert t.is_over()
    steps = t.film_steps(film.GAME)
    # every step, and before each one that ends a round its last card laid face down and the cards turned up, each a
    # frame of its own (a reader saw the last player's move and the reveal go by in the frame that summed up the round)
    assert [s for s in steps if not isinstance(s, film.Beat)] == t.live.steps and steps[0].before.round == 1
    beats = [s.name for s in steps if isinstance(s, film.Beat)]
    assert beats == ["down", "reveal"] * 12, beats
    for i, s in enumerate(steps):
        if isinstance(s, film.Beat):
            f = film.frame(t, steps, i, t.film_id)
            assert not f["wait"] and not f["summary"]
            # the last card laid: its player's seat ringed, the cards still face down; then every card turned up
            assert (f"seat:{s.seat}" in f["board"]) == (s.name == "down")
            if s.name == "down":
                assert None not in s.after.chosen
                down = s.after.chosen
            else:
                assert s.after.revealed == down and s.after.chosen == (None,) * 4
    assert t.view["film"]["game"] == len(steps)
    last = film.frame(t, steps, len(steps) - 1, t.film_id)
    assert last["summary"] and last["wait"], "the game's end is not summed up"
    # the page asks for one frame at a time; a stale film id or a frame out of range is not answered
    sent = []
    t.send = lambda content, buffers=None: sent.append(content)
    t._on_msg(t, {"want": "frame", "film": "game", "i": 0, "id": t.film_id}, [])
    t._on_msg(t, {"want": "frame", "film": "game", "i": 0, "id": t.film_id - 1}, [])
    t._on_msg(t, {"want": "frame", "film": "game", "i": len(steps), "id": t.film_id}, [])
    t._on_msg(t, {"want": "frame", "film": "nonsense", "i": 0, "id": t.film_id}, [])
    assert len(sent) == 1 and sent[0]["frame"]["i"] == 0 and sent[0]["frame"]["kind"] == "game"


def test_a_task_shows_no_film_tips_or_running_score():
    from tutor.core.task import task_files
    from tutor.widgets.your_turn import YourTurn
    y = YourTurn(task_files("trump_whales")[0], lang="en")
    assert y.labels["tips_list"] == "" and y.view["panel"] == "" and not (y.view["film"] or {}).get("turns")


def test_a_position_is_shared_as_a_link_only_when_nothing_hidden_would_leak_and_opens_the_same():
    import base64
    from tutor.widgets.play import share_fragment
    t = PlayTable("sea_salt_paper", players=2, seat=0, lang="uk", seed=5)
    assert not t.view["share"], "a game against bots in play: a link would carry every hidden card"
    sent = []
    t.send = lambda content, buffers=None: sent.append(content)
    t.press("share", v=t.version)
    assert sent == [], "the share button answered while it is off"
    t.set_hotseat(True)
    assert t.view["share"]
    t.press("share", v=t.version)
    fragment = sent[-1]["share"]
    assert fragment == share_fragment(t.live.save()) and fragment.startswith("play=")
    text_back = base64.urlsafe_b64decode(fragment[5:] + "=" * (-len(fragment[5:]) % 4)).decode("utf-8")
    other = PlayTable("sea_salt_paper", players=2, seat=0, lang="uk", seed=99)
    other.press("load", v=other.version, text=text_back, link=True)
    assert other.errors.message == "" and other.state == t.state, "the link did not open the same position"
    # a malformed link: the table keeps its fresh game and says why, in the page's language
    fresh = PlayTable("sea_salt_paper", players=2, seat=0, lang="uk", seed=7)
    before = fresh.state
    fresh.press("load", v=fresh.version, text='{"game": "sea_salt_paper", "round": "x"}', link=True)
    assert fresh.state is before and fresh.errors.message.startswith(text("ui.share.bad", "uk"))


def test_a_tricks_summary_names_the_bonuses_played_during_it():
    """Козырные киты: a flipped token or a new trump may decide a trick; its summary lists the bonuses played since
    the trick was led (the film gives a summary hook that takes `earlier=` the game's events before the step)."""
    t = PlayTable("trump_whales", players=4, seat=0, lang="en", seed=3)
    rnd = random.Random(5)
    listed = 0
    for _ in learner_moves(t, rnd, 120):
        for step in t.live.turns():
            said = film.summary(t, step)
            if not said:
                continue
            k = t.live.steps.index(step)
            before = [e for s in t.live.steps[:k] for e in s.events]
            lead = max(i for i, e in enumerate(before) if e.kind in ("trump_whales.leads",
                                                                       "trump_whales.leader_chosen"))
            used = [e for e in before[lead + 1:] if e.kind.startswith("trump_whales.bonus_")
                    and e.kind != "trump_whales.bonus_chosen"]
            assert ('data-part="bonuses"' in said) == bool(used)
            for e in used:
                assert html.escape(e.narrate("en")) in said
            if used:        # told before what decided the trick: a flipped token may be why it went as it did
                assert said.index('data-part="bonuses"') < said.index("<ul>"), said
            listed += bool(used)
    assert listed, "no trick had a bonus played in it"


def test_on_a_phone_every_frame_keeps_the_boats_in_their_places(phone_screen):
    """Острів котів on a phone: the boats are stacked under the island, the viewer's first. A frame of another
    player's step once drew that player's boat first (a club teacher found it about 1,000 px lower, 2026-12-02), and a
    reader then found the boats swapping places and sizes at every turn (stop 51). Every frame keeps the viewer's
    boat first and the others in their order; the page brings the step's ring into view instead (play.js)."""
    import re
    phone_screen.set_width(390)
    t = PlayTable("isle_of_cats", players=3, seat=0, lang="uk", seed=4)
    rnd = random.Random(4)
    others = own = 0
    for _ in learner_moves(t, rnd, 40):
        steps = t.live.turns()
        for step, f in zip(steps, film.frames(t)):
            assert 'data-layout="phone"' in f["board"]
            seats = [int(x) for x in re.findall(r'data-board-seat="(\d+)"', f["board"])]
            assert seats == [0, 1, 2], (step.seat, seats)
            others += step.seat != 0
            own += step.seat == 0
        if others >= 3 and own >= 1:
            break
    assert others >= 3 and own >= 1


def test_the_days_last_tile_placed_is_a_frame_of_its_own_before_the_day_is_summed_up():
    """Острів котів: the day's last placement went by in the frame that summed the day up (a reader saw the day end
    and never the tile laid): where a placement ends the day, the engine pauses right after it ("placed": the tile
    on its boat, the day not yet over, a valid position) and the film shows that pause first, then the summary."""
    from tutor.games import isle_of_cats as g
    t = PlayTable("isle_of_cats", players=2, seat=0, lang="uk", seed=3)
    rnd = random.Random(3)
    beats = 0
    for _ in learner_moves(t, rnd, 400):
        steps = t.film_steps()
        for i, s in enumerate(steps):
            if not isinstance(s, film.Beat):
                continue
            beats += 1
            assert s.name == "placed" and not isinstance(steps[i + 1], film.Beat)
            assert steps[i + 1].before is s.before and film.summary(t, steps[i + 1]), "no day summed up after it"
            assert g.check_invariants(s.after) == [] and s.after.ship == s.before.ship
            assert sum(map(len, s.after.placed)) == sum(map(len, s.before.placed)) + 1
            f = film.frame(t, steps, i, t.film_id)
            assert not f["wait"] and "tutor-summary" not in f["summary"]
        if beats >= 2:
            break
    assert beats >= 2, "no day ended on a placement in the film: the beat is not tested"


def test_a_bonus_that_changes_the_trump_is_a_frame_of_its_own_with_the_trump_box_ringed():
    """Козырные киты on a phone: a bonus used from the hand changed the trump box a screen above, and nothing said so
    (a reader). The learner's own bonus that changes the trump or flips the token is shown as a frame (its words at
    the screen's foot, the board's top brought into view), the trump box ringed as what changed; a "+1" too, its
    words saying what it did (with none, two readers found it unconfirmed and unlike the other two)."""
    from tutor.games.trump_whales.rules import UseBonus
    seen = set()
    for seed in range(60):
        t = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=seed)
        rnd = random.Random(seed)
        for _ in learner_moves(t, rnd, 30):
            if t.is_over() or not t.live.is_my_turn():
                break
            uses = [a for a in t.game.legal_actions(t.state, 0) if isinstance(a, UseBonus)]
            if not uses:
                continue
            before = t.film_id
            t.act(uses[0])
            effect = next(e.kind.rsplit(".", 1)[1] for e in t.live.steps[-1].events if ".bonus_" in e.kind)
            seen.add(effect)
            steps = t.film_steps()
            if effect in ("bonus_trump", "bonus_flip"):
                assert t.film_id > before and len(steps) == 1 and steps[0].human
                f = film.frame(t, steps, 0, t.film_id)
                assert 'class="event" data-target="trump"' in f["board"], "the trump box is not ringed as what changed"
                assert f["log"]
                # still the learner's turn: its button goes back to their move, not "Next" (a reader took that for
                # passing, stop 57)
                assert f["back_to_move"] and t.live.is_my_turn()
            else:
                assert t.film_id > before and len(steps) == 1 and steps[0].human, "a '+1' used is no frame"
                f = film.frame(t, steps, 0, t.film_id)
                assert f["log"] and f["back_to_move"] and t.live.is_my_turn()
            break
        if {"bonus_trump", "bonus_flip", "bonus_plus"} <= seen:
            return
    assert {"bonus_trump", "bonus_flip", "bonus_plus"} <= seen, seen


def test_a_tricks_summary_waits_over_the_finished_trick():
    """Козырные киты: the frame that sums a trick up draws the trick as it lay when it was won, its cards on the table
    and the card taken marked, not the next trick's empty table (a reader never saw a trick won on the board)."""
    t = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=2)
    seen = 0
    for _ in range(40):
        legal = t.game.legal_actions(t.state, 0)
        if not legal:
            break
        t.act(legal[0])
        for step, f in zip(t.film_steps(), film.frames(t)):
            if not f["summary"] or film.paused(t, step):
                continue
            seen += 1
            assert len(step.before.trick) == t.state.players and not step.after.trick
            # every card of the trick is on the board, the one taken ringed
            for card in step.before.trick:
                assert f'data-card="{card}"' in f["board"], card
            assert 'class="event' in f["board"]
            # ... and it says the reward is taken: "Pick the reward" over the card just taken read as a pick not
            # made (a reader, stop 56), the winner's panel "picks a reward" no more
            assert "Reward taken" in f["board"] and "Pick the reward" not in f["board"]
            assert "picks a reward" not in f["board"]
            # ... its panels as after the pick, as the summary under it tells (a pearl pile said 1 while the summary
            # said three cards had gone onto it, a reader)
            for seat, pile in enumerate(step.after.pearls):
                assert re.search(rf'data-seat="{seat}".*?Pearl pile · {len(pile)}\b', f["board"], re.S), (seat, len(pile))
        if seen >= 2:
            break
    assert seen, "no trick was summed up in 40 moves"


def test_the_next_moves_board_does_not_mark_what_a_summary_already_told():
    """Мяури: the round summed up (the film waited on "Go on"), the next round's board drew last round's "caught · won
    tie" on the seats through the choosing, read as news of this round (a reader, stop 56): the board of the next
    move marks nothing the summary told; a move that ends nothing still has its events marked."""
    t = PlayTable("maui", players=4, seat=0, lang="en", seed=3)
    t.act(t.game.legal_actions(t.state, 0)[0])
    assert film.summary(t, t.live.steps[-1]), "the round was not summed up"
    assert t.state.round == 2
    badge = re.compile(r'class="[^"]*\bevent\b[^"]*\b(caught|won_tie|tie|nothing)\b')
    marked = t.game.render(t.game.view(t.state, 0), events=t.live.told(t.last_events), lang="en")
    assert badge.search(marked), "the round's events mark no seat: nothing is tested"
    assert not badge.search(t.svg), "the next round's board marks the seats with the round summed up"


def test_on_a_phone_a_frame_of_the_other_players_step_draws_their_boat_full_size(phone_screen):
    """Острів котів: the other boat was a thumbnail of 9-px squares while the film told what was laid on it (two
    readers): a frame of another player's step draws their boat at the size of the learner's, under it, in its own
    place; the learner's own frames keep it small."""
    phone_screen.set_width(390)
    t = PlayTable("isle_of_cats", players=2, seat=0, lang="en", seed=3)
    size = lambda board, seat: float(re.search(  # noqa: E731
        rf'<g class="boat" data-board-seat="{seat}"[^>]*data-cell="([^"]+)"', board).group(1))
    others = mine = 0
    for _ in range(6):
        t.act(t.game.legal_actions(t.state, 0)[0])
        for step, f in zip(t.film_steps(), film.frames(t)):
            if step.seat == 1 and not f["summary"]:
                others += 1
                assert size(f["board"], 1) == size(f["board"], 0), f["caption"]
            elif step.seat == 0:
                mine += 1
                assert size(f["board"], 1) < size(f["board"], 0) * 0.6, f["caption"]
        if others >= 2 and mine:
            break
    assert others >= 2 and mine, (others, mine)


def test_the_final_counts_frame_shows_every_total_not_question_marks():
    """Reader TO (stop 58): after Мяури's twelfth round the film's summary listed every player's final total over a
    score table still showing "?" for the others' closed piles (the frame's table was the round's pause, before the
    game was over). The frame that ends the game shows the game's own final table."""
    t = PlayTable("maui", players=4, seat=0, lang="en", seed=4)
    rnd = random.Random(4)
    for _ in learner_moves(t, rnd, 40):
        pass
    assert t.is_over(), "the game did not end in 40 moves"
    steps = t.film_steps()
    last = film.frame(t, steps, len(steps) - 1, t.film_id)
    assert last["summary"] and last["panel"] == t.panel_for(steps[-1].after)
    assert last["panel"].count("data-total=") == 4, "a player's final total is hidden"


def test_a_game_picked_up_again_keeps_its_last_summary_to_see_again():
    """Readers TP and TQ (stop 58): a reload while the film of the others' turns went on lost the round's summary (or
    the trick's) for good. Readers TT and TV (stop 59): played again by itself, it brought the page back a round
    behind where they had left it. A game picked up from the learner's device whose turns since the learner's move
    end a trick, a round or the game opens at the learner's move, those turns kept for "See the last turns again",
    and the note says so."""
    rnd = random.Random(7)
    t = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=7)
    for _ in learner_moves(t, rnd, 40):
        if any(film.summary(t, s) for s in t.live.turns()):
            break
    assert any(film.summary(t, s) for s in t.live.turns()), "no trick ended in 40 moves"
    record = t.live.resume_record()
    again = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=7)
    assert again.resume(record)
    info = again.view["film"]
    assert info and not info["fresh"] and info["turns"] == len(again.film_steps()) and info["waits"]["turns"]
    assert again.view["resumed"] == f"{text('ui.resumed', 'en')} {text('ui.resumed_film', 'en')}"
    assert again.state == t.state
    # a game picked up at the learner's own move, nothing summed up since, plays nothing
    quiet = PlayTable("trump_whales", players=3, seat=0, lang="en", seed=7)
    assert quiet.resume(PlayTable("trump_whales", players=3, seat=0, lang="en", seed=7).live.resume_record())
    assert not (quiet.view["film"] or {}).get("fresh") and quiet.view["resumed"] == text("ui.resumed", "en")
