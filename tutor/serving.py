"""How the tutor is served with Voilà: one place for every setting `make serve`, the browser tests and the
benchmarks use.

    python -m tutor.serving                       # http://127.0.0.1:8866 -> the lesson index
    python -m tutor.serving --host 0.0.0.0 --port 9000 --pool-size 2

What the settings are for (measured with voila 0.5.13 / jupyter_server 2.21):

* Voilà serves the ``notebooks/`` directory, so a lesson lives at ``/voila/render/<name>.ipynb``; ``/``
  redirects to the lesson index ``/voila/render/index.ipynb``. The index links to lessons by relative name
  (``maui.ipynb``), which works here and on Binder (``/voila/render/notebooks/index.ipynb``) alike.
* Sources are stripped and tracebacks hidden (Voilà's defaults, pinned here so they cannot drift), and
  standalone Voilà only relays comm / kernel-info / shutdown messages from a page: a visitor cannot run code.
* A pool of preheated kernels per notebook makes the first render about a third faster. A preheated
  notebook runs *before* any request arrives, so lesson code must not read the URL at import time.
* ``disable_check_xsrf``: Voilà's page asks to shut its kernel down when the tab closes; without this the
  request is refused for a missing ``_xsrf`` cookie (voila#1458) and every closed tab leaks a ~56 MB kernel.
  The page is served without cookies or login, so the XSRF check protects nothing here. Kernel culling
  (kernels with no open connection, idle for ``CULL_IDLE_SECONDS``) is a backstop for tabs that vanish without
  saying goodbye (a crashed browser, a laptop lid closed).
* TCP_NODELAY on the kernel websocket: see ``NoDelayKernelWebsocketConnection``.
* ``VoilaExecutor.iopub_timeout``: nbclient waits only 4 s (its default) for a cell's output once the cell
  has finished; a kernel starved of CPU (a room of learners arriving at once) misses that, the cell's widget
  output is dropped ("Timeout waiting for IOPub output") and the preheated page stays broken for whoever gets
  it later. A lesson cell finishes in well under a second, so waiting up to a minute costs nothing when idle.

Why pages once lost widgets ("Error displaying widget: model not found" on most loads): ipywidgets 8.1.9's
front-end (jupyterlab_widgets 3.0.17) made ``get_model()`` poll up to 2 s for a model not yet known and then
throw without a final look. Voilà's renderer asks for each output's model as the page starts; the models
arrive with the kernel's one ``update_states`` reply, and parsing a 3 MB reply into ~1,350 models blocked the
browser's main thread past the 2 s deadline, after which the renderer saw "restored" and gave up for good.
ipywidgets 8.1.8 (jupyterlab_widgets 3.0.16) answers "not yet" at once and the renderer waits for the restore,
so the dependency is pinned (pyproject.toml; tests/test_serving.py checks the installed front-end), and
lesson pages build what the learner has not reached only when it is reached (tutor.widgets.lazy), which keeps
the reply small whatever the version.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
from pathlib import Path

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

HOST = "127.0.0.1"
PORT = 8866
POOL_SIZE = 1                       # preheated kernels per notebook (each ~60 MB RSS)
CULL_IDLE_SECONDS = 120             # a kernel nobody is connected to, idle this long, is shut down
CULL_INTERVAL_SECONDS = 30
# a widget library's file named for its content (webpack "remoteEntry.9077b3d2deaffb329dfc.js", rspack
# "remoteEntry.698dcaf7.js"): cached for good
HASHED_ASSET = re.compile(r"/voila/labextensions/.+[._-][0-9a-f]{8,}\.(js|css|woff2?|ttf|svg|png|wasm)$")
MAX_LEARNERS = 40                   # pages in use at once (kernels besides the pool); past it: "the room is full"
# A used pool kernel is replaced after this delay. Keep it short: a visitor who arrives while the replacement is
# still pending waits for it (Voilà hands out the pool's next entry, started or not), so 15 s here once made
# every page after the first wait ~15 s.
REFILL_DELAY_SECONDS = 1
IOPUB_TIMEOUT_SECONDS = 60          # see the module docstring: nbclient's default of 4 s drops outputs under load
INDEX = "index.ipynb"
TEMPLATE = "tutor"
TEMPLATES_ROOT = Path(__file__).resolve().parent / "share" / "jupyter"   # on JUPYTER_PATH when serving

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


class NoDelayKernelWebsocketConnection(ZMQChannelsWebsocketConnection):
    """The stock kernel websocket connection with Nagle's algorithm switched off.

    Every widget click is a small websocket frame out and a few small frames back. With Nagle on (tornado's
    default for websockets) the server holds a small frame back until the browser ACKs the previous one, and
    the browser delays that ACK: each round trip stalls ~44 ms. Tornado documents the fix,
    ``WebSocketHandler.set_nodelay(True)`` "once the websocket connection is established"; jupyter_server's
    ``KernelWebsocketHandler.open()`` calls ``connection.connect()`` right after the handshake, so that is
    where it goes. Installed with ``Voila.kernel_websocket_connection_class`` (or
    ``ServerApp.kernel_websocket_connection_class`` under ``jupyter server``), both documented traitlets.
    """

    def connect(self):
        if self.websocket_handler.ws_connection is not None:
            self.websocket_handler.set_nodelay(True)
        return super().connect()


class TutorKernelManager(ServerKernelManager):
    """jupyter_server's kernel manager, starting the stock Python kernel through tutor.kernel_launch (its
    broadcast socket keeps every message for the page, however far behind the server falls); any other kernel
    starts as it is."""

    def format_kernel_cmd(self, extra_arguments=None):
        from tutor.kernel_launch import OURS, STOCK
        cmd = super().format_kernel_cmd(extra_arguments)
        for i in range(len(cmd) - 1):         # "python -m ipykernel_launcher -f …"
            if cmd[i] == "-m" and cmd[i + 1] == STOCK:
                return cmd[:i + 1] + [OURS] + cmd[i + 2:]
        return cmd


CONNECTION_CLASS = "tutor.serving.NoDelayKernelWebsocketConnection"
KERNEL_MANAGER_CLASS = "tutor.serving.TutorKernelManager"
PAGE_TEXT_FILTER = "tutor.serving.page_text"


def page_text(key: str, lang: str = "en") -> str:
    """A page word (ui.<key>) in `lang`: the Jinja filter `tutor_page_text` of the page template."""
    from tutor.core.i18n import text
    return text(f"ui.{key}", lang or "en")


def voila_config(pool_size: int = POOL_SIZE, warm: dict | None = None) -> dict:
    """The traitlets configuration (as nested dicts) shared by every way the tutor is served.

    `warm` maps a lesson notebook to its own pool size: the lesson a whole room opens tonight
    ({"maui.ru.ipynb": 20}) keeps that many kernels ready, the other pages `pool_size` each."""
    warm = {name: n for name, n in (warm or {}).items() if n > 0}
    preheat = pool_size > 0 or bool(warm)
    pools = {"default": {"pool_size": max(pool_size, 0)}, **{name: {"pool_size": n} for name, n in warm.items()}}
    return {
        "Voila": {
            "port_retries": 0,           # a busy port is an error, not a silent move to another one
            "open_browser": False,
            "tornado_settings": {"disable_check_xsrf": True},
            "kernel_websocket_connection_class": CONNECTION_CLASS,
        },
        "VoilaConfiguration": {
            "strip_sources": True,
            "show_tracebacks": False,
            # ?theme= and ?template= once reflected into the page unescaped (script injection); a lesson page
            # has one look, chosen here
            "allow_theme_override": "NO",
            "allow_template_override": "NO",
            # tutor/share/jupyter/voila/templates/tutor: the page's language from the notebook, no CDN
            "template": TEMPLATE,
            "preheat_kernel": preheat,
            "default_pool_size": max(pool_size, 0),
            # the progress bar of progressive rendering is incompatible with preheating
            "progressive_rendering": False,
            # JupyterLab-only extensions installed beside the tutor (jupytext opens lesson Markdown in `make lab`)
            # need Lab's document manager, which a Voilà page lacks: loaded there they only log a console error
            "extension_denylist": LAB_ONLY_EXTENSIONS,
        },
        "VoilaExecutor": {
            "iopub_timeout": IOPUB_TIMEOUT_SECONDS,
        },
        # the page template's words (its notice for a kernel gone before the page connected) from the catalogues
        "VoilaExporter": {
            "filters": {"tutor_page_text": PAGE_TEXT_FILTER},
        },
        # kernels talk to the server over Unix sockets, not TCP ports: with TCP, two kernels starting at once
        # could pick the same free port ("ZMQError: Address already in use") and leave a page hanging
        "KernelManager": {"transport": "ipc"},
        "VoilaKernelManager": {
            "kernel_pools_config": pools,
            "fill_delay": REFILL_DELAY_SECONDS,
        },
        "MappingKernelManager": {
            "cull_idle_timeout": CULL_IDLE_SECONDS,
            "cull_interval": CULL_INTERVAL_SECONDS,
            "cull_connected": False,     # a learner reading a page is idle but connected: keep that kernel
            # its kernels queue every message for the page, however far behind the server is (tutor.kernel_launch)
            "kernel_manager_class": KERNEL_MANAGER_CLASS,
        },
    }


def voila_argv(notebooks: Path | str = NOTEBOOKS, host: str = HOST, port: int = PORT,
               pool_size: int = POOL_SIZE, warm: dict | None = None) -> list[str]:
    """The same configuration as command-line arguments for the ``voila`` executable (for people and docs)."""
    import json
    args = [str(notebooks), f"--Voila.ip={host}", f"--Voila.port={port}"]
    for section, values in voila_config(pool_size, warm).items():
        for name, value in values.items():
            if isinstance(value, dict) and all(not isinstance(v, dict) for v in value.values()):
                value = ",".join(f"{k}={v}" for k, v in value.items())
            elif isinstance(value, dict):
                value = json.dumps(value, separators=(",", ":"))
            args.append(f"--{section}.{name}={value}")
    return args


LAB_ONLY_EXTENSIONS = ["jupyterlab-jupytext"]


def server_extension_config() -> dict:
    """Settings for Voilà running as a `jupyter server` extension (how Binder serves the tutor).

    Single-user, behind a token: no preheating (one learner, one kernel), but the same quick websocket and
    the same stripped, traceback-free pages.
    """
    config = voila_config(pool_size=0)
    return {
        "ServerApp": {"kernel_websocket_connection_class": CONNECTION_CLASS},
        "VoilaConfiguration": {k: v for k, v in config["VoilaConfiguration"].items()
                               if k in ("strip_sources", "show_tracebacks", "template", "extension_denylist")},
        "VoilaExporter": config["VoilaExporter"],
        "MappingKernelManager": config["MappingKernelManager"],
    }


def install_server_config(prefix: str | None = None) -> Path:
    """Merge `server_extension_config()` into this environment's ``<prefix>/etc/jupyter/
    jupyter_server_config.json`` (``jupyter_server_config.d/`` only enables extensions, it sets no other
    option) and copy the tutor's page template to ``<prefix>/share/jupyter/voila/templates``. binder/postBuild
    calls this."""
    import json

    target = Path(prefix or sys.prefix) / "etc" / "jupyter" / "jupyter_server_config.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    config = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    for section, values in server_extension_config().items():
        config.setdefault(section, {}).update(values)
    target.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    # the page template goes where Voilà looks for templates in this environment
    import shutil
    source = TEMPLATES_ROOT / "voila" / "templates" / TEMPLATE
    shutil.copytree(source, Path(prefix or sys.prefix) / "share" / "jupyter" / "voila" / "templates" / TEMPLATE,
                    dirs_exist_ok=True)
    return target


def _app_class():
    """Voilà's application with ``/`` redirected to the lesson index instead of a file listing, lesson pages
    capped at ``max_learners``, every request's Host checked (tutor.server_guards), and the preheated pool
    refilled a kernel at a time (tutor.kernel_pool)."""
    from jupyter_server.utils import url_path_join
    from tornado.web import HTTPError, RedirectHandler
    from traitlets import Int, List, Unicode
    from voila.app import Voila
    from jupyter_server import DEFAULT_STATIC_FILES_PATH
    from jupyter_server.base.handlers import FileFindHandler
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler

    from tutor import kernel_pool, server_guards

    kernel_pool.install()      # a room arriving at once: the pool's replacements start one at a time

    class TemplateFiles(TemplateStaticFileHandler):
        """Voilà's template files (/voila/templates/<template>/static/<file>): any other path under it is a plain
        404, where Voilà's own handler answered 500 and logged a traceback (it unpacks the path unchecked)."""

        def parse_url_path(self, path: str) -> str:
            parts = path.split("/", 2)
            if len(parts) < 3 or parts[1] != "static" or not parts[0] or not parts[2]:
                raise HTTPError(404)
            return str(super().parse_url_path(path))

    class LabExtensionFiles(FileFindHandler):
        """The widget libraries' scripts (/voila/labextensions/...). Voilà marks them all "no-cache", so each
        of a lesson page's ~90 script requests went back to the server on every visit. A file whose name carries
        its content hash (webpack's chunks and remoteEntry) never changes under that name: the browser keeps it
        for a year without asking. Any other file (package.json, a style without a hash) is asked after as before."""

        def set_headers(self) -> None:
            super().set_headers()
            if HASHED_ASSET.search(self.request.path):
                self.set_header("Cache-Control", "public, max-age=31536000, immutable")

    class TutorVoila(Voila):
        name = "tutor-voila"
        max_learners = Int(MAX_LEARNERS, config=True,
                           help="Lesson pages in use at once; past it a visitor sees 'the room is full'.")
        allowed_hosts = List(Unicode(), config=True,
                             help="Host names (besides this machine's own) that club members use.")

        def init_settings(self):
            settings = super().init_settings()
            # jupyter_server's error pages link its favicon with static_url: without a static path each 404 (a page
            # whose kernel is gone asking for its websocket) logged a second traceback instead of sending its page
            settings.setdefault("static_path", DEFAULT_STATIC_FILES_PATH)
            # gzip for every text answer a browser accepts it for: a lesson page's first render was 7.1 MB on the wire
            # and is 1.8 MB (20 learners: 136 MB over a club's Wi-Fi), for about 0.23 s more of the server's CPU a
            # page (Tornado's level 6; level 1 saved 0.1 s but sent 2.1 MB). In the application's settings, where
            # Tornado reads it when the application is made (Voilà's tornado_settings come too late for it)
            settings["compress_response"] = True
            return settings

        def init_handlers(self):
            handlers = super().init_handlers()
            capped = server_guards.render_handler_class(TornadoVoilaHandler, self.max_learners)
            swap = {TornadoVoilaHandler: capped, TemplateStaticFileHandler: TemplateFiles,
                    FileFindHandler: LabExtensionFiles}
            handlers = [(h[0], swap.get(h[1], h[1]), *h[2:]) if len(h) > 1 else h for h in handlers]
            if self.notebook_path:
                return handlers
            index = url_path_join(self.server_url, "voila/render", INDEX)
            return [(self.server_url, RedirectHandler, {"url": index})] + handlers

        def start(self):
            server_guards.install_host_check(server_guards.allowed_hosts(self.ip, self.allowed_hosts))
            return super().start()

    return TutorVoila


