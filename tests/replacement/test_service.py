"""pyengine/replacement/service.py end to end on small states: which effects exist (CR 614.4,
113.6), their names, entering objects (614.12), and the answer's forms."""

from __future__ import annotations

from pyengine.replacement.service import Proposal, analyse
from pyengine.scenario.loader import load_text

STATE = """
id: replacement/t
title: t
cr: ["614.4"]
rationale: t (614.4)
players: [alice, bob]
turn: {active: alice}
objects:
  - {id: rip, card: Rest in Peace, controller: alice, timestamp: 1}
  - {id: angel, card: Platinum Angel, controller: bob, timestamp: 3}
  - {id: colossus, card: Darksteel Colossus, owner: bob, zone: graveyard}
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: stack}
effects:
  - {id: salve, card: Healing Salve, controller: bob, timestamp: 9, affected: [bears]}
query: {kind: replacement, event: {kind: draw, player: alice}}
expect: {outcomes: []}
"""


def state():  # type: ignore[no-untyped-def]
    return load_text(STATE, "s.yaml").state


def event(text: str):  # type: ignore[no-untyped-def]
    doc = STATE.replace("query: {kind: replacement, event: {kind: draw, player: alice}}",
                        f"query: {{kind: replacement, event: {text}}}")
    sc = load_text(doc, "s.yaml")
    return sc.state, list(sc.query.events)


def test_effect_names_and_kinds() -> None:
    st, ev = event("{kind: draw, player: alice}")
    ids = {e.id: e.status for e in analyse(st, ev).effects}
    assert ids["rip"] == "replacement" and ids["salve"] == "prevention"
    assert ids["angel/1"] == "can't" and ids["angel/2"] == "can't"
    assert ids["colossus"] == "replacement"  # "from anywhere": it functions in the graveyard (113.6b)


def test_614_4_an_effect_created_after_the_event_is_late() -> None:
    st, ev = event("{kind: damage, source: bolt, target: bears, amount: 3}")
    late = analyse(st, ev, at=5)
    assert {e.id: e.status for e in late.effects}["salve"].startswith("late")
    assert [o.summary() for o in late.outcomes] == ["bolt deals 3 damage to bears"]
    on_time = analyse(st, ev, at=10)
    assert [o.summary() for o in on_time.outcomes] == ["nothing happens; salve has 0 left"]


def test_outcomes_carry_a_witness_and_render() -> None:
    st, ev = event("{kind: destroy, object: bears}")
    answer = analyse(st, ev)
    assert len(answer.outcomes) == 1
    (o,) = answer.outcomes
    assert [s.effect for s in o.witness] == ["rip"] and o.witness[0].chooser == "bob"
    assert "616.1e" in answer.render() and answer.to_json()["outcomes"][0]["sequence"][0]["effect"] == "rip"


def test_a_proposal_gets_a_verdict() -> None:
    st, ev = event("{kind: destroy, object: bears}")
    answer = analyse(st, ev, sequence=[Proposal("rip", by="alice")])
    assert answer.verdict is not None and not answer.verdict.legal
    assert [v.rule for v in answer.verdict.violations] == ["616.1"]
