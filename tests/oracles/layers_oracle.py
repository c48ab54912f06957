"""Brute-force reference implementation of CR 613 (interaction of continuous effects).

:func:`characteristics` applies layers 1a-7d in order to a :class:`GameState`. Within a layer
(or sublayer) it applies characteristic-defining effects first (CR 613.3, 613.4a), then picks
the next effect by CR 613.8: it decides every dependency by *trial application* (copy the
state, apply B alone, and compare A's existence, affected set and what A does to each object),
computes dependency loops as strongly connected components of that relation by brute-force
reachability, and applies the earliest-timestamp effect that depends on no remaining effect
outside its own loop (613.8b). Dependencies are recomputed after every application (613.8c).
Lock-in follows CR 613.6 and 611.2c.

The semantics is docs/effect-language.md; this module imports only the data model and never
the layer engine, so that the property tests compare two independent implementations.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from pyengine.model.effects import Ability, EffectDef, ResolvedEffect
from pyengine.model.objects import GameState

from .cr_tables import LAYERS, effect_layers, subtype_category
from .layers_oracle_ops import apply_op, copiable, face_down_values, ops_in, params, set_copiable
from .layers_oracle_state import (
    BATTLEFIELD,
    KEYWORD_COUNTERS,
    TYPE_CATEGORIES,
    AbInst,
    Ctx,
    OObj,
    OState,
    eval_cond,
    obj_of,
    select,
    sorted_tuple,
)

Key = tuple[Any, ...]
PT_COUNTERS = {"+1/+1": 1, "-1/-1": -1}
COUNTER_RANK = 10**6  # counters sort after the object's own abilities at the same timestamp


@dataclass(frozen=True)
class Eff:
    """One continuous effect instance (or counters acting like one, CR 613.4c, 613.1f).

    ``kind`` is ``static`` (from an ability ``ability`` of object ``source``), ``resolved``
    (CR 611.2), ``counter`` (P/T counters, 7c) or ``kwcounter`` (keyword counter, layer 6).
    ``ts`` is the ordering key: (timestamp, tie-break...) per CR 613.7.
    """

    id: Key
    kind: str
    ts: Key
    definition: EffectDef | None = None
    source: str | None = None
    controller: str | None = None
    ability: Key | None = None  # the AbInst ident of a static effect's ability
    locked: frozenset[str] | None = None  # resolved: the set fixed at resolution
    counter: tuple[str, int] | None = None

    @property
    def cda(self) -> bool:
        """CR 604.3: from a characteristic-defining ability."""
        return self.definition is not None and self.definition.cda

    def has_layer(self, layer: str) -> bool:
        """Whether the effect has a part in ``layer``."""
        if self.kind == "counter":
            return layer == "7c"
        if self.kind == "kwcounter":
            return layer == "6"
        assert self.definition is not None
        return layer in effect_layers(self.definition.ops, self.definition.cda)


@dataclass
class Run:
    """Bookkeeping of one computation: resolved effects and the effects that have started
    applying, with the set each locked in (CR 613.6)."""

    resolved: tuple[Eff, ...]
    started: dict[Key, tuple[Eff, frozenset[str]]] = field(default_factory=dict)
    log: list[tuple[str, Key, frozenset[str]]] = field(default_factory=list)
    # CR 707.2b-c: the state when layer 1a begins, the copy effects that exist then, and the
    # values each copy effect gives (fixed, found on first use)
    start: OState | None = None
    copies: tuple[Eff, ...] = ()
    copied: dict[Key, Any] = field(default_factory=dict)


# --- Effects present now ---------------------------------------------------------------------


def _resolved(e: ResolvedEffect) -> Eff:
    return Eff(
        ("resolved", e.id),
        "resolved",
        (e.timestamp, 0, 0),
        e.definition,
        e.source,
        e.controller,
        None,
        None if e.locked is None else frozenset(e.locked),
    )


def _static(o: OObj, ab: AbInst, j: int, d: EffectDef) -> Eff:
    primary = o.timestamp if ab.grant_ts is None else max(o.timestamp, ab.grant_ts)  # 613.7a
    return Eff(("static", o.id, ab.ident, j), "static", (primary,) + ab.order + (j,), d, o.id, None, ab.ident)


def ctx_of(st: OState, e: Eff) -> Ctx:
    """``you`` is a static ability's source's controller now, or the resolved effect's."""
    if e.kind == "static":
        src = st.get(e.source)
        return Ctx(e.source, src.controller if src is not None else None)
    return Ctx(e.source, e.controller)


# CR 613.6 says an effect that has started to apply "will continue to be applied to the same
# set of objects in each other applicable layer"; the rules say nothing about an "as long as"
# condition (611.3) that turns false between two layers of the same effect. This oracle reads
# 613.6 literally: once started, the effect continues and its condition is not asked again.
# Set to True to re-check conditions of started effects in later layers instead.
RECHECK_CONDITION_AFTER_START = False


