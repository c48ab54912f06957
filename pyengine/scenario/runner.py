"""Run scenarios: one at a time (:func:`run_scenario`, :func:`run_file`) or many in parallel
processes, or on a Dask cluster (:func:`run_many`). ``pyengine check`` and the pytest suite
(tests/scenarios/test_scenarios.py) both use this module, so they can never disagree.

A run ends in one of four statuses: ``pass``, ``fail`` (the answer differs from the
expectation; the outcome carries the differences), ``error`` (the file is bad input, or the
engine raised) and ``timeout`` (the time limit ran out: never a verdict). A disputed scenario
passes when its answer matches one of its readings (the outcome says which) and fails
otherwise, like any other.
"""

from __future__ import annotations

import enum
import fnmatch
import gc
import logging
import math
import multiprocessing
import multiprocessing.connection
import os
import pickle
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from pyengine import hardlimit
from pyengine.errors import (
    AmbiguousChoiceError,
    OutOfMemory,
    PyengineError,
    ScenarioError,
    SolverTimeout,
)
from pyengine.hardlimit import grace  # the same grace as a single query's (one definition)
from pyengine.oracle.data import CardDataMissing
from pyengine.printable import escape
from pyengine.queries import base as queries
from pyengine.scenario import lifetime
from pyengine.scenario.loader import load_file
from pyengine.scenario.model import Scenario

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 60.0
DASK_CONNECT_TIMEOUT = 30.0  # seconds to reach a Dask scheduler


class Status(str, enum.Enum):
    """How a scenario run ended."""

    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"
    TIMEOUT = "timeout"
    MEMORY = "memory"  # the memory limit ran out (hardlimit.limit_memory): never a verdict
    SKIP = "skip"  # the scenario names a real card and no card data is installed: not run


@dataclass(frozen=True)
class Outcome:
    """The result of running one scenario.

    Attributes:
        file: the scenario file (``<input>`` for a scenario built in code).
        status: pass, fail, error or timeout.
        id: the scenario id (the file name if the file could not be loaded).
        title: the scenario's title.
        kind: the query kind.
        cr: the CR rules the scenario cites.
        diffs: for ``fail``, one line per difference, ``object.field: expected X, got Y``
            (for a disputed scenario, each prefixed with its reading: ``reading 2: ...``).
        message: for ``error`` and ``timeout``, one line saying what happened.
        error_kind: for ``error``: ``input`` (the file is bad input) or ``engine``.
        answer: the engine's typed answer (None when there is none, or when it could not be
            sent back from a worker process; ``answer_json`` is always sent).
        answer_json: the answer in JSON-ready form.
        seconds: wall time of the run (loading and solving).
        readings: for a disputed scenario, the reason of each acceptable reading (one line
            each, in file order); empty otherwise.
        reading: which reading the answer matched (1 for the first); 0 when none did or
            the scenario is not disputed.
    """

    file: str
    status: Status
    id: str = ""
    title: str = ""
    kind: str = ""
    cr: tuple[str, ...] = ()
    diffs: tuple[str, ...] = ()
    message: str = ""
    error_kind: str = ""
    answer: Any = None
    answer_json: dict[str, Any] | None = None
    seconds: float = 0.0
    readings: tuple[str, ...] = ()
    reading: int = 0

    @property
    def passed(self) -> bool:
        """Whether the scenario passed."""
        return self.status == Status.PASS

    @property
    def ok(self) -> bool:
        """Whether the scenario passed (a disputed one: its answer matched one reading), or
        was skipped for want of card data."""
        return self.passed or self.status == Status.SKIP

    @property
    def disputed(self) -> bool:
        """Whether the scenario is disputed (lists readings instead of one expectation)."""
        return bool(self.readings)

    def dispute_note(self) -> str:
        """For a disputed scenario, which reading matched (with its reason), or that none did."""
        if not self.readings:
            return ""
        total = len(self.readings)
        if self.reading:
            return f"reading {self.reading} of {total}: {self.readings[self.reading - 1]}"
        if self.status == Status.FAIL:
            return f"the answer matches none of its {total} reading{'s' if total != 1 else ''}"
        return f"{total} reading{'s' if total != 1 else ''}"

    @property
    def name(self) -> str:
        """The scenario id, or the file when the file could not be loaded."""
        return self.id or self.file

    def line(self) -> str:
        """The one-line report of this outcome (without the diff lines); a line that reports a
        problem names the file, and control characters in names are escaped."""
        label = self.status.value.upper()
        tail = ""
        if self.readings:
            note = self.dispute_note()
            note = note if len(note) <= 100 else note[:97].rstrip() + "..."
            tail = f"  [disputed: {note}]"
        # the file, where the line would name only the id
        where = f"{self.file}, " if self.id and self.file and not self.passed else ""
        if self.status == Status.ERROR:
            located = self.file in self.message if self.file else True
            text = f"{label:<7} {'' if located else self.file + ': '}{self.message}{tail}"
        elif self.status in (Status.TIMEOUT, Status.MEMORY, Status.SKIP):
            text = f"{label:<7} {self.name}  ({where}{self.message}; not a verdict){tail}"
        else:
            n = len(self.diffs)
            extra = f", {n} difference{'s' if n != 1 else ''}" if n else ""
            text = f"{label:<7} {self.name}  ({where}{self.seconds:.2f} s{extra}){tail}"
        return escape(text)

    def report(self) -> str:
        """The line plus, for a failure, the differences (expected against actual), indented."""
        lines = [self.line()]
        lines += [f"          {escape(d)}" for d in self.diffs]
        return "\n".join(lines)


