"""Answers kept for the last immutable values asked about: a state's moves, the seabed's corals and fragments."""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

T = TypeVar("T")


class LastState:
    """A memo for the most recent state object only.

    A state never changes, so whatever was computed from it stays true while it is the same object; holding the
    state keeps its id from being reused. The (state, results) pair is replaced in one assignment, so a caller
    never reads results that belong to another state.
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[Any, dict[Any, Any]] = (None, {})

    def results(self, state: object) -> dict[Any, Any]:
        """The dict of results kept for `state` (empty when `state` is not the last one asked about)."""
        last = self._last
        if last[0] is state:
            return last[1]
        results: dict[Any, Any] = {}
        self._last = (state, results)
        return results


class LastOf(Generic[T]):
    """compute(*values) for the last values given (tuples of the seabed), kept while equal values come back.

    The states between two moves share the very same tuples, so the comparison is mostly a check of identity,
    done by the tuple comparison itself.
    """

    __slots__ = ("_compute", "_last")

    def __init__(self, compute: Callable[..., T]) -> None:
        self._compute = compute
        self._last: tuple[Any, Any] = (None, None)

    def get(self, *values: Any) -> T:
        last = self._last
        if last[0] == values:
            known: T = last[1]
            return known
        answer = self._compute(*values)
        self._last = (values, answer)
        return answer

    def remember(self, answer: T, *values: Any) -> None:
        """Keep `answer` as compute(*values), found some cheaper way."""
        self._last = (values, answer)
