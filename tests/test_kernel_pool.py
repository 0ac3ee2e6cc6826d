"""The preheated pool's replacements queue (tutor.kernel_pool): one starts when the previous one has run its
notebook, while the start-up fill and kernel restarts are never held back. The served behaviour is measured by
`make loadtest`; this checks the queue itself on a pool manager shaped like Voilà's."""

from __future__ import annotations

import asyncio

from helpers import run_apart

from tutor import kernel_pool


class PoolShapedManager:
    """What queued_refills relies on in Voilà's manager: fill_if_needed(delay, name) calls `_initialize(name,
    None)` once per missing kernel, and `_initialize` returns {"task": <the notebook running>, ...}."""

    def __init__(self, notebook_seconds: float = 0.03):
        self.seconds = notebook_seconds
        self.running = 0
        self.peak = 0
        self.pending: list = []
        self._pools: dict = {}
        self.started = 0

    def fill_if_needed(self, delay=None, notebook_name=None, count: int = 1):
        for _ in range(count):
            entry = asyncio.ensure_future(self._initialize(notebook_name, None))
            self.pending.append(entry)
            self._pools.setdefault(notebook_name, []).append(entry)

    async def get_rendered_notebook(self, notebook_name):
        """A visitor is handed the pool's first entry, started or not: (render task, rendered cells, kernel id)."""
        content = await self._pools[notebook_name].pop(0)
        return content["task"], [], content["kernel_id"]

    async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
        self.running += 1
        self.peak = max(self.peak, self.running)
        self.started += 1
        number = self.started

        async def notebook():
            await asyncio.sleep(self.seconds)
            self.running -= 1
        return {"task": asyncio.ensure_future(notebook()), "kernel_id": kernel_id or f"k{number}"}


def run(fill) -> PoolShapedManager:
    async def main():
        manager = kernel_pool.queued_refills(PoolShapedManager)()
        fill(manager)
        contents = await asyncio.gather(*manager.pending)
        await asyncio.gather(*(c["task"] for c in contents))
        return manager
    return run_apart(main())


def test_replacements_start_one_at_a_time():
    manager = run(lambda m: m.fill_if_needed(None, "maui.ipynb", count=6))
    assert manager.peak == kernel_pool.REFILLS_AT_ONCE == 1 and manager.running == 0


def test_a_replacement_a_visitor_was_handed_starts_at_once():
    async def main():
        manager = kernel_pool.queued_refills(PoolShapedManager)(notebook_seconds=0.4)
        manager.fill_if_needed(None, "maui.ipynb", count=3)
        first = asyncio.ensure_future(manager.get_rendered_notebook("maui.ipynb"))
        await asyncio.sleep(0.05)
        loop = asyncio.get_running_loop()
        asked = loop.time()
        second = await manager.get_rendered_notebook("maui.ipynb")     # the room is larger than the pool
        waited = loop.time() - asked
        assert waited < 0.2, f"the visitor waited {waited:.2f} s behind the queue"
        assert manager.peak == 2, "the handed replacement ran beside the first; the third still queues"
        tasks = [(await first)[0], second[0]] + [c["task"] for c in await asyncio.gather(*manager._pools["maui.ipynb"])]
        await asyncio.gather(*tasks)
        assert manager.peak == 2
    run_apart(main())


def test_the_start_up_fill_is_not_queued():
    manager = run(lambda m: m.fill_if_needed(0, "maui.ipynb", count=6))
    assert manager.peak == 6


def test_a_restart_is_not_queued():
    async def main():
        manager = kernel_pool.queued_refills(PoolShapedManager)()
        manager.fill_if_needed(None, "maui.ipynb", count=3)        # three replacements waiting in the queue
        restarted = await manager._initialize("maui.ipynb", "kernel-1")
        assert restarted["kernel_id"] == "kernel-1" and manager.running >= 1
        contents = await asyncio.gather(*manager.pending)
        await asyncio.gather(restarted["task"], *(c["task"] for c in contents))
    run_apart(main())


def test_a_manager_without_a_pool_is_left_alone():
    class NoPool:
        pass
    assert kernel_pool.queued_refills(NoPool) is NoPool


