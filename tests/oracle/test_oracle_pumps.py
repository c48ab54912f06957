"""Pumps on other subjects and computed amounts (pyengine/oracle/effects_pumps.py,
effects_amounts.py; the game's pyengine/game/amounts.py): what the compiler makes of each
wording, what it leaves as text, and games in which the amounts are computed once, as the spell
or ability resolves (CR 608.2h), and the affected objects locked in (611.2c)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from pyengine import api
from pyengine.oracle import effects as E
from pyengine.oracle.activated import activated
from pyengine.oracle.compile import compile_card
from pyengine.oracle.data import OracleCard
from pyengine.scenario import runner

CREATURE = {"types": ["Creature"], "name": "X"}
AURA = {"types": ["Enchantment"], "subtypes": ["Aura"], "name": "X"}
SWAMPS = {"count": {"subtypes": ["Swamp"], "controller": "you"}}


def _act(par: str, card: dict[str, Any] = CREATURE) -> dict[str, Any] | None:
    got = activated(par, par, card)
    return None if got is None else got[0]["activated"]


def test_activated_group_pump_is_a_continuous_entry() -> None:
    """611.2c: "Creatures you control get +1/+1 until end of turn" affects the creatures that
    match as the ability resolves, locked in: an entry of its ``do`` with ``affects``."""
    got = _act("{4}{W}: Creatures you control get +1/+1 until end of turn.")
    assert got == {"cost": "{4}{W}", "do": [{"kind": "continuous", "affects": {"types": ["Creature"],
                                                                              "controller": "you"},
                                              "duration": "end_of_turn",
                                              "effect": {"modify_pt": {"power": 1, "toughness": 1}}}]}
    got = _act("Sacrifice SELF: Creatures you control gain indestructible until end of turn.")
    assert got is not None and got["do"][0]["effect"] == {"add_abilities": ["indestructible"]}


def test_enchanted_creature_pump() -> None:
    """"Enchanted creature gets +1/+0 until end of turn": the creature the Aura is attached to
    as the ability resolves (``enchanted: true``, locked in, 611.2c)."""
    got = _act("{R}: Enchanted creature gets +1/+0 until end of turn.", AURA)
    assert got is not None
    assert got["do"][0]["affects"] == {"types": ["Creature"], "enchanted": True}
    eff = E.effect("Enchanted creature gains hexproof until end of turn.")
    assert eff is not None and eff.do[0]["affects"] == {"types": ["Creature"], "enchanted": True}


def test_amounts_in_pumps() -> None:
    """613.4c with an amount: "for each" is a count times the number; "-X/-X where X is ..." a
    negated amount; "its power" is the affected object's (``it``)."""
    eff = E.effect("Target creature gets -1/-1 until end of turn for each Swamp you control.", spell=True)
    assert eff is not None and eff.resolves == {"modify_pt": {"power": {"times": [-1, SWAMPS]},
                                                              "toughness": {"times": [-1, SWAMPS]}}}
    eff = E.effect("Target creature gets -X/-X until end of turn, where X is the number of Swamps you "
                   "control.", spell=True)
    assert eff is not None and eff.resolves == {"modify_pt": {"power": {"negate": SWAMPS},
                                                              "toughness": {"negate": SWAMPS}}}
    got = _act("{2}{W}: SELF gets +1/+1 until end of turn for each enchantment you control.")
    each = {"count": {"types": ["Enchantment"], "controller": "you"}}
    assert got is not None and got["resolves"] == {"modify_pt": {"power": each, "toughness": each}}
    eff = E.effect("Target creature gets +X/+0 until end of turn, where X is its power.", spell=True)
    assert eff is not None and eff.resolves == {"modify_pt": {"power": {"power_of": "it"}, "toughness": 0}}
    eff = E.effect("It gains trample and gets +X/+X until end of turn, where X is the number of "
                   "creatures you control.", it=True)
    assert eff is not None and eff.do[0]["object"] == "it"
    assert eff.do[0]["effect"]["add_abilities"] == ["trample"]


def test_amounts_of_events() -> None:
    """608.2h: damage equal to a power (the first target's, which deals it, 120.1), life and
    cards for each, computed as the spell resolves."""
    eff = E.effect("Target creature you control deals damage equal to its power to target creature "
                   "you don't control.", spell=True)
    assert eff is not None
    assert eff.do == [{"kind": "damage", "source": "target", "target": "target2",
                       "amount": {"power_of": "target"}}]
    assert [c["what"] for c in eff.casting] == [{"types": ["Creature"], "controller": "you"},
                                                 {"types": ["Creature"], "controller": "opponent"}]
    eff = E.effect("You gain 2 life for each creature you control.", spell=True)
    assert eff is not None and eff.do == [{"kind": "gain_life", "player": "you", "amount": {
        "times": [2, {"count": {"types": ["Creature"], "controller": "you"}}]}}]
    eff = E.effect("Draw a card for each Elf you control.", spell=True)
    assert eff is not None and eff.do[0]["count"] == {"count": {"subtypes": ["Elf"], "controller": "you"}}
    eff = E.effect("SELF deals damage to target creature equal to the number of lands you control.",
                   spell=True)
    assert eff is not None and eff.do[0]["amount"] == {"count": {"types": ["Land"], "controller": "you"}}


