"""What the layer engine's matching grounds per object (asp/layers/selectors.lp, world.lp,
expressions.lp): an object a selector cannot match, and an attribute no rule reads, cost no
atoms beyond the object's own facts. The answers are the differential tests' concern; these
count the ground atoms of each call by predicate."""

from __future__ import annotations

from collections import Counter

import clingo
import pytest

from pyengine import solver
from pyengine.layers import compute
from pyengine.model.objects import Characteristics, GameObject, GameState
from tests.asp.test_layers_rounds import creature, enchantment, state

ANTHEM = {"static": {"affects": {"types": ["Creature"], "controller": "you"},
                     "modify_pt": {"power": 1, "toughness": 1}}}
LORD = {"static": {"affects": {"types": ["Creature"], "subtypes": ["Bear"], "controller": "you", "other": True},
                   "modify_pt": {"power": 1, "toughness": 1}}}
SMALL_FLY = {"static": {"affects": {"types": ["Creature"], "power": {"lte": 2}}, "add_abilities": ["flying"]}}


def forest(oid: str, ts: int) -> GameObject:
    return GameObject(oid, Characteristics(name="Forest", types=("Land",), supertypes=("Basic",),
                                           subtypes=("Forest",)), "alice", "alice", timestamp=ts)


def board(creatures: int, lands: int, *specs: object) -> GameState:
    objects = [creature(f"c{i}", i + 1) for i in range(creatures)]
    objects += [forest(f"l{i}", 100 + i) for i in range(lands)]
    objects += [enchantment(f"e{j}", 200 + j, spec) for j, spec in enumerate(specs)]
    return state(*objects)


def _calls(st: GameState, monkeypatch: pytest.MonkeyPatch) -> list[Counter[tuple[str, ...]]]:
    """The ground atoms of each clingo call of one computation, by predicate name and, for
    attr_value_b/5, attribute: (name,) or ("attr_value_b", attribute)."""
    calls: list[Counter[tuple[str, ...]]] = []
    ground = clingo.Control.ground

    def counting(self: clingo.Control, *args: object, **kwargs: object) -> None:
        ground(self, *args, **kwargs)  # type: ignore[arg-type]
        found: Counter[tuple[str, ...]] = Counter()
        for atom in self.symbolic_atoms:
            sym = atom.symbol
            if sym.name == "attr_value_b":
                found[(sym.name, sym.arguments[1].name)] += 1
            found[(sym.name,)] += 1
        calls.append(found)

    monkeypatch.setattr(clingo.Control, "ground", counting)
    solver.forget()
    compute(st)
    solver.forget()
    return calls


def test_a_shared_matching_considers_only_objects_with_a_value_its_selector_requires(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # "Creatures you control get +1/+1" on 6 creatures and 9 lands: matched on the creatures
    # only (before: on all 16 objects, each land failing the type literal)
    (call,) = _calls(board(6, 9, ANTHEM), monkeypatch)
    assert call[("need_m_b",)] == 6
    assert call[("fails_b",)] == 0
    assert call[("selects_b",)] == 6


def test_a_matching_of_its_own_considers_only_objects_with_a_value_its_selector_requires(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # "Other Bears you control get +1/+1" names its source, so each such effect is matched on
    # its own: on the 6 creatures (Bears) only, not on the 9 lands nor its source (before:
    # all 16 objects)
    (call,) = _calls(board(6, 9, LORD), monkeypatch)
    assert call[("need_m_b",)] == 6
    assert call[("selects_b",)] == 6


def test_attributes_no_rule_reads_are_not_copied(monkeypatch: pytest.MonkeyPatch) -> None:
    # no selector tests a name, compares a number or reads one: names, power, toughness and
    # mana values stay in cur/3; controllers are read where tested (no related_player/5)
    (call,) = _calls(board(6, 9, ANTHEM), monkeypatch)
    for attr in ("name", "power", "toughness", "mana_value"):
        assert call[("attr_value_b", attr)] == 0, attr
    for name in ("num_value_b", "has_num_b", "has_pt_b", "has_at_b", "related_player_b"):
        assert call[(name,)] == 0, name
    # the types of the creatures matched and of the anthem (its existence reads its source)
    assert call[("attr_value_b", "type")] == 7


def test_numbers_are_copied_only_for_the_objects_a_selector_compares(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Creatures with power 2 or less have flying" (layer 6) and the anthem (7c): power is
    # read in layer 6 of the 6 creatures only, never in 7c
    l6, l7c = _calls(board(6, 9, SMALL_FLY, ANTHEM), monkeypatch)
    assert l6[("num_value_b",)] == 6
    assert l6[("attr_value_b", "power")] == 6
    assert l6[("attr_value_b", "toughness")] == 0
    assert l7c[("num_value_b",)] == 0
    assert l7c[("attr_value_b", "power")] == 0


def test_an_object_no_selector_can_match_adds_only_its_facts() -> None:
    # each of 20 more lands adds its facts (object/1, in_zone/2, owner/2, obj_timestamp/2, 7
    # cur/3 facts) and in_z/2 to the one call: 12 atoms (before 25: its matching, failures
    # and copied values, and a second in_z/2 atom for "any zone")
    def atoms(lands: int) -> float:
        solver.forget()
        return compute(board(10, lands, ANTHEM), measure=True).stats["atoms"]

    assert (atoms(30) - atoms(10)) / 20 <= 12
