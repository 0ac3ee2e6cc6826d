"""Козырные киты words: card and family names, refusals and event narration, taken from the game's catalogues
(tutor/games/trump_whales/locale/<lang>/LC_MESSAGES/trump_whales.po, through tutor.core.i18n); the tutor's own
words, not the rulebook's. No card id reaches a learner: refusals and events name cards as a player says them
("Narwhal 2", «Нарвал 2», "Five")."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from tutor.core import i18n
from tutor.core.events import Event
from tutor.core.i18n import player_name, player_plain
from tutor.games.trump_whales import components as C

_P = "trump_whales."


def family_name(family: Optional[str], lang: str = "en") -> str:
    if family is None:
        return i18n.text(f"{_P}family.none", lang)
    return i18n.text(f"{_P}family.{family}", lang)


def family_short(family: Optional[str], lang: str = "en") -> str:
    """The family's name cut short for a bonus strip too narrow for the whole name: "Narw", «Каш»."""
    return i18n.text(f"{_P}family_short.{family}", lang)


def family_case(family: Optional[str], case: str, lang: str = "en") -> str:
    """The family's name as a sentence needs it: "acc" after «на» («сменить козыря на нарвала»), "gen" after «с»."""
    return i18n.text(f"{_P}family_{case}.{family}", lang)


def card_name(card_id: Optional[str], lang: str = "en") -> str:
    """"Narwhal 2", «Нарвал 2», "Five"; a card the reader may not know: "a card"."""
    if card_id is None or card_id not in C.FAMILY:
        return i18n.text(f"{_P}card.hidden", lang)
    if C.FAMILY[card_id] is None:
        return i18n.text(f"{_P}card.five", lang)
    return i18n.text(f"{_P}card", lang, family=family_name(C.FAMILY[card_id], lang), value=C.VALUE[card_id])


def card_acc(card_id: Optional[str], lang: str = "en") -> str:
    """The card as the object of a verb (Russian declines it: «играет косатку 6», «Выбрать пятёрку»); English says
    it as `card_name` ("Orca 6"), save a 5: "the Five"."""
    if card_id is None or card_id not in C.FAMILY:
        return i18n.text(f"{_P}card_acc.hidden", lang)
    if C.FAMILY[card_id] is None:
        return i18n.text(f"{_P}card_acc.five", lang)
    family = C.FAMILY[card_id]
    return i18n.text(f"{_P}card_acc", lang, family=family_name(family, lang),
                     family_acc=family_case(family, "acc", lang), value=C.VALUE[card_id])


def bonus_name(card_id: str, lang: str = "en") -> str:
    """What the card's bonus does: "change trump to Orca", "flip the token", "+1 point"."""
    kind = C.BONUS[card_id]
    if kind == "trump":
        target = C.TARGET_FAMILY[card_id]
        return i18n.text(f"{_P}bonus.trump", lang, family=family_name(target, lang),
                         family_acc=family_case(target, "acc", lang))
    return i18n.text(f"{_P}bonus.{kind}", lang)


def card_title(card_id: str, lang: str = "en") -> str:
    """The whole card in words: "Narwhal 2: 3 pearls, bonus: flip the token"."""
    return i18n.text(f"{_P}card.full", lang, card=card_name(card_id, lang), pearls=pearls_text(C.PEARLS[card_id], lang),
                     bonus=bonus_name(card_id, lang))


def cards_text(cards: Optional[Iterable[str]], lang: str = "en") -> str:
    if cards is None:
        return i18n.text(f"{_P}card.hidden", lang)
    if not cards:
        return i18n.text(f"{_P}nothing", lang)
    names = [card_name(c, lang) for c in cards]
    if lang == "ru":        # a list mid-sentence: «из взятки — пятёрка, косатка 8», not «Пятёрка, Косатка 8»
        names = [n[:1].lower() + n[1:] for n in names]
    return ", ".join(names)


def token_text(token: Any, lang: str = "en") -> str:
    """«9»: the highest wins."""
    return i18n.text(f"{_P}token.{token}", lang)


def points_text(n: int, lang: str = "en") -> str:
    return i18n.plural(f"{_P}n_points", n, lang)


def pearls_text(n: int, lang: str = "en") -> str:
    return i18n.plural(f"{_P}n_pearls", n, lang)


def cards_count(n: int, lang: str = "en") -> str:
    return i18n.plural(f"{_P}n_cards", n, lang)


def bonuses_count(n: int, lang: str = "en") -> str:
    return i18n.plural(f"{_P}n_bonuses", n, lang)


def _per_player(values: Iterable[int], lang: str, say: Callable[[int, str], str] = points_text) -> str:
    return ", ".join(i18n.text(f"{_P}player_points", lang, player=player_name(s, lang), points=say(v, lang))
                     for s, v in enumerate(values))


