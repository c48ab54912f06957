"""Bounds on a scenario's numbers and size, so that no number the engines compute can wrap.

clingo's integers are 32-bit signed: a sum past 2^31 - 1 wraps around silently (a creature
with two thousand +1000000/+1000000 counters was reported with power -727379966). The loader
bounds every input, and this module bounds what the engines compute from them.

Input bounds (each refused past its limit with one line naming the field, exit code 2):

- every integer of a scenario, and each number of a counter kind (+X/+Y), is at most
  :data:`MAX_INT` = 1,000,000 in size (yamlread.Cursor.integer, counters.counter_kind);
- a mana cost or amount has a mana value of at most :data:`MAX_INT` (model.mana.parse_cost):
  a cost's symbols are summed (CR 202.3);
- the counters on one object add at most :data:`MAX_INT` to its power and to its toughness
  (the sum over its +X/+Y kinds of |X| times their number, and the same for Y);
- a scenario has at most :data:`MAX_OBJECTS` objects and :data:`MAX_EFFECTS` resolved effects
  (loader), and its file at most 10,000,000 bytes (scenario.files.MAX_FILE_BYTES);
- an expression (effects.parse_expr) is at most 33,554,432 in size under the assumptions
  that a count is at most 10,000 and an object's power, toughness or mana value 1,000,000.

Computed bounds (:func:`check_state`). The proof that no computed number exceeds
:data:`CERTIFIED` = 2^30 (half of clingo's range, room for one more addition of two bounded
values, such as power plus toughness or a cost plus a cost):

1. Instances. Without effects that give abilities (layer 1 copies, layer 6 grants), an
   ability is on exactly one object, so it applies at most once to a given object (m = 1).
   With g such operations nested at most d deep, an ability is on at most N objects (N the
   number of objects) with at most 1 + g*N copies each, and so on down the nesting:
   m = (N * (1 + g)) ** (d + 1) is an upper bound on the instances of one ability. A
   resolved effect has one instance (CR 611.2).
2. Expressions. An expression's size is at most a + b*P, where P bounds every power and
   toughness: a constant adds its size to a, a count or card-type count adds N, a mana value
   adds :data:`MAX_INT` (mana values are bounded at input and only copied, CR 707.2), a
   power or toughness adds 1 to b; ``times k`` multiplies both, ``sum`` adds, ``negate`` keeps.
3. Power and toughness. An object's power is its printed (or copied) value, at most
   :data:`MAX_INT`, then in layer order the layer-7 operations that apply (CR 613.4): a set
   replaces it by an expression (at most a + b*P), a modification adds one (at most a + b*P
   more), counters add at most :data:`MAX_INT`, a switch exchanges two bounded values. Summing
   over every layer-7 operation o with m_o instances, a value reached in fold order satisfies
   P <= (2*MAX_INT + sum_o m_o*a_o) * prod_o (1 + b_o) ** m_o, since each application of o
   at most multiplies the value so far by (1 + b_o) and adds a_o. That bound is computed here
   with Python's unbounded integers and must be at most CERTIFIED; every expression anywhere
   (conditions, selectors, costs) must then also be at most CERTIFIED with P = that bound.
4. Other sums (maximum hand size, land plays, extra blocks, combat costs paid for each
   attacker): each is a starting value of at most MAX_INT plus, for each operation, at most
   m_o instances of its amounts, a cost once per attacker (at most N); the total over every
   operation of m_o * N * (its amounts) must be at most CERTIFIED.
5. The replacement engine bounds its own amounts (replacement.facts._check_range: the largest
   number of an event times every factor plus every addition is at most 2^31 - 1).

A scenario past any of these is refused with one line naming the field that makes it so (the
operation with the largest share), never answered with a wrapped number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from pyengine.lang.yamlread import MAX_INT
from pyengine.model.effects import Ability, Compare, Condition, EffectDef, Expr, Op, Selector
from pyengine.model.enums import Layer
from pyengine.model.objects import GameObject, GameState

CERTIFIED = 2**30
MAX_OBJECTS = 2_000
MAX_EFFECTS = 2_000
# steps of a proposed replacement sequence: checking one grounds every step against every
# event (200 steps: about 160 MB; 1,000: over 4 GB); a real sequence has a few dozen at most
MAX_SEQUENCE = 200
_PT_LAYERS = (Layer.L7A, Layer.L7B, Layer.L7C, Layer.L7D)
_CAP = 2**64  # products past this are refused anyway: stop multiplying


@dataclass(frozen=True)
class Where:
    """Where an operation is written: the objects[i] or effects[i] it belongs to."""

    section: str  # "objects" or "effects"
    index: int


@dataclass
class _Lin:
    """a + b*P: the size bound of an expression (``P`` bounds every power and toughness)."""

    a: int = 0
    b: int = 0


def expr_bound(e: Expr, n_objects: int) -> _Lin:
    """The size bound of ``e`` as a + b*P (module docstring, step 2)."""
    if e.op == "const":
        return _Lin(abs(int(e.value or 0)), 0)
    if e.op in ("count", "card_types", "counters"):
        return _Lin(max(n_objects, 8), 0)
    if e.op == "x":  # 107.3a: announced as the ability is activated, a constant then
        return _Lin(MAX_INT, 0)
    if e.op == "attr":
        return _Lin(MAX_INT, 0) if e.attr == "mana_value" else _Lin(0, 1)
    if e.op == "neg":
        return expr_bound(e.args[0], n_objects)
    if e.op == "times":
        inner = expr_bound(e.args[0], n_objects)
        k = abs(int(e.value or 0))
        return _Lin(min(k * inner.a, _CAP), min(k * inner.b, _CAP))
    out = _Lin()
    for arg in e.args:
        sub = expr_bound(arg, n_objects)
        out.a, out.b = min(out.a + sub.a, _CAP), min(out.b + sub.b, _CAP)
    return out


def _parts(value: Any) -> Iterator[tuple[str, Any]]:
    """The expressions, integers, mana strings and abilities inside an operation's argument."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        yield "int", value
    elif isinstance(value, str):
        if value.startswith("{"):
            yield "mana", value
    elif isinstance(value, Expr):
        yield "expr", value
    elif isinstance(value, Ability):
        yield "ability", value
    elif isinstance(value, Compare):
        yield "expr", value.rhs
    elif isinstance(value, Condition):
        for e in (value.lhs, value.rhs):
            if e is not None:
                yield "expr", e
        for arg in value.args:
            yield from _parts(arg)
    elif isinstance(value, Selector):
        for c in value.compares:
            yield "expr", c.rhs
        for group in value.any_of:
            for s in group:
                yield from _parts(s)
        for s in value.none_of:
            yield from _parts(s)
    elif isinstance(value, EffectDef):
        for op in value.ops:
            yield "op", op
        for part in (value.affects, value.condition):
            yield from _parts(part)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _parts(item)


