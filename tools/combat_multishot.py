"""Measure "ground once, solve many" for block verdicts against today's one-call path.

A measurement script, not part of the engine (its numbers are in asp/README.md, section
Performance, "Combat: multi-shot over a fixed universe"). It builds, for a size KA x KB, one
clingo Control with the block verification program (asp/check/combat_block_verify.lp, pruned
as the gateway prunes it) grounded over a universe of slots: KA attacker slots, KB blocker
slots, every board fact the bench's boards can have declared as an external (types, colors,
keywords, power 0..5, tapped, protection from a color, Lure, "must be blocked", "blocked by at
most N", "blocks if able", extra blocks, "any number", "can't block", provoke, and the proposed
pairs when ``--given``). Each board is renamed onto the slots, its facts assigned to the
externals (only the ones that changed since the last board), solved, and the answer renamed
back. The maximum is checked equal to today's path (:func:`pyengine.combat.service.verify`)
on every board; the witness may differ (clingo's choice among equal optima depends on the
ground program).

Per board, in CPU time (``time.process_time``), medians: the cold path's parts (building the
facts, pruning, creating the Control, adding the statements and the facts, grounding,
solving, freeing), the whole cold verdict, the warm path's parts (facts of the renamed board,
assigning, solving, reading back) and CP-SAT's whole answer (the bench's competitor), all
in one run, boards taken in turn by each path.

    PYTHONPATH=. python tools/combat_multishot.py --sizes 5x5,10x10 --boards 40 [--given] [--parts]
    PYTHONPATH=. python tools/combat_multishot.py --sizes 5x5 --rules
"""

from __future__ import annotations

import argparse
import dataclasses
import resource
import statistics
import time

import clingo
from clingo import ast

from pyengine import encodings, solver
from pyengine.bench.combat import Counting, competitor_pairs, cpsat_maximum, random_block_board
from pyengine.combat.facts import KEYWORD_CONSTS, board_factset
from pyengine.combat.model import Board, Declaration, Item, Target
from pyengine.combat.service import OPT_ARGS, _read, verify
from pyengine.facts import Const, FactSet, Fn

P = time.process_time
COLORS = ("white", "blue", "black", "red", "green")
PMAX, NMAX = 5, 3
WARM_ARGS: list[str] = []  # the warm Control's options (default: the service's, OPT_ARGS)


def universe(ka: int, kb: int, given: bool) -> tuple[FactSet, FactSet]:
    """The fixed facts (players) and the externals of a KA x KB universe."""
    fixed, ext = FactSet(), FactSet()
    for p in ("@pa", "@pd"):
        fixed.add("player", p)
    fixed.add("attacking_player", "@pa")
    fixed.add("defending_player", "@pd")
    fixed.add("declaring_player", "@pd")
    slots = [(f"@a{i}", "@pa", True) for i in range(ka)] + [(f"@b{j}", "@pd", False) for j in range(kb)]
    for o, pl, att in slots:
        ext.add("permanent", o)
        ext.add("controller", o, pl)
        for t in ("creature", "artifact"):
            ext.add("card_type", o, Const(t))
        for c in COLORS:
            ext.add("color", o, Const(c))
            ext.add("q_protection", o, Fn("color", Const(c)))
        for k in KEYWORD_CONSTS.values():
            ext.add("keyword", o, Const(k))
        for p in range(PMAX + 1):
            ext.add("power", o, p)
        ext.add("tapped", o)
        if att:
            ext.add("attacking", o, Fn("p", "@pd"))
            for kind in ("lure", "must_be_blocked"):
                ext.add(kind, f"@{kind}{o}", o)
            for m in range(1, NMAX + 1):
                ext.add("max_blocked_by", f"@max_blocked_by{o}", o, m)
        else:
            for kind in ("must_block", "block_any_number", "cant_block"):
                ext.add(kind, f"@{kind}{o}", o)
            for m in range(1, NMAX + 1):
                ext.add("extra_blocks", f"@extra_blocks{o}", o, m)
            for i in range(ka):
                ext.add("must_block_attacker", f"@must_block_attacker{o}", o, f"@a{i}")
                if given:
                    ext.add("given_block", o, f"@a{i}")
    return fixed, ext


