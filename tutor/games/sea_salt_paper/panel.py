"""Паперові океани's live score panel at the play table (GameUI.score_panel, issue #34): each player's total so far,
the cards in their hand, and the card points the viewer can see on them now; under it, folded, the viewer's own
cards line by line (with the colour bonus, paid only after LAST CHANCE) and the rounds so far.

What the viewer may know only: their own hand and every played card (face up); another player's hand only once
LAST CHANCE or the game's end has shown it. With no viewer (a hot-seat device being passed on) no hand counts: only
what lies face up. A small table a phone holds: four short columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from tutor.core.i18n import text
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.rules import ENDS, State
from tutor.games.sea_salt_paper.scoring import card_points, colour_bonus, score
from tutor.games.sea_salt_paper.table import R, card_rows, cited, esc, rounds_table, table_text, who
from tutor.games.sea_salt_paper.text import points_text


@dataclass(frozen=True)
class SeatScore:
    """One row of the panel."""
    seat: int
    total: int           # the game total so far
    hand: int            # cards in hand (everyone sees how many)
    seen: int            # card points of the cards the viewer sees of this seat
    whole: bool          # the viewer sees all this seat's cards (their own, or a hand shown)


def rows(state: State, viewer: Optional[int]) -> list[SeatScore]:
    """The panel's numbers, from what `viewer` may know."""
    out = []
    for s in range(state.players):
        whole = s == viewer or state.revealed[s]
        seen = state.hands[s] + state.zones[s] if whole else state.zones[s]
        out.append(SeatScore(s, state.scores[s], len(state.hands[s]), card_points(seen), whole))
    return out


def score_panel(state: State, viewer: Optional[int], lang: str = "en") -> str:
    """The panel as HTML (every word escaped)."""
    head = "".join(f"<th>{esc(table_text(h, lang))}</th>" for h in ("panel.hand", "panel.seen")) + \
        f'<th>{esc(text("core.total", lang))}</th>'
    body = []
    for r in rows(state, viewer):
        seen = str(r.seen) if r.whole else table_text("panel.at_least", lang, points=r.seen)
        body.append(f'<tr data-seat="{r.seat}" data-total="{r.total}" data-hand="{r.hand}" data-seen="{r.seen}" '
                    f'data-whole="{str(r.whole).lower()}"><th>{esc(who(r.seat, viewer, lang))}</th>'
                    f'<td class="num">{r.hand}</td><td class="num">{esc(seen)}</td>'
                    f'<td class="num">{r.total}</td></tr>')
    target = points_text(C.THRESHOLDS[state.players], lang)
    caption = table_text("panel.caption", lang, round=state.round, points=target)
    out = [f'<table class="tutor-ssp-panel" data-round="{state.round}"><caption>{esc(caption)}</caption>'
           f'<thead><tr><th></th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>',
           f'<p class="tutor-ssp-panel-note">{esc(table_text("panel.seen_note", lang))}</p>']
    if viewer is not None and not state.over:
        out.append(_own(state, viewer, lang))
    if state.history:
        out.append(_rounds(state, viewer, lang))
    return "".join(out)


def _own(state: State, viewer: int, lang: str) -> str:
    """The viewer's own cards now, line by line, folded under one line that says the sum."""
    cards = state.hands[viewer] + state.zones[viewer]
    points, bonus = card_points(cards), colour_bonus(cards)
    head = table_text("panel.yours", lang, points=points_text(points, lang), bonus=bonus)
    lines = card_rows(cards, viewer, lang, bonus=True)
    return (f'<details class="tutor-ssp-own" data-points="{points}" data-bonus="{bonus}"><summary>{esc(head)}'
            f'</summary><table class="tutor-ssp-lines"><tbody>{lines}</tbody></table>'
            f'<p>{esc(table_text("panel.bonus_note", lang))}{cited(R + "round-end", lang)}</p></details>')


def _rounds(state: State, viewer: Optional[int], lang: str) -> str:
    """The rounds scored so far and the totals, folded; under them, who ended each round and how (a reader looked
    for it there once the round's summary had gone)."""
    return (f'<details class="tutor-ssp-rounds"><summary>{esc(table_text("panel.rounds", lang))}</summary>'
            + rounds_table(score(state), viewer, lang, "tutor-ssp-round-lines") + ends_list(state, viewer, lang)
            + "</details>")


def ends_list(state: State, viewer: Optional[int], lang: str) -> str:
    """How each round the engine scored ended (State.ends), a line a round; "" when none is known."""
    if not state.ends:
        return ""
    items = "".join(f'<li data-round="{r}" data-end="{ENDS[how]}">'
                    + esc(table_text(f"ended.{ENDS[how]}", lang, round=r, player=who(seat, viewer, lang),
                                     player_plain=seat + 1)) + "</li>"
                    for r, seat, how in state.ends)
    return f'<ul class="tutor-ssp-ends">{items}</ul>'

