"""Fading's upkeep instruction "remove a fade counter from this permanent. If you can't,
sacrifice the permanent" (CR 702.32a), followed as the ability resolves (608.2c).

``{kind: remove_or_sacrifice, object: REF, counter: KIND}``: the permanent with a KIND counter
on it loses one (through the replacement engine); with none, its controller sacrifices it
(701.21a). A permanent that has left the battlefield since is a new object (400.7): nothing
happens to it.
"""

from __future__ import annotations

from pyengine.budget import Budget
from pyengine.game.model import Game
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event


def remove_or_sacrifice(game: Game, obj: str, kind: str, budget: Budget | float) -> Game:
    """One KIND counter removed from ``obj``, or ``obj`` sacrificed when it has none."""
    from pyengine.game.perform import perform

    o = next((x for x in game.state.objects if x.id == obj), None)
    if o is None or o.zone != Zone.BATTLEFIELD:
        return game
    if dict(o.counters).get(kind, 0) > 0:
        ev = Event("remove_counters", (("target", ("o", obj)), ("counter", kind), ("amount", 1)))
        return perform(game, [ev], rule="702.32a", budget=budget)
    ev = Event("move", (("object", ("o", obj)), ("count", 1), ("from", "battlefield"), ("to", "graveyard"),
                        ("cause", "sacrifice"), ("position", None), ("control", None), ("as", None),
                        ("tapped", False), ("face", "front"), ("choice", None)))
    return perform(game, [ev], rule="702.32a", cause="sacrifice", budget=budget)
