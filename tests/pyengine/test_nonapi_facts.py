"""pyengine/facts.py: Python values become clingo symbols, never program text. A hostile name
stays one string term all the way to the solver and back."""

from __future__ import annotations

import io
from pathlib import Path

import clingo
import pytest

import pyengine.api as pe
from pyengine import facts as F
from pyengine import solver
from pyengine.cli import main

HOSTILE = 'x"). hacked. p("'


@pytest.fixture
def card_name(monkeypatch: pytest.MonkeyPatch) -> str:
    """A predicate declared for one test only."""
    monkeypatch.setitem(F.PREDICATES, "test_card_name", 2)
    return "test_card_name"


def test_hostile_string_is_one_string_term(card_name: str) -> None:
    sym = F.fact(card_name, "obj1", HOSTILE)
    arg = sym.arguments[1]
    assert arg.type == clingo.SymbolType.String
    assert arg.string == HOSTILE
    assert F.text(arg) == HOSTILE
    assert clingo.parse_term(str(sym)) == sym  # clingo's own rendering escapes it


def test_hostile_string_adds_exactly_one_atom_to_the_program(card_name: str) -> None:
    sym = F.fact(card_name, "obj1", HOSTILE)
    result = solver.solve([], [sym], what="facts test", timeout=10)
    assert result.satisfiable
    assert result.model.symbols == (sym,)  # no hacked/0, no p/1


def test_hostile_name_in_a_scenario_stays_one_term_in_the_dumped_facts(tmp_path: Path) -> None:
    scenario = tmp_path / "hostile.yaml"
    scenario.write_text(f"""\
id: fixtures/hostile-name
title: A name with quotes and dots is data, not program text
cr: ["201.2"]
rationale: A name is a string (CR 201.2); it must reach the engine unchanged.
players: [alice]
turn: {{active: alice}}
objects:
  - {{id: o1, name: '{HOSTILE}', types: [Creature], power: 1, toughness: 1, controller: alice, timestamp: 1}}
query: {{kind: characteristics, objects: [o1], fields: [name]}}
expect: {{o1: {{name: '{HOSTILE}'}}}}
""")
    symbols, _ = pe.facts(pe.load(scenario))
    assert not any(s.name in ("hacked", "p") for s in symbols)
    names = [s for s in symbols if s.name == "cur" and s.arguments[1] == clingo.Function("name")]
    assert [s.arguments[2].string for s in names] == [HOSTILE]
    out, err = io.StringIO(), io.StringIO()
    assert main(["facts", str(scenario)], stdout=out, stderr=err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("% input facts of fixtures/hostile-name")
    # every dumped line parses back to the very symbol it came from
    parsed = [clingo.parse_term(line[:-1]) for line in lines if not line.startswith("%")]
    assert tuple(parsed) == symbols
    assert pe.check(pe.load(scenario)).passed


@pytest.mark.parametrize("value,expected", [
    (3, clingo.Number(3)),
    ("alice", clingo.String("alice")),
    (F.Const("battlefield"), clingo.Function("battlefield")),
    ((1, "a"), clingo.Tuple_([clingo.Number(1), clingo.String("a")])),
    (F.Fn("d", "k", 0), clingo.Function("d", [clingo.String("k"), clingo.Number(0)])),
])
def test_term_conversions(value: F.Value, expected: clingo.Symbol) -> None:
    assert F.term(value) == expected


@pytest.mark.parametrize("bad", ["Battlefield", "two words", "", "x)", "_x"])
def test_const_rejects_non_identifiers(bad: str) -> None:
    with pytest.raises(ValueError, match="not a clingo constant"):
        F.Const(bad)


def test_fn_rejects_bad_names() -> None:
    with pytest.raises(ValueError, match="not a function name"):
        F.Fn('f("x")', 1)


def test_booleans_are_not_terms() -> None:
    with pytest.raises(TypeError, match="booleans are not terms"):
        F.term(True)


def test_undeclared_and_wrong_arity_predicates_are_refused(card_name: str) -> None:
    with pytest.raises(KeyError, match="undeclared input predicate no_such_pred/1"):
        F.fact("no_such_pred", 1)
    with pytest.raises(ValueError, match="takes 2 arguments, got 1"):
        F.fact(card_name, "x")


def test_redeclaring_with_another_arity_is_refused(card_name: str) -> None:
    F.declare(card_name, 2)  # same arity: fine
    with pytest.raises(ValueError, match="declared with arity 2 and 3"):
        F.declare(card_name, 3)


def test_text_reads_strings_and_constants_only() -> None:
    assert F.text(clingo.Function("white")) == "white"
    with pytest.raises(TypeError):
        F.text(clingo.Number(1))
