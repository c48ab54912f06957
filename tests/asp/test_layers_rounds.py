"""Unit tests of the layer encodings (asp/layers/), one behaviour per test, on tiny states
built in code. Each names the rule it checks; expectations come from the rules."""

from __future__ import annotations

import pytest

from pyengine.lang.effects import Ctx, parse_ability, parse_effect
from pyengine.lang.yamlread import Cursor
from pyengine.layers import compute
from pyengine.model.effects import ResolvedEffect
from pyengine.model.objects import Characteristics, GameObject, GameState, Player, TurnContext

CTX = Ctx(players=("alice", "bob"), key_prefix="t")


def ability(spec: object) -> object:
    return parse_ability(Cursor(spec, "", None, None), CTX)


def creature(oid: str, ts: int, p: int = 2, t: int = 2, ctl: str = "alice",
             colors: tuple[str, ...] = ("green",),
             abilities: tuple[object, ...] = (), subtypes: tuple[str, ...] = ("Bear",),
             types: tuple[str, ...] = ("Creature",)) -> GameObject:
    ch = Characteristics(name=oid, colors=colors, types=types, subtypes=subtypes, power=p, toughness=t,
                         abilities=tuple(abilities))  # type: ignore[arg-type]
    return GameObject(oid, ch, ctl, ctl, timestamp=ts)


def enchantment(oid: str, ts: int, *specs: object, ctl: str = "alice") -> GameObject:
    abs_ = tuple(ability(dict(s, text=f"{oid} {i}"))  # type: ignore[arg-type]
                 for i, s in enumerate(specs))
    return GameObject(oid, Characteristics(name=oid, types=("Enchantment",), abilities=abs_),
                      ctl, ctl, timestamp=ts)


def resolved(eid: str, ts: int, body: dict[str, object], affected: tuple[str, ...]) -> ResolvedEffect:
    d = parse_effect(Cursor(body, "", None, None), CTX, allow_no_affects=True)
    return ResolvedEffect(eid, d, ts, "alice", locked=affected)


def state(*objects: GameObject, effects: tuple[ResolvedEffect, ...] = ()) -> GameState:
    return GameState((Player("alice"), Player("bob")), TurnContext("alice"), objects, effects)


def test_613_4b_set_then_7c_modify_regardless_of_timestamp() -> None:
    s = state(creature("c", 1),
              effects=(resolved("pump", 2, {"modify_pt": {"power": 3, "toughness": 3}}, ("c",)),
                       resolved("set", 3, {"set_pt": {"power": 0, "toughness": 1}}, ("c",))))
    v = compute(s).objects["c"]
    assert (v.power, v.toughness) == (3, 4)


def test_613_4d_switch_after_modifications() -> None:
    s = state(creature("c", 1, 1, 3),
              effects=(resolved("sw", 2, {"switch_pt": True}, ("c",)),
                       resolved("pump", 3, {"modify_pt": {"power": 0, "toughness": 1}}, ("c",))))
    v = compute(s).objects["c"]
    assert (v.power, v.toughness) == (4, 1)


def test_613_7_later_timestamp_wins_gain_then_lose() -> None:
    s = state(creature("c", 1),
              effects=(resolved("gain", 2, {"add_abilities": ["flying"]}, ("c",)),
                       resolved("lose", 3, {"remove_abilities": ["flying"]}, ("c",))))
    assert compute(s).objects["c"].abilities == ()


def test_613_7_later_timestamp_wins_lose_then_gain() -> None:
    s = state(creature("c", 1),
              effects=(resolved("lose", 2, {"remove_abilities": ["flying"]}, ("c",)),
                       resolved("gain", 3, {"add_abilities": ["flying"]}, ("c",))))
    assert compute(s).objects["c"].abilities == ("flying",)


def test_611_3a_static_effect_follows_color_change() -> None:
    s = state(creature("c", 1),
              enchantment("crusade", 2, {"static": {"affects": {"types": ["Creature"], "colors": ["white"]},
                                                    "modify_pt": {"power": 1, "toughness": 1}}}),
              effects=(resolved("paint", 3, {"set_colors": ["white"]}, ("c",)),))
    assert compute(s).objects["c"].power == 3


def test_611_2c_resolved_effect_keeps_its_locked_set() -> None:
    s = state(creature("a", 1), creature("b", 2),
              effects=(resolved("pump", 3, {"modify_pt": {"power": 1, "toughness": 1}}, ("a",)),))
    r = compute(s).objects
    assert (r["a"].power, r["b"].power) == (3, 2)


def test_613_2_control_change_moves_you_anthem() -> None:
    s = state(creature("c", 1, ctl="bob"),
              enchantment("anthem", 2, {"static": {"affects": {"types": ["Creature"], "controller": "you"},
                                                   "modify_pt": {"power": 1, "toughness": 1}}}),
              effects=(resolved("steal", 3, {"control": "alice"}, ("c",)),))
    v = compute(s).objects["c"]
    assert (v.controller, v.power) == ("alice", 3)


