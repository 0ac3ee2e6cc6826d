"""tutor: an interactive rules tutor for tabletop games, built on Jupyter."""

__version__ = "0.1.0"
