"""Callbacks held weakly: a widget's bound method stops being called once its widget is gone, and one that fails
is logged without stopping the others (the screen's layout watchers, the progress record's listeners)."""

from __future__ import annotations

import logging
import weakref
from typing import Any, Callable, Optional

log = logging.getLogger("tutor.widgets")


class Listeners:
    """Callbacks to call with the same arguments; `what` names them in the log when one fails."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._refs: list[Callable[[], Optional[Callable[..., None]]]] = []

    def add(self, callback: Callable[..., None]) -> None:
        """A bound method is held weakly; a plain function lives as long as its module does."""
        if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
            self._refs.append(weakref.WeakMethod(callback))
        else:
            self._refs.append(lambda: callback)
        if len(self._refs) > 512:         # drop the dead ones now and then: parts are built and rebuilt
            self._refs[:] = [r for r in self._refs if r() is not None]

    def call(self, *args: Any) -> None:
        for ref in list(self._refs):
            callback = ref()
            if callback is None:
                self._refs.remove(ref)
                continue
            try:
                callback(*args)
            except Exception:       # the others are still told
                log.exception("%s failed", self.what)

    def clear(self) -> None:
        self._refs.clear()
