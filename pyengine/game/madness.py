"""Madness's triggered ability as it resolves (CR 702.35a, 608.2g).

"Madness [cost]" means "If a player would discard this card, that player discards it, but
exiles it instead of putting it into their graveyard" (a static ability functioning in the hand,
113.6: a replacement effect whose move keeps being a discard, with the cause ``madness``) and
"When this card is exiled this way, its owner may cast it by paying [cost] rather than paying
its mana cost. If that player doesn't, they put this card into their graveyard." The trigger's
instruction ``{kind: madness_cast, object: self}`` is followed here: the owner's choice is
given ahead by the script, ``{madness_choice: {KEY: CAST | false}}`` (KEY as ``may``'s: the
resolving ability's id, ``SOURCE:N`` or ``SOURCE``; CAST the fields of a ``cast`` action, its
``alternative`` madness), asked for when missing. Cast, the spell is cast during the ability's
resolution (608.2g: rules 601.2a-i, no priority after it; the cast engine allows the exiled card
for its madness cost only now, whatever its card type's timing, asp/cast/timing.lp) and becomes
the topmost object of the stack; declined, the card is put into its owner's graveyard. A card
no longer in exile as the ability resolves is a new object (400.7): nothing happens to it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.triggers import Instruction
from pyengine.replacement.event import Event

KIND = "madness_cast"  # the bound event (pyengine.game.choice.KINDS) and the instruction
WHAT = "madness"  # the kind of the script's choice among the game's resolution choices


def bind(ins: Instruction, named: Any) -> list[Event]:
    """One event per object the instruction names (the card itself)."""
    return [Event(KIND, (("object", ("o", oid)),)) for oid in named(ins.get("object"))]


def read(reader: Any, cur: Cursor) -> Any:
    """``{KEY: false}`` (the owner doesn't cast it) or ``{KEY: {player, spell, targets,
    payment, ...}}`` (a ``cast`` action's fields; ``alternative`` is madness)."""
    from pyengine.game.cast_ahead import keyed

    return keyed(reader, cur, WHAT, "madness", "{player, spell, targets, payment, ...}", "702.35a",
                 "madness ability's id, SOURCE:N or SOURCE, and whether (how) its owner",
                 "a card cast as its madness ability resolves is cast for its madness cost")


def perform(game: Game, item: StackItem, e: Event, budget: Budget | float) -> Game:
    """702.35a: the owner casts the exiled card for its madness cost, or puts it into their
    graveyard."""
    from pyengine.game.casting import cast
    from pyengine.game.choice import _keys, _take
    from pyengine.game.perform import perform as happen

    oid = e.get("object")[1]
    game, chosen = _take(game, item, WHAT)
    obj = next((o for o in game.state.objects if o.id == oid), None)
    if obj is None or obj.zone != Zone.EXILE:
        return game  # 400.7: the card left exile; the ability can't find it
    if chosen is None:
        raise IllegalAction("702.35a", f"{item.text!r} ({item.id}): {obj.owner} may cast {oid} for its "
                                       f"madness cost; give {{madness_choice: {{{_keys(item)[-1]}: false | "
                                       "{player, spell, targets, payment}}} before it resolves")
    if chosen is False:
        move = Event("move", (("object", ("o", oid)), ("count", 1), ("from", "exile"), ("to", "graveyard"),
                              ("cause", "effect"), ("position", None), ("control", None), ("as", None),
                              ("tapped", False), ("face", "front"), ("choice", None)))
        return happen(game, [move], rule="702.35a", budget=budget)
    pr = chosen.proposal
    if pr.spell != oid or pr.player != obj.owner:
        raise IllegalAction("702.35a", f"as {item.id} resolves, {obj.owner} (its owner) may cast {oid}; "
                                       f"the choice casts {pr.spell} as {pr.player}")
    return cast(game, replace(chosen), budget, madness=True)
