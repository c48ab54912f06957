"""Run the generated executions (pyengine.oracle.execute.run_for) for a random sample of faces
with every paragraph recognised (full or text-only: the faces the corpus step samples), every
template of each, and list the failures grouped by reason (each face's status named).

usage: python tools/exec_failures.py [SIZE] [SEED] [--names FILE] [--skip K] [--shard I/N]
"""

from __future__ import annotations

import random
import re
import signal
import sys
from collections import defaultdict

from pyengine.oracle import data
from pyengine.oracle.compile import compile_card
from pyengine.oracle.execute import run_for


def _reason(why: str) -> str:
    why = why.splitlines()[0] if why else "?"
    why = re.sub(r"'[^']*'", "'…'", why)
    why = re.sub(r"\d+", "N", why)
    return why[:110]


class _Slow(Exception):
    pass


def _alarm(*_):
    raise _Slow()


def main() -> None:
    args = [a for i, a in enumerate(sys.argv[1:]) if a[0].isdigit() and "/" not in a
            and sys.argv[i] != "--skip"]
    size = int(args[0]) if args else 600
    seed = int(args[1]) if len(args) > 1 else 20
    full = []
    seen = set()
    for face in data.load().faces():
        got = compile_card(face)
        if got.unrecognised or got.name in seen:
            continue
        seen.add(got.name)
        full.append(got)
    sample = random.Random(seed).sample(full, min(size, len(full)))
    if "--names" in sys.argv:
        names = set(open(sys.argv[sys.argv.index("--names") + 1]).read().split("\n"))
        sample = [c for c in full if c.name in names]
    if "--skip" in sys.argv:  # the sample's first K faces left out (a prefix run before)
        sample = sample[int(sys.argv[sys.argv.index("--skip") + 1]):]
    if "--shard" in sys.argv:  # i/n: every n-th face of the sample from the i-th
        i, n = map(int, sys.argv[sys.argv.index("--shard") + 1].split("/"))
        sample = sample[i::n]
    groups: dict[str, list[str]] = defaultdict(list)
    ok = 0
    signal.signal(signal.SIGALRM, _alarm)
    for card in sample:
        templates = sorted({c.template for c in card.clauses if c.template})
        failed = None
        for t in templates:
            signal.alarm(90)
            try:
                good, why = run_for(card, t)
            except _Slow:
                good, why = False, "timeout (90 s)"
            except Exception as exc:  # what the corpus step would see as an error
                good, why = False, f"{type(exc).__name__}: {exc}"
            finally:
                signal.alarm(0)
            if not good and why != "not a permanent card":
                failed = (t, why)
                break
        if failed:
            groups[_reason(failed[1])].append(f"{card.name} [{failed[0]}; {card.status}]")
        else:
            ok += 1
        print(("FAIL " if failed else "ok   ") + f"[{card.status}] " + card.name, failed[1][:150] if failed else "",
              file=sys.stderr, flush=True)
    bad = sum(len(v) for v in groups.values())
    print(f"sample {len(sample)} full faces (seed {seed}): {ok} ran, {bad} failed")
    for why, names in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"{len(names):4d}  {why}")
        for n in names:
            print(f"        {n}")


if __name__ == "__main__":
    main()
