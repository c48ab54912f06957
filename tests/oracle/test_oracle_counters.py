"""Counter sentences read by pyengine.oracle.effects_counters (fast: no card data, no solving):
what each becomes (CR 122), and the wordings that stay text, with the clause named."""

from __future__ import annotations

import pytest

from pyengine.errors import ScenarioError
from pyengine.oracle import abilities as A
from pyengine.oracle import effects as E
from pyengine.oracle.rules_templates import enters
from pyengine.oracle.templates import compile_text

CREATURE = {"types": ["Creature"]}


def _do(par: str, card: dict = CREATURE) -> list | None:
    got = A.triggered(par, "t", card)
    return None if got is None else got[0]["do"]


def test_named_counters_on_self_and_on_a_target() -> None:
    """CR 122.1: counters of any name; a keyword counter gives its keyword (122.1b)."""
    assert _do("At the beginning of your upkeep, put a spore counter on SELF.") == [
        {"kind": "counters", "target": "self", "counter": "spore"}]
    assert _do("When SELF enters, put two oil counters on SELF.") == [
        {"kind": "counters", "target": "self", "counter": "oil", "amount": 2}]
    got = E.effect("Put a flying counter on target creature you control.", spell=True)
    assert got is not None and got.do == [{"kind": "counters", "target": "target", "counter": "flying"}]
    assert got.casting == [{"id": "creature", "what": {"types": ["Creature"], "controller": "you"}}]
    got = E.effect("Put three -1/-1 counters on target creature.", spell=True)
    assert got is not None and got.do == [{"kind": "counters", "target": "target", "counter": "-1/-1",
                                           "amount": 3}]


def test_another_target_is_not_the_source() -> None:
    """115.1, 109.5: "another target creature" can't be the ability's own source."""
    got = A.triggered("When SELF enters, put a +1/+1 counter on another target creature you control.", "t",
                      CREATURE)
    assert got is not None and got[0]["targets"] == [
        {"obj": {"types": ["Creature"], "controller": "you", "other": True}}]
    assert _do("Whenever SELF attacks, defending player gets a poison counter.") == [
        {"kind": "counters", "target": "defending_player", "counter": "poison"}]


def test_it_is_the_trigger_events_object_only_first() -> None:
    """603.7c: "it" / "that creature" is the object the event was about, as the first instruction."""
    for words in ("it", "that creature"):
        assert _do(f"Whenever another creature you control enters, put a +1/+1 counter on {words}.") == [
            {"kind": "counters", "target": "it", "counter": "+1/+1"}]
    # a step names no object; after another instruction "it" may be another object
    assert _do("At the beginning of your upkeep, put a +1/+1 counter on it.") is None
    assert _do("Whenever another creature you control enters, draw a card. Put a +1/+1 counter "
               "on it.") is None
    assert _do("Whenever a creature you control dies, put a +1/+1 counter on it.") is None  # 400.7


def test_each_is_a_group_determined_as_it_resolves() -> None:
    """608.2c: "each creature you control" is an each instruction naming its selector."""
    assert _do("Whenever you gain life, put a +1/+1 counter on each creature you control.") == [
        {"kind": "each", "affects": {"types": ["Creature"], "controller": "you"},
         "do": [{"kind": "counters", "target": "each", "counter": "+1/+1"}]}]
    assert _do("When SELF enters, put two +1/+1 counters on each other creature you control.") == [
        {"kind": "each", "affects": {"types": ["Creature"], "controller": "you", "other": True},
         "do": [{"kind": "counters", "target": "each", "counter": "+1/+1", "amount": 2}]}]
    got = E.effect("Put a -1/-1 counter on each creature your opponents control.", spell=True)
    assert got is not None and got.do[0]["affects"] == {"types": ["Creature"], "controller": "opponent"}


