"""Ability targets with a combat state on real cards (the pyengine[cards] extra; skipped
without it): "target attacking creature", "target attacking or blocking creature" in activated
and triggered abilities. A creature is attacking or blocking from being declared so (508.1a,
509.1a) until it is removed from combat or combat ends (506.4, 511.3); the instance of "target"
says what can be targeted (115.1), chosen as the ability is put on the stack (602.2b, 603.3d,
601.2c) and checked again as it resolves (608.2b)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from pyengine import oracle
from tests.oracle import support
from tests.oracle.support import BUNDLED

pytestmark = BUNDLED

OGRE = {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 1}
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2}
ANOINTER = {"id": "anointer", "card": "Anointer of Champions", "controller": "alice", "timestamp": 3}
ATTACK = [{"advance": "declare_attackers"}, {"attack": {"bears": "bob"}}]


def _activate(target: str) -> dict[str, Any]:
    return {"activate": {"player": "alice", "source": "anointer", "targets": [target]}}


def test_a_combat_state_with_more_words() -> None:
    # 506.4 with the target's other qualities (115.1): its controller, a keyword it has
    from pyengine.oracle import effects as E

    got = E.effect("Destroy target attacking creature you control.", spell=True)
    assert got is not None and got.casting[0]["what"] == {
        "types": ["Creature"], "controller": "you", "combat": ["attacking"]}
    got = E.effect("SELF deals 4 damage to target attacking or blocking creature with flying.")
    assert got is not None and got.targets == [{"obj": {
        "types": ["Creature"], "abilities": ["flying"], "combat": ["attacking", "blocking"]}}]


def test_the_combat_words_compile_into_the_abilities_target_selector() -> None:
    # 506.4: "attacking creature" only attackers; "attacking or blocking creature" either
    anointer = support.full("Anointer of Champions").card["abilities"][0]["activated"]
    assert anointer["targets"] == [{"obj": {"types": ["Creature"], "combat": ["attacking"]}}]
    bomber = next(a for a in support.full("Dive Bomber").card["abilities"] if isinstance(a, dict))
    assert bomber["activated"]["targets"][0]["obj"]["combat"] == ["attacking", "blocking"]
    javelineer = support.full("Elite Javelineer").card["abilities"][0]
    assert javelineer["targets"] == [{"obj": {"types": ["Creature"], "combat": ["attacking"]}}]


def test_no_creature_is_attacking_before_attackers_are_declared() -> None:
    # 506.4, 601.2c: in alice's main phase her Bears are not attacking: no legal target
    ok, why = support.game([OGRE, BEARS, ANOINTER], [_activate("bears")],
                           {"illegal": {"action": 0, "rule": "601.2c"}}, cr="506.4")
    assert ok is not None, why


def test_only_an_attacking_creature_can_be_chosen() -> None:
    # 508.1a: the Bears attack; the Ogre (bob's, not attacking) is no legal target (115.1)
    ok, why = support.game([OGRE, BEARS, ANOINTER], [*ATTACK, _activate("ogre")],
                           {"illegal": {"action": 2, "rule": "601.2c"}}, cr="506.4")
    assert ok is not None, why
    # the attacking Bears are: +1/+1 until end of turn (611.2a), 3/3
    script = [*ATTACK, _activate("bears"), "resolve", {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "objects": {
        "bears": {"power": 3, "toughness": 3}, "anointer": {"tapped": True}}}}}
    ok, why = support.game([OGRE, BEARS, ANOINTER], script, expect, cr="506.4")
    assert ok is not None, why


def test_after_combat_ends_no_creature_is_attacking() -> None:
    # 511.3: as the end of combat step ends, creatures are removed from combat; in her
    # postcombat main phase the Bears that attacked are no attacking creature (506.4)
    script = [*ATTACK, {"advance": "postcombat_main"}, _activate("bears")]
    ok, why = support.game([OGRE, BEARS, ANOINTER], script,
                           {"illegal": {"action": 3, "rule": "601.2c"}}, cr="511.3")
    assert ok is not None, why


def test_a_target_removed_from_combat_is_illegal_as_the_ability_resolves() -> None:
    # 608.2b: the ability's only target, removed from combat while the ability waits on the
    # stack (506.4), is illegal: the ability doesn't resolve and the Bears stay 2/2
    from pyengine import api
    from pyengine.game import new_game
    from pyengine.game.run import step

    doc = {"id": "cards/test", "title": "t", "cr": ["608.2b"], "rationale": "test",
           "players": [{"id": "alice", "library_size": 10}, {"id": "bob", "library_size": 10}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": [OGRE, BEARS, ANOINTER],
           "query": {"kind": "game", "script": [*ATTACK, _activate("bears"), "resolve"]},
           "expect": {"checkpoints": {}}}
    scenario = api.loads(yaml.safe_dump(doc, sort_keys=False))
    items = scenario.query.script
    game = new_game(scenario.state, 60)
    for item in items[:3]:
        game = step(game, item, 60)
    assert [s.source for s in game.stack] == ["anointer"]
    game = game.clone(combat=game.combat.without("bears"))  # an effect removes it from combat
    game = step(game, items[3], 60)
    assert not game.stack
    assert any(n.kind == "not_resolved" and n.rule == "608.2b" for n in game.notes + game.log)
    from pyengine import layers

    bears = layers.compute(game.state, timeout=60).objects["bears"]
    assert (bears.power, bears.toughness) == (2, 2)


@pytest.mark.parametrize("target,legal", [("ogre", True), ("bears", False)])
def test_a_blocking_creatures_trigger_targets_an_attacker(target: str, legal: bool) -> None:
    # bob's Ogre attacks alice; her Elite Javelineer blocks it (509.1a): "whenever this
    # creature blocks, it deals 1 damage to target attacking creature" may target the Ogre
    # (attacking, 506.4) and not her Bears (in no combat: 115.1, 603.3d)
    jav = {"id": "jav", "card": "Elite Javelineer", "controller": "alice", "timestamp": 4}
    script: list[Any] = [{"trigger_targets": {"jav": [target]}}, {"advance": "declare_attackers"},
                         {"attack": {"ogre": "alice"}}, {"advance": "declare_blockers"},
                         {"block": {"jav": "ogre"}}]
    expect: dict[str, Any]
    if legal:  # 120.3a: 1 damage marked on the Ogre
        script += ["resolve", {"checkpoint": "done"}]
        expect = {"checkpoints": {"done": {"objects": {"ogre": {"damage": 1}}}}}
    else:
        expect = {"illegal": {"action": 4, "rule": "601.2c"}}  # 603.3d: chosen as 601.2c says
    doc = {"id": "cards/test", "title": "t", "cr": ["506.4"], "rationale": "test",
           "players": [{"id": "alice", "library_size": 10}, {"id": "bob", "library_size": 10}],
           "turn": {"active": "bob", "number": 4, "step": "precombat_main"},
           "objects": [OGRE, BEARS, jav], "query": {"kind": "game", "script": script}, "expect": expect}
    from pyengine.oracle.execute import run_generated

    ok, why = run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)
    assert ok is not None, why


@pytest.mark.parametrize("name", ["Anointer of Champions", "Dive Bomber", "Crossbow Infantry",
                                  "Elite Javelineer", "Most Valuable Slayer", "Pegasus Courser",
                                  "Nivix Barrier"])
def test_generated_games_put_the_target_in_combat_first(name: str) -> None:
    # the coverage's generated game: the ability's target is made attacking or blocking
    # (508.1a, 509.1a) before the ability is activated or triggers
    from pyengine.oracle.execute import run_for

    got = support.full(name)
    template = next(c.template for c in got.clauses
                    if c.template in ("activated ability", "triggered ability"))
    ok, why = run_for(got, template)
    assert ok, (name, why)


@pytest.mark.parametrize("name,words", [
    # a count of blockers of "that Sliver" (not "it" of "it gets"): not read (rampage's and
    # Berserk Murlodont's "it gets ... for each creature blocking it" are: blockers_of, 702.23a)
    ("Spined Sliver", "for each creature blocking it"),
    ("Arbalest Elite", "doesn't untap during your next untap step"),
])
def test_wordings_not_read_stay_text(name: str, words: str) -> None:
    got = oracle.compiled(name)
    assert got is not None and got.status != "full"
    assert any(words in c.text and (c.template is None or "text" in c.template) for c in got.clauses)


def test_other_engines_refuse_a_combat_selector() -> None:
    # the layer engine doesn't see the game's combat: a selector's combat state is refused,
    # never read as "no creature is attacking" (506.4)
    from pyengine.lang.effects import Ctx, parse_selector
    from pyengine.lang.yamlread import Cursor
    from pyengine.triggers.facts import Builder

    sel = parse_selector(Cursor.root({"types": ["Creature"], "combat": "attacking"}, None), Ctx())
    with pytest.raises(ValueError, match="combat"):
        Builder().selector(sel)


def test_a_spell_pumps_the_attacking_creatures_only() -> None:
    # Trumpet Blast, "Attacking creatures get +2/+0 until end of turn": cast after alice's
    # Bears attack (508.1a), it affects the creatures attacking as it resolves (506.4, 611.2c):
    # the Bears 4/2; bob's Gray Ogre (2/2), not attacking, stays 2/2
    got = support.full("Trumpet Blast").card
    assert got["resolves"]["affects"] == {"types": ["Creature"], "combat": ["attacking"]}
    lands = [{"id": f"m{i}", "card": "Mountain", "controller": "alice", "timestamp": 10 + i}
             for i in range(3)]
    spell = {"id": "spell", "card": "Trumpet Blast", "owner": "alice", "zone": "hand"}
    script = [*ATTACK, {"cast": {"spell": "spell", "payment": {"tap": ["m0", "m1", "m2"]}}}, "resolve",
              {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "objects": {
        "bears": {"power": 4, "toughness": 2}, "ogre": {"power": 2, "toughness": 2}}}}}
    ok, why = support.game([OGRE, BEARS, *lands, spell], script, expect, cr="506.4")
    assert ok is not None, why


def test_an_attack_trigger_pumps_the_attacking_creatures() -> None:
    # Pianna, Nomad Captain and the Bears attack: "whenever Pianna attacks, attacking creatures
    # get +1/+1 until end of turn" (508.1a, 603.2): both attacking, both +1/+1 (506.4, 611.2c);
    # the Ogre, bob's and not attacking, unchanged
    pianna = {"id": "pianna", "card": "Pianna, Nomad Captain", "controller": "alice", "timestamp": 4}
    script = [{"advance": "declare_attackers"}, {"attack": {"bears": "bob", "pianna": "bob"}}, "resolve",
              {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "objects": {
        "bears": {"power": 3, "toughness": 3}, "pianna": {"power": 3, "toughness": 3},
        "ogre": {"power": 2, "toughness": 2}}}}}
    ok, why = support.game([OGRE, BEARS, pianna], script, expect, cr="506.4")
    assert ok is not None, why


@pytest.mark.parametrize("name", ["Trumpet Blast", "Honored Crop-Captain", "Thunderhawk Gunship"])
def test_generated_games_of_combat_groups(name: str) -> None:
    from pyengine.oracle.execute import run_for

    got = support.full(name)
    template = next(c.template for c in got.clauses
                    if c.template in ("spell ability", "triggered ability", "activated ability"))
    ok, why = run_for(got, template)
    assert ok, (name, why)


@pytest.mark.parametrize("target,legal", [("bears", True), ("hippo", False)])
def test_an_attacking_creature_without_flying(target: str, legal: bool) -> None:
    # Blessed Hippogriff (flying) and the Bears attack: "target attacking creature without
    # flying gains flying until end of turn" may target the Bears (attacking, no flying) and not
    # the Hippogriff itself (it has flying: 115.1, 601.2c, 603.3d)
    hippo = {"id": "hippo", "card": "Blessed Hippogriff", "controller": "alice", "timestamp": 4}
    script: list[Any] = [{"trigger_targets": {"hippo": [target]}}, {"advance": "declare_attackers"},
                         {"attack": {"bears": "bob", "hippo": "bob"}}]
    expect: dict[str, Any]
    if legal:  # 611.2a: the Bears gain flying until end of turn
        script += ["resolve", {"checkpoint": "done"}]
        expect = {"checkpoints": {"done": {"stack": [], "objects": {"bears": {"abilities": ["flying"]}}}}}
    else:
        expect = {"illegal": {"action": 2, "rule": "601.2c"}}
    ok, why = support.game([OGRE, BEARS, hippo], script, expect, cr="506.4")
    assert ok is not None, why
