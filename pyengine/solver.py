"""The one gateway to clingo: Control lifecycle, time limits, captured grounder messages,
and typed, immutable results."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Callable, Collection, Iterable, Sequence

import clingo
from clingo import ast

from pyengine import parsecache
from pyengine.budget import Budget
from pyengine.errors import EncodingError, SolverTimeout
from pyengine.facts import FactSet
from pyengine.relevance import Program, analyse, remember, symbol_shape

__all__ = ["Budget", "Model", "SolveResult", "SolverTimeout", "also_forget", "forget", "preload",
           "preload_program", "solve", "version"]

log = logging.getLogger(__name__)

STRICT = True  # grounder warnings are errors (an encoding bug), see STYLE.md section 4


@dataclass(frozen=True)
class Model:
    """One answer set: its shown symbols, its cost and whether it is proven optimal.

    ``shown`` keeps clingo's order; :attr:`symbols` and :meth:`atoms` give them sorted
    (sorted on first use: comparing symbols costs a call into clingo each, and a layer round
    shows tens of thousands of atoms)."""

    shown: tuple[clingo.Symbol, ...]
    cost: tuple[int, ...] = ()
    optimal: bool = False

    @cached_property
    def symbols(self) -> tuple[clingo.Symbol, ...]:
        """Every shown symbol, sorted."""
        return tuple(sorted(self.shown))

    def atoms(self, name: str, arity: int | None = None, *, ordered: bool = True) -> list[clingo.Symbol]:
        """Shown atoms called ``name`` (of ``arity`` if given), in symbol order (in clingo's,
        which is deterministic too, when not ``ordered``)."""
        group = self._by_name.get(name, ())
        found = list(group) if arity is None else [s for s in group if len(s.arguments) == arity]
        return sorted(found) if ordered else found

    @cached_property
    def _by_name(self) -> dict[str, list[clingo.Symbol]]:
        groups: dict[str, list[clingo.Symbol]] = {}
        for s in self.shown:
            try:  # shown atoms are function symbols; a shown number or string has no name
                name = s.name
            except RuntimeError:
                continue
            groups.setdefault(name, []).append(s)
        return groups


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one solver call."""

    satisfiable: bool
    models: tuple[Model, ...]
    optimal: bool
    exhausted: bool
    stats: dict[str, float] = field(default_factory=dict)

    @property
    def model(self) -> Model:
        """The last model found (the optimum, when optimising)."""
        if not self.models:
            raise EncodingError("no model")
        return self.models[-1]


def _capture(messages: list[str]):  # type: ignore[no-untyped-def]
    def logger(code: clingo.MessageCode, message: str) -> None:
        messages.append(f"{code.name}: {message.strip()}")

    return logger


