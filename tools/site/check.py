"""The built site must fetch nothing from the network: the remote URLs a page, style, config or script would load."""

from __future__ import annotations

import json
import re
from pathlib import Path

# hosts that serve code, styles, fonts or packages: named anywhere in a script, the script may fetch from them
CDN = re.compile(r"(?:https?:)?//(?:cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|esm\.sh|esm\.run|"
                 r"ga\.jspm\.io|cdn\.skypack\.dev|fonts\.googleapis\.com|fonts\.gstatic\.com|pypi\.org|"
                 r"files\.pythonhosted\.org|raw\.githubusercontent\.com|cdn\.plot\.ly|code\.jquery\.com)[^\s\"'`)]*")
# what a page loads by itself: scripts, styles, images, frames (a link a reader follows is not fetched)
FETCHING_TAG = re.compile(r"<(?:script|link|img|iframe|source|embed|audio|video|object)\b[^>]*?\b(?:src|href|data)"
                          r"\s*=\s*[\"']?((?:https?:)?//[^\"'\s>]+)", re.I)
CSS_URL = re.compile(r"(?:@import\s+|url\(\s*)[\"']?((?:https?:)?//[^\"')\s]+)", re.I)
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
# named in a script but never fetched in a browser, with the reason
NEVER_FETCHED = {
    # Pyodide's package CDN, used only under Node.js for a package missing from the lock (pyodide.asm.js
    # PackageManager: `if (!IN_NODE …) throw` before it); in the browser a package outside the lock fails
    ("pyodide.js", "https://cdn.jsdelivr.net/pyodide/v${d.version}/full/"),
    ("pyodide.mjs", "https://cdn.jsdelivr.net/pyodide/v${d.version}/full/"),
    # the JSON-schema validator's ($data) meta-schema id: an identifier it compares, not a download
    ("*", "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#"),
}


def remote_config_urls(value, where: str) -> list[str]:
    """http(s) strings anywhere in a page's or the site's Jupyter config (the front-end loads what they name)."""
    if isinstance(value, dict):
        return [u for k, v in value.items() if k != "notebookSrc" for u in remote_config_urls(v, f"{where}/{k}")]
    if isinstance(value, list):
        return [u for i, v in enumerate(value) for u in remote_config_urls(v, f"{where}[{i}]")]
    if isinstance(value, str) and re.match(r"(?:https?:)?//", value):
        return [f"{where}: {value}"]
    return []


def remote_urls(site: Path) -> list[str]:
    """`file: url` for every remote URL the site would fetch; empty when it runs from its own files."""
    found = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if path.suffix in (".js", ".mjs"):
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{rel}: {m.group(0)}" for m in CDN.finditer(text) 
                      if not {(path.name, m.group(0)), ("*", m.group(0))} & NEVER_FETCHED]
        elif path.suffix == ".css":
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{rel}: {m.group(1)}" for m in CSS_URL.finditer(text)]
        elif path.suffix == ".html":
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{rel}: {m.group(1)}" for m in FETCHING_TAG.finditer(text)]
            found += [f"{rel}: {m.group(1)}" for m in CSS_URL.finditer(text)]
            for m in CONFIG.finditer(text):
                found += [f"{rel}: {u}" for u in remote_config_urls(json.loads(m.group(1)), "config")]
        elif path.name in ("jupyter-lite.json", "jupyter-lite.ipynb"):
            found += [f"{rel}: {u}" for u in remote_config_urls(json.loads(path.read_text(encoding="utf-8")), "")]
    return found
