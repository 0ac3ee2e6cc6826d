"""Паперові океани's parts of the interface: how each action reads on a button and in its tooltip (en, uk), where
it is chosen on the board, the "STOP or LAST CHANCE?" help shown under it, and the play table's round summaries,
coach, score panel and first-game tips (issue #34). Found by the generic widgets through `SPEC.ui`
(tutor.core.game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

from tutor.core.game import GameUI
from tutor.core.i18n import player_name, text
from tutor.core.rules import cite
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.rules import (
    Action, CrabPile, CrabTake, DrawDeck, EndTurn, Keep, LastChance, PlayDuo, PlayMermaids, Steal, Stop, TakeDiscard,
    State, legal_actions,
)
from tutor.games.sea_salt_paper.coach import coach
from tutor.games.sea_salt_paper.panel import score_panel
from tutor.games.sea_salt_paper.summary import summary
from tutor.games.sea_salt_paper.table import tips
from tutor.games.sea_salt_paper.text import card_name, pile_name

if TYPE_CHECKING:
    from tutor.games.sea_salt_paper.sandbox import ScoreHelper

_U = "ui.sea_salt_paper."


def action_label(action: object, lang: str) -> str:
    if isinstance(action, DrawDeck):
        return text(_U + "draw_deck", lang)
    if isinstance(action, Keep):
        if action.pile is None:
            return text(_U + "keep_one", lang, card=card_name(action.card, lang))
        return text(_U + "keep", lang, card=card_name(action.card, lang), pile=pile_name(action.pile, lang))
    if isinstance(action, TakeDiscard):
        return text(_U + "take_discard", lang, pile=pile_name(action.pile, lang))
    if isinstance(action, PlayDuo):
        return text(_U + "duo", lang, first=card_name(action.first, lang), second=card_name(action.second, lang))
    if isinstance(action, CrabPile):
        return text(_U + "crab_pile", lang, pile=pile_name(action.pile, lang))
    if isinstance(action, CrabTake):
        return text(_U + "crab_take", lang, card=card_name(action.card, lang))
    if isinstance(action, Steal):
        v = action.victim
        seat = isinstance(v, int) and not isinstance(v, bool) and v >= 0
        return text(_U + "steal", lang, victim=player_name(v, lang) if seat else str(v),
                    victim_plain=v + 1 if seat else v)
    if isinstance(action, PlayMermaids):
        return text(_U + "mermaids", lang)
    if isinstance(action, EndTurn):
        return text(_U + "end_turn", lang)
    if isinstance(action, Stop):
        return text(_U + "stop", lang)
    if isinstance(action, LastChance):
        return text(_U + "last_chance", lang)
    return text("sea_salt_paper.err.unknown_action", lang)


def action_tip(action: object, lang: str, legal: bool) -> str:
    if isinstance(action, DrawDeck):
        tip = text(_U + "draw_deck.tip", lang)
    elif isinstance(action, Stop):
        tip = text(_U + "stop.tip", lang)
    elif isinstance(action, LastChance):
        tip = text(_U + "last_chance.tip", lang)
    else:
        tip = action_label(action, lang)
    return tip if legal else text(_U + "not_now", lang, action=tip)


def offered_actions(state: State, seat: int) -> list[Action]:
    """The seat's buttons: its legal moves, and the deck, discard piles and opponents' hands the board draws when
    they may not be chosen now (greyed "not now"), so a click on one is answered by the rule that refuses it, as
    its button is: the deck or a pile once this turn's card is taken or while two drawn cards wait (the newcomer
    clicked the deck after drawing and nothing happened), an empty deck or pile, a protected or empty hand for
    the swimmer and shark. Not while the crabs choose a pile or a card: the piles are theirs then."""
    legal = legal_actions(state, seat)
    if not legal:
        return legal
    out = list(legal)
    if state.phase in ("keep", "play", "steal"):
        out += [DrawDeck(seat), TakeDiscard(seat, 0), TakeDiscard(seat, 1)]
    elif state.phase == "draw":
        out += [a for a in (DrawDeck(seat), TakeDiscard(seat, 0), TakeDiscard(seat, 1)) if a not in legal]
    if state.phase == "steal":
        out += [Steal(seat, v) for v in range(state.players) if v != seat and Steal(seat, v) not in legal]
    return out


def board_keys(action: object) -> Union[tuple[str, ...], list[tuple[str, str]]]:
    """Where an action is chosen on the board: the deck, a discard pile, a card (a drawn card then the pile for
    the other, two hand cards for a duo in either order, a card in the pile looked through), an opponent's
    hand. Ending the turn or the round and the mermaids are buttons only."""
    if isinstance(action, DrawDeck):
        return ("deck",)
    if isinstance(action, (TakeDiscard, CrabPile)):
        return (f"pile:{action.pile}",)
    if isinstance(action, Keep):
        first = f"card:{action.card}"
        return (first,) if action.pile is None else (first, f"pile:{action.pile}")
    if isinstance(action, PlayDuo):
        first, second = f"card:{action.first}", f"card:{action.second}"
        return [(first, second), (second, first)]      # either card may be clicked first
    if isinstance(action, CrabTake):
        return (f"card:{action.card}",)
    if isinstance(action, Steal):
        return (f"seat:{action.victim}",)
    return ()


def components(lang: str) -> str:
    """The 58 cards by kind: how many (beside the name), their colours, how they score (every number from
    components.py), and where the facts come from (the colours and counts per kind come from the card data, not the rulebook)."""
    from tutor.games.sea_salt_paper.text import colour_name, kind_name, points_text
    from tutor.widgets.common import esc, safe_cite
    from tutor.widgets.tables import SourcedRow, source_cell, sourced_table

    def how(kind: str) -> tuple[str, str]:
        if kind in C.EFFECT:
            effect = "steal_shark" if kind == "shark" else C.EFFECT[kind]
            return text(_U + "how.duo", lang, effect=text(_U + f"effect.{effect}", lang)), "duos"
        if kind in C.COLLECTIONS:
            table = C.COLLECTIONS[kind]
            # each count with its points ("1 → 1, 2 → 3, 3 → 5"): no noun after a list of numbers, which some
            # languages cannot agree ("1, 2, 3 карт")
            return text(_U + "how.collection", lang,
                        pairs=", ".join(f"{n} → {p}" for n, p in enumerate(table, 1))), "collections"
        if kind in C.MULTIPLIERS:
            counted, each = C.MULTIPLIERS[kind]
            return text(_U + "how.multiplier", lang, points=points_text(each, lang),
                        kind=kind_name(counted, lang)), "multipliers"
        return text(_U + "how.mermaid", lang), "mermaids"

    rows: list[SourcedRow] = []
    assumed = False
    for kind in C.KINDS:
        items = [c for c in C.CARDS.values() if c.kind == kind]
        colours: dict[str, int] = {}
        for c in items:
            colours[c.colour] = colours.get(c.colour, 0) + 1
        named = ", ".join(colour_name(col, lang) + (f" × {n}" if n > 1 else "") for col, n in colours.items())
        # the counts per kind and the colours are published card data, the scoring is the rulebook's: nothing here
        # is the tutor's guess, so no row reads "assumed"
        source = source_cell((c.provenance for c in items), lang, C.RULEBOOK, C.SHARED_DATA)
        assumed = assumed or source[0] == "assumed"
        words, section = how(kind)
        rows.append((f'data-kind="{esc(kind)}"', source,
                     # the count beside the name: a column of its own, headed «Кількість», made the table wider
                     # than a phone (a reader swiped sideways to read how a card scores)
                     [f"{esc(kind_name(kind, lang))} ({len(items)})", f"<td>{esc(named)}</td>",
                      f'<td>{esc(words)} <span class="tutor-cite">'
                      f'{esc(safe_cite("sea_salt_paper:" + section, lang))}</span></td>']))
    heads = (text(_U + "components.kind_count", lang), text(_U + "components.colours", lang),
             text(_U + "components.scores", lang))
    heading = (f'{esc(text(_U + "components.cards", lang))} <span class="tutor-cite">'
               f'{esc(safe_cite("sea_salt_paper:components", lang))}</span>')
    return (sourced_table(heading, "tutor-cards", heads, rows)
            + (f'<p class="tutor-assumed-note">{esc(text("ui.assumed_note", lang))}</p>' if assumed else ""))


def advice(state: State, seat: int, lang: str) -> str:
    """"STOP or LAST CHANCE?" under the board when `seat` may end the round (tutor.games.sea_salt_paper.advice)."""
    from tutor.games.sea_salt_paper.advice import advice as stop_or_last_chance
    return stop_or_last_chance(state, seat, lang)


def legend(lang: str) -> str:
    """The colours and their signs (tutor.games.sea_salt_paper.legend)."""
    from tutor.games.sea_salt_paper.legend import legend as colour_legend
    return colour_legend(lang)


def sandbox(lang: str = "en", **kwargs: Any) -> ScoreHelper:
    from tutor.games.sea_salt_paper.sandbox import ScoreHelper
    return ScoreHelper(lang=lang, **kwargs)


# every action's own verb on a film frame's caption ("ui.sea_salt_paper.film.<action>", tutor.widgets.film._caption):
# "Step 4 of 7 · Player 2 played" over "Player 3's turn." read as naming the wrong player (a reader, stop 49)
FILM_VERBS = ("drawdeck", "keep", "takediscard", "playduo", "crabpile", "crabtake", "steal", "playmermaids",
              "endturn", "stop", "lastchance")


def tiebreak_note(state: Any, lang: str) -> str:
    """Under the final score table: a game won by the mermaids says so (the table showed the winner with fewer
    points and no word why, a reader)."""
    if state.winner is None:
        return ""
    return text("ui.sea_salt_paper.won_by_mermaids", lang, player=player_name(state.winner, lang),
                n=C.MERMAIDS_TO_WIN, rule=cite("sea_salt_paper:mermaids", lang))


def action_icon(action: object, lang: str) -> str:
    """The card a Keep button keeps, drawn beside its words (tutor.core.game.GameUI)."""
    if isinstance(action, Keep):
        from tutor.games.sea_salt_paper.render import card_icon
        return card_icon(action.card, lang)
    return ""


def rows_note(state: Any, seat: int, lang: str) -> str:
    """Under "your move" while two drawn cards wait: the board keeps one too (a tap on the card, then on the pile for
    the other). On a phone the cards lie at the board's top and these buttons a screen below (a reader, stop 60)."""
    if state.phase != "keep" or seat != state.turn or len(state.drawn) < 2:
        return ""
    return text("ui.sea_salt_paper.keep_on_board", lang)


UI = GameUI(action_label=action_label, action_tip=action_tip, action_icon=action_icon, board_keys=board_keys, sandbox=sandbox, tiebreak_note=tiebreak_note,
            sandbox_label="sea_salt_paper.sandbox.open",
            components=components, legend=legend, advice=advice, offered_actions=offered_actions,
            summary=summary, coach=coach, score_panel=score_panel, tips=tips, rows_note=rows_note,
            # its tasks ask which card, pile or bet, never which step comes next: a draw once the card is taken is
            # shown apart, "Not now", as at the table
            task_moves_apart=True)
