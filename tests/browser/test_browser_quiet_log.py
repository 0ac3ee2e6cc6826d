"""What the server answers besides pages: wrong URLs get a plain 404 and no traceback in the server's log (a club's
log stays readable); text comes gzipped; the widget libraries' scripts are cached.

Voilà answered any /voila/templates/… path that was not <template>/static/<file> with 500 and a traceback, and a
websocket asked for a kernel that is gone got its 404 with a second traceback (jupyter_server's error page needs a
static path Voilà does not set)."""

from __future__ import annotations

import urllib.error
import urllib.request


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_wrong_urls_are_a_plain_404_with_no_traceback(voila_server):
    before = voila_server.log().count("Traceback")
    wrong = ["/voila/templates/x", "/voila/templates/tutor/index.html.j2", "/voila/templates/a/b/c",
             "/voila/templates/nothere/static/x.js",
             "/api/kernels/00000000-0000-0000-0000-000000000000/channels"]
    got = {path: status(voila_server.url + path) for path in wrong}
    assert set(got.values()) == {404}, got
    assert status(voila_server.url + "/voila/templates/lab/static/voila.js") == 200     # the real files still come
    log = voila_server.log()
    assert log.count("Traceback") == before, log[-3000:]


def test_pages_and_their_scripts_come_compressed(voila_server):
    """A lesson page's first render was 7.1 MB on the wire, uncompressed even when the browser accepts gzip."""
    import gzip
    for path in ("/voila/templates/lab/static/voila.js", "/voila/render/index.ipynb"):
        request = urllib.request.Request(voila_server.url + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            body = answer.read()
            assert answer.headers.get("Content-Encoding") == "gzip", (path, dict(answer.headers))
        assert len(gzip.decompress(body)) > 2 * len(body), f"{path}: hardly compressed"


def test_the_widget_libraries_scripts_are_cached_for_good(voila_server):
    """Voilà sent every widget-library script "no-cache": each of a page's ~90 script requests went back to the
    server on every visit. A script named for its content hash (every extension's remoteEntry and chunks) is
    now kept by the browser for a year; a file without a hash in its name is still asked after."""
    import json
    import re
    with urllib.request.urlopen(voila_server.render_url("index.ipynb"), timeout=90) as answer:
        html = answer.read().decode()
    config = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                                  html, re.S).group(1))
    loads = {ext["name"]: ext["load"].removeprefix("./") for ext in config["federated_extensions"]}
    assert "anywidget" in loads and "@jupyter-widgets/jupyterlab-manager" in loads, loads
    for name, load in loads.items():
        with urllib.request.urlopen(f"{voila_server.url}/voila/labextensions/{name}/{load}", timeout=30) as answer:
            assert answer.headers.get("Cache-Control") == "public, max-age=31536000, immutable", (
                name, load, dict(answer.headers))
    with urllib.request.urlopen(
            f"{voila_server.url}/voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json",
            timeout=30) as answer:
        assert answer.headers.get("Cache-Control") == "no-cache", dict(answer.headers)
