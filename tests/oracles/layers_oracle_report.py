"""Readable descriptions of layer-test states and answers, and consistent renaming of object
ids (for the invariance checks). Used by the layer property tests' failure reports."""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from pyengine.model.effects import (
    Ability,
    Condition,
    EffectDef,
    Expr,
    ObjRef,
    Op,
    PlayerRef,
    ResolvedEffect,
    Selector,
)
from pyengine.model.objects import GameObject, GameState

from .cr_tables import PLAYER_OPS

# --- Invariance helpers ----------------------------------------------------------------------


def rename_objects(state: GameState, mapping: dict[str, str]) -> GameState:
    """The same state with every object id renamed (ids, references, attachments, locked sets)."""

    def walk(x: Any) -> Any:
        if isinstance(x, tuple):
            return tuple(walk(v) for v in x)
        if isinstance(x, ObjRef):
            return ObjRef(x.kind, mapping.get(x.obj, x.obj) if x.obj is not None else None)
        if isinstance(x, Selector):
            return replace(
                x,
                ids=tuple(mapping.get(i, i) for i in x.ids),
                **{f.name: walk(getattr(x, f.name)) for f in fields(x) if f.name != "ids"},
            )
        if isinstance(x, GameObject):
            return replace(
                x,
                id=mapping[x.id],
                printed=walk(x.printed),
                attached_to=mapping.get(x.attached_to) if x.attached_to else None,
            )
        if isinstance(x, ResolvedEffect):
            return replace(
                x,
                definition=walk(x.definition),
                source=mapping.get(x.source) if x.source else None,
                locked=tuple(mapping[o] for o in x.locked) if x.locked is not None else None,
            )
        if is_dataclass(x) and not isinstance(x, type):
            return replace(x, **{f.name: walk(getattr(x, f.name)) for f in fields(x)})
        return x

    return GameState(
        state.players,
        state.turn,
        tuple(walk(o) for o in state.objects),
        tuple(walk(e) for e in state.effects),
    )


# --- Readable failure reports ----------------------------------------------------------------


def _sel_text(s: Selector | None) -> str:
    if s is None:
        return "-"
    parts = [("" if pos else "not ") + f"{attr}={val}" for pos, attr, val in s.lits]
    parts += [
        ("" if pos else "not ") + f"{rel}={ref.kind if ref.kind != 'id' else ref.player}"
        for pos, rel, ref in s.players
    ]
    parts += [f"{rel} {ref.kind if ref.kind != 'id' else ref.obj}" for rel, ref in s.objs]
    parts += [f"{c.attr} {c.op} {_expr_text(c.rhs)}" for c in s.compares]
    if s.ids:
        parts.append("ids=" + ",".join(s.ids))
    parts += ["any_of(" + " | ".join(_sel_text(a) for a in alts) + ")" for alts in s.any_of]
    parts += ["not(" + _sel_text(n) + ")" for n in s.none_of]
    if s.zone != "battlefield":
        parts.append(f"zone={s.zone or 'any'}")
    return "{" + ", ".join(parts) + "}"


def _expr_text(e: Expr) -> str:
    if e.op == "const":
        return str(e.value)
    if e.op in ("count", "card_types"):
        return f"{e.op}{_sel_text(e.selector)}"
    if e.op == "attr":
        return f"{e.attr}_of({e.ref.kind if e.ref and e.ref.kind != 'id' else e.ref.obj if e.ref else '?'})"
    return (
        f"{e.op}("
        + ", ".join(_expr_text(a) for a in e.args)
        + (f"; {e.value}" if e.op == "times" else "")
        + ")"
    )


def _op_text(o: Op) -> str:
    args = []
    for k, v in o.args:
        if isinstance(v, Expr):
            args.append(f"{k}: {_expr_text(v)}")
        elif isinstance(v, PlayerRef):
            args.append(v.kind if v.kind != "id" else str(v.player))
        elif o.kind in PLAYER_OPS:  # set, modify, add, ...: the key tells them apart
            args.append(f"{k}: {v}")
        elif isinstance(v, ObjRef):
            args.append(v.kind if v.kind != "id" else str(v.obj))
        elif isinstance(v, tuple):
            args.append("[" + ", ".join(a.name if isinstance(a, Ability) else str(a) for a in v) + "]")
        else:
            args.append(str(v))
    return f"{o.kind}({', '.join(args)})"


def _cond_text(c: Condition | None) -> str:
    if c is None:
        return ""
    if c.op == "cmp" and c.lhs and c.rhs:
        return f" if {_expr_text(c.lhs)} {c.cmp} {_expr_text(c.rhs)}"
    if c.op == "turn" and c.player is not None:
        return f" if turn of {c.player.kind if c.player.kind != 'id' else c.player.player}"
    return f" if {c}"


def _effect_text(d: EffectDef) -> str:
    return (
        ("cda " if d.cda else "")
        + f"affects {_sel_text(d.affects)}: "
        + "; ".join(_op_text(o) for o in d.ops)
        + _cond_text(d.condition)
    )


def describe(state: GameState) -> str:
    """A YAML-like description of a state, for failure reports."""
    lines = [f"turn: {{active: {state.turn.active}}}", "objects:"]
    for o in state.objects:
        p = o.printed
        abil = []
        for a in p.abilities:
            if a.kind == "static":
                abil.append(f"{a.name} = " + " / ".join(_effect_text(d) for d in a.effects)
                            + (f" (functions in {', '.join(a.zones)})" if a.zones else ""))
            else:
                abil.append(a.name if a.kind != "keyword" or a.param is None else f"{a.name}:{a.param}")
        lines.append(
            f"  - {{id: {o.id}, name: {p.name}, types: {list(p.types)}, subtypes: {list(p.subtypes)}, "
            f"supertypes: {list(p.supertypes)}, colors: {list(p.colors)}, mv: {p.mana_value}, "
            f"pt: {p.power}/{p.toughness}, controller: {o.controller}, owner: {o.owner}, "
            f"zone: {o.zone.value}, "
            f"timestamp: {o.timestamp}"
            + (f", counters: {dict(o.counters)}" if o.counters else "")
            + (f", attached_to: {o.attached_to}" if o.attached_to else "")
            + (", tapped" if o.tapped else "")
            + (", face_down" if o.face_down else "")
            + "}"
        )
        lines += [f"      ability: {text}" for text in abil]
    lines.append("effects:")
    for e in state.effects:
        lines.append(
            f"  - {{id: {e.id}, controller: {e.controller}, timestamp: {e.timestamp}, "
            f"affected: {list(e.locked or ())}, source: {e.source}}} "
            + "; ".join(_op_text(o) for o in e.definition.ops)
            + _cond_text(e.definition.condition)
        )
    return "\n".join(lines)


def diff(expected: dict[str, dict[str, Any]], got: dict[str, dict[str, Any]]) -> str:
    """Lines ``object.field: oracle X, engine Y``."""
    out = []
    for oid in sorted(set(expected) | set(got)):
        e, g = expected.get(oid, {}), got.get(oid, {})
        for f in sorted(set(e) | set(g)):
            if e.get(f) != g.get(f):
                out.append(f"{oid}.{f}: oracle {e.get(f)!r}, engine {g.get(f)!r}")
    return "\n".join(out)
