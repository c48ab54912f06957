"""Activated abilities whose cost has {X} on real cards (CR 107.3a, 601.2b and 601.2f as 602.2b
applies them to activating an ability; the pyengine[cards] extra, skipped without it): the
player announces X as they activate the ability, each {X} is paid as that much generic mana,
and each X of the ability is that value while it is on the stack ("deals X damage", "gets
+X/+0", "You gain X life"). X may be 0; a missing X is refused, as is an X for a cost without
{X}. Wordings with an X the game doesn't read stay text."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from pyengine.game.activation_x import _mana
from pyengine.oracle import execute
from pyengine.oracle.activated import activated
from tests.oracle import support

pytestmark = support.BUNDLED

CREATURE = {"types": ["Creature"], "name": "T"}
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 5}


def _game(mana: str, objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any]) -> tuple[Any, str]:
    players = [{"id": "alice", **({"mana": mana} if mana else {}), "library_size": 10},
               {"id": "bob", "library_size": 10}]
    return support.game(objects, script, expect, cr="107.3a", players=players)


# --- compiled forms --------------------------------------------------------------------------

def test_x_in_the_cost_is_read_as_the_amount_of_the_effect() -> None:
    got = activated("{X}{R}, {T}: SELF deals X damage to any target.", "T", CREATURE)
    assert got == [{"activated": {"cost": "{X}{R}, {T}", "targets": [{"any": True}],
                                  "do": [{"kind": "damage", "source": "self", "target": "target",
                                          "amount": {"x": True}}]}, "text": "T"}]
    got = activated("{X}: SELF gets +X/+0 until end of turn.", "T", CREATURE)
    assert got is not None and got[0]["activated"]["resolves"] == {"modify_pt": {"power": {"x": True},
                                                                                  "toughness": 0}}
    got = activated("{X}, {T}: Target creature gets -X/-X until end of turn.", "T", CREATURE)
    assert got is not None and got[0]["activated"]["resolves"]["modify_pt"]["toughness"] == \
        {"negate": {"x": True}}


@pytest.mark.parametrize("par", [
    "{X}, {T}: SELF deals X damage to target creature. Spend only red mana on X.",  # a mana restriction
    "{X}, {T}: Draw a card.",  # its X is paid for nothing the effect reads
    "{X}, {T}: Target player discards X cards at random.",  # an X the language doesn't read there
    "{X}, {T}: Destroy target creature with mana value X.",  # a target's quality (115.1)
    "{X}, {T}: Create an X/X colorless Golem artifact creature token.",  # a token's printed P/T (111.3)
    "{X}: SELF deals X damage to any target. X can't be 0.",  # a restriction on X not followed
])
def test_a_wording_not_followed_stays_text(par: str) -> None:
    assert activated(par, par, CREATURE) is None


def test_real_cards_not_followed_stay_text_with_the_clause_named() -> None:
    hellkite = oracle.compiled("Crimson Hellkite")  # "Spend only red mana on X."
    assert hellkite is not None and hellkite.status != "full"
    assert [c.template for c in hellkite.clauses if "{X}" in c.text] == ["activated (text)"]


def test_the_x_is_paid_as_generic_mana() -> None:
    # 601.2f: {X}{R} with X = 3 is {3}{R}; {X}{X}{1} with X = 2 has five generic
    assert _mana("{R}", 3) == "{3}{R}"
    assert _mana("{1}", 4) == "{5}"
    assert _mana("", 0) == ""


# --- games -----------------------------------------------------------------------------------

def test_cinder_elemental_deals_the_x_announced() -> None:
    """107.3a, 601.2f: Cinder Elemental's "{X}{R}, {T}, Sacrifice this creature: It deals X
    damage to any target." with X = 2 costs {2}{R}; it deals 2 damage to bob's 2/2 Grizzly
    Bears, which die (704.5g); the Elemental was sacrificed (113.7a: the ability still
    resolves)."""
    support.full("Cinder Elemental")
    cinder = {"id": "cinder", "card": "Cinder Elemental", "controller": "alice", "timestamp": 1}
    script = [{"activate": {"player": "alice", "source": "cinder", "x": 2, "targets": ["bears"]}},
              {"checkpoint": "paid"}, "resolve", {"checkpoint": "done"}]
    ok, why = _game("{R}{C}{C}", [cinder, BEARS], script, {"checkpoints": {
        "paid": {"mana": {"alice": ""}, "objects": {"cinder": {"zone": "graveyard"}}},
        "done": {"stack": [], "objects": {"bears": {"zone": "graveyard"}}}}})
    assert ok is not None, why
    # X = 1: one damage, the Bears survive with 1 damage marked (120.3e)
    script[0] = {"activate": {"player": "alice", "source": "cinder", "x": 1, "targets": ["bears"]}}
    ok, why = _game("{R}{C}", [cinder, BEARS], script, {"checkpoints": {
        "paid": {"mana": {"alice": ""}},
        "done": {"stack": [], "objects": {"bears": {"zone": "battlefield", "damage": 1}}}}})
    assert ok is not None, why


def test_the_x_must_be_paid() -> None:
    # 118.3, 601.2h: X = 3 for {X}{R} needs four mana; alice has three
    cinder = {"id": "cinder", "card": "Cinder Elemental", "controller": "alice", "timestamp": 1}
    script = [{"activate": {"player": "alice", "source": "cinder", "x": 3, "targets": ["bob"]}}]
    ok, why = _game("{R}{C}{C}", [cinder], script, {"illegal": {"action": 0, "rule": "601.2h"}})
    assert ok is not None, why


def test_x_may_be_zero() -> None:
    """107.3a: any value may be announced, 0 too: Oracle of Nectars ("{X}, {T}: You gain X
    life.") with X = 0 costs only {T}; alice gains no life. With X = 3 she gains 3."""
    support.full("Oracle of Nectars")
    nectars = {"id": "oracle", "card": "Oracle of Nectars", "controller": "alice", "timestamp": 1}
    script = [{"activate": {"player": "alice", "source": "oracle", "x": 0}}, "resolve", {"checkpoint": "done"}]
    ok, why = _game("", [nectars], script, {"checkpoints": {"done": {
        "life": {"alice": 20}, "stack": [], "objects": {"oracle": {"tapped": True}}}}})
    assert ok is not None, why
    script[0] = {"activate": {"player": "alice", "source": "oracle", "x": 3}}
    ok, why = _game("{C}{C}{C}", [nectars], script, {"checkpoints": {"done": {
        "life": {"alice": 23}, "mana": {"alice": ""}}}})
    assert ok is not None, why


def test_a_missing_x_is_refused_and_an_x_without_a_cost_x() -> None:
    # 601.2b: the value of X is announced as it is activated; 107.3a: only a cost with {X} has one
    nectars = {"id": "oracle", "card": "Oracle of Nectars", "controller": "alice", "timestamp": 1}
    ok, why = _game("{C}", [nectars], [{"activate": {"player": "alice", "source": "oracle"}}],
                    {"illegal": {"action": 0, "rule": "601.2b"}})
    assert ok is not None, why
    pinger = {"id": "pinger", "card": "Prodigal Pyromancer", "controller": "alice", "timestamp": 1}
    ok, why = _game("", [pinger], [{"activate": {"player": "alice", "source": "pinger", "x": 1,
                                                 "targets": ["bob"]}}],
                    {"illegal": {"action": 0, "rule": "107.3a"}})
    assert ok is not None, why


def test_a_pump_holds_the_x_announced() -> None:
    """611.2c, 107.3a: Kessig Wolf Run's "{X}{R}{G}, {T}: Target creature gets +X/+0 and gains
    trample until end of turn." with X = 3 on alice's Grizzly Bears: 5/2."""
    support.full("Kessig Wolf Run")
    run = {"id": "run", "card": "Kessig Wolf Run", "controller": "alice", "timestamp": 1}
    mine = {**BEARS, "controller": "alice"}
    script = [{"activate": {"player": "alice", "source": "run", "x": 3, "targets": ["bears"]}},
              "resolve", {"checkpoint": "done"}]
    ok, why = _game("{R}{G}{C}{C}{C}", [run, mine], script, {"checkpoints": {"done": {
        "mana": {"alice": ""}, "objects": {"bears": {"power": 5, "toughness": 2}}}}})
    assert ok is not None, why


@pytest.mark.parametrize(("name", "template"), [
    ("Cinder Elemental", "activated ability"), ("Oracle of Nectars", "activated ability"),
    ("Kessig Wolf Run", "activated ability"), ("Sands of Delirium", "activated ability"),
    ("Snake Basket", "activated ability"),
])
def test_a_card_of_each_wording_runs_in_its_generated_game(name: str, template: str) -> None:
    ok, why = execute.run_for(support.full(name), template)
    assert ok, (name, why)


# --- an instant's or sorcery's X (the X of its mana cost, 107.3a) ------------------------------

def test_a_spells_x_is_read_as_the_amount_of_its_effect() -> None:
    blaze = support.full("Blaze")  # "Blaze deals X damage to any target."
    assert blaze.card["does"] == {"do": [{"kind": "damage", "source": "self", "target": "target",
                                          "amount": {"x": True}}]}
    scream = support.full("Bloodcurdling Scream")  # "Target creature gets +X/+0 until end of turn."
    assert scream.card["resolves"] == {"modify_pt": {"power": {"x": True}, "toughness": 0}}


def test_a_spells_x_not_read_stays_text() -> None:
    # "If X is 5 or more, ...": a condition on X; "Spend only black mana on X." a restriction
    for name in ("Banefire", "Consume Spirit"):
        got = oracle.compiled(name)
        assert got is not None and got.status != "full", name


@pytest.mark.parametrize(("x", "life"), [(3, 17), (0, 20)])
def test_blaze_deals_the_x_announced_as_it_is_cast(x: int, life: int) -> None:
    """107.3a, 601.2b, 601.2f: Blaze ({X}{R}) cast with X = 3 costs {3}{R} and deals 3 damage
    to bob (20 to 17); with X = 0 it costs {R} and deals none (120.8: 0 damage isn't dealt)."""
    mana = "{R}" + "{C}" * x
    blaze = {"id": "blaze", "card": "Blaze", "owner": "alice", "zone": "hand"}
    script = [{"cast": {"spell": "blaze", "player": "alice", "x": x, "targets": {"any": ["bob"]},
                        "payment": {"pool": mana}}}, "resolve", {"checkpoint": "done"}]
    ok, why = _game(mana, [blaze], script, {"checkpoints": {"done": {
        "life": {"bob": life}, "mana": {"alice": ""}, "stack": []}}})
    assert ok is not None, why


def test_a_spell_reading_x_put_on_the_stack_needs_its_x() -> None:
    # 107.3a: a `stack:` spell whose effect reads X says it; one that doesn't says none
    blaze = {"id": "blaze", "card": "Blaze", "owner": "alice", "zone": "hand"}
    ok, why = _game("", [blaze], [{"stack": {"object": "blaze", "controller": "alice", "targets": ["bob"]}}],
                    {"checkpoints": {}})
    assert ok is None and "missing 'x'" in why, why
    ok, why = _game("", [blaze], [{"stack": {"object": "blaze", "controller": "alice", "targets": ["bob"],
                                             "x": 4}}, "resolve", {"checkpoint": "done"}],
                    {"checkpoints": {"done": {"life": {"bob": 16}}}})
    assert ok is not None, why


@pytest.mark.parametrize("name", ["Blaze", "Braingeyser", "Bloodcurdling Scream", "Corrosive Gale"])
def test_an_x_spell_runs_in_its_generated_game(name: str) -> None:
    ok, why = execute.run_for(support.full(name), "spell ability")
    assert ok, (name, why)


def test_x_is_refused_where_no_cost_has_one() -> None:
    # 107.3a: only an activation cost with {X} (or an instant's or sorcery's mana cost) has an
    # X announced; elsewhere `{x: true}` names nothing
    from pyengine.catalog import card_from_mapping
    from pyengine.errors import ScenarioError

    ability = {"text": "{1}, {T}: SELF deals X damage to any target.",
               "activated": {"cost": "{1}, {T}", "targets": [{"any": True}],
                             "do": [{"kind": "damage", "target": "target", "amount": {"x": True}}]}}
    with pytest.raises(ScenarioError, match="x: true"):
        card_from_mapping({"name": "T", "types": ["Artifact"], "abilities": [ability]}, "<t>")
    ability = {**ability, "activated": {**ability["activated"], "cost": "{X}, {T}"}}
    assert card_from_mapping({"name": "T", "types": ["Artifact"], "abilities": [ability]}, "<t>")
    sorcery = {"name": "S", "types": ["Sorcery"], "mana_cost": "{1}{R}",
               "casting": {"targets": [{"id": "any", "what": {"players": True}}]},
               "does": {"do": [{"kind": "damage", "target": "target", "amount": {"x": True}}]}}
    with pytest.raises(ScenarioError, match="x: true"):
        card_from_mapping(sorcery, "<t>")
