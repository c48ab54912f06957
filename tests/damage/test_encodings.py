"""The damage encodings' shape (STYLE.md section 3): include-only entries that ground with no
warning on no facts at all, every body predicate derived or a documented input, and a shown
signature for every answer Python reads."""

from __future__ import annotations

from pathlib import Path

import clingo
import pytest

from pyengine import encodings
from pyengine.damage import service  # noqa: F401  (registers the entries)
from tests.test_encoding_lint import _signatures

ENTRIES = ["damage_check", "damage_list", "damage_count"]
ASP = encodings.root()


@pytest.mark.parametrize("name", ENTRIES)
def test_damage_entries_only_include(name: str) -> None:
    for line in encodings.path(name).read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        assert not stripped or stripped.startswith("%") or stripped.startswith("#include"), line


@pytest.mark.parametrize("name", ENTRIES)
def test_damage_entries_ground_without_warnings(name: str) -> None:
    messages: list[str] = []
    ctl = clingo.Control(["--warn=all"], logger=lambda c, m: messages.append(f"{c}: {m}"))
    ctl.load(str(encodings.path(name)))
    ctl.ground([("base", [])])
    assert [m for m in messages if "no atoms over signature" not in m] == []


def test_damage_body_predicates_are_derived_or_documented_inputs() -> None:
    files: list[Path] = sorted((ASP / "damage").glob("*.lp"))
    heads, bodies, defined = _signatures(files)
    assert sorted(sig for sig in bodies - heads - defined if not sig[0].startswith("#")) == []
    assert {("assign", 3), ("violation", 3), ("assigns_damage", 2)} <= heads
