"""Differential test of state-based actions: random boards written as scenario text
(tests/properties/strategies_sba.py) go the whole way through the engine -- loader, layer
engine, asp/sba/ -- and through the independent oracle (tests/oracles/sba_oracle.py, from
CR 704.5 and 104.4a). The actions and the legend-rule groups must be equal as sets.

``PYENGINE_SBA_EXAMPLES`` sets the number of boards (default 20, in two shards, to keep the
default suite within its time: each board runs the layer engine, about half a second on a
busy machine; .ci/run runs 1,000).
"""

from __future__ import annotations

import os
from typing import Any

from pyengine.api import loads, solve
from pyengine.layers import compute
from pyengine.queries.sba import key
from tests.oracles import sba_oracle
from tests.properties.sharding import shard
from tests.properties.strategies_sba import sba_scenarios, to_yaml

EXAMPLES = int(os.environ.get("PYENGINE_SBA_EXAMPLES", "20"))
SHARDS = 2


def _since(query: dict[str, Any]) -> sba_oracle.Since:
    s = query.get("since", {})
    fields = ("drew_from_empty", "deathtouch_damaged", "sagas_sourcing", "battles_sourcing")
    return sba_oracle.Since(**{k: frozenset(s.get(k, ())) for k in fields})


def check(doc: dict[str, Any]) -> None:
    """The engine's actions and legend groups for the board are the oracle's."""
    scenario = loads(to_yaml(doc), "<generated>")
    answer = solve(scenario, timeout=120.0)
    got = {key(a) for a in answer.check.actions}
    got_groups = {(g.controller, g.name, frozenset(g.candidates)) for g in answer.check.legend_groups}
    choices = {(c["controller"], c["name"]): c["keep"] for c in doc["query"].get("legend_choices", [])}
    toughnesses = None
    if any(o.id == "anthem" for o in scenario.state.objects):
        chars = compute(scenario.state, timeout=120.0).objects
        toughnesses = {oid: ch.toughness or 0 for oid, ch in chars.items() if "Creature" in ch.types}
    want, want_groups = sba_oracle.expected(scenario.state, _since(doc["query"]), choices, toughnesses)
    assert got == want, (to_yaml(doc), sorted(got - want, key=str), sorted(want - got, key=str))
    assert got_groups == want_groups, to_yaml(doc)


def _shard(n: int) -> Any:
    return shard(n, SHARDS, EXAMPLES, sba_scenarios(), check,
                 f"CR 704.5, 104.4a, shard {n}: the engine's state-based actions are the oracle's.")


test_sba_equals_oracle_shard0 = _shard(0)
test_sba_equals_oracle_shard1 = _shard(1)