def narrate(event: Event, lang: str = "en") -> str:
    what = event.kind.split(".", 1)[1]
    d = event.data
    params: dict[str, Any] = {}
    if "player" in d:
        params["player"] = player_name(d["player"], lang)
        params["player_plain"] = player_plain(d["player"], lang)
    for key in ("owner", "leader"):
        if key in d:
            params[key] = player_name(d[key], lang)
            params[f"{key}_plain"] = player_plain(d[key], lang)
    if "card" in d:
        params["card"] = card_name(d["card"], lang)
        params["card_acc"] = card_acc(d["card"], lang)
    if "cards" in d and what != "first_bonuses":
        params["cards"] = cards_text(d["cards"], lang)
    if "family" in d:
        params["family"] = family_name(d["family"], lang)
        if d["family"] in C.FAMILIES:
            params["family_acc"] = family_case(d["family"], "acc", lang)
    if "was" in d:
        params["was"] = family_name(d["was"], lang)
        params["was_gen"] = family_case(d["was"], "gen", lang)
    if "trump" in d:
        params["trump"] = family_name(d["trump"], lang)
    if "token" in d:
        params["token"] = f"«{d['token']}»"
        params["wins"] = i18n.text(f"{_P}wins.{d['token']}", lang)
    if "round" in d:
        params["round"] = d["round"]
    if what == "first_bonuses":
        params["cards"] = "; ".join(i18n.text(f"{_P}player_points", lang, player=player_name(s, lang),
                                              points=card_name(c, lang)) for s, c in enumerate(d["cards"]))
    elif what == "played":
        if C.FAMILY.get(d["card"]) is None:
            key = "five" if d["family"] is not None else "five_alone"
        else:
            key = "lead" if d["lead"] else "off" if d.get("off") else "follow"
            if d.get("off"):
                params["led"] = family_name(d["off"], lang)
        return i18n.text(f"{_P}event.played.{key}", lang, **params)
    elif what == "trick_won":
        return i18n.text(f"{_P}event.trick_won.{d['why']}", lang, **params)
    elif what == "picked":
        params["pearls"] = pearls_text(d["pearls"], lang)
        taken = len(d["from_trick"]) + len(d["from_discard"])
        params["taken"] = cards_count(taken, lang)
        parts = [i18n.text(f"{_P}event.picked.from_trick", lang, cards=cards_text(d["from_trick"], lang))]
        if d["from_discard"]:
            parts.append(i18n.text(f"{_P}event.picked.from_discard", lang, cards=cards_text(d["from_discard"], lang)))
        if d.get("noted"):
            parts.append(i18n.text(f"{_P}event.picked.noted", lang, points=points_text(d["noted"], lang)))
        params["where"] = "; ".join(parts)
    elif what == "bonus_trump" and d["family"] == d["was"]:     # ruling trump-bonus-same-family: nothing changes
        if lang == "ru":        # mid-sentence: «козырь остаётся прежним — косатка»
            params["family"] = params["family"][:1].lower() + params["family"][1:]
        return i18n.text(f"{_P}event.bonus_trump.same", lang, **params)
    elif what == "bonus_chosen" and d["card"] is None:
        return i18n.text(f"{_P}event.bonus_chosen.hidden", lang, **params)
    elif what == "picked_five":
        params["points"] = points_text(d["points"], lang)
    elif what == "bonus_plus":
        params["count"] = cards_count(d["count"], lang)
    elif what == "round_scored":
        params["points"] = _per_player(d["points"], lang)
        params["totals"] = _per_player(d["totals"], lang)
    elif what == "game_over":
        params["winners"] = ", ".join(player_name(s, lang) for s in d["winners"])
        params["totals"] = _per_player(d["totals"], lang)
    elif what == "tie":
        params["players"] = ", ".join(player_name(s, lang) for s in d["players"])
        params["points"] = points_text(d["points"], lang)
    elif what == "leader_chosen" and d["leader"] == d["player"]:
        return i18n.text(f"{_P}event.leader_chosen.self", lang, **params)      # not "Player 1 chooses Player 1"
    elif what == "dealt":
        params["count"] = cards_count(d["count"], lang)
        params["aside"] = cards_count(d["aside"], lang)
        said = i18n.text(f"{_P}event.dealt.all" if not d["aside"] else f"{_P}event.dealt", lang, **params)
        # (four players: nothing is set aside, and "0 cards set aside" says nothing)
        return f'{said} {i18n.text(f"{_P}event.dealt.drawn", lang)}' if d.get("drawn") else said
    return i18n.text(f"{_P}event.{what}", lang, **params)


def name_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Refusals name cards and families as players say them, never by id."""
    out = dict(params)
    if "card" in out and isinstance(out["card"], str) and out["card"] in C.FAMILY:
        out["card"] = card_name(out["card"], lang)
    if "family" in out and out["family"] in C.FAMILIES:
        out["family"] = family_name(out["family"], lang)
    for key in ("turn_player",):
        if key in out and isinstance(out[key], int):
            out[key] = player_name(out[key], lang)
    return out