def renamed(board: Board) -> tuple[Board, dict[str, str]]:
    """The board on the slots, and the slots' names back to the board's ids."""
    m = {board.active: "@pa", board.defending[0]: "@pd"}
    ia = ib = 0
    for p in board.permanents:
        if p.controller == board.active:
            m[p.id], ia = f"@a{ia}", ia + 1
        else:
            m[p.id], ib = f"@b{ib}", ib + 1
    for it in board.items:
        m[it.effect] = f"@{it.kind}{m[it.subject]}"
    perms = tuple(dataclasses.replace(p, id=m[p.id], controller=m[p.controller]) for p in board.permanents)
    items = tuple(Item(i.kind, m[i.effect], m[i.subject], m.get(i.other, i.other), None, "", i.n)
                  for i in board.items)
    attacks = tuple((m[a], Target(t.kind, m[t.id])) for a, t in board.attacks)
    out = Board(board.kind, (m[board.players[0]], m[board.players[1]]), m[board.active],
                (m[board.defending[0]],), perms, items, attacks)
    return out, {v: k for k, v in m.items()}


def back(sym: clingo.Symbol, inv: dict[str, str]) -> clingo.Symbol:
    t = sym.type
    if t == clingo.SymbolType.String:
        r = inv.get(sym.string)
        return clingo.String(r) if r is not None else sym
    if t == clingo.SymbolType.Function and sym.arguments:
        return clingo.Function(sym.name, [back(a, inv) for a in sym.arguments], sym.positive)
    return sym


class Warm:
    def __init__(self, ka: int, kb: int, given: bool) -> None:
        t0 = P()
        rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        fixed, ext = universe(ka, kb, given)
        prog = solver._program((str(encodings.path("combat_block_verify")),), None)
        statements = prog.prune((), fixed.shapes() | ext.shapes(), {})
        self.ctl = clingo.Control(["--models=0", *(WARM_ARGS or OPT_ARGS)], logger=lambda c, m: None)
        with ast.ProgramBuilder(self.ctl) as b:
            for s in statements:
                b.add(s)
        # externals declared in the program's text: declared through the backend before
        # grounding, some rules were instantiated over part of them only (a shared color of
        # two externals was missed), and the maximum differed from the cold path's
        text = "".join(f"{s}." for s in fixed.symbols()) + "".join(f"#external {s}." for s in ext.symbols())
        self.ctl.add("base", [], text)
        self.fixed = set(fixed.symbols())
        self.ctl.ground([("base", [])])
        self.lits = {s: self.ctl.symbolic_atoms[s].literal for s in ext.symbols()}
        self.build_s = P() - t0
        self.rss_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) / 1024
        self.on: set[int] = set()
        self.externals = len(self.lits)
        self.statements = len(statements)

    def maximum(self, board: Board, parts: dict[str, list[float]]) -> tuple[int, Declaration]:
        a = P()
        slot_board, inv = renamed(board)
        facts = board_factset(slot_board, Declaration()).symbols()
        want = {self.lits[s] for s in facts if s not in self.fixed}  # KeyError: not in the universe
        b = P()
        for lit in self.on - want:
            self.ctl.assign_external(lit, False)
        for lit in want - self.on:
            self.ctl.assign_external(lit, True)
        self.on = want
        c = P()
        found: list[tuple[clingo.Symbol, ...]] = []
        self.ctl.solve(on_model=lambda m: found.append(tuple(m.symbols(shown=True))))
        d = P()
        shown = tuple(back(s, inv) for s in found[-1])
        result = solver.SolveResult(True, (solver.Model(shown, (), True),), True, True)
        read = _read(board, result)
        got = len(read.obeyed["best"]), read.decls["best"]
        e = P()
        for k, v in (("w_facts", b - a), ("w_assign", c - b), ("w_solve", d - c), ("w_read", e - d),
                     ("warm", e - a)):
            parts.setdefault(k, []).append(v)
        return got


_LOC = clingo.ast.Location(clingo.ast.Position("<parts>", 1, 1), clingo.ast.Position("<parts>", 1, 1))
_K = ast.SymbolicTerm(_LOC, clingo.Function("k"))


def _act() -> ast.AST:
    return ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(_LOC, "act", [_K], 0)))


