"""The floor of a one-call block verdict in clingo: the smallest program that still decides
what ``pyengine bench combat`` asks, against CP-SAT in the same run.

A measurement script, not part of the engine (its numbers are in asp/README.md, section
Performance, "Combat and casting checks; the smallest combat program"). The engine's
verification program (asp/check/combat_block_verify.lp) keeps one rule or more per kind of
evasion, restriction and requirement: a pruned 5x5 board still grounds about 52 rules, and
the grounding is spread over them. Here the kinds are data for a few generic rules:

* evasion: ``need(A, G)`` (attacker A can be blocked only by a blocker with a quality of
  group ``G``: flying -> {flying, reach}, fear -> {artifact, black}, intimidate -> {artifact,
  A's colors}, shadow -> {shadow}), ``forbid(A, Q)`` (no blocker with quality Q: protection
  from a color, a shadow blocker of an attacker without shadow), ``le(A, P)`` (skulk: no
  blocker of greater power), the blockers' qualities ``has(B, Q)``;
* restrictions: ``cap(B, N)`` (N blocks; ``many(B)``: any number), ``minb(A, N)`` (menace),
  ``maxb(A, N)``; requirements ``rq(R, B, A)``, ``B`` or ``A`` ``any`` (Lure: one per
  blocker; "blocks if able"; provoke; "must be blocked if able": ``rq(R, any, A)``);
* the proposal: ``given(B, A)``; what it breaks (a pair no blocker may make, a capacity,
  a menace count, a "blocked by at most"), what it obeys; the maximum (``#maximize``) and a
  witness.

Python turns a bench board into those facts from tables (the keyword groups), which is why
this is a measurement and not the engine: the engine's encodings decide the rules (CR 509.1)
and Python never does. Variants, each timed on the same boards (CPU, ``time.process_time``):

* ``engine``: :func:`pyengine.combat.service.verify`, as the bench times it;
* ``small``: the generic program above, one Control (the statements parsed once, added as
  ASTs; the facts through the backend), ground, solve with the engine's optimisation
  options, read the shown atoms;
* ``core``: the counting part alone, given the pairs CP-SAT's competitor computes (no
  evasion rules: the least any clingo design that still counts in clingo can ground);
* ``empty``: an empty program's Control created, ground, solved and freed;
* ``cpsat``: the bench's competitor end to end (its pairs, the counting model, one worker).

Each variant runs on every board of a size in a row (as the bench does), the variants in
turn, the order reversed every round; maxima checked equal to the engine's on every board.

    PYTHONPATH=. python tools/combat_floor.py --sizes 5x5,10x10 --boards 40 --rounds 4
    PYTHONPATH=. python tools/combat_floor.py --sizes 5x5,10x10 --boards 11 --rounds 8 --parts
    PYTHONPATH=. python tools/combat_floor.py --sizes 5x5 --boards 11 --rounds 6 --rules
"""

from __future__ import annotations

import argparse
import statistics
import time

import clingo
from clingo import ast

from pyengine import encodings, solver
from pyengine.bench.combat import Counting, competitor_pairs, cpsat_maximum, random_block_board
from pyengine.combat.model import Board, Declaration
from pyengine.combat.service import OPT_ARGS, verify

P = time.process_time

SMALL = """
blocker(B) :- cand(B).
okg(B,A,G) :- need(A,G), in(G,Q), has(B,Q), blocker(B).
bar(B,A) :- need(A,G), blocker(B), not okg(B,A,G).
bar(B,A) :- forbid(A,Q), has(B,Q), blocker(B).
bar(B,A) :- le(A,P), pw(B,Q), Q > P, blocker(B).
can(B,A) :- att(A), blocker(B), not bar(B,A).
"""

