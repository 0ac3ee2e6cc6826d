"""The play table's turn-by-turn film: the others' turns since the learner's move, or a whole finished game, shown
one step at a time, each step's board with its move marked, its narration, and the summary of a trick, round or
game it ends (GameUI.summary), which waits for the learner.

The table's `view` always holds the live position and its choices; a film is drawn over it by the page
(static/play.js), which asks for one frame at a time ({want: "frame", film, i}). So a move with bots answering
costs one board as before, and the learner can skip to their move with one tap.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Sequence

from tutor.core.i18n import has, player_name, text
from tutor.core.session import Step
from tutor.widgets.common import esc, events_html, safe_cite, split_defs, ui
from tutor.widgets.board import render_choosable

if TYPE_CHECKING:
    from tutor.widgets.play import PlayTable

TURNS, GAME = "turns", "game"      # the others' turns since the learner's move; a finished game from its start


@dataclass(frozen=True)
class Beat(Step):
    """A pause inside one action that the film shows as a frame of its own (GameUI.film_beats): the position there,
    the events since the pause before, no summary. `name`: the game's stage; `first`: the action's first beat, the
    acting player's own move (its seat ringed), not what follows it (every card turned up)."""

    name: str = ""
    first: bool = False


def beats(table: "PlayTable", steps: Sequence[Step]) -> list[Step]:
    """`steps` with the game's film beats inside each shown before it (each step itself kept, the same object)."""
    names, stages = table.game.parts().film_beats, table.game.stages
    if not names or stages is None:
        return list(steps)
    out: list[Step] = []
    for step in steps:
        if step.action is not None:
            before, since = step.before, []
            for name, position, more in stages(step.before, step.action)[:-1]:
                since.extend(more)
                if name in names:
                    out.append(Beat(step.seat, step.human, before, position, tuple(since), None, name=name,
                                    first=before is step.before))
                    before, since = position, []
        out.append(step)
    return out


def worth_showing(steps: Sequence[Step], table: "PlayTable") -> bool:
    """A film of `steps` shows something the live board does not: another seat's move, a summary to read, or a move of
    the learner's own that the game says changes what may be off the screen (GameUI.film_own)."""
    own = table.game.parts().film_own
    return (any(not s.human for s in steps) or any(summary(table, s) for s in steps)
            or (own is not None and any(s.human and own(s.events) for s in steps)))


def summary(table: "PlayTable", step: Step) -> str:
    """The game's summary of the trick, round or game `step` ends, as the viewer may know it, or "" (made once a
    step and viewer: the film, its "skip to the next summary" and a replay all ask again)."""
    if isinstance(step, Beat):          # a pause inside an action: its summary comes with the action's last frame
        return ""
    key = (id(step), table.viewer, table.lang)
    known = table.summaries.get(key)
    if known is not None and known[0] is step:
        return known[1]
    said = _summary(table, step)
    table.summaries[key] = (step, said)
    return said


def _summary(table: "PlayTable", step: Step) -> str:
    make = table.game.parts().summary
    if make is None:
        return ""
    viewer = table.viewer
    more: dict[str, Any] = {}
    target = getattr(make, "target", None)      # a deferred hook (tutor.core.game.deferred): the function itself
    if "earlier" in inspect.signature(target() if target is not None else make).parameters:
        # the game's events before this action (Острів котів sums up what each player took during the day)
        steps = table.live.steps
        k = next((n for n, s in enumerate(steps) if s is step), len(steps))
        more["earlier"] = table.live.told([e for s in steps[:k] for e in s.events])
    html = make(step.before, table.live.told(step.events), step.after, viewer, table.lang, **more) or ""
    return f'<section class="tutor-summary" role="status">{html}</section>' if html else ""


def frame(table: "PlayTable", steps: Sequence[Step], i: int, film_id: int) -> dict[str, Any]:
    """Frame `i` of a film of `steps`: the board after the step with its events marked, who moved, what happened,
    and its summary (a frame with one waits for "go on")."""
    lang = table.lang
    step = steps[i]
    said = summary(table, step)
    pause = paused(table, step) if said else None
    hold = held(table, step) if said and pause is None else None
    position, shown = pause or hold or (step.after, step.events)
    told = table.live.told(shown)
    view = table.game.view(position, table.viewer)
    parts = table.game.parts()
    if hold is not None and parts.held_view is not None:
        view = parts.held_view(view, table.game.view(step.after, table.viewer))
    marks = parts.table_marks if table.advises else ()
    if hold is not None:
        # the table before the step, the step done: a game's board may say so ("held": Козырные киты' header said
        # "Pick the reward" over the reward just taken, a reader)
        marks = tuple(marks) + (HELD,)
    if step.seat is not None and step.seat != table.viewer and (not isinstance(step, Beat) or step.first):
        # another player's step rings their seat (every game's "seat:<n>"): a card laid face down changed nothing the
        # board rings, and a phone's words at the screen's foot covered the seat they spoke of (play.js brings the
        # ring above them; a reader, stop 52)
        # ... and names it as the seat acting: a game may draw that player's place larger for the frame (Острів
        # котів: the other boat was a thumbnail of 9-px squares while its tiles were laid, two readers)
        marks = tuple(marks) + (f"seat:{step.seat}", f"acting:{step.seat}")
    svg = render_choosable(table.game, view, events=told, lang=lang, highlight=marks)
    board, (key, markup) = split_defs(svg)
    if key:
        table.remember_defs(key, markup)
    who = player_name(step.seat, lang)
    if step.human and not table.hotseat:
        who = f"{who} ({ui('you', lang)})"
    log = events_html(_untold(told, said, parts, lang) if said else told, lang)
    if not log and not said:
        # a move the viewer may not see (Мяури's card laid face down): a frame without a word read as broken
        # (the learner's own: "a move you cannot see" read as nonsense to the one who made it)
        own = step.human and not table.hotseat
        # in the game's own words where it has them (Мяури: "has laid a dive card face down"; the generic "a card
        # laid face down, say" read as a template, a reader)
        key = "film.hidden_own" if own else "film.hidden"
        mine = f"ui.{table.game_id}.{key}"
        hidden = text(mine, lang, player=who) if has(mine) else ui(key, lang, player=who)
        log = f'<p class="tutor-film-hidden">{esc(hidden)}</p>'
    return {"film": film_id, "i": i, "n": len(steps), "board": board, "defs": key,
            "caption": esc(_caption(table, step, who, i, len(steps), i > 0 and isinstance(steps[i - 1], Beat))),
            # the panel of the position the board shows: a round summed up waits before the next deal, and its score
            # table already showed the next round at 0 (two readers, stop 50)
            # ... and a held frame's (the table before the step, the step done) counts the step: Козырные киты'
            # score table said 0 pearls under a board showing the reward just taken (a reader, stop 58); the game's
            # last pause is over: Мяури's final count listed every total over a table of "?" (a reader, stop 58)
            "log": log, "summary": said,
            "panel": table.panel_for(step.after if hold is not None
                                     or (pause is not None and table.game.is_over(step.after)) else position),
            "wait": bool(said),
            # the film's last frame is the learner's own move (a bonus that changed the trump, shown for the box it
            # changed): its button goes back to their turn, not "Next" (a reader took it for passing the turn, stop 57)
            "back_to_move": i == len(steps) - 1 and step.human and not table.hotseat and not said}


