"""Events whose kinds no triggered ability's trigger event has are answered without the
encoding (pyengine/triggers/quiet.py, CR 603.2): random batches of events of every kind on a
board with a dies ability and an enters ability, matched with the shortcut on and off, give
the same abilities; a token's creation is an event that puts a permanent onto the battlefield
(111.1, 603.6a), so an enters ability still meets it."""

from __future__ import annotations

import dataclasses
import random

from pyengine.events import GameEvent
from pyengine.model.enums import Zone
from pyengine.triggers import match, quiet
from tests.triggers.test_service import ARTIST, moved, state

WARDEN = """
  - id: warden
    controller: bob
    timestamp: 5
    name: Warden
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - trigger: {when: {kind: enters, obj: {types: [Creature]}}}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: "Whenever another creature enters, you gain 1 life."
      - trigger: {at: {step: upkeep, player: you}}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: "At the beginning of your upkeep, you gain 1 life."
      - trigger: {when: {kind: damage, source: self, combat: true}}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: "Whenever Warden deals combat damage, you gain 1 life."
"""
BOARD = ARTIST + WARDEN + """
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}
  - {id: ogre, card: Gray Ogre, controller: alice, timestamp: 3, zone: hand}
"""
KINDS = ["draw", "step_begins", "damage", "life_gain", "cast", "attacks", "create_token", "zone_change",
         "tap", "counters_added"]


def _event(rng: random.Random, i: int, kind: str) -> GameEvent:
    if kind == "zone_change":
        obj, frm, to = rng.choice([("bears", "battlefield", "graveyard"), ("ogre", "hand", "battlefield"),
                                   ("ogre", "hand", "stack"), ("bears", "battlefield", "exile")])
        return GameEvent(kind, index=i, batch=1, obj=obj, from_zone=frm, to_zone=to)
    if kind == "create_token":
        return GameEvent(kind, index=i, batch=1, obj="ogre", player="alice")
    if kind in ("draw", "life_gain"):
        return GameEvent(kind, index=i, batch=1, player=rng.choice(["alice", "bob"]), amount=1)
    if kind == "step_begins":
        return GameEvent(kind, index=i, batch=1, step=rng.choice(["upkeep", "draw"]),
                         player=rng.choice(["alice", "bob"]))
    if kind == "damage":
        return GameEvent(kind, index=i, batch=1, source=rng.choice(["warden", "bears"]), player="alice",
                         amount=1, combat=rng.random() < 0.5)
    return GameEvent(kind, index=i, batch=1, obj="bears")


PATTERNS = [d.pattern for o in state(BOARD).objects for a in o.printed.abilities
            for d in [getattr(a, "trigger", None)] if d is not None]


def _answer(before, after, events, on: bool):  # type: ignore[no-untyped-def]
    quiet.SHORTCUT = on
    try:
        return match(before, after, events)
    finally:
        quiet.SHORTCUT = True


def test_random_batches_get_the_encodings_answer() -> None:
    rng = random.Random(603)
    before = state(BOARD)
    after = moved(before, Zone.BATTLEFIELD, "ogre")
    after = after.clone(objects=tuple(dataclasses.replace(o, zone=Zone.GRAVEYARD) if o.id == "bears" else o
                                      for o in after.objects))
    skipped = triggered = 0
    for _ in range(80):
        events = [_event(rng, i, rng.choice(KINDS)) for i in range(1, rng.randint(1, 3) + 1)]
        off, on = _answer(before, after, events, False), _answer(before, after, events, True)
        assert off == on, events
        if off:
            triggered += 1
        skipped += not quiet.meets(PATTERNS, events)
    assert triggered >= 15 and skipped >= 15, (triggered, skipped)


def test_a_token_entering_meets_an_enters_ability() -> None:
    before = state(BOARD)
    after = moved(before, Zone.BATTLEFIELD, "ogre")
    made = GameEvent("create_token", index=1, batch=1, obj="ogre", player="alice")
    got = match(before, after, [made])
    assert [(t.source, t.rule) for t in got] == [("warden", "603.6a")]
    assert quiet.event_kinds([made]) == {"zone_change"}
    assert match(before, after, [GameEvent("draw", index=1, batch=1, player="alice", amount=1)]) == ()
