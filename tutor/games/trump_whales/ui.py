"""Козырные киты's parts of the interface: how each action reads on a button and in its tooltip (en, ru), where it is
chosen on the board, the component table and the round's score helper; and the play table's summaries, coach,
running score and first-game tips (issue #34). Found by the generic widgets through
`SPEC.ui` (tutor.core.game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, TypeGuard

from tutor.core.game import GameUI, deferred
from tutor.core.i18n import player_name, text
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.rules import (
    Action, ChooseBonus, ChooseLeader, Pick, PlayCard, State, UseBonus, legal_actions, seat_of,
)

if TYPE_CHECKING:
    from tutor.games.trump_whales.sandbox import ScoreHelper
from tutor.games.trump_whales.text import bonus_name, card_acc, card_name

_U = "ui.trump_whales."


def _known(card: object) -> TypeGuard[str]:
    return isinstance(card, str) and card in C.FAMILY


def action_label(action: object, lang: str) -> str:
    # a 5 is named by a common noun, which Russian declines («Сыграть пятёрку»): its own labels
    card = getattr(action, "card", None)
    five = "_five" if _known(card) and C.is_five(card) else ""
    if isinstance(action, ChooseBonus):
        return text(_U + "choose_bonus" + five, lang, card=card_name(action.card, lang),
                    card_acc=card_acc(action.card, lang))
    if isinstance(action, UseBonus):
        bonus = bonus_name(action.card, lang) if _known(action.card) else card_name(None, lang)
        return text(_U + "use_bonus" + five, lang, bonus=bonus, card=card_name(action.card, lang))
    if isinstance(action, PlayCard):
        return text(_U + "play" + five, lang, card=card_name(action.card, lang), card_acc=card_acc(action.card, lang))
    if isinstance(action, Pick):
        if _known(action.card) and C.is_five(action.card):
            return text(_U + "pick_five", lang)
        # the card only: its pearls are read off the card (a label that counted them answered the question)
        return text(_U + "pick", lang, card=card_name(action.card, lang), card_acc=card_acc(action.card, lang))
    if isinstance(action, ChooseLeader):
        v = action.leader
        seat = isinstance(v, int) and not isinstance(v, bool) and v >= 0
        return text(_U + "choose_leader", lang, leader=player_name(v, lang) if seat else str(v),
                    leader_plain=v + 1 if seat else v)
    return text("trump_whales.err.unknown_action", lang)


def label_in(state: State, action: object, lang: str) -> Optional[str]:
    """A pick of a 5 named by who played it when the trick holds two or more (a reader met "Pick the Five" twice,
    and whose 5 is picked decides who loses the bonus); a 5 laid or played from a hand that holds two or more named
    by its bonus too ("Lay the Five as first bonus" twice, a reader, stop 53: which bonus is the choice); None
    otherwise."""
    card = getattr(action, "card", None)
    # a trump bonus naming the trump already there changes nothing: said so on its button (the rules allow it, and a
    # reader of wave 23 took its offer for a move that did something)
    if isinstance(action, UseBonus) and _known(card) and C.CARDS[card].bonus == "trump" \
            and C.CARDS[card].target == state.trump:
        return f"{action_label(action, lang)} ({text(_U + 'use_bonus.same_trump', lang)})"
    if isinstance(action, (ChooseBonus, PlayCard)) and _known(card) and C.is_five(card):
        hand = state.hands[action.player] if 0 <= action.player < len(state.hands) else ()
        if sum(1 for c in hand if C.is_five(c)) >= 2:
            return f"{action_label(action, lang)} ({bonus_name(card, lang)})"
        return None
    if not (isinstance(action, Pick) and _known(action.card) and C.is_five(action.card)):
        return None
    if sum(1 for c in state.trick if C.is_five(c)) < 2 or action.card not in state.trick:
        return None
    owner = seat_of(state, state.trick.index(action.card))
    return text(_U + "pick_five_of", lang, player=player_name(owner, lang), player_plain=owner + 1)


def task_label(action: object, lang: str) -> str:
    """A task's button: a bonus is named by its card alone ("Use the bonus of Orca 4"), for its effect is what the
    task asks the learner to read off the card; every other move as at the play table."""
    if isinstance(action, UseBonus) and _known(action.card):
        if C.is_five(action.card):
            return text(_U + "task.use_bonus_five", lang)
        return text(_U + "task.use_bonus", lang, card=card_name(action.card, lang))
    return action_label(action, lang)


def action_tip(action: object, lang: str, legal: bool) -> str:
    if isinstance(action, UseBonus):
        tip = f'{action_label(action, lang)}. {text(_U + "use_bonus.tip", lang)}'
    else:
        tip = action_label(action, lang)
    return tip if legal else text(_U + "not_now", lang, action=tip)


def offered_actions(state: State, seat: int) -> list[Action]:
    """The seat's buttons: its legal moves, and while it plays a card every card of its hand (a card of another
    family while it holds the led one is offered too, so pressing it lets the engine say which rule forbids it);
    while it picks a reward, every card of the trick (its own is refused: the winner takes someone else's). The
    board marks only the legal ones."""
    legal = legal_actions(state, seat)
    if state.phase == "play" and legal:
        hand = sorted(state.hands[seat], key=C.ORDER.__getitem__)
        uses: list[Action] = [a for a in legal if isinstance(a, UseBonus)]
        return uses + [PlayCard(seat, c) for c in hand]
    if state.phase == "reward" and legal:
        return [Pick(seat, c) for c in state.trick]
    bonuses = [a for a in legal if isinstance(a, ChooseBonus)]
    if legal and len(bonuses) == len(legal):
        # in the hand's order, as the board draws it (they came in the engine's order: 9, 8, 1, the Five…)
        return [a for a in sorted(bonuses, key=lambda a: C.ORDER[a.card])]
    return legal


def board_keys(action: object) -> tuple[str, ...]:
    """Where an action is chosen on the board: a card in the hand (the first bonus, the card to play), a bonus in
    front of the player (to use it), a card in the trick (the reward), a player's panel (the next leader)."""
    if isinstance(action, (ChooseBonus, UseBonus, PlayCard, Pick)):
        return (f"card:{action.card}",)
    if isinstance(action, ChooseLeader):
        return (f"seat:{action.leader}",)
    return ()


def components(lang: str) -> str:
    """The 36 cards as one grid, a family a column and a value a row (a row of 36 cards, one a line, was 1,800 px
    of a phone before the first word of play, its bonus column cut off at the edge): each cell the card's pearls and
    its bonus in the card's own signs (⇄ family, 1⇅9, +1; the line above the grid explains them; the words in
    its tooltip); the four 5s, which have no family, in one row. Every number is components.py's; family and value are
    the rulebook's, pearls and bonus assumed (marked above the grid), save the example's Narwhal 2 with 3 pearls."""
    from tutor.games.trump_whales.text import card_title, family_name
    from tutor.widgets.common import esc, safe_cite, ui

    assumed = (f'<span class="tutor-assumed" title="{esc(ui("assumed.tip", lang))}">'
               f'{esc(ui("assumed", lang))}</span>')

    def pearls_of(card_id: str) -> str:
        printed = card_id in C.PRINTED_PEARLS or C.COLUMN_PROVENANCE["pearls"] == C.RULEBOOK
        return "rulebook" if printed else "assumed"

    def sign(card_id: str) -> str:
        kind = C.BONUS[card_id]
        if kind == "trump":
            return f"⇄\u00a0{family_name(C.TARGET_FAMILY[card_id], lang).lower()}"
        return "1⇅9" if kind == "flip" else "+1"

    def grid_cell(card_id: str) -> str:
        star = "*" if card_id in C.PRINTED_PEARLS else ""
        return (f'<td data-family="{esc(C.FAMILY[card_id])}" data-pearls="{pearls_of(card_id)}" '
                f'title="{esc(card_title(card_id, lang))}"><b>{C.PEARLS[card_id]}{star}</b>\u00a0●'
                f'<br>{esc(sign(card_id))}</td>')

    by = {(c.family, c.value): c.id for c in C.CARDS.values() if c.family is not None}
    values = sorted({v for _f, v in by})
    rows = []
    for v in values:
        cells = "".join(grid_cell(by[f, v]) if (f, v) in by else "<td></td>" for f in C.FAMILIES)
        rows.append(f'<tr data-value="{v}"><th class="num">{v}</th>{cells}</tr>')
        if v == C.FIVE - 1:     # the 5s between 4 and 6, where they fall in a hand: alike ones counted together
            alike: dict[tuple[int, str], list[str]] = {}
            for c in C.FIVES:
                alike.setdefault((C.PEARLS[c], sign(c)), []).append(c)
            fives = ", ".join(f'<span data-fives="{len(ids)}"><b>{pearls}</b>\u00a0● {esc(bonus)} ×{len(ids)}'
                              f"</span>" for (pearls, bonus), ids in alike.items())
            rows.append(f'<tr data-value="{C.FIVE}"><th class="num">{C.FIVE}</th><td colspan="{len(C.FAMILIES)}" '
                        f'class="tutor-fives">{esc(text(_U + "components.fives", lang, n=len(C.FIVES)))} '
                        f'{fives}</td></tr>')
    # the value column's heading is left empty (the row's number is the value; a word there took a phone's width)
    head = (f'<th><span class="tutor-sr">{esc(text(_U + "components.value", lang))}</span></th>'
            + "".join(f"<th>{esc(family_name(f, lang))}</th>" for f in C.FAMILIES))
    printed = "".join(text(_U + "components.printed", lang, card=C.CARDS[c].value,
                           family=family_name(C.FAMILY[c], lang), pearls=C.PEARLS[c]) for c in C.PRINTED_PEARLS)
    return (f'<h4>{esc(text(_U + "components.cards", lang))} <span class="tutor-cite">'
            f'{esc(safe_cite("trump_whales:components", lang))}</span></h4>'
            f'<p class="tutor-grid-key">{esc(text(_U + "components.key", lang))} {assumed}</p>'
            f'<table class="tutor-cards tutor-card-grid"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            f'<p class="tutor-assumed-note">{esc(printed)} {esc(text("ui.assumed_note", lang))}</p>')


def advice(state: State, seat: int, lang: str) -> str:
    """What decides the trick for the seat to move (tutor.games.trump_whales.advice)."""
    from tutor.games.trump_whales.advice import advice as what_decides
    return what_decides(state, seat, lang)


def sandbox(lang: str = "en", **kwargs: Any) -> ScoreHelper:
    from tutor.games.trump_whales.sandbox import ScoreHelper
    return ScoreHelper(lang=lang, **kwargs)


legend = deferred(__package__ or "", ".legend:legend")   # the key to a card (lesson part 1)

# the play table's summaries, coach, running score and tips, imported when first asked for
summary = deferred(__package__ or "", ".summary:summary")
coach = deferred(__package__ or "", ".coach:coach")
score_panel = deferred(__package__ or "", ".table:score_panel")
tips = deferred(__package__ or "", ".table:tips")


# every action's own verb on a film frame's caption ("ui.trump_whales.film.<action>", tutor.widgets.film._caption):
# "Player 3 played" over a token flipped with a bonus, and over a first bonus laid, named no card played (a reader,
# stop 50)
FILM_VERBS = ("choosebonus", "usebonus", "playcard", "pick", "chooseleader")


UI = GameUI(action_label=action_label, label_in=label_in, task_label=task_label, action_tip=action_tip, offered_actions=offered_actions,
            board_keys=board_keys, sandbox=sandbox, components=components, legend=legend, advice=advice,
            summary=summary, coach=coach, score_panel=score_panel, tips=tips,
            # a card played stands once the others answer from hands the learner has not seen, and so do the first
            # bonus laid (the others lay theirs face up at once) and the reward taken (the next trick is led): a
            # finger's first tap on such a card marks it, a second makes the move (a reader mis-tapped a card and
            # could not take it back; another found the bonus and the reward went down on one tap, stop 50). A bonus
            # used asks the same, though Undo takes it back: a reader's brush on a "+1" used it at once, while the
            # lesson had said a first tap only marks (stop 52)
            confirm_board=lambda action: isinstance(action, (ChooseBonus, UseBonus, PlayCard, Pick)),
            # a bonus that changes the trump or flips the token: its frame brings the trump box, at the board's top,
            # into view with its words (a phone reader used one from their hand and the box changed a screen above);
            # a "+1" too, its words saying what it did: with none, it read as nothing confirmed, and only the other
            # two came back with "Back to your move" (two readers, waves 19 and 20)
            film_own=lambda events: any(e.kind.endswith(("bonus_trump", "bonus_flip", "bonus_plus")) for e in events),
            # a trick's summary waits over the finished trick, the reward's card marked taken: over the next trick's
            # empty table the trick just won was never seen on the board (a reader, stop 55)
            film_hold=lambda action: isinstance(action, Pick),
            # ... its players' panels as after the pick: the card taken on its pile, the others' on theirs
            held_view=lambda before, after: dict(before, seats=after["seats"]))
