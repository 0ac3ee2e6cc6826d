"""The Мяури sandbox's form on a phone (issue #32): one control a line, each with its own label."""

import ipywidgets as W
import pytest

from tutor.games.maui.sandbox import LagoonSandbox


def _controls(widget):
    """Every drop-down and checkbox in the form, in order, and every box that holds them."""
    controls, boxes = [], []
    for child in widget.children:
        if isinstance(child, (W.Dropdown, W.Checkbox)):
            controls.append(child)
        elif isinstance(child, W.Box):
            boxes.append(child)
            more, inner = _controls(child)
            controls += more
            boxes += inner
    return controls, boxes


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_control_has_its_own_line_and_its_own_label(lang):
    """On a phone the drop-downs ran into each other and two checkboxes showed one label: now no two controls
    share a row (no HBox), every control takes the line's width with its label free to wrap above it, and no two
    labels are the same (a diver's pile names the diver)."""
    sandbox = LagoonSandbox(players=4, lang=lang)
    controls, boxes = _controls(sandbox)
    assert len(controls) == 3 + 2 + 2 + 2 * 4
    assert not [b for b in boxes if isinstance(b, W.HBox)]
    labels = [c.description for c in controls]
    assert all(labels) and len(set(labels)) == len(labels), labels
    for c in controls:
        wrap = "row wrap" if isinstance(c, W.Dropdown) else "row"      # a checkbox keeps its words beside it
        assert c.layout.width == "auto" and c.layout.flex_flow == wrap, c.description
        assert c.layout.height == "auto", c.description        # a phone's 44 px controls fit their line
        assert c.style.description_width == "initial", c.description
