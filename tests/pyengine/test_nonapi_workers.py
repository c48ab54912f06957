"""The batch checker's worker processes are long-lived: a worker runs scenario after scenario
(no process start-up per scenario), and one killed at a scenario's time limit or retired when
memory ran out is replaced, its scenario reported as a timeout / out of memory and the rest
still run (pyengine/scenario/runner.py, _run_local)."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

import pytest

from pyengine.queries import base as queries
from pyengine.scenario import runner
from pyengine.scenario.runner import Status


@dataclasses.dataclass(frozen=True)
class _Pid:
    """The probe's answer: the number of objects, and the process that computed it."""

    objects: int
    pid: int

    def to_json(self) -> dict[str, Any]:
        return {"objects": self.objects, "pid": self.pid}


@pytest.fixture
def pid_probe(probe: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The probe query kind, answering also with the pid of the process that solved it."""
    base = queries.REGISTRY["probe"]

    def solve(state: Any, query: Any, timeout: float) -> _Pid:
        return _Pid(base.solve(state, query, timeout).objects, os.getpid())

    def compare(expect: int, answer: _Pid) -> list[str]:
        return [] if expect == answer.objects else [f"objects: expected {expect}, got {answer.objects}"]

    monkeypatch.setitem(queries.REGISTRY, "probe", dataclasses.replace(base, solve=solve, compare=compare))
    return probe


def _copies(probe: Path, tmp_path: Path, names: list[str]) -> list[Path]:
    paths = []
    for n, name in enumerate(names):
        paths.append(tmp_path / f"{n:02d}-{name}.yaml")
        paths[-1].write_text((probe / f"{name}.yaml").read_text())
    return paths


def test_one_worker_runs_many_scenarios(pid_probe: Path, tmp_path: Path) -> None:
    outcomes = runner.run_many(_copies(pid_probe, tmp_path, ["pass"] * 6), jobs=2, timeout=30)
    assert [o.status for o in outcomes] == [Status.PASS] * 6
    pids = {o.answer.pid for o in outcomes}
    assert os.getpid() not in pids  # in worker processes
    assert len(pids) <= 2  # one per job, not one per scenario


def test_a_worker_killed_at_the_time_limit_is_replaced(pid_probe: Path, tmp_path: Path) -> None:
    names = ["pass", "hang", "pass", "crash", "pass"]
    outcomes = runner.run_many(_copies(pid_probe, tmp_path, names), jobs=1, timeout=1.0)
    assert [o.status for o in outcomes] == [Status.PASS, Status.TIMEOUT, Status.PASS, Status.ERROR,
                                             Status.PASS]
    assert "worker process killed" in outcomes[1].message and outcomes[1].id == "probe/hang"
    assert "worker process died" in outcomes[3].message
    # the killed worker and the one that died were replaced by new ones
    first, second, third = (outcomes[i].answer.pid for i in (0, 2, 4))
    assert len({first, second, third}) == 3
