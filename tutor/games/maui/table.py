"""Мяури at the play table (issue #34): a reveal, a round and the game summed up, and the running score panel.

Pure functions from positions and events to HTML, registered in ui.py as GameUI.summary and GameUI.score_panel.
What they show is what the viewer may know: the dive cards turned up, every catch (it lay face up in the lagoon),
the top card a seagull takes (it was on top, seen by all), the jellyfish thrown away. A pile below its top card
is closed (maui:information), so another player's running total is shown only where the rules open it: to the
teacher's view, with open baskets, and at the end, when every pile is counted.
"""

from __future__ import annotations

from html import escape as esc
from typing import Optional, Sequence

from tutor.core.events import Event
from tutor.core.i18n import number, player_name, plural, signed, text
from tutor.core.rules import cite, in_brackets
from tutor.games.maui import components as C
from tutor.games.maui.rules import OPEN_BASKETS, State
from tutor.games.maui.scoring import breakdown, score, winners
from tutor.games.maui.text import card_name, depth_name, narrate

HIDDEN = "?"       # a total this viewer may not count (the table's footnote says why)
# events told as they are narrated, each with its own rule (the catches and the seagulls become score lines)
_TOLD = ("maui.face_down_revealed", "maui.dispute", "maui.tie_no_catch", "maui.jellyfish_offer",
         "maui.jellyfish_kept", "maui.kiti_moved")


def _table_words(key: str, lang: str, **params: object) -> str:
    return text(f"ui.maui.table.{key}", lang, **params)


def cite_html(rule: str, lang: str) -> str:
    """" (rule: …)" after a line, as the widgets cite; nothing for an unknown rule."""
    try:
        title = cite(rule, lang)
    except KeyError:
        return ""
    return f' <span class="tutor-cite">({esc(text("core.cite", lang, title=in_brackets(title)))})</span>'


def _who(seat: int, viewer: Optional[int], lang: str) -> str:
    name = player_name(seat, lang)
    return f"{name} ({_table_words('you', lang)})" if seat == viewer else name


def may_count(state: State, viewer: Optional[int], seat: int) -> bool:
    """May `viewer` know the whole of `seat`'s catch pile now? Their own, always; another's with open baskets, once
    the game is over (the piles are counted), or while it holds no card under its top one (one face-up tuna
    everyone watched taken was "?", a reader); the teacher's view (None) sees all."""
    return (viewer is None or seat == viewer or state.has(OPEN_BASKETS) or state.over
            or len(state.piles[seat]) <= 1)


def pile_points(state: State, seat: int) -> int:
    return breakdown(state.piles[seat], seat).total


def points_words(n: int, lang: str) -> str:
    """"12 points", «−1 очко»: the word agrees with the number's size, and a loss keeps its true minus sign."""
    said = plural("maui.n_points", abs(n), lang)
    return "\u2212" + said if n < 0 else said


def _total_cell(state: State, viewer: Optional[int], seat: int) -> tuple[str, str]:
    """A seat's total as a table cell and its data attribute, or "?" and "" where the viewer may not count it."""
    if not may_count(state, viewer, seat):
        return f'<td class="num">{HIDDEN}</td>', ""
    points = pile_points(state, seat)
    return f'<td class="num">{number(points)}</td>', f' data-total="{points}"'


# --------------------------------------------------------------------------- the summary

def summary(before: State, events: Sequence[Event], after: State, viewer: Optional[int], lang: str = "en") -> str:
    """What the action that led from `before` to `after` ends, summed up for `viewer`: the reveal of the dive
    cards (a round's catches), the round (Kiti's step), the game (the final count); "" when it ends nothing."""
    revealed = next((e for e in events if e.kind == "maui.revealed"), None)
    ended = after.round > before.round
    if revealed is None and not ended:
        return ""
    parts = []
    title = _table_words("title.round" if ended else "title.reveal", lang, round=before.round, rounds=C.ROUNDS)
    parts.append(f"<h4>{esc(title)}</h4>")
    lines, points = round_lines(before, events, after, lang)
    table, hidden = _round_table(revealed, points, after, viewer, lang)
    parts.append(table)
    if lines:
        parts.append(f'<ul class="tutor-events">{"".join(lines)}</ul>')
    if hidden:       # under the lines: what the round did comes first, why some totals are not shown after
        parts.append(_closed_note(lang))
    if after.over:
        parts.append(final_html(after, viewer, lang))    # the last round first, as it happened, then the count
    return "".join(parts)


