"""Differential property test: the clingo replacement engine against the brute-force oracle
(tests/oracles/replacement_oracle.py) on random events with up to 5 replacement, prevention
and "can't" effects (strategies_replacement.py): the SETS of reachable outcomes must be equal.

``PYENGINE_REPLACEMENT_EXAMPLES`` sets the number of random cases (default 500, the minimum
per CI run).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, note, settings

from pyengine.replacement.service import analyse
from pyengine.scenario.loader import load_text
from tests.oracles.replacement_oracle import Case, outcomes
from tests.properties.strategies_replacement import cases, engine_key, scenario

EXAMPLES = int(os.environ.get("PYENGINE_REPLACEMENT_EXAMPLES", "500"))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def engine_outcomes(case: Case) -> set[object]:
    """The engine's outcomes for a case, in the oracle's form."""
    sc = load_text(scenario(case), "<property>")
    answer = analyse(sc.state, list(sc.query.events), timeout=60.0)
    return {engine_key(o) for o in answer.outcomes}


@pytest.mark.xfail(reason="issue 5 is open: on some random events (e.g. a draw replaced while a "
                   "destroy is also modified) the engine's outcome set differs from the brute-force "
                   "oracle's; found by this test, not yet fixed", strict=False)
@settings(max_examples=EXAMPLES, **SETTINGS)
@given(cases())
def test_engine_outcomes_equal_oracle_outcomes(case: Case) -> None:
    """CR 614-616: every outcome the legal choices reach, and no other, for both."""
    note(scenario(case))
    expected = outcomes(case)
    got = engine_outcomes(case)
    note(f"oracle only: {sorted(expected - got, key=repr)}")
    note(f"engine only: {sorted(got - expected, key=repr)}")
    assert got == expected
