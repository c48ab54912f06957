"""``pyengine bench combat``: exact block verdicts on random boards of growing size.

Each board has N attackers (all attacking the defending player) and M potential blockers,
mixing evasion (flying, reach, menace, shadow, fear, intimidate, skulk, protection), Lure,
"must be blocked if able", "blocks each combat if able", provoke, extra blocks and a few
restrictions. For each board the proposed declaration "no blockers" is judged exactly
(:func:`pyengine.combat.service.verify`: one clingo call with core-guided optimisation).

The same instances are solved, in the same run, by Google OR-Tools CP-SAT (the optional extra
``cpsat``, one worker) and by brute force where that finishes:

* CP-SAT end to end (``cpsat_median_s``): from the board, a competitor written for this
  benchmark computes the pairs each creature may block (its own reading of the evasion rules
  of CR 702, :func:`competitor_pairs`, used for nothing but this comparison) and solves the
  counting part (capacities, menace and its relatives, requirements) with CP-SAT;
* CP-SAT on the counting part alone (``cpsat_core_median_s``), given the pairs the encodings
  allow (read from clingo's answer);
* brute force on the counting part, given the same pairs, when the number of declarations is
  small enough to try them all.

Every maximum must agree with clingo's (``agree``). Each solver runs on all the boards of a
size before the next one starts, so that none is timed just after another's run (a CP-SAT
solve slowed the clingo call after it by about a third on small boards).

``in_clingo`` is the median time of a verdict spent inside clingo's own calls (creating
the Control, adding the statements and facts, grounding, solving; ``clingo_s`` of
:func:`pyengine.solver.solve`): the part no Python work around the call can remove. Up to
10x10 it alone is longer than CP-SAT's whole answer (3.1 against 1.0 ms at 5x5, 3.9 against
3.1 ms at 10x10, 11 boards each), most of it grounding the encoding's rules.

``clingo_cpu`` and ``cpsat_cpu`` are the CPU time (user and system, every thread of the
process) of the same two calls, and ``clingo/cpsat_cpu`` their ratio, the issue's target
(at most 1): on a shared machine the wall-clock medians mostly measure the load, which
stretches a 5 ms call far more than a 1 ms one. Grounding once and solving many over a
fixed universe of slots was measured and not taken (asp/README.md, Performance).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any, Sequence

from pyengine.combat.model import Board, Declaration, Item, Kind, Permanent, Target
from pyengine.combat.service import optimum, verify
from pyengine.errors import SolverTimeout

DEFAULT_SIZES = ((5, 5), (10, 10), (30, 30), (60, 60), (100, 100), (200, 200), (300, 300))
COLORS = ("white", "blue", "black", "red", "green")


def random_block_board(attackers: int, blockers: int, seed: int, caps: bool = False) -> Board:
    """A reproducible random block board (attackers x potential blockers); ``caps``: also a
    limit on the number of blockers, each combat or each turn (then some blockers blocked in
    an earlier combat of the turn, 500.8)."""
    rnd = random.Random(seed)
    perms: list[Permanent] = []
    items: list[Item] = []

    def body(kws: Sequence[tuple[str, float]]) -> dict[str, Any]:
        return {
            "keywords": frozenset(k for k, p in kws if rnd.random() < p),
            "colors": frozenset(rnd.sample(COLORS, rnd.choice((1, 1, 1, 2)))),
            "power": rnd.randint(0, 5),
        }

    for i in range(attackers):
        oid = f"a{i}"
        extra = body(
            (
                ("flying", 0.25),
                ("menace", 0.15),
                ("shadow", 0.04),
                ("fear", 0.05),
                ("intimidate", 0.05),
                ("skulk", 0.05),
            )
        )
        prot = (("color", rnd.choice(COLORS)),) if rnd.random() < 0.05 else ()
        perms.append(Permanent(oid, "att", frozenset({"Creature"}), protection=prot, **extra))
        r = rnd.random()
        if r < 0.10:
            items.append(Item("lure", f"lure{i}", oid))
        elif r < 0.15:
            items.append(Item("must_be_blocked", f"prey{i}", oid))
        elif r < 0.18:
            items.append(Item("max_blocked_by", f"rhino{i}", oid, n=1))
    for j in range(blockers):
        oid = f"b{j}"
        types = {"Creature", "Artifact"} if rnd.random() < 0.08 else {"Creature"}
        extra = body((("flying", 0.15), ("reach", 0.15), ("shadow", 0.03)))
        perms.append(Permanent(oid, "def", frozenset(types), tapped=rnd.random() < 0.05, **extra))
        r = rnd.random()
        if r < 0.15:
            items.append(Item("must_block", f"eager{j}", oid))
        elif r < 0.20:
            items.append(Item("extra_blocks", f"extra{j}", oid, n=1))
        elif r < 0.22:
            items.append(Item("block_any_number", f"many{j}", oid))
        elif r < 0.26 and attackers:
            items.append(Item("must_block_attacker", f"provoke{j}", oid, f"a{rnd.randrange(attackers)}"))
        elif r < 0.28:
            items.append(Item("cant_block", f"pacifism{j}", oid))
    attacks = tuple((f"a{i}", Target("player", "def")) for i in range(attackers))
    earlier: tuple[str, ...] = ()
    if caps:  # drawn last: the boards without caps stay the same
        per_turn = rnd.random() < 0.7
        items.append(Item("max_blockers_turn" if per_turn else "max_blockers", "arbiter",
                          n=rnd.randint(0, max(1, blockers // 2))))
        if per_turn:
            earlier = tuple(sorted(f"b{j}" for j in range(blockers) if rnd.random() < 0.3)) + (
                ("gone",) if rnd.random() < 0.3 else ())  # "gone": one no longer on the battlefield
    return Board(
        Kind.BLOCK, ("att", "def"), "att", ("def",), tuple(perms), tuple(sorted(set(items))), attacks,
        earlier=earlier,
    )


# --- The CP-SAT competitor's own pairs (CR 509.1a-b, 702: for this comparison only) ---------


def competitor_pairs(board: Board) -> tuple[tuple[str, str], ...]:
    """The (blocker, attacker) pairs no restriction of the pair forbids, computed in Python for
    the CP-SAT competitor (the engine decides them in asp/combat/evasion.lp)."""
    perms = {p.id: p for p in board.permanents}
    me = board.defending[0]
    lands = [p for p in board.permanents if "Land" in p.types and p.controller == me]
    no_block = {i.subject for i in board.items if i.kind in ("cant_block", "block_cost")}
    barred = {(i.subject, i.other) for i in board.items if i.kind == "cant_block_attacker"}
    barred |= {(i.other, i.subject) for i in board.items if i.kind == "cant_be_blocked_by"}
    unblockable = {i.subject for i in board.items if i.kind == "cant_be_blocked"}
    blockers = [
        p
        for p in board.permanents
        if p.is_creature
        and p.controller == me
        and not p.tapped
        and "Battle" not in p.types
        and p.id not in no_block
    ]
    out = []
    for a_id, target in board.attacks:
        a = perms[a_id]
        mine = target.id == me if target.kind == "player" else perms[target.id].controller == me
        if not mine or a_id in unblockable:
            continue
        walked = any(
            any(
                (k == "subtype" and v in land.subtypes)
                or (k == "nonbasic" and "Basic" not in land.supertypes)
                or (k == "supertype" and v in land.supertypes)
                for land in lands
            )
            for k, v in a.landwalk
        )
        if walked:
            continue
        for b in blockers:
            kb, ka = b.keywords, a.keywords
            if (
                ("flying" in ka and not kb & {"flying", "reach"})
                or (("shadow" in ka) != ("shadow" in kb))
                or ("horsemanship" in ka and "horsemanship" not in kb)
                or ("fear" in ka and "Artifact" not in b.types and "black" not in b.colors)
                or ("intimidate" in ka and "Artifact" not in b.types and not a.colors & b.colors)
                or ("skulk" in ka and (b.power or 0) > (a.power or 0))
                or any(_quality(b, k, v) for k, v in a.protection)
                or (b.id, a_id) in barred
            ):
                continue
            out.append((b.id, a_id))
    return tuple(sorted(out))


def _quality(b: Permanent, kind: str, value: str) -> bool:
    return {
        "color": value in b.colors,
        "type": value in b.types,
        "subtype": value in b.subtypes,
        "supertype": value in b.supertypes,
        "player": b.controller == value,
        "everything": True,
        "colorless": not b.colors,
        "monocolored": len(b.colors) == 1,
        "multicolored": len(b.colors) > 1,
    }[kind]


# --- The counting problem, given the pairs ---------------------------------------------------


@dataclass(frozen=True)
class Counting:
    """A block board reduced to its combinatorial core: allowed pairs, capacities, the
    counting restrictions and the requirements (each a set of pairs, or an attacker)."""

    pairs: tuple[tuple[str, str], ...]
    capacity: dict[str, int | None]  # None: any number
    min_blockers: dict[str, int]  # attacker -> N (menace: 2)
    max_blocked: dict[str, int]
    pair_reqs: tuple[frozenset[tuple[str, str]], ...]  # obeyed if any of these pairs is declared
    blocked_reqs: tuple[str, ...]  # obeyed if the attacker is blocked
    # "no more than N creatures can block" (each combat: no earlier blockers; each turn: those
    # that blocked in an earlier combat, counted once each, 500.8); checked when any blocks
    caps: tuple[tuple[int, frozenset[str]], ...] = ()

    def grouped(self, x: dict[tuple[str, str], Any]) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
        """A solver's variables ``x`` (one per pair), grouped by blocker and by attacker."""
        by_b: dict[str, list[Any]] = {}
        by_a: dict[str, list[Any]] = {}
        for (b, a), v in x.items():
            by_b.setdefault(b, []).append(v)
            by_a.setdefault(a, []).append(v)
        return by_b, by_a

    @staticmethod
    def of(board: Board, pairs: tuple[tuple[str, str], ...]) -> "Counting":
        """Read the board's items (the requirement definitions of asp/combat/block_requirements.lp)."""
        blockers = {b for b, _ in pairs}
        cap: dict[str, int | None] = {b: 1 for b in blockers}
        mins: dict[str, int] = {}
        maxs: dict[str, int] = {}
        preqs: list[frozenset[tuple[str, str]]] = []
        breqs: list[str] = []
        allowed = set(pairs)
        for p in board.permanents:
            if "menace" in p.keywords:
                mins[p.id] = max(mins.get(p.id, 0), 2)
        for it in board.items:
            if it.kind == "extra_blocks" and it.subject in cap and cap[it.subject] is not None:
                cap[it.subject] = (cap[it.subject] or 0) + it.n
            elif it.kind == "block_any_number" and it.subject in cap:
                cap[it.subject] = None
            elif it.kind == "min_blockers":
                mins[it.subject] = max(mins.get(it.subject, 0), it.n)
            elif it.kind == "max_blocked_by":
                maxs[it.subject] = min(maxs.get(it.subject, it.n), it.n)
            elif it.kind == "must_block":
                preqs.append(frozenset(p for p in pairs if p[0] == it.subject))
            elif it.kind == "must_block_attacker":
                preqs.append(frozenset({(it.subject, it.other)}) & allowed)
            elif it.kind == "lure":
                preqs += [frozenset({p}) for p in pairs if p[1] == it.subject]
            elif it.kind == "must_be_blocked":
                breqs.append(it.subject)
        caps = tuple(sorted((it.n, frozenset(board.earlier if it.kind == "max_blockers_turn" else ()))
                            for it in board.items if it.kind in ("max_blockers", "max_blockers_turn")))
        return Counting(pairs, cap, mins, maxs, tuple(preqs), tuple(breqs), caps)

    def cap_ok(self, blockers: set[str]) -> bool:
        """Whether the blockers declared keep every cap (CR 509.1b): with at least one, the
        earlier blockers and the new ones, each counted once, are at most N."""
        return not blockers or all(len(earlier | blockers) <= n for n, earlier in self.caps)


