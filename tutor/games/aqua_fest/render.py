"""Aqua Fest SVG (placeholder until the renderer lands)."""


def render(view: dict, *, highlight=(), lang: str = "en", events=()) -> str:
    return "<svg xmlns='http://www.w3.org/2000/svg'/>"
