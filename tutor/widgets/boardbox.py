"""One scale for boards shown in turn in one place: a worked example's frames, a task's board before and after."""

from __future__ import annotations

import math
import re
from typing import Iterable, Optional

_ROOT = re.compile(r"<svg\b[^>]*>")
_BOX = re.compile(r'viewBox="([-\d.]+)[ ,]+([-\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)"')
_HEIGHT = re.compile(r'(\s)height="[\d.]+"')
_PX = re.compile(r"(--tutor-min-height):\s*([\d.]+)px")

# the root <svg> tag's match, its viewBox's match, its --tutor-* sizes in px
Root = tuple[re.Match[str], re.Match[str], dict[str, float]]


def _root(svg: str) -> Optional[Root]:
    """(the root <svg> tag's match, its viewBox's match, its --tutor-* sizes in px), or None."""
    root = _ROOT.search(svg or "")
    if root is None:
        return None
    box = _BOX.search(root.group(0))
    return (root, box, {k: float(v) for k, v in _PX.findall(root.group(0))}) if box else None


def box_of(svgs: Iterable[str]) -> Optional[dict[str, float]]:
    """The box that holds every board of `svgs` at one scale, as play.js's holdBoardBox holds it: the width, the
    tallest height and the largest height floor (at that height); None if they differ in width."""
    known = [r for r in map(_root, svgs) if r]
    if not known or len({float(box.group(3)) for _root, box, _px in known}) > 1:
        return None
    tall = max(float(box.group(4)) for _root, box, _px in known)
    return {"width": float(known[0][1].group(3)), "height": tall,
            "floor": max(px.get("--tutor-min-height", 0) * tall / float(box.group(4)) for _root, box, px in known)}


def even_boards(svgs: list[str]) -> list[str]:
    """The boards of one example, drawn at one scale. tutor.css fits a board to its column under a height cap that
    a board's --tutor-min-height raises (its print stays readable); a taller frame, or one with smaller print, was
    drawn smaller than the frame before it (Козырные киты's tie at 30: 853 px wide, then 1,100 px). Each board's
    viewBox is made as tall as the tallest (the room below left blank), and each gets the largest height floor
    (at that height) of them all, so every frame's drawing has the same width on screen."""
    roots = [_root(svg) for svg in svgs]
    held = box_of(svgs) if sum(1 for r in roots if r) > 1 else None
    if held is None:
        return list(svgs)        # one board, or boards of different widths: nothing to match
    tall = held["height"]
    want = {"--tutor-min-height": held["floor"]}
    out = []
    for svg, found in zip(svgs, roots):
        if not found:
            out.append(svg)
            continue
        root, box, _px = found
        tag = root.group(0)
        tag = (tag[:box.start()] + f'viewBox="{box.group(1)} {box.group(2)} {box.group(3)} {tall:g}"'
               + tag[box.end():])
        tag = _PX.sub(lambda m: f"{m.group(1)}: {math.ceil(want[m.group(1)])}px", tag)
        tag = _HEIGHT.sub(f'\\1height="{tall:g}"', tag)        # a board that also says its size in attributes
        out.append(svg[:root.start()] + tag + svg[root.end():])
    return out