# --- One scenario -------------------------------------------------------------------------

def _meta(scenario: Scenario) -> dict[str, Any]:
    return {"file": scenario.file, "id": scenario.id, "title": scenario.title,
            "kind": scenario.kind, "cr": scenario.cr,
            "readings": tuple(_one_line(r.reason) for r in scenario.disputed)}


def run_scenario(scenario: Scenario, timeout: float = DEFAULT_TIMEOUT, *,
                 started: float | None = None) -> Outcome:
    """Answer the scenario's query and compare the answer with its expectation.

    ``timeout`` bounds the solver calls; when it runs out the outcome is ``timeout``.
    ``started`` is when loading began (so the time limit covers loading too).
    """
    begin = time.perf_counter() if started is None else started
    meta = _meta(scenario)

    def took() -> float:
        return time.perf_counter() - begin

    kind = queries.get(scenario.kind)
    if kind is None or kind.solve is None:
        planned = f" (planned: {kind.planned})" if kind is not None and kind.planned else ""
        return Outcome(status=Status.ERROR, error_kind="input", seconds=took(), **meta,
                       message=f"{scenario.file}: query.kind: query kind {scenario.kind!r} is not "
                               f"supported yet{planned}")
    remaining = max(0.001, timeout - took())
    try:
        answer = kind.solve(scenario.state, scenario.query, remaining)
        reading, diffs = _compare(kind, scenario, answer)
    except SolverTimeout as exc:  # name the limit given, not what was left of it for this call
        return Outcome(status=Status.TIMEOUT, seconds=took(), **meta,
                       message=f"timeout: {exc.what} did not finish within {timeout:g} s")
    except OutOfMemory as exc:
        return Outcome(status=Status.MEMORY, seconds=took(), message=str(exc), **meta)
    except (ScenarioError, AmbiguousChoiceError) as exc:
        return Outcome(status=Status.ERROR, error_kind="input", seconds=took(), **meta,
                       message=_one_line(str(exc.located(scenario.file)) if isinstance(exc, ScenarioError)
                                         else f"{scenario.file}: {exc}"))
    except PyengineError as exc:
        return Outcome(status=Status.ERROR, error_kind="engine", seconds=took(), **meta,
                       message=_one_line(f"{scenario.file}: {type(exc).__name__}: {exc}"))
    except Exception as exc:  # an engine bug: report it as an error of this scenario, go on
        if hardlimit.is_out_of_memory(exc):
            return Outcome(status=Status.MEMORY, seconds=took(), **meta,
                           message=hardlimit.out_of_memory_message())
        log.debug("internal error in %s", scenario.file, exc_info=True)
        return Outcome(status=Status.ERROR, error_kind="engine", seconds=took(), **meta,
                       message=_one_line(f"{scenario.file}: internal error: {type(exc).__name__}: {exc}"))
    answer_json = _answer_json(answer)
    status = Status.FAIL if diffs else Status.PASS
    return Outcome(status=status, diffs=diffs, answer=answer, answer_json=answer_json,
                   seconds=took(), reading=reading, **meta)


