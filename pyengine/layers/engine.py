"""The layer engine's orchestration: one clingo call per round of each layer or sublayer that
has effects, in CR 613.1-613.4 order, passing the characteristics from one to the next (a
round chooses what applies next and applies it, asp/layers/steps.lp), consecutive layers
whose effects read nothing an earlier one of them changes asked in one round (statics.groups); then
one call for the effects outside the layers (combat, replacement, rules) and the effects on
players (CR 613.10, 613.11, asp/layers/players.lp)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import clingo

from pyengine import encodings, solver
from pyengine import facts as F
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.layers import statics, worlds
from pyengine.layers.facts import FactBuilder
from pyengine.layers.read import Reader
from pyengine.layers.result import ActiveEffect, Application, LayerResult
from pyengine.model.enums import Layer
from pyengine.model.objects import GameState, Player, TurnContext


@dataclass
class _Carry:
    """What one layer hands to the next: values (the cur/3 facts of each object, by
    object id and attribute name, each with its value), lock-ins (613.6), grant timestamps."""

    cur: _Values
    started: set[clingo.Symbol]
    started_on: set[tuple[clingo.Symbol, clingo.Symbol]]
    grants: set[tuple[clingo.Symbol, clingo.Symbol, int]]
    # the facts of started, started_on and grants: what each round added, sorted, after what
    # the rounds before added (a fixed order without sorting everything every round)
    facts: tuple[clingo.Symbol, ...] = ()


def compute(state: GameState, timeout: float | Budget = 30.0, measure: bool = False,
            stepwise: bool = False) -> LayerResult:
    """Characteristics of every object after all continuous effects (CR 613). ``measure``:
    also count the ground atoms and rules of every call (for benchmarks). ``stepwise``: apply
    one effect at a time in every layer, with dependencies, even where no effect can change
    what another reads (asp/layers/quiet.lp): the answer is the same, only slower.
    ``timeout``: seconds, or the budget of the query this computation is part of (each call
    gets what is left of it). Raises :class:`SolverTimeout` naming the whole limit and where
    the time ran out."""
    view = _view(state)
    key = (view, measure, stepwise)
    with _KEPT_LOCK:
        known = _KEPT.get(key)
        if known is not None:
            _KEPT.move_to_end(key)
            return known
    result = _compute(view, Budget.of(timeout, _ENGINE), measure, stepwise)
    with _KEPT_LOCK:
        _KEPT[key] = result
        while len(_KEPT) > _KEPT_MAX:
            _KEPT.popitem(last=False)
    return result


_ENGINE = "the layer engine"

# The results computed in this process, by the part of the state the engine reads (_view):
# a game asks again after every event, most of which (a step, priority, life, a draw) change
# nothing the layers read. Least recently used first out.
_KEPT: OrderedDict[tuple[GameState, bool, bool], LayerResult] = OrderedDict()
_KEPT_MAX = 64
_KEPT_LOCK = threading.Lock()  # computations may come from several threads


def _view(state: GameState) -> GameState:
    """The part of ``state`` the layer engine reads (its facts and its reading of answers):
    the players (their ids, in turn order), whose turn it is, the objects and the resolved
    effects. The engine computes on this view, so that two states with the same view have one
    answer, kept once: an engine that came to read more of the state (a player's life, the
    step) must add it here, and its scenarios fail until it does."""
    return GameState(players=tuple(Player(p.id) for p in state.players),
                     turn=TurnContext(state.turn.active), objects=state.objects,
                     effects=state.effects, graveyard_unordered=state.graveyard_unordered)


def forget() -> None:
    """Drop the kept results (they stay correct; this frees their memory). ``solver.forget``
    calls it too."""
    with _KEPT_LOCK:
        _KEPT.clear()
        _STEPPED.clear()


solver.also_forget(forget)


def _compute(state: GameState, budget: Budget, measure: bool, stepwise: bool) -> LayerResult:
    builder = FactBuilder(state)
    static, _ = builder.build()
    static_names = frozenset(builder.names)
    # what the gateway's pruning is told of the facts: the static facts' shapes, any shape
    # for what the rounds carry (_carry_shapes)
    static_shapes = builder.shapes()
    reader = Reader(state, builder.index)
    # rules that make matching recursive are loaded only when the state needs them
    extra = [encodings.path("cmp_dynamic")] if builder.index.dynamic_cmp else []
    extra += [encodings.path("selectors_nested")] if builder.index.nested else []
    # every call splits worlds (worlds.py): the actual state's evaluation is kept apart from
    # the trial worlds', so that the grounder computes it (and its counts) as facts
    carry = _Carry(builder.values, set(), set(), set())
    applications: list[Application] = []
    dependencies: list[tuple[str, str, str]] = []
    batched: list[str] = []  # layers whose first round applied every effect (quiet.lp)
    summed: list[tuple[str, tuple[str, ...]]] = []  # a batch's summed changes, by layer (7c)
    defs: frozenset[clingo.Symbol] | None = None  # the effect definitions (_definitions)
    stats = {"calls": 0.0, "atoms": 0.0, "rules": 0.0, "ground_s": 0.0, "solve_total_s": 0.0,
             "clingo_s": 0.0}
    # consecutive sublayers whose effects read nothing an earlier one of them changes are
    # asked in one round (statics.groups); where that round is not a batch, each layer on its own
    groups = {} if stepwise else statics.groups(static, builder.index.layers_used)
    done: set[Layer] = set()  # the layers a group's round applied
    for layer in Layer:
        if layer == Layer.L7A:
            carry.cur = _zero_pt(carry.cur)
        if layer.value not in builder.index.layers_used or layer in done:
            continue
        group = groups.get(layer)
        if group is not None:
            if defs is None and _STEPPED:
                defs = _definitions(static)
            key = (_group_key(group), defs)
            if defs is None or key not in _STEPPED:
                grouped = _group_round(group, static, static_shapes, carry, extra, reader, budget,
                                       measure, stats)
                if grouped is not None:
                    carry, logs = grouped
                    for lay, log in logs:
                        applications += reader.applications(lay, log)
                        if log.order:
                            batched.append(lay.value)
                        if log.sums:
                            summed.append((lay.value, reader.changes(log.sums)))
                    done.update(group)
                    continue
                if defs is None:
                    defs = _definitions(static)
                _remember_stepped((_group_key(group), defs))
        log = _LayerLog(reader)
        applied: list[clingo.Symbol] = []
        fixed: list[clingo.Symbol] = []  # layer 1a: the copy effects' values (CR 707.2b-c)
        program = [encodings.path("layers_core"), encodings.layer(layer.asp), *extra]
        # the first round is asked of the program without trial application (batch.lp)
        # first: where no effect is sensitive (quiet.lp) its answer is core.lp's; where one
        # is, it shows next/2 and the round is asked of core.lp
        quick = None if stepwise else [encodings.path("layers_batch"), *program[1:]]
        # a layer that went one step at a time on a board with these effect definitions
        # (a game asks again after every event) is asked of core.lp first (its answer is
        # always exact; batch.lp's is only where no effect is sensitive)
        if quick is not None and _STEPPED:
            if defs is None:
                defs = _definitions(static)
            if (layer.asp, defs) in _STEPPED:
                quick = None
        while True:
            facts = (static + _values(carry) + list(carry.facts) + [F.fact("applied", e) for e in applied]
                     + fixed)
            shapes = static_shapes | _carry_shapes(carry, bool(applied), bool(fixed))
            for encs in ((quick, program) if quick is not None and not applied else (program,)):
                res = solver.solve(encs, facts, what=f"layer {layer.value}", budget=budget,
                                   consts={"layer": layer.asp, "always_step": int(stepwise)},
                                   measure=measure, transform=worlds.split, fact_shapes=shapes)
                _add_stats(stats, res.stats)
                if encs is program or not res.model.atoms(O.Next.predicate, 2, ordered=False):
                    break
                if defs is None:
                    defs = _definitions(static)
                _remember_stepped((layer.asp, defs))
            model = res.model
            if not applied:
                dependencies += reader.dependencies(layer, model)
                # fixed by the first round of layer 1a, where nothing had applied yet
                fixed = [F.fact("cp_fixed", *a.arguments) for a in model.atoms(O.CopyValue.predicate, 3)]
            order = log.record(model)
            if not order:
                break
            # what was chosen was applied in the same call (fold_apply.lp)
            log.record_changes(model)
            before = carry.cur
            carry = _advance(carry, model, reader)
            if model.atoms(O.Summed.predicate, 0, ordered=False):
                log.record_sums(model, before, carry.cur)
            if model.atoms(O.Batch.predicate, 2):
                if not applied:
                    batched.append(layer.value)
                break
            applied += order
        applications += reader.applications(layer, log)
        if log.sums:
            summed.append((layer.value, reader.changes(log.sums)))
    active: tuple[ActiveEffect, ...] = ()
    final_model: solver.Model | None = None
    values = _values(carry) if "rules_def" in static_names else []
    if "rules_def" in static_names and statics.may_have_final(static, values):
        facts = static + values + list(carry.facts)
        shapes = static_shapes | _carry_shapes(carry, False, False)
        res = solver.solve([encodings.path("final"), *extra], facts, what="effects after layers",
                           budget=budget, consts={"layer": "final"},
                           measure=measure, transform=worlds.split, fact_shapes=shapes)
        _add_stats(stats, res.stats)
        final_model = res.model
        active = reader.active(final_model)
    objects = reader.objects(carry.cur)
    players, player_apps = reader.players(final_model)
    return LayerResult(objects, tuple(applications), tuple(dependencies), active,
                       solver.version(), stats, tuple(batched), players, player_apps, tuple(summed))


def _group_key(group: tuple[Layer, ...]) -> str:
    return "+".join(lay.asp for lay in group)


F.declare("group_layer", 1)
_GROUP_SHAPES = {lay: frozenset({("group_layer", 1, -1, None), ("group_layer", 1, 0, (lay.asp, 0))})
                 for run in statics.RUNS for lay in run}


def _group_round(group: tuple[Layer, ...], static: list[clingo.Symbol],
                 static_shapes: frozenset, carry: _Carry, extra: list, reader: Reader,
                 budget: Budget, measure: bool, stats: dict[str, float]
                 ) -> tuple[_Carry, list[tuple[Layer, _LayerLog]]] | None:
    """One batch.lp round of the sublayers of ``group`` (steps.lp, group_layer/1): the carry
    after them and each sublayer's log; None where some effect of the group is sensitive (the
    round shows next/2), and the sublayers must be asked one by one."""
    files = list(dict.fromkeys(encodings.layer(lay.asp) for lay in group))
    facts = (static + _values(carry) + list(carry.facts)
             + [F.fact("group_layer", F.Const(lay.asp)) for lay in group])
    shapes = static_shapes | _carry_shapes(carry, False, False)
    shapes = shapes.union(*(_GROUP_SHAPES[lay] for lay in group))
    res = solver.solve([encodings.path("layers_batch"), *files, *extra], facts,
                       what=f"layers {group[0].value}-{group[-1].value}", budget=budget,
                       consts={"layer": group[0].asp, "always_step": 0}, measure=measure,
                       transform=worlds.split, fact_shapes=shapes)
    _add_stats(stats, res.stats)
    model = res.model
    if model.atoms(O.Next.predicate, 2, ordered=False):
        return None
    rank = {_RANKS[lay]: lay for lay in group}
    mine: dict[Layer, set[clingo.Symbol]] = {lay: set() for lay in group}
    for a in model.atoms(O.Batch.predicate, 2, ordered=False):
        mine[rank[a.arguments[1].arguments[0].number]].add(a.arguments[0])
    whole = _LayerLog(reader)
    if whole.record(model):
        whole.record_changes(model)
    logs = []
    for lay in group:
        log = whole.part(mine[lay])
        if lay == Layer.L7C and log.order:
            log.record_group_sums(model)
        logs.append((lay, log))
    if any(mine.values()):
        carry = _advance(carry, model, reader)
    return carry, logs


# the ranks of the layers in asp/layers/attributes.lp (layer_rank/2)
_RANKS = {lay: i + 1 for i, lay in enumerate(Layer)}


# The layers that went one step at a time (a batch.lp round showed next/2), by layer and the
# board's effect definitions (_definitions): asked of core.lp first next time. Least recently
# used first out; a wrong guess costs a core.lp round where batch.lp's was enough, never an
# answer.
_STEPPED: OrderedDict[tuple[str, frozenset[clingo.Symbol]], None] = OrderedDict()
_STEPPED_MAX = 256
_DEFINITION_PREFIXES = ("def_", "sel_", "expr_")


def _definitions(static: list[clingo.Symbol]) -> frozenset[clingo.Symbol]:
    """The facts that define the board's effects, their selectors and expressions."""
    return frozenset(f for f in static if f.name.startswith(_DEFINITION_PREFIXES))


