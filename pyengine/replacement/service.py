"""The replacement engine: every outcome of an event under the replacement and prevention
effects present, decided by clingo (asp/replacement/replacement.lp), and the check of a
proposed sequence of choices (asp/check/replacement.lp)."""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any

import clingo

from pyengine import encodings, solver
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.errors import EncodingError
from pyengine.facts import symbol_shapes
from pyengine.model.objects import GameState
from pyengine.registry import read
from pyengine.replacement import gates, quiet
from pyengine.replacement import spec as S
from pyengine.replacement.answer import EffectInfo, Outcome, ReplacementAnswer, Step, Verdict, Violation
from pyengine.replacement.collect import Instance, instances, run_layers
from pyengine.replacement.entering import explore
from pyengine.replacement.event import Event
from pyengine.replacement.facts import FactBuilder, proposals, takes
from pyengine.replacement.split import Splitter
from pyengine.replacement.split import outcome as split_outcome
from pyengine.replacement.terms import value

log = logging.getLogger(__name__)
encodings.register("replacement", "replacement/replacement.lp")
encodings.register("check_replacement", "check/replacement.lp")
encodings.register("replacement_tree", "replacement/outcomes.lp")
encodings.register("replacement_witness", "replacement/witness.lp")
MAX_HORIZON = 256


@dataclass(frozen=True)
class Proposal:
    """A proposed step: the effect applied, optionally its alternative, the chooser, and the
    event it applies to (``on``: a witness step's :attr:`Step.on`), which matters when
    simultaneous events differ."""

    effect: str
    choice: str | None = None
    by: str | None = None
    on: tuple[clingo.Symbol, clingo.Symbol] | None = None


def analyse(state: GameState, events: list[Event], *, at: int | None = None,
            sequence: list[Proposal] | None = None, timeout: float | Budget = 30.0,
            token_defs: dict[str, Any] | None = None, method: str = "auto") -> ReplacementAnswer:
    """Every outcome the legal choice sequences reach for ``events`` (simultaneous), each with
    one sequence reaching it; and the verdict on ``sequence`` if given. ``at``: the
    timestamp of the event (CR 614.4: later effects don't apply). ``method``: "auto" (trees
    of choices unless an effect can be used up or there are few effects, see
    :func:`_enumerate`), "trees" where possible, or "steps" (sequences of steps always; the
    benchmark compares the two). ``timeout``: seconds, or the budget of the query this is part
    of; the layer engine's calls and this engine's share it, each getting what is left.
    Raises :class:`SolverTimeout` naming the whole limit and where the time ran out."""
    budget = Budget.of(timeout, "the replacement engine")
    return _analyse(state, events, at, sequence, budget, token_defs, method)


def _inputs(state: GameState, events: list[Event], at: int | None, budget: Budget,
            token_defs: dict[str, Any] | None) -> tuple[list[clingo.Symbol], list[Instance], Any]:
    """The engine's input facts, the effects found, and what entering objects bring."""
    result = run_layers(state, budget)
    found = instances(state, result, at)
    entering = explore(state, result, found, events, budget, token_defs or {})
    return FactBuilder(state, result, events, found, entering).build(), found, entering


def input_facts(state: GameState, events: list[Event], *, at: int | None = None,
                timeout: float | Budget = 30.0,
                token_defs: dict[str, Any] | None = None) -> list[clingo.Symbol]:
    """The facts :func:`analyse` gives its encodings for ``events`` (``pyengine facts``)."""
    return _inputs(state, events, at, Budget.of(timeout, "the replacement engine"), token_defs)[0]


def _analyse(state: GameState, events: list[Event], at: int | None, sequence: list[Proposal] | None,
             budget: Budget, token_defs: dict[str, Any] | None, method: str) -> ReplacementAnswer:
    facts, found, entering = _inputs(state, events, at, budget, token_defs)
    shields = {i.id: i.spec.shield for i in found + entering.own
               if isinstance(i.spec, S.ReplacementSpec) and i.spec.shield is not None}
    horizon = _horizon(events, found + entering.own)
    plain = quiet.outcome(facts) if sequence is None and method == "auto" else None
    outcomes: tuple[Outcome, ...]
    if plain is not None:  # no effect can apply: the events just happen (CR 614.1, 616.1)
        outcomes = (_plain(plain),)
    else:
        outcomes, horizon = _enumerate(facts, horizon, shields, budget, method)
    verdict = None
    if sequence is not None:
        verdict = _check(facts, sequence, max(horizon, len(sequence) + horizon), shields, budget)
    return ReplacementAnswer(tuple(events), _infos(found + entering.own), outcomes, verdict,
                             {"horizon": float(horizon)})


