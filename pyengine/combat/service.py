"""The combat service: judge a proposed attack or block declaration, or list the legal ones.

Every rules decision is made by the encodings under asp/combat/ (and asp/check/combat*.lp);
this module builds facts, calls :func:`pyengine.solver.solve`, and reads the answers:

* a proposed declaration is verified in ONE solver call (asp/check/combat_*_verify.lp): its
  violations and obeyed requirements, and an optimal legal declaration (core-guided
  optimisation, ``--opt-strategy=usc``) that shows whether one obeys more (CR 508.1d, 509.1c);
* without a proposal, one optimisation call finds the maximum and the pairs that may be
  declared; networkx splits the board into independent components and each component's
  legal declarations are enumerated separately (their product is the set of legal
  declarations, so the count is exact without enumerating the product).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import clingo

from pyengine import encodings, solver
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.combat import components as comp
from pyengine.combat.explain import requirement_text, violation_of
from pyengine.combat.facts import board_factset, read_target
from pyengine.combat.model import Board, Declaration, Kind, Requirement, Verdict
from pyengine.errors import EncodingError
from pyengine.registry import read, records
from pyengine.solver import SolveResult, version

encodings.register("combat_attack", "combat/attack.lp")
encodings.register("combat_block", "combat/block.lp")
encodings.register("combat_attack_enum", "combat/attack_enum.lp")
encodings.register("combat_block_enum", "combat/block_enum.lp")
encodings.register("combat_attack_check", "check/combat_attack.lp")
encodings.register("combat_block_check", "check/combat_block.lp")
encodings.register("combat_attack_verify", "check/combat_attack_verify.lp")
encodings.register("combat_block_verify", "check/combat_block_verify.lp")

# core-guided optimisation; no equivalence preprocessing (it costs more than it saves here).
# Solved with models=0, so that the search ends only once the optimum is proven (exhausted).
OPT_ARGS = ("--opt-strategy=usc,k", "--eq=0")
ENUM_LIMIT = 20000  # models enumerated per component before the count becomes a lower bound
LIST_LIMIT = 1000  # legal declarations listed before only a sample is given
# the most a scenario's list_limit may ask for (listing 1,000,000 took 20 s past a 5 s limit)
MAX_LIST_LIMIT = 10_000

_ENTRY = {Kind.ATTACK: "combat_attack", Kind.BLOCK: "combat_block"}
_PAIR = {Kind.ATTACK: "attacks", Kind.BLOCK: "blocks"}
_RULE_508D = {Kind.ATTACK: "508.1d", Kind.BLOCK: "509.1c"}


@dataclass(frozen=True)
class _Read:
    """What one model says about the declarations ``given`` and ``best``."""

    decls: dict[str, Declaration]
    requirements: dict[str, tuple[str, tuple[str, ...], str]]  # id -> (kind, arguments, rule)
    obeyed: dict[str, frozenset[str]]
    violations: tuple[O.Violation, ...]
    options: tuple[tuple[str, str], ...]
    total: int


def _plain(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


def _req_id(name: str, args: list[str]) -> str:
    return f"{name}({', '.join(args)})"


def _read(board: Board, result: SolveResult) -> _Read:
    """One pass over the shown atoms, each read once into its record (clingo symbol access
    is costly on large boards). The search must have been exhausted: the last model of an
    optimisation is then optimal."""
    if not result.exhausted or not result.satisfiable:
        raise EncodingError(
            "the combat encodings ended without an optimal declaration "
            "(the empty declaration always breaks no restriction)"
        )
    got = records(result.model.shown, "combat")  # in clingo's order: into sets and dicts
    pairs: dict[str, set[tuple[str, str]]] = {"given": set(), "best": set()}
    paid: dict[str, set[tuple[str, str]]] = {"given": set(), "best": set()}
    obeyed: dict[str, set[str]] = {"given": set(), "best": set()}
    if board.kind == Kind.ATTACK:
        for a in got[O.Attacks]:
            pairs[a.declaration].add((a.attacker, read_target(a.target)))
        options = [(o.attacker, read_target(o.target)) for o in got[O.AttackOption]]
    else:
        for b in got[O.Blocks]:
            pairs[b.declaration].add((b.blocker, b.attacker))
        options = [(o.blocker, o.attacker) for o in got[O.BlockOption]]
    for p in got[O.Pays]:
        paid[p.declaration].add((p.effect, p.creature))
    ids: dict[clingo.Symbol, tuple[str, str, tuple[str, ...]]] = {}

    def parse(sym: clingo.Symbol) -> tuple[str, str, tuple[str, ...]]:
        known = ids.get(sym)
        if known is None:
            args = tuple(_plain(a) for a in sym.arguments)
            known = ids[sym] = (_req_id(sym.name, list(args)), sym.name, args)
        return known

    for o in got[O.Obeyed]:
        obeyed[o.declaration].add(parse(o.requirement)[0])
    reqs: dict[str, tuple[str, tuple[str, ...], str]] = {}
    for r in got[O.Requirement]:
        key, kind, rargs = parse(r.requirement)
        reqs[key] = (kind, rargs, r.rule)
    totals = got[O.RequirementTotal]
    decls = {d: Declaration.of(pairs[d], paid[d]) for d in ("given", "best")}
    return _Read(
        decls,
        reqs,
        {d: frozenset(v) for d, v in obeyed.items()},
        tuple(sorted(got[O.Violation], key=_violation_key)),
        tuple(sorted(options)),
        totals[0].total if totals else 0,
    )


def _violation_key(v: O.Violation) -> tuple:
    return (v.rule, v.check, v.args)


def _requirements(board: Board, read: _Read, given: bool) -> tuple[Requirement, ...]:
    out = []
    for rid, (kind, args, rule) in sorted(read.requirements.items()):
        effect, subjects, text = requirement_text(kind, args)
        out.append(
            Requirement(
                rid,
                kind,
                rule,
                effect,
                subjects,
                text,
                (rid in read.obeyed["given"]) if given else None,
                rid in read.obeyed["best"],
            )
        )
    return tuple(out)


_ENGINE = "the combat engine"


def verify(board: Board, proposed: Declaration, timeout: float | Budget = 30.0) -> Verdict:
    """Judge ``proposed`` with one solver call: the rules it breaks, the requirements it obeys
    against the maximum (CR 508.1d / 509.1c), and a legal declaration reaching the maximum.
    ``timeout``: seconds, or the budget of the query this is part of.

    Raises:
        SolverTimeout: the call did not finish in time (never a verdict).
    """
    facts = board_factset(board, proposed)
    entry = encodings.path(_ENTRY[board.kind] + "_verify")
    result = solver.solve(
        [entry],
        facts,
        what=f"verify a {board.kind.value} declaration",
        budget=Budget.of(timeout, _ENGINE),
        args=OPT_ARGS,
        models=0,
    )
    read = _read(board, result)
    obeyed = len(read.obeyed["given"])
    maximum = len(read.obeyed["best"])
    violations = [violation_of(board, v) for v in read.violations]
    if obeyed < maximum:
        violations.append(
            violation_of(board, None, requirements=(obeyed, maximum), rule=_RULE_508D[board.kind])
        )
    violations.sort(key=lambda v: (v.rule, v.check, v.objects, v.effect or ""))
    return Verdict(
        board.kind,
        proposed,
        not violations,
        tuple(violations),
        obeyed,
        maximum,
        read.decls["best"],
        _requirements(board, read, True),
        clingo_version=version(),
        stats=dict(result.stats),
        requirements_total=read.total,
    )


def optimum(board: Board, timeout: float | Budget = 30.0,
            options: bool = False) -> tuple[int, Declaration, _Read]:
    """The maximum number of requirements obeyable, a witness, and the model read (with the
    pairs a declaration may use when ``options``)."""
    result = solver.solve(
        [encodings.path(_ENTRY[board.kind])],
        board_factset(board),
        what=f"maximise a {board.kind.value} declaration",
        budget=Budget.of(timeout, _ENGINE),
        args=OPT_ARGS,
        models=0,
        consts={"options": int(options)},
    )
    read = _read(board, result)
    return len(read.obeyed["best"]), read.decls["best"], read


def enumerate_legal(board: Board, timeout: float | Budget = 30.0, list_limit: int = LIST_LIMIT) -> Verdict:
    """The maximum, a witness and the legal declarations: all of them when there are at most
    ``list_limit``, else their count and a sample (the first ``list_limit`` in a fixed order).
    The listing counts against ``timeout`` too (seconds, or the budget of the query this is
    part of: every call gets what is left of it).

    The maximum counts no cost paid (CR 508.1d, 509.1c); the legal declarations include those
    that pay costs, when the declaring player's mana allows it.

    Raises:
        SolverTimeout: a call did not finish in time (never a verdict).
    """
    budget = Budget.of(timeout, _ENGINE)
    maximum, witness, read = optimum(board, budget, options=True)
    pay = 1 if comp.has_costs(board) else 0
    parts = comp.split(board, read.options)
    entry = encodings.path(_ENTRY[board.kind] + "_enum")
    lists: list[list[Declaration]] = []
    count, exact = 1, True
    for part in parts:
        if part.whole:
            need = maximum
        else:
            need = sum(
                1
                for rid in read.obeyed["best"]
                if comp.owns(part, requirement_text(*read.requirements[rid][:2])[1])
            )
        result = solver.solve(
            [entry],
            board_factset(part.board),
            what=f"enumerate legal {board.kind.value} declarations",
            budget=budget,
            models=ENUM_LIMIT + 1,
            consts={"min_obeyed": need, "pay": pay},
        )
        decls = sorted({_decl_of(board, m) for m in result.models})
        if len(decls) > ENUM_LIMIT:
            exact = False
            decls = decls[:ENUM_LIMIT]
        count *= len(decls)
        lists.append(decls)
    listed = []
    for n, combo in enumerate(itertools.islice(itertools.product(*lists), list_limit)):
        if n % 1024 == 1023:  # the listing is in the limit too
            budget.left(f"list legal {board.kind.value} declarations")
        listed.append(Declaration.of(
            itertools.chain.from_iterable(d.pairs for d in combo),
            itertools.chain.from_iterable(d.paid for d in combo),
        ))
    listed.sort()
    return Verdict(
        board.kind,
        None,
        None,
        (),
        None,
        maximum,
        witness,
        _requirements(board, read, False),
        tuple(listed),
        count,
        exact,
        components=len(parts),
        clingo_version=version(),
        requirements_total=read.total,
    )


def _decl_of(board: Board, model: object) -> Declaration:
    if board.kind == Kind.ATTACK:
        pairs = {(a.attacker, read_target(a.target)) for a in read(model, O.Attacks)
                 if a.declaration == "best"}
    else:
        pairs = {(b.blocker, b.attacker) for b in read(model, O.Blocks) if b.declaration == "best"}
    paid = {(p.effect, p.creature) for p in read(model, O.Pays) if p.declaration == "best"}
    return Declaration.of(pairs, paid)


def judge(
    board: Board, proposed: Declaration | None, timeout: float | Budget = 30.0, list_limit: int = LIST_LIMIT
) -> Verdict:
    """:func:`verify` a proposal, or :func:`enumerate_legal` without one."""
    if proposed is not None:
        return verify(board, proposed, timeout)
    return enumerate_legal(board, timeout, list_limit)


__all__ = ["judge", "verify", "enumerate_legal", "optimum"]
