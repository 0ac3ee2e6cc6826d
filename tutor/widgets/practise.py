"""Practise what you missed (issue #33): a drill session made from this learner's mistakes.

The learner's answers stay in their browser (static/progress.js), which chooses what comes back (its Leitner
schedule, `practisePlan`) and sends the kernel only the drill ids due, the rules behind missed quiz and task
answers, and the parts practised. Here the session is made (`plan`) and asked (`PractisePlayer`, a drill player
that moves from one drill to the next); each answer is recorded as any drill's is (tutor.widgets.progress), so the
schedule learns from the session too. The session's place is under the lesson's page widget (lesson.page).
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Optional, Sequence

import ipywidgets as W

from tutor.core import drill as core_drill
from tutor.core.game import spec
from tutor.widgets.common import ErrorArea, StandIn, esc, guard, ui
from tutor.widgets.drill import DrillPlayer

MAX_QUESTIONS = 8
_PART_ID = re.compile(r"part-[a-z0-9-]{1,60}")      # a lesson part's anchor, the only link a session's end makes


def plan(game: str, drills: Iterable[Any], rules: Iterable[Any], parts: Iterable[Any],
         read: Iterable[Any] = (), seen: Iterable[Any] = ()) -> list[core_drill.Drill]:
    """The session's drills in order: those the browser asked for (known drills of `game` only, each once), then
    drills of the rules missed in quizzes and tasks, from the parts the learner has practised, then one drill of a
    part read whose drills were never answered (`seen`: the drills answered so far); at most MAX_QUESTIONS. What
    the page sent is data from a browser: anything not a known id is left out."""
    known = {d.id: d for d in core_drill.drills(game)}
    chosen: list[core_drill.Drill] = []
    for item in drills:
        if isinstance(item, str) and item in known and known[item] not in chosen:
            chosen.append(known[item])
    missed = {r for r in rules if isinstance(r, str)}
    practised = {p for p in parts if isinstance(p, str)}
    for d in known.values():
        if d.rule in missed and d.part in practised and d not in chosen:
            chosen.append(d)
    # a drill never answered, of a part the learner has read: it would otherwise never come (the schedule knows
    # only what was answered); one, so a session stays a review of what was missed
    answered = {s for s in seen if isinstance(s, str)}
    parts_read = {p for p in read if isinstance(p, str)}
    for d in known.values():
        if d.part in parts_read and d.id not in answered and d not in chosen:
            chosen.append(d)
            break
    return chosen[:MAX_QUESTIONS]


class PractisePlayer(DrillPlayer):
    """A drill player over several drills, one question each, ending with how the session went."""

    def __init__(self, drills: Sequence[core_drill.Drill], lang: str = "en", *, seed: Optional[int] = None,
                 back: Optional[tuple[str, str]] = None, why: Optional[dict[str, str]] = None,
                 again: str = "") -> None:
        if not drills:
            raise ValueError("a practise session needs at least one drill")
        self.queue = list(drills)
        self.back = back          # (part id, its title): where the learner was, linked from the session's end
        self.again_links = again  # the links to the quizzes and tasks missed (again_html), under the session's end
        self.reasons = dict(why or {})      # drill id -> why it came back, in words (PractiseArea.start)
        self.asked_in_session = 0
        super().__init__(self.queue[0], lang=lang, seed=seed)
        self.add_class("tutor-practise-session")

    def heading_html(self) -> str:
        title = core_drill.said(self.drill.title, self.lang)
        reason = self.reasons.get(self.drill.id, "")
        return (f'<h3>{esc(ui("practise.heading", self.lang, i=self.asked_in_session, n=len(self.queue)))}: '
                f"{esc(title)}</h3>" + (f'<p class="tutor-practise-why">{esc(reason)}</p>' if reason else ""))

    def new_question(self) -> None:
        if self.asked_in_session >= len(self.queue):
            self._finish()
            return
        self.drill = self.queue[self.asked_in_session]
        self.game = spec(self.drill.game)
        self.asked_in_session += 1
        super().new_question()
        self.heading.value = self.heading_html()

    def _finish(self) -> None:
        right = sum(self.history[-len(self.queue):])
        self.heading.value = f'<h3>{esc(ui("practise.done", self.lang, right=right, n=len(self.queue)))}</h3>'
        link = ""
        if self.back:
            link = (f'<a class="tutor-next-part tutor-practise-back" href="#{esc(self.back[0])}">'
                    f'{esc(ui("practise.back", self.lang, part=self.back[1]))}</a>')
        # what comes back when, as this session went (all right, all missed, some of each)
        later = "practise.later_all" if right == len(self.queue) else "practise.later_none" if not right else "practise.later"
        self.prompt.value = f'<p class="tutor-practise-next">{esc(ui(later, self.lang))}</p>{self.again_links}{link}'
        self.svg.value = ""
        self.options.children = []
        self.verdict.value = ""
        self.check.layout.display = "none"
        self._show(again=False, why=False, next=False)


class PractiseArea(StandIn, W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Where the session appears when the learner asks for one (empty until then)."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__([])
        self.lang = lang
        self.add_class("tutor-practise")
        self.errors = ErrorArea()

    def start(self, request: Any) -> None:
        """The page's request ({game, drills, rules, parts}): a session, or a word that there is nothing yet."""
        with guard(self.errors, self.lang):
            request = request if isinstance(request, dict) else {}
            game = request.get("game")
            lists = [request.get(k) if isinstance(request.get(k), list) else []
                     for k in ("drills", "rules", "parts", "read", "seen")]
            seen = lists[4]         # the drills answered so far on this device
            drills = plan(game, *lists) if isinstance(game, str) and game in _games() else []
            back = request.get("back")
            place = None
            if (isinstance(back, dict) and isinstance(back.get("id"), str) and isinstance(back.get("title"), str)
                    and _PART_ID.fullmatch(back["id"])):
                place = (back["id"], back["title"][:120])
            again = again_html(game, request.get("again"), self.lang) if isinstance(game, str) and game in _games() else ""
            if not drills:
                # nothing due: a learner who has practised before is told when to come back, a new one how to start
                said = ui("practise.rest" if seen else "practise.none", self.lang)
                self.children = [W.HTML(f'<p class="tutor-practise-none">{esc(said)}</p>{again}'), self.errors]
                return
            self.children = [PractisePlayer(drills, lang=self.lang, back=place, again=again,
                                            why=_reasons(drills, request, self.lang)), self.errors]


