"""The predicate registry is the one list of what Python and the encodings exchange:

* every ``#show`` of ``asp/show/<area>.lp`` is a record class registered for that area in
  pyengine/shown.py, and every class registered for an area is shown there;
* every fact the engines hand to clingo, on real scenarios of all three engines, is of an
  input predicate declared in pyengine/facts.py's registry and in the schema files of asp/
  (``#defined`` there; tests/pyengine/test_nonapi_facts_schema.py checks the documentation);
* the generic reader turns shown atoms into typed, frozen records and refuses atoms that are
  not what their class says."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import clingo
import pytest
from clingo import ast

from pyengine import registry, shown, solver
from pyengine.errors import EncodingError
from pyengine.facts import FactSet

REPO = Path(__file__).resolve().parents[1]
SHOW = REPO / "asp" / "show"
SHOW_FILES = sorted(SHOW.glob("*.lp"))
SCHEMA_FILES = [REPO / "asp" / "schema" / "input.lp"] + sorted((REPO / "asp").glob("*/defined.lp"))
_DEFINED = re.compile(r"#defined\s+([a-z_][A-Za-z0-9_']*)\s*/\s*(\d+)\s*\.")


def _shows(path: Path) -> set[tuple[str, int]]:
    """The predicates a show file shows: ``#show p/n.`` and ``#show p(X, ...) : body.``."""
    out: set[tuple[str, int]] = set()

    def visit(statement: ast.AST) -> None:
        if statement.ast_type == ast.ASTType.ShowSignature:
            if statement.name:  # "#show ." hides everything else
                out.add((statement.name, statement.arity))
        elif statement.ast_type == ast.ASTType.ShowTerm:
            t = statement.term
            assert t.ast_type == ast.ASTType.Function, f"{path.name}: #show of a non-atom {t}"
            out.add((t.name, len(t.arguments)))

    ast.parse_files([str(path)], visit)
    return out


def test_every_show_file_has_an_area() -> None:
    # a show file that shows nothing (an entry read only for its number of answer sets) has none
    assert {p.stem for p in SHOW_FILES if _shows(p)} == set(registry.OUTPUTS)


@pytest.mark.parametrize("path", SHOW_FILES, ids=lambda p: p.stem)
def test_every_shown_predicate_is_registered_and_the_reverse(path: Path) -> None:
    shows = _shows(path)
    declared = set(registry.OUTPUTS.get(path.stem, {}))
    name = f"asp/show/{path.name}"
    assert sorted(shows - declared) == [], f"{name} shows what pyengine/shown.py does not declare"
    assert sorted(declared - shows) == [], f"pyengine/shown.py declares what {name} does not show"


def test_the_reader_gives_typed_frozen_records() -> None:
    sym = clingo.parse_term('applied(3, "e1", "a", p("bob"), "614.6", damage, (1, 2))')
    rec = shown.Applied.of(sym)
    assert (rec.step, rec.effect, rec.rule, rec.kind) == (3, "e1", "614.6", "damage")
    assert rec.fields == clingo.parse_term("(1, 2)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rec.step = 4  # type: ignore[misc]
    # a string where the class says a number, a wrong arity: encoding errors, never a guess
    with pytest.raises(EncodingError, match="not a number"):
        shown.Used.of(clingo.parse_term('used("e1", "2")'))
    with pytest.raises(EncodingError):
        shown.Used.of(clingo.parse_term('used("e1")'))


def test_records_groups_an_area_and_refuses_an_undeclared_atom() -> None:
    syms = [clingo.parse_term(s) for s in ('used("e", 1)', 'shield_left("s", 2)', "overflow")]
    got = registry.records(syms, "replacement")
    assert got[shown.Used] == [shown.Used("e", 1)]
    assert got[shown.ShieldLeft] == [shown.ShieldLeft("s", 2)]
    assert got[shown.Overflow] == [shown.Overflow()]
    with pytest.raises(EncodingError, match="does not declare"):
        registry.records([clingo.parse_term("takes(1, 2, 3)")], "replacement")
    assert registry.read(syms, shown.Used) == [shown.Used("e", 1)]


# a sample of the scenarios of every engine: every 12th file (in path order) of each folder
def _sample() -> list[Path]:
    out = []
    for folder in ("layers", "combat", "replacement"):
        files = sorted((REPO / "scenarios" / folder).rglob("*.yaml"))
        out += files[::12]
    return out


def _defined() -> set[tuple[str, int]]:
    return {(n, int(a)) for p in SCHEMA_FILES for n, a in _DEFINED.findall(p.read_text(encoding="utf-8"))}


def test_every_fact_the_engines_emit_is_a_declared_input(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyengine import api
    from pyengine.errors import PyengineError
    from pyengine.scenario.loader import load_file

    emitted: dict[tuple[str, int], str] = {}
    real = solver.solve

    def spy(encodings: Any, facts: Any, **kwargs: Any) -> solver.SolveResult:
        syms = facts.symbols() if isinstance(facts, FactSet) else list(facts)
        for s in syms:
            emitted.setdefault((s.name, len(s.arguments)), kwargs["what"])
        return real(encodings, facts, **kwargs)

    monkeypatch.setattr(solver, "solve", spy)
    ran = 0
    for path in _sample():
        try:
            sc = load_file(path)
        except PyengineError:
            continue  # a scenario the loader refuses on purpose emits nothing
        try:
            api.solve(sc, timeout=60.0)
        except PyengineError:
            pass  # an error is fine here: the facts it was given were recorded
        ran += 1
    assert ran >= 30 and len(emitted) >= 30
    assert _undeclared(emitted) == []


def _undeclared(emitted: dict[tuple[str, int], str]) -> list[str]:
    """The emitted predicates missing from pyengine/facts.py's registry or from the schema
    files' ``#defined`` lines, each with the call that emitted it."""
    from tests.modules import import_all

    import_all()  # each module declares its own
    declared, schema = registry.inputs(), _defined()
    return sorted(f"{n}/{a} (in {what}): " + ("not declared in pyengine/facts.py" if declared.get(n) != a
                                              else "no #defined in asp/'s schema files")
                  for (n, a), what in emitted.items() if declared.get(n) != a or (n, a) not in schema)


def test_an_undeclared_fact_is_found() -> None:
    assert _undeclared({("cur", 3): "layer l1a"}) == []
    assert _undeclared({("cur", 4): "layer l1a", ("no_such_input", 1): "x"}) == [
        "cur/4 (in layer l1a): not declared in pyengine/facts.py",
        "no_such_input/1 (in x): not declared in pyengine/facts.py"]

