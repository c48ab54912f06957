"""Leave out the rules that cannot fire for the predicates a call's facts use.

Gringo spends a fixed time on every rule it instantiates (about 10 to 25 microseconds here,
even when the rule grounds to nothing), so a small board pays for every rule of an encoding:
the verify encoding of a block declaration has about 400 statements and grounds in about
4 ms with no facts at all. Given the names of the facts' predicates, this module
computes, by a least fixpoint over the program, the predicates that may have atoms:

* a predicate named like a fact may have atoms (whatever its arity), and so may an
  ``#external`` atom's;
* a rule's head predicates may have atoms when every predicate of its positive body
  literals may (literals inside aggregates and conditions are not looked at: they never
  stop a rule from firing on their own).

A rule with a positive body literal whose predicate can have no atoms grounds to nothing,
so leaving it out changes no answer set.

Then, backwards, the predicates whose atoms matter: those shown (``#show p/n``, or read by
a ``#show`` term or an optimisation statement), those a constraint or a choice reads, and
those the body of a rule deriving such a predicate reads. A normal rule (one atom in its
head) whose head matters to nothing only makes atoms no one looks at, so it is left out
too, unless its head takes part in a cycle through negation or an aggregate (such a rule
can act as a constraint: ``a :- b, not a.`` kills every answer set with ``b``); rules with
a choice or a disjunction in the head are always kept (they decide which answer sets
exist). What is left out is then a stratified top part of the program, which has exactly
one answer set over each answer set of the rest. A program without any ``#show``
statement shows every atom, and then nothing is left out backwards.

A predicate that loses a rule defining it gets a ``#defined`` statement, so that the grounder does not report body atoms that no remaining
head matches (its "atom undefined" messages are errors in the gateway's strict mode; the
whole program is still checked for them by the encoding tests). Everything that is not a
rule (``#show``, optimisation and ``#defined`` statements, constants) is kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import networkx as nx
from clingo import SymbolType, ast

Signature = tuple[str, int]

__all__ = ["Program"]


def _signatures(atom: ast.AST) -> frozenset[Signature] | None:
    """The predicates of a symbolic atom (several for a pool such as ``p(1;2,3)``), or None
    when the atom is not understood."""
    if atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    terms = atom.symbol.arguments if atom.symbol.ast_type == ast.ASTType.Pool else [atom.symbol]
    out = set()
    for sym in terms:
        if sym.ast_type == ast.ASTType.Function and not sym.external:
            out.add((sym.name, len(sym.arguments)))
        elif sym.ast_type == ast.ASTType.SymbolicTerm and sym.symbol.type == SymbolType.Function:
            out.add((sym.symbol.name, len(sym.symbol.arguments)))
        else:
            return None
    return frozenset(out)


class _Predicates(ast.Transformer):
    """Every predicate a statement (or part of one) mentions."""

    def __init__(self) -> None:
        self.found: set[Signature] = set()
        self.opaque = False

    def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802 - clingo's visitor name
        sigs = _signatures(atom)
        if sigs is None:
            self.opaque = True
        else:
            self.found |= sigs
        return atom

    def visit_TheoryAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802 - clingo's visitor name
        self.opaque = True
        return atom


def _mentioned(*parts: ast.AST) -> frozenset[Signature] | None:
    """The predicates mentioned in ``parts`` (None if some atom is not understood)."""
    visitor = _Predicates()
    for part in parts:
        visitor(part)
    return None if visitor.opaque else frozenset(visitor.found)


def _positive_body(rule: ast.AST) -> frozenset[Signature] | None:
    """Predicates of the positive body literals; None when one is not understood (kept)."""
    out = set()
    for lit in rule.body:
        if lit.ast_type != ast.ASTType.Literal or lit.sign != ast.Sign.NoSign:
            continue
        if lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            sigs = _signatures(lit.atom)
            if sigs is None or len(sigs) != 1:
                return None
            out |= sigs
    return frozenset(out)


def _head(rule: ast.AST) -> frozenset[Signature] | None:
    """Predicates a rule's head may derive (None: not understood, then every predicate
    counts as derivable)."""
    head = rule.head
    if head.ast_type == ast.ASTType.Literal:
        if head.atom.ast_type == ast.ASTType.BooleanConstant:
            return frozenset()
        return _signatures(head.atom) if head.sign == ast.Sign.NoSign else None
    if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        lits = [elem.literal for elem in head.elements]
    elif head.ast_type == ast.ASTType.HeadAggregate:
        lits = [elem.condition.literal for elem in head.elements]
    else:
        return None
    found: set[Signature] = set()
    for lit in lits:
        sigs = _signatures(lit.atom) if lit.sign == ast.Sign.NoSign else None
        if sigs is None:
            return None
        found |= sigs
    return frozenset(found)


class Program:
    """A parsed program, analysed once: each rule's head and positive body predicates."""

    def __init__(self, statements: Sequence[ast.AST]) -> None:
        self.statements = tuple(statements)
        self.rules: list[tuple[int, frozenset[Signature] | None, frozenset[Signature] | None]] = []
        self.external: set[Signature] = set()
        # backwards: what each normal rule reads, and the predicates that always matter
        self.reads: dict[int, frozenset[Signature]] = {}
        self.roots: set[Signature] = set()
        self.backwards = False  # only with some #show statement (otherwise all is shown)
        opaque = False
        used: set[Signature] = set()
        graph = nx.DiGraph()  # head -> what the rule reads; "negative": not a plain positive literal
        for i, stm in enumerate(self.statements):
            if stm.ast_type == ast.ASTType.Rule:
                head, body = _head(stm), _positive_body(stm)
                self.rules.append((i, head, body))
                used |= (head or frozenset()) | (body or frozenset())
                normal = stm.head.ast_type == ast.ASTType.Literal and bool(head)
                reads = _mentioned(*stm.body) if normal else _mentioned(stm.head, *stm.body)
                if reads is None:  # some atom not understood: nothing is left out backwards
                    opaque = True
                elif normal:
                    self.reads[i] = reads
                    for sig in head or ():
                        for read in reads:
                            negative = read not in (body or ()) or graph.get_edge_data(sig, read, {}).get(
                                "negative", False)
                            graph.add_edge(sig, read, negative=negative)
                else:
                    self.roots |= reads
            elif stm.ast_type == ast.ASTType.ShowSignature:
                self.backwards = True
                if stm.name:
                    self.roots.add((stm.name, stm.arity))
            elif stm.ast_type in (ast.ASTType.ShowTerm, ast.ASTType.Minimize):
                self.backwards = self.backwards or stm.ast_type == ast.ASTType.ShowTerm
                reads = _mentioned(*stm.body)
                if reads is None:
                    opaque = True
                else:
                    self.roots |= reads
            elif stm.ast_type == ast.ASTType.External:
                sigs = _signatures(stm.atom)
                if sigs is None:  # not understood: nothing is pruned
                    self.rules.append((i, None, None))
                else:
                    self.external |= sigs
            elif stm.ast_type not in (ast.ASTType.Defined, ast.ASTType.Definition,
                                      ast.ASTType.Program, ast.ASTType.Comment):
                opaque = True  # heuristics, projections, theory ...: keep every rule
        self.backwards = self.backwards and not opaque
        # predicates in a cycle through negation or an aggregate: their rules are never left out
        self.unstratified: set[Signature] = set()
        for part in nx.strongly_connected_components(graph):
            inner = graph.subgraph(part)
            if any(d["negative"] for _, _, d in inner.edges(data=True)):
                self.unstratified |= part
        self.signatures = frozenset(used | self.external)
        self.names = frozenset(name for name, _ in self.signatures)
        self._cache: dict[frozenset[str], tuple[ast.AST, ...]] = {}

    def prune(self, names: Iterable[str]) -> tuple[ast.AST, ...]:
        """The statements without the rules that cannot fire when the facts' predicates are
        called ``names`` (every arity of a name counts as present). Cached per set of
        names that the program uses."""
        key = self.names.intersection(names)
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = self._prune(key)
        return got

    def _prune(self, names: frozenset[str]) -> tuple[ast.AST, ...]:
        live = {s for s in self.signatures if s[0] in names} | self.external
        pending = list(self.rules)
        while True:
            rest = []
            for item in pending:
                _, head, body = item
                if body is None or body <= live:
                    if head is None:  # a head not understood may derive anything
                        return self.statements
                    live |= head
                else:
                    rest.append(item)
            if len(rest) == len(pending):
                break
            pending = rest
        dropped = {i for i, _, _ in pending}
        if self.backwards:
            dropped |= self._unneeded(dropped)
        if not dropped:
            return self.statements
        # gringo matches body atoms against the remaining heads' patterns: declare every
        # predicate that lost a rule, not only those that lost all of them
        lost = sorted({s for i, head, _ in self.rules if i in dropped for s in head or ()})
        kept = [stm for i, stm in enumerate(self.statements) if i not in dropped]
        where = self.statements[0].location
        return tuple(kept) + tuple(ast.Defined(where, name, arity, True) for name, arity in lost)

    def _unneeded(self, dropped: set[int]) -> set[int]:
        """The normal rules (not in ``dropped``) whose head matters to nothing."""
        heads = {i: head or frozenset() for i, head, _ in self.rules}
        waiting = {i for i in self.reads if i not in dropped and not heads[i] & self.unstratified}
        needed = set(self.roots).union(*(self.reads[i] for i in self.reads
                                         if i not in dropped and i not in waiting))
        while True:
            fired = {i for i in waiting if heads[i] & needed}
            if not fired:
                return waiting
            waiting -= fired
            needed = needed.union(*(self.reads[i] for i in fired))