def _ops(state: GameState) -> Iterator[tuple[str, Any, Where, int, bool]]:
    """Every part (see :func:`_parts`) of every operation and condition in the state, with its
    place, its grant depth and whether it has a single instance."""
    def walk(value: Any, where: Where, depth: int, once: bool, op: Op | None) -> Iterator[tuple]:
        for kind, part in _parts(value):
            if kind == "op":
                yield "op", part, where, depth, once
                for _, arg in part.args:
                    yield from walk(arg, where, depth, once, part)
            elif kind == "ability":
                for eff in part.effects:
                    yield from walk(eff, where, depth + 1, False, None)
            else:
                yield kind, (part, op), where, depth, once

    for i, obj in enumerate(state.objects):
        for ab in obj.printed.abilities:
            for eff in ab.effects:
                yield from walk(eff, Where("objects", i), 0, False, None)
    for i, res in enumerate(state.effects):
        yield from walk(res.definition, Where("effects", i), 0, True, None)


class BoundError(Exception):
    """A scenario whose numbers could pass clingo's range: ``where`` is the part to name."""

    def __init__(self, message: str, where: Where | None, field: str = "") -> None:
        super().__init__(message)
        self.where = where
        self.field = field


def counters_total(obj: GameObject) -> tuple[int, int]:
    """What the +X/+Y counters on ``obj`` add to its power and toughness, in size."""
    from pyengine.lang.counters import PT_COUNTER

    p = t = 0
    for kind, n in obj.counters:
        if PT_COUNTER.fullmatch(kind):
            x, y = kind.split("/")
            p += abs(int(x)) * n
            t += abs(int(y)) * n
    return p, t


