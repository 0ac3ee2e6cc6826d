"""Small SVG helpers every game's renderer shares: the drawing, cards, labels, highlights, title/desc.

Renderers are pure functions from a view dict to SVG text (like python-chess's `chess.svg.board`).
These helpers keep the common look in one place:

- styling is written as presentation attributes, never as a `<style>` sheet, because an inline SVG
  in a notebook shares the page's CSS: a stylesheet inside it would restyle the whole page;
- `class` attributes are semantic markers ("highlight", "event", "card") that tests and widgets can
  find; they carry no styling of their own;
- colour never carries meaning alone: a coloured mark always comes with a number, a letter or a
  shape (`mark`), and highlights are a thick dashed ring, readable in greyscale too.
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Optional, Protocol, TypeVar

import xml.etree.ElementTree as _ET   # its escaping, so the text is svgwrite's (svgwrite patches only CDATA)

from tutor.core import svgdom

# svgwrite itself is imported only where its own elements are drawn or written (tests compare both ways): its
# package builds a pyparsing grammar on import, about an eighth of a lesson kernel's start, which the light
# elements never need.

# A drawing and its elements are svgdom's light ones or svgwrite's own (ELEMENTS), and svgwrite is untyped: both are
# Any here, under these two names.
Drawing = Any
SvgElement = Any


class _Attributed(Protocol):
    def __setitem__(self, key: str, value: Any) -> None: ...


A = TypeVar("A", bound=_Attributed)

_escape_attrib = _ET._escape_attrib  # type: ignore[attr-defined]  # ElementTree's own escaping: the same text
_escape_text = _ET._escape_cdata  # type: ignore[attr-defined]

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"   # DejaVu has Cyrillic and Ukrainian letters
INK = "#1f2933"
MUTED = "#52606d"
PAPER = "#fffdf7"
HIGHLIGHT = "#ffb300"      # amber: reads on blue water and on every seat colour
EVENT = "#e4572e"          # what just happened
HIGHLIGHT_STYLE = {"fill": "none", "stroke": HIGHLIGHT, "stroke_width": 5, "stroke_dasharray": "10 5",
                   "stroke_linejoin": "round"}
EVENT_STYLE = {"fill": "none", "stroke": EVENT, "stroke_width": 4, "stroke_linejoin": "round"}


# "light": tutor.core.svgdom's elements; "svgwrite": svgwrite's own (tests/test_svg.py draws both ways and compares)
ELEMENTS = "light"


def new_drawing() -> Drawing:
    """An empty drawing, the element factory every renderer draws with (`dwg.rect(...)`): svgdom's light one,
    or svgwrite's own (without its attribute checks) when ELEMENTS says so."""
    if ELEMENTS == "light":
        return svgdom.Drawing()
    import svgwrite
    return svgwrite.Drawing(debug=False, profile="full")


def drawing(width: float, height: float, *, title: str, desc: str, label: str = "board") -> Drawing:
    """A scalable drawing (viewBox, no fixed size) with an accessible title and description."""
    dwg = new_drawing()
    # no width/height: the picture takes its container's width and keeps its aspect ratio
    dwg.attribs.pop("width", None)
    dwg.attribs.pop("height", None)
    dwg.viewbox(0, 0, width, height)
    dwg["role"] = "img"
    dwg["aria-label"] = title
    dwg["class"] = f"tutor-{label}"
    dwg["font-family"] = FONT
    # how tall the board may grow on a wide screen to keep its print readable (see DESK_LABEL_PX)
    dwg["style"] = f"--tutor-min-height: {math.ceil(height * DESK_LABEL_PX / ELEMENT_PRINT)}px"
    dwg.set_desc(title=title, desc=desc)
    return dwg


# Layouts (issue #24): each board is laid out for the width it is drawn at, not one drawing scaled down. A renderer's
# `layout=` names one of these; its SVG is `width` units wide (viewBox) and says `data-layout="<name>"`, and the page
# draws one unit at about one CSS px (tutor.css: a phone board fills its box, a laptop or projector board is drawn at
# most `max_scale` times its width), so the print and the tap targets below hold on screen.
class Layout(NamedTuple):
    name: str
    width: int               # viewBox width in units: about the narrowest box (CSS px) this layout is drawn in
    min_print: float         # the smallest font-size in units (>= 9 CSS px on screen)
    min_target: float        # the smallest side, in units, of a board element the learner taps or clicks
    max_height: Optional[int]    # the tallest board, in units, that leaves the narration and the step buttons in view
    max_scale: float         # the most one unit is drawn at (a wide column does not blow the board up)


