"""``pyengine bench cast``: casting a five-mana spell ({2}{W}{U}{G}) on boards of N lands (the
basic land types in turn, so every color is there), with N from 5 to 60.

For each board: the time to a verdict on a proposed cast with its payment given
(:func:`pyengine.cast.service.check_cast`), and the time to list every legal payment, or to
count them up to ``--cap`` (:func:`pyengine.cast.service.legal_payments`), each the median of
``--repeats`` runs after the layer engine has run once (its time is reported apart). Where the
brute-force oracle of the test suite is importable (a source checkout) and the board small
enough (``--oracle-max`` lands), the oracle lists the payments of the same board too: its time,
the ratio oracle / engine, and whether the two agree.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from pyengine.cast.model import Payment, Proposal
from pyengine.cast.service import check_cast, legal_payments
from pyengine.layers import engine as layers
from pyengine.scenario.loader import load_text

LANDS = (("Plains", "W"), ("Island", "U"), ("Forest", "G"), ("Mountain", "R"), ("Swamp", "B"))
COST = ["2", "W", "U", "G"]


def board_text(n: int) -> str:
    """A scenario with ``n`` lands and the spell in hand."""
    lines = [
        "id: casting/bench",
        "title: bench",
        'cr: ["601.2"]',
        "rationale: bench (601.2)",
        "players: [alice, bob]",
        "turn: {active: alice}",
        "objects:",
        '  - {id: spell, name: Bench Spell, mana_cost: "{2}{W}{U}{G}", types: [Sorcery], '
        "owner: alice, zone: hand, abilities: [{spell: Draw a card.}]}",
    ]
    for i in range(n):
        lines.append(
            f"  - {{id: l{i}, card: {LANDS[i % len(LANDS)][0]}, controller: alice, timestamp: {i + 1}}}"
        )
    lines += ["query: {kind: cast, spell: spell}", "expect: {legal: true}"]
    return "\n".join(lines) + "\n"


def _oracle_board(n: int) -> dict[str, Any]:
    sources = [
        {
            "id": f"l{i}",
            "mana": [LANDS[i % len(LANDS)][1]],
            "creature": False,
            "artifact": False,
            "colors": [],
            "tapped": False,
        }
        for i in range(n)
    ]
    return {
        "cost": COST,
        "x": 0,
        "keywords": [],
        "sources": sources,
        "graveyard": [],
        "pool": {},
        "life": 20,
        "effects": [],
    }


def _median(f: Any, repeats: int) -> tuple[float, Any]:
    times, out = [], None
    from pyengine import solver

    for _ in range(repeats):
        solver.forget()  # each repeat solves: nothing answered from memory
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def measure(n: int, repeats: int, cap: int, oracle_max: int, timeout: float) -> dict[str, Any]:
    """The figures of one board."""
    state = load_text(board_text(n), "bench.yaml").state
    t = time.perf_counter()
    result = layers.compute(state, timeout)
    row: dict[str, Any] = {"lands": n, "layers_s": time.perf_counter() - t}
    paid = Payment(tap=tuple((f"l{i}", None) for i in range(min(n, 5))))
    verdict_s, verdict = _median(
        lambda: check_cast(state, Proposal("spell", "alice", payment=paid), timeout, result=result), repeats
    )
    row |= {"verdict_s": verdict_s, "legal": verdict.legal}
    list_s, listing = _median(
        lambda: legal_payments(
            state, Proposal("spell", "alice"), limit=0, count_cap=cap, budget=timeout, result=result
        ),
        repeats,
    )
    row |= {"list_s": list_s, "payments": listing.count, "exact": listing.exact}
    row |= {"oracle_s": None, "agree": None}
    if n <= oracle_max:
        try:
            from tests.oracles import cast_oracle  # a source checkout only
        except ImportError:
            return row
        oracle_s, want = _median(lambda: cast_oracle.payments(_oracle_board(n)), 1)
        # a count stopped at the cap is a lower bound: it agrees when the oracle finds at least as many
        agree = len(want) == listing.count if listing.exact else len(want) >= listing.count
        row |= {"oracle_s": oracle_s, "agree": agree}
    return row


def main(argv: list[str] | None = None) -> int:
    """CLI entry: print a table of figures."""
    from pyengine import bench as options
    from pyengine.cli import Parser, seconds

    ap = Parser(
        prog="pyengine bench cast", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    for flag, kind, default, metavar, text in (
        ("--lands", options.integers(1), "5,10,20,40,60", "N,...", "comma-separated numbers of lands"),
        ("--repeats", options.integer(1), 3, "N", "timed runs of each question; the median is reported"),
        ("--cap", options.integer(1), 20_000, "N", "payments counted before the count is a lower bound"),
        ("--oracle-max", options.integer(0), 12, "N", "largest board the brute-force oracle runs on"),
        ("--timeout", seconds, 120.0, "S", "seconds per question"),
    ):
        ap.add_argument(flag, type=kind, default=default, metavar=metavar,
                        help=text + " (default: %(default)s)")
    args = ap.parse_args(argv)
    measure(5, 1, 10, 0, args.timeout)  # warm-up: imports, parsing the encodings
    print(
        f"{'lands':>5} {'layers ms':>9} {'verdict ms':>10} {'list ms':>9} {'payments':>9} "
        f"{'oracle ms':>9} {'ratio':>7} {'agree':>5}",
        flush=True,
    )
    for n in args.lands:
        r = measure(n, args.repeats, args.cap, args.oracle_max, args.timeout)
        count = f"{r['payments']}" + ("" if r["exact"] else "+")
        oracle = "-" if r["oracle_s"] is None else f"{r['oracle_s'] * 1000:.1f}"
        ratio = "-" if r["oracle_s"] is None else f"{r['oracle_s'] / r['list_s']:.2f}"
        agree = "-" if r["agree"] is None else ("yes" if r["agree"] else "NO")
        print(
            f"{n:>5} {r['layers_s'] * 1000:>9.1f} {r['verdict_s'] * 1000:>10.1f} {r['list_s'] * 1000:>9.1f} "
            f"{count:>9} {oracle:>9} {ratio:>7} {agree:>5}",
            flush=True,
        )
    return 0
