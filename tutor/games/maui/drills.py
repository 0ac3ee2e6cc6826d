"""Мяури drills (issue #23): endless questions on fresh positions, made and judged by the engine.

Each generator deals a table of 3 to 6 divers, plays seeded random rounds with the engine (legal_actions, apply)
to a round of its choosing, then asks about the round at hand. The answer is what the engine does: the catches
it hands out, the tie it settles, the pile it leaves (`stages`, `score`); nothing here re-states a rule. Texts are
catalogue words (maui.drill.*), said in the reader's language; cards are named by number or by text.card_name.

    who-takes       the cards are up: who takes the deep, the middle, the shallows, who catches nothing?
    kiti-decides    the same with a tie: whom does Kiti give it to?
    win-the-cell    the others' cards are known: which of your cards takes the cell you want? (pick all)
    pile-worth      a seagull or a jellyfish comes your way: what is your pile worth after the round?
    no-fights       no Kiti: who takes a cell divers tie for, or the next one (nobody, or the next card in line)?

Every question but win-the-cell draws the hands shut ("hands:shut", their counts only): the viewer's twelve cards
drawn big under the lagoon were a phone's screen that played no part in the answer (a reader).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Callable, Iterable, Optional, Union

from tutor.core.drill import Drill, Option, Question
from tutor.core.events import Event
from tutor.core.i18n import number, player_name
from tutor.core.wording import Words, joined
from tutor.games.maui import components as C
from tutor.games.maui.rules import NO_FIGHTS, Dive, State, apply, dispute_order, legal_actions, setup, stages
from tutor.games.maui.scoring import score
from tutor.games.maui.text import card_name

_DEPTH_RULE = {"deep": "maui:deep", "middle": "maui:middle", "shallow": "maui:shallow"}
_HAND = {"deep": "right", "middle": "right", "shallow": "left"}


# --------------------------------------------------------------------------- positions

# the plain fish (the box's table, part 2): a drill shown before part 10 teaches the lantern fish, the jellyfish and
# the seagull deals only these, so it shows nothing the reader has not met (lessons/maui/taught.yaml, `drills:`)
PLAIN_FISH = tuple(c for c in C.ALL_CATCH if C.kind(c) in ("catfish", "tiger", "tuna"))


def _table(rng: random.Random, first: int, last: int, variant: tuple[str, ...] = (),
           cards: Optional[tuple[str, ...]] = None) -> State:
    """A game of 3 to 6 divers played at random, by the engine's own moves, to the start of a round in
    first..last (Kiti starts anywhere). `cards`: the only catch cards dealt (shuffled), the rounds then cut to
    those it can fill."""
    players = rng.randint(C.MIN_PLAYERS, C.MAX_PLAYERS)
    deck = None
    if cards is not None:
        deck = list(cards)
        rng.shuffle(deck)
        last = min(last, len(deck) // len(C.DEPTHS))
    state = setup(players, seed=rng.randrange(1 << 30), kiti=rng.randrange(players), variant=variant, deck=deck)
    target = rng.randint(first, last)
    while state.round < target:
        for seat in range(players):
            state, _ = apply(state, rng.choice(legal_actions(state, seat)))
        while state.pending:                      # three jellyfish: keep or throw back, at random
            seat = state.pending[0]
            state, _ = apply(state, rng.choice(legal_actions(state, seat)))
    return state


def _laid(state: State, cards: dict[int, int]) -> State:
    """`state` once the seats of `cards` (seat -> number) have laid their dive cards face down."""
    for seat, card in cards.items():
        state, _ = apply(state, Dive(seat, card))
    return state


def _round(state: State, cards: list[int]) -> tuple[State, State, list[Event]]:
    """Every seat lays its card: (the position with the cards turned up, the round's outcome before the next
    deal, the events up to it). The last dive resolves the round; `stages` cuts it where a table pauses."""
    last = len(cards) - 1
    before = _laid(state, {s: c for s, c in enumerate(cards) if s != last})
    cut = stages(before, Dive(last, cards[last]))
    reveal = next(position for name, position, _ in cut if name == "reveal")
    ended = len(cut) > 1 and cut[-1][0] == "done" and cut[-1][1].round != state.round
    shown = cut[-2][1] if ended else cut[-1][1]
    told = [e for _, _, more in (cut[:-1] if ended else cut) for e in more]
    return reveal, shown, told


def _key(state: State, *more: object) -> str:
    return "/".join(map(str, (state.players, state.round, state.kiti, state.lagoon, state.face_down, state.hands,
                              state.piles) + more))


def _player(seat: int) -> Callable[[str], str]:
    """"Player 3", «Игрок 3»: a seat as people count it, said in the reader's language."""
    return partial(player_name, seat)


