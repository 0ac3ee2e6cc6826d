"""Per-game hooks the generic play table needs and the engines do not provide: how an action reads
on a button, which actions to offer a seat; bots live with their games (tutor.games.<game>.bots).

A hook never decides a rule: offered actions that are not in `legal_actions` are still sent to the
engine, which refuses them with its own explanation (a used dive card is a teaching moment). A game
module may provide `action_label(action, lang)` itself; then that wins.
"""

from __future__ import annotations

import importlib
import random
from typing import Callable

from tutor.core.i18n import register, text

register({
    "ui.maui.dive": {"en": "{card}", "ru": "{card}", "uk": "{card}"},
    "ui.maui.dive.tip": {"en": "Lay dive card {card} face down", "ru": "Положить карту погружения {card}",
                         "uk": "Покласти карту занурення {card}"},
    "ui.maui.dive.used.tip": {"en": "Dive card {card} is already used", "ru": "Карта {card} уже сыграна",
                              "uk": "Карту {card} вже зіграно"},
    "ui.maui.discard": {"en": "Throw three jellyfish away", "ru": "Выбросить трёх медуз",
                        "uk": "Викинути трьох медуз"},
    "ui.maui.keep": {"en": "Keep the jellyfish", "ru": "Оставить медуз", "uk": "Залишити медуз"},
})


def _maui_label(action, lang: str) -> str:
    from tutor.games.maui import Dive, Jellyfish
    if isinstance(action, Dive):
        return text("ui.maui.dive", lang, card=action.card)
    if isinstance(action, Jellyfish):
        return text("ui.maui.discard" if action.discard else "ui.maui.keep", lang)
    return str(action)


def _maui_tip(action, lang: str, legal: bool) -> str:
    from tutor.games.maui import Dive
    if isinstance(action, Dive):
        return text("ui.maui.dive.tip" if legal else "ui.maui.dive.used.tip", lang, card=action.card)
    return _maui_label(action, lang)


def _maui_offered(game, state, seat: int) -> list:
    """Dive phase: all twelve cards, so pressing a used one lets the engine explain why not."""
    legal = game.legal_actions(state, seat)
    if legal and all(isinstance(a, game.Dive) for a in legal):
        return [game.Dive(seat, n) for n in range(1, 13)]
    return legal


# ----------------------------------------------------------------------------- Aqua Fest

