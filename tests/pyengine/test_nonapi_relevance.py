"""The gateway's pruning (pyengine.relevance): rules that cannot fire for the facts' predicates
are left out, and the answer sets never change."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import clingo
from clingo import ast
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import encodings, solver
from pyengine.facts import PREDICATES, Const, FactSet, Fn
from pyengine.relevance import Program, symbol_shape


def _parse(text: str) -> list[ast.AST]:
    out: list[ast.AST] = []
    ast.parse_string(text, out.append)
    return out


def _answer_sets(statements: tuple[ast.AST, ...], facts: list[str], shown: bool = False,
                 args: tuple[str, ...] = ()) -> set[frozenset[str]]:
    """Every answer set (its atoms, or its shown atoms), grounded without undefined atoms."""
    messages: list[str] = []
    ctl = clingo.Control(["--models=0", *args], logger=lambda c, m: messages.append(f"{c.name}: {m}"))
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


# --- shapes: the fixpoint also follows the kinds of terms at each argument position ---------

SHAPED = """
#defined keyword/2. #defined card_type/2. #defined blocks/2.
barred(B, A) :- blocks(B, A), keyword(A, shadow), not keyword(B, shadow).
barred(B, A) :- blocks(B, A), keyword(A, flying), not keyword(B, reach).
cost(B) :- blocks(B, _), card_type(B, battle).
req(lure(A)) :- keyword(A, lure).
req(must(A)) :- keyword(A, must).
obeyed(A) :- req(lure(A)), blocks(_, A).
#show barred/2. #show obeyed/1. #show cost/1.
"""


@contextmanager
def _declared(*names: tuple[str, int]) -> Iterator[None]:
    """Input predicates declared for a test only (the schema test reads the real ones)."""
    saved = dict(PREDICATES)
    PREDICATES.update(names)
    try:
        yield
    finally:
        PREDICATES.clear()
        PREDICATES.update(saved)


def _shapes(*facts: tuple) -> set:
    out = FactSet()
    with _declared(("keyword", 2), ("card_type", 2), ("blocks", 2)):
        for name, *args in facts:
            out.add(name, *args)
    return out.shapes()


def test_a_constant_no_fact_has_leaves_its_rules_out() -> None:
    program = Program(_parse(SHAPED))
    shapes = _shapes(
        ("blocks", "b", "a"), ("keyword", "a", Const("flying")), ("card_type", "b", Const("creature"))
    )
    text = "\n".join(str(s) for s in program.prune((), shapes))
    assert "keyword(A,flying)" in text and "keyword(A,shadow)" not in text
    assert "card_type(B,battle)" not in text  # no battle on the board
    assert "req(" not in text.replace("#defined req/1.", "") and "obeyed(A) :-" not in text
    # a Lure keyword makes a Lure requirement, which the obeyed rule reads (a function shape)
    text = "\n".join(str(s) for s in program.prune((), shapes | _shapes(("keyword", "a", Const("lure")))))
    assert "req(lure(A)) :- keyword(A,lure)." in text and "obeyed(A) :- req(lure(A))" in text
    assert "req(must(A))" not in text


def test_shapes_no_rule_tests_are_one_shape_to_the_cache() -> None:
    """A keyword no body literal tests is only "some other shape": boards that differ only
    in such keywords share one analysis."""
    program = Program(_parse(SHAPED))
    one = _shapes(("blocks", "b", "a"), ("keyword", "a", Const("vigilance")))
    two = _shapes(("blocks", "b", "a"), ("keyword", "a", Const("haste")))
    assert program.prune((), one) is program.prune((), two)


def test_a_const_is_taken_for_its_value() -> None:
    """``#const k = lure.``: a body literal with ``k`` matches what ``lure`` matches."""
    program = Program(_parse("#const k = lure. #defined keyword/2. p(A) :- keyword(A, k). #show p/1."))
    text = "\n".join(str(s) for s in program.prune((), _shapes(("keyword", "a", Const("lure")))))
    assert "p(A) :- keyword(A,k)." in text


