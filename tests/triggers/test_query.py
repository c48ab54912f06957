"""The ``triggers`` query (scenarios/triggers/README.md): bad queries are one line naming the
file, the line, the field and what was expected."""

from __future__ import annotations

import pytest

from pyengine.api import loads, solve
from pyengine.errors import ScenarioError

HEAD = """id: t/t
title: t
cr: ["603.2"]
rationale: r
players: [alice, bob]
turn: {active: alice}
objects:
  - {id: authority, card: Authority of the Consuls, controller: alice, timestamp: 1}
  - {id: soldier, name: Soldier, types: [Creature], power: 1, toughness: 1, controller: bob,
     timestamp: 2, token: true}
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 3, zone: graveyard}
"""


def error(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        solve(loads(HEAD + text, "q.yaml"))
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("q.yaml:")
    return msg


def test_a_token_created_by_the_events_is_absent_before_and_triggers() -> None:
    answer = solve(loads(HEAD + """query:
  kind: triggers
  events: [{kind: create_token, obj: soldier, player: bob}]
expect: {triggered: [{source: authority, event: 1, controller: alice}]}
""", "q.yaml"))
    assert [(t.source, t.rule) for t in answer.triggered] == [("authority", "603.6a")]
    assert answer.orders.fixed == ("authority:1@1",)  # its second printed ability


@pytest.mark.parametrize("query, where, says", [
    ("{kind: triggers, events: [{kind: zone_change, obj: bears, from_zone: battlefield, to_zone: exile}]}",
     "query.events[0].to_zone", "the state is the game after the events"),
    ("{kind: triggers, events: [{kind: draw, player: alice, index: 3}, {kind: draw, player: bob, index: 3}]}",
     "query.events[1]", "two events have the index 3"),
    ("{kind: triggers, events: []}", "query.events", "at least one event"),
    ("{kind: triggers, events: [{kind: dies, obj: bears}]}", "query.events[0].kind", "an event kind"),
    ("{kind: triggers, events: [{kind: draw, player: carol}]}", "query.events[0].player", "a player id"),
    ("{kind: triggers, events: [{kind: draw, player: bob}], before: {objects: {nobody: {tapped: true}}}}",
     "query.before.objects.nobody", "unknown field 'nobody'"),
    ("{kind: triggers, events: [{kind: create_token, obj: soldier, player: bob}], chosen: {alice: [x]}}",
     "query.chosen", "must name each ability alice controls once"),
])
def test_bad_queries(query: str, where: str, says: str) -> None:
    msg = error(f"query: {query}\nexpect: {{triggered: []}}\n")
    assert where in msg and says in msg, msg


def test_an_effect_naming_an_absent_object_is_refused() -> None:
    msg = error("""effects:
  - {id: pump, controller: alice, timestamp: 9, affected: [soldier], modify_pt: {power: 1, toughness: 0}}
query:
  kind: triggers
  events: [{kind: create_token, obj: soldier, player: bob}]
expect: {triggered: []}
""")
    assert "'soldier' did not exist before the events" in msg, msg


ARTIST = """  - {id: artist, name: Text Artist, types: [Creature], power: 0, toughness: 1, controller: alice,
     timestamp: 4, abilities: [{text: "Whenever a creature dies, target player loses 1 life."}]}
"""


def test_a_triggered_ability_held_only_as_text_is_refused_not_ignored() -> None:
    """CR 603.1: a paragraph beginning "whenever" is a triggered ability; held as text only, the
    engine can't tell when it triggers, so 'nothing triggered' would be a wrong answer."""
    msg = error(ARTIST + """query:
  kind: triggers
  events: [{kind: zone_change, obj: bears, from_zone: battlefield, to_zone: graveyard}]
expect: {triggered: []}
""")
    assert "artist" in msg and "only as text" in msg and "603.1" in msg
    game = error(ARTIST + """query: {kind: game, script: [pass]}
expect: {checkpoints: {}}
""")
    assert "only as text" in game


@pytest.mark.parametrize("ability", ['{text: Prowess}', '{text: Bushido 2}', 'exalted', '{text: Flanking}',
                                     '"ward {2}"'])
def test_a_triggered_keyword_held_only_by_name_is_refused_not_ignored(ability: str) -> None:
    """CR 702.108a, 702.45a, 702.83a, 702.25a, 702.21a: each of these keywords is a triggered
    ability; held only by its name, the engine can't tell when it triggers (a prowess creature
    after a noncreature spell would silently stay the same size)."""
    monk = ("  - {id: monk, name: Keyword Monk, types: [Creature], power: 1, toughness: 1, "
            f"controller: alice,\n     timestamp: 4, abilities: [{ability}]}}\n")
    msg = error(monk + """query:
  kind: triggers
  events: [{kind: zone_change, obj: bears, from_zone: battlefield, to_zone: graveyard}]
expect: {triggered: []}
""")
    assert "monk" in msg and "only as text" in msg and "603.1" in msg, msg