def _compare(kind: Any, scenario: Scenario, answer: Any) -> tuple[int, tuple[str, ...]]:
    """The reading the answer matches (1-based; 0 for none, or for a scenario that is not
    disputed) and the differences: none when it matches; for a disputed scenario that
    matches no reading, every reading's differences, each line naming its reading."""
    if not scenario.disputed:
        return 0, tuple(kind.compare(scenario.expect, answer))
    diffs: list[str] = []
    for number, reading in enumerate(scenario.disputed, 1):
        found = kind.compare(reading.expect, answer)
        if not found:
            return number, ()
        diffs += [f"reading {number}: {d}" for d in found]
    return 0, tuple(diffs)


def _answer_json(answer: Any) -> dict[str, Any] | None:
    to_json = getattr(answer, "to_json", None)
    if to_json is None:
        return None
    try:
        return to_json()  # type: ignore[no-any-return]
    except Exception:  # a broken to_json must not hide the verdict
        log.debug("to_json failed", exc_info=True)
        return None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def run_file(path: str | Path, timeout: float = DEFAULT_TIMEOUT) -> Outcome:
    """Load one scenario file and run it; bad input becomes an ``error`` outcome."""
    started = time.perf_counter()
    try:
        scenario = load_file(path)
    except CardDataMissing as exc:
        return Outcome(file=str(path), status=Status.SKIP, id=_guess_id(str(path)),
                       message=_one_line(str(exc)), seconds=time.perf_counter() - started)
    except ScenarioError as exc:
        return Outcome(file=str(path), status=Status.ERROR, id="", error_kind="input",
                       message=_one_line(str(exc)), seconds=time.perf_counter() - started)
    return run_scenario(scenario, timeout, started=started)


def _portable(outcome: Outcome) -> Outcome:
    """The outcome without its typed answer if that answer cannot be pickled."""
    try:
        pickle.dumps(outcome)
        return outcome
    except Exception:
        return replace(outcome, answer=None)


def run_file_portable(path: str, timeout: float = DEFAULT_TIMEOUT) -> Outcome:
    """:func:`run_file` for a worker: the result can always be sent back."""
    return _portable(run_file(path, timeout))


# --- Finding scenario files ---------------------------------------------------------------

def is_scenario_file(path: Path) -> bool:
    """A YAML file that is not a README."""
    return path.suffix in (".yaml", ".yml") and not path.name.upper().startswith("README")


def discover(paths: Iterable[str | Path], patterns: Sequence[str] = ()) -> list[Path]:
    """Every scenario file under ``paths`` (files named explicitly are always included),
    sorted and without duplicates, filtered by ``patterns`` (``-k``: a file is kept if its
    path contains one of them, or matches one as a glob)."""
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found += sorted(x for x in p.rglob("*") if x.is_file() and is_scenario_file(x)
                            and not any(part.startswith(".") for part in x.relative_to(p).parts))
        elif p.exists():  # a file, or something else named on purpose: loading it says what
            found.append(p)
        else:
            raise ScenarioError("no such file or folder", file=str(raw))
    unique = list(dict.fromkeys(found))
    if patterns:
        unique = [p for p in unique if any(_matches(p, k) for k in patterns)]
    return unique


def _matches(path: Path, pattern: str) -> bool:
    text = path.as_posix()
    if any(ch in pattern for ch in "*?["):
        return fnmatch.fnmatch(text, pattern) or fnmatch.fnmatch(text, f"*{pattern}*")
    return pattern.lower() in text.lower()


# --- Many scenarios -----------------------------------------------------------------------

OnOutcome = Callable[[Outcome], None]
OnProgress = Callable[[int, int, Outcome], None]