class CullShapedManager(PoolShapedManager):
    """What connect_grace relies on in jupyter_server's manager: the culler asks cull_kernel_if_idle(id) of each
    kernel, notify_connect(id) counts a page's websocket, remove_kernel(id) forgets a kernel."""
    cull_idle_timeout = 120

    def __init__(self):
        super().__init__()
        self._kernels: dict = {}
        self.culled: list[str] = []

    async def cull_kernel_if_idle(self, kernel_id):
        self.culled.append(kernel_id)        # the stock culler would now look at its idle time

    def notify_connect(self, kernel_id):
        pass

    def remove_kernel(self, kernel_id):
        self._kernels.pop(kernel_id, None)


def test_a_kernel_handed_to_a_page_is_spared_until_it_connects_or_its_grace_ends(monkeypatch):
    """tutor.kernel_pool.connect_grace: the culler leaves a handed-out kernel alone until its page first connects
    (then the stock rules apply: a connected kernel is never culled, a closed tab's is after the idle limit), or
    until CONNECT_GRACE_FACTOR idle limits have passed since the hand-out (a tab closed while it loaded); a dead
    kernel is culled at once."""
    import types
    clock = [1000.0]
    monkeypatch.setattr(kernel_pool.time, "monotonic", lambda: clock[0])
    grace = kernel_pool.CONNECT_GRACE_FACTOR * CullShapedManager.cull_idle_timeout

    async def main():
        manager = kernel_pool.connect_grace(kernel_pool.queued_refills(CullShapedManager))()
        manager.fill_if_needed(0, "maui.ipynb", count=4)
        await asyncio.gather(*manager.pending)
        ids = []
        for _ in range(4):
            _task, _cells, kernel_id = await manager.get_rendered_notebook("maui.ipynb")
            manager._kernels[kernel_id] = types.SimpleNamespace(execution_state="idle")
            ids.append(kernel_id)
        slow, connected, closed, dead = ids
        manager.notify_connect(connected)
        manager._kernels[dead].execution_state = "dead"
        clock[0] += grace - 1
        for kernel_id in ids:
            await manager.cull_kernel_if_idle(kernel_id)
        assert manager.culled == [connected, dead], "only the connected and the dead kernel go to the culler"
        manager.remove_kernel(closed)
        manager.culled.clear()
        clock[0] += 2                            # the grace is over
        for kernel_id in (slow, connected):
            await manager.cull_kernel_if_idle(kernel_id)
        assert manager.culled == [slow, connected]
        assert not manager._handed_at, "a kernel's hand-out time is kept only while it waits for its page"
    run_apart(main())


def test_the_cap_counts_admitted_pages_and_only_ready_pool_kernels():
    """tutor.server_guards counts the learners' pages: kernels running less those ready in a pool (a replacement
    still starting is not subtracted: it has no kernel yet), plus pages admitted whose kernel is not running
    yet, a page whose kernel runs counted once."""
    from tutor.server_guards import ADMISSION, Admission, counted_kernels, pages_in_use

    async def main():
        manager = counted_kernels(kernel_pool.queued_refills(PoolShapedManager))()
        manager.fill_if_needed(0, "maui.ipynb")
        ready = (await manager._pools["maui.ipynb"][0])["kernel_id"]
        manager.fill_if_needed(0, "index.ipynb", count=0)
        manager._pools["index.ipynb"] = [asyncio.get_running_loop().create_future()]   # a replacement starting
        running = {ready, "learner-1"}
        manager.list_kernel_ids = lambda: sorted(running)
        waiting, started = Admission(), Admission()
        assert pages_in_use(manager, [waiting, started]) == 1 + 2
        token = ADMISSION.set(started)
        _task, _cells, handed = await manager.get_rendered_notebook("maui.ipynb")
        ADMISSION.reset(token)
        assert started.kernel_id == handed == ready, "the page is told which kernel it got"
        assert pages_in_use(manager, [waiting, started]) == 2 + 1, "its kernel is counted once"
        manager._pools["index.ipynb"][0].cancel()
    run_apart(main())
