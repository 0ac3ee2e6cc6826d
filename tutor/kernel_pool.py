"""The pool of preheated kernels: refilled without starving the learners already in the room, and a kernel
handed out never culled before its page connects.

Voilà replaces every pool kernel a visitor takes, `fill_delay` seconds later. When a room of 20 opens a lesson
at once, that is 20 kernels starting and running the whole notebook at the same moment: on a 2-core machine
they took the CPU from the 20 kernels the learners had just been given, and the learners waited 11-12 s for their
first board (`make loadtest`). Here the replacements queue: REFILLS_AT_ONCE start at a time, and the next one
starts when the previous one has run its notebook. A replacement that a visitor has already been handed (the
room is larger than the pool) leaves the queue and starts at once: someone is waiting for it. The pool filled
when the server starts (no visitors yet) still starts all at once, and a restarted kernel is never held back.

A kernel handed to a page is an ordinary idle kernel with no connection until the page's script opens its
websocket, and the culler shuts down idle kernels nobody is connected to. Twice that lost a page its kernel:
a kernel that had waited in the pool past the idle limit was culled in the second after it was handed out
("Culling 'idle' kernel ... due to 242 seconds of inactivity"), and on a busy machine 9 of 45 pages took longer
than the 2-minute limit to connect, and were left dead. A kernel that has never had a connection is now left
alone for CONNECT_GRACE_FACTOR times the idle limit (10 minutes), counted from the page's arrival; after that
(a tab closed while it loaded) it is culled as before, so it does not hold a place in the room for good.
"""

from __future__ import annotations

import asyncio
import time

REFILLS_AT_ONCE = 1
# a replacement whose notebook never finishes (a hung cell) lets the next one start after this long
REFILL_HOLD_LIMIT_SECONDS = 60.0
# a kernel handed to a page that has not connected yet is not culled for this many idle limits
CONNECT_GRACE_FACTOR = 5


def queued_refills(manager_class: type) -> type:
    """`manager_class` (the class Voilà's kernel-manager factory made) with its pool refills queued. A manager
    without a pool (preheating off) is returned unchanged."""
    if not hasattr(manager_class, "fill_if_needed") or not hasattr(manager_class, "_initialize"):
        return manager_class

    class QueuedRefillKernelManager(manager_class):
        _refilling = False
        _gate: asyncio.Semaphore | None = None
        _hurry: dict | None = None       # pool entry (task) -> an Event set when a visitor takes it

        def _hurry_event(self, task) -> asyncio.Event:
            if self._hurry is None:
                self._hurry = {}
            event = self._hurry.get(task)
            if event is None:
                event = self._hurry[task] = asyncio.Event()
                task.add_done_callback(lambda t: self._hurry.pop(t, None))
            return event

        async def get_rendered_notebook(self, notebook_name, *args, **kwargs):
            # Voilà hands this visitor the pool's first entry: if it is a queued replacement, start it now
            pool = self._pools.get(notebook_name) or []
            if pool and not pool[0].done():
                self._hurry_event(pool[0]).set()
            return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

        def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
            # Voilà calls this with delay=0 to fill the pools at start-up, and with no delay (its fill_delay)
            # each time a visitor takes a kernel: only the second kind queues
            self._refilling = delay != 0
            try:
                return super().fill_if_needed(delay, notebook_name, **kwargs)
            finally:
                self._refilling = False

        def _initialize(self, notebook_path, kernel_id=None, **kwargs):
            # called (not awaited) inside fill_if_needed, so the flag says which kind of fill this is
            if kernel_id is None and self._refilling:
                return self._queued_initialize(notebook_path, **kwargs)
            return super()._initialize(notebook_path, kernel_id, **kwargs)

        async def _queued_initialize(self, notebook_path, **kwargs):
            # this replacement's task was made while a visitor's page was being served and copied that page's
            # context: its kernel is the pool's, not the page's (tutor.server_guards.note_kernel)
            from tutor.server_guards import ADMISSION
            ADMISSION.set(None)
            if self._gate is None:
                self._gate = asyncio.Semaphore(REFILLS_AT_ONCE)
            gate = self._gate
            entry = asyncio.current_task()     # the pool entry Voilà made for this replacement
            hurry = self._hurry_event(entry) if entry is not None else asyncio.Event()
            waiting = [asyncio.ensure_future(gate.acquire()), asyncio.ensure_future(hurry.wait())]
            try:
                await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for w in waiting:
                    w.cancel()
            holding = waiting[0].done() and not waiting[0].cancelled()
            released = not holding        # a hurried start holds no place in the queue

            def release(*_args):
                nonlocal released
                if not released:
                    released = True
                    gate.release()

            try:
                content = await super()._initialize(notebook_path, None, **kwargs)
            except BaseException:
                release()
                raise
            # the notebook runs in content["task"]; the next replacement waits for it (or for the limit)
            content["task"].add_done_callback(release)
            asyncio.get_event_loop().call_later(REFILL_HOLD_LIMIT_SECONDS, release)
            return content

    QueuedRefillKernelManager.__name__ = f"QueuedRefill{manager_class.__name__}"
    return QueuedRefillKernelManager