def _plain(happens: list[quiet.Signature]) -> Outcome:
    """The one outcome of events no effect applies to, as :func:`read_outcome` reads it
    from the encodings' answer (``outcome/3``: each signature with its number of events)."""
    events = [_event(kind, sig) for kind, sig in happens]
    return Outcome(tuple(sorted(events, key=repr)), (), (), (), ())


def _horizon(events: list[Event], found: list[Instance]) -> int:
    """A first bound on the number of steps (each effect once on each event); doubled while
    some answer set runs out of steps (``overflow``)."""
    n_eff = sum(1 for i in found if isinstance(i.spec, S.ReplacementSpec))
    parts = sum(max(1, dict(e.fields).get("count", 1)) for e in events)
    return 3 + parts * (n_eff + 1)


def _enumerate(facts: list[clingo.Symbol], horizon: int, shields: dict[str, int],
               budget: Budget, method: str = "auto") -> tuple[tuple[Outcome, ...], int]:
    """Every outcome, each with a witness sequence. Without effects that can be used up,
    and with at least :data:`TREES_FROM` effects, the outcomes are read from trees of
    choices (asp/replacement/outcomes.lp), which need no time steps and whose events are
    shared between branches, and each outcome's witness is a sequence of steps that grows
    its tree; otherwise the sequences are searched step by step
    (asp/replacement/replacement.lp), the horizon doubled while some run out of steps, and an
    instruction to draw that is left alone is found draw by draw (split.py)."""
    if method not in ("auto", "trees", "steps"):
        raise ValueError(f"replacement: unknown method {method!r}")
    names = [f.name for f in facts]  # read once: a symbol's name costs microseconds
    many = method == "trees" or names.count("rep_effect") >= TREES_FROM
    if method != "steps" and many and not any(n in _LIMITED for n in names):
        return _enumerate_trees(facts, horizon, shields, budget)
    outcomes: dict[Any, Outcome] = {}
    longest = horizon
    for branch in Splitter(facts, budget, read_outcome).run(horizon):
        out = split_outcome(branch, shields)
        outcomes.setdefault(out.key, out)
        longest = max(longest, branch.span + 1)
    return _in_order(outcomes), longest


def _in_order(outcomes: dict[Any, Outcome]) -> tuple[Outcome, ...]:
    """The outcomes in a fixed order (by key)."""
    return tuple(sorted(outcomes.values(), key=lambda o: repr(o.key)))


_LIMITED = ("rep_uses", "rep_shield")
# With fewer effects the sequences are few, and one call finds them with their witnesses
# faster than a call for the trees and one per outcome for its witness (pyengine bench
# replacement, a draw of 2: with 2 effects 30 to 50 ms against 150 ms; with 3, 1.5 to 2.4 s
# against 0.7 to 0.9 s).
TREES_FROM = 3


def _enumerate_trees(facts: list[clingo.Symbol], horizon: int, shields: dict[str, int],
                     budget: Budget) -> tuple[tuple[Outcome, ...], int]:
    paths, shapes = gates.ask("replacement_tree", facts)
    res = solver.solve(paths, facts, what="replacement outcomes", fact_shapes=shapes,
                       budget=budget, args=["--project"], models=0)
    if not res.satisfiable:
        raise EncodingError("replacement: no legal tree of choices (an encoding bug)")
    outcomes: dict[Any, Outcome] = {}
    longest = horizon
    for model in res.models:
        tree = list(model.atoms(*O.Takes.signature()))  # passed back as rep_takes/3
        steps = len(tree) + len(read(model, O.Transforms)) + 1
        witness, used = _witness(facts, tree, steps, budget)
        out = read_outcome(witness, shields)
        if out.key != read_outcome(model, shields).key:
            raise EncodingError("replacement: a witness sequence reaches another outcome than "
                                "its tree (an encoding bug)")
        outcomes.setdefault(out.key, out)
        longest = max(longest, used)
    return _in_order(outcomes), longest


