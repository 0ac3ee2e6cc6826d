"""Паперові океани's round and game summaries for the play table (GameUI.summary, issue #34): what the table holds on
screen when an action ends a round (STOP, the last turn after LAST CHANCE, the deck running out) or the game (a
total reaching the target, four mermaids).

`ending(before, events, after)` reads the numbers (who ended it and how, each seat's revealed cards, card points,
colour bonus and what the round gave, the totals, who begins next, the winners and what decided them);
`summary(...)` says them as HTML. Only what the rules show then is used: the hands STOP or LAST CHANCE reveal (the
`revealed` events and the hands already shown before the action), the played cards (face up), the totals. A round
the deck ends reveals nothing, so its summary shows no hand but the viewer's own. A duo's effect, a card drawn or
LAST CHANCE being called ends nothing: "".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from tutor.core.events import Event
from tutor.core.i18n import player_name, signed, text
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.render import card_strip
from tutor.games.sea_salt_paper.rules import State
from tutor.games.sea_salt_paper.scoring import card_points, colour_bonus, score, winners
from tutor.games.sea_salt_paper.table import R, card_rows, cited, esc, rounds_table, row, table_text, who
from tutor.games.sea_salt_paper.text import points_text

_E = "sea_salt_paper."


@dataclass(frozen=True)
class SeatEnd:
    """One seat at a round's end."""
    seat: int
    cards: Optional[tuple[str, ...]]   # hand and played cards as revealed; None when the rules reveal no hand
    points: int                        # card points of those cards (0 when not revealed)
    bonus: int                         # colour bonus of those cards (0 when not revealed)
    scored: int                        # what the round gave the seat
    counted: str                       # what counted: "cards", "cards_bonus", "bonus" or "none"


@dataclass(frozen=True)
class Ending:
    """What one action ended, with its numbers."""
    how: str                           # "stop", "bet_won", "bet_lost", "deck_empty" or "mermaids"
    round: int
    ender: int                         # who said STOP / LAST CHANCE, whose turn emptied the deck, the mermaids' owner
    seats: tuple[SeatEnd, ...]
    totals: tuple[int, ...]            # after the round
    target: int
    next_first: Optional[int]          # who begins the next round; None when the game is over
    over: bool
    winners: tuple[int, ...]           # () until the game is over
    decided: str                       # "total", "last_round", "shared", "mermaids"; "" until the game is over


def _found(events: Sequence[Event]) -> dict[str, Event]:
    return {e.kind[len(_E):]: e for e in events if e.kind.startswith(_E)}


def _shown_hands(before: State, events: Sequence[Event]) -> dict[int, tuple[str, ...]]:
    """The hands everyone may see at the end of the action: shown before it (LAST CHANCE), or revealed by it."""
    out = {s: before.hands[s] for s in range(before.players) if before.revealed[s]}
    for e in events:
        if e.kind == _E + "revealed" and e.data.get("cards") is not None:
            out[e.data["player"]] = tuple(e.data["cards"])
    return out


def decided(state: State) -> str:
    """What settled a finished game: four mermaids, the highest total, the last round's points breaking a tie on
    totals, or a tie on both (a shared victory, ruling tie-after-last-round)."""
    if state.winner is not None:
        return "mermaids"
    best = max(state.scores)
    leaders = [s for s, total in enumerate(state.scores) if total == best]
    if len(leaders) == 1:
        return "total"
    return "last_round" if len(winners(state)) < len(leaders) else "shared"


