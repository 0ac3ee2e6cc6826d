"""The Aqua Fest action picker for the play table.

A turn offers many moves (card x destination), so instead of one flat row of buttons the learner first
chooses a card from the hand (the board then shows where it can go), then a destination named by cell
(A1..E5); attacks, a defence, ending the turn and drawing two have their own rows.

Every offered choice is an engine action. What is offered comes from the engine's queries
(`legal_actions`, `destinations`, `attackable`); a choice that is offered but not legal (a second card of
another species, drawing two after a move) is still sent to the engine, which refuses it with its reason.
"""

from __future__ import annotations

from typing import Any, Optional

from tutor.core.errors import RuleViolation
from tutor.core.game import RowPart, Table
from tutor.core.i18n import player_name, text
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest import rules as game      # the engine's own queries (destinations, attackable)
from tutor.games.aqua_fest.ui import action_tip, card_key, card_label, label_in


# the lesson's parts before "A turn" (lessons/aqua_fest/lesson.*.md), where a task is one move of a card
BEFORE_THE_TURN = ("part-goal", "part-components", "part-setup", "part-tiles", "part-shells", "part-cards",
                   "part-movement")


def offered_moves(state: game.State, seat: int, card: str, every: bool = False) -> list[game.Move]:
    """The Move actions offered for `card`: its legal moves; when it has none (say, a second card of
    another species), the cells it could reach, so the engine explains why not. With `every` (a task, whose
    question is where the card may go): every other cell of the seabed, and the engine judges the one chosen."""
    if every and state.battle is None and state.turn == seat:
        return [game.Move(seat, card, d) for d in range(C.SIZE * C.SIZE) if d != state.pawns[seat]]
    legal = [a for a in game.legal_actions(state, seat) if isinstance(a, game.Move) and a.card == card]
    if legal or state.battle is not None or state.turn != seat:
        return legal
    return [game.Move(seat, card, d) for d in game.destinations(state, seat, card)]


def _set_apart(state: game.State, seat: int, card: str, lang: str) -> None:
    """A card with no move now, tapped: the engine's reason for the cells it could reach (a second card of another
    species, the turn's moves made), else that it reaches no cell from here; raised as the refusal it is."""
    moves = offered_moves(state, seat, card)
    for move in moves[:1]:
        game.apply(state, move)       # refused: the engine's own words (it would not be set apart otherwise)
    raise RuleViolation("aqua_fest:cards", "ui.af.no_dest", card=card_label(card, lang))


def cell_refusals(state: game.State, seat: int, card: str, offered: set[int], lang: str) -> dict[str, str]:
    """{"cell:<i>": why `card` may not go there} for each cell of the seabed the board does not offer it, in the
    engine's words (the page shows the one tapped)."""
    out = {}
    for d in range(C.SIZE * C.SIZE):
        # (the pawn's own cell too: a tap there was told only "not one of the marked places", a reader)
        if d in offered:
            continue
        try:
            game.apply(state, game.Move(seat, card, d))
        except RuleViolation as refusal:
            out[f"cell:{d}"] = refusal.explain(lang)
    return out


def board_kinds(table: Table) -> Optional[tuple[type, ...]]:
    """Moves only in a task of a part before the lesson teaches the turn (part 8), on the board as in the rows: a tap
    on the learner's own start tile (going home, a rule not met yet) dropped the card chosen and offered the places
    along the edge, unexplained (reader TN, stop 58); None (every action) otherwise."""
    task = getattr(table, "task", None)
    return (game.Move,) if isinstance(task, dict) and task.get("part") in BEFORE_THE_TURN else None


