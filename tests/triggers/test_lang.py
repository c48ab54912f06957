"""The triggered-ability syntax (docs/effect-language.md, "Triggered abilities"): what it
parses into, and bad input refused with one line naming the file, the line, the field and
what was expected."""

from __future__ import annotations

import pytest

from pyengine.errors import ScenarioError
from pyengine.model.triggers import Instruction, Pattern
from pyengine.scenario.loader import load_text

HEAD = """id: t/t
title: t
cr: ["603.2"]
rationale: r
players: [alice, bob]
turn: {active: alice}
objects:
  - id: src
    controller: alice
    timestamp: 1
    name: Source
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
"""
TAIL = """query: {kind: characteristics, objects: [src], fields: [power]}
expect: {src: {power: 1}}
"""


def ability(text: str):  # type: ignore[no-untyped-def]
    state = load_text(HEAD + text + TAIL, "t.yaml").state
    return state.object("src").printed.abilities[0]


def error(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        load_text(HEAD + text + TAIL, "t.yaml")
    return str(info.value)


def test_dies_trigger_with_a_target_and_effect() -> None:
    ab = ability("""      - trigger: {when: {kind: dies, obj: {types: [Creature], other: true}}}
        targets: [{player: any}]
        do: [{kind: lose_life, player: target, amount: 1}, {kind: gain_life, player: you, amount: 1}]
        text: "Whenever another creature dies, target player loses 1 life and you gain 1 life."
""")
    t = ab.trigger
    assert ab.kind == "text" and ab.name.startswith("Whenever another creature dies")
    assert t.pattern.kind == "zone_change"
    assert (t.pattern.from_zone, t.pattern.to_zone) == ("battlefield", "graveyard")
    assert t.pattern.looks_back and t.pattern.obj is not None and t.pattern.obj.zone is None
    assert t.effects[0] == Instruction("lose_life", (("player", ("ref", "target")), ("amount", 1),
                                                     ("damage", False)))
    assert t.targets[0].what == "player"


def test_at_and_intervening_if_and_one_or_more() -> None:
    ab = ability("""      - trigger:
          at: {step: upkeep, player: you}
          if: {not_exists: {types: [Creature], controller: you}}
        do: [{kind: draw, player: you}]
        text: "At the beginning of your upkeep, if you control no creatures, draw a card."
""")
    assert ab.trigger.pattern == Pattern("step_begins", step="upkeep", player="you")
    assert ab.trigger.condition is not None
    ab = ability("""      - trigger:
          when: {kind: attacks, obj: {types: [Creature], controller: you}, one_or_more: true}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: "Whenever one or more creatures you control attack, you gain 1 life."
""")
    assert ab.trigger.pattern.one_or_more and ab.trigger.pattern.kind == "attacks"


@pytest.mark.parametrize("text, where, says", [
    ("""      - trigger: {when: {kind: explodes}}
        do: [{kind: draw}]
        text: x
""", "t.yaml:16: objects[0].abilities[0].trigger.when.kind", "trigger event kind"),
    ("""      - trigger: {when: {kind: dies, obj: self}, at: {step: upkeep}}
        do: [{kind: draw}]
        text: x
""", "t.yaml:16: objects[0].abilities[0].trigger", "exactly one of 'when'"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        text: x
""", "objects[0].abilities[0]", "missing required field 'do'"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        do: [{kind: draw}]
""", "objects[0].abilities[0]", "missing required field 'text'"),
    ("""      - trigger: {when: {kind: dies, obj: {types: [Creature], zone: graveyard}}}
        do: [{kind: draw}]
        text: x
""", "trigger.when.obj.zone", "from/to, not zone"),
    ("""      - trigger: {when: {kind: dies, obj: self, step: upkeep}}
        do: [{kind: draw}]
        text: x
""", "trigger.when.step", "unknown field 'step'"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        do: [{kind: lose_life, player: target, amount: 1}]
        text: x
""", "do[0].player", "names no target"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        do: [{kind: lose_life, amount: 1}]
        text: x
""", "do[0]", "missing required field 'player'"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        do: [{kind: destroy, object: bears}]
        text: x
""", "do[0].object", "expected an object: self, it, target"),
    ("""      - trigger: {at: {step: lunch}}
        do: [{kind: draw}]
        text: x
""", "trigger.at.step", "a step"),
    ("""      - trigger: {when: {kind: dies, obj: {attached_to: self}}}
        do: [{kind: draw}]
        text: x
""", "trigger.when.obj", "relates an object only to its source"),
    ("""      - trigger: {when: {kind: dies, obj: self}}
        do: []
        text: x
""", "do", "at least one event"),
    ("""      - trigger: {when: {kind: zone_change, from: hand, to: hand}}
        do: [{kind: draw}]
        text: x
""", "trigger.when", "both hand"),
])
def test_bad_input_is_one_line_with_file_line_field(text: str, where: str, says: str) -> None:
    msg = error(text)
    assert "\n" not in msg and msg.startswith("t.yaml:")
    assert where in msg and says in msg, msg


def test_two_different_abilities_with_one_text_are_refused() -> None:
    from pyengine.triggers.facts import triggered_abilities

    state = load_text(HEAD + """      - trigger: {when: {kind: dies, obj: self}}
        do: [{kind: draw, player: you}]
        text: Same text.
      - trigger: {when: {kind: enters, obj: self}}
        do: [{kind: draw, player: you}]
        text: Same text.
""" + TAIL, "t.yaml").state
    with pytest.raises(ValueError, match="two different triggered abilities"):
        triggered_abilities(state)


def test_several_trigger_events_and_the_new_event_fields() -> None:
    """CR 603.2: ``when: {any_of: [...]}`` is one ability with several events; ``attacker``
    (509.3d), ``unblocked`` (509.3g), ``at_least`` (603.2c) and ``enchanted`` (301.5)."""
    ab = ability("""      - trigger: {when: {any_of: [{kind: enters, obj: self}, {kind: attacks, obj: self}]}}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: "Whenever this creature enters or attacks, you gain 1 life."
""")
    t = ab.trigger
    assert t.pattern.kind == "zone_change" and [p.kind for p in t.also] == ["attacks"]
    ab = ability("""      - trigger: {when: {kind: blocks, obj: {types: [Creature]}, attacker: self}}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: "Whenever this creature becomes blocked by a creature, you gain 1 life."
""")
    assert ab.trigger.pattern.target is not None and not ab.trigger.also
    ab = ability("""      - trigger:
          when: {kind: attacks, obj: {types: [Creature], controller: you}, at_least: 2}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: "Whenever you attack with two or more creatures, you gain 1 life."
""")
    assert ab.trigger.pattern.at_least == 2 and ab.trigger.pattern.one_or_more
    assert ability("""      - trigger: {when: {kind: unblocked, obj: enchanted}}
        do: [{kind: gain_life, player: you, amount: 1}]
        text: "Whenever enchanted creature attacks and isn't blocked, you gain 1 life."
""").trigger.pattern.kind == "unblocked"


@pytest.mark.parametrize("text, says", [
    ("      - trigger: {when: {any_of: [{kind: enters, obj: self}]}}\n", "at least two trigger events"),
    ("      - trigger: {when: {kind: attacks, obj: self, attacker: self}}\n", "attacker"),
    ("      - trigger: {when: {kind: dies, obj: {attached_to: self}}}\n", "attached_to is not read"),
])
def test_bad_trigger_events_refused(text: str, says: str) -> None:
    got = error(text + "        do: [{kind: draw, player: you}]\n        text: t\n")
    assert says in got and "t.yaml" in got, got