CORE = """
{ blk(B,A) : can(B,A) } N :- cap(B,N).
{ blk(B,A) : can(B,A) } :- many(B).
blocked(A) :- blk(_,A).
:- minb(A,N), blocked(A), #count{ B : blk(B,A) } < N.
:- maxb(A,N), #count{ B : blk(B,A) } > N.
ob(R) :- rq(R,B,A), blk(B,A).
ob(R) :- rq(R,B,any), blk(B,_).
ob(R) :- rq(R,any,A), blk(_,A).
:~ rq(R,_,_), not ob(R). [1@1,R]
#maximize { 0@1 : #true }.  % an optimisation problem even without a requirement (else every model is listed)
gbad(pair(B,A)) :- given(B,A), not can(B,A).
gbad(cap(B)) :- cap(B,N), #count{ A : given(B,A) } > N.
gbad(min(A)) :- minb(A,N), given(_,A), #count{ B : given(B,A) } < N.
gbad(max(A)) :- maxb(A,N), #count{ B : given(B,A) } > N.
gob(R) :- rq(R,B,A), given(B,A).
gob(R) :- rq(R,B,any), given(B,_).
gob(R) :- rq(R,any,A), given(_,A).
#show. #show blk(B,A) : blk(B,A). #show ob(R) : ob(R). #show gob(R) : gob(R). #show gbad(X) : gbad(X).
"""

DEFINED = """
#defined cand/1. #defined has/2. #defined pw/2. #defined need/2. #defined in/2. #defined forbid/2.
#defined le/2. #defined att/1. #defined can/2. #defined cap/2. #defined many/1. #defined minb/2.
#defined maxb/2. #defined rq/3. #defined given/2.
"""

GROUPS = {"flying": ("flying", "reach"), "fear": ("artifact", "black"), "shadow": ("shadow",),
          "horsemanship": ("horsemanship",)}


def _parse(text: str) -> list[ast.AST]:
    out: list[ast.AST] = []
    ast.parse_string(text, out.append)
    return out


def _fn(name: str, *args: object) -> clingo.Symbol:
    return clingo.Function(name, [a if isinstance(a, clingo.Symbol) else
                                  clingo.Number(a) if isinstance(a, int) else clingo.String(a)
                                  for a in args])


ANY = clingo.Function("any")
_LOG: list[str] = []  # the grounder's messages, kept as the gateway keeps them
LIMIT: list[float | None] = [None]  # seconds a small program's call may search (None: no limit)


def core_facts(board: Board, out: list[clingo.Symbol]) -> None:
    """Capacities, counting restrictions, requirements (bench boards: attackers all attack
    the one defending player)."""
    me = board.defending[0]
    cands = [p for p in board.permanents if p.controller == me and p.is_creature and not p.tapped]
    nob = {i.subject for i in board.items if i.kind == "cant_block"}
    cands = [p for p in cands if p.id not in nob]
    extra: dict[str, int] = {}
    many = set()
    for it in board.items:
        if it.kind == "extra_blocks":
            extra[it.subject] = extra.get(it.subject, 0) + it.n
        elif it.kind == "block_any_number":
            many.add(it.subject)
    for p in cands:
        out.append(_fn("cand", p.id))
        out.append(_fn("many", p.id) if p.id in many else _fn("cap", p.id, 1 + extra.get(p.id, 0)))
    for a, _ in board.attacks:
        out.append(_fn("att", a))
    for p in board.permanents:
        if "menace" in p.keywords and p.controller != me:
            out.append(_fn("minb", p.id, 2))
    for it in board.items:
        e = it.effect
        if it.kind == "max_blocked_by":
            out.append(_fn("maxb", it.subject, it.n))
        elif it.kind == "must_block":
            out.append(_fn("rq", _fn("r", e), it.subject, ANY))
        elif it.kind == "must_block_attacker":
            out.append(_fn("rq", _fn("r", e), it.subject, it.other))
        elif it.kind == "lure":
            out.extend(_fn("rq", _fn("r", e, p.id), p.id, it.subject) for p in cands)
        elif it.kind == "must_be_blocked":
            out.append(_fn("rq", _fn("r", e), ANY, it.subject))


def small_facts(board: Board, declaration: Declaration) -> list[clingo.Symbol]:
    out: list[clingo.Symbol] = []
    core_facts(board, out)
    me = board.defending[0]
    for p in board.permanents:
        if p.controller == me:
            quals = set(p.keywords) | set(p.colors) | ({"artifact"} if "Artifact" in p.types else set())
            out.extend(_fn("has", p.id, q) for q in sorted(quals))
            out.append(_fn("pw", p.id, p.power or 0))
            continue
        for k in sorted(p.keywords):
            if k in GROUPS:
                out.append(_fn("need", p.id, k))
                out.extend(_fn("in", k, q) for q in GROUPS[k])
            elif k == "intimidate":
                g = _fn("intimidate", p.id)
                out.append(_fn("need", p.id, g))
                out.extend(_fn("in", g, q) for q in ("artifact", *sorted(p.colors)))
            elif k == "skulk":
                out.append(_fn("le", p.id, p.power or 0))
        if "shadow" not in p.keywords:
            out.append(_fn("forbid", p.id, "shadow"))
        out.extend(_fn("forbid", p.id, v) for kind, v in p.protection if kind == "color")
    out.extend(_fn("given", b, a) for b, a in declaration.pairs)
    return out


