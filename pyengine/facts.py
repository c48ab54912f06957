"""Typed construction of clingo facts: the one place where Python values become symbols.

Every input predicate is declared in :data:`PREDICATES` with its arity; asp/schema/input.lp
documents the same predicates and a test keeps the two in step. Strings from users (ids, names,
subtypes) become clingo *strings*; closed vocabularies become constants via :class:`Const`.
Nothing is formatted into program text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Union

import clingo

from pyengine.relevance import NUM, STR, symbol_shape

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


# Leaf symbols already made, by (kind, value): making one is a call into clingo (a few
# microseconds), and a board repeats the same ids and words hundreds of times. Bounded: it is
# emptied when it reaches _LEAVES_MAX entries.
_LEAVES: dict[tuple[type, object], clingo.Symbol] = {}
_LEAVES_MAX = 1 << 16


def _leaf(value: int | str) -> clingo.Symbol:
    key = (value.__class__, value)
    got = _LEAVES.get(key)
    if got is None:
        if isinstance(value, bool):
            raise TypeError("booleans are not terms; use a constant")
        if isinstance(value, int):
            got = clingo.Number(value)
        elif isinstance(value, Const):
            got = clingo.Function(str(value))
        else:
            got = clingo.String(value)
        if len(_LEAVES) >= _LEAVES_MAX:
            _LEAVES.clear()
        _LEAVES[key] = got
    return got


def term(value: Value) -> clingo.Symbol:
    """Convert a Python value to a clingo symbol (ints, strings, constants, tuples, Fn)."""
    if isinstance(value, clingo.Symbol):
        return value
    if isinstance(value, (int, str)):  # Const is a str; bool is refused by _leaf
        got = _LEAVES.get((value.__class__, value))  # _leaf's lookup, without a call
        return got if got is not None else _leaf(value)
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
    if arity != len(args):
        if arity is None:
            raise KeyError(f"undeclared input predicate {name}/{len(args)}")
        raise ValueError(f"{name} takes {arity} arguments, got {len(args)}")
    return clingo.Function(name, [term(a) for a in args])


def _key(value: Value) -> tuple:
    """A plain-Python sort key of a term: no call into clingo."""
    if isinstance(value, Const):
        return (2, str(value))
    if isinstance(value, str):
        return (1, value)
    if isinstance(value, int):
        return (0, value)
    if isinstance(value, Fn):
        return (3, value.name, tuple(_key(a) for a in value.args))
    if isinstance(value, tuple):
        return (4, tuple(_key(a) for a in value))
    return (5, str(value))


# facts already made, by key (boards repeat ids, and a board is often judged more than once);
# bounded like _LEAVES
_MADE: dict[tuple, tuple[clingo.Symbol, tuple]] = {}  # key -> (fact, its shapes)
_MADE_MAX = 1 << 17


class FactSet:
    """Facts collected without duplicates, given back in a fixed order (by name, then by
    arguments: numbers, strings, constants, functions), sorted and deduplicated in Python:
    comparing or hashing clingo symbols costs a call into clingo each."""

    __slots__ = ("_facts",)

    def __init__(self) -> None:
        self._facts: dict[tuple, tuple[clingo.Symbol, tuple]] = {}

    def add(self, name: str, *args: Value) -> None:
        """Add the fact ``name(args...)`` (checked like :func:`fact`)."""
        key = (name, tuple(_key(a) for a in args))
        if key not in self._facts:
            made = _MADE.get(key)
            if made is None:
                arity = len(args)
                shapes = ((name, arity, -1, None),
                          *((name, arity, pos, _SHAPES[k[0]](k)) for pos, k in enumerate(key[1])))
                made = (fact(name, *args), shapes)
                if len(_MADE) >= _MADE_MAX:
                    _MADE.clear()
                _MADE[key] = made
            self._facts[key] = made

    def symbols(self) -> list[clingo.Symbol]:
        """Every fact added, in the fixed order."""
        return [self._facts[k][0] for k in sorted(self._facts)]

    def shapes(self) -> set[tuple[str, int, int, tuple | None]]:
        """What the gateway's pruning needs to know of these facts (see
        :meth:`pyengine.relevance.Program.prune`): ``(name, arity, -1, None)`` for each
        predicate, and ``(name, arity, position, shape)`` for each argument's shape."""
        out: set[tuple[str, int, int, tuple | None]] = set()
        for _, shapes in self._facts.values():
            out.update(shapes)
        return out

    def __len__(self) -> int:
        return len(self._facts)


# the shape of a term (pyengine.relevance) from its sort key; None: not known
_SHAPES = {
    0: lambda key: NUM,
    1: lambda key: STR,
    2: lambda key: (key[1], 0),
    3: lambda key: (key[1], len(key[2])),
    4: lambda key: ("", len(key[1])),
    5: lambda key: None,
}


def shape(value: Value) -> tuple | None:
    """The shape of the term of ``value`` for the gateway's pruning
    (:mod:`pyengine.relevance`), read off the Python value where it can be (reading a
    symbol's costs calls into clingo)."""
    cls = value.__class__
    if cls is str:
        return STR
    if cls is int:
        return NUM
    if cls is Const:
        return (str(value), 0)
    if cls is Fn:
        return (value.name, len(value.args))  # type: ignore[union-attr]
    if cls is tuple:
        return ("", len(value))  # type: ignore[arg-type]
    if isinstance(value, clingo.Symbol):
        got = _SYMBOL_SHAPES.get(value)  # a board repeats its ability and selector terms
        if got is None:
            if len(_SYMBOL_SHAPES) >= _LEAVES_MAX:
                _SYMBOL_SHAPES.clear()
            got = _SYMBOL_SHAPES[value] = (symbol_shape(value),)
        return got[0]
    key = _key(value)
    return _SHAPES[key[0]](key)


# the shape of each symbol already asked (reading it costs calls into clingo), bounded like
# _LEAVES
_SYMBOL_SHAPES: dict[clingo.Symbol, tuple[tuple | None]] = {}


def symbol_shapes(facts: Iterable[clingo.Symbol]) -> frozenset[tuple[str, int, int, tuple | None]]:
    """What :meth:`FactSet.shapes` says, of facts given as symbols (``solver.solve``'s
    ``fact_shapes``): ``(name, arity, -1, None)`` for each predicate and ``(name, arity,
    position, shape)`` for each argument's shape. Each fact's are kept (an engine asks again
    with mostly the same facts, and reading a symbol costs calls into clingo), bounded like
    _LEAVES."""
    out: set[tuple[str, int, int, tuple | None]] = set()
    for f in facts:
        got = _FACT_SHAPES.get(f)
        if got is None:
            if len(_FACT_SHAPES) >= _LEAVES_MAX:
                _FACT_SHAPES.clear()
            args = f.arguments
            n, name = len(args), f.name
            got = _FACT_SHAPES[f] = ((name, n, -1, None),) + tuple(
                (name, n, i, symbol_shape(a)) for i, a in enumerate(args))
        out.update(got)
    return frozenset(out)


_FACT_SHAPES: dict[clingo.Symbol, tuple[tuple[str, int, int, tuple | None], ...]] = {}


def text(symbol: clingo.Symbol) -> str:
    """Read back a string or constant argument (never via str(sym).strip('"'))."""
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Function and not symbol.arguments:
        return symbol.name
    raise TypeError(f"not a string or constant: {symbol}")
