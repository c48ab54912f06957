"""Delayed triggered abilities (CR 603.7), state triggers (603.8) and the legal targets of a
triggered ability (603.3d, 115.1): their syntax, bad input, and the engine's answers."""

from __future__ import annotations

import pytest

from pyengine.budget import Budget
from pyengine.errors import ScenarioError
from pyengine.events import GameEvent
from pyengine.model.triggers import Pattern, TargetSpec
from pyengine.scenario.loader import load_text
from pyengine.triggers.special import Delayed, match_delayed, state_triggers
from pyengine.triggers.targets import legal_targets
from tests.game.helpers import card, creature, state
from tests.triggers.test_lang import HEAD, ability, error


def _budget() -> Budget:
    return Budget(30.0, "the test")


def test_delayed_and_state_syntax() -> None:
    ab = ability("""      - trigger: {when: {kind: enters, obj: self}}
        do:
          - {kind: create_tokens, token: {name: Spark, types: [Creature], power: 1, toughness: 1}}
          - {kind: delayed, at: {step: end}, do: [{kind: sacrifice, object: created}]}
        text: "When this creature enters, create a Spark. Sacrifice it at the beginning of the next end step."
""")
    delayed = ab.trigger.effects[1]
    assert delayed.kind == "delayed"
    assert delayed.get("trigger") == Pattern("step_begins", step="end", player="any")
    assert delayed.get("do")[0].get("object") == ("ref", "created")
    st = ability("""      - trigger: {state: {not_exists: {types: [Creature], controller: you, other: true}}}
        do: [{kind: sacrifice, object: self}]
        text: When you control no other creatures, sacrifice this creature.
""").trigger
    assert st.pattern.kind == "state" and st.state is not None and st.condition is None


@pytest.mark.parametrize("text,where,says", [
    ("""      - trigger: {state: {not_exists: {types: [Creature]}}, if: {exists: {types: [Land]}}}
        do: [{kind: draw}]
        text: x
""", "trigger.if", "no intervening if clause"),
    ("""      - trigger: {state: {exists: {types: [Land]}}, at: {step: upkeep}}
        do: [{kind: draw}]
        text: x
""", "trigger", "exactly one of 'when'"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        do: [{kind: sacrifice, object: created}]
        text: x
""", "do[0].object", "expected an object"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        do: [{kind: delayed, do: [{kind: draw}]}]
        text: x
""", "do[0]", "exactly one of 'when'"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        do: [{kind: delayed, at: {step: end}, do: [{kind: delayed, at: {step: end}, do: [{kind: draw}]}]}]
        text: x
""", "do[0].do[0].kind", "an event kind"),
])
def test_bad_delayed_and_state_input(text: str, where: str, says: str) -> None:
    msg = error(text)
    assert "\n" not in msg and msg.startswith("t.yaml:")
    assert where in msg and says in msg, msg


def test_delayed_triggers_on_a_later_step_only_and_once() -> None:
    s = state(creature("bear", "alice", 2, 2, 1))
    d = Delayed("delayed1", "alice", None, "at the next end step", (
        ability("""      - trigger: {at: {step: end}}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: x
""").trigger), (), created=2)
    early = GameEvent("step_begins", step="end", player="alice", index=2, batch=1)
    late = GameEvent("step_begins", step="end", player="alice", index=5, batch=2)
    later = GameEvent("step_begins", step="end", player="bob", index=9, batch=3)
    assert match_delayed(s, s, [early], [d], budget=_budget()) == ()  # 603.7a: made after it
    got = match_delayed(s, s, [early, late, later], [d], budget=_budget())
    assert [(x.id, t.id, t.event_index, t.controller) for x, t in got] == \
        [("delayed1", "delayed1@5", 5, "alice")]


def test_state_trigger_holds_per_source_and_not_while_pending() -> None:
    croc = card("croc", "Emperor Crocodile", "alice", 1)
    text = croc.printed.abilities[0].name
    alone = state(croc, creature("ogre", "bob", 2, 2, 2))
    got = state_triggers(alone, (), budget=_budget())
    assert [(t.id, t.controller, t.rule) for t in got] == [("croc:0@state", "alice", "603.8")]
    assert state_triggers(alone, {("croc", text)}, budget=_budget()) == ()  # 603.8: pending
    company = state(croc, creature("bear", "alice", 2, 2, 2))
    assert state_triggers(company, (), budget=_budget()) == ()


def test_legal_targets_follow_the_selector_player_words_and_hexproof() -> None:
    from pyengine.lang.effects import Ctx, parse_selector
    from pyengine.lang.yamlread import Cursor

    sel = parse_selector(Cursor.root({"types": ["Creature"], "controller": "opponent"}, None), Ctx())
    shy = creature("shy", "bob", 1, 1, 3, keywords=("hexproof",))
    s = state(creature("mine", "alice", 2, 2, 1), creature("theirs", "bob", 2, 2, 2), shy,
              card("forest", "Forest", "bob", 4))
    specs = (TargetSpec("object", selector=sel), TargetSpec("player", player="opponent"), TargetSpec("any"))
    obj, player, anything = legal_targets(s, specs, "mine", "alice", budget=_budget())
    assert obj == {("theirs", False)}  # alice's own creature is no opponent's; hexproof (702.11b)
    assert player == {("bob", True)}
    assert anything == {("mine", False), ("theirs", False), ("alice", True), ("bob", True)}  # 115.4


def test_the_triggers_query_reads_pending() -> None:
    doc = HEAD.replace("objects:\n", "objects:\n  - {id: croc, card: Emperor Crocodile, controller: alice, "
                       "timestamp: 3}\n") + "      - defender\n" + """query:
  kind: triggers
  pending: [nobody]
  events: [{kind: draw, player: alice}]
"""
    with pytest.raises(ScenarioError, match="pending.*dangling object id 'nobody'"):
        load_text(doc, "t.yaml")
