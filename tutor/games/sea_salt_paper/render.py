"""Паперові океани SVG: a pure function from a view dict (what one player may see) to SVG text.

    svg = render(sea_salt_paper.view(state, 0), highlight=["pile:1"], lang="uk", events=events)

Everything drawn comes from the view, so a hidden card cannot leak: the view never holds its id. The deck and
the two discard piles (top card and size) lie across the top; below, one panel per player with the cards they
played (face up) and their hand (face down unless the viewer may see it), their total and card points.

A card shows its kind in words, its colour as a fill AND as a ColorADD-style sign in its corner (colour never
carries meaning alone), and how it scores. Each visible card carries `data-card="<id>"` (an attribute, never
text). `highlight` (lesson pointers): "card:<id>", "pile:<0|1>", "deck", "seat:<0-based seat>"; "hide:points" leaves
out the seats' card points (a worked example's step that asks what the cards are worth). `events` (the
last action's) ring the cards they name. `choosable` ({key: choice id or tutor.core.svg.Offer}, from a widget;
keys as ui.board_keys makes them: "deck", "pile:<n>", "card:<id>", "seat:<n>") lays a focusable button
(`data-choice`) over each element so named; without it the drawing is the same, only without buttons.

The SVG is written as text (not through svgwrite): a card's markup is made once per card, size and language and
placed with a translate, which keeps a whole table under a few milliseconds.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from tutor.core import svg as S
from tutor.core.cardtable import CardBoard
from tutor.core.cardtable import attr as _a, empty_slot, fit as _fit, fitted as _fitted, label as _t, place as _place
from tutor.core.i18n import player_name, text
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.text import card_name, kind_name, pile_name, points_text

W = 900
TOP = 44                       # below the header band
CW, CH = 64, 90                # a card on the table (deck, piles, drawn, looked-through)
SW, SH = 52, 74                # a card in a player's panel
PANEL_H = 112
PANEL_Y = TOP + CH + 40
BACK = "#20466e"


def _w(key: str, lang: str, **params) -> str:
    return text(f"sea_salt_paper.board.{key}", lang, **params)


# --------------------------------------------------------------------------- ColorADD-style signs

def _sign(kind: str, x: float, y: float, s: float) -> str:
    """One ColorADD-style sign in an s × s box at (x, y)."""
    if kind == "slash":
        return (f'<line x1="{x:.1f}" y1="{y + s:.1f}" x2="{x + s:.1f}" y2="{y:.1f}" stroke="{S.INK}" '
                f'stroke-width="1.6"/>')
    if kind == "blue":       # a triangle pointing left
        return f'<polygon points="{x:.1f},{y + s / 2:.1f} {x + s:.1f},{y:.1f} {x + s:.1f},{y + s:.1f}" fill="{S.INK}"/>'
    if kind == "red":        # a triangle pointing right
        return f'<polygon points="{x:.1f},{y:.1f} {x + s:.1f},{y + s / 2:.1f} {x:.1f},{y + s:.1f}" fill="{S.INK}"/>'
    if kind == "open":
        return (f'<rect x="{x + 0.8:.1f}" y="{y + 0.8:.1f}" width="{s - 1.6:.1f}" height="{s - 1.6:.1f}" fill="#ffffff" '
                f'stroke="{S.INK}" stroke-width="1.2"/>')
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{s:.1f}" height="{s:.1f}" fill="{S.INK}"/>'   # filled


def colour_sign(colour: str, x: float, y: float, s: float = 7) -> str:
    """The colour's signs side by side on a white tab (class "colour-sign")."""
    signs = C.COLORADD[colour]
    width = len(signs) * (s + 2) + 2
    out = [f'<g class="colour-sign" data-colour="{colour}">',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{s + 4:.1f}" rx="2" fill="#ffffff" '
           f'stroke="{S.INK}" stroke-width="0.6"/>']
    for i, sign in enumerate(signs):
        out.append(_sign(sign, x + 2 + i * (s + 2), y + 2, s))
    out.append("</g>")
    return "".join(out)


# --------------------------------------------------------------------------- cards


