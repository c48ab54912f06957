"""Objects entering the battlefield (CR 614.12, 614.1c-d, 616.1b-c): which replacement effects
apply is checked on the permanent *as it would exist on the battlefield*, taking into account
the replacement effects already applied (a copy effect changes what it is), its own static
abilities, and the continuous effects that would apply to it there. Each way it could exist
(itself, or a copy of one of the objects a copy effect could choose) is an *identity*; the
layer engine computes each identity's characteristics on a hypothetical state where it is on
the battlefield, once for each player it could enter under the control of (an effect on that
goes first, 616.1b, and the permanent is then checked under its new controller). The
encodings know the permanent as it would exist by the term ``ent(K, As, P)``
(asp/replacement/entering.lp): the object K (``o(Id)``, or ``token``) entering as identity As
under P's control. The counters it enters with are put on that permanent (122.6), so effects
on counters read it the same way. Planeswalkers and battles get their intrinsic "enters with
counters" ability here (306.5b, 310.4b; :mod:`pyengine.replacement.intrinsic`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import clingo

from pyengine import facts as F
from pyengine.budget import Budget
from pyengine.layers.result import LayerResult
from pyengine.model.effects import EffectDef, ObjRef, Op, ResolvedEffect, Selector
from pyengine.model.enums import Layer, Zone
from pyengine.model.objects import GameObject, GameState
from pyengine.replacement import spec as S
from pyengine.replacement.collect import Instance, _spec, object_of, players_of, run_layers
from pyengine.replacement.event import Event
from pyengine.replacement.intrinsic import intrinsic_abilities


@dataclass(frozen=True)
class Entry:
    """Something entering: ``key`` names it (the object id, or ``token~P`` for tokens made
    from prototype P), ``base`` is the identity it has unless it becomes a copy (an object
    id, or ``tokdef:NAME`` for a token defined inline, with ``chars``), ``controller`` the
    player it enters under, ``real`` the object if it exists; ``others``, the other players
    that another event or effect making the same object names (two players' Divine
    Visitations each put an Angel in place of a token: each under its own controller)."""

    key: str
    base: str
    controller: str
    real: str | None
    chars: Any = None
    others: tuple[str, ...] = ()  # other players the event or an effect's template says it enters under


def ident_term(x: str) -> F.Fn:
    """The term of identity ``x`` in the ``as`` field: o(X), or tokdef(NAME)."""
    if x.startswith("tokdef:"):
        return F.Fn("tokdef", x[len("tokdef:"):])
    return F.Fn("o", x)


def ent_term(key: str, x: str, player: str) -> clingo.Symbol:
    """CR 614.12: the permanent as it would exist on the battlefield, ``ent(K, As, P)``: the
    entering object K (``o(Id)`` for an object, ``token`` for a token: tokens are known by
    what they are, not by their lineage), as identity ``x``, under ``player``'s control."""
    k: F.Value = F.Const("token") if key.startswith("token~") else F.Fn("o", key)
    return F.term(F.Fn("ent", k, ident_term(x), F.Fn("p", player)))


@dataclass
class Entering:
    """Identities of entering objects, their own replacement effects, and which identities
    each effect's object selectors match. ``members[(label, selector)]`` holds the
    :func:`ent_term` of each identity (and controller) matching; ``ents[id]`` every
    :func:`ent_term` of an entering object (what a reference to it names)."""

    identities: dict[tuple[str, str, str], str] = field(default_factory=dict)  # (key, X, P) -> hyp id
    own: list[Instance] = field(default_factory=list)
    members: dict[tuple[str, Selector], set[clingo.Symbol]] = field(default_factory=dict)
    ents: dict[str, set[clingo.Symbol]] = field(default_factory=dict)
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
    merged: dict[str, Entry] = {}
    for e in out:
        first = merged.get(e.key)
        if first is None:
            merged[e.key] = e
        elif e.controller != first.controller and e.controller not in first.others:
            merged[e.key] = dataclasses.replace(first, others=first.others + (e.controller,))
    return list(merged.values())


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
            timeout: float | Budget, token_defs: dict[str, Any]) -> Entering:
    """Every identity of every entering object, under every player it could enter under the
    control of, on hypothetical states."""
    out = Entering()
    todo = entries(parts, found, state, token_defs)
    out.entering_ids = {e.real for e in todo if e.real}
    enter_effects = [i for i in found if isinstance(i.spec, S.ReplacementSpec)
                     and is_enter_pattern(i.spec.pattern)]
    for entry in todo:
        own: dict[str, _Own] = {}
        players = _controllers(entry, enter_effects, state)
        for p in players:
            _identity(state, entry, entry.base, p, out, timeout, found, own)
        more = _controllers(entry, enter_effects + [o.inst for o in own.values()], state)
        for p in more[len(players):]:
            _identity(state, entry, entry.base, p, out, timeout, found, own)
        mine = _named(entry, entry.base, own)
        targets: set[str] = set()
        for inst in mine + enter_effects:
            cands = _copy_candidates(inst, state, entry)
            known = set(out.copy_candidates.get(inst.id, ()))
            out.copy_candidates[inst.id] = tuple(sorted(known | set(cands)))
            targets |= set(cands)
        copies: dict[str, dict[str, _Own]] = {}
        for x in sorted(targets - {entry.base}):
            for p in more:
                _identity(state, entry, x, p, out, timeout, found, copies.setdefault(x, {}))
        out.own += mine
        for x, theirs in copies.items():
            out.own += _named(entry, x, theirs)
    return out


