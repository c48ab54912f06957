"""The ``each`` instruction in a game (pyengine/game/each.py): "put a +1/+1 counter on each
creature you control", its group determined as the ability resolves (CR 608.2c)."""

from __future__ import annotations

from pyengine.api import check, loads

SCENARIO = """id: game/each
title: t
cr: ["608.2c"]
rationale: r
players: [{id: alice, library_size: 5}, {id: bob, library_size: 5}]
turn: {active: alice, number: 3, step: precombat_main}
objects:
  - id: township
    name: Township
    types: [Land]
    controller: alice
    timestamp: 1
    abilities:
      - activated:
          cost: "{T}"
          do:
            - kind: each
              affects: {types: [Creature], controller: you}
              do: [{kind: counters, target: each, counter: "+1/+1"}]
        text: "{T}: Put a +1/+1 counter on each creature you control."
  - {id: bears, name: Bears, types: [Creature], power: 2, toughness: 2, controller: alice, timestamp: 2}
  - {id: ogre, name: Ogre, types: [Creature], power: 3, toughness: 3, controller: bob, timestamp: 3}
  - {id: flasher, name: Flasher, types: [Creature], power: 1, toughness: 1, abilities: [flash],
     owner: alice, zone: hand}
query:
  kind: game
  script:
    - activate: {player: alice, source: township}
    - stack: {object: flasher, controller: alice}
    - resolve
    - checkpoint: flash
    - resolve
    - checkpoint: done
expect:
  checkpoints:
    flash: {objects: {flasher: {zone: battlefield}, bears: {power: 2}}}
    done:
      stack: []
      objects:
        bears: {power: 3, toughness: 3, counters: {"+1/+1": 1}}
        flasher: {power: 2, counters: {"+1/+1": 1}}
        ogre: {power: 3, counters: {}}
"""


def test_the_group_is_read_as_the_ability_resolves() -> None:
    """608.2c: the creature that entered while the ability waited on the stack gets a counter;
    the opponent's creature doesn't (122.1a, 613.4c)."""
    assert check(loads(SCENARIO, "each.yaml")).status == "pass"


def test_a_wrong_expectation_fails() -> None:
    """The scenario can fail: had the group been fixed as the ability was activated, the
    creature flashed in would have no counter."""
    wrong = SCENARIO.replace('flasher: {power: 2, counters: {"+1/+1": 1}}', "flasher: {power: 1}")
    assert wrong != SCENARIO
    assert check(loads(wrong, "each.yaml")).status == "fail"


OTHER = """id: game/each-other
title: t
cr: ["608.2c"]
rationale: r
players: [alice, bob]
turn: {active: alice, number: 3}
objects:
  - id: leader
    name: Leader
    types: [Creature]
    power: 2
    toughness: 2
    owner: alice
    zone: hand
    abilities:
      - text: When this creature enters, put a +1/+1 counter on each other creature you control.
        trigger: {when: {kind: enters, obj: self}}
        do:
          - kind: each
            affects: {types: [Creature], controller: you, other: true}
            do: [{kind: counters, target: each, counter: "+1/+1", amount: 2}]
  - {id: bears, name: Bears, types: [Creature], power: 2, toughness: 2, controller: alice, timestamp: 2}
query:
  kind: game
  script:
    - stack: {object: leader, controller: alice}
    - resolve
    - resolve
    - checkpoint: done
expect:
  checkpoints:
    done: {stack: [], objects: {bears: {power: 4, counters: {"+1/+1": 2}}, leader: {power: 2, counters: {}}}}
"""


def test_other_leaves_the_source_out() -> None:
    assert check(loads(OTHER, "other.yaml")).status == "pass"