def _players(seats: Iterable[int]) -> tuple[Option, ...]:
    return tuple(Option(f"p{s + 1}", _player(s)) for s in seats)


def _points(value: int) -> Words:
    """"12 points", "−5 points", «−21 очко»: the plural form follows the number without its sign."""
    return Words("maui.drill.points", n=abs(value), value=number(value))


def _kiti(state: State) -> Words:
    assert state.kiti is not None, "the drills play with Kiti (no no-fights variant)"
    left = dispute_order(state, "left")[0]
    return Words("maui.drill.kiti_hands", right=state.kiti + 1, left=left + 1)


def _cards(cards: Union[dict[int, int], list[int]]) -> object:
    """"player 1: 9, player 2: 4", «у игрока 1 — 9, у игрока 2 — 4»: the dive cards of the seats (a list by seat, or
    a mapping seat -> card)."""
    laid = sorted(cards.items()) if isinstance(cards, dict) else list(enumerate(cards))
    return joined([Words("maui.drill.laid", p=s + 1, card=c) for s, c in laid], sep=", ")


def _tied(rng: random.Random, state: State) -> Optional[list[int]]:
    """A dive card for every seat, two or three of them equal (a number those seats all still hold)."""
    held: dict[int, list[int]] = {}
    for s in range(state.players):
        for c in state.hands[s]:
            held.setdefault(c, []).append(s)
    shared = [c for c, seats in held.items() if len(seats) >= 2]
    if not shared:
        return None
    tie = rng.choice(sorted(shared))
    tied = rng.sample(held[tie], rng.randint(2, min(3, len(held[tie]))))
    return [tie if s in tied else rng.choice(state.hands[s]) for s in range(state.players)]


def _tied_cards(event: Event) -> Words:
    """"two 1s", «две единицы»: the equal cards of a tie event, by number and count."""
    k = len(event.data["players"])
    return Words(f"maui.drill.tied.{event.data['card']}", n=k, count=Words(f"maui.drill.count.{k}"))


def _caught(events: Iterable[Event], depth: str) -> Optional[int]:
    for e in events:
        if e.kind == "maui.catch" and e.data["depth"] == depth:
            taker: int = e.data["player"]
            return taker
    return None


_TELLING = ("maui.catch", "maui.dispute", "maui.empty_handed", "maui.seagull_ate", "maui.seagull_hungry")


# --------------------------------------------------------------------------- who takes which cell

def _who_takes_answer(told: list[Event], ask: str) -> Optional[int]:
    """The seat that answers `ask` in a round's events: the taker of a depth, or the one diver left empty-handed."""
    if ask == "nothing":
        empty: list[int] = [e.data["player"] for e in told if e.kind == "maui.empty_handed"]
        return empty[0] if len(empty) == 1 else None
    return _caught(told, ask)


def _who_takes(rng: random.Random) -> Optional[Question]:
    state = _table(rng, 1, 11, cards=PLAIN_FISH)
    n = state.players
    # no two equal cards: this is part 5's drill, and what becomes of a tie's loser (on to the next depth) is taught
    # only in part 7 with Kiti (a reader was asked who catches nothing after a tie of two 10s, stop 46); the middle
    # and "who catches nothing" keep it from being too easy (issue #23)
    # each seat a card of its own hand that no other seat lays (values common to every hand ran out in late rounds
    # of six players, and a question could not be made)
    cards: list[int] = []
    for s in range(n):
        free = [c for c in state.hands[s] if c not in cards]
        if not free:
            return None
        cards.append(rng.choice(free))
    reveal, shown, told = _round(state, cards)
    # the middle and "who catches nothing" take more thought than the highest and the lowest card: asked more
    ask = rng.choice(("deep", "middle", "middle", "shallow", "nothing", "nothing"))
    seat = _who_takes_answer(told, ask)
    if seat is None:
        return None
    explain: object
    if ask == "nothing":
        rule = "maui:play"
        prompt = Words("maui.drill.who_takes.nothing", cards=_cards(cards))
        explain = Words("maui.drill.who_takes.explain.nothing", p=seat + 1, card=cards[seat])
    else:
        rule = _DEPTH_RULE[ask]
        prompt = Words("maui.drill.who_takes", cards=_cards(cards), depth=Words(f"maui.depth.{ask}.from"))
        deep = _caught(told, "deep")
        explain = Words(f"maui.drill.who_takes.explain.{ask}", p=seat + 1, card=cards[seat],
                        deep=cards[deep] if deep is not None else "")
    viewer = rng.randrange(n)
    return Question(
        drill="maui/who-takes", key=_key(state, cards, ask), state=reveal, viewer=viewer,
        prompt=joined([Words("maui.drill.you_are", p=viewer + 1), prompt], sep=" "),
        options=_players(range(n)), answer=frozenset({f"p{seat + 1}"}), rule=rule,
        hint=Words(f"maui.drill.who_takes.hint.{ask}"), explain=explain,
        # not how Kiti settled a tie: she is taught two parts later, and this question's answer never rests on her
        # (a reader met "player 1 is nearer Kiti's right hand" in part 5's "why")
        why=tuple(e for e in told if e.kind in _TELLING and e.kind != "maui.dispute"), after=shown,
        events=tuple(told), highlight=("hands:shut",) if ask == "nothing" else (f"cell:{ask}", "hands:shut"))


