"""Мяури lesson words a club teacher checked (issue #32): rulings marked where taught, no tie reasoning before
Kiti is taught, one minus sign."""

import re
from pathlib import Path

import pytest
import yaml

from tutor.games import maui
from tutor.games.maui.text import card_name

LESSONS = Path(__file__).resolve().parents[2] / "lessons" / "maui"
RULING = {"en": "tutor's ruling", "ru": "решени"}      # «решение тьютора», «решения тьютора»


def _part(lang: str, anchor: str) -> str:
    text = (LESSONS / f"lesson.{lang}.md").read_text(encoding="utf-8")
    start = text.index(f'<a id="{anchor}"></a>')
    end = text.find("<a id=", start + 1)
    return text[start:end]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_jellyfish_values_are_written_with_a_true_minus(lang):
    """Card values and points side by side used two signs: «медуза (-15)» next to «−25 очков»."""
    name = card_name("jellyfish-3", lang)
    assert "\u2212" in name and "-" not in name, name


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("anchor", ["part-disputes", "part-no-fights"])
def test_a_ruling_is_marked_where_it_is_taught(lang, anchor):
    """Part 7 says which way the hands count, part 11 what tied divers and an untaken cell do without Kiti: both
    are the tutor's rulings, and the part says so (not only the list in part 12)."""
    part = _part(lang, anchor)
    assert RULING[lang] in part and ("тьютор" in part if lang == "ru" else True), part[:200]


def test_the_rulings_the_lesson_marks_exist():
    ids = {r.id for r in maui.RULINGS}
    assert {"maui/seating", "maui/no-fights-ties", "maui/laid-card-stays"} <= ids


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_swapped_card_step_calls_itself_a_ruling(lang):
    """The rulebook does not forbid swapping a laid card before the reveal: the worked example may not cite
    «ХОД ИГРЫ» for it without saying it is the tutor's ruling."""
    steps = yaml.safe_load((LESSONS / "scenarios" / "refused-moves.yaml").read_text(encoding="utf-8"))["steps"]
    swap = [s["say"][lang] for s in steps if s.get("refused") and s["do"] == {"dive": {1: 10}}]
    assert swap and all(RULING[lang] in say for say in swap), swap


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_part_5_explains_no_tie_by_kiti_s_hands(lang):
    """Part 5's success text explained ties by Kiti's right hand before part 7 teaches her: now it points there."""
    task = yaml.safe_load((LESSONS / "tasks" / "take-the-middle.yaml").read_text(encoding="utf-8"))
    words = task["explain"][lang] + task["hint"][lang]
    assert not re.search(r"right hand|правая рука|правой руки", words), words
    assert "7" in task["explain"][lang]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_components_table_writes_jellyfish_with_a_true_minus(lang):
    from tutor import lesson
    table = lesson.components("maui", lang).value
    assert "\u221215" in table and not re.search(r"-1[05]\b", table)


KITI = {"en": r"Kiti", "ru": r"Кити"}


def _practice_before(anchor: str, lang: str) -> list[tuple[str, str]]:
    """(folder, name) of every task and quiz the lesson shows before the part `anchor`, in order."""
    text = (LESSONS / f"lesson.{lang}.md").read_text(encoding="utf-8")
    before = text[:text.index(f'<a id="{anchor}"></a>')]
    folder = {"your_turn": "tasks", "quiz": "quizzes"}
    return [(folder[kind], name) for kind, name in re.findall(r'lesson\.(your_turn|quiz)\("maui/([^"]+)"', before)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_practice_before_part_7_does_not_lean_on_kiti(lang):
    """Part 4's "Dive for the emperor tuna" hinted at Kiti's hands and explained the lost tie by her right hand,
    three parts before part 7 teaches her. Before part 7 a hint names no Kiti, and an explanation names her only
    in a sentence that points to part 7."""
    shown = _practice_before("part-disputes", lang)
    assert ("tasks", "win-the-deep") in shown, shown
    for folder, name in shown:
        data = yaml.safe_load((LESSONS / folder / f"{name}.yaml").read_text(encoding="utf-8"))
        assert not re.search(KITI[lang], data.get("hint", {}).get(lang, "")), f"{name}: the hint names Kiti"
        for sentence in re.split(r"(?<=[.!?])\s+", data.get("explain", {}).get(lang, "")):
            assert not re.search(KITI[lang], sentence) or "7" in sentence, f"{name}: {sentence}"




def _laid(step: dict) -> tuple:
    return tuple(sorted((int(p), int(c)) for p, c in ((step.get("do") or {}).get("dive") or {}).items()))


def _kiti(state, step: dict) -> object:
    """Where Kiti points, where equal cards make her decide; else she plays no part in the round."""
    cards = [c for _, c in _laid(step)]
    return state.kiti if len(set(cards)) < len(cards) else None


def _rounds_shown() -> set:
    """Each round a worked example plays, as the lagoon it was played on, Kiti's place where a tie needs her, and the cards laid (made
    with the engine, so a later round counts with the lagoon the engine refilled and Kiti where she moved)."""
    from tutor.core.scenario import replay
    shown = set()
    for path in sorted((LESSONS / "scenarios").glob("*.yaml")):
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
        frames = replay(spec).frames
        shown |= {(frames[i].state.lagoon, _kiti(frames[i].state, step), _laid(step)) for i, step in enumerate(spec["steps"]) if _laid(step)}
    return shown


def test_a_quiz_does_not_replay_a_worked_example_s_round():
    """The seagull quiz replayed the worked example's round 6 (the same lagoon, the same cards laid) with only the
    pile changed, so a reader answered from memory. A quiz plays a round of its own (the Kiti quiz may lay the
    rulebook round's cards, with her hand pointing elsewhere: that asks for the rule, not the remembered answer)."""
    from tutor.games.maui import scenario
    shown = _rounds_shown()
    assert len(shown) > 5, shown
    for path in sorted((LESSONS / "quizzes").glob("*.yaml")):
        quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
        start = scenario.setup(quiz["setup"])
        played = (start.lagoon, _kiti(start, quiz), _laid(quiz))
        assert played not in shown, f"{path.name} replays a worked example's round"


def test_a_lesson_positions_deck_counts_as_its_round_says():
    """A reader of wave 23 counted «Deck: 25» in round 4 of a five-diver task, where the lesson's own count gives
    37 - 1 unseen - 3 a round = 24: the position's piles held fewer cards than its rounds had dealt, and the rest
    lay in the deck. Every task and quiz dealt by the engine (no deck of its own), its lagoon full, counts its deck
    as its round says; the cards its piles do not hold lie in the box."""
    from pathlib import Path

    import yaml

    from tutor.games.maui import components as C
    from tutor.widgets.quiz import Quiz
    from tutor.widgets.your_turn import YourTurn
    root = Path(__file__).resolve().parents[2] / "lessons" / "maui"
    seen = []
    for kind, make in (("tasks", YourTurn), ("quizzes", Quiz)):
        for path in sorted((root / kind).glob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            if "setup" not in data or "deck" in data["setup"]:
                continue
            w = make(data["id"], lang="en")
            state = w.state if kind == "tasks" else w._opening[0]
            if not all(state.lagoon):
                continue
            seen.append(path.name)
            want = len(C.ALL_CATCH) - 1 - 3 * state.round
            assert len(state.deck) == want, (path.name, state.round, len(state.deck), want)
    assert len(seen) >= 6, seen
