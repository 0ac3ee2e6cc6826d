"""The Aqua Fest shell-assembly helper: pick a collection of fragments and see the best way to build
shells from it, scored line by line with the rule behind each line, and told in words why; then try a
grouping of your own and compare it with the best.

    ShellsHelper(lang="ru")                       # lesson.sandbox("aqua_fest", "ru")
    ShellsHelper(fragments=["u-pink-1", ...])

The engine decides everything (`shells.best_assembly`, `shells.evaluate`, `shells.classify`,
`scoring.breakdown`); this widget only collects the learner's choices and says what the engine found.
A fragment clicked in the picture is taken out of the collection (its toggle button is released).
"""

from __future__ import annotations

import random
import re
from functools import partial
from typing import Any, Iterable, Optional, Sequence

import ipywidgets as W

from tutor.core.errors import RuleViolation
from tutor.core.i18n import number, plural, text
from tutor.core.scoring import Breakdown
from tutor.games.aqua_fest import components as C
from tutor.games.aqua_fest.render import render_shells
from tutor.games.aqua_fest.scoring import breakdown
from tutor.games.aqua_fest.shells import (RULEBOOK_SHELLS, RULEBOOK_TOKEN, Assembly, arranged, best_assembly,
                                          classify, evaluate)
from tutor.games.aqua_fest.text import colour_name, fragment_kind_name
from tutor.widgets.board import ClickBoard
from tutor.widgets.common import ErrorArea, StandIn, esc, guard, safe_cite
from tutor.widgets import screen  # the page's screen: its picture is laid out for it

RULEBOOK_EXAMPLE = tuple(t for shell in RULEBOOK_SHELLS for t in shell)    # its twelve fragments
RANDOM_SIZES = (8, 20)
SHELLS_RULE = "aqua_fest:shells"


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"ui.shells.{key}", lang, **params)


def fragment_label(tile_id: str, lang: str = "en") -> str:
    """“★★ white”: stars and pearl colour, as a player reads the tile (its kind is the row it sits in)."""
    t = C.tile(tile_id)
    return f"{'★' * t.stars} {colour_name(t.colour, lang)}"


def fragment_tip(tile_id: str, lang: str = "en") -> str:
    from tutor.games.aqua_fest.text import tile_name
    return tile_name(tile_id, lang)


def check_fragments(ids: Iterable[object]) -> list[str]:
    """The ids as a list; an unknown id or a coral is refused with a friendly reason."""
    out: list[str] = []
    for given in ids:
        i = str(given).strip()
        if i not in C.TILES or C.tile(i).coral:
            raise RuleViolation(SHELLS_RULE, "ui.shells.err.unknown", id=i)
        out.append(i)
    return out


def parse_grouping(source: str, collection: Optional[Iterable[str]] = None) -> list[tuple[str, ...]]:
    """“shell 1: a b c d” lines (the label before “:” is optional; commas or spaces between ids) -> groups.
    Each group must hold four fragments of `collection` (when given), none used twice."""
    groups: list[tuple[str, ...]] = []
    seen: set[str] = set()
    allowed = None if collection is None else set(collection)
    for n, line in enumerate((source or "").splitlines(), start=1):
        body = line.split(":", 1)[1] if ":" in line else line
        ids = [x for x in re.split(r"[\s,;]+", body.strip()) if x]
        if not ids:
            continue
        ids = check_fragments(ids)
        for i in ids:
            if allowed is not None and i not in allowed:
                raise RuleViolation(SHELLS_RULE, "ui.shells.err.not_chosen", id=i)
            if i in seen:
                raise RuleViolation(SHELLS_RULE, "ui.shells.err.twice", id=i)
            seen.add(i)
        if len(ids) != 4:
            raise RuleViolation(SHELLS_RULE, "ui.shells.err.size", n=len(groups) + 1, k=len(ids))   # shell n
        groups.append(tuple(ids))
    if not groups:
        raise RuleViolation(SHELLS_RULE, "ui.shells.err.empty")
    return groups


