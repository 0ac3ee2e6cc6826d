"""Worked examples ask before they answer: no board shows an outcome that a later step explains.

A scenario step that only talks (no `do`, no `show`) explains the board as it already stands. If it
teaches a rule whose outcome appeared on an earlier frame, the learner saw the answer before the
question (a review found Мяури's worked round dealing every catch, Kiti's step and the next round in
its first step, and the set-up lagoon full before the text filled it). The fix is to pause the move
(`show:` the game's stages, tutor.core.scenario) so each part appears in the step that explains it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.core.game import ready_games, spec
from tutor.core.scenario import adapter, lesson_files, load_file, replay

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = [(g, p) for g in ready_games() for p in lesson_files(g, ROOT / "lessons")]


def acts(step: dict) -> bool:
    return "do" in step or "show" in step


def setup_events(data: dict) -> list:
    """What laying out the table did: the game's staged setup's events, when it has one."""
    adapt = adapter(data["game"])
    if adapt.setup_stages is None:
        return []
    return [e for _, _, events in adapt.setup_stages(data["setup"]) for e in events]


def answered_early(data: dict, frames) -> list[str]:
    """Steps that explain a rule whose outcome an earlier frame already showed."""
    problems = []
    shown_by, shown = 0, set()      # the frame that last changed the board, and the rules its events cite
    for i, frame in enumerate(frames):
        step = data["steps"][i - 1] if i else None
        if i == 0 or acts(step):
            events = frame.events if i or "show" in data else setup_events(data)
            shown_by, shown = i, {e.rule for e in events} - {frame.rule}
            continue
        if frame.rule in shown:
            where = "the setup" if shown_by == 0 else f"step {shown_by}"
            problems.append(f"step {i} explains {frame.rule}, but {where} already showed its outcome")
    return problems


@pytest.mark.parametrize("game,path", SCENARIOS, ids=[f"{g}/{p.stem}" for g, p in SCENARIOS])
def test_every_worked_example_asks_before_it_answers(game, path):
    data = load_file(path)
    result = replay(data)
    assert result.ok, result.mismatches
    assert answered_early(data, result.frames) == []


def test_the_check_finds_an_answer_given_first():
    """The rulebook's four-player round told all at once (its first step applies the four dives and
    the rest only talk): the check names every step that comes after its own answer."""
    data = load_file(ROOT / "lessons" / "maui" / "scenarios" / "four-player-round.yaml")
    told_at_once = dict(data, steps=[{k: v for k, v in step.items() if k not in ("show", "expect")}
                                     for step in data["steps"]])
    frames = replay(told_at_once).frames
    problems = answered_early(told_at_once, frames)
    assert [p.split(" explains ")[0] for p in problems] == ["step 2", "step 3", "step 4", "step 5", "step 6"]


def test_the_check_finds_a_table_laid_out_before_it_is_described():
    data = load_file(ROOT / "lessons" / "maui" / "scenarios" / "setup.yaml")
    unstaged = {k: v for k, v in data.items() if k != "show"}
    unstaged["steps"] = [{k: v for k, v in step.items() if k != "show"} for step in data["steps"]]
    problems = answered_early(unstaged, replay(unstaged).frames)
    assert problems and all("the setup already showed" in p for p in problems)
    assert any(p.startswith("step 3 explains maui:play") for p in problems)


def test_a_paused_move_is_finished_before_the_next_one():
    """A step may not act while a paused move still has parts to show (an example may end at a pause)."""
    data = load_file(ROOT / "lessons" / "maui" / "scenarios" / "four-player-round.yaml")
    assert replay(dict(data, steps=data["steps"][:3])).ok
    hurried = dict(data, steps=data["steps"][:1] + [{"say": {"en": "next round"}, "do": {"dive": {1: 1}}}])
    mism = replay(hurried).mismatches
    assert any("step 2: acts before deep, middle, shallow, kiti, done" in m for m in mism), mism


# --------------------------------------------------------------------------- what the page shows besides the board

NUMBER = re.compile(r"(?<![\w.])\d+(?![\w])")


def numbers(words: str) -> set:
    return set(NUMBER.findall(words or ""))


def board_labels(game, frame, lang: str) -> set:
    """The words a frame's board prints (its text labels; not the screen reader's title and description)."""
    svg = game.render(game.view(frame.state, frame.viewer), highlight=frame.highlight, lang=lang, events=frame.events)
    svg = re.sub(r"<title>.*?</title>|<desc>.*?</desc>", "", svg, flags=re.S)
    return {re.sub(r"<[^>]+>", "", t).strip() for t in re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)}


def answers_shown(data: dict, frames, lang: str) -> list[str]:
    """Steps that ask a question ("…?") while the title or a board label the step changed already prints a number
    that only the next step's answer gives (nobody had said it yet): Паперові океани's two mermaids asked «Скільки
    дадуть дві русалки?» beside «карти 8», under the title «…дві русалки, 4 + 3»."""
    game = spec(data["game"])
    problems, told, before = [], numbers((data.get("intro") or {}).get(lang, "")), None
    title = numbers((data.get("title") or {}).get(lang, ""))
    for i, frame in enumerate(frames):
        labels, say = board_labels(game, frame, lang), frame.say.get(lang, "")
        told |= numbers(say)
        if "?" in say and i + 1 < len(frames):
            answer = numbers(frames[i + 1].say.get(lang, "")) - told
            # a card's printed scale («0·2·4·6·8·10», wrapped on a phone card as «0·2·4·» and «6·8·10») is the same on
            # every card of its kind: a card newly drawn prints it, and it answers nothing
            changed = {label for label in labels - (before if before is not None else labels)
                       if not (re.fullmatch(r"[\d·]+", label) and "·" in label)}
            on_board = answer & set().union(*(numbers(label) for label in changed))
            if on_board:
                problems.append(f"step {i} asks, but its board already prints {sorted(on_board)}: "
                                f"{sorted(label for label in changed if numbers(label) & on_board)}")
            if answer & title:
                problems.append(f"step {i} asks, but the title already says {sorted(answer & title)}")
        before = labels
    return problems


# titles the review of 2026-11-27 found giving the answer, left to their game's engineer (issue #22): remove an
# entry when its title is fixed (the mark is strict, so a fixed title fails here until it is removed)
TITLES_UNDER_REVIEW: set = set()     # (Острів котів' two titles were fixed)


@pytest.mark.parametrize("game,path", [
    pytest.param(g, p, marks=pytest.mark.xfail(strict=True, reason="its title gives the answer (issue #22)"))
    if f"{g}/{p.stem}" in TITLES_UNDER_REVIEW else (g, p) for g, p in SCENARIOS],
    ids=[f"{g}/{p.stem}" for g, p in SCENARIOS])
def test_no_title_or_board_label_gives_an_answer_before_it_is_asked(game, path):
    data = load_file(path)
    frames = replay(data).frames
    for lang in spec(game).lesson_langs:
        assert answers_shown(data, frames, lang) == [], lang


def test_the_check_finds_a_board_label_and_a_title_that_answer_early():
    """Паперові океани's two mermaids as they were: the board's «cards 8» and the title's «4 + 3»."""
    data = load_file(ROOT / "lessons" / "sea_salt_paper" / "scenarios" / "two-mermaids.yaml")
    old = dict(data, highlight=["player:1"], title={"en": "The rulebook's example: two mermaids, 4 + 3"},
               steps=[{k: v for k, v in step.items() if k != "highlight"} for step in data["steps"]])
    problems = answers_shown(old, replay(old).frames, "en")
    assert any("board already prints" in p and "'8'" in p for p in problems), problems
    assert any("title already says ['3', '4']" in p for p in problems), problems


