"""Casting in a game (pyengine/game/casting.py, CR 601.2): the script's ``cast`` item is the
cast query's fields (one parser), an illegal cast leaves the game as it was (732.1), a legal
one pays its costs and puts the card on the stack; mana pools (106.4, 500.5); one target
specification for a catalog spell (its ``casting`` targets serve ``does:`` too)."""

from __future__ import annotations

import pytest

import pyengine.api as pe
from pyengine import catalog
from pyengine.cast.model import Payment, Proposal
from pyengine.errors import ScenarioError
from pyengine.game import new_game
from pyengine.game.casting import CastSpell
from pyengine.game.model import IllegalAction
from pyengine.game.pool import Pool
from pyengine.model.enums import Zone
from tests.game.helpers import card, state

BASE = """
id: game/cast-probe
title: probe
cr: ["601.2"]
rationale: probe
players: [{id: alice, hand_size: 1}, bob]
turn: {active: alice, number: 3, step: precombat_main}
objects:
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
  - {id: m1, card: Mountain, controller: alice, timestamp: 1}
  - id: geyser
    name: Volcanic Geyser
    mana_cost: "{X}{R}{R}"
    types: [Instant]
    owner: alice
    zone: hand
    abilities: [{spell: Volcanic Geyser deals X damage to any target.}]
    casting: {targets: [{id: any, what: {any_types: [Creature], players: true}}]}
query:
  kind: game
  script:
SCRIPT
expect:
  checkpoints: {}
"""


@pytest.mark.parametrize(("item", "where", "says"), [
    ("    - cast: {spell: geyser, targets: {any: [bob]}}", "query.script[0].cast", "missing 'x'"),
    ("    - cast: {spell: bolt, targets: {victim: [bob]}}", "query.script[0].cast.targets.victim",
     "has no target 'victim'"),
    ("    - cast: {spell: bolt, payment: {tap: [m9]}}", "query.script[0].cast.payment.tap[0]", "m9"),
    ("    - cast: {spell: bolt, list: [payments]}", "query.script[0].cast", "list"),
    ("    - cast: {spell: bolt, from: attic}", "query.script[0].cast.from", "a zone"),
    ("    - mana: {player: alice, tap: [m9]}", "query.script[0].mana.tap[0]", "m9"),
    ("    - mana: {player: alice, tap: []}", "query.script[0].mana.tap", "at least one"),
    ("    - mana: {player: carol, tap: [m1]}", "query.script[0].mana.player", "carol"),
])
def test_a_malformed_cast_is_one_line_from_the_cast_querys_parser(item: str, where: str, says: str) -> None:
    with pytest.raises(ScenarioError) as info:
        pe.loads(BASE.replace("SCRIPT", item), "g.yaml")
    line = str(info.value)
    assert line.startswith("g.yaml:") and f" {where}" in line and says in line and "\n" not in line


def _game():  # type: ignore[no-untyped-def]
    bolt = card("bolt", "Lightning Bolt", "alice", zone=Zone.HAND)
    return new_game(state(bolt, card("m1", "Mountain", "alice", 1), card("m2", "Mountain", "alice", 2),
                          card("thalia", "Thalia, Guardian of Thraben", "bob", 3)))


def _bolt(*taps: str) -> CastSpell:
    return CastSpell(Proposal("bolt", "alice", (), False, None, None, None, None, (("any", ("p:bob",)),),
                              None, (), Payment(tap=tuple((t, None) for t in taps))))


def test_an_illegal_cast_leaves_the_game_as_it_was_and_names_the_step() -> None:
    game = _game()
    with pytest.raises(IllegalAction) as info:
        game.apply(_bolt("m1"), 30)  # Thalia: the total cost is {1}{R} (601.2f)
    assert info.value.rule == "601.2h" and "601.2h" in info.value.reason
    assert all(not o.tapped for o in game.state.objects) and game.state.object("bolt").zone == Zone.HAND
    after = game.apply(_bolt("m1", "m2"), 30)
    assert after.previous is game and [s.id for s in after.stack] == ["bolt"]
    assert after.state.object("m1").tapped and after.state.object("m2").tapped
    assert after.stack[0].cast.targets == (("any", ("p:bob",)),)
    assert [e.kind for e in after.log[len(game.log):]] == ["zone_change", "tap", "tap", "cast"]
    assert after.priority == "alice" and after.state.player("alice").mana == ""


