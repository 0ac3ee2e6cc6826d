"""Lesson data: every rulebook heading is taught, every scenario replays, every step is narrated.

Runs for every ready game (tutor.core.game.ready_games()): the rulebook-section map (each heading of the game's
SECTIONS -> the lesson parts whose citation line quotes it, read from lessons/<game>/lesson.<lang>.md by
tutor.lesson_source), the scenario files, and `python -m tutor check` as a command (exit codes and what it
reports). Each game's worked examples are then checked number for number.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from tutor import lesson_source
from tutor.core.game import ready_games, spec
from tutor.core.scenario import lesson_files, load_file, replay

ROOT = Path(__file__).resolve().parents[1]
GAMES = ready_games()
# headings whose lesson is the notebook prose alone (nothing happens on the board); the rulings are a list
PROSE_ONLY = {
    "maui": {"maui:intro", "maui:components", "maui:variants", "maui:rulings"},
    "aqua_fest": {"aqua_fest:contents", "aqua_fest:rulings"},
    "sea_salt_paper": {"sea_salt_paper:components", "sea_salt_paper:goal", "sea_salt_paper:rulings"},
    "trump_whales": {"trump_whales:components", "trump_whales:goal", "trump_whales:rulings"},
    "isle_of_cats": {"isle_of_cats:rulings"},
}
# the helpers that put a position on a board, and the lesson files they show
BOARD = re.compile(r'lesson\.(scenario|quiz|your_turn|position|sandbox|play)\((?:"([^"]+)")?')
MIN_SCENARIOS = {"maui": 10, "aqua_fest": 15, "sea_salt_paper": 12, "trump_whales": 15, "isle_of_cats": 13}


def lessons(game: str) -> Path:
    return ROOT / "lessons" / game


def scenario_paths(game: str) -> list[Path]:
    return sorted((lessons(game) / "scenarios").glob("*.yaml"))


def notebooks(game: str) -> dict[str, Path]:
    g = spec(game)
    first = g.lesson_langs[0]
    return {lang: ROOT / "notebooks" / (f"{g.stem}.ipynb" if lang == first else f"{g.stem}.{lang}.ipynb")
            for lang in g.lesson_langs}


ALL_SCENARIOS = [(g, p) for g in GAMES for p in scenario_paths(g)]
SCENARIO_IDS = [f"{g}/{p.stem}" for g, p in ALL_SCENARIOS]


@lru_cache(maxsize=None)
def sections(game: str, lang: str = "") -> dict[str, list[str]]:
    """{section id: the lesson parts that teach it}, derived from the lesson's citations (its first language
    unless `lang` is given)."""
    taught, _ = lesson_source.section_parts(game, lang or spec(game).lesson_langs[0])
    return taught


def shown(game: str) -> dict[str, list[str]]:
    """{part anchor: the scenario ids it shows}."""
    return {p.anchor: [m.group(2) for code in p.code for m in BOARD.finditer(code) if m.group(1) == "scenario"]
            for p in lesson_source.parts(game, spec(game).lesson_langs[0])}


def scenario_ids(game: str) -> dict[str, Path]:
    return {yaml.safe_load(p.read_text(encoding="utf-8"))["id"]: p for p in scenario_paths(game)}


def anchors(path: Path) -> set[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return set(re.findall(r'<a id="([^"]+)"></a>', text))


def test_the_ready_games_include_the_finished_lessons():
    assert {"maui", "aqua_fest", "sea_salt_paper", "trump_whales", "isle_of_cats"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_there_are_scenarios(game):
    assert len(scenario_paths(game)) >= MIN_SCENARIOS.get(game, 5)
    assert lesson_files(game) == scenario_paths(game)


@pytest.mark.parametrize("game,lang", [(g, lang) for g in GAMES for lang in spec(g).lesson_langs])
def test_every_section_is_taught_by_a_part(game, lang):
    """Every rulebook heading (tutor/games/<game>/sections.py, the one list) is quoted by a part's citation line,
    and every quoted heading is one of them."""
    taught, problems = lesson_source.section_parts(game, lang)
    assert not problems, "\n".join(problems)
    assert set(taught) == {s.id for s in spec(game).sections}
    untaught = sorted(sid for sid, parts in taught.items() if not parts)
    assert not untaught, f"no part of lesson.{lang}.md cites the headings of {untaught}"
    assert taught == sections(game), "the languages cite the rulebook differently"


# the English pages whose gloss is still to come, each with its reason (a teacher's branch of its own fixes it)
@pytest.mark.parametrize("game", GAMES)
def test_an_english_page_glosses_every_rulebook_heading_it_cites(game):
    """A club teacher on the projector read «Вступление» and «Спорные ситуации» on the English pages with no idea
    what they said: each quoted heading of a part's citation line keeps the rulebook's words and has an English
    gloss in brackets right after it (*Rulebook: «Вступление» (the introduction)*)."""
    text = (lessons(game) / "lesson.en.md").read_text(encoding="utf-8")
    lines = lesson_source.CITATION_LINE.finditer(text)
    quoted = [(m.group(0), q) for m in lines for q in lesson_source.QUOTED.finditer(m.group(1))]
    assert quoted, f"{game}: no citation line"
    for line, q in quoted:
        after = line[line.index(q.group(0)) + len(q.group(0)):]
        if re.search(r"[\u0400-\u04ff]", q.group(1)):          # a heading in the rulebook's Cyrillic
            assert re.match(r"\s*\([a-z0-9][^()]*\)", after), f"{game}: «{q.group(1)}» has no English gloss: {line}"


def test_a_wrong_citation_is_reported(tmp_path, monkeypatch):
    """The map is read from the text, so a misspelt heading is caught, not silently untaught."""
    text = lesson_source.path("maui", "en").read_text(encoding="utf-8")
    assert "*Rulebook: «Медуза» (jellyfish)*" in text
    (tmp_path / "lesson.en.md").write_text(text.replace("«Медуза»", "«Медузы»"), encoding="utf-8")
    monkeypatch.setattr(lesson_source, "game_lessons_dir", lambda game: tmp_path)
    taught, problems = lesson_source.section_parts("maui", "en")
    assert taught["maui:jellyfish"] == [] and "part-jellyfish cites «Медузы»" in "\n".join(problems)
    assert lesson_source.citations("## 5. Depths\n*Rulebook: «Большая глубина», «Средняя глубина»*\n") == [
        "Большая глубина", "Средняя глубина"]
    assert lesson_source.citations("*Правила: «Цель игры» (подготовка описана там же)*") == ["Цель игры"]
    assert lesson_source.citations("Спросите себя: «а если бы игрок 3 сыграл десятку?»") == []
    # a heading that quotes a word itself (the token's side) is read whole
    assert lesson_source.citations("*Правила: «ЖЕТОН НА СТОРОНЕ «9»», «ЖЕТОН НА СТОРОНЕ «1»» (жетон)*") == [
        "ЖЕТОН НА СТОРОНЕ «9»", "ЖЕТОН НА СТОРОНЕ «1»"]


@pytest.mark.parametrize("game", GAMES)
def test_every_section_is_shown_on_a_board(game):
    """A heading is shown where it is taught (a worked example, quiz, your-turn step, position, sandbox or game in
    a part that cites it) or by a worked example that names it as its rule."""
    boards = {p.anchor: [m.group(1) for code in p.code for m in BOARD.finditer(code)]
              for p in lesson_source.parts(game, spec(game).lesson_langs[0])}
    by_rule = {load_file(path).get("rule") for path in scenario_paths(game)}
    bare = [sid for sid, parts in sections(game).items()
            if not any(boards.get(part) for part in parts) and sid not in by_rule
            and sid not in PROSE_ONLY.get(game, set())]
    assert not bare, f"these headings are never shown on a board: {bare}"


@pytest.mark.parametrize("game,lang", [(g, lang) for g in GAMES for lang in spec(g).lesson_langs])
def test_every_part_anchor_is_in_the_notebook(game, lang):
    path = notebooks(game)[lang]
    present = anchors(path)
    missing = sorted({part for parts in sections(game).values() for part in parts} - present)
    assert not missing, f"{path.name} lacks anchors {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_shown_lesson_files_exist(game):
    """Every worked example, quiz and task the lesson calls has its file."""
    folders = {"scenario": "scenarios", "quiz": "quizzes", "your_turn": "tasks"}
    calls = [m.groups() for p in lesson_source.parts(game, spec(game).lesson_langs[0]) for code in p.code
             for m in BOARD.finditer(code) if m.group(1) in folders]
    assert calls
    for helper, ref in calls:
        owner, _, name = ref.partition("/")
        assert owner == game, f"{game}'s lesson shows {ref}"
        assert (lessons(game) / folders[helper] / f"{name}.yaml").is_file(), f"lesson.{helper}({ref!r}) has no file"


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_is_used(game):
    used = {s for ids in shown(game).values() for s in ids}
    unused = sorted(set(scenario_ids(game)) - used)
    assert not unused, f"the lesson never shows {unused}"


@pytest.mark.parametrize("game", GAMES)
def test_scenario_ids_match_file_names(game):
    for sid, path in scenario_ids(game).items():
        assert sid == f"{game}/{path.stem}"
        assert load_file(path)["game"] == game


@pytest.mark.parametrize("game,path", ALL_SCENARIOS, ids=SCENARIO_IDS)
def test_scenario_replays_cleanly(game, path):
    result = replay(load_file(path))
    assert result.ok, "\n".join(result.mismatches)
    assert len(result.frames) >= 2


@pytest.mark.parametrize("game,path", ALL_SCENARIOS, ids=SCENARIO_IDS)
def test_scenario_is_narrated_in_every_language(game, path):
    data = load_file(path)
    langs = spec(game).lesson_langs
    for lang in langs:
        assert (data.get("title") or {}).get(lang), f"title lacks {lang}"
        assert (data.get("intro") or {}).get(lang), f"intro lacks {lang}"
    for i, step in enumerate(data["steps"], start=1):
        say = step.get("say") or {}
        for lang in langs:
            assert isinstance(say.get(lang), str) and say[lang].strip(), f"step {i} has no {lang} narration"
        for lang in set(langs) & {"ru", "uk"}:
            assert re.search(r"[а-яёіїєґ]", say[lang], re.I), f"step {i}: the {lang} narration is not in {lang}"


@pytest.mark.parametrize("game,path", ALL_SCENARIOS, ids=SCENARIO_IDS)
def test_expectations_are_precise(game, path):
    """Every step that acts is checked: either an expectation or a refusal by a named rule."""
    for i, step in enumerate(load_file(path)["steps"], start=1):
        if "do" in step:
            assert step.get("expect") or step.get("refused"), f"step {i} acts but checks nothing"


@pytest.mark.parametrize("game,path", [(g, p) for g, p in ALL_SCENARIOS if g == "aqua_fest"],
                         ids=[i for i in SCENARIO_IDS if i.startswith("aqua_fest/")])
def test_every_step_names_its_rule(game, path):
    """Aqua Fest scenarios state on every step which section it teaches (a real heading)."""
    heads = {s.id for s in spec(game).sections}
    data = load_file(path)
    assert data.get("rule") in heads
    for i, step in enumerate(data["steps"], start=1):
        assert step.get("rule") in heads, f"step {i}: rule {step.get('rule')!r}"
        if "refused" in step:
            assert step["refused"] in heads, f"step {i}: refused by unknown {step['refused']!r}"


@pytest.mark.parametrize("game", GAMES)
def test_lessons_never_point_outside_the_project(game):
    """The rulebooks live outside the project and are never read at run or test time."""
    files = scenario_paths(game) + [*(lesson_source.path(game, lang) for lang in spec(game).lesson_langs),
                                    ROOT / "tools" / "build_notebooks.py", *notebooks(game).values(),
                                    ROOT / "notebooks" / "index.ipynb"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/shared" not in text and "rulebooks/" not in text, path


# --------------------------------------------------------------------------- Мяури's worked examples

MAUI = lessons("maui") / "scenarios"


def test_the_worked_round_is_number_for_number():
    data = load_file(MAUI / "four-player-round.yaml")
    first = data["steps"][0]
    assert first["do"] == {"dive": {1: 9, 2: 6, 3: 9, 4: 9}}
    assert data["setup"]["kiti"] == 1
    # the round is told one depth per step, as the rulebook walks it
    assert [s.get("show") for s in data["steps"]] == ["reveal", "deep", "middle", "shallow", "kiti", "done"]
    catches = {}
    for step in data["steps"]:
        catches.update(step.get("expect", {}).get("catch", {}))
    assert catches == {1: "tuna-1", 4: "tiger-1", 2: "catfish-1"}
    assert data["steps"][3]["expect"]["empty_handed"] == [3]
    result = replay(data)
    assert result.ok, result.mismatches
    disputes = [(f.index, e) for f in result.frames for e in f.events if e.kind == "maui.dispute"]
    assert [(i, e.data["depth"], e.data["hand"], e.data["player"]) for i, e in disputes] == [
        (2, "deep", "right", 0), (3, "middle", "right", 3)]


def test_refusals_name_their_rule():
    data = load_file(MAUI / "refused-moves.yaml")
    result = replay(data)
    refused = [f for f in result.frames if f.refusal is not None]
    assert [f.refusal.rule for f in refused] == ["maui:play", "maui:play"]     # a used card; a second card


# --------------------------------------------------------------------------- Aqua Fest's worked examples

AQUA = lessons("aqua_fest") / "scenarios"


def aqua(name: str):
    result = replay(load_file(AQUA / f"{name}.yaml"))
    assert result.ok, "\n".join(result.mismatches)
    return result


def test_aqua_fest_36_point_example_is_the_rulebooks():
    """The rulebook's scoring example: ordinary 3+1+3+2, rare 3+1+2+3 +2, unique 1+3+2+3 +2 +3, token 2."""
    from tutor.games.aqua_fest import components as C
    from tutor.games.aqua_fest.scoring import score
    from tutor.games.aqua_fest.shells import Shell, best_assembly, classify
    data = load_file(AQUA / "scoring-36.yaml")
    held = data["setup"]["collected"][2]        # (player 2's: the second to move holds token 2)
    groups = [held[0:4], held[4:8], held[8:12]]          # the file lists the rulebook's three shells in order
    assert [classify(g) for g in groups] == ["ordinary", "rare", "unique"]
    assert [[C.tile(t).stars for t in g] for g in groups] == [[3, 1, 3, 2], [3, 1, 2, 3], [1, 3, 2, 3]]
    assert [Shell(classify(g), tuple(g)).points for g in groups] == [9, 9 + 2, 9 + 2 + 3]
    assert best_assembly(held).points == 34                # no other grouping of the twelve does better
    result = aqua("scoring-36")
    state = result.frames[-1].state
    assert state.bonus[1] == 2
    assert score(state)[1].total == 36
    assert data["steps"][-1]["expect"] == {"best": {2: 34}, "scores": {2: 36}}
    # the narration sums each shell's stars in the rulebook's order (a teacher holding the book beside the screen met
    # other numbers, stops 48 and 50) ...
    printed = [" + ".join(str(C.tile(t).stars) for t in g) for g in groups]
    for step, rulebook in zip(data["steps"], printed):
        assert rulebook + " = 9" in step["say"]["en"] and rulebook + " = 9" in step["say"]["ru"], rulebook
    # ... and where the picture draws them in another order (uppers, then the lower left and lower right ones),
    # names each fragment's stars by its place, so a teacher pointing at the tiles finds the rulebook's numbers (a
    # reader; the rulebook adds the lower pieces first, left then right, then the uppers)
    drawn = [sorted(g, key=lambda t: ("upper", "lower-left", "lower-right").index(C.tile(t).kind)) for g in groups]
    pictured = [" + ".join(str(C.tile(t).stars) for t in g) for g in drawn]
    assert pictured == ["3 + 1 + 3 + 2", "2 + 3 + 3 + 1", "2 + 3 + 1 + 3"]
    for step, group, numbers, rulebook in zip(data["steps"], groups, pictured, printed):
        if numbers != rulebook:
            stars = {C.tile(t).kind: C.tile(t).stars for t in group}
            assert f"left {stars['lower-left']}, right {stars['lower-right']}" in step["say"]["en"], step["say"]["en"]
            assert f"левый {stars['lower-left']}, правый {stars['lower-right']}" in step["say"]["ru"], step["say"]["ru"]
            ups = " and ".join(str(C.tile(t).stars) for t in group if C.tile(t).kind == "upper")
            assert ups in step["say"]["en"] and ups.replace(" and ", " и ") in step["say"]["ru"]
    assert "number for number" not in data["intro"]["en"]
    # the lesson's own words quote the rulebook's sums, in its order, and invent nothing about its game
    for lang in ("en", "ru"):
        words = (ROOT / "lessons" / "aqua_fest" / f"lesson.{lang}.md").read_text()
        assert all(sum_ in words for sum_ in printed), lang
    assert "happened to go first" not in data["intro"]["en"]


