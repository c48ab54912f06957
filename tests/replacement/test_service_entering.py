"""pyengine/replacement end to end on objects entering the battlefield: the intrinsic "enters
with counters" abilities of planeswalkers and battles (CR 306.5b, 310.4b) and the permanent as it
would exist on the battlefield (614.12) for the counters an object enters with (122.6, 122.6a,
616.1)."""

from __future__ import annotations

import pytest

from pyengine.replacement.answer import ReplacementAnswer
from pyengine.replacement.service import analyse
from pyengine.scenario.loader import load_text

HEAD = """
id: replacement/t
title: t
cr: ["614.12"]
rationale: t (614.12)
players: [alice, bob]
turn: {active: TURN}
objects:
"""


def answer(objects: str, event: str, turn: str = "alice", effects: str = "") -> ReplacementAnswer:
    doc = (HEAD.replace("TURN", turn) + objects + (f"effects:\n{effects}" if effects else "")
           + f"query: {{kind: replacement, event: {event}}}\nexpect: {{outcomes: []}}\n")
    sc = load_text(doc, "t.yaml")
    return analyse(sc.state, list(sc.query.events))


def counters(ans: ReplacementAnswer) -> set[tuple[str, str, int, str]]:
    """Per outcome, the counters events: (target, counter, amount, by)."""
    out = set()
    for o in ans.outcomes:
        for e in o.events:
            if e.kind == "counters":
                out.add((e.get("target")[1], e.get("counter"), e.get("amount"), e.get("by")[1]))
    return out


WALKER = ("  - {id: pw, name: Test Walker, mana_cost: '{2}{U}', types: [Planeswalker], loyalty: 3, "
          "owner: alice, zone: stack}\n")
SEASON = "  - {id: season, card: Doubling Season, controller: alice, timestamp: 1}\n"
PW_ENTERS = "{kind: enter, object: pw, from: stack}"


def test_306_5b_a_planeswalker_enters_with_its_printed_loyalty() -> None:
    ans = answer(WALKER, PW_ENTERS)
    assert counters(ans) == {("pw", "loyalty", 3, "alice")}
    assert {e.id: e.status for e in ans.effects} == {"pw/loyalty": "replacement"}


def test_306_5b_doubling_season_doubles_the_intrinsic_loyalty() -> None:
    assert counters(answer(SEASON + WALKER, PW_ENTERS)) == {("pw", "loyalty", 6, "alice")}


def test_310_4b_a_battle_enters_with_its_printed_defense() -> None:
    battle = ("  - {id: b, name: Test Siege, mana_cost: '{3}{R}', types: [Battle], subtypes: [Siege], "
              "defense: 5, owner: alice, zone: stack}\n")
    ans = answer(battle, "{kind: enter, object: b, from: stack}")
    assert counters(ans) == {("b", "defense", 5, "alice")}


@pytest.mark.parametrize("loyalty", ["", "loyalty: 0, "])
def test_306_5b_no_printed_loyalty_no_counters(loyalty: str) -> None:
    walker = ("  - {id: pw, name: Test Walker, mana_cost: '{X}{U}', types: [Planeswalker], "
              + loyalty + "owner: alice, zone: stack}\n")
    ans = answer(walker, PW_ENTERS)
    assert counters(ans) == set() and ans.effects == ()


def test_306_5b_is_not_a_self_replacement_effect() -> None:
    """614.15: self-replacement effects replace a resolving spell's or ability's own effect;
    this one comes from a static ability of the permanent, so it takes no 616.1a precedence."""
    ans = answer(WALKER, PW_ENTERS)
    (step,) = ans.outcomes[0].witness
    assert (step.effect, step.rule) == ("pw/loyalty", "616.1e")


