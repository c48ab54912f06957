"""pyengine/facts.py: Python values become clingo symbols, never program text. A hostile name
stays one string term all the way to the solver and back."""

from __future__ import annotations

import io
import random
from pathlib import Path

import clingo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyengine.api as pe
from pyengine import facts as F
from pyengine import solver
from pyengine.cli import main
from pyengine.relevance import symbol_shape

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


# --- FactSet: deduplicated, ordered without clingo, and its shapes are the symbols' ---------

_values = st.recursive(
    st.one_of(st.integers(-3, 3), st.sampled_from(["a", "b", HOSTILE]),
              st.sampled_from([F.Const("c"), F.Const("d")])),
    lambda inner: st.one_of(
        st.builds(lambda args: F.Fn("f", *args), st.lists(inner, min_size=1, max_size=2)),
        st.lists(inner, min_size=1, max_size=2).map(tuple),
    ),
    max_leaves=4,
)


@settings(max_examples=200, deadline=None)
@given(facts=st.lists(st.lists(_values, min_size=1, max_size=2), max_size=8), seed=st.randoms())
def test_factset_order_and_shapes(facts: list[list[F.Value]], seed: random.Random) -> None:
    """The same facts in any order give the same symbols in the same order, once each; the
    shapes the pruning reads are those of the symbols themselves (relevance.symbol_shape)."""
    saved = dict(F.PREDICATES)
    F.PREDICATES.update({"test_fs1": 1, "test_fs2": 2})
    try:
        one, two = F.FactSet(), F.FactSet()
        for args in facts:
            one.add(f"test_fs{len(args)}", *args)
        shuffled = list(facts) * 2
        seed.shuffle(shuffled)
        for args in shuffled:
            two.add(f"test_fs{len(args)}", *args)
        symbols = one.symbols()
        assert symbols == two.symbols()
        assert len(set(symbols)) == len(symbols) == len(one)
        assert set(symbols) == {F.fact(f"test_fs{len(a)}", *a) for a in facts}
        expected = {(s.name, len(s.arguments), -1, None) for s in symbols}
        expected |= {(s.name, len(s.arguments), i, symbol_shape(a))
                     for s in symbols for i, a in enumerate(s.arguments)}
        assert one.shapes() == expected
    finally:
        F.PREDICATES.clear()
        F.PREDICATES.update(saved)
