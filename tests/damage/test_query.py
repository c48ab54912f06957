"""The ``damage`` query kind: a scenario's board in combat, a proposed assignment judged with
the rules it breaks (CR 510.1, 510.1e, 702.19b), or every legal assignment and their number;
bad input is one line naming the field; explain and graph say why."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import pyengine.api as pe
from pyengine.analysis import analyse
from pyengine.cli import main
from pyengine.errors import ScenarioError

BASE = """
id: damage/probe
title: probe
cr: ["510.1c"]
rationale: probe
players: [alice, bob]
turn: {active: alice, number: 3, step: combat_damage}
objects:
  - {id: wurm, name: Wurm, types: [Creature], power: 5, toughness: 5, keywords: [trample],
     controller: alice, timestamp: 1}
  - {id: giant, card: Hill Giant, controller: alice, timestamp: 2}
  - {id: bears, card: Grizzly Bears, controller: bob, damage: 1, timestamp: 3}
  - {id: elves, card: Llanowar Elves, controller: bob, timestamp: 4}
  - {id: jace, card: Jace Beleren, controller: bob, counters: {loyalty: 3}, timestamp: 5}
query:
  kind: damage
QUERY
expect:
EXPECT
"""


def _load(query: str, expect: str, file: str = "d.yaml") -> pe.Scenario:
    return pe.loads(BASE.replace("QUERY", query).replace("EXPECT", expect), file)


def _outcome(query: str, expect: str) -> pe.Outcome:
    return pe.check(_load(query, expect))


def test_trample_lethal_counts_marked_damage() -> None:
    q = ("  attackers: {wurm: bob}\n  blockers: {bears: wurm}\n"
         "  assignment: {wurm: {bears: 1, bob: 4}, bears: {wurm: 2}}")
    assert _outcome(q, "  legal: true\n  assigning: {wurm: 5, bears: 2}").passed


def test_an_illegal_proposal_names_every_rule_and_a_wrong_expectation_fails() -> None:
    q = ("  attackers: {wurm: bob, giant: jace}\n  blockers: {elves: wurm}\n"
         "  assignment: {wurm: {bob: 5}, giant: {bob: 3}, elves: {wurm: 1}}")
    right = ("  legal: false\n  violations:\n"
             "    - {rule: \"702.19b\", check: lethal_first, source: wurm, recipient: elves}\n"
             "    - {rule: \"510.1b\", check: recipient, source: giant, recipient: bob}")
    assert _outcome(q, right).passed
    wrong = _outcome(q, "  legal: false\n  violations:\n"
                        "    - {rule: \"702.19b\", check: lethal_first, source: wurm, recipient: elves}")
    assert not wrong.passed
    assert any("reported, not expected" in d and "giant" in d for d in wrong.diffs)


def test_listing_and_count_past_the_limit() -> None:
    # the Giant divides 3 between two blockers as alice chooses (510.1c): 4 ways; each blocker one way
    q = "  attackers: {giant: bob}\n  blockers: {bears: giant, elves: giant}"
    listing = ("  assignments:\n"
               "    - {giant: {bears: 3}, bears: {giant: 2}, elves: {giant: 1}}\n"
               "    - {giant: {bears: 2, elves: 1}, bears: {giant: 2}, elves: {giant: 1}}\n"
               "    - {giant: {bears: 1, elves: 2}, bears: {giant: 2}, elves: {giant: 1}}\n"
               "    - {giant: {elves: 3}, bears: {giant: 2}, elves: {giant: 1}}")
    assert _outcome(q, "  count: 4\n" + listing).passed
    limited = _outcome(q + "\n  list_limit: 2", "  count: 4")
    assert limited.passed
    over = _outcome(q + "\n  list_limit: 2", listing)
    assert not over.passed and any("more than the list limit" in d for d in over.diffs)
    assert not _outcome(q, "  count: 5").passed


def test_blocked_without_blockers_and_attacking_nothing() -> None:
    q = "  attackers: {wurm: bob, giant: bob, elves2: null}\n  blocked: [wurm, giant]"
    base = BASE.replace("  - {id: jace", "  - {id: elves2, card: Llanowar Elves, controller: alice, "
                                         "timestamp: 6}\n  - {id: jace")
    text = base.replace("QUERY", q).replace("EXPECT", "  assignments:\n    - {wurm: {bob: 5}}")
    # 702.19d: the blocked trampler with no blockers: all to bob; 510.1c: the Giant none;
    # 510.1b: the Elves attacks nothing and assigns none
    assert pe.check(pe.loads(text, "d.yaml")).passed


@pytest.mark.parametrize(("query", "expect", "where"), [
    ("  attackers: {wurm: carol}", "  count: 1", "query.attackers.wurm"),
    ("  attackers: {}", "  count: 1", "query.attackers"),
    ("  attackers: {wurm: bob}\n  blockers: {bears: giant}", "  count: 1", "query.blockers.bears"),
    ("  attackers: {wurm: bob}\n  blockers: {wurm: wurm}", "  count: 1", "query.blockers.wurm"),
    ("  attackers: {wurm: bob}\n  blocked: [elves]", "  count: 1", "query.blocked[0]"),
    ("  attackers: {wurm: bob}\n  step: second", "  count: 1", "query.step"),
    ("  attackers: {wurm: bob}\n  step: first_strike\n  had_first_strike: [wurm]", "  count: 1",
     "query.had_first_strike"),
    ("  attackers: {wurm: bob}\n  assignment: {wurm: {bob: many}}", "  legal: true",
     "query.assignment.wurm.bob"),
    ("  attackers: {wurm: bob}\n  assignment: {wurm: {ghost: 1}}", "  legal: true",
     "query.assignment.wurm.ghost"),
    ("  attackers: {wurm: bob}\n  list_limit: 20000", "  count: 1", "query.list_limit"),
    ("  attackers: {wurm: bob}\n  assignment: {wurm: {bob: 5}}", "  legal: false", "expect"),
    ("  attackers: {wurm: bob}\n  assignment: {wurm: {bob: 5}}", "  count: 1", "expect.count"),
    ("  attackers: {wurm: bob}", "  legal: true", "expect.legal"),
    ("  attackers: {wurm: bob}", "  {}", "expect"),
    ("  attackers: {wurm: bob}\n  assignment: {wurm: {bob: 5}}",
     "  legal: true\n  violations: [{rule: \"510.1a\", check: total, source: wurm}]", "expect.violations"),
    ("  attackers: {wurm: bob}\n  assignment: {wurm: {bob: 5}}", "  legal: false\n  violations: []",
     "expect.violations"),
    ("  attackers: {wurm: bob}\n  assignment: {wurm: {bob: 5}}",
     "  legal: false\n  violations: [{rule: \"five\", check: total, source: wurm}]",
     "expect.violations[0].rule"),
    ("  attackers: {wurm: bob}\n  assignment: {wurm: {bob: 5}}",
     "  legal: false\n  violations: [{rule: \"510.1a\", check: overkill, source: wurm}]",
     "expect.violations[0].check"),
])
def test_bad_input_is_one_line_naming_the_field(query: str, expect: str, where: str) -> None:
    with pytest.raises(ScenarioError) as info:
        _load(query, expect)
    line = str(info.value)
    assert line.startswith("d.yaml:") and f" {where}:" in line and "\n" not in line


def test_a_blocker_of_the_active_player_is_refused_when_solved(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BASE.replace("QUERY", "  attackers: {wurm: bob}\n  blockers: {giant: wurm}")
                   .replace("EXPECT", "  count: 1"))
    err = io.StringIO()
    assert main(["solve", str(bad)], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue().count("\n") == 1 and "query.blockers.giant" in err.getvalue()


def test_explain_and_graph_show_the_rules() -> None:
    s = _load("  attackers: {wurm: bob}\n  blockers: {elves: wurm}\n"
              "  assignment: {wurm: {bob: 5}, elves: {wurm: 1}}",
              "  legal: false\n  violations:\n"
              "    - {rule: \"702.19b\", check: lethal_first, source: wurm, recipient: elves}")
    a = analyse(s, 30.0)
    assert "CR 702.19b: lethal_first (wurm -> elves)" in a.text()
    dot = a.dot()
    assert dot.startswith("digraph damage {") and '"wurm" -> "bob"' in dot and "702.19b" in dot
    listed = analyse(_load("  attackers: {wurm: bob}\n  blockers: {elves: wurm}", "  count: 5"), 30.0)
    assert "Legal assignments: 5" in listed.text()
