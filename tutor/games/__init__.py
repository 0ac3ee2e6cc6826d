"""The games. Each subpackage exposes the engine contract (tutor.core.game.Engine) and registers its SPEC."""
