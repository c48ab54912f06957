"""Differential test through the effect language: random combat scenarios (plain scenario data,
tests/properties/strategies_combat_lang.py) go the whole way through the engine -- loader, layer
engine, combat build and select (pyengine/combat/build.py, select.py), the combat encodings --
and are read independently by the oracle (tests/oracles/combat_reader.py, from CR 508.1, 509.1
and 702), whose brute force (tests/oracles/combat_oracle.py) gives the legal declarations.

The maximum (508.1d, 509.1c) and the SET of legal declarations must be equal, and the engine's
verdict on a random proposal must agree with the oracle's set.

``PYENGINE_COMBAT_LANG_EXAMPLES`` sets the number of scenarios of each kind (attack, block);
the default is small enough for the suite, CI runs at least 500 of each (see .ci/run).
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.api import loads
from pyengine.combat.model import Board
from pyengine.combat.query import Proposal, board_of, resolve_payments
from pyengine.combat.service import enumerate_legal, verify
from tests.oracles import combat_oracle, combat_reader
from tests.properties.strategies_combat_lang import attack_scenarios, block_scenarios, proposals, to_yaml

CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
EXAMPLES = int(os.environ.get("PYENGINE_COMBAT_LANG_EXAMPLES", "150"))
_SETTINGS = settings(
    deadline=None,
    max_examples=EXAMPLES,
    derandomize=CI,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
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


@_SETTINGS
@given(st.data(), attack_scenarios())
def test_attack_scenarios_equal_oracle(data: st.DataObject, doc: dict[str, Any]) -> None:
    """CR 508.1 through the language: the engine's legal attacks are the oracle's."""
    check(data, doc)


@_SETTINGS
@given(st.data(), block_scenarios())
def test_block_scenarios_equal_oracle(data: st.DataObject, doc: dict[str, Any]) -> None:
    """CR 509.1 through the language: the engine's legal blocks are the oracle's."""
    check(data, doc)
