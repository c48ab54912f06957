"""Affinity (CR 702.41a, pyengine/cast/affinity.py): "This spell costs {1} less to cast for each
[text] you control", a reduction of the generic part of the total cost only, never below zero
(601.2f). Real cards' Oracle text, from a small card-data file."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.scenario import runner


def _face(name: str, cost: str, types: list[str], text: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "colors": [], "text": text, "layout": "normal", **more}


REMINDER = " (This spell costs {1} less to cast for each artifact you control.)"
CARDS = [
    _face("Frogmite", "{4}", ["Artifact", "Creature"], "Affinity for artifacts" + REMINDER, power="2",
          toughness="2", subtypes=["Frog"]),
    _face("Thoughtcast", "{4}{U}", ["Sorcery"], "Affinity for artifacts" + REMINDER + "\nDraw two cards."),
    _face("Ornithopter", "{0}", ["Artifact", "Creature"], "Flying", power="0", toughness="2",
          subtypes=["Thopter"]),
    _face("Mr. Orfeo, the Boulder", "{1}{B}{R}{G}", ["Creature"], "Affinity for historic permanents",
          power="5", toughness="5", subtypes=["Rhino", "Warrior"], supertypes=["Legendary"]),
]


@pytest.fixture
def affinity_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def test_compiled_keyword(affinity_data: None) -> None:
    from pyengine import oracle

    frog = oracle.compiled("Frogmite")
    assert frog is not None and frog.status == "full" and {"affinity": "artifacts"} in frog.card["abilities"]
    # "historic permanents" (700.6) is no card type or subtype here: held by name only
    orfeo = oracle.compiled("Mr. Orfeo, the Boulder")
    assert orfeo is not None and orfeo.status != "full"


def _cast(spell: str, artifacts: int, theirs: int, expect: str) -> Any:
    pool = f", payment: {{pool: \"{expect}\"}}" if expect != "{0}" else ""
    mana = f", mana: \"{expect}\"" if expect != "{0}" else ""
    objects = "".join(f"  - {{id: a{i}, card: Ornithopter, controller: alice, timestamp: {i + 1}}}\n"
                      for i in range(artifacts))
    objects += "".join(f"  - {{id: b{i}, card: Ornithopter, controller: bob, timestamp: {i + 20}}}\n"
                       for i in range(theirs))
    text = ("id: cards/affinity-smoke\ntitle: smoke\ncr: [\"702.41a\"]\nrationale: smoke\n"
            f"players: [{{id: alice{mana}}}, bob]\nturn: {{active: alice}}\nobjects:\n"
            f"  - {{id: s, card: {spell}, owner: alice, zone: hand}}\n{objects}"
            f"query: {{kind: cast, spell: s{pool}}}\n"
            f"expect: {{legal: true, total_cost: \"{expect}\"}}\n")
    return runner.run_scenario(api.loads(text))


@pytest.mark.parametrize(("spell", "mine", "theirs", "total"), [
    ("Frogmite", 0, 0, "{4}"),          # nothing to count
    ("Frogmite", 3, 0, "{1}"),          # {4} less {3}
    ("Frogmite", 2, 3, "{2}"),          # only the artifacts "you" control (702.41a)
    ("Frogmite", 6, 0, "{0}"),          # never below zero (601.2f)
    ("Thoughtcast", 6, 0, "{U}"),       # colored mana is not reduced (601.2f)
])
def test_affinity_reduces_the_generic_part(affinity_data: None, spell: str, mine: int, theirs: int,
                                          total: str) -> None:
    out = _cast(spell, mine, theirs, total)
    assert out.passed, (out.message, out.diffs)