def solve(
    encodings: Sequence[Path],
    facts: Iterable[clingo.Symbol] | FactSet,
    *,
    what: str,
    timeout: float = 30.0,
    budget: Budget | None = None,
    args: Sequence[str] = (),
    models: int = 1,
    optimal_only: bool = False,
    consts: dict[str, int | str] | None = None,
    measure: bool = False,
    transform: Callable[[tuple[ast.AST, ...]], tuple[ast.AST, ...]] | None = None,
    prune: bool = True,
    fact_names: Collection[str] | None = None,
    fact_shapes: frozenset[tuple[str, int, int, tuple | None]] | None = None,
) -> SolveResult:
    """Ground ``encodings`` with ``facts`` (symbols, added through the backend) and solve.

    ``models``: 0 for all. ``optimal_only``: with ``--opt-mode=optN``, keep only models whose
    optimality is proven. Raises :class:`SolverTimeout` when ``timeout`` seconds pass before the
    search ends (grounding included), :class:`EncodingError` on grounder warnings in strict mode.
    ``budget``: the query's deadline (:class:`pyengine.budget.Budget`), in place of ``timeout``:
    the call gets what is left of it, and a timeout names the query's whole limit and ``what``
    (none left before the call begins is a timeout too).
    The stats: ``ground_s`` (from the Control's creation, excluded, to the end of grounding),
    ``total_s`` (to the end of solving) and ``clingo_s`` (the part of the call spent
    inside clingo itself: creating the Control, adding statements and facts, grounding and
    solving, the reading of models included; not the pruning or other Python work).
    ``measure``: also report the ground program's size (atoms, rules; costs about a millisecond).
    ``transform``: a rewriting of the parsed statements that keeps their meaning (applied once
    per process and kept with the parsed program). ``prune``: leave out the rules that
    cannot fire given the names of the facts' predicates (:mod:`pyengine.relevance`; the
    answer sets are the same, grounding is faster on small inputs). ``fact_names``: the
    names of the facts' predicates when the caller knows them (reading them off many
    symbols costs about 2 microseconds each); it must include every name the facts use.
    Facts given as a :class:`pyengine.facts.FactSet` also tell the pruning the shapes of
    their arguments, so it can leave out more (``fact_names`` is then not needed);
    ``fact_shapes`` tells the same of facts given as symbols (what
    :meth:`pyengine.facts.FactSet.shapes` gives: every fact's name, arity and the shape of
    each argument, or None for any shape; it must describe every fact).
    A question asked before in this process (the same encodings, facts in the same order,
    options and pruning) gets the answer it got then, without a call (:class:`_Answers`;
    its stats say ``cached`` and no time); time is still checked first.
    """
    if budget is not None:
        timeout = budget.left(what)
    shapes: Collection[tuple] | None = fact_shapes
    if isinstance(facts, FactSet):
        shapes, facts = facts.shapes(), facts.symbols()
    facts = facts if isinstance(facts, (list, tuple)) else list(facts)
    key = _Answers.key(encodings, transform, facts, models, optimal_only, args, consts, measure,
                       prune, fact_names, shapes)
    known = _ANSWERS.get(key)
    if known is not None:
        return known
    result = _solve(encodings, facts, shapes, what=what, timeout=timeout, budget=budget, args=args,
                    models=models, optimal_only=optimal_only, consts=consts, measure=measure,
                    transform=transform, prune=prune, fact_names=fact_names)
    _ANSWERS.put(key, result)
    return result


def _solve(
    encodings: Sequence[Path],
    facts: Sequence[clingo.Symbol],
    shapes: Collection[tuple] | None,
    *,
    what: str,
    timeout: float,
    budget: Budget | None,
    args: Sequence[str],
    models: int,
    optimal_only: bool,
    consts: dict[str, int | str] | None,
    measure: bool,
    transform: Callable[[tuple[ast.AST, ...]], tuple[ast.AST, ...]] | None,
    prune: bool,
    fact_names: Collection[str] | None,
) -> SolveResult:
    """One clingo call (see :func:`solve`)."""

    def out_of_time(where: str) -> SolverTimeout:
        return budget.timeout(where) if budget is not None else SolverTimeout(where, timeout)

    messages: list[str] = []
    argv = [f"--models={models}", *args]
    for name, value in (consts or {}).items():
        argv.append(f"--const={name}={value}")
    created = time.perf_counter()
    ctl = clingo.Control(argv, logger=_capture(messages), message_limit=500)
    started = time.perf_counter()
    in_clingo = started - created  # time inside clingo's own calls (stats "clingo_s")
    try:
        program = _program(tuple(str(enc) for enc in encodings), transform)
    except EncodingError as exc:
        raise EncodingError(f"{what}: {exc}") from None
    if prune:
        names: Collection[str] = ()  # not read when the shapes are known
        if shapes is None:
            names = fact_names if fact_names is not None else {sym.name for sym in facts}
        values = {k: _const_shape(v) for k, v in (consts or {}).items()}
        statements = program.prune(names, shapes, values)
    else:
        statements = program.statements
    adding = time.perf_counter()
    with ast.ProgramBuilder(ctl) as builder:
        for statement in statements:
            builder.add(statement)
    with ctl.backend() as backend:
        _add_facts(backend, facts)
    grounding = time.perf_counter()
    in_clingo += grounding - adding
    deadline = started + timeout
    timer = _Watchdog(ctl, timeout)
    timer.start()
    try:
        try:
            ctl.ground([("base", [])])
        except RuntimeError:
            errors = [m for m in messages if not m.startswith("AtomUndefined")] or messages
            raise EncodingError(f"{what}: grounding failed: " + "; ".join(errors[:5])) from None
        if timer.fired:
            raise out_of_time(what + " (grounding)")
        grounded = time.perf_counter()
        in_clingo += grounded - grounding
        if STRICT:
            bad = [m for m in messages if not m.startswith("OperationUndefined")
                   and "no atoms over signature" not in m]
            if bad:
                raise EncodingError(f"{what}: grounder reported: " + "; ".join(bad[:3]))
        found: list[Model] = []

        def on_model(m: clingo.Model) -> None:
            if optimal_only and not m.optimality_proven:
                return
            found.append(Model(tuple(m.symbols(shown=True)), tuple(m.cost), m.optimality_proven))

        solving = time.perf_counter()
        handle_result = ctl.solve(on_model=on_model)
        in_clingo += time.perf_counter() - solving
        if timer.fired or time.perf_counter() > deadline and not handle_result.exhausted:
            if not handle_result.exhausted:
                raise out_of_time(what)
    finally:
        timer.cancel()
    stats = {
        "ground_s": grounded - started,
        "total_s": time.perf_counter() - started,
        "clingo_s": in_clingo,
    }
    if measure:
        try:
            summary = ctl.statistics["problem"]["lpStep"]
            stats["atoms"] = float(summary["atoms"])
            stats["rules"] = float(summary["rules"])
        except (KeyError, RuntimeError):
            pass
    optimal = bool(found) and (found[-1].optimal or not found[-1].cost)
    return SolveResult(bool(handle_result.satisfiable), tuple(found), optimal,
                       bool(handle_result.exhausted), stats)