def core_only_facts(board: Board, pairs: tuple[tuple[str, str], ...]) -> list[clingo.Symbol]:
    out: list[clingo.Symbol] = []
    core_facts(board, out)
    out.extend(_fn("can", b, a) for b, a in pairs)
    return out


def run_clingo(stmts: list[ast.AST], facts: list[clingo.Symbol]) -> tuple[int | None, list[clingo.Symbol]]:
    ctl = clingo.Control([*OPT_ARGS, "0"], logger=lambda c, m: _LOG.append(m), message_limit=500)
    with ast.ProgramBuilder(ctl) as b:
        for s in stmts:
            b.add(s)
    with ctl.backend() as be:
        solver._add_facts(be, facts)
    ctl.ground([("base", [])])
    best: list[clingo.Symbol] = []

    def on_model(m: clingo.Model) -> None:
        best[:] = m.symbols(shown=True)

    if LIMIT[0] is None:
        ctl.solve(on_model=on_model)
    else:  # a board this program finds hard: no proven optimum within the limit
        with ctl.solve(on_model=on_model, async_=True) as h:
            if not h.wait(LIMIT[0]):
                h.cancel()
                return None, best
    obeyed = sum(1 for s in best if s.name == "ob")
    del ctl
    return obeyed, best


def empty() -> None:
    ctl = clingo.Control(["0"])
    ctl.ground([("base", [])])
    ctl.solve()
    del ctl


def parts(boards: list[Board], rounds: int) -> None:
    """The small program's verdict part by part (CPU medians, ms), and CP-SAT's whole answer."""
    small = _parse(DEFINED + SMALL + CORE)
    names = ("facts", "control", "add", "add facts", "ground", "solve", "free", "total", "cpsat")
    got: dict[str, list[float]] = {k: [] for k in names}
    for _ in range(rounds):
        for b in boards:
            t = [P()]
            facts = small_facts(b, Declaration())
            t.append(P())
            ctl = clingo.Control([*OPT_ARGS, "0"], logger=lambda c, m: None)
            t.append(P())
            with ast.ProgramBuilder(ctl) as bld:
                for stm in small:
                    bld.add(stm)
            t.append(P())
            with ctl.backend() as be:
                solver._add_facts(be, facts)
            t.append(P())
            ctl.ground([("base", [])])
            t.append(P())
            ctl.solve(on_model=lambda m: m.symbols(shown=True))
            t.append(P())
            del ctl
            t.append(P())
            for k, name in enumerate(names[:7]):
                got[name].append(t[k + 1] - t[k])
            got["total"].append(t[-1] - t[0])
        for b in boards:
            began = P()
            cpsat_maximum(Counting.of(b, competitor_pairs(b)), 60.0)
            got["cpsat"].append(P() - began)
    print("  " + ", ".join(f"{k} {1000 * statistics.median(v):.3f}" for k, v in got.items()) + " ms")


