"""Helpers for the static site's browser test: the site built (or reused) by tools.site.cached, served on
127.0.0.1 from this process, and a Chromium context that lets only loopback requests through."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

from tools.site.serve import Handler
from voila_harness import new_context

LOOPBACK = ("http://127.0.0.1", "http://localhost", "data:", "blob:")


class SiteServer:
    """site/ over HTTP on a free loopback port, in a thread (the MIME types of `make serve-site`)."""

    def __init__(self, root: Path):
        self.root = root
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="site-server", daemon=True)
        self.thread.start()

    def page_url(self, stem: str) -> str:
        return f"{self.url}/voici/render/{stem}.html"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Watched:
    """A browser context whose every request leaves only for loopback (the rest aborted and recorded), with its
    page's console errors and page errors."""

    def __init__(self, browser, **context_args):
        self.context = new_context(browser, **context_args)
        self.blocked: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.context.on("request", self._seen)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text[:500]}") if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {str(e)[:500]}"))

    def _route(self, route) -> None:
        url = route.request.url
        if url.startswith(LOOPBACK):
            route.continue_()
        else:
            route.abort()          # recorded by _seen: every request, routed or not, is reported there first

    def _seen(self, request) -> None:
        if not request.url.startswith(LOOPBACK):
            self.blocked.append(request.url)

    def close(self) -> None:
        self.context.close()
