"""The replacement oracle's state budget: over it, no answer; within it, the full answer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.oracles.replacement_oracle import Case, Oracle, OracleBudgetExceeded, outcomes
from tests.properties.strategies_replacement import cases


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(cases(max_effects=3))
def test_the_budget_stops_the_search_or_changes_nothing(case: Case) -> None:
    full = Oracle(case)
    answer = full.run()
    needed = len(full.seen)
    assert outcomes(case, budget=needed) == answer
    if needed > 1:
        with pytest.raises(OracleBudgetExceeded):
            outcomes(case, budget=needed - 1)
