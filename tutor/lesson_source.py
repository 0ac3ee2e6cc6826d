"""A lesson's source: lessons/<game>/lesson.<lang>.md, one MyST Markdown notebook per language.

A teacher writes each language as Markdown with `{code-cell} ipython3` blocks; JupyterLab opens and runs the
file as a notebook (jupytext), and tools/build_notebooks.py builds the served notebooks/<game>*.ipynb from it.
Here the files are read into what the builder and the tests need:

- parts: a markdown cell holding `<a id="part-…"></a>` starts a part (the page's links point at it); the
  cells up to the next anchor belong to it;
- code cells: the same in every language, in the same order; the first is the parameters cell, tagged
  `parameters`, which sets `lang = "<lang>"` (the one line that differs);
- citations: the italic line under a part's heading, `*Rulebook: «heading», «heading»*` (any label), quotes
  the rulebook's own headings. They are the rulebook-section map: each heading of the game's SECTIONS
  (tutor/games/<game>/sections.py, the one list of a rulebook's headings) is taught by the parts citing it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

FORMAT = "md:myst"
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
CITATION_LINE = re.compile(r"^\*[^*«:\n]+:\s*(«.*)\*\s*$", re.M)
# a quoted heading may hold one quotation of its own (Козырные киты: «ЖЕТОН НА СТОРОНЕ «9»», the token's side)
QUOTED = re.compile(r"«((?:[^«»]|«[^«»]*»)+)»")
PARAMETERS = "parameters"
# The tutor's own section (heading "—": the rulebook has none) is taught where the lesson lists its rulings.
NO_HEADING = "—"
RULINGS_CALL = "lesson.rulings("


@dataclass
class Part:
    """One part of a lesson: its anchor, its markdown and code cells (in order) and the headings it cites."""

    anchor: str
    markdown: list[str] = field(default_factory=list)
    code: list[str] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)


def game_lessons_dir(game: str) -> Path:
    """The game's lesson folder: its SPEC.lessons if set, else lessons/<game>."""
    from tutor.core.scenario import lessons_root
    try:
        from tutor.core.game import spec
        return spec(game).lessons or lessons_root() / game
    except Exception:       # an unknown game id: the default place
        return lessons_root() / game


def path(game: str, lang: str) -> Path:
    return game_lessons_dir(game) / f"lesson.{lang}.md"


def languages(game: str) -> list[str]:
    """The languages the game's lesson is written in (a lesson.<lang>.md each), its spec's order first."""
    found = {p.name.split(".")[1] for p in game_lessons_dir(game).glob("lesson.*.md")}
    try:
        from tutor.core.game import spec
        order = list(spec(game).lesson_langs)
    except Exception:
        order = []
    return [lang for lang in order if lang in found] + sorted(found - set(order))