def test_306_5b_a_nonplaneswalker_entering_as_a_copy_of_one_gets_the_copied_loyalty() -> None:
    """614.12, 707.2: it would exist on the battlefield as a planeswalker with loyalty 3."""
    objects = ("  - {id: jace, card: Jace Beleren, controller: bob, timestamp: 1}\n"
               "  - id: mirror\n    name: Mirror Relic\n    mana_cost: '{3}'\n    types: [Artifact]\n"
               "    owner: alice\n    zone: stack\n    abilities:\n"
               "      - text: You may have this enter as a copy of a planeswalker on the battlefield.\n"
               "        static:\n          replace:\n            event: {kind: enter, object: self}\n"
               "            as: {types: [Planeswalker], zone: battlefield}\n            optional: true\n")
    ans = answer(objects, "{kind: enter, object: mirror, from: stack}")
    assert counters(ans) == {("mirror", "loyalty", 3, "alice")}
    assert len(ans.outcomes) == 2  # or it doesn't copy, and is an artifact with no counters
    assert "mirror~jace/loyalty" in {e.id for e in ans.effects}


SCALES_ALICE = "  - {id: scales, card: Hardened Scales, controller: alice, timestamp: 1}\n"
SCALES_BOB = "  - {id: scales, card: Hardened Scales, controller: bob, timestamp: 1}\n"
SPECIMENS = "  - {id: specimens, card: Gather Specimens, controller: alice, timestamp: 5}\n"


def test_614_12_reanimated_creature_gets_the_reanimators_scales_counter() -> None:
    objects = SCALES_ALICE + "  - {id: trisk, card: Triskelion, owner: bob, zone: graveyard}\n"
    ans = answer(objects, "{kind: enter, object: trisk, from: graveyard, control: alice}")
    assert counters(ans) == {("trisk", "+1/+1", 4, "alice")}
    (outcome,) = ans.outcomes
    assert [(s.effect, s.chooser) for s in outcome.witness] == [("trisk", "alice"), ("scales", "alice")]


@pytest.mark.parametrize("scales,expected", [(SCALES_ALICE, 4), (SCALES_BOB, 3)], ids=["new", "old"])
def test_614_12_gather_specimens_counters_go_on_the_new_controllers_creature(scales: str,
                                                                           expected: int) -> None:
    """616.1b puts Triskelion under alice's control first; its counters are then put on a
    creature alice controls: her Hardened Scales applies, bob's doesn't."""
    objects = scales + "  - {id: trisk, card: Triskelion, owner: bob, zone: stack}\n"
    ans = answer(objects, "{kind: enter, object: trisk, from: stack}", turn="bob", effects=SPECIMENS)
    assert counters(ans) == {("trisk", "+1/+1", expected, "alice")}


def test_614_12_existing_continuous_effects_make_it_a_creature() -> None:
    """March of the Machines would make the noncreature artifact a creature on the battlefield."""
    objects = ("  - {id: march, card: March of the Machines, controller: bob, timestamp: 1}\n"
               + SCALES_ALICE.replace("timestamp: 1", "timestamp: 2")
               + "  - id: relic\n    name: Counter Relic\n    mana_cost: '{2}'\n    types: [Artifact]\n"
               "    owner: alice\n    zone: stack\n    abilities:\n"
               "      - text: This artifact enters with two +1/+1 counters on it.\n"
               "        static:\n          enters_with_counters: {counter: '+1/+1', amount: 2}\n")
    ans = answer(objects, "{kind: enter, object: relic, from: stack}")
    assert counters(ans) == {("relic", "+1/+1", 3, "alice")}


def test_614_12_token_copies_enter_with_counters_on_the_permanent_they_would_be() -> None:
    """Tokens copying Triskelion (111.1: each enters) are creatures alice would control:
    her Hardened Scales applies to each one's counters."""
    objects = SCALES_ALICE + "  - {id: trisk, card: Triskelion, controller: bob, timestamp: 2}\n"
    ans = answer(objects, "{kind: create_tokens, control: alice, token: trisk, count: 2}")
    (outcome,) = ans.outcomes
    got = [(e.get("target"), e.get("amount"), e.get("by")) for e in outcome.events if e.kind == "counters"]
    assert got == [(("token",), 4, ("p", "alice"))] * 2
