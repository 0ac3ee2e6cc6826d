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