def exists(st: OState, e: Eff, run: Run) -> bool:
    """Whether ``e`` exists now (docs/effect-language.md, "Which effects exist")."""
    if e.kind in ("counter", "kwcounter"):
        return True
    assert e.definition is not None
    if e.id in run.started:
        cond = e.definition.condition
        if RECHECK_CONDITION_AFTER_START and cond is not None:
            return eval_cond(st, cond, ctx_of(st, e))
        return True
    if e.kind == "static":
        src = st.get(e.source)
        if src is None or not any(a.ident == e.ability for a in src.abilities):
            return False
        # CR 113.6: on the battlefield, or where the ability says (113.6b); a CDA everywhere
        zones = next(a.ability.zones for a in src.abilities if a.ident == e.ability) or (BATTLEFIELD,)
        if src.zone not in zones and not e.definition.cda:
            return False
    cond = e.definition.condition
    return cond is None or eval_cond(st, cond, ctx_of(st, e))


def present(st: OState, layer: str, run: Run) -> list[Eff]:
    """Every effect that exists now and has a part in ``layer``."""
    found: dict[Key, Eff] = {}
    for e in run.resolved:
        if e.has_layer(layer) and exists(st, e, run):
            found[e.id] = e
    for o in st.objects.values():
        for ab in o.abilities:
            # static abilities, and keywords that define characteristics (changeling, devoid)
            for j, d in enumerate(ab.ability.effects):
                e = _static(o, ab, j, d)
                if e.id in run.started:
                    e = run.started[e.id][0]
                if e.has_layer(layer) and exists(st, e, run):
                    found[e.id] = e
        stamped = dict(o.counter_timestamps)  # CR 613.7c: put on later than the object entered
        for kind, n in o.counters:
            if layer == "7c" and kind in PT_COUNTERS and n:
                found[("counter", o.id, kind)] = Eff(
                    ("counter", o.id, kind),
                    "counter",
                    (stamped[kind], 0, 0) if kind in stamped
                    else (o.timestamp, COUNTER_RANK, sorted(PT_COUNTERS).index(kind)),
                    source=o.id,
                    counter=(kind, n * PT_COUNTERS[kind]),
                )
            if layer == "6" and kind in KEYWORD_COUNTERS and n:
                found[("kwcounter", o.id, kind)] = Eff(
                    ("kwcounter", o.id, kind),
                    "kwcounter",
                    (stamped[kind], 0, 0) if kind in stamped
                    else (o.timestamp, COUNTER_RANK, sorted(KEYWORD_COUNTERS).index(kind)),
                    source=o.id,
                    counter=(kind, n),
                )
    for eid, (e, _) in run.started.items():  # CR 613.6: it keeps applying once started
        if eid not in found and e.has_layer(layer):
            found[eid] = e
    return list(found.values())


def affected(st: OState, e: Eff, run: Run) -> frozenset[str]:
    """The objects ``e`` applies to now (locked-in sets per CR 613.6, 611.2c)."""
    if e.kind in ("counter", "kwcounter"):
        return frozenset({e.source}) if e.source in st.objects else frozenset()
    if e.id in run.started:
        return run.started[e.id][1]
    if e.locked is not None:
        return frozenset(o for o in e.locked if o in st.objects)
    assert e.definition is not None
    if e.definition.cda:
        return frozenset({e.source}) if e.source in st.objects else frozenset()
    if e.definition.affects is None:
        return frozenset()
    return select(st, e.definition.affects, ctx_of(st, e))


def _plan(st: OState, e: Eff, layer: str, run: Run) -> list[tuple[str, Any, Any]]:
    """(object, op, value) for everything ``e`` does in ``layer`` now, evaluated before any
    of it is written (an effect changes its objects simultaneously)."""
    if e.kind in ("counter", "kwcounter"):
        assert e.source is not None and e.counter is not None
        kind, n = e.counter
        if e.kind == "kwcounter":
            return [(e.source, "kwcounter", [kind])]
        return [(e.source, "counter", [("power", n), ("toughness", n)])]
    assert e.definition is not None
    ctx = ctx_of(st, e)
    out = []
    for oid in sorted(affected(st, e, run)):
        o = st.objects[oid]
        for op in ops_in(e.definition, layer):
            value = copied(e, op, run) if op.kind == "copy" else params(st, op, o, ctx)
            out.append((oid, op, value))
    return out