def round_lines(before: State, events: Sequence[Event], after: State, lang: str) -> tuple[list[str], dict[int, int]]:
    """The action's events as <li> lines, each with its rule: a score line for each catch, seagull and jellyfish
    thrown away, a told line for Kiti, a dispute, a turned-up card and an offer; and the points each seat gained
    or lost by them (built from the events alone, so a test can set them against the engine's scores)."""
    lines: list[str] = []
    points: dict[int, int] = {}

    def line(seat: int, key: str, gained: int, rule: str, **params: object) -> None:
        points[seat] = points.get(seat, 0) + gained
        said = _table_words(key, lang, player=player_name(seat, lang), points=signed(gained), **params)
        lines.append(f'<li data-seat="{seat}" data-points="{gained}">{esc(said)}{cite_html(rule, lang)}</li>')

    for e in events:
        d = e.data
        if e.kind == "maui.catch":
            cards = list(d["cards"])
            kinds = {C.kind(c) for c in cards}
            rule = f"maui:{kinds.pop()}" if len(kinds) == 1 else "maui:catch-kinds"
            gained = sum(C.value(c) for c in cards)      # a seagull is worth 0; what it takes is a line of its own
            line(d["player"], "line.catch", gained, rule, dive=d["card"], depth=depth_name(d["depth"], lang),
                 cards=", ".join(card_name(c, lang) for c in cards))
            if "lantern" in {C.kind(c) for c in cards} and before.round < C.ROUNDS:   # no card follows round 12
                where = text(f"maui.depth.{d['depth']}.at", lang)
                said = _table_words("line.lantern", lang, player=player_name(d["player"], lang),
                                    depth=depth_name(d["depth"], lang), depth_at=where)
                lines.append(f"<li>{esc(said)}{cite_html('maui:lantern', lang)}</li>")
        elif e.kind == "maui.empty_handed":
            line(d["player"], "line.nothing", 0, "maui:play", dive=d["card"])
        elif e.kind == "maui.seagull_ate":
            line(d["player"], "line.seagull_ate", -C.value(d["card"]), "maui:seagull", eaten=card_name(d["card"], lang))
        elif e.kind == "maui.seagull_hungry":
            line(d["player"], "line.seagull_hungry", 0, "maui:seagull")
        elif e.kind == "maui.jellyfish_discarded":
            line(d["player"], "line.jellyfish", d["points"], "maui:jellyfish",
                 jellyfish=plural("maui.n_jellyfish", len(d["cards"]), lang))
        elif e.kind == "maui.kiti_moved" and after.over:
            continue        # her step after round 12 leads to no round
        elif e.kind in _TOLD:
            lines.append(f'<li data-kind="{esc(e.kind)}">{esc(narrate(e, lang))}{cite_html(e.rule, lang)}</li>')
    return lines, points


def _round_table(revealed: Optional[Event], points: dict[int, int], after: State, viewer: Optional[int],
                 lang: str) -> tuple[str, bool]:
    """Player · their dive card (when they were turned up) · points this round · total so far; and whether a
    total was left out (a pile the viewer may not count)."""
    cards = revealed.data["cards"] if revealed is not None else None
    head = ["col.player"] + (["col.dive"] if cards is not None else []) + ["col.round", "col.total"]
    rows, hidden = [], False
    for s in range(after.players):
        cells, dive = [f"<td>{esc(_who(s, viewer, lang))}</td>"], ""
        if cards is not None:
            cells.append(f'<td class="num">{esc(str(cards[s]))}</td>')
            dive = f' data-dive="{esc(str(cards[s]))}"'
        gained = points.get(s, 0)
        cells.append(f'<td class="num">{signed(gained)}</td>')
        cell, total = _total_cell(after, viewer, s)
        cells.append(cell)
        hidden = hidden or not total
        rows.append(f'<tr data-seat="{s}"{dive} data-round="{gained}"{total}>{"".join(cells)}</tr>')
    return _table(head, rows, lang), hidden


