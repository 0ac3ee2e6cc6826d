"""No lesson, catalogue or notebook copies a rulebook: no run of 8 or more words is shared with one (the
rulebooks are explained in our own words). The rulebooks live outside the project, in ../shared/rulebooks beside
the clone (CI has them there); without them the check is skipped, as the project never reads them.

The check is ../shared/tools/copycheck.py's own: words lower-cased without punctuation, a run counts its words
that are not bare numbers, and a run inside a short rulebook line (a heading of at most 12 words, which lessons
cite in «») is allowed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"
N = 8
HEADING_WORDS = 12
WORD = re.compile(r"[\w'’ʼ-]+", re.UNICODE)
CHECKED = ("lessons", "notebooks", "tutor")
SUFFIXES = (".py", ".ipynb", ".md", ".yaml", ".yml", ".json", ".po", ".txt")


def words(text: str) -> list[str]:
    return [w.lower().strip("-'’ʼ") for w in WORD.findall(text) if w.strip("-'’ʼ")]


def rulebook_runs(books: list[Path], n: int = N) -> tuple[dict[tuple, str], set[tuple]]:
    """Every n-word run of the rulebooks (with its book), and the runs that lie inside a short line."""
    grams: dict[tuple, str] = {}
    headings: set[tuple] = set()
    for book in books:
        text = book.read_text(encoding="utf-8", errors="ignore")
        for line in text.splitlines():
            w = words(line)
            if 0 < len(w) <= HEADING_WORDS:
                headings.update(tuple(w[i:i + n]) for i in range(len(w) - n + 1))
        w = words(text)
        for i in range(len(w) - n + 1):
            grams.setdefault(tuple(w[i:i + n]), book.name)
    return grams, headings


def longest_copied_run(text: str, grams: dict, headings: set, n: int = N) -> tuple[list[str], str] | None:
    """The longest run of the text found in a rulebook (and that book), or None."""
    w = words(text)
    best, i = None, 0
    while i <= len(w) - n:
        g = tuple(w[i:i + n])
        if g in grams and g not in headings:
            j = i + n
            while j < len(w) and tuple(w[j - n + 1:j + 1]) in grams:
                j += 1
            run = w[i:j]
            if sum(not t.isdigit() for t in run) < n:     # numbered headings and number lists are not prose
                i += 1
                continue
            if best is None or len(run) > len(best[0]):
                best = (run, grams[g])
            i = j
        else:
            i += 1
    return best


def project_files() -> list[Path]:
    """The lessons, the catalogues (tutor/**/*.po), the notebooks and the rest of the tutor's text."""
    return sorted(p for folder in CHECKED for p in (ROOT / folder).rglob("*")
                  if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts)


def test_the_check_finds_a_copied_run_and_allows_a_cited_heading(tmp_path):
    book = tmp_path / "game.en.txt"
    book.write_text("SETTING UP THE GAME FOR THREE OR FOUR PLAYERS AT THE TABLE\n"
                    "Each player takes the cards of one colour and shuffles them before the first round "
                    "begins, then draws five of them.\n1 2 3 4 5 6 7 8 9 10 11 12 13 14\n", encoding="utf-8")
    grams, headings = rulebook_runs([book])
    copied = longest_copied_run("Start: each player takes the cards of one colour and shuffles them.", grams, headings)
    assert copied == ("each player takes the cards of one colour and shuffles them".split(), "game.en.txt")
    assert longest_copied_run("Each player takes the cards, then shuffles them.", grams, headings) is None
    assert longest_copied_run("See «Setting up the game for three or four players at the table».", grams,
                              headings) is None
    assert longest_copied_run("Count 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.", grams, headings) is None


def test_no_lesson_catalogue_or_notebook_copies_a_rulebook():
    books = sorted(RULEBOOKS.glob("*.txt"))
    if not books:
        pytest.skip(f"no rulebooks in {RULEBOOKS} (they live beside the clone, never in the project)")
    grams, headings = rulebook_runs(books)
    files = project_files()
    assert any(p.suffix == ".po" for p in files) and any(p.suffix == ".ipynb" for p in files)
    copied = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found = longest_copied_run(text, grams, headings)
        if found:
            run, book = found
            copied.append(f"{path.relative_to(ROOT)}: {len(run)} words from {book}: \"{' '.join(run)[:120]}\"")
    assert not copied, "say it in your own words:\n" + "\n".join(copied)
