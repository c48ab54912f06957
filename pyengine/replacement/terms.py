"""Field values of events as clingo terms and back (the only place they are converted)."""

from __future__ import annotations

from typing import Any

import clingo

from pyengine import facts as F
from pyengine.replacement import spec as S

Value = Any


def term(field: str, v: Value) -> clingo.Symbol:
    """The clingo term of field ``field``'s value ``v`` (see :mod:`pyengine.replacement.event`)."""
    if isinstance(v, bool):
        return F.term(F.Const("true" if v else "false"))
    if v is None:
        return F.term(F.Const("none"))
    if isinstance(v, int):
        return F.term(v)
    if isinstance(v, tuple):
        if v[0] == "o":
            return F.term(F.Fn("o", v[1]))
        if v[0] == "p":
            return F.term(F.Fn("p", v[1]))
        if v[0] == "top":
            return F.term(F.Fn("top", F.Fn("p", v[1])))
        if v[0] == "card":
            return F.term(F.Fn("card", F.Fn("p", v[1]), F.Const(v[2])))
        if v[0] == "tokdef":
            return F.term(F.Fn("tokdef", v[1]))
        raise ValueError(f"no term for {v!r}")
    if field in S.TEXT_FIELDS:
        return F.term(str(v))
    return F.term(F.Const(str(v)))


def value(sym: clingo.Symbol) -> Value:
    """The Python value of an outcome term (``token`` for a created token)."""
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.name in ("o", "p") and len(sym.arguments) == 1:
        return (sym.name, sym.arguments[0].string)
    if sym.name == "top" and len(sym.arguments) == 1:
        return ("top", sym.arguments[0].arguments[0].string)
    if sym.name == "card" and len(sym.arguments) == 2:
        return ("card", sym.arguments[0].arguments[0].string, sym.arguments[1].name)
    if sym.name == "tokdef" and len(sym.arguments) == 1:
        return ("tokdef", sym.arguments[0].string)
    if sym.name == "token" and not sym.arguments:
        return ("token",)
    if sym.name == "true":
        return True
    if sym.name == "false":
        return False
    if sym.name == "none":
        return None
    return F.text(sym)
