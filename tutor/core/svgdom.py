"""Light SVG elements with svgwrite's interface, for the renderers that draw through one: the same text, faster.

svgwrite builds each element through a chain of mixins, keyword checks and a shared parameter object; a board
has several hundred elements, and building them took about half of a render. These classes keep only what
`tutor.core.svg.to_string` reads (`elementname`, `attribs`, `elements` and each kind's own content) and store
every attribute exactly as svgwrite stores it, so the text written is the same byte for byte
(tests/test_svg.py draws every kind, and every game's boards, both ways and compares them).

Only the element kinds and methods the renderers use are here; `svg.drawing()` returns a `Drawing`.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Optional, Sequence, TypeVar, Union

# an attribute's value as svgwrite takes it: a number, or text with its unit ("100%"); a point is two of them
Length = Union[float, str]
Pair = Sequence[Length]
E = TypeVar("E", bound="Element | Title")      # what `add` was given is what it returns


# svgwrite.utils' strlist and iterflatlist, as they are (svgwrite 1.4, MIT licence): importing them from there would
# import the whole svgwrite package, which builds a pyparsing grammar (see tutor.core.svg).
def iterflatlist(values: Iterable[Any]) -> Iterator[Any]:
    """Flatten nested `values`, as an iterator."""
    for element in values:
        if hasattr(element, "__iter__") and not isinstance(element, str):
            yield from iterflatlist(element)
        else:
            yield element


def strlist(values: str | Iterable[Any], seperator: str = ",") -> str:
    """`values` joined with `seperator`, None left out."""
    if isinstance(values, str):
        return values
    return seperator.join([str(value) for value in iterflatlist(values) if value is not None])


class AutoID:
    """svgwrite's id counter, reached only when an element needs an id it was not given (rare: it loads svgwrite),
    so ids never clash with svgwrite's own elements."""

    @staticmethod
    def next_id(value: Optional[int] = None) -> str:
        from svgwrite.utils import AutoID as ids
        ident: str = ids.next_id(value)
        return ident

_KEYS: dict[str, str] = {}   # keyword -> attribute name, as svgwrite turns them ("class_" -> "class", "stroke_width" -> "stroke-width")


def _name(key: str) -> str:
    name = _KEYS.get(key)
    if name is None:
        name = _KEYS[key] = key.rstrip("_").replace("_", "-")
    return name


class Element:
    """An element: attributes by SVG name, children in order."""

    __slots__ = ("attribs", "elements")
    elementname = "g"
    how = "base"          # how svg.to_string writes the kind (see its _write)
    debug = False
    profile = "full"

    def __init__(self, **extra: Any) -> None:
        self.attribs: dict[str, Any] = {}
        self.elements: list[Element | Title] = []
        if extra:
            self.update(extra)

    def update(self, attribs: Mapping[str, Any]) -> None:
        own = self.attribs
        for key, value in attribs.items():
            own[_name(key)] = value

    def __setitem__(self, key: str, value: Any) -> None:
        self.attribs[key] = value

    def __getitem__(self, key: str) -> Any:
        return self.attribs[key]

    def add(self, element: E) -> E:
        self.elements.append(element)
        return element

    def set_desc(self, title: Optional[str] = None, desc: Optional[str] = None) -> None:
        if desc is not None:
            self.elements.insert(0, Desc(desc))
        if title is not None:
            self.elements.insert(0, Title(title))

    def viewbox(self, minx: float = 0, miny: float = 0, width: float = 0, height: float = 0) -> None:
        self["viewBox"] = strlist([minx, miny, width, height])

    def get_id(self) -> str:
        if "id" not in self.attribs:
            self.attribs["id"] = AutoID.next_id()
        ident: str = self.attribs["id"]
        return ident

    def get_iri(self) -> str:
        return "#%s" % self.get_id()

    def tostring(self) -> str:
        from tutor.core.svg import to_string
        return to_string(self)

    def _repr_svg_(self) -> str:
        return self.tostring()


class Group(Element):
    __slots__ = ()
    elementname = "g"


class Defs(Element):
    __slots__ = ()
    elementname = "defs"


class Symbol(Element):
    __slots__ = ()
    elementname = "symbol"


class Marker(Element):
    __slots__ = ()
    elementname = "marker"

    def __init__(self, insert: Optional[Pair] = None, size: Optional[Pair] = None, orient: Optional[Length] = None,
                 **extra: Any) -> None:
        super().__init__(**extra)
        if insert is not None:
            self["refX"], self["refY"] = insert[0], insert[1]
        if size is not None:
            self["markerWidth"], self["markerHeight"] = size[0], size[1]
        if orient is not None:
            self["orient"] = orient
        if "id" not in self.attribs:   # a marker is used by its id
            self["id"] = AutoID.next_id()


class Pattern(Element):
    __slots__ = ()
    elementname = "pattern"

    def __init__(self, insert: Optional[Pair] = None, size: Optional[Pair] = None,
                 inherit: Optional[str | Element] = None, **extra: Any) -> None:
        super().__init__(**extra)
        if insert is not None:
            self["x"], self["y"] = insert[0], insert[1]
        if size is not None:
            self["width"], self["height"] = size[0], size[1]
        if inherit is not None:
            self["xlink:href"] = inherit if isinstance(inherit, str) else inherit.get_iri()