def action_rows(table: Table, seat: int) -> list[list[RowPart]]:
    """The group of parts `seat` decides with (see PlayTable._action_rows); every action choice carries
    `.action`, every card choice `.card` and `.seat`."""
    state, lang = table.state, table.lang
    legal = set(game.legal_actions(state, seat))
    hand = list(state.hands[seat])
    parts = [table.caption(table.your_move(seat), bold=True)]

    if state.placing:   # setup: lay the start tile beside a cell of your side
        from tutor.games.aqua_fest.text import beside_name
        choices = [table.action_choice(a, legal, label=beside_name(state.sides[seat], a.place))
                   for a in game.legal_actions(state, seat) if isinstance(a, game.PlaceStart)]
        for c in choices:     # the board's place (and the button's tip) named as the button is, by its cell
            c.tooltip = text("ui.af.place_beside", lang, cell=c.description)
        return [parts + [table.caption(text("ui.af.place_row", lang)), {"choices": choices}]]

    if state.battle is not None:
        attacker = state.battle[0]
        parts.append(table.caption(text("ui.af.defend_row", lang, attacker=player_name(attacker, lang))))
        parts.append({"choices": [table.action_choice(game.Defend(seat, c), legal) for c in hand]})
        return [parts]

    # 1. a card, then where it goes: the first of the steps the board offers too (ui.board_keys), so the
    # table's `selected` keys say which card is chosen, whether it was pressed here or on the board
    picked = tuple(table.selected.get(seat, ()))[:1]
    chosen = next((c for c in hand if picked == (card_key(c),)), None)
    cards = []
    # at the table (not a task, whose question it is) a card with no move now is set apart as "not now", as the
    # board draws it: after a turn's last move the hand still read as cards to play (a reader, stop 48)
    playable = {a.card for a in legal if isinstance(a, game.Move)}
    apart = getattr(table, "previews", True)
    for c in hand:
        label = card_label(c, lang)
        idle = apart and c not in playable and c != chosen
        # (a tap on a card set apart chooses nothing: it says at once why it cannot move, where the table's words
        # are. Chosen, it was ringed and the page asked for "one of the places marked" where none was, a reader)
        cards.append(table.choice(label, label, "warning" if c == chosen else "",
                                  "tutor-card-choice tutor-card-chosen" if c == chosen else
                                  "tutor-card-choice tutor-action-unavailable" if idle else "tutor-card-choice",
                                  (lambda b: _set_apart(state, b.seat, b.card, lang)) if idle else
                                  (lambda b: table.choose(b.seat, () if b.chosen else (card_key(b.card),))),
                                  card=c, seat=seat, chosen=c == chosen, board_key=card_key(c)))
    if cards:
        parts += [table.caption(text("ui.af.choose_card", lang)), {"choices": cards}]
    listed: list[RowPart] = []      # a task's cells, folded under the board (see below)
    if chosen is not None:
        label = card_label(chosen, lang)
        every = not getattr(table, "previews", True)      # a task: every cell offered alike
        moves = offered_moves(state, seat, chosen, every)
        if moves and every:
            # a task offers every cell alike (which ones the card reaches is its question): 24 buttons were two
            # screens of a phone between the board and the rest; the board's cells are tapped instead, the list
            # folded under it for a keyboard or a screen reader
            # right under the board, before the hand: under the cards it lay below the screen once the page had
            # brought the board into view for the cell to tap (a reader, stop 50)
            parts.insert(1, table.caption(text("ui.af.choose_dest_board", lang, card=label)))
            listed = [{"fold": text("ui.af.dest_list", lang)},
                      {"choices": [table.action_choice(m, set(moves)) for m in moves]}]
        elif moves:
            parts += [table.caption(text("ui.af.choose_dest", lang, card=label))]
            if not any(m in legal for m in moves):
                # none of its cells is open to it now (the dolphin, played alone, as a second card): the engine's
                # reason at once, not after a tap on a cell the board offered as if it could go there (a reader)
                try:
                    game.apply(state, moves[0])
                except RuleViolation as refusal:
                    parts.append(table.caption(refusal.explain(lang)))
            parts.append({"choices": [table.action_choice(m, legal) for m in moves]})
            # a tap on a cell the board does not offer: the engine's own reason, said at once (a reader tapped a
            # cell the crab cannot reach and read only "not one of the marked places")
            # (every cell but the legal moves': a card with no move now offers the cells it would reach, for their
            # reasons, and a cell among them the board does not mark was told only "not one of the marked places",
            # a reader of wave 23 who tapped past a coral)
            parts.append({"refusals": cell_refusals(state, seat, chosen, {m.to for m in moves if m in legal}, lang)})
        else:
            parts.append(table.caption(text("ui.af.no_dest", lang, card=label)))
    if listed:
        groups, parts = [parts, listed], []
    else:
        groups = []

    # a task in a part before the lesson teaches the turn (part 8) offers the cards and their cells only: the rows
    # to attack, end the turn, draw two and go home were buttons for rules not met yet (a reader, stop 48)
    if board_kinds(table) is not None:
        return groups + ([parts] if parts else [])

    # 2. attacks on adjacent opponents
    blocks: list[list[RowPart]] = []      # a caption and what it offers: the rows after the cards
    for target in game.attackable(state, seat):
        # "Attack Player 2 with crab 3": not the card's label again, which the row above already offers to play
        blocks.append([table.caption(text("ui.af.attack_row", lang, target=player_name(target, lang),
                                          target_plain=target + 1)),
                       {"choices": [table.action_choice(game.Attack(seat, target, c), legal) for c in hand]}])

    # 3. ending the turn; going home names the place on the home row in a drop-down above its button
    finish = [table.action_choice(game.EndTurn(seat), legal), table.action_choice(game.DrawTwo(seat), legal)]
    home = table.action_choice(game.DrawTwo(seat, state.homes[seat]), legal, label=text("ui.af.go_home", lang))

    def pick(value: int, b: Any = home) -> None:
        b.action = game.DrawTwo(seat, value)
        ok = b.action in legal
        b.button_style = "info" if ok else ""
        b.classes = ("tutor-action" if ok else "tutor-action-unavailable",)
        b.tooltip = label_in(state, b.action, lang) or action_tip(b.action, lang, ok)
    # the place is named as the board names it, by the seabed cell of your side the start tile lies beside (a bare
    # «Место [3▾]» told a learner nothing: review 2026-12-02), the place it lies now said so
    from tutor.games.aqua_fest.text import beside_name
    side, now = state.sides[seat], state.homes[seat]
    places = [(text("ui.af.place_now" if h == now else "ui.af.place_cell", lang, cell=beside_name(side, h)), h)
              for h in range(C.SIZE)]
    home.place = table.pick(text("ui.af.place_pick", lang), places, now, pick)
    home.tooltip = label_in(state, home.action, lang) or home.tooltip     # the board's words: where it is laid
    # going home in a row of its own, the place before the button: beside it, a learner pressed the button first
    # (the move they wanted) and the tile was laid where it lay, the place still unchosen (a reader, stop 48)
    blocks.append([table.caption(text("ui.af.finish_row", lang)), {"choices": finish}])
    going_home: list[RowPart] = [table.caption(text("ui.af.home_row", lang)), {"pick": home.place}, {"choices": [home]}]
    if any(isinstance(a, game.DrawTwo) and a.home is not None for a in legal):
        # the board's way to the same move (ui.board_keys): the tile, then its place
        going_home.append(table.caption(text("ui.af.home_board", lang)))
    blocks.append(going_home)
    # at the table, a row none of whose moves is open now folds under "not now": after a turn's moves a beginner
    # was offered nine buttons (attacks, draw two, go home) where only "end the turn" was left (a reader, stop 55)
    shut = [b for b in blocks if apart and not any(_open(c) for part in b for c in part.get("choices", ()))]
    for block in blocks:
        if block not in shut:
            parts += block
    out = groups + [parts]
    if shut:
        out.append([{"fold": text("ui.af.not_now_fold", lang)}] + [part for b in shut for part in b])
    return out


def _open(choice: Any) -> bool:
    """Whether a row's choice is a move open now (not one offered only for the engine to say why not)."""
    return "tutor-action" in choice.classes
