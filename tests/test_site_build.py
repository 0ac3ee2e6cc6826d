"""The static site's build checks, without building it (make site does): remote URLs found, links rewritten."""

from __future__ import annotations

import json

from tools.site.check import remote_urls
from tools.site.pages import page_links


def test_every_kind_of_remote_fetch_is_found(tmp_path):
    (tmp_path / "voici").mkdir()
    (tmp_path / "voici" / "page.html").write_text(
        '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css">'
        '<script src="//unpkg.com/x.js"></script><style>@import url("https://fonts.googleapis.com/css");</style>'
        '<script id="jupyter-config-data" type="application/json">'
        '{"litePluginSettings": {"k": {"pyodideUrl": "https://cdn.jsdelivr.net/pyodide/v0.27.6/full/pyodide.js"}}}'
        "</script>")
    (tmp_path / "app.js").write_text('const u = "https://cdn.jsdelivr.net/pyodide/v0.27.6/full/pyodide.js";')
    (tmp_path / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"fullMathjaxUrl": "https://x.org/m.js"}}))
    found = remote_urls(tmp_path)
    assert any("font-awesome" in f for f in found), found
    assert any("unpkg.com" in f for f in found), found
    assert any("fonts.googleapis.com" in f for f in found), found
    assert any(f.startswith("voici/page.html: config") and "pyodideUrl" in f for f in found), found
    assert any(f.startswith("app.js:") for f in found), found
    assert any("fullMathjaxUrl" in f for f in found), found


def test_links_a_reader_follows_and_svg_namespaces_are_not_fetches(tmp_path):
    (tmp_path / "page.html").write_text(
        '<a href="https://github.com/jupyterlite/jupyterlite">source</a>'
        '<svg xmlns="http://www.w3.org/2000/svg"></svg><link rel="stylesheet" href="../build/style.css">')
    (tmp_path / "pyodide.js").write_text("n.setCdnUrl(`https://cdn.jsdelivr.net/pyodide/v${d.version}/full/`)")
    assert remote_urls(tmp_path) == []


def test_links_between_notebooks_become_links_between_pages():
    text = "*English version: [Maui](maui.ipynb)* · [All games](index.ipynb) · [part](./maui.ru.ipynb#part-story)"
    assert page_links(text) == ("*English version: [Maui](maui.html)* · [All games](index.html) · "
                                "[part](./maui.ru.html#part-story)")
    assert page_links("[site](https://example.org/x.ipynb)") == "[site](https://example.org/x.ipynb)"


def test_the_site_index_says_everything_runs_on_the_device_in_each_language(tmp_path):
    import yaml

    from tools.site.pages import contents
    from test_notebooks import NOTEBOOKS, ROOT
    said = yaml.safe_load((ROOT / "lessons" / "index.yaml").read_text(encoding="utf-8"))["on_this_site"]
    names, static = contents(NOTEBOOKS, tmp_path / "content")
    assert "index" in names and "index" in static
    site_index = (tmp_path / "content" / "index.ipynb").read_text(encoding="utf-8")
    served_index = (NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8")
    cells = json.loads(site_index)["cells"]
    for lang, text in said.items():
        section = next("".join(c["source"]) for c in cells if f'lang="{lang}" id="{lang}"' in "".join(c["source"]))
        assert text.split("**")[1] in section, lang          # in its own language's section
        assert text.split("**")[1] not in served_index       # the served index does not say it
    assert "maui.ru.html" in site_index and "maui.ru.ipynb" not in site_index