def test_aqua_fest_two_card_move():
    """Two cards of the same species in one turn, two fragments, then a single card drawn."""
    from tutor.games.aqua_fest import components as C
    result = aqua("two-card-move")
    moves = [e for f in result.frames for e in f.events if e.kind == "aqua_fest.moved"]
    assert len(moves) == 2 and len({e.data["player"] for e in moves}) == 1
    species = {C.card(e.data["card"]).species for e in moves}
    assert len(species) == 1 and not C.MOVES[species.pop()].alone
    taken = [t for f in result.frames for e in f.events if e.kind == "aqua_fest.collected" for t in e.data["tiles"]]
    assert len(taken) == 2
    turns = [e for f in result.frames for e in f.events if e.kind == "aqua_fest.turn"]
    assert len(turns) == 1 and turns[0] in result.frames[-1].events   # both moves in one turn


def test_aqua_fest_battle_won():
    """Higher strength wins, takes one random fragment of the loser; the loser goes home."""
    from tutor.games.aqua_fest import components as C
    result = aqua("battle-won")
    frame = next(f for f in result.frames if any(e.kind == "aqua_fest.battle_won" for e in f.events))
    revealed = next(e for e in frame.events if e.kind == "aqua_fest.battle_revealed")
    won = next(e for e in frame.events if e.kind == "aqua_fest.battle_won")
    assert revealed.data["attack"] > revealed.data["defence"] and won.data["player"] == revealed.data["player"]
    before = result.frames[frame.index - 1].state
    loser, winner = won.data["loser"], won.data["player"]
    assert won.data["tile"] in before.collected[loser] and won.data["tile"] in frame.state.collected[winner]
    assert len(frame.state.collected[loser]) == len(before.collected[loser]) - 1
    assert frame.state.pawns[loser] is None and frame.state.pawns[winner] is not None
    assert {revealed.data["attack_card"], revealed.data["defence_card"]} <= set(frame.state.discard)
    assert C.card(revealed.data["attack_card"]).species != C.card(revealed.data["defence_card"]).species


