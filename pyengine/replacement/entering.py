"""Objects entering the battlefield (CR 614.12, 614.1c-d, 616.1b-c): which replacement effects
apply is checked on the permanent *as it would exist on the battlefield*, taking into account
the replacement effects already applied (a copy effect changes what it is), its own static
abilities, and the continuous effects that would apply to it there. Each way it could exist
(itself, or a copy of one of the objects a copy effect could choose) is an *identity*; the
layer engine computes each identity's characteristics on a hypothetical state where it is on
the battlefield.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from pyengine import facts as F
from pyengine.layers.result import LayerResult
from pyengine.model.effects import EffectDef, ObjRef, Op, ResolvedEffect, Selector
from pyengine.model.enums import Layer, Zone
from pyengine.model.objects import GameObject, GameState
from pyengine.replacement import spec as S
from pyengine.replacement.collect import Instance, _spec, object_of, run_layers
from pyengine.replacement.event import Event


@dataclass(frozen=True)
class Entry:
    """Something entering: ``key`` names it (the object id, or ``token~P`` for tokens made
    from prototype P), ``base`` is the identity it has unless it becomes a copy (an object
    id, or ``tokdef:NAME`` for a token defined inline, with ``chars``), ``controller`` the
    player it enters under, ``real`` the object if it exists."""

    key: str
    base: str
    controller: str
    real: str | None
    chars: Any = None


def ident_term(x: str) -> F.Fn:
    """The term of identity ``x`` in the ``as`` field: o(X), or tokdef(NAME)."""
    if x.startswith("tokdef:"):
        return F.Fn("tokdef", x[len("tokdef:"):])
    return F.Fn("o", x)


@dataclass
class Entering:
    """Identities of entering objects, their own replacement effects, and which identities
    each effect's object selectors match. ``members[(label, selector)]`` holds identity ids."""

    identities: dict[tuple[str, str], str] = field(default_factory=dict)  # (key, X) -> hyp id
    own: list[Instance] = field(default_factory=list)
    members: dict[tuple[str, Selector], set[str]] = field(default_factory=dict)
    entering_ids: set[str] = field(default_factory=set)
    copy_candidates: dict[str, tuple[str, ...]] = field(default_factory=dict)  # instance id -> X


def entries(parts: list[Event], found: list[Instance], state: GameState,
            token_defs: dict[str, Any]) -> list[Entry]:
    """The objects and tokens the event, or an event an effect puts in its place, puts onto
    the battlefield."""
    out: list[Entry] = []
    for p in parts:
        f = dict(p.fields)
        if p.kind == "move" and f["to"] == "battlefield" and isinstance(f["object"], tuple) \
                and f["object"][0] == "o":
            ctl = f["control"][1] if f["control"] else ""
            out.append(Entry(f["object"][1], f["object"][1], ctl, f["object"][1]))
        elif p.kind == "create_tokens" and f["as"] and f["as"][0] == "o":
            out.append(Entry(f"token~{f['as'][1]}", f["as"][1], f["control"][1], None))
        elif p.kind == "create_tokens" and f["as"]:
            name = f["as"][1]
            out.append(Entry(f"token~{name}", f"tokdef:{name}", f["control"][1], None, token_defs[name]))
    for inst in found:
        if not isinstance(inst.spec, S.ReplacementSpec):
            continue
        for alt in inst.spec.alternatives:
            for t in alt.templates:
                out += _template_entry(t, inst, state)
    seen: set[str] = set()
    return [e for e in out if not (e.key in seen or seen.add(e.key))]  # type: ignore[func-returns-value]


def _template_entry(t: S.Template, inst: Instance, state: GameState) -> list[Entry]:
    f = dict(t.fields)
    ctl = f.get("control")
    controller = inst.controller
    if ctl is not None and ctl.kind == "player" and ctl.player is not None:
        from pyengine.replacement.collect import players_of

        controller = players_of(ctl.player, inst, state)[0]
    tok = f.get("as")
    if t.kind == "create_tokens" and tok is not None and tok.kind == "tokendef":
        return [Entry(f"token~{tok.word}", f"tokdef:{tok.word}", controller, None, tok.chars)]
    if t.kind == "create_tokens" and tok is not None and tok.kind == "object" and tok.obj is not None:
        x = object_of(tok.obj, inst, state)
        return [Entry(f"token~{x}", x, controller, None)]
    return []


def is_enter_pattern(p: S.Pattern) -> bool:
    """Whether a pattern watches objects entering the battlefield."""
    return p.kind == "move" and dict(p.words).get("to") == ("battlefield",)


