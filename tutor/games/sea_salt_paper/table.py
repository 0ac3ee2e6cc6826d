"""Паперові океани at the play table (issue #34): the words and HTML pieces its summary, score panel and coach share,
and the first-game tips (GameUI.tips). The hooks themselves live in summary.py, panel.py and coach.py.

Every word comes from the catalogue domain sea_salt_paper_table (keys ui.sea_salt_paper.table.*); every number
from the engine (scoring.breakdown, card_points, colour_bonus, components). Seats are named as players say them;
no card id is ever written.
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Optional, Sequence

from tutor.core.i18n import number, player_name, text
from tutor.core.rules import cite, in_brackets
from tutor.core.scoring import Breakdown, ScoreLine

T = "ui.sea_salt_paper.table."
R = "sea_salt_paper:"


def esc(words: object) -> str:
    return html.escape(str(words), quote=True)


def table_text(key: str, lang: str, **params: Any) -> str:
    """A table text (ui.sea_salt_paper.table.<key>)."""
    return text(T + key, lang, **params)


def who(seat: int, viewer: Optional[int], lang: str) -> str:
    """"Player 2", or "Player 1 (you)" for the viewer's own seat."""
    name = player_name(seat, lang)
    return f"{name} ({text('ui.you', lang)})" if seat == viewer else name


def cited(rule: str, lang: str) -> str:
    """A citation as the tutor's pages show it, escaped: "(rule: Ending the round, «ЗАВЕРШЕННЯ РАУНДУ»)"."""
    return f' <span class="tutor-cite">({esc(text("core.cite", lang, title=in_brackets(cite(rule, lang))))})</span>'


def line_rows(lines: Iterable[ScoreLine], lang: str, cls: str = "line") -> str:
    """Score lines as two-column rows that fit a phone: the label with its rule under it, the points."""
    return "".join(f'<tr class="{cls}" data-points="{line.points}"><td>{esc(line.label(lang))}<br>'
                   f'<span class="tutor-cite">{esc(cite(line.rule, lang))}</span></td>'
                   f'<td class="num">{number(line.points)}</td></tr>' for line in lines)


def row(label: str, points: int, cls: str) -> str:
    return f'<tr class="{cls}" data-points="{points}"><td>{esc(label)}</td><td class="num">{number(points)}</td></tr>'


def card_rows(cards: Sequence[str], seat: int, lang: str, bonus: bool) -> str:
    """A seat's cards as table rows: each score line with its rule, the card points, and with `bonus` the colour
    bonus line (what it would be; it counts only after LAST CHANCE)."""
    from tutor.games.sea_salt_paper.scoring import breakdown
    lines = list(breakdown(cards, seat, bonus=True).lines)
    bonus_line = lines.pop() if cards else None
    out = [line_rows(lines, lang) if lines else row(table_text("no_points", lang), 0, "line"),
           row(text("ui.sea_salt_paper.sandbox.card_points", lang), sum(x.points for x in lines), "total")]
    if bonus and bonus_line is not None:
        out.append(line_rows([bonus_line], lang, "bonus"))
    return "".join(out)


def rounds_table(books: Sequence[Breakdown], viewer: Optional[int], lang: str, cls: str) -> str:
    """The game's score lines (SPEC.score: one a round, "earlier rounds" for a lesson's set totals) as a table with a
    column a player, a row a line and the totals: narrow columns a phone holds. The rule every round line rests on
    is cited once, in the caption; a line resting on another is cited under its label."""
    common = R + "round-end"
    lines: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    for b in books:
        lines += [(x.key, x.params) for x in b.lines if (x.key, x.params) not in lines]
    head = "".join(f'<th data-seat="{b.player}">{esc(who(b.player, viewer, lang))}</th>' for b in books)
    body = []
    for key, params in lines:
        found = [next((x for x in b.lines if (x.key, x.params) == (key, params)), None) for b in books]
        shown = next(x for x in found if x is not None)
        note = "" if shown.rule == common else f'<br><span class="tutor-cite">{esc(cite(shown.rule, lang))}</span>'
        cells = "".join(f'<td class="num">{"" if x is None else number(x.points)}</td>' for x in found)
        body.append(f'<tr class="line"><th>{esc(shown.label(lang))}{note}</th>{cells}</tr>')
    body.append(f'<tr class="total"><th>{esc(text("core.total", lang))}</th>'
                + "".join(f'<td class="num" data-seat="{b.player}" data-total="{b.total}">{number(b.total)}</td>'
                          for b in books) + "</tr>")
    return (f'<table class="{cls}"><caption>{esc(table_text("final_lines", lang))}{cited(common, lang)}</caption>'
            f'<thead><tr><th></th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>')


TIPS = ("pairs", "discards", "stop", "colours", "deck")


def tips(lang: str) -> list[str]:
    """Five things a club teacher tells a newcomer before the first game, in the teacher's words."""
    from tutor.games.sea_salt_paper import components as C
    from tutor.games.sea_salt_paper.text import points_text
    points = points_text(C.STOP_POINTS, lang)      # the tips that name a number take it from the components
    return [table_text(f"tip.{name}", lang, points=points) for name in TIPS]
