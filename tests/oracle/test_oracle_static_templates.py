"""The templates for untapping (CR 502.3), choices as a permanent enters (614.12a, 607.2d),
"can't be countered" (113.6g), "power less than its power can't block it" (509.1b) and the
trigger conditions of pyengine.oracle.trigger_heads (603.2c, 603.4, 508.3d, 601.2i), on real
cards (the pyengine[cards] extra; skipped without it): each compiles as its rule says, and a
card of each runs in its generated board or game (pyengine.oracle.execute)."""

from __future__ import annotations

import pytest

from pyengine import oracle
from pyengine.errors import ScenarioError
from pyengine.oracle import execute
from tests.oracle import support

pytestmark = support.BUNDLED



def _ability(name: str, i: int) -> object:
    got = oracle.compiled(name)
    assert got is not None and got.status in ("full", "text-only"), (name, got and got.unrecognised)
    return got.card["abilities"][i]


def test_doesnt_untap_is_an_effect_on_what_it_names() -> None:
    # CR 502.3: the card itself, the enchanted creature, creatures of a kind
    assert _ability("Colossus of Sardia", 1)["static"] == {"affects": "self", "doesnt_untap": True}  # type: ignore[index]
    assert _ability("Paralyzing Grasp", 1)["static"] == {"affects": "enchanted", "doesnt_untap": True}  # type: ignore[index]
    assert _ability("Meekstone", 0)["static"] == {  # type: ignore[index]
        "affects": {"types": ["Creature"], "power": {"gte": 3}}, "doesnt_untap": True}


def test_the_untap_operation_takes_only_true() -> None:
    from pyengine.lang.effects import Ctx, parse_ability
    from pyengine.lang.yamlread import Cursor

    bad = {"text": "x", "static": {"affects": "self", "doesnt_untap": 2}}
    with pytest.raises(ScenarioError, match="expected true"):
        parse_ability(Cursor(bad, "a", None, None), Ctx())


def test_the_choice_and_the_chosen_type() -> None:
    # CR 614.12a, 607.2d: the choice is held as the ability; the others read `chosen`
    triumph = oracle.compiled("Shared Triumph")
    assert triumph is not None and triumph.status == "full"
    assert triumph.card["abilities"][0] == {"text": "As this enchantment enters, choose a creature type."}
    assert triumph.card["abilities"][1]["static"]["affects"] == {
        "types": ["Creature"], "subtypes": ["chosen"]}
    assert _ability("Adaptive Automaton", 1)["static"] == {"affects": "self", "add_subtypes": ["chosen"]}  # type: ignore[index]
    assert _ability("Hall of Triumph", 1)["static"]["affects"] == {  # type: ignore[index]
        "types": ["Creature"], "colors": ["chosen"], "controller": "you"}


def test_a_trigger_about_the_chosen_type_stays_text() -> None:
    # the trigger engine refuses `chosen` (docs/effect-language.md, Selectors)
    got = oracle.compiled("Bloodline Pretender")
    assert got is not None
    assert [c.template for c in got.clauses][-1] == "triggered (text)"


def test_cant_be_countered_makes_a_spell_whole() -> None:
    # CR 113.6g: a static ability of the spell; nothing for the engines to decide
    decay = oracle.compiled("Void Rend")
    assert decay is not None and decay.status == "full" and "does" in decay.card
    assert oracle.compiled("Carnage Tyrant").status == "full"  # type: ignore[union-attr]


def test_power_less_than_its_power_cant_block() -> None:
    assert _ability("Wandering Wolf", 0)["static"] == {  # type: ignore[index]
        "affects": "self",
        "cant_be_blocked": {"by": {"types": ["Creature"], "power": {"lt": {"power_of": "self"}}}}}


@pytest.mark.parametrize(("name", "trigger"), [
    # CR 603.4: an intervening if clause
    ("Colossal Majesty", {"at": {"step": "upkeep", "player": "you"},
                          "if": {"exists": {"types": ["Creature"], "power": {"gte": 4},
                                            "controller": "you"}}}),
    ("Well of Discovery", {"at": {"step": "end", "player": "you"},
                           "if": {"not_exists": {"types": ["Land"], "tapped": False, "controller": "you"}}}),
    # CR 603.2c: once per batch
    ("Vengeful Townsfolk", {"when": {"kind": "dies", "obj": {"other": True, "types": ["Creature"],
                                                             "controller": "you"}, "one_or_more": True}}),
    # CR 601.2i: a spell cast by an opponent / a player, with a quality
    ("Arasta of the Endless Web", {"when": {"kind": "cast", "player": "opponent",
                                            "obj": {"any_types": ["Instant", "Sorcery"]}}}),
    ("Ebon Drake", {"when": {"kind": "cast", "player": "any"}}),
    ("Hero of Precinct One", {"when": {"kind": "cast", "player": "you", "obj": {"multicolored": True}}}),
    ("Oreskos Sun Guide", {"when": {"kind": "untap", "obj": "self"}}),
    ("Four Knocks", {"at": {"step": "precombat_main", "player": "you"}}),  # 505.1a
])
def test_trigger_conditions(name: str, trigger: dict[str, object]) -> None:
    got = oracle.compiled(name)
    assert got is not None
    triggers = [a["trigger"] for a in got.card["abilities"] if isinstance(a, dict) and "trigger" in a]
    assert triggers and triggers[0] == trigger, triggers


