"""The games. Each subpackage exposes the engine contract at its top level (tutor.core.game.CONTRACT)."""