def _c_backend() -> tuple | None:
    """clingo's C functions behind ``Backend.add_atom`` and ``Backend.add_rule``, where this
    clingo's Python API (cffi) exposes them; None: use the wrappers."""
    try:
        from clingo._internal import _ffi, _handle_error, _lib

        _lib.clingo_backend_add_atom, _lib.clingo_backend_rule  # noqa: B018 - both present
        _ = clingo.Number(0)._rep
        return _lib, _ffi, _handle_error
    except (ImportError, AttributeError):
        return None


_C_BACKEND = _c_backend()


def _add_facts(backend: clingo.Backend, facts: Sequence[clingo.Symbol]) -> None:
    """Each fact as an atom and a rule with that atom as its head: what ``backend.add_rule(
    [backend.add_atom(sym)])`` does, with clingo's own C functions called directly where they
    are exposed: the wrappers make two argument buffers per call, about 3.5 microseconds a
    fact, and a layer query on a large board adds some 30,000 facts (asp/README.md,
    "Performance")."""
    rep = getattr(backend, "_rep", None)
    if _C_BACKEND is None or rep is None:
        for sym in facts:
            backend.add_rule([backend.add_atom(sym)])
        return
    lib, ffi, handle_error = _C_BACKEND
    add_atom, add_rule, no_body = lib.clingo_backend_add_atom, lib.clingo_backend_rule, ffi.NULL
    p_sym = ffi.new("clingo_symbol_t*")
    p_atom = ffi.new("clingo_atom_t*")  # the atom made, and the rule's head of one atom
    for sym in facts:
        p_sym[0] = sym._rep
        if not add_atom(rep, p_sym, p_atom):
            handle_error(False)
        if not add_rule(rep, False, p_atom, 1, no_body, 0):
            handle_error(False)


class _Key(tuple):  # type: ignore[type-arg]
    """A question's key (:meth:`_Answers.key`), hashed once: it holds the call's facts, and
    hashing a symbol is a call into clingo; looking an answer up and keeping it hash it
    three times."""

    def __hash__(self) -> int:
        got = self.__dict__.get("hash")
        if got is None:
            got = self.__dict__["hash"] = tuple.__hash__(self)
        return got


