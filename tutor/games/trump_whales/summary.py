"""Козырные киты's summaries for the play table (GameUI.summary, issue #34): the trick as it lay once its reward is
taken, the round's score lines and totals, and the game's final breakdown with what decided it.

A trick ends with the winner's pick (the last card only names the winner: the trick stays on the table while the
reward is chosen), so the pick is the action summed up: the trick, and when it was the round's last, the round
(and the game). Everything shown was open to every player at that moment: the trick's cards, pearl piles' sizes,
the bonuses; no card is named by its id (the trick's cards now lie face down in a pearl pile)."""

from __future__ import annotations

import html
from typing import Any, Optional, Sequence

from tutor.core.events import Event
from tutor.core.i18n import player_name, text
from tutor.core.rules import cite
from tutor.core.scoring import ScoreLine
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.render import finished_trick
from tutor.games.trump_whales.rules import State, led_family, seat_of, trick_winner
from tutor.games.trump_whales.scoring import score
from tutor.games.trump_whales.text import card_name, cards_count, family_name, narrate, pearls_text, points_text

_T = "ui.trump_whales.table."
_R = "trump_whales:"


def esc(words: object) -> str:
    return html.escape(str(words), quote=True)


def said(words: str, rule: str, lang: str) -> str:
    """One line of a summary and the rule behind it (data-rule: the section, for the tests)."""
    return (f'<li data-rule="{esc(rule)}">{esc(words)} <span class="tutor-cite">{esc(cite(rule, lang))}</span>'
            f"</li>")


def _events(events: Sequence[Event]) -> dict[str, Event]:
    """The action's events by what they say ("picked", "round_scored", ...); one of each at most per action."""
    return {e.kind.split(".", 1)[1]: e for e in events if e.kind.startswith("trump_whales.")}


BONUS_EVENTS = ("trump_whales.bonus_trump", "trump_whales.bonus_flip", "trump_whales.bonus_plus")


def summary(before: State, events: Sequence[Event], after: State, viewer: Optional[int], lang: str = "en",
            earlier: Sequence[Event] = ()) -> str:
    """HTML summing up what this action ends: a trick (always, when it is the winner's pick), the round (its last
    trick's pick) and the game; "" for any other action. `earlier` (the game's events before this action) gives
    the bonuses played during the trick: a flipped token or a new trump may have decided it."""
    by_kind = _events(events)
    pick = by_kind.get("picked") or by_kind.get("picked_five")
    if pick is None or before.phase != "reward" or len(before.trick) != before.players:
        return ""
    scored, over = by_kind.get("round_scored"), by_kind.get("game_over")
    trick_title = text(_T + "title.trick", lang, n=before.tricks + 1, total=C.TRICKS,
                       player=player_name(pick.data["player"], lang))
    trick_html = _trick(before, by_kind, pick, lang, _bonuses_in_trick(earlier, lang))
    if scored is None:
        return f'<h4>{esc(trick_title)}</h4><div data-part="trick">{trick_html}</div>'
    if over is not None:
        head = text(_T + "title.game", lang, player=player_name(over.data["winners"][0], lang))
    else:
        head = text(_T + "title.round", lang, round=scored.data["round"])
    out = [f"<h4>{esc(head)}</h4>", f'<div data-part="trick"><h5>{esc(trick_title)}</h5>{trick_html}</div>',
           f'<div data-part="round">{_round(scored, by_kind, viewer, lang)}</div>']
    if over is not None:
        out.append(f'<div data-part="game">{_game(after, viewer, lang)}</div>')
    return "".join(out)


# --------------------------------------------------------------------------- the trick

def _bonuses_in_trick(earlier: Sequence[Event], lang: str) -> str:
    """The bonuses played since the trick was led (each narrated with its rule), or "" for none."""
    start = max((i for i, e in enumerate(earlier) if e.kind in ("trump_whales.leads", "trump_whales.leader_chosen",
                                                                 "trump_whales.dealt")), default=-1)
    used = [e for e in earlier[start + 1:] if e.kind in BONUS_EVENTS]
    if not used:
        return ""
    items = "".join(said(narrate(e, lang), e.rule, lang) for e in used)
    return f'<p data-part="bonuses">{esc(text(_T + "bonuses_used", lang))}</p><ul class="tutor-events">{items}</ul>'



