"""A lazy part's placeholder module goes to the page compacted (tutor.widgets.common.compact_esm): no comment lines,
no indentation, every statement kept; a module whose indentation could be text is refused."""

from __future__ import annotations

import pytest

from tutor.widgets import common
from tutor.widgets.lazy import Reveal


def test_the_placeholder_module_keeps_its_code_without_its_comments():
    source = (common.STATIC / "reveal.js").read_text(encoding="utf-8")
    compact = common.compact_esm("reveal.js")
    code = [line.strip() for line in source.splitlines() if line.strip() and not line.strip().startswith("//")]
    assert compact.splitlines() == code
    assert "export default { render };" in compact and "IntersectionObserver" in compact
    assert len(compact) < 0.7 * len(source)
    assert Reveal().get_state()["_esm"] == compact


def test_a_multi_line_template_literal_is_not_compacted(tmp_path, monkeypatch):
    (tmp_path / "t.js").write_text("const a = `one\n    two`;\nexport default {};\n", encoding="utf-8")
    monkeypatch.setattr(common, "STATIC", tmp_path)
    with pytest.raises(ValueError, match="template literal"):
        common.compact_esm("t.js")


def test_a_lessons_placeholders_lean_on_the_pages_module():
    """Each placeholder once carried reveal.js in its state (~4 KB, ~45 a lesson: half the first render). Once a
    page widget is made, placeholders carry the small reveal_stub.js, and the page's module carries reveal.js once,
    its render left at globalThis.__tutorReveal under its own name (the page's render is the module's export)."""
    import ipywidgets as W
    from tutor.widgets.lazy import LazyPart, _PAGE_MADE
    from tutor.widgets.page import PageStatus
    name = lambda part: type(part.reveal).__name__       # noqa: E731  (a test elsewhere reloads the module)
    was = _PAGE_MADE[0]
    try:
        _PAGE_MADE[0] = False
        alone = LazyPart(lambda: W.HTML("x"), "more")
        assert name(alone) == "Reveal" and name(LazyPart(lambda: W.HTML("x"), "x", manual=True)) == "ManualReveal"
        page = PageStatus()
        shared, manual = LazyPart(lambda: W.HTML("x"), "more"), LazyPart(lambda: W.HTML("x"), "x", manual=True)
        assert name(shared) == "SharedReveal" and name(manual) == "SharedManualReveal"
        assert len(shared.reveal._esm) < 0.2 * len(alone.reveal._esm)
        module = page._esm
        assert module.count("globalThis.__tutorReveal = revealRender;") == 1
        assert module.count("function render(") == 1 and module.rstrip().endswith("export default { render };")
        assert "function revealRender({ model, el }, manual = false)" in module
    finally:
        _PAGE_MADE[0] = was
