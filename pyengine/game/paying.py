"""Paying mana in a game (CR 601.2g-h, 106.4): one path for a spell's total cost
(:mod:`pyengine.game.casting`) and a special action's mana cost (116.2b, 701.40b:
:mod:`pyengine.game.keyword_faces`). Whether a payment pays is the casting encodings'
decision (asp/cast/payment.lp); this module moves what it decided: the permanents tap, their
mana abilities' mana enters the pool and the mana spent leaves it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.cast.mana import ManaOption, mana_options
from pyengine.cast.model import Payment
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction
from pyengine.game.pool import Pool


def activations(tap: tuple[tuple[str, str | None], ...], result: Any) -> list[tuple[str, ManaOption]]:
    """The mana ability (and the mana it adds, 106.1a: chosen as it resolves) activated for
    each ``(id, mana letter or None)``: the first adding that mana; without a letter, the only
    one (605.3b: the player says which)."""
    out = []
    for oid, mana in tap:
        ch = result.objects.get(oid)
        options = mana_options(ch.abilities) if ch is not None else []
        if mana is not None:
            options = [o for o in options if mana.upper() in o.symbols][:1]
        if len(options) != 1:
            raise IllegalAction("605.3b", f"{oid}'s mana abilities can add mana {len(options)} ways: say "
                                          f"which is activated ({{id: {oid}, mana: COLOR}})")
        out.append((oid, options[0]))
    return out


def produced(pay: Payment, result: Any) -> Pool:
    """The mana the activated mana abilities add (601.2g, 106.4)."""
    pool = Pool()
    for _, option in activations(pay.tap, result):
        pool = pool.plus(Pool.of(list(option.symbols)))
    return pool


def tapped_for_mana(pay: Payment, result: Any) -> list[tuple[str, str, str]]:
    """The permanents the mana abilities tap ({T} in their cost, 107.5), as :func:`pay_mana`
    takes them; a source only sacrificed (Wild Cantor) doesn't tap."""
    return [(oid, "mana_ability", "601.2g") for oid, opt in activations(pay.tap, result) if opt.tap]


def mana_ability_costs(game: Game, player: str, pay: Payment, result: Any, budget: Budget | float) -> Game:
    """The mana abilities' other costs (601.2g, 605.3a): their sources sacrificed (701.21a: to
    the graveyard, where "dies" abilities see them go) and the life they cost (119.4); then
    what they do besides adding mana as they resolve (605.3b: pyengine.game.mana_riders)."""
    from pyengine.game.casting import _move
    from pyengine.game.perform import perform
    from pyengine.replacement.event import Event

    acts = activations(pay.tap, result)
    events = [_move(oid, "battlefield", "graveyard", "sacrifice") for oid, opt in acts if opt.sacrifice]
    life = sum(opt.life for _, opt in acts)
    if life:
        events.append(Event("pay_life", (("player", ("p", player)), ("amount", life))))
    game = perform(game, events, rule="601.2g", cause="cost", budget=budget) if events else game
    from pyengine.game import mana_riders  # 605.3b: each resolves at once (Ancient Tomb's damage)

    game = mana_riders.resolve(game, player, acts, budget)
    from pyengine.game import mana_triggers  # 605.1b, 605.4a: "whenever ... tapped for mana"

    return mana_triggers.fire(game, player, [(oid, opt.symbols) for oid, opt in acts if opt.tap], budget)


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
