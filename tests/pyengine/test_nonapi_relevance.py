"""The gateway's pruning (pyengine.relevance): rules that cannot fire for the facts' predicates
are left out, and the answer sets never change."""

from __future__ import annotations

import clingo
from clingo import ast
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import encodings, solver
from pyengine.relevance import Program


def _parse(text: str) -> list[ast.AST]:
    out: list[ast.AST] = []
    ast.parse_string(text, out.append)
    return out


def _answer_sets(statements: tuple[ast.AST, ...], facts: list[str], shown: bool = False) -> set[frozenset[str]]:
    """Every answer set (its atoms, or its shown atoms), grounded without undefined atoms."""
    messages: list[str] = []
    ctl = clingo.Control(["--models=0"], logger=lambda c, m: messages.append(f"{c.name}: {m}"))
    with ast.ProgramBuilder(ctl) as builder:
        for s in statements:
            builder.add(s)
    ctl.add("base", [], "".join(f + "." for f in facts))
    ctl.ground([("base", [])])
    assert [m for m in messages if m.startswith("AtomUndefined")] == []
    out: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda m: out.add(frozenset(str(s) for s in m.symbols(atoms=not shown, shown=shown))))
    return out


PROGRAM = """
#defined a/1. #defined b/1. #defined c/2.
p(X) :- a(X).
q(X) :- p(X), b(X).
r(X) :- c(X, _).
s(X) :- r(X), not a(X).
t(X) :- a(X), #count { Y : c(X, Y) } = 0.
u :- not q(1).
:- s(X), a(X).
"""
SHOW = "#show q/1."


def test_rules_with_a_dead_positive_body_are_left_out() -> None:
    program = Program(_parse(PROGRAM))
    kept = program.prune({"a"})
    text = "\n".join(str(s) for s in kept)
    assert "p(X) :- a(X)." in text
    assert "q(X) :-" not in text  # b has no atoms
    assert "r(X)" not in text and "s(X) :- r(X)" not in text
    assert "t(X) :- a(X)" in text  # an aggregate condition never stops a rule
    assert "u :- not q(1)." in text  # a negative literal never stops a rule
    assert "#defined q/1." in text and "#defined r/1." in text and "#defined s/1." in text


def test_rules_whose_heads_matter_to_nothing_are_left_out() -> None:
    """With a #show statement, only shown atoms and what constraints, choices and the rules
    deriving them read matter."""
    program = Program(_parse(PROGRAM + SHOW))
    text = "\n".join(str(s) for s in program.prune({"a", "b", "c"}))
    assert "q(X) :- p(X); b(X)." in text and "p(X) :- a(X)." in text  # shown, and read by q
    assert "s(X) :- r(X); not a(X)." in text and "r(X) :- c(X,_)." in text  # the constraint reads s
    assert "t(X)" not in text.replace("#defined t/1.", "") and "u :-" not in text
    assert "#show q/1." in text


def test_a_rule_in_a_cycle_through_negation_is_kept() -> None:
    """``a :- b, not a.`` kills every answer set with ``b``: it matters although no one
    reads ``a``."""
    program = Program(_parse("#defined b/1. a(X) :- b(X), not a(X). c(X) :- b(X). #show b/1."))
    text = "\n".join(str(s) for s in program.prune({"b"}))
    assert "a(X) :- b(X); not a(X)." in text and "c(X) :-" not in text


def test_every_fact_predicate_keeps_everything() -> None:
    program = Program(_parse(PROGRAM))
    assert program.prune({"a", "b", "c"}) == program.statements


def test_cached_per_set_of_names_the_program_uses() -> None:
    program = Program(_parse(PROGRAM))
    assert program.prune({"a", "zzz"}) is program.prune({"a"})


# random small programs: the answer sets are the same with and without pruning
_PREDS = ["a", "b", "c", "d", "e", "f"]
_atom = st.tuples(st.sampled_from(_PREDS), st.sampled_from(["X", "1", "2"]))