class _InOrder:
    """Hands outcomes to ``emit`` in input order as soon as every earlier one is known."""

    def __init__(self, total: int, emit: OnOutcome | None, progress: OnProgress | None) -> None:
        self.results: list[Outcome | None] = [None] * total
        self.next = 0
        self.done = 0
        self.emit = emit
        self.progress = progress

    def put(self, index: int, outcome: Outcome) -> None:
        self.results[index] = outcome
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, len(self.results), outcome)
        while self.next < len(self.results) and self.results[self.next] is not None:
            if self.emit is not None:
                self.emit(self.results[self.next])  # type: ignore[arg-type]
            self.next += 1

    def outcomes(self) -> list[Outcome]:
        return [o for o in self.results if o is not None]


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def run_many(paths: Sequence[str | Path], *, jobs: int | None = None,
             timeout: float = DEFAULT_TIMEOUT, dask: str | None = None,
             on_outcome: OnOutcome | None = None, on_progress: OnProgress | None = None,
             max_memory: int | None = hardlimit.DEFAULT_MAX_MEMORY_MIB,
             answers: bool = True) -> list[Outcome]:
    """Run every file in ``paths``; the outcomes come back (and go to ``on_outcome``) in the
    order of ``paths`` whatever order they finish in. ``on_progress(done, total, outcome)`` is
    called as each one finishes.

    The scenarios run on ``jobs`` long-lived worker processes (default: all cores), one at
    a time each, so that a scenario pays no start-up cost; the solver stops at ``timeout``
    seconds, and a worker still running ``grace(timeout)`` later is killed and replaced, so a
    scenario that hangs outside the solver is reported as a timeout too. Each worker
    process's memory is limited to ``max_memory`` MiB (None: no limit); past it the outcome is
    ``memory`` and the worker is replaced. With ``dask`` (a scheduler address, or
    ``local`` for a LocalCluster of ``jobs`` worker processes), the scenarios run on a Dask
    cluster instead (no memory limit of ours there).

    Local workers take the scenarios longest first (by what each took in earlier runs:
    :mod:`pyengine.scenario.schedule`), so that they finish together; the outcomes still come
    in the order of ``paths``. ``answers``: whether the outcomes carry the typed answer (a
    caller that reads only ``answer_json``, as ``pyengine check`` does, saves pickling it in
    the worker and unpickling it here: about 2 ms a scenario).
    """
    order = _InOrder(len(paths), on_outcome, on_progress)
    if not paths:
        return []
    jobs = jobs or default_jobs()
    # SIGTERM, SIGINT, SIGHUP: stop, and kill the workers on the way out (lifetime.py)
    with lifetime.stopping_on_signals():
        if dask:
            _run_dask([str(p) for p in paths], dask, jobs, timeout, order.put)
        else:
            _run_local([str(p) for p in paths], jobs, timeout, order.put, max_memory, answers)
    return order.outcomes()


def _mp_context() -> Any:
    """fork where it is the platform's safe default (Linux): children start instantly and
    share the parsed catalog; spawn elsewhere."""
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _preload() -> None:
    """Parse and analyse every encoding before forking: each worker process would otherwise
    pay for it again (about a quarter of a second per scenario)."""
    from pyengine import encodings, solver
    from pyengine.layers import engine

    solver.preload(encodings.all_paths())
    engine.preload()


def run_one(path: str, timeout: float = DEFAULT_TIMEOUT, *, portable: bool = True) -> Outcome:
    """Run one scenario file in a worker (a local worker process or a Dask worker): never
    raises, and the outcome can always be sent back (``portable``; a caller that pickles it
    anyway and drops an answer that cannot be pickled, as :func:`_serve` does, can save
    pickling it twice). Running out of memory is ``memory``."""
    try:
        return run_file_portable(path, timeout) if portable else run_file(path, timeout)
    except MemoryError:  # loading the file ran out of memory
        return Outcome(file=path, status=Status.MEMORY, id=_guess_id(path),
                       message=hardlimit.out_of_memory_message())
    except BaseException as exc:  # never let a worker die silently
        return Outcome(file=path, status=Status.ERROR, error_kind="engine",
                       message=_one_line(f"{path}: internal error: {type(exc).__name__}: {exc}"))


