"""The typed registry of the predicates Python exchanges with the encodings, and the one
generic reader of shown atoms.

Each predicate Python reads is a class (clorm style): a frozen record whose fields, in order,
are the predicate's arguments, each with a type saying how the argument is read::

    @shown("combat", "attacks")
    class Attacks(Record):
        \"\"\"A declaration's attack: ``attacks(D, Attacker, Target)``.\"\"\"
        declaration: Name      # a constant, read as its name
        attacker: str          # a clingo string
        target: Symbol         # any term, kept as the clingo symbol

Field types: ``int`` (a number), ``str`` (a string), :data:`Name` (a constant, read as its
name), :data:`Text` (a string or a constant, read as text), :data:`Symbol` (kept as it is:
no call into clingo, for terms Python passes back or decodes itself). ``Symbol`` is the
cheap choice for atoms read by the thousand (reading one argument is a call into clingo of
1-2 microseconds).

``@shown(area, name)`` registers an output predicate of ``asp/show/<area>.lp`` (a test keeps
the registry and the ``#show`` statements equal); :func:`read` gives a model's atoms of one
class as records, :func:`records` every shown atom of an area, each as its class's record.
Input predicates keep their declaration in :mod:`pyengine.facts` (``declare``/``fact``/
``FactSet``); :func:`inputs` gives them as ``name -> arity``.
"""

from __future__ import annotations

import dataclasses
import operator
import typing
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, NewType, TypeVar, dataclass_transform

import clingo

from pyengine import facts as F
from pyengine.errors import EncodingError

Name = NewType("Name", str)  # a constant (a word of a closed vocabulary), read as its name
Text = NewType("Text", str)  # a string or a constant, read as text
Symbol = clingo.Symbol  # kept as the clingo symbol

R = TypeVar("R", bound="Record")


def _number(sym: clingo.Symbol) -> int:
    if sym.type != clingo.SymbolType.Number:
        raise TypeError(f"not a number: {sym}")
    return sym.number


def _string(sym: clingo.Symbol) -> str:
    if sym.type != clingo.SymbolType.String:
        raise TypeError(f"not a string: {sym}")
    return sym.string


def _name(sym: clingo.Symbol) -> str:
    if sym.type != clingo.SymbolType.Function or sym.arguments or not sym.name:
        raise TypeError(f"not a constant: {sym}")
    return sym.name


def _symbol(sym: clingo.Symbol) -> clingo.Symbol:
    return sym


_READERS: dict[Any, Callable[[clingo.Symbol], Any]] = {
    int: _number, str: _string, Name: _name, Text: F.text, Symbol: _symbol,
}


_FROZEN = dataclasses.FrozenInstanceError
# a field's annotation as written (``from __future__ import annotations``: a string) -> type
_BY_NAME: dict[str, Any] = {"int": int, "str": str, "Name": Name, "Text": Text, "Symbol": Symbol}
_INITS: dict[tuple[str, ...], Callable[..., None]] = {}  # fields -> __init__ (shared by classes)


def _init(fields: tuple[str, ...]) -> Callable[..., None]:
    """An ``__init__`` taking ``fields`` in order (by position or keyword), setting each."""
    made = _INITS.get(fields)
    if made is None:
        body = "".join(f"\n    _set(self, {f!r}, {f})" for f in fields) or "\n    pass"
        scope: dict[str, Any] = {"_set": object.__setattr__}
        exec(f"def __init__(self{''.join(', ' + f for f in fields)}):{body}", scope)  # noqa: S102
        made = _INITS[fields] = scope["__init__"]
    return made


def _getter(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The record's values in field order, as a tuple."""
    if len(fields) >= 2:
        return operator.attrgetter(*fields)  # type: ignore[return-value]
    if fields:
        one = operator.attrgetter(fields[0])
        return lambda rec: (one(rec),)
    return lambda rec: ()


class _RecordType(type):
    """Makes a record class slotted as it is created (one field per annotation), so that
    registering it builds nothing twice: a frozen dataclass with slots is made as a class and
    then made again, and a registry of 94 of them cost a noticeable part of a process's
    start-up. The methods (``__init__``, equality, hashing, ``repr``, pickling) are the
    base's, reading the class's field list; ``__init__`` is made once per list of fields."""

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any) -> _RecordType:
        if "__slots__" not in ns:
            fields = tuple(f for f, t in ns.get("__annotations__", {}).items()
                           if not (isinstance(t, str) and t.startswith(("ClassVar", "typing.ClassVar")))
                           and t is not ClassVar and typing.get_origin(t) is not ClassVar)
            ns["__slots__"] = fields
            ns["_fields"] = fields
            ns["__match_args__"] = fields
            ns["__init__"] = _init(fields)
            ns["_values"] = staticmethod(_getter(fields))
        return super().__new__(mcs, name, bases, ns, **kw)