def test_305_7_set_land_type_removes_rules_text_abilities() -> None:
    land = GameObject("u", Characteristics(name="u", types=("Land",),
                                           abilities=(ability({"text": "{T}: Add {C}."}),)),
                      "bob", "bob", timestamp=1)
    s = state(land, enchantment("moon", 2, {"static": {"affects": {"types": ["Land"],
                                                                   "not_supertypes": ["Basic"]},
                                                       "set_subtypes": ["Mountain"]}}))
    v = compute(s).objects["u"]
    assert (v.subtypes, v.abilities) == (("Mountain",), ("{T}: Add {R}",))


def test_613_8b_dependency_loop_applies_in_timestamp_order() -> None:
    s = state(creature("c", 1, abilities=(ability("flying"), ability("trample"))),
              enchantment("a", 3, {"static": {"affects": {"types": ["Creature"], "abilities": ["flying"]},
                                              "remove_abilities": ["trample"]}}),
              enchantment("b", 2, {"static": {"affects": {"types": ["Creature"], "abilities": ["trample"]},
                                              "remove_abilities": ["flying"]}}))
    r = compute(s)
    assert r.objects["c"].abilities == ("trample",)
    first = [a for a in r.applications if a.layer == "6" and a.order == 1][0]
    assert first.source == "b" and "loop" in first.reason


def test_613_8a_dependent_effect_waits() -> None:
    artifact = GameObject("art", Characteristics(name="art", types=("Artifact",), mana_value=3),
                          "alice", "alice", timestamp=1)
    s = state(artifact,
              enchantment("elves", 2, {"static": {"affects": {"types": ["Creature"]},
                                                  "add_subtypes": ["Elf"]}}),
              enchantment("animate", 3, {"static": {"affects": {"types": ["Artifact"]},
                                                    "add_types": ["Creature"]}}))
    r = compute(s)
    assert r.objects["art"].subtypes == ("Elf",)
    assert ("4", "elves: elves 0", "animate: animate 0") in r.dependencies


def test_613_6_effect_continues_after_its_ability_is_removed() -> None:
    s = state(creature("c", 1),
              enchantment("hum", 2, {"static": {"affects": {"types": ["Creature"]},
                                                "lose_all_abilities": True,
                                                "set_pt": {"power": 1, "toughness": 1}}}),
              effects=(resolved("animate", 3, {"add_types": ["Creature"]}, ("hum",)),))
    r = compute(s).objects
    # Humility's effect started in layer 6 (removing its own ability) and still applies in 7b
    assert (r["hum"].power, r["c"].power, r["hum"].abilities) == (1, 1, ())


@pytest.mark.parametrize("count", [0, 1, 3])
def test_604_3_cda_counts_in_every_zone(count: int) -> None:
    goyf = GameObject("goyf", Characteristics(name="goyf", types=("Creature",), abilities=(
        ability({"cda": {"set_pt": {"power": {"count": {"types": ["Land"], "zone": "graveyard"}},
                                    "toughness": 1}}, "text": "cda"}),)), "alice", "alice", timestamp=1)
    lands = [GameObject(f"l{i}", Characteristics(name="l", types=("Land",)), "bob", "bob",
                        zone=__import__("pyengine").model.enums.Zone.GRAVEYARD) for i in range(count)]
    v = compute(state(goyf, *lands)).objects["goyf"]
    assert (v.power, v.toughness) == (count, 1)


def test_engine_declares_every_fact_name_it_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The layer engine tells the gateway the names and the shapes of the arguments of its
    facts (so that pruning need not read them off every symbol); a name or a shape missing
    there would let the gateway leave out rules that can fire. Every call of a state using
    every layer checks the facts it passes."""
    from pyengine import solver
    from pyengine.relevance import symbol_shape

    real = solver.solve
    calls: list[str] = []

    def checked(encodings, facts, **kw):  # type: ignore[no-untyped-def]
        shapes = kw.get("fact_shapes")
        assert shapes is not None
        for f in facts:
            arity = len(f.arguments)
            assert (f.name, arity, -1, None) in shapes, f
            for pos, arg in enumerate(f.arguments):
                assert {(f.name, arity, pos, None), (f.name, arity, pos, symbol_shape(arg))} & shapes, f
        calls.append(kw["what"])
        return real(encodings, facts, **kw)

    monkeypatch.setattr(solver, "solve", checked)
    s = state(creature("c", 1, abilities=(ability("flying"),)),
              enchantment("anthem", 2, {"static": {"affects": {"types": ["Creature"]},
                                                   "modify_pt": {"power": 1, "toughness": 1},
                                                   "add_subtypes": ["Elf"], "set_colors": ["blue"],
                                                   "add_abilities": ["haste"]}}),
              effects=(resolved("steal", 3, {"control": "bob"}, ("c",)),
                       resolved("sw", 4, {"switch_pt": True}, ("c",)),
                       resolved("set", 5, {"set_pt": {"power": 0, "toughness": 4}}, ("c",))))
    v = compute(s).objects["c"]
    # (layer 7's sublayers in one call with their group_layer/1 facts, statics.groups)
    assert {"layer 2", "layer 4", "layer 5", "layer 6", "layers 7b-7d"} <= set(calls)
    assert (v.controller, v.power, v.toughness) == ("bob", 5, 1)
