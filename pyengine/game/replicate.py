"""Replicate's triggered ability in a game (CR 702.56a): "When you cast this spell, if a
replicate cost was paid for it, copy it for each time its replicate cost was paid. If the spell
has any targets, you may choose new targets for any of the copies."

The cast engine reads the cost (``{replicate: COST}``, an additional cost paid any number of
times, the cast's ``replicate: N``: asp/cast/replicate.lp, 601.2b, 601.2f-h). The number of
payments is fixed as the spell is cast, so the intervening "if" (603.4) is known then: the game
creates the ability only for a spell whose replicate cost was paid (N >= 1), as a triggered
ability that triggers on the spell's own cast event (601.2i) and only then (603.7b: the game's
delayed-trigger machinery, created just before the event), controlled by the caster, its source
the spell. It copies the spell N times (707.10, pyengine.game.copies: ``copy_spell`` with count
N and new targets the script may give with ``copy_choice``, KEY the spell's id); 702.56b (each
instance of replicate separately) is not followed: a card has one.
"""

from __future__ import annotations

from pyengine.game.model import Game
from pyengine.model.triggers import Instruction

TEXT = ("When you cast this spell, if a replicate cost was paid for it, copy it for each time its "
        "replicate cost was paid. If the spell has any targets, you may choose new targets for any of "
        "the copies (replicate, 702.56a).")


def before_cast(game: Game, spell: str, player: str, times: int | None) -> Game:
    """The replicate ability of ``spell``, cast by ``player`` with its replicate cost paid
    ``times`` times, created just before its cast event (nothing when it wasn't paid)."""
    if not times:
        return game
    from pyengine.lang.effects import Ctx
    from pyengine.lang.triggers import _when
    from pyengine.lang.yamlread import Cursor
    from pyengine.model.triggers import TriggerDef
    from pyengine.triggers.special import Delayed

    when = _when(Cursor({"kind": "cast", "player": "you"}, "replicate (CR 702.56a)", None, None), Ctx())
    ins = Instruction("copy_spell", (("object", ("ref", "self")), ("count", times), ("new_targets", True)))
    n = game.next_delayed
    made = Delayed(f"delayed{n}", player, spell, TEXT, TriggerDef(when, effects=(ins,)),
                   (("self", (spell,)), ("you", (player,))), len(game.log))
    return game.clone(delayed=game.delayed + (made,), next_delayed=n + 1)
