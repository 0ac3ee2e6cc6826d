"""tutor.serving: the one set of Voilà settings, checked without starting a server."""

from __future__ import annotations

import json

import pytest
from traitlets.config import Config

from tutor import serving


def test_settings_that_keep_a_club_server_safe_and_lean():
    c = serving.voila_config()
    assert c["Voila"]["tornado_settings"] == {"disable_check_xsrf": True}   # closed tabs free their kernel
    assert c["VoilaConfiguration"]["strip_sources"] is True
    assert c["VoilaConfiguration"]["show_tracebacks"] is False
    assert c["VoilaConfiguration"]["preheat_kernel"] is True
    assert c["VoilaConfiguration"]["default_pool_size"] == serving.POOL_SIZE
    assert c["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert c["MappingKernelManager"]["cull_connected"] is False
    assert c["Voila"]["kernel_websocket_connection_class"] == serving.CONNECTION_CLASS


def test_pool_size_zero_turns_preheating_off():
    c = serving.voila_config(pool_size=0)
    assert c["VoilaConfiguration"]["preheat_kernel"] is False


def test_voila_command_line_matches_config():
    argv = serving.voila_argv("notebooks", "0.0.0.0", 9000)
    assert argv[0] == "notebooks"
    assert "--Voila.ip=0.0.0.0" in argv and "--Voila.port=9000" in argv
    assert "--Voila.tornado_settings=disable_check_xsrf=True" in argv
    assert f"--Voila.kernel_websocket_connection_class={serving.CONNECTION_CLASS}" in argv


def test_voila_takes_the_nodelay_connection_class():
    app = serving._app_class()(config=Config(serving.voila_config()))
    assert app.kernel_websocket_connection_class is serving.NoDelayKernelWebsocketConnection
    assert app.tornado_settings == {"disable_check_xsrf": True}


def test_connection_sets_nodelay_before_connecting(monkeypatch):
    calls = []

    class FakeHandler:
        ws_connection = object()

        def set_nodelay(self, value):
            calls.append(("nodelay", value))

    def fake_connect(self):
        calls.append(("connect",))

    monkeypatch.setattr(serving.ZMQChannelsWebsocketConnection, "connect", fake_connect)
    conn = serving.NoDelayKernelWebsocketConnection.__new__(serving.NoDelayKernelWebsocketConnection)
    monkeypatch.setattr(serving.NoDelayKernelWebsocketConnection, "websocket_handler", FakeHandler(),
                        raising=False)
    conn.connect()
    assert calls == [("nodelay", True), ("connect",)]


def test_install_server_config_merges(tmp_path):
    etc = tmp_path / "etc" / "jupyter"
    etc.mkdir(parents=True)
    (etc / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {"port": 1234}}))
    target = serving.install_server_config(str(tmp_path))
    config = json.loads(target.read_text())
    assert config["ServerApp"]["port"] == 1234
    assert config["ServerApp"]["kernel_websocket_connection_class"] == serving.CONNECTION_CLASS
    assert config["VoilaConfiguration"]["strip_sources"] is True


def test_serve_refuses_a_folder_without_index(tmp_path):
    with pytest.raises(SystemExit, match="no lesson index"):
        serving.serve(tmp_path)


def test_executor_waits_for_outputs_under_load():
    # nbclient's 4 s default dropped widget outputs from preheated pages when kernels were starved of CPU
    assert serving.voila_config()["VoilaExecutor"]["iopub_timeout"] >= 30


def _installed_widget_frontend() -> list:
    import sys
    from pathlib import Path
    static = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyter-widgets" / "jupyterlab-manager"
    return [p.read_text(encoding="utf-8", errors="replace") for p in (static / "static").glob("*.js")]


def test_installed_widget_frontend_does_not_give_up_on_models_after_two_seconds():
    """jupyterlab_widgets 3.0.17 polls get_model() for 2 s and then throws; under Voilà that shows "Error
    displaying widget: model not found" on heavy or slow pages. The pinned front-end must answer at once."""
    import re
    sources = _installed_widget_frontend()
    assert sources, "the @jupyter-widgets/jupyterlab-manager labextension is not installed"
    bodies = [m.group(0) for src in sources for m in re.finditer(r"get_model\(\w+\)\s*\{.{0,300}", src, re.S)]
    assert bodies, "no get_model() found in the installed widget front-end"
    polling = [b for b in bodies if "Date.now()" in b]
    assert not polling, f"the widget front-end polls for models with a deadline: {polling[0][:200]}"


def test_club_settings_close_what_a_hostile_visitor_used():
    c = serving.voila_config()
    assert c["VoilaConfiguration"]["allow_theme_override"] == "NO"       # ?theme= was reflected unescaped
    assert c["VoilaConfiguration"]["allow_template_override"] == "NO"
    assert c["KernelManager"]["transport"] == "ipc"                       # no TCP port race between kernels
    assert c["MappingKernelManager"]["cull_idle_timeout"] <= 180          # a kernel nobody opened goes soon


