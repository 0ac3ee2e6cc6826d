"""Паперові океани card emblems: a small picture of each kind, drawn for the tutor (not the publisher's art).

Each emblem is a few SVG paths in a 24 × 24 box, folded-paper plain: white shapes outlined in ink, so they read on
every card colour (white on dark blue, ink on yellow), and lines with a white edge under them for the same reason.
The card's colour stays around the picture: the emblem tells the kind at a glance, the fill the colour.

    emblem("crab", x, y, size)      # the crab drawn in a size × size box at (x, y)
"""

from __future__ import annotations

from functools import lru_cache

INK = "#1f2933"
PAPER = "#ffffff"

# (how, path) in a 24-unit box: "f" a white shape outlined in ink, "d" an ink shape, "l" a line (ink on a white
# edge), "t" a thick white line outlined in ink
_Part = tuple[str, str]

_FISH: tuple[_Part, ...] = (
    ("f", "M2.5 12 Q9.5 4.5 16.5 12 Q9.5 19.5 2.5 12 Z M16.5 12 L22 7 L21 12 L22 17 Z"),
    ("d", "M6.2 11.1 a1.1 1.1 0 1 0 0.01 0 Z"),
)
_PENGUIN: tuple[_Part, ...] = (
    ("d", "M12 2.5 Q17.5 2.5 18 11 Q19 18 16.5 21 L7.5 21 Q5 18 6 11 Q6.5 2.5 12 2.5 Z"),
    ("f", "M12 8 Q15.8 8.5 15.8 14 Q15.8 19.8 12 20 Q8.2 19.8 8.2 14 Q8.2 8.5 12 8 Z"),
    ("f", "M10.6 6.2 L13.4 6.2 L12 8.6 Z"),
    ("f", "M10.2 3.8 a0.9 0.9 0 1 0 0.01 0 Z M13.8 3.8 a0.9 0.9 0 1 0 0.01 0 Z"),
    ("l", "M9 21.5 L7.5 22.5 M15 21.5 L16.5 22.5"),
)


def _small(parts: tuple[_Part, ...], dx: float, dy: float, s: float) -> tuple[tuple[str, str, str], ...]:
    """`parts` moved by (dx, dy) and scaled by s: a shoal's fish, a colony's penguins."""
    return tuple((how, d, f"translate({dx} {dy}) scale({s})") for how, d in parts)


