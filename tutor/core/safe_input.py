"""Reading what a visitor or an author hands the tutor (a saved position, a lesson file) without letting it
hurt the process: depth and size limits for JSON, no YAML aliases, readable text only. Each refusal is a
plain sentence for the caller's own error type; a saved position's refusals (load_json) are Words, said in the
page's language (ui.saved.* in tutor/locale), an author's (load_yaml) are English."""

from __future__ import annotations

import json
from typing import Any, Callable, Optional

import yaml
from yaml.nodes import Node

from tutor.core.wording import Words

# A saved 6-player position is ~5 KB. Counted in UTF-8 bytes, the measure a browser can take of a pasted text
# before sending it (TextEncoder): a play table's page refuses a longer paste itself, with the same words, so
# a 10 MB paste never crosses the websocket (past its 10 MiB limit the server drops the whole connection).
MAX_SAVED_BYTES = 200_000


def too_long(text: str | bytes) -> bool:
    """Whether `text` (str or bytes) is longer than any saved position: more than MAX_SAVED_BYTES in UTF-8."""
    if isinstance(text, str):
        if len(text) * 4 <= MAX_SAVED_BYTES:       # no character takes more than 4 bytes
            return False
        return len(text.encode("utf-8", "surrogatepass")) > MAX_SAVED_BYTES
    return len(text) > MAX_SAVED_BYTES


class InputProblem(ValueError):
    """What is wrong with the input, in one plain sentence: str() is the English, `words` says it in any
    language (tutor.core.wording.Words, or the English text itself)."""

    def __init__(self, problem: Words | str) -> None:
        self.words = problem
        super().__init__(str(problem))


# json's own reasons (CPython's decoder), each said in the reader's language; any other is "a syntax error"
_JSON_REASONS = {
    "Expecting value": "value", "Expecting property name enclosed in double quotes": "name",
    "Expecting ':' delimiter": "colon", "Expecting ',' delimiter": "comma", "Extra data": "extra",
    "Unterminated string starting at": "unterminated", "Invalid control character at": "control",
    "Invalid \\escape": "escape", "Invalid \\uXXXX escape": "unicode",
}


def _json_reason(msg: str) -> Callable[[str], str]:
    slug = _JSON_REASONS.get(msg)
    if slug is not None:
        return Words(f"ui.saved.json.{slug}")
    return lambda lang: msg if lang == "en" else Words("ui.saved.json.other").said(lang)


def _grouped(n: int) -> Callable[[str], str]:
    # 200,001 in English; 200 001 (a no-break space between groups) in Russian and Ukrainian: the locale's own way
    from babel.numbers import format_decimal
    return lambda lang: str(format_decimal(n, locale=lang))


def load_json(text: str | bytes) -> Any:
    """Parse untrusted JSON text; raises InputProblem when it is too long, too deeply nested or not JSON."""
    if too_long(text):
        raise InputProblem(Words("ui.saved.too_long", len(text), size=_grouped(len(text))))
    if isinstance(text, bytes):
        try:
            said = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputProblem(Words("ui.saved.not_text")) from None
    else:
        said = text
    try:
        return json.loads(said)
    except json.JSONDecodeError as exc:
        raise InputProblem(Words("ui.saved.not_json", why=_json_reason(exc.msg), line=exc.lineno)) from None
    except RecursionError:       # the parser's own guard against brackets nested thousands deep
        raise InputProblem(Words("ui.saved.too_deep")) from None


class _NoAliasLoader(yaml.SafeLoader):
    """YAML without anchors and aliases: lesson files never need them, and aliases can expand a small file
    into a huge one (the "billion laughs")."""

    def compose_node(self, parent: Optional[Node], index: int) -> Optional[Node]:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()   # type: ignore[no-untyped-call]  # untyped in types-PyYAML's parser.pyi
            raise yaml.composer.ComposerError(
                None, None, "anchors and aliases (&name / *name) are not allowed in lesson files",
                event.start_mark)
        return super().compose_node(parent, index)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        # a key written twice: YAML keeps the last and drops the first without a word (a step's second "highlight:"
        # silently replaced the first); an author is told instead
        seen: set[Any] = set()
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=deep)
            if isinstance(key, (str, int)) and key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is written twice in one mapping", key_node.start_mark)
            if isinstance(key, (str, int)):
                seen.add(key)
        return super().construct_mapping(node, deep)


def load_yaml(raw: bytes | str) -> Any:
    """Parse an author's YAML file content; raises InputProblem for non-UTF-8 text, aliases or bad YAML."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise InputProblem(f"it is not UTF-8 text (byte {exc.start})") from None
    try:
        return yaml.load(text, Loader=_NoAliasLoader)    # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise InputProblem(f"it is not valid YAML: {exc}") from None
