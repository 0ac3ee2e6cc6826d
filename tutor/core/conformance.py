"""The checks every game must pass (DESIGN.md, "What every game must pass"), shared by all games.

The suite takes any game by its spec (tutor.core.game.GameSpec), reading its options from it.
Each check returns a list of problems (empty = pass), so tests can report all of them at once.
"""

from __future__ import annotations

import functools
import json
import random
import re
from dataclasses import dataclass, field
from typing import AbstractSet, Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from tutor.core.errors import RuleViolation
from tutor.core.events import Event
from tutor.core.game import AnySpec
from tutor.core.wording import Words

# a problem found: a game's invariants say theirs as Words (str() is the English), the checks here as text
Problem = Union[str, Words]
# (state, seat) -> the tokens (card ids, ...) that seat may not know: GameSpec.secrets, or one remembering answers
Secrets = Callable[[Any, int], AbstractSet[str]]


@dataclass
class Playout:
    """A finished random game: how it was set up, every action taken, and the final state."""

    setup: dict[str, Any]
    actions: list[Any] = field(default_factory=list)        # each action's JSON
    final: Any = None
    problems: list[Problem] = field(default_factory=list)
    steps: int = 0


def random_setup(game: AnySpec, r: random.Random) -> dict[str, Any]:
    players = r.choice(list(game.players))
    variants = [v for v in game.variants if r.random() < 0.3]
    # other setup options a game wants tried (name -> the values to pick from)
    options = {name: r.choice(values) for name, values in sorted(game.setup_options.items())}
    return {"players": players, "seed": r.getrandbits(32), "variant": tuple(variants), "options": options}


def playout(game: AnySpec, seed: int, *, check: bool = True, svg_every: int = 0) -> Playout:
    """Play one random game to the end; with `check`, test the contract after every action.

    svg_every: also render every viewer's SVG every N-th action (0: only at the start and end).
    """
    r = random.Random(seed)
    spec = random_setup(game, r)
    state = game.setup(spec["players"], seed=spec["seed"], variant=spec["variant"], **spec["options"])
    out = Playout(spec)
    secrets = _Secrets(game)
    if check:
        out.problems += check_state(game, state, r, svg=True, secrets=secrets)
    limit = 10_000
    while not game.is_over(state):
        movers = game.to_move(state)
        if not movers:
            out.problems.append(f"step {out.steps}: the game is not over but nobody may act")
            break
        seat = r.choice(movers)
        actions = game.legal_actions(state, seat)
        if not actions:
            out.problems.append(f"step {out.steps}: player {seat + 1} must act but has no legal action")
            break
        strangers = [a for a in actions if getattr(a, "player", None) != seat]
        if strangers:       # the contract: an action says who takes it (tutor.core.game.ActionLike)
            out.problems.append(f"step {out.steps}: player {seat + 1}'s legal action {strangers[0]} names another player")
        action = r.choice(actions)
        before = state
        try:
            state, events = game.apply(state, action)
        except RuleViolation as exc:
            out.problems.append(f"step {out.steps}: legal action {action} refused: {exc}")
            break
        out.actions.append(action.to_json())
        out.steps += 1
        for e in events:
            if not e.rule:
                out.problems.append(f"step {out.steps}: event {e.kind} cites no rule")
        if check:
            out.problems += [f"step {out.steps}: {p}" for p in check_events(game, before, state, events, secrets)]
        if check:
            svg = bool(svg_every) and out.steps % svg_every == 0
            out.problems += [f"step {out.steps}: {p}" for p in check_state(game, state, r, svg=svg, secrets=secrets)]
        if out.steps > limit:
            out.problems.append("the game did not end")
            break
    if check:
        out.problems += [f"end: {p}" for p in check_state(game, state, r, svg=True, secrets=secrets)]
        if game.is_over(state):
            for seat in range(spec["players"]):
                if game.legal_actions(state, seat):
                    out.problems.append("end: a player still has legal actions after the game is over")
    out.final = state
    return out