def test_aqua_fest_battle_tied():
    """Equal strength: both pawns go home, both cards are discarded, nobody takes a fragment."""
    result = aqua("battle-tied")
    frame = next(f for f in result.frames if any(e.kind == "aqua_fest.battle_tied" for e in f.events))
    revealed = next(e for e in frame.events if e.kind == "aqua_fest.battle_revealed")
    assert revealed.data["attack"] == revealed.data["defence"]
    before = result.frames[frame.index - 1].state
    assert before.pawns[0] is not None and before.pawns[1] is not None
    assert frame.state.pawns[0] is None and frame.state.pawns[1] is None
    assert frame.state.collected == before.collected
    assert {revealed.data["attack_card"], revealed.data["defence_card"]} <= set(frame.state.discard)


def test_aqua_fest_coral_refusal_cites_what_is_forbidden():
    """A straight move through a coral is refused by «В подводном мире запрещено», state untouched."""
    from tutor.games.aqua_fest.rules import is_coral
    from tutor.games.aqua_fest.scenario import cell_index, setup
    data = load_file(AQUA / "coral-refused.yaml")
    result = aqua("coral-refused")
    first = result.frames[1]
    assert data["steps"][0]["refused"] == "aqua_fest:forbidden"
    assert first.refusal is not None and first.refusal.rule == "aqua_fest:forbidden"
    assert first.refusal.key == "aqua_fest.err.path_blocked"
    game = spec("aqua_fest")                                 # the position as the file sets it up, built anew
    assert game.to_json(first.state) == game.to_json(setup(data["setup"]))
    assert is_coral(first.state, cell_index("C5"))          # the coral sits between start and target


