"""Паперові океани's "STOP or LAST CHANCE?" help at the play table (GameUI.advice): when the seat to move may end
the round, its own card points line by line, its colour bonus, what it knows of each opponent (the points of
their played cards, face up for everyone, and how many cards they hide in hand), and what STOP and LAST CHANCE
would give.

Only what that seat knows is used: its own hand and zone, every zone, and how many cards each opponent holds (a
hand shown by LAST CHANCE counts as known). Every number comes from the engine (`scoring.breakdown`,
`card_points`, `colour_bonus`, components.STOP_POINTS); no card is named by its id.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Optional

from tutor.core.i18n import number, player_name, plural, text
from tutor.core.rules import cite
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.rules import State, Stop, legal_actions
from tutor.games.sea_salt_paper.scoring import breakdown, card_points, colour_bonus
from tutor.games.sea_salt_paper.text import points_text


_A = "ui.sea_salt_paper.advice."
_R = "sea_salt_paper:"


def esc(words: object) -> str:
    return html.escape(str(words), quote=True)


@dataclass(frozen=True)
class Known:
    """What the seat to move knows of one opponent."""
    seat: int
    shown: int           # card points of the cards they played (face up), or of everything once their hand is shown
    hidden: int          # cards hidden in their hand (0 once it is shown)


@dataclass(frozen=True)
class Outlook:
    """The numbers of the advice: the seat's card points and colour bonus, what each call gives the seat."""
    seat: int
    points: int
    bonus: int
    opponents: tuple[Known, ...]  # in turn order from the seat's left
    stop: int                     # STOP: every player scores their card points
    last_chance_won: int          # LAST CHANCE kept (nobody ends with more): card points + colour bonus
    last_chance_lost: int         # LAST CHANCE lost: the colour bonus only

    @property
    def best(self) -> Optional[Known]:
        """The opponent who shows the most (the first from the seat's left on a tie), or None."""
        return max(self.opponents, key=lambda k: k.shown, default=None)

    @property
    def surely_lost(self) -> bool:
        """An opponent already shows more than the seat's card points: cards in play never leave, and more
        cards never score less, so LAST CHANCE cannot be kept."""
        best = self.best
        return best is not None and best.shown > self.points


def outlook(state: State, seat: int) -> Outlook | None:
    """The numbers for `seat` when it may end the round now (STOP is legal), else None."""
    if Stop(seat) not in legal_actions(state, seat):
        return None
    mine = state.hands[seat] + state.zones[seat]
    points, bonus = card_points(mine), colour_bonus(mine)
    known = []
    for i in range(1, state.players):
        s = (seat + i) % state.players
        if state.revealed[s]:
            known.append(Known(s, card_points(state.hands[s] + state.zones[s]), 0))
        else:
            known.append(Known(s, card_points(state.zones[s]), len(state.hands[s])))
    return Outlook(seat, points, bonus, tuple(known), points, points + bonus, bonus)


def advice(state: State, seat: int, lang: str = "en") -> str:
    """The help as HTML (every word escaped), or "" when `seat` may not end the round now."""
    o = outlook(state, seat)
    if o is None:
        return ""
    cards = state.hands[seat] + state.zones[seat]
    lines = list(breakdown(cards, seat, bonus=True).lines)
    bonus_line = lines.pop() if cards else None
    rows = [f'<tr class="line"><td>{esc(line.label(lang))}</td><td class="num">{number(line.points)}</td>'
            f'<td class="tutor-cite">{esc(cite(line.rule, lang))}</td></tr>' for line in lines]
    rows.append(f'<tr class="total"><td>{esc(text("ui.sea_salt_paper.sandbox.card_points", lang))}</td>'
                f'<td class="num">{number(o.points)}</td><td></td></tr>')
    if bonus_line is not None:
        rows.append(f'<tr class="bonus"><td>{esc(bonus_line.label(lang))}</td><td class="num">{o.bonus}</td>'
                    f'<td class="tutor-cite">{esc(cite(bonus_line.rule, lang))}</td></tr>')
    may_end = text(_A + "may_end", lang, points=points_text(o.points, lang), need=C.STOP_POINTS)

    known = []
    for k in o.opponents:
        who = player_name(k.seat, lang)
        if not state.revealed[k.seat]:
            known.append((k.seat, text(_A + "opponent", lang, player=who, points=points_text(k.shown, lang),
                                       hidden=plural(_A + "hidden_cards", k.hidden, lang))))
        else:
            known.append((k.seat, text(_A + "opponent_shown", lang, player=who, points=points_text(k.shown, lang))))

    calls = [("stop", text(_A + "stop", lang, points=points_text(o.stop, lang)), o.stop),
             ("won", text(_A + "last_chance_won", lang, points=o.points, bonus=o.bonus,
                          total=points_text(o.last_chance_won, lang)), o.last_chance_won),
             ("lost", text(_A + "last_chance_lost", lang, bonus=points_text(o.last_chance_lost, lang)),
              o.last_chance_lost)]

    notes = [note(o, lang), text(_A + "one_more_turn", lang)]
    title = text(_A + "title", lang)
    return (f'<div class="tutor-ssp-advice" data-points="{o.points}" data-bonus="{o.bonus}">'
            f'<h4>{esc(title)} <span class="tutor-cite">{esc(cite(_R + "round-end", lang))}</span></h4>'
            f'<p>{esc(may_end)} <span class="tutor-cite">{esc(cite(_R + "end-round", lang))}</span></p>'
            f'<table><tbody>{"".join(rows)}</tbody></table>'
            f'<p>{esc(text(_A + "known", lang))}</p><ul class="tutor-ssp-known">'
            + "".join(f'<li data-seat="{s}">{esc(words)}</li>' for s, words in known)
            + '</ul><ul class="tutor-ssp-calls">'
            + "".join(f'<li data-call="{call}" data-points="{n}">{esc(words)}</li>' for call, words, n in calls)
            + "</ul>"
            + "".join(f'<p class="tutor-ssp-note">{esc(n)}</p>' for n in notes if n)
            + "</div>")


def note(o: Outlook, lang: str) -> str:
    """The honest part: what the opponents show against the seat's points, and what their hidden cards allow."""
    best = o.best
    if best is None:
        return ""
    who = player_name(best.seat, lang)
    if o.surely_lost:
        return text(_A + "surely_lost", lang, player=who, points=points_text(best.shown, lang),
                    yours=points_text(o.points, lang))
    if best.shown == 0 and any(k.hidden for k in o.opponents):
        return text(_A + "nothing_shown", lang)
    if best.hidden:
        return text(_A + "may_have_more", lang, player=who, points=points_text(best.shown, lang),
                    hidden=plural(_A + "with_hidden", best.hidden, lang))
    return text(_A + "all_known", lang, player=who, points=points_text(best.shown, lang))