def cpsat_maximum(core: Counting, timeout: float) -> int | None:
    """The maximum with OR-Tools CP-SAT (one worker), or None if it ran out of time."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    x = {p: m.new_bool_var(f"x{i}") for i, p in enumerate(core.pairs)}
    by_b, by_a = core.grouped(x)
    for b, vs in by_b.items():
        if core.capacity.get(b) is not None:
            m.add(sum(vs) <= core.capacity[b])
    for a, vs in by_a.items():
        if a in core.min_blockers:
            on = m.new_bool_var(f"on_{a}")
            m.add(sum(vs) >= core.min_blockers[a]).only_enforce_if(on)
            m.add(sum(vs) == 0).only_enforce_if(~on)
        if a in core.max_blocked:
            m.add(sum(vs) <= core.max_blocked[a])
    if core.caps and by_b:  # blk[b]: b blocks; anyb: some creature blocks
        blk = {b: m.new_bool_var(f"blk_{b}") for b in by_b}
        for b, vs in by_b.items():
            m.add_max_equality(blk[b], vs)
        anyb = m.new_bool_var("any")
        m.add_max_equality(anyb, list(blk.values()))
        for n, earlier in core.caps:
            new = sum(v for b, v in blk.items() if b not in earlier)
            m.add(len(earlier) + new <= n).only_enforce_if(anyb)
    obeyed = []
    for req in core.pair_reqs:
        if req:
            r = m.new_bool_var("r")
            m.add_bool_or([x[p] for p in req]).only_enforce_if(r)
            obeyed.append(r)
    for a in core.blocked_reqs:
        if by_a.get(a):
            r = m.new_bool_var("rb")
            m.add_bool_or(by_a[a]).only_enforce_if(r)
            obeyed.append(r)
    m.maximize(sum(obeyed))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    status = solver.solve(m)
    if status != cp_model.OPTIMAL:
        return None
    return int(round(solver.objective_value))


BRUTE_LIMIT = 10**7  # declarations; beyond this brute force is not attempted


def brute_maximum(core: Counting, timeout: float) -> int | None:
    """The maximum by trying every declaration, or None if that can't finish in time (more
    than :data:`BRUTE_LIMIT` declarations, or ``timeout`` seconds spent)."""
    deadline = time.perf_counter() + timeout
    by_b: dict[str, list[str]] = {}
    for b, a in core.pairs:
        by_b.setdefault(b, []).append(a)
    tops = []
    space = 1
    for b, atts in sorted(by_b.items()):
        cap = core.capacity.get(b)
        top = len(atts) if cap is None else min(cap, len(atts))
        space *= sum(math.comb(len(atts), k) for k in range(top + 1))
        if space > BRUTE_LIMIT:
            return None
        tops.append((b, atts, top))
    options = [
        [[(b, a) for a in c] for k in range(top + 1) for c in itertools.combinations(atts, k)]
        for b, atts, top in tops
    ]
    best = 0
    for n, choice in enumerate(itertools.product(*options)):
        if n % 4096 == 0 and time.perf_counter() > deadline:
            return None
        declared = {p for part in choice for p in part}
        count: dict[str, int] = {}
        for _, a in declared:
            count[a] = count.get(a, 0) + 1
        if any(0 < count.get(a, 0) < k for a, k in core.min_blockers.items()):
            continue
        if any(count.get(a, 0) > k for a, k in core.max_blocked.items()):
            continue
        if not core.cap_ok({b for b, _ in declared}):
            continue
        score = sum(1 for r in core.pair_reqs if r & declared) + sum(
            1 for a in core.blocked_reqs if count.get(a)
        )
        best = max(best, score)
    return best


# --- The run -------------------------------------------------------------------------------


def run(
    sizes: Sequence[tuple[int, int]] = DEFAULT_SIZES,
    instances: int = 5,
    seed: int = 1,
    timeout: float = 60.0,
    brute_timeout: float = 2.0,
    cpsat: bool = True,
    caps: bool = False,
) -> list[dict[str, Any]]:
    """Solve ``instances`` random boards per size with clingo (the full verdict of "no
    blockers"), CP-SAT (end to end, and on the counting part alone) and brute force; one row
    of figures per size: medians in seconds, ratios to clingo, and whether every maximum
    agrees (``disagreements`` lists any, with the values; a run that doesn't prove an optimum
    within ``timeout`` counts in ``cpsat_timeouts`` or ``clingo_timeouts`` with its time as
    spent)."""
    rows = []
    for n_att, n_blk in sizes:
        boards = [random_block_board(n_att, n_blk, seed * 100003 + n_att * 1009 + n_blk * 17 + k, caps)
                  for k in range(instances)]
        clingo_t, cp_t, core_t, bf_t = [], [], [], []
        # CPU time (user + system, every thread of this process) of the same calls: on a
        # shared machine a wall-clock median mostly measures the load; the ratio
        # (clingo over CP-SAT) is read off these
        clingo_cpu: list[float] = []
        cp_cpu: list[float] = []
        inside_t: list[float] = []  # the part of each verdict spent inside clingo's own calls
        verdicts: dict[int, int] = {}  # instance -> clingo's maximum
        clingo_timeouts = 0  # clingo runs that did not prove an optimum within ``timeout``
        # Each solver runs on every board of the size before the next one starts: a CP-SAT
        # solve just before a clingo call slowed that call by 1.5 to 2.7 ms on 10x10 boards
        # (measured, 40 boards), which is a third of the call.
        for k, board in enumerate(boards):
            started, cpu = time.perf_counter(), time.process_time()
            try:
                verdict = verify(board, Declaration(), timeout=timeout)
            except SolverTimeout:  # counted, never a verdict; the others are not compared
                clingo_t.append(time.perf_counter() - started)
                clingo_cpu.append(time.process_time() - cpu)
                clingo_timeouts += 1
                continue
            clingo_t.append(time.perf_counter() - started)
            clingo_cpu.append(time.process_time() - cpu)
            inside_t.append(verdict.stats["clingo_s"])
            verdicts[k] = verdict.maximum
        cores = {k: Counting.of(boards[k], optimum(boards[k], timeout, options=True)[2].options)
                 for k in verdicts}
        found: dict[int, dict[str, int | None]] = {k: {} for k in verdicts}
        if cpsat:
            for k in verdicts:
                started, cpu = time.perf_counter(), time.process_time()
                competitor = Counting.of(boards[k], competitor_pairs(boards[k]))
                found[k]["cpsat"] = cpsat_maximum(competitor, timeout)
                cp_t.append(time.perf_counter() - started)
                cp_cpu.append(time.process_time() - cpu)
            for k in verdicts:
                started = time.perf_counter()
                found[k]["cpsat_core"] = cpsat_maximum(cores[k], timeout)
                core_t.append(time.perf_counter() - started)
        for k in verdicts:
            started = time.perf_counter()
            brute = brute_maximum(cores[k], brute_timeout)
            if brute is not None:
                bf_t.append(time.perf_counter() - started)
                found[k]["brute"] = brute
        # CP-SAT runs that did not prove an optimum within ``timeout``
        timeouts = sum(1 for k in verdicts for name, got in found[k].items()
                       if got is None and name != "brute")
        disagreements: list[dict[str, Any]] = []
        for k, maximum in verdicts.items():
            bad = {name: got for name, got in found[k].items() if got is not None and got != maximum}
            if bad:
                disagreements.append({"instance": k, "clingo": maximum, **bad})
        maxima = list(verdicts.values())
        med = statistics.median
        row: dict[str, Any] = {
            "size": f"{n_att}x{n_blk}",
            "instances": instances,
            "clingo_median_s": med(clingo_t),
            "clingo_max_s": max(clingo_t),
            "in_clingo_median_s": med(inside_t) if inside_t else None,
            "cpsat_median_s": med(cp_t) if cp_t else None,
            "clingo_cpu_median_s": med(clingo_cpu),
            "cpsat_cpu_median_s": med(cp_cpu) if cp_cpu else None,
            "cpsat_core_median_s": med(core_t) if core_t else None,
            "brute_median_s": med(bf_t) if len(bf_t) == instances else None,
            "brute_finished": len(bf_t),
            "maxima": maxima,
            "agree": not disagreements,
            "disagreements": disagreements,
            "cpsat_timeouts": timeouts,
            "clingo_timeouts": clingo_timeouts,
        }
        for key in ("cpsat", "cpsat_core", "brute"):
            value = row[f"{key}_median_s"]
            row[f"{key}_over_clingo"] = value / row["clingo_median_s"] if value is not None else None
        cp = row["cpsat_cpu_median_s"]
        row["clingo_over_cpsat_cpu"] = row["clingo_cpu_median_s"] / cp if cp else None
        rows.append(row)
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """The figures as a text table (ratios: other solver's median / clingo's median)."""

    def f(v: Any, digits: int = 4) -> str:
        return "-" if v is None else (f"{v:.{digits}f}" if isinstance(v, float) else str(v))

    out = [
        "size       clingo_med  clingo_max  in_clingo  cpsat_med  cpsat/clingo  core_med  core/clingo"
        "  brute_med  brute/clingo  clingo_cpu  cpsat_cpu  clingo/cpsat_cpu  agree  cpsat_timeouts"
        "  clingo_timeouts"
    ]
    for r in rows:
        out.append(
            f"{r['size']:<10} {f(r['clingo_median_s']):>10}  {f(r['clingo_max_s']):>10}  "
            f"{f(r['in_clingo_median_s']):>9}  "
            f"{f(r['cpsat_median_s']):>9}  {f(r['cpsat_over_clingo'], 2):>12}  "
            f"{f(r['cpsat_core_median_s']):>8}  {f(r['cpsat_core_over_clingo'], 2):>11}  "
            f"{f(r['brute_median_s']):>9}  {f(r['brute_over_clingo'], 2):>12}  "
            f"{f(r['clingo_cpu_median_s']):>10}  {f(r['cpsat_cpu_median_s']):>9}  "
            f"{f(r['clingo_over_cpsat_cpu'], 2):>16}  {str(r['agree']):>5}  "
            f"{r['cpsat_timeouts']:>14}  {r['clingo_timeouts']:>15}"
        )
    return "\n".join(out)


def cpsat_installed() -> bool:
    """Whether OR-Tools' CP-SAT (the optional extra ``cpsat``) can be imported."""
    try:
        from ortools.sat.python import cp_model  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """``pyengine bench combat [--instances N] [--sizes 10x10,100x100] [--seed S] [--no-cpsat]
    [--caps]``."""
    from pyengine import bench as options
    from pyengine.cli import Parser, seconds

    parser = Parser(prog="pyengine bench combat", description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    default_sizes = ",".join(f"{a}x{b}" for a, b in DEFAULT_SIZES)
    parser.add_argument("--instances", type=options.integer(1), default=5, metavar="N",
                        help="random boards per size (default: %(default)s)")
    parser.add_argument("--sizes", type=options.sizes("ATTACKERSxBLOCKERS"), default=default_sizes,
                        metavar="AxB,...",
                        help=f"comma-separated board sizes ATTACKERSxBLOCKERS (default: {default_sizes})")
    parser.add_argument("--seed", type=int, default=1,
                        help="random seed of the boards (default: %(default)s)")
    parser.add_argument("--timeout", type=seconds, default=60.0, metavar="S",
                        help="seconds each solver may take on one board (default: %(default)s)")
    parser.add_argument("--no-cpsat", action="store_true",
                        help="run clingo and brute force only, not OR-Tools CP-SAT")
    parser.add_argument("--caps", action="store_true",
                        help="boards with a limit on blockers each combat or each turn (509.1b, 500.8)")
    args = parser.parse_args(argv)
    cpsat = not args.no_cpsat
    if cpsat and not cpsat_installed():
        print("CP-SAT is not installed (the optional extra 'cpsat': pip install 'pyengine[cpsat]'): "  # noqa: T201
              "clingo and brute force only", flush=True)
        cpsat = False
    rows = run(args.sizes, args.instances, args.seed, timeout=args.timeout, cpsat=cpsat, caps=args.caps)
    print(table(rows))  # noqa: T201 - command output
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
