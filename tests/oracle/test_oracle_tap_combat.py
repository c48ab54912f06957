"""Tap and untap in spells and abilities (CR 701.26), "doesn't untap during its controller's
next untap step" (502.3), combat restrictions and requirements for a turn (508.1c-d, 509.1b-c),
and static replacement and prevention of damage and life gain (614.1a, 615.1a, 615.10) on real
cards (the pyengine[cards] extra; skipped without it): each compiles as its rule says, a game
or board with a card of each answers as the rule says, and wordings not followed stay text or
partial with the paragraph named."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from pyengine.oracle import effects as E
from pyengine.oracle import execute
from tests.oracle import support

pytestmark = support.BUNDLED




def _game(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any],
          players: list[Any] | None = None) -> tuple[Any, str]:
    return support.game(objects, script, expect, cr="701.26a", players=players)


OGRE = {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 1}
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2}


# --- compiled forms --------------------------------------------------------------------------

def test_tap_in_an_activated_ability_and_a_spell() -> None:
    # CR 701.26a: "{W}, {T}: Tap target creature." / "Tap target artifact, creature, or land."
    decoy = support.full("Master Decoy").card["abilities"][0]["activated"]
    assert decoy["do"] == [{"kind": "tap", "object": "target"}]
    assert decoy["targets"] == [{"obj": {"types": ["Creature"]}}]
    icy = support.full("Icy Manipulator").card["abilities"][0]["activated"]
    assert icy["targets"] == [{"obj": {"any_types": ["Artifact", "Creature", "Land"]}}]
    # 502.3, 611.2a: the spell's effect on its target lasts until that untap step has happened
    chill = support.full("Crippling Chill").card
    assert chill["does"]["do"][0] == {"kind": "tap", "object": "target"}
    assert chill["resolves"] == {"doesnt_untap": True}
    # a triggered ability: the same, as an instruction with its duration
    lynx = support.full("Frost Lynx").card["abilities"][-1]
    assert lynx["do"] == [{"kind": "tap", "object": "target"},
                          {"kind": "continuous", "object": "target", "duration": "next_untap_step",
                           "effect": {"doesnt_untap": True}}]


def test_combat_phrases_for_a_turn() -> None:
    # 509.1b on a target (an ability) and on a group (a spell); 509.1c a requirement
    cutter = support.full("Goblin Shortcutter").card["abilities"][0]
    assert cutter["do"] == [{"kind": "continuous", "object": "target", "duration": "end_of_turn",
                             "effect": {"cant_block": True}}]
    falter = support.full("Falter").card
    assert falter["resolves"] == {"affects": {"types": ["Creature"], "not_abilities": ["flying"]},
                                  "cant_block": True}
    assert support.full("Culling Mark").card["resolves"] == {"must_block": True}


def test_tap_enchanted_creature() -> None:
    # 303.4: "enchanted creature" is the permanent the Aura is attached to
    got = support.full("Claustrophobia").card["abilities"]
    assert {"kind": "tap", "object": "enchanted"} in got[1]["do"]


@pytest.mark.parametrize(("name", "static"), [
    ("Rhox Faithmender", {"replace": {"event": {"kind": "gain_life", "player": "you"}, "amount": {"times": 2}}}),
    ("Heron of Hope", {"replace": {"event": {"kind": "gain_life", "player": "you"}, "amount": {"plus": 1}}}),
    ("Fiery Emancipation", {"replace": {"event": {"kind": "damage", "source": {"controller": "you"}},
                                        "amount": {"times": 3}}}),
    ("Torbran, Thane of Red Fell", {"replace": {
        "event": {"kind": "damage", "source": {"colors": ["red"], "controller": "you"},
                  "target": {"objects": {"controller": "opponent", "zone": "battlefield"}, "players": "opponent"}},
        "amount": {"plus": 2}}}),
    ("Guardian Seraph", {"prevent": {"event": {"kind": "damage", "source": {"controller": "opponent"},
                                               "target": "you"}, "amount": 1}}),
    ("Muzzle", {"prevent": {"event": {"kind": "damage", "source": {"enchanted": True}}, "amount": "all"}}),
])
def test_damage_and_life_replacements(name: str, static: dict[str, Any]) -> None:
    got = oracle.compiled(name)
    assert got is not None
    mine = [a["static"] for a in got.card["abilities"] if isinstance(a, dict) and "replace" in str(a.get("static"))
            or isinstance(a, dict) and "prevent" in str(a.get("static"))]
    assert mine and mine[0] == static, mine


# --- games and boards that answer as the rules say -------------------------------------------

def test_a_tapped_creature_stays_tapped_for_one_untap_step_only() -> None:
    # 502.3, 611.2a: bob's turn 4 untap step leaves it tapped; alice's turn 5 doesn't end the
    # effect (not its controller's step); bob's turn 6 untaps it
    objects = [OGRE, {"id": "chill", "card": "Crippling Chill", "owner": "alice", "zone": "hand"}]
    script = [{"stack": {"object": "chill", "controller": "alice", "targets": ["ogre"]}}, "resolve",
              {"advance": {"step": "upkeep", "turn": 4}}, {"checkpoint": "four"},
              {"advance": {"step": "upkeep", "turn": 6}}, {"checkpoint": "six"}]
    ok, why = _game(objects, script, {"checkpoints": {"four": {"objects": {"ogre": {"tapped": True}}},
                                                      "six": {"objects": {"ogre": {"tapped": False}}}}})
    assert ok is not None, why
    # and the opposite expectation fails: the effect is real
    bad, why = _game(objects, script, {"checkpoints": {"four": {"objects": {"ogre": {"tapped": False}}}}})
    assert bad is None and "tapped" in why


def test_the_restriction_binds_only_this_turn() -> None:
    # 514.2: "can't block this turn" ends in the cleanup step; in bob's turn the Ogre may block
    # ... and the Bears can't be declared as attackers by bob, so alice's turn 5 it is
    objects = [OGRE, BEARS, {"id": "cutter", "card": "Goblin Shortcutter", "owner": "alice", "zone": "hand"}]
    script = [{"trigger_targets": {"cutter": ["ogre"]}}, {"stack": {"object": "cutter", "controller": "alice"}},
              "resolve", "resolve", {"advance": {"step": "declare_attackers", "turn": 5}},
              {"attack": {"bears": "bob"}}, {"advance": "declare_blockers"}, {"block": {"ogre": "bears"}},
              {"checkpoint": "blocked"}]
    ok, why = _game(objects, script, {"checkpoints": {"blocked": {"objects": {"ogre": {"zone": "battlefield"}}}}})
    assert ok is not None, why


def test_untap_target_permanent_of_a_loyalty_ability_runs() -> None:
    got = support.full("Kiora, Behemoth Beckoner")
    ok, why = execute.run_for(got, "activated ability")
    assert ok, why


@pytest.mark.parametrize(("name", "template"), [
    ("Master Decoy", "activated ability"), ("Icy Manipulator", "activated ability"),
    ("Crippling Chill", "spell ability"), ("Gerrard's Command", "spell ability"),
    ("Falter", "spell ability"), ("Culling Mark", "spell ability"),
    ("Frost Lynx", "triggered ability"), ("Goblin Shortcutter", "triggered ability"),
    ("Claustrophobia", "triggered ability"),
    ("Rhox Faithmender", "damage and life replacements"), ("Sphere of Law", "damage and life replacements"),
    ("Muzzle", "damage and life replacements"),
])
def test_a_card_of_each_wording_runs_in_its_generated_game(name: str, template: str) -> None:
    ok, why = execute.run_for(support.full(name), template)
    assert ok, (name, why)


def test_generated_game_of_an_aura_checks_the_tap() -> None:
    # 608.3c: the Aura enters attached to the Bears; its trigger taps them (701.26a)
    from pyengine.oracle import execute_game

    text = execute_game.game_text(support.full("Claustrophobia"))
    assert text is not None and "bears:\n          tapped: true" in text


def test_the_generators_gaps() -> None:
    # a state trigger made false in a game about another ability (603.8)
    ship = support.full("Pirate Ship")
    ok, why = execute.run_for(ship, "activated ability")
    assert ok, why
    # an instant creature's "when this enters" never triggers (304.4): partial, with why
    colt = oracle.compiled("Lightning Colt")
    assert colt is not None and colt.status in ("partial", "none")
    clause = next(c for c in colt.clauses if c.template is None)
    assert "304.4" in clause.why


# --- wordings not followed stay text or partial ----------------------------------------------

@pytest.mark.parametrize("text", [
    "Tap up to X target creatures.",  # "up to X": a number it doesn't read
    "Untap SELF.",  # a spell is not a permanent
    "Target creature can't block.",  # no duration: not this phrase
    "Tap target creature. Those creatures don't untap during their controller's next untap step.",
    "Target creature attack this turn if able.",  # a singular subject with a plural verb: not read
])
def test_a_spell_wording_not_followed_is_not_read(text: str) -> None:
    assert E.effect(text, spell=True) is None


def test_unsupported_paragraphs_stay_partial_with_the_clause_named() -> None:
    # "As long as ..., if a source ... double": a condition this template doesn't read
    got = oracle.compiled("Fire Servant")  # "If a red instant or sorcery spell you control would deal damage"
    assert got is not None and got.status in ("partial", "none")
    assert any("would deal damage" in t for t in got.unrecognised)
    sanctum = oracle.compiled("Hedron-Field Purists")  # level up: its level paragraphs aren't read
    assert sanctum is not None and sanctum.status == "partial"
    spell = oracle.compiled("Sleep")  # "Tap all creatures target player controls. They don't untap ..."
    assert spell is not None and spell.status == "text-only"
    assert "does" not in spell.card


def test_untap_it_and_the_threaten_sentences() -> None:
    # 701.26b on the spell's one target; 613.1b, 611.2a: control and haste until end of turn
    grasp = support.full("Spidery Grasp").card
    assert grasp["does"]["do"] == [{"kind": "untap", "object": "target"}]
    assert grasp["resolves"] == {"modify_pt": {"power": 2, "toughness": 4}, "add_abilities": ["reach"]}
    betrayal = support.full("Bloody Betrayal").card
    assert betrayal["resolves"] == {"control": "you", "add_abilities": ["haste"]}
    assert betrayal["does"]["do"][0] == {"kind": "untap", "object": "target"}
    conscripts = support.full("Zealous Conscripts").card["abilities"][-1]
    assert conscripts["do"] == [
        {"kind": "continuous", "object": "target", "duration": "end_of_turn",
         "effect": {"control": "you", "add_abilities": ["haste"]}},
        {"kind": "untap", "object": "target"}]
    # two targets: "it" could be either, not read
    assert E.effect("Target creature gets +1/+1 until end of turn. Destroy target artifact. Untap it.",
                    spell=True) is None


def test_a_stolen_creature_loses_its_controllers_anthem() -> None:
    # the generated game of a trigger that steals bob's Ogre expects it 2/2 under alice (613.4c:
    # Glorious Anthem affects creatures bob controls)
    ok, why = execute.run_for(support.full("Zealous Conscripts"), "triggered ability")
    assert ok, why


def test_a_prevention_shield_on_a_creature_target() -> None:
    # 615.7: "Prevent the next 2 damage that would be dealt to target creature this turn"
    kei = support.full("Kei Takahashi").card["abilities"][0]["activated"]
    assert kei["resolves"] == {"prevent": {"event": {"target": "affected"}, "shield": 2}}
    assert kei["duration"] == "end_of_turn"
    # "any target": a player chosen is what the shield affects
    anyone = E.effect("Prevent the next 1 damage that would be dealt to any target this turn.", spell=True,
                      ability=True)
    assert anyone is not None and anyone.targets == [{"any": True}]
    assert E.effect("Prevent the next 1 damage that would be dealt to target player this turn.", spell=True,
                    ability=True) is None  # not this phrase
    # the shield is real: bob's Bolt on the shielded Bears deals 1, not 3
    objects = [{"id": "kei", "card": "Kei Takahashi", "controller": "alice", "timestamp": 1}, BEARS,
               {"id": "bolt", "card": "Lightning Bolt", "owner": "bob", "zone": "hand"}]
    script = [{"activate": {"player": "alice", "source": "kei", "targets": ["bears"]}}, "resolve", "pass",
              {"stack": {"object": "bolt", "controller": "bob", "targets": ["bears"]}}, "resolve",
              {"checkpoint": "bolted"}]
    ok, why = _game(objects, script, {"checkpoints": {"bolted": {"objects": {"bears": {"damage": 1}}}}},
                    players=["alice", "bob"])
    assert ok is not None, why


def test_it_doesnt_untap_of_an_attack_trigger() -> None:
    # "Whenever SELF attacks, it doesn't untap during its controller's next untap step" (502.3)
    got = E.effect("It doesn't untap during its controller's next untap step.", it=True)
    assert got is not None and got.do == [{"kind": "continuous", "object": "it", "duration": "next_untap_step",
                                          "effect": {"doesnt_untap": True}}]
