"""Proliferate as an instruction of a spell or ability (CR 701.34a): "choose any number of
permanents and/or players that have a counter, then give each one additional counter of each
kind that permanent or player already has".

The choice is the controller's, made as the instruction is followed (608.2d); the script gives
it ahead as ``{proliferate_choice: {KEY: [IDS]}}`` (KEY as ``may``'s: the resolving object's
id, ``SOURCE:N`` or ``SOURCE``; IDS permanents and players, ``[]`` for none). With nothing
that has a counter there is nothing to choose. The counters are put as the script action
``proliferate`` puts them (pyengine.game.keyword_actions; poison counters on players, 122.1f).
"""

from __future__ import annotations

from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event

KIND = "proliferate_choice"


def bind(pid: str) -> Event:
    return Event(KIND, (("player", ("p", pid)),))


def read_ids(reader: Any, cur: Any) -> tuple[str, ...]:
    """The chosen permanents and players, each an id of the scenario."""
    ids = tuple(cur.strings("a list of permanent and player ids ([] for none)"))
    for c, at in zip(ids, [cur] if isinstance(cur.value, str) else cur.seq(), strict=False):
        if c not in reader.ids and c not in reader.players:
            at.fail(f"dangling id {c!r}: neither an object nor a player")
    if len(set(ids)) != len(ids):
        cur.fail("each permanent or player is chosen once (701.34a)")
    return ids


def perform_proliferate(game: Game, item: StackItem, e: Event, budget: Budget | float) -> Game:
    """701.34a: the controller's choice (the script's), then one more counter of each kind."""
    from pyengine.game import keyword_model as M
    from pyengine.game.choice import _keys, _take
    from pyengine.game.keyword_actions import _proliferate

    pid = e.get("player")[1]
    game, chosen = _take(game, item, "proliferate")
    if chosen is None:
        having = [o.id for o in game.state.objects if o.zone == Zone.BATTLEFIELD and o.counters] + \
                 [p.id for p in game.state.players if p.poison > 0]
        if having:
            raise IllegalAction("701.34a", f"{item.text!r} ({item.id}): {pid} chooses what to proliferate "
                                           f"among {', '.join(having)}: give {{proliferate_choice: "
                                           f"{{{_keys(item)[-1]}: [IDS]}}}} before it resolves ([] for none)")
        return game
    return _proliferate(game, M.Proliferate(pid, tuple(chosen)), budget)
