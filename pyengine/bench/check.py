"""``pyengine bench check``: ``pyengine check`` end to end, in scenarios per second.

Each repeat runs ``pyengine check PATHS --jobs N`` as a fresh process (start-up, imports, the
parsing of the encodings and every scenario included) and reports its wall time, the CPU time
of the process and its workers, and the scenarios per second; then the median of the repeats.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path


def _once(paths: list[str], jobs: int | None, timeout: float) -> dict[str, float]:
    argv = [sys.executable, "-m", "pyengine", "check", "--format", "json", *paths]
    if jobs:
        argv += ["--jobs", str(jobs)]
    argv += ["--timeout", f"{timeout:g}"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, env=_env())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    import json

    try:
        report = json.loads(proc.stdout)
    except ValueError:
        raise SystemExit(f"pyengine bench check: pyengine check failed (exit {proc.returncode}): "
                         f"{proc.stderr.strip().splitlines()[-1:] or ''}") from None
    outcomes = report.get("scenarios", report.get("outcomes", []))
    count = len(outcomes) if isinstance(outcomes, list) else 0
    passed = sum(1 for o in outcomes if isinstance(o, dict) and o.get("status") == "pass")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"scenarios": count, "passed": passed, "wall_s": wall, "cpu_s": cpu,
            "per_s": count / wall if wall else 0.0}


def _env() -> dict[str, str]:
    """This process's environment, with the package it runs from first on the path."""
    root = str(Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH", "")
    return dict(os.environ, PYTHONPATH=root + (os.pathsep + path if path else ""))


def run(paths: list[str], jobs: int | None = None, repeats: int = 3,
        timeout: float = 60.0) -> Iterator[dict[str, float]]:
    """Run ``pyengine check`` ``repeats`` times, yielding each run's figures."""
    for _ in range(repeats):
        yield _once(paths, jobs, timeout)


def main(argv: list[str] | None = None) -> int:
    """CLI entry: one line per run, then the medians."""
    from pyengine import bench as options
    from pyengine.cli import Parser

    ap = Parser(prog="pyengine bench check", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", default=["scenarios"], metavar="PATH",
                    help="scenario files or folders (default: scenarios)")
    ap.add_argument("-j", "--jobs", type=options.integer(1), default=None, metavar="N",
                    help="worker processes (default: all cores)")
    ap.add_argument("--repeats", type=options.integer(1), default=3, metavar="N",
                    help="runs; the median is reported (default: %(default)s)")
    args = ap.parse_args(argv)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; load average {os.getloadavg()[0]:.1f}")
    print(f"{'run':>3} {'scenarios':>9} {'passed':>6} {'wall s':>7} {'cpu s':>7} {'per s':>7}", flush=True)
    rows = []
    for n, row in enumerate(run(args.paths, args.jobs, args.repeats), 1):
        rows.append(row)
        print(f"{n:>3} {row['scenarios']:>9.0f} {row['passed']:>6.0f} {row['wall_s']:>7.2f} "
              f"{row['cpu_s']:>7.2f} {row['per_s']:>7.1f}", flush=True)
    print(f"median: {statistics.median(r['per_s'] for r in rows):.1f} scenarios/s, "
          f"{statistics.median(r['cpu_s'] for r in rows) / max(1, rows[0]['scenarios']) * 1000:.1f} ms "
          "of CPU per scenario")
    return 0
