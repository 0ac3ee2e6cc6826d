"""The Паперові океани score helper: pick cards for your hand and the cards you played, see what they score line by
line (each line citing its rulebook section), the colour bonus, whether you may end the round, and what STOP and
LAST CHANCE would give against the opponents' best card points.

    ScoreHelper(lang="uk")                                  # lesson.sandbox("sea_salt_paper", "uk")
    ScoreHelper(hand=["octopus-1", ...], zone=["crab-6", "crab-7"], opponents=4)
    ScoreHelper(lang="uk", preset="andriy")                 # the cards a lesson part talks about, by name
    ScoreHelper(lang="uk", part="part-cards")               # shown in that part: no ready-made choice of cards
                                                            # the lesson has not taught by then (taught.yaml)

The engine decides every number (`scoring.breakdown`, `card_points`, `colour_bonus`, components.STOP_POINTS);
this widget only collects the learner's choices. A kind is chosen in a list and that kind's cards show as toggles
(the box's 58 in one column were 3,550 px on a phone, the score 3,000 px under them); each card of the box is one
toggle (so no more cards of a kind can be picked than the box holds), named as a player names it («краб (синій)»:
a screen reader reads the kind too) and, once picked, where it went («… · на руці», «… · зіграна») in the colour
of that place. The score sits beside the picker on a wide screen and right under it on a phone; the picture of
the chosen cards is under both, and a card tapped there is taken out. Only duo cards are
played, and only in pairs, as in a game: a duo card picked for "played" goes there with a partner (one from the
hand, else one of the box), un-picking a played card sends its partner back to the hand, and any other card picked
for "played" is refused with its rule («Парні карти»).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Iterable, Optional

import ipywidgets as W
from ipywidgets.widgets.widget_bool import ToggleButtonStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from tutor.core.errors import RuleViolation
from tutor.core.i18n import number, plural, text
from tutor.core.scoring import Breakdown
from tutor.core.taught import taught_by
from tutor.games.sea_salt_paper import components as C
from tutor.games.sea_salt_paper.render import render
from tutor.games.sea_salt_paper.rules import setup
from tutor.games.sea_salt_paper.scoring import breakdown, card_points, colour_bonus
from tutor.games.sea_salt_paper.text import card_name, kind_name, points_text
from tutor.games.sea_salt_paper.view import view
from tutor.widgets.board import ClickBoard
from tutor.widgets.common import ErrorArea, StandIn, esc, guard, safe_cite
from tutor.widgets import screen  # the page's screen: its board is laid out for it

_R = "sea_salt_paper:"
ANDRIY = (("octopus-1", "octopus-3", "octopus-4"), ("crab-6", "crab-7"))       # rulebook «ЗАВЕРШЕННЯ РАУНДУ»
TWO_MERMAIDS = (("mermaid-1", "mermaid-2", "crab-3", "crab-4", "boat-3", "fish-3", "octopus-3", "shark-4",
                 "shell-5"), ())                                                 # rulebook «Карти русалок»
# the cards lesson parts open the helper with, by name (a lesson's code cell shows no card id)
PRESETS = {
    "andriy": ANDRIY,
    "two-mermaids": TWO_MERMAIDS,
    "collections": (("shell-1", "shell-2", "shell-3", "octopus-1", "octopus-2", "penguin-1", "sailor-1"), ()),
    "multipliers": (("lighthouse-1", "captain-1", "sailor-1", "sailor-2"), ("boat-1", "boat-2")),
}
STYLE = {"hand": "info", "zone": "warning"}     # a picked card's colour says where it went (its words say it too)
# a phone's tables may break a word anywhere (tutor.css): the helper's words and numbers stay whole («Очк/и»), only
# a rule's name breaks where it must
WHOLE = ' style="overflow-wrap: normal; word-break: normal"'


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"ui.sea_salt_paper.sandbox.{key}", lang, **params)


# the kind each duo card pairs with (components.DUOS); the played zone holds these cards only, in pairs
PARTNER = {a: b for a, b in C.DUOS} | {b: a for a, b in C.DUOS}


def pairs_ok(zone: Iterable[str]) -> bool:
    """Whether `zone` could be a player's played cards: duo cards only, each with its partner."""
    kinds = [C.KIND[c] for c in zone]
    if any(k not in PARTNER for k in kinds):
        return False
    return all(kinds.count(k) % 2 == 0 for k in PARTNER if PARTNER[k] == k) and \
        all(kinds.count(a) == kinds.count(b) for a, b in C.DUOS if a != b)


