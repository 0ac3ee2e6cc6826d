def render(view, *, highlight=(), lang="en", events=(), choosable=None):
    return "<svg xmlns='http://www.w3.org/2000/svg'/>"
