"""Козырные киты SVG: a pure function from a view dict (what one player may see) to SVG text.

    svg = render(trump_whales.view(state, 0), highlight=["trump"], lang="ru", events=events)

Everything drawn comes from the view, so a hidden card cannot leak: the view never holds its id. Across the top:
the trump family (symbol and name) with the value token's side and what it means, the trick in play order with its
leader marked (and the winner while the reward is picked), the discard pile and the cards set aside. Below, one
panel per player: total and this round's points so far, the pearl pile (face down, its size), the bonuses (face
up) and the hand (face down unless the viewer may see it).

A family is always drawn as a symbol AND its name, never by colour alone; a card shows its value, family, pearls
and bonus, and its full description as a tooltip. Each visible card carries `data-card="<id>"` (an attribute, never
text). `highlight` (lesson pointers): "card:<id>", "seat:<n>", "trump", "trick", "discard", "pearls:<n>". `events`
(the last action's) ring the cards they name. `choosable` ({key: choice id or tutor.core.svg.Offer}, from a widget;
keys as ui.board_keys makes them: "card:<id>" for a card in a hand, a bonus or the trick, "seat:<n>" for a player)
lays a focusable button (`data-choice`) over each element so named; without it the drawing is the same.

The SVG is written as text: a card's markup is made once per card, size and language and placed with a translate.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from tutor.core import svg as S
from tutor.core.cardtable import CardBoard
from tutor.core.cardtable import attr as _a, empty_slot, fit as _fit, fitted as _fitted, label as _t, place as _place
from tutor.core.i18n import player_name, text
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.text import bonus_name, card_name, card_title, family_name, token_text

W = 900
TOP = 44
CW, CH = 66, 94                # a card on the table (the trick, the discard pile)
BW, BH = 50, 72                # a bonus in a player's panel
HW, HH = 54, 78                # a card in a hand seen from its back
OW, OH = 62, 88                # a card in a hand the viewer sees: a row of its own, under the panel's first row
PANEL_H = 112
OPEN_H = OH + 26               # what a row of open hand cards adds to a panel
PANEL_Y = TOP + CH + 72
BACK = "#17406b"


def _w(key: str, lang: str, **params) -> str:
    return text(f"trump_whales.board.{key}", lang, **params)


# --------------------------------------------------------------------------- family symbols

def symbol(family, x: float, y: float, s: float, fill: str = S.INK) -> str:
    """The family's sign in an s × s box (class "family-symbol"): a fin (orca), a tusk (narwhal), a spout (blue
    whale), a square head (sperm whale), a star (a 5, no family)."""
    if family == "orca":
        shape = (f'<path d="M{x:.1f} {y + s:.1f} L{x + s * 0.55:.1f} {y:.1f} Q{x + s * 0.45:.1f} {y + s * 0.6:.1f} '
                 f'{x + s:.1f} {y + s:.1f} Z" fill="{fill}"/>')
    elif family == "narwhal":
        shape = (f'<line x1="{x + s * 0.3:.1f}" y1="{y + s * 0.7:.1f}" x2="{x + s:.1f}" y2="{y:.1f}" stroke="{fill}" '
                 f'stroke-width="{max(1.2, s / 7):.1f}" stroke-linecap="round"/>'
                 f'<circle cx="{x + s * 0.25:.1f}" cy="{y + s * 0.75:.1f}" r="{s * 0.25:.1f}" fill="{fill}"/>')
    elif family == "blue_whale":
        cx, by = x + s / 2, y + s
        sw = max(1.2, s / 7)
        shape = (f'<path d="M{cx:.1f} {by:.1f} L{cx:.1f} {y + s * 0.15:.1f} M{cx:.1f} {by - s * 0.3:.1f} '
                 f'Q{x + s * 0.2:.1f} {y + s * 0.3:.1f} {x:.1f} {y + s * 0.35:.1f} M{cx:.1f} {by - s * 0.3:.1f} '
                 f'Q{x + s * 0.8:.1f} {y + s * 0.3:.1f} {x + s:.1f} {y + s * 0.35:.1f}" fill="none" stroke="{fill}" '
                 f'stroke-width="{sw:.1f}" stroke-linecap="round"/>')
    elif family == "sperm_whale":
        shape = (f'<rect x="{x:.1f}" y="{y + s * 0.2:.1f}" width="{s:.1f}" height="{s * 0.6:.1f}" rx="{s * 0.12:.1f}" '
                 f'fill="{fill}"/>')
    else:
        pts = []
        for i in range(10):
            r = s / 2 if i % 2 == 0 else s / 5
            import math
            a = math.pi / 2 + i * math.pi / 5
            pts.append(f"{x + s / 2 + r * math.cos(a):.1f},{y + s / 2 - r * math.sin(a):.1f}")
        shape = f'<polygon points="{" ".join(pts)}" fill="{fill}"/>'
    return f'<g class="family-symbol" data-family="{family or "five"}">{shape}</g>'


# --------------------------------------------------------------------------- cards

def _bonus_icon(card_id: str, w: float, y: float, lang: str) -> str:
    """The bonus drawn at the bottom of a card: ⇄ and the target family (symbol and name), 1⇅9, or +1."""
    kind = C.BONUS[card_id]
    out = [f'<g class="bonus" data-bonus="{kind}">',
           f'<rect x="3" y="{y:.1f}" width="{w - 6:.1f}" height="18" rx="3" fill="#fff7e0" stroke="#c9a64a" '
           f'stroke-width="0.8"/>']
    if kind == "trump":
        target = C.TARGET_FAMILY[card_id]
        name = family_name(target, lang)
        size = _fit(name, w - 25, 8.5, True)
        if size >= 7:       # the family's name when it is readable; its symbol always
            out.append(symbol(target, 6, y + 4, 10))
            out.append(_fitted(18, y + 12.5, name, w - 25, 8.5, bold=True))
        else:
            out.append(_t(w / 2 - 3, y + 13.5, "⇄", size=11, anchor="end", weight="bold"))
            out.append(symbol(target, w / 2 + 1, y + 3.5, 11))
    elif kind == "flip":
        out.append(_t(w / 2, y + 13.5, "1 ⇅ 9", size=11, anchor="middle", weight="bold"))
    else:
        out.append(_t(w / 2, y + 13.5, "+1", size=11.5, anchor="middle", weight="bold"))
    out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=1024)
def _face(card_id: str, w: int, h: int, lang: str) -> str:
    """A face-up card drawn at the origin."""
    family, value, pearls = C.FAMILY[card_id], C.VALUE[card_id], C.PEARLS[card_id]
    colour = C.FAMILY_HEX[family]
    band = h * 0.34
    name = family_name(family, lang) if family else card_name(card_id, lang)
    out = [f'<g class="card" data-card="{card_id}" data-family="{family or "five"}" data-value="{value}">',
           f"<title>{escape(card_title(card_id, lang))}</title>",
           f'<rect width="{w}" height="{h}" rx="6" fill="#ffffff" stroke="{S.INK}" stroke-width="1.2"/>',
           f'<path d="M0 6 Q0 0 6 0 L{w - 6} 0 Q{w} 0 {w} 6 L{w} {band:.1f} L0 {band:.1f} Z" fill="{colour}"/>',
           _t(5, band - 7, value, size=round(band * 0.72, 1), weight="bold", fill="#ffffff", cls="value"),
           symbol(family, w - band * 0.62 - 4, 5, band * 0.62, "#ffffff"),
           _fitted(w / 2, band + 12, name, w - 8, 10.5, bold=True, anchor="middle", cls="family")]
    # pearls: dots and the number
    py = band + 22
    for i in range(pearls):
        out.append(f'<circle cx="{w / 2 - 4 - (pearls - 1) * 5 + i * 10:.1f}" cy="{py:.1f}" r="3.6" fill="#f3f0e8" '
                   f'stroke="#7a6f5a" stroke-width="1"/>')
    out.append(_bonus_icon(card_id, w, h - 22, lang))
    # the pearls' number last: a card's words end on a digit, so a player's name drawn after it never reads as
    # part of a sentence («…кит Игрок 2»)
    out.append(_t(w - 4, py + 3.5, pearls, size=9.5, anchor="end", weight="bold", fill="#7a6f5a", cls="pearls"))
    out.append("</g>")
    return "".join(out)


class _Board(CardBoard):
    face = staticmethod(_face)
    name = staticmethod(card_title)


@lru_cache(maxsize=16)
def _back(w: int, h: int) -> str:
    return (f'<g class="card back"><rect width="{w}" height="{h}" rx="6" fill="{BACK}" stroke="{S.INK}" '
            f'stroke-width="1.2"/><circle cx="{w / 2}" cy="{h / 2}" r="{w / 5:.1f}" fill="none" stroke="#9cc3e6" '
            f'stroke-width="1.5"/><circle cx="{w / 2}" cy="{h / 2}" r="{w / 12:.1f}" fill="#9cc3e6"/></g>')


# --------------------------------------------------------------------------- the table


def _trump(board: _Board, view: dict) -> None:
    lang = board.lang
    x, y, w, h = 10, TOP, 160, CH
    family, token = view["trump"], view["token"]
    board.parts.append(f'<g class="trump" data-family="{family}" data-token="{token}">')
    board.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="#ffffff" stroke="{S.INK}" '
                       f'stroke-width="1.4"/>')
    board.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="22" rx="8" fill="{C.FAMILY_HEX[family]}"/>')
    board.parts.append(_t(x + 8, y + 16, _w("trump", lang), size=12, weight="bold", fill="#ffffff"))
    board.parts.append(symbol(family, x + 8, y + 28, 20))
    name = family_name(family, lang)
    board.parts.append(_fitted(x + 34, y + 44, name, w - 42, 13, bold=True, cls="trump-name"))
    # the token: a disc with its side's number
    board.parts.append(f'<circle cx="{x + 24}" cy="{y + 70}" r="15" fill="#f6d365" stroke="{S.INK}" '
                       f'stroke-width="1.4" class="token"/>')
    board.parts.append(_t(x + 24, y + 76, token, size=17, anchor="middle", weight="bold", cls="token-side"))
    words = token_text(token, lang).split(": ", 1)[-1].split(" ")
    cut = min(range(1, len(words)), key=lambda i: max(len(" ".join(words[:i])), len(" ".join(words[i:]))),
              default=len(words))
    first, rest = " ".join(words[:cut]), " ".join(words[cut:])
    board.parts.append(_fitted(x + 44, y + 68, first, w - 50, 10, cls="token-words"))
    board.parts.append(_fitted(x + 44, y + 81, rest, w - 50, 10, cls="token-words"))
    board.parts.append("</g>")
    board.element("trump", x, y, w, h, f'{_w("trump", lang)}: {name}, {token_text(token, lang)}')


def round_done(view: dict) -> bool:
    """Every trick of the round played, the next round not dealt yet (the engine's "round_end" stage, the score
    helper's picture): nobody is to move and no trick is coming."""
    return not view["over"] and view["tricks"] >= C.TRICKS


def _phase(view: dict, lang: str) -> str:
    return _w("phase.round_end" if round_done(view) else f"phase.{view['phase']}", lang)


def _trick(board: _Board, view: dict) -> None:
    lang = board.lang
    x0, y = 178, TOP
    total = C.TRICKS
    number = min(view["tricks"] + 1, total)
    head = _w("tricks_done", lang) if round_done(view) else _w("trick", lang, n=number, total=total)
    led = view["led"]
    follow = _w("follow", lang, family=family_name(led, lang)) if led else _w("follow_none", lang)
    board.parts.append(_t(x0, y + 10, head, size=12, weight="bold", cls="trick-head"))
    if view["trick"]:
        board.parts.append(_t(x0 + 120, y + 10, follow, size=10.5, fill=S.MUTED, cls="follow"))
        if led:
            board.parts.append(symbol(led, x0 + 104, y + 1, 11))
    board.parts.append('<g class="trick">')
    winner = view["turn"] if view["phase"] == "reward" else None
    for i, play in enumerate(view["trick"]):
        cx = x0 + i * (CW + 20)
        board.card(play["card"], cx, y + 18, CW, CH)
        seat = play["seat"]
        tag = player_name(seat, lang)
        board.parts.append(_t(cx + CW / 2, y + 18 + CH + 13, tag, size=11, anchor="middle", cls="played-by"))
        if i == 0:
            board.parts.append(f'<g class="leader-mark"><rect x="{cx}" y="{y + 18 + CH + 16}" width="{CW}" '
                               f'height="14" rx="4" fill="#1d4e89"/>'
                               + _t(cx + CW / 2, y + 18 + CH + 27, _w("leads", lang), size=10, anchor="middle",
                                    fill="#ffffff") + "</g>")
        if winner is not None and seat == winner:
            board.parts.append(f'<g class="winner-mark"><rect x="{cx}" y="{y + 18 + CH + 31}" width="{CW}" '
                               f'height="14" rx="4" fill="#2e7d32"/>'
                               + _t(cx + CW / 2, y + 18 + CH + 42, _w("wins", lang), size=10, anchor="middle",
                                    fill="#ffffff") + "</g>")
    if not view["trick"] and not _round_summary(board, view, x0, y + 18):
        board.parts.append(empty_slot(x0, y + 18, CW, CH, _w("empty", lang)))
    board.parts.append("</g>")
    board.element("trick", x0, y + 18, max(CW, len(view["trick"]) * (CW + 20) - 20), CH, head)


def _round_summary(board: _Board, view: dict, x: float, y: float) -> bool:
    """While the first bonuses of a new round are laid, where its first trick will lie: how the round before
    was scored (pearls + pairs of unused bonuses = points, and each total), so the table shows it and not only
    the log. False when there is nothing to show."""
    lang = board.lang
    history, n = view["history"], view["players"]
    if view["phase"] != "bonus" or not history or history[-1][0] != view["round"] - 1:
        return False
    row = history[-1]
    full = len(row) == 3 * n + 1
    board.parts.append(f'<g class="round-summary" data-round="{row[0]}">'
                       f'<rect x="{x}" y="{y}" width="360" height="{CH}" rx="8" fill="#ffffff" '
                       f'stroke="{S.MUTED}"/>')
    board.parts.append(_t(x + 10, y + 17, _w("round_summary", lang, r=row[0]), size=12, weight="bold"))
    step = min(16, (CH - 28) / n)
    for s in range(n):
        player = player_name(s, lang)
        total = view["seats"][s]["score"]
        if full:
            words = _w("round_line", lang, player=player, pearls=row[1 + n + s],
                       pairs=row[1 + 2 * n + s] // C.BONUS_PAIR, points=row[1 + s], total=total)
        else:
            words = _w("round_line_short", lang, player=player, points=row[1 + s], total=total)
        board.parts.append(_fitted(x + 10, y + 24 + step * (s + 1), words, 340, 11, cls="round-line"))
    board.parts.append("</g>")
    return True


def _piles(board: _Board, view: dict) -> None:
    lang = board.lang
    x, y = 560, TOP + 18
    top = view["discard_top"]
    name = _w("discard", lang, n=view["discard_count"])
    if top is None:
        board.parts.append(empty_slot(x, y, CW, CH, _w("empty", lang)))
    else:
        if view["discard_count"] > 1:
            board.parts.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CW}" height="{CH}" rx="6" fill="#d8d2c4" '
                               f'stroke="{S.MUTED}"/>')
        board.card(top, x, y, CW, CH)
    board.parts.append(_t(x + CW / 2, y - 4, name, size=11, anchor="middle", cls="discard-count"))
    board.element("discard", x, y, CW + 3, CH + 3, name)
    x += CW + 26
    aside = view["aside_count"]
    undealt = view["phase"] == "bonus" and not any(s["hand_count"] or s["chosen"] for s in view["seats"])
    words = _w("deck" if undealt else "aside", lang, n=aside)      # before the deal: the whole deck
    board.parts.append(_place(x, y, _back(CW, CH)) if aside else empty_slot(x, y, CW, CH, _w("empty", lang)))
    board.parts.append(_t(x + CW / 2, y - 4, words, size=11, anchor="middle", cls="aside-count"))
    if view["removed"]:
        board.parts.append(_t(x + CW + 14, y + 20, _w("removed", lang), size=10, fill=S.MUTED, cls="removed"))


