"""What keeps a served tutor safe on a club's network (used by tutor.serving): the Host check against DNS
rebinding, and the cap on learners' kernels with its "the room is full" page.

* Host check. Voilà switches jupyter_server's Host check off (``allow_remote_access=True``), so a page on any
  site whose name an attacker points at the club's server (DNS rebinding) could drive its kernels API. Every
  request, websocket included, must now name this server: a loopback address, one of this machine's own
  addresses when serving on all interfaces, the address it is bound to, or a name the organiser allows
  (``--allowed-host``); anything else gets 403.
* Cap. Each page a visitor opens costs a kernel (~60 MB) that runs the lesson; without a cap any page on the
  web could make a visitor's browser open hundreds. Past ``max_learners`` pages in use, a lesson request is
  answered at once with a friendly 503 page in three languages, and no kernel is started. A page counts from
  the moment it is admitted, before its kernel has started.
"""

from __future__ import annotations

import contextvars
import html
import ipaddress
import re
import socket

# Host names always accepted besides loopback addresses
LOCAL_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def machine_addresses() -> set[str]:
    """This machine's own interface addresses and names: what club members type to reach a 0.0.0.0 server."""
    found: set[str] = set()
    try:
        import psutil
        for addrs in psutil.net_if_addrs().values():
            for a in addrs:
                if a.family in (socket.AF_INET, socket.AF_INET6):
                    found.add(a.address.split("%", 1)[0])
    except Exception:       # psutil missing or the system refuses: names below still work
        pass
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            found.add(name)
            found.add(f"{name}.local")       # mDNS, as laptops and phones on a club's Wi-Fi often use
    return {x.lower() for x in found}


def allowed_hosts(bind: str, extra=()) -> set[str]:
    """The Host header values (without port) that name this server when bound to `bind`."""
    hosts = set(LOCAL_NAMES) | {h.lower() for h in extra if h}
    if bind in ("0.0.0.0", "::", ""):
        hosts |= machine_addresses()
    else:
        hosts.add(bind.lower())
    return hosts


def host_of(header: str) -> str:
    """The host part of a Host header: no port, no IPv6 brackets, lower case."""
    match = re.match(r"^(\[[^\]]*\]|[^:]*)(:\d+)?$", header.strip())
    host = match.group(1) if match else header
    return host.strip("[]").lower()


def host_is_allowed(header: str, allowed: set[str]) -> bool:
    host = host_of(header)
    try:
        if ipaddress.ip_address(host).is_loopback:
            return True
    except ValueError:
        pass
    return host in allowed


def install_host_check(allowed: set[str]) -> None:
    """Make every jupyter_server handler of this process (Voilà's pages, the kernels API, the kernel
    websocket) refuse a Host header that does not name this server."""
    from jupyter_server.base.handlers import JupyterHandler

    def check_host(self) -> bool:
        ok = host_is_allowed(self.request.host or "", allowed)
        if not ok:
            self.log.warning("Refusing a request for host %r: not this server (see --allowed-host)",
                             self.request.host)
        return ok

    JupyterHandler.check_host = check_host


# --------------------------------------------------------------------------- the cap

def room_full_page(n: int) -> str:
    """The page says it in every language the tutor speaks at once: nobody has chosen a lesson yet."""
    from tutor.core.i18n import LANGS, plural, text     # words from tutor/locale (the server reads them on first need)
    parts = []
    for lang in LANGS:
        parts.append(f'<section lang="{lang}"><h1>{html.escape(text("server.room_full.title", lang))}</h1>'
                     f"<p>{html.escape(plural('server.room_full', n, lang))}</p></section>")
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(text('server.room_full.title'))}</title>"
            "<style>body{font-family:sans-serif;max-width:40em;margin:3em auto;"
            "padding:0 1em;font-size:18px;line-height:1.5;color:#1f2933}h1{font-size:26px}</style></head><body>"
            + "".join(parts) + "</body></html>")


def pooled_kernel_ids(kernel_manager) -> set:
    """Kernels waiting, preheated, in Voilà's pools. A pool entry is a task: only a finished one has a kernel
    (a replacement still queued or starting has none yet, and must not be subtracted from the learners')."""
    ids = set()
    for pool in (getattr(kernel_manager, "_pools", {}) or {}).values():
        for entry in pool:
            if entry.done() and not entry.cancelled() and entry.exception() is None:
                kernel_id = (entry.result() or {}).get("kernel_id")
                if kernel_id:
                    ids.add(kernel_id)
    return ids


def learner_kernels(kernel_manager) -> set:
    """Kernels in use by pages: all kernels less those waiting in Voilà's pools."""
    return set(kernel_manager.list_kernel_ids()) - pooled_kernel_ids(kernel_manager)


