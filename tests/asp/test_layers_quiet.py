"""asp/layers/quiet.lp: a layer is applied in one batch only when no effect can change what
another reads; otherwise one effect at a time, with dependencies (CR 613.8). Tiny states
built in code; expectations come from the rules."""

from __future__ import annotations

import dataclasses

from pyengine.layers import compute
from tests.asp.test_layers_rounds import ability, creature, enchantment, resolved, state


def test_613_7a_an_ability_granted_by_a_resolved_effect_applies_its_own_effect_in_the_same_layer() -> None:
    # A resolved effect (timestamp 3) gives the lord "Creatures lose flying." That ability's
    # effect exists once the lord has it (611.3b), applies in layer 6 too (613.1f), with the
    # timestamp of the grant (613.7a): the flier loses flying. The granting effect reads
    # nothing, and the granted effect is not there when the layer begins: the layer must go
    # one step at a time to see it.
    s = state(creature("flier", 1, abilities=()), creature("lord", 2),
              effects=(resolved("grant", 3, {"add_abilities": [
                  {"text": "Creatures lose flying.",
                   "static": {"affects": {"types": ["Creature"]}, "remove_abilities": ["flying"]}}]},
                  ("lord",)),
                       resolved("wings", 1, {"add_abilities": ["flying"]}, ("flier",))))
    res = compute(s)
    assert res.objects["flier"].abilities == ()
    assert "Creatures lose flying." in res.objects["lord"].abilities


def test_independent_effects_of_a_layer_apply_in_one_call_each_layer() -> None:
    # Layer 6: "Creatures lose all abilities" and "creatures with power 2 or less have flying"
    # read types and power, which no effect of layer 6 changes, and their sources are
    # enchantments no effect of layer 6 touches: nothing either reads can change, so neither
    # depends on the other (613.8a) and they apply in timestamp order (613.7) in one batch.
    # Layer 7c likewise. Timestamp order: lose all (2), then flying (3).
    s = state(creature("a", 1, 2, 2, abilities=()), creature("b", 1, 3, 3),
              enchantment("humble", 2, {"static": {"affects": {"types": ["Creature"]},
                                                   "lose_all_abilities": True}}),
              enchantment("wings", 3, {"static": {"affects": {"types": ["Creature"], "power": {"lte": 2}},
                                                  "add_abilities": ["flying"]}}),
              enchantment("anthem", 4, {"static": {"affects": {"types": ["Creature"]},
                                                   "modify_pt": {"power": 1, "toughness": 1}}}))
    res = compute(s, measure=True)
    assert res.objects["a"].abilities == ("flying",)
    assert res.objects["b"].abilities == ()
    assert (res.objects["a"].power, res.objects["b"].power) == (3, 4)
    assert res.stats["calls"] == 2  # layer 6 and layer 7c, one round each


def test_a_change_to_what_another_reads_still_goes_step_by_step() -> None:
    # Layer 5: "white creatures are green" (timestamp 2) reads white; "creatures are white"
    # (timestamp 3) makes creatures white. Applying the later one changes what the earlier
    # applies to, so the earlier depends on it (613.8a) and waits (613.8b): white, then green.
    s = state(creature("c", 1, colors=("red",)),
              enchantment("greenify", 2, {"static": {"affects": {"types": ["Creature"], "colors": ["white"]},
                                                     "set_colors": ["green"]}}),
              enchantment("whiten", 3, {"static": {"affects": {"types": ["Creature"]},
                                                   "set_colors": ["white"]}}))
    res = compute(s, measure=True)
    assert res.objects["c"].colors == ("green",)
    assert res.stats["calls"] > 1


def test_613_7c_a_keyword_counter_comes_after_its_objects_own_abilities() -> None:
    # The grounder's own "Creatures lose flying." has the grounder's timestamp (613.7a); a
    # flying counter on it was put on no earlier than it entered (613.7c), and the state
    # knows no later time, so the counter comes right after the object's own abilities (as
    # a sticker's timestamp does, 613.7k). Layer 6 in timestamp order: the grounder loses
    # flying it doesn't have yet, then the counter gives it flying; the other flier, with its
    # counter at timestamp 1, loses it to the ability at timestamp 2.
    grounder = creature("grounder", 2, abilities=(ability({
        "text": "Creatures lose flying.",
        "static": {"affects": {"types": ["Creature"]}, "remove_abilities": ["flying"]}}),))
    flier = creature("flier", 1)
    s = state(dataclasses.replace(grounder, counters=(("flying", 1),)),
              dataclasses.replace(flier, counters=(("flying", 1),)))
    res = compute(s)
    assert "flying" in res.objects["grounder"].abilities
    assert "flying" not in res.objects["flier"].abilities
