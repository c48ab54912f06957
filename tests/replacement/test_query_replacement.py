"""pyengine/queries/replacement.py: the query and expectation format, comparisons, and bad
input as one-line errors (scenarios/replacement/README.md)."""

from __future__ import annotations

import pytest

from pyengine.errors import ScenarioError
from pyengine.queries import base
from pyengine.scenario.loader import load_text

HEAD = """
id: replacement/t
title: t
cr: ["616.1"]
rationale: t (616.1)
players: [alice, bob]
turn: {active: alice}
objects:
  - {id: furnace, card: Furnace of Rath, controller: alice, timestamp: 1}
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: stack}
"""


def load(query: str, expect: str) -> object:
    return load_text(HEAD + query + expect, "q.yaml")


def test_the_query_kind_is_real_with_schemas() -> None:
    kind = base.get("replacement")
    assert kind is not None and kind.solve is not None
    assert kind.query_schema and kind.expect_schema


def test_a_right_expectation_passes_and_a_wrong_one_fails() -> None:
    q = "query: {kind: replacement, event: {kind: damage, source: bolt, target: bears, amount: 3}}\n"
    good = load(q, "expect: {outcomes: [{events: [{kind: damage, source: bolt, target: bears,"
                   " amount: 6}]}]}\n")
    kind = base.get("replacement")
    answer = kind.solve(good.state, good.query, 30.0)
    assert kind.compare(good.expect, answer) == []
    bad = load(q, "expect: {outcomes: [{events: [{kind: damage, source: bolt, target: bears,"
                  " amount: 3}]}]}\n")
    diffs = kind.compare(bad.expect, answer)
    assert any("expected, not reachable" in d for d in diffs)
    assert any("reachable, not expected" in d and "furnace" in d for d in diffs)


def test_a_sequence_verdict_is_compared() -> None:
    q = ("query: {kind: replacement, event: {kind: damage, source: bolt, target: bears, amount: 3},"
         " sequence: [{effect: furnace, by: alice}]}\n")
    sc = load(q, "expect: {legal: false, violations: ['616.1:wrong_chooser']}\n")
    kind = base.get("replacement")
    assert kind.compare(sc.expect, kind.solve(sc.state, sc.query, 30.0)) == []


BAD = {
    "event_and_events": ("query: {kind: replacement, event: {kind: draw, player: alice}, events: []}\n",
                         "expect: {outcomes: []}\n", "query"),
    "dangling_object": ("query: {kind: replacement, event: {kind: damage, source: nope, target: bears,"
                        " amount: 1}}\n",
                        "expect: {outcomes: []}\n", "query.event.source"),
    "unknown_field": ("query: {kind: replacement, event: {kind: draw, player: alice, amount: 2}}\n",
                      "expect: {outcomes: []}\n", "query.event.amount"),
    "missing_outcomes": ("query: {kind: replacement, event: {kind: draw, player: alice}}\n",
                         "expect: {}\n", "expect"),
    "verdict_without_sequence": ("query: {kind: replacement, event: {kind: draw, player: alice}}\n",
                                 "expect: {outcomes: [], legal: true}\n", "expect.legal"),
    "illegal_without_violations": ("query: {kind: replacement, event: {kind: draw, player: alice},"
                                   " sequence: [furnace]}\n",
                                   "expect: {legal: false}\n", "expect"),
    "same_object_moves_twice": ("query: {kind: replacement, events: [{kind: destroy, object: bears}, "
                                "{kind: destroy, object: bears}]}\n", "expect: {outcomes: []}\n",
                                "query.events[1]"),
    "duplicate_outcome": ("query: {kind: replacement, event: {kind: draw, player: alice}}\n",
                          "expect: {outcomes: [{events: []}, {events: []}]}\n", "expect.outcomes"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_is_a_one_line_error(name: str) -> None:
    query, expect, path = BAD[name]
    with pytest.raises(ScenarioError) as err:
        load(query, expect)
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith("q.yaml:") and f" {path}:" in msg


def test_a_template_missing_a_field_is_an_error_where_the_scenario_wrote_it() -> None:
    # found only when the template meets the event it replaces (the replaced event's fields
    # can fill it in): the error still names the file, line and field path of the template
    from pyengine.scenario.runner import run_scenario

    text = (HEAD.replace("objects:\n", "objects:\n  - id: shunt\n    name: Shunt\n    controller: alice\n"
                         "    timestamp: 3\n    types: [Enchantment]\n    abilities:\n"
                         "      - text: If you would draw a card, mill a card instead.\n"
                         "        static:\n          replace:\n            event: {kind: draw}\n"
                         "            instead: [{kind: move, object: {top_of: you}, from: library}]\n")
            + "query: {kind: replacement, event: {kind: draw, player: alice}}\n"
            + "expect: {outcomes: [{events: []}]}\n")
    out = run_scenario(load_text(text, "q.yaml"), timeout=30)
    assert out.error_kind == "input", out.message
    assert out.message.startswith("q.yaml:19: objects[0].abilities[0].static.replace.instead[0]: ")
    assert "needs a 'to'" in out.message


def test_a_choice_word_that_is_no_constant_is_an_input_error() -> None:
    # found by the bad-input hunt: `choice: [Red]` was a ValueError inside the engine
    text = (HEAD.replace("objects:\n", "objects:\n  - id: voice\n    name: Voice\n    controller: alice\n"
                         "    timestamp: 3\n    types: [Enchantment]\n    abilities:\n"
                         "      - text: As this enters, choose a color.\n        static:\n"
                         "          replace:\n            event: {kind: enter, object: self}\n"
                         "            choice: [Red]\n")
            + "query: {kind: replacement, event: {kind: draw, player: alice}}\n"
            + "expect: {outcomes: [{events: []}]}\n")
    with pytest.raises(ScenarioError) as err:
        load_text(text, "q.yaml")
    assert str(err.value).startswith("q.yaml:") and "got 'Red'" in str(err.value)


def test_a_count_the_engine_cannot_follow_is_an_input_error() -> None:
    # found by the bad-input hunt: a draw of 300 took 203 s and 7.9 GB under a 5 s limit (the
    # grounder can't be interrupted), a draw of a million ran out of memory
    with pytest.raises(ScenarioError) as err:
        load("query: {kind: replacement, event: {kind: draw, player: alice, count: 300}}\n",
             "expect: {outcomes: [{events: []}]}\n")
    assert "count: expected a count from 0 to 100" in str(err.value)


def test_amounts_beyond_32_bit_integers_are_refused_not_wrapped() -> None:
    # found by the bad-input hunt: twelve damage doublers on 1,000,000 damage gave "nothing
    # happens" with exit 0 (4,096,000,000 wrapped around)
    from pyengine.api import solve

    furnaces = "".join(f"  - {{id: f{i}, card: Furnace of Rath, controller: alice, timestamp: {10 + i}}}\n"
                       for i in range(12))
    text = (HEAD.replace("objects:\n", "objects:\n" + furnaces)
            + "query: {kind: replacement, event: {kind: damage, source: bolt, target: bob, "
            + "amount: 1000000}}\n"
            + "expect: {outcomes: [{events: []}]}\n")
    with pytest.raises(ScenarioError) as err:
        solve(load_text(text, "q.yaml"))
    # thirteen Furnaces of Rath (HEAD has one): 1,000,000 x 2^13
    assert str(err.value).startswith("q.yaml: ") and "could reach 8,192,000,000" in str(err.value)
