"""``pyengine bench replacement``: every outcome of "a player draws N cards" under a growing
number of replacement effects that watch draws (CR 614-616), found as trees of choices (the
default from three effects when none can be used up) and as sequences of steps, on the same
scenarios.

The effects cycle through "draw two cards instead" (Thought Reflection), "you may skip that
draw", "instead, if your library is empty, you win the game" (Laboratory Maniac, optional
here) and "instead you gain 1 life", each controlled in turn by either player; the player
has three cards in the library. Reports the median time per query, the number of outcomes
and whether both methods found the same ones; a method that runs out of time says so.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing as mp
import platform
import statistics
import time
from typing import Any

import yaml

_EFFECTS: list[dict[str, Any]] = [
    {"count": {"times": 2}},
    {"optional": True, "nothing": True},
    {"optional": True, "instead": [{"kind": "win_game", "player": "same"}]},
    {"instead": [{"kind": "gain_life", "player": "same", "amount": 1}]},
]


def scenario(effects: int, draws: int) -> str:
    """The scenario text: ``effects`` draw replacements, and alice draws ``draws`` cards."""
    doc: dict[str, Any] = {
        "id": f"bench/replacement-{effects}-{draws}", "title": "bench", "cr": ["616.1"],
        "rationale": "benchmark",
        "players": [{"id": "alice", "life": 20, "library_size": 3},
                    {"id": "bob", "life": 20, "library_size": 3}],
        "turn": {"active": "alice"},
        "effects": [],
        "query": {"kind": "replacement", "events": [{"kind": "draw", "player": "alice", "count": draws}]},
        "expect": {"outcomes": []},
    }
    for i in range(effects):
        # a fresh copy each time: a shared value would be written as a YAML alias (*id001),
        # which the scenario loader refuses
        replace = {"event": {"kind": "draw"}, **copy.deepcopy(_EFFECTS[i % len(_EFFECTS)])}
        doc["effects"].append({"id": f"r{i}", "controller": ("alice", "bob")[i % 2],
                               "timestamp": i + 1, "replace": replace})
    return yaml.safe_dump(doc, sort_keys=False)


def _measure(args: tuple[int, int, int, float]) -> dict[str, Any]:
    from pyengine import solver
    from pyengine.errors import SolverTimeout
    from pyengine.replacement.service import analyse
    from pyengine.scenario.loader import load_text

    effects, draws, repeats, timeout = args
    sc = load_text(scenario(effects, draws), "bench")
    row: dict[str, Any] = {"effects": effects, "draws": draws}
    keys = {}
    for method in ("trees", "steps"):  # warm: parsing the encodings is not the query
        try:
            analyse(sc.state, list(sc.query.events), timeout=timeout, method=method)
        except SolverTimeout:
            pass
    for method in ("trees", "steps"):
        times: list[float] = []
        for _ in range(repeats):
            solver.forget()  # each repeat solves: nothing answered from memory
            t0 = time.perf_counter()
            try:
                ans = analyse(sc.state, list(sc.query.events), timeout=timeout, method=method)
            except SolverTimeout:
                times = []
                break
            times.append(time.perf_counter() - t0)
            keys[method] = {o.key for o in ans.outcomes}
        row[method] = statistics.median(times) if times else None
    row["outcomes"] = len(keys.get("trees", ()))
    row["agree"] = keys["trees"] == keys["steps"] if len(keys) == 2 else None
    return row


def main(argv: list[str] | None = None) -> int:
    """CLI entry: print a table of figures."""
    from pyengine import bench as options
    from pyengine.cli import Parser, seconds

    ap = Parser(prog="pyengine bench replacement", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--effects", type=options.integers(0), default="1,2,3,4,5,6,8", metavar="N,...",
                    help="comma-separated numbers of draw replacement effects (default: %(default)s)")
    ap.add_argument("--draws", type=options.integer(1), default=2, metavar="N",
                    help="cards drawn (default: %(default)s)")
    ap.add_argument("--repeats", type=options.integer(1), default=3, metavar="N",
                    help="timed runs of each query; the median is reported (default: %(default)s)")
    ap.add_argument("--timeout", type=seconds, default=60.0, metavar="S",
                    help="seconds per query (default: %(default)s)")
    args = ap.parse_args(argv)
    sizes = args.effects
    print(f"machine: {platform.processor() or platform.machine()}, {mp.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    print(f"{'effects':>7} {'draws':>5} {'trees ms':>9} {'steps ms':>9} {'outcomes':>8} {'agree':>6}",
          flush=True)
    ctx = mp.get_context("spawn")
    for e in sizes:
        with ctx.Pool(1) as pool:
            row = pool.map(_measure, [(e, args.draws, args.repeats, args.timeout)])[0]
        def ms(v: float | None) -> str:
            return "timeout" if v is None else f"{v * 1000:.1f}"
        agree = "-" if row["agree"] is None else ("yes" if row["agree"] else "NO")
        print(f"{row['effects']:>7} {row['draws']:>5} {ms(row['trees']):>9} {ms(row['steps']):>9} "
              f"{row['outcomes']:>8} {agree:>6}", flush=True)
    return 0