def test_aqua_fest_refusals_name_their_rule():
    result = aqua("refused-moves")
    refused = [(f.refusal.rule, f.refusal.key.rsplit(".", 1)[1]) for f in result.frames if f.refusal is not None]
    assert refused == [("aqua_fest:forbidden", "stop_pawn"), ("aqua_fest:cards", "not_exact"),
                       ("aqua_fest:play", "species"), ("aqua_fest:play", "alone_second")]
    # back on the turn's starting cell: allowed, and the tile there is not taken
    back = next(f for f in result.frames if any(e.kind == "aqua_fest.start_tile_kept" for e in f.events))
    assert back.refusal is None and back.state.collected == result.frames[back.index - 1].state.collected


def test_aqua_fest_end_and_tie_break():
    end = aqua("end-of-game").frames[-1].state
    assert end.over
    tie = aqua("tie-break")
    from tutor.games.aqua_fest.scoring import hand_strength, score, winners
    state = tie.frames[-1].state
    assert state.over and len({b.total for b in score(state)}) == 1
    assert winners(state) == [1] and hand_strength(state, 1) > hand_strength(state, 0)


# --------------------------------------------------------------------------- Козырные киты's worked examples

TW = lessons("trump_whales") / "scenarios"


def tw(name: str):
    result = replay(load_file(TW / f"{name}.yaml"))
    assert result.ok, "\n".join(result.mismatches)
    return result