class Use(Element):
    __slots__ = ("href",)
    elementname = "use"
    how = "use"

    def __init__(self, href: str | Element, insert: Optional[Pair] = None, size: Optional[Pair] = None,
                 **extra: Any) -> None:
        super().__init__(**extra)
        self.href = href
        self.update_id()
        if insert is not None:
            self["x"], self["y"] = insert[0], insert[1]
        if size is not None:
            self["width"], self["height"] = size[0], size[1]

    def update_id(self) -> None:
        href = self.href
        self.attribs["xlink:href"] = href if isinstance(href, str) else href.get_iri()


class Line(Element):
    __slots__ = ()
    elementname = "line"

    def __init__(self, start: Pair = (0, 0), end: Pair = (0, 0), **extra: Any) -> None:
        super().__init__(**extra)
        attribs = self.attribs
        attribs["x1"], attribs["y1"] = start
        attribs["x2"], attribs["y2"] = end


class Rect(Element):
    __slots__ = ()
    elementname = "rect"

    def __init__(self, insert: Pair = (0, 0), size: Pair = (1, 1), rx: Optional[Length] = None,
                 ry: Optional[Length] = None, **extra: Any) -> None:
        super().__init__(**extra)
        attribs = self.attribs
        attribs["x"], attribs["y"] = insert
        attribs["width"], attribs["height"] = size
        if rx is not None:
            attribs["rx"] = rx
        if ry is not None:
            attribs["ry"] = ry


class Circle(Element):
    __slots__ = ()
    elementname = "circle"

    def __init__(self, center: Pair = (0, 0), r: Length = 1, **extra: Any) -> None:
        super().__init__(**extra)
        attribs = self.attribs
        attribs["cx"], attribs["cy"] = center
        attribs["r"] = r


class Ellipse(Element):
    __slots__ = ()
    elementname = "ellipse"

    def __init__(self, center: Pair = (0, 0), r: Pair = (1, 1), **extra: Any) -> None:
        super().__init__(**extra)
        attribs = self.attribs
        attribs["cx"], attribs["cy"] = center
        attribs["rx"], attribs["ry"] = r


class Polyline(Element):
    __slots__ = ("points",)
    elementname = "polyline"
    how = "points"

    def __init__(self, points: Iterable[Pair] = (), **extra: Any) -> None:
        super().__init__(**extra)
        self.points = list(points)   # written out as the "points" attribute when the drawing is

    @staticmethod
    def points_to_string(points: Iterable[Pair]) -> str:
        strings: list[str] = []
        for point in points:
            if len(point) != 2:
                raise TypeError("got %s values, but expected 2 values." % len(point))
            strings.append("%s,%s" % tuple(point))
        return " ".join(strings)


class Polygon(Polyline):
    __slots__ = ()
    elementname = "polygon"


class Path(Element):
    __slots__ = ("commands",)
    elementname = "path"
    how = "path"

    def __init__(self, d: Any = None, **extra: Any) -> None:
        super().__init__(**extra)
        self.commands: list[Any] = [d]     # commands and their numbers, nested as given (svg.to_string flattens)

    def push(self, *elements: Any) -> None:
        self.commands.extend(elements)


class TSpan(Element):
    __slots__ = ("text",)
    elementname = "tspan"
    how = "text"

    def __init__(self, text: object, insert: Optional[Pair] = None, x: Optional[Sequence[Length]] = None,
                 y: Optional[Sequence[Length]] = None, dx: Optional[Sequence[Length]] = None,
                 dy: Optional[Sequence[Length]] = None, rotate: Optional[Sequence[float]] = None,
                 **extra: Any) -> None:
        super().__init__(**extra)
        self.text = text
        if insert is not None:
            if isinstance(insert, str):
                raise TypeError("'insert' should be a <tuple> or a <list>  with at least two elements.")
            if x or y:
                raise ValueError("Use 'insert' and 'x' or 'y' parameter not at the same time!")
            x, y = [insert[0]], [insert[1]]
        for name, value in (("x", x), ("y", y), ("dx", dx), ("dy", dy), ("rotate", rotate)):
            if value is not None:
                self[name] = strlist(list(iterflatlist(value)), " ")


class Text(TSpan):
    __slots__ = ()
    elementname = "text"


class Style(Element):
    __slots__ = ("_content",)
    elementname = "style"
    how = "script"

    def __init__(self, content: str = "", **extra: Any) -> None:
        super().__init__(**extra)
        self._content = content
        self["type"] = "text/css"


class Title:
    """A <title> (or <desc>) with its words: no attributes, no children."""

    __slots__ = ("text",)
    elementname = "title"
    how = "words"

    def __init__(self, text: object) -> None:
        self.text = str(text)


class Desc(Title):
    __slots__ = ()
    elementname = "desc"


class Drawing(Element):
    """The <svg> root and the element factory (`dwg.rect(...)`, `dwg.g(...)`), as svgwrite's Drawing is."""

    __slots__ = ("defs",)
    elementname = "svg"
    how = "drawing"
    version = "1.1"

    def __init__(self, size: Optional[Pair] = ("100%", "100%"), **extra: Any) -> None:
        super().__init__(**extra)
        if size is not None:
            self["width"], self["height"] = size[0], size[1]
        self.defs = Defs()
        self.add(self.defs)

    # the factory: each kind's class, called through the drawing as svgwrite's ElementFactory is
    g = Group
    symbol = Symbol
    marker = Marker
    pattern = Pattern
    use = Use
    line = Line
    rect = Rect
    circle = Circle
    ellipse = Ellipse
    polyline = Polyline
    polygon = Polygon
    path = Path
    text = Text
    tspan = TSpan
    style = Style
