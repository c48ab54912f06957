"""A sacrifice of permanents the player chooses as the spell or ability resolves (CR 701.21a:
"a player sacrifices a permanent they control of their choice"; 608.2d: the choice is made as
it resolves): ``{kind: sacrifice, player: P, what: SELECTOR, count: N}`` (pyengine.lang.sacrifice).

Bound as the object is put on the stack to one event naming its players; as it resolves, the
permanents each player may choose are those they control then that match ``what`` (read after
layers, 613; ``other`` relative to the source). A player who controls ``count`` or fewer of
them sacrifices them all, without a choice (none: nothing, 609.3). Otherwise the script gives
the choice ahead, ``{sacrifice_choice: {KEY: [PERMANENTS]}}`` (KEY as ``may``'s), one list
for the instruction holding every player's permanents; a player's choice missing stops the game
naming what to give. With several players ("each player sacrifices a creature"), the choices
are made in APNAP order (101.4) and the permanents are sacrificed at once, one batch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.game.perform import layers, perform
from pyengine.model.enums import Zone
from pyengine.model.triggers import Instruction
from pyengine.replacement.event import Event

KIND = "sacrifice_chosen"


def bind(ins: Instruction, named: Callable[[Any], tuple[str, ...]],
         refs: dict[str, tuple[str, ...]]) -> list[Event]:
    players = tuple(dict.fromkeys(p for r in ins.get("player") for p in named(r)))
    source = refs.get("self", (None,))[0]
    return [Event(KIND, (("players", players), ("what", ins.get("what")), ("count", ins.get("count")),
                         ("source", source), ("you", refs["you"][0])))]


def candidates(game: Game, e: Event, pid: str, budget: Budget | float) -> tuple[str, ...]:
    """The permanents ``pid`` controls now that the instruction lets them sacrifice (701.21a)."""
    from pyengine.combat.select import Context, FinalState

    sel = e.get("what")
    sel = replace(sel, zone=Zone.BATTLEFIELD.value)
    chars = layers(game.state, budget).objects
    final = FinalState(game.state, chars)
    mine = {o.id for o in game.state.objects if o.zone == Zone.BATTLEFIELD and o.id in chars
            and chars[o.id].controller == pid}  # its controller after layers (613.1b)
    return tuple(x for x in final.select(sel, Context(e.get("source"), e.get("you"))) if x in mine)


def cannot(game: Game, e: Event, budget: Budget | float = 5.0) -> str | None:
    """Why "you may sacrifice a creature" can't be chosen (118.3, 701.21a): fewer permanents
    that fit than it sacrifices."""
    for pid in e.get("players"):
        n = len(candidates(game, e, pid, budget))
        if n < e.get("count"):
            return f"{pid} controls {n} permanent(s) it may sacrifice, fewer than {e.get('count')} (701.21a)"
    return None


def perform_sacrifice(game: Game, item: StackItem, e: Event,
                      take: Callable[[Game, StackItem, str], tuple[Game, Any]], key: str,
                      budget: Budget | float) -> Game:
    count = e.get("count")
    game, given = take(game, item, "sacrifice")
    given = tuple(given or ())
    players = list(e.get("players"))
    active = game.state.turn.active
    players.sort(key=lambda p: p != active)  # 101.4: APNAP order
    chosen: list[str] = []
    for pid in players:
        can = candidates(game, e, pid, budget)
        theirs = [x for x in given if x in can]
        if len(can) <= count:  # nothing to choose: every one of them (none: nothing, 609.3)
            pick = list(can)
        else:
            pick = theirs
            if not pick:
                raise IllegalAction("701.21a", f"{item.text!r} ({item.id}): {pid} sacrifices {count} of "
                                               f"{', '.join(can)} (their choice): give {{sacrifice_choice: "
                                               f"{{{key}: [PERMANENTS]}}}} before it resolves")
            if len(pick) != count:
                raise IllegalAction("701.21a", f"{pid} sacrifices {count} permanent(s); {len(pick)} chosen")
        chosen += pick
    wrong = [x for x in given if x not in chosen]
    if wrong:
        raise IllegalAction("701.21a", f"{', '.join(wrong)}: not a permanent the instruction lets its "
                                       "player sacrifice now (their own, matching what it says)")
    if not chosen:
        return game
    events = [Event("move", (("object", ("o", oid)), ("count", 1), ("from", "battlefield"),
                             ("to", "graveyard"), ("cause", "sacrifice"), ("position", None),
                             ("control", None), ("as", None), ("tapped", False), ("face", "front"),
                             ("choice", None)))
              for oid in chosen]
    return perform(game, events, rule="701.21a", cause="sacrifice", budget=budget)