WHO_TAKES = Drill("maui/who-takes", "part-depths", Words("maui.drill.who_takes.title"), "maui:play", _who_takes)


# --------------------------------------------------------------------------- Kiti settles a tie

def _kiti_decides(rng: random.Random) -> Optional[Question]:
    state = _table(rng, 1, 11, cards=PLAIN_FISH)
    n = state.players
    cards = _tied(rng, state)
    if cards is None:
        return None
    reveal, shown, told = _round(state, cards)
    disputes = {e.data["depth"]: e for e in told if e.kind == "maui.dispute"}
    if not disputes:
        return None
    asks = list(disputes)
    # the loser of a tie for the deep is still in: alone with the highest card left, the middle is theirs
    if "deep" in disputes and "middle" not in disputes and _caught(told, "middle") in disputes["deep"].data["players"]:
        asks.append("middle")
    ask = rng.choice(asks)
    seat = _caught(told, ask)
    if seat is None:
        return None
    if ask in disputes:
        d = disputes[ask]
        order = [s + 1 for s in dispute_order(state, _HAND[ask])]
        explain = Words(f"maui.drill.kiti.explain.{_HAND[ask]}", tied=_tied_cards(d),
                        depth=Words(f"maui.depth.{ask}.acc"), order=", ".join(map(str, order)), p=seat + 1)
    else:
        explain = Words("maui.drill.kiti.explain.loser", p=seat + 1, card=cards[seat])
    return Question(
        drill="maui/kiti-decides", key=_key(state, cards, ask), state=reveal, viewer=rng.randrange(n),
        prompt=joined([_kiti(state), Words("maui.drill.who_takes", cards=_cards(cards),
                                           depth=Words(f"maui.depth.{ask}.from"))], sep=" "),
        options=_players(range(n)), answer=frozenset({f"p{seat + 1}"}), rule="maui:disputes",
        hint=Words(f"maui.drill.kiti.hint.{ask}"), explain=explain,
        why=tuple(e for e in told if e.kind in _TELLING), after=shown, events=tuple(told),
        highlight=(f"cell:{ask}", "kiti", "hands:shut"))


KITI_DECIDES = Drill("maui/kiti-decides", "part-disputes", Words("maui.drill.kiti.title"), "maui:disputes",
                     _kiti_decides)


# --------------------------------------------------------------------------- which card wins the cell you want

