"""Bad input found by the bad-input hunt (session 9): each was accepted with a silent default,
an unchecked reference or a state the rules say can't exist. Each case is refused with one
line naming the file, the line and the field, exit code 2 and no traceback."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
BASE = (FIXTURES / "valid" / "anthem-bears.yaml").read_text()
ANTHEM = "  - {id: anthem, card: Glorious Anthem, controller: alice, timestamp: 2}\n"
BEARS = "{id: bears, card: Grizzly Bears,"
INLINE_BEARS = "{id: bears, name: B, types: [Creature], power: 2, toughness: 2,"


def refused(tmp_path: Path, text: str, field: str, words: str) -> None:
    """``pyengine solve`` on ``text`` exits 2 with one line: FILE:LINE: FIELD: ...WORDS..."""
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    code = main(["solve", str(path)], stdout=out, stderr=err)
    lines = err.getvalue().splitlines()
    assert code == 2 and out.getvalue() == "" and len(lines) == 1, err.getvalue() + out.getvalue()
    assert lines[0].startswith(f"{path}:") and f": {field}: " in lines[0], lines[0]
    assert words in lines[0] and "Traceback" not in lines[0], lines[0]


def with_effect(effect: str) -> str:
    """The fixture with one resolved effect after the Anthem."""
    return BASE.replace(ANTHEM, ANTHEM + "effects:\n  - " + effect + "\n")


def test_a_resolved_combat_effect_without_affected_or_affects(tmp_path: Path) -> None:
    # it affected nothing: Provoke's "blocks this creature if able" was silently dropped
    refused(tmp_path, with_effect("{id: e, controller: alice, timestamp: 3, must_block: true}"),
            "effects[0]", "missing required field 'affected'")


def test_an_empty_ability_mapping(tmp_path: Path) -> None:
    refused(tmp_path, BASE.replace(BEARS, INLINE_BEARS + " abilities: [{}],"),
            "objects[0].abilities[0]", "an ability needs one of: static, cda, text")


def test_rules_text_that_is_not_a_string(tmp_path: Path) -> None:
    refused(tmp_path, BASE.replace(BEARS, INLINE_BEARS + " oracle: [{}],"),
            "objects[0].oracle", "expected the rules text as a string")


@pytest.mark.parametrize("kind,words", [
    ("'+1/1'", "expected a power/toughness counter written +X/+Y or -X/-Y such as +1/+1 (CR 122.1a)"),
    ("'1/1'", "expected a power/toughness counter written +X/+Y"),
    ("flyng", "did you mean the keyword counter 'flying' (CR 122.1b)?"),
    ("first-strike", "did you mean the keyword counter 'first strike'"),
    ("defender", "CR 122.1b: a keyword counter can be only flying"),
    ("'!!'", "expected a counter kind such as +1/+1, flying, loyalty or charge"),
])
def test_a_counter_kind_the_engines_would_not_read_as_meant(tmp_path: Path, kind: str, words: str) -> None:
    # each was accepted and silently ignored (the layer engine reads only +X/+Y and keywords)
    field = "objects[0].counters." + kind.strip("'")
    refused(tmp_path, BASE.replace(BEARS, BEARS + f" counters: {{{kind}: 1}},"), field, words)


def test_counter_kinds_the_rules_name_are_accepted(tmp_path: Path) -> None:
    from pyengine.scenario.loader import load_text

    text = BASE.replace(BEARS, BEARS + " counters: {'+1/+1': 1, '-0/-1': 1, Flying: 1, shield: 1, "
                        "loyalty: 2, charge: 3, stun: 1, 'first strike': 1, exalted: 1},")
    kinds = [k for k, _ in load_text(text, "ok.yaml").state.object("bears").counters]
    assert kinds == ["+1/+1", "-0/-1", "Flying", "shield", "loyalty", "charge", "stun", "first strike",
                     "exalted"]


PUMP = "{id: e, controller: alice, timestamp: 3, affected: [bears], modify_pt: {power: 1, toughness: 1}, "
GONE = ("  - {id: gone, name: Gone, types: [Creature], power: 1, toughness: 1, owner: alice, "
        "zone: graveyard}\n")


def test_a_while_source_duration_without_its_source(tmp_path: Path) -> None:
    refused(tmp_path, with_effect(PUMP + "duration: while_source_on_battlefield}"),
            "effects[0].duration", "lasts as long as its source: give 'source' (CR 611.2b)")


def test_a_while_source_duration_whose_source_has_left(tmp_path: Path) -> None:
    text = with_effect(PUMP + "duration: while_source_on_battlefield, source: gone}").replace(
        ANTHEM, ANTHEM + GONE)
    refused(tmp_path, text, "effects[0].duration",
            "its source 'gone' is in the graveyard, so this while_source_on_battlefield effect has "
            "ended (CR 611.2b)")


def test_defending_outside_the_combat_arguments_that_bind_it(tmp_path: Path) -> None:
    # control: defending changed nothing (the layer engine has no defending player)
    refused(tmp_path, with_effect("{id: e, controller: alice, timestamp: 3, affected: [bears], "
                                  "control: defending}"),
            "effects[0].control",
            "'defending' names a player only in the targets, unless, attackers, by or except_by")
    refused(tmp_path, with_effect("{id: e, controller: alice, timestamp: 3, affected: [bears], "
                                  "block_only: {controller: defending}}"),
            "effects[0].block_only.controller", "'defending' names a player only")
    # "can't attack unless N other creatures also attack": counted creatures need no defending player
    refused(tmp_path, with_effect("{id: e, controller: alice, timestamp: 3, affected: [bears], "
                                  "cant_attack_unless_others: {creatures: {controller: defending}}}"),
            "effects[0].cant_attack_unless_others.creatures.controller", "'defending' names a player only")


def test_defending_where_combat_binds_it_is_accepted() -> None:
    from pyengine.scenario.loader import load_text

    load_text(with_effect("{id: e, controller: alice, timestamp: 3, affected: [bears], cant_attack: "
                          "{unless: {exists: {types: [Land], controller: defending}}}}"), "ok.yaml")
    # CR 508.5: "can't be blocked by creatures the defending player controls with power 2 or less"
    load_text(with_effect("{id: e, controller: alice, timestamp: 3, affected: [bears], cant_be_blocked: "
                          "{by: {controller: defending, power: {lte: 2}}}}"), "ok.yaml")


@pytest.mark.parametrize("word", ["you", "opponent", "self", "any"])
def test_a_reserved_word_as_a_player_id(tmp_path: Path, word: str) -> None:
    # `controller: you` in an effect would mean the effect's controller, never this player
    refused(tmp_path, BASE.replace("alice", word), "players[0].id", f"{word!r} is a reserved word")


def test_a_reserved_word_as_an_object_id(tmp_path: Path) -> None:
    refused(tmp_path, BASE.replace("bears", "self"), "objects[0].id", "'self' is a reserved word")


QUERY = """query:
  kind: characteristics
  objects: [bears]
  fields: [power, toughness]
