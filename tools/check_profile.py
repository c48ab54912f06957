"""Where the CPU of ``pyengine check`` goes: every scenario in turn in this one process (as one
worker runs them), CPU time (``time.process_time``) by folder and by phase.

    PYTHONPATH=. python tools/check_profile.py scenarios [--top 20]

Phases: start-up (imports, the catalog, the query kinds, the encodings: what the parent
does before forking its workers), loading a scenario (YAML, validation, card lookups), its
query (the engines: inside it, the solver calls, split into the pruning, creating the
Control, grounding, solving, freeing it, the rest being adding statements and facts and
reading models), comparing with the expectation and the answer's JSON form, pickling the
outcome as a worker of ``pyengine check`` sends it (its answer's JSON form, not the typed
answer: ``run_many(..., answers=False)``; pickling the typed answer, which only the API's
``check_paths`` sends, is shown apart and not counted), and Python's garbage collector. By folder: each
scenario's CPU, its solver calls (and how many the solver's kept answers answered), and
the CPU of those calls by encoding. Wrapping the calls costs a little CPU of its own.
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import pickle
import sys
import time

pt = time.process_time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", default=["scenarios"])
    ap.add_argument("--top", type=int, default=15, help="the N costliest scenarios and encodings")
    ap.add_argument("--every", type=int, default=1, help="every Nth scenario only")
    args = ap.parse_args()
    t0 = pt()
    import clingo

    from pyengine import catalog, relevance, solver
    from pyengine.queries import base as queries
    from pyengine.scenario import runner
    from pyengine.scenario.loader import load_file

    catalog.catalog()
    queries.load_all()
    runner._preload()
    start_up = pt() - t0
    # the collector as a worker of ``pyengine check`` sets it after the fork (where it does)
    getattr(runner, "_quiet_collector", lambda: None)()
    getattr(runner, "_quiet_allocator", lambda: None)()  # and the allocator
    phase: collections.Counter[str] = collections.Counter()
    where = {"folder": ""}

    def timed(owner: object, name: str, label: str) -> None:
        inner = getattr(owner, name)

        def wrapper(*a, **k):  # type: ignore[no-untyped-def]
            began = pt()
            try:
                return inner(*a, **k)
            finally:
                phase[label] += pt() - began

        setattr(owner, name, wrapper)

    timed(relevance.Program, "prune", "  pruning")
    timed(clingo.Control, "__init__", "  creating the Control")
    timed(clingo.Control, "ground", "  grounding")
    timed(clingo.Control, "solve", "  solving")
    timed(clingo.Control, "__del__", "  freeing the Control")
    calls: collections.Counter[str] = collections.Counter()
    call_cpu: collections.Counter[str] = collections.Counter()
    by_encoding: collections.Counter[str] = collections.Counter()
    by_encoding_calls: collections.Counter[str] = collections.Counter()
    inner_solve = solver._solve

    def solve_wrapper(encodings, *a, **k):  # type: ignore[no-untyped-def]
        began = pt()
        try:
            return inner_solve(encodings, *a, **k)
        finally:
            spent = pt() - began
            phase[" solver calls"] += spent
            calls[where["folder"]] += 1
            call_cpu[where["folder"]] += spent
            name = "+".join(os.path.basename(str(e)) for e in encodings)
            by_encoding[f"{where['folder']}: {name}"] += spent
            by_encoding_calls[f"{where['folder']}: {name}"] += 1

    solver._solve = solve_wrapper
    collecting = [0.0, 0.0]

    def on_gc(stage: str, _info: dict) -> None:
        if stage == "start":
            collecting[1] = pt()
        else:
            collecting[0] += pt() - collecting[1]

    gc.callbacks.append(on_gc)
    paths = runner.discover(args.paths)[::args.every]
    total: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    kept: collections.Counter[str] = collections.Counter()
    each: list[tuple[float, str]] = []
    began_all = pt()
    for path in paths:
        folder = path.parts[-2] if len(path.parts) > 1 else "."
        where["folder"] = folder
        hits = solver._ANSWERS.hits
        began = pt()
        scenario = load_file(path)
        loaded = pt()
        kind = queries.get(scenario.kind)
        answer = kind.solve(scenario.state, scenario.query, 60.0)
        solved = pt()
        reading, diffs = runner._compare(kind, scenario, answer)
        answer_json = runner._answer_json(answer)
        compared = pt()
        pickle.dumps((runner.Outcome(file=str(path), status=runner.Status.PASS, id=scenario.id,
                                     title=scenario.title, kind=scenario.kind, cr=scenario.cr,
                                     diffs=diffs, answer_json=answer_json, reading=reading), False))
        done = pt()
        try:  # not counted in the scenario's time: only the API keeps the typed answer
            pickle.dumps(answer)
        except Exception:
            pass
        phase["pickling the typed answer (API only)"] += pt() - done
        phase["loading"] += loaded - began
        phase["query"] += solved - loaded
        phase["comparing, JSON"] += compared - solved
        phase["pickling the outcome"] += done - compared
        total[folder] += done - began
        count[folder] += 1
        kept[folder] += solver._ANSWERS.hits - hits
        each.append((done - began, str(path)))
    spent = pt() - began_all
    n = len(paths)
    print(f"{n} scenarios: start-up {start_up:.2f} s, then {spent:.2f} s ({spent / n * 1000:.1f} ms "
          f"a scenario); garbage collector {collecting[0]:.2f} s")
    for label in ("loading", "query", " solver calls", "  pruning", "  creating the Control",
                  "  grounding", "  solving", "  freeing the Control", "comparing, JSON",
                  "pickling the outcome", "pickling the typed answer (API only)"):
        print(f"  {label:26} {phase[label]:8.2f} s {phase[label] / spent * 100:5.1f} %")
    print(f"{'folder':14} {'n':>5} {'ms each':>8} {'calls':>6} {'kept':>5} {'call ms':>8} {'share':>6}")
    for folder in sorted(count, key=lambda f: -total[f]):
        c = count[folder]
        print(f"{folder:14} {c:5} {total[folder] / c * 1000:8.1f} {calls[folder] / c:6.2f} "
              f"{kept[folder] / c:5.2f} {call_cpu[folder] / max(1, calls[folder]) * 1000:8.1f} "
              f"{total[folder] / spent * 100:5.1f}%")
    print("costliest encodings (folder: entry files, calls, s):")
    for name, cpu in by_encoding.most_common(args.top):
        print(f"  {name:60} {by_encoding_calls[name]:6} {cpu:7.2f}")
    print("costliest scenarios (ms):")
    for cpu, path in sorted(each, reverse=True)[:args.top]:
        print(f"  {cpu * 1000:8.1f} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
