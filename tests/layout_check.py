"""What every board layout keeps (tutor.core.svg.LAYOUTS, issue #24), checked on an SVG text: for the games' layout
tests (tests/games/test_<game>_layouts.py) and the generic ones.

    problems = layout_problems(svg, "phone")      # [] when the board keeps its layout's promises
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tutor.core.svg import layout_of

SVG_NS = "{http://www.w3.org/2000/svg}"
_SIZE = re.compile(r"font-size\s*:\s*([0-9.]+)")


def viewbox(root) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in root.get("viewBox").replace(",", " ").split())
    return x, y, w, h


def font_sizes(root) -> list[float]:
    sizes = []
    for el in root.iter():
        if el.get("font-size"):
            sizes.append(float(el.get("font-size").replace("px", "")))
        for m in _SIZE.finditer(el.get("style") or ""):
            sizes.append(float(m.group(1)))
    return sizes


def printed_sizes(root) -> list[float]:
    """The font size each piece of printed text is drawn at (its own or the nearest ancestor's)."""
    out = []

    def walk(el, size):
        own = el.get("font-size")
        if own:
            size = float(own.replace("px", ""))
        m = _SIZE.search(el.get("style") or "")
        if m:
            size = float(m.group(1))
        tag = el.tag.replace(SVG_NS, "")
        if tag in ("text", "tspan", "textPath") and (el.text or "").strip():
            out.append(size)
        for child in el:
            walk(child, size)

    walk(root, 16.0)
    return out


def choice_rects(root) -> list[tuple[str, float, float]]:
    """(key, width, height) of each choosable element's button rect laid over a board (tutor.core.svg.offers)."""
    out = []
    for el in root.iter():
        if el.get("data-choice"):
            rect = el.find(SVG_NS + "rect")
            out.append((el.get("data-key"), float(rect.get("width")), float(rect.get("height"))))
    return out


def layout_problems(svg: str, layout: str) -> list[str]:
    spec = layout_of(layout)
    root = ET.fromstring(svg)
    problems = []
    if root.get("data-layout") != spec.name:
        problems.append(f"data-layout is {root.get('data-layout')!r}, not {spec.name!r}")
    _x, _y, w, h = viewbox(root)
    if abs(w - spec.width) > 0.5:
        problems.append(f"viewBox width {w:g}, the {spec.name} layout is {spec.width} units wide")
    if spec.max_height is not None and h > spec.max_height:
        problems.append(f"{h:g} units tall, the {spec.name} layout holds {spec.max_height}")
    small = sorted(s for s in printed_sizes(root) if s < spec.min_print)
    if small:
        problems.append(f"{len(small)} texts printed under {spec.min_print} units (smallest {small[0]:g})")
    return problems
