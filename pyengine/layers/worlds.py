"""Split the layer engine's world-indexed predicates by world before grounding.

The layer encodings evaluate everything in the actual state (world ``b``) and, to find
dependencies by trial application (CR 613.8a), in trial worlds ``t(B)`` where effect B alone
has been applied. One predicate serves both
(``attr_value(O, A, V, S, W)``, ``selects/5``, ``expr_value/6`` ...),
so at the level of predicates the actual state's counts depend on the trial worlds, whose
values depend on the effects' results, which depend on the counts: gringo then cannot fix a
``#count`` of the actual state in advance and grounds every value it could take (a 100
permanent board with one "+X/+0 for each Elf" effect grew to 7.8 million rules).

This module renames each world-indexed predicate ``p`` to ``p_b`` where its world argument
is ``b`` and to ``p_t`` where it is a trial world, copying a rule once per world its world
variables can stand for. Ground atoms of the two worlds are disjoint, so the program means
the same; but nothing of world ``b`` depends on a trial world any more, and the grounder
evaluates the actual state (its counts, and what each effect affects) as facts. The engine
always splits: besides counts, whether a layer must go one step at a time
(``asp/layers/quiet.lp``) reads what effects affect in the actual state, and the trial
worlds are only built when it must, so unsplit the actual state would depend on itself
through negation and be left to the solver. The .lp files stay written for one predicate
per concept (hand runs of ``asp/layers/layers.lp`` give the same answers, only slower).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from clingo import Function as Sym
from clingo import ast

from pyengine.errors import EncodingError

# predicate/arity -> position of its world argument (b or t(B))
WORLD_ARG: dict[tuple[str, int], int] = {  # one a line (tools/rename_predicates.py edits it)
    ("attr_value", 5): 4,
    ("cond_all_fails", 4): 3,
    ("copy_of", 4): 3,
    ("e_controller", 4): 3,
    ("expr_value", 6): 4,
    ("effect_exists", 3): 2,
    ("ex_base", 3): 2,
    ("fails", 5): 4,
    ("has_at", 4): 3,
    ("has_name", 4): 3,
    ("has_num", 4): 3,
    ("has_pt", 3): 2,
    ("holds", 4): 3,
    ("selects", 5): 4,
    ("ncolors", 4): 2,
    ("need_cond", 4): 3,
    ("need_ctl", 3): 2,
    ("need_ev", 5): 4,
    ("need_ex", 3): 2,
    ("need_m", 5): 4,
    ("need_num", 4): 3,
    ("need_sel", 4): 3,
    ("sel_by", 5): 4,
    ("sel_m", 4): 3,
    ("need_oref", 3): 2,
    ("need_pref", 3): 2,
    ("need_res", 4): 3,
    ("needo", 3): 2,
    ("num_value", 5): 4,
    ("obj_of", 5): 4,
    ("ok_player", 7): 6,
    ("or_ok", 6): 5,
    ("param", 5): 4,
    ("ref_need", 5): 4,
    ("ref_player", 6): 5,
    ("ref_players", 6): 5,
    ("player_of", 5): 4,
    ("want", 2): 1,
    ("compares", 4): 3,
    ("cmp_args", 3): 2,
    ("cond_cmp_args", 3): 2,
    ("ccmp", 4): 3,
    ("ref_obj", 5): 4,
    ("has_ref", 4): 3,
    ("of_ab", 4): 3,
    ("ft_of", 3): 2,
    ("ft_one", 2): 1,
    ("ft_val", 4): 3,
}


def split(statements: Sequence[ast.AST]) -> tuple[ast.AST, ...]:
    """The statements with every world-indexed predicate split by world."""
    out: list[ast.AST] = []
    for stm in statements:
        if stm.ast_type == ast.ASTType.Defined and (stm.name, stm.arity) in WORLD_ARG:
            out += [stm.update(name=f"{stm.name}_{w}") for w in ("b", "t")]
        elif stm.ast_type == ast.ASTType.ShowSignature and (stm.name, stm.arity) in WORLD_ARG:
            out += [stm.update(name=f"{stm.name}_{w}") for w in ("b", "t")]
        elif stm.ast_type == ast.ASTType.Rule:
            out += _rule(stm)
        else:
            out.append(stm)
    if out:
        # a program may never derive one world's atoms (no trial worlds after the layers)
        where = out[0].location
        out += [ast.Defined(where, f"{name}_{w}", arity, True) for (name, arity) in WORLD_ARG for w in "bt"]
    return tuple(out)


def _rule(rule: ast.AST) -> list[ast.AST]:
    rule = _NameAnonymous()(rule)
    found = _Worlds()
    found(rule)
    if not found.any:
        return [rule]
    names = sorted(found.variables)
    copies = []
    for worlds in itertools.product("bt", repeat=len(names)):
        as_b = {n for n, w in zip(names, worlds, strict=True) if w == "b"}
        copies.append(_Rename(as_b)(rule))
    return copies


def _world_of(term: ast.AST) -> str | None:
    """'b', 't', a variable's name, or None if the term is not a world we understand."""
    if term.ast_type == ast.ASTType.SymbolicTerm and str(term.symbol) == "b":
        return "b"
    if term.ast_type == ast.ASTType.Function and term.name == "t" and len(term.arguments) == 1:
        return "t"
    if term.ast_type == ast.ASTType.Variable and term.name != "_":
        return "var:" + term.name
    return None