class Admission:
    """A page let in, from the moment it is admitted: its kernel (`kernel_id`, once known) may take seconds to
    start, and a room arriving at once must not all slip in during those seconds."""

    kernel_id: str | None = None


# the admission of the request being served: Tornado serves each request in its own asyncio task, so the
# kernel manager, awaited by the page handler, can say which kernel the page got (note_kernel)
ADMISSION: contextvars.ContextVar = contextvars.ContextVar("tutor_admission", default=None)


def note_kernel(kernel_id) -> None:
    """The page being served got `kernel_id` (called by the kernel manager; nothing outside a page request)."""
    admission = ADMISSION.get()
    if admission is not None and admission.kernel_id is None:
        admission.kernel_id = kernel_id


def pages_in_use(kernel_manager, admitting) -> int:
    """Learners' kernels, plus pages admitted whose kernel is not running yet."""
    learners = learner_kernels(kernel_manager)
    return len(learners) + sum(1 for a in admitting if a.kernel_id not in learners)


def counted_kernels(manager_class: type) -> type:
    """`manager_class` telling the page being served which kernel it got (started for it, or preheated)."""

    class CountedKernelManager(manager_class):
        async def start_kernel(self, *args, **kwargs):
            kernel_id = await super().start_kernel(*args, **kwargs)
            note_kernel(kernel_id)
            return kernel_id

        if hasattr(manager_class, "get_rendered_notebook"):
            async def get_rendered_notebook(self, *args, **kwargs):
                handed = await super().get_rendered_notebook(*args, **kwargs)
                note_kernel(handed[-1])
                return handed

    CountedKernelManager.__name__ = f"Counted{manager_class.__name__}"
    return CountedKernelManager


# --------------------------------------------------------------------------- a visit, not a load

def is_a_visit(headers) -> bool:
    """Whether a lesson page's request is someone opening the page, which is worth a kernel.

    Every page served starts (or hands out) a kernel, so a foreign web page with two iframes, two images and two
    fetches of lesson URLs once took six kernels and locked a six-learner room until the culler freed them. A
    browser says what a request is for (Fetch Metadata: Sec-Fetch-Dest, Sec-Fetch-Site, Sec-Purpose): a page
    opened in a tab or window is a `document`, from anywhere (a link on the club's site is a real visit); anything
    else (an image, a script, a fetch, a frame) gets a kernel only from this server's own pages; a prefetch never.
    A client that sends no such headers (an older browser, a script) cannot be told apart and is let in: the
    token (--token) is what keeps strangers out."""
    if (headers.get("Sec-Purpose") or headers.get("Purpose") or "").startswith("prefetch"):
        return False
    dest = headers.get("Sec-Fetch-Dest")
    if dest is None or dest == "document":
        return True
    return headers.get("Sec-Fetch-Site") in ("same-origin", "none")


def not_a_visit_page() -> str:
    """What a frame of a foreign page shows instead of a lesson: open it in its own tab (every language at once)."""
    from tutor.core.i18n import LANGS, text
    parts = "".join(f'<p lang="{lang}">{html.escape(text("server.open_directly", lang))}</p>' for lang in LANGS)
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>tutor</title></head>'
            f'<body style="font-family:sans-serif">{parts}</body></html>')


def render_handler_class(base, max_learners: int):
    """Voilà's page handler, answering "the room is full" instead of starting a kernel past the cap. A page
    counts from the moment it is admitted: 45 pages opened at once against a cap of 40 were all let in, because
    none of their kernels had started when the others were counted."""

    admitting: set = set()

    class CappedRenderHandler(base):
        async def get(self, path=None):
            if not is_a_visit(self.request.headers):
                self.log.warning("Refusing %s for %s %s from %s: not a visit of the page (no kernel spent)",
                                 self.request.path, self.request.headers.get("Sec-Fetch-Dest"),
                                 self.request.headers.get("Sec-Fetch-Site"), self.request.remote_ip)
                self.set_status(403)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                self.finish(not_a_visit_page())
                return
            in_use = pages_in_use(self.kernel_manager, admitting)
            if max_learners > 0 and in_use >= max_learners:
                self.set_status(503)
                self.set_header("Retry-After", "120")
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                self.finish(room_full_page(in_use))
                return
            admission = Admission()
            admitting.add(admission)       # counted and added with no await between: no other page slips in
            token = ADMISSION.set(admission)
            try:
                return await super().get(path)
            finally:
                ADMISSION.reset(token)
                admitting.discard(admission)

    CappedRenderHandler.__name__ = f"Capped{base.__name__}"
    return CappedRenderHandler
