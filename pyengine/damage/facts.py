"""A combat damage step as clingo facts (documented in asp/damage/defined.lp).

Creatures and players are strings, a recipient is ``p(P)`` or ``o(O)``, keywords and steps
are constants; nothing is formatted into program text.
"""

from __future__ import annotations

from collections.abc import Sequence

import clingo

from pyengine.damage.model import Assignment, Combat, Recipient
from pyengine.facts import Const, FactSet, Fn, declare

_SCHEMA = {
    "damage_step": 1,
    "attacker": 1,
    "attacking": 2,
    "blocked": 1,
    "blocker": 1,
    "blocking": 2,
    "power": 2,
    "toughness": 2,
    "damage_marked": 2,
    "keyword": 2,
    "had_first_strike": 1,
    "given_assign": 3,
    "counted": 1,
}
for _name, _arity in _SCHEMA.items():
    declare(_name, _arity)


def recipient_term(r: Recipient) -> Fn:
    """``p(P)`` for a player, ``o(O)`` for a permanent."""
    return Fn("p" if r.player else "o", r.id)


def read_recipient(sym: clingo.Symbol) -> Recipient:
    """The recipient a ``p(P)`` or ``o(O)`` term names."""
    return Recipient(sym.arguments[0].string, player=sym.name == "p")


def combat_factset(combat: Combat, proposal: Assignment = (), counted: Sequence[str] = ()) -> FactSet:
    """The facts of ``combat`` (and of a proposed assignment, or of the creatures whose
    assignments alone are counted)."""
    fs = FactSet()
    fs.add("damage_step", Const(combat.step.value))
    for c in combat.creatures():
        fs.add("power", c.id, c.power)
        fs.add("toughness", c.id, c.toughness)
        if c.damage:
            fs.add("damage_marked", c.id, c.damage)
        for k in c.keywords:
            fs.add("keyword", c.id, Const(k.value))
        if c.had_first_strike:
            fs.add("had_first_strike", c.id)
    for a in combat.attackers:
        fs.add("attacker", a.creature.id)
        if a.attacking is not None:
            fs.add("attacking", a.creature.id, recipient_term(a.attacking))
        if a.blocked:
            fs.add("blocked", a.creature.id)
    for b in combat.blockers:
        fs.add("blocker", b.creature.id)
        for a_id in b.blocking:
            fs.add("blocking", b.creature.id, a_id)
    for oid in counted:
        fs.add("counted", oid)
    for s in proposal:
        fs.add("given_assign", s.source, recipient_term(s.recipient), s.amount)
    return fs
