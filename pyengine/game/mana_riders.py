"""What a mana ability does besides adding mana, as it resolves (CR 605.3b: at once, without
the stack): its source deals damage to its controller (Ancient Tomb, the painlands: 120.3) or
doesn't untap during its controller's next untap step (Cinder Marsh: 502.3, a continuous
effect on its source, 611.2a, ending once that untap step has happened, pyengine.game.turns).
The mana abilities are read from their display names (pyengine/cast/mana.py)."""

from __future__ import annotations

from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game
from pyengine.replacement.event import Event


def resolve(game: Game, player: str, acts: list[tuple[str, Any]], budget: Budget | float) -> Game:
    """The riders of the mana abilities ``acts`` ((source id, ManaOption)) ``player`` activated."""
    from pyengine.game.perform import perform

    hurt = [Event("damage", (("source", ("o", oid)), ("target", ("p", player)), ("amount", opt.damage),
                             ("combat", False))) for oid, opt in acts if opt.damage]
    game = perform(game, hurt, rule="605.3b", cause="effect", budget=budget) if hurt else game
    for oid, opt in acts:
        if opt.frozen:
            game = _stays_tapped(game, player, oid)
    return game


def _stays_tapped(game: Game, player: str, oid: str) -> Game:
    """502.3, 611.2a: "SELF doesn't untap during your next untap step": an effect on the source."""
    from pyengine.lang.effects import Ctx, parse_effect
    from pyengine.lang.yamlread import Cursor
    from pyengine.model.effects import ResolvedEffect
    from pyengine.model.enums import Duration

    text = "It doesn't untap during your next untap step."
    definition = parse_effect(Cursor({"text": text, "doesnt_untap": True}, "mana ability", None, None),
                              Ctx(players=game.state.player_ids), allow_no_affects=True)
    ts = game.next_timestamp
    eff = ResolvedEffect(f"{oid}/mana@{ts}", definition, ts, player, Duration.NEXT_UNTAP_STEP,
                         source=oid, locked=(oid,))
    return game.with_state(effects=game.state.effects + (eff,)).clone(next_timestamp=ts + 1)
