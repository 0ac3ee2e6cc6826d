"""Острів котів's parts of the interface: how each action reads on a button (no ids: tiles and cards by their
words), where it is chosen on the board (a tile around the island), the held tile placed by pointing at the boat
(tutor.games.isle_of_cats.placing) with a list of the places it fits as the fallback, and the score helper.
Found by the generic widgets through `SPEC.ui` (tutor.core.game)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence

from tutor.core.game import GameUI, RowPart, Table
from tutor.core.i18n import has, text
from tutor.games.isle_of_cats.coaching import coach
from tutor.games.isle_of_cats.placing import neutral_place, placing
from tutor.games.isle_of_cats.rules import (Action, Decline, KeepCards, Pass, Place, Take, TakeTreasure, island_numbers,
                                            legal_actions)
from tutor.games.isle_of_cats import components as C
from tutor.games.isle_of_cats import geometry as G
from tutor.games.isle_of_cats.render import ROOM_OF, island_room
from tutor.games.isle_of_cats.table import score_panel, summary, tips
from tutor.games.isle_of_cats.text import card_name, colour_name, room_name, shape_name, tile_name

if TYPE_CHECKING:
    from tutor.games.isle_of_cats.sandbox import ScoreHelper

_U = "ui.isle_of_cats."


@lru_cache(maxsize=None)
def _turn_of(shape: str, o: int) -> int:
    """How orientation `o` of a shape is got from the printed one: 0..3 quarter turns clockwise, +4 flipped first
    (the first such way, for a symmetric shape)."""
    cells = G.ORIENTATIONS[shape][o]
    for t in range(8):
        got = G.ORIENTATIONS[shape][0]
        if t >= 4:
            got = G._normal([(-x, y) for x, y in got])
        for _ in range(t % 4):
            got = G._normal([(-y, x) for x, y in got])
        if tuple(sorted(got)) == tuple(sorted(cells)):
            return t
    return 0


def where(action: Place, lang: str, shape: str | None = None, listed: bool = False) -> str:
    """A place in words: how the tile is turned ("as shown", "turned a quarter right", "flipped" ...), the column
    and row of its first square (numbered on the boat's edges) and the room it lies in. `listed`: as the list of
    places words it, column and row first, its heading saying which square they are of."""
    shape = shape or C.SHAPE.get(getattr(action, "tile", None) or "", None)
    if shape is None:           # no tile known (an action read alone): the corner it is aimed at
        return text(_U + "where_corner", lang, x=action.x + 1, y=action.y + 1)
    turn = _turn_of(shape, action.orientation)
    cells = G.ORIENTATIONS[shape][action.orientation]
    fx, fy = action.x + cells[0][0], action.y + cells[0][1]
    room = ROOM_OF.get((fx, fy))
    return text(_U + ("where_list" if listed else "where"), lang, o=text(_U + f"orient.{turn}", lang), x=fx + 1,
                y=fy + 1, room=room_name(room, lang) if room is not None else "")


def take_labels(actions: Sequence[Take], lang: str, numbers: Optional[dict[str, int]] = None) -> dict[Action, str]:
    """Take buttons that would read alike (two orange cats of 5 squares) say which one: its number around the
    island (`numbers`, by tile: rules.island_numbers), else its place counted from the left as drawn."""
    names = [tile_name(a.tile, lang) for a in actions]
    out: dict[Action, str] = {}
    for n, (a, name) in enumerate(zip(actions, names)):
        if names.count(name) > 1:
            out[a] = text(_U + "take_nth", lang, tile=name, n=(numbers or {}).get(a.tile, n + 1))
    return out


def action_label(action: object, lang: str) -> str:
    if isinstance(action, KeepCards):
        return text(_U + "keep", lang, cards="; ".join(card_name(c, lang) for c in action.keep))
    if isinstance(action, Take):
        return text(_U + "take", lang, tile=tile_name(action.tile, lang))
    if isinstance(action, Place):
        return text(_U + "place", lang, where=where(action, lang, None))
    if isinstance(action, TakeTreasure):
        return text(_U + "treasure", lang, shape=shape_name(action.shape, lang))
    if isinstance(action, Decline):
        return text(_U + "decline", lang)
    if isinstance(action, Pass):
        return text(_U + "pass", lang)
    return text("isle_of_cats.err.unknown_action", lang)


def action_tip(action: object, lang: str, legal: bool) -> str:
    label = action_label(action, lang)
    return label if legal else text(_U + "not_now", lang, action=label)


def action_icon(action: object, lang: str) -> str:
    """The shape on a Take button (the tile as the island lies it) and on a treasure's (tutor.core.game.GameUI)."""
    from tutor.games.isle_of_cats.render import COMMON_FILL, RARE_FILL, shape_icon, tile_icon
    if isinstance(action, Take):
        return tile_icon(action.tile)
    if isinstance(action, TakeTreasure):
        return shape_icon(action.shape, COMMON_FILL if action.shape in C.COMMON_SHAPES else RARE_FILL)
    return ""


def board_keys(action: object) -> tuple[str, ...]:
    """A tile around the island is taken by clicking it; a treasure pile by clicking the pile. Placing goes through
    `placing` (a preview on the boat), not through hit areas."""
    if isinstance(action, Take):
        return (f"tile:{action.tile}",)
    if isinstance(action, TakeTreasure):
        return (f"supply:{action.shape}",)
    return ()


def action_rows(table: Table, seat: int) -> list[list[RowPart]]:
    """Buttons for every phase; while placing, the fallback to the board's preview: a list of the places the tile
    fits and a button that places it there (Rotate and Flip live with the preview, under the board)."""
    state, lang = table.state, table.lang
    legal = legal_actions(state, seat)
    head = table.caption(table.your_move(seat), bold=True)
    if state.phase == "treasure":
        # the turn goes on with a choice the learner had not asked for: said as such (the phone's turn bar shows this
        # line), not as one more "your move" (a reader took the turn for over and never saw the treasures, stop 55)
        head = table.caption(text(_U + "treasure_head", lang, player=table.seat_words(seat)), bold=True)
    if state.phase == "place" and state.held is not None and seat == state.turn:
        # what to do now, in the rows' first line (the phone's turn bar): the tile taken, its preview on the boat and
        # nothing said until a square was tapped (a reader, stop 55)
        head = table.caption(text(_U + "place_head", lang, player=table.seat_words(seat),
                                  tile=tile_name(state.held, lang)), bold=True)
    if state.phase != "place":
        island = [Take(seat, t) for t in state.island]
        offered = legal
        if state.phase == "take" and seat == state.turn:
            # every island tile, not only those that fit: a list of the fitting ones would give a task's answer
            # away, and one that cannot be taken is offered greyed, so its click (here or on the board) is
            # refused with its rule («РОЗМІЩЕННЯ ПЛИТОК») instead of doing nothing
            offered = island + [a for a in legal if not isinstance(a, Take)]
        numbers = dict(zip(state.island, island_numbers(state)))
        named = take_labels(island, lang, numbers) if any(isinstance(a, Take) for a in offered) else {}
        choices = [table.action_choice(a, set(legal), named.get(a)) for a in offered]
        for c in choices:       # the board's tile says which of two alike it is, as its button does
            if c.action in named:
                # ... and one that cannot be taken still says "Not now", as the others do (not in a task: nothing
                # marks a move before it is tried, tutor.widgets.play.PlayTable.previews)
                c.tooltip = (named[c.action] if c.action in legal or not table.previews
                             else text(_U + "not_now", lang, action=named[c.action]))
        return [[head, {"choices": choices}]]
    chosen = {"action": legal[0]} if legal else {}

    def pick(value: Sequence[int]) -> None:
        o, x, y = value
        chosen["action"] = Place(seat, o, x, y)

    shape = C.SHAPE[state.held] if state.held is not None else None
    # the list starts where the preview does (placing.neutral_place): that place comes first, as a page shows a
    # list at its first option
    avoid = table.placing_avoid() if hasattr(table, "placing_avoid") else ()      # a task: its right moves
    start = neutral_place(state, seat, avoid) if state.held is not None else None
    places = [a for a in legal if isinstance(a, Place)]     # the place phase: every legal action places the tile
    neutral = next((a for a in places if (a.orientation, a.x, a.y) == start), places[0] if places else None)
    if neutral is not None:
        chosen["action"] = neutral
        rest = [a for a in places if a != neutral]
        if shape is not None:
            # the rest by column, then row, of the square the list names (30 to 120 places in the engine's order
            # could not be searched by eye)
            cells = G.ORIENTATIONS[shape]
            rest.sort(key=lambda a: (a.x + cells[a.orientation][0][0], a.y + cells[a.orientation][0][1],
                                     a.orientation))
        places = [neutral] + rest
    options = [(where(a, lang, shape, listed=True), [a.orientation, a.x, a.y]) for a in places]
    p = table.pick(text(_U + "placements", lang), options,
                   [neutral.orientation, neutral.x, neutral.y] if neutral is not None else None, pick)
    # not the preview's "Place (Enter)": this one places what the list shows, wherever the preview is
    button = table.choice(text(_U + "place_listed", lang), "", "info", "tutor-action tutor-place-listed",
                          lambda c: table.act(chosen["action"]), action=neutral)
    # the list folded under its own words: pointing at the boat is the way; the list is the keyboard's and a screen
    # reader's (30 to 120 places in words were the main path on a phone)
    return [[head], [{"fold": text(_U + "placements_fold", lang, n=len(places))}, {"choices": [button], "pick": p}]]


def sandbox(lang: str = "en", **kwargs: Any) -> ScoreHelper:
    from tutor.games.isle_of_cats.sandbox import ScoreHelper
    return ScoreHelper(lang=lang, **kwargs)


def components(lang: str) -> str:
    """What is in the box, every number from components.py: the tiles (where each kind lies at the start), the boat
    (its squares, rooms, rats and maps) and the 18 family cards; each row says where its facts come from (the
    shapes, the boats and the cards come from the component data, not the rulebook's text)."""
    from tutor.games.isle_of_cats import components as C
    from tutor.games.isle_of_cats.text import room_name
    from tutor.widgets.common import esc, safe_cite
    from tutor.widgets.tables import SourcedRow, source_cell, sourced_table

    def row(what: str, count: object, where: str, provenances: Iterable[str], rule: str) -> SourcedRow:
        cited = safe_cite(rule, lang)
        return ("", source_cell(provenances, lang, C.RULEBOOK, C.DATA),
                [f'{esc(what)} <span class="tutor-cite">{esc(cited)}</span>', f'<td class="num">{esc(count)}</td>',
                 f"<td>{esc(where)}</td>"])

    def head(*keys: str) -> list[str]:
        return [text(_U + "components." + k, lang) for k in keys]

    cats = [C.TILES[t] for t in C.CAT_TILES]
    rares = [C.TILES[t] for t in C.RARE_TILES]
    supply = ", ".join(text(_U + "components.supply_for", lang, players=p, n=n) for p, n in C.COMMON_SUPPLY.items())
    tiles = [
        row(text(_U + "components.cats", lang, shapes=len(C.CAT_SHAPES), colours=len(C.CAT_COLOURS)), len(cats),
            text(_U + "components.in_bag", lang), [t.provenance for t in cats], "isle_of_cats:bag"),
        row(text(_U + "components.rares", lang, shapes=len(C.RARE_SHAPES), each=C.RARE_EACH), len(rares),
            text(_U + "components.in_bag", lang), [t.provenance for t in rares], "isle_of_cats:bag"),
        row(text(_U + "components.commons", lang, shapes=", ".join(shape_name(s, lang) for s in C.COMMON_SHAPES)),
            supply, text(_U + "components.beside", lang), [C.RULEBOOK], "isle_of_cats:general-setup"),
    ]
    rooms = ", ".join(f"{room_name(i, lang)} ({len(cells)})" for i, cells in enumerate(C.ROOMS))
    rats = sorted({len(r) for r in C.RATS.values()})
    boat = [
        row(text(_U + "components.squares", lang, w=C.WIDTH, h=C.HEIGHT), len(C.BOAT_CELLS), "", [C.DATA],
            "isle_of_cats:placement"),
        row(text(_U + "components.rooms", lang), len(C.ROOMS), rooms, [C.DATA], "isle_of_cats:rooms"),
        row(text(_U + "components.rats", lang), "/".join(map(str, rats)), "", [C.DATA], "isle_of_cats:rats"),
        row(text(_U + "components.maps", lang), len(C.CAT_COLOURS),
            ", ".join(colour_name(c, lang) for c in C.CAT_COLOURS), [C.DATA], "isle_of_cats:maps"),
    ]
    cards: list[SourcedRow] = [("", source_cell([c.provenance], lang, C.RULEBOOK, C.DATA), [esc(card_name(c.id, lang))])
                               for c in C.FAMILY_CARDS.values()]
    return (sourced_table(esc(text(_U + "components.tiles", lang)), "tutor-cards", head("what", "count", "where"), tiles)
            + sourced_table(esc(text(_U + "components.boat", lang, boats=len(C.BOAT_COLOURS))), "tutor-cards",
                            head("what", "count", "which"), boat)
            + sourced_table(f'{esc(text(_U + "components.cards", lang, n=len(C.FAMILY_CARDS)))} <span class="tutor-cite">'
                            f'{esc(safe_cite("isle_of_cats:tasks", lang))}</span>', "tutor-cards", head("task"), cards)
            + f'<p class="tutor-assumed-note">{esc(text(_U + "components.note", lang))}</p>')


def answer_marks(state: Any, action: object) -> tuple[str, ...]:
    """A placement drawn where it goes: the held tile's outline, dashed, marked ✓ (a task's right move, shown once
    the learner asked why)."""
    if isinstance(action, Place) and state.held is not None:
        return (f"fit:{action.player}:✓:{state.held}:{action.orientation},{action.x},{action.y}",)
    return ()


def family_cards(lang: str) -> str:
    """The 18 family cards, each with how the tutor counts it (its ruling, without the card's words again): the
    lesson's part on family cards shows them where they are taught (a reader met rulings about cards the page had
    not shown, their list folded away in the box's part). Found as the game's legend (tutor.lesson.legend)."""
    import re
    from tutor.games.isle_of_cats import components as C
    from tutor.widgets.common import esc

    def how(card_id: str) -> str:
        slug = card_id if has(f"isle_of_cats.ruling.{card_id}") else "card-five"
        said = text(f"isle_of_cats.ruling.{slug}", lang, card="\0")
        return re.sub(r"^.*?\0\W*\s*", "", said) if "\0" in said else said

    # the five colour cards share one ruling: said once, after its first card, and "as above" after the others (a
    # reader read the same sentence five times running)
    said: set[str] = set()
    rows = []
    for c in C.FAMILY_CARDS.values():
        words = how(c.id)
        cell = esc(text(_U + "cards.same", lang)) if words in said else esc(words)
        said.add(words)
        rows.append(f'<tr data-card="{esc(c.id)}"><td>{esc(card_name(c.id, lang))}</td><td>{cell}</td></tr>')
    head = "".join(f"<th>{esc(text(_U + 'cards.' + k, lang))}</th>" for k in ("card", "how"))
    return (f'<table class="tutor-cards tutor-family-cards"><caption>'
            f'{esc(text(_U + "components.cards", lang, n=len(C.FAMILY_CARDS)))}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def advice(state: Any, seat: int, lang: str) -> str:
    """A running score table, as the score helper shows it (the play table now shows the game's score panel,
    tutor.games.isle_of_cats.table, instead: a fresh reader saw both, one under the other): each boat's visible rats, unfilled rooms and
    families so far, and their sum. Boats are public; the family cards stay secret and are not counted (ruling
    cards-secret)."""
    from tutor.core.i18n import number, player_name
    from tutor.games.isle_of_cats.scoring import breakdown
    from tutor.widgets.common import esc
    rows = []
    for s in range(len(state.placed)):
        b = breakdown(state.placed[s], state.boats[s])
        rats, rooms, *fams = b.lines
        who = player_name(s, lang) + (f" ({text(_U + 'running.you', lang)})" if s == seat else "")
        families = ", ".join(f"{dict(f.params)['n']} → {f.points}" for f in fams) or "—"
        # the sum next to the name: on a phone a table wider than the screen scrolls, and its last column was out
        # of sight (a fresh reader saw no total)
        rows.append(f'<tr data-seat="{s}"><td>{esc(who)}</td>'
                    f'<td class="num" data-points="{b.total}">{number(b.total)}</td>'
                    f'<td class="num">{dict(rats.params)["n"]}</td><td class="num">{dict(rooms.params)["n"]}</td>'
                    f'<td>{esc(families)}</td></tr>')
    columns = ("player", "total", "rats", "rooms", "families")
    head = "".join(f"<th>{esc(text(_U + 'running.' + k, lang))}</th>" for k in columns)
    return (f'<div class="tutor-ioc-running"><p><b>{esc(text(_U + "running.title", lang))}</b></p>'
            f'<table class="tutor-score"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def rows_note(state: Any, seat: int, lang: str) -> str:
    """Under "your move" while the learner takes a tile: the island's tiles take too. On a phone the buttons stand
    under both boats, a screen or two below the tiles, and nothing said the tiles could be tapped (a reader, stop 60)."""
    return text(_U + "take_on_board", lang) if state.phase == "take" and seat == state.turn and state.island else ""


UI = GameUI(action_label=action_label, action_tip=action_tip, action_icon=action_icon, board_keys=board_keys, action_rows=action_rows, rows_note=rows_note,
            placing=placing, sandbox=sandbox, components=components, sandbox_label="isle_of_cats.sandbox.open",
            # the board draws each player's family cards under their boat: its key is the cards, with how each counts
            legend=family_cards,
            # the table outlines the families and shows a player their own family cards (a lesson's board shows
            # them face down until part 10 teaches them: render.CARDS_UP)
            table_marks=("families", "cards:up"),
            # the play table as a game (issue #34): a day and the game summed up, the coach, the live score, tips
            # a worked example's island as tall on every step as at its tallest (its boat stays put)
            steady=island_room,
            summary=summary, film_beats=("placed",), coach=coach, score_panel=score_panel, tips=tips, answer_marks=answer_marks)
