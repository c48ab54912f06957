"""The layer engine's orchestration: one clingo call per layer or sublayer that has effects,
in CR 613.1-613.4 order, passing the characteristics from one to the next; then one call
for the effects outside the layers (combat, replacement, rules)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import clingo

from pyengine import encodings, solver
from pyengine import facts as F
from pyengine.layers.facts import FactBuilder
from pyengine.layers.read import Reader
from pyengine.layers.result import ActiveEffect, Application, LayerResult
from pyengine.model.enums import Layer
from pyengine.model.objects import GameState


@dataclass
class _Carry:
    """What one layer hands to the next: values, lock-ins (613.6), grant timestamps."""

    cur: list[clingo.Symbol]
    started: set[clingo.Symbol]
    started_on: set[tuple[clingo.Symbol, clingo.Symbol]]
    grants: set[tuple[clingo.Symbol, clingo.Symbol, int]]


def compute(state: GameState, timeout: float = 30.0) -> LayerResult:
    """Characteristics of every object after all continuous effects (CR 613)."""
    deadline = time.perf_counter() + timeout
    builder = FactBuilder(state)
    static, cur = builder.build()
    reader = Reader(state, builder.index)
    carry = _Carry(cur, set(), set(), set())
    applications: list[Application] = []
    dependencies: list[tuple[str, str, str]] = []
    for layer in Layer:
        if layer.value not in builder.index.layers_used:
            continue
        facts = static + carry.cur + _carry_facts(carry)
        res = solver.solve([encodings.path("layers")], facts, what=f"layer {layer.value}",
                           timeout=_left(deadline, timeout), consts={"layer": layer.asp})
        model = res.model
        applications += reader.applications(layer, model, carry.cur)
        dependencies += reader.dependencies(layer, model)
        carry = _Carry(
            cur=[F.fact("cur", *a.arguments) for a in model.atoms("final", 3)],
            started={a.arguments[0] for a in model.atoms("started_out", 1)},
            started_on={(a.arguments[0], a.arguments[1]) for a in model.atoms("started_on_out", 2)},
            grants=carry.grants | {(a.arguments[0], a.arguments[1], a.arguments[2].number)
                                   for a in model.atoms("grant", 3)},
        )
    active: tuple[ActiveEffect, ...] = ()
    if any(_is_rules(s) for s in static):
        facts = static + carry.cur + _carry_facts(carry)
        res = solver.solve([encodings.path("final")], facts, what="effects after layers",
                           timeout=_left(deadline, timeout), consts={"layer": "final"})
        active = reader.active(res.model)
    objects = reader.objects(carry.cur)
    return LayerResult(objects, tuple(applications), tuple(dependencies), active,
                       solver.version())


def _is_rules(sym: clingo.Symbol) -> bool:
    return sym.name == "rules_def"


def _carry_facts(carry: _Carry) -> list[clingo.Symbol]:
    out = [F.fact("started", e) for e in sorted(carry.started)]
    out += [F.fact("started_on", e, o) for e, o in sorted(carry.started_on)]
    out += [F.fact("grant_ts", o, k, t) for o, k, t in sorted(carry.grants)]
    return out


def _left(deadline: float, total: float) -> float:
    left = deadline - time.perf_counter()
    if left <= 0:
        raise solver.SolverTimeout("the layer engine", total)
    return left
