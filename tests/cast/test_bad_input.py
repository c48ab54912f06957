"""Bad cast proposals: a malformed one (unknown spell, a mode the spell doesn't have, X on a
spell without X, a payment naming mana a permanent can't produce, a target that doesn't
exist, a target instance the spell doesn't have) is one line naming the file, the line, the
field and what was expected, exit code 2; a well-formed illegal cast is a verdict."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.cli import main

BASE = """\
id: casting/bad
title: bad input
cr: ["601.2"]
rationale: bad input
players: [alice, bob]
turn: {active: alice}
objects:
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
  - {id: m1, card: Mountain, controller: alice, timestamp: 1}
  - {id: f1, card: Forest, controller: alice, timestamp: 2}
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 3}
query:
  kind: cast
  spell: bolt
  targets: {any: [bears]}
  payment: {tap: [m1]}
expect: {legal: true}
"""

# case -> (replace this, with that, line, field path, words of what was expected)
CASES = {
    "unknown-spell": ("spell: bolt", "spell: blot", 14, "query.spell", "no object has the id 'blot'"),
    "mode-it-lacks": ("spell: bolt\n", "spell: bolt\n  modes: [2]\n", 15, "query.modes", "not modal"),
    "x-without-x": ("spell: bolt\n", "spell: bolt\n  x: 3\n", 15, "query.x", "has no X in its mana cost"),
    "wrong-mana": (
        "tap: [m1]",
        "tap: [{id: f1, mana: R}]",
        16,
        "query.payment.tap[0]",
        "f1 has no mana ability adding {R}",
    ),
    "no-mana-ability": ("tap: [m1]", "tap: [bears]", 16, "query.payment.tap[0]", "bears has no mana ability"),
    "missing-target": (
        "any: [bears]",
        "any: [bear]",
        15,
        "query.targets.any[0]",
        "no object or player has the id 'bear'",
    ),
    "unknown-instance": (
        "{any: [bears]}",
        "{creature: [bears]}",
        15,
        "query.targets.creature",
        "has no target 'creature'",
    ),
    "targets-not-written": (  # a spell saying "target" without casting targets (601.2c)
        "{id: bolt, card: Lightning Bolt, owner: alice, zone: hand}",
        '{id: bolt, name: Shock, mana_cost: "{R}", types: [Instant], owner: alice, zone: hand, '
        'abilities: [{spell: "Shock deals 2 damage to any target."}]}',
        14,
        "query.spell",
        "its targets are not written",
    ),
    "unknown-payment-id": (
        "tap: [m1]",
        "tap: [m9]",
        16,
        "query.payment.tap[0]",
        "no permanent has the id 'm9'",
    ),
}


def _run(tmp_path: Path, text: str) -> tuple[int, str, str]:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", str(path)], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_proposal_is_one_located_line(tmp_path: Path, case: str) -> None:
    old, new, line, field, words = CASES[case]
    assert old in BASE
    code, out, err = _run(tmp_path, BASE.replace(old, new, 1))
    text = (err + out).strip()
    assert code == 2, text
    lines = [x for x in text.splitlines() if "bad.yaml" in x]
    assert lines, text
    first = lines[0]
    assert f"bad.yaml:{line}:" in first and field in first and words in first, first
    assert "Traceback" not in text


def test_the_base_is_legal(tmp_path: Path) -> None:
    code, out, err = _run(tmp_path, BASE)
    assert code == 0, out + err


def test_a_wellformed_illegal_cast_is_a_verdict(tmp_path: Path) -> None:
    text = BASE.replace("tap: [m1]", "tap: [f1]").replace(
        "expect: {legal: true}", 'expect: {legal: false, step: "601.2h"}'
    )
    code, out, err = _run(tmp_path, text)
    assert code == 0, out + err
