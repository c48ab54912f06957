"""Differential test: the casting encodings (asp/cast/) against the brute-force oracle
(tests/oracles/cast_oracle.py) on random small boards written as scenario text and read by
the loader: the total cost for announced hybrid and Phyrexian choices must be the oracle's
(CR 601.2f, 107.4e-f), and the legal payments (CR 601.2g-h, 702.51a, 702.66a, 702.126a, 119.4)
must be exactly the oracle's, with sources whose mana ability adds one mana of any color, a
choice of listed symbols or N of one color, sacrifices its source or costs life (605.1a,
106.1a, 701.21a).

``PYENGINE_CAST_EXAMPLES`` sets the number of boards (default 100; CI runs 1,000).
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from pyengine.cast.service import check_cast, legal_payments
from pyengine.layers import engine as layers
from pyengine.scenario.loader import load_text
from tests.oracles import cast_oracle
from tests.properties.strategies_cast import boards, scenario_text

EXAMPLES = int(os.environ.get("PYENGINE_CAST_EXAMPLES", "100"))
TIMEOUT = 60.0


@settings(
    deadline=None,
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), boards())
def test_total_cost_and_payments_equal_oracle(data: st.DataObject, board: dict[str, Any]) -> None:
    note(repr(board))
    want = cast_oracle.payments(board)
    scenario = load_text(scenario_text(board), "generated.yaml")
    result = layers.compute(scenario.state, TIMEOUT)
    got = legal_payments(scenario.state, scenario.query.proposal, limit=1000, budget=TIMEOUT, result=result)
    assert got.exact
    assert set(got.payments) == want
    assert got.count == len(want)
    options = cast_oracle.choices(board)
    kinds, _ = data.draw(st.sampled_from(options), label="choices")
    fixed = load_text(scenario_text(board, kinds), "generated.yaml")
    verdict = check_cast(fixed.state, fixed.query.proposal, TIMEOUT, result=result)
    need, life = cast_oracle.total_cost(board, kinds)
    assert verdict.total is not None
    got_need = dict(verdict.total.mana)
    assert {k: v for k, v in got_need.items() if v} == {k: v for k, v in need.items() if v}
    assert verdict.total.life == life