@lru_cache(maxsize=2048)
def _face(card_id: str, w: int, h: int, lang: str) -> str:
    """A face-up card drawn at the origin."""
    kind, colour = C.KIND[card_id], C.COLOUR[card_id]
    fill = C.COLOUR_HEX[colour]
    name = kind_name(kind, lang)
    words = name.split(" ") if len(name) > 10 and " " in name else [name]
    cap = 11.0 if len(words) == 1 else 10.0
    size = min(_fit(x, w - 10, cap, True) for x in words)     # one size for the name's lines
    value = text(f"sea_salt_paper.board.value.{kind}", lang)
    out = [f'<g class="card" data-card="{card_id}" data-kind="{kind}" data-colour="{colour}">',
           f"<title>{escape(card_name(card_id, lang))}</title>",
           f'<rect width="{w}" height="{h}" rx="6" fill="{fill}" stroke="{S.INK}" stroke-width="1.2"/>',
           f'<rect x="4" y="{h * 0.3:.1f}" width="{w - 8}" height="{h * 0.62:.1f}" rx="4" fill="#ffffff" '
           f'fill-opacity="0.92"/>',
           colour_sign(colour, 3, 3)]
    y = h * 0.3 + 14
    for word in words:
        # each line at the name's size, or narrowed at the small-print floor where a phone needs it
        out.append(_fitted(w / 2, y, word, w - 10, size, bold=True, anchor="middle"))
        y += max(size, S.SMALL_PRINT) + 2
    out.append(_fitted(w / 2, h - 8, value, w - 8, 9.5, anchor="middle", fill=S.MUTED, cls="value"))
    out.append("</g>")
    return "".join(out)


class _Board(CardBoard):
    face = staticmethod(_face)
    name = staticmethod(card_name)


@lru_cache(maxsize=16)
def _back(w: int, h: int) -> str:
    return (f'<g class="card back"><rect width="{w}" height="{h}" rx="6" fill="{BACK}" stroke="{S.INK}" '
            f'stroke-width="1.2"/><path d="M6 {h * 0.4:.0f} q{w / 8:.1f} -8 {w / 4:.1f} 0 t{w / 4:.1f} 0 '
            f't{w / 4:.1f} 0 M6 {h * 0.6:.0f} q{w / 8:.1f} -8 {w / 4:.1f} 0 t{w / 4:.1f} 0 t{w / 4:.1f} 0" '
            f'fill="none" stroke="#8fb8de" stroke-width="1.5"/></g>')


# --------------------------------------------------------------------------- the table


def _centre(board: _Board, view: dict) -> None:
    lang = board.lang
    x, y = 16, TOP
    deck = view["deck_count"]
    board.parts.append(_place(x, y, _back(CW, CH)) if deck else empty_slot(x, y, CW, CH, _w("empty", lang)))
    board.parts.append(_t(x + CW / 2, y + CH + 14, _w("deck", lang, n=deck), size=11, anchor="middle",
                          cls="deck-count"))
    board.element("deck", x, y, CW, CH, _w("deck", lang, n=deck))
    for pile in view["discards"]:
        i = pile["pile"]
        px = 100 + i * 86
        name = pile_name(i, lang)
        if pile["top"] is None:
            board.parts.append(empty_slot(px, y, CW, CH, _w("empty", lang)))
        else:
            if pile["count"] > 1:   # the edge of the cards below
                board.parts.append(f'<rect x="{px + 3}" y="{y + 3}" width="{CW}" height="{CH}" rx="6" fill="#d8d2c4" '
                                   f'stroke="{S.MUTED}"/>')
            board.card(pile["top"], px, y, CW, CH)
        board.parts.append(_t(px + CW / 2, y + CH + 14, f'{_w("pile", lang, n=i + 1)} · {pile["count"]}', size=11,
                              anchor="middle", cls="pile-count"))
        board.element(f"pile:{i}", px, y, CW + 3, CH + 3, name)
    x = 290
    drawn = view.get("drawn")
    if drawn:
        if drawn["cards"] is not None:
            board.parts.append(_t(x, y + 10, _w("drawn", lang), size=11, weight="bold"))
            board.row(drawn["cards"], x, y + 16, 2 * (CW + 6), CW - 8, CH - 14)
        else:
            board.parts.append(_t(x, y + 30, _w("drawn_hidden", lang, player=player_name(view["turn"], lang),
                                                n=drawn["count"]), size=11))
        x += 2 * (CW + 6) + 20
    for pile in view["discards"]:
        if pile["cards"] is not None and pile["looking"]:
            board.parts.append(_t(x, y + 10, f'{_w("looking", lang)}: {pile_name(pile["pile"], lang)}', size=11,
                                  weight="bold"))
            board.row(pile["cards"], x, y + 16, W - 16 - x, CW - 8, CH - 14)