expect:
  bears: {power: 3, toughness: 3}"""
SOLDIER = "{name: Soldier, types: [Creature], power: 1, toughness: 1"
MADE = "{kind: enter, object: token, from: none, as: {token: Soldier}, control: alice, cause: create}"


def replacement(event: str, outcome: str = MADE, more: str = "") -> str:
    """The fixture asking a replacement question (Glorious Anthem replaces nothing)."""
    return BASE.replace(QUERY, f"query:\n  kind: replacement\n  {event}\n"
                               f"expect:\n  outcomes: [{{events: [{outcome}]{more}}}]")


def test_a_replacement_event_counter_kind_is_checked_too(tmp_path: Path) -> None:
    text = replacement("event: {kind: counters, target: bears, counter: '+1/+l', amount: 1, by: alice}",
                       "{kind: counters, target: bears, counter: '+1/+1', amount: 1, by: alice}")
    refused(tmp_path, text, "query.event.counter", "expected a power/toughness counter")


def test_an_inline_token_definitions_ids_are_checked(tmp_path: Path) -> None:
    # its Ctx was thrown away: a dangling id inside it was never looked at
    token = SOLDIER + (", abilities: [{static: {affects: {ids: [nobody]}, "
                       "modify_pt: {power: 1, toughness: 1}}}]}")
    refused(tmp_path, replacement(f"event: {{kind: create_tokens, control: alice, token: {token}}}"),
            "query.event.token.abilities[0].static.affects.ids[0]", "dangling object id 'nobody'")


def test_two_token_definitions_with_one_name(tmp_path: Path) -> None:
    # the engines know a token definition by its name: the second silently replaced the first
    events = (f"events: [{{kind: create_tokens, control: alice, token: {SOLDIER}}}}}, "
              f"{{kind: create_tokens, control: alice, token: {SOLDIER.replace('power: 1', 'power: 2')}}}}}]")
    refused(tmp_path, replacement(events, MADE + ", " + MADE), "query.events[1].token.name",
            "another token definition is already named 'Soldier'")


def test_an_expected_token_with_no_definition(tmp_path: Path) -> None:
    text = replacement(f"event: {{kind: create_tokens, control: alice, token: {SOLDIER}}}}}",
                       MADE.replace("{token: Soldier}", "{token: Soldir}"))
    refused(tmp_path, text, "expect.outcomes[0].events[0].as.token", "no token definition is named 'Soldir'")


def test_a_token_definition_expected_as_made_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(replacement(f"event: {{kind: create_tokens, control: alice, token: {SOLDIER}}}}}"))
    assert main(["check", "--jobs", "1", str(path)], stdout=io.StringIO(), stderr=io.StringIO()) == 0


ATTACK = BASE.replace(QUERY, """query:
  kind: attack
  declaration: {attackers: {bears: bob}}
