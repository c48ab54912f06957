"""Typed construction of clingo facts: the one place where Python values become symbols.

Every input predicate is declared in :data:`PREDICATES` with its arity; asp/schema/input.lp
documents the same predicates and a test keeps the two in step. Strings from users (ids, names,
subtypes) become clingo *strings*; closed vocabularies become constants via :class:`Const`.
Nothing is formatted into program text.
"""

from __future__ import annotations

import re
from typing import Union

import clingo

_IDENT = re.compile(r"^[a-z][A-Za-z0-9_]*$")


class Const(str):
    """A clingo constant (an identifier from a closed vocabulary, never user text)."""

    def __new__(cls, value: str) -> "Const":
        if not _IDENT.match(value):
            raise ValueError(f"not a clingo constant: {value!r}")
        return super().__new__(cls, value)


Value = Union[int, str, Const, clingo.Symbol, tuple, "Fn"]


class Fn:
    """A compound term ``name(args...)`` with a constant name."""

    __slots__ = ("name", "args")

    def __init__(self, name: str, *args: Value) -> None:
        if not _IDENT.match(name):
            raise ValueError(f"not a function name: {name!r}")
        self.name = name
        self.args = args


def term(value: Value) -> clingo.Symbol:
    """Convert a Python value to a clingo symbol (ints, strings, constants, tuples, Fn)."""
    if isinstance(value, clingo.Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans are not terms; use a constant")
    if isinstance(value, int):
        return clingo.Number(value)
    if isinstance(value, Const):
        return clingo.Function(str(value))
    if isinstance(value, str):
        return clingo.String(value)
    if isinstance(value, Fn):
        return clingo.Function(value.name, [term(a) for a in value.args])
    if isinstance(value, tuple):
        return clingo.Tuple_([term(a) for a in value])
    raise TypeError(f"cannot make a clingo term of {type(value).__name__}")


# name -> arity; documented in asp/schema/input.lp (test_facts_schema keeps them equal)
PREDICATES: dict[str, int] = {}


def declare(name: str, arity: int) -> None:
    """Declare an input predicate (each rules area declares its own)."""
    if PREDICATES.get(name, arity) != arity:
        raise ValueError(f"{name} declared with arity {PREDICATES[name]} and {arity}")
    PREDICATES[name] = arity


def fact(name: str, *args: Value) -> clingo.Symbol:
    """The fact ``name(args...)``; the predicate must be declared with this arity."""
    arity = PREDICATES.get(name)
    if arity is None:
        raise KeyError(f"undeclared input predicate {name}/{len(args)}")
    if arity != len(args):
        raise ValueError(f"{name} takes {arity} arguments, got {len(args)}")
    return clingo.Function(name, [term(a) for a in args])


def text(symbol: clingo.Symbol) -> str:
    """Read back a string or constant argument (never via str(sym).strip('"'))."""
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Function and not symbol.arguments:
        return symbol.name
    raise TypeError(f"not a string or constant: {symbol}")
