"""The ``sba`` query kind: reading the query and the expectation, comparing as sets, and bad
input (one line naming the file, the line and the field; exit 2; no traceback)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pyengine.api import check, loads
from pyengine.cli import main

BASE = """\
id: t/sba
title: t
cr: ["704.5g"]
rationale: r
players: [alice, {id: bob, life: 0}]
turn: {active: alice}
objects:
  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1, damage: 2}
query: {kind: sba}
expect:
  actions:
    - {kind: destroy, rule: 704.5g, object: bears}
    - {kind: lose_game, rule: 704.5a, player: bob}
"""


def run(tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    code = main([*args, str(path)], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def refused(tmp_path: Path, text: str, field: str, words: str) -> None:
    code, out, err = run(tmp_path, text, "solve")
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == 1, err + out
    assert f": {field}: " in lines[0] and words in lines[0] and "Traceback" not in err, lines[0]
    assert lines[0].startswith(str(tmp_path / "s.yaml") + ":"), lines[0]


def test_the_answer_cites_each_rule(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, BASE, "solve")
    assert code == 0, err
    assert "CR 704.5g: destroy bears (lethal damage: 2 damage marked, toughness 2)" in out
    assert "CR 704.5a: lose game bob (life total 0)" in out
    code, out, _ = run(tmp_path, BASE, "solve", "--json")
    assert code == 0
    assert json.loads(out)["answer"] == {"legend_groups": [], "actions": [
        {"kind": "destroy", "rule": "704.5g", "object": "bears",
         "reason": "lethal damage: 2 damage marked, toughness 2"},
        {"kind": "lose_game", "rule": "704.5a", "player": "bob", "reason": "life total 0"}]}


def test_actions_are_compared_as_sets_with_each_difference_named() -> None:
    assert check(loads(BASE)).status.value == "pass"
    swapped = BASE.replace("    - {kind: destroy, rule: 704.5g, object: bears}\n", "") \
        + "    - {kind: destroy, rule: 704.5g, object: bears}\n"
    assert check(loads(swapped)).status.value == "pass"
    wrong = BASE.replace("rule: 704.5g", "rule: 704.5h")
    got = check(loads(wrong))
    assert got.status.value == "fail"
    assert sorted(got.diffs) == [
        "actions: expected, not performed: destroy bears (CR 704.5h)",
        "actions: performed, not expected: CR 704.5g: destroy bears (lethal damage: 2 damage marked, "
        "toughness 2)"]


def test_a_legend_group_expected_but_not_found() -> None:
    text = BASE + "  legend_groups: [{controller: alice, name: Grizzly Bears, candidates: [bears]}]\n"
    got = check(loads(text))
    assert got.diffs == ("legend_groups: expected, not found: alice's Grizzly Bears (bears)",)


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ("query: {kind: sba}", "query: {kind: sba, since: {drew_from_empty: [dave]}}",
     "query.since.drew_from_empty[0]", "unknown player 'dave'"),
    ("query: {kind: sba}", "query: {kind: sba, since: {deathtouch_damaged: [ghost]}}",
     "query.since.deathtouch_damaged[0]", "unknown object 'ghost'"),
    ("query: {kind: sba}", "query: {kind: sba, since: {drew: [alice]}}", "query.since.drew", "unknown field"),
    ("query: {kind: sba}", "query: {kind: sba, when: now}", "query.when", "unknown field"),
    ("query: {kind: sba}", "query: {kind: sba, legend_choices: [{controller: alice, name: X, keep: nope}]}",
     "query.legend_choices[0].keep", "dangling object id 'nope'"),
    ("query: {kind: sba}", "query: {kind: sba, legend_choices: [{controller: dave, name: X, keep: bears}]}",
     "query.legend_choices[0].controller", "dave"),
    ("kind: destroy, rule: 704.5g", "kind: exile, rule: 704.5g", "expect.actions[0].kind", "exile"),
    ("kind: destroy, rule: 704.5g", "kind: destroy, rule: 704.5o", "expect.actions[0].rule", "704.5o"),
    ("kind: lose_game, rule: 704.5a, player: bob", "kind: lose_game, rule: 704.5a, object: bears",
     "expect.actions[1]", "lose_game needs a player"),
    ("rule: 704.5g, object: bears", "rule: 704.5g, object: wolf", "expect.actions[0].object",
     "dangling object id 'wolf'"),
    ("kind: destroy, rule: 704.5g, object: bears", "kind: remove_counters, rule: 704.5q, object: bears",
     "expect.actions[0]", "needs counter and amount"),
    ("expect:\n  actions:", "expect:\n  outcomes: []\n  actions:", "expect.outcomes", "unknown field"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, old: str, new: str, field: str, words: str) -> None:
    assert old in BASE
    refused(tmp_path, BASE.replace(old, new, 1), field, words)


def test_an_unreadable_enchant_ability_is_refused_in_one_line(tmp_path: Path) -> None:
    aura = ("  - {id: aura, name: A, types: [Enchantment], subtypes: [Aura], controller: alice, "
            "timestamp: 2, attached_to: bears, abilities: [{text: Enchant creature or planeswalker}]}\n")
    code, out, err = run(tmp_path, BASE.replace("query:", aura + "query:", 1), "solve")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "Enchant creature or planeswalker" in err and "702.5a" in err


def test_a_legend_choice_naming_no_group_is_bad_input_on_its_line(tmp_path: Path) -> None:
    # found by the fuzz test: a name matching no two legendary permanents was an internal error
    text = BASE.replace("query: {kind: sba}", "query:\n  kind: sba\n  legend_choices:\n"
                        "    - {controller: alice, name: Nobody, keep: bears}")
    code, out, err = run(tmp_path, text, "solve")
    assert code == 2 and out == "", err
    assert "s.yaml:12: query.legend_choices[0]: alice controls no two legendary permanents named 'Nobody'" \
        in err, err
    assert len(err.strip().splitlines()) == 1 and "internal error" not in err