def _witness(facts: list[clingo.Symbol], tree: list[clingo.Symbol], horizon: int,
             budget: Budget) -> tuple[solver.Model, int]:
    """A legal sequence of steps that applies exactly the tree's effects (follow.lp), and the
    horizon it needed."""
    given = facts + takes(tree)
    entry = gates.entry("replacement_witness", facts)
    shapes = symbol_shapes(given)
    while True:
        res = solver.solve(entry, given, fact_shapes=shapes,
                           what="replacement witness", budget=budget,
                           consts={"horizon": horizon})
        if res.models:
            return res.models[0], horizon
        if horizon >= MAX_HORIZON:
            raise EncodingError("replacement: no sequence of steps grows a tree of choices "
                                "(an encoding bug)")
        horizon *= 2


def _check(facts: list[clingo.Symbol], sequence: list[Proposal], horizon: int,
           shields: dict[str, int], budget: Budget) -> Verdict:
    steps = [(p.effect, p.choice, p.by) for p in sequence]
    facts = facts + proposals(steps, [p.on for p in sequence])
    res = solver.solve([encodings.path("check_replacement")], facts, fact_shapes=symbol_shapes(facts),
                       what="replacement check", budget=budget,
                       models=0, consts={"horizon": horizon})
    if not res.models or not res.exhausted:
        raise EncodingError("replacement check: no optimum (an encoding bug)")
    # the last model of a finished optimisation has the fewest violations (one of them:
    # clingo's search is deterministic for the same program and facts)
    best = res.models[-1]
    violations = tuple(sorted(Violation(v.rule, v.check, _show(v.args)) for v in read(best, O.Violation)))
    return Verdict(not violations, violations, read_outcome(best, shields))


def _event(kind: str, sig: clingo.Symbol) -> Event:
    names = S.KIND_FIELDS[kind]
    vals = [value(a) for a in sig.arguments]
    if kind == "draw" and len(vals) == 3:
        names = names + ("empty",)
    return Event(kind, tuple(zip(names, vals, strict=True)))


def read_outcome(model: solver.Model, shields: dict[str, int]) -> Outcome:
    """The outcome an answer set shows, with its witness sequence."""
    events: list[Event] = []
    for o in read(model, O.OutcomeEvents):
        events += [_event(o.kind, o.fields)] * o.count
    blocked: list[tuple[Event, str]] = []
    for b in read(model, O.Blocked):
        blocked += [(_event(b.kind, b.fields), b.effect)] * b.count
    used = [(u.effect, u.count) for u in read(model, O.Used) if u.count > 0]
    left = [(s.effect, s.left) for s in read(model, O.ShieldLeft) if s.left != shields.get(s.effect)]
    steps = []
    # how a proposal names each step's event (a move with the counters it carries so far)
    on = {a.step: (a.kind, a.fields) for a in read(model, O.AppliedOn)}
    for a in read(model, O.Applied):
        steps.append(Step(a.step, a.effect, _alt(a.alternative), a.chooser.arguments[0].string, a.rule,
                          _event(a.kind, a.fields), on.get(a.step, (clingo.Function(a.kind), a.fields))))
    return Outcome(tuple(sorted(events, key=repr)), tuple(sorted(blocked, key=repr)),
                   tuple(sorted(used)), tuple(sorted(left)),
                   _numbered(steps))


def _numbered(steps: list[Step]) -> tuple[Step, ...]:
    """The witness in order, its steps numbered 1, 2, ... (rules transformations between
    choices take steps of their own in the encoding)."""
    ordered = sorted(steps, key=lambda s: s.t)
    return tuple(dataclasses.replace(s, t=n) for n, s in enumerate(ordered, 1))


def _show(sym: clingo.Symbol) -> str:
    """Violation arguments for people: step numbers, effect ids, players."""
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Number:
        return str(sym.number)
    if sym.name in ("p", "o") and len(sym.arguments) == 1:
        return sym.arguments[0].string
    if sym.name == "" or sym.arguments:
        inner = ", ".join(_show(a) for a in sym.arguments)
        return inner if sym.name == "" else f"{sym.name}({inner})"
    return sym.name


def _alt(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.name == "shield":
        return f"prevent {sym.arguments[0].number}"
    return str(sym)


def _infos(found: list[Instance]) -> tuple[EffectInfo, ...]:
    out = []
    for i in found:
        status = "late (CR 614.4)" if i.late else ("can't" if isinstance(i.spec, S.CantSpec) else
                                                   "prevention" if i.spec.prevention else "replacement")
        out.append(EffectInfo(i.id, i.text, i.source, i.controller, status))
    return tuple(sorted(out, key=lambda e: e.id))
