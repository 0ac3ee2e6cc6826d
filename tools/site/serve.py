"""make serve-site: site/ over HTTP on this machine only (127.0.0.1), for a look before publishing it."""

from __future__ import annotations

import argparse
import functools
import http.server
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a browser insists on for Pyodide (wasm, JavaScript modules)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".whl": "application/zip"}

    def log_message(self, format, *args):      # quiet: a page asks for a hundred files
        pass


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8770)
    parser.add_argument("--dir", type=Path, default=REPO / "site")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        raise SystemExit(f"no site in {args.dir}: run `make site` first")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port),
                                             functools.partial(Handler, directory=str(args.dir)))
    print(f"the static site at http://127.0.0.1:{args.port}/ (Ctrl-C stops it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
