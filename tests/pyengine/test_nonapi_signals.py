"""``pyengine check`` stopped by a signal takes its worker processes with it: SIGTERM, SIGINT
and SIGHUP stop the run and kill the workers (exit code 128 + the signal), and a parent killed
outright (SIGKILL, where no handler runs) still takes them along (Linux's parent-death signal).

Each test starts ``pyengine check`` in a subprocess on probe scenarios that sleep 30 s, waits
until its workers run, signals it, and reads /proc for the workers it had."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PROBES = REPO / "tests" / "pyengine" / "fixtures" / "probe"

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")

# pyengine check with the probe query kind of tests/conftest.py registered (a subprocess has
# no conftest); the probe needs no encodings, so their preloading (half a minute on a busy
# machine) is skipped
# the check runs as from a terminal: a suite started in the background (SIGINT ignored) or
# under nohup (SIGHUP ignored) passes those on to its children, and check rightly keeps a
# caller's ignored signals ignored (lifetime.stopping_on_signals)
RUN_CHECK = """
import importlib.util, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGHUP, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGHUP, signal.SIGTERM})
spec = importlib.util.spec_from_file_location("probe_kind", sys.argv[1])
probe = sys.modules["probe_kind"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)
from pyengine.queries import base as queries
from pyengine.scenario import runner
queries.load_all()
queries.REGISTRY["probe"] = probe.PROBE
runner._preload = lambda: None
from pyengine.cli import main
raise SystemExit(main(sys.argv[2:]))
"""


def _stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state, start time) of a live process, or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), fields[0], int(fields[19])


def _children(pid: int) -> dict[int, int]:
    """The live child processes of ``pid``: pid -> start time."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            st = _stat(int(entry.name))
            if st is not None and st[0] == pid and st[1] != "Z":
                found[int(entry.name)] = st[2]
    return found


def _alive(pids: dict[int, int]) -> list[int]:
    """Those of ``pids`` still running (the same process: same start time, not a zombie)."""
    alive = []
    for pid, started in pids.items():
        st = _stat(pid)
        if st is not None and st[2] == started and st[1] != "Z":
            alive.append(pid)
    return alive


def _start(tmp_path: Path) -> tuple[subprocess.Popen[bytes], dict[int, int]]:
    files = []
    for n in (1, 2):  # two workers, each sleeping 30 s
        target = tmp_path / f"hang-{n}.yaml"
        target.write_text((PROBES / "hang.yaml").read_text())
        files.append(str(target))
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-c", RUN_CHECK, str(REPO / "tests" / "conftest.py"),
                             "check", "--jobs", "2", "--timeout", "60", *files],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    workers: dict[int, int] = {}
    while time.monotonic() < deadline and len(workers) < 2:
        assert proc.poll() is None, proc.communicate()
        workers = _children(proc.pid)
        time.sleep(0.1)
    assert len(workers) == 2, "the workers did not start"
    return proc, workers


def _stop(proc: subprocess.Popen[bytes], workers: dict[int, int]) -> None:
    """Clean up whatever a failing test left running."""
    if proc.poll() is None:
        proc.kill()
    for pid in _alive(workers):
        os.kill(pid, signal.SIGKILL)
    proc.communicate()


def _assert_gone_soon(workers: dict[int, int], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while _alive(workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _alive(workers) == [], f"workers still running {seconds} s after their parent ended"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP],
                         ids=lambda s: signal.Signals(s).name)
def test_a_signal_stops_check_and_its_workers(tmp_path: Path, signum: int) -> None:
    proc, workers = _start(tmp_path)
    try:
        os.kill(proc.pid, signum)
        code = proc.wait(timeout=15)
        _assert_gone_soon(workers)
        err = proc.stderr.read().decode() if proc.stderr else ""
        assert code == 128 + signum, err
        assert err.splitlines()[-1].startswith("pyengine: interrupted")
        assert "Traceback" not in err
    finally:
        _stop(proc, workers)


def test_workers_die_with_a_parent_killed_outright(tmp_path: Path) -> None:
    proc, workers = _start(tmp_path)
    try:
        os.kill(proc.pid, signal.SIGKILL)  # no handler runs: the parent-death signal does it
        assert proc.wait(timeout=15) == -signal.SIGKILL
        _assert_gone_soon(workers)
    finally:
        _stop(proc, workers)
