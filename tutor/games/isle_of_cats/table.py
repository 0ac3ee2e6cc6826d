"""Острів котів at the play table (issue #34): a day summed up when it ends, the final breakdown when Vesh arrives,
the live score panel and the first-game tips. Pure functions over the engine; every word from the catalogue
isle_of_cats_table.po; no tile or card id in what they return.

    summary(before, events, after, viewer, lang, earlier=None) -> HTML, or "" for an action that ends no day
    score_panel(state, viewer, lang) -> HTML
    tips(lang) -> [str]

A day's summary says what the action's events and the positions around it tell: how the day ended, the tiles
going back to the box, where Vesh's ship stands, who starts tomorrow, and each boat as it now stands (visible rats,
open rooms, families, points so far). What each player took and laid during the day lies in earlier actions: given
`earlier` (the game's events before this action, as the viewer may know them: tutor.core.session.Session.told),
it says that too.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from tutor.core.events import Event
from tutor.core.i18n import number, player_name, plural, signed, text
from tutor.core.rules import cite
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats.rules import State
from tutor.games.isle_of_cats.scoring import (
    breakdown, card_points, families, filled_rooms, score, unfilled_rooms, visible_rats, winners_of,
)
from tutor.games.isle_of_cats.text import (
    card_name, map_colour_name, player_mid_sentence, points_text, room_name, tile_name,
)

_T = "ui.isle_of_cats.table."
_E = "isle_of_cats."
_R = "isle_of_cats:"


def _w(key: str, lang: str, **params: Any) -> str:
    return text(_T + key, lang, **params)


def _n(key: str, n: int, lang: str, **params: Any) -> str:
    return plural(_T + key, n, lang, **params)


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def _cite(rule: str, lang: str) -> str:
    """The rule's citation as a small line of its own (a phone's column is narrow: it wraps under the words)."""
    try:
        said = cite(rule, lang)
    except KeyError:
        return ""
    return f' <span class="tutor-cite">{esc(said)}</span>'


def _names(tiles: Sequence[str], lang: str) -> str:
    """Tiles in words, alike ones once with their count ("square rare treasure ×3"): a day's leftovers are often
    several of one kind, and a phone has no room for the same words three times."""
    names = [tile_name(t, lang) for t in tiles]
    seen: dict[str, int] = {}
    for n in names:
        seen[n] = seen.get(n, 0) + 1
    return "; ".join(n if k == 1 else f"{n} \u00d7{k}" for n, k in seen.items())


def _who(seat: int, viewer: Optional[int], lang: str) -> str:
    name = player_name(seat, lang)
    return _w("you_name", lang, player=name) if seat == viewer else name


# --------------------------------------------------------------------------- what a day brought each player

@dataclass
class DayOfPlayer:
    """What one player did in the day being summed up, from the events of its actions."""
    took: list[str] = field(default_factory=list)          # tile ids taken from around the island, in order
    treasures: list[str] = field(default_factory=list)     # common treasures a map brought
    rats_hidden: int = 0                                   # rat squares those tiles covered
    rooms_filled: list[int] = field(default_factory=list)  # rooms they completed
    passed: bool = False


def day_events(earlier: Sequence[Event], events: Sequence[Event]) -> list[Event]:
    """The events of the day that `events` end: from the last drawing of tiles in `earlier` (the day's start) up
    to this action's `day_ended`."""
    start = 0
    for i, e in enumerate(earlier):
        if e.kind == _E + "drawn":
            start = i + 1
    out = list(earlier[start:])
    for e in events:
        if e.kind == _E + "day_ended":
            break
        out.append(e)
    return out


def day_of_players(players: int, day: Sequence[Event]) -> list[DayOfPlayer]:
    out = [DayOfPlayer() for _ in range(players)]
    for e in day:
        what, d = e.kind.split(".", 1)[1], e.data
        p = d.get("player")
        if not isinstance(p, int) or not 0 <= p < players:
            continue
        if what == "took":
            out[p].took.append(d["tile"])
        elif what == "treasure_taken":
            out[p].treasures.append(d["tile"])
        elif what == "placed":
            out[p].rats_hidden += d["rats"]
            out[p].rooms_filled += d["rooms"]
        elif what == "passed":
            out[p].passed = True
    return out


# --------------------------------------------------------------------------- the summary

def _kind(events: Sequence[Event], what: str) -> Optional[Event]:
    return next((e for e in events if e.kind == _E + what), None)


def summary(before: State, events: Sequence[Event], after: State, viewer: Optional[int], lang: str,
            earlier: Optional[Sequence[Event]] = None) -> str:
    """HTML summing up the day these events end (and the game, when Vesh arrives), or "" when they end none."""
    ended = _kind(events, "day_ended")
    if ended is None:
        return ""
    day = _day_part(before, events, after, ended, viewer, lang, earlier)
    if after.phase != "over":
        return day
    # the game's end: the final breakdown first (what a table waits for), the last day folded under it
    return (_final_part(after, viewer, lang)
            + f'<details class="tutor-ioc-last-day"><summary>{esc(_w("last_day", lang, day=ended.data["day"]))}'
              f'</summary>{day}</details>')


def _day_part(before: State, events: Sequence[Event], after: State, ended: Event, viewer: Optional[int],
              lang: str, earlier: Optional[Sequence[Event]]) -> str:
    d = ended.data
    n = after.players
    head = f'<h4 data-day="{d["day"]}">{esc(_w("day_over", lang, day=d["day"], days=C.DAYS))}</h4>'
    # how it ended, what goes back to the box, where the ship stands, who starts tomorrow («ПЕРЕБІГ ГРИ» 3)
    why = _w("ended_passed" if d["everyone_passed"] else "ended_taken", lang)
    facts = [why]
    returned = d["returned"]
    if returned:
        facts.append(_n("returned", len(returned), lang, tiles=_names(returned, lang)))
    if d["ship"] > 0:
        facts.append(_n("ship", d["ship"], lang, space=d["ship"]))
        facts.append(_w("next_first", lang, player=player_mid_sentence(after.order[0], lang),
                        last=player_mid_sentence(after.order[-1], lang)))
    else:
        facts.append(_w("ship_hand", lang))
    effects = ("<ul class=\"tutor-events\">" + "".join(f"<li>{esc(f)}</li>" for f in facts[:-1])
               + f"<li>{esc(facts[-1])}{_cite(_R + 'day', lang)}</li></ul>")
    known = day_of_players(n, day_events(earlier, events)) if earlier is not None else None
    # who passed: earlier in the day (the position before), or with this very action
    passed = [before.passed[s] or any(e.kind == _E + "passed" and e.data.get("player") == s for e in events)
              for s in range(n)]
    over = after.phase == "over"
    boats = "".join(_boat_block(s, after, passed[s], viewer, lang, known[s] if known else None, not over)
                    for s in _seats(after, viewer))
    note = "" if over else f'<p class="tutor-cite">{esc(_w("cards_at_end", lang))}</p>'
    return head + effects + boats + note


def _seats(state: State, viewer: Optional[int]) -> list[int]:
    """The viewer's own boat first, then the others in seat order."""
    seats = list(range(state.players))
    if viewer is not None and 0 <= viewer < state.players:
        seats.remove(viewer)
        seats.insert(0, viewer)
    return seats


def _boat_block(seat: int, after: State, passed: bool, viewer: Optional[int], lang: str,
                mine: Optional[DayOfPlayer], points: bool) -> str:
    """One boat at the day's end: what the day brought it (when known) and how it stands now (its points so far,
    unless the final breakdown above says them with the family cards)."""
    placed, boat = after.placed[seat], after.boats[seat]
    now = breakdown(placed, boat, (), None, seat)
    items: list[str] = []
    if mine is not None:
        if mine.took:
            # no citation here: the day's own lines above cite «ПЕРЕБІГ ГРИ»
            items.append(esc(_n("took", len(mine.took), lang, tiles=_names(mine.took, lang))))
        else:
            items.append(esc(_w("took_none", lang)))
        if mine.treasures:
            items.append(esc(_n("from_maps", len(mine.treasures), lang,
                                tiles=_names(mine.treasures, lang))) + _cite(_R + "maps", lang))
        if mine.rats_hidden:
            items.append(esc(_n("rats_hidden", mine.rats_hidden, lang)) + _cite(_R + "rats", lang))
        if mine.rooms_filled:
            items.append(esc(_w("rooms_filled", lang, rooms=", ".join(room_name(r, lang) for r in mine.rooms_filled)))
                         + _cite(_R + "rooms", lang))
    if passed:
        items.append(esc(_w("passed", lang)))
    rats = len(visible_rats(placed, boat))
    rooms = len(unfilled_rooms(placed))
    items.append(esc(_w("standing", lang, rats=rats, rooms=rooms, of=len(C.ROOMS))) + _cite(_R + "scoring", lang))
    fams = families(placed)
    if fams:
        said = "; ".join(_n("family", f.size, lang, colour=map_colour_name(f.colour, lang), points=points_text(f.points, lang)) for f in fams)
        items.append(esc(_w("families", lang, families=said)) + _cite(_R + "families", lang))
    else:
        items.append(esc(_w("no_family", lang, n=C.FAMILY_MIN)) + _cite(_R + "families", lang))
    title = (_w("boat_now", lang, player=_who(seat, viewer, lang), points=points_text(now.total, lang)) if points
             else _who(seat, viewer, lang))
    took = f' data-took="{len(mine.took)}"' if mine is not None else ""
    return (f'<div class="tutor-ioc-boat" data-seat="{seat}" data-points="{now.total}"{took}><p><b>{esc(title)}</b></p>'
            f'<ul class="tutor-events">{"".join(f"<li>{i}</li>" for i in items)}</ul></div>')


def _final_part(after: State, viewer: Optional[int], lang: str) -> str:
    """The final breakdown: the winner(s), what decided a tie, and every boat's score line by line with its rule."""
    table = score(after)             # over: every kept card face up and counted
    won, why = winners_of(after)
    totals = {b.player: b.total for b in table}
    rooms = {s: len(filled_rooms(after.placed[s])) for s in range(after.players)}
    names = ", ".join(player_name(s, lang) for s in won)
    head = f'<h4>{esc(_w("game_over", lang))}</h4>'
    winner = _w("winner" if len(won) == 1 else "winners", lang, players=names, points=points_text(totals[won[0]], lang))
    out = [head, f'<p class="tutor-winners" data-winners="{",".join(map(str, won))}" data-why="{why}">'
                 f'{esc(winner)}</p>']
    if why != "points":
        top = [s for s in range(after.players) if totals[s] == totals[won[0]]]
        filled = ", ".join(_n("rooms_of", rooms[s], lang, player=player_name(s, lang)) for s in top)
        key = "tie_rooms" if why == "rooms" else "tie_shared"
        out.append(f'<p class="tutor-tiebreak">{esc(_w(key, lang, points=points_text(totals[won[0]], lang), rooms=filled))}'
                   f'{_cite(_R + "tie", lang)}</p>')
    # the boats in the order they finished (a tie: the one with more filled rooms first), each line with its rule
    ranked = sorted(range(after.players), key=lambda s: (-totals[s], -rooms[s], s))
    for s in ranked:
        b = table[s]
        rows = "".join(f'<tr data-rule="{esc(line.rule)}"><td>{esc(line.label(lang))}{_cite(line.rule, lang)}</td>'
                       f'<td class="num">{signed(line.points)}</td></tr>' for line in b.lines)
        rows += (f'<tr class="total"><td>{esc(text("core.total", lang))}</td>'
                 f'<td class="num" data-points="{b.total}">{number(b.total)}</td></tr>')
        said = _w("final_of", lang, player=_who(s, viewer, lang), points=points_text(b.total, lang))
        out.append(f'<div class="tutor-ioc-final" data-seat="{s}"><p><b>{esc(said)}</b></p>'
                   f'<table class="tutor-score"><tbody>{rows}</tbody></table></div>')
    return "".join(out)


# --------------------------------------------------------------------------- the live score panel

def own_cards(state: State, seat: int) -> list[tuple[str, int]]:
    """(card, points it would give if the game ended now) for each family card `seat` kept: their own secret,
    counted on their boat; the largest-family card compares with every boat at the table, which all may see."""
    every = [families(p) for p in state.placed]
    return [(c, card_points(c, state.placed[seat], state.boats[seat], every)[0]) for c in state.kept[seat]]


def score_panel(state: State, viewer: Optional[int], lang: str) -> str:
    """Each boat's points so far (visible rats, open rooms, families: all public; the family cards are counted
    only when Vesh arrives, ruling cards-secret) and, for the viewer alone, what their own family cards would add
    now. At the end every card is face up and the totals are the final ones."""
    over = state.phase == "over"
    table = score(state)
    # at the end a column for the cards: the boat's three columns become one, so the table still fits a phone
    heads = ["player", "boat", "cards", "total"] if over else ["player", "families", "rats", "rooms", "total"]
    rows = []
    for s in _seats(state, viewer):
        b = table[s]
        by_rule = {rule: sum(line.points for line in b.lines if line.rule == _R + rule)
                   for rule in ("families", "rats", "rooms", "tasks")}
        if over:
            cells = [by_rule["families"] + by_rule["rats"] + by_rule["rooms"], by_rule["tasks"]]
        else:
            cells = [by_rule["families"], by_rule["rats"], by_rule["rooms"]]
        tds = "".join(f'<td class="num">{number(v)}</td>' for v in cells)
        rows.append(f'<tr data-seat="{s}"><td>{esc(_who(s, viewer, lang))}</td>{tds}'
                    f'<td class="num" data-points="{b.total}"><b>{number(b.total)}</b></td></tr>')
    head = "".join(f"<th>{esc(_w('panel.' + h, lang))}</th>" for h in heads)
    title = _w("panel.final" if over else "panel.title", lang, day=state.day, days=C.DAYS, ship=state.ship)
    out = [f'<p><b>{esc(title)}</b></p>',
           f'<table class="tutor-score"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>']
    if not over and viewer is not None and 0 <= viewer < state.players and state.kept[viewer]:
        mine = own_cards(state, viewer)
        extra = sum(p for _c, p in mine)
        items = "".join(f'<li data-points="{p}">{esc(card_name(c, lang))}: {signed(p)}</li>' for c, p in mine)
        total = table[viewer].total + extra
        out.append(f'<p>{esc(_w("panel.cards_now", lang))}{_cite(_R + "tasks", lang)}</p>'
                   f'<ul class="tutor-events tutor-ioc-cards">{items}</ul>'
                   f'<p data-with-cards="{total}">{esc(_w("panel.with_cards", lang, points=points_text(total, lang)))}</p>')
    elif not over:
        out.append(f'<p class="tutor-cite">{esc(_w("cards_at_end", lang))}</p>')
    return f'<div class="tutor-ioc-panel">{"".join(out)}</div>'


# --------------------------------------------------------------------------- first-game tips

def tips(lang: str) -> list[str]:
    """Four things a club teacher tells a first-time crew; every number from the component data."""
    return [
        _w("tip.rooms", lang, room=points_text(-C.UNFILLED_ROOM_POINTS, lang), rat=points_text(-C.RAT_POINTS, lang)),
        _w("tip.families", lang, n=C.FAMILY_MIN, points=points_text(C.family_points(C.FAMILY_MIN), lang),
           big=points_text(C.FAMILY_POINTS[max(C.FAMILY_POINTS)], lang), size=max(C.FAMILY_POINTS)),
        _w("tip.cards", lang, keep=C.CARDS_KEPT, dealt=C.CARDS_DEALT),
        _w("tip.maps", lang),
        _w("tip.space", lang, days=C.DAYS),
    ]