def copied(e: Eff, op: Any, run: Run) -> Any:
    """What copy effect ``e`` copies: the copied object's copiable values when ``e`` began
    (its timestamp), never changed afterwards (CR 707.2b; 707.2c for a static ability's).
    They are its values before layer 1 as modified by the last copy effect on it with an
    earlier timestamp (itself fixed when it began), or its face-down values (708.2)."""
    if e.id in run.copied:
        return run.copied[e.id]
    st0 = run.start
    assert st0 is not None
    ref = obj_of(st0, op.arg("of"), ctx_of(st0, e))
    value: Any = None
    # face down when e began: it is now, and its timestamp (it gets a new one each time it is
    # turned face down or up, 613.7f) is earlier than e's
    if ref is not None and ref.face_down and ref.timestamp < e.ts[0]:
        value = _freeze_values(face_down_values(ref))
    elif ref is not None:
        earlier = [c for c in run.copies if c.id != e.id and c.ts < e.ts and ref.id in affected(st0, c, run)]
        if earlier:
            last = max(earlier, key=lambda c: c.ts)
            assert last.definition is not None
            value = copied(last, next(o for o in last.definition.ops if o.kind == "copy"), run)
        else:
            value = _freeze_values(copiable(dataclasses.replace(ref, face_down=False)))
    if value is not None and op.has("except"):
        value = _freeze_values(_except(dict(value), op.arg("except")))
    run.copied[e.id] = value
    return value


_EXCEPT_KEY = {"type": "types", "subtype": "subtypes", "supertype": "supertypes", "color": "colors",
               "ability": "abilities", "power": "power", "toughness": "toughness", "name": "name",
               "mana_value": "mana_value"}
_SINGLE = ("power", "toughness", "name", "mana_value")  # one value each
# the layer where a characteristic-defining ability defines each characteristic (CR 604.3)
_DEFINED_IN = {"types": "4", "subtypes": "4", "supertypes": "4", "colors": "5",
               "power": "7a", "toughness": "7a"}


def _except(vals: dict[str, Any], changes: Any) -> dict[str, Any]:
    """CR 707.9b: a copy effect's exceptions change the values it copies; 707.9d: where one
    sets a characteristic, a characteristic-defining ability defining it isn't copied."""
    set_keys = {_EXCEPT_KEY[attr] for attr, how, _ in changes if how == "set"}
    dropped = {_DEFINED_IN[k] for k in set_keys if k in _DEFINED_IN}
    vals["abilities"] = tuple(a for a in vals["abilities"] if not any(
        d.cda and dropped & set(effect_layers(d.ops, d.cda)) for d in a.effects))
    # what is removed is removed from what was copied; what is set or added is there
    for attr, how, values in changes:
        key = _EXCEPT_KEY[attr]
        if key in _SINGLE:
            vals[key] = values[0]
            if key == "mana_value":  # "with no mana cost" (202.3a: mana value 0)
                vals["mana_cost"] = None
        elif key == "subtypes" and how == "set":  # CR 205.1a: each replaces its own set only
            replaced = {subtype_category(v) for v in values}
            vals[key] = frozenset(v for v in vals[key] if subtype_category(v) not in replaced)
        elif how == "set":
            vals[key] = frozenset() if key != "abilities" else ()
    for attr, how, values in changes:
        key = _EXCEPT_KEY[attr]
        if how == "remove":
            vals[key] = vals[key] - frozenset(values)
    for attr, how, values in changes:
        key = _EXCEPT_KEY[attr]
        if key == "abilities":
            vals[key] = vals[key] + tuple(v for v in values if v not in vals[key])
        elif key not in _SINGLE and how != "remove":
            vals[key] = vals[key] | frozenset(values)
    # the final set (707.9b): no subtype without a card type it belongs to (205.3d)
    cats: set[str] = set()
    for t in vals["types"]:
        cats |= TYPE_CATEGORIES.get(t, frozenset())
    vals["subtypes"] = frozenset(v for v in vals["subtypes"] if subtype_category(v) in cats)
    return vals


def _freeze_values(vals: dict[str, Any]) -> Any:
    return tuple(sorted(vals.items(), key=lambda kv: kv[0]))


def signature(st: OState, e: Eff, layer: str, run: Run) -> Any:
    """Existence, affected set and what ``e`` does to each of them (CR 613.8a(b))."""
    if not exists(st, e, run):
        return (False,)
    plan = _plan(st, e, layer, run)
    return (
        True,
        affected(st, e, run),
        tuple((oid, getattr(op, "kind", op), value) for oid, op, value in plan),
    )