def test_a_sorcery_cant_be_cast_above_an_ability_on_the_stack() -> None:
    """An ability on the game's stack is no object of the state: the cast engine is told the
    stack is busy (117.1a, 307.1)."""
    text = BASE.replace("  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}",
                        "  - {id: wrath, card: Wrath of God, owner: alice, zone: hand}").replace(
        "SCRIPT", "    - stack: {id: ping, controller: alice,"
                  " effect: [{kind: other, player: alice, text: x}]}\n"
                  "    - cast: {spell: wrath, effect: [{kind: other, player: alice, text: y}]}")
    text = text.replace("  checkpoints: {}", '  illegal: {action: 1, rule: "117.1a"}')
    res = pe.check(pe.loads(text, "g.yaml"))
    assert res.status.value == "pass", res.diffs


def test_pool_adds_spends_and_renders_typed_mana() -> None:
    pool = Pool.parse("{R}{2}{G}")
    assert pool.render() == "{R}{G}{C}{C}" and pool.count() == 4
    assert pool.minus(Pool.of(["R", "C"])).plus(Pool.of(["W"])).render() == "{W}{G}{C}"
    with pytest.raises(ValueError, match="106.4"):
        pool.minus(Pool.of(["U"]))
    assert Pool.parse("") == Pool() and Pool().render() == ""


def test_a_catalog_spells_does_reads_its_casting_targets() -> None:
    """One target specification: Lightning Bolt's ``does:`` targets are its ``casting``
    targets (the cast query's), not a second list."""
    bolt = catalog.lookup("Lightning Bolt")
    assert bolt is not None and bolt.does is not None
    assert bolt.does.targets == bolt.characteristics.casting.all_targets()  # type: ignore[attr-defined]
    with pytest.raises(ScenarioError, match="does"):
        catalog.parse_card("name: X\ntypes: [Instant]\noracle: ''\ndoes: {targets: [{any: true}], do: []}\n",
                           "x.yaml")


def test_a_choice_the_cast_engine_refuses_on_the_games_state_names_its_line(repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A wrong number of Phyrexian choices is found as the cast is judged (the cost paid is
    known then): one line naming the script item's field, exit 2."""
    import io

    from pyengine.cli import main

    text = (repo / "scenarios/turns/cast-dismember-paying-life.yaml").read_text()
    bad = text.replace("phyrexian: [life, life]", "phyrexian: [life]")
    with pytest.raises(ScenarioError) as info:
        pe.solve(pe.loads(bad, "d.yaml"))
    assert "query.script[0].cast.phyrexian" in str(info.value) and "\n" not in str(info.value)
    path = tmp_path / "d.yaml"
    path.write_text(bad)
    err = io.StringIO()
    assert main(["solve", str(path)], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue().count("\n") == 1 and "cast.phyrexian" in err.getvalue()


def test_a_permanent_named_twice_is_not_tapped_twice() -> None:
    """107.5, 701.26a: only an untapped permanent can be tapped: tapping one Mountain twice
    for Thalia's {1}{R} Bolt, or for mana, is illegal, and nothing happens."""
    from pyengine.game.casting import ActivateMana

    game = _game()
    with pytest.raises(IllegalAction) as info:
        game.apply(_bolt("m1", "m1"), 30)
    assert info.value.rule == "701.26a"
    with pytest.raises(IllegalAction) as info:
        game.apply(ActivateMana("alice", (("m1", None), ("m1", None))), 30)
    assert info.value.rule == "701.26a"
    once = game.apply(ActivateMana("alice", (("m1", None),)), 30)
    assert once.state.player("alice").mana == "{R}" and once.state.object("m1").tapped
    assert not game.state.object("m1").tapped