class _Secrets:
    """game.secrets, remembered for the last two positions: each step asks about the position before and after
    an action, and the next step about the same one again."""

    def __init__(self, game: AnySpec) -> None:
        self.game = game
        self.known: dict[int, tuple[Any, dict[int, frozenset[str]]]] = {}     # id(state) -> (state, {seat: secrets})

    def __call__(self, state: Any, seat: int) -> frozenset[str]:
        entry = self.known.get(id(state))
        if entry is None or entry[0] is not state:
            if len(self.known) >= 2:
                self.known.clear()
            entry = self.known[id(state)] = (state, {})
        found = entry[1].get(seat)
        if found is None:
            found = entry[1][seat] = frozenset(self.game.secrets(state, seat))
        return found


def check_state(game: AnySpec, state: Any, r: random.Random, *, svg: bool = False, secrets: Optional[Secrets] = None
                ) -> list[Problem]:
    problems: list[Problem] = list(game.check_invariants(state))
    # exact JSON round trip
    text = game.to_json(state)
    back = game.state_from_json(text)
    if back != state or game.to_json(back) != text:
        problems.append("JSON round trip changed the state")
    # every score line cites a rulebook heading, and there is one breakdown per seat
    breakdowns = game.score(state)
    if sorted(b.player for b in breakdowns) != list(range(state.players)):
        problems.append("the score has not one breakdown per player")
    for b in breakdowns:
        problems += [f"player {b.player + 1}'s score line {line.key} cites no rule" for line in b.lines if not line.rule]
    # legal actions exist until the end
    if not game.is_over(state) and not any(game.legal_actions(state, s) for s in game.to_move(state)):
        problems.append("nobody has a legal action before the end")
    # illegal actions are refused and leave the state unchanged (checked once for all candidates:
    # states are immutable, so any change would be a bug that persists)
    # actions are frozen dataclasses: equal actions are the same move
    legal = {a for s in range(state.players) for a in game.legal_actions(state, s)}
    before = text
    for action in game.candidate_actions(state, r):
        if action in legal:
            game.apply(state, action)  # must not raise
            continue
        try:
            game.apply(state, action)
        except RuleViolation as exc:
            if not exc.rule or not _explains(exc):
                problems.append(f"refusal of {json.dumps(action.to_json(), sort_keys=True)} names no rule")
        else:
            problems.append(f"illegal action {json.dumps(action.to_json(), sort_keys=True)} was accepted")
    if game.to_json(state) != before:
        problems.append("trying actions changed the state")
    problems += check_views(game, state, svg=svg, secrets=secrets)
    return problems


_EXPLAINED: dict[tuple[Any, ...], bool] = {}    # (kind, rule, key, parameters) -> whether the refusal explained itself


def _explains(exc: RuleViolation) -> bool:
    """Does the refusal read as a reason in English? Its words depend only on its rule, key and parameters, and
    random candidates meet the same refusal thousands of times (most of Aqua Fest's conformance time went to
    wording them), so each distinct one is worded once."""
    try:
        key = (type(exc), exc.rule, exc.key, tuple(sorted(exc.params.items())))
        known = _EXPLAINED.get(key)
    except TypeError:       # a parameter that cannot be a key (a list): word it every time
        return bool(exc.explain("en"))
    if known is None:
        if len(_EXPLAINED) > 100_000:
            _EXPLAINED.clear()
        known = _EXPLAINED[key] = bool(exc.explain("en"))
    return known


def check_views(game: AnySpec, state: Any, *, svg: bool, secrets: Optional[Secrets] = None) -> list[str]:
    """No viewer's view (or SVG) holds what is hidden from them; what only they may see is there.

    `secrets(state, seat)`, if given, stands for game.secrets (playout passes one that remembers its answers)."""
    secret_of: Secrets = secrets or game.secrets
    problems: list[str] = []
    seats = list(range(state.players))
    views = {p: Text(json.dumps(game.view(state, p), ensure_ascii=False)) for p in seats}
    svgs = {p: Text(game.render(game.view(state, p))) for p in seats} if svg else {}
    hidden = {p: secret_of(state, p) for p in seats}
    for p in seats:
        problems += [f"player {p + 1}'s view shows hidden {token}" for token in sorted(views[p].find(hidden[p]))]
        if svg:
            problems += [f"player {p + 1}'s SVG shows hidden {token}" for token in sorted(svgs[p].find(hidden[p]))]
        for q in seats:
            if q == p:
                continue
            theirs = hidden[q] - hidden[p]
            problems += [f"player {p + 1} should see {token} but their view lacks it"
                         for token in sorted(theirs - views[p].find(theirs))]
    return problems


