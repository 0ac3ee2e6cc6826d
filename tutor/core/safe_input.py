"""Reading what a visitor or an author hands the tutor (a saved position, a lesson file) without letting it
hurt the process: depth and size limits for JSON, no YAML aliases, readable text only. Each refusal is a
plain sentence for the caller's own error type."""

from __future__ import annotations

import json

import yaml

# A saved 6-player position is ~5 KB. Counted in UTF-8 bytes, the measure a browser can take of a pasted text
# before sending it (TextEncoder): a play table's page refuses a longer paste itself, with the same words, so
# a 10 MB paste never crosses the websocket (past its 10 MiB limit the server drops the whole connection).
MAX_SAVED_BYTES = 200_000


def too_long(text) -> bool:
    """Whether `text` (str or bytes) is longer than any saved position: more than MAX_SAVED_BYTES in UTF-8."""
    if isinstance(text, str):
        if len(text) * 4 <= MAX_SAVED_BYTES:       # no character takes more than 4 bytes
            return False
        text = text.encode("utf-8", "surrogatepass")
    return len(text) > MAX_SAVED_BYTES


class InputProblem(ValueError):
    """What is wrong with the input, in one plain sentence."""


def load_json(text):
    """Parse untrusted JSON text; raises InputProblem when it is too long, too deeply nested or not JSON."""
    if too_long(text):
        raise InputProblem(f"it is too long ({len(text):,} characters; a saved position has a few thousand)")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputProblem("it is not text (UTF-8)") from None
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
