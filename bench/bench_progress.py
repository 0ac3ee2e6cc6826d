"""The learner's progress in the browser (issue #33): the main-thread cost of recording an answer, and of opening a
lesson page's contents with 1,000 answers kept (goals: under 5 ms and under 50 ms), in Chromium, on a page laid out
like a lesson (15 parts of text), at full speed and with the CPU slowed 6x (a cheap phone)."""

from __future__ import annotations

import statistics
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "tutor" / "widgets" / "static"
CHROMIUM = "/usr/bin/chromium"

WORDS = {k: k for k in ("title", "toggle", "next", "back", "show", "hide", "fold", "close", "read_mark", "forget",
                        "forget_confirm", "forgotten", "export", "import", "imported", "import_bad", "not_saving",
                        "practise", "practised")}
WORDS.update({"toggle_at": "{n}/{total}", "back_to": "{part}", "continue": "{part}", "read_of": "{read}/{total}",
              "drills_right": "{pct}%"})


def lesson_html() -> str:
    parts = []
    for i in range(1, 16):
        text = "".join(f"<p>{'A line of the lesson, about the rules. ' * 6}</p>" for _ in range(12))
        parts.append(f'<div class="jp-Cell"><p><a id="part-p{i}"></a></p><h2>{i}. Part {i}</h2>{text}</div>')
    return f'<html lang="en"><body><h1>Lesson</h1><p>intro</p>{"".join(parts)}</body></html>'


def module() -> str:
    return "\n".join((STATIC / name).read_text(encoding="utf-8").replace("export function ", "function ")
                     for name in ("scroll.js", "progress.js", "contents.js"))   # as the page joins them (widgets/page.py)


MEASURE = """([words, n]) => {
  const record = (i) => ({ v: 1, game: 'bench', lang: 'en', part: 'part-p' + (1 + i % 15), kind: i % 3 ? 'drill' : 'quiz',
    item: 'bench/item-' + (i % 40), rules: ['bench:rule'], right: i % 4 !== 0, first: true, shown: false, time: i });
  localStorage.setItem('tutor.progress', JSON.stringify({ v: 1, answers: Array.from({ length: n }, (_, i) => record(i)),
    read: { 'bench/en': ['part-p1', 'part-p2', 'part-p3'] }, parts: { 'bench/en': 15 } }));
  let contents = null;
  const t0 = performance.now();
  const store = progressStore(() => { if (contents) contents.refresh(); });
  contents = lessonContents(words, ['part-p2'], store, () => {});
  const open = performance.now() - t0;
  const adds = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    store.add(record(n + i));
    adds.push(performance.now() - t);
  }
  const planT = performance.now();
  practisePlan(store.answers('bench', 'en'), 1e9);
  const plan = performance.now() - planT;
  contents.drop();
  return { open, adds, plan };
}"""


def main() -> None:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for throttle in (1, 6):
                opens, adds, plans = [], [], []
                for _ in range(5):
                    page = browser.new_page(viewport={"width": 390, "height": 844})
                    # a page of its own origin, for localStorage (a data: URL has none)
                    page.route("http://bench.local/bench.en.html",
                               lambda route: route.fulfill(body=lesson_html(), content_type="text/html"))
                    page.goto("http://bench.local/bench.en.html")
                    page.add_script_tag(content=module())
                    if throttle > 1:
                        cdp = page.context.new_cdp_session(page)
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                    got = page.evaluate(MEASURE, [WORDS, 1000])
                    opens.append(got["open"])
                    adds.extend(got["adds"])
                    plans.append(got["plan"])
                    page.close()
                tag = "" if throttle == 1 else f", CPU slowed {throttle}x (a cheap phone)"
                print(f"record an answer (kept in localStorage with 1,000 others){tag}: median "
                      f"{statistics.median(adds):.2f} ms, max {max(adds):.2f} ms   goal < 5 ms")
                print(f"open the contents with 1,000 answers kept{tag}: median {statistics.median(opens):.1f} ms, "
                      f"max {max(opens):.1f} ms   goal < 50 ms")
                print(f"plan a practise session from 1,000 answers{tag}: median {statistics.median(plans):.2f} ms")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
