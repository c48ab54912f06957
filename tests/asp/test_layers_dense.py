"""The layer engine on dense boards: every effect applies to every object (a token army
under a few anthems). Its size must grow with the (effect, object) pairs by a small
constant, and its explanation must still say exactly what applied to what (CR 613)."""

from __future__ import annotations

import dataclasses

from pyengine.bench.layers import dense
from pyengine.layers import compute
from tests.asp.test_layers_rounds import creature, enchantment, state

# ground atoms per (effect, object) pair a dense board may add; before a batch of 7c effects
# was summed per object it added about 22 (every application's intermediate values)
ATOMS_PER_PAIR = 6


def _atoms(bears: int, anthems: int) -> float:
    return compute(dense(bears, anthems), measure=True).stats["atoms"]


def test_a_dense_board_grows_by_a_few_atoms_per_effect_object_pair() -> None:
    # five more anthems on fifty bears: 250 more pairs (and five more objects)
    added = _atoms(50, 10) - _atoms(50, 5)
    assert added <= ATOMS_PER_PAIR * 250, f"{added / 250:.1f} atoms per pair"


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