def test_removing_counters_and_poison() -> None:
    assert _do("Whenever you cast a red spell, remove a -1/-1 counter from SELF.") == [
        {"kind": "remove_counters", "target": "self", "counter": "-1/-1"}]
    assert _do("When SELF enters, each player gets a poison counter.") == [
        {"kind": "counters", "target": "you", "counter": "poison"},
        {"kind": "counters", "target": "opponent", "counter": "poison"}]
    got = E.effect("Target player gets two poison counters.", spell=True)
    assert got is not None and got.do == [{"kind": "counters", "target": "target", "counter": "poison",
                                           "amount": 2}]


def test_proliferate() -> None:
    """701.34a: an instruction whose choice the controller makes as it resolves (608.2d)."""
    got = E.effect("Target creature gets -1/-1 until end of turn. Proliferate.", spell=True)
    assert got is not None and got.do == [{"kind": "proliferate"}]
    assert _do("When SELF enters, proliferate.") == [{"kind": "proliferate"}]
    assert E.effect("Proliferate twice.", spell=True) is None


@pytest.mark.parametrize("text", [
    "Put a stun counter on target creature.",  # 122.1d: its replacement effect isn't followed
    "Put a shield counter on target creature.",  # 122.1c
    "Put a finality counter on target creature.",  # 122.1h
    "Put a lore counter on target Saga you control.",  # 714.2c: a chapter ability triggers
    "You get an experience counter.",  # only poison counters on a player are followed
    "Put a +1/+1 counters on target creature.",  # the number doesn't agree with the noun
    "Put X +1/+1 counters on target creature.",  # an amount it doesn't read
    "Put a +1/+1 counter on each creature you control with a +1/+1 counter on it.",
    "Put a +1/+1 counter on each of up to X target creatures.",  # up to N: effects_upto
    "Put a +1/+1 counter on enchanted creature.",
    "Put a +1/+1 counter on target creature. Remove all +1/+1 counters from it.",
    "Put a flyng counter on target creature.",  # a near miss of a keyword counter (122.1b)
])
def test_counter_wordings_that_stay_text(text: str) -> None:
    assert E.effect(text, spell=True) is None, text


def test_a_paragraph_with_an_unfollowed_counter_stays_text_only() -> None:
    got = compile_text("When SELF enters, tap target creature an opponent controls and put a stun counter "
                       "on it.", CREATURE)
    assert got is not None and "trigger" not in got[0]  # recognised as an ability seen as text only


def test_enters_with_counters() -> None:
    """614.1c: enters with counters (an, any followed kind)."""
    assert enters("SELF enters with an oil counter on it.", "t", {}) == [
        {"text": "t", "static": {"enters_with_counters": {"counter": "oil", "amount": 1}}}]
    for text in ("SELF enters with a shield counter on it.", "SELF enters with X +1/+1 counters on it.",
                 "SELF enters with two stun counters on it.",
                 # one replacement effect doing both (614.1c-d): not held as one static ability yet
                 "SELF enters tapped with two depletion counters on it."):
        assert enters(text, "t", {}) is None, text


def test_each_instruction_is_checked_by_the_parser() -> None:
    from pyengine.lang.effects import Ctx
    from pyengine.lang.triggers import _instruction
    from pyengine.lang.yamlread import Cursor

    ok = {"kind": "each", "affects": {"types": ["Creature"]},
          "do": [{"kind": "counters", "target": "each", "counter": "+1/+1"}]}
    assert _instruction(Cursor.root(ok, None), Ctx(key_prefix="x"), 0).kind == "each"
    for bad, words in (
            ({**ok, "do": [{"kind": "draw", "player": "you"}]}, "names no 'each'"),
            ({**ok, "do": [{"kind": "may", "do": []}]}, "events only"),
            ({**ok, "do": []}, "at least one event"),
            ({"kind": "counters", "target": "each", "counter": "+1/+1"}, "expected an object")):
        with pytest.raises(ScenarioError, match=words):
            _instruction(Cursor.root(bad, None), Ctx(key_prefix="x"), 0)