expect:
  legal: true
  obeyed: 0
  maximum: 0""").replace("turn: {active: alice}", "turn: {active: alice, number: 3, step: declare_attackers}")


def test_a_paid_cost_from_a_source_that_does_not_exist(tmp_path: Path) -> None:
    # it paid nothing, silently
    text = ATTACK.replace("{attackers: {bears: bob}}", "{attackers: {bears: bob}, paid: "
                          "[{creature: bears, source: prisn}]}")
    refused(tmp_path, text, "query.declaration.paid[0].source", "dangling id 'prisn'")


def test_a_protector_for_something_that_is_not_a_battle(tmp_path: Path) -> None:
    # it was silently ignored
    refused(tmp_path, ATTACK.replace("  declaration:", "  protectors: {anthem: bob}\n  declaration:"),
            "query.protectors.anthem", "'anthem' is not a battle, and no effect can make it one")


def test_the_attack_fixture_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(ATTACK)
    assert main(["check", "--jobs", "1", str(path)], stdout=io.StringIO(), stderr=io.StringIO()) == 0


def test_an_expected_combat_violation_the_engine_never_reports(tmp_path: Path) -> None:
    # the check stayed failing forever ("expected ..., got ..."), never saying the name is wrong
    text = ATTACK.replace("legal: true", "legal: false\n  violations:\n"
                          "    - {rule: \"508.1c\", check: cant_atack, objects: [bears]}")
    refused(tmp_path, text, "expect.violations[0].check", "the combat engine reports no check 'cant_atack'")
    text = ATTACK.replace("legal: true", "legal: false\n  violations:\n"
                          "    - {rule: 508.1, check: cant_attack, objects: [bears]}")
    refused(tmp_path, text, "expect.violations[0].rule", "expected a CR rule number in quotes")


def test_every_combat_check_the_encodings_report_is_known() -> None:
    # so that the check above never refuses a name the engine can report
    import re

    from pyengine.combat.explain import CHECKS

    text = "".join(p.read_text() for p in (Path(__file__).parents[2] / "asp" / "combat").glob("*.lp"))
    found = set(re.findall(r"violation\(D, (?:\"[^\"]+\"|\w+), ([a-z_]+),", text))
    found |= set(re.findall(r"barred\(B, A, \"[^\"]+\", ([a-z_]+),", text))
    assert len(found) > 20 and found <= CHECKS, found - CHECKS


def test_an_expected_replacement_violation_that_is_not_a_rule(tmp_path: Path) -> None:
    text = replacement("event: {kind: counters, target: bears, counter: '+1/+1', amount: 1, by: alice}\n"
                       "  sequence: [anthem]",
                       "{kind: counters, target: bears, counter: '+1/+1', amount: 1, by: alice}")
    text = text.replace("  outcomes:", "  legal: false\n  violations: [\"616.1f\", \"616-1a\"]\n  outcomes:")
    refused(tmp_path, text, "expect.violations[1]", "expected a CR rule number such as \"616.1a\"")


COUNTER = "{kind: counters, target: bears, counter: '+1/+1', amount: 1, by: alice}"


def test_a_proposed_sequence_naming_no_effect(tmp_path: Path) -> None:
    text = replacement(f"event: {COUNTER}\n  sequence: [{{effect: scales}}]", COUNTER)
    text = text.replace("  outcomes:", "  legal: false\n  violations: [\"616.1f\"]\n  outcomes:")
    refused(tmp_path, text, "query.sequence[0].effect", "no effect can be named 'scales'")


def test_used_shields_and_stopped_by_naming_no_effect(tmp_path: Path) -> None:
    # an outcome naming a missing effect could never be reached: a forever-failing check
    refused(tmp_path, replacement(f"event: {COUNTER}", COUNTER, ", used: {regen: 1}"),
            "expect.outcomes[0].used.regen", "no effect can be named 'regen'")
    refused(tmp_path, replacement(f"event: {COUNTER}", COUNTER, ", shields: {salve: 0}"),
            "expect.outcomes[0].shields.salve", "no effect can be named 'salve'")
    refused(tmp_path, replacement(f"event: {COUNTER}", COUNTER, ", blocked: [{kind: lose_game, "
                                  "player: alice, stopped_by: angel/1}]"),
            "expect.outcomes[0].blocked[0].stopped_by", "no effect can be named 'angel/1'")


def test_a_face_down_card_in_a_graveyard(tmp_path: Path) -> None:
    # read as a face-down 2/2 (CR 708.2a) though a graveyard is a face-up pile (CR 404.2)
    refused(tmp_path, BASE.replace(ANTHEM, ANTHEM + GONE.replace("zone: graveyard}", "zone: graveyard, "
                                                                 "face_down: true}")),
            "objects[2].face_down", "only a permanent or a spell is face down here")


def test_an_instant_on_the_battlefield(tmp_path: Path) -> None:
    refused(tmp_path, BASE.replace(ANTHEM, ANTHEM + "  - {id: bolt, name: Bolt, types: [Instant], "
                                   "controller: alice, timestamp: 3}\n"),
            "objects[2]", "an instant can't be on the battlefield (CR 304.4, 307.4")


def test_destroying_an_instant_card(tmp_path: Path) -> None:
    # Rest in Peace exiled "bolt moves from battlefield to graveyard": a card in a graveyard
    text = replacement("event: {kind: destroy, object: gone}", "{kind: destroy, object: gone}")
    refused(tmp_path, text.replace(ANTHEM, ANTHEM + GONE.replace("types: [Creature], power: 1, toughness: 1",
                                                                 "types: [Instant]")),
            "query.event.kind", "'gone' is in the graveyard, so it can't move from the battlefield")


def test_equipment_attached_to_a_card_in_a_graveyard(tmp_path: Path) -> None:
    text = BASE.replace(ANTHEM, ANTHEM + GONE + "  - {id: sword, name: Sword, types: [Artifact], subtypes: "
                        "[Equipment], controller: alice, timestamp: 3, attached_to: gone}\n")
    refused(tmp_path, text, "objects[3].attached_to", "an Equipment is attached only to a permanent")


def test_an_attacker_controlled_by_the_defending_player(tmp_path: Path) -> None:
    # Bob's Bears "attacking" on Alice's turn was answered as if it could be
    text = BASE.replace(QUERY, """query:
  kind: block
  attackers: {bears: alice}
