"""Bad input in the casting rules' new words: spell filters on mana value, names and zones, the
cast_from permission, the top card of a library, and X in additional costs. Each is one line
naming the file, the line and what was expected (exit 2); the well-formed base is legal."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.cli import main

BASE = """\
id: casting/bad
title: bad input
cr: ["601.3"]
rationale: bad input
players: [alice, bob]
turn: {active: alice}
objects:
  - id: deluge
    name: Toxic Deluge
    mana_cost: "{2}{B}"
    types: [Sorcery]
    owner: alice
    zone: library
    top_of_library: true
    abilities: [{spell: All creatures get -X/-X until end of turn.}]
    casting: {additional_costs: [{life: x}]}
  - id: horde
    name: Permission
    types: [Enchantment]
    controller: alice
    timestamp: 1
    abilities:
    - static: {cast_from: {spells: {types: [Sorcery]}, players: you, zone: library}}
    - static:
        cant_cast: {spells: {mana_value: {at_least: 4}, names: [Fireball], from: [graveyard]}, players: each}
  - {id: s1, card: Swamp, controller: alice, timestamp: 2}
  - {id: s2, card: Swamp, controller: alice, timestamp: 3}
  - {id: s3, card: Swamp, controller: alice, timestamp: 4}
query: {kind: cast, spell: deluge, x: 2, payment: {tap: [s1, s2, s3]}}
expect: {legal: true, total_cost: "{2}{B}", life: 2, mana_value: 3}
"""

# case -> (replace this, with that, line, words of what was expected)
CASES = {
    "top-outside-library": ("zone: library\n", "zone: hand\n", 14,
                            "only a card in a library is its top card"),
    "empty-mana-value": ("mana_value: {at_least: 4}", "mana_value: {}", 25, "at least one of"),
    "bad-parity": ("mana_value: {at_least: 4}", "mana_value: {parity: evenish}", 25, "even, odd"),
    "bad-from": ("from: [graveyard]", "from: [battlefield]", 25, "a zone a spell is cast from"),
    "cast-from-hand": ("zone: library}}", "zone: hand}}", 23, "the zone the spells may be cast from"),
    "life-y": ("{life: x}", "{life: y}", 16, "an amount of life, or x"),
    "x-without-x": ("{additional_costs: [{life: x}]}", "{additional_costs: [{life: 2}], x: {min: 1}}", 16,
                    "has no {X}"),
}


def _run(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", str(path)], stdout=out, stderr=err)
    return code, (err.getvalue() + out.getvalue()).strip()


def test_the_base_is_legal(tmp_path: Path) -> None:
    code, text = _run(tmp_path, BASE)
    assert code == 0, text


@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_is_one_located_line(tmp_path: Path, case: str) -> None:
    old, new, line, words = CASES[case]
    assert old in BASE
    code, text = _run(tmp_path, BASE.replace(old, new, 1))
    assert code == 2, text
    first = next(x for x in text.splitlines() if "bad.yaml" in x)
    assert f"bad.yaml:{line}:" in first and words in first, first
    assert "Traceback" not in text


def test_two_top_cards_of_one_library(tmp_path: Path) -> None:
    other = ("  - {id: t2, name: Other, mana_cost: '{B}', types: [Sorcery], owner: alice, zone: library, "
             "top_of_library: true}\n")
    text = BASE.replace("  - {id: s1,", other + "  - {id: s1,", 1)
    code, out = _run(tmp_path, text)
    assert code == 2 and "already the top card" in out, out