_ITEM = re.compile(r"[a-z_]{1,40}/[a-z0-9-]{1,80}")


def again_html(game: str, again: Any, lang: str) -> str:
    """Links to the quizzes and tasks the learner missed last time they tried them ("Try again: <title>"), each to
    its place on the page (the part, and the item within it): a reader who missed a task was offered only drills
    of its rule. `again` is the browser's list of {item, part}: anything not a quiz or task of `game` is left out."""
    from tutor.core.scenario import read_yaml
    from tutor.widgets.common import find_lesson_file, localised
    links = []
    for entry in again if isinstance(again, list) else []:
        item = entry.get("item") if isinstance(entry, dict) else None
        part = entry.get("part") if isinstance(entry, dict) else None
        if not (isinstance(item, str) and _ITEM.fullmatch(item) and item.startswith(game + "/")
                and isinstance(part, str) and _PART_ID.fullmatch(part)):
            continue
        for folder in ("tasks", "quizzes"):
            path, _ = find_lesson_file(item, folder)
            if path is None:
                continue
            try:
                title = localised(read_yaml(path).get("title"), lang)
            except Exception:       # a file that cannot be read names no link; the session goes on
                title = ""
            if title:
                links.append(f'<li><a class="tutor-practise-again" href="#{esc(part)}" data-item="{esc(item)}">'
                             f'{esc(title)}</a></li>')
            break
    if not links:
        return ""
    return (f'<div class="tutor-practise-again-list"><p><b>{esc(ui("practise.again", lang))}</b></p>'
            f'<ul>{"".join(links)}</ul></div>')


def _reasons(drills: Sequence[core_drill.Drill], request: dict[str, Any], lang: str) -> dict[str, str]:
    """Why each drill of the session came back, in words: missed (how often), kept fresh, a rule missed in a
    question or task, or new (a part read, the drill never tried). The counts are the browser's: only numbers."""
    why = request.get("why")
    sent: dict[str, Any] = why if isinstance(why, dict) else {}
    rules = {r for r in request.get("rules") or [] if isinstance(r, str)}
    out = {}
    for d in drills:
        misses = sent.get(d.id)
        if isinstance(misses, int) and not isinstance(misses, bool) and 0 < misses < 1000:
            out[d.id] = ui("practise.why.missed", lang, n=misses)
        elif d.id in sent:
            out[d.id] = ui("practise.why.due", lang)
        elif d.rule in rules:
            out[d.id] = ui("practise.why.rule", lang)
        else:
            out[d.id] = ui("practise.why.new", lang)
    return out


def _games() -> set[str]:
    from tutor.core.game import ready_games
    return set(ready_games())