expect:
  maximum: 0
  legal_declarations: [{}]""").replace("turn: {active: alice}", "turn: {active: bob, number: 2, "
                                        "step: declare_blockers}")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", str(path)], stdout=out, stderr=err) == 2
    (line,) = err.getvalue().splitlines()
    assert line.startswith(f"{path}: query.attackers.bears: 'bears' can't be an attacking creature: "
                           "it is controlled by alice, not the active player bob (CR 508.1a, 506.4)"), line


def test_shield_counters_in_a_replacement_question(tmp_path: Path) -> None:
    # CR 122.1c: they make a replacement and a prevention effect the engine would ignore; in a
    # characteristics question they are accepted (test_counter_kinds_the_rules_name_are_accepted)
    text = replacement(f"event: {COUNTER}", COUNTER).replace(BEARS, BEARS + " counters: {shield: 1},")
    refused(tmp_path, text, "objects[0].counters.shield", "shield counters create a replacement effect "
            "(CR 122.1c) the replacement engine does not model yet")


def test_a_proposed_choice_that_is_not_a_word(tmp_path: Path) -> None:
    # choice: null was the alternative "None"
    text = replacement(f"event: {COUNTER}\n  sequence: [{{effect: anthem, choice: null}}]", COUNTER)
    text = text.replace("  outcomes:", "  legal: false\n  violations: [\"616.1f\"]\n  outcomes:")
    refused(tmp_path, text, "query.sequence[0].choice", "expected the alternative chosen")


@pytest.mark.parametrize("exception,field,words", [
    ("no_mana_cost: false", "effects[0].copy.except.no_mana_cost", "expected true"),
    ("no_mana_cost: 0", "effects[0].copy.except.no_mana_cost", "expected true or false"),
    ("set_name: ''", "effects[0].copy.except.set_name", "expected a name"),
    ("set_name: [A, B]", "effects[0].copy.except.set_name", "expected a name"),
])
def test_copy_exceptions_for_name_and_mana_cost_are_checked(tmp_path: Path, exception: str, field: str,
                                                              words: str) -> None:
    # CR 707.9b: "except its name is ..." and "with no mana cost" (embalm, eternalize)
    copy = f"copy: {{of: anthem, except: {{{exception}}}}}"
    effect = f"{{id: e, controller: alice, timestamp: 3, affected: [bears], {copy}}}"
    refused(tmp_path, with_effect(effect), field, words)


@pytest.mark.parametrize("value,words", [
    ("sideways", "expected true, false or what turned it face down (CR 708.2): morph, manifest, "
                 "disguise, cloak; got string 'sideways'"),
    ("1", "expected true, false or what turned it face down (CR 708.2)"),
    ("[cloak]", "expected true, false or what turned it face down (CR 708.2)"),
])
def test_what_turned_a_permanent_face_down_is_checked(tmp_path: Path, value: str, words: str) -> None:
    # CR 708.2: morph and manifest list a plain 2/2, disguise and cloak one with ward {2}
    refused(tmp_path, BASE.replace(BEARS, BEARS + f" face_down: {value},"), "objects[0].face_down", words)


def test_the_kinds_of_face_down_permanents_are_read() -> None:
    from pyengine.model.enums import FaceDown
    from pyengine.scenario.loader import load_text

    for value, kind in (("true", FaceDown.PLAIN), ("morph", FaceDown.MORPH), ("Manifest", FaceDown.MANIFEST),
                        ("disguise", FaceDown.DISGUISE), ("cloak", FaceDown.CLOAK)):
        obj = load_text(BASE.replace(BEARS, BEARS + f" face_down: {value},"), "ok.yaml").state.object("bears")
        assert obj.face_down and obj.face_down_kind == kind
    obj = load_text(BASE.replace(BEARS, BEARS + " face_down: false,"), "ok.yaml").state.object("bears")
    assert not obj.face_down


@pytest.mark.parametrize("ability,field,words", [
    ("ward", "", "ward needs a cost (CR 702.21a): mana symbols such as {2}, or a cost such as Pay 3 life"),
    ("'ward {Q}'", "", "ward needs a cost (CR 702.21a): unknown mana symbol {Q}"),
    ("{ward: '{2'}", ".ward", "ward needs a cost (CR 702.21a): expected mana symbols such as {2}{W}"),
    ("{ward: ''}", ".ward", "expected a cost: mana symbols such as {2}, or another cost such as Pay 3 life"),
    ("{ward: ' '}", ".ward", "expected a cost: mana symbols"),
])
def test_ward_needs_a_cost(tmp_path: Path, ability: str, field: str, words: str) -> None:
    refused(tmp_path, BASE.replace(BEARS, INLINE_BEARS + f" abilities: [{ability}],"),
            "objects[0].abilities[0]" + field, words)


@pytest.mark.parametrize("op", ["add_all_creature_types", "remove_all_creature_types"])
def test_all_creature_types_operations_take_only_true(tmp_path: Path, op: str) -> None:
    # CR 205.3m: "is every creature type" / "loses all creature types" has no argument
    effect = f"{{id: e, controller: alice, timestamp: 3, affected: [bears], {op}: false}}"
    refused(tmp_path, with_effect(effect), f"effects[0].{op}", "expected true")


def test_an_expected_name_is_a_name_or_null(tmp_path: Path) -> None:
    text = BASE.replace("fields: [power, toughness]", "fields: [name]").replace(
        "bears: {power: 3, toughness: 3}", "bears: {name: [Bears]}")
    refused(tmp_path, text, "expect.bears.name", "expected a name (or null for no name)")


@pytest.mark.parametrize("effect,field,words", [
    ("cant_attack_unless_others: {n: 0}", "effects[0].cant_attack_unless_others.n", ">= 1"),
    ("cant_block_unless_others: {creatures: 3}", "effects[0].cant_block_unless_others.creatures",
     "selector"),
    ("max_attackers: {player: you}", "effects[0].max_attackers", "missing required field 'n'"),
    ("max_attackers: {n: 2, player: dave}", "effects[0].max_attackers.player", "player"),
])
def test_bad_attack_and_block_conditions_and_player_caps(tmp_path: Path, effect: str, field: str,
                                                         words: str) -> None:
    # "can't attack unless N other creatures also attack" and "no more than N can attack you"
    refused(tmp_path, with_effect("{id: e, controller: alice, timestamp: 3, affected: [bears], "
                                  + effect + "}"), field, words)


@pytest.mark.parametrize("effect,field,words", [
    ("players_gain: {players: owner, abilities: [hexproof]}", "effects[0].players_gain.players",
     "'owner' names no player here"),
    ("players_gain: {players: you, abilities: [flying]}", "effects[0].players_gain.abilities[0]",
     "unknown player ability 'flying'"),
    ("players_lose: {players: you, abilities: []}", "effects[0].players_lose.abilities",
     "at least one player ability"),
    ("players_gain: {players: dave, abilities: [shroud]}", "effects[0].players_gain.players", "dave"),
    ("max_hand_size: {players: you, set: 2, modify: -1}", "effects[0].max_hand_size",
     "exactly one of set, no_maximum, modify"),
    ("max_hand_size: {players: you, set: -1}", "effects[0].max_hand_size.set", ">= 0"),
    ("max_hand_size: {players: you, modify: 0}", "effects[0].max_hand_size.modify", "nonzero"),
    ("max_hand_size: {players: you, no_maximum: yes please}", "effects[0].max_hand_size.no_maximum",
     "expected true"),
    ("land_plays: {players: you, add: 0}", "effects[0].land_plays.add", ">= 1"),
    ("land_plays: {add: 1}", "effects[0].land_plays", "missing required field 'players'"),
])
def test_bad_effects_on_players(tmp_path: Path, effect: str, field: str, words: str) -> None:
    # CR 613.10, 613.11: player abilities, maximum hand size, land plays
    refused(tmp_path, with_effect("{id: e, controller: alice, timestamp: 3, " + effect + "}"), field, words)


PLAYERS_QUERY = "fields: [power, toughness]\n  players: [alice]"


@pytest.mark.parametrize("query,expect,field,words", [
    (PLAYERS_QUERY, "bears: {power: 3, toughness: 3}", "expect", "missing 'players'"),
    (PLAYERS_QUERY, "bears: {power: 3, toughness: 3}\n  players: {}", "expect.players",
     "missing expectation for player 'alice'"),
    (PLAYERS_QUERY, "bears: {power: 3, toughness: 3}\n  players: {alice: {abilities: [], land_plays: 1}}",
     "expect.players.alice", "missing 'max_hand_size'"),
    (PLAYERS_QUERY, "bears: {power: 3, toughness: 3}\n  players: {alice: {abilities: [], land_plays: 1, "
     "max_hand_size: null}}", "expect.players.alice.max_hand_size", "or 'none'"),
    (PLAYERS_QUERY, "bears: {power: 3, toughness: 3}\n  players: {alice: {abilities: [], land_plays: many, "
     "max_hand_size: 7}}", "expect.players.alice.land_plays", "or 'any'"),
    ("fields: [power, toughness]\n  players: [carol]", "bears: {power: 3, toughness: 3}",
     "query.players[0]", "a player id"),
    ("fields: [power, toughness]\n  player_fields: [abilities]", "bears: {power: 3, toughness: 3}",
     "query.player_fields", "player_fields needs players"),
])
def test_bad_player_queries_and_expectations(tmp_path: Path, query: str, expect: str, field: str,
                                             words: str) -> None:
    text = BASE.replace("fields: [power, toughness]", query)
    text = text.replace("bears: {power: 3, toughness: 3}", expect)
    refused(tmp_path, text, field, words)


@pytest.mark.parametrize(
    "chosen,field,words",
    [
        ("{colour: red}", "objects[0].chosen.colour", "unknown field"),
        ("{color: purple}", "objects[0].chosen.color", "expected a color"),
        ("{subtype: Wizzard}", "objects[0].chosen.subtype", "unknown subtype"),
        ("{card_type: Elf}", "objects[0].chosen.card_type", "expected a card type"),
    ],
)
def test_a_choice_made_as_it_entered(tmp_path: Path, chosen: str, field: str, words: str) -> None:
    # CR 614.12a, 607.2d: the `chosen` field names a kind of choice and a real value
    refused(tmp_path, BASE.replace(BEARS, BEARS + f" chosen: {chosen},"), field, words)