def _self_only(spec: S.Spec) -> bool:
    """CR 614.12: the entering permanent's own effects that modify how *it* enters."""
    if not isinstance(spec, S.ReplacementSpec) or not is_enter_pattern(spec.pattern):
        return False
    t = dict(spec.pattern.targets).get("object")
    return t is not None and t.ref is not None and t.ref.kind == "self"


def explore(state: GameState, result: LayerResult, found: list[Instance], parts: list[Event],
            timeout: float, token_defs: dict[str, Any]) -> Entering:
    """Every identity of every entering object, on hypothetical states."""
    out = Entering()
    todo = entries(parts, found, state, token_defs)
    out.entering_ids = {e.real for e in todo if e.real}
    for entry in todo:
        own = _identity(state, entry, entry.base, out, timeout, found)
        targets: set[str] = set()
        for inst in own + [i for i in found if isinstance(i.spec, S.ReplacementSpec)
                           and is_enter_pattern(i.spec.pattern)]:
            cands = _copy_candidates(inst, state, entry)
            known = set(out.copy_candidates.get(inst.id, ()))
            out.copy_candidates[inst.id] = tuple(sorted(known | set(cands)))
            targets |= set(cands)
        for x in sorted(targets):
            _identity(state, entry, x, out, timeout, found)
    return out


def _copy_candidates(inst: Instance, state: GameState, entry: Entry) -> list[str]:
    assert isinstance(inst.spec, S.ReplacementSpec)
    out: list[str] = []
    for alt in inst.spec.alternatives:
        if isinstance(alt.copy, Selector):
            ids = {o.id for o in state.objects if o.zone == Zone.BATTLEFIELD}
            out += [o for o in inst.matching(alt.copy) if o in ids and o not in (entry.real, inst.source)]
        elif isinstance(alt.copy, ObjRef):
            out.append(object_of(alt.copy, inst, state))
    return out


def _identity(state: GameState, entry: Entry, x: str, out: Entering, timeout: float,
              found: list[Instance]) -> list[Instance]:
    """Compute one identity: its own effects and the selectors it matches."""
    if (entry.key, x) in out.identities:
        return []
    hyp_state, hyp = _hypothetical(state, entry, x)
    out.identities[(entry.key, x)] = hyp
    res = run_layers(hyp_state, timeout)
    own: list[Instance] = []
    for act in res.active:
        spec = _spec(act.op)
        if act.source != hyp or spec is None or not _self_only(spec):
            continue
        own.append(Instance("", spec, entry.controller, entry.real, act.timestamp,
                            act.definition.text or act.id.split(": ", 1)[-1], act.selections,
                            identity=(entry.key, x), label=act.id))
    base = entry.key if x == entry.base else f"{entry.key}~{x}"
    named = [dataclasses.replace(i, id=base if len(own) == 1 else f"{base}/{n + 1}")
             for n, i in enumerate(own)]
    out.own += named
    labels = {i.label for i in found}
    for act in res.active:
        if act.id not in labels:
            continue
        for sel, objs in act.selections:
            if hyp in objs:
                out.members.setdefault((act.id, sel), set()).add(x)
    return named


def _hypothetical(state: GameState, entry: Entry, x: str) -> tuple[GameState, str]:
    """The state with the entering object on the battlefield (as a copy of ``x`` if needed)."""
    stamp = max([o.timestamp for o in state.objects] + [e.timestamp for e in state.effects] + [0]) + 1
    objects = list(state.objects)
    if entry.real is not None:
        hyp = entry.real
        i = next(n for n, o in enumerate(objects) if o.id == hyp)
        objects[i] = dataclasses.replace(objects[i], zone=Zone.BATTLEFIELD, controller=entry.controller,
                                         timestamp=stamp, tapped=False, counters=(), damage=0,
                                         attached_to=None)
    else:
        printed = entry.chars if entry.chars is not None else state.object(entry.base).printed
        card = None if entry.chars is not None else state.object(entry.base).card
        hyp = f"{entry.key}#hyp"
        objects.append(GameObject(hyp, printed, entry.controller, entry.controller,
                                  Zone.BATTLEFIELD, stamp, card, token=True))
    effects = list(state.effects)
    if x != entry.base:
        op = Op("copy", Layer.L1A, "layers", (("of", ObjRef("id", x)),))
        effects.append(ResolvedEffect(f"{entry.key}~copy", EffectDef((op,)), stamp + 1,
                                      entry.controller, locked=(hyp,)))
    return state.clone(objects=tuple(objects), effects=tuple(effects)), hyp