@dataclass
class _Own:
    """One of an identity's own effects (614.12), and the players under whose control it has
    it (``inst.controllers``)."""

    inst: Instance
    intrinsic: bool


def _controllers(entry: Entry, effects: list[Instance], state: GameState) -> list[str]:
    """The players an entering object could enter under the control of: the one the event
    says, then those an effect on how it enters would give it to (616.1b)."""
    out = [entry.controller] + [p for p in entry.others if p != entry.controller]
    for inst in effects:
        assert isinstance(inst.spec, S.ReplacementSpec)
        for alt in inst.spec.alternatives:
            for f, op, val in alt.changes:
                if f == "control" and op == "set" and val.kind == "player" and val.player is not None:
                    out += [p for p in players_of(val.player, inst, state) if p not in out]
    return out


def _named(entry: Entry, x: str, own: dict[str, _Own]) -> list[Instance]:
    """An identity's own effects named: the entering key (``key~X`` for a copy of X) if it has
    one printed such effect, else ``key/1``, ``key/2``... in printed order; an intrinsic one
    ``key/loyalty`` or ``key/defense`` (CR 306.5b, 310.4b)."""
    base = entry.key if x == entry.base else f"{entry.key}~{x}"
    printed = [o.inst for o in own.values() if not o.intrinsic]
    out = [dataclasses.replace(i, id=base if len(printed) == 1 else f"{base}/{n + 1}")
           for n, i in enumerate(printed)]
    return out + [dataclasses.replace(o.inst, id=f"{base}/{o.inst.label.rsplit('/', 1)[-1]}")
                  for o in own.values() if o.intrinsic]


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


def _identity(state: GameState, entry: Entry, x: str, player: str, out: Entering, timeout: float | Budget,
              found: list[Instance], own: dict[str, _Own]) -> None:
    """Compute one identity under one controller: its own effects (added to ``own``) and the
    selectors it matches."""
    if (entry.key, x, player) in out.identities:
        return
    hyp_state, hyp = _hypothetical(state, entry, x, player)
    out.identities[(entry.key, x, player)] = hyp
    ent = ent_term(entry.key, x, player)
    if entry.real is not None:
        out.ents.setdefault(entry.real, set()).add(ent)
    res = run_layers(hyp_state, timeout)
    for act in res.active:
        spec = _spec(act.op)
        if act.source != hyp or spec is None or not _self_only(spec):
            continue
        if getattr(spec, "kicked", False) and not hyp_state.object(hyp).kicked:
            continue  # 702.33d: "if this creature was kicked", and it wasn't
        if getattr(spec, "bloodthirst", False) and not any(
                p.dealt_damage for p in hyp_state.players if p.id != player):
            continue  # 702.54a: no opponent of its controller was dealt damage this turn
        _add_own(own, player, Instance(
            "", spec, entry.controller, entry.real, act.timestamp,
            act.definition.text or act.id.split(": ", 1)[-1], act.selections,
            identity=(entry.key, x), label=act.id), intrinsic=False)
    # CR 306.5b, 310.4b: by its card type as it would exist on the battlefield
    chars = res.objects.get(hyp)
    stamp = (hyp_state.object(hyp).timestamp,)
    for ab in intrinsic_abilities(chars) if chars is not None else []:
        _add_own(own, player, Instance("", ab.spec, entry.controller, entry.real, stamp, ab.text,
                                       identity=(entry.key, x), label=f"{hyp}/{ab.name}"),
                 intrinsic=True)
    labels = {i.label for i in found}
    for act in res.active:
        if act.id not in labels:
            continue
        for sel, objs in act.selections:
            if hyp in objs:
                out.members.setdefault((act.id, sel), set()).add(ent)


def _add_own(own: dict[str, _Own], player: str, inst: Instance, intrinsic: bool) -> None:
    """Record that the identity has its own effect ``inst`` (known by its label) under
    ``player``'s control."""
    got = own.setdefault(inst.label, _Own(inst, intrinsic))
    if player not in got.inst.controllers:
        got.inst = dataclasses.replace(got.inst, controllers=got.inst.controllers + (player,))


def _hypothetical(state: GameState, entry: Entry, x: str, player: str) -> tuple[GameState, str]:
    """The state with the entering object on the battlefield under ``player``'s control (as a
    copy of ``x`` if needed)."""
    stamp = max([o.timestamp for o in state.objects] + [e.timestamp for e in state.effects] + [0]) + 1
    objects = list(state.objects)
    if entry.real is not None:
        hyp = entry.real
        i = next(n for n, o in enumerate(objects) if o.id == hyp)
        objects[i] = dataclasses.replace(objects[i], zone=Zone.BATTLEFIELD, controller=player,
                                         timestamp=stamp, tapped=False, counters=(), damage=0,
                                         attached_to=None)
    else:
        printed = entry.chars if entry.chars is not None else state.object(entry.base).printed
        card = None if entry.chars is not None else state.object(entry.base).card
        hyp = f"{entry.key}#hyp"
        objects.append(GameObject(hyp, printed, player, player, Zone.BATTLEFIELD, stamp, card,
                                  token=True))
    effects = list(state.effects)
    if x != entry.base:
        op = Op("copy", Layer.L1A, "layers", (("of", ObjRef("id", x)),))
        effects.append(ResolvedEffect(f"{entry.key}~copy", EffectDef((op,)), stamp + 1,
                                      player, locked=(hyp,)))
    return state.clone(objects=tuple(objects), effects=tuple(effects)), hyp
