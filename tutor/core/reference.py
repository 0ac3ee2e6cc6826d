"""A game's one-page quick reference for the table: the turn, what scores and how much, the end, and the rulings.

Each game builds its own from its rulebook sections, its component data and its rulings (its module
`tutor/games/<game>/reference.py`, a function `reference(lang) -> Reference`), so every number on the page is the
one the engine plays with, and a ruling is worded once, in the game's catalogue. This module lays any game's
reference out as HTML: in a lesson's last part (readable on a phone) and as a page of its own that prints on one A4
sheet (tests/browser/test_browser_reference.py prints every one with Chromium and counts the pages).

    ref = Reference("maui", "Мяури: памятка", blocks=(Block("Раунд", "maui:play", ("…", "…"), ordered=True), …),
                    rulings=RULINGS)
    page_html(ref, "ru")      # a whole HTML document
    part_html(ref, "ru")      # the same sheet inside a lesson page
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from importlib import import_module
from typing import Optional, Sequence, Union

from tutor.core import i18n
from tutor.core.rules import Ruling, cite


@dataclass(frozen=True)
class Table:
    """A small table of numbers players look up mid-game (set values, family sizes, penalties)."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""          # one line under it: where the numbers come from ("values marked * are assumed")


Item = Union[str, Table]


@dataclass(frozen=True)
class Block:
    """One heading of the sheet: what to do or what scores, in a few short lines, citing its rulebook section."""

    title: str
    rule: str                                   # the section it sums up ("maui:play"); cited under the title
    items: tuple[Item, ...]
    ordered: bool = False                       # numbered steps (a turn), else bullets


@dataclass(frozen=True)
class Reference:
    game: str
    title: str
    blocks: tuple[Block, ...]
    rulings: tuple[Ruling, ...] = ()
    footer: str = ""                            # e.g. where assumed component values can be corrected
    # rulings left off the sheet: a rare corner (an empty deck, a tie after the last round) or how the tutor itself
    # asks and shows. A sheet for the table that listed all twenty buried the few that change play (readers, stop
    # 45); the lesson's list of rulings has them all, and the sheet says so in one line
    rare: tuple[Ruling, ...] = ()
    # rulings looked up at the final count, not during play (Острів котів: how each family card is read), in a block
    # of their own after those that change play (a reader found the few that matter mid-game buried under them)
    counting: tuple[Ruling, ...] = ()
    counting_title: str = ""


def on_sheet(rulings: Sequence[Ruling], rare: Sequence[str]) -> tuple[tuple[Ruling, ...], tuple[Ruling, ...]]:
    """`rulings` split into (those the sheet lists, those it leaves to the lesson), by the slugs in `rare`; a slug
    that names no ruling is a KeyError (a ruling renamed would otherwise come back onto the sheet unnoticed)."""
    slugs = {r.id.partition("/")[2] for r in rulings}
    unknown = set(rare) - slugs
    if unknown:
        raise KeyError(f"no such rulings: {sorted(unknown)}")
    return (tuple(r for r in rulings if r.id.partition("/")[2] not in rare),
            tuple(r for r in rulings if r.id.partition("/")[2] in rare))


def of(game: str, lang: str) -> Reference:
    """The game's quick reference in `lang` (its module tutor.games.<game>.reference)."""
    made: Reference = import_module(f"tutor.games.{game}.reference").reference(lang)
    return made


def games_with_reference() -> tuple[str, ...]:
    from tutor.core.game import ready_games
    found = []
    for game in ready_games():
        name = f"tutor.games.{game}.reference"
        try:
            import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:        # the module is there but something it imports is not: a bug, said aloud
                raise
            continue
        found.append(game)
    return tuple(found)


# ----------------------------------------------------------------------------- words to HTML

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _inline(words: str) -> str:
    """Plain words with **bold** marks (the only markup a reference line may carry), escaped."""
    return _BOLD.sub(r"<b>\1</b>", html.escape(words, quote=False))


_NUMBER = re.compile(r"[\d\s+\-\u2212/…·×=—]*")    # a cell of numbers ("10 … 15", "1 / 3 / 5 / 7", "−5")
_NUMBER_CELL = ' class="ref-n"'


