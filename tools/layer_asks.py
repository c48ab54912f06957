"""How many layer computations the scenarios ask for, how many the layer engine computes (the
rest it answers from the results it keeps by the state's view, ``_KEPT``), who asks first,
and what the computed ones cost by the number of solver calls they make.

    PYTHONPATH=. python tools/layer_asks.py scenarios/turns scenarios/cards [--top 20]

Every scenario runs in turn in this one process, as one worker of ``pyengine check`` runs
them. A computation is attributed to the nearest caller outside ``pyengine/layers`` (its
function and the two callers above it); CPU is ``time.process_time`` around the engine's
``_compute``.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
import traceback

pt = time.process_time


def _asker() -> str:
    frames = [f for f in traceback.extract_stack(limit=16)[:-2]
              if "pyengine/" in f.filename and "pyengine/layers/" not in f.filename]
    return " < ".join(f"{f.filename.rsplit('pyengine/', 1)[-1]}:{f.name}" for f in frames[:-4:-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", default=["scenarios"])
    ap.add_argument("--top", type=int, default=15, help="the N commonest askers")
    args = ap.parse_args()
    from pyengine import catalog, solver
    from pyengine.layers import engine
    from pyengine.queries import base as queries
    from pyengine.scenario import runner

    catalog.catalog()
    queries.load_all()
    runner._preload()
    getattr(runner, "_quiet_collector", lambda: None)()
    getattr(runner, "_quiet_allocator", lambda: None)()
    asked: collections.Counter[str] = collections.Counter()
    computed: collections.Counter[str] = collections.Counter()
    by_calls: collections.Counter[int] = collections.Counter()
    cpu_by_calls: collections.Counter[int] = collections.Counter()
    calls = [0]
    inner_solve, inner_compute, inner_kept = solver._solve, engine._compute, engine.compute

    def solve(*a, **k):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return inner_solve(*a, **k)

    def compute(*a, **k):  # type: ignore[no-untyped-def]
        asked[_asker()] += 1
        return inner_kept(*a, **k)

    def compute_new(*a, **k):  # type: ignore[no-untyped-def]
        before, began = calls[0], pt()
        try:
            return inner_compute(*a, **k)
        finally:
            n = min(calls[0] - before, 3)
            by_calls[n] += 1
            cpu_by_calls[n] += pt() - began
            computed[_asker()] += 1

    solver._solve = solve
    engine._compute = compute_new
    for module in list(sys.modules.values()):  # the modules that imported ``compute`` by name
        if getattr(module, "__name__", "").startswith("pyengine") and \
                getattr(module, "compute", None) is inner_kept:
            module.compute = compute  # type: ignore[attr-defined]
    paths = runner.discover(args.paths)
    began = pt()
    for path in paths:
        runner.run_one(str(path), portable=False)
    spent = pt() - began
    print(f"{len(paths)} scenarios, {spent:.2f} s of CPU; layer computations asked "
          f"{sum(asked.values()):,}, computed {sum(computed.values()):,}")
    for n in sorted(by_calls):
        label = f"{n}+" if n == 3 else str(n)
        print(f"  {label} solver calls: {by_calls[n]:6,} computations, {cpu_by_calls[n]:6.2f} s "
              f"({cpu_by_calls[n] / by_calls[n] * 1000:.2f} ms each)")
    print("computed (asked) by the first asker:")
    for who, n in computed.most_common(args.top):
        print(f"  {n:6,} ({asked[who]:6,})  {who}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