LAYOUTS = {
    # a phone, 360-430 px: the board fills the box, one unit about one px; what must be seen at once comes first
    "phone": Layout("phone", 360, 9.5, 46, None, 1.2),
    # a laptop column, 760-1,000 px on a 1280x800 screen: the board, the narration and the buttons on one screen
    "laptop": Layout("laptop", 760, 9, 24, 520, 1.05),
    # a projector, 1,600 px and up, read from across a room: bigger print, the whole table on a 1080-px screen
    "projector": Layout("projector", 1600, 14, 24, 820, 1.2),
}
DEFAULT_LAYOUT = "laptop"
# A game's boards on a projector print at least this (issue #32: 14 units came out at 13.6 px on a 1,920-px screen,
# and 16 at 15.6 px, against the narration's 29 px: all five readers of 2026-12-05 put the boards' print first).
# Not the layout's own min_print yet: each game raises its print itself (issue #36 gives the layouts one vocabulary).
PROJECTOR_PRINT = 20
# ... but Мяури's table, Aqua Fest's seabed and shells and Паперові океани's board for three or four players are built
# on 16 units: at 18 their words ran into each other and out of the board. They print this until their projector
# geometry is drawn again (issue #36); a new game's board meets PROJECTOR_PRINT.
PROJECTOR_PRINT_TIGHT = 16


# A phone's board print where the game's board is laid out for it (Паперові океани, Острів котів, Козырные киты):
# every phone reader of the 2026-12-04 reviews found 9.5 units (9.5 px) too small for the numbers read mid-game, the
# cards' scoring strips first; at 10.5 three readers of stop 52 still measured the labels a move depends on (a bonus's
# strip, a row's count) at 10.5 px: 11.5. Мяури's and Aqua Fest's phone boards still print from the layout's
# min_print: at 10.5 their badges and event signs run into their neighbours (issue #36 gives the layouts one
# vocabulary).
PHONE_PRINT = 11.5


def board_print(layout: Layout, tight: bool = False) -> float:
    """print_floor, and PHONE_PRINT on a phone: the smallest print of a board laid out for it."""
    return max(PHONE_PRINT, layout.min_print) if layout.name == "phone" else print_floor(layout, tight)


def print_floor(layout: Layout, tight: bool = False) -> float:
    """The smallest print (units) a game's board uses in `layout`: the layout's, PROJECTOR_PRINT on a projector
    (PROJECTOR_PRINT_TIGHT for a board whose projector geometry is still built on it: `tight`)."""
    if layout.name != "projector":
        return layout.min_print
    return max(PROJECTOR_PRINT_TIGHT if tight else PROJECTOR_PRINT, layout.min_print)


def layout_of(name: Optional[str]) -> Layout:
    """The Layout named `name` (None: the default); an unknown name is a ValueError naming the known ones."""
    try:
        return LAYOUTS[name or DEFAULT_LAYOUT]
    except KeyError:
        raise ValueError(f"unknown board layout {name!r}: one of {', '.join(LAYOUTS)}") from None


def layout_for_width(px: float) -> str:
    """The layout for a board box `px` CSS px wide: a phone below 760 px (a laptop board would print under 9 px
    there), a projector from 1,500 px."""
    if px < 760:
        return "phone"
    return "projector" if px >= 1500 else "laptop"


# The smallest print (in drawing units) a card board's labels squeeze down to before they are shortened instead
# (tutor.core.cardtable, and the card faces of Козырные киты and Острів котів)
SMALL_PRINT = 7.33
_FONT_SIZE = re.compile(r'font-size="([0-9.]+)"')


# On a wider screen a board fills its column but is kept under 70% of the window's height, so a projected board
# shows whole. A tall board (four players' panels) would then shrink until its small print could not be read: a
# text-SVG board given its height says, in --tutor-min-height, the height below which its smallest print would
# fall under DESK_LABEL_PX, and tutor.css lets it grow that tall (the page scrolls instead).
DESK_LABEL_PX = 9
ELEMENT_PRINT = 7.5      # the smallest label (in units) of a board drawn as elements (Мяури, Aqua Fest)


