"""The public checking contract: api.check / api.check_paths and the Outcome they return.

The probe query kind (tests/conftest.py) stands in for a rules engine, so these tests pin the
runner's behaviour (statuses, diffs, timeouts, disputed, order) whatever the engines do."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import pyengine.api as pe
from pyengine.scenario.runner import Outcome, Status

PROBES = ["ambiguous", "crash", "disputed", "encoding-error", "fail", "hang", "pass", "raise",
          "slow-pass", "solver-timeout"]


def test_probe_fixtures_are_the_expected_set(probe: Path) -> None:
    assert sorted(p.stem for p in probe.glob("*.yaml")) == PROBES


def test_check_pass(probe: Path) -> None:
    outcome = pe.check(pe.load(probe / "pass.yaml"))
    assert outcome.status == Status.PASS and outcome.passed
    assert outcome.id == "probe/pass"
    assert outcome.diffs == ()
    assert outcome.answer.objects == 2
    assert outcome.answer_json == {"objects": 2}
    assert outcome.cr == ("100.1",)
    assert outcome.seconds >= 0


def test_check_fail_carries_a_diff_of_expected_against_actual(probe: Path) -> None:
    outcome = pe.check(pe.load(probe / "fail.yaml"))
    assert outcome.status == Status.FAIL and not outcome.passed
    assert outcome.diffs == ("objects: expected 3, got 2",)
    assert outcome.report().splitlines()[1].strip() == "objects: expected 3, got 2"


def test_check_solver_timeout_is_a_timeout_not_a_verdict(probe: Path) -> None:
    outcome = pe.check(pe.load(probe / "solver-timeout.yaml"), timeout=7)
    assert outcome.status == Status.TIMEOUT
    assert "timeout" in outcome.message and outcome.diffs == ()
    assert "not a verdict" in outcome.line()


@pytest.mark.parametrize("name,error_kind,words", [
    ("encoding-error", "engine", "EncodingError: probe: grounder reported"),
    ("ambiguous", "input", "does not say which object to choose"),
    ("raise", "engine", "internal error: RuntimeError: probe exploded"),
])
def test_check_errors_are_one_line_and_classified(probe: Path, name: str, error_kind: str,
                                                  words: str) -> None:
    outcome = pe.check(pe.load(probe / f"{name}.yaml"))
    assert outcome.status == Status.ERROR
    assert outcome.error_kind == error_kind
    assert words in outcome.message and "\n" not in outcome.message
    assert str(probe / f"{name}.yaml") in outcome.message


def test_disputed_scenario_is_run_and_says_which_reading_matched(probe: Path) -> None:
    outcome = pe.check(pe.load(probe / "disputed.yaml"))
    assert outcome.status == Status.PASS
    assert outcome.disputed and outcome.reading == 2
    assert "[disputed: reading 2 of 2: the probe is unsure]" in outcome.line()


def test_outcome_is_immutable(probe: Path) -> None:
    outcome = pe.check(pe.load(probe / "pass.yaml"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.status = Status.FAIL  # type: ignore[misc]


def test_check_paths_runs_every_file_in_order_with_process_level_timeout(probe: Path) -> None:
    outcomes = pe.check_paths([probe], jobs=2, timeout=1.0)
    assert [Path(o.file).stem for o in outcomes] == PROBES
    status = {Path(o.file).stem: o for o in outcomes}
    assert status["pass"].status == Status.PASS and status["slow-pass"].status == Status.PASS
    assert status["fail"].status == Status.FAIL
    assert status["fail"].diffs == ("objects: expected 3, got 2",)
    assert status["disputed"].status == Status.PASS and status["disputed"].reading == 2
    assert status["solver-timeout"].status == Status.TIMEOUT
    # the hang sleeps 30 s outside any solver: its worker process is killed
    assert status["hang"].status == Status.TIMEOUT
    assert "worker process killed" in status["hang"].message
    assert status["hang"].id == "probe/hang"
    assert status["hang"].seconds < 10
    # the crash kills its worker: an error, and the other scenarios still ran
    assert status["crash"].status == Status.ERROR and "worker process died" in status["crash"].message
    assert {o.status for o in outcomes} == {Status.PASS, Status.FAIL, Status.TIMEOUT, Status.ERROR}
    # the typed answer survives the trip back from the worker
    assert status["pass"].answer.objects == 2


def test_check_paths_filters_with_patterns(probe: Path) -> None:
    outcomes = pe.check_paths([probe], jobs=1, patterns=["pass"])
    assert [o.id for o in outcomes] == ["probe/pass", "probe/slow-pass"]


def test_check_paths_reports_bad_input_as_error_outcomes(fixtures: Path) -> None:
    outcomes = pe.check_paths([fixtures / "invalid"], jobs=2)
    assert len(outcomes) == len(list((fixtures / "invalid").glob("*.yaml")))
    assert all(o.status == Status.ERROR and o.error_kind == "input" for o in outcomes)
    assert all(isinstance(o, Outcome) for o in outcomes)