class _Question(ast.Transformer):
    """Every atom gets the question's number as a first argument, every rule, weak
    constraint and show condition the literal act(k): a program part per question."""

    def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
        sym = node.symbol
        if sym.ast_type == ast.ASTType.Function:
            return ast.SymbolicAtom(ast.Function(sym.location, sym.name, [_K, *sym.arguments], sym.external))
        if sym.ast_type == ast.ASTType.SymbolicTerm and sym.symbol.type == clingo.SymbolType.Function:
            return ast.SymbolicAtom(ast.Function(sym.location, sym.symbol.name, [_K], 0))
        raise ValueError(f"atom not handled: {node}")

    def visit_Rule(self, node: ast.AST) -> ast.AST:
        node = node.update(**self.visit_children(node))
        return node.update(body=[*node.body, _act()])

    def visit_Minimize(self, node: ast.AST) -> ast.AST:
        node = node.update(**self.visit_children(node))
        return node.update(terms=[_K, *node.terms], body=[*node.body, _act()])

    def visit_ShowTerm(self, node: ast.AST) -> ast.AST:
        body = [self(lit) for lit in node.body]
        return node.update(body=[*body, _act()])

    def visit_ShowSignature(self, node: ast.AST) -> ast.AST:
        if not node.name:
            return node
        args = [ast.Variable(_LOC, f"X{i}") for i in range(node.arity)]
        atom = ast.SymbolicAtom(ast.Function(_LOC, node.name, [_K, *args], 0))
        return ast.ShowTerm(_LOC, ast.Function(_LOC, node.name, args, 0),
                            [ast.Literal(_LOC, ast.Sign.NoSign, atom), _act()])

    def visit_Defined(self, node: ast.AST) -> ast.AST:
        return node.update(arity=node.arity + 1)


class Parts:
    """One Control for every question: the program (pruned for the universe's shapes) added
    once as the part ``q(k)``; each question adds its facts with k, grounds ``q(k)``, solves
    with act(k) true, then releases act(k)."""

    def __init__(self, ka: int, kb: int) -> None:
        fixed, ext = universe(ka, kb, False)
        prog = solver._program((str(encodings.path("combat_block_verify")),), None)
        statements = prog.prune((), fixed.shapes() | ext.shapes(), {})
        self.ctl = clingo.Control(["--models=0", *OPT_ARGS], logger=lambda c, m: None)
        t = _Question()
        with ast.ProgramBuilder(self.ctl) as b:
            b.add(ast.Program(_LOC, "q", [ast.Id(_LOC, "k")]))
            b.add(ast.External(_LOC, ast.SymbolicAtom(ast.Function(_LOC, "act", [_K], 0)), [],
                               ast.SymbolicTerm(_LOC, clingo.Function("false"))))
            for st in statements:
                if st.ast_type == ast.ASTType.Program:
                    continue
                b.add(t(st))
        self.k = 0

    def maximum(self, board: Board, parts: dict[str, list[float]]) -> tuple[int, Declaration]:
        a = P()
        self.k += 1
        k = clingo.Number(self.k)
        facts = board_factset(board, Declaration()).symbols()
        with self.ctl.backend() as be:
            for s in facts:
                be.add_rule([be.add_atom(clingo.Function(s.name, [k, *s.arguments]))])
        b = P()
        self.ctl.ground([("q", [k])])
        c = P()
        act = clingo.Function("act", [k])
        self.ctl.assign_external(act, True)
        found: list[tuple[clingo.Symbol, ...]] = []
        self.ctl.solve(on_model=lambda m: found.append(tuple(m.symbols(shown=True))))
        self.ctl.release_external(act)
        d = P()
        result = solver.SolveResult(True, (solver.Model(found[-1], (), True),), True, True)
        read = _read(board, result)
        e = P()
        for key, v in (("p_facts", b - a), ("p_ground", c - b), ("p_solve", d - c), ("p_read", e - d),
                       ("parts", e - a)):
            parts.setdefault(key, []).append(v)
        return len(read.obeyed["best"]), read.decls["best"]


def cold_parts(board: Board, parts: dict[str, list[float]]) -> None:
    t0 = P()
    fs = board_factset(board, Declaration())
    shapes, facts = fs.shapes(), fs.symbols()
    t1 = P()
    prog = solver._program((str(encodings.path("combat_block_verify")),), None)
    st = prog.prune((), shapes, {})
    t2 = P()
    ctl = clingo.Control(["--models=0", *OPT_ARGS], logger=lambda c, m: None)
    t3 = P()
    with ast.ProgramBuilder(ctl) as bld:
        for s in st:
            bld.add(s)
    t4 = P()
    with ctl.backend() as be:
        for s in facts:
            be.add_rule([be.add_atom(s)])
    t5 = P()
    ctl.ground([("base", [])])
    t6 = P()
    ctl.solve(on_model=lambda m: m.symbols(shown=True))
    t7 = P()
    del ctl
    t8 = P()
    for k, v in (("c_facts", t1 - t0), ("c_prune", t2 - t1), ("c_control", t3 - t2), ("c_add", t4 - t3),
                 ("c_addfacts", t5 - t4), ("c_ground", t6 - t5), ("c_solve", t7 - t6), ("c_free", t8 - t7)):
        parts.setdefault(k, []).append(v)