def height_floor(height: float, body: str) -> str:
    """The style (text) of a text-SVG board `height` units tall whose markup is `body`: the height below which its
    smallest print would fall under DESK_LABEL_PX on screen (a board with no layout is capped at 70% of the window
    above that floor; a laid-out board, tutor.css, is not capped)."""
    smallest = min(map(float, _FONT_SIZE.findall(body)), default=0)
    return f"--tutor-min-height: {math.ceil(height * DESK_LABEL_PX / smallest)}px" if smallest > 0 else ""


def to_string(element: SvgElement) -> str:
    """The SVG text of a drawing (or any svgwrite element), the very text svgwrite's `tostring()` gives.

    svgwrite builds a whole ElementTree and then serialises it, which took most of a render's time; this writes
    the same markup straight from svgwrite's own elements (attributes sorted, None and "" left out, the same
    escaping). An element kind it does not know is handed to svgwrite whole, so the text never differs.
    """
    if getattr(element, "debug", False) or getattr(element, "profile", "full") == "tiny":
        said: str = element.tostring()     # svgwrite checks (debug) or rounds (tiny) values as it writes them
        return said
    out: list[str] = []
    _write(element, out.append)
    return "".join(out)


_ESCAPED: dict[str, str] = {}   # attribute text -> escaped: colours, fonts, anchors and classes recur on every board


def _attributes(attribs: Mapping[str, Any]) -> str:
    """' name="value"' for each attribute, sorted by name, None and "" left out, as ElementTree writes them."""
    parts: list[str] = []
    for name, value in sorted(attribs.items()):
        if value is None:
            continue
        kind = type(value)
        if kind is int or kind is float:     # str() of a number needs no escaping (f"{x}" is str(x) for both)
            parts.append(f' {name}="{value}"')
            continue
        value = str(value)
        if value:
            escaped = _ESCAPED.get(value)
            if escaped is None:
                escaped = _escape_attrib(value)
                if len(_ESCAPED) < 65536:
                    _ESCAPED[value] = escaped
            parts.append(f' {name}="{escaped}"')
    return "".join(parts)


def _write(el: SvgElement, write: Callable[[str], object]) -> None:
    kind = type(el)
    how = _HOW.get(kind)
    if how is None:
        how = _HOW[kind] = _how(kind)
    if how == "base":   # most elements: attributes and children, nothing else
        tag = el.elementname
        children = el.elements
        if children:
            write(f"<{tag}{_attributes(el.attribs)}>")
            for child in children:
                _write(child, write)
            write(f"</{tag}>")
        else:
            write(f"<{tag}{_attributes(el.attribs)} />")
        return
    if how == "title" or how == "words":
        words = el.xml.text if how == "title" else el.text
        write(f"<{el.elementname}>{_escape_text(words)}</{el.elementname}>" if words else f"<{el.elementname} />")
        return
    if how == "svgwrite":
        from svgwrite.etree import etree   # ElementTree with svgwrite's CDATA patch (an svgwrite element: loaded)
        write(etree.tostring(el.get_xml(), encoding="unicode"))
        return
    if how == "path":
        el.attribs["d"] = str(svgdom.strlist(el.commands, " "))
    elif how == "points":
        el.attribs["points"] = el.points_to_string(el.points)
    elif how == "drawing":
        el.attribs.update({"xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
                           "xmlns:ev": "http://www.w3.org/2001/xml-events", "baseProfile": el.profile,
                           "version": el.version})
    elif how == "use":
        el.update_id()
    tag = el.elementname
    parts = [f"<{tag}", _attributes(el.attribs)]
    text = str(el.text) if how == "text" else ""
    content = el._content if how == "script" else ""
    if text or content or el.elements:
        parts.append(">")
        if text:
            parts.append(_escape_text(text))
        write("".join(parts))
        for child in el.elements:
            _write(child, write)
        if content:
            write(f"<![CDATA[{content}]]>")
        write(f"</{tag}>")
    else:
        parts.append(" />")
        write("".join(parts))


def _how(kind: type[Any]) -> str:
    """How to write an element class: by the base rules, with a twist, or by svgwrite itself."""
    if issubclass(kind, (svgdom.Element, svgdom.Title)):
        how: str = kind.how
        return how
    from svgwrite import base, container, drawing, path, shapes, text
    twists = {drawing.Drawing: "drawing", path.Path: "path", shapes.Polyline: "points", shapes.Polygon: "points",
              text.TSpan: "text", text.Text: "text", container.Use: "use", base.Title: "title", base.Desc: "title",
              container.Script: "script", container.Style: "script"}
    if kind in twists:
        return twists[kind]
    if kind.get_xml is base.BaseElement.get_xml and kind.value_to_string is base.BaseElement.value_to_string:
        return "base"
    return "svgwrite"


