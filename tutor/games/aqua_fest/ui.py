"""Aqua Fest's parts of the interface: how cards and moves read on buttons, the card-then-cell picker,
the shell-assembly sandbox, the component tables and lesson-style positions. Found by the generic widgets
through `SPEC.ui` (tutor.core.game); nothing here decides a rule."""

from __future__ import annotations

from tutor.core.game import GameUI
from tutor.core.i18n import player_name, register, text
from tutor.games.aqua_fest import board as AB
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart
from tutor.games.aqua_fest.scoring import hand_strength, score
from tutor.games.aqua_fest.text import COLOUR_NAMES, KIND_NAMES, card_name, cell_name, species_name

register({
    "ui.lazy.shells": {"en": "▶ Open the shell-assembly helper", "ru": "▶ Открыть помощника по сборке ракушек",
                       "uk": "▶ Відкрити помічника зі збирання мушель"},
    "ui.af.yes": {"en": "yes", "ru": "да", "uk": "так"},
    "ui.af.setup": {"en": "Setting up", "ru": "Подготовка", "uk": "Підготовка"},
    "ui.af.setup.value": {"en": "Value", "ru": "Значение", "uk": "Значення"},
    "ui.af.setup.hand_size": {"en": "Cards in each hand at the start", "ru": "Карт в руке в начале игры",
                              "uk": "Карт у руці на початку гри"},
    "ui.af.setup.bonus_order": {"en": "Bonus tokens, from the first player round the table",
                                "ru": "Жетоны дополнительных баллов по кругу от первого игрока",
                                "uk": "Жетони додаткових балів по колу від першого гравця"},
    "ui.af.setup.first_player": {"en": "Who starts (player number)", "ru": "Кто ходит первым (номер игрока)",
                                 "uk": "Хто ходить першим (номер гравця)"},
    "ui.af.no": {"en": "no", "ru": "нет", "uk": "ні"},
    "ui.af.coral": {"en": "coral", "ru": "коралл", "uk": "корал"},
    "ui.af.tile": {"en": "Tile", "ru": "Тайл", "uk": "Тайл"},
    "ui.af.pearl": {"en": "Pearl", "ru": "Жемчужина", "uk": "Перлина"},
    "ui.af.tiles": {"en": "Corals and shell fragments", "ru": "Кораллы и осколки ракушек",
                    "uk": "Корали й уламки мушель"},
    "ui.af.cards": {"en": "Sea-creature cards", "ru": "Карты морских жителей", "uk": "Карти морських мешканців"},
    "ui.af.species": {"en": "Species", "ru": "Вид", "uk": "Вид"},
    "ui.af.strengths": {"en": "Strengths", "ru": "Сила", "uk": "Сила"},
    "ui.af.movement": {"en": "Movement", "ru": "Перемещение", "uk": "Переміщення"},
    "ui.af.alone": {"en": "Played alone", "ru": "Играется одна", "uk": "Грається одна"},
    "ui.af.jump": {"en": "Jumps", "ru": "Перепрыгивает", "uk": "Перестрибує"},
    "ui.af.both": {"en": "Both layers", "ru": "Оба слоя", "uk": "Обидва шари"},
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


def move_words(species: str, lang: str = "en") -> str:
    """How a species moves, in words (from the components table, never decided here)."""
    m = C.MOVES[species]
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


def card_label(card_id: str, lang: str = "en") -> str:
    """"crab 3 · 1–2 straight, no diagonals": species, strength and movement in the lesson language."""
    c = C.card(card_id)
    return text("ui.af.card", lang, species=species_name(c.species, lang), strength=c.strength,
                move=move_words(c.species, lang))


def cell(index: int) -> str:
    return cell_name(AB.coords(index))


def action_label(action, lang: str) -> str:
    if isinstance(action, PlaceStart):
        return text("ui.af.place", lang, place=action.place + 1)
    if isinstance(action, Move):
        return text("ui.af.to", lang, cell=cell(action.to))
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


def action_tip(action, lang: str, legal: bool) -> str:
    if isinstance(action, Move):
        return text("ui.af.to.tip", lang, card=card_label(action.card, lang), cell=cell(action.to))
    return action_label(action, lang)


def tiebreak_note(state, lang: str) -> str:
    """A note under the score table when the leaders are level on points (the engine's winners decide)."""
    totals = {b.player: b.total for b in score(state)}
    top = max(totals.values())
    tied = [s for s, t in totals.items() if t == top]
    if len(tied) < 2:
        return ""
    strengths = ", ".join(f"{player_name(s, lang)}: {hand_strength(state, s)}" for s in tied)
    return text("ui.af.tie", lang, strengths=strengths)


_SPEC_KEYS = {"players", "seed", "first", "sides", "homes", "collected", "upper", "lower", "empty", "pawns",
              "hands", "deck"}


def _lesson_spec(d: dict) -> bool:
    """Does an Aqua Fest setup dict look like a lesson spec (players from 1, cells A1..E5, maps per player)
    rather than `aqua_fest.setup` keyword arguments (seats from 0, lists of 25 cells)?"""
    if not set(d) <= _SPEC_KEYS:
        return False
    if any(isinstance(d.get(k), (list, tuple)) for k in ("upper", "lower", "pawns", "hands", "collected", "homes")):
        return False
    return True


def components(lang: str) -> str:
    """Tiles (corals; fragments by kind x colour x stars) and cards (species, strengths, movement)."""
    from tutor.widgets.common import esc, safe_cite, ui
    from tutor.widgets.tables import source_cell

    def source(provenances) -> tuple[str, str]:
        return source_cell(provenances, lang, C.RULEBOOK)

    def yes(flag: bool) -> str:
        return ui("af.yes" if flag else "af.no", lang)

    def name(table, key):
        return table[key].get(lang, table[key]["en"])

    tiles = [C.tile(t) for t in C.ALL_TILES]
    corals = [t for t in tiles if t.coral]
    prov, src = source(t.provenance for t in corals)
    rows = [f'<tr data-kind="coral" data-provenance="{prov}"><td>{esc(ui("af.coral", lang))}</td><td></td>'
            f'<td></td><td></td><td></td><td class="num">{len(corals)}</td><td>{src}</td></tr>']
    for kind in C.FRAGMENT_KINDS:
        for colour in C.COLOURS:
            items = [t for t in tiles if not t.coral and t.kind == kind and t.colour == colour]
            if not items:
                continue
            prov, src = source(x.provenance for x in items)
            stars = "".join(f'<td class="num">{sum(1 for t in items if t.stars == n)}</td>' for n in (1, 2, 3))
            rows.append(f'<tr data-kind="{esc(kind)}" data-colour="{esc(colour)}" data-provenance="{prov}">'
                        f"<td>{esc(name(KIND_NAMES, kind))}</td><td>{esc(name(COLOUR_NAMES, colour))}</td>{stars}"
                        f'<td class="num">{len(items)}</td><td>{src}</td></tr>')
    head = "".join(f"<th>{esc(h)}</th>" for h in (ui("af.tile", lang), ui("af.pearl", lang), "★", "★★", "★★★",
                                                   ui("count", lang), ui("source", lang)))
    tile_table = (f'<h4>{esc(ui("af.tiles", lang))} <span class="tutor-cite">{esc(safe_cite("aqua_fest:tiles", lang))}'
                  f'</span></h4><table class="tutor-tiles"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
                  f"</tbody></table>")

    rows = []
    for sp in C.SPECIES:
        items = [c for c in C.CARDS.values() if c.species == sp]
        m = C.MOVES[sp]
        prov, src = source(x.provenance for x in items)
        strengths = ", ".join(str(c.strength) for c in sorted(items, key=lambda c: c.strength))
        rows.append(f'<tr data-kind="{esc(sp)}" data-provenance="{prov}"><td>{esc(species_name(sp, lang))}</td>'
                    f'<td class="num">{len(items)}</td><td>{esc(strengths)}</td><td>{esc(move_words(sp, lang))}</td>'
                    f"<td>{esc(yes(m.alone))}</td><td>{esc(yes(m.jump))}</td><td>{esc(yes(m.both_layers))}</td>"
                    f"<td>{src}</td></tr>")
    head = "".join(f"<th>{esc(h)}</th>" for h in (
        ui("af.species", lang), ui("count", lang), ui("af.strengths", lang), ui("af.movement", lang),
        ui("af.alone", lang), ui("af.jump", lang), ui("af.both", lang), ui("source", lang)))
    card_table = (f'<h4>{esc(ui("af.cards", lang))} <span class="tutor-cite">{esc(safe_cite("aqua_fest:cards", lang))}'
                  f'</span></h4><table class="tutor-cards"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
                  f"</tbody></table>")
    rows = []
    for key, value, provenance in C.SETUP_FACTS:
        prov, src = source([provenance])
        rows.append(f'<tr data-kind="{esc(key)}" data-provenance="{prov}"><td>{esc(ui("af.setup." + key, lang))}</td>'
                    f"<td>{esc(value)}</td><td>{src}</td></tr>")
    head = "".join(f"<th>{esc(h)}</th>" for h in (ui("af.setup", lang), ui("af.setup.value", lang), ui("source", lang)))
    setup_table = (f'<h4>{esc(ui("af.setup", lang))} <span class="tutor-cite">{esc(safe_cite("aqua_fest:goal", lang))}'
                   f'</span></h4><table class="tutor-setup"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
                   f"</tbody></table>")
    return (tile_table + card_table + setup_table
            + f'<p class="tutor-assumed-note">{esc(ui("assumed_note", lang))}</p>')


def position(d: dict):
    """A lesson-style position dict (players from 1, cells A1..E5) as a state; None for `setup` keywords."""
    if not _lesson_spec(d):
        return None
    from tutor.games.aqua_fest.scenario import setup as spec_setup
    return spec_setup(d)


def action_rows(table, seat: int) -> list:
    from tutor.games.aqua_fest.play_rows import action_rows as rows
    return rows(table, seat)


def sandbox(lang: str = "en", **kwargs):
    from tutor.games.aqua_fest.shells_widget import ShellsHelper
    return ShellsHelper(lang=lang, **kwargs)


UI = GameUI(action_label=action_label, action_tip=action_tip, tiebreak_note=tiebreak_note, action_rows=action_rows,
            sandbox=sandbox, sandbox_label="lazy.shells", components=components, position=position)
