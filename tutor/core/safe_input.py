"""Reading what a visitor or an author hands the tutor (a saved position, a lesson file) without letting it
hurt the process: depth and size limits for JSON, no YAML aliases, readable text only. Each refusal is a
plain sentence for the caller's own error type."""

from __future__ import annotations

import json

import yaml

MAX_SAVED_CHARS = 200_000      # a saved 6-player position is ~5 KB


class InputProblem(ValueError):
    """What is wrong with the input, in one plain sentence."""


def load_json(text):
    """Parse untrusted JSON text; raises InputProblem when it is too long, too deeply nested or not JSON."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputProblem("it is not text (UTF-8)") from None
    if len(text) > MAX_SAVED_CHARS:
        raise InputProblem(f"it is too long ({len(text):,} characters; a saved position has a few thousand)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputProblem(f"it is not JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:       # the parser's own guard against brackets nested thousands deep
        raise InputProblem("it is nested thousands of levels deep, which no position is") from None


class _NoAliasLoader(yaml.SafeLoader):
    """YAML without anchors and aliases: lesson files never need them, and aliases can expand a small file
    into a huge one (the "billion laughs")."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "anchors and aliases (&name / *name) are not allowed in lesson files",
                event.start_mark)
        return super().compose_node(parent, index)


def load_yaml(raw: bytes):
    """Parse an author's YAML file content; raises InputProblem for non-UTF-8 text, aliases or bad YAML."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise InputProblem(f"it is not UTF-8 text (byte {exc.start})") from None
    try:
        return yaml.load(text, Loader=_NoAliasLoader)    # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise InputProblem(f"it is not valid YAML: {exc}") from None