def ending(before: State, events: Sequence[Event], after: State) -> Optional[Ending]:
    """The round or game these events end, or None when they end nothing."""
    found = _found(events)
    n = before.players
    if "mermaids_win" in found:
        how, ender = "mermaids", found["mermaids_win"].data["player"]
    elif "stop_scored" in found:
        how, ender = "stop", found["stop_scored"].data["player"]
    elif "bet_won" in found or "bet_lost" in found:
        how = "bet_won" if "bet_won" in found else "bet_lost"
        ender = found[how].data["player"]
    elif "deck_empty" in found:
        how, ender = "deck_empty", found["deck_empty"].data["player"]
    else:
        return None
    scored = list(found["round_scored"].data["points"]) if "round_scored" in found else [0] * n
    hands = _shown_hands(before, events) if how in ("stop", "bet_won", "bet_lost") else {}
    seats = []
    for s in range(n):
        cards = hands[s] + before.zones[s] if s in hands else None
        if cards is None:
            counted = "none"
        elif how == "stop":
            counted = "cards"
        elif s == ender:        # the caller: cards and bonus when the bet wins, the bonus alone when it loses
            counted = "cards_bonus" if how == "bet_won" else "bonus"
        else:                   # the others: the bonus alone when the bet wins, their cards when it loses
            counted = "bonus" if how == "bet_won" else "cards"
        seats.append(SeatEnd(s, cards, card_points(cards) if cards else 0, colour_bonus(cards) if cards else 0,
                             scored[s], counted))
    over = after.over
    return Ending(how, before.round, ender, tuple(seats), tuple(after.scores), C.THRESHOLDS[n],
                  found["new_round"].data["player"] if "new_round" in found and not over else None, over,
                  tuple(winners(after)) if over else (), decided(after) if over else "")


# --------------------------------------------------------------------------- HTML

def summary(before: State, events: Sequence[Event], after: State, viewer: Optional[int], lang: str = "en") -> str:
    """The summary as HTML (every word escaped; it starts with its <h4> title), or "" when nothing ends."""
    end = ending(before, events, after)
    if end is None:
        return ""
    name = player_name(end.ender, lang)
    title = table_text(f"title.{end.how}", lang, round=end.round, player=name, player_plain=end.ender + 1)
    out = [f'<h4 class="tutor-ssp-end" data-end="{end.how}" data-round="{end.round}" '
           f'data-over="{str(end.over).lower()}">{esc(title)}</h4>']
    if end.over:        # the result first: on a phone the breakdown below runs to several screens
        out += [_winners(end, lang), _decided(after, end, lang)]
    out.append(_how(end, before, viewer, lang))
    if end.how != "mermaids":
        out.append(_totals(end, viewer, lang))
    out += [_seat(s, end, viewer, lang) for s in end.seats if s.cards is not None]
    if end.over:
        out.append(_final(after, viewer, lang))
    elif end.next_first is not None:
        key = "next.deck" if end.how == "deck_empty" else "next.ended"
        out.append(f'<p class="tutor-ssp-next" data-first="{end.next_first}">'
                   f'{esc(table_text(key, lang, round=end.round + 1, player=player_name(end.next_first, lang)))}'
                   f'{cited(R + "round-end", lang)}</p>')
    return "".join(out)


def _how(end: Ending, before: State, viewer: Optional[int], lang: str) -> str:
    """Why the round ended as it did, and for a bet how it went, with the rule."""
    name = player_name(end.ender, lang)
    if end.how == "stop":
        words, rule = [table_text("how.stop", lang, player=name)], "round-end"
    elif end.how == "deck_empty":
        words, rule = [table_text("how.deck_empty", lang, player=name, player_plain=end.ender + 1)], "empty-deck"
        if viewer is not None:      # the viewer's own cards, never revealed, are theirs to know
            mine = card_points(before.hands[viewer] + before.zones[viewer])
            words.append(table_text("how.deck_empty_yours", lang, points=points_text(mine, lang)))
    elif end.how == "mermaids":
        words, rule = [table_text("how.mermaids", lang, player=name)], "mermaids"
    else:
        caller = end.seats[end.ender]
        rivals = [s for s in end.seats if s.seat != end.ender]
        best = max(rivals, key=lambda s: s.points)
        key = "how.bet_won" if end.how == "bet_won" else "how.bet_lost"
        if end.how == "bet_won" and best.points == caller.points:
            # a tie: "nobody has more … a tie would have been enough" read as if it was no tie (a reader)
            key = "how.bet_tied"
        words = [table_text(key, lang, player=name, points=points_text(caller.points, lang),
                            rival=player_name(best.seat, lang), best=points_text(best.points, lang)),
                 table_text(("how.bet_won" if key == "how.bet_tied" else key) + "_gives", lang, player=name)]
        rule = "round-end"
    return f'<p class="tutor-ssp-how">{esc(" ".join(words))}{cited(R + rule, lang)}</p>'


