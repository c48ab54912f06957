"""The combat benchmark's figures are exact: every solver agrees on small random boards
(no timing is asserted; `pyengine bench combat` reports the times)."""

from __future__ import annotations

import importlib.util

import pytest

from pyengine.bench.combat import Counting, brute_maximum, random_block_board, run, table
from pyengine.combat.service import optimum

HAS_ORTOOLS = importlib.util.find_spec("ortools") is not None


@pytest.mark.parametrize("seed", range(6))
def test_brute_force_agrees_with_clingo(seed: int) -> None:
    """On 4x4 boards the brute force finishes and finds clingo's maximum."""
    board = random_block_board(4, 4, seed)
    maximum, _, read = optimum(board, options=True)
    assert brute_maximum(Counting.of(board, read.options), timeout=30.0) == maximum


@pytest.mark.skipif(not HAS_ORTOOLS, reason="OR-Tools (extra 'cpsat') is not installed")
def test_run_reports_agreeing_figures() -> None:
    """`run` returns one row per size with medians, ratios and agreement."""
    rows = run([(4, 4), (12, 12)], instances=2)
    assert [r["size"] for r in rows] == ["4x4", "12x12"]
    assert all(r["agree"] and r["cpsat_timeouts"] == 0 for r in rows)
    assert rows[0]["brute_finished"] == 2
    assert "clingo_med" in table(rows)
