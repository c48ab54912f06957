"""The trigger service's contract with the game (pyengine.triggers.service): match, orders and
intervening_if_holds on states built in code, and bad input refused."""

from __future__ import annotations

import dataclasses

import pytest

from pyengine.events import GameEvent
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState
from pyengine.scenario.loader import load_text
from pyengine.triggers import Triggered, definition, intervening_if_holds, match, orders

ARTIST = """
  - id: artist
    controller: alice
    timestamp: 1
    name: Blood Artist
    types: [Creature]
    power: 0
    toughness: 1
    abilities:
      - trigger: {when: {kind: dies, obj: {types: [Creature]}}}
        targets: [{player: any}]
        do: [{kind: lose_life, player: target, amount: 1}, {kind: gain_life, player: you, amount: 1}]
        text: "Whenever Blood Artist or another creature dies, target player loses 1 life, you gain 1."
"""

HEAD = """
id: t/t
title: t
cr: ["603.2"]
rationale: r
players: [alice, bob]
turn: {active: alice}
objects:
"""
TAIL = """
query: {kind: characteristics, objects: [bears], fields: [power]}
expect: {bears: {power: 2}}
"""


def state(objects: str) -> GameState:
    return load_text(HEAD + objects + TAIL).state


def moved(s: GameState, zone: Zone, *ids: str) -> GameState:
    return s.clone(objects=tuple(dataclasses.replace(o, zone=zone) if o.id in ids else o for o in s.objects))


def dies(index: int, obj: str, batch: int = 1) -> GameEvent:
    return GameEvent("zone_change", index=index, batch=batch, obj=obj, from_zone="battlefield",
                     to_zone="graveyard")


BOARD = ARTIST + """
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}
  - {id: wall, card: Wall of Omens, controller: bob, timestamp: 3, zone: hand}
  - {id: humility, card: Humility, controller: bob, timestamp: 4, zone: hand}
"""


def test_blood_artist_sees_itself_and_another_die_together() -> None:
    before = state(BOARD)
    after = moved(before, Zone.GRAVEYARD, "artist", "bears")
    got = match(before, after, [dies(1, "artist"), dies(2, "bears")])
    assert [(t.source, t.event_index, t.controller, t.rule, t.it) for t in got] == [
        ("artist", 1, "alice", "603.10a", "artist"), ("artist", 2, "alice", "603.10a", "bears")]
    assert got[0].id == "artist:0@1" and got[0].ability == 0
    assert definition(before, got[0]).targets[0].player == "any"


def test_a_creature_dying_after_the_artist_left_is_not_seen() -> None:
    before = moved(state(BOARD), Zone.GRAVEYARD, "artist")
    after = moved(before, Zone.GRAVEYARD, "bears")
    assert match(before, after, [dies(1, "bears")]) == ()


def test_enters_trigger_reads_the_state_after_and_humility_removes_it() -> None:
    before = state(BOARD)
    after = moved(before, Zone.BATTLEFIELD, "wall")
    enters = GameEvent("zone_change", index=5, obj="wall", from_zone="hand", to_zone="battlefield")
    got = match(before, after, [enters])
    assert [(t.source, t.controller, t.rule) for t in got] == [("wall", "bob", "603.6a")]
    with_humility = moved(after, Zone.BATTLEFIELD, "humility")
    assert match(moved(before, Zone.BATTLEFIELD, "humility"), with_humility, [enters]) == ()


def test_orders_apnap_and_choices() -> None:
    a1 = Triggered("a1", "x", 0, "alice", 1, "t", "603.2")
    a2 = Triggered("a2", "y", 0, "alice", 1, "t", "603.2")
    b1 = Triggered("b1", "z", 0, "bob", 1, "t", "603.2")
    o = orders([b1, a1, a2], "alice", ["alice", "bob"])
    assert o.fixed is None and o.count == 2
    assert o.per_player == (("alice", ("a1", "a2")), ("bob", ("b1",)))
    o = orders([b1, a1, a2], "alice", ["alice", "bob"], {"alice": ["a2", "a1"]})
    assert o.fixed == ("a2", "a1", "b1") and o.count == 1
    o = orders([b1, a1], "bob", ["alice", "bob"])
    assert o.fixed == ("b1", "a1")  # CR 603.3b: the active player's first, the other's resolves first
    assert orders([], "alice", ["alice", "bob"]).fixed == ()


