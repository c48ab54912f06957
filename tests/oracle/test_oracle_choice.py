"""The compiler's sentences that ask a player to choose as the spell or ability resolves
(pyengine/oracle/effects_choice.py): discards (701.9b), "X, then Y" (608.2c), "you may X.
If you do / don't, Y" (118.12) and "counter target spell unless its controller pays {N}"
(118.12a)."""

from __future__ import annotations

from pyengine.oracle import abilities as A
from pyengine.oracle import effects as E

CREATURE = {"types": ["Creature"], "power": "2", "toughness": "2"}


def test_discards_name_the_discarding_player_and_the_count() -> None:
    got = E.effect("Target player discards two cards.", spell=True)
    assert got is not None and got.do == [{"kind": "discard", "player": "target", "count": 2}]
    assert got.casting == [{"id": "player", "what": {"players": True, "objects": False}}]
    got = E.effect("Each opponent discards a card at random.", spell=True)
    assert got is not None and got.do == [{"kind": "discard", "player": "opponent", "random": True}]
    got = E.effect("Each player discards a card.", spell=True)
    assert got is not None and [ev["player"] for ev in got.do] == ["you", "opponent"]
    for text in ("Discard two card.", "Target player discards X cards.", "Discard your hand.",
                 "Target creature discards a card."):
        assert E.effect(text, spell=True) is None, text


def test_then_follows_both_in_order_with_the_same_player() -> None:
    got = E.effect("Draw two cards, then discard a card.", spell=True)
    assert got is not None and got.do == [{"kind": "draw", "player": "you", "count": 2},
                                          {"kind": "discard", "player": "you"}]
    got = E.effect("Target opponent discards a card at random, then discards a card.", spell=True)
    assert got is not None and got.do == [{"kind": "discard", "player": "target", "random": True},
                                          {"kind": "discard", "player": "target"}]
    got = E.effect("Draw a card, then scry 2.", spell=True)  # scry is an instruction too (701.22a)
    assert got is not None and got.do == [{"kind": "draw", "player": "you"}, {"kind": "scry", "count": 2}]
    assert E.effect("Draw a card, then search your library for a land card.", spell=True) is None


def test_that_player_of_a_trigger_event_discards() -> None:
    got = A.triggered("Whenever SELF deals combat damage to a player, that player discards a card.", "t",
                      CREATURE)
    assert got is not None and got[0]["do"] == [{"kind": "discard", "player": "that_player"}]
    assert E.effect("That player discards a card.", spell=True) is None  # no player named before


def test_if_you_do_after_an_optional_sacrifice_of_its_own_source() -> None:
    got = A.triggered("Whenever SELF deals combat damage to a player, you may sacrifice it. If you do, "
                      "draw three cards.", "t", CREATURE)
    assert got is not None and got[0]["do"] == [
        {"kind": "may", "do": [{"kind": "sacrifice", "object": "self"}],
         "then": [{"kind": "draw", "player": "you", "count": 3}]}]
    assert E.effect("If you do, draw a card.") is None  # no optional instruction before it
    assert E.effect("You may draw a card. If you do, draw a card. If you do, draw a card.") is None


def test_counter_unless_its_controller_pays() -> None:
    got = E.effect("Counter target noncreature spell unless its controller pays {2}.", spell=True)
    assert got is not None and got.do == [{"kind": "unless_pays", "controller_of": "target", "mana": "{2}",
                                           "do": [{"kind": "move", "object": "target", "from": "stack",
                                                   "to": "graveyard", "cause": "counter"}]}]
    assert got.casting[0]["what"] == {"zone": "stack", "not_types": ["Creature"]}
    for text in ("Counter target spell unless its controller pays {X}.",
                 "Counter target spell unless its controller pays {1}{U}.",
                 "Counter target spell unless its controller pays 3 life."):
        assert E.effect(text, spell=True) is None, text
