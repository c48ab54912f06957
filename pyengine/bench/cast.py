"""``pyengine bench cast``: casting a five-mana spell on boards of N mana sources (the basic
land types in turn, so every color is there), with N from 5 to 60, for each kind of cost
(``--costs``): ``plain`` {2}{W}{U}{G}, ``hybrid`` {2}{W/U}{U/G}{2/G}, ``phyrexian``
{2}{W/P}{U}{G/P}, ``x`` {X}{W}{U}{G} with X = 2 (107.3), ``convoke`` {2}{W}{U}{G} with convoke,
whose board is half lands and half creatures of the five colors in turn (702.51).

For each board: the time to a verdict on a proposed cast with its payment given
(:func:`pyengine.cast.service.check_cast`), and the time to list every legal payment, or to
count them up to ``--cap`` (:func:`pyengine.cast.service.legal_payments`), each the median of
``--repeats`` runs after the layer engine has run once (its time is reported apart). Where the
brute-force oracle of the test suite is importable (a source checkout) and the board small
enough (``--oracle-max`` sources), the oracle lists the payments of the same board too: its
time, the ratios verdict / oracle (the target: under 2 on the 10-source board) and oracle /
listing, and whether the two agree.
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
COLOR_WORDS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
# the cost kinds: mana cost symbols, X, keywords
COSTS: dict[str, tuple[list[str], int, list[str]]] = {
    "plain": (["2", "W", "U", "G"], 0, []),
    "hybrid": (["2", "W/U", "U/G", "2/G"], 0, []),
    "phyrexian": (["2", "W/P", "U", "G/P"], 0, []),
    "x": (["X", "W", "U", "G"], 2, []),
    "convoke": (["2", "W", "U", "G"], 0, ["convoke"]),
}
COST = COSTS["plain"][0]


def _split(n: int, kind: str) -> tuple[int, int]:
    """How many lands and creatures a board of ``n`` sources has."""
    if kind == "convoke":
        return n - n // 2, n // 2
    return n, 0


def board_text(n: int, kind: str = "plain") -> str:
    """A scenario with ``n`` mana sources and the spell in hand."""
    symbols, _, keywords = COSTS[kind]
    cost = "".join("{" + s + "}" for s in symbols)
    kw = f", keywords: [{', '.join(keywords)}]" if keywords else ""
    lands, creatures = _split(n, kind)
    lines = [
        "id: casting/bench",
        "title: bench",
        'cr: ["601.2"]',
        "rationale: bench (601.2)",
        "players: [alice, bob]",
        "turn: {active: alice}",
        "objects:",
        f'  - {{id: spell, name: Bench Spell, mana_cost: "{cost}", types: [Sorcery], '
        f"owner: alice, zone: hand, abilities: [{{spell: Draw a card.}}]{kw}}}",
    ]
    for i in range(lands):
        lines.append(
            f"  - {{id: l{i}, card: {LANDS[i % len(LANDS)][0]}, controller: alice, timestamp: {i + 1}}}"
        )
    for i in range(creatures):
        letter = LANDS[i % len(LANDS)][1]
        lines.append(
            f'  - {{id: c{i}, name: Bench Bear {i}, mana_cost: "{{1}}{{{letter}}}", types: [Creature], '
            f"power: 2, toughness: 2, controller: alice, timestamp: {lands + i + 1}}}"
        )
    lines += ["query: {kind: cast, spell: spell}", "expect: {legal: true}"]
    return "\n".join(lines) + "\n"


def _oracle_board(n: int, kind: str = "plain") -> dict[str, Any]:
    symbols, x, keywords = COSTS[kind]
    lands, creatures = _split(n, kind)
    sources = [
        {
            "id": f"l{i}",
            "mana": [LANDS[i % len(LANDS)][1]],
            "creature": False,
            "artifact": False,
            "colors": [],
            "tapped": False,
        }
        for i in range(lands)
    ] + [
        {
            "id": f"c{i}",
            "mana": [],
            "creature": True,
            "artifact": False,
            "colors": [LANDS[i % len(LANDS)][1]],
            "tapped": False,
        }
        for i in range(creatures)
    ]
    return {
        "cost": symbols,
        "x": x,
        "keywords": keywords,
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


def _payment(n: int, kind: str) -> Payment:
    """A legal payment of the bench spell: five lands (W U G R B), or with convoke three lands
    (W U G) and two creatures for the generic part."""
    lands, creatures = _split(n, kind)
    if kind == "convoke" and lands >= 3 and creatures >= 2:
        return Payment(tap=tuple((f"l{i}", None) for i in range(3)), convoke=("c0", "c1"))
    return Payment(tap=tuple((f"l{i}", None) for i in range(min(lands, 5))))


def measure(
    n: int, repeats: int, cap: int, oracle_max: int, timeout: float, kind: str = "plain"
) -> dict[str, Any]:
    """The figures of one board: ``n`` sources, the cost kind ``kind`` (a key of COSTS)."""
    state = load_text(board_text(n, kind), "bench.yaml").state
    t = time.perf_counter()
    result = layers.compute(state, timeout)
    row: dict[str, Any] = {"lands": n, "cost": kind, "layers_s": time.perf_counter() - t}
    x = COSTS[kind][1] if "X" in COSTS[kind][0] else None
    paid = _payment(n, kind)
    verdict_s, verdict = _median(
        lambda: check_cast(state, Proposal("spell", "alice", x=x, payment=paid), timeout, result=result),
        repeats,
    )
    row |= {"verdict_s": verdict_s, "legal": verdict.legal}
    list_s, listing = _median(
        lambda: legal_payments(
            state, Proposal("spell", "alice", x=x), limit=0, count_cap=cap, budget=timeout, result=result
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
        oracle_s, want = _median(lambda: cast_oracle.payments(_oracle_board(n, kind)), 1)
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
        ("--lands", options.integers(1), "5,10,20,40,60", "N,...", "comma-separated numbers of mana sources"),
        ("--costs", _kinds, ",".join(COSTS), "K,...", "comma-separated cost kinds: " + ", ".join(COSTS)),
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
        f"{'cost':>9} {'sources':>7} {'layers ms':>9} {'verdict ms':>10} {'list ms':>9} {'payments':>9} "
        f"{'oracle ms':>9} {'verdict/oracle':>14} {'oracle/list':>11} {'agree':>5}",
        flush=True,
    )
    for kind in args.costs:
        for n in args.lands:
            r = measure(n, args.repeats, args.cap, args.oracle_max, args.timeout, kind)
            count = f"{r['payments']}" + ("" if r["exact"] else "+")
            o = r["oracle_s"]
            oracle = "-" if o is None else f"{o * 1000:.1f}"
            vratio = "-" if o is None else f"{r['verdict_s'] / o:.2f}"
            ratio = "-" if o is None else f"{o / r['list_s']:.2f}"
            agree = "-" if r["agree"] is None else ("yes" if r["agree"] else "NO")
            print(
                f"{kind:>9} {n:>7} {r['layers_s'] * 1000:>9.1f} {r['verdict_s'] * 1000:>10.1f} "
                f"{r['list_s'] * 1000:>9.1f} {count:>9} {oracle:>9} {vratio:>14} {ratio:>11} {agree:>5}",
                flush=True,
            )
    return 0


def _kinds(text: str) -> list[str]:
    """``--costs``: a comma-separated list of cost kinds."""
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in COSTS]
    if bad or not kinds:
        raise argparse.ArgumentTypeError(f"expected cost kinds among {', '.join(COSTS)}, got {text!r}")
    return kinds
