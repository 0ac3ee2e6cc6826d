"""The Aqua Fest action picker for the play table.

A turn offers many moves (card x destination), so instead of one flat row of buttons the learner first
chooses a card from the hand (the board then shows where it can go), then a destination named by cell
(A1..E5); attacks, a defence, ending the turn and drawing two have their own rows.

Every offered choice is an engine action. What is offered comes from the engine's queries
(`legal_actions`, `destinations`, `attackable`); a choice that is offered but not legal (a second card of
another species, drawing two after a move) is still sent to the engine, which refuses it with its reason.
"""

from __future__ import annotations

import ipywidgets as W

from tutor.core.i18n import player_name, text
from tutor.widgets import labels
from tutor.widgets.common import esc, shared, ui


def _row(items) -> W.HBox:
    return W.HBox(list(items), layout=shared("layout", flex_flow="row wrap", align_items="center"))


def _caption(words: str) -> W.HTML:
    return W.HTML(f"<span class='tutor-picker-caption'>{esc(words)}</span>", layout=shared("layout"),
                  style=shared("html"))


def action_button(table, action, legal: set, label: str | None = None) -> W.Button:
    ok = action in legal
    b = table.button(label or labels.action_label(table.game, action, table.lang),
                     labels.action_tip(table.game, action, table.lang, ok), "info" if ok else "",
                     "tutor-action" if ok else "tutor-action-unavailable", lambda b: table.act(b.action))
    b.action = action
    return b


def offered_moves(game, state, seat: int, card: str) -> list:
    """The Move actions offered for `card`: its legal moves; when it has none (say, a second card of
    another species), the cells it could reach, so the engine explains why not."""
    legal = [a for a in game.legal_actions(state, seat) if isinstance(a, game.Move) and a.card == card]
    if legal or state.battle is not None or state.turn != seat:
        return legal
    return [game.Move(seat, card, d) for d in game.destinations(state, seat, card)]


def action_rows(table, seat: int) -> list:
    """The widgets `seat` decides with (one VBox); every action button carries `.action`."""
    game, state, lang = table.game, table.state, table.lang
    legal = set(game.legal_actions(state, seat))
    hand = list(state.hands[seat])
    who = player_name(seat, lang)
    if not table.hotseat:
        who = f"{who} ({ui('you', lang)})"
    parts = [W.HTML(f"<b>{esc(ui('your_move', lang, player=who))}</b>", layout=shared("layout"),
                    style=shared("html"))]

    if state.placing:   # setup: lay the start tile beside a cell of your side
        from tutor.games.aqua_fest.text import beside_name
        buttons = []
        for action in game.legal_actions(state, seat):
            b = action_button(table, action, legal, label=beside_name(state.sides[seat], action.place))
            buttons.append(b)
        parts += [_caption(text("ui.af.place_row", lang)), _row(buttons)]
        return [W.VBox(parts, layout=shared("layout"))]

    if state.battle is not None:
        attacker = state.battle[0]
        parts.append(_caption(text("ui.af.defend_row", lang, attacker=player_name(attacker, lang))))
        parts.append(_row(action_button(table, game.Defend(seat, c), legal) for c in hand))
        return [W.VBox(parts, layout=shared("layout"))]

    # 1. a card, then where it goes
    chosen = table.selected.get(seat)
    if chosen not in hand:
        chosen = None
    cards = []
    for c in hand:
        b = table.button(labels.af_card_label(c, lang), labels.af_card_label(c, lang),
                         "warning" if c == chosen else "", "tutor-card-choice",
                         lambda b: table.choose_card(b.seat, b.card), layout={"width": "auto"})
        if c == chosen:
            b.add_class("tutor-card-chosen")
        b.card = c
        b.seat = seat
        cards.append(b)
    if cards:
        parts += [_caption(text("ui.af.choose_card", lang)), _row(cards)]
    if chosen is not None:
        label = labels.af_card_label(chosen, lang)
        moves = offered_moves(game, state, seat, chosen)
        if moves:
            parts += [_caption(text("ui.af.choose_dest", lang, card=label)),
                      _row(action_button(table, m, legal) for m in moves)]
        else:
            parts.append(_caption(text("ui.af.no_dest", lang, card=label)))

    # 2. attacks on adjacent opponents
    for target in game.attackable(state, seat):
        parts.append(_caption(text("ui.af.attack_row", lang, target=player_name(target, lang),
                                   target_plain=target + 1)))
        parts.append(_row(action_button(table, game.Attack(seat, target, c), legal,
                                         label=labels.af_card_label(c, lang)) for c in hand))

    # 3. ending the turn
    finish = [action_button(table, game.EndTurn(seat), legal), action_button(table, game.DrawTwo(seat), legal)]
    place = W.Dropdown(options=[(str(h + 1), h) for h in range(5)], value=state.homes[seat],
                       description=text("ui.af.place", lang), layout=shared("layout", width="9em"),
                       style=shared("description"))
    place.add_class("tutor-home-place")
    home = action_button(table, game.DrawTwo(seat, place.value), legal, label=text("ui.af.go_home", lang))

    def pick(change, b=home):
        b.action = game.DrawTwo(seat, change["new"])
        ok = b.action in legal
        b.button_style = "info" if ok else ""
        b.tooltip = labels.action_tip(game, b.action, lang, ok)
    place.observe(pick, names="value")
    home.place = place
    parts += [_caption(text("ui.af.finish_row", lang)), _row(finish + [home, place])]
    return [W.VBox(parts, layout=shared("layout"))]