def _address_space_mib() -> float | None:
    """This process's address space (VmSize, what the memory limit bounds) in MiB."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return None


def _serve(conn: Any, parent: int, max_memory: int | None) -> None:
    """A long-lived worker process: imports, the catalog and the parsed encodings come with
    the fork; it runs the scenarios it is sent one after another, and answers each with
    ``(outcome, retire)``. It retires (ends after answering) when memory ran out, or when its
    address space has grown past half of the room the limit left it at start (or past
    :data:`RETIRE_MIB` without a limit), so that every scenario starts with about the room a
    fresh process would have."""
    lifetime.die_with_parent(parent)
    from pyengine import solver

    solver.start_watchdog()  # its thread before the memory limit (a fork has none)
    _quiet_collector()
    _quiet_allocator()
    start = _address_space_mib() or 0.0
    retire_at = start + (max_memory - start) / 2 if max_memory and max_memory > start else start + RETIRE_MIB
    try:
        hardlimit.limit_memory(max_memory)
    except (ValueError, OSError):  # a limit below what the process already uses
        pass
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        path, timeout, answers = job
        outcome = run_one(path, timeout, portable=False)
        if not answers and outcome.answer is not None:
            outcome = replace(outcome, answer=None)
        size = _address_space_mib()
        retire = outcome.status == Status.MEMORY or (size is not None and size > retire_at)
        try:
            try:
                conn.send((outcome, retire))
            except MemoryError:
                raise
            except Exception:  # the typed answer cannot be pickled (nothing was sent)
                conn.send((replace(outcome, answer=None), retire))
        except MemoryError:
            conn.send((Outcome(file=path, status=Status.MEMORY, id=outcome.id,
                               message=hardlimit.out_of_memory_message()), True))
            retire = True
        if retire:
            return


def _quiet_collector() -> None:
    """A worker's garbage collector: what the parent loaded before the fork (the catalog, the
    parsed encodings, the query kinds) is frozen, not scanned again by every full collection,
    and the young generation holds 20,000 objects, not 700 (a scenario makes some 10^5
    objects, most of them alive until it ends). Measured in one process over every third
    bundled scenario: the collector's CPU 1.26 s -> 0.44 s of about 42 s, peak memory the
    same (asp/README.md, "Performance")."""
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)


def _quiet_allocator() -> None:
    """A worker's C allocator without fastbins (glibc's ``M_MXFAST`` set to 0): freeing a
    clingo Control leaves thousands of small chunks in them, and glibc merges them all at
    the next request of a kilobyte or more (``malloc_consolidate``), which the next query's
    first such request then pays (pickling the outcome: 0.44 ms median, up to 4 ms, against
    0.015 ms without fastbins; asp/README.md, "Performance"). Small requests still go
    through the per-thread cache. Nothing happens where glibc's ``mallopt`` is missing."""
    try:
        import ctypes

        ctypes.CDLL(None).mallopt(1, 0)  # M_MXFAST = 1
    except (OSError, AttributeError):
        pass


RETIRE_MIB = 1024  # without a memory limit: a worker grown by this much is replaced


@dataclass
class _Worker:
    """A worker process of :func:`_run_local`, and the scenario it runs (None: idle)."""

    proc: Any
    conn: Any
    index: int | None = None
    start: float = 0.0

    def stop(self) -> None:
        """Kill it (whatever it does) and wait for it."""
        self.proc.kill()
        self.proc.join(5.0)
        self.conn.close()


