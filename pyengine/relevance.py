"""Leave out the rules that cannot fire for a call's facts.

Gringo spends a fixed time on every rule it instantiates (about 10 to 60 microseconds here,
more with aggregates, even when the rule grounds to nothing), so a small board pays for
every rule of an encoding:
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

When the caller also gives the facts' *shapes* (for each argument position, the kinds of
terms there: a number, a string, a constant ``c``, a function ``f/n`` or a tuple; see
:class:`pyengine.facts.FactSet`), the fixpoint follows shapes too: each argument position of
each predicate gets the set of shapes its atoms may have there (or "any"). A positive body
literal with a constant, string, number or function term at a position can only match when
that shape may be there (``keyword(A, shadow)`` on a board where no creature has shadow,
``requirement(lure(E,A,B), _)`` when no rule able to fire makes a Lure requirement), and a
variable at several positions needs a shape common to all of them; a head variable carries
the shapes it may take into the head (a variable bound only inside a function term, or by
a comparison, may take any shape). A constant that ``#const`` or the caller (``--const``)
gives a value has its value's shape. A fact shape that no body literal tests at its
position is kept only as "some other shape", so the analysis (and its cache) depends only
on the shapes the program looks at.

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

A predicate that loses a rule defining it gets a ``#defined`` statement, so that the
grounder does not report body atoms that no remaining head matches (its "atom undefined"
messages are errors in the gateway's strict mode; the whole program is still checked for
them by the encoding tests). Everything that is not a rule (``#show``, optimisation and
``#defined`` statements, constants) is kept, except an encoding's own ``#defined`` statement
for a predicate that no statement left mentions (it declares nothing any rule reads; about
half of a small combat board's statements were such).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Optional

from clingo import Symbol, SymbolType, ast

from pyengine.scc import strongly_connected

Signature = tuple[str, int]
_CACHE_MAX = 1024  # pruned programs kept per program (each is mostly shared statements)

__all__ = ["Program", "analyse", "symbol_shape"]


# --- shapes --------------------------------------------------------------------------------

Shape = tuple  # ("#num",), ("#str",), (name, arity) of a constant or function, ("", n) a tuple
NUM: Shape = ("#num",)
STR: Shape = ("#str",)
OTHER: Shape = ("#other",)  # in a fact position: some shape no body literal tests there
Shapes = Optional[frozenset]  # None: any shape
Arg = Optional[tuple]  # ("v", name) a variable, ("s", shape) a fixed shape, None: anything


def symbol_shape(sym: Symbol) -> Shape | None:
    """The shape of a symbol (None for #inf and #sup)."""
    if sym.type == SymbolType.Number:
        return NUM
    if sym.type == SymbolType.String:
        return STR
    if sym.type == SymbolType.Function:
        return (sym.name, len(sym.arguments))
    return None


def _term_shape(term: ast.AST) -> Shape | None:
    """The shape of a term, when fixed by its syntax (None for a variable, an arithmetic
    term, a pool, an external function ...)."""
    if term.ast_type == ast.ASTType.SymbolicTerm:
        return symbol_shape(term.symbol)
    if term.ast_type == ast.ASTType.Function and not term.external:
        return (term.name, len(term.arguments))
    return None


def _arg(term: ast.AST) -> Arg:
    if term.ast_type == ast.ASTType.Variable:
        return None if term.name == "_" else ("v", term.name)
    shape = _term_shape(term)
    return None if shape is None else ("s", shape)


def _atom_args(atom: ast.AST) -> list[tuple[Signature, tuple[Arg, ...]]] | None:
    """Each alternative of a symbolic atom (a pool has several): its predicate and the
    shape constraints of its arguments; None when not understood."""
    if atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    terms = atom.symbol.arguments if atom.symbol.ast_type == ast.ASTType.Pool else [atom.symbol]
    out = []
    for sym in terms:
        if sym.ast_type == ast.ASTType.Function and not sym.external:
            out.append(((sym.name, len(sym.arguments)), tuple(_arg(a) for a in sym.arguments)))
        elif sym.ast_type == ast.ASTType.SymbolicTerm and sym.symbol.type == SymbolType.Function:
            shapes = (symbol_shape(a) for a in sym.symbol.arguments)
            out.append(((sym.symbol.name, len(sym.symbol.arguments)),
                        tuple(None if shape is None else ("s", shape) for shape in shapes)))
        else:
            return None
    return out


def _signatures(atom: ast.AST) -> frozenset[Signature] | None:
    """The predicates of a symbolic atom (several for a pool such as ``p(1;2,3)``), or None
    when the atom is not understood."""
    found = _atom_args(atom)
    return None if found is None else frozenset(sig for sig, _ in found)


def _head_atoms(rule: ast.AST) -> list[tuple[Signature, tuple[Arg, ...]]] | None:
    """The atoms a rule's head may derive, with their argument shapes (None: not understood)."""
    head = rule.head
    if head.ast_type == ast.ASTType.Literal:
        if head.atom.ast_type == ast.ASTType.BooleanConstant:
            return []
        return _atom_args(head.atom) if head.sign == ast.Sign.NoSign else None
    if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        lits = [elem.literal for elem in head.elements]
    elif head.ast_type == ast.ASTType.HeadAggregate:
        lits = [elem.condition.literal for elem in head.elements]
    else:
        return None
    out = []
    for lit in lits:
        found = _atom_args(lit.atom) if lit.sign == ast.Sign.NoSign else None
        if found is None:
            return None
        out += found
    return out


def _body_atoms(rule: ast.AST) -> list[tuple[Signature, tuple[Arg, ...]]] | None:
    """The positive body literals (outside aggregates and conditions) with their argument
    shapes; None when one is not understood."""
    out = []
    for lit in rule.body:
        if lit.ast_type != ast.ASTType.Literal or lit.sign != ast.Sign.NoSign:
            continue
        if lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            found = _atom_args(lit.atom)
            if found is None or len(found) != 1:
                return None
            out += found
    return out


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


# What one statement says, analysed once per process: a statement parsed once (solver.py
# caches parsed files) takes part in many programs, and reading an AST costs a call into
# clingo per attribute. Keyed by id, with the statement kept alive so that the id stays its.
_ANALYSED: dict[int, tuple[ast.AST, tuple]] = {}


def analyse(stm: ast.AST) -> tuple:
    got = _ANALYSED.get(id(stm))
    if got is None:
        got = _ANALYSED[id(stm)] = (stm, _analysis(stm))
    return got[1]


def remember(stm: ast.AST, analysis: tuple) -> None:
    """Take ``analysis`` as what :func:`analyse` says of ``stm`` (an analysis kept on disk by
    pyengine/parsecache.py for a statement parsed again)."""
    _ANALYSED[id(stm)] = (stm, analysis)


def _analysis(stm: ast.AST) -> tuple:
    kind = stm.ast_type
    if kind == ast.ASTType.Rule:
        heads, bodies = _head_atoms(stm), _body_atoms(stm)
        head = None if heads is None else frozenset(sig for sig, _ in heads)
        body = None if bodies is None else frozenset(sig for sig, _ in bodies)
        normal = stm.head.ast_type == ast.ASTType.Literal and bool(head)
        reads = _mentioned(*stm.body) if normal else _mentioned(stm.head, *stm.body)
        return ("rule", heads, bodies, head, body, normal, reads)
    if kind == ast.ASTType.ShowSignature:
        return ("show", (stm.name, stm.arity) if stm.name else None)
    if kind in (ast.ASTType.ShowTerm, ast.ASTType.Minimize):
        return ("reads", kind == ast.ASTType.ShowTerm, _mentioned(*stm.body))
    if kind == ast.ASTType.External:
        return ("external", _signatures(stm.atom))
    if kind == ast.ASTType.Definition:
        return ("const", stm.name, _term_shape(stm.value))
    if kind in (ast.ASTType.Defined, ast.ASTType.Program, ast.ASTType.Comment):
        return ("skip",)
    return ("opaque",)  # heuristics, projections, theory ...: keep every rule


def _substitute(entry: tuple[list | None, list | None],
                values: dict[str, Shape | None]) -> tuple[list | None, list | None]:
    """A rule's atoms with each constant that has a value replaced by its value's shape."""

    def arg(a: Arg) -> Arg:
        if a is None or a[0] != "s" or a[1][1:] != (0,) or a[1][0] not in values:
            return a
        shape = values[a[1][0]]
        return None if shape is None else ("s", shape)

    def atoms(found: list | None) -> list | None:
        return None if found is None else [(sig, tuple(arg(a) for a in args)) for sig, args in found]

    return atoms(entry[0]), atoms(entry[1])


def _compile(entry: tuple[list | None, list | None]) -> tuple:
    """A rule's head and positive body atoms as :meth:`Program._fire` reads them (see
    :meth:`Program._compiled`)."""
    heads, body = entry
    cbody = None if body is None else tuple(
        (sig, tuple((pos, a[1]) for pos, a in enumerate(args) if a is not None and a[0] == "s"),
         tuple((pos, a[1]) for pos, a in enumerate(args) if a is not None and a[0] == "v"))
        for sig, args in body)
    cheads = None if heads is None else tuple(
        (sig, len(args), tuple((pos, 0, None) if a is None else (pos, 1, a[1]) if a[0] == "s"
                               else (pos, 2, a[1]) for pos, a in enumerate(args)))
        for sig, args in heads)
    return cheads, cbody


class Program:
    """A parsed program, analysed once: each rule's head and positive body predicates."""

    def __init__(self, statements: Sequence[ast.AST]) -> None:
        self.statements = tuple(statements)
        self._defined_cache: dict[Signature, ast.AST] = {}
        self.rules: list[tuple[int, frozenset[Signature] | None, frozenset[Signature] | None]] = []
        # for the fixpoint over shapes: each rule's head and positive body atoms with their
        # arguments, the rules reading each predicate, the shapes tested at each position
        self.shaped: dict[int, tuple[list | None, list | None]] = {}
        self.readers: dict[Signature, list[int]] = {}
        self.constants: dict[int, frozenset[str]] = {}  # rule -> the constants among its arguments
        self.tested: dict[tuple[Signature, int], set[Shape]] = {}
        # constants given a value by #const: their shape is their value's (None: not known)
        self.consts: dict[str, Shape | None] = {}
        self.external: set[Signature] = set()
        # backwards: what each normal rule reads, and the predicates that always matter
        self.reads: dict[int, frozenset[Signature]] = {}
        self.roots: set[Signature] = set()
        self.backwards = False  # only with some #show statement (otherwise all is shown)
        opaque = False
        used: set[Signature] = set()
        # head -> what the rule reads -> negative (not a plain positive literal)
        graph: dict[Signature, dict[Signature, bool]] = {}
        # what each statement mentions, for leaving out the ``#defined`` statements of
        # predicates no statement left mentions (None: some statement not understood)
        self.mentions: dict[int, frozenset[Signature]] | None = {}
        self.declares: dict[int, Signature] = {}  # the encodings' own #defined statements
        for i, stm in enumerate(self.statements):
            info = analyse(stm)
            self._note_mentions(i, stm, info)
            if info[0] == "rule":
                _, heads, bodies, head, body, normal, reads = info
                self.rules.append((i, head, body))
                self.shaped[i] = (heads, bodies)
                names = {arg[1][0] for _, args in (heads or []) + (bodies or []) for arg in args
                         if arg is not None and arg[0] == "s" and arg[1][1:] == (0,)}
                if names:
                    self.constants[i] = frozenset(names)
                for sig, args in bodies or ():
                    self.readers.setdefault(sig, []).append(i)
                    for pos, arg in enumerate(args):
                        if arg is not None and arg[0] == "s":
                            self.tested.setdefault((sig, pos), set()).add(arg[1])
                used |= (head or frozenset()) | (body or frozenset())
                if reads is None:  # some atom not understood: nothing is left out backwards
                    opaque = True
                elif normal:
                    self.reads[i] = reads
                    for sig in head or ():
                        edges = graph.setdefault(sig, {})
                        for read in reads:
                            edges[read] = read not in (body or ()) or edges.get(read, False)
                else:
                    self.roots |= reads
            elif info[0] == "show":
                self.backwards = True
                if info[1] is not None:
                    self.roots.add(info[1])
            elif info[0] == "reads":
                self.backwards = self.backwards or info[1]
                if info[2] is None:
                    opaque = True
                else:
                    self.roots |= info[2]
            elif info[0] == "external":
                if info[1] is None:  # not understood: nothing is pruned
                    self.rules.append((i, None, None))
                else:
                    self.external |= info[1]
            elif info[0] == "const":
                self.consts[info[1]] = info[2]
            elif info[0] == "opaque":
                opaque = True
        self.backwards = self.backwards and not opaque
        # predicates in a cycle through negation or an aggregate: their rules are never left out
        self.unstratified: set[Signature] = set()
        for part in strongly_connected(graph):
            if any(negative for sig in part for read, negative in graph.get(sig, {}).items() if read in part):
                self.unstratified |= part
        self.signatures = frozenset(used | self.external)
        self.names = frozenset(name for name, _ in self.signatures)
        self._cache: dict[tuple[frozenset, frozenset], tuple[ast.AST, ...]] = {}
        self._compiled_cache: dict[frozenset, dict[int, tuple]] = {}
        self._base_compiled: dict[int, tuple] | None = None
        self._constant_names = frozenset().union(*self.constants.values())

    def prune(self, names: Iterable[str],
              shapes: Collection[tuple[str, int, int, Shape | None]] | None = None,
              consts: Mapping[str, Shape | None] | None = None) -> tuple[ast.AST, ...]:
        """The statements without the rules that cannot fire for the facts.

        ``names``: the names of the facts' predicates (every arity of a name counts as
        present, every argument as any shape). ``shapes``, when given, describes the facts
        more closely: ``(name, arity, position, shape)`` for each argument of each fact,
        and ``(name, arity, -1, None)`` for each fact (a shape of None: any); ``names`` is
        then not read. ``consts``: the shapes of the values of constants given on the
        command line (``--const``), which override ``#const``. Cached per description, as
        far as the program can tell them apart."""
        values = {**self.consts, **(consts or {})}
        if shapes is None:
            present = set(names)
            facts = frozenset((sig[0], sig[1], pos, None) for sig in self.signatures if sig[0] in present
                              for pos in range(-1, sig[1]))
        else:
            facts = frozenset(self._fold(shapes, values))
        key = (facts, frozenset(values.items()))
        got = self._cache.get(key)
        if got is None:
            if len(self._cache) >= _CACHE_MAX:  # a long-lived process sees many boards
                self._cache.clear()
            got = self._cache[key] = self._prune(facts, values)
        return got

    def _fold(self, shapes: Iterable[tuple[str, int, int, Shape | None]],
              values: dict[str, Shape | None]) -> Iterable[tuple]:
        """The facts' shapes the program can tell apart: of its predicates only, and a shape
        no body literal tests at its position (itself, or as the value of a constant)
        becomes OTHER."""
        for name, arity, pos, shape in shapes:
            sig = (name, arity)
            if sig not in self.signatures:
                continue
            if shape is not None and pos >= 0:
                tested = self.tested.get((sig, pos), ())
                if shape not in tested and not any(t[1:] == (0,) and t[0] in values and values[t[0]] == shape
                                                   for t in tested):
                    shape = OTHER
            yield name, arity, pos, shape

    def _compiled(self, values: dict[str, Shape | None]) -> dict[int, tuple]:
        """Each rule's atoms as :meth:`_fire` reads them: for each positive body atom its
        predicate, the fixed shapes it tests ``(position, shape)`` and its variables
        ``(position, name)``, positions of ``_`` or of terms of no fixed shape left out; for
        each head atom its predicate, arity and arguments ``(position, kind, x)``: kind 0
        any shape, 1 the shape ``x`` (one fixed shape), 2 the shapes of the variable ``x``.
        None for a part not understood. Made once per program, and again for the rules
        naming a constant given a value (``values``; once per set of such values)."""
        if self._base_compiled is None:
            self._base_compiled = {i: _compile(entry) for i, entry in self.shaped.items()}
        key = frozenset((k, v) for k, v in values.items() if k in self._constant_names)
        if not key:
            return self._base_compiled
        got = self._compiled_cache.get(key)
        if got is None:
            if len(self._compiled_cache) >= 64:
                self._compiled_cache.clear()
            got = dict(self._base_compiled)
            for i, names in self.constants.items():
                if not names.isdisjoint(values):
                    got[i] = _compile(_substitute(self.shaped[i], values))
            self._compiled_cache[key] = got
        return got

    def _fire(self, key: frozenset, values: dict[str, Shape | None]) -> set[int] | None:
        """The rules that may fire (a least fixpoint over predicates and the shapes of their
        arguments, see the module's docstring); None when a rule that may fire has a head
        not understood (it may derive anything). A constant with a value (``values``)
        has its value's shape. (What :func:`_match` and the head update below did, on the
        rules as :meth:`_compiled` gives them: the same steps in the same order.)"""
        compiled = self._compiled(values)
        possible: dict[Signature, list[set[Shape] | None]] = {}
        for name, arity, pos, shape in key:
            cur = possible.get((name, arity))
            if cur is None:
                cur = possible[(name, arity)] = [set() for _ in range(arity)]
            if pos >= 0 and cur[pos] is not None:
                if shape is None:
                    cur[pos] = None
                else:
                    cur[pos].add(shape)  # type: ignore[union-attr]
        for sig in self.external:
            possible[sig] = [None] * sig[1]
        queue = deque(i for i, _, _ in self.rules)
        queued = set(queue)
        fired: set[int] = set()
        readers = self.readers
        unknown = (None, None)
        pop, push, unqueue, enqueue = queue.popleft, queue.append, queued.discard, queued.add
        get = possible.get
        while queue:
            i = pop()
            unqueue(i)
            heads, body = compiled.get(i, unknown)
            binding: dict[str, set[Shape] | None] = {}
            if body is not None:
                ok = True
                for sig, tests, variables in body:
                    cur = get(sig)
                    if cur is None:
                        ok = False
                        break
                    for pos, shape in tests:
                        have = cur[pos]
                        if have is not None and shape not in have:
                            ok = False
                            break
                    if not ok:
                        break
                    for pos, name in variables:
                        have = cur[pos]
                        here = None if have is None or OTHER in have else have
                        bound = binding.get(name)
                        if bound is None:
                            binding[name] = here
                        elif here is not None:
                            both = bound & here
                            if not both:
                                ok = False
                                break
                            binding[name] = both
                    if not ok:
                        break
                if not ok:
                    continue
            fired.add(i)
            if heads is None:
                return None
            for sig, arity, args in heads:
                cur = get(sig)
                changed = cur is None
                if cur is None:
                    cur = possible[sig] = [set() for _ in range(arity)]
                for pos, kind, x in args:
                    have = cur[pos]
                    if have is None:
                        continue
                    val = None if kind == 0 else {x} if kind == 1 else binding.get(x)
                    if val is None:
                        cur[pos] = None
                        changed = True
                    elif not val <= have:
                        have |= val
                        changed = True
                if changed:
                    for reader in readers.get(sig, ()):
                        if reader not in queued:
                            enqueue(reader)
                            push(reader)
        return fired

    def _note_mentions(self, i: int, stm: ast.AST, info: tuple) -> None:
        if self.mentions is None:
            return
        said: frozenset[Signature] | None = frozenset()
        if info[0] == "rule":
            said = None if info[6] is None else info[6] | (info[3] or frozenset())
        elif info[0] == "show":
            said = frozenset() if info[1] is None else frozenset([info[1]])
        elif info[0] in ("reads", "external"):
            said = info[-1]
        elif info[0] == "opaque":
            said = None
        elif info[0] == "skip" and stm.ast_type == ast.ASTType.Defined:
            self.declares[i] = (stm.name, stm.arity)
            return
        if said is None:
            self.mentions = None
        elif said:
            self.mentions[i] = said

    def _prune(self, key: frozenset, values: dict[str, Shape | None]) -> tuple[ast.AST, ...]:
        fired = self._fire(key, values)
        if fired is None:
            return self.statements
        dropped = {i for i, _, _ in self.rules if i not in fired}
        if self.backwards:
            dropped |= self._unneeded(dropped)
        if not dropped:
            return self.statements
        # gringo matches body atoms against the remaining heads' patterns: declare every
        # predicate that lost a rule, not only those that lost all of them
        lost = sorted({s for i, head, _ in self.rules if i in dropped for s in head or ()})
        if self.mentions is not None:
            # a ``#defined`` statement only keeps gringo from reporting a body atom that no
            # head matches: an encoding's own for a predicate that no statement left
            # mentions says nothing (those made for the predicates that lost a rule stay)
            mentioned = frozenset().union(*(m for i, m in self.mentions.items() if i not in dropped))
            dropped = dropped | {i for i, sig in self.declares.items() if sig not in mentioned}
        kept = [stm for i, stm in enumerate(self.statements) if i not in dropped]
        return tuple(kept) + tuple(self._defined(sig) for sig in lost)

    def _defined(self, sig: Signature) -> ast.AST:
        """A ``#defined`` statement for ``sig``, made once per program (making one costs
        about 20 microseconds, and a small board's pruning needs tens of them)."""
        got = self._defined_cache.get(sig)
        if got is None:
            got = self._defined_cache[sig] = ast.Defined(self.statements[0].location, sig[0], sig[1], True)
        return got

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