def _win_the_cell(rng: random.Random) -> Optional[Question]:
    state = _table(rng, 4, 10, cards=PLAIN_FISH)
    n = state.players
    me = rng.randrange(n)
    others = {s: rng.choice(state.hands[s]) for s in range(n) if s != me}
    before = _laid(state, others)
    ask = rng.choice(C.DEPTHS)
    hand = state.hands[me]
    # what each of your cards would do: the cell it takes ("nothing" if none), and the round it would make
    takes, rounds, ends = {}, {}, {}
    for card in hand:
        cut = stages(before, Dive(me, card))
        ended = len(cut) > 1 and cut[-1][0] == "done" and cut[-1][1].round != state.round
        rounds[card] = [e for _, _, more in (cut[:-1] if ended else cut) for e in more]
        ends[card] = cut[-2][1] if ended else cut[-1][1]
        takes[card] = next((e.data["depth"] for e in rounds[card] if e.kind == "maui.catch"
                            and e.data["player"] == me), "nothing")
    right = sorted(c for c in hand if takes[c] == ask)
    if not right or len(right) == len(hand):
        return None
    # "show me why" plays one card: one that wins through a tie if there is one (a reader was shown the plain 1
    # while the 6 that tied was the card to explain), else your lowest that wins; the explanation says what each
    # other card would take
    def tie_of(card: int) -> Optional[Event]:
        return next((e for e in rounds[card] if e.kind == "maui.dispute" and me in e.data["players"]), None)
    shown_card = next((c for c in right if tie_of(c) is not None), right[0])
    if ends[shown_card].pending:
        return None         # "show me why" would end on the jellyfish offer, which the lesson teaches later (part 10)
    why = tuple(e for e in rounds[shown_card] if e.kind in _TELLING)
    lost: dict[str, list[int]] = {}
    for card in hand:
        if takes[card] != ask:
            lost.setdefault(takes[card], []).append(card)
    instead = [Words(f"maui.drill.cell.instead.{got}", n=len(cs), cards=", ".join(map(str, cs)))
               for got, cs in sorted(lost.items(), key=lambda kv: kv[1][0])]
    said = [Words(f"maui.drill.cell.explain.{ask}", n=len(right), cards=", ".join(map(str, right))),
            Words("maui.drill.cell.shown", card=shown_card)]
    # every tie the shown card is in, told as Kiti settles it, deepest first: the cells go deepest first, so equal
    # low cards may fight for the middle with her right hand, not for the shallows with her left (the tutor's
    # ruling). (Three 2s lost the deep, then the two left lost the middle: told only the first, a reader of wave 20
    # found the step that sent their 2 to the shallows missing.)
    ties = [e for e in rounds[shown_card] if e.kind == "maui.dispute" and me in e.data["players"]]
    for i, tie in enumerate(ties):
        depth = tie.data["depth"]
        order = [s + 1 for s in dispute_order(before, tie.data["hand"])]
        if i == 0 and depth != "shallow" and tie.data["card"] == min([*others.values(), shown_card]):
            # the lowest cards tied, and yet not for the shallows: the tutor's reading is named there
            said.append(Words("maui.drill.cell.deepest_first", depth=Words(f"maui.depth.{depth}.acc")))
        said.append(Words(f"maui.drill.kiti.explain.{tie.data['hand']}", tied=_tied_cards(tie),
                          depth=Words(f"maui.depth.{depth}.acc"), order=", ".join(map(str, order)),
                          p=tie.data["player"] + 1))
    explain = joined(said + [joined(instead, sep=" ")], sep=" ")
    return Question(
        drill="maui/win-the-cell", key=_key(state, me, sorted(others.items()), ask), state=before, viewer=me,
        prompt=Words("maui.drill.cell", me=me + 1, kiti=_kiti(state), laid=_cards(others),
                     depth=Words(f"maui.depth.{ask}.acc")),
        options=tuple(Option(f"c{c}", str(c)) for c in hand), answer=frozenset(f"c{c}" for c in right),
        rule=_DEPTH_RULE[ask], hint=Words(f"maui.drill.cell.hint.{ask}"), explain=explain,
        why=why, after=ends[shown_card], events=tuple(rounds[shown_card]), multi=True, highlight=(f"cell:{ask}",))


WIN_THE_CELL = Drill("maui/win-the-cell", "part-disputes", Words("maui.drill.cell.title"), "maui:disputes",
                     _win_the_cell)


# --------------------------------------------------------------------------- what a catch pile is worth

