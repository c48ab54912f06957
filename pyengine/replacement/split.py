"""Every outcome, step by step, with instructions to draw found draw by draw (CR 121.2, 614.11a).

An instruction to draw N cards becomes N draws that happen one at a time, each finished, with
everything its replacement does, before the next (614.11a). When such an instruction is due
to become its draws while every other event is settled, nothing but its draws can happen any
more: asp/replacement/timing.lp then leaves it whole (``rep_defer``, shown as
``split_pending``), and this module finds what one draw can become, as an event of its own
(its instruction's effects applied, 614.5), and combines the draws in order. A draw depends on
the earlier ones only through what they used up ("the next time" effects, shields: 614.3,
615.7) and what they took from the libraries (614.11, 121.3); those are the context of a draw,
and a draw with the same context is solved once (memoised). The draws of an instruction are
alike, so the choices are found once per context instead of once per combination of the
draws' choices, which grows exponentially with N.

Each outcome keeps a witness: the sequence before the split, then each draw's witness in
order (a sequence of the whole event: the steps of later draws come after the earlier ones'
as 614.11a orders them).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

import clingo

from pyengine import facts as F
from pyengine import shown as O
from pyengine import solver
from pyengine.budget import Budget
from pyengine.errors import EncodingError
from pyengine.registry import read
from pyengine.replacement import gates
from pyengine.replacement.answer import Outcome, Step
from pyengine.replacement.event import Event

MAX_HORIZON = 256
# the inputs that make the context of a draw found on its own, replaced for each draw
_CONTEXT = ("rep_part", "rep_field", "rep_mask", "rep_uses", "rep_shield", "rep_library", "rep_defer",
            "rep_cut")
_ROOT = clingo.Function("ev", [clingo.Number(1)])
_DRAW = clingo.Function("draw")


@dataclass(frozen=True)
class Branch:
    """What part of an event becomes: the events that happen and those stopped (each sorted),
    the uses of "next time" effects spent, the shields left, the cards taken from each
    library, the witness steps in order and the steps of a sequence they take."""

    events: tuple[Event, ...]
    blocked: tuple[tuple[Event, str], ...]
    spent: tuple[tuple[str, int], ...]
    shields: tuple[tuple[str, int], ...]
    taken: tuple[tuple[clingo.Symbol, int], ...]
    steps: tuple[Step, ...]
    span: int

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.events, self.blocked, self.spent, self.shields, self.taken)

    def then(self, later: Branch, split: int = 0) -> Branch | None:
        """This branch followed by ``later`` (``split``: steps between them); None when an
        object would move twice (CR 614.13b)."""
        events = tuple(sorted(self.events + later.events, key=repr))
        moved = Counter(e.get("object") for e in events if e.kind == "move")
        if any(n > 1 and isinstance(o, tuple) and o[0] == "o" for o, n in moved.items()):
            return None
        spent = _add(self.spent, later.spent)
        n = len(self.steps)
        steps = self.steps + tuple(dataclasses.replace(s, t=s.t + n) for s in later.steps)
        return Branch(events, tuple(sorted(self.blocked + later.blocked, key=repr)), spent,
                      later.shields, _add(self.taken, later.taken), steps,
                      self.span + split + later.span)


def _add(a: tuple[tuple[Any, int], ...], b: tuple[tuple[Any, int], ...]) -> tuple[tuple[Any, int], ...]:
    out = dict(a)
    for k, v in b:
        out[k] = out.get(k, 0) + v
    return tuple(sorted(out.items(), key=repr))


@dataclass(frozen=True)
class Context:
    """What a draw found on its own depends on: the uses of "next time" effects left, the
    shields' damage left and each player's library as it sees it."""

    uses: tuple[tuple[str, int], ...]
    shields: tuple[tuple[str, int], ...]
    library: tuple[tuple[clingo.Symbol, int], ...]


class Splitter:
    """The outcomes of the query's facts, instructions to draw left whole found draw by draw.
    ``read``: how an answer set's outcome and witness are read (service.read_outcome)."""

    def __init__(self, facts: list[clingo.Symbol], budget: Budget,
                 read_outcome: Callable[[solver.Model, dict[str, int]], Outcome]) -> None:
        self.facts = facts
        self._base: list[clingo.Symbol] | None = None
        self.budget = budget
        self.read_outcome = read_outcome
        names = [f.name for f in facts]  # read once: a symbol's name costs microseconds
        self.n_eff = names.count("rep_effect")
        self.uses0 = {f.arguments[0].string: f.arguments[1].number
                      for f, n in zip(facts, names, strict=True) if n == "rep_uses"}
        # A library of this many cards or fewer looks empty to every test of the encodings
        # (sequence.lp: "at least N" fails for N > 0, "at most N" holds for N >= 0, and every
        # draw is from an empty library), so draws that see such libraries are one context.
        self.floor = min([0] + [f.arguments[1].number for f, n in zip(facts, names, strict=True)
                                if n == "rep_lib_max"])
        self.memo: dict[tuple[Any, ...], list[Branch]] = {}
        self.solves = 0

    def run(self, horizon: int) -> list[Branch]:
        """Every outcome of the query (fully combined), each with a witness."""
        return self._solve(self.facts + [F.fact("rep_defer", _DRAW)], horizon, dict(self.uses0))

    def _solve(self, facts: list[clingo.Symbol], horizon: int, uses: dict[str, int]) -> list[Branch]:
        """The branches of ``facts``: each answer set, its instruction left whole (if any)
        combined draw by draw. ``uses``: the uses left that the facts give. First without
        the draws of any instruction (rep_cut: far fewer events to ground), again with them
        when some sequence needs an instruction split while other events are unsettled."""
        res = self._call(facts + [F.fact("rep_cut", _DRAW)], horizon)
        if any(read(m, O.SplitInterleaves) for m in res.models):
            res = self._call(facts, horizon)
        if not res.satisfiable:
            raise EncodingError("replacement: no legal sequence of choices (an encoding bug)")
        out: dict[tuple[Any, ...], Branch] = {}
        for model in res.models:
            first = self._branch(model)
            pending = read(model, O.SplitPending)
            if not pending:
                out.setdefault(first.key, first)
                continue
            if len(pending) > 1:
                raise EncodingError("replacement: two instructions left whole at once (an encoding bug)")
            left = {e: n - dict(first.spent).get(e, 0) for e, n in uses.items()}
            ctx = Context(tuple(sorted(left.items())), first.shields,
                          tuple(sorted(((s.player, s.size) for s in read(model, O.LibSeen)), key=repr)))
            for rest in self._draws(pending[0], ctx):
                both = first.then(rest, split=1)
                if both is not None:
                    out.setdefault(both.key, both)
        return list(out.values())

    def _call(self, facts: list[clingo.Symbol], horizon: int) -> solver.SolveResult:
        """Every projected answer set, the horizon doubled while some run out of steps."""
        while True:
            self.solves += 1
            paths, shapes = gates.ask("replacement", facts)
            res = solver.solve(paths, facts, what="replacement outcomes", fact_shapes=shapes,
                               budget=self.budget, args=["--project"], models=0,
                               consts={"horizon": horizon})
            if not any(read(m, O.Overflow) for m in res.models):
                return res
            if horizon >= MAX_HORIZON:
                raise EncodingError(f"replacement: more than {MAX_HORIZON} steps of choices")
            horizon *= 2

    def _branch(self, model: solver.Model) -> Branch:
        got = self.read_outcome(model, {})
        spent = tuple(sorted((u.effect, u.count) for u in read(model, O.Used)))
        shields = tuple(sorted((s.effect, s.left) for s in read(model, O.ShieldLeft)))
        taken = tuple(sorted(((t.player, t.count) for t in read(model, O.LibTaken)), key=repr))
        span = sum(s.count for s in read(model, O.StepsTaken))
        return Branch(got.events, got.blocked, spent, shields, taken, got.witness, span)

    def _draws(self, pending: O.SplitPending, ctx: Context) -> list[Branch]:
        """The N draws of an instruction left whole, in order (614.11a): each sees what the
        earlier ones used up and took from the libraries."""
        start = Branch((), (), (), ctx.shields, (), (), 0)
        frontier = {start.key: start}
        for _ in range(pending.count):
            nxt: dict[tuple[Any, ...], Branch] = {}
            for done in frontier.values():
                spent = dict(done.spent)
                taken = dict(done.taken)
                here = Context(tuple((e, n - spent.get(e, 0)) for e, n in ctx.uses), done.shields,
                               tuple((p, max(self.floor, n - taken.get(p, 0))) for p, n in ctx.library))
                for one in self._one(pending.player, pending.mask, here):
                    both = done.then(one)
                    if both is not None:
                        nxt.setdefault(both.key, both)
            frontier = nxt
        return list(frontier.values())

    @property
    def base(self) -> list[clingo.Symbol]:
        """The query's facts without its events and their context (what a single draw is
        asked with), made when a draw is first asked."""
        if self._base is None:
            roots = {f.arguments[0] for f in self.facts if f.name == "rep_part"}
            self._base = [f for f in self.facts if f.name not in _CONTEXT and not _mentions(f, roots)]
        return self._base

    def _one(self, player: clingo.Symbol, mask: int, ctx: Context) -> list[Branch]:
        """What one draw by ``player`` (effects ``mask`` applied) becomes in context ``ctx``."""
        key = (player, mask, ctx)
        if key not in self.memo:
            facts = self.base + [
                F.fact("rep_defer", _DRAW), F.fact("rep_part", _ROOT), F.fact("rep_mask", _ROOT, mask),
                F.fact("rep_field", _ROOT, clingo.Function("kind"), clingo.Function("draw")),
                F.fact("rep_field", _ROOT, clingo.Function("player"), player),
                F.fact("rep_field", _ROOT, clingo.Function("count"), 1),
            ]
            facts += [F.fact("rep_uses", e, n) for e, n in ctx.uses]
            facts += [F.fact("rep_shield", e, n) for e, n in ctx.shields]
            facts += [F.fact("rep_library", p, n) for p, n in ctx.library]
            self.memo[key] = self._solve(facts, 3 + self.n_eff + 1, dict(ctx.uses))
        return self.memo[key]


def _mentions(sym: clingo.Symbol, terms: set[clingo.Symbol]) -> bool:
    """Whether ``sym`` has one of ``terms`` among its arguments, at any depth."""
    if sym.type != clingo.SymbolType.Function:
        return False
    return any(a in terms or _mentions(a, terms) for a in sym.arguments)


def outcome(branch: Branch, shields: dict[str, int]) -> Outcome:
    """A combined branch as an outcome: the effects used, the shields that changed."""
    return Outcome(branch.events, branch.blocked,
                   tuple(sorted((e, n) for e, n in branch.spent if n > 0)),
                   tuple(sorted((e, r) for e, r in branch.shields if r != shields.get(e))),
                   branch.steps)