def test_a_shape_untested_in_one_place_may_match_a_tested_one_elsewhere() -> None:
    """``c`` is "some other shape" in v (nothing tests v's argument) but itself in w: a
    variable joining them may still be ``c``."""
    text = "#defined v/1. #defined w/1. q(X) :- v(X), w(X). r :- w(c). #show q/1. #show r/0."
    program = Program(_parse(text))
    with _declared(("v", 1), ("w", 1)):
        facts = FactSet()
        facts.add("v", Const("c"))
        facts.add("w", Const("c"))
    assert "q(X) :- v(X); w(X)." in "\n".join(str(s) for s in program.prune((), facts.shapes()))


def test_a_variable_bound_inside_a_function_may_be_anything() -> None:
    program = Program(_parse("#defined v/1. q(X) :- v(f(X)). r :- q(c). #show r/0."))
    with _declared(("v", 1)):
        facts = FactSet()
        facts.add("v", Fn("f", Const("c")))
    assert "r :- q(c)." in "\n".join(str(s) for s in program.prune((), facts.shapes()))


_SPREDS = ["a", "b", "c", "d", "e"]
_BODY_TERMS = ["X", "Y", "1", "c", '"s"', "f(X)", "f(1)", "g(X,c)", "(X,1)", "k", "_"]
_HEAD_TERMS = ["X", "Y", "1", "c", "f(X)", "(Y,1)", "X+1", "k", "g(1,c)"]
_GROUND = [1, 2, Const("c"), Const("d"), "s", Fn("f", 1), Fn("f", Const("c")), Fn("g", 1, Const("c")),
           (1, Const("c")), Fn("f", Fn("f", 1))]


@st.composite
def _shaped_rule(
    draw: st.DrawFn, kinds: tuple[str, ...] = ("rule", "choice", "constraint", "disjunction")
) -> str:
    def atom(terms: list[str]) -> str:
        pred, x, y = (draw(st.sampled_from(_SPREDS)), draw(st.sampled_from(terms)),
                      draw(st.sampled_from(terms)))
        return f"{pred}({x},{y})"

    body = [atom(_BODY_TERMS) for _ in range(draw(st.integers(0, 2)))]
    # binds X and Y to (parts of) terms of facts only: grounding stays finite
    body.append(draw(st.sampled_from(["v(X,Y)", "v(X,Y)", "v(f(X),Y)", "v(Y,g(X,c))", "v((X,Y),_)"])))
    body += [f"not {atom(_HEAD_TERMS[:-3])}" for _ in range(draw(st.integers(0, 2)))]
    if draw(st.booleans()):
        body.append(f"#count {{ Z : {draw(st.sampled_from(_SPREDS))}(Z,_) }} <= {draw(st.integers(0, 2))}")
    kind = draw(st.sampled_from(kinds))
    text = {
        "rule": atom(_HEAD_TERMS),
        "choice": f"{{ {atom(_HEAD_TERMS)} ; {atom(_HEAD_TERMS)} }}",
        "constraint": "",
        "disjunction": f"{atom(_HEAD_TERMS)} ; {atom(_HEAD_TERMS)}",
    }[kind]
    return f"{text} :- {', '.join(body)}."


_SHAPED_PREAMBLE = "#const k = f(1). #defined v/2. " + "".join(f"#defined {p}/2. " for p in _SPREDS)
_fact = st.tuples(st.sampled_from([*_SPREDS, "v", "v"]), st.sampled_from(_GROUND), st.sampled_from(_GROUND))


