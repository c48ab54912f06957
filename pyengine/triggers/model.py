"""The typed output of the trigger engine (CR 603): the abilities a batch of events
triggered, and the order they go on the stack in (603.3b). The definitions they come from
are :mod:`pyengine.model.triggers`'s, re-exported here."""

from __future__ import annotations

from dataclasses import dataclass

from pyengine.model.triggers import Instruction, Pattern, TargetSpec, TriggerDef


@dataclass(frozen=True, order=True)
class Triggered:
    """One triggered ability waiting to be put on the stack.

    ``id``: ``SOURCE:ABILITY@EVENT``; ``source``: the object whose ability it is; ``ability``:
    the ability's index in the source's printed ``abilities`` list; an ability an effect
    grants (an object has it after the layers, as the source was when it triggered: before
    the event for abilities that look back in time, 603.10, else after it) comes after the
    printed ones, granted abilities in the order of their texts; ``controller``: the
    source's controller then (603.3a); ``event_index``: the
    :class:`pyengine.events.GameEvent` ``index`` it triggered on (the batch's first
    matching event for "one or more", 603.2c); ``text``: the ability's text (its display
    name); ``rule``: the CR rule it triggered by; ``it``: the object the trigger event was
    about (what the ability's ``it`` names), if any."""

    id: str
    source: str
    ability: int
    controller: str
    event_index: int
    text: str
    rule: str
    it: str | None = None


@dataclass(frozen=True)
class StackOrders:
    """The order triggered abilities go on the stack in (CR 603.3b): each player in APNAP
    order puts theirs on the stack in an order they choose, so the active player's go first
    and resolve last.

    ``fixed``: every ability in the order they are put on the stack (the first is lowest:
    it resolves last) when no choice is left, else None; ``per_player``: in APNAP order, each
    player with triggered abilities and their ids (in the order they chose, else by id);
    ``count``: the number of stack orders the players' remaining choices allow (the product
    of n! for each player still choosing the order of n abilities), at most
    :data:`COUNT_CAP`; ``count_exact``: False when there are more than that (the count is
    then the cap: an answer never holds a number past the input bounds)."""

    fixed: tuple[str, ...] | None
    per_player: tuple[tuple[str, tuple[str, ...]], ...]
    count: int
    count_exact: bool = True


COUNT_CAP = 1_000_000  # stack orders counted exactly; beyond, "more than 1,000,000"


__all__ = ["Instruction", "Pattern", "StackOrders", "TargetSpec", "TriggerDef", "Triggered"]
