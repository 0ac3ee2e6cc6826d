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


def layout_problems(svg: str, layout: str, floor: float | None = None) -> list[str]:
    """What breaks a layout's promises: its name, its width, its height, and print under `floor` (the layout's
    min_print unless a game promises more: tutor.core.svg.board_print)."""
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
    least = spec.min_print if floor is None else floor
    small = sorted(s for s in printed_sizes(root) if s < least)
    if small:
        problems.append(f"{len(small)} texts printed under {least:g} units (smallest {small[0]:g})")
    return problems


# --------------------------------------------------------------------------- words over words, rings over words

_TRANSLATE = re.compile(r"translate\(\s*([-0-9.]+)[ ,]+([-0-9.]+)\s*\)")


def text_boxes(root) -> list[tuple[str, float, float, float, float]]:
    """(words, left, top, right, bottom) of each printed <text>, placed through its groups' translates: its width
    the textLength it is narrowed to, else guessed from its font size (tutor.core.cardtable.em); from a capital's
    top (0.74 of the size over the baseline) to a descender's foot (0.2 under it)."""
    from tutor.core.cardtable import em
    out = []

    def walk(el, dx, dy, size, bold):
        m = _TRANSLATE.search(el.get("transform") or "")
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        if el.get("font-size"):
            size = float(el.get("font-size").replace("px", ""))
        if el.get("font-weight"):
            bold = el.get("font-weight") == "bold"
        tag = el.tag.replace(SVG_NS, "")
        words = (el.text or "").strip()
        if tag == "text" and words:
            x, y = dx + float(el.get("x", 0)), dy + float(el.get("y", 0))
            wide = float(el.get("textLength") or 0) or em(words, bold) * size
            anchor = el.get("text-anchor", "start")
            left = x - (wide if anchor == "end" else wide / 2 if anchor == "middle" else 0)
            out.append((words, left, y - 0.74 * size, left + wide, y + 0.2 * size))
        for child in el:
            walk(child, dx, dy, size, bold)

    walk(root, 0.0, 0.0, 16.0, False)
    return out


def _meet(a, b, slack: float) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def text_overlaps(svg: str, slack: float = 0.5) -> list[str]:
    """Pairs of printed words whose boxes (text_boxes) cross by more than `slack` units each way."""
    boxes = [(w, (l, t, r, b)) for w, l, t, r, b in text_boxes(ET.fromstring(svg))]
    out = []
    for i, (w1, a) in enumerate(boxes):
        for w2, b in boxes[i + 1:]:
            if _meet(a, b, slack):
                out.append(f"{w1!r} over {w2!r}")
    return out


def ring_band(rect) -> tuple:
    """(outer, inner) boxes of a ring's stroke: its rect grown and shrunk by half its stroke width."""
    x, y, w, h = (float(rect.get(a)) for a in ("x", "y", "width", "height"))
    half = float(rect.get("stroke-width") or 1) / 2
    return (x - half, y - half, x + w + half, y + h + half), (x + half, y + half, x + w - half, y + h - half)


def rings_over_text(svg: str, slack: float = 0.5) -> list[str]:
    """Words a highlight or event ring's stroke (class "highlight" or "event") runs across: the band between the
    ring's rect grown and shrunk by half its stroke width, against each text box."""
    root = ET.fromstring(svg)
    boxes = text_boxes(root)
    out = []
    for el in root.iter(SVG_NS + "rect"):
        if el.get("class") not in ("highlight", "event"):
            continue
        outer, inner = ring_band(el)
        for words, l, t, r, b in boxes:
            box = (l, t, r, b)
            inside = inner[0] <= l and inner[1] <= t and r <= inner[2] and b <= inner[3]
            if _meet(box, outer, slack) and not inside:
                out.append(f"{el.get('class')} ring on {el.get('data-target')} over {words!r}")
    return out