register({
    "ui.af.card": {"en": "{species} {strength} · {move}", "ru": "{species} {strength} · {move}",
                   "uk": "{species} {strength} · {move}"},
    "ui.af.move.orthogonal": {"en": "1–{n} straight, no diagonals", "ru": "1–{n} по прямой, без диагоналей",
                              "uk": "1–{n} по прямій, без діагоналей"},
    "ui.af.move.any": {"en": "1–{n} in any of 8 directions", "ru": "1–{n} в любом из 8 направлений",
                       "uk": "1–{n} у будь-якому з 8 напрямків"},
    "ui.af.move.any1": {"en": "1 step in any of 8 directions", "ru": "1 шаг в любом из 8 направлений",
                        "uk": "1 крок у будь-якому з 8 напрямків"},
    "ui.af.move.knight": {"en": "an L-shaped leap (2 + 1)", "ru": "прыжок буквой Г (2 + 1)",
                          "uk": "стрибок літерою Г (2 + 1)"},
    "ui.af.move.jump": {"en": "jumps over obstacles", "ru": "перепрыгивает преграды", "uk": "перестрибує перешкоди"},
    "ui.af.move.both": {"en": "takes both layers", "ru": "забирает оба слоя", "uk": "забирає обидва шари"},
    "ui.af.move.alone": {"en": "played alone", "ru": "играется одна", "uk": "грається одна"},
    "ui.af.to": {"en": "{cell}", "ru": "{cell}", "uk": "{cell}"},
    "ui.af.place": {"en": "Start tile at place {place}", "ru": "Стартовый тайл на место {place}",
                    "uk": "Стартовий тайл на місце {place}"},
    "ui.af.place_row": {"en": "Lay your start tile beside a cell of your side (then the first turn begins):",
                        "ru": "Положите стартовый тайл у клетки вашей стороны (потом начнётся первый ход):",
                        "uk": "Покладіть стартовий тайл біля клітинки вашого боку (потім почнеться перший хід):"},
    "ui.af.to.tip": {"en": "Play {card} and move to {cell}", "ru": "Сыграть: {card}, и пойти на {cell}",
                     "uk": "Зіграти: {card}, і піти на {cell}"},
    "ui.af.attack": {"en": "Attack {target} with {card}", "ru": "Атаковать игрока {target_plain}: {card}",
                     "uk": "Атакувати гравця {target_plain}: {card}"},
    "ui.af.defend": {"en": "Defend with {card}", "ru": "Защищаться: {card}", "uk": "Захищатися: {card}"},
    "ui.af.end_turn": {"en": "End turn (draw 1)", "ru": "Закончить ход (взять 1 карту)",
                       "uk": "Закінчити хід (узяти 1 карту)"},
    "ui.af.draw_two": {"en": "Draw 2", "ru": "Взять 2 карты", "uk": "Узяти 2 карти"},
    "ui.af.draw_two_home": {"en": "Draw 2 and go home to place {place}",
                            "ru": "Взять 2 карты и вернуться к месту {place}",
                            "uk": "Узяти 2 карти й повернутися до місця {place}"},
    "ui.af.go_home": {"en": "Draw 2 and go home to place", "ru": "Взять 2 карты и вернуться к месту",
                      "uk": "Узяти 2 карти й повернутися до місця"},
    "ui.af.place_pick": {"en": "Place", "ru": "Место", "uk": "Місце"},
    "ui.af.choose_card": {"en": "Play a card (then pick where to go):", "ru": "Сыграть карту (потом выбрать клетку):",
                          "uk": "Зіграти карту (потім вибрати клітинку):"},
    "ui.af.choose_dest": {"en": "Move with {card} to:", "ru": "Куда пойти ({card}):", "uk": "Куди піти ({card}):"},
    "ui.af.no_dest": {"en": "{card} cannot move anywhere from here.", "ru": "{card}: отсюда ходить некуда.",
                      "uk": "{card}: звідси ходити нікуди."},
    "ui.af.attack_row": {"en": "Attack {target} with:", "ru": "Атаковать игрока {target_plain} картой:",
                         "uk": "Атакувати гравця {target_plain} картою:"},
    "ui.af.defend_row": {"en": "{attacker} attacks you. Defend with:", "ru": "Вас атакует {attacker}. Защищаться картой:",
                         "uk": "Вас атакує {attacker}. Захищатися картою:"},
    "ui.af.finish_row": {"en": "Or finish the turn:", "ru": "Или закончить ход:", "uk": "Або закінчити хід:"},
    "ui.af.tie": {"en": "Tied on points: the most strength left in hand decides ({strengths}).",
                  "ru": "Поровну очков: побеждает тот, у кого больше суммарная сила карт в руке ({strengths}).",
                  "uk": "Порівну очок: перемагає той, у кого більша сумарна сила карт у руці ({strengths})."},
})


def af_move_words(species: str, lang: str = "en") -> str:
    """How a species moves, in words (from the components table, never decided here)."""
    from tutor.games.aqua_fest import components as AC
    m = AC.MOVES[species]
    if m.directions == "knight":
        parts = [text("ui.af.move.knight", lang)]
    elif m.directions == "any" and m.reach == 1:
        parts = [text("ui.af.move.any1", lang)]
    else:
        parts = [text(f"ui.af.move.{m.directions}", lang, n=m.reach)]
    if m.jump and m.directions != "knight":
        parts.append(text("ui.af.move.jump", lang))
    if m.both_layers:
        parts.append(text("ui.af.move.both", lang))
    if m.alone:
        parts.append(text("ui.af.move.alone", lang))
    return ", ".join(parts)