# --------------------------------------------------------------------------- a board a round ahead of its words

def dealt_ahead(data: dict, frames) -> list[str]:
    """Steps that act and show the table already dealt for the next round, with no `show:` to hold the move where its
    words are: Мяури's "Player 1's 8 takes the tuna, …" beside round 2's new lagoon, the reveal it told never on
    the screen (a reader of wave 21). A game's last move, which deals nothing, is not one."""
    game = spec(data["game"])
    problems = []
    for i, frame in enumerate(frames[1:], start=1):
        step, before = data["steps"][i - 1], frames[i - 1].state
        if "do" not in step or "show" in step or frame.refusal is not None or game.is_over(frame.state):
            continue
        if getattr(frame.state, "round", None) != getattr(before, "round", None):
            problems.append(f"step {i} acts and shows round {frame.state.round} dealt: hold its move with `show:`")
    return problems


@pytest.mark.parametrize("game,path", SCENARIOS, ids=[f"{g}/{p.stem}" for g, p in SCENARIOS])
def test_no_worked_example_shows_the_next_deal_beside_the_move_it_tells(game, path):
    data = load_file(path)
    assert dealt_ahead(data, replay(data).frames) == []


def test_the_check_finds_a_move_told_beside_the_next_round():
    data = load_file(ROOT / "lessons" / "maui" / "scenarios" / "catch-values.yaml")
    unheld = dict(data, steps=[{k: v for k, v in step.items() if k not in ("show", "expect")} for step in data["steps"]])
    problems = dealt_ahead(unheld, replay(unheld).frames)
    assert [p.split(" acts")[0] for p in problems] == ["step 1", "step 3"], problems
