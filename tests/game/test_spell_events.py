"""Events of resolving spells and abilities the oracle compiler makes: a triggered ability's
continuous effect ("it gets +1/+1 until end of turn", CR 611.2a) on the objects it names,
locked in as it resolves (611.2c), ending in the cleanup step (514.2)."""

from __future__ import annotations

from typing import Any

from pyengine.game import Advance, Perform, new_game
from pyengine.game.model import Game
from pyengine.game.perform import layers
from pyengine.model.enums import Step, Zone
from pyengine.replacement.event import Event
from tests.game.helpers import card, state
from tests.game.test_triggered import _cast, _inline, _resolve, _zone


def _rally(do: list[dict[str, Any]]) -> Any:
    return _inline("rally", "alice", 1, {"name": "Rally", "types": ["Enchantment"], "abilities": [
        {"trigger": {"when": {"kind": "enters", "obj": {"types": ["Creature"], "controller": "you"}}},
         "do": do, "text": "Whenever a creature you control enters, it gets +1/+1 until end of turn."}]})


PUMP = [{"kind": "continuous", "object": "it", "duration": "end_of_turn",
         "effect": {"modify_pt": {"power": 1, "toughness": 1}}}]


def _pt(game: Game, oid: str) -> tuple[int | None, int | None]:
    ch = layers(game.state).objects[oid]
    return ch.power, ch.toughness


def test_triggered_pump_applies_to_it_until_end_of_turn() -> None:
    game = new_game(state(_rally(PUMP), card("bears", "Grizzly Bears", "alice", zone=Zone.HAND)))
    game = _resolve(_cast(game, "bears"))  # 603.6a: the Bears enter; the ability resolves
    assert _pt(game, "bears") == (3, 3)
    assert [e.locked for e in game.state.effects] == [("bears",)]  # 611.2c
    game = game.apply(Advance(Step.UPKEEP, 4))  # 514.2: it ended in the cleanup step
    assert _pt(game, "bears") == (2, 2) and game.state.effects == ()


def test_object_gone_before_resolution_is_not_affected() -> None:
    """CR 400.7, 611.2c: the Bears left the battlefield before the ability resolved; the card
    in the graveyard is a new object, and the effect affects nothing."""
    game = new_game(state(_rally(PUMP), card("bears", "Grizzly Bears", "alice", zone=Zone.HAND)))
    game = _cast(game, "bears")
    move = Event("move", (("object", ("o", "bears")), ("count", 1), ("from", "battlefield"),
                          ("to", "graveyard"), ("cause", "destroy"), ("position", None), ("control", None),
                          ("as", None), ("tapped", False), ("face", "front"), ("choice", None)))
    game = game.apply(Perform((move,)))
    game = _resolve(game)
    assert _zone(game, "bears") == Zone.GRAVEYARD and game.state.effects == ()


def test_toughness_zero_dies_to_state_based_actions() -> None:
    """CR 704.5f: -3/-3 on a 2/2: it is put into its owner's graveyard."""
    shrink = [{"kind": "continuous", "object": "it", "duration": "end_of_turn",
               "effect": {"modify_pt": {"power": -3, "toughness": -3}}}]
    game = new_game(state(_rally(shrink), card("bears", "Grizzly Bears", "alice", zone=Zone.HAND)))
    game = _resolve(_cast(game, "bears"))
    assert _zone(game, "bears") == Zone.GRAVEYARD


def test_group_pump_locks_the_creatures_as_it_resolves() -> None:
    """CR 611.2c: "creatures you control get +1/+1 until end of turn" affects the creatures
    alice controls as the ability resolves; one that enters later is not affected, bob's never."""
    rally = _inline("rally", "alice", 1, {"name": "Rally", "types": ["Enchantment"], "abilities": [
        {"trigger": {"at": {"step": "upkeep", "player": "you"}},
         "do": [{"kind": "continuous", "affects": {"types": ["Creature"], "controller": "you"},
                 "duration": "end_of_turn", "effect": {"modify_pt": {"power": 1, "toughness": 1}}}],
         "text": "At the beginning of your upkeep, creatures you control get +1/+1 until end of turn."}]})
    game = new_game(state(rally, card("bears", "Grizzly Bears", "alice", 2),
                          card("ogre", "Gray Ogre", "bob", 3),
                          card("late", "Grizzly Bears", "alice", zone=Zone.HAND), step=Step.UNTAP))
    game = _resolve(game)  # the game begins with alice's untap step; her upkeep follows (603.2b)
    assert [e.locked for e in game.state.effects] == [("bears",)]
    game = game.apply(Advance(Step.PRECOMBAT_MAIN))
    game = _cast(game, "late")
    assert (_pt(game, "bears"), _pt(game, "late"), _pt(game, "ogre")) == ((3, 3), (2, 2), (2, 2))