_HOW: dict[type, str] = {}


def data(element: A, **values: object) -> A:
    """Set `data-*` attributes (underscores become dashes); None values are skipped. Returns element."""
    for key, value in values.items():
        if value is not None:
            element["data-" + key.replace("_", "-")] = str(value)
    return element


def classes(*names: Optional[str]) -> str:
    return " ".join(n for n in names if n)


def parse_highlight(highlight: Iterable[str] | str | None) -> set[str]:
    """Normalise a highlight argument ("cell:deep", ["seat:2", "kiti"]) to a set of strings."""
    if not highlight:
        return set()
    if isinstance(highlight, str):
        highlight = [highlight]
    return {str(h).strip() for h in highlight if str(h).strip()}


def contrast(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour` (#rrggbb)."""
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else "#ffffff"


def label(dwg: Drawing, text: object, x: float, y: float, *, size: float = 12, anchor: str = "start", weight: str = "normal",
          fill: str = INK, cls: Optional[str] = None, **extra: Any) -> SvgElement:
    """A text label. `y` is the baseline."""
    attrs: dict[str, Any] = {"insert": (round(x, 1), round(y, 1)), "font_size": size, "fill": fill}
    if anchor != "start":
        attrs["text_anchor"] = anchor
    if weight != "normal":
        attrs["font_weight"] = weight
    if cls:
        attrs["class"] = cls
    attrs.update(extra)
    return dwg.text(str(text), **attrs)


def card(dwg: Drawing, x: float, y: float, w: float, h: float, *, fill: str = PAPER, stroke: str = INK,
         radius: Optional[float] = None, stroke_width: float = 1.2, cls: Optional[str] = "card",
         **extra: Any) -> SvgElement:
    """A card outline: a rounded rectangle with proportions the renderer chooses."""
    r = round(min(w, h) * 0.12, 1) if radius is None else radius
    attrs: dict[str, Any] = {"insert": (round(x, 1), round(y, 1)), "size": (round(w, 1), round(h, 1)), "rx": r, "ry": r,
             "fill": fill, "stroke": stroke, "stroke_width": stroke_width}
    if cls:
        attrs["class"] = cls
    attrs.update(extra)
    return dwg.rect(**attrs)


def ring(dwg: Drawing, x: float, y: float, w: float, h: float, *, kind: str = "highlight", pad: float = 4,
         radius: float = 10, target: Optional[str] = None) -> SvgElement:
    """A highlight ring around a box: kind "highlight" (lesson pointer) or "event" (just happened)."""
    style = HIGHLIGHT_STYLE if kind == "highlight" else EVENT_STYLE
    r = dwg.rect(insert=(round(x - pad, 1), round(y - pad, 1)), size=(round(w + 2 * pad, 1), round(h + 2 * pad, 1)),
                 rx=radius, ry=radius, **style)
    r["class"] = kind
    if target:
        r["data-target"] = target
    return r


def mark(dwg: Drawing, x: float, y: float, r: float, *, colour: str, text: str, size: Optional[float] = None,
         stroke: str = INK, cls: Optional[str] = None) -> SvgElement:
    """A coloured disc with a number or letter in it: colour paired with a symbol, never alone."""
    g = dwg.g(class_=cls) if cls else dwg.g()
    g.add(dwg.circle(center=(round(x, 1), round(y, 1)), r=r, fill=colour, stroke=stroke, stroke_width=1.2))
    g.add(label(dwg, text, x, y + (size or r) * 0.36, size=size or r * 1.1, anchor="middle", weight="bold",
                fill=contrast(colour)))
    return g


def badge(dwg: Drawing, text: object, x: float, y: float, *, fill: str = INK, colour: str = "#ffffff", size: float = 11,
          anchor: str = "middle", cls: Optional[str] = None) -> SvgElement:
    """A small pill with text (a count, "×3", "NEW"); width follows the text length roughly."""
    wide = sum(0.74 if ord(ch) > 0x2FF else 0.66 for ch in str(text))   # bold; Cyrillic runs wider
    w = max(size * 1.6, size * wide + size * 0.9)
    h = size * 1.45
    left = x - w / 2 if anchor == "middle" else x if anchor == "start" else x - w
    g = dwg.g(class_=cls) if cls else dwg.g()
    g.add(dwg.rect(insert=(round(left, 1), round(y - h / 2, 1)), size=(round(w, 1), round(h, 1)), rx=h / 2, ry=h / 2,
                   fill=fill))
    g.add(label(dwg, text, left + w / 2, y + size * 0.36, size=size, anchor="middle", weight="bold", fill=colour))
    return g


class Splice:
    """Pre-serialised SVG pieces spliced into a drawing in one pass at the end.

    svgwrite spends ~20 µs per element; a renderer that caches the text of pieces that repeat (a tile,
    a card) adds a placeholder with `slot(dwg, xml)` and calls `apply(text)` on the serialised drawing.
    """

    _SLOT = re.compile(r'<g data-splice="(\d+)" />')

    def __init__(self) -> None:
        self.parts: list[str] = []

    def slot(self, dwg: Drawing, xml: str) -> SvgElement:
        self.parts.append(xml)
        return dwg.g(**{"data-splice": str(len(self.parts) - 1)})

    def apply(self, text: str) -> str:
        if not self.parts:
            return text
        return self._SLOT.sub(lambda m: self.parts[int(m.group(1))], text)


def translated(x: float, y: float, xml: str) -> str:
    """`xml` (drawn at the origin) moved to (x, y): lets a cached piece be placed anywhere."""
    return f'<g transform="translate({round(x, 1)} {round(y, 1)})">{xml}</g>'


# ----------------------------------------------------------------------------- choosing on the board
#
# A widget passes a renderer `choosable={element key: choice id or Offer}` (tutor.widgets.board); the renderer
# lays a hit area over each element it draws under one of those keys. The page sends the id of the area
# clicked (or focused and pressed with Enter or Space); the widget maps it to an engine action. Nothing here
# decides what may be chosen. The thin ring shows what is choosable without hovering (a phone cannot hover);
# the page CSS thickens it on hover and keyboard focus.

CHOICE = "#2e86ab"         # the page's focus blue: what the learner may click


class Offer(NamedTuple):
    """One choosable element: the widget's choice id, what a screen reader says for it (the renderer names the
    element when empty), and for a step of a several-step choice whether it is chosen now (None: no toggle)."""

    id: str
    label: str = ""
    pressed: Optional[bool] = None
    # False: offered but not legal now (a play table's "not now" button): clicking it has the engine say why
    # not, and its ring is faint and dashed so the board does not read it as a move to make
    available: bool = True


def offers(choosable: Optional[Mapping[Any, Any]]) -> dict[str, Offer]:
    """Normalise `choosable` ({key: id} or {key: Offer}, or None) to {key: Offer}."""
    out: dict[str, Offer] = {}
    for key, offer in (choosable or {}).items():
        out[str(key)] = offer if isinstance(offer, Offer) else Offer(str(offer))
    return out


def interactive(dwg: Drawing) -> None:
    """A board with choosable elements is a group, not an image: an image's children are hidden from screen
    readers, and these are buttons."""
    dwg["role"] = "group"


def choice(dwg: Drawing, key: str, offer: Offer, x: float, y: float, w: float, h: float, *, label: str = "",
           radius: float = 6, ring: float = 1.6) -> SvgElement:
    """The hit area laid over the element drawn under `key` at (x, y, w, h): a focusable button (`data-choice`
    names the widget's choice) with a thin ring, and the element's name as its tooltip."""
    g = dwg.g(class_="choice")
    g["data-choice"] = offer.id
    g["data-key"] = key
    g["tabindex"] = "0"
    g["role"] = "button"
    name = offer.label or label
    if name:
        g["aria-label"] = name
        g.set_desc(title=name)
    if offer.pressed is not None:
        g["aria-pressed"] = "true" if offer.pressed else "false"
    area = dwg.rect(insert=(round(x, 1), round(y, 1)), size=(round(w, 1), round(h, 1)), rx=radius, ry=radius,
                    fill="#ffffff", fill_opacity=0, stroke=CHOICE if offer.available else MUTED,
                    stroke_width=ring * 2.2 if offer.pressed else ring)
    area["class"] = "choice-ring" if offer.available else "choice-ring unavailable"
    if not offer.available:
        area["stroke-dasharray"] = "3 3"
    g.add(area)
    return g
