"""A hard time limit for one command-line query: ``pyengine solve``, ``explain``, ``graph``.

The solver gateway interrupts clingo's *search* when a query's time is up, but clingo cannot
interrupt *grounding*: a board whose grounding takes a minute reported its timeout only when
that minute had passed (measured: ``solve --timeout 1`` on 250 anthems whose sets depend on
power ended after 55 s). The batch checker already runs each scenario in a process it kills
(pyengine/scenario/runner.py); a single query run from the command line gets the same
guarantee here: a timer thread (clingo releases the interpreter lock while it grounds)
writes the timeout line and ends the process, exit code 3, ``grace`` seconds after the limit.

Only the command line enables it (:func:`enable`): a library caller's process is never ended
behind its back, and its calls keep the gateway's limits (grounding included, reported once
grounding ends).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

EXIT_TIMEOUT = 3  # the CLI's exit code for "no answer within the time limit"
# seconds a query (a scenario, in check) may take when none is given: the command line's and
# the API's default, here so that a command that checks nothing does not import the batch
# runner for it (the runner's DEFAULT_TIMEOUT is the same number: a test holds them equal)
DEFAULT_TIMEOUT = 60.0
_enabled = False


def enable() -> None:
    """Let :func:`guard` end this process (called by the command line's entry point)."""
    global _enabled
    _enabled = True


def enabled() -> bool:
    """Whether this process runs the command line (:func:`enable`): only then does a query
    set its own memory limit (a library caller's process keeps its own)."""
    return _enabled


def grace(seconds: float) -> float:
    """Extra time past the limit before the process is ended (the batch checker gives its
    worker processes the same before it kills them)."""
    return max(1.0, 0.1 * seconds)


@contextmanager
def guard(seconds: float, what: str) -> Iterator[None]:
    """While the block runs, end the process with one line on stderr and exit code 3 if it
    is still running ``seconds + grace(seconds)`` after it began (only when enabled)."""
    if not _enabled:
        yield
        return
    stop_at = seconds + grace(seconds)
    timer = threading.Timer(stop_at, _stop, args=(what, seconds, stop_at))
    timer.daemon = True
    try:
        timer.start()
    except RuntimeError:  # no room for the thread's stack: the memory limit (limit_memory)
        raise MemoryError("cannot start the time-limit thread") from None
    try:
        yield
    finally:
        timer.cancel()


def _stop(what: str, seconds: float, stop_at: float) -> None:
    line = (f"timeout: {what} did not finish within {seconds:g} s (stopped after {stop_at:g} s: "
            "clingo's grounding cannot be interrupted)")
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    finally:
        os._exit(EXIT_TIMEOUT)


# --- Memory -------------------------------------------------------------------------------
# A scenario's size is bounded (pyengine/lang/bounds.py), but what the grounder makes of it is
# not simply proportional: ten thousand Humility copies took 5 GB. A worker of the batch checker
# and a single query from the command line therefore run under an address-space limit
# (RLIMIT_AS): past it, clingo's std::bad_alloc and Python's MemoryError are reported as
# "out of memory (limit N MiB)", exit code 4 / status memory: never an answer, never an
# internal error. A library caller's process is limited only if it asks (limit_memory).

DEFAULT_MAX_MEMORY_MIB = 2048
EXIT_MEMORY = 4  # the CLI's exit code for "no answer within the memory limit"
_memory_limit_mib: int | None = None


def limit_memory(mib: int | None) -> None:
    """Limit this process's address space to ``mib`` MiB (None or 0: no limit of ours). The
    hard limit is kept, so a later call may raise it again; a limit above the hard one is
    clipped to it."""
    global _memory_limit_mib
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if not mib:
        _memory_limit_mib = None
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
        return
    wanted = mib * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    _memory_limit_mib = mib


def memory_limit() -> int | None:
    """The limit set by :func:`limit_memory`, in MiB (None: none)."""
    return _memory_limit_mib


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` says memory ran out: Python's MemoryError, clingo's std::bad_alloc
    (its Python API raises a MemoryError or a RuntimeError naming it), or a thread that
    cannot start under the memory limit."""
    if isinstance(exc, MemoryError):
        return True
    text = str(exc).lower()
    if not isinstance(exc, RuntimeError):
        return False
    # under an address-space limit, a thread (the solver's timer) fails to start when its
    # stack finds no room
    thread = _memory_limit_mib is not None and "can't start new thread" in text
    return "bad_alloc" in text or "bad alloc" in text or thread


def out_of_memory_message() -> str:
    """The one line reported when memory ran out."""
    limit = _memory_limit_mib
    return f"out of memory (limit {limit} MiB)" if limit else "out of memory"
