"""The lesson notebooks execute headless, show their widgets, and say what the index promises.

Every ready game (tutor.core.game.ready_games()) has one notebook per lesson language; each runs with
nbclient in notebooks/ (as JupyterLab and Voilà run it) on the python3 kernel. What a notebook must hold
(its parts in order, its code cells, the worked examples, quizzes and tasks it shows) is read from its
source, lessons/<game>/lesson.<lang>.md (tutor.lesson_source), and from the game's lesson folder.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import yaml
import pytest
from nbclient import NotebookClient

from tutor import lesson_source
from tutor.core import i18n
from tutor.core.game import ready_games, spec

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
WIDGET = "application/vnd.jupyter.widget-view+json"
READY = ready_games()


def lesson_names(game: str) -> dict[str, str]:
    """{notebook file name: language} for one game, its first language first."""
    g = spec(game)
    first = g.lesson_langs[0]
    return {(f"{g.stem}.ipynb" if lang == first else f"{g.stem}.{lang}.ipynb"): lang for lang in g.lesson_langs}


LESSONS = {name: lang for g in READY for name, lang in lesson_names(g).items()}
GAME_OF = {name: g for g in READY for name in lesson_names(g)}
# a sentence of each game's narration, as the learner reads it in Russian
RUSSIAN_NARRATION = {"maui": "Четыре ныряльщика", "aqua_fest": "в руке два осьминога",
                     "trump_whales": "Тёма использует свой бонус"}
# a lesson page has at least this many parts (its anchors), each in the source's order
MIN_PARTS = 15
# what every lesson shows besides its lesson files: the page header, the components, the rulings, a game
HELPERS_EVERY_LESSON = ("page", "components", "rulings", "play")
# the lesson files a notebook must show, one helper per folder of lessons/<game>/
LESSON_FILES = {"scenarios": "scenario", "quizzes": "quiz", "tasks": "your_turn"}


def order(game: str) -> list[str]:
    """The lesson's parts (anchors) in the order its source has them."""
    return [p.anchor for p in lesson_source.parts(game, lesson_source.languages(game)[0]) if p.anchor]


def helpers(game: str) -> list[str]:
    """What the game's notebooks must call, from its data: a helper call for every scenario, quiz and task file
    in lessons/<game>/ (by its id), the helpers every lesson shows, and the sandbox if the game has one."""
    from tutor.core.game import spec
    g = spec(game)
    calls = [f'lesson.{name}("{game}"' if name != "page" else "lesson.page(" for name in HELPERS_EVERY_LESSON]
    if g.ui is not None and g.ui().sandbox is not None:
        calls.append(f'lesson.sandbox("{game}"')
    home = lesson_source.game_lessons_dir(game)
    for folder, helper in LESSON_FILES.items():
        for path in sorted((home / folder).glob("*.yaml")):
            calls.append(f'lesson.{helper}("{yaml.safe_load(path.read_text(encoding="utf-8"))["id"]}"')
    return calls

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def executed() -> dict:
    """Each notebook, run once per test process: the tests reach a worker one at a time, longest first, between
    other modules' tests, and a module-scoped cache was thrown away at every switch."""
    return {}