@pytest.mark.parametrize("text", [
    # an amount the selectors can't count (devotion, "blocking it", attacking), or the spell's X
    "Target creature gets +X/+X until end of turn, where X is your devotion to green.",
    "Target creature gets -X/-X until end of turn.",
    "Target creature gets +1/+1 until end of turn for each attacking creature.",
    # a group of attacking creatures of a subtype (506.4 with 205.3): not read
    "Attacking Goblins get +1/+0 until end of turn.",
    # an amount after another instruction: computed as it resolves, before the instructions
    # (608.2h would read it after the draw), so not read
    "Draw a card. You gain 1 life for each creature you control.",
    # "another target": the two targets must differ (115.3), which casting doesn't say here
    "Target creature you control deals damage equal to its power to another target creature.",
    # "for each other ...": other than what, for a target, is not read
    "Target creature gets +1/+1 until end of turn for each other creature you control.",
    # a spell's "other": nothing of a spell on the stack
    "Other creatures you control get +1/+1 until end of turn.",
])
def test_what_is_not_read_stays_text(text: str) -> None:
    assert E.effect(text, spell=True) is None, text


def test_an_ability_whose_source_is_sacrificed_doesnt_read_its_power() -> None:
    """608.2h, 113.7a: once sacrificed for the cost its power is last known information, which
    the game doesn't keep: not compiled."""
    assert _act("Sacrifice SELF: SELF deals damage equal to its power to any target.") is None
    assert _act("{1}{R}: SELF deals damage equal to its power to any target.") is not None


def _card(text: str, types: tuple[str, ...] = ("Instant",)) -> OracleCard:
    return OracleCard("Test Card", "{1}{G}", " ".join(types), types, (), (), ("green",), None, None,
                      None, None, text, "normal")


def test_unread_wordings_leave_the_card_text_only_with_the_paragraph_named() -> None:
    got = compile_card(_card("Target creature gets +X/+X until end of turn, where X is your devotion "
                             "to green."))
    assert got.status == "text-only"
    assert [(c.template, c.text) for c in got.clauses] == [
        ("spell ability (text)", "Target creature gets +X/+X until end of turn, where X is your "
                                 "devotion to green.")]
    got = compile_card(_card("Target creature gets -1/-1 until end of turn for each Swamp you control."))
    assert got.status == "full" and got.card["casting"]["targets"][0]["what"] == {"types": ["Creature"]}


