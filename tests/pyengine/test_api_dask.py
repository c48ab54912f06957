"""Batch checking on a Dask cluster (the optional extra ``dask``): an in-process LocalCluster."""

from __future__ import annotations

from pathlib import Path

import pytest

import pyengine.api as pe
from pyengine.scenario.runner import Status

distributed = pytest.importorskip("distributed", reason="the optional extra 'dask' is not installed")


@pytest.fixture
def cluster():  # type: ignore[no-untyped-def]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as c:
        yield c


def test_check_paths_on_dask_matches_local_run(probe: Path, fixtures: Path, cluster) -> None:  # type: ignore[no-untyped-def]
    files = [probe / "pass.yaml", probe / "fail.yaml", probe / "solver-timeout.yaml",
             probe / "disputed.yaml", fixtures / "invalid" / "unknown-card.yaml"]
    on_dask = pe.check_paths(files, timeout=5, dask=cluster.scheduler_address)
    local = pe.check_paths(files, timeout=5, jobs=2)
    assert [(o.file, o.status, o.diffs, o.readings, o.reading) for o in on_dask] == \
        [(o.file, o.status, o.diffs, o.readings, o.reading) for o in local]
    assert [o.status for o in on_dask] == [Status.PASS, Status.FAIL, Status.TIMEOUT, Status.PASS,
                                          Status.ERROR]
    assert "unknown card 'Grizzly Bear'" in on_dask[4].message


def test_unreachable_scheduler_is_a_one_line_error(probe: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pyengine.errors import PyengineError
    from pyengine.scenario import runner

    monkeypatch.setattr(runner, "DASK_CONNECT_TIMEOUT", 2.0)

    with pytest.raises(PyengineError, match="cannot reach the Dask scheduler"):
        pe.check_paths([probe / "pass.yaml"], dask="tcp://127.0.0.1:9")


def test_a_dask_timeout_names_the_limit_given(probe: Path, cluster) -> None:  # type: ignore[no-untyped-def]
    """The message states the limit the caller gave, not what was left of it when the solver
    call that ran out began (loading the scenario on a worker takes part of the limit)."""
    (outcome,) = pe.check_paths([probe / "solver-timeout.yaml"], timeout=5, dask=cluster.scheduler_address)
    assert outcome.status == Status.TIMEOUT
    assert outcome.message == "timeout: probe did not finish within 5 s"
    (local,) = pe.check_paths([probe / "solver-timeout.yaml"], timeout=5, jobs=1)
    assert local.message == outcome.message
