"""A permanent connives (CR 701.50a), an instruction of a resolving spell or ability: its
controller draws a card, then discards a card; if a nonland card is discarded this way, they put
a +1/+1 counter on the conniving permanent.

The discarded card is the player's choice, given ahead as ``{keyword_choice: {KEY: CARD}}``
(608.2d; KEY as ``may``'s): a named card of their hand after the draw (whether an unnamed card
is a land can't be told). With an empty hand after the draw nothing is discarded and no counter
is put. A conniver no longer on the battlefield (701.50c, last known information) and "connive
N" (701.50e) are not followed yet.
"""

from __future__ import annotations

from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event

RULE = "701.50a"


def connive(game: Game, item: StackItem, obj: str, chosen: Any, budget: Budget | float) -> Game:
    from pyengine.game.choice import _discard_event, _keys
    from pyengine.game.keyword_instr import acting_controller
    from pyengine.game.perform import perform

    pid = acting_controller(game, obj, "701.50c", "connives", budget)
    game = perform(game, [Event("draw", (("player", ("p", pid)), ("count", 1)))], rule=RULE, budget=budget)
    if game.state.player(pid).hand_size <= 0:
        return game  # nothing to discard: no nonland card discarded
    named = [x.id for x in game.state.objects if x.zone == Zone.HAND and x.owner == pid]
    if chosen is None or isinstance(chosen, bool):
        raise IllegalAction(
            RULE,
            f"{item.text!r} ({item.id}): {pid} discards a card after drawing (named in hand: "
            f"{', '.join(named) or 'none'}): give {{keyword_choice: {{{_keys(item)[-1]}: CARD}}}} "
            "before it resolves",
        )
    if chosen not in named:
        raise IllegalAction("701.9a", f"{chosen} is not a named card in {pid}'s hand")
    card = game.state.object(chosen)
    if not card.printed.name and not card.printed.types:
        raise IllegalAction(RULE, f"{chosen} has an unknown face: whether it is a land can't be told")
    game = perform(game, [_discard_event(("o", chosen))], rule="701.9a", cause="discard", budget=budget)
    if "Land" in card.printed.types or game.state.object(obj).zone != Zone.BATTLEFIELD:
        return game
    from pyengine.game.keyword_instr import plus_one_counter

    counter = plus_one_counter(obj, pid)
    return perform(game, [counter], rule=RULE, budget=budget)