def _pile_worth(rng: random.Random) -> Optional[Question]:
    state = _table(rng, 3, 11)
    n = state.players
    cards = [rng.choice(state.hands[s]) for s in range(n)]
    reveal, shown, told = _round(state, cards)
    if shown.pending:                             # three jellyfish: the pile waits on its owner's choice
        return None
    takers = [e.data["player"] for e in told if e.kind == "maui.catch"
              and any(C.kind(c) in ("seagull", "jellyfish") for c in e.data["cards"]) and state.piles[e.data["player"]]]
    if not takers:
        return None
    me = rng.choice(takers)
    pile = state.piles[me]
    was = score(state)[me].total
    now = score(shown)[me]
    got = next(e.data["cards"] for e in told if e.kind == "maui.catch" and e.data["player"] == me)
    seagull = any(C.kind(c) == "seagull" for c in got)
    # the slips a reader makes: the seagull eats nothing, or the wrong card; a jellyfish counted as a plus
    slips = {was, was - C.value(pile[0])} | ({was - sum(C.value(c) for c in got)} if not seagull else set())
    slips.discard(now.total)
    near = sorted({now.total + d for d in (-5, -3, -2, 2, 3, 5)} - slips - {now.total})
    wrong = sorted(slips)[:3]
    values = sorted(wrong + rng.sample(near, 3 - len(wrong)) + [now.total])
    # a tie handed out before your catch, or one you were in, decides which cell is yours: the prompt says which
    # way Kiti's hands point, and "show me why" shows how it was settled (issue #23)
    mine = C.DEPTHS.index(next(e.data["depth"] for e in told if e.kind == "maui.catch" and e.data["player"] == me))
    ties = [e for e in told if e.kind == "maui.dispute"
            and (C.DEPTHS.index(e.data["depth"]) < mine or me in e.data["players"])]
    why = tuple(e for e in told if e in ties or (e.kind in _TELLING and e.data.get("player") == me)) + (now,)
    prompt = Words("maui.drill.worth", me=me + 1, cards=_cards(cards),
                   pile=lambda lang: ", ".join(card_name(c, lang) for c in pile))
    return Question(
        drill="maui/pile-worth", key=_key(state, cards, me), state=reveal, viewer=me,
        prompt=joined([_kiti(state), prompt], sep=" ") if ties else prompt,
        options=tuple(Option(f"v{v}", _points(v)) for v in values),
        answer=frozenset({f"v{now.total}"}), rule="maui:seagull" if seagull else "maui:jellyfish",
        hint=Words("maui.drill.worth.hint.seagull" if seagull else "maui.drill.worth.hint.jellyfish"),
        explain=Words("maui.drill.worth.explain.seagull" if seagull else "maui.drill.worth.explain.jellyfish",
                      was=_points(was), now=_points(now.total), top=lambda lang, c=pile[-1]: card_name(c, lang)),
        why=why, after=shown, events=tuple(told), highlight=(f"player:{me + 1}", "hands:shut"))


PILE_WORTH = Drill("maui/pile-worth", "part-seagull", Words("maui.drill.worth.title"), "maui:catch-kinds",
                   _pile_worth)


# --------------------------------------------------------------------------- the no-fights variant

def _no_fights(rng: random.Random) -> Optional[Question]:
    state = _table(rng, 1, 11, variant=(NO_FIGHTS,))
    cards = _tied(rng, state)
    if cards is None:
        return None
    reveal, shown, told = _round(state, cards)
    ties = [e for e in told if e.kind == "maui.tie_no_catch"]
    if not ties:
        return None
    tie = rng.choice(ties)
    at = C.DEPTHS.index(tie.data["depth"])
    # the cell the tie leaves, or the one after it: who takes it once the tied divers are out?
    asks = [tie.data["depth"]] + ([C.DEPTHS[at + 1]] if at + 1 < len(C.DEPTHS) else [])
    ask = rng.choice(asks)
    seat = _caught(told, ask)
    if seat is None:
        tied = next((e for e in ties if e.data["depth"] == ask), None)
        if tied is None:                          # every diver tied above: nobody is left to take it
            return None
        answer = "nobody"
        explain = Words("maui.drill.no_fights.explain.nobody", tied=_tied_cards(tied),
                        depth=Words(f"maui.depth.{ask}.acc"))
    else:
        answer = f"p{seat + 1}"
        explain = Words("maui.drill.no_fights.explain.next", tied=_tied_cards(tie), p=seat + 1, mine=cards[seat],
                        depth=Words(f"maui.depth.{ask}"))
    return Question(
        drill="maui/no-fights", key=_key(state, cards, ask), state=reveal, viewer=rng.randrange(state.players),
        prompt=Words("maui.drill.no_fights", cards=_cards(cards), depth=Words(f"maui.depth.{ask}.from")),
        options=_players(range(state.players)) + (Option("nobody", Words("maui.drill.nobody")),),
        answer=frozenset({answer}), rule="maui:no-fights", hint=Words("maui.drill.no_fights.hint"),
        explain=explain, why=tuple(e for e in told if e.kind in _TELLING + ("maui.tie_no_catch",)),
        after=shown, events=tuple(told), highlight=(f"cell:{ask}", "hands:shut"))


NO_FIGHTS_DRILL = Drill("maui/no-fights", "part-no-fights", Words("maui.drill.no_fights.title"), "maui:no-fights",
                        _no_fights)


DRILLS = (WHO_TAKES, KITI_DECIDES, WIN_THE_CELL, PILE_WORTH, NO_FIGHTS_DRILL)
