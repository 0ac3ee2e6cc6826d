"""Lesson data: every rulebook heading is taught, every scenario replays, every step is narrated.

Covers lessons/<game>/sections.yaml (heading -> notebook part + scenarios), the scenario files, and
`python -m tutor check` as a command (exit codes and what it reports).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tutor.core.scenario import lesson_files, load_file, replay
from tutor.games import maui

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons" / "maui"
SCENARIOS = sorted((LESSONS / "scenarios").glob("*.yaml"))
NOTEBOOKS = {lang: ROOT / "notebooks" / name for lang, name in (("en", "maui.ipynb"), ("ru", "maui.ru.ipynb"))}
LANGS = ("en", "ru")
# headings whose lesson is the notebook prose alone (nothing happens on the board)
PROSE_ONLY = {"maui:intro", "maui:components", "maui:variants"}


@pytest.fixture(scope="module")
def sections() -> dict:
    return yaml.safe_load((LESSONS / "sections.yaml").read_text(encoding="utf-8"))


def scenario_ids() -> dict[str, Path]:
    return {yaml.safe_load(p.read_text(encoding="utf-8"))["id"]: p for p in SCENARIOS}


def anchors(path: Path) -> set[str]:
    import json
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return set(re.findall(r'<a id="([^"]+)"></a>', text))


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 10
    assert lesson_files("maui") == SCENARIOS


def test_every_section_has_an_entry(sections):
    missing = [s.id for s in maui.SECTIONS if s.id not in sections]
    assert not missing, f"sections.yaml has no entry for {missing}"
    unknown = sorted(set(sections) - {s.id for s in maui.SECTIONS})
    assert not unknown, f"sections.yaml names headings the engine does not know: {unknown}"


def test_every_section_is_taught_by_a_scenario(sections):
    bare = [sid for sid, entry in sections.items() if not entry.get("scenarios") and sid not in PROSE_ONLY]
    assert not bare, f"these headings have no scenario: {bare}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_part_anchor_is_in_the_notebook(sections, lang):
    present = anchors(NOTEBOOKS[lang])
    missing = sorted({entry["part"] for entry in sections.values()} - present)
    assert not missing, f"{NOTEBOOKS[lang].name} lacks anchors {missing}"


def test_listed_scenarios_exist(sections):
    known = scenario_ids()
    for sid, entry in sections.items():
        for scenario_id in entry.get("scenarios") or []:
            assert scenario_id in known, f"{sid} lists {scenario_id}, which has no file"
            game, _, name = scenario_id.partition("/")
            assert (ROOT / "lessons" / game / "scenarios" / f"{name}.yaml").is_file()


def test_every_scenario_is_used(sections):
    used = {s for entry in sections.values() for s in entry.get("scenarios") or []}
    assert not sorted(set(scenario_ids()) - used), "a scenario no heading points to"


def test_scenario_ids_match_file_names():
    for sid, path in scenario_ids().items():
        assert sid == f"maui/{path.stem}"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_replays_cleanly(path):
    result = replay(load_file(path))
    assert result.ok, "\n".join(result.mismatches)
    assert len(result.frames) >= 2


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_is_narrated_in_every_language(path):
    data = load_file(path)
    for lang in LANGS:
        assert (data.get("title") or {}).get(lang), f"title lacks {lang}"
        assert (data.get("intro") or {}).get(lang), f"intro lacks {lang}"
    for i, step in enumerate(data["steps"], start=1):
        say = step.get("say") or {}
        for lang in LANGS:
            assert isinstance(say.get(lang), str) and say[lang].strip(), f"step {i} has no {lang} narration"
        assert re.search(r"[а-яё]", say["ru"], re.I), f"step {i}: the ru narration is not Russian"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_expectations_are_precise(path):
    """Every step that acts is checked: either an expectation or a refusal by a named rule."""
    for i, step in enumerate(load_file(path)["steps"], start=1):
        if "do" in step:
            assert step.get("expect") or step.get("refused"), f"step {i} acts but checks nothing"


def test_the_worked_round_is_number_for_number():
    data = load_file(LESSONS / "scenarios" / "four-player-round.yaml")
    first = data["steps"][0]
    assert first["do"] == {"dive": {1: 9, 2: 6, 3: 9, 4: 9}}
    assert first["expect"]["catch"] == {1: "tuna-1", 4: "tiger-1", 2: "catfish-1"}
    assert first["expect"]["empty_handed"] == [3]
    assert data["setup"]["kiti"] == 1
    result = replay(data)
    disputes = [e for e in result.frames[1].events if e.kind == "maui.dispute"]
    assert [(e.data["depth"], e.data["hand"], e.data["player"]) for e in disputes] == [
        ("deep", "right", 0), ("middle", "right", 3)]


def test_refusals_name_their_rule():
    data = load_file(LESSONS / "scenarios" / "refused-moves.yaml")
    result = replay(data)
    refused = [f for f in result.frames if f.refusal is not None]
    assert [f.refusal.rule for f in refused] == ["maui:play", "maui:components", "maui:play"]


def test_lessons_never_point_outside_the_project():
    """The rulebooks live outside the project and are never read at run or test time."""
    files = SCENARIOS + [LESSONS / "sections.yaml", LESSONS / "notebook.yaml", ROOT / "tools" / "build_notebooks.py",
                         *NOTEBOOKS.values(), ROOT / "notebooks" / "index.ipynb"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/shared" not in text and "rulebooks/" not in text, path

# --------------------------------------------------------------------------- the command

def run_check(*paths) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", "check", *map(str, paths)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_check_command_passes_on_the_real_scenarios():
    done = run_check(LESSONS / "scenarios")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(SCENARIOS)} scenario(s) checked, 0 failed" in done.stdout


def test_check_command_names_a_mismatch(tmp_path):
    wrong = yaml.safe_load((LESSONS / "scenarios" / "four-player-round.yaml").read_text(encoding="utf-8"))
    wrong["id"] = "maui/wrong-round"
    wrong["steps"] = wrong["steps"][:1]
    wrong["steps"][0]["expect"] = {"catch": {3: "tuna-1"}, "kiti": 4}   # the tuna went to player 1
    path = tmp_path / "wrong-round.yaml"
    path.write_text(yaml.safe_dump(wrong, allow_unicode=True), encoding="utf-8")
    done = run_check(path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL" in done.stdout and "wrong-round.yaml" in done.stdout
    assert "player 3 should catch ['tuna-1'], caught nothing" in done.stdout
    assert "Kiti's right hand should point to player 4, points to 2" in done.stdout


def test_check_command_reports_a_step_that_should_have_been_refused(tmp_path):
    wrong = {
        "id": "maui/not-refused", "game": "maui", "setup": {"players": 3},
        "steps": [{"say": {"en": "x", "ru": "х"}, "do": {"dive": {1: 5}}, "refused": "maui:play"}],
    }
    path = tmp_path / "not-refused.yaml"
    path.write_text(yaml.safe_dump(wrong), encoding="utf-8")
    done = run_check(path)
    assert done.returncode == 1
    assert "should be refused by maui:play, but it was allowed" in done.stdout
