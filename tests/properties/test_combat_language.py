"""Differential test through the effect language: random combat scenarios (plain scenario data,
tests/properties/strategies_combat_lang.py) go the whole way through the engine -- loader, layer
engine, combat build and select (pyengine/combat/build.py, select.py), the combat encodings --
and are read independently by the oracle (tests/oracles/combat_reader.py, from CR 508.1, 509.1
and 702), whose brute force (tests/oracles/combat_oracle.py) gives the legal declarations.

The maximum (508.1d, 509.1c) and the SET of legal declarations must be equal, and the engine's
verdict on a random proposal must agree with the oracle's set.

``PYENGINE_COMBAT_LANG_EXAMPLES`` sets the number of scenarios (default 120, to keep the
default suite's time; .ci/run runs 1,000, the minimum per CI run: half attack, half block, in
four shards).
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from pyengine.api import loads
from pyengine.combat.model import Board
from pyengine.combat.query import Proposal, board_of, resolve_payments
from pyengine.combat.service import enumerate_legal, verify
from tests.oracles import combat_oracle, combat_reader
from tests.properties.strategies_combat_lang import attack_scenarios, block_scenarios, proposals, to_yaml

# The scenarios are drawn from fixed seeds, so every run (CI's too) checks the same ones.
# scenarios per run, half attack, half block, over four shards (pytest-xdist spreads them)
EXAMPLES = int(os.environ.get("PYENGINE_COMBAT_LANG_EXAMPLES", "120"))
SHARDS = 4
QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
Decls = set[tuple[tuple[tuple[str, str], ...], tuple[str, ...]]]


def _paid_by_creature(decls: Any) -> Decls:
    """Declarations with the costs paid named by creature: a legal declaration pays every
    cost it incurs (508.1h, 509.1d), so the creatures determine the effects paid for."""
    return {(pairs, tuple(sorted({c for _, c in paid}))) for pairs, paid in decls}


def engine(doc: dict[str, Any]) -> tuple[Board, int, Decls]:
    """The engine's board, maximum and legal declarations, read from the scenario text."""
    scenario = loads(to_yaml(doc), "<generated>")
    board = board_of(scenario.state, scenario.query, timeout=60.0)
    verdict = enumerate_legal(board, timeout=60.0, list_limit=10**6)
    assert verdict.count_exact and verdict.count == len(verdict.legal_declarations or ())
    decls = _paid_by_creature((d.pairs, d.paid) for d in verdict.legal_declarations or ())
    return board, verdict.maximum, decls


def check(data: st.DataObject, doc: dict[str, Any]) -> None:
    want_max, want = combat_oracle.legal(combat_reader.board(doc))
    want = _paid_by_creature(want)
    # the scenario's expectation is the oracle's answer (the loader requires one)
    doc = {**doc, "expect": {"maximum": want_max, "count": len(want)}}
    board, got_max, got = engine(doc)
    assert got_max == want_max, to_yaml(doc)
    assert got == want, (sorted(got - want)[:5], sorted(want - got)[:5], to_yaml(doc))
    pairs, paid = data.draw(proposals(doc))
    declaration = resolve_payments(board, Proposal(pairs, tuple((c, None) for c in paid)))
    verdict = verify(board, declaration, timeout=60.0)
    assert verdict.maximum == want_max
    normal = (declaration.pairs, tuple(sorted({c for _, c in declaration.paid})))
    assert verdict.legal == (normal in want), verdict.render()


def _shard(n: int, scenarios: Any) -> Any:
    """One of SHARDS tests that together check EXAMPLES scenarios; each draws from its own
    fixed seed (PYENGINE_HYPOTHESIS_RANDOM=1: new scenarios each run)."""

    def test(data: st.DataObject, doc: dict[str, Any]) -> None:
        check(data, doc)

    test.__doc__ = (
        f"CR 508.1 / 509.1 through the language, shard {n}: the engine's legal declarations are the oracle's."
    )
    out = given(st.data(), scenarios)(test)
    out = settings(max_examples=-(-EXAMPLES // SHARDS), deadline=None, suppress_health_check=QUIET,
                   derandomize=False)(out)
    if os.environ.get("PYENGINE_HYPOTHESIS_RANDOM") != "1":
        out = seed(20261201 + n)(out)
    return out


test_attack_scenarios_equal_oracle_shard0 = _shard(0, attack_scenarios())
test_attack_scenarios_equal_oracle_shard1 = _shard(1, attack_scenarios())
test_block_scenarios_equal_oracle_shard2 = _shard(2, block_scenarios())
test_block_scenarios_equal_oracle_shard3 = _shard(3, block_scenarios())
