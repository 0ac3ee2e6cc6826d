"""Results worked out for one immutable state, kept while that same state object is asked about again."""

from __future__ import annotations


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
