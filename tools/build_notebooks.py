"""Build the lesson notebooks from their one source, so the English and Russian pages cannot drift.

    python tools/build_notebooks.py           # write notebooks/index.ipynb and every ready game's lessons
    python tools/build_notebooks.py --check   # exit 1 if the committed notebooks are out of date

Every registered game (tutor.core.game.ready_games) gets one notebook per lesson language:
<notebook>.ipynb for its first language, <notebook>.<lang>.ipynb for the others
(maui.ipynb + maui.ru.ipynb, aqua_fest.ipynb + aqua_fest.ru.ipynb).

Sources: lessons/<game>/lesson.<lang>.md, one MyST Markdown notebook per language (jupytext; a teacher opens
and runs it in JupyterLab), read by tutor.lesson_source; the languages must have the same parts and the same
code cells, or nothing is built. The index page's prose is lessons/index.<lang>.md, a section per language in
tutor.core.i18n.LANGS's order; lessons/index.yaml holds its data (the ready games' order, the games still coming);
its words are in the shared catalogue (index.*).
Generated notebooks have no outputs and stable cell ids, so a rebuild of unchanged text is a no-op.
Links are relative (`maui.ipynb`), which works in JupyterLab and under Voilà whatever the serving root.
"""

from __future__ import annotations

import argparse
import html
import os
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor import lesson_source, notebook_form  # noqa: E402
from tutor.core import i18n  # noqa: E402
from tutor.core.game import ready_games, spec  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"


def notebook_name(stem: str, lang: str, first_lang: str) -> str:
    """`maui.ipynb` for the lesson's first language, `maui.ru.ipynb` for the others."""
    return f"{stem}.ipynb" if lang == first_lang else f"{stem}.{lang}.ipynb"


def _cell(kind: str, text: str, cell_id: str, tags=()) -> dict:
    return notebook_form.cell(kind, text, cell_id, tags)


def _notebook(cells: list[dict], lang: str, title: str) -> dict:
    metadata = {"kernelspec": notebook_form.KERNEL, "language_info": {"name": "python"}, "title": title,
                "tutor": {"lang": lang}}
    return notebook_form.notebook(cells, metadata)


class SourceError(Exception):
    """A lesson source the builder refuses (its languages differ in shape, a cell it cannot carry)."""


def lesson_notebook(game_id: str, lang: str) -> dict:
    """One game's lesson in one language, from lessons/<game>/lesson.<lang>.md: its cells as written (text and
    code), ids numbered in order, only the `parameters` tag kept."""
    problems = lesson_source.differences(game_id)
    if problems:
        raise SourceError("\n".join(problems))
    source = lesson_source.read(game_id, lang)
    cells = []
    for i, cell in enumerate(source.cells):
        if cell.cell_type not in ("markdown", "code"):
            raise SourceError(f"{lesson_source.path(game_id, lang).name}: a {cell.cell_type} cell (only text and code)")
        tags = [t for t in cell.metadata.get("tags", ()) if t == lesson_source.PARAMETERS]
        cells.append(_cell(cell.cell_type, cell.source.strip("\n"), f"{game_id}-{i:03d}", tags=tags))
    return _notebook(cells, lang, source.metadata["title"])


REFERENCE_PART = "part-summary"      # the anchor of every lesson's quick reference (tests/test_lessons.py)


def index_notebook(on_site: bool = False) -> dict:
    """The index page: a section per language, its prose from lessons/index.<lang>.md, then a row per ready game
    (from the registry) linking its lessons and a row per game still coming (lessons/index.yaml). Each section
    is wrapped in an element carrying its language (the page itself is lang="en"), so a screen reader reads the
    Russian and Ukrainian sections with their own voice; so is each language's link. The page's title is the
    English section's heading. `on_site`: the static site's index (tools/site), which says under each heading
    that everything runs on the learner's device (lessons/index.yaml's on_this_site)."""
    source = yaml.safe_load((ROOT / "lessons" / "index.yaml").read_text(encoding="utf-8"))
    prose = {p.name.split(".")[1]: p for p in (ROOT / "lessons").glob("index.*.md")}
    unknown = sorted(set(prose) - set(i18n.LANGS))
    if unknown:
        raise SourceError(f"lessons/index.<lang>.md in {unknown}: not a language of the tutor (tutor.core.i18n.LANGS)")
    text = {lang: _without_front_matter(prose[lang].read_text(encoding="utf-8")) for lang in i18n.LANGS
            if lang in prose}
    rows: dict[str, list[str]] = {lang: [] for lang in text}
    order = source.get("order", [])
    for game_id in sorted(ready_games(), key=lambda g: (order.index(g) if g in order else len(order), g)):
        g = spec(game_id)
        first = g.lesson_langs[0]
        links = {lang: notebook_name(g.stem, lang, first) for lang in g.lesson_langs}
        others = " · ".join(f'[<span lang="{lang}">{_lesson_in(lang)}</span>]({links[lang]})'
                            for lang in g.lesson_langs)
        # the one-page quick reference is a lesson's last part (lesson.reference): a link straight to it
        sheets = " · ".join(f'[<span lang="{lang}">{_lesson_in(lang)}</span>]({links[lang]}#{REFERENCE_PART})'
                            for lang in g.lesson_langs)
        for lang in rows:
            # what this browser remembers of the game goes under its name (a fourth column was cut on a phone)
            rows[lang].append(f"| [{_row_title(g, lang)}]({links.get(lang, links[first])})<br>{_progress_of(g, lang, lang if lang in links else first)} "
                              f"| {others} | {sheets} |")
    for coming in source["coming"]:
        for lang in rows:
            rows[lang].append(f"| {coming['title'].get(lang, coming['title']['en'])} | *{i18n.text('index.coming', lang)}* | |")
    cells = []
    for i, (lang, prose_text) in enumerate(text.items()):
        if on_site:
            prose_text = _after_heading(prose_text, source["on_this_site"][lang].strip())
        body = prose_text.rstrip("\n") + "\n" + "\n".join(rows[lang])
        # blank lines around the Markdown inside the <div>: Voilà and JupyterLab then render it as Markdown
        cells.append(_cell("markdown", f'<div lang="{lang}" id="{lang}">\n\n{body}\n\n</div>', f"index-{i:03d}"))
    return _notebook(cells, "en", _heading(text.get("en", "")) or "tutor")