# First-render budget of a lesson page (issue: pages once built ~1,000 models and 1.5 MB of state up front; with a
# Layout model per placeholder and per box they were 126-150 models and 230-275 KB, now 65-77 and 167-201 KB; the
# lesson's contents and the learner's progress (issue #33) added the page widget's 30 KB of code: 250 KB became 275 KB;
# a part read at a reader's pace and the practise button's two words (issue #32's review) 1.3 KB more: 280 KB;
# "continue" led back to a game and to a part's next exercise (stop 44's readers) 1.1 KB more: 282 KB; the first
# part not read offered beside the place kept, and a practise session's links to the quizzes and tasks missed (stop
# 50's readers) 0.9 KB more: Паперові океани's page weighs 290.8 KB; a part's extras folded behind their buttons
# (every reader of stop 50 put the phone page's length first; a folded placeholder carries the module without its
# watch for the screen, a second copy beside the first) 3.1 KB more: 293.9 KB; a board's closer look on a phone
# (static/zoom.js in the page's module, its sheet's CSS) 6.5 KB more: 300.4 KB. Then the placeholders' module
# shared: the page's module carries reveal.js once, each placeholder a 0.4 KB stub (tutor.widgets.lazy.SharedReveal):
# 175.3 KB, the heaviest page.) An opened extra folded away again under its title, and a projector's board on the
# whole screen (reveal.js and zoom.js in the page's module, their CSS, stop 56) 1.3 KB more: 185.3 KB; a worked
# example walked through on the whole screen, its steps and words (zoom.js) 2.3 KB more: 187.6 KB. Stop 57's readers'
# answers (a step's words shrinking once read, work solved on an earlier visit said on its box, the way back kept and
# named, a ruling's stop kept on its line, the whole-screen button in sight) 3.2 KB more: 190.8 KB. Stop 59's (the
# answers of an earlier visit put back, the page held under the contents sheet, the move pressed kept under the
# finger, a step's words held at their tallest, and shrunk to a line once read) about 3 KB more: 194.0 KB; a quiz or
# drill asked on the projector's whole screen (zoom.js) 2.3 KB more: 196.3 KB. Stop 61's (the placing bar riding the
# screen's foot, the task's question brought back with its board, the way back stacked over the folded contents, one
# more ruling) 2.1 KB more: 198.4 KB. Stop 63's (a task and the play table played on the projector's whole screen,
# zoom.js; one "Go on" at a time on a phone; a refused step's reason in the stuck row, its white only while stuck)
# 4.0 KB more: 202.4 KB. Stop 64's (the whole screen's magnifier, zoom.js; a chain's step waiting unseen and a part's
# "Next" ticking it read, contents.js; a tall board's answers riding at a phone's foot and the verdict brought up,
# page.js and tutor.css; the score helper's picture under its cards) 5.9 KB more: 208.3 KB. Stop 65's (a phone's
# worked-example dock and its words shrinking once read, scenario.js and tutor.css; the contents bar following a
# build; a placing bar riding for a tile just taken, placing.js) 3.3 KB more: 211.6 KB.
MAX_MODELS = 100
MAX_STATE_BYTES = 214_000
# Appended to the executed copy: weigh what the page holds before the learner opens anything (what Voilà's
# page receives on load), then open every lazy part as a learner scrolling to the end would.
WEIGH = """import json as _json
from ipywidgets.widgets.widget import _instances as _models
print("TUTOR-WEIGHT", len(_models), sum(len(_json.dumps(w.get_state(), default=str)) for w in list(_models.values())))"""
OPEN_ALL = """import json as _json
from tutor.widgets.lazy import _PARTS, open_all as _open_all
from ipywidgets.widgets.widget import _instances as _models
_n = _open_all()
# what the opened parts show: every text a widget holds, and each scenario player's frames as the page asks
_texts = [w.get_state().get("value") for w in list(_models.values())]
_texts = [t for t in _texts if isinstance(t, str)]
for _part in list(_PARTS):
    _w = _part.content
    if hasattr(_w, "frame") and getattr(_w, "frames", None):
        _texts += [_w.frame(_i)["svg"] + _w.frame(_i)["narration"] for _i in range(len(_w.frames))]
    _texts += [getattr(_w, "error", "") and f'class=\\"tutor-error-box\\" role=\\"alert\\" {_w.error}']
print("TUTOR-OPENED", _n)
print("TUTOR-TEXTS", _json.dumps([t for t in _texts if t], ensure_ascii=False))"""


