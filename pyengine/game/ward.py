"""Becoming the target of a spell or ability, and countering the spell or ability that did:
what ward needs in a game (CR 702.21a: "Whenever this permanent becomes the target of a spell
or ability an opponent controls, counter that spell or ability unless that player pays
[cost].").

- :func:`targeted`: as a spell or ability is put on the stack with its targets chosen (601.2c,
  602.2b, 603.3d), each permanent it targets *becomes the target* of it: one game event
  ``becomes_target`` per object it targets (``obj`` the permanent, ``player`` the controller
  of the spell or ability, ``target`` the stack object's id, ``cause`` ``spell`` or
  ``ability``), a trigger event (603.2) the trigger
  engine matches like the others (``{when: {kind: becomes_target, obj: self, player:
  opponent}}``); ``targeting`` names that spell or ability in the ability that triggered. An
  object chosen for several of its targets becomes its target once: one event (603.2c, 603.2e:
  it *becomes* the target; "Whenever this creature becomes the target of a spell or ability
  you control for the first time each turn" triggers once for a spell that targets it twice).
- ``{kind: counter, object: targeting}``: counter that spell or ability as the ability
  resolves, in order with its other instructions (608.2c): a spell goes from the stack to its
  owner's graveyard (701.6a), unless it can't be countered (101.2: the instruction does nothing
  to it); an ability is removed from the stack (701.6b). One that has left the stack already
  is left alone.
"""

from __future__ import annotations

from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.replacement.event import Event

KIND = "counter"


def targeted(game: Game, item: StackItem, rule: str) -> Game:
    """The game with a ``becomes_target`` event for each object ``item`` targets (once each)."""
    cause = "spell" if item.obj is not None else "ability"  # a spell on the stack is cast (601.2i)
    ids = dict.fromkeys(tid for tid, is_player in item.targets if not is_player)
    events = [GameEvent("becomes_target", obj=tid, player=item.controller, target=item.obj or item.id,
                        cause=cause, rule=rule) for tid in ids]
    return game.emit(*events) if events else game


def bind(ins: Any, refs: dict[str, tuple[str, ...]]) -> list[Event]:
    """``{kind: counter, object: REF}`` bound: the stack object REF names."""
    word = ins.get("object")[1]
    if word not in refs or len(refs[word]) != 1:
        raise IllegalAction("608.2c", f"{word} names no one spell or ability here")
    return [Event(KIND, (("object", ("s", refs[word][0])),))]


def counter(game: Game, e: Event, budget: Budget | float) -> Game:
    """701.6a-b: the stack object the event names is countered (a spell that can't be countered
    is not, 101.2); nothing if it isn't on the stack any more."""
    from pyengine.game.perform import layers, perform

    sid = e.get("object")[1]  # type: ignore[index]
    item = next((s for s in game.stack if (s.obj or s.id) == sid), None)
    if item is None:
        return game
    if item.obj is None:  # 701.6b: an ability is removed from the stack
        game = game.clone(stack=tuple(s for s in game.stack if s is not item))
        return game.emit(GameEvent("ability_removed", obj=item.source, player=item.controller, target=item.id,
                                   cause="countered", rule="701.6b"))
    now = layers(game.state, budget).objects.get(item.obj)
    if now is not None and any("can't be countered" in a.lower() for a in now.abilities):
        return game  # 101.2: a "can't" wins over the instruction
    from pyengine.game.graveyard_casts import jump_started

    # 702.34a, 702.133a: cast for its flashback cost or using jump-start, it is exiled instead
    flashback = item.cast is not None and "flashback" in (item.cast.alternative or ())
    to = "exile" if flashback or jump_started(game, item, budget) else "graveyard"
    fields = (("object", ("o", item.obj)), ("count", 1), ("from", "stack"), ("to", to),
              ("cause", "counter"), ("position", None), ("control", None), ("as", None), ("tapped", False),
              ("face", "front"), ("choice", None))
    return perform(game, [Event("move", fields)], rule="701.6a", cause="counter", budget=budget)