def _factset(facts: list[tuple]) -> FactSet:
    out = FactSet()
    with _declared(*((p, 2) for p in [*_SPREDS, "v"])):
        for name, x, y in facts:
            out.add(name, x, y)
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.lists(_shaped_rule(), min_size=1, max_size=8),
    facts=st.lists(_fact, max_size=6),
    k=st.sampled_from([None, "1", "c", "d", "f(1)", "g(1,c)"]),
)
def test_pruning_by_shapes_keeps_the_answer_sets(rules: list[str], facts: list[tuple], k: str | None) -> None:
    """Also when the constant k is given another value on the command line (``-c k=...``)."""
    program = Program(_parse(_SHAPED_PREAMBLE + "\n".join(rules)))
    factset = _factset(facts)
    atoms = [str(s) for s in factset.symbols()]
    consts = {} if k is None else {"k": symbol_shape(clingo.parse_term(k))}
    args = () if k is None else (f"--const=k={k}",)
    pruned = program.prune((), factset.shapes(), consts)
    assert _answer_sets(pruned, atoms, args=args) == _answer_sets(program.statements, atoms, args=args)


def test_a_const_given_on_the_command_line_is_taken_for_its_value() -> None:
    program = Program(_parse("#defined keyword/2. p(A) :- keyword(A, k). #show p/1."))
    shapes = _shapes(("keyword", "a", Const("lure")))
    assert "p(A) :- keyword(A,k)." in "\n".join(str(s) for s in program.prune((), shapes, {"k": ("lure", 0)}))
    assert "p(A) :-" not in "\n".join(str(s) for s in program.prune((), shapes, {"k": ("flying", 0)}))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.lists(_shaped_rule(kinds=_MOSTLY_NORMAL), min_size=1, max_size=8),
    facts=st.lists(_fact, max_size=6),
    shown=st.lists(st.sampled_from(_SPREDS), min_size=1, max_size=2, unique=True),
)
def test_pruning_by_shapes_keeps_the_shown_answer_sets(
    rules: list[str], facts: list[tuple], shown: list[str]
) -> None:
    text = _SHAPED_PREAMBLE + "\n".join(rules) + "".join(f" #show {p}/2." for p in shown)
    program = Program(_parse(text))
    factset = _factset(facts)
    atoms = [str(s) for s in factset.symbols()]
    pruned = _answer_sets(program.prune((), factset.shapes()), atoms, shown=True)
    assert pruned == _answer_sets(program.statements, atoms, shown=True)


def test_gateway_reads_shapes_from_a_factset() -> None:
    """The block verifier given a FactSet leaves out more than given the same facts as a list,
    and shows the same atoms."""
    from pyengine.combat import service  # noqa: F401 - registers the combat entries
    from pyengine.combat.facts import board_factset
    from pyengine.combat.model import Declaration
    from tests.combat.helpers import block_board, creature

    board = block_board(creature("A", "a", "flying"), creature("B", "b"), attacks={"A": "b"})
    facts = board_factset(board, Declaration())
    entry = [encodings.path("combat_block_verify")]
    whole = solver._program((str(entry[0]),), None)
    by_shape = whole.prune((), facts.shapes())
    assert len(by_shape) < len(whole.prune({f.name for f in facts.symbols()}))
    args = {"what": "test", "args": ("--opt-strategy=usc",), "models": 0}
    pruned = solver.solve(entry, facts, **args)  # type: ignore[arg-type]
    plain = solver.solve(entry, facts.symbols(), prune=False, **args)  # type: ignore[arg-type]
    assert pruned.model.symbols == plain.model.symbols


def test_declarations_nothing_left_mentions_are_left_out() -> None:
    """An encoding's own ``#defined`` statement stays while some statement left mentions its
    predicate (a body, a head, an aggregate, a #show); one for a predicate that only left-out
    rules read goes, and grounding still reports no undefined atom."""
    extra = "#defined z/1. #defined w/1. #show w/1. #show t/1."
    program = Program(_parse(PROGRAM + extra))
    kept = program.prune({"a"})
    text = "\n".join(str(s) for s in kept)
    assert "#defined a/1." in text  # t(X) :- a(X), ...
    assert "#defined c/2." in text  # t/1's #count
    assert "#defined w/1." in text  # shown
    assert "#defined b/1." not in text  # read only by q/1's rule, left out
    assert "#defined z/1." not in text  # read by nothing
    assert _answer_sets(kept, ["a(1)", "a(2)"], shown=True) == \
        _answer_sets(tuple(_parse(PROGRAM + extra)), ["a(1)", "a(2)"], shown=True)