def _remember_stepped(key: tuple[str, frozenset[clingo.Symbol]]) -> None:
    with _KEPT_LOCK:
        _STEPPED[key] = None
        _STEPPED.move_to_end(key)
        while len(_STEPPED) > _STEPPED_MAX:
            _STEPPED.popitem(last=False)


def preload() -> None:
    """Parse and analyse the layer encodings now, as they are loaded, with the worlds split
    (see :func:`pyengine.solver.preload`)."""
    paths = [encodings.path(name) for name in ("layers_core", "layers_batch", "final", "cmp_dynamic",
                                                "selectors_nested")]
    paths += sorted({encodings.layer(name) for name in encodings.LAYER_FILES})
    core = encodings.path("layers_core")
    solver.preload(paths, worlds.split)
    # the programs of boards without nested selectors or dynamic comparisons
    for layer_file in sorted({encodings.layer(name) for name in encodings.LAYER_FILES}):
        solver.preload_program([core, layer_file], worlds.split)
        solver.preload_program([encodings.path("layers_batch"), layer_file], worlds.split)
    solver.preload_program([encodings.path("final")], worlds.split)


class _LayerLog:
    """The rounds of one layer: what applied, to what, and the dependencies seen."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader  # decodes each symbol once
        self.order: list[clingo.Symbol] = []
        self.affected: dict[clingo.Symbol, list[str]] = {}
        self.ts: dict[clingo.Symbol, tuple[int, ...]] = {}
        self.deps: set[tuple[clingo.Symbol, clingo.Symbol]] = set()
        self.loops: dict[clingo.Symbol, set[clingo.Symbol]] = {}
        self.changes: dict[clingo.Symbol, list[tuple[str, str, str, clingo.Symbol]]] = {}
        self.existed: list[clingo.Symbol] = []
        # the changes of a batch whose effects add (7c), summed per object (fold_apply.lp)
        self.sums: list[tuple[str, str, str, clingo.Symbol]] = []

    @property
    def unapplied(self) -> list[clingo.Symbol]:
        """Effects that existed when the layer began but never applied in it."""
        return [e for e in self.existed if e not in self.order]

    def record(self, model: solver.Model) -> list[clingo.Symbol]:
        """Add one round; return the effects it applied, in order."""
        for a in model.atoms(O.Timestamp.predicate, None, ordered=False):  # into dicts and sets: any order
            e, ts = a.arguments
            self.ts[e] = tuple(x.number for x in ts.arguments)
        for a in model.atoms(O.Dependency.predicate, 3, ordered=False):
            e, b, _ = a.arguments
            self.deps.add((e, b))
        nxt = [a.arguments[0] for a in model.atoms(O.Next.predicate, 2)]
        batch = [a.arguments[0]
                 for a in sorted(model.atoms(O.Batch.predicate, 2), key=lambda a: a.arguments[1])]
        order = nxt + batch
        for a in model.atoms(O.Loop.predicate, 3, ordered=False):
            if a.arguments[0] in nxt and a.arguments[0] != a.arguments[1]:
                self.loops.setdefault(a.arguments[0], set()).add(a.arguments[1])
        if not self.order:
            self.existed = [a.arguments[0] for a in model.atoms(O.ExistsNow.predicate, None)]
        string = self.reader.string
        # what applied to what, by groups of objects (asp/show/layers.lp): each group's
        # members are read once, however many effects applied to it
        members: dict[clingo.Symbol, list[str]] = {}
        for a in model.atoms(O.InGroup.predicate, None, ordered=False):  # Reader.applications sorts
            g, o = a.arguments
            members.setdefault(g, []).append(string(o))
        for a in model.atoms(O.AppliedGroup.predicate, None, ordered=False):
            e, g = a.arguments
            self.affected.setdefault(e, []).extend(members.get(g, ()))
        self.order += order
        return order

    def record_changes(self, model: solver.Model) -> None:
        """What each applied effect changed (fold_apply.lp)."""
        string, name_of = self.reader.string, self.reader.name
        for sign, name in (("+", O.Gained.predicate), ("-", O.Lost.predicate)):
            for a in model.atoms(name, None, ordered=False):  # read.changes sorts
                e, o, attr, v = a.arguments
                self.changes.setdefault(e, []).append((sign, string(o), name_of(attr), v))

    def part(self, only: set[clingo.Symbol]) -> _LayerLog:
        """The log of one layer of a group's round, recorded in this one: its effects
        ``only``, what they did (by effect, shared with this log)."""
        log = _LayerLog(self.reader)
        log.order = [e for e in self.order if e in only]
        log.existed = [e for e in self.existed if e in only]
        log.affected, log.ts, log.deps = self.affected, self.ts, self.deps
        log.loops, log.changes = self.loops, self.changes
        return log

    def record_group_sums(self, model: solver.Model) -> None:
        """The changes of layer 7c's sums in a group's round: each summed object's values
        before and after its chain's step ``sum`` (fold_apply.lp), as :meth:`record_sums`
        gives them where 7c runs alone."""
        string, name_of = self.reader.string, self.reader.name
        values: dict[tuple[str, str], tuple[set[clingo.Symbol], set[clingo.Symbol]]] = {}
        for i, name in enumerate((O.SumFrom.predicate, O.SumTo.predicate)):
            for a in model.atoms(name, 3, ordered=False):  # read.changes sorts
                obj, attr, v = a.arguments
                values.setdefault((string(obj), name_of(attr)), (set(), set()))[i].add(v)
        for (o, name), (old, new) in values.items():
            self.sums += [("-", o, name, v) for v in old - new]
            self.sums += [("+", o, name, v) for v in new - old]

    def record_sums(self, model: solver.Model, before: _Values, after: _Values) -> None:
        """The changes of a round that summed what its effects add (CR 613.4c): each changed
        object's values of the attributes the layer changes, before and after the round (the
        applications' intermediate values are not computed, fold_apply.lp)."""
        string, name_of = self.reader.string, self.reader.name
        stepped = [name_of(a.arguments[0]) for a in model.atoms(O.Stepped.predicate, 1, ordered=False)]
        for a in model.atoms(O.Changed.predicate, None, ordered=False):  # read.changes sorts
            o = string(a.arguments[0])
            for attr in stepped:
                old = {v for _, v in before.get(o, {}).get(attr, ())}
                new = {v for _, v in after.get(o, {}).get(attr, ())}
                self.sums += [("-", o, attr, v) for v in old - new]
                self.sums += [("+", o, attr, v) for v in new - old]


