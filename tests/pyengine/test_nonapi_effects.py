"""The effect language parser (pyengine/lang/effects.py, docs/effect-language.md):
well-formed effects become typed values; mistakes become one-line located errors."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.errors import ScenarioError
from pyengine.lang.effects import (
    OPS,
    Ctx,
    parse_ability,
    parse_condition,
    parse_effect,
    parse_expr,
    parse_selector,
)
from pyengine.lang.yamlread import Cursor, load_yaml
from pyengine.model.effects import Ability, EffectDef, Expr, ObjRef, PlayerRef, Selector, is_activated
from pyengine.model.enums import Layer


def cur(text: str) -> Cursor:
    return Cursor(load_yaml(text, "e.yaml"), "effect", 1, "e.yaml")


def effect(text: str, **kw: Any) -> EffectDef:
    return parse_effect(cur(text), Ctx(players=("alice", "bob")), **kw)


def test_anthem_effect() -> None:
    e = effect("{affects: {types: [Creature], controller: you}, modify_pt: {power: 1, toughness: 1}}")
    (op,) = e.ops
    assert (op.kind, op.layer, op.area) == ("modify_pt", Layer.L7C, "layers")
    assert op.arg("power") == Expr("const", value=1)
    assert e.affects is not None
    assert e.affects.lits == ((True, "type", "Creature"),)
    assert e.affects.players == ((True, "controller", PlayerRef("you")),)
    assert e.affects.zone == "battlefield"


def test_effect_in_several_layers_lists_them_in_order() -> None:
    e = effect("{affects: all, set_pt: {power: 0, toughness: 1}, set_colors: [], add_types: Artifact}")
    assert e.layers == (Layer.L4, Layer.L5, Layer.L7B)


def test_cda_pt_goes_to_layer_7a_and_affects_only_itself() -> None:
    e = effect("{set_pt: {power: {count: {types: Creature}}, toughness: 1}}", cda=True)
    assert e.ops[0].layer == Layer.L7A
    assert e.affects == Selector(objs=(("is", ObjRef("self")),), zone=None)


@pytest.mark.parametrize("text,kw,message", [
    ("{affects: all}", {}, "an effect needs at least one operation"),
    ("{modify_pt: {power: 1}}", {}, "missing required field 'affects'"),
    ("{affects: all, pump: 1}", {}, "effect.pump: unknown field 'pump'"),
    ("{affects: all, modify_pt: {power: one}}", {}, "expected an integer or a one-key mapping"),
    ("{affects: all, modify_pt: {}}", {}, "expected power and/or toughness"),
    ("{affects: all, set_types: [Creeture]}", {}, "expected a card type (Artifact"),
    ("{affects: all, add_subtypes: [Bears]}", {}, "unknown subtype 'Bears'"),
    ("{affects: all, set_colors: [teal]}", {}, "expected a color"),
    ("{affects: all, switch_pt: yes please}", {}, "expected true"),
    ("{affects: all, text_change: {from: red, to: Goblin}}", {}, "CR 612.2: a color word can only become"),
    ("{affects: all, text_change: {from: red, to: purple}}", {}, "'purple' is neither"),
    ("{control: you}", {"cda": True}, "CR 604.3: a characteristic-defining ability can't control"),
    ("{affects: all, set_pt: {power: 1}}", {"cda": True}, "affects only its object"),
    ("{set_colors: [red], condition: {exists: all}}", {"cda": True}, "CR 604.3a"),
    ("{affects: {colour: red}, set_colors: []}", {}, "effect.affects.colour: unknown field 'colour'"),
    ("{affects: everything, set_colors: []}", {}, "expected a selector mapping or one of: self"),
    ("{affects: {power: {lte: 2, gte: 1}}, set_colors: []}", {}, "expected exactly one of lt, lte"),
    ("{affects: {any_of: []}, set_colors: []}", {}, "expected a non-empty list of selectors"),
    ("{affects: {enchanted: false}, set_colors: []}", {}, "enchanted: false is not supported"),
])
def test_errors_are_located(text: str, kw: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        effect(text, **kw)
    assert message in str(info.value)
    assert str(info.value).startswith("e.yaml:1: effect")


@pytest.mark.parametrize("text,expected", [
    ("3", Expr("const", value=3)),
    ("{power_of: self}", Expr("attr", attr="power", ref=ObjRef("self"))),
    ("{negate: 2}", Expr("neg", args=(Expr("const", value=2),))),
    ("{times: [2, {toughness_of: it}]}",
     Expr("times", value=2, args=(Expr("attr", attr="toughness", ref=ObjRef("it")),))),
    ("{sum: [1, 2]}", Expr("sum", args=(Expr("const", value=1), Expr("const", value=2)))),
])
def test_expressions(text: str, expected: Expr) -> None:
    assert parse_expr(cur(text), Ctx()) == expected


@pytest.mark.parametrize("text,message", [
    ("{sum: [1]}", "expected a list of two or more expressions"),
    ("{times: [a, 2]}", "expected an integer factor first"),
    ("{count: all, sum: [1, 2]}", "expected an integer or a one-key mapping"),
])
def test_expression_errors(text: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        parse_expr(cur(text), Ctx())


def test_conditions() -> None:
    c = parse_condition(cur("{compare: [{count: {types: Creature}}, '>=', 2]}"), Ctx())
    assert (c.op, c.cmp, c.rhs) == ("cmp", "gte", Expr("const", value=2))
    e = parse_condition(cur("{not_exists: {colors: red}}"), Ctx())
    assert (e.cmp, e.rhs) == ("lt", Expr("const", value=1))
    with pytest.raises(ScenarioError, match="expected \\[expression, operator, expression\\]"):
        parse_condition(cur("{compare: [1, '<']}"), Ctx())
    with pytest.raises(ScenarioError, match="expected exactly one of exists"):
        parse_condition(cur("{exists: all, not_exists: all}"), Ctx())
    t = parse_condition(cur("{turn: you}"), Ctx())
    assert (t.op, t.player) == ("turn", PlayerRef("you"))
    with pytest.raises(ScenarioError, match="expected whose turn"):
        parse_condition(cur("{turn: owner}"), Ctx())
    with pytest.raises(ScenarioError, match="a player"):
        parse_condition(cur("{turn: [you]}"), Ctx())


@pytest.mark.parametrize("text,name,param", [
    ("flying", "flying", None),
    ("First Strike", "first strike", None),
    ("swampwalk", "landwalk", "Swamp"),
    ("{landwalk: nonbasic}", "landwalk", "nonbasic"),
    ("{landwalk: snow}", "landwalk", "snow"),  # CR 702.14a: a supertype
    ("{landwalk: Legendary}", "landwalk", "Legendary"),
    ("protection from red", "protection", "red"),
    ("{protection: red}", "protection", "red"),
])
def test_keyword_abilities(text: str, name: str, param: str | None) -> None:
    a = parse_ability(cur(text), Ctx())
    assert (a.kind, a.name, a.param) == ("keyword", name, param)


def test_static_mana_and_text_abilities_get_distinct_keys() -> None:
    ctx = Ctx(key_prefix="card")
    s = parse_ability(cur("{text: Anthem, static: {affects: all, modify_pt: {power: 1}}}"), ctx)
    m = parse_ability(cur("{mana: G}"), ctx)
    t = parse_ability(cur("{text: '{T}: Draw a card.'}"), ctx)
    assert isinstance(s, Ability) and s.kind == "static" and s.name == "Anthem" and len(s.effects) == 1
    assert (m.kind, m.name, m.param) == ("mana", "{T}: Add {G}", "{G}")  # CR 605.1a
    assert (t.kind, t.name) == ("text", "{T}: Draw a card.")
    assert len({s.key, m.key, t.key}) == 3 and all(k.startswith("card#") for k in (s.key, m.key, t.key))


@pytest.mark.parametrize("text,kind,name,param", [
    ("{mana: '{C}{C}'}", "mana", "{T}: Add {C}{C}", "{C}{C}"),  # Sol Ring (CR 605.1a)
    ("{mana: '{R}{G}'}", "mana", "{T}: Add {R}{G}", "{R}{G}"),
    ("{mana: C}", "mana", "{T}: Add {C}", "{C}"),
    ("{spell: 'Draw a card.'}", "spell", "Draw a card.", None),  # CR 113.3a
])
def test_mana_and_spell_abilities(text: str, kind: str, name: str, param: str | None) -> None:
    a = parse_ability(cur(text), Ctx())
    assert (a.kind, a.name, a.param) == (kind, name, param)
    # CR 605.1a: a mana ability is an activated ability; 113.3a: a spell ability is not one
    assert is_activated(a) == (kind == "mana")


@pytest.mark.parametrize("text,message", [
    ("flyng", "unknown keyword ability 'flyng'"),
    ("gobbledywalk", "landwalk needs a land type"),
    ("{landwalk: Elf}", "landwalk needs a land type"),  # a subtype, but not a land type
    ("{mana: Q}", "expected one of W U B R G C"),
    # CR 106.1: generic mana is no mana an ability adds
    ("{mana: '{2}'}", r"one per symbol \(CR 106.1\), not \{2\}"),
    ("{mana: '{R/G}'}", r"not \{R/G\}"),
    ("{mana: ''}", "mana symbols such as"),
    ("{spell: ''}", "expected the spell ability's text"),
    ("{spell: 'Draw a card.', text: 'Draw a card.'}", "a spell ability's text is its `spell` value"),
    ("{spell: 'Draw a card.', zones: [hand]}", "zones are said of a static ability"),
    ("{static: {affects: all, modify_pt: {power: 1}}, mana: G}", "an ability has exactly one of"),
])
def test_ability_errors(text: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        parse_ability(cur(text), Ctx())


def test_references_are_collected_for_checking_after_the_file() -> None:
    ctx = Ctx(players=("alice",))
    parse_selector(cur("{ids: [a, b], controller: carol, attached_to: c}"), ctx)
    assert [r for r, _ in ctx.object_refs] == ["a", "b", "c"]
    assert [r for r, _ in ctx.player_refs] == ["carol"]


def test_every_operation_has_an_area_and_a_parser() -> None:
    for name, spec in OPS.items():
        assert spec.area, name
        assert callable(spec.parse), name
        assert (spec.layer is None) == (spec.area != "layers"), name


def test_113_6b_a_static_ability_says_where_it_functions() -> None:
    a = parse_ability(cur("{zones: [graveyard], static: {affects: all, modify_pt: {power: 1}}}"), Ctx())
    assert a.kind == "static" and a.zones == ("graveyard",)
    b = parse_ability(cur("{zones: command, static: {affects: all, modify_pt: {power: 1}}}"), Ctx())
    assert b.zones == ("command",)
    assert parse_ability(cur("{static: {affects: all, modify_pt: {power: 1}}}"), Ctx()).zones == ()


@pytest.mark.parametrize("text,message", [
    ("{zones: [grave], static: {affects: all, modify_pt: {power: 1}}}", "expected a zone"),
    ("{zones: [graveyard], text: Flash}", "zones are said of a static ability"),
    ("{zones: [graveyard], cda: {set_pt: {power: 1, toughness: 1}}}", "zones are said of a static ability"),
    ("{zones: [], static: {affects: all, modify_pt: {power: 1}}}", "at least one zone"),
])
def test_ability_zone_errors(text: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        parse_ability(cur(text), Ctx())


@pytest.mark.parametrize("text,activated", [
    ("{T}: Add {G}.", True),                      # CR 602.1: "[Cost]: [Effect.]"
    ("{2}, {T}, Sacrifice this: Draw a card.", True),
    ("+1: Draw a card.", True),                   # a loyalty ability is activated (606.2)
    ("Equip {2}", True),                          # 702.6a
    ("Swampcycling {2}", True),                   # 702.29e: typecycling is cycling
    ("Level up {1}{W}", True),                    # 702.87a
    ("Crew 3", True),                             # 702.122a
    ("Boast \u2014 {1}{R}: It deals 1 damage to any target.", True),  # 702.142a
    ("Flying", False),
    ("Kicker {2}", False),                        # a static ability (702.33a)
    ("Enchanted creature has \"{T}: Add {C}.\"", False),  # the colon is the quoted ability's
    ("When this enters, draw a card. Then: nothing", False),  # no cost before the colon
])
def test_which_text_abilities_are_activated(text: str, activated: bool) -> None:
    from pyengine.model.effects import Ability, is_activated

    assert is_activated(Ability("text", "k", text, text=text)) is activated