def test_host_header_parsing_and_checks():
    from tutor.server_guards import allowed_hosts, host_is_allowed, host_of
    assert host_of("Example.ORG:8866") == "example.org"
    assert host_of("[::1]:8866") == "::1" and host_of("10.0.0.5") == "10.0.0.5"
    local = allowed_hosts("127.0.0.1")
    assert host_is_allowed("127.0.0.1:8866", local) and host_is_allowed("localhost:1", local)
    assert host_is_allowed("[::1]:8866", local) and host_is_allowed("127.8.9.10", local)
    assert not host_is_allowed("evil.example:8866", local)
    assert not host_is_allowed("192.168.1.5:8866", local), "a loopback-only server has no LAN address"
    club = allowed_hosts("0.0.0.0", ["tutor.club"])
    assert host_is_allowed("tutor.club:8866", club) and not host_is_allowed("evil.example", club)
    import socket
    assert host_is_allowed(socket.gethostname(), club)
    assert host_is_allowed("192.168.7.7", allowed_hosts("192.168.7.7"))


def test_room_full_page_speaks_every_language_and_counts():
    from tutor.server_guards import room_full_page
    page = room_full_page(12)
    assert page.count("12") >= 3 and 'lang="ru"' in page and 'lang="uk"' in page and "<script" not in page


def test_kernels_started_by_the_server_keep_tracebacks_out_of_pages(tmp_path):
    """The IPython profile the server hands its kernels: the startup file installs tutor.kernel_quiet, and
    ipykernel no longer forwards the kernel's own stderr to the page."""
    root = serving.quiet_ipython_dir()
    startup = (root / "profile_default" / "startup" / "00-tutor-quiet.py").read_text()
    assert "tutor.kernel_quiet.install()" in startup
    config = (root / "profile_default" / "ipython_kernel_config.py").read_text()
    assert "capture_fd_output = False" in config


def test_quiet_kernel_reports_to_the_log_not_the_page(capfd):
    import sys

    from IPython.core.interactiveshell import InteractiveShell

    from tutor import kernel_quiet
    shell = InteractiveShell.instance()
    saved = sys.stderr
    try:
        assert kernel_quiet.install() and kernel_quiet.install()      # idempotent
        try:
            raise ValueError("a bad widget message")
        except ValueError:
            shell.showtraceback()
        assert sys.stderr is sys.__stderr__
    finally:
        sys.stderr = saved
        InteractiveShell.clear_instance()
    err = capfd.readouterr().err
    assert "a bad widget message" in err and "not told about" in err


def test_the_page_template_gets_its_words_from_the_catalogues():
    """The page template's notice for a kernel gone before the page connected speaks the page's language: its
    words come through a Jinja filter set in both ways of serving (standalone and as a server extension)."""
    from traitlets.utils.importstring import import_item

    from tutor.core.i18n import text
    from tutor.serving import TEMPLATE, TEMPLATES_ROOT, server_extension_config, voila_config
    filters = voila_config()["VoilaExporter"]["filters"]
    assert server_extension_config()["VoilaExporter"]["filters"] == filters
    template = (TEMPLATES_ROOT / "voila" / "templates" / TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    for name, path in filters.items():
        assert f'"{name}" is filter' in template, "a server without the filter must still serve the page"
        for lang in ("en", "ru", "uk"):
            assert import_item(path)("page.lost", lang) == text("ui.page.lost", lang)


def test_only_a_visit_of_the_page_is_worth_a_kernel():
    """Fetch Metadata tells a tab opening a lesson from a foreign page's frame, image or fetch of it."""
    from tutor.server_guards import is_a_visit
    visits = [
        {},                                                                          # curl, an older browser
        {"Sec-Fetch-Dest": "document", "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate"},   # typed in
        {"Sec-Fetch-Dest": "document", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"},  # a link
        {"Sec-Fetch-Dest": "document", "Sec-Fetch-Site": "same-origin"},             # the index's link
        {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "same-origin"},
    ]
    loads = [
        {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "same-site"},                 # another port, same host
        {"Sec-Fetch-Dest": "image", "Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Dest": "empty", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"},   # fetch()
        {"Sec-Fetch-Dest": "script", "Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Dest": "document", "Sec-Fetch-Site": "cross-site", "Sec-Purpose": "prefetch"},
        {"Purpose": "prefetch"},
    ]
    assert all(is_a_visit(h) for h in visits), [h for h in visits if not is_a_visit(h)]
    assert not any(is_a_visit(h) for h in loads), [h for h in loads if is_a_visit(h)]


def test_a_frame_of_a_foreign_page_is_told_to_open_the_lesson_in_its_own_tab():
    from tutor.server_guards import not_a_visit_page
    page = not_a_visit_page()
    assert "own tab" in page and "отдельной вкладке" in page and "окремій вкладці" in page
