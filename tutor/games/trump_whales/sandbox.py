"""The Козырные киты score helper: how many cards lie in your pearl pile and how many bonuses you did not use, and
what the round scores, line by line (each line citing its rulebook section).

    ScoreHelper(lang="ru")                                  # lesson.sandbox("trump_whales", "ru")
    ScoreHelper(pearls=7, bonuses=3)                        # Женя's round: 7 + 1 = 8
    ScoreHelper(pearls=7, bonuses=3, compare=False)         # the count only (part 9: bonuses' effects come later)

The engine decides every number (scoring.round_breakdown); this widget only collects the learner's two counts. A
picture of the pile and the bonuses is drawn by the game's own renderer. Under the score, "spend or keep?": the
round's points if every bonus is kept, if one is spent as a +1 (onto the pile) and if one is spent on its effect
(discarded), so the lone bonus against a pair is a number, not a rule to remember. That comparison reasons with what
a bonus does when used, so the lesson shows it where the effects are taught (part 11); the round's count (part 9)
asks for `compare=False`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

import ipywidgets as W

from tutor.core.errors import RuleViolation
from tutor.core.i18n import number, player_name, plural, text
from tutor.core.scoring import Breakdown
from tutor.games.trump_whales import components as C
from tutor.games.trump_whales.render import render
from tutor.games.trump_whales.rules import State, setup
from tutor.games.trump_whales.scoring import round_breakdown
from tutor.games.trump_whales.view import view
from tutor.widgets.common import ErrorArea, StandIn, esc, guard, safe_cite
from tutor.widgets import screen  # the page's screen: its board is laid out for it

_R = "trump_whales:"
ZHENYA = (7, 3)          # rulebook «КОНЕЦ РАУНДА» example: 7 pearl cards and three unused bonuses: 7 + 1 = 8
# ... and the cards the lesson's worked example gives him (lessons/trump_whales/scenarios/zhenya-round.yaml), drawn
# when the helper shows his counts: a reader met another player's cards, with a «+1» he does not have, under «Раунд Жени»
ZHENYA_CARDS = (("narwhal-1", "narwhal-3", "narwhal-4", "narwhal-6", "narwhal-7", "narwhal-8", "narwhal-9"),
                ("sperm_whale-2", "sperm_whale-4", "sperm_whale-6"))
# A player's bonuses are their own cards: the first one, and one for each trick they lost in which the winner
# picked their card. So bonuses and tricks won share the 9 cards dealt, and a trick won brings at most the
# richest card's pearls (a used «+1» bonus adds its own card to the pile).
MOST_BONUSES = 1 + C.TRICKS
TOP_PEARLS = max(C.PEARLS.values())


def most_pearls(bonuses: int) -> int:
    """The most pearl cards a player can end a round with while `bonuses` bonuses lie unused."""
    spare = MOST_BONUSES - bonuses                # tricks won and bonuses used, together
    won = min(C.TRICKS, spare)
    return TOP_PEARLS * won + (spare - won)


MOST = most_pearls(0)


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"ui.trump_whales.sandbox.{key}", lang, **params)


def check_counts(pearls: Any, bonuses: Any) -> tuple[int, int]:
    """Whole numbers a player can hold: bonuses 0..MOST_BONUSES, and pearl cards 0..most_pearls(bonuses)."""
    for value in (pearls, bonuses):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleViolation(_R + "round-end", "ui.trump_whales.sandbox.err.number", most=MOST)
    if bonuses > MOST_BONUSES:
        raise RuleViolation(_R + "round-end", "ui.trump_whales.sandbox.err.bonuses", most=MOST_BONUSES,
                            tricks=C.TRICKS)
    if pearls > most_pearls(bonuses):
        raise RuleViolation(_R + "round-end", "ui.trump_whales.sandbox.err.pearls", most=most_pearls(bonuses),
                            n=bonuses, top=TOP_PEARLS)
    return pearls, bonuses


# Whose counts the helper's board shows: always Женя's seat, player 4's, as the rulebook's example and the lesson's
# worked round seat him (a reader found his round on player 1's panel, under words that spoke of Женя as player 4;
# another, stop 63, found the panel turn to player 1's once other numbers were typed: three names for one panel)
ZHENYA_SEAT = 3


def position(pearls: int, bonuses: int) -> State:
    """A four-player round at its end, as the round's score is counted: all 8 tricks played and every hand empty
    (the engine's "round_end" stage), the counted player (ZHENYA_SEAT) with `pearls` pearl cards and `bonuses`
    unused bonuses (the picture only: every other player keeps a first bonus, and the other cards lie in the
    discard; 36 in all)."""
    own_pile: tuple[str, ...] = ZHENYA_CARDS[0] if (pearls, bonuses) == ZHENYA else ()
    own_kept: tuple[str, ...] = ZHENYA_CARDS[1] if (pearls, bonuses) == ZHENYA else ()
    cards = tuple(c for c in C.ALL_CARDS if c not in own_pile and c not in own_kept)
    others, rest = cards[:C.MAX_PLAYERS - 1], cards[C.MAX_PLAYERS - 1:]
    pile: tuple[str, ...]
    kept: tuple[str, ...]
    discard: tuple[str, ...]
    if own_pile:
        pile, kept, discard = own_pile, own_kept, rest
    else:
        pile, kept, discard = rest[:pearls], rest[pearls:pearls + bonuses], rest[pearls + bonuses:]
    last = discard[-C.MAX_PLAYERS:]           # the last trick, played out: still one card each before it
    token = 9 if own_pile else 1              # Женя's round was played with the token on «9»
    seat = ZHENYA_SEAT
    others_kept: list[list[str]] = [[c] for c in others]
    piles: list[list[str] | tuple[str, ...]] = [[], [], []]
    before = setup(C.MAX_PLAYERS, seed=0, first=0, trump="blue_whale", token=token, hands=[[c] for c in last],
                   bonuses=others_kept[:seat] + [list(kept)] + others_kept[seat:],
                   pearls=piles[:seat] + [pile] + piles[seat:],
                   discard=discard[:-C.MAX_PLAYERS], tricks=C.TRICKS - 1)
    return replace(before, hands=((),) * C.MAX_PLAYERS, discard=before.discard + tuple(last), tricks=C.TRICKS,
                   phase="reward", turn=0)


class ScoreHelper(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Enter a round's pearl cards and unused bonuses, see the points."""

    def __init__(self, lang: str = "en", pearls: int = 0, bonuses: int = 0, compare: bool = True):
        super().__init__()
        self.compares = compare       # "spend or keep?" under the score
        self.add_class("tutor-widget")
        self.add_class("tutor-tw-score")
        self.lang = lang
        self.errors = ErrorArea()
        screen.watch(self._relayout)      # a phone turned: the picture is drawn again
        style = {"description_width": "initial"}
        self.pearls = W.BoundedIntText(value=0, min=0, max=MOST, description=_w("pearls", lang), style=style,
                                       layout=W.Layout(width="auto"))
        self.bonuses = W.BoundedIntText(value=0, min=0, max=MOST_BONUSES, description=_w("bonuses", lang),
                                        style=style, layout=W.Layout(width="auto"))
        self._shown = (0, 0)      # the counts the table and the picture show
        fit = dict(layout=W.Layout(width="auto", min_width="8em"))
        self.zhenya_button = W.Button(description=_w("zhenya", lang), **fit)
        self.clear_button = W.Button(description=_w("clear", lang), **fit)
        self.table = W.HTML("")
        self.table.add_class("tutor-score")
        self.compare = W.HTML("")
        self.compare.add_class("tutor-score")
        self.svg = W.HTML("")
        self.svg.add_class("tutor-svg")
        self.picture = W.HTML("")       # whose counts the board shows (ZHENYA_SEAT)
        self.breakdown: Optional[Breakdown] = None
        g = guard(self.errors, lang)
        self._quiet = False
        self.pearls.observe(g(self._changed), names="value")
        self.bonuses.observe(g(self._changed), names="value")
        self.zhenya_button.on_click(g(lambda _b: self.set_counts(*ZHENYA)))
        self.clear_button.on_click(g(lambda _b: self.set_counts(0, 0)))
        self.children = [W.HTML(f"<h3>{esc(_w('title', lang))}</h3><p>{esc(_w('intro', lang))}</p>"),
                         W.HBox([self.pearls, self.bonuses, self.zhenya_button, self.clear_button],
                                layout=W.Layout(flex_flow="row wrap", align_items="center")),
                         self.errors, self.table, self.compare,
                         # the picture is the counted round on a table (a teacher found it unexplained: "Всего 0"
                         # beside the round's 8, and player 1 where the text spoke of Женя)
                         self.picture, self.svg]
        with g:
            self.set_counts(pearls, bonuses)

    def _changed(self, _change: object) -> None:
        if not self._quiet:
            # typed into a box: counts no player can hold are refused, and the boxes go back to what is shown
            self.set_counts(self.pearls.value, self.bonuses.value)

    def set_counts(self, pearls: int, bonuses: int) -> None:
        """Show exactly these counts; counts no player can hold are refused (said why) and nothing changes."""
        with guard(self.errors, self.lang):
            try:
                pearls, bonuses = check_counts(pearls, bonuses)
            except RuleViolation:
                self._put(*self._shown)
                raise
            self._put(pearls, bonuses)
            self.refresh()

    def _put(self, pearls: int, bonuses: int) -> None:
        self._quiet = True
        try:
            self.pearls.value, self.bonuses.value = pearls, bonuses
        finally:
            self._quiet = False

    @property
    def total(self) -> int:
        return self.breakdown.total if self.breakdown is not None else 0

    def _relayout(self, _layout: str) -> None:
        """The page's screen changed (a phone turned): the picture is drawn again for it (tutor.widgets.screen)."""
        with guard(self.errors, self.lang, clear=False):
            self.refresh()

    def refresh(self) -> None:
        lang = self.lang
        pearls, bonuses = self._shown = (self.pearls.value, self.bonuses.value)
        breakdown = self.breakdown = round_breakdown(pearls, bonuses)
        # the rule once under the table when every line has the same (a column repeating it wrapped each row to
        # four lines on a phone: a reader), else under each line's words
        rules = {line.rule for line in breakdown.lines}
        once = len(rules) == 1
        rows = [f'<tr class="line"><td>{esc(line.label(lang))}'
                + ("" if once else f'<br><span class="tutor-cite">{esc(safe_cite(line.rule, lang))}</span>')
                + f'</td><td class="num">{number(line.points)}</td></tr>' for line in breakdown.lines]
        rows.append(f'<tr class="total"><td>{esc(_w("total", lang))}</td>'
                    f'<td class="num" data-points="{self.total}">{number(self.total)}</td></tr>')
        cited = (f'<p class="tutor-cite">{esc(text("core.cite", lang, title=safe_cite(next(iter(rules)), lang)))}</p>'
                 if once else "")
        note = f'<p class="tutor-note">{esc(_w("odd", lang))}</p>' if bonuses % C.BONUS_PAIR else ""
        self.table.value = (f"<table><thead><tr><th>{esc(_w('line', lang))}</th><th>{esc(text('ui.points', lang))}"
                            f"</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{cited}{note}")
        self.compare.value = self._spend_or_keep(pearls, bonuses)
        seat = ZHENYA_SEAT
        self.picture.value = f'<p class="tutor-caption">{esc(_w("picture", lang, player=player_name(seat, lang)))}</p>'
        self.svg.value = render(view(position(pearls, bonuses), seat), lang=lang, layout=screen.layout(),
                                highlight=[f"only:{seat}"])

    def _spend_or_keep(self, pearls: int, bonuses: int) -> str:
        """Spend a bonus or keep it: the round's points each way (the engine's breakdown), "" with no bonus."""
        if not bonuses or not self.compares:
            return ""
        lang, kept = self.lang, self.total
        ways = (("keep", kept), ("spend_plus", round_breakdown(pearls + 1, bonuses - 1).total),
                ("spend_other", round_breakdown(pearls, bonuses - 1).total))
        held = plural("trump_whales.n_bonuses", bonuses, lang)
        rows = "".join(f'<tr class="way" data-way="{way}"><td>{esc(_w("compare." + way, lang, bonuses=held))}</td>'
                       f'<td class="num" data-points="{points}">{number(points)}</td>'
                       f'<td class="num">{"" if way == "keep" else esc(_signed(points - kept))}</td></tr>'
                       for way, points in ways)
        note = _w("compare.odd" if bonuses % C.BONUS_PAIR else "compare.even", lang)
        return (f'<table class="tutor-spend-or-keep"><caption>{esc(_w("compare.title", lang))}</caption><thead><tr>'
                f'<th>{esc(_w("compare.way", lang))}</th><th>{esc(text("ui.points", lang))}</th>'
                f'<th>{esc(_w("compare.change", lang))}</th></tr></thead><tbody>{rows}</tbody></table>'
                f'<p class="tutor-note">{esc(note)}</p>')


def _signed(n: int) -> str:
    """+1, −1 (a true minus), ±0."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"
