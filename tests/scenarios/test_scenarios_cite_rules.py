"""Every bundled scenario cites rules that exist in the current Comprehensive Rules (its
``cr`` list, and each reading's ``cr`` of a disputed scenario), and its rationale explains by
rule number. Each folder keeps at least the scenarios it has (CR examples, seed examples,
classic interactions): raise the minimums as scenarios are added, never lower them by accident.

The rules text is in the shared folder next to the checkout (``../shared`` from the repository
root; CI provides a copy). Where it is missing the test is skipped, saying which path it
looked for, except under CI (``CI=true``, as CI systems set it), where that is a failure."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
CR_RELATIVE = Path("..", "shared", "reference", "comprehensive-rules-2026-01-16.txt")
CR = REPO / CR_RELATIVE
FILES = sorted((REPO / "scenarios").rglob("*.yaml"))
MINIMUM = {"layers": 406, "combat": 287, "replacement": 287, "sba": 44, "triggers": 33, "turns": 215,
           "cards": 141, "casting": 103,
           "damage": 27}


def _id(path: Path) -> str:
    return str(path.relative_to(REPO / "scenarios").with_suffix(""))


@lru_cache(maxsize=1)
def _rules() -> frozenset[str]:
    text = CR.read_text(encoding="utf-8")
    rules = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, re.M))
    rules |= set(re.findall(r"^(\d{3})\. ", text, re.M))
    return frozenset(rules)


@pytest.mark.parametrize("folder", sorted(MINIMUM))
def test_each_folder_keeps_its_scenarios(folder: str) -> None:
    found = sum(1 for p in FILES if p.relative_to(REPO / "scenarios").parts[0] == folder)
    assert found >= MINIMUM[folder]


def _missing_rules_text() -> str:
    return (f"the Comprehensive Rules text is missing: {CR_RELATIVE.as_posix()} from the repository "
            "root (the shared folder next to the checkout)")


def test_rules_text_is_there_under_ci() -> None:
    if CR.is_file():
        return
    if os.environ.get("CI") == "true":
        pytest.fail(_missing_rules_text() + "; CI must provide it", pytrace=False)
    pytest.skip(_missing_rules_text())


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_cited_rules_exist(path: Path) -> None:
    if not CR.is_file():
        pytest.skip(_missing_rules_text())
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    readings = doc.get("disputed") or []
    cited = [str(r) for r in doc["cr"]] + [str(r) for reading in readings for r in reading["cr"]]
    assert [r for r in cited if r not in _rules()] == []


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_rationale_cites_a_rule(path: Path) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert re.search(r"\b\d{3}\.\d+[a-z]?\b", doc["rationale"]), "the rationale explains by rule number"