def _table(t: Table) -> str:
    head = "".join(f"<th>{_inline(h)}</th>" for h in t.head)
    # each cell carries its column's heading: a phone stacks a wide table's rows (CSS below), each cell under its
    # heading's words (Мяури's catch table cut «Что делает» at a phone's edge)
    rows = "".join("<tr>" + "".join(f'<td{_NUMBER_CELL if _NUMBER.fullmatch(c) else ""} data-head="{html.escape(h)}">'
                                    f"{_inline(c)}</td>" for c, h in zip(row, t.head)) + "</tr>" for row in t.rows)
    note = f'<p class="ref-note">{_inline(t.note)}</p>' if t.note else ""
    # a table of numbers (a name, then counts) fits a phone as it is: stacked, Паперові океани' collections were four
    # boxes of six lines, a screen, for a table of 130 px (a reader)
    numbers = all(_NUMBER.fullmatch(c) for row in t.rows for c in row[1:])
    return f'<div class="ref-table{" ref-numbers" if numbers else ""}"><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>{note}'


def _block(b: Block, lang: str) -> str:
    lines: list[str] = []
    for item in b.items:
        lines.append(_table(item) if isinstance(item, Table) else f"<li>{_inline(item)}</li>")
    body: list[str] = []
    tag = "ol" if b.ordered else "ul"
    run: list[str] = []
    for line in lines:          # list items run together; a table breaks the list
        if line.startswith("<li>"):
            run.append(line)
            continue
        if run:
            body.append(f"<{tag}>{''.join(run)}</{tag}>")
            run = []
        body.append(line)
    if run:
        body.append(f"<{tag}>{''.join(run)}</{tag}>")
    return (f'<section class="ref-block"><h2>{_inline(b.title)}</h2>'
            f'<p class="ref-cite">{html.escape(cite(b.rule, lang))}</p>{"".join(body)}</section>')


def _rulings(ref: Reference, lang: str) -> str:
    rulings, rare = ref.rulings, ref.rare
    if not rulings and not rare and not ref.counting:
        return ""

    def items(of: Sequence[Ruling]) -> str:
        # the decision alone where the game words one (Ruling.brief): the sheet is read mid-game, its reasons are the
        # lesson's (a reader found the argument for a ruling where a glance wanted the ruling)
        return "".join(f'<li data-ruling="{html.escape(r.id)}">{_inline(r.brief(lang))}</li>' for r in of)
    more = (f'<p class="ref-more" data-rare="{len(rare)}">{html.escape(i18n.text("ui.reference.rare", lang))}</p>'
            if rare else "")
    counting = (f'<section class="ref-block ref-rulings ref-counting"><h2>{_inline(ref.counting_title)}</h2>'
                f"<ul>{items(ref.counting)}</ul></section>" if ref.counting else "")
    return (f'<section class="ref-block ref-rulings"><h2>{html.escape(i18n.text("ui.reference.rulings", lang))}'
            f"</h2><ul>{items(rulings)}</ul>{more}</section>{counting}")


def sheet_html(ref: Reference, lang: str, rulings: Optional[str] = None) -> str:
    """The sheet itself (an <article>), the same in a lesson and on its own page; `rulings`: its rulings as the
    lesson shows them (folded), else as the sheet prints them."""
    footer = f'<p class="ref-footer">{_inline(ref.footer)}</p>' if ref.footer else ""
    blocks = "".join(_block(b, lang) for b in ref.blocks)
    rulings = _rulings(ref, lang) if rulings is None else rulings
    return (f'<article class="tutor-reference" lang="{html.escape(lang)}"><h1>{html.escape(ref.title)}</h1>'
            f'<div class="ref-columns">{blocks}{rulings}</div>{footer}</article>')


