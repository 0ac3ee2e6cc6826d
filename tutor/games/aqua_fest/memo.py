"""Results worked out for one immutable state, kept while that same state object is asked about again."""

from __future__ import annotations

from operator import is_


class LastState:
    """A memo for the most recent state object only.

    A state never changes, so whatever was computed from it stays true while it is the same object; holding the
    state keeps its id from being reused. The (state, results) pair is replaced in one assignment, so a caller
    never reads results that belong to another state.
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple = (None, {})

    def results(self, state) -> dict:
        """The dict of results kept for `state` (empty when `state` is not the last one asked about)."""
        last = self._last
        if last[0] is state:
            return last[1]
        results: dict = {}
        self._last = (state, results)
        return results



class LastOf:
    """compute(*objects) for the last objects given, kept while the very same (immutable) objects come back."""

    __slots__ = ("_compute", "_last")

    def __init__(self, compute) -> None:
        self._compute = compute
        self._last: tuple = ((), None)

    def get(self, *objects):
        last = self._last
        if len(last[0]) == len(objects) and all(map(is_, last[0], objects)):
            return last[1]
        value = self._compute(*objects)
        self._last = (objects, value)
        return value

    def remember(self, value, *objects) -> None:
        """Keep `value` as compute(*objects), found some cheaper way."""
        self._last = (objects, value)