@pytest.mark.parametrize(("name", "template"), [
    ("Meekstone", "doesn't untap"), ("Shared Triumph", "choice as it enters"),
    ("Carnage Tyrant", "can't be countered"), ("Void Rend", "can't be countered"),
    ("Wandering Wolf", "power less than SELF's can't block"),
    ("Well of Discovery", "triggered ability"), ("Ishai, Ojutai Dragonspeaker", "triggered ability"),
    ("Hero of Precinct One", "triggered ability"), ("Oreskos Sun Guide", "triggered ability"),
    ("Keeper of Fables", "triggered ability"),
])
def test_a_card_of_each_template_runs_in_its_generated_scenario(name: str, template: str) -> None:
    got = oracle.compiled(name)
    assert got is not None and got.status == "full", (name, got and got.unrecognised)
    ok, why = execute.run_for(got, template)
    assert ok, (name, why)


def test_an_intervening_if_false_on_the_board_doesnt_trigger() -> None:
    """The generated game makes the condition true; without that the ability doesn't trigger
    (CR 603.4) and the script's resolve finds the stack empty (117.4)."""
    import yaml

    from pyengine.oracle import execute_game
    from pyengine.oracle.execute import run_generated

    got = oracle.compiled("Colossal Majesty")  # alice controls no creature with power 4 or more
    assert got is not None
    text = execute_game.game_text(got)
    assert text is not None and "cond" not in text
    scenario, why = run_generated(text, "<no condition>", 60)
    assert scenario is None and "stack is empty" in why
    from pyengine.oracle.execute_triggers import game_text

    made = yaml.safe_load(game_text(got) or "")
    assert any(o.get("power", 0) >= 4 for o in made["objects"] if str(o["id"]).startswith("cond"))


OTHER_LANDS = {"other": True, "types": ["Land"], "controller": "you"}


@pytest.mark.parametrize(("name", "condition"), [
    # CR 614.1c: the replacement applies unless the condition holds
    ("Seachrome Coast", {"compare": [{"count": OTHER_LANDS}, "<=", 2]}),
    ("Deserted Beach", {"compare": [{"count": OTHER_LANDS}, ">=", 2]}),
    ("Glacial Fortress", {"any": [{"exists": {"subtypes": ["Plains"], "controller": "you"}},
                                  {"exists": {"subtypes": ["Island"], "controller": "you"}}]}),
])
def test_enters_tapped_unless(name: str, condition: dict[str, object]) -> None:
    assert _ability(name, 0)["static"] == {"enters_tapped": True, "condition": {"not": condition}}  # type: ignore[index]


def test_a_state_trigger_and_when_you_cast_by_name() -> None:
    # CR 603.8: "When you control no Islands, sacrifice this creature."
    got = oracle.compiled("Dandân")
    assert got is not None and got.status == "full"
    assert got.card["abilities"][-1]["trigger"] == {
        "state": {"not_exists": {"subtypes": ["Island"], "controller": "you"}}}
    ok, why = execute.run_for(got, "triggered ability")
    assert ok, why
    # CR 603.2f: "When you cast Taught by Serra, ..." is "When you cast this spell"
    taught = oracle.compiled("Taught by Serra")
    assert taught is not None
    assert taught.card["abilities"][0]["trigger"] == {  # its first paragraph is not understood
        "when": {"kind": "cast", "obj": "self", "player": "you"}}


def test_a_triggered_keyword_held_by_name_keeps_the_card_out_of_games() -> None:
    # CR 603.1: a game can't tell when "Extort" held by name triggers; its board still runs
    # (mentor compiles now, 702.134a: Tajic, Legion's Edge's game runs)
    got = oracle.compiled("Basilica Guards")
    assert got is not None and execute.text_triggers(got)
    assert execute.run_for(got, "keywords") == (True, "")
    assert not execute.text_triggers(oracle.compiled("Akrasan Squire"))  # exalted compiles


def test_a_modal_paragraph_joined_to_a_text_paragraph_is_text() -> None:
    # CR 608.2c: what the spell does is written only when every paragraph is compiled
    got = oracle.compiled("Lonely End")
    assert got is not None and "does" not in got.card
    assert {c.template for c in got.clauses} == {"spell ability (text)"}


def test_a_creature_with_no_power_deals_its_combat_damage_in_its_game() -> None:
    # CR 510.1a: 0 power deals no combat damage; the generated game gives Surge Mare a counter
    got = oracle.compiled("Surge Mare")
    assert got is not None and got.status == "full"
    assert execute.run_for(got, "triggered ability") == (True, "")


def test_an_activated_draw_makes_the_cards_own_draw_trigger_resolve_in_its_game() -> None:
    # CR 603.2: "Whenever you draw a card" triggers on the [0] ability's draw; the generated
    # game resolves it too (the stack is empty at its end)
    got = oracle.compiled("Teferi, Temporal Pilgrim")
    assert got is not None
    assert execute.run_for(got, "activated ability") == (True, "")
