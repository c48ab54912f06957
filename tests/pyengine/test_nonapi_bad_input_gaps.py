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


def test_a_replacement_event_counter_kind_is_checked_too(tmp_path: Path) -> None:
    text = BASE.replace("""query:
  kind: characteristics
  objects: [bears]
  fields: [power, toughness]
expect:
  bears: {power: 3, toughness: 3}""", """query:
  kind: replacement
  event: {kind: counters, target: bears, counter: '+1/+l', amount: 1, by: alice}
expect:
  outcomes: [{events: [{kind: counters, target: bears, counter: '+1/+1', amount: 1, by: alice}]}]""")
    refused(tmp_path, text, "query.event.counter", "expected a power/toughness counter")


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
            "effects[0].control", "'defending' names a player only in the targets, unless or attackers")
    refused(tmp_path, with_effect("{id: e, controller: alice, timestamp: 3, affected: [bears], "
                                  "cant_be_blocked: {by: {controller: defending}}}"),
            "effects[0].cant_be_blocked.by.controller", "'defending' names a player only")


def test_defending_where_combat_binds_it_is_accepted() -> None:
    from pyengine.scenario.loader import load_text

    load_text(with_effect("{id: e, controller: alice, timestamp: 3, affected: [bears], cant_attack: "
                          "{unless: {exists: {types: [Land], controller: defending}}}}"), "ok.yaml")
