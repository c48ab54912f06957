"""Renown's instruction "put N +1/+1 counters on it and it becomes renowned" (CR 702.112a-b),
followed as the ability resolves (608.2c).

The counters are put through the replacement engine by the permanent's controller (122.1);
then it becomes renowned, a designation it keeps until it leaves the battlefield (702.112b;
pyengine.game.perform clears it as it leaves). A permanent that has left the battlefield since
the ability triggered is a new object (400.7): neither happens to it. The ability's intervening
"if it isn't renowned" (603.4) is the trigger engine's (``{not: {renowned: true}}``), so a
second renown ability resolving after the first does nothing (702.112c).
"""

from __future__ import annotations

from dataclasses import replace

from pyengine.budget import Budget
from pyengine.game.model import Game
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event


def renown(game: Game, obj: str, n: int, budget: Budget | float) -> Game:
    """N +1/+1 counters on ``obj``, then it becomes renowned."""
    from pyengine.events import GameEvent
    from pyengine.game.perform import layers, perform

    o = next((x for x in game.state.objects if x.id == obj), None)
    if o is None or o.zone != Zone.BATTLEFIELD:
        return game
    ch = layers(game.state, budget).objects.get(obj)
    pid = ch.controller if ch is not None else o.controller
    if n:
        ev = Event("counters", (("target", ("o", obj)), ("counter", "+1/+1"), ("amount", n), ("by", ("p", pid)),
                                ("cause", "effect")))
        game = perform(game, [ev], rule="702.112a", budget=budget)
    o = next((x for x in game.state.objects if x.id == obj), None)
    if o is None or o.zone != Zone.BATTLEFIELD:
        return game
    objs = tuple(replace(x, renowned=True) if x.id == obj else x for x in game.state.objects)
    return game.with_state(objects=objs).emit(GameEvent("becomes_renowned", obj=obj, amount=n, rule="702.112b"))
