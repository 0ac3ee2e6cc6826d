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
