"""Effect sentences of triggered abilities and spells read by pyengine.oracle.effects (fast:
no card data, no solving): what each sentence becomes, and what stays text."""

from __future__ import annotations

import pytest

from pyengine.errors import ScenarioError
from pyengine.oracle import abilities as A
from pyengine.oracle import effects as E

CREATURE = {"types": ["Creature"]}


def _do(par: str, card: dict = CREATURE) -> list | None:
    got = A.triggered(par, "t", card)
    return None if got is None else got[0]["do"]


def test_pump_until_end_of_turn_in_a_triggered_ability() -> None:
    """CR 611.2a, 611.2c, 514.2: a continuous effect on the object named, locked in."""
    assert _do("Whenever SELF attacks, it gets +2/+0 until end of turn.") == [
        {"kind": "continuous", "object": "it", "duration": "end_of_turn",
         "effect": {"modify_pt": {"power": 2, "toughness": 0}}}]
    assert _do("Whenever a creature you control attacks, it gets +1/+1 and gains trample until end "
               "of turn.") == [
        {"kind": "continuous", "object": "it", "duration": "end_of_turn",
         "effect": {"modify_pt": {"power": 1, "toughness": 1}, "add_abilities": ["trample"]}}]
    assert _do("At the beginning of combat on your turn, SELF gains flying until end of turn.") == [
        {"kind": "continuous", "object": "self", "duration": "end_of_turn",
         "effect": {"add_abilities": ["flying"]}}]
    got = A.triggered("When SELF enters, target creature an opponent controls gets -2/-2 until end of turn.",
                      "t", CREATURE)
    assert got is not None
    assert got[0]["targets"] == [{"obj": {"types": ["Creature"], "controller": "opponent"}}]
    assert got[0]["do"][0]["object"] == "target"


def test_pump_that_stays_text() -> None:
    # "it" of a step trigger names nothing; after another instruction it may name another object
    assert _do("At the beginning of your upkeep, it gets +1/+1 until end of turn.") is None
    assert _do("When SELF enters, draw a card. It gets +1/+1 until end of turn.") is None
    # a dying creature's own ability: SELF is a card in a graveyard (400.7)
    assert _do("When SELF dies, SELF gets +1/+1 until end of turn.") is None
    # P/T of a target that isn't a creature (208.1); a keyword the engines don't read
    assert _do("When SELF enters, target artifact gets +1/+1 until end of turn.") is None
    assert _do("Whenever SELF attacks, it gains banding until end of turn.") is None
    # a spell's continuous effect is its resolves: (the catalog card's form), not a do: entry
    got = E.effect("Target creature gets +3/+3 until end of turn.", spell=True)
    assert got is not None and got.resolves == {"modify_pt": {"power": 3, "toughness": 3}} and got.do == []


def test_continuous_instruction_is_checked_by_the_parser() -> None:
    from pyengine.lang.effects import Ctx
    from pyengine.lang.triggers import _instruction
    from pyengine.lang.yamlread import Cursor

    ok = {"kind": "continuous", "object": "self", "duration": "end_of_turn",
          "effect": {"modify_pt": {"power": 1, "toughness": 1}}}
    assert _instruction(Cursor.root(ok, None), Ctx(key_prefix="x"), 0).kind == "continuous"
    for bad, words in (({**ok, "duration": "forever"}, "duration"),
                       ({**ok, "effect": {"affects": "self", "modify_pt": {"power": 1, "toughness": 1}}},
                        "no affects"),
                       ({**ok, "object": "target"}, "names no target")):
        with pytest.raises(ScenarioError, match=words):
            _instruction(Cursor.root(bad, None), Ctx(key_prefix="x"), 0)


