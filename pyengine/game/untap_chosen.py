"""An untap of up to N permanents the player chooses as the spell or ability resolves (CR
701.26b, 608.2d): "Untap up to two lands." (Cloud of Faeries), ``{kind: untap, player: P,
what: SELECTOR, count: N}`` (pyengine.lang.untap_chosen).

Bound as the object is put on the stack to one event naming its player; as it resolves, the
permanents the player may choose are those on the battlefield now that match ``what`` (read
after layers, 613), whoever controls them: no target is chosen (115.10), so hexproof and shroud
don't matter. "Up to N": any number from none to N of them (107.1c, 609.3). The script gives
the choice ahead, ``{untap_choice: {KEY: [PERMANENTS]}}`` (KEY as ``may``'s); missing, while
a tapped permanent could be chosen, the game stops naming what to give. Choosing an untapped
permanent is allowed and does nothing to it (701.26b: only a tapped permanent becomes untapped).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.game.perform import layers
from pyengine.model.enums import Zone
from pyengine.model.triggers import Instruction
from pyengine.replacement.event import Event

KIND = "untap_chosen"


def bind(ins: Instruction, named: Callable[[Any], tuple[str, ...]],
         refs: dict[str, tuple[str, ...]]) -> list[Event]:
    source = refs.get("self", (None,))[0]
    return [Event(KIND, (("player", pid), ("what", ins.get("what")), ("count", ins.get("count")),
                         ("source", source), ("you", refs["you"][0])))
            for pid in named(ins.get("player"))]


def candidates(game: Game, e: Event, budget: Budget | float) -> tuple[str, ...]:
    """The permanents on the battlefield now that match the instruction's ``what``."""
    from pyengine.combat.select import Context, FinalState

    sel = replace(e.get("what"), zone=Zone.BATTLEFIELD.value)
    chars = layers(game.state, budget).objects
    final = FinalState(game.state, chars)
    here = {o.id for o in game.state.objects if o.zone == Zone.BATTLEFIELD and o.id in chars}
    return tuple(x for x in final.select(sel, Context(e.get("source"), e.get("you"))) if x in here)


def perform_untap(game: Game, item: StackItem, e: Event,
                  take: Callable[[Game, StackItem, str], tuple[Game, Any]], key: str,
                  budget: Budget | float) -> Game:
    count = e.get("count")
    game, given = take(game, item, "untap")
    can = candidates(game, e, budget)
    tapped = [x for x in can if game.state.object(x).tapped]
    if given is None:
        if tapped:
            raise IllegalAction("608.2d", f"{item.text!r} ({item.id}): {e.get('player')} untaps up to "
                                          f"{count} "
                                          f"of {', '.join(can)} (their choice): give {{untap_choice: "
                                          f"{{{key}: [PERMANENTS]}}}} before it resolves")
        given = ()
    pick = list(dict.fromkeys(given))
    if len(pick) != len(tuple(given)) or len(pick) > count:
        raise IllegalAction("701.26b", f"up to {count} different permanents are untapped; "
                                       f"{len(tuple(given))} chosen")
    wrong = [x for x in pick if x not in can]
    if wrong:
        raise IllegalAction("701.26b", f"{', '.join(wrong)}: not a permanent the instruction lets its player "
                                       "untap now (on the battlefield, matching what it says)")
    for oid in pick:  # 701.26b: only a tapped permanent becomes untapped
        if not game.state.object(oid).tapped:
            continue
        objs = tuple(replace(x, tapped=False) if x.id == oid else x for x in game.state.objects)
        game = game.with_state(objects=objs).emit(GameEvent("untap", obj=oid, rule="701.26b"))
    return game