def rule_costs(n: int, reps: int = 25) -> None:
    """Grounding one n x n board's verification program, the least CPU of ``reps`` runs:
    with every statement, without the rules, and without each rule in turn."""
    board = random_block_board(n, n, 7)
    fs = board_factset(board, Declaration())
    prog = solver._program((str(encodings.path("combat_block_verify")),), None)
    statements = list(prog.prune((), fs.shapes(), {}))
    facts = fs.symbols()

    def ground(kept: list[ast.AST]) -> float:
        best = float("inf")
        for _ in range(reps):
            ctl = clingo.Control(["--models=0", *OPT_ARGS], logger=lambda c, m: None)
            with ast.ProgramBuilder(ctl) as b:
                for st in kept:
                    b.add(st)
            with ctl.backend() as be:
                for sym in facts:
                    be.add_rule([be.add_atom(sym)])
            t = P()
            ctl.ground([("base", [])])
            best = min(best, P() - t)
        return best

    rules = (ast.ASTType.Rule, ast.ASTType.Minimize)
    full = ground(statements)
    bare = ground([st for st in statements if st.ast_type not in rules])
    print(f"{n}x{n}: {len(statements)} statements, grounding {full * 1e3:.3f} ms, "
          f"without the rules {bare * 1e3:.3f} ms; saved by leaving out one rule:")
    saved = [(full - ground(statements[:i] + statements[i + 1:]), str(st).replace("\n", " ")[:120])
             for i, st in enumerate(statements) if st.ast_type in rules]
    for d, text in sorted(saved, reverse=True)[:15]:
        print(f"  {d * 1e3:.3f} ms  {text}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="5x5,10x10")
    ap.add_argument("--boards", type=int, default=40)
    ap.add_argument("--given", action="store_true", help="proposed pairs as externals too")
    ap.add_argument("--parts", action="store_true",
                    help="also one Control for every question, a program part q(k) each")
    ap.add_argument("--rules", action="store_true",
                    help="only the grounding of one board, rule by rule (leave one out)")
    ap.add_argument("--warm-args", default="", help="the warm Control's options, e.g. '--opt-strategy=bb'")
    args = ap.parse_args()
    WARM_ARGS[:] = args.warm_args.split()
    if args.rules:
        for size in args.sizes.split(","):
            rule_costs(int(size.split("x")[0]))
        return
    verify(random_block_board(3, 3, 0), Declaration())  # load the encodings
    for size in args.sizes.split(","):
        n, m = (int(x) for x in size.split("x"))
        boards = [random_block_board(n, m, 7 + k) for k in range(args.boards)]
        warm = Warm(n, m, args.given)
        steps = Parts(n, m) if args.parts else None
        parts: dict[str, list[float]] = {}
        bad = other_witness = bad_parts = 0
        for board in boards:
            solver.forget()
            t = P()
            v = verify(board, Declaration())
            parts.setdefault("cold", []).append(P() - t)
            maximum, witness = warm.maximum(board, parts)
            bad += maximum != v.maximum
            other_witness += witness != v.witness
            if steps is not None:
                bad_parts += steps.maximum(board, parts)[0] != v.maximum
            cold_parts(board, parts)
            t = P()
            cpsat_maximum(Counting.of(board, competitor_pairs(board)), 10.0)
            parts.setdefault("cpsat", []).append(P() - t)
        for _ in range(20):  # the floor: solving again with nothing changed
            t = P()
            warm.ctl.solve(on_model=lambda m: None)
            parts.setdefault("w_solve_unchanged", []).append(P() - t)
        if "parts" in parts:  # does a question cost more as the parts accumulate?
            parts["parts_first10"], parts["parts_last10"] = parts["parts"][:10], parts["parts"][-10:]
        med = {k: round(statistics.median(v) * 1e3, 2) for k, v in parts.items()}
        print(f"{size}: universe {warm.externals} externals, {warm.statements} statements, "
              f"built and grounded in {warm.build_s * 1e3:.1f} ms CPU, peak RSS +{warm.rss_mb:.1f} MB; "
              f"maxima differing from the cold path: {bad}/{len(boards)}, witnesses: {other_witness}")
        if steps is not None:
            print(f"  program parts: maxima differing from the cold path: {bad_parts}/{len(boards)}")
        print("  ms CPU, medians:", med)


if __name__ == "__main__":
    main()
