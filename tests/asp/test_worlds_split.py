"""pyengine/layers/worlds.py: splitting world-indexed predicates by world keeps the actual
state (world b) free of any dependency on trial worlds, so the grounder evaluates its counts
exactly (the answers are checked by the scenarios and the layers property test)."""

from __future__ import annotations

import clingo
import networkx as nx
import pytest
from clingo import ast

from pyengine import encodings
from pyengine.layers import worlds

LAYERS = ["l1a", "l2", "l3", "l4", "l5", "l6", "l7c"]


def _program(layer: str) -> tuple[ast.AST, ...]:
    out: list[ast.AST] = []
    for path in (encodings.path("layers_core"), encodings.layer(layer)):
        found: list[ast.AST] = []
        ast.parse_files([str(path)], found.append)
        out += worlds.split(tuple(found))
    return tuple(out)


class _Atoms(ast.Transformer):
    def __init__(self) -> None:
        self.names: list[str] = []

    def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:
        if atom.symbol.ast_type == ast.ASTType.Function:
            self.names.append(atom.symbol.name)
        return atom


def _graph(program: tuple[ast.AST, ...]) -> nx.DiGraph:
    graph = nx.DiGraph()
    for stm in program:
        if stm.ast_type != ast.ASTType.Rule:
            continue
        head, body = _Atoms(), _Atoms()
        head(stm.head)
        for lit in stm.body:
            body(lit)
        graph.add_edges_from((h, b) for h in head.names for b in body.names)
    return graph


@pytest.mark.parametrize("layer", LAYERS)
def test_the_actual_state_does_not_depend_on_trial_worlds(layer: str) -> None:
    graph = _graph(_program(layer))
    for name in ("expr_value_b", "selects_b", "attr_value_b", "holds_b"):
        assert not any(n.endswith("_t") for n in nx.descendants(graph, name)), name


@pytest.mark.parametrize("layer", LAYERS)
def test_counts_of_the_actual_state_are_not_recursive(layer: str) -> None:
    """Without nested selectors or comparisons with expressions (loaded only when used),
    matching and expressions of world b are in no dependency cycle."""
    graph = _graph(_program(layer))
    cyclic = {n for c in nx.strongly_connected_components(graph) if len(c) > 1 for n in c}
    assert not cyclic & {"expr_value_b", "selects_b", "fails_b", "attr_value_b", "param_b"}


@pytest.mark.parametrize("layer", LAYERS)
def test_matching_in_the_actual_state_reads_nothing_unstratified(layer: str) -> None:
    """What selectors match in world b must be facts to the grounder, or every count built
    on them grounds every value it could take: nothing below m_b and fails_b may be in a
    cycle through negation (words.lp's word/3 and changed_word/2 were; a 300x20 bench
    board's layer 7c had 7.3 million rules)."""
    from pyengine.relevance import Program

    statements = _program(layer)
    unstratified = {name for name, _ in Program(statements).unstratified}
    graph = _graph(statements)
    for name in ("selects_b", "fails_b"):
        assert not (nx.descendants(graph, name) | {name}) & unstratified, name


@pytest.mark.parametrize("layer", LAYERS)
def test_split_program_grounds_without_warnings(layer: str) -> None:
    messages: list[str] = []
    ctl = clingo.Control([f"--const=layer={layer}"], logger=lambda c, m: messages.append(m))
    with ast.ProgramBuilder(ctl) as builder:
        for stm in _program(layer):
            builder.add(stm)
    ctl.ground([("base", [])])
    assert [m for m in messages if "no atoms over signature" not in m] == []


def test_a_rule_is_copied_once_per_world_of_its_world_variable() -> None:
    found: list[ast.AST] = []
    rule = "selects(S, E, O, 0, W) :- need_m(S, E, O, 0, W), attr_value(O, type, creature, 0, W)."
    ast.parse_string(rule, found.append)
    text = sorted(str(s) for s in worlds.split(tuple(found)) if s.ast_type == ast.ASTType.Rule)
    assert text == ["selects_b(S,E,O,0,b) :- need_m_b(S,E,O,0,b); attr_value_b(O,type,creature,0,b).",
                    "selects_t(S,E,O,0,W) :- need_m_t(S,E,O,0,W); attr_value_t(O,type,creature,0,W)."]
