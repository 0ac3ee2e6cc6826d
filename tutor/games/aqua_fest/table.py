"""Aqua Fest at the play table (issue #34): a battle and the game's end summed up, the running score panel, the
coach's hints and the first-game tips. Pure functions of the engine's states and events; words from the catalogue
aqua_fest_table (tutor/games/aqua_fest/locale/<lang>/LC_MESSAGES/aqua_fest_table.po).

Aqua Fest has no rounds: the turns go round, but nothing is dealt, scored or revealed when they have. Its moments
are a battle (two cards turned up, a winner, a fragment changing hands, pawns sent home) and the end of the game
(every collection turned up and scored). Those are what `summary` sums up.
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any, Optional, Sequence

from tutor.core.coach import Hint
from tutor.core.events import Event, for_viewer
from tutor.core.i18n import number, player_name, plural, text
from tutor.core.rules import cite
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.render import SPECIES_COLOUR
from tutor.games.aqua_fest.rules import Attack, Move, PlaceStart, State, legal_actions, to_move, top_tile
from tutor.games.aqua_fest.scoring import hand_strength, score, winners
from tutor.games.aqua_fest.sections import RULINGS
from tutor.games.aqua_fest.shells import RARE_BONUS, UNIQUE_BONUS, best_assembly
from tutor.games.aqua_fest.text import cell_name, species_name, tile_name

# When so few fragments are left, the coach says how near the end is before anything else
LAST_FEW = 3


def _said(key: str, lang: str, **params: Any) -> str:
    return text(f"ui.aqua_fest.table.{key}", lang, **params)


def _counted(key: str, n: int, lang: str, **params: Any) -> str:
    return plural(f"ui.aqua_fest.table.{key}", n, lang, **params)


def _e(words: object) -> str:
    return html.escape(str(words), quote=True)


def _cite(rule: str, lang: str) -> str:
    """A rule cited by its heading (every rule named here is one of the game's sections)."""
    return cite(rule, lang)


def _names(seats: Sequence[int], lang: str) -> str:
    """Players named and joined as a sentence joins them ("Player 1 and Player 3")."""
    names = [player_name(s, lang) for s in seats]
    if len(names) < 2:
        return "".join(names)
    return _said("and", lang, first=", ".join(names[:-1]), last=names[-1])


# --------------------------------------------------------------------------- summary

def summary(before: State, events: Sequence[Event], after: State, viewer: Optional[int], lang: str) -> str:
    """The battle or the game these events end, summed up as `viewer` may know it; "" when they end neither."""
    seen = for_viewer(events, viewer)      # the table hands them filtered; filtering again changes nothing
    parts = []
    revealed = next((e for e in seen if e.kind == "aqua_fest.battle_revealed"), None)
    if revealed is not None:
        parts.append(_battle(revealed, seen, lang))
    if after.over and not before.over:
        parts.append(_final(after, lang))
    return "".join(parts)


# numbers right-aligned, a rule's mark small and muted: inline, as the page's sheet is shared by every game
_NUM = ' class="num" style="text-align:right;padding-left:8px"'
_MARK = ' class="tutor-cite" style="font-size:smaller;padding-left:4px"'


def _battle(revealed: Event, events: Sequence[Event], lang: str) -> str:
    """A battle as it ended: both cards and their strengths, who won, the fragment that changed hands (named only
    where the event, as this viewer knows it, names it), who went home."""
    d = revealed.data
    attacker, defender = d["player"], d["target"]
    cards = {attacker: d["attack_card"], defender: d["defence_card"]}
    strengths = {attacker: d["attack"], defender: d["defence"]}
    won = next((e for e in events if e.kind == "aqua_fest.battle_won"), None)
    winner = won.data["player"] if won is not None else None
    rows = []
    for seat, role in ((attacker, "attacker"), (defender, "defender")):
        card = C.card(cards[seat])
        won_it = ' class="winner"' if seat == winner else ""
        rows.append(f'<tr data-seat="{seat}" data-role="{role}"{won_it}>'
                    f"<td>{_e(_said(f'battle.{role}', lang, player=player_name(seat, lang)))}</td>"
                    f"<td>{_e(species_name(card.species, lang))}</td>"
                    f"<td{_NUM}>{strengths[seat]}</td></tr>")
    head = (f"<tr><th></th><th>{_e(_said('battle.head.card', lang))}</th>"
            f"<th>{_e(_said('battle.head.strength', lang))}</th></tr>")
    then = []      # what followed the cards: the prize, the trip home, the discards
    if won is None:
        outcome = _said("battle.tied", lang, strength=strengths[attacker])
    else:
        top, loser = won.data["player"], won.data["loser"]
        names = {"winner": player_name(top, lang), "loser": player_name(loser, lang)}
        outcome = _said("battle.won", lang, winner=names["winner"], high=strengths[top], low=strengths[loser])
        if not won.data.get("took"):
            then.append(_said("battle.prize.none", lang, **names))
        elif won.data.get("tile") is None:       # only the two players know which fragment it was
            then.append(_said("battle.prize.hidden", lang, **names))
        else:
            then.append(_said("battle.prize.named", lang, tile=tile_name(won.data["tile"], lang), **names))
        then.append(_said("battle.home", lang, loser=names["loser"]))
    then.append(_said("battle.discard", lang))
    title = _said("battle.title", lang, attacker=player_name(attacker, lang), defender=player_name(defender, lang))
    items = "".join(f"<li>{_e(x)}</li>" for x in then)
    return (f'<h4 data-moment="battle">{_e(title)}</h4>'
            + _battle_picture(attacker, defender, cards, winner, lang)
            + f'<table class="tutor-summary-battle"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'
            + f'<p class="tutor-summary-outcome" data-winner="{"tie" if winner is None else winner}">'
              f"<strong>{_e(outcome)}</strong></p>"
            + f'<ul class="tutor-summary-then">{items}</ul>'
            + f'<p class="tutor-cite">{_e(_cite("aqua_fest:attack", lang))}</p>')


def _battle_picture(attacker: int, defender: int, cards: dict[int, str], winner: Optional[int], lang: str) -> str:
    """The two battle cards face up, side by side, each with its player's pawn colour and number and its species
    named under it, a sign between them; the winner's card ringed. No card id: the picture is drawn here, not
    spliced from the board."""
    span, w, h, gap, top = 88, 56, 72, 36, 6
    width = 2 * span + gap
    out = []
    for n, seat in enumerate((attacker, defender)):
        card = C.card(cards[seat])
        x = n * (span + gap) + (span - w) / 2
        colour = SPECIES_COLOUR[card.species]
        if seat == winner:
            out.append(f'<rect x="{x - 4}" y="{top - 4}" width="{w + 8}" height="{h + 8}" rx="9" fill="none" '
                       f'stroke="#f2c14e" stroke-width="3"/>')
        out.append(f'<rect x="{x}" y="{top}" width="{w}" height="{h}" rx="6" fill="#fffdf7" stroke="{colour}" '
                   f'stroke-width="3"/>'
                   f'<text x="{x + w / 2}" y="{top + h * 0.66}" font-size="28" font-weight="bold" '
                   f'text-anchor="middle" fill="#1f2933">{card.strength}</text>'
                   f'<circle cx="{x + 11}" cy="{top + 11}" r="8" fill="{C.PAWN_COLOURS[seat]}" stroke="#1f2933"/>'
                   f'<text x="{x + 11}" y="{top + 15}" font-size="11" font-weight="bold" text-anchor="middle" '
                   f'fill="#1f2933">{seat + 1}</text>'
                   f'<text x="{n * (span + gap) + span / 2}" y="{top + h + 17}" font-size="11" text-anchor="middle" '
                   f'fill="#1f2933">{_e(species_name(card.species, lang))}</text>')
    sa, sd = C.card(cards[attacker]).strength, C.card(cards[defender]).strength
    sign = ">" if sa > sd else "<" if sa < sd else "="
    out.append(f'<text x="{span + gap / 2}" y="{top + h * 0.62}" font-size="26" font-weight="bold" '
               f'text-anchor="middle" fill="#1f2933">{_e(sign)}</text>')
    label = _said("battle.picture", lang, attacker=player_name(attacker, lang), defender=player_name(defender, lang),
                  a=sa, d=sd)
    height = top + h + 22
    return (f'<svg class="tutor-summary-picture" role="img" aria-label="{_e(label)}" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">{"".join(out)}</svg>')


def _ranked(state: State) -> list[int]:
    """Seats best first: the winners, then by points, then by the strength left in hand (the tie-break)."""
    totals = {b.player: b.total for b in score(state)}
    first = set(winners(state))
    return sorted(range(state.players), key=lambda s: (s not in first, -totals[s], -hand_strength(state, s), s))


def _final(state: State, lang: str) -> str:
    """The final breakdown: every player's score lines with the rule of each (a numbered mark, the rules listed
    under the table), the winners, and the tie-break when it decided. At the end every collection is turned up and
    counted, so all of it may be shown."""
    breakdowns = {b.player: b for b in score(state)}
    won = winners(state)
    notes: dict[str, int] = {}
    rows = []
    for seat in _ranked(state):
        b = breakdowns[seat]
        crown = " ★" if seat in won else ""
        rows.append(f'<tr class="player" data-seat="{seat}" data-total="{b.total}"><th colspan="3" '
                    f'style="text-align:left;padding-top:6px">{_e(player_name(seat, lang) + crown)}</th></tr>')
        for line in b.lines:
            mark = notes.setdefault(line.rule, len(notes) + 1)
            rows.append(f'<tr class="line" data-seat="{seat}" data-rule="{_e(line.rule)}">'
                        f"<td>{_e(line.label(lang).strip())}</td><td{_NUM}>{number(line.points)}</td>"
                        f"<td{_MARK}>{mark}</td></tr>")
        if not b.lines:
            rows.append(f'<tr class="line" data-seat="{seat}"><td>{_e(_said("end.nothing", lang))}</td>'
                        f"<td{_NUM}>0</td><td></td></tr>")
        rows.append(f'<tr class="total" data-seat="{seat}"><td><strong>{_e(_said("end.total", lang))}</strong></td>'
                    f"<td{_NUM}><strong>{number(b.total)}</strong></td><td></td></tr>")
    foot = "".join(f"<li>{_e(_cite(rule, lang))}</li>" for rule in notes)      # numbered as the marks are
    names = _names(won, lang)
    head = _said("end.winner", lang, players=names) if len(won) == 1 else _said("end.winners", lang, players=names)
    decided = _decided(state, won, lang)
    left = " ".join(_left_at_end(state, lang))
    return (f'<h4 data-moment="end">{_e(_said("end.title", lang))}</h4>'
            f'<p class="tutor-summary-left">{_e(left)} <span class="tutor-cite">({_e(_cite("aqua_fest:end", lang))})'
            f'</span></p>'
            f'<p class="tutor-summary-winners" data-winners="{",".join(map(str, won))}"><strong>{_e(head)}</strong></p>'
            + decided
            + f'<table class="tutor-summary-score"><tbody>{"".join(rows)}</tbody></table>'
            + f'<ol class="tutor-summary-rules tutor-cite">{foot}</ol>')


def _left_at_end(state: State, lang: str) -> list[str]:
    """What the seabed still holds when the game ends, in words: by «Конец игры и подсчёт баллов» only corals and
    the tiles under them. A face-down tile under a pawn is one of those: the game ends when no fragment is left to
    take, so it is a coral (it read "every fragment is turned up" while one lay face down under a pawn)."""
    said = [_said("end.left", lang)]
    for seat, at in enumerate(state.pawns):
        if at is not None and state.upper[at] is None and state.lower[at] is not None and not state.lower_open[at]:
            said.append(_said("end.under_pawn", lang, player=player_name(seat, lang), player_plain=seat + 1,
                              cell=cell_name(B.coords(at))))
    return said


def _decided(state: State, won: list[int], lang: str) -> str:
    """What decided the winner when the points did not: the strength left in hand (the rulebook's tie-break), or,
    level on that too, a shared victory (the tutor's ruling aqua_fest/tie). "" when the points decided."""
    totals = {b.player: b.total for b in score(state)}
    best = max(totals.values())
    level = [s for s in range(state.players) if totals[s] == best]
    if len(level) < 2:
        return ""
    points = _counted("points", best, lang)
    strengths = ", ".join(f"{player_name(s, lang)}: {hand_strength(state, s)}" for s in level)
    if len(won) == 1:
        said = _said("end.tiebreak", lang, players=_names(level, lang), points=points, strengths=strengths,
                     winner=player_name(won[0], lang))
        rule, kind = _cite("aqua_fest:end", lang), "hand-strength"
    else:
        said = _said("end.shared", lang, players=_names(won, lang), points=points,
                     strength=hand_strength(state, won[0]))
        rule, kind = next(r for r in RULINGS if r.id == "aqua_fest/tie").say(lang), "shared"
    return (f'<p class="tutor-summary-tiebreak" data-tiebreak="{kind}">{_e(said)} '
            f'<span class="tutor-cite">({_e(rule)})</span></p>')


# --------------------------------------------------------------------------- score panel

def score_panel(state: State, viewer: Optional[int], lang: str) -> str:
    """Each player's fragments and bonus token (open to all), the viewer's own points now (their fragments are
    theirs to count), the others' points once the game is over and every collection is turned up."""
    over = state.over
    totals = {b.player: b.total for b in score(state)}
    won = set(winners(state)) if over else set()
    rows = []
    for seat in range(state.players):
        mine = viewer is None or seat == viewer
        name = player_name(seat, lang)
        if viewer is not None and seat == viewer:
            name = _said("panel.you", lang, player=name)
        if seat in won:
            name += " ★"
        if mine or over:
            points = f'<td{_NUM} data-points="{totals[seat]}">{number(totals[seat])}</td>'
        else:
            points = f'<td{_NUM} title="{_e(_said("panel.hidden", lang))}">?</td>'
        you = ' class="you"' if viewer == seat else ""
        rows.append(f'<tr data-seat="{seat}"{you}><td>{_e(name)}</td>'
                    f'<td{_NUM} data-fragments="{len(state.collected[seat])}">{len(state.collected[seat])}</td>'
                    f'<td{_NUM} data-bonus="{state.bonus[seat]}">+{state.bonus[seat]}</td>{points}</tr>')
    head = "".join(f"<th>{_e(_said(f'panel.head.{k}', lang))}</th>"
                   for k in ("player", "fragments", "bonus", "points"))
    # (at the end: the final score, not "so far", a reader)
    title = _said("panel.title_over" if over else "panel.title", lang)
    out = [f'<table class="tutor-score-panel"><caption>{_e(title)}</caption>'
           f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"]
    if viewer is not None and not over:
        out.append(f'<p class="tutor-score-mine" data-seat="{viewer}">{_e(_mine(state, viewer, lang))}</p>')
        out.append(f'<p class="tutor-score-hand" data-strength="{hand_strength(state, viewer)}">'
                   f'{_e(_said("panel.strength", lang, n=hand_strength(state, viewer)))}</p>')
    note = " ".join([_said("panel.over", lang), *_left_at_end(state, lang)]) if over else _said("panel.note", lang)
    out.append(f'<p class="tutor-score-note">{_e(note)} <span class="tutor-cite">'
               f'({_e(_cite("aqua_fest:end" if over else "aqua_fest:play", lang))})</span></p>')
    return "".join(out)


def _mine(state: State, seat: int, lang: str) -> str:
    """What `seat`'s own fragments make now: whole shells and their points, the loose ones, the total with the
    bonus token."""
    frags = state.collected[seat]
    best = best_assembly(frags)
    total = best.points + state.bonus[seat]
    if not frags:
        return _said("panel.none", lang, total=_counted("points", total, lang))
    if not best.shells:
        return _said("panel.no_shell", lang, fragments=_counted("fragments", len(frags), lang),
                     total=_counted("points", total, lang))
    said = _said("panel.shells", lang, fragments=_counted("fragments", len(frags), lang),
                 shells=_counted("shells", len(best.shells), lang), points=_counted("points", best.points, lang),
                 total=_counted("points", total, lang))
    if best.unused:
        said += " " + _counted("panel.loose", len(best.unused), lang)
    return said


# --------------------------------------------------------------------------- coach

def coach(state: State, seat: int, lang: str) -> list[Hint]:
    """Hints for `seat`, whose move it is, most useful first: facts of the position from what that seat may know
    (its hand and fragments, the seabed's face-up tiles, the pawns) and what the rules allow now."""
    if state.over or seat not in to_move(state):
        return []
    legal = legal_actions(state, seat)
    if state.placing:
        return [_place_start(legal, lang), *_hand(state, seat, lang)]
    if state.battle is not None:
        return [_defend(state, seat, lang), _at_stake(state, seat, lang)]
    hints: list[Hint] = []
    if not state.hands[seat] and not state.moves and not state.attacked:
        hints.append(Hint("no-cards", _said("coach.no_cards", lang), "aqua_fest:play", {"hand": 0, "moves": 0}))
    moves = [a for a in legal if isinstance(a, Move)]
    if state.moves:
        hints.append(_second_move(state, seat, legal, lang))
    elif state.attacked:      # ruling attack-then-draw: after an attack the turn goes on, or ends with one card
        hints.append(Hint("after-attack", _said("coach.after_attack" if moves else "coach.after_attack_stuck", lang),
                          "aqua_fest:attack", {"draw_two": False, "can_move": bool(moves)}))
    seabed = _seabed(state)
    if seabed[0] <= LAST_FEW:
        hints.append(_left(*seabed, lang))
    if moves:
        hints.append(_fragments_in_reach(state, seat, moves, lang))
    elif state.hands[seat] and not state.moves and not state.attacked:
        hints.append(Hint("no-move", _said("coach.no_move", lang), "aqua_fest:play", {"moves": 0}))
    targets = sorted({a.target for a in legal if isinstance(a, Attack)})
    if targets:
        strongest = max(C.card(c).strength for c in state.hands[seat])
        key = "coach.attack_one" if len(targets) == 1 else "coach.attack_many"
        hints.append(Hint("attack", _said(key, lang, targets=_names(targets, lang), strongest=strongest),
                          "aqua_fest:battles", {"targets": targets, "strongest": strongest}))
    hints += _hand(state, seat, lang)
    hints.append(_shells(state, seat, lang))
    if seabed[0] > LAST_FEW:
        hints.append(_left(*seabed, lang))
    return hints


def _place_start(legal: list[Any], lang: str) -> Hint:
    places = sum(1 for a in legal if isinstance(a, PlaceStart))
    return Hint("place-start", _said("coach.place_start", lang, n=places), "aqua_fest:goal", {"places": places})


def _defend(state: State, seat: int, lang: str) -> Hint:
    assert state.battle is not None       # the coach asks this while a battle waits for `seat`'s card
    attacker = state.battle[0]
    best = max(state.hands[seat], key=lambda c: (C.card(c).strength, c))
    strongest = C.card(best).strength
    return Hint("defend", _said("coach.defend", lang, attacker=player_name(attacker, lang), strongest=strongest,
                                species=species_name(C.card(best).species, lang)),
                "aqua_fest:attack", {"attacker": attacker, "strongest": strongest})


def _at_stake(state: State, seat: int, lang: str) -> Hint:
    n = len(state.collected[seat])
    if n:
        words = _said("coach.at_stake", lang, fragments=_counted("fragments", n, lang))
    else:
        words = _said("coach.nothing_at_stake", lang)
    return Hint("at-stake", words, "aqua_fest:attack", {"fragments": n})


def _second_move(state: State, seat: int, legal: list[Any], lang: str) -> Hint:
    species = state.species or ""
    name = species_name(species, lang)
    if state.alone:
        return Hint("alone", _said("coach.alone", lang, species=name), "aqua_fest:play",
                    {"species": species, "second_move": False})
    if state.moves >= 2:
        return Hint("turn-done", _said("coach.two_moves", lang), "aqua_fest:play",
                    {"moves": 2, "second_move": False})
    same = sum(1 for c in state.hands[seat] if C.card(c).species == species)
    stops = len({a.to for a in legal if isinstance(a, Move)})
    if not same:
        key = "coach.no_second"
    elif not stops:
        key = "coach.second_blocked"
    else:
        key = "coach.second"
    return Hint("second-move", _said(key, lang, species=name, cards=_counted("cards", same, lang)),
                "aqua_fest:play", {"species": species, "same": same, "destinations": stops})


def _seabed(state: State) -> tuple[int, int]:
    """What anyone can count on the seabed: the fragments face up, and the face-down tiles that may be fragments
    (under an upper fragment or a pawn; a tile sealed under a coral never counts). How many fragments are left in
    all is not known to the players: a face-down tile may be a coral."""
    up = down = 0
    for i in range(C.SIZE * C.SIZE):
        top, above = top_tile(state, i), state.upper[i]
        if top is not None and not C.tile(top).coral:
            up += 1
        if state.lower[i] is not None and not state.lower_open[i] and (above is None or not C.tile(above).coral):
            down += 1
    return up, down


def _left(face_up: int, face_down: int, lang: str) -> Hint:
    if face_down:
        words = _counted("coach.left_hidden", face_up, lang, hidden=_counted("tiles_down", face_down, lang))
    else:
        words = _counted("coach.left", face_up, lang)
    return Hint("left", words, "aqua_fest:end", {"face_up": face_up, "face_down": face_down})


def _fragments_in_reach(state: State, seat: int, moves: list[Move], lang: str) -> Hint:
    """The face-up fragments the seat's cards can stop on now: the one that would add most to its shells, or, when
    none would add anything, how many there are and the most stars among them. (A turtle also takes the tile
    beneath, face down: nobody knows it, so it never counts here.)"""
    frags = state.collected[seat]
    now = best_assembly(frags).points
    shown: dict[int, str] = {}            # cell -> the face-up fragment a move there takes
    reach: dict[int, set[str]] = {}       # cell -> the species that can stop there
    for a in moves:
        top = top_tile(state, a.to)
        if a.to != state.turn_start and top is not None and not C.tile(top).coral:
            shown[a.to] = top
            reach.setdefault(a.to, set()).add(C.card(a.card).species)
    if not reach:
        return Hint("reach", _said("coach.reach_none", lang), "aqua_fest:play", {"fragments": 0})
    gains = {cell: best_assembly(frags + (tile,)).points - now for cell, tile in shown.items()}
    cell = max(sorted(reach), key=lambda i: (gains[i], C.tile(shown[i]).stars))
    tile = shown[cell]
    name = cell_name(divmod(cell, C.SIZE))
    by = ", ".join(species_name(s, lang) for s in C.SPECIES if s in reach[cell])
    stars = C.tile(tile).stars
    if gains[cell] > 0:
        then = now + gains[cell]
        words = _said("coach.complete", lang, tile=tile_name(tile, lang), cell=name, by=by,
                      before=_counted("points", now, lang), after=_counted("points", then, lang))
        return Hint("complete", words, "aqua_fest:shells",
                    {"cell": name, "stars": stars, "gain": gains[cell], "points_now": now, "points_then": then})
    words = _said("coach.reach", lang, fragments=_counted("fragments", len(reach), lang), stars="★" * stars,
                  cell=name, by=by)
    return Hint("reach", words, "aqua_fest:play", {"fragments": len(reach), "most_stars": stars, "cell": name})


def _hand(state: State, seat: int, lang: str) -> list[Hint]:
    """The cards in hand by species, with how each species moves (the component table's moves)."""
    from tutor.games.aqua_fest.ui import move_words
    counts = Counter(C.card(c).species for c in state.hands[seat])
    if not counts:
        return []
    said = "; ".join(_said("coach.hand_species", lang, count=counts[s], species=species_name(s, lang),
                           move=move_words(s, lang)) for s in C.SPECIES if s in counts)
    return [Hint("hand", _said("coach.hand", lang, cards=said), "aqua_fest:cards",
                 {"species": dict(counts), "reach": {s: C.MOVES[s].reach for s in counts}})]


def _shells(state: State, seat: int, lang: str) -> Hint:
    frags = state.collected[seat]
    best = best_assembly(frags)
    facts = {"fragments": len(frags), "shells": len(best.shells), "points": best.points,
             "bonus": state.bonus[seat], "unused": len(best.unused)}
    if not frags:
        words = _said("coach.shells_empty", lang, rare=RARE_BONUS, pearl=UNIQUE_BONUS)
    elif not best.shells:
        words = _said("coach.shells_none", lang, fragments=_counted("fragments", len(frags), lang),
                      rare=RARE_BONUS, pearl=UNIQUE_BONUS)
    else:
        words = _said("coach.shells", lang, shells=_counted("shells", len(best.shells), lang),
                      points=_counted("points", best.points, lang), bonus=state.bonus[seat],
                      total=_counted("points", best.points + state.bonus[seat], lang))
    return Hint("shells", words, "aqua_fest:scoring", facts)


# --------------------------------------------------------------------------- first-game tips

TIPS = ("whole", "lower", "pairs", "battles", "draw")


def tips(lang: str) -> list[str]:
    """Five things a club teacher tells a newcomer before a first game of Aqua Fest."""
    hand = _counted("cards", C.HAND_SIZE, lang)
    return [_said(f"tip.{name}", lang, rare=RARE_BONUS, pearl=UNIQUE_BONUS, hand=hand) for name in TIPS]
