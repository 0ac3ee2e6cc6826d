"""The page CSS reads in JupyterLab's dark theme as in the light one: a box that sets its own background also
sets its own text colour (a theme changes the default text colour, not the box), with a contrast of at least
4.5:1 (WCAG AA); other text takes JupyterLab's theme variables."""

from __future__ import annotations

import re

from tutor.widgets.common import PAGE_CSS

RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
HEX = r"#([0-9a-fA-F]{6})\b"


def luminance(hex6: str) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex6[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rules():
    css = re.sub(r"/\*.*?\*/", "", PAGE_CSS, flags=re.S)
    for selector, body in RULE.findall(css):
        yield " ".join(selector.split()), body


def test_every_coloured_box_sets_a_readable_text_colour():
    checked = 0
    for selector, body in rules():
        background = re.search(r"background:\s*" + HEX, body)
        if not background:
            continue
        colour = re.search(r"(?<![-\w])color:\s*" + HEX, body)
        assert colour, f"{selector} sets a background but not its text colour (unreadable in a dark theme)"
        ratio = contrast(background.group(1), colour.group(1))
        assert ratio >= 4.5, f"{selector}: contrast {ratio:.1f}:1 is below 4.5:1"
        checked += 1
    assert checked >= 10


def test_plain_text_follows_the_theme():
    body: dict = {}
    for selector, declarations in rules():     # a selector's rules together (a media query may add to one)
        body[selector] = body.get(selector, "") + declarations
    assert "var(--jp-content-font-color1" in body[".tutor-widget"]
    assert "var(--jp-content-font-color2" in body[".tutor-cite"]


def test_the_contrast_check_can_fail():
    assert contrast("fdecea", "5f1410") > 4.5 and contrast("fff4d6", "f5f7fa") < 1.5
