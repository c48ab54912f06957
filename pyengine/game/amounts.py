"""Amounts of a resolving spell's or ability's continuous effect, fixed as it resolves (CR
608.2h: "if an effect requires information from the game (such as the number of creatures on
the battlefield), the answer is determined only once, when the effect is applied").

"Target creature gets +X/+X until end of turn, where X is the number of Forests you control" is
a continuous effect whose ``modify_pt`` holds an expression (docs/effect-language.md,
"Expressions"). A static ability's expression is read continuously (611.3a); a resolved
effect's is not: its value is computed once, here, on the characteristics after layers at the
moment the spell or ability resolves, and the effect holds that number for its duration. The
expression's ``self`` is the effect's source, ``you`` its controller, and ``it`` the object it
affects (one object: an effect affecting several objects whose amount reads ``it`` would need
one value per object, which is not followed).

An event's amount ("deals damage equal to its power", "you gain 1 life for each creature you
control") is held as a :class:`Deferred` expression while the spell or ability is on the stack
and computed as it resolves, before its instructions are followed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import IllegalAction
from pyengine.model.effects import EffectDef, Expr, ObjRef, Op, ResolvedEffect, Selector


def computed(definition: EffectDef) -> bool:
    """Whether an operation of the effect holds an amount to compute (an expression that is not
    a number)."""
    return any(isinstance(v, Expr) and v.op != "const" for op in definition.ops for _, v in op.args)


def _reads_it(e: Any) -> bool:
    if isinstance(e, Expr):
        return (e.ref is not None and e.ref.kind == "it") or _reads_it(e.selector) or \
            any(_reads_it(a) for a in e.args)
    if isinstance(e, Selector):
        return any(o.kind == "it" for _, o in e.objs) or any(_reads_it(c.rhs) for c in e.compares) or \
            any(_reads_it(s) for g in e.any_of for s in g) or any(_reads_it(s) for s in e.none_of)
    return False


def fix(game: Any, eff: ResolvedEffect, budget: Budget | float) -> ResolvedEffect:
    """``eff`` with each amount of its operations replaced by its value now (608.2h)."""
    if not computed(eff.definition):
        return eff
    from pyengine.combat.select import Context, FinalState
    from pyengine.game.perform import layers

    exprs = [v for op in eff.definition.ops for _, v in op.args if isinstance(v, Expr)]
    it = None
    if any(_reads_it(e) for e in exprs):
        if eff.locked == ():
            return eff  # it affects nothing (its object left the battlefield, 400.7)
        if eff.locked is None or len(eff.locked) != 1:
            raise IllegalAction("608.2h", f"{eff.definition.text or eff.id!r}: an amount read on each "
                                          "affected object is not followed yet")
        it = eff.locked[0]
    final = FinalState(game.state, layers(game.state, budget).objects, blockers=blockers(game))
    ctx = Context(eff.source, eff.controller, it=it)
    for e in exprs:
        _present(game, e, ctx)

    def value(v: Any) -> Any:
        if isinstance(v, Expr) and v.op != "const":
            return Expr("const", value=final.value(v, ctx))
        return v

    ops = tuple(Op(op.kind, op.layer, op.area, tuple((k, value(v)) for k, v in op.args))
                for op in eff.definition.ops)
    return replace(eff, definition=replace(eff.definition, ops=ops))


def blockers(game: Any) -> dict[str, int]:
    """How many creatures block each attacking creature of the game's combat (509.1a; a
    blocker removed from combat no longer blocks, 506.4)."""
    out: dict[str, int] = {}
    for _b, attackers in game.combat.blockers:
        for a in attackers:
            out[a] = out.get(a, 0) + 1
    return out


def _present(game: Any, e: Any, ctx: Any) -> None:
    """608.2h: an amount read from a specific object uses its current information while it is
    on the battlefield; once it has left, its last known information, which the game doesn't
    keep: refused rather than read from the card it has become (400.7)."""
    if not isinstance(e, Expr):
        return
    if e.op == "attr" and e.ref is not None:
        oid = {"self": ctx.source, "it": ctx.it}.get(e.ref.kind, e.ref.obj)
        obj = next((o for o in game.state.objects if o.id == oid), None)
        if obj is not None and obj.zone.value not in ("battlefield", "stack"):
            raise IllegalAction("608.2h", f"{oid}'s {e.attr} once it has left the battlefield is its last "
                                          "known information, not followed yet")
    for a in e.args:
        _present(game, a, ctx)


# --- amounts of events (608.2h): "deals damage equal to its power", "gain 1 life for each" ---


@dataclass(frozen=True)
class Deferred:
    """An event's amount to compute as the spell or ability resolves: the expression, its
    words naming targets replaced by the objects chosen (``power_of: target``)."""

    expr: Expr

    def __str__(self) -> str:  # as an event's sentence shows it before it is known
        return "X"


def _bind(e: Any, refs: dict[str, str]) -> Any:
    if isinstance(e, Expr):
        ref = e.ref
        if ref is not None and ref.kind == "id" and ref.obj in refs:
            ref = ObjRef("id", refs[ref.obj])
        elif ref is not None and ref.kind == "it" and "it" in refs:  # a trigger's event object (603.7c)
            ref = ObjRef("id", refs["it"])
        return replace(e, ref=ref, args=tuple(_bind(a, refs) for a in e.args))
    return e


def deferred(event: Any, exprs: dict[str, Expr], refs: dict[str, str]) -> Any:
    """``event`` (made with a placeholder amount) holding, in each field of ``exprs``, the
    expression to compute as it resolves, its target words bound to ``refs``."""
    from pyengine.replacement.event import Event

    return Event(event.kind, tuple((k, Deferred(_bind(exprs[k], refs)) if k in exprs else v)
                                   for k, v in event.fields))


def now(game: Any, source: str | None, controller: str, events: tuple[Any, ...],
        budget: Budget | float, skip: frozenset[str] = frozenset(),
        since: int | None = None) -> tuple[Any, ...]:
    """The events with each deferred amount computed now, as the spell or ability resolves
    (608.2h), on the characteristics after layers; never below 0 (107.1b: a negative amount of
    damage, life or cards is 0). An event naming an object of ``skip`` (an illegal target,
    608.2b) is left as it is: it won't happen."""
    def naming(e: Any) -> bool:
        return any(isinstance(v, tuple) and len(v) == 2 and v[1] in skip for _, v in e.fields)

    later = [e for e in events if any(isinstance(v, Deferred) for _, v in e.fields) and not naming(e)]
    if not later:
        return events
    from pyengine.combat.select import Context, FinalState
    from pyengine.game.lki import counters_now  # modular's count (702.43a, 608.2h)
    from pyengine.game.perform import layers
    from pyengine.replacement.event import Event

    events = tuple(Event(e.kind, tuple((k, counters_now(game, v.expr, source, since))
                                       if isinstance(v, Deferred) and v.expr.op == "counters" else (k, v)
                                       for k, v in e.fields)) if e in later else e for e in events)
    later = [e for e in events if any(isinstance(v, Deferred) for _, v in e.fields) and not naming(e)]
    final = FinalState(game.state, layers(game.state, budget).objects)
    ctx = Context(source, controller)
    for e in later:
        for _, v in e.fields:
            if isinstance(v, Deferred):
                _present(game, v.expr, ctx)
    return tuple(Event(e.kind, tuple((k, max(0, final.value(v.expr, ctx)) if isinstance(v, Deferred) else v)
                                     for k, v in e.fields)) if e in later else e for e in events)


def known_before_cost(game: Any, source: str, controller: str, events: tuple[Any, ...],
                      budget: Budget | float) -> tuple[Any, ...]:
    """The events with each deferred amount that reads only the source's own characteristics
    ("the power of the card you exiled", scavenge 702.97a) computed now, before a cost moves
    the source out of its graveyard (602.2b): the amount is the card's last known information
    there (608.2h), which can't change once it has left (400.7)."""
    def own(e: Expr) -> bool:
        return e.op == "attr" and e.ref is not None and e.ref.kind == "self"

    if not any(isinstance(v, Deferred) and own(v.expr) for e in events for _, v in e.fields):
        return events
    from pyengine.combat.select import Context, FinalState
    from pyengine.game.perform import layers
    from pyengine.replacement.event import Event

    final = FinalState(game.state, layers(game.state, budget).objects)
    ctx = Context(source, controller)
    def known(v: Any) -> Any:
        return max(0, final.value(v.expr, ctx)) if isinstance(v, Deferred) and own(v.expr) else v

    return tuple(Event(e.kind, tuple((k, known(v)) for k, v in e.fields)) for e in events)