def check_cards(ids: Iterable[object]) -> list[str]:
    out: list[str] = []
    for given in ids:
        i = str(given).strip()
        if i not in C.KIND:
            raise RuleViolation(_R + "components", "ui.sea_salt_paper.sandbox.err.unknown")
        out.append(i)
    return out


def verdicts(points: int, bonus: int, opponents: int, lang: str) -> list[str]:
    """What ending the round would give, in words: may you end it, STOP, LAST CHANCE won or lost."""
    if points < C.STOP_POINTS:
        return [_w("cannot_end", lang, points=points_text(points, lang), need=C.STOP_POINTS)]
    # with no opponents' points entered, "an opponent with the most points scores 0" read as a promise (a reader)
    out = [_w("stop", lang, points=points_text(points, lang), opponents=points_text(opponents, lang)) if opponents
           else _w("stop_alone", lang, points=points_text(points, lang))]
    if points >= opponents:
        out.append(_w("last_chance_won", lang, points=points, bonus=bonus, total=points_text(points + bonus, lang)))
    else:
        out.append(_w("last_chance_lost", lang, opponents=points_text(opponents, lang),
                      bonus=points_text(bonus, lang)))
    return out


_INTRODUCED: set[str] = set()      # the languages whose helper has been shown with its whole "how to use it"