def tw_events(result, kind: str) -> list:
    return [e for f in result.frames for e in f.events if e.kind == f"trump_whales.{kind}"]


def test_trump_whales_example_trick_is_number_for_number():
    """«ПРИМЕР ВЗЯТКИ»: the token on the blue whale showing «1»; Андрей (1) leads the narwhal 2; Тёма (2) flips the
    token to «9» and plays the narwhal 6; Лена (3), without a narwhal, plays the blue whale 9; Женя (4) plays a 5;
    Лена wins, picks Андрей's card with 3 pearls and takes her own, Тёма's and Женя's cards onto her pearl pile;
    Андрей keeps his card as a bonus; Женя names the next leader."""
    from tutor.games.trump_whales import components as C
    data = load_file(TW / "example-trick.yaml")
    assert (data["setup"]["trump"], data["setup"]["token"], data["setup"]["first"]) == ("blue_whale", 1, 1)
    assert not any(C.FAMILY[c] == "narwhal" for c in data["setup"]["hands"][3])
    assert any(C.FAMILY[c] == "narwhal" for c in data["setup"]["hands"][4])
    result = tw("example-trick")
    played = [(e.data["player"] + 1, e.data["card"]) for e in tw_events(result, "played")]
    assert played == [(1, "narwhal-2"), (2, "narwhal-6"), (3, "blue_whale-9"), (4, "five-1")]
    flip = tw_events(result, "bonus_flip")
    assert [(e.data["player"] + 1, e.data["token"], C.BONUS[e.data["card"]]) for e in flip] == [(2, 9, "flip")]
    won = tw_events(result, "trick_won")
    assert [(e.data["player"] + 1, e.data["token"], e.data["why"]) for e in won] == [(3, 9, "trump")]
    picked = tw_events(result, "picked")[0]
    assert (picked.data["player"] + 1, picked.data["owner"] + 1, picked.data["pearls"]) == (3, 1, 3)
    assert picked.data["from_trick"] == ["narwhal-6", "blue_whale-9", "five-1"]    # Тёма's, her own, Женя's
    assert C.PEARLS["narwhal-2"] == 3
    after_pick = next(f.state for f in result.frames if any(e.kind == "trump_whales.picked" for e in f.events))
    before = len(data["setup"].get("pearls", {}).get(3, []))     # what Лена won earlier in the round
    assert after_pick.bonuses[0] == ("narwhal-2",) and len(after_pick.pearls[2]) == before + 3
    assert [e.data["player"] + 1 for e in tw_events(result, "five_chooses")] == [4]
    assert [e.data["player"] + 1 for e in tw_events(result, "leader_chosen")] == [4]


def test_trump_whales_zhenyas_round_is_7_plus_1():
    """«6. Раунд заканчивается…»: Женя's 7 pearl cards and three unused bonuses score 7 + 1 = 8; none of his bonuses
    is a "+1", and the trick's winner picks the richest card, not Женя's."""
    from tutor.games.trump_whales import components as C
    data = load_file(TW / "zhenya-round.yaml")
    assert len(data["setup"]["pearls"][4]) == 7 and len(data["setup"]["bonuses"][4]) == 3
    result = tw("zhenya-round")
    scored = tw_events(result, "round_scored")
    assert len(scored) == 1 and (scored[0].data["pearls"][3], scored[0].data["bonuses"][3]) == (7, 3)
    assert scored[0].data["points"][3] == 8
    step = next(s for s in data["steps"] if s.get("show") == "round_end")
    assert not any(C.BONUS[c] == "plus" for c in data["setup"]["bonuses"][4])      # no bonus could add a pearl card
    picked = tw_events(result, "picked")[0]
    assert all(C.PEARLS[c] <= C.PEARLS[picked.data["card"]] for c in picked.data["from_trick"])  # the richest pick
    # whatever bonuses Женя uses (any trump they name, either side of the token), his card cannot win the trick
    from tutor.games.trump_whales.rules import trick_winner
    cards = [e.data["cards"] for e in tw_events(result, "trick_won")][0]
    trumps = {data["setup"]["trump"]} | {C.TARGET_FAMILY[c] for c in data["setup"]["bonuses"][4] if C.TARGET_FAMILY[c]}
    assert all(trick_winner(cards, 0, 4, t, side)[0] == 0 for t in trumps for side in (1, 9))
    assert "7 + 1 = 8" in step["say"]["en"] and "7 + 1 = 8" in step["say"]["ru"]
    assert result.frames[-1].state.round == 2 and result.frames[-1].state.scores[3] == 8


@pytest.mark.parametrize("name,token", [("trump-token-9", 9), ("trump-token-1", 1)])
def test_trump_whales_a_trump_beats_the_led_family_at_both_token_sides(name, token):
    """A trump wins although a card of the led family is better on the token's own terms."""
    from tutor.games.trump_whales import components as C
    result = tw(name)
    won = tw_events(result, "trick_won")[0]
    assert won.data["token"] == token and won.data["why"] == "trump"
    cards = won.data["cards"]
    led = [C.VALUE[c] for c in cards if C.FAMILY[c] == won.data["family"]]
    trumps = [C.VALUE[c] for c in cards if C.FAMILY[c] == won.data["trump"]]
    best_led = max(led) if token == 9 else min(led)
    assert all((v < best_led) if token == 9 else (v > best_led) for v in trumps), "the led family had the better value"
    if len(trumps) > 1:       # among trumps the token decides
        winner_card = cards[(won.data["player"] - result.frames[-1].state.leader) % result.frames[-1].state.players]
        assert C.VALUE[winner_card] == (max(trumps) if token == 9 else min(trumps))


