"""Rebound (CR 702.88a) in a game: "If this spell was cast from your hand, instead of putting it
into your graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may
cast this card from exile without paying its mana cost."

The keyword is held by name on the card (``Rebound``) and followed here, while the spell is on
the stack (a static ability of the spell, 113.6e: the spell's abilities as the layer engine
gives them now):

- :func:`destination`: an instant or sorcery spell with rebound, cast from its owner's hand,
  that resolves is exiled instead of put into the graveyard (614.1a; countered or with every
  target illegal it doesn't resolve and goes to the graveyard, 608.2b). A spell cast for its
  flashback cost was cast from the graveyard: rebound doesn't apply (and 702.34a exiles it).
- :func:`exiled`: as the card is exiled this way, the delayed triggered ability is created
  (603.7a): "At the beginning of your next upkeep, you may cast this card from exile without
  paying its mana cost" (``{step: upkeep, player: you}``, you its controller, the spell's
  controller, 603.7d), referring to the card in exile (a card gone from exile since is a new
  object, 400.7: nothing happens, 603.7c).
- Its instruction ``rebound_cast``: as it resolves, the player may cast the card (608.2g: during
  the resolution, following 601.2a-i, no priority after it; the cast engine's ``rebound_window``
  allows the exiled card from exile only without paying its mana cost, ``alternative: free``,
  118.9, 702.88b, whatever its card type's timing). The choice is the script's
  ``{rebound_choice: {KEY: CAST | false}}`` (KEY as ``may``'s: the delayed ability's id, or
  its source, the card's id), asked for when missing; declined, the card stays in exile.
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

KIND = "rebound_cast"  # the bound event and the delayed ability's instruction
WHAT = "rebound"  # the kind of the script's choice among the game's resolution choices
TEXT = ("At the beginning of your next upkeep, you may cast this card from exile without paying its "
        "mana cost (rebound, 702.88a).")


def has_rebound(game: Game, obj_id: str, budget: Budget | float) -> bool:
    """Whether the spell has rebound now (its abilities after layers, 113.6e); without the
    layer engine where no value it reads says rebound (pyengine.game.mentions)."""
    from pyengine.game.mentions import mentions
    from pyengine.game.perform import layers

    if not mentions(game.state, "rebound"):
        return False
    now = layers(game.state, budget).objects.get(obj_id)
    return now is not None and any(a.strip().lower() == "rebound" for a in now.abilities)


def destination(game: Game, item: StackItem, to: str, resolved: bool, budget: Budget | float) -> bool:
    """702.88a: whether the resolving spell is exiled instead of put into its owner's graveyard."""
    if not resolved or to != "graveyard" or item.obj is None:
        return False
    obj = game.state.object(item.obj)
    if obj.cast_from != "hand" or not {"Instant", "Sorcery"} & set(obj.printed.types):
        return False
    return has_rebound(game, obj.id, budget)


def exiled(game: Game, item: StackItem) -> Game:
    """603.7a: the delayed triggered ability rebound creates as it exiles the card."""
    from pyengine.lang.triggers import _at
    from pyengine.lang.yamlread import Cursor as C
    from pyengine.model.triggers import TriggerDef
    from pyengine.triggers.special import Delayed

    assert item.obj is not None
    obj = game.state.object(item.obj)
    if obj.zone != Zone.EXILE:  # another replacement effect put it elsewhere (616.1)
        return game
    at = _at(C({"step": "upkeep", "player": "you"}, "rebound (CR 702.88a)", None, None))
    ins = Instruction(KIND, (("object", ("ref", "self")),))
    n = game.next_delayed
    made = Delayed(f"delayed{n}", item.controller, obj.id, TEXT, TriggerDef(at, effects=(ins,)),
                   (("self", (obj.id,)), ("you", (item.controller,))), len(game.log))
    return game.clone(delayed=game.delayed + (made,), next_delayed=n + 1)


def bind(ins: Instruction, named: Any) -> list[Event]:
    """One event per object the instruction names (the card itself)."""
    return [Event(KIND, (("object", ("o", oid)),)) for oid in named(ins.get("object"))]


def read(reader: Any, cur: Cursor) -> Any:
    """``{KEY: false}`` (the card isn't cast) or ``{KEY: {player, spell, targets, ...}}`` (a
    ``cast`` action's fields; ``alternative`` is free)."""
    from pyengine.game.cast_ahead import keyed

    return keyed(reader, cur, WHAT, "free", "{player, spell, targets, ...}", "702.88a",
                 "rebound ability's id or SOURCE, and whether (how) its controller",
                 "a card cast by its rebound ability is cast without paying its mana cost")


def perform(game: Game, item: StackItem, e: Event, budget: Budget | float) -> Game:
    """702.88a: the player may cast the exiled card without paying its mana cost (608.2g)."""
    from pyengine.game.casting import cast
    from pyengine.game.choice import _keys, _take

    oid = e.get("object")[1]
    game, chosen = _take(game, item, WHAT)
    obj = next((o for o in game.state.objects if o.id == oid), None)
    if obj is None or obj.zone != Zone.EXILE:
        return game  # 400.7: the card left exile; the ability can't find it
    if chosen is None:
        raise IllegalAction("702.88a", f"{item.text!r} ({item.id}): {item.controller} may cast {oid} from "
                                       f"exile without paying its mana cost; give {{rebound_choice: "
                                       f"{{{_keys(item)[-1]}: false | {{player, spell, targets}}}}}} "
                                       "before it resolves")
    if chosen is False:
        return game  # declined: the card stays in exile
    pr = chosen.proposal
    if pr.spell != oid or pr.player != item.controller:
        raise IllegalAction("702.88a", f"as {item.id} resolves, {item.controller} may cast {oid}; "
                                       f"the choice casts {pr.spell} as {pr.player}")
    return cast(game, replace(chosen), budget, window="rebound")
