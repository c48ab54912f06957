"""What a process keeps between questions: the gateway's answers (pyengine/solver.py) and the
layer engine's results (pyengine/layers/engine.py). A question asked again gets the answer a
new call gives, without the call; anything that changes the question asks clingo again; a
call that ran out of time leaves nothing behind."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import clingo
import pytest

from pyengine import solver
from pyengine.errors import SolverTimeout
from pyengine.layers import engine
from pyengine.model.enums import Step
from pyengine.scenario.loader import load_file
from tests.conftest import forget_answers

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
# "All artifacts are 1/1 artifact creatures" (layers 4 and 7b) on a board of four objects
LAYERS = SCENARIOS / "layers" / "all-artifacts-are-artifact-creatures.yaml"

CHOICE = "{ pick(X) : item(X) } 1. count(N) :- N = #count { X : pick(X) }."


def _program(tmp_path: Path) -> list[Path]:
    path = tmp_path / "choice.lp"
    path.write_text(CHOICE, encoding="utf-8")
    return [path]


def _facts(*items: int) -> list[clingo.Symbol]:
    return [clingo.Function("item", [clingo.Number(i)]) for i in items]


class _NoClingo:
    """Stands in for clingo.Control in the gateway: any call into clingo fails the test."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("clingo was called")


def test_the_same_question_is_answered_again_without_a_call(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    program = _program(tmp_path)
    first = solver.solve(program, _facts(1, 2, 3), what="choice", models=0)
    assert len(first.models) == 4  # no pick, or one of three
    monkeypatch.setattr(solver.clingo, "Control", _NoClingo)
    again = solver.solve(program, _facts(1, 2, 3), what="choice", models=0)
    assert [m.shown for m in again.models] == [m.shown for m in first.models]
    assert (again.satisfiable, again.optimal, again.exhausted) == (first.satisfiable, first.optimal,
                                                                   first.exhausted)
    assert again.stats["cached"] == 1.0 and again.stats["total_s"] == 0.0
    assert "cached" not in first.stats


@pytest.mark.parametrize("change", ["facts", "order", "models", "consts", "args"])
def test_a_changed_question_is_asked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           change: str) -> None:
    program = _program(tmp_path)
    solver.solve(program, _facts(1, 2, 3), what="choice", models=0)
    calls: list[int] = []
    real = solver.clingo.Control

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(solver.clingo, "Control", counted)
    options: dict[str, Any] = {"models": 0}
    facts = _facts(1, 2, 3)
    if change == "facts":
        facts = _facts(1, 2)
    elif change == "order":
        facts = _facts(3, 2, 1)
    elif change == "models":
        options["models"] = 1
    elif change == "consts":
        options["consts"] = {"unused": 1}
    else:
        options["args"] = ["--opt-mode=opt"]
    res = solver.solve(program, facts, what="choice", **options)
    assert calls == [1]
    assert "cached" not in res.stats


def test_a_call_out_of_time_leaves_no_answer(tmp_path: Path) -> None:
    hard = tmp_path / "hard.lp"
    hard.write_text("p(1..13). h(1..12).\n1 { in(P, H) : h(H) } 1 :- p(P).\n"
                    ":- in(P, H), in(Q, H), P < Q.\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(SolverTimeout):
            solver.solve([hard], [], what="hard", timeout=0.2, models=0)


def test_the_layer_engine_answers_a_state_it_has_seen_whatever_it_does_not_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = load_file(LAYERS).state
    first = engine.compute(state)
    assert first.stats["calls"] >= 1  # the board has effects: the engine asked clingo
    # the step, the turn's number and the players' life are not read by the layer engine
    other = state.clone(turn=replace(state.turn, step=Step.END, number=state.turn.number + 3),
                        players=tuple(replace(p, life=p.life - 7) for p in state.players))

    def no_call(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the layer engine called the solver")

    monkeypatch.setattr(solver, "solve", no_call)
    assert engine.compute(other) is first
    monkeypatch.undo()
    # an object changed: computed again, and the same as a computation from nothing
    changed = state.clone(objects=tuple(replace(o, tapped=not o.tapped) for o in state.objects))
    again = engine.compute(changed)
    assert again is not first
    forget_answers()
    cold = engine.compute(changed)
    assert cold.objects == again.objects and cold.applications == again.applications
    assert engine.compute(state).objects == first.objects
