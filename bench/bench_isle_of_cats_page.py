"""Острів котів in the page: pointer -> placing preview latency, measured inside Chromium (goal <= 30 ms).

Serves a one-cell notebook (a two-player play table whose learner has just taken a tile) with `python -m
tutor.serving`, as `make serve` does, and moves the pointer over boat squares. Each sample is the time from the
pointer event to the next frame after it (the preview drawn and painted); the handler's own time is reported too.
The preview needs no kernel round trip: the page got every orientation's fits with the tile.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = Path(tempfile.mkdtemp(prefix="ioc_bench_"))
os.environ["TUTOR_NOTEBOOKS"] = str(FOLDER)       # read by bench_serving at import
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_serving import ARGS, CHROMIUM, Server  # noqa: E402

MOVES = 60
CODE = """from tutor.widgets.play import PlayTable
PlayTable("isle_of_cats", players=2, seat=0, lang="en", bots=True, first=0,
          kept=(("card-151", "card-152"), ("card-165", "card-166")),
          placed=[[("cat-blue-13", 0, 7, 3)], []],
          island=("cat-green-15", "rare-O-1", "cat-red-16", "cat-orange-2"), bag=())"""

# [handler ms, ms to the next frame] for a mousemove over boat square (gx, gy) of seat 0
MOVE_JS = """async ([gx, gy]) => {
    const boat = document.querySelector('[data-board-seat="0"]');
    const svg = boat.ownerSVGElement, m = boat.getScreenCTM(), c = parseFloat(boat.getAttribute('data-cell'));
    const p = svg.createSVGPoint(); p.x = (gx + 0.5) * c; p.y = (gy + 0.5) * c;
    const q = p.matrixTransform(m);
    const target = document.elementFromPoint(q.x, q.y);
    const start = performance.now();
    target.dispatchEvent(new MouseEvent('mousemove', {clientX: q.x, clientY: q.y, bubbles: true}));
    const handled = performance.now() - start;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return [handled, performance.now() - start, document.querySelector('.tutor-svg[data-preview]')
            .getAttribute('data-preview')];
}"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "table", "metadata": {}, "outputs": [],
                     "source": CODE}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (FOLDER / "ioc_place.ipynb").write_text(json.dumps(nb))
    nb["cells"][0]["source"] = "print(1)"
    (FOLDER / "index.ipynb").write_text(json.dumps(nb))
    server = Server()
    try:
        server.settle()
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(120_000)
            page.goto(f"{server.url}/voila/render/ioc_place.ipynb")
            table = page.locator(".tutor-play").first
            table.locator(".tutor-svg svg").first.wait_for(state="visible")
            table.locator('.tutor-svg [data-choice][data-key="tile:cat-green-15"]').click()
            table.locator(".tutor-placing").wait_for(state="visible")
            handled, framed, previews = [], [], set()
            for i in range(MOVES):
                h, f, preview = page.evaluate(MOVE_JS, [2 + (i * 7) % 18, 1 + (i * 3) % 7])
                handled.append(h)
                framed.append(f)
                previews.add(preview)
            browser.close()
        framed.sort()
        print(f"isle_of_cats pointer -> preview (next frame): median {statistics.median(framed):.1f} ms  "
              f"p90 {framed[int(len(framed) * 0.9)]:.1f} ms  max {framed[-1]:.1f} ms  (goal <= 30 ms; {MOVES} moves, "
              f"{len(previews)} distinct previews)")
        print(f"isle_of_cats pointer -> preview (handler alone): median {statistics.median(handled):.2f} ms  "
              f"max {max(handled):.2f} ms")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
