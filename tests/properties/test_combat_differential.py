"""Differential test: the combat encodings against the brute-force oracle
(tests/oracles/combat_oracle.py) on random boards of up to 5 attackers and 5 potential
blockers. The SETS of legal declarations and the maxima must be equal (CR 508.1c-d,
509.1b-c), and verifying a random proposal must agree with the oracle's set."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.combat.model import Declaration
from pyengine.combat.service import enumerate_legal, verify
from tests.oracles import combat_oracle
from tests.properties.strategies_combat import (
    COMPETING_ITEMS,
    attack_boards,
    block_boards,
    proposals,
    to_board,
)

EXAMPLES = int(os.environ.get("PYENGINE_COMBAT_EXAMPLES", "120"))  # per kind; .ci/run: 520 (>= 1,000 in all)
_SETTINGS = settings(
    deadline=None,
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _engine_set(board: Any) -> tuple[int, set[Any]]:
    verdict = enumerate_legal(board, timeout=60.0, list_limit=10**6)
    assert verdict.count_exact and verdict.count == len(verdict.legal_declarations or ())
    return verdict.maximum, {(d.pairs, d.paid) for d in verdict.legal_declarations or ()}


def _check(data: st.DataObject, plain: dict[str, Any]) -> None:
    want_max, want = combat_oracle.legal(plain)
    board = to_board(plain)
    got_max, got = _engine_set(board)
    assert got_max == want_max
    assert got == want, (sorted(got - want)[:5], sorted(want - got)[:5])
    pairs, paid = data.draw(proposals(plain))
    verdict = verify(board, Declaration(pairs, paid), timeout=60.0)
    assert verdict.maximum == want_max
    assert verdict.legal == ((pairs, paid) in want), verdict.render()


@_SETTINGS
@given(st.data(), attack_boards())
def test_attack_legal_declarations_equal_oracle(data: st.DataObject, plain: dict[str, Any]) -> None:
    """CR 508.1: the engine's legal attack declarations are exactly the oracle's."""
    _check(data, plain)


@_SETTINGS
@given(st.data(), block_boards())
def test_block_legal_declarations_equal_oracle(data: st.DataObject, plain: dict[str, Any]) -> None:
    """CR 509.1: the engine's legal block declarations are exactly the oracle's."""
    _check(data, plain)


@settings(_SETTINGS, max_examples=max(50, EXAMPLES // 2))
@given(st.data(), block_boards(items_from=COMPETING_ITEMS))
def test_block_competing_requirements_equal_oracle(data: st.DataObject, plain: dict[str, Any]) -> None:
    """CR 509.1c with requirements that compete for blockers ("must be blocked", Lure, blocks
    if able, provoke, caps, menace): the maximum found with claims and credits
    (asp/combat/block_objective.lp, optimize.lp) is the oracle's."""
    _check(data, plain)
