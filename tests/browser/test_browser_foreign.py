"""A foreign web page cannot fill the room: its frames, images and fetches of lesson pages start no kernel.

Without a token every page request started (or handed out) a kernel: one page with two iframes, two images and
two fetches took six kernels and locked a six-learner room for 151 s, until the culler freed them. The server now
spends a kernel only on a visit (tutor.server_guards.is_a_visit, from the browser's Fetch Metadata). Here Chromium
opens such a page from another origin (localhost against the tutor's 127.0.0.1) and a link on it, which is a visit.
"""

from __future__ import annotations

import http.server
import threading

from voila_harness import free_port, require_notebook, new_context

NOTEBOOK = "maui.ipynb"


def foreign_page(target: str) -> str:
    return f"""<!DOCTYPE html><html><body>
<iframe src="{target}" width="300" height="200"></iframe><iframe src="{target}?a=2" width="300" height="200"></iframe>
<img src="{target}?img=1"><img src="{target}?img=2">
<a id="visit" href="{target}" target="_blank">the lesson</a>
<script>fetch("{target}?f=1", {{mode: "no-cors"}}); fetch("{target}?f=2", {{mode: "no-cors"}});</script>
</body></html>"""


def test_a_foreign_pages_frames_images_and_fetches_get_no_kernel(voila_server, browser):
    require_notebook(NOTEBOOK)
    target = voila_server.render_url(NOTEBOOK)
    html = foreign_page(target).encode()

    class Foreign(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args):
            pass

    port = free_port()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), Foreign)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    context = new_context(browser)
    answers: list[tuple[str, str, int]] = []
    context.on("response", lambda r: r.url.startswith(target) and answers.append(
        (r.request.resource_type, r.url, r.status)))
    try:
        page = context.new_page()
        page.goto(f"http://localhost:{port}/")          # another site than 127.0.0.1: cross-site to the tutor
        page.wait_for_timeout(4000)
        loads = list(answers)
        assert len(loads) >= 4, f"the foreign page's requests did not reach the tutor: {loads}"
        assert all(status == 403 for _, _, status in loads), f"a foreign load was served a lesson: {loads}"
        assert any(kind == "document" for kind, _, _ in loads), "the frames were not tried"
        # a link on the foreign page is a visit: the lesson opens in its own tab, with its kernel
        with context.expect_page() as opened:
            page.click("#visit")
        tab = opened.value
        tab.locator(".tutor-reveal").first.wait_for(state="attached", timeout=120_000)     # its lesson, working
        log = voila_server.log()
        assert "not a visit of the page" in log
    finally:
        context.close()
        httpd.shutdown()