class ScoreHelper(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Choose cards (hand or played), see what they score and what ending the round would give."""

    def __init__(self, lang: str = "en", hand: Iterable[object] = (), zone: Iterable[object] = (), opponents: int = 0,
                 preset: str | None = None, part: str | None = None):
        super().__init__()
        self.add_class("tutor-widget")
        self.add_class("tutor-ssp-score")
        self.lang = lang
        self.place: dict[str, str] = {}           # card id -> "hand" | "zone"
        self._quiet = False
        self.breakdown: Optional[Breakdown] = None
        self.errors = ErrorArea()
        screen.watch(self._relayout)      # a phone turned: the picture is drawn again
        self.where = W.ToggleButtons(options=[(_w("to_hand", lang), "hand"), (_w("to_zone", lang), "zone")],
                                     value="hand", description=_w("where", lang),
                                     style={"description_width": "initial", "button_width": "auto"},
                                     layout=W.Layout(height="auto", flex_flow="row wrap"))
        self.toggles: dict[str, W.ToggleButton] = {}
        # A compact picker (the box's 58 cards in one column were 3,550 px on a phone, the result 3,000 px under
        # them): a kind, then that kind's cards, one toggle a card (so no more cards of a kind than the box holds).
        # One layout and one style shared by all 58 toggles: each widget's own would be two more models for the
        # page to open, and four score helpers on one lesson page made it slow to build.
        # Every line is as tall as what it holds (height auto): a phone's controls are 44 px tap targets (tutor.css)
        # and ipywidgets' fixed 28 px lines let the kind's list hang over the first row of card buttons.
        toggle_layout, toggle_style = W.Layout(width="auto"), ToggleButtonStyle()
        for c in C.ALL_CARDS:
            b = W.ToggleButton(value=False, description=card_name(c, lang), tooltip=card_name(c, lang),
                               layout=toggle_layout, style=toggle_style)
            b.add_class(f"tutor-ssp-{C.COLOUR[c]}")
            b.card = c
            b.observe(self._toggled, names="value")
            self.toggles[c] = b
        self.kind = W.Dropdown(options=[(kind_name(k, lang), k) for k in C.KINDS], value=C.KINDS[0],
                               description=_w("kind", lang), style={"description_width": "initial"},
                               layout=W.Layout(width="auto", max_width="100%", height="auto"))
        self.cards_box = W.HBox([], layout=W.Layout(flex_flow="row wrap"))
        # in columns of one width (tutor.css): a picked card's longer label («… · на руці») moved the buttons after
        # it, and a quick second tap landed on the card just picked and took it out again
        self.cards_box.add_class("tutor-ssp-cards")
        self.kind.observe(self._kind_chosen, names="value")
        self._show_kind()
        fit = dict(layout=W.Layout(width="auto", min_width="8em"))
        self.clear_button = W.Button(description=_w("clear", lang), **fit)
        self.andriy_button = W.Button(description=_w("andriy", lang), **fit)
        self.mermaids_button = W.Button(description=_w("mermaids", lang), **fit)
        self.opponents = W.BoundedIntText(value=opponents, min=0, max=99, description=_w("opponents", lang),
                                          style={"description_width": "initial"},
                                          layout=W.Layout(width="auto", height="auto"))
        # the picture of the chosen cards: a card tapped there is taken out (its button says so)
        self.svg = ClickBoard()
        self.table = W.HTML("")
        self.table.add_class("tutor-score")
        self.verdict = W.HTML("")
        self.verdict.add_class("tutor-live")
        g = guard(self.errors, lang)
        self._g = g
        # a ready-made choice holding a card the lesson has not taught by `part` is not offered there («Дві
        # русалки» stood in part 8, a part before the mermaids')
        known = C.KINDS if part is None else taught_by("sea_salt_paper", part)
        for button, (hand_cards, zone_cards) in ((self.andriy_button, ANDRIY), (self.mermaids_button, TWO_MERMAIDS)):
            if any(C.KIND[c] not in known for c in (*hand_cards, *zone_cards)):
                button.layout = W.Layout(width="auto", min_width="8em", display="none")
        self.clear_button.on_click(g(lambda _b: self.set_cards([], [])))
        self.andriy_button.on_click(g(lambda _b: self.set_cards(*ANDRIY)))
        self.mermaids_button.on_click(g(lambda _b: self.set_cards(*TWO_MERMAIDS)))
        self.opponents.observe(g(lambda _ch: self.refresh()), names="value")
        wrap = W.Layout(flex_flow="row wrap", align_items="center")
        # the picker and the score side by side where the column is wide, the score right under the picker on a
        # phone (they wrap); the picture under both, as wide as the column (its layout is the page's)
        self.picker = W.VBox([self.where, self.kind, self.cards_box, self.errors],
                             layout=W.Layout(flex="1 1 330px", min_width="0"))
        # the ready-made choices and the opponents' points go with the score they change
        self.result = W.VBox([self.table, W.HBox([self.clear_button, self.andriy_button, self.mermaids_button],
                                                 layout=wrap), self.opponents, self.verdict],
                             layout=W.Layout(flex="1 1 330px", min_width="0"))
        # how to use it in full once a page (a kernel serves one page); the helpers after it, one line: the same
        # sixty words four times down the page (a reader, stop 48)
        intro = _w("intro" if lang not in _INTRODUCED else "intro_again", lang)
        _INTRODUCED.add(lang)
        # (one wrapping row: on a phone, where the three stack, the picture comes right under the cards to tap,
        # the score under it, tutor.css; in the page's order it lay 1,000 px under the buttons that change it, a
        # reader of wave 20. A wide screen keeps picker and score side by side, the picture under both.)
        self.picker.add_class("tutor-ssp-score-picker")
        self.result.add_class("tutor-ssp-score-result")
        self.svg.add_class("tutor-ssp-score-picture")
        self.svg.layout = W.Layout(flex="1 1 100%", min_width="0")
        self.children = [W.HTML(f"<h3>{esc(_w('title', lang))}</h3><p>{esc(intro)}</p>"),
                         W.HBox([self.picker, self.result, self.svg],
                                layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))]
        with g:
            if preset is not None:
                if preset not in PRESETS:
                    raise RuleViolation(_R + "components", "ui.sea_salt_paper.sandbox.err.unknown")
                hand, zone = PRESETS[preset]
            self.set_cards(hand, zone)

    # ------------------------------------------------------------------ choosing

    @property
    def hand(self) -> list[str]:
        return [c for c in C.ALL_CARDS if self.place.get(c) == "hand"]

    @property
    def zone(self) -> list[str]:
        return [c for c in C.ALL_CARDS if self.place.get(c) == "zone"]

    def set_cards(self, hand: Iterable[object], zone: Iterable[object]) -> None:
        """Choose exactly these cards (an unknown id is refused, nothing changes)."""
        with guard(self.errors, self.lang):
            hand, zone = check_cards(hand), check_cards(zone)
            if not pairs_ok(zone):
                raise RuleViolation(_R + "duos", "ui.sea_salt_paper.sandbox.err.unpaired")
            place = {c: "hand" for c in hand}
            place.update({c: "zone" for c in zone})
            self._quiet = True
            try:
                for c, b in self.toggles.items():
                    b.value = c in place
            finally:
                self._quiet = False
            self.place = place
            for c in self.toggles:
                self._mark(c)
            self.refresh()

    def _count_kinds(self) -> None:
        """Each kind in the list says how many of its cards are chosen («восьминіг · 3»), the kind shown kept."""
        labels = [(kind_name(k, self.lang) + (f" · {n}" if (n := sum(C.KIND[c] == k for c in self.place)) else ""), k)
                  for k in C.KINDS]
        if list(self.kind.options) == labels:
            return
        shown, was = self.kind.value, self._quiet
        self._quiet = True          # new options reset a list's value: it is set back, the same kind stays shown
        try:
            with self.kind.hold_sync():
                self.kind.options = labels
                self.kind.value = shown
        finally:
            self._quiet = was

    def _kind_chosen(self, _change: dict[str, Any]) -> None:
        if not self._quiet:         # not the list's own reset as its counts change (_count_kinds)
            self._show_kind()

    def _show_kind(self) -> None:
        """The picker shows the chosen kind's cards (each of the box's cards of that kind, one toggle a card)."""
        self.cards_box.children = [b for c, b in self.toggles.items() if C.KIND[c] == self.kind.value]

    def _mark(self, card: str) -> None:
        """The toggle says where its card went, in words and colour (picked for the hand or played)."""
        b, where = self.toggles[card], self.place.get(card)
        name = card_name(card, self.lang)
        b.description = name if where is None else _w(f"in_{where}", self.lang, card=name)
        b.button_style = "" if where is None else STYLE.get(where, "")

    def _toggled(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        with guard(self.errors, self.lang):
            card = change["owner"].card
            if change["new"]:
                partner = self._partner_for(card) if self.where.value == "zone" else None
                self.place[card] = self.where.value
                if partner is not None:
                    self._set(partner, "zone")
            else:
                was = self.place.pop(card, None)
                if was == "zone" and not pairs_ok(self.zone):
                    # the pair leaves the played cards together: its partner goes back to the hand
                    self._set(next(c for c in reversed(self.zone) if pairs_ok([x for x in self.zone if x != c])),
                              "hand")
            self._mark(card)
            self.refresh()

    def _partner_for(self, card: str) -> Optional[str]:
        """The card `card` is played with (None when the played cards already hold its partner); a card that is no
        duo, or whose partners are all played, is refused (its toggle goes back, nothing changes)."""
        name = card_name(card, self.lang)
        if C.KIND[card] not in PARTNER:
            self._set(card, None)
            raise RuleViolation(_R + "duos", "ui.sea_salt_paper.sandbox.err.not_duo", card=name)
        if pairs_ok(self.zone + [card]):
            return None
        want = PARTNER[C.KIND[card]]
        free = [c for c in self.hand if C.KIND[c] == want] + \
            [c for c in C.ALL_CARDS if C.KIND[c] == want and c not in self.place and c != card]
        if not free:
            self._set(card, None)
            raise RuleViolation(_R + "duos", "ui.sea_salt_paper.sandbox.err.no_partner", card=name)
        return free[0]

    def _set(self, card: str, where: Optional[str]) -> None:
        """Put `card` in the hand, among the played cards, or (None) out of the choice, its toggle with it."""
        if where is None:
            self.place.pop(card, None)
        else:
            self.place[card] = where
        self._quiet = True
        try:
            self.toggles[card].value = where is not None
        finally:
            self._quiet = False
        self._mark(card)

    # ------------------------------------------------------------------ showing

    @property
    def cards(self) -> list[str]:
        return self.hand + self.zone

    @property
    def points(self) -> int:
        return card_points(self.cards)

    @property
    def bonus(self) -> int:
        return colour_bonus(self.cards)

    def _relayout(self, _layout: str) -> None:
        """The page's screen changed (a phone turned): the picture is drawn again for it (tutor.widgets.screen)."""
        with guard(self.errors, self.lang, clear=False):
            self.refresh()

    def refresh(self) -> None:
        lang = self.lang
        cards = self.cards
        state = setup(2, seed=0, hands=[self.hand, []], zones=[self.zone, []])
        seen = view(state, 0)      # the chosen cards alone: no deck to take from, no opponent
        remove = {f"card:{c}": (self._g(partial(setattr, self.toggles[c], "value", False)),
                                _w("remove", lang, card=card_name(c, lang)), True) for c in cards}
        self.svg.value = render(dict(seen, cards_only=True, seats=seen["seats"][:1]), lang=lang,
                                layout=screen.layout(), choosable=self.svg.offer(remove))
        self.breakdown = breakdown(cards, bonus=True)
        lines = list(self.breakdown.lines)
        bonus_line = lines.pop() if cards else None
        self._count_kinds()
        rows = [f'<tr class="line"><td{WHOLE}>{esc(line.label(lang))}</td>'
                f'<td class="num"{WHOLE}>{number(line.points)}</td>'
                f'<td class="tutor-cite">{esc(safe_cite(line.rule, lang))}</td></tr>' for line in lines]
        if not lines:
            rows.append(f'<tr class="line"><td{WHOLE}>{esc(_w("nothing", lang))}</td><td class="num"{WHOLE}>0</td>'
                        f'<td></td></tr>')
        rows.append(f'<tr class="total"><td{WHOLE}>{esc(_w("card_points", lang))}</td>'
                    f'<td class="num"{WHOLE} data-points="{self.points}">{number(self.points)}</td><td></td></tr>')
        if bonus_line is not None:
            rows.append(f'<tr class="bonus"><td{WHOLE}>{esc(bonus_line.label(lang))}</td>'
                        f'<td class="num"{WHOLE} data-bonus="{self.bonus}">{number(bonus_line.points)}</td>'
                        f'<td class="tutor-cite">{esc(safe_cite(bonus_line.rule, lang))}</td></tr>')
        self.table.value = (f"<table><thead><tr><th{WHOLE}>{esc(_w('line', lang))}</th><th{WHOLE}>"
                            f"{esc(text('ui.points', lang))}</th><th{WHOLE}>{esc(text('ui.rule', lang))}</th></tr>"
                            f"</thead><tbody>{''.join(rows)}</tbody></table>")
        items = [plural("ui.sea_salt_paper.sandbox.chosen", len(cards), lang)]
        if sum(C.KIND[c] == "mermaid" for c in cards) >= C.MERMAIDS_TO_WIN:
            # the points below would mislead: laid down, the four mermaids win the game at once («Карти русалок»)
            items.append(_w("four_mermaids", lang, n=C.MERMAIDS_TO_WIN, rule=safe_cite(_R + "mermaids", lang)))
        items += verdicts(self.points, self.bonus, self.opponents.value, lang)
        # the heading is the section's citation, its name said once: "Ending the round («ЗАВЕРШЕННЯ РАУНДУ»)"
        self.verdict.value = (f'<h4 data-rule="{_R}round-end">{esc(safe_cite(_R + "round-end", lang))}</h4><ul>'
                              + "".join(f"<li>{esc(x)}</li>" for x in items) + "</ul>")