@st.composite
def _rule(draw: st.DrawFn, kinds: tuple[str, ...] = ("rule", "choice", "constraint", "disjunction")) -> str:
    pos = draw(st.lists(_atom, min_size=1, max_size=3))
    neg = draw(st.lists(_atom, max_size=2))
    body = [f"{p}({t})" for p, t in pos]
    if not any(t == "X" for _, t in pos):
        body.append(f"{pos[0][0]}(X)")
    body += [f"not {p}({t})" for p, t in neg]
    if draw(st.booleans()):
        body.append(f"#count {{ Y : {draw(st.sampled_from(_PREDS))}(Y) }} <= {draw(st.integers(0, 2))}")
    kind = draw(st.sampled_from(kinds))
    head = draw(st.sampled_from(_PREDS))
    other = draw(st.sampled_from(_PREDS))
    text = {
        "rule": f"{head}(X)",
        "choice": f"{{ {head}(X) ; {other}(X) }}",
        "constraint": "",
        "disjunction": f"{head}(X) ; {other}(X)",
    }[kind]
    return f"{text} :- {', '.join(body)}."


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.lists(_rule(), min_size=1, max_size=8),
    facts=st.lists(st.tuples(st.sampled_from(_PREDS), st.sampled_from(["1", "2", "3"])), max_size=6),
)
def test_pruning_keeps_the_answer_sets(rules: list[str], facts: list[str]) -> None:
    text = "".join(f"#defined {p}/1. " for p in _PREDS) + "\n".join(rules)
    program = Program(_parse(text))
    fact_atoms = sorted({f"{p}({c})" for p, c in facts})
    names = {p for p, _ in facts}
    assert _answer_sets(program.prune(names), fact_atoms) == _answer_sets(program.statements, fact_atoms)


# mostly normal rules: choices and constraints make what they read matter, so with many
# of them nothing is left out backwards
_MOSTLY_NORMAL = ("rule", "rule", "rule", "rule", "rule", "choice", "constraint")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.lists(_rule(kinds=_MOSTLY_NORMAL), min_size=1, max_size=8),
    facts=st.lists(st.tuples(st.sampled_from(_PREDS), st.sampled_from(["1", "2", "3"])), max_size=6),
    shown=st.lists(st.sampled_from(_PREDS), min_size=1, max_size=2, unique=True),
)
def test_pruning_keeps_the_shown_answer_sets(rules: list[str], facts: list[str], shown: list[str]) -> None:
    """With #show statements, also the rules whose heads matter to nothing are left out:
    the answer sets, as shown, are the same."""
    text = "".join(f"#defined {p}/1. " for p in _PREDS) + "\n".join(rules)
    text += "".join(f" #show {p}/1." for p in shown)
    program = Program(_parse(text))
    fact_atoms = sorted({f"{p}({c})" for p, c in facts})
    names = {p for p, _ in facts}
    pruned = _answer_sets(program.prune(names), fact_atoms, shown=True)
    assert pruned == _answer_sets(program.statements, fact_atoms, shown=True)


def test_gateway_prunes_and_answers_the_same() -> None:
    """A real encoding (the block verifier) on a board with few kinds of facts: fewer
    statements, the same shown atoms."""
    from pyengine.combat import service  # noqa: F401 - registers the combat entries
    from pyengine.combat.facts import board_facts, declaration_facts
    from pyengine.combat.model import Declaration
    from tests.combat.helpers import block_board, creature

    board = block_board(creature("A", "a"), creature("B", "b"), attacks={"A": "b"})
    facts = board_facts(board) + declaration_facts(board, Declaration())
    entry = [encodings.path("combat_block_verify")]
    whole = solver._program((str(entry[0]),), None)
    assert len(whole.prune({f.name for f in facts})) < len(whole.statements)
    args = {"what": "test", "args": ("--opt-strategy=usc",), "models": 0}
    pruned = solver.solve(entry, facts, **args)  # type: ignore[arg-type]
    plain = solver.solve(entry, facts, prune=False, **args)  # type: ignore[arg-type]
    assert pruned.model.symbols == plain.model.symbols
