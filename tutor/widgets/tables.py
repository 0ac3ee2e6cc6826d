"""HTML tables a game's component list is built from: one row per kind of card, its count, its values and
where the values come from (the rulebook, or assumed and marked so a club can correct them)."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from tutor.core.i18n import number
from tutor.widgets.common import esc, safe_cite, ui


def source_cell(provenances: Iterable[str], lang: str, rulebook: str = "rulebook",
                data: str | None = None) -> tuple[str, str]:
    """("assumed" | "data" | "rulebook", its cell HTML): one assumed value marks the whole row; a game whose
    facts partly come from published component data (not the rulebook's text) names that provenance `data`."""
    provenances = list(provenances)
    if any(p != rulebook and p != data for p in provenances):
        return "assumed", (f'<span class="tutor-assumed" title="{esc(ui("assumed.tip", lang))}">'
                           f'{esc(ui("assumed", lang))}</span>')
    if data is not None and data in provenances:
        return "data", f'<span class="tutor-data" title="{esc(ui("data.tip", lang))}">{esc(ui("data", lang))}</span>'
    return "rulebook", esc(ui("rulebook", lang))


def card_table(game_id: str, cards: Iterable[Any], kind_name: Callable[[str], str], lang: str,
               rulebook: str = "rulebook") -> str:
    """Cards with `.kind`, `.value` and `.provenance`, grouped by kind in the order first met; each kind
    cites the section `<game>:<kind>` when the rulebook has one."""
    groups: dict[str, list[Any]] = {}
    for c in cards:
        groups.setdefault(c.kind, []).append(c)
    rows = []
    for kind, items in groups.items():
        values = ", ".join(number(c.value) for c in sorted(items, key=lambda c: c.value))     # a true minus
        # a kind that scores nothing says so, not "0, 0, 0, 0, 0, 0": a reader of wave 23 read six zeros, marked
        # "rulebook", as values the rulebook prints (Мяури's seagulls go to the box: they never score)
        if all(c.value == 0 for c in items):
            values = ui("values_none", lang)
        prov, source = source_cell((c.provenance for c in items), lang, rulebook)
        rule, name = f"{game_id}:{kind}", kind_name(kind)
        cited = safe_cite(rule, lang)
        # the rulebook's section, unless it is only the card's name again ("сомик «Сомик»" said one thing twice),
        # and without the name where the citation starts with it ("catfish Catfish («Сомик»)": "catfish («Сомик»)")
        if cited.casefold().startswith(name.casefold()):
            cited = cited[len(name):].strip()
        same = not cited.strip("«»() ") or cited.strip("«» ").casefold() == name.casefold()
        cited_html = f' <span class="tutor-cite">{esc(cited)}</span>' if cited != rule and not same else ""
        rows.append(f'<tr data-kind="{esc(kind)}" data-provenance="{prov}">'
                    f"<td>{esc(name)}{cited_html}</td><td class=\"num\">{len(items)}</td>"
                    f"<td>{esc(values)}</td><td>{source}</td></tr>")
    head = "".join(f"<th>{esc(ui(k, lang))}</th>" for k in ("kind", "count", "values", "source"))
    return (f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f'<p class="tutor-assumed-note">{esc(ui("assumed_note", lang))}</p>')


# a row of sourced_table: (its data attributes, (provenance, its mark): source_cell's, its first cell's inner HTML
# and every other cell's whole <td>)
SourcedRow = tuple[str, tuple[str, str], list[str]]


def sourced_table(heading: str, css: str, heads: Sequence[str], rows: Sequence[SourcedRow]) -> str:
    """A heading (its inner HTML) and a table whose rows say where their facts come from without a column of their
    own: once in the heading when every row shares the same mark, else in each row's first cell (a rulebook row says
    nothing). A "source" column on every row was the one a phone never showed: it lay past the screen's edge, and
    the table scrolled sideways (two phone readers, Aqua Fest, Паперові океани, Острів котів)."""
    marks = {source for _attrs, source, _cells in rows}
    whole = len(marks) == 1 and next(iter(marks))[0] != "rulebook"
    body = "".join(f'<tr{" " + attrs if attrs else ""} data-provenance="{prov}"><td>{cells[0]}'
                   f'{"" if whole or prov == "rulebook" else " " + mark}</td>{"".join(cells[1:])}</tr>'
                   for attrs, (prov, mark), cells in rows)
    head = "".join(f"<th>{esc(h)}</th>" for h in heads)
    said = f" {next(iter(marks))[1]}" if whole else ""
    return (f"<h4>{heading}{said}</h4>"
            f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>')