def quiet_ipython_dir() -> Path:
    """An IPython profile whose startup file keeps tracebacks and stderr out of pages (tutor.kernel_quiet);
    kernels this server starts inherit it through IPYTHONDIR."""
    import tempfile

    from tutor.kernel_quiet import STARTUP

    root = Path(tempfile.mkdtemp(prefix="tutor-ipython-"))
    startup = root / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-tutor-quiet.py").write_text(STARTUP, encoding="utf-8")
    # ipykernel also forwards whatever reaches file descriptor 2 to the clients; without that capture the
    # kernel's real stderr is the server's log
    (root / "profile_default" / "ipython_kernel_config.py").write_text(
        "c.IPKernelApp.capture_fd_output = False\n", encoding="utf-8")
    return root


def serve(notebooks: Path | str = NOTEBOOKS, host: str = HOST, port: int = PORT,
          pool_size: int = POOL_SIZE, extra_args: list[str] = (), *, max_learners: int = MAX_LEARNERS,
          allowed_hosts=(), token: str | None = None, warm: dict | None = None) -> None:
    """Run Voilà in this process until interrupted."""
    from traitlets.config import Config

    notebooks = Path(notebooks).resolve()
    if not (notebooks / INDEX).is_file():
        raise SystemExit(f"no lesson index at {notebooks / INDEX}")
    # Kernels start in the notebooks' folder; make sure they import this checkout of the tutor even when it
    # is not installed (a source tree on PYTHONPATH), without shadowing an installed one.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    os.environ["IPYTHONDIR"] = str(quiet_ipython_dir())
    # Voilà finds templates on the Jupyter data path; the tutor's own one ships inside the package
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(TEMPLATES_ROOT), os.environ.get("JUPYTER_PATH", "")) if p)
    config = Config(voila_config(pool_size, warm))
    config.TutorVoila.max_learners = max_learners
    config.TutorVoila.allowed_hosts = list(allowed_hosts)
    if token:
        config.TutorVoila.token = token
    argv = [str(notebooks), f"--Voila.ip={host}", f"--Voila.port={port}", *extra_args]
    _app_class().launch_instance(argv=argv, config=config)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tutor.serving", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default=HOST)
    parser.add_argument("--port", type=int, default=PORT)
    parser.add_argument("--pool-size", type=int, default=POOL_SIZE,
                        help="preheated kernels per notebook; 0 turns preheating off")
    parser.add_argument("--notebooks", default=str(NOTEBOOKS), help="folder of lesson notebooks")
    parser.add_argument("--max-learners", type=int, default=MAX_LEARNERS,
                        help="lesson pages in use at once; past it a visitor sees 'the room is full'")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="a host name club members use to reach this server (repeatable); this "
                             "machine's own addresses and names are always allowed")
    parser.add_argument("--warm", action="append", default=[], metavar="LESSON=N",
                        help="keep N kernels ready for LESSON (e.g. <notebook>.ru.ipynb=20: a room of 20 opening it)")
    parser.add_argument("--token", default=os.environ.get("TUTOR_TOKEN") or None,
                        help="require this access token (open /?token=TOKEN once per browser)")
    parser.add_argument("--print-args", action="store_true",
                        help="print the equivalent `voila` command line and exit")
    parser.add_argument("--install-server-config", action="store_true",
                        help="write the `jupyter server` settings into this environment and exit (Binder)")
    args, extra = parser.parse_known_args(argv)
    if args.install_server_config:
        print(f"wrote {install_server_config()}")
        return
    try:
        warm = parse_warm(args.warm)
    except ValueError as exc:
        parser.error(str(exc))
    if args.print_args:
        print(shlex.join(["voila", *voila_argv(args.notebooks, args.host, args.port, args.pool_size, warm)]))
        return
    serve(args.notebooks, args.host, args.port, args.pool_size, extra, max_learners=args.max_learners,
          allowed_hosts=args.allowed_host, token=args.token, warm=warm)


def parse_warm(items) -> dict:
    """["maui.ru.ipynb=20", …] -> {"maui.ru.ipynb": 20}; a malformed item is a ValueError saying so."""
    warm = {}
    for item in items:
        name, _, count = item.partition("=")
        if not name.endswith(".ipynb") or not count.isdigit():
            raise ValueError(f"--warm takes LESSON.ipynb=N, not {item!r}")
        warm[name] = int(count)
    return warm


if __name__ == "__main__":
    main(sys.argv[1:])