def connect_grace(manager_class: type) -> type:
    """`manager_class` whose culler spares a kernel handed to a page until the page first connects, for
    CONNECT_GRACE_FACTOR idle limits from the hand-out."""

    class PatientKernelManager(manager_class):
        _handed_at: dict | None = None      # kernel id -> when a page got it (monotonic), until it first connects

        def _handed(self, kernel_id) -> None:
            if self._handed_at is None:
                self._handed_at = {}
            self._handed_at[kernel_id] = time.monotonic()

        async def start_kernel(self, *args, **kwargs):
            kernel_id = await super().start_kernel(*args, **kwargs)
            self._handed(kernel_id)         # started for a page (or for the pool, which protects it meanwhile)
            return kernel_id

        if hasattr(manager_class, "get_rendered_notebook"):
            async def get_rendered_notebook(self, *args, **kwargs):
                handed = await super().get_rendered_notebook(*args, **kwargs)
                self._handed(handed[-1])    # the pool's kernel may be older than the idle limit: count from now
                return handed

        def notify_connect(self, kernel_id):
            if self._handed_at is not None:
                self._handed_at.pop(kernel_id, None)
            return super().notify_connect(kernel_id)

        async def cull_kernel_if_idle(self, kernel_id):
            since = (self._handed_at or {}).get(kernel_id)
            dead = getattr(self._kernels.get(kernel_id), "execution_state", None) == "dead"
            waited = time.monotonic() - since if since is not None else None
            if waited is not None and not dead and waited < CONNECT_GRACE_FACTOR * self.cull_idle_timeout:
                return              # its page is still on the way
            if since is not None:
                self._handed_at.pop(kernel_id, None)
            return await super().cull_kernel_if_idle(kernel_id)

        def remove_kernel(self, kernel_id):
            if self._handed_at is not None:
                self._handed_at.pop(kernel_id, None)
            return super().remove_kernel(kernel_id)

    PatientKernelManager.__name__ = f"Patient{manager_class.__name__}"
    return PatientKernelManager


def install() -> None:
    """Make Voilà's application build its kernel manager with queued refills, telling the cap on learners which
    kernel each page got (this process only)."""
    import voila.app

    factory = voila.app.voila_kernel_manager_factory
    if getattr(factory, "_tutor_queued", False):
        return

    def queued_factory(*args, **kwargs):
        from tutor.server_guards import counted_kernels       # the cap learns which kernel each page got
        return counted_kernels(connect_grace(queued_refills(factory(*args, **kwargs))))

    queued_factory._tutor_queued = True
    voila.app.voila_kernel_manager_factory = queued_factory