# Compact on paper (two columns, 7.8 pt, A4 with 8 mm margins: the rulings take the most room), one column on a
# phone. Colours are plain dark-on-light: the sheet is printed and photocopied.
CSS = """
.tutor-reference { font: 15px/1.4 system-ui, sans-serif; color: #1b1b1b; max-width: 62rem; }
.tutor-reference h1 { font-size: 1.35em; margin: 0 0 .4em; }
.tutor-reference h2 { font-size: 1.05em; margin: .2em 0 0; }
.tutor-reference .ref-cite { font-size: .8em; color: #555; margin: 0 0 .2em; }
.tutor-reference ol, .tutor-reference ul { margin: .15em 0 .4em; padding-left: 1.3em; }
.tutor-reference li { margin: .1em 0; }
.tutor-reference table { border-collapse: collapse; margin: .2em 0 .3em; font-size: .92em; }
.tutor-reference th, .tutor-reference td { border: 1px solid #999; padding: .1em .4em; text-align: left;
  vertical-align: top; word-break: normal; overflow-wrap: normal; hyphens: manual; }
.tutor-reference th, .tutor-reference td.ref-n { white-space: nowrap; }
.tutor-reference .ref-table { overflow-x: auto; }
@media screen and (max-width: 560px) {
  .tutor-reference .ref-table:not(.ref-numbers) thead { display: none; }
  .tutor-reference .ref-table:not(.ref-numbers) :is(table, tbody, tr) { display: block; width: 100%; }
  .tutor-reference .ref-table:not(.ref-numbers) tr { border: 1px solid #999; margin: 0 0 .3em; padding: .1em .3em;
    box-sizing: border-box; }
  .tutor-reference .ref-table:not(.ref-numbers) td { display: block; border: 0; padding: .05em 0; white-space: normal; }
  .tutor-reference .ref-table:not(.ref-numbers) td::before { content: attr(data-head) ": "; font-weight: 600; }
}
.tutor-reference .ref-note, .tutor-reference .ref-footer { font-size: .8em; color: #444; margin: .1em 0 .3em; }
.tutor-reference .ref-block { break-inside: avoid; margin-bottom: .5em; }
.tutor-reference .ref-rulings { break-inside: auto; }
.tutor-reference .ref-rulings li { font-size: .9em; }
@media (min-width: 900px) { .tutor-reference .ref-columns { columns: 2; column-gap: 2rem; } }
/* projected, the sheet is read from the back of a room: its smallest print (citations, notes) about 18 px */
@media (min-width: 1600px) { .tutor-reference { font-size: 23px; max-width: none; } }
@media print {
  @page { size: A4; margin: 8mm; }
  .tutor-reference { font-size: 7.8pt; line-height: 1.2; max-width: none; }
  .tutor-reference .ref-rulings li { font-size: .92em; margin: 0; }
  .tutor-reference .ref-columns { columns: 2; column-gap: 6mm; }
  .ref-print { display: none; }
}
"""


def folded(words: str, body: str) -> str:
    """`body` behind a one-line opener that says `words` (plain text): a lesson page's fold for a table or a list that
    is there to look up, not to read on the way (the page's CSS draws its ▸)."""
    return f'<details class="tutor-table-fold"><summary>{html.escape(words, quote=False)}</summary>{body}</details>'


def part_html(ref: Reference, lang: str) -> str:
    """The sheet inside a lesson page, with its stylesheet (the lesson's page CSS knows nothing of it). Its rulings
    wait behind one line there: the lesson's own list, with the reasons, is a part above it (three readers counted
    the reference's copy among what made the page long); the saved page and its print keep them open."""
    rulings = _rulings(ref, lang)
    if rulings:
        words = i18n.text("ui.reference.rulings_fold", lang, n=len(ref.rulings) + len(ref.counting))
        rulings = folded(words, rulings)
    return f"<style>{CSS}</style>{sheet_html(ref, lang, rulings=rulings)}"


def page_html(ref: Reference, lang: str) -> str:
    """The sheet as a page of its own: to keep on a phone or print for the table."""
    button = html.escape(i18n.text("ui.reference.print", lang))
    return ("<!DOCTYPE html>\n"
            f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(ref.title)}</title><style>body {{ margin: 12px; }}{CSS}</style></head><body>"
            f'<p class="ref-print"><button type="button" onclick="window.print()">{button}</button></p>'
            f"{sheet_html(ref, lang)}</body></html>")
