"""What practice shows, in a game's own kinds: the helper each game's `taught` part uses (tests/test_taught.py).

A game's lessons/<game>/taught.yaml says which component kinds each lesson part teaches; its `taught` part
(GameSpec.taught, a module) says which kinds a position or a lesson file shows:

    KINDS                        every kind the yaml must place, each in exactly one part
    kinds_shown(state)           the kinds a drill's position shows (its board and its "show me why")
    kinds_named(kind, data)      the kinds a task ("your_turn"), quiz or scenario file names (`data`: its YAML)

A kind is whatever a learner must have been taught to answer: a card kind, a tile kind, a variant in play.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

# what a lesson file says in words: card ids there are never cards on the table
TEXT_KEYS = frozenset({"prompt", "question", "hint", "explain", "title", "label", "say", "intro", "outro",
                       "caption", "note", "part", "id", "game", "rule", "refused"})


def ids_in(value: Any, is_id: Callable[[str], bool]) -> Iterator[str]:
    """Every string in a lesson file's value that `is_id` accepts, leaving out the texts (TEXT_KEYS)."""
    if isinstance(value, str):
        if is_id(value):
            yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in TEXT_KEYS:
                yield from ids_in(k, is_id)
                yield from ids_in(v, is_id)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from ids_in(v, is_id)


def positions(kind: str, data: dict[str, Any]) -> list[Any]:
    """The positions a lesson file puts on the board: a scenario's every frame, a task's start (its setup and
    `given`), a quiz's asked position and what each answer shows after it (Острів котів' rats question once played
    on to the end, which turned the untaught family cards face up). For a game whose kinds are situations (a trick
    led with a 5), not cards."""
    if kind == "scenario":
        from tutor.core.scenario import replay
        return [frame.state for frame in replay(data).frames]
    if kind == "your_turn":
        from tutor.core.task import start
        return [start(data)]
    from tutor.core.quiz import asked, evaluate
    return [asked(data)] + [o.shown if o.shown is not None else o.state for o in evaluate(dict(data))]


def taught_by(game: str, anchor: str) -> frozenset[str]:
    """The kinds a lesson has taught by the end of its part `anchor` (lessons/<game>/taught.yaml, parts in lesson
    order): what a widget shown in that part may put in front of the learner (Паперові океани's score helper
    hides a ready-made choice of cards not taught yet)."""
    import yaml
    from tutor.core.game import spec
    from tutor.lesson_source import anchor_lines, game_lessons_dir
    taught = yaml.safe_load((game_lessons_dir(game) / "taught.yaml").read_text(encoding="utf-8"))["kinds"]
    # the parts in lesson order, from the source as plain text (the static site's kernel has no jupytext)
    order = list(dict.fromkeys(a for a, _ in anchor_lines(game, spec(game).lesson_langs[0]) if a))
    if anchor not in order:
        raise ValueError(f"{game}'s lesson has no part '{anchor}'")
    return frozenset(k for a, kinds in taught.items() if order.index(a) <= order.index(anchor) for k in kinds)