def run(name: str, cache: dict):
    """The lesson as Voilà runs it, then weighed, then with every lazy part opened."""
    if name not in cache:
        for attempt in (1, 2):
            nb = nbformat.read(NOTEBOOKS / name, as_version=4)
            nb.cells += [nbformat.v4.new_code_cell(WEIGH), nbformat.v4.new_code_cell(OPEN_ALL)]
            # iopub_timeout: the last cell prints megabytes of text; on a loaded machine its output came after the
            # cell's reply, later than nbclient's default 4 s wait for it, and was dropped ("TUTOR-OPENED was not
            # printed")
            try:
                NotebookClient(nb, timeout=60, iopub_timeout=60, kernel_name="python3",
                               resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
                break
            except RuntimeError as exc:
                # a kernel that never started: jupyter_client picks free ports, and with kernels starting side by
                # side another one may bind them first ("Address already in use", a CI run of stop 48). Once more;
                # anything the lesson itself raises is not a RuntimeError of this kind and fails at once
                if attempt == 2 or "Kernel died before replying to kernel_info" not in str(exc):
                    raise
        cache[name] = nb
    return cache[name]


def printed_line(nb, tag: str) -> str:
    for cell in nb.cells:
        # a cell's printing, whole: the kernel sends stdout in batches, and on a busy machine one print can
        # arrive as two stream outputs ("TUTOR-OPENED" and " 14\n")
        out = "".join(o.text for o in cell.get("outputs", []) if o.output_type == "stream" and o.name == "stdout")
        if tag + " " in out:
            return out.split(tag + " ", 1)[1].split("\n", 1)[0]
    raise AssertionError(f"{tag} was not printed")


def printed(nb, tag: str) -> list[int]:
    return [int(x) for x in printed_line(nb, tag).split()]


def opened_texts(nb) -> list[str]:
    """Every text the page shows once all its parts are open (widget values and scenario frames)."""
    return json.loads(printed_line(nb, "TUTOR-TEXTS"))


def markdown(nb) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def errors(nb) -> list[str]:
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            if o.output_type == "error":
                out.append(f"cell {i}: {o.ename}: {o.evalue}")
            elif o.output_type == "stream" and o.name == "stderr" and "Traceback" in o.text:
                out.append(f"cell {i}: traceback on stderr")
            else:
                html = "".join((o.get("data") or {}).get("text/html", ""))
                if "Traceback" in html:
                    out.append(f"cell {i}: traceback in the page")
    return out


def test_every_ready_game_has_its_notebooks():
    assert {"maui", "aqua_fest", "sea_salt_paper", "trump_whales", "isle_of_cats"} <= set(READY)
    assert {"maui.ipynb", "maui.ru.ipynb", "aqua_fest.ipynb", "aqua_fest.ru.ipynb", "sea_salt_paper.ipynb",
            "sea_salt_paper.uk.ipynb", "trump_whales.ipynb", "trump_whales.ru.ipynb", "isle_of_cats.ipynb",
            "isle_of_cats.uk.ipynb"} <= set(LESSONS)
    for name in LESSONS:
        assert (NOTEBOOKS / name).is_file(), name


@pytest.mark.parametrize("name", ["index.ipynb", *LESSONS])
def test_notebook_is_valid(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit notebooks with outputs cleared"


def test_notebooks_are_built_from_their_source():
    done = subprocess.run([sys.executable, "tools/build_notebooks.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", ["index.ipynb", *LESSONS])
def test_notebook_executes_without_error(name, executed):
    nb = run(name, executed)
    assert not errors(nb), errors(nb)


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_shows_every_part(name, executed):
    """Interactive helpers show a widget (a lazy part), static ones plain HTML; once every lazy part is
    opened, no part shows its friendly error box and every scenario and picture draws a board."""
    nb = run(name, executed)
    code = [c for c in nb.cells if c.cell_type == "code"]
    helpers = [c for c in code if "lesson." in c.source]
    kinds = {"widget": WIDGET, "html": "text/html"}
    for c in helpers:
        want = kinds["html"] if re.search(r"lesson\.(rulings|components|legend|reference|position|language_links|route)\(", c.source) \
            else kinds["widget"]
        assert any(want in (o.get("data") or {}) for o in c.get("outputs", [])), f"{c.source!r} shows no {want}"
    assert printed(nb, "TUTOR-OPENED")[0] >= 10
    values = opened_texts(nb) + static_values(nb)
    shown_errors = [v for v in values if 'class="tutor-error-box" role="alert"' in v]
    assert not shown_errors, f"a helper showed its friendly error box: {shown_errors[0][:300]}"
    assert sum("<svg" in v for v in values) >= 15, "every scenario and position should draw a board"


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_first_render_is_light(name, executed):
    """What the page ships before the learner opens anything: at most MAX_MODELS widget models and MAX_STATE_BYTES
    of state."""
    models, size = printed(run(name, executed), "TUTOR-WEIGHT")
    assert models <= MAX_MODELS, f"{models} widget models on first render"
    assert size <= MAX_STATE_BYTES, f"{size} bytes of widget state on first render"


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_uses_its_helpers(name):
    """Every worked example, quiz and your-turn task of the game is shown, and the helpers every lesson has."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    wanted = helpers(GAME_OF[name])
    assert len(wanted) >= 10
    missing = [snippet for snippet in wanted if snippet not in code]
    assert not missing, f"{name} should call {missing}"


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_has_every_code_cell_of_its_source(name):
    """The served notebook runs exactly the source's code cells, in order (the parameters cell sets its lang)."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    source = lesson_source.code_cells(GAME_OF[name], LESSONS[name])
    assert code == [c.strip("\n") for c in source]
    assert len(code) >= 10


@pytest.mark.parametrize("game", READY)
def test_russian_lesson_narrates_in_russian(game, executed):
    ru = next((n for n, lang in lesson_names(game).items() if lang == "ru"), None)
    if ru is None or game not in RUSSIAN_NARRATION:
        pytest.skip(f"{game} has no Russian lesson")
    values = " ".join(opened_texts(run(ru, executed)))
    assert RUSSIAN_NARRATION[game] in values


def static_values(nb) -> list[str]:
    return ["".join(o["data"]["text/html"]) for c in nb.cells for o in c.get("outputs", [])
            if "text/html" in (o.get("data") or {})]


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_cells_are_thin(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code[0].metadata.get("tags") == ["parameters"]
    assert code[0].source == f'lang = "{LESSONS[name]}"'
    for c in code:
        assert len(c.source.strip().splitlines()) <= 2, c.source
        assert not re.search(r"^\s*(def|class|for|while|if)\b", c.source, re.M), c.source


@pytest.mark.parametrize("name", [n for n, lang in LESSONS.items() if lang in ("ru", "uk")])
def test_russian_lesson_is_in_russian(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        letters = re.findall(r"[^\W\d_]", re.sub(r"<[^>]+>|\([^)]*\.ipynb[^)]*\)", "", cell.source))
        cyrillic = [ch for ch in letters if "\u0400" <= ch <= "\u04ff"]
        assert len(cyrillic) >= 0.6 * len(letters), cell.source[:120]


@pytest.mark.parametrize("name", [n for n, lang in LESSONS.items() if lang == "en"])
def test_english_lesson_is_in_english(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    text = markdown(nb)
    letters = re.findall(r"[^\W\d_]", text)
    latin = [ch for ch in letters if ch.isascii()]
    assert len(latin) >= 0.8 * len(letters)


@pytest.mark.parametrize("game", READY)
def test_lessons_share_structure_and_link_each_other(game):
    names = list(lesson_names(game))
    books = [nbformat.read(NOTEBOOKS / n, as_version=4) for n in names]
    for nb in books[1:]:
        assert [c.cell_type for c in nb.cells] == [c.cell_type for c in books[0].cells]
    anchors = [re.findall(r'<a id="([^"]+)"></a>', markdown(nb)) for nb in books]
    assert all(a == anchors[0] for a in anchors) and len(anchors[0]) >= 15
    for name, nb in zip(names, books):
        for other in names:
            if other != name:
                assert f"]({other})" in nb.cells[0].source, f"{name} does not link {other}"


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_has_every_part_of_its_source_in_order(name):
    """The page's parts (its anchors, which the links and the other tests use) are the source's, in its order."""
    found = re.findall(r'<a id="([^"]+)"></a>', markdown(nbformat.read(NOTEBOOKS / name, as_version=4)))
    want = order(GAME_OF[name])
    assert len(want) >= MIN_PARTS
    assert found == want


@pytest.mark.parametrize("game", READY)
def test_lesson_sources_have_the_same_parts_and_code_in_every_language(game):
    """lesson.<lang>.md for each lesson language, with the same anchors and the same code cells in the same
    order (only the parameters cell's `lang` differs), cells split alike, the same headings cited per part."""
    assert lesson_source.languages(game) == list(spec(game).lesson_langs)
    assert lesson_source.differences(game) == []
    langs = lesson_source.languages(game)
    for lang in langs:
        code = lesson_source.code_cells(game, lang)
        assert code[0] == f'lang = "{lang}"'
        assert code[1:] == lesson_source.code_cells(game, langs[0])[1:]
        assert [p.anchor for p in lesson_source.parts(game, lang)] == order(game)


def test_a_language_that_drifts_is_reported(tmp_path, monkeypatch):
    """The shape check fails on a part missing in one language and on a code cell that differs."""
    game = READY[0]
    langs = lesson_source.languages(game)
    for lang in langs:
        (tmp_path / f"lesson.{lang}.md").write_text(lesson_source.path(game, lang).read_text(encoding="utf-8"),
                                                    encoding="utf-8")
    other = tmp_path / f"lesson.{langs[1]}.md"
    text = other.read_text(encoding="utf-8")
    anchor = order(game)[3]
    code = lesson_source.code_cells(game, langs[0])[2]
    other.write_text(text.replace(f'<a id="{anchor}"></a>', "").replace(code, code + "  # changed", 1),
                     encoding="utf-8")
    monkeypatch.setattr(lesson_source, "game_lessons_dir", lambda g: tmp_path)
    problems = "\n".join(lesson_source.differences(game))
    assert anchor in problems and "# changed" in problems


def test_index_lists_every_game_with_relative_links():
    nb = nbformat.read(NOTEBOOKS / "index.ipynb", as_version=4)
    text = markdown(nb)
    for game_id in ready_games():
        g = spec(game_id)
        assert g.title("en") in text and g.title("ru") in text, g.id
    for name in LESSONS:
        assert f"]({name})" in text, f"the index does not link {name}"
    coming = yaml.safe_load((ROOT / "lessons" / "index.yaml").read_text(encoding="utf-8"))["coming"]
    assert coming == [], "every game is ready"
    assert text.count("*coming*") == text.count("*скоро*") == text.count("*незабаром*") == len(coming)
    links = re.findall(r"\]\(([^)]+)\)", text)
    for link in links:
        assert not link.startswith(("/", "http")), f"{link}: links must be relative to work under Voilà"
        page, _, anchor = link.partition("#")
        assert (NOTEBOOKS / page).is_file(), link
        if anchor:       # a lesson's part (its quick reference): the anchor is in that lesson
            assert f'<a id="{anchor}"></a>' in markdown(nbformat.read(NOTEBOOKS / page, as_version=4)), link
    # every lesson's quick reference is linked from the index
    for name in LESSONS:
        assert f"]({name}#part-summary)" in text, f"the index does not link {name}'s quick reference"



def voila_markdown(source: str) -> str:
    """A Markdown cell as Voilà renders it (its exporter's markdown2html)."""
    from nbconvert.filters.markdown_mistune import MarkdownWithMath
    from voila.exporter import VoilaMarkdownRenderer
    renderer = VoilaMarkdownRenderer(escape=False, attachments={}, contents_manager=None, anchor_link_text="¶")
    return MarkdownWithMath(renderer=renderer).render(source)


def texts_by_language(html: str) -> list[tuple[str | None, str]]:
    """Each text of an HTML fragment with the language it is read in (its nearest `lang`, None outside any)."""
    from html.parser import HTMLParser
    void = {"br", "img", "hr", "input", "meta", "link", "col", "area", "wbr"}

    class Reader(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.stack, self.out = [], []

        def handle_starttag(self, tag, attrs):
            if tag not in void:
                self.stack.append(dict(attrs).get("lang") or (self.stack[-1] if self.stack else None))

        def handle_endtag(self, tag):
            if tag not in void and self.stack:
                self.stack.pop()

        def handle_data(self, data):
            if data.strip():
                self.out.append((self.stack[-1] if self.stack else None, data.strip()))

    reader = Reader()
    reader.feed(html)
    return reader.out


def test_index_sections_are_read_in_their_own_language():
    """The page is lang="en"; its Russian and Ukrainian sections, as Voilà renders them, each carry their own
    lang, and a Cyrillic text in the English section (the pointer to them, a language's link) too."""
    nb = nbformat.read(NOTEBOOKS / "index.ipynb", as_version=4)
    langs = i18n.LANGS
    assert len(nb.cells) == len(langs) >= 3
    for cell, lang in zip(nb.cells, langs):
        texts = texts_by_language(voila_markdown(cell.source))
        assert texts and all(where is not None for where, _ in texts), f"{lang}: text outside any lang"
        table_head = next(t for t in texts if t[1] in ("Game", "Игра", "Гра"))
        assert table_head[0] == lang, f"the {lang} section's table is read as {table_head[0]}"
        for where, text in texts:
            if re.search("[а-яёіїєґ]", text, re.I):
                assert where in ("ru", "uk"), f"{lang} section: {text!r} is read as {where}"
            if lang != "en" and where == "en":
                assert text == "English" or not re.search("[а-яё]", text, re.I), text


def test_index_has_a_title_and_says_which_games_have_no_lesson_in_a_section_language():
    nb = nbformat.read(NOTEBOOKS / "index.ipynb", as_version=4)
    assert nb.metadata.title != "tutor" and len(nb.metadata.title.split()) >= 4, nb.metadata.title
    text = markdown(nb)
    # one name beside the other, never nested brackets ('The Isle of Cats (family game) (Острів котів (...))')
    assert not re.search(r"\([^()]*\([^()]*\)[^()]*\)", text), "nested brackets in the index"
    ru = next(c.source for c in nb.cells if 'lang="ru"' in c.source.split("\n", 1)[0])
    prose = ru.split("\n|")[0]
    for game_id in ready_games():
        g = spec(game_id)
        if "ru" not in g.lesson_langs:     # named as printed on its box, e.g. «Острів котів»
            assert g.title(g.lesson_langs[-1]).split(" (")[0] in prose, f"the ru section does not name {game_id}"
    assert "JupyterLab" not in next(line for line in text.splitlines() if "How to use it" in line)

def test_notebook_links_resolve():
    for name in list(LESSONS) + ["index.ipynb"]:
        nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
        text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        for link in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
            assert (NOTEBOOKS / link).is_file(), f"{name} links to missing {link}"