def read(game: str, lang: str):
    """The lesson as a notebook (nbformat), read by jupytext as JupyterLab reads it."""
    return _read(path(game, lang), path(game, lang).stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _read(file: Path, _mtime: int):
    import jupytext
    return jupytext.read(file, fmt=FORMAT)


def cells(game: str, lang: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """(cell type, source, tags) for every cell, in order."""
    return [(c.cell_type, c.source, tuple(c.metadata.get("tags", ()))) for c in read(game, lang).cells]


def code_cells(game: str, lang: str) -> list[str]:
    return [source for kind, source, _ in cells(game, lang) if kind == "code"]


def anchors(markdown: str) -> list[str]:
    return ANCHOR.findall(markdown)


def citations(markdown: str) -> list[str]:
    """The rulebook headings a part's citation line quotes («…»), in order."""
    return [q.strip() for line in CITATION_LINE.findall(markdown) for q in QUOTED.findall(line)]


def anchor_lines(game: str, lang: str) -> list[tuple[str, str]]:
    """(the part's anchor, a line) for every line of the lesson's source, read as plain text: no jupytext, which the
    static site's kernel does not have (its pages still need to know which part a widget stands in)."""
    anchor, out = "", []
    for line in path(game, lang).read_text(encoding="utf-8").splitlines():
        found = ANCHOR.search(line)
        if found:
            anchor = found.group(1)
        out.append((anchor, line))
    return out


def parts(game: str, lang: str) -> list[Part]:
    """The lesson's parts in order (cells before the first anchor, if any, belong to a part named "")."""
    out: list[Part] = []
    for kind, source, _ in cells(game, lang):
        if kind == "markdown":
            for anchor in anchors(source):
                out.append(Part(anchor))
        if not out:
            out.append(Part(""))
        if kind == "markdown":
            out[-1].markdown.append(source)
            out[-1].citations += citations(source)
        elif kind == "code":
            out[-1].code.append(source)
    return out


def section_parts(game: str, lang: str) -> tuple[dict[str, list[str]], list[str]]:
    """The rulebook-section map, derived from the lesson: ({section id: the parts that teach it}, problems).

    A part teaches the sections whose rulebook heading its citation line quotes (compared without case);
    the tutor's own section (heading "—") is taught by the parts that list the rulings. A quoted heading
    the game does not have is a problem."""
    from tutor.core.game import spec
    sections = spec(game).sections
    by_heading = {s.heading.casefold(): s.id for s in sections if s.heading != NO_HEADING}
    taught: dict[str, list[str]] = {s.id: [] for s in sections}
    problems = []
    for part in parts(game, lang):
        ids = []
        for quoted in part.citations:
            sid = by_heading.get(quoted.casefold())
            if sid is None:
                problems.append(f"{path(game, lang).name}: {part.anchor} cites «{quoted}», which is no heading of "
                                f"the {game} rulebook (tutor/games/{game}/sections.py)")
            else:
                ids.append(sid)
        if any(RULINGS_CALL in code for code in part.code):
            ids += [s.id for s in sections if s.heading == NO_HEADING]
        for sid in dict.fromkeys(ids):
            taught[sid].append(part.anchor)
    return taught, problems


def differences(game: str) -> list[str]:
    """What makes the languages' lessons differ in shape: each must have the same parts (anchors) in the
    same order, the same code cells in the same order (but the parameters cell, `lang = "<lang>"`), the same
    cell kinds, cite the same headings per part, and declare its own language."""
    langs = languages(game)
    if not langs:
        return [f"{game_lessons_dir(game)} has no lesson.<lang>.md"]
    problems = []
    for lang in langs:
        nb = read(game, lang)
        name = path(game, lang).name
        if (nb.metadata.get("tutor") or {}).get("lang") != lang:
            problems.append(f"{name}: its front matter should say `tutor: {{lang: {lang}}}`")
        if not nb.metadata.get("title"):
            problems.append(f"{name}: its front matter has no title")
        code = [c for c in nb.cells if c.cell_type == "code"]
        if not code or PARAMETERS not in code[0].metadata.get("tags", ()) or \
                code[0].source.strip() != f'lang = "{lang}"':
            problems.append(f'{name}: the first code cell should be `lang = "{lang}"`, tagged {PARAMETERS}')
    first = langs[0]
    base_parts = parts(game, first)
    base_code = code_cells(game, first)[1:]
    base_kinds = [kind for kind, _, _ in cells(game, first)]
    for lang in langs[1:]:
        name, other = path(game, lang).name, path(game, first).name
        mine = parts(game, lang)
        if [p.anchor for p in mine] != [p.anchor for p in base_parts]:
            problems.append(f"{name} has the parts {[p.anchor for p in mine]}, {other} has "
                            f"{[p.anchor for p in base_parts]}")
        code = code_cells(game, lang)[1:]
        for i, (a, b) in enumerate(zip(base_code, code), start=2):
            if a != b:
                problems.append(f"code cell {i} differs: {other} has {a!r}, {name} has {b!r}")
        if len(code) != len(base_code):
            problems.append(f"{name} has {len(code) + 1} code cells, {other} has {len(base_code) + 1}")
        kinds = [kind for kind, _, _ in cells(game, lang)]
        if kinds != base_kinds:
            problems.append(f"{name} and {other} split their text into different cells (check the `+++` lines)")
        for a, b in zip(base_parts, mine):
            if a.anchor == b.anchor and [q.casefold() for q in a.citations] != [q.casefold() for q in b.citations]:
                problems.append(f"{a.anchor} cites {a.citations} in {other} but {b.citations} in {name}")
    return problems
