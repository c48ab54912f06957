"""The benchmark boards and figures of pyengine/bench: the dense anthem board means what its
name says (CR 613.4c: each Glorious Anthem gives every creature its controller controls
+1/+1), the reference timing gives up at its limit, and ``bench check`` and ``bench layers
--dense`` are commands (a bad value is one line, exit 2)."""

from __future__ import annotations

import pytest

from pyengine.bench import layers as bench
from pyengine.cli import main
from pyengine.layers import compute


def test_the_dense_board_is_bears_and_anthems() -> None:
    state = bench.dense(6, 2)
    result = compute(state, timeout=60)
    bears = [o for o in result.objects.values() if o.name == "Grizzly Bears"]
    assert len(bears) == 6 and len(state.objects) == 8
    assert {(o.power, o.toughness) for o in bears} == {(4, 4)}  # 2/2, +1/+1 twice


def test_the_reference_time_is_measured_and_limited() -> None:
    state = bench.dense(6, 2)
    took = bench._reference(state, 30.0)
    assert took is not None and took > 0
    assert bench._reference(bench.dense(3000, 300), 0.05) is None


@pytest.mark.parametrize("argv", [["bench", "check", "--repeats", "0"],
                                  ["bench", "layers", "--dense", "--sizes", "3y3"]])
def test_bad_values_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_lost_alarm_does_not_leave_the_reference_running(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reference that would swallow an exception raised to stop it (as a garbage-collector
    callback or a finalizer does) must still stop at the limit, not run on for hours: it runs
    in a child process killed at the limit."""
    import time

    from tests.oracles import layers_oracle

    def swallows_the_first_alarm(state: object) -> None:
        end = time.monotonic() + 5.0
        try:
            while time.monotonic() < end:
                pass
        except BaseException:  # what a gc callback does to the exception
            pass
        while time.monotonic() < end:
            pass

    monkeypatch.setattr(layers_oracle, "compute", swallows_the_first_alarm)
    t0 = time.monotonic()
    assert bench._reference(bench.dense(2, 1), 0.05) is None
    assert time.monotonic() - t0 < 4.0