def _advance(carry: _Carry, model: solver.Model, reader: Reader) -> _Carry:
    started = {a.arguments[0] for a in model.atoms(O.Started.predicate, None, ordered=False)} - carry.started
    started_on = {(a.arguments[0], a.arguments[1])
                  for a in model.atoms(O.StartedOn.predicate, None, ordered=False)} - carry.started_on
    grants = {(a.arguments[0], a.arguments[1], a.arguments[2].number)
              for a in model.atoms(O.Grant.predicate, None, ordered=False)} - carry.grants
    new = [F.fact("started", e) for e in sorted(started)]
    new += [F.fact("started_on", e, o) for e, o in sorted(started_on)]
    new += [F.fact("grant_ts", o, k, t) for o, k, t in sorted(grants)]
    # shown as cur(O, A, V) : final(O, A, V), for the attributes the layer changes
    # (stepped/1) of the objects the round changed (changed/1); the others keep their values
    string, name_of = reader.string, reader.name
    stepped = [name_of(a.arguments[0]) for a in model.atoms(O.Stepped.predicate, 1, ordered=False)]
    cur = dict(carry.cur)
    for a in model.atoms(O.Changed.predicate, None, ordered=False):
        oid = string(a.arguments[0])
        values = dict(cur[oid])
        for name in stepped:
            values[name] = []
        cur[oid] = values
    for a in model.atoms(O.Current.predicate, None, ordered=False):
        obj, attr, v = a.arguments
        cur[string(obj)][name_of(attr)].append((a, v))
    return _Carry(
        cur=cur,
        started=carry.started | started,
        started_on=carry.started_on | started_on,
        grants=carry.grants | grants,
        facts=carry.facts + tuple(new),
    )