def panel_height(seat: dict) -> int:
    return PANEL_H + (OPEN_H if seat["hand"] is not None else 0)


def _panel(board: _Board, view: dict, seat: dict, y: float) -> None:
    lang = board.lang
    s = seat["seat"]
    phase = view["phase"]
    acting = not view["over"] and not round_done(view) and s in view["to_move"]
    open_hand = seat["hand"] is not None
    board.parts.append(f'<g class="panel" data-seat="{s}">')
    board.parts.append(f'<rect x="8" y="{y}" width="{W - 16}" height="{panel_height(seat) - 8}" rx="10" '
                       f'fill="{"#fff4d6" if acting else "#f4f1ea"}" stroke="{"#c98a00" if acting else "#c9c2b2"}" '
                       f'stroke-width="{2.5 if acting else 1}" class="seat" data-seat="{s}"/>')
    board.parts.append(_t(18, y + 20, player_name(s, lang), size=13, weight="bold"))
    board.parts.append(_t(18, y + 38, _w("total", lang, n=seat["score"]), size=12, cls="total"))
    board.parts.append(_t(18, y + 54, _w("round_points", lang, n=seat["round_points"]), size=10, fill=S.MUTED,
                          cls="round-points"))
    note = ""
    if acting:
        note = {"bonus": _w("choosing", lang), "play": _w("turn", lang) if view["trick"] else _w("leading", lang),
                "reward": _w("picks", lang), "leader": _w("chooses", lang)}.get(phase, "")
    elif phase == "bonus" and seat["chosen"]:
        note = _w("chosen", lang)
    if note:
        board.parts.append(_t(18, y + 72, note, size=11, weight="bold", fill="#8a5a00", cls="note"))
    board.element(f"seat:{s}", 12, y + 4, 122, PANEL_H - 16, player_name(s, lang))
    # the pearl pile: face down, its size public
    px = 140
    n = seat["pearl_count"]
    board.parts.append(_t(px, y + 16, _w("pearls", lang, n=n), size=10, fill=S.MUTED, cls="pearl-count"))
    if n:
        if n > 1:
            board.parts.append(f'<rect x="{px + 3}" y="{y + 25}" width="{BW}" height="{BH}" rx="6" fill="#0f2d4d"/>')
        board.parts.append(_place(px, y + 22, _back(BW, BH)))
        board.parts.append(f'<circle cx="{px + BW / 2}" cy="{y + 22 + BH / 2}" r="12" fill="#ffffff"/>')
        board.parts.append(_t(px + BW / 2, y + 22 + BH / 2 + 5, n, size=14, anchor="middle", weight="bold"))
    else:
        board.parts.append(empty_slot(px, y + 22, BW, BH, _w("empty", lang)))
    pile_words = _w("pearls", lang, n=n)
    noted = seat.get("noted", 0)
    if noted:       # reward points no card could stand for, written on the score pad (ruling short-reward)
        pile_words = f'{pile_words}, {_w("noted", lang, n=noted)}'
        board.parts.append(f'<g class="noted"><title>{escape(_w("noted", lang, n=noted))}</title>'
                           + _t(px + BW + 6, y + 52, f"+{noted} ✎", size=12, weight="bold", fill="#7a4b00")
                           + "</g>")
    board.element(f"pearls:{s}", px, y + 22, BW, BH, pile_words)
    # bonuses, face up
    bx = 240
    bw = W - 24 - bx if open_hand else 236
    board.parts.append(_t(bx, y + 16, _w("bonuses", lang), size=10.5, fill=S.MUTED))
    board.parts.append('<g class="bonuses">')
    shown = list(seat["bonuses"])
    if seat.get("chosen_card"):
        shown.append(seat["chosen_card"])
    board.row(shown, bx, y + 22, bw, BW, BH)
    if seat["chosen"] and not seat.get("chosen_card"):
        board.parts.append(_place(bx + min(len(shown), 4) * (BW + 4), y + 22, _back(BW, BH)))
    board.parts.append("</g>")
    # the hand: the viewer's own in a row of its own (nine cards side by side), another's as backs
    hx, hy = (140, y + PANEL_H - 2) if open_hand else (bx + bw + 14, y + 16)
    hw = W - 20 - hx
    board.parts.append(_t(hx, hy, _w("hand", lang, n=seat["hand_count"]), size=10.5, fill=S.MUTED,
                          cls="hand-count"))
    board.parts.append('<g class="hand">')
    if open_hand:
        board.row(seat["hand"], hx, hy + 6, hw, OW, OH)
    else:
        count = seat["hand_count"]
        step = min(HW * 0.4, (hw - HW) / max(1, count - 1)) if count > 1 else 0
        for i in range(count):
            board.parts.append(_place(hx + i * step, y + 22, _back(HW, HH)))
    board.parts.append("</g></g>")


