"""Aqua Fest drills (tutor.core.drill): endless questions the engine makes and judges.

- best-score (after «What shells are worth»): a dealt collection of fragments and a bonus token; what does it score?
- where-to (after «How the creatures move»): a position from seeded play; where may this card take the pawn? (The
  board rings the card and draws no destination: that is the question.)
- second-card (after «A turn»): the first move of a turn is made, its card face up on the discard pile; which cards
  in hand may make the second, if any?
- who-wins (after «Underwater battles»): two pawns side by side, the attack card in the battle box and the defence
  card ringed in the defender's hand; what happens?
- what-is-taken (after «What is forbidden»): a move of a turn from seeded play; how many fragments does it take?

Every answer comes from the engine: the score from `score`, the cells and cards from `legal_actions`, the battle
from `apply`; the reasons are the engine's own events and score lines, and its refusals for the wrong choices.
"""

from __future__ import annotations

import dataclasses
import hashlib
import functools
import random
from typing import Any, Callable, Optional

from tutor.core.drill import Drill, Option, Question
from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.i18n import player_name, text
from tutor.core.wording import Words
from tutor.games.aqua_fest import board as B
from tutor.games.aqua_fest import bots
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.events import card_played
from tutor.games.aqua_fest.rules import (
    Action, Attack, Defend, Move, State, apply, attackable, destinations, legal_actions, setup, to_move,
)
from tutor.games.aqua_fest.scoring import score
from tutor.games.aqua_fest.text import beside_name, card_name, cell_name, species_name, tile_name
from tutor.games.aqua_fest.ui import card_label


def _key(*parts: object) -> str:
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:20]


def _state_key(state: State) -> tuple[Any, ...]:
    return (state.players, state.sides, state.homes, state.upper, state.lower, state.lower_open, state.pawns,
            state.hands, state.collected, state.turn, state.moves, state.species)


def _cell(i: int) -> str:
    return cell_name(B.coords(i))


def _player(seat: int) -> Callable[[str], str]:
    return lambda lang: player_name(seat, lang)


def _pawn_at(state: State, seat: int) -> Callable[[str], str]:
    """Where the seat's pawn stands, in words: a pawn on its start tile moves from outside the seabed, which the
    board shows but a reader counting from "the cell where the pawn stands" could not find (stop 46)."""
    pawn = state.pawns[seat]
    if pawn is None:
        beside = beside_name(state.sides[seat], state.homes[seat])
        return lambda lang: text("aqua_fest.drill.where.on_start", lang, cell=beside)
    return lambda lang: text("aqua_fest.drill.where.on_cell", lang, cell=_cell(pawn))