def _add_stats(total: dict[str, float], one: dict[str, float]) -> None:
    total["calls"] += 1
    total["atoms"] += one.get("atoms", 0.0)
    total["rules"] += one.get("rules", 0.0)
    total["ground_s"] += one.get("ground_s", 0.0)
    total["solve_total_s"] += one.get("total_s", 0.0)
    total["clingo_s"] += one.get("clingo_s", 0.0)


def _zero_pt(cur: _Values) -> _Values:
    """CR 208.5: entering layer 7, a creature with no value for its power (toughness) has 0."""
    out = {}
    for o, values in cur.items():
        if any(v == _CREATURE for _, v in values.get("type", ())):
            missing = [a for a in _PT if not values.get(a)]
            if missing:
                values = dict(values)
                for a in missing:
                    values[a] = [(F.fact("cur", o, F.Const(a), 0), _ZERO)]
        out[o] = values
    return out


# the cur/3 facts of each object (by id), by attribute name, in their order, each with its value
_Values = dict[str, dict[str, list[tuple[clingo.Symbol, clingo.Symbol]]]]


def _values(carry: _Carry) -> list[clingo.Symbol]:
    """The cur/3 facts of every object."""
    return [f for values in carry.cur.values() for facts in values.values() for f, _ in facts]


_CREATURE = clingo.Function("creature")
_ZERO = clingo.Number(0)
_PT = ("power", "toughness")


# the names of the facts a round gets besides the static ones (_Carry.facts, applied/1, cur/3,
# cp_fixed/3)
_CARRY_NAMES = frozenset({"cur", "started", "started_on", "grant_ts", "applied", "cp_fixed"})
F.declare("cp_fixed", 3)
_ANY_SHAPES = {name: frozenset((name, F.PREDICATES[name], pos, None) for pos in range(-1, F.PREDICATES[name]))
               for name in _CARRY_NAMES}


@lru_cache(maxsize=64)
def _carried(started: bool, started_on: bool, grants: bool, applied: bool,
             fixed: bool) -> frozenset[tuple[str, int, int, None]]:
    names = ["cur"] + [name for name, present in (("started", started), ("started_on", started_on),
                                                  ("grant_ts", grants), ("applied", applied),
                                                  ("cp_fixed", fixed)) if present]
    return frozenset().union(*(_ANY_SHAPES[name] for name in names))


def _carry_shapes(carry: _Carry, applied: bool, fixed: bool) -> frozenset[tuple[str, int, int, None]]:
    """What the pruning is told of the facts a round carries: any shape, for the kinds of
    facts there are (cur/3 always)."""
    return _carried(bool(carry.started), bool(carry.started_on), bool(carry.grants), applied, fixed)

