"""Fixtures of the real-card tests."""

from __future__ import annotations

import pytest

from pyengine import oracle


@pytest.fixture
def corpus(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The bundled card data (the `cards` extra), not a file named by PYENGINE_CARDS, loaded
    afresh for the test."""
    monkeypatch.delenv("PYENGINE_CARDS", raising=False)
    oracle.reset()
    yield
    oracle.reset()
