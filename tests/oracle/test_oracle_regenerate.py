"""Regeneration on real cards (CR 701.19, 614.8; the pyengine[cards] extra, skipped without
it): "{cost}: Regenerate SELF." and "Regenerate target creature." create a regeneration shield
until end of turn (701.19a, 514.2); "Destroy target creature. It can't be regenerated." destroys
its target whatever shield it has (608.2c, 701.19c). Each compiles as its rule says, a game with
a card of each answers as the rule says, and wordings not followed stay text or partial."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from pyengine.oracle import effects as E
from pyengine.oracle import execute
from tests.oracle import support

pytestmark = support.BUNDLED




def _game(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any]) -> tuple[Any, str]:
    """{G}{W} in alice's pool."""
    players = [{"id": "alice", "mana": "{G}{W}", "library_size": 10}, {"id": "bob", "library_size": 10}]
    return support.game(objects, script, expect, cr="701.19a", players=players)


BOA = {"id": "boa", "card": "River Boa", "controller": "alice", "timestamp": 1}
SHIELD = {"regenerate": {"object": "affected"}}


# --- compiled forms --------------------------------------------------------------------------

def test_regenerate_self_is_a_shield_on_the_source_until_end_of_turn() -> None:
    # 701.19a, 514.2: "{G}: Regenerate this creature."; no target (the source, locked)
    ab = support.full("River Boa").card["abilities"][1]["activated"]
    assert ab == {"cost": "{G}", "resolves": SHIELD, "duration": "end_of_turn"}


def test_regenerate_target_creature_in_a_spell_and_an_ability() -> None:
    ward = support.full("Death Ward")
    assert ward.card["resolves"] == SHIELD
    assert ward.card["casting"]["targets"][0]["what"] == {"types": ["Creature"]}
    ab = support.full("Asceticism").card["abilities"][1]["activated"]
    assert ab["resolves"] == SHIELD and ab["targets"] and ab["duration"] == "end_of_turn"


def test_it_cant_be_regenerated_modifies_the_destruction() -> None:
    # 608.2c, 701.19c: the destroy instruction and the "can't" on its one target
    card = support.full("Annihilate").card
    assert card["does"]["do"][0] == {"kind": "destroy", "object": "target"}
    assert card["resolves"] == {"cant_be_regenerated": "affected"}


# --- games -----------------------------------------------------------------------------------

def _murder(script_before: list[Any], card: str = "Murder") -> list[Any]:
    return [*script_before, {"pass": "alice"},
            {"stack": {"card": card, "id": "kill", "controller": "bob", "targets": ["boa"]}}, "resolve",
            {"checkpoint": "after"}]


def test_a_shield_replaces_one_destruction_and_taps() -> None:
    # 701.19a, 614.8: the Boa survives Murder tapped; without the activation it dies
    shielded = _murder([{"activate": {"player": "alice", "source": "boa"}}, "resolve"])
    ok, why = _game([BOA], shielded, {"checkpoints": {"after": {"objects": {
        "boa": {"zone": "battlefield", "tapped": True}}}}})
    assert ok is not None, why
    ok, why = _game([BOA], _murder([]),
                    {"checkpoints": {"after": {"objects": {"boa": {"zone": "graveyard"}}}}})
    assert ok is not None, why


def test_death_ward_shields_its_target() -> None:
    ward = {"id": "ward", "card": "Death Ward", "owner": "alice", "zone": "hand"}
    script = _murder([{"stack": {"object": "ward", "controller": "alice", "targets": ["boa"]}}, "resolve"])
    ok, why = _game([BOA, ward], script, {"checkpoints": {"after": {"objects": {
        "boa": {"zone": "battlefield", "tapped": True}}}}})
    assert ok is not None, why


def test_cant_be_regenerated_ignores_the_shield() -> None:
    # 701.19c, 608.2c: Annihilate destroys the shielded Boa (its second sentence modifies the
    # first); the same game with Murder leaves the Boa regenerated (test above)
    shielded = [{"activate": {"player": "alice", "source": "boa"}}, "resolve"]
    ok, why = _game([BOA], _murder(shielded, "Annihilate"),
                    {"checkpoints": {"after": {"objects": {"boa": {"zone": "graveyard"}}}}})
    assert ok is not None, why


@pytest.mark.parametrize(("name", "template"), [
    ("River Boa", "activated ability"), ("Death Ward", "spell ability"),
    ("Asceticism", "activated ability"), ("Annihilate", "spell ability"),
])
def test_a_card_of_each_wording_runs_in_its_generated_game(name: str, template: str) -> None:
    ok, why = execute.run_for(support.full(name), template)
    assert ok, (name, why)


# --- wordings not followed stay text or partial ----------------------------------------------

@pytest.mark.parametrize("text", [
    "Destroy all creatures. They can't be regenerated.",  # a group: not read
    "SELF deals 3 damage to target creature. It can't be regenerated this turn.",  # "this turn"
    "It can't be regenerated.",  # nothing destroyed before it
    "Regenerate target creature card in your graveyard.",  # not a permanent (701.19a)
    "Regenerate each creature you control.",
])
def test_a_wording_not_followed_is_not_read(text: str) -> None:
    assert E.effect(text, spell=True) is None


def test_unsupported_paragraphs_stay_with_the_clause_named() -> None:
    # "Regenerate target Treefolk": a subtype's target (205.3d, 115.1), read since target
    # qualities are; the shield goes on its one target
    shaman = oracle.compiled("Black Poplar Shaman")
    assert shaman is not None and shaman.status == "full"
    body = shaman.card["abilities"][0]["activated"]
    assert body["targets"] == [{"obj": {"subtypes": ["Treefolk"]}}]
    # "Any player may activate this ability" (602.2): a restriction the game doesn't follow
    storm = oracle.compiled("Aether Storm")
    assert storm is not None and storm.status != "full"
    assert [c.template for c in storm.clauses if "can't be regenerated" in c.text] == ["activated (text)"]
    # "They can't be regenerated." after a group's destruction
    wrath = oracle.compiled("Abu Ja'far")
    assert wrath is not None and wrath.status != "full"
    assert [c.template for c in wrath.clauses if "can't be regenerated" in c.text] == ["triggered (text)"]
