"""pyengine/solver.py: time limits. One watchdog thread serves every call; a call that runs out
of time is a timeout, never an answer, and one that finishes is never interrupted later."""

from __future__ import annotations

import os
import signal
import threading
import time

import clingo
import pytest

from pyengine import solver
from pyengine.errors import SolverTimeout

# the pigeonhole principle, 13 pigeons in 12 holes: unsatisfiable, and exponential for CDCL
HARD = """
p(1..13). h(1..12).
1 { in(P, H) : h(H) } 1 :- p(P).
:- in(P, H), in(Q, H), P < Q.
"""

def _hard(tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "hard.lp"
    path.write_text(HARD, encoding="utf-8")
    return [path]


def test_a_call_out_of_time_is_a_timeout(tmp_path) -> None:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    with pytest.raises(SolverTimeout):
        solver.solve(_hard(tmp_path), [], what="hard", timeout=0.3, models=0)
    assert time.perf_counter() - started < 10


def test_watches_overlap_and_each_fires_on_its_own_deadline(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Two calls at once, from two threads: the short one times out, the long one (whose
    program is easy) answers."""
    results: dict[str, object] = {}

    def run(name: str, paths: list, timeout: float) -> None:
        try:
            results[name] = solver.solve(paths, [], what=name, timeout=timeout, models=0).satisfiable
        except SolverTimeout:
            results[name] = "timeout"

    easy = tmp_path / "easy.lp"
    easy.write_text("a. b :- a.", encoding="utf-8")
    threads = [threading.Thread(target=run, args=("short", _hard(tmp_path), 0.2)),
               threading.Thread(target=run, args=("long", [easy], 60.0))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert results == {"short": "timeout", "long": True}


def test_stats_split_the_time_inside_clingo_from_the_rest(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``clingo_s`` (creating the Control, adding, grounding, solving) is part of the call,
    so never more than its whole, and never nothing."""
    easy = tmp_path / "easy.lp"
    easy.write_text("{ a(1..5) }. :- a(1), a(2).", encoding="utf-8")
    started = time.perf_counter()
    res = solver.solve([easy], [], what="easy", timeout=60, models=0)
    whole = time.perf_counter() - started
    assert 0 < res.stats["ground_s"] <= res.stats["total_s"]
    assert 0 < res.stats["clingo_s"] <= whole


def test_finished_calls_leave_no_watch_behind(tmp_path) -> None:  # type: ignore[no-untyped-def]
    easy = tmp_path / "easy.lp"
    easy.write_text("a.", encoding="utf-8")
    for _ in range(20):
        assert solver.solve([easy], [], what="easy", timeout=0.05).satisfiable
    time.sleep(0.1)  # past every deadline: nothing fires on a finished call
    assert solver._Watchdog._watches == {}


def test_a_short_call_after_long_ones_still_times_out(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The watchdog thread sleeps until the earliest deadline it knows of, and a new watch
    wakes it only when it is due sooner: after finished 60 s calls (the thread still plans
    to wake in a minute), and beside a 60 s watch still running, a 0.3 s call must time out."""
    easy = tmp_path / "easy.lp"
    easy.write_text("a.", encoding="utf-8")
    for _ in range(3):
        assert solver.solve([easy], [], what="easy", timeout=60).satisfiable
    started = time.perf_counter()
    with pytest.raises(SolverTimeout):
        solver.solve(_hard(tmp_path), [], what="hard", timeout=0.3, models=0)
    assert time.perf_counter() - started < 10
    pending = solver._Watchdog(solver.clingo.Control(), 60)
    pending.start()
    try:
        started = time.perf_counter()
        with pytest.raises(SolverTimeout):
            solver.solve(_hard(tmp_path), [], what="hard", timeout=0.3, models=0)
        assert time.perf_counter() - started < 10
        assert not pending.fired
    finally:
        pending.cancel()


def test_a_later_watch_does_not_wake_the_thread(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A watch due after the thread's planned wake-up leaves the plan as it is (waking the
    thread on every call slowed small groundings by a third); an earlier one moves it."""
    easy = tmp_path / "easy.lp"
    easy.write_text("a.", encoding="utf-8")
    solver.solve([easy], [], what="warm", timeout=60)
    first = solver._Watchdog(solver.clingo.Control(), 30)
    later = solver._Watchdog(solver.clingo.Control(), 50)
    first.start()
    try:
        time.sleep(0.05)  # let the thread plan its next wake-up
        planned = solver._Watchdog._wakes_at
        assert planned is not None and planned <= first.deadline
        later.start()
        assert solver._Watchdog._wakes_at == planned
        sooner = solver._Watchdog(solver.clingo.Control(), 5)
        sooner.start()
        assert solver._Watchdog._wakes_at == sooner.deadline
        sooner.cancel()
    finally:
        first.cancel()
        later.cancel()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_gets_its_own_watchdog(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The batch checker's worker processes may be forked while the parent's watchdog runs."""
    paths = _hard(tmp_path)
    easy = tmp_path / "easy.lp"
    easy.write_text("a.", encoding="utf-8")
    solver.solve([easy], [], what="warm", timeout=60)  # the parent's watchdog thread runs
    assert solver._Watchdog._thread is not None and solver._Watchdog._thread.is_alive()
    pid = os.fork()
    if pid == 0:  # the child: a timeout must still fire
        code = 1
        try:
            solver.solve(paths, [], what="hard", timeout=0.3, models=0)
        except SolverTimeout:
            code = 0
        except BaseException:  # noqa: BLE001 - any other outcome fails the test
            code = 2
        os._exit(code)
    deadline = time.monotonic() + 20  # a child without a watchdog would never stop
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the forked child's call was never interrupted")
        time.sleep(0.05)
    assert os.waitstatus_to_exitcode(status) == 0


def test_preload_fills_the_caches_that_forked_workers_inherit() -> None:
    """The batch checker parses and analyses every encoding before it forks a worker per
    scenario: afterwards, loading any of them (as the layer engine does, with and without the
    worlds split) is a cache hit."""
    from pyengine import encodings
    from pyengine.layers import worlds
    from pyengine.scenario import runner

    runner._preload()
    before = solver._parsed.cache_info()
    paths = encodings.all_paths()
    layer_paths = [encodings.path("layers_core"), *{encodings.layer(n) for n in encodings.LAYER_FILES}]
    for p in paths:
        solver._parsed(str(p), None)
    for p in layer_paths:
        solver._parsed(str(p), worlds.split)
    after = solver._parsed.cache_info()
    assert after.misses == before.misses
    assert after.hits - before.hits == len(paths) + len(layer_paths)


def _atoms_after(facts: list[clingo.Symbol]) -> list[clingo.Symbol]:
    ctl = clingo.Control()
    with ctl.backend() as backend:
        solver._add_facts(backend, facts)
    ctl.add("base", [], "derived(X) :- p(X, _).")
    ctl.ground([("base", [])])
    found: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: found.extend(m.symbols(atoms=True)))
    return sorted(found)


def test_facts_through_clingos_c_functions_are_the_wrappers_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    """solver._add_facts calls clingo's C functions directly where they are exposed; the
    program it builds is the one Backend.add_atom and add_rule build."""
    facts = [clingo.Function("p", [clingo.Number(-3), clingo.String('quote " and \\\\ and é')]),
             clingo.Function("p", [clingo.Tuple_([clingo.Number(1), clingo.Function("a")]),
                                   clingo.Number(2)]),
             clingo.Function("q", [], False),  # a classically negated atom: -q
             clingo.Function("r", [clingo.Function("f", [clingo.Function("g", [clingo.String("")])])]),
             clingo.Function("p", [clingo.Number(-3), clingo.String('quote " and \\\\ and é')])]  # twice
    assert solver._C_BACKEND is not None  # this clingo exposes them: the fast path is tested
    fast = _atoms_after(facts)
    monkeypatch.setattr(solver, "_C_BACKEND", None)
    assert _atoms_after(facts) == fast
    assert len(fast) == 4 + 2  # four distinct facts, and derived/1 for each p/2