EMBLEMS: dict[str, tuple[_Part, ...] | tuple[tuple[str, str, str], ...]] = {
    "crab": (
        ("l", "M8 12 L5.5 8.5 M16 12 L18.5 8.5 M7.5 15 L3 16.5 M7.5 17 L3.5 20 M16.5 15 L21 16.5 M16.5 17 L20.5 20"),
        ("f", "M12 9.5 Q19 9.5 19 15 Q19 19.5 12 19.5 Q5 19.5 5 15 Q5 9.5 12 9.5 Z"),
        ("f", "M5.5 8.5 Q2 8 2.5 4.5 L5 6 L5 2.5 Q8.5 4 5.5 8.5 Z M18.5 8.5 Q22 8 21.5 4.5 L19 6 L19 2.5 "
              "Q15.5 4 18.5 8.5 Z"),
        ("d", "M10 12.3 a1 1 0 1 0 0.01 0 Z M14 12.3 a1 1 0 1 0 0.01 0 Z"),
    ),
    "boat": (       # a paper boat
        ("f", "M1.5 13 L22.5 13 L18 20 L6 20 Z"),
        ("f", "M6.5 13 L12 3.5 L17.5 13 Z"),
        ("l", "M12 3.5 L12 13"),
    ),
    "fish": _FISH,
    "shark": (
        ("f", "M1.5 14 Q6 10 9 10.3 L12 4.5 L13.5 10.6 Q16.5 11 18.5 12 L22.5 6.5 L21 13 L22.5 19 L18.5 14.3 "
              "Q12 18.5 6 17 Q3 16.3 1.5 14 Z"),
        ("d", "M5 12.6 a0.9 0.9 0 1 0 0.01 0 Z"),
        ("l", "M8.5 12.5 L8 15 M10 12.5 L9.5 15"),
    ),
    "swimmer": (
        ("l", "M1.5 19 q2.5 -2.2 5 0 t5 0 t5 0 t5 0 M3.5 22.5 q2.5 -2.2 5 0 t5 0 t5 0"),
        ("l", "M9.5 13.5 L15 14.5 M11 13 Q14 5 20.5 8"),
        ("f", "M7.5 8.5 a3 3 0 1 0 0.01 0 Z"),
    ),
    "shell": (      # a scallop
        ("f", "M12 20.5 L3 10.5 Q12 -1 21 10.5 Z"),
        ("l", "M12 20.5 L7 5.5 M12 20.5 L12 3.2 M12 20.5 L17 5.5 M12 20.5 L4.5 8.5 M12 20.5 L19.5 8.5"),
        ("f", "M9.5 20 L14.5 20 L13.5 22.5 L10.5 22.5 Z"),
    ),
    "octopus": (
        ("t", "M7.5 12.5 Q3 14.5 3.5 18.5 Q4 21 6.5 20 M10 13.5 Q8.5 18 9 22 M14 13.5 Q15.5 18 15 22 "
              "M16.5 12.5 Q21 14.5 20.5 18.5 Q20 21 17.5 20"),
        ("f", "M5.5 14 Q4.5 2 12 2 Q19.5 2 18.5 14 Q12 16 5.5 14 Z"),
        ("d", "M9.6 8.2 a1.4 1.4 0 1 0 0.01 0 Z M14.4 8.2 a1.4 1.4 0 1 0 0.01 0 Z"),
    ),
    "penguin": _PENGUIN,
    "sailor": (     # an anchor
        ("l", "M12 6.5 L12 21 M7.5 9.5 L16.5 9.5 M4 14 Q4.5 21 12 21 Q19.5 21 20 14"),
        ("f", "M12 2 a2.3 2.3 0 1 0 0.01 0 Z"),
        ("d", "M2.2 15.5 L4 12 L6 15.2 Z M21.8 15.5 L20 12 L18 15.2 Z"),
    ),
    "lighthouse": (
        ("l", "M8.5 5 L3 3 M8.5 7 L3 9 M15.5 5 L21 3 M15.5 7 L21 9 M5.5 21.5 L18.5 21.5"),
        ("f", "M9 21.5 L10.3 8 L13.7 8 L15 21.5 Z"),
        ("d", "M9.6 15 L14.4 15 L14.7 18 L9.3 18 Z M10.1 10.5 L13.9 10.5 L14.1 12.5 L9.9 12.5 Z"),
        ("f", "M9.8 4.5 L14.2 4.5 L14.2 8 L9.8 8 Z"),
        ("d", "M9 4.8 L12 1.5 L15 4.8 Z"),
    ),
    "shoal_of_fish": _small(_FISH, 0, 0.5, 0.6) + _small(_FISH, 9.5, 5, 0.6) + _small(_FISH, 1.5, 11, 0.6),
    # two penguins, not three: on a phone's wordiest card the emblem is 12 units, and three were specks
    "penguin_colony": _small(_PENGUIN, 8, 0.5, 0.68) + _small(_PENGUIN, -0.5, 7, 0.68),
    "captain": (    # a peaked cap with a badge
        ("f", "M3.5 13 Q2.5 6 12 5.5 Q21.5 6 20.5 13 Z"),
        ("d", "M3.5 12.5 L20.5 12.5 L20.5 15.5 L3.5 15.5 Z"),
        ("d", "M4 15.5 L20 15.5 Q17 20 12 20 Q7 20 4 15.5 Z"),
        ("d", "M12 7.2 L13.1 9.1 L12 11 L10.9 9.1 Z"),
    ),
    "mermaid": (
        ("d", "M9.2 5 Q9 1.5 12 1.5 Q15 1.5 14.8 5 Q15.5 8.5 16.8 10.5 Q14.5 10 13.8 7.5 L10.2 7.5 Q9.5 10 7.2 10.5 "
              "Q8.5 8.5 9.2 5 Z"),
        ("f", "M10 7.6 Q12 7 14 7.6 Q14.8 10.5 13.6 13 Q15.5 16 13.6 19 L17.5 21.5 Q14.5 23 12.6 21.2 Q10.8 23 7.5 22 "
              "L11.4 18.8 Q12.4 16.5 10.6 13 Q9.2 10.5 10 7.6 Z"),
        ("f", "M12 2.3 a2.3 2.3 0 1 0 0.01 0 Z"),
        ("l", "M11.2 15 Q12.2 15.8 13.2 15 M11.5 17 Q12.3 17.6 13 17"),
    ),
}


@lru_cache(maxsize=512)
def emblem(kind: str, x: float, y: float, size: float) -> str:
    """The kind's emblem in a size × size box at (x, y) (class "emblem"); lines keep one thickness at any size."""
    s = size / 24
    ink = round(1.3 / s, 2)           # 1.3 units of outline whatever the size
    out = [f'<g class="emblem" data-kind="{kind}" transform="translate({x:.1f} {y:.1f}) scale({s:.3f})" '
           f'stroke-linejoin="round" stroke-linecap="round">']
    for part in EMBLEMS[kind]:
        how, d = part[0], part[1]
        at = f' transform="{part[2]}"' if len(part) > 2 else ""
        # a part scaled down (a shoal's fish) keeps the same line on the card
        k = round(ink / (float(part[2].rsplit("scale(", 1)[1][:-1]) if len(part) > 2 else 1), 2)
        if how == "f":
            out.append(f'<path d="{d}"{at} fill="{PAPER}" stroke="{INK}" stroke-width="{k}"/>')
        elif how == "d":
            out.append(f'<path d="{d}"{at} fill="{INK}" stroke="{PAPER}" stroke-width="{round(k * 0.5, 2)}"/>')
        elif how == "t":        # a thick white line outlined in ink (an octopus's arm)
            out.append(f'<path d="{d}"{at} fill="none" stroke="{INK}" stroke-width="{round(k * 3, 2)}"/>'
                       f'<path d="{d}"{at} fill="none" stroke="{PAPER}" stroke-width="{round(k * 1.2, 2)}"/>')
        else:       # a line: white under ink, so it shows on dark blue and on black as on yellow
            out.append(f'<path d="{d}"{at} fill="none" stroke="{PAPER}" stroke-width="{round(k * 2.4, 2)}"/>'
                       f'<path d="{d}"{at} fill="none" stroke="{INK}" stroke-width="{k}"/>')
    out.append("</g>")
    return "".join(out)
