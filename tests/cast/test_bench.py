"""pyengine bench cast: the figures of one board, checked against the oracle in the same run."""

from __future__ import annotations

from pyengine.bench.cast import measure


def test_the_engines_payments_agree_with_the_oracle_exact_and_capped() -> None:
    """An exact count must equal the brute-force oracle's, and a count stopped at a cap (50, below
    the board's count) is a lower bound that agrees when the oracle finds at least as many."""
    exact = measure(10, 1, 20_000, 12, 60.0)
    assert exact["exact"] and exact["payments"] > 50 and exact["agree"] is True
    capped = measure(10, 1, 50, 12, 60.0)
    assert not capped["exact"] and capped["agree"] is True
    assert exact["verdict_s"] > 0 and exact["oracle_s"] > 0


def test_every_cost_kind_agrees_with_the_oracle() -> None:
    """Hybrid, Phyrexian, X and convoke costs (107.4e-f, 107.3, 702.51): on an 8-source board the
    proposed payment is legal and the engine lists exactly the oracle's payments."""
    from pyengine.bench.cast import COSTS

    for kind in COSTS:
        row = measure(8, 1, 20_000, 8, 60.0, kind)
        assert row["cost"] == kind and row["legal"] is True, row
        assert row["exact"] and row["agree"] is True, row