def _panel(board: _Board, view: dict, seat: dict, y: float) -> None:
    lang = board.lang
    s = seat["seat"]
    scored = view.get("scored")
    turn = s == view["turn"] and not view["over"] and not view.get("cards_only") and not scored
    board.parts.append(f'<g class="panel" data-seat="{s}">')
    board.parts.append(f'<rect x="8" y="{y}" width="{W - 16}" height="{PANEL_H - 8}" rx="10" '
                       f'fill="{"#fff4d6" if turn else "#f4f1ea"}" stroke="{"#c98a00" if turn else "#c9c2b2"}" '
                       f'stroke-width="{2.5 if turn else 1}" class="seat" data-seat="{s}"/>')
    head = player_name(s, lang)
    notes = []
    if turn:
        notes.append(_w("turn", lang))
    if view.get("caller") == s:
        notes.append(_w("caller", lang))
    if scored:      # every hand is open and counted: what the seat scored says more than "revealed"
        notes.append(_w("scored_seat", lang, points=points_text(scored[s], lang)))
    elif seat["revealed"] and not view["over"]:
        notes.append(_w("revealed", lang))
    board.parts.append(_t(18, y + 18, head, size=13, weight="bold"))
    board.parts.append(_t(18, y + 34, _w("total", lang, n=seat["score"]), size=12, cls="total"))
    # a note a line: two side by side ("LAST CHANCE · this round: 2 points") ran under the played cards
    for i, note in enumerate(notes):
        board.parts.append(_t(18, y + 50 + 13 * i, note, size=10.5, fill="#8a5a00"))
    if seat["points"] is not None and "hide:points" not in board.hl:
        board.parts.append(_t(18, y + 66 + 13 * max(len(notes) - 1, 0), _w("points", lang, p=seat["points"],
                                                                           b=seat["bonus"]), size=9.5,
                              fill=S.MUTED, cls="points"))
    # played cards, then the hand: the played row is 300 wide unless the hand needs more room to lie unoverlapped
    # (a nine-card hand beside an empty played row clipped its cards' words), never less than its own cards need
    zx, span, gap = 150, W - 24 - 150, 16
    zone_need = max(110, len(seat["zone"]) * (SW - 8 + 4))
    hand_need = seat["hand_count"] * (SW + 4) if seat["hand"] is not None else 0
    zw = max(zone_need, min(300, span - gap - hand_need))
    board.parts.append(_t(zx, y + 14, _w("zone", lang), size=10, fill=S.MUTED))
    board.parts.append('<g class="zone">')
    board.row(seat["zone"], zx, y + 20, zw, SW - 8, SH - 10)
    board.parts.append("</g>")
    # hand
    hx, hw = zx + zw + gap, span - zw - gap
    board.parts.append(_t(hx, y + 14, _w("hand", lang, n=seat["hand_count"]), size=10, fill=S.MUTED,
                          cls="hand-count"))
    board.parts.append('<g class="hand">')
    if seat["hand"] is not None:
        board.row(seat["hand"], hx, y + 20, hw, SW, SH)
    else:
        n = seat["hand_count"]
        step = min(SW * 0.45, (hw - SW) / max(1, n - 1)) if n > 1 else 0
        for i in range(n):
            board.parts.append(_place(hx + i * step, y + 20, _back(SW, SH)))
    board.parts.append("</g></g>")
    width = (min(hw, SW + (seat["hand_count"] - 1) * SW * 0.45) if seat["hand"] is None else hw)
    board.element(f"seat:{s}", hx, y + 20, max(SW, width), SH, player_name(s, lang))


