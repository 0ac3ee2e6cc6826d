"""Closing a tab shuts its kernel down (Voilà's beforeunload beacon must be accepted by the server)."""

from __future__ import annotations

import re
import time

from voila_harness import require_notebook


def wait_until(predicate, timeout: float = 45.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.25)
    return predicate()


def test_closing_the_tab_shuts_its_kernel_down(voila_server, page):
    require_notebook("index.ipynb")
    voila_server.wait_pool_filled()
    before = set(voila_server.kernels())

    # Voilà's page registers its shutdown-on-close handler when it opens the kernel websocket
    with page.expect_websocket(lambda ws: "/channels" in ws.url, timeout=90_000):
        page.goto(voila_server.render_url("index.ipynb"))
    kernel_id = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert kernel_id in voila_server.kernels(), "the page's kernel is not a child of the server"
    # the pool refills behind the page's back (after tutor.serving.REFILL_DELAY_SECONDS): a new kernel
    assert wait_until(lambda: set(voila_server.kernels()) - before - {kernel_id}), voila_server.kernels()
    page.wait_for_load_state("networkidle")

    page.close(run_before_unload=True)   # what closing a tab does: fire beforeunload -> shutdown beacon

    assert wait_until(lambda: kernel_id not in voila_server.kernels()), (
        f"kernel {kernel_id} of the closed tab still runs:\n{voila_server.log()[-3000:]}")


def test_a_page_whose_kernel_is_gone_says_so(voila_server, page):
    """After a server restart or a crashed kernel every button would silently do nothing; the page widget
    notices (no answer to its check after a click) and tells the learner to reload."""
    require_notebook("maui.ipynb")
    page.goto(voila_server.render_url("maui.ipynb"))
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    notice = page.locator(".tutor-connection-lost")
    notice.wait_for(state="attached")
    page.wait_for_timeout(1500)
    assert notice.is_hidden(), "the notice shows while the kernel is alive"
    kernel_id = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    voila_server.kernels()[kernel_id].kill()          # the kernel crashes
    page.locator("body").click()
    notice.wait_for(state="visible", timeout=30_000)
    assert notice.get_by_role("button").count() == 1, "the notice offers to reload"


def test_a_handed_out_kernel_waits_for_its_slow_page_then_is_culled(tmp_path):
    """A kernel handed to a page that has not connected yet is spared by the culler for
    tutor.kernel_pool.CONNECT_GRACE_FACTOR idle limits from the page's arrival, even when it waited in the pool
    past the limit; a page that never connects (a tab closed while it loaded) frees its place after that. Before,
    the idle clock started at the hand-out and a page slower than the limit (9 of 45 on a busy machine, limit 2
    minutes) lost its kernel. Here the limit is 2 s (grace 10 s), the culler runs every second, the kernel waits
    4 s in the pool, and the "page" (a plain request) never connects."""
    import urllib.request

    from tutor.kernel_pool import CONNECT_GRACE_FACTOR
    from voila_harness import NOTEBOOKS, Server
    require_notebook("index.ipynb")
    limit = 2
    server = Server(NOTEBOOKS, tmp_path / "voila.log", extra_args=(
        f"--MappingKernelManager.cull_idle_timeout={limit}", "--MappingKernelManager.cull_interval=1"))
    try:
        server.wait_ready()
        server.wait_pool_filled()
        time.sleep(2 * limit)                       # the pool's kernel is now "idle" well past the limit
        html = urllib.request.urlopen(server.render_url("index.ipynb"), timeout=90).read().decode()
        arrived = time.monotonic()
        kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html).group(1)
        grace = CONNECT_GRACE_FACTOR * limit
        time.sleep(grace - 4)                       # several idle limits pass, culler passes meanwhile
        assert kernel_id in server.kernels(), f"the handed-out kernel was culled:\n{server.log()[-2000:]}"
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=30) as r:
            assert r.status == 200
        # the page never comes: after the grace (and one more pass) the kernel is freed
        assert wait_until(lambda: kernel_id not in server.kernels(), timeout=grace + 20), (
            f"a never-connected kernel outlived its grace:\n{server.log()[-2000:]}")
        assert time.monotonic() - arrived >= grace - 1, "culled before its grace was over"
    finally:
        server.stop()


def test_a_page_whose_kernel_went_away_before_it_connected_says_so(voila_server, page):
    """A crowd on a starved machine: a page's kernel was culled or shut down before the page had connected to
    it. The page's widgets never come, and neither does the connection watch (itself a widget), so the page
    used to wait forever ("Kernel does not exist" in the server's log). The page template now asks whether its
    kernel exists until that watch is on the page, and shows the same notice, in the page's language."""
    import urllib.request

    from tutor.core.i18n import text
    require_notebook("maui.ru.ipynb")
    url = voila_server.render_url("maui.ru.ipynb")
    gone = []

    def kernel_goes_away(route):
        answer = route.fetch(timeout=90_000)
        html = answer.text()
        kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html).group(1)
        urllib.request.urlopen(urllib.request.Request(
            f"{voila_server.url}/voila/api/shutdown/{kernel_id}", data=b""), timeout=30)
        assert wait_until(lambda: kernel_id not in voila_server.kernels())
        gone.append(kernel_id)
        route.fulfill(response=answer, body=html)

    page.route(url, kernel_goes_away)      # this page's own address only: the shutdown beacon is not routed
    page.goto(url)
    assert gone
    notice = page.locator("#tutor-kernel-gone")
    notice.wait_for(state="visible", timeout=30_000)
    assert text("ui.page.lost", "ru") in notice.inner_text()
    assert notice.get_by_role("button", name=text("ui.page.reload", "ru")).count() == 1


def test_a_page_with_its_kernel_shows_no_notice(voila_server, page):
    require_notebook("maui.ipynb")
    page.goto(voila_server.render_url("maui.ipynb"))
    page.locator(".tutor-page-status").first.wait_for(state="attached")
    page.wait_for_timeout(4000)        # past the template's first look at the kernel
    assert page.locator("#tutor-kernel-gone").count() == 1, "the template's watch is missing from the page"
    assert page.locator("#tutor-kernel-gone").is_hidden()