def test_counter_target_spell() -> None:
    """CR 701.6a: the spell targeted on the stack (115.1) is moved to its owner's graveyard."""
    got = E.effect("Counter target spell.", spell=True)
    assert got is not None and got.casting == [{"id": "spell", "what": {"zone": "stack"}}]
    assert got.do == [{"kind": "move", "object": "target", "from": "stack", "to": "graveyard",
                       "cause": "counter"}]
    got = E.effect("Counter target noncreature spell.", spell=True)
    assert got is not None and got.casting[0]["what"] == {"zone": "stack", "not_types": ["Creature"]}
    # an ability, a spell with a condition, or a triggered ability's counter stay text
    for text in ("Counter target activated ability.", "Counter target spell with mana value 2 or less.",
                 "Counter target spell unless its controller pays {X}."):
        assert E.effect(text, spell=True) is None, text
    # 118.12a: "unless its controller pays {3}" is the controller's choice; the counter if not
    got = E.effect("Counter target spell unless its controller pays {3}.", spell=True)
    assert got is not None and got.do == [{"kind": "unless_pays", "controller_of": "target", "mana": "{3}",
                                           "do": [{"kind": "move", "object": "target", "from": "stack",
                                                   "to": "graveyard", "cause": "counter"}]}]
    assert E.effect("Counter target spell.") is None


def test_predefined_tokens() -> None:
    """CR 111.10a, 111.10b, 111.10f, 701.16a: a colorless artifact token of that subtype with
    the ability the rule gives it (held as the compiler reads it: a Treasure's and a Gold's
    mana ability, 605.1a, sacrificing the token); no name, so the game names it by its subtype
    and the word Token (111.4: Treasure Token)."""
    got = E.effect("Create a Treasure token.")
    assert got is not None and got.do == [{"kind": "create_tokens", "token": {
        "types": ["Artifact"], "subtypes": ["Treasure"],
        "abilities": [{"mana": "one mana of any color", "cost": "{T}, Sacrifice this token"}]}}]
    got = E.effect("Create a Gold token.")  # 111.10c: no {T} in its cost
    assert got is not None and got.do[0]["token"]["abilities"] == [
        {"mana": "one mana of any color", "cost": "Sacrifice this token"}]
    got = E.effect("Create two Food tokens.")
    assert got is not None and got.do[0]["count"] == 2 and got.do[0]["token"]["subtypes"] == ["Food"]
    got = E.effect("Investigate.")
    assert got is not None and got.do[0]["token"]["subtypes"] == ["Clue"] and "count" not in got.do[0]
    assert "name" not in got.do[0]["token"]  # a Clue Token (111.4)
    for text in ("Create a Map token.", "Create two Treasure token.", "Create X Treasure tokens.",
                 "Create a tapped Treasure token."):
        assert E.effect(text) is None, text


def test_group_pump_until_end_of_turn() -> None:
    """CR 611.2c: a group's continuous effect, the objects locked in as it resolves."""
    got = E.effect("Creatures you control get +3/+3 and gain trample until end of turn.", spell=True)
    assert got is not None and got.targets == [] and got.resolves == {
        "affects": {"types": ["Creature"], "controller": "you"}, "modify_pt": {"power": 3, "toughness": 3},
        "add_abilities": ["trample"]}
    assert _do("Whenever SELF attacks, other creatures you control get +1/+0 until end of turn.") == [
        {"kind": "continuous", "affects": {"other": True, "types": ["Creature"], "controller": "you"},
         "duration": "end_of_turn", "effect": {"modify_pt": {"power": 1, "toughness": 0}}}]
    # a group with a combat state (506.4): the creatures attacking as it resolves (611.2c)
    got = E.effect("Attacking creatures get +2/+0 until end of turn.", spell=True)
    assert got is not None and got.resolves == {
        "affects": {"types": ["Creature"], "combat": ["attacking"]}, "modify_pt": {"power": 2, "toughness": 0}}
    # "other" of a spell; a group that isn't creatures; a later permanent entering (the game
    # starts the effect after the events, so the group would include it)
    for text in ("Other creatures you control get +1/+1 until end of turn.",
                 "Attacking Goblins get +1/+0 until end of turn.",
                 "Creatures you control get +1/+1 until end of turn. Create a 1/1 white Soldier "
                 "creature token."):
        assert E.effect(text, spell=True) is None, text


