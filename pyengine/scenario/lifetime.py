"""Worker processes die with the batch checker that started them.

A worker that outlives its parent keeps solving (one killed ``pyengine check`` left a worker
that reached 4.3 GB a minute later). Two guards:

- in the parent, :func:`stopping_on_signals`: while the batch runs, SIGTERM, SIGINT and SIGHUP
  raise :class:`Interrupted` in the main thread, so the runner's cleanup kills every running
  worker before the process ends (a signal whose handler the caller set is left alone);
- in each worker, :func:`die_with_parent`: Linux's parent-death signal (``prctl`` with
  ``PR_SET_PDEATHSIG``) sends the worker SIGKILL as soon as its parent ends, however it ends
  (SIGKILL included, where no handler runs). The worker leaves the three signals to its parent
  (SIGINT from a terminal reaches the whole process group; the parent stops the workers).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))
_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


class Interrupted(KeyboardInterrupt):
    """The batch run was stopped by a signal (``signum``); its workers have been killed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _is_default(signum: int) -> bool:
    handler = signal.getsignal(signum)
    return handler in (signal.SIG_DFL, signal.default_int_handler, None)


def _raise(signum: int, frame: Any) -> None:
    raise Interrupted(signum)


@contextmanager
def stopping_on_signals() -> Iterator[None]:
    """While the block runs (in the main thread), SIGTERM, SIGINT and SIGHUP raise
    :class:`Interrupted`, so the block's cleanup runs; the previous handlers come back after.
    A signal with a handler of the caller's own keeps it (the caller decides)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.getsignal(s) for s in SIGNALS if _is_default(s)}
    for signum in previous:
        signal.signal(signum, _raise)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


@contextmanager
def signals_blocked() -> Iterator[None]:
    """SIGTERM, SIGINT and SIGHUP held back while the block runs (in the main thread), then
    delivered: a worker started in the block is registered before the parent stops for them."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def die_with_parent(parent: int) -> None:
    """Called first in a worker process: be killed when the parent (pid ``parent``) ends, and
    leave SIGTERM, SIGINT and SIGHUP to it (default action for SIGTERM and SIGHUP, SIGINT
    ignored: the parent, which a terminal's Ctrl-C reaches too, stops the workers)."""
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_IGN if signum == signal.SIGINT else signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # a worker forked while the parent held them back
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:  # the parent ended before the signal was asked for
        os._exit(1)
