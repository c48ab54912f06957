"""The damage service: judge a proposed combat damage assignment of one step, or list the
legal ones (CR 510.1, 510.4).

Every rules decision is made by the encodings under asp/damage/ (and asp/check/damage.lp);
this module builds facts, calls :func:`pyengine.solver.solve` and reads the answers.
"""

from __future__ import annotations

import clingo

from pyengine import encodings
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.damage.facts import combat_factset, read_recipient
from pyengine.damage.model import (
    Assignment,
    Combat,
    Listing,
    Recipient,
    Share,
    Verdict,
    Violation,
    assignment,
)
from pyengine.errors import EncodingError
from pyengine.registry import read
from pyengine.scc import connected
from pyengine.solver import Model, solve

encodings.register("damage_check", "check/damage.lp")
encodings.register("damage_list", "damage/list.lp")
encodings.register("damage_count", "damage/count.lp")

LIST_LIMIT = 1000  # legal assignments listed before only their number is given
COUNT_CAP = 20_000  # answer sets counted per part before the count becomes a lower bound (counting
# enumerates them: 20,000 took about 2 s, measured on a busy two-core machine)
TIMEOUT = 10.0


def _value(sym: clingo.Symbol) -> str | int | Recipient:
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and sym.name in ("p", "o") and len(sym.arguments) == 1:
        return read_recipient(sym)
    if sym.type == clingo.SymbolType.Function and not sym.arguments:
        return sym.name
    raise EncodingError(f"damage: unexpected term in a violation: {sym}")


def _shares(model: Model) -> Assignment:
    return tuple(sorted(Share(a.creature, read_recipient(a.recipient), a.amount)
                        for a in read(model, O.Assign, ordered=False)))


def check(combat: Combat, proposal: Assignment, *, timeout: float | Budget = TIMEOUT) -> Verdict:
    """The verdict on ``proposal`` (CR 510.1e: the whole assignment of the step is checked).
    ``timeout``: seconds, or the budget of the query this is part of."""
    proposal = assignment(proposal)
    budget = Budget.of(timeout, "the combat damage check")
    result = solve([encodings.path("damage_check")], combat_factset(combat, proposal),
                   what="check a combat damage assignment", budget=budget, models=0)
    if not result.satisfiable or not result.exhausted:
        raise EncodingError("damage: the check encoding has no answer (it is stratified)")
    model = result.model
    violations = tuple(sorted(
        Violation(v.rule, v.check, tuple(_value(a) for a in v.args.arguments))
        for v in read(model, O.Violation, ordered=False)))
    assigning = tuple(sorted((a.creature, a.amount) for a in read(model, O.AssignsDamage, ordered=False)))
    return Verdict(not violations, violations, assigning)


def legal_assignments(combat: Combat, *, limit: int = LIST_LIMIT, timeout: float | Budget = TIMEOUT,
                      count_cap: int = COUNT_CAP) -> Listing:
    """Every legal assignment of the step when there are at most ``limit`` (sorted), else
    their number, counted part by part (:func:`_parts`) up to ``count_cap`` assignments
    per part (past that, ``exact`` is False and the count a lower bound). There is always
    one (a trampler may assign all its damage to its blockers, CR 702.19b), so an empty
    answer is an encoding bug."""
    if limit < 0 or count_cap <= limit:
        raise ValueError("limit must be 0 or more and count_cap greater than limit")
    budget = Budget.of(timeout, "the combat damage listing")
    facts = combat_factset(combat)
    listed = solve([encodings.path("damage_list")], facts, what="list combat damage assignments",
                   budget=budget, models=limit + 1)
    if not listed.satisfiable:
        raise EncodingError("damage: no legal assignment (the rules always allow one)")
    if len(listed.models) <= limit:
        found = tuple(sorted(_shares(m) for m in listed.models))
        if len(set(found)) != len(found):
            raise EncodingError("damage: one assignment listed twice")
        return Listing(len(found), True, limit, found)
    count, exact = 1, True
    for part in _parts(listed.models[0]):
        counted = solve([encodings.path("damage_count")], combat_factset(combat, counted=part),
                        what="count combat damage assignments", budget=budget, models=count_cap)
        count *= len(counted.models)
        exact = exact and counted.exhausted
    return Listing(count, exact, limit)


def _parts(model: Model) -> list[list[str]]:
    """The creatures that assign damage, split into parts whose choices are independent
    (no ``coupled/2`` link between two parts): the legal assignments of the step are the
    products of those of its parts, so their number is the product of the parts' numbers."""
    nodes = [a.creature for a in read(model, O.AssignsDamage, ordered=False)]
    edges = [(c.creature, c.other) for c in read(model, O.Coupled, ordered=False)]
    return sorted(sorted(part) for part in connected(nodes, edges))