def _trick(before: State, by_kind: dict[str, Event], pick: Event, lang: str, bonuses: str = "") -> str:
    """The trick drawn as it lay, the bonuses played during it (a flipped token or a new trump may be why it went as
    it did: told after the winner, they puzzled a reader), what decided it, what the winner took and who leads
    next."""
    n, trick = before.players, before.trick
    winner, card = pick.data["player"], pick.data["card"]
    seats = [seat_of(before, i) for i in range(len(trick))]
    picture = finished_trick(trick, seats, winner, card, lang)
    _seat, why = trick_winner(trick, before.leader, n, before.trump, before.token)
    best = trick[seats.index(winner)]
    who = player_name(winner, lang)
    wins = text(f"trump_whales.wins.{before.token}", lang)
    rule = _R + ("five" if why == "fives" else f"token-{before.token}")
    led = led_family(trick)
    trumps = sum((C.FAMILY[c] or led) == before.trump for c in trick)      # a 5 counts as the led family
    if why == "trump" and trumps == 1:      # the token's side did not matter: say so, not "the highest wins"
        lines = [said(text(_T + "decided.trump_only", lang, player=who, card=card_name(best, lang),
                           trump=family_name(before.trump, lang)), rule, lang)]
    elif why == "trump":
        lines = [said(text(_T + "decided.trump", lang, player=who, card=card_name(best, lang),
                           trump=family_name(before.trump, lang), token=before.token, wins=wins), rule, lang)]
    elif why == "led":
        lines = [said(text(_T + "decided.led", lang, player=who, card=card_name(best, lang), wins=wins,
                           family=family_name(C.FAMILY[best] or led, lang), token=before.token), rule, lang)]
    else:
        lines = [said(text(_T + "decided.fives", lang, player=who), rule, lang)]
    if why != "fives" and C.is_five(best):      # the winning 5 stood for the family it joined («ПЯТЁРКА!»)
        lines.append(said(text(_T + "decided.five_counts", lang, family=family_name(led, lang)),
                          _R + "five", lang))
    owner = pick.data["owner"]
    if pick.kind.endswith("picked_five"):
        lines.append(said(text(_T + "took_five", lang, player=who, owner=player_name(owner, lang),
                               owner_plain=owner + 1, points=points_text(pick.data["points"], lang)),
                          _R + "five-exception", lang))
    else:
        moved = len(pick.data["from_trick"]) + len(pick.data["from_discard"])
        lines.append(said(text(_T + "took", lang, player=who, owner=player_name(owner, lang), owner_plain=owner + 1,
                               card=card_name(card, lang), pearls=pearls_text(pick.data["pearls"], lang),
                               taken=cards_count(moved, lang)), _R + "reward", lang))
        if pick.data.get("noted"):
            lines.append(said(text(_T + "took.noted", lang, points=points_text(pick.data["noted"], lang)),
                              _R + "reward", lang))
        lines.append(said(text(_T + "kept", lang, owner=player_name(owner, lang), owner_plain=owner + 1,
                               card=card_name(card, lang)), _R + "reward", lang))
    if "five_chooses" in by_kind:
        chooser = by_kind["five_chooses"].data["player"]
        lines.append(said(text(_T + "next.five", lang, player=player_name(chooser, lang)), _R + "five-exception",
                          lang))
    elif "leads" in by_kind:
        lines.append(said(text(_T + "next.winner", lang, player=player_name(by_kind["leads"].data["player"], lang)),
                          _R + "next-leader", lang))
    # after the bonuses' list its own words: under "Bonuses played during this trick" the lines that follow read as
    # more bonuses (a reader)
    went = f'<p data-part="decided">{esc(text(_T + "decided_head", lang))}</p>' if bonuses else ""
    return f'<div class="tutor-trick-picture">{picture}</div>{bonuses}{went}<ul>{"".join(lines)}</ul>'


# --------------------------------------------------------------------------- the round

def _head_row(players: int, viewer: Optional[int], lang: str) -> str:
    """The players across the top, by number under one "Players" (four "Player 1" headings were wider than a
    phone), the viewer marked "you"."""
    cells = []
    for s in range(players):
        you = f'<br><small>({esc(text("ui.you", lang))})</small>' if s == viewer else ""
        cells.append(f'<th scope="col" title="{esc(player_name(s, lang))}">{s + 1}{you}</th>')
    return (f'<tr><th rowspan="2"></th><th colspan="{players}" scope="colgroup">{esc(text(_T + "players", lang))}'
            f'</th></tr><tr>{"".join(cells)}</tr>')


def _row(label: str, cells: Sequence[str], rule: str = "", cls: str = "") -> str:
    rule_attr = f' data-rule="{esc(rule)}"' if rule else ""
    cls_attr = f' class="{cls}"' if cls else ""
    return (f'<tr{cls_attr}{rule_attr}><th scope="row">{esc(label)}</th>'
            + "".join(f'<td class="num">{c}</td>' for c in cells) + "</tr>")


