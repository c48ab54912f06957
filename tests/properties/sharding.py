"""Sharded property tests: one Hypothesis test split into a few, so that pytest-xdist can
spread them. Each shard checks its part of the examples from its own fixed seed
(``PYENGINE_HYPOTHESIS_RANDOM=1``: new examples each run)."""

from __future__ import annotations

import os
from typing import Any, Callable

from hypothesis import HealthCheck, given, seed, settings
from hypothesis.strategies import SearchStrategy

QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
SEED = 20261202


def shard(n: int, shards: int, examples: int, strategy: SearchStrategy[Any],
          check: Callable[[Any], None], doc: str) -> Any:
    """Shard ``n`` of ``shards`` tests that together give ``check`` ``examples`` values drawn
    from ``strategy``; ``doc`` is its docstring."""

    def test(value: Any) -> None:
        check(value)

    test.__doc__ = doc
    out = given(strategy)(test)
    out = settings(max_examples=-(-examples // shards), deadline=None, suppress_health_check=QUIET,
                   derandomize=False)(out)
    if os.environ.get("PYENGINE_HYPOTHESIS_RANDOM") != "1":
        out = seed(SEED + n)(out)
    return out