def describe(view: dict, lang: str = "en") -> tuple[str, str]:
    """(title, description) in plain words: what a screen reader says about the position."""
    title = f"{text('trump_whales.title', lang)} — {_w('round', lang, r=view['round'])}"
    lines = [_w("d.head", lang, r=view["round"], n=min(view["tricks"] + 1, C.TRICKS),
                trump=family_name(view["trump"], lang), trump_plain=family_name(view["trump"], lang).lower(),
                token=token_text(view["token"], lang), phase=_phase(view, lang))]
    if view["trick"]:
        lines.append(_w("d.trick", lang, cards=", ".join(
            f"{player_name(p['seat'], lang)}: {card_name(p['card']['id'], lang)}" for p in view["trick"])))
    for seat in view["seats"]:
        hand = (", ".join(card_name(c["id"], lang) for c in seat["hand"]) if seat["hand"] is not None
                else _w("d.hidden_hand", lang, n=seat["hand_count"]))
        bonuses = ", ".join(f"{card_name(c['id'], lang)} ({bonus_name(c['id'], lang)})" for c in seat["bonuses"])
        pearls = str(seat["pearl_count"])
        if seat.get("noted"):
            pearls += f' ({_w("noted", lang, n=seat["noted"])})'
        lines.append(_w("d.seat", lang, player=player_name(seat["seat"], lang), total=seat["score"],
                        pearls=pearls, bonuses=bonuses or "—", hand=hand or "—"))
    if view["over"]:
        lines.append(_w("d.over", lang))
    return title, "\n".join(lines)