def _caption(table: "PlayTable", step: Step, who: str, i: int, n: int, after_beats: bool = False) -> str:
    """"Step 2 of 3 · Player 2 played", or the game's own verb for that kind of action where it has one
    (`ui.<game>.film.<action>`: Aqua Fest's "Player 2 defended"; "played" above a battle the learner had started
    read as naming the wrong player, a reader). A beat, and an action shown after its beats, in the game's words
    for them where it has them (`ui.<game>.film.beat.<stage>`, `ui.<game>.film.beat.done`)."""
    beat = f"ui.{table.game_id}.film.beat." + (step.name if isinstance(step, Beat) else "done")
    if (isinstance(step, Beat) or after_beats) and has(beat):
        return text(beat, table.lang, player=who, n=i + 1, of=n)
    own = f"ui.{table.game_id}.film.{type(step.action).__name__.lower()}"
    if step.action is not None and has(own):
        return text(own, table.lang, player=who, n=i + 1, of=n)
    return ui("film.caption", table.lang, player=who, n=i + 1, of=n)


def _untold(told: Sequence[Any], said: str, parts: Any, lang: str) -> list[Any]:
    """The step's events its summary does not already tell: a trick's pick, a battle or a round's end was told
    twice on one frame, once as the step and again, with its rule, in the summary under it. An event goes when its
    rule is cited in the summary (the summary's own lines carry the same citation), or all of them when the game
    says its summary retells the whole step (Мяури: the round's catches, Kiti's step)."""
    if parts.summary_tells_step:
        return []
    cited = {e.rule: safe_cite(e.rule, lang) for e in told if e.rule}
    return [e for e in told if not cited.get(e.rule) or esc(cited[e.rule]) not in said]


def paused(table: "PlayTable", step: Step) -> Optional[tuple[Any, tuple[Any, ...]]]:
    """Where a step that ends a round pauses before the next deal (the game's `stages`: the round scored, the
    cards still where they were caught), with the events up to there; None for a step in one piece. A round's
    summary is drawn over that board, not over the next round's fresh deal."""
    stages = table.game.stages
    if stages is None or step.action is None:
        return None
    cut = stages(step.before, step.action)
    # the pause before the action's end that is no beat (a beat is a frame of its own before it: Острів котів' last
    # tile placed, where the game then ends, is no place for the game's summary)
    beat_names = table.game.parts().film_beats
    kept = [k for k, (name, _position, _more) in enumerate(cut) if name not in beat_names]
    if len(kept) < 2:
        return None
    at = kept[-2]
    events = tuple(e for _name, _position, more in cut[:at + 1] for e in more)
    return cut[at][1], events


HELD = "held"       # the highlight a held frame's board is drawn with


def held(table: "PlayTable", step: Step) -> Optional[tuple[Any, tuple[Any, ...]]]:
    """The table as it stood before a step the game holds its summary over (GameUI.film_hold), with the step's
    events to mark on it; None for any other step."""
    hold = table.game.parts().film_hold
    if hold is None or step.action is None or not hold(step.action):
        return None
    return step.before, tuple(step.events)


def frames(table: "PlayTable", kind: str = TURNS) -> list[dict[str, Any]]:
    """Every frame of the table's film of `kind`, as the page would ask for them one by one (tests, notebooks)."""
    steps = table.film_steps(kind)
    return [frame(table, steps, i, table.film_id) for i in range(len(steps))]


def film_info(table: "PlayTable", steps: Sequence[Step], game_steps: Sequence[Step]) -> Optional[dict[str, Any]]:
    """What the page needs to play the films: their id, how many frames each has, whether the turns film is new
    (played once, right after the move that made it)."""
    if not steps and not game_steps:
        return None
    # the frames that hold a summary: "skip" goes on to the next of them, never past a round's end unseen
    return {"id": table.film_id, "turns": len(steps), "game": len(game_steps), "fresh": table.film_fresh,
            "waits": {"turns": [i for i, s in enumerate(steps) if summary(table, s)],
                      "game": [i for i, s in enumerate(game_steps) if summary(table, s)]}}
