"""Aqua Fest's parts of the interface: how cards and moves read on buttons, the card-then-cell picker,
the shell-assembly sandbox, the component tables, lesson-style positions and the play table's summaries, score
panel, coach and tips. Found by the generic widgets
through `SPEC.ui` (tutor.core.game); nothing here decides a rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from tutor.core.game import GameUI, RowPart, Table, deferred
from tutor.core.i18n import player_name, text
from tutor.games.aqua_fest import board as AB
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.rules import Attack, Defend, DrawTwo, EndTurn, Move, PlaceStart, State
from tutor.games.aqua_fest.scoring import hand_strength, score
from tutor.games.aqua_fest.text import card_name, cell_name, colour_name, fragment_kind_name, species_name

if TYPE_CHECKING:
    from tutor.games.aqua_fest.shells_widget import ShellsHelper


def move_words(species: str, lang: str = "en", *, only_the_way: bool = False) -> str:
    """How a species moves, in words (from the components table, never decided here); `only_the_way`: the path
    alone, without what it takes or that it plays alone (a refusal of a cell out of its reach)."""
    m = C.MOVES[species]
    if m.directions == "knight":
        parts = [text("ui.af.move.knight", lang)]
    elif m.directions == "any" and m.reach == 1:
        parts = [text("ui.af.move.any1", lang)]
    else:
        parts = [text(f"ui.af.move.{m.directions}", lang, n=m.reach)]
    if m.jump and m.directions != "knight":
        parts.append(text("ui.af.move.jump", lang))
    if only_the_way:
        return ", ".join(parts)
    if m.both_layers:
        parts.append(text("ui.af.move.both", lang))
    if m.alone:
        parts.append(text("ui.af.move.alone", lang))
    return ", ".join(parts)


def card_label(card_id: str, lang: str = "en") -> str:
    """"crab 3 · exactly 2 straight, no diagonals": species, strength and movement in the lesson language."""
    c = C.card(card_id)
    return text("ui.af.card", lang, species=species_name(c.species, lang), strength=c.strength,
                move=move_words(c.species, lang))


def cell(index: int) -> str:
    return cell_name(AB.coords(index))


def action_label(action: object, lang: str) -> str:
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
        return text("ui.af.go_home", lang)     # where to: label_in names the place, which needs the player's side
    return str(action)


def label_in(state: State, action: object, lang: str) -> Optional[str]:
    """Going home to a place named by the cell of the player's side the start tile is laid beside (the place's
    number, 1 to 5, told a learner nothing); a move back to the cell the turn began on says it takes nothing there
    (ruling start-cell: it was offered like any other cell, a reader, stop 57); None otherwise."""
    if isinstance(action, Move) and state.turn_start is not None and action.to == state.turn_start:
        return text("ui.af.to_turn_start", lang, cell=cell(action.to))
    if isinstance(action, DrawTwo) and action.home is not None:
        from tutor.games.aqua_fest.text import beside_name
        return text("ui.af.draw_two_home", lang, cell=beside_name(state.sides[action.player], action.home))
    return None


def action_tip(action: object, lang: str, legal: bool) -> str:
    if isinstance(action, Move):
        return text("ui.af.to.tip", lang, card=card_label(action.card, lang), cell=cell(action.to))
    return action_label(action, lang)


def tiebreak_note(state: State, lang: str) -> str:
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


def _lesson_spec(d: dict[str, Any]) -> bool:
    """Does an Aqua Fest setup dict look like a lesson spec (players from 1, cells A1..E5, maps per player)
    rather than `aqua_fest.setup` keyword arguments (seats from 0, lists of 25 cells)?"""
    if not set(d) <= _SPEC_KEYS:
        return False
    if any(isinstance(d.get(k), (list, tuple)) for k in ("upper", "lower", "pawns", "hands", "collected", "homes")):
        return False
    return True


def components(lang: str, only: str = "") -> str:
    """Tiles (corals; fragments by kind x colour x stars), cards (species, strengths, movement) and the set-up
    facts; `only="tiles"` the tiles' table (the shells' part), `only="cards"` the rest (the creatures' part: a
    reader looked for how rare a shape is where shells are taught, not among the cards). Where a value comes from is marked once per table when all its rows share it, else in the row's first
    cell: a column of «условно» on every row was the one a phone never showed (it lay past the screen's edge)."""
    from tutor.widgets.common import esc, safe_cite, ui
    from tutor.widgets.tables import SourcedRow, source_cell, sourced_table

    def table(title: str, rule: str, css: str, heads: Iterable[str], rows: list[SourcedRow]) -> str:
        return sourced_table(f'{esc(title)} <span class="tutor-cite">{esc(safe_cite(rule, lang))}</span>', css,
                             list(heads), rows)

    def provenance(provenances: Iterable[str]) -> tuple[str, str]:
        return source_cell(provenances, lang, C.RULEBOOK)

    tiles = [C.tile(t) for t in C.ALL_TILES]
    corals = [t for t in tiles if t.coral]
    rows = [('data-kind="coral"', provenance(t.provenance for t in corals),
             [esc(ui("af.coral", lang)), "<td></td><td></td><td></td><td></td>", f'<td class="num">{len(corals)}</td>'])]
    for kind in C.FRAGMENT_KINDS:
        for colour in C.COLOURS:
            items = [t for t in tiles if not t.coral and t.kind == kind and t.colour == colour]
            if not items:
                continue
            stars = "".join(f'<td class="num">{sum(1 for t in items if t.stars == n)}</td>' for n in (1, 2, 3))
            rows.append((f'data-kind="{esc(kind)}" data-colour="{esc(colour)}"', provenance(x.provenance for x in items),
                         [esc(fragment_kind_name(kind, lang)), f"<td>{esc(colour_name(colour, lang))}</td>", stars,
                          f'<td class="num">{len(items)}</td>']))
    tile_table = table(ui("af.tiles", lang), "aqua_fest:tiles", "tutor-tiles",
                       (ui("af.tile", lang), ui("af.pearl", lang), "★", "★★", "★★★", ui("count", lang)), rows)
    rows = []
    for sp in C.SPECIES:
        cards = [c for c in C.CARDS.values() if c.species == sp]
        strengths = ", ".join(str(c.strength) for c in sorted(cards, key=lambda c: c.strength))
        # how it moves, in words, says too whether it jumps, takes both layers and is played alone (move_words)
        rows.append((f'data-kind="{esc(sp)}"', provenance(x.provenance for x in cards),
                     [esc(species_name(sp, lang)), f'<td class="num">{len(cards)}</td>', f"<td>{esc(strengths)}</td>",
                      f"<td>{esc(move_words(sp, lang))}</td>"]))
    card_table = table(ui("af.cards", lang), "aqua_fest:cards", "tutor-cards",
                       (ui("af.species", lang), ui("count", lang), ui("af.strengths", lang), ui("af.movement", lang)),
                       rows)
    rows = [(f'data-kind="{esc(key)}"', provenance([prov]), [esc(ui("af.setup." + key, lang)), f"<td>{esc(value)}</td>"])
            for key, value, prov in C.SETUP_FACTS]
    setup_table = table(ui("af.setup", lang), "aqua_fest:goal", "tutor-setup",
                        (ui("af.setup", lang), ui("af.setup.value", lang)), rows)
    note = f'<p class="tutor-assumed-note">{esc(ui("assumed_note", lang))}</p>'
    if only not in ("", "tiles", "cards"):
        raise ValueError(f"Aqua Fest's components: no table {only!r} (tiles or cards)")
    return ((tile_table if only in ("", "tiles") else "")
            + (card_table + setup_table if only in ("", "cards") else "") + note)


def position(d: dict[str, Any]) -> Optional[State]:
    """A lesson-style position dict (players from 1, cells A1..E5) as a state; None for `setup` keywords."""
    if not _lesson_spec(d):
        return None
    from tutor.games.aqua_fest.scenario import setup as spec_setup
    return spec_setup(d)


def board_keys(action: object) -> tuple[str, ...]:
    """Where an action is chosen on the board, step by step: a card, then the cell it moves to or the pawn it
    attacks; a defence is its card; a start tile, its place; going home, the start tile and then the place it is laid
    beside. Ending the turn and drawing two without going home are buttons only (a stray click beside the board must
    not end a turn)."""
    if isinstance(action, Move):
        return (card_key(action.card), f"cell:{action.to}")
    if isinstance(action, Attack):
        return (card_key(action.card), f"seat:{action.target}")
    if isinstance(action, Defend):
        return (card_key(action.card),)
    if isinstance(action, PlaceStart):
        return (f"place:{action.player}:{action.place}",)
    if isinstance(action, DrawTwo) and action.home is not None:
        # going home: your start tile, then the place along your edge it is laid beside (a drop-down under the
        # buttons was a reader's only way to choose it, and they pressed the button first)
        return (f"home:{action.player}", f"place:{action.player}:{action.home}")
    return ()


def card_key(card_id: str) -> str:
    return f"card:{card_id}"


def action_rows(table: Table, seat: int) -> list[list[RowPart]]:
    from tutor.games.aqua_fest.play_rows import action_rows as rows
    return rows(table, seat)


def board_kinds(table: Table) -> Optional[tuple[type, ...]]:
    from tutor.games.aqua_fest.play_rows import board_kinds as kinds
    return kinds(table)


def sandbox(lang: str = "en", **kwargs: Any) -> ShellsHelper:
    from tutor.games.aqua_fest.shells_widget import ShellsHelper
    return ShellsHelper(lang=lang, **kwargs)


# The play table's moments, score, coach and tips (tutor.games.aqua_fest.table), imported when first asked for: the
# table module draws on this one's move words.

legend = deferred(__package__ or "", ".card_key:legend")   # the key to a creature card (lesson part 6)

summary = deferred(__package__ or "", ".table:summary")
coach = deferred(__package__ or "", ".table:coach")
score_panel = deferred(__package__ or "", ".table:score_panel")
tips = deferred(__package__ or "", ".table:tips")


UI = GameUI(action_label=action_label, label_in=label_in, action_tip=action_tip, tiebreak_note=tiebreak_note, action_rows=action_rows,
            board_kinds=board_kinds,
            sandbox=sandbox, sandbox_label="lazy.shells", components=components, legend=legend, position=position,
            board_keys=board_keys, summary=summary, coach=coach, score_panel=score_panel, tips=tips)
