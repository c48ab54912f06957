"""Paying mana in a game (CR 601.2g-h, 106.4): one path for a spell's total cost
(:mod:`pyengine.game.casting`) and a special action's mana cost (116.2b, 701.40b:
:mod:`pyengine.game.keyword_faces`). Whether a payment pays is the casting encodings'
decision (asp/cast/payment.lp); this module moves what it decided: the permanents tap, their
mana abilities' mana enters the pool and the mana spent leaves it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.cast.facts import mana_abilities
from pyengine.cast.model import Payment
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction
from pyengine.game.pool import Pool


def produced(pay: Payment, result: Any) -> Pool:
    """The mana the activated mana abilities add (601.2g, 106.4)."""
    pool = Pool()
    for oid, mana in pay.tap:
        ch = result.objects.get(oid)
        abilities = mana_abilities(ch.abilities) if ch is not None else []
        if mana is not None:
            abilities = [a for a in abilities if mana.upper() in a][:1]
        if len(abilities) != 1:
            raise IllegalAction("605.3b", f"{oid} has {len(abilities)} mana abilities: say which is "
                                          f"activated ({{id: {oid}, mana: COLOR}})")
        pool = pool.plus(Pool.of(abilities[0]))
    return pool


def pay_mana(game: Game, player: str, tapped: list[tuple[str, str, str]], added: Pool, spent: Pool,
             other_units: int, units: int) -> Game:
    """``player`` pays ``units`` mana: the permanents ``tapped`` ((id, why, rule): mana
    abilities, convoke, improvise) tap, the mana abilities' mana (``added``) enters the pool and
    ``spent`` leaves it; ``other_units`` are paid otherwise (convoke, delve, improvise). What the
    mana abilities add beyond the cost stays in the pool when it is of one type; else which
    stays is the player's choice, which the script makes by activating them first (106.4)."""
    objs = {o.id: o for o in game.state.objects}
    taps = [GameEvent("tap", obj=oid, player=player, cause=why, rule=rule) for oid, why, rule in tapped]
    for e in taps:
        objs[e.obj or ""] = replace(objs[e.obj or ""], tapped=True)
    left = added.count() + spent.count() + other_units - units
    if left > 0 and len(added.amounts) > 1:
        raise IllegalAction("106.4", f"the mana abilities add {added.render()}, {left} more than the cost "
                                     "takes: which mana stays in the pool is the caster's choice; "
                                     "activate the mana abilities first (mana:), then spend what the "
                                     "cost takes from the pool")
    leftover = Pool(((added.amounts[0][0], left),)) if left > 0 else Pool()
    pool = Pool.parse(game.state.player(player).mana).minus(spent).plus(leftover)
    players = tuple(replace(p, mana=pool.render()) if p.id == player else p for p in game.state.players)
    return game.with_state(objects=tuple(objs[o.id] for o in game.state.objects), players=players).emit(*taps)
