"""Card-data tests read the fixture (MTGJSON AtomicCards format) with a cache of their own."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURE = Path(__file__).with_name("atomic-cards-fixture.json")


@pytest.fixture
def fixture_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):  # type: ignore[no-untyped-def]
    from pyengine import oracle

    monkeypatch.setenv("PYENGINE_CARDS", str(FIXTURE))
    monkeypatch.setenv("PYENGINE_CARDS_CACHE", str(tmp_path / "cache"))
    oracle.reset()
    yield tmp_path / "cache"
    oracle.reset()


@pytest.fixture
def no_data(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    from pyengine import oracle
    from pyengine.oracle import data

    monkeypatch.delenv("PYENGINE_CARDS", raising=False)
    monkeypatch.setattr(data, "_corpus_path", lambda: None)
    oracle.reset()
    yield
    oracle.reset()
