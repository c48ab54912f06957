"""An instruction done to each permanent of a group (``{kind: each, affects: SELECTOR, do:
[EVENT...]}``): "put a +1/+1 counter on each creature you control".

It is bound as the spell or ability is put on the stack like the other instructions, but which
objects it affects is determined only as it resolves (CR 608.2c: the instructions are followed
then; 611.2c says the same of a continuous effect's group): the permanents that match the
selector then, read on their characteristics after layers (613), from the source and its
controller (109.5). The events of ``do`` are made once for each of them, the reference
``each`` naming it, and happen at once, one batch, in order with the instructions around it
(pyengine.game.choice.perform_in_order).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pyengine.budget import Budget
from pyengine.game.model import Game, StackItem
from pyengine.game.perform import layers, perform
from pyengine.model.enums import Zone
from pyengine.model.triggers import Instruction
from pyengine.replacement.event import Event

KIND = "each_of"


def bind(ins: Instruction, refs: dict[str, tuple[str, ...]]) -> Event:
    """The instruction kept as one event of the stack object: its selector, its events
    (unbound) and what the ability's words name."""
    return Event(KIND, (("affects", ins.get("affects")), ("do", ins.get("do")),
                        ("refs", tuple(sorted(refs.items())))))


def members(game: Game, e: Event, budget: Budget | float) -> tuple[str, ...]:
    """The permanents the group is as the instruction is followed (608.2c)."""
    from pyengine.combat.select import Context, FinalState

    refs = dict(e.get("refs"))
    sel = e.get("affects")
    sel = sel if sel.zone is not None else replace(sel, zone=Zone.BATTLEFIELD.value)
    final = FinalState(game.state, layers(game.state, budget).objects)
    source = refs.get("self", (None,))[0]
    return tuple(final.select(sel, Context(source, refs["you"][0])))


def perform_each(game: Game, item: StackItem, e: Event, keep: Callable[[Game, Event], bool],
                 budget: Budget | float) -> Game:
    """The events for each member, one batch (those ``keep`` leaves in)."""
    from pyengine.game.triggered import instantiate

    refs = dict(e.get("refs"))
    events: list[Event] = []
    for oid in members(game, e, budget):
        for ins in e.get("do"):
            events += instantiate(game, item.text, ins, {**refs, "each": (oid,)})
    todo = [ev for ev in events if keep(game, ev)]
    return perform(game, todo, rule="608.2c", budget=budget) if todo else game
