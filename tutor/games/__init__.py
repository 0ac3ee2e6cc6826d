"""The games. Each subpackage ends its `__init__` with SPEC, its tutor.core.game.GameSpec: the one door into it."""