def _table(head: Sequence[str], rows: Sequence[str], lang: str, caption: str = "") -> str:
    ths = "".join(f"<th>{esc(_table_words(k, lang))}</th>" for k in head)
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    return (f'<div class="tutor-score"><table>{cap}<thead><tr>{ths}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def _closed_note(lang: str) -> str:
    said = _table_words("note.closed", lang, hidden=HIDDEN)
    return f'<p class="tutor-note">{esc(said)}{cite_html("maui:information", lang)}</p>'


def final_html(state: State, viewer: Optional[int], lang: str) -> str:
    """The game's end: who won and why (the highest total; a tie shared, the rules having no tie-break), each
    player's total and score lines with the rule of each. Every pile is counted now, so all is open."""
    breakdowns = score(state)
    won = winners(state)
    best = max(b.total for b in breakdowns)
    best_words = points_words(best, lang)
    if len(won) == 1:
        verdict = _table_words("final.winner", lang, player=player_name(won[0], lang), points=best_words)
    else:
        names = [player_name(s, lang) for s in won]
        together = text("core.list_and", lang, items=", ".join(names[:-1]), last=names[-1])
        verdict = _table_words("final.tie", lang, players=together, points=best_words)
    rows = []
    for b in breakdowns:
        mark = f" · {_table_words('winner', lang)}" if b.player in won else ""
        bold = ' class="total"' if b.player in won else ""
        rows.append(f'<tr data-seat="{b.player}" data-total="{b.total}"{bold}>'
                    f'<td>{esc(_who(b.player, viewer, lang) + mark)}</td><td class="num">{number(b.total)}</td></tr>')
    lists = []
    for b in breakdowns:
        # "Медуза × 2: (−10) + (−15) → −25": the label lists the values, the arrow gives their sum
        items = "".join(f'<li>{esc(line.label(lang))} → {signed(line.points)}{cite_html(line.rule, lang)}</li>'
                        for line in b.lines) or f"<li>{esc(_table_words('final.empty', lang))}</li>"
        lists.append(f"<p><b>{esc(_who(b.player, viewer, lang))} · {number(b.total)}</b></p>"
                     f'<ul class="tutor-events" data-seat="{b.player}">{items}</ul>')
    return (f"<h4>{esc(_table_words('title.game', lang))}</h4>"
            f'<p class="tutor-winners" data-winners="{" ".join(map(str, won))}">{esc(verdict)}'
            f"{cite_html('maui:end', lang)}</p>"
            + _table(("col.player", "col.total"), rows, lang) + "".join(lists))


# --------------------------------------------------------------------------- the score panel

def score_panel(state: State, viewer: Optional[int], lang: str = "en") -> str:
    """Each player's catch so far (cards in the pile; points where the viewer may count them) and the viewer's
    own pile line by line: what it would score if the game ended now."""
    if state.over:
        caption = _table_words("panel.final", lang)
    else:
        caption = _table_words("panel.title", lang, round=state.round, rounds=C.ROUNDS)
    won = set(winners(state)) if state.over else set()
    rows, hidden = [], False
    for s in range(state.players):
        mark = f" · {_table_words('winner', lang)}" if s in won else ""
        cells = [f"<td>{esc(_who(s, viewer, lang) + mark)}</td>",
                 f'<td class="num">{len(state.piles[s])}</td>']
        cell, total = _total_cell(state, viewer, s)
        cells.append(cell)
        hidden = hidden or not total
        rows.append(f'<tr data-seat="{s}" data-cards="{len(state.piles[s])}"{total}>{"".join(cells)}</tr>')
    out = [_table(("col.player", "col.pile", "col.total"), rows, lang, caption)]
    if hidden:
        out.append(_closed_note(lang))
    if viewer is not None and not state.over:
        mine = breakdown(state.piles[viewer], viewer)
        if mine.lines:
            # "values → sum", as the game's end sums it: "(−15) (−15)" read as a glitch (a phone reader)
            items = "".join(f"<li>{esc(line.label(lang))} → {signed(line.points)}</li>" for line in mine.lines)
            out.append(f'<p>{esc(_table_words("panel.yours", lang, points=points_words(mine.total, lang)))}'
                       f'{cite_html("maui:end", lang)}</p><ul class="tutor-events" data-seat="{viewer}">{items}</ul>')
        else:
            out.append(f'<p>{esc(_table_words("panel.empty", lang))}</p>')
    return f'<div class="tutor-maui-score">{"".join(out)}</div>'
