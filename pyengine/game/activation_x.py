"""The X of an activated ability's cost (CR 107.3a): "{X}, {T}: This creature deals X damage to
target creature".

The player announces X as they activate the ability (601.2b, which 602.2b applies to
activating an ability), before its targets are chosen (601.2c) and its total cost is
determined (601.2f: each {X} of the activation cost is that much generic mana). While the
ability is on the stack, every X of it is that value (107.3a), independent of any other X of
its source (107.3k): the ability's instructions, targets and continuous effect are read with
``{x: true}`` replaced by the announced number as it is put on the stack. X may be 0 (107.3a
announces any value; "X can't be 0" is a restriction of the ability's text, not followed).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pyengine.game.model import IllegalAction
from pyengine.lang.bounds import MAX_INT
from pyengine.model.activated import ActivatedDef
from pyengine.model.effects import Expr
from pyengine.model.triggers import Instruction


def announced(d: ActivatedDef, x: int | None, text: str) -> ActivatedDef:
    """The ability as activated with X = ``x`` (107.3a, 601.2b): its cost's {X} symbols become
    generic mana (601.2f) and its X amounts that number; IllegalAction for a missing X where its
    cost has {X}, an X where it has none, or an X beyond the game's integers."""
    if not d.cost.x:
        if x is not None:
            raise IllegalAction("107.3a", f"x: {text!r} has no {{X}} in its activation cost")
        return d
    if x is None:
        raise IllegalAction("601.2b", f"missing 'x': {text!r} has {{X}} in its cost, whose value is "
                                      "announced as the ability is activated (CR 107.3a, 602.2b)")
    if x < 0 or x * d.cost.x > MAX_INT:
        raise IllegalAction("107.3a", f"x: {x} is not a value of X the game follows (0 to {MAX_INT:,})")
    cost = dataclasses.replace(d.cost, mana=_mana(d.cost.mana, x * d.cost.x), x=0)
    return dataclasses.replace(d, cost=cost, effects=_sub(d.effects, x), targets=_sub(d.targets, x),
                               resolves=_sub(d.resolves, x))


def with_value(v: Any, x: int) -> Any:
    """A spell's ``does`` or ``resolves`` with each ``{x: true}`` the X announced as it was
    cast (107.3a, 601.2b)."""
    return _sub(v, x)


def spell_value(cur: Any, does: Any, continuous: Any) -> tuple[Any, Any]:
    """A spell put on the stack by the script (``stack:``): its ``does`` and ``resolves`` with
    the script's ``x``; a spell that reads X needs one, one that doesn't takes none (107.3a)."""
    reads = _has_x(does) or _has_x(continuous)
    if not cur.has("x"):
        if reads:
            cur.fail("missing 'x': the spell reads the X of its mana cost, announced as it is cast "
                     "(CR 107.3a, 601.2b)")
        return does, continuous
    if not reads:
        cur.get("x").fail("the spell reads no X of its mana cost (CR 107.3a)")
    x = cur.get("x").integer("the value of X announced (CR 107.3a)", 0)
    return _sub(does, x), _sub(continuous, x)


def _mana(mana: str, generic: int) -> str:
    """``mana`` with ``generic`` more generic mana (the {X} paid, 601.2f); generic first (107.4)."""
    from pyengine.model.mana import parse_cost

    symbols = parse_cost(mana).symbols if mana else ()
    total = sum(int(s) for s in symbols if s.isdigit()) + generic
    return (f"{{{total}}}" if total else "") + "".join(f"{{{s}}}" for s in symbols if not s.isdigit())


def _has_x(v: Any) -> bool:
    if isinstance(v, Expr):
        return v.op == "x" or any(_has_x(a) for a in v.args)
    if isinstance(v, (tuple, list)):
        return any(_has_x(i) for i in v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return any(_has_x(getattr(v, f.name)) for f in dataclasses.fields(v))
    return False


def _sub(v: Any, x: int) -> Any:
    """``v`` with each ``Expr("x")`` the number ``x``; an instruction's amount that is only X
    becomes that integer (a number of cards looked at too, 701.22a)."""
    if not _has_x(v):
        return v
    if isinstance(v, Expr):
        return Expr("const", value=x) if v.op == "x" else dataclasses.replace(v, args=_sub(v.args, x))
    if isinstance(v, Instruction):
        return Instruction(v.kind, tuple((k, x if isinstance(f, Expr) and f.op == "x" else _sub(f, x))
                                         for k, f in v.fields))
    if isinstance(v, tuple):
        return tuple(_sub(i, x) for i in v)
    if isinstance(v, list):
        return [_sub(i, x) for i in v]
    changes = {f.name: _sub(getattr(v, f.name), x) for f in dataclasses.fields(v) if f.init}
    return dataclasses.replace(v, **changes)
