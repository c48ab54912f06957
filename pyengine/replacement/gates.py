"""Which of the optional rule files a call of the replacement
engine needs.

The entries (replacement.lp, outcomes.lp, witness.lp) include every file; the engine's own
calls give the solver the files the entry includes, in its order, less the optional files
whose rules cannot fire for the call's facts. Gringo spends a fixed time on every rule it prepares,
even one that grounds to nothing (pyengine/relevance.py), and the pruning by predicate names
cannot see that a rule needs, say, ``kind(X, damage)`` when no damage is in question. Each
file below is left out only when its rules provably ground to nothing, so the answer sets
are the same:

- ``kind_damage.lp``, ``kind_life.lp`` (and ``kind_draw.lp``, ``kind_tokens.lp``, which are
  always kept, see :data:`_KEPT`): every rule
  has ``kind(X, K)`` of its kind (draw, damage, create_tokens, set_life) in its body, or
  needs an atom only such a rule makes. An event's kind comes from the facts only: an
  initial event's ``rep_field(X, kind, K)``, an alternative's own event's ``rep_tmpl(E, A,
  I, K)`` (or a ``rep_tmpl_field`` of the field ``kind``), an event a modification changes
  (``rep_mod``: its field ``kind``); the rules transformations make draws only of draws,
  and moves, gains and losses of life and counters events, none of these four kinds.
- ``fallback.lp`` (CR 608.3e): needs ``cant/1``, which only a "can't" effect
  (``rep_cant/1``) gives.
- ``entering_counters.lp`` (CR 122.6): needs a field ``with(C)`` of a move, which comes from
  a fact naming ``with(C)`` (the move's kind fields, an event's fields, a modification).

Anything not understood (a kind that is not a plain constant, a modification or template
field of the field ``kind`` not given as a value) keeps every file.

The calls also give the solver the shapes of their facts' arguments (:func:`ask`), so that
the pruning leaves out the rules whose body tests a term shape that no fact or rule gives
(pyengine/relevance.py); the answer sets and their order were the same on every call of
the bundled scenarios (asp/README.md, "The replacement folder's CPU").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import clingo

from pyengine import encodings
from pyengine.facts import symbol_shapes

_KIND_FILES = {"draw": "kind_draw.lp", "damage": "kind_damage.lp",
               "create_tokens": "kind_tokens.lp", "set_life": "kind_life.lp"}
_ALL = ("kind_draw.lp", "kind_tokens.lp", "kind_life.lp", "kind_damage.lp", "fallback.lp",
        "entering_counters.lp")
# Always kept: without them splittable/1 has no rule, which changes the order in which the
# grounder instantiates the program, and so which of several legal witness sequences (or
# trees reaching the same outcome) the solver finds first: the answers' witnesses changed in
# 11 scenarios of scenarios/replacement. Leaving out the other four changed none.
_KEPT = {"kind_draw.lp", "kind_tokens.lp"}
_KIND = clingo.Function("kind")
_Fn = clingo.SymbolType.Function


def entry(name: str, facts: Sequence[clingo.Symbol]) -> list[Path]:
    """The encodings to solve for the entry ``name`` (registered, service.py) with ``facts``:
    the files it includes, in its order, less the optional ones that cannot matter."""
    return _entry(name, needed(facts))


def ask(name: str, facts: Sequence[clingo.Symbol]) -> tuple[list[Path], frozenset[tuple]]:
    """:func:`entry`, and the shapes of the facts' arguments for the gateway's pruning
    (``solver.solve(fact_shapes=...)``: it then also leaves out the rules whose body tests a
    shape no fact or rule gives, such as a modification ``half(F)`` when no effect halves)."""
    return _entry(name, needed(facts)), symbol_shapes(facts)


@lru_cache(maxsize=64)
def _entry(name: str, kept: tuple[str, ...]) -> list[Path]:
    drop = set(_ALL) - set(kept)
    return [p for p in _includes(encodings.path(name)) if p.name not in drop]


def _includes(path: Path) -> list[Path]:
    """The files an entry includes (``#include "file".`` lines, nothing else in it)."""
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("#include"):
            out.append((path.parent / line.split('"')[1]).resolve())
        elif line and not line.startswith("%"):
            raise ValueError(f"{path}: an entry has only #include lines")
    return out


def needed(facts: Sequence[clingo.Symbol]) -> tuple[str, ...]:
    """The optional files whose rules may fire for ``facts`` (see the module's text)."""
    kinds: set[str] = set()
    cant = carried = False
    seen = _SEEN
    if len(seen) > _ROOM:
        seen.clear()
    for f in facts:
        got = seen.get(f)
        if got is None:
            got = seen[f] = _needs(f)
        if got is _NOTHING:
            continue
        if got is _EVERY:
            return _ALL
        kinds |= got[0]
        cant = cant or got[1]
        carried = carried or got[2]
    out = {_KIND_FILES[k] for k in kinds if k in _KIND_FILES} | _KEPT
    if cant:
        out.add("fallback.lp")
    if carried:
        out.add("entering_counters.lp")
    return tuple(f for f in _ALL if f in out)


# What each fact asks for, kept by the fact (a scenario's calls give mostly the same facts,
# and reading a symbol's name and arguments costs microseconds each): _EVERY (keep every
# file), _NOTHING, or (its kinds, whether it names a "can't" effect, whether it names with(C)).
_SEEN: dict[clingo.Symbol, tuple] = {}
_ROOM = 50_000
_NOTHING: tuple = ()
_EVERY: tuple = ("every",)


def _needs(f: clingo.Symbol) -> tuple:
    """What the fact ``f`` alone asks for (see :func:`needed`)."""
    kinds: set[str] = set()
    cant = False
    if f.type != _Fn:
        return _NOTHING
    name, args = f.name, f.arguments
    if name == "rep_field" and len(args) == 3:
        if args[1] == _KIND and not _kind(args[2], kinds):
            return _EVERY
    elif name == "rep_tmpl" and len(args) == 4:
        if not _kind(args[3], kinds):
            return _EVERY
    elif name == "rep_tmpl_field" and len(args) == 5:
        if args[3] == _KIND:
            v = args[4]
            if not (v.type == _Fn and v.name == "val" and len(v.arguments) == 1
                    and _kind(v.arguments[0], kinds)):
                return _EVERY
    elif name == "rep_mod" and len(args) == 3 and _touches_kind(args[2]):
        return _EVERY
    elif name == "rep_cant":
        cant = True
    carried = (name == "with" and len(args) == 1) or any(_names_with(a) for a in args)
    if not kinds and not cant and not carried:
        return _NOTHING
    return (frozenset(kinds), cant, carried)


def _kind(sym: clingo.Symbol, kinds: set[str]) -> bool:
    """Note the kind ``sym``; False when it is not a plain constant."""
    if sym.type != _Fn or sym.arguments:
        return False
    kinds.add(sym.name)
    return True


def _touches_kind(mod: clingo.Symbol) -> bool:
    """Whether a modification may name the field ``kind`` (its first argument)."""
    return mod.type == _Fn and bool(mod.arguments) and mod.arguments[0] == _KIND


def _names_with(sym: clingo.Symbol) -> bool:
    """Whether ``sym`` has a term ``with(C)`` anywhere in it."""
    if sym.type != _Fn:
        return False
    if sym.name == "with" and len(sym.arguments) == 1:
        return True
    return any(_names_with(a) for a in sym.arguments)
