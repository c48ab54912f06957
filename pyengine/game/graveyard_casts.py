"""Casting a card from its owner's graveyard by discarding (CR 702.81a retrace, 702.133a
jump-start): the cast engine allows the cast (asp/cast/graveyard_casts.lp: the permission, the
discard of a land card or of a card as the additional cost, 601.2b, 601.2f-h) and the game
discards the cards as the cost is paid (pyengine.game.casting). Jump-start's second ability is
followed here: "If this spell was cast using its jump-start ability, exile this card instead of
putting it anywhere else any time it would leave the stack" (614.1a: resolved, countered, or
with every target illegal). A retraced spell goes to its owner's graveyard as any other
(608.2n), from where it may be retraced again."""

from __future__ import annotations

from pyengine.budget import Budget
from pyengine.game.model import Game, StackItem
from pyengine.replacement.event import Event


def jump_started(game: Game, item: StackItem, budget: Budget | float) -> bool:
    """Whether the spell leaving the stack was cast using its jump-start ability: cast from its
    owner's graveyard with a card discarded for the cost (the cast engine allows a discard only
    with retrace or jump-start, and the card has jump-start now, 113.6e)."""
    from pyengine.game.perform import layers

    if item.obj is None or item.cast is None or not getattr(item.cast, "discard", None):
        return False
    obj = game.state.object(item.obj)
    if obj.cast_from != "graveyard":
        return False
    now = layers(game.state, budget).objects.get(obj.id)
    return now is not None and any(a.strip().lower() == "jump-start" for a in now.abilities)


def exiled_instead(game: Game, e: Event, budget: Budget | float) -> Event:
    """702.34a, 702.133a: an instruction's move that counters a spell cast for its flashback
    cost or using jump-start ("counter target spell": a move from the stack with the cause
    ``counter``) exiles it instead of putting it into the graveyard (614.1a)."""
    if e.kind != "move" or e.get("cause") != "counter" or e.get("from") != "stack":
        return e
    obj = e.get("object")
    item = next((s for s in game.stack if isinstance(obj, tuple) and obj[0] == "o" and s.obj == obj[1]), None)
    if item is None:
        return e
    flashback = item.cast is not None and "flashback" in (item.cast.alternative or ())
    if not flashback and not jump_started(game, item, budget):
        return e
    return Event("move", tuple((k, "exile" if k == "to" else v) for k, v in e.fields))