def _round(scored: Event, by_kind: dict[str, Event], viewer: Optional[int], lang: str) -> str:
    """The round's score lines per player (pearls; unused bonuses and their pairs), its points and the totals, and
    what comes next: another round, a tie played off, or the end."""
    d = scored.data
    n, rule = len(d["points"]), _R + "round-end"
    rows = [
        _row(text(_T + "round.pearls", lang), [str(p) for p in d["pearls"]], rule),
        _row(text(_T + "round.bonuses", lang), [f"{b} → {b // C.BONUS_PAIR}" for b in d["bonuses"]], rule),
        _row(text(_T + "round.points", lang, round=d["round"]), [f"<b>{p}</b>" for p in d["points"]], rule),
        _row(text(_T + "round.total", lang), [str(t) for t in d["totals"]], _R + "game-end", "total"),
    ]
    table = (f'<h5>{esc(text(_T + "round.title", lang, round=d["round"]))}</h5>'
             f'<div class="tutor-score"><table><thead>{_head_row(n, viewer, lang)}</thead>'
             f'<tbody>{"".join(rows)}</tbody></table></div>')
    lines = [said(text(_T + "round.rule", lang), rule, lang)]
    if "tie" in by_kind:
        tie = by_kind["tie"].data
        lines.append(said(text(_T + "round.tie", lang, players=", ".join(player_name(s, lang) for s in tie["players"]),
                               points=points_text(tie["points"], lang)), _R + "game-end", lang))
    elif "game_over" not in by_kind:
        # the next round's number from the event: the table may hand over the position before the next deal
        lines.append(said(text(_T + "round.next", lang, target=points_text(C.TARGET, lang), round=d["round"] + 1),
                          _R + "game-end", lang))
    return table + f'<ul>{"".join(lines)}</ul>'


# --------------------------------------------------------------------------- the game

def _cells(after: State) -> list[tuple[str, list[str]]]:
    """The final breakdown as rows (the round's number, or "earlier": the points a lesson's position started with;
    its cells per player), from `score`'s lines: a round's points, and under them pearls + pairs."""
    lines = [b.lines for b in score(after)]
    rows: dict[Any, list[list[ScoreLine]]] = {}
    for s, mine in enumerate(lines):
        for line in mine:
            where = dict(line.params).get("round", "earlier")
            rows.setdefault(where, [[] for _ in lines])[s].append(line)
    out = []
    for where, per_seat in rows.items():
        cells = []
        for got in per_seat:
            total = sum(line.points for line in got)
            parts = " + ".join(str(line.points) for line in got)
            cells.append(f"<b>{total}</b><br><small>{parts}</small>" if len(got) > 1 else f"<b>{total}</b>")
        out.append((str(where), cells))
    return out


def _game(after: State, viewer: Optional[int], lang: str) -> str:
    """Each player's rounds (points, and the pearls + pairs they came from) and total, the winner, and what decided
    it: a tie at the end of an earlier round played off, or the highest total at or past the target."""
    n = after.players
    rule = _R + "round-end"
    rows = []
    for where, cells in _cells(after):
        label = (text("trump_whales.score.earlier", lang) if where == "earlier"
                 else text(_T + "round.points", lang, round=where))
        rows.append(_row(label, cells, rule))
    breakdowns = score(after)
    rows.append(_row(text(_T + "round.total", lang), [str(b.total) for b in breakdowns], _R + "game-end", "total"))
    table = (f'<h5>{esc(text(_T + "game.final", lang))}</h5>'
             f'<div class="tutor-score"><table><thead>{_head_row(n, viewer, lang)}</thead>'
             f'<tbody>{"".join(rows)}</tbody></table></div>')
    best = max(after.scores)
    winner = after.scores.index(best)
    who = player_name(winner, lang)
    lines = [said(text(_T + "game.rule", lang), rule, lang),
             said(text(_T + "game.winner", lang, player=who, points=points_text(best, lang)), _R + "game-end", lang)]
    ties = tied_rounds(after)
    for round_no, players, points in ties:
        lines.append(said(text(_T + "game.decided.tie", lang, round=round_no, last=after.round,
                               players=", ".join(player_name(s, lang) for s in players),
                               points=points_text(points, lang)), _R + "game-end", lang))
    if not ties:
        lines.append(said(text(_T + "game.decided.target", lang, player=who, target=points_text(C.TARGET, lang)),
                          _R + "game-end", lang))
    return table + f'<ul>{"".join(lines)}</ul>'


def tied_rounds(state: State) -> list[tuple[int, list[int], int]]:
    """The scored rounds after which someone had reached the target but shared the highest total, so another round
    was played: (round, the tied players, their total). (The round that ends a game is never one: it has one
    leader.)"""
    n = state.players
    totals = [state.scores[s] - sum(row[1 + s] for row in state.history) for s in range(n)]
    out = []
    for row in state.history:
        totals = [totals[s] + row[1 + s] for s in range(n)]
        best = max(totals)
        if best >= C.TARGET and totals.count(best) > 1:
            out.append((row[0], [s for s in range(n) if totals[s] == best], best))
    return out