def describe(view: dict, lang: str = "en") -> tuple[str, str]:
    """(title, description) in plain words: what a screen reader says about the position."""
    title = f"{text('sea_salt_paper.title', lang)} — {_w('round', lang, r=view['round'])}"
    lines = [] if view.get("cards_only") else [
        _w("d.head_scored", lang, r=view["round"], deck=view["deck_count"]) if view.get("scored") else
        _w("d.head", lang, r=view["round"], player=player_name(view["turn"], lang),
           phase=_w(f"phase.{view['phase']}", lang), deck=view["deck_count"])]
    for pile in [] if view.get("cards_only") else view["discards"]:
        top = card_name(pile["top"]["id"], lang) if pile["top"] else _w("empty", lang)
        lines.append(_w("d.pile", lang, pile=pile_name(pile["pile"], lang), n=pile["count"], top=top))
    for seat in view["seats"]:
        hand = (", ".join(card_name(c["id"], lang) for c in seat["hand"]) if seat["hand"] is not None
                else _w("d.hidden_hand", lang, n=seat["hand_count"]))
        zone = ", ".join(card_name(c["id"], lang) for c in seat["zone"]) or "—"
        lines.append(_w("d.seat", lang, player=player_name(seat["seat"], lang), total=seat["score"],
                        hand=hand or "—", zone=zone))
    if view["over"]:
        lines.append(_w("d.over", lang))
    return title, "\n".join(lines)


def _marked(events) -> set:
    """Card ids the last action's events name (a viewer's events hold only what they may know)."""
    out: set = set()
    for e in events or ():
        d = getattr(e, "data", {}) or {}
        for key in ("card", "discarded"):
            if isinstance(d.get(key), str):
                out.add(d[key])
        if getattr(e, "kind", "") in ("sea_salt_paper.duo", "sea_salt_paper.mermaids_win"):
            out.update(c for c in d.get("cards") or () if isinstance(c, str))
    return out


def render(view: dict, *, highlight=(), lang: str = "en", events=(), choosable=None) -> str:
    """SVG text for `view` (from `sea_salt_paper.view(state, player)`)."""
    hl = S.parse_highlight(highlight)
    offers = S.offers(choosable)
    board = _Board(hl, offers, _marked(events), lang)
    # a score helper's cards alone ("cards_only"): no deck, discard piles or "take a card" beside them
    bare = bool(view.get("cards_only"))
    n = len(view["seats"]) if bare else view["players"]
    panels = TOP + 4 if bare else PANEL_Y
    height = panels + n * PANEL_H + 18
    title, desc = describe(view, lang)
    viewer = view.get("viewer")
    role = "group" if offers else "img"
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" role="{role}" '
            f'aria-label="{_a(title)}" class="tutor-sea_salt_paper" font-family="{S.FONT}" '
            f'data-round="{view["round"]}" data-players="{n}" data-phase="{view["phase"]}" '
            f'data-viewer="{"all" if viewer is None else viewer}">'
            f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>")
    board.parts.append(f'<rect width="{W}" height="{height}" fill="#eef5f8"/>')
    board.parts.append(f'<rect width="{W}" height="{TOP - 8}" fill="#1d4e89"/>')
    heading = text("sea_salt_paper.title", lang) if bare else (
        f"{text('sea_salt_paper.title', lang)} · {_w('round', lang, r=view['round'])} · "
        f"{_w('target', lang, n=view['threshold'])}")
    board.parts.append(_t(12, 24, heading, size=15, weight="bold", fill="#ffffff"))
    note = _w("view_all", lang) if viewer is None else _w("view_of", lang, player=player_name(viewer, lang))
    board.parts.append(_t(W - 12, 24, note, size=11, anchor="end", fill="#ffffff", cls="viewer"))
    if not bare:
        phase = "phase.scored" if view.get("scored") else f"phase.{view['phase']}"
        board.parts.append(_t(W - 16, TOP + 14, _w(phase, lang), size=12, anchor="end",
                              weight="bold", cls="phase"))
        _centre(board, view)
    for i, seat in enumerate(view["seats"]):
        _panel(board, view, seat, panels + i * PANEL_H)
    if view["over"]:
        win = view.get("winners") or []
        won = _w("winner" if len(win) <= 1 else "winners", lang, players=", ".join(player_name(s, lang) for s in win))
        words = f'{_w("over", lang)} · {won}'
        board.parts.append(f'<g class="game-over"><rect x="{W / 2 - 220}" y="{TOP + 20}" width="440" height="44" '
                           f'rx="10" fill="#1f2933" fill-opacity="0.9"/>'
                           + _t(W / 2, TOP + 48, words, size=16, anchor="middle", weight="bold", fill="#ffffff")
                           + "</g>")
    body = "".join(board.parts) + "".join(board.top)
    # how wide the board is drawn on a phone depends on its smallest print (tutor.core.svg.phone_style); it opens
    # at its left edge, where the table starts (S.PAN_START)
    return head.replace("<svg ", f'<svg style="{S.phone_style(W, body, height)}" {S.PAN_START} ', 1) + body + "</svg>"