class _Answers:
    """The answers this process has found, by question: a question asked again (the same
    encodings, transform, facts in the same order, options and pruning) gets the answer it
    got before without a clingo call. clingo is deterministic for one program and one
    configuration, so the answer is the one a new call would give; a game asks the same
    questions after every event that changed nothing they read. Only completed calls are
    kept (no timeouts, no errors). Bounded by entries and by the symbols they hold (facts and
    shown atoms); least recently used first out. The stats of a kept answer say ``cached``,
    with no time spent."""

    def __init__(self, entries: int, room: int) -> None:
        self.entries = entries
        self.room = room
        self.held = 0
        self._kept: OrderedDict[tuple, tuple[SolveResult, int]] = OrderedDict()
        self.hits = 0
        self._lock = threading.Lock()  # calls may come from several threads

    @staticmethod
    def key(encodings: Sequence[Path], transform: object, facts: Sequence[clingo.Symbol],
            models: int, optimal_only: bool, args: Sequence[str],
            consts: dict[str, int | str] | None, measure: bool, prune: bool,
            fact_names: Collection[str] | None, shapes: Collection[tuple] | None) -> tuple:
        # what the pruning is told is part of the question: the answer sets are the same
        # either way, but the first model found may not be
        told = None
        if prune:
            told = frozenset(shapes) if shapes is not None else (
                frozenset(fact_names) if fact_names is not None else None)
        return _Key((tuple(str(e) for e in encodings), transform, tuple(facts), models, optimal_only,
                     tuple(args), tuple(sorted((consts or {}).items())), measure, prune, told))

    def get(self, key: tuple) -> SolveResult | None:
        with self._lock:
            got = self._kept.get(key)
            if got is None:
                return None
            self._kept.move_to_end(key)
            self.hits += 1
        result = got[0]
        stats = {k: (0.0 if k.endswith("_s") else v) for k, v in result.stats.items()}
        stats["cached"] = 1.0
        return replace(result, stats=stats)

    def put(self, key: tuple, result: SolveResult) -> None:
        size = len(key[2]) + sum(len(m.shown) for m in result.models)
        if self.entries <= 0 or size > self.room // 4:
            return
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self.held -= old[1]
            self._kept[key] = (result, size)
            self.held += size
            while len(self._kept) > self.entries or self.held > self.room:
                _, (_, gone) = self._kept.popitem(last=False)
                self.held -= gone

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.held = 0


_ANSWERS = _Answers(entries=512, room=400_000)


_FORGET: list[Callable[[], None]] = []  # what else to drop with the answers (also_forget)


def forget() -> None:
    """Drop the answers kept by :func:`solve`, and what the engines keep of answers (see
    :func:`also_forget`): they stay correct; this frees their memory, and a benchmark that
    asks one question several times times the calls, not the memory."""
    _ANSWERS.clear()
    for drop in _FORGET:
        drop()


def also_forget(drop: Callable[[], None]) -> None:
    """Have :func:`forget` call ``drop`` too (an engine's own results, made of answers)."""
    _FORGET.append(drop)


_Transform = Callable[[tuple[ast.AST, ...]], tuple[ast.AST, ...]]


def preload(paths: Iterable[Path], transform: _Transform | None = None) -> None:
    """Parse ``paths`` (with ``transform``) and analyse their statements for pruning now, into
    this process's caches: worker processes forked afterwards start with them (the batch
    checker forks one per scenario)."""
    for p in paths:
        for statement in _parsed(str(p), transform):
            analyse(statement)


def preload_program(paths: Sequence[Path], transform: _Transform | None = None) -> None:
    """Build now the analysed program that :func:`solve` would build for ``paths``."""
    _program(tuple(str(p) for p in paths), transform)


@lru_cache(maxsize=256)
def _const_shape(value: int | str) -> tuple | None:
    """The shape (pyengine.relevance) of a --const value, None when it is not a plain term."""
    try:
        return symbol_shape(clingo.parse_term(str(value)))
    except RuntimeError:
        return None


