"""Activated mana abilities whose cost the script's ``activate`` pays (CR 605.1a, 605.3): the
Signets' "{1}, {T}: Add {W}{U}.", Coal Golem's "{3}, Sacrifice SELF: Add {R}{R}{R}.", an ability
removing counters or tapping an untapped creature for its cost, "Activate only once each turn."

605.1a: an activated ability is a mana ability if it doesn't require a target, could add mana
as it resolves (its instructions add mana: ``add_mana``) and isn't a loyalty ability; a mana
cost in its cost doesn't change that. Its cost is paid as any activated ability's (602.2b,
601.2g-h: :mod:`pyengine.game.activation`), and it doesn't use the stack (605.3b): once its
costs are paid it resolves at once, its mana going into its controller's pool (106.4), the
mana a choice adds chosen as it resolves (106.1a: the script's ``mana_choice``, keyed by its
source). The player then receives priority again (117.3c), triggered abilities its costs
triggered (Chromatic Star's "put into a graveyard") going on the stack first (117.5).

The script activates it at priority (605.3a); its mana then pays a spell's cost or another
ability's from the pool. Activated while a spell's cost is being paid (601.2g) the cast
engine doesn't propose it: the mana abilities a payment taps are those read from display names
(pyengine/cast/mana.py), whose costs are {T}, sacrificing the source and life.
"""

from __future__ import annotations

from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, StackItem
from pyengine.model.activated import ActivatedDef


def is_mana_ability(d: ActivatedDef) -> bool:
    """605.1a: no target, could add mana (an ``add_mana`` instruction), not a loyalty ability."""
    return not d.targets and not d.cost.is_loyalty and any(ins.kind == "add_mana" for ins in d.effects)


def resolve_now(game: Game, item: StackItem, budget: Budget | float, tapped: bool = False) -> Game:
    """605.3b: the mana ability resolves immediately after it is activated, without the stack:
    its instructions followed in order (608.2c), the amounts computed now (608.2h). ``tapped``:
    its cost has {T}, so its source was tapped for mana (106.12): the triggered mana abilities
    that triggers resolve right after it (605.1b, 605.4a: pyengine.game.mana_triggers), with
    the mana it produced."""
    from pyengine.game import amounts, choice, mana_triggers
    from pyengine.game.pool import Pool
    from pyengine.game.stack import note

    game = game.note(note("resolves", item, "605.3b"))
    before = Pool.parse(game.state.player(item.controller).mana)
    events = amounts.now(game, item.source, item.controller, item.events, budget)
    keep: Any = lambda _g, _e: True  # noqa: E731 - nothing of it can be illegal: it has no target
    game = choice.perform_in_order(game, item, events, keep, budget)
    if not tapped or item.source is None:
        return game
    after = Pool.parse(game.state.player(item.controller).mana)
    made = tuple(s for s, n in after.amounts for _ in range(max(n - dict(before.amounts).get(s, 0), 0)))
    return mana_triggers.fire(game, item.controller, [(item.source, made)], budget)
