"""Differential test of the trigger engine through the effect language: random ``triggers``
scenarios (plain scenario data, tests/properties/strategies_triggers.py) go the whole way
through the engine -- loader, the triggered-ability parser, the layer engine for both states,
asp/triggers/ -- and are read independently by the oracle (tests/oracles/triggers_oracle.py,
from CR 603.2-603.10 and 603.3b). The abilities that trigger (source, controller, event) and
the number of stack orders must be equal.

``PYENGINE_TRIGGERS_EXAMPLES`` sets the number of scenarios (default 100; .ci/run: 1,000),
over two shards.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from pyengine.api import loads, solve
from tests.oracles import triggers_oracle
from tests.properties.sharding import shard
from tests.properties.strategies_triggers import scenarios, to_yaml

EXAMPLES = int(os.environ.get("PYENGINE_TRIGGERS_EXAMPLES", "100"))
SHARDS = 2


def check(doc: dict[str, Any]) -> None:
    want = triggers_oracle.triggered(doc)
    expected = [{"source": s, "event": e, "controller": p} for s, _i, p, e in want]
    doc = {**doc, "expect": {"triggered": expected}}
    answer = solve(loads(to_yaml(doc), "<generated>"))
    got = Counter((t.source, t.controller, t.event_index) for t in answer.triggered)
    assert got == Counter((s, p, e) for s, _i, p, e in want), (sorted(got), want, to_yaml(doc))
    assert answer.orders.count == triggers_oracle.stack_orders(want), to_yaml(doc)


def _shard(n: int) -> Any:
    return shard(n, SHARDS, EXAMPLES, scenarios(), check,
                 f"CR 603 through the language, shard {n}: the engine's triggers are the oracle's.")


test_triggers_equal_oracle_shard0 = _shard(0)
test_triggers_equal_oracle_shard1 = _shard(1)