def apply(st: OState, e: Eff, layer: str, run: Run) -> frozenset[str]:
    """Apply ``e``'s part in ``layer`` to ``st``; return the objects it applied to."""
    targets = affected(st, e, run)
    for oid, op, value in _plan(st, e, layer, run):
        o = st.objects[oid]
        if op == "counter":
            for key, delta in value:
                cur = getattr(o, key)
                setattr(o, key, (0 if cur is None else cur) + delta)
        elif op == "kwcounter":
            name = value[0]
            if name not in o.forbidden:
                ab = Ability("keyword", key=name, name=name)
                o.abilities = o.abilities + (AbInst(ab, "counter", ("counter", name), (2, name), None, name),)
        else:
            apply_op(st, op, o, value, (e.id, e.ts[0]))
    return targets


# --- CR 613.8: dependency and order ------------------------------------------------------------


def depends(st: OState, a: Eff, b: Eff, layer: str, run: Run) -> bool:
    """CR 613.8a: applying ``b`` alone would change ``a``'s existence, what it applies to, or
    what it does to any of those (same layer; both or neither CDA)."""
    if a.cda != b.cda:
        return False
    trial = st.copy()
    apply(trial, b, layer, run)
    return bool(signature(st, a, layer, run) != signature(trial, a, layer, run))


def choose(st: OState, pending: list[Eff], layer: str, run: Run) -> tuple[Eff, list[Eff]]:
    """CR 613.8b: the earliest-timestamp effect among those that depend on no remaining effect
    outside a dependency loop they are part of. Returns it and what it depends on."""
    n = len(pending)
    dep = [[i != j and depends(st, pending[i], pending[j], layer, run) for j in range(n)] for i in range(n)]
    reach = [row[:] for row in dep]  # transitive closure (Floyd-Warshall)
    for k in range(n):
        for i in range(n):
            if reach[i][k]:
                for j in range(n):
                    if reach[k][j]:
                        reach[i][j] = True
    eligible = [i for i in range(n) if all(not dep[i][j] or reach[j][i] for j in range(n))]
    best = min(eligible, key=lambda i: pending[i].ts)
    return pending[best], [pending[j] for j in range(n) if dep[best][j]]


def run_layer(st: OState, layer: str, run: Run) -> None:
    """Apply every effect of ``layer`` (CR 613.3, 613.8)."""
    done: set[Key] = set()
    while True:
        pending = [e for e in present(st, layer, run) if e.id not in done]
        if not pending:
            return
        cdas = [e for e in pending if e.cda]  # CR 613.3, 613.4a: CDAs first
        group = cdas or pending
        chosen, _ = choose(st, group, layer, run) if len(group) > 1 else (group[0], [])
        targets = apply(st, chosen, layer, run)
        done.add(chosen.id)
        if chosen.kind in ("static", "resolved") and chosen.id not in run.started:
            run.started[chosen.id] = (chosen, targets)
        run.log.append((layer, chosen.id, targets))


def face_down(st: OState) -> None:
    """Layer 1b (CR 708.2, 708.2a): face-down permanents and spells."""
    for o in st.objects.values():
        if o.face_down:
            set_copiable(o, face_down_values(o))


# --- Entry point -------------------------------------------------------------------------------


def compute(state: GameState) -> tuple[OState, Run]:
    """Apply all layers; return the final working state and the bookkeeping."""
    objs = {o.id: OObj.from_object(o) for o in state.objects}
    for o in objs.values():
        o.sync_intrinsic()
    step = getattr(state.turn.step, "value", state.turn.step)  # the scenario word
    st = OState(objs, state.player_ids, state.turn.active, step, tuple(o.id for o in state.objects))
    run = Run(tuple(_resolved(e) for e in state.effects))
    for layer in LAYERS:
        if layer == "1a":
            run.start = st.copy()
            run.copies = tuple(e for e in present(st, layer, run) if e.definition is not None
                               and any(o.kind == "copy" for o in e.definition.ops))
        if layer == "1b":
            face_down(st)
        else:
            run_layer(st, layer, run)
        if layer in ("1a", "1b"):
            for o in st.objects.values():
                o.copiable_pt = o.power is not None or o.toughness is not None
    return st, run


def view(o: OObj) -> dict[str, Any]:
    """One object's final characteristics in the shape of ``LayerResult.values()``."""
    return {
        "name": o.name,
        "mana_value": o.mana_value,
        "colors": sorted_tuple(o.colors),
        "types": sorted_tuple(o.types),
        "subtypes": sorted_tuple(o.visible_subtypes()),
        "supertypes": sorted_tuple(o.supertypes),
        "abilities": sorted_tuple(o.ability_names()),
        "power": o.pt("power"),
        "toughness": o.pt("toughness"),
        "loyalty": o.loyalty,
        "defense": o.defense,
        "controller": o.controller,
    }


def characteristics(state: GameState) -> dict[str, dict[str, Any]]:
    """Every object's characteristics after all continuous effects (CR 613)."""
    st, _ = compute(state)
    return {oid: view(st.objects[oid]) for oid in st.order}