def _totals(end: Ending, viewer: Optional[int], lang: str) -> str:
    """What the round gave each seat and the totals, against the target: a three-column table a phone holds."""
    scored = end.how != "deck_empty"
    head = (f'<th>{esc(table_text("round", lang, round=end.round))}</th>' if scored else "") + \
        f'<th>{esc(text("core.total", lang))}</th>'
    rows = []
    for s in end.seats:
        cell = f'<td class="num">{signed(s.scored)}</td>' if scored else ""
        rows.append(f'<tr data-seat="{s.seat}" data-scored="{s.scored}" data-total="{end.totals[s.seat]}">'
                    f'<th>{esc(who(s.seat, viewer, lang))}</th>{cell}'
                    f'<td class="num">{end.totals[s.seat]}</td></tr>')
    caption = table_text("target", lang, points=points_text(end.target, lang))
    return (f'<table class="tutor-ssp-totals"><caption>{esc(caption)}</caption><thead><tr><th></th>{head}</tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>')


def _seat(s: SeatEnd, end: Ending, viewer: Optional[int], lang: str) -> str:
    """One seat's revealed cards, their points line by line with the rule of each, the colour bonus where it
    counts (LAST CHANCE), and what the round gave."""
    cards = s.cards or ()
    body = (card_rows(cards, s.seat, lang, bonus=end.how in ("bet_won", "bet_lost"))
            + row(table_text(f"counted.{s.counted}", lang), s.scored, "scored"))
    # open, so the revealed hand is seen; a learner may fold the seats they have read (a phone's screen is short)
    head = table_text("seat", lang, player=who(s.seat, viewer, lang), points=signed(s.scored))
    return (f'<details class="tutor-ssp-seat" open data-seat="{s.seat}" data-points="{s.points}" '
            f'data-bonus="{s.bonus}" data-scored="{s.scored}" data-counted="{s.counted}"><summary>{esc(head)}'
            f'</summary>{card_strip(cards, lang)}<table class="tutor-ssp-lines"><tbody>{body}</tbody>'
            f'</table></details>')


def _winners(end: Ending, lang: str) -> str:
    names = ", ".join(player_name(s, lang) for s in end.winners)
    points = points_text(end.totals[end.winners[0]], lang)
    # four mermaids win whatever the totals: the winner's total says nothing then
    key = "won_mermaids" if end.decided == "mermaids" else "won" if len(end.winners) == 1 else "won_shared"
    return (f'<p class="tutor-winners" data-winners="{",".join(map(str, end.winners))}">'
            f'{esc(table_text(key, lang, player=names, players=names, points=points))}</p>')


def _final(after: State, viewer: Optional[int], lang: str) -> str:
    """The final breakdown: each player's score lines (SPEC.score: one a round) and totals, with the rule."""
    from tutor.games.sea_salt_paper.panel import ends_list
    return (f'<h5>{esc(table_text("final", lang))}</h5>' + rounds_table(score(after), viewer, lang, "tutor-ssp-final")
            + ends_list(after, viewer, lang))


def _decided(after: State, end: Ending, lang: str) -> str:
    """What decided the winner, the tie-break named when one was needed."""
    if end.decided == "mermaids":
        return ""       # said at the top: four mermaids win whatever the totals
    best = max(end.totals)
    leaders = [s for s, total in enumerate(end.totals) if total == best]
    names = ", ".join(player_name(s, lang) for s in leaders)
    last = after.history[-1] if after.history else None
    lasts = ", ".join(text(_E + "player_points", lang, player=player_name(s, lang),
                           points=points_text(last[1 + s], lang)) for s in leaders) if last else ""
    words = table_text(f"decided.{end.decided}", lang, players=names, points=points_text(best, lang), last=lasts,
                player=", ".join(player_name(s, lang) for s in end.winners))
    return f'<p class="tutor-ssp-decided" data-decided="{end.decided}">{esc(words)}{cited(R + "game-end", lang)}</p>'