def test_trump_whales_the_5s():
    """«ПЯТЁРКА!» and «ИСКЛЮЧЕНИЕ: ПЯТЁРКА!»: a led 5 takes the next whale's family, only 5s go to the leader, a
    picked 5 scores 1 onto the winner's pile without a bonus for its player, and the winner leads."""
    led = tw("led-five")
    first = tw_events(led, "played")
    assert first[0].data["card"].startswith("five") and first[0].data["family"] is None
    assert [r.refusal.rule for r in led.frames if r.refusal] == ["trump_whales:follow"]
    assert tw_events(led, "trick_won")[0].data["family"] == first[1].data["family"]
    fives = tw("all-fives")
    assert tw_events(fives, "trick_won")[0].data["why"] == "fives"
    for name in ("fives-reward", "five-picked"):
        result = tw(name)
        picked = tw_events(result, "picked_five")
        assert len(picked) == 1 and picked[0].data["points"] == 1
        end = result.frames[-1].state
        assert end.leader == picked[0].data["player"] and picked[0].data["card"] in end.pearls[end.leader]
        assert not end.bonuses[picked[0].data["owner"]]
        assert not tw_events(result, "five_chooses")


@pytest.mark.parametrize("name,kind", [("bonus-trump", "bonus_trump"), ("bonus-flip", "bonus_flip"),
                                       ("bonus-plus", "bonus_plus")])
def test_trump_whales_each_bonus_effect(name, kind):
    result = tw(name)
    used = tw_events(result, kind)
    assert len(used) == 1
    frame = next(f for f in result.frames if used[0] in f.events)
    before, after = result.frames[frame.index - 1].state, frame.state
    card = used[0].data["card"]
    if kind == "bonus_plus":
        assert card in after.pearls[used[0].data["player"]] and card not in after.discard
    else:
        assert after.discard[-1] == card
        if kind == "bonus_trump":
            assert (before.token, before.trump != after.trump) == (after.token, True)
        else:
            assert (before.trump, before.token) == (after.trump, 10 - after.token)


def test_trump_whales_two_players_and_the_end_of_the_game():
    from tutor.games.trump_whales import components as C
    two = tw("two-players").frames[1].state       # dealt (frame 0: the trump drawn, nothing dealt yet)
    assert two.players == 2 and set(two.removed) == set(C.FIVES) and len(two.aside) == 32 - 2 * C.HAND
    tie = tw("tie-at-30")
    assert [e.data["points"] for e in tw_events(tie, "tie")] == [C.TARGET]
    assert not tie.frames[-1].state.over and tie.frames[-1].state.round == 5      # the tie comes in round 4
    end = tw("game-end").frames[-1].state
    assert end.over and max(end.scores) > C.TARGET and sorted(end.scores)[-2] >= C.TARGET


# --------------------------------------------------------------------------- the command

def run_check(*paths) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", "check", *map(str, paths)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("game", GAMES)
def test_check_command_passes_on_the_real_scenarios(game):
    done = run_check(lessons(game) / "scenarios")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(scenario_paths(game))} scenario(s) checked, 0 failed" in done.stdout


def test_check_command_takes_every_lesson_folder():
    done = run_check(ROOT / "lessons")
    assert done.returncode == 0, done.stdout + done.stderr
    total = len(list((ROOT / "lessons").rglob("scenarios/*.yaml")))
    assert f"{total} scenario(s) checked, 0 failed" in done.stdout