def af_card_label(card_id: str, lang: str = "en") -> str:
    """"crab 3 · 1–2 straight, no diagonals": species, strength and movement in the lesson language."""
    from tutor.games.aqua_fest import components as AC
    from tutor.games.aqua_fest.text import species_name
    c = AC.card(card_id)
    return text("ui.af.card", lang, species=species_name(c.species, lang), strength=c.strength,
                move=af_move_words(c.species, lang))


def af_cell(index: int) -> str:
    from tutor.games.aqua_fest import board as AB
    from tutor.games.aqua_fest.text import cell_name
    return cell_name(AB.coords(index))


def _af_label(action, lang: str) -> str:
    from tutor.core.i18n import player_name
    from tutor.games.aqua_fest import Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart
    from tutor.games.aqua_fest.text import card_name
    if isinstance(action, PlaceStart):
        return text("ui.af.place", lang, place=action.place + 1)
    if isinstance(action, Move):
        return text("ui.af.to", lang, cell=af_cell(action.to))
    if isinstance(action, Attack):
        return text("ui.af.attack", lang, target=player_name(action.target, lang), target_plain=action.target + 1,
                    card=card_name(action.card, lang))
    if isinstance(action, Defend):
        return text("ui.af.defend", lang, card=card_name(action.card, lang))
    if isinstance(action, EndTurn):
        return text("ui.af.end_turn", lang)
    if isinstance(action, DrawTwo):
        if action.home is None:
            return text("ui.af.draw_two", lang)
        return text("ui.af.draw_two_home", lang, place=action.home + 1)
    return str(action)


def _af_tip(action, lang: str, legal: bool) -> str:
    from tutor.games.aqua_fest import Move
    if isinstance(action, Move):
        return text("ui.af.to.tip", lang, card=af_card_label(action.card, lang), cell=af_cell(action.to))
    return _af_label(action, lang)


def _af_tiebreak(game, state, lang: str) -> str:
    """A note under the score table when the leaders are level on points (the engine's winners decide)."""
    from tutor.core.i18n import player_name
    from tutor.games.aqua_fest.scoring import hand_strength
    totals = {b.player: b.total for b in game.score(state)}
    top = max(totals.values())
    tied = [s for s, t in totals.items() if t == top]
    if len(tied) < 2:
        return ""
    strengths = ", ".join(f"{player_name(s, lang)}: {hand_strength(state, s)}" for s in tied)
    return text("ui.af.tie", lang, strengths=strengths)


_LABELS: dict[str, Callable] = {"maui": _maui_label, "aqua_fest": _af_label}
_TIPS: dict[str, Callable] = {"maui": _maui_tip, "aqua_fest": _af_tip}
_OFFERED: dict[str, Callable] = {"maui": _maui_offered}
_TIEBREAKS: dict[str, Callable] = {"aqua_fest": _af_tiebreak}


def _game_id(game) -> str:
    return getattr(game, "GAME_ID", game.__name__.rsplit(".", 1)[-1])


def action_label(game, action, lang: str = "en") -> str:
    if hasattr(game, "action_label"):
        return game.action_label(action, lang)
    fn = _LABELS.get(_game_id(game))
    return fn(action, lang) if fn else str(action)


def action_tip(game, action, lang: str = "en", legal: bool = True) -> str:
    fn = _TIPS.get(_game_id(game))
    return fn(action, lang, legal) if fn else action_label(game, action, lang)


def offered_actions(game, state, seat: int) -> list:
    fn = _OFFERED.get(_game_id(game))
    return fn(game, state, seat) if fn else list(game.legal_actions(state, seat))


def bot_action(game, state, seat: int, rng: random.Random):
    """A legal action for `seat`: the game's own simple player (tutor.games.<game>.bots), else a seeded
    random choice."""
    try:
        bots = importlib.import_module(f"{game.__name__}.bots")
    except ModuleNotFoundError:
        return rng.choice(list(game.legal_actions(state, seat)))
    return bots.choose(state, seat, rng)


def tiebreak_note(game, state, lang: str = "en") -> str:
    """A line under the score table explaining a tie-break, or ""."""
    fn = _TIEBREAKS.get(_game_id(game))
    return fn(game, state, lang) if fn else ""