class _NameAnonymous(ast.Transformer):
    """Gives an anonymous world argument of a positive literal a name of its own ("in any
    world" becomes one copy per world); under negation it would mean "in no world", which
    one literal per world cannot say, so that is refused."""

    def __init__(self) -> None:
        self.count = 0

    def visit_Literal(self, lit: ast.AST) -> ast.AST:
        atom = lit.atom
        if atom.ast_type != ast.ASTType.SymbolicAtom:
            return lit.update(**self.visit_children(lit))
        sym = atom.symbol
        key = (sym.name, len(sym.arguments)) if sym.ast_type == ast.ASTType.Function else None
        if key not in WORLD_ARG:
            return lit
        i = WORLD_ARG[key]  # type: ignore[index]
        arg = sym.arguments[i]
        if arg.ast_type != ast.ASTType.Variable or arg.name != "_":
            return lit
        if lit.sign != ast.Sign.NoSign:
            raise EncodingError(f"layers: a negated literal with an anonymous world: {lit}")
        self.count += 1
        args = list(sym.arguments)
        args[i] = arg.update(name=f"WAnon{self.count}")
        return lit.update(atom=atom.update(symbol=sym.update(arguments=args)))


class _Worlds(ast.Transformer):
    """Collects the variables that stand for a world in a rule."""

    def __init__(self) -> None:
        self.any = False
        self.variables: set[str] = set()

    def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:
        sym = atom.symbol
        if sym.ast_type == ast.ASTType.Function and (sym.name, len(sym.arguments)) in WORLD_ARG:
            world = _world_of(sym.arguments[WORLD_ARG[(sym.name, len(sym.arguments))]])
            if world is None:
                raise EncodingError(f"layers: cannot tell the world of {atom}")
            self.any = True
            if world.startswith("var:"):
                self.variables.add(world[4:])
        return atom


class _Rename(ast.Transformer):
    """One copy of a rule: the world variables in ``as_b`` replaced by ``b``, the others left
    for trial worlds; each world-indexed atom renamed after its world."""

    def __init__(self, as_b: set[str]) -> None:
        self.as_b = as_b

    def visit_Variable(self, var: ast.AST) -> ast.AST:
        if var.name in self.as_b:
            return ast.SymbolicTerm(var.location, Sym("b"))
        return var

    def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:
        atom = atom.update(**self.visit_children(atom))
        sym = atom.symbol
        key = (sym.name, len(sym.arguments)) if sym.ast_type == ast.ASTType.Function else None
        if key not in WORLD_ARG:
            return atom
        world = _world_of(sym.arguments[WORLD_ARG[key]])  # type: ignore[index]
        suffix = "b" if world == "b" else "t"
        return atom.update(symbol=sym.update(name=f"{sym.name}_{suffix}"))
