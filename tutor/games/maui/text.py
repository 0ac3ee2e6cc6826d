"""Мяури words: refusals, event narration and names, taken from the game's catalogues
(tutor/games/maui/locale/<lang>/LC_MESSAGES/maui.po, through tutor.core.i18n); own words, not the rulebook's."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from tutor.core import i18n
from tutor.core.events import Event
from tutor.core.i18n import player_name, player_plain
from tutor.games.maui import components as C


def kind_name(kind: str, lang: str) -> str:
    return i18n.text(f"maui.kind.{kind}", lang)


def card_name(card_id: Optional[str], lang: str) -> str:
    if card_id is None:
        return i18n.text("maui.card.face_down", lang)
    c = C.card(card_id)
    if c.kind == "seagull":
        return kind_name("seagull", lang)
    # a true minus (U+2212), as the points are written everywhere else, not a hyphen
    value = f"\u2212{-c.value}" if c.value < 0 else str(c.value)
    return f"{kind_name(c.kind, lang)} ({value})"


def depth_name(depth: str, lang: str) -> str:
    return i18n.text(f"maui.depth.{depth}", lang)


def _depth_forms(depth: str, lang: str) -> dict[str, str]:
    """The depth as a sentence needs it: Russian puts it in its cases ("на большой глубине", "за большую
    глубину", "с большой глубины"); English says "the deep" every time."""
    return {f"depth_{case}": i18n.text(f"maui.depth.{depth}.{case}", lang) for case in ("at", "acc", "from", "to")}


def _players(seats: Sequence[int], lang: str) -> str:
    return ", ".join(player_name(s, lang) for s in seats)


def _players_together(seats: Sequence[int], lang: str) -> str:
    """"Players 2 and 3", «Игроки 1, 2 и 4»: several seats named as one subject."""
    numbers = [str(s + 1) for s in seats]
    listed = numbers[0] if len(numbers) == 1 else i18n.text("core.list_and", lang, items=", ".join(numbers[:-1]),
                                                             last=numbers[-1])
    return i18n.text("maui.players_together", lang, n=listed)


def narrate(event: Event, lang: str = "en") -> str:
    what = event.kind.split(".", 1)[1]
    d = event.data
    params: dict[str, Any] = {}
    if "player" in d:
        params["player"] = player_name(d["player"], lang)
        params["player_plain"] = player_plain(d["player"], lang)
    if "players" in d:
        params["players"] = _players(d["players"], lang)
    if "players" in d:
        params["players_together"] = _players_together(d["players"], lang)
    if "depth" in d:
        params["depth"] = depth_name(d["depth"], lang)
        params.update(_depth_forms(d["depth"], lang))
    if "cards" in d:
        if what == "revealed":
            # "9 from Player 1", «у игрока 1 — 9»: a name and a number side by side read as one number
            params["cards"] = ", ".join(i18n.text("maui.revealed_card", lang, card=c, player=player_name(s, lang),
                                                  player_plain=s + 1) for s, c in enumerate(d["cards"]))
        else:
            params["cards"] = ", ".join(card_name(c, lang) for c in d["cards"])
    if "card" in d:
        params["card"] = d["card"] if isinstance(d["card"], int) or what == "tie_no_catch" else card_name(d["card"], lang)
    if what in ("dispute", "catch", "empty_handed"):
        params["card"] = d["card"]
    if what == "seagull_ate":
        params["eaten"] = card_name(d["card"], lang)
    if "hand" in d:
        params["hand"] = i18n.text(f"maui.hand.{d['hand']}", lang)
        params["hand_dat"] = i18n.text(f"maui.hand_dat.{d['hand']}", lang)
    for key in ("count", "points", "round"):
        if key in d:
            params[key] = d[key]
    if "count" in d:
        params["jellyfish"] = i18n.plural("maui.n_jellyfish", d["count"], lang)
    if "points" in d:
        params["points_word"] = i18n.plural("maui.n_points", d["points"], lang)
    return i18n.text(f"maui.event.{what}", lang, **params)
