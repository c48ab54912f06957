"""The game query: a malformed script is one line naming the file, the action's index and the
field (exit 2); an illegal action is a verdict the scenario can expect; pyengine play prints
the log with CR numbers."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import pyengine.api as pe
from pyengine.cli import main
from pyengine.errors import ScenarioError

BASE = """
id: game/probe
title: probe
cr: ["508.1"]
rationale: probe
players: [alice, bob]
turn: {active: alice, number: 3}
objects:
  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}
  - {id: angel, card: Serra Angel, controller: bob, timestamp: 2}
query:
  kind: game
  script:
    - advance: declare_attackers
SCRIPT
expect:
EXPECT
"""


def _text(script: str, expect: str) -> str:
    return BASE.replace("SCRIPT", script).replace("EXPECT", expect)


@pytest.mark.parametrize(("script", "where"), [
    ("    - attack: {bears: carol}", "query.script[1].attack.bears"),
    ("    - {attack: {bears: bob}, block: {}}", "query.script[1]"),
    ("    - advance: lunch", "query.script[1].advance"),
    ("    - fly", "query.script[1]"),
    ("    - assign: [{source: bears, to: bob}]", "query.script[1].assign[0]"),
    ("    - checkpoint: a\n    - checkpoint: a", "query.script[2].checkpoint"),
    ("    - advance: {step: upkeep, turn: 0}", "query.script[1].advance.turn"),
    ("    - stack: {card: No Such Card, id: x, controller: alice}", "query.script[1].stack.card"),
    ("    - stack: {card: Lightning Bolt, id: bears, controller: alice, targets: [bob]}",
     "query.script[1].stack.id"),
    ("    - stack: {card: Lightning Bolt, id: b1, controller: alice}", "query.script[1].stack"),
    ("    - legend: {controller: alice, name: X, keep: nobody}", "query.script[1].legend.keep"),
    ("    - discard: {player: alice, cards: [ghost]}", "query.script[1].discard.cards[0]"),
    ("    - deal: {source: bears, to: carol, amount: 2}", "query.script[1].deal.to"),
    ("    - pass: carol", "query.script[1].pass"),
    ("    - block: {angel: [bears, ghost]}", "query.script[1].block.angel"),
])
def test_malformed_script_is_one_line_naming_the_item(script: str, where: str) -> None:
    with pytest.raises(ScenarioError) as info:
        pe.loads(_text(script, "  checkpoints: {}"), "g.yaml")
    line = str(info.value)
    assert line.startswith("g.yaml:") and f" {where}:" in line and "\n" not in line


def test_malformed_script_exits_2_on_the_command_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(_text("    - attack: {bears: carol}", "  illegal: {action: 1, rule: \"508.1\"}"))
    err = io.StringIO()
    assert main(["solve", str(bad)], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue().count("\n") == 1 and "query.script[1].attack.bears" in err.getvalue()


def test_an_illegal_action_is_a_verdict_the_scenario_expects() -> None:
    script = "    - attack: {bears: bob}\n    - advance: declare_blockers\n    - block: {bears: bears}"
    ok = pe.check(pe.loads(_text(script, '  illegal: {action: 3, rule: "509.1"}')))
    assert ok.status.value == "pass", ok.diffs
    wrong = pe.check(pe.loads(_text(script, '  illegal: {action: 3, rule: "702.9b"}')))
    assert wrong.status.value == "fail" and "509.1" in wrong.diffs[0]
    unexpected = pe.check(pe.loads(_text(script + "\n    - checkpoint: x", "  checkpoints: {x: {}}")))
    assert unexpected.status.value == "fail"
    assert any("action 3 is illegal" in d for d in unexpected.diffs)


def test_checkpoint_after_the_illegal_action_is_refused() -> None:
    script = "    - pass: bob\n    - checkpoint: later"
    with pytest.raises(ScenarioError, match="after the illegal action"):
        pe.loads(_text(script, '  illegal: {action: 1, rule: "117.3d"}\n  checkpoints: {later: {}}'))


def test_play_prints_each_event_with_its_rule(repo: Path) -> None:
    path = repo / "scenarios" / "turns" / "vigilance-attacker-does-not-tap.yaml"
    out = io.StringIO()
    assert main(["play", str(path)], stdout=out, stderr=io.StringIO()) == 0
    text = out.getvalue()
    assert "bears taps (attack)  [CR 508.1f]" in text and "angel taps" not in text
    assert "== alice's declare attackers step begins (CR 508)" in text
    js = io.StringIO()
    assert main(["play", str(path), "--json", "--until", "declared"], stdout=js, stderr=io.StringIO()) == 0
    doc = json.loads(js.getvalue())
    assert doc["checkpoints"]["declared"]["objects"]["angel"]["tapped"] is False
    assert all("rule" in e for e in doc["log"])


def test_unquoted_on_key_says_to_quote_it() -> None:
    """YAML 1.1 reads an unquoted ``on`` key as true: the one line says so (counters' "on")."""
    with pytest.raises(ScenarioError) as info:
        script = "    - counters: {on: bears, counter: \"-1/-1\", amount: 1}"
        pe.loads(_text(script, "  checkpoints: {}"), "g.yaml")
    line = str(info.value)
    assert "query.script[1].counters" in line and "quote the word" in line and "\n" not in line
