"""Differential test: the combat damage encodings (asp/damage/) against the brute-force oracle
(tests/oracles/damage_oracle.py) on random small combat damage steps (1-3 attackers, 0-3
blockers each, blockers blocking several attackers, random powers, toughness, marked damage,
deathtouch, trample, first strike, double strike, step). The SETS of legal assignments must
be equal (CR 510.1, 510.4, 702.19b), the count must be right when only a count is given, and
a random proposal's verdict must agree with the oracle (CR 510.1e).

``PYENGINE_DAMAGE_EXAMPLES`` sets the number of random combats (default 200; .ci/run
runs 1,000); they are drawn derandomized (tests/conftest.py), so every run, CI's too, checks
the same combats.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from pyengine.damage import check, legal_assignments
from tests.oracles import damage_oracle
from tests.properties.strategies_damage import combats, proposals, to_combat, to_plain, to_shares

EXAMPLES = int(os.environ.get("PYENGINE_DAMAGE_EXAMPLES", "200"))
TIMEOUT = 30.0


@settings(deadline=None, max_examples=EXAMPLES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.data_too_large])
@given(st.data(), combats())
def test_legal_assignments_and_verdicts_equal_oracle(data: st.DataObject, plain: dict[str, Any]) -> None:
    """CR 510.1, 510.4: the engine's legal assignments are exactly the oracle's; with a limit
    below their number, the count equals the oracle's; a proposal's verdict agrees."""
    note(repr(plain))
    want = damage_oracle.legal_assignments(plain)
    combat = to_combat(plain)
    got = legal_assignments(combat, limit=damage_oracle.size_estimate(plain) + 1, timeout=TIMEOUT)
    assert got.listed
    assert {to_plain(a) for a in got.assignments} == want
    limit = data.draw(st.integers(0, len(want)), label="limit")
    if limit < len(want):
        counted = legal_assignments(combat, limit=limit, timeout=TIMEOUT)
        assert (counted.count, counted.exact, counted.assignments) == (len(want), True, ())
    proposal = data.draw(proposals(plain, sorted(want, key=sorted)), label="proposal")
    verdict = check(combat, to_shares(proposal), timeout=TIMEOUT)
    assert verdict.legal == damage_oracle.is_legal(plain, proposal), verdict.violations
    assert verdict.legal == (not verdict.violations)
