"""The combat operations of the effect language (pyengine/lang/ops_combat.py) and the
attack/block query format (pyengine/combat/query.py): what they accept, and one-line errors
for what they don't."""

from __future__ import annotations

import jsonschema
import pytest

from pyengine.errors import ScenarioError
from pyengine.lang.effects import KEYWORDS, OPS
from pyengine.lang.ops_combat import COMBAT_WORDS
from pyengine.scenario.loader import load_text

COMBAT_OPS = sorted(k for k, v in OPS.items() if v.area == "combat")


def scenario(
    objects: str, query: str, expect: str = "{maximum: 0, count: 1}", players: str = "[alice, bob]"
) -> str:
    return (
        f"id: t/x\ntitle: t\ncr: ['508.1']\nrationale: t\nplayers: {players}\n"
        f"turn: {{active: alice}}\nobjects:\n{objects}query: {query}\nexpect: {expect}\n"
    )


BEARS = "  - {id: x, card: Grizzly Bears, controller: alice, timestamp: 1}\n"


@pytest.mark.parametrize("name", COMBAT_OPS)
def test_every_combat_op_has_schema_and_doc(name: str) -> None:
    """Each operation brings a valid JSON Schema and a doc line citing the CR."""
    spec = OPS[name]
    assert spec.schema is not None and "CR" in spec.doc
    jsonschema.Draft202012Validator.check_schema(spec.schema)


def test_combat_words_are_keywords() -> None:
    """Every combat keyword word is accepted as an ability."""
    assert set(COMBAT_WORDS) <= KEYWORDS


@pytest.mark.parametrize(
    "ability,message",
    [
        ("{static: {affects: self, cant_attack: 3}}", "expected true or"),
        ("{static: {affects: self, attack_cost: {targets: you}}}", "exactly one of mana"),
        ("{static: {affects: self, attack_cost: {mana: '{W/U}'}}}", "combat costs support"),
        ("{static: {affects: self, min_blockers: 0}}", ">= 1"),
        ("{static: {affects: self, must_block: {attacker: nobody}}}", "dangling object id"),
        ("{static: {must_attack: true}}", "missing required field 'affects'"),
        ("{static: {max_attackers: {player: you}}}", "missing required field 'n'"),
        ("{static: {max_attackers: {n: 2, player: nobody}}}", "player"),
        ("{static: {affects: self, cant_attack_unless_others: {n: 0}}}", ">= 1"),
        ("{static: {affects: self, cant_block_unless_others: 2}}",
         "expected true or {n: N, creatures: SELECTOR}"),
        ("{static: {affects: self, cant_attack_unless_others: {others: 2}}}", "others"),
    ],
    ids=[
        "cant_attack_number",
        "cost_without_mana",
        "hybrid_cost",
        "min_blockers_zero",
        "dangling_attacker",
        "must_attack_without_affects",
        "player_cap_without_n",
        "player_cap_dangling_player",
        "unless_others_zero",
        "unless_others_number",
        "unless_others_unknown_key",
    ],
)
def test_bad_operations_are_one_line_errors(ability: str, message: str) -> None:
    """Bad combat operations name the file, line and field."""
    objs = (
        "  - {id: y, name: Y, types: [Creature], power: 1, toughness: 1, controller: alice, "
        f"timestamp: 2, abilities: [{ability}]}}\n"
    )
    with pytest.raises(ScenarioError) as err:
        load_text(scenario(BEARS + objs, "{kind: attack}"), "f.yaml")
    text = str(err.value)
    assert message in text and "\n" not in text and text.startswith("f.yaml:")


@pytest.mark.parametrize(
    "query,expect,players,message",
    [
        (
            "{kind: attack}",
            "{maximum: 0, count: 1}",
            "[alice, bob, carol]",
            "missing required field 'defending'",
        ),
        (
            "{kind: attack, defending: alice}",
            "{maximum: 0, count: 1}",
            "[alice, bob]",
            "an opponent of the active player",
        ),
        (
            "{kind: attack, declaration: {attackers: {x: nobody}}}",
            "{legal: true, obeyed: 0, maximum: 0}",
            "[alice, bob]",
            "dangling id 'nobody'",
        ),
        (
            "{kind: block, attackers: {x: bob}, defending: [bob, bob]}",
            "{maximum: 0, count: 1}",
            "[alice, bob]",
            "expected one player",
        ),
        ("{kind: block}", "{maximum: 0, count: 1}", "[alice, bob]", "missing required field 'attackers'"),
        (
            "{kind: attack, declaration: {}}",
            "{legal: false, obeyed: 0, maximum: 0}",
            "[alice, bob]",
            "missing required field 'violations'",
        ),
        ("{kind: attack}", "{maximum: 0}", "[alice, bob]", "missing 'legal_declarations'"),
        # the bad-input hunt: these were read as "no attackers" (a silent default)
        ("{kind: attack, declaration: {attackers: false}}", "{legal: true, obeyed: 0, maximum: 0}",
         "[alice, bob]", "declaration.attackers: expected a mapping creature -> target"),
        ("{kind: attack, declaration: {attackers: []}}", "{legal: true, obeyed: 0, maximum: 0}",
         "[alice, bob]", "declaration.attackers: expected a mapping creature -> target"),
        ("{kind: attack, declaration: null}", "{legal: true, obeyed: 0, maximum: 0}",
         "[alice, bob]", "declaration: expected a declaration {attackers: ..., paid: [...]} ({} for none)"),
        (
            "{kind: attack}",
            "{maximum: 0, count: 1, legal: true}",
            "[alice, bob]",
            "is for queries with a declaration",
        ),
    ],
    ids=[
        "multiplayer_needs_defending",
        "defending_not_opponent",
        "dangling_target",
        "block_one_defender",
        "block_needs_attackers",
        "illegal_needs_violations",
        "enumeration_needs_set_or_count",
        "attackers_false",
        "attackers_list",
        "declaration_null",
        "legal_without_proposal",
    ],
)
def test_bad_queries_are_one_line_errors(query: str, expect: str, players: str, message: str) -> None:
    """Bad attack/block queries and expectations are rejected with a precise message."""
    with pytest.raises(ScenarioError) as err:
        load_text(scenario(BEARS, query, expect, players), "f.yaml")
    assert message in str(err.value) and "\n" not in str(err.value)


def test_battle_needs_its_protector() -> None:
    """CR 310.8: every battle needs a protector in the query."""
    objs = (
        BEARS + "  - {id: s, name: S, types: [Battle], subtypes: [Siege], defense: 3, "
        "controller: bob, timestamp: 2}\n"
    )
    with pytest.raises(ScenarioError, match="needs its protector"):
        load_text(scenario(objs, "{kind: attack}"), "f.yaml")


def test_query_and_expect_schemas_accept_the_scenarios() -> None:
    """The published schema accepts every combat scenario."""
    from pathlib import Path

    import yaml

    from pyengine.scenario.schema import build

    schema = build()
    validator = jsonschema.Draft202012Validator(schema)
    root = Path(__file__).resolve().parents[2] / "scenarios" / "combat"
    files = sorted(root.rglob("*.yaml"))
    assert len(files) >= 40
    for f in files:
        errors = list(validator.iter_errors(yaml.safe_load(f.read_text())))
        assert not errors, (f.name, errors[0].message)
