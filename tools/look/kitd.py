"""Looking kit daemon (tools/look): one headless Debian chromium page, driven by Python snippets sent over a unix socket.

    python kitd.py SOCKET BASE_URL SHOTS_DIR
Each connection sends a snippet (utf-8, then EOF); it runs in one namespace kept between snippets (so `page`
and your own variables persist) and the connection gets back what it printed (or its traceback).
"""
import contextlib, io, os, socket, sys, time, traceback
from pathlib import Path
from playwright.sync_api import sync_playwright

SOCK, BASE, SHOTS = sys.argv[1], sys.argv[2].rstrip("/"), Path(sys.argv[3])
SHOTS.mkdir(parents=True, exist_ok=True)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--host-resolver-rules=MAP cdn.jsdelivr.net ~NOTFOUND"]

pw = sync_playwright().start()
browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
ns = {"browser": browser, "page": None, "context": None, "time": time}
errors = []


def _new(viewport, **opts):
    if ns["context"] is not None:
        try:
            ns["page"].close(run_before_unload=True)
            ns["context"].close()
        except Exception:
            pass
    ctx = browser.new_context(viewport=viewport, **opts)
    ctx.set_default_navigation_timeout(180_000)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    page.on("console", lambda m: m.type == "error" and errors.append(m.text[:300]))
    page.on("pageerror", lambda e: errors.append(str(e)[:300]))
    ns["context"], ns["page"] = ctx, page
    return page


def phone():
    """A 390x844 phone with touch (device scale 2). Opens a new browser context (a new device: empty storage)."""
    return _new({"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)


def projector():
    """A 1920x1080 projector screen (a laptop driving it, mouse). New context: empty storage."""
    return _new({"width": 1920, "height": 1080}, device_scale_factor=1)


def laptop():
    return _new({"width": 1280, "height": 800}, device_scale_factor=1)


def resize(width, height):
    """Change the viewport of the current page (same device, storage kept)."""
    ns["page"].set_viewport_size({"width": width, "height": height})


def go(nb):
    """Open a lesson notebook, e.g. go('maui.ipynb'); waits until the page has run its notebook."""
    page = ns["page"] or phone()
    r = page.goto(f"{BASE}/voila/render/{nb}")
    page.wait_for_selector(".tutor-page-status", state="attached", timeout=180_000)
    page.wait_for_timeout(1500)
    return r.status


def reload():
    """Reload the page as a learner does (same device: storage kept)."""
    ns["page"].reload()
    ns["page"].wait_for_selector(".tutor-page-status", state="attached", timeout=180_000)
    ns["page"].wait_for_timeout(1500)


_UNBUILT = """() => [...document.querySelectorAll('.tutor-lazy')].map((part, i) => {
    const reveal = part.querySelector('.tutor-reveal');
    const built = (reveal === null || getComputedStyle(reveal).display === 'none') && part.querySelector('svg');
    return built ? -1 : i; }).filter((i) => i >= 0)"""
_SCROLL = """async (indices) => { const parts = document.querySelectorAll('.tutor-lazy');
    for (const i of indices) { if (!parts[i]) continue; parts[i].scrollIntoView({block: 'center'});
      await new Promise((r) => setTimeout(r, 80)); } }"""
_OPEN = """() => {
    for (const b of document.querySelectorAll('.tutor-fold-opener[aria-expanded="false"]')) b.click();
    for (const b of document.querySelectorAll('.tutor-lazy-manual .tutor-reveal button:not([disabled])')) b.click(); }"""


def build_all(timeout=240):
    """Scroll the whole page part by part until every part is built (opening folded reference parts, as a
    reader of the whole page does), then back to the top. Returns the number of parts."""
    page = ns["page"]
    n = page.locator(".tutor-lazy").count()
    pending, deadline = list(range(n)), time.monotonic() + timeout
    while pending and time.monotonic() < deadline:
        page.evaluate(_OPEN)
        page.evaluate(_SCROLL, pending)
        page.wait_for_timeout(600)
        pending = page.evaluate(_UNBUILT)
    page.evaluate("window.scrollTo(0, 0)")
    if pending:
        print("parts still unbuilt:", pending)
    return n


def screen(name, full=False):
    """Screenshot the viewport (or the whole page) to SHOTS/name.png and return the path: look at it."""
    path = SHOTS / f"{name}.png"
    ns["page"].screenshot(path=str(path), full_page=full)
    return str(path)


def element(selector_or_locator, name):
    """Screenshot one element."""
    loc = selector_or_locator if not isinstance(selector_or_locator, str) else ns["page"].locator(selector_or_locator).first
    path = SHOTS / f"{name}.png"
    loc.screenshot(path=str(path))
    return str(path)


def scroll(dy):
    """Scroll by dy CSS pixels (a finger's swipe), then let the page settle."""
    ns["page"].mouse.wheel(0, dy)
    ns["page"].wait_for_timeout(400)
    return ns["page"].evaluate("Math.round(window.scrollY)")


def seen():
    """The text a reader sees on the screen now (elements within the viewport), top to bottom."""
    return ns["page"].evaluate("""() => { const out = []; const h = innerHeight;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let n; let last = '';
      while ((n = walker.nextNode())) { const t = n.textContent.trim(); if (!t) continue;
        const el = n.parentElement; if (!el || !el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
        const r = el.getBoundingClientRect(); if (r.bottom < 0 || r.top > h || r.width === 0) continue;
        if (t !== last) out.push(t); last = t; }
      return out.join('\\n'); }""")


def js_errors():
    return list(errors)


ns.update(phone=phone, projector=projector, laptop=laptop, resize=resize, go=go, reload=reload,
          build_all=build_all, screen=screen, element=element, scroll=scroll, seen=seen, js_errors=js_errors,
          BASE=BASE, SHOTS=SHOTS)

if os.path.exists(SOCK):
    os.unlink(SOCK)
srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
srv.bind(SOCK)
srv.listen(1)
print("kitd ready", SOCK, flush=True)
while True:
    conn, _ = srv.accept()
    with conn:
        chunks = []
        while True:
            b = conn.recv(65536)
            if not b:
                break
            chunks.append(b)
        code = b"".join(chunks).decode()
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            try:
                try:
                    value = eval(compile(code, "<snippet>", "eval"), ns)
                    if value is not None:
                        print(repr(value) if not isinstance(value, str) else value)
                except SyntaxError:
                    exec(compile(code, "<snippet>", "exec"), ns)
            except Exception:
                traceback.print_exc()
        try:
            conn.sendall(out.getvalue().encode() or b"(ok)\n")
        except OSError:
            pass