def test_mill() -> None:
    """CR 701.17a: the top N cards of the player's library into their graveyard."""
    got = E.effect("Target player mills two cards. Draw a card.", spell=True)
    assert got is not None and got.do == [{"kind": "mill", "object": {"top_of": "target"}, "count": 2},
                                          {"kind": "draw", "player": "you"}]
    assert got.casting == [{"id": "player", "what": {"players": True, "objects": False}}]
    got = E.effect("Each opponent mills a card.")
    assert got is not None and got.do == [{"kind": "mill", "object": {"top_of": "opponent"}}]
    for text in ("Mill two card.", "Mill X cards.", "Target creature mills two cards.",
                 "Mill cards equal to SELF's power."):
        assert E.effect(text) is None, text


def test_return_self_to_hand() -> None:
    """The permanent itself from the battlefield (400.3); of a dying creature's ability, the
    card in the graveyard (603.10a); of a leaves-the-battlefield ability, not read (603.6c)."""
    assert _do("At the beginning of the end step, return SELF to its owner's hand.") == [
        {"kind": "move", "object": "self", "from": "battlefield", "to": "hand"}]
    assert _do("When SELF dies, return SELF to its owner's hand.") == [
        {"kind": "move", "object": "self", "from": "graveyard", "to": "hand"}]
    assert _do("When SELF leaves the battlefield, return SELF to its owner's hand.") is None


def test_you_may() -> None:
    """CR 603.5, 608.2d: an optional instruction of a triggered ability or a spell."""
    assert _do("At the beginning of your upkeep, you may gain 1 life.") == [
        {"kind": "may", "do": [{"kind": "gain_life", "player": "you", "amount": 1}]}]
    got = A.triggered("When SELF enters, you may return target creature to its owner's hand.", "t", CREATURE)
    assert got is not None and got[0]["targets"] == [{"obj": {"types": ["Creature"]}}]
    assert got[0]["do"] == [{"kind": "may", "do": [{"kind": "move", "object": "target", "from": "battlefield",
                                                    "to": "hand"}]}]
    # 701.21a, 608.2d: a creature of her choice, chosen as it resolves (pyengine.game.sacrifice)
    assert _do("When SELF enters, you may sacrifice a creature.") == [
        {"kind": "may", "do": [{"kind": "sacrifice", "player": "you", "what": {"types": ["Creature"]}}]}]
    for par in ("When SELF enters, you may pay {W/B}. If you do, draw a card.",  # hybrid: not paid here
                "When SELF enters, you may discard a card. If you do, SELF gets +3/+0 until end of turn.",
                "Whenever SELF attacks, you may have it get +1/+1 until end of turn."):
        assert _do(par) is None, par
    # 118.12: "If you do" / "If you don't" check the choice; a discard is the player's (701.9b)
    assert _do("When SELF enters, you may discard a card. If you do, draw a card.") == [
        {"kind": "may", "do": [{"kind": "discard", "player": "you"}],
         "then": [{"kind": "draw", "player": "you"}]}]
    assert _do("At the beginning of your upkeep, you may pay 2 life. If you don't, sacrifice SELF.") == [
        {"kind": "may", "do": [{"kind": "pay_life", "player": "you", "amount": 2}],
         "otherwise": [{"kind": "sacrifice", "object": "self"}]}]
    # a spell's optional instruction: chosen as it resolves (608.2d)
    got = E.effect("You may draw a card.", spell=True)
    assert got is not None and got.do == [{"kind": "may", "do": [{"kind": "draw", "player": "you"}]}]


def test_tap_and_untap() -> None:
    """CR 701.26a-b in triggered abilities and spells; "untap SELF" of a spell (not a
    permanent, 110.1) stays text."""
    got = A.triggered("When SELF enters, tap target creature an opponent controls.", "t", CREATURE)
    assert got is not None and got[0]["do"] == [{"kind": "tap", "object": "target"}]
    assert got[0]["targets"] == [{"obj": {"types": ["Creature"], "controller": "opponent"}}]
    assert _do("At the beginning of combat on your turn, untap SELF.") == [
        {"kind": "untap", "object": "self"}]
    spell = E.effect("Tap target creature.", spell=True)
    assert spell is not None and spell.do == [{"kind": "tap", "object": "target"}]
    assert E.effect("Untap SELF.", spell=True) is None
    assert _do("When SELF enters, tap or untap target permanent.") is None