def leave_one_out(boards: list[Board], rounds: int) -> None:
    """Grounding the small program with each rule left out in turn (CPU medians, ms)."""
    lines = [line for line in (SMALL + CORE).splitlines() if line.strip() and not line.startswith("#show")]
    shows = "#show. #show blk(B,A) : blk(B,A). #show ob(R) : ob(R)."

    def grounding(text: str) -> float:
        stmts = _parse(DEFINED + text + shows)
        times = []
        for _ in range(rounds):
            for b in boards:
                facts = small_facts(b, Declaration())
                ctl = clingo.Control([*OPT_ARGS, "0"], logger=lambda c, m: None)
                with ast.ProgramBuilder(ctl) as bld:
                    for stm in stmts:
                        bld.add(stm)
                with ctl.backend() as be:
                    solver._add_facts(be, facts)
                began = P()
                ctl.ground([("base", [])])
                times.append(P() - began)
                del ctl
        return 1000 * statistics.median(times)

    print(f"  every line {grounding(chr(10).join(lines)):.3f} ms, none {grounding(''):.3f} ms")
    for k, line in enumerate(lines):
        print(f"  without {line[:64]:64s} {grounding(chr(10).join(lines[:k] + lines[k + 1:])):.3f} ms")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="5x5,10x10")
    ap.add_argument("--boards", type=int, default=11)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=2.0,
                    help="seconds of search the small programs get on each board before timing")
    ap.add_argument("--parts", action="store_true", help="the small program's verdict part by part")
    ap.add_argument("--rules", action="store_true", help="its grounding with each rule left out")
    args = ap.parse_args()
    if args.parts or args.rules:
        for size in args.sizes.split(","):
            na, nb = map(int, size.split("x"))
            boards = [random_block_board(na, nb, args.seed * 100003 + na * 1009 + nb * 17 + k)
                      for k in range(args.boards)]
            print(f"{size}, {len(boards)} boards x {args.rounds} rounds:")
            (parts if args.parts else leave_one_out)(boards, args.rounds)
        return 0
    small = _parse(DEFINED + SMALL + CORE)
    core = _parse(DEFINED + CORE)
    rules = sum(1 for s in small if s.ast_type == ast.ASTType.Rule)
    print(f"statements: small {len(small)} ({rules} rules), core {len(core)}")
    none = Declaration()

    def v_engine(b: Board) -> None:
        verify(b, none)

    def v_small(b: Board) -> None:
        run_clingo(small, small_facts(b, none))

    def v_core(b: Board) -> None:
        run_clingo(core, core_only_facts(b, competitor_pairs(b)))

    def v_empty(b: Board) -> None:
        empty()

    def v_cpsat(b: Board) -> None:
        cpsat_maximum(Counting.of(b, competitor_pairs(b)), 60.0)

    variants = {"engine": v_engine, "small": v_small, "core": v_core, "empty": v_empty, "cpsat": v_cpsat}
    for size in args.sizes.split(","):
        na, nb = map(int, size.split("x"))
        boards = [random_block_board(na, nb, args.seed * 100003 + na * 1009 + nb * 17 + k)
                  for k in range(args.boards)]
        # agreement first (and a warm-up)
        maxima = [verify(b, none).maximum for b in boards]
        # the engine's program as the gateway keeps it: its pruning cache is emptied before
        # each verdict timed (the bench meets each board once)
        engine = solver._program((str(encodings.path("combat_block_verify")),), None)
        LIMIT[0] = args.limit
        got_small = [run_clingo(small, small_facts(b, none))[0] for b in boards]
        got_core = [run_clingo(core, core_only_facts(b, competitor_pairs(b)))[0] for b in boards]
        LIMIT[0] = None
        # boards the small programs find hard are reported and left out of the timing
        hard = [k for k in range(len(boards)) if got_small[k] is None or got_core[k] is None]
        if hard:
            print(f"{size}: no proven optimum within {args.limit} s (small, core): "
                  + ", ".join(f"board {k} ({got_small[k]}, {got_core[k]})" for k in hard))
        boards = [b for k, b in enumerate(boards) if k not in hard]
        maxima, got_small, got_core = ([x[k] for k in range(len(x)) if k not in hard]
                                       for x in (maxima, got_small, got_core))
        got_cp = [cpsat_maximum(Counting.of(b, competitor_pairs(b)), 60.0) for b in boards]
        bad = [(k, maxima[k], got_small[k], got_core[k], got_cp[k]) for k in range(len(boards))
               if not maxima[k] == got_small[k] == got_core[k] == got_cp[k]]
        print(f"{size}: maxima {maxima}; disagreements {bad}", flush=True)

        times: dict[str, list[float]] = {k: [] for k in variants}
        for r in range(args.rounds):
            order = list(variants) if r % 2 == 0 else list(reversed(variants))
            for name in order:
                f = variants[name]
                for b in boards:
                    if name == "engine":  # as the bench meets a board: no kept answer, pruning missed
                        solver.forget()
                        engine._cache.clear()
                    t = P()
                    f(b)
                    times[name].append(P() - t)
        med = {k: statistics.median(v) for k, v in times.items()}
        cp = med["cpsat"]
        print(f"{size}: CPU medians (min), ms, {len(boards)} boards x {args.rounds} rounds; "
              "ratio to CP-SAT")
        for k, v in times.items():
            print(f"  {k:7s} {1000 * med[k]:7.2f} ({1000 * min(v):6.2f})  {med[k] / cp:5.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
