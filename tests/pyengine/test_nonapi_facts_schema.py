"""The fact schema is written down once and checked: every input predicate Python declares
(pyengine/facts.py's registry, filled by each engine's facts module) is declared with
``#defined`` and documented in a ``%*! ... *%`` block in an input schema file of asp/
(asp/schema/input.lp, asp/<area>/defined.lp), and every predicate those files declare is one
that Python builds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyengine import facts as F
from tests.modules import import_all

REPO = Path(__file__).resolve().parents[2]
ASP = REPO / "asp"
SCHEMA_FILES = [ASP / "schema" / "input.lp"] + sorted(ASP.glob("*/defined.lp"))

_DEFINED = re.compile(r"#defined\s+([a-z_][A-Za-z0-9_']*)\s*/\s*(\d+)\s*\.")
_DOC = re.compile(r"%\*!(.*?)\*%", re.S)
_NAME = re.compile(r"\b([a-z_][A-Za-z0-9_]*)\(")


def _load_engines() -> dict[str, int]:
    """Import every pyengine module (each engine declares its predicates when imported)."""
    import_all()
    return dict(F.PREDICATES)


def _defined(path: Path) -> set[tuple[str, int]]:
    return {(n, int(a)) for n, a in _DEFINED.findall(path.read_text(encoding="utf-8"))}


def _documented(path: Path) -> set[str]:
    return {n for block in _DOC.findall(path.read_text(encoding="utf-8")) for n in _NAME.findall(block)}


DECLARED = _load_engines()
ALL_DEFINED = set().union(*(_defined(p) for p in SCHEMA_FILES))
ALL_DOCUMENTED = set().union(*(_documented(p) for p in SCHEMA_FILES))


def test_there_is_a_schema_and_a_registry() -> None:
    assert (ASP / "schema" / "input.lp").is_file()
    assert len(DECLARED) >= 10


@pytest.mark.parametrize("pred", sorted(DECLARED.items()), ids=lambda p: f"{p[0]}/{p[1]}")
def test_every_declared_predicate_is_defined_and_documented(pred: tuple[str, int]) -> None:
    name, arity = pred
    assert (name, arity) in ALL_DEFINED, f"{name}/{arity}: no `#defined {name}/{arity}.` in " + \
        ", ".join(str(p.relative_to(REPO)) for p in SCHEMA_FILES)
    assert name in ALL_DOCUMENTED, f"{name}/{arity}: no %*! {name}(...) *% documentation"


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_defined_input_predicate_is_built_by_python(path: Path) -> None:
    missing = sorted(f"{n}/{a}" for n, a in _defined(path) if DECLARED.get(n) != a)
    assert missing == [], f"{path.relative_to(REPO)} declares inputs Python never builds: {missing}"