def _played(rng: random.Random, players: int, stop: Callable[[State], bool], most: int) -> Optional[State]:
    """Seeded play from a fresh deal (the bots, with a random move now and then) until `stop(state)` holds after
    at least a few actions; None when the game ends or `most` actions pass first."""
    state = setup(players, seed=rng.randrange(1 << 30), place_starts=rng.random() < 0.5)
    bot = random.Random(rng.random())
    least = rng.randrange(most // 2)
    for n in range(most):
        if state.over:
            return None
        if n >= least and stop(state):
            return state
        seat = to_move(state)[0]
        if rng.random() < 0.25:
            action = rng.choice(legal_actions(state, seat))
        else:
            action = bots.choose(state, seat, bot)
        state, _ = apply(state, action)
    return None


def _refusal(state: State, action: Action) -> Optional[RuleViolation]:
    try:
        apply(state, action)
    except RuleViolation as exc:
        return exc
    return None


# --------------------------------------------------------------------------- 1. what do these fragments score?

def _ended(state: State, seat: int) -> State:
    """`state` played out, as the question says ("the game is over"): only corals and the tiles under upper corals
    stay on the seabed, the other fragments went to the other players in turn, every pawn is home. The board then
    shows the game-over header, not a turn with its moves."""
    upper, lower, opened, gone = [], [], [], []
    for up, low in zip(state.upper, state.lower):
        sealed = up is not None and C.tile(up).coral
        keep_low = low is not None and (sealed or C.tile(low).coral)
        gone += [t for t in (None if sealed else up, None if keep_low else low) if t is not None]
        upper.append(up if sealed else None)
        lower.append(low if keep_low else None)
        opened.append(keep_low and not sealed)
    others = [s for s in range(state.players) if s != seat]
    collected = [list(c) for c in state.collected]
    for n, t in enumerate(gone):
        collected[others[n % len(others)]].append(t)
    # the creature cards are put away (into the deck, face down): the question is about fragments, and the cards are
    # taught a part later (tests/test_taught.py)
    cards = state.deck + state.discard + tuple(c for hand in state.hands for c in hand)
    return dataclasses.replace(state, upper=tuple(upper), lower=tuple(lower), lower_open=tuple(opened),
                               collected=tuple(tuple(c) for c in collected), pawns=(None,) * state.players,
                               hands=((),) * state.players, deck=cards, discard=(), turn_start=None, over=True)


def make_best_score(rng: random.Random) -> Optional[Question]:
    """A dealt collection (4 to 8 fragments) and a bonus token: the points the engine scores for it."""
    players = rng.randint(2, 4)
    seat = rng.randrange(players)
    fragments = rng.sample(C.FRAGMENTS, rng.randint(4, 8))
    collected: list[tuple[str, ...]] = [()] * players
    collected[seat] = tuple(fragments)
    state = _ended(setup(players, seed=rng.randrange(1 << 30), collected=collected), seat)
    mine = score(state)[seat]
    right = mine.total
    bonus = state.bonus[seat]
    shells = sum(1 for line in mine.lines if line.key in
                 ("aqua_fest.score.ordinary", "aqua_fest.score.rare", "aqua_fest.score.unique"))
    if shells == 0 and rng.random() < 0.75:       # a collection with no whole shell now and then, not often
        return None
    extras = sum(line.points for line in mine.lines
                 if line.key == "aqua_fest.score.shape" or line.key.startswith("aqua_fest.score.pearl."))
    every_star = sum(C.tile(t).stars for t in fragments) + bonus
    # the slips a counter makes: every fragment's stars (leftovers too), the shape and pearl forgotten, the token
    # forgotten, a unique pearl imagined; then near numbers
    slips = [every_star, right - extras, right - bonus, right + 3, right + 2, right - 2, right + 1, right - 1]
    wrong = []
    for value in slips:
        if value != right and value >= 0 and value not in wrong:
            wrong.append(value)
    values = sorted([right] + wrong[:3])
    options = tuple(Option(str(v), Words("aqua_fest.drill.points", n=v)) for v in values)
    return Question(
        drill="aqua_fest/best-score", key=_key("best-score", tuple(sorted(fragments)), bonus),
        state=state, viewer=seat, highlight=(f"seat:{seat}",),
        prompt=Words("aqua_fest.drill.score.prompt", player=_player(seat), bonus=bonus),
        options=options, answer=frozenset({str(right)}), rule="aqua_fest:shells",
        hint=Words("aqua_fest.drill.score.hint"),
        explain=Words("aqua_fest.drill.score.explain", n=right, shells=Words("aqua_fest.drill.shells", n=shells),
                      bonus=bonus),
        why=(mine,),
        picture=functools.partial(_pile_picture, tuple(fragments), bonus),
    )


def _pile_picture(fragments: tuple[str, ...], bonus: int, lang: str, layout: Optional[str], answered: bool) -> str:
    """The collection as a loose pile sorted by shape (the seabed of an ended game showed nothing it asks about, and
    the fragments were chips in a panel under it); once answered, the best grouping, each shell's points and the sum."""
    from tutor.games.aqua_fest.pile import render_pile
    from tutor.games.aqua_fest.render import render_shells
    if answered:
        return render_shells(fragments, lang, layout=layout, bonus=bonus)
    return render_pile(fragments, lang, layout=layout, bonus=bonus)


# --------------------------------------------------------------------------- 2. where may this card go?

def make_where_to(rng: random.Random) -> Optional[Question]:
    """A position from seeded play, the player to move at the start of a turn and one card of their hand: the
    cells its move may end on (the engine's legal moves), among cells it would reach on an empty seabed and cells
    other creatures reach from there."""
    # (no battle this turn either: the drill comes before battles are taught)
    state = _played(rng, rng.randint(2, 4), lambda s: not s.placing and s.battle is None and s.last_battle is None
                    and s.moves == 0, 60)
    if state is None:
        return None
    seat = state.turn
    hand = sorted(set(state.hands[seat]), key=lambda c: (C.card(c).species, c))
    if not hand:
        return None
    card = rng.choice(hand)
    species = C.card(card).species
    legal = {a.to for a in legal_actions(state, seat) if isinstance(a, Move) and a.card == card}
    if not legal or len(legal) > 6:
        return None
    from tutor.games.aqua_fest.rules import position
    at = position(state, seat)
    free = {d for d, _ in B.reachable(at, C.MOVES[species], lambda i: False)}
    blocked = sorted(free - legal)          # cells the card reaches on an empty seabed, but not here
    if not blocked and rng.random() < 0.7:
        return None
    reached: set[int] = set()
    for other in C.SPECIES:
        if other != species:
            reached.update(destinations(state, seat, f"{other}-1"))
    others = sorted(reached - legal - free)
    rng.shuffle(blocked)
    rng.shuffle(others)
    room = max(2, 8 - len(legal))
    wrong = blocked[:min(len(blocked), room - 1 if others else room)]
    wrong += others[:room - len(wrong)]
    if not wrong:
        return None
    cells = sorted(set(legal) | set(wrong), key=lambda i: _cell(i))
    options = tuple(Option(_cell(i), _cell(i), on_board=f"cell:{i}") for i in cells)
    answer = frozenset(_cell(i) for i in legal)
    why = []
    for to in sorted(legal, key=_cell):
        _, events = apply(state, Move(seat, card, to))
        why += [e for e in events if e.kind == "aqua_fest.moved"]
    refused = []
    for to in sorted(wrong, key=_cell):
        exc = _refusal(state, Move(seat, card, to))
        if exc is not None:
            refused.append((_cell(to), exc))
    def not_there(lang: str) -> list[str]:
        """Why not each wrong cell, cells with the same reason said once ("B2, D1, E1: the crab does not reach
        them from ..."): four sentences alike, a cell apart, taught nothing (a reader)."""
        alike: dict[str, list[str]] = {}
        for name, exc in refused:
            alike.setdefault(exc.reason(lang).replace(name, "\0"), []).append(name)
        return [Words("aqua_fest.drill.where.not", cell=", ".join(names),
                      reason=reason.replace("\0", ", ".join(names))).said(lang) for reason, names in alike.items()]

    explain = lambda lang: " ".join(   # noqa: E731
        [Words("aqua_fest.drill.where.explain" if len(answer) > 1 else "aqua_fest.drill.where.explain_one",
               card=card_name(card, lang), cells=", ".join(sorted(answer))).said(lang)] + not_there(lang))
    # the card is ringed, but where it may go is the question: no dots before the answer ("hide:preview"); "show me
    # why" draws the engine's moves as arrows on the same position
    return Question(
        drill="aqua_fest/where-to", key=_key("where-to", _state_key(state), card),
        state=state, viewer=seat, highlight=(f"seat:{seat}", f"card:{card}", "hide:preview"),
        prompt=Words("aqua_fest.drill.where.prompt", player=_player(seat), player_plain=seat + 1,
                     card=lambda lang: card_label(card, lang), where=_pawn_at(state, seat)),
        options=options, answer=answer, rule="aqua_fest:cards",
        # from a start tile the count starts off the board (a reader was sent to "the cell the pawn stands on")
        # (a crab's hint spoke of the flying fish's leaps, a reader: the leaps only where the card leaps)
        hint=Words(("aqua_fest.drill.where.hint" if state.pawns[seat] is not None else "aqua_fest.drill.where.hint_home")
                   + ("_leap" if C.card(card).move.directions == "knight" else "")),
        explain=explain, why=tuple(why), multi=True,
        after=state, events=tuple(why),
    )


# --------------------------------------------------------------------------- 3. which cards may make the second move?

def make_second_card(rng: random.Random) -> Optional[Question]:
    """A turn whose first move is made (seeded play): which cards of the hand may make a second move now, or none.

    The prompt does not name the first card: it lies face up on top of the discard pile, and the learner reads it
    there. What decides varies: the species of the first card, a card that is always played alone (then no card
    may follow), or a card of the right species whose every move is blocked; the plain species case is asked
    less often than it comes up."""
    # no battle this turn: the drill comes in part 8, before battles are taught (a reader met a battle's result
    # panel there), and after a battle the top of the discard pile would not be the move's card
    state = _played(rng, rng.randint(2, 4), lambda s: s.moves == 1 and s.battle is None and s.last_battle is None
                    and bool(s.discard) and C.card(s.discard[-1]).species == s.species, 80)
    if state is None:
        return None
    seat = state.turn
    hand = state.hands[seat]
    by_label: dict[tuple[str, int], str] = {}                        # one option per card as a player names it (two "crab 3" play alike)
    for c in sorted(hand, key=lambda c: (C.card(c).species, C.card(c).strength, c)):
        by_label.setdefault((C.card(c).species, C.card(c).strength), c)
    cards = list(by_label.values())
    if len(cards) < 3:
        return None
    first = state.species or ""
    playable = {a.card for a in legal_actions(state, seat) if isinstance(a, Move)}
    moving = frozenset(c for c in cards if c in playable)
    same = [c for c in cards if C.card(c).species == first]
    blocked = [c for c in same if c not in moving]
    case = "alone" if state.alone else "blocked" if blocked else "none" if not same else "species"
    if rng.random() < {"species": 0.4, "none": 0.7}.get(case, 0.0):
        return None           # the plain cases come up most in play: ask a played-alone card or a blocked move as well
    answer = moving or frozenset({"none"})
    why = []
    for c in sorted(moving):
        move = next(a for a in legal_actions(state, seat) if isinstance(a, Move) and a.card == c)
        _, events = apply(state, move)
        why += [e for e in events if e.kind in ("aqua_fest.card_played", "aqua_fest.moved")]
    if not why:       # nothing may move: the reasons are the first move, as it was played
        why = [card_played(seat, C.card(state.discard[-1]))]
    other = [c for c in cards if c not in moving and C.card(c).species != first and not state.alone]
    from tutor.games.aqua_fest.rules import position
    at, at_cell = position(state, seat), state.pawns[seat]
    refused: list[RuleViolation] = []          # a card played alone: the one refusal that says why
    closed = [c for c in cards if c not in moving and c not in other and not state.alone]   # right species, no stop
    for c in cards:
        if state.alone and c not in moving:
            exc = _refusal(state, Move(seat, c, next(to for to in range(B.N * B.N) if to != state.pawns[seat])))
            if exc is not None:
                refused.append(exc)
    # the cells such a card would reach on an empty seabed (cards of a species move alike), each with the engine's
    # reason it is closed here: the reason for the card, not the refusal of a cell it never reaches (it said "the
    # octopus cannot reach A1" of an octopus whose every stop was a coral or a pawn)
    free = sorted({d for d, _ in B.reachable(at, C.MOVES[first], lambda i: False)}, key=_cell) if closed else []
    why_not = [(to, exc) for to in free if (exc := _refusal(state, Move(seat, closed[0], to))) is not None]

    def explain(lang: str) -> str:
        said = [Words("aqua_fest.drill.second.explain", card=card_name(state.discard[-1], lang)).said(lang)]
        if other:      # one sentence for every card of another species, not the engine's refusal once per card
            said.append(Words("aqua_fest.drill.second.other", species=species_name(first, lang),
                              cards=", ".join(card_name(c, lang) for c in other)).said(lang))
        said += [exc.reason(lang) for exc in refused]
        if closed:
            said.append(Words("aqua_fest.drill.second.blocked" if why_not else "aqua_fest.drill.second.nowhere",
                              cards=", ".join(card_name(c, lang) for c in closed), species=species_name(first, lang),
                              cell=_cell(at_cell) if at_cell is not None else "?").said(lang))
            said += [Words("aqua_fest.drill.where.not", cell=_cell(to), reason=exc.reason(lang)).said(lang)
                     for to, exc in why_not]
        if not moving:
            said.append(Words("aqua_fest.drill.second.none_why").said(lang))
        return " ".join(dict.fromkeys(said))      # each reason once: two blocked octopuses, one refusal

    options = tuple(Option(c, lambda lang, c=c: card_name(c, lang)) for c in cards) + (
        Option("none", Words("aqua_fest.drill.second.none")),)
    pawn = state.pawns[seat]
    where = _cell(pawn) if pawn is not None else "?"
    return Question(
        drill="aqua_fest/second-card", key=_key("second-card", _state_key(state)),
        # the header's "moves 1 of 1" after a played-alone card would answer the question: left out
        state=state, viewer=seat, highlight=(f"seat:{seat}", "hide:moves"),
        prompt=Words("aqua_fest.drill.second.prompt", player=_player(seat), cell=where),
        options=options, answer=answer, rule="aqua_fest:play",
        hint=Words("aqua_fest.drill.second.hint"), explain=explain, why=tuple(why), multi=True,
    )


# --------------------------------------------------------------------------- 4. who wins this battle?

def make_who_wins(rng: random.Random) -> Optional[Question]:
    """Two pawns side by side on a dealt seabed, each on the face-down lower tile of a cell whose upper fragment its
    player took; the attack card laid and the defence card chosen: what the engine's battle does. The prompt names
    neither card: the board shows the attack card in the battle box and rings the defence card in the defender's
    hand (the teacher's view, every card face up), and the learner reads their strengths there."""
    players = rng.randint(2, 4)
    base = setup(players, seed=rng.randrange(1 << 30))
    free = [i for i, up in enumerate(base.upper) if up is not None and not C.tile(up).coral]
    a_cell = rng.choice(free)
    near = [i for i in free if B.adjacent(B.coords(a_cell), B.coords(i))]
    if not near:
        return None
    d_cell = rng.choice(near)
    attacker, defender = rng.sample(range(players), 2)
    pawns: list[Optional[tuple[int, int]]] = [None] * players
    pawns[attacker], pawns[defender] = B.coords(a_cell), B.coords(d_cell)
    # the fragments each has gathered so far: taken out of the seabed's upper layer, as play would have; a pawn
    # stands where it took the upper fragment, on the face-down tile beneath
    upper = list(base.upper)
    spare = [i for i in free if i not in (a_cell, d_cell)]
    rng.shuffle(spare)
    collected: list[list[str]] = [[] for _ in range(players)]
    for s, i in ((attacker, a_cell), (defender, d_cell)):
        fragment = upper[i]
        assert fragment is not None      # a free cell shows a fragment
        collected[s].append(fragment)
        upper[i] = None
    for s in range(players):
        for _ in range(rng.randint(0, 3)):
            i = spare.pop()
            fragment = upper[i]
            assert fragment is not None      # a free cell shows a fragment, and each is taken once
            collected[s].append(fragment)
            upper[i] = None
    state = setup(players, seed=base.rng, upper=upper, lower=base.lower, hands=base.hands, deck=base.deck,
                  collected=collected, pawns=pawns, first=attacker)
    # the attacker moves now, but player 1 went first: the bonus tokens in seat order, as part 3 hands them out (a
    # reader met player 3 holding token 1 right after "the first player takes token 1")
    state = dataclasses.replace(state, bonus=tuple(C.BONUS_TOKENS[:players]))
    if defender not in attackable(state, attacker):
        return None
    a_card = rng.choice(state.hands[attacker])
    d_card = rng.choice(state.hands[defender])
    sa, sd = C.card(a_card).strength, C.card(d_card).strength
    if abs(sa - sd) > 2 or (C.card(a_card).species == C.card(d_card).species and rng.random() < 0.7):
        return None                        # a close call, and most often two species whose looks may mislead
    laid, events = apply(state, Attack(attacker, defender, a_card))
    after, more = apply(laid, Defend(defender, d_card))
    events = list(events) + list(more)
    kinds = {e.kind: e for e in events}
    if "aqua_fest.battle_tied" in kinds:
        right = "tie"
    else:
        right = "attacker" if kinds["aqua_fest.battle_won"].data["player"] == attacker else "defender"
    options = (Option("attacker", Words("aqua_fest.drill.battle.wins", player=_player(attacker), player_plain=attacker + 1)),
               Option("defender", Words("aqua_fest.drill.battle.wins", player=_player(defender), player_plain=defender + 1)),
               Option("tie", Words("aqua_fest.drill.battle.tie")))
    why = tuple(e for e in events if e.kind in ("aqua_fest.battle_revealed", "aqua_fest.battle_won",
                                                 "aqua_fest.battle_tied"))
    explain = {"tie": Words("aqua_fest.drill.battle.explain_tie", strength=sa),
               "attacker": Words("aqua_fest.drill.battle.explain_won", player=_player(attacker), won=sa, lost=sd,
                                 loser=_player(defender), player_plain=attacker + 1, loser_plain=defender + 1),
               "defender": Words("aqua_fest.drill.battle.explain_won", player=_player(defender), won=sd, lost=sa,
                                 loser=_player(attacker), player_plain=defender + 1, loser_plain=attacker + 1)}[right]
    return Question(
        drill="aqua_fest/who-wins", key=_key("who-wins", _state_key(state), a_card, d_card),
        state=laid, viewer=None,
        highlight=(f"seat:{attacker}", f"seat:{defender}", f"card:{d_card}", "hide:preview"),
        prompt=Words("aqua_fest.drill.battle.prompt", player=_player(attacker), cell=_cell(a_cell),
                     target=_player(defender), target_cell=_cell(d_cell), player_plain=attacker + 1,
                     target_plain=defender + 1),
        options=options, answer=frozenset({right}), rule="aqua_fest:attack",
        hint=Words("aqua_fest.drill.battle.hint"), explain=explain, why=why, after=after, events=tuple(events),
    )


# --------------------------------------------------------------------------- 5. what does this move take?

_TAKE_RULE = {"start": "aqua_fest:forbidden", "empty": "aqua_fest:forbidden", "both": "aqua_fest:cards",
              "coral": "aqua_fest:cards", "one": "aqua_fest:play", "lower": "aqua_fest:play"}


def make_what_is_taken(rng: random.Random) -> Optional[Question]:
    """A turn from seeded play and one legal move of it: how many fragments the engine gives the mover. The moves
    are picked by what decides them (back on the turn's first cell, bare seabed, a turtle's two layers, a plain
    stop), each as likely as the others, so the easy case is not the usual one."""
    state = _played(rng, rng.randint(2, 4), lambda s: s.battle is None and not s.placing and s.moves < 2
                    and not s.alone and not s.attacked, 80)    # (after an attack the pawn may be home, mid-turn)
    if state is None:
        return None
    seat = state.turn
    kinds: dict[str, list[tuple[Move, State, list[Event], int]]] = {}
    for move in legal_actions(state, seat):
        if not isinstance(move, Move):
            continue
        top, below = state.upper[move.to], state.lower[move.to]
        after, events = apply(state, move)
        seen = {e.kind for e in events}
        taken = len(after.collected[seat]) - len(state.collected[seat])
        both = C.card(move.card).move.both_layers
        kind = ("start" if "aqua_fest.start_tile_kept" in seen else "empty" if "aqua_fest.empty_seabed" in seen
                else "both" if taken == 2 else "coral" if both and top is not None and below is not None
                else "one" if top is not None else "lower")
        kinds.setdefault(kind, []).append((move, after, events, taken))
    if not kinds:
        return None
    rarer = sorted(set(kinds) - {"one", "lower"})
    kind = rng.choice(rarer) if rarer and rng.random() < 0.7 else rng.choice(sorted(kinds))
    move, after, events, taken = rng.choice(kinds[kind])
    first = state.turn_start
    start = (lambda lang: Words("aqua_fest.drill.take.home").said(lang)) if first is None else _cell(first)
    pawn = state.pawns[seat]
    # a face-down tile under the one on top decides what a turtle takes, and nobody may look: the question says
    # what it is (for every card, so that naming it does not give the turtle away)
    hidden = state.upper[move.to] is not None and state.lower[move.to] is not None
    beneath = (Words("aqua_fest.drill.take.beneath." + ("coral" if C.tile(state.lower[move.to] or "").coral
                                                         else "fragment"), to=_cell(move.to))
               if hidden and kind != "start" else "")
    if state.moves:
        assert pawn is not None      # a pawn that has moved this turn stands on the seabed
        prompt = Words("aqua_fest.drill.take.prompt2", player=_player(seat), player_plain=seat + 1, start=start,
                       species=lambda lang: species_name(state.species or "", lang), cell=_cell(pawn),
                       card=lambda lang: card_name(move.card, lang), to=_cell(move.to), beneath=beneath)
    else:
        prompt = Words("aqua_fest.drill.take.prompt1", player=_player(seat), player_plain=seat + 1, start=start,
                       card=lambda lang: card_name(move.card, lang), to=_cell(move.to), beneath=beneath)
    options = (Option("0", Words("aqua_fest.drill.take.none")),
               Option("1", Words("aqua_fest.drill.take.fragments", n=1)),
               Option("2", Words("aqua_fest.drill.take.fragments", n=2)))
    why = tuple(e for e in events if e.kind in ("aqua_fest.moved", "aqua_fest.collected", "aqua_fest.start_tile_kept",
                                                 "aqua_fest.empty_seabed"))
    return Question(
        drill="aqua_fest/what-is-taken", key=_key("what-is-taken", _state_key(state), move.card, move.to),
        state=state, viewer=seat, highlight=(f"seat:{seat}", f"card:{move.card}", f"cell:{move.to}"),
        prompt=prompt, options=options, answer=frozenset({str(taken)}), rule=_TAKE_RULE[kind],
        hint=Words("aqua_fest.drill.take.hint"), explain=Words(f"aqua_fest.drill.take.explain.{kind}", cell=_cell(move.to)),
        why=why, after=after, events=tuple(events),
    )


DRILLS = (
    Drill("aqua_fest/best-score", "part-shells", Words("aqua_fest.drill.score.title"), "aqua_fest:shells",
          make_best_score),
    Drill("aqua_fest/where-to", "part-movement", Words("aqua_fest.drill.where.title"), "aqua_fest:cards",
          make_where_to),
    Drill("aqua_fest/second-card", "part-turn", Words("aqua_fest.drill.second.title"), "aqua_fest:play",
          make_second_card),
    Drill("aqua_fest/who-wins", "part-battles", Words("aqua_fest.drill.battle.title"), "aqua_fest:attack",
          make_who_wins),
    Drill("aqua_fest/what-is-taken", "part-forbidden", Words("aqua_fest.drill.take.title"), "aqua_fest:forbidden",
          make_what_is_taken),
)