def why_lines(assembly: Assembly, lang: str = "en") -> list[str]:
    """In words: each shell built and why it is that kind; what is left over and why."""
    out: list[str] = []
    for s in assembly.shells:
        colour = colour_name(C.tile(s.fragments[0]).colour, lang)
        out.append(_w(s.kind, lang, colour=colour, stars=s.stars, points=s.points))
    lowers = [t for t in assembly.unused if C.tile(t).kind != "upper"]
    uppers = [t for t in assembly.unused if C.tile(t).kind == "upper"]
    if lowers:
        out.append(_w("left_lower", lang, n=len(lowers)))
    if uppers:
        out.append(_w("left_upper", lang, n=len(uppers)))
    return out


class ShellsHelper(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Choose fragments (or a random collection, or the rulebook's example), see the best assembly."""

    def __init__(self, lang: str = "en", fragments: Optional[Iterable[object]] = None, seed: Optional[int] = None,
                 bonus: int = 0):
        super().__init__()
        self.add_class("tutor-widget")
        self.add_class("tutor-shells")
        self.lang = lang
        self.seed = seed
        self._randoms = 0
        self._quiet = False
        self.assembly: Optional[Assembly] = None
        self.breakdown: Optional[Breakdown] = None
        self.yours: Optional[Assembly] = None
        self.book: Optional[tuple[tuple[str, ...], ...]] = None    # the rulebook's grouping, while its example shows

        self.errors = ErrorArea()
        screen.watch(self._relayout)      # a phone turned: the picture is drawn again
        self.toggles: dict[str, W.ToggleButton] = {}
        groups = []
        self.kind_groups: dict[str, W.VBox] = {}
        for kind in C.FRAGMENT_KINDS:
            # one row a pearl colour, its fragments by stars: the colour said once at the row's head and the buttons
            # show only their stars (each button saying "★★ white" took 42 buttons over two phone screens, 1,100 px,
            # a teacher found; a row a colour is about 450 px). The whole name stays in each button's tooltip.
            rows = []
            for colour in C.COLOURS:
                buttons = []
                for t in sorted((t for t in C.FRAGMENTS if C.tile(t).kind == kind and C.tile(t).colour == colour),
                                key=lambda t: C.tile(t).stars):
                    b = W.ToggleButton(value=False, description="★" * C.tile(t).stars,
                                       tooltip=fragment_tip(t, lang), layout=W.Layout(width="auto"))
                    b.add_class(f"tutor-fragment-{colour}")
                    b.add_class("tutor-pickable")
                    b.fragment = t
                    b.observe(self._changed, names="value")
                    self.toggles[t] = b
                    buttons.append(b)
                if buttons:
                    head = W.HTML(esc(colour_name(colour, lang)))
                    head.add_class("tutor-shells-colour")
                    row = W.HBox([head, *buttons], layout=W.Layout(flex_flow="row wrap", align_items="center"))
                    row.add_class("tutor-shells-row")
                    rows.append(row)
            box = W.VBox([W.HTML(f"<b>{esc(fragment_kind_name(kind, lang))}</b>"), *rows])
            self.kind_groups[kind] = box
            groups.append(box)
        self.filter = W.ToggleButtons(options=[(_w("all", lang), "")] + [(fragment_kind_name(k, lang), k)
                                                                         for k in C.FRAGMENT_KINDS],
                                      value="", description=_w("filter", lang),
                                      style={"button_width": "auto"})     # «нижний правый» was cut on a phone
        self.filter.observe(lambda ch: self._filter(ch["new"]), names="value")
        # buttons as wide as their words, and the drop-down's label in full: a cut label teaches nothing
        fit = dict(layout=W.Layout(width="auto", min_width="8em"))
        self.random_button = W.Button(description=_w("random", lang), button_style="info", **fit)
        self.example_button = W.Button(description=_w("example", lang), **fit)
        self.clear_button = W.Button(description=_w("clear", lang), **fit)
        self.bonus = W.Dropdown(options=[(_w("no_bonus", lang), 0)] + [(str(v), v) for v in C.BONUS_TOKENS],
                                value=bonus, description=_w("bonus", lang), style={"description_width": "initial"},
                                layout=W.Layout(width="auto"))
        self.count = W.HTML("")
        self.count.add_class("tutor-shells-count")      # stays in view over the picker on a phone (tutor.css)
        self.count.add_class("tutor-live")
        self.svg = ClickBoard()
        self.table = W.HTML("")
        self.table.add_class("tutor-score")
        self.why = W.HTML("")
        self.why.add_class("tutor-shells-why")
        self.why.add_class("tutor-live")

        # the learner's own grouping: each chosen fragment goes into a shell by number (no ids to type)
        self.assign: dict[str, W.Dropdown] = {}
        self.assign_box = W.VBox([])
        self.assign_box.add_class("tutor-shells-assign")
        self.check_button = W.Button(description=_w("check", lang), button_style="info", **fit)
        self.fill_button = W.Button(description=_w("fill", lang), **fit)
        self.verdict = W.HTML("")
        self.verdict.add_class("tutor-shells-verdict")
        self.verdict.add_class("tutor-live")

        g = guard(self.errors, lang)
        self.random_button.on_click(g(lambda _b: self.random_collection()))
        self.example_button.on_click(g(lambda _b: self.rulebook_example()))
        self.clear_button.on_click(g(lambda _b: self.set_fragments([])))
        self.bonus.observe(g(lambda _ch: None if self._quiet else self.refresh()), names="value")
        self.check_button.on_click(g(lambda _b: self.score_grouping()))
        self.fill_button.on_click(g(lambda _b: self.fill_best()))

        # its own place for a refusal, under its buttons: in the page's error area at the top, a phone learner's
        # "shell 2 has 3 fragments" came 2,000 px above the button they had tapped, and the button seemed broken
        self.own_errors = ErrorArea()
        own = W.VBox([W.HTML(f"<p>{esc(_w('own_help', lang))}</p>"), self.assign_box,
                      W.HBox([self.check_button, self.fill_button], layout=W.Layout(flex_flow="row wrap")),
                      self.own_errors, self.verdict])
        own_box = W.Accordion([own])
        own_box.set_title(0, _w("own", lang))
        own_box.selected_index = None
        self.own_box = own_box
        # the running count and total over the picker, where the learner taps (under it, a phone learner scrolled
        # 600 px after every tap to see what it changed)
        # (the count rides along over the picker only: in a box of its own with the rows, it stays behind once they
        # are scrolled past, and the shells' picture and result under them are not covered, a reader)
        picker = W.VBox([self.count, *groups])
        picker.add_class("tutor-shells-picker")
        self.children = [W.HTML(f"<h3>{esc(_w('title', lang))}</h3><p>{esc(_w('intro', lang))}</p>"),
                         self.filter, picker,
                         W.HBox([self.random_button, self.example_button, self.clear_button, self.bonus],
                                layout=W.Layout(flex_flow="row wrap", align_items="center")),
                         self.errors, self.svg, self.table, self.why, own_box]
        with g:
            # opened on the rulebook's example: its shells as the rulebook groups them (the engine's own grouping of
            # the same twelve, the same total, read to two readers as a different example from part 12's)
            if (fragments is not None and bonus == RULEBOOK_TOKEN
                    and sorted(str(f) for f in fragments) == sorted(RULEBOOK_EXAMPLE)):
                self.rulebook_example()
            else:
                self.set_fragments(fragments or [])

    # ------------------------------------------------------------------ choosing

    @property
    def selected(self) -> list[str]:
        return [t for t, b in self.toggles.items() if b.value]

    def set_fragments(self, ids: Iterable[object]) -> None:
        """Choose exactly `ids`; an unknown id is refused (nothing changes)."""
        with guard(self.errors, self.lang):
            wanted = set(check_fragments(ids))
            self._quiet = True
            try:
                for t, b in self.toggles.items():
                    b.value = t in wanted
            finally:
                self._quiet = False
            self.yours = None
            self.verdict.value = ""
            self.refresh()

    def random_collection(self) -> list[str]:
        """A seeded random collection of 8..20 fragments (each press deals another)."""
        r = random.Random(None if self.seed is None else f"shells/{self.seed}/{self._randoms}")
        self._randoms += 1
        ids = r.sample(list(C.FRAGMENTS), r.randint(*RANDOM_SIZES))
        self.set_fragments(ids)
        return ids

    def rulebook_example(self) -> None:
        """The rulebook's twelve fragments, its bonus token 2, and its shells as its picture groups them: 36."""
        self.book = RULEBOOK_SHELLS
        self._quiet = True          # one refresh, after the token too
        try:
            self.bonus.value = RULEBOOK_TOKEN
        finally:
            self._quiet = False
        self.set_fragments(RULEBOOK_EXAMPLE)
        self.place(RULEBOOK_SHELLS)

    def _changed(self, _change: object) -> None:
        if not self._quiet:
            with guard(self.errors, self.lang):
                self.refresh()

    def _filter(self, kind: str) -> None:
        for k, box in self.kind_groups.items():
            box.layout.display = None if kind in ("", k) else "none"

    # ------------------------------------------------------------------ showing

    @property
    def total(self) -> int:
        return self.breakdown.total if self.breakdown is not None else 0

    def _assignment_rows(self, ids: list[str]) -> None:
        """One shell picker per chosen fragment (kept where the fragment was already placed)."""
        if list(self.assign) == list(ids):
            return
        lang = self.lang
        shells = max(1, len(ids) // 4)
        options = [(_w("no_shell", lang), 0)] + [(_w("shell_n", lang, n=k), k) for k in range(1, shells + 1)]
        kept = {t: d.value for t, d in self.assign.items()}
        self.assign = {}
        rows = []
        for t in ids:
            d = W.Dropdown(options=options, value=kept.get(t, 0) if kept.get(t, 0) <= shells else 0,
                           description=f"{fragment_kind_name(C.tile(t).kind, lang)} {fragment_label(t, lang)}",
                           style={"description_width": "initial"}, layout=W.Layout(width="auto"))
            d.fragment = t
            self.assign[t] = d
            rows.append(d)
        self.assign_box.children = rows

    def groups(self) -> list[tuple[str, ...]]:
        """The learner's shells as placed in the pickers; a shell without exactly four fragments is refused."""
        by_shell: dict[int, list[str]] = {}
        for t, d in self.assign.items():
            if d.value:
                by_shell.setdefault(d.value, []).append(t)
        if not by_shell:
            raise RuleViolation(SHELLS_RULE, "ui.shells.err.empty")
        for n in sorted(by_shell):
            if len(by_shell[n]) != 4:
                raise RuleViolation(SHELLS_RULE, "ui.shells.err.size", n=n, k=len(by_shell[n]))
        return [tuple(by_shell[n]) for n in sorted(by_shell)]

    def place(self, groups: Iterable[Sequence[str]]) -> None:
        """Put the pickers as `groups` say (shell k holds groups[k-1]); the rest in no shell."""
        where = {t: k for k, group in enumerate(groups, start=1) for t in group}
        shells = max(1, len(self.assign) // 4)
        for t, d in self.assign.items():
            d.value = where.get(t, 0) if where.get(t, 0) <= shells else 0

    def _relayout(self, _layout: str) -> None:
        """The page's screen changed (a phone turned): the picture is drawn again for it (tutor.widgets.screen)."""
        with guard(self.errors, self.lang, clear=False):
            self.refresh()

    def refresh(self) -> None:
        lang = self.lang
        ids = self.selected
        self._assignment_rows(ids)
        chosen = esc(_w("chosen", lang, n=len(ids)))
        if self.book is not None and sorted(ids) != sorted(t for shell in self.book for t in shell):
            self.book = None        # the learner changed the example's fragments: the tutor's best grouping again
        best = best_assembly(ids)
        self.assembly = arranged(ids, self.book)
        self.breakdown = breakdown(ids, self.bonus.value, 0, self.assembly)
        g = guard(self.errors, lang)
        choosable = self.svg.offer({f"tile:{t}": (g(partial(setattr, self.toggles[t], "value", False)),
                                                  fragment_tip(t, lang), True) for t in ids})
        self.svg.value = render_shells(ids, lang, choosable=choosable, layout=screen.layout(), groups=self.book,
                                       bonus=self.bonus.value)
        total = self._total()
        self.count.value = f"<b>{chosen}</b>" + (f" · {esc(total)}" if ids else "")
        rows = []
        for line in self.breakdown.lines:
            rows.append(f'<tr class="line"><td>{esc(line.label(lang))}</td><td class="num">{number(line.points)}</td></tr>')
        rows.append(f'<tr class="total"><td>{esc(text("core.total", lang))}</td>'
                    f'<td class="num" data-total="{self.breakdown.total}">{number(self.breakdown.total)}</td></tr>')
        # the rules the lines come from, each named once under the table: a column of them said «Как посчитать
        # баллы» on four rows of seven, two phone screens for a table of eight numbers (a reader, stop 55)
        cited = list(dict.fromkeys(safe_cite(line.rule, lang) for line in self.breakdown.lines if line.rule))
        rules = (f'<p class="tutor-cite tutor-shells-rules">{esc(text("ui.rule", lang))}: '
                 f'{esc(", ".join(cited))}</p>') if cited else ""
        self.table.value = (f"<table><thead><tr><th>{esc(_w('line', lang))}</th><th>{esc(text('ui.points', lang))}"
                            f"</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{rules}")
        if not ids:
            items = [_w("nothing", lang)]
        else:
            items = why_lines(self.assembly, lang) + [self._total()]
            if self.assembly != best:      # the rulebook's grouping is shown, and the engine's best is another
                items.append(_w("as_book", lang, points=best.points))
        self.why.value = (f"<h4>{esc(_w('why', lang))}</h4><ul>"
                          + "".join(f"<li>{esc(x)}</li>" for x in items) + "</ul>")

    def _total(self) -> str:
        """"Shells 26 + bonus token 2 = 28 points"; with no token chosen, the shells' points alone (every player has a
        token of 1 to 4: "+ token 0" named one that does not exist)."""
        assert self.breakdown is not None and self.assembly is not None, "counted once fragments are set"
        if not self.bonus.value:
            return plural("ui.shells.total_no_token", self.breakdown.total, self.lang)
        return plural("ui.shells.total", self.breakdown.total, self.lang, shells=self.assembly.points,
                      bonus=self.bonus.value)

    # ------------------------------------------------------------------ the learner's own grouping

    def fill_best(self) -> None:
        self.place([s.fragments for s in best_assembly(self.selected).shells])

    def score_grouping(self, source: str | None = None) -> Optional[tuple[Assembly, Assembly]]:
        """Evaluate the learner's grouping (the shell pickers; or `source`, a grouping written with fragment ids
        as tests and lesson authors write it) and compare it with the best. Returns (yours, best) Assemblies; a
        malformed grouping is refused with a friendly message."""
        lang = self.lang
        with guard(self.own_errors, lang):
            if source is not None:
                groups = parse_grouping(source, self.selected)
                self.place(groups)
            groups = self.groups()
            yours = evaluate(groups)
            best = best_assembly(self.selected)
            self.yours = yours
            items = []
            for n, group in enumerate(groups, start=1):
                kind = classify(group)
                if kind:
                    shell = next(s for s in yours.shells if s.fragments == tuple(group))
                    items.append(plural("ui.shells.yours_ok", shell.points, lang, shell=n, kind=_w(f"kind.{kind}", lang)))
                else:
                    items.append(_w("yours_bad", lang, n=n))
            head = _w("verdict", lang, yours=yours.points, best=best.points)
            if yours.points >= best.points:
                head += " " + _w("as_good", lang)
            self.verdict.value = (f'<p data-yours="{yours.points}" data-best="{best.points}"><b>{esc(head)}</b></p>'
                                  + "<ul>" + "".join(f"<li>{esc(x)}</li>" for x in items) + "</ul>")
            return yours, best
        self.verdict.value = ""
        return None