def _run(objects: list[dict[str, Any]], script: list[Any], checkpoints: dict[str, Any],
         alice: dict[str, Any] | None = None) -> Any:
    doc = {"id": "cards/smoke-amounts", "title": "smoke", "cr": ["608.2h"], "rationale": "smoke",
           "players": [{"id": "alice", "library_size": 5, **(alice or {})}, {"id": "bob", "library_size": 5}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": objects, "query": {"kind": "game", "script": script},
           "expect": {"checkpoints": checkpoints}}
    out = runner.run_scenario(api.loads(yaml.safe_dump(doc, sort_keys=False)))
    assert out.passed, out.render() if hasattr(out, "render") else out
    return out


FOREST_PUMP = {"activated": {"cost": "{T}", "targets": [{"obj": {"types": ["Creature"]}}],
                             "resolves": {"modify_pt": {"power": {"count": {"subtypes": ["Forest"],
                                                                            "controller": "you"}},
                                                        "toughness": 0}},
                             "duration": "end_of_turn"},
               "text": "{T}: Target creature gets +X/+0 until end of turn, where X is the number of "
                       "Forests you control."}


def test_a_pumps_amount_is_fixed_as_it_resolves() -> None:
    """608.2h: two Forests as it resolves: the Bears get +2/+0; a third Forest played after it
    resolved changes nothing (the amount is determined once, not continuously as a static
    ability's would be, 611.3a)."""
    objects = [{"id": "pumper", "name": "Pumper", "types": ["Artifact"], "controller": "alice",
                "timestamp": 1, "abilities": [FOREST_PUMP]},
               {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2},
               {"id": "f1", "card": "Forest", "controller": "alice", "timestamp": 3},
               {"id": "f2", "card": "Forest", "controller": "alice", "timestamp": 4},
               {"id": "f3", "card": "Forest", "owner": "alice", "zone": "hand"}]
    script = [{"activate": {"player": "alice", "source": "pumper", "targets": ["bears"]}}, "resolve",
              {"checkpoint": "pumped"}, {"play_land": {"player": "alice", "card": "f3"}},
              {"checkpoint": "later"}]
    _run(objects, script, {"pumped": {"objects": {"bears": {"power": 4, "toughness": 2}}},
                           "later": {"objects": {"bears": {"power": 4, "toughness": 2},
                                                 "f3": {"zone": "battlefield"}}}})


BITE = {"activated": {"cost": "{T}", "targets": [{"obj": {"types": ["Creature"], "controller": "you"}},
                                                 {"obj": {"types": ["Creature"], "controller": "opponent"}}],
                      "do": [{"kind": "damage", "source": "target", "target": "target2",
                              "amount": {"power_of": "target"}}]},
        "text": "{T}: Target creature you control deals damage equal to its power to target creature "
                "you don't control."}


def test_damage_equal_to_its_power_reads_the_power_as_it_resolves() -> None:
    """608.2h, 613.4c: alice's Grizzly Bears is 3/3 under her Glorious Anthem as the ability
    resolves: it deals 3 damage to bob's Hill Giant (3/3), which is destroyed (704.5g); the
    Bears are dealt none (the damage is one-sided, 120.1)."""
    objects = [{"id": "biter", "name": "Biter", "types": ["Artifact"], "controller": "alice",
                "timestamp": 1, "abilities": [BITE]},
               {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2},
               {"id": "anthem", "card": "Glorious Anthem", "controller": "alice", "timestamp": 3},
               {"id": "giant", "card": "Hill Giant", "controller": "bob", "timestamp": 4}]
    script = [{"activate": {"player": "alice", "source": "biter", "targets": ["bears", "giant"]}},
              "resolve", {"checkpoint": "bitten"}]
    _run(objects, script, {"bitten": {"stack": [], "objects": {
        "giant": {"zone": "graveyard"}, "bears": {"zone": "battlefield", "damage": 0, "power": 3}}}})


def test_bite_whose_creature_left_deals_no_damage() -> None:
    """608.2b: the Bears, the first target, destroyed while the ability is on the stack, are
    an illegal target: the damage they would deal doesn't happen (its amount isn't read), the
    Hill Giant, still a legal target, is dealt none; the ability resolves."""
    objects = [{"id": "biter", "name": "Biter", "types": ["Artifact"], "controller": "alice",
                "timestamp": 1, "abilities": [BITE]},
               {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2},
               {"id": "giant", "card": "Hill Giant", "controller": "bob", "timestamp": 4}]
    script = [{"activate": {"player": "alice", "source": "biter", "targets": ["bears", "giant"]}},
              {"events": [{"kind": "destroy", "object": "bears"}]}, "resolve", {"checkpoint": "done"}]
    _run(objects, script, {"done": {"stack": [], "objects": {
        "bears": {"zone": "graveyard"}, "giant": {"zone": "battlefield", "damage": 0}}}})


def test_an_amount_read_from_a_source_that_left_is_refused() -> None:
    """608.2h: "SELF deals damage equal to its power" once SELF has left the battlefield uses
    its last known information, which the game doesn't keep: the game says so rather than read
    the card in the graveyard."""
    shot = {"activated": {"cost": "{T}", "targets": [{"any": True}],
                          "do": [{"kind": "damage", "source": "self", "target": "target",
                                  "amount": {"power_of": "self"}}]},
            "text": "{T}: SELF deals damage equal to its power to any target."}
    doc = {"id": "cards/smoke-lki", "title": "smoke", "cr": ["608.2h"], "rationale": "smoke",
           "players": [{"id": "alice", "library_size": 5}, {"id": "bob", "library_size": 5}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": [{"id": "shooter", "name": "Shooter", "types": ["Creature"], "power": 2,
                        "toughness": 2, "controller": "alice", "timestamp": 1, "abilities": [shot]}],
           "query": {"kind": "game", "script": [
               {"activate": {"player": "alice", "source": "shooter", "targets": ["bob"]}},
               {"events": [{"kind": "destroy", "object": "shooter"}]}, "resolve", {"checkpoint": "done"}]},
           "expect": {"checkpoints": {"done": {"life": {"bob": 18}}}}}
    out = runner.run_scenario(api.loads(yaml.safe_dump(doc, sort_keys=False)))
    assert not out.passed and "last known information" in str(out), out


def test_it_after_an_instruction_on_the_one_target() -> None:
    """"Put a +1/+1 counter on target creature you control. It gains vigilance until end of
    turn.": "it" is that target, still the same object on the battlefield (400.7): the spell's
    continuous effect on it; in a triggered ability a continuous entry on ``target``. After an
    instruction that moves it ("destroy", "return"), "it" is not read."""
    eff = E.effect("Put a +1/+1 counter on target creature you control. It gains vigilance until end "
                   "of turn.", spell=True)
    assert eff is not None and eff.resolves == {"add_abilities": ["vigilance"]}
    assert eff.do == [{"kind": "counters", "target": "target", "counter": "+1/+1"}]
    eff = E.effect("Put a +1/+1 counter on target creature. That creature gains flying until end of turn.")
    assert eff is not None and eff.do[-1] == {"kind": "continuous", "object": "target",
                                              "duration": "end_of_turn",
                                              "effect": {"add_abilities": ["flying"]}}
    for text in ("Destroy target creature. It gains flying until end of turn.",
                 "Return target creature to its owner's hand. It gains flying until end of turn."):
        assert E.effect(text, spell=True) is None, text