class Record(metaclass=_RecordType):
    """A shown atom, read: one field per argument (see the module's documentation). Frozen
    (assigning a field raises :class:`dataclasses.FrozenInstanceError`); equal to a record
    of the same class with equal fields, hashed by its fields."""

    __slots__ = ()
    predicate: ClassVar[str] = ""
    arity: ClassVar[int] = 0
    area: ClassVar[tuple[str, ...]] = ()
    _read: ClassVar[tuple[Callable[[clingo.Symbol], Any], ...]] = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    @staticmethod
    def _values(rec: Any) -> tuple[Any, ...]:
        """The record's values in field order (each class has its own)."""
        return ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values(self) == self._values(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={v!r}" for f, v in zip(self._fields, self._values(self), strict=True))
        return f"{self.__class__.__qualname__}({inner})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise _FROZEN(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise _FROZEN(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self._values(self))

    @classmethod
    def of(cls: type[R], sym: clingo.Symbol) -> R:
        """The record of the atom ``sym`` (its name and arity must be this class's)."""
        args = sym.arguments
        if sym.name != cls.predicate or len(args) != cls.arity:
            raise EncodingError(f"{sym} is not a {cls.predicate}/{cls.arity} atom")
        try:
            return cls(*[read(a) for read, a in zip(cls._read, args, strict=True)])
        except TypeError as exc:
            raise EncodingError(f"{cls.predicate}/{cls.arity}: {exc} in {sym}") from None

    @classmethod
    def signature(cls) -> tuple[str, int]:
        """``(name, arity)``."""
        return (cls.predicate, cls.arity)


# area (the stem of asp/show/<area>.lp) -> (name, arity) -> record class
OUTPUTS: dict[str, dict[tuple[str, int], type[Record]]] = {}


@dataclass_transform(frozen_default=True)
def shown(*areas: str, name: str) -> Callable[[type[R]], type[R]]:
    """Register a record class as the output predicate ``name`` of the show files ``areas``
    (a predicate shown by several entries, such as ``outcome/3``, is one class). The class
    (a :class:`Record`) is frozen and slotted as it is made."""

    def register(cls: type[R]) -> type[R]:
        fields = cls._fields
        notes = cls.__annotations__
        hints = [_BY_NAME.get(notes[f]) if isinstance(notes[f], str) else notes[f] for f in fields]
        if any(h is None for h in hints):  # a spelling other than the plain names: as typing reads it
            every = typing.get_type_hints(cls)
            hints = [every[f] for f in fields]
        try:
            readers = tuple(_READERS[h] for h in hints)
        except KeyError as exc:
            raise TypeError(f"{cls.__name__}: a field's type is not one the reader knows: {exc}") from None
        cls.predicate, cls.arity, cls.area, cls._read = name, len(fields), areas, readers
        for area in areas:
            table = OUTPUTS.setdefault(area, {})
            if (name, len(fields)) in table:
                raise ValueError(f"{name}/{len(fields)} registered twice for {area}")
            table[(name, len(fields))] = cls
        return cls

    return register


def read(model: Any, cls: type[R], *, ordered: bool = True) -> list[R]:
    """The atoms of ``cls`` a model shows (a :class:`pyengine.solver.Model`, or any iterable
    of symbols), as records; in symbol order when ``ordered``."""
    if hasattr(model, "atoms"):
        syms = model.atoms(cls.predicate, cls.arity, ordered=ordered)
    else:
        syms = [s for s in model if s.type == clingo.SymbolType.Function
                and s.name == cls.predicate and len(s.arguments) == cls.arity]
        if ordered:
            syms.sort()
    return [cls.of(s) for s in syms]


class Records:
    """Records by class: ``got[Cls]`` is the list of ``Cls`` records (empty if none)."""

    __slots__ = ("_by",)

    def __init__(self, by: dict[type[Record], list[Record]]) -> None:
        self._by = by

    def __getitem__(self, cls: type[R]) -> list[R]:
        return self._by.get(cls, [])  # type: ignore[return-value]


def records(symbols: Iterable[clingo.Symbol], area: str) -> Records:
    """Every shown atom of ``area`` (in the order given), each as its record, by class;
    an atom the area does not declare is an encoding error."""
    table = OUTPUTS[area]
    out: dict[type[Record], list[Record]] = {cls: [] for cls in table.values()}
    for sym in symbols:
        cls = table.get((sym.name, len(sym.arguments)))
        if cls is None:
            raise EncodingError(f"asp/show/{area}.lp shows {sym.name}/{len(sym.arguments)}, "
                                "which the output registry does not declare")
        out[cls].append(cls.of(sym))
    return Records(out)


def inputs() -> dict[str, int]:
    """Every input predicate declared so far (name -> arity; each engine declares its own
    when imported), see :func:`pyengine.facts.declare`."""
    return dict(F.PREDICATES)


__all__ = ["Name", "OUTPUTS", "Record", "Records", "Symbol", "Text", "inputs", "read", "records", "shown"]