def test_a_count_of_orders_past_the_cap_says_more_than() -> None:
    """CR 603.3b: 9 abilities of one player have 9! = 362,880 orders, counted exactly; 10 have
    3,628,800, past the cap, so the answer says "more than 1,000,000" (never a number past the
    input bounds: 30 abilities would have 30! orders)."""
    from pyengine.triggers.model import COUNT_CAP

    nine = [Triggered(f"a{i}", f"x{i}", 0, "alice", 1, "t", "603.2") for i in range(9)]
    o = orders(nine, "alice", ["alice", "bob"])
    assert (o.count, o.count_exact) == (362_880, True)
    many = [Triggered(f"a{i}", f"x{i}", 0, "alice", 1, "t", "603.2") for i in range(30)]
    o = orders(many, "alice", ["alice", "bob"])
    assert (o.count, o.count_exact) == (COUNT_CAP, False)


def test_orders_refuses_a_bad_choice() -> None:
    a1 = Triggered("a1", "x", 0, "alice", 1, "t", "603.2")
    with pytest.raises(ValueError, match="must name each ability"):
        orders([a1], "alice", ["alice", "bob"], {"alice": ["a1", "a1"]})
    with pytest.raises(ValueError, match="active player"):
        orders([a1], "carol", ["alice", "bob"])
    with pytest.raises(ValueError, match="not in the turn order"):
        orders([Triggered("c", "x", 0, "carol", 1, "t", "603.2")], "alice", ["alice", "bob"])


SHRINE = """
  - id: shrine
    controller: alice
    timestamp: 1
    name: Lonely Shrine
    types: [Enchantment]
    abilities:
      - trigger: {at: {step: upkeep, player: you}, if: {not_exists: {types: [Creature], controller: you}}}
        do: [{kind: draw, player: you}]
        text: "At the beginning of your upkeep, if you control no creatures, draw a card."
  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2, zone: hand}
"""


def test_intervening_if_on_trigger_and_on_resolution() -> None:
    s = state(SHRINE)
    upkeep = GameEvent("step_begins", index=1, step="upkeep", player="alice")
    got = match(s, s, [upkeep])
    assert len(got) == 1 and intervening_if_holds(s, got[0])
    later = moved(s, Zone.BATTLEFIELD, "bears")
    assert not intervening_if_holds(later, got[0])  # CR 603.4: checked again on resolution
    assert match(later, later, [upkeep]) == ()
    bobs = GameEvent("step_begins", index=1, step="upkeep", player="bob")
    assert match(s, s, [bobs]) == ()  # not alice's upkeep


def test_bad_events_are_refused() -> None:
    s = state(BOARD)
    with pytest.raises(ValueError, match="index 1"):
        match(s, s, [dies(1, "artist"), dies(1, "bears")])
    with pytest.raises(ValueError, match="no object"):
        match(s, s, [dies(1, "nobody")])
    with pytest.raises(ValueError, match="unknown game event kind"):
        GameEvent("explodes")


GUIDE = """
  - {id: guide, card: Goblin Guide, controller: alice, timestamp: 1}
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}
"""


def test_an_attack_trigger_functions_only_on_the_battlefield() -> None:
    """CR 113.6, 113.6k: only a trigger condition that can't trigger from the battlefield (a
    card's own zone change or casting) functions in another zone; "whenever this creature
    attacks" of a creature no longer on the battlefield doesn't trigger."""
    before = state(GUIDE)
    attack = GameEvent("attacks", index=1, obj="guide", player="alice", target="bob")
    assert [t.id for t in match(before, before, [attack])] == ["guide:1@1"]
    gone = moved(before, Zone.GRAVEYARD, "guide")
    assert match(gone, gone, [attack]) == ()