def _run_local(paths: list[str], jobs: int, timeout: float, put: Callable[[int, Outcome], None],
               max_memory: int | None = None, answers: bool = True) -> None:
    """Run ``paths`` on up to ``jobs`` long-lived worker processes (:func:`_serve`), each
    sent one scenario at a time, longest first (:mod:`pyengine.scenario.schedule`; the time
    each took is recorded for the next run). A worker past a scenario's time limit (``timeout`` and its
    grace) is killed and replaced, and the scenario reported as a timeout; a worker that dies
    is replaced, and its scenario reported as an error (as memory when it ran out of it)."""
    from pyengine import catalog

    catalog.catalog()  # parse the catalog once, before forking
    queries.load_all()
    _preload()
    ctx = _mp_context()
    from pyengine.scenario import schedule

    pending = [(i, paths[i]) for i in schedule.longest_first(paths)]
    pending.reverse()  # taken from the end
    timed: list[tuple[str, float]] = []
    workers: list[_Worker] = []
    limit = timeout + grace(timeout)
    jobs = max(1, min(jobs, len(paths)))

    def spawn() -> None:
        mine, theirs = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=_serve, args=(theirs, os.getpid(), max_memory), daemon=True,
                           name=f"pyengine-worker-{len(workers)}")
        # a stopping signal waits until the new worker is in ``workers`` (so the cleanup below
        # kills it); the worker unblocks them itself (lifetime.die_with_parent)
        with lifetime.signals_blocked():
            proc.start()
            theirs.close()
            workers.append(_Worker(proc, mine))

    try:
        while pending or any(w.index is not None for w in workers):
            # every idle worker (a new one as needed) takes the next scenario
            workers = [w for w in workers if w.proc.is_alive() or w.index is not None]
            while len(workers) < jobs and pending:
                spawn()
            for w in workers:
                if w.index is None and pending:
                    w.index, path = pending.pop()
                    w.start = time.monotonic()
                    try:
                        w.conn.send((path, timeout, answers))
                    except (OSError, ValueError):  # it died idle: its death is seen below
                        pass
            busy = [w for w in workers if w.index is not None]
            ready = multiprocessing.connection.wait([w.conn for w in busy] + [w.proc.sentinel for w in busy],
                                                    timeout=0.2)
            now = time.monotonic()
            for w in busy:
                index = w.index
                assert index is not None
                outcome: Outcome | None = None
                retire = False
                if w.conn in ready or w.conn.poll():
                    try:
                        outcome, retire = w.conn.recv()
                    except (EOFError, OSError):
                        outcome, retire = None, True
                    if outcome is None:
                        w.proc.join(1.0)
                        outcome = _died(paths[index], w.proc.exitcode, now - w.start)
                elif w.proc.sentinel in ready and not w.proc.is_alive():
                    outcome, retire = _died(paths[index], w.proc.exitcode, now - w.start), True
                elif now - w.start > limit:
                    outcome, retire = Outcome(
                        file=paths[index], status=Status.TIMEOUT, seconds=now - w.start,
                        id=_guess_id(paths[index]),
                        message=f"timeout: did not finish within {timeout:g} s "
                                f"(worker process killed after {limit:g} s)"), True
                if outcome is None:
                    continue
                w.index = None
                if retire:
                    w.stop()  # a retiring worker ends by itself; one past its limit is killed
                    workers.remove(w)
                if outcome.seconds > 0:
                    timed.append((paths[index], outcome.seconds))
                put(index, outcome)
    finally:
        for w in workers:
            w.stop()
        schedule.remember(timed)


def _guess_id(path: str) -> str:
    """The id a timed-out scenario most likely has (its file says; it can't be read now)."""
    try:
        from pyengine.lang.yamlread import load_yaml
        from pyengine.scenario.files import read_text

        doc = load_yaml(read_text(path), path)
        sid = doc.get("id") if isinstance(doc, dict) else None
        return sid if isinstance(sid, str) else ""
    except Exception:
        return ""


def _died(path: str, exitcode: int | None, seconds: float) -> Outcome:
    return Outcome(file=path, status=Status.ERROR, error_kind="engine", seconds=seconds,
                   id=_guess_id(path),
                   message=f"{path}: the worker process died (exit code {exitcode}) before it reported")


def _run_dask(paths: list[str], address: str, jobs: int, timeout: float,
              put: Callable[[int, Outcome], None]) -> None:
    """Run on a Dask cluster: ``address`` of a scheduler, or ``local`` for a LocalCluster of
    ``jobs`` single-threaded worker processes. The solver's own limit bounds each scenario;
    as a safety net, scenarios not finished when every slot could have run its share of them
    to the limit are reported as timeouts and cancelled."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise PyengineError("--dask needs the optional extra 'dask': pip install 'pyengine[dask]'") from None
    cluster = None
    try:
        if address == "local":
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        else:
            client = Client(address, timeout=DASK_CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise PyengineError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        futures = client.map(run_one, paths, timeout=timeout, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        slots = max(1, sum(client.nthreads().values()))
        guard = (timeout + grace(timeout)) * math.ceil(len(paths) / slots) + 30.0
        finished: set[int] = set()
        try:
            for fut in as_completed(futures, timeout=guard):
                i = index[fut.key]
                try:
                    outcome = fut.result()
                except Exception as exc:
                    outcome = Outcome(file=paths[i], status=Status.ERROR, error_kind="engine",
                                      message=_one_line(f"{paths[i]}: the Dask task failed: "
                                                        f"{type(exc).__name__}: {exc}"))
                finished.add(i)
                put(i, outcome)
        except TimeoutError:
            for i, fut in enumerate(futures):
                if i not in finished:
                    fut.cancel()
                    put(i, Outcome(file=paths[i], status=Status.TIMEOUT, id=_guess_id(paths[i]),
                                   message=f"timeout: did not finish within {timeout:g} s (no result "
                                           f"from the Dask cluster after {guard:g} s)"))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