def test_triggered_mill_moves_the_top_cards_to_the_graveyard() -> None:
    """CR 701.17a: "each opponent mills two cards": bob's top two cards (the named ones in
    order, then an unnamed one) go to his graveyard."""
    from dataclasses import replace

    ability = {"trigger": {"when": {"kind": "enters", "obj": "self"}},
               "do": [{"kind": "mill", "object": {"top_of": "opponent"}, "count": 2}],
               "text": "When this creature enters, each opponent mills two cards."}
    mill = _inline("miller", "alice", 0, {"name": "Miller", "types": ["Creature"], "power": 1, "toughness": 1,
                                          "abilities": [ability]}, zone=Zone.HAND)
    top = replace(card("top", "Hill Giant", "bob"), zone=Zone.LIBRARY)
    game = _resolve(_cast(new_game(state(mill, top)), "miller"))
    assert _zone(game, "top") == Zone.GRAVEYARD and game.state.player("bob").library_size == 18
    moved = [e for e in game.log if e.cause == "mill"]
    assert [(e.obj, e.from_zone, e.to_zone) for e in moved] == [("top", "library", "graveyard"),
                                                              (None, "library", "graveyard")]


def test_instruction_on_itself_after_it_left_the_battlefield_does_nothing() -> None:
    """CR 400.7: "return this creature to its owner's hand" once it died: the card in the
    graveyard is a new object, which the instruction doesn't affect; it stays there."""
    ability = {"trigger": {"at": {"step": "end"}},
               "do": [{"kind": "move", "object": "self", "from": "battlefield", "to": "hand"}],
               "text": "At the beginning of the end step, return this creature to its owner's hand."}
    x = _inline("x", "alice", 1, {"name": "X", "types": ["Creature"], "power": 1, "toughness": 1,
                                  "abilities": [ability]})
    game = new_game(state(x)).apply(Advance(Step.END))
    assert _zone(_resolve(game), "x") == Zone.HAND  # on the battlefield as it resolves: returned
    move = Event("move", (("object", ("o", "x")), ("count", 1), ("from", "battlefield"),
                          ("to", "graveyard"), ("cause", "destroy"), ("position", None), ("control", None),
                          ("as", None), ("tapped", False), ("face", "front"), ("choice", None)))
    game = _resolve(game.apply(Perform((move,))))
    assert _zone(game, "x") == Zone.GRAVEYARD


def test_optional_instruction_needs_the_controllers_choice() -> None:
    """CR 603.5: "you may draw a card" is chosen by the ability's controller as it resolves;
    without the script's choice the game stops (it never chooses for a player)."""
    import pytest

    from pyengine.game import IllegalAction, Pass
    from pyengine.game.triggered import ChooseOptional

    ability = {"trigger": {"at": {"step": "upkeep", "player": "you"}},
               "do": [{"kind": "may", "do": [{"kind": "draw", "player": "you"}]},
                      {"kind": "gain_life", "player": "you", "amount": 1}],
               "text": "At the beginning of your upkeep, you may draw a card. You gain 1 life."}
    seer = _inline("seer", "alice", 1, {"name": "Seer", "types": ["Enchantment"], "abilities": [ability]})
    game = new_game(state(seer, step=Step.UNTAP))
    with pytest.raises(IllegalAction, match="603.5"):
        game.apply(Pass()).apply(Pass())
    no = _resolve(game.apply(ChooseOptional("seer", False)))
    assert (no.state.player("alice").hand_size, no.state.player("alice").life) == (0, 21)
    yes = _resolve(game.apply(ChooseOptional("seer:0", True)))
    assert (yes.state.player("alice").hand_size, yes.state.player("alice").life) == (1, 21)
    assert yes.optional_choices == ()  # the choice was used


def test_tap_and_untap_as_the_ability_resolves() -> None:
    """CR 701.26a: the untapped target taps (a tap event, which "becomes tapped" abilities
    see)."""
    ability = {"trigger": {"when": {"kind": "enters", "obj": "self"}},
               "targets": [{"obj": {"types": ["Creature"]}}],
               "do": [{"kind": "tap", "object": "target"}],
               "text": "When this creature enters, tap target creature."}
    prowler = _inline("prowler", "alice", 0, {"name": "Prowler", "types": ["Creature"], "power": 1,
                                              "toughness": 1, "abilities": [ability]}, zone=Zone.HAND)
    from pyengine.game.triggered import TargetTriggers

    game = new_game(state(prowler, card("ogre", "Gray Ogre", "bob", 1)))
    game = _resolve(_cast(game.apply(TargetTriggers("prowler", ("ogre",))), "prowler"))
    assert game.state.object("ogre").tapped
    # 603.3d: the Ogre became the target of the ability as it was put on the stack (a trigger
    # event, 702.21a); then it became tapped
    assert [(e.kind, e.obj, e.rule) for e in game.log if e.obj == "ogre"] == \
        [("becomes_target", "ogre", "603.3d"), ("tap", "ogre", "701.26a")]