def _marked(events) -> set:
    """Card ids the last action's events name (a viewer's events hold only what they may know). A pick that ends a
    round also deals the next: only what follows that deal is on this round's table (card ids come back with the
    new hands, so the last trick's cards would ring in them)."""
    events = list(events or ())
    dealt = [i for i, e in enumerate(events) if getattr(e, "kind", "").endswith(".dealt")]
    out: set = set()
    for e in events[dealt[-1] + 1:] if dealt else events:
        d = getattr(e, "data", {}) or {}
        if isinstance(d.get("card"), str) and not getattr(e, "kind", "").endswith(("trump_drawn", "five_drawn")):
            out.add(d["card"])
    return out


def render(view: dict, *, highlight=(), lang: str = "en", events=(), choosable=None) -> str:
    """SVG text for `view` (from `trump_whales.view(state, player)`)."""
    hl = S.parse_highlight(highlight)
    offers = S.offers(choosable)
    board = _Board(hl, offers, _marked(events), lang)
    n = view["players"]
    heights = [panel_height(seat) for seat in view["seats"]]
    height = PANEL_Y + sum(heights) + 12
    title, desc = describe(view, lang)
    viewer = view.get("viewer")
    role = "group" if offers else "img"
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" role="{role}" '
            f'aria-label="{_a(title)}" class="tutor-trump_whales" font-family="{S.FONT}" '
            f'data-round="{view["round"]}" data-players="{n}" data-phase="{view["phase"]}" '
            f'data-trump="{view["trump"]}" data-token="{view["token"]}" '
            f'data-viewer="{"all" if viewer is None else viewer}">'
            f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>")
    board.parts.append(f'<rect width="{W}" height="{height}" fill="#eaf3f7"/>')
    board.parts.append(f'<rect width="{W}" height="{TOP - 8}" fill="#14406e"/>')
    board.parts.append(_t(12, 24, f"{text('trump_whales.title', lang)} · {_w('round', lang, r=view['round'])} · "
                                  f"{_w('target', lang, n=view['target'])}", size=15, weight="bold",
                          fill="#ffffff"))
    note = (_w("view_all", lang) if viewer is None
            else _w("view_of", lang, player=player_name(viewer, lang), player_plain=viewer + 1))
    board.parts.append(_t(W - 12, 24, note, size=11, anchor="end", fill="#ffffff", cls="viewer"))
    board.parts.append(_t(W - 16, PANEL_Y - 10, _phase(view, lang), size=12, anchor="end",
                          weight="bold", cls="phase"))
    _trump(board, view)
    _trick(board, view)
    _piles(board, view)
    y = PANEL_Y
    for seat, h in zip(view["seats"], heights):
        _panel(board, view, seat, y)
        y += h
    if view["over"]:
        win = view.get("winners") or []
        words = f'{_w("over", lang)} · {_w("winner", lang, players=", ".join(player_name(s, lang) for s in win))}'
        board.parts.append(f'<g class="game-over"><rect x="{W / 2 - 220}" y="{TOP + 30}" width="440" height="44" '
                           f'rx="10" fill="#1f2933" fill-opacity="0.9"/>'
                           + _t(W / 2, TOP + 58, words, size=16, anchor="middle", weight="bold", fill="#ffffff")
                           + "</g>")
    body = "".join(board.parts) + "".join(board.top)
    # how wide the board is drawn on a phone depends on its smallest print (tutor.core.svg.phone_style); it opens
    # at its left edge, where the table starts (S.PAN_START)
    return head.replace("<svg ", f'<svg style="{S.phone_style(W, body, height)}" {S.PAN_START} ', 1) + body + "</svg>"
