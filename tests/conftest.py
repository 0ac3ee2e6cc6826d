"""Fixtures shared by the test modules (plain helpers live in tests/helpers.py)."""

from __future__ import annotations

import pytest

import ordering


def pytest_collection_modifyitems(items):
    # the longest tests first, for the workers' sake (tests/ordering.py); xdist hands them out in this order
    ordering.order(items)


@pytest.fixture
def guard_spy():
    """Collects what every widget guard caught; an unexpected exception fails the test unless the test
    sets `allow_unexpected`. Widget test modules use it with autouse (`widget_guard`)."""
    from tutor.widgets import common
    caught = []

    def spy(exc, expected, message):
        caught.append((exc, expected, message))

    common.add_error_listener(spy)
    spy.caught = caught
    spy.allow_unexpected = False
    yield spy
    common.remove_error_listener(spy)
    unexpected = [(type(e).__name__, str(e)) for e, ok, _ in caught if not ok]
    if not spy.allow_unexpected:
        assert not unexpected, f"a widget callback failed: {unexpected}"


@pytest.fixture
def phone_screen():
    """The page says it is a phone (tutor.widgets.screen): boards are laid out for 390 px; back to the default after."""
    from tutor.widgets import screen
    screen.reset()
    yield screen
    screen.reset()
