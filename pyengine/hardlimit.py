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
_enabled = False


def enable() -> None:
    """Let :func:`guard` end this process (called by the command line's entry point)."""
    global _enabled
    _enabled = True


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
    timer.start()
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
