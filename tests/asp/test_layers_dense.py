"""The layer engine on dense boards: every effect applies to every object (a token army
under a few anthems). Its size must grow with the (effect, object) pairs by a small
constant, and its explanation must still say exactly what applied to what (CR 613)."""

from __future__ import annotations

import dataclasses

from pyengine.bench.layers import dense
from pyengine.layers import compute
from tests.asp.test_layers_rounds import creature, enchantment, resolved, state

# ground atoms per (effect, object) pair a dense board may add: before a batch of 7c effects
# was summed per object it added about 22 (every application's intermediate values), before
# a selector was matched once per content and controller about 3 (its matching, what the
# effect affected, and the pair shown); now none: what an anthem adds does not depend on how
# many bears it applies to
ATOMS_PER_PAIR = 0.5
# what five more anthems on fifty bears add, all told (250 more pairs and five more objects):
# before about 5.6 a pair, now the anthems' own atoms (2 a pair)
ATOMS_PER_PAIR_ALL_TOLD = 2.5


def _atoms(bears: int, anthems: int) -> float:
    return compute(dense(bears, anthems), measure=True).stats["atoms"]


def test_a_dense_board_grows_by_a_few_atoms_per_effect_object_pair() -> None:
    # five more anthems on fifty bears: 250 more pairs (and five more objects)
    added = _atoms(50, 10) - _atoms(50, 5)
    assert added <= ATOMS_PER_PAIR_ALL_TOLD * 250, f"{added / 250:.1f} atoms per pair"


def test_what_an_anthem_adds_does_not_grow_with_the_objects_it_applies_to() -> None:
    # five more anthems on 50 bears, then on 100: 250 more pairs in the second
    on_50 = _atoms(50, 10) - _atoms(50, 5)
    on_100 = _atoms(100, 10) - _atoms(100, 5)
    assert on_100 - on_50 <= ATOMS_PER_PAIR * 250, f"{(on_100 - on_50) / 250:.1f} atoms per pair"


def test_613_4c_a_summed_batch_still_says_what_applied_to_what() -> None:
    res = compute(dense(4, 3))
    assert res.batched == ("7c",)
    assert [(a.effect.split(":")[0], a.affected) for a in res.applications] == [
        (f"a{j}", ("b0", "b1", "b2", "b3")) for j in range(3)]
    assert all((o.power, o.toughness) == (5, 5) for oid, o in res.objects.items() if oid[0] == "b")
    # the changes of the batch: each bear's values before and after its three anthems
    assert res.summed == (("7c", tuple(f"b{i}: {a} 2 -> 5" for i in range(4)
                                       for a in ("power", "toughness"))),)


def test_613_4c_summed_counters_and_modifications_on_a_noncreature_and_a_creature() -> None:
    # +1/+1 on creatures you control; the bear has two +1/+1 counters: 2 + 1 + 2 = 5
    bear = dataclasses.replace(creature("bear", 1), counters=(("+1/+1", 2),))
    anthem = enchantment("anthem", 2, {"static": {"affects": {"types": ["Creature"], "controller": "you"},
                                                  "modify_pt": {"power": 1, "toughness": -1}}})
    res = compute(state(bear, anthem))
    assert (res.objects["bear"].power, res.objects["bear"].toughness) == (5, 3)


def test_109_5_a_selector_with_a_controller_and_an_owner_test_reads_each_player_apart() -> None:
    # "creatures you control that an opponent owns" (CR 109.5: "you" is the effect's
    # controller; 108.3: the owner): only the creature alice controls and bob owns
    def owned_by(o, owner):  # type: ignore[no-untyped-def]
        return dataclasses.replace(o, owner=owner)

    anthem = enchantment("anthem", 10, {"static": {
        "affects": {"types": ["Creature"], "controller": "you", "owner": "opponent"},
        "modify_pt": {"power": 1, "toughness": 1}}})
    res = compute(state(owned_by(creature("stolen", 1), "bob"), creature("mine", 2),
                        creature("theirs", 3, ctl="bob"), owned_by(creature("lent", 4, ctl="bob"), "alice"),
                        anthem))
    assert [a.affected for a in res.applications] == [("stolen",)]
    assert {o: c.power for o, c in res.objects.items() if o != "anthem"} == {
        "stolen": 3, "mine": 2, "theirs": 2, "lent": 2}


def test_109_5_anthems_with_one_selector_and_two_controllers_match_apart() -> None:
    # "Creatures you control get +1/+1" twice, alice's and bob's (one selector, matched once
    # per controller): "you" is each anthem's controller (CR 109.5, 611.3a)
    you = {"static": {"affects": {"types": ["Creature"], "controller": "you"},
                      "modify_pt": {"power": 1, "toughness": 1}}}
    res = compute(state(creature("a1", 1), creature("a2", 2), creature("b1", 3, ctl="bob"),
                        enchantment("mine", 4, you), enchantment("also_mine", 5, you),
                        enchantment("theirs", 6, you, ctl="bob")))
    assert {a.effect.split(":")[0]: a.affected for a in res.applications} == {
        "mine": ("a1", "a2"), "also_mine": ("a1", "a2"), "theirs": ("b1",)}
    assert {o: (c.power, c.toughness) for o, c in res.objects.items() if o[0] in "ab" and len(o) == 2} == {
        "a1": (4, 4), "a2": (4, 4), "b1": (3, 3)}


def test_613_2_an_anthem_whose_controller_changed_matches_for_its_new_controller() -> None:
    # two equal anthems of alice's; bob gains control of one (layer 2): in layer 7c it pumps
    # bob's creatures, the other alice's (CR 613.1b, 109.5)
    you = {"static": {"affects": {"types": ["Creature"], "controller": "you"},
                      "modify_pt": {"power": 1, "toughness": 1}}}
    steal = resolved("steal", 9, {"control": "bob"}, ("given",))
    res = compute(state(creature("a1", 1), creature("b1", 2, ctl="bob"),
                        enchantment("kept", 3, you), enchantment("given", 4, you), effects=(steal,)))
    assert {a.effect.split(":")[0]: a.affected for a in res.applications if a.layer == "7c"} == {
        "kept": ("a1",), "given": ("b1",)}
    assert (res.objects["a1"].power, res.objects["b1"].power) == (3, 3)
