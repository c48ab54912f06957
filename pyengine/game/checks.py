"""What happens each time a player would receive priority (CR 117.5): state-based actions
(704) are performed, repeated until none apply, then triggered abilities go on the stack
(603.3b, APNAP); and at the cleanup step, whether anything did, which gives the players
priority and another cleanup step (514.3a).

State-based actions and triggered abilities are other engines (``pyengine.sba`` and
``pyengine.triggers``); until they are part of the build nothing is performed here and the
game says so in :data:`MISSING`.
"""

from __future__ import annotations

from pyengine.budget import Budget
from pyengine.game.model import Game

# the engines the priority checks of CR 117.5 would run that are not part of this build
MISSING: tuple[str, ...] = ("state-based actions (704)", "triggered abilities (603)")


def checks(game: Game, budget: Budget | float) -> tuple[Game, bool]:
    """Perform the checks of CR 117.5; whether anything happened."""
    return game, False


def give_priority(game: Game, player: str, budget: Budget | float) -> Game:
    """``player`` would receive priority: the checks first (117.5), then they have it."""
    game, _ = checks(game, budget)
    if game.outcome.over:
        return game.clone(priority=None, pending=None)
    return game.clone(priority=player)


def after_cleanup(game: Game, budget: Budget | float) -> Game:
    """CR 514.3a: if state-based actions were performed or abilities triggered in the cleanup
    step, the active player gets priority and another cleanup step follows; else no one
    gets priority (514.3) and the step ends."""
    game, happened = checks(game, budget)
    if happened and not game.outcome.over:
        return game.clone(priority=game.active, cleanup_again=True)
    return game.clone(priority=None, cleanup_again=False)
