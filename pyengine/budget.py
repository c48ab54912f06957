"""One query's time limit: a deadline fixed once, when the query begins, and passed down to
every solver call the query makes (the layer engine's rounds, then the combat or replacement
engine's calls). Each call gets what is left; when nothing is left, the query stops with
:class:`pyengine.errors.SolverTimeout` naming the whole limit and where it ran out: a
timeout, never a verdict.

An engine's entry point takes ``timeout: float | Budget``: a number starts a new budget (a
query run on its own), a budget is shared (a query that is part of another, such as the
layer engine run for a combat board). :func:`pyengine.solver.solve` takes ``budget=``.
"""

from __future__ import annotations

import time
from typing import Callable

from pyengine.errors import SolverTimeout

Clock = Callable[[], float]


class Budget:
    """A deadline: ``seconds`` from its creation on ``clock`` (``time.perf_counter``; a test
    may give a fake one). ``what`` names the query in a timeout's message."""

    __slots__ = ("seconds", "what", "deadline", "_clock")

    def __init__(self, seconds: float, what: str = "the query", *, clock: Clock = time.perf_counter) -> None:
        if not seconds > 0:
            raise ValueError(f"a time limit must be more than 0 seconds, got {seconds!r}")
        self.seconds = float(seconds)
        self.what = what
        self._clock = clock
        self.deadline = clock() + self.seconds

    @classmethod
    def of(cls, limit: float | Budget, what: str) -> Budget:
        """``limit`` itself when it is a budget (shared with the caller's query), else a new
        budget of ``limit`` seconds for the query ``what``."""
        return limit if isinstance(limit, Budget) else cls(limit, what)

    def remaining(self) -> float:
        """Seconds left (0 or less once the deadline has passed)."""
        return self.deadline - self._clock()

    def left(self, where: str) -> float:
        """Seconds left for the step ``where``; raises the query's timeout when none are."""
        left = self.remaining()
        if left <= 0:
            raise self.timeout(where)
        return left

    def timeout(self, where: str) -> SolverTimeout:
        """The timeout of this query, ran out in the step ``where``."""
        if not where or where == self.what:
            return SolverTimeout(self.what, self.seconds)
        return SolverTimeout(f"{self.what}, stopped in {where},", self.seconds)

    def __repr__(self) -> str:
        return f"Budget({self.seconds:g} s for {self.what}, {self.remaining():.3f} s left)"


__all__ = ["Budget", "Clock"]
