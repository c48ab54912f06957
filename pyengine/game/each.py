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
    from pyengine.game.target_qualities import combat_states

    # "untap all attacking creatures": the game's combat as it resolves (506.4)
    final = FinalState(game.state, layers(game.state, budget).objects, combat_states(game))
    source = refs.get("self", (None,))[0]
    return tuple(final.select(sel, Context(source, refs["you"][0])))


def perform_each(game: Game, item: StackItem, e: Event, keep: Callable[[Game, Event], bool],
                 budget: Budget | float) -> Game:
    """The events for each member, one batch (those ``keep`` leaves in)."""
    from pyengine.game.triggered import instantiate

    refs = dict(e.get("refs"))
    if all(ins.kind in ("tap", "untap") for ins in e.get("do")):  # 701.26a-b: each of the group
        return _taps(game, members(game, e, budget), e.get("do")[0].kind == "tap")
    events: list[Event] = []
    for oid in members(game, e, budget):
        for ins in e.get("do"):
            events += instantiate(game, item.text, ins, {**refs, "each": (oid,)})
    todo = [ev for ev in events if keep(game, ev)]
    return perform(game, todo, rule="608.2c", budget=budget) if todo else game


def _taps(game: Game, oids: tuple[str, ...], tap: bool) -> Game:
    """701.26a-b: each permanent of the group tapped (only an untapped one) or untapped (only a
    tapped one), at once."""
    from pyengine.events import GameEvent

    changed = [o.id for o in game.state.objects if o.id in oids and o.tapped != tap]
    if not changed:
        return game
    objs = tuple(replace(o, tapped=tap) if o.id in changed else o for o in game.state.objects)
    game = game.with_state(objects=objs)
    return game.emit(*[GameEvent("tap" if tap else "untap", obj=oid, rule="701.26a" if tap else "701.26b")
                       for oid in changed])
