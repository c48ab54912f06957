"""Instructions to draw found draw by draw (CR 121.2, 614.5, 614.11a; pyengine/replacement/split.py).

A random case of the differential test that took the engine over its minute (about 4 minutes):
alice gains 3 life under two "gain life: draw that many instead" effects (one of them once
only), "an opponent gains life: twice that", an optional "+1 life" and "an opponent draws:
gain 2 life instead". Each draw of N is N draws, each replaced by a gain of life, each gain by
draws again, bounded only by 614.5; the outcomes are every number of draws the choices reach,
with whether the "next time" effect was used and which draws find the library empty. The
engine's outcomes are the brute-force oracle's (tests/oracles/replacement_oracle.py).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pyengine.replacement.service import analyse
from pyengine.scenario.loader import load_text
from tests.oracles.replacement_oracle import Case, OEffect, OObj, outcomes
from tests.properties.strategies_replacement import engine_key, scenario

FIXTURE = Path(__file__).parent / "fixtures" / "replperf-case.yaml"
TIMEOUT = 60.0  # the differential test's limit, which the engine used to exceed


def _same(field: str) -> tuple[str, str]:
    return ("same", field)


def _case(amount: int = 3) -> Case:
    """The case in the oracle's form (tests/properties/strategies_replacement.py writes it as
    the fixture's scenario)."""
    objects = (
        OObj("c1", "alice", "alice", types=("Creature",), colors=("red",)),
        OObj("c2", "bob", "bob", types=("Creature",), colors=("red",)),
        OObj("s1", "alice", "alice", types=("Creature",), colors=("red",), keywords=("wither",)),
        OObj("s2", "bob", "bob", types=("Creature",), colors=("green",), keywords=("wither",)),
        OObj("h1", "alice", "alice", zone="hand", types=("Creature",), colors=("green",)),
    )
    draw_instead = ("instead", [("draw", {"player": _same("player"), "count": _same("amount")})])
    effects = (
        OEffect("e1", "bob", "gain_life", (), draw_instead, uses=1),
        OEffect("e2", "bob", "draw", (("player", "player", "opponent"),),
                ("instead", [("gain_life", {"player": _same("player"), "amount": 2, "cause": "effect"})])),
        OEffect("e3", "bob", "gain_life", (("player", "player", "opponent"),), ("times", "amount", 2)),
        OEffect("e4", "bob", "gain_life", (), ("plus", "amount", 1), optional=True),
        OEffect("e5", "bob", "gain_life", (), draw_instead),
    )
    event = ("gain_life", {"player": ("p", "alice"), "amount": amount, "cause": "effect"})
    return Case(("alice", "bob"), {"alice": 5, "bob": 4}, {"alice": 2, "bob": 1}, objects,
                (event,), effects)


def _engine(text: str) -> tuple[set[object], float]:
    sc = load_text(text, "<case>")
    started = time.perf_counter()
    answer = analyse(sc.state, list(sc.query.events), timeout=TIMEOUT)
    return {engine_key(o) for o in answer.outcomes}, time.perf_counter() - started


def test_the_fixture_is_the_case() -> None:
    """The fixture is the generated case's scenario, word for word."""
    assert FIXTURE.read_text(encoding="utf-8") == scenario(_case())


def test_draws_replaced_by_gains_replaced_by_draws_equal_the_oracle() -> None:
    """CR 121.2, 614.5, 614.11a, 616.1: the same 59 outcomes as the oracle, within the
    differential test's limit (the engine used to take about 4 minutes)."""
    got, _ = _engine(FIXTURE.read_text(encoding="utf-8"))
    expected = outcomes(_case())
    assert len(expected) == 59
    assert got == expected


@pytest.mark.slow
@pytest.mark.parametrize("amount", [1, 2])
def test_other_amounts_equal_the_oracle(amount: int) -> None:
    """The same effects on a gain of 1 or 2 life."""
    case = _case(amount)
    got, _ = _engine(scenario(case))
    assert got == outcomes(case)
