"""pyengine/scenario/loader.py: documented defaults, accepted forms, and rejections."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.errors import ScenarioError
from pyengine.model.enums import Duration, Step, Zone
from pyengine.scenario.loader import load_file, load_text

BASE = """\
id: t/x
title: t
cr: ["613.1"]
rationale: r
players: [alice, {id: bob, life: 7, poison: 2, mana: "{1}{G}"}]
turn: {active: bob, number: 3, step: declare_attackers}
objects:
  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}
  - {id: gy, name: Old Bones, types: [Creature], power: 1, toughness: 1, owner: bob, zone: graveyard}
effects:
  - {id: growth, card: Giant Growth, controller: alice, timestamp: 2, affected: [bears],
     duration: end_of_turn}
query: {kind: characteristics, objects: [bears]}
expect:
  bears: {name: Grizzly Bears, mana_value: 2, colors: [green], types: [Creature], subtypes: [Bear],
          supertypes: [], abilities: [], power: 5, toughness: 5, loyalty: null, defense: null,
          controller: alice}
"""


def test_valid_fixture_loads(fixtures: Path) -> None:
    s = load_file(fixtures / "valid" / "anthem-bears.yaml")
    assert s.id == "fixtures/anthem-bears"
    assert s.cr == ("613.4c", "611.3a")
    assert s.tags == ("layers", "fixture")
    assert s.disputed == ()
    assert [o.id for o in s.state.objects] == ["bears", "anthem"]
    assert s.expect == {"bears": {"power": 3, "toughness": 3}}


def test_forms_and_defaults() -> None:
    s = load_text(BASE, "base.yaml")
    alice, bob = s.state.players
    assert (alice.life, alice.poison, alice.mana) == (20, 0, "")
    assert (bob.life, bob.poison, bob.mana) == (7, 2, "{1}{G}")
    assert (s.state.turn.active, s.state.turn.number, s.state.turn.step) == ("bob", 3, Step.DECLARE_ATTACKERS)
    bears, bones = s.state.objects
    assert bears.zone == Zone.BATTLEFIELD and bears.controlled_since_turn_start is True
    assert (bears.owner, bears.controller, bears.card) == ("alice", "alice", "Grizzly Bears")
    assert bones.zone == Zone.GRAVEYARD and bones.controller == "bob" and bones.card is None
    (growth,) = s.state.effects
    assert growth.locked == ("bears",) and growth.duration == Duration.END_OF_TURN
    assert s.lines["objects"] == 7 and bears.line == 8


def test_disputed_readings_are_read() -> None:
    head, expect = BASE.split("expect:\n", 1)
    expect = "".join("    " + line + "\n" for line in expect.splitlines())
    readings = ('disputed:\n  - reason: unclear\n    cr: ["613.8"]\n    expect:\n' + expect
                + '  - reason: or not\n    cr: ["613.8a", "613.9"]\n    expect:\n' + expect)
    s = load_text(head + readings)
    assert [(r.reason, r.cr) for r in s.disputed] == [("unclear", ("613.8",)),
                                                      ("or not", ("613.8a", "613.9"))]
    assert s.expectations == (s.disputed[0].expect, s.disputed[1].expect)
    assert s.expect == s.disputed[0].expect == load_text(BASE).expect


@pytest.mark.parametrize("old,new,message", [
    ('cr: ["613.1"]', 'cr: ["six-one-three"]', "cr[0]: expected a CR rule number such as 613.4c"),
    ('cr: ["613.1"]', "cr: []", "cr: expected at least one CR rule number"),
    ("players: [alice, {id: bob", "players: [alice, {id: alice",
     "players[1].id: duplicate player id 'alice'"),
    ("turn: {active: bob", "turn: {active: carol", "turn.active: expected a player id: alice, bob"),
    ("step: declare_attackers", "step: combat", "turn.step: expected a step:"),
    ("controller: alice, timestamp: 1}", "controller: alice}",
     "objects[0]: missing required field 'timestamp'"),
    ("owner: bob, zone: graveyard}", "owner: bob, controller: alice, zone: graveyard}",
     "CR 108.4a: a card in the graveyard has no controller other than its owner"),
    ("zone: graveyard}", "zone: graveyard, tapped: true}", "CR 110.5: only permanents are tapped"),
    (" affected: [bears],", "", "missing required field 'affected': CR 611.2c"),
    ("affected: [bears]", "affected: [bear]", "effects[0].affected[0]: dangling object id 'bear'"),
    ("duration: end_of_turn", "duration: forever", "effects[0].duration: expected a duration:"),
    ("card: Giant Growth", "card: Grizzly Bears", "Grizzly Bears has no resolving continuous effect"),
    ("timestamp: 2, affected", "timestamp: 1, affected",
     "timestamp 1 clashes with object 'bears' (CR 613.7b)"),
    ("kind: characteristics", "kind: poker", "query.kind: unknown query kind 'poker'; expected one of:"),
    ("power: 5, toughness: 5,", "power: 5,", "expect.bears: missing 'toughness'"),
    ("colors: [green]", "colors: [teal]", "expected one of white, blue, black, red, green, got 'teal'"),
    # the bad-input hunt: these became colorless (a silent default)
    ("types: [Creature], power: 1, toughness: 1, owner: bob", "types: [Creature], colors: false, power: 1, "
     "toughness: 1, owner: bob", "objects[1].colors: expected a list, got boolean false"),
    ("types: [Creature], power: 1, toughness: 1, owner: bob", "types: [Creature], colors: 0, power: 1, "
     "toughness: 1, owner: bob", "objects[1].colors: expected a list, got integer 0"),
    # CR 613.7c: a counter's timestamp, when later than its permanent's
    ("controller: alice, timestamp: 1}", "controller: alice, timestamp: 3, counters: {flying: "
     "{count: 1, timestamp: 2}}}", "objects[0].counters.flying.timestamp: counters are put on an "
     "object no earlier than it entered (timestamp 3; CR 613.7c, 613.7d)"),
    ("controller: alice, timestamp: 1}", "controller: alice, timestamp: 1, counters: {flying: "
     "{count: 1, timestamp: 2}}}", "objects[0].counters.flying.timestamp: timestamp 2 clashes with "
     "effect 'growth' (CR 613.7c)"),
    ("controller: alice, timestamp: 1}", "controller: alice, timestamp: 1, counters: {flying: "
     "{count: 1, when: 2}}}", "objects[0].counters.flying.when: unknown field 'when'"),
])
def test_rejections_name_the_field(old: str, new: str, message: str) -> None:
    text = BASE.replace(old, new, 1)
    assert text != BASE
    with pytest.raises(ScenarioError) as info:
        load_text(text, "base.yaml")
    assert message in str(info.value)
    assert str(info.value).startswith("base.yaml:")


def test_counters_with_a_later_timestamp() -> None:
    text = BASE.replace("controller: alice, timestamp: 1}", "controller: alice, timestamp: 1, "
                        "counters: {flying: {count: 1, timestamp: 3}, '+1/+1': {count: 2, timestamp: 1}}}")
    bears = load_text(text, "base.yaml").state.object("bears")
    assert bears.counters == (("flying", 1), ("+1/+1", 2))
    # the +1/+1 counters came with the Bears: no timestamp of their own
    assert bears.counter_timestamps == (("flying", 3),)


def test_attached_to_itself_is_refused() -> None:
    text = BASE.replace("controller: alice, timestamp: 1}",
                        "controller: alice, timestamp: 1, attached_to: bears}")
    with pytest.raises(ScenarioError, match="can't be attached to itself"):
        load_text(text, "base.yaml")


def test_missing_file_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read file"):
        load_file(tmp_path / "nope.yaml")


def test_non_utf8_file_is_a_scenario_error(tmp_path: Path) -> None:
    p = tmp_path / "latin1.yaml"
    p.write_bytes("title: caf\xe9\n".encode("latin-1"))
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_file(p)


def test_affected_null_is_an_empty_set_not_a_crash() -> None:
    # found by the bad-input hunt: an IndexError
    text = BASE.replace("affected: [bears],", "affected: null,")
    s = load_text(text, "base.yaml")
    assert s.state.effects[0].locked == ()
