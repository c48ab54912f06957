"""Every replacement scenario cites rules that exist in the Comprehensive Rules, and the folder
keeps at least 35 scenarios (CR 614-616 examples, seed examples, classic interactions)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
CR = Path("/work/shared/reference/comprehensive-rules-2026-01-16.txt")
FILES = sorted((REPO / "scenarios" / "replacement").glob("*.yaml"))


def test_at_least_35_replacement_scenarios() -> None:
    assert len(FILES) >= 35


@pytest.mark.skipif(not CR.is_file(), reason="the Comprehensive Rules text is not available here")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_cited_rules_exist(path: Path) -> None:
    text = CR.read_text(encoding="utf-8")
    rules = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, re.M))
    rules |= set(re.findall(r"^(\d{3})\. ", text, re.M))
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    cited = [str(r) for r in doc["cr"]] + [str(r) for r in (doc.get("disputed") or {}).get("cr") or []]
    assert [r for r in cited if r not in rules] == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_rationale_cites_a_rule(path: Path) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert re.search(r"\b\d{3}\.\d+[a-z]?\b", doc["rationale"]), "the rationale explains by rule number"
