"""One time budget per query: a deadline fixed when the query begins, passed down to every
solver call (the layer engine's and then the combat or replacement engine's), each call
getting what is left; when nothing is left the query stops with a timeout naming its whole
limit, never a verdict. Checked with a fake clock: no assertion depends on how fast the
machine is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pyengine import solver
from pyengine.budget import Budget
from pyengine.errors import SolverTimeout
from pyengine.scenario.loader import load_file
from tests.conftest import forget_answers

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
# a block whose legality depends on a layer 5 effect: the layer engine makes a call first
COMBAT = SCENARIOS / "combat" / "block" / "recolored-blocker-passes-protection.yaml"
# a replacement query with static abilities: layers, then the replacement calls
REPLACEMENT = SCENARIOS / "replacement" / "emperion-own-lifelinker.yaml"


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Spy:
    """Wraps the gateway: records each call's ``what``, its budget and the time it had left,
    and lets ``step`` seconds of the fake clock pass during each call."""

    def __init__(self, clock: FakeClock, step: float) -> None:
        self.clock, self.step = clock, step
        self.calls: list[tuple[str, Any, float | None]] = []
        self.real = solver.solve

    def __call__(self, *args: Any, **kwargs: Any) -> solver.SolveResult:
        budget = kwargs.get("budget")
        left = budget.remaining() if isinstance(budget, Budget) else None
        self.calls.append((kwargs["what"], budget, left))
        result = self.real(*args, **kwargs)
        self.clock.now += self.step
        return result


def _spy(monkeypatch: pytest.MonkeyPatch, step: float) -> tuple[FakeClock, Spy]:
    clock = FakeClock()
    spy = Spy(clock, step)
    monkeypatch.setattr(solver, "solve", spy)
    return clock, spy


def _layers(what: str) -> bool:
    """Whether a call is the layer engine's (a round of a layer, or the effects after them)."""
    return what.startswith("layer ") or what == "effects after layers"


def _combat(budget: Budget) -> Any:
    from pyengine.combat.query import solve

    sc = load_file(COMBAT)
    return solve(sc.state, sc.query, budget)


def _replacement(budget: Budget) -> Any:
    from pyengine.queries.replacement import solve

    sc = load_file(REPLACEMENT)
    return solve(sc.state, sc.query, budget)


def test_a_budget_counts_down_on_its_clock_and_then_raises_the_whole_limit() -> None:
    clock = FakeClock()
    budget = Budget(2.0, "the probe", clock=clock)
    assert budget.left("step one") == 2.0
    clock.now += 1.5
    assert budget.left("step two") == pytest.approx(0.5)
    clock.now += 0.5
    with pytest.raises(SolverTimeout) as caught:
        budget.left("step three")
    assert caught.value.seconds == 2.0
    assert str(caught.value) == "timeout: the probe, stopped in step three, did not finish within 2 s"


def test_a_number_starts_a_budget_and_a_budget_is_shared() -> None:
    budget = Budget(5.0, "outer")
    assert Budget.of(budget, "inner") is budget
    fresh = Budget.of(3.0, "inner")
    assert fresh is not budget and fresh.seconds == 3.0 and fresh.what == "inner"
    with pytest.raises(ValueError):
        Budget(0.0)


def test_the_gateway_refuses_a_call_when_the_budget_is_spent(tmp_path: Path) -> None:
    easy = tmp_path / "easy.lp"
    easy.write_text("a.\n")
    clock = FakeClock()
    budget = Budget(1.0, "the probe", clock=clock)
    assert solver.solve([easy], [], what="first", budget=budget).satisfiable
    clock.now += 1.0
    with pytest.raises(SolverTimeout) as caught:
        solver.solve([easy], [], what="second", budget=budget)
    assert caught.value.seconds == 1.0 and "stopped in second" in str(caught.value)


@pytest.mark.parametrize("query", [_combat, _replacement], ids=["combat", "replacement"])
def test_the_layer_calls_and_the_engine_calls_share_one_deadline(query: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    clock, spy = _spy(monkeypatch, step=0.25)
    budget = Budget(100.0, "the query", clock=clock)
    query(budget)
    whats = [what for what, _, _ in spy.calls]
    assert any(_layers(w) for w in whats), whats  # the layer engine ran first
    assert any(not _layers(w) for w in whats), whats  # then the engine's own calls
    # every call, the layers' and the engine's, was given the one budget of the query
    assert all(b is budget for _, b, _ in spy.calls), spy.calls
    # and each was given what was left of it, not the whole limit again
    lefts = [left for _, _, left in spy.calls]
    assert lefts == pytest.approx([100.0 - 0.25 * n for n in range(len(lefts))])


@pytest.mark.parametrize("query", [_combat, _replacement], ids=["combat", "replacement"])
def test_a_query_spends_no_more_than_its_budget_then_times_out(query: Any,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # measure how many calls the query makes, then give it time for all but the last one
    clock, spy = _spy(monkeypatch, step=1.0)
    query(Budget(1000.0, "the query", clock=clock))
    calls = len(spy.calls)
    assert calls >= 2
    forget_answers()  # the second run makes the same calls as the first, none answered from memory
    clock, spy = _spy(monkeypatch, step=1.0)
    budget = Budget(calls - 1.0, "the query", clock=clock)
    began = clock.now
    with pytest.raises(SolverTimeout) as caught:
        query(budget)
    assert caught.value.seconds == calls - 1.0  # the whole limit, not what a call had left
    # the last call was refused before it began: no more than the budget was spent
    assert clock.now - began <= budget.seconds
    assert len(spy.calls) == calls
