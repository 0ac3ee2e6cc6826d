"""The preheated pool's replacements queue (tutor.kernel_pool): one starts when the previous one has run its
notebook, while the start-up fill and kernel restarts are never held back. The served behaviour is measured by
`make loadtest`; this checks the queue itself on a pool manager shaped like Voilà's."""

from __future__ import annotations

import asyncio

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

        async def notebook():
            await asyncio.sleep(self.seconds)
            self.running -= 1
        return {"task": asyncio.ensure_future(notebook()), "kernel_id": kernel_id or f"k{len(self.pending)}"}


def run(fill) -> PoolShapedManager:
    async def main():
        manager = kernel_pool.queued_refills(PoolShapedManager)()
        fill(manager)
        contents = await asyncio.gather(*manager.pending)
        await asyncio.gather(*(c["task"] for c in contents))
        return manager
    return asyncio.run(main())


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
    asyncio.run(main())


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
    asyncio.run(main())


def test_a_manager_without_a_pool_is_left_alone():
    class NoPool:
        pass
    assert kernel_pool.queued_refills(NoPool) is NoPool


def test_a_handed_out_kernel_starts_its_idle_clock_at_the_hand_out():
    """The culler measures idle time from `last_activity`: a kernel that waited long in the pool must not look
    idle for that whole wait the moment it is handed out."""
    import datetime

    class Kernel:
        last_activity = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)

    async def main():
        manager = kernel_pool.queued_refills(PoolShapedManager)()
        manager.fill_if_needed(0, "maui.ipynb", count=1)
        content = await manager.pending[0]
        manager._kernels = {content["kernel_id"]: Kernel()}
        task, _cells, kernel_id = await manager.get_rendered_notebook("maui.ipynb")
        await task
        return manager._kernels[kernel_id].last_activity
    handed = asyncio.run(main())
    age = datetime.datetime.now(datetime.timezone.utc) - handed
    assert age.total_seconds() < 5


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
    asyncio.run(main())