def test_check_command_names_a_mismatch(tmp_path):
    wrong = yaml.safe_load((MAUI / "four-player-round.yaml").read_text(encoding="utf-8"))
    wrong["id"] = "maui/wrong-round"
    wrong["steps"] = wrong["steps"][:1]
    del wrong["steps"][0]["show"]                                         # the whole round in one step
    wrong["steps"][0]["expect"] = {"catch": {3: "tuna-1"}, "kiti": 4}   # the tuna went to player 1
    path = tmp_path / "wrong-round.yaml"
    path.write_text(yaml.safe_dump(wrong, allow_unicode=True), encoding="utf-8")
    done = run_check(path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL" in done.stdout and "wrong-round.yaml" in done.stdout
    assert "player 3 should catch ['tuna-1'], caught nothing" in done.stdout
    assert "Kiti's right hand should point to player 4, points to 2" in done.stdout


def test_check_command_names_an_aqua_fest_mismatch(tmp_path):
    wrong = yaml.safe_load((AQUA / "scoring-36.yaml").read_text(encoding="utf-8"))
    wrong["id"] = "aqua_fest/wrong-36"
    wrong["steps"][-1]["expect"] = {"scores": {2: 35}}
    path = tmp_path / "wrong-36.yaml"
    path.write_text(yaml.safe_dump(wrong, allow_unicode=True), encoding="utf-8")
    done = run_check(path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "player 2 should score 35, scores 36" in done.stdout


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


def test_every_ruling_the_code_names_exists():
    """A comment or docstring that cites a ruling ("ruling start-cell", 'ruling "aqua_fest/tie"') names one the
    learner can read in the game's rulings."""
    import re

    from tutor.core.game import spec
    cited = []
    for path in sorted((ROOT / "tutor" / "games").glob("*/*.py")):
        game = path.parent.name
        known = {r.id.split("/", 1)[1] for r in spec(game).rulings}
        for m in re.finditer(r"ruling [\"']?((?:[a-z_]+/)?[a-z][a-z0-9-]+)", path.read_text(encoding="utf-8")):
            slug = m.group(1).split("/", 1)[-1]
            cited.append(slug)
            assert slug in known, f"{path.relative_to(ROOT)} cites ruling {m.group(1)!r}, which {game} does not have"
    assert len(cited) >= 4


@pytest.mark.parametrize("game", ["aqua_fest", "isle_of_cats"])
def test_an_english_lesson_glosses_every_rulebook_heading_it_quotes(game):
    """The English pages cite the Russian / Ukrainian rulebook's headings as printed («...»), which an English reader
    cannot read (club-teacher review 2026-12-02): each quoted heading, in the lesson and in the English words of its
    tasks, quizzes and worked examples, keeps the original quote and has an English gloss beside it, "«Цель игры»
    (goal of the game)" or "(«РЕШТА ПЛИТОК», every later tile)"."""
    root = Path(__file__).resolve().parent.parent / "lessons" / game
    text = (root / "lesson.en.md").read_text(encoding="utf-8")
    headings = set(lesson_source.citations(text))
    assert len(headings) >= 8
    english = [text] + [line for path in sorted(root.rglob("*.yaml"))
                        for line in path.read_text(encoding="utf-8").splitlines() if line.strip().startswith("en:")]
    bare = []
    for words in english:
        for heading in headings:
            for m in re.finditer(re.escape(f"«{heading}»"), words):
                if not re.match(r"(?: \(|, )[a-z]", words[m.end():]):
                    bare.append(words[max(0, m.start() - 20):m.end() + 20])
    assert bare == []


@pytest.mark.parametrize("game", ready_games())
def test_every_lesson_says_how_long_it_takes_and_its_short_way(game):
    """Three readers asked for a short way through pages of 70-90 phone screens the night before club: under the
    title, the page's minutes and a short way (the core parts with their first example and task, then a game), all
    counted from the lesson's own source, the parts linked."""
    import re as _re
    from tutor import lesson
    from tutor.lesson import _part_minutes
    for lang in spec(game).lesson_langs:
        source = (ROOT / "lessons" / game / f"lesson.{lang}.md").read_text(encoding="utf-8")
        call = _re.search(r'lesson\.route\("(\w+)", lang, through="([a-z-]+)"\)', source)
        assert call and call.group(1) == game, f"{game} {lang}: no route under the title"
        assert source.index("lesson.route(") < source.index('<a id="part-', source.index("lesson.page(")), \
            "the route comes after the first part"
        out = lesson.route(game, lang, through=call.group(2))
        assert not out.message, out.message
        text = _re.sub(r"<[^>]+>", "", out.value)
        total, first, last, core, play = map(int, _re.findall(r"\d+", text))
        assert first == 1 and 1 < last < play and 5 <= core < total, text
        parts = _part_minutes(game, lang)
        assert total == lesson._round5(sum(m for _, _, m, _ in parts))
        for href in _re.findall(r'href="#([a-z-]+)"', out.value):
            assert f'<a id="{href}"></a>' in source, href
    wrong = lesson.route(game, "en", through="part-nowhere")        # a friendly box, never a traceback
    assert wrong.message and "Traceback" not in wrong.value


# The worked examples kept open beside a part's first: each carries a rule of its own, or a question after it leans
# on it (Aqua Fest's seahorse before the seahorse quiz; the two-card move every new player should see; the trick
# with the token on «1», the other half of its rule; Острів котів's whole boat scored before the quiz that scores one;
# Паперові океани's LAST CHANCE, the rulebook's own example, beside the STOP before it: a reader found it folded)
OPEN_SECOND_EXAMPLES = {"aqua_fest/seahorse", "aqua_fest/two-card-move", "trump_whales/trump-token-1",
                        "isle_of_cats/scored-boat", "sea_salt_paper/last-chance-andriy"}


@pytest.mark.parametrize("game", ready_games())
def test_a_part_opens_its_first_example_question_and_task_and_folds_the_rest(game):
    """Every reader of stop 50 put a phone page of 52,000-78,000 px first. A part shows its first worked example,
    question and task open; the others, and a drill beside a question or task, wait folded behind a one-line button
    marked optional (`extra=True`). A new call in a part that leaves it unfolded fails here, so the page does not grow
    back. A chain's next step (`after:`) follows its step, and a folded drill may stay `folded=True`."""
    call = re.compile(r'^lesson\.(scenario|quiz|your_turn|drill)\("([^"]+)"(.*)\)\s*$')
    for lang in spec(game).lesson_langs:
        calls: dict[str, list[tuple[str, str, bool]]] = {}
        for anchor, line in lesson_source.anchor_lines(game, lang):
            m = call.match(line)
            if m:
                calls.setdefault(anchor, []).append((m.group(1), m.group(2), "extra=True" in m.group(3)
                                                     or "folded=True" in m.group(3)))
        assert sum(e for c in calls.values() for *_, e in c) >= 5, f"{game} {lang}: hardly anything folded"
        for anchor, found in calls.items():
            open_ = [(kind, ident) for kind, ident, extra in found if not extra]
            for kind in ("scenario", "quiz", "your_turn"):
                mine = [ident for k, ident in open_ if k == kind and ident not in OPEN_SECOND_EXAMPLES]
                if kind == "your_turn":
                    mine = [i for i in mine if not yaml.safe_load(
                        (ROOT / "lessons" / game / "tasks" / f"{i.split('/')[1]}.yaml").read_text()).get("after")]
                assert len(mine) <= 1, f"{game} {lang} {anchor}: more than one {kind} open: {mine}"
            if any(k in ("quiz", "your_turn") for k, _ in open_):
                assert not [i for k, i in open_ if k == "drill"], f"{game} {lang} {anchor}: a drill open beside practice"


def test_an_extra_is_folded_marked_optional_and_left_out_of_the_parts_star():
    """`extra=True`: a placeholder opened only by its button (tutor-lazy-manual), its label marked optional in the
    page's language, and the class the contents reads to leave it out of the part's ★ (static/contents.js coreIn)."""
    from tutor import lesson
    extra = lesson.scenario("maui/refused-moves", "ru", extra=True)
    plain = lesson.scenario("maui/refused-moves", "ru")
    assert {"tutor-lazy-manual", "tutor-extra"} <= set(extra._dom_classes)
    assert not {"tutor-lazy-manual", "tutor-extra"} & set(plain._dom_classes)
    assert extra.label.startswith(plain.label) and "по желанию" in extra.label and "по желанию" not in plain.label
    task = lesson.your_turn("maui/take-the-shallows", "en", extra=True)
    assert "tutor-practice" in task._dom_classes and "tutor-extra" in task._dom_classes and "optional" in task.label
    assert task.content is None
    task.reveal.opened = True                 # what its button does
    assert task.content is not None
    contents = (ROOT / "tutor" / "widgets" / "static" / "contents.js").read_text(encoding="utf-8")
    assert 'coreIn(i)' in contents and '!p.classList.contains("tutor-extra")' in contents


RULING_MARK = re.compile(r"\[⚖ ([^\]]+)\]\(#ruling-([a-z0-9-]+)\)")


@pytest.mark.parametrize("game", GAMES)
def test_a_rulings_mark_in_a_lesson_opens_a_ruling_the_game_has(game):
    """A "⚖" mark where a rule is taught ([⚖ tutor's ruling](#ruling-<slug>)) opens that ruling under it
    (static/contents.js `onRuling`, from lesson.rulings' anchors): its slug is one of the game's rulings, the
    page lists it under that anchor, and every language of the lesson marks the same rulings."""
    from tutor import lesson

    known = {r.id.split("/", 1)[1] for r in spec(game).rulings}
    marked = {}
    for path in sorted((ROOT / "lessons" / game).glob("lesson.*.md")):
        lang = path.name.split(".")[1]
        found = RULING_MARK.findall(path.read_text(encoding="utf-8"))
        for words, slug in found:
            assert slug in known, f"{path.name} marks ruling {slug!r}, which {game} does not have"
            assert words.strip(), f"{path.name}: the mark for {slug} has no words"
        marked[lang] = {slug for _words, slug in found}
        listed = set(re.findall(r'id="ruling-([a-z0-9-]+)"', lesson.rulings(game, lang).value))
        assert marked[lang] <= listed, f"{path.name}: no anchor in the rulings list for {marked[lang] - listed}"
    assert len(set(map(frozenset, marked.values()))) == 1, f"{game}: the languages mark different rulings: {marked}"


def test_a_long_group_of_rulings_waits_behind_its_sections_name_and_keeps_its_ids():
    """Острів котів' list of rulings held how each of 16 family cards is counted, four phone screens and the card
    table's third showing on the page: a section with more rulings than the list shows open waits behind one line
    (its name and count), its rulings still in the page, each with its id for the marks that quote it."""
    from collections import Counter
    from tutor import lesson
    from tutor.core.game import spec as game_spec
    folded = 0
    for game in ("maui", "aqua_fest", "sea_salt_paper", "trump_whales", "isle_of_cats"):
        rulings = game_spec(game).rulings
        page = lesson.rulings(game, "en").value
        for r in rulings:
            assert f'id="ruling-{r.id.partition("/")[2]}"' in page, r.id
        sections = Counter(r.rule for r in rulings)
        long = [rule for rule, n in sections.items() if n > lesson._RULINGS_OPEN]
        assert page.count('<details class="tutor-table-fold">') == len(long), game
        folded += len(long)
        # each section once: its rulings together under one heading (Aqua Fest's "A turn" stood three times)
        heads = re.findall(r'<p class="tutor-ruling-group"><b>([^<]+)</b>', page)
        assert len(heads) == len(set(heads)), (game, heads)
    assert folded, "no game has a long group: the fold is not tested"


@pytest.mark.parametrize("game", GAMES)
def test_no_two_exercises_on_a_page_share_an_id(game):
    """A learner's answers are kept by exercise id (tutor/widgets/progress.py): Острів котів' drill and quiz both
    "isle_of_cats/boat-score" shared their answers, so one part got the other's ★ (a reader, stop 57)."""
    for path in sorted(lessons(game).glob("lesson.*.md")):
        ids = re.findall(r'lesson\.(?:quiz|drill|your_turn)\("([^"]+)"', path.read_text(encoding="utf-8"))
        assert ids, path
        twice = sorted({i for i in ids if ids.count(i) > 1})
        assert not twice, f"{path.name}: exercises sharing an id: {twice}"
