"""Attaching an Aura, Equipment or Fortification in a game (CR 701.3): the instruction
``{kind: attach, object: REF, to: REF}`` of a resolving ability ("Attach this permanent to
target creature you control", the equip keyword's, 702.6a).

It is bound as the ability is put on the stack (the two objects its words name) and followed
in order with the ability's other instructions as it resolves (608.2c). What it may be
attached to is what the state-based actions allow (704.5m-p): the game asks the
state-based-action engine about the state with the object attached, so one rule decides both
(301.5c: an Equipment that's also a creature, or that isn't an Equipment any more, equips
nothing, nor itself; 702.16d: protection; 702.5a: an Aura's enchant quality). Then:

- 701.3b: an object it can't be attached to: it doesn't move; the object it is attached to
  already: the effect does nothing; an object that isn't an Aura, Equipment or Fortification:
  nothing happens (the state-based-action engine unattaches it, 704.5p, so the same answer);
- 400.7: either object not on the battlefield any more (a new object, or none): nothing;
- 701.3c: attached to a different object, it receives a new timestamp.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event

KIND = "attach"


def bind(ins: Any, refs: dict[str, tuple[str, ...]]) -> list[Event]:
    """The ``attach`` instruction as an event naming the two objects (one each)."""
    from pyengine.game.model import IllegalAction

    named = []
    for key in ("object", "to"):
        word = ins.get(key)[1]
        if word not in refs or len(refs[word]) != 1:
            raise IllegalAction("608.2c", f"{word} names no one object here")
        named.append(refs[word][0])
    return [Event(KIND, (("object", ("o", named[0])), ("to", ("o", named[1]))))]


def can_attach(game: Game, oid: str, to: str, budget: Budget | float) -> bool:
    """Whether ``oid`` can be attached to ``to`` (701.3a): both on the battlefield, and the
    state-based actions would leave it attached there (704.5m, 704.5n, 704.5p)."""
    from pyengine.sba.service import check

    objs = {o.id: o for o in game.state.objects}
    if oid not in objs or to not in objs or oid == to:
        return False
    if objs[oid].zone != Zone.BATTLEFIELD or objs[to].zone != Zone.BATTLEFIELD:
        return False
    moved = game.state.clone(objects=tuple(replace(o, attached_to=to) if o.id == oid else o
                                           for o in game.state.objects))
    result = check(moved, budget=Budget.of(budget, "the state-based-action check"))
    return not any(a.obj == oid and a.kind in ("unattach", "put_into_graveyard") for a in result.actions)


def perform(game: Game, e: Event, budget: Budget | float) -> Game:
    """The game after the attach event (701.3a-c)."""
    oid, to = e.get("object")[1], e.get("to")[1]  # type: ignore[index]
    o = next((x for x in game.state.objects if x.id == oid), None)
    if o is None or o.attached_to == to:  # 701.3b: already attached to it: nothing
        return game
    if not can_attach(game, oid, to, budget):  # 701.3b: it doesn't move
        return game
    objs = tuple(replace(x, attached_to=to, timestamp=game.next_timestamp) if x.id == oid else x
                 for x in game.state.objects)  # 701.3c: a new timestamp
    return game.with_state(objects=objs).clone(next_timestamp=game.next_timestamp + 1)