def check_events(game: AnySpec, before: Any, after: Any, events: Sequence[Event], secrets: Optional[Secrets] = None
                 ) -> list[str]:
    """What was hidden from a viewer before an action and still is after must not be in their events."""
    secret_of: Secrets = secrets or game.secrets
    problems: list[str] = []
    # cards an event turns face up for all (a lantern's face-down card, a round-1 seagull) are public
    shown = Text(json.dumps([e.data for e in events if e.kind in game.revealing_events]))
    for p in range(after.players):
        secret = secret_of(before, p) & secret_of(after, p)
        secret -= shown.find(secret)
        if not secret:
            continue
        told = Text(json.dumps([e.for_viewer(p).to_json()["data"] for e in events], ensure_ascii=False))
        problems += [f"an event tells player {p + 1} the hidden {token}" for token in sorted(told.find(secret))]
    return problems


_TOKEN = re.compile(r"[\w-]+")
_BETWEEN = re.compile(r"[^\w-]+")   # what lies between tokens: splitting on it gives the tokens (and "" at the ends)


class Text:
    """A text to look for many tokens in: `token in Text(s)` is `mentions(s, token)`, and `Text(s).find(tokens)`
    the set of those mentioned. One scan of `s` collects every token made of letters, digits, "-" and "_" (card
    ids, cells), so looking up such tokens is set work instead of a search each."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)

    def __contains__(self, token: str) -> bool:
        if _plain(token):
            return token in self.tokens
        return mentions(self.text, token)

    def find(self, tokens: AbstractSet[str]) -> set[str]:
        """The members of `tokens` the text mentions as whole tokens."""
        unsorted = tokens - _SORTED
        if unsorted:
            _sort(unsorted)
        # (self.tokens holds plain tokens only); a set, even when `tokens` is a frozenset (found.add below)
        found = self.tokens & tokens
        for token in tokens & _ODD:
            if mentions(self.text, token):
                found.add(token)
        return found


# Bytes that cannot be part of a token, turned into spaces: bytes.translate and split then cut a text into its tokens
# in C. Only ASCII bytes are gaps; a character outside ASCII is several bytes >= 0x80 and stays (see _tokens).
_GAPS = bytes(32 if b < 128 and not (chr(b).isalnum() or chr(b) in "-_") else b for b in range(256))


def _tokens(text: str) -> set[str]:
    """The set _TOKEN.findall(text) gives, several times as fast (a view's JSON is checked at every step of every
    conformance game, and the regex split of it was the largest part of that check)."""
    if text.isascii():
        return set(text.encode().translate(_GAPS).decode().split())
    tokens: set[str] = set()
    for part in set(text.encode().translate(_GAPS).split()):
        if part.isascii():
            tokens.add(part.decode())
            continue
        # a part with characters outside ASCII: they may be letters (Cyrillic) or gaps (« — no-break space)
        word = part.decode()
        if _plain(word):
            tokens.add(word)
        else:
            tokens.update(_BETWEEN.split(word))
    tokens.discard("")
    return tokens


_SORTED: set[str] = set()    # every token seen by Text.find, and those of them that are not plain
_ODD: set[str] = set()


@functools.lru_cache(maxsize=65536)
def _plain(token: str) -> bool:
    return _TOKEN.fullmatch(token) is not None


def _sort(tokens: AbstractSet[str]) -> None:
    if len(_SORTED) > 200_000:    # a long run: start again rather than grow without end
        _SORTED.clear()
        _ODD.clear()
    _SORTED.update(tokens)
    _ODD.update(t for t in tokens if not _plain(t))


def mentions(text: str, token: str) -> bool:
    """Whole-token search, so "tuna-1" is not found inside "tuna-12" (used by tests too)."""
    start = 0
    while True:
        i = text.find(token, start)
        if i < 0:
            return False
        end = i + len(token)
        if end >= len(text) or not (text[end].isalnum() or text[end] in "-_"):
            if i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "-_"):
                return True
        start = i + 1


def replay_log(game: AnySpec, setup: Mapping[str, Any], actions: Iterable[Any]) -> Any:
    """Rebuild a game from its setup and action log (JSON), as a saved game would be replayed."""
    state = game.setup(setup["players"], seed=setup["seed"], variant=setup["variant"], **setup.get("options", {}))
    for data in actions:
        state, _ = game.apply(state, game.action_from_json(data))
    return state