@lru_cache(maxsize=256)
def _program(paths: tuple[str, ...], transform: _Transform | None) -> Program:
    """The statements of ``paths`` in order, analysed for pruning (cached per process)."""
    return Program([s for path in paths for s in _parsed(path, transform)])


@lru_cache(maxsize=256)
def _parsed(path: str, transform: _Transform | None = None) -> tuple[ast.AST, ...]:
    """The statements of one encoding (includes resolved), parsed (and transformed) once per
    process: parsing costs about as much as grounding a small program."""
    cached = parsecache.load(path, transform)
    if cached is not None:  # parsed, transformed and analysed by an earlier process
        for statement, analysis in zip(*cached, strict=True):
            remember(statement, analysis)
        return cached[0]
    messages: list[str] = []
    statements: list[ast.AST] = []
    try:
        ast.parse_files([path], statements.append, logger=_capture(messages), message_limit=500)
    except RuntimeError:
        raise EncodingError("cannot load encodings: " + "; ".join(messages[:5])) from None
    # comments have no meaning, and adding each costs as much as adding a rule
    kept = tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)
    done = transform(kept) if transform is not None else kept
    parsecache.store(path, transform, done, [analyse(s) for s in done])
    return done


class _Watchdog:
    """Interrupts a Control when its time is up.

    One daemon thread per process serves every watch (starting a thread per call costs
    about a millisecond). It sleeps until the earliest deadline it knows of; a new watch
    wakes it only when it is due before then, and a cancelled watch never does (the thread
    then wakes at its planned time, finds nothing due, and sleeps again). Waking the thread
    on every call cost about 1.3 ms of a 3 ms grounding of a small combat board, measured:
    the woken thread competes with the grounder on a two-core machine."""

    _lock = threading.Condition()
    _watches: dict[int, "_Watchdog"] = {}
    _thread: threading.Thread | None = None
    _wakes_at: float | None = None  # when the thread will next look (None: not until notified)

    def __init__(self, ctl: clingo.Control, seconds: float) -> None:
        self.ctl = ctl
        self.deadline = time.monotonic() + seconds
        self.fired = False

    @classmethod
    def ensure_thread(cls) -> None:
        """Start the thread if it isn't running (the caller holds ``_lock``, or is alone)."""
        if cls._thread is None:
            cls._thread = threading.Thread(target=cls._serve, name="pyengine-watchdog", daemon=True)
            cls._thread.start()

    def start(self) -> None:
        cls = type(self)
        with cls._lock:
            cls.ensure_thread()
            cls._watches[id(self)] = self
            if cls._wakes_at is None or self.deadline < cls._wakes_at:
                cls._wakes_at = self.deadline
                cls._lock.notify()

    def cancel(self) -> None:
        cls = type(self)
        with cls._lock:
            cls._watches.pop(id(self), None)

    @classmethod
    def _after_fork(cls) -> None:
        """In a forked child the thread is gone and the lock may be held: start afresh."""
        cls._lock = threading.Condition()
        cls._watches = {}
        cls._thread = None
        cls._wakes_at = None

    @classmethod
    def _serve(cls) -> None:
        with cls._lock:
            while True:
                now = time.monotonic()
                for key, watch in list(cls._watches.items()):
                    if watch.deadline <= now:
                        watch.fired = True
                        watch.ctl.interrupt()
                        del cls._watches[key]
                wakes_at = min((w.deadline for w in cls._watches.values()), default=None)
                cls._wakes_at = wakes_at
                cls._lock.wait(wakes_at - now if wakes_at is not None else None)


os.register_at_fork(after_in_child=_Watchdog._after_fork)


def version() -> str:
    """The clingo version in use."""
    return clingo.__version__


def start_watchdog() -> None:
    """Start the time-limit thread now, before a memory limit is set: a thread started when
    the address space is nearly used up can make glibc abort the process (it can't allocate
    the thread's local storage, exit 127) instead of Python raising MemoryError."""
    with _Watchdog._lock:
        _Watchdog.ensure_thread()