def _progress_of(g, lang: str, lesson_lang: str) -> str:
    """The place for what the learner's own browser remembers of the game's lesson in `lesson_lang` (the one the
    row's title leads to), said in `lang`: the page template's script fills it from localStorage
    (tutor/widgets/static/progress.js keeps it; nothing of it reaches a server)."""
    words = {key: i18n.text(f"index.progress.{key}", lang, read="{read}", total="{total}", pct="{pct}")
             for key in ("parts", "actions", "drills", "none", "practise")}
    # the lesson's actions, each as the ids of the "your turn" tasks that practise it ("maui/win-the-deep"), one
    # action a ";"-separated group ("|" would end the Markdown table's cell): an action is practised once one of its
    # tasks was solved (lessons/<game>/actions.yaml)
    words["tasks"] = ";".join(",".join(f"{g.stem}/{t}" for t in a.get("tasks", []))
                              for a in _actions(g.stem) if a.get("tasks"))
    data = " ".join(f'data-{key}="{html.escape(value, quote=True)}"' for key, value in words.items())
    return f'<span class="tutor-progress-of" data-game="{g.stem}" data-lang="{lesson_lang}" {data}></span>'


def _actions(stem: str) -> list[dict]:
    """The game's actions, in lesson order (lessons/<game>/actions.yaml), or [] for a game without the file."""
    path = ROOT / "lessons" / stem / "actions.yaml"
    return (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("actions", []) if path.exists() else []


def _lesson_in(lang: str) -> str:
    """A link to a lesson in `lang`, said in that language ("по-русски"), whichever section it stands in."""
    return i18n.text(f"index.lesson_in.{lang}", lang)


def _row_title(g, lang: str) -> str:
    """A game's name in a section: in English beside the name it is taught under (its last lesson language),
    'Maui / Мяури' (the original in its own lang); with a slash, since a name may hold brackets ('The Isle of
    Cats (family game)')."""
    if lang != "en":
        return g.title(lang)
    last = g.lesson_langs[-1]
    original = g.title(last)
    return g.title("en") if original == g.title("en") else f'{g.title("en")} / <span lang="{last}">{original}</span>'


def _after_heading(markdown: str, paragraph: str) -> str:
    """The Markdown with `paragraph` placed right after its first `# ` heading (or first, if it has none)."""
    lines = markdown.splitlines()
    at = next((i + 1 for i, line in enumerate(lines) if line.startswith("# ")), 0)
    return "\n".join(lines[:at] + ["", paragraph, ""] + lines[at:]) + "\n"


def _heading(markdown: str) -> str:
    """The first `# ` heading of a Markdown text (the page's title), or ''."""
    return next((line[2:].strip() for line in markdown.splitlines() if line.startswith("# ")), "")


def _without_front_matter(text: str) -> str:
    """Plain Markdown: a YAML header (JupyterLab adds one if the file is saved there as a notebook) is dropped."""
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end >= 0:
            return text[end + 5:].lstrip("\n")
    return text


def targets() -> dict[Path, dict]:
    out = {NOTEBOOKS / "index.ipynb": index_notebook()}
    for game_id in ready_games():
        g = spec(game_id)
        if lesson_source.languages(g.id):
            for lang in g.lesson_langs:
                out[NOTEBOOKS / notebook_name(g.stem, lang, g.lesson_langs[0])] = lesson_notebook(g.id, lang)
    return out


def render(nb: dict) -> str:
    return notebook_form.render(nb)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report stale notebooks instead of writing them")
    args = parser.parse_args(argv)
    try:
        built = targets()
    except (SourceError, FileNotFoundError) as exc:
        print(f"cannot build the notebooks:\n{exc}", file=sys.stderr)
        return 1
    stale = []
    for path, nb in built.items():
        text = render(nb)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {os.path.relpath(path, ROOT)}")
    for path in stale:
        print(f"out of date: {os.path.relpath(path, ROOT)} (run python tools/build_notebooks.py)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