def _instances(state: GameState) -> tuple[int, list[tuple[str, Any, Where, int, bool]], int]:
    """N, the parts of the state's operations, and m, the instances of one ability (module
    docstring, step 1)."""
    n = max(1, len(state.objects))
    parts = list(_ops(state))
    grants = sum(1 for kind, op, *_ in parts if kind == "op" and (
        op.layer == Layer.L1A or any(k == "ability" for _, a in op.args for k, _ in _parts(a))))
    depth = max((d for *_, d, _ in parts), default=0)
    many = 1 if grants == 0 else min((n * (1 + grants)) ** (depth + 1), _CAP)
    return n, parts, many


def pt_bound(state: GameState) -> int:
    """An upper bound of every power and toughness the layer engine can compute (module
    docstring, step 3); raises :class:`BoundError` past :data:`CERTIFIED`."""
    n, parts, many = _instances(state)
    base, growth = 2 * MAX_INT, 1
    worst: tuple[int, Where | None] = (0, None)
    for kind, value, where, _, once in parts:
        if kind not in ("expr", "int"):
            continue
        e, op = value
        if op is None or op.layer not in _PT_LAYERS:
            continue
        m = 1 if once else many
        lin = expr_bound(e, n) if kind == "expr" else _Lin(abs(e), 0)
        base = min(base + m * lin.a, _CAP)
        if lin.b:
            growth = min(growth * (1 + lin.b) ** min(m, 64), _CAP)
        share = max(m * lin.a, m * lin.b * MAX_INT)
        if share > worst[0]:
            worst = (share, where)
    bound = min(base * growth, _CAP)
    if bound > CERTIFIED:
        raise BoundError(f"the power and toughness its effects can reach (up to {_show(bound)}) pass "
                         f"the solver's 32-bit integers (at most {CERTIFIED:,} is certain); use "
                         "smaller numbers or fewer effects", worst[1])
    return bound


def check_state(state: GameState) -> int:
    """Check every number the engines compute from ``state`` stays within :data:`CERTIFIED`
    (module docstring); return the bound of power and toughness (for tests). Raises
    :class:`BoundError` naming the part that takes it past."""
    for i, obj in enumerate(state.objects):
        p, t = counters_total(obj)
        if max(p, t) > MAX_INT:
            raise BoundError(f"the counters add {max(p, t):,} to its power or toughness; at most "
                             f"{MAX_INT:,} is supported", Where("objects", i), "counters")
    pt = pt_bound(state)
    n, parts, many = _instances(state)
    total = 0
    for kind, value, where, _, once in parts:
        if kind == "op":
            continue
        part, op = value
        m = 1 if once else many
        if kind == "expr":
            lin = expr_bound(part, n)
            size = lin.a + lin.b * pt
            if size > CERTIFIED:
                raise BoundError(f"an expression here can reach {_show(size)}, past the solver's "
                                 f"32-bit integers (at most {CERTIFIED:,} is certain)", where)
        elif kind == "int":
            size = abs(part)
        else:
            from pyengine.model.mana import generic_amount

            try:
                size = generic_amount(part)
            except ValueError:
                continue
        if op is not None and op.layer in _PT_LAYERS:
            continue  # counted by pt_bound
        total = min(total + m * n * size, _CAP)
        if total + MAX_INT > CERTIFIED:
            raise BoundError(f"the amounts of its effects can add up to {_show(total + MAX_INT)} "
                             f"(a hand size, land plays, blocks or costs), past the solver's 32-bit "
                             f"integers (at most {CERTIFIED:,} is certain); use smaller numbers or "
                             "fewer effects", where)
    return pt


def _show(n: int) -> str:
    return "more than 10^19" if n >= _CAP else f"{n:,}"
